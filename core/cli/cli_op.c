/* The command line of an operation: getopt options made from its keys,
 * each value handed to the operation's setter, positional words to its
 * input key; nothing here knows what an operation does. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "usage.h"

/* getopt_long's tables for info's keys (long codes 256 + key index). */
typedef struct cli_getopt {
    struct option *longopts;
    char shortopts[160];
} cli_getopt;

static int cli_getopt_make(const sk_op_info *info, cli_getopt *g)
{
    size_t count = 0;
    while (info->keys[count].name)
        count++;
    g->longopts = calloc(count + 2, sizeof *g->longopts);
    if (!g->longopts)
        return -1;
    size_t n = 0, s = 0;
    g->shortopts[s++] = ':';
    g->shortopts[s++] = 'h';
    for (size_t i = 0; i < count; i++) {
        const sk_key *key = &info->keys[i];
        if (!ski_op_key_is_option(info, key))
            continue;
        int arg = key->kind == SK_KEY_FLAG ? no_argument : required_argument;
        g->longopts[n++] = (struct option){key->name, arg, NULL, 256 + (int)i};
        if (key->short_name && s + 3 < sizeof g->shortopts) {
            g->shortopts[s++] = key->short_name;
            if (arg == required_argument)
                g->shortopts[s++] = ':';
        }
    }
    g->longopts[n++] = (struct option){"help", no_argument, NULL, 'h'};
    g->shortopts[s] = '\0';
    return 0;
}

/* The key a short option letter stands for. */
static const sk_key *cli_short_key(const sk_op_info *info, int letter)
{
    for (const sk_key *key = info->keys; key->name; key++)
        if (key->short_name == letter)
            return key;
    return NULL;
}

/* The usage error of an unknown long option: the nearest of info's. */
static int cli_unknown_long(const sk_op_info *info, const char *words, const char *arg)
{
    size_t count = 0;
    while (info->keys[count].name)
        count++;
    char(*spelled)[48] = calloc(count + 1, sizeof *spelled);
    const char **names = calloc(count + 2, sizeof *names);
    size_t n = 0;
    for (size_t i = 0; spelled && names && i < count; i++)
        if (ski_op_key_is_option(info, &info->keys[i])) {
            snprintf(spelled[n], sizeof spelled[n], "--%s", info->keys[i].name);
            names[n] = spelled[n];
            n++;
        }
    if (names)
        names[n++] = "--help";
    static const char *const none[] = {NULL};
    int status = ski_cli_unknown_option(info->name, words, arg, names ? names : none);
    free(spelled);
    free(names);
    return status;
}

/* Parse the options into op; returns -1 to go on, else an exit status. */
static int cli_parse(const sk_op_info *info, const char *words, sk_op *op, int argc, char **argv)
{
    cli_getopt g;
    if (cli_getopt_make(info, &g))
        return ski_cli_fail("out of memory");
    sk_error err;
    int opt, status = -1;
    optind = 0;
    opterr = 0;
    while (status < 0 && (opt = getopt_long(argc, argv, g.shortopts, g.longopts, NULL)) != -1) {
        const sk_key *key = opt >= 256 ? &info->keys[opt - 256] : cli_short_key(info, opt);
        if (opt == 'h' && !key) {
            ski_cli_command_help(info, words, stdout);
            status = SK_EXIT_OK;
        } else if (opt == '?' && !optopt) {
            status = cli_unknown_long(info, words, argv[optind - 1]);
        } else if (opt == '?' || opt == ':') {
            char shown[64];
            if (optopt && optopt < 256)
                snprintf(shown, sizeof shown, "-%c", optopt);
            else
                snprintf(shown, sizeof shown, "%.60s", argv[optind - 1]);
            ski_cli_fail("%s: %s '%s' (see sudokit %s --help)", info->name,
                        opt == ':' ? "a value is missing after" : "unknown option", shown,
                        words);
            status = SK_EXIT_USAGE;
        } else if (key && sk_op_set(op, key->name, optarg, &err)) {
            ski_cli_fail("%s", err.message);
            status = err.status;
        }
    }
    free(g.longopts);
    return status;
}

/* Hand the positional words to the input key; -1 to go on, else a status. */
static int cli_inputs(const sk_op_info *info, const char *words, sk_op *op, int argc,
                      char **argv)
{
    int given = argc - optind, first = optind;
    if (info->target_key && given < 2)
        return ski_cli_usage("%s: give %s (see sudokit %s --help)", info->name, info->synopsis,
                            words);
    if (info->inputs == SK_INPUT_NONE && given > 0)
        return ski_cli_usage("%s: unexpected argument '%s' (see sudokit %s --help)", info->name,
                            argv[optind], words);
    if ((info->inputs == SK_INPUT_ONE && given != 1) ||
        (info->inputs == SK_INPUT_SOME && given < 1))
        return ski_cli_usage("%s: give %s %s (see sudokit %s --help)", info->name,
                            info->inputs == SK_INPUT_ONE ? "exactly one" : "at least one",
                            info->synopsis, words);
    sk_error err;
    for (int i = first; i < argc; i++) {
        const char *key = info->target_key && i == first ? info->target_key : info->input_key;
        if (sk_op_set(op, key, argv[i], &err)) {
            ski_cli_fail("%s", err.message);
            return err.status;
        }
    }
    return -1;
}

/* What a command lends its operation: the terminal player, the server. */
typedef struct cli_face {
    sk_player_fn player;
    sk_server_fn server;
    void *user;
} cli_face;

/* Make, fill and run the request. */
static int cli_run(ski_cli *cli, const char *name, const char *words, int argc, char **argv,
                   const char *const *preset, const cli_face *face)
{
    const sk_op_info *info = sk_op_find(name);
    sk_ctx *ctx = ski_cli_ctx(cli);
    sk_op *op = NULL;
    sk_error err;
    if (!info || sk_op_new(ctx, name, &op, &err))
        return ski_cli_usage("%s", info ? err.message : "unknown operation");
    if (face && face->player)
        sk_op_set_player(op, face->player, face->user);
    if (face && face->server)
        sk_op_set_server(op, face->server, face->user);
    int status = -1;
    for (size_t i = 0; preset && preset[i] && status < 0; i += 2) {
        if (sk_op_set(op, preset[i], preset[i + 1], &err)) {
            ski_cli_fail("%s", err.message);
            status = err.status;
        }
    }
    if (status < 0)
        status = cli_parse(info, words, op, argc, argv);
    if (status < 0)
        status = cli_inputs(info, words, op, argc, argv);
    if (status < 0) {
        status = sk_op_run(op, &err);
        if (status != SK_EXIT_OK && err.message[0])
            ski_cli_fail("%s", err.message);
    }
    sk_op_free(op);
    return status;
}

int ski_cli_op(ski_cli *cli, const char *name, const char *words, int argc, char **argv,
              const char *const *preset)
{
    return cli_run(cli, name, words, argc, argv, preset, NULL);
}

int ski_cli_op_playing(ski_cli *cli, const char *name, const char *words, int argc, char **argv,
                      sk_player_fn player, void *player_user)
{
    cli_face face = {.player = player, .user = player_user};
    return cli_run(cli, name, words, argc, argv, NULL, &face);
}

int ski_cli_op_serving(ski_cli *cli, const char *name, const char *words, int argc, char **argv,
                      sk_server_fn server, void *server_user)
{
    cli_face face = {.server = server, .user = server_user};
    return cli_run(cli, name, words, argc, argv, NULL, &face);
}
