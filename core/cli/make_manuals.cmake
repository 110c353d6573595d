# The man pages and the bash completion of the built sudokit, written by the
# program itself (`sudokit help --format man|commands|bash`), so that they
# say what its --help and docs/cli.md say.
# Run at build time: cmake -DSUDOKIT=<exe> -DOUT_DIR=<dir> -DSTAMP=<file> -P make_manuals.cmake
# Writes OUT_DIR/man1/sudokit.1, OUT_DIR/man1/sudokit-COMMAND.1 (a space of
# the command's words as '-': sudokit-db-query.1) and OUT_DIR/completions/sudokit.

# Run sudokit with args, its output into file; stop the build when it fails.
function(sk_manual_write file)
  execute_process(COMMAND ${SUDOKIT} help ${ARGN} OUTPUT_FILE ${file}
                  RESULT_VARIABLE status ERROR_VARIABLE errors)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "sudokit help ${ARGN} failed (${status}): ${errors}")
  endif()
endfunction()

execute_process(COMMAND ${SUDOKIT} help --format commands OUTPUT_VARIABLE commands
                RESULT_VARIABLE status ERROR_VARIABLE errors)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "sudokit help --format commands failed (${status}): ${errors}")
endif()
# A command no longer there leaves no page behind.
file(REMOVE_RECURSE ${OUT_DIR}/man1 ${OUT_DIR}/completions)
file(MAKE_DIRECTORY ${OUT_DIR}/man1 ${OUT_DIR}/completions)
sk_manual_write(${OUT_DIR}/man1/sudokit.1 --format man)
string(REPLACE "\n" ";" commands "${commands}")
foreach(words IN LISTS commands)
  if(words STREQUAL "")
    continue()
  endif()
  string(REPLACE " " "-" name "${words}")
  separate_arguments(args UNIX_COMMAND "${words}")
  sk_manual_write(${OUT_DIR}/man1/sudokit-${name}.1 --format man ${args})
endforeach()
sk_manual_write(${OUT_DIR}/completions/sudokit --format bash)
file(TOUCH ${STAMP})
