/* Shared state and helpers of the sudokit command-line commands. */
#ifndef SUDOKIT_CLI_H
#define SUDOKIT_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "sudokit/host.h"
#include "sudokit/parse.h"
#include "sudokit/store.h"

/* Global options and lazily created shared objects of one invocation. */
typedef struct sk_cli {
    const char *prog;        /* "sudokit" */
    const char *plugin_path; /* --plugin-path, may be NULL */
    const char *db_path;     /* --db, may be NULL (then SUDOKIT_DB, then default) */
    bool allow_writable;     /* --allow-writable-plugins */
    sk_host *host;           /* created by sk_cli_host */
} sk_cli;

/* One command: `sudokit NAME ...`. run gets argv with argv[0] == NAME and
 * returns the process exit status. */
typedef struct sk_command {
    const char *name;
    int (*run)(sk_cli *cli, int argc, char **argv);
    const char *summary;
} sk_command;

/* The plugin host, loading every plugin on first use; load problems are
 * printed on stderr once. Never NULL (exits on out of memory). */
sk_host *sk_cli_host(sk_cli *cli);

/* Print "sudokit: " + message + newline on stderr; returns 1 for
 * `return sk_cli_fail(...)`. */
int sk_cli_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));


/* Write text to out as a JSON string with its escapes, or null when text is
 * NULL. */
void sk_cli_json_string(FILE *out, const char *text);

/* The starter collection (seeds/starter.txt), embedded at build time. */
extern const char sk_seeds_starter[];

/* Add the starter collection to store in one transaction: every puzzle
 * with its solution (default solver, verified) and its classic rating.
 * Prints the counts on stdout; returns an exit status (a failure rolls
 * back and says why on stderr). */
int sk_cli_seed_store(sk_cli *cli, sk_store *store);

/* Exit statuses shared by the commands. */
enum {
    SK_EXIT_OK = 0,
    SK_EXIT_FAILURE = 1, /* bad input, some puzzles failed, I/O error */
    SK_EXIT_USAGE = 2    /* bad command line */
};

/* Commands (one file each in core/cli/). */
int sk_cmd_classic_count(sk_cli *cli, const char *count, const char *seed);
int sk_cmd_classic_solve(sk_cli *cli, const char *path, const char *solver);
int sk_cmd_solve(sk_cli *cli, int argc, char **argv);
int sk_cmd_plugins(sk_cli *cli, int argc, char **argv);
int sk_cmd_run(sk_cli *cli, int argc, char **argv);
int sk_cmd_generate(sk_cli *cli, int argc, char **argv);
int sk_cmd_rate(sk_cli *cli, int argc, char **argv);
int sk_cmd_hint(sk_cli *cli, int argc, char **argv);
int sk_cmd_play(sk_cli *cli, int argc, char **argv);
int sk_cmd_db(sk_cli *cli, int argc, char **argv);
int sk_cmd_games(sk_cli *cli, int argc, char **argv);
int sk_cmd_bench(sk_cli *cli, int argc, char **argv);

#endif /* SUDOKIT_CLI_H */
