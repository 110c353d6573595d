/* Shards: the part of a run that `--shard K/N` does, one rule for
 * generate, rate and solve. */
#include "op.h"

sk_shard sk_shard_of(const sk_value *value)
{
    sk_shard shard = {value->shard, value->shards ? value->shards : 1};
    return shard;
}

void sk_shard_block(sk_shard shard, uint64_t total, uint64_t *first, uint64_t *end)
{
    uint64_t size = total / shard.count, longer = total % shard.count;
    uint64_t k = shard.index;
    *first = k * size + (k < longer ? k : longer);
    *end = *first + size + (k < longer ? 1 : 0);
}

bool sk_shard_continues(sk_shard shard)
{
    return shard.index > 0;
}
