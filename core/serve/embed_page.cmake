# Embed the page's files (core/serve/page/) into a C source as byte arrays,
# so that the server never reads a file from disk.
# Run at build time: cmake -DASSETS=<url=type=file|...> -DOUT=<file.c> -P embed_page.cmake
# Each entry is the URL path it is served at, its content type and its file.
string(REPLACE "|" ";" assets "${ASSETS}")
set(arrays "")
set(table "")
set(index 0)
foreach(entry IN LISTS assets)
  string(REPLACE "=" ";" parts "${entry}")
  list(GET parts 0 url)
  list(GET parts 1 type)
  list(GET parts 2 path)
  file(READ ${path} hex HEX)
  string(LENGTH "${hex}" hex_length)
  math(EXPR size "${hex_length} / 2")
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
  string(REGEX REPLACE "((0x..,){16})" "\\1\n    " bytes "${bytes}")
  string(APPEND arrays "static const unsigned char asset_${index}[] = {\n    ${bytes}0x00};\n")
  string(APPEND table "    {\"${url}\", \"${type}\", asset_${index}, ${size}},\n")
  math(EXPR index "${index} + 1")
endforeach()
set(text "/* Generated from core/serve/page/ by core/serve/embed_page.cmake: do not edit. */
#include \"serve_internal.h\"

${arrays}
const serve_asset serve_assets[] = {
${table}};
const size_t serve_asset_count = ${index};
")
if(EXISTS ${OUT})
  file(READ ${OUT} old)
endif()
if(NOT "${old}" STREQUAL "${text}")
  file(WRITE ${OUT} "${text}")
endif()
