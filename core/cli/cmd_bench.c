/* `sudokit bench`: time solver strategies on puzzle files, one thread, answers checked first. */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "sudokit/grid.h"
#include "sudokit/reader.h"
#include "sudokit/store.h"

typedef enum bench_format { BENCH_TABLE, BENCH_CSV, BENCH_JSON } bench_format;

/* The command line, parsed. */
typedef struct bench_options {
    char *solvers;  /* comma-separated names, NULL for every solver */
    int limit;      /* count solutions up to this (1 or 2)          */
    double seconds; /* timed run per file and solver                */
    double warmup;  /* least untimed solving before the timed run   */
    bool shuffle;
    uint64_t seed;
    bench_format format;
    const char *db; /* record each run in this database, or NULL */
} bench_options;

/* The puzzles of one file, held in memory. */
typedef struct bench_set {
    const char *path;
    sk_grid *puzzles;
    size_t count;
    char fingerprint[17]; /* FNV-1a of the puzzles in file order, hex */
} bench_set;

/* Figures of one solver on one file. */
typedef struct bench_row {
    const char *solver;
    bool failed;
    size_t solved;      /* puzzles solved in the timed run (whole
                         * passes, at least one)                    */
    double seconds;     /* wall time of the timed run               */
    double cpu_seconds; /* this thread's CPU time in the timed run  */
    size_t no_guess;    /* puzzles solved without a guess           */
    uint64_t guesses;   /* guesses over one pass                    */
} bench_row;

static void bench_usage(FILE *out)
{
    fputs("usage: sudokit bench [--solvers NAME,...|all] [--count-limit 1|2] [--time SECONDS]\n"
          "                     [--warmup SECONDS] [--shuffle [--seed S]]\n"
          "                     [--format table|csv|json] [--db FILE] FILE...\n"
          "Time solver strategies on each FILE, on one thread. Each file is read once into\n"
          "memory; for every solver a warm-up pass solves every puzzle and checks each\n"
          "answer (a wrong or missing answer marks the solver FAILED and the exit status\n"
          "is 1), then whole passes over the puzzles are timed until --time has passed.\n"
          "  --solvers LIST    comma-separated solver names, or all (default: all)\n"
          "  --count-limit N   1: find one solution (default); 2: also prove it unique\n"
          "  --time SECONDS    length of each timed run (default 1)\n"
          "  --warmup SECONDS  go on solving untimed, in whole passes, until SECONDS\n"
          "                    have passed since the checked pass began (default 0.2)\n"
          "  --shuffle         solve the puzzles in a random order (the same for all)\n"
          "  --seed S          seed of that order (default 1)\n"
          "  --format F        table (default), csv or json\n"
          "  --db FILE         also record every run in the database's bench_runs table\n"
          "Columns: puzzles/s and us/puzzle come from the wall clock; cpu% is the share\n"
          "of that time the thread ran and puzzles/cpu-s the rate per second of its CPU\n"
          "time (on a busy machine cpu% drops below 100: compare solvers measured in the\n"
          "same run); no-guess% and guesses/puzzle come from the checked pass.\n",
          out);
}

static double bench_clock(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Parse a number of seconds in [min, 3600]. */
static bool bench_parse_seconds(const char *text, double min, double *out)
{
    char *end;
    double value = strtod(text, &end);
    if (end == text || *end != '\0' || !isfinite(value) || value < min || value > 3600)
        return false;
    *out = value;
    return true;
}

/* Parse argv into o; returns -1 after --help, else an exit status. */
static int bench_parse(int argc, char **argv, bench_options *o)
{
    static const struct option longopts[] = {
        {"help", no_argument, NULL, 'h'},
        {"solvers", required_argument, NULL, 's'},
        {"count-limit", required_argument, NULL, 'l'},
        {"time", required_argument, NULL, 't'},
        {"warmup", required_argument, NULL, 'w'},
        {"shuffle", no_argument, NULL, 'x'},
        {"seed", required_argument, NULL, 'S'},
        {"format", required_argument, NULL, 'f'},
        {"db", required_argument, NULL, 'd'},
        {NULL, 0, NULL, 0},
    };
    bool seeded = false;
    long value;
    int opt;
    optind = 1;
    while ((opt = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        switch (opt) {
        case 'h':
            bench_usage(stdout);
            return -1;
        case 's':
            o->solvers = strcmp(optarg, "all") == 0 ? NULL : optarg;
            break;
        case 'l':
            if (!sk_parse_long(optarg, 1, 2, &value)) {
                sk_cli_fail("bench: --count-limit '%s': give 1 (solve) or 2 (prove unique)",
                            optarg);
                return SK_EXIT_USAGE;
            }
            o->limit = (int)value;
            break;
        case 't':
            if (!bench_parse_seconds(optarg, 0.001, &o->seconds)) {
                sk_cli_fail("bench: --time '%s': give seconds from 0.001 to 3600", optarg);
                return SK_EXIT_USAGE;
            }
            break;
        case 'w':
            if (!bench_parse_seconds(optarg, 0, &o->warmup)) {
                sk_cli_fail("bench: --warmup '%s': give seconds from 0 to 3600", optarg);
                return SK_EXIT_USAGE;
            }
            break;
        case 'x':
            o->shuffle = true;
            break;
        case 'd':
            o->db = optarg;
            break;
        case 'S':
            if (!sk_parse_long(optarg, 0, 0x7FFFFFFFFFFFFFFFL, &value)) {
                sk_cli_fail("bench: --seed '%s': give a whole number from 0", optarg);
                return SK_EXIT_USAGE;
            }
            o->seed = (uint64_t)value;
            seeded = true;
            break;
        case 'f':
            if (strcmp(optarg, "table") == 0)
                o->format = BENCH_TABLE;
            else if (strcmp(optarg, "csv") == 0)
                o->format = BENCH_CSV;
            else if (strcmp(optarg, "json") == 0)
                o->format = BENCH_JSON;
            else {
                sk_cli_fail("bench: unknown format '%s' (table, csv or json)", optarg);
                return SK_EXIT_USAGE;
            }
            break;
        default:
            bench_usage(stderr);
            return SK_EXIT_USAGE;
        }
    }
    if (seeded && !o->shuffle) {
        sk_cli_fail("bench: --seed orders the puzzles only with --shuffle; add --shuffle");
        return SK_EXIT_USAGE;
    }
    if (optind >= argc) {
        sk_cli_fail("bench: give at least one puzzle FILE (see sudokit bench --help)");
        return SK_EXIT_USAGE;
    }
    return SK_EXIT_OK;
}

/* Read every puzzle of path into set (owning set->puzzles). Returns 0, or
 * -1 after printing what is wrong. */
static int bench_load(const char *path, bench_set *set)
{
    char err[1024];
    sk_reader *reader = sk_reader_open(path, err, sizeof err);
    if (!reader)
        return sk_cli_fail("bench: %s", err), -1;
    int status = -1;
    size_t cap = 0;
    set->path = path;
    set->puzzles = NULL;
    set->count = 0;
    for (;;) {
        if (set->count == cap) {
            size_t grown = cap ? cap * 2 : 1024;
            sk_grid *more = realloc(set->puzzles, grown * sizeof *more);
            if (!more) {
                sk_cli_fail("bench: out of memory reading %s", path);
                goto done;
            }
            set->puzzles = more;
            cap = grown;
        }
        sk_read_status rs = sk_reader_next(reader, &set->puzzles[set->count]);
        if (rs == SK_READ_END)
            break;
        if (rs != SK_READ_OK) {
            sk_cli_fail("bench: %s (a benchmark needs every puzzle; fix or remove it)",
                        sk_reader_error(reader));
            goto done;
        }
        set->count++;
    }
    if (set->count == 0) {
        sk_cli_fail("bench: %s holds no puzzle", path);
        goto done;
    }
    uint64_t hash = 0xCBF29CE484222325ull;
    for (size_t i = 0; i < set->count; i++)
        for (int c = 0; c < 81; c++)
            hash = (hash ^ set->puzzles[i].cells[c]) * 0x100000001B3ull;
    snprintf(set->fingerprint, sizeof set->fingerprint, "%016llx", (unsigned long long)hash);
    status = 0;
done:
    sk_reader_close(reader);
    if (status) {
        free(set->puzzles);
        set->puzzles = NULL;
    }
    return status;
}

/* Put the puzzles in a seeded random order (Fisher-Yates). */
static void bench_shuffle(bench_set *set, uint64_t seed)
{
    sk_rng rng;
    sk_rng_seed(&rng, seed, 0);
    for (size_t i = set->count; i > 1; i--) {
        size_t j = sk_rng_below(&rng, (uint32_t)i);
        sk_grid tmp = set->puzzles[i - 1];
        set->puzzles[i - 1] = set->puzzles[j];
        set->puzzles[j] = tmp;
    }
}

/* The checked pass: solve every puzzle, check each answer, count guesses.
 * Returns false (after printing why) on the first bad answer. */
static bool bench_check_pass(sk_instance *solver, const bench_set *set, int limit, bench_row *row)
{
    char err[512];
    for (size_t i = 0; i < set->count; i++) {
        sk_grid solution;
        sk_solve_stats stats;
        int found =
            sk_instance_solve(solver, &set->puzzles[i], limit, &solution, &stats, err, sizeof err);
        const char *why = found < 0                                      ? err
                          : found == 0                                   ? "no solution found"
                          : !sk_grid_solves(&set->puzzles[i], &solution) ? "returned a wrong grid"
                                                                         : NULL;
        if (why) {
            sk_cli_fail("bench: %s: puzzle %zu of %s: %s", row->solver, i + 1, set->path, why);
            return false;
        }
        row->guesses += stats.guesses;
        row->no_guess += stats.guesses == 0;
    }
    return true;
}

/* Solve every puzzle once, answers unused. */
static void bench_pass(sk_instance *solver, const bench_set *set, int limit)
{
    for (size_t i = 0; i < set->count; i++)
        sk_instance_solve(solver, &set->puzzles[i], limit, NULL, NULL, NULL, 0);
}

/* Benchmark one solver on one file into row. Returns false when the
 * solver cannot be created or gives a bad answer (row->failed is set). */
static bool bench_one(sk_host *host, const bench_options *o, const bench_set *set, bench_row *row)
{
    char err[1024];
    sk_instance *solver;
    if (sk_instance_new(host, SK_KIND_SOLVER, row->solver, NULL, NULL, &solver, err, sizeof err)) {
        sk_cli_fail("bench: %s", err);
        row->failed = true;
        return false;
    }
    double start = bench_clock(CLOCK_MONOTONIC);
    if (!bench_check_pass(solver, set, o->limit, row)) {
        sk_instance_free(solver);
        row->failed = true;
        return false;
    }
    /* Whole passes only, so that every puzzle weighs the same. */
    while (bench_clock(CLOCK_MONOTONIC) - start < o->warmup)
        bench_pass(solver, set, o->limit);
    double cpu0 = bench_clock(CLOCK_THREAD_CPUTIME_ID);
    double t0 = bench_clock(CLOCK_MONOTONIC), now = t0;
    do {
        bench_pass(solver, set, o->limit);
        row->solved += set->count;
        now = bench_clock(CLOCK_MONOTONIC);
    } while (now - t0 < o->seconds);
    row->seconds = now - t0;
    row->cpu_seconds = bench_clock(CLOCK_THREAD_CPUTIME_ID) - cpu0;
    sk_instance_free(solver);
    return true;
}

/* Print a CSV field, quoted when it needs to be. */
static void bench_csv_string(const char *s)
{
    if (!strpbrk(s, ",\"\n\r")) {
        fputs(s, stdout);
        return;
    }
    putchar('"');
    for (; *s; s++) {
        if (*s == '"')
            putchar('"');
        putchar(*s);
    }
    putchar('"');
}

static void bench_print_header(const bench_options *o)
{
    if (o->format == BENCH_TABLE)
        printf("%-26s %-10s %7s %10s %10s %5s %13s %9s %14s %s\n", "file", "solver", "puzzles",
               "puzzles/s", "us/puzzle", "cpu%", "puzzles/cpu-s", "no-guess%", "guesses/puzzle",
               "status");
    else if (o->format == BENCH_CSV)
        puts("file,fingerprint,solver,count_limit,puzzles,timed_solves,seconds,"
             "puzzles_per_second,us_per_puzzle,cpu_percent,puzzles_per_cpu_second,"
             "no_guess_percent,"
             "guesses_per_puzzle,status");
    else
        printf("{\"count_limit\": %d, \"runs\": [", o->limit);
}

static void bench_print_row(const bench_options *o, const bench_set *set, const bench_row *r,
                            bool first)
{
    const char *name = strrchr(set->path, '/') ? strrchr(set->path, '/') + 1 : set->path;
    double rate = r->seconds > 0 ? (double)r->solved / r->seconds : 0;
    double us = r->solved ? r->seconds * 1e6 / (double)r->solved : 0;
    double cpu = r->seconds > 0 ? 100 * r->cpu_seconds / r->seconds : 0;
    double cpu_rate = r->cpu_seconds > 0 ? (double)r->solved / r->cpu_seconds : 0;
    double no_guess = 100.0 * (double)r->no_guess / (double)set->count;
    double guesses = (double)r->guesses / (double)set->count;
    if (o->format == BENCH_TABLE) {
        if (r->failed)
            printf("%-26s %-10s %7zu %10s %10s %5s %13s %9s %14s FAILED\n", name, r->solver,
                   set->count, "-", "-", "-", "-", "-", "-");
        else
            printf("%-26s %-10s %7zu %10.0f %10.2f %5.0f %13.0f %9.1f %14.2f ok\n", name, r->solver,
                   set->count, rate, us, cpu, cpu_rate, no_guess, guesses);
    } else if (o->format == BENCH_CSV) {
        bench_csv_string(set->path);
        printf(",%s,", set->fingerprint);
        bench_csv_string(r->solver);
        if (r->failed)
            printf(",%d,%zu,,,,,,,,,FAILED\n", o->limit, set->count);
        else
            printf(",%d,%zu,%zu,%.6f,%.1f,%.3f,%.1f,%.1f,%.2f,%.4f,ok\n", o->limit, set->count,
                   r->solved, r->seconds, rate, us, cpu, cpu_rate, no_guess, guesses);
    } else {
        printf("%s\n  {\"file\": ", first ? "" : ",");
        sk_cli_json_string(stdout, set->path);
        printf(", \"fingerprint\": \"%s\", \"solver\": ", set->fingerprint);
        sk_cli_json_string(stdout, r->solver);
        printf(", \"puzzles\": %zu, ", set->count);
        if (r->failed)
            printf("\"status\": \"FAILED\"}");
        else
            printf("\"timed_solves\": %zu, \"seconds\": %.6f, \"puzzles_per_second\": %.1f, "
                   "\"us_per_puzzle\": %.3f, \"cpu_percent\": %.1f, "
                   "\"puzzles_per_cpu_second\": %.1f, \"no_guess_percent\": %.2f, "
                   "\"guesses_per_puzzle\": %.4f, \"status\": \"ok\"}",
                   r->solved, r->seconds, rate, us, cpu, cpu_rate, no_guess, guesses);
    }
}

/* The solver names to run: the --solvers list (checked against the host)
 * or every loaded solver. Returns the count, or -1 after printing why. */
static int bench_solvers(sk_host *host, char *list, const char **names, int max)
{
    int n = 0;
    if (!list) {
        for (size_t i = 0; i < sk_host_strategy_count(host) && n < max; i++) {
            const sk_host_strategy *s = sk_host_strategy_at(host, i);
            if (s->strategy->kind == SK_KIND_SOLVER)
                names[n++] = s->strategy->name;
        }
        if (n == 0)
            return sk_cli_fail("bench: no solver plugin found (see sudokit plugins)"), -1;
        return n;
    }
    for (char *save = NULL, *name = strtok_r(list, ",", &save); name;
         name = strtok_r(NULL, ",", &save)) {
        if (!sk_host_find(host, SK_KIND_SOLVER, name))
            return sk_cli_fail("bench: no solver named '%s' (see sudokit plugins)", name), -1;
        if (n == max)
            return sk_cli_fail("bench: at most %d solvers at once", max), -1;
        names[n++] = name;
    }
    if (n == 0)
        return sk_cli_fail("bench: --solvers names no solver"), -1;
    return n;
}

/* Record one finished row in the bench_runs table. The timed run covers
 * row->solved puzzles in whole passes; guesses were counted over one pass,
 * so they are scaled to the same puzzles. Returns 0 or prints why not. */
static int bench_record(sk_store *store, const bench_options *o, const bench_set *set,
                        const bench_row *row)
{
    char err[512];
    sk_bench_record record = {
        .solver = row->solver,
        .dataset_fingerprint = set->fingerprint,
        .dataset_name = set->path,
        .puzzles = (int64_t)row->solved,
        .seconds = row->seconds,
        .guesses = (int64_t)((double)row->guesses * (double)row->solved / (double)set->count),
        .count_limit = o->limit,
    };
    if (sk_store_add_bench_run(store, &record, NULL, err, sizeof err))
        return sk_cli_fail("bench: %s", err);
    return 0;
}

int sk_cmd_bench(sk_cli *cli, int argc, char **argv)
{
    bench_options o = {.limit = 1, .seconds = 1, .warmup = 0.2, .seed = 1, .format = BENCH_TABLE};
    int status = bench_parse(argc, argv, &o);
    if (status)
        return status < 0 ? SK_EXIT_OK : status;
    sk_host *host = sk_cli_host(cli);
    const char *names[64];
    int solver_count = bench_solvers(host, o.solvers, names, 64);
    if (solver_count < 0)
        return SK_EXIT_USAGE;
    sk_store *store = NULL;
    char err[512];
    if (o.db && sk_store_open(o.db, &store, err, sizeof err) != 0)
        return sk_cli_fail("bench: %s", err);
    bool any_failed = false, first = true;
    bench_print_header(&o);
    for (int f = optind; f < argc; f++) {
        bench_set set;
        if (bench_load(argv[f], &set)) {
            any_failed = true;
            continue;
        }
        if (o.shuffle)
            bench_shuffle(&set, o.seed);
        for (int s = 0; s < solver_count; s++) {
            bench_row row = {.solver = names[s]};
            any_failed |= !bench_one(host, &o, &set, &row);
            bench_print_row(&o, &set, &row, first);
            if (store && !row.failed && bench_record(store, &o, &set, &row))
                any_failed = true;
            first = false;
            fflush(stdout);
        }
        free(set.puzzles);
    }
    sk_store_close(store);
    if (o.format == BENCH_JSON)
        puts(first ? "]}" : "\n]}");
    if (fflush(stdout) != 0)
        return sk_cli_fail("bench: cannot write the results"), SK_EXIT_FAILURE;
    return any_failed ? SK_EXIT_FAILURE : SK_EXIT_OK;
}
