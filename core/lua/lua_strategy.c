/* Lua binding of strategies: solver, generator and rater objects backed by
 * host instances, and the list of loaded strategies. */
#include <stdio.h>
#include <string.h>

#include "lua_internal.h"
#include "sudokit/names.h"
#include "sudokit/ops.h"
#include "sudokit/grid.h"

typedef struct lstrat {
    sk_instance *instance; /* NULL until opened and once closed */
    ski_lua_hostref *ref;   /* held while instance is open       */
    lua_State *owner;      /* the main state, charged for the instance */
    size_t charged;        /* bytes counted against its memory limit */
} lstrat;

static const char *const lstrat_kind_names[] = {"", "solver", "generator", "rater"};
static const char *const lstrat_tnames[] = {"", SK_LUA_SOLVER, SK_LUA_GENERATOR, SK_LUA_RATER};

static lstrat *lstrat_check(lua_State *L, int arg, sk_kind kind)
{
    lstrat *s = luaL_checkudata(L, arg, lstrat_tnames[kind]);
    if (!s->instance)
        luaL_argerror(L, arg, lua_pushfstring(L, "closed %s", lstrat_kind_names[kind]));
    return s;
}

/* Free what s holds; safe to call twice. */
static void lstrat_release(lstrat *s)
{
    if (s && s->instance) {
        sk_instance_free(s->instance);
        s->instance = NULL;
        ski_lua_hostref_release(s->ref);
        s->ref = NULL;
        ski_lua_uncharge(s->owner, s->charged);
        s->charged = 0;
    }
}

/* Shared by __gc and __close of the three kinds: safe to call twice. */
static int lstrat_close(lua_State *L)
{
    lstrat_release(lua_touserdata(L, 1));
    return 0;
}

/* Turn an options argument (string, table {key=value} or nil) into a
 * "key=value,key=value" string pushed on the stack; returns it or NULL. */
static const char *lstrat_options(lua_State *L, int arg)
{
    int type = lua_type(L, arg);
    if (type == LUA_TNONE || type == LUA_TNIL) {
        lua_pushnil(L);
        return NULL;
    }
    if (type == LUA_TSTRING) {
        lua_pushvalue(L, arg);
        return lua_tostring(L, -1);
    }
    if (type != LUA_TTABLE)
        luaL_typeerror(L, arg, "options string or table");
    lua_pushliteral(L, "");
    int acc = lua_gettop(L);
    lua_pushnil(L);
    while (lua_next(L, arg)) {
        if (lua_type(L, -2) != LUA_TSTRING)
            luaL_argerror(L, arg, "option names must be strings");
        int vt = lua_type(L, -1);
        if (vt != LUA_TSTRING && vt != LUA_TNUMBER && vt != LUA_TBOOLEAN)
            luaL_argerror(L, arg, lua_pushfstring(L, "option '%s' must be a string, number or "
                                                     "boolean", lua_tostring(L, -2)));
        const char *value = vt == LUA_TBOOLEAN ? (lua_toboolean(L, -1) ? "1" : "0")
                                               : lua_tostring(L, -1);
        lua_pushfstring(L, "%s%s%s=%s", lua_tostring(L, acc), lua_rawlen(L, acc) ? "," : "",
                        lua_tostring(L, -2), value);
        lua_replace(L, acc);
        lua_pop(L, 1);
    }
    return lua_tostring(L, acc);
}

/* Read an optional string field of the config table at arg. */
static const char *lstrat_config_string(lua_State *L, int arg, const char *key)
{
    lua_getfield(L, arg, key);
    if (lua_isnil(L, -1))
        return NULL;
    if (lua_type(L, -1) != LUA_TSTRING)
        luaL_argerror(L, arg, lua_pushfstring(L, "config field '%s' must be a string", key));
    return lua_tostring(L, -1); /* stays on the stack until the call ends */
}

/* sudokit.solver/generator/rater(name [, options [, config]]) ->
 * object | nil, message. name nil picks the host's default strategy;
 * config = {solver=, solver_options=, rater=, rater_options=, verify=}. */
static int lstrat_new(lua_State *L, sk_kind kind)
{
    lua_settop(L, 3);
    const char *name = luaL_optstring(L, 1, NULL);
    const char *options = lstrat_options(L, 2);
    /* It inherits this script's sandbox and limits. */
    sk_instance_config config = {.context = ski_lua_context(L)};
    if (!lua_isnoneornil(L, 3)) {
        luaL_checktype(L, 3, LUA_TTABLE);
        config.solver = lstrat_config_string(L, 3, "solver");
        config.solver_options = lstrat_config_string(L, 3, "solver_options");
        config.rater = lstrat_config_string(L, 3, "rater");
        config.rater_options = lstrat_config_string(L, 3, "rater_options");
        lua_getfield(L, 3, "verify");
        config.verify = lua_toboolean(L, -1);
    }
    sk_host *host = ski_lua_host(L);
    if (!name)
        name = sk_host_default_name(host, kind);
    if (!name)
        return ski_lua_fail(L, "no %s is loaded (`sudokit plugins` lists them)",
                           lstrat_kind_names[kind]);
    /* Created closed: a failure below leaves a harmless closed object. */
    lstrat *s = lua_newuserdatauv(L, sizeof *s, 1);
    *s = (lstrat){NULL, NULL, NULL, 0};
    luaL_setmetatable(L, lstrat_tnames[kind]);
    lua_pushstring(L, name); /* the name as asked for, e.g. "lua:my.lua" */
    lua_setiuservalue(L, -2, 1);
    sk_error err;
    ski_lua_heap_mark mark;
    ski_lua_heap_mark_now(L, &mark);
    unsigned long refusals = sk_access_refusals(ski_lua_access(L));
    if (sk_instance_new(host, kind, name, options, &config, &s->instance, &err)) {
        /* A file the sandbox refuses (lua:FILE) is an error, not a result. */
        if (sk_access_refusals(ski_lua_access(L)) != refusals)
            return luaL_error(L, "%s", err.message);
        return ski_lua_fail(L, "%s", err.message);
    }
    s->ref = ski_lua_hostref_get(L);
    ski_lua_hostref_retain(s->ref);
    lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_MAINTHREAD);
    s->owner = lua_tothread(L, -1); /* lives as long as the state */
    lua_pop(L, 1);
    if (ski_lua_charge_since(L, &mark, &s->charged)) {
        lstrat_release(s);
        return luaL_error(L, "not enough memory (the %s's memory counts against the script's "
                             "limit)", lstrat_kind_names[kind]);
    }
    return 1;
}

static int lstrat_new_solver(lua_State *L)
{
    return lstrat_new(L, SK_KIND_SOLVER);
}

static int lstrat_new_generator(lua_State *L)
{
    return lstrat_new(L, SK_KIND_GENERATOR);
}

static int lstrat_new_rater(lua_State *L)
{
    return lstrat_new(L, SK_KIND_RATER);
}

/* Push the description of a loaded strategy as a table. */
static void lstrat_push_info(lua_State *L, const sk_host_strategy *entry)
{
    const sk_strategy *s = entry->strategy;
    lua_createtable(L, 0, 7);
    lua_pushstring(L, lstrat_kind_names[s->kind]);
    lua_setfield(L, -2, "kind");
    lua_pushstring(L, s->name);
    lua_setfield(L, -2, "name");
    lua_pushstring(L, s->summary);
    lua_setfield(L, -2, "summary");
    lua_pushstring(L, s->options_help ? s->options_help : "");
    lua_setfield(L, -2, "options");
    lua_pushstring(L, entry->plugin_name);
    lua_setfield(L, -2, "plugin");
    lua_pushstring(L, entry->plugin_version);
    lua_setfield(L, -2, "version");
    lua_pushstring(L, entry->path);
    lua_setfield(L, -2, "path");
}

/* Fields of a strategy object: name (as asked for: "classic",
 * "lua:my.lua"), kind, summary, options, plugin, version, path; any other
 * key is a method. */
static int lstrat_index(lua_State *L)
{
    lstrat *s = lua_touserdata(L, 1);
    lua_getmetatable(L, 1);
    lua_getfield(L, -1, "methods");
    lua_pushvalue(L, 2);
    if (lua_rawget(L, -2) != LUA_TNIL || !s->instance || lua_type(L, 2) != LUA_TSTRING)
        return 1;
    if (strcmp(lua_tostring(L, 2), "name") == 0) {
        lua_getiuservalue(L, 1, 1);
        return 1;
    }
    lstrat_push_info(L, sk_instance_strategy(s->instance));
    lua_pushvalue(L, 2);
    lua_rawget(L, -2);
    return 1;
}

static int lstrat_tostring(lua_State *L)
{
    lstrat *s = lua_touserdata(L, 1);
    if (!s->instance) {
        luaL_getmetafield(L, 1, "__name");
        lua_pushfstring(L, "%s (closed)", lua_tostring(L, -1));
        return 1;
    }
    const sk_host_strategy *entry = sk_instance_strategy(s->instance);
    lua_getiuservalue(L, 1, 1);
    lua_pushfstring(L, "%s '%s' (plugin %s %s)", lstrat_kind_names[entry->strategy->kind],
                    lua_tostring(L, -1), entry->plugin_name, entry->plugin_version);
    return 1;
}

/* ------------------------------------------------------------- solver -- */

static void lstrat_push_stats(lua_State *L, const sk_solve_stats *stats, int found)
{
    lua_createtable(L, 0, 3);
    lua_pushinteger(L, (lua_Integer)stats->guesses);
    lua_setfield(L, -2, "guesses");
    lua_pushinteger(L, (lua_Integer)stats->nodes);
    lua_setfield(L, -2, "nodes");
    lua_pushinteger(L, found);
    lua_setfield(L, -2, "solutions");
}

static int lstrat_check_limit(lua_State *L, int arg, lua_Integer def)
{
    lua_Integer limit = luaL_optinteger(L, arg, def);
    luaL_argcheck(L, limit >= 1 && limit <= 1000000, arg, "limit 1-1000000 expected");
    return (int)limit;
}

/* Solve the board at 2 (a grid under rules) with s to limit: the
 * solution (when wanted) into *solution; as sk_instance_solve_rules. */
static int lstrat_solve_board(lua_State *L, lstrat *s, int limit, sk_board *solution,
                              sk_solve_stats *stats, sk_error *err)
{
    return sk_instance_solve_rules(s->instance, ski_lua_board_rules(L, 2),
                                   ski_lua_board_cells(L, 2), limit, solution, stats, err);
}

/* solver:solve(grid | board [, limit]) -> solution, stats | nil, message.
 * stats = {guesses=, nodes=, solutions=} (solutions counts up to limit,
 * default 1: pass 2 to learn whether the solution is unique). A board
 * (rules:board) goes to the solver's solve of any rules, its solution a
 * board under the same rules. */
static int lstrat_solve(lua_State *L)
{
    lstrat *s = lstrat_check(L, 1, SK_KIND_SOLVER);
    bool board = ski_lua_is_board(L, 2);
    sk_grid *puzzle = board ? NULL : ski_lua_check_grid(L, 2);
    int limit = lstrat_check_limit(L, 3, 1);
    sk_grid solution;
    sk_board board_solution;
    sk_solve_stats stats;
    sk_error err;
    int found = board ? lstrat_solve_board(L, s, limit, &board_solution, &stats, &err)
                      : sk_instance_solve(s->instance, puzzle, limit, &solution, &stats, &err);
    if (found < 0)
        return ski_lua_fail(L, "%s", err.message[0] ? err.message : "the solver failed");
    if (found == 0)
        return ski_lua_fail(L, "the puzzle has no solution");
    if (board)
        ski_lua_push_board_like(L, 2, &board_solution);
    else
        ski_lua_push_grid(L, &solution);
    lstrat_push_stats(L, &stats, found);
    return 2;
}

/* solver:count(grid | board [, limit]) -> n (0..limit, default limit 2), stats |
 * nil, message. */
static int lstrat_count(lua_State *L)
{
    lstrat *s = lstrat_check(L, 1, SK_KIND_SOLVER);
    bool board = ski_lua_is_board(L, 2);
    sk_grid *puzzle = board ? NULL : ski_lua_check_grid(L, 2);
    int limit = lstrat_check_limit(L, 3, 2);
    sk_solve_stats stats;
    sk_error err;
    int found = board ? lstrat_solve_board(L, s, limit, NULL, &stats, &err)
                      : sk_instance_solve(s->instance, puzzle, limit, NULL, &stats, &err);
    if (found < 0)
        return ski_lua_fail(L, "%s", err.message[0] ? err.message : "the solver failed");
    lua_pushinteger(L, found);
    lstrat_push_stats(L, &stats, found);
    return 2;
}

/* ---------------------------------------------------------- generator -- */

/* Fill request from the table at arg (absent: defaults): the keys of the
 * generate operation that shape one puzzle (seed, index, level, rating,
 * symmetry, minimal, clues, attempts, fixed), with its values and errors.
 * Any other key is an argument error. */
static void lstrat_request(lua_State *L, int arg, sk_gen_request *req)
{
    *req = (sk_gen_request){.struct_size = sizeof *req};
    if (lua_isnoneornil(L, arg))
        return;
    luaL_checktype(L, arg, LUA_TTABLE);
    lua_pushnil(L);
    while (lua_next(L, arg)) {
        char buf[128];
        sk_error err;
        const char *key = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : "?";
        const char *text = ski_lua_value_text(L, -1, buf, sizeof buf);
        if (!text)
            luaL_argerror(L, arg, lua_pushfstring(L, "request key '%s' cannot be a %s", key,
                                                  luaL_typename(L, -1)));
        if (sk_gen_request_set(req, key, text, &err))
            luaL_argerror(L, arg, lua_pushstring(L, err.message));
        lua_pop(L, 1);
    }
}

static void lstrat_push_gen_info(lua_State *L, const sk_gen_result *res)
{
    lua_createtable(L, 0, 3);
    lua_pushstring(L, sk_symmetry_names[res->symmetry <= SK_SYM_RANDOM ? res->symmetry : 0]);
    lua_setfield(L, -2, "symmetry");
    lua_pushboolean(L, res->minimal);
    lua_setfield(L, -2, "minimal");
    lua_pushinteger(L, res->attempts);
    lua_setfield(L, -2, "attempts");
}

/* generator:generate([request]) -> puzzle, solution, info | nil, message. */
static int lstrat_generate(lua_State *L)
{
    lstrat *s = lstrat_check(L, 1, SK_KIND_GENERATOR);
    sk_gen_request req;
    lstrat_request(L, 2, &req);
    sk_gen_result res;
    sk_error err;
    if (sk_instance_generate(s->instance, &req, &res, &err) != SK_OK)
        return ski_lua_fail(L, "%s", err.message);
    ski_lua_push_grid(L, &res.puzzle);
    ski_lua_push_grid(L, &res.solution);
    lstrat_push_gen_info(L, &res);
    return 3;
}

/* The iterator of generator:puzzles: upvalues generator, request table,
 * count; control variable the 0-based index. */
static int lstrat_puzzles_next(lua_State *L)
{
    lstrat *s = lstrat_check(L, lua_upvalueindex(1), SK_KIND_GENERATOR);
    lua_Integer count = lua_tointeger(L, lua_upvalueindex(3));
    lua_Integer done = lua_tointeger(L, 2);
    if (done >= count)
        return 0;
    sk_gen_request req;
    lstrat_request(L, lua_upvalueindex(2), &req);
    req.index += (uint64_t)done;
    sk_gen_result res;
    sk_error err;
    if (sk_instance_generate(s->instance, &req, &res, &err) != SK_OK)
        return luaL_error(L, "puzzle %I: %s", done + 1, err.message);
    lua_pushinteger(L, done + 1);
    ski_lua_push_grid(L, &res.puzzle);
    ski_lua_push_grid(L, &res.solution);
    lstrat_push_gen_info(L, &res);
    return 4;
}

/* generator:puzzles(count [, request]) -> iterator giving i, puzzle,
 * solution, info for i = 1..count (request.index + i - 1 is the index
 * asked for). A failure raises an error. */
static int lstrat_puzzles(lua_State *L)
{
    lstrat_check(L, 1, SK_KIND_GENERATOR);
    lua_Integer count = luaL_checkinteger(L, 2);
    luaL_argcheck(L, count >= 0, 2, "count must not be negative");
    sk_gen_request req;
    lstrat_request(L, 3, &req); /* check the request now, not at the first puzzle */
    lua_settop(L, 3);
    if (lua_isnil(L, 3)) {
        lua_newtable(L);
        lua_replace(L, 3);
    }
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 3);
    lua_pushinteger(L, count);
    lua_pushcclosure(L, lstrat_puzzles_next, 3);
    lua_pushnil(L);
    lua_pushinteger(L, 0);
    return 3;
}

/* -------------------------------------------------------------- rater -- */

void ski_lua_push_rating(lua_State *L, const sk_rating *r)
{
    lua_createtable(L, 0, 8);
    lua_pushnumber(L, r->score);
    lua_setfield(L, -2, "score");
    lua_pushinteger(L, r->level);
    lua_setfield(L, -2, "level");
    lua_pushstring(L, sk_level_name(r->level));
    lua_setfield(L, -2, "level_name");
    lua_pushstring(L, r->hardest);
    lua_setfield(L, -2, "hardest");
    lua_pushinteger(L, r->steps);
    lua_setfield(L, -2, "steps");
    lua_pushnumber(L, r->first_step);
    lua_setfield(L, -2, "first_step");
    lua_pushnumber(L, r->first_placement);
    lua_setfield(L, -2, "first_placement");
    lua_pushboolean(L, r->score_is_lower_bound);
    lua_setfield(L, -2, "lower_bound");
}

/* Collects explained steps into the table at index table of L. */
typedef struct lstrat_steps {
    lua_State *L;
    int table;
    int failed; /* a Lua error (out of memory) stopped the rater */
} lstrat_steps;

/* The side of the board step's cells are on: 9 unless the rater says. */
static int lstrat_step_size(const sk_step *step)
{
    return SK_STEP_HAS(step, size) && step->size ? (int)step->size : 9;
}

static void lstrat_push_candidates(lua_State *L, const sk_candidate *c, size_t n, int size)
{
    lua_createtable(L, (int)n, 0);
    for (size_t i = 0; i < n; i++) {
        lua_createtable(L, 0, 4);
        lua_pushinteger(L, c[i].cell + 1);
        lua_setfield(L, -2, "cell");
        lua_pushinteger(L, c[i].cell / size + 1);
        lua_setfield(L, -2, "row");
        lua_pushinteger(L, c[i].cell % size + 1);
        lua_setfield(L, -2, "col");
        lua_pushinteger(L, c[i].digit);
        lua_setfield(L, -2, "digit");
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
}

/* Push chain i of step: an array of nodes {cells = {...}, digit, on, link,
 * via, parent} (cells, units and parent 1-based, via 0 for a link within a
 * cell, parent 0 for the start); a chain nested in another has unfolds =
 * {chain = J, node = N}, the node of chain J that it proves. */
static void lstrat_push_chain(lua_State *L, const sk_step *step, size_t i)
{
    uint32_t first = step->chain_starts[i], end = step->chain_starts[i + 1];
    lua_createtable(L, (int)(end - first), 0);
    for (uint32_t k = first; k < end; k++) {
        const sk_chain_node *n = &step->nodes[k];
        lua_createtable(L, 0, 5);
        lua_createtable(L, n->cell_count, 0);
        for (int c = 0; c < n->cell_count && c < 9; c++) {
            lua_pushinteger(L, n->cells[c] + 1);
            lua_rawseti(L, -2, c + 1);
        }
        lua_setfield(L, -2, "cells");
        lua_pushinteger(L, n->digit);
        lua_setfield(L, -2, "digit");
        lua_pushboolean(L, n->on);
        lua_setfield(L, -2, "on");
        lua_pushstring(L, sk_link_names[n->link <= SK_LINK_NESTED ? n->link : 0]);
        lua_setfield(L, -2, "link");
        lua_pushinteger(L, n->via < 27 ? n->via + 1 : 0);
        lua_setfield(L, -2, "via");
        lua_pushinteger(L, n->parent >= (int)first ? n->parent - (int)first + 1 : 0);
        lua_setfield(L, -2, "parent");
        lua_rawseti(L, -2, (lua_Integer)(k - first) + 1);
    }
    int proves = first < end ? step->nodes[first].parent : -1;
    if (proves >= 0 && (uint32_t)proves < first) {
        size_t j = 0;
        while (step->chain_starts[j + 1] <= (uint32_t)proves)
            j++;
        lua_createtable(L, 0, 2);
        lua_pushinteger(L, (lua_Integer)j + 1);
        lua_setfield(L, -2, "chain");
        lua_pushinteger(L, (lua_Integer)(proves - (int)step->chain_starts[j]) + 1);
        lua_setfield(L, -2, "node");
        lua_setfield(L, -2, "unfolds");
    }
}

/* Set the reasoning of step (plugin ABI 1.2) into the table on top:
 * se_rating, hodoku_score, notation, chains, base, cover, fins. */
static void lstrat_push_reasoning(lua_State *L, const sk_step *step)
{
    if (!SK_STEP_HAS(step, fin_count))
        return;
    lua_pushnumber(L, step->se_rating);
    lua_setfield(L, -2, "se_rating");
    lua_pushinteger(L, step->hodoku_score);
    lua_setfield(L, -2, "hodoku_score");
    lua_pushstring(L, step->notation ? step->notation : "");
    lua_setfield(L, -2, "notation");
    size_t chains = step->nodes && step->chain_starts ? step->chain_count : 0;
    lua_createtable(L, (int)chains, 0);
    for (size_t i = 0; i < chains; i++) {
        lstrat_push_chain(L, step, i);
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    lua_setfield(L, -2, "chains");
    for (int role = SK_HOUSE_BASE; role <= SK_HOUSE_COVER; role++) {
        lua_newtable(L);
        lua_Integer n = 0;
        for (size_t i = 0; step->houses && i < step->house_count; i++)
            if (step->houses[i].role == role) {
                lua_pushinteger(L, step->houses[i].unit + 1);
                lua_rawseti(L, -2, ++n);
            }
        lua_setfield(L, -2, role == SK_HOUSE_BASE ? "base" : "cover");
    }
    lstrat_push_candidates(L, step->fins, step->fins ? step->fin_count : 0,
                           lstrat_step_size(step));
    lua_setfield(L, -2, "fins");
}

/* Protected part of the step callback: append the step (a light
 * userdata) as a table to the table given as the second argument. */
int ski_lua_append_step(lua_State *L)
{
    const sk_step *step = lua_touserdata(L, 1);
    lua_createtable(L, 0, 7);
    lua_pushstring(L, step->kind == SK_STEP_PLACE ? "place" : "eliminate");
    lua_setfield(L, -2, "kind");
    lua_pushstring(L, step->technique ? step->technique : "");
    lua_setfield(L, -2, "technique");
    lua_pushnumber(L, step->rating);
    lua_setfield(L, -2, "rating");
    lua_createtable(L, (int)step->cell_count, 0);
    for (size_t i = 0; i < step->cell_count; i++) {
        lua_pushinteger(L, step->cells[i] + 1);
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    lua_setfield(L, -2, "cells");
    int size = lstrat_step_size(step);
    lstrat_push_candidates(L, step->placed, step->placed ? step->placed_count : 0, size);
    lua_setfield(L, -2, "placed");
    lstrat_push_candidates(L, step->eliminated, step->eliminated ? step->eliminated_count : 0,
                           size);
    lua_setfield(L, -2, "eliminated");
    if (SK_STEP_HAS(step, where) && step->where && step->where[0]) {
        lua_pushstring(L, step->where);
        lua_setfield(L, -2, "where");
    }
    lua_pushstring(L, step->explanation ? step->explanation : "");
    lua_setfield(L, -2, "explanation");
    lstrat_push_reasoning(L, step);
    lua_rawseti(L, 2, (lua_Integer)lua_rawlen(L, 2) + 1);
    return 0;
}

static int lstrat_on_step(void *user, const sk_step *step)
{
    lstrat_steps *steps = user;
    lua_State *L = steps->L;
    /* A Lua error must not unwind through the rater's C frames. */
    lua_pushcfunction(L, ski_lua_append_step);
    lua_pushlightuserdata(L, (void *)step);
    lua_pushvalue(L, steps->table);
    if (lua_pcall(L, 2, 0, 0) != LUA_OK) {
        lua_pop(L, 1);
        steps->failed = 1;
        return 1;
    }
    return 0;
}

/* Rate the grid at arg 2; with want_steps the steps are collected into a
 * new table left on the stack. Returns the number of results pushed on
 * failure (nil, message) or 0 with the rating in *out. */
static int lstrat_do_rate(lua_State *L, int want_steps, sk_rating *out)
{
    lstrat *s = lstrat_check(L, 1, SK_KIND_RATER);
    sk_grid *puzzle = ski_lua_check_grid(L, 2);
    lstrat_steps steps = {L, 0, 0};
    if (want_steps) {
        lua_newtable(L);
        steps.table = lua_gettop(L);
    }
    sk_error err;
    int status = sk_instance_rate(s->instance, puzzle, out, want_steps ? lstrat_on_step : NULL,
                                  &steps, &err);
    if (steps.failed)
        return luaL_error(L, "not enough memory for the rater's steps");
    if (status != SK_OK)
        return ski_lua_fail(L, "%s", err.message[0] ? err.message : "the rater failed");
    return 0;
}

/* rater:rate(grid [, with_steps]) -> rating | nil, message. With
 * with_steps true, rating.explained is the array of step tables. */
static int lstrat_rate(lua_State *L)
{
    int want_steps = lua_toboolean(L, 3);
    lua_settop(L, 2);
    sk_rating rating;
    int failed = lstrat_do_rate(L, want_steps, &rating);
    if (failed)
        return failed;
    ski_lua_push_rating(L, &rating);
    if (want_steps) {
        lua_pushvalue(L, 3);
        lua_setfield(L, -2, "explained");
    }
    return 1;
}

static int lstrat_steps_next(lua_State *L)
{
    lua_Integer i = luaL_checkinteger(L, 2) + 1;
    if (lua_rawgeti(L, 1, i) == LUA_TNIL)
        return 0;
    lua_pushinteger(L, i);
    lua_insert(L, -2);
    return 2;
}

/* rater:steps(grid) -> iterator giving i, step | nil, message. */
static int lstrat_steps_iter(lua_State *L)
{
    lua_settop(L, 2);
    sk_rating rating;
    int failed = lstrat_do_rate(L, 1, &rating);
    if (failed)
        return failed;
    lua_pushcfunction(L, lstrat_steps_next);
    lua_insert(L, 3);
    lua_pushinteger(L, 0);
    return 3;
}

/* ---------------------------------------------------------- registers -- */

static const luaL_Reg lstrat_meta[] = {{"__index", lstrat_index},
                                       {"__gc", lstrat_close},
                                       {"__close", lstrat_close},
                                       {"__tostring", lstrat_tostring},
                                       {NULL, NULL}};

static const luaL_Reg lstrat_solver_methods[] = {
    {"solve", lstrat_solve}, {"count", lstrat_count}, {"close", lstrat_close}, {NULL, NULL}};

static const luaL_Reg lstrat_generator_methods[] = {{"generate", lstrat_generate},
                                                    {"puzzles", lstrat_puzzles},
                                                    {"close", lstrat_close},
                                                    {NULL, NULL}};

static const luaL_Reg lstrat_rater_methods[] = {
    {"rate", lstrat_rate}, {"steps", lstrat_steps_iter}, {"close", lstrat_close}, {NULL, NULL}};

static const luaL_Reg lstrat_functions[] = {{"solver", lstrat_new_solver},
                                            {"generator", lstrat_new_generator},
                                            {"rater", lstrat_new_rater},
                                            {NULL, NULL}};

void ski_lua_open_strategy(lua_State *L)
{
    ski_lua_new_class(L, SK_LUA_SOLVER, lstrat_solver_methods, lstrat_meta);
    ski_lua_new_class(L, SK_LUA_GENERATOR, lstrat_generator_methods, lstrat_meta);
    ski_lua_new_class(L, SK_LUA_RATER, lstrat_rater_methods, lstrat_meta);
    luaL_setfuncs(L, lstrat_functions, 0);
    lua_createtable(L, 5, 0);
    for (int i = 1; i <= 5; i++) {
        lua_pushstring(L, sk_level_names[i]);
        lua_rawseti(L, -2, i);
    }
    lua_setfield(L, -2, "levels");
}
