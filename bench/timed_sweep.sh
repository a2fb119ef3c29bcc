#!/usr/bin/env bash
# Runs every point of a scenario's sweep one after the other, each under /usr/bin/time, merges them, and prints
# a markdown table of each run's coordinates, simulated time, wall time and peak RSS (out/<name>/bench.csv too).
# Points run alone so that the wall times and memory are each run's own.
#   bench/timed_sweep.sh bench/sweep3d-scale.json [--set path=value]...
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { echo "usage: $0 SCENARIO.json [--set path=value]..." >&2; exit 2; }
scenario=$1
shift
source scripts/lib/bcssim.sh # sets exe: $BCSSIM, or a private copy of build/release/bcssim
command -v /usr/bin/time >/dev/null || { echo "needs /usr/bin/time: sudo apt-get install time" >&2; exit 2; }

jobs=$("$exe" sweep --emit-jobs "$scenario" "$@" | grep -v '^#')
out=$(printf '%s\n' "$jobs" | head -1 | sed -E "s|.*--out '([^']*)/points/[0-9]+'.*|\1|")
rm -rf "$out"
echo "point,wall_s,max_rss_mib" > "$out.bench.tmp"
k=0
while IFS= read -r job; do
  printf 'point %d: %s\n' "$k" "$job" >&2
  /usr/bin/time -f '%e %M' -o "$out.time.tmp" bash -c "$job" >/dev/null
  read -r wall rss < "$out.time.tmp"
  echo "$k,$wall,$((rss / 1024))" >> "$out.bench.tmp"
  k=$((k + 1))
done <<< "$jobs"
"$exe" merge "$scenario" "$out" "$@" >/dev/null
mv "$out.bench.tmp" "$out/bench.csv"
rm -f "$out.time.tmp"

# runs.csv: point, the sweep's coordinates..., then the run's own columns ending in time_s.
paste -d, "$out/runs.csv" <(echo "wall_s,max_rss_mib"; tail -n +2 "$out/bench.csv" | cut -d, -f2-) |
  awk -F, 'NR == 1 { printf "|"; for (i = 1; i <= NF; ++i) printf " %s |", $i; printf "\n|"; for (i = 1; i <= NF; ++i) printf "---|"; printf "\n"; next }
           { printf "|"; for (i = 1; i <= NF; ++i) printf " %s |", $i; printf "\n" }'
