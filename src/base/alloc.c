/* alloc.c — libc defaults for the allocator hook, aligned buffers and growable arrays.
 * Aligned blocks store the hook's own pointer just before the aligned address. */
#include "base/alloc.h"
#include "base/checked.h"

#include <stdlib.h>
#include <string.h>

static void *libc_alloc(void *user, size_t size)
{
    (void)user;
    return malloc(size ? size : 1);
}
static void *libc_realloc(void *user, void *p, size_t size)
{
    (void)user;
    return realloc(p, size ? size : 1);
}
static void libc_free(void *user, void *p)
{
    (void)user;
    free(p);
}

bool nnx_alloc_init(nnx_alloc *a, const nnx_allocator *hook)
{
    if (!hook || (!hook->alloc && !hook->realloc && !hook->free)) {
        a->hook = (nnx_allocator){libc_alloc, libc_realloc, libc_free, NULL};
        return true;
    }
    if (!hook->alloc || !hook->realloc || !hook->free)
        return false;
    a->hook = *hook;
    return true;
}

void *nnx_mem_alloc(const nnx_alloc *a, size_t size) { return a->hook.alloc(a->hook.user, size); }

void *nnx_mem_calloc(const nnx_alloc *a, size_t count, size_t size)
{
    size_t total;
    if (!nnx_mul_size(count, size, &total))
        return NULL;
    void *p = nnx_mem_alloc(a, total);
    if (p)
        memset(p, 0, total);
    return p;
}

void *nnx_mem_realloc(const nnx_alloc *a, void *ptr, size_t size) { return a->hook.realloc(a->hook.user, ptr, size); }

void nnx_mem_free(const nnx_alloc *a, void *ptr)
{
    if (ptr)
        a->hook.free(a->hook.user, ptr);
}

void *nnx_mem_alloc_aligned(const nnx_alloc *a, size_t size)
{
    size_t total;
    if (!nnx_add_size(size, NNX_BUFFER_ALIGN + sizeof(void *), &total))
        return NULL;
    unsigned char *raw = nnx_mem_alloc(a, total);
    if (!raw)
        return NULL;
    uintptr_t p = ((uintptr_t)raw + sizeof(void *) + NNX_BUFFER_ALIGN - 1) & ~(uintptr_t)(NNX_BUFFER_ALIGN - 1);
    ((void **)p)[-1] = raw;
    memset((void *)p, 0, size);
    return (void *)p;
}

void nnx_mem_free_aligned(const nnx_alloc *a, void *ptr)
{
    if (ptr)
        nnx_mem_free(a, ((void **)ptr)[-1]);
}

char *nnx_mem_strdup(const nnx_alloc *a, const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = nnx_mem_alloc(a, n);
    if (d)
        memcpy(d, s, n);
    return d;
}

bool nnx_mem_reserve(const nnx_alloc *a, void **items, uint32_t *cap, uint32_t need, size_t elem)
{
    if (need <= *cap)
        return true;
    uint64_t grown = *cap ? (uint64_t)*cap * 2 : 8;
    if (grown < need)
        grown = need;
    if (grown > UINT32_MAX)
        grown = UINT32_MAX;
    size_t bytes;
    if (!nnx_mul_size((size_t)grown, elem, &bytes))
        return false;
    void *p = nnx_mem_realloc(a, *items, bytes);
    if (!p)
        return false;
    *items = p;
    *cap = (uint32_t)grown;
    return true;
}
