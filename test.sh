#!/usr/bin/env bash
# One command: install what is missing, build, start a single-node Slurm (scripts/slurm-local.sh), run the whole
# test suite with ctest, run the unit and simulation tests under AddressSanitizer + UBSan
# (scripts/sanitizer-tests.sh), fuzz each reader of user files for 15 s (scripts/fuzz.sh; docs/testing.md), then
# check that a Debug clang build reproduces the golden digests (scripts/cross-build-verify.sh).
set -euo pipefail
cd "$(dirname "$0")"
scripts/install-deps.sh
# ccache keys compilations by paths relative to the sources, so that the walk-through test's copy of them
# (tests/extending/walkthroughs.sh, inside build/) finds this build's compilations.
export CCACHE_BASEDIR="$PWD"
cmake --preset release >/dev/null
cmake --build --preset release -j "$(nproc)"
# A single-node Slurm for the e2e test of `sweep --emit-jobs --format slurm` (needs root, as installing does). If it
# cannot start here, the test says so and runs only its stand-in sbatch.
if [ "$(id -u)" -eq 0 ] && scripts/slurm-local.sh start; then
  export SLURM_CONF=/tmp/bcssim-slurm/slurm.conf BCSSIM_SLURM=required
  trap 'scripts/slurm-local.sh stop' EXIT
else
  echo "test.sh: no local Slurm (not root, or it did not start): the real-Slurm e2e test is skipped" >&2
fi
ctest --preset release -j "$(nproc)"
scripts/sanitizer-tests.sh
scripts/fuzz.sh 15
scripts/cross-build-verify.sh
