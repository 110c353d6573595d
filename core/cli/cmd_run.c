/* `sudokit run`: run a Lua script with the sudokit module preloaded. */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include <lauxlib.h>

#include "cli.h"
#include "parse.h"
#include "sudokit_lua.h"

const char ski_cmd_run_usage[] =
    "usage: sudokit run [--max-instructions N] [--max-memory BYTES] [--max-cpu SECONDS]\n"
    "                   [--sandbox [--allow-read PATH]... [--allow-write PATH]...]\n"
    "                   SCRIPT.lua|- [ARGS...]\n"
    "Run a Lua 5.4 script with `require \"sudokit\"` available (docs/lua.md) and the\n"
    "global `arg` set as the standalone lua sets it (arg[0] is the script, arg[1..]\n"
    "its arguments, which are also the chunk's `...`). A script that fails prints\n"
    "its traceback and the exit status is 1; database writes of a transaction it\n"
    "left open are rolled back.\n"
    "  --max-instructions N  stop the script after about N VM instructions\n"
    "  --max-memory BYTES    refuse to let the script hold more (suffix K, M or G),\n"
    "                        strategies and databases it opens included\n"
    "  --max-cpu SECONDS     stop the process after SECONDS of CPU time, even inside\n"
    "                        C code such as pattern matching or a plugin call\n"
    "  --sandbox             no io, os, debug, dofile/loadfile or loading modules\n"
    "                        from files; text chunks only; require \"sudokit\" works\n"
    "                        and opens only stdin, stdout, the --db database and\n"
    "                        what the options below grant\n"
    "  --allow-read PATH     let the sandboxed script read PATH: a file, or a folder\n"
    "                        and everything under it; may be repeated\n"
    "  --allow-write PATH    let it create, replace and read PATH (a file or a\n"
    "                        folder); may be repeated\n";

const struct option ski_cmd_run_options[] = {
    {"help", no_argument, NULL, 'h'},
    {"max-instructions", required_argument, NULL, 'i'},
    {"max-memory", required_argument, NULL, 'm'},
    {"sandbox", no_argument, NULL, 's'},
    {"max-cpu", required_argument, NULL, 'c'},
    {"allow-read", required_argument, NULL, 'r'},
    {"allow-write", required_argument, NULL, 'w'},
    {NULL, 0, NULL, 0},
};

/* Parse a byte count with an optional K, M or G suffix. */
static bool run_parse_bytes(const char *text, size_t *out)
{
    size_t len = strlen(text);
    int shift = 0;
    char digits[32];
    if (len == 0 || len >= sizeof digits)
        return false;
    memcpy(digits, text, len + 1);
    char last = digits[len - 1];
    if (last == 'K' || last == 'M' || last == 'G') {
        shift = last == 'K' ? 10 : last == 'M' ? 20 : 30;
        digits[len - 1] = '\0';
    }
    long value;
    if (!ski_parse_long(digits, 1, (long)(SIZE_MAX >> 31), &value))
        return false;
    *out = (size_t)value << shift;
    return true;
}

/* The message SIGXCPU prints, made before the limit is set. */
static char run_cpu_message[256];

static void run_cpu_exceeded(int sig)
{
    (void)sig;
    ssize_t ignored = write(STDERR_FILENO, run_cpu_message, strlen(run_cpu_message));
    (void)ignored;
    _exit(SK_EXIT_FAILURE);
}

/* Stop the process after seconds of CPU time: SIGXCPU at the soft limit
 * prints why and exits 1; the hard limit a second later is a backstop. */
static int run_limit_cpu(const char *script, long seconds)
{
    snprintf(run_cpu_message, sizeof run_cpu_message,
             "sudokit: run: %s stopped: CPU time limit of %ld s reached (--max-cpu)\n", script,
             seconds);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = run_cpu_exceeded;
    sigemptyset(&action.sa_mask);
    struct rlimit limit = {(rlim_t)seconds, (rlim_t)seconds + 1};
    if (sigaction(SIGXCPU, &action, NULL) || setrlimit(RLIMIT_CPU, &limit))
        return ski_cli_fail("run: cannot set the CPU time limit: %s", strerror(errno));
    return 0;
}

/* Push the `arg` table: interpreter and options at negative indices. */
static void run_push_arg(lua_State *L, int argc, char **argv, int script)
{
    lua_createtable(L, argc - script, script + 1);
    lua_pushstring(L, "sudokit");
    lua_rawseti(L, -2, -script - 1);
    for (int i = 0; i < argc; i++) {
        lua_pushstring(L, argv[i]);
        lua_rawseti(L, -2, i - script);
    }
}

/* Protected part: set arg, load the script and run it with ARGS as `...`.
 * Returns nothing when the script succeeded, else its status and message
 * (with a traceback). */
static int run_main(lua_State *L)
{
    int argc = (int)lua_tointeger(L, 1);
    char **argv = lua_touserdata(L, 2);
    int script = (int)lua_tointeger(L, 3);
    lua_settop(L, 0);
    run_push_arg(L, argc, argv, script);
    lua_setglobal(L, "arg");
    const char *name = strcmp(argv[script], "-") == 0 ? NULL : argv[script];
    int status = luaL_loadfile(L, name);
    if (status == LUA_OK) {
        luaL_checkstack(L, argc - script, "too many arguments to the script");
        for (int i = script + 1; i < argc; i++)
            lua_pushstring(L, argv[i]);
        status = ski_lua_run(L, argc - script - 1, 0);
    }
    if (status == LUA_OK)
        return 0;
    lua_pushinteger(L, status);
    lua_insert(L, -2);
    return 2;
}

/* Parse run's options into limits, max_cpu and the grants of access; -1
 * to go on (the script is argv[optind]), else an exit status. */
static int run_parse(int argc, char **argv, ski_lua_limits *limits, long *max_cpu,
                     sk_access *access)
{
    int opt;
    long count;
    bool granted = false;
    sk_error why;
    optind = 1;
    /* '+': options after the script name belong to the script. */
    while ((opt = getopt_long(argc, argv, "+h", ski_cmd_run_options, NULL)) != -1) {
        if (opt == 'h') {
            fputs(ski_cmd_run_usage, stdout);
            ski_cli_examples(stdout, "run", SK_USAGE_TEXT);
            return SK_EXIT_OK;
        } else if (opt == 'i' && ski_parse_long(optarg, 1, LONG_MAX, &count)) {
            limits->max_instructions = (uint64_t)count;
        } else if (opt == 'i') {
            return ski_cli_usage("run: --max-instructions wants a positive integer, not '%s'",
                                optarg);
        } else if (opt == 'm' && !run_parse_bytes(optarg, &limits->max_memory)) {
            return ski_cli_usage("run: --max-memory wants a byte count such as 65536 or 64M, "
                                "not '%s'", optarg);
        } else if (opt == 's') {
            limits->sandbox = true;
        } else if (opt == 'c' && !ski_parse_long(optarg, 1, 1L << 30, max_cpu)) {
            return ski_cli_usage("run: --max-cpu wants a whole number of seconds, not '%s'",
                                optarg);
        } else if (opt == 'r' || opt == 'w') {
            if (sk_access_grant(access, optarg, opt == 'r' ? SK_ACCESS_READ : SK_ACCESS_WRITE,
                                &why))
                return ski_cli_usage("run: --allow-%s: %s", opt == 'r' ? "read" : "write", why.message);
            granted = true;
        } else if (opt != 'm' && opt != 'c') {
            fputs(ski_cmd_run_usage, stderr);
            return SK_EXIT_USAGE;
        }
    }
    if (granted && !limits->sandbox)
        return ski_cli_usage("run: --allow-read and --allow-write grant files to a sandboxed "
                            "script: add --sandbox (without it a script opens any file)");
    if (optind >= argc) {
        ski_cli_usage("run: name a script (SCRIPT.lua, or - for stdin)");
        fputs(ski_cmd_run_usage, stderr);
        return SK_EXIT_USAGE;
    }
    return -1;
}

/* Run the script argv[optind] under limits; the exit status. */
static int run_script(ski_cli *cli, int argc, char **argv, const ski_lua_limits *limits)
{
    sk_error err;
    lua_State *L = ski_lua_state_new(limits, sk_ctx_host(ski_cli_ctx(cli)), cli->plugin_path, &err);
    if (!L)
        return ski_cli_fail("run: %s", err.message);
    if (ski_lua_use_db(L, cli->db_path)) {
        ski_lua_state_free(L);
        return ski_cli_fail("run: out of memory");
    }
    ski_lua_use_process(L);
    lua_pushcfunction(L, run_main);
    lua_pushinteger(L, argc);
    lua_pushlightuserdata(L, argv);
    lua_pushinteger(L, optind);
    int status = ski_lua_pcall(L, 3, LUA_MULTRET);
    if (status == LUA_OK && lua_gettop(L) == 2)
        status = (int)lua_tointeger(L, 1);
    int exit_status = SK_EXIT_OK;
    if (status != LUA_OK) {
        const char *msg = lua_tostring(L, -1);
        if (status == LUA_ERRMEM && limits->max_memory)
            ski_cli_fail("run: %s: not enough memory (--max-memory %zu bytes reached)",
                        argv[optind], limits->max_memory);
        else
            ski_cli_fail_lines("run: %s", msg ? msg : "(error object is not a string)");
        exit_status = SK_EXIT_FAILURE;
    }
    fflush(stdout);
    uint64_t stopped = ski_lua_state_free(L);
    if (stopped && exit_status == SK_EXIT_OK) {
        ski_cli_fail("run: %s: script stopped: instruction limit %" PRIu64
                    " reached by a finaliser as the script ended",
                    argv[optind], stopped);
        exit_status = SK_EXIT_FAILURE;
    }
    return exit_status;
}

int ski_cmd_run(ski_cli *cli, int argc, char **argv)
{
    ski_lua_limits limits = {0};
    long max_cpu = 0;
    sk_access *access = sk_access_new();
    if (!access)
        return ski_cli_fail("run: out of memory");
    int status = run_parse(argc, argv, &limits, &max_cpu, access);
    sk_error why;
    /* A sandboxed script reads and writes the database --db names. */
    if (status < 0 && limits.sandbox && cli->db_path &&
        sk_access_grant(access, cli->db_path, SK_ACCESS_WRITE, &why))
        status = ski_cli_usage("run: --db: %s", why.message);
    if (status < 0 && max_cpu && run_limit_cpu(argv[optind], max_cpu))
        status = SK_EXIT_FAILURE;
    if (status < 0) {
        limits.access = limits.sandbox ? access : NULL;
        status = run_script(cli, argc, argv, &limits);
    }
    sk_access_free(access);
    return status;
}
