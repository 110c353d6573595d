/* Lua binding of rules (sudokit/rules.h): sudokit.rules(spec) compiles a
 * rules value, and its boards are grids under those rules, which a solver
 * of any rules solves and counts (solver:solve, solver:count). */
#include <string.h>

#include "lua_internal.h"
#include "sudokit/rules.h"

/* A rules value: a reference on the compiled rules and on the host that
 * compiled them (freed after every value of it). */
typedef struct lrules {
    const sk_rules *rules; /* NULL once collected */
    ski_lua_hostref *ref;
} lrules;

/* A board: its cells under its rules (a reference of their own). */
typedef struct lboard {
    lrules owner;
    sk_board cells;
} lboard;

static void lrules_release(lrules *r)
{
    sk_rules_free(r->rules);
    r->rules = NULL;
    ski_lua_hostref_release(r->ref);
    r->ref = NULL;
}

/* Hold one more reference on r's rules and host into out. */
static void lrules_share(const lrules *r, lrules *out)
{
    out->rules = sk_rules_ref(r->rules);
    out->ref = r->ref;
    ski_lua_hostref_retain(out->ref);
}

static lrules *lrules_check(lua_State *L, int arg)
{
    lrules *r = luaL_checkudata(L, arg, SK_LUA_RULES);
    luaL_argcheck(L, r->rules != NULL, arg, "rules already collected");
    return r;
}

static lboard *lboard_check(lua_State *L, int arg)
{
    return luaL_checkudata(L, arg, SK_LUA_BOARD);
}

bool ski_lua_is_board(lua_State *L, int arg)
{
    return luaL_testudata(L, arg, SK_LUA_BOARD) != NULL;
}

const sk_rules *ski_lua_board_rules(lua_State *L, int arg)
{
    return lboard_check(L, arg)->owner.rules;
}

sk_board *ski_lua_board_cells(lua_State *L, int arg)
{
    return &lboard_check(L, arg)->cells;
}

sk_host *ski_lua_board_host(lua_State *L, int arg)
{
    return lboard_check(L, arg)->owner.ref->host;
}

void ski_lua_push_board_like(lua_State *L, int like, const sk_board *cells)
{
    lboard *from = lboard_check(L, like);
    lboard *b = lua_newuserdatauv(L, sizeof *b, 0);
    memset(b, 0, sizeof *b);
    luaL_setmetatable(L, SK_LUA_BOARD);
    lrules_share(&from->owner, &b->owner);
    b->cells = *cells;
}

/* The spec argument at 1: a string, or a table of words joined by spaces
 * ({"9x9", "x", "anti-knight"}), pushed as one string. */
static const char *lrules_spec_arg(lua_State *L)
{
    if (lua_type(L, 1) != LUA_TTABLE)
        return luaL_checkstring(L, 1);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    lua_Integer n = (lua_Integer)lua_rawlen(L, 1);
    luaL_argcheck(L, n > 0, 1, "the words of a spec expected ({\"9x9\", \"x\"})");
    for (lua_Integer i = 1; i <= n; i++) {
        lua_rawgeti(L, 1, i);
        luaL_argcheck(L, lua_type(L, -1) == LUA_TSTRING, 1, "the words of a spec are strings");
        if (i > 1)
            luaL_addchar(&b, ' ');
        luaL_addvalue(&b);
    }
    luaL_pushresult(&b);
    return lua_tostring(L, -1);
}

/* sudokit.rules(spec | {word, ...}) -> rules | nil, message (what is
 * wrong and at which column of the spec). */
static int lrules_new(lua_State *L)
{
    const char *spec = lrules_spec_arg(L);
    sk_host *host = ski_lua_host(L);
    lrules *r = lua_newuserdatauv(L, sizeof *r, 0);
    memset(r, 0, sizeof *r);
    luaL_setmetatable(L, SK_LUA_RULES);
    sk_rules_error error;
    if (sk_rules_compile(host, spec, &r->rules, &error) != 0) {
        char why[600];
        sk_rules_error_text(&error, why, sizeof why);
        return ski_lua_fail(L, "rules '%s': %s", spec, why);
    }
    r->ref = ski_lua_hostref_get(L);
    ski_lua_hostref_retain(r->ref);
    return 1;
}

static int lrules_gc(lua_State *L)
{
    lrules_release(luaL_checkudata(L, 1, SK_LUA_RULES));
    return 0;
}

static int lrules_spec(lua_State *L)
{
    lua_pushstring(L, sk_rules_spec(lrules_check(L, 1)->rules));
    return 1;
}

static int lrules_size(lua_State *L)
{
    lua_pushinteger(L, sk_rules_size(lrules_check(L, 1)->rules));
    return 1;
}

static int lrules_classic(lua_State *L)
{
    lua_pushboolean(L, sk_rules_is_classic(lrules_check(L, 1)->rules));
    return 1;
}

/* rules:board([text]) -> board | nil, message: text of N*N characters
 * ('.' or '0' blank, digits past 9 as letters); none: an empty board. */
static int lrules_board(lua_State *L)
{
    lrules *r = lrules_check(L, 1);
    size_t len = 0;
    const char *text = luaL_optlstring(L, 2, NULL, &len);
    sk_board cells = {{0}};
    size_t column = 0, count = (size_t)sk_rules_size(r->rules) * sk_rules_size(r->rules);
    if (text && sk_rules_parse_board(r->rules, text, len, &cells, &column) != 0) {
        if (column < len && column < count)
            return ski_lua_fail(L, "board, column %d: '%c' is not a digit of the rules '%s', "
                               "'.' or '0'", (int)column + 1, text[column],
                               sk_rules_spec(r->rules));
        return ski_lua_fail(L, "board: %d characters; the rules '%s' have %d cells", (int)len,
                           sk_rules_spec(r->rules), (int)count);
    }
    lboard *b = lua_newuserdatauv(L, sizeof *b, 0);
    memset(b, 0, sizeof *b);
    luaL_setmetatable(L, SK_LUA_BOARD);
    lrules_share(r, &b->owner);
    b->cells = cells;
    return 1;
}

static int lboard_gc(lua_State *L)
{
    lboard *b = luaL_checkudata(L, 1, SK_LUA_BOARD);
    lrules_release(&b->owner);
    return 0;
}

/* board:rules() -> the rules value the board is under. */
static int lboard_rules(lua_State *L)
{
    lboard *b = lboard_check(L, 1);
    lrules *r = lua_newuserdatauv(L, sizeof *r, 0);
    memset(r, 0, sizeof *r);
    luaL_setmetatable(L, SK_LUA_RULES);
    lrules_share(&b->owner, r);
    return 1;
}

/* The cell (r, c) at arguments 2 and 3, each 1..N, as an index. */
static uint32_t lboard_cell(lua_State *L, const lboard *b)
{
    uint32_t n = sk_rules_size(b->owner.rules);
    lua_Integer row = luaL_checkinteger(L, 2), col = luaL_checkinteger(L, 3);
    luaL_argcheck(L, row >= 1 && row <= (lua_Integer)n, 2, "row out of the grid");
    luaL_argcheck(L, col >= 1 && col <= (lua_Integer)n, 3, "column out of the grid");
    return (uint32_t)((row - 1) * (lua_Integer)n + col - 1);
}

/* board:get(r, c) -> digit (0 blank). */
static int lboard_get(lua_State *L)
{
    lboard *b = lboard_check(L, 1);
    lua_pushinteger(L, b->cells.cells[lboard_cell(L, b)]);
    return 1;
}

/* board:set(r, c, d): d in 0..N (0 blank). */
static int lboard_set(lua_State *L)
{
    lboard *b = lboard_check(L, 1);
    uint32_t cell = lboard_cell(L, b);
    lua_Integer d = luaL_checkinteger(L, 4);
    luaL_argcheck(L, d >= 0 && d <= (lua_Integer)sk_rules_size(b->owner.rules), 4,
                  "digit 0 (blank) to N expected");
    b->cells.cells[cell] = (uint8_t)d;
    return 0;
}

/* board:clues() -> the number of filled cells. */
static int lboard_clues(lua_State *L)
{
    lboard *b = lboard_check(L, 1);
    uint32_t n = sk_rules_size(b->owner.rules), filled = 0;
    for (uint32_t c = 0; c < n * n; c++)
        filled += b->cells.cells[c] != 0;
    lua_pushinteger(L, filled);
    return 1;
}

/* board:check() -> true | false, why: a full board keeps every rule, a
 * partial one breaks none as far as its filled cells go. */
static int lboard_verify(lua_State *L)
{
    lboard *b = lboard_check(L, 1);
    sk_rules_break broken;
    if (sk_rules_check_givens(b->owner.rules, &b->cells, &broken)) {
        lua_pushboolean(L, 1);
        return 1;
    }
    lua_pushboolean(L, 0);
    lua_pushstring(L, broken.why);
    return 2;
}

/* board:solves(puzzle) -> true when the board is a full grid that keeps
 * the rules and every given of puzzle. */
static int lboard_solves(lua_State *L)
{
    lboard *b = lboard_check(L, 1);
    lboard *puzzle = lboard_check(L, 2);
    lua_pushboolean(L, puzzle->owner.rules == b->owner.rules &&
                           sk_rules_solves(b->owner.rules, &puzzle->cells, &b->cells));
    return 1;
}

static int lboard_tostring(lua_State *L)
{
    lboard *b = lboard_check(L, 1);
    char text[SK_MAX_CELLS + 1];
    sk_rules_format_board(b->owner.rules, &b->cells, text, true);
    lua_pushstring(L, text);
    return 1;
}

static int lboard_eq(lua_State *L)
{
    lboard *a = lboard_check(L, 1), *b = lboard_check(L, 2);
    uint32_t n = sk_rules_size(a->owner.rules);
    lua_pushboolean(L, a->owner.rules == b->owner.rules &&
                           memcmp(a->cells.cells, b->cells.cells, (size_t)n * n) == 0);
    return 1;
}

static const luaL_Reg lrules_methods[] = {{"spec", lrules_spec},   {"size", lrules_size},
                                          {"classic", lrules_classic}, {"board", lrules_board},
                                          {NULL, NULL}};
static const luaL_Reg lrules_meta[] = {{"__gc", lrules_gc}, {"__tostring", lrules_spec},
                                       {NULL, NULL}};
static const luaL_Reg lboard_methods[] = {
    {"rules", lboard_rules}, {"get", lboard_get},       {"set", lboard_set},
    {"clues", lboard_clues}, {"check", lboard_verify},   {"solves", lboard_solves},
    {"line", lboard_tostring}, {NULL, NULL}};
static const luaL_Reg lboard_meta[] = {{"__gc", lboard_gc}, {"__tostring", lboard_tostring},
                                       {"__eq", lboard_eq}, {NULL, NULL}};
static const luaL_Reg lrules_functions[] = {{"rules", lrules_new}, {NULL, NULL}};

void ski_lua_open_rules(lua_State *L)
{
    ski_lua_new_class(L, SK_LUA_RULES, lrules_methods, lrules_meta);
    ski_lua_new_class(L, SK_LUA_BOARD, lboard_methods, lboard_meta);
    luaL_setfuncs(L, lrules_functions, 0);
}
