/* The built-in Lua rater and generator through the host API: "lua:FILE"
 * names, options, errors, limits, and the services lent to the Lua code. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "sudokit/grid.h"
#include "sudokit/host.h"
#include "sudokit_lua.h"

/* 26 clues; the solution starts with 8. */
static const char *lua_test_puzzle =
    "...9.6.5.....2..84..2.4.7...5.....18..7...3..64.....9...9.8.6..78..9.....6.7.2...";

/* Write text to a file under the scratch folder; returns its path (static). */
static const char *lua_test_file(const char *name, const char *text)
{
    static char path[4][512];
    static int next;
    char *out = path[next++ % 4];
    snprintf(out, sizeof path[0], "%s/%s", SK_TEST_SCRATCH, name);
    FILE *f = fopen(out, "w");
    if (!f)
        return out;
    fputs(text, f);
    fclose(f);
    return out;
}

static sk_host *lua_test_host(void)
{
    sk_host *host = sk_host_new_empty();
    sk_error err;
    CHECK(host != NULL);
    CHECK_INT(sk_host_load(host, SK_TEST_PLUGIN_DIR "/sk-solver-backtrack.so", &err), 0);
    CHECK_INT(ski_lua_register(host, &err), 0);
    return host;
}

static void test_registered_as_builtin(void)
{
    sk_host *host = lua_test_host();
    const sk_host_strategy *entry = sk_host_find(host, SK_KIND_RATER, "lua");
    CHECK(entry != NULL);
    CHECK(entry && strcmp(entry->plugin_name, "lua") == 0);
    CHECK(sk_host_find(host, SK_KIND_RATER, "lua:any/file.lua") == entry);
    CHECK(sk_host_find(host, SK_KIND_SOLVER, "lua") == NULL);
    sk_error err = {0};
    CHECK_INT(ski_lua_register(host, &err), -1);
    CHECK(strstr(err.message, "already provided") != NULL);
    sk_host_free(host);
}

static void test_rates_with_the_hosts_solver(void)
{
    const char *file = lua_test_file("count.lua",
        "return {kind = 'rater', rate = function(grid, ctx)\n"
        "  local n, solution = ctx.count(grid)\n"
        "  if n ~= 1 then return nil, 'solutions: ' .. n end\n"
        "  return {score = solution[1] + grid:clues() / 100, level = 'hard',\n"
        "          hardest = 'lookup', steps = 7, lower_bound = true}\n"
        "end}\n");
    sk_host *host = lua_test_host();
    char name[600];
    sk_error err;
    snprintf(name, sizeof name, "lua:%s", file);
    sk_instance *rater = NULL;
    CHECK_INT(sk_instance_new(host, SK_KIND_RATER, name, NULL, NULL, &rater, &err), 0);
    sk_grid puzzle;
    size_t col;
    CHECK_INT(sk_grid_parse_line(&puzzle, lua_test_puzzle, 81, &col), 0);
    sk_rating rating;
    CHECK_INT(sk_instance_rate(rater, &puzzle, &rating, NULL, NULL, &err), SK_OK);
    CHECK(rating.score > 8.259 && rating.score < 8.261); /* 8 + 26 clues / 100 */
    CHECK_INT(rating.level, 3);
    CHECK_STR(rating.hardest, "lookup");
    CHECK_INT(rating.steps, 7);
    CHECK_INT(rating.score_is_lower_bound, 1);
    sk_grid empty = {{0}};
    CHECK_INT(sk_instance_rate(rater, &empty, &rating, NULL, NULL, &err), SK_ERR_INVALID);
    CHECK(strstr(err.message, "solutions: 2") != NULL);
    sk_instance_free(rater);
    sk_host_free(host);
}

static void test_refuses_bad_files_and_options(void)
{
    sk_host *host = lua_test_host();
    sk_error err;
    char name[600];
    sk_instance *rater = NULL;
    struct {
        const char *file, *text, *options, *message;
    } cases[] = {
        {"syntax.lua", "return {", NULL, "syntax.lua:1:"},
        {"solver.lua", "return {kind = 'solver'}", NULL, "not \"rater\""},
        {"norate.lua", "return {kind = 'rater'}", NULL, "no rate function"},
        {"number.lua", "return 42", NULL, "must return a table"},
        {"fine.lua", "return {kind = 'rater', rate = print}", "colour=red", "bad option 'colour=red'"},
        {"fine.lua", "return {kind = 'rater', rate = print}", "max-memory=lots", "max-memory=lots"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        snprintf(name, sizeof name, "lua:%s", lua_test_file(cases[i].file, cases[i].text));
        err.message[0] = '\0';
        CHECK_INT(sk_instance_new(host, SK_KIND_RATER, name, cases[i].options, NULL, &rater, &err),
                  -1);
        if (!strstr(err.message, cases[i].message))
            fprintf(stderr, "case %zu: '%s' lacks '%s'\n", i, err.message, cases[i].message);
        CHECK(strstr(err.message, cases[i].message) != NULL);
    }
    CHECK_INT(sk_instance_new(host, SK_KIND_RATER, "lua", NULL, NULL, &rater, &err), -1);
    CHECK(strstr(err.message, "no file") != NULL);
    sk_host_free(host);
}

static void test_bad_results_and_limits(void)
{
    sk_host *host = lua_test_host();
    sk_error err;
    char name[600];
    sk_grid puzzle;
    size_t col;
    CHECK_INT(sk_grid_parse_line(&puzzle, lua_test_puzzle, 81, &col), 0);
    struct {
        const char *file, *text, *options, *message;
    } cases[] = {
        {"nolevel.lua", "return {kind = 'rater', rate = function() return {score = 1} end}", NULL,
         "level 1-5"},
        {"string.lua", "return {kind = 'rater', rate = function() return 'easy' end}", NULL,
         "not a rating table"},
        {"raise.lua", "return {kind = 'rater', rate = function() error('no way') end}", NULL,
         "raise.lua:1: no way"},
        {"spin.lua",
         "return {kind = 'rater', rate = function() while true do pcall(function() while true do end end) end end}",
         "max-instructions=100000", "instruction limit 100000 reached"},
        {"hog.lua",
         "return {kind = 'rater', rate = function() local t = {} for i = 1, 1e9 do t[i] = {} end end}",
         "max-memory=2M", "not enough memory"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        snprintf(name, sizeof name, "lua:%s", lua_test_file(cases[i].file, cases[i].text));
        sk_instance *rater = NULL;
        CHECK_INT(sk_instance_new(host, SK_KIND_RATER, name, cases[i].options, NULL, &rater, &err),
                  0);
        if (!rater)
            continue;
        sk_rating rating;
        err.message[0] = '\0';
        CHECK(sk_instance_rate(rater, &puzzle, &rating, NULL, NULL, &err) != SK_OK);
        if (!strstr(err.message, cases[i].message))
            fprintf(stderr, "case %zu: '%s' lacks '%s'\n", i, err.message, cases[i].message);
        CHECK(strstr(err.message, cases[i].message) != NULL);
        /* The limits hold per puzzle: the instance rates again. */
        err.message[0] = '\0';
        CHECK(sk_instance_rate(rater, &puzzle, &rating, NULL, NULL, &err) != SK_OK);
        CHECK(strstr(err.message, cases[i].message) != NULL);
        sk_instance_free(rater);
    }
    sk_host_free(host);
}

/* Step callback: counts steps, checks their shape, stops after limit. */
typedef struct lua_test_steps {
    int seen, limit, bad;
} lua_test_steps;

static int lua_test_on_step(void *user, const sk_step *step)
{
    lua_test_steps *steps = user;
    steps->seen++;
    if (step->kind != SK_STEP_PLACE || strcmp(step->technique, "Naked single") != 0 ||
        step->cell_count != 1 || step->placed_count != 1 ||
        step->placed[0].cell != step->cells[0] || step->placed[0].digit < 1 ||
        strncmp(step->explanation, "only ", 5) != 0)
        steps->bad++;
    return steps->limit && steps->seen >= steps->limit;
}

static void test_reports_explained_steps(void)
{
    const char *file = lua_test_file("steps.lua",
        "return {kind = 'rater', rate = function(grid)\n"
        "  local steps = {}\n"
        "  for cell = 1, 81 do\n"
        "    local c = grid[cell] == 0 and grid:candidates((cell - 1) // 9 + 1, (cell - 1) % 9 + 1)\n"
        "    if c and #c == 1 then\n"
        "      steps[#steps + 1] = {kind = 'place', technique = 'Naked single', rating = 2.3,\n"
        "        cells = {cell}, placed = {{cell = cell, digit = c[1]}}, explanation = 'only ' .. c[1]}\n"
        "    end\n"
        "  end\n"
        "  return {score = 2.3, level = 3, steps = #steps, explained = steps}\n"
        "end}\n");
    const char *broken = lua_test_file("badstep.lua",
        "return {kind = 'rater', rate = function(grid)\n"
        "  return {score = 1, level = 1, explained = {{kind = 'place', cells = {99}}}}\n"
        "end}\n");
    sk_host *host = lua_test_host();
    char name[600];
    sk_error err;
    sk_instance *rater = NULL;
    snprintf(name, sizeof name, "lua:%s", file);
    CHECK_INT(sk_instance_new(host, SK_KIND_RATER, name, NULL, NULL, &rater, &err), 0);
    sk_grid puzzle;
    size_t col;
    CHECK_INT(sk_grid_parse_line(&puzzle, lua_test_puzzle, 81, &col), 0);
    sk_rating rating;
    lua_test_steps all = {0, 0, 0};
    CHECK_INT(sk_instance_rate(rater, &puzzle, &rating, lua_test_on_step, &all, &err), SK_OK);
    CHECK(all.seen >= 1);
    CHECK_INT(all.seen, rating.steps);
    CHECK_INT(all.bad, 0);
    lua_test_steps one = {0, 1, 0};
    CHECK_INT(sk_instance_rate(rater, &puzzle, &rating, lua_test_on_step, &one, &err),
              SK_ERR_STOPPED);
    CHECK_INT(one.seen, 1);
    sk_instance_free(rater);
    snprintf(name, sizeof name, "lua:%s", broken);
    CHECK_INT(sk_instance_new(host, SK_KIND_RATER, name, NULL, NULL, &rater, &err), 0);
    CHECK(sk_instance_rate(rater, &puzzle, &rating, lua_test_on_step, &all, &err) != SK_OK);
    CHECK(strstr(err.message, "not 1-81") != NULL);
    sk_instance_free(rater);
    sk_host_free(host);
}

static void test_generator_adapter(void)
{
    char text[1024];
    snprintf(text, sizeof text,
             "local sk = require 'sudokit'\n"
             "return {kind = 'generator', generate = function(request, ctx)\n"
             "  if request.clues == 80 then return nil, 'cannot make 80 clues' end\n"
             "  if request.clues == 79 then return 'a puzzle' end\n"
             "  local p = assert(sk.grid('%s'))\n"
             "  local n, solution = ctx.count(p)\n"
             "  if request.clues == 78 then solution = p end\n"
             "  local seed = request.seed + request.index\n"
             "  local t = select(2, p:shuffle(seed))\n"
             "  return p:transform(t), solution:transform(t),\n"
             "         {symmetry = request.symmetry, minimal = request.minimal, attempts = n}\n"
             "end}\n",
             lua_test_puzzle);
    const char *file = lua_test_file("gen.lua", text);
    sk_host *host = lua_test_host();
    char name[600];
    sk_error err;
    snprintf(name, sizeof name, "lua:%s", file);
    sk_instance *gen = NULL;
    CHECK_INT(sk_instance_new(host, SK_KIND_GENERATOR, name, NULL, NULL, &gen, &err), 0);
    if (!gen) {
        fprintf(stderr, "%s\n", err.message);
        sk_host_free(host);
        return;
    }
    sk_gen_request req = {.seed = 5, .index = 2, .symmetry = SK_SYM_ROT180, .minimal = 1};
    sk_gen_result a, b;
    CHECK_INT(sk_instance_generate(gen, &req, &a, &err), SK_OK);
    CHECK(sk_grid_solves(&a.puzzle, &a.solution));
    CHECK_INT(sk_grid_clues(&a.puzzle), 26);
    CHECK_INT(a.symmetry, SK_SYM_ROT180);
    CHECK_INT(a.minimal, 1);
    CHECK_INT(a.attempts, 1);
    CHECK_INT(sk_instance_generate(gen, &req, &b, &err), SK_OK);
    CHECK(memcmp(&a.puzzle, &b.puzzle, sizeof a.puzzle) == 0);
    req.index = 3;
    CHECK_INT(sk_instance_generate(gen, &req, &b, &err), SK_OK);
    CHECK(memcmp(&a.puzzle, &b.puzzle, sizeof a.puzzle) != 0);
    req.clues = 80;
    CHECK_INT(sk_instance_generate(gen, &req, &b, &err), SK_ERR_LIMIT);
    CHECK(strstr(err.message, "cannot make 80 clues") != NULL);
    req.clues = 79;
    CHECK_INT(sk_instance_generate(gen, &req, &b, &err), SK_ERR);
    CHECK(strstr(err.message, "two grids") != NULL);
    req.clues = 78;
    CHECK_INT(sk_instance_generate(gen, &req, &b, &err), SK_ERR);
    CHECK(strstr(err.message, "does not solve its puzzle") != NULL);
    sk_instance_free(gen);
    sk_host_free(host);
}

static const ski_test_case cases[] = {
    {"generator_adapter", test_generator_adapter},
    {"reports_explained_steps", test_reports_explained_steps},
    {"registered_as_builtin", test_registered_as_builtin},
    {"rates_with_the_hosts_solver", test_rates_with_the_hosts_solver},
    {"refuses_bad_files_and_options", test_refuses_bad_files_and_options},
    {"bad_results_and_limits", test_bad_results_and_limits},
};

SK_TEST_MAIN(cases)
