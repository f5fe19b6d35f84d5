/* alloc.h — the allocator every part of the library goes through: the context's hook or
 * libc. Aligned allocations (for kernel buffers) are carved from the hook by over-
 * allocation. A NULL return always means "out of memory" for the caller to report. */
#ifndef NNX_BASE_ALLOC_H
#define NNX_BASE_ALLOC_H

#include "nnx.h"

#define NNX_BUFFER_ALIGN 64

typedef struct nnx_alloc {
    nnx_allocator hook; /* always complete: defaults filled in */
} nnx_alloc;

/* Fills in libc for a zeroed hook; returns false for a partial hook (some members NULL). */
bool nnx_alloc_init(nnx_alloc *a, const nnx_allocator *hook);

void *nnx_mem_alloc(const nnx_alloc *a, size_t size);
void *nnx_mem_calloc(const nnx_alloc *a, size_t count, size_t size); /* overflow -> NULL */
void *nnx_mem_realloc(const nnx_alloc *a, void *ptr, size_t size);
void nnx_mem_free(const nnx_alloc *a, void *ptr);
/* size bytes aligned to NNX_BUFFER_ALIGN, zero-filled; free with nnx_mem_free_aligned. */
void *nnx_mem_alloc_aligned(const nnx_alloc *a, size_t size);
void nnx_mem_free_aligned(const nnx_alloc *a, void *ptr);
/* Copy of a NUL-terminated string, or NULL. */
char *nnx_mem_strdup(const nnx_alloc *a, const char *s);

/* Grows *items (each elem bytes, capacity *cap) to hold at least need items. */
bool nnx_mem_reserve(const nnx_alloc *a, void **items, uint32_t *cap, uint32_t need, size_t elem);

#endif
