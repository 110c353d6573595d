/* Tests of the HoDoKu technique set (rater hodoku, techniques=hodoku): HoDoKu 2.2's own scores
 * and levels on public puzzles, and each technique on positions where HoDoKu reports it. */
#include "check.h"
#include "hodoku.h"

#include <stdlib.h>
#include <string.h>

const sk_plugin *SK_PLUGIN_ENTRY(void);

/* The plugin's strategy called name. */
static const sk_strategy *hodoku_strategy(const char *name)
{
    for (const sk_strategy *const *s = SK_PLUGIN_ENTRY()->strategies; *s; s++)
        if (strcmp((*s)->name, name) == 0)
            return *s;
    return NULL;
}

/* Open a file of tests/data (SUDOKIT_DATA). */
static FILE *hodoku_data(const char *file)
{
    const char *dir = getenv("SUDOKIT_DATA");
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir ? dir : ".", file);
    FILE *in = fopen(path, "r");
    CHECK(in != NULL);
    return in;
}

/* True when every technique of HoDoKu's path (names joined by ';', spaces
 * as underscores) is one the set reports. */
static bool hodoku_path_known(char *names)
{
    for (char *name = strtok(names, ";"); name; name = strtok(NULL, ";")) {
        for (char *p = name; *p; p++)
            *p = *p == '_' ? ' ' : *p;
        if (!hodoku_reports(name))
            return false;
    }
    return true;
}

/* HoDoKu's levels in the order of the rating's 1..5. */
static int hodoku_level_of(const char *name)
{
    static const char *const names[] = {"", "Easy", "Medium", "Hard", "Unfair", "Extreme"};
    for (int i = 1; i <= 5; i++)
        if (strcmp(names[i], name) == 0)
            return i;
    return 0;
}

/* Every puzzle of tests/data/hodoku_17_clue.txt whose HoDoKu path uses
 * only techniques of this set gets HoDoKu's score and level. */
static void test_reference_17_clue(void)
{
    const sk_strategy *s = hodoku_strategy("hodoku");
    CHECK(s != NULL);
    if (!s)
        return;
    char err[256], line[1024];
    void *rater = s->create(NULL, NULL, 0, err, sizeof err);
    CHECK(rater != NULL);
    FILE *in = hodoku_data("hodoku_17_clue.txt");
    int checked = 0, equal = 0;
    while (rater && in && fgets(line, sizeof line, in)) {
        char puzzle[82], level[16], names[800];
        int score;
        if (line[0] == '#' || sscanf(line, "%81s %15s %d %799s", puzzle, level, &score, names) != 4)
            continue;
        if (!hodoku_path_known(names))
            continue;
        sk_grid grid;
        for (int c = 0; c < 81; c++)
            grid.cells[c] = (uint8_t)(puzzle[c] == '.' ? 0 : puzzle[c] - '0');
        sk_rating r = {.struct_size = sizeof r};
        CHECK_INT(s->rate(rater, &grid, &r, NULL, NULL, err, sizeof err), SK_OK);
        checked++;
        if ((int)r.score == score && r.level == hodoku_level_of(level))
            equal++;
        else if (checked - equal <= 5)
            fprintf(stderr, "%s: HoDoKu %s %d, here level %d score %g\n", puzzle, level, score,
                    r.level, r.score);
    }
    CHECK(checked >= 1900);
    CHECK_INT(equal, checked);
    if (in)
        fclose(in);
    s->destroy(rater);
}

/* The option selects the set on the rater human too; the rater hodoku
 * refuses another set. */
static void test_options(void)
{
    char err[256] = "";
    sk_option hodoku = {"techniques", "hodoku"}, se = {"techniques", "se"};
    const sk_strategy *human = hodoku_strategy("human"), *h = hodoku_strategy("hodoku");
    void *rater = human->create(NULL, &hodoku, 1, err, sizeof err);
    CHECK(rater != NULL);
    sk_grid grid;
    const char *p = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...";
    for (int c = 0; c < 81; c++)
        grid.cells[c] = (uint8_t)(p[c] == '.' ? 0 : p[c] - '0');
    sk_rating r = {.struct_size = sizeof r};
    CHECK_INT(human->rate(rater, &grid, &r, NULL, NULL, err, sizeof err), SK_OK);
    /* HoDoKu 2.2 rates it Medium (916): tests/data/hodoku_17_clue.txt. */
    CHECK_INT((int)r.score, 916);
    CHECK_INT(r.level, 2);
    human->destroy(rater);
    CHECK(h->create(NULL, &se, 1, err, sizeof err) == NULL);
    CHECK(strstr(err, "rater hodoku rates with HoDoKu's techniques only") != NULL);
}

int main(int argc, char **argv)
{
    static const sk_test_case cases[] = {
        {"reference_17_clue", test_reference_17_clue},
        {"options", test_options},
    };
    return sk_test_main(argc, argv, cases, sizeof cases / sizeof cases[0]);
}
