/* The rules solvers' benchmark driver (tests/bench/rules_solvers.sh): solvers
 * of any rules on files of puzzles, one thread, each solver in turn on the
 * whole file for at least a given time, as puzzles a second and as the ratio
 * to the first solver named.
 *
 * usage: rules_bench [--limit K] [--seconds S] SOLVER,SOLVER... FILE...
 * (a SOLVER may carry options after a colon: general:locked=on)
 *
 * Time is the thread's processor time (a shared machine's other work does
 * not count); S seconds of it per solver and file, 1 by default.
 *
 * A file holds one puzzle a line: NAME|SPEC|GIVENS[|SOLUTION] (as
 * tests/data/rules/puzzles.txt), or 81 characters of a classic puzzle
 * (rules 9x9); '#' lines are comments. Every answer of the first round is
 * checked under the rules, and every solver must find the same count. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sudokit/host.h"
#include "sudokit/rules.h"

#define BENCH_SOLVERS 8
#define BENCH_LINE 65536

typedef struct bench_puzzle {
    const sk_rules *rules;
    sk_board givens;
} bench_puzzle;

typedef struct bench_set {
    bench_puzzle *puzzles;
    size_t count, cap;
} bench_set;

/* The thread's processor time: the machine may be shared, and a solver's
 * cost is the processor time it takes, not what others take meanwhile. */
static double bench_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* Read one line into set; 0, or -1 with a message. */
static int bench_line(sk_host *host, char *line, const char *file, size_t at, bench_set *set)
{
    line[strcspn(line, "\r\n")] = '\0';
    if (!line[0] || line[0] == '#')
        return 0;
    char *spec = "9x9", *givens = line;
    if (strchr(line, '|')) {
        strtok(line, "|");
        spec = strtok(NULL, "|");
        givens = strtok(NULL, "|");
    }
    sk_rules_error error;
    bench_puzzle p;
    size_t column;
    if (!spec || !givens) {
        fprintf(stderr, "%s:%zu: not a puzzle line (NAME|SPEC|GIVENS, or 81 cells)\n", file, at);
        return -1;
    }
    if (sk_rules_compile(host, spec, &p.rules, &error) != 0) {
        fprintf(stderr, "%s:%zu: %s\n", file, at, error.message);
        return -1;
    }
    if (sk_rules_parse_board(p.rules, givens, strlen(givens), &p.givens, &column) != 0) {
        fprintf(stderr, "%s:%zu: bad cell at column %zu of the givens\n", file, at, column + 1);
        sk_rules_free(p.rules);
        return -1;
    }
    if (set->count == set->cap) {
        size_t cap = set->cap ? 2 * set->cap : 64;
        bench_puzzle *more = realloc(set->puzzles, cap * sizeof *more);
        if (!more) {
            fprintf(stderr, "%s:%zu: out of memory\n", file, at);
            sk_rules_free(p.rules);
            return -1;
        }
        set->puzzles = more;
        set->cap = cap;
    }
    set->puzzles[set->count++] = p;
    return 0;
}

static int bench_read(sk_host *host, const char *file, bench_set *set)
{
    FILE *in = fopen(file, "r");
    if (!in) {
        fprintf(stderr, "%s: cannot open\n", file);
        return -1;
    }
    static char line[BENCH_LINE];
    int status = 0;
    for (size_t at = 1; status == 0 && fgets(line, sizeof line, in); at++)
        status = bench_line(host, line, file, at, set);
    fclose(in);
    return status;
}

/* One pass of solver over set, counting up to limit: each count must
 * equal counts[i] when another solver set it (else it is set); on the first
 * pass every answer is checked under the rules. Returns 0 or -1. */
static int bench_pass(sk_instance *solver, const bench_set *set, int limit, int *counts, bool first,
                      uint64_t *guesses)
{
    for (size_t i = 0; i < set->count; i++) {
        const bench_puzzle *p = &set->puzzles[i];
        sk_board answer;
        sk_solve_stats stats = {0};
        sk_error err = {0};
        int found = sk_instance_solve_rules(solver, p->rules, &p->givens, limit,
                                            first ? &answer : NULL, &stats, &err);
        if (found < 0) {
            fprintf(stderr, "puzzle %zu: %s\n", i + 1, err.message);
            return -1;
        }
        if (first && found >= 1 && !sk_rules_solves(p->rules, &p->givens, &answer)) {
            fprintf(stderr, "puzzle %zu: a wrong solution\n", i + 1);
            return -1;
        }
        if (counts[i] >= 0 && counts[i] != found) {
            fprintf(stderr, "puzzle %zu: %d solutions, another solver found %d\n", i + 1, found,
                    counts[i]);
            return -1;
        }
        counts[i] = found;
        *guesses += stats.guesses;
    }
    return 0;
}

/* Run solver on set for at least seconds; its rate in *rate. */
static int bench_solver(sk_host *host, const char *name, const bench_set *set, int limit,
                        double seconds, int *counts, double *rate, double *guesses)
{
    sk_instance *solver = NULL;
    sk_error err;
    char base[128];
    const char *colon = strchr(name, ':');
    snprintf(base, sizeof base, "%.*s", colon ? (int)(colon - name) : (int)strlen(name), name);
    if (sk_instance_new(host, SK_KIND_SOLVER, base, colon ? colon + 1 : NULL, NULL, &solver,
                        &err) != 0) {
        fprintf(stderr, "%s\n", err.message);
        return -1;
    }
    uint64_t solved = 0, guessed = 0;
    double start = bench_now(), elapsed = 0;
    int status = 0;
    for (int round = 0; status == 0 && (round == 0 || elapsed < seconds); round++) {
        status = bench_pass(solver, set, limit, counts, round == 0, &guessed);
        solved += set->count;
        elapsed = bench_now() - start;
    }
    sk_instance_free(solver);
    *rate = (double)solved / elapsed;
    *guesses = (double)guessed / (double)solved;
    return status;
}

static int bench_file(sk_host *host, const char *file, char **solvers, int solver_count, int limit,
                      double seconds)
{
    bench_set set = {0};
    int status = bench_read(host, file, &set);
    int *counts = calloc(set.count + 1, sizeof *counts);
    double base = 0;
    for (size_t i = 0; i < set.count; i++)
        counts[i] = -1;
    const char *slash = strrchr(file, '/');
    for (int k = 0; status == 0 && k < solver_count; k++) {
        double rate, guesses;
        status = bench_solver(host, solvers[k], &set, limit, seconds, counts, &rate, &guesses);
        if (status != 0)
            break;
        if (k == 0)
            base = rate;
        printf("%-28s %-8s %6zu %12.1f %10.2f %8.3f\n", slash ? slash + 1 : file, solvers[k],
               set.count, rate, guesses, rate / base);
        fflush(stdout);
    }
    for (size_t i = 0; i < set.count; i++)
        sk_rules_free(set.puzzles[i].rules);
    free(set.puzzles);
    free(counts);
    return status;
}

int main(int argc, char **argv)
{
    int limit = 2, at = 1;
    double seconds = 1.0;
    for (; at + 1 < argc && strncmp(argv[at], "--", 2) == 0; at += 2) {
        if (strcmp(argv[at], "--limit") == 0)
            limit = atoi(argv[at + 1]);
        else if (strcmp(argv[at], "--seconds") == 0)
            seconds = atof(argv[at + 1]);
        else
            break;
    }
    if (argc - at < 2 || limit < 1) {
        fprintf(stderr, "usage: rules_bench [--limit K] [--seconds S] SOLVER,SOLVER... FILE...\n");
        return 2;
    }
    char *solvers[BENCH_SOLVERS];
    int solver_count = 0;
    for (char *name = strtok(argv[at], ","); name && solver_count < BENCH_SOLVERS;
         name = strtok(NULL, ","))
        solvers[solver_count++] = name;
    sk_host *host = sk_host_new(&(sk_host_config){0});
    if (!host)
        return 1;
    printf("%-28s %-8s %6s %12s %10s %8s\n", "file", "solver", "count", "puzzles/s", "guesses",
           "ratio");
    int status = 0;
    for (int i = at + 1; i < argc && status == 0; i++)
        status = bench_file(host, argv[i], solvers, solver_count, limit, seconds);
    sk_host_free(host);
    return status == 0 ? 0 : 1;
}
