# Siconos numerics (Debian libsiconos-numerics-dev) as the imported target contactsim::siconos: the
# LCP pivoting solvers used as oracle and fail-safe by solvers/siconos_lcp.cpp.
# The package's own CMake config cannot be used: siconos-config.cmake checks for /usr/bin/siconos,
# which only the full Siconos install provides, and fails. The library and headers are located
# directly. This file is installed with the package config, so a consumer of the static library
# gets the same target.
if(TARGET contactsim::siconos)
  return()
endif()

find_library(SICONOS_NUMERICS_LIBRARY siconos_numerics)
find_path(SICONOS_INCLUDE_DIR siconos/numerics/LCP_Solvers.h PATHS /usr/include)
find_path(SICONOS_SUITESPARSE_INCLUDE_DIR cs.h PATHS /usr/include/suitesparse)
if(NOT SICONOS_NUMERICS_LIBRARY OR NOT SICONOS_INCLUDE_DIR OR NOT SICONOS_SUITESPARSE_INCLUDE_DIR)
  message(FATAL_ERROR
    "Siconos numerics not found (library siconos_numerics: '${SICONOS_NUMERICS_LIBRARY}', "
    "headers siconos/numerics/LCP_Solvers.h: '${SICONOS_INCLUDE_DIR}', suitesparse cs.h: "
    "'${SICONOS_SUITESPARSE_INCLUDE_DIR}'). Install libsiconos-numerics-dev (Debian/Ubuntu) or set "
    "SICONOS_NUMERICS_LIBRARY and SICONOS_INCLUDE_DIR.")
endif()

add_library(contactsim::siconos UNKNOWN IMPORTED)
# The headers include "SiconosConfig.h" and "NumericsFwd.h" relative to siconos/ and
# siconos/numerics/, and NumericsMatrix.h reaches CSparse's cs.h.
set_target_properties(contactsim::siconos PROPERTIES
  IMPORTED_LOCATION "${SICONOS_NUMERICS_LIBRARY}"
  INTERFACE_INCLUDE_DIRECTORIES
    "${SICONOS_INCLUDE_DIR};${SICONOS_INCLUDE_DIR}/siconos;${SICONOS_SUITESPARSE_INCLUDE_DIR}")
message(STATUS "Siconos numerics (LCP pivoting): ${SICONOS_NUMERICS_LIBRARY}")
