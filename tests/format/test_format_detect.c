/* Formats: the layout detected per file, a chosen layout, inputs every
 * layout accepts, the record read, and progress. */
#include <stdio.h>
#include <unistd.h>

#include "check.h"
#include "records.h"
#include "sudokit/reader.h"

#define P PUZZLE_LINE
#define S SOLUTION_LINE
#define CLASSIC                                                                                    \
    "5 3 0 0 7 0 0 0 0\n6 0 0 1 9 5 0 0 0\n0 9 8 0 0 0 0 6 0\n8 0 0 0 6 0 0 0 3\n"                 \
    "4 0 0 8 0 3 0 0 1\n7 0 0 0 2 0 0 0 6\n0 6 0 0 0 0 2 8 0\n0 0 0 4 1 9 0 0 5\n"                 \
    "0 0 0 0 8 0 0 7 9\n"
#define ROWS                                                                                       \
    "| 5 3 . | . 7 . | . . . |\n| 6 . . | 1 9 5 | . . . |\n| . 9 8 | . . . | . 6 . |\n"            \
    "| 8 . . | . 6 . | . . 3 |\n| 4 . . | 8 . 3 | . . 1 |\n| 7 . . | . 2 . | . . 6 |\n"            \
    "| . 6 . | . . . | 2 8 . |\n| . . . | 4 1 9 | . . 5 |\n| . . . | . 8 . | . 7 9 |\n"

typedef struct detect_case {
    const char *name;
    sk_format chosen;
    const char *text;
    sk_format format; /* sk_reader_format after reading everything */
    int good, bad;
} detect_case;

static void run_detect_cases(const detect_case *cases, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        sk_reader *reader = sk_reader_from_string(cases[i].text, "t");
        sk_reader_set_format(reader, cases[i].chosen);
        CHECK_INT(sk_reader_format(reader), cases[i].chosen);
        int good = 0, bad = 0;
        sk_read_status status;
        sk_grid grid;
        while ((status = sk_reader_next(reader, &grid)) != SK_READ_END && good + bad < 100) {
            good += status == SK_READ_OK;
            bad += status != SK_READ_OK;
            if (status == SK_READ_OK)
                CHECK(memcmp(&grid, &sk_reader_record(reader)->puzzle, sizeof grid) == 0);
            else if (!cases[i].bad)
                fprintf(stderr, "case '%s': %s\n", cases[i].name, sk_reader_error(reader));
        }
        if (good != cases[i].good || bad != cases[i].bad ||
            sk_reader_format(reader) != cases[i].format)
            fprintf(stderr, "case '%s': %d good, %d bad, read as %s\n", cases[i].name, good, bad,
                    sk_format_names[sk_reader_format(reader)]);
        CHECK_INT(good, cases[i].good);
        CHECK_INT(bad, cases[i].bad);
        CHECK_INT(sk_reader_format(reader), cases[i].format);
        sk_reader_close(reader);
    }
}

#define RUN(cases) run_detect_cases(cases, sizeof cases / sizeof cases[0])

static void layouts_are_detected(void)
{
    static const detect_case cases[] = {
        {"json", SK_FORMAT_AUTO, "{\"puzzle\":\"" P "\"}\n", SK_FORMAT_JSON, 1, 0},
        {"json after comments and blanks", SK_FORMAT_AUTO,
         "# made by hand\n\n   \n  {\"puzzle\":\"" P "\"}\n", SK_FORMAT_JSON, 1, 0},
        {"readable", SK_FORMAT_AUTO, "# 4.20\n+-------+\n" ROWS "+----\n", SK_FORMAT_READABLE, 1,
         0},
        {"readable without borders", SK_FORMAT_AUTO, ROWS "\n" ROWS, SK_FORMAT_READABLE, 2, 0},
        {"csv", SK_FORMAT_AUTO, "index,puzzle,solution\n1," P "," S "\n", SK_FORMAT_CSV, 1, 0},
        {"csv of one column", SK_FORMAT_AUTO, "puzzle\n" P "\n" P "\n", SK_FORMAT_CSV, 2, 0},
        {"csv, quoted and spaced names", SK_FORMAT_AUTO, " \"index\" , \"puzzle\" \n1, " P " \n",
         SK_FORMAT_CSV, 1, 0},
        {"csv with a byte order mark", SK_FORMAT_AUTO, "\xEF\xBB\xBFpuzzle,x\n" P ",1\n",
         SK_FORMAT_CSV, 1, 0},
        {"commas without a puzzle column are text", SK_FORMAT_AUTO, "a,b\n" P "\n", SK_FORMAT_LINE,
         1, 1},
        {"line", SK_FORMAT_AUTO, P "\n", SK_FORMAT_LINE, 1, 0},
        {"classic", SK_FORMAT_AUTO, CLASSIC, SK_FORMAT_CLASSIC, 1, 0},
        {"line then classic: the last one's layout", SK_FORMAT_AUTO, P "\n" CLASSIC,
         SK_FORMAT_CLASSIC, 2, 0},
        {"nothing to read", SK_FORMAT_AUTO, "# only a comment\n", SK_FORMAT_AUTO, 0, 0},
    };
    RUN(cases);
}

static void a_chosen_layout_is_the_only_one(void)
{
    static const detect_case cases[] = {
        {"line chosen: classic rows are bad", SK_FORMAT_LINE, P "\n" CLASSIC, SK_FORMAT_LINE, 1, 9},
        {"classic chosen: a line is bad", SK_FORMAT_CLASSIC, P "\n\n" CLASSIC, SK_FORMAT_CLASSIC, 1,
         1},
        {"csv chosen: the header has no puzzle", SK_FORMAT_CSV, P "\n" P "\n", SK_FORMAT_CSV, 0, 1},
        {"json chosen: a line is bad", SK_FORMAT_JSON, P "\n{\"puzzle\":\"" P "\"}\n",
         SK_FORMAT_JSON, 1, 1},
        {"readable chosen: classic rows are read", SK_FORMAT_READABLE, CLASSIC, SK_FORMAT_READABLE,
         1, 0},
        {"auto chosen", SK_FORMAT_AUTO, P "\n", SK_FORMAT_LINE, 1, 0},
    };
    RUN(cases);
}

/* Read the single record of text; NULL (and a message) when it is not
 * exactly one good record. The record stays valid until the reader is
 * closed by the caller. */
static const sk_record *read_one(sk_reader *reader)
{
    sk_grid grid;
    sk_read_status status = sk_reader_next(reader, &grid);
    if (status != SK_READ_OK) {
        fprintf(stderr, "read_one: %s\n", sk_reader_error(reader));
        return NULL;
    }
    return sk_reader_record(reader);
}

static void csv_values_are_read(void)
{
    sk_reader *reader = sk_reader_from_string(
        "# generated\r\nindex,extra,puzzle,minimal,level_name,hardest,source,line,score\r\n\r\n"
        "18446744073709551615,\"ignored, \"\"quoted\"\"\",\"" P "\",true,evil,\"two\r\nlines\","
        "\"  kept  \",12,4e0\r\n# between\r\n0,,\" " P "\",false,,,,,\r\n",
        "t");
    const sk_record *r = read_one(reader);
    CHECK(r != NULL);
    if (r) {
        CHECK(r->has_index && r->index == 18446744073709551615u);
        CHECK_INT(r->minimal, 1);
        CHECK(r->rated);
        CHECK_INT(r->rating.level, 5);
        CHECK_STR(r->rating.hardest, "two\nlines");
        CHECK_STR(r->source, "  kept  ");
        CHECK_INT(r->line, 12);
        CHECK(r->rating.score == 4.0);
        CHECK_INT(sk_reader_position_of(reader)->line, 4);
    }
    /* The second puzzle's quoted field begins with a blank: not a cell. */
    sk_grid grid;
    CHECK_INT(sk_reader_next(reader, &grid), SK_READ_BAD);
    CHECK_STR(sk_reader_error(reader),
              "t:7:5: puzzle 2: puzzle: unexpected character ' ' (a cell is 1-9, '.' or '0')");
    CHECK_INT(sk_reader_next(reader, &grid), SK_READ_END);
    sk_reader_close(reader);
}

static void json_values_are_read(void)
{
    sk_reader *reader = sk_reader_from_string(
        "{\"nested\": {\"a\": [1, {\"b\": null}, \"\\u00e9\"], \"c\": false},\r\n"
        "  \"puzzle\" : \"" P "\" ,\r\n"
        "  \"strategy\": \"\\u00e9\\ud83d\\ude00\\/\\\"\\\\\\n\", \"score\": 4.2e0,\r\n"
        "  \"lower_bound\": false, \"minimal\": null, \"seed\": 0, \"level\": 2 }\r\n"
        "{\"puzzle\":\"" P "\",\"solution\":\"" S "\",\"symmetry\":\"rot90\",\"rater\":\"\"}\n",
        "t");
    const sk_record *r = read_one(reader);
    CHECK(r != NULL);
    if (r) {
        CHECK_STR(r->strategy, "\xc3\xa9\xf0\x9f\x98\x80/\"\\\n");
        CHECK(r->rated && r->rating.score == 4.2 && !r->rating.score_is_lower_bound);
        CHECK_INT(r->rating.level, 2);
        CHECK_INT(r->minimal, -1);
        CHECK(r->has_seed && r->seed == 0);
        CHECK(!r->has_solution && !r->has_index);
        CHECK_STR(r->source, "t");
        CHECK_INT(r->line, 1);
    }
    r = read_one(reader);
    CHECK(r != NULL);
    if (r) {
        CHECK(r->has_solution && r->solution.cells[0] == 5 && r->solution.cells[80] == 9);
        CHECK(r->has_symmetry && r->symmetry == SK_SYM_ROT90);
        CHECK_STR(r->rater, "");
        CHECK(!r->rated);
        CHECK_INT(r->line, 5);
    }
    sk_reader_close(reader);
}

/* Line and classic give back the grid, the solution beside it, and the
 * place they were read from. */
static void text_records_carry_their_place(void)
{
    sk_reader *reader = sk_reader_from_string(
        P " " S " 4.20+ 3 hard Naked Pair\n\t" P "\t5.0\n" P " " S "x\n", "f.txt");
    const sk_record *r = read_one(reader);
    CHECK(r && r->has_solution && r->solution.cells[2] == 4 && !r->rated);
    CHECK(r && r->source && strcmp(r->source, "f.txt") == 0 && r->line == 1);
    r = read_one(reader);
    CHECK(r && !r->has_solution && r->puzzle.cells[0] == 5 && r->line == 2);
    /* An 82-character second token is not a solution: it is not read. */
    r = read_one(reader);
    CHECK(r && !r->has_solution);
    sk_reader_close(reader);
}

/* Read everything, returning the progress seen at the end. */
static void read_all(sk_reader *reader, uint64_t *done, uint64_t *total)
{
    sk_grid grid;
    while (sk_reader_next(reader, &grid) != SK_READ_END)
        ;
    sk_reader_progress(reader, done, total);
}

static void progress_counts_bytes(void)
{
    static const char text[] = "# two puzzles\n" P "\r\n\n" P "\n";
    uint64_t done, total;
    sk_reader *reader = sk_reader_from_string(text, "s");
    sk_reader_progress(reader, &done, &total);
    CHECK_INT(done, 0);
    CHECK_INT(total, sizeof text - 1);
    sk_grid grid;
    CHECK_INT(sk_reader_next(reader, &grid), SK_READ_OK);
    sk_reader_progress(reader, &done, &total);
    CHECK_INT(done, 14 + 83);
    read_all(reader, &done, &total);
    CHECK_INT(done, sizeof text - 1);
    sk_reader_close(reader);

    /* A regular file has its size; a pipe has none. */
    FILE *file = tmpfile();
    fputs(text, file);
    rewind(file);
    reader = sk_reader_from_stream(file, "file");
    read_all(reader, &done, &total);
    CHECK_INT(done, sizeof text - 1);
    CHECK_INT(total, sizeof text - 1);
    sk_reader_close(reader);
    fclose(file);

    int fds[2];
    CHECK_INT(pipe(fds), 0);
    CHECK_INT(write(fds[1], text, sizeof text - 1), (long)(sizeof text - 1));
    close(fds[1]);
    FILE *pipe_in = fdopen(fds[0], "r");
    reader = sk_reader_from_stream(pipe_in, "pipe");
    read_all(reader, &done, &total);
    CHECK_INT(done, sizeof text - 1);
    CHECK_INT(total, 0);
    sk_reader_close(reader);
    fclose(pipe_in);
}

/* The layout is fixed by the first read: choosing one later changes
 * nothing. */
static void the_layout_is_fixed_once_read(void)
{
    sk_reader *reader = sk_reader_from_string(P "\n{\"puzzle\":\"" P "\"}\n", "t");
    sk_grid grid;
    CHECK_INT(sk_reader_next(reader, &grid), SK_READ_OK);
    sk_reader_set_format(reader, SK_FORMAT_JSON);
    CHECK_INT(sk_reader_next(reader, &grid), SK_READ_BAD);
    CHECK_INT(sk_reader_format(reader), SK_FORMAT_LINE);
    sk_reader_close(reader);
}

static const ski_test_case cases[] = {
    {"layouts_are_detected", layouts_are_detected},
    {"a_chosen_layout_is_the_only_one", a_chosen_layout_is_the_only_one},
    {"csv_values_are_read", csv_values_are_read},
    {"json_values_are_read", json_values_are_read},
    {"text_records_carry_their_place", text_records_carry_their_place},
    {"progress_counts_bytes", progress_counts_bytes},
    {"the_layout_is_fixed_once_read", the_layout_is_fixed_once_read},
};

SK_TEST_MAIN(cases)
