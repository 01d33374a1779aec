#!/usr/bin/env bash
# Installs every Debian package contactsim builds, tests or benchmarks with. Idempotent: packages
# already present are left alone, and nothing is fetched when all are there.
#   scripts/install-deps.sh            install what is missing
#   scripts/install-deps.sh --check    exit 1 (listing them) if any are missing, install nothing
# Package names, CMake targets and packaging defects: ../shared/DEPENDENCIES.md, docs/ARCHITECTURE.md.
set -euo pipefail

packages=(
  build-essential cmake pkg-config  # toolchain
  ccache                            # compiler cache (optional, used when present)
  libeigen3-dev                     # all linear algebra
  nlohmann-json3-dev                # scene files
  libcli11-dev                      # the contactsim command line
  libtinyobjloader-dev              # OBJ control meshes
  libosd-dev                        # OpenSubdiv: test oracle for Loop surfaces
  libsiconos-numerics-dev           # Siconos numerics: LCP pivoting oracle and fail-safe
  libfftw3-dev                      # FFTW3: convolution-quadrature boundary elements
  libtbb-dev                        # TBB: parallel loops (response-map nodes)
  libfcl-dev                        # FCL 0.7: BVH distance between tessellations
  libembree-dev                     # Embree 3: ray casting for intersection volumes
  googletest libgtest-dev           # tests
  libbenchmark-dev                  # bench/
  libmujoco-dev libgl-dev           # peer in bench/ only (MuJoCo 2.2.2)
  python3-dev pybind11-dev          # the Python module (python/)
  python3-numpy python3-pytest      # its arrays and its tests
  clang-format                      # style check in .ci/run
)

missing=()
for p in "${packages[@]}"; do
  if [[ "$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null)" != "install ok installed" ]]; then
    missing+=("$p")
  fi
done

if [[ ${#missing[@]} -eq 0 ]]; then
  exit 0
fi
if [[ "${1:-}" == "--check" ]]; then
  echo "missing packages: ${missing[*]}" >&2
  exit 1
fi

echo "contactsim: installing ${missing[*]}" >&2
sudo=()
if [[ $(id -u) -ne 0 ]]; then
  command -v sudo >/dev/null || { echo "contactsim: need root or sudo to install packages" >&2; exit 1; }
  sudo=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
