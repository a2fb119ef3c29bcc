#!/usr/bin/env bash
# scripts/rerun-committed.sh on a scratch digests file and results folder: a study whose digest is wrong gets the
# one its run gives (the golden one), a study already right stays, both results folders are written, and a name
# that is not a row is exit 2.
set -euo pipefail
exe=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
golden() { awk -F, -v s="$1" '$1 == s { print $2 }' "$root/scenarios/digests.csv"; }
printf 'scenario,digest\ndefault.json,0123456789abcdef\nmds/barrier-loop.json,%s\n' "$(golden mds/barrier-loop.json)" \
  >"$tmp/digests.csv"
mkdir -p "$tmp/results/default" "$tmp/results/mds/barrier-loop"
out=$(BCSSIM=$exe DIGESTS=$tmp/digests.csv RESULTS=$tmp/results "$root/scripts/rerun-committed.sh" \
  default.json mds/barrier-loop.json)
echo "$out"
fail() { echo "FAIL: $*" >&2; exit 1; }
grep -q "^default.json,$(golden default.json)$" "$tmp/digests.csv" || fail "default.json's digest not written"
grep -q "^mds/barrier-loop.json,$(golden mds/barrier-loop.json)$" "$tmp/digests.csv" || fail "barrier-loop changed"
grep -q "^MOVED  default.json: 0123456789abcdef -> $(golden default.json)" <<<"$out" || fail "no MOVED line"
grep -q "^same   mds/barrier-loop.json" <<<"$out" || fail "no 'same' line"
grep -q "1 moved, 1 unchanged" <<<"$out" || fail "no summary"
[ -f "$tmp/results/default/summary.json" ] && [ -f "$tmp/results/mds/barrier-loop/digest" ] || fail "no results"
code=0
BCSSIM=$exe DIGESTS=$tmp/digests.csv RESULTS=$tmp/results "$root/scripts/rerun-committed.sh" nope.json \
  >/dev/null 2>&1 || code=$?
[ "$code" = 2 ] || fail "an unknown scenario gave exit $code, not 2"
# --samples-only: a sample point whose digest is wrong gets the one verify --sample gives (the golden one). The
# scratch samples file's rows are relative to it: a link brings the shipped scenario beside it.
mkdir -p "$tmp/s"
ln -s "$root/scenarios/scheduling" "$tmp/s/scheduling"
row=$(grep '^scheduling/dynamic-quantum.json,2,' "$root/scenarios/samples.csv")
printf 'scenario,point,sets,digest\n%s\n' "${row%,*},0123456789abcdef" >"$tmp/s/samples.csv"
BCSSIM=$exe SAMPLES=$tmp/s/samples.csv "$root/scripts/rerun-committed.sh" --samples-only \
  scheduling/dynamic-quantum.json
grep -qx "$row" "$tmp/s/samples.csv" || fail "the sample point's digest was not written: $(cat "$tmp/s/samples.csv")"
echo "rerun_committed: ok"
