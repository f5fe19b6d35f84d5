/* reduce.c — shape inference and reference kernels of the reductions: REDUCE_SUM, _MEAN,
 * _MAX, _MIN (WebNN #api-mlgraphbuilder-reduce, "calculate reduction output sizes"),
 * _ARGMAX, _ARGMIN (index flattened row-major over the reduced axes, NNEF decision 26),
 * _ALL, _ANY (NNEF all_reduce / any_reduce) and WebNN's _L1, _L2, _LOG_SUM, _LOG_SUM_EXP,
 * _PRODUCT, _SUM_SQUARE. Axes come as a bit mask (bit i: reduce axis i), so
 * duplicates cannot occur; mask 0 reduces each element on its own (WebNN "axes" present
 * and empty). Floats are computed in double; integer sums are exact modulo 2^64 and wrap
 * to the output type; integer max/min compare with the type's signedness. */
#include "ir/dtypes.h"
#include "ops/table.h"
#include "ir/elem.h"
#include "ir/shape.h"

#include <math.h>

/* Allowed types (WebNN reduction tables, widened to every nnx type of the same kind):
 * mean, l2, log_sum, log_sum_exp: float; sum, l1, product, sum_square: float or integer (a
 * bool sum would leave 0..1); max, min: any. */
static nnx_status check_dtype(nnx_op op, nnx_dtype dt, nnx_error *err)
{
    nnx_dtype_kind kind = nnx_dtype_kind_of(dt);
    if (op == NNX_OP_REDUCE_ALL || op == NNX_OP_REDUCE_ANY) {
        if (dt != NNX_BOOL)
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "input type %s is not allowed (bool is required)",
                                 dt == NNX_DTYPE_UNDEFINED ? "undefined" : nnx_dtype_name(dt));
        return NNX_OK;
    }
    bool float_only = op == NNX_OP_REDUCE_MEAN || op == NNX_OP_REDUCE_L2 || op == NNX_OP_REDUCE_LOG_SUM ||
        op == NNX_OP_REDUCE_LOG_SUM_EXP;
    bool numeric = op == NNX_OP_REDUCE_SUM || op == NNX_OP_REDUCE_L1 || op == NNX_OP_REDUCE_PRODUCT ||
        op == NNX_OP_REDUCE_SUM_SQUARE;
    bool ok = float_only ? kind == NNX_KIND_FLOAT
        : numeric        ? kind == NNX_KIND_FLOAT || kind == NNX_KIND_SINT || kind == NNX_KIND_UINT
                         : kind != NNX_KIND_NONE;
    if (!ok)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "input type %s is not allowed (%s)",
                             dt == NNX_DTYPE_UNDEFINED ? "undefined" : nnx_dtype_name(dt),
                             float_only ? "a floating-point type is required" : "a numeric type is required");
    return NNX_OK;
}

/* argmax / argmin: the index type must hold every index (count - 1); an empty set has no
 * first maximum, so it is rejected. */
static nnx_status infer_index(nnx_dtype dt, uint64_t count, nnx_operand_desc *out, nnx_error *err)
{
    if (dt != NNX_INT32 && dt != NNX_INT64 && dt != NNX_UINT32 && dt != NNX_UINT64)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                             "index type %s is not allowed (int32, int64, uint32 "
                             "or uint64 is required)",
                             dt == NNX_DTYPE_UNDEFINED ? "undefined" : nnx_dtype_name(dt));
    if (count == 0)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "a reduced axis has size 0: there is no index to return");
    if (dt == NNX_INT32 && count - 1 > INT32_MAX)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "indices up to %llu do not fit int32",
                             (unsigned long long)(count - 1));
    out->dtype = dt;
    return NNX_OK;
}

/* WebNN "calculate reduction output sizes": every axis must be < rank; keepDimensions sets
 * reduced axes to 1, otherwise they are dropped (reducing all axes gives a scalar). */
nnx_status nnx_infer_reduce(const nnx_op_args *args, const nnx_operand_desc *const *in, nnx_operand_desc *out,
                            nnx_error *err)
{
    const nnx_attr_reduce *a = &args->attrs->reduce;
    const nnx_operand_desc *x = in[0];
    nnx_status st = check_dtype(args->op, x->dtype, err);
    if (st != NNX_OK)
        return st;
    for (uint32_t bit = x->rank; bit < 32; bit++)
        if (a->axes_mask & (UINT32_C(1) << bit))
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "axis %u is out of range for rank %u", bit, x->rank);
    out->dtype = x->dtype;
    out->rank = 0;
    uint64_t count = 1;
    for (uint32_t i = 0; i < x->rank; i++) {
        bool reduced = a->axes_mask & (UINT32_C(1) << i);
        if (reduced)
            count *= x->shape[i]; /* at most 32 factors below 2^32 each would overflow: capped below */
        if (count > UINT32_MAX)
            count = (uint64_t)UINT32_MAX + 1;
        if (!reduced || a->keep_dims)
            out->shape[out->rank++] = reduced ? 1 : x->shape[i];
    }
    if (args->op == NNX_OP_REDUCE_ARGMAX || args->op == NNX_OP_REDUCE_ARGMIN)
        return infer_index(args->attrs->arg_reduce.index_dtype, count, out, err);
    return NNX_OK;
}

/* ---------------------------------------------------------------- kernel */

typedef struct reduce_ctx {
    nnx_op op;
    nnx_dtype dt;
    nnx_dtype_kind kind;
    const void *x;
    bool ignore_nan; /* reduce_max / reduce_min under attrs.reduce.nan_mode IGNORE */
} reduce_ctx;

/* The running value in the representation of the type's kind: f for floats, i for
 * signed max/min, u for integer sums and products (wrapping, so no signed overflow) and
 * unsigned or bool max/min. log_sum_exp keeps f = sum of exp(x - m) over the running
 * maximum m (rescaled when m grows), so no exp overflows. */
typedef struct reduce_acc {
    double f, m;
    int64_t i;
    uint64_t u, taken; /* taken: the non-NaN values seen (nan_mode IGNORE) */
} reduce_acc;

/* Operations accumulating integers modulo 2^64 in u. */
static bool arith(nnx_op op) { return op != NNX_OP_REDUCE_MAX && op != NNX_OP_REDUCE_MIN; }

/* Identities: 0 for sums; the type's lowest value for max and highest for min (-inf/+inf
 * for floats; the types without infinities use their finite extremes, nnx_float_lowest /
 * nnx_float_highest). They only show for an empty reduction, which needs a reduced axis
 * of size 0. */
static void acc_init(const reduce_ctx *c, reduce_acc *acc)
{
    bool max = c->op == NNX_OP_REDUCE_MAX, min = c->op == NNX_OP_REDUCE_MIN;
    bool product = c->op == NNX_OP_REDUCE_PRODUCT;
    acc->f = max ? nnx_float_lowest(c->dt) : min ? nnx_float_highest(c->dt) : product ? 1.0 : 0.0;
    acc->m = -INFINITY;
    acc->taken = 0;
    acc->i = max ? nnx_dtype_int_min(c->dt) : min ? (int64_t)nnx_dtype_int_max(c->dt) : 0;
    acc->u = min ? nnx_dtype_int_max(c->dt) : product ? 1 : 0;
}

/* Float max/min: NaN propagates (a NaN taken once stays, as numpy's max does). */
static double pick_f(bool max, double have, double v)
{
    if (isnan(have))
        return have;
    if (isnan(v))
        return v;
    return max ? (v > have ? v : have) : (v < have ? v : have);
}

/* log_sum_exp's running (m, f): f = sum of exp(x - m). A NaN, or +inf (whose exp(x - m)
 * would be NaN), makes m absorbing; the store turns m + log(f) into the result. */
static void take_log_sum_exp(reduce_acc *acc, double v)
{
    if (isnan(acc->m) || acc->m == INFINITY)
        return;
    if (isnan(v) || v == INFINITY) {
        acc->m = v;
    } else if (v > acc->m) {
        acc->f = acc->f * exp(acc->m - v) + 1.0; /* exp(-inf) = 0 for the first element */
        acc->m = v;
    } else if (v != -INFINITY) {
        acc->f += exp(v - acc->m);
    }
}

static double take_f(nnx_op op, reduce_acc *acc, double v)
{
    switch (op) {
    case NNX_OP_REDUCE_SUM:
    case NNX_OP_REDUCE_MEAN:
    case NNX_OP_REDUCE_LOG_SUM: return acc->f + v;
    case NNX_OP_REDUCE_L1: return acc->f + fabs(v);
    case NNX_OP_REDUCE_L2:
    case NNX_OP_REDUCE_SUM_SQUARE: return acc->f + v * v;
    case NNX_OP_REDUCE_PRODUCT: return acc->f * v;
    case NNX_OP_REDUCE_LOG_SUM_EXP: take_log_sum_exp(acc, v); return acc->f;
    default: return pick_f(op == NNX_OP_REDUCE_MAX, acc->f, v);
    }
}

/* Integer sums, |x| sums, products and sums of squares modulo 2^64 (for signed types the
 * sign-extended value's bits, so the low bits are exact). */
static uint64_t take_u(const reduce_ctx *c, uint64_t acc, uint64_t v)
{
    if (c->op == NNX_OP_REDUCE_L1 && c->kind == NNX_KIND_SINT && (int64_t)v < 0)
        v = 0 - v;
    switch (c->op) {
    case NNX_OP_REDUCE_PRODUCT: return acc * v;
    case NNX_OP_REDUCE_SUM_SQUARE: return acc + v * v;
    default: return acc + v;
    }
}

static void acc_take(const reduce_ctx *c, size_t idx, reduce_acc *acc)
{
    bool max = c->op == NNX_OP_REDUCE_MAX;
    if (c->kind == NNX_KIND_FLOAT && c->ignore_nan) {
        /* TOSA IGNORE: NaNs are skipped; only an all-NaN reduction gives NaN */
        double v = nnx_load_f(c->dt, c->x, idx);
        if (isnan(v))
            acc->f = acc->taken ? acc->f : v;
        else
            acc->f = acc->taken++ ? pick_f(max, acc->f, v) : v;
    } else if (c->kind == NNX_KIND_FLOAT) {
        acc->f = take_f(c->op, acc, nnx_load_f(c->dt, c->x, idx));
    } else if (arith(c->op)) {
        acc->u = take_u(c, acc->u, nnx_load_u(c->dt, c->x, idx));
    } else if (c->kind == NNX_KIND_SINT) {
        int64_t v = nnx_load_i(c->dt, c->x, idx);
        acc->i = max ? (v > acc->i ? v : acc->i) : (v < acc->i ? v : acc->i);
    } else {
        uint64_t v = nnx_load_u(c->dt, c->x, idx);
        acc->u = max ? (v > acc->u ? v : acc->u) : (v < acc->u ? v : acc->u);
    }
}

/* The low bits of v that the integer type holds, as the int64 nnx_store_i expects:
 * sign-extended for signed types (so int4 and int48 stay sign-extended in storage). */
static int64_t wrap_to(nnx_dtype dt, uint64_t v)
{
    unsigned bits = nnx_dtype_bits(dt);
    if (bits < 64) {
        uint64_t mask = (UINT64_C(1) << bits) - 1;
        v &= mask;
        if (nnx_dtype_kind_of(dt) == NNX_KIND_SINT && (v >> (bits - 1)) & 1)
            v |= ~mask;
    }
    int64_t r;
    memcpy(&r, &v, sizeof r); /* same bits; avoids an out-of-range conversion */
    return r;
}

static void acc_store(const reduce_ctx *c, const reduce_acc *acc, uint64_t count, void *y, size_t idx)
{
    if (c->kind == NNX_KIND_FLOAT) {
        double v = acc->f;
        switch (c->op) {
        case NNX_OP_REDUCE_MEAN: v = acc->f / (double)count; break;
        case NNX_OP_REDUCE_L2: v = sqrt(acc->f); break;
        case NNX_OP_REDUCE_LOG_SUM: v = log(acc->f); break;
        case NNX_OP_REDUCE_LOG_SUM_EXP: v = isnan(acc->m) || isinf(acc->m) ? acc->m : acc->m + log(acc->f); break;
        default: break;
        }
        nnx_store_f(c->dt, y, idx, v);
    } else if (arith(c->op) || c->kind != NNX_KIND_SINT) {
        nnx_store_i(c->dt, y, idx, wrap_to(c->dt, acc->u));
    } else {
        nnx_store_i(c->dt, y, idx, acc->i);
    }
}

/* Splits the input shape in two: `kept` has the reduced axes set to 1 (the keep_dims
 * output shape, whose row-major order is also the order of the squeezed output), `red`
 * has the other axes set to 1. Input index = sum over axes of (kept index + red index) *
 * stride. Returns the number of elements each output element reduces. */
static uint64_t split_axes(const nnx_operand_desc *d, uint32_t mask, uint32_t *kept, uint32_t *red)
{
    for (uint32_t i = 0; i < d->rank; i++) {
        bool reduced = mask & (UINT32_C(1) << i);
        kept[i] = reduced ? 1 : d->shape[i];
        red[i] = reduced ? d->shape[i] : 1;
    }
    return nnx_shape_elements(red, d->rank);
}

nnx_status nnx_ref_reduce(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    const nnx_operand_desc *d = &in[0].desc;
    reduce_ctx c = {args->op, d->dtype, nnx_dtype_kind_of(d->dtype), in[0].data,
                    (args->op == NNX_OP_REDUCE_MAX || args->op == NNX_OP_REDUCE_MIN) &&
                        args->attrs->reduce.nan_mode == NNX_NAN_IGNORE};
    uint32_t kept[NNX_MAX_RANK], red[NNX_MAX_RANK], ki[NNX_MAX_RANK] = {0};
    uint64_t stride[NNX_MAX_RANK];
    uint64_t count = split_axes(d, args->attrs->reduce.axes_mask, kept, red);
    nnx_strides(d->shape, d->rank, stride);
    size_t y = 0;
    do {
        reduce_acc acc;
        acc_init(&c, &acc);
        uint32_t ri[NNX_MAX_RANK] = {0};
        for (uint64_t n = 0; n < count; n++, nnx_index_next(ri, red, d->rank)) {
            size_t x = 0;
            for (uint32_t i = 0; i < d->rank; i++)
                x += (ki[i] + ri[i]) * stride[i];
            acc_take(&c, x, &acc);
        }
        acc_store(&c, &acc, count, out->data, y++);
    } while (nnx_index_next(ki, kept, d->rank));
    return NNX_OK;
}

/* ---------------------------------------------------------------- argmax, argmin */

/* Whether v replaces the best so far (strictly better, so ties keep the first occurrence).
 * NaN beats every number and no later NaN beats it: the first NaN wins (numpy argmax). */
static bool better_f(bool max, double best, double v, bool ignore_nan)
{
    if (ignore_nan) /* TOSA ARGMAX IGNORE: NaN loses to every number; all-NaN gives index 0 */
        return !isnan(v) && (isnan(best) || (max ? v > best : v < best));
    if (isnan(best))
        return false;
    if (isnan(v))
        return true;
    return max ? v > best : v < best;
}

nnx_status nnx_ref_reduce_arg(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    const nnx_operand_desc *d = &in[0].desc;
    nnx_dtype dt = d->dtype;
    nnx_dtype_kind kind = nnx_dtype_kind_of(dt);
    bool max = args->op == NNX_OP_REDUCE_ARGMAX;
    uint32_t kept[NNX_MAX_RANK], red[NNX_MAX_RANK], ki[NNX_MAX_RANK] = {0};
    uint64_t stride[NNX_MAX_RANK];
    uint64_t count = split_axes(d, args->attrs->reduce.axes_mask, kept, red);
    nnx_strides(d->shape, d->rank, stride);
    size_t y = 0;
    do {
        uint32_t ri[NNX_MAX_RANK] = {0};
        uint64_t best_n = 0;
        double bf = 0;
        int64_t bi = 0;
        uint64_t bu = 0;
        /* n counts the reduced elements in row-major order of `red`: the flattened index. */
        for (uint64_t n = 0; n < count; n++, nnx_index_next(ri, red, d->rank)) {
            size_t x = 0;
            for (uint32_t i = 0; i < d->rank; i++)
                x += (ki[i] + ri[i]) * stride[i];
            bool take;
            if (kind == NNX_KIND_FLOAT) {
                double v = nnx_load_f(dt, in[0].data, x);
                take = n == 0 || better_f(max, bf, v, args->attrs->arg_reduce.nan_mode == NNX_NAN_IGNORE);
                if (take)
                    bf = v;
            } else if (kind == NNX_KIND_SINT) {
                int64_t v = nnx_load_i(dt, in[0].data, x);
                take = n == 0 || (max ? v > bi : v < bi);
                if (take)
                    bi = v;
            } else {
                uint64_t v = nnx_load_u(dt, in[0].data, x);
                take = n == 0 || (max ? v > bu : v < bu);
                if (take)
                    bu = v;
            }
            if (take)
                best_n = n;
        }
        nnx_store_i(out->desc.dtype, out->data, y++, (int64_t)best_n); /* fits: checked by infer_index */
    } while (nnx_index_next(ki, kept, d->rank));
    return NNX_OK;
}

/* ---------------------------------------------------------------- all, any */

/* Bool storage is one byte, 0 or 1; any non-zero byte counts as true. */
nnx_status nnx_ref_reduce_logical(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    const nnx_operand_desc *d = &in[0].desc;
    bool all = args->op == NNX_OP_REDUCE_ALL;
    const unsigned char *xs = in[0].data;
    unsigned char *ys = out->data;
    uint32_t kept[NNX_MAX_RANK], red[NNX_MAX_RANK], ki[NNX_MAX_RANK] = {0};
    uint64_t stride[NNX_MAX_RANK];
    uint64_t count = split_axes(d, args->attrs->reduce.axes_mask, kept, red);
    nnx_strides(d->shape, d->rank, stride);
    size_t y = 0;
    do {
        uint32_t ri[NNX_MAX_RANK] = {0};
        bool acc = all; /* identity: all of nothing is true, any of nothing false */
        for (uint64_t n = 0; n < count && acc == all; n++, nnx_index_next(ri, red, d->rank)) {
            size_t x = 0;
            for (uint32_t i = 0; i < d->rank; i++)
                x += (ki[i] + ri[i]) * stride[i];
            acc = xs[x] != 0;
        }
        ys[y++] = acc;
    } while (nnx_index_next(ki, kept, d->rank));
    return NNX_OK;
}
