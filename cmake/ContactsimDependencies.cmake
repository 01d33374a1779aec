# Every dependency comes from a Debian package that scripts/install-deps.sh installs
# (../shared/DEPENDENCIES.md lists the package names and the packaging defects).

find_package(Eigen3 3.4 REQUIRED NO_MODULE)          # libeigen3-dev
find_package(nlohmann_json 3.11 REQUIRED)             # nlohmann-json3-dev
find_package(tinyobjloader REQUIRED)                  # libtinyobjloader-dev; no version: "2rc10" fails
include(FindContactsimSiconos)                        # libsiconos-numerics-dev: contactsim::siconos
find_package(PkgConfig REQUIRED)
pkg_check_modules(FFTW3 REQUIRED IMPORTED_TARGET fftw3)  # libfftw3-dev: no CMake config
find_package(TBB REQUIRED)                            # libtbb-dev: TBB::tbb
find_package(fcl 0.7 REQUIRED)                        # libfcl-dev: target fcl (BVH distance)
find_package(embree 3 REQUIRED)                       # libembree-dev: target embree (ray casting)
if(CONTACTSIM_BUILD_APPS)
  find_package(CLI11 2.1 REQUIRED)                    # libcli11-dev
endif()
if(CONTACTSIM_BUILD_TESTS)
  find_package(GTest REQUIRED)                        # googletest, libgtest-dev
endif()
if(CONTACTSIM_BUILD_BENCHMARKS)
  find_package(benchmark REQUIRED)                    # libbenchmark-dev
endif()
