/* A saved game's state carried onto a transformed image of its puzzle:
 * cells moved, digits and pencil marks relabelled, in the formats of
 * docs/play.md. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sudokit/canon.h"
#include "sudokit/play.h"
#include "parse.h"
#include "text_buffer.h"

/* Where each cell of the puzzle lands in its image, and the digit map. */
typedef struct tf_map {
    uint8_t image_of[81];
    const uint8_t *digits;
} tf_map;

static void tf_map_make(const sk_transform *t, tf_map *map)
{
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++) {
            int source = t->transpose ? t->cols[c] * 9 + t->rows[r] : t->rows[r] * 9 + t->cols[c];
            map->image_of[source] = (uint8_t)(r * 9 + c);
        }
    map->digits = t->digits;
}

/* Pencil marks (bit d-1 for mark d) relabelled. */
static unsigned tf_marks(const tf_map *map, unsigned marks)
{
    unsigned out = 0;
    for (int d = 1; d <= 9; d++)
        if (marks >> (d - 1) & 1)
            out |= 1u << (map->digits[d] - 1);
    return out;
}

/* Rewrite one change cell.old.new.oldmarks.newmarks at *p into buf. */
static bool tf_change(const tf_map *map, const char **p, ski_text_buffer *buf)
{
    unsigned v[5];
    for (int f = 0; f < 5; f++) {
        if (!ski_parse_leading(p, f < 3 ? 10 : 16, f == 0 ? 80 : f < 3 ? 9 : 0x1ff, &v[f]))
            return false;
        if (f < 4 && *(*p)++ != '.')
            return false;
    }
    ski_text_buffer_add(buf, "%u.%u.%u.%x.%x", map->image_of[v[0]], map->digits[v[1]], map->digits[v[2]],
           tf_marks(map, v[3]), tf_marks(map, v[4]));
    return true;
}

/* Rewrite a history (moves, '|', moves) into buf; false when it is not
 * in the format. */
static bool tf_history(const tf_map *map, const char *p, ski_text_buffer *buf)
{
    bool move_start = true;
    while (*p) {
        if (*p == ' ' || *p == '|') {
            ski_text_buffer_add(buf, "%c", *p++);
            move_start = true;
        } else if (move_start && strchr("PEMAH", *p)) {
            ski_text_buffer_add(buf, "%c", *p++);
            move_start = false;
            if (!tf_change(map, &p, buf))
                return false;
        } else if (!move_start && *p == ',') {
            ski_text_buffer_add(buf, "%c", *p++);
            if (!tf_change(map, &p, buf))
                return false;
        } else {
            return false;
        }
    }
    return true;
}

/* Rewrite the cells and marks of in into out (marks into buf). */
static bool tf_board(const tf_map *map, const sk_play_state *in, sk_play_state *out, ski_text_buffer *buf)
{
    if (strnlen(in->cells, sizeof in->cells) != 81)
        return false;
    for (int cell = 0; cell < 81; cell++) {
        char ch = in->cells[cell];
        if (ch != '.' && (ch < '0' || ch > '9'))
            return false;
        int d = ch == '.' ? 0 : ch - '0';
        out->cells[map->image_of[cell]] = d ? (char)('0' + map->digits[d]) : '.';
    }
    out->cells[81] = '\0';
    const char *marks = in->marks ? in->marks : "";
    if (!*marks)
        return true;
    if (strlen(marks) != 243)
        return false;
    unsigned image[81];
    for (int cell = 0; cell < 81; cell++) {
        char digits[4] = {marks[3 * cell], marks[3 * cell + 1], marks[3 * cell + 2], 0};
        const char *p = digits;
        unsigned v;
        if (!ski_parse_leading(&p, 16, 0x1ff, &v) || *p)
            return false;
        image[map->image_of[cell]] = tf_marks(map, v);
    }
    for (int cell = 0; cell < 81; cell++)
        ski_text_buffer_add(buf, "%03x", image[cell]);
    return true;
}

int sk_play_state_transform(const sk_play_state *in, const sk_transform *t, sk_play_state *out,
                            sk_error *err)
{
    tf_map map;
    tf_map_make(t, &map);
    memset(out, 0, sizeof *out);
    ski_text_buffer marks = {0}, history = {0};
    ski_text_buffer_add(&marks, "%s", "");
    ski_text_buffer_add(&history, "%s", "");
    bool ok = tf_board(&map, in, out, &marks) && tf_history(&map, in->history ? in->history : "",
                                                            &history);
    if (!ok || marks.failed || history.failed) {
        free(marks.data);
        free(history.data);
        sk_error_set(err, SK_EXIT_FAILURE, "%s", ok ? "out of memory" :
                 "its cells, marks or history are not in the saved-game format of docs/play.md");
        return -1;
    }
    out->marks = marks.data;
    out->history = history.data;
    out->elapsed_ms = in->elapsed_ms;
    out->hints = in->hints;
    out->status = in->status;
    return 0;
}
