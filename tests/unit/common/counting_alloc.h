/* counting_alloc.h — test helper: an allocator hook over libc that counts calls and live
 * blocks and fails call number fail_at (1-based; 0 fails none) for the allocation-failure
 * tests. A failed call changes no block; realloc of NULL is a new block; largest is the
 * biggest size asked for by a call that was not failed. Include after <cmocka.h>. */
#ifndef NNX_TESTS_COUNTING_ALLOC_H
#define NNX_TESTS_COUNTING_ALLOC_H

#include <stdlib.h>

#include "base/alloc.h"

typedef struct counting_alloc {
    long calls, fail_at, live;
    size_t largest;
} counting_alloc;

static inline void *counting_alloc_alloc(void *user, size_t size)
{
    counting_alloc *c = user;
    if (++c->calls == c->fail_at)
        return NULL;
    void *p = malloc(size);
    c->live += p != NULL;
    if (size > c->largest)
        c->largest = size;
    return p;
}

static inline void *counting_alloc_realloc(void *user, void *ptr, size_t size)
{
    counting_alloc *c = user;
    if (++c->calls == c->fail_at)
        return NULL;
    void *p = realloc(ptr, size);
    c->live += p && !ptr;
    if (size > c->largest)
        c->largest = size;
    return p;
}

static inline void counting_alloc_free(void *user, void *ptr)
{
    counting_alloc *c = user;
    c->live -= ptr != NULL;
    free(ptr);
}

/* The public hook (nnx_context_options.allocator and the like) over c. */
static inline nnx_allocator counting_alloc_hook(counting_alloc *c)
{
    return (nnx_allocator){counting_alloc_alloc, counting_alloc_realloc, counting_alloc_free, c};
}

/* The library's internal allocator over c. */
static inline nnx_alloc counting_alloc_wrap(counting_alloc *c)
{
    nnx_alloc a;
    nnx_allocator hook = counting_alloc_hook(c);
    assert_true(nnx_alloc_init(&a, &hook));
    return a;
}

#endif
