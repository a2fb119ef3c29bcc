#!/usr/bin/env bash
# One command: install what is missing, build, run the whole test suite with ctest, run the unit and simulation
# tests under AddressSanitizer + UBSan (scripts/sanitizer-tests.sh), fuzz each reader of user files for 15 s
# (scripts/fuzz.sh; docs/testing.md), then check that a Debug build and a clang build reproduce the golden digests
# (scripts/cross-build-verify.sh).
set -euo pipefail
cd "$(dirname "$0")"
scripts/install-deps.sh
cmake --preset release >/dev/null
cmake --build --preset release -j "$(nproc)"
ctest --preset release -j "$(nproc)"
scripts/sanitizer-tests.sh
scripts/fuzz.sh 15
scripts/cross-build-verify.sh
