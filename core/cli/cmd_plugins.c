/* `sudokit plugins`: list every loaded strategy. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

static const char *const plugins_kind_names[] = {"", "solver", "generator", "rater"};

static void plugins_usage(FILE *out)
{
    fputs("usage: sudokit plugins [--options]\n"
          "List every strategy of every loaded plugin: kind, name, plugin, version and a\n"
          "one-line summary. Problems met while loading plugins are printed on stderr and\n"
          "make the exit status 1.\n"
          "  --options   also show each strategy's options\n",
          out);
}

int sk_cmd_plugins(sk_cli *cli, int argc, char **argv)
{
    static const struct option longopts[] = {
        {"help", no_argument, NULL, 'h'},
        {"options", no_argument, NULL, 'o'},
        {NULL, 0, NULL, 0},
    };
    bool show_options = false;
    int opt;
    optind = 1;
    while ((opt = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        switch (opt) {
        case 'h':
            plugins_usage(stdout);
            return SK_EXIT_OK;
        case 'o':
            show_options = true;
            break;
        default:
            plugins_usage(stderr);
            return SK_EXIT_USAGE;
        }
    }
    if (optind < argc) {
        sk_cli_fail("plugins: unexpected argument '%s'", argv[optind]);
        return SK_EXIT_USAGE;
    }
    sk_host *host = sk_cli_host(cli);
    printf("%-9s  %-10s  %-20s  %-7s  %s\n", "KIND", "NAME", "PLUGIN", "VERSION", "SUMMARY");
    for (size_t i = 0; i < sk_host_strategy_count(host); i++) {
        const sk_host_strategy *entry = sk_host_strategy_at(host, i);
        const sk_strategy *s = entry->strategy;
        printf("%-9s  %-10s  %-20s  %-7s  %s\n", plugins_kind_names[s->kind], s->name,
               entry->plugin_name, entry->plugin_version, s->summary);
        if (show_options)
            printf("%-9s  %-10s  options: %s\n", "", "",
                   s->options_help ? s->options_help : "(none)");
    }
    if (sk_host_strategy_count(host) == 0)
        sk_cli_fail("no plugins found; use --plugin-path or SUDOKIT_PLUGIN_PATH");
    return sk_host_problems(host) || sk_host_strategy_count(host) == 0 ? SK_EXIT_FAILURE
                                                                        : SK_EXIT_OK;
}
