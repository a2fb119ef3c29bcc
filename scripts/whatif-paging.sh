#!/usr/bin/env bash
# Issue 46 part 4: what memory and paging do to §6.3.3's application workloads with the sources' footprints.
# Runs every point (algorithm) of scenarios/scheduling/apps-{sage,sweep3d,mixed}.json with each job's footprint
# from 002 §6.3.3 (SAGE 520 MB and SWEEP3D 277 MB per process; job.footprint is 0 in the committed results), on
# Accelerando's 2 GiB nodes and on nodes whose kernel and daemons took 128 MiB of them (no source gives that
# share: a what-if), paging at platform.memory.swap_bandwidth's default (20 MB/s, assumed). Writes
# out/whatif-paging/<name>-<memory>/<point>/ and prints, per workload, each algorithm's job end times and
# turnaround, or "thrashing" when the run ends with exit 3 (docs/whatif.md).
#   scripts/whatif-paging.sh [WORKLOAD...]   (default: apps-sage apps-sweep3d apps-mixed)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/bcssim.sh # sets exe: $BCSSIM, or a private copy of build/release/bcssim
names=("$@")
[ ${#names[@]} -gt 0 ] || names=(apps-sage apps-sweep3d apps-mixed)
memories=(2GiB 1920MiB)
# " | job 0 end, job 1 end, turnaround" of a run's summary.json, in s at full precision.
ends() {
  python3 -c "import json,sys; w=json.load(open(sys.argv[1]))['workload']; e=[j['end_s'] for j in w['per_job']]; print(' | %.3f, %.3f, %.3f' % (e[0], e[1], w['turnaround_s']))" "$1"
}
for name in "${names[@]}"; do
  scenario="scenarios/scheduling/$name.json"
  [ -f "results/scheduling/$name/algorithms.csv" ] || { echo "results/scheduling/$name: no committed study" >&2; exit 2; }
  # The scenario's jobs, each with its application's footprint.
  jobs=$(python3 - "$scenario" <<'PY'
import json, sys
jobs = json.load(open(sys.argv[1]))["workload"]["jobs"]
mb = {"sage": "520MB", "sweep3d": "277MB"}
for j in jobs:
    j["job"] = {"footprint": mb[j["app"]["name"]]}
print(json.dumps(jobs, separators=(",", ":")))
PY
)
  points=$(($(wc -l < "results/scheduling/$name/algorithms.csv") - 1))
  echo
  echo "**$name** (job 0 end, job 1 end, turnaround; s)"
  echo
  echo "| algorithm (mpi) | no footprint (committed) | ${memories[0]} per node | ${memories[1]} per node |"
  echo "|---|---|---|---|"
  for ((k = 0; k < points; ++k)); do
    # The committed point's summary, at full precision like the what-if's (algorithms.csv keeps 4 decimals, and
    # 8.8845 rounds to 8.884 where the run's 8.884503 gives 8.885).
    row=$(awk -F, -v k=$((k + 2)) 'NR == k { printf "| %s (%s)", $2, $3 }' "results/scheduling/$name/algorithms.csv")
    row+=$(ends "results/scheduling/$name/points/$(printf %04d "$k")/summary.json")
    for m in "${memories[@]}"; do
      out="out/whatif-paging/$name-$m/$k"
      mkdir -p "out/whatif-paging/$name-$m"
      if "$exe" run "$scenario" --point "$k" --set "workload.jobs=$jobs" --set "platform.memory.size=$m" \
        --out "$out" --reuse -q >/dev/null 2>"$out.err"; then
        row+=$(ends "$out/summary.json")
      elif grep -q "thrashing" "$out.err"; then
        row+=" | thrashing"
      else
        cat "$out.err" >&2
        exit 1
      fi
    done
    echo "$row |"
  done
done
