/* The moves of a game by name, for a face that does not speak in keys (the
 * web page sends "place" at a cell, not a cursor walk and a digit key). */
#include <string.h>

#include "play_session.h"

typedef enum action_needs { NEEDS_NOTHING, NEEDS_CELL, NEEDS_DIGIT } action_needs;

typedef struct session_action {
    const char *name;
    action_needs needs;
} session_action;

static const session_action session_actions[] = {
    {"place", NEEDS_DIGIT}, {"mark", NEEDS_DIGIT}, {"erase", NEEDS_CELL},
    {"undo", NEEDS_NOTHING}, {"redo", NEEDS_NOTHING}, {"auto", NEEDS_NOTHING},
    {"hint", NEEDS_NOTHING}, {"check", NEEDS_NOTHING},
};
#define ACTION_COUNT (sizeof session_actions / sizeof session_actions[0])

/* The engine call of action i. */
static sk_play_result action_apply(sk_play *game, size_t i, int cell, int digit)
{
    switch (i) {
    case 0: return sk_play_place(game, cell, digit);
    case 1: return sk_play_toggle_mark(game, cell, digit);
    case 2: return sk_play_erase(game, cell);
    case 3: return sk_play_undo(game);
    case 4: return sk_play_redo(game);
    case 5: return sk_play_auto_candidates(game);
    case 6: return sk_play_hint_request(game);
    default: sk_play_check(game); return SK_PLAY_VIEW;
    }
}

int sk_session_act(sk_session *s, const char *action, int cell, int digit, sk_error *err)
{
    size_t i = 0;
    while (i < ACTION_COUNT && strcmp(session_actions[i].name, action ? action : "") != 0)
        i++;
    if (i == ACTION_COUNT) {
        sk_error_set(err, SK_EXIT_USAGE, "unknown action '%.40s' (actions: place, mark, erase, undo, "
                 "redo, auto, hint, check)", action ? action : "");
        return -1;
    }
    action_needs needs = session_actions[i].needs;
    if (needs != NEEDS_NOTHING && (cell < 0 || cell > 80)) {
        sk_error_set(err, SK_EXIT_USAGE, "%s needs a cell 0-80 (row-major), not %d", action, cell);
        return -1;
    }
    if (needs == NEEDS_DIGIT && (digit < 1 || digit > 9)) {
        sk_error_set(err, SK_EXIT_USAGE, "%s needs a digit 1-9, not %d", action, digit);
        return -1;
    }
    if (needs != NEEDS_NOTHING)
        sk_play_set_cursor(s->game, cell);
    int result = sk_session_commit(s, action_apply(s->game, i, cell, digit));
    if (result < 0)
        sk_error_set(err, SK_EXIT_FAILURE, "%s", s->view.notice);
    return result;
}
