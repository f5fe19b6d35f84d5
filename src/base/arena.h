/* arena.h — bump allocation of small, same-lifetime objects (nodes' lists, names, labels,
 * operands), released all at once. Blocks come from the allocator hook. */
#ifndef NNX_BASE_ARENA_H
#define NNX_BASE_ARENA_H

#include "base/alloc.h"

typedef struct nnx_arena_block nnx_arena_block;

typedef struct nnx_arena {
    const nnx_alloc *alloc;
    nnx_arena_block *head;
} nnx_arena;

void nnx_arena_init(nnx_arena *arena, const nnx_alloc *alloc);
void nnx_arena_free(nnx_arena *arena);
/* size bytes, zero-filled, 16-byte aligned; NULL on allocation failure or overflow. */
void *nnx_arena_alloc(nnx_arena *arena, size_t size);
void *nnx_arena_array(nnx_arena *arena, size_t count, size_t elem);
char *nnx_arena_strdup(nnx_arena *arena, const char *s);
void *nnx_arena_memdup(nnx_arena *arena, const void *src, size_t size);

#endif
