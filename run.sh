#!/usr/bin/env bash
# One command: install what is missing, build (Release), run the default scenario, print where results are.
set -euo pipefail
cd "$(dirname "$0")"
scripts/install-deps.sh
# ccache keys compilations by paths relative to the sources, as test.sh sets it: a later ./test.sh (or another
# clone's build) reuses this build's compilations.
export CCACHE_BASEDIR="$PWD"
cmake --preset release >/dev/null
# Only what it runs: the test binaries are ./test.sh's (they would take most of a fresh clone's build time).
cmake --build --preset release -j "$(nproc)" --target bcssim
# --force: a rerun replaces out/default, the results of the previous ./run.sh (and never anything bcssim did not write)
./build/release/bcssim run scenarios/default.json --force "$@"
