/* flatbuf_build.c — the front-to-back FlatBuffers builder: a growable byte buffer, tables
 * laid out as vtable then table (soffset = table - vtable, positive), fields largest first
 * so each sits at a multiple of its size. */
#include "formats/tosa/flatbuf_build.h"

#include <string.h>

#define FBB_MAX ((size_t)INT32_MAX) /* uoffsets and soffsets must stay representable */

static void store32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

static void store(uint8_t *p, uint64_t v, unsigned size)
{
    for (unsigned i = 0; i < size; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

/* n more zero bytes at the end; their position, or 0 after a failure. */
static size_t grow(nnx_fbb *b, size_t n)
{
    if (b->oom || n > FBB_MAX - b->len) {
        b->too_big |= !b->oom;
        b->oom = true;
        return 0;
    }
    if (b->len + n > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->len + n)
            cap *= 2;
        uint8_t *p = nnx_mem_realloc(b->alloc, b->buf, cap);
        if (!p) {
            b->oom = true;
            return 0;
        }
        b->buf = p;
        b->cap = cap;
    }
    size_t at = b->len;
    memset(b->buf + at, 0, n);
    b->len += n;
    return at;
}

/* Pads so that len + extra is a multiple of align. */
static void pad_to(nnx_fbb *b, size_t align, size_t extra)
{
    size_t mis = (b->len + extra) % align;
    if (mis)
        grow(b, align - mis);
}

void nnx_fbb_init(nnx_fbb *b, const nnx_alloc *alloc, const char *ident)
{
    *b = (nnx_fbb){.alloc = alloc};
    grow(b, 8);
    if (!b->oom)
        memcpy(b->buf + 4, ident, 4);
}

uint8_t *nnx_fbb_finish(nnx_fbb *b, size_t *size)
{
    if (b->oom) {
        nnx_fbb_free(b);
        *size = 0;
        return NULL;
    }
    uint8_t *out = b->buf;
    *size = b->len;
    *b = (nnx_fbb){.alloc = b->alloc};
    return out;
}

void nnx_fbb_free(nnx_fbb *b)
{
    nnx_mem_free(b->alloc, b->buf);
    b->buf = NULL;
    b->len = b->cap = 0;
}

void nnx_fbb_table_begin(nnx_fbb_table *t) { memset(t, 0, sizeof *t); }

void nnx_fbb_scalar(nnx_fbb_table *t, unsigned slot, unsigned size, uint64_t value)
{
    t->size[slot] = (uint8_t)size;
    t->value[slot] = value;
    if (slot + 1 > t->n_slots)
        t->n_slots = slot + 1;
}

void nnx_fbb_ref(nnx_fbb_table *t, unsigned slot) { nnx_fbb_scalar(t, slot, 4, 0); }

size_t nnx_fbb_table_end(nnx_fbb *b, nnx_fbb_table *t)
{
    uint16_t off[NNX_FBB_MAX_SLOTS] = {0};
    size_t tsize = 4;
    bool has8 = false;
    for (unsigned s = 0; s < t->n_slots; s++)
        has8 |= t->size[s] == 8;
    if (has8)
        tsize = 8; /* 8-byte fields start at table + 8 */
    for (unsigned sz = 8; sz >= 1; sz /= 2)
        for (unsigned s = 0; s < t->n_slots; s++)
            if (t->size[s] == sz) {
                off[s] = (uint16_t)tsize;
                tsize += sz;
            }
    size_t vsize = 4 + 2 * (size_t)t->n_slots;
    /* vtable (2-aligned) right before the table (aligned to 8 or 4) */
    pad_to(b, has8 ? 8 : 4, vsize);
    size_t v = grow(b, vsize);
    size_t pos = grow(b, tsize);
    if (b->oom)
        return 0;
    store(b->buf + v, vsize, 2);
    store(b->buf + v + 2, tsize, 2);
    for (unsigned s = 0; s < t->n_slots; s++)
        store(b->buf + v + 4 + 2 * s, off[s], 2);
    store32(b->buf + pos, (uint32_t)(pos - v));
    for (unsigned s = 0; s < t->n_slots; s++) {
        t->field_pos[s] = t->size[s] ? pos + off[s] : 0;
        if (t->size[s])
            store(b->buf + pos + off[s], t->value[s], t->size[s]);
    }
    t->pos = pos;
    return pos;
}

void nnx_fbb_patch(nnx_fbb *b, size_t slot, size_t target)
{
    if (!b->oom)
        store32(b->buf + slot, (uint32_t)(target - slot));
}

size_t nnx_fbb_vector(nnx_fbb *b, const void *items, uint32_t count, unsigned elem, unsigned align)
{
    pad_to(b, align < 4 ? 4 : align, 4);
    size_t bytes = (size_t)count * elem;
    size_t at = grow(b, 4);
    size_t data = grow(b, bytes);
    if (b->oom)
        return 0;
    store32(b->buf + at, count);
    for (uint32_t i = 0; i < count; i++) {
        uint64_t v = elem == 1 ? ((const uint8_t *)items)[i] : (uint32_t)((const int32_t *)items)[i];
        store(b->buf + data + (size_t)i * elem, v, elem);
    }
    return at;
}

size_t nnx_fbb_vector_refs(nnx_fbb *b, uint32_t count)
{
    pad_to(b, 4, 0);
    size_t at = grow(b, 4);
    grow(b, (size_t)count * 4);
    if (b->oom)
        return 0;
    store32(b->buf + at, count);
    return at;
}

size_t nnx_fbb_string(nnx_fbb *b, const char *s)
{
    size_t n = strlen(s);
    pad_to(b, 4, 0);
    size_t at = grow(b, 4);
    size_t data = grow(b, n + 1);
    if (b->oom)
        return 0;
    store32(b->buf + at, (uint32_t)n);
    memcpy(b->buf + data, s, n);
    return at;
}
