#!/usr/bin/env bash
# Determinism across builds (issue 9): the golden digests of scenarios/digests.csv, made by the Release gcc
# build, must come out bit-identical from a Debug gcc build (-O0, assertions on) and a Release clang build.
# Builds only the bcssim target of each (ccache makes reruns cheap), then `bcssim verify`s scenarios that run in
# seconds even at -O0, on both MPIs. Exit 1 on any mismatch.
set -euo pipefail
cd "$(dirname "$0")/.."
JOBS=$(nproc)
SCENARIOS=(scenarios/default.json scenarios/mpi-microbench.json scenarios/bcs-microbench.json
           scenarios/paper/synthetic-barrier.json scenarios/scheduling/gs-example.json)
# nas-ep's trace is data beside the repository, when it is there.
[ ! -f ../shared/traces/nas/ep-C-64/ep-C-64.txt ] || SCENARIOS+=(scenarios/paper/nas-ep.json)
for preset in debug clang-release; do
  echo "cross-build-verify: building bcssim ($preset)"
  cmake --preset "$preset" >/dev/null
  cmake --build --preset "$preset" -j "$JOBS" --target bcssim
done
status=0
for preset in debug clang-release; do
  echo "cross-build-verify: $preset"
  "build/$preset/bcssim" verify "${SCENARIOS[@]}" --jobs "$JOBS" || status=1
done
exit $status
