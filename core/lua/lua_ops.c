/* Lua binding of the operations layer: sudokit.NAME{key = value, ...} for
 * every operation, with the command line's keys ('_' for '-'), values,
 * defaults and errors; results come back as tables. */
#include <stdio.h>
#include <string.h>

#include "lua_internal.h"
#include "sudokit/grid.h"
#include "sudokit/names.h"
#include "sudokit/ops.h"
#include "sudokit/rules.h"
#include "sudokit/store.h"

/* What the sink needs while an operation runs. */
typedef struct lops_run {
    lua_State *L;
    int results; /* index of the results array, or 0 with each */
    int each;    /* index of the each function, or 0 */
    bool failed; /* a Lua error is on the stack top, raised after the run */
} lops_run;

static void lops_set_grid(lua_State *L, const char *key, bool has, const sk_grid *grid)
{
    if (!has)
        return;
    ski_lua_push_grid(L, grid);
    lua_setfield(L, -2, key);
}

static void lops_set_string(lua_State *L, const char *key, const char *text)
{
    if (!text)
        return;
    lua_pushstring(L, text);
    lua_setfield(L, -2, key);
}

static void lops_set_integer(lua_State *L, const char *key, lua_Integer value)
{
    lua_pushinteger(L, value);
    lua_setfield(L, -2, key);
}

/* The grids of a record under rules other than classic: the rules' spec
 * and each grid as its text (sk_rules_format_board), N*N characters. */
static void lops_set_boards(lua_State *L, const sk_record *r)
{
    static const char *const names[] = {"puzzle", "solution", "canonical"};
    static const int fields[] = {SK_FIELD_PUZZLE, SK_FIELD_SOLUTION, SK_FIELD_CANONICAL};
    char text[SK_MAX_CELLS + 1];
    lops_set_string(L, "rules", sk_rules_spec(r->rules));
    for (size_t i = 0; i < 3; i++) {
        const uint8_t *cells = sk_record_cells(r, fields[i]);
        if (!cells)
            continue;
        sk_board board;
        memcpy(board.cells, cells, sk_record_cell_count(r));
        sk_rules_format_board(r->rules, &board, text, true);
        lops_set_string(L, names[i], text);
    }
    lua_Integer clues = 0;
    for (size_t c = 0; c < sk_record_cell_count(r); c++)
        clues += r->boards->puzzle.cells[c] != 0;
    lops_set_integer(L, "clues", clues);
}

/* Protected: push a record (light userdata 1) as a table of its fields. */
static int lops_push_record(lua_State *L)
{
    const sk_record *r = lua_touserdata(L, 1);
    lua_createtable(L, 0, 16);
    if (r->has_index)
        lops_set_integer(L, "index", (lua_Integer)r->index);
    if (r->id)
        lops_set_integer(L, "id", r->id);
    if (r->rules) {
        lops_set_boards(L, r);
    } else {
        lops_set_grid(L, "puzzle", true, &r->puzzle);
        lops_set_grid(L, "solution", r->has_solution, &r->solution);
        lops_set_grid(L, "canonical", r->has_canonical, &r->canonical);
        lops_set_integer(L, "clues", sk_grid_clues(&r->puzzle));
    }
    if (r->has_symmetry)
        lops_set_string(L, "symmetry", sk_symmetry_names[r->symmetry]);
    if (r->minimal >= 0) {
        lua_pushboolean(L, r->minimal);
        lua_setfield(L, -2, "minimal");
    }
    lops_set_string(L, "strategy", r->strategy);
    lops_set_string(L, "options", r->options);
    if (r->has_seed)
        lops_set_integer(L, "seed", (lua_Integer)r->seed);
    lops_set_string(L, "source", r->source);
    if (r->line)
        lops_set_integer(L, "line", (lua_Integer)r->line);
    lops_set_string(L, "created", r->created);
    if (r->rated) {
        ski_lua_push_rating(L, &r->rating);
        lops_set_string(L, "rater", r->rater);
        lops_set_string(L, "version", r->rater_version);
        lua_setfield(L, -2, "rating");
    }
    if (r->has_games) {
        lops_set_integer(L, "games", r->games);
        if (r->last_game_id)
            lops_set_integer(L, "last_game_id", r->last_game_id);
        lops_set_string(L, "last_game_status", r->last_game_status);
    }
    return 1;
}

/* Protected: push a row of cells (light userdata 1, count 2) as a table. */
static int lops_push_row(lua_State *L)
{
    const sk_row_cell *cells = lua_touserdata(L, 1);
    size_t count = (size_t)lua_tointeger(L, 2);
    lua_createtable(L, 0, (int)count);
    for (size_t i = 0; i < count; i++) {
        const sk_row_cell *c = &cells[i];
        if (c->kind == SK_CELL_NULL)
            continue;
        if (c->kind == SK_CELL_TEXT)
            lua_pushstring(L, c->text ? c->text : "");
        else if (c->kind == SK_CELL_INT)
            lua_pushinteger(L, c->integer);
        else if (c->kind == SK_CELL_BOOL)
            lua_pushboolean(L, c->integer != 0);
        else
            lua_pushnumber(L, c->number);
        lua_setfield(L, -2, c->name);
    }
    return 1;
}

/* Deliver the value the protected pusher fn leaves (from arguments a and
 * n): append it to the results, or call each with it (each returning
 * false stops the run). Returns 0 to go on, 1 to stop (an error then waits
 * on the stack for the caller). */
static int lops_deliver(lops_run *run, lua_CFunction fn, void *a, lua_Integer n)
{
    lua_State *L = run->L;
    if (run->failed)
        return 1;
    if (run->each)
        lua_pushvalue(L, run->each);
    lua_pushcfunction(L, fn);
    lua_pushlightuserdata(L, a);
    lua_pushinteger(L, n);
    if (lua_pcall(L, 2, 1, 0) != LUA_OK) {
        if (run->each)
            lua_remove(L, -2);
        run->failed = true;
        return 1;
    }
    if (!run->each) {
        lua_rawseti(L, run->results, (lua_Integer)lua_rawlen(L, run->results) + 1);
        return 0;
    }
    if (lua_pcall(L, 1, 1, 0) != LUA_OK) {
        run->failed = true;
        return 1;
    }
    int stop = lua_type(L, -1) == LUA_TBOOLEAN && !lua_toboolean(L, -1);
    lua_pop(L, 1);
    return stop;
}

static int lops_on_record(void *user, const sk_record *record)
{
    return lops_deliver(user, lops_push_record, (void *)record, 0);
}

static int lops_on_row(void *user, const sk_row_cell *cells, size_t count)
{
    return lops_deliver(user, lops_push_row, (void *)cells, (lua_Integer)count);
}

/* Protected: push a step (light userdata 1) as a table. */
static int lops_push_step(lua_State *L)
{
    lua_settop(L, 1);
    lua_newtable(L);
    lua_pushcfunction(L, ski_lua_append_step);
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 2);
    lua_call(L, 2, 0);
    lua_rawgeti(L, 2, 1);
    return 1;
}

static int lops_on_step(void *user, unsigned number, const sk_step *step)
{
    (void)number;
    return lops_deliver(user, lops_push_step, (void *)step, 0);
}

/* A key's value as the text the setters take: strings as they are,
 * integers without a point, booleans 1/0, grids in the line layout. */
const char *ski_lua_value_text(lua_State *L, int index, char *buf, size_t len)
{
    switch (lua_type(L, index)) {
    case LUA_TBOOLEAN:
        return lua_toboolean(L, index) ? "1" : "0";
    case LUA_TNUMBER:
        if (lua_isinteger(L, index))
            snprintf(buf, len, "%lld", (long long)lua_tointeger(L, index));
        else
            snprintf(buf, len, "%.17g", lua_tonumber(L, index));
        return buf;
    case LUA_TSTRING:
        return lua_tostring(L, index);
    case LUA_TUSERDATA: {
        sk_grid *grid = luaL_testudata(L, index, SK_LUA_GRID);
        if (!grid)
            return NULL;
        sk_grid_format_line(grid, buf, true);
        buf[81] = '\0';
        return buf;
    }
    default:
        return NULL;
    }
}

/* Set one key (at -2) to its value (at -1): an array sets each element.
 * Returns 0, or -1 with err. */
static int lops_set_key(lua_State *L, sk_op *op, sk_error *err)
{
    const char *key = lua_tostring(L, -2);
    char buf[128];
    if (lua_type(L, -1) != LUA_TTABLE) {
        const char *text = ski_lua_value_text(L, -1, buf, sizeof buf);
        if (!text)
            return sk_error_set(err, SK_EXIT_USAGE, "%s: a %s cannot be a value", key,
                                luaL_typename(L, -1));
        return sk_op_set(op, key, text, err);
    }
    for (lua_Integer i = 1; lua_rawgeti(L, -1, i) != LUA_TNIL; i++) {
        const char *text = ski_lua_value_text(L, -1, buf, sizeof buf);
        int rc = text ? sk_op_set(op, key, text, err)
                      : sk_error_set(err, SK_EXIT_USAGE, "%s: a %s cannot be a value", key,
                                     luaL_typename(L, -1));
        lua_pop(L, 1);
        if (rc)
            return -1;
    }
    lua_pop(L, 1);
    return 0;
}

/* Push the summary of a run as a table. */
static void lops_push_summary(lua_State *L, const sk_op_summary *s, int status)
{
    lua_createtable(L, 0, 7);
    lops_set_integer(L, "status", status);
    lops_set_integer(L, "done", (lua_Integer)s->done);
    lops_set_integer(L, "failed", (lua_Integer)s->failed);
    lops_set_integer(L, "added", (lua_Integer)s->added);
    lops_set_integer(L, "duplicates", (lua_Integer)s->duplicates);
    lua_pushnumber(L, s->seconds);
    lua_setfield(L, -2, "seconds");
    lua_pushboolean(L, s->stopped);
    lua_setfield(L, -2, "stopped");
}

/* Give op every key of the table at args but each, noting whether output
 * was given. Returns 0, or -1 with err. */
static int lops_keys(lua_State *L, sk_op *op, int args, bool *output, sk_error *err)
{
    if (!args)
        return 0;
    lua_pushnil(L);
    while (lua_next(L, args)) {
        if (lua_type(L, -2) != LUA_TSTRING) {
            lua_pop(L, 2);
            return sk_error_set(err, SK_EXIT_USAGE, "keys must be names (strings)");
        }
        const char *key = lua_tostring(L, -2);
        if (strcmp(key, "each") != 0) {
            *output |= strcmp(key, "output") == 0;
            if (lops_set_key(L, op, err)) {
                lua_pop(L, 2);
                return -1;
            }
        }
        lua_pop(L, 1);
    }
    return 0;
}

int ski_lua_run_op(lua_State *L, const char *name, int args, sk_store *store)
{
    ski_lua_hostref *ref = ski_lua_hostref_get(L);
    sk_host *host = ski_lua_host(L);
    int each = 0;
    if (args && lua_getfield(L, args, "each") != LUA_TNIL) {
        luaL_argcheck(L, lua_isfunction(L, -1), args, "each must be a function");
        each = lua_gettop(L);
    } else if (args) {
        lua_pop(L, 1);
    }
    lua_newtable(L);
    lops_run run = {L, lua_gettop(L), each, false};
    sk_access *access = ski_lua_access(L);
    unsigned long refusals = sk_access_refusals(access);
    sk_ctx_config config = {.host = host,
                            .db_path = ref->db_path,
                            .store = store,
                            .access = access,
                            /* A script's problems go where Lua's own
                             * warnings and errors go. */
                            .messages = stderr,
                            .stop_on_signals = ref->process != 0,
                            .isolate_bench = ref->process != 0,
                            /* Strategies operations make inherit this
                             * script's sandbox and limits. */
                            .strategy_context = ski_lua_context(L)};
    sk_ctx *ctx = sk_ctx_new(&config);
    if (!ctx)
        return luaL_error(L, "not enough memory");
    sk_op *op = NULL;
    sk_error err = {0};
    bool output = false;
    int status = sk_op_new(ctx, name, &op, &err) || lops_keys(L, op, args, &output, &err)
                     ? err.status
                     : -1;
    if (status < 0) {
        sk_sink sink = {lops_on_record, lops_on_step, lops_on_row, &run};
        if (!output)
            sk_op_set_sink(op, &sink);
        status = sk_op_run(op, &err);
    }
    sk_op_summary summary = {0};
    if (op)
        summary = *sk_op_summary_of(op);
    sk_op_free(op);
    /* A file the sandbox refused is an error, not a result. */
    char refused[sizeof err.message] = "";
    const char *refusal = sk_ctx_refusal(ctx);
    if (refusal || sk_access_refusals(access) != refusals)
        snprintf(refused, sizeof refused, "%s", refusal ? refusal : err.message);
    sk_ctx_free(ctx);
    if (run.failed)
        return lua_error(L);
    if (refused[0])
        return luaL_error(L, "%s", refused);
    if (status != SK_EXIT_OK) {
        lua_pushnil(L);
        lua_pushstring(L, err.message);
        lops_push_summary(L, &summary, status);
        return 3;
    }
    if (each || output)
        lua_pushboolean(L, 1);
    else
        lua_pushvalue(L, run.results);
    lops_push_summary(L, &summary, status);
    return 2;
}

/* sudokit.NAME([args]): the operation named by upvalue 1. */
static int lops_call(lua_State *L)
{
    if (!lua_isnoneornil(L, 1))
        luaL_checktype(L, 1, LUA_TTABLE);
    lua_settop(L, 1);
    return ski_lua_run_op(L, lua_tostring(L, lua_upvalueindex(1)), lua_isnil(L, 1) ? 0 : 1,
                         NULL);
}


/* sudokit.operations() -> array of {name, summary, synopsis, description,
 * keys = {{name, kind, value, default, help}...}}: what every face can
 * ask for, from the one table of keys. */
static int lops_operations(lua_State *L)
{
    const sk_op_info *info;
    lua_newtable(L);
    for (size_t i = 0; (info = sk_op_info_at(i)); i++) {
        lua_createtable(L, 0, 5);
        lops_set_string(L, "name", info->name);
        lops_set_string(L, "summary", info->summary);
        lops_set_string(L, "synopsis", info->synopsis);
        lops_set_string(L, "description", info->description);
        lua_newtable(L);
        for (size_t k = 0; info->keys[k].name; k++) {
            const sk_key *key = &info->keys[k];
            lua_createtable(L, 0, 5);
            lops_set_string(L, "name", key->name);
            lops_set_string(L, "kind", sk_key_kind_names[key->kind]);
            lops_set_string(L, "value", key->value_name);
            lops_set_string(L, "default", key->fallback);
            lops_set_string(L, "help", key->help);
            lua_rawseti(L, -2, (lua_Integer)k + 1);
        }
        lua_setfield(L, -2, "keys");
        lua_rawseti(L, -2, (lua_Integer)i + 1);
    }
    return 1;
}

void ski_lua_open_ops(lua_State *L)
{
    const sk_op_info *info;
    for (size_t i = 0; (info = sk_op_info_at(i)); i++) {
        lua_pushstring(L, info->name);
        lua_pushcclosure(L, lops_call, 1);
        lua_setfield(L, -2, info->name);
    }
    lua_pushcfunction(L, lops_operations);
    lua_setfield(L, -2, "operations");
}
