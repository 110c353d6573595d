/* The plugin mock: a services table that records what a strategy asks of
 * the host (see sudokit/plugin_mock.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules_internal.h"
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
    const sk_plugin *constraints;
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

static int mock_count_rules(void *ctx, const sk_rules *rules, const sk_board *puzzle, int limit,
                            sk_board *solution)
{
    sk_mock *mock = ctx;
    mock->calls.count_solutions_rules++;
    return sk_mock_count_solutions_rules(rules, puzzle, limit, solution);
}

static int mock_compile(void *ctx, const char *spec, const sk_rules **rules, char *err,
                        size_t errlen)
{
    sk_mock *mock = ctx;
    mock->calls.compile_rules++;
    return sk_mock_rules_compile(mock, spec, rules, err, errlen);
}

static void mock_release(void *ctx, const sk_rules *rules)
{
    (void)ctx;
    sk_mock_rules_free(rules);
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
        .count_solutions_rules = mock_count_rules,
        .compile_rules = mock_compile,
        .release_rules = mock_release,
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

void sk_mock_set_constraints(sk_mock *mock, const sk_plugin *plugin)
{
    mock->constraints = plugin;
}

static const sk_strategy *mock_find(void *user, const char *name)
{
    const sk_mock *mock = user;
    for (size_t i = 0; mock->constraints && mock->constraints->strategies[i]; i++) {
        const sk_strategy *s = mock->constraints->strategies[i];
        if (s->kind == SK_KIND_CONSTRAINT &&
            s->struct_size >= offsetof(sk_strategy, constraint) + sizeof s->constraint &&
            s->constraint && strcmp(s->name, name) == 0)
            return s;
    }
    return NULL;
}

static void mock_origin(void *user, const sk_strategy *strategy, char *out, size_t len)
{
    const sk_mock *mock = user;
    (void)strategy;
    snprintf(out, len, "'%s' (under test)", mock->constraints->name);
}

static int mock_parse(void *user, const sk_strategy *strategy, const sk_rules_builder *builder,
                      const char *argument, char *err, size_t errlen)
{
    return strategy->constraint->parse(sk_mock_services(user), builder, argument, err, errlen);
}

int sk_mock_rules_compile(sk_mock *mock, const char *spec, const sk_rules **out, char *err,
                          size_t errlen)
{
    rules_env env = {mock_find, mock_origin, mock_parse, mock,
                     "(the mock knows the constraints of the plugin given to "
                     "sk_mock_set_constraints)"};
    rules_problem problem;
    rules_value *value;
    *out = NULL;
    if (rules_compile(&env, spec, &value, &problem)) {
        if (problem.column)
            snprintf(err, errlen, "column %zu: %s", problem.column, problem.message);
        else
            snprintf(err, errlen, "%s", problem.message);
        return SK_ERR;
    }
    *out = &value->view;
    return SK_OK;
}

void sk_mock_rules_free(const sk_rules *rules)
{
    rules_value_free((rules_value *)(uintptr_t)rules);
}

bool sk_mock_rules_check(const sk_rules *rules, const sk_board *board, char *why, size_t len)
{
    rules_break broken;
    if (rules_check_board(rules, board, true, &broken))
        return true;
    snprintf(why, len, "%s", broken.why);
    return false;
}

int sk_mock_board(const sk_rules *rules, const char *text, sk_board *out)
{
    size_t cells = (size_t)rules->size * rules->size;
    memset(out, 0, sizeof *out);
    if (!text || strlen(text) != cells)
        return -1;
    for (size_t i = 0; i < cells; i++) {
        int digit = rules_char_digit(text[i], rules->size);
        if (digit < 0)
            return -1;
        out->cells[i] = (uint8_t)digit;
    }
    return 0;
}
