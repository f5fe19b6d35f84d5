/* cumulative.c — shape inference and reference kernel of CUMULATIVE_SUM (WebNN cumulativeSum,
 * #api-mlgraphbuilder-cumulativesum) and CUMULATIVE_PRODUCT (ONNX CumProd): the running sum
 * or product along one axis, inclusive or exclusive (the element itself left out, so the
 * first output is 0 or 1), forward or reversed. Floats are accumulated in double and each
 * output rounded once; integers are exact modulo 2^64 and wrap to the type (int4/int48 stay
 * sign-extended in storage), as the other integer sums. */
#include "ir/dtypes.h"
#include "ops/table.h"
#include "ir/elem.h"
#include "ir/shape.h"

#include <string.h>

/* Numeric types (bool has no sum); axis < rank, so a scalar is rejected. */
nnx_status nnx_infer_cumulative_sum(const nnx_op_args *args, const nnx_operand_desc *const *in, nnx_operand_desc *out,
                                    nnx_error *err)
{
    const nnx_operand_desc *x = in[0];
    uint32_t axis = args->attrs->cumsum.axis;
    nnx_dtype_kind kind = nnx_dtype_kind_of(x->dtype);
    if (kind != NNX_KIND_FLOAT && kind != NNX_KIND_SINT && kind != NNX_KIND_UINT)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                             "input type %s is not allowed (a numeric type is "
                             "required)",
                             x->dtype == NNX_DTYPE_UNDEFINED ? "undefined" : nnx_dtype_name(x->dtype));
    if (axis >= x->rank)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "axis %u is out of range for rank %u", axis, x->rank);
    *out = *x;
    return NNX_OK;
}

/* The low bits of v the integer type holds, sign-extended for signed types. */
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
    memcpy(&r, &v, sizeof r);
    return r;
}

/* The running value of a line: a sum, or with product a product (unsigned 64-bit products
 * are the two's complement ones modulo 2^64). */
typedef struct running {
    bool product;
    double f;
    uint64_t u;
} running;

static void accumulate(running *r, double fv, uint64_t uv)
{
    if (r->product) {
        r->f *= fv;
        r->u *= uv;
    } else {
        r->f += fv;
        r->u += uv;
    }
}

/* One line of len elements from element base, step apart. */
static void cumulative_line(const nnx_attr_cumsum *a, bool product, nnx_dtype dt, const void *x, void *y, size_t base,
                            size_t step, uint32_t len)
{
    bool is_float = nnx_dtype_is_float(dt);
    running r = {product, product ? 1.0 : 0.0, product ? 1u : 0u};
    for (uint32_t n = 0; n < len; n++) {
        size_t e = base + (size_t)(a->reversed ? len - 1 - n : n) * step;
        double fv = is_float ? nnx_load_f(dt, x, e) : 0;
        uint64_t uv = is_float ? 0 : nnx_load_u(dt, x, e);
        if (!a->exclusive)
            accumulate(&r, fv, uv);
        if (is_float)
            nnx_store_f(dt, y, e, r.f);
        else
            nnx_store_i(dt, y, e, wrap_to(dt, r.u));
        if (a->exclusive)
            accumulate(&r, fv, uv);
    }
}

/* The input as [outer, len, inner] around the axis: each (outer, inner) pair is a line. */
nnx_status nnx_ref_cumulative_sum(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    const nnx_attr_cumsum *a = &args->attrs->cumsum;
    const nnx_operand_desc *d = &in[0].desc;
    uint64_t outer = nnx_shape_elements(d->shape, a->axis);
    uint64_t inner = nnx_shape_elements(d->shape + a->axis + 1, d->rank - a->axis - 1);
    uint32_t len = d->shape[a->axis];
    for (uint64_t o = 0; o < outer; o++)
        for (uint64_t i = 0; i < inner; i++)
            cumulative_line(a, args->op == NNX_OP_CUMULATIVE_PRODUCT, d->dtype, in[0].data, out->data,
                            (size_t)(o * len * inner + i), (size_t)inner, len);
    return NNX_OK;
}
