#!/usr/bin/env bash
# Issue 46 part 4: how much of each static scheduling result the costs of time sharing carry. Runs every point of
# the §6.3.2 workloads (scheduling/{balanced,imbalanced,complementing,mixed}), the §6.3.3 application workloads
# (scheduling/apps-{sage,sweep3d,mixed}) and ch. 4's MPL study (scheduling/mpl-sweep3d) under four settings:
#   free        every cost at zero (platform.pe.kernel_switch = 0 s; no working set, no footprint);
#   defaults    the committed results (the sources' values: Crescendo's kernel switch of 0.59 us, nothing to refill);
#   cache       every process reuses its PE's whole cache (job.working_set = platform.pe.cache), so a switch
#               refills what the others loaded since it last ran, at platform.pe.memory_bandwidth: the bound of
#               the sources' refill rule, which the sources do not give for these programs (a what-if);
#   cache x2    the same with the refill bandwidth halved and the kernel's switch doubled (twice the cost).
# The load study (scheduling/dynamic-load, 1000 jobs: hours per setting) runs its whole sweep on the first
# $DYNAMIC_JOBS jobs of its workload (default 200; workload.swf_jobs) under all four settings, the defaults too, since
# the committed results are of the 1000 jobs; its table gives the mean bounded slowdown and the saturation verdict.
# Writes out/whatif-time-sharing/<name>-<setting>/ and prints, per study, each point's turnaround and mean response
# (s) under the four (docs/whatif.md). About 25 minutes on 2 cores, and 45 more for the load study.
#   scripts/whatif-time-sharing.sh [STUDY...]   (default: the eight above; the load study only when named)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/bcssim.sh # sets exe: $BCSSIM, or a private copy of build/release/bcssim
names=("$@")
[ ${#names[@]} -gt 0 ] ||
  names=(balanced imbalanced complementing mixed apps-sage apps-sweep3d apps-mixed mpl-sweep3d)
out=out/whatif-time-sharing
# A quantity ("6.4GB/s", "0.59us") times a factor, in its unit.
scaled() {
  python3 -c "import re, sys
m = re.fullmatch(r'([0-9.]+)(.*)', sys.argv[1])
print(f'{float(m[1]) * float(sys.argv[2]):g}{m[2]}')" "$1" "$2"
}
for name in "${names[@]}"; do
  scenario=scenarios/scheduling/$name.json
  committed=results/scheduling/$name/algorithms.csv
  [ -f "$committed" ] || { echo "results/scheduling/$name: no committed study" >&2; exit 2; }
  dynamic=()
  if [[ $name == dynamic-* ]]; then
    dynamic=(--set "workload.swf_jobs=${DYNAMIC_JOBS:-200}")
  fi
  # The PE's cache, memory bandwidth and kernel switch as the committed run resolved them (its summary.json).
  read -r cache bandwidth switch < <(python3 -c "import json, sys
pe = json.load(open(sys.argv[1]))['scenario_of_point_0']['platform']['pe']
print(pe['cache'], pe['memory_bandwidth'], pe['kernel_switch'])" "results/scheduling/$name/summary.json")
  half=$(scaled "$bandwidth" 0.5)
  double=$(scaled "$switch" 2)
  run() { # setting, --set arguments...
    local setting=$1
    shift
    "$exe" run "$scenario" "${dynamic[@]}" "$@" --out "$out/$name-$setting" --reuse -q --progress never >/dev/null
  }
  if [ ${#dynamic[@]} -gt 0 ]; then
    run defaults
    committed=$out/$name-defaults/algorithms.csv
  fi
  run free --set platform.pe.kernel_switch=0s
  run cache --set "job.working_set=$cache"
  run cache-x2 --set "job.working_set=$cache" --set "platform.pe.memory_bandwidth=$half" \
    --set "platform.pe.kernel_switch=$double"
  echo
  if [ ${#dynamic[@]} -gt 0 ]; then
    echo "**$name**, first ${DYNAMIC_JOBS:-200} jobs (cache $cache at $bandwidth, kernel switch $switch; mean bounded slowdown / mean response (s) / saturated)"
  else
    echo "**$name** (cache $cache at $bandwidth, kernel switch $switch; turnaround / mean response, s)"
  fi
  echo
  DYNAMIC=${#dynamic[@]} python3 - "$committed" "$out/$name-free/algorithms.csv" "$out/$name-cache/algorithms.csv" \
    "$out/$name-cache-x2/algorithms.csv" <<'PY'
import csv, os, sys
tables = [list(csv.DictReader(open(p))) for p in sys.argv[1:]]
defaults, free, cache, cache2 = tables
dynamic = os.environ["DYNAMIC"] != "0"
print(f"| point | all free | defaults{'' if dynamic else ' (committed)'} | whole cache reused | the same at twice the cost |")
print("|---|---|---|---|---|")
for k, row in enumerate(defaults):
    label = f"{row['algorithm']} ({row['mpi']})"
    for axis in ("synthetic.pattern", "scheduler.mpl", "workload.load_factor", "offered_load"):
        if axis in row:
            label += f", {axis.split('.')[-1]} {row[axis]}"
    if dynamic:
        cells = [f"{float(t[k]['mean_bounded_slowdown']):.2f} / {float(t[k]['mean_response_s']):.2f} / {t[k]['saturated']}"
                 for t in (free, defaults, cache, cache2)]
    else:
        cells = [f"{float(t[k]['turnaround_s']):.3f} / {float(t[k]['mean_response_s']):.3f}"
                 for t in (free, defaults, cache, cache2)]
    print(f"| {label} | " + " | ".join(cells) + " |")
PY
done
