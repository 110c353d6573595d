/* The puzzle database: the columns of a puzzle under rules other than
 * classic (its normalised spec, the grids as text, the canonical form under
 * the rules' symmetry, clue count and symmetry of the givens). */
#include "store_internal.h"

#include <string.h>

#include "sudokit/rules.h"

/* The clues of the n*n cells of board. */
static int store_rules_clues(const sk_board *board, int cells)
{
    int clues = 0;
    for (int i = 0; i < cells; i++)
        clues += board->cells[i] != 0;
    return clues;
}

int store_rules_columns(sk_store *store, const sk_puzzle_record *rec, store_puzzle_columns *out,
                        sk_error *err)
{
    const sk_rules *rules = rec->rules;
    sk_rules_break broken;
    memset(out, 0, sizeof *out);
    if (!sk_rules_check_givens(rules, rec->givens_board, &broken))
        return sk_error_set(err, SK_EXIT_FAILURE, "cannot store a puzzle that breaks the rules: %s",
                          broken.why);
    if (rec->solution_board && !sk_rules_solves(rules, rec->givens_board, rec->solution_board))
        return sk_error_set(err, SK_EXIT_FAILURE, "cannot store a puzzle with a solution that does not solve it");
    char why[300];
    sk_rules_image image;
    if (sk_rules_least_image(store->rules_host, rules, rec->givens_board, rec->solution_board,
                             &image, why, sizeof why) != 0)
        return sk_error_set(err, SK_EXIT_FAILURE, "cannot find the canonical form of a puzzle under '%s': %s",
                          sk_rules_spec(rules), why);
    int n = (int)sk_rules_size(image.rules);
    out->image_rules = image.rules; /* the reference moves to out */
    out->rules = sk_rules_spec(image.rules);
    out->cells = n * n;
    sk_rules_format_board(image.rules, &image.givens, out->givens, true);
    sk_rules_format_board(image.rules, &image.canonical, out->canonical, true);
    out->has_solution = rec->solution_board != NULL;
    if (out->has_solution)
        sk_rules_format_board(image.rules, &image.solution, out->solution, true);
    out->clues = store_rules_clues(&image.givens, out->cells);
    out->symmetry = store_cells_symmetry(image.givens.cells, n);
    return 0;
}

void store_columns_free(store_puzzle_columns *columns)
{
    sk_rules_free(columns->image_rules);
    columns->image_rules = NULL;
}

/* Read text, a stored grid of N*N characters, into out. 0, or -1. */
static int store_rules_board(const sk_rules *rules, const char *text, sk_board *out)
{
    size_t column;
    return text && sk_rules_parse_board(rules, text, strlen(text), out, &column) == 0 ? 0 : -1;
}

/* The givens and solution of a stored row under rules, checked and made
 * into columns again. 0, or -1 with why. */
static int store_rules_recompute(sk_store *store, const sk_rules *rules,
                                 const store_stored_row *row, store_puzzle_columns *out,
                                 sk_error *why)
{
    sk_board givens, solution;
    sk_puzzle_record rec;
    sk_puzzle_record_init(&rec);
    if (store_rules_board(rules, row->givens, &givens) != 0)
        return sk_error_set(why, SK_EXIT_FAILURE, "givens are not a grid of the rules '%s'", row->rules);
    if (row->solution && store_rules_board(rules, row->solution, &solution) != 0)
        return sk_error_set(why, SK_EXIT_FAILURE, "the stored solution is not a grid of the rules '%s'",
                          row->rules);
    sk_rules_break broken;
    if (!sk_rules_check_givens(rules, &givens, &broken))
        return sk_error_set(why, SK_EXIT_FAILURE, "givens break the rules: %s", broken.why);
    if (row->solution && !sk_rules_solves(rules, &givens, &solution))
        return sk_error_set(why, SK_EXIT_FAILURE, "the stored solution does not solve the givens");
    rec.rules = rules;
    rec.givens_board = &givens;
    rec.solution_board = row->solution ? &solution : NULL;
    return store_rules_columns(store, &rec, out, why);
}

int store_rules_row_columns(sk_store *store, const store_stored_row *row,
                            store_puzzle_columns *out, sk_error *why)
{
    const sk_rules *rules = NULL;
    sk_rules_error error;
    out->image_rules = NULL;
    if (!store->rules_host)
        return sk_error_set(why, SK_EXIT_FAILURE, "under the rules '%s', which this store cannot compile "
                          "(it has no constraint plugins)", row->rules);
    if (sk_rules_compile(store->rules_host, row->rules, &rules, &error) != 0) {
        char text[600];
        sk_rules_error_text(&error, text, sizeof text);
        return sk_error_set(why, SK_EXIT_FAILURE, "its rules '%s' do not compile: %s", row->rules, text);
    }
    int rc = store_rules_recompute(store, rules, row, out, why);
    if (rc == 0 && strcmp(sk_rules_spec(rules), row->rules) != 0)
        rc = sk_error_set(why, SK_EXIT_FAILURE, "its rules '%s' are not written as the normalised '%s'",
                        row->rules, sk_rules_spec(rules));
    if (rc != 0)
        store_columns_free(out);
    sk_rules_free(rules);
    return rc;
}

int store_rules_check_row(sk_store *store, const store_stored_row *row, sk_error *why)
{
    store_puzzle_columns want;
    int rc = store_rules_row_columns(store, row, &want, why);
    if (rc == 0 && (strcmp(want.rules, row->rules) != 0 ||
                    strcmp(want.givens, row->givens) != 0))
        rc = sk_error_set(why, SK_EXIT_FAILURE, "it is not stored turned as its key wants (rules '%s', givens "
                        "%s): a database written before turned images were one puzzle; "
                        "`sudokit db merge NEW.db THIS.db` stores every row turned so",
                        want.rules, want.givens);
    else if (rc == 0 && (!row->canonical || strcmp(row->canonical, want.canonical) != 0))
        rc = sk_error_set(why, SK_EXIT_FAILURE, "canonical form is %s, recomputed %s",
                        row->canonical ? row->canonical : "(null)", want.canonical);
    else if (rc == 0 && row->clues != want.clues)
        rc = sk_error_set(why, SK_EXIT_FAILURE, "clue count is %d, the givens have %d", row->clues,
                        want.clues);
    else if (rc == 0 && (!row->symmetry ||
                         strcmp(row->symmetry, sk_grid_symmetry_names[want.symmetry]) != 0))
        rc = sk_error_set(why, SK_EXIT_FAILURE, "symmetry is %s, the givens have %s",
                        row->symmetry ? row->symmetry : "(null)",
                        sk_grid_symmetry_names[want.symmetry]);
    store_columns_free(&want);
    return rc;
}
