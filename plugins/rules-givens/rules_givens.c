/* rules-givens: whether the givens of a puzzle break its rules outright. */
#include "rules_givens.h"

bool rules_givens_ok(const sk_rules *rules, const sk_board *puzzle)
{
    uint32_t cells = rules->size * rules->size;
    for (uint32_t c = 0; c < cells; c++) {
        uint8_t d = puzzle->cells[c];
        if (d > rules->size)
            return false;
        for (uint32_t k = rules->peer_start[c]; d && k < rules->peer_start[c + 1]; k++)
            if (puzzle->cells[rules->peers[k]] == d)
                return false;
    }
    return true;
}
