/* A stop request (SIGINT or SIGTERM to a context made with stop_on_signals,
 * or sk_ctx_stop from another thread) ends a query that would never end:
 * an operation reading through a view over an endless recursive CTE stops
 * with 128 + the signal (1 for sk_ctx_stop(ctx, 0)), the transaction it ran
 * in is rolled back, and no file is left beside the database. The view is a TEMP one on the store's
 * own connection, since a file holding such a view is refused at open
 * (tests/store/hostile.sh): this is the interrupt itself, for whatever
 * query a database could still make long. */
#define _XOPEN_SOURCE 700 /* mkdtemp */
#include <dirent.h>
#include <pthread.h>
#include <signal.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "store_internal.h"
#include "sudokit/grid.h"
#include "sudokit/ops.h"

/* How long the parent waits for the stopped child before it calls the
 * interrupt broken: far longer than any machine needs, so that a broken
 * interrupt fails the test instead of hanging it. */
#define STOP_PATIENCE_SECONDS 120

static char test_dir[256];
static int test_ready_fd = -1;

/* The stop that a case asks for: a signal the parent sends, or
 * TEST_BY_THREAD, sk_ctx_stop(ctx, 0) from a thread of the child. */
#define TEST_BY_THREAD 0

/* Remove what the cases made: a folder per signal and its database (and
 * what a broken run may leave beside it). */
static void test_cleanup(void)
{
    static const int signals[] = {SIGINT, SIGTERM, TEST_BY_THREAD};
    static const char *const files[] = {"stop.db", "stop.db-wal", "stop.db-shm", "stop.db-journal"};
    char path[400];
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
            snprintf(path, sizeof path, "%s/%d/%s", test_dir, signals[i], files[f]);
            unlink(path);
        }
        snprintf(path, sizeof path, "%s/%d", test_dir, signals[i]);
        rmdir(path);
    }
    rmdir(test_dir);
}

/* SQL function ready(): tells the parent, once, that the query runs. */
static void test_ready(sqlite3_context *context, int argc, sqlite3_value **argv)
{
    (void)argc;
    (void)argv;
    if (test_ready_fd >= 0) {
        (void)!write(test_ready_fd, "r", 1);
        close(test_ready_fd);
        test_ready_fd = -1;
    }
    sqlite3_result_int(context, 1);
}

/* The child's stopping thread: waits for the query to run (a byte on its
 * pipe), then asks the context to stop. */
typedef struct test_stopper {
    sk_ctx *ctx;
    int fd;
} test_stopper;

static void *test_stop_thread(void *arg)
{
    test_stopper *stopper = arg;
    char byte;
    if (read(stopper->fd, &byte, 1) == 1)
        sk_ctx_stop(stopper->ctx, 0);
    return NULL;
}

/* The child: add a puzzle in an open transaction, then run `db stats`
 * through a view named puzzles that never ends; exit with the operation's
 * status. by is the signal the parent sends, or TEST_BY_THREAD. */
static void test_child(const char *path, int by)
{
    sk_store *store = NULL;
    sk_error err;
    sk_grid puzzle;
    size_t col;
    if (sk_store_open(path, &store, &err) != 0 || sk_store_begin(store, &err))
        _exit(90);
    sk_grid_parse_line(&puzzle, "1................................................................................",
                       81, &col);
    sk_puzzle_record rec;
    sk_puzzle_record_init(&rec);
    rec.givens = puzzle;
    if (sk_store_add_puzzle(store, &rec, NULL, NULL, &err) != 0 ||
        sqlite3_create_function(store->db, "ready", 0, SQLITE_UTF8, NULL, test_ready, NULL,
                                NULL) != SQLITE_OK ||
        sqlite3_exec(store->db,
                     "CREATE TEMP VIEW puzzles AS WITH RECURSIVE c(x) AS (SELECT ready()"
                     " UNION ALL SELECT x + 1 FROM c) SELECT x AS id FROM c",
                     NULL, NULL, NULL) != SQLITE_OK)
        _exit(91);
    /* A job started in the background ignores SIGINT, and sudokit keeps
     * what it inherits: this child takes it. */
    signal(SIGINT, SIG_DFL);
    FILE *quiet = fopen("/dev/null", "w");
    sk_ctx_config config = {.store = store,
                            .out = quiet,
                            .messages = quiet,
                            .quiet = true,
                            .stop_on_signals = by != TEST_BY_THREAD};
    sk_ctx *ctx = sk_ctx_new(&config);
    sk_op *op = NULL;
    sk_error error;
    if (!ctx || sk_op_new(ctx, "stats", &op, &error) != 0)
        _exit(92);
    int ready[2];
    pthread_t thread;
    test_stopper stopper = {ctx, -1};
    if (by == TEST_BY_THREAD) {
        /* ready() tells the stopping thread instead of the parent. */
        if (pipe(ready) != 0)
            _exit(93);
        close(test_ready_fd);
        test_ready_fd = ready[1];
        stopper.fd = ready[0];
        if (pthread_create(&thread, NULL, test_stop_thread, &stopper) != 0)
            _exit(94);
    }
    int status = sk_op_run(op, &error);
    if (by == TEST_BY_THREAD && (pthread_join(thread, NULL) != 0 || !sk_op_summary_of(op)->stopped))
        _exit(95);
    sk_op_free(op);
    sk_ctx_free(ctx);
    sk_store_close(store); /* rolls the transaction back */
    _exit(status);
}

/* Wait for the child; its exit status, or -1 when it had to be killed or
 * ended by a signal. */
static int test_wait(pid_t pid)
{
    int status = 0;
    for (int tenths = 0; tenths < STOP_PATIENCE_SECONDS * 10; tenths++) {
        if (waitpid(pid, &status, WNOHANG) == pid)
            return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        nanosleep(&(struct timespec){0, 100000000}, NULL);
    }
    kill(pid, SIGKILL);
    waitpid(pid, &status, 0);
    fprintf(stderr, "the stopped query still ran after %d s: killed\n", STOP_PATIENCE_SECONDS);
    return -1;
}

/* The folder holds the database alone, and it holds no puzzle. */
static void test_nothing_left(const char *dir, const char *path)
{
    DIR *d = opendir(dir);
    int entries = 0;
    for (struct dirent *e; d && (e = readdir(d));)
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0) {
            entries++;
            CHECK_STR(e->d_name, "stop.db");
        }
    if (d)
        closedir(d);
    CHECK_INT(entries, 1);
    sqlite3 *db = NULL;
    sqlite3_stmt *stmt = NULL;
    CHECK_INT(sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
    CHECK_INT(sqlite3_prepare_v2(db, "SELECT count(*) FROM puzzles", -1, &stmt, NULL), SQLITE_OK);
    CHECK_INT(sqlite3_step(stmt), SQLITE_ROW);
    CHECK_INT(sqlite3_column_int(stmt, 0), 0);
    sqlite3_finalize(stmt);
    sqlite3_close(db);
}

/* Run the endless query in a child and stop it by sig (a signal sent from
 * here, or TEST_BY_THREAD); the child exits with want. */
static void test_stop_by(int sig, int want)
{
    char dir[300], path[320];
    snprintf(dir, sizeof dir, "%s/%d", test_dir, sig);
    snprintf(path, sizeof path, "%s/stop.db", dir);
    CHECK_INT(mkdir(dir, 0700), 0);
    sk_store *store = NULL;
    sk_error err;
    CHECK_INT(sk_store_open(path, &store, &err), 0);
    sk_store_close(store);
    int ready[2];
    CHECK_INT(pipe(ready), 0);
    pid_t pid = fork();
    if (pid == 0) {
        close(ready[0]);
        test_ready_fd = ready[1];
        test_child(path, sig);
    }
    close(ready[1]);
    if (sig != TEST_BY_THREAD) {
        char byte;
        CHECK_INT(read(ready[0], &byte, 1), 1);
        kill(pid, sig);
    }
    close(ready[0]);
    CHECK_INT(test_wait(pid), want);
    test_nothing_left(dir, path);
}

static void test_sigint_ends_an_endless_query(void)
{
    test_stop_by(SIGINT, 128 + SIGINT);
}

static void test_sigterm_ends_an_endless_query(void)
{
    test_stop_by(SIGTERM, 128 + SIGTERM);
}

static void test_ctx_stop_from_a_thread_ends_an_endless_query(void)
{
    test_stop_by(TEST_BY_THREAD, SK_EXIT_FAILURE);
}

static const ski_test_case cases[] = {
    {"sigint_ends_an_endless_query", test_sigint_ends_an_endless_query},
    {"sigterm_ends_an_endless_query", test_sigterm_ends_an_endless_query},
    {"ctx_stop_from_a_thread_ends_an_endless_query",
     test_ctx_stop_from_a_thread_ends_an_endless_query},
};

int main(int argc, char **argv)
{
    snprintf(test_dir, sizeof test_dir, "/tmp/sk-test-stop-XXXXXX");
    if (!mkdtemp(test_dir))
        return 1;
    atexit(test_cleanup);
    return ski_test_main(argc, argv, cases, sizeof cases / sizeof cases[0]);
}
