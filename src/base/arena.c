/* arena.c — a list of blocks; each allocation takes the next aligned bytes of the head
 * block, or a new block (at least 4 KiB, or the request's size). */
#include "base/arena.h"
#include "base/checked.h"

#include <string.h>

struct nnx_arena_block {
    nnx_arena_block *next;
    size_t used, size;
    _Alignas(16) unsigned char data[];
};

void nnx_arena_init(nnx_arena *arena, const nnx_alloc *alloc)
{
    arena->alloc = alloc;
    arena->head = NULL;
}

void nnx_arena_free(nnx_arena *arena)
{
    nnx_arena_block *b = arena->head;
    while (b) {
        nnx_arena_block *next = b->next;
        nnx_mem_free(arena->alloc, b);
        b = next;
    }
    arena->head = NULL;
}

void *nnx_arena_alloc(nnx_arena *arena, size_t size)
{
    size_t rounded;
    if (!nnx_add_size(size, 15, &rounded))
        return NULL;
    rounded &= ~(size_t)15;
    if (rounded == 0)
        rounded = 16;
    nnx_arena_block *b = arena->head;
    if (!b || b->size - b->used < rounded) {
        size_t cap = rounded > 4096 ? rounded : 4096, total;
        if (!nnx_add_size(cap, sizeof(nnx_arena_block), &total))
            return NULL;
        b = nnx_mem_alloc(arena->alloc, total);
        if (!b)
            return NULL;
        b->used = 0;
        b->size = cap;
        b->next = arena->head;
        arena->head = b;
    }
    void *p = b->data + b->used;
    b->used += rounded;
    memset(p, 0, rounded);
    return p;
}

void *nnx_arena_array(nnx_arena *arena, size_t count, size_t elem)
{
    size_t total;
    return nnx_mul_size(count, elem, &total) ? nnx_arena_alloc(arena, total) : NULL;
}

void *nnx_arena_memdup(nnx_arena *arena, const void *src, size_t size)
{
    void *p = nnx_arena_alloc(arena, size);
    if (p && size)
        memcpy(p, src, size);
    return p;
}

char *nnx_arena_strdup(nnx_arena *arena, const char *s) { return nnx_arena_memdup(arena, s, strlen(s) + 1); }
