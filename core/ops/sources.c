/* The puzzles of a list of files, read one file after the other. */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "op.h"
#include "sudokit/rules.h"

void ski_sources_init(ski_sources *s, sk_ctx *ctx, char **paths, sk_format format,
                     bool check_rules)
{
    memset(s, 0, sizeof *s);
    s->ctx = ctx;
    s->paths = paths;
    s->format = format;
    s->check_rules = check_rules;
    while (paths && paths[s->files])
        s->files++;
}

void ski_sources_accept_rules(ski_sources *s, sk_host *host)
{
    s->rules_host = host;
}

void ski_sources_refuse_rules(ski_sources *s, sk_host *host, const char *why)
{
    s->rules_host = host;
    s->rules_refusal = why;
}

void ski_sources_set_rules(ski_sources *s, const sk_rules *rules)
{
    s->rules = rules;
}

/* True when text, named as a file that does not exist, is a puzzle
 * itself: one line of N*N digits, letters, '.' or '0' (N from 4 to 25). */
static bool sources_is_puzzle_text(const char *text)
{
    size_t len = strspn(text, "0123456789.ABCDEFGHIJKLMNOPabcdefghijklmnop");
    size_t side = 4;
    while (side * side < len)
        side++;
    struct stat st;
    return text[len] == '\0' && side <= 25 && side * side == len && stat(text, &st) != 0;
}

/* Close the file being read. */
static void sources_close_file(ski_sources *s)
{
    sk_reader_close(s->reader);
    s->reader = NULL;
    s->reader_failed = false;
}

/* The path of file i ("-" when no file was named). */
static const char *sources_path(const ski_sources *s, size_t i)
{
    return s->files ? s->paths[i] : "-";
}

/* Open the next file; 1 when one is open, 0 at the end, -1 when it cannot
 * be opened (message in err; the file is skipped). */
static int sources_open_next(ski_sources *s, sk_error *err)
{
    size_t count = s->files ? s->files : 1;
    if (s->next >= count)
        return 0;
    s->file_index = s->next++;
    const char *path = sources_path(s, s->file_index);
    sk_error refused;
    /* A puzzle written on the command line is read as a one-line file. */
    bool literal = strcmp(path, "-") != 0 && sources_is_puzzle_text(path);
    if (!literal && strcmp(path, "-") != 0 &&
        sk_ctx_check_file(s->ctx, path, SK_ACCESS_READ, &refused)) {
        sk_error_set(err, SK_EXIT_FAILURE, "%s", refused.message);
        return -1;
    }
    s->file_good = s->file_bad = 0;
    s->reader = literal ? sk_reader_from_string(path, "argument") : sk_reader_open(path, err);
    if (!s->reader && literal)
        sk_error_set(err, SK_EXIT_FAILURE, "out of memory");
    if (!s->reader)
        return -1;
    sk_reader_set_format(s->reader, s->format);
    sk_reader_set_check_rules(s->reader, s->check_rules);
    if (s->rules_host)
        sk_reader_accept_rules(s->reader, s->rules_host);
    if (s->rules_host && s->rules)
        sk_reader_set_rules(s->reader, s->rules);
    return 1;
}

/* A file whose first records are all refused is no puzzle file: the
 * reading stops there, after their errors, rather than naming every line. */
enum { SOURCES_NOT_PUZZLES = 5 };

/* Count the record read with status; true (err said why) when the file
 * turns out to hold no puzzles and the rest of it is skipped. */
static bool sources_not_puzzles(ski_sources *s, sk_read_status status, sk_error *err)
{
    if (status == SK_READ_OK)
        s->file_good++;
    else if (status == SK_READ_BAD)
        s->file_bad++;
    if (status != SK_READ_BAD || s->file_good || s->file_bad != SOURCES_NOT_PUZZLES)
        return false;
    size_t used = strlen(err->message);
    snprintf(err->message + used, sizeof err->message - used,
             "; %s is read no further: its first %d records are not puzzles (is it a puzzle "
             "file?)",
             sources_path(s, s->file_index), SOURCES_NOT_PUZZLES);
    return true;
}

/* The next record of the files, whatever the shard. */
static sk_read_status sources_next_record(ski_sources *s, sk_grid *grid, const sk_record **record,
                                          const sk_reader_position **pos, sk_error *err)
{
    if (s->reader && s->reader_failed)
        sources_close_file(s);
    for (;;) {
        if (!s->reader) {
            int opened = sources_open_next(s, err);
            if (opened == 0)
                return SK_READ_END;
            if (opened < 0)
                return SK_READ_BAD;
        }
        sk_read_status status = sk_reader_next(s->reader, grid);
        if (status == SK_READ_END) {
            sources_close_file(s);
            continue;
        }
        *pos = sk_reader_position_of(s->reader);
        *record = sk_reader_record(s->reader);
        if (status != SK_READ_OK)
            sk_error_set(err, SK_EXIT_FAILURE, "%s", sk_reader_error(s->reader));
        else if ((*record)->rules && s->rules_refusal) {
            sk_error_set(err, SK_EXIT_FAILURE, "%s:%zu: puzzle %zu: under the rules '%.200s': %s",
                         (*pos)->name, (*pos)->line, (*pos)->puzzle,
                         sk_rules_spec((*record)->rules), s->rules_refusal);
            status = SK_READ_BAD;
        }
        /* Closed on the next call: pos and record point into the reader. */
        s->reader_failed = status == SK_READ_IO || sources_not_puzzles(s, status, err);
        return status;
    }
}

sk_read_status ski_sources_next(ski_sources *s, sk_grid *grid, const sk_record **record,
                                const sk_reader_position **pos, sk_error *err)
{
    for (;;) {
        if (s->sharded && s->ordinal >= s->end)
            return SK_READ_END;
        sk_read_status status = sources_next_record(s, grid, record, pos, err);
        int resumed = ski_sources_resumed(s, status, grid);
        if (resumed > 0)
            continue;
        if (resumed < 0) {
            sk_error_set(err, SK_EXIT_FAILURE,
                         "--resume: %s holds puzzles that the input does not, after the first "
                         "%llu: it is the output of other puzzles",
                         s->resume_path, (unsigned long long)s->resumed);
            sk_reader_close(s->resume);
            s->resume = NULL;
            return SK_READ_BAD;
        }
        if (status == SK_READ_END || !s->sharded || s->ordinal++ >= s->first)
            return status;
    }
}

int ski_sources_shard(ski_sources *s, ski_shard shard, const char *op, sk_error *err)
{
    if (!s->files)
        return sk_error_set(err, SK_EXIT_USAGE,
                            "%s: --shard needs puzzle files, not stdin: each shard counts the "
                            "puzzles first to find its block, and stdin cannot be read twice",
                            op);
    for (size_t i = 0; i < s->files; i++) {
        struct stat st;
        if (strcmp(s->paths[i], "-") == 0 || (stat(s->paths[i], &st) == 0 && !S_ISREG(st.st_mode)))
            return sk_error_set(err, SK_EXIT_USAGE,
                                "%s: --shard needs regular files, and %s is not one: each shard "
                                "counts the puzzles first to find its block; copy it to a file",
                                op, s->paths[i]);
    }
    uint64_t total = ski_sources_count(s);
    s->sharded = true;
    s->total = total;
    ski_shard_block(shard, total, &s->first, &s->end);
    return 0;
}

uint64_t ski_sources_count(const ski_sources *s)
{
    ski_sources count;
    ski_sources_init(&count, s->ctx, s->paths, s->format, s->check_rules);
    count.rules_host = s->rules_host;
    count.rules_refusal = s->rules_refusal;
    count.rules = s->rules;
    sk_grid grid;
    const sk_record *record;
    const sk_reader_position *pos;
    sk_error why;
    uint64_t total = 0;
    while (ski_sources_next(&count, &grid, &record, &pos, &why) != SK_READ_END)
        total++;
    ski_sources_close(&count);
    return total;
}

void ski_sources_cell_places(const ski_sources *s, sk_cell_places *out)
{
    sk_reader_cell_places(s->reader, out);
}

void ski_sources_close(ski_sources *s)
{
    sources_close_file(s);
    sk_reader_close(s->resume);
    s->resume = NULL;
}
