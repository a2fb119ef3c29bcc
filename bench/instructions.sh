#!/usr/bin/env bash
# What a run costs in instructions: `bcssim ARGS...` under valgrind's callgrind (Debian's `valgrind`), every process
# of the run counted (a study runs its points in children). Unlike CPU seconds on a shared 2-core VM, which wander
# by up to 30 % from run to run, the count is the same on every rerun of the same binary and input, so a change
# of a few percent can be measured in one run of each binary. About 50x slower than the run itself.
#   bench/instructions.sh [--keep DIR] run SCENARIO [--set ...] [--out DIR ...]
# Prints "instructions: N" on stdout; with --keep, callgrind's profiles stay in DIR (callgrind_annotate reads them).
# BCSSIM selects the binary (default: build/release/bcssim).
set -euo pipefail
cd "$(dirname "$0")/.."
keep=""
if [ "${1:-}" = "--keep" ]; then
  keep=$2
  shift 2
fi
[ $# -gt 0 ] || { echo "usage: bench/instructions.sh [--keep DIR] run SCENARIO [--set ...]" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "bench/instructions.sh: needs valgrind (apt-get install valgrind)" >&2; exit 2; }
exe=${BCSSIM:-build/release/bcssim}
profiles=${keep:-$(mktemp -d)}
mkdir -p "$profiles"
[ -n "$keep" ] || trap 'rm -rf "$profiles"' EXIT
if ! valgrind --tool=callgrind --trace-children=yes --callgrind-out-file="$profiles/callgrind.out.%p" \
  "$exe" "$@" 2>"$profiles/valgrind.log" >/dev/null; then
  # bcssim's own error (e.g. a bad --set) is in the log, among valgrind's lines.
  grep -v '^==[0-9]*==' "$profiles/valgrind.log" >&2 || true
  echo "bench/instructions.sh: the run failed: no count" >&2
  exit 1
fi
# Each process's total: callgrind writes "summary: N" (or "totals: N") in its profile.
total=0
for f in "$profiles"/callgrind.out.*; do
  n=$(grep -m1 -E '^(summary|totals):' "$f" | awk '{print $2}')
  total=$((total + ${n:-0}))
done
echo "instructions: $total"
