/* Every name of the library's name tables (names.h) is taken, in any case,
 * wherever a user gives one: generate's symmetry, the database query's
 * symmetry and level, and the csv reader's symmetry and level_name fields.
 * The tables are the only place the names are listed, so a name added to
 * one is tested here without a change to this file. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "sudokit/names.h"
#include "sudokit/ops.h"
#include "sudokit/reader.h"

#define NAMES_PUZZLE                                                                        \
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

/* name in capitals, into buf. */
static const char *names_upper(const char *name, char *buf, size_t len)
{
    size_t i = 0;
    for (; name[i] && i + 1 < len; i++)
        buf[i] = (char)toupper((unsigned char)name[i]);
    buf[i] = '\0';
    return buf;
}

/* The last record a run gave. */
static int names_keep(void *user, const sk_record *record)
{
    *(sk_record *)user = *record;
    return 0;
}

/* Run operation on ctx with keys (pairs, NULL-terminated); its status, or
 * -1 when a key is refused. The last record goes to last when not NULL. */
static int names_run(sk_ctx *ctx, const char *operation, const char *const *keys,
                     sk_record *last)
{
    sk_op *op = NULL;
    sk_error err;
    if (sk_op_new(ctx, operation, &op, &err) != 0)
        return -1;
    int status = 0;
    for (size_t i = 0; keys[i] && status == 0; i += 2)
        if (sk_op_set(op, keys[i], keys[i + 1], &err) != 0) {
            fprintf(stderr, "%s %s=%s: %s\n", operation, keys[i], keys[i + 1], err.message);
            status = -1;
        }
    sk_sink sink = {.record = names_keep, .user = last};
    if (last)
        sk_op_set_sink(op, &sink);
    if (status == 0)
        status = sk_op_run(op, &err);
    if (status > 0)
        fprintf(stderr, "%s: %s\n", operation, err.message);
    sk_op_free(op);
    return status;
}

static sk_ctx *names_ctx(const char *db_path)
{
    sk_ctx_config config = {.plugin_path = SK_TEST_PLUGIN_DIR, .db_path = db_path, .quiet = true};
    return sk_ctx_new(&config);
}

static void test_generate_takes_every_symmetry(void)
{
    sk_ctx *ctx = names_ctx(NULL);
    CHECK(ctx != NULL);
    for (int i = 0; ctx && sk_symmetry_names[i]; i++) {
        char upper[32];
        const char *names[] = {sk_symmetry_names[i],
                               names_upper(sk_symmetry_names[i], upper, sizeof upper)};
        for (int n = 0; n < 2; n++) {
            const char *const keys[] = {"symmetry", names[n], "seed", "1", "count", "1", NULL};
            sk_record record;
            memset(&record, 0, sizeof record);
            CHECK_INT(names_run(ctx, "generate", keys, &record), 0);
            CHECK(record.has_symmetry);
            if (i != SK_SYM_RANDOM)
                CHECK_INT(record.symmetry, i);
        }
    }
    sk_ctx_free(ctx);
}

static void test_query_takes_every_symmetry_and_level(void)
{
    char dir[] = "/tmp/sk_names_XXXXXX", db[64];
    CHECK(mkdtemp(dir) != NULL);
    snprintf(db, sizeof db, "%s/names.db", dir);
    sk_ctx *ctx = names_ctx(db);
    CHECK(ctx != NULL);
    const char *const init[] = {"seeds", "1", NULL};
    CHECK_INT(ctx ? names_run(ctx, "init", init, NULL) : -1, 0);
    for (int t = 0; ctx && t < 2; t++) {
        const char *const *table = t == 0 ? sk_grid_symmetry_names : sk_level_names;
        const char *key = t == 0 ? "symmetry" : "level";
        for (int i = 0; table[i]; i++) {
            if (!table[i][0])
                continue;
            char upper[32];
            const char *const keys[] = {key, table[i], NULL};
            const char *const upper_keys[] = {
                key, names_upper(table[i], upper, sizeof upper), NULL};
            sk_record record;
            CHECK_INT(names_run(ctx, "query", keys, &record), 0);
            CHECK_INT(names_run(ctx, "query", upper_keys, &record), 0);
        }
    }
    sk_ctx_free(ctx);
    unlink(db);
    rmdir(dir);
}

/* Read one csv record of symmetry and level_name; the reader's status. */
static int names_read(const char *symmetry, const char *level, sk_record *out)
{
    char text[256];
    snprintf(text, sizeof text, "puzzle,symmetry,level_name\n%s,%s,%s\n", NAMES_PUZZLE, symmetry,
             level);
    sk_reader *reader = sk_reader_from_string(text, "names.csv");
    if (!reader)
        return -1;
    sk_read_status status = sk_reader_next(reader, NULL);
    if (status == SK_READ_OK)
        *out = *sk_reader_record(reader);
    else
        fprintf(stderr, "%s\n", sk_reader_error(reader));
    sk_reader_close(reader);
    return status;
}

static void test_csv_reader_takes_every_symmetry_and_level(void)
{
    for (int i = 0; sk_grid_symmetry_names[i]; i++)
        for (int level = 1; sk_level_names[level]; level++) {
            char sym_upper[32], level_upper[32];
            const char *sym = sk_grid_symmetry_names[i], *name = sk_level_names[level];
            const char *syms[] = {sym, names_upper(sym, sym_upper, sizeof sym_upper)};
            const char *levels[] = {name, names_upper(name, level_upper, sizeof level_upper)};
            for (int n = 0; n < 2; n++) {
                sk_record record;
                memset(&record, 0, sizeof record);
                CHECK_INT(names_read(syms[n], levels[n], &record), SK_READ_OK);
                CHECK(record.has_symmetry && record.symmetry == (sk_symmetry)i);
                CHECK_INT(record.rating.level, level);
            }
        }
}

static const ski_test_case cases[] = {
    {"generate_takes_every_symmetry", test_generate_takes_every_symmetry},
    {"query_takes_every_symmetry_and_level", test_query_takes_every_symmetry_and_level},
    {"csv_reader_takes_every_symmetry_and_level", test_csv_reader_takes_every_symmetry_and_level},
};

int main(int argc, char **argv)
{
    return ski_test_main(argc, argv, cases, sizeof cases / sizeof cases[0]);
}
