/* strmap.h — a map from NUL-terminated strings to uintptr_t values (an index into the
 * caller's array, or a pointer): open addressing with linear probing over an FNV-1a hash,
 * load at most 1/2, optionally hashing and comparing keys ignoring ASCII case. Keys are
 * borrowed and must outlive the map. Memory comes from an nnx_alloc; no global state. */
#ifndef NNX_BASE_STRMAP_H
#define NNX_BASE_STRMAP_H

#include "base/alloc.h"

#include <string.h>

/* At most this many keys (the slot count stays within uint32_t). */
#define NNX_STRMAP_MAX_KEYS (UINT32_C(1) << 30)

typedef struct nnx_strmap {
    const nnx_alloc *alloc;
    const char **keys; /* per slot: the key, NULL when free */
    uintptr_t *values; /* per slot */
    uint32_t cap;      /* 0 or a power of two */
    uint32_t count;
    bool fold_case; /* "Key" and "key" are the same key */
} nnx_strmap;

void nnx_strmap_init(nnx_strmap *m, const nnx_alloc *alloc, bool fold_case);
void nnx_strmap_free(nnx_strmap *m); /* leaves an empty map, ready for use again */

/* Room for n keys in all without growing; false when out of memory or n is past the bound. */
bool nnx_strmap_reserve(nnx_strmap *m, uint32_t n);

/* Removes every key, keeping the room (so adding that many again never allocates). */
void nnx_strmap_clear(nnx_strmap *m);

/* The lookup is inline: it runs for every name a front end reads. nnx_strmap_*_ are its
 * internals. */
static inline unsigned char nnx_strmap_fold_(unsigned char ch, bool fold_case)
{
    return fold_case && ch >= 'A' && ch <= 'Z' ? (unsigned char)(ch + 32) : ch;
}

static inline uint32_t nnx_strmap_hash_(const char *key, bool fold_case)
{
    uint32_t h = 2166136261u;
    const unsigned char *p = (const unsigned char *)key;
    if (fold_case)
        for (; *p; p++)
            h = (h ^ nnx_strmap_fold_(*p, true)) * 16777619u;
    else
        for (; *p; p++)
            h = (h ^ *p) * 16777619u;
    return h;
}

static inline bool nnx_strmap_same_(const char *a, const char *b, bool fold_case)
{
    if (!fold_case)
        return strcmp(a, b) == 0;
    for (;; a++, b++) {
        unsigned char x = nnx_strmap_fold_((unsigned char)*a, true);
        unsigned char y = nnx_strmap_fold_((unsigned char)*b, true);
        if (x != y)
            return false;
        if (!x)
            return true;
    }
}

/* The slot holding key, or the free slot where it would go (m->cap > 0). */
static inline uint32_t nnx_strmap_slot_(const nnx_strmap *m, const char *key)
{
    uint32_t mask = m->cap - 1, i = nnx_strmap_hash_(key, m->fold_case) & mask;
    while (m->keys[i] && !nnx_strmap_same_(m->keys[i], key, m->fold_case))
        i = (i + 1) & mask;
    return i;
}

/* The value of key in *value (may be NULL); false when key is absent. */
static inline bool nnx_strmap_get(const nnx_strmap *m, const char *key, uintptr_t *value)
{
    if (!m->cap)
        return false;
    uint32_t i = nnx_strmap_slot_(m, key);
    if (!m->keys[i])
        return false;
    if (value)
        *value = m->values[i];
    return true;
}

/* The value of key, for the caller to read or write; when key is absent it is added with
 * value 0 and *added (may be NULL) is set. NULL when out of memory or at the bound. */
uintptr_t *nnx_strmap_put(nnx_strmap *m, const char *key, bool *added);

#endif
