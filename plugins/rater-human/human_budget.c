/* Work budget of the human rater: chain steps counted, a wall-clock deadline as a safety. */
#include "human.h"

#include <time.h>

double human_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void human_budget_check_clock(human_budget *b)
{
    if (b->deadline > 0 && human_now() > b->deadline)
        b->timed_out = true;
}
