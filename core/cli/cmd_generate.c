/* `sudokit generate`: make puzzles with a generator strategy, on N threads, in a fixed order. */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "sudokit/grid.h"
#include "sudokit/parse.h"
#include "sudokit/store.h"

/* Slots in flight: a worker may run this far ahead of the writer. */
#define GEN_WINDOW_PER_JOB 64
#define GEN_MAX_JOBS 256

typedef enum gen_format { GEN_LINE, GEN_CLASSIC, GEN_CSV, GEN_JSON } gen_format;

static const char *const gen_symmetry_names[] = {"none",   "rot180",   "rot90",
                                                 "mirror", "diagonal", "random"};
static const char *const gen_level_names[] = SK_LEVEL_NAMES;

/* What the command line asked for. */
typedef struct gen_args {
    const char *generator, *gen_options;
    const char *solver, *solver_options;
    const char *rater;
    unsigned long count;
    sk_gen_request request;
    int jobs;
    gen_format format;
    bool solutions;
    bool seed_given;
    bool format_given;
    bool store;
} gen_args;

/* Where --store puts the puzzles, and what it counted. */
typedef struct gen_sink {
    sk_store *store; /* NULL without --store */
    const char *rater_version;
    char options[512]; /* provenance options, without the index */
    unsigned long added, duplicates;
} gen_sink;

/* One puzzle's result, produced by a worker and written by the writer. */
typedef struct gen_slot {
    int rc;
    bool ready;
    bool rated;
    sk_gen_result result;
    sk_rating rating;
    char err[512];
} gen_slot;

/* One worker's own instances. */
typedef struct gen_worker {
    struct gen_run *run;
    sk_instance *generator;
    sk_instance *rater; /* NULL when no rating is written */
    pthread_t thread;
} gen_worker;

/* The state the workers and the writer share. */
typedef struct gen_run {
    const gen_args *args;
    pthread_mutex_t lock;
    pthread_cond_t space; /* a slot was freed or the run stops */
    pthread_cond_t ready; /* a slot was filled */
    unsigned long next;   /* next index to claim */
    unsigned long written;
    unsigned long window;
    int waiting; /* workers waiting for space */
    bool stop;
    gen_slot *slots;
} gen_run;

static void gen_usage(FILE *out)
{
    fputs("usage: sudokit generate [--generator NAME] [-n COUNT] [--level 1-5 | --rating MIN-MAX]\n"
          "                        [--rater NAME] [--symmetry S] [--minimal] [--clues N]\n"
          "                        [--seed S] [--jobs N] [--solver NAME] [--attempts N]\n"
          "                        [--options K=V,...] [--format line|classic|csv|json]\n"
          "                        [--solutions] [--store]\n"
          "Generate COUNT puzzles (default 1), each with exactly one solution, to stdout.\n"
          "Puzzle i of a run depends only on the seed and i, so the same seed and options\n"
          "give the same output with any number of jobs.\n"
          "  --generator NAME  generator strategy (default dig; random makes complete grids)\n"
          "  -n, --count N     how many puzzles\n"
          "  --level L         difficulty level 1-5 or its name (easy, medium, hard, expert,\n"
          "                    evil), judged by the rater\n"
          "  --rating MIN-MAX  score window judged by the rater (e.g. 2.5-4)\n"
          "  --rater NAME      rater behind --level, --rating and the csv/json columns\n"
          "                    (default classic)\n"
          "  --symmetry S      none (default), rot180, rot90, mirror, diagonal or random\n"
          "  --minimal         no clue can be removed without losing uniqueness\n"
          "  --clues N         exactly N clues (17-80)\n"
          "  --seed S          seed of the run (default: from the clock)\n"
          "  --jobs N          worker threads (default 1)\n"
          "  --solver NAME     solver behind the uniqueness checks (default: the fastest)\n"
          "  --attempts N      candidate grids tried per puzzle before giving up\n"
          "  --options K=V,... options for the generator\n"
          "  --format F        line (default), classic, csv or json (one object per line);\n"
          "                    csv and json add the rating\n"
          "  --solutions       print each solution beside its puzzle\n"
          "  --store           put the puzzles, their ratings and provenance (generator,\n"
          "                    options, seed) in the database, counting duplicates; then\n"
          "                    stdout gets them only when --format is given\n"
          "Progress (count, rate, ETA) goes to stderr when it is a terminal.\n",
          out);
}

/* Parse a level: 1..5 or a level name. */
static bool gen_parse_level(const char *text, int *out)
{
    long v;
    if (sk_parse_long(text, 1, 5, &v)) {
        *out = (int)v;
        return true;
    }
    for (int i = 1; i <= 5; i++) {
        if (strcmp(text, gen_level_names[i]) == 0) {
            *out = i;
            return true;
        }
    }
    return false;
}


static bool gen_parse_seed(const char *text, uint64_t *out)
{
    if (*text < '0' || *text > '9')
        return false;
    char *end = NULL;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    if (errno || *end)
        return false;
    *out = v;
    return true;
}

/* Parse the command line into args; returns -1 after printing the reason
 * on bad usage, 1 after --help, 0 to go on. */
static int gen_parse(int argc, char **argv, gen_args *a)
{
    enum {
        O_GEN = 256,
        O_LEVEL,
        O_RATING,
        O_RATER,
        O_SYM,
        O_MINIMAL,
        O_CLUES,
        O_SEED,
        O_JOBS,
        O_SOLVER,
        O_ATTEMPTS,
        O_OPTIONS,
        O_FORMAT,
        O_SOLUTIONS,
        O_SOLVER_OPT,
        O_STORE
    };
    static const struct option longopts[] = {
        {"help", no_argument, NULL, 'h'},
        {"generator", required_argument, NULL, O_GEN},
        {"count", required_argument, NULL, 'n'},
        {"level", required_argument, NULL, O_LEVEL},
        {"rating", required_argument, NULL, O_RATING},
        {"rater", required_argument, NULL, O_RATER},
        {"symmetry", required_argument, NULL, O_SYM},
        {"minimal", no_argument, NULL, O_MINIMAL},
        {"clues", required_argument, NULL, O_CLUES},
        {"seed", required_argument, NULL, O_SEED},
        {"jobs", required_argument, NULL, O_JOBS},
        {"solver", required_argument, NULL, O_SOLVER},
        {"solver-options", required_argument, NULL, O_SOLVER_OPT},
        {"attempts", required_argument, NULL, O_ATTEMPTS},
        {"options", required_argument, NULL, O_OPTIONS},
        {"format", required_argument, NULL, O_FORMAT},
        {"solutions", no_argument, NULL, O_SOLUTIONS},
        {"store", no_argument, NULL, O_STORE},
        {NULL, 0, NULL, 0},
    };
    static const char *const formats[] = {"line", "classic", "csv", "json"};
    sk_gen_request *r = &a->request;
    long v = 0;
    int opt;
    optind = 1;
    opterr = 0;
    while ((opt = getopt_long(argc, argv, ":hn:", longopts, NULL)) != -1) {
        switch (opt) {
        case 'h':
            gen_usage(stdout);
            return 1;
        case O_GEN:
            a->generator = optarg;
            break;
        case 'n':
            if (!sk_parse_long(optarg, 1, LONG_MAX, &v)) {
                sk_cli_fail("generate: -n must be a positive whole number, not '%s'", optarg);
                return -1;
            }
            a->count = (unsigned long)v;
            break;
        case O_LEVEL:
            if (!gen_parse_level(optarg, &r->level)) {
                sk_cli_fail("generate: --level must be 1 to 5 or easy, medium, hard, expert, "
                            "evil; not '%s'",
                            optarg);
                return -1;
            }
            break;
        case O_RATING:
        {
            char why[160];
            if (sk_parse_window(optarg, &r->rating_min, &r->rating_max, why, sizeof why) ||
                (r->rating_max == 0 && snprintf(why, sizeof why, "'%s': MAX must be above 0",
                                                optarg) > 0)) {
                sk_cli_fail("generate: --rating %s", why);
                return -1;
            }
            break;
        }
        case O_RATER:
            a->rater = optarg;
            break;
        case O_SYM: {
            int found = -1;
            for (int s = 0; s <= SK_SYM_RANDOM; s++)
                if (strcmp(optarg, gen_symmetry_names[s]) == 0)
                    found = s;
            if (found < 0) {
                sk_cli_fail("generate: unknown symmetry '%s' (none, rot180, rot90, mirror, "
                            "diagonal or random)",
                            optarg);
                return -1;
            }
            r->symmetry = (sk_symmetry)found;
            break;
        }
        case O_MINIMAL:
            r->minimal = 1;
            break;
        case O_CLUES:
            if (!sk_parse_long(optarg, 17, 80, &v)) {
                sk_cli_fail("generate: --clues must be a whole number from 17 to 80 (no "
                            "puzzle with fewer than 17 clues has one solution), not '%s'",
                            optarg);
                return -1;
            }
            r->clues = (int)v;
            break;
        case O_SEED:
            if (!gen_parse_seed(optarg, &r->seed)) {
                sk_cli_fail("generate: --seed must be a whole number from 0 to 2^64-1, not "
                            "'%s'",
                            optarg);
                return -1;
            }
            a->seed_given = true;
            break;
        case O_JOBS:
            if (!sk_parse_long(optarg, 1, GEN_MAX_JOBS, &v)) {
                sk_cli_fail("generate: --jobs must be 1 to %d, not '%s'", GEN_MAX_JOBS, optarg);
                return -1;
            }
            a->jobs = (int)v;
            break;
        case O_SOLVER:
            a->solver = optarg;
            break;
        case O_SOLVER_OPT:
            a->solver_options = optarg;
            break;
        case O_ATTEMPTS:
            if (!sk_parse_long(optarg, 1, UINT32_MAX, &v)) {
                sk_cli_fail("generate: --attempts must be a positive whole number, not '%s'",
                            optarg);
                return -1;
            }
            r->max_attempts = (uint32_t)v;
            break;
        case O_OPTIONS:
            a->gen_options = optarg;
            break;
        case O_FORMAT: {
            int found = -1;
            for (int f = 0; f < 4; f++)
                if (strcmp(optarg, formats[f]) == 0)
                    found = f;
            if (found < 0) {
                sk_cli_fail("generate: unknown format '%s' (line, classic, csv or json)", optarg);
                return -1;
            }
            a->format = (gen_format)found;
            a->format_given = true;
            break;
        }
        case O_SOLUTIONS:
            a->solutions = true;
            break;
        case O_STORE:
            a->store = true;
            break;
        case ':':
            sk_cli_fail("generate: %s needs a value (see sudokit generate --help)",
                        argv[optind - 1]);
            return -1;
        default:
            sk_cli_fail("generate: unknown option '%s' (see sudokit generate --help)",
                        argv[optind - 1]);
            return -1;
        }
    }
    if (optind < argc) {
        sk_cli_fail("generate: unexpected argument '%s' (see sudokit generate --help)",
                    argv[optind]);
        return -1;
    }
    if (r->level && (r->rating_min != 0 || r->rating_max != 0)) {
        sk_cli_fail("generate: give --level or --rating, not both");
        return -1;
    }
    return 0;
}

/* Generate puzzle index into slot with worker w's instances. */
static void gen_one(const gen_args *a, gen_worker *w, unsigned long index, gen_slot *slot)
{
    sk_gen_request req = a->request;
    req.index = index;
    slot->rated = false;
    slot->err[0] = '\0';
    slot->rc = sk_instance_generate(w->generator, &req, &slot->result, slot->err, sizeof slot->err);
    if (slot->rc != SK_OK || !w->rater)
        return;
    slot->rc = sk_instance_rate(w->rater, &slot->result.puzzle, &slot->rating, NULL, NULL,
                                slot->err, sizeof slot->err);
    slot->rated = slot->rc == SK_OK;
}

static void *gen_worker_main(void *arg)
{
    gen_worker *w = arg;
    gen_run *run = w->run;
    for (;;) {
        pthread_mutex_lock(&run->lock);
        while (!run->stop && run->next < run->args->count &&
               run->next >= run->written + run->window) {
            run->waiting++;
            pthread_cond_wait(&run->space, &run->lock);
            run->waiting--;
        }
        if (run->stop || run->next >= run->args->count) {
            pthread_mutex_unlock(&run->lock);
            return NULL;
        }
        unsigned long index = run->next++;
        pthread_mutex_unlock(&run->lock);
        gen_slot *slot = &run->slots[index % run->window];
        gen_one(run->args, w, index, slot);
        pthread_mutex_lock(&run->lock);
        slot->ready = true;
        /* The writer only ever waits for the slot it writes next. */
        if (index == run->written)
            pthread_cond_signal(&run->ready);
        pthread_mutex_unlock(&run->lock);
    }
}

/* Write one result in the chosen format. */
static void gen_write(FILE *out, const gen_args *a, unsigned long index, const gen_slot *s)
{
    char puzzle[SK_CLASSIC_CHARS + 1], solution[SK_CLASSIC_CHARS + 1];
    const sk_gen_result *r = &s->result;
    int level = s->rated && s->rating.level >= 1 && s->rating.level <= 5 ? s->rating.level : 0;
    switch (a->format) {
    case GEN_LINE:
        sk_grid_format_line(&r->puzzle, puzzle, true);
        fwrite(puzzle, 1, SK_LINE_CHARS, out);
        if (a->solutions) {
            sk_grid_format_line(&r->solution, solution, true);
            fputc(' ', out);
            fwrite(solution, 1, SK_LINE_CHARS, out);
        }
        fputc('\n', out);
        break;
    case GEN_CLASSIC:
        if (index > 0)
            fputc('\n', out);
        sk_grid_format_classic(&r->puzzle, puzzle);
        fwrite(puzzle, 1, SK_CLASSIC_CHARS, out);
        if (a->solutions) {
            sk_grid_format_classic(&r->solution, solution);
            fputc('\n', out);
            fwrite(solution, 1, SK_CLASSIC_CHARS, out);
        }
        break;
    case GEN_CSV:
        sk_grid_format_line(&r->puzzle, puzzle, true);
        sk_grid_format_line(&r->solution, solution, true);
        fprintf(out, "%lu,%.81s,%.81s,%d,%s,%d,%.2f,%d,%s,", index, puzzle, solution,
                sk_grid_clues(&r->puzzle), gen_symmetry_names[r->symmetry % 6], r->minimal,
                s->rating.score, level, gen_level_names[level]);
        /* The technique name is the only free text: quote it. */
        fputc('"', out);
        for (const char *p = s->rating.hardest; *p; p++) {
            if (*p == '"')
                fputc('"', out);
            fputc(*p, out);
        }
        fputs("\"\n", out);
        break;
    case GEN_JSON:
        sk_grid_format_line(&r->puzzle, puzzle, true);
        sk_grid_format_line(&r->solution, solution, true);
        fprintf(out,
                "{\"index\":%lu,\"puzzle\":\"%.81s\",\"solution\":\"%.81s\",\"clues\":%d,"
                "\"symmetry\":\"%s\",\"minimal\":%s",
                index, puzzle, solution, sk_grid_clues(&r->puzzle),
                gen_symmetry_names[r->symmetry % 6], r->minimal ? "true" : "false");
        if (s->rated) {
            fprintf(out, ",\"score\":%.2f,\"level\":%d,\"level_name\":\"%s\",\"hardest\":",
                    s->rating.score, level, gen_level_names[level]);
            sk_cli_json_string(out, s->rating.hardest);
        }
        fputs("}\n", out);
        break;
    }
}

static double gen_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Show count, rate and ETA on stderr, at most every quarter second. */
static void gen_progress(unsigned long done, unsigned long total, double start, double *last,
                         bool final)
{
    double now = gen_now();
    if (!final && now - *last < 0.25)
        return;
    *last = now;
    double rate = now > start ? (double)done / (now - start) : 0;
    double eta = rate > 0 ? (double)(total - done) / rate : 0;
    fprintf(stderr, "\rgenerate: %lu/%lu  %.1f puzzles/s  ETA %.0fs   ", done, total, rate, eta);
    if (final)
        fputc('\n', stderr);
}

/* Put one result in the database with its provenance and rating. */
static bool gen_store(const gen_args *a, gen_sink *sink, unsigned long index, const gen_slot *slot)
{
    char options[600], err[1024];
    snprintf(options, sizeof options, "%s%sindex=%lu", sink->options, *sink->options ? "," : "",
             index);
    sk_puzzle_record rec;
    sk_puzzle_record_init(&rec);
    rec.givens = slot->result.puzzle;
    rec.solution = &slot->result.solution;
    rec.minimal = slot->result.minimal ? 1 : -1;
    rec.strategy = a->generator;
    rec.options = options;
    rec.has_seed = true;
    rec.seed = a->request.seed;
    int64_t id = 0;
    bool duplicate = false;
    if (sk_store_add_puzzle(sink->store, &rec, &id, &duplicate, err, sizeof err) != 0 ||
        (slot->rated && sk_store_add_rating(sink->store, id, a->rater, sink->rater_version,
                                            &slot->rating, err, sizeof err) != 0)) {
        sk_cli_fail("generate: puzzle %lu: cannot store it: %s", index, err);
        return false;
    }
    if (duplicate)
        sink->duplicates++;
    else
        sink->added++;
    /* Commit now and then so that an interrupted run keeps most of its work. */
    if ((sink->added + sink->duplicates) % 1000 == 0 &&
        (sk_store_commit(sink->store, err, sizeof err) != 0 ||
         sk_store_begin(sink->store, err, sizeof err) != 0)) {
        sk_cli_fail("generate: %s", err);
        return false;
    }
    return true;
}

/* Write slot index (its worker reported it ready); false when it failed. */
static bool gen_emit(const gen_args *a, gen_sink *sink, unsigned long index, const gen_slot *slot)
{
    if (slot->rc != SK_OK) {
        sk_cli_fail("generate: puzzle %lu: %s", index, slot->err);
        return false;
    }
    if (!sink->store || a->format_given) {
        gen_write(stdout, a, index, slot);
        /* A closed pipe (EPIPE with SIGPIPE ignored) or a full disk stops
         * the run at once instead of after the whole job. */
        if (ferror(stdout)) {
            sk_cli_fail("generate: cannot write the output: %s", strerror(errno));
            return false;
        }
    }
    return !sink->store || gen_store(a, sink, index, slot);
}

/* Run the workers and write their results in index order. */
static int gen_run_all(const gen_args *a, gen_worker *workers, gen_sink *sink)
{
    bool tty = isatty(STDERR_FILENO);
    double start = gen_now(), last = start;
    gen_run run = {.args = a, .window = (unsigned long)a->jobs * GEN_WINDOW_PER_JOB};
    int status = SK_EXIT_OK;
    if (a->jobs == 1) {
        gen_slot slot;
        for (unsigned long i = 0; i < a->count; i++) {
            gen_one(a, &workers[0], i, &slot);
            if (!gen_emit(a, sink, i, &slot)) {
                status = SK_EXIT_FAILURE;
                break;
            }
            if (tty)
                gen_progress(i + 1, a->count, start, &last, false);
        }
        if (tty && status == SK_EXIT_OK)
            gen_progress(a->count, a->count, start, &last, true);
        return status;
    }
    run.slots = calloc(run.window, sizeof *run.slots);
    if (!run.slots)
        return sk_cli_fail("generate: out of memory");
    pthread_mutex_init(&run.lock, NULL);
    pthread_cond_init(&run.space, NULL);
    pthread_cond_init(&run.ready, NULL);
    int started = 0;
    for (; started < a->jobs; started++) {
        workers[started].run = &run;
        if (pthread_create(&workers[started].thread, NULL, gen_worker_main, &workers[started])) {
            status = sk_cli_fail("generate: cannot start worker thread %d", started + 1);
            run.stop = true;
            break;
        }
    }
    for (unsigned long i = 0; i < a->count && status == SK_EXIT_OK; i++) {
        gen_slot *slot = &run.slots[i % run.window];
        pthread_mutex_lock(&run.lock);
        while (!slot->ready)
            pthread_cond_wait(&run.ready, &run.lock);
        pthread_mutex_unlock(&run.lock);
        if (!gen_emit(a, sink, i, slot))
            status = SK_EXIT_FAILURE;
        pthread_mutex_lock(&run.lock);
        slot->ready = false;
        run.written = i + 1;
        if (status != SK_EXIT_OK)
            run.stop = true;
        if (run.waiting)
            pthread_cond_broadcast(&run.space);
        pthread_mutex_unlock(&run.lock);
        if (tty)
            gen_progress(i + 1, a->count, start, &last, false);
    }
    pthread_mutex_lock(&run.lock);
    run.stop = true;
    pthread_cond_broadcast(&run.space);
    pthread_mutex_unlock(&run.lock);
    for (int j = 0; j < started; j++)
        pthread_join(workers[j].thread, NULL);
    if (tty && status == SK_EXIT_OK)
        gen_progress(a->count, a->count, start, &last, true);
    pthread_cond_destroy(&run.ready);
    pthread_cond_destroy(&run.space);
    pthread_mutex_destroy(&run.lock);
    free(run.slots);
    return status;
}

/* A seed from the clock and the process id, for runs without --seed. */
static uint64_t gen_clock_seed(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    uint64_t x =
        (uint64_t)ts.tv_sec * 1000000007ull ^ (uint64_t)ts.tv_nsec ^ ((uint64_t)getpid() << 32);
    return sk_rng_splitmix(&x);
}

/* Append ",key=value" (or "key=value" first) to buf. */
static void gen_append(char *buf, size_t len, const char *key, const char *value)
{
    size_t used = strlen(buf);
    if (used < len)
        snprintf(buf + used, len - used, "%s%s=%s", used ? "," : "", key, value);
}

/* Open the database for --store, start its transaction and write the
 * provenance options shared by every puzzle of the run. */
static int gen_open_store(sk_cli *cli, const gen_args *a, sk_instance *rater, gen_sink *sink)
{
    char err[1024], num[64];
    if (sk_store_open(cli->db_path, &sink->store, err, sizeof err) != 0)
        return sk_cli_fail("generate: %s", err);
    if (sk_store_begin(sink->store, err, sizeof err) != 0) {
        sk_store_close(sink->store);
        sink->store = NULL;
        return sk_cli_fail("generate: %s", err);
    }
    sink->rater_version = sk_instance_strategy(rater)->plugin_version;
    const sk_gen_request *r = &a->request;
    char *o = sink->options;
    size_t len = sizeof sink->options;
    if (a->gen_options && *a->gen_options)
        snprintf(o, len, "%s", a->gen_options);
    gen_append(o, len, "symmetry", gen_symmetry_names[r->symmetry]);
    if (r->clues) {
        snprintf(num, sizeof num, "%d", r->clues);
        gen_append(o, len, "clues", num);
    }
    if (r->minimal)
        gen_append(o, len, "minimal", "1");
    if (r->level) {
        snprintf(num, sizeof num, "%d", r->level);
        gen_append(o, len, "level", num);
    }
    if (r->rating_max > 0) {
        snprintf(num, sizeof num, "%g-%g", r->rating_min, r->rating_max);
        gen_append(o, len, "rating", num);
    }
    if (r->max_attempts) {
        snprintf(num, sizeof num, "%u", r->max_attempts);
        gen_append(o, len, "attempts", num);
    }
    if (r->level || r->rating_max > 0)
        gen_append(o, len, "rater", a->rater);
    if (a->solver)
        gen_append(o, len, "solver", a->solver);
    return SK_EXIT_OK;
}

int sk_cmd_generate(sk_cli *cli, int argc, char **argv)
{
    gen_args a = {.generator = "dig", .rater = "classic", .count = 1, .jobs = 1};
    a.request.struct_size = sizeof a.request;
    int parsed = gen_parse(argc, argv, &a);
    if (parsed != 0)
        return parsed > 0 ? SK_EXIT_OK : SK_EXIT_USAGE;
    if (!a.seed_given)
        a.request.seed = gen_clock_seed();
    sk_host *host = sk_cli_host(cli);
    if (!sk_host_find(host, SK_KIND_GENERATOR, a.generator)) {
        sk_cli_fail("generate: no generator named '%s' is loaded (see sudokit plugins)",
                    a.generator);
        return SK_EXIT_USAGE;
    }
    bool wants_rating = a.request.level || a.request.rating_max > 0;
    bool writes_rating = a.format == GEN_CSV || a.format == GEN_JSON || a.store;
    bool have_rater = sk_host_find(host, SK_KIND_RATER, a.rater) != NULL;
    if ((wants_rating || writes_rating) && !have_rater) {
        sk_cli_fail("generate: no rater named '%s' is loaded (see sudokit plugins)", a.rater);
        return SK_EXIT_USAGE;
    }
    if (a.solver && !sk_host_find(host, SK_KIND_SOLVER, a.solver)) {
        sk_cli_fail("generate: no solver named '%s' is loaded (see sudokit plugins)", a.solver);
        return SK_EXIT_USAGE;
    }
    sk_instance_config config = {
        .solver = a.solver,
        .solver_options = a.solver_options,
        .rater = have_rater ? a.rater : NULL,
    };
    gen_worker workers[GEN_MAX_JOBS];
    memset(workers, 0, sizeof workers);
    char err[1024];
    int status = SK_EXIT_OK;
    for (int j = 0; j < a.jobs && status == SK_EXIT_OK; j++) {
        if (sk_instance_new(host, SK_KIND_GENERATOR, a.generator, a.gen_options, &config,
                            &workers[j].generator, err, sizeof err) != 0 ||
            (writes_rating && sk_instance_new(host, SK_KIND_RATER, a.rater, NULL, NULL,
                                              &workers[j].rater, err, sizeof err) != 0))
            status = sk_cli_fail("generate: %s", err);
    }
    gen_sink sink = {0};
    if (status == SK_EXIT_OK && a.store)
        status = gen_open_store(cli, &a, workers[0].rater, &sink);
    static char buffer[1 << 16];
    setvbuf(stdout, buffer, _IOFBF, sizeof buffer);
    if (status == SK_EXIT_OK) {
        if (a.format == GEN_CSV && (!a.store || a.format_given))
            fputs("index,puzzle,solution,clues,symmetry,minimal,score,level,level_name,"
                  "hardest\n",
                  stdout);
        status = gen_run_all(&a, workers, &sink);
    }
    if (sink.store) {
        /* What was made before a failure is good: keep it. */
        if (sk_store_commit(sink.store, err, sizeof err) != 0)
            status = sk_cli_fail("generate: %s", err);
        else
            fprintf(stderr, "generate: stored %lu new puzzles, %lu duplicates, in %s\n", sink.added,
                    sink.duplicates, sk_store_path(sink.store));
        sk_store_close(sink.store);
    }
    for (int j = 0; j < a.jobs; j++) {
        sk_instance_free(workers[j].rater);
        sk_instance_free(workers[j].generator);
    }
    if (fflush(stdout) != 0 && status == SK_EXIT_OK)
        status = sk_cli_fail("generate: cannot write the output");
    return status;
}
