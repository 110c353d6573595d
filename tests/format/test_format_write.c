/* Formats: the exact text of every layout, the csv and json primitives,
 * and what the writer refuses. */
#include <errno.h>
#include <math.h>
#include <stdio.h>

#include "check.h"
#include "records.h"

#define P PUZZLE_LINE
#define S SOLUTION_LINE

static const int cols_rate[] = {SK_FIELD_PUZZLE,  SK_FIELD_SCORE,      SK_FIELD_LOWER_BOUND,
                                SK_FIELD_LEVEL,   SK_FIELD_LEVEL_NAME, SK_FIELD_STEPS,
                                SK_FIELD_HARDEST, SK_FIELD_MINIMAL};
static const int tail_rate[] = {SK_FIELD_SCORE, SK_FIELD_LEVEL, SK_FIELD_LEVEL_NAME,
                                SK_FIELD_HARDEST};
static const sk_layout layout_rate = {cols_rate, 8, SK_FIELD_PUZZLE, -1, tail_rate, 4};
static const sk_layout layout_beside = {cols_rate, 1, SK_FIELD_PUZZLE, SK_FIELD_SOLUTION, NULL, 0};

static const int cols_gen[] = {SK_FIELD_INDEX,    SK_FIELD_PUZZLE,  SK_FIELD_CLUES,
                               SK_FIELD_SYMMETRY, SK_FIELD_MINIMAL, SK_FIELD_SEED,
                               SK_FIELD_SOURCE,   SK_FIELD_ID};
static const sk_layout layout_gen = {cols_gen, 8, SK_FIELD_PUZZLE, SK_FIELD_SOLUTION, cols_gen, 8};

/* A generated record: numbers, names and a text with a blank. */
static sk_record record_generated(void)
{
    sk_record r = records_puzzle(true);
    r.has_index = true;
    r.index = 12;
    r.has_symmetry = true;
    r.symmetry = SK_SYM_DIAGONAL;
    r.minimal = 0;
    r.has_seed = true;
    r.seed = 18446744073709551615u;
    r.source = "a file\twith blanks";
    return r;
}

#define CLASSIC_ROWS                                                                               \
    "5 3 0 0 7 0 0 0 0\n6 0 0 1 9 5 0 0 0\n0 9 8 0 0 0 0 6 0\n8 0 0 0 6 0 0 0 3\n"                 \
    "4 0 0 8 0 3 0 0 1\n7 0 0 0 2 0 0 0 6\n0 6 0 0 0 0 2 8 0\n0 0 0 4 1 9 0 0 5\n"                 \
    "0 0 0 0 8 0 0 7 9\n"
#define CLASSIC_BESIDE                                                                             \
    "5 3 0 0 7 0 0 0 0   5 3 4 6 7 8 9 1 2\n6 0 0 1 9 5 0 0 0   6 7 2 1 9 5 3 4 8\n"               \
    "0 9 8 0 0 0 0 6 0   1 9 8 3 4 2 5 6 7\n8 0 0 0 6 0 0 0 3   8 5 9 7 6 1 4 2 3\n"               \
    "4 0 0 8 0 3 0 0 1   4 2 6 8 5 3 7 9 1\n7 0 0 0 2 0 0 0 6   7 1 3 9 2 4 8 5 6\n"               \
    "0 6 0 0 0 0 2 8 0   9 6 1 5 3 7 2 8 4\n0 0 0 4 1 9 0 0 5   2 8 7 4 1 9 6 3 5\n"               \
    "0 0 0 0 8 0 0 7 9   3 4 5 2 8 6 1 7 9\n"
#define BORDER "+-------+-------+-------+"
#define READABLE_BOX                                                                               \
    BORDER                                                                                         \
    "\n| 5 3 . | . 7 . | . . . |\n| 6 . . | 1 9 5 | . . . |\n"                                     \
    "| . 9 8 | . . . | . 6 . |\n" BORDER "\n| 8 . . | . 6 . | . . 3 |\n"                           \
    "| 4 . . | 8 . 3 | . . 1 |\n| 7 . . | . 2 . | . . 6 |\n" BORDER "\n"                           \
    "| . 6 . | . . . | 2 8 . |\n| . . . | 4 1 9 | . . 5 |\n| . . . | . 8 . | . 7 9 |\n" BORDER     \
    "\n"

static void layouts_write_exactly(void)
{
    sk_record rated[2] = {records_rated(), records_puzzle(false)};
    sk_record generated[1] = {record_generated()};
    static const struct {
        const char *name;
        sk_format format;
        const sk_layout *layout;
        int records; /* 0: rated and bare, 1: generated */
        const char *text;
    } cases[] = {
        {"line: score+, missing fields", SK_FORMAT_LINE, &layout_rate, 0,
         P " 4.20+ 3 hard Naked Pair\n" P " - - - -\n"},
        {"line: numbers, names, blanks in text", SK_FORMAT_LINE, &layout_gen, 1,
         P " " S " 12 " P " 30 diagonal 0 18446744073709551615 a_file_with_blanks -\n"},
        {"line: beside missing", SK_FORMAT_LINE, &layout_beside, 0, P " " S "\n" P " -\n"},
        {"classic: records apart", SK_FORMAT_CLASSIC, &layout_rate, 0,
         CLASSIC_ROWS "\n" CLASSIC_ROWS},
        {"classic: beside", SK_FORMAT_CLASSIC, &layout_beside, 0, CLASSIC_BESIDE "\n" CLASSIC_ROWS},
        {"readable: caption", SK_FORMAT_READABLE, &layout_rate, 0,
         "# 4.20+ 3 hard Naked Pair\n" READABLE_BOX "\n# - - - -\n" READABLE_BOX},
        {"readable: no tail, no caption", SK_FORMAT_READABLE, &layout_beside, 1,
         BORDER "   " BORDER "\n| 5 3 . | . 7 . | . . . |   | 5 3 4 | 6 7 8 | 9 1 2 |\n"},
        {"csv: header, 1/0, empty", SK_FORMAT_CSV, &layout_rate, 0,
         "puzzle,score,lower_bound,level,level_name,steps,hardest,minimal\n" P
         ",4.20,1,3,hard,42,Naked Pair,\n" P ",,,,,,,\n"},
        {"csv: numbers, names, text", SK_FORMAT_CSV, &layout_gen, 1,
         "index,puzzle,clues,symmetry,minimal,seed,source,id\n12," P
         ",30,diagonal,0,18446744073709551615,a file\twith blanks,\n"},
        {"json: typed values, null", SK_FORMAT_JSON, &layout_rate, 0,
         "{\"puzzle\":\"" P "\",\"score\":4.20,\"lower_bound\":true,\"level\":3,\"level_name\":"
         "\"hard\",\"steps\":42,\"hardest\":\"Naked Pair\",\"minimal\":null}\n{\"puzzle\":\"" P
         "\",\"score\":null,\"lower_bound\":null,\"level\":null,\"level_name\":null,\"steps\":null,"
         "\"hardest\":null,\"minimal\":null}\n"},
        {"json: numbers, names, text", SK_FORMAT_JSON, &layout_gen, 1,
         "{\"index\":12,\"puzzle\":\"" P "\",\"clues\":30,\"symmetry\":\"diagonal\",\"minimal\":"
         "false,\"seed\":18446744073709551615,\"source\":\"a file\\twith blanks\",\"id\":null}\n"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const sk_record *records = cases[i].records ? generated : rated;
        char *text =
            records_write(cases[i].format, cases[i].layout, records, cases[i].records ? 1 : 2);
        bool prefix = cases[i].format == SK_FORMAT_READABLE && cases[i].records;
        bool ok = text && (prefix ? strncmp(text, cases[i].text, strlen(cases[i].text)) == 0
                                  : strcmp(text, cases[i].text) == 0);
        if (!ok)
            fprintf(stderr, "case '%s':\n%s\nwanted:\n%s\n", cases[i].name, text, cases[i].text);
        CHECK(ok);
        free(text);
    }
}

/* A score is written with two decimals everywhere; one that is not
 * finite is missing. */
static void scores_have_two_decimals(void)
{
    sk_record records[3] = {records_rated(), records_rated(), records_rated()};
    records[0].rating.score = 7.126;
    records[1].rating.score = NAN;
    records[2].rating.score = INFINITY;
    char *text = records_write(SK_FORMAT_CSV, &layout_rate, records, 3);
    CHECK(text && strstr(text, "\n" P ",7.13,1,3,") != NULL);
    CHECK(text && strstr(text, "\n" P ",,1,3,") != NULL);
    free(text);
    char *buf = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&buf, &size);
    sk_format_score(out, 0.5);
    fputc(' ', out);
    sk_format_score(out, 11.955);
    fclose(out);
    CHECK_STR(buf, "0.50 11.96");
    free(buf);
}

/* Run fn(out, text) into a string. */
static char *capture(void (*fn)(FILE *, const char *), const char *text)
{
    char *buf = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&buf, &size);
    fn(out, text);
    fclose(out);
    return buf;
}

static void csv_fields_are_quoted_and_escaped_when_needed(void)
{
    static const struct {
        const char *text, *written;
    } cases[] = {
        {"plain text", "plain text"},
        {"in#side", "in#side"},
        {"a,b", "\"a,b\""},
        {"say \"hi\"", "\"say \"\"hi\"\"\""},
        {" lead", "\" lead\""},
        {"trail\t", "\"trail\t\""},
        {"#hash", "\"#hash\""},
        {"", ""},
        /* Escaped: a line end, or what a spreadsheet computes. */
        {"two\nlines", "'two\\nlines"},
        {"cr\r", "'cr\\r"},
        {"=1+1", "'=1+1"},
        {"+1", "'+1"},
        {"-1", "'-1"},
        {"@SUM(A1)", "'@SUM(A1)"},
        {"\t=1", "'\t=1"},
        {"'quoted", "''quoted"},
        {"=a\\b", "'=a\\\\b"},
        {"back\\slash", "back\\slash"},
        {"mid=dle-", "mid=dle-"},
        {"=a,b ", "\"'=a,b \""},
        {"x\"\ntouch pwned #", "\"'x\"\"\\ntouch pwned #\""},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *buf = capture(sk_csv_field, cases[i].text);
        CHECK_STR(buf, cases[i].written);
        free(buf);
    }
    char *buf = capture(sk_csv_field, NULL);
    CHECK_STR(buf, "");
    free(buf);
}

static void json_strings_are_escaped(void)
{
    static const struct {
        const char *text, *written;
    } cases[] = {
        {"", "\"\""},
        {"plain", "\"plain\""},
        {"\"\\/", "\"\\\"\\\\/\""},
        {"\b\f\n\r\t", "\"\\b\\f\\n\\r\\t\""},
        {"\x01\x1f\x7f", "\"\\u0001\\u001f\x7f\""},
        {"caf\xc3\xa9 \xf0\x9f\x98\x80", "\"caf\xc3\xa9 \xf0\x9f\x98\x80\""},
        {"\xff", "\"\\u00ff\""},
        {"\xc3(", "\"\\u00c3(\""},
        {"\xed\xa0\x80", "\"\\u00ed\\u00a0\\u0080\""},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *buf = capture(sk_json_string, cases[i].text);
        CHECK_STR(buf, cases[i].written);
        free(buf);
    }
    char *buf = capture(sk_json_string, NULL);
    CHECK_STR(buf, "null");
    free(buf);
}

static void bad_layouts_are_refused(void)
{
    static const int out_of_range[] = {SK_FIELD_PUZZLE, SK_FIELD_COUNT};
    static const int twice[] = {SK_FIELD_PUZZLE, SK_FIELD_SCORE, SK_FIELD_SCORE};
    static const int no_puzzle[] = {SK_FIELD_SOLUTION};
    static const int negative[] = {-1};
    static const struct {
        sk_format format;
        sk_layout layout;
    } cases[] = {
        {SK_FORMAT_AUTO, {cols_rate, 1, SK_FIELD_PUZZLE, -1, NULL, 0}},
        {SK_FORMAT_COUNT, {cols_rate, 1, SK_FIELD_PUZZLE, -1, NULL, 0}},
        {SK_FORMAT_CSV, {out_of_range, 2, SK_FIELD_PUZZLE, -1, NULL, 0}},
        {SK_FORMAT_JSON, {twice, 3, SK_FIELD_PUZZLE, -1, NULL, 0}},
        {SK_FORMAT_CSV, {no_puzzle, 1, SK_FIELD_PUZZLE, -1, NULL, 0}},
        {SK_FORMAT_JSON, {NULL, 0, SK_FIELD_PUZZLE, -1, NULL, 0}},
        {SK_FORMAT_LINE, {cols_rate, 1, SK_FIELD_SCORE, -1, NULL, 0}},
        {SK_FORMAT_LINE, {cols_rate, 1, SK_FIELD_PUZZLE, SK_FIELD_HARDEST, NULL, 0}},
        {SK_FORMAT_LINE, {cols_rate, 1, SK_FIELD_PUZZLE, -1, negative, 1}},
        {SK_FORMAT_READABLE, {cols_rate, 1, SK_FIELD_PUZZLE, -1, NULL, 2}},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        errno = 0;
        sk_writer *writer = sk_writer_new(stdout, cases[i].format, &cases[i].layout);
        if (writer)
            fprintf(stderr, "layout %zu was taken\n", i);
        CHECK(writer == NULL);
        CHECK_INT(errno, EINVAL);
        sk_writer_finish(writer);
    }
    CHECK_INT(sk_writer_finish(NULL), 0);
}

/* A record without the layout's grid is refused and nothing is written. */
static void record_without_the_grid_is_refused(void)
{
    static const sk_layout solve = {cols_rate, 1, SK_FIELD_SOLUTION, -1, NULL, 0};
    char *buf = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&buf, &size);
    sk_writer *writer = sk_writer_new(out, SK_FORMAT_LINE, &solve);
    sk_record unsolved = records_puzzle(false), solved = records_puzzle(true);
    errno = 0;
    CHECK_INT(sk_writer_put(writer, &unsolved), -1);
    CHECK_INT(errno, EINVAL);
    CHECK_INT(sk_writer_put(writer, &solved), 0);
    CHECK_INT(sk_writer_finish(writer), 0);
    fclose(out);
    CHECK_STR(buf, S "\n");
    free(buf);
}

/* A full device: the writer says so, with the reason in errno. */
static void output_errors_are_reported(void)
{
    FILE *out = fopen("/dev/full", "w");
    CHECK(out != NULL);
    if (!out)
        return;
    sk_writer *writer = sk_writer_new(out, SK_FORMAT_LINE, &layout_rate);
    sk_record record = records_rated();
    int rc = 0;
    for (int i = 0; i < 1000 && rc == 0; i++)
        rc = sk_writer_put(writer, &record);
    CHECK_INT(rc, -1);
    CHECK_INT(errno, ENOSPC);
    errno = 0;
    CHECK_INT(sk_writer_finish(writer), -1);
    CHECK_INT(errno, ENOSPC);
    fclose(out);
}

static const ski_test_case cases[] = {
    {"layouts_write_exactly", layouts_write_exactly},
    {"scores_have_two_decimals", scores_have_two_decimals},
    {"csv_fields_are_quoted_and_escaped_when_needed", csv_fields_are_quoted_and_escaped_when_needed},
    {"json_strings_are_escaped", json_strings_are_escaped},
    {"bad_layouts_are_refused", bad_layouts_are_refused},
    {"record_without_the_grid_is_refused", record_without_the_grid_is_refused},
    {"output_errors_are_reported", output_errors_are_reported},
};

SK_TEST_MAIN(cases)
