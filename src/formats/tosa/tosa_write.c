/* tosa_write.c — an nnx_tfile as a `.tosa` flatbuffer (identifier "TOSA"), laid out front to
 * back by flatbuf_build.h. Writes every field that is present or differs from its default,
 * and of an operator's attribute only the fields of its union member's table, so that
 * reading the result gives back an equal nnx_tfile (nnx_tfile_equal). */
#include "formats/tosa/flatbuf_build.h"
#include "formats/tosa/tosa_attr_schema.h"
#include "formats/tosa/tosa_file.h"

static void put_string(nnx_fbb *b, size_t slot, const char *s) { nnx_fbb_patch(b, slot, nnx_fbb_string(b, s)); }

static void put_ints(nnx_fbb *b, size_t slot, const nnx_tfile_ints *v)
{
    nnx_fbb_patch(b, slot, nnx_fbb_vector(b, v->v, v->count, 4, 4));
}

static void put_bytes(nnx_fbb *b, size_t slot, const nnx_tfile_bytes *v)
{
    if (v->size > INT32_MAX) {
        b->oom = b->too_big = true;
        return;
    }
    nnx_fbb_patch(b, slot, nnx_fbb_vector(b, v->data, (uint32_t)v->size, 1, 8)); /* force_align: 8 */
}

static void put_strings(nnx_fbb *b, size_t slot, uint32_t n, const char *const *list)
{
    size_t v = nnx_fbb_vector_refs(b, n);
    nnx_fbb_patch(b, slot, v);
    for (uint32_t i = 0; i < n; i++)
        put_string(b, v + 4 + 4 * (size_t)i, list[i] ? list[i] : "");
}

static size_t write_attr(nnx_fbb *b, const nnx_tfile_attr *a)
{
    unsigned n;
    const nnx_tfile_attr_field *fields = nnx_tfile_attr_fields(a->type, &n);
    nnx_fbb_table t;
    nnx_fbb_table_begin(&t);
    for (unsigned i = 0; i < n; i++) {
        const void *m = (const char *)a + fields[i].offset;
        switch (fields[i].kind) {
        case NNX_TFK_I32:
            if (*(const int32_t *)m)
                nnx_fbb_scalar(&t, i, 4, (uint32_t) * (const int32_t *)m);
            break;
        case NNX_TFK_ENUM:
            if (*(const uint32_t *)m)
                nnx_fbb_scalar(&t, i, 4, *(const uint32_t *)m);
            break;
        case NNX_TFK_BOOL:
            if (*(const bool *)m)
                nnx_fbb_scalar(&t, i, 1, 1);
            break;
        case NNX_TFK_INTS:
            if (((const nnx_tfile_ints *)m)->present)
                nnx_fbb_ref(&t, i);
            break;
        case NNX_TFK_BYTES:
            if (((const nnx_tfile_bytes *)m)->present)
                nnx_fbb_ref(&t, i);
            break;
        case NNX_TFK_STRING:
            if (*(const char *const *)m)
                nnx_fbb_ref(&t, i);
            break;
        }
    }
    size_t pos = nnx_fbb_table_end(b, &t);
    for (unsigned i = 0; i < n; i++) {
        const void *m = (const char *)a + fields[i].offset;
        if (!t.field_pos[i])
            continue;
        switch (fields[i].kind) {
        case NNX_TFK_INTS: put_ints(b, t.field_pos[i], m); break;
        case NNX_TFK_BYTES: put_bytes(b, t.field_pos[i], m); break;
        case NNX_TFK_STRING: put_string(b, t.field_pos[i], *(const char *const *)m); break;
        default: break;
        }
    }
    return pos;
}

static size_t write_operator(nnx_fbb *b, const nnx_tfile_operator *op)
{
    nnx_fbb_table t;
    nnx_fbb_table_begin(&t);
    if (op->op)
        nnx_fbb_scalar(&t, 0, 4, op->op);
    if (op->attr.type) {
        nnx_fbb_scalar(&t, 1, 1, op->attr.type);
        nnx_fbb_ref(&t, 2);
    }
    if (op->n_inputs)
        nnx_fbb_ref(&t, 3);
    if (op->n_outputs)
        nnx_fbb_ref(&t, 4);
    if (op->location)
        nnx_fbb_ref(&t, 5);
    size_t pos = nnx_fbb_table_end(b, &t);
    if (op->attr.type)
        nnx_fbb_patch(b, t.field_pos[2], write_attr(b, &op->attr));
    if (op->n_inputs)
        put_strings(b, t.field_pos[3], op->n_inputs, op->inputs);
    if (op->n_outputs)
        put_strings(b, t.field_pos[4], op->n_outputs, op->outputs);
    if (op->location) {
        nnx_fbb_table l;
        nnx_fbb_table_begin(&l);
        nnx_fbb_ref(&l, 0);
        nnx_fbb_patch(b, t.field_pos[5], nnx_fbb_table_end(b, &l));
        put_string(b, l.field_pos[0], op->location);
    }
    return pos;
}

static size_t write_tensor(nnx_fbb *b, const nnx_tfile_tensor *x)
{
    nnx_fbb_table t;
    nnx_fbb_table_begin(&t);
    if (x->name)
        nnx_fbb_ref(&t, 0);
    if (x->shape.present)
        nnx_fbb_ref(&t, 1);
    if (x->type)
        nnx_fbb_scalar(&t, 2, 4, x->type);
    if (x->data.present)
        nnx_fbb_ref(&t, 3);
    if (x->variable)
        nnx_fbb_scalar(&t, 4, 1, 1);
    if (x->is_unranked)
        nnx_fbb_scalar(&t, 5, 1, 1);
    if (x->variable_name)
        nnx_fbb_ref(&t, 6);
    if (x->offset)
        nnx_fbb_scalar(&t, 7, 8, x->offset);
    if (x->size)
        nnx_fbb_scalar(&t, 8, 8, x->size);
    size_t pos = nnx_fbb_table_end(b, &t);
    if (x->name)
        put_string(b, t.field_pos[0], x->name);
    if (x->shape.present)
        put_ints(b, t.field_pos[1], &x->shape);
    if (x->data.present)
        put_bytes(b, t.field_pos[3], &x->data);
    if (x->variable_name)
        put_string(b, t.field_pos[6], x->variable_name);
    return pos;
}

static size_t write_shape(nnx_fbb *b, const nnx_tfile_shape *s)
{
    nnx_fbb_table t;
    nnx_fbb_table_begin(&t);
    if (s->name)
        nnx_fbb_ref(&t, 0);
    if (s->rank)
        nnx_fbb_scalar(&t, 1, 4, s->rank);
    if (s->data.present)
        nnx_fbb_ref(&t, 2);
    size_t pos = nnx_fbb_table_end(b, &t);
    if (s->name)
        put_string(b, t.field_pos[0], s->name);
    if (s->data.present)
        put_bytes(b, t.field_pos[2], &s->data);
    return pos;
}

static size_t write_block(nnx_fbb *b, const nnx_tfile_block *k)
{
    nnx_fbb_table t;
    nnx_fbb_table_begin(&t);
    if (k->name)
        nnx_fbb_ref(&t, 0);
    if (k->n_operators)
        nnx_fbb_ref(&t, 1);
    if (k->n_tensors)
        nnx_fbb_ref(&t, 2);
    if (k->n_inputs)
        nnx_fbb_ref(&t, 3);
    if (k->n_outputs)
        nnx_fbb_ref(&t, 4);
    if (k->n_shapes)
        nnx_fbb_ref(&t, 5);
    size_t pos = nnx_fbb_table_end(b, &t);
    if (k->name)
        put_string(b, t.field_pos[0], k->name);
    if (k->n_operators) {
        size_t v = nnx_fbb_vector_refs(b, k->n_operators);
        nnx_fbb_patch(b, t.field_pos[1], v);
        for (uint32_t i = 0; i < k->n_operators; i++)
            nnx_fbb_patch(b, v + 4 + 4 * (size_t)i, write_operator(b, &k->operators[i]));
    }
    if (k->n_tensors) {
        size_t v = nnx_fbb_vector_refs(b, k->n_tensors);
        nnx_fbb_patch(b, t.field_pos[2], v);
        for (uint32_t i = 0; i < k->n_tensors; i++)
            nnx_fbb_patch(b, v + 4 + 4 * (size_t)i, write_tensor(b, &k->tensors[i]));
    }
    if (k->n_inputs)
        put_strings(b, t.field_pos[3], k->n_inputs, k->inputs);
    if (k->n_outputs)
        put_strings(b, t.field_pos[4], k->n_outputs, k->outputs);
    if (k->n_shapes) {
        size_t v = nnx_fbb_vector_refs(b, k->n_shapes);
        nnx_fbb_patch(b, t.field_pos[5], v);
        for (uint32_t i = 0; i < k->n_shapes; i++)
            nnx_fbb_patch(b, v + 4 + 4 * (size_t)i, write_shape(b, &k->shapes[i]));
    }
    return pos;
}

static size_t write_region(nnx_fbb *b, const nnx_tfile_region *r)
{
    nnx_fbb_table t;
    nnx_fbb_table_begin(&t);
    if (r->name)
        nnx_fbb_ref(&t, 0);
    if (r->n_blocks)
        nnx_fbb_ref(&t, 1);
    size_t pos = nnx_fbb_table_end(b, &t);
    if (r->name)
        put_string(b, t.field_pos[0], r->name);
    if (r->n_blocks) {
        size_t v = nnx_fbb_vector_refs(b, r->n_blocks);
        nnx_fbb_patch(b, t.field_pos[1], v);
        for (uint32_t i = 0; i < r->n_blocks; i++)
            nnx_fbb_patch(b, v + 4 + 4 * (size_t)i, write_block(b, &r->blocks[i]));
    }
    return pos;
}

/* What the reader would refuse, or the writer could not follow, is refused before writing:
 * numbers outside the schema, items without their arrays. */
static nnx_status check(const nnx_tfile *f, nnx_error *err)
{
#define BAD(...) nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, __VA_ARGS__)
    for (uint32_t r = 0; r < f->n_regions; r++) {
        const nnx_tfile_region *rg = &f->regions[r];
        if (rg->n_blocks && !rg->blocks)
            return BAD("error: regions[%u]: %u blocks without an array", r, rg->n_blocks);
        for (uint32_t b = 0; b < rg->n_blocks; b++) {
            const nnx_tfile_block *k = &rg->blocks[b];
            if ((k->n_operators && !k->operators) || (k->n_tensors && !k->tensors) || (k->n_inputs && !k->inputs) ||
                (k->n_outputs && !k->outputs) || (k->n_shapes && !k->shapes))
                return BAD("error: regions[%u].blocks[%u]: a count without its array", r, b);
            for (uint32_t i = 0; i < k->n_operators; i++) {
                const nnx_tfile_operator *op = &k->operators[i];
                if (op->op >= NNX_TFILE_OP_COUNT || op->attr.type >= NNX_TFILE_OP_COUNT)
                    return BAD("error: regions[%u].blocks[%u].operators[%u]: op %u or attribute tag %u is past the "
                               "schema's %u",
                               r, b, i, op->op, op->attr.type, NNX_TFILE_OP_COUNT - 1);
                if ((op->n_inputs && !op->inputs) || (op->n_outputs && !op->outputs))
                    return BAD("error: regions[%u].blocks[%u].operators[%u]: a count without its array", r, b, i);
            }
            for (uint32_t i = 0; i < k->n_tensors; i++) {
                const nnx_tfile_tensor *x = &k->tensors[i];
                if (x->type >= NNX_TFILE_DTYPE_COUNT)
                    return BAD("error: regions[%u].blocks[%u].tensors[%u]: type %u is not a DType", r, b, i, x->type);
                if ((x->shape.count && !x->shape.v) || (x->data.size && !x->data.data))
                    return BAD("error: regions[%u].blocks[%u].tensors[%u]: a count without its array", r, b, i);
            }
        }
    }
    return NNX_OK;
#undef BAD
}

nnx_status nnx_tfile_write(const nnx_tfile *f, const nnx_alloc *alloc, uint8_t **out, size_t *size, nnx_error *err)
{
    *out = NULL;
    *size = 0;
    nnx_status st = check(f, err);
    if (st != NNX_OK)
        return st;
    nnx_fbb b;
    nnx_fbb_init(&b, alloc, "TOSA");
    nnx_fbb_table g;
    nnx_fbb_table_begin(&g);
    nnx_fbb_ref(&g, 0); /* version: required */
    if (f->n_regions)
        nnx_fbb_ref(&g, 1);
    if (f->has_software_version)
        nnx_fbb_ref(&g, 2);
    nnx_fbb_patch(&b, 0, nnx_fbb_table_end(&b, &g));

    nnx_fbb_table v;
    nnx_fbb_table_begin(&v);
    if (f->version.major != -1)
        nnx_fbb_scalar(&v, 0, 4, (uint32_t)f->version.major);
    if (f->version.minor != -1)
        nnx_fbb_scalar(&v, 1, 4, (uint32_t)f->version.minor);
    if (f->version.patch != -1)
        nnx_fbb_scalar(&v, 2, 4, (uint32_t)f->version.patch);
    if (!f->version.draft)
        nnx_fbb_scalar(&v, 3, 1, 0);
    nnx_fbb_patch(&b, g.field_pos[0], nnx_fbb_table_end(&b, &v));

    if (f->n_regions) {
        size_t list = nnx_fbb_vector_refs(&b, f->n_regions);
        nnx_fbb_patch(&b, g.field_pos[1], list);
        for (uint32_t i = 0; i < f->n_regions; i++)
            nnx_fbb_patch(&b, list + 4 + 4 * (size_t)i, write_region(&b, &f->regions[i]));
    }
    if (f->has_software_version) {
        nnx_fbb_table s;
        nnx_fbb_table_begin(&s);
        if (f->sw_major != -1)
            nnx_fbb_scalar(&s, 0, 4, (uint32_t)f->sw_major);
        if (f->sw_minor != -1)
            nnx_fbb_scalar(&s, 1, 4, (uint32_t)f->sw_minor);
        if (f->sw_micro != -1)
            nnx_fbb_scalar(&s, 2, 4, (uint32_t)f->sw_micro);
        if (f->sw_modifier)
            nnx_fbb_ref(&s, 3);
        nnx_fbb_patch(&b, g.field_pos[2], nnx_fbb_table_end(&b, &s));
        if (f->sw_modifier)
            put_string(&b, s.field_pos[3], f->sw_modifier);
    }
    bool too_big = b.too_big;
    *out = nnx_fbb_finish(&b, size);
    if (!*out)
        return too_big ? nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED,
                                       "error: the .tosa file would be larger than the 2 GiB a flatbuffer can hold")
                       : nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "error: out of memory while writing a .tosa file");
    return NNX_OK;
}
