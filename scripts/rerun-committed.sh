#!/usr/bin/env bash
# After a deliberate model change (docs/model.md, "Corrections that moved the golden digests on purpose"): re-runs
# shipped scenarios into their committed results folders (results/<path>, when the scenario has one; else into
# out/rerun/<path>, for its digest only), writes each new digest into scenarios/digests.csv as it lands, and, for
# a study with sample points (scenarios/samples.csv), their new digests too. An interrupted study resumes where it
# stopped when run again with the same binary (bcssim's DIR.partial). Prints what moved; then regenerate the docs
# (`bcssim docs`), re-run the what-if scripts whose tables a change touches, and say what moved in docs/model.md.
#   scripts/rerun-committed.sh [--jobs N] [--samples-only] [SCENARIO ...]
# SCENARIO: a path under scenarios/ as scenarios/digests.csv writes it (paper/sage.json). Default: every row but
# the dynamic studies (hours each: name them to include them). --samples-only: only the sample points' digests.
# BCSSIM=binary, DIGESTS=file, SAMPLES=file, RESULTS=folder (default results) override where it reads and writes;
# tests/scripts/rerun_committed.sh uses them.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/bcssim.sh # sets exe: $BCSSIM, or a private copy of build/release/bcssim
digests=${DIGESTS:-scenarios/digests.csv}
samples=${SAMPLES:-scenarios/samples.csv}
results=${RESULTS:-results}
jobs=()
if [ "${1:-}" = "--jobs" ]; then jobs=(--jobs "$2"); shift 2; fi
samples_only=false
if [ "${1:-}" = "--samples-only" ]; then samples_only=true; shift; fi
names=("$@")
if [ ${#names[@]} -eq 0 ]; then
  mapfile -t names < <(tail -n +2 "$digests" | cut -d, -f1 | grep -v '^scheduling/dynamic-')
fi

# Replaces the digest of row `$2` of csv file `$1` (first column the scenario, digest the last); `$3` the new
# digest, `$4` (optional) the point of a samples row.
set_digest() {
  python3 - "$@" <<'PY'
import sys
path, scenario, digest = sys.argv[1:4]
point = sys.argv[4] if len(sys.argv) > 4 else None
lines = open(path).read().splitlines()
hits = 0
for i, line in enumerate(lines[1:], 1):
    f = line.split(',')
    if f[0] == scenario and (point is None or f[1] == point):
        f[-1] = digest
        lines[i] = ','.join(f)
        hits += 1
if hits != 1:
    sys.exit(f'{path}: {hits} rows for {scenario} {point or ""}')
open(path, 'w').write('\n'.join(lines) + '\n')
PY
}

moved=0
same=0
sampled=()
for name in "${names[@]}"; do
  grep -q "^$name," "$samples" 2>/dev/null && sampled+=("$name")
  $samples_only && continue
  old=$(awk -F, -v s="$name" '$1 == s { print $2 }' "$digests")
  [ -n "$old" ] || { echo "rerun-committed: $name is not a row of $digests" >&2; exit 2; }
  out=$results/${name%.json}
  [ -d "$out" ] || out=out/rerun/${name%.json}
  mkdir -p "$(dirname "$out")"
  start=$SECONDS
  "$exe" run "scenarios/$name" --out "$out" --force -q "${jobs[@]}" >/dev/null
  new=$(cut -c1-16 "$out/digest")
  set_digest "$digests" "$name" "$new"
  if [ "$new" = "$old" ]; then same=$((same + 1)); state=same; else moved=$((moved + 1)); state=MOVED; fi
  printf '%-6s %s: %s -> %s (%s, %d s)\n' "$state" "$name" "$old" "$new" "$out" $((SECONDS - start))
done
# The sample points of the studies named: verify --sample prints each point whose digest differs as
# "MISMATCH <scenario> point <P> (<sets>): digest <D>, golden ...", with the scenario as the samples file writes it.
if [ ${#sampled[@]} -gt 0 ]; then
  # (exit 1 when a point differs, which is what is looked for here)
  { "$exe" verify --sample --samples "$samples" "${jobs[@]}" 2>/dev/null || true; } |
    sed -n 's/^MISMATCH *\([^ ]*\) point \([0-9]*\) .*: digest \([0-9a-f]*\),.*/\1 \2 \3/p' |
    while read -r scenario point digest; do
      printf '%s\n' "${sampled[@]}" | grep -qx "$scenario" || continue
      set_digest "$samples" "$scenario" "$digest" "$point"
      echo "sample $scenario point $point: $digest"
    done
fi
echo "rerun-committed: $moved moved, $same unchanged; now: bcssim docs, the what-if scripts, docs/model.md"
