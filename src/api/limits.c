/* limits.c — WebNN opSupportLimits() (MLOpSupportLimits, webnn-nnvm.md §3): the context-wide
 * tensor limits and one row per operand and output of each operation, written with the same
 * data-type sets the builder's operation files check (api/builder.h, api/limits.h). The rows
 * are checked against what the builder really accepts by tests/unit/test_op_support_limits.c,
 * every row and every data type, so the table cannot silently drift from the builder. */
#include "api/limits.h"

#include <string.h>

#define R NNX_MAX_RANK
/* Sets named here that the builder files define locally (test_op_support_limits.c guards). */
#define LIM_LOGICAL (NNX_SET(NNX_UINT8) | NNX_SET(NNX_BOOL))
#define LIM_INDEX (NNX_SET(NNX_INT32) | NNX_SET(NNX_UINT32) | NNX_SET(NNX_INT64))

#define ROW(op, operand, set, rmin, rmax) {op, operand, {set, rmin, rmax}}
/* Element-wise binary: a, b of one type, output of that type (comparisons: uint8). */
#define BINARY(op, set, out) ROW(op, "a", set, 0, R), ROW(op, "b", set, 0, R), ROW(op, "output", out, 0, R)
/* One input, output of the input's type, any rank from rmin. */
#define UNARY(op, set, rmin) ROW(op, "input", set, rmin, R), ROW(op, "output", set, rmin, R)

static const nnx_operand_limits table[] = {
    BINARY("add", NNX_SET_ANY, NNX_SET_ANY),
    BINARY("sub", NNX_SET_ANY, NNX_SET_ANY),
    BINARY("mul", NNX_SET_ANY, NNX_SET_ANY),
    BINARY("div", NNX_SET_ANY, NNX_SET_ANY),
    BINARY("max", NNX_SET_ANY, NNX_SET_ANY),
    BINARY("min", NNX_SET_ANY, NNX_SET_ANY),
    BINARY("pow", NNX_SET_ANY, NNX_SET_ANY),
    BINARY("equal", NNX_SET_ANY, NNX_SET(NNX_UINT8)),
    BINARY("greater", NNX_SET_ANY, NNX_SET(NNX_UINT8)),
    BINARY("lesser", NNX_SET_ANY, NNX_SET(NNX_UINT8)),
    BINARY("logicalAnd", LIM_LOGICAL, LIM_LOGICAL),
    ROW("logicalNot", "a", LIM_LOGICAL, 0, R), ROW("logicalNot", "output", LIM_LOGICAL, 0, R),
    ROW("isNaN", "a", NNX_SET_FLOAT, 0, R), ROW("isNaN", "output", NNX_SET(NNX_UINT8), 0, R),
    UNARY("abs", NNX_SET_SIGNED, 0),
    UNARY("neg", NNX_SET_SIGNED, 0),
    UNARY("relu", NNX_SET_SIGNED, 0),
    UNARY("sign", NNX_SET_SIGNED, 0),
    UNARY("ceil", NNX_SET_FLOAT, 0),
    UNARY("floor", NNX_SET_FLOAT, 0),
    UNARY("exp", NNX_SET_FLOAT, 0),
    UNARY("log", NNX_SET_FLOAT, 0),
    UNARY("sqrt", NNX_SET_FLOAT, 0),
    UNARY("sigmoid", NNX_SET_FLOAT, 0),
    UNARY("tanh", NNX_SET_FLOAT, 0),
    UNARY("roundEven", NNX_SET_FLOAT, 0),
    UNARY("erf", NNX_SET_FLOAT, 0),
    UNARY("reciprocal", NNX_SET_FLOAT, 0),
    UNARY("sin", NNX_SET_FLOAT, 0),
    UNARY("cos", NNX_SET_FLOAT, 0),
    UNARY("tan", NNX_SET_FLOAT, 0),
    UNARY("elu", NNX_SET_FLOAT, 0),
    UNARY("gelu", NNX_SET_FLOAT, 0),
    UNARY("softplus", NNX_SET_FLOAT, 0),
    UNARY("identity", NNX_SET_ANY, 0),
    UNARY("clamp", NNX_SET_ANY, 0),
    UNARY("transpose", NNX_SET_ANY, 0),
    UNARY("reshape", NNX_SET_ANY, 0),
    UNARY("expand", NNX_SET_ANY, 0),
    ROW("cast", "input", NNX_SET_ANY, 0, R), ROW("cast", "output", NNX_SET_ANY, 0, R),
    ROW("concat", "inputs", NNX_SET_ANY, 1, R), ROW("concat", "output", NNX_SET_ANY, 1, R),
    UNARY("softmax", NNX_SET_FLOAT, 1),
    UNARY("cumulativeSum", NNX_SET_NUMERIC, 1),
    UNARY("reduceSum", NNX_SET_NUMERIC, 0),
    UNARY("reduceMean", NNX_SET_FLOAT, 0),
    UNARY("reduceMax", NNX_SET_ANY, 0),
    ROW("matmul", "a", NNX_SET_FLOAT, 2, R), ROW("matmul", "b", NNX_SET_FLOAT, 2, R),
    ROW("matmul", "output", NNX_SET_FLOAT, 2, R),
    ROW("conv2d", "input", NNX_SET_FLOAT, 4, 4), ROW("conv2d", "filter", NNX_SET_FLOAT, 4, 4),
    ROW("conv2d", "bias", NNX_SET_FLOAT, 1, 1), ROW("conv2d", "output", NNX_SET_FLOAT, 4, 4),
    ROW("gather", "input", NNX_SET_ANY, 1, R), ROW("gather", "indices", LIM_INDEX, 0, R),
    ROW("gather", "output", NNX_SET_ANY, 0, R),
    ROW("quantizeLinear", "input", NNX_SET_FLOAT, 0, R), ROW("quantizeLinear", "scale", NNX_SET_FLOAT, 0, R),
    ROW("quantizeLinear", "zeroPoint", NNX_SET_QUANT, 0, R), ROW("quantizeLinear", "output", NNX_SET_QUANT, 0, R),
    ROW("dequantizeLinear", "input", NNX_SET_QUANT, 0, R), ROW("dequantizeLinear", "scale", NNX_SET_FLOAT, 0, R),
    ROW("dequantizeLinear", "zeroPoint", NNX_SET_QUANT, 0, R),
    ROW("dequantizeLinear", "output", NNX_SET_FLOAT, 0, R),
};

nnx_status nnx_context_op_support_limits(const nnx_context *ctx, nnx_op_support_limits *out)
{
    if (!out)
        return NNX_ERROR_INVALID_ARGUMENT;
    memset(out, 0, sizeof *out);
    if (!ctx || ctx->h.destroyed)
        return NNX_ERROR_INVALID_STATE;
    /* nnx_check_desc: every type, ranks 0..NNX_MAX_RANK, element count <= 2^31-1. */
    nnx_tensor_limits any = {NNX_SET_ANY, 0, NNX_MAX_RANK};
    out->preferred_input_layout = NNX_LAYOUT_NCHW;
    out->max_tensor_elements = NNX_MAX_DIMENSION;
    out->max_tensor_byte_length = (uint64_t)NNX_MAX_DIMENSION * 8; /* the widest element: 8 bytes */
    out->input = out->constant = out->output = any;
    return NNX_OK;
}

const nnx_operand_limits *nnx_context_operand_limits_table(const nnx_context *ctx, size_t *count)
{
    bool live = ctx && !ctx->h.destroyed;
    if (count)
        *count = live ? sizeof table / sizeof table[0] : 0;
    return live ? table : NULL;
}

nnx_status nnx_context_operand_limits(const nnx_context *ctx, const char *operation, const char *operand,
                                      nnx_tensor_limits *out)
{
    if (!out || !operation || !operand)
        return NNX_ERROR_INVALID_ARGUMENT;
    memset(out, 0, sizeof *out);
    if (!ctx || ctx->h.destroyed)
        return NNX_ERROR_INVALID_STATE;
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (strcmp(table[i].operation, operation) == 0 && strcmp(table[i].operand, operand) == 0) {
            *out = table[i].limits;
            return NNX_OK;
        }
    return NNX_ERROR_NOT_SUPPORTED;
}
