# Embed a csv of seeds/ (the starter collection, the hard seeds) into a C
# source as one string named NAME.
# Run at build time: cmake -DIN=<file.csv> -DOUT=<file.c> -DNAME=<symbol> -P embed_seeds.cmake
file(READ ${IN} text)
get_filename_component(base ${IN} NAME)
string(REPLACE "\\" "\\\\" text "${text}")
string(REPLACE "\"" "\\\"" text "${text}")
string(REPLACE "\n" "\\n\"\n    \"" text "${text}")
set(source "/* Generated from seeds/${base} by seeds/embed_seeds.cmake: do not edit. */
extern const char ${NAME}[];

const char ${NAME}[] =
    \"${text}\";
")
if(EXISTS ${OUT})
  file(READ ${OUT} old)
endif()
if(NOT "${old}" STREQUAL "${source}")
  file(WRITE ${OUT} "${source}")
endif()
