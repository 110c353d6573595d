/* The starter collection: filling a database with seeds/starter.txt. */
#include <stdio.h>

#include "cli.h"
#include "sudokit/reader.h"

int sk_cli_seed_store(sk_cli *cli, sk_store *store)
{
    char err[1024];
    sk_host *host = sk_cli_host(cli);
    const sk_host_strategy *classic = sk_host_find(host, SK_KIND_RATER, "classic");
    if (!classic)
        return sk_cli_fail("db init --seeds: the classic rater plugin is missing "
                           "(see sudokit plugins)");
    sk_instance_config config = {.verify = true};
    sk_instance *rater = NULL, *solver = NULL;
    sk_reader *reader = NULL;
    int status = SK_EXIT_FAILURE;
    unsigned long added = 0, duplicates = 0;
    const char *solver_name = sk_host_default_name(host, SK_KIND_SOLVER);
    if (!solver_name) {
        sk_cli_fail("db init --seeds: no solver plugin found (see sudokit plugins)");
        goto done;
    }
    if (sk_instance_new(host, SK_KIND_RATER, "classic", NULL, &config, &rater, err, sizeof err) ||
        sk_instance_new(host, SK_KIND_SOLVER, solver_name, NULL, &config, &solver, err,
                        sizeof err)) {
        sk_cli_fail("db init --seeds: %s", err);
        goto done;
    }
    reader = sk_reader_from_string(sk_seeds_starter, "seeds/starter.txt");
    if (!reader || sk_store_begin(store, err, sizeof err)) {
        sk_cli_fail("db init --seeds: %s", reader ? err : "out of memory");
        goto done;
    }
    sk_grid puzzle, solution;
    sk_read_status read;
    while ((read = sk_reader_next(reader, &puzzle)) != SK_READ_END) {
        sk_rating rating;
        int found = read == SK_READ_OK
                        ? sk_instance_solve(solver, &puzzle, 2, &solution, NULL, err, sizeof err)
                        : -1;
        if (found != 1 ||
            sk_instance_rate(rater, &puzzle, &rating, NULL, NULL, err, sizeof err) != SK_OK) {
            sk_cli_fail("db init --seeds: %s", read != SK_READ_OK ? sk_reader_error(reader)
                                               : found == 1      ? err
                                                                 : "a seed puzzle is not unique");
            sk_store_rollback(store, err, sizeof err);
            goto done;
        }
        sk_puzzle_record record;
        sk_puzzle_record_init(&record);
        record.givens = puzzle;
        record.solution = &solution;
        record.strategy = "dig";
        record.source = "seeds/starter.txt";
        int64_t id;
        bool duplicate;
        if (sk_store_add_puzzle(store, &record, &id, &duplicate, err, sizeof err) ||
            (!duplicate && sk_store_add_rating(store, id, "classic", classic->plugin_version,
                                               &rating, err, sizeof err))) {
            sk_cli_fail("db init --seeds: %s", err);
            sk_store_rollback(store, err, sizeof err);
            goto done;
        }
        duplicate ? duplicates++ : added++;
    }
    if (sk_store_commit(store, err, sizeof err)) {
        sk_cli_fail("db init --seeds: %s", err);
        goto done;
    }
    printf("starter collection: %lu added, %lu already stored\n", added, duplicates);
    status = SK_EXIT_OK;
done:
    sk_reader_close(reader);
    sk_instance_free(solver);
    sk_instance_free(rater);
    return status;
}
