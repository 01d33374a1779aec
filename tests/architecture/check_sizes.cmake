cmake_minimum_required(VERSION 3.25)
# The structure docs/ARCHITECTURE.md promises: every source file of the library, the CLI, the tests,
# the benchmarks, the reference problems and the Python bindings at most 600 lines; the World
# façade (world.hpp and world.cpp) under 300; at most `max_public_headers` headers in include/contactsim (what users
# need; the models' machinery lives in src/).
# Run as: cmake -DSOURCE_DIR=... -P check_sizes.cmake
set(max_public_headers 30)
set(problems "")
file(GLOB_RECURSE sources RELATIVE ${SOURCE_DIR}
     ${SOURCE_DIR}/src/*.hpp ${SOURCE_DIR}/src/*.cpp ${SOURCE_DIR}/include/*.hpp
     ${SOURCE_DIR}/apps/*.cpp ${SOURCE_DIR}/apps/*.hpp ${SOURCE_DIR}/tests/*.cpp
     ${SOURCE_DIR}/tests/*.hpp ${SOURCE_DIR}/bench/*.cpp ${SOURCE_DIR}/bench/*.hpp
     ${SOURCE_DIR}/reference/*.cpp ${SOURCE_DIR}/reference/*.hpp
     ${SOURCE_DIR}/python/*.cpp ${SOURCE_DIR}/python/*.hpp)
function(line_count file out)
  file(READ ${SOURCE_DIR}/${file} text)
  string(REGEX MATCHALL "\n" newlines "${text}")
  list(LENGTH newlines n)
  set(${out} ${n} PARENT_SCOPE)
endfunction()
foreach(file IN LISTS sources)
  line_count(${file} count)
  if(count GREATER 600)
    list(APPEND problems "${file}: ${count} lines (at most 600)")
  endif()
endforeach()
set(facade 0)
foreach(file include/contactsim/world/world.hpp src/world/world.cpp)
  line_count(${file} count)
  math(EXPR facade "${facade} + ${count}")
endforeach()
if(NOT facade LESS 300)
  list(APPEND problems "the World façade (world.hpp + world.cpp) has ${facade} lines (under 300)")
endif()
file(GLOB_RECURSE public RELATIVE ${SOURCE_DIR} ${SOURCE_DIR}/include/contactsim/*.hpp)
list(LENGTH public public_count)
if(public_count GREATER max_public_headers)
  list(APPEND problems "${public_count} public headers (at most ${max_public_headers})")
endif()
if(problems)
  list(JOIN problems "\n  " text)
  message(FATAL_ERROR "structure:\n  ${text}")
endif()
message(STATUS "structure: files <= 600 lines, façade ${facade} lines, ${public_count} public headers")
