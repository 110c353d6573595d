/* `sudokit play`: start or resume a game, in the terminal or driven by a key script. */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "sudokit/parse.h"
#include "games.h"
#include "play_screen.h"
#include "sudokit/grid.h"
#include "sudokit/host.h"
#include "sudokit/play.h"
#include "sudokit/store.h"

/* How long a key wait lasts before the loop looks at signals and time. */
#define PLAY_TICK_MS 250

/* The signal that asked the game to stop, 0 while none did. */
static volatile sig_atomic_t play_signal;

static void play_on_signal(int sig)
{
    play_signal = sig;
}

/* Where the game's puzzle comes from. */
typedef struct play_options {
    int level; /* 0 = any */
    double rating_min, rating_max;
    bool rating;         /* a rating window was given */
    long long puzzle_id; /* --id, 0 = none */
    const char *puzzle;  /* --puzzle text */
    bool generate;
    bool resume;
    long long resume_id; /* 0 with resume: list the saved games */
    const char *keys;    /* --keys FILE or "-" */
    const char *solver;
    const char *generator;
    const char *rater;
    uint64_t seed;
    bool seeded;
} play_options;

/* One running game and what its loop needs. */
typedef struct play_session {
    sk_cli *cli;
    sk_store *store;
    sk_game_record rec; /* the games row; rec.id is set once inserted */
    sk_play *game;
    sk_instance *hint_rater; /* the human rater for hints, NULL without it */
    sk_play_view view;
    bool screen; /* ncurses; else scripted from keys_fd */
    int keys_fd;
    char keybuf[4096];
    size_t keylen, keypos;
    long keyline; /* line of the script, for messages */
    bool keys_eof;
    struct timespec last;
    char rating[48]; /* ", human 2.3 level 1" or "" */
} play_session;

static void play_usage(FILE *out)
{
    fputs("usage: sudokit play [--level N | --rating MIN-MAX] [--id PUZZLE_ID]\n"
          "                    [--puzzle 81CHARS] [--generate [--level N] [--seed S]]\n"
          "                    [--resume [GAME_ID]] [--keys FILE|-]\n"
          "Play Sudoku in the terminal (80x24 or larger) with pencil marks, undo and redo\n"
          "without limit, hints and checks. Every move is saved at once; Ctrl-C, SIGTERM\n"
          "or a closed terminal lose nothing, and --resume brings the game back with its\n"
          "undo history. Keys and modes: docs/play.md.\n"
          "  --level N          a puzzle of level N (1 easy .. 5 evil) from the database\n"
          "  --rating MIN-MAX   a puzzle rated in this window from the database\n"
          "  --id PUZZLE_ID     this puzzle of the database\n"
          "  --puzzle 81CHARS   this puzzle ('.' or '0' for blanks); it must have\n"
          "                     exactly one solution\n"
          "  --generate         a fresh puzzle (at --level N when given)\n"
          "  --seed S           seed of --generate (default: from the clock)\n"
          "  --resume [ID]      list the saved games, or resume game ID\n"
          "  --keys FILE|-      scripted mode: read keys (whitespace-separated tokens such\n"
          "                     as right 5 u ctrl-r q) from FILE or stdin instead of the\n"
          "                     terminal, then print the board\n"
          "  --solver NAME      solver that checks a typed puzzle (default: the fastest)\n"
          "  --generator NAME   generator of --generate (default: dig)\n"
          "  --rater NAME       rater that judges levels (default: human, else classic)\n",
          out);
}

/* ------------------------------------------------------------- hints -- */

/* Collects the first step of a logical solve and the first placement. */
typedef struct play_hint_run {
    sk_play_hint *out;
    bool have_step;
} play_hint_run;

static int play_on_step(void *user, const sk_step *step)
{
    play_hint_run *run = user;
    sk_play_hint *out = run->out;
    if (!run->have_step) {
        run->have_step = true;
        const char *why = step->explanation && *step->explanation ? step->explanation : NULL;
        snprintf(out->text, sizeof out->text, "%s%s%s",
                 step->technique ? step->technique : "Next step", why ? ": " : "", why ? why : "");
        for (size_t i = 0; i < step->cell_count; i++)
            if (step->cells[i] < 81)
                out->cells[step->cells[i]] = true;
        for (size_t i = 0; i < step->eliminated_count; i++) {
            const sk_candidate *c = &step->eliminated[i];
            if (c->cell < 81 && c->digit >= 1 && c->digit <= 9)
                out->eliminated[c->cell] |= (uint16_t)(1u << (c->digit - 1));
        }
    }
    if (step->kind == SK_STEP_PLACE && step->placed_count > 0) {
        out->place_cell = step->placed[0].cell;
        out->place_digit = step->placed[0].digit;
        return 1;
    }
    return 0;
}

/* sk_play_hint_fn over the human rater: the next logical step, and the
 * first digit the solve places from there. */
static int play_hint(void *user, const sk_grid *position, sk_play_hint *out)
{
    play_hint_run run = {out, false};
    sk_rating rating;
    memset(&rating, 0, sizeof rating);
    char err[256];
    int rc = sk_instance_rate(user, position, &rating, play_on_step, &run, err, sizeof err);
    return run.have_step && (rc == SK_OK || rc == SK_ERR_STOPPED) ? 0 : -1;
}

/* ---------------------------------------------------- puzzle sources -- */

static const char *play_rater_name(sk_host *host, const play_options *opt)
{
    if (opt->rater)
        return opt->rater;
    if (sk_host_find(host, SK_KIND_RATER, "human"))
        return "human";
    return sk_host_default_name(host, SK_KIND_RATER);
}

/* Find the unique solution of puzzle with the chosen solver; what names
 * the puzzle in messages. */
static int play_solve_unique(sk_cli *cli, const play_options *opt, const sk_grid *puzzle,
                             sk_grid *solution, const char *what)
{
    sk_host *host = sk_cli_host(cli);
    const char *name = opt->solver ? opt->solver : sk_host_default_name(host, SK_KIND_SOLVER);
    if (!name)
        return sk_cli_fail("play: no solver plugin is loaded to check %s (see sudokit "
                           "plugins)",
                           what);
    sk_instance *solver = NULL;
    char err[256];
    if (sk_instance_new(host, SK_KIND_SOLVER, name, NULL, NULL, &solver, err, sizeof err) != 0)
        return sk_cli_fail("play: %s", err);
    int count = sk_instance_solve(solver, puzzle, 2, solution, NULL, err, sizeof err);
    sk_instance_free(solver);
    if (count < 0)
        return sk_cli_fail("play: solver '%s' failed on %s: %s", name, what, err);
    if (count == 0)
        return sk_cli_fail("play: %s has no solution", what);
    if (count > 1)
        return sk_cli_fail("play: %s has more than one solution; add clues until it has "
                           "exactly one",
                           what);
    return 0;
}

/* Check a typed puzzle and find its unique solution. */
static int play_typed_puzzle(sk_cli *cli, const play_options *opt, sk_grid *puzzle,
                             sk_grid *solution)
{
    size_t col = 0, len = strlen(opt->puzzle);
    if (sk_grid_parse_line(puzzle, opt->puzzle, len, &col) != 0) {
        if (col >= len)
            return sk_cli_fail("--puzzle: %zu characters; a puzzle has 81 ('.' or '0' for "
                               "blanks)",
                               len);
        return sk_cli_fail("--puzzle: column %zu: '%c' is not a digit or '.'", col + 1,
                           opt->puzzle[col]);
    }
    sk_conflict conflict;
    if (!sk_grid_check(puzzle, &conflict)) {
        char what[96];
        sk_conflict_describe(&conflict, what, sizeof what);
        return sk_cli_fail("--puzzle: %s; fix the puzzle", what);
    }
    return play_solve_unique(cli, opt, puzzle, solution, "the --puzzle puzzle");
}

/* Generate a puzzle at the asked level or rating window. */
static int play_generated_puzzle(sk_cli *cli, const play_options *opt, sk_grid *puzzle,
                                 sk_grid *solution)
{
    sk_host *host = sk_cli_host(cli);
    const char *name = opt->generator ? opt->generator : "dig";
    sk_instance_config config = {.solver = opt->solver, .rater = play_rater_name(host, opt)};
    sk_instance *gen = NULL;
    char err[256];
    if (sk_instance_new(host, SK_KIND_GENERATOR, name, NULL, &config, &gen, err, sizeof err) != 0)
        return sk_cli_fail("play: %s", err);
    sk_gen_request request;
    memset(&request, 0, sizeof request);
    request.struct_size = sizeof request;
    request.seed = opt->seeded ? opt->seed : (uint64_t)time(NULL) ^ (uint64_t)getpid() << 32;
    request.level = opt->level;
    if (opt->rating) {
        request.rating_min = opt->rating_min;
        request.rating_max = opt->rating_max;
    }
    sk_gen_result result;
    int rc = sk_instance_generate(gen, &request, &result, err, sizeof err);
    sk_instance_free(gen);
    if (rc != SK_OK)
        return sk_cli_fail("play: generator '%s' failed: %s", name, err);
    if (!sk_grid_solves(&result.puzzle, &result.solution) || sk_grid_clues(&result.puzzle) == 81)
        return sk_cli_fail("play: generator '%s' gave no playable puzzle (try --generator "
                           "dig)",
                           name);
    *puzzle = result.puzzle;
    *solution = result.solution;
    return 0;
}

/* ---------------------------------------------------------- database -- */

/* The first row of a puzzle query, copied out of the callback. */
typedef struct play_row {
    int64_t id;
    sk_grid givens;
    sk_grid solution;
    bool has_solution;
    bool rated;
    double score;
    int level;
} play_row;

static int play_on_row(void *user, const sk_puzzle_row *row)
{
    play_row *out = user;
    size_t col;
    out->id = row->id;
    sk_grid_parse_line(&out->givens, row->givens, 81, &col);
    out->has_solution =
        row->solution && sk_grid_parse_line(&out->solution, row->solution, 81, &col) == 0;
    out->rated = row->rated;
    out->score = row->score;
    out->level = row->level;
    return 1;
}

/* Look up one puzzle: by id, or the first (unplayed first) that fits the
 * level or rating window. Returns 1 with *row, 0 when none, -1 on error. */
static int play_find_puzzle(play_session *s, const play_options *opt, int64_t id, play_row *row)
{
    char rater[64], err[256];
    sk_games_pick_rater(s->store, opt->rater, rater, sizeof rater);
    sk_query q;
    sk_query_init(&q);
    q.id = id;
    q.rater = rater[0] ? rater : NULL;
    q.unplayed_first = true;
    q.limit = 1;
    if (opt->level || opt->rating) {
        if (!q.rater) {
            sk_cli_fail("play: no puzzle in the database is rated, so none has a level; "
                        "rate some (see sudokit rate --help) or use --generate");
            return -1;
        }
        q.rated_only = true;
        q.level_min = q.level_max = opt->level;
        q.has_score_min = q.has_score_max = opt->rating;
        q.score_min = opt->rating_min;
        q.score_max = opt->rating_max;
    }
    memset(row, 0, sizeof *row);
    int rc = sk_store_query(s->store, &q, play_on_row, row, err, sizeof err);
    if (rc < 0) {
        sk_cli_fail("play: %s", err);
        return -1;
    }
    if (rc == 1 && row->rated)
        snprintf(s->rating, sizeof s->rating, ", %.16s %.1f level %d", rater, row->score,
                 row->level);
    return rc == 1;
}

/* Store a typed or generated puzzle (or find it stored) for the game row. */
static int play_store_puzzle(play_session *s, const sk_grid *puzzle, const sk_grid *solution,
                             const play_options *opt, int64_t *id)
{
    sk_puzzle_record rec;
    sk_puzzle_record_init(&rec);
    rec.givens = *puzzle;
    rec.solution = solution;
    if (opt->generate) {
        rec.strategy = opt->generator ? opt->generator : "dig";
        rec.has_seed = opt->seeded;
        rec.seed = opt->seed;
    } else {
        rec.source = "play --puzzle";
    }
    char err[256];
    if (sk_store_add_puzzle(s->store, &rec, id, NULL, err, sizeof err) != 0)
        return sk_cli_fail("play: cannot store the puzzle: %s", err);
    return 0;
}

/* Save the game; on failure the front end shows why and the loop goes on. */
static int play_save(play_session *s)
{
    sk_play_state state;
    char err[256];
    if (sk_play_export(s->game, &state, err, sizeof err) != 0)
        goto failed;
    memcpy(s->rec.cells, state.cells, sizeof s->rec.cells);
    s->rec.marks = state.marks;
    s->rec.history = state.history;
    s->rec.elapsed_ms = state.elapsed_ms;
    s->rec.hints = state.hints;
    s->rec.status = state.status;
    int rc = sk_store_game_save(s->store, &s->rec, err, sizeof err);
    s->rec.marks = s->rec.history = NULL;
    sk_play_state_clear(&state);
    if (rc != 0)
        goto failed;
    snprintf(s->view.notice, sizeof s->view.notice, "Saved as game %" PRId64, s->rec.id);
    s->view.alert = false;
    return 0;
failed:
    snprintf(s->view.notice, sizeof s->view.notice, "NOT SAVED: %s", err);
    s->view.alert = true;
    if (!s->screen)
        fprintf(stderr, "sudokit: %s\n", s->view.notice);
    return -1;
}

/* --------------------------------------------------------- the loop -- */

static void play_tick(play_session *s)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    int64_t ms =
        (int64_t)(now.tv_sec - s->last.tv_sec) * 1000 + (now.tv_nsec - s->last.tv_nsec) / 1000000;
    if (ms > 0) {
        sk_play_add_time(s->game, ms);
        s->last = now;
    }
}

/* Next whitespace-separated token of the key script. Returns 1 with the
 * token in tok, 0 when none is ready yet (timeout or signal), -1 at the
 * end of the script, -2 on a read error or an overlong token. */
static int play_script_token(play_session *s, char *tok, size_t toklen)
{
    for (;;) {
        while (s->keypos < s->keylen && strchr(" \t\r\n", s->keybuf[s->keypos])) {
            s->keyline += s->keybuf[s->keypos] == '\n';
            s->keypos++;
        }
        size_t end = s->keypos;
        while (end < s->keylen && !strchr(" \t\r\n", s->keybuf[end]))
            end++;
        bool whole = end < s->keylen || (s->keys_eof && end > s->keypos);
        if (whole) {
            size_t n = end - s->keypos;
            if (n >= toklen)
                return -2;
            memcpy(tok, s->keybuf + s->keypos, n);
            tok[n] = '\0';
            s->keypos = end;
            return 1;
        }
        if (s->keys_eof)
            return -1;
        memmove(s->keybuf, s->keybuf + s->keypos, s->keylen - s->keypos);
        s->keylen -= s->keypos;
        s->keypos = 0;
        if (s->keylen == sizeof s->keybuf)
            return -2;
        struct pollfd pfd = {s->keys_fd, POLLIN, 0};
        int ready = poll(&pfd, 1, PLAY_TICK_MS);
        if (ready <= 0)
            return ready < 0 && errno != EINTR ? -2 : 0;
        ssize_t got = read(s->keys_fd, s->keybuf + s->keylen, sizeof s->keybuf - s->keylen);
        if (got < 0)
            return errno == EINTR || errno == EAGAIN ? 0 : -2;
        if (got == 0)
            s->keys_eof = true;
        s->keylen += (size_t)got;
    }
}

/* Print the board and the state as text (scripted mode). */
static void play_print(const play_session *s, FILE *out)
{
    const sk_play *game = s->game;
    bool clash[81];
    sk_play_conflicts(game, clash);
    for (int r = 0; r < 9; r++) {
        if (r % 3 == 0)
            fputs("+-------+-------+-------+\n", out);
        for (int c = 0; c < 9; c++) {
            int v = sk_play_value(game, r * 9 + c);
            fprintf(out, "%s%c ", c % 3 == 0 ? "| " : "", v ? '0' + v : '.');
        }
        fputs("|\n", out);
    }
    fputs("+-------+-------+-------+\n", out);
    sk_play_state state;
    char err[256];
    if (sk_play_export(game, &state, err, sizeof err) != 0) {
        fprintf(out, "error %s\n", err);
        return;
    }
    char cursor[8];
    sk_cell_name(sk_play_cursor(game), cursor);
    int64_t sec = state.elapsed_ms / 1000;
    fprintf(out, "title %s\n", s->view.title);
    fprintf(out, "cells %s\n", state.cells);
    fprintf(out, "marks %s\n", state.marks);
    fprintf(out, "status %s\n", sk_play_status_name(state.status));
    fprintf(out, "filled %d\n", sk_play_filled(game));
    fprintf(out, "conflicts %d\n", sk_play_conflicts(game, NULL));
    fprintf(out, "undo %zu\nredo %zu\n", sk_play_undo_depth(game), sk_play_redo_depth(game));
    fprintf(out, "hints %d\n", state.hints);
    fprintf(out, "time %" PRId64 ":%02d:%02d\n", sec / 3600, (int)(sec / 60 % 60), (int)(sec % 60));
    fprintf(out, "cursor %s\n", cursor);
    fprintf(out, "message %s\n", *sk_play_message(game) ? sk_play_message(game) : s->view.notice);
    sk_play_state_clear(&state);
}

/* Run the game until quit, the end of the script or a signal. Returns the
 * exit status. */
static int play_loop(play_session *s)
{
    int status = SK_EXIT_OK;
    clock_gettime(CLOCK_MONOTONIC, &s->last);
    for (;;) {
        if (play_signal)
            break;
        int key = 0, got;
        if (s->screen) {
            sk_play_screen_draw(s->game, &s->view);
            got = sk_play_screen_key(PLAY_TICK_MS, &key);
        } else {
            char tok[32];
            got = play_script_token(s, tok, sizeof tok);
            if (got == -1)
                break;
            if (got == -2) {
                status = sk_cli_fail("--keys: line %ld: cannot read the key script (a token "
                                     "longer than 31 characters or a read error)",
                                     s->keyline + 1);
                break;
            }
            if (got == 1 && sk_play_key_parse(tok, &key) != 0) {
                status = sk_cli_fail("--keys: line %ld: unknown key '%s' (keys: a character, "
                                     "up down left right del bs esc space ctrl-r)",
                                     s->keyline + 1, tok);
                break;
            }
        }
        play_tick(s);
        if (got != 1)
            continue;
        sk_play_result result = sk_play_key(s->game, key);
        if (result == SK_PLAY_MOVED || result == SK_PLAY_SAVE)
            play_save(s);
        if (result == SK_PLAY_QUIT)
            break;
    }
    play_tick(s);
    play_save(s);
    if (play_signal) {
        s->view.notice[0] = '\0';
        status = 128 + play_signal;
    }
    return s->view.alert && status == SK_EXIT_OK ? SK_EXIT_FAILURE : status;
}

/* Stop on SIGINT, SIGTERM and SIGHUP through the loop, which saves first. */
static void play_catch_signals(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = play_on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
}


static int play_parse_options(int argc, char **argv, play_options *opt)
{
    static const struct option longopts[] = {
        {"help", no_argument, NULL, 'h'},
        {"level", required_argument, NULL, 'l'},
        {"rating", required_argument, NULL, 'R'},
        {"id", required_argument, NULL, 'i'},
        {"puzzle", required_argument, NULL, 'p'},
        {"generate", no_argument, NULL, 'g'},
        {"resume", optional_argument, NULL, 'r'},
        {"keys", required_argument, NULL, 'k'},
        {"seed", required_argument, NULL, 'S'},
        {"solver", required_argument, NULL, 's'},
        {"generator", required_argument, NULL, 'G'},
        {"rater", required_argument, NULL, 'T'},
        {NULL, 0, NULL, 0},
    };
    long value;
    int opt_char;
    optind = 1;
    while ((opt_char = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        switch (opt_char) {
        case 'h':
            play_usage(stdout);
            return -1;
        case 'l':
            if (!sk_parse_long(optarg, 1, 5, &value)) {
                sk_cli_fail("play: --level wants 1..5, not '%s'", optarg);
                return SK_EXIT_USAGE;
            }
            opt->level = (int)value;
            break;
        case 'R':
        {
            char why[160];
            if (sk_parse_window(optarg, &opt->rating_min, &opt->rating_max, why, sizeof why)) {
                sk_cli_fail("play: --rating %s", why);
                return SK_EXIT_USAGE;
            }
        }
            opt->rating = true;
            break;
        case 'i':
            if (!sk_parse_long(optarg, 1, LONG_MAX, &value)) {
                sk_cli_fail("play: --id wants a puzzle id, not '%s'", optarg);
                return SK_EXIT_USAGE;
            }
            opt->puzzle_id = value;
            break;
        case 'p':
            opt->puzzle = optarg;
            break;
        case 'g':
            opt->generate = true;
            break;
        case 'r':
            opt->resume = true;
            if (!optarg && optind < argc && argv[optind][0] != '-')
                optarg = argv[optind++];
            if (optarg && !sk_parse_long(optarg, 1, LONG_MAX, &value)) {
                sk_cli_fail("play: --resume wants a game id, not '%s'", optarg);
                return SK_EXIT_USAGE;
            }
            opt->resume_id = optarg ? value : 0;
            break;
        case 'k':
            opt->keys = optarg;
            break;
        case 'S':
            if (!sk_parse_long(optarg, 0, LONG_MAX, &value)) {
                sk_cli_fail("play: --seed wants a number, not '%s'", optarg);
                return SK_EXIT_USAGE;
            }
            opt->seed = (uint64_t)value;
            opt->seeded = true;
            break;
        case 's':
            opt->solver = optarg;
            break;
        case 'G':
            opt->generator = optarg;
            break;
        case 'T':
            opt->rater = optarg;
            break;
        default:
            return SK_EXIT_USAGE;
        }
    }
    if (optind < argc) {
        sk_cli_fail("play: unexpected argument '%s' (see sudokit play --help)", argv[optind]);
        return SK_EXIT_USAGE;
    }
    int sources = (opt->puzzle != NULL) + (opt->puzzle_id != 0) + opt->generate + opt->resume;
    if (sources > 1) {
        sk_cli_fail("play: choose one of --id, --puzzle, --generate and --resume");
        return SK_EXIT_USAGE;
    }
    if (opt->level && opt->rating) {
        sk_cli_fail("play: choose --level or --rating, not both");
        return SK_EXIT_USAGE;
    }
    if ((opt->level || opt->rating) && (opt->puzzle || opt->puzzle_id || opt->resume)) {
        sk_cli_fail("play: --level and --rating choose a new puzzle; they do not go with "
                    "--id, --puzzle or --resume");
        return SK_EXIT_USAGE;
    }
    return 0;
}

/* Open the key script of --keys. */
static int play_open_keys(play_session *s, const char *path)
{
    if (strcmp(path, "-") == 0) {
        s->keys_fd = STDIN_FILENO;
        return 0;
    }
    s->keys_fd = open(path, O_RDONLY);
    if (s->keys_fd < 0)
        return sk_cli_fail("--keys: cannot open '%s': %s", path, strerror(errno));
    return 0;
}

/* "game 3, puzzle 12, human 2.3 level 1" */
static void play_title(play_session *s)
{
    snprintf(s->view.title, sizeof s->view.title, "game %" PRId64 ", puzzle %" PRId64 "%s",
             s->rec.id, s->rec.puzzle_id, s->rating);
}

/* Set up s->game from a saved game. */
static int play_resume(play_session *s, const play_options *opt)
{
    char err[256];
    if (sk_store_game_load(s->store, opt->resume_id, &s->rec, err, sizeof err) != 0)
        return sk_cli_fail("play: %s (see sudokit games)", err);
    play_row row;
    int found = play_find_puzzle(s, opt, s->rec.puzzle_id, &row);
    if (found <= 0)
        return found < 0 ? 1
                         : sk_cli_fail("play: game %" PRId64 ": puzzle %" PRId64
                                       " is gone from the database",
                                       s->rec.id, s->rec.puzzle_id);
    if (!row.has_solution &&
        play_solve_unique(s->cli, opt, &row.givens, &row.solution, "the saved puzzle") != 0)
        return 1;
    if (s->rec.status == SK_PLAY_ABANDONED) {
        fprintf(stderr, "sudokit: game %" PRId64 " was abandoned; playing it again\n", s->rec.id);
        s->rec.status = SK_PLAY_PLAYING;
    }
    if (sk_play_new(&row.givens, &row.solution, &s->game, err, sizeof err) != 0 ||
        sk_play_import(s->game, s->rec.cells, s->rec.marks, s->rec.history, s->rec.elapsed_ms,
                       s->rec.hints, s->rec.status, err, sizeof err) != 0)
        return sk_cli_fail("play: game %" PRId64 " cannot be restored: %s", s->rec.id, err);
    sk_game_record_clear(&s->rec);
    play_title(s);
    return 0;
}

/* Set up s->game on a new puzzle and insert its game row. */
static int play_start(play_session *s, const play_options *opt)
{
    sk_grid puzzle, solution;
    int64_t puzzle_id = opt->puzzle_id;
    char err[256];
    if (opt->puzzle || opt->generate) {
        if (opt->puzzle ? play_typed_puzzle(s->cli, opt, &puzzle, &solution)
                        : play_generated_puzzle(s->cli, opt, &puzzle, &solution))
            return 1;
        if (play_store_puzzle(s, &puzzle, &solution, opt, &puzzle_id) != 0)
            return 1;
        /* A puzzle stored before in another orientation is played as
         * stored, so that the game matches its puzzle row. */
        play_options plain = *opt;
        plain.level = 0;
        plain.rating = false;
        play_row row;
        int found = play_find_puzzle(s, &plain, puzzle_id, &row);
        if (found < 0)
            return 1;
        if (found && memcmp(&row.givens, &puzzle, sizeof puzzle) != 0) {
            fprintf(stderr,
                    "sudokit: this puzzle is stored already, transformed, as puzzle %" PRId64
                    "; playing the stored form\n",
                    puzzle_id);
            puzzle = row.givens;
            if (row.has_solution)
                solution = row.solution;
            else if (play_solve_unique(s->cli, opt, &puzzle, &solution, "the stored puzzle"))
                return 1;
        }
    } else {
        play_row row;
        int found = play_find_puzzle(s, opt, puzzle_id, &row);
        if (found < 0)
            return 1;
        if (found == 0 && (opt->level || opt->rating || puzzle_id))
            return sk_cli_fail("play: %s in the database%s",
                               puzzle_id ? "no such puzzle" : "no puzzle fits",
                               puzzle_id ? ""
                                         : "; try --generate with "
                                           "the same --level, or another window");
        if (found == 0) {
            play_options gen = *opt;
            gen.generate = true;
            fprintf(stderr, "sudokit: the database has no puzzle yet; generating one\n");
            return play_start(s, &gen);
        }
        puzzle = row.givens;
        puzzle_id = row.id;
        if (row.has_solution)
            solution = row.solution;
        else if (play_solve_unique(s->cli, opt, &puzzle, &solution, "the stored puzzle") != 0)
            return 1;
    }
    if (sk_play_new(&puzzle, &solution, &s->game, err, sizeof err) != 0)
        return sk_cli_fail("play: %s", err);
    s->rec.puzzle_id = puzzle_id;
    if (play_save(s) != 0)
        return sk_cli_fail("play: %s", s->view.notice);
    play_title(s);
    return 0;
}

int sk_cmd_play(sk_cli *cli, int argc, char **argv)
{
    play_options opt = {0};
    int rc = play_parse_options(argc, argv, &opt);
    if (rc != 0)
        return rc < 0 ? SK_EXIT_OK : rc;
    if (opt.resume && !opt.resume_id) {
        char *list_argv[] = {"games", "--unfinished", NULL};
        return sk_cmd_games(cli, 2, list_argv);
    }
    play_session s = {.cli = cli, .keys_fd = -1};
    char err[256];
    int status = SK_EXIT_FAILURE;
    if (sk_store_open(cli->db_path, &s.store, err, sizeof err) != 0) {
        sk_cli_fail("play: %s (choose another file with --db)", err);
        goto done;
    }
    if (opt.resume ? play_resume(&s, &opt) : play_start(&s, &opt))
        goto done;
    sk_host *host = sk_cli_host(cli);
    if (sk_host_find(host, SK_KIND_RATER, "human") &&
        sk_instance_new(host, SK_KIND_RATER, "human", NULL, NULL, &s.hint_rater, err, sizeof err) ==
            0)
        sk_play_set_hint_fn(s.game, play_hint, s.hint_rater);
    if (opt.keys && play_open_keys(&s, opt.keys) != 0)
        goto done;
    s.screen = opt.keys == NULL;
    play_catch_signals();
    if (s.screen && sk_play_screen_open(err, sizeof err) != 0) {
        sk_cli_fail("play: %s", err);
        goto done;
    }
    status = play_loop(&s);
    if (s.screen)
        sk_play_screen_close();
    else
        play_print(&s, stdout);
    if (s.view.alert)
        fprintf(stderr, "sudokit: %s\n", s.view.notice);
    else
        fprintf(stderr,
                "sudokit: game %" PRId64 " saved; resume it with `sudokit play "
                "--resume %" PRId64 "`\n",
                s.rec.id, s.rec.id);
done:
    if (s.keys_fd > STDIN_FILENO)
        close(s.keys_fd);
    sk_instance_free(s.hint_rater);
    sk_play_free(s.game);
    sk_game_record_clear(&s.rec);
    sk_store_close(s.store);
    return status;
}
