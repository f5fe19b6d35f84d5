/* builder_quantize.c — WebNN quantizeLinear and dequantizeLinear (#api-mlgraphbuilder-
 * quantizelinear): the method steps' operand and data-type checks in the spec's order, then
 * the core node, whose inference checks ranks, equal scale/zeroPoint shapes and blockwise
 * broadcasting (src/ops/quantize.c). All three inputs are wired (WebNN
 * `quantizeLinear()` steps, decision 6.1-11). */
#include "api/limits.h"

#define LABEL(o) ((o) ? (o)->label : NULL)

static bool operands_ok(nnx_op_call *c, const nnx_operand *x, const nnx_operand *scale, const nnx_operand *zp)
{
    return nnx_call_operand(c, x, "input") && nnx_call_operand(c, scale, "scale") &&
        nnx_call_operand(c, zp, "zeroPoint");
}

nnx_operand *nnx_builder_quantize_linear(nnx_builder *b, nnx_operand *x, nnx_operand *scale, nnx_operand *zero_point,
                                         const nnx_operator_options *o)
{
    nnx_op_call c;
    if (!nnx_call_begin(&c, b, "quantizeLinear", LABEL(o)))
        return b ? &b->poison : NULL;
    if (!operands_ok(&c, x, scale, zero_point) || !nnx_call_dtype(&c, x, "input", NNX_SET_FLOAT) ||
        !nnx_call_dtype(&c, scale, "scale", NNX_SET_FLOAT))
        return &b->poison;
    if (scale->desc.dtype != x->desc.dtype)
        return nnx_call_fail(&c, NNX_ERROR_INVALID_ARGUMENT, "scale has data type %s, it must be the input's (%s)",
                             nnx_dtype_name(scale->desc.dtype), nnx_dtype_name(x->desc.dtype));
    if (!nnx_call_dtype(&c, zero_point, "zeroPoint", NNX_SET_QUANT))
        return &b->poison;
    const nnx_operand *in[3] = {x, scale, zero_point};
    return nnx_call_node(&c, NNX_OP_QUANTIZE_LINEAR, in, 3, NULL, 1, NULL);
}

nnx_operand *nnx_builder_dequantize_linear(nnx_builder *b, nnx_operand *x, nnx_operand *scale, nnx_operand *zero_point,
                                           const nnx_operator_options *o)
{
    nnx_op_call c;
    if (!nnx_call_begin(&c, b, "dequantizeLinear", LABEL(o)))
        return b ? &b->poison : NULL;
    if (!operands_ok(&c, x, scale, zero_point) || !nnx_call_dtype(&c, x, "input", NNX_SET_QUANT) ||
        !nnx_call_dtype(&c, scale, "scale", NNX_SET_FLOAT) ||
        !nnx_call_dtype(&c, zero_point, "zeroPoint", NNX_SET_QUANT))
        return &b->poison;
    if (zero_point->desc.dtype != x->desc.dtype)
        return nnx_call_fail(&c, NNX_ERROR_INVALID_ARGUMENT, "zeroPoint has data type %s, it must be the input's (%s)",
                             nnx_dtype_name(zero_point->desc.dtype), nnx_dtype_name(x->desc.dtype));
    const nnx_operand *in[3] = {x, scale, zero_point};
    return nnx_call_node(&c, NNX_OP_DEQUANTIZE_LINEAR, in, 3, NULL, 1, NULL);
}
