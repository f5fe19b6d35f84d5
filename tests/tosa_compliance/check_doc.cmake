# check_doc.cmake — fails when the checked-in docs/TOSA.md differs from the table the
# compliance runner just wrote (ctest tosa_compliance), so the document cannot drift from
# what nnx actually passes. Usage: cmake -DDOC=<docs/TOSA.md> -DGENERATED=<written> -P check_doc.cmake
file(READ "${DOC}" doc)
file(READ "${GENERATED}" generated)
if(NOT doc STREQUAL generated)
  message(FATAL_ERROR "${DOC} is out of date; regenerate it with: nnx-tosa-compliance --markdown ${DOC}")
endif()
message(STATUS "${DOC} matches the compliance runner's table")
