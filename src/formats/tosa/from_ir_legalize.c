/* from_ir_legalize.c — core ops of other front ends (ONNX, NNEF, WebNN) that TOSA has no
 * operator of its own for, written as compositions of TOSA operators (the table in
 * docs/TOSA-FILES.md). Float compositions are not bit-exact with the core op (decision
 * TOSA-L3); the activations, batch_normalization and the mean-style reductions read an
 * input's NHWC twin when it has one (TOSA-L11). */
#include "formats/tosa/from_ir_emit.h"
#include "ir/dtypes.h"
#include "ir/elem.h"

#include <math.h>
#include <string.h>

typedef struct lz {
    nnx_tir *t;
    const nnx_node *n;
    nnx_operand_desc xd; /* input 0's descriptor */
    const char *x;       /* input 0's tensor */
    bool nhwc;           /* x is input 0's NHWC twin and the output is written as one (TOSA-L11) */
    uint32_t axis, mask; /* batch_normalization's axis, a reduction's axes, at x's layout */
} lz;

static const nnx_operand_desc *vd(nnx_tir *t, uint32_t v) { return &t->ir->values[v].desc; }

/* A scalar constant at x's rank and type. */
static const char *k_f(lz *z, double v) { return nnx_tir_scalar_f(z->t, z->xd.dtype, z->xd.rank, v); }
static nnx_operand_desc ones(const nnx_operand_desc *d)
{
    nnx_operand_desc o = {.dtype = d->dtype, .rank = d->rank};
    for (uint32_t i = 0; i < d->rank; i++)
        o.shape[i] = 1;
    return o;
}

static const char *un(lz *z, uint32_t op, const char *a) { return nnx_tir_op1(z->t, op, &a, 1, NULL, &z->xd); }
static const char *bin(lz *z, uint32_t op, const char *a, const char *b, const nnx_operand_desc *bd)
{
    return nnx_tir_binary(
        z->t, op, a, &z->xd, b, bd ? bd : &z->xd,
        op == NNX_TOSA_EQUAL || op == NNX_TOSA_GREATER || op == NNX_TOSA_GREATER_EQUAL ? NNX_BOOL : z->xd.dtype, NULL);
}
static const char *mul_k(lz *z, const char *a, double v)
{
    nnx_operand_desc o = ones(&z->xd);
    return nnx_tir_mul(z->t, a, &z->xd, k_f(z, v), &o, NULL);
}
static const char *add_k(lz *z, const char *a, double v)
{
    nnx_operand_desc o = ones(&z->xd);
    return bin(z, NNX_TOSA_ADD, a, k_f(z, v), &o);
}
static const char *clamp_f(lz *z, const char *a, double lo, double hi)
{
    nnx_tfile_attr at;
    if (!a || !nnx_tir_clamp_attr(z->t, z->xd.dtype, lo, hi, 0, 0, 1, &at))
        return NULL;
    return nnx_tir_op1(z->t, NNX_TOSA_CLAMP, &a, 1, &at, &z->xd);
}

/* The last step writes the node's output: a RESHAPE of the same shape would add an
 * operator, so the compositions below end with an op_value of their own (out_op: or, in
 * NHWC mode, the output's NHWC twin). */
static bool out_op(lz *z, uint32_t op, const char *const *in, uint32_t n_in, const nnx_tfile_attr *at)
{
    if (!z->nhwc)
        return nnx_tir_op_value(z->t, op, in, n_in, at, z->n->out[0]);
    nnx_operand_desc od = nnx_tir_nhwc_desc(vd(z->t, z->n->out[0]));
    const char *y = nnx_tir_op1(z->t, op, in, n_in, at, &od);
    nnx_tir_set_twin(z->t, z->n->out[0], y, true);
    return y != NULL;
}
static bool out_bin(lz *z, uint32_t op, const char *a, const char *b, const nnx_operand_desc *bd)
{
    nnx_tir *t = z->t;
    if (!a || !b)
        return false;
    uint32_t r = vd(t, z->n->out[0])->rank;
    const char *in[3] = {nnx_tir_name_at_rank(t, a, &z->xd, r), nnx_tir_name_at_rank(t, b, bd ? bd : &z->xd, r),
                         op == NNX_TOSA_MUL ? nnx_tir_zero(t, NNX_INT8) : NULL};
    return out_op(z, op, in, op == NNX_TOSA_MUL ? 3 : 2, NULL);
}
static bool out_un(lz *z, uint32_t op, const char *a, const nnx_tfile_attr *at)
{
    return a && out_op(z, op, &a, 1, at);
}
static bool out_clamp(lz *z, const char *a, double lo, double hi)
{
    nnx_tfile_attr at;
    return a && nnx_tir_clamp_attr(z->t, z->xd.dtype, lo, hi, 0, 0, 1, &at) && out_un(z, NNX_TOSA_CLAMP, a, &at);
}

static bool need_float(lz *z)
{
    if (nnx_dtype_is_float(z->xd.dtype))
        return true;
    return nnx_tir_fail(z->t, "%s of %s has no TOSA form here (float types only)", nnx_op_table[z->n->op].name,
                        nnx_dtype_name(z->xd.dtype));
}

static bool activation(lz *z)
{
    const nnx_attr_activation *a = &z->n->attrs.activation;
    double inf = INFINITY;
    switch (z->n->op) {
    case NNX_OP_RELU: return out_clamp(z, z->x, 0, inf);
    case NNX_OP_LEAKY_RELU: /* max(0, x) + alpha min(0, x) */
        return out_bin(z, NNX_TOSA_ADD, clamp_f(z, z->x, 0, inf), mul_k(z, clamp_f(z, z->x, -inf, 0), a->alpha), NULL);
    case NNX_OP_ELU: /* max(0, x) + alpha (exp(min(0, x)) - 1) */
        return out_bin(z, NNX_TOSA_ADD, clamp_f(z, z->x, 0, inf),
                       mul_k(z, add_k(z, un(z, NNX_TOSA_EXP, clamp_f(z, z->x, -inf, 0)), -1), a->alpha), NULL);
    case NNX_OP_HARD_SIGMOID: return out_clamp(z, add_k(z, mul_k(z, z->x, a->alpha), a->beta), 0, 1);
    case NNX_OP_HARD_SWISH: /* x * clamp(x + 3, 0, 6) / 6 */
        return out_bin(z, NNX_TOSA_MUL, z->x, mul_k(z, clamp_f(z, add_k(z, z->x, 3), 0, 6), 1.0 / 6), NULL);
    case NNX_OP_LINEAR: return out_bin(z, NNX_TOSA_ADD, mul_k(z, z->x, a->alpha), k_f(z, a->beta), NULL);
    case NNX_OP_SOFTPLUS: return out_un(z, NNX_TOSA_LOG, add_k(z, un(z, NNX_TOSA_EXP, z->x), 1), NULL);
    case NNX_OP_SOFTSIGN:
        return out_bin(z, NNX_TOSA_MUL, z->x, un(z, NNX_TOSA_RECIPROCAL, add_k(z, un(z, NNX_TOSA_ABS, z->x), 1)), NULL);
    case NNX_OP_GELU: /* x/2 (1 + erf(x / sqrt 2)) */
        return out_bin(z, NNX_TOSA_MUL, mul_k(z, z->x, 0.5),
                       add_k(z, un(z, NNX_TOSA_ERF, mul_k(z, z->x, 0.70710678118654752440)), 1), NULL);
    default: return false;
    }
}

static bool cast(lz *z)
{
    const nnx_attr_cast *c = &z->n->attrs.cast;
    nnx_dtype to = c->to;
    if (c->saturation != NNX_CAST_SATURATION_DEFAULT || c->wrap || c->e8m0_rounding)
        return nnx_tir_fail(z->t, "a cast with ONNX Cast's saturate / round_mode / wrapping options has no TOSA form");
    const char *x = z->x;
    bool f2i = nnx_dtype_is_float(z->xd.dtype) && !nnx_dtype_is_float(to) && to != NNX_BOOL;
    if (f2i && c->rounding == NNX_CAST_TRUNCATE) /* toward zero: x < 0 ? ceil(x) : floor(x) */
        x = nnx_tir_op1(z->t, NNX_TOSA_SELECT,
                        (const char *[]){bin(z, NNX_TOSA_GREATER, k_f(z, 0), x, &z->xd), un(z, NNX_TOSA_CEIL, x),
                                         un(z, NNX_TOSA_FLOOR, x)},
                        3, NULL, &z->xd);
    return out_un(z, NNX_TOSA_CAST, x, NULL);
}

/* dequantize_linear of int8/int16 x: (float(x) - float(zp)) * scale. The difference is an
 * integer below 2^17, exact in float32, so the one rounding is the product's, as the core
 * op's (computed in double, rounded once). Scales that broadcast only; blockwise ones (a
 * dimension between 1 and x's) have no element-wise form. */
static bool dequantize(lz *z)
{
    nnx_tir *t = z->t;
    const nnx_operand_desc *sd = vd(t, z->n->in[1]), *zd = vd(t, z->n->in[2]);
    if (z->xd.dtype != NNX_INT8 && z->xd.dtype != NNX_INT16)
        return nnx_tir_fail(t, "dequantize_linear of %s has no TOSA form here (int8 and int16 only)",
                            nnx_dtype_name(z->xd.dtype));
    for (uint32_t i = 0; i < sd->rank; i++)
        if (sd->shape[i] != 1 && sd->shape[i] != z->xd.shape[z->xd.rank - sd->rank + i])
            return nnx_tir_fail(t, "a blockwise dequantize_linear has no TOSA form");
    nnx_operand_desc xf = z->xd, zf = *zd;
    xf.dtype = zf.dtype = sd->dtype;
    const char *zp = nnx_tir_value(t, z->n->in[2]);
    const char *x = nnx_tir_op1(t, NNX_TOSA_CAST, &z->x, 1, NULL, &xf);
    zp = zp ? nnx_tir_op1(t, NNX_TOSA_CAST, &zp, 1, NULL, &zf) : NULL;
    const char *d = x && zp ? nnx_tir_binary(t, NNX_TOSA_SUB, x, &xf, zp, &zf, sd->dtype, NULL) : NULL;
    return out_bin(z, NNX_TOSA_MUL, d, nnx_tir_value(t, z->n->in[1]), sd);
}

/* REDUCE_SUM over the axes of mask, one operator per axis (kept as 1); *count the
 * elements summed; *d the result's desc. */
static const char *sum_axes(lz *z, const char *x, uint32_t mask, nnx_operand_desc *d, double *count)
{
    *d = z->xd;
    *count = 1;
    for (uint32_t i = 0; i < d->rank; i++) {
        if (!(mask & (1u << i)))
            continue;
        *count *= d->shape[i];
        nnx_tfile_attr a = {.type = NNX_TOSA_REDUCE_SUM, .axis = (int32_t)i};
        d->shape[i] = 1;
        x = nnx_tir_op1(z->t, NNX_TOSA_REDUCE_SUM, &x, 1, &a, d);
    }
    return x;
}

/* The sum-based reductions: mean (sum * 1/n), l1 (sum |x|), sum_square, l2 (sum x^2, ^0.5),
 * log_sum (log sum), log_sum_exp (log sum exp: not shifted by the maximum), then a RESHAPE to
 * the output (the axes dropped or kept). */
static bool sum_reduce(lz *z)
{
    nnx_tir *t = z->t;
    nnx_op op = z->n->op;
    const char *x = z->x;
    if (op == NNX_OP_REDUCE_L1)
        x = un(z, NNX_TOSA_ABS, x);
    else if (op == NNX_OP_REDUCE_SUM_SQUARE || op == NNX_OP_REDUCE_L2)
        x = nnx_tir_mul(t, x, &z->xd, x, &z->xd, NULL);
    else if (op == NNX_OP_REDUCE_LOG_SUM_EXP)
        x = un(z, NNX_TOSA_EXP, x);
    nnx_operand_desc d;
    double count;
    const char *cur = sum_axes(z, x, z->mask, &d, &count);
    nnx_operand_desc o = ones(&d);
    if (op == NNX_OP_REDUCE_MEAN)
        cur = nnx_tir_mul(t, cur, &d, nnx_tir_scalar_f(t, d.dtype, d.rank, 1.0 / count), &o, NULL);
    else if (op == NNX_OP_REDUCE_L2)
        cur = nnx_tir_binary(t, NNX_TOSA_POW, cur, &d, nnx_tir_scalar_f(t, d.dtype, d.rank, 0.5), &o, d.dtype, NULL);
    else if (op == NNX_OP_REDUCE_LOG_SUM || op == NNX_OP_REDUCE_LOG_SUM_EXP)
        cur = cur ? nnx_tir_op1(t, NNX_TOSA_LOG, &cur, 1, NULL, &d) : NULL;
    const nnx_operand_desc *od = vd(t, z->n->out[0]);
    nnx_operand_desc tw = nnx_tir_nhwc_desc(od);
    if (z->nhwc && od->rank == 4 && nnx_desc_equal(&tw, &d)) { /* axes kept: the output's twin */
        nnx_tir_set_twin(t, z->n->out[0], cur, true);
        return cur != NULL;
    }
    const char *in[2] = {cur, nnx_tir_shape_u(t, od->shape, od->rank)};
    return nnx_tir_op_value(t, NNX_TOSA_RESHAPE, in, 2, NULL, z->n->out[0]);
}

/* (x - mean) * rsqrt(var + eps) over the axes of mask (population variance), the result
 * at x's shape. */
static const char *normalize(lz *z, uint32_t mask, double eps)
{
    nnx_tir *t = z->t;
    nnx_operand_desc d, o;
    double count;
    const char *s = sum_axes(z, z->x, mask, &d, &count);
    o = ones(&d);
    const char *m = nnx_tir_mul(t, s, &d, nnx_tir_scalar_f(t, d.dtype, d.rank, 1.0 / count), &o, NULL);
    const char *c = bin(z, NNX_TOSA_SUB, z->x, m, &d);
    const char *v = sum_axes(z, nnx_tir_mul(t, c, &z->xd, c, &z->xd, NULL), mask, &d, &count);
    v = nnx_tir_mul(t, v, &d, nnx_tir_scalar_f(t, d.dtype, d.rank, 1.0 / count), &o, NULL);
    v = nnx_tir_binary(t, NNX_TOSA_ADD, v, &d, nnx_tir_scalar_f(t, d.dtype, d.rank, eps), &o, d.dtype, NULL);
    v = v ? nnx_tir_op1(t, NNX_TOSA_RSQRT, &v, 1, NULL, &d) : NULL;
    return nnx_tir_mul(t, c, &z->xd, v, &d, NULL);
}

/* scale / bias of a normalization as a tensor broadcastable to x: the dims of x at the
 * axes of mask (ascending), 1 elsewhere. */
static const char *param(lz *z, uint32_t v, uint32_t mask, nnx_operand_desc *d)
{
    *d = ones(&z->xd);
    for (uint32_t i = 0; i < d->rank; i++)
        if (mask & (1u << i))
            d->shape[i] = z->xd.shape[i];
    return nnx_tir_reshape(z->t, nnx_tir_value(z->t, v), z->xd.dtype, d->rank, d->shape);
}

static bool norm(lz *z)
{
    const nnx_node *n = z->n;
    const nnx_attr_norm *a = &n->attrs.norm;
    uint32_t mask = 0, pmask;
    if (n->op == NNX_OP_INSTANCE_NORMALIZATION) {
        bool nchw = a->layout != NNX_LAYOUT_NHWC;
        mask = nchw ? 0xCu : 0x6u;
        pmask = nchw ? 0x2u : 0x8u;
    } else {
        for (uint32_t i = 0; i < a->n_axes; i++) {
            if (i && a->axes[i] < a->axes[i - 1])
                return nnx_tir_fail(z->t, "layer_normalization over axes out of ascending order has no TOSA form here");
            mask |= 1u << a->axes[i];
        }
        pmask = mask;
    }
    const char *y = normalize(z, mask, a->epsilon);
    bool scale = n->n_in > 1 && n->in[1] != NNX_NONE, bias = n->n_in > 2 && n->in[2] != NNX_NONE;
    nnx_operand_desc pd;
    if (scale && bias)
        y = nnx_tir_mul(z->t, y, &z->xd, param(z, n->in[1], pmask, &pd), &pd, NULL);
    else if (scale)
        return out_bin(z, NNX_TOSA_MUL, y, param(z, n->in[1], pmask, &pd), &pd);
    if (bias)
        return out_bin(z, NNX_TOSA_ADD, y, param(z, n->in[2], pmask, &pd), &pd);
    nnx_operand_desc o = ones(&z->xd);
    return out_bin(z, NNX_TOSA_MUL, y, k_f(z, 1), &o);
}

/* softmax along axis: exp(x - max) * 1 / sum (TOSA has no SOFTMAX). */
static bool softmax(lz *z)
{
    nnx_tir *t = z->t;
    uint32_t axis = z->n->attrs.axis.axis;
    nnx_operand_desc d = z->xd;
    d.shape[axis] = 1;
    nnx_tfile_attr amax = {.type = NNX_TOSA_REDUCE_MAX, .axis = (int32_t)axis, .nan_mode = 1};
    nnx_tfile_attr asum = {.type = NNX_TOSA_REDUCE_SUM, .axis = (int32_t)axis};
    const char *m = nnx_tir_op1(t, NNX_TOSA_REDUCE_MAX, &z->x, 1, &amax, &d);
    const char *e = un(z, NNX_TOSA_EXP, bin(z, NNX_TOSA_SUB, z->x, m, &d));
    const char *s = nnx_tir_op1(t, NNX_TOSA_REDUCE_SUM, &e, 1, &asum, &d);
    const char *rs = s ? nnx_tir_op1(t, NNX_TOSA_RECIPROCAL, &s, 1, NULL, &d) : NULL;
    return out_bin(z, NNX_TOSA_MUL, e, rs, &d);
}

/* A 1-D statistic along axis as [1, .., C, .., 1] at x's rank. */
static const char *along(lz *z, uint32_t v, uint32_t axis, nnx_operand_desc *d)
{
    *d = ones(&z->xd);
    d->shape[axis] = z->xd.shape[axis];
    return nnx_tir_reshape(z->t, nnx_tir_value(z->t, v), z->xd.dtype, d->rank, d->shape);
}

/* (x - mean) * rsqrt(var + eps) [* scale] [+ bias] */
static bool batch_norm(lz *z)
{
    const nnx_node *n = z->n;
    uint32_t axis = z->axis;
    nnx_operand_desc sd;
    const char *mean_ = along(z, n->in[1], axis, &sd), *var = along(z, n->in[2], axis, &sd);
    nnx_operand_desc o = ones(&z->xd);
    const char *ve = nnx_tir_binary(z->t, NNX_TOSA_ADD, var, &sd,
                                    nnx_tir_scalar_f(z->t, z->xd.dtype, z->xd.rank, n->attrs.norm.epsilon), &o,
                                    z->xd.dtype, NULL);
    const char *inv = ve ? nnx_tir_op1(z->t, NNX_TOSA_RSQRT, &ve, 1, NULL, &sd) : NULL;
    bool scale = n->n_in > 3 && n->in[3] != NNX_NONE, bias = n->n_in > 4 && n->in[4] != NNX_NONE;
    if (scale)
        inv = nnx_tir_mul(z->t, inv, &sd, along(z, n->in[3], axis, &sd), &sd, NULL);
    const char *c = bin(z, NNX_TOSA_SUB, z->x, mean_, &sd);
    if (!bias)
        return out_bin(z, NNX_TOSA_MUL, c, inv, &sd);
    return out_bin(z, NNX_TOSA_ADD, nnx_tir_mul(z->t, c, &z->xd, inv, &sd, NULL), along(z, n->in[4], axis, &sd), &sd);
}

/* gather along axis with constant indices: x as [N, K, C] (N the axes before, C those
 * after), the indices made int32 [N, W] at convert time (negative ones counted from the
 * end, out-of-range ones clamped as the core does), GATHER, RESHAPE to the output. */
/* The [N, W] int32 indices of a TOSA GATHER for the core's rule on indices of K entries:
 * i = clamp(i, -K, K - 1), i < 0 ? i + K : i. Constant indices are computed here; run-time
 * int32 ones by TOSA operators, as [1, W] tiled to [N, W]. NULL on failure (t's error). */
static const char *gather_indices(lz *z, uint64_t N, uint64_t K, uint64_t W)
{
    nnx_tir *t = z->t;
    const nnx_value *iv = &t->ir->values[z->n->in[1]];
    nnx_operand_desc nw = {.dtype = NNX_INT32, .rank = 2, .shape = {(uint32_t)N, (uint32_t)W}};
    if (iv->kind == NNX_VALUE_CONSTANT) {
        int32_t *idx = nnx_mem_alloc(t->alloc, (size_t)(N * W > 0 ? N * W : 1) * sizeof *idx);
        if (!idx)
            return (nnx_tir_oom(t), NULL);
        for (uint64_t j = 0; j < W; j++) {
            int64_t v = nnx_load_i(iv->desc.dtype, iv->data, j);
            v = v < -(int64_t)K ? -(int64_t)K : v >= (int64_t)K ? (int64_t)K - 1 : v;
            for (uint64_t b = 0; b < N; b++)
                idx[b * W + j] = (int32_t)(v < 0 ? v + (int64_t)K : v);
        }
        const char *c = nnx_tir_const(t, &nw, idx);
        nnx_mem_free(t->alloc, idx);
        return c;
    }
    if (iv->desc.dtype != NNX_INT32)
        return (nnx_tir_fail(t, "gather with computed %s indices has no TOSA form (GATHER takes int32)",
                             nnx_dtype_name(iv->desc.dtype)),
                NULL);
    nnx_operand_desc row = {.dtype = NNX_INT32, .rank = 2, .shape = {1, (uint32_t)W}};
    nnx_operand_desc one = {.dtype = NNX_INT32, .rank = 2, .shape = {1, 1}};
    /* MAXIMUM and MINIMUM, since TOSA 1.0's CLAMP takes no int32 */
    const char *i = nnx_tir_reshape(t, nnx_tir_value(t, z->n->in[1]), NNX_INT32, 2, row.shape);
    i = nnx_tir_binary(t, NNX_TOSA_MAXIMUM, i, &row, nnx_tir_scalar_i(t, NNX_INT32, 2, -(int64_t)K), &one, NNX_INT32,
                       NULL);
    i = nnx_tir_binary(t, NNX_TOSA_MINIMUM, i, &row, nnx_tir_scalar_i(t, NNX_INT32, 2, (int64_t)K - 1), &one, NNX_INT32,
                       NULL);
    const char *neg = nnx_tir_binary(t, NNX_TOSA_GREATER, nnx_tir_scalar_i(t, NNX_INT32, 2, 0), &one, i, &row, NNX_BOOL,
                                     NULL);
    const char *wrapped = nnx_tir_binary(t, NNX_TOSA_ADD, i, &row, nnx_tir_scalar_i(t, NNX_INT32, 2, (int64_t)K), &one,
                                         NNX_INT32, NULL);
    const char *sel[3] = {neg, wrapped, i};
    i = nnx_tir_op1(t, NNX_TOSA_SELECT, sel, 3, NULL, &row);
    if (N == 1)
        return i;
    const char *tin[2] = {i, nnx_tir_shape_u(t, (uint32_t[]){(uint32_t)N, 1}, 2)};
    return nnx_tir_op1(t, NNX_TOSA_TILE, tin, 2, NULL, &nw);
}

/* gather along axis: TOSA GATHER of x as [N, K, C] (N the axes before, C those after) at
 * [N, W] indices, reshaped to the output. */
static bool gather(lz *z)
{
    nnx_tir *t = z->t;
    const nnx_node *n = z->n;
    uint32_t axis = n->attrs.axis.axis;
    uint64_t N = 1, C = 1, K = z->xd.shape[axis], W;
    for (uint32_t i = 0; i < axis; i++)
        N *= z->xd.shape[i];
    for (uint32_t i = axis + 1; i < z->xd.rank; i++)
        C *= z->xd.shape[i];
    if (!nnx_desc_elements(&t->ir->values[n->in[1]].desc, &W) || N * W > (1u << 28) || N > UINT32_MAX || C > UINT32_MAX)
        return nnx_tir_fail(t, "gather is too large for a TOSA GATHER");
    const char *ic = gather_indices(z, N, K, W);
    uint32_t s3[3] = {(uint32_t)N, (uint32_t)K, (uint32_t)C};
    const char *in[2] = {nnx_tir_reshape(t, z->x, z->xd.dtype, 3, s3), ic};
    nnx_operand_desc gd = {.dtype = z->xd.dtype, .rank = 3, .shape = {(uint32_t)N, (uint32_t)W, (uint32_t)C}};
    const char *g = ic ? nnx_tir_op1(t, NNX_TOSA_GATHER, in, 2, NULL, &gd) : NULL;
    const nnx_operand_desc *od = vd(t, n->out[0]);
    const char *r[2] = {g, nnx_tir_shape_u(t, od->shape, od->rank)};
    return nnx_tir_op_value(t, NNX_TOSA_RESHAPE, r, 2, NULL, n->out[0]);
}

/* Input 0 read as its NHWC twin when it has one and the op allows (TOSA-L11): the
 * activations and batch_normalization on axis 1 (then written as a twin too: their
 * operators are those on NCHW, constants broadcast along axis 3), the mean-style reductions
 * when the axes kept are in the same order in both layouts (H and W reduced, or C) — the
 * last RESHAPE gives the output its NCHW shape. */
static bool nhwc_in(lz *z)
{
    nnx_operand_desc d;
    const char *x = nnx_tir_twin(z->t, z->n->in[0], &d);
    if (!x || z->xd.rank != 4)
        return false;
    switch (z->n->op) {
    case NNX_OP_RELU:
    case NNX_OP_LEAKY_RELU:
    case NNX_OP_ELU:
    case NNX_OP_HARD_SIGMOID:
    case NNX_OP_HARD_SWISH:
    case NNX_OP_LINEAR:
    case NNX_OP_SOFTPLUS:
    case NNX_OP_SOFTSIGN:
    case NNX_OP_GELU:
        if (!nnx_desc_equal(vd(z->t, z->n->out[0]), &z->xd))
            return false;
        z->nhwc = true;
        break;
    case NNX_OP_BATCH_NORMALIZATION:
        if (z->axis != 1)
            return false;
        z->axis = 3;
        z->nhwc = true;
        break;
    case NNX_OP_REDUCE_MEAN:
    case NNX_OP_REDUCE_L1:
    case NNX_OP_REDUCE_L2:
    case NNX_OP_REDUCE_LOG_SUM:
    case NNX_OP_REDUCE_LOG_SUM_EXP:
    case NNX_OP_REDUCE_SUM_SQUARE: {
        uint32_t m = z->mask & 0xFu, nm = 0;
        if ((m & 0xCu) != 0xCu && !(m & 0x2u))
            return false;
        static const uint32_t from[4] = {0, 2, 3, 1}; /* NHWC axis j is NCHW axis from[j] */
        for (uint32_t j = 0; j < 4; j++)
            if (m & (1u << from[j]))
                nm |= 1u << j;
        z->mask = nm;
        z->nhwc = true; /* sum_reduce: with the axes kept, the result is the output's twin */
        break;
    }
    default: return false;
    }
    z->x = x;
    z->xd = d;
    return true;
}

bool nnx_tir_legalize(nnx_tir *t, const nnx_node *n, bool *handled)
{
    *handled = true;
    lz z = {.t = t, .n = n};
    if (n->n_in && n->in[0] != NNX_NONE) {
        z.xd = *vd(t, n->in[0]);
        if (n->op == NNX_OP_BATCH_NORMALIZATION)
            z.axis = n->attrs.norm.axis;
        else if (n->op == NNX_OP_REDUCE_MEAN || n->op == NNX_OP_REDUCE_L1 || n->op == NNX_OP_REDUCE_L2 ||
                 n->op == NNX_OP_REDUCE_LOG_SUM || n->op == NNX_OP_REDUCE_LOG_SUM_EXP ||
                 n->op == NNX_OP_REDUCE_SUM_SQUARE)
            z.mask = n->attrs.reduce.axes_mask;
        if (!nhwc_in(&z))
            z.x = nnx_tir_value(t, n->in[0]);
    }
    switch (n->op) {
    case NNX_OP_DIV: { /* float: a * (1 / b) */
        const nnx_operand_desc *bd = vd(t, n->in[1]);
        const char *b = nnx_tir_value(t, n->in[1]);
        const char *rb = b ? nnx_tir_op1(t, NNX_TOSA_RECIPROCAL, &b, 1, NULL, bd) : NULL;
        return out_bin(&z, NNX_TOSA_MUL, z.x, rb, bd);
    }
    case NNX_OP_NEG: {
        const char *in[3] = {z.x, nnx_tir_zero(t, z.xd.dtype), nnx_tir_zero(t, z.xd.dtype)};
        return nnx_tir_op_value(t, NNX_TOSA_NEGATE, in, 3, NULL, n->out[0]);
    }
    case NNX_OP_SQRT: {
        nnx_operand_desc o = ones(&z.xd);
        return need_float(&z) && out_bin(&z, NNX_TOSA_POW, z.x, k_f(&z, 0.5), &o);
    }
    case NNX_OP_NOT_EQUAL: {
        const nnx_operand_desc *bd = vd(t, n->in[1]);
        const char *e = nnx_tir_binary(t, NNX_TOSA_EQUAL, z.x, &z.xd, nnx_tir_value(t, n->in[1]), bd, NNX_BOOL, NULL);
        return out_un(&z, NNX_TOSA_LOGICAL_NOT, e, NULL);
    }
    case NNX_OP_IS_NAN: {
        const char *e = nnx_tir_binary(t, NNX_TOSA_EQUAL, z.x, &z.xd, z.x, &z.xd, NNX_BOOL, NULL);
        return out_un(&z, NNX_TOSA_LOGICAL_NOT, e, NULL);
    }
    case NNX_OP_PRELU: { /* x >= 0 ? x : slope x */
        const nnx_operand_desc *sd = vd(t, n->in[1]);
        uint32_t r = vd(t, n->out[0])->rank;
        nnx_operand_desc o = ones(&z.xd);
        const char *ge = nnx_tir_binary(t, NNX_TOSA_GREATER_EQUAL, z.x, &z.xd, k_f(&z, 0), &o, NNX_BOOL, NULL);
        const char *sx = nnx_tir_mul(t, z.x, &z.xd, nnx_tir_value(t, n->in[1]), sd, NULL);
        nnx_operand_desc gd = z.xd;
        gd.dtype = NNX_BOOL;
        const char *in[3] = {nnx_tir_name_at_rank(t, ge, &gd, r), nnx_tir_name_at_rank(t, z.x, &z.xd, r), sx};
        return nnx_tir_op_value(t, NNX_TOSA_SELECT, in, 3, NULL, n->out[0]);
    }
    case NNX_OP_RELU:
    case NNX_OP_LEAKY_RELU:
    case NNX_OP_ELU:
    case NNX_OP_HARD_SIGMOID:
    case NNX_OP_HARD_SWISH:
    case NNX_OP_LINEAR:
    case NNX_OP_SOFTPLUS:
    case NNX_OP_SOFTSIGN:
    case NNX_OP_GELU: return need_float(&z) && activation(&z);
    case NNX_OP_CAST: return cast(&z);
    case NNX_OP_DEQUANTIZE_LINEAR: return dequantize(&z);
    case NNX_OP_REDUCE_MEAN:
    case NNX_OP_REDUCE_L1:
    case NNX_OP_REDUCE_L2:
    case NNX_OP_REDUCE_LOG_SUM:
    case NNX_OP_REDUCE_LOG_SUM_EXP:
    case NNX_OP_REDUCE_SUM_SQUARE: return need_float(&z) && sum_reduce(&z);
    case NNX_OP_INSTANCE_NORMALIZATION:
    case NNX_OP_LAYER_NORMALIZATION: return need_float(&z) && norm(&z);
    case NNX_OP_TAN:
        return out_bin(&z, NNX_TOSA_MUL, un(&z, NNX_TOSA_SIN, z.x),
                       un(&z, NNX_TOSA_RECIPROCAL, un(&z, NNX_TOSA_COS, z.x)), NULL);
    case NNX_OP_IS_INF: {
        const char *in[2] = {un(&z, NNX_TOSA_ABS, z.x), k_f(&z, INFINITY)};
        return nnx_tir_op_value(t, NNX_TOSA_EQUAL, in, 2, NULL, n->out[0]);
    }
    case NNX_OP_SOFTMAX: return need_float(&z) && softmax(&z);
    case NNX_OP_BATCH_NORMALIZATION: return need_float(&z) && batch_norm(&z);
    case NNX_OP_GATHER: return gather(&z);
    case NNX_OP_SIGN: { /* x > 0 ? 1 : 0 > x ? -1 : x + 0 (+0 for +-0, NaN stays NaN) */
        nnx_operand_desc o = ones(&z.xd);
        const char *pos = bin(&z, NNX_TOSA_GREATER, z.x, k_f(&z, 0), &o);
        const char *neg = bin(&z, NNX_TOSA_GREATER, k_f(&z, 0), z.x, &z.xd);
        const char *zero = nnx_dtype_is_float(z.xd.dtype) ? add_k(&z, z.x, 0) : z.x;
        const char *in1[3] = {neg, k_f(&z, -1), zero};
        const char *inner = nnx_tir_op1(t, NNX_TOSA_SELECT, in1, 3, NULL, &z.xd);
        const char *in2[3] = {pos, k_f(&z, 1), inner};
        return nnx_tir_op_value(t, NNX_TOSA_SELECT, in2, 3, NULL, n->out[0]);
    }
    case NNX_OP_ROUND:                       /* NNEF round: floor(x + 0.5) */
        if (!nnx_dtype_is_float(z.xd.dtype)) /* integers: the identity */
            return out_un(&z, NNX_TOSA_IDENTITY, z.x, NULL);
        return out_un(&z, NNX_TOSA_FLOOR, add_k(&z, z.x, 0.5), NULL);
    case NNX_OP_ROUND_EVEN: { /* |x| < 2^(mantissa bits) ? float(int32 CAST(x)) : x */
        if (!nnx_dtype_is_float(z.xd.dtype))
            return out_un(&z, NNX_TOSA_IDENTITY, z.x, NULL);
        /* TOSA 1.0 CAST rounds float -> int to nearest, ties to even; from 2^23 (float32; 2^10
         * float16, 2^7 bfloat16) on every float is an integer, and NaN and the infinities
         * fail the comparison, so those are x itself. -0.5 gives +0.0, not -0.0. */
        double big = z.xd.dtype == NNX_FLOAT16 ? 1024.0 : z.xd.dtype == NNX_BFLOAT16 ? 128.0 : 8388608.0;
        nnx_operand_desc id = z.xd, o = ones(&z.xd);
        id.dtype = NNX_INT32;
        const char *i = nnx_tir_op1(t, NNX_TOSA_CAST, &z.x, 1, NULL, &id);
        const char *r = i ? nnx_tir_op1(t, NNX_TOSA_CAST, &i, 1, NULL, &z.xd) : NULL;
        const char *small = nnx_tir_binary(t, NNX_TOSA_GREATER, k_f(&z, big), &o, un(&z, NNX_TOSA_ABS, z.x), &z.xd,
                                           NNX_BOOL, NULL);
        const char *in[3] = {small, r, z.x};
        return nnx_tir_op_value(t, NNX_TOSA_SELECT, in, 3, NULL, n->out[0]);
    }
    case NNX_OP_REDUCE_ARGMIN: { /* argmax of -x (floats) */
        const nnx_attr_arg_reduce *r = &n->attrs.arg_reduce;
        uint32_t m = r->axes_mask;
        if (!need_float(&z))
            return false;
        if (!m || (m & (m - 1)) || r->index_dtype != NNX_INT32)
            return nnx_tir_fail(t,
                                "reduce_argmin over several axes or to %s has no TOSA form (ARGMAX takes one "
                                "axis, gives int32)",
                                nnx_dtype_name(r->index_dtype));
        const char *in[3] = {z.x, nnx_tir_zero(t, z.xd.dtype), nnx_tir_zero(t, z.xd.dtype)};
        const char *ng = nnx_tir_op1(t, NNX_TOSA_NEGATE, in, 3, NULL, &z.xd);
        uint32_t axis = (uint32_t)__builtin_ctz(m);
        nnx_tfile_attr a = {
            .type = NNX_TOSA_ARGMAX, .axis = (int32_t)axis, .nan_mode = r->nan_mode == NNX_NAN_IGNORE ? 2u : 1u};
        if (!r->keep_dims)
            return out_un(&z, NNX_TOSA_ARGMAX, ng, &a);
        nnx_operand_desc d = {.dtype = NNX_INT32, .rank = z.xd.rank - 1};
        for (uint32_t i = 0, j = 0; i < z.xd.rank; i++)
            if (i != axis)
                d.shape[j++] = z.xd.shape[i];
        const char *am = ng ? nnx_tir_op1(t, NNX_TOSA_ARGMAX, &ng, 1, &a, &d) : NULL;
        const nnx_operand_desc *od = vd(t, n->out[0]);
        const char *rin[2] = {am, nnx_tir_shape_u(t, od->shape, od->rank)};
        return nnx_tir_op_value(t, NNX_TOSA_RESHAPE, rin, 2, NULL, n->out[0]);
    }
    default: *handled = false; return true;
    }
}
