/* Lua binding of grids: a userdata holding one sk_grid, with cell access,
 * rules, text layouts and transformations. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "lua_internal.h"
#include "sudokit/canon.h"
#include "sudokit/grid.h"
#include "sudokit/reader.h"

int ski_lua_fail(lua_State *L, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    lua_pushnil(L);
    lua_pushvfstring(L, fmt, ap);
    va_end(ap);
    return 2;
}

void ski_lua_new_class(lua_State *L, const char *tname, const luaL_Reg *methods,
                      const luaL_Reg *metamethods)
{
    luaL_newmetatable(L, tname);
    luaL_setfuncs(L, metamethods, 0);
    lua_pushstring(L, tname);
    lua_setfield(L, -2, "__metatable");
    if (methods) {
        lua_getfield(L, -1, "__index");
        int has_index = !lua_isnil(L, -1);
        lua_pop(L, 1);
        lua_newtable(L); /* the method table, or __index itself when not custom */
        luaL_setfuncs(L, methods, 0);
        lua_setfield(L, -2, has_index ? "methods" : "__index");
    }
    lua_pop(L, 1);
}

void ski_lua_push_grid(lua_State *L, const sk_grid *grid)
{
    sk_grid *g = lua_newuserdatauv(L, sizeof *g, 0);
    *g = *grid;
    luaL_setmetatable(L, SK_LUA_GRID);
}

sk_grid *ski_lua_check_grid(lua_State *L, int arg)
{
    if (lua_type(L, arg) != LUA_TSTRING)
        return luaL_checkudata(L, arg, SK_LUA_GRID);
    arg = lua_absindex(L, arg);
    sk_grid grid = {{0}};
    sk_error err;
    if (ski_lua_parse_grid(lua_tostring(L, arg), "grid", &grid, &err))
        luaL_argerror(L, arg, lua_pushstring(L, err.message));
    ski_lua_push_grid(L, &grid);
    lua_replace(L, arg);
    return lua_touserdata(L, arg);
}

int ski_lua_parse_grid(const char *text, const char *name, sk_grid *grid, sk_error *err)
{
    int rc = -1;
    sk_grid extra;
    sk_reader *reader = sk_reader_from_string(text, name);
    if (!reader) {
        sk_error_set(err, SK_EXIT_FAILURE, "out of memory");
        goto done;
    }
    /* Rule breaking grids are grids too: grid:valid() tells. */
    sk_reader_set_check_rules(reader, false);
    sk_read_status status = sk_reader_next(reader, grid);
    if (status == SK_READ_END) {
        sk_error_set(err, SK_EXIT_FAILURE, "%s: no puzzle in the text (81 cells in line or classic format)",
                 name);
        goto done;
    }
    if (status != SK_READ_OK) {
        sk_error_set(err, SK_EXIT_FAILURE, "%s", sk_reader_error(reader));
        goto done;
    }
    if (sk_reader_next(reader, &extra) != SK_READ_END) {
        sk_error_set(err, SK_EXIT_FAILURE, "%s: the text holds more than one puzzle (use sudokit.read)",
                 name);
        goto done;
    }
    rc = 0;
done:
    sk_reader_close(reader);
    return rc;
}

/* Fill grid from a table of 81 digits or of 9 rows of 9 digits. */
static void grid_from_table(lua_State *L, int arg, sk_grid *grid)
{
    lua_Integer len = luaL_len(L, arg);
    if (len != 81 && len != 9)
        luaL_argerror(L, arg, lua_pushfstring(L, "table of 81 cells or 9 rows expected, "
                                                 "got %d entries", (int)len));
    for (int cell = 0; cell < 81; cell++) {
        int type;
        if (len == 81) {
            type = lua_geti(L, arg, cell + 1);
        } else {
            if (lua_geti(L, arg, cell / 9 + 1) != LUA_TTABLE)
                luaL_argerror(L, arg, lua_pushfstring(L, "row %d is not a table", cell / 9 + 1));
            type = lua_geti(L, -1, cell % 9 + 1);
            lua_remove(L, -2);
        }
        int ok;
        lua_Integer d = lua_tointegerx(L, -1, &ok);
        if (type != LUA_TNUMBER || !ok || d < 0 || d > 9)
            luaL_argerror(L, arg, lua_pushfstring(L, "cell r%dc%d is not a digit 0-9",
                                                  cell / 9 + 1, cell % 9 + 1));
        grid->cells[cell] = (uint8_t)d;
        lua_pop(L, 1);
    }
}

/* sudokit.grid(text | table) -> grid | nil, message */
static int grid_new(lua_State *L)
{
    sk_grid grid = {{0}};
    if (lua_type(L, 1) == LUA_TTABLE) {
        grid_from_table(L, 1, &grid);
    } else if (lua_type(L, 1) == LUA_TSTRING) {
        sk_error err;
        if (ski_lua_parse_grid(lua_tostring(L, 1), luaL_optstring(L, 2, "grid"), &grid, &err))
            return ski_lua_fail(L, "%s", err.message);
    } else if (!lua_isnoneornil(L, 1)) {
        return luaL_typeerror(L, 1, "string or table");
    }
    ski_lua_push_grid(L, &grid);
    return 1;
}

/* Check a 1-based row or column argument. */
static int grid_check_index(lua_State *L, int arg)
{
    lua_Integer i = luaL_checkinteger(L, arg);
    luaL_argcheck(L, i >= 1 && i <= 9, arg, "row or column 1-9 expected");
    return (int)i - 1;
}

static int grid_get(lua_State *L)
{
    sk_grid *g = ski_lua_check_grid(L, 1);
    int r = grid_check_index(L, 2), c = grid_check_index(L, 3);
    lua_pushinteger(L, g->cells[r * 9 + c]);
    return 1;
}

static int grid_set(lua_State *L)
{
    sk_grid *g = ski_lua_check_grid(L, 1);
    int r = grid_check_index(L, 2), c = grid_check_index(L, 3);
    lua_Integer d = luaL_checkinteger(L, 4);
    luaL_argcheck(L, d >= 0 && d <= 9, 4, "digit 0-9 expected");
    g->cells[r * 9 + c] = (uint8_t)d;
    lua_settop(L, 1);
    return 1;
}

static int grid_clues(lua_State *L)
{
    lua_pushinteger(L, sk_grid_clues(ski_lua_check_grid(L, 1)));
    return 1;
}

/* grid:valid() -> true | false, "digit 5 twice in row 2 (...)" */
static int grid_valid(lua_State *L)
{
    sk_conflict conflict;
    if (sk_grid_check(ski_lua_check_grid(L, 1), &conflict)) {
        lua_pushboolean(L, 1);
        return 1;
    }
    char what[160];
    sk_conflict_describe(&conflict, what, sizeof what);
    lua_pushboolean(L, 0);
    lua_pushstring(L, what);
    return 2;
}

static int grid_complete(lua_State *L)
{
    sk_grid *g = ski_lua_check_grid(L, 1);
    lua_pushboolean(L, sk_grid_clues(g) == 81 && sk_grid_check(g, NULL));
    return 1;
}

/* solution:solves(puzzle) -> boolean */
static int grid_solves(lua_State *L)
{
    sk_grid *solution = ski_lua_check_grid(L, 1);
    sk_grid *puzzle = ski_lua_check_grid(L, 2);
    lua_pushboolean(L, sk_grid_solves(puzzle, solution));
    return 1;
}

/* grid:line([blank]) with blank "." (default) or "0". */
static int grid_line(lua_State *L)
{
    static const char *const blanks[] = {".", "0", NULL};
    sk_grid *g = ski_lua_check_grid(L, 1);
    int zero = luaL_checkoption(L, 2, ".", blanks);
    char out[SK_LINE_CHARS];
    sk_grid_format_line(g, out, zero == 0);
    lua_pushlstring(L, out, sizeof out);
    return 1;
}

static int grid_classic(lua_State *L)
{
    char out[SK_CLASSIC_CHARS];
    sk_grid_format_classic(ski_lua_check_grid(L, 1), out);
    lua_pushlstring(L, out, sizeof out);
    return 1;
}

static int grid_copy(lua_State *L)
{
    sk_grid copy = *ski_lua_check_grid(L, 1);
    ski_lua_push_grid(L, &copy);
    return 1;
}

static int grid_table(lua_State *L)
{
    sk_grid *g = ski_lua_check_grid(L, 1);
    lua_createtable(L, 81, 0);
    for (int cell = 0; cell < 81; cell++) {
        lua_pushinteger(L, g->cells[cell]);
        lua_rawseti(L, -2, cell + 1);
    }
    return 1;
}

/* grid:candidates(r, c) -> array of the digits no peer holds ({} for a
 * filled cell). */
static int grid_candidates(lua_State *L)
{
    sk_grid *g = ski_lua_check_grid(L, 1);
    int r = grid_check_index(L, 2), c = grid_check_index(L, 3);
    lua_newtable(L);
    if (g->cells[r * 9 + c])
        return 1;
    unsigned used = 0;
    int br = r / 3 * 3, bc = c / 3 * 3;
    for (int i = 0; i < 9; i++) {
        used |= 1u << g->cells[r * 9 + i];
        used |= 1u << g->cells[i * 9 + c];
        used |= 1u << g->cells[(br + i / 3) * 9 + bc + i % 3];
    }
    int n = 0;
    for (int d = 1; d <= 9; d++) {
        if (!(used & (1u << d))) {
            lua_pushinteger(L, d);
            lua_rawseti(L, -2, ++n);
        }
    }
    return 1;
}

/* ------------------------------------------------------ transformations -- */

/* Read a 9-entry permutation field (1-based in Lua) of the table at arg
 * into out (0-based, or 1..9 for digits); absent means the identity. */
static void grid_perm_field(lua_State *L, int arg, const char *key, uint8_t *out, int base)
{
    if (lua_getfield(L, arg, key) == LUA_TNIL) {
        for (int i = 0; i < 9; i++)
            out[i] = (uint8_t)(i + base);
        lua_pop(L, 1);
        return;
    }
    if (!lua_istable(L, -1) || luaL_len(L, -1) != 9)
        luaL_argerror(L, arg, lua_pushfstring(L, "field '%s' must be an array of 9 numbers", key));
    for (int i = 0; i < 9; i++) {
        int ok;
        lua_geti(L, -1, i + 1);
        lua_Integer v = lua_tointegerx(L, -1, &ok);
        if (!ok || v < 1 || v > 9)
            luaL_argerror(L, arg, lua_pushfstring(L, "field '%s' entry %d must be 1-9", key, i + 1));
        out[i] = (uint8_t)(v - 1 + base);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

/* Read a transformation table {transpose=, rows=, cols=, digits=}. */
static void grid_check_transform(lua_State *L, int arg, sk_transform *t)
{
    luaL_checktype(L, arg, LUA_TTABLE);
    lua_getfield(L, arg, "transpose");
    t->transpose = lua_toboolean(L, -1);
    lua_pop(L, 1);
    grid_perm_field(L, arg, "rows", t->rows, 0);
    grid_perm_field(L, arg, "cols", t->cols, 0);
    t->digits[0] = 0;
    grid_perm_field(L, arg, "digits", t->digits + 1, 1);
    luaL_argcheck(L, sk_transform_check(t), arg,
                  "not a Sudoku symmetry (rows and cols must keep bands and stacks, digits "
                  "must be a permutation)");
}

static void grid_push_perm(lua_State *L, const uint8_t *perm, int base)
{
    lua_createtable(L, 9, 0);
    for (int i = 0; i < 9; i++) {
        lua_pushinteger(L, perm[i] + 1 - base);
        lua_rawseti(L, -2, i + 1);
    }
}

static void grid_push_transform(lua_State *L, const sk_transform *t)
{
    lua_createtable(L, 0, 4);
    lua_pushboolean(L, t->transpose);
    lua_setfield(L, -2, "transpose");
    grid_push_perm(L, t->rows, 0);
    lua_setfield(L, -2, "rows");
    grid_push_perm(L, t->cols, 0);
    lua_setfield(L, -2, "cols");
    grid_push_perm(L, t->digits + 1, 1);
    lua_setfield(L, -2, "digits");
}

/* grid:transform(t) -> the image of grid under t. */
static int grid_transform(lua_State *L)
{
    sk_grid *g = ski_lua_check_grid(L, 1);
    sk_transform t;
    grid_check_transform(L, 2, &t);
    sk_grid image;
    sk_canon_transform(g, &t, &image);
    ski_lua_push_grid(L, &image);
    return 1;
}

/* Push the image of the grid at 1 under t. */
static int grid_push_image(lua_State *L, const sk_transform *t)
{
    sk_grid image;
    sk_canon_transform(ski_lua_check_grid(L, 1), t, &image);
    ski_lua_push_grid(L, &image);
    return 1;
}

/* grid:rotate([quarter_turns]) -> image turned clockwise (default 1). */
static int grid_rotate(lua_State *L)
{
    ski_lua_check_grid(L, 1);
    lua_Integer turns = luaL_optinteger(L, 2, 1) % 4;
    sk_grid image = *ski_lua_check_grid(L, 1);
    sk_transform t;
    sk_transform_identity(&t);
    t.transpose = true;
    for (int i = 0; i < 9; i++)
        t.cols[i] = (uint8_t)(8 - i);
    for (lua_Integer k = 0; k < (turns + 4) % 4; k++)
        sk_canon_transform(&image, &t, &image);
    ski_lua_push_grid(L, &image);
    return 1;
}

static int grid_transpose(lua_State *L)
{
    sk_transform t;
    sk_transform_identity(&t);
    t.transpose = true;
    return grid_push_image(L, &t);
}

/* grid:mirror() -> image reflected left to right. */
static int grid_mirror(lua_State *L)
{
    sk_transform t;
    sk_transform_identity(&t);
    for (int i = 0; i < 9; i++)
        t.cols[i] = (uint8_t)(8 - i);
    return grid_push_image(L, &t);
}

/* grid:relabel(map) -> image with digit d replaced by map[d]. */
static int grid_relabel(lua_State *L)
{
    ski_lua_check_grid(L, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    lua_createtable(L, 0, 1);
    lua_pushvalue(L, 2);
    lua_setfield(L, -2, "digits");
    sk_transform t;
    grid_check_transform(L, 3, &t);
    return grid_push_image(L, &t);
}

/* grid:shuffle(seed) -> a random image of grid, the transformation. */
static int grid_shuffle(lua_State *L)
{
    ski_lua_check_grid(L, 1);
    sk_rng rng;
    sk_rng_seed(&rng, (uint64_t)luaL_checkinteger(L, 2), 0);
    sk_transform t;
    sk_transform_random(&rng, &t);
    grid_push_image(L, &t);
    grid_push_transform(L, &t);
    return 2;
}

/* grid:canonical() -> the canonical form (same for every image). */
static int grid_canonical(lua_State *L)
{
    sk_grid canon;
    if (sk_canon_form(ski_lua_check_grid(L, 1), &canon) != SK_OK)
        return luaL_error(L, "grid holds a cell outside 0-9");
    ski_lua_push_grid(L, &canon);
    return 1;
}

static int grid_tostring(lua_State *L)
{
    char out[SK_LINE_CHARS];
    sk_grid_format_line(ski_lua_check_grid(L, 1), out, true);
    lua_pushlstring(L, out, sizeof out);
    return 1;
}

static int grid_eq(lua_State *L)
{
    sk_grid *a = ski_lua_check_grid(L, 1), *b = ski_lua_check_grid(L, 2);
    lua_pushboolean(L, memcmp(a->cells, b->cells, sizeof a->cells) == 0);
    return 1;
}

static int grid_len(lua_State *L)
{
    ski_lua_check_grid(L, 1);
    lua_pushinteger(L, 81);
    return 1;
}

/* grid[i] (1..81) is a cell; any other key a method. */
static int grid_index(lua_State *L)
{
    sk_grid *g = ski_lua_check_grid(L, 1);
    int ok;
    lua_Integer i = lua_tointegerx(L, 2, &ok);
    if (ok && lua_type(L, 2) == LUA_TNUMBER) {
        if (i >= 1 && i <= 81)
            lua_pushinteger(L, g->cells[i - 1]);
        else
            lua_pushnil(L);
        return 1;
    }
    lua_getmetatable(L, 1);
    lua_getfield(L, -1, "methods");
    lua_pushvalue(L, 2);
    lua_rawget(L, -2);
    return 1;
}

/* grid[i] = d sets cell i (1..81) to d (0..9). */
static int grid_newindex(lua_State *L)
{
    sk_grid *g = ski_lua_check_grid(L, 1);
    int ok;
    lua_Integer i = lua_tointegerx(L, 2, &ok);
    if (!ok || lua_type(L, 2) != LUA_TNUMBER || i < 1 || i > 81)
        return luaL_error(L, "grid cells are indexed 1-81 (got %s)", luaL_tolstring(L, 2, NULL));
    lua_Integer d = lua_tointegerx(L, 3, &ok);
    if (!ok || d < 0 || d > 9)
        return luaL_error(L, "grid cell %d: digit 0-9 expected", (int)i);
    g->cells[i - 1] = (uint8_t)d;
    return 0;
}

static const luaL_Reg grid_methods[] = {
    {"get", grid_get},           {"set", grid_set},     {"clues", grid_clues},
    {"valid", grid_valid},       {"complete", grid_complete},
    {"solves", grid_solves},     {"line", grid_line},   {"classic", grid_classic},
    {"copy", grid_copy},         {"table", grid_table}, {"candidates", grid_candidates},
    {"transform", grid_transform}, {"rotate", grid_rotate}, {"transpose", grid_transpose},
    {"mirror", grid_mirror},     {"relabel", grid_relabel}, {"shuffle", grid_shuffle},
    {"canonical", grid_canonical}, {NULL, NULL}};

static const luaL_Reg grid_meta[] = {
    {"__index", grid_index}, {"__newindex", grid_newindex}, {"__tostring", grid_tostring},
    {"__eq", grid_eq},       {"__len", grid_len},           {NULL, NULL}};

static const luaL_Reg grid_functions[] = {{"grid", grid_new}, {NULL, NULL}};

void ski_lua_open_grid(lua_State *L)
{
    ski_lua_new_class(L, SK_LUA_GRID, grid_methods, grid_meta);
    luaL_setfuncs(L, grid_functions, 0);
}
