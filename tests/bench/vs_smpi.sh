#!/usr/bin/env bash
# bench/vs-smpi.sh from the CLI (issue 23 goal 1): given this project's own small MPI program as source, it builds
# it with SMPI's wrappers, records its trace, and prints one row per measurement with a wall time, a peak memory
# and a ratio; bad arguments exit 2 before anything runs. Wall times are printed, never asserted.
#   tests/bench/vs_smpi.sh BCSSIM_EXECUTABLE
set -uo pipefail
cd "$(dirname "$0")/../.."
export BCSSIM=$1
fail() { echo "FAIL: $*" >&2; exit 1; }

out=$(bench/vs-smpi.sh --reps 1 --source tests/data/mpi-ring --np 8 -- ring 20) || fail "exit $? for the ring"
echo "$out"
grep -q '^| what | 8 ranks: wall (median of 1) | peak RSS | / SMPI, real code |$' <<< "$out" || fail "header"
for what in 'SMPI, the real code' 'SMPI replay of its trace' 'bcssim replay, quadrics' 'bcssim replay, bcs' \
  'bcssim replay, quadrics, message tier' 'bcssim replay, bcs, message tier'; do
  grep -Eq "^\| ${what}[^|]* \| [0-9]+(\.[0-9]+)? s \| [1-9][0-9]* MiB \| ([0-9]+\.[0-9]{2}|-) \|$" <<< "$out" ||
    fail "no row '$what' with a wall time, a peak memory and a ratio"
done
[ "$(grep -c '^|' <<< "$out")" -eq 8 ] || fail "expected a header, a rule and 6 rows"

expect2() { # ARGS...: exit 2, a message naming the problem, nothing on stdout
  local msg=$1; shift
  local o e
  o=$(bench/vs-smpi.sh "$@" 2>/tmp/vs-smpi-err.$$); local rc=$?
  e=$(cat /tmp/vs-smpi-err.$$); rm -f /tmp/vs-smpi-err.$$
  [ $rc -eq 2 ] || fail "exit $rc, not 2, for: $*"
  [ -z "$o" ] || fail "printed a table for: $*"
  grep -qF -- "$msg" <<< "$e" || fail "message '$e' lacks '$msg' for: $*"
}
expect2 "--np 'x': expected a positive integer" --source tests/data/mpi-ring --np x -- ring
expect2 "--source '/no/such': no such folder" --source /no/such --np 2 -- ring
expect2 "--source needs --np" --source tests/data/mpi-ring -- ring
expect2 "'absent' is not an executable of the built copy" --source tests/data/mpi-ring --np 2 -- absent
expect2 "/no/such/trace: no such trace folder" /no/such/trace
expect2 "unknown option '--fast'" --fast
echo PASS
