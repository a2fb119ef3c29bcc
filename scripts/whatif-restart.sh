#!/usr/bin/env bash
# Issue 19 part 3: every paper result under both restart rules. Runs each compare study of scenarios/paper/ with
# bcs.runtime.restart = on_completion (a what-if, docs/model.md) into out/whatif-restart/<name>/ and prints a
# markdown table per study next to the committed results (slice_boundary, the sources' rule): the baseline's
# time (the rule does not touch it: only BCS-MPI's points run, the baseline's times are the committed ones),
# BCS-MPI's time and slowdown under each rule.
#   scripts/whatif-restart.sh [SCENARIO_NAME...]   (default: every compare study of scenarios/paper/; a name may
#   also be a compare study of scenarios/whatif/, e.g. nas-cg-scale, the NAS trace at three CPU speeds)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/bcssim.sh # sets exe: $BCSSIM, or a private copy of build/release/bcssim
names=("$@")
[ ${#names[@]} -gt 0 ] ||
  names=(sweep3d-blocking sweep3d-nonblocking sweep3d-ordered sweep3d-trace sage synthetic-barrier synthetic-exchange)
for name in "${names[@]}"; do
  dir=paper
  [ -f "scenarios/paper/$name.json" ] || dir=whatif
  [ -f "results/$dir/$name/slowdowns.csv" ] || { echo "results/$dir/$name: no committed compare study" >&2; exit 2; }
  out=out/whatif-restart/$name
  # Only BCS-MPI's points run again: the rule does not touch the baseline, whose times come from the committed
  # slowdowns.csv (IS's baseline alone takes half an hour).
  "$exe" run "scenarios/$dir/$name.json" --set bcs.runtime.restart=on_completion --set compare=false --set mpi=bcs \
    --out "$out" --reuse >/dev/null
  echo
  echo "**$name**"
  echo
  # slowdowns.csv: point_quadrics,point_bcs,<coordinates...>,time_quadrics_s,time_bcs_s,slowdown (one coordinate
  # column per swept path: the NAS studies have two); runs.csv: point,<coordinates...>,...,time_s.
  awk -F, 'FNR == 1 { n = NF; next }
           NR == FNR { k = n - 5; key = $3; for (i = 4; i <= n - 3; ++i) key = key " " $i
                       order[++rows] = key; base[key] = $(n - 2); sb[key] = $(n - 1); sbs[key] = $n; next }
           { key = $2; for (i = 3; i <= k + 1; ++i) key = key " " $i; oc[key] = $NF }
           END { print "| " coord " | Quadrics MPI (s) | BCS-MPI, slice_boundary (s) | slowdown | BCS-MPI, on_completion (s) | slowdown |"
                 print "|---|---|---|---|---|---|"
                 for (r = 1; r <= rows; ++r) { key = order[r]
                   printf "| %s | %.4f | %.4f | %+.1f %% | %.4f | %+.1f %% |\n", key, base[key], sb[key], 100 * sbs[key], oc[key], 100 * (oc[key] / base[key] - 1) } }' \
    coord="$(head -1 "results/$dir/$name/slowdowns.csv" | cut -d, -f3- | rev | cut -d, -f4- | rev | tr ',' ' ')" \
    "results/$dir/$name/slowdowns.csv" "$out/runs.csv"
done
