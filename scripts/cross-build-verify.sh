#!/usr/bin/env bash
# Determinism across builds (issue 9): the golden digests of scenarios/digests.csv, made by the Release gcc
# build, must come out bit-identical from another compiler at another optimisation: the sanitize build's bcssim
# (clang at -O1, assertions on, AddressSanitizer + UBSan; CMakePresets.json), so that the same scenarios also run
# whole under the sanitizers. It reuses the objects scripts/sanitizer-tests.sh and scripts/fuzz.sh built (only
# the CLI's are added), then `bcssim verify`s scenarios that run in seconds even so, on both MPIs. Exit 1 on any
# mismatch or sanitizer report. (Until 2026-12-06 it built a Debug clang bcssim of its own, at -O0: a third
# compilation of the whole library, about 6 minutes of ./test.sh on 2 cores, for one more optimisation level;
# until 2026-12-02 a Debug gcc and a Release clang one.)
set -euo pipefail
cd "$(dirname "$0")/.."
JOBS=$(nproc)
# scenarios/mpi-microbench.json left out since 2026-12-07: 172 s of this stage's 265 (45 s of CPU: the rest is
# the thread contexts' switching), for the baseline MPI, which synthetic-barrier and nas-ep run here too (both
# compare the two MPIs); the Release build's verify in ctest checks its digest.
SCENARIOS=(scenarios/default.json scenarios/bcs-microbench.json
           scenarios/paper/synthetic-barrier.json scenarios/scheduling/gs-example.json
           scenarios/paper/nas-ep.json)
echo "cross-build-verify: building bcssim (sanitize)"
cmake --preset sanitize >/dev/null
cmake --build --preset sanitize -j "$JOBS" --target bcssim
# As scripts/sanitizer-tests.sh: SimGrid's thread contexts (ASan cannot follow its raw context switches), any
# report fatal. verify's children inherit these.
export BCSSIM_CONTEXT_FACTORY=thread
export ASAN_OPTIONS=halt_on_error=1:abort_on_error=1:detect_leaks=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
echo "cross-build-verify: sanitize (clang -O1, ASan + UBSan)"
exec build/sanitize/bcssim verify "${SCENARIOS[@]}" --jobs "$JOBS"
