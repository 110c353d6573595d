# Embed seeds/starter.csv into a C source as one string.
# Run at build time: cmake -DIN=<starter.csv> -DOUT=<file.c> -P embed_seeds.cmake
file(READ ${IN} text)
string(REPLACE "\\" "\\\\" text "${text}")
string(REPLACE "\"" "\\\"" text "${text}")
string(REPLACE "\n" "\\n\"\n    \"" text "${text}")
set(source "/* Generated from seeds/starter.csv by seeds/embed_seeds.cmake: do not edit. */
extern const char ski_seeds_starter[];

const char ski_seeds_starter[] =
    \"${text}\";
")
if(EXISTS ${OUT})
  file(READ ${OUT} old)
endif()
if(NOT "${old}" STREQUAL "${source}")
  file(WRITE ${OUT} "${source}")
endif()
