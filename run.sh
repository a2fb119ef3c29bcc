#!/usr/bin/env bash
# One command: install what is missing, build (Release), run the default scenario, print where results are.
set -euo pipefail
cd "$(dirname "$0")"
scripts/install-deps.sh
cmake --preset release >/dev/null
cmake --build --preset release -j "$(nproc)"
# --force: a rerun replaces out/default, the results of the previous ./run.sh (and never anything bcssim did not write)
./build/release/bcssim run scenarios/default.json --force "$@"
