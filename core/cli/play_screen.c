/* The ncurses face of `sudokit play`: an 80x24 board with marks, a side panel, keys. */
#include "play_screen.h"
#include "sudokit/grid.h"
#include "sudokit/names.h"
#include "text_escape.h"

#include <curses.h>
#include <inttypes.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/*
 * Layout (80x24): the board takes columns 0..54 and lines 0..21. A cell is
 * 5 columns by 2 lines. A filled cell shows its digit in the middle of its
 * first line, with markers on either side: *5* clashes with another cell,
 * !5! was found wrong by a check, [5] is the highlighted digit. An empty
 * cell with pencil marks shows all nine places: 1-5 on its first line and
 * 6-9 on its second, a dot where a mark is off. The side panel (from column
 * 57) shows the game, the cursor cell's marks and candidates as 3x3 grids,
 * and the hint; line 22 is the message line and line 23 the help line.
 * A hint that is a chain unfolds a node at a time (keys ] and [): the
 * nodes on show are drawn in their cells (a digit made true on green, made
 * false on yellow, the last one reversed) and the panel writes the last
 * link, what makes it and where the walk is.
 */
#define SCREEN_W 80
#define SCREEN_H 24
#define PANEL_X 57
#define PANEL_W (SCREEN_W - PANEL_X)

/* Colour pairs. */
enum {
    SCREEN_GIVEN = 1,
    SCREEN_ENTERED,
    SCREEN_CONFLICT,
    SCREEN_WRONG,
    SCREEN_HIGHLIGHT,
    SCREEN_HINT,
    SCREEN_MARK,
    SCREEN_ELIMINATED,
    SCREEN_CHAIN_ON,
    SCREEN_CHAIN_OFF
};

/* The nodes of a hint's chain on show: per cell the digits made true (on)
 * and false (off), and the last node's cell and digit (-1 for none). */
typedef struct screen_chain {
    uint16_t on[81], off[81];
    int cell, digit;
} screen_chain;

static bool screen_open;
static bool screen_colour;

static const char screen_help[] =
    "arrows move 1-9 put m marks 0 erase u undo r redo a auto c check ? hint q quit";

/* The rest of the keys, in the side panel while no hint is on show. */
static const char *const screen_keys[] = {
    "hjkl move  p marks too",  "Del/BS erase  ^R redo", "?/H hint, twice: reveal",
    "[ ] step a hint's chain", "d then 1-9: highlight", "s save (also automatic)",
};

int ski_play_screen_open(bool color, sk_error *err)
{
    if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
        sk_error_set(err, SK_EXIT_FAILURE, "play needs a terminal (use --keys FILE for a scripted game)");
        return -1;
    }
    setlocale(LC_ALL, "");
    if (!initscr()) {
        sk_error_set(err, SK_EXIT_FAILURE, "cannot start the terminal screen (is TERM set?)");
        return -1;
    }
    screen_open = true;
    cbreak();
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    set_escdelay(25);
    curs_set(0);
    screen_colour = color && has_colors();
    if (screen_colour) {
        start_color();
        use_default_colors();
        init_pair(SCREEN_GIVEN, -1, -1);
        init_pair(SCREEN_ENTERED, COLOR_CYAN, -1);
        init_pair(SCREEN_CONFLICT, COLOR_RED, -1);
        init_pair(SCREEN_WRONG, COLOR_WHITE, COLOR_RED);
        init_pair(SCREEN_HIGHLIGHT, COLOR_BLACK, COLOR_YELLOW);
        init_pair(SCREEN_HINT, COLOR_BLACK, COLOR_GREEN);
        init_pair(SCREEN_MARK, COLOR_BLUE, -1);
        init_pair(SCREEN_ELIMINATED, COLOR_RED, -1);
        init_pair(SCREEN_CHAIN_ON, COLOR_BLACK, COLOR_GREEN);
        init_pair(SCREEN_CHAIN_OFF, COLOR_BLACK, COLOR_YELLOW);
    }
    return 0;
}

void ski_play_screen_close(void)
{
    if (!screen_open)
        return;
    endwin();
    screen_open = false;
}

static attr_t screen_pair(int pair)
{
    return screen_colour ? (attr_t)COLOR_PAIR(pair) : 0;
}

/* base (a cell's attributes) drawn in colour pair: a hint cell keeps its
 * colour except for errors and eliminations, which always show. */
static attr_t screen_paint(attr_t base, int pair)
{
    bool error = pair == SCREEN_WRONG || pair == SCREEN_CONFLICT || pair == SCREEN_ELIMINATED;
    if (!screen_colour || (PAIR_NUMBER(base) == SCREEN_HINT && !error))
        return base;
    return (base & ~A_COLOR) | screen_pair(pair);
}

static int screen_cell_y(int row)
{
    return 1 + row * 2 + row / 3;
}
static int screen_cell_x(int col)
{
    return 1 + (col / 3) * 18 + (col % 3) * 6;
}

static void screen_borders(void)
{
    for (int y = 0; y < 22; y++) {
        bool rule = y % 7 == 0;
        for (int x = 0; x < 55; x++) {
            bool bar = x % 18 == 0;
            chtype ch = ' ';
            if (rule && bar)
                ch = y == 0    ? (x == 0    ? ACS_ULCORNER
                                  : x == 54 ? ACS_URCORNER
                                            : ACS_TTEE)
                     : y == 21 ? (x == 0    ? ACS_LLCORNER
                                  : x == 54 ? ACS_LRCORNER
                                            : ACS_BTEE)
                               : (x == 0    ? ACS_LTEE
                                  : x == 54 ? ACS_RTEE
                                            : ACS_PLUS);
            else if (rule)
                ch = ACS_HLINE;
            else if (bar)
                ch = ACS_VLINE;
            else
                continue;
            mvaddch(y, x, ch);
        }
    }
}

/* The chain nodes on show of game's hint (see sk_play_hint_node): those of
 * the chain that holds the last one, from its start. */
static void screen_chain_of(const sk_play *game, screen_chain *chain)
{
    memset(chain, 0, sizeof *chain);
    chain->cell = chain->digit = -1;
    const sk_play_hint *h = sk_play_current_hint(game);
    int last = sk_play_hint_node(game);
    if (!h || last < 0)
        return;
    size_t first = 0;
    for (size_t i = 0; i < h->chain_count; i++)
        if (h->chain_starts[i] <= (uint32_t)last)
            first = h->chain_starts[i];
    for (size_t k = first; k <= (size_t)last; k++) {
        const sk_chain_node *n = &h->nodes[k];
        for (int i = 0; i < n->cell_count && i < 9; i++)
            if (n->cells[i] < 81 && n->digit >= 1 && n->digit <= 9)
                (n->on ? chain->on : chain->off)[n->cells[i]] |= (uint16_t)(1u << (n->digit - 1));
    }
    chain->cell = h->nodes[last].cells[0];
    chain->digit = h->nodes[last].digit;
}

/* The attributes of digit d of cell as a chain node on show (0: none). */
static attr_t screen_chain_attr(const screen_chain *chain, int cell, int d)
{
    unsigned bit = 1u << (d - 1);
    if (!((chain->on[cell] | chain->off[cell]) & bit))
        return 0;
    bool on = chain->on[cell] & bit;
    attr_t attr = screen_colour ? screen_pair(on ? SCREEN_CHAIN_ON : SCREEN_CHAIN_OFF)
                                : (on ? A_BOLD : A_DIM) | A_UNDERLINE;
    if (cell == chain->cell && d == chain->digit)
        attr |= A_REVERSE | A_BOLD;
    return attr;
}

/* Draw one cell. */
static void screen_cell(const sk_play *game, int cell, const bool *clash, const sk_play_hint *hint,
                        const screen_chain *chain)
{
    int y = screen_cell_y(cell / 9), x = screen_cell_x(cell % 9);
    int value = sk_play_value(game, cell), highlight = sk_play_highlight(game);
    unsigned marks = sk_play_marks(game, cell);
    attr_t base = A_NORMAL;
    if (hint && hint->cells[cell])
        base |= screen_colour ? screen_pair(SCREEN_HINT) : A_UNDERLINE;
    if (cell == sk_play_cursor(game))
        base |= A_REVERSE;
    mvaddstr(y, x, "     ");
    mvaddstr(y + 1, x, "     ");
    mvchgat(y, x, 5, base, PAIR_NUMBER(base), NULL);
    mvchgat(y + 1, x, 5, base, PAIR_NUMBER(base), NULL);
    if (value) {
        char left = ' ', right = ' ';
        attr_t attr = base;
        if (sk_play_is_wrong(game, cell)) {
            left = right = '!';
            attr = screen_paint(base, SCREEN_WRONG) | A_BOLD;
        } else if (clash[cell]) {
            left = right = '*';
            attr = screen_paint(base, SCREEN_CONFLICT) | A_UNDERLINE;
        } else if (value == highlight) {
            left = '[';
            right = ']';
            attr = screen_paint(base, SCREEN_HIGHLIGHT);
        } else if (sk_play_is_given(game, cell)) {
            attr = screen_paint(base, SCREEN_GIVEN);
        } else {
            attr = screen_paint(base, SCREEN_ENTERED);
        }
        if (sk_play_is_given(game, cell))
            attr |= A_BOLD;
        char text[6] = {' ', left, (char)('0' + value), right, ' ', 0};
        attrset(attr);
        mvaddstr(y, x, text);
        attrset(A_NORMAL);
        return;
    }
    unsigned eliminated = hint ? hint->eliminated[cell] : 0;
    unsigned nodes = chain->on[cell] | chain->off[cell];
    if (!marks && !eliminated && !nodes) {
        bool target = hint && hint->place_cell == cell;
        attrset(base);
        mvaddch(y, x + 2, target ? '?' : '.');
        attrset(A_NORMAL);
        return;
    }
    for (int d = 1; d <= 9; d++) {
        unsigned bit = 1u << (d - 1);
        int dy = d <= 5 ? 0 : 1, dx = d <= 5 ? d - 1 : d - 6;
        attr_t attr = base;
        chtype ch = '.';
        attr_t node = screen_chain_attr(chain, cell, d);
        if (node) {
            ch = (chtype)('0' + d);
            attr = node;
        } else if (eliminated & bit) {
            ch = (chtype)('0' + d);
            attr = screen_paint(base, SCREEN_ELIMINATED) | A_BOLD | A_UNDERLINE;
        } else if (marks & bit) {
            ch = (chtype)('0' + d);
            attr = d == highlight ? screen_paint(base, SCREEN_HIGHLIGHT) | A_BOLD | A_UNDERLINE
                                  : screen_paint(base, SCREEN_MARK);
        } else {
            attr |= A_DIM;
        }
        attrset(attr);
        mvaddch(y + dy, x + dx, ch);
    }
    attrset(A_NORMAL);
}

/* Print text at (y, x) wrapped at spaces into width columns over at most
 * lines lines (a comma before a break left out), its control characters
 * escaped (a hint is a plugin's text). */
static void screen_wrap(int y, int x, int width, int lines, const char *raw)
{
    char escaped[1024];
    const char *text = ski_text_escape(escaped, sizeof escaped, raw, false);
    while (*text && lines-- > 0) {
        size_t len = strlen(text), cut = len;
        if (len > (size_t)width) {
            cut = (size_t)width;
            while (cut > 0 && text[cut] != ' ')
                cut--;
            if (cut == 0)
                cut = (size_t)width;
        }
        /* A line broken after a comma does not end on it. */
        size_t shown = cut < len && cut > 0 && text[cut - 1] == ',' ? cut - 1 : cut;
        mvaddnstr(y++, x, text, (int)shown);
        text += cut;
        while (*text == ' ')
            text++;
    }
}

/* The cursor cell's marks and candidates as two 3x3 grids. */
static void screen_cell_panel(const sk_play *game, int y)
{
    int cell = sk_play_cursor(game), value = sk_play_value(game, cell);
    char name[8];
    sk_cell_name(cell, name);
    if (value)
        mvprintw(y, PANEL_X, "Cell %s: %d%s", name, value,
                 sk_play_is_given(game, cell) ? " (given)" : "");
    else
        mvprintw(y, PANEL_X, "Cell %s: empty", name);
    mvaddstr(y + 1, PANEL_X, "Marks     Possible");
    unsigned marks = sk_play_marks(game, cell), cand = sk_play_candidates(game, cell);
    for (int r = 0; r < 3; r++) {
        for (int c = 0; c < 3; c++) {
            int d = r * 3 + c + 1;
            unsigned bit = 1u << (d - 1);
            mvaddch(y + 2 + r, PANEL_X + 2 * c, value ? ' ' : marks & bit ? '0' + d : '.');
            mvaddch(y + 2 + r, PANEL_X + 10 + 2 * c, value ? ' ' : cand & bit ? '0' + d : '.');
        }
    }
}

/* Lines y..y+2 of the panel: where the walk through hint's chains is (node
 * last), the last link and what makes it. */
static void screen_chain_panel(const sk_play_hint *hint, int last, int y)
{
    size_t chain = 0;
    while (chain + 1 < hint->chain_count && hint->chain_starts[chain + 1] <= (uint32_t)last)
        chain++;
    uint32_t first = hint->chain_starts[chain];
    char line[64], from[48], to[48], via[12];
    /* The step's own chains are counted; a nested one names the node it proves. */
    size_t own = 0, owns = 0;
    for (size_t i = 0; i < hint->chain_count; i++)
        if (hint->nodes[hint->chain_starts[i]].parent < 0) {
            owns++;
            own += i <= chain;
        }
    int proves = hint->nodes[first].parent;
    if (proves >= 0)
        snprintf(line, sizeof line, "Nested %s node %u/%u",
                 sk_chain_node_name(&hint->nodes[proves], from, sizeof from),
                 (unsigned)(last - (int)first + 1), (unsigned)(hint->chain_starts[chain + 1] - first));
    else
        snprintf(line, sizeof line, "Chain %zu/%zu node %u/%u", own, owns,
                 (unsigned)(last - (int)first + 1), (unsigned)(hint->chain_starts[chain + 1] - first));
    attrset(A_BOLD);
    mvaddnstr(y, PANEL_X, line, PANEL_W);
    attrset(A_NORMAL);
    const sk_chain_node *n = &hint->nodes[last];
    sk_chain_node_name(n, to, sizeof to);
    if (n->parent < 0 || (uint32_t)n->parent < first) {
        snprintf(line, sizeof line, "%s (start)", to);
        mvaddnstr(y + 1, PANEL_X, line, PANEL_W);
        return;
    }
    snprintf(line, sizeof line, "%s -> %s",
             sk_chain_node_name(&hint->nodes[n->parent], from, sizeof from), to);
    mvaddnstr(y + 1, PANEL_X, line, PANEL_W);
    snprintf(line, sizeof line, "%s%s%s", sk_link_names[n->link <= SK_LINK_NESTED ? n->link : 0],
             sk_via_name(n->via, via)[0] ? ", " : "", via);
    mvaddnstr(y + 2, PANEL_X, line, PANEL_W);
}

static void screen_panel(const sk_play *game, const sk_play_view *view)
{
    int64_t s = sk_play_elapsed(game) / 1000;
    attrset(A_BOLD);
    mvaddnstr(0, PANEL_X, "sudokit play", PANEL_W);
    attrset(A_NORMAL);
    screen_wrap(1, PANEL_X, PANEL_W, 2, view->title);
    mvprintw(3, PANEL_X, "Time %" PRId64 ":%02d:%02d  Hints %d", s / 3600, (int)(s / 60 % 60),
             (int)(s % 60), sk_play_hints(game));
    mvprintw(4, PANEL_X, "Filled %d/81  Undo %zu", sk_play_filled(game), sk_play_undo_depth(game));
    mvprintw(5, PANEL_X, "Mode: %s", sk_play_mark_mode(game) ? "PENCIL MARKS" : "digits");
    if (sk_play_highlight(game))
        mvprintw(6, PANEL_X, "Highlight: %d", sk_play_highlight(game));
    else
        mvaddstr(6, PANEL_X, "Highlight: none");
    screen_cell_panel(game, 8);
    sk_play_status status = sk_play_get_status(game);
    if (status != SK_PLAY_PLAYING) {
        attrset(A_BOLD);
        mvprintw(14, PANEL_X, "Game %s", sk_play_status_name(status));
        attrset(A_NORMAL);
    }
    const sk_play_hint *hint = sk_play_current_hint(game);
    if (hint) {
        attrset(A_BOLD);
        mvaddstr(15, PANEL_X, "Hint:");
        attrset(A_NORMAL);
        bool chain = sk_play_hint_node(game) >= 0;
        screen_wrap(16, PANEL_X, PANEL_W, chain ? 3 : 6, hint->text);
        if (chain)
            screen_chain_panel(hint, sk_play_hint_node(game), 19);
        return;
    }
    attrset(A_BOLD);
    mvaddstr(15, PANEL_X, "More keys:");
    attrset(A_NORMAL);
    for (size_t i = 0; i < sizeof screen_keys / sizeof screen_keys[0]; i++)
        mvaddnstr(16 + (int)i, PANEL_X, screen_keys[i], PANEL_W);
}

void ski_play_screen_draw(const sk_play *game, const sk_play_view *view)
{
    erase();
    if (LINES < SCREEN_H || COLS < SCREEN_W) {
        mvprintw(0, 0, "sudokit play needs %dx%d;", SCREEN_W, SCREEN_H);
        mvprintw(1, 0, "this terminal is %dx%d.", COLS, LINES);
        mvprintw(2, 0, "Enlarge it, or q to quit.");
        refresh();
        return;
    }
    bool clash[81];
    sk_play_conflicts(game, clash);
    const sk_play_hint *hint = sk_play_current_hint(game);
    screen_chain chain;
    screen_chain_of(game, &chain);
    screen_borders();
    for (int cell = 0; cell < 81; cell++)
        screen_cell(game, cell, clash, hint, &chain);
    screen_panel(game, view);
    const char *message = sk_play_message(game);
    char line[4 * sizeof view->notice];
    ski_text_escape(line, sizeof line, view->alert || !*message ? view->notice : message, false);
    if (view->alert)
        attrset(A_BOLD | screen_pair(SCREEN_CONFLICT));
    mvaddnstr(22, 0, line, SCREEN_W);
    attrset(A_NORMAL);
    attrset(A_DIM);
    mvaddnstr(23, 0, screen_help, SCREEN_W);
    attrset(A_NORMAL);
    refresh();
}

int ski_play_screen_key(int timeout_ms, int *key)
{
    timeout(timeout_ms);
    int ch = getch();
    switch (ch) {
    case ERR:
    case KEY_RESIZE:
        return 0;
    case KEY_UP:
        *key = SK_PLAY_KEY_UP;
        break;
    case KEY_DOWN:
        *key = SK_PLAY_KEY_DOWN;
        break;
    case KEY_LEFT:
        *key = SK_PLAY_KEY_LEFT;
        break;
    case KEY_RIGHT:
        *key = SK_PLAY_KEY_RIGHT;
        break;
    case KEY_DC:
        *key = SK_PLAY_KEY_DELETE;
        break;
    case KEY_BACKSPACE:
        *key = SK_PLAY_KEY_BACKSPACE;
        break;
    case 27:
        *key = SK_PLAY_KEY_ESCAPE;
        break;
    default:
        if (ch < 0 || ch > 0xFF)
            return 0;
        *key = ch;
    }
    return 1;
}
