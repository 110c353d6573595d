/* `sudokit solve`: solve puzzles from a file or stdin, streaming, to stdout. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "sudokit/grid.h"
#include "sudokit/reader.h"

static void solve_usage(FILE *out)
{
    fputs("usage: sudokit solve [--solver NAME] [--options K=V,...] [--count] [--verify]\n"
          "                     [--format line|classic] [FILE|-]\n"
          "Solve every puzzle of FILE (or stdin) and print the solutions to stdout in input\n"
          "order. Input may mix the line format (81 characters) and the classic format\n"
          "(9 lines of 9 digits). A bad puzzle is reported on stderr with its file, line\n"
          "and column and skipped; the exit status is 1 when any puzzle failed.\n"
          "  --solver NAME     solver strategy (default: the fastest loaded)\n"
          "  --options K=V,... options for the solver\n"
          "  --count           require exactly one solution: a puzzle with several fails\n"
          "  --verify          check every solution the plugin returns\n"
          "  --format F        line (default) or classic\n",
          out);
}

int sk_cmd_solve(sk_cli *cli, int argc, char **argv)
{
    static const struct option longopts[] = {
        {"help", no_argument, NULL, 'h'},     {"solver", required_argument, NULL, 's'},
        {"options", required_argument, NULL, 'o'}, {"count", no_argument, NULL, 'c'},
        {"verify", no_argument, NULL, 'v'},   {"format", required_argument, NULL, 'f'},
        {NULL, 0, NULL, 0},
    };
    const char *solver_name = NULL, *options = NULL;
    bool count = false, classic = false;
    sk_instance_config config = {0};
    int opt;
    optind = 1;
    while ((opt = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        switch (opt) {
        case 'h':
            solve_usage(stdout);
            return SK_EXIT_OK;
        case 's':
            solver_name = optarg;
            break;
        case 'o':
            options = optarg;
            break;
        case 'c':
            count = true;
            break;
        case 'v':
            config.verify = true;
            break;
        case 'f':
            if (strcmp(optarg, "line") != 0 && strcmp(optarg, "classic") != 0) {
                sk_cli_fail("solve: unknown format '%s' (line or classic)", optarg);
                return SK_EXIT_USAGE;
            }
            classic = strcmp(optarg, "classic") == 0;
            break;
        default:
            solve_usage(stderr);
            return SK_EXIT_USAGE;
        }
    }
    if (argc - optind > 1) {
        sk_cli_fail("solve: give one FILE (or - for stdin), not %d", argc - optind);
        return SK_EXIT_USAGE;
    }
    const char *path = optind < argc ? argv[optind] : "-";
    sk_host *host = sk_cli_host(cli);
    if (!solver_name)
        solver_name = sk_host_default_name(host, SK_KIND_SOLVER);
    if (!solver_name)
        return sk_cli_fail("no solver plugin found (see sudokit plugins)");
    char err[1024];
    sk_instance *solver;
    if (sk_instance_new(host, SK_KIND_SOLVER, solver_name, options, &config, &solver, err,
                        sizeof err))
        return sk_cli_fail("%s", err);
    sk_reader *reader = sk_reader_open(path, err, sizeof err);
    if (!reader) {
        sk_instance_free(solver);
        return sk_cli_fail("solve: %s", err);
    }
    size_t failed = 0, solved = 0;
    sk_grid puzzle, solution;
    sk_read_status status;
    char text[SK_CLASSIC_CHARS + 2];
    while ((status = sk_reader_next(reader, &puzzle)) != SK_READ_END) {
        if (status != SK_READ_OK) {
            sk_cli_fail("%s", sk_reader_error(reader));
            failed++;
            if (status == SK_READ_IO)
                break;
            continue;
        }
        const sk_reader_position *pos = sk_reader_position_of(reader);
        int found = sk_instance_solve(solver, &puzzle, count ? 2 : 1, &solution, NULL, err,
                                      sizeof err);
        if (found != 1) {
            sk_cli_fail("%s:%zu: puzzle %zu: %s", pos->name, pos->line, pos->puzzle,
                        found == 0   ? "has no solution"
                        : found == 2 ? "has several solutions"
                                     : err);
            failed++;
            continue;
        }
        if (classic) {
            size_t used = 0;
            if (solved > 0)
                text[used++] = '\n';
            sk_grid_format_classic(&solution, text + used);
            fwrite(text, 1, used + SK_CLASSIC_CHARS, stdout);
        } else {
            sk_grid_format_line(&solution, text, false);
            text[SK_LINE_CHARS] = '\n';
            fwrite(text, 1, SK_LINE_CHARS + 1, stdout);
        }
        solved++;
    }
    sk_reader_close(reader);
    sk_instance_free(solver);
    if (fflush(stdout) != 0)
        return sk_cli_fail("solve: cannot write the output");
    if (failed)
        return sk_cli_fail("solve: %zu of %zu puzzles failed", failed, failed + solved);
    return SK_EXIT_OK;
}
