/* Unit test of the template generator without the host: generator.c is
 * compiled into this program and its instances get the plugin mock's
 * services (sudokit/plugin_mock.h), whose count_solutions stands in for the
 * host's solver; the mock's solver alone checks what comes out. */
#include <stdio.h>
#include <string.h>

#include "sudokit/plugin.h"
#include "sudokit/plugin_mock.h"
#include "template_test.h"

static const sk_strategy *template_generator(void)
{
    return SK_PLUGIN_ENTRY()->strategies[0];
}

/* An instance with one option (key NULL: none); NULL on refusal. */
static void *make(sk_mock *mock, const char *key, const char *value, char *err, size_t errlen)
{
    sk_option option = {key, value};
    return template_generator()->create(sk_mock_services(mock), &option, key ? 1 : 0, err,
                                        errlen);
}

/* Generate for request with a fresh instance of the given tries. */
static int generate(sk_mock *mock, const sk_gen_request *request, const char *tries,
                    sk_gen_result *out, char *err, size_t errlen)
{
    void *generator = make(mock, "tries", tries, err, errlen);
    CHECK(generator != NULL);
    *out = (sk_gen_result){.struct_size = sizeof *out};
    int status = template_generator()->generate(generator, request, out, err, errlen);
    template_generator()->destroy(generator);
    return status;
}

static int clues_of(const sk_grid *puzzle)
{
    int clues = 0;
    for (int cell = 0; cell < 81; cell++)
        clues += puzzle->cells[cell] != 0;
    return clues;
}

/* True when taking out any one clue gives the puzzle several solutions. */
static bool every_clue_is_needed(sk_grid puzzle)
{
    for (int cell = 0; cell < 81; cell++) {
        uint8_t digit = puzzle.cells[cell];
        puzzle.cells[cell] = 0;
        if (digit && sk_mock_count_solutions(&puzzle, 2, NULL) == 1)
            return false;
        puzzle.cells[cell] = digit;
    }
    return true;
}

static void describes_itself(void)
{
    const sk_plugin *plugin = SK_PLUGIN_ENTRY();
    CHECK(plugin->abi_major == SK_ABI_MAJOR && plugin->struct_size == sizeof(sk_plugin));
    CHECK(strcmp(template_generator()->name, "template") == 0);
    CHECK(template_generator()->kind == SK_KIND_GENERATOR && template_generator()->generate);
    CHECK(plugin->strategies[1] == NULL);
}

static void refuses_bad_options(void)
{
    sk_mock *mock = sk_mock_new(1);
    char err[256] = "";
    CHECK(make(mock, "tries", "0", err, sizeof err) == NULL);
    CHECK(strstr(err, "bad value '0' for tries (tries=1..1000") != NULL);
    CHECK(make(mock, "clues", "30", err, sizeof err) == NULL);
    CHECK(strstr(err, "unknown option 'clues'; options are tries=1..1000") != NULL);
    sk_mock_free(mock);
}

/* Each puzzle of a run has exactly one solution, the one returned beside
 * it, and no clue to spare; the host's solver was asked, not carried. */
static void gives_minimal_puzzles_with_one_solution(void)
{
    sk_mock *mock = sk_mock_new(7);
    for (uint64_t index = 0; index < 5; index++) {
        sk_gen_request request = sk_mock_request(mock, index);
        sk_gen_result result;
        char err[256];
        CHECK(generate(mock, &request, "10", &result, err, sizeof err) == SK_OK);
        CHECK(sk_mock_count_solutions(&result.puzzle, 2, NULL) == 1);
        CHECK(sk_mock_solves(&result.puzzle, &result.solution));
        CHECK(result.minimal && every_clue_is_needed(result.puzzle));
        CHECK(clues_of(&result.puzzle) < 36);
    }
    CHECK(sk_mock_calls_of(mock).count_solutions > 5 * 81);
    sk_mock_free(mock);
}

/* The same seed and index give the same puzzle; another index, another. */
static void is_reproducible(void)
{
    sk_mock *mock = sk_mock_new(7);
    sk_gen_request request = sk_mock_request(mock, 3);
    sk_gen_result first, again, other;
    char err[256];
    CHECK(generate(mock, &request, "10", &first, err, sizeof err) == SK_OK);
    CHECK(generate(mock, &request, "10", &again, err, sizeof err) == SK_OK);
    request.index = 4;
    CHECK(generate(mock, &request, "10", &other, err, sizeof err) == SK_OK);
    CHECK(memcmp(&first.puzzle, &again.puzzle, sizeof first.puzzle) == 0);
    CHECK(memcmp(&first.puzzle, &other.puzzle, sizeof first.puzzle) != 0);
    sk_mock_free(mock);
}

static void meets_a_clue_target(void)
{
    sk_mock *mock = sk_mock_new(7);
    sk_gen_request request = sk_mock_request(mock, 0);
    request.clues = 32;
    sk_gen_result result;
    char err[256];
    CHECK(generate(mock, &request, "10", &result, err, sizeof err) == SK_OK);
    CHECK(clues_of(&result.puzzle) == 32);
    CHECK(sk_mock_count_solutions(&result.puzzle, 2, NULL) == 1);
    CHECK(result.minimal == every_clue_is_needed(result.puzzle));
    sk_mock_free(mock);
}

/* 17 clues are out of reach of a random dig: the bounded effort runs out. */
static void gives_up_on_a_target_out_of_reach(void)
{
    sk_mock *mock = sk_mock_new(7);
    sk_gen_request request = sk_mock_request(mock, 0);
    request.clues = 17;
    sk_gen_result result;
    char err[256] = "";
    CHECK(generate(mock, &request, "2", &result, err, sizeof err) == SK_ERR_LIMIT);
    CHECK(strcmp(err, "no puzzle of 17 clues in 2 tries (raise tries=N)") == 0);
    sk_mock_free(mock);
}

static void refuses_what_it_does_not_make(void)
{
    sk_mock *mock = sk_mock_new(7);
    sk_gen_request request = sk_mock_request(mock, 0);
    request.symmetry = SK_SYM_ROT180;
    sk_gen_result result;
    char err[256] = "";
    CHECK(generate(mock, &request, "10", &result, err, sizeof err) == SK_ERR);
    CHECK(strstr(err, "makes plain puzzles only") != NULL);
    request = sk_mock_request(mock, 0);
    request.fixed.cells[40] = 5;
    CHECK(generate(mock, &request, "10", &result, err, sizeof err) == SK_ERR);
    sk_mock_free(mock);
}

static const template_case cases[] = {
    {"describes_itself", describes_itself},
    {"refuses_bad_options", refuses_bad_options},
    {"gives_minimal_puzzles_with_one_solution", gives_minimal_puzzles_with_one_solution},
    {"is_reproducible", is_reproducible},
    {"meets_a_clue_target", meets_a_clue_target},
    {"gives_up_on_a_target_out_of_reach", gives_up_on_a_target_out_of_reach},
    {"refuses_what_it_does_not_make", refuses_what_it_does_not_make},
};

TEMPLATE_TEST_MAIN(cases)
