/* from_ir_tosa_ops.c — core ops that a TOSA operator lowers to (src/api/builder_tosa*.c)
 * written back as that operator with the same attributes and inputs: element-wise ops, the
 * tosa_* ops with their zero-point, shift and multiplier inputs (absent optional zero points
 * become zero constants: TOSA 1.0 chapter 2 lists them as inputs), reductions, data movement
 * with its shape_t operands as CONST_SHAPE, GATHER / SCATTER from their core pattern. */
#include "formats/tosa/from_ir_emit.h"
#include "formats/tosa/tosa_data.h"
#include "ir/dtypes.h"

#include <string.h>

static const char *in_at(nnx_tir *t, const nnx_node *n, uint32_t i, uint32_t rank)
{
    return nnx_tir_at_rank(t, n->in[i], rank);
}

static const nnx_operand_desc *desc_of(nnx_tir *t, uint32_t v) { return &t->ir->values[v].desc; }

static bool unary(nnx_tir *t, const nnx_node *n, uint32_t op)
{
    const char *x = nnx_tir_value(t, n->in[0]);
    return nnx_tir_op_value(t, op, &x, 1, NULL, n->out[0]);
}

/* Binary element-wise with TOSA's equal ranks (core broadcasts across ranks). */
static bool binary(nnx_tir *t, const nnx_node *n, uint32_t op, const nnx_tfile_attr *a, bool swap)
{
    uint32_t r = desc_of(t, n->out[0])->rank;
    const char *x = in_at(t, n, swap ? 1 : 0, r), *y = in_at(t, n, swap ? 0 : 1, r);
    const char *in[2] = {x, y};
    return nnx_tir_op_value(t, op, in, 2, a, n->out[0]);
}

static uint32_t nan_mode(nnx_nan_mode m) { return m == NNX_NAN_IGNORE ? 2u : 1u; }

/* Optional zero-point input i of node n: its tensor, else a zero of type dt. */
static const char *zp(nnx_tir *t, const nnx_node *n, uint32_t i, nnx_dtype dt)
{
    if (i < n->n_in && n->in[i] != NNX_NONE)
        return nnx_tir_value(t, n->in[i]);
    return nnx_tir_zero(t, dt);
}

static bool mul_op(nnx_tir *t, const nnx_node *n)
{
    nnx_dtype dt = desc_of(t, n->in[0])->dtype;
    if (n->op == NNX_OP_MUL && !nnx_dtype_is_float(dt) && dt != NNX_INT32)
        return nnx_tir_fail(t, "a %s mul has no TOSA form (TOSA MUL widens 8- and 16-bit integers to int32)",
                            nnx_dtype_name(dt));
    uint32_t r = desc_of(t, n->out[0])->rank;
    const char *in[3] = {in_at(t, n, 0, r), in_at(t, n, 1, r), zp(t, n, 2, NNX_INT8)};
    return nnx_tir_op_value(t, NNX_TOSA_MUL, in, 3, NULL, n->out[0]);
}

static bool clamp(nnx_tir *t, const nnx_node *n)
{
    nnx_dtype dt = desc_of(t, n->in[0])->dtype;
    const nnx_attr_clamp *c = &n->attrs.clamp;
    nnx_tfile_attr a;
    if (!nnx_tir_clamp_attr(t, dt, c->lo.f, c->hi.f, c->lo.i, c->hi.i, nan_mode(c->nan_mode), &a))
        return false;
    const char *x = nnx_tir_value(t, n->in[0]);
    return nnx_tir_op_value(t, NNX_TOSA_CLAMP, &x, 1, &a, n->out[0]);
}

/* A reduction over the axes of the mask, one operator per axis (TOSA keeps the axis as 1),
 * then a RESHAPE when the core op drops them. */
static bool reduce(nnx_tir *t, const nnx_node *n, uint32_t op)
{
    const nnx_operand_desc *x = desc_of(t, n->in[0]);
    const nnx_attr_reduce *r = &n->attrs.reduce;
    const char *cur = nnx_tir_value(t, n->in[0]);
    nnx_operand_desc d = *x;
    uint32_t left = r->axes_mask & ((x->rank >= 32 ? 0 : (1u << x->rank)) - 1u), last = 0;
    if (!left) { /* nothing reduced: the identity */
        const char *in[2] = {cur, nnx_tir_shape_u(t, desc_of(t, n->out[0])->shape, desc_of(t, n->out[0])->rank)};
        return nnx_tir_op_value(t, NNX_TOSA_RESHAPE, in, 2, NULL, n->out[0]);
    }
    for (uint32_t i = 0; i < x->rank; i++)
        if (left & (1u << i))
            last = i;
    for (uint32_t i = 0; i < x->rank; i++) {
        if (!(left & (1u << i)))
            continue;
        nnx_tfile_attr a = {.type = (uint8_t)op, .axis = (int32_t)i};
        if (op == NNX_TOSA_REDUCE_MAX || op == NNX_TOSA_REDUCE_MIN)
            a.nan_mode = nan_mode(r->nan_mode);
        d.shape[i] = 1;
        if (i == last && r->keep_dims)
            return nnx_tir_op_value(t, op, &cur, 1, &a, n->out[0]);
        cur = nnx_tir_op1(t, op, &cur, 1, &a, &d);
    }
    const nnx_operand_desc *o = desc_of(t, n->out[0]);
    const char *in[2] = {cur, nnx_tir_shape_u(t, o->shape, o->rank)};
    return nnx_tir_op_value(t, NNX_TOSA_RESHAPE, in, 2, NULL, n->out[0]);
}

static bool argmax(nnx_tir *t, const nnx_node *n)
{
    const nnx_attr_arg_reduce *r = &n->attrs.arg_reduce;
    const nnx_operand_desc *x = desc_of(t, n->in[0]), *o = desc_of(t, n->out[0]);
    uint32_t m = r->axes_mask;
    if (!m || (m & (m - 1)))
        return nnx_tir_fail(t, "reduce_argmax over %s axes has no TOSA form (ARGMAX takes one axis)",
                            m ? "several" : "no");
    if (r->index_dtype != NNX_INT32)
        return nnx_tir_fail(t, "reduce_argmax to %s has no TOSA form (ARGMAX gives int32)",
                            nnx_dtype_name(r->index_dtype));
    uint32_t axis = (uint32_t)__builtin_ctz(m);
    nnx_tfile_attr a = {.type = NNX_TOSA_ARGMAX, .axis = (int32_t)axis, .nan_mode = nan_mode(r->nan_mode)};
    const char *cur = nnx_tir_value(t, n->in[0]);
    if (!r->keep_dims)
        return nnx_tir_op_value(t, NNX_TOSA_ARGMAX, &cur, 1, &a, n->out[0]);
    nnx_operand_desc d = {.dtype = NNX_INT32, .rank = x->rank - 1};
    for (uint32_t i = 0, j = 0; i < x->rank; i++)
        if (i != axis)
            d.shape[j++] = x->shape[i];
    cur = nnx_tir_op1(t, NNX_TOSA_ARGMAX, &cur, 1, &a, &d);
    const char *in[2] = {cur, nnx_tir_shape_u(t, o->shape, o->rank)};
    return nnx_tir_op_value(t, NNX_TOSA_RESHAPE, in, 2, NULL, n->out[0]);
}

static bool rescale(nnx_tir *t, const nnx_node *n)
{
    const nnx_attr_rescale *r = &n->attrs.rescale;
    nnx_tfile_attr a = {.type = NNX_TOSA_RESCALE,
                        .scale32 = r->scale32,
                        .per_channel = r->per_channel,
                        .input_unsigned = r->input_unsigned,
                        .output_unsigned = r->output_unsigned,
                        .rounding_mode = r->rounding == NNX_RESCALE_DOUBLE_ROUND ? 3u
                            : r->rounding == NNX_RESCALE_INEXACT_ROUND           ? 2u
                                                                                 : 1u};
    const char *in[5];
    for (uint32_t i = 0; i < 5; i++)
        in[i] = nnx_tir_value(t, n->in[i]);
    return nnx_tir_op_value(t, NNX_TOSA_RESCALE, in, 5, &a, n->out[0]);
}

static bool avg_pool2d(nnx_tir *t, const nnx_node *n)
{
    const nnx_attr_tosa_pool *p = &n->attrs.tosa_pool;
    nnx_dtype dt = desc_of(t, n->in[0])->dtype;
    nnx_tfile_attr a = {.type = NNX_TOSA_AVG_POOL2D};
    int32_t k[2] = {(int32_t)p->kernel[0], (int32_t)p->kernel[1]},
            s[2] = {(int32_t)p->stride[0], (int32_t)p->stride[1]};
    int32_t pad[4] = {(int32_t)p->pad[0], (int32_t)p->pad[1], (int32_t)p->pad[2], (int32_t)p->pad[3]};
    nnx_dtype acc = p->acc_type != NNX_DTYPE_UNDEFINED ? p->acc_type
                                                       : (nnx_dtype_is_float(dt) ? NNX_FLOAT32 : NNX_INT32);
    if (!nnx_tir_ints(t, &a.kernel, k, 2) || !nnx_tir_ints(t, &a.stride, s, 2) || !nnx_tir_ints(t, &a.pad, pad, 4))
        return false;
    a.acc_type = nnx_tfile_dtype_from_nnx(acc);
    const char *in[3] = {nnx_tir_value(t, n->in[0]), zp(t, n, 1, dt), zp(t, n, 2, dt)};
    return nnx_tir_op_value(t, NNX_TOSA_AVG_POOL2D, in, 3, &a, n->out[0]);
}

/* The accumulator of a tosa conv / matmul: given, or the first row of the type table. */
static uint32_t acc_of(nnx_dtype acc, nnx_dtype in)
{
    if (acc == NNX_DTYPE_UNDEFINED)
        acc = in == NNX_INT8 ? NNX_INT32 : in == NNX_INT16 ? NNX_INT48 : in == NNX_FLOAT16 ? NNX_FLOAT16 : NNX_FLOAT32;
    return nnx_tfile_dtype_from_nnx(acc);
}

static bool conv(nnx_tir *t, const nnx_node *n)
{
    const nnx_attr_tosa_conv *c = &n->attrs.tosa_conv;
    uint32_t op = n->op == NNX_OP_TOSA_CONV3D   ? NNX_TOSA_CONV3D
        : n->op == NNX_OP_TOSA_DEPTHWISE_CONV2D ? NNX_TOSA_DEPTHWISE_CONV2D
        : n->op == NNX_OP_TOSA_TRANSPOSE_CONV2D ? NNX_TOSA_TRANSPOSE_CONV2D
                                                : NNX_TOSA_CONV2D;
    uint32_t ns = op == NNX_TOSA_CONV3D ? 3 : 2;
    nnx_dtype xt = desc_of(t, n->in[0])->dtype, wt = desc_of(t, n->in[1])->dtype;
    nnx_tfile_attr a = {.type = (uint8_t)op, .acc_type = acc_of(c->acc_type, xt)};
    int32_t s[3], d[3];
    for (uint32_t i = 0; i < 3; i++) {
        s[i] = (int32_t)c->stride[i];
        d[i] = (int32_t)c->dilation[i];
    }
    bool ok = op == NNX_TOSA_TRANSPOSE_CONV2D
        ? nnx_tir_ints(t, &a.out_pad, c->pad, 4) && nnx_tir_ints(t, &a.stride, s, 2)
        : nnx_tir_ints(t, &a.pad, c->pad, 2 * ns) && nnx_tir_ints(t, &a.stride, s, ns) &&
            nnx_tir_ints(t, &a.dilation, d, ns);
    if (!ok)
        return false;
    const char *in[5] = {nnx_tir_value(t, n->in[0]), nnx_tir_value(t, n->in[1]), nnx_tir_value(t, n->in[2]),
                         zp(t, n, 3, xt), zp(t, n, 4, wt)};
    return nnx_tir_op_value(t, op, in, 5, &a, n->out[0]);
}

static bool matmul(nnx_tir *t, const nnx_node *n)
{
    nnx_dtype dt = desc_of(t, n->in[0])->dtype;
    const char *in[4] = {nnx_tir_value(t, n->in[0]), nnx_tir_value(t, n->in[1]), zp(t, n, 2, dt), zp(t, n, 3, dt)};
    return nnx_tir_op_value(t, NNX_TOSA_MATMUL, in, 4, NULL, n->out[0]);
}

static bool resize(nnx_tir *t, const nnx_node *n)
{
    const nnx_attr_tosa_resize *r = &n->attrs.tosa_resize;
    int64_t sc[4] = {r->scale[0], r->scale[1], r->scale[2], r->scale[3]};
    int64_t off[2] = {r->offset[0], r->offset[1]}, bd[2] = {r->border[0], r->border[1]};
    nnx_tfile_attr a = {.type = NNX_TOSA_RESIZE, .mode = r->mode == NNX_TOSA_RESIZE_BILINEAR ? 2u : 1u};
    const char *in[4] = {nnx_tir_value(t, n->in[0]), nnx_tir_shape(t, sc, 4), nnx_tir_shape(t, off, 2),
                         nnx_tir_shape(t, bd, 2)};
    return nnx_tir_op_value(t, NNX_TOSA_RESIZE, in, 4, &a, n->out[0]);
}

static bool fft(nnx_tir *t, const nnx_node *n)
{
    bool full = n->op == NNX_OP_FFT2D;
    const char *in[2] = {nnx_tir_value(t, n->in[0]), full ? nnx_tir_value(t, n->in[1]) : NULL};
    const char *out[2];
    for (uint32_t i = 0; i < 2; i++)
        out[i] = nnx_tir_out_tensor(t, n->out[i]);
    nnx_tfile_operator *o = nnx_tir_op(t, full ? NNX_TOSA_FFT2D : NNX_TOSA_RFFT2D, in, full ? 2 : 1, out, 2);
    if (!o)
        return false;
    o->attr.inverse = full && n->attrs.fft.inverse;
    for (uint32_t i = 0; i < 2; i++)
        t->vname[n->out[i]] = out[i];
    return true;
}

/* A reshape to the input's own shape is IDENTITY (what TOSA IDENTITY lowers to; IDENTITY
 * also takes int4 and int48, which RESHAPE does not). */
static bool reshape_to_out(nnx_tir *t, const nnx_node *n)
{
    const nnx_operand_desc *o = desc_of(t, n->out[0]);
    if (nnx_desc_equal(o, desc_of(t, n->in[0]))) {
        const char *x = nnx_tir_value(t, n->in[0]);
        return nnx_tir_op_value(t, NNX_TOSA_IDENTITY, &x, 1, NULL, n->out[0]);
    }
    const char *in[2] = {nnx_tir_value(t, n->in[0]), nnx_tir_shape_u(t, o->shape, o->rank)};
    return nnx_tir_op_value(t, NNX_TOSA_RESHAPE, in, 2, NULL, n->out[0]);
}

static bool transpose(nnx_tir *t, const nnx_node *n)
{
    uint32_t r = desc_of(t, n->in[0])->rank;
    int32_t p[NNX_MAX_RANK];
    for (uint32_t i = 0; i < r; i++)
        p[i] = (int32_t)n->attrs.transpose.perm[i];
    nnx_tfile_attr a = {.type = NNX_TOSA_TRANSPOSE};
    const char *x = nnx_tir_value(t, n->in[0]);
    return nnx_tir_ints(t, &a.perms, p, r) && nnx_tir_op_value(t, NNX_TOSA_TRANSPOSE, &x, 1, &a, n->out[0]);
}

static bool concat(nnx_tir *t, const nnx_node *n)
{
    const char **in = nnx_arena_array(&t->f->arena, n->n_in, sizeof *in);
    if (!in)
        return nnx_tir_oom(t);
    for (uint32_t i = 0; i < n->n_in; i++)
        in[i] = nnx_tir_value(t, n->in[i]);
    nnx_tfile_attr a = {.type = NNX_TOSA_CONCAT, .axis = (int32_t)n->attrs.axis.axis};
    return nnx_tir_op_value(t, NNX_TOSA_CONCAT, in, n->n_in, &a, n->out[0]);
}

static bool slice_to(nnx_tir *t, const char *x, uint32_t rank, const uint32_t *start, const uint32_t *size, uint32_t v)
{
    const char *in[3] = {x, nnx_tir_shape_u(t, start, rank), nnx_tir_shape_u(t, size, rank)};
    return nnx_tir_op_value(t, NNX_TOSA_SLICE, in, 3, NULL, v);
}

static bool slice(nnx_tir *t, const nnx_node *n)
{
    const nnx_attr_slice *s = &n->attrs.slice;
    uint32_t r = desc_of(t, n->in[0])->rank;
    for (uint32_t i = 0; i < r; i++)
        if (s->strides[i] != 1)
            return nnx_tir_fail(t, "a slice with stride %u on axis %u has no TOSA form (SLICE takes steps of 1)",
                                s->strides[i], i);
    return slice_to(t, nnx_tir_value(t, n->in[0]), r, s->starts, s->sizes, n->out[0]);
}

static bool split(nnx_tir *t, const nnx_node *n)
{
    const nnx_operand_desc *x = desc_of(t, n->in[0]);
    const char *src = nnx_tir_value(t, n->in[0]);
    uint32_t start[NNX_MAX_RANK] = {0}, size[NNX_MAX_RANK];
    memcpy(size, x->shape, sizeof size);
    for (uint32_t k = 0; k < n->n_out; k++) {
        size[n->attrs.split.axis] = n->attrs.split.sizes[k];
        if (!slice_to(t, src, x->rank, start, size, n->out[k]))
            return false;
        start[n->attrs.split.axis] += n->attrs.split.sizes[k];
    }
    return true;
}

static bool pad(nnx_tir *t, const nnx_node *n)
{
    const nnx_attr_pad *p = &n->attrs.pad;
    const nnx_operand_desc *x = desc_of(t, n->in[0]);
    if (p->mode != NNX_PAD_CONSTANT)
        return nnx_tir_fail(t, "a pad in %s mode has no TOSA form (PAD fills a constant)",
                            p->mode == NNX_PAD_EDGE          ? "edge"
                                : p->mode == NNX_PAD_REFLECT ? "reflect"
                                                             : "symmetric");
    int64_t v[2 * NNX_MAX_RANK];
    for (uint32_t i = 0; i < x->rank; i++) {
        if (p->begin[i] < 0 || p->end[i] < 0)
            return nnx_tir_fail(t, "a negative pad (a crop) on axis %u has no TOSA PAD form", i);
        v[2 * i] = p->begin[i];
        v[2 * i + 1] = p->end[i];
    }
    const char *c = nnx_dtype_kind_of(x->dtype) == NNX_KIND_FLOAT ? nnx_tir_scalar_f(t, x->dtype, 1, p->value.f)
                                                                  : nnx_tir_scalar_i(t, x->dtype, 1, p->value.i);
    const char *in[3] = {nnx_tir_value(t, n->in[0]), nnx_tir_shape(t, v, 2 * x->rank), c};
    return nnx_tir_op_value(t, NNX_TOSA_PAD, in, 3, NULL, n->out[0]);
}

static bool tile(nnx_tir *t, const nnx_node *n)
{
    uint32_t r = desc_of(t, n->in[0])->rank;
    const char *in[2] = {nnx_tir_value(t, n->in[0]), nnx_tir_shape_u(t, n->attrs.tile.repeats, r)};
    return nnx_tir_op_value(t, NNX_TOSA_TILE, in, 2, NULL, n->out[0]);
}

/* expand: RESHAPE to the target rank, then TILE the axes of extent 1 (or a RESHAPE alone). */
static bool expand(nnx_tir *t, const nnx_node *n)
{
    const nnx_operand_desc *x = desc_of(t, n->in[0]), *o = desc_of(t, n->out[0]);
    const char *cur = nnx_tir_at_rank(t, n->in[0], o->rank);
    uint32_t lead = o->rank - x->rank, rep[NNX_MAX_RANK];
    bool any = false;
    for (uint32_t i = 0; i < o->rank; i++) {
        uint32_t e = i < lead ? 1 : x->shape[i - lead];
        rep[i] = o->shape[i] / e;
        any = any || rep[i] != 1;
    }
    if (!any) {
        const char *in[2] = {cur, nnx_tir_shape_u(t, o->shape, o->rank)};
        return nnx_tir_op_value(t, NNX_TOSA_RESHAPE, in, 2, NULL, n->out[0]);
    }
    const char *in[2] = {cur, nnx_tir_shape_u(t, rep, o->rank)};
    return nnx_tir_op_value(t, NNX_TOSA_TILE, in, 2, NULL, n->out[0]);
}

static bool reverse(nnx_tir *t, const nnx_node *n)
{
    const nnx_operand_desc *x = desc_of(t, n->in[0]);
    const char *cur = nnx_tir_value(t, n->in[0]);
    uint32_t m = n->attrs.reverse.axes_mask & ((x->rank >= 32 ? 0 : (1u << x->rank)) - 1u), last = 0;
    if (!m)
        return reshape_to_out(t, n);
    for (uint32_t i = 0; i < x->rank; i++)
        if (m & (1u << i))
            last = i;
    for (uint32_t i = 0; i < x->rank; i++) {
        if (!(m & (1u << i)))
            continue;
        nnx_tfile_attr a = {.type = NNX_TOSA_REVERSE, .axis = (int32_t)i};
        if (i == last)
            return nnx_tir_op_value(t, NNX_TOSA_REVERSE, &cur, 1, &a, n->out[0]);
        cur = nnx_tir_op1(t, NNX_TOSA_REVERSE, &cur, 1, &a, x);
    }
    return false;
}

/* The [N, W] indices a TOSA GATHER / SCATTER came from: the core indices are
 * expand(reshape(idx [N, W] -> [N, W, 1]) -> [N, W, C]) or the reshape alone (C = 1)
 * (builder_tosa_data.c). NNX_NONE when the pattern is not there. */
static uint32_t tosa_indices(nnx_tir *t, uint32_t v)
{
    const nnx_value *x = &t->ir->values[v];
    if (x->kind != NNX_VALUE_NODE)
        return NNX_NONE;
    const nnx_node *e = &t->ir->nodes[x->producer];
    if (e->op == NNX_OP_EXPAND) {
        x = &t->ir->values[e->in[0]];
        if (x->kind != NNX_VALUE_NODE)
            return NNX_NONE;
        e = &t->ir->nodes[x->producer];
    }
    if (e->op != NNX_OP_RESHAPE)
        return NNX_NONE;
    const nnx_operand_desc *d = desc_of(t, e->in[0]);
    return d->rank == 2 && d->dtype == NNX_INT32 ? e->in[0] : NNX_NONE;
}

static bool gather_scatter(nnx_tir *t, const nnx_node *n)
{
    bool sc = n->op == NNX_OP_SCATTER_ELEMENTS;
    const nnx_operand_desc *x = desc_of(t, n->in[0]);
    uint32_t idx = tosa_indices(t, n->in[1]);
    if (x->rank != 3 || n->attrs.axis.axis != 1 || idx == NNX_NONE)
        return nnx_tir_fail(t, "%s has no TOSA form (only the [N, K, C] form a TOSA %s lowers to maps back)",
                            sc ? "scatter_elements" : "gather_elements", sc ? "SCATTER" : "GATHER");
    const char *in[3] = {nnx_tir_value(t, n->in[0]), nnx_tir_value(t, idx), sc ? nnx_tir_value(t, n->in[2]) : NULL};
    return nnx_tir_op_value(t, sc ? NNX_TOSA_SCATTER : NNX_TOSA_GATHER, in, sc ? 3 : 2, NULL, n->out[0]);
}

static bool negate(nnx_tir *t, const nnx_node *n)
{
    nnx_dtype dt = desc_of(t, n->in[0])->dtype;
    const char *in[3] = {nnx_tir_value(t, n->in[0]), zp(t, n, 1, dt), zp(t, n, 2, dt)};
    return nnx_tir_op_value(t, NNX_TOSA_NEGATE, in, 3, NULL, n->out[0]);
}

static bool max_pool(nnx_tir *t, const nnx_node *n)
{
    const nnx_attr_pool *p = &n->attrs.pool;
    if (p->layout != NNX_LAYOUT_NHWC)
        return false; /* from_ir_legalize_nn.c: NCHW */
    nnx_tfile_attr a = {.type = NNX_TOSA_MAX_POOL2D, .nan_mode = nan_mode(p->nan_mode)};
    int32_t k[2] = {(int32_t)p->window[0], (int32_t)p->window[1]},
            s[2] = {(int32_t)p->strides[0], (int32_t)p->strides[1]};
    int32_t pd[4] = {(int32_t)p->pads[0], (int32_t)p->pads[1], (int32_t)p->pads[2], (int32_t)p->pads[3]};
    const char *x = nnx_tir_value(t, n->in[0]);
    return nnx_tir_ints(t, &a.kernel, k, 2) && nnx_tir_ints(t, &a.stride, s, 2) && nnx_tir_ints(t, &a.pad, pd, 4) &&
        nnx_tir_op_value(t, NNX_TOSA_MAX_POOL2D, &x, 1, &a, n->out[0]);
}

bool nnx_tir_unary_op(nnx_op op, uint32_t *to)
{
    switch (op) {
    case NNX_OP_ABS: *to = NNX_TOSA_ABS; return true;
    case NNX_OP_CEIL: *to = NNX_TOSA_CEIL; return true;
    case NNX_OP_FLOOR: *to = NNX_TOSA_FLOOR; return true;
    case NNX_OP_EXP: *to = NNX_TOSA_EXP; return true;
    case NNX_OP_LOG: *to = NNX_TOSA_LOG; return true;
    case NNX_OP_SIGMOID: *to = NNX_TOSA_SIGMOID; return true;
    case NNX_OP_TANH: *to = NNX_TOSA_TANH; return true;
    case NNX_OP_ERF: *to = NNX_TOSA_ERF; return true;
    case NNX_OP_SIN: *to = NNX_TOSA_SIN; return true;
    case NNX_OP_COS: *to = NNX_TOSA_COS; return true;
    case NNX_OP_RCP: *to = NNX_TOSA_RECIPROCAL; return true;
    case NNX_OP_RSQRT: *to = NNX_TOSA_RSQRT; return true;
    case NNX_OP_LOGICAL_NOT: *to = NNX_TOSA_LOGICAL_NOT; return true;
    case NNX_OP_BITWISE_NOT: *to = NNX_TOSA_BITWISE_NOT; return true;
    case NNX_OP_CLZ: *to = NNX_TOSA_CLZ; return true;
    default: return false;
    }
}

static bool simple_binary(nnx_op op, uint32_t *to)
{
    switch (op) {
    case NNX_OP_ADD: *to = NNX_TOSA_ADD; return true;
    case NNX_OP_SUB: *to = NNX_TOSA_SUB; return true;
    case NNX_OP_POW: *to = NNX_TOSA_POW; return true;
    case NNX_OP_EQUAL: *to = NNX_TOSA_EQUAL; return true;
    case NNX_OP_GREATER: *to = NNX_TOSA_GREATER; return true;
    case NNX_OP_GREATER_EQUAL: *to = NNX_TOSA_GREATER_EQUAL; return true;
    case NNX_OP_LOGICAL_AND: *to = NNX_TOSA_LOGICAL_AND; return true;
    case NNX_OP_LOGICAL_OR: *to = NNX_TOSA_LOGICAL_OR; return true;
    case NNX_OP_LOGICAL_XOR: *to = NNX_TOSA_LOGICAL_XOR; return true;
    case NNX_OP_BITWISE_AND: *to = NNX_TOSA_BITWISE_AND; return true;
    case NNX_OP_BITWISE_OR: *to = NNX_TOSA_BITWISE_OR; return true;
    case NNX_OP_BITWISE_XOR: *to = NNX_TOSA_BITWISE_XOR; return true;
    case NNX_OP_SHIFT_LEFT: *to = NNX_TOSA_LOGICAL_LEFT_SHIFT; return true;
    case NNX_OP_SHIFT_RIGHT_LOGICAL: *to = NNX_TOSA_LOGICAL_RIGHT_SHIFT; return true;
    default: return false;
    }
}

bool nnx_tir_tosa_op(nnx_tir *t, const nnx_node *n, bool *handled)
{
    uint32_t to;
    *handled = true;
    if (nnx_tir_unary_op(n->op, &to))
        return unary(t, n, to);
    if (simple_binary(n->op, &to))
        return binary(t, n, to, NULL, false);
    switch (n->op) {
    case NNX_OP_LESS: return binary(t, n, NNX_TOSA_GREATER, NULL, true);
    case NNX_OP_LESS_EQUAL: return binary(t, n, NNX_TOSA_GREATER_EQUAL, NULL, true);
    case NNX_OP_MAX:
    case NNX_OP_MIN: {
        uint32_t op = n->op == NNX_OP_MAX ? NNX_TOSA_MAXIMUM : NNX_TOSA_MINIMUM;
        nnx_tfile_attr a = {.type = (uint8_t)op, .nan_mode = nan_mode(n->attrs.nan.nan_mode)};
        return binary(t, n, op, &a, false);
    }
    case NNX_OP_SHIFT_RIGHT_ARITHMETIC: {
        nnx_tfile_attr a = {.type = NNX_TOSA_ARITHMETIC_RIGHT_SHIFT, .round = n->attrs.shift.round};
        return binary(t, n, NNX_TOSA_ARITHMETIC_RIGHT_SHIFT, &a, false);
    }
    case NNX_OP_DIV:
        if (nnx_dtype_is_float(desc_of(t, n->in[0])->dtype)) {
            *handled = false; /* from_ir_legalize.c: MUL by RECIPROCAL */
            return true;
        }
        if (desc_of(t, n->in[0])->dtype != NNX_INT32)
            return nnx_tir_fail(t, "a %s div has no TOSA form (INTDIV takes int32)",
                                nnx_dtype_name(desc_of(t, n->in[0])->dtype));
        return binary(t, n, NNX_TOSA_INTDIV, NULL, false);
    case NNX_OP_MUL:
    case NNX_OP_TOSA_MUL: return mul_op(t, n);
    case NNX_OP_WHERE: {
        uint32_t r = desc_of(t, n->out[0])->rank;
        const char *in[3] = {in_at(t, n, 0, r), in_at(t, n, 1, r), in_at(t, n, 2, r)};
        return nnx_tir_op_value(t, NNX_TOSA_SELECT, in, 3, NULL, n->out[0]);
    }
    case NNX_OP_CLAMP: return clamp(t, n);
    case NNX_OP_TOSA_NEGATE: return negate(t, n);
    case NNX_OP_TOSA_TABLE: {
        const char *in[2] = {nnx_tir_value(t, n->in[0]), nnx_tir_value(t, n->in[1])};
        return nnx_tir_op_value(t, NNX_TOSA_TABLE, in, 2, NULL, n->out[0]);
    }
    case NNX_OP_TOSA_RESCALE: return rescale(t, n);
    case NNX_OP_TOSA_AVG_POOL2D: return avg_pool2d(t, n);
    case NNX_OP_TOSA_CONV2D:
    case NNX_OP_TOSA_CONV3D:
    case NNX_OP_TOSA_DEPTHWISE_CONV2D:
    case NNX_OP_TOSA_TRANSPOSE_CONV2D: return conv(t, n);
    case NNX_OP_TOSA_MATMUL: return matmul(t, n);
    case NNX_OP_TOSA_RESIZE: return resize(t, n);
    case NNX_OP_FFT2D:
    case NNX_OP_RFFT2D: return fft(t, n);
    case NNX_OP_REDUCE_SUM: return reduce(t, n, NNX_TOSA_REDUCE_SUM);
    case NNX_OP_REDUCE_MAX: return reduce(t, n, NNX_TOSA_REDUCE_MAX);
    case NNX_OP_REDUCE_MIN: return reduce(t, n, NNX_TOSA_REDUCE_MIN);
    case NNX_OP_REDUCE_PRODUCT: return reduce(t, n, NNX_TOSA_REDUCE_PRODUCT);
    case NNX_OP_REDUCE_ALL: return reduce(t, n, NNX_TOSA_REDUCE_ALL);
    case NNX_OP_REDUCE_ANY: return reduce(t, n, NNX_TOSA_REDUCE_ANY);
    case NNX_OP_REDUCE_ARGMAX: return argmax(t, n);
    case NNX_OP_RESHAPE: return reshape_to_out(t, n);
    case NNX_OP_TRANSPOSE: return transpose(t, n);
    case NNX_OP_CONCAT: return concat(t, n);
    case NNX_OP_SLICE: return slice(t, n);
    case NNX_OP_SPLIT: return split(t, n);
    case NNX_OP_PAD: return pad(t, n);
    case NNX_OP_TILE: return tile(t, n);
    case NNX_OP_EXPAND: return expand(t, n);
    case NNX_OP_REVERSE: return reverse(t, n);
    case NNX_OP_GATHER_ELEMENTS:
    case NNX_OP_SCATTER_ELEMENTS: return gather_scatter(t, n);
    case NNX_OP_MAX_POOL:
        if (n->attrs.pool.layout == NNX_LAYOUT_NHWC && n->attrs.pool.dilations[0] <= 1 &&
            n->attrs.pool.dilations[1] <= 1 && !n->attrs.pool.has_output_sizes &&
            n->attrs.pool.rounding != NNX_ROUNDING_CEIL)
            return max_pool(t, n);
        *handled = false;
        return true;
    default: *handled = false; return true;
    }
}
