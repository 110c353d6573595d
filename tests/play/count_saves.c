/* Preloaded into sudokit by play_keys_saves.sh: counts the statements that
 * write a row of the games table (each one rewrites a game's whole
 * history) and writes the count to the file $SK_COUNT_SAVES at exit. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <strings.h>

static long count_saves_seen;

int sqlite3_step(sqlite3_stmt *stmt)
{
    static int (*real_step)(sqlite3_stmt *);
    if (!real_step)
        *(void **)&real_step = dlsym(RTLD_NEXT, "sqlite3_step");
    const char *sql = sqlite3_sql(stmt);
    if (sql && (strncasecmp(sql, "UPDATE games ", 13) == 0 ||
                strncasecmp(sql, "INSERT INTO games ", 18) == 0))
        count_saves_seen++;
    return real_step(stmt);
}

__attribute__((destructor)) static void count_saves_report(void)
{
    const char *path = getenv("SK_COUNT_SAVES");
    FILE *out = path ? fopen(path, "w") : NULL;
    if (out) {
        fprintf(out, "%ld\n", count_saves_seen);
        fclose(out);
    }
}
