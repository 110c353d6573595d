/* Golden ratings of the human rater: a score may change only with a new rater version. */
#include "check.h"
#include "human.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const sk_plugin *SK_PLUGIN_ENTRY(void);

/* One line of the golden file: PUZZLE ER/EP/ED STEPS (ER with a '+' when
 * it is a lower bound). */
static void golden_format(const char *puzzle, const sk_rating *r, char *buf, size_t len)
{
    snprintf(buf, len, "%s %.1f%s/%.1f/%.1f %u", puzzle, r->score,
             r->score_is_lower_bound ? "+" : "", r->first_placement, r->first_step,
             (unsigned)r->steps);
}

/* Rate every puzzle of the golden file with the default options and
 * compare with the line recorded. With SUDOKIT_GOLDEN_WRITE=FILE the
 * ratings of this build are written to FILE instead (to renew the file
 * with a new rater version). */
static void test_golden_ratings(void)
{
    const char *dir = getenv("SUDOKIT_DATA"), *out_path = getenv("SUDOKIT_GOLDEN_WRITE");
    char path[1024], line[512], want_version[64] = "";
    snprintf(path, sizeof path, "%s/human_golden.txt", dir ? dir : ".");
    FILE *in = fopen(path, "r");
    FILE *out = out_path ? fopen(out_path, "w") : NULL;
    CHECK(in != NULL);
    if (!in)
        return;
    const sk_plugin *plugin = SK_PLUGIN_ENTRY();
    const sk_strategy *strategy = plugin->strategies[0];
    char err[256];
    void *rater = strategy->create(NULL, NULL, 0, err, sizeof err);
    CHECK(rater != NULL);
    int checked = 0, wrong = 0, lineno = 0;
    while (rater && fgets(line, sizeof line, in)) {
        lineno++;
        if (line[0] == '#') {
            bool version = sscanf(line, "# version %63s", want_version) == 1;
            if (out && version)
                fprintf(out, "# version %s\n", plugin->version);
            else if (out)
                fputs(line, out);
            continue;
        }
        char puzzle[82];
        if (sscanf(line, "%81s", puzzle) != 1 || strlen(puzzle) != 81)
            continue;
        sk_grid grid;
        for (int c = 0; c < 81; c++)
            grid.cells[c] = (uint8_t)(puzzle[c] >= '1' && puzzle[c] <= '9' ? puzzle[c] - '0' : 0);
        sk_rating r = {.struct_size = sizeof r};
        CHECK_INT(strategy->rate(rater, &grid, &r, NULL, NULL, err, sizeof err), SK_OK);
        char got[256];
        golden_format(puzzle, &r, got, sizeof got);
        line[strcspn(line, "\r\n")] = '\0';
        if (out)
            fprintf(out, "%s\n", got);
        else if (strcmp(got, line) != 0 && wrong++ < 10)
            fprintf(stderr, "human_golden.txt:%d: want %s\n  got  %s\n", lineno, line, got);
        checked++;
    }
    fclose(in);
    if (out)
        fclose(out);
    if (rater)
        strategy->destroy(rater);
    CHECK(checked >= 200);
    /* Scores are a stored fact, keyed by the rater's version: a change of
     * any of them needs a new version (and this file renewed with it). */
    if (!out) {
        CHECK_STR(plugin->version, want_version);
        CHECK_INT(wrong, 0);
    }
}

static const ski_test_case cases[] = {
    {"golden_ratings", test_golden_ratings},
};

SK_TEST_MAIN(cases)
