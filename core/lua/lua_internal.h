/* Shared declarations of the Lua binding files (not a public header). */
#ifndef SUDOKIT_LUA_INTERNAL_H
#define SUDOKIT_LUA_INTERNAL_H

#include <lauxlib.h>
#include <lua.h>

#include "sudokit/host.h"
#include "sudokit/ops.h"
#include "sudokit/store.h"

/* Metatable names (also the type names in "bad argument" messages). */
#define SK_LUA_GRID "sudokit.grid"
#define SK_LUA_SOLVER "sudokit.solver"
#define SK_LUA_GENERATOR "sudokit.generator"
#define SK_LUA_RATER "sudokit.rater"
#define SK_LUA_STORE "sudokit.db"
#define SK_LUA_TRANSACTION "sudokit.transaction"
#define SK_LUA_READER "sudokit.reader"
#define SK_LUA_RULES "sudokit.rules"
#define SK_LUA_BOARD "sudokit.board"

/* The host a Lua state's strategies come from. Shared by the module table
 * and every strategy object: freed when the last of them lets it go, so an
 * instance is always freed before its host. */
typedef struct ski_lua_hostref {
    sk_host *host;     /* NULL until first needed when owned         */
    sk_ctx *ctx;       /* owned: the context that loaded the host    */
    int owned;         /* nonzero: created (and freed) by the module */
    int refs;          /* the module's reference + live instances    */
    char *plugin_path; /* search path for an owned host, may be NULL */
    char *db_path;     /* sudokit.open()'s default, may be NULL      */
    int process;       /* nonzero: the program lends its process to the
                        * operations (ski_lua_use_process)            */
} ski_lua_hostref;

/* The host reference of L (created by luaopen_sudokit). */
ski_lua_hostref *ski_lua_hostref_get(lua_State *L);

/* The host of L, loading plugins on first use; raises a Lua error when
 * the host cannot be created. */
sk_host *ski_lua_host(lua_State *L);

/* Take and drop a reference on a host (instances do). */
void ski_lua_hostref_retain(ski_lua_hostref *ref);
void ski_lua_hostref_release(ski_lua_hostref *ref);

/* Grids: push a new grid userdata holding a copy of grid; check that
 * argument arg is a grid, or a string holding one puzzle in any layout the
 * reader knows (parsed as sudokit.grid parses it, the grid made from it
 * put in its place on the stack; a string that is not one puzzle is an
 * argument error with the reader's message), and return its cells. */
void ski_lua_push_grid(lua_State *L, const sk_grid *grid);
sk_grid *ski_lua_check_grid(lua_State *L, int arg);

/* Parse text holding exactly one puzzle in any supported format into
 * grid. Returns 0, or -1 with a message in err. */
int ski_lua_parse_grid(const char *text, const char *name, sk_grid *grid, sk_error *err);

/* Push nil and a message and return 2 (the "expected failure" result). */
int ski_lua_fail(lua_State *L, const char *fmt, ...);

/* Push a rating as a Lua table {score=, level=, level_name=, hardest=,
 * steps=, first_step=, first_placement=, lower_bound=}. */
void ski_lua_push_rating(lua_State *L, const sk_rating *rating);

/* Protected (lua_pcall): append a step (light userdata argument 1, an
 * sk_step) as a table {kind, technique, rating, cells, placed, eliminated,
 * explanation} to the array at argument 2. */
int ski_lua_append_step(lua_State *L);

/* The value at index as the text a key takes: strings as they are,
 * integers without a point, booleans "1"/"0", grids in the line layout
 * (buf, at least 82 bytes, holds the text made); NULL for other types. */
const char *ski_lua_value_text(lua_State *L, int index, char *buf, size_t len);

/* Register each operation of the operations layer as a function of the
 * module table at the top of the stack (sudokit.generate{...} and the
 * rest). */
void ski_lua_open_ops(lua_State *L);

/* Run operation name with the arguments table at index args (may be 0 for
 * none), against store (lent, may be NULL); pushes its results as the
 * function sudokit.NAME returns them and returns their count. */
int ski_lua_run_op(lua_State *L, const char *name, int args, sk_store *store);

/* Register each area's functions into the module table at the top of the
 * stack and create its metatables. */
void ski_lua_open_grid(lua_State *L);
void ski_lua_open_rules(lua_State *L);

/* Boards (grids under rules, lua_rules.c): whether argument arg is one,
 * its rules and cells (an argument error when it is not a board); push a
 * new board under the rules of the board at like, holding cells. */
bool ski_lua_is_board(lua_State *L, int arg);
const sk_rules *ski_lua_board_rules(lua_State *L, int arg);
sk_board *ski_lua_board_cells(lua_State *L, int arg);
/* The host that compiled the rules of the board at arg (the board holds it). */
sk_host *ski_lua_board_host(lua_State *L, int arg);
void ski_lua_push_board_like(lua_State *L, int like, const sk_board *cells);
void ski_lua_open_reader(lua_State *L);
void ski_lua_open_strategy(lua_State *L);
void ski_lua_open_store(lua_State *L);

/* Start a new instruction budget (a Lua rater's limit is per puzzle). */
void ski_lua_budget_reset(lua_State *L);

/* The instruction limit that stopped L's script (its own or an
 * ancestor's), or 0 while none has; also ends the memory error by which
 * the count hook raised the stop (C code has control again). */
uint64_t ski_lua_limit_reached(lua_State *L);

/* The files the module may open in L: the sandbox's access policy
 * (sudokit/ops.h), or NULL (any file) outside a sandbox. */
sk_access *ski_lua_access(lua_State *L);

/* The creation context of the strategies a script running in L makes
 * (sk_instance_config.context, sk_ctx_config.strategy_context): they
 * inherit its sandbox and limits. NULL in a state this module did not
 * make (a stock lua5.4's). */
const void *ski_lua_context(lua_State *L);

/* The policy of the script whose creation context (ski_lua_context) is
 * context, or NULL (none, or no script). */
sk_access *ski_lua_context_access(const void *context);

/* Check that the policy of L lets path be opened for mode; raises the
 * refusal as a Lua error. "-" is not a file: callers that read it as
 * stdin do not ask. */
void ski_lua_check_file(lua_State *L, const char *path, sk_access_mode mode);

/* Make the instruction limit of L hold where the count hook cannot stop
 * a script: in finalisers, and against pcall and xpcall (lua_guard.c).
 * Replaces the globals pcall, xpcall and setmetatable. */
void ski_lua_guard_limits(lua_State *L);

/* What C code allocates for a script (a strategy instance, a database
 * connection) counts against the script's memory limit: take a mark before
 * making the object, then charge it. */
typedef struct ski_lua_heap_mark {
    size_t heap; /* bytes of the C heap in use                   */
    size_t lua;  /* bytes L and the states made for it hold      */
} ski_lua_heap_mark;

/* The smallest charge of a C object, where the C heap cannot be measured
 * (an instrumented allocator) or the object allocated next to nothing. */
#define SK_LUA_MIN_CHARGE 4096

void ski_lua_heap_mark_now(lua_State *L, ski_lua_heap_mark *mark);

/* Charge L and its parents with what the C heap grew since mark, less
 * what they counted themselves meanwhile (a Lua strategy's own state), and
 * at least SK_LUA_MIN_CHARGE. Returns 0 with the charge in *charged, or -1
 * (nothing charged) when that passes a memory limit. */
int ski_lua_charge_since(lua_State *L, const ski_lua_heap_mark *mark, size_t *charged);

/* Give back a charge when its object is freed. */
void ski_lua_uncharge(lua_State *L, size_t charged);

/* Create metatable tname with the given methods (reachable through
 * __index) and metamethods, hidden from scripts (getmetatable gives the
 * name), so that no script changes a C object's methods or __gc. Leaves
 * nothing on the stack. */
void ski_lua_new_class(lua_State *L, const char *tname, const luaL_Reg *methods,
                      const luaL_Reg *metamethods);

#endif /* SUDOKIT_LUA_INTERNAL_H */
