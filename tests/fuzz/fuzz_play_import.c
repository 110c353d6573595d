/* Fuzz target: restoring a saved game (cells, marks, history, time, hints,
 * status) into the play engine, then playing on from it. Whatever state
 * the engine accepts or reaches must save and restore to itself. */
#include <inttypes.h>
#include <string.h>

#include "fuzz.h"
#include "sudokit/grid.h"
#include "sudokit/play.h"

/* The puzzle every saved game here belongs to, and its solution. */
static const char fuzz_puzzle[] =
    "530070000600195000098000060800060003400803001700020006060000280000419005000080079";
static const char fuzz_solution[] =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/* Most keys played after the import; each also adds play time. */
#define FUZZ_MAX_KEYS 64

/* The input, split at newlines: cells, marks, history, a line of numbers
 * "elapsed_ms hints status ms_per_key", then the keys, one byte each. */
typedef struct fuzz_save {
    char *fields[4];
    int64_t elapsed_ms, ms_per_key;
    long long hints, status;
    const uint8_t *keys;
    size_t key_count;
} fuzz_save;

/* Split text (size bytes and a NUL) in place; a missing line is empty. */
static void fuzz_split(char *text, size_t size, fuzz_save *save)
{
    char *cursor = text, *end = text + size;
    for (int i = 0; i < 4; i++) {
        save->fields[i] = cursor;
        char *nl = memchr(cursor, '\n', (size_t)(end - cursor));
        if (!nl) {
            cursor = end;
            continue;
        }
        *nl = '\0';
        cursor = nl + 1;
    }
    /* An overlong number saturates (strtoimax): the extremes are the point. */
    intmax_t numbers[4] = {0, 0, 0, 0};
    const char *p = save->fields[3];
    for (int i = 0; i < 4; i++) {
        char *after;
        numbers[i] = strtoimax(p, &after, 10);
        p = after;
    }
    save->elapsed_ms = (int64_t)numbers[0];
    save->hints = numbers[1];
    save->status = numbers[2];
    save->ms_per_key = (int64_t)numbers[3];
    save->keys = (const uint8_t *)cursor;
    save->key_count = (size_t)(end - cursor);
    if (save->key_count > FUZZ_MAX_KEYS)
        save->key_count = FUZZ_MAX_KEYS;
}

static sk_play *fuzz_new_game(void)
{
    sk_grid puzzle, solution;
    size_t col;
    sk_error err;
    sk_play *game = NULL;
    FUZZ_CHECK(sk_grid_parse_line(&puzzle, fuzz_puzzle, 81, &col) == 0);
    FUZZ_CHECK(sk_grid_parse_line(&solution, fuzz_solution, 81, &col) == 0);
    FUZZ_CHECK(sk_play_new(&puzzle, &solution, &game, &err) == 0);
    return game;
}

/* The game's state saves (as the games table would take it) and restores
 * into a fresh game that saves the same again. */
static void fuzz_check_saveable(const sk_play *game)
{
    sk_play_state state, again;
    sk_error err;
    FUZZ_CHECK(sk_play_export(game, &state, &err) == 0);
    FUZZ_CHECK(state.elapsed_ms >= 0 && state.hints >= 0);
    sk_play *copy = fuzz_new_game();
    if (sk_play_import(copy, state.cells, state.marks, state.history, state.elapsed_ms, state.hints,
                       state.status, &err) != 0) {
        fprintf(stderr, "a saved state does not restore: %s\n", err.message);
        abort();
    }
    FUZZ_CHECK(sk_play_export(copy, &again, &err) == 0);
    FUZZ_CHECK(strcmp(state.cells, again.cells) == 0);
    FUZZ_CHECK(strcmp(state.marks, again.marks) == 0);
    FUZZ_CHECK(strcmp(state.history, again.history) == 0);
    FUZZ_CHECK(state.elapsed_ms == again.elapsed_ms && state.hints == again.hints);
    FUZZ_CHECK(state.status == again.status);
    sk_play_state_clear(&state);
    sk_play_state_clear(&again);
    sk_play_free(copy);
}

/* One byte as a key: below 0x80 the character itself, above it one of the
 * named keys. */
static int fuzz_key(uint8_t byte)
{
    static const int named[8] = {SK_PLAY_KEY_UP,     SK_PLAY_KEY_DOWN,   SK_PLAY_KEY_LEFT,
                                 SK_PLAY_KEY_RIGHT,  SK_PLAY_KEY_DELETE, SK_PLAY_KEY_BACKSPACE,
                                 SK_PLAY_KEY_ESCAPE, SK_PLAY_KEY_CTRL_R};
    return byte < 0x80 ? byte : named[byte & 7];
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    FUZZ_CHECK(text != NULL);
    memcpy(text, data, size);
    text[size] = '\0';
    fuzz_save save;
    fuzz_split(text, size, &save);
    sk_play *game = fuzz_new_game();
    sk_error err = {.message = ""};
    bool in_range = save.hints >= INT32_MIN && save.hints <= INT32_MAX &&
                    save.status >= INT32_MIN && save.status <= INT32_MAX;
    if (in_range &&
        sk_play_import(game, save.fields[0], save.fields[1], save.fields[2], save.elapsed_ms,
                       (int)save.hints, (sk_play_status)save.status, &err) == 0) {
        FUZZ_CHECK(sk_play_elapsed(game) == save.elapsed_ms);
        FUZZ_CHECK(sk_play_hints(game) == save.hints);
        fuzz_check_saveable(game);
        for (size_t i = 0; i < save.key_count; i++) {
            sk_play_key(game, fuzz_key(save.keys[i]));
            sk_play_add_time(game, save.ms_per_key);
            fuzz_check_saveable(game);
        }
    } else if (in_range) {
        FUZZ_CHECK(err.message[0] != '\0');
    }
    sk_play_free(game);
    free(text);
    return 0;
}
