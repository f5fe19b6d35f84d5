/* strmap.c — the string map of strmap.h, apart from its inline lookup: growing (the table
 * doubles, from 16 slots, before the load would pass 1/2), clearing and adding keys. */
#include "base/strmap.h"

#include <string.h>

void nnx_strmap_init(nnx_strmap *m, const nnx_alloc *alloc, bool fold_case)
{
    *m = (nnx_strmap){.alloc = alloc, .fold_case = fold_case};
}

void nnx_strmap_free(nnx_strmap *m)
{
    nnx_mem_free(m->alloc, m->keys);
    nnx_mem_free(m->alloc, m->values);
    nnx_strmap_init(m, m->alloc, m->fold_case);
}

bool nnx_strmap_reserve(nnx_strmap *m, uint32_t n)
{
    if (n > NNX_STRMAP_MAX_KEYS)
        return false;
    if (n <= m->cap / 2)
        return true;
    uint32_t cap = m->cap ? m->cap : 16;
    while (cap / 2 < n)
        cap *= 2; /* n <= 2^30, so cap <= 2^31 */
    nnx_strmap next = {.alloc = m->alloc, .cap = cap, .count = m->count, .fold_case = m->fold_case};
    next.keys = nnx_mem_calloc(m->alloc, cap, sizeof *next.keys);
    next.values = nnx_mem_calloc(m->alloc, cap, sizeof *next.values);
    if (!next.keys || !next.values) {
        nnx_strmap_free(&next);
        return false;
    }
    for (uint32_t i = 0; i < m->cap; i++) {
        if (!m->keys[i])
            continue;
        uint32_t j = nnx_strmap_slot_(&next, m->keys[i]);
        next.keys[j] = m->keys[i];
        next.values[j] = m->values[i];
    }
    nnx_strmap_free(m);
    *m = next;
    return true;
}

void nnx_strmap_clear(nnx_strmap *m)
{
    if (m->cap)
        memset(m->keys, 0, (size_t)m->cap * sizeof *m->keys);
    m->count = 0;
}

uintptr_t *nnx_strmap_put(nnx_strmap *m, const char *key, bool *added)
{
    if (added)
        *added = false;
    uint32_t i = 0;
    if (m->cap) {
        i = nnx_strmap_slot_(m, key);
        if (m->keys[i])
            return &m->values[i];
    }
    if (m->count + 1 > m->cap / 2) { /* growing moves the slots: find the free one again */
        if (!nnx_strmap_reserve(m, m->count + 1))
            return NULL;
        i = nnx_strmap_slot_(m, key);
    }
    m->keys[i] = key;
    m->values[i] = 0;
    m->count++;
    if (added)
        *added = true;
    return &m->values[i];
}
