#!/usr/bin/env bash
# Issue 24 part 6: what replaying a trace costs. In one run, on one machine, each measured REPS times (the median
# is printed):
#   - bcssim replaying a SimGrid time-independent trace (app "replay"), on the baseline MPI and on BCS-MPI;
#   - bcssim's SWEEP3D proxy on the same input (only for the paper-64 trace: 50x50x50 cells per rank, 8x8 ranks,
#     mk 10, mmi 3, mm 6, 2 iterations, grind matched to the trace: docs/validation.md);
#   - SimGrid's own replay of the same trace (Debian's `smpirun -replay`, CM02, crosstraffic off, on the
#     platform.xml recorded beside the trace: one rank per host).
# Prints a markdown table of wall times, peak memory and ratios.
#   bench/replay_speed.sh [TRACE_FOLDER] [REPS]    (default ../shared/traces/sweep3d-2.2b/paper-64, 3)
set -euo pipefail
cd "$(dirname "$0")/.."
trace_dir=$(realpath -m "${1:-../shared/traces/sweep3d-2.2b/paper-64}")
reps=${2:-3}
exe=${BCSSIM:-./build/release/bcssim}
[ -n "${BCSSIM:-}" ] || cmake --build --preset release --target bcssim >/dev/null
command -v /usr/bin/time >/dev/null || { echo "needs /usr/bin/time: sudo apt-get install time" >&2; exit 2; }
command -v smpirun >/dev/null || { echo "needs SMPI: sudo apt-get install simgrid libsimgrid-dev" >&2; exit 2; }
[ -d "$trace_dir" ] || { echo "$trace_dir: no such trace folder (../shared/traces/README.md)" >&2; exit 2; }
index=$(find "$trace_dir" -maxdepth 1 -name '*.txt' | head -1)
[ -f "$index" ] && [ -f "$trace_dir/platform.xml" ] ||
  { echo "$trace_dir: expected an index file *.txt and platform.xml (../shared/traces/README.md)" >&2; exit 2; }
ranks=$(grep -c . "$index")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# median wall (s) and peak RSS (MiB) of REPS runs of one of the functions below (exported: /usr/bin/time runs
# it through bash)
measure() {
  : > "$work/runs"
  for _ in $(seq "$reps"); do
    if ! /usr/bin/time -f '%e %M' -o "$work/t" bash -c '"$@"' _ "$@" >/dev/null 2>"$work/err"; then
      echo "failed: $*" >&2
      cat "$work/err" >&2
      exit 1
    fi
    cat "$work/t" >> "$work/runs"
  done
  sort -n "$work/runs" | awk -v n="$reps" '{ w[NR] = $1; if ($2 > m) m = $2 } END { printf "%s %.0f\n", w[int((n + 1) / 2)], m / 1024 }'
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

bcssim_replay() { # MPI
  "$exe" run scenarios/paper/sweep3d-trace.json --set "replay.trace=$index" --set "app.processes=$ranks" \
    --set "mpi=$1" --set compare=false --set 'sweep.replay.compute_scale=[1]' --point 0 --out "$work/out" --force
}
bcssim_proxy() { # MPI: paper-64's input (docs/validation.md, 'SWEEP3D from its trace')
  "$exe" run scenarios/paper/sweep3d-blocking.json --set "mpi=$1" --set compare=false \
    --set 'sweep.app.processes=[64]' --set sweep3d.grind_cycles=13.053 --set bcs.runtime.slice=500us \
    --point 0 --out "$work/out" --force
}
smpi_replay() { # SMPI resolves the index's relative paths from the working folder
  for r in $(seq 0 $((ranks - 1))); do echo "node-$r"; done > "$work/hosts"
  (cd "$trace_dir" && smpirun -np "$ranks" -platform platform.xml -hostfile "$work/hosts" \
     --cfg=smpi/tmpdir:"$work" --cfg=network/model:CM02 --cfg=network/crosstraffic:0 \
     --cfg=smpi/host-speed:1Gf -replay "$(basename "$index")")
}

export exe index ranks work trace_dir
export -f bcssim_replay bcssim_proxy smpi_replay
measure smpi_replay > "$work/m"
read -r smpi smpi_mem < "$work/m"
echo "| what | ${ranks} ranks: wall (median of $reps) | peak RSS | / SMPI replay | / bcssim proxy |"
echo "|---|---|---|---|---|"
echo "| SMPI replay (\`smpirun -replay\`) | ${smpi} s | ${smpi_mem} MiB | 1 | |"
for mpi in quadrics bcs; do
  measure bcssim_replay "$mpi" > "$work/m"
  read -r rep rep_mem < "$work/m"
  proxy_cell=""
  if [ "$(basename "$trace_dir")" = paper-64 ]; then
    measure bcssim_proxy "$mpi" > "$work/m"
    read -r prx prx_mem < "$work/m"
    echo "| bcssim SWEEP3D proxy, $mpi | ${prx} s | ${prx_mem} MiB | $(ratio "$prx" "$smpi") | 1 |"
    proxy_cell=$(ratio "$rep" "$prx")
  fi
  echo "| bcssim replay, $mpi | ${rep} s | ${rep_mem} MiB | $(ratio "$rep" "$smpi") | ${proxy_cell} |"
done
