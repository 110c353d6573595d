/* Small helpers of the operations: strategies, instances, owned strings. */
#include <stdlib.h>
#include <string.h>

#include "op.h"
#include "sudokit/names.h"
#include "sudokit/rules.h"

const char *ski_op_strategy(sk_op *op, sk_kind kind, const char *name, sk_error *err)
{
    static const char *const kinds[] = {"", "solver", "generator", "rater"};
    sk_host *host = sk_ctx_host(op->ctx);
    if (!host) {
        sk_error_set(err, SK_EXIT_FAILURE, "out of memory");
        return NULL;
    }
    const char *found = name ? name : sk_host_default_name(host, kind);
    if (!found || !sk_host_find(host, kind, found)) {
        sk_error_set(err, SK_EXIT_USAGE, "%s: no %s%s%s%s is loaded (see sudokit plugins)",
                     op->def->info.name, kinds[kind], found ? " '" : "", found ? found : "",
                     found ? "'" : "");
        return NULL;
    }
    return found;
}

int ski_op_instance(sk_op *op, sk_kind kind, const char *name, const char *options,
                   const sk_instance_config *config, sk_instance **out, sk_error *err)
{
    sk_error why;
    sk_host *host = sk_ctx_host(op->ctx);
    if (!host)
        return sk_error_set(err, SK_EXIT_FAILURE, "out of memory");
    if (!name && !(name = ski_op_strategy(op, kind, NULL, err)))
        return -1;
    sk_instance_config given = config ? *config : (sk_instance_config){0};
    given.context = ski_ctx_strategy_context(op->ctx);
    if (sk_instance_new(host, kind, name, options, &given, out, &why))
        return sk_error_set(err, SK_EXIT_USAGE, "%s: %s", op->def->info.name, why.message);
    return 0;
}

int ski_op_copy(char **slot, const char *text, sk_error *err)
{
    char *copy = NULL;
    if (text && !(copy = strdup(text)))
        return sk_error_set(err, SK_EXIT_FAILURE, "out of memory");
    free(*slot);
    *slot = copy;
    return 0;
}

int ski_op_append(char ***list, const char *text, sk_error *err)
{
    size_t n = 0;
    while (*list && (*list)[n])
        n++;
    char **grown = realloc(*list, (n + 2) * sizeof *grown);
    if (!grown)
        return sk_error_set(err, SK_EXIT_FAILURE, "out of memory");
    *list = grown;
    if (!(grown[n] = strdup(text)))
        return sk_error_set(err, SK_EXIT_FAILURE, "out of memory");
    grown[n + 1] = NULL;
    return 0;
}

void ski_op_list_free(char **list)
{
    for (size_t i = 0; list && list[i]; i++)
        free(list[i]);
    free(list);
}

sk_format ski_format_of(const char *name)
{
    int found = sk_name_find(sk_format_names, name);
    return found > 0 ? (sk_format)found : SK_FORMAT_AUTO;
}

int ski_op_rules(sk_op *op, const char *spec, const sk_rules **out, sk_error *err)
{
    *out = NULL;
    sk_host *host = sk_ctx_host(op->ctx);
    if (!host)
        return sk_error_set(err, SK_EXIT_FAILURE, "out of memory");
    sk_rules_error error;
    if (sk_rules_compile(host, spec, out, &error) == 0)
        return 0;
    char why[600];
    sk_rules_error_text(&error, why, sizeof why);
    return sk_error_set(err, SK_EXIT_USAGE, "%s: rules '%.200s': %s", op->def->info.name, spec,
                        why);
}

bool ski_op_rater_rates_rules(sk_op *op, const char *rater)
{
    sk_host *host = sk_ctx_host(op->ctx);
    const sk_host_strategy *entry = host ? sk_host_find(host, SK_KIND_RATER, rater) : NULL;
    const sk_strategy *s = entry ? entry->strategy : NULL;
    return s && s->struct_size >= offsetof(sk_strategy, rate_rules) + sizeof s->rate_rules &&
           s->rate_rules;
}

int ski_op_refuse_unrated(sk_op *op, const sk_rules *rules, const char *rater,
                          const char *advice, sk_error *err)
{
    char rates[64] = "classic 9x9 only";
    if (ski_op_rater_rates_rules(op, rater))
        snprintf(rates, sizeof rates, "rules up to %dx%d", SK_STEP_MAX_SIZE, SK_STEP_MAX_SIZE);
    return sk_error_set(err, SK_EXIT_USAGE,
                        "%s: rules '%.200s': levels and ratings are judged while generating only "
                        "under rules the rater '%.60s' rates (%s; sudokit rate --rules SPEC rates "
                        "the puzzles made); %s",
                        op->def->info.name, sk_rules_spec(rules), rater, rates, advice);
}

void ski_op_classic_rater_why(sk_op *op, const char *rater, char *out, size_t len)
{
    sk_host *host = sk_ctx_host(op->ctx);
    char raters[256] = "";
    size_t used = 0;
    for (size_t i = 0; host && i < sk_host_strategy_count(host); i++) {
        const sk_host_strategy *entry = sk_host_strategy_at(host, i);
        if (entry->strategy->kind == SK_KIND_RATER && used + 32 < sizeof raters &&
            ski_op_rater_rates_rules(op, entry->strategy->name))
            used += (size_t)snprintf(raters + used, sizeof raters - used, "%s%.28s",
                                     used ? ", " : "", entry->strategy->name);
    }
    snprintf(out, len, "the rater '%.60s' rates classic 9x9 puzzles only (%s%s)", rater,
             used ? "raters of other rules: " : "no loaded rater rates other rules",
             raters);
}

int ski_op_rules_rated(sk_op *op, const char *spec, const char *rater, const char *advice,
                       sk_error *err)
{
    const sk_rules *rules;
    if (!spec)
        return 0;
    if (ski_op_rules(op, spec, &rules, err))
        return -1;
    int rc = 0;
    if (!sk_rules_is_classic(rules) && !ski_op_rater_rates_rules(op, rater)) {
        char why[400];
        ski_op_classic_rater_why(op, rater, why, sizeof why);
        rc = sk_error_set(err, SK_EXIT_USAGE, "%s: rules '%.200s': %s; %s", op->def->info.name,
                          sk_rules_spec(rules), why, advice);
    }
    sk_rules_free(rules);
    return rc;
}
