/* Formats: files written by other programs (or by hand after their
 * descriptions), in tests/data/formats, read as those programs mean them:
 * the layout detected per file, every puzzle, and the metadata kept. */
#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "records.h"
#include "sudokit/reader.h"

#define A "3.....8......9..2....2.4.5..3....4.....6.1...26..39.....49...8.....58.6.9.....3.."
#define B "..92.6..5......62.3..7...........4....4.529......39.6...5..3..6.175...4.4.....2.."

typedef struct file_case {
    const char *file;
    sk_format layout; /* detected */
    int puzzles;
    int record;         /* the record (0-based) the checks below are of */
    const char *puzzle; /* its puzzle */
    const char *name, *difficulty;
    bool solution;
    int cell;       /* a cell whose candidates are checked, or -1 */
    uint16_t marks; /* its candidates */
} file_case;

static const file_case file_cases[] = {
    {"qqwing_stats.csv", SK_FORMAT_QQWING, 3, 0,
     "...9.......5.4..9...4..2..11.76....4..2..7...49.1...2..8.......2..581...5..29.7..", NULL,
     "Expert", true, -1, 0},
    {"qqwing.csv", SK_FORMAT_QQWING, 2, 0, A, NULL, NULL, true, -1, 0},
    {"qqwing_readable.txt", SK_FORMAT_QQWING_READABLE, 2, 0,
     "...1..4..3...54....2.98....", NULL, NULL, false, -1, 0},
    {"kennett_standard.txt", SK_FORMAT_KENNETT, 2, 1,
     ".463.2..9.38.....47..1.....57...8....14...89....9...73.....9..74.....91.9..7.538.",
     "randomly generated - medium", NULL, false, -1, 0},
    {"kennett_compact.txt", SK_FORMAT_KENNETT, 2, 0,
     ".641.8..9..7369....3.7.......6...487.........348...5.......1.3....5261..9..8.324.",
     "randomly generated - medium", NULL, false, -1, 0},
    {"sudocue.sdk", SK_FORMAT_SDK, 1, 0, A, "A hand-made sdk puzzle", "Medium", false, -1, 0},
    {"sadman_sections.sdk", SK_FORMAT_SDK, 1, 0, A, NULL, NULL, false, -1, 0},
    {"simple_sudoku.ss", SK_FORMAT_SS, 1, 0, B, NULL, NULL, false, 0, SK_MARK(8)},
    {"simple_sudoku_bars.ss", SK_FORMAT_SS, 2, 1, B, NULL, NULL, false, -1, 0},
    {"hodoku_library.txt", SK_FORMAT_HODOKU, 3, 1, B, NULL, NULL, false, 7, SK_MARK(3)},
    {"pencil_marks.txt", SK_FORMAT_MARKS, 2, 0, A, NULL, NULL, false, 1,
     SK_MARK(2) | SK_MARK(4) | SK_MARK(5) | SK_MARK(7) | SK_MARK(9)},
    {"sudocue_collection.sdm", SK_FORMAT_LINE, 2, 1, B, NULL, NULL, false, -1, 0},
};

/* The puzzle of r as 81 characters, NUL-terminated. */
static void puzzle_text(const sk_record *r, char out[82])
{
    sk_grid_format_line(&r->puzzle, out, true);
    out[81] = '\0';
}

static void check_record(const file_case *c, const sk_record *r)
{
    char text[82];
    puzzle_text(r, text);
    /* qqwing_readable's puzzle is checked by its first rows only. */
    CHECK(strncmp(text, c->puzzle, strlen(c->puzzle)) == 0);
    CHECK(c->name ? r->name && strcmp(r->name, c->name) == 0 : !r->name || !*r->name);
    CHECK(c->difficulty ? r->difficulty && strcmp(r->difficulty, c->difficulty) == 0
                        : !r->difficulty);
    CHECK_INT(r->has_solution, c->solution);
    if (c->solution)
        CHECK(sk_grid_solves(&r->puzzle, &r->solution));
    if (c->cell >= 0) {
        CHECK(r->has_candidates);
        CHECK_INT(r->candidates.cells[c->cell], c->marks);
    }
}

static void run_file(const file_case *c, const char *dir)
{
    char path[1024];
    sk_error err;
    snprintf(path, sizeof path, "%s/formats/%s", dir, c->file);
    sk_reader *reader = sk_reader_open(path, &err);
    CHECK(reader != NULL);
    if (!reader)
        return;
    int read = 0;
    sk_read_status status;
    sk_grid grid;
    while ((status = sk_reader_next(reader, &grid)) == SK_READ_OK) {
        if (read++ == c->record)
            check_record(c, sk_reader_record(reader));
    }
    if (status != SK_READ_END || read != c->puzzles ||
        sk_reader_format(reader) != c->layout)
        fprintf(stderr, "%s: %d read as %s, then: %s\n", c->file, read,
                sk_format_names[sk_reader_format(reader)], sk_reader_error(reader));
    CHECK_INT(status, SK_READ_END);
    CHECK_INT(read, c->puzzles);
    CHECK_INT(sk_reader_format(reader), c->layout);
    sk_reader_close(reader);
}

static void files_are_read_as_their_programs_mean(void)
{
    const char *dir = getenv("SUDOKIT_DATA");
    CHECK(dir != NULL);
    for (size_t i = 0; dir && i < sizeof file_cases / sizeof file_cases[0]; i++)
        run_file(&file_cases[i], dir);
}

/* The same files, each layout chosen instead of detected. */
static void files_read_with_their_layout_chosen(void)
{
    const char *dir = getenv("SUDOKIT_DATA");
    for (size_t i = 0; dir && i < sizeof file_cases / sizeof file_cases[0]; i++) {
        file_case c = file_cases[i];
        char path[1024];
        sk_error err;
        snprintf(path, sizeof path, "%s/formats/%s", dir, c.file);
        sk_reader *reader = sk_reader_open(path, &err);
        if (c.layout == SK_FORMAT_LINE)
            c.layout = SK_FORMAT_SDM;
        sk_reader_set_format(reader, c.layout);
        int read = 0;
        sk_grid grid;
        while (sk_reader_next(reader, &grid) == SK_READ_OK)
            read++;
        if (read != c.puzzles)
            fprintf(stderr, "%s as %s: %d read: %s\n", c.file, sk_format_names[c.layout], read,
                    sk_reader_error(reader));
        CHECK_INT(read, c.puzzles);
        CHECK_INT(sk_reader_format(reader), c.layout);
        sk_reader_close(reader);
    }
}

static const ski_test_case cases[] = {
    {"files_are_read_as_their_programs_mean", files_are_read_as_their_programs_mean},
    {"files_read_with_their_layout_chosen", files_read_with_their_layout_chosen},
};

SK_TEST_MAIN(cases)
