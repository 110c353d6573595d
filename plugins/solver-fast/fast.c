/* Solver "fast": SIMD bitboard propagation and search; picks its instruction set at run time. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fast_engine.h"
#include "sudokit/plugin.h"

/*
 * The engine (fast_engine.c, fast_rules.h, fast_lanes.h) is one source
 * built once per instruction set. An instance runs the copy chosen by its
 * option simd: auto (the default) takes the widest set this processor
 * runs; a name forces that copy, which is how the tests check every copy
 * on one machine. All copies search the same tree and give the same
 * answers; they differ only in speed.
 */

/* One built copy of the engine. */
typedef struct fast_level {
    const char *name;
    fast_engine_fn solve;
    int (*runs_here)(void); /* does this processor run it? */
    const char *needs;      /* what it needs, for the refusal message */
} fast_level;

#if defined(__x86_64__)
#include "cpu_features.h"
#endif

#ifdef FAST_HAVE_AVX512
static int fast_cpu_avx512(void)
{
    return SK_CPU_HAS(AVX512F, "avx512f") && SK_CPU_HAS(AVX512BW, "avx512bw") &&
           SK_CPU_HAS(AVX512VL, "avx512vl") && SK_CPU_HAS(AVX512DQ, "avx512dq") &&
           SK_CPU_HAS(BMI1, "bmi") && SK_CPU_HAS(BMI2, "bmi2") &&
           SK_CPU_HAS(POPCNT, "popcnt");
}
#endif

#ifdef FAST_HAVE_AVX2
static int fast_cpu_avx2(void)
{
    return SK_CPU_HAS(AVX2, "avx2") && SK_CPU_HAS(BMI1, "bmi") &&
           SK_CPU_HAS(BMI2, "bmi2") && SK_CPU_HAS(POPCNT, "popcnt");
}
#endif

static int fast_cpu_any(void)
{
    return 1;
}

/* The copies this build holds, widest first. */
static const fast_level fast_levels[] = {
#ifdef FAST_HAVE_AVX512
    {"avx512", fast_engine_solve_avx512, fast_cpu_avx512, "AVX-512 F, BW, VL and DQ, BMI1/2"},
#endif
#ifdef FAST_HAVE_AVX2
    {"avx2", fast_engine_solve_avx2, fast_cpu_avx2, "AVX2, BMI1/2 and POPCNT"},
#endif
#ifdef FAST_HAVE_SSE2
    {"sse2", fast_engine_solve_sse2, fast_cpu_any, ""},
#endif
#ifdef FAST_HAVE_GENERIC
    {"generic", fast_engine_solve_generic, fast_cpu_any, ""},
#endif
#ifdef FAST_HAVE_OFF
    {"off", fast_engine_solve_off, fast_cpu_any, ""},
#endif
};
#define FAST_LEVEL_COUNT (sizeof fast_levels / sizeof fast_levels[0])

/* The option's values, for options_help and messages. */
#ifdef FAST_HAVE_AVX512
#define FAST_HELP_AVX512 "|avx512"
#else
#define FAST_HELP_AVX512 ""
#endif
#ifdef FAST_HAVE_AVX2
#define FAST_HELP_AVX2 "|avx2"
#else
#define FAST_HELP_AVX2 ""
#endif
#ifdef FAST_HAVE_SSE2
#define FAST_HELP_SSE2 "|sse2"
#else
#define FAST_HELP_SSE2 ""
#endif
#ifdef FAST_HAVE_GENERIC
#define FAST_HELP_GENERIC "|generic"
#else
#define FAST_HELP_GENERIC ""
#endif
#ifdef FAST_HAVE_OFF
#define FAST_HELP_OFF "|off"
#else
#define FAST_HELP_OFF ""
#endif
#define FAST_SIMD_VALUES                                                                           \
    "auto" FAST_HELP_AVX512 FAST_HELP_AVX2 FAST_HELP_SSE2 FAST_HELP_GENERIC FAST_HELP_OFF

/* An instance is the copy it runs. */
typedef struct fast_instance {
    fast_engine_fn solve;
} fast_instance;

/* The copy named by value ("auto" or a level name), or NULL with a
 * message in err. */
static const fast_level *fast_pick_level(const char *value, char *err, size_t errlen)
{
    for (size_t i = 0; i < FAST_LEVEL_COUNT; i++) {
        const fast_level *level = &fast_levels[i];
        int named = strcmp(value, level->name) == 0;
        if (strcmp(value, "auto") == 0 && level->runs_here())
            return level;
        if (named && level->runs_here())
            return level;
        if (named) {
            snprintf(err, errlen, "simd=%s needs %s, which this processor lacks; use simd=auto",
                     value, level->needs);
            return NULL;
        }
    }
    snprintf(err, errlen, "simd=%s: not one of " FAST_SIMD_VALUES, value);
    return NULL;
}

static void *fast_create(const sk_services *services, const sk_option *options, size_t option_count,
                         char *err, size_t errlen)
{
    (void)services;
    const char *simd = "auto";
    for (size_t i = 0; i < option_count; i++) {
        if (strcmp(options[i].key, "simd") != 0) {
            snprintf(err, errlen, "unknown option '%s'; the one option is simd=" FAST_SIMD_VALUES,
                     options[i].key);
            return NULL;
        }
        simd = options[i].value;
    }
    const fast_level *level = fast_pick_level(simd, err, errlen);
    if (!level)
        return NULL;
    fast_instance *inst = sk_plugin_alloc(sizeof *inst, err, errlen);
    if (!inst)
        return NULL;
    inst->solve = level->solve;
    return inst;
}

static int fast_solve(void *instance, const sk_grid *puzzle, int limit, sk_grid *solution,
                      sk_solve_stats *stats)
{
    const fast_instance *inst = instance;
    return inst->solve(puzzle, limit, solution, stats);
}

static const sk_strategy fast_strategy = {
    .struct_size = sizeof(sk_strategy),
    .kind = SK_KIND_SOLVER,
    .name = "fast",
    .summary = "SIMD bitboards: singles and locked candidates in parallel; the fastest",
    .options_help = "simd=" FAST_SIMD_VALUES,
    .create = fast_create,
    .destroy = sk_plugin_free,
    .solve = fast_solve,
};

/* The plugin: its descriptor and entry symbol. */
SK_PLUGIN_DEFINE("solver-fast", "2.0.0", &fast_strategy)
