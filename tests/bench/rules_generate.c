/* Generation rates per rules family and size: the "variant" generator on
 * 4x4, 6x6, 9x9 X, a random jigsaw 9x9, killer 9x9 without givens, 16x16
 * and 25x25, and classic 9x9 by "dig" (the baseline) and by "variant", as
 * puzzles a CPU second and as ratios to the baseline, in one run. Rules are
 * compiled by the core and the plugins loaded by the host, which checks
 * every puzzle with --verify (test_rules_generate_driver); the benchmark
 * of the command, `sudokit generate --rules`, is tests/bench/rules_generate.sh.
 *
 * usage: rules_generate --plugins PATH [--seconds S] [--seed N]
 *                       [--only NAME,...] [--verify]
 *   --plugins    the plugin files or folders to load, ':'-separated
 *   --seconds S  time spent on each family (CPU seconds of this thread,
 *                default 3; at least one puzzle each)
 *   --only       the families to run, by name (4x4, 6x6, x, jigsaw, killer,
 *                16x16, 25x25, variant); the baseline always runs
 *   --verify     the host checks every puzzle (solution and uniqueness) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sudokit/host.h"
#include "sudokit/rules.h"

typedef struct bench_family {
    const char *name;
    const char *label;
    const char *spec;
    const char *generator;
    const char *options;
    double target; /* puzzles a second the issue asks for, 0 = none */
} bench_family;

static const bench_family bench_families[] = {
    {"classic", "classic 9x9 (dig)", "9x9", "dig", "", 0},
    {"variant", "classic 9x9 (variant)", "9x9", "variant", "", 0},
    {"4x4", "4x4", "4x4", "variant", "", 0},
    {"6x6", "6x6", "6x6", "variant", "", 0},
    {"x", "9x9 x", "9x9 x", "variant", "", 0},
    {"jigsaw", "jigsaw 9x9 (random layout)", "9x9", "variant", "regions=random", 0},
    {"killer", "killer 9x9, no givens", "9x9", "variant", "killer=1", 5},
    {"16x16", "16x16", "16x16", "variant", "", 2},
    {"25x25", "25x25", "25x25", "variant", "", 1.0 / 60},
};

typedef struct bench_options {
    double seconds;
    unsigned long long seed;
    const char *only;
    const char *plugins;
    int verify;
} bench_options;

static double bench_cpu_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* True when family is asked for by --only (the baseline always is). */
static int bench_wanted(const bench_options *o, const bench_family *f)
{
    if (!o->only || strcmp(f->name, "classic") == 0)
        return 1;
    size_t len = strlen(f->name);
    for (const char *p = o->only; p; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL)
        if (strncmp(p, f->name, len) == 0 && (p[len] == ',' || p[len] == '\0'))
            return 1;
    return 0;
}

/* Generate family's puzzles for o->seconds (at least one); the rate in
 * puzzles a CPU second, or -1 after printing why it failed. */
static double bench_run(sk_host *host, const bench_options *o, const bench_family *f,
                        double *clues)
{
    sk_error err;
    sk_rules_error error;
    const sk_rules *rules = NULL;
    sk_instance *gen = NULL;
    sk_instance_config config = {.verify = o->verify != 0};
    if (sk_rules_compile(host, f->spec, &rules, &error) != 0) {
        fprintf(stderr, "rules_generate: %s: %s\n", f->spec, error.message);
        return -1;
    }
    if (sk_instance_new(host, SK_KIND_GENERATOR, f->generator, f->options, &config, &gen, &err) !=
        0) {
        fprintf(stderr, "rules_generate: %s\n", err.message);
        sk_rules_free(rules);
        return -1;
    }
    double start = bench_cpu_seconds(), spent = 0, total = 0;
    unsigned long n = 0;
    int failed = 0;
    while (!failed && (n == 0 || spent < o->seconds)) {
        sk_gen_request request = {.struct_size = sizeof request, .seed = o->seed, .index = n};
        sk_gen_rules_result out;
        const sk_rules *made = NULL;
        if (sk_instance_generate_rules(gen, rules, &request, &out, &made, &err) != 0) {
            fprintf(stderr, "rules_generate: %s, puzzle %lu: %s\n", f->label, n, err.message);
            failed = 1;
        }
        for (uint32_t c = 0; made && c < made->size * made->size; c++)
            total += out.puzzle.cells[c] != 0;
        sk_rules_free(made);
        n++;
        spent = bench_cpu_seconds() - start;
    }
    sk_instance_free(gen);
    sk_rules_free(rules);
    *clues = total / (double)n;
    return failed ? -1 : (double)n / (spent > 0 ? spent : 1e-9);
}

static int bench_parse(int argc, char **argv, bench_options *o)
{
    *o = (bench_options){3.0, 1, NULL, NULL, 0};
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--seconds") == 0 && i + 1 < argc)
            o->seconds = atof(argv[++i]);
        else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc)
            o->seed = strtoull(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--only") == 0 && i + 1 < argc)
            o->only = argv[++i];
        else if (strcmp(argv[i], "--plugins") == 0 && i + 1 < argc)
            o->plugins = argv[++i];
        else if (strcmp(argv[i], "--verify") == 0)
            o->verify = 1;
        else {
            fprintf(stderr, "usage: rules_generate --plugins PATH [--seconds S] [--seed N] "
                            "[--only NAME,...] [--verify]\n");
            return -1;
        }
    }
    return 0;
}

int main(int argc, char **argv)
{
    bench_options o;
    if (bench_parse(argc, argv, &o) != 0)
        return 2;
    sk_host_config host_config = {.plugin_path = o.plugins};
    sk_host *host = sk_host_new(&host_config);
    const char *solver = sk_host_default_rules_solver(host);
    printf("rules solver: %s; classic solver: %s; %.1f CPU s a family, seed %llu\n",
           solver ? solver : "(none loaded)", sk_host_default_name(host, SK_KIND_SOLVER),
           o.seconds, o.seed);
    printf("%-28s %12s %10s %10s %8s\n", "family", "puzzles/s", "ratio", "clues", "target");
    double base = 0;
    int status = 0;
    for (size_t i = 0; i < sizeof bench_families / sizeof bench_families[0]; i++) {
        const bench_family *f = &bench_families[i];
        if (!bench_wanted(&o, f))
            continue;
        double clues = 0, rate = bench_run(host, &o, f, &clues);
        if (rate < 0) {
            status = 1;
            continue;
        }
        base = base > 0 ? base : rate;
        char target[32] = "";
        if (f->target > 0)
            snprintf(target, sizeof target, "%s %g/s", rate >= f->target ? "met" : "MISSED",
                     f->target);
        printf("%-28s %12.3f %10.5f %10.1f %8s\n", f->label, rate, rate / base, clues, target);
        fflush(stdout);
    }
    sk_host_free(host);
    return status;
}
