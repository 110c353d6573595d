/* Lua 5.4 embedding of sudokit: states with limits, the `sudokit` module
 * and strategies written in Lua. */
#ifndef SUDOKIT_LUA_H
#define SUDOKIT_LUA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <lua.h>

#include "sudokit/host.h"

struct sk_access;

/* Bounds on one Lua state; zero means no bound. */
typedef struct ski_lua_limits {
    uint64_t max_instructions; /* VM instructions, counted in all coroutines */
    size_t max_memory;         /* bytes the state may hold at once          */
    bool sandbox;              /* no io, os, debug, or loading of code from
                                * files or C libraries; require "sudokit"
                                * still works                              */
    struct sk_access *access;  /* with sandbox: the files the module may
                                * open (sudokit/ops.h; lent, must outlive
                                * the state); NULL: none but stdin and
                                * stdout                                   */
} ski_lua_limits;

/* The module's entry point, as a stock `lua5.4` finds it in sudokit.so
 * through package.cpath. Leaves the module table on the stack. */
int luaopen_sudokit(lua_State *L);

/* Create a state with the standard libraries (or the sandboxed subset),
 * `require "sudokit"` preloaded, and the limits of limits (may be NULL).
 * host (may be NULL) is lent to the module, which then creates no host of
 * its own; it must outlive the state. plugin_path (may be NULL) is where a
 * host created by the module looks for plugins. Returns NULL with a
 * message in err when out of memory or when max_memory is too small to
 * start. Free with ski_lua_state_free. */
lua_State *ski_lua_state_new(const ski_lua_limits *limits, sk_host *host,
                            const char *plugin_path, sk_error *err);

/* Like ski_lua_state_new, for a state made on behalf of another: parent is
 * the creation context (ski_lua_context) of a running script, or NULL.
 * The new state is sandboxed when the parent is, with the parent's access
 * policy, and what it executes and holds counts against the parent's
 * limits too. The parent state must outlive this one. */
lua_State *ski_lua_state_new_within(const ski_lua_limits *limits, const void *parent,
                                   sk_host *host, const char *plugin_path, sk_error *err);

/* Close a state made by ski_lua_state_new (running its finalisers, which
 * roll back unfinished database transactions). Returns the instruction
 * limit that stopped the state (a finaliser that ran on while it closed,
 * or the script before), else 0. NULL is ignored. */
uint64_t ski_lua_state_free(lua_State *L);

/* lua_pcall with a message handler that appends a traceback (as the
 * standalone lua does). On failure the message is left on the stack. */
int ski_lua_pcall(lua_State *L, int nargs, int nresults);

/* Call the function below nargs arguments on the stack as a script: in a
 * thread of its own, so that the instruction limit stops it for good even
 * when it catches errors. Returns LUA_OK with nresults results (or all
 * with LUA_MULTRET) in place of the function and arguments, or an error
 * status with one message in their place: the error and a traceback of the
 * script ("script stopped: instruction limit N reached" when the limit
 * stopped it; "not enough memory" alone for LUA_ERRMEM). The script's
 * pending to-be-closed variables are closed before it returns. */
int ski_lua_run(lua_State *L, int nargs, int nresults);

/* Lend host to the module of L (before or after `require "sudokit"`, but
 * before the module created a host of its own) and/or set the plugin
 * search path of a host the module will create. Returns 0, or -1 when
 * the module already made its own host or out of memory. */
int ski_lua_use_host(lua_State *L, sk_host *host, const char *plugin_path);

/* Let the operations of L's module act on the process as the program's
 * own do (sk_ctx_config's stop_on_signals and isolate_bench: SIGINT,
 * SIGTERM and SIGHUP stop the operation running, and bench forks), for a
 * program that owns its process: the sudokit executable's `sudokit run`.
 * Without it, as in a stock lua5.4, the module installs no signal handler
 * and forks nothing. Call after ski_lua_state_new. */
void ski_lua_use_process(lua_State *L);

/* Make db_path (may be NULL) the database sudokit.open() opens when
 * given no path (`sudokit --db FILE run ...`). Call after
 * ski_lua_state_new. Returns 0, or -1 when out of memory. */
int ski_lua_use_db(lua_State *L, const char *db_path);

/* Register the strategies written in Lua with host: a rater "lua" and a
 * generator "lua", each taking the option file=PATH (the host also accepts
 * "lua:PATH" as the name). Returns 0, or -1 with a message in err. */
int ski_lua_register(sk_host *host, sk_error *err);

#endif /* SUDOKIT_LUA_H */
