#!/usr/bin/env bash
# Fuzzes the readers of user files (tests/fuzz, docs/testing.md): builds the fuzz targets of the sanitize preset
# (clang, libFuzzer, ASan + UBSan) and runs each target for SECONDS (default 20), as many at a time as there are
# cores.
#   scripts/fuzz.sh [SECONDS [TARGET...]]   e.g. scripts/fuzz.sh 600 for ten minutes each, or
#   scripts/fuzz.sh 600 fuzz_trace          for one target (fuzz_scenario, fuzz_set, fuzz_trace, fuzz_swf, fuzz_otf2, fuzz_ledger)
# Each target starts from its seeds (read only) and its regressions (tests/fuzz/regressions/<target>), and keeps
# what it finds in a scratch corpus, build/fuzz/corpus/<target>, that later runs resume from. A crash, sanitizer
# report, input slower than 10 s or heavier than 2 GiB is saved as build/fuzz/artifacts/<target>/<kind>-<sha1>
# and makes the script exit 1; minimise it with the target's -minimize_crash=1, fix the reader, and add the input
# to tests/fuzz/regressions/<target>/ (tests/unit/test_fuzz_regressions.cpp replays them in ctest).
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_EACH=${1:-20}
shift || true
TARGETS=("$@")
[ ${#TARGETS[@]} -gt 0 ] || TARGETS=(fuzz_scenario fuzz_set fuzz_trace fuzz_swf fuzz_otf2 fuzz_ledger)
JOBS=$(nproc)
ROOT=$PWD
BIN=$ROOT/build/sanitize
OUT=$ROOT/build/fuzz
# The targets write each input as files of their own folder under TMPDIR: on a tmpfs, fuzz_trace runs several
# times faster than on a disk's /tmp (it writes and removes up to 9 files per input).
if [ -z "${TMPDIR:-}" ] && [ -d /dev/shm ] && [ -w /dev/shm ]; then export TMPDIR=/dev/shm; fi
# A target that crashed could not remove its folder (bcssim-fuzz-<target>-<pid>): those of dead processes go.
for d in "${TMPDIR:-/tmp}"/bcssim-fuzz-*-*; do
  [ -d "$d" ] && ! kill -0 "${d##*-}" 2>/dev/null && rm -rf "$d"
done
# The shipped scenarios seed the scenario reader, but for those naming a workload file or a trace of more than 1 MiB:
# resolving 1000 jobs in each of 20 points, or parsing the NAS CG trace's 7.7 million lines, takes 1 s in a release
# build and more than the 10 s timeout under the fuzzers' instrumentation, which would report the seed itself as a
# finding (the SWF and trace readers have their own targets). MG's 1.6 MB trace took 5 s of CPU there, and 19 s
# of wall time on a loaded machine (2026-12-01): too close to the timeout.
rm -rf "$OUT/seeds/scenario" && mkdir -p "$OUT/seeds/scenario"
find scenarios -name '*.json' | sort | while read -r f; do
  grep -q '"swf"' "$f" && continue
  trace=$(grep -o '"trace": *"[^"]*"' "$f" | sed 's/.*: *"//; s/"$//' || true)
  [ -n "$trace" ] && [ -e "$trace" ] && [ "$(du -sbL "$(dirname "$trace")" | cut -f1)" -gt 1048576 ] && continue
  cp "$f" "$OUT/seeds/scenario/$(tr '/' '_' <<<"$f")"
done
declare -A SEEDS=(
  [fuzz_scenario]="build/fuzz/seeds/scenario"
  [fuzz_set]="tests/fuzz/seeds/set"
  [fuzz_trace]="tests/fuzz/seeds/trace tests/data/replay"
  [fuzz_swf]="tests/fuzz/seeds/swf"
  [fuzz_otf2]="tests/fuzz/seeds/otf2"
  [fuzz_ledger]="tests/fuzz/seeds/ledger"
)
declare -A DICT=([fuzz_scenario]="scenario" [fuzz_set]="set")
for t in "${TARGETS[@]}"; do
  [ -n "${SEEDS[$t]:-}" ] || { echo "fuzz: no target $t (fuzz_scenario, fuzz_set, fuzz_trace, fuzz_swf, fuzz_otf2, fuzz_ledger)" >&2; exit 2; }
done

echo "fuzz: building the fuzz targets (sanitize preset)"
cmake --preset sanitize >/dev/null
cmake --build --preset sanitize -j "$JOBS" --target fuzz_targets

# Dictionaries from the catalogue (docs/parameters.md, checked current by a test): parameter paths, their keys,
# the words of choice parameters and units, which a mutator would take long to spell.
mkdir -p "$OUT/dict"
paths=$(grep -o '^| `[^`]*`' docs/parameters.md | tr -d '|` ')
words=$(grep -o 'Choices: [^|]*' docs/parameters.md | sed 's/Choices: //; s/\. *$//' | tr ',' '\n' | tr -d ' ' | sort -u)
units="auto B KiB MiB GiB kB MB GB B/s MB/s MiB/s GB/s s ms us ns m Hz MHz GHz"
{ { tr '.' '\n' <<<"$paths"; echo sweep; } | sort -u | sed 's/.*/"\\"&\\""/'
  sed 's/.*/"\\"&\\""/' <<<"$words"; tr ' ' '\n' <<<"$units" | sed 's/.*/"&"/'
  printf '"%s"\n' '{' '}' '[' ']' ':' 'true' 'false' '1e308'; } >"$OUT/dict/scenario.dict"
{ sed 's/.*/"&="/' <<<"$paths"; sed 's/.*/"sweep.&=["/' <<<"$paths"
  { echo "$words"; tr ' ' '\n' <<<"$units"; } | sed 's/.*/"&"/'; } >"$OUT/dict/set.dict"

run_target() {
  local target=$1 name=${1#fuzz_}
  local corpus=$OUT/corpus/$name artifacts=$OUT/artifacts/$name/ seeds=()
  mkdir -p "$corpus" "$artifacts" "$OUT/logs"
  for d in ${SEEDS[$target]} "tests/fuzz/regressions/$name"; do [ -d "$ROOT/$d" ] && seeds+=("$ROOT/$d"); done
  local dict=()
  [ -n "${DICT[$target]:-}" ] && dict=("-dict=$OUT/dict/${DICT[$target]}.dict")
  # -timeout: an input slower than 10 s is a finding; -rss_limit_mb bounds memory (and malloc_limit_mb, which
  # defaults to it, any one allocation). The first corpus folder is the writable one. -entropic=0: libFuzzer's
  # entropic schedule spent a third of fuzz_scenario's time updating the weights of its ~29,000 features
  # (InputCorpus::UpdateFeatureFrequency); without it fuzz_scenario runs 3.7 times the inputs in the same seconds,
  # the other targets 1.0-1.3 times, each to within 3 % of the coverage (bench/README.md, issue 67 item 8).
  "$BIN/$target" "$corpus" "${seeds[@]}" "${dict[@]}" -max_total_time="$SECONDS_EACH" -timeout=10 -entropic=0 \
    -rss_limit_mb=2048 -artifact_prefix="$artifacts" -print_final_stats=1 >"$OUT/logs/$name.log" 2>&1
}

# As many targets at once as cores; each one's exit status is kept in a file.
echo "fuzz: ${#TARGETS[@]} targets, ${SECONDS_EACH} s each, $JOBS at a time (logs: build/fuzz/logs)"
running=0
for t in "${TARGETS[@]}"; do
  if [ "$running" -ge "$JOBS" ]; then wait -n || true; running=$((running - 1)); fi
  (run_target "$t" && echo 0 >"$OUT/logs/${t#fuzz_}.status" || echo $? >"$OUT/logs/${t#fuzz_}.status") &
  running=$((running + 1))
done
wait

status=0
for t in "${TARGETS[@]}"; do
  name=${t#fuzz_}
  log=$OUT/logs/$name.log
  last=$(grep -E '^#[0-9]+' "$log" | tail -1 | sed -E 's/^#([0-9]+)\s+\S+\s+/\1 execs, /' || true)
  if [ "$(cat "$OUT/logs/$name.status")" = 0 ]; then
    echo "fuzz: $t ok: $last"
  else
    echo "fuzz: $t FAILED (exit $(cat "$OUT/logs/$name.status")): $last; the end of $log:"
    tail -40 "$log"
    status=1
  fi
done
exit $status
