# check_docs.cmake — fails when an operation of src/ir/ops.def is missing from the op table
# in docs/OPS.md, so the document cannot silently fall behind the code.
# Usage: cmake -DSOURCE_DIR=<repo> -P check_docs.cmake
file(STRINGS "${SOURCE_DIR}/src/ir/ops.def" rows REGEX "^NNX_OP\\(")
file(READ "${SOURCE_DIR}/docs/OPS.md" doc)
set(missing "")
foreach(row IN LISTS rows)
  string(REGEX REPLACE "^NNX_OP\\([A-Z0-9_]+, *([a-z0-9_]+),.*" "\\1" name "${row}")
  string(REGEX MATCH "\\| ([a-z0-9_, ]+, )?${name}(,[a-z0-9_, ]+)? \\|" found "${doc}")
  if(NOT found)
    list(APPEND missing ${name})
  endif()
endforeach()
list(LENGTH rows count)
if(missing)
  message(FATAL_ERROR "ops.def operations missing from docs/OPS.md's op table: ${missing}")
endif()
message(STATUS "all ${count} operations of ops.def are documented")
