/* from_ir_ops.c — the lowering of each core op family to NNEF operations (the table and
 * decisions B, C, G, P, S of from_ir.h): element-wise, clamp, cast, matmul and gemm, conv,
 * pooling, NNEF sliding windows (box, argmax_pool, sample, debox, desample),
 * multilinear_upsample, RoI pooling and roi_resample, softmax, data movement and
 * reductions. Each function emits the ops of L->node;
 * the last one produces the tensor of the node's output value. */
#include "formats/nnef/emit/from_ir.h"
#include "formats/nnef/emit/tosa_write.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ir/dtypes.h"

typedef nnx_nnef_lower_arg arg;

static uint32_t in_tensor(const nnx_nnef_lower *L, uint32_t i) { return L->tensor_of[L->node->in[i]]; }
static const nnx_operand_desc *in_desc(const nnx_nnef_lower *L, uint32_t i)
{
    return &L->ir->values[L->node->in[i]].desc;
}
static uint32_t out_value(const nnx_nnef_lower *L, uint32_t i) { return L->node->out[i]; }
static const nnx_operand_desc *out_desc(const nnx_nnef_lower *L, uint32_t i)
{
    return &L->ir->values[L->node->out[i]].desc;
}
static bool has_input(const nnx_nnef_lower *L, uint32_t i) { return i < L->node->n_in && L->node->in[i] != NNX_NONE; }

static nnx_status axis_list(nnx_nnef_lower *L, const uint32_t *axes, uint32_t n, nnx_nnef_value *out)
{
    int64_t v[NNX_MAX_RANK];
    for (uint32_t i = 0; i < n; i++)
        v[i] = axes[i];
    return nnx_nnef_lower_ints(L, v, n, out);
}

/* ---------------------------------------------------------------- shared steps */

/* Decision B: *t (described by *d) unsqueezed to rank r with leading 1s, unless its rank is
 * 0 (which broadcasts alike in both conventions) or already r. */
static nnx_status to_rank(nnx_nnef_lower *L, uint32_t *t, nnx_operand_desc *d, uint32_t r)
{
    if (d->rank == 0 || d->rank >= r)
        return NNX_OK;
    uint32_t k = r - d->rank, axes[NNX_MAX_RANK];
    nnx_operand_desc u = {d->dtype, r, {0}};
    for (uint32_t i = 0; i < r; i++) {
        axes[i] = i;
        u.shape[i] = i < k ? 1 : d->shape[i - k];
    }
    arg a[2] = {{"input", nnx_nnef_v_tensor(*t)}, {"axes", {0}}};
    nnx_status st = axis_list(L, axes, k, &a[1].value);
    if (st == NNX_OK)
        st = nnx_nnef_lower_op1(L, "unsqueeze", a, 2, &u, NNX_NONE, t);
    *d = u;
    return st;
}

/* transpose(axes = perm) of a rank-4 *t; the result is the node's output when value is one. */
static nnx_status transpose4(nnx_nnef_lower *L, uint32_t *t, nnx_operand_desc *d, const uint32_t perm[4],
                             uint32_t value)
{
    nnx_operand_desc u = {d->dtype, 4, {d->shape[perm[0]], d->shape[perm[1]], d->shape[perm[2]], d->shape[perm[3]]}};
    arg a[2] = {{"input", nnx_nnef_v_tensor(*t)}, {"axes", {0}}};
    nnx_status st = axis_list(L, perm, 4, &a[1].value);
    if (st == NNX_OK)
        st = nnx_nnef_lower_op1(L, "transpose", a, 2, &u, value, t);
    *d = u;
    return st;
}

/* Physical axis of each logical axis, as transpose axes into NCHW / OIHW (the tables of
 * ir/shape.h and ops/conv.c): out.shape[k] = in.shape[perm[k]]. */
static const uint32_t nhwc_to_nchw[4] = {0, 3, 1, 2}, nchw_to_nhwc[4] = {0, 2, 3, 1};

static const uint32_t *filter_to_oihw(nnx_filter_layout layout)
{
    static const uint32_t hwio[4] = {3, 2, 0, 1}, ohwi[4] = {0, 3, 1, 2}, ihwo[4] = {3, 0, 1, 2};
    switch (layout) {
    case NNX_FILTER_HWIO: return hwio;
    case NNX_FILTER_OHWI: return ohwi;
    case NNX_FILTER_IHWO: return ihwo;
    default: return NULL; /* oihw: as it is */
    }
}

/* ---------------------------------------------------------------- element-wise */

static nnx_status lower_binary(nnx_nnef_lower *L, const char *op)
{
    uint32_t r = out_desc(L, 0)->rank, a = in_tensor(L, 0), b = in_tensor(L, 1), t;
    nnx_operand_desc da = *in_desc(L, 0), db = *in_desc(L, 1);
    nnx_status st = to_rank(L, &a, &da, r);
    if (st == NNX_OK)
        st = to_rank(L, &b, &db, r);
    arg args[2] = {{"x", nnx_nnef_v_tensor(a)}, {"y", nnx_nnef_v_tensor(b)}};
    return st == NNX_OK ? nnx_nnef_lower_op1(L, op, args, 2, NULL, out_value(L, 0), &t) : st;
}

/* select(condition, true_value, false_value): the three operands ranked up like binary ones. */
static nnx_status lower_where(nnx_nnef_lower *L)
{
    uint32_t r = out_desc(L, 0)->rank, in[3], t;
    nnx_status st = NNX_OK;
    for (uint32_t i = 0; i < 3 && st == NNX_OK; i++) {
        nnx_operand_desc d = *in_desc(L, i);
        in[i] = in_tensor(L, i);
        st = to_rank(L, &in[i], &d, r);
    }
    arg args[3] = {{"condition", nnx_nnef_v_tensor(in[0])},
                   {"true_value", nnx_nnef_v_tensor(in[1])},
                   {"false_value", nnx_nnef_v_tensor(in[2])}};
    return st == NNX_OK ? nnx_nnef_lower_op1(L, "select", args, 3, NULL, out_value(L, 0), &t) : st;
}

static nnx_status lower_unary(nnx_nnef_lower *L, const char *op)
{
    uint32_t t;
    arg x = {"x", nnx_nnef_v_tensor(in_tensor(L, 0))};
    return nnx_nnef_lower_op1(L, op, &x, 1, NULL, out_value(L, 0), &t);
}

/* cast<T>(input) of the library after 1.0.2 (NNEF decision 54): between float32, int32 and
 * bool (scalar, integer, logical), float -> int truncating (NNEF's meaning; the core's
 * saturation agrees in range); other types, rounding modes and wrapping have no NNEF form. */
static nnx_status lower_cast(nnx_nnef_lower *L)
{
    nnx_dtype from = in_desc(L, 0)->dtype, to = L->node->attrs.cast.to;
    const nnx_attr_cast *a = &L->node->attrs.cast;
    nnx_nnef_type_kind k = to == NNX_FLOAT32 ? NNX_NNEF_TYPE_SCALAR
        : to == NNX_INT32                    ? NNX_NNEF_TYPE_INTEGER
        : to == NNX_BOOL                     ? NNX_NNEF_TYPE_LOGICAL
                                             : NNX_NNEF_TYPE_NONE;
    if (k == NNX_NNEF_TYPE_NONE || (from != NNX_FLOAT32 && from != NNX_INT32 && from != NNX_BOOL))
        return nnx_nnef_lower_fail(L, NNX_ERROR_NOT_SUPPORTED,
                                   "a cast from %s to %s: NNEF's cast<T> converts scalar (float32), integer (int32) "
                                   "and logical (bool) only",
                                   nnx_dtype_name(from), nnx_dtype_name(to));
    if (a->rounding != NNX_CAST_TRUNCATE || a->wrap || a->saturation != NNX_CAST_SATURATION_DEFAULT ||
        a->e8m0_rounding != 0)
        return nnx_nnef_lower_fail(L, NNX_ERROR_NOT_SUPPORTED,
                                   "NNEF's cast<T> truncates toward zero; this cast has saturate, round_mode or wrap "
                                   "options");
    uint32_t t;
    nnx_status st = nnx_nnef_lower_value_tensor(L, out_value(L, 0), &t);
    if (st != NNX_OK)
        return st;
    arg x = {"input", nnx_nnef_v_tensor(in_tensor(L, 0))};
    nnx_nnef_value r = nnx_nnef_v_tensor(t);
    return nnx_nnef_lower_emit(L, "cast", k, &x, 1, &r, 1);
}

/* Decision C: finite bounds as literals; an infinite or NaN bound is no bound. */
static nnx_status lower_clamp(nnx_nnef_lower *L)
{
    nnx_dtype dt = in_desc(L, 0)->dtype;
    if (!nnx_dtype_is_float(dt))
        return nnx_nnef_lower_fail(L, NNX_ERROR_NOT_SUPPORTED,
                                   "NNEF clamp takes tensor<scalar> only; a %s clamp has no NNEF equivalent",
                                   nnx_dtype_name(dt));
    double lo = L->node->attrs.clamp.lo.f, hi = L->node->attrs.clamp.hi.f;
    if ((isinf(lo) && lo > 0) || (isinf(hi) && hi < 0))
        return nnx_nnef_lower_fail(L, NNX_ERROR_NOT_SUPPORTED, "bound %s has no NNEF literal",
                                   lo > 0 ? "+inf" : "-inf");
    bool has_lo = isfinite(lo), has_hi = isfinite(hi);
    arg args[3] = {
        {"x", nnx_nnef_v_tensor(in_tensor(L, 0))}, {"a", nnx_nnef_v_scalar(lo)}, {"b", nnx_nnef_v_scalar(hi)}};
    uint32_t t;
    if (has_lo && has_hi)
        return nnx_nnef_lower_op1(L, "clamp", args, 3, NULL, out_value(L, 0), &t);
    if (has_lo || has_hi) {
        args[1] = (arg){"y", nnx_nnef_v_scalar(has_lo ? lo : hi)};
        return nnx_nnef_lower_op1(L, has_lo ? "max" : "min", args, 2, NULL, out_value(L, 0), &t);
    }
    return nnx_nnef_lower_op1(L, "copy", args, 1, NULL, out_value(L, 0), &t);
}

/* ---------------------------------------------------------------- matmul, gemm */

static nnx_status lower_matmul(nnx_nnef_lower *L)
{
    uint32_t r = out_desc(L, 0)->rank, a = in_tensor(L, 0), b = in_tensor(L, 1), t;
    nnx_operand_desc da = *in_desc(L, 0), db = *in_desc(L, 1);
    nnx_status st = to_rank(L, &a, &da, r);
    if (st == NNX_OK)
        st = to_rank(L, &b, &db, r);
    arg args[2] = {{"A", nnx_nnef_v_tensor(a)}, {"B", nnx_nnef_v_tensor(b)}};
    return st == NNX_OK ? nnx_nnef_lower_op1(L, "matmul", args, 2, NULL, out_value(L, 0), &t) : st;
}

/* Decision G: matmul(A, B, transposeA, transposeB) [* alpha] [+ C [* beta]]. */
static nnx_status lower_gemm(nnx_nnef_lower *L)
{
    const nnx_attr_gemm *g = &L->node->attrs.gemm;
    bool has_c = has_input(L, 2), scale = g->alpha != 1.0;
    if (!isfinite(g->alpha) || (has_c && !isfinite(g->beta)))
        return nnx_nnef_lower_fail(L, NNX_ERROR_NOT_SUPPORTED, "%s %g has no NNEF literal",
                                   isfinite(g->alpha) ? "beta" : "alpha", isfinite(g->alpha) ? g->beta : g->alpha);
    const nnx_operand_desc *od = out_desc(L, 0);
    uint32_t out = out_value(L, 0), t, c;
    arg mm[4] = {{"A", nnx_nnef_v_tensor(in_tensor(L, 0))},
                 {"B", nnx_nnef_v_tensor(in_tensor(L, 1))},
                 {"transposeA", nnx_nnef_v_logical(g->trans_a)},
                 {"transposeB", nnx_nnef_v_logical(g->trans_b)}};
    nnx_status st = nnx_nnef_lower_op1(L, "matmul", mm, 4, od, scale || has_c ? NNX_NONE : out, &t);
    if (st == NNX_OK && scale) {
        arg m[2] = {{"x", nnx_nnef_v_tensor(t)}, {"y", nnx_nnef_v_scalar(g->alpha)}};
        st = nnx_nnef_lower_op1(L, "mul", m, 2, od, has_c ? NNX_NONE : out, &t);
    }
    if (st != NNX_OK || !has_c)
        return st;
    nnx_operand_desc dc = *in_desc(L, 2);
    c = in_tensor(L, 2);
    st = to_rank(L, &c, &dc, 2);
    if (st == NNX_OK && g->beta != 1.0) {
        arg m[2] = {{"x", nnx_nnef_v_tensor(c)}, {"y", nnx_nnef_v_scalar(g->beta)}};
        st = nnx_nnef_lower_op1(L, "mul", m, 2, &dc, NNX_NONE, &c);
    }
    arg add[2] = {{"x", nnx_nnef_v_tensor(t)}, {"y", nnx_nnef_v_tensor(c)}};
    return st == NNX_OK ? nnx_nnef_lower_op1(L, "add", add, 2, od, out, &t) : st;
}

/* ---------------------------------------------------------------- conv and pooling */

/* NNEF's down-scaled extent floor((p + X + q - f_d) / s) + 1 (NNEF 1.0.2 §4.3), or -1 when the
 * padded input is shorter than the dilated window or the arithmetic overflows. */
static int64_t nnef_extent(int64_t x, int64_t k, int64_t s, int64_t d, int64_t p, int64_t q)
{
    int64_t fd, num;
    if (__builtin_mul_overflow(k - 1, d, &fd) || __builtin_add_overflow(fd, 1, &fd) ||
        __builtin_add_overflow(p + x, q, &num) || num < fd)
        return -1;
    return (num - fd) / s + 1;
}

/* The NCHW form of an NHWC descriptor. */
static nnx_operand_desc as_nchw(const nnx_operand_desc *d, bool nhwc)
{
    nnx_operand_desc u = *d;
    for (int k = 0; nhwc && k < 4; k++)
        u.shape[k] = d->shape[nhwc_to_nchw[k]];
    return u;
}

static nnx_status check_extent(nnx_nnef_lower *L, const char *axis, int64_t got, int64_t want)
{
    if (got == want)
        return NNX_OK;
    return nnx_nnef_lower_fail(L, NNX_ERROR_NOT_SUPPORTED, "NNEF computes output %s %lld, the graph has %lld", axis,
                               (long long)got, (long long)want);
}

/* NNEF bias of channel dimension 1: the core's [O] bias input i reshaped to [1, O]. */
static nnx_status bias_row(nnx_nnef_lower *L, uint32_t i, uint32_t *b)
{
    const nnx_operand_desc *db = in_desc(L, i);
    nnx_operand_desc row = {db->dtype, 2, {1, db->shape[0]}};
    int64_t shape[2] = {1, db->shape[0]};
    arg r[2] = {{"input", nnx_nnef_v_tensor(in_tensor(L, i))}, {"shape", {0}}};
    nnx_status st = nnx_nnef_lower_ints(L, shape, 2, &r[1].value);
    return st == NNX_OK ? nnx_nnef_lower_op1(L, "reshape", r, 2, &row, NNX_NONE, b) : st;
}

/* padding, stride and dilation of n spatial axes as NNEF arrays (args[0..2]). */
static nnx_status spatial_arrays(nnx_nnef_lower *L, uint32_t n, const int64_t *p, const uint32_t *s, const uint32_t *d,
                                 arg *args)
{
    int64_t pads[NNX_MAX_SPATIAL][2], strides[NNX_MAX_SPATIAL], dilations[NNX_MAX_SPATIAL];
    for (uint32_t k = 0; k < n; k++) {
        pads[k][0] = p[2 * k];
        pads[k][1] = p[2 * k + 1];
        strides[k] = s[k];
        dilations[k] = d[k];
    }
    nnx_status st = nnx_nnef_lower_pairs(L, (const int64_t(*)[2])pads, n, &args[0].value);
    if (st == NNX_OK)
        st = nnx_nnef_lower_ints(L, strides, n, &args[1].value);
    return st == NNX_OK ? nnx_nnef_lower_ints(L, dilations, n, &args[2].value) : st;
}

static nnx_status lower_conv(nnx_nnef_lower *L)
{
    const nnx_attr_conv *a = &L->node->attrs.conv;
    bool nhwc = a->input_layout == NNX_LAYOUT_NHWC;
    const uint32_t *fperm = filter_to_oihw(a->filter_layout);
    uint32_t x = in_tensor(L, 0), f = in_tensor(L, 1), out = out_value(L, 0), t;
    nnx_operand_desc dx = *in_desc(L, 0), df = *in_desc(L, 1), od = as_nchw(out_desc(L, 0), nhwc);
    uint32_t n = dx.rank - 2;
    nnx_status st = nhwc ? transpose4(L, &x, &dx, nhwc_to_nchw, NNX_NONE) : NNX_OK;
    if (st == NNX_OK && fperm)
        st = transpose4(L, &f, &df, fperm, NNX_NONE);
    for (uint32_t i = 0; st == NNX_OK && i < n; i++)
        st = check_extent(L, n == 2 ? (i ? "width" : "height") : "spatial extent",
                          nnef_extent(dx.shape[2 + i], df.shape[2 + i], a->strides[i], a->dilations[i], a->pads[2 * i],
                                      a->pads[2 * i + 1]),
                          od.shape[2 + i]);
    arg args[8] = {{"input", nnx_nnef_v_tensor(x)},
                   {"filter", nnx_nnef_v_tensor(f)},
                   {"border", nnx_nnef_v_string("constant")},
                   {"padding", {0}},
                   {"stride", {0}},
                   {"dilation", {0}},
                   {"groups", nnx_nnef_v_int(a->groups)},
                   {"bias", {0}}};
    if (st == NNX_OK)
        st = spatial_arrays(L, n, a->pads, a->strides, a->dilations, &args[3]);
    uint32_t n_args = 7, b = 0;
    if (st == NNX_OK && has_input(L, 2)) {
        st = bias_row(L, 2, &b);
        args[n_args++].value = nnx_nnef_v_tensor(b);
    }
    if (st == NNX_OK)
        st = nnx_nnef_lower_op1(L, "conv", args, n_args, &od, nhwc ? NNX_NONE : out, &t);
    return st == NNX_OK && nhwc ? transpose4(L, &t, &od, nchw_to_nhwc, out) : st;
}

/* DECONV is NNEF deconv with border 'constant' (the core reads zeros outside the input);
 * given output sizes become output_shape = [N, C, sizes...]. */
static nnx_status lower_deconv(nnx_nnef_lower *L)
{
    const nnx_attr_deconv *a = &L->node->attrs.deconv;
    const nnx_operand_desc *od = out_desc(L, 0);
    uint32_t n = od->rank - 2, t, b = 0, n_args = 8;
    arg args[9] = {{"input", nnx_nnef_v_tensor(in_tensor(L, 0))},
                   {"filter", nnx_nnef_v_tensor(in_tensor(L, 1))},
                   {"border", nnx_nnef_v_string("constant")},
                   {"padding", {0}},
                   {"stride", {0}},
                   {"dilation", {0}},
                   {"output_shape", {0}},
                   {"groups", nnx_nnef_v_int(a->groups)},
                   {"bias", {0}}};
    int64_t shape[NNX_MAX_RANK];
    for (uint32_t i = 0; i < od->rank; i++)
        shape[i] = od->shape[i];
    nnx_status st = spatial_arrays(L, n, a->pads, a->strides, a->dilations, &args[3]);
    if (st == NNX_OK)
        st = nnx_nnef_lower_ints(L, shape, a->has_output_sizes ? od->rank : 0, &args[6].value);
    if (st == NNX_OK && has_input(L, 2)) {
        st = bias_row(L, 2, &b);
        args[n_args++].value = nnx_nnef_v_tensor(b);
    }
    return st == NNX_OK ? nnx_nnef_lower_op1(L, "deconv", args, n_args, od, out_value(L, 0), &t) : st;
}

/* Decision P for one spatial axis: the end padding q' that makes NNEF's floor formula give
 * the core's extent `out`, and the check that every window holds an in-bounds element. The
 * core validated the node, so out is its floor or ceil size: (out - 1) * s stays below
 * x + p + q + s < 2^35 and nothing here overflows. */
static nnx_status pool_axis(nnx_nnef_lower *L, const char *axis, int64_t x, int64_t out, int64_t k, int64_t s,
                            int64_t d, int64_t p, int64_t q, int64_t *q_out)
{
    *q_out = q;
    if (nnef_extent(x, k, s, d, p, q) != out) /* ceil rounding: the smallest q' giving `out` */
        *q_out = (out - 1) * s + (k - 1) * d + 1 - x - p;
    nnx_status st = check_extent(L, axis, nnef_extent(x, k, s, d, p, *q_out), out);
    if (st != NNX_OK)
        return st;
    /* Window i reads i*s - p + j*d for j < k. Its start grows with i, so only the last
     * window can start past the input; windows starting before it need a tap in [0, x). */
    int64_t empty = (out - 1) * s - p >= x ? out - 1 : -1;
    for (int64_t i = 0; empty < 0 && i < out && i * s < p; i++) {
        int64_t a = i * s - p, j = (-a + d - 1) / d; /* first tap at or after index 0 */
        if (j >= k || a + j * d >= x)
            empty = i;
    }
    if (empty < 0)
        return NNX_OK;
    return nnx_nnef_lower_fail(L, NNX_ERROR_NOT_SUPPORTED,
                               "output %s index %lld pools a window lying entirely in the padding; NNEF border "
                               "'ignore' leaves that value undefined",
                               axis, (long long)empty);
}

static nnx_status lower_pool(nnx_nnef_lower *L, const char *op)
{
    const nnx_attr_pool *a = &L->node->attrs.pool;
    bool nhwc = a->layout == NNX_LAYOUT_NHWC;
    uint32_t x = in_tensor(L, 0), out = out_value(L, 0), t;
    nnx_operand_desc dx = *in_desc(L, 0), od = as_nchw(out_desc(L, 0), nhwc);
    nnx_status st = nhwc ? transpose4(L, &x, &dx, nhwc_to_nchw, NNX_NONE) : NNX_OK;
    int64_t pads[4][2] = {{0, 0}, {0, 0}, {a->pads[0], 0}, {a->pads[2], 0}};
    int64_t size[4] = {1, 1, a->window[0], a->window[1]}, stride[4] = {1, 1, a->strides[0], a->strides[1]};
    int64_t dilation[4] = {1, 1, a->dilations[0], a->dilations[1]};
    for (uint32_t i = 0; st == NNX_OK && i < 2; i++)
        st = pool_axis(L, i ? "width" : "height", dx.shape[2 + i], od.shape[2 + i], size[2 + i], stride[2 + i],
                       dilation[2 + i], a->pads[2 * i], a->pads[2 * i + 1], &pads[2 + i][1]);
    arg args[6] = {{"input", nnx_nnef_v_tensor(x)},
                   {"size", {0}},
                   {"border", nnx_nnef_v_string("ignore")},
                   {"padding", {0}},
                   {"stride", {0}},
                   {"dilation", {0}}};
    if (st == NNX_OK)
        st = nnx_nnef_lower_ints(L, size, 4, &args[1].value);
    if (st == NNX_OK)
        st = nnx_nnef_lower_pairs(L, pads, 4, &args[3].value);
    if (st == NNX_OK)
        st = nnx_nnef_lower_ints(L, stride, 4, &args[4].value);
    if (st == NNX_OK)
        st = nnx_nnef_lower_ints(L, dilation, 4, &args[5].value);
    if (st == NNX_OK)
        st = nnx_nnef_lower_op1(L, op, args, 6, &od, nhwc ? NNX_NONE : out, &t);
    return st == NNX_OK && nhwc ? transpose4(L, &t, &od, nchw_to_nhwc, out) : st;
}

/* ---------------------------------------------------------------- softmax, movement */

static nnx_status lower_softmax(nnx_nnef_lower *L)
{
    uint32_t t;
    arg args[2] = {{"x", nnx_nnef_v_tensor(in_tensor(L, 0))}, {"axes", {0}}};
    nnx_status st = axis_list(L, &L->node->attrs.axis.axis, 1, &args[1].value);
    return st == NNX_OK ? nnx_nnef_lower_op1(L, "softmax", args, 2, NULL, out_value(L, 0), &t) : st;
}

static nnx_status lower_reshape(nnx_nnef_lower *L)
{
    const nnx_attr_reshape *r = &L->node->attrs.reshape;
    uint32_t t;
    arg args[2] = {{"input", nnx_nnef_v_tensor(in_tensor(L, 0))}, {"shape", {0}}};
    nnx_status st = axis_list(L, r->shape, r->rank, &args[1].value);
    return st == NNX_OK ? nnx_nnef_lower_op1(L, "reshape", args, 2, NULL, out_value(L, 0), &t) : st;
}

static nnx_status lower_transpose(nnx_nnef_lower *L)
{
    uint32_t t;
    arg args[2] = {{"input", nnx_nnef_v_tensor(in_tensor(L, 0))}, {"axes", {0}}};
    nnx_status st = axis_list(L, L->node->attrs.transpose.perm, in_desc(L, 0)->rank, &args[1].value);
    return st == NNX_OK ? nnx_nnef_lower_op1(L, "transpose", args, 2, NULL, out_value(L, 0), &t) : st;
}

static nnx_status lower_concat(nnx_nnef_lower *L)
{
    const nnx_node *n = L->node;
    uint32_t t, *items = nnx_arena_array(&L->g->arena, n->n_in, sizeof *items);
    if (!items)
        return nnx_nnef_lower_oom(L);
    for (uint32_t i = 0; i < n->n_in; i++)
        items[i] = in_tensor(L, i);
    arg args[2] = {{"values", {0}}, {"axis", nnx_nnef_v_int(n->attrs.axis.axis)}};
    nnx_status st = nnx_nnef_lower_tensors(L, items, n->n_in, &args[0].value);
    return st == NNX_OK ? nnx_nnef_lower_op1(L, "concat", args, 2, NULL, out_value(L, 0), &t) : st;
}

/* gather(input, indices, axis) of the library after 1.0.2 (NNEF decisions 52, 57): the same
 * shape rule; indices of any core index type are NNEF integer (read back as int32, where the
 * core's clamping gives the same elements). */
static nnx_status lower_gather(nnx_nnef_lower *L)
{
    uint32_t t;
    arg args[3] = {{"input", nnx_nnef_v_tensor(in_tensor(L, 0))},
                   {"indices", nnx_nnef_v_tensor(in_tensor(L, 1))},
                   {"axis", nnx_nnef_v_int(L->node->attrs.axis.axis)}};
    return nnx_nnef_lower_op1(L, "gather", args, 3, NULL, out_value(L, 0), &t);
}

/* expand (unidirectional broadcast) as tile: the input ranked up with leading 1s (decision B),
 * then each extent-1 axis repeated to the target extent; exact, it only copies. */
static nnx_status lower_expand(nnx_nnef_lower *L)
{
    const nnx_operand_desc *o = out_desc(L, 0);
    uint32_t x = in_tensor(L, 0), t;
    nnx_operand_desc d = *in_desc(L, 0);
    if (d.rank == 0) {
        int64_t one[NNX_MAX_RANK];
        nnx_operand_desc u = {d.dtype, o->rank, {0}};
        for (uint32_t i = 0; i < o->rank; i++)
            one[i] = u.shape[i] = 1;
        arg r[2] = {{"input", nnx_nnef_v_tensor(x)}, {"shape", {0}}};
        nnx_status st = nnx_nnef_lower_ints(L, one, o->rank, &r[1].value);
        if (st == NNX_OK)
            st = nnx_nnef_lower_op1(L, "reshape", r, 2, &u, NNX_NONE, &x);
        if (st != NNX_OK)
            return st;
        d = u;
    }
    nnx_status st = to_rank(L, &x, &d, o->rank);
    uint32_t reps[NNX_MAX_RANK];
    for (uint32_t i = 0; i < o->rank; i++)
        reps[i] = d.shape[i] == o->shape[i] ? 1 : o->shape[i];
    arg args[2] = {{"input", nnx_nnef_v_tensor(x)}, {"repeats", {0}}};
    if (st == NNX_OK)
        st = axis_list(L, reps, o->rank, &args[1].value);
    return st == NNX_OK ? nnx_nnef_lower_op1(L, "tile", args, 2, NULL, out_value(L, 0), &t) : st;
}

/* "[1, 2]" of n strides into buf. */
static const char *list_text(const uint32_t *v, uint32_t n, char *buf, size_t size)
{
    size_t used = (size_t)snprintf(buf, size, "[");
    for (uint32_t i = 0; i < n && used < size; i++)
        used += (size_t)snprintf(buf + used, size - used, i ? ", %u" : "%u", v[i]);
    if (used < size)
        snprintf(buf + used, size - used, "]");
    return buf;
}

/* Decision S: begin..end over every axis; a stride other than 1 only where it takes one element. */
static nnx_status lower_slice(nnx_nnef_lower *L)
{
    const nnx_attr_slice *a = &L->node->attrs.slice;
    const nnx_operand_desc *od = out_desc(L, 0);
    uint32_t r = in_desc(L, 0)->rank, axes[NNX_MAX_RANK], t;
    int64_t begin[NNX_MAX_RANK], end[NNX_MAX_RANK];
    for (uint32_t i = 0; i < r; i++) {
        if (a->strides[i] != 1 && od->shape[i] != 1) {
            char text[8 * 12 + 4];
            return nnx_nnef_lower_fail(L, NNX_ERROR_NOT_SUPPORTED,
                                       "strides %s are not all 1 (axis %u takes every %u-th element); NNEF 1.0.2 "
                                       "slice has no stride",
                                       list_text(a->strides, r, text, sizeof text), i, a->strides[i]);
        }
        axes[i] = i;
        begin[i] = a->starts[i];
        end[i] = (int64_t)a->starts[i] + od->shape[i]; /* > 0: NNEF's end 0 ("to the extent") never arises */
    }
    arg args[4] = {{"input", nnx_nnef_v_tensor(in_tensor(L, 0))}, {"axes", {0}}, {"begin", {0}}, {"end", {0}}};
    nnx_status st = axis_list(L, axes, r, &args[1].value);
    if (st == NNX_OK)
        st = nnx_nnef_lower_ints(L, begin, r, &args[2].value);
    if (st == NNX_OK)
        st = nnx_nnef_lower_ints(L, end, r, &args[3].value);
    return st == NNX_OK ? nnx_nnef_lower_op1(L, "slice", args, 4, NULL, out_value(L, 0), &t) : st;
}

/* split(ratios = the part sizes): NNEF's extent (S / R) * ratio with R = S is the size itself. */
static nnx_status lower_split(nnx_nnef_lower *L)
{
    const nnx_node *n = L->node;
    uint32_t axis = n->attrs.split.axis;
    uint32_t *items = nnx_arena_array(&L->g->arena, n->n_out, sizeof *items);
    int64_t *ratios = nnx_arena_array(&L->g->arena, n->n_out, sizeof *ratios);
    if (!items || !ratios)
        return nnx_nnef_lower_oom(L);
    nnx_status st = NNX_OK;
    for (uint32_t i = 0; st == NNX_OK && i < n->n_out; i++) {
        ratios[i] = out_desc(L, i)->shape[axis];
        st = nnx_nnef_lower_value_tensor(L, out_value(L, i), &items[i]);
    }
    arg args[3] = {{"value", nnx_nnef_v_tensor(in_tensor(L, 0))}, {"axis", nnx_nnef_v_int(axis)}, {"ratios", {0}}};
    nnx_nnef_value values;
    if (st == NNX_OK)
        st = nnx_nnef_lower_ints(L, ratios, n->n_out, &args[2].value);
    if (st == NNX_OK)
        st = nnx_nnef_lower_tensors(L, items, n->n_out, &values);
    return st == NNX_OK ? nnx_nnef_lower_emit(L, "split", NNX_NNEF_TYPE_NONE, args, 3, &values, 1) : st;
}

/* ---------------------------------------------------------------- reductions */

/* NNEF reductions keep the reduced axes as 1s; squeeze them unless keep_dims. */
static nnx_status lower_reduce(nnx_nnef_lower *L, const char *op)
{
    const nnx_attr_reduce *a = &L->node->attrs.reduce;
    nnx_operand_desc kd = *in_desc(L, 0);
    kd.dtype = out_desc(L, 0)->dtype; /* argmax/argmin: the index type */
    uint32_t axes[NNX_MAX_RANK], n = 0, out = out_value(L, 0), t;
    for (uint32_t i = 0; i < kd.rank; i++)
        if (a->axes_mask & (1u << i)) {
            axes[n++] = i;
            kd.shape[i] = 1;
        }
    bool squeeze = !a->keep_dims && n > 0;
    arg args[2] = {{"input", nnx_nnef_v_tensor(in_tensor(L, 0))}, {"axes", {0}}};
    nnx_status st = axis_list(L, axes, n, &args[1].value);
    if (st == NNX_OK)
        st = nnx_nnef_lower_op1(L, op, args, 2, &kd, squeeze ? NNX_NONE : out, &t);
    if (st != NNX_OK || !squeeze)
        return st;
    args[0].value = nnx_nnef_v_tensor(t);
    return nnx_nnef_lower_op1(L, "squeeze", args, 2, NULL, out, &t);
}

/* argmax_reduce / argmin_reduce return tensor<integer>, which loads as int32. */
static nnx_status lower_arg_reduce(nnx_nnef_lower *L, const char *op)
{
    nnx_dtype dt = out_desc(L, 0)->dtype;
    if (dt != NNX_INT32)
        return nnx_nnef_lower_fail(L, NNX_ERROR_NOT_SUPPORTED,
                                   "NNEF %s returns integer (int32) indices, the graph "
                                   "asks for %s",
                                   op, nnx_dtype_name(dt));
    return lower_reduce(L, op);
}

/* ---------------------------------------------------------------- dispatch */

/* pad(input, padding, border, value): the core's modes are NNEF's borders (attrs.h). */
static nnx_status lower_pad(nnx_nnef_lower *L)
{
    static const char *const borders[] = {"constant", "replicate", "reflect", "reflect-even"};
    const nnx_attr_pad *a = &L->node->attrs.pad;
    uint32_t r = in_desc(L, 0)->rank, t;
    int64_t pads[NNX_MAX_RANK][2];
    for (uint32_t i = 0; i < r; i++) {
        pads[i][0] = a->begin[i];
        pads[i][1] = a->end[i];
    }
    double value = nnx_dtype_is_float(in_desc(L, 0)->dtype) ? a->value.f : 0.0;
    if (!isfinite(value))
        return nnx_nnef_lower_fail(L, NNX_ERROR_NOT_SUPPORTED, "pad value %g has no NNEF literal", value);
    arg args[4] = {{"input", nnx_nnef_v_tensor(in_tensor(L, 0))},
                   {"padding", {0}},
                   {"border", nnx_nnef_v_string(borders[a->mode])},
                   {"value", nnx_nnef_v_scalar(value)}};
    nnx_status st = nnx_nnef_lower_pairs(L, (const int64_t(*)[2])pads, r, &args[1].value);
    return st == NNX_OK ? nnx_nnef_lower_op1(L, "pad", args, 4, NULL, out_value(L, 0), &t) : st;
}

static nnx_status lower_tile(nnx_nnef_lower *L)
{
    uint32_t t;
    arg args[2] = {{"input", nnx_nnef_v_tensor(in_tensor(L, 0))}, {"repeats", {0}}};
    nnx_status st = axis_list(L, L->node->attrs.tile.repeats, in_desc(L, 0)->rank, &args[1].value);
    return st == NNX_OK ? nnx_nnef_lower_op1(L, "tile", args, 2, NULL, out_value(L, 0), &t) : st;
}

/* box / argmax_pool / sample(input[, index], size, border, padding, stride, dilation[,
 * normalize]): the core window attributes are NNEF's, with padding written out explicitly
 * (never [] = automatic). NNEF spells only scalar, integer and logical tensors, so argmax_pool
 * and sample of other types, and sample with int64 indices, are NOT_SUPPORTED. */
static nnx_status lower_window(nnx_nnef_lower *L, const char *op)
{
    static const char *const borders[] = {"ignore", "constant", "replicate", "reflect", "reflect-even"};
    const nnx_attr_window *a = &L->node->attrs.window;
    const nnx_operand_desc *x = in_desc(L, 0);
    uint32_t r = x->rank, t, n = 0;
    if (x->dtype != NNX_FLOAT32)
        return nnx_nnef_lower_fail(L, NNX_ERROR_NOT_SUPPORTED, "NNEF %s takes tensor<scalar> (float32), not %s", op,
                                   nnx_dtype_name(x->dtype));
    bool indexed = L->node->op == NNX_OP_SAMPLE || L->node->op == NNX_OP_DESAMPLE;
    bool reverse = L->node->op == NNX_OP_DEBOX || L->node->op == NNX_OP_DESAMPLE;
    if (indexed && in_desc(L, 1)->dtype != NNX_INT32)
        return nnx_nnef_lower_fail(L, NNX_ERROR_NOT_SUPPORTED, "NNEF %s's index is tensor<integer> (int32), not %s", op,
                                   nnx_dtype_name(in_desc(L, 1)->dtype));
    int64_t size[NNX_MAX_RANK], stride[NNX_MAX_RANK], dilation[NNX_MAX_RANK], pads[NNX_MAX_RANK][2];
    int64_t output_shape[NNX_MAX_RANK]; /* debox, desample: always explicit */
    for (uint32_t i = 0; i < r; i++) {
        output_shape[i] = out_desc(L, 0)->shape[i];
        size[i] = a->size[i];
        stride[i] = a->stride[i];
        dilation[i] = a->dilation[i];
        pads[i][0] = a->pad_begin[i];
        pads[i][1] = a->pad_end[i];
    }
    arg args[8];
    args[n++] = (arg){"input", nnx_nnef_v_tensor(in_tensor(L, 0))};
    if (indexed)
        args[n++] = (arg){"index", nnx_nnef_v_tensor(in_tensor(L, 1))};
    uint32_t first = n;
    args[n++] = (arg){"size", {0}};
    args[n++] = (arg){"border", nnx_nnef_v_string(borders[a->border])};
    args[n++] = (arg){"padding", {0}};
    args[n++] = (arg){"stride", {0}};
    args[n++] = (arg){"dilation", {0}};
    if (L->node->op == NNX_OP_BOX || L->node->op == NNX_OP_DEBOX)
        args[n++] = (arg){"normalize", nnx_nnef_v_logical(a->normalize)};
    if (reverse)
        args[n++] = (arg){"output_shape", {0}};
    nnx_status st = nnx_nnef_lower_ints(L, size, r, &args[first].value);
    if (st == NNX_OK && reverse)
        st = nnx_nnef_lower_ints(L, output_shape, r, &args[n - 1].value);
    if (st == NNX_OK)
        st = nnx_nnef_lower_pairs(L, (const int64_t(*)[2])pads, r, &args[first + 2].value);
    if (st == NNX_OK)
        st = nnx_nnef_lower_ints(L, stride, r, &args[first + 3].value);
    if (st == NNX_OK)
        st = nnx_nnef_lower_ints(L, dilation, r, &args[first + 4].value);
    return st == NNX_OK ? nnx_nnef_lower_op1(L, op, args, n, NULL, out_value(L, 0), &t) : st;
}

/* avg_roi_pool / max_roi_pool / roi_resample(input, rois, batch_index, output_size[, method]):
 * the core ops are NNEF's primitives; NNEF spells float32 input and rois and an int32
 * batch_index only ([K] and [K, 1] are the same NNEF shape). */
static nnx_status lower_roi(nnx_nnef_lower *L, const char *op)
{
    static const char *const methods[] = {"symmetric", "asymmetric", "aligned"};
    const nnx_attr_roi *a = &L->node->attrs.roi;
    if (in_desc(L, 0)->dtype != NNX_FLOAT32 || in_desc(L, 1)->dtype != NNX_FLOAT32 || in_desc(L, 2)->dtype != NNX_INT32)
        return nnx_nnef_lower_fail(L, NNX_ERROR_NOT_SUPPORTED,
                                   "NNEF %s takes scalar (float32) input and rois and an integer (int32) batch_index, "
                                   "not %s, %s, %s",
                                   op, nnx_dtype_name(in_desc(L, 0)->dtype), nnx_dtype_name(in_desc(L, 1)->dtype),
                                   nnx_dtype_name(in_desc(L, 2)->dtype));
    int64_t size[NNX_MAX_RANK];
    for (uint32_t i = 0; i < a->n_sizes; i++)
        size[i] = a->output_size[i];
    uint32_t t, n = 4;
    arg args[5] = {{"input", nnx_nnef_v_tensor(in_tensor(L, 0))},
                   {"rois", nnx_nnef_v_tensor(in_tensor(L, 1))},
                   {"batch_index", nnx_nnef_v_tensor(in_tensor(L, 2))},
                   {"output_size", {0}},
                   {"method", {0}}};
    if (L->node->op == NNX_OP_ROI_RESAMPLE)
        args[n++].value = nnx_nnef_v_string(methods[a->method]);
    nnx_status st = nnx_nnef_lower_ints(L, size, a->n_sizes, &args[3].value);
    return st == NNX_OK ? nnx_nnef_lower_op1(L, op, args, n, NULL, out_value(L, 0), &t) : st;
}

/* multilinear_upsample(input, factor, method, border): NNEF's factors cover the spatial
 * dimensions only, so batch and channel factors must be 1 (rank >= 2). */
static nnx_status lower_upsample(nnx_nnef_lower *L)
{
    static const char *const methods[] = {"symmetric", "asymmetric", "aligned"};
    static const char *const borders[] = {"ignore", "constant", "replicate", "reflect", "reflect-even"};
    const nnx_attr_upsample *a = &L->node->attrs.upsample;
    const nnx_operand_desc *x = in_desc(L, 0);
    uint32_t r = x->rank, t;
    if (x->dtype != NNX_FLOAT32)
        return nnx_nnef_lower_fail(L, NNX_ERROR_NOT_SUPPORTED,
                                   "NNEF multilinear_upsample takes tensor<scalar> (float32), not %s",
                                   nnx_dtype_name(x->dtype));
    if (r < 2 || a->factor[0] != 1 || a->factor[1] != 1)
        return nnx_nnef_lower_fail(L, NNX_ERROR_NOT_SUPPORTED,
                                   "NNEF multilinear_upsample keeps batch and channel (factors 1, rank >= 2)");
    int64_t factor[NNX_MAX_RANK];
    for (uint32_t i = 2; i < r; i++)
        factor[i - 2] = a->factor[i];
    arg args[4] = {{"input", nnx_nnef_v_tensor(in_tensor(L, 0))},
                   {"factor", {0}},
                   {"method", nnx_nnef_v_string(methods[a->method])},
                   {"border", nnx_nnef_v_string(borders[a->border])}};
    nnx_status st = nnx_nnef_lower_ints(L, factor, r - 2, &args[1].value);
    return st == NNX_OK ? nnx_nnef_lower_op1(L, "multilinear_upsample", args, 4, NULL, out_value(L, 0), &t) : st;
}

nnx_status nnx_nnef_lower_node(nnx_nnef_lower *L)
{
    const nnx_node *n = L->node;
    for (uint32_t i = 0; i < n->n_in; i++)
        if (n->in[i] != NNX_NONE && (n->in[i] >= L->ir->n_values || L->tensor_of[n->in[i]] == NNX_NONE))
            return nnx_nnef_lower_fail(L, NNX_ERROR_INVALID_ARGUMENT, "internal: input %u was not lowered", i);
    /* A graph with TOSA semantics is written whole through the nnx TOSA extension. */
    if (nnx_tosa_nnef_wanted(L->ir))
        return nnx_nnef_tosa_emit(L);
    /* TOSA's nan_mode IGNORE (skip NaN operands) has no NNEF spelling: NNEF's max, clamp,
     * max_reduce, argmax_reduce and max_pool propagate NaN. */
    bool ignore_nan = ((n->op == NNX_OP_MAX || n->op == NNX_OP_MIN) && n->attrs.nan.nan_mode == NNX_NAN_IGNORE) ||
        (n->op == NNX_OP_CLAMP && n->attrs.clamp.nan_mode == NNX_NAN_IGNORE) ||
        ((n->op == NNX_OP_REDUCE_MAX || n->op == NNX_OP_REDUCE_MIN) && n->attrs.reduce.nan_mode == NNX_NAN_IGNORE) ||
        ((n->op == NNX_OP_REDUCE_ARGMAX || n->op == NNX_OP_REDUCE_ARGMIN) &&
         n->attrs.arg_reduce.nan_mode == NNX_NAN_IGNORE) ||
        (n->op == NNX_OP_MAX_POOL && n->attrs.pool.nan_mode == NNX_NAN_IGNORE);
    if (ignore_nan)
        return nnx_nnef_lower_fail(L, NNX_ERROR_NOT_SUPPORTED, "NNEF 1.0.2 has no %s that ignores NaN operands",
                                   nnx_op_table[n->op].name);
    switch (n->op) {
    case NNX_OP_ADD: return lower_binary(L, "add");
    case NNX_OP_SUB: return lower_binary(L, "sub");
    case NNX_OP_MUL: return lower_binary(L, "mul");
    case NNX_OP_DIV: return lower_binary(L, "div");
    case NNX_OP_MAX: return lower_binary(L, "max");
    case NNX_OP_MIN: return lower_binary(L, "min");
    case NNX_OP_POW: return lower_binary(L, "pow");
    case NNX_OP_ABS: return lower_unary(L, "abs");
    case NNX_OP_NEG: return lower_unary(L, "neg");
    case NNX_OP_CEIL: return lower_unary(L, "ceil");
    case NNX_OP_FLOOR: return lower_unary(L, "floor");
    case NNX_OP_EXP: return lower_unary(L, "exp");
    case NNX_OP_LOG: return lower_unary(L, "log");
    case NNX_OP_SQRT: return lower_unary(L, "sqrt");
    case NNX_OP_RELU: return lower_unary(L, "relu");
    case NNX_OP_SIGMOID: return lower_unary(L, "sigmoid");
    case NNX_OP_TANH: return lower_unary(L, "tanh");
    case NNX_OP_RCP: return lower_unary(L, "rcp");
    case NNX_OP_SIN: return lower_unary(L, "sin");
    case NNX_OP_COS: return lower_unary(L, "cos");
    case NNX_OP_SIGN: return lower_unary(L, "sign");
    case NNX_OP_ROUND: return lower_unary(L, "round");
    case NNX_OP_LOGICAL_NOT: return lower_unary(L, "not");
    case NNX_OP_LESS: return lower_binary(L, "lt");
    case NNX_OP_LESS_EQUAL: return lower_binary(L, "le");
    case NNX_OP_GREATER: return lower_binary(L, "gt");
    case NNX_OP_GREATER_EQUAL: return lower_binary(L, "ge");
    case NNX_OP_EQUAL: return lower_binary(L, "eq");
    case NNX_OP_NOT_EQUAL: return lower_binary(L, "ne");
    case NNX_OP_LOGICAL_AND: return lower_binary(L, "and");
    case NNX_OP_LOGICAL_OR: return lower_binary(L, "or");
    case NNX_OP_WHERE: return lower_where(L);
    case NNX_OP_CLAMP: return lower_clamp(L);
    /* WebNN operations without an NNEF 1.0.2 primitive of the same meaning (elu, leaky_relu,
     * prelu, softplus are NNEF compounds; the writer emits primitives and native compounds). */
    /* the primitives of the library after 1.0.2 (NNEF-Tools, tract; NNEF decision 51) */
    case NNX_OP_TAN: return lower_unary(L, "tan");
    case NNX_OP_SINH: return lower_unary(L, "sinh");
    case NNX_OP_COSH: return lower_unary(L, "cosh");
    case NNX_OP_ASIN: return lower_unary(L, "asin");
    case NNX_OP_ACOS: return lower_unary(L, "acos");
    case NNX_OP_ATAN: return lower_unary(L, "atan");
    case NNX_OP_ASINH: return lower_unary(L, "asinh");
    case NNX_OP_ACOSH: return lower_unary(L, "acosh");
    case NNX_OP_ATANH: return lower_unary(L, "atanh");
    /* no NNEF primitive, no exact composition: the nnx_ops extension (from_ir_ext.c) */
    case NNX_OP_ROUND_EVEN:
    case NNX_OP_ERF:
    case NNX_OP_GELU: /* the core's erf form, not the later library's sigmoid approximation */
    case NNX_OP_IS_NAN:
    case NNX_OP_IS_INF:
    case NNX_OP_REDUCE_PRODUCT:
    case NNX_OP_REVERSE:
    case NNX_OP_TRIANGULAR:
    case NNX_OP_CUMULATIVE_SUM:
    case NNX_OP_CUMULATIVE_PRODUCT:
    case NNX_OP_REDUCE_LOG_SUM_EXP: /* the core's max-shifted sum; no exact composition */
    case NNX_OP_GATHER_ELEMENTS:
    case NNX_OP_GATHER_ND:
    case NNX_OP_SCATTER_ELEMENTS:
    case NNX_OP_SCATTER_ND: return nnx_nnef_lower_ext(L);
    /* compositions of standard NNEF operations (from_ir_ext.c) */
    case NNX_OP_ELU:
    case NNX_OP_HARD_SIGMOID:
    case NNX_OP_HARD_SWISH:
    case NNX_OP_LEAKY_RELU:
    case NNX_OP_LINEAR:
    case NNX_OP_SOFTPLUS:
    case NNX_OP_SOFTSIGN:
    case NNX_OP_PRELU:
    case NNX_OP_BATCH_NORMALIZATION:
    case NNX_OP_INSTANCE_NORMALIZATION:
    case NNX_OP_LAYER_NORMALIZATION: return nnx_nnef_lower_composed(L);
    case NNX_OP_LOGICAL_XOR:
    case NNX_OP_REDUCE_L1:
    case NNX_OP_REDUCE_L2:
    case NNX_OP_REDUCE_LOG_SUM:
    case NNX_OP_REDUCE_SUM_SQUARE: return nnx_nnef_lower_composed(L);
    case NNX_OP_GATHER: return lower_gather(L);
    case NNX_OP_CAST: return lower_cast(L);
    /* WebNN quantizeLinear / dequantizeLinear change the tensor type to or from an 8-bit
     * one, which NNEF's integer (read back as int32) cannot keep; NNEF's linear_quantize is a
     * float-to-float fake quantization over [min, max], not the same meaning. */
    case NNX_OP_QUANTIZE_LINEAR:
    case NNX_OP_DEQUANTIZE_LINEAR:
        return nnx_nnef_lower_fail(L, NNX_ERROR_NOT_SUPPORTED,
                                   "neither NNEF nor nnx's nnx_ops extension has an operation for %s (NNEF's "
                                   "integer tensors read back as int32, and its linear_quantize maps float to float)",
                                   nnx_op_table[n->op].name);
    case NNX_OP_MATMUL: return lower_matmul(L);
    case NNX_OP_GEMM: return lower_gemm(L);
    case NNX_OP_CONV: return lower_conv(L);
    case NNX_OP_DECONV: return lower_deconv(L);
    case NNX_OP_AVG_POOL: return lower_pool(L, "avg_pool");
    case NNX_OP_MAX_POOL: return lower_pool(L, "max_pool");
    /* WebNN l2Pool2d, resample2d: NNEF has no operation with their meaning (its
     * nearest/multilinear upsampling use other coordinate mappings and integer factors):
     * nnx_l2_pool, nnx_resample (from_ir_ext.c) */
    case NNX_OP_L2_POOL:
    case NNX_OP_RESAMPLE: return nnx_nnef_lower_ext(L);
    case NNX_OP_SOFTMAX: return lower_softmax(L);
    case NNX_OP_RESHAPE: return lower_reshape(L);
    case NNX_OP_TRANSPOSE: return lower_transpose(L);
    case NNX_OP_CONCAT: return lower_concat(L);
    case NNX_OP_SLICE: return lower_slice(L);
    case NNX_OP_SPLIT: return lower_split(L);
    case NNX_OP_REDUCE_SUM: return lower_reduce(L, "sum_reduce");
    case NNX_OP_REDUCE_MEAN: return lower_reduce(L, "mean_reduce");
    case NNX_OP_REDUCE_MAX: return lower_reduce(L, "max_reduce");
    case NNX_OP_REDUCE_MIN: return lower_reduce(L, "min_reduce");
    case NNX_OP_REDUCE_ARGMAX: return lower_arg_reduce(L, "argmax_reduce");
    case NNX_OP_REDUCE_ARGMIN: return lower_arg_reduce(L, "argmin_reduce");
    case NNX_OP_REDUCE_ALL: return lower_reduce(L, "all_reduce");
    case NNX_OP_REDUCE_ANY: return lower_reduce(L, "any_reduce");
    case NNX_OP_PAD: return lower_pad(L);
    case NNX_OP_TILE: return lower_tile(L);
    case NNX_OP_BOX: return lower_window(L, "box");
    case NNX_OP_ARGMAX_POOL: return lower_window(L, "argmax_pool");
    case NNX_OP_SAMPLE: return lower_window(L, "sample");
    case NNX_OP_DEBOX: return lower_window(L, "debox");
    case NNX_OP_DESAMPLE: return lower_window(L, "desample");
    case NNX_OP_MULTILINEAR_UPSAMPLE: return lower_upsample(L);
    case NNX_OP_AVG_ROI_POOL: return lower_roi(L, "avg_roi_pool");
    case NNX_OP_MAX_ROI_POOL: return lower_roi(L, "max_roi_pool");
    case NNX_OP_ROI_RESAMPLE: return lower_roi(L, "roi_resample");
    /* WebNN expand, reverse, triangular, cumulativeSum, ONNX CumProd and BitCast, gather/scatter
     * and the normalizations: NNEF 1.0.2 has no primitive with their meaning (its
     * batch_normalization compound rounds in another order and takes [1, C] statistics only). */
    case NNX_OP_EXPAND: return lower_expand(L);
    /* not written (docs/NNEF-EXTENSIONS.md, "Not written"): a compiled TVM function has no
     * meaning outside TVM; bitcast reinterprets bytes NNEF's item types do not fix */
    case NNX_OP_COMPILED_FUNCTION:
    case NNX_OP_BITCAST:
        return nnx_nnef_lower_fail(L, NNX_ERROR_NOT_SUPPORTED,
                                   "neither NNEF nor nnx's nnx_ops extension has an operation for %s",
                                   nnx_op_table[n->op].name);
    /* TOSA's integer-exact operations (src/ops/tosa.h): NNEF 1.0.2 has no bitwise types or
     * operations, no zero points and no fixed-point scaling; the TOSA front end writes them
     * through its own NNEF extension. */
    case NNX_OP_BITWISE_AND:
    case NNX_OP_BITWISE_OR:
    case NNX_OP_BITWISE_XOR:
    case NNX_OP_BITWISE_NOT:
    case NNX_OP_CLZ:
    case NNX_OP_SHIFT_LEFT:
    case NNX_OP_SHIFT_RIGHT_LOGICAL:
    case NNX_OP_SHIFT_RIGHT_ARITHMETIC:
    case NNX_OP_TOSA_MUL:
    case NNX_OP_TOSA_TABLE:
    case NNX_OP_TOSA_NEGATE:
    case NNX_OP_TOSA_RESCALE:
    case NNX_OP_TOSA_AVG_POOL2D:
    case NNX_OP_TOSA_CONV2D:
    case NNX_OP_TOSA_CONV3D:
    case NNX_OP_TOSA_DEPTHWISE_CONV2D:
    case NNX_OP_TOSA_TRANSPOSE_CONV2D:
    case NNX_OP_TOSA_MATMUL:
    case NNX_OP_TOSA_RESIZE:
        return nnx_nnef_lower_fail(L, NNX_ERROR_NOT_SUPPORTED, "NNEF 1.0.2 has no operation for %s",
                                   nnx_op_table[n->op].name);
    /* TOSA front end: rsqrt is NNEF's primitive; fft2d / rfft2d go through the nnx TOSA
     * extension (docs/TOSA-NNEF.md). */
    case NNX_OP_RSQRT: return lower_unary(L, "rsqrt");
    case NNX_OP_FFT2D:
    case NNX_OP_RFFT2D:
    case NNX_OP_WHILE_LOOP:
    case NNX_OP_COND_IF:
        return nnx_nnef_lower_fail(L, NNX_ERROR_NOT_SUPPORTED,
                                   "neither NNEF nor nnx's nnx_ops extension has an operation for %s (its sub-graphs "
                                   "have no NNEF form outside the nnx TOSA extension)",
                                   nnx_op_table[n->op].name);
    case NNX_OP_COUNT: break;
    }
    return nnx_nnef_lower_fail(L, NNX_ERROR_NOT_SUPPORTED, "no NNEF mapping for this operation");
}
