/* Lua binding of the puzzle reader: iterate over the puzzles of a file. */
#include <stdio.h>
#include <string.h>

#include "lua_internal.h"
#include "sudokit/reader.h"

typedef struct lreader {
    sk_reader *reader; /* NULL once closed */
} lreader;

static lreader *lreader_check(lua_State *L, int arg)
{
    return luaL_checkudata(L, arg, SK_LUA_READER);
}

/* Shared by __gc and __close: safe to call twice. */
static int lreader_close(lua_State *L)
{
    lreader *r = lreader_check(L, 1);
    sk_reader_close(r->reader);
    r->reader = NULL;
    return 0;
}

/* The iterator: returns grid, {puzzle=N, line=L, name=FILE}; nil at the
 * end. A bad puzzle raises an error naming file:line:column. */
static int lreader_next(lua_State *L)
{
    lreader *r = lreader_check(L, lua_upvalueindex(1));
    if (!r->reader)
        return 0;
    sk_grid grid;
    sk_read_status status = sk_reader_next(r->reader, &grid);
    if (status == SK_READ_END) {
        sk_reader_close(r->reader);
        r->reader = NULL;
        return 0;
    }
    if (status != SK_READ_OK)
        return luaL_error(L, "%s", sk_reader_error(r->reader));
    const sk_reader_position *pos = sk_reader_position_of(r->reader);
    ski_lua_push_grid(L, &grid);
    lua_createtable(L, 0, 3);
    lua_pushinteger(L, (lua_Integer)pos->puzzle);
    lua_setfield(L, -2, "puzzle");
    lua_pushinteger(L, (lua_Integer)pos->line);
    lua_setfield(L, -2, "line");
    lua_pushstring(L, pos->name);
    lua_setfield(L, -2, "name");
    return 2;
}

/* sudokit.read(path) -> iterator, nil, nil, closer | nil, message.
 * path "-" reads standard input. */
static int lreader_open(lua_State *L)
{
    const char *path = luaL_checkstring(L, 1);
    if (strcmp(path, "-") != 0)
        ski_lua_check_file(L, path, SK_ACCESS_READ);
    lreader *r = lua_newuserdatauv(L, sizeof *r, 1);
    r->reader = NULL;
    luaL_setmetatable(L, SK_LUA_READER);
    /* The reader keeps a pointer to its name: keep the string alive. */
    lua_pushvalue(L, 1);
    lua_setiuservalue(L, -2, 1);
    sk_error err;
    r->reader = sk_reader_open(path, &err);
    if (!r->reader)
        return ski_lua_fail(L, "%s", err.message);
    lua_pushvalue(L, -1);
    lua_pushcclosure(L, lreader_next, 1);
    lua_pushnil(L);
    lua_pushnil(L);
    lua_rotate(L, -4, -1); /* iterator, nil, nil, reader */
    return 4;
}

static const luaL_Reg lreader_meta[] = {
    {"__gc", lreader_close}, {"__close", lreader_close}, {NULL, NULL}};

static const luaL_Reg lreader_functions[] = {{"read", lreader_open}, {NULL, NULL}};

void ski_lua_open_reader(lua_State *L)
{
    ski_lua_new_class(L, SK_LUA_READER, NULL, lreader_meta);
    luaL_setfuncs(L, lreader_functions, 0);
}
