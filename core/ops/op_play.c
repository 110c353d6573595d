/* Operation play: start a game (a stored puzzle by level, rating window or
 * id, a typed one, a fresh one) or resume one, then play it from a key
 * script here, or lend it to the face's player (the terminal). */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "play_session.h"
#include "sudokit/grid.h"
#include "sudokit/names.h"

enum {
    PLAY_LEVEL, PLAY_RATING, PLAY_ID, PLAY_PUZZLE, PLAY_GENERATE, PLAY_SEED, PLAY_RESUME,
    PLAY_KEYS, PLAY_RATER, PLAY_GENERATOR, PLAY_SOLVER, PLAY_COLOR, PLAY_OUTPUT
};

static const sk_key play_keys[] = {
    {.name = "level", .short_name = 'l', .kind = SK_KEY_LEVEL, .value_name = "L",
     .help = "a puzzle of level L (1-5 or its name) from the database", .id = PLAY_LEVEL},
    {.name = "rating", .kind = SK_KEY_WINDOW, .value_name = "MIN-MAX",
     .help = "a puzzle rated in this window from the database", .id = PLAY_RATING},
    {.name = "id", .kind = SK_KEY_INT, .value_name = "PUZZLE_ID", .min = 1, .max = INT64_MAX,
     .help = "this puzzle of the database", .id = PLAY_ID},
    {.name = "puzzle", .kind = SK_KEY_GRID, .value_name = "81CHARS",
     .help = "this puzzle ('.' or '0' blanks); it must have exactly one solution",
     .id = PLAY_PUZZLE},
    {.name = "generate", .short_name = 'g', .kind = SK_KEY_FLAG,
     .help = "a fresh puzzle (of the level or rating window when given)", .id = PLAY_GENERATE},
    SK_KEY_SEED(PLAY_SEED, NULL, "seed of generate (default: from the clock)"),
    {.name = "resume", .kind = SK_KEY_INT, .value_name = "GAME_ID", .min = 1, .max = INT64_MAX,
     .help = "go on with game GAME_ID (sudokit games lists them; --resume alone lists the "
             "unfinished games)", .id = PLAY_RESUME},
    {.name = "keys", .short_name = 'k', .kind = SK_KEY_TEXT, .value_name = "FILE",
     .help = "play the key tokens of FILE (- for stdin: right 5 u ctrl-r q...) instead of "
             "the terminal, then print the board",
     .id = PLAY_KEYS},
    SK_KEY_RATER(PLAY_RATER, "rater of the levels and of the hints"),
    {.name = "generator", .kind = SK_KEY_STRATEGY, .value_name = "NAME", .fallback = "dig",
     .strategy_kind = SK_KIND_GENERATOR, .help = "generator of generate", .id = PLAY_GENERATOR},
    SK_KEY_SOLVER(PLAY_SOLVER, "solver that checks a puzzle (default: the fastest)"),
    SK_KEY_COLOR(PLAY_COLOR),
    SK_KEY_OUTPUT(PLAY_OUTPUT),
    SK_KEY_END,
};

typedef struct play_state {
    int level;
    bool rated_window, generate, seeded, has_puzzle;
    double rating_min, rating_max;
    int64_t puzzle_id, resume_id;
    sk_grid puzzle;
    uint64_t seed;
    char *keys, *rater, *generator, *solver;
    ski_color_mode color;
    /* the run */
    sk_op *op;
    sk_store *store;
    sk_session *session;
    ski_key_script script; /* open while keys are played */
    char rating_note[64];
} play_state;

/* One stored puzzle, copied out of a query. */
typedef struct play_row {
    int64_t id;
    sk_grid givens, solution;
    bool has_solution, rated;
    double score;
    int level;
} play_row;

static int play_set(sk_op *op, void *state, const sk_key *key, const sk_value *v, sk_error *err)
{
    play_state *s = state;
    (void)op;
    switch (key->id) {
    case PLAY_LEVEL: s->level = (int)v->integer; return 0;
    case PLAY_RATING:
        s->rated_window = true;
        s->rating_min = v->low;
        s->rating_max = v->high;
        return 0;
    case PLAY_ID: s->puzzle_id = v->integer; return 0;
    case PLAY_PUZZLE: s->puzzle = v->grid; s->has_puzzle = true; return 0;
    case PLAY_GENERATE: s->generate = v->flag; return 0;
    case PLAY_SEED: s->seed = v->seed; s->seeded = true; return 0;
    case PLAY_RESUME: s->resume_id = v->integer; return 0;
    case PLAY_KEYS: return ski_op_copy(&s->keys, v->text, err);
    case PLAY_RATER: return ski_op_copy(&s->rater, v->text, err);
    case PLAY_GENERATOR: return ski_op_copy(&s->generator, v->text, err);
    case PLAY_SOLVER: return ski_op_copy(&s->solver, v->text, err);
    case PLAY_COLOR: s->color = (ski_color_mode)v->integer; return 0;
    default: return 0;
    }
}

static int play_check(sk_op *op, void *state, sk_error *err)
{
    play_state *s = state;
    int sources = s->has_puzzle + (s->puzzle_id != 0) + s->generate + (s->resume_id != 0);
    if (sources > 1)
        return sk_error_set(err, SK_EXIT_USAGE,
                            "play: choose one of id, puzzle, generate and resume");
    if (s->level && s->rated_window)
        return sk_error_set(err, SK_EXIT_USAGE, "play: choose level or rating, not both");
    if ((s->level || s->rated_window) && (s->has_puzzle || s->puzzle_id || s->resume_id))
        return sk_error_set(err, SK_EXIT_USAGE,
                            "play: level and rating choose a new puzzle; they do not go with "
                            "id, puzzle or resume");
    if (s->keys && strcmp(s->keys, "-") != 0 &&
        sk_ctx_check_file(ski_op_ctx(op), s->keys, SK_ACCESS_READ, err))
        return -1;
    return 0;
}

/* The unique solution of puzzle; what names it in messages. */
static int play_solve_unique(play_state *s, const sk_grid *puzzle, sk_grid *solution,
                             const char *what, sk_error *err)
{
    const char *name = ski_op_strategy(s->op, SK_KIND_SOLVER, s->solver, err);
    sk_instance *solver = NULL;
    if (!name || ski_op_instance(s->op, SK_KIND_SOLVER, name, NULL, NULL, &solver, err))
        return -1;
    sk_error why;
    int count = sk_instance_solve(solver, puzzle, 2, solution, NULL, &why);
    sk_instance_free(solver);
    if (count == 1)
        return 0;
    if (count < 0)
        return sk_error_set(err, SK_EXIT_FAILURE, "play: solver '%s' failed on %s: %s", name, what,
                            why.message);
    return sk_error_set(err, SK_EXIT_FAILURE, "play: %s has %s", what,
                        count == 0 ? "no solution"
                                   : "more than one solution; add clues until it has one");
}

/* A fresh puzzle of the level or rating window. */
static int play_generated(play_state *s, sk_grid *puzzle, sk_grid *solution, sk_error *err)
{
    sk_instance_config config = {.solver = s->solver, .rater = s->rater};
    sk_instance *gen = NULL;
    if (!ski_op_strategy(s->op, SK_KIND_GENERATOR, s->generator, err) ||
        ski_op_instance(s->op, SK_KIND_GENERATOR, s->generator, NULL, &config, &gen, err))
        return -1;
    sk_gen_request request = {.struct_size = sizeof request, .level = s->level};
    request.seed = s->seeded ? s->seed : (uint64_t)time(NULL) ^ (uint64_t)getpid() << 32;
    if (s->rated_window) {
        request.rating_min = s->rating_min;
        request.rating_max = s->rating_max;
    }
    sk_gen_result result;
    sk_error why;
    int rc = sk_instance_generate(gen, &request, &result, &why);
    sk_instance_free(gen);
    if (rc != SK_OK)
        return sk_error_set(err, SK_EXIT_FAILURE, "play: %s", why.message);
    if (sk_grid_clues(&result.puzzle) == 81)
        return sk_error_set(err, SK_EXIT_FAILURE, "play: generator '%s' gave no playable "
                            "puzzle (try generator dig)", s->generator);
    *puzzle = result.puzzle;
    *solution = result.solution;
    return 0;
}

static int play_on_row(void *user, const sk_puzzle_row *row)
{
    play_row *out = user;
    size_t col;
    out->id = row->id;
    sk_grid_parse_line(&out->givens, row->givens, 81, &col);
    out->has_solution =
        row->solution && sk_grid_parse_line(&out->solution, row->solution, 81, &col) == 0;
    out->rated = row->rated;
    out->score = row->score;
    out->level = row->level;
    return 1;
}

/* One stored puzzle: by id, or the first (unplayed first) that fits the
 * level or rating window when window is set. 1 found, 0 none, -1 error. */
static int play_find(play_state *s, int64_t id, bool window, play_row *row, sk_error *err)
{
    sk_query q;
    sk_query_init(&q);
    q.id = id;
    q.rater = s->rater;
    q.unplayed_first = true;
    q.limit = 1;
    q.rules = ""; /* play takes classic puzzles */
    if (window && (s->level || s->rated_window)) {
        q.rated_only = true;
        q.level_min = q.level_max = s->level;
        q.has_score_min = q.has_score_max = s->rated_window;
        q.score_min = s->rating_min;
        q.score_max = s->rating_max;
    }
    memset(row, 0, sizeof *row);
    sk_error why;
    int rc = sk_store_query(s->store, &q, play_on_row, row, &why);
    if (rc < 0)
        return sk_error_set(err, SK_EXIT_FAILURE, "play: %s", why.message);
    if (rc == 1 && row->rated)
        snprintf(s->rating_note, sizeof s->rating_note, ", %.16s %.1f level %d", s->rater,
                 row->score, row->level);
    return rc == 1;
}

/* Store a typed or generated puzzle; the game plays it as stored (a
 * transformed image may be there already). */
static int play_store_new(play_state *s, sk_grid *puzzle, sk_grid *solution, int64_t *id,
                          sk_error *err)
{
    sk_puzzle_record rec;
    sk_puzzle_record_init(&rec);
    rec.givens = *puzzle;
    rec.solution = solution;
    rec.strategy = s->generate ? s->generator : NULL;
    rec.has_seed = s->generate && s->seeded;
    rec.seed = s->seed;
    rec.source = s->generate ? NULL : "play --puzzle";
    sk_error why;
    if (sk_store_add_puzzle(s->store, &rec, id, NULL, &why) != 0)
        return sk_error_set(err, SK_EXIT_FAILURE, "play: cannot store the puzzle: %s", why.message);
    play_row row;
    int found = play_find(s, *id, false, &row, err);
    if (found < 0)
        return -1;
    if (found && memcmp(&row.givens, puzzle, sizeof *puzzle) != 0) {
        sk_ctx_report(ski_op_ctx(s->op), "this puzzle is stored already, transformed, as "
                      "puzzle %" PRId64 "; playing the stored form", *id);
        *puzzle = row.givens;
        if (row.has_solution)
            *solution = row.solution;
        else if (play_solve_unique(s, puzzle, solution, "the stored puzzle", err))
            return -1;
    }
    return 0;
}

/* The puzzle of a new game and its row id. */
static int play_pick(play_state *s, sk_grid *puzzle, sk_grid *solution, int64_t *id,
                     sk_error *err)
{
    if (s->has_puzzle || s->generate) {
        if (s->has_puzzle) {
            sk_conflict conflict;
            char what[128];
            if (!sk_grid_check(&s->puzzle, &conflict)) {
                sk_conflict_describe(&conflict, what, sizeof what);
                return sk_error_set(err, SK_EXIT_FAILURE, "play: puzzle: %s; fix the puzzle",
                                    what);
            }
            *puzzle = s->puzzle;
            if (play_solve_unique(s, puzzle, solution, "the puzzle", err))
                return -1;
        } else if (play_generated(s, puzzle, solution, err)) {
            return -1;
        }
        return play_store_new(s, puzzle, solution, id, err);
    }
    play_row row;
    int found = play_find(s, s->puzzle_id, true, &row, err);
    if (found < 0)
        return -1;
    if (found == 0 && (s->level || s->rated_window || s->puzzle_id))
        return sk_error_set(err, SK_EXIT_FAILURE, "play: %s in the database%s",
                            s->puzzle_id ? "no such puzzle" : "no puzzle fits",
                            s->puzzle_id ? "" : "; try generate with the same level, or "
                                                "another window");
    if (found == 0) {
        sk_ctx_report(ski_op_ctx(s->op), "the database has no puzzle yet; generating one");
        s->generate = true;
        return play_pick(s, puzzle, solution, id, err);
    }
    *puzzle = row.givens;
    *id = row.id;
    if (row.has_solution)
        *solution = row.solution;
    else if (play_solve_unique(s, puzzle, solution, "the stored puzzle", err))
        return -1;
    return 0;
}

/* "game 3, puzzle 12, human 2.3 level 1" */
static void play_title(play_state *s)
{
    snprintf(s->session->view.title, sizeof s->session->view.title,
             "game %" PRId64 ", puzzle %" PRId64 "%s", s->session->rec.id,
             s->session->rec.puzzle_id, s->rating_note);
}

/* Set up the session from a saved game. */
static int play_resume(play_state *s, sk_error *err)
{
    sk_session *ss = s->session;
    sk_error why;
    if (sk_store_game_load(s->store, s->resume_id, &ss->rec, &why) != 0)
        return sk_error_set(err, SK_EXIT_FAILURE, "play: %s (see sudokit games)", why.message);
    ss->version = ski_session_version_of(&ss->rec);
    play_row row;
    int found = play_find(s, ss->rec.puzzle_id, false, &row, err);
    if (found <= 0)
        return found < 0 ? -1
                         : sk_error_set(err, SK_EXIT_FAILURE, "play: game %" PRId64 ": puzzle %"
                                        PRId64 " is gone from the database", ss->rec.id,
                                        ss->rec.puzzle_id);
    if (!row.has_solution &&
        play_solve_unique(s, &row.givens, &row.solution, "the saved puzzle", err))
        return -1;
    if (ss->rec.status == SK_PLAY_ABANDONED) {
        sk_ctx_report(ski_op_ctx(s->op), "game %" PRId64 " was abandoned; playing it again",
                      ss->rec.id);
        ss->rec.status = SK_PLAY_PLAYING;
    }
    sk_error restore;
    if (sk_play_new(&row.givens, &row.solution, &ss->game, &restore) != 0 ||
        sk_play_import(ss->game, ss->rec.cells, ss->rec.marks, ss->rec.history,
                       ss->rec.elapsed_ms, ss->rec.hints, ss->rec.status, &restore) != 0)
        return sk_error_set(err, SK_EXIT_FAILURE, "play: game %" PRId64 " cannot be restored: %s",
                            ss->rec.id, restore.message);
    sk_game_record_clear(&ss->rec);
    return 0;
}

/* Set up the session on a new puzzle and insert its game row. */
static int play_start(play_state *s, sk_error *err)
{
    sk_grid puzzle, solution;
    int64_t id = 0;
    sk_error why;
    if (play_pick(s, &puzzle, &solution, &id, err))
        return -1;
    if (sk_play_new(&puzzle, &solution, &s->session->game, &why) != 0)
        return sk_error_set(err, SK_EXIT_FAILURE, "play: %s", why.message);
    s->session->rec.puzzle_id = id;
    if (sk_session_save(s->session) != 0)
        return sk_error_set(err, SK_EXIT_FAILURE, "play: %s", s->session->view.notice);
    return 0;
}

/* Play the key script; print the board and state. */
static int play_scripted(play_state *s, ski_key_script *script)
{
    /* Saving rewrites the whole history: a script saves at checkpoints. */
    s->session->checkpoint_ms = 1000;
    int status = sk_session_loop(s->session, ski_key_script_next, script, NULL, NULL);
    FILE *out = ski_op_stream(s->op);
    if (out)
        sk_session_print(s->session, out);
    return status;
}

/* What the end of play says: the time and hints of a solved game, else
 * how to go on with it. */
static void play_report_end(play_state *s)
{
    const sk_play *game = s->session->game;
    int64_t id = s->session->rec.id;
    if (sk_play_get_status(game) == SK_PLAY_SOLVED) {
        char solved[64];
        sk_play_solved_text(game, solved, sizeof solved);
        sk_ctx_report(ski_op_ctx(s->op), "game %" PRId64 " %s", id, solved);
    } else {
        sk_ctx_report(ski_op_ctx(s->op), "game %" PRId64 " saved; resume it with `sudokit play "
                      "--resume %" PRId64 "`", id, id);
    }
}

static int play_run(sk_op *op, void *state, sk_error *err)
{
    play_state *s = state;
    s->op = op;
    if (!s->keys && !op->player)
        return SK_FAIL(err, SK_EXIT_USAGE, "play: give keys (a key script) to play here");
    /* The key script opens first: a game is saved only when it can be played. */
    if (s->keys && ski_key_script_open(&s->script, s->keys, err))
        return err->status;
    sk_error why;
    if (sk_ctx_open_store(ski_op_ctx(op), &s->store, &why))
        return SK_FAIL(err, SK_EXIT_FAILURE, "play: %s (choose another file with --db)", why.message);
    if (!(s->session = calloc(1, sizeof *s->session)))
        return SK_FAIL(err, SK_EXIT_FAILURE, "out of memory");
    s->session->store = s->store;
    s->session->ctx = ski_op_ctx(op);
    s->session->store_lent = ski_ctx_lends_store(ski_op_ctx(op));
    if (s->resume_id ? play_resume(s, err) : play_start(s, err))
        return err->status;
    play_title(s);
    s->session->view.color = ski_color_use(s->color, sk_ctx_out(ski_op_ctx(op)));
    sk_instance *rater = NULL;
    sk_error ignored;
    if (ski_op_strategy(op, SK_KIND_RATER, s->rater, &ignored) &&
        !ski_op_instance(op, SK_KIND_RATER, s->rater, NULL, NULL, &rater, &ignored))
        ski_session_use_rater(s->session, rater);
    int status = s->keys ? play_scripted(s, &s->script) : op->player(op->player_user, s->session);
    const sk_play_view *view = &s->session->view;
    if (view->alert)
        sk_error_set(err, SK_EXIT_FAILURE, "play: %s", view->notice);
    else
        play_report_end(s);
    return status;
}

static void play_release(void *state)
{
    play_state *s = state;
    /* A detached session is its player's now, with its database. */
    if (!s->session || !s->session->detached) {
        ski_session_free(s->session);
        if (s->op)
            sk_ctx_close_store(ski_op_ctx(s->op), s->store);
    }
    if (s->keys)
        ski_key_script_close(&s->script);
    free(s->keys);
    free(s->rater);
    free(s->generator);
    free(s->solver);
}

const ski_op_def ski_op_play = {
    .info = {.name = "play",
             .summary = "play in the terminal: marks, undo, hints, autosave",
             .synopsis = "",
             .description =
                 "Play Sudoku with pencil marks, undo and redo without limit, hints and "
                 "checks. The puzzle comes from the database (unplayed first) by level, "
                 "rating window or id, is typed in, or is freshly generated; resume goes on "
                 "with a saved game, undo history included. Every move is saved at once (moves "
                 "of a key script when its keys pause, once a second, and at its end): "
                 "SIGINT, SIGTERM or a closed terminal lose nothing.",
             .keys = play_keys,
             .inputs = SK_INPUT_NONE},
    .state_size = sizeof(play_state),
    .set = play_set,
    .check = play_check,
    .run = play_run,
    .release = play_release,
};
