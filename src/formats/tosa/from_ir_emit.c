/* from_ir_emit.c — the converter's building blocks (from_ir_emit.h): unique tensor names,
 * typed tensors (a value without a TOSA 1.0 type fails, named), operators, CONST and
 * CONST_SHAPE tensors with encoded data, the small compositions every mapping uses (RESHAPE,
 * TRANSPOSE, rank equalising, MUL), and NHWC twins with the TRANSPOSE that writes a value's
 * NCHW form at its first NCHW use (TOSA-L11). */
#include "formats/tosa/from_ir_emit.h"
#include "base/checked.h"
#include "formats/tosa/tosa_data.h"
#include "ir/dtypes.h"
#include "ir/elem.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

bool nnx_tir_fail(nnx_tir *t, const char *fmt, ...)
{
    char why[NNX_ERROR_MESSAGE_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    if (t->err->status != NNX_OK)
        return false;
    if (t->node == NNX_NONE) {
        nnx_error_set(t->err, NNX_ERROR_NOT_SUPPORTED, "%s", why);
        return false;
    }
    const nnx_node *n = &t->ir->nodes[t->node];
    if (n->label[0])
        nnx_error_set(t->err, NNX_ERROR_NOT_SUPPORTED, "node %u ('%s', core op '%s'): %s", t->node, n->label,
                      nnx_op_table[n->op].name, why);
    else
        nnx_error_set(t->err, NNX_ERROR_NOT_SUPPORTED, "node %u (core op '%s'): %s", t->node, nnx_op_table[n->op].name,
                      why);
    return false;
}

bool nnx_tir_oom(nnx_tir *t)
{
    if (t->err->status == NNX_OK)
        nnx_error_set(t->err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    return false;
}

/* TOSA's sanitiser (docs/decisions/tosa.md, "names"): a tensor name is any non-empty string
 * (the schema's TosaTensor.name), so base stays as it is and only an empty one becomes "t". */
const char *nnx_tir_unique_name(nnx_tir *t, const char *base, bool reserve)
{
    if (!base || !base[0])
        base = "t";
    size_t n;
    char *s = nnx_add_size(strlen(base), 24, &n) ? nnx_arena_alloc(&t->f->arena, n) : NULL;
    if (!s) {
        nnx_tir_oom(t);
        return NULL;
    }
    snprintf(s, n, "%s", base);
    for (uint32_t k = 1; nnx_strmap_get(t->names, s, NULL); k++)
        snprintf(s, n, "%s_%u", base, k);
    bool added;
    if (reserve && !nnx_strmap_put(t->names, s, &added)) {
        nnx_tir_oom(t);
        return NULL;
    }
    return s;
}

static uint32_t file_type(nnx_tir *t, nnx_dtype dt)
{
    uint32_t ft = nnx_tfile_dtype_from_nnx(dt);
    if (ft == NNX_TFILE_UNKNOWN || ft >= NNX_TFILE_DTYPE_COUNT_1_0) {
        nnx_tir_fail(t, "a %s value has no TOSA 1.0 type", nnx_dtype_name(dt));
        return NNX_TFILE_UNKNOWN;
    }
    return ft;
}

static nnx_tfile_tensor *new_tensor(nnx_tir *t, const char *base, uint32_t type, uint32_t rank, const uint32_t *shape)
{
    if (!nnx_mem_reserve(t->alloc, (void **)&t->tensors, &t->cap_tensors, t->n_tensors + 1, sizeof *t->tensors)) {
        nnx_tir_oom(t);
        return NULL;
    }
    const char *name = nnx_tir_unique_name(t, base, true);
    if (!name)
        return NULL;
    nnx_tfile_tensor *x = &t->tensors[t->n_tensors];
    memset(x, 0, sizeof *x);
    x->name = name;
    x->type = type;
    x->shape.present = true;
    x->shape.count = rank;
    if (rank) {
        x->shape.v = nnx_arena_array(&t->f->arena, rank, sizeof(int32_t));
        if (!x->shape.v) {
            nnx_tir_oom(t);
            return NULL;
        }
        for (uint32_t i = 0; i < rank; i++)
            x->shape.v[i] = (int32_t)shape[i];
    }
    t->n_tensors++;
    return x;
}

const char *nnx_tir_tensor(nnx_tir *t, const char *base, nnx_dtype dt, uint32_t rank, const uint32_t *shape)
{
    uint32_t ft = file_type(t, dt);
    if (!ft)
        return NULL;
    nnx_tfile_tensor *x = new_tensor(t, base, ft, rank, shape);
    return x ? x->name : NULL;
}

/* v's NCHW form from its twin: TRANSPOSE [0, 3, 1, 2] into v's tensor, or a RESHAPE when
 * both layouts hold the elements in the same order (C is 1, or H and W are). */
static bool materialize(nnx_tir *t, uint32_t v)
{
    static const int32_t p[4] = {0, 3, 1, 2};
    const nnx_operand_desc *d = &t->ir->values[v].desc;
    t->pend[v] = false;
    nnx_tfile_attr a = {.type = NNX_TOSA_TRANSPOSE};
    const char *in[2] = {t->nhwc[v], NULL}, *y;
    nnx_tfile_operator *o;
    if (d->shape[1] == 1 || (d->shape[2] == 1 && d->shape[3] == 1)) {
        in[1] = nnx_tir_shape_u(t, d->shape, 4);
        y = in[1] ? nnx_tir_out_tensor(t, v) : NULL;
        o = y ? nnx_tir_op(t, NNX_TOSA_RESHAPE, in, 2, &y, 1) : NULL;
    } else {
        y = nnx_tir_out_tensor(t, v);
        o = y && nnx_tir_ints(t, &a.perms, p, 4) ? nnx_tir_op(t, NNX_TOSA_TRANSPOSE, in, 1, &y, 1) : NULL;
        if (o)
            o->attr = a;
    }
    if (!o)
        return false;
    t->vname[v] = y;
    return true;
}

const char *nnx_tir_twin(nnx_tir *t, uint32_t v, nnx_operand_desc *d)
{
    if (!t->nhwc || v == NNX_NONE || !t->nhwc[v])
        return NULL;
    *d = nnx_tir_nhwc_desc(&t->ir->values[v].desc);
    return t->nhwc[v];
}

void nnx_tir_set_twin(nnx_tir *t, uint32_t v, const char *y, bool pending)
{
    if (!t->nhwc || !y)
        return;
    t->nhwc[v] = y;
    t->pend[v] = pending;
}

nnx_operand_desc nnx_tir_nhwc_desc(const nnx_operand_desc *d)
{
    nnx_operand_desc o = *d;
    o.shape[1] = d->shape[2];
    o.shape[2] = d->shape[3];
    o.shape[3] = d->shape[1];
    return o;
}

void *nnx_tir_permute(nnx_tir *t, const void *data, const nnx_operand_desc *d, const uint32_t *perm,
                      nnx_operand_desc *od)
{
    size_t es = nnx_dtype_bits(d->dtype) / 8, bytes;
    uint64_t count;
    if (!es || !nnx_desc_elements(d, &count) || !nnx_desc_bytes(d, &bytes))
        return NULL;
    uint8_t *out = nnx_mem_alloc(t->alloc, bytes ? bytes : 1);
    if (!out)
        return NULL;
    *od = (nnx_operand_desc){.dtype = d->dtype, .rank = d->rank};
    uint64_t in_stride[NNX_MAX_RANK], s = 1;
    for (uint32_t i = d->rank; i-- > 0;) {
        in_stride[i] = s;
        s *= d->shape[i];
    }
    for (uint32_t i = 0; i < d->rank; i++)
        od->shape[i] = d->shape[perm[i]];
    uint32_t idx[NNX_MAX_RANK] = {0};
    for (uint64_t j = 0; j < count; j++) {
        uint64_t src = 0;
        for (uint32_t i = 0; i < d->rank; i++)
            src += idx[i] * in_stride[perm[i]];
        memcpy(out + j * es, (const uint8_t *)data + src * es, es);
        for (uint32_t i = d->rank; i-- > 0;) {
            if (++idx[i] < od->shape[i])
                break;
            idx[i] = 0;
        }
    }
    return out;
}

const char *nnx_tir_value(nnx_tir *t, uint32_t v)
{
    if (v != NNX_NONE && t->pend && t->pend[v] && !materialize(t, v))
        return NULL;
    if (v == NNX_NONE || !t->vname[v]) {
        nnx_tir_fail(t, "an input has no tensor (an absent operand)");
        return NULL;
    }
    return t->vname[v];
}

nnx_tfile_operator *nnx_tir_op(nnx_tir *t, uint32_t op, const char *const *in, uint32_t n_in, const char *const *out,
                               uint32_t n_out)
{
    for (uint32_t i = 0; i < n_in; i++)
        if (!in[i])
            return NULL; /* an earlier helper failed */
    for (uint32_t i = 0; i < n_out; i++)
        if (!out[i])
            return NULL;
    if (!nnx_mem_reserve(t->alloc, (void **)&t->ops, &t->cap_ops, t->n_ops + 1, sizeof *t->ops)) {
        nnx_tir_oom(t);
        return NULL;
    }
    nnx_tfile_operator *o = &t->ops[t->n_ops];
    memset(o, 0, sizeof *o);
    o->op = op;
    o->attr.type = (uint8_t)op; /* every operator names its (possibly empty) attribute table */
    o->n_inputs = n_in;
    o->n_outputs = n_out;
    o->inputs = n_in ? nnx_arena_memdup(&t->f->arena, in, n_in * sizeof *in) : NULL;
    o->outputs = n_out ? nnx_arena_memdup(&t->f->arena, out, n_out * sizeof *out) : NULL;
    if ((n_in && !o->inputs) || (n_out && !o->outputs)) {
        nnx_tir_oom(t);
        return NULL;
    }
    if (t->node != NNX_NONE && t->ir->nodes[t->node].label[0])
        o->location = t->ir->nodes[t->node].label; /* copied into the arena by from_ir.c's finish */
    t->n_ops++;
    return o;
}

const char *nnx_tir_op1(nnx_tir *t, uint32_t op, const char *const *in, uint32_t n_in, const nnx_tfile_attr *attr,
                        const nnx_operand_desc *d)
{
    for (uint32_t i = 0; i < n_in; i++)
        if (!in[i])
            return NULL;
    const char *y = nnx_tir_tensor_d(t, "tmp", d);
    nnx_tfile_operator *o = y ? nnx_tir_op(t, op, in, n_in, &y, 1) : NULL;
    if (!o)
        return NULL;
    if (attr)
        o->attr = *attr;
    o->attr.type = (uint8_t)op;
    return y;
}

const char *nnx_tir_out_tensor(nnx_tir *t, uint32_t v)
{
    const nnx_operand_desc *d = &t->ir->values[v].desc;
    if (!t->vname[v]) { /* the source's name of the tensor where the IR kept one */
        const char *source = t->ir->values[v].name;
        char base[32];
        snprintf(base, sizeof base, "t%u", v);
        const char *y = nnx_tir_tensor_d(t, source && source[0] ? source : base, d);
        if (y)
            nnx_ir_report_rename(t->renames, NNX_NAME_TENSOR, source, y);
        return y;
    }
    /* a graph output: from_ir.c reserved its name for it */
    uint32_t ft = file_type(t, d->dtype);
    if (!ft)
        return NULL;
    if (!nnx_mem_reserve(t->alloc, (void **)&t->tensors, &t->cap_tensors, t->n_tensors + 1, sizeof *t->tensors))
        return nnx_tir_oom(t), NULL;
    nnx_tfile_tensor *x = &t->tensors[t->n_tensors];
    memset(x, 0, sizeof *x);
    x->name = t->vname[v];
    x->type = ft;
    x->shape.present = true;
    x->shape.count = d->rank;
    if (d->rank && !(x->shape.v = nnx_arena_array(&t->f->arena, d->rank, sizeof(int32_t))))
        return nnx_tir_oom(t), NULL;
    for (uint32_t i = 0; i < d->rank; i++)
        x->shape.v[i] = (int32_t)d->shape[i];
    t->n_tensors++;
    return x->name;
}

bool nnx_tir_op_value(nnx_tir *t, uint32_t op, const char *const *in, uint32_t n_in, const nnx_tfile_attr *attr,
                      uint32_t v)
{
    for (uint32_t i = 0; i < n_in; i++)
        if (!in[i])
            return false;
    const char *y = nnx_tir_out_tensor(t, v);
    nnx_tfile_operator *o = y ? nnx_tir_op(t, op, in, n_in, &y, 1) : NULL;
    if (!o)
        return false;
    if (attr)
        o->attr = *attr;
    o->attr.type = (uint8_t)op;
    t->vname[v] = y;
    return true;
}

/* size bytes, 64-byte aligned, in the file's arena. */
static uint8_t *aligned_bytes(nnx_tir *t, size_t size)
{
    uint8_t *p = nnx_arena_alloc(&t->f->arena, size + 64);
    if (!p) {
        nnx_tir_oom(t);
        return NULL;
    }
    return (uint8_t *)(((uintptr_t)p + 63) & ~(uintptr_t)63);
}

/* A tensor holding data (count nnx elements, encoded as ft) and the operator op that
 * declares it: CONST / CONST_SHAPE, or VARIABLE for a variable tensor (its initial value). */
static const char *data_tensor(nnx_tir *t, const char *base, uint32_t ft, uint32_t rank, const uint32_t *shape,
                               const void *data, uint64_t count, uint32_t op)
{
    size_t bytes;
    if (!nnx_tfile_data_size(ft, count, &bytes)) {
        nnx_tir_fail(t, "a constant of %llu elements is too large", (unsigned long long)count);
        return NULL;
    }
    nnx_tfile_tensor *x = new_tensor(t, base, ft, rank, shape);
    if (!x)
        return NULL;
    const char *name = x->name;
    uint8_t *out = bytes ? aligned_bytes(t, bytes) : NULL;
    if (bytes && !out)
        return NULL;
    if (bytes)
        nnx_tfile_encode(ft, data, count, out);
    x = &t->tensors[t->n_tensors - 1];
    x->data = (nnx_tfile_bytes){.present = true, .size = bytes, .data = out};
    x->variable = op == NNX_TOSA_VARIABLE;
    return nnx_tir_op(t, op, NULL, 0, &name, 1) ? name : NULL;
}

static const char *const_tensor(nnx_tir *t, const char *base, uint32_t ft, uint32_t rank, const uint32_t *shape,
                                const void *data, uint64_t count)
{
    uint32_t op = ft == NNX_TFILE_SHAPE ? (uint32_t)NNX_TOSA_CONST_SHAPE : (uint32_t)NNX_TOSA_CONST;
    return data_tensor(t, base, ft, rank, shape, data, count, op);
}

const char *nnx_tir_variable(nnx_tir *t, const nnx_operand_desc *d, const void *data)
{
    uint32_t ft = file_type(t, d->dtype);
    uint64_t count;
    if (!ft)
        return NULL;
    if (!nnx_desc_elements(d, &count))
        return nnx_tir_fail(t, "a variable is too large"), NULL;
    return data_tensor(t, "variable", ft, d->rank, d->shape, data, count, NNX_TOSA_VARIABLE);
}

const char *nnx_tir_const_named(nnx_tir *t, const char *base, const nnx_operand_desc *d, const void *data)
{
    uint32_t ft = file_type(t, d->dtype);
    uint64_t count;
    if (!ft)
        return NULL;
    if (!nnx_desc_elements(d, &count))
        return nnx_tir_fail(t, "a constant is too large"), NULL;
    return const_tensor(t, base && base[0] ? base : "const", ft, d->rank, d->shape, data, count);
}

const char *nnx_tir_const(nnx_tir *t, const nnx_operand_desc *d, const void *data)
{
    return nnx_tir_const_named(t, NULL, d, data);
}

const char *nnx_tir_scalar_f(nnx_tir *t, nnx_dtype dt, uint32_t rank, double v)
{
    uint8_t buf[16] = {0};
    if (nnx_dtype_is_float(dt))
        nnx_store_f(dt, buf, 0, v);
    else
        nnx_store_i(dt, buf, 0, (int64_t)v);
    nnx_operand_desc d = {.dtype = dt, .rank = rank};
    for (uint32_t i = 0; i < rank; i++)
        d.shape[i] = 1;
    return nnx_tir_const(t, &d, buf);
}

const char *nnx_tir_scalar_i(nnx_tir *t, nnx_dtype dt, uint32_t rank, int64_t v)
{
    uint8_t buf[16] = {0};
    if (nnx_dtype_is_float(dt))
        nnx_store_f(dt, buf, 0, (double)v);
    else
        nnx_store_i(dt, buf, 0, v);
    nnx_operand_desc d = {.dtype = dt, .rank = rank};
    for (uint32_t i = 0; i < rank; i++)
        d.shape[i] = 1;
    return nnx_tir_const(t, &d, buf);
}

const char *nnx_tir_shape(nnx_tir *t, const int64_t *v, uint32_t n)
{
    uint32_t shape[1] = {n};
    return const_tensor(t, "shape", NNX_TFILE_SHAPE, 1, shape, v, n);
}

const char *nnx_tir_reshape(nnx_tir *t, const char *x, nnx_dtype dt, uint32_t rank, const uint32_t *shape)
{
    const char *in[2] = {x, nnx_tir_shape_u(t, shape, rank)};
    nnx_operand_desc d = {.dtype = dt, .rank = rank};
    memcpy(d.shape, shape, rank * sizeof *shape);
    return nnx_tir_op1(t, NNX_TOSA_RESHAPE, in, 2, NULL, &d);
}

bool nnx_tir_ints(nnx_tir *t, nnx_tfile_ints *f, const int32_t *v, uint32_t n)
{
    f->present = true;
    f->count = n;
    f->v = NULL;
    if (n && !(f->v = nnx_arena_memdup(&t->f->arena, v, n * sizeof *v)))
        return nnx_tir_oom(t);
    return true;
}

/* The input of the TRANSPOSE that wrote x when perm undoes it (an NHWC result transposed back
 * to NCHW and straight to NHWC again), else NULL. Prune drops the TRANSPOSE if nothing else
 * reads x. */
static const char *undone(const nnx_tir *t, const char *x, uint32_t rank, const uint32_t *perm)
{
    for (uint32_t i = t->n_ops; i-- > 0;) {
        const nnx_tfile_operator *o = &t->ops[i];
        if (o->n_outputs != 1 || strcmp(o->outputs[0], x) != 0)
            continue;
        if (o->op != NNX_TOSA_TRANSPOSE || o->attr.perms.count != rank)
            return NULL;
        for (uint32_t k = 0; k < rank; k++)
            if (o->attr.perms.v[perm[k]] != (int32_t)k)
                return NULL;
        return o->inputs[0];
    }
    return NULL;
}

const char *nnx_tir_transpose(nnx_tir *t, const char *x, const nnx_operand_desc *xd, const uint32_t *perm,
                              nnx_operand_desc *out)
{
    nnx_tfile_attr a = {.type = NNX_TOSA_TRANSPOSE};
    int32_t p[NNX_MAX_RANK];
    nnx_operand_desc d = {.dtype = xd->dtype, .rank = xd->rank};
    for (uint32_t i = 0; i < xd->rank; i++) {
        p[i] = (int32_t)perm[i];
        d.shape[i] = xd->shape[perm[i]];
    }
    const char *before = x ? undone(t, x, xd->rank, perm) : NULL;
    if (before) {
        if (out)
            *out = d;
        return before;
    }
    if (!nnx_tir_ints(t, &a.perms, p, xd->rank))
        return NULL;
    if (out)
        *out = d;
    return nnx_tir_op1(t, NNX_TOSA_TRANSPOSE, &x, 1, &a, &d);
}

const char *nnx_tir_name_at_rank(nnx_tir *t, const char *x, const nnx_operand_desc *d, uint32_t rank)
{
    if (!x || d->rank >= rank)
        return x;
    uint32_t shape[NNX_MAX_RANK], lead = rank - d->rank;
    for (uint32_t i = 0; i < rank; i++)
        shape[i] = i < lead ? 1 : d->shape[i - lead];
    return nnx_tir_reshape(t, x, d->dtype, rank, shape);
}

const char *nnx_tir_at_rank(nnx_tir *t, uint32_t v, uint32_t rank)
{
    const char *x = nnx_tir_value(t, v);
    return nnx_tir_name_at_rank(t, x, &t->ir->values[v].desc, rank);
}

const char *nnx_tir_binary(nnx_tir *t, uint32_t op, const char *a, const nnx_operand_desc *ad, const char *b,
                           const nnx_operand_desc *bd, nnx_dtype dt, nnx_operand_desc *out)
{
    uint32_t r = ad->rank > bd->rank ? ad->rank : bd->rank;
    nnx_operand_desc d = {.dtype = dt, .rank = r};
    for (uint32_t i = 0; i < r; i++) {
        uint32_t x = i + ad->rank >= r ? ad->shape[i + ad->rank - r] : 1;
        uint32_t y = i + bd->rank >= r ? bd->shape[i + bd->rank - r] : 1;
        d.shape[i] = x == 1 ? y : x;
    }
    const char *in[3] = {nnx_tir_name_at_rank(t, a, ad, r), nnx_tir_name_at_rank(t, b, bd, r), NULL};
    if (out)
        *out = d;
    if (op == NNX_TOSA_MUL) {
        in[2] = nnx_tir_zero(t, NNX_INT8);
        return nnx_tir_op1(t, op, in, 3, NULL, &d);
    }
    nnx_tfile_attr at = {0};
    if (op == NNX_TOSA_MAXIMUM || op == NNX_TOSA_MINIMUM) {
        at.type = (uint8_t)op;
        at.nan_mode = 1;
    }
    return nnx_tir_op1(t, op, in, 2, at.type ? &at : NULL, &d);
}

const char *nnx_tir_mul(nnx_tir *t, const char *a, const nnx_operand_desc *ad, const char *b,
                        const nnx_operand_desc *bd, nnx_operand_desc *out)
{
    return nnx_tir_binary(t, NNX_TOSA_MUL, a, ad, b, bd, ad->dtype, out);
}

/* One value of type dt, encoded as the file's type, as an attribute's bytes. */
static bool value_bytes(nnx_tir *t, nnx_dtype dt, double f, int64_t i, nnx_tfile_bytes *out)
{
    uint8_t buf[16] = {0};
    uint32_t ft = file_type(t, dt);
    size_t bytes;
    if (!ft || !nnx_tfile_data_size(ft, 1, &bytes))
        return false;
    if (nnx_dtype_is_float(dt))
        nnx_store_f(dt, buf, 0, f);
    else
        nnx_store_i(dt, buf, 0, i);
    uint8_t *p = aligned_bytes(t, bytes);
    if (!p)
        return false;
    nnx_tfile_encode(ft, buf, 1, p);
    *out = (nnx_tfile_bytes){.present = true, .size = bytes, .data = p};
    return true;
}

bool nnx_tir_clamp_attr(nnx_tir *t, nnx_dtype dt, double lo_f, double hi_f, int64_t lo_i, int64_t hi_i,
                        uint32_t nan_mode, nnx_tfile_attr *a)
{
    memset(a, 0, sizeof *a);
    a->type = NNX_TOSA_CLAMP;
    a->nan_mode = nan_mode;
    return value_bytes(t, dt, lo_f, lo_i, &a->min_val) && value_bytes(t, dt, hi_f, hi_i, &a->max_val);
}
