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
  python3-distributed               # Dask: contactsim.sweep(spec, client=...) on many machines
  clang-format                      # style check in .ci/run
  clang libclang-rt-14-dev          # libFuzzer targets (preset "fuzz", scripts/fuzz.sh)
  chromium                          # headless browser of the replay report's test
  libtinygltf-dev                   # glTF 2.0 export (contactsim run --gltf)
)

missing=()
for p in "${packages[@]}"; do
  if [[ "$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null)" != "install ok installed" ]]; then
    missing+=("$p")
  fi
done

# The viewer's npm packages, pinned by viewer/package-lock.json: three.js (inlined into report.html
# at build time), playwright-core and gltf-validator (the report's and the glTF export's tests).
# Node and npm come from Debian only where there are none (a machine's own node stays). `npm ci`
# runs when node_modules was not installed from this very lock file (a copy kept beside it).
viewer="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/viewer"
viewer_stamp="$viewer/node_modules/.contactsim-package-lock.json"
viewer_current() { cmp -s "$viewer/package-lock.json" "$viewer_stamp"; }
if ! command -v npm >/dev/null; then
  missing+=(nodejs npm)
fi

if [[ ${#missing[@]} -eq 0 ]] && viewer_current; then
  exit 0
fi
if [[ "${1:-}" == "--check" ]]; then
  [[ ${#missing[@]} -eq 0 ]] || echo "missing packages: ${missing[*]}" >&2
  viewer_current || echo "viewer/node_modules is not installed from viewer/package-lock.json" >&2
  exit 1
fi

if [[ ${#missing[@]} -gt 0 ]]; then
  echo "contactsim: installing ${missing[*]}" >&2
  sudo=()
  if [[ $(id -u) -ne 0 ]]; then
    command -v sudo >/dev/null || { echo "contactsim: need root or sudo to install packages" >&2; exit 1; }
    sudo=(sudo)
  fi
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update -qq
  "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
if ! viewer_current; then
  echo "contactsim: npm ci in $viewer" >&2
  (cd "$viewer" && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
  cp "$viewer/package-lock.json" "$viewer_stamp"
fi
