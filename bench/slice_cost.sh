#!/usr/bin/env bash
# Wall time per simulated BCS-MPI slice (issue 7), on ASCI Q at 64, 1024 and 4096 nodes:
#  - idle: a 2-rank 0-byte ping-pong (bench/slice-idle.json), every other node idle;
#  - halo: one rank per node, 1 ms of computation then Irecv/Isend of 1 KiB with 4 neighbours and Waitall
#    (bench/slice-halo.json): 4 messages per rank every 2 slices.
# Each case runs at two lengths; the difference of their wall times over the difference of their slices removes
# the set-up (platform, actors). Prints a markdown table.
#   bench/slice_cost.sh [NODES...]
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/bcssim.sh # sets exe: $BCSSIM, or a private copy of build/release/bcssim
nodes=("$@")
[ ${#nodes[@]} -gt 0 ] || nodes=(64 1024 4096)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp" "$bcssim_private"' EXIT

# run CASE NODES LENGTH_PARAM LENGTH -> "wall_s slices"
run() {
  "$exe" run "bench/slice-$1.json" --set "platform.nodes=$2" --set "$3=$4" --out "$tmp/$1-$2-$4" >/dev/null
  python3 - "$tmp/$1-$2-$4" <<'PY'
import json, sys
info = json.load(open(sys.argv[1] + "/run-info.json"))
summary = json.load(open(sys.argv[1] + "/summary.json"))
slice_s = 500e-6  # the ASCI Q preset keeps the default bcs.runtime.slice
print(info["wall_time_s"], summary["simulated_time_ns"] * 1e-9 / slice_s)
PY
}

echo "| nodes | case | slices (short / long run) | wall (short / long run, s) | wall per slice (ms) |"
echo "|---|---|---|---|---|"
for n in "${nodes[@]}"; do
  for spec in "idle mpi_microbench.iterations 20 120" "halo synthetic.iterations 4 12"; do
    read -r case param short long <<< "$spec"
    read -r w1 s1 <<< "$(run "$case" "$n" "$param" "$short")"
    read -r w2 s2 <<< "$(run "$case" "$n" "$param" "$long")"
    python3 -c "print(f'| $n | $case | {$s1:.0f} / {$s2:.0f} | {$w1:.2f} / {$w2:.2f} | {($w2 - $w1) / ($s2 - $s1) * 1e3:.2f} |')"
  done
done
