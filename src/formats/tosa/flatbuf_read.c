/* flatbuf_read.c — the verifying FlatBuffers reader: each access checks its bytes against
 * the buffer first (FlatBuffers binary format: uoffsets point forward from where they are
 * stored, a table's soffset points back to its vtable, vtables hold uint16 field offsets). */
#include "formats/tosa/flatbuf_read.h"

#include "base/checked.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void nnx_fb_init(nnx_fb *r, const void *buf, size_t size, const char *where, nnx_error *err)
{
    r->buf = buf;
    r->size = size;
    r->where = where ? where : "(buffer)";
    r->err = err;
    r->max_depth = 16;
    r->max_items = 1u << 24;
    r->max_string = 4096;
    r->budget = (uint64_t)size * 16 + 4096;
}

nnx_status nnx_fb_fail(nnx_fb *r, const char *table, const char *field, int64_t idx, const char *fmt, ...)
{
    char what[384], at[160];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    if (field && idx >= 0)
        snprintf(at, sizeof at, "%s.%s[%lld]", table, field, (long long)idx);
    else if (field)
        snprintf(at, sizeof at, "%s.%s", table, field);
    else
        snprintf(at, sizeof at, "%s", table);
    return nnx_error_set(r->err, NNX_ERROR_INVALID_ARGUMENT, "%s: error: %s: %s", r->where, at, what);
}

uint16_t nnx_fb_load16(const uint8_t *p) { return (uint16_t)(p[0] | (unsigned)p[1] << 8); }
uint32_t nnx_fb_load32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
uint64_t nnx_fb_load64(const uint8_t *p) { return nnx_fb_load32(p) | (uint64_t)nnx_fb_load32(p + 4) << 32; }

/* Charges n items against the budget that bounds the work a file can ask for. */
static nnx_status spend(nnx_fb *r, uint64_t n, const char *table, const char *field, int64_t idx)
{
    if (n > r->budget)
        return nnx_fb_fail(r, table, field, idx,
                           "the file refers to more tables, items and string bytes than 16 per byte of its %zu "
                           "(objects shared too often)",
                           r->size);
    r->budget -= n;
    return NNX_OK;
}

/* Verifies the table at pos (at least 4 bytes before the end, checked by the caller). */
static nnx_status table_at_pos(nnx_fb *r, size_t pos, uint32_t depth, const char *name, const char *ptable,
                               const char *field, int64_t idx, nnx_fb_table *out)
{
    if (depth > r->max_depth)
        return nnx_fb_fail(r, ptable, field, idx, "tables nested deeper than %u", r->max_depth);
    nnx_status st = spend(r, 1, ptable, field, idx);
    if (st != NNX_OK)
        return st;
    int64_t vt = (int64_t)pos - (int64_t)(int32_t)nnx_fb_load32(r->buf + pos);
    if (vt < 0 || (uint64_t)vt > r->size || r->size - (size_t)vt < 4)
        return nnx_fb_fail(r, name, NULL, -1, "vtable at %lld (table at 0x%zx) outside the file (size %zu)",
                           (long long)vt, pos, r->size);
    size_t v = (size_t)vt;
    uint16_t vs = nnx_fb_load16(r->buf + v), ts = nnx_fb_load16(r->buf + v + 2);
    if (vs < 4 || vs % 2 != 0)
        return nnx_fb_fail(r, name, NULL, -1, "vtable size %u is not an even number of at least 4", vs);
    if (r->size - v < vs)
        return nnx_fb_fail(r, name, NULL, -1, "vtable of %u bytes at 0x%zx past the end of the file (size %zu)", vs, v,
                           r->size);
    if (ts < 4)
        return nnx_fb_fail(r, name, NULL, -1, "table size %u is smaller than its 4-byte vtable offset", ts);
    if (r->size - pos < ts)
        return nnx_fb_fail(r, name, NULL, -1, "table of %u bytes at 0x%zx past the end of the file (size %zu)", ts, pos,
                           r->size);
    *out = (nnx_fb_table){.pos = pos, .vtab = v, .vt_size = vs, .t_size = ts, .depth = depth, .name = name};
    return NNX_OK;
}

nnx_status nnx_fb_root(nnx_fb *r, const char *ident, const char *root_name, nnx_fb_table *out)
{
    if (r->size < 8)
        return nnx_fb_fail(r, root_name, NULL, -1,
                           "the file has %zu bytes, fewer than the 8 of a FlatBuffers header (root offset, "
                           "identifier)",
                           r->size);
    if (memcmp(r->buf + 4, ident, 4) != 0) {
        char shown[17];
        size_t n = 0;
        for (size_t i = 0; i < 4; i++) {
            uint8_t c = r->buf[4 + i];
            if (c >= 0x20 && c < 0x7f && c != '\\' && c != '\'')
                shown[n++] = (char)c;
            else
                n += (size_t)snprintf(shown + n, sizeof shown - n, "\\x%02x", c);
        }
        shown[n] = 0;
        return nnx_fb_fail(r, root_name, NULL, -1, "file identifier is '%s', not '%.4s'", shown, ident);
    }
    size_t pos;
    nnx_status st = nnx_fb_follow(r, 0, 4, root_name, NULL, -1, &pos);
    if (st != NNX_OK)
        return st;
    return table_at_pos(r, pos, 1, root_name, root_name, NULL, -1, out);
}

nnx_status nnx_fb_field(nnx_fb *r, const nnx_fb_table *t, unsigned slot, unsigned size, const char *field, size_t *pos)
{
    *pos = 0;
    size_t entry = 4 + 2 * (size_t)slot;
    if (entry + 2 > t->vt_size)
        return NNX_OK; /* an older writer: the slot is past the vtable, absent */
    uint16_t off = nnx_fb_load16(r->buf + t->vtab + entry);
    if (off == 0)
        return NNX_OK;
    if ((size_t)off + size > t->t_size)
        return nnx_fb_fail(r, t->name, field, -1, "field at offset %u (%u bytes) past the table's size %u", off, size,
                           t->t_size);
    *pos = t->pos + off;
    return NNX_OK;
}

#define SCALAR_FIELD(fn, type, bytes, load) \
    nnx_status fn(nnx_fb *r, const nnx_fb_table *t, unsigned slot, const char *field, type def, type *out) \
    { \
        size_t pos; \
        nnx_status st = nnx_fb_field(r, t, slot, bytes, field, &pos); \
        *out = def; \
        if (st == NNX_OK && pos) \
            *out = (type)(load); \
        return st; \
    }
SCALAR_FIELD(nnx_fb_u8, uint8_t, 1, r->buf[pos])
SCALAR_FIELD(nnx_fb_bool, bool, 1, r->buf[pos] != 0)
SCALAR_FIELD(nnx_fb_i32, int32_t, 4, (int32_t)nnx_fb_load32(r->buf + pos))
SCALAR_FIELD(nnx_fb_u32, uint32_t, 4, nnx_fb_load32(r->buf + pos))
SCALAR_FIELD(nnx_fb_u64, uint64_t, 8, nnx_fb_load64(r->buf + pos))

nnx_status nnx_fb_follow(nnx_fb *r, size_t ref, size_t need, const char *table, const char *field, int64_t idx,
                         size_t *target)
{
    uint32_t off = nnx_fb_load32(r->buf + ref);
    size_t to;
    if (!nnx_add_size(ref, off, &to) || to > r->size || r->size - to < need)
        return nnx_fb_fail(r, table, field, idx, "offset 0x%llx past the end of the file (size %zu)",
                           (unsigned long long)ref + off, r->size);
    *target = to;
    return NNX_OK;
}

nnx_status nnx_fb_table_at(nnx_fb *r, const nnx_fb_table *parent, size_t ref, const char *name, const char *field,
                           int64_t idx, nnx_fb_table *out)
{
    const char *ptable = parent ? parent->name : name;
    size_t pos;
    nnx_status st = nnx_fb_follow(r, ref, 4, ptable, field, idx, &pos);
    if (st != NNX_OK)
        return st;
    return table_at_pos(r, pos, parent ? parent->depth + 1 : 1, name, ptable, field, idx, out);
}

nnx_status nnx_fb_table_field(nnx_fb *r, const nnx_fb_table *t, unsigned slot, const char *name, const char *field,
                              bool *present, nnx_fb_table *out)
{
    size_t pos;
    *present = false;
    nnx_status st = nnx_fb_field(r, t, slot, 4, field, &pos);
    if (st != NNX_OK || !pos)
        return st;
    st = nnx_fb_table_at(r, t, pos, name, field, -1, out);
    *present = st == NNX_OK;
    return st;
}

nnx_status nnx_fb_vector(nnx_fb *r, const nnx_fb_table *t, unsigned slot, size_t elem, const char *field,
                         nnx_fb_vec *out)
{
    *out = (nnx_fb_vec){0};
    size_t pos, vpos, bytes;
    nnx_status st = nnx_fb_field(r, t, slot, 4, field, &pos);
    if (st != NNX_OK || !pos)
        return st;
    if ((st = nnx_fb_follow(r, pos, 4, t->name, field, -1, &vpos)) != NNX_OK)
        return st;
    uint32_t count = nnx_fb_load32(r->buf + vpos);
    if (!nnx_mul_size(count, elem, &bytes) || bytes > r->size - vpos - 4)
        return nnx_fb_fail(r, t->name, field, -1, "%u items of %zu bytes at 0x%zx past the end of the file (size %zu)",
                           count, elem, vpos + 4, r->size);
    if (elem > 1 && count > r->max_items) /* byte data ([ubyte]) is bounded by the file alone */
        return nnx_fb_fail(r, t->name, field, -1, "%u items, more than the %u allowed", count, r->max_items);
    if ((st = spend(r, count, t->name, field, -1)) != NNX_OK)
        return st;
    *out = (nnx_fb_vec){.present = true, .count = count, .data = vpos + 4};
    return NNX_OK;
}

nnx_status nnx_fb_string_at(nnx_fb *r, const nnx_fb_table *t, size_t ref, const char *field, int64_t idx,
                            const char **s, uint32_t *len)
{
    size_t spos;
    nnx_status st = nnx_fb_follow(r, ref, 4, t->name, field, idx, &spos);
    if (st != NNX_OK)
        return st;
    uint32_t n = nnx_fb_load32(r->buf + spos);
    if (n > r->size - spos - 4 || r->size - spos - 4 - n < 1)
        return nnx_fb_fail(r, t->name, field, idx,
                           "string of %u bytes at 0x%zx and its terminating 0 past the end of the file (size %zu)", n,
                           spos + 4, r->size);
    if (n > r->max_string)
        return nnx_fb_fail(r, t->name, field, idx, "string of %u bytes, longer than the %zu allowed", n, r->max_string);
    const uint8_t *p = r->buf + spos + 4;
    if (p[n] != 0)
        return nnx_fb_fail(r, t->name, field, idx, "string of %u bytes at 0x%zx is not terminated by a 0 byte", n,
                           spos + 4);
    if (memchr(p, 0, n))
        return nnx_fb_fail(r, t->name, field, idx, "string of %u bytes holds a 0 byte at %zu", n,
                           (size_t)((const uint8_t *)memchr(p, 0, n) - p));
    if ((st = spend(r, n, t->name, field, idx)) != NNX_OK)
        return st;
    *s = (const char *)p;
    *len = n;
    return NNX_OK;
}

nnx_status nnx_fb_string(nnx_fb *r, const nnx_fb_table *t, unsigned slot, const char *field, const char **s,
                         uint32_t *len)
{
    size_t pos;
    *s = NULL;
    *len = 0;
    nnx_status st = nnx_fb_field(r, t, slot, 4, field, &pos);
    if (st != NNX_OK || !pos)
        return st;
    return nnx_fb_string_at(r, t, pos, field, -1, s, len);
}

nnx_status nnx_fb_union(nnx_fb *r, const nnx_fb_table *t, unsigned slot, const char *field, uint8_t max_tag,
                        const char *(*name_of)(uint32_t tag), uint8_t *tag, bool *present, nnx_fb_table *out)
{
    char tag_field[64];
    snprintf(tag_field, sizeof tag_field, "%s_type", field);
    *present = false;
    nnx_status st = nnx_fb_u8(r, t, slot, tag_field, 0, tag);
    if (st != NNX_OK)
        return st;
    if (*tag > max_tag)
        return nnx_fb_fail(r, t->name, tag_field, -1, "union tag %u is not a member (0 none, 1..%u)", *tag, max_tag);
    if (*tag == 0)
        return NNX_OK; /* a value without a tag cannot be typed: ignored */
    return nnx_fb_table_field(r, t, slot + 1, name_of(*tag), field, present, out);
}
