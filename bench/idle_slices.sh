#!/usr/bin/env bash
# Issue 65 goal 1: what idle slices cost. NAS EP on 64 ranks of Crescendo on BCS-MPI (one 1.5-1.7 Gflop burst per
# rank between a barrier and four allreduces: almost every slice of the run is idle) at compute scale 1, 10 and
# 30, under both tiers, with idle slices computed (the default) and acted out (bcs.runtime.idle_slices = acted).
# Prints a markdown table of CPU seconds (user + system; less sensitive to another load than wall time) and peak
# memory, and checks that both ways give the same digest.
#   bench/idle_slices.sh [SCALE...]
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/bcssim.sh # sets exe: $BCSSIM, or a private copy of build/release/bcssim
scales=("$@")
[ ${#scales[@]} -gt 0 ] || scales=(1 10 30)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp" "$bcssim_private"' EXIT
cat > "$tmp/ep.json" <<'JSON'
{"name": "ep", "kind": "app", "mpi": "bcs",
 "platform": {"preset": "crescendo", "qsnet": {"small_transfers": "packet"}},
 "app": {"name": "replay", "processes": 64},
 "replay": {"trace": "traces/nas/ep-C-64/ep-C-64.txt", "host_speed": "1GHz",
            "checksums": "traces/nas/ep-C-64/XXH128SUMS"},
 "bcs": {"runtime": {"slice": "500us"}}}
JSON

# run SCALE FIDELITY HOW -> "cpu_s peak_MB slices digest"
run() {
  local out="$tmp/$1-$2-$3"
  /usr/bin/time -f "%U %S %M" -o "$out.time" "$exe" run "$tmp/ep.json" --set "replay.compute_scale=$1" \
    --set "platform.fidelity=$2" --set "bcs.runtime.idle_slices=$3" --out "$out" >/dev/null
  python3 - "$out" <<'PY'
import json, sys
user, system, kb = open(sys.argv[1] + ".time").read().split()
summary = json.load(open(sys.argv[1] + "/summary.json"))
print(f"{float(user) + float(system):.2f} {int(kb) / 1024:.0f} {summary['simulated_time_ns'] * 1e-9 / 500e-6:.0f}",
      open(sys.argv[1] + "/digest").read().strip())
PY
}

echo "| compute scale | tier | slices | CPU acted (s) | CPU computed (s) | acted / computed | peak MB (acted / computed) | same digest |"
echo "|---|---|---|---|---|---|---|---|"
for scale in "${scales[@]}"; do
  for fidelity in stages message; do
    read -r ca ma slices da <<< "$(run "$scale" "$fidelity" acted)"
    read -r cc mc _ dc <<< "$(run "$scale" "$fidelity" computed)"
    same=$([ "$da" = "$dc" ] && echo yes || echo "NO ($da / $dc)")
    python3 -c "print(f'| $scale | $fidelity | $slices | $ca | $cc | {$ca / $cc:.1f} | $ma / $mc | $same |')"
  done
done
