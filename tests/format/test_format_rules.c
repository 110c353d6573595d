/* Puzzles under any rules in the layouts that hold them: "#rules" lines
 * in the text layouts, the rules field of csv and json, f-puzzles JSON and
 * its links; every one sudokit writes it reads back, real f-puzzles files
 * read into the rules written by hand for them (tests/data/rules), and bad
 * input refused with FILE:LINE:COLUMN. */
#define _GNU_SOURCE /* open_memstream */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "rules/rules_fixture.h"
#include "records.h"
#include "sudokit/format.h"
#include "sudokit/host.h"
#include "sudokit/reader.h"
#include "sudokit/rules.h"

/* A puzzle of tests/data/rules/puzzles.txt: NAME|SPEC|GIVENS|SOLUTION. */
typedef struct known {
    char name[64];
    char spec[2048];
    char givens[SK_MAX_CELLS + 1];
    char solution[SK_MAX_CELLS + 1];
} known;

/* The puzzle called name in tests/data/rules/puzzles.txt. */
static bool known_puzzle(const char *name, known *out)
{
    FILE *in = fopen(SK_TEST_DATA "/rules/puzzles.txt", "r");
    CHECK(in != NULL);
    char line[8192];
    bool found = false;
    while (!found && in && fgets(line, sizeof line, in)) {
        line[strcspn(line, "\n")] = '\0';
        char *fields[4], *rest = line;
        int n = 0;
        while (n < 4 && (fields[n] = strsep(&rest, "|")) != NULL)
            n++;
        if (n == 4 && strcmp(fields[0], name) == 0) {
            snprintf(out->name, sizeof out->name, "%s", fields[0]);
            snprintf(out->spec, sizeof out->spec, "%s", fields[1]);
            snprintf(out->givens, sizeof out->givens, "%s", fields[2]);
            snprintf(out->solution, sizeof out->solution, "%s", fields[3]);
            found = true;
        }
    }
    if (in)
        fclose(in);
    if (!found)
        fprintf(stderr, "no puzzle %s in puzzles.txt\n", name);
    CHECK(found);
    return found;
}

/* The normalised spec of spec ("" when it does not compile). */
static void normalised(const char *spec, char *out, size_t len)
{
    const sk_rules *rules = NULL;
    sk_rules_error error;
    out[0] = '\0';
    if (sk_rules_compile(rules_test_host(), spec, &rules, &error) != 0) {
        fprintf(stderr, "'%s': %s\n", spec, error.message);
        CHECK(0);
        return;
    }
    snprintf(out, len, "%s", sk_rules_spec(rules));
    sk_rules_free(rules);
}

/* The text of a record's grid field ("" when it has none). */
static void grid_text(const sk_record *record, int field, char *out)
{
    const uint8_t *cells = sk_record_cells(record, field);
    out[0] = '\0';
    if (!cells)
        return;
    if (record->rules) {
        sk_rules_format_board(record->rules, (const sk_board *)(const void *)cells, out, true);
    } else {
        for (int i = 0; i < 81; i++)
            out[i] = cells[i] ? (char)('0' + cells[i]) : '.';
        out[81] = '\0';
    }
}

/* A reader of text that takes puzzles under any rules. */
static sk_reader *rules_reader(const char *text, sk_format format)
{
    sk_reader *reader = sk_reader_from_string(text, "t");
    sk_reader_accept_rules(reader, rules_test_host());
    sk_reader_set_format(reader, format);
    return reader;
}

/* Read the one record of text and check it is puzzle k, its rules, givens
 * and (when solution) its solution. */
static void reads_as(const char *what, sk_reader *reader, const known *k, bool solution)
{
    char spec[2048], got[SK_MAX_CELLS + 1];
    normalised(k->spec, spec, sizeof spec);
    sk_read_status status = sk_reader_next(reader, NULL);
    if (status != SK_READ_OK)
        fprintf(stderr, "%s: %s\n", what, sk_reader_error(reader));
    CHECK_INT(status, SK_READ_OK);
    if (status != SK_READ_OK)
        return;
    const sk_record *record = sk_reader_record(reader);
    CHECK_STR(record->rules ? sk_rules_spec(record->rules) : "9x9", spec);
    grid_text(record, SK_FIELD_PUZZLE, got);
    CHECK_STR(got, k->givens);
    CHECK(record->has_solution == solution);
    grid_text(record, SK_FIELD_SOLUTION, got);
    CHECK_STR(got, solution ? k->solution : "");
}

/* The puzzle, its solution beside it, and its rules. */
static const int cols_beside[] = {SK_FIELD_PUZZLE, SK_FIELD_SOLUTION, SK_FIELD_RULES};
static const sk_layout layout_beside = {cols_beside,       3,    SK_FIELD_PUZZLE,
                                        SK_FIELD_SOLUTION, NULL, 0};

/* -------------------------------------------------- f-puzzles files -- */

/* Real f-puzzles files (tests/data/fpuzzles, from kinnison/kaji) read
 * into the rules, givens and solution written by hand for them. */
static void fpuzzles_files(void)
{
    static const char *const names[] = {
        "wormhole-sixxtreme", "joined-up-thinking", "our-lady-of-the-adjacent",
        "piggly-wiggly",      "finger-counting",    "frost",
        "alien-abacus"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char path[512], name[128];
        sk_error err;
        known k;
        snprintf(name, sizeof name, "kaji-%s", names[i]);
        snprintf(path, sizeof path, SK_TEST_DATA "/fpuzzles/%s.json", name);
        if (!known_puzzle(name, &k))
            continue;
        sk_reader *reader = sk_reader_open(path, &err);
        CHECK(reader != NULL);
        if (!reader)
            continue;
        sk_reader_accept_rules(reader, rules_test_host());
        reads_as(name, reader, &k, true);
        CHECK_INT(sk_reader_format(reader), SK_FORMAT_FPUZZLES);
        CHECK_INT(sk_reader_next(reader, NULL), SK_READ_END);
        sk_reader_close(reader);
    }
}

/* A real f-puzzles link (tests/data/fpuzzles/links.txt) reads as its
 * puzzle, and sudokit writes that puzzle back to the same load string. */
static void fpuzzles_link(void)
{
    sk_error err;
    char line[1024] = "", *data = NULL;
    FILE *in = fopen(SK_TEST_DATA "/fpuzzles/links.txt", "r");
    CHECK(in != NULL);
    while (in && fgets(line, sizeof line, in) && line[0] == '#')
        ;
    if (in)
        fclose(in);
    line[strcspn(line, "\n")] = '\0';
    data = strstr(line, "load=");
    CHECK(data != NULL);
    sk_reader *reader = sk_reader_open(SK_TEST_DATA "/fpuzzles/links.txt", &err);
    CHECK(reader != NULL);
    if (!reader || !data)
        return;
    sk_reader_accept_rules(reader, rules_test_host());
    CHECK_INT(sk_reader_next(reader, NULL), SK_READ_OK);
    const sk_record *record = sk_reader_record(reader);
    char got[SK_MAX_CELLS + 1];
    grid_text(record, SK_FIELD_PUZZLE, got);
    CHECK(record->rules == NULL);
    CHECK_STR(got,
              "1................................................................................");
    CHECK_INT(sk_reader_format(reader), SK_FORMAT_FPUZZLES_URL);
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    sk_writer *writer = sk_writer_new(out, SK_FORMAT_FPUZZLES_URL, &layout_beside);
    CHECK_INT(sk_writer_put(writer, record), 0);
    sk_writer_finish(writer);
    fclose(out);
    const char *written = text ? strstr(text, "load=") : NULL;
    CHECK(written && strncmp(written, data, strlen(data)) == 0 && written[strlen(data)] == '\n');
    free(text);
    sk_reader_close(reader);
}

/* ------------------------------------------------------- round trips -- */

/* The puzzles of tests/data/rules/puzzles.txt written in each layout that
 * holds rules and read back. */
static const char *const roundtrip_names[] = {
    "solo-2x2",      "solo-3x2",          "solo-4x4",
    "solo-5x5",      "solo-6j",           "kaji-piggly-wiggly",
    "kaji-frost",    "kaji-alien-abacus", "kaji-finger-counting",
    "solo-3x3k",     "solo-2x3k",         "fp-clipped",
    "fp-xv-kropki-x"};

/* Write the record of k in format (through a writer lent host), as text
 * (the caller frees it); NULL when the writer refuses it. */
static char *write_known(const known *k, sk_format format, const sk_rules *rules)
{
    sk_record record;
    sk_record_init(&record);
    sk_record_boards boards;
    memset(&boards, 0, sizeof boards);
    CHECK_INT(sk_rules_parse_board(rules, k->givens, strlen(k->givens), &boards.puzzle, NULL), 0);
    CHECK_INT(sk_rules_parse_board(rules, k->solution, strlen(k->solution), &boards.solution, NULL),
              0);
    record.rules = rules;
    record.boards = &boards;
    record.has_solution = true;
    record.name = k->name;
    return records_write_on(rules_test_host(), format, &layout_beside, &record, 1);
}

static void roundtrips(void)
{
    static const sk_format formats[] = {
        SK_FORMAT_LINE, SK_FORMAT_CLASSIC,  SK_FORMAT_READABLE,     SK_FORMAT_CSV,
        SK_FORMAT_JSON, SK_FORMAT_FPUZZLES, SK_FORMAT_FPUZZLES_URL, SK_FORMAT_SUDOKUPAD_URL};
    for (size_t i = 0; i < sizeof roundtrip_names / sizeof roundtrip_names[0]; i++) {
        known k;
        if (!known_puzzle(roundtrip_names[i], &k))
            continue;
        const sk_rules *rules = NULL;
        sk_rules_error error;
        CHECK_INT(sk_rules_compile(rules_test_host(), k.spec, &rules, &error), 0);
        for (size_t f = 0; rules && f < sizeof formats / sizeof formats[0]; f++) {
            char *text = write_known(&k, formats[f], rules);
            CHECK(text != NULL);
            if (!text)
                continue;
            for (int choose = 0; choose < 2; choose++) {
                char what[128];
                snprintf(what, sizeof what, "%s in %s%s", k.name, sk_format_names[formats[f]],
                         choose ? " (chosen)" : "");
                sk_reader *reader = rules_reader(text, choose ? formats[f] : SK_FORMAT_AUTO);
                reads_as(what, reader, &k, true);
                CHECK_INT(sk_reader_next(reader, NULL), SK_READ_END);
                if (sk_reader_format(reader) != formats[f])
                    fprintf(stderr, "%s: read as %s\n%s", what,
                            sk_format_names[sk_reader_format(reader)], text);
                CHECK_INT(sk_reader_format(reader), formats[f]);
                sk_reader_close(reader);
            }
            free(text);
        }
        sk_rules_free(rules);
    }
}

/* ---------------------------------------------------------- bad input -- */

/* A grid of 6x6 in f-puzzles JSON, empty, then fields (a line of their own). */
#define EMPTY_6X6                                                                                  \
    "{\"size\":6,\"grid\":[[{},{},{},{},{},{}],[{},{},{},{},{},{}],[{},{},{},{},{},{}],"           \
    "[{},{},{},{},{},{}],[{},{},{},{},{},{}],[{},{},{},{},{},{}]]"

/* Bad records, each refused with its place and what is wrong, and the
 * good one after it read. */
static const struct {
    const char *text, *message;
} bad_cases[] = {
    {"#rules 6x6 foo\n.\n", "t:1:12: unknown rule 'foo' in '6x6 foo'"},
    {"#rules 4x4 jigsaw:aabbaabbccdcccdd\n1...............\n",
     "t:1:27: jigsaw: region 'c' has 5 cells; every region of a 4x4 grid has 4"},
    {"#rules 6x6\n43......1..2.46......41.6..5......2Z\n",
     "t:2:36: puzzle 1: unexpected character 'Z' (a cell of a 6x6 grid is 1-6, '.' or '0')"},
    {"#rules 6x6\n1 2 3 4 5 6\n", "t:3:1: puzzle 1: the grid ends after 1 row, a puzzle has 6"},
    {EMPTY_6X6 ",\n\"palindrome\":[{\"lines\":[[\"R1C1\",\"R1C2\"]]}]}\n",
     "t:2:1: puzzle 1: f-puzzles field \"palindrome\": no loaded constraint reads it, so its "
     "rule would be lost"},
    {EMPTY_6X6 ",\n\"killercage\":[{\"cells\":[\"R1C1\",\"R1C2\"],\"value\":\"40\"}]}\n",
     "t:2:15: puzzle 1: f-puzzles field \"killercage\" element 1: killer: 2 different digits of "
     "1-6 cannot sum to 40"},
    {EMPTY_6X6 ",\"antiknight\":true,\"thermometer\":[{\"lines\":[[\"R1C1\",\"R7C1\"]]}]}\n",
     "t:1:191: puzzle 1: cell R7C1 is outside the 6x6 grid"},
    {"https://www.f-puzzles.com/?load=N4IgzglgXpBc%%\n",
     "t:1:33: puzzle 1: f-puzzles load string: the text is not lz-string data"},
};

/* The first message of reading text is want (a prefix of it). */
static void refused(const char *text, const char *want)
{
    sk_reader *reader = rules_reader(text, SK_FORMAT_AUTO);
    sk_read_status status;
    const char *first = NULL;
    char message[1024] = "";
    while ((status = sk_reader_next(reader, NULL)) == SK_READ_OK)
        ;
    if (status != SK_READ_END) {
        snprintf(message, sizeof message, "%s", sk_reader_error(reader));
        first = message;
    }
    if (!first || strncmp(first, want, strlen(want)) != 0) {
        fprintf(stderr, "input:\n%s\ngot:  %s\nwant: %s...\n", text, first ? first : "(none)",
                want);
        CHECK(0);
    }
    sk_reader_close(reader);
}

static void bad_input(void)
{
    for (size_t i = 0; i < sizeof bad_cases / sizeof bad_cases[0]; i++)
        refused(bad_cases[i].text, bad_cases[i].message);
}

/* A reader that was not told to accept rules takes classic puzzles only,
 * and says so at the puzzle. */
static void classic_only_reader(void)
{
    sk_reader *reader = sk_reader_from_string("#rules 4x4\n1234341221434321\n", "t");
    CHECK_INT(sk_reader_next(reader, NULL), SK_READ_BAD);
    const char *message = sk_reader_error(reader);
    if (strncmp(message, "t:2:1: puzzle 1: ", 17) != 0)
        fprintf(stderr, "%s\n", message);
    CHECK(strncmp(message, "t:2:1: puzzle 1: ", 17) == 0);
    CHECK(strstr(message, "'4x4' (#rules line 1)") != NULL);
    CHECK(strstr(message, "classic 9x9") != NULL);
    if (!strstr(message, "classic 9x9"))
        fprintf(stderr, "%s\n", message);
    sk_reader_close(reader);
}

/* A puzzle under rules in a layout of classic puzzles only, or in csv or
 * json columns without rules, is refused with errno ENOTSUP and the
 * reason, and nothing is written. */
static void classic_only_layouts(void)
{
    known k;
    if (!known_puzzle("solo-2x2", &k))
        return;
    const sk_rules *rules = NULL;
    sk_rules_error error;
    CHECK_INT(sk_rules_compile(rules_test_host(), k.spec, &rules, &error), 0);
    sk_record record;
    sk_record_init(&record);
    sk_record_boards boards;
    memset(&boards, 0, sizeof boards);
    CHECK_INT(sk_rules_parse_board(rules, k.givens, strlen(k.givens), &boards.puzzle, NULL), 0);
    record.rules = rules;
    record.boards = &boards;
    static const sk_format formats[] = {SK_FORMAT_SDK,   SK_FORMAT_SS,      SK_FORMAT_HODOKU,
                                        SK_FORMAT_MARKS, SK_FORMAT_KENNETT, SK_FORMAT_CSV,
                                        SK_FORMAT_JSON};
    /* csv and json hold rules in a rules column, which this layout lacks */
    static const sk_layout no_rules = {cols_beside, 2, SK_FIELD_PUZZLE, SK_FIELD_SOLUTION, NULL, 0};
    for (size_t f = 0; f < sizeof formats / sizeof formats[0]; f++) {
        bool tabular = formats[f] == SK_FORMAT_CSV || formats[f] == SK_FORMAT_JSON;
        char *text = NULL;
        size_t size = 0;
        FILE *out = open_memstream(&text, &size);
        sk_writer *writer = sk_writer_new(out, formats[f], &no_rules);
        errno = 0;
        CHECK_INT(sk_writer_put(writer, &record), -1);
        CHECK_INT(errno, ENOTSUP);
        CHECK(strstr(sk_writer_error(writer), tabular ? "have no rules field to keep them"
                                                      : "holds classic 9x9 puzzles only") != NULL);
        sk_writer_finish(writer);
        fclose(out);
        CHECK(strstr(text, k.givens) == NULL); /* csv may have its header */
        free(text);
    }
    sk_rules_free(rules);
}

/* ---------------------------------------------------- docs/formats.md -- */

static const int cols_doc[] = {SK_FIELD_PUZZLE, SK_FIELD_RULES};
static const sk_layout layout_doc = {cols_doc, 2, SK_FIELD_PUZZLE, -1, NULL, 0};

/* Read text in format and write its records back in it: the text again
 * (NULL when a record does not read or write; the caller frees it). */
static char *doc_rewrite(const char *text, sk_format format)
{
    sk_reader *reader = rules_reader(text, format);
    char *out_text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&out_text, &size);
    sk_writer *writer = sk_writer_new(out, format, &layout_doc);
    sk_writer_set_host(writer, rules_test_host());
    sk_read_status status;
    int rc = 0;
    while (rc == 0 && (status = sk_reader_next(reader, NULL)) == SK_READ_OK)
        rc = sk_writer_put(writer, sk_reader_record(reader));
    if (rc != 0 || status != SK_READ_END) {
        fprintf(stderr, "%s\n", rc ? sk_writer_error(writer) : sk_reader_error(reader));
        rc = -1;
    }
    sk_writer_finish(writer);
    fclose(out);
    sk_reader_close(reader);
    if (rc != 0) {
        free(out_text);
        return NULL;
    }
    return out_text;
}

/* Every ```rules-FORMAT block of docs/formats.md is sudokit's own output:
 * it reads in FORMAT and writes back the same. */
static void doc_examples(void)
{
    FILE *in = fopen(SK_TEST_DOC, "r");
    CHECK(in != NULL);
    char line[8192], block[65536] = "", format_name[32] = "";
    int blocks = 0;
    while (in && fgets(line, sizeof line, in)) {
        if (!format_name[0]) {
            if (sscanf(line, "```rules-%31s", format_name) == 1)
                block[0] = '\0';
            continue;
        }
        if (strncmp(line, "```", 3) != 0) {
            strncat(block, line, sizeof block - strlen(block) - 1);
            continue;
        }
        sk_format format = SK_FORMAT_COUNT;
        for (int f = 0; f < SK_FORMAT_COUNT; f++)
            if (strcmp(sk_format_names[f], format_name) == 0)
                format = (sk_format)f;
        CHECK(format != SK_FORMAT_COUNT);
        char *again = format != SK_FORMAT_COUNT ? doc_rewrite(block, format) : NULL;
        if (!again || strcmp(again, block) != 0)
            fprintf(stderr, "docs/formats.md, block rules-%s:\n%s\nwritten back:\n%s\n",
                    format_name, block, again ? again : "(refused)");
        CHECK(again && strcmp(again, block) == 0);
        free(again);
        format_name[0] = '\0';
        blocks++;
    }
    CHECK_INT(blocks, 6);
    if (in)
        fclose(in);
}

static void cleanup(void)
{
    rules_test_host_free();
}

static const ski_test_case cases[] = {
    {"fpuzzles_files", fpuzzles_files},
    {"fpuzzles_link", fpuzzles_link},
    {"roundtrips", roundtrips},
    {"bad_input", bad_input},
    {"classic_only_reader", classic_only_reader},
    {"classic_only_layouts", classic_only_layouts},
    {"doc_examples", doc_examples},
    {"cleanup", cleanup},
};

SK_TEST_MAIN(cases)
