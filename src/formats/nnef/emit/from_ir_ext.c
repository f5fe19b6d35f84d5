/* from_ir_ext.c — core ops that NNEF 1.0.2 has no primitive for, written either as
 * compositions of standard NNEF operations (the normalizations, WebNN's activations through
 * NNEF's own compounds elu, leaky_relu, prelu, softplus, logical_xor, the l1 / l2 / log_sum /
 * sum_square reductions) or, where no composition is exact, as
 * the nnx_ops extension's fragments (syntax/nnx_ops.h, docs/NNEF-EXTENSIONS.md), which nnx
 * reads back into the same core op. NNEF decisions 57-59. */
#include "formats/nnef/emit/from_ir.h"
#include "formats/nnef/syntax/nnx_ops.h"

#include <math.h>
#include <string.h>

#include "ir/dtypes.h"

typedef nnx_nnef_lower_arg arg;

static uint32_t in_tensor(const nnx_nnef_lower *L, uint32_t i) { return L->tensor_of[L->node->in[i]]; }
static const nnx_operand_desc *in_desc(const nnx_nnef_lower *L, uint32_t i)
{
    return &L->ir->values[L->node->in[i]].desc;
}
static bool has_input(const nnx_nnef_lower *L, uint32_t i) { return i < L->node->n_in && L->node->in[i] != NNX_NONE; }

/* op(x, y) with y a tensor or a literal (y_tensor NONE); the result is described by d and is
 * IR value `value` when that is not NONE. */
static nnx_status bin(nnx_nnef_lower *L, const char *op, uint32_t x, uint32_t y_tensor, double y,
                      const nnx_operand_desc *d, uint32_t value, uint32_t *t)
{
    arg a[2] = {{"x", nnx_nnef_v_tensor(x)},
                {"y", y_tensor == NNX_NONE ? nnx_nnef_v_scalar(y) : nnx_nnef_v_tensor(y_tensor)}};
    return nnx_nnef_lower_op1(L, op, a, 2, d, value, t);
}

static nnx_status un(nnx_nnef_lower *L, const char *op, uint32_t x, const nnx_operand_desc *d, uint32_t value,
                     uint32_t *t)
{
    arg a = {"x", nnx_nnef_v_tensor(x)};
    return nnx_nnef_lower_op1(L, op, &a, 1, d, value, t);
}

/* Input i reshaped to the rank of d, its extents placed on the axes of `axes` (in order), 1
 * elsewhere: the NNEF-broadcastable form of a per-axis parameter. */
static nnx_status spread(nnx_nnef_lower *L, uint32_t i, const nnx_operand_desc *d, const uint32_t *axes, uint32_t n,
                         uint32_t *t)
{
    const nnx_operand_desc *p = in_desc(L, i);
    nnx_operand_desc u = {p->dtype, d->rank, {0}};
    int64_t shape[NNX_MAX_RANK];
    for (uint32_t k = 0; k < d->rank; k++)
        u.shape[k] = 1;
    for (uint32_t k = 0; k < n; k++)
        u.shape[axes[k]] = d->shape[axes[k]];
    for (uint32_t k = 0; k < d->rank; k++)
        shape[k] = u.shape[k];
    arg a[2] = {{"input", nnx_nnef_v_tensor(in_tensor(L, i))}, {"shape", {0}}};
    nnx_status st = nnx_nnef_lower_ints(L, shape, d->rank, &a[1].value);
    return st == NNX_OK ? nnx_nnef_lower_op1(L, "reshape", a, 2, &u, NNX_NONE, t) : st;
}

/* Decision 57: scale · (x − mean) / sqrt(variance + epsilon) + bias as NNEF operations, in
 * the order (x − mean) / sqrt(variance + epsilon) · scale + bias (rounding differs from the
 * core's once-rounded double by a few float32 ulps). mean and variance are given (batch
 * normalization, inputs 1 and 2) or computed with mean_reduce over `over`; scale and bias
 * lie along the `along` axes. */
static nnx_status lower_norm(nnx_nnef_lower *L)
{
    const nnx_node *n = L->node;
    const nnx_attr_norm *a = &n->attrs.norm;
    const nnx_operand_desc *x = in_desc(L, 0);
    uint32_t over[NNX_MAX_RANK], along[NNX_MAX_RANK], n_over = 0, n_along = 0, first_param = 1;
    bool given = n->op == NNX_OP_BATCH_NORMALIZATION;
    if (!nnx_dtype_is_float(x->dtype) || !isfinite(a->epsilon))
        return nnx_nnef_lower_fail(L, NNX_ERROR_NOT_SUPPORTED, "NNEF has %s",
                                   isfinite(a->epsilon) ? "no normalization of non-float tensors"
                                                        : "no literal for epsilon");
    if (given) {
        along[n_along++] = a->axis;
        first_param = 3;
    } else if (n->op == NNX_OP_INSTANCE_NORMALIZATION) {
        bool nhwc = a->layout == NNX_LAYOUT_NHWC;
        over[n_over++] = nhwc ? 1 : 2;
        over[n_over++] = nhwc ? 2 : 3;
        along[n_along++] = nhwc ? 3 : 1;
    } else {
        for (uint32_t k = 0; k < a->n_axes; k++) {
            if (k && a->axes[k] <= a->axes[k - 1])
                return nnx_nnef_lower_fail(L, NNX_ERROR_NOT_SUPPORTED,
                                           "axes not in increasing order (scale and bias would need a transpose)");
            over[n_over++] = along[n_along++] = a->axes[k];
        }
    }
    nnx_operand_desc kd = *x;
    for (uint32_t k = 0; k < n_over; k++)
        kd.shape[over[k]] = 1;
    if (given)
        for (uint32_t k = 0; k < kd.rank; k++)
            kd.shape[k] = k == a->axis ? x->shape[k] : 1;
    bool has_scale = has_input(L, first_param), has_bias = has_input(L, first_param + 1);
    uint32_t out = n->out[0], m, v, d, t, sq = NNX_NONE, p;
    nnx_status st;
    if (given) {
        st = spread(L, 1, x, along, n_along, &m);
        if (st == NNX_OK)
            st = spread(L, 2, x, along, n_along, &v);
        if (st == NNX_OK)
            st = bin(L, "sub", in_tensor(L, 0), m, 0, x, NNX_NONE, &d);
    } else {
        int64_t ax[NNX_MAX_RANK];
        for (uint32_t k = 0; k < n_over; k++)
            ax[k] = over[k];
        arg r[2] = {{"input", nnx_nnef_v_tensor(in_tensor(L, 0))}, {"axes", {0}}};
        st = nnx_nnef_lower_ints(L, ax, n_over, &r[1].value);
        if (st == NNX_OK)
            st = nnx_nnef_lower_op1(L, "mean_reduce", r, 2, &kd, NNX_NONE, &m);
        if (st == NNX_OK)
            st = bin(L, "sub", in_tensor(L, 0), m, 0, x, NNX_NONE, &d);
        if (st == NNX_OK)
            st = bin(L, "mul", d, d, 0, x, NNX_NONE, &sq);
        if (st == NNX_OK)
            r[0].value = nnx_nnef_v_tensor(sq);
        if (st == NNX_OK)
            st = nnx_nnef_lower_op1(L, "mean_reduce", r, 2, &kd, NNX_NONE, &v);
    }
    if (st == NNX_OK)
        st = bin(L, "add", v, NNX_NONE, a->epsilon, &kd, NNX_NONE, &t);
    if (st == NNX_OK)
        st = un(L, "sqrt", t, &kd, NNX_NONE, &t);
    if (st == NNX_OK)
        st = bin(L, "div", d, t, 0, x, has_scale || has_bias ? NNX_NONE : out, &t);
    if (st == NNX_OK && has_scale && (st = spread(L, first_param, x, along, n_along, &p)) == NNX_OK)
        st = bin(L, "mul", t, p, 0, x, has_bias ? NNX_NONE : out, &t);
    if (st == NNX_OK && has_bias && (st = spread(L, first_param + 1, x, along, n_along, &p)) == NNX_OK)
        st = bin(L, "add", t, p, 0, x, out, &t);
    return st;
}

/* Decision 58: WebNN's activations as NNEF's compounds (elu with alpha is the later library's)
 * or short compositions with the same formula; alpha and beta as literals. */
static nnx_status lower_activation(nnx_nnef_lower *L)
{
    const nnx_node *n = L->node;
    const nnx_operand_desc *x = in_desc(L, 0), *o = &L->ir->values[n->out[0]].desc;
    double alpha = n->attrs.activation.alpha, beta = n->attrs.activation.beta;
    uint32_t in = in_tensor(L, 0), out = n->out[0], t, u;
    if (!nnx_dtype_is_float(x->dtype))
        return nnx_nnef_lower_fail(L, NNX_ERROR_NOT_SUPPORTED, "NNEF's activations take tensor<scalar>, not %s",
                                   nnx_dtype_name(x->dtype));
    if (!isfinite(alpha) || !isfinite(beta))
        return nnx_nnef_lower_fail(L, NNX_ERROR_NOT_SUPPORTED, "alpha %g or beta %g has no NNEF literal", alpha, beta);
    nnx_status st;
    switch (n->op) {
    case NNX_OP_ELU:
    case NNX_OP_LEAKY_RELU: {
        arg a[2] = {{"x", nnx_nnef_v_tensor(in)}, {"alpha", nnx_nnef_v_scalar(alpha)}};
        return nnx_nnef_lower_op1(L, n->op == NNX_OP_ELU ? "elu" : "leaky_relu", a, 2, NULL, out, &t);
    }
    case NNX_OP_SOFTPLUS: return un(L, "softplus", in, NULL, out, &t);
    case NNX_OP_LINEAR:
        st = bin(L, "mul", in, NNX_NONE, alpha, x, NNX_NONE, &t);
        return st == NNX_OK ? bin(L, "add", t, NNX_NONE, beta, NULL, out, &t) : st;
    case NNX_OP_HARD_SIGMOID: {
        st = bin(L, "mul", in, NNX_NONE, alpha, x, NNX_NONE, &t);
        if (st == NNX_OK)
            st = bin(L, "add", t, NNX_NONE, beta, x, NNX_NONE, &t);
        arg c[3] = {{"x", nnx_nnef_v_tensor(t)}, {"a", nnx_nnef_v_scalar(0.0)}, {"b", nnx_nnef_v_scalar(1.0)}};
        return st == NNX_OK ? nnx_nnef_lower_op1(L, "clamp", c, 3, NULL, out, &t) : st;
    }
    case NNX_OP_HARD_SWISH: {
        st = bin(L, "add", in, NNX_NONE, 3.0, x, NNX_NONE, &t);
        arg c[3] = {{"x", nnx_nnef_v_tensor(t)}, {"a", nnx_nnef_v_scalar(0.0)}, {"b", nnx_nnef_v_scalar(6.0)}};
        if (st == NNX_OK)
            st = nnx_nnef_lower_op1(L, "clamp", c, 3, x, NNX_NONE, &t);
        if (st == NNX_OK)
            st = bin(L, "mul", in, t, 0, x, NNX_NONE, &t);
        return st == NNX_OK ? bin(L, "div", t, NNX_NONE, 6.0, NULL, out, &t) : st;
    }
    case NNX_OP_SOFTSIGN:
        st = un(L, "abs", in, x, NNX_NONE, &t);
        if (st == NNX_OK)
            st = bin(L, "add", t, NNX_NONE, 1.0, x, NNX_NONE, &t);
        return st == NNX_OK ? bin(L, "div", in, t, 0, NULL, out, &t) : st;
    case NNX_OP_PRELU: {
        /* NNEF broadcasts trailing 1s (decision B): both operands at the result's rank */
        uint32_t ops[2] = {in, in_tensor(L, 1)};
        st = NNX_OK;
        for (uint32_t i = 0; i < 2 && st == NNX_OK; i++) {
            const nnx_operand_desc *d = in_desc(L, i);
            if (d->rank == o->rank || d->rank == 0)
                continue;
            uint32_t axes[NNX_MAX_RANK], k = o->rank - d->rank;
            for (uint32_t j = 0; j < d->rank; j++)
                axes[j] = k + j;
            nnx_operand_desc target = *o;
            for (uint32_t j = 0; j < k; j++)
                target.shape[j] = 1;
            for (uint32_t j = 0; j < d->rank; j++)
                target.shape[k + j] = d->shape[j];
            st = spread(L, i, &target, axes, d->rank, &ops[i]);
        }
        arg a[2] = {{"x", nnx_nnef_v_tensor(ops[0])}, {"alpha", nnx_nnef_v_tensor(ops[1])}};
        (void)u;
        return st == NNX_OK ? nnx_nnef_lower_op1(L, "prelu", a, 2, NULL, out, &t) : st;
    }
    default: break;
    }
    return nnx_nnef_lower_fail(L, NNX_ERROR_NOT_SUPPORTED, "no NNEF composition");
}

/* Decision 58: logical_xor = and(or(a, b), not(and(a, b))) on logical tensors (exact); the
 * reductions l1 = sum_reduce(abs(x)), sum_square = sum_reduce(x·x), l2 = sqrt(sum_square),
 * log_sum = log(sum_reduce(x)), each keeping the axes, then squeeze unless keep_dims
 * (float32 sums: a few ulps from the core's double ones). */
static nnx_status lower_xor(nnx_nnef_lower *L)
{
    const nnx_operand_desc *o = &L->ir->values[L->node->out[0]].desc;
    uint32_t r = o->rank, x[2] = {in_tensor(L, 0), in_tensor(L, 1)}, any, both, t;
    nnx_status st = NNX_OK;
    for (uint32_t i = 0; i < 2 && st == NNX_OK; i++) { /* decision B: equal ranks */
        const nnx_operand_desc *d = in_desc(L, i);
        if (d->rank == r || d->rank == 0)
            continue;
        uint32_t axes[NNX_MAX_RANK], k = r - d->rank;
        nnx_operand_desc target = *o;
        target.dtype = d->dtype;
        for (uint32_t j = 0; j < k; j++)
            target.shape[j] = 1;
        for (uint32_t j = 0; j < d->rank; j++) {
            axes[j] = k + j;
            target.shape[k + j] = d->shape[j];
        }
        st = spread(L, i, &target, axes, d->rank, &x[i]);
    }
    if (st == NNX_OK)
        st = bin(L, "or", x[0], x[1], 0, o, NNX_NONE, &any);
    if (st == NNX_OK)
        st = bin(L, "and", x[0], x[1], 0, o, NNX_NONE, &both);
    if (st == NNX_OK)
        st = un(L, "not", both, o, NNX_NONE, &both);
    return st == NNX_OK ? bin(L, "and", any, both, 0, NULL, L->node->out[0], &t) : st;
}

static nnx_status lower_reduction(nnx_nnef_lower *L)
{
    const nnx_node *n = L->node;
    const nnx_attr_reduce *a = &n->attrs.reduce;
    const nnx_operand_desc *x = in_desc(L, 0);
    uint32_t out = n->out[0], t = in_tensor(L, 0);
    nnx_operand_desc kd = *x;
    int64_t axes[NNX_MAX_RANK];
    uint32_t n_axes = 0;
    for (uint32_t k = 0; k < x->rank; k++)
        if (a->axes_mask >> k & 1) {
            axes[n_axes++] = k;
            kd.shape[k] = 1;
        }
    bool squeeze = !a->keep_dims && n_axes > 0;
    bool after = n->op == NNX_OP_REDUCE_L2 || n->op == NNX_OP_REDUCE_LOG_SUM; /* sqrt or log follows */
    nnx_status st = NNX_OK;
    if (n->op == NNX_OP_REDUCE_L1)
        st = un(L, "abs", t, x, NNX_NONE, &t);
    else if (n->op != NNX_OP_REDUCE_LOG_SUM)
        st = bin(L, "mul", t, t, 0, x, NNX_NONE, &t);
    arg r[2] = {{"input", nnx_nnef_v_tensor(t)}, {"axes", {0}}};
    if (st == NNX_OK)
        st = nnx_nnef_lower_ints(L, axes, n_axes, &r[1].value);
    if (st == NNX_OK)
        st = nnx_nnef_lower_op1(L, "sum_reduce", r, 2, &kd, squeeze || after ? NNX_NONE : out, &t);
    if (st == NNX_OK && after)
        st = un(L, n->op == NNX_OP_REDUCE_L2 ? "sqrt" : "log", t, &kd, squeeze ? NNX_NONE : out, &t);
    if (st != NNX_OK || !squeeze)
        return st;
    arg q[2] = {{"input", nnx_nnef_v_tensor(t)}, {"axes", r[1].value}};
    return nnx_nnef_lower_op1(L, "squeeze", q, 2, NULL, out, &t);
}

nnx_status nnx_nnef_lower_composed(nnx_nnef_lower *L)
{
    switch (L->node->op) {
    case NNX_OP_LOGICAL_XOR: return lower_xor(L);
    case NNX_OP_REDUCE_L1:
    case NNX_OP_REDUCE_L2:
    case NNX_OP_REDUCE_LOG_SUM:
    case NNX_OP_REDUCE_SUM_SQUARE: return lower_reduction(L);
    case NNX_OP_BATCH_NORMALIZATION:
    case NNX_OP_INSTANCE_NORMALIZATION:
    case NNX_OP_LAYER_NORMALIZATION: return lower_norm(L);
    default: return lower_activation(L);
    }
}

/* ---------------------------------------------------------------- the nnx_ops extension */

static nnx_status ints_of_mask(nnx_nnef_lower *L, uint32_t mask, nnx_nnef_value *v)
{
    int64_t axes[32];
    uint32_t n = 0;
    for (uint32_t k = 0; k < 32; k++)
        if (mask >> k & 1)
            axes[n++] = k;
    return nnx_nnef_lower_ints(L, axes, n, v);
}

/* Decision 59: nnx_<op>(input[, indices[, updates]], attributes) -> (output), a custom
 * operation the writer declares from this use under `extension KHR_enable_fragment_definitions,
 * nnx_ops;`. The reductions keep the reduced axes (NNEF's do), so a squeeze follows unless
 * keep_dims. */
nnx_status nnx_nnef_lower_ext(nnx_nnef_lower *L)
{
    const nnx_node *n = L->node;
    const nnx_nnef_ext_op *e = nnx_nnef_ext_of(n->op);
    if (!e)
        return nnx_nnef_lower_fail(L, NNX_ERROR_NOT_SUPPORTED, "the nnx_ops extension has no fragment for it");
    const nnx_operand_desc *x = in_desc(L, 0), *o = &L->ir->values[n->out[0]].desc;
    if (nnx_nnef_lower_item_type(x->dtype) == NNX_NNEF_TYPE_NONE ||
        nnx_nnef_lower_item_type(o->dtype) == NNX_NNEF_TYPE_NONE)
        return nnx_nnef_lower_fail(
            L, NNX_ERROR_NOT_SUPPORTED, "NNEF has no item type for %s",
            nnx_dtype_name(nnx_nnef_lower_item_type(x->dtype) == NNX_NNEF_TYPE_NONE ? x->dtype : o->dtype));
    bool reduce = n->op == NNX_OP_REDUCE_PRODUCT || n->op == NNX_OP_REDUCE_LOG_SUM_EXP;
    /* indices of any core index type are NNEF integer, read back as int32 (as gather's, NNEF
     * decision 57): the core clamps them into [-N, N - 1] either way */
    if (reduce && n->attrs.reduce.nan_mode != NNX_NAN_PROPAGATE)
        return nnx_nnef_lower_fail(L, NNX_ERROR_NOT_SUPPORTED, "%s propagates NaN", e->name);
    nnx_arena *ar = &L->g->arena;
    arg a[10];
    uint32_t c = 0;
    a[c++] = (arg){"input", nnx_nnef_v_tensor(in_tensor(L, 0))};
    nnx_status st = NNX_OK;
    switch (n->op) {
    case NNX_OP_REVERSE:
        a[c].name = "axes";
        st = ints_of_mask(L, n->attrs.reverse.axes_mask, &a[c++].value);
        break;
    case NNX_OP_REDUCE_PRODUCT:
    case NNX_OP_REDUCE_LOG_SUM_EXP:
        a[c].name = "axes";
        st = ints_of_mask(L, n->attrs.reduce.axes_mask, &a[c++].value);
        break;
    case NNX_OP_CUMULATIVE_SUM:
    case NNX_OP_CUMULATIVE_PRODUCT:
        a[c++] = (arg){"axis", nnx_nnef_v_int(n->attrs.cumsum.axis)};
        a[c++] = (arg){"exclusive", nnx_nnef_v_logical(n->attrs.cumsum.exclusive)};
        a[c++] = (arg){"reverse", nnx_nnef_v_logical(n->attrs.cumsum.reversed)};
        break;
    case NNX_OP_TRIANGULAR:
        a[c++] = (arg){"upper", nnx_nnef_v_logical(n->attrs.triangular.upper)};
        a[c++] = (arg){"diagonal", nnx_nnef_v_int(n->attrs.triangular.diagonal)};
        break;
    case NNX_OP_GATHER_ELEMENTS:
        a[c++] = (arg){"indices", nnx_nnef_v_tensor(in_tensor(L, 1))};
        a[c++] = (arg){"axis", nnx_nnef_v_int(n->attrs.axis.axis)};
        break;
    case NNX_OP_GATHER_ND: a[c++] = (arg){"indices", nnx_nnef_v_tensor(in_tensor(L, 1))}; break;
    case NNX_OP_RESAMPLE:
    case NNX_OP_L2_POOL: {
        /* the resampled / pooled axes and their output extents, always explicit */
        bool pool = n->op == NNX_OP_L2_POOL, nhwc = pool && n->attrs.pool.layout == NNX_LAYOUT_NHWC;
        int64_t ax[2], sizes[2], v[4];
        for (int k = 0; k < 2; k++) {
            ax[k] = pool ? (int64_t)(nhwc ? 1 + k : 2 + k) : (int64_t)n->attrs.resample.axes[k];
            sizes[k] = o->shape[ax[k]];
        }
        a[c].name = "axes";
        st = nnx_nnef_lower_ints(L, ax, 2, &a[c++].value);
        a[c].name = "sizes";
        if (st == NNX_OK)
            st = nnx_nnef_lower_ints(L, sizes, 2, &a[c++].value);
        if (!pool) {
            a[c++] = (arg){"mode",
                           nnx_nnef_v_string(n->attrs.resample.mode == NNX_RESAMPLE_LINEAR ? "linear" : "nearest")};
            break;
        }
        const nnx_attr_pool *p = &n->attrs.pool;
        const char *keys[4] = {"window", "padding", "stride", "dilation"};
        const uint32_t *src[4] = {p->window, p->pads, p->strides, p->dilations};
        for (int k = 0; k < 4 && st == NNX_OK; k++) {
            uint32_t cnt = k == 1 ? 4 : 2;
            for (uint32_t i = 0; i < cnt; i++)
                v[i] = src[k][i];
            a[c].name = keys[k];
            st = nnx_nnef_lower_ints(L, v, cnt, &a[c++].value);
        }
        a[c++] = (arg){"rounding", nnx_nnef_v_string(p->rounding == NNX_ROUNDING_CEIL ? "ceil" : "floor")};
        break;
    }
    case NNX_OP_SCATTER_ELEMENTS:
    case NNX_OP_SCATTER_ND:
        a[c++] = (arg){"indices", nnx_nnef_v_tensor(in_tensor(L, 1))};
        a[c++] = (arg){"updates", nnx_nnef_v_tensor(in_tensor(L, 2))};
        if (n->op == NNX_OP_SCATTER_ELEMENTS)
            a[c++] = (arg){"axis", nnx_nnef_v_int(n->attrs.axis.axis)};
        break;
    default: break;
    }
    if (st != NNX_OK)
        return st;
    bool squeeze = reduce && !n->attrs.reduce.keep_dims && n->attrs.reduce.axes_mask;
    nnx_operand_desc kd = *x;
    kd.dtype = o->dtype;
    for (uint32_t k = 0; k < kd.rank; k++)
        if (reduce && n->attrs.reduce.axes_mask >> k & 1)
            kd.shape[k] = 1;
    uint32_t t;
    st = squeeze ? nnx_nnef_lower_tensor(L, NULL, &kd, &t) : nnx_nnef_lower_value_tensor(L, n->out[0], &t);
    if (st != NNX_OK)
        return st;
    nnx_nnef_flat_op op = {.name = e->name, .n_args = c, .n_results = 1, .custom = true, .extension = true};
    op.args = nnx_arena_array(ar, c, sizeof *op.args);
    op.results = nnx_arena_array(ar, 1, sizeof *op.results);
    if (!op.args || !op.results)
        return nnx_nnef_lower_oom(L);
    for (uint32_t i = 0; i < c; i++)
        op.args[i] = (nnx_nnef_arg){a[i].name, a[i].value, a[i].value.kind == NNX_NNEF_VALUE_TENSOR};
    op.results[0] = (nnx_nnef_arg){"output", nnx_nnef_v_tensor(t), true};
    uint32_t index;
    if (nnx_nnef_flat_add_op(L->g, &op, &index) != NNX_OK)
        return nnx_nnef_lower_oom(L);
    if (!squeeze)
        return NNX_OK;
    arg s[2] = {{"input", nnx_nnef_v_tensor(t)}, {"axes", {0}}};
    st = ints_of_mask(L, n->attrs.reduce.axes_mask, &s[1].value);
    return st == NNX_OK ? nnx_nnef_lower_op1(L, "squeeze", s, 2, NULL, n->out[0], &t) : st;
}
