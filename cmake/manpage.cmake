# manpage.cmake — writes OUT, the nnx(1) man page, from the help texts of the built command
# NNX: `nnx --help` gives the synopsis, the command list, exit status and environment, and
# `nnx COMMAND --help` one subsection per command, so the page never disagrees with --help.
# Run by the build (cmake -P) after nnx is linked.
function(run_help out)
  execute_process(COMMAND ${NNX} ${ARGN} OUTPUT_VARIABLE text RESULT_VARIABLE failed)
  if(failed)
    message(FATAL_ERROR "manpage.cmake: '${NNX} ${ARGN}' failed (${failed})")
  endif()
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

# Help text as roff: backslashes escaped, a line starting with '.' or '\'' protected, '-'
# written as \- (a minus, so options copy and paste), all in no-fill mode.
function(to_roff out text)
  string(REPLACE "\\" "\\e" text "${text}")
  string(REPLACE "-" "\\-" text "${text}")
  string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" text "${text}")
  set(${out} ".nf\n${text}.fi\n" PARENT_SCOPE)
endfunction()

run_help(main --help)
run_help(version --version)
string(REGEX MATCH "^nnx ([^\n]*)" _ "${version}")
set(version_number "${CMAKE_MATCH_1}")

# The commands: the indented lines between "Commands:" and the next blank line.
string(REGEX MATCH "Commands:\n(([^\n]+\n)+)" _ "${main}")
string(REGEX MATCHALL "\n  ([a-z]+) " names "\n${CMAKE_MATCH_1}")
set(page ".TH NNX 1 \"\" \"nnx ${version_number}\" \"User Commands\"\n")
string(APPEND page ".SH NAME\nnnx \\- check, inspect, convert and run neural\\-network models\n")
to_roff(main_roff "${main}")
string(APPEND page ".SH DESCRIPTION\n${main_roff}")
string(APPEND page ".SH COMMANDS\n")
foreach(entry ${names})
  string(STRIP "${entry}" name)
  if(name STREQUAL "help")
    continue()
  endif()
  run_help(text ${name} --help)
  to_roff(roff "${text}")
  string(APPEND page ".SS \"nnx ${name}\"\n${roff}")
endforeach()
string(APPEND page ".SH SEE ALSO\nThe nnx documentation, docs/CLI.md in the source tree.\n")
file(WRITE "${OUT}" "${page}")
