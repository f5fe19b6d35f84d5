/* reduce.c — shape inference and reference kernel of REDUCE_SUM, REDUCE_MEAN, REDUCE_MAX
 * and REDUCE_MIN, WebNN reduction operations (#api-mlgraphbuilder-reduce, algorithm
 * "calculate reduction output sizes"). Axes come as a bit mask (bit i: reduce axis i), so
 * duplicates cannot occur; mask 0 reduces each element on its own (WebNN "axes" present
 * and empty). Floats are computed in double; integer sums are exact modulo 2^64 and wrap
 * to the output type; integer max/min compare with the type's signedness. */
#include "ir/dtypes.h"
#include "ir/ops.h"
#include "ops/elem.h"
#include "ops/shape.h"

#include <math.h>

/* Allowed types (WebNN reduction tables, widened to every nnx type of the same kind):
 * mean: float; sum: float or integer (a bool sum would leave 0..1); max, min: any. */
static nnx_status check_dtype(nnx_op op, nnx_dtype dt, nnx_error *err)
{
    nnx_dtype_kind kind = nnx_dtype_kind_of(dt);
    bool ok = op == NNX_OP_REDUCE_MEAN ? kind == NNX_KIND_FLOAT
            : op == NNX_OP_REDUCE_SUM  ? kind == NNX_KIND_FLOAT || kind == NNX_KIND_SINT || kind == NNX_KIND_UINT
                                       : kind != NNX_KIND_NONE;
    if (!ok)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "input type %s is not allowed (%s)",
                             dt == NNX_DTYPE_UNDEFINED ? "undefined" : nnx_dtype_name(dt),
                             op == NNX_OP_REDUCE_MEAN ? "a floating-point type is required"
                                                      : "a numeric type is required");
    return NNX_OK;
}

/* WebNN "calculate reduction output sizes": every axis must be < rank; keepDimensions sets
 * reduced axes to 1, otherwise they are dropped (reducing all axes gives a scalar). */
nnx_status nnx_infer_reduce(const nnx_node *node, const nnx_operand_desc *const *in, nnx_operand_desc *out,
                            nnx_error *err)
{
    const nnx_attr_reduce *a = &node->attrs.reduce;
    const nnx_operand_desc *x = in[0];
    nnx_status st = check_dtype(node->op, x->dtype, err);
    if (st != NNX_OK)
        return st;
    for (uint32_t bit = x->rank; bit < 32; bit++)
        if (a->axes_mask & (UINT32_C(1) << bit))
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "axis %u is out of range for rank %u", bit,
                                 x->rank);
    out->dtype = x->dtype;
    out->rank = 0;
    for (uint32_t i = 0; i < x->rank; i++) {
        bool reduced = a->axes_mask & (UINT32_C(1) << i);
        if (!reduced && x->shape[i] == 0)
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "output dimension from input axis %u is 0", i);
        if (!reduced || a->keep_dims)
            out->shape[out->rank++] = reduced ? 1 : x->shape[i];
    }
    return NNX_OK;
}

/* ---------------------------------------------------------------- kernel */

typedef struct reduce_ctx {
    nnx_op op;
    nnx_dtype dt;
    nnx_dtype_kind kind;
    const void *x;
} reduce_ctx;

/* The running value in the representation of the type's kind: f for floats, i for
 * signed max/min, u for integer sums (wrapping, so no signed overflow) and unsigned or
 * bool max/min. */
typedef struct reduce_acc {
    double f;
    int64_t i;
    uint64_t u;
} reduce_acc;

/* Identities: 0 for sums; the type's lowest value for max and highest for min (-inf/+inf
 * for floats; fp8e4m3 has no infinity, so -448/448). They only show for an empty
 * reduction, which needs a reduced axis of size 0. */
static void acc_init(const reduce_ctx *c, reduce_acc *acc)
{
    bool max = c->op == NNX_OP_REDUCE_MAX, min = c->op == NNX_OP_REDUCE_MIN;
    double inf = c->dt == NNX_FP8E4M3 ? 448.0 : INFINITY;
    acc->f = max ? -inf : min ? inf : 0.0;
    acc->i = max ? nnx_dtype_int_min(c->dt) : min ? (int64_t)nnx_dtype_int_max(c->dt) : 0;
    acc->u = min ? nnx_dtype_int_max(c->dt) : 0;
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

static void acc_take(const reduce_ctx *c, size_t idx, reduce_acc *acc)
{
    bool max = c->op == NNX_OP_REDUCE_MAX;
    bool sum = c->op == NNX_OP_REDUCE_SUM || c->op == NNX_OP_REDUCE_MEAN;
    if (c->kind == NNX_KIND_FLOAT) {
        double v = nnx_load_f(c->dt, c->x, idx);
        acc->f = sum ? acc->f + v : pick_f(max, acc->f, v);
    } else if (sum) {
        acc->u += nnx_load_u(c->dt, c->x, idx); /* modulo 2^64, for signed types too */
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
        double v = c->op == NNX_OP_REDUCE_MEAN ? acc->f / (double)count : acc->f;
        nnx_store_f(c->dt, y, idx, v);
    } else if (c->op == NNX_OP_REDUCE_SUM || c->kind != NNX_KIND_SINT) {
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

nnx_status nnx_ref_reduce(const nnx_node *node, const nnx_view *in, nnx_view *out)
{
    const nnx_operand_desc *d = &in[0].desc;
    reduce_ctx c = {node->op, d->dtype, nnx_dtype_kind_of(d->dtype), in[0].data};
    uint32_t kept[NNX_MAX_RANK], red[NNX_MAX_RANK], ki[NNX_MAX_RANK] = {0};
    uint64_t stride[NNX_MAX_RANK];
    uint64_t count = split_axes(d, node->attrs.reduce.axes_mask, kept, red);
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
