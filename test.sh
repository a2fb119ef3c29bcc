#!/usr/bin/env bash
# One command: install what is missing, build, start a single-node Slurm (scripts/slurm-local.sh), run the whole
# test suite with ctest, run the unit and simulation tests under AddressSanitizer + UBSan
# (scripts/sanitizer-tests.sh), fuzz each reader of user files for 15 s (scripts/fuzz.sh; docs/testing.md), then
# check that the sanitize clang build reproduces the golden digests (scripts/cross-build-verify.sh).
set -euo pipefail
cd "$(dirname "$0")"
# Each stage's wall time on stderr, and all of them at the end (issue 65 goal 4: what the checks cost, measured).
times=()
stage() {
  local name=$1 start=$SECONDS
  shift
  "$@"
  times+=("$(printf '%-28s %5d s' "$name" $((SECONDS - start)))")
  echo "test.sh: $name took $((SECONDS - start)) s" >&2
}
report() { printf 'test.sh: stage times\n' >&2; printf '  %s\n' "${times[@]}" >&2; }
stage "install-deps" scripts/install-deps.sh
# ccache keys compilations by paths relative to the sources, so that the walk-through test's copy of them
# (tests/extending/walkthroughs.sh, inside build/) finds this build's compilations.
export CCACHE_BASEDIR="$PWD"
cmake --preset release >/dev/null
stage "build (release)" cmake --build --preset release -j "$(nproc)"
# A single-node Slurm for the e2e test of `sweep --emit-jobs --format slurm` (needs root, as installing does). If it
# cannot start here, the test says so and runs only its stand-in sbatch.
if [ "$(id -u)" -eq 0 ] && scripts/slurm-local.sh start; then
  export SLURM_CONF=/tmp/bcssim-slurm/slurm.conf BCSSIM_SLURM=required
  trap 'scripts/slurm-local.sh stop' EXIT
else
  echo "test.sh: no local Slurm (not root, or it did not start): the real-Slurm e2e test is skipped" >&2
fi
stage "ctest (release)" ctest --preset release -j "$(nproc)"
stage "sanitizer tests" scripts/sanitizer-tests.sh
stage "fuzz" scripts/fuzz.sh 15
stage "cross-build verify" scripts/cross-build-verify.sh
report
