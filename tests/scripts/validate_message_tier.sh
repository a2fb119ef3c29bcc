#!/usr/bin/env bash
# The message-level tier's error against the stages must not grow unnoticed: scripts/validate-message-tier.py
# re-runs the baseline points of two cheap studies under the tier and every largest difference must be at most
# the one docs/src/message-tier.csv records (docs/validation.md shows that table).
set -euo pipefail
exe=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
table=$root/docs/src/message-tier.csv
BCSSIM=$exe python3 "$root/scripts/validate-message-tier.py" --jobs 2 --out "$tmp/new.csv" \
  scheduling/balanced.json mpi-microbench.json
cat "$tmp/new.csv"
for scenario in scheduling/balanced.json mpi-microbench.json; do
  new=$(awk -F, -v s="$scenario" '$1 == s { print $7 }' "$tmp/new.csv")
  old=$(awk -F, -v s="$scenario" '$1 == s { print $7 }' "$table")
  [ -n "$new" ] && [ -n "$old" ] || fail "$scenario: no row (new '$new', recorded '$old')"
  awk -v n="$new" -v o="$old" 'BEGIN { exit !(n <= o) }' ||
    fail "$scenario: the message tier's largest difference grew from $old % to $new %"
done
echo PASS
