#!/usr/bin/env bash
# Determinism across builds (issue 9): the golden digests of scenarios/digests.csv, made by the Release gcc
# build, must come out bit-identical from a Debug clang build: another compiler (its own order of evaluation,
# inlining and code generation) and no optimisation (-O0, assertions on) at once, in one build. Builds only its
# bcssim target (ccache makes reruns cheap), then `bcssim verify`s scenarios that run in seconds even at -O0, on
# both MPIs. Exit 1 on any mismatch. (Until 2026-12-02 it built a Debug gcc and a Release clang bcssim: two
# builds for the two axes, ./test.sh's largest cost after the tests.)
set -euo pipefail
cd "$(dirname "$0")/.."
JOBS=$(nproc)
SCENARIOS=(scenarios/default.json scenarios/mpi-microbench.json scenarios/bcs-microbench.json
           scenarios/paper/synthetic-barrier.json scenarios/scheduling/gs-example.json
           scenarios/paper/nas-ep.json)
echo "cross-build-verify: building bcssim (clang-debug)"
cmake --preset clang-debug >/dev/null
cmake --build --preset clang-debug -j "$JOBS" --target bcssim
echo "cross-build-verify: clang-debug"
exec build/clang-debug/bcssim verify "${SCENARIOS[@]}" --jobs "$JOBS"
