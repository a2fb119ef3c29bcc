#!/usr/bin/env bash
# Memory of converting and replaying a large OTF2 archive (issue 66 part 2: "a 1,024-rank archive of 10^8 events
# replays within 2 GB"). Builds bench_otf2_archive, writes an archive of RANKS locations with EVENTS events each
# (a ring of sends and receives, an MPI_Allreduce every 100 iterations), converts it with `bcssim convert` and
# replays the trace on the baseline MPI, printing the wall time and peak resident memory of each step.
#   bench/otf2_memory.sh [DIR] [RANKS] [EVENTS_PER_RANK]   (default /tmp/bcssim-otf2-memory 1024 97657: 10^8 events,
#   about 1.3 GB of archive and 1.2 GB of trace on disk, 20 minutes of replay on 2 cores)
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-/tmp/bcssim-otf2-memory}
ranks=${2:-1024}
events=${3:-97657}
cmake --build --preset release --target bench_otf2_archive bcssim -j2 >/dev/null
exe=$PWD/build/release/bcssim
mkdir -p "$dir"
cd "$dir"
rm -rf archive trace replay
/usr/bin/time -f "write the archive: %e s, peak %M KB" "$OLDPWD/build/release/bench_otf2_archive" archive "$ranks" "$events"
du -sh archive
/usr/bin/time -f "convert: %e s, peak %M KB" "$exe" convert archive/traces.otf2 --out trace
du -sh trace
rm -rf archive
# 3.3e7 calls: past the run-time bound of validation (about 20 minutes of wall), which run_bounds = false lifts.
/usr/bin/time -f "replay (quadrics): %e s, peak %M KB" "$exe" run trace/scenario.json --set compare=false \
  --set mpi=quadrics --set run_bounds=false --out replay -q --progress never
