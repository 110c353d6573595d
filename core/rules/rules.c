/* Rules values for the library: compiling a spec through the host's
 * constraint plugins (each parse in a crash guard), references, checks
 * and board text (sudokit/rules.h). */
#include "sudokit/rules.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host_guard.h"
#include "host_log.h"
#include "rules_cache.h"

/* The value behind a rules pointer the host gave out. */
static rules_value *rules_of(const sk_rules *rules)
{
    return (rules_value *)(uintptr_t)rules;
}

static const sk_strategy *rules_find(void *user, const char *name)
{
    const sk_host_strategy *entry = user ? sk_host_find(user, SK_KIND_CONSTRAINT, name) : NULL;
    return entry ? entry->strategy : NULL;
}

static void rules_origin(void *user, const sk_strategy *strategy, char *out, size_t len)
{
    const sk_host_strategy *entry = sk_host_find(user, SK_KIND_CONSTRAINT, strategy->name);
    snprintf(out, len, "'%s' (%s)", entry->plugin_name, entry->path);
}

/* Who logs while a constraint parses: the services' ctx. */
typedef struct rules_logger {
    const sk_host *host;
    const sk_strategy *strategy;
} rules_logger;

/* A constraint's log: to the host's log function, after its name. */
static void rules_log(void *ctx, int level, const char *message)
{
    const rules_logger *logger = ctx;
    host_log(logger->host, level, "constraint", logger->strategy->name, message);
}

static int rules_no_count(void *ctx, const sk_grid *puzzle, int limit, sk_grid *solution)
{
    (void)ctx, (void)puzzle, (void)limit, (void)solution;
    return SK_ERR;
}

static int rules_no_rate(void *ctx, const sk_grid *puzzle, sk_rating *out)
{
    (void)ctx, (void)puzzle, (void)out;
    return SK_ERR;
}

static int rules_parse(void *user, const sk_strategy *strategy, const sk_rules_builder *builder,
                       const char *argument, char *err, size_t errlen)
{
    const sk_host_strategy *entry = sk_host_find(user, SK_KIND_CONSTRAINT, strategy->name);
    rules_logger logger = {user, strategy};
    sk_services services = {.struct_size = offsetof(sk_services, count_solutions_rules),
                            .version = SK_ABI_MINOR,
                            .ctx = &logger,
                            .log = rules_log,
                            .count_solutions = rules_no_count,
                            .rate = rules_no_rate};
    ski_guard_frame frame = {"constraint", strategy->name, entry->plugin_name,
                            entry->path,  "parse",        NULL};
    ski_guard_enter(&frame);
    int status = strategy->constraint->parse(&services, builder, argument, err, errlen);
    ski_guard_leave(&frame);
    return status;
}

int sk_rules_compile(sk_host *host, const char *spec, const sk_rules **out, sk_rules_error *error)
{
    *out = NULL;
    struct rules_cache *cache = host ? host_rules_cache(host) : NULL;
    rules_value *value = cache ? rules_cache_find(cache, spec) : NULL;
    if (!value) {
        rules_env env = {rules_find, rules_origin, rules_parse, host,
                         "(`sudokit plugins --kind constraint` lists them)"};
        rules_problem problem;
        if (rules_compile(&env, spec, &value, &problem)) {
            error->column = problem.column;
            snprintf(error->message, sizeof error->message, "%s", problem.message);
            return -1;
        }
        value->refs = 1;
        if (cache && !(value = rules_cache_add(cache, spec, value))) {
            *error = (sk_rules_error){0, "out of memory"};
            return -1;
        }
    }
    *out = &value->view;
    return 0;
}

void sk_rules_error_text(const sk_rules_error *error, char *out, size_t len)
{
    if (error->column)
        snprintf(out, len, "column %zu: %s", error->column, error->message);
    else
        snprintf(out, len, "%s", error->message);
}

const sk_rules *sk_rules_ref(const sk_rules *rules)
{
    rules_cache_retain(rules_of(rules));
    return rules;
}

void sk_rules_free(const sk_rules *rules)
{
    if (rules)
        rules_cache_release(rules_of(rules));
}

const char *sk_rules_spec(const sk_rules *rules)
{
    return rules->spec;
}

bool sk_rules_is_classic(const sk_rules *rules)
{
    return rules_of(rules)->classic;
}

uint32_t sk_rules_size(const sk_rules *rules)
{
    return rules->size;
}

bool sk_rules_check(const sk_rules *rules, const sk_board *board, sk_rules_break *broken)
{
    return rules_check_board(rules, board, true, (rules_break *)broken);
}

bool sk_rules_check_givens(const sk_rules *rules, const sk_board *board, sk_rules_break *broken)
{
    return rules_check_board(rules, board, false, (rules_break *)broken);
}

bool sk_rules_solves(const sk_rules *rules, const sk_board *puzzle, const sk_board *solution)
{
    for (uint32_t cell = 0; cell < rules->size * rules->size; cell++)
        if (puzzle->cells[cell] && puzzle->cells[cell] != solution->cells[cell])
            return false;
    return rules_check_board(rules, solution, true, NULL);
}

int sk_rules_parse_board(const sk_rules *rules, const char *text, size_t len, sk_board *out,
                         size_t *column)
{
    size_t cells = (size_t)rules->size * rules->size;
    memset(out, 0, sizeof *out);
    for (size_t i = 0; i < cells; i++) {
        int digit = i < len ? rules_char_digit(text[i], rules->size) : -1;
        if (digit < 0) {
            *column = i < len ? i : len;
            return -1;
        }
        out->cells[i] = (uint8_t)digit;
    }
    if (len > cells) {
        *column = cells;
        return -1;
    }
    return 0;
}

void sk_rules_format_board(const sk_rules *rules, const sk_board *board, char *out, bool dots)
{
    size_t cells = (size_t)rules->size * rules->size;
    for (size_t i = 0; i < cells; i++)
        out[i] = rules_digit_char(board->cells[i], dots);
    out[cells] = '\0';
}

void sk_board_from_grid(sk_board *out, const sk_grid *grid)
{
    memset(out, 0, sizeof *out);
    memcpy(out->cells, grid->cells, sizeof grid->cells);
}

void sk_board_to_grid(sk_grid *out, const sk_board *board)
{
    memcpy(out->cells, board->cells, sizeof out->cells);
}
