/* The plugin mock: a services table that records what a strategy asks of
 * the host (see sudokit/plugin_mock.h). */
#include <stdlib.h>
#include <string.h>

#include "sudokit/plugin_mock.h"

typedef struct mock_message {
    int level;
    char *text;
} mock_message;

struct sk_mock {
    sk_services services; /* ctx points back at the mock */
    uint64_t seed;
    sk_rng rng;
    sk_mock_rate_fn rate;
    void *rate_user;
    sk_mock_calls calls;
    mock_message *log;
    size_t log_count, log_cap;
};

static void mock_log(void *ctx, int level, const char *message)
{
    sk_mock *mock = ctx;
    mock->calls.log++;
    if (mock->log_count == mock->log_cap) {
        size_t cap = mock->log_cap ? mock->log_cap * 2 : 16;
        mock_message *grown = realloc(mock->log, cap * sizeof *grown);
        if (!grown)
            return;
        mock->log = grown;
        mock->log_cap = cap;
    }
    char *text = strdup(message ? message : "");
    if (!text)
        return;
    mock->log[mock->log_count++] = (mock_message){level, text};
}

static int mock_count(void *ctx, const sk_grid *puzzle, int limit, sk_grid *solution)
{
    sk_mock *mock = ctx;
    mock->calls.count_solutions++;
    return sk_mock_count_solutions(puzzle, limit, solution);
}

static int mock_rate(void *ctx, const sk_grid *puzzle, sk_rating *out)
{
    sk_mock *mock = ctx;
    mock->calls.rate++;
    return mock->rate ? mock->rate(mock->rate_user, puzzle, out) : SK_ERR;
}

sk_mock *sk_mock_new(uint64_t seed)
{
    sk_mock *mock = calloc(1, sizeof *mock);
    if (!mock)
        return NULL;
    mock->services = (sk_services){
        .struct_size = sizeof(sk_services),
        .version = SK_ABI_MINOR,
        .ctx = mock,
        .log = mock_log,
        .count_solutions = mock_count,
        .rate = mock_rate,
    };
    mock->seed = seed;
    sk_rng_seed(&mock->rng, seed, 0);
    return mock;
}

void sk_mock_free(sk_mock *mock)
{
    if (!mock)
        return;
    sk_mock_log_clear(mock);
    free(mock->log);
    free(mock);
}

const sk_services *sk_mock_services(sk_mock *mock)
{
    return &mock->services;
}

void sk_mock_set_rate(sk_mock *mock, sk_mock_rate_fn fn, void *user)
{
    mock->rate = fn;
    mock->rate_user = user;
}

sk_mock_calls sk_mock_calls_of(const sk_mock *mock)
{
    return mock->calls;
}

size_t sk_mock_log_count(const sk_mock *mock)
{
    return mock->log_count;
}

const char *sk_mock_log_message(const sk_mock *mock, size_t index, int *level)
{
    if (index >= mock->log_count)
        return NULL;
    if (level)
        *level = mock->log[index].level;
    return mock->log[index].text;
}

const char *sk_mock_log_find(const sk_mock *mock, const char *text)
{
    for (size_t i = 0; i < mock->log_count; i++)
        if (strstr(mock->log[i].text, text))
            return mock->log[i].text;
    return NULL;
}

void sk_mock_log_clear(sk_mock *mock)
{
    for (size_t i = 0; i < mock->log_count; i++)
        free(mock->log[i].text);
    mock->log_count = 0;
}

sk_rng *sk_mock_rng(sk_mock *mock)
{
    return &mock->rng;
}

sk_gen_request sk_mock_request(const sk_mock *mock, uint64_t index)
{
    return (sk_gen_request){
        .struct_size = sizeof(sk_gen_request), .seed = mock->seed, .index = index};
}

int sk_mock_grid(const char *text, sk_grid *out)
{
    if (!text || strlen(text) != 81)
        return -1;
    for (int cell = 0; cell < 81; cell++) {
        char c = text[cell];
        if (c == '.' || c == '0')
            out->cells[cell] = 0;
        else if (c >= '1' && c <= '9')
            out->cells[cell] = (uint8_t)(c - '0');
        else
            return -1;
    }
    return 0;
}
