/* Formats: bad input in every layout, each with its exact message
 * (FILE:LINE:COL) and the records still read around it. */
#include <stdint.h>
#include <stdio.h>

#include "bad_cases.h"
#include "check.h"
#include "records.h"
#include "sudokit/reader.h"

#define P PUZZLE_LINE
#define S SOLUTION_LINE
/* P with the digit 5 twice in row 1 (columns 1 and 2). */
#define TWICE "55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
#define ROWS_2_TO_9                                                                                \
    "6 0 0 1 9 5 0 0 0\n0 9 8 0 0 0 0 6 0\n8 0 0 0 6 0 0 0 3\n4 0 0 8 0 3 0 0 1\n"                 \
    "7 0 0 0 2 0 0 0 6\n0 6 0 0 0 0 2 8 0\n0 0 0 4 1 9 0 0 5\n0 0 0 0 8 0 0 7 9\n"
#define BORDER "+-------+-------+-------+\n"

static void line_layout(void)
{
    static const bad_case cases[] = {
        {"bad solution character", SK_FORMAT_AUTO,
         P " 53467891267219534819834256785976142342685379171392485696153728428741963534528617x "
           "4.20\n",
         "t:1:163: puzzle 1: unexpected character 'x' in the solution (a cell is 1-9, '.' or '0')",
         0},
        {"too many cells before the tail", SK_FORMAT_AUTO, P "9 4.20 3 hard\n",
         "t:1:82: puzzle 1: too many cells: the line has 82 characters, a puzzle has 81", 0},
        {"too few cells before the tail", SK_FORMAT_AUTO, "12345678901 4.20\n",
         "t:1:12: puzzle 1: too few cells: the line has 11, a puzzle has 81", 0},
        {"leading blanks count in columns", SK_FORMAT_AUTO, "   " TWICE " x\n",
         "t:1:5: puzzle 1: digit 5 twice in row 1 (r1c1 and r1c2)", 0},
        {"classic rows when line is chosen", SK_FORMAT_LINE, "5 3 0 0 7 0 0 0 0\n" P "\n",
         "t:1:2: puzzle 1: too few cells: the line has 1, a puzzle has 81", 1},
    };
    RUN(cases);
}

static void classic_layout(void)
{
    static const bad_case cases[] = {
        {"first row of 12 cells", SK_FORMAT_AUTO, "5 3 0 0 7 0 0 0 0 1 2 3\n" ROWS_2_TO_9,
         "t:1:19: puzzle 1: too many cells in row 1: a row has 9, or 18 with its solution's beside "
         "it",
         0},
        {"first row of 19 cells", SK_FORMAT_AUTO,
         "5 3 0 0 7 0 0 0 0   5 3 4 6 7 8 9 1 2 7\n" ROWS_2_TO_9,
         "t:1:39: puzzle 1: too many cells in row 1: a row has 9, or 18 with its solution's beside "
         "it",
         0},
        {"solution beside row 1 only", SK_FORMAT_AUTO,
         "5 3 0 0 7 0 0 0 0   5 3 4 6 7 8 9 1 2\n" ROWS_2_TO_9,
         "t:2:18: puzzle 1: too few cells in row 2: 9 of 18 (the row and its solution's)", 0},
        {"solution beside row 2 only", SK_FORMAT_AUTO,
         "5 3 0 0 7 0 0 0 0\n6 0 0 1 9 5 0 0 0   6 7 2 1 9 5 3 4 8\n",
         "t:2:21: puzzle 1: too many cells in row 2: a row has 9", 0},
        {"a line record when classic is chosen", SK_FORMAT_CLASSIC, P "\n",
         "t:1:19: puzzle 1: too many cells in row 1: a row has 9, or 18 with its solution's beside "
         "it",
         0},
    };
    RUN(cases);
}

static void readable_layout(void)
{
    static const bad_case cases[] = {
        {"bad border", SK_FORMAT_AUTO,
         BORDER "| 5 3 . | . 7 . | . . . |\n+-------+---=---+-------+\n",
         "t:3:13: puzzle 1: unexpected character '=' in a border line (such as "
         "+-------+-------+-------+ or |---+---+---|)",
         0},
        {"bad cell", SK_FORMAT_AUTO, "# caption\n" BORDER "| 5 3 . | . x . | . . . |\n",
         "t:3:13: puzzle 1: unexpected character 'x' in row 1 (a cell is 1-9, '.' or '0')", 0},
        {"grid ends early, next read", SK_FORMAT_AUTO,
         BORDER
         "| 5 3 . | . 7 . | . . . |\n\n" BORDER "| 5 3 . | . 7 . | . . . |\n"
         "| 6 . . | 1 9 5 | . . . |\n| . 9 8 | . . . | . 6 . |\n" BORDER
         "| 8 . . | . 6 . | . . 3 |\n| 4 . . | 8 . 3 | . . 1 |\n| 7 . . | . 2 . | . . 6 |\n" BORDER
         "| . 6 . | . . . | 2 8 . |\n| . . . | 4 1 9 | . . 5 |\n| . . . | . 8 . | . 7 9 |\n" BORDER,
         "t:3:1: puzzle 1: the grid ends after 1 row, a puzzle has 9", 1},
        {"digit twice", SK_FORMAT_AUTO,
         BORDER
         "| 5 5 . | . 7 . | . . . |\n"
         "| 6 . . | 1 9 5 | . . . |\n| . 9 8 | . . . | . 6 . |\n" BORDER
         "| 8 . . | . 6 . | . . 3 |\n| 4 . . | 8 . 3 | . . 1 |\n| 7 . . | . 2 . | . . 6 |\n" BORDER
         "| . 6 . | . . . | 2 8 . |\n| . . . | 4 1 9 | . . 5 |\n| . . . | . 8 . | . 7 9 |\n" BORDER,
         "t:2:5: puzzle 1: digit 5 twice in row 1 (r1c1 and r1c2)", 0},
    };
    RUN(cases);
}

/* P with an 'x' in its fifth cell. */
#define PX "53..x....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
#define LONG48 "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"

static void csv_layout(void)
{
    static const bad_case cases[] = {
        {"column twice in the header", SK_FORMAT_AUTO, "puzzle,score,puzzle\n" P ",1," P "\n",
         "t:1:14: csv header: column \"puzzle\" appears twice", 0},
        {"no puzzle column", SK_FORMAT_CSV, "a,b\n1,2\n",
         "t:1:1: csv header: no \"puzzle\" column (the first line of a csv input names its "
         "columns, puzzle among them)",
         0},
        {"score not a number", SK_FORMAT_AUTO, "puzzle,score\n" P ",abc\n",
         "t:2:83: puzzle 1: score: \"abc\" is not a finite number", 0},
        {"bad cell in a quoted puzzle", SK_FORMAT_AUTO, "puzzle\n\"" PX "\"\n",
         "t:2:6: puzzle 1: puzzle: unexpected character 'x' (a cell is 1-9, '.' or '0')", 0},
        {"short puzzle", SK_FORMAT_AUTO, "puzzle,level\n53..7,3\n",
         "t:2:6: puzzle 1: puzzle: too few cells: 5, a grid has 81", 0},
        {"too many fields", SK_FORMAT_AUTO, "puzzle,score\n" P ",4.2,9\n",
         "t:2:87: puzzle 1: too many fields: the header names 2 columns", 0},
        {"too few fields", SK_FORMAT_AUTO, "puzzle,score,level\n" P ",4.2\n",
         "t:2:86: puzzle 1: too few fields: 2 of the header's 3", 0},
        {"quote inside a plain field", SK_FORMAT_AUTO, "puzzle,hardest\n" P ",say \"hi\"\n",
         "t:2:87: puzzle 1: a quote inside a field that does not begin with one (quote the whole "
         "field and double its quotes)",
         0},
        {"quote never closed", SK_FORMAT_AUTO, "puzzle,hardest\n" P ",\"open\n",
         "t:2:83: puzzle 1: the quote opened here is never closed", 0},
        {"empty puzzle", SK_FORMAT_AUTO, "score,puzzle\n4.2,\n",
         "t:2:5: puzzle 1: the puzzle field is empty", 0},
        {"text after a closing quote", SK_FORMAT_AUTO, "puzzle,hardest\n" P ",\"a\"b\n",
         "t:2:86: puzzle 1: unexpected character 'b' after a quoted field (a comma or the line end "
         "comes next)",
         0},
        {"minimal not a flag", SK_FORMAT_AUTO, "puzzle,minimal\n" P ",yes\n",
         "t:2:83: puzzle 1: minimal: \"yes\" is not 1 or 0", 0},
        {"unknown symmetry", SK_FORMAT_AUTO, "puzzle,symmetry\n" P ",spiral\n",
         "t:2:83: puzzle 1: symmetry: \"spiral\" is not a symmetry (none, rot180, rot90, mirror "
         "or diagonal)",
         0},
        {"unknown level name", SK_FORMAT_AUTO, "puzzle,level_name\n" P ",\"nightmare\"\n",
         "t:2:84: puzzle 1: level_name: \"nightmare\" is not a level name (easy, medium, hard, "
         "expert or evil)",
         0},
        {"level out of range", SK_FORMAT_AUTO, "puzzle,level\n" P ",7\n",
         "t:2:83: puzzle 1: level: \"7\" is not a whole number 0-5", 0},
        {"negative id", SK_FORMAT_AUTO, "puzzle,id\n" P ",-3\n",
         "t:2:83: puzzle 1: id: \"-3\" is not a whole number 0-9223372036854775807", 0},
        {"hardest too long", SK_FORMAT_AUTO, "puzzle,hardest\n" P "," LONG48 "\n",
         "t:2:130: puzzle 1: hardest: 48 bytes, at most 47 fit", 0},
        {"second row bad, others kept", SK_FORMAT_AUTO,
         "puzzle,clues\n" P ",30\n" P ",82\n\n# note\n" P ",30\n",
         "t:3:83: puzzle 2: clues: \"82\" is not a whole number 0-81", 2},
        {"error on a quoted field's second line", SK_FORMAT_AUTO,
         "puzzle,hardest,level\n" P ",\"two\nlines\",x\n",
         "t:3:8: puzzle 1: level: \"x\" is not a whole number 0-5", 0},
        {"digit twice", SK_FORMAT_AUTO, "index,puzzle\n1," TWICE "\n",
         "t:2:4: puzzle 1: digit 5 twice in row 1 (r1c1 and r1c2)", 0},
    };
    RUN(cases);
    /* A header that cannot be used stops the reading. */
    sk_reader *reader = sk_reader_from_string("puzzle,puzzle\n" P "," P "\n", "t");
    sk_grid grid;
    CHECK_INT(sk_reader_next(reader, &grid), SK_READ_IO);
    CHECK_INT(sk_reader_next(reader, &grid), SK_READ_END);
    sk_reader_close(reader);
}

/* A json object's opening up to the value of "hardest" (column 12), and
 * its end with the puzzle. */
#define H "{\"hardest\":"
#define END_P ",\"puzzle\":\"" P "\"}\n"
#define J "{\"puzzle\":\"" P "\""
#define DEEP "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["
#define DEEP_END "]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]"

static void json_strings(void)
{
    static const bad_case cases[] = {
        {"unknown escape", SK_FORMAT_AUTO, H "\"a\\qb\"" END_P,
         "t:1:14: puzzle 1: unknown escape: '\\' then 'q' (JSON has \\\" \\\\ \\/ \\b \\f \\n \\r "
         "\\t \\uXXXX)",
         0},
        {"high surrogate alone", SK_FORMAT_AUTO, H "\"\\ud83dx\"" END_P,
         "t:1:13: puzzle 1: unpaired surrogate \\uD83D (a high surrogate is followed by a low one, "
         "\\uDC00-\\uDFFF)",
         0},
        {"low surrogate alone", SK_FORMAT_AUTO, H "\"\\ude00\"" END_P,
         "t:1:13: puzzle 1: unpaired surrogate \\uDE00 (a low surrogate follows a high one)", 0},
        {"NUL escape", SK_FORMAT_AUTO, H "\"\\u0000\"" END_P,
         "t:1:13: puzzle 1: \\u0000 (NUL) cannot be in a string", 0},
        {"short \\u escape", SK_FORMAT_AUTO, H "\"\\u12\"" END_P,
         "t:1:13: puzzle 1: \\u needs 4 hexadecimal digits", 0},
        {"raw control character", SK_FORMAT_AUTO, H "\"a\tb\"" END_P,
         "t:1:14: puzzle 1: control character \\x09 in a string (write it as an escape, \\u00XX)",
         0},
        {"string not ended, next object read", SK_FORMAT_AUTO, H "\"abc\n" J "}\n",
         "t:1:12: puzzle 1: the string that begins here does not end on its line", 1},
        {"bad cell in the puzzle", SK_FORMAT_AUTO, "{\"puzzle\":\"" PX "\"}\n",
         "t:1:16: puzzle 1: puzzle: unexpected character 'x' (a cell is 1-9, '.' or '0')", 0},
        {"digit twice", SK_FORMAT_AUTO, "{\"puzzle\":\"" TWICE "\"}\n",
         "t:1:13: puzzle 1: digit 5 twice in row 1 (r1c1 and r1c2)", 0},
    };
    RUN(cases);
}

static void json_objects(void)
{
    static const bad_case cases[] = {
        {"no puzzle key", SK_FORMAT_AUTO, "{\"score\":4.2}\n",
         "t:1:1: puzzle 1: the object has no puzzle (its \"puzzle\" key is missing or null)", 0},
        {"null puzzle", SK_FORMAT_AUTO, "  {\"puzzle\":null}\n",
         "t:1:3: puzzle 1: the object has no puzzle (its \"puzzle\" key is missing or null)", 0},
        {"string for a number", SK_FORMAT_AUTO, J ",\"score\":\"4.2\"}\n",
         "t:1:104: puzzle 1: score: a number is expected, not a string", 0},
        {"number for a flag", SK_FORMAT_AUTO, J ",\"lower_bound\":1}\n",
         "t:1:109: puzzle 1: lower_bound: true or false is expected, not a number", 0},
        {"fraction for a whole number", SK_FORMAT_AUTO, J ",\"index\":1.5}\n",
         "t:1:103: puzzle 1: index: \"1.5\" is not a whole number 0-18446744073709551615", 0},
        {"key twice", SK_FORMAT_AUTO, J ",\"puzzle\":\"" P "\"}\n",
         "t:1:105: puzzle 1: key \"puzzle\" appears twice", 0},
        {"text after the object", SK_FORMAT_AUTO, J "} x\n",
         "t:1:96: puzzle 1: unexpected character 'x' after the object (one object a line)", 0},
        {"comma before the end", SK_FORMAT_AUTO, J ",}\n",
         "t:1:95: puzzle 1: unexpected character '}' (a key follows ',')", 0},
        {"key not a string", SK_FORMAT_AUTO, "{puzzle:1}\n",
         "t:1:2: puzzle 1: unexpected character 'p' (a key, a string, is expected)", 0},
        {"no colon", SK_FORMAT_AUTO, "{\"puzzle\" \"x\"}\n",
         "t:1:11: puzzle 1: unexpected character '\"' (':' follows a key)", 0},
        {"leading zero", SK_FORMAT_AUTO, "{\"level\":01}\n",
         "t:1:11: puzzle 1: unexpected character '1' (',' or '}' follows a value)", 0},
        {"number without decimals", SK_FORMAT_AUTO, "{\"level\":1.}\n",
         "t:1:10: puzzle 1: malformed number (JSON numbers look like -12, 4.20 or 1e3)", 0},
        {"bare minus", SK_FORMAT_AUTO, "{\"level\":-}\n",
         "t:1:10: puzzle 1: malformed number (JSON numbers look like -12, 4.20 or 1e3)", 0},
        {"not a value", SK_FORMAT_AUTO, "{\"level\":tru}\n",
         "t:1:10: puzzle 1: unexpected character 't' (a value is expected: a string, a number, "
         "true, false, null, an object or an array)",
         0},
        {"nested too deep, next object read", SK_FORMAT_AUTO, "{\"x\":" DEEP DEEP_END END_P J "}\n",
         "t:1:69: puzzle 1: objects and arrays nested deeper than 64", 1},
        {"input ends inside an object", SK_FORMAT_AUTO, J ",\n\"level\": 3\n",
         "t:2:11: puzzle 1: the input ends inside an object or array (it closes with '}' or ']')",
         0},
        {"not an object, others kept", SK_FORMAT_AUTO, J "}\n[1,2]\n" J "}\n",
         "t:2:1: puzzle 2: unexpected character '[' (json input holds one object a line, from '{' "
         "to '}')",
         2},
        {"bad value over lines, next object read", SK_FORMAT_AUTO,
         "{\n\"puzzle\": 5,\n\"x\": 1\n}\n" J "}\n",
         "t:2:11: puzzle 1: puzzle: a string is expected, not a number", 1},
        {"bad syntax over lines, rest skipped", SK_FORMAT_AUTO,
         "{\"puzzle\": \"" P "\",\n  \"level\": tru,\n  \"x\": [1,\n 2]\n}\n" J "}\n",
         "t:2:12: puzzle 1: unexpected character 't' (a value is expected: a string, a number, "
         "true, false, null, an object or an array)",
         1},
    };
    RUN(cases);
}

/* True when message begins "t:LINE:COL: ". */
static bool names_its_place(const char *message)
{
    const char *p = message;
    if (strncmp(p, "t:", 2) != 0)
        return false;
    p += 2;
    for (int part = 0; part < 2; part++) {
        if (*p < '1' || *p > '9')
            return false;
        while (*p >= '0' && *p <= '9')
            p++;
        if (*p++ != ':')
            return false;
    }
    return *p == ' ';
}

static uint64_t mutation_state = 88172645463325252u;

/* xorshift64: the same mutations every run. */
static uint64_t mutation_next(void)
{
    mutation_state ^= mutation_state << 13;
    mutation_state ^= mutation_state >> 7;
    mutation_state ^= mutation_state << 17;
    return mutation_state;
}

/* Change text in place: a few bytes replaced by syntax bytes or any byte,
 * or a piece cut out. Returns the new length. */
static size_t mutate(char *text, size_t len)
{
    static const char syntax[] = "{}[]\",:\\\n\r\t #+|-.0123456789eu5x";
    for (int m = 1 + (int)(mutation_next() % 6); m > 0 && len > 0; m--) {
        size_t at = mutation_next() % len;
        int kind = (int)(mutation_next() % 3);
        if (kind == 0) {
            text[at] = syntax[mutation_next() % (sizeof syntax - 1)];
        } else if (kind == 1) {
            text[at] = (char)(1 + mutation_next() % 255);
        } else {
            size_t cut = mutation_next() % (len - at);
            memmove(text + at, text + at + cut, len - at - cut);
            len -= cut;
        }
    }
    text[len] = '\0';
    return len;
}

/* Damaged output of every layout: every record read or refused with a
 * message naming its place (a damaged csv header may end the input), and
 * the input read to its end. */
static void mutated_inputs_fail_cleanly(void)
{
    static const int cols[] = {SK_FIELD_STRATEGY, SK_FIELD_PUZZLE,  SK_FIELD_SOLUTION,
                               SK_FIELD_SCORE,    SK_FIELD_HARDEST, SK_FIELD_INDEX};
    static const sk_layout layout = {cols, 6, SK_FIELD_PUZZLE, SK_FIELD_SOLUTION, cols, 6};
    sk_record records[3] = {records_rated(), records_full(), records_puzzle(false)};
    records[0].strategy = "a,\"b\"\n{x}";
    int failures = 0;
    for (int round = 0; round < 3000 && failures < 5; round++) {
        sk_format format = (sk_format)(SK_FORMAT_LINE + round % 5);
        char *text = records_write(format, &layout, records, 3);
        mutate(text, strlen(text));
        sk_reader *reader = sk_reader_from_string(text, "t");
        sk_grid grid;
        sk_read_status status;
        int reads = 0;
        while ((status = sk_reader_next(reader, &grid)) != SK_READ_END && reads++ < 1000) {
            if (status != SK_READ_OK && !names_its_place(sk_reader_error(reader))) {
                fprintf(stderr, "status %d: %s\n", status, sk_reader_error(reader));
                failures++;
            }
        }
        failures += reads > 1000;
        sk_reader_close(reader);
        free(text);
    }
    CHECK_INT(failures, 0);
}

static const ski_test_case cases[] = {
    {"line_layout", line_layout},
    {"classic_layout", classic_layout},
    {"readable_layout", readable_layout},
    {"csv_layout", csv_layout},
    {"json_strings", json_strings},
    {"json_objects", json_objects},
    {"mutated_inputs_fail_cleanly", mutated_inputs_fail_cleanly},
};

SK_TEST_MAIN(cases)
