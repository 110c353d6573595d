/* `sudokit db`: create, fill, query, export and check the puzzle database. */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "sudokit/canon.h"
#include "sudokit/grid.h"
#include "sudokit/reader.h"
#include "sudokit/store.h"

#define DB_ERR_LEN 1024
#define DB_DEFAULT_BATCH 1000

static void db_usage(FILE *out)
{
    fputs("usage: sudokit [--db FILE] db SUBCOMMAND [OPTIONS]\n"
          "The puzzle database (default $SUDOKIT_DB, else $XDG_DATA_HOME/sudokit/sudokit.db).\n"
          "  init [--seeds]       create the database or bring its schema up to date;\n"
          "                       --seeds adds the starter collection\n"
          "  import FILE...       add puzzles (line or classic format, - for stdin);\n"
          "                       a puzzle already stored, even transformed, is a duplicate\n"
          "  export [FILTERS]     write puzzles: --format line (default), classic or csv\n"
          "  query [FILTERS]      list puzzles: --format line (default), csv or json\n"
          "  stats                counts by clues, symmetry, rater and game status\n"
          "  check                integrity, foreign keys and every canonical form\n"
          "  canon [FILE...]      print the canonical form of each puzzle (no database)\n"
          "`sudokit db SUBCOMMAND --help` for the options of one subcommand.\n",
          out);
}

static void db_filters_usage(FILE *out)
{
    fputs("Filters (all values are bound parameters):\n"
          "  --id N                  one puzzle\n"
          "  --clues N | --clues-min N | --clues-max N\n"
          "  --rater NAME            join that rater's ratings (newest version stored,\n"
          "  --rater-version V       or this one); needed by the next four\n"
          "  --rated                 only puzzles the rater rated\n"
          "  --score-min X | --score-max X\n"
          "  --level N | --level-min N | --level-max N   (1 easy .. 5 evil)\n"
          "  --hardest NAME          hardest technique, exact name\n"
          "  --symmetry S            none, rot180, rot90, mirror, diagonal\n"
          "  --minimal | --not-minimal\n"
          "  --source S              file the puzzles were imported from, as given\n"
          "  --has-game | --no-game  with or without a saved game\n"
          "  --game-status S         a saved game with status playing, solved, abandoned\n"
          "Order: --sort id|clues|score|random (default id), --desc, --unplayed-first,\n"
          "       --limit N, --offset N\n"
          "--explain prints SQLite's query plan instead of the rows.\n",
          out);
}

static double db_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Open the database named by --db, SUDOKIT_DB or the default path. */
static sk_store *db_open(sk_cli *cli)
{
    char err[DB_ERR_LEN];
    sk_store *store = NULL;
    if (sk_store_open(cli->db_path, &store, err, sizeof err) != 0) {
        sk_cli_fail("db: %s", err);
        return NULL;
    }
    return store;
}

/* ---------------------------------------------------------------- init -- */

static int db_init(sk_cli *cli, int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "--help") == 0) {
        fputs("usage: sudokit db init [--seeds]\n"
              "Create the database (and its folder, for the default path) or apply the\n"
              "migrations it lacks, then print its path and schema version.\n"
              "  --seeds   also add the starter collection (300 puzzles per level, with\n"
              "            solutions and classic ratings), so play and queries have\n"
              "            puzzles at once; puzzles already stored are counted, not added\n",
              stdout);
        return SK_EXIT_OK;
    }
    bool seeds = argc > 1 && strcmp(argv[1], "--seeds") == 0;
    if (argc > 1 + seeds) {
        sk_cli_fail("db init: unexpected argument '%s'", argv[1 + seeds]);
        return SK_EXIT_USAGE;
    }
    sk_store *store = db_open(cli);
    if (!store)
        return SK_EXIT_FAILURE;
    printf("%s: schema version %d\n", sk_store_path(store), sk_store_schema_version());
    int status = seeds ? sk_cli_seed_store(cli, store) : SK_EXIT_OK;
    sk_store_close(store);
    return status;
}

/* -------------------------------------------------------------- import -- */

typedef struct db_import_state {
    sk_store *store;
    long batch;
    long in_batch;
    unsigned long added, duplicates, rejected; /* committed (and rejected) */
    unsigned long pending_added, pending_duplicates; /* in the open batch */
    bool tty;
    double start, last;
} db_import_state;

static void db_import_progress(db_import_state *st, bool final)
{
    double now = db_now();
    if (!st->tty || (!final && now - st->last < 0.25))
        return;
    st->last = now;
    unsigned long added = st->added + st->pending_added;
    unsigned long done = added + st->duplicates + st->pending_duplicates + st->rejected;
    double rate = now > st->start ? (double)done / (now - st->start) : 0;
    fprintf(stderr, "\rimport: %lu read, %lu added  %.0f puzzles/s   ", done, added, rate);
    if (final)
        fputc('\n', stderr);
}

/* Commit the open batch, if any; only then do its puzzles count as added
 * or duplicates. */
static int db_import_commit(db_import_state *st)
{
    char err[DB_ERR_LEN];
    if (!sk_store_in_transaction(st->store))
        return 0;
    st->in_batch = 0;
    if (sk_store_commit(st->store, err, sizeof err) != 0)
        return sk_cli_fail("db import: %s", err);
    st->added += st->pending_added;
    st->duplicates += st->pending_duplicates;
    st->pending_added = st->pending_duplicates = 0;
    return 0;
}

/* Import every puzzle of one file; returns -1 on a database failure (the
 * import stops), 0 otherwise (bad puzzles are counted and reported). */
static int db_import_file(db_import_state *st, const char *path)
{
    char err[DB_ERR_LEN];
    sk_reader *reader = sk_reader_open(path, err, sizeof err);
    int rc = 0;
    if (!reader) {
        sk_cli_fail("db import: %s", err);
        st->rejected++;
        return 0;
    }
    sk_puzzle_record rec;
    sk_puzzle_record_init(&rec);
    rec.source = path;
    for (;;) {
        sk_read_status status = sk_reader_next(reader, &rec.givens);
        if (status == SK_READ_END)
            break;
        if (status == SK_READ_IO) {
            sk_cli_fail("db import: %s", sk_reader_error(reader));
            st->rejected++;
            break;
        }
        if (status == SK_READ_BAD) {
            sk_cli_fail("db import: %s", sk_reader_error(reader));
            st->rejected++;
            continue;
        }
        if (!sk_store_in_transaction(st->store) &&
            sk_store_begin(st->store, err, sizeof err) != 0) {
            rc = sk_cli_fail("db import: %s", err);
            break;
        }
        bool duplicate = false;
        if (sk_store_add_puzzle(st->store, &rec, NULL, &duplicate, err, sizeof err) != 0) {
            const sk_reader_position *pos = sk_reader_position_of(reader);
            rc = sk_cli_fail("db import: %s:%zu: %s", pos->name, pos->line, err);
            break;
        }
        if (duplicate)
            st->pending_duplicates++;
        else
            st->pending_added++;
        if (++st->in_batch >= st->batch && db_import_commit(st) != 0) {
            rc = -1;
            break;
        }
        db_import_progress(st, false);
    }
    sk_reader_close(reader);
    return rc;
}

static int db_import(sk_cli *cli, int argc, char **argv)
{
    static const struct option longopts[] = {
        {"help", no_argument, NULL, 'h'},
        {"batch", required_argument, NULL, 'b'},
        {NULL, 0, NULL, 0},
    };
    db_import_state st = {.batch = DB_DEFAULT_BATCH};
    int opt;
    optind = 1;
    while ((opt = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        switch (opt) {
        case 'h':
            fputs("usage: sudokit db import [--batch N] FILE...\n"
                  "Add every puzzle of each FILE (- for stdin). Puzzles go in by batches of N\n"
                  "(default 1000), each one transaction: an interrupted import keeps every\n"
                  "batch it committed. A bad puzzle is reported with its file, line and column\n"
                  "and skipped; a puzzle already stored (even transformed) is counted as a\n"
                  "duplicate. Prints `added A, duplicates D, rejected R`; exit status 1 when any\n"
                  "puzzle was rejected.\n",
                  stdout);
            return SK_EXIT_OK;
        case 'b':
            if (!sk_parse_long(optarg, 1, 1000000, &st.batch)) {
                sk_cli_fail("db import: --batch wants a number from 1 to 1000000, not '%s'",
                            optarg);
                return SK_EXIT_USAGE;
            }
            break;
        default:
            return SK_EXIT_USAGE;
        }
    }
    if (optind >= argc) {
        sk_cli_fail("db import: give at least one FILE (or - for stdin)");
        return SK_EXIT_USAGE;
    }
    st.store = db_open(cli);
    if (!st.store)
        return SK_EXIT_FAILURE;
    st.tty = isatty(STDERR_FILENO);
    st.start = st.last = db_now();
    int failed = 0;
    for (int i = optind; i < argc && !failed; i++)
        failed = db_import_file(&st, argv[i]) != 0;
    if (!failed)
        failed = db_import_commit(&st) != 0;
    if (failed && sk_store_in_transaction(st.store)) {
        char err[DB_ERR_LEN];
        sk_store_rollback(st.store, err, sizeof err);
    }
    unsigned long lost = st.pending_added + st.pending_duplicates;
    if (failed && lost)
        fprintf(stderr, "sudokit: db import: the batch in progress (%lu puzzles) was rolled "
                        "back; the counts below are what was committed; importing again adds "
                        "the rest\n",
                lost);
    db_import_progress(&st, true);
    sk_store_close(st.store);
    printf("added %lu, duplicates %lu, rejected %lu\n", st.added, st.duplicates, st.rejected);
    return failed || st.rejected ? SK_EXIT_FAILURE : SK_EXIT_OK;
}

/* ------------------------------------------------------- query, export -- */

typedef enum db_format { DB_LINE, DB_CLASSIC, DB_CSV, DB_JSON } db_format;

typedef struct db_output {
    db_format format;
    bool export_mode; /* export: plain puzzles; query: puzzles with details */
    bool rater;
    bool progress; /* export with stderr on a terminal */
    double last;
    unsigned long rows;
} db_output;

/* Write text as a CSV field. */
static void db_csv_field(const char *text)
{
    if (!text)
        return;
    if (!strpbrk(text, ",\"\r\n")) {
        fputs(text, stdout);
        return;
    }
    putchar('"');
    for (const char *p = text; *p; p++) {
        if (*p == '"')
            putchar('"');
        putchar(*p);
    }
    putchar('"');
}

static const char *const db_csv_columns =
    "id,givens,canonical,solution,clues,symmetry,minimal,strategy,options,seed,source,"
    "created,rater_version,score,score_is_lower_bound,level,hardest,steps,games,"
    "last_game_id,last_game_status\n";

static void db_write_csv(const sk_puzzle_row *row)
{
    printf("%lld,%s,%s,", (long long)row->id, row->givens, row->canonical);
    db_csv_field(row->solution);
    printf(",%d,%s,", row->clues, row->symmetry);
    if (row->minimal >= 0)
        printf("%d", row->minimal);
    putchar(',');
    db_csv_field(row->strategy);
    putchar(',');
    db_csv_field(row->options);
    putchar(',');
    if (row->has_seed)
        printf("%llu", (unsigned long long)row->seed);
    putchar(',');
    db_csv_field(row->source);
    printf(",%s,", row->created);
    if (row->rated) {
        db_csv_field(row->rater_version);
        printf(",%g,%d,%d,", row->score, row->score_is_lower_bound, row->level);
        db_csv_field(row->hardest);
        printf(",%d", row->steps);
    } else {
        fputs(",,,,,", stdout);
    }
    printf(",%d,", row->games);
    if (row->last_game_id)
        printf("%lld", (long long)row->last_game_id);
    putchar(',');
    db_csv_field(row->last_game_status);
    putchar('\n');
}

static void db_write_json(const sk_puzzle_row *row, bool first)
{
    printf("%s{\"id\":%lld,\"givens\":\"%s\",\"canonical\":\"%s\",\"solution\":",
           first ? "" : ",\n", (long long)row->id, row->givens, row->canonical);
    sk_cli_json_string(stdout, row->solution);
    printf(",\"clues\":%d,\"symmetry\":\"%s\",\"minimal\":", row->clues, row->symmetry);
    if (row->minimal >= 0)
        fputs(row->minimal ? "true" : "false", stdout);
    else
        fputs("null", stdout);
    fputs(",\"strategy\":", stdout);
    sk_cli_json_string(stdout, row->strategy);
    fputs(",\"options\":", stdout);
    sk_cli_json_string(stdout, row->options);
    fputs(",\"seed\":", stdout);
    if (row->has_seed)
        printf("%llu", (unsigned long long)row->seed);
    else
        fputs("null", stdout);
    fputs(",\"source\":", stdout);
    sk_cli_json_string(stdout, row->source);
    printf(",\"created\":\"%s\",\"rating\":", row->created);
    if (row->rated) {
        fputs("{\"rater_version\":", stdout);
        sk_cli_json_string(stdout, row->rater_version);
        printf(",\"score\":%.15g,\"score_is_lower_bound\":%s,\"level\":%d,\"hardest\":", row->score,
               row->score_is_lower_bound ? "true" : "false", row->level);
        sk_cli_json_string(stdout, row->hardest);
        printf(",\"steps\":%d}", row->steps);
    } else {
        fputs("null", stdout);
    }
    printf(",\"games\":%d,\"last_game\":", row->games);
    if (row->last_game_id) {
        printf("{\"id\":%lld,\"status\":", (long long)row->last_game_id);
        sk_cli_json_string(stdout, row->last_game_status);
        putchar('}');
    } else {
        fputs("null", stdout);
    }
    putchar('}');
}

static int db_write_row(void *user, const sk_puzzle_row *row)
{
    db_output *out = user;
    sk_grid grid;
    size_t col;
    char classic[SK_CLASSIC_CHARS];
    switch (out->format) {
    case DB_CLASSIC:
        sk_grid_parse_line(&grid, row->givens, 81, &col);
        sk_grid_format_classic(&grid, classic);
        printf("%s%.*s", out->rows ? "\n" : "", SK_CLASSIC_CHARS, classic);
        break;
    case DB_CSV:
        db_write_csv(row);
        break;
    case DB_JSON:
        db_write_json(row, out->rows == 0);
        break;
    default:
        if (out->export_mode) {
            printf("%s\n", row->givens);
            break;
        }
        printf("%lld\t%s\t%d\t%s", (long long)row->id, row->givens, row->clues, row->symmetry);
        if (row->rated)
            printf("\t%s%g\t%d\t%s", row->score_is_lower_bound ? ">=" : "", row->score, row->level,
                   row->hardest);
        else if (out->rater)
            fputs("\t-\t-\t-", stdout);
        if (row->last_game_status)
            printf("\tgame %lld %s", (long long)row->last_game_id, row->last_game_status);
        putchar('\n');
        break;
    }
    out->rows++;
    if (out->progress && db_now() - out->last >= 0.25) {
        out->last = db_now();
        fprintf(stderr, "\rexport: %lu puzzles   ", out->rows);
    }
    return ferror(stdout) ? -2 : 0;
}

/* Print one line of text on stdout. */
static void db_print_line(void *user, const char *line)
{
    (void)user;
    printf("%s\n", line);
}

/* Parse a whole decimal number. */
static bool db_parse_double(const char *text, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (end == text || *end || errno || !isfinite(v))
        return false;
    *out = v;
    return true;
}

enum {
    DB_OPT_ID = 256,
    DB_OPT_CLUES,
    DB_OPT_CLUES_MIN,
    DB_OPT_CLUES_MAX,
    DB_OPT_RATER,
    DB_OPT_RATER_VERSION,
    DB_OPT_RATED,
    DB_OPT_SCORE_MIN,
    DB_OPT_SCORE_MAX,
    DB_OPT_LEVEL,
    DB_OPT_LEVEL_MIN,
    DB_OPT_LEVEL_MAX,
    DB_OPT_HARDEST,
    DB_OPT_SYMMETRY,
    DB_OPT_MINIMAL,
    DB_OPT_NOT_MINIMAL,
    DB_OPT_SOURCE,
    DB_OPT_HAS_GAME,
    DB_OPT_NO_GAME,
    DB_OPT_GAME_STATUS,
    DB_OPT_SORT,
    DB_OPT_DESC,
    DB_OPT_UNPLAYED,
    DB_OPT_LIMIT,
    DB_OPT_OFFSET,
    DB_OPT_FORMAT,
    DB_OPT_EXPLAIN
};

/* Report a bad option value ("db: WHAT, not 'ARG'"); returns false. */
static bool db_reject(const char *what, const char *arg)
{
    sk_cli_fail("db: %s, not '%s'", what, arg);
    return false;
}

/* Apply one filter option to q; false (with a message) on a bad value. */
static bool db_filter_option(sk_query *q, int opt, const char *arg)
{
    long n;
    double x;
    switch (opt) {
    case DB_OPT_ID:
        if (!sk_parse_long(arg, 1, 0x7FFFFFFFL, &n))
            return db_reject("--id wants a positive number", arg);
        q->id = n;
        return true;
    case DB_OPT_CLUES:
    case DB_OPT_CLUES_MIN:
    case DB_OPT_CLUES_MAX:
        if (!sk_parse_long(arg, 0, 81, &n))
            return db_reject("clue counts are 0..81", arg);
        if (opt != DB_OPT_CLUES_MAX)
            q->clues_min = (int)n;
        if (opt != DB_OPT_CLUES_MIN)
            q->clues_max = (int)n;
        return true;
    case DB_OPT_SCORE_MIN:
    case DB_OPT_SCORE_MAX:
        if (!db_parse_double(arg, &x))
            return db_reject("a score is a number", arg);
        if (opt == DB_OPT_SCORE_MIN) {
            q->has_score_min = true;
            q->score_min = x;
        } else {
            q->has_score_max = true;
            q->score_max = x;
        }
        return true;
    case DB_OPT_LEVEL:
    case DB_OPT_LEVEL_MIN:
    case DB_OPT_LEVEL_MAX:
        if (!sk_parse_long(arg, 1, 5, &n))
            return db_reject("levels are 1..5", arg);
        if (opt != DB_OPT_LEVEL_MAX)
            q->level_min = (int)n;
        if (opt != DB_OPT_LEVEL_MIN)
            q->level_max = (int)n;
        return true;
    case DB_OPT_RATER:
        q->rater = arg;
        return true;
    case DB_OPT_RATER_VERSION:
        q->rater_version = arg;
        return true;
    case DB_OPT_RATED:
        q->rated_only = true;
        return true;
    case DB_OPT_HARDEST:
        q->hardest = arg;
        return true;
    case DB_OPT_SYMMETRY:
        q->symmetry = arg;
        return true;
    case DB_OPT_MINIMAL:
    case DB_OPT_NOT_MINIMAL:
        q->minimal = opt == DB_OPT_MINIMAL;
        return true;
    case DB_OPT_SOURCE:
        q->source = arg;
        return true;
    case DB_OPT_HAS_GAME:
    case DB_OPT_NO_GAME:
        q->has_game = opt == DB_OPT_HAS_GAME;
        return true;
    case DB_OPT_GAME_STATUS:
        q->game_status = arg;
        return true;
    case DB_OPT_SORT:
        if (strcmp(arg, "id") == 0)
            q->sort = SK_SORT_ID;
        else if (strcmp(arg, "clues") == 0)
            q->sort = SK_SORT_CLUES;
        else if (strcmp(arg, "score") == 0)
            q->sort = SK_SORT_SCORE;
        else if (strcmp(arg, "random") == 0)
            q->sort = SK_SORT_RANDOM;
        else
            return db_reject("--sort is id, clues, score or random", arg);
        return true;
    case DB_OPT_DESC:
        q->descending = true;
        return true;
    case DB_OPT_UNPLAYED:
        q->unplayed_first = true;
        return true;
    case DB_OPT_LIMIT:
    case DB_OPT_OFFSET:
        if (!sk_parse_long(arg, 0, 0x7FFFFFFFL, &n))
            return db_reject("--limit and --offset want a number", arg);
        if (opt == DB_OPT_LIMIT)
            q->limit = n;
        else
            q->offset = n;
        return true;
    default:
        return false;
    }
}

/* `db query` and `db export`: the same filters, different outputs. */
static int db_select(sk_cli *cli, int argc, char **argv, bool export_mode)
{
    static const struct option longopts[] = {
        {"help", no_argument, NULL, 'h'},
        {"id", required_argument, NULL, DB_OPT_ID},
        {"clues", required_argument, NULL, DB_OPT_CLUES},
        {"clues-min", required_argument, NULL, DB_OPT_CLUES_MIN},
        {"clues-max", required_argument, NULL, DB_OPT_CLUES_MAX},
        {"rater", required_argument, NULL, DB_OPT_RATER},
        {"rater-version", required_argument, NULL, DB_OPT_RATER_VERSION},
        {"rated", no_argument, NULL, DB_OPT_RATED},
        {"score-min", required_argument, NULL, DB_OPT_SCORE_MIN},
        {"score-max", required_argument, NULL, DB_OPT_SCORE_MAX},
        {"level", required_argument, NULL, DB_OPT_LEVEL},
        {"level-min", required_argument, NULL, DB_OPT_LEVEL_MIN},
        {"level-max", required_argument, NULL, DB_OPT_LEVEL_MAX},
        {"hardest", required_argument, NULL, DB_OPT_HARDEST},
        {"symmetry", required_argument, NULL, DB_OPT_SYMMETRY},
        {"minimal", no_argument, NULL, DB_OPT_MINIMAL},
        {"not-minimal", no_argument, NULL, DB_OPT_NOT_MINIMAL},
        {"source", required_argument, NULL, DB_OPT_SOURCE},
        {"has-game", no_argument, NULL, DB_OPT_HAS_GAME},
        {"no-game", no_argument, NULL, DB_OPT_NO_GAME},
        {"game-status", required_argument, NULL, DB_OPT_GAME_STATUS},
        {"sort", required_argument, NULL, DB_OPT_SORT},
        {"desc", no_argument, NULL, DB_OPT_DESC},
        {"unplayed-first", no_argument, NULL, DB_OPT_UNPLAYED},
        {"limit", required_argument, NULL, DB_OPT_LIMIT},
        {"offset", required_argument, NULL, DB_OPT_OFFSET},
        {"format", required_argument, NULL, DB_OPT_FORMAT},
        {"explain", no_argument, NULL, DB_OPT_EXPLAIN},
        {NULL, 0, NULL, 0},
    };
    const char *name = export_mode ? "export" : "query";
    sk_query q;
    sk_query_init(&q);
    db_output out = {.format = DB_LINE, .export_mode = export_mode};
    bool explain = false;
    int opt;
    optind = 1;
    while ((opt = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        if (opt == 'h') {
            if (export_mode)
                fputs("usage: sudokit db export [FILTERS] [--format line|classic|csv]\n"
                      "Write the matching puzzles' givens to stdout: line (default), classic\n"
                      "(9 lines of 9 digits, grids separated by a blank line) or csv (every\n"
                      "column, with a header).\n",
                      stdout);
            else
                fputs("usage: sudokit db query [FILTERS] [--format line|csv|json]\n"
                      "List the matching puzzles. line (default): id, givens, clues, symmetry,\n"
                      "then the rater's score, level and hardest technique when --rater is\n"
                      "given, then the last saved game; csv: every column with a header;\n"
                      "json: an array of objects.\n",
                      stdout);
            db_filters_usage(stdout);
            return SK_EXIT_OK;
        }
        if (opt == DB_OPT_EXPLAIN) {
            explain = true;
            continue;
        }
        if (opt == DB_OPT_FORMAT) {
            if (strcmp(optarg, "line") == 0)
                out.format = DB_LINE;
            else if (strcmp(optarg, "csv") == 0)
                out.format = DB_CSV;
            else if (export_mode && strcmp(optarg, "classic") == 0)
                out.format = DB_CLASSIC;
            else if (!export_mode && strcmp(optarg, "json") == 0)
                out.format = DB_JSON;
            else {
                sk_cli_fail("db %s: unknown format '%s' (%s)", name, optarg,
                            export_mode ? "line, classic or csv" : "line, csv or json");
                return SK_EXIT_USAGE;
            }
            continue;
        }
        if (opt == '?' || !db_filter_option(&q, opt, optarg))
            return SK_EXIT_USAGE;
    }
    if (optind < argc) {
        sk_cli_fail("db %s: unexpected argument '%s'", name, argv[optind]);
        return SK_EXIT_USAGE;
    }
    out.rater = q.rater != NULL;
    out.progress = export_mode && isatty(STDERR_FILENO);
    out.last = db_now();
    sk_store *store = db_open(cli);
    if (!store)
        return SK_EXIT_FAILURE;
    char err[DB_ERR_LEN];
    if (explain) {
        int rc = sk_store_explain(store, &q, db_print_line, NULL, err, sizeof err);
        sk_store_close(store);
        return rc == 0 ? SK_EXIT_OK : sk_cli_fail("db %s: %s", name, err);
    }
    if (out.format == DB_CSV)
        fputs(db_csv_columns, stdout);
    if (out.format == DB_JSON)
        putchar('[');
    int rc = sk_store_query(store, &q, db_write_row, &out, err, sizeof err);
    if (out.format == DB_JSON)
        fputs(out.rows ? "\n]\n" : "]\n", stdout);
    if (out.progress)
        fprintf(stderr, "\rexport: %lu puzzles   \n", out.rows);
    sk_store_close(store);
    if (rc == -1)
        return sk_cli_fail("db %s: %s", name, err);
    if (rc != 0 || fflush(stdout) != 0)
        return sk_cli_fail("db %s: cannot write the output: %s", name, strerror(errno));
    return SK_EXIT_OK;
}

/* --------------------------------------------------------------- stats -- */

static int db_print_rater(void *user, const char *rater, const char *version, int64_t ratings,
                          double score_min, double score_max)
{
    (void)user;
    printf("  %-20s %-10s %10lld  scores %g..%g\n", rater, version, (long long)ratings, score_min,
           score_max);
    return 0;
}

static int db_stats(sk_cli *cli, int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "--help") == 0) {
        fputs("usage: sudokit db stats\n"
              "Print the database's counts: puzzles by clue count and symmetry, ratings by\n"
              "rater and version, games by status, benchmark runs.\n",
              stdout);
        return SK_EXIT_OK;
    }
    if (argc > 1) {
        sk_cli_fail("db stats: unexpected argument '%s'", argv[1]);
        return SK_EXIT_USAGE;
    }
    sk_store *store = db_open(cli);
    if (!store)
        return SK_EXIT_FAILURE;
    char err[DB_ERR_LEN];
    sk_store_stats s;
    int rc = sk_store_stats_get(store, &s, err, sizeof err);
    if (rc == 0) {
        printf("database:       %s (schema version %d)\n", sk_store_path(store), s.schema_version);
        printf("puzzles:        %lld (%lld with a solution, %lld known minimal)\n",
               (long long)s.puzzles, (long long)s.with_solution, (long long)s.minimal);
        printf("by clues:      ");
        for (int c = 0; c <= 81; c++)
            if (s.by_clues[c])
                printf(" %d:%lld", c, (long long)s.by_clues[c]);
        printf("\nby symmetry:   ");
        for (int i = 0; i < 5; i++)
            printf(" %s:%lld", sk_store_symmetry_names[i], (long long)s.by_symmetry[i]);
        printf("\nratings:        %lld of %lld puzzles\n", (long long)s.ratings,
               (long long)s.rated_puzzles);
        rc = sk_store_raters(store, db_print_rater, NULL, err, sizeof err);
        printf("games:          %lld (playing %lld, solved %lld, abandoned %lld)\n",
               (long long)s.games, (long long)s.games_by_status[SK_PLAY_PLAYING],
               (long long)s.games_by_status[SK_PLAY_SOLVED],
               (long long)s.games_by_status[SK_PLAY_ABANDONED]);
        printf("bench runs:     %lld\n", (long long)s.bench_runs);
    }
    sk_store_close(store);
    if (rc != 0)
        return sk_cli_fail("db stats: %s", err);
    return SK_EXIT_OK;
}

/* --------------------------------------------------------------- check -- */

static int db_check(sk_cli *cli, int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "--help") == 0) {
        fputs("usage: sudokit db check\n"
              "Run SQLite's integrity_check and foreign_key_check, then recompute every\n"
              "puzzle's canonical form, clue count and symmetry and check its solution.\n"
              "Prints each problem; exit status 1 when there is any.\n",
              stdout);
        return SK_EXIT_OK;
    }
    if (argc > 1) {
        sk_cli_fail("db check: unexpected argument '%s'", argv[1]);
        return SK_EXIT_USAGE;
    }
    sk_store *store = db_open(cli);
    if (!store)
        return SK_EXIT_FAILURE;
    char err[DB_ERR_LEN];
    int64_t problems = 0;
    int rc = sk_store_check(store, db_print_line, NULL, &problems, err, sizeof err);
    sk_store_close(store);
    if (rc != 0)
        return sk_cli_fail("db check: %s", err);
    if (problems)
        return sk_cli_fail("db check: %lld problem%s found", (long long)problems,
                           problems == 1 ? "" : "s");
    printf("ok\n");
    return SK_EXIT_OK;
}

/* --------------------------------------------------------------- canon -- */

static int db_canon(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "--help") == 0) {
        fputs("usage: sudokit db canon [FILE...]\n"
              "Print the canonical form of every puzzle of each FILE (default stdin), one\n"
              "line each: the same line for two puzzles exactly when one is a\n"
              "transformation of the other (see docs/database.md).\n",
              stdout);
        return SK_EXIT_OK;
    }
    int status = SK_EXIT_OK;
    char err[DB_ERR_LEN], line[83];
    for (int i = argc > 1 ? 1 : 0; i < argc; i++) {
        const char *path = argc > 1 ? argv[i] : "-";
        sk_reader *reader = sk_reader_open(path, err, sizeof err);
        if (!reader) {
            status = sk_cli_fail("db canon: %s", err);
            continue;
        }
        sk_reader_set_check_rules(reader, false);
        sk_grid grid;
        sk_read_status rs;
        while ((rs = sk_reader_next(reader, &grid)) != SK_READ_END) {
            if (rs != SK_READ_OK) {
                status = sk_cli_fail("db canon: %s", sk_reader_error(reader));
                if (rs == SK_READ_IO)
                    break;
                continue;
            }
            sk_canon_string(&grid, line);
            line[81] = '\n';
            fwrite(line, 1, 82, stdout);
        }
        sk_reader_close(reader);
    }
    if (fflush(stdout) != 0)
        return sk_cli_fail("db canon: cannot write the output: %s", strerror(errno));
    return status;
}

int sk_cmd_db(sk_cli *cli, int argc, char **argv)
{
    if (argc < 2) {
        db_usage(stderr);
        return SK_EXIT_USAGE;
    }
    const char *sub = argv[1];
    if (strcmp(sub, "--help") == 0 || strcmp(sub, "-h") == 0 || strcmp(sub, "help") == 0) {
        db_usage(stdout);
        return SK_EXIT_OK;
    }
    argc--;
    argv++;
    if (strcmp(sub, "init") == 0)
        return db_init(cli, argc, argv);
    if (strcmp(sub, "import") == 0)
        return db_import(cli, argc, argv);
    if (strcmp(sub, "export") == 0)
        return db_select(cli, argc, argv, true);
    if (strcmp(sub, "query") == 0)
        return db_select(cli, argc, argv, false);
    if (strcmp(sub, "stats") == 0)
        return db_stats(cli, argc, argv);
    if (strcmp(sub, "check") == 0)
        return db_check(cli, argc, argv);
    if (strcmp(sub, "canon") == 0)
        return db_canon(argc, argv);
    sk_cli_fail("db: unknown subcommand '%s' (see sudokit db --help)", sub);
    return SK_EXIT_USAGE;
}
