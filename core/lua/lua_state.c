/* Lua states for sudokit: allocator and instruction budgets, the sandbox,
 * the preloaded module and calls with a traceback. */
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lualib.h>

#include "lua_internal.h"
#include "sudokit_lua.h"

/* How often (in VM instructions) the count hook runs under a limit. */
#define LSTATE_HOOK_PERIOD 1000

/* How deep Lua strategies may be made inside Lua strategies: a file that
 * makes itself a strategy when it loads would otherwise recurse until the
 * stack overflows. */
#define LSTATE_MAX_DEPTH 8

/* A state's budgets; the allocator's user data, so every part of the
 * state reaches it through lua_getallocf. A state made for a script (a Lua
 * rater or generator the script created) has that script's budget as its
 * parent: what it executes and holds counts against every ancestor too,
 * and it is sandboxed when any ancestor is. */
typedef struct lstate_budget {
    struct lstate_budget *parent;
    int depth;        /* 0, or 1 + the parent's depth                 */
    size_t used, max_memory;
    uint64_t executed, max_instructions;
    int period;
    int sandbox;
    int stopped;      /* an instruction limit was reached             */
    uint64_t limit_reached; /* which one: this state's or an ancestor's */
    int refusing;     /* the allocator refuses to grow: how the hook
                       * raises an error no message handler sees      */
    lua_State *script; /* thread run by ski_lua_run, where the hook yields */
    sk_access *access; /* sandboxed: the files the module may open      */
    sk_access *own_access; /* made here: one that grants nothing       */
    int warn_on;         /* warn() prints only after "@on"      */
    int warn_continuing; /* the last warning piece had a sequel */
} lstate_budget;

/* True when growing by grow bytes keeps b and every ancestor within its
 * memory limit. */
static int lstate_fits(const lstate_budget *b, size_t grow)
{
    for (; b; b = b->parent)
        if (b->max_memory && b->used + grow > b->max_memory)
            return 0;
    return 1;
}

/* Add delta (may be negative, as a wrapped size_t) to b and its ancestors. */
static void lstate_account(lstate_budget *b, size_t delta)
{
    for (; b; b = b->parent)
        b->used += delta;
}

static void *lstate_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    lstate_budget *b = ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        free(ptr);
        lstate_account(b, (size_t)0 - old);
        return NULL;
    }
    /* Refusing a growth makes Lua raise "not enough memory". */
    if (nsize > old && (b->refusing || !lstate_fits(b, nsize - old)))
        return NULL;
    void *p = realloc(ptr, nsize);
    if (p)
        lstate_account(b, nsize - old);
    return p;
}

/* The budget of a state made by ski_lua_state_new; NULL for a state made
 * elsewhere (a stock lua5.4 that loaded the module), which has no limits. */
static lstate_budget *lstate_budget_of(lua_State *L)
{
    void *ud = NULL;
    return lua_getallocf(L, &ud) == lstate_alloc ? ud : NULL;
}

/* Count period instructions in b and its ancestors; the first limit
 * reached, or 0 when none is. */
static uint64_t lstate_spend(lstate_budget *b, uint64_t period)
{
    uint64_t reached = 0;
    for (; b; b = b->parent) {
        b->executed += period;
        if (b->max_instructions && b->executed >= b->max_instructions && !reached)
            reached = b->max_instructions;
    }
    return reached;
}

static void lstate_count_hook(lua_State *L, lua_Debug *ar)
{
    (void)ar;
    lstate_budget *b = lstate_budget_of(L);
    b->refusing = 0;
    uint64_t reached = lstate_spend(b, (uint64_t)b->period);
    if (!reached)
        return;
    b->stopped = 1;
    b->limit_reached = reached;
    /* A yield cannot be caught by pcall: ski_lua_run gets control back and
     * never resumes. Elsewhere (another coroutine, a call from C, a message
     * handler, a finaliser) raise a memory error: Lua hands it to no
     * message handler, which would otherwise run with hooks off (they are
     * while a hook runs) and could loop for ever; pcall and xpcall raise
     * it again (lua_guard.c). The hook stays armed and the limit reached,
     * so the script thread yields at its next count. */
    if (L == b->script && lua_isyieldable(L)) {
        lua_yield(L, 0);
        return;
    }
    b->refusing = 1;
    lua_newtable(L); /* refused: raises LUA_ERRMEM */
}

uint64_t ski_lua_limit_reached(lua_State *L)
{
    lstate_budget *b = lstate_budget_of(L);
    if (!b)
        return 0;
    b->refusing = 0;
    return b->stopped ? b->limit_reached : 0;
}

static int lstate_panic(lua_State *L)
{
    const char *msg = lua_tostring(L, -1);
    fprintf(stderr, "sudokit: unprotected Lua error: %s\n", msg ? msg : "(not a string)");
    return 0; /* Lua aborts */
}

/* warn() as the standalone lua does it: off until "@on". */
static void lstate_warn(void *ud, const char *msg, int tocont)
{
    lstate_budget *b = ud;
    if (!b->warn_continuing && !tocont && msg[0] == '@') {
        if (strcmp(msg, "@on") == 0)
            b->warn_on = 1;
        else if (strcmp(msg, "@off") == 0)
            b->warn_on = 0;
        return;
    }
    if (b->warn_on)
        fprintf(stderr, "%s%s%s", b->warn_continuing ? "" : "Lua warning: ", msg,
                tocont ? "" : "\n");
    b->warn_continuing = tocont;
}

static int lstate_msghandler(lua_State *L)
{
    const char *msg = lua_tostring(L, 1);
    if (!msg) {
        if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING)
            return 1;
        msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    }
    luaL_traceback(L, L, msg, 1);
    return 1;
}

int ski_lua_pcall(lua_State *L, int nargs, int nresults)
{
    int base = lua_gettop(L) - nargs;
    lua_pushcfunction(L, lstate_msghandler);
    lua_insert(L, base);
    int status = lua_pcall(L, nargs, nresults, base);
    lua_remove(L, base);
    return status;
}

int ski_lua_run(lua_State *L, int nargs, int nresults)
{
    lstate_budget *b = lstate_budget_of(L);
    int fn = lua_gettop(L) - nargs;
    lua_State *co = lua_newthread(L);
    lua_insert(L, fn); /* the thread stays referenced below the results */
    lua_xmove(L, co, nargs + 1);
    lua_State *outer = b->script;
    b->script = co;
    int nres = 0;
    int status = lua_resume(co, L, nargs, &nres);
    b->script = outer;
    /* A limit reached anywhere while the script ran (a finaliser, a
     * handler whose error was caught) stops it, whatever it returned. */
    uint64_t reached = ski_lua_limit_reached(L);
    if (status == LUA_OK && !reached) {
        if (nresults != LUA_MULTRET) {
            for (; nres < nresults; nres++)
                lua_pushnil(co);
            lua_pop(co, nres - nresults);
            nres = nresults;
        }
        luaL_checkstack(L, nres, "too many results");
        lua_xmove(co, L, nres);
        lua_remove(L, fn);
        return LUA_OK;
    }
    if (reached || status == LUA_YIELD) {
        if (reached)
            lua_pushfstring(L, "script stopped: instruction limit %I reached",
                            (lua_Integer)reached);
        else
            lua_pushliteral(L, "attempt to yield from outside a coroutine");
        status = LUA_ERRRUN;
    } else {
        lua_xmove(co, L, 1);
        if (status != LUA_ERRMEM && !lua_isstring(L, -1)) {
            lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, -1));
            lua_remove(L, -2);
        }
    }
    if (status != LUA_ERRMEM) {
        luaL_traceback(L, co, lua_tostring(L, -1), 0);
        lua_remove(L, -2);
    }
    /* Close the thread's pending to-be-closed variables (an open
     * transaction is rolled back here). */
    lua_resetthread(co);
    lua_remove(L, fn);
    return status;
}

/* load() restricted to text chunks (a crafted binary chunk can crash the
 * VM); the real load is upvalue 1. */
static int lstate_load_text(lua_State *L)
{
    lua_settop(L, 4);
    lua_pushliteral(L, "t");
    lua_replace(L, 3);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, 4, LUA_MULTRET);
    return lua_gettop(L);
}

/* Strip what an untrusted script must not reach. Runs on a state where
 * only the safe libraries were opened. */
static void lstate_sandbox(lua_State *L)
{
    static const char *const base_removed[] = {"dofile", "loadfile", NULL};
    for (int i = 0; base_removed[i]; i++) {
        lua_pushnil(L);
        lua_setglobal(L, base_removed[i]);
    }
    lua_getglobal(L, "load");
    lua_pushcclosure(L, lstate_load_text, 1);
    lua_setglobal(L, "load");

    lua_getglobal(L, "package");
    lua_getfield(L, -1, "searchers");
    lua_createtable(L, 1, 0);
    lua_rawgeti(L, -2, 1); /* the preload searcher only */
    lua_rawseti(L, -2, 1);
    lua_setfield(L, -3, "searchers");
    lua_pop(L, 1);
    static const char *const package_removed[] = {"loadlib", "searchpath", NULL};
    for (int i = 0; package_removed[i]; i++) {
        lua_pushnil(L);
        lua_setfield(L, -2, package_removed[i]);
    }
    lua_pushliteral(L, "");
    lua_setfield(L, -2, "path");
    lua_pushliteral(L, "");
    lua_setfield(L, -2, "cpath");
    lua_pop(L, 1);
}

/* Protected setup: open the libraries, sandbox, guard the instruction
 * limit, preload the module, lend the host. Arguments: sandbox flag, host
 * and plugin path (light userdata, may be NULL), instruction limit flag. */
static int lstate_setup(lua_State *L)
{
    int sandbox = lua_toboolean(L, 1);
    int limited = lua_toboolean(L, 4);
    if (ski_lua_use_host(L, lua_touserdata(L, 2), lua_touserdata(L, 3)))
        return luaL_error(L, "not enough memory");
    if (sandbox) {
        static const luaL_Reg safe[] = {
            {LUA_GNAME, luaopen_base},         {LUA_LOADLIBNAME, luaopen_package},
            {LUA_COLIBNAME, luaopen_coroutine}, {LUA_TABLIBNAME, luaopen_table},
            {LUA_STRLIBNAME, luaopen_string},   {LUA_MATHLIBNAME, luaopen_math},
            {LUA_UTF8LIBNAME, luaopen_utf8},    {NULL, NULL}};
        for (const luaL_Reg *lib = safe; lib->func; lib++) {
            luaL_requiref(L, lib->name, lib->func, 1);
            lua_pop(L, 1);
        }
        lstate_sandbox(L);
    } else {
        luaL_openlibs(L);
    }
    if (limited)
        ski_lua_guard_limits(L);
    luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_PRELOAD_TABLE);
    lua_pushcfunction(L, luaopen_sudokit);
    lua_setfield(L, -2, "sudokit");
    lua_pop(L, 1);
    return 0;
}

lua_State *ski_lua_state_new(const ski_lua_limits *limits, sk_host *host,
                            const char *plugin_path, sk_error *err)
{
    return ski_lua_state_new_within(limits, NULL, host, plugin_path, err);
}

lua_State *ski_lua_state_new_within(const ski_lua_limits *limits, const void *parent,
                                   sk_host *host, const char *plugin_path, sk_error *err)
{
    ski_lua_limits none = {0};
    if (!limits)
        limits = &none;
    const lstate_budget *outer = parent;
    if (outer && outer->depth >= LSTATE_MAX_DEPTH) {
        sk_error_set(err, SK_EXIT_FAILURE, "cannot start Lua: strategies written in Lua nested %d deep (does a file make "
                 "itself a strategy when it loads?)",
                 outer->depth + 1);
        return NULL;
    }
    lstate_budget *b = calloc(1, sizeof *b);
    lua_State *L = NULL;
    if (!b)
        goto out_of_memory;
    b->parent = (lstate_budget *)parent;
    b->depth = outer ? outer->depth + 1 : 0;
    b->max_memory = limits->max_memory;
    b->sandbox = limits->sandbox || (b->parent && b->parent->sandbox);
    b->access = b->parent && b->parent->access ? b->parent->access : limits->access;
    if (b->sandbox && !b->access && !(b->access = b->own_access = sk_access_new()))
        goto out_of_memory;
    uint64_t smallest = limits->max_instructions;
    for (const lstate_budget *a = b->parent; a; a = a->parent)
        if (a->max_instructions && (!smallest || a->max_instructions < smallest))
            smallest = a->max_instructions;
    L = lua_newstate(lstate_alloc, b);
    if (!L)
        goto out_of_memory;
    lua_atpanic(L, lstate_panic);
    lua_setwarnf(L, lstate_warn, b);
    lua_pushcfunction(L, lstate_setup);
    lua_pushboolean(L, b->sandbox);
    /* Light userdata: pushing them cannot fail outside protected mode. */
    lua_pushlightuserdata(L, host);
    lua_pushlightuserdata(L, (void *)plugin_path);
    lua_pushboolean(L, smallest != 0);
    if (lua_pcall(L, 4, 0, 0) != LUA_OK) {
        sk_error_set(err, SK_EXIT_FAILURE, "cannot start Lua: %s", lua_tostring(L, -1));
        goto fail;
    }
    /* The hook runs when this state or an ancestor has an instruction
     * limit; its period is the smallest of those limits, at most 1000. */
    b->max_instructions = limits->max_instructions;
    if (smallest) {
        b->period = smallest < LSTATE_HOOK_PERIOD ? (int)smallest : LSTATE_HOOK_PERIOD;
        lua_sethook(L, lstate_count_hook, LUA_MASKCOUNT, b->period);
    }
    return L;

out_of_memory:
    sk_error_set(err, SK_EXIT_FAILURE, limits->max_memory ? "cannot start Lua: memory limit %zu bytes is "
                                               "too small"
                                             : "cannot start Lua: out of memory",
             limits->max_memory);
fail:
    if (L)
        lua_close(L);
    if (b)
        sk_access_free(b->own_access);
    free(b);
    return NULL;
}

uint64_t ski_lua_state_free(lua_State *L)
{
    if (!L)
        return 0;
    lstate_budget *b = lstate_budget_of(L);
    lua_close(L);
    uint64_t reached = b->stopped ? b->limit_reached : 0;
    sk_access_free(b->own_access);
    free(b);
    return reached;
}

sk_access *ski_lua_access(lua_State *L)
{
    const lstate_budget *b = lstate_budget_of(L);
    return b ? b->access : NULL;
}

const void *ski_lua_context(lua_State *L)
{
    return lstate_budget_of(L);
}

sk_access *ski_lua_context_access(const void *context)
{
    const lstate_budget *b = context;
    return b ? b->access : NULL;
}

void ski_lua_check_file(lua_State *L, const char *path, sk_access_mode mode)
{
    sk_error why;
    if (sk_access_check(ski_lua_access(L), path, mode, &why))
        luaL_error(L, "%s", why.message);
}

void ski_lua_budget_reset(lua_State *L)
{
    lstate_budget *b = lstate_budget_of(L);
    b->executed = 0;
    b->stopped = 0;
    b->refusing = 0;
}

/* Bytes of the C heap in use (glibc's own count; 0 under an allocator
 * that replaces it, such as a sanitizer's). */
static size_t lstate_heap_in_use(void)
{
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}

void ski_lua_heap_mark_now(lua_State *L, ski_lua_heap_mark *mark)
{
    mark->heap = lstate_heap_in_use();
    const lstate_budget *b = lstate_budget_of(L);
    mark->lua = b ? b->used : 0;
}

int ski_lua_charge_since(lua_State *L, const ski_lua_heap_mark *mark, size_t *charged)
{
    lstate_budget *b = lstate_budget_of(L);
    *charged = 0;
    if (!b)
        return 0;
    size_t heap = lstate_heap_in_use(), counted = b->used - mark->lua;
    size_t grown = heap > mark->heap ? heap - mark->heap : 0;
    size_t bytes = grown > counted ? grown - counted : 0;
    if (bytes < SK_LUA_MIN_CHARGE)
        bytes = SK_LUA_MIN_CHARGE;
    if (!lstate_fits(b, bytes))
        return -1;
    lstate_account(b, bytes);
    *charged = bytes;
    return 0;
}

void ski_lua_uncharge(lua_State *L, size_t charged)
{
    lstate_account(lstate_budget_of(L), (size_t)0 - charged);
}
