/* tosa_read.c — a `.tosa` flatbuffer (schema 1.0 and 1.1) into an nnx_tfile through the
 * verifying reader (flatbuf_read.h); strings and data are copied into the file's arena, data
 * 64-byte aligned so constants can be used in place. Beyond the structure it checks only what
 * the file alone decides: the ranges of Op, union tag and DType, constants' byte counts
 * against their shapes (decisions TOSA-FB1..FB7). */
#include "formats/tosa/flatbuf_read.h"
#include "formats/tosa/tosa_attr_schema.h"
#include "formats/tosa/tosa_data.h"
#include "formats/tosa/tosa_file.h"

#include "base/checked.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

typedef struct rd {
    nnx_fb fb;
    nnx_tfile *f;
} rd;

static nnx_status oom(rd *c)
{
    return nnx_error_set(c->fb.err, NNX_ERROR_OUT_OF_MEMORY, "%s: error: out of memory while reading the file",
                         c->fb.where);
}

static nnx_status copy_string(rd *c, const char *s, uint32_t len, const char **out)
{
    char *p = nnx_arena_alloc(&c->f->arena, (size_t)len + 1);
    if (!p)
        return oom(c);
    memcpy(p, s, len);
    *out = p;
    return NNX_OK;
}

static nnx_status str_field(rd *c, const nnx_fb_table *t, unsigned slot, const char *field, const char **out)
{
    const char *s;
    uint32_t len;
    *out = NULL;
    nnx_status st = nnx_fb_string(&c->fb, t, slot, field, &s, &len);
    if (st != NNX_OK || !s)
        return st;
    return copy_string(c, s, len, out);
}

static nnx_status ints_field(rd *c, const nnx_fb_table *t, unsigned slot, const char *field, nnx_tfile_ints *out)
{
    nnx_fb_vec v;
    *out = (nnx_tfile_ints){0};
    nnx_status st = nnx_fb_vector(&c->fb, t, slot, 4, field, &v);
    if (st != NNX_OK || !v.present)
        return st;
    out->present = true;
    out->count = v.count;
    if (v.count == 0)
        return NNX_OK;
    out->v = nnx_arena_array(&c->f->arena, v.count, sizeof(int32_t));
    if (!out->v)
        return oom(c);
    for (uint32_t i = 0; i < v.count; i++)
        out->v[i] = (int32_t)nnx_fb_load32(c->fb.buf + v.data + 4 * (size_t)i);
    return NNX_OK;
}

static nnx_status bytes_field(rd *c, const nnx_fb_table *t, unsigned slot, const char *field, nnx_tfile_bytes *out)
{
    nnx_fb_vec v;
    *out = (nnx_tfile_bytes){0};
    nnx_status st = nnx_fb_vector(&c->fb, t, slot, 1, field, &v);
    if (st != NNX_OK || !v.present)
        return st;
    out->present = true;
    out->size = v.count;
    if (v.count == 0)
        return NNX_OK;
    /* 64-byte aligned inside an over-allocation (the arena aligns to 16) */
    uint8_t *p = nnx_arena_alloc(&c->f->arena, (size_t)v.count + 63);
    if (!p)
        return oom(c);
    p += (64 - (uintptr_t)p % 64) % 64;
    memcpy(p, c->fb.buf + v.data, v.count);
    out->data = p;
    return NNX_OK;
}

static nnx_status strings_field(rd *c, const nnx_fb_table *t, unsigned slot, const char *field, uint32_t *n,
                                const char ***out)
{
    nnx_fb_vec v;
    *n = 0;
    *out = NULL;
    nnx_status st = nnx_fb_vector(&c->fb, t, slot, 4, field, &v);
    if (st != NNX_OK || !v.present || v.count == 0)
        return st;
    const char **list = nnx_arena_array(&c->f->arena, v.count, sizeof *list);
    if (!list)
        return oom(c);
    for (uint32_t i = 0; i < v.count; i++) {
        const char *s;
        uint32_t len;
        if ((st = nnx_fb_string_at(&c->fb, t, v.data + 4 * (size_t)i, field, i, &s, &len)) != NNX_OK)
            return st;
        if ((st = copy_string(c, s, len, &list[i])) != NNX_OK)
            return st;
    }
    *n = v.count;
    *out = list;
    return NNX_OK;
}

/* A vector of tables: its count and an array of count items of elem bytes for them. */
static nnx_status tables_field(rd *c, const nnx_fb_table *t, unsigned slot, const char *field, size_t elem,
                               nnx_fb_vec *v, void **items)
{
    *items = NULL;
    nnx_status st = nnx_fb_vector(&c->fb, t, slot, 4, field, v);
    if (st != NNX_OK || !v->present || v->count == 0)
        return st;
    *items = nnx_arena_array(&c->f->arena, v->count, elem);
    return *items ? NNX_OK : oom(c);
}

static nnx_status read_attr(rd *c, const nnx_fb_table *t, nnx_tfile_attr *a)
{
    unsigned n;
    const nnx_tfile_attr_field *fields = nnx_tfile_attr_fields(a->type, &n);
    nnx_status st = NNX_OK;
    for (unsigned i = 0; i < n && st == NNX_OK; i++) {
        const nnx_tfile_attr_field *fd = &fields[i];
        void *m = (char *)a + fd->offset;
        switch (fd->kind) {
        case NNX_TFK_I32: st = nnx_fb_i32(&c->fb, t, i, fd->name, 0, m); break;
        case NNX_TFK_ENUM: st = nnx_fb_u32(&c->fb, t, i, fd->name, 0, m); break;
        case NNX_TFK_BOOL: st = nnx_fb_bool(&c->fb, t, i, fd->name, false, m); break;
        case NNX_TFK_INTS: st = ints_field(c, t, i, fd->name, m); break;
        case NNX_TFK_BYTES: st = bytes_field(c, t, i, fd->name, m); break;
        case NNX_TFK_STRING: st = str_field(c, t, i, fd->name, m); break;
        }
    }
    return st;
}

static const char *attr_name(uint32_t tag) { return nnx_tfile_attr_table_name(tag); }

static nnx_status read_operator(rd *c, const nnx_fb_table *t, nnx_tfile_operator *op)
{
    nnx_status st = nnx_fb_u32(&c->fb, t, 0, "op", 0, &op->op);
    if (st != NNX_OK)
        return st;
    if (op->op >= NNX_TFILE_OP_COUNT)
        return nnx_fb_fail(&c->fb, t->name, "op", -1, "%" PRIu32 " is not an Op (0..%u)", op->op,
                           NNX_TFILE_OP_COUNT - 1);
    bool present;
    nnx_fb_table at;
    if ((st = nnx_fb_union(&c->fb, t, 1, "attribute", NNX_TFILE_OP_COUNT - 1, attr_name, &op->attr.type, &present,
                           &at)) != NNX_OK)
        return st;
    if (present && (st = read_attr(c, &at, &op->attr)) != NNX_OK)
        return st;
    if ((st = strings_field(c, t, 3, "inputs", &op->n_inputs, &op->inputs)) != NNX_OK ||
        (st = strings_field(c, t, 4, "outputs", &op->n_outputs, &op->outputs)) != NNX_OK)
        return st;
    nnx_fb_table loc;
    if ((st = nnx_fb_table_field(&c->fb, t, 5, "OpLocation", "location", &present, &loc)) != NNX_OK || !present)
        return st;
    size_t bound = c->fb.max_string;
    c->fb.max_string = NNX_TFILE_MAX_TEXT;
    st = str_field(c, &loc, 0, "text", &op->location);
    c->fb.max_string = bound;
    return st;
}

/* "[2, 3]" (the first 8 extents) into buf. */
static const char *shape_text(const nnx_tfile_ints *s, char *buf, size_t size)
{
    size_t n = (size_t)snprintf(buf, size, "[");
    for (uint32_t i = 0; i < s->count && n < size; i++) {
        if (i == 8) {
            n += (size_t)snprintf(buf + n, size - n, ", ...");
            break;
        }
        n += (size_t)snprintf(buf + n, size - n, "%s%" PRId32, i ? ", " : "", s->v[i]);
    }
    if (n < size)
        snprintf(buf + n, size - n, "]");
    return buf;
}

/* A constant's bytes must be what its shape and type need (when both are known). */
static nnx_status check_data(rd *c, const nnx_fb_table *t, const nnx_tfile_tensor *x)
{
    if (x->variable || x->is_unranked || !x->shape.present || x->data.size == 0)
        return NNX_OK;
    uint64_t count = 1;
    char text[128];
    for (uint32_t i = 0; i < x->shape.count; i++) {
        if (x->shape.v[i] < 0)
            return NNX_OK; /* a dynamic extent: nothing to compare with */
        if (!nnx_mul_u64(count, (uint64_t)x->shape.v[i], &count))
            return nnx_fb_fail(&c->fb, t->name, "shape", -1, "shape %s has more elements than 64 bits count%s%s%s",
                               shape_text(&x->shape, text, sizeof text), x->name ? " (tensor '" : "",
                               x->name ? x->name : "", x->name ? "')" : "");
    }
    size_t need;
    if (!nnx_tfile_data_size(x->type, count, &need))
        return NNX_OK; /* a type whose encoding nnx does not know (FP6, MXINT8): kept as bytes */
    if (need != x->data.size)
        return nnx_fb_fail(&c->fb, t->name, "data", -1, "%zu bytes, but shape %s of %s needs %zu%s%s%s", x->data.size,
                           shape_text(&x->shape, text, sizeof text), nnx_tfile_dtype_name(x->type), need,
                           x->name ? " (tensor '" : "", x->name ? x->name : "", x->name ? "')" : "");
    return NNX_OK;
}

static nnx_status read_tensor(rd *c, const nnx_fb_table *t, nnx_tfile_tensor *x)
{
    nnx_status st;
    if ((st = str_field(c, t, 0, "name", &x->name)) != NNX_OK ||
        (st = ints_field(c, t, 1, "shape", &x->shape)) != NNX_OK ||
        (st = nnx_fb_u32(&c->fb, t, 2, "type", 0, &x->type)) != NNX_OK)
        return st;
    if (x->type >= NNX_TFILE_DTYPE_COUNT)
        return nnx_fb_fail(&c->fb, t->name, "type", -1, "%" PRIu32 " is not a DType (0..%u)%s%s%s", x->type,
                           NNX_TFILE_DTYPE_COUNT - 1, x->name ? " (tensor '" : "", x->name ? x->name : "",
                           x->name ? "')" : "");
    if ((st = bytes_field(c, t, 3, "data", &x->data)) != NNX_OK ||
        (st = nnx_fb_bool(&c->fb, t, 4, "variable", false, &x->variable)) != NNX_OK ||
        (st = nnx_fb_bool(&c->fb, t, 5, "is_unranked", false, &x->is_unranked)) != NNX_OK ||
        (st = str_field(c, t, 6, "variable_name", &x->variable_name)) != NNX_OK ||
        (st = nnx_fb_u64(&c->fb, t, 7, "offset", 0, &x->offset)) != NNX_OK ||
        (st = nnx_fb_u64(&c->fb, t, 8, "size", 0, &x->size)) != NNX_OK)
        return st;
    if (x->offset > 1) /* decision TOSA-FB3 */
        return nnx_error_set(c->fb.err, NNX_ERROR_NOT_SUPPORTED,
                             "%s: error: TosaTensor.offset: tensor '%s' keeps its data outside the flatbuffer "
                             "(offset %" PRIu64 ", size %" PRIu64 "), which nnx does not read",
                             c->fb.where, x->name ? x->name : "", x->offset, x->size);
    return check_data(c, t, x);
}

static nnx_status read_shape(rd *c, const nnx_fb_table *t, nnx_tfile_shape *s)
{
    nnx_status st;
    if ((st = str_field(c, t, 0, "name", &s->name)) != NNX_OK ||
        (st = nnx_fb_u32(&c->fb, t, 1, "rank", 0, &s->rank)) != NNX_OK ||
        (st = bytes_field(c, t, 2, "data", &s->data)) != NNX_OK)
        return st;
    /* a shape_t of rank r holds r int64 values (decision TOSA-FB6) */
    if (s->data.size != 0 && s->data.size != (uint64_t)s->rank * 8)
        return nnx_fb_fail(&c->fb, t->name, "data", -1, "%zu bytes, but rank %" PRIu32 " needs %" PRIu64 "%s%s%s",
                           s->data.size, s->rank, (uint64_t)s->rank * 8, s->name ? " (shape '" : "",
                           s->name ? s->name : "", s->name ? "')" : "");
    return NNX_OK;
}

static nnx_status read_block(rd *c, const nnx_fb_table *t, nnx_tfile_block *b)
{
    nnx_status st;
    nnx_fb_vec v;
    void *items;
    nnx_fb_table x;
    if ((st = str_field(c, t, 0, "name", &b->name)) != NNX_OK)
        return st;
    if ((st = tables_field(c, t, 1, "operators", sizeof *b->operators, &v, &items)) != NNX_OK)
        return st;
    b->operators = items;
    for (uint32_t i = 0; i < v.count; i++) {
        if ((st = nnx_fb_table_at(&c->fb, t, v.data + 4 * (size_t)i, "TosaOperator", "operators", i, &x)) != NNX_OK ||
            (st = read_operator(c, &x, &b->operators[i])) != NNX_OK)
            return st;
        b->n_operators = i + 1;
    }
    if ((st = tables_field(c, t, 2, "tensors", sizeof *b->tensors, &v, &items)) != NNX_OK)
        return st;
    b->tensors = items;
    for (uint32_t i = 0; i < v.count; i++) {
        if ((st = nnx_fb_table_at(&c->fb, t, v.data + 4 * (size_t)i, "TosaTensor", "tensors", i, &x)) != NNX_OK ||
            (st = read_tensor(c, &x, &b->tensors[i])) != NNX_OK)
            return st;
        b->n_tensors = i + 1;
    }
    if ((st = strings_field(c, t, 3, "inputs", &b->n_inputs, &b->inputs)) != NNX_OK ||
        (st = strings_field(c, t, 4, "outputs", &b->n_outputs, &b->outputs)) != NNX_OK)
        return st;
    if ((st = tables_field(c, t, 5, "shapes", sizeof *b->shapes, &v, &items)) != NNX_OK)
        return st;
    b->shapes = items;
    for (uint32_t i = 0; i < v.count; i++) {
        if ((st = nnx_fb_table_at(&c->fb, t, v.data + 4 * (size_t)i, "TosaShape", "shapes", i, &x)) != NNX_OK ||
            (st = read_shape(c, &x, &b->shapes[i])) != NNX_OK)
            return st;
        b->n_shapes = i + 1;
    }
    return NNX_OK;
}

static nnx_status read_region(rd *c, const nnx_fb_table *t, nnx_tfile_region *r)
{
    nnx_status st;
    nnx_fb_vec v;
    void *items;
    nnx_fb_table x;
    if ((st = str_field(c, t, 0, "name", &r->name)) != NNX_OK ||
        (st = tables_field(c, t, 1, "blocks", sizeof *r->blocks, &v, &items)) != NNX_OK)
        return st;
    r->blocks = items;
    for (uint32_t i = 0; i < v.count; i++) {
        if ((st = nnx_fb_table_at(&c->fb, t, v.data + 4 * (size_t)i, "TosaBasicBlock", "blocks", i, &x)) != NNX_OK ||
            (st = read_block(c, &x, &r->blocks[i])) != NNX_OK)
            return st;
        r->n_blocks = i + 1;
    }
    return NNX_OK;
}

static nnx_status read_graph(rd *c)
{
    nnx_fb_table g, x;
    nnx_tfile *f = c->f;
    bool present;
    nnx_status st = nnx_fb_root(&c->fb, "TOSA", "TosaGraph", &g);
    if (st != NNX_OK)
        return st;
    if ((st = nnx_fb_table_field(&c->fb, &g, 0, "Version", "version", &present, &x)) != NNX_OK)
        return st;
    if (!present)
        return nnx_fb_fail(&c->fb, "TosaGraph", "version", -1, "missing (a required field)");
    if ((st = nnx_fb_i32(&c->fb, &x, 0, "_major", -1, &f->version.major)) != NNX_OK ||
        (st = nnx_fb_i32(&c->fb, &x, 1, "_minor", -1, &f->version.minor)) != NNX_OK ||
        (st = nnx_fb_i32(&c->fb, &x, 2, "_patch", -1, &f->version.patch)) != NNX_OK ||
        (st = nnx_fb_bool(&c->fb, &x, 3, "_draft", true, &f->version.draft)) != NNX_OK)
        return st;
    nnx_fb_vec v;
    void *items;
    if ((st = tables_field(c, &g, 1, "regions", sizeof *f->regions, &v, &items)) != NNX_OK)
        return st;
    f->regions = items;
    for (uint32_t i = 0; i < v.count; i++) {
        if ((st = nnx_fb_table_at(&c->fb, &g, v.data + 4 * (size_t)i, "TosaRegion", "regions", i, &x)) != NNX_OK ||
            (st = read_region(c, &x, &f->regions[i])) != NNX_OK)
            return st;
        f->n_regions = i + 1;
    }
    if ((st = nnx_fb_table_field(&c->fb, &g, 2, "SoftwareVersion", "software_version", &present, &x)) != NNX_OK ||
        !present)
        return st;
    f->has_software_version = true;
    if ((st = nnx_fb_i32(&c->fb, &x, 0, "_major", -1, &f->sw_major)) != NNX_OK ||
        (st = nnx_fb_i32(&c->fb, &x, 1, "_minor", -1, &f->sw_minor)) != NNX_OK ||
        (st = nnx_fb_i32(&c->fb, &x, 2, "_micro", -1, &f->sw_micro)) != NNX_OK)
        return st;
    return str_field(c, &x, 3, "_modifier", &f->sw_modifier);
}

nnx_status nnx_tfile_read(nnx_tfile *f, const void *data, size_t size, const char *where, nnx_error *err)
{
    rd c = {.f = f};
    nnx_tfile_free(f); /* starts empty */
    nnx_fb_init(&c.fb, data ? data : "", data ? size : 0, where, err);
    c.fb.max_depth = NNX_TFILE_MAX_DEPTH;
    c.fb.max_items = NNX_TFILE_MAX_ITEMS;
    c.fb.max_string = NNX_TFILE_MAX_NAME;
    nnx_status st = read_graph(&c);
    if (st != NNX_OK)
        nnx_tfile_free(f);
    return st;
}
