#!/usr/bin/env bash
# The unit and simulation tests under AddressSanitizer + UBSan (the sanitize preset: clang at -O1, the build
# scripts/fuzz.sh also uses). Any sanitizer report fails the run: halt_on_error, no suppression. The actors run
# on SimGrid's thread contexts (BCSSIM_CONTEXT_FACTORY=thread, read by sim/machine/world.cpp): Debian's SimGrid
# switches its raw contexts without telling ASan (no fiber annotations), which then reports false stack overflows
# at every noreturn call made on an actor's stack. Threads run one at a time, so the simulation is the same (same digests).
set -euo pipefail
cd "$(dirname "$0")/.."
JOBS=$(nproc)
echo "sanitizer-tests: building unit_tests and sim_tests (sanitize)"
cmake --preset sanitize >/dev/null
cmake --build --preset sanitize -j "$JOBS" --target unit_tests sim_tests
export BCSSIM_CONTEXT_FACTORY=thread
export ASAN_OPTIONS=halt_on_error=1:abort_on_error=1:detect_leaks=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
# e2e and bench: run the release bcssim; verify re-runs the scenarios; extending builds a release copy: all
# covered by the release ctest.
ctest --preset sanitize -j "$JOBS" -E '^(e2e|verify|bench:|extending:|scripts:)'
