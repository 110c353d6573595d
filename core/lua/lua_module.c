/* The `sudokit` Lua module: its entry point, the host it draws strategies
 * from, and the module table. */
#include <stdlib.h>
#include <string.h>

#include "lua_internal.h"
#include "sudokit_lua.h"

#define LMODULE_HOSTREF "sudokit.hostref"

void ski_lua_hostref_retain(ski_lua_hostref *ref)
{
    ref->refs++;
}

void ski_lua_hostref_release(ski_lua_hostref *ref)
{
    if (!ref || --ref->refs > 0)
        return;
    if (ref->owned)
        sk_ctx_free(ref->ctx); /* and the host it loaded */
    free(ref->plugin_path);
    free(ref->db_path);
    free(ref);
}

/* The registry holds a userdata pointing at the shared reference; its
 * finaliser drops the module's reference. */
static int lmodule_hostref_gc(lua_State *L)
{
    ski_lua_hostref **slot = lua_touserdata(L, 1);
    ski_lua_hostref_release(*slot);
    *slot = NULL;
    return 0;
}

/* Create the registry entry for L if there is none; return it. */
static ski_lua_hostref *lmodule_hostref_ensure(lua_State *L)
{
    if (lua_getfield(L, LUA_REGISTRYINDEX, LMODULE_HOSTREF) == LUA_TUSERDATA) {
        ski_lua_hostref *ref = *(ski_lua_hostref **)lua_touserdata(L, -1);
        lua_pop(L, 1);
        return ref;
    }
    lua_pop(L, 1);
    ski_lua_hostref **slot = lua_newuserdatauv(L, sizeof *slot, 0);
    *slot = NULL;
    lua_createtable(L, 0, 1);
    lua_pushcfunction(L, lmodule_hostref_gc);
    lua_setfield(L, -2, "__gc");
    lua_setmetatable(L, -2);
    *slot = calloc(1, sizeof **slot);
    if (!*slot)
        luaL_error(L, "not enough memory");
    **slot = (ski_lua_hostref){.owned = 1, .refs = 1};
    ski_lua_hostref *ref = *slot;
    lua_setfield(L, LUA_REGISTRYINDEX, LMODULE_HOSTREF);
    return ref;
}

ski_lua_hostref *ski_lua_hostref_get(lua_State *L)
{
    return lmodule_hostref_ensure(L);
}

int ski_lua_use_host(lua_State *L, sk_host *host, const char *plugin_path)
{
    ski_lua_hostref *ref = lmodule_hostref_ensure(L);
    if (ref->host && ref->owned)
        return -1;
    if (host) {
        ref->host = host;
        ref->owned = 0;
    }
    free(ref->plugin_path);
    ref->plugin_path = plugin_path ? strdup(plugin_path) : NULL;
    return plugin_path && !ref->plugin_path ? -1 : 0;
}

void ski_lua_use_process(lua_State *L)
{
    lmodule_hostref_ensure(L)->process = 1;
}

int ski_lua_use_db(lua_State *L, const char *db_path)
{
    ski_lua_hostref *ref = lmodule_hostref_ensure(L);
    free(ref->db_path);
    ref->db_path = db_path ? strdup(db_path) : NULL;
    return db_path && !ref->db_path ? -1 : 0;
}

sk_host *ski_lua_host(lua_State *L)
{
    ski_lua_hostref *ref = lmodule_hostref_ensure(L);
    if (ref->host)
        return ref->host;
    /* Without a path of the user's, the host's default folder: the one
     * beside libsudokit, which the module links (or beside the executable
     * the module is linked into). A context of its own loads it, so that
     * load problems and the strategies' log lines go to stderr as the
     * CLI writes them, where Lua's own warnings go. */
    ref->ctx = sk_ctx_new(&(sk_ctx_config){
        .plugin_path = ref->plugin_path, .prepare_host = ski_lua_register, .messages = stderr});
    if (!ref->ctx || !(ref->host = sk_ctx_host(ref->ctx)))
        luaL_error(L, "not enough memory to start the plugin host");
    return ref->host;
}

SK_EXPORT int luaopen_sudokit(lua_State *L)
{
    luaL_checkversion(L);
    lmodule_hostref_ensure(L);
    lua_newtable(L);
    ski_lua_open_grid(L);
    ski_lua_open_rules(L);
    ski_lua_open_reader(L);
    ski_lua_open_strategy(L);
    ski_lua_open_store(L);
    ski_lua_open_ops(L);
    lua_pushstring(L, SK_LUA_VERSION);
    lua_setfield(L, -2, "version");
    return 1;
}
