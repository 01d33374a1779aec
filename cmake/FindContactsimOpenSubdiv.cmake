# OpenSubdiv 3.5 (Debian libosd-dev) as the imported target contactsim::opensubdiv, for tests only.
# The package's own CMake config is broken (it names a libosdCPU.a that is not installed), so the
# shared library and headers are located directly. libosdCPU is built with OpenMP (libgomp).
if(TARGET contactsim::opensubdiv)
  return()
endif()

find_library(OSD_CPU_LIBRARY osdCPU)
find_path(OSD_INCLUDE_DIR opensubdiv/version.h PATHS /usr/include)
if(NOT OSD_CPU_LIBRARY OR NOT OSD_INCLUDE_DIR)
  message(FATAL_ERROR
    "OpenSubdiv not found (library osdCPU: '${OSD_CPU_LIBRARY}', headers opensubdiv/version.h: "
    "'${OSD_INCLUDE_DIR}'). Install libosd-dev (Debian/Ubuntu) or set OSD_CPU_LIBRARY and "
    "OSD_INCLUDE_DIR.")
endif()

find_package(OpenMP COMPONENTS CXX)

add_library(contactsim::opensubdiv UNKNOWN IMPORTED)
set_target_properties(contactsim::opensubdiv PROPERTIES
  IMPORTED_LOCATION "${OSD_CPU_LIBRARY}"
  INTERFACE_INCLUDE_DIRECTORIES "${OSD_INCLUDE_DIR}")
if(TARGET OpenMP::OpenMP_CXX)
  set_property(TARGET contactsim::opensubdiv APPEND PROPERTY
    INTERFACE_LINK_LIBRARIES "$<LINK_ONLY:OpenMP::OpenMP_CXX>")  # link only: no -fopenmp
else()
  set_property(TARGET contactsim::opensubdiv APPEND PROPERTY INTERFACE_LINK_LIBRARIES gomp)
endif()
message(STATUS "OpenSubdiv (test oracle): ${OSD_CPU_LIBRARY}")
