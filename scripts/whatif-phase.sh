#!/usr/bin/env bash
# Issue 19 part 2: how much of BCS-MPI's slowdown in the paper's application studies is phase locking (compute
# steps of whole slices, so every blocking call is posted just after a strobe), how much OS noise moves it, and
# how both combine with the restart rule (docs/whatif.md). For each study, at 16 and 64 processes, under each
# restart rule: (a) as shipped, (b) each computation interval spread uniformly over one 500 us slice (the app's
# variability = 0.25 ms / its step), (c) the OS-noise preset; (b) and (c) over REPLICATES seeds. Prints a markdown
# table of BCS-MPI's slowdown over Quadrics MPI: (a), then mean ± 95 % CI for (b) and (c).
#   scripts/whatif-phase.sh [REPLICATES]   (default 10; outputs in out/whatif-phase/)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/bcssim.sh # sets exe: $BCSSIM, or a private copy of build/release/bcssim
replicates=${1:-10}
# study, its variability parameter, the value spreading its step over one slice (step: docs/validation.md)
studies=("sweep3d-blocking sweep3d.variability 0.0714"    # 3.5 ms blocks
         "sweep3d-nonblocking sweep3d.variability 0.0714"
         "sweep3d-ordered sweep3d.variability 0.0714"
         "sage sage.variability 0.0264")                 # 9.461 ms intervals

# slowdown of BCS-MPI at PROCESSES in a results folder: "x" (one run) or "x ± ci" (replicates), in %
slowdown() {
  if [ -f "$1/replicates.csv" ]; then
    awk -F, -v p="$2" '$1 == p && $2 == "bcs" { printf "%+.1f ± %.1f %%", 100 * $7, 100 * $9 }' "$1/replicates.csv"
  else
    awk -F, -v p="$2" 'NR > 1 && $3 == p { printf "%+.1f %%", 100 * $6 }' "$1/slowdowns.csv"
  fi
}

echo "| study | processes | restart | (a) as shipped | (b) steps spread over a slice | (c) OS-noise preset |"
echo "|---|---|---|---|---|---|"
for entry in "${studies[@]}"; do
  read -r name knob spread <<< "$entry"
  for rule in slice_boundary on_completion; do
    base=out/whatif-phase/$name/$rule
    common=(--set "bcs.runtime.restart=$rule" --set 'sweep.app.processes=[16,64]' --reuse)
    "$exe" run "scenarios/paper/$name.json" "${common[@]}" --out "$base/a" >/dev/null
    "$exe" run "scenarios/paper/$name.json" "${common[@]}" --set "$knob=$spread" --set "replicates=$replicates" \
      --out "$base/b" >/dev/null
    "$exe" run "scenarios/paper/$name.json" "${common[@]}" --set noise.preset=daemon \
      --set "replicates=$replicates" --out "$base/c" >/dev/null
    for p in 16 64; do
      echo "| $name | $p | $rule | $(slowdown "$base/a" $p) | $(slowdown "$base/b" $p) | $(slowdown "$base/c" $p) |"
    done
  done
done
