/* What keeps a script under an instruction limit from running on where the
 * count hook cannot stop it. The hook stops the script by yielding, or by
 * raising a memory error where it cannot yield (lua_state.c); two places
 * would still escape it:
 *  - a finaliser: Lua runs __gc with hooks off, so a loop there never
 *    ends. Here a table's finaliser runs in a coroutine of its own, where
 *    hooks are on: setmetatable hides __gc from Lua and ties the table to
 *    a hidden userdata whose C finaliser calls the table's __gc;
 *  - pcall and xpcall: they would catch the memory error and let a loop
 *    that cannot yield (a message handler, a sort comparator) go on.
 *    Here they raise the limit again once it is reached.
 * The guard is installed in states with an instruction limit. The classes
 * of the module hide their metatables (ski_lua_new_class), so no script
 * can give a C object a __gc of its own. Without the sandbox the debug
 * library can undo all this: the limits stop runaway scripts, the sandbox
 * is for untrusted ones. */
#include "lua_internal.h"

#define LGUARD_SHADOWS "sudokit.finalised" /* registry: table -> its shadow */
#define LGUARD_SHADOW "sudokit.shadow"     /* the shadows' metatable        */

/* Raise the stop message when the limit was reached. */
static void lguard_raise_if_stopped(lua_State *L)
{
    uint64_t reached = ski_lua_limit_reached(L);
    if (reached) {
        lua_pushfstring(L, "script stopped: instruction limit %I reached", (lua_Integer)reached);
        lua_error(L);
    }
}

/* After pcall or xpcall (upvalue 1) returned: their results, unless the
 * limit was reached while they ran. */
static int lguard_caught(lua_State *L, int status, lua_KContext ctx)
{
    (void)status;
    (void)ctx;
    if (!lua_toboolean(L, 1))
        lguard_raise_if_stopped(L);
    return lua_gettop(L);
}

/* pcall(f, ...) and xpcall(f, handler, ...): the base library's, called so
 * that a yield passes through. */
static int lguard_catch(lua_State *L)
{
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_callk(L, lua_gettop(L) - 1, LUA_MULTRET, 0, lguard_caught);
    return lguard_caught(L, LUA_OK, 0);
}

/* The C finaliser of a shadow: call its table's __gc (whatever it is now)
 * in a coroutine, where the count hook runs. */
static int lguard_finalise(lua_State *L)
{
    lua_getiuservalue(L, 1, 1);
    if (!lua_getmetatable(L, -1))
        return 0;
    lua_pushliteral(L, "__gc");
    if (lua_rawget(L, -2) == LUA_TNIL)
        return 0;
    /* Forgotten first: the finaliser may register the table again. */
    lua_getfield(L, LUA_REGISTRYINDEX, LGUARD_SHADOWS);
    lua_pushvalue(L, 2);
    lua_pushnil(L);
    lua_rawset(L, -3);
    lua_pop(L, 1);
    lua_State *co = lua_newthread(L);
    lua_pushvalue(L, -2);
    lua_pushvalue(L, 2);
    lua_xmove(L, co, 2);
    int results;
    int status = lua_resume(co, L, 1, &results);
    lguard_raise_if_stopped(L);
    if (status == LUA_OK)
        return 0;
    if (status == LUA_YIELD)
        return luaL_error(L, "a finaliser cannot yield");
    lua_xmove(co, L, 1);
    return lua_error(L);
}

/* setmetatable(t, mt) as the base library's, but a __gc of mt is called
 * through a shadow (see the top of the file). */
static int lguard_setmetatable(lua_State *L)
{
    int type = lua_type(L, 2);
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_argexpected(L, type == LUA_TNIL || type == LUA_TTABLE, 2, "nil or table");
    if (luaL_getmetafield(L, 1, "__metatable") != LUA_TNIL)
        return luaL_error(L, "cannot change a protected metatable");
    lua_settop(L, 2);
    lua_pushliteral(L, "__gc");
    if (type == LUA_TNIL || lua_rawget(L, 2) == LUA_TNIL) {
        lua_settop(L, 2);
        lua_setmetatable(L, 1);
        return 1;
    }
    /* Lua marks t for finalisation only when mt has __gc as it is set:
     * hide it meanwhile (raw, as Lua looks it up). */
    lua_pushliteral(L, "__gc");
    lua_pushnil(L);
    lua_rawset(L, 2);
    lua_pushvalue(L, 2);
    lua_setmetatable(L, 1);
    lua_pushliteral(L, "__gc");
    lua_pushvalue(L, 3);
    lua_rawset(L, 2);
    lua_getfield(L, LUA_REGISTRYINDEX, LGUARD_SHADOWS);
    lua_pushvalue(L, 1);
    if (lua_rawget(L, -2) == LUA_TNIL) {
        lua_pushvalue(L, 1);
        lua_newuserdatauv(L, 0, 1);
        lua_pushvalue(L, 1);
        lua_setiuservalue(L, -2, 1);
        luaL_setmetatable(L, LGUARD_SHADOW);
        lua_rawset(L, 4);
    }
    lua_settop(L, 1);
    return 1;
}

/* Replace the global name with fn, given the old value as its upvalue. */
static void lguard_wrap(lua_State *L, const char *name, lua_CFunction fn)
{
    lua_getglobal(L, name);
    lua_pushcclosure(L, fn, 1);
    lua_setglobal(L, name);
}

void ski_lua_guard_limits(lua_State *L)
{
    lua_newtable(L);
    lua_createtable(L, 0, 1);
    lua_pushliteral(L, "k");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
    lua_setfield(L, LUA_REGISTRYINDEX, LGUARD_SHADOWS);
    static const luaL_Reg shadow_meta[] = {{"__gc", lguard_finalise}, {NULL, NULL}};
    ski_lua_new_class(L, LGUARD_SHADOW, NULL, shadow_meta);
    lguard_wrap(L, "pcall", lguard_catch);
    lguard_wrap(L, "xpcall", lguard_catch);
    lua_pushcfunction(L, lguard_setmetatable);
    lua_setglobal(L, "setmetatable");
}
