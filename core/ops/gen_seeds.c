/* The seeds of a search run: read from files, the store or the starter
 * collection, and the run's finds fed back with a fixed lag. */
#include "gen_seeds.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sudokit/reader.h"

/* The collections embedded at build time: the starter collection
 * (seeds/starter.csv) and the hard seeds (seeds/hard.csv). */
extern const char ski_seeds_starter[];
extern const char ski_seeds_hard[];

void gen_seeds_init(gen_seeds *s)
{
    memset(s, 0, sizeof *s);
    pthread_mutex_init(&s->lock, NULL);
    pthread_cond_init(&s->more, NULL);
}

static int seeds_add(gen_seeds *s, const sk_grid *grid, sk_error *err)
{
    if (s->count == s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 256;
        sk_grid *grown = realloc(s->list, cap * sizeof *grown);
        if (!grown)
            return sk_error_set(err, SK_EXIT_FAILURE, "generate: out of memory");
        s->list = grown;
        s->cap = cap;
    }
    s->list[s->count++] = *grid;
    return 0;
}

int gen_seeds_read_file(gen_seeds *s, const char *path, const char *key, sk_error *err)
{
    sk_error why;
    sk_reader *reader = sk_reader_open(path, &why);
    if (!reader)
        return sk_error_set(err, SK_EXIT_FAILURE, "generate: %s: %s", key, why.message);
    sk_grid grid;
    sk_read_status status;
    int rc = 0;
    while (rc == 0 && (status = sk_reader_next(reader, &grid)) != SK_READ_END) {
        if (status != SK_READ_OK)
            rc = sk_error_set(err, SK_EXIT_FAILURE, "generate: %s: %s; fix or remove it", key,
                              sk_reader_error(reader));
        else
            rc = seeds_add(s, &grid, err);
    }
    sk_reader_close(reader);
    return rc;
}

/* A stored puzzle the query picked. */
static int seeds_record(void *user, const sk_record *record)
{
    void **args = user;
    return seeds_add(args[0], &record->puzzle, args[1]) ? 1 : 0;
}

int gen_seeds_read_store(gen_seeds *s, sk_ctx *ctx, const char *filters, sk_error *err)
{
    sk_op *query;
    if (sk_op_new(ctx, "query", &query, err))
        return -1;
    char *copy = strdup(filters ? filters : "");
    sk_error inner = {0};
    int rc = copy ? 0 : sk_error_set(err, SK_EXIT_FAILURE, "generate: out of memory");
    /* "key=value,key=value": each a filter of db query, checked by it. */
    for (char *item = copy, *next; rc == 0 && item && *item; item = next) {
        next = strchr(item, ',');
        if (next)
            *next++ = '\0';
        char *value = strchr(item, '=');
        if (value)
            *value++ = '\0';
        if (!sk_op_key(sk_op_find("query"), item))
            rc = sk_error_set(&inner, SK_EXIT_USAGE,
                              "'%s' is not a filter of db query (sudokit help db query lists "
                              "them)", item);
        else
            rc = sk_op_set(query, item, value, &inner);
    }
    void *args[] = {s, err};
    sk_sink sink = {.record = seeds_record, .user = args};
    sk_op_set_sink(query, &sink);
    if (rc == 0 && (sk_op_set(query, "quiet", NULL, &inner) || sk_op_run(query, &inner)))
        rc = -1;
    if (rc && inner.message[0])
        sk_error_set(err, inner.status, "generate: seeds-from-db: %s", inner.message);
    free(copy);
    sk_op_free(query);
    return rc;
}

/* A built-in seed and its fitness for the run's targets, for the order
 * most promising first. */
typedef struct seeds_scored {
    sk_grid grid;
    double fitness;
    size_t order;
} seeds_scored;

static int seeds_fitter_first(const void *a, const void *b)
{
    const seeds_scored *x = a, *y = b;
    if (x->fitness != y->fitness)
        return x->fitness < y->fitness ? 1 : -1;
    return x->order < y->order ? -1 : x->order > y->order;
}

/* Lines of text: room enough for its puzzles. */
static size_t seeds_lines(const char *text)
{
    size_t n = 1;
    for (; *text; text++)
        n += *text == '\n';
    return n;
}

/* Add the evil puzzles of an embedded collection (text, read as name) to
 * list (*count so far, with room enough), each with its fitness for
 * targets. 0, or -1 with err. */
static int seeds_read_embedded(seeds_scored *list, size_t *count, const char *text,
                               const char *name, const gen_targets *targets, sk_error *err)
{
    sk_reader *reader = sk_reader_from_string(text, name);
    int rc = reader ? 0 : sk_error_set(err, SK_EXIT_FAILURE, "generate: out of memory");
    sk_read_status status;
    while (rc == 0 && (status = sk_reader_next(reader, NULL)) != SK_READ_END) {
        const sk_record *r = sk_reader_record(reader);
        if (status != SK_READ_OK) {
            rc = sk_error_set(err, SK_EXIT_FAILURE, "generate: %s", sk_reader_error(reader));
        } else if (r->rated && r->rating.level == 5) {
            double fitness = gen_judge_fitness(targets, r->rating.score, r->rating.level);
            list[*count] = (seeds_scored){r->puzzle, fitness, *count};
            ++*count;
        }
    }
    sk_reader_close(reader);
    return rc;
}

int gen_seeds_read_builtin(gen_seeds *s, const gen_targets *targets, sk_error *err)
{
    size_t n = 0;
    seeds_scored *list =
        calloc(seeds_lines(ski_seeds_hard) + seeds_lines(ski_seeds_starter), sizeof *list);
    int rc = list ? 0 : sk_error_set(err, SK_EXIT_FAILURE, "generate: out of memory");
    if (rc == 0)
        rc = seeds_read_embedded(list, &n, ski_seeds_hard, "seeds/hard.csv", targets, err);
    if (rc == 0)
        rc = seeds_read_embedded(list, &n, ski_seeds_starter, "seeds/starter.csv", targets, err);
    if (rc == 0)
        qsort(list, n, sizeof *list, seeds_fitter_first);
    for (size_t i = 0; rc == 0 && i < n; i++)
        rc = seeds_add(s, &list[i].grid, err);
    free(list);
    return rc;
}

int gen_seeds_start(gen_seeds *s, const sk_op *op, size_t room, sk_error *err)
{
    s->op = op;
    s->room = room;
    s->pool = malloc((room + s->count + 1) * sizeof *s->pool);
    s->find_places = malloc((room + 1) * sizeof *s->find_places);
    if (!s->pool || !s->find_places)
        return sk_error_set(err, SK_EXIT_FAILURE, "generate: out of memory");
    if (s->count)
        memcpy(s->pool + room, s->list, s->count * sizeof *s->pool);
    return 0;
}

const sk_grid *gen_seeds_for(gen_seeds *s, uint64_t place, size_t *count)
{
    uint64_t needed = place > GEN_SEEDS_LAG ? place - GEN_SEEDS_LAG : 0;
    pthread_mutex_lock(&s->lock);
    while (s->written < needed && !s->halted && !ski_op_stopped(s->op)) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_sec += 1;
        pthread_cond_timedwait(&s->more, &s->lock, &until);
    }
    bool ready = s->written >= needed;
    /* The finds of places before needed: find_places is in place order. */
    size_t finds = 0, high = s->finds;
    while (finds < high) {
        size_t mid = finds + (high - finds) / 2;
        if (s->find_places[mid] < needed)
            finds = mid + 1;
        else
            high = mid;
    }
    pthread_mutex_unlock(&s->lock);
    *count = finds + s->count;
    return ready ? s->pool + s->room - finds : NULL;
}

void gen_seeds_written(gen_seeds *s, const sk_grid *find)
{
    pthread_mutex_lock(&s->lock);
    if (find && s->finds < s->room) {
        s->pool[s->room - 1 - s->finds] = *find;
        s->find_places[s->finds++] = s->written;
    }
    s->written++;
    pthread_cond_broadcast(&s->more);
    pthread_mutex_unlock(&s->lock);
}

void gen_seeds_halt(gen_seeds *s)
{
    pthread_mutex_lock(&s->lock);
    s->halted = true;
    pthread_cond_broadcast(&s->more);
    pthread_mutex_unlock(&s->lock);
}

void gen_seeds_release(gen_seeds *s)
{
    free(s->list);
    free(s->pool);
    free(s->find_places);
    pthread_mutex_destroy(&s->lock);
    pthread_cond_destroy(&s->more);
    memset(s, 0, sizeof *s);
}
