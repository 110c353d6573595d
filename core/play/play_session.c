/* A game being played: saving it, its hints, the key loop, the printout. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "play_session.h"
#include "sudokit/grid.h"
#include "text_escape.h"

/* How long a key wait lasts before the loop looks at signals and time. */
#define SESSION_TICK_MS 250

sk_play *sk_session_game(sk_session *s)
{
    return s->game;
}

const sk_play_view *sk_session_view(const sk_session *s)
{
    return &s->view;
}

int64_t sk_session_game_id(const sk_session *s)
{
    return s->rec.id;
}

int64_t sk_session_puzzle_id(const sk_session *s)
{
    return s->rec.puzzle_id;
}

int sk_session_save(sk_session *s)
{
    sk_play_state state;
    sk_error err;
    if (sk_play_export(s->game, &state, &err) != 0)
        goto failed;
    memcpy(s->rec.cells, state.cells, sizeof s->rec.cells);
    s->rec.marks = state.marks;
    s->rec.history = state.history;
    s->rec.elapsed_ms = state.elapsed_ms;
    s->rec.hints = state.hints;
    s->rec.status = state.status;
    int rc = sk_store_game_save(s->store, &s->rec, &err);
    if (rc == 0) {
        s->version = ski_session_version_of(&s->rec);
        s->unsaved = false;
        clock_gettime(CLOCK_MONOTONIC, &s->saved);
    }
    s->rec.marks = s->rec.history = NULL;
    sk_play_state_clear(&state);
    if (rc != 0)
        goto failed;
    if (s->rec.status == SK_PLAY_SOLVED) {
        char solved[64];
        sk_play_solved_text(s->game, solved, sizeof solved);
        snprintf(s->view.notice, sizeof s->view.notice, "Game %" PRId64 " S%s", s->rec.id,
                 solved + 1);
    } else {
        snprintf(s->view.notice, sizeof s->view.notice, "Saved as game %" PRId64, s->rec.id);
    }
    s->view.alert = false;
    return 0;
failed:
    /* as much of the reason as the notice holds */
    snprintf(s->view.notice, sizeof s->view.notice, "NOT SAVED: %.*s",
             (int)(sizeof s->view.notice - sizeof "NOT SAVED: "), err.message);
    s->view.alert = true;
    return -1;
}

/* FNV-1a over text, going on from hash. */
static uint64_t session_hash(uint64_t hash, const char *text)
{
    for (const unsigned char *p = (const unsigned char *)(text ? text : ""); *p; p++)
        hash = (hash ^ *p) * 0x100000001b3ull;
    return (hash ^ '|') * 0x100000001b3ull;
}

uint64_t ski_session_version_of(const sk_game_record *rec)
{
    char tail[32];
    snprintf(tail, sizeof tail, "%d %d", rec->hints, (int)rec->status);
    uint64_t hash = session_hash(0xcbf29ce484222325ull, rec->cells);
    hash = session_hash(hash, rec->marks);
    hash = session_hash(hash, rec->history);
    return session_hash(hash, tail);
}

uint64_t sk_session_version(const sk_session *s)
{
    return s->version;
}

int sk_session_changed_elsewhere(sk_session *s, sk_error *err)
{
    sk_game_record row;
    memset(&row, 0, sizeof row);
    sk_error why;
    if (sk_store_game_load(s->store, s->rec.id, &row, &why) != 0)
        return sk_error_set(err, SK_EXIT_FAILURE, "%s", why.message);
    int changed = ski_session_version_of(&row) != s->version;
    sk_game_record_clear(&row);
    return changed;
}

int sk_session_commit(sk_session *s, sk_play_result result)
{
    if (result == SK_PLAY_MOVED || result == SK_PLAY_SAVE)
        return sk_session_save(s) == 0 ? (int)result : -1;
    return (int)result;
}

sk_session *sk_session_detach(sk_session *s)
{
    if (s->store_lent)
        return NULL;
    s->detached = true;
    /* The store leaves the operation, and its context's stop check. */
    s->ctx = NULL;
    sk_store_set_stop(s->store, NULL, NULL, NULL, NULL);
    return s;
}

void sk_session_close(sk_session *s)
{
    if (!s)
        return;
    sk_store *store = s->store;
    ski_session_free(s);
    sk_store_close(store);
}

/* Collects the first step of a logical solve and the first placement. */
typedef struct session_hint_run {
    sk_play_hint *out;
    bool have_step;
} session_hint_run;

static int session_on_step(void *user, const sk_step *step)
{
    session_hint_run *run = user;
    sk_play_hint *out = run->out;
    if (!run->have_step) {
        run->have_step = true;
        const char *why = step->explanation && *step->explanation ? step->explanation : NULL;
        snprintf(out->text, sizeof out->text, "%s%s%s",
                 step->technique ? step->technique : "Next step", why ? ": " : "", why ? why : "");
        for (size_t i = 0; i < step->cell_count; i++)
            if (step->cells[i] < 81)
                out->cells[step->cells[i]] = true;
        for (size_t i = 0; i < step->eliminated_count; i++) {
            const sk_candidate *c = &step->eliminated[i];
            if (c->cell < 81 && c->digit >= 1 && c->digit <= 9)
                out->eliminated[c->cell] |= (uint16_t)(1u << (c->digit - 1));
        }
        ski_step_copy_chains(step, out->notation, sizeof out->notation, out->nodes,
                            sizeof out->nodes / sizeof out->nodes[0], out->chain_starts,
                            sizeof out->chain_starts / sizeof out->chain_starts[0] - 1,
                            &out->node_count, &out->chain_count);
    }
    if (step->kind == SK_STEP_PLACE && step->placed_count > 0) {
        out->place_cell = step->placed[0].cell;
        out->place_digit = step->placed[0].digit;
        return 1;
    }
    return 0;
}

/* sk_play_hint_fn over the session's rater: the next logical step, and the
 * first digit the solve places from there. */
static int session_hint(void *user, const sk_grid *position, sk_play_hint *out)
{
    session_hint_run run = {out, false};
    sk_rating rating;
    int rc = sk_instance_rate(user, position, &rating, session_on_step, &run, NULL);
    return run.have_step && (rc == SK_OK || rc == SK_ERR_STOPPED) ? 0 : -1;
}

void ski_session_use_rater(sk_session *s, sk_instance *rater)
{
    s->hint_rater = rater;
    sk_play_set_hint_fn(s->game, session_hint, rater);
}

void ski_session_free(sk_session *s)
{
    if (!s)
        return;
    sk_instance_free(s->hint_rater);
    sk_play_free(s->game);
    sk_game_record_clear(&s->rec);
    free(s);
}

/* Count the play time since the last tick. */
static void session_tick(sk_session *s)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    int64_t ms =
        (int64_t)(now.tv_sec - s->last.tv_sec) * 1000 + (now.tv_nsec - s->last.tv_nsec) / 1000000;
    if (ms > 0) {
        sk_play_add_time(s->game, ms);
        s->last = now;
    }
}

/* Save what a key did: at once, or with checkpoints when the keys pause
 * (paused), checkpoint_ms after the last save, and on an explicit save. A
 * save rewrites the whole history, so saving every key of a long script
 * would make it quadratic. */
static void session_commit_key(sk_session *s, sk_play_result result, bool paused)
{
    if (!s->checkpoint_ms) {
        if (!paused)
            sk_session_commit(s, result);
        return;
    }
    s->unsaved |= !paused && (result == SK_PLAY_MOVED || result == SK_PLAY_SAVE);
    if (!s->unsaved)
        return;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    int64_t since =
        (int64_t)(now.tv_sec - s->saved.tv_sec) * 1000 + (now.tv_nsec - s->saved.tv_nsec) / 1000000;
    if (paused || result == SK_PLAY_SAVE || since >= s->checkpoint_ms)
        sk_session_save(s);
}

/* The play operation's stop request (none once detached). */
static int session_stopped(const sk_session *s)
{
    return s->ctx ? sk_ctx_stopped(s->ctx) : 0;
}

int sk_session_loop(sk_session *s, sk_key_source_fn source, void *source_user, sk_draw_fn draw,
                    void *draw_user)
{
    sk_error failure = {.message = ""};
    clock_gettime(CLOCK_MONOTONIC, &s->last);
    s->saved = s->last;
    while (!session_stopped(s)) {
        if (draw)
            draw(draw_user, s);
        int key = 0;
        int got = source(source_user, SESSION_TICK_MS, &key, &failure);
        session_tick(s);
        if (got == -1 || got == -2)
            break;
        failure.message[0] = '\0';
        sk_play_result result = got == 1 ? sk_play_key(s->game, key) : SK_PLAY_IGNORED;
        session_commit_key(s, result, got != 1);
        if (result == SK_PLAY_QUIT)
            break;
    }
    session_tick(s);
    /* The last save comes first: a failed key script still keeps every move
     * made before it, and its message is the last word. */
    bool lost = sk_session_save(s) != 0;
    if (failure.message[0]) {
        snprintf(s->view.notice, sizeof s->view.notice, "%.*s",
                 (int)sizeof s->view.notice - 1, failure.message);
        s->view.alert = true;
    }
    int stop = session_stopped(s);
    if (stop)
        return stop > 0 ? 128 + stop : SK_EXIT_FAILURE;
    return lost || failure.message[0] ? SK_EXIT_FAILURE : SK_EXIT_OK;
}

void sk_session_print(const sk_session *s, FILE *out)
{
    const sk_play *game = s->game;
    for (int r = 0; r < 9; r++) {
        if (r % 3 == 0)
            fputs("+-------+-------+-------+\n", out);
        for (int c = 0; c < 9; c++) {
            int v = sk_play_value(game, r * 9 + c);
            fprintf(out, "%s%c ", c % 3 == 0 ? "| " : "", v ? '0' + v : '.');
        }
        fputs("|\n", out);
    }
    fputs("+-------+-------+-------+\n", out);
    sk_play_state state;
    sk_error err;
    char cursor[8];
    if (sk_play_export(game, &state, &err) != 0) {
        fprintf(out, "error %s\n", err.message);
        return;
    }
    sk_cell_name(sk_play_cursor(game), cursor);
    int64_t sec = state.elapsed_ms / 1000;
    fputs("title ", out);
    ski_text_put_escaped(out, s->view.title, false);
    fprintf(out, "\ncells %s\nmarks %s\nstatus %s\n", state.cells, state.marks,
            sk_play_status_name(state.status));
    fprintf(out, "filled %d\nconflicts %d\n", sk_play_filled(game), sk_play_conflicts(game, NULL));
    fprintf(out, "undo %zu\nredo %zu\nhints %d\n", sk_play_undo_depth(game),
            sk_play_redo_depth(game), state.hints);
    fprintf(out, "time %" PRId64 ":%02d:%02d\ncursor %s\n", sec / 3600, (int)(sec / 60 % 60),
            (int)(sec % 60), cursor);
    fputs("message ", out);
    ski_text_put_escaped(out, *sk_play_message(game) ? sk_play_message(game) : s->view.notice,
                        false);
    fputc('\n', out);
    sk_play_state_clear(&state);
}
