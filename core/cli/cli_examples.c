/* The sections of the manual beyond the options: a few examples of each
 * command, with what they do, and the keys of play, for --help, the man
 * pages and docs/cli.md. Every example runs as written
 * (tests/cli/examples.sh runs them all) in a folder holding puzzles.txt, a
 * database with the starter collection and a saved game, and the shards
 * shard1.db and shard2.db. */
#include <string.h>

#include "cli.h"
#include "usage.h"

/* The Lua examples' folder in the Debian package (docs/lua.md). */
#define EXAMPLES_DIR "/usr/share/doc/sudokit/examples/"

typedef struct cli_example {
    const char *words; /* the command's words ("db query") */
    const char *line;  /* the command line                 */
    const char *what;  /* what it does                     */
} cli_example;

static const cli_example examples[] = {
    {"solve", "sudokit solve puzzles.txt", "the solutions of a file, in its layout, on stdout"},
    {"solve", "sudokit solve --solver dlx --jobs 2 --format csv -o solved.csv puzzles.txt",
     "with the dlx solver on two threads, as CSV into solved.csv"},
    {"solve", "sudokit solve --count puzzles.txt",
     "require exactly one solution: a puzzle with more is an error"},
    {"generate", "sudokit generate -n 10 --level 3 --symmetry rot180 --format csv",
     "ten hard puzzles with a half-turn symmetry, as CSV with their ratings"},
    {"generate", "sudokit generate -n 10 --symmetry rot180 --minimal",
     "ten minimal puzzles (no given can go) with a half-turn symmetry"},
    {"generate", "sudokit generate -n 5 --seed 42 | sudokit rate",
     "the same five puzzles at every run, rated by the next command"},
    {"generate", "sudokit generate -n 3 --rules 6x6 --seed 1",
     "three 6x6 puzzles (boxes of 2 rows by 3 columns) under their #rules line"},
    {"generate", "sudokit generate --rules '9x9 x' --symmetry rot180 | sudokit solve --count",
     "an X puzzle (both diagonals hold every digit), solved again to check it"},
    {"generate", "sudokit generate -g variant --generator-options killer=1",
     "a killer puzzle: cages with their sums, no givens"},
    {"generate", "sudokit generate -g variant --generator-options regions=random --clues 28",
     "a jigsaw puzzle of 28 givens on a random layout of regions"},
    {"rate", "sudokit rate puzzles.txt", "the SE-scale rating of each puzzle, and a histogram"},
    {"rate", "sudokit rate --explain puzzles.txt", "each puzzle's solve path, step by step"},
    {"rate", "sudokit rate --jobs 2 --store puzzles.txt",
     "rate on two threads and keep the ratings in the database"},
    {"hint",
     "sudokit hint 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419.."
     "5....8..79",
     "the next easiest step of a position, explained"},
    {"grids", "sudokit grids -n 1000 -o grids.txt",
     "1000 distinct complete grids into grids.txt (as sudokit -c 1000 into sudoku.txt)"},
    {"play", "sudokit play --level 3", "an unplayed hard puzzle of the database, in the terminal"},
    {"play", "sudokit play --resume", "list the unfinished games"},
    {"play", "sudokit play --resume 1", "go on with game 1"},
    {"play", "echo 'right 5 u ctrl-r q' | sudokit play --id 7 --keys -",
     "play puzzle 7 from a key script, then print the board"},
    {"games", "sudokit games --unfinished", "the games to go on with"},
    {"games", "sudokit games --abandon 1", "drop game 1 from the unfinished games"},
    {"serve", "sudokit serve --port 0",
     "the browser page on a free port of the loopback (prints its URL; Ctrl-C stops it)"},
    {"bench", "sudokit bench --solvers fast,dlx puzzles.txt", "time two solvers on a file"},
    {"bench", "sudokit bench --store puzzles.txt",
     "time the solvers and keep the runs (sudokit db benchmarks lists them)"},
    {"print", "sudokit print -n 6 puzzles.txt -o booklet.pdf",
     "a booklet of six puzzles a page and their solutions"},
    {"plugins", "sudokit plugins", "every strategy: kind, name, plugin, version"},
    {"db init", "sudokit db init --seeds", "a database with 1500 rated starter puzzles"},
    {"db import", "sudokit db import puzzles.txt", "add a file's puzzles"},
    {"db export", "sudokit db export --rater human --level 3 --format classic > hard.txt",
     "the hard puzzles in the classic layout"},
    {"db query", "sudokit db query --rater human --level 3 --limit 5", "five hard puzzles"},
    {"db query", "sudokit db query --clues-min 22 --clues-max 24 --sort random --limit 1",
     "one puzzle of 22 to 24 clues, at random"},
    {"db stats", "sudokit db stats", "the counts of puzzles, ratings, games and runs"},
    {"db benchmarks", "sudokit db benchmarks", "the runs bench --store kept"},
    {"db check", "sudokit db check", "check the database's integrity"},
    {"db canon", "sudokit db canon puzzles.txt",
     "the canonical form of each puzzle (the same for every symmetric copy)"},
    {"db merge", "sudokit db merge all.db shard1.db shard2.db",
     "the shards of a cluster run into one database"},
    {"run", "sudokit run " EXAMPLES_DIR "compare_solvers.lua puzzles.txt",
     "a Lua pipeline installed with sudokit: every solver on a file"},
    {"help", "sudokit help db query", "the manual of db query"},
    {"help", "sudokit help techniques", "the techniques of the raters: name, SE rating, a line"},
    {"help", "sudokit help --format man generate | man -l -", "a man page, from the program"},
};
#define EXAMPLE_COUNT (sizeof examples / sizeof examples[0])

void ski_cli_examples(FILE *out, const char *words, sk_usage_format format)
{
    bool first = true;
    for (size_t i = 0; i < EXAMPLE_COUNT; i++) {
        const cli_example *e = &examples[i];
        if (!words) {
            fprintf(out, "%s\n", e->line);
            continue;
        }
        if (strcmp(e->words, words) != 0)
            continue;
        if (first && format == SK_USAGE_TEXT)
            fputs("\nExamples:\n", out);
        else if (first && format == SK_USAGE_MARKDOWN)
            fputs("Examples:\n\n```sh\n", out);
        else if (first && format == SK_USAGE_MAN)
            fputs(".SH EXAMPLES\n", out);
        first = false;
        if (format == SK_USAGE_TEXT) {
            fprintf(out, "  %s\n      ", e->line);
            ski_usage_wrap(out, e->what, 6, 6, 78);
        } else if (format == SK_USAGE_MARKDOWN) {
            fprintf(out, "# %s\n%s\n", e->what, e->line);
        } else {
            fputs(".PP\n", out);
            ski_usage_roff(out, e->what);
            fputs(":\n.IP\n.nf\n", out);
            ski_usage_roff(out, e->line);
            fputs("\n.fi\n", out);
        }
    }
    if (!first && format == SK_USAGE_MARKDOWN)
        fputs("```\n\n", out);
}

/* The keys of play in the terminal (the engine's, core/play), as
 * docs/play.md shows them. */
static const char *const play_keys[][2] = {
    {"arrows, `h` `j` `k` `l`",
     "move; left and right go on to the next or previous row, up and down wrap around"},
    {"`1`-`9`", "place the digit (in pencil mark mode: toggle that mark)"},
    {"`m` or `p`", "switch between digit and pencil mark mode"},
    {"`0`, Del, Backspace", "erase the digit; on an empty cell, clear its marks"},
    {"`u`", "undo (no limit)"},
    {"`r` or Ctrl-R", "redo"},
    {"`a`", "auto-candidates: set the marks of every empty cell to its possible digits"},
    {"`c`", "check: mark the wrong digits `!5!` until the next move"},
    {"`?` or `H`", "hint; asked again, reveal its digit"},
    {"`d` then `1`-`9`",
     "highlight that digit (on the board and in the marks); `d` `0` or `d` `d` turn it off"},
    {"`]` and `[`", "a hint that is a chain: show one node more, or one less (its chains unfold "
                    "a node at a time, each link named in the side panel)"},
    {"Esc", "hide the hint, cancel `d`"},
    {"`s`", "save now (every move is saved anyway)"},
    {"`q`", "save and quit"},
};
#define PLAY_KEY_COUNT (sizeof play_keys / sizeof play_keys[0])

/* text without its backquotes into buf. */
static const char *sections_plain(const char *text, char *buf, size_t len)
{
    size_t n = 0;
    for (; *text && n + 1 < len; text++)
        if (*text != '`')
            buf[n++] = *text;
    buf[n] = '\0';
    return buf;
}

void ski_cli_play_keys(FILE *out, sk_usage_format format)
{
    if (format == SK_USAGE_MARKDOWN)
        fputs("Keys:\n\n| Key | Does |\n|-----|------|\n", out);
    else if (format == SK_USAGE_MAN)
        fputs(".SH KEYS\n", out);
    else
        fputs("\nKeys:\n", out);
    for (size_t i = 0; i < PLAY_KEY_COUNT; i++) {
        char key[64], does[160];
        sections_plain(play_keys[i][0], key, sizeof key);
        sections_plain(play_keys[i][1], does, sizeof does);
        if (format == SK_USAGE_MARKDOWN) {
            fprintf(out, "| %s | %s |\n", play_keys[i][0], play_keys[i][1]);
        } else if (format == SK_USAGE_MAN) {
            fputs(".TP\n.B ", out);
            ski_usage_roff(out, key);
            fputc('\n', out);
            ski_usage_roff(out, does);
            fputc('\n', out);
        } else {
            ski_usage_item(out, key, does);
        }
    }
    if (format == SK_USAGE_MARKDOWN)
        fputc('\n', out);
}
