# expect.cmake — runs one command and checks its exit code and output, for the nnx
# command's tests (ctest alone can check either an exit code or the output, not both).
# Usage: cmake -DEXIT=N [-DSTDOUT=regex] [-DSTDERR=regex] -P expect.cmake -- COMMAND [ARGS...]
cmake_minimum_required(VERSION 3.20)

# The command is everything after "--" on cmake's own command line.
set(command "")
set(seen_separator FALSE)
math(EXPR last "${CMAKE_ARGC} - 1")
foreach(i RANGE ${last})
  if(seen_separator)
    # an argument's own ';' (nnx bench --shapes A;B) stays in it: escaped in the list
    string(REPLACE ";" "\\;" argument "${CMAKE_ARGV${i}}")
    list(APPEND command "${argument}")
  elseif(CMAKE_ARGV${i} STREQUAL "--")
    set(seen_separator TRUE)
  endif()
endforeach()
if(NOT command)
  message(FATAL_ERROR "expect.cmake: no command after --")
endif()

execute_process(COMMAND ${command}
  RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(REPLACE ";" " " shown "${command}")
message(STATUS "${shown}\nexit ${code}\n--- stdout\n${out}--- stderr\n${err}---")

if(NOT code STREQUAL "${EXIT}")
  message(FATAL_ERROR "exit code ${code}, expected ${EXIT}")
endif()
if(DEFINED STDOUT AND NOT out MATCHES "${STDOUT}")
  message(FATAL_ERROR "stdout does not match: ${STDOUT}")
endif()
if(DEFINED STDERR AND NOT err MATCHES "${STDERR}")
  message(FATAL_ERROR "stderr does not match: ${STDERR}")
endif()
