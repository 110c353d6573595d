/* generator-variant: one puzzle of a call. Each attempt fills a random
 * complete grid (on a new random jigsaw layout when asked), then digs it
 * into a puzzle or draws killer cages on it; an attempt that misses a
 * target is followed by another, up to the target's attempts. */
#include <stdio.h>
#include <string.h>

#include "variant.h"

/* A fill that spends this many nodes a cell starts again, up to this many
 * times (a random layout gets one try: a new layout is the restart). */
#define GENERATE_FILL_NODES_PER_CELL 20u
#define GENERATE_FILL_RESTARTS 100u

/* Fill the engine's rules into run->solution. 1 filled, 0 when every try
 * ran out of nodes, SK_ERR_INVALID when the rules (and fixed cells) have
 * no solution, SK_ERR when out of memory. */
static int generate_fill(variant_call *call, uint32_t tries)
{
    variant_instance *inst = call->inst;
    uint64_t nodes = (uint64_t)GENERATE_FILL_NODES_PER_CELL * inst->engine.cells;
    for (uint32_t t = 0; t < tries; t++) {
        sk_board board = {{0}};
        if (inst->engine.size == 9)
            memcpy(board.cells, call->request->fixed.cells, sizeof call->request->fixed.cells);
        int status = engine_fill(&inst->engine, &board, &call->rng, nodes);
        if (status == SK_OK) {
            inst->run.solution = board;
            return 1;
        }
        if (status != SK_ERR_LIMIT)
            return status;
    }
    return 0;
}

/* Write the spec of invented rules into out's buffer. */
static int generate_spec(variant_call *call, sk_gen_rules_result *out, const char *spec,
                         const cage_map *cages)
{
    size_t len = strlen(spec);
    if (out->spec && len < out->spec_size) {
        memcpy(out->spec, spec, len + 1);
        if (!cages || cages_spec(cages, out->spec + len, out->spec_size - len))
            return 1;
    }
    snprintf(call->err, call->errlen, "the rules made do not fit the host's spec buffer (%zu bytes)",
             out->spec_size);
    return SK_ERR;
}

/* Dig the filled grid under rules. 1 made, 0 missed, negative failed. */
static int generate_dig(variant_call *call, const sk_rules *rules, sk_symmetry sym,
                        sk_gen_rules_result *out)
{
    variant_instance *inst = call->inst;
    judge j = {inst->services, &inst->engine, rules, NULL, NULL, !call->target.minimal,
               0, 0, 0, 0};
    int status = dig_puzzle(&j, &call->target, sym, &call->rng, &inst->run, call->err,
                            call->errlen);
    call->proofs += j.proofs;
    call->searches += j.searches;
    call->counts += j.counts;
    call->kept += j.kept;
    if (status == 1 && rules != call->rules)
        status = generate_spec(call, out, rules->spec, NULL);
    return status;
}

/* Draw killer cages on the filled grid under base: none given (the cages
 * alone decide), or the clue target's givens dug under the cages. */
static int generate_killer(variant_call *call, const sk_rules *base, sk_symmetry sym,
                           sk_gen_rules_result *out)
{
    variant_instance *inst = call->inst;
    cage_map *c = &inst->cages;
    cages_partition(c, base->size, call->target.cage_max, &inst->run.solution, &call->rng);
    killer_job job = {base, c, inst->spec, sizeof inst->spec};
    judge j = {inst->services, &inst->engine, NULL, killer_compile, &job, !call->target.minimal,
               0, 0, 0, 0};
    int status;
    if (call->target.clues == 0) {
        memset(&inst->run.puzzle, 0, sizeof inst->run.puzzle);
        status = killer_cages(&j, c, call->target.cage_max, &inst->run.solution, &call->rng,
                              call->err, call->errlen);
    } else if (cages_bind(c, &inst->engine) != SK_OK) {
        snprintf(call->err, call->errlen, "out of memory");
        status = SK_ERR;
    } else {
        status = dig_puzzle(&j, &call->target, sym, &call->rng, &inst->run, call->err,
                            call->errlen);
    }
    judge_forget(&j);
    call->proofs += j.proofs;
    call->searches += j.searches;
    call->counts += j.counts;
    call->kept += j.kept;
    if (status == 1)
        status = generate_spec(call, out, base->spec, c);
    return status;
}

/* A random jigsaw layout under the asked rules' other terms, compiled into
 * *layout; *sym falls back to none when the terms do not keep a random
 * pick. 1 made, negative failed. */
static int generate_layout(variant_call *call, const sk_rules **layout, sk_symmetry *sym)
{
    variant_instance *inst = call->inst;
    const sk_services *s = inst->services;
    uint32_t size = call->rules->size;
    uint8_t region[SK_MAX_CELLS];
    char why[512];
    if (jigsaw_layout(size, *sym, &call->rng, region) != SK_OK ||
        !spec_jigsaw(size, region, spec_terms(call->rules->spec), inst->spec, sizeof inst->spec)) {
        snprintf(call->err, call->errlen, "no random jigsaw layout of %ux%u with symmetry %s",
                 size, size, symmetry_name(*sym));
        return SK_ERR;
    }
    if (s->compile_rules(s->ctx, inst->spec, layout, why, sizeof why) != SK_OK) {
        snprintf(call->err, call->errlen,
                 "the rules '%.200s' do not hold on a random jigsaw layout (%s): give rules "
                 "whose terms need no boxes",
                 call->rules->spec, why);
        return SK_ERR;
    }
    if (*sym == SK_SYM_NONE || symmetry_keeps(*sym, *layout))
        return 1;
    if (call->target.symmetry == SK_SYM_RANDOM) {
        *sym = SK_SYM_NONE;
        return 1;
    }
    snprintf(call->err, call->errlen,
             "symmetry %s does not keep the terms of the rules '%.200s': choose another",
             symmetry_name(*sym), call->rules->spec);
    return SK_ERR;
}

/* Fill a grid of rules for an attempt (a random layout gets one try).
 * 1 filled, 0 missed, negative failed (err says why). */
static int generate_grid(variant_call *call, const sk_rules *rules, bool layout)
{
    if (engine_bind(&call->inst->engine, rules) != SK_OK) {
        snprintf(call->err, call->errlen, "out of memory");
        return SK_ERR;
    }
    int status = generate_fill(call, layout ? 1 : GENERATE_FILL_RESTARTS);
    if (status == SK_ERR_INVALID && layout)
        return 0; /* a layout without a solution: draw another */
    if (status == SK_ERR_INVALID)
        snprintf(call->err, call->errlen, "the rules '%.200s' have no solution%s", rules->spec,
                 rules->size == 9 ? " (with the fixed cells asked)" : "");
    else if (status == SK_ERR)
        snprintf(call->err, call->errlen, "out of memory");
    return status;
}

/* One attempt: 1 made (out filled), 0 missed, negative failed. */
static int generate_attempt(variant_call *call, sk_gen_rules_result *out)
{
    variant_instance *inst = call->inst;
    const sk_rules *layout = NULL, *rules = call->rules;
    sk_symmetry sym = call->sym;
    int status = 1;
    if (inst->defaults.random_regions && (status = generate_layout(call, &layout, &sym)) == 1)
        rules = layout;
    if (status == 1)
        status = generate_grid(call, rules, layout != NULL);
    if (status == 1)
        status = inst->defaults.killer ? generate_killer(call, rules, sym, out)
                                       : generate_dig(call, rules, sym, out);
    if (status == 1) {
        out->puzzle = inst->run.puzzle;
        out->solution = inst->run.solution;
        out->symmetry = sym;
        out->minimal = call->target.minimal;
    }
    if (layout)
        inst->services->release_rules(inst->services->ctx, layout);
    return status;
}

/* Describe the targets for the give-up message. */
static void generate_describe(const variant_call *call, char *buf, size_t len)
{
    const variant_target *t = &call->target;
    const variant_defaults *d = &call->inst->defaults;
    int n = snprintf(buf, len, "symmetry %s", symmetry_name(call->sym));
    if (t->clues)
        n += snprintf(buf + n, len - (size_t)n, ", %d %s", t->clues, d->killer ? "givens" : "clues");
    if (t->minimal)
        n += snprintf(buf + n, len - (size_t)n, ", minimal");
    if (t->level)
        n += snprintf(buf + n, len - (size_t)n, ", level %d", t->level);
    if (t->window)
        n += snprintf(buf + n, len - (size_t)n, ", rating %g-%g", t->rating_min, t->rating_max);
    if (d->random_regions)
        n += snprintf(buf + n, len - (size_t)n, ", a random jigsaw layout");
    if (d->killer)
        snprintf(buf + n, len - (size_t)n, ", killer cages");
}

int generate_puzzle(variant_call *call, sk_gen_rules_result *out)
{
    for (uint32_t attempt = 0; attempt < call->target.attempts; attempt++) {
        int status = generate_attempt(call, out);
        if (status < 0)
            return status;
        if (status == 1) {
            out->attempts = attempt + 1;
            char line[240];
            snprintf(line, sizeof line,
                     "puzzle %llu: %u attempts, %llu answers proved by propagation, %llu "
                     "searched, %llu counted by the host, %llu clues kept undecided",
                     (unsigned long long)call->request->index, out->attempts,
                     (unsigned long long)call->proofs, (unsigned long long)call->searches,
                     (unsigned long long)call->counts, (unsigned long long)call->kept);
            call->inst->services->log(call->inst->services->ctx, SK_LOG_DEBUG, line);
            return SK_OK;
        }
    }
    char what[256];
    generate_describe(call, what, sizeof what);
    snprintf(call->err, call->errlen,
             "no puzzle of the rules '%.200s' with %s found in %u attempts; relax the target "
             "or allow more attempts (attempts=N)",
             call->rules->spec, what, call->target.attempts);
    return SK_ERR_LIMIT;
}
