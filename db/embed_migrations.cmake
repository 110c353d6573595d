# Embed the numbered migrations db/NNNN_name.sql into a C source.
# Run at build time: cmake -DSQL_FILES=<a.sql|b.sql...> -DOUT=<file.c> -P embed_migrations.cmake
# The files (listed in core/CMakeLists.txt) must be numbered 0001, 0002, ...
# without gaps: migration N sets PRAGMA user_version = N.
string(REPLACE "|" ";" sql_files "${SQL_FILES}")
set(body "")
set(expected 1)
foreach(path IN LISTS sql_files)
  get_filename_component(name ${path} NAME)
  string(SUBSTRING ${name} 0 4 number)
  math(EXPR number "${number}")
  if(NOT number EQUAL expected)
    message(FATAL_ERROR "db/${name}: expected migration number ${expected}")
  endif()
  math(EXPR expected "${expected} + 1")
  file(READ ${path} sql)
  string(REPLACE "\\" "\\\\" sql "${sql}")
  string(REPLACE "\"" "\\\"" sql "${sql}")
  string(REPLACE "\t" "\\t" sql "${sql}")
  string(REPLACE "\n" "\\n\"\n    \"" sql "${sql}")
  string(APPEND body "    /* ${name} */\n    \"${sql}\",\n")
endforeach()
math(EXPR count "${expected} - 1")
if(count EQUAL 0)
  message(FATAL_ERROR "no migrations given")
endif()
set(text "/* Generated from the migrations in db/ by db/embed_migrations.cmake: do not edit. */
#include <stddef.h>

extern const char *const ski_store_migrations[];
extern const size_t ski_store_migration_count;

const char *const ski_store_migrations[] = {
${body}};
const size_t ski_store_migration_count = ${count};
")
# Write only when changed, so an unchanged schema does not relink.
if(EXISTS ${OUT})
  file(READ ${OUT} old)
endif()
if(NOT "${old}" STREQUAL "${text}")
  file(WRITE ${OUT} "${text}")
endif()
