# check_format_layers.cmake — fails, naming file and line, when a file of src/formats/nnef/
# includes a file of a later NNEF stage, or when a file of any format family
# (src/formats/<family>/) includes another family's files (formats/*.h at the top is shared).
# Usage: cmake -DSOURCE_DIR=<repo> -P check_format_layers.cmake

# The NNEF stages in the order data flows through them, written once. "model" stands for the
# files at the top of src/formats/nnef/ (the model driver): it runs the stages before it and
# lower/ and emit/ take what it gives.
set(nnef_stages files syntax check flatten shapes model lower emit)
string(REPLACE ";" " < " order "${nnef_stages}")

# The stage of a path relative to src/formats/nnef/ in out; "" when it names no known stage.
function(nnef_stage rel out)
  if(rel MATCHES "^([a-z_]+)/")
    set(stage ${CMAKE_MATCH_1})
  else()
    set(stage model)
  endif()
  list(FIND nnef_stages ${stage} index)
  if(index LESS 0)
    set(stage "")
  endif()
  set(${out} ${stage} PARENT_SCOPE)
endfunction()

set(formats ${SOURCE_DIR}/src/formats)
file(GLOB_RECURSE sources RELATIVE ${formats} ${formats}/*.c ${formats}/*.h)
set(problems "")
set(checked 0)
foreach(rel IN LISTS sources)
  if(NOT rel MATCHES "^([a-z_]+)/(.*)$")
    continue() # shared formats/*.h and *.c
  endif()
  set(family ${CMAKE_MATCH_1})
  set(inner ${CMAKE_MATCH_2})
  if(family STREQUAL "nnef")
    nnef_stage(${inner} from)
    if(from STREQUAL "")
      string(APPEND problems "src/formats/${rel}: its folder is not an NNEF stage (${order})\n")
      continue()
    endif()
    list(FIND nnef_stages ${from} from_index)
  endif()
  # one list item per line: ';' and brackets (which CMake lists treat specially) are masked
  file(READ ${formats}/${rel} text)
  string(REPLACE ";" "<semicolon>" text "${text}")
  string(REPLACE "[" "<open>" text "${text}")
  string(REPLACE "]" "<close>" text "${text}")
  string(REPLACE "\n" ";" lines "${text}")
  set(line_no 0)
  foreach(line IN LISTS lines)
    math(EXPR line_no "${line_no} + 1")
    if(NOT line MATCHES "^[ \t]*#[ \t]*include[ \t]*\"formats/([a-z_]+)/([^\"]+)\"")
      continue()
    endif()
    set(to_family ${CMAKE_MATCH_1})
    set(to_inner ${CMAKE_MATCH_2})
    math(EXPR checked "${checked} + 1")
    if(NOT to_family STREQUAL family)
      string(APPEND problems "src/formats/${rel}:${line_no}: includes formats/${to_family}/${to_inner}, "
                             "another format family's internals\n")
    elseif(family STREQUAL "nnef")
      nnef_stage(${to_inner} to)
      list(FIND nnef_stages "${to}" to_index)
      if(to STREQUAL "")
        string(APPEND problems "src/formats/${rel}:${line_no}: includes formats/nnef/${to_inner}, "
                               "not in an NNEF stage\n")
      elseif(to_index GREATER from_index)
        string(APPEND problems "src/formats/${rel}:${line_no}: stage ${from} includes formats/nnef/${to_inner} "
                               "of the later stage ${to} (${order})\n")
      endif()
    endif()
  endforeach()
endforeach()
if(problems)
  message(FATAL_ERROR "format layering broken:\n${problems}")
endif()
message(STATUS "${checked} includes of formats/ files keep the NNEF stage order and the family borders")
