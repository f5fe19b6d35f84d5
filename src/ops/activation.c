/* activation.c — WebNN activations as core ops (elu, gelu, hard_sigmoid, hard_swish,
 * leaky_relu, linear, softplus, softsign on float types; prelu on float and signed integer
 * types): shape inference and reference kernels. Floats are computed in double with the
 * numerically stable form of each formula and rounded once to the output type; a NaN input
 * gives NaN, zeros follow IEEE arithmetic on the formula (softsign(-0) = -0, leaky_relu(-0) =
 * -0), and gelu(-inf), hard_swish(-inf) give their limit -0 where the formula says -inf * 0. prelu on integers is exact in 64 bits and wraps to the output width. */
#include "ops/table.h"
#include "ir/elem.h"
#include "ir/shape.h"

#include <math.h>

/* ---------------------------------------------------------------- inference */

nnx_status nnx_infer_activation(const nnx_op_args *args, const nnx_operand_desc *const *in, nnx_operand_desc *out,
                                nnx_error *err)
{
    if (!nnx_dtype_is_float(in[0]->dtype))
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "input type %s is not a floating-point type",
                             nnx_dtype_name(in[0]->dtype));
    *out = *in[0];
    return NNX_OK;
}

/* x and slope of one float or signed integer dtype; bidirectional broadcast. */
nnx_status nnx_infer_prelu(const nnx_op_args *args, const nnx_operand_desc *const *in, nnx_operand_desc *out,
                           nnx_error *err)
{
    const nnx_operand_desc *x = in[0], *s = in[1];
    nnx_dtype_kind kind = nnx_dtype_kind_of(x->dtype);
    if (kind != NNX_KIND_FLOAT && kind != NNX_KIND_SINT)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                             "input type %s is not a floating-point or signed "
                             "integer type",
                             nnx_dtype_name(x->dtype));
    if (x->dtype != s->dtype)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "input types differ (%s and %s)",
                             nnx_dtype_name(x->dtype), nnx_dtype_name(s->dtype));
    out->dtype = x->dtype;
    if (!nnx_broadcast_shapes(s->shape, s->rank, x->shape, x->rank, out->shape, &out->rank)) {
        char sx[96], ss[96];
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "shapes %s (input) and %s (slope) do not broadcast",
                             nnx_desc_format(x, sx, sizeof sx), nnx_desc_format(s, ss, sizeof ss));
    }
    return NNX_OK;
}

/* ---------------------------------------------------------------- kernels */

/* ln(1 + e^x) without overflow: x + ln(1 + e^-x) for x > 0. */
static double softplus(double x) { return x > 0 ? x + log1p(exp(-x)) : log1p(exp(x)); }

static double activation_f(nnx_op op, const nnx_attr_activation *a, double x)
{
    if (isnan(x))
        return x;
    switch (op) {
    case NNX_OP_ELU: return x > 0 ? x : a->alpha * expm1(x); /* exp(x) - 1 without cancellation */
    case NNX_OP_GELU: /* 1 + erf(t) = erfc(-t), accurate for t << 0; -inf gives the limit -0, not -inf * 0 */
        return isinf(x) ? (x > 0 ? x : -0.0) : 0.5 * x * erfc(-x / sqrt(2.0));
    case NNX_OP_HARD_SIGMOID: {
        double v = a->alpha * x + a->beta;
        return isnan(v) ? v : v < 0 ? 0.0 : v > 1 ? 1.0 : v;
    }
    case NNX_OP_HARD_SWISH: { /* -inf gives the limit -0, as every x <= -3 does */
        double v = x + 3.0;
        if (x == -INFINITY)
            return -0.0;
        return x * (v < 0 ? 0.0 : v > 6 ? 6.0 : v) / 6.0;
    }
    case NNX_OP_LEAKY_RELU: return x >= 0 ? x : a->alpha * x;
    case NNX_OP_LINEAR: return a->alpha * x + a->beta;
    case NNX_OP_SOFTPLUS: return softplus(x);
    case NNX_OP_SOFTSIGN: return isinf(x) ? copysign(1.0, x) : x / (1.0 + fabs(x));
    default: return NAN;
    }
}

nnx_status nnx_ref_activation(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    nnx_dtype dt = out->desc.dtype;
    uint64_t n = nnx_shape_elements(out->desc.shape, out->desc.rank);
    for (size_t i = 0; i < n; i++)
        nnx_store_f(dt, out->data, i, activation_f(args->op, &args->attrs->activation, nnx_load_f(dt, in[0].data, i)));
    return NNX_OK;
}

/* prelu: x >= 0 ? x : slope * x (WebNN's max(0, x) + slope * min(0, x)). */
nnx_status nnx_ref_prelu(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    const nnx_operand_desc *od = &out->desc;
    uint64_t sx[NNX_MAX_RANK], ss[NNX_MAX_RANK];
    nnx_broadcast_strides(in[0].desc.shape, in[0].desc.rank, od->rank, sx);
    nnx_broadcast_strides(in[1].desc.shape, in[1].desc.rank, od->rank, ss);
    nnx_dtype dt = od->dtype;
    bool is_float = nnx_dtype_kind_of(dt) == NNX_KIND_FLOAT;
    uint32_t idx[NNX_MAX_RANK] = {0};
    size_t o = 0;
    do {
        size_t ix = 0, is = 0;
        for (uint32_t d = 0; d < od->rank; d++) {
            ix += idx[d] * sx[d];
            is += idx[d] * ss[d];
        }
        if (is_float) {
            double x = nnx_load_f(dt, in[0].data, ix);
            nnx_store_f(dt, out->data, o, isnan(x) || x >= 0 ? x : nnx_load_f(dt, in[1].data, is) * x);
        } else {
            int64_t x = nnx_load_i(dt, in[0].data, ix);
            uint64_t s = (uint64_t)nnx_load_i(dt, in[1].data, is);
            nnx_store_i(dt, out->data, o, x >= 0 ? x : (int64_t)(s * (uint64_t)x)); /* wraps */
        }
        o++;
    } while (nnx_index_next(idx, od->shape, od->rank));
    return NNX_OK;
}
