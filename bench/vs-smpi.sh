#!/usr/bin/env bash
# Issue 23 goal 1: bcs-sim's wall time next to SimGrid's SMPI (Debian's libsimgrid-dev) on the same application,
# measured in one run on one machine, each REPS times (the median is printed). The application comes one of two
# ways:
#
#   bench/vs-smpi.sh [--reps N] TRACE_FOLDER
#     A SimGrid time-independent trace (an index *.txt and platform.xml: traces/README.md). SMPI's
#     replay (`smpirun -replay`) against bcssim's replay on both MPIs; for the paper-64 SWEEP3D trace, also
#     bcssim's SWEEP3D proxy on the same input (docs/validation.md).
#
#   bench/vs-smpi.sh [--reps N] --source DIR --np N [--make CMD] [--platform XML] -- PROGRAM [ARGS...]
#     An MPI program's source folder, built in a scratch copy with SMPI's compiler wrappers (`make CC=smpicc
#     CXX=smpicxx FC=smpif90 F77=smpiff`, or CMD run there). SMPI runs the real program with
#     smpi/simulate-computation:no (the issue's reference: the code runs, its computations are not timed); one
#     untimed run records its trace (`-trace-ti`, smpi/host-speed 1Gf), which SMPI and bcssim then replay.
#     PROGRAM is the built executable, relative to the copy. Default platform: one rank per host, 335 MB/s and
#     1.1 us per link (as the traces' platform.xml); a --platform of yours must name its hosts node-0, node-1, ...
#
# SMPI runs with CM02 and crosstraffic off, like bcssim. Prints a markdown table of wall times, peak memory and
# ratios to SMPI. Writes nothing outside a scratch folder. Bad arguments: exit 2.
# Default: bench/vs-smpi.sh traces/sweep3d-2.2b/paper-64
set -euo pipefail
cd "$(dirname "$0")/.."
usage="usage: bench/vs-smpi.sh [--reps N] TRACE_FOLDER
       bench/vs-smpi.sh [--reps N] --source DIR --np N [--make CMD] [--platform XML] -- PROGRAM [ARGS...]"
bad() { echo "bench/vs-smpi.sh: $1" >&2; echo "$usage" >&2; exit 2; }
positive() { [[ "$2" =~ ^[1-9][0-9]*$ ]] || bad "$1 '$2': expected a positive integer"; }

reps=3 source_dir="" np="" make_cmd="make CC=smpicc CXX=smpicxx FC=smpif90 F77=smpiff" platform="" trace_dir=""
while [ $# -gt 0 ]; do
  case "$1" in
    --reps) [ $# -ge 2 ] || bad "--reps needs a value"; positive --reps "$2"; reps=$2; shift 2 ;;
    --source) [ $# -ge 2 ] || bad "--source needs a folder"; source_dir=$2; shift 2 ;;
    --np) [ $# -ge 2 ] || bad "--np needs a value"; positive --np "$2"; np=$2; shift 2 ;;
    --make) [ $# -ge 2 ] || bad "--make needs a command"; make_cmd=$2; shift 2 ;;
    --platform) [ $# -ge 2 ] || bad "--platform needs a file"; platform=$(realpath -m "$2"); shift 2 ;;
    --) shift; break ;;
    -h|--help) echo "$usage"; exit 0 ;;
    -*) bad "unknown option '$1'" ;;
    *) [ -z "$source_dir" ] || break; [ -z "$trace_dir" ] || bad "one trace folder, not '$1' too"
       trace_dir=$1; shift ;;
  esac
done
program=("$@")
if [ -n "$source_dir" ]; then
  [ -z "$trace_dir" ] || bad "give a trace folder or --source, not both"
  [ -d "$source_dir" ] || bad "--source '$source_dir': no such folder"
  [ -n "$np" ] || bad "--source needs --np (the number of ranks)"
  [ ${#program[@]} -gt 0 ] || bad "--source needs the program to run after '--' (relative to the built copy)"
  [ -z "$platform" ] || [ -f "$platform" ] || bad "--platform '$platform': no such file"
  source_dir=$(realpath "$source_dir")
else
  [ ${#program[@]} -eq 0 ] || bad "a program ('${program[*]}') is given only with --source"
  trace_dir=$(realpath -m "${trace_dir:-traces/sweep3d-2.2b/paper-64}")
  [ -d "$trace_dir" ] || bad "$trace_dir: no such trace folder (traces/README.md)"
fi
command -v /usr/bin/time >/dev/null || { echo "needs /usr/bin/time: sudo apt-get install time" >&2; exit 2; }
command -v smpirun >/dev/null || { echo "needs SMPI: sudo apt-get install simgrid libsimgrid-dev" >&2; exit 2; }
source scripts/lib/bcssim.sh # sets exe: $BCSSIM, or a private copy of build/release/bcssim
exe=$(realpath "$exe")
work=$(mktemp -d)
trap 'rm -rf "$work" "$bcssim_private"' EXIT
smpi_cfg=(--cfg=smpi/tmpdir:"$work" --cfg=network/model:CM02 --cfg=network/crosstraffic:0)

# Source mode: build, then record the trace the replays read (untimed).
if [ -n "$source_dir" ]; then
  cp -r "$source_dir" "$work/src"
  (cd "$work/src" && bash -c "$make_cmd") > "$work/build.log" 2>&1 ||
    { echo "building $source_dir with '$make_cmd' failed:" >&2; tail -20 "$work/build.log" >&2; exit 1; }
  [ -x "$work/src/${program[0]}" ] || bad "'${program[0]}' is not an executable of the built copy of $source_dir"
  trace_dir=$work/trace
  mkdir -p "$trace_dir"
  if [ -n "$platform" ]; then cp "$platform" "$trace_dir/platform.xml"; else
    printf '%s\n' "<?xml version='1.0'?>" '<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">' \
      '<platform version="4.1">' "  <cluster id=\"c\" prefix=\"node-\" radical=\"0-$((np - 1))\" suffix=\"\"" \
      '           speed="1Gf" bw="335MBps" lat="1.1us" sharing_policy="SPLITDUPLEX"/>' '</platform>' \
      > "$trace_dir/platform.xml"
  fi
  for r in $(seq 0 $((np - 1))); do echo "node-$r"; done > "$work/hosts"
  # SMPI resolves the index's rank files from its working folder: record there, so both replays find them.
  (cd "$trace_dir" && smpirun -np "$np" -platform platform.xml -hostfile "$work/hosts" -trace-ti \
     --cfg=tracing/filename:program.txt \
     "${smpi_cfg[@]}" --cfg=smpi/host-speed:1Gf "$work/src/${program[0]}" "${program[@]:1}") \
    > "$work/record.log" 2>&1 || { echo "recording the trace failed:" >&2; tail -20 "$work/record.log" >&2; exit 1; }
fi
index=$(find "$trace_dir" -maxdepth 1 -name '*.txt' | head -1)
[ -f "$index" ] && [ -f "$trace_dir/platform.xml" ] ||
  bad "$trace_dir: expected an index file *.txt and platform.xml (traces/README.md)"
ranks=$(grep -c . "$index")

# median wall (s) and peak RSS (MiB) of REPS runs of one of the functions below (exported: /usr/bin/time runs
# it through bash)
measure() {
  : > "$work/runs"
  for _ in $(seq "$reps"); do
    if ! /usr/bin/time -f '%e %M' -o "$work/t" bash -c '"$@"' _ "$@" >/dev/null 2>"$work/err"; then
      echo "failed: $*" >&2
      tail -20 "$work/err" >&2
      exit 1
    fi
    cat "$work/t" >> "$work/runs"
  done
  sort -n "$work/runs" | awk -v n="$reps" '{ w[NR] = $1; if ($2 > m) m = $2 } END { printf "%s %.0f\n", w[int((n + 1) / 2)], m / 1024 }'
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else printf "-" }'; }

bcssim_replay() { # MPI [FIDELITY]: on Crescendo (2 PEs per node), widened to ranks / 2 nodes past its 32
  # The trace's checksums when it has them (the carried traces: traces/README.md), else none.
  local sums=""
  [ ! -f "$(dirname "$index")/XXH128SUMS" ] || sums="$(dirname "$index")/XXH128SUMS"
  "$exe" run scenarios/paper/sweep3d-trace.json --set "replay.trace=$index" --set "replay.checksums=$sums" \
    --set "app.processes=$ranks" \
    --set "platform.nodes=$(( ranks > 64 ? (ranks + 1) / 2 : 32 ))" --set "platform.fidelity=${2:-stages}" \
    --set "mpi=$1" --set compare=false --set 'sweep.replay.compute_scale=[1]' --point 0 --out "$work/out" --force
}
bcssim_proxy() { # MPI [FIDELITY]: paper-64's input (docs/validation.md, 'SWEEP3D from its trace')
  "$exe" run scenarios/paper/sweep3d-blocking.json --set "mpi=$1" --set compare=false \
    --set "platform.fidelity=${2:-stages}" \
    --set 'sweep.app.processes=[64]' --set sweep3d.grind_cycles=13.053 --set bcs.runtime.slice=500us \
    --point 0 --out "$work/out" --force
}
# Arrays do not cross `bash -c`: the program and SMPI's options go to the measured functions as strings.
export exe index ranks work trace_dir np smpi_cfg_s="${smpi_cfg[*]}" program_s="${program[*]}"
for r in $(seq 0 $((ranks - 1))); do echo "node-$r"; done > "$work/hosts"
smpi_replay() { # SMPI resolves the index's relative paths from the working folder
  read -r -a cfg <<< "$smpi_cfg_s"
  (cd "$trace_dir" && smpirun -np "$ranks" -platform platform.xml -hostfile "$work/hosts" "${cfg[@]}" \
     --cfg=smpi/host-speed:1Gf -replay "$(basename "$index")")
}
smpi_program() {
  read -r -a prog <<< "$program_s"
  read -r -a cfg <<< "$smpi_cfg_s"
  (cd "$work/src" && smpirun -np "$np" -platform "$trace_dir/platform.xml" -hostfile "$work/hosts" "${cfg[@]}" \
     --cfg=smpi/simulate-computation:no "$work/src/${prog[0]}" "${prog[@]:1}")
}
export -f bcssim_replay bcssim_proxy smpi_replay smpi_program

row() { echo "| $1 | $2 s | $3 MiB | $(ratio "$2" "$ref") |"; }
if [ -n "$source_dir" ]; then
  measure smpi_program > "$work/m"
  read -r ref ref_mem < "$work/m"
  echo "| what | ${ranks} ranks: wall (median of $reps) | peak RSS | / SMPI, real code |"
  echo "|---|---|---|---|"
  row "SMPI, the real code (\`smpi/simulate-computation:no\`)" "$ref" "$ref_mem"
  measure smpi_replay > "$work/m"
  read -r w m < "$work/m"
  row "SMPI replay of its trace (\`smpirun -replay\`)" "$w" "$m"
else
  measure smpi_replay > "$work/m"
  read -r ref ref_mem < "$work/m"
  echo "| what | ${ranks} ranks: wall (median of $reps) | peak RSS | / SMPI replay |"
  echo "|---|---|---|---|"
  row "SMPI replay (\`smpirun -replay\`)" "$ref" "$ref_mem"
fi
# Both MPIs under the stage-level model, then under the message-level tier (platform.fidelity, docs/model.md).
for fidelity in stages message; do
  suffix=""
  [ "$fidelity" = stages ] || suffix=", $fidelity tier"
  for mpi in quadrics bcs; do
    if [ -z "$source_dir" ] && [ "$(basename "$trace_dir")" = paper-64 ]; then
      measure bcssim_proxy "$mpi" "$fidelity" > "$work/m"
      read -r w m < "$work/m"
      row "bcssim SWEEP3D proxy, $mpi$suffix" "$w" "$m"
    fi
    measure bcssim_replay "$mpi" "$fidelity" > "$work/m"
    read -r w m < "$work/m"
    row "bcssim replay, $mpi$suffix" "$w" "$m"
  done
done
