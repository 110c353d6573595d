/* Operation stats: the database's counts. */
#include "op.h"
#include "sudokit/names.h"
#include "text_escape.h"

enum { STATS_FORMAT, STATS_OUTPUT };

static const char *const stats_formats[] = {"text", "json", NULL};

static const sk_key stats_keys[] = {
    {.name = "format", .short_name = 'f', .kind = SK_KEY_CHOICE, .value_name = "F",
     .fallback = "text", .choices = stats_formats, .help = "text or json", .id = STATS_FORMAT},
    SK_KEY_OUTPUT(STATS_OUTPUT),
    SK_KEY_END,
};

typedef struct stats_state {
    bool json;
    FILE *out;
    bool first;
    int64_t puzzles; /* stored, for the raters' lines */
} stats_state;

static int stats_set(sk_op *op, void *state, const sk_key *key, const sk_value *v, sk_error *err)
{
    (void)op, (void)err;
    if (key->id == STATS_FORMAT)
        ((stats_state *)state)->json = v->integer == 1;
    return 0;
}

static int stats_rater(void *user, const char *rater, const char *version, int64_t ratings,
                       double score_min, double score_max)
{
    stats_state *s = user;
    if (!s->json) {
        /* The names are the database's: escaped for the terminal. */
        char shown_rater[256], shown_version[256];
        fprintf(s->out, "  %-20s %-10s %10lld of the %lld puzzles rated, scores %g..%g\n",
                ski_text_escape(shown_rater, sizeof shown_rater, rater, false),
                ski_text_escape(shown_version, sizeof shown_version, version, false),
                (long long)ratings, (long long)s->puzzles, score_min, score_max);
        return 0;
    }
    fprintf(s->out, "%s{\"rater\":", s->first ? "" : ",");
    sk_json_string(s->out, rater);
    fputs(",\"version\":", s->out);
    sk_json_string(s->out, version);
    fprintf(s->out, ",\"ratings\":%lld,\"score_min\":%g,\"score_max\":%g}", (long long)ratings,
            score_min, score_max);
    s->first = false;
    return 0;
}

static void stats_text(stats_state *s, sk_store *store, const sk_store_stats *st)
{
    FILE *out = s->out;
    fprintf(out, "database:       %s (schema version %d)\n", sk_store_path(store),
            st->schema_version);
    fprintf(out, "puzzles:        %lld (%lld with a solution, %lld known minimal)\n",
            (long long)st->puzzles, (long long)st->with_solution, (long long)st->minimal);
    fputs("by clues:      ", out);
    for (int c = 0; c <= SK_MAX_CELLS; c++)
        if (st->by_clues[c])
            fprintf(out, " %d:%lld", c, (long long)st->by_clues[c]);
    fputs("\nby symmetry:   ", out);
    for (int i = 0; i < 5; i++)
        fprintf(out, " %s:%lld", sk_grid_symmetry_names[i], (long long)st->by_symmetry[i]);
    fprintf(out, "\nratings:        %lld, rating %lld of the %lld puzzles\n",
            (long long)st->ratings, (long long)st->rated_puzzles, (long long)st->puzzles);
}

static void stats_json(stats_state *s, const sk_store_stats *st)
{
    FILE *out = s->out;
    fprintf(out, "{\"schema_version\":%d,\"puzzles\":%lld,\"with_solution\":%lld,"
                 "\"minimal\":%lld,\"by_clues\":{",
            st->schema_version, (long long)st->puzzles, (long long)st->with_solution,
            (long long)st->minimal);
    for (int c = 0, first = 1; c <= SK_MAX_CELLS; c++)
        if (st->by_clues[c])
            fprintf(out, "%s\"%d\":%lld", first ? "" : ",", c, (long long)st->by_clues[c]),
                first = 0;
    fputs("},\"by_symmetry\":{", out);
    for (int i = 0; i < 5; i++)
        fprintf(out, "%s\"%s\":%lld", i ? "," : "", sk_grid_symmetry_names[i],
                (long long)st->by_symmetry[i]);
    fprintf(out, "},\"ratings\":%lld,\"rated_puzzles\":%lld,\"raters\":[", (long long)st->ratings,
            (long long)st->rated_puzzles);
}

static int stats_run(sk_op *op, void *state, sk_error *err)
{
    stats_state *s = state;
    sk_error why;
    sk_store *store;
    s->out = ski_op_stream(op);
    if (!s->out)
        return SK_FAIL(err, SK_EXIT_USAGE, "stats: it writes text only");
    if (sk_ctx_open_store_read(ski_op_ctx(op), &store, &why))
        return SK_FAIL(err, SK_EXIT_FAILURE, "stats: %s", why.message);
    sk_store_stats st;
    s->first = true;
    int rc = sk_store_stats_get(store, &st, &why);
    s->puzzles = st.puzzles;
    if (rc == 0) {
        if (s->json)
            stats_json(s, &st);
        else
            stats_text(s, store, &st);
        rc = sk_store_raters(store, stats_rater, s, &why);
        const char *fmt = s->json ? "],\"games\":%lld,\"playing\":%lld,\"solved\":%lld,"
                                    "\"abandoned\":%lld,\"bench_runs\":%lld}\n"
                                  : "games:          %lld (playing %lld, solved %lld, "
                                    "abandoned %lld)\nbench runs:     %lld\n";
        fprintf(s->out, fmt, (long long)st.games, (long long)st.games_by_status[SK_PLAY_PLAYING],
                (long long)st.games_by_status[SK_PLAY_SOLVED],
                (long long)st.games_by_status[SK_PLAY_ABANDONED], (long long)st.bench_runs);
    }
    sk_ctx_close_store(ski_op_ctx(op), store);
    if (rc != 0)
        return SK_FAIL(err, SK_EXIT_FAILURE, "stats: %s", why.message);
    return ski_op_output_check(op, err) ? err->status : SK_EXIT_OK;
}

const ski_op_def ski_op_stats = {
    .info = {.name = "stats",
             .summary = "the database's counts",
             .synopsis = "",
             .description = "Print the database's counts: puzzles by clue count and symmetry, "
                            "ratings (how many, and how many of the stored puzzles they rate) "
                            "and the puzzles each rater version rated, games by status, benchmark runs. "
                            "--format json writes the same counts as one JSON object.",
             .keys = stats_keys,
             .inputs = SK_INPUT_NONE},
    .state_size = sizeof(stats_state),
    .set = stats_set,
    .run = stats_run,
};
