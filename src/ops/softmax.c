/* softmax.c — shape inference and reference kernel of SOFTMAX, WebNN softmax
 * (#api-mlgraphbuilder-softmax-method): exp(x - max) / sum(exp(x - max)) along one axis,
 * the numerically stable form the spec gives. Float types only, computed in double. */
#include "ir/dtypes.h"
#include "ops/table.h"
#include "ir/elem.h"
#include "ir/shape.h"

#include <math.h>

/* WebNN softmax: input a float type of rank >= 1, axis < rank; output = input type. */
nnx_status nnx_infer_softmax(const nnx_op_args *args, const nnx_operand_desc *const *in, nnx_operand_desc *out,
                             nnx_error *err)
{
    const nnx_operand_desc *x = in[0];
    uint32_t axis = args->attrs->axis.axis;
    if (!nnx_dtype_is_float(x->dtype))
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "input type %s is not a floating-point type",
                             nnx_dtype_name(x->dtype));
    if (x->rank == 0)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "input is a scalar, rank must be at least 1");
    if (axis >= x->rank)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "axis %u is out of range for rank %u", axis, x->rank);
    for (uint32_t i = 0; i < x->rank; i++)
        if (x->shape[i] == 0)
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "output dimension %u is 0", i);
    *out = *x;
    return NNX_OK;
}

/* One line along the axis: `len` elements starting at element `base`, `step` apart. The
 * maximum is subtracted before exp so no term overflows; the line's largest term is
 * exp(0) = 1, so the sum is >= 1 unless the line holds NaN or infinities (then the result
 * follows the formula: NaN). */
static void softmax_line(nnx_dtype dt, const void *x, void *y, size_t base, size_t step, uint32_t len)
{
    double max = -INFINITY;
    for (uint32_t i = 0; i < len; i++) {
        double v = nnx_load_f(dt, x, base + i * step);
        max = (v > max || isnan(v)) && !isnan(max) ? v : max;
    }
    double sum = 0;
    for (uint32_t i = 0; i < len; i++)
        sum += exp(nnx_load_f(dt, x, base + i * step) - max);
    for (uint32_t i = 0; i < len; i++)
        nnx_store_f(dt, y, base + i * step, exp(nnx_load_f(dt, x, base + i * step) - max) / sum);
}

/* The input as [outer, len, inner] around the axis: each (outer, inner) pair is a line. */
nnx_status nnx_ref_softmax(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    const nnx_operand_desc *d = &in[0].desc;
    uint32_t axis = args->attrs->axis.axis;
    uint64_t outer = nnx_shape_elements(d->shape, axis);
    uint64_t inner = nnx_shape_elements(d->shape + axis + 1, d->rank - axis - 1);
    uint32_t len = d->shape[axis];
    for (uint64_t o = 0; o < outer; o++)
        for (uint64_t i = 0; i < inner; i++)
            softmax_line(d->dtype, in[0].data, out->data, o * len * inner + i, inner, len);
    return NNX_OK;
}
