/* Generator "variant": puzzles with one solution under any rules, dug from
 * a random complete grid; symmetric where the rules keep the symmetry,
 * minimal, a clue count, levels where the host's rater rates the rules;
 * random jigsaw layouts and killer cages (docs/generation.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "variant.h"

#define VARIANT_DEFAULT_ATTEMPTS 1000u
/* Cages of killer=1 have at most this many cells (or N when smaller). */
#define VARIANT_DEFAULT_CAGE_MAX 5u

#define VARIANT_OPTIONS                                                                   \
    "attempts=N clues=N minimal=0|1 symmetry=none|rot180|rot90|mirror|diagonal|random " \
    "regions=given|random killer=0|1 cage-max=2..25"

/* The options, in the order of their values in variant_create. */
enum {
    VARIANT_ATTEMPTS,
    VARIANT_CLUES,
    VARIANT_MINIMAL,
    VARIANT_SYMMETRY,
    VARIANT_REGIONS,
    VARIANT_KILLER,
    VARIANT_CAGE_MAX,
    VARIANT_KEYS
};

static const char *const variant_region_words[] = {"given", "random", NULL};

/* Each option's key and values: a whole number of min..max, or one of
 * words (its value is the word's index). */
static const sk_option_spec variant_keys[VARIANT_KEYS] = {
    [VARIANT_ATTEMPTS] = {"attempts", 1, 1000000000L, NULL},
    [VARIANT_CLUES] = {"clues", 0, SK_MAX_CELLS - 1, NULL},
    [VARIANT_MINIMAL] = {"minimal", 0, 1, NULL},
    [VARIANT_SYMMETRY] = {"symmetry", 0, 0, symmetry_names},
    [VARIANT_REGIONS] = {"regions", 0, 0, variant_region_words},
    [VARIANT_KILLER] = {"killer", 0, 1, NULL},
    [VARIANT_CAGE_MAX] = {"cage-max", 2, SK_MAX_SIZE, NULL},
};

static void *variant_create(const sk_services *services, const sk_option *options,
                            size_t option_count, char *err, size_t errlen)
{
    long long v[VARIANT_KEYS] = {[VARIANT_ATTEMPTS] = VARIANT_DEFAULT_ATTEMPTS};
    if (sk_options_read(options, option_count, variant_keys, VARIANT_KEYS, v, VARIANT_OPTIONS,
                        err, errlen) != SK_OK)
        return NULL;
    variant_instance *inst = sk_plugin_alloc(sizeof *inst, err, errlen);
    if (!inst)
        return NULL;
    inst->services = services;
    inst->defaults = (variant_defaults){(uint32_t)v[VARIANT_ATTEMPTS], (int)v[VARIANT_CLUES],
                                        (sk_symmetry)v[VARIANT_SYMMETRY], (int)v[VARIANT_MINIMAL],
                                        v[VARIANT_REGIONS] == 1, v[VARIANT_KILLER] == 1,
                                        (uint32_t)v[VARIANT_CAGE_MAX]};
    engine_init(&inst->engine);
    return inst;
}

static void variant_destroy(void *instance)
{
    variant_instance *inst = instance;
    if (!inst)
        return;
    engine_free(&inst->engine);
    free(inst);
}

/* Whether n clues can have symmetry sym in an N x N grid: rot90's orbits
 * have four cells but the centre of an odd grid. */
static bool variant_reachable(sk_symmetry sym, uint32_t size, int n)
{
    return sym != SK_SYM_ROT90 || n % 4 == 0 || (size % 2 == 1 && n % 4 == 1);
}

/* The level or rating window part of the targets; SK_OK or SK_ERR. */
static int variant_resolve_rating(variant_call *call)
{
    variant_target *t = &call->target;
    const variant_defaults *d = &call->inst->defaults;
    if (t->level < 0 || t->level > 5) {
        snprintf(call->err, call->errlen, "level %d asked; levels are 1 to 5", t->level);
        return SK_ERR;
    }
    if (t->window && t->rating_min > t->rating_max) {
        snprintf(call->err, call->errlen, "rating window %g-%g is empty", t->rating_min,
                 t->rating_max);
        return SK_ERR;
    }
    if (t->rated && d->killer) {
        snprintf(call->err, call->errlen,
                 "levels and ratings are not judged while drawing killer cages: generate "
                 "them without a level or rating window");
        return SK_ERR;
    }
    if (t->rated && !dig_rules_rated(call->inst->services, call->rules)) {
        snprintf(call->err, call->errlen,
                 "a level or rating target under the rules '%.200s' needs the host's rater "
                 "service (rate, and rate_rules of ABI 1.5 for rules other than 9x9)",
                 call->rules->spec);
        return SK_ERR;
    }
    return SK_OK;
}

/* Check the targets of one call against the rules, defaults folded in. */
static int variant_resolve(variant_call *call)
{
    const variant_defaults *d = &call->inst->defaults;
    const sk_gen_request *req = call->request;
    variant_target *t = &call->target;
    uint32_t size = call->rules->size, cells = size * size;
    *t = (variant_target){.clues = req->clues ? req->clues : d->clues,
                          .symmetry = req->symmetry != SK_SYM_NONE ? req->symmetry : d->symmetry,
                          .minimal = req->minimal || d->minimal,
                          .level = req->level,
                          .window = req->rating_min != 0 || req->rating_max != 0,
                          .rating_min = req->rating_min,
                          .rating_max = req->rating_max,
                          .attempts = req->max_attempts ? req->max_attempts : d->attempts};
    t->rated = t->level || t->window;
    if (t->clues < 0 || (uint32_t)t->clues >= cells) {
        snprintf(call->err, call->errlen, "%d clues asked; a %ux%u puzzle has 1 to %u (%s)",
                 t->clues, size, size, cells - 1,
                 d->killer ? "killer: 0, the default, for none" : "0 for no target");
        return SK_ERR;
    }
    if ((unsigned)t->symmetry > SK_SYM_RANDOM) {
        snprintf(call->err, call->errlen, "unknown symmetry %d", (int)t->symmetry);
        return SK_ERR;
    }
    if (t->clues && !variant_reachable(t->symmetry, size, t->clues)) {
        snprintf(call->err, call->errlen,
                 "%d clues cannot have rot90 symmetry in a %ux%u grid (its clue counts are "
                 "4k%s)",
                 t->clues, size, size, size % 2 ? " or 4k+1" : "");
        return SK_ERR;
    }
    t->cage_max = d->cage_max ? d->cage_max
                              : size < VARIANT_DEFAULT_CAGE_MAX ? size : VARIANT_DEFAULT_CAGE_MAX;
    if (d->killer && t->cage_max > size) {
        snprintf(call->err, call->errlen,
                 "cage-max=%u: a cage of a %ux%u grid holds at most %u different digits", d->cage_max,
                 size, size, size);
        return SK_ERR;
    }
    for (uint32_t i = 0; d->killer && i < call->rules->group_count; i++)
        if (call->rules->groups[i].sum) {
            snprintf(call->err, call->errlen,
                     "killer=1 draws its own cages, and the rules '%.200s' have cages already: "
                     "give rules without them",
                     call->rules->spec);
            return SK_ERR;
        }
    return variant_resolve_rating(call);
}

/* The symmetries other than none that the puzzle's clues may have: those
 * the rules keep (a random layout: those its boxes-first start keeps, the
 * layout then checked). Returns how many, into out. */
static uint32_t variant_kept(const variant_call *call, sk_symmetry *out)
{
    static const sk_symmetry all[] = {SK_SYM_ROT180, SK_SYM_ROT90, SK_SYM_MIRROR,
                                      SK_SYM_DIAGONAL};
    uint32_t n = 0;
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
        bool kept = call->inst->defaults.random_regions
                        ? jigsaw_keeps(call->rules->size, all[i])
                        : symmetry_keeps(all[i], call->rules);
        if (kept && (!call->target.clues ||
                     variant_reachable(all[i], call->rules->size, call->target.clues)))
            out[n++] = all[i];
    }
    return n;
}

/* The symmetry of this puzzle: the one asked when the rules keep it (an
 * error naming those they keep otherwise), or for random one of none and
 * the kept ones. */
static int variant_pick_symmetry(variant_call *call)
{
    sk_symmetry kept[4];
    uint32_t n = variant_kept(call, kept);
    sk_symmetry asked = call->target.symmetry;
    if (asked == SK_SYM_RANDOM) {
        uint32_t k = sk_rng_below(&call->rng, n + 1);
        call->sym = k ? kept[k - 1] : SK_SYM_NONE;
        return SK_OK;
    }
    call->sym = asked;
    for (uint32_t i = 0; i < n; i++)
        if (kept[i] == asked)
            return SK_OK;
    if (asked == SK_SYM_NONE)
        return SK_OK;
    char list[64] = "none";
    for (uint32_t i = 0; i < n; i++)
        snprintf(list + strlen(list), sizeof list - strlen(list), ", %s", symmetry_name(kept[i]));
    snprintf(call->err, call->errlen,
             "symmetry %s does not keep the rules '%.200s'%s: choose one of %s",
             symmetry_name(asked), call->rules->spec,
             call->inst->defaults.random_regions ? " with a random jigsaw layout" : "", list);
    return SK_ERR;
}

static int variant_generate(void *instance, const sk_rules *rules, const sk_gen_request *request,
                            sk_gen_rules_result *out, char *err, size_t errlen)
{
    variant_call call = {.inst = instance, .rules = rules, .request = request, .err = err,
                         .errlen = errlen};
    if (variant_resolve(&call) != SK_OK)
        return SK_ERR;
    sk_rng_seed(&call.rng, request->seed, request->index);
    /* Chosen once per puzzle: choosing per attempt would favour the
     * symmetries whose attempts succeed most often. */
    if (variant_pick_symmetry(&call) != SK_OK)
        return SK_ERR;
    return generate_puzzle(&call, out);
}

static const sk_strategy variant_strategy = {
    .struct_size = sizeof(sk_strategy),
    .kind = SK_KIND_GENERATOR,
    .name = "variant",
    .summary = "puzzles of any rules dug from a random grid; random jigsaw layouts, killer cages",
    .options_help = VARIANT_OPTIONS,
    .create = variant_create,
    .destroy = variant_destroy,
    .generate_rules = variant_generate,
};

/* The plugin: its descriptor and entry symbol. */
SK_PLUGIN_DEFINE("generator-variant", "1.0.0", &variant_strategy)
