/* Fuzz target: the puzzle reader on any bytes, through a memory stream, so
 * every layout it detects (and any it learns later) is reached. */
#include <string.h>

#include "fuzz.h"
#include "sudokit/grid.h"
#include "sudokit/reader.h"

#define FUZZ_NAME "fuzz.txt"

/* A grid the reader accepted reads back the same from its line form. */
static void fuzz_round_trip(const sk_grid *grid, bool check_rules)
{
    char line[SK_LINE_CHARS + 2];
    sk_grid_format_line(grid, line, true);
    line[SK_LINE_CHARS] = '\n';
    line[SK_LINE_CHARS + 1] = '\0';
    sk_reader *reader = sk_reader_from_string(line, "line");
    FUZZ_CHECK(reader != NULL);
    sk_reader_set_check_rules(reader, check_rules);
    sk_grid again;
    FUZZ_CHECK(sk_reader_next(reader, &again) == SK_READ_OK);
    FUZZ_CHECK(memcmp(again.cells, grid->cells, sizeof again.cells) == 0);
    FUZZ_CHECK(sk_reader_next(reader, &again) == SK_READ_END);
    sk_reader_close(reader);
}

/* Read every puzzle of the input, checking what each answer promises. */
static void fuzz_read_all(const uint8_t *data, size_t size, bool check_rules)
{
    /* fmemopen refuses an empty buffer on some C libraries. */
    FILE *stream = size ? fmemopen((void *)data, size, "r") : NULL;
    FUZZ_CHECK(stream != NULL || size == 0);
    sk_reader *reader =
        stream ? sk_reader_from_stream(stream, FUZZ_NAME) : sk_reader_from_string("", FUZZ_NAME);
    FUZZ_CHECK(reader != NULL);
    sk_reader_set_check_rules(reader, check_rules);
    sk_grid grid;
    sk_read_status status;
    size_t answers = 0, last_puzzle = 0;
    while ((status = sk_reader_next(reader, &grid)) != SK_READ_END) {
        /* Every answer but the end consumes at least one line. */
        FUZZ_CHECK(++answers <= size);
        const sk_reader_position *pos = sk_reader_position_of(reader);
        FUZZ_CHECK(pos->puzzle == last_puzzle + 1 || status == SK_READ_IO);
        last_puzzle = pos->puzzle;
        if (status == SK_READ_OK) {
            for (int cell = 0; cell < 81; cell++)
                FUZZ_CHECK(grid.cells[cell] <= 9);
            FUZZ_CHECK(!check_rules || sk_grid_check(&grid, NULL));
            fuzz_round_trip(&grid, check_rules);
            continue;
        }
        FUZZ_CHECK(status == SK_READ_BAD || status == SK_READ_IO);
        const char *error = sk_reader_error(reader);
        FUZZ_CHECK(strncmp(error, FUZZ_NAME ":", strlen(FUZZ_NAME ":")) == 0);
        if (status == SK_READ_IO)
            break;
    }
    sk_reader_close(reader);
    if (stream)
        fclose(stream);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_read_all(data, size, true);
    fuzz_read_all(data, size, false);
    return 0;
}
