#!/usr/bin/env bash
# Issue 19 part 4: how far the baseline's per-call host overhead moves the paper's results. No published
# microbenchmark gives Quadrics MPI's per-call CPU cost on Elan3 (o in LogP, or Isend/Irecv/Wait times), so the
# default stays calibrated from 003 Table 2's latency (quadrics.host_overhead, 0.56 us) and this what-if raises
# it: 2.5x, and 2.8 us = half of the 5.59 us per message (send + receive) that 003 Table 4 measures for Converse
# over Elan3 on the same ES45s, and that whole 5.59 us per call. Each compare study of scenarios/paper/ given
# (default: the ones the paper credits to the baseline's overheads, and blocking SWEEP3D) runs into
# out/whatif-overhead/<name>-<o>/; prints one markdown table per study: the baseline's time and BCS-MPI's slowdown
# at each overhead (BCS-MPI's time does not depend on it).
#   scripts/whatif-overhead.sh [SCENARIO_NAME...]
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/bcssim.sh # sets exe: $BCSSIM, or a private copy of build/release/bcssim
overheads=(1.4us 2.8us 5.59us)
names=("$@")
[ ${#names[@]} -gt 0 ] || names=(sage sweep3d-nonblocking sweep3d-ordered sweep3d-blocking)
for name in "${names[@]}"; do
  [ -f "results/paper/$name/slowdowns.csv" ] || { echo "results/paper/$name: no committed compare study" >&2; exit 2; }
  files=("results/paper/$name/slowdowns.csv")
  for o in "${overheads[@]}"; do
    out=out/whatif-overhead/$name-$o
    "$exe" run "scenarios/paper/$name.json" --set "quadrics.host_overhead=$o" --out "$out" --reuse >/dev/null
    files+=("$out/slowdowns.csv")
  done
  echo
  echo "**$name** (Quadrics MPI time in s, and BCS-MPI's slowdown against it)"
  echo
  # slowdowns.csv: point_quadrics,point_bcs,<coordinate>,time_quadrics_s,time_bcs_s,slowdown
  awk -F, -v coord="$(head -1 "${files[0]}" | cut -d, -f3)" -v labels="0.56us ${overheads[*]}" '
    FNR == 1 { file++; next }
    { if (file == 1) order[++rows] = $3; t[file, $3] = $4; s[file, $3] = $6 }
    END {
      n = split(labels, label, " ")
      line = "| " coord; rule = "|---"
      for (f = 1; f <= n; f++) { line = line " | o = " label[f] " | slowdown"; rule = rule "|---|---" }
      print line " |"; print rule "|"
      for (r = 1; r <= rows; r++) {
        line = "| " order[r]
        for (f = 1; f <= n; f++) line = line sprintf(" | %.4f | %+.1f %%", t[f, order[r]], 100 * s[f, order[r]])
        print line " |"
      }
    }' "${files[@]}"
done
