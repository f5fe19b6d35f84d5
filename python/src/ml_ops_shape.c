/* ml_ops_shape.c — the MLGraphBuilder operations that move, select or index elements, or
 * take an axis or a shape: cast, argMin/argMax, softmax, reshape, transpose, concat, slice,
 * split, pad, tile, expand, reverse, triangular, cumulativeSum, gather*, scatter* and where.
 * Each is a parameter list, an option table and a one-call adapter (ml_options.c parses). */
#include "ml_ops.h"

#define OPTS(c) PYNNX_ML_OPTIONS(c)
#define U32 PYNNX_ARG_U32
#define LIST PYNNX_ARG_U32_LIST
#define OPERAND PYNNX_ARG_OPERAND

static uint32_t call_cast(pynnx_ml_call *c)
{
    c->outs[0] = nnx_builder_cast(c->b, c->x[0], c->dtype, OPTS(c));
    return 1;
}
static const pynnx_ml_op CAST = {
    .name = "cast", .params = {"input", "dtype"}, .kinds = {OPERAND, PYNNX_ARG_DTYPE}, .call = call_cast};
PYNNX_ML_DEFINE(cast, CAST)

/* WebNN MLArgMinMaxOptions. */
static const pynnx_option ARG_MIN_MAX_OPTIONS[] = {
    PYNNX_OPT("keep_dimensions", nnx_arg_min_max_options, keep_dimensions, PYNNX_OPT_BOOL),
    PYNNX_OPT("output_data_type", nnx_arg_min_max_options, output_data_type, PYNNX_OPT_DTYPE),
    {NULL},
};
static uint32_t call_arg_min(pynnx_ml_call *c)
{
    c->outs[0] = nnx_builder_arg_min(c->b, c->x[0], c->u[1], OPTS(c));
    return 1;
}
static uint32_t call_arg_max(pynnx_ml_call *c)
{
    c->outs[0] = nnx_builder_arg_max(c->b, c->x[0], c->u[1], OPTS(c));
    return 1;
}
static const pynnx_ml_op ARG_MIN = {.name = "arg_min",
                                    .params = {"input", "axis"},
                                    .kinds = {OPERAND, U32},
                                    .call = call_arg_min,
                                    .options = ARG_MIN_MAX_OPTIONS};
static const pynnx_ml_op ARG_MAX = {.name = "arg_max",
                                    .params = {"input", "axis"},
                                    .kinds = {OPERAND, U32},
                                    .call = call_arg_max,
                                    .options = ARG_MIN_MAX_OPTIONS};
PYNNX_ML_DEFINE(arg_min, ARG_MIN)
PYNNX_ML_DEFINE(arg_max, ARG_MAX)

static uint32_t call_softmax(pynnx_ml_call *c)
{
    c->outs[0] = nnx_builder_softmax(c->b, c->x[0], c->u[1], OPTS(c));
    return 1;
}
static const pynnx_ml_op SOFTMAX = {
    .name = "softmax", .params = {"input", "axis"}, .kinds = {OPERAND, U32}, .call = call_softmax};
PYNNX_ML_DEFINE(softmax, SOFTMAX)

static uint32_t call_reshape(pynnx_ml_call *c)
{
    c->outs[0] = nnx_builder_reshape(c->b, c->x[0], c->list[1], c->u[1], OPTS(c));
    return 1;
}
static const pynnx_ml_op RESHAPE = {
    .name = "reshape", .params = {"input", "new_shape"}, .kinds = {OPERAND, LIST}, .call = call_reshape};
PYNNX_ML_DEFINE(reshape, RESHAPE)

static const pynnx_option TRANSPOSE_OPTIONS[] = {
    PYNNX_OPT_LIST("permutation", nnx_transpose_options, permutation, PYNNX_OPT_U32_LIST),
    {NULL},
};
static uint32_t call_transpose(pynnx_ml_call *c)
{
    c->outs[0] = nnx_builder_transpose(c->b, c->x[0], OPTS(c));
    return 1;
}
static const pynnx_ml_op TRANSPOSE = {
    .name = "transpose", .params = {"input"}, .call = call_transpose, .options = TRANSPOSE_OPTIONS};
PYNNX_ML_DEFINE(transpose, TRANSPOSE)

static uint32_t call_concat(pynnx_ml_call *c)
{
    c->outs[0] = nnx_builder_concat(c->b, c->operands, c->u[0], c->u[1], OPTS(c));
    return 1;
}
static const pynnx_ml_op CONCAT = {
    .name = "concat", .params = {"inputs", "axis"}, .kinds = {PYNNX_ARG_OPERANDS, U32}, .call = call_concat};
PYNNX_ML_DEFINE(concat, CONCAT)

static const pynnx_option SLICE_OPTIONS[] = {
    PYNNX_OPT_LIST("strides", nnx_slice_options, strides, PYNNX_OPT_U32_LIST),
    {NULL},
};
static uint32_t call_slice(pynnx_ml_call *c)
{
    c->outs[0] = nnx_builder_slice(c->b, c->x[0], c->list[1], c->u[1], c->list[2], c->u[2], OPTS(c));
    return 1;
}
static const pynnx_ml_op SLICE = {.name = "slice",
                                  .params = {"input", "starts", "sizes"},
                                  .kinds = {OPERAND, LIST, LIST},
                                  .call = call_slice,
                                  .options = SLICE_OPTIONS};
PYNNX_ML_DEFINE(slice, SLICE)

/* split(input, splits): an int is a count of equal parts, a sequence the part sizes. */
static const pynnx_option SPLIT_OPTIONS[] = {
    PYNNX_OPT("axis", nnx_split_options, axis, PYNNX_OPT_U32),
    {NULL},
};
static uint32_t call_split(pynnx_ml_call *c)
{
    uint32_t n = c->u[1];
    if (!pynnx_ml_outs(c, n ? n : 1))
        return 0;
    if (c->list[1])
        return nnx_builder_split_sizes(c->b, c->x[0], c->list[1], n, OPTS(c), c->outs);
    return nnx_builder_split(c->b, c->x[0], n, OPTS(c), c->outs);
}
static const pynnx_ml_op SPLIT = {.name = "split",
                                  .params = {"input", "splits"},
                                  .kinds = {OPERAND, PYNNX_ARG_SPLITS},
                                  .call = call_split,
                                  .options = SPLIT_OPTIONS,
                                  .list = true};
PYNNX_ML_DEFINE(split, SPLIT)

/* WebNN MLPadOptions (MLPaddingMode). */
static const char *const PADDING_MODES[] = {"constant", "edge", "reflection", NULL};
static const pynnx_option PAD_OPTIONS[] = {
    PYNNX_OPT_CHOICE("mode", nnx_pad_options, mode, PADDING_MODES, NNX_PADDING_CONSTANT),
    PYNNX_OPT("value", nnx_pad_options, value, PYNNX_OPT_NUMBER),
    {NULL},
};
static uint32_t call_pad(pynnx_ml_call *c)
{
    c->outs[0] = nnx_builder_pad(c->b, c->x[0], c->list[1], c->u[1], c->list[2], c->u[2], OPTS(c));
    return 1;
}
static const pynnx_ml_op PAD = {.name = "pad",
                                .params = {"input", "beginning_padding", "ending_padding"},
                                .kinds = {OPERAND, LIST, LIST},
                                .call = call_pad,
                                .options = PAD_OPTIONS};
PYNNX_ML_DEFINE(pad, PAD)

static uint32_t call_tile(pynnx_ml_call *c)
{
    c->outs[0] = nnx_builder_tile(c->b, c->x[0], c->list[1], c->u[1], OPTS(c));
    return 1;
}
static const pynnx_ml_op TILE = {
    .name = "tile", .params = {"input", "repetitions"}, .kinds = {OPERAND, LIST}, .call = call_tile};
PYNNX_ML_DEFINE(tile, TILE)

static uint32_t call_expand(pynnx_ml_call *c)
{
    c->outs[0] = nnx_builder_expand(c->b, c->x[0], c->list[1], c->u[1], OPTS(c));
    return 1;
}
static const pynnx_ml_op EXPAND = {
    .name = "expand", .params = {"input", "new_shape"}, .kinds = {OPERAND, LIST}, .call = call_expand};
PYNNX_ML_DEFINE(expand, EXPAND)

static const pynnx_option REVERSE_OPTIONS[] = {
    PYNNX_OPT_LIST("axes", nnx_reverse_options, axes, PYNNX_OPT_U32_LIST),
    {NULL},
};
static uint32_t call_reverse(pynnx_ml_call *c)
{
    c->outs[0] = nnx_builder_reverse(c->b, c->x[0], OPTS(c));
    return 1;
}
static const pynnx_ml_op REVERSE = {
    .name = "reverse", .params = {"input"}, .call = call_reverse, .options = REVERSE_OPTIONS};
PYNNX_ML_DEFINE(reverse, REVERSE)

/* WebNN MLTriangularOptions: upper (default true) is nnx's lower negated. */
static const pynnx_option TRIANGULAR_OPTIONS[] = {
    PYNNX_OPT("upper", nnx_triangular_options, lower, PYNNX_OPT_NOT),
    PYNNX_OPT("diagonal", nnx_triangular_options, diagonal, PYNNX_OPT_I32),
    {NULL},
};
static uint32_t call_triangular(pynnx_ml_call *c)
{
    c->outs[0] = nnx_builder_triangular(c->b, c->x[0], OPTS(c));
    return 1;
}
static const pynnx_ml_op TRIANGULAR = {
    .name = "triangular", .params = {"input"}, .call = call_triangular, .options = TRIANGULAR_OPTIONS};
PYNNX_ML_DEFINE(triangular, TRIANGULAR)

static const pynnx_option CUMULATIVE_SUM_OPTIONS[] = {
    PYNNX_OPT("exclusive", nnx_cumulative_sum_options, exclusive, PYNNX_OPT_BOOL),
    PYNNX_OPT("reversed", nnx_cumulative_sum_options, reversed, PYNNX_OPT_BOOL),
    {NULL},
};
static uint32_t call_cumulative_sum(pynnx_ml_call *c)
{
    c->outs[0] = nnx_builder_cumulative_sum(c->b, c->x[0], c->u[1], OPTS(c));
    return 1;
}
static const pynnx_ml_op CUMULATIVE_SUM = {.name = "cumulative_sum",
                                           .params = {"input", "axis"},
                                           .kinds = {OPERAND, U32},
                                           .call = call_cumulative_sum,
                                           .options = CUMULATIVE_SUM_OPTIONS};
PYNNX_ML_DEFINE(cumulative_sum, CUMULATIVE_SUM)

/* gather, gatherElements (MLGatherOptions), gatherND; scatterElements, scatterND. */
static const pynnx_option GATHER_OPTIONS[] = {
    PYNNX_OPT("axis", nnx_gather_options, axis, PYNNX_OPT_U32),
    {NULL},
};
static const pynnx_option SCATTER_OPTIONS[] = {
    PYNNX_OPT("axis", nnx_scatter_options, axis, PYNNX_OPT_U32),
    {NULL},
};
static uint32_t call_gather(pynnx_ml_call *c)
{
    c->outs[0] = nnx_builder_gather(c->b, c->x[0], c->x[1], OPTS(c));
    return 1;
}
static uint32_t call_gather_elements(pynnx_ml_call *c)
{
    c->outs[0] = nnx_builder_gather_elements(c->b, c->x[0], c->x[1], OPTS(c));
    return 1;
}
static uint32_t call_gather_nd(pynnx_ml_call *c)
{
    c->outs[0] = nnx_builder_gather_nd(c->b, c->x[0], c->x[1], OPTS(c));
    return 1;
}
static uint32_t call_scatter_elements(pynnx_ml_call *c)
{
    c->outs[0] = nnx_builder_scatter_elements(c->b, c->x[0], c->x[1], c->x[2], OPTS(c));
    return 1;
}
static uint32_t call_scatter_nd(pynnx_ml_call *c)
{
    c->outs[0] = nnx_builder_scatter_nd(c->b, c->x[0], c->x[1], c->x[2], OPTS(c));
    return 1;
}
static const pynnx_ml_op GATHER = {
    .name = "gather", .params = {"input", "indices"}, .call = call_gather, .options = GATHER_OPTIONS};
static const pynnx_ml_op GATHER_ELEMENTS = {
    .name = "gather_elements", .params = {"input", "indices"}, .call = call_gather_elements, .options = GATHER_OPTIONS};
static const pynnx_ml_op GATHER_ND = {.name = "gather_nd", .params = {"input", "indices"}, .call = call_gather_nd};
static const pynnx_ml_op SCATTER_ELEMENTS = {.name = "scatter_elements",
                                             .params = {"input", "indices", "updates"},
                                             .call = call_scatter_elements,
                                             .options = SCATTER_OPTIONS};
static const pynnx_ml_op SCATTER_ND = {
    .name = "scatter_nd", .params = {"input", "indices", "updates"}, .call = call_scatter_nd};
PYNNX_ML_DEFINE(gather, GATHER)
PYNNX_ML_DEFINE(gather_elements, GATHER_ELEMENTS)
PYNNX_ML_DEFINE(gather_nd, GATHER_ND)
PYNNX_ML_DEFINE(scatter_elements, SCATTER_ELEMENTS)
PYNNX_ML_DEFINE(scatter_nd, SCATTER_ND)

static uint32_t call_where(pynnx_ml_call *c)
{
    c->outs[0] = nnx_builder_where(c->b, c->x[0], c->x[1], c->x[2], OPTS(c));
    return 1;
}
static const pynnx_ml_op WHERE = {
    .name = "where", .params = {"condition", "true_value", "false_value"}, .call = call_where};
PYNNX_ML_DEFINE(where, WHERE)
