#!/usr/bin/env bash
# Issue 46 part 4, first step: how much of §6.3.3's application workloads a context switch's cost can carry. Runs
# scenarios/scheduling/apps-{sage,sweep3d,mixed}.json with scheduler.context_switch (PE time per switch, during
# which no process computes; 0 in the committed results) at 500us and 1ms into out/whatif-switch/<name>-<cost>/
# and prints, per workload, each algorithm's job end times and turnaround next to the committed ones.
# 500us is an upper bound of a switch on Accelerando from sources: the kernel's switch and STORM's signals (a few
# us: Li, Ding and Shen, ExpCS 2007, measured 3.8 us) plus refilling the Itanium 2's whole 3 MB L3 at its
# front-side bus's 6.4 GB/s peak (0.49 ms); 1ms is twice it (docs/whatif.md).
#   scripts/whatif-switch-cost.sh [WORKLOAD...]   (default: apps-sage apps-sweep3d apps-mixed)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/bcssim.sh # sets exe: $BCSSIM, or a private copy of build/release/bcssim
names=("$@")
[ ${#names[@]} -gt 0 ] || names=(apps-sage apps-sweep3d apps-mixed)
costs=(500us 1ms)
for name in "${names[@]}"; do
  [ -f "results/scheduling/$name/algorithms.csv" ] || { echo "results/scheduling/$name: no committed study" >&2; exit 2; }
  for c in "${costs[@]}"; do
    "$exe" run "scenarios/scheduling/$name.json" --set scheduler.context_switch=$c --out "out/whatif-switch/$name-$c" \
      --reuse >/dev/null
  done
  echo
  echo "**$name** (job 0 end, job 1 end, turnaround; s)"
  echo
  echo "| algorithm (mpi) | switch free (committed) | ${costs[0]} per switch | ${costs[1]} per switch |"
  echo "|---|---|---|---|"
  # algorithms.csv: point,algorithm,mpi,job0_end_s,job1_end_s,turnaround_s,...
  paste -d, "results/scheduling/$name/algorithms.csv" "out/whatif-switch/$name-${costs[0]}/algorithms.csv" \
    "out/whatif-switch/$name-${costs[1]}/algorithms.csv" |
    awk -F, 'NR == 1 { n = NF / 3; next }
             { row = "| " $2 " (" $3 ")"
               for (k = 0; k < 3; ++k) { o = k * n; row = row sprintf(" | %.3f, %.3f, %.3f", $(o + 4), $(o + 5), $(o + 6)) }
               print row " |" }'
done
