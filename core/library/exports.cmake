# Writes the linker version script of libsudokit: its public API is exactly
# what its installed headers declare. Every function declared at the start
# of a line (`TYPE sk_name(` or `TYPE *sk_name(`, the return type on the
# same line) and every `extern` object named sk_* in HEADERS ('|'-separated)
# is exported; everything else stays local to the library.
# With -DKIND=dynamic-list it writes a linker dynamic list instead: what an
# executable exports to the modules it loads (core/serve/CMakeLists.txt).
#   cmake -DHEADERS=a.h|b.h -DOUT=libsudokit.map [-DKIND=dynamic-list] -P exports.cmake
string(REPLACE "|" ";" headers "${HEADERS}")
set(names "")
foreach(header IN LISTS headers)
  file(READ "${header}" text)
  set(text "\n${text}") # every declaration starts after a newline
  # Semicolons and brackets would split or group list items
  # (cmake-language(7)): make them plain characters first.
  string(REPLACE ";" "@" text "${text}")
  string(REPLACE "[" "<" text "${text}")
  string(REPLACE "]" ">" text "${text}")
  # Functions: a line that starts with a type (not typedef, static or
  # a comment) and names sk_* right before '('.
  string(REGEX MATCHALL "\n[A-Za-z][^\n@(/]*[ *]sk_[a-z0-9_]+\\(" functions "${text}")
  # Objects: `extern TYPE sk_name[N]` or `extern TYPE sk_name;`.
  string(REGEX MATCHALL "\nextern [^\n@(]*[ *]sk_[a-z0-9_]+[<@]" objects "${text}")
  foreach(declaration IN LISTS functions objects)
    if(declaration MATCHES "^\n(typedef|static) ")
      continue()
    endif()
    string(REGEX MATCH "sk_[a-z0-9_]+[<@(]$" name "${declaration}")
    string(REGEX REPLACE "[<@(]$" "" name "${name}")
    list(APPEND names "${name}")
  endforeach()
endforeach()
list(REMOVE_DUPLICATES names)
list(SORT names)
if(KIND STREQUAL "dynamic-list")
  set(map "/* Generated from headers by core/library/exports.cmake. */\n{\n")
  foreach(name IN LISTS names)
    string(APPEND map "  ${name};\n")
  endforeach()
  string(APPEND map "};\n")
else()
  set(map "/* Generated from the installed headers by core/library/exports.cmake. */\n{\n  global:\n")
  foreach(name IN LISTS names)
    string(APPEND map "    ${name};\n")
  endforeach()
  string(APPEND map "  local:\n    *;\n};\n")
endif()
# Rewrite only on change, so that an unchanged list does not relink.
if(EXISTS "${OUT}")
  file(READ "${OUT}" old)
endif()
if(NOT old STREQUAL map)
  file(WRITE "${OUT}" "${map}")
endif()
