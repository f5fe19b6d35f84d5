/* limits.c — WebNN `MLContext.opSupportLimits()` (`MLOpSupportLimits`): the context-wide tensor
 * limits and one row per operand and output of each operation, written with the same data-type sets
 * the builder's operation files check (api/builder.h, api/limits.h). The rows are checked against
 * what the builder really accepts by tests/unit/api/test_op_support_limits.c, every row and every
 * data type, so the table cannot silently drift from the builder. */
#include "api/limits.h"

#include <string.h>

#define R NNX_MAX_RANK
#define F NNX_SET_FLOAT

#define ROW(op, operand, set, rmin, rmax) \
    { \
        op, operand, { set, rmin, rmax } \
    }
/* Element-wise binary: a, b of one type, output of that type (comparisons: uint8). */
#define BINARY(op, set, out) ROW(op, "a", set, 0, R), ROW(op, "b", set, 0, R), ROW(op, "output", out, 0, R)
/* One input, output of the input's type, any rank from rmin. */
#define UNARY(op, set, rmin) ROW(op, "input", set, rmin, R), ROW(op, "output", set, rmin, R)
/* A reduction: the output rank goes down to 0. */
#define REDUCE(op, set) ROW(op, "input", set, 0, R), ROW(op, "output", set, 0, R)
/* One rank-4 input (pooling, resample2d). */
#define WINDOW(op, set) ROW(op, "input", set, 4, 4), ROW(op, "output", set, 4, 4)
/* convolutions: input, filter, bias of one float type. */
#define CONV(op) \
    ROW(op, "input", F, 4, 4), ROW(op, "filter", F, 4, 4), ROW(op, "bias", F, 1, 1), ROW(op, "output", F, 4, 4)
/* argMin/argMax: any input of rank >= 1 (the axis must exist), int32/int64 indices out. */
#define ARG(op) ROW(op, "input", NNX_SET_ANY, 1, R), ROW(op, "output", NNX_SET_ARG_INDEX, 0, R)
/* gather/scatter: the data and its output of any type, indices of an index type. */
#define GATHER(op, rin, rind, rout) \
    ROW(op, "input", NNX_SET_ANY, rin, R), ROW(op, "indices", NNX_SET_INDEX, rind, R), \
        ROW(op, "output", NNX_SET_ANY, rout, R)
#define SCATTER(op, rind, rupd) \
    ROW(op, "input", NNX_SET_ANY, 1, R), ROW(op, "indices", NNX_SET_INDEX, rind, R), \
        ROW(op, "updates", NNX_SET_ANY, rupd, R), ROW(op, "output", NNX_SET_ANY, 1, R)

static const nnx_operand_limits table[] = {
    /* element-wise binary, comparisons, logical */
    BINARY("add", NNX_SET_ANY, NNX_SET_ANY),
    BINARY("sub", NNX_SET_ANY, NNX_SET_ANY),
    BINARY("mul", NNX_SET_ANY, NNX_SET_ANY),
    BINARY("div", NNX_SET_ANY, NNX_SET_ANY),
    BINARY("max", NNX_SET_ANY, NNX_SET_ANY),
    BINARY("min", NNX_SET_ANY, NNX_SET_ANY),
    BINARY("pow", NNX_SET_ANY, NNX_SET_ANY),
    BINARY("equal", NNX_SET_ANY, NNX_SET(NNX_UINT8)),
    BINARY("notEqual", NNX_SET_ANY, NNX_SET(NNX_UINT8)),
    BINARY("greater", NNX_SET_ANY, NNX_SET(NNX_UINT8)),
    BINARY("greaterOrEqual", NNX_SET_ANY, NNX_SET(NNX_UINT8)),
    BINARY("lesser", NNX_SET_ANY, NNX_SET(NNX_UINT8)),
    BINARY("lesserOrEqual", NNX_SET_ANY, NNX_SET(NNX_UINT8)),
    BINARY("logicalAnd", NNX_SET_LOGICAL, NNX_SET_LOGICAL),
    BINARY("logicalOr", NNX_SET_LOGICAL, NNX_SET_LOGICAL),
    BINARY("logicalXor", NNX_SET_LOGICAL, NNX_SET_LOGICAL),
    ROW("logicalNot", "a", NNX_SET_LOGICAL, 0, R),
    ROW("logicalNot", "output", NNX_SET_LOGICAL, 0, R),
    ROW("where", "condition", NNX_SET_LOGICAL, 0, R),
    ROW("where", "trueValue", NNX_SET_ANY, 0, R),
    ROW("where", "falseValue", NNX_SET_ANY, 0, R),
    ROW("where", "output", NNX_SET_ANY, 0, R),
    ROW("isNaN", "a", F, 0, R),
    ROW("isNaN", "output", NNX_SET(NNX_UINT8), 0, R),
    ROW("isInfinite", "a", F, 0, R),
    ROW("isInfinite", "output", NNX_SET(NNX_UINT8), 0, R),
    /* element-wise unary, activations */
    UNARY("abs", NNX_SET_SIGNED, 0),
    UNARY("neg", NNX_SET_SIGNED, 0),
    UNARY("relu", NNX_SET_SIGNED, 0),
    UNARY("sign", NNX_SET_SIGNED, 0),
    UNARY("ceil", F, 0),
    UNARY("floor", F, 0),
    UNARY("exp", F, 0),
    UNARY("log", F, 0),
    UNARY("sqrt", F, 0),
    UNARY("sigmoid", F, 0),
    UNARY("tanh", F, 0),
    UNARY("roundEven", F, 0),
    UNARY("erf", F, 0),
    UNARY("reciprocal", F, 0),
    UNARY("sin", F, 0),
    UNARY("cos", F, 0),
    UNARY("tan", F, 0),
    UNARY("elu", F, 0),
    UNARY("gelu", F, 0),
    UNARY("hardSigmoid", F, 0),
    UNARY("hardSwish", F, 0),
    UNARY("leakyRelu", F, 0),
    UNARY("linear", F, 0),
    UNARY("softplus", F, 0),
    UNARY("softsign", F, 0),
    ROW("prelu", "input", NNX_SET_SIGNED, 0, R),
    ROW("prelu", "slope", NNX_SET_SIGNED, 0, R),
    ROW("prelu", "output", NNX_SET_SIGNED, 0, R),
    UNARY("identity", NNX_SET_ANY, 0),
    UNARY("clamp", NNX_SET_ANY, 0),
    ROW("cast", "input", NNX_SET_ANY, 0, R),
    ROW("cast", "output", NNX_SET_ANY, 0, R),
    /* shapes and data movement */
    UNARY("transpose", NNX_SET_ANY, 0),
    ROW("reshape", "input", NNX_SET_ANY, 0, R),
    ROW("reshape", "output", NNX_SET_ANY, 0, R),
    UNARY("expand", NNX_SET_ANY, 0),
    UNARY("reverse", NNX_SET_ANY, 0),
    UNARY("slice", NNX_SET_ANY, 0),
    ROW("split", "input", NNX_SET_ANY, 1, R),
    ROW("split", "outputs", NNX_SET_ANY, 1, R),
    UNARY("triangular", NNX_SET_ANY, 2),
    UNARY("pad", NNX_SET_ANY, 0),
    UNARY("tile", NNX_SET_ANY, 0),
    ROW("concat", "inputs", NNX_SET_ANY, 1, R),
    ROW("concat", "output", NNX_SET_ANY, 1, R),
    /* softmax, cumulativeSum, reductions, argMin/argMax */
    UNARY("softmax", F, 1),
    UNARY("cumulativeSum", NNX_SET_NUMERIC, 1),
    REDUCE("reduceSum", NNX_SET_NUMERIC),
    REDUCE("reduceMean", F),
    REDUCE("reduceMax", NNX_SET_ANY),
    REDUCE("reduceMin", NNX_SET_ANY),
    REDUCE("reduceL1", NNX_SET_NUMERIC),
    REDUCE("reduceL2", F),
    REDUCE("reduceLogSum", F),
    REDUCE("reduceLogSumExp", F),
    REDUCE("reduceProduct", NNX_SET_NUMERIC),
    REDUCE("reduceSumSquare", NNX_SET_NUMERIC),
    ARG("argMin"),
    ARG("argMax"),
    /* matrix products, convolutions, pooling, resampling */
    ROW("matmul", "a", F, 2, R),
    ROW("matmul", "b", F, 2, R),
    ROW("matmul", "output", F, 2, R),
    ROW("gemm", "a", F, 2, 2),
    ROW("gemm", "b", F, 2, 2),
    ROW("gemm", "c", F, 0, 2),
    ROW("gemm", "output", F, 2, 2),
    CONV("conv2d"),
    CONV("convTranspose2d"),
    WINDOW("averagePool2d", F),
    WINDOW("l2Pool2d", F),
    WINDOW("maxPool2d", NNX_SET_ANY),
    WINDOW("resample2d", NNX_SET_RESAMPLE),
    /* normalizations */
    ROW("batchNormalization", "input", F, 1, R),
    ROW("batchNormalization", "mean", F, 1, 1),
    ROW("batchNormalization", "variance", F, 1, 1),
    ROW("batchNormalization", "scale", F, 1, 1),
    ROW("batchNormalization", "bias", F, 1, 1),
    ROW("batchNormalization", "output", F, 1, R),
    ROW("instanceNormalization", "input", F, 4, 4),
    ROW("instanceNormalization", "scale", F, 1, 1),
    ROW("instanceNormalization", "bias", F, 1, 1),
    ROW("instanceNormalization", "output", F, 4, 4),
    ROW("layerNormalization", "input", F, 0, R),
    ROW("layerNormalization", "scale", F, 0, R),
    ROW("layerNormalization", "bias", F, 0, R),
    ROW("layerNormalization", "output", F, 0, R),
    /* gather, scatter */
    GATHER("gather", 1, 0, 0),
    GATHER("gatherElements", 1, 1, 1),
    GATHER("gatherND", 1, 1, 0),
    SCATTER("scatterElements", 1, 1),
    SCATTER("scatterND", 1, 0),
    /* quantization */
    ROW("quantizeLinear", "input", F, 0, R),
    ROW("quantizeLinear", "scale", F, 0, R),
    ROW("quantizeLinear", "zeroPoint", NNX_SET_QUANT, 0, R),
    ROW("quantizeLinear", "output", NNX_SET_QUANT, 0, R),
    ROW("dequantizeLinear", "input", NNX_SET_QUANT, 0, R),
    ROW("dequantizeLinear", "scale", F, 0, R),
    ROW("dequantizeLinear", "zeroPoint", NNX_SET_QUANT, 0, R),
    ROW("dequantizeLinear", "output", F, 0, R),
    /* recurrent networks: every operand of the input's float type, fixed ranks */
    ROW("gru", "input", F, 3, 3),
    ROW("gru", "weight", F, 3, 3),
    ROW("gru", "recurrentWeight", F, 3, 3),
    ROW("gru", "bias", F, 2, 2),
    ROW("gru", "recurrentBias", F, 2, 2),
    ROW("gru", "initialHiddenState", F, 3, 3),
    ROW("gru", "output0", F, 3, 3),
    ROW("gru", "output1", F, 4, 4),
    ROW("gruCell", "input", F, 2, 2),
    ROW("gruCell", "weight", F, 2, 2),
    ROW("gruCell", "recurrentWeight", F, 2, 2),
    ROW("gruCell", "hiddenState", F, 2, 2),
    ROW("gruCell", "bias", F, 1, 1),
    ROW("gruCell", "recurrentBias", F, 1, 1),
    ROW("gruCell", "output", F, 2, 2),
    ROW("lstm", "input", F, 3, 3),
    ROW("lstm", "weight", F, 3, 3),
    ROW("lstm", "recurrentWeight", F, 3, 3),
    ROW("lstm", "bias", F, 2, 2),
    ROW("lstm", "recurrentBias", F, 2, 2),
    ROW("lstm", "peepholeWeight", F, 2, 2),
    ROW("lstm", "initialHiddenState", F, 3, 3),
    ROW("lstm", "initialCellState", F, 3, 3),
    ROW("lstm", "output0", F, 3, 3),
    ROW("lstm", "output1", F, 3, 3),
    ROW("lstm", "output2", F, 4, 4),
    ROW("lstmCell", "input", F, 2, 2),
    ROW("lstmCell", "weight", F, 2, 2),
    ROW("lstmCell", "recurrentWeight", F, 2, 2),
    ROW("lstmCell", "hiddenState", F, 2, 2),
    ROW("lstmCell", "cellState", F, 2, 2),
    ROW("lstmCell", "bias", F, 1, 1),
    ROW("lstmCell", "recurrentBias", F, 1, 1),
    ROW("lstmCell", "peepholeWeight", F, 1, 1),
    ROW("lstmCell", "output0", F, 2, 2),
    ROW("lstmCell", "output1", F, 2, 2),
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
