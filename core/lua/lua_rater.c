/* Strategies written in Lua: the built-in "lua" rater and generator run
 * the rate or generate function of a Lua file, each instance in a Lua
 * state of its own. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

#include "lua_internal.h"
#include "sudokit/names.h"
#include "sudokit/grid.h"
#include "sudokit_lua.h"

typedef struct lrater {
    lua_State *L;
    const sk_services *services;
    int fn_ref; /* registry reference of the file's rate or generate */
} lrater;

/* ctx.count(grid [, limit]) -> n (0..limit, default 2) [, solution]:
 * counts with the solver the user chose (upvalue: the services). */
static int lrater_count(lua_State *L)
{
    const sk_services *services = lua_touserdata(L, lua_upvalueindex(1));
    sk_grid *puzzle = ski_lua_check_grid(L, 1);
    lua_Integer limit = luaL_optinteger(L, 2, 2);
    luaL_argcheck(L, limit >= 1 && limit <= 1000000, 2, "limit 1-1000000 expected");
    sk_grid solution;
    int found = services->count_solutions(services->ctx, puzzle, (int)limit, &solution);
    if (found < 0)
        return ski_lua_fail(L, "the solver behind count failed (status %d)", found);
    lua_pushinteger(L, found);
    if (found == 0)
        return 1;
    ski_lua_push_grid(L, &solution);
    return 2;
}

/* ctx.rate(grid) -> rating | nil, message: rates with the rater the user
 * chose (upvalue: the services). */
static int lrater_ctx_rate(lua_State *L)
{
    const sk_services *services = lua_touserdata(L, lua_upvalueindex(1));
    sk_grid *puzzle = ski_lua_check_grid(L, 1);
    sk_rating rating = {.struct_size = sizeof rating};
    int status = services->rate(services->ctx, puzzle, &rating);
    if (status != SK_OK)
        return ski_lua_fail(L, status == SK_ERR_INVALID ? "the puzzle has not exactly one solution"
                                                       : "no rater to rate with (status %d)",
                           status);
    ski_lua_push_rating(L, &rating);
    return 1;
}

/* Push the ctx table a Lua strategy gets: count and rate. */
static void lrater_push_ctx(lua_State *L, const sk_services *services)
{
    lua_createtable(L, 0, 2);
    lua_pushlightuserdata(L, (void *)services);
    lua_pushcclosure(L, lrater_count, 1);
    lua_setfield(L, -2, "count");
    lua_pushlightuserdata(L, (void *)services);
    lua_pushcclosure(L, lrater_ctx_rate, 1);
    lua_setfield(L, -2, "rate");
}

/* Parse a size with an optional K, M or G suffix. */
static int lrater_parse_size(const char *text, uint64_t *out)
{
    char *end;
    unsigned long long v = strtoull(text, &end, 10);
    if (end == text || *text == '-')
        return -1;
    int shift = *end == 'K' ? 10 : *end == 'M' ? 20 : *end == 'G' ? 30 : 0;
    if (shift)
        end++;
    if (*end || v > (UINT64_MAX >> shift))
        return -1;
    *out = (uint64_t)v << shift;
    return 0;
}

static void lrater_destroy(void *instance)
{
    lrater *r = instance;
    if (!r)
        return;
    ski_lua_state_free(r->L);
    free(r);
}

/* Protected: load the module (so grids exist even when the file does not
 * require it), then run the file named by argument 1 as a script, under
 * the state's limits, leaving what it returns. */
static int lrater_run_file(lua_State *L)
{
    const char *file = lua_tostring(L, 1);
    luaL_requiref(L, "sudokit", luaopen_sudokit, 0);
    lua_settop(L, 1);
    if (luaL_loadfile(L, file) != LUA_OK || ski_lua_run(L, 0, 1) != LUA_OK)
        return lua_error(L);
    return 1;
}

/* Load file into r->L and keep the function fn of the table it returns,
 * which must have kind = kind. */
static int lrater_load(lrater *r, const char *file, const char *kind, const char *fn, char *err,
                       size_t errlen)
{
    lua_State *L = r->L;
    lua_pushcfunction(L, lrater_run_file);
    lua_pushstring(L, file);
    if (lua_pcall(L, 1, 1, 0) != LUA_OK) {
        snprintf(err, errlen, "%s", lua_tostring(L, -1));
        return -1;
    }
    if (!lua_istable(L, -1)) {
        snprintf(err, errlen, "%s: must return a table {kind = \"%s\", %s = function}", file,
                 kind, fn);
        return -1;
    }
    lua_getfield(L, -1, "kind");
    const char *got = lua_tostring(L, -1);
    if (!got || strcmp(got, kind) != 0) {
        snprintf(err, errlen, "%s: the returned table's kind is %s%s%s, not \"%s\"", file,
                 got ? "\"" : "", got ? got : "missing", got ? "\"" : "", kind);
        return -1;
    }
    lua_pop(L, 1);
    if (lua_getfield(L, -1, fn) != LUA_TFUNCTION) {
        snprintf(err, errlen, "%s: the returned table has no %s function", file, fn);
        return -1;
    }
    r->fn_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_pop(L, 1);
    return 0;
}

/* Create an instance running the fn function of a file of kind kind, on
 * behalf of maker: the creation context a script gave (ski_lua_context),
 * or NULL. */
static void *lrater_create_kind(const void *maker, const sk_services *services,
                                const sk_option *options, size_t option_count, const char *kind,
                                const char *fn, char *err, size_t errlen)
{
    const char *file = NULL;
    ski_lua_limits limits = {.sandbox = false};
    for (size_t i = 0; i < option_count; i++) {
        const char *key = options[i].key, *value = options[i].value;
        uint64_t n;
        if (strcmp(key, "file") == 0) {
            file = value;
        } else if (strcmp(key, "max-instructions") == 0 && !lrater_parse_size(value, &n)) {
            limits.max_instructions = n;
        } else if (strcmp(key, "max-memory") == 0 && !lrater_parse_size(value, &n)) {
            limits.max_memory = (size_t)n;
        } else if (strcmp(key, "sandbox") == 0 && (!strcmp(value, "0") || !strcmp(value, "1"))) {
            limits.sandbox = value[0] == '1';
        } else {
            snprintf(err, errlen, "bad option '%s=%s' (options: file=PATH max-instructions=N "
                                  "max-memory=BYTES[K|M|G] sandbox=0|1)", key, value);
            return NULL;
        }
    }
    if (!file || !*file) {
        snprintf(err, errlen, "no file: name the %s as lua:FILE.lua or give file=FILE.lua", kind);
        return NULL;
    }
    /* A script that makes this strategy lends it its sandbox and limits,
     * and its sandbox must let it read the file. */
    sk_error refused;
    if (sk_access_check(ski_lua_context_access(maker), file, SK_ACCESS_READ, &refused)) {
        snprintf(err, errlen, "%s", refused.message);
        return NULL;
    }
    lrater *r = calloc(1, sizeof *r);
    if (!r) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    r->services = services;
    sk_error why;
    r->L = ski_lua_state_new_within(&limits, maker, NULL, NULL, &why);
    if (!r->L)
        snprintf(err, errlen, "%s", why.message);
    if (!r->L || lrater_load(r, file, kind, fn, err, errlen)) {
        lrater_destroy(r);
        return NULL;
    }
    return r;
}

static void *lrater_create(const void *maker, const sk_services *services,
                           const sk_option *options, size_t option_count, char *err,
                           size_t errlen)
{
    return lrater_create_kind(maker, services, options, option_count, "rater", "rate", err,
                              errlen);
}

/* Copy a string field of the result table at the top into out. */
static void lrater_copy_field(lua_State *L, const char *key, char *out, size_t len)
{
    lua_getfield(L, -1, key);
    const char *text = lua_tostring(L, -1);
    snprintf(out, len, "%s", text ? text : "");
    lua_pop(L, 1);
}

/* Read the result table at the top of L into out; 0 or -1 with err. */
static int lrater_result(lua_State *L, sk_rating *out, char *err, size_t errlen)
{
    int ok;
    lua_getfield(L, -1, "score");
    out->score = lua_tonumberx(L, -1, &ok);
    lua_pop(L, 1);
    if (!ok) {
        snprintf(err, errlen, "rate returned a table without a numeric score");
        return -1;
    }
    lua_getfield(L, -1, "level");
    out->level = (int)lua_tointegerx(L, -1, &ok);
    if (lua_type(L, -1) == LUA_TSTRING && sk_level_parse(lua_tostring(L, -1)) > 0) {
        out->level = sk_level_parse(lua_tostring(L, -1));
        ok = 1;
    }
    lua_pop(L, 1);
    if (!ok || out->level < 1 || out->level > 5) {
        snprintf(err, errlen, "rate returned a table without a level 1-5 (or a level name)");
        return -1;
    }
    lrater_copy_field(L, "hardest", out->hardest, sizeof out->hardest);
    lua_getfield(L, -1, "steps");
    out->steps = (uint32_t)lua_tointeger(L, -1);
    lua_getfield(L, -2, "first_step");
    out->first_step = lua_tonumber(L, -1);
    lua_getfield(L, -3, "first_placement");
    out->first_placement = lua_tonumber(L, -1);
    lua_getfield(L, -4, "lower_bound");
    out->score_is_lower_bound = lua_toboolean(L, -1);
    lua_pop(L, 4);
    return 0;
}

/* Protected body of a rating: arguments rate function, grid cells (light
 * userdata), services (light userdata). Runs rate(grid, ctx) as a script
 * (so the instruction limit holds) and returns its status and two values:
 * rate's results, or the message and nil. */
static int lrater_call(lua_State *L)
{
    lua_pushvalue(L, 1);
    ski_lua_push_grid(L, lua_touserdata(L, 2));
    lrater_push_ctx(L, lua_touserdata(L, 3));
    int status = ski_lua_run(L, 2, 2);
    if (status != LUA_OK)
        lua_pushnil(L);
    lua_pushinteger(L, status);
    lua_insert(L, -3);
    return 3;
}

/* Read an array of cell numbers (1..81) at the top of L into cells; pops
 * the array. */
static size_t lrater_cells(lua_State *L, uint8_t *cells, size_t cap)
{
    size_t n = 0, len = lua_rawlen(L, -1);
    for (size_t i = 1; i <= len && n < cap; i++) {
        lua_rawgeti(L, -1, (lua_Integer)i);
        lua_Integer cell = lua_tointeger(L, -1);
        if (cell < 1 || cell > 81)
            luaL_error(L, "step cell #%I is not 1-81", (lua_Integer)i);
        cells[n++] = (uint8_t)(cell - 1);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return n;
}

/* Read an array of {cell=, digit=} at the top of L into out; pops it. */
static size_t lrater_candidates(lua_State *L, sk_candidate *out, size_t cap)
{
    size_t n = 0, len = lua_rawlen(L, -1);
    for (size_t i = 1; i <= len && n < cap; i++) {
        if (lua_rawgeti(L, -1, (lua_Integer)i) != LUA_TTABLE)
            luaL_error(L, "step candidate #%I is not a table {cell=, digit=}", (lua_Integer)i);
        lua_getfield(L, -1, "cell");
        lua_getfield(L, -2, "digit");
        lua_Integer cell = lua_tointeger(L, -2), digit = lua_tointeger(L, -1);
        if (cell < 1 || cell > 81 || digit < 1 || digit > 9)
            luaL_error(L, "step candidate #%I needs cell 1-81 and digit 1-9", (lua_Integer)i);
        out[n++] = (sk_candidate){(uint8_t)(cell - 1), (uint8_t)digit};
        lua_pop(L, 3);
    }
    lua_pop(L, 1);
    return n;
}

/* What lrater_report needs: the step callback and whether it stopped. */
typedef struct lrater_report_ctx {
    sk_step_fn on_step;
    void *user;
    int stopped;
} lrater_report_ctx;

/* Protected: report each step of the array at 2 (steps as rater:rate(g,
 * true) gives them) to the callback described by light userdata 1. */
static int lrater_report(lua_State *L)
{
    lrater_report_ctx *ctx = lua_touserdata(L, 1);
    for (lua_Integer i = 1; !ctx->stopped && lua_rawgeti(L, 2, i) == LUA_TTABLE; i++) {
        uint8_t cells[81];
        sk_candidate placed[81], eliminated[729];
        sk_step step = {.struct_size = sizeof step};
        lua_getfield(L, -1, "kind");
        step.kind = lua_isstring(L, -1) && strcmp(lua_tostring(L, -1), "place") == 0
                        ? SK_STEP_PLACE
                        : SK_STEP_ELIMINATE;
        lua_getfield(L, -2, "technique");
        step.technique = lua_isstring(L, -1) ? lua_tostring(L, -1) : "";
        lua_getfield(L, -3, "explanation");
        step.explanation = lua_isstring(L, -1) ? lua_tostring(L, -1) : "";
        lua_getfield(L, -4, "rating");
        step.rating = lua_tonumber(L, -1);
        lua_pop(L, 1);
        if (lua_getfield(L, -4, "cells") == LUA_TTABLE)
            step.cell_count = lrater_cells(L, cells, 81);
        else
            lua_pop(L, 1);
        if (lua_getfield(L, -4, "placed") == LUA_TTABLE)
            step.placed_count = lrater_candidates(L, placed, 81);
        else
            lua_pop(L, 1);
        if (lua_getfield(L, -4, "eliminated") == LUA_TTABLE)
            step.eliminated_count = lrater_candidates(L, eliminated, 729);
        else
            lua_pop(L, 1);
        step.cells = cells;
        step.placed = placed;
        step.eliminated = eliminated;
        ctx->stopped = ctx->on_step(ctx->user, &step) != 0;
        lua_pop(L, 4);
    }
    return 0;
}

static int lrater_rate(void *instance, const sk_grid *puzzle, sk_rating *out, sk_step_fn on_step,
                       void *user, char *err, size_t errlen)
{
    lrater *r = instance;
    lua_State *L = r->L;
    int status = SK_ERR;
    int top = lua_gettop(L);
    ski_lua_budget_reset(L);
    lua_pushcfunction(L, lrater_call);
    lua_rawgeti(L, LUA_REGISTRYINDEX, r->fn_ref);
    lua_pushlightuserdata(L, (void *)puzzle);
    lua_pushlightuserdata(L, (void *)r->services);
    if (lua_pcall(L, 3, 3, 0) != LUA_OK) {
        snprintf(err, errlen, "%s", lua_tostring(L, -1));
        goto done;
    }
    if (lua_tointeger(L, -3) != LUA_OK) {
        snprintf(err, errlen, "%s", lua_tostring(L, -2));
        goto done;
    }
    if (lua_isnil(L, -2)) {
        const char *why = lua_tostring(L, -1);
        snprintf(err, errlen, "%s", why ? why : "rate returned nil");
        status = SK_ERR_INVALID;
        goto done;
    }
    lua_pop(L, 1);
    if (!lua_istable(L, -1)) {
        snprintf(err, errlen, "rate returned a %s, not a rating table", luaL_typename(L, -1));
        goto done;
    }
    if (lrater_result(L, out, err, errlen))
        goto done;
    if (on_step && lua_getfield(L, -1, "explained") == LUA_TTABLE) {
        lrater_report_ctx ctx = {on_step, user, 0};
        lua_pushcfunction(L, lrater_report);
        lua_pushlightuserdata(L, &ctx);
        lua_pushvalue(L, -3);
        if (lua_pcall(L, 2, 0, 0) != LUA_OK) {
            snprintf(err, errlen, "rate's explained steps: %s", lua_tostring(L, -1));
            goto done;
        }
        if (ctx.stopped) {
            snprintf(err, errlen, "stopped by the caller");
            status = SK_ERR_STOPPED;
            goto done;
        }
    }
    status = SK_OK;
done:
    lua_settop(L, top);
    return status;
}

static const sk_strategy lrater_strategy = {
    .struct_size = sizeof(sk_strategy),
    .kind = SK_KIND_RATER,
    .name = "lua",
    .summary = "a rater written in Lua: lua:FILE.lua runs FILE's rate function",
    .options_help = "file=PATH max-instructions=N max-memory=BYTES sandbox=0|1",
    .destroy = lrater_destroy,
    .rate = lrater_rate,
};

/* ---------------------------------------------------------- generator -- */

static void *lrater_create_generator(const void *maker, const sk_services *services,
                                     const sk_option *options, size_t option_count, char *err,
                                     size_t errlen)
{
    return lrater_create_kind(maker, services, options, option_count, "generator", "generate",
                              err, errlen);
}

/* Push a generation request as the table generator:generate takes: the
 * generate operation's keys (seed, index, symmetry, minimal, and clues,
 * level, rating "MIN-MAX", attempts, fixed when the request sets them), so
 * a filter can hand it on to another generator as it is. */
static void lrater_push_request(lua_State *L, const sk_gen_request *req)
{
    lua_createtable(L, 0, 9);
    lua_pushinteger(L, (lua_Integer)req->seed);
    lua_setfield(L, -2, "seed");
    lua_pushinteger(L, (lua_Integer)req->index);
    lua_setfield(L, -2, "index");
    lua_pushstring(L, sk_symmetry_names[req->symmetry <= SK_SYM_RANDOM ? req->symmetry : 0]);
    lua_setfield(L, -2, "symmetry");
    lua_pushboolean(L, req->minimal);
    lua_setfield(L, -2, "minimal");
    if (req->clues) {
        lua_pushinteger(L, req->clues);
        lua_setfield(L, -2, "clues");
    }
    if (req->level) {
        lua_pushinteger(L, req->level);
        lua_setfield(L, -2, "level");
    }
    if (req->rating_max > 0) {
        char window[64];
        snprintf(window, sizeof window, "%.17g-%.17g", req->rating_min, req->rating_max);
        lua_pushstring(L, window);
        lua_setfield(L, -2, "rating");
    }
    if (req->max_attempts) {
        lua_pushinteger(L, req->max_attempts);
        lua_setfield(L, -2, "attempts");
    }
    if (sk_grid_clues(&req->fixed) > 0) {
        ski_lua_push_grid(L, &req->fixed);
        lua_setfield(L, -2, "fixed");
    }
}

/* Protected body of a generation: arguments generate function, request
 * and services (light userdata). Runs generate(request, ctx) as a script;
 * returns its status and three values (its results, or the message). */
static int lrater_gen_call(lua_State *L)
{
    lua_pushvalue(L, 1);
    lrater_push_request(L, lua_touserdata(L, 2));
    lrater_push_ctx(L, lua_touserdata(L, 3));
    int status = ski_lua_run(L, 2, 3);
    if (status != LUA_OK) {
        lua_pushnil(L);
        lua_pushnil(L);
    }
    lua_pushinteger(L, status);
    lua_insert(L, -4);
    return 4;
}

static int lrater_generate(void *instance, const sk_gen_request *request, sk_gen_result *out,
                           char *err, size_t errlen)
{
    lrater *r = instance;
    lua_State *L = r->L;
    int status = SK_ERR;
    int top = lua_gettop(L);
    ski_lua_budget_reset(L);
    lua_pushcfunction(L, lrater_gen_call);
    lua_rawgeti(L, LUA_REGISTRYINDEX, r->fn_ref);
    lua_pushlightuserdata(L, (void *)request);
    lua_pushlightuserdata(L, (void *)r->services);
    if (lua_pcall(L, 3, 4, 0) != LUA_OK) {
        snprintf(err, errlen, "%s", lua_tostring(L, -1));
        goto done;
    }
    if (lua_tointeger(L, -4) != LUA_OK) {
        snprintf(err, errlen, "%s", lua_tostring(L, -3));
        goto done;
    }
    sk_grid *puzzle = luaL_testudata(L, -3, SK_LUA_GRID);
    sk_grid *solution = luaL_testudata(L, -2, SK_LUA_GRID);
    if (!puzzle || !solution) {
        const char *why = lua_isnil(L, -3) ? lua_tostring(L, -2) : NULL;
        snprintf(err, errlen, "%s", why ? why : "generate must return a puzzle and its solution "
                                                "(two grids), or nil and a message");
        status = lua_isnil(L, -3) ? SK_ERR_LIMIT : SK_ERR;
        goto done;
    }
    /* Lua code is easy to get wrong: check what the host checks only
     * with --verify. */
    if (!sk_grid_solves(puzzle, solution)) {
        snprintf(err, errlen, "generate returned a solution that does not solve its puzzle");
        goto done;
    }
    out->puzzle = *puzzle;
    out->solution = *solution;
    out->symmetry = request->symmetry == SK_SYM_RANDOM ? SK_SYM_NONE : request->symmetry;
    out->minimal = request->minimal;
    out->attempts = 1;
    if (lua_istable(L, -1)) {
        if (lua_getfield(L, -1, "symmetry") == LUA_TSTRING) {
            for (int i = 0; i < SK_SYM_RANDOM; i++)
                if (strcmp(sk_symmetry_names[i], lua_tostring(L, -1)) == 0)
                    out->symmetry = (sk_symmetry)i;
        }
        if (lua_getfield(L, -2, "minimal") != LUA_TNIL)
            out->minimal = lua_toboolean(L, -1);
        if (lua_getfield(L, -3, "attempts") == LUA_TNUMBER)
            out->attempts = (uint32_t)lua_tointeger(L, -1);
    }
    status = SK_OK;
done:
    lua_settop(L, top);
    return status;
}

static const sk_strategy lrater_generator_strategy = {
    .struct_size = sizeof(sk_strategy),
    .kind = SK_KIND_GENERATOR,
    .name = "lua",
    .summary = "a generator or filter written in Lua: lua:FILE.lua runs FILE's generate",
    .options_help = "file=PATH max-instructions=N max-memory=BYTES sandbox=0|1",
    .destroy = lrater_destroy,
    .generate = lrater_generate,
};

static const sk_strategy *const lrater_strategies[] = {&lrater_strategy,
                                                       &lrater_generator_strategy, NULL};
/* Created with the context of the script that makes them, if any. */
static const sk_host_create_fn lrater_creates[] = {lrater_create, lrater_create_generator};

static const sk_plugin lrater_plugin = {
    .abi_major = SK_ABI_MAJOR,
    .abi_minor = SK_ABI_MINOR,
    .struct_size = sizeof(sk_plugin),
    .name = "lua",
    .version = SK_LUA_VERSION,
    .strategies = lrater_strategies,
};

int ski_lua_register(sk_host *host, sk_error *err)
{
    return sk_host_add_with_context(host, &lrater_plugin, lrater_creates, "(built in)", err);
}
