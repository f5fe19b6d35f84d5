# check_layers.cmake — proves that the build enforces the layers of src/CMakeLists.txt: for
# each layer, a file including a header of a layer it may not use fails to compile with that
# layer's include root, and one including its own header compiles. Also fails on an
# #include that climbs out of its folder ("../"), which would bypass the include roots, and
# on a kernel of src/cpu/ that names a graph object (nnx_node, nnx_ir, nnx_value): kernels
# take an op's arguments, views and sizes.
# Usage: cmake -DSOURCE_DIR=<repo> -DLAYER_DIR=<build>/src/layer_include -DCC=<compiler> -P check_layers.cmake
cmake_minimum_required(VERSION 3.20)
include(${LAYER_DIR}/layers.cmake)
set(probe_dir ${LAYER_DIR}/probes)
file(MAKE_DIRECTORY ${probe_dir})
set(failures "")
set(count 0)

# compiles(RESULT LAYER HEADER): whether a file including HEADER compiles with LAYER's root.
function(compiles result layer header)
  string(MAKE_C_IDENTIFIER "${layer}_${header}" id)
  file(WRITE ${probe_dir}/${id}.c "#include \"${header}\"\n")
  execute_process(COMMAND ${CC} -std=gnu11 -fsyntax-only -I${SOURCE_DIR}/include -I${LAYER_DIR}/${layer}
                  ${probe_dir}/${id}.c RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
  if(rc EQUAL 0)
    set(${result} TRUE PARENT_SCOPE)
  else()
    set(${result} FALSE PARENT_SCOPE)
  endif()
endfunction()

# A header of each layer that compiles on its own: the first, by name, at the layer's top.
foreach(layer IN LISTS NNX_LAYERS)
  file(GLOB headers RELATIVE ${SOURCE_DIR}/src ${SOURCE_DIR}/src/${layer}/*.h)
  list(SORT headers)
  set(header_${layer} "")
  foreach(h IN LISTS headers)
    compiles(ok ${layer} ${h})
    if(ok)
      set(header_${layer} ${h})
      break()
    endif()
  endforeach()
  if(NOT header_${layer})
    list(APPEND failures "src/${layer}/ has no header that compiles with its own include root")
  endif()
endforeach()

foreach(layer IN LISTS NNX_LAYERS)
  foreach(other IN LISTS NNX_LAYERS)
    if(other STREQUAL layer OR other IN_LIST NNX_LAYER_${layer}_USES OR NOT header_${other})
      continue()
    endif()
    math(EXPR count "${count} + 1")
    compiles(ok ${layer} ${header_${other}})
    if(ok)
      list(APPEND failures "${layer}/ could include ${header_${other}}, a layer it does not use")
    endif()
  endforeach()
endforeach()

# refuse_lines(WHAT REGEX FILES...): a failure "FILE WHAT: LINES" for each file with a line
# matching REGEX.
function(refuse_lines what regex)
  foreach(f IN LISTS ARGN)
    file(STRINGS ${f} lines REGEX "${regex}")
    if(lines)
      list(APPEND failures "${f} ${what}: ${lines}")
    endif()
  endforeach()
  set(failures ${failures} PARENT_SCOPE)
endfunction()

file(GLOB_RECURSE sources ${SOURCE_DIR}/src/*.c ${SOURCE_DIR}/src/*.h)
refuse_lines("climbs out of its folder" "^[ \t]*#[ \t]*include[ \t]*\"[^\"]*\\.\\./" ${sources})
file(GLOB cpu_sources ${SOURCE_DIR}/src/cpu/*.c ${SOURCE_DIR}/src/cpu/*.h)
refuse_lines("names a graph object" "nnx_(node|ir|value)[^_a-z0-9]|ir/graph\\.h" ${cpu_sources})

if(failures)
  string(REPLACE ";" "\n  " text "${failures}")
  message(FATAL_ERROR "layering broken:\n  ${text}")
endif()
message(STATUS "${count} includes of layers not used refused; no include climbs out of its folder; "
               "no kernel of src/cpu/ names a graph object")
