#!/usr/bin/env bash
# Installs the Debian packages bcs-sim needs to build, test and plot. Idempotent: does nothing when all are
# present. Works as root or through sudo. Debian 12 (bookworm) packages only.
set -euo pipefail

PACKAGES=(
  build-essential cmake ninja-build pkg-config ccache git clang clang-format
  libsimgrid-dev libboost-graph-dev libfmt-dev nlohmann-json3-dev doctest-dev libcli11-dev libxxhash-dev
  zlib1g-dev liblzma-dev libjemalloc-dev gfortran libopen-trace-format2-dev otf2-tools
  openmpi-bin libopenmpi-dev mpich libmpich-dev
  gnuplot-nox python3-jsonschema
  slurmctld slurmd slurm-client munge
)

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#PACKAGES[@]} packages present"
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then SUDO=(); elif command -v sudo >/dev/null; then SUDO=(sudo); else
  echo "install-deps: need root or sudo to install: ${missing[*]}" >&2; exit 1
fi
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${SUDO[@]}" apt-get update -qq
"${SUDO[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
