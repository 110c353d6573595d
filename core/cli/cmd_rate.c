/* `sudokit rate`: rate puzzles from a file or stdin, with a level histogram at the end. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "sudokit/grid.h"
#include "sudokit/reader.h"
#include "sudokit/store.h"

typedef enum rate_format { RATE_LINE, RATE_CSV, RATE_JSON } rate_format;

static const char *const rate_level_names[] = SK_LEVEL_NAMES;

static void rate_usage(FILE *out)
{
    fputs("usage: sudokit rate [--rater NAME] [--options K=V,...] [--solver NAME]\n"
          "                    [--format line|csv|json] [--explain] [--store] [FILE|-]\n"
          "Rate every puzzle of FILE (or stdin): one row per puzzle with its score, level\n"
          "and hardest step, in input order, then a histogram of the levels on stderr.\n"
          "A bad puzzle (unreadable, or without exactly one solution) is reported on\n"
          "stderr with its file and line and skipped; the exit status is then 1.\n"
          "  --rater NAME      rater strategy (default classic)\n"
          "  --options K=V,... options for the rater\n"
          "  --solver NAME     solver behind the rater's solution counter, if it uses one\n"
          "  --format F        line (default: PUZZLE SCORE LEVEL NAME HARDEST), csv, or json\n"
          "                    (one object per line)\n"
          "  --explain         print every step of the solve before each row: rating,\n"
          "                    technique and a one-line explanation (raters that report steps)\n"
          "  --store           also keep each puzzle (with its solution) and its rating in\n"
          "                    the database, one row per puzzle, rater and rater version;\n"
          "                    all in one transaction, so a failed run stores nothing\n",
          out);
}

static void rate_write(FILE *out, rate_format format, const sk_grid *puzzle, const sk_rating *r,
                       const sk_reader_position *pos)
{
    char line[SK_LINE_CHARS];
    sk_grid_format_line(puzzle, line, true);
    int level = r->level >= 1 && r->level <= 5 ? r->level : 0;
    switch (format) {
    case RATE_LINE:
        fprintf(out, "%.81s %.2f%s %d %s %s\n", line, r->score, r->score_is_lower_bound ? "+" : "",
                level, rate_level_names[level], r->hardest);
        break;
    case RATE_CSV:
        fprintf(out, "%.81s,%.2f,%d,%d,%s,%u,\"", line, r->score, r->score_is_lower_bound, level,
                rate_level_names[level], r->steps);
        for (const char *p = r->hardest; *p; p++) {
            if (*p == '"')
                fputc('"', out);
            fputc(*p, out);
        }
        fputs("\"\n", out);
        break;
    case RATE_JSON:
        fprintf(out,
                "{\"puzzle\":\"%.81s\",\"line\":%zu,\"score\":%.2f,\"lower_bound\":%s,"
                "\"level\":%d,\"level_name\":\"%s\",\"steps\":%u,\"hardest\":",
                line, pos->line, r->score, r->score_is_lower_bound ? "true" : "false", level,
                rate_level_names[level], r->steps);
        sk_cli_json_string(out, r->hardest);
        fputs("}\n", out);
        break;
    }
}

/* Step callback of --explain: one indented line per step on stdout. */
static int rate_explain_step(void *user, const sk_step *step)
{
    unsigned *number = user;
    printf("  %3u. %.1f %s: %s\n", ++*number, step->rating, step->technique,
           step->explanation ? step->explanation : "");
    return 0;
}

/* The level histogram, one row per level with a bar scaled to 40 marks. */
static void rate_histogram(FILE *out, const char *rater, const size_t counts[6], size_t rated,
                           size_t failed)
{
    size_t most = 1;
    for (int l = 1; l <= 5; l++)
        most = counts[l] > most ? counts[l] : most;
    fprintf(out, "rated %zu puzzle%s with '%s'", rated, rated == 1 ? "" : "s", rater);
    if (failed)
        fprintf(out, ", %zu failed", failed);
    fputc('\n', out);
    for (int l = 1; l <= 5; l++) {
        fprintf(out, "  %d %-7s %8zu ", l, rate_level_names[l], counts[l]);
        for (size_t k = 0; k < counts[l] * 40 / most; k++)
            fputc('#', out);
        fputc('\n', out);
    }
}

/* Where --store puts ratings: the database, a solver for the solutions,
 * and the counts for the summary. */
typedef struct rate_store {
    sk_store *store;
    sk_instance *solver;
    const char *rater, *rater_version, *source;
    size_t added, duplicates;
} rate_store;

/* Open the database, start the run's transaction and make the solver. */
static int rate_store_open(sk_cli *cli, rate_store *rs, char *err, size_t errlen)
{
    sk_host *host = sk_cli_host(cli);
    const char *solver = sk_host_default_name(host, SK_KIND_SOLVER);
    sk_instance_config config = {.verify = true};
    if (!solver) {
        snprintf(err, errlen, "no solver plugin found (see sudokit plugins)");
        return -1;
    }
    if (sk_store_open(cli->db_path, &rs->store, err, errlen) ||
        sk_store_begin(rs->store, err, errlen) ||
        sk_instance_new(host, SK_KIND_SOLVER, solver, NULL, &config, &rs->solver, err, errlen))
        return -1;
    return 0;
}

/* Store one rated puzzle with its solution and its rating. */
static int rate_store_add(rate_store *rs, const sk_grid *puzzle, const sk_rating *r, char *err,
                          size_t errlen)
{
    sk_grid solution;
    if (sk_instance_solve(rs->solver, puzzle, 1, &solution, NULL, err, errlen) != 1)
        return -1;
    sk_puzzle_record record;
    sk_puzzle_record_init(&record);
    record.givens = *puzzle;
    record.solution = &solution;
    record.source = rs->source;
    int64_t id;
    bool duplicate;
    if (sk_store_add_puzzle(rs->store, &record, &id, &duplicate, err, errlen) ||
        sk_store_add_rating(rs->store, id, rs->rater, rs->rater_version, r, err, errlen))
        return -1;
    duplicate ? rs->duplicates++ : rs->added++;
    return 0;
}

/* Commit (when ok) or roll back the run, and free what --store made. */
static int rate_store_close(rate_store *rs, bool ok)
{
    char err[512];
    int status = 0;
    if (rs->store && sk_store_in_transaction(rs->store)) {
        if (ok && sk_store_commit(rs->store, err, sizeof err))
            status = sk_cli_fail("rate: %s", err);
        else if (!ok)
            sk_store_rollback(rs->store, err, sizeof err);
    }
    sk_store_close(rs->store);
    sk_instance_free(rs->solver);
    return status;
}

int sk_cmd_rate(sk_cli *cli, int argc, char **argv)
{
    static const struct option longopts[] = {
        {"help", no_argument, NULL, 'h'},
        {"rater", required_argument, NULL, 'r'},
        {"options", required_argument, NULL, 'o'},
        {"solver", required_argument, NULL, 's'},
        {"format", required_argument, NULL, 'f'},
        {"explain", no_argument, NULL, 'e'},
        {"store", no_argument, NULL, 'S'},
        {NULL, 0, NULL, 0},
    };
    static const char *const formats[] = {"line", "csv", "json"};
    const char *rater_name = "classic", *options = NULL;
    sk_instance_config config = {0};
    rate_format format = RATE_LINE;
    bool explain = false, store = false;
    int opt;
    optind = 1;
    opterr = 0;
    while ((opt = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
        switch (opt) {
        case 'h':
            rate_usage(stdout);
            return SK_EXIT_OK;
        case 'r':
            rater_name = optarg;
            break;
        case 'o':
            options = optarg;
            break;
        case 's':
            config.solver = optarg;
            break;
        case 'e':
            explain = true;
            break;
        case 'S':
            store = true;
            break;
        case 'f': {
            int found = -1;
            for (int f = 0; f < 3; f++)
                if (strcmp(optarg, formats[f]) == 0)
                    found = f;
            if (found < 0) {
                sk_cli_fail("rate: unknown format '%s' (line, csv or json)", optarg);
                return SK_EXIT_USAGE;
            }
            format = (rate_format)found;
            break;
        }
        case ':':
            sk_cli_fail("rate: %s needs a value (see sudokit rate --help)", argv[optind - 1]);
            return SK_EXIT_USAGE;
        default:
            sk_cli_fail("rate: unknown option '%s' (see sudokit rate --help)", argv[optind - 1]);
            return SK_EXIT_USAGE;
        }
    }
    if (argc - optind > 1) {
        sk_cli_fail("rate: give one FILE (or - for stdin), not %d", argc - optind);
        return SK_EXIT_USAGE;
    }
    const char *path = optind < argc ? argv[optind] : "-";
    sk_host *host = sk_cli_host(cli);
    if (!sk_host_find(host, SK_KIND_RATER, rater_name)) {
        sk_cli_fail("rate: no rater named '%s' is loaded (see sudokit plugins)", rater_name);
        return SK_EXIT_USAGE;
    }
    char err[1024];
    sk_instance *rater;
    if (sk_instance_new(host, SK_KIND_RATER, rater_name, options, &config, &rater, err, sizeof err))
        return sk_cli_fail("rate: %s", err);
    sk_reader *reader = sk_reader_open(path, err, sizeof err);
    if (!reader) {
        sk_instance_free(rater);
        return sk_cli_fail("rate: %s", err);
    }
    rate_store rs = {.rater = rater_name,
                     .rater_version = sk_instance_strategy(rater)->plugin_version,
                     .source = strcmp(path, "-") == 0 ? NULL : path};
    if (store && rate_store_open(cli, &rs, err, sizeof err)) {
        rate_store_close(&rs, false);
        sk_reader_close(reader);
        sk_instance_free(rater);
        return sk_cli_fail("rate: %s", err);
    }
    if (format == RATE_CSV)
        fputs("puzzle,score,lower_bound,level,level_name,steps,hardest\n", stdout);
    size_t counts[6] = {0}, failed = 0, rated = 0;
    sk_grid puzzle;
    sk_read_status status;
    while ((status = sk_reader_next(reader, &puzzle)) != SK_READ_END) {
        if (status != SK_READ_OK) {
            sk_cli_fail("%s", sk_reader_error(reader));
            failed++;
            if (status == SK_READ_IO)
                break;
            continue;
        }
        const sk_reader_position *pos = sk_reader_position_of(reader);
        sk_rating r;
        unsigned step_number = 0;
        int rc = sk_instance_rate(rater, &puzzle, &r, explain ? rate_explain_step : NULL,
                                  &step_number, err, sizeof err);
        if (rc != SK_OK) {
            sk_cli_fail("%s:%zu: puzzle %zu: %s", pos->name, pos->line, pos->puzzle, err);
            failed++;
            continue;
        }
        if (store && rate_store_add(&rs, &puzzle, &r, err, sizeof err)) {
            sk_cli_fail("rate: %s:%zu: puzzle %zu: %s; nothing stored", pos->name, pos->line,
                        pos->puzzle, err);
            rate_store_close(&rs, false);
            sk_reader_close(reader);
            sk_instance_free(rater);
            return SK_EXIT_FAILURE;
        }
        rate_write(stdout, format, &puzzle, &r, pos);
        counts[r.level >= 1 && r.level <= 5 ? r.level : 0]++;
        rated++;
    }
    sk_reader_close(reader);
    sk_instance_free(rater);
    if (fflush(stdout) != 0) {
        rate_store_close(&rs, false);
        return sk_cli_fail("rate: cannot write the output");
    }
    if (rate_store_close(&rs, true))
        return SK_EXIT_FAILURE;
    rate_histogram(stderr, rater_name, counts, rated, failed);
    if (store)
        fprintf(stderr, "stored %zu ratings: %zu new puzzles, %zu already in the database\n",
                rs.added + rs.duplicates, rs.added, rs.duplicates);
    if (failed)
        return sk_cli_fail("rate: %zu of %zu puzzles failed", failed, failed + rated);
    return SK_EXIT_OK;
}
