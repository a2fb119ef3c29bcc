#!/usr/bin/env bash
# The message-level tier's error against the stages must not grow unnoticed: scripts/validate-message-tier.py
# re-runs the points of three cheap studies under the tier, on both MPIs, and every largest difference must be at
# most the one docs/src/message-tier.csv records, the compare study's slowdown move at most the one
# docs/src/message-tier-slowdowns.csv records (docs/validation.md shows both tables).
set -euo pipefail
exe=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
studies=(scheduling/balanced.json mpi-microbench.json paper/synthetic-barrier.json)
BCSSIM=$exe python3 "$root/scripts/validate-message-tier.py" --jobs 2 --out "$tmp/new.csv" \
  --slowdowns-out "$tmp/slowdowns.csv" "${studies[@]}"
cat "$tmp/new.csv" "$tmp/slowdowns.csv"
# column of `name` in the header of CSV file $1
col() { head -1 "$1" | tr ',' '\n' | grep -nx "$2" | cut -d: -f1; }
rows=0
while IFS=, read -r scenario mpi _; do
  [ "$scenario" = scenario ] && continue
  c=$(col "$tmp/new.csv" difference_pct)
  new=$(awk -F, -v s="$scenario" -v m="$mpi" -v c="$c" '$1 == s && $2 == m { print $c }' "$tmp/new.csv")
  c=$(col "$root/docs/src/message-tier.csv" difference_pct)
  old=$(awk -F, -v s="$scenario" -v m="$mpi" -v c="$c" '$1 == s && $2 == m { print $c }' \
    "$root/docs/src/message-tier.csv")
  [ -n "$old" ] || fail "$scenario on $mpi: no recorded row in docs/src/message-tier.csv"
  awk -v n="$new" -v o="$old" 'BEGIN { exit !(n <= o) }' ||
    fail "$scenario on $mpi: the message tier's largest difference grew from $old % to $new %"
  rows=$((rows + 1))
done <"$tmp/new.csv"
# balanced and synthetic-barrier on both MPIs, the microbenchmark on the baseline at least
[ "$rows" -ge 5 ] || fail "only $rows (study, MPI) rows re-run"
new=$(awk -F, '$1 == "paper/synthetic-barrier.json" { print $6 }' "$tmp/slowdowns.csv")
old=$(awk -F, '$1 == "paper/synthetic-barrier.json" { print $6 }' "$root/docs/src/message-tier-slowdowns.csv")
[ -n "$new" ] && [ -n "$old" ] || fail "synthetic-barrier: no slowdown row (new '$new', recorded '$old')"
awk -v n="$new" -v o="$old" 'BEGIN { a = n < 0 ? -n : n; b = o < 0 ? -o : o; exit !(a <= b) }' ||
  fail "synthetic-barrier: the slowdown's move under the message tier grew from $old to $new points"
echo PASS
