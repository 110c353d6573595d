/* `sudokit games`: list saved and finished games with their puzzle's rating. */
#include <getopt.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "games.h"
#include "sudokit/store.h"

typedef struct games_pick {
    char name[64];
    int64_t ratings;
} games_pick;

static int games_on_rater(void *user, const char *rater, const char *version, int64_t ratings,
                          double score_min, double score_max)
{
    (void)version, (void)score_min, (void)score_max;
    games_pick *pick = user;
    bool human = strcmp(rater, "human") == 0;
    if (strcmp(pick->name, "human") != 0 && (human || ratings > pick->ratings)) {
        snprintf(pick->name, sizeof pick->name, "%s", rater);
        pick->ratings = ratings;
    }
    return 0;
}

void sk_games_pick_rater(sk_store *store, const char *wanted, char *name, size_t len)
{
    games_pick pick = {"", 0};
    if (wanted)
        snprintf(pick.name, sizeof pick.name, "%s", wanted);
    else
        sk_store_raters(store, games_on_rater, &pick, NULL, 0);
    snprintf(name, len, "%s", pick.name);
}

/* What the listing needs while it walks the games. */
typedef struct games_list {
    sk_store *store;
    const char *rater;  /* "" for none */
    bool unfinished;    /* only games still being played */
    const char *status; /* only this status, NULL for any */
    long count;
    long limit; /* 0 = no limit */
} games_list;

typedef struct games_rating {
    bool rated;
    double score;
    int level;
} games_rating;

static int games_on_puzzle(void *user, const sk_puzzle_row *row)
{
    games_rating *r = user;
    r->rated = row->rated;
    r->score = row->score;
    r->level = row->level;
    return 1;
}

static int games_on_game(void *user, const sk_game_record *rec)
{
    games_list *list = user;
    const char *status = sk_play_status_name(rec->status);
    if ((list->unfinished && rec->status != SK_PLAY_PLAYING) ||
        (list->status && strcmp(list->status, status) != 0))
        return 0;
    if (list->limit && list->count >= list->limit)
        return 1;
    if (list->count++ == 0)
        printf("%6s %7s  %-14s %6s %9s  %-9s %s\n", "game", "puzzle", "rating", "filled", "time",
               "status", "last played (UTC)");
    games_rating r = {false, 0, 0};
    char rating[32] = "-";
    if (list->rater[0]) {
        sk_query q;
        sk_query_init(&q);
        q.id = rec->puzzle_id;
        q.rater = list->rater;
        sk_store_query(list->store, &q, games_on_puzzle, &r, NULL, 0);
        if (r.rated)
            snprintf(rating, sizeof rating, "%.1f (level %d)", r.score, r.level);
    }
    int filled = 0;
    for (int i = 0; i < 81; i++)
        filled += rec->cells[i] >= '1' && rec->cells[i] <= '9';
    int64_t s = rec->elapsed_ms / 1000;
    char when[20];
    snprintf(when, sizeof when, "%.16s", rec->updated);
    if (when[10] == 'T')
        when[10] = ' ';
    printf("%6" PRId64 " %7" PRId64 "  %-14s %3d/81 %3" PRId64 ":%02d:%02d  %-9s %s\n", rec->id,
           rec->puzzle_id, rating, filled, s / 3600, (int)(s / 60 % 60), (int)(s % 60), status,
           when);
    return 0;
}

static void games_usage(FILE *out)
{
    fputs("usage: sudokit games [--unfinished | --status S] [--rater NAME] [--limit N]\n"
          "       sudokit games --abandon GAME_ID\n"
          "List saved and finished games, most recently played first: game id, puzzle id,\n"
          "the puzzle's rating, filled cells, time played, status and when last played.\n"
          "Resume one with `sudokit play --resume GAME_ID`.\n"
          "  --unfinished    only games still being played\n"
          "  --status S      only games with status S (playing, solved, abandoned)\n"
          "  --rater NAME    show ratings by this rater (default: human when it rated\n"
          "                  puzzles, else the rater with the most ratings)\n"
          "  --limit N       at most N games\n"
          "  --abandon ID    mark game ID abandoned (it leaves the unfinished games)\n",
          out);
}

/* Mark game id abandoned: it leaves the unfinished games but stays listed,
 * and `play --resume` takes it up again. */
static int games_abandon(sk_store *store, long id)
{
    sk_game_record rec;
    memset(&rec, 0, sizeof rec);
    char err[256];
    int status = SK_EXIT_FAILURE;
    if (sk_store_game_load(store, id, &rec, err, sizeof err) != 0) {
        sk_cli_fail("games: %s", err);
        goto done;
    }
    if (rec.status != SK_PLAY_PLAYING) {
        sk_cli_fail("games: game %ld is %s; only a game being played can be abandoned", id,
                    sk_play_status_name(rec.status));
        goto done;
    }
    rec.status = SK_PLAY_ABANDONED;
    if (sk_store_game_save(store, &rec, err, sizeof err) != 0) {
        sk_cli_fail("games: %s", err);
        goto done;
    }
    printf("Game %ld abandoned; `sudokit play --resume %ld` takes it up again.\n", id, id);
    status = SK_EXIT_OK;
done:
    sk_game_record_clear(&rec);
    return status;
}

int sk_cmd_games(sk_cli *cli, int argc, char **argv)
{
    static const struct option longopts[] = {
        {"help", no_argument, NULL, 'h'},
        {"unfinished", no_argument, NULL, 'u'},
        {"status", required_argument, NULL, 's'},
        {"rater", required_argument, NULL, 'r'},
        {"limit", required_argument, NULL, 'l'},
        {"abandon", required_argument, NULL, 'a'},
        {NULL, 0, NULL, 0},
    };
    games_list list = {0};
    const char *rater = NULL;
    long abandon = 0;
    sk_play_status parsed;
    int opt;
    optind = 1;
    while ((opt = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        switch (opt) {
        case 'h':
            games_usage(stdout);
            return SK_EXIT_OK;
        case 'u':
            list.unfinished = true;
            break;
        case 's':
            if (sk_play_status_parse(optarg, &parsed) != 0) {
                sk_cli_fail("games: unknown status '%s' (playing, solved or abandoned)", optarg);
                return SK_EXIT_USAGE;
            }
            list.status = optarg;
            break;
        case 'r':
            rater = optarg;
            break;
        case 'l':
            if (!sk_parse_long(optarg, 1, 1000000000L, &list.limit)) {
                sk_cli_fail("games: --limit wants a positive number, not '%s'", optarg);
                return SK_EXIT_USAGE;
            }
            break;
        case 'a':
            if (!sk_parse_long(optarg, 1, LONG_MAX, &abandon)) {
                sk_cli_fail("games: --abandon wants a game id, not '%s'", optarg);
                return SK_EXIT_USAGE;
            }
            break;
        default:
            return SK_EXIT_USAGE;
        }
    }
    if (optind < argc) {
        sk_cli_fail("games: unexpected argument '%s' (see sudokit games --help)", argv[optind]);
        return SK_EXIT_USAGE;
    }
    char err[256], rater_name[64];
    if (sk_store_open(cli->db_path, &list.store, err, sizeof err) != 0)
        return sk_cli_fail("games: %s (choose another file with --db)", err);
    if (abandon) {
        int status = games_abandon(list.store, abandon);
        sk_store_close(list.store);
        return status;
    }
    sk_games_pick_rater(list.store, rater, rater_name, sizeof rater_name);
    list.rater = rater_name;
    int rc = sk_store_game_list(list.store, games_on_game, &list, err, sizeof err);
    sk_store_close(list.store);
    if (rc < 0)
        return sk_cli_fail("games: %s", err);
    if (list.count == 0) {
        const char *which = list.unfinished ? "unfinished " : list.status ? "such " : "";
        printf("No %sgames saved yet; start one with `sudokit play`.\n", which);
    }
    return SK_EXIT_OK;
}
