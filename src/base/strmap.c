/* strmap.c — the string map of strmap.h: FNV-1a (32-bit) over the key's bytes, lower-cased
 * when the map folds case; linear probing; the table doubles, from 16 slots, before the
 * load would pass 1/2. */
#include "base/strmap.h"

#include <string.h>

static unsigned char fold(unsigned char ch, bool fold_case)
{
    return fold_case && ch >= 'A' && ch <= 'Z' ? (unsigned char)(ch + 32) : ch;
}

static uint32_t hash_key(const char *key, bool fold_case)
{
    uint32_t h = 2166136261u;
    for (const unsigned char *p = (const unsigned char *)key; *p; p++)
        h = (h ^ fold(*p, fold_case)) * 16777619u;
    return h;
}

static bool same_key(const char *a, const char *b, bool fold_case)
{
    if (!fold_case)
        return strcmp(a, b) == 0;
    for (;; a++, b++) {
        unsigned char x = fold((unsigned char)*a, true), y = fold((unsigned char)*b, true);
        if (x != y)
            return false;
        if (!x)
            return true;
    }
}

/* The slot holding key, or the free slot where it would go (m->cap > 0). */
static uint32_t slot_of(const nnx_strmap *m, const char *key)
{
    uint32_t mask = m->cap - 1, i = hash_key(key, m->fold_case) & mask;
    while (m->keys[i] && !same_key(m->keys[i], key, m->fold_case))
        i = (i + 1) & mask;
    return i;
}

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
        uint32_t j = slot_of(&next, m->keys[i]);
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

bool nnx_strmap_get(const nnx_strmap *m, const char *key, uintptr_t *value)
{
    if (!m->cap)
        return false;
    uint32_t i = slot_of(m, key);
    if (!m->keys[i])
        return false;
    if (value)
        *value = m->values[i];
    return true;
}

uintptr_t *nnx_strmap_put(nnx_strmap *m, const char *key, bool *added)
{
    if (added)
        *added = false;
    if (m->cap) {
        uint32_t i = slot_of(m, key);
        if (m->keys[i])
            return &m->values[i];
    }
    if (!nnx_strmap_reserve(m, m->count + 1))
        return NULL;
    uint32_t i = slot_of(m, key);
    m->keys[i] = key;
    m->values[i] = 0;
    m->count++;
    if (added)
        *added = true;
    return &m->values[i];
}
