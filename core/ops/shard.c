/* Shards: the part of a run that `--shard K/N` does, one rule for
 * generate, rate and solve. */
#include "op.h"

ski_shard ski_shard_of(const sk_value *value)
{
    ski_shard shard = {value->shard, value->shards ? value->shards : 1};
    return shard;
}

void ski_shard_block(ski_shard shard, uint64_t total, uint64_t *first, uint64_t *end)
{
    uint64_t size = total / shard.count, longer = total % shard.count;
    uint64_t k = shard.index;
    *first = k * size + (k < longer ? k : longer);
    *end = *first + size + (k < longer ? 1 : 0);
}

bool ski_shard_continues(ski_shard shard)
{
    return shard.index > 0;
}
