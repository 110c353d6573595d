/* Lua binding of the puzzle database: open, add puzzles and ratings,
 * queries as iterators, explicit transactions, saved games. */
#include <stdio.h>
#include <string.h>

#include "lua_internal.h"
#include "sudokit/grid.h"
#include "sudokit/names.h"
#include "sudokit/rules.h"
#include "sudokit/store.h"

typedef struct lstore {
    sk_store *store; /* NULL until opened and once closed */
    lua_State *owner; /* the main state, charged for the connection */
    size_t charged;   /* bytes counted against its memory limit     */
} lstore;

typedef struct ltx {
    int open; /* nonzero until committed or rolled back */
} ltx;

/* Uservalue slots of a database object. */
enum { LSTORE_TX = 1 };

static lstore *lstore_check(lua_State *L, int arg)
{
    lstore *s = luaL_checkudata(L, arg, SK_LUA_STORE);
    if (!s->store)
        luaL_argerror(L, arg, "closed database");
    return s;
}

/* Shared by __gc, __close and db:close(): safe to call twice. Closing
 * rolls back a transaction left open. */
static int lstore_close(lua_State *L)
{
    lstore *s = luaL_checkudata(L, 1, SK_LUA_STORE);
    if (s->store) {
        sk_store_close(s->store);
        s->store = NULL;
        ski_lua_uncharge(s->owner, s->charged);
        s->charged = 0;
    }
    return 0;
}

/* sudokit.open([path]) -> db | nil, message. Without path: the --db of
 * `sudokit run`, else $SUDOKIT_DB, else the default path. */
static int lstore_open(lua_State *L)
{
    const char *path = luaL_optstring(L, 1, NULL);
    if (!path)
        path = ski_lua_hostref_get(L)->db_path;
    sk_error why;
    if (sk_access_check_store(ski_lua_access(L), path, &why))
        return luaL_error(L, "%s", why.message);
    lstore *s = lua_newuserdatauv(L, sizeof *s, 1);
    *s = (lstore){NULL, NULL, 0};
    luaL_setmetatable(L, SK_LUA_STORE);
    sk_error err;
    ski_lua_heap_mark mark;
    ski_lua_heap_mark_now(L, &mark);
    if (sk_store_open(path, &s->store, &err))
        return ski_lua_fail(L, "%s", err.message);
    lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_MAINTHREAD);
    s->owner = lua_tothread(L, -1); /* lives as long as the state */
    lua_pop(L, 1);
    if (ski_lua_charge_since(L, &mark, &s->charged)) {
        sk_store_close(s->store);
        s->store = NULL;
        return luaL_error(L, "not enough memory (the database's memory counts against the "
                             "script's limit)");
    }
    return 1;
}

static int lstore_path(lua_State *L)
{
    lua_pushstring(L, sk_store_path(lstore_check(L, 1)->store));
    return 1;
}

/* -------------------------------------------------------- transactions -- */

/* Finish the transaction object at arg: commit or roll back. Returns true
 * or nil, message. */
static int ltx_finish(lua_State *L, int commit)
{
    ltx *t = luaL_checkudata(L, 1, SK_LUA_TRANSACTION);
    if (!t->open)
        return ski_lua_fail(L, "the transaction is already finished");
    lua_getiuservalue(L, 1, 1);
    lstore *s = lstore_check(L, -1);
    t->open = 0;
    lua_pushnil(L);
    lua_setiuservalue(L, -2, LSTORE_TX); /* the database lets the object go */
    sk_error err;
    int rc = commit ? sk_store_commit(s->store, &err)
                    : sk_store_rollback(s->store, &err);
    if (rc)
        return ski_lua_fail(L, "%s", err.message);
    lua_pushboolean(L, 1);
    return 1;
}

static int ltx_commit(lua_State *L)
{
    return ltx_finish(L, 1);
}

static int ltx_rollback(lua_State *L)
{
    return ltx_finish(L, 0);
}

/* __close and __gc: a transaction still open is rolled back. */
static int ltx_close(lua_State *L)
{
    ltx *t = luaL_checkudata(L, 1, SK_LUA_TRANSACTION);
    if (!t->open)
        return 0;
    lua_getiuservalue(L, 1, 1);
    lstore *s = luaL_testudata(L, -1, SK_LUA_STORE);
    t->open = 0;
    if (s && s->store && sk_store_in_transaction(s->store))
        sk_store_rollback(s->store, NULL);
    return 0;
}

/* db:begin() -> transaction | nil, message. Use it as a to-be-closed
 * variable (local tx <close> = db:begin()): leaving the scope without
 * tx:commit(), by an error or otherwise, rolls back. */
static int lstore_begin(lua_State *L)
{
    lstore *s = lstore_check(L, 1);
    sk_error err;
    if (sk_store_begin(s->store, &err))
        return ski_lua_fail(L, "%s", err.message);
    ltx *t = lua_newuserdatauv(L, sizeof *t, 1);
    t->open = 1;
    luaL_setmetatable(L, SK_LUA_TRANSACTION);
    lua_pushvalue(L, 1);
    lua_setiuservalue(L, -2, 1);
    /* Held by the database while open, so the collector cannot roll it back. */
    lua_pushvalue(L, -1);
    lua_setiuservalue(L, 1, LSTORE_TX);
    return 1;
}

/* The open transaction object of the database at 1, or nil. */
static int lstore_finish_current(lua_State *L, int commit)
{
    lstore_check(L, 1);
    lua_getiuservalue(L, 1, LSTORE_TX);
    if (lua_isnil(L, -1))
        return ski_lua_fail(L, "no transaction is open (db:begin() starts one)");
    lua_replace(L, 1);
    lua_settop(L, 1);
    return ltx_finish(L, commit);
}

static int lstore_commit(lua_State *L)
{
    return lstore_finish_current(L, 1);
}

static int lstore_rollback(lua_State *L)
{
    return lstore_finish_current(L, 0);
}

static int lstore_in_transaction(lua_State *L)
{
    lua_pushboolean(L, sk_store_in_transaction(lstore_check(L, 1)->store));
    return 1;
}

/* ------------------------------------------------------------ writing -- */

/* An optional string field of the table at arg (NULL when absent). */
static const char *lstore_opt_string(lua_State *L, int arg, const char *key)
{
    int type = lua_getfield(L, arg, key);
    if (type == LUA_TNIL)
        return NULL;
    if (type != LUA_TSTRING)
        luaL_argerror(L, arg, lua_pushfstring(L, "field '%s' must be a string", key));
    return lua_tostring(L, -1); /* left on the stack until the call ends */
}

/* The puzzle at arg 2 into rec: a classic grid, or a board under any
 * rules (sudokit.rules(spec):board(text)), whose solution must then be a
 * board under the same rules. */
static void lstore_puzzle_arg(lua_State *L, sk_puzzle_record *rec)
{
    if (!ski_lua_is_board(L, 2)) {
        rec->givens = *ski_lua_check_grid(L, 2);
        return;
    }
    rec->rules = ski_lua_board_rules(L, 2);
    rec->givens_board = ski_lua_board_cells(L, 2);
}

/* The solution field of info (at the top of the stack, not nil) into rec. */
static void lstore_solution_arg(lua_State *L, sk_puzzle_record *rec)
{
    if (!rec->rules) {
        if (!luaL_testudata(L, -1, SK_LUA_GRID))
            luaL_argerror(L, 3, "field 'solution' must be a grid");
        rec->solution = lua_touserdata(L, -1);
        return;
    }
    if (!ski_lua_is_board(L, -1) ||
        strcmp(sk_rules_spec(ski_lua_board_rules(L, -1)), sk_rules_spec(rec->rules)) != 0)
        luaL_argerror(L, 3, lua_pushfstring(L, "field 'solution' must be a board under the "
                                               "puzzle's rules '%s'", sk_rules_spec(rec->rules)));
    rec->solution_board = ski_lua_board_cells(L, -1);
}

/* db:add(puzzle [, info]) -> id, duplicate | nil, message. puzzle is a
 * grid or a board under any rules; info = {solution=grid or board,
 * minimal=bool, strategy=, options=, seed=, source=}. A duplicate (the
 * same puzzle up to symmetry) is not an error: the existing id and true
 * are returned. The store's own add, as db import's. */
static int lstore_add(lua_State *L)
{
    lstore *s = lstore_check(L, 1);
    sk_puzzle_record rec;
    sk_puzzle_record_init(&rec);
    lstore_puzzle_arg(L, &rec);
    if (!lua_isnoneornil(L, 3)) {
        luaL_checktype(L, 3, LUA_TTABLE);
        if (lua_getfield(L, 3, "solution") != LUA_TNIL)
            lstore_solution_arg(L, &rec);
        if (lua_getfield(L, 3, "minimal") != LUA_TNIL)
            rec.minimal = lua_toboolean(L, -1);
        rec.strategy = lstore_opt_string(L, 3, "strategy");
        rec.options = lstore_opt_string(L, 3, "options");
        rec.source = lstore_opt_string(L, 3, "source");
        if (lua_getfield(L, 3, "seed") != LUA_TNIL) {
            int ok;
            rec.seed = (uint64_t)lua_tointegerx(L, -1, &ok);
            if (!ok)
                luaL_argerror(L, 3, "field 'seed' must be an integer");
            rec.has_seed = true;
        }
    }
    int64_t id;
    bool duplicate;
    sk_error err;
    /* the board's host compiles the images of its rules (the store's key) */
    sk_store_set_rules_host(s->store, rec.rules ? ski_lua_board_host(L, 2) : NULL);
    int rc = sk_store_add_puzzle(s->store, &rec, &id, &duplicate, &err);
    sk_store_set_rules_host(s->store, NULL);
    if (rc)
        return ski_lua_fail(L, "%s", err.message);
    lua_pushinteger(L, id);
    lua_pushboolean(L, duplicate);
    return 2;
}

/* Read a rating table (as rater:rate returns) at arg into out. */
static void lstore_check_rating(lua_State *L, int arg, sk_rating *out)
{
    luaL_checktype(L, arg, LUA_TTABLE);
    *out = (sk_rating){.struct_size = sizeof *out};
    int ok;
    lua_getfield(L, arg, "score");
    out->score = lua_tonumberx(L, -1, &ok);
    if (!ok)
        luaL_argerror(L, arg, "rating field 'score' must be a number");
    lua_getfield(L, arg, "level");
    out->level = (int)lua_tointegerx(L, -1, &ok);
    if (lua_type(L, -1) == LUA_TSTRING && sk_level_parse(lua_tostring(L, -1)) > 0)
        out->level = sk_level_parse(lua_tostring(L, -1)), ok = 1;
    if (!ok || out->level < 1 || out->level > 5)
        luaL_argerror(L, arg, "rating field 'level' must be 1-5 or a level name");
    lua_getfield(L, arg, "hardest");
    snprintf(out->hardest, sizeof out->hardest, "%s",
             lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "");
    lua_getfield(L, arg, "steps");
    out->steps = (uint32_t)lua_tointeger(L, -1);
    lua_getfield(L, arg, "first_step");
    out->first_step = lua_tonumber(L, -1);
    lua_getfield(L, arg, "first_placement");
    out->first_placement = lua_tonumber(L, -1);
    lua_getfield(L, arg, "lower_bound");
    out->score_is_lower_bound = lua_toboolean(L, -1);
    lua_pop(L, 6);
}

/* db:add_rating(id, rater, rating) with a rater object (its name and
 * plugin version are recorded), or db:add_rating(id, name, version,
 * rating) -> true | nil, message. */
static int lstore_add_rating(lua_State *L)
{
    lstore *s = lstore_check(L, 1);
    lua_Integer id = luaL_checkinteger(L, 2);
    const char *name, *version;
    int rating_arg;
    if (lua_type(L, 3) == LUA_TUSERDATA) {
        luaL_checkudata(L, 3, SK_LUA_RATER);
        lua_getfield(L, 3, "name");
        lua_getfield(L, 3, "version");
        name = lua_tostring(L, -2);
        version = lua_tostring(L, -1);
        luaL_argcheck(L, name && version, 3, "closed rater");
        rating_arg = 4;
    } else {
        name = luaL_checkstring(L, 3);
        version = luaL_checkstring(L, 4);
        rating_arg = 5;
    }
    sk_rating rating;
    lstore_check_rating(L, rating_arg, &rating);
    sk_error err;
    if (sk_store_add_rating(s->store, id, name, version, &rating, &err))
        return ski_lua_fail(L, "%s", err.message);
    lua_pushboolean(L, 1);
    return 1;
}

/* ------------------------------------------------------------ queries -- */

static void lstore_set_string(lua_State *L, const char *key, const char *value)
{
    if (!value)
        return;
    lua_pushstring(L, value);
    lua_setfield(L, -2, key);
}

static void lstore_set_integer(lua_State *L, const char *key, lua_Integer value)
{
    lua_pushinteger(L, value);
    lua_setfield(L, -2, key);
}

/* Push a grid parsed from a stored 81-character line, or nil. */
static void lstore_push_line(lua_State *L, const char *line)
{
    sk_grid grid;
    size_t col;
    if (line && sk_grid_parse_line(&grid, line, strlen(line), &col) == 0)
        ski_lua_push_grid(L, &grid);
    else
        lua_pushnil(L);
}

/* Collects rows (or games) into a Lua table through a protected call, so
 * that a Lua error never unwinds through the store's frames. */
typedef struct lstore_collect {
    lua_State *L;
    int table;
    lua_CFunction push;
} lstore_collect;

static int lstore_collect_one(lstore_collect *c, const void *item)
{
    lua_pushcfunction(c->L, c->push);
    lua_pushlightuserdata(c->L, (void *)item);
    lua_pushvalue(c->L, c->table);
    if (lua_pcall(c->L, 2, 0, 0) != LUA_OK)
        return 2; /* the error message stays on the stack */
    return 0;
}

/* Iterator over an array: (array, i) -> i + 1, array[i + 1]. */
static int lstore_array_next(lua_State *L)
{
    lua_Integer i = luaL_checkinteger(L, 2) + 1;
    if (lua_rawgeti(L, 1, i) == LUA_TNIL)
        return 0;
    lua_pushinteger(L, i);
    lua_insert(L, -2);
    return 2;
}

/* Run the query operation with the filters at 2 (its keys, as `sudokit db
 * query` has them) on this database's connection, so that it sees the
 * script's own uncommitted writes. Leaves the array of rows on the stack
 * top and returns 0, or returns 2 after pushing nil, message. */
static int lstore_run_query(lua_State *L)
{
    lstore *s = lstore_check(L, 1);
    if (!lua_isnoneornil(L, 2))
        luaL_checktype(L, 2, LUA_TTABLE);
    int pushed = ski_lua_run_op(L, "query", lua_istable(L, 2) ? 2 : 0, s->store);
    if (lua_isnil(L, -pushed)) {
        lua_pop(L, 1); /* the summary */
        return 2;
    }
    lua_pop(L, 1);
    return 0;
}

/* db:query([filters]) -> iterator giving i, row | nil, message. The rows
 * are read when the query starts, so the loop may write to the database. */
static int lstore_query(lua_State *L)
{
    lua_settop(L, 2);
    int failed = lstore_run_query(L);
    if (failed)
        return failed;
    lua_pushcfunction(L, lstore_array_next);
    lua_insert(L, -2);
    lua_pushinteger(L, 0);
    return 3;
}

/* db:count([filters]) -> number of matching puzzles | nil, message. */
static int lstore_count(lua_State *L)
{
    lua_settop(L, 2);
    int failed = lstore_run_query(L);
    if (failed)
        return failed;
    lua_pushinteger(L, (lua_Integer)lua_rawlen(L, -1));
    return 1;
}

/* -------------------------------------------------------------- games -- */

static void lstore_push_game_table(lua_State *L, const sk_game_record *g)
{
    lua_createtable(L, 0, 10);
    lstore_set_integer(L, "id", g->id);
    lstore_set_integer(L, "puzzle_id", g->puzzle_id);
    lstore_push_line(L, g->cells);
    lua_setfield(L, -2, "cells");
    lstore_set_string(L, "marks", g->marks ? g->marks : "");
    lstore_set_string(L, "history", g->history ? g->history : "");
    lstore_set_integer(L, "elapsed_ms", g->elapsed_ms);
    lstore_set_integer(L, "hints", g->hints);
    lstore_set_string(L, "status", sk_play_status_name(g->status));
    lstore_set_string(L, "created", g->created);
    lstore_set_string(L, "updated", g->updated);
}

static int lstore_push_game(lua_State *L)
{
    lstore_push_game_table(L, lua_touserdata(L, 1));
    lua_rawseti(L, 2, (lua_Integer)lua_rawlen(L, 2) + 1);
    return 0;
}

static int lstore_game_fn(void *user, const sk_game_record *rec)
{
    return lstore_collect_one(user, rec);
}

/* db:games() -> iterator giving i, game (most recently updated first). */
static int lstore_games(lua_State *L)
{
    lstore *s = lstore_check(L, 1);
    lua_settop(L, 1);
    lua_newtable(L);
    lstore_collect c = {L, 2, lstore_push_game};
    sk_error err;
    int rc = sk_store_game_list(s->store, lstore_game_fn, &c, &err);
    if (rc == 2)
        return lua_error(L);
    if (rc)
        return ski_lua_fail(L, "%s", err.message);
    lua_pushcfunction(L, lstore_array_next);
    lua_insert(L, 2);
    lua_pushinteger(L, 0);
    return 3;
}

/* db:game(id) -> game table | nil, message. */
static int lstore_game(lua_State *L)
{
    lstore *s = lstore_check(L, 1);
    lua_Integer id = luaL_checkinteger(L, 2);
    sk_game_record rec = {0};
    sk_error err;
    if (sk_store_game_load(s->store, id, &rec, &err)) {
        sk_game_record_clear(&rec);
        return ski_lua_fail(L, "%s", err.message);
    }
    /* Copy into Lua in protected mode so the heap strings are always freed. */
    lua_pushcfunction(L, lstore_push_game);
    lua_pushlightuserdata(L, &rec);
    lua_newtable(L);
    lua_pushvalue(L, -1);
    lua_insert(L, -4);
    int status = lua_pcall(L, 2, 0, 0);
    sk_game_record_clear(&rec);
    if (status != LUA_OK)
        return lua_error(L);
    lua_rawgeti(L, -1, 1);
    return 1;
}

static int lstore_tostring(lua_State *L)
{
    lstore *s = luaL_checkudata(L, 1, SK_LUA_STORE);
    if (s->store)
        lua_pushfstring(L, "sudokit.db (%s)", sk_store_path(s->store));
    else
        lua_pushliteral(L, "sudokit.db (closed)");
    return 1;
}

static const luaL_Reg lstore_methods[] = {
    {"path", lstore_path},         {"close", lstore_close},
    {"begin", lstore_begin},       {"commit", lstore_commit},
    {"rollback", lstore_rollback}, {"in_transaction", lstore_in_transaction},
    {"add", lstore_add},           {"add_rating", lstore_add_rating},
    {"query", lstore_query},       {"count", lstore_count},
    {"games", lstore_games},       {"game", lstore_game},
    {NULL, NULL}};

static const luaL_Reg lstore_meta[] = {{"__gc", lstore_close},
                                       {"__close", lstore_close},
                                       {"__tostring", lstore_tostring},
                                       {NULL, NULL}};

static const luaL_Reg ltx_methods[] = {
    {"commit", ltx_commit}, {"rollback", ltx_rollback}, {NULL, NULL}};

static const luaL_Reg ltx_meta[] = {{"__gc", ltx_close}, {"__close", ltx_close}, {NULL, NULL}};

static const luaL_Reg lstore_functions[] = {{"open", lstore_open}, {NULL, NULL}};

void ski_lua_open_store(lua_State *L)
{
    ski_lua_new_class(L, SK_LUA_STORE, lstore_methods, lstore_meta);
    ski_lua_new_class(L, SK_LUA_TRANSACTION, ltx_methods, ltx_meta);
    luaL_setfuncs(L, lstore_functions, 0);
}
