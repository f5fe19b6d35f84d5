/* flatbuf_build.h — a FlatBuffers builder laying the buffer out front to back: root offset
 * and identifier, then each table (its vtable just before it) followed by what it refers to,
 * whose uoffset slots are patched once placed, so every uoffset points forward (FlatBuffers
 * binary format). Items are aligned to their size (force_align 8 for byte data). Failures
 * are sticky: nnx_fbb.oom is checked once at the end. */
#ifndef NNX_FORMATS_TOSA_FLATBUF_BUILD_H
#define NNX_FORMATS_TOSA_FLATBUF_BUILD_H

#include "base/alloc.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define NNX_FBB_MAX_SLOTS 16

typedef struct nnx_fbb {
    const nnx_alloc *alloc;
    uint8_t *buf;
    size_t len, cap;
    bool oom;     /* an allocation failed, or the buffer would pass 2 GiB */
    bool too_big; /* the latter */
} nnx_fbb;

/* A table being described: per slot, absent, a scalar (1, 4 or 8 bytes) or a uoffset to
 * patch later. After nnx_fbb_table_end, pos and field_pos[] hold where it was written. */
typedef struct nnx_fbb_table {
    unsigned n_slots; /* one past the highest slot used */
    uint8_t size[NNX_FBB_MAX_SLOTS];
    uint64_t value[NNX_FBB_MAX_SLOTS];
    size_t pos;
    size_t field_pos[NNX_FBB_MAX_SLOTS];
} nnx_fbb_table;

/* Starts the buffer: a root uoffset placeholder and the 4-character identifier. */
void nnx_fbb_init(nnx_fbb *b, const nnx_alloc *alloc, const char *ident);
/* Hands the bytes over (*size bytes, freed by the caller with nnx_mem_free); NULL after a
 * failure, which also frees them. */
uint8_t *nnx_fbb_finish(nnx_fbb *b, size_t *size);
void nnx_fbb_free(nnx_fbb *b);

void nnx_fbb_table_begin(nnx_fbb_table *t);
void nnx_fbb_scalar(nnx_fbb_table *t, unsigned slot, unsigned size, uint64_t value);
void nnx_fbb_ref(nnx_fbb_table *t, unsigned slot); /* a uoffset, patched with nnx_fbb_patch */
/* Writes the vtable, then the table; returns the table's position. */
size_t nnx_fbb_table_end(nnx_fbb *b, nnx_fbb_table *t);

/* Stores at slot (a uoffset written earlier) the distance to target (> slot). */
void nnx_fbb_patch(nnx_fbb *b, size_t slot, size_t target);

/* A vector of count scalars of elem bytes from the host values at items (int32_t for 4,
 * uint8_t for 1); its items start at a multiple of align (>= elem, 4 or 8). Returns the
 * position of its count. */
size_t nnx_fbb_vector(nnx_fbb *b, const void *items, uint32_t count, unsigned elem, unsigned align);
/* A vector of count uoffsets to patch; item i's slot is at the result + 4 + 4 * i. */
size_t nnx_fbb_vector_refs(nnx_fbb *b, uint32_t count);
/* A string: length, bytes, terminating 0. */
size_t nnx_fbb_string(nnx_fbb *b, const char *s);

#endif
