/* Formats: every record written in every layout reads back with the
 * fields its layout carries, several records a stream. */
#include <inttypes.h>
#include <stdio.h>

#include "check.h"
#include "records.h"
#include "sudokit/reader.h"

/* The text fields' members, and the grid fields'. */
static const char *view_text_of(const sk_record *r, int field, bool *is_text)
{
    const char *const texts[SK_FIELD_COUNT] = {
        [SK_FIELD_STRATEGY] = r->strategy,
        [SK_FIELD_OPTIONS] = r->options,
        [SK_FIELD_SOURCE] = r->source,
        [SK_FIELD_CREATED] = r->created,
        [SK_FIELD_RATER] = r->rater,
        [SK_FIELD_RATER_VERSION] = r->rater_version,
        [SK_FIELD_LAST_GAME_STATUS] = r->last_game_status,
        [SK_FIELD_NAME] = r->name,
        [SK_FIELD_DIFFICULTY] = r->difficulty,
    };
    *is_text = field == SK_FIELD_STRATEGY || field == SK_FIELD_OPTIONS ||
               field == SK_FIELD_SOURCE || field == SK_FIELD_CREATED || field == SK_FIELD_RATER ||
               field == SK_FIELD_RATER_VERSION || field == SK_FIELD_LAST_GAME_STATUS ||
               field == SK_FIELD_NAME || field == SK_FIELD_DIFFICULTY;
    return texts[field];
}

static const sk_grid *view_grid_of(const sk_record *r, int field, bool *is_grid)
{
    *is_grid =
        field == SK_FIELD_PUZZLE || field == SK_FIELD_SOLUTION || field == SK_FIELD_CANONICAL;
    if (field == SK_FIELD_PUZZLE)
        return &r->puzzle;
    if (field == SK_FIELD_SOLUTION)
        return r->has_solution ? &r->solution : NULL;
    return field == SK_FIELD_CANONICAL && r->has_canonical ? &r->canonical : NULL;
}

/* The other fields: numbers, flags and names. */
static bool view_other(const sk_record *r, int field, char *buf, size_t len)
{
    static const char *const levels[] = SK_LEVEL_NAMES;
    static const char *const symmetries[] = {SK_GRID_SYMMETRY_NAMES};
    const sk_rating *g = &r->rating;
    if (field >= SK_FIELD_SCORE && field <= SK_FIELD_STEPS && !r->rated)
        return false;
    switch (field) {
    case SK_FIELD_INDEX:
        return snprintf(buf, len, "%" PRIu64, r->index), r->has_index;
    case SK_FIELD_ID:
        return snprintf(buf, len, "%" PRId64, r->id), r->id != 0;
    case SK_FIELD_CLUES:
        return snprintf(buf, len, "%d", sk_grid_clues(&r->puzzle)), true;
    case SK_FIELD_SYMMETRY:
        return snprintf(buf, len, "%s", symmetries[r->symmetry % 5]), r->has_symmetry;
    case SK_FIELD_MINIMAL:
        return snprintf(buf, len, "%d", r->minimal), r->minimal >= 0;
    case SK_FIELD_SEED:
        return snprintf(buf, len, "%" PRIu64, r->seed), r->has_seed;
    case SK_FIELD_LINE:
        return snprintf(buf, len, "%zu", r->line), r->line != 0;
    case SK_FIELD_SCORE:
        return snprintf(buf, len, "%.2f", g->score), true;
    case SK_FIELD_LOWER_BOUND:
        return snprintf(buf, len, "%d", g->score_is_lower_bound), true;
    case SK_FIELD_FIRST_STEP:
        return snprintf(buf, len, "%.2f", g->first_step), true;
    case SK_FIELD_FIRST_PLACEMENT:
        return snprintf(buf, len, "%.2f", g->first_placement), true;
    case SK_FIELD_LEVEL:
        return snprintf(buf, len, "%d", g->level), true;
    case SK_FIELD_LEVEL_NAME:
        return snprintf(buf, len, "%s", levels[g->level % 6]), g->level >= 1;
    case SK_FIELD_HARDEST:
        return snprintf(buf, len, "%s", g->hardest), true;
    case SK_FIELD_STEPS:
        return snprintf(buf, len, "%" PRIu32, g->steps), true;
    case SK_FIELD_GAMES:
        return snprintf(buf, len, "%d", r->games), r->has_games;
    case SK_FIELD_CANDIDATES:
        if (r->has_candidates && len > SK_MARKS_CHARS)
            sk_marks_format(&r->candidates, buf), buf[SK_MARKS_CHARS] = '\0';
        return r->has_candidates;
    default: /* SK_FIELD_LAST_GAME_ID */
        return snprintf(buf, len, "%" PRId64, r->last_game_id), r->last_game_id != 0;
    }
}

/* The test's own view of a field: whether the record holds it, and its
 * value as text (scores to the two decimals every layout keeps). */
static bool view(const sk_record *r, int field, char *buf, size_t len)
{
    bool is_text, is_grid, present;
    const char *text = view_text_of(r, field, &is_text);
    const sk_grid *grid = view_grid_of(r, field, &is_grid);
    buf[0] = '\0';
    if (is_text) {
        present = text != NULL;
        snprintf(buf, len, "%s", present ? text : "");
    } else if (is_grid) {
        present = grid != NULL;
        if (present)
            sk_grid_format_line(grid, buf, true), buf[81] = '\0';
    } else {
        present = view_other(r, field, buf, len);
    }
    if (!present)
        buf[0] = '\0';
    return present;
}

/* One case: a record written with a layout; back is what json gives back
 * when it differs (text that was not UTF-8). */
typedef struct roundtrip_case {
    const char *name;
    const sk_layout *layout;
    sk_record records[3];
    size_t count;
    const sk_record *json_back; /* per record, or NULL */
} roundtrip_case;

static bool in_layout(const sk_layout *layout, int field)
{
    for (size_t i = 0; i < layout->column_count; i++)
        if (layout->columns[i] == field)
            return true;
    return false;
}

/* What the reader gives back for a field the layout does not carry: the
 * place it read the record from, or nothing. */
static bool expect_uncarried(const sk_record *got, int field, size_t line, char *buf, size_t len)
{
    sk_record zero;
    sk_record_init(&zero);
    zero.rated = true;
    buf[0] = '\0';
    if (field == SK_FIELD_SOURCE)
        return snprintf(buf, len, "rt"), true;
    if (field == SK_FIELD_LINE)
        return snprintf(buf, len, "%zu", line), true;
    /* Rating fields the layout lacks are zero when others made it rated. */
    return got->rated && view(&zero, field, buf, len);
}

/* What the layouts of other programs give back of a field: *present
 * and its value in buf; false when format is not such a layout or does
 * not carry the field (the reader then gives what expect_uncarried says). */
/* The f-puzzles layouts: a puzzle's JSON, plain or in a link. */
static bool is_fpuzzles(sk_format format)
{
    return format == SK_FORMAT_FPUZZLES || format == SK_FORMAT_FPUZZLES_URL ||
           format == SK_FORMAT_SUDOKUPAD_URL;
}

static bool expect_other(sk_format format, const sk_layout *layout, const sk_record *want,
                         int field, bool *present, char *buf, size_t len)
{
    static const char *const levels[] = SK_LEVEL_NAMES;
    bool puzzle_drawn = layout->grid == SK_FIELD_PUZZLE;
    buf[0] = '\0';
    if (field == SK_FIELD_NAME &&
        (format == SK_FORMAT_SDK || format == SK_FORMAT_KENNETT || is_fpuzzles(format))) {
        *present = format == SK_FORMAT_KENNETT || (want->name && *want->name);
        snprintf(buf, len, "%s", want->name ? want->name : "");
        return true;
    }
    if (field == SK_FIELD_DIFFICULTY && format == SK_FORMAT_SDK) {
        int level = want->rating.level;
        const char *d = want->difficulty && *want->difficulty     ? want->difficulty
                        : want->rated && level >= 1 && level <= 5 ? levels[level]
                                                                  : NULL;
        *present = d != NULL;
        snprintf(buf, len, "%s", d ? d : "");
        return true;
    }
    if (field != SK_FIELD_CANDIDATES ||
        (format != SK_FORMAT_MARKS && format != SK_FORMAT_HODOKU && format != SK_FORMAT_SS))
        return false;
    bool unused;
    sk_record marks = *want;
    if (!want->has_candidates || !puzzle_drawn)
        sk_marks_of_grid(view_grid_of(want, layout->grid, &unused), &marks.candidates);
    *present = format == SK_FORMAT_MARKS || (want->has_candidates && puzzle_drawn &&
                                             sk_marks_differ(&want->candidates, &want->puzzle));
    marks.has_candidates = *present;
    view(&marks, SK_FIELD_CANDIDATES, buf, len);
    return true;
}

/* Check every field of got, read back from format, against want. */
static void check_fields(const char *name, sk_format format, const sk_layout *layout,
                         const sk_record *want, const sk_record *got, size_t line)
{
    bool tabular = format == SK_FORMAT_CSV || format == SK_FORMAT_JSON;
    for (int field = 0; field < SK_FIELD_COUNT; field++) {
        bool derived =
            field == SK_FIELD_CLUES || field == SK_FIELD_LEVEL || field == SK_FIELD_LEVEL_NAME;
        bool grid = field == SK_FIELD_PUZZLE || field == SK_FIELD_SOLUTION;
        if ((derived && (!tabular || !in_layout(layout, field))) || (grid && !tabular))
            continue;
        char w[800], g[800];
        bool gp = view(got, field, g, sizeof g), wp;
        if (tabular && in_layout(layout, field)) {
            wp = view(want, field, w, sizeof w);
            /* In csv an empty text is a missing field (hardest is then
             * empty when other fields make the record rated). */
            if (format == SK_FORMAT_CSV && wp && !w[0])
                wp = field == SK_FIELD_HARDEST && got->rated;
            if (!wp && (field == SK_FIELD_SOURCE || field == SK_FIELD_LINE))
                wp = expect_uncarried(got, field, line, w, sizeof w);
        } else if (!expect_other(format, layout, want, field, &wp, w, sizeof w)) {
            wp = expect_uncarried(got, field, line, w, sizeof w);
        }
        if (wp != gp || strcmp(w, g) != 0) {
            fprintf(stderr, "%s, %s: field %s: wrote %s'%s', read %s'%s'\n", name,
                    sk_format_names[format], sk_field_names[field], wp ? "" : "none ", w,
                    gp ? "" : "none ", g);
            ski_test_failed_checks++;
        }
    }
}

/* In the drawn layouts, the grid comes back as the puzzle and the beside
 * grid, when the record had it and the layout draws it (line, classic,
 * readable; in the f-puzzles layouts only when it is the solution), as
 * the solution; csv, json and qqwing give the puzzle back, and qqwing the
 * solution when it is a column. */
static void check_grids(const char *name, sk_format format, const sk_layout *layout,
                        const sk_record *want, const sk_record *got)
{
    bool unused;
    const sk_grid *grid = view_grid_of(want, layout->grid, &unused);
    const sk_grid *beside =
        layout->beside >= 0 ? view_grid_of(want, layout->beside, &unused) : NULL;
    if (format == SK_FORMAT_CSV || format == SK_FORMAT_JSON) {
        CHECK(memcmp(&got->puzzle, &want->puzzle, sizeof got->puzzle) == 0);
        return;
    }
    if (format == SK_FORMAT_QQWING) {
        grid = &want->puzzle;
        beside =
            in_layout(layout, SK_FIELD_SOLUTION) && want->has_solution ? &want->solution : NULL;
    } else if (is_fpuzzles(format)) {
        beside = layout->beside == SK_FIELD_SOLUTION ? beside : NULL;
    } else if (format != SK_FORMAT_LINE && format != SK_FORMAT_CLASSIC &&
               format != SK_FORMAT_READABLE) {
        beside = NULL;
    }
    bool ok = memcmp(&got->puzzle, grid, sizeof *grid) == 0 &&
              got->has_solution == (beside != NULL) &&
              (!beside || memcmp(&got->solution, beside, sizeof *beside) == 0);
    if (!ok)
        fprintf(stderr, "%s, %s: the grids differ\n", name, sk_format_names[format]);
    CHECK(ok);
}

/* Write the case's records in format, read them back (detected, or with
 * the format chosen), and compare. */
static void roundtrip(const roundtrip_case *c, sk_format format, bool choose)
{
    char *text = records_write(format, c->layout, c->records, c->count);
    CHECK(text != NULL);
    if (!text)
        return;
    sk_reader *reader = sk_reader_from_string(text, "rt");
    if (choose)
        sk_reader_set_format(reader, format);
    size_t read = 0;
    sk_read_status status;
    sk_grid grid;
    while ((status = sk_reader_next(reader, &grid)) == SK_READ_OK && read < c->count) {
        const sk_record *got = sk_reader_record(reader);
        const sk_record *want = &c->records[read];
        CHECK(memcmp(&grid, &got->puzzle, sizeof grid) == 0);
        check_grids(c->name, format, c->layout, want, got);
        if (format == SK_FORMAT_JSON && c->json_back)
            want = &c->json_back[read];
        check_fields(c->name, format, c->layout, want, got, sk_reader_position_of(reader)->line);
        read++;
    }
    if (status != SK_READ_END || read != c->count)
        fprintf(stderr, "%s, %s: %zu of %zu read: %s\n%s", c->name, sk_format_names[format], read,
                c->count, sk_reader_error(reader), text);
    CHECK_INT(status, SK_READ_END);
    CHECK_INT(read, c->count);
    /* sdm is the line layout to a reader that detects it. */
    CHECK_INT(sk_reader_format(reader),
              !choose && format == SK_FORMAT_SDM ? SK_FORMAT_LINE : format);
    sk_reader_close(reader);
    free(text);
}

/* ------------------------------------------------------------ layouts -- */

static const int cols_puzzle[] = {SK_FIELD_PUZZLE};
static const sk_layout layout_puzzle = {cols_puzzle, 1, SK_FIELD_PUZZLE, -1, NULL, 0};

static const int cols_beside[] = {SK_FIELD_PUZZLE, SK_FIELD_SOLUTION};
static const sk_layout layout_beside = {cols_beside,       2,    SK_FIELD_PUZZLE,
                                        SK_FIELD_SOLUTION, NULL, 0};
static const sk_layout layout_solve = {cols_beside, 2, SK_FIELD_SOLUTION, -1, NULL, 0};

static const int cols_canonical[] = {SK_FIELD_CANONICAL, SK_FIELD_PUZZLE};
static const sk_layout layout_canonical = {cols_canonical,  2,    SK_FIELD_CANONICAL,
                                           SK_FIELD_PUZZLE, NULL, 0};

static const int cols_rate[] = {SK_FIELD_PUZZLE,     SK_FIELD_SCORE,           SK_FIELD_LOWER_BOUND,
                                SK_FIELD_FIRST_STEP, SK_FIELD_FIRST_PLACEMENT, SK_FIELD_LEVEL,
                                SK_FIELD_LEVEL_NAME, SK_FIELD_STEPS,           SK_FIELD_HARDEST,
                                SK_FIELD_RATER,      SK_FIELD_RATER_VERSION};
static const int tail_rate[] = {SK_FIELD_SCORE, SK_FIELD_LEVEL, SK_FIELD_LEVEL_NAME,
                                SK_FIELD_HARDEST};
static const sk_layout layout_rate = {cols_rate, 11, SK_FIELD_PUZZLE, -1, tail_rate, 4};

/* Only the name of the level: the level comes back from it. */
static const int cols_level_name[] = {SK_FIELD_PUZZLE, SK_FIELD_LEVEL_NAME};
static const sk_layout layout_level_name = {cols_level_name, 2, SK_FIELD_PUZZLE, -1, NULL, 0};

static const int tail_all[] = {SK_FIELD_INDEX,   SK_FIELD_ID,     SK_FIELD_CLUES, SK_FIELD_SYMMETRY,
                               SK_FIELD_MINIMAL, SK_FIELD_SOURCE, SK_FIELD_SCORE, SK_FIELD_HARDEST};
static const sk_layout layout_all = {records_all_fields, SK_FIELD_COUNT, SK_FIELD_PUZZLE,
                                     SK_FIELD_SOLUTION,  tail_all,       8};

/* Text first, so that a row may begin with what looks like a comment. */
static const int cols_text[] = {SK_FIELD_STRATEGY, SK_FIELD_PUZZLE,          SK_FIELD_OPTIONS,
                                SK_FIELD_SOURCE,   SK_FIELD_CREATED,         SK_FIELD_RATER,
                                SK_FIELD_HARDEST,  SK_FIELD_LAST_GAME_STATUS};
static const int tail_text[] = {SK_FIELD_STRATEGY, SK_FIELD_SOURCE, SK_FIELD_CREATED,
                                SK_FIELD_HARDEST};
static const sk_layout layout_text = {cols_text,         8,         SK_FIELD_PUZZLE,
                                      SK_FIELD_SOLUTION, tail_text, 4};

/* -------------------------------------------------------------- cases -- */

/* A rated record with these texts in its text fields. */
static sk_record record_texts(const char *const text[7])
{
    sk_record r = records_rated();
    r.strategy = text[0];
    r.options = text[1];
    r.source = text[2];
    r.created = text[3];
    r.rater = text[4];
    snprintf(r.rating.hardest, sizeof r.rating.hardest, "%s", text[5]);
    r.last_game_status = text[6];
    return r;
}

/* Text that csv must quote and json escape (all valid UTF-8). */
static sk_record record_quoting(void)
{
    static const char *const text[7] = {"#not a comment",
                                        "a,b=\"c\"",
                                        "  blanks around  ",
                                        "two\nlines, a\rreturn",
                                        "tab\there",
                                        "quote \" back \\ slash \x01",
                                        "caf\xc3\xa9 \xe2\x98\x83 \xf0\x9f\x98\x80"};
    return record_texts(text);
}

/* Text a spreadsheet would compute, or that would start a line of its
 * own (a shell command after a quote and a line end): csv escapes it. */
static sk_record record_formulas_and_lines(void)
{
    static const char *const text[7] = {
        "=HYPERLINK(\"http://x\",\"y\")", "+1",  "x\"\ntouch pwned #\r\n", "-2", "@SUM(A1)",
        "'\\n is not a line end \\",      "\t=1"};
    return record_texts(text);
}

/* Empty texts: json keeps them, csv reads them as missing. */
static sk_record record_empty_texts(void)
{
    sk_record r = records_rated();
    r.strategy = "";
    r.options = "";
    r.rating.hardest[0] = '\0';
    r.has_solution = false;
    return r;
}

/* Bytes that are not UTF-8 in free text, and what json gives back: each
 * such byte as the character of its value. */
static sk_record record_bad_utf8(bool back)
{
    sk_record r = records_rated();
    r.source = back ? "\xc2\x80x" : "\x80x";
    r.strategy = back ? "ok\xc3\xad\xc2\xa0\xc2\x80" : "ok\xed\xa0\x80";
    strcpy(r.rating.hardest, back ? "bad \xc3\xbf\xc3\xbe end \xc3\x83" : "bad \xff\xfe end \xc3");
    return r;
}

static sk_record record_level_zero(void)
{
    sk_record r = records_rated();
    r.rating.level = 0;
    r.rating.score_is_lower_bound = 0;
    r.rating.score = 11.95;
    return r;
}

static void roundtrip_all(const roundtrip_case *c)
{
    for (sk_format format = SK_FORMAT_LINE; format < SK_FORMAT_COUNT; format++) {
        roundtrip(c, format, false);
        roundtrip(c, format, true);
    }
}

static void plain_puzzles(void)
{
    roundtrip_case c = {
        "plain", &layout_puzzle, {records_puzzle(false), records_puzzle(true)}, 2, NULL};
    roundtrip_all(&c);
}

static void solution_beside(void)
{
    roundtrip_case c = {"beside",
                        &layout_beside,
                        {records_puzzle(true), records_puzzle(false), records_puzzle(true)},
                        3,
                        NULL};
    roundtrip_all(&c);
}

static void solve_shows_the_solution(void)
{
    roundtrip_case c = {
        "solve", &layout_solve, {records_puzzle(true), records_puzzle(true)}, 2, NULL};
    roundtrip_all(&c);
}

static void canonical_with_puzzle_beside(void)
{
    roundtrip_case c = {"canonical", &layout_canonical, {records_full(), records_full()}, 2, NULL};
    roundtrip_all(&c);
}

static void rating_fields(void)
{
    roundtrip_case c = {"rating",
                        &layout_rate,
                        {records_rated(), records_puzzle(false), record_level_zero()},
                        3,
                        NULL};
    roundtrip_all(&c);
    roundtrip_case names = {
        "level_name", &layout_level_name, {records_rated(), records_full()}, 2, NULL};
    roundtrip_all(&names);
}

static void every_field_and_none(void)
{
    roundtrip_case c = {"all", &layout_all, {records_full(), records_puzzle(false)}, 2, NULL};
    roundtrip_all(&c);
}

static void text_needing_quotes_and_escapes(void)
{
    roundtrip_case c = {"quoting", &layout_text, {record_quoting(), record_empty_texts()}, 2, NULL};
    roundtrip_all(&c);
    roundtrip_case formulas = {
        "formulas", &layout_text, {record_formulas_and_lines(), record_quoting()}, 2, NULL};
    roundtrip_all(&formulas);
}

static void bytes_that_are_not_utf8(void)
{
    sk_record back[] = {record_bad_utf8(true)};
    roundtrip_case c = {"bad utf-8", &layout_text, {record_bad_utf8(false)}, 1, back};
    roundtrip_all(&c);
}

static const ski_test_case cases[] = {
    {"plain_puzzles", plain_puzzles},
    {"solution_beside", solution_beside},
    {"solve_shows_the_solution", solve_shows_the_solution},
    {"canonical_with_puzzle_beside", canonical_with_puzzle_beside},
    {"rating_fields", rating_fields},
    {"every_field_and_none", every_field_and_none},
    {"text_needing_quotes_and_escapes", text_needing_quotes_and_escapes},
    {"bytes_that_are_not_utf8", bytes_that_are_not_utf8},
};

SK_TEST_MAIN(cases)
