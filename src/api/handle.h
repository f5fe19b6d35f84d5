/* handle.h — the head every public handle starts with (context, tensor, builder, graph,
 * model). A live handle is linked on its context's list; a destroyed one keeps only this
 * head's struct, marked destroyed, on a process-wide graveyard, so that destroying it again
 * is a no-op and any later call fails cleanly instead of touching freed memory. The
 * graveyard keeps the NNX_GRAVEYARD_CAP most recently destroyed handles (older ones are
 * freed), which bounds the memory held. Handle structs come from libc, not the context's
 * allocator hook, because they may outlive the context. */
#ifndef NNX_API_HANDLE_H
#define NNX_API_HANDLE_H

#include <stdbool.h>
#include <stddef.h>

#define NNX_GRAVEYARD_CAP 4096

typedef struct nnx_link {
    struct nnx_link *prev, *next;
} nnx_link;

typedef struct nnx_handle {
    nnx_link link; /* first: a list entry is its handle */
    bool destroyed;
} nnx_handle;

/* A zeroed struct of size bytes whose first member is an nnx_handle; NULL if out of memory. */
void *nnx_handle_alloc(size_t size);
/* Frees a handle that was never given out (a failed create). */
void nnx_handle_free(void *handle);
/* Marks h destroyed and moves it to the graveyard; h must be on no list. */
void nnx_handle_bury(nnx_handle *h);

#endif
