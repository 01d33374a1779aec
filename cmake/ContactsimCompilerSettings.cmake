# Warnings, sanitizers and the compiler cache, applied to every contactsim target through
# the interface target contactsim_warnings (not exported: consumers keep their own flags).

find_program(CONTACTSIM_CCACHE ccache)
if(CONTACTSIM_CCACHE AND NOT CMAKE_CXX_COMPILER_LAUNCHER)
  # Paths under the source tree are hashed relative to it (base_dir, no cwd hash), so a fresh
  # clone elsewhere (CI) reuses the objects of an earlier build instead of compiling cold.
  set(CMAKE_CXX_COMPILER_LAUNCHER ${CMAKE_COMMAND} -E env CCACHE_BASEDIR=${CMAKE_SOURCE_DIR}
                                  CCACHE_NOHASHDIR=true ${CONTACTSIM_CCACHE})
endif()

add_library(contactsim_warnings INTERFACE)
target_compile_options(contactsim_warnings INTERFACE -Wall -Wextra -Wpedantic -Wshadow
                                                     -Wnon-virtual-dtor -Wconversion -Wno-sign-conversion)
if(CONTACTSIM_WERROR)
  target_compile_options(contactsim_warnings INTERFACE -Werror)
endif()

if(CONTACTSIM_SANITIZE)
  set(CONTACTSIM_SANITIZER_FLAGS -fsanitize=address,undefined -fno-sanitize-recover=all
                                 -fno-omit-frame-pointer)
  add_compile_options(${CONTACTSIM_SANITIZER_FLAGS})
  add_link_options(${CONTACTSIM_SANITIZER_FLAGS})
  list(JOIN CONTACTSIM_SANITIZER_FLAGS " " CONTACTSIM_SANITIZER_FLAGS_STRING)
endif()

# libFuzzer (CONTACTSIM_FUZZ, clang only, on top of the sanitizers): the library gets the
# coverage instrumentation the fuzzer steers by (CONTACTSIM_FUZZ_INSTRUMENT_FLAGS, applied in
# tests/fuzz/), the fuzz targets link libFuzzer's main (CONTACTSIM_FUZZ_TARGET_FLAGS).
if(CONTACTSIM_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "CONTACTSIM_FUZZ needs clang (libFuzzer): configure with "
                        "-DCMAKE_CXX_COMPILER=clang++ (the fuzz preset does)")
  endif()
  if(NOT CONTACTSIM_SANITIZE)
    message(FATAL_ERROR "CONTACTSIM_FUZZ needs CONTACTSIM_SANITIZE (ASan + UBSan)")
  endif()
  set(CONTACTSIM_FUZZ_INSTRUMENT_FLAGS -fsanitize=fuzzer-no-link)
  set(CONTACTSIM_FUZZ_TARGET_FLAGS -fsanitize=fuzzer,address,undefined)
endif()
