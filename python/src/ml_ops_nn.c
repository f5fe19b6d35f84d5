/* ml_ops_nn.c — the network layers of MLGraphBuilder: gemm, conv2d, convTranspose2d,
 * resample2d, the three normalizations and quantizeLinear / dequantizeLinear. Each is an
 * option table (WebNN's option dictionary in snake_case, written into the nnx options
 * struct) and a one-call adapter; ml_options.c does the parsing. */
#include "ml_ops.h"

#define OPTS(c) PYNNX_ML_OPTIONS(c)

static const char *const INPUT_LAYOUTS[] = {"nchw", "nhwc", NULL};

/* WebNN MLGemmOptions. */
static const pynnx_option GEMM_OPTIONS[] = {
    PYNNX_OPT("c", nnx_gemm_options, c, PYNNX_OPT_OPERAND),
    PYNNX_OPT("alpha", nnx_gemm_options, alpha, PYNNX_OPT_NUMBER),
    PYNNX_OPT("beta", nnx_gemm_options, beta, PYNNX_OPT_NUMBER),
    PYNNX_OPT("a_transpose", nnx_gemm_options, a_transpose, PYNNX_OPT_BOOL),
    PYNNX_OPT("b_transpose", nnx_gemm_options, b_transpose, PYNNX_OPT_BOOL),
    {NULL},
};
static uint32_t call_gemm(pynnx_ml_call *c)
{
    c->outs[0] = nnx_builder_gemm(c->b, c->x[0], c->x[1], OPTS(c));
    return 1;
}
static const pynnx_ml_op GEMM = {.name = "gemm", .params = {"a", "b"}, .call = call_gemm, .options = GEMM_OPTIONS};
PYNNX_ML_DEFINE(gemm, GEMM)

/* WebNN MLConv2dOptions (MLConv2dFilterOperandLayout). */
static const char *const FILTER_LAYOUTS[] = {"oihw", "hwio", "ohwi", "ihwo", NULL};
static const pynnx_option CONV2D_OPTIONS[] = {
    PYNNX_OPT_LIST("padding", nnx_conv2d_options, padding, PYNNX_OPT_U32_LIST),
    PYNNX_OPT_LIST("strides", nnx_conv2d_options, strides, PYNNX_OPT_U32_LIST),
    PYNNX_OPT_LIST("dilations", nnx_conv2d_options, dilations, PYNNX_OPT_U32_LIST),
    PYNNX_OPT("groups", nnx_conv2d_options, groups, PYNNX_OPT_U32),
    PYNNX_OPT_CHOICE("input_layout", nnx_conv2d_options, input_layout, INPUT_LAYOUTS, NNX_LAYOUT_NCHW),
    PYNNX_OPT_CHOICE("filter_layout", nnx_conv2d_options, filter_layout, FILTER_LAYOUTS, NNX_FILTER_OIHW),
    PYNNX_OPT("bias", nnx_conv2d_options, bias, PYNNX_OPT_OPERAND),
    {NULL},
};
static uint32_t call_conv2d(pynnx_ml_call *c)
{
    c->outs[0] = nnx_builder_conv2d(c->b, c->x[0], c->x[1], OPTS(c));
    return 1;
}
static const pynnx_ml_op CONV2D = {
    .name = "conv2d", .params = {"input", "filter"}, .call = call_conv2d, .options = CONV2D_OPTIONS};
PYNNX_ML_DEFINE(conv2d, CONV2D)

/* WebNN MLConvTranspose2dOptions (MLConvTranspose2dFilterOperandLayout). */
static const char *const T_FILTER_LAYOUTS[] = {"iohw", "hwoi", "ohwi", NULL};
static const pynnx_option CONV_TRANSPOSE2D_OPTIONS[] = {
    PYNNX_OPT_LIST("padding", nnx_conv_transpose2d_options, padding, PYNNX_OPT_U32_LIST),
    PYNNX_OPT_LIST("strides", nnx_conv_transpose2d_options, strides, PYNNX_OPT_U32_LIST),
    PYNNX_OPT_LIST("dilations", nnx_conv_transpose2d_options, dilations, PYNNX_OPT_U32_LIST),
    PYNNX_OPT_LIST("output_padding", nnx_conv_transpose2d_options, output_padding, PYNNX_OPT_U32_LIST),
    PYNNX_OPT_LIST("output_sizes", nnx_conv_transpose2d_options, output_sizes, PYNNX_OPT_U32_LIST),
    PYNNX_OPT("groups", nnx_conv_transpose2d_options, groups, PYNNX_OPT_U32),
    PYNNX_OPT_CHOICE("input_layout", nnx_conv_transpose2d_options, input_layout, INPUT_LAYOUTS, NNX_LAYOUT_NCHW),
    PYNNX_OPT_CHOICE("filter_layout", nnx_conv_transpose2d_options, filter_layout, T_FILTER_LAYOUTS, NNX_TFILTER_IOHW),
    PYNNX_OPT("bias", nnx_conv_transpose2d_options, bias, PYNNX_OPT_OPERAND),
    {NULL},
};
static uint32_t call_conv_transpose2d(pynnx_ml_call *c)
{
    c->outs[0] = nnx_builder_conv_transpose2d(c->b, c->x[0], c->x[1], OPTS(c));
    return 1;
}
static const pynnx_ml_op CONV_TRANSPOSE2D = {.name = "conv_transpose2d",
                                             .params = {"input", "filter"},
                                             .call = call_conv_transpose2d,
                                             .options = CONV_TRANSPOSE2D_OPTIONS};
PYNNX_ML_DEFINE(conv_transpose2d, CONV_TRANSPOSE2D)

/* WebNN MLResample2dOptions (MLInterpolationMode). */
static const char *const MODES[] = {"nearest-neighbor", "linear", NULL};
static const pynnx_option RESAMPLE2D_OPTIONS[] = {
    PYNNX_OPT_CHOICE("mode", nnx_resample2d_options, mode, MODES, NNX_INTERPOLATION_NEAREST_NEIGHBOR),
    PYNNX_OPT_LIST("scales", nnx_resample2d_options, scales, PYNNX_OPT_F32_LIST),
    PYNNX_OPT_LIST("sizes", nnx_resample2d_options, sizes, PYNNX_OPT_U32_LIST),
    PYNNX_OPT_LIST("axes", nnx_resample2d_options, axes, PYNNX_OPT_U32_LIST),
    {NULL},
};
static uint32_t call_resample2d(pynnx_ml_call *c)
{
    c->outs[0] = nnx_builder_resample2d(c->b, c->x[0], OPTS(c));
    return 1;
}
static const pynnx_ml_op RESAMPLE2D = {
    .name = "resample2d", .params = {"input"}, .call = call_resample2d, .options = RESAMPLE2D_OPTIONS};
PYNNX_ML_DEFINE(resample2d, RESAMPLE2D)

/* WebNN MLBatchNormalizationOptions: axis is an int (nnx takes it as a number). */
static const pynnx_option BATCH_NORMALIZATION_OPTIONS[] = {
    PYNNX_OPT("scale", nnx_batch_normalization_options, scale, PYNNX_OPT_OPERAND),
    PYNNX_OPT("bias", nnx_batch_normalization_options, bias, PYNNX_OPT_OPERAND),
    PYNNX_OPT("axis", nnx_batch_normalization_options, axis, PYNNX_OPT_NUMBER),
    PYNNX_OPT("epsilon", nnx_batch_normalization_options, epsilon, PYNNX_OPT_NUMBER),
    {NULL},
};
static uint32_t call_batch_normalization(pynnx_ml_call *c)
{
    c->outs[0] = nnx_builder_batch_normalization(c->b, c->x[0], c->x[1], c->x[2], OPTS(c));
    return 1;
}
static const pynnx_ml_op BATCH_NORMALIZATION = {.name = "batch_normalization",
                                                .params = {"input", "mean", "variance"},
                                                .call = call_batch_normalization,
                                                .options = BATCH_NORMALIZATION_OPTIONS};
PYNNX_ML_DEFINE(batch_normalization, BATCH_NORMALIZATION)

/* WebNN MLInstanceNormalizationOptions. */
static const pynnx_option INSTANCE_NORMALIZATION_OPTIONS[] = {
    PYNNX_OPT("scale", nnx_instance_normalization_options, scale, PYNNX_OPT_OPERAND),
    PYNNX_OPT("bias", nnx_instance_normalization_options, bias, PYNNX_OPT_OPERAND),
    PYNNX_OPT("epsilon", nnx_instance_normalization_options, epsilon, PYNNX_OPT_NUMBER),
    PYNNX_OPT_CHOICE("layout", nnx_instance_normalization_options, layout, INPUT_LAYOUTS, NNX_LAYOUT_NCHW),
    {NULL},
};
static uint32_t call_instance_normalization(pynnx_ml_call *c)
{
    c->outs[0] = nnx_builder_instance_normalization(c->b, c->x[0], OPTS(c));
    return 1;
}
static const pynnx_ml_op INSTANCE_NORMALIZATION = {.name = "instance_normalization",
                                                   .params = {"input"},
                                                   .call = call_instance_normalization,
                                                   .options = INSTANCE_NORMALIZATION_OPTIONS};
PYNNX_ML_DEFINE(instance_normalization, INSTANCE_NORMALIZATION)

/* WebNN MLLayerNormalizationOptions. */
static const pynnx_option LAYER_NORMALIZATION_OPTIONS[] = {
    PYNNX_OPT("scale", nnx_layer_normalization_options, scale, PYNNX_OPT_OPERAND),
    PYNNX_OPT("bias", nnx_layer_normalization_options, bias, PYNNX_OPT_OPERAND),
    PYNNX_OPT_LIST("axes", nnx_layer_normalization_options, axes, PYNNX_OPT_U32_LIST),
    PYNNX_OPT("epsilon", nnx_layer_normalization_options, epsilon, PYNNX_OPT_NUMBER),
    {NULL},
};
static uint32_t call_layer_normalization(pynnx_ml_call *c)
{
    c->outs[0] = nnx_builder_layer_normalization(c->b, c->x[0], OPTS(c));
    return 1;
}
static const pynnx_ml_op LAYER_NORMALIZATION = {.name = "layer_normalization",
                                                .params = {"input"},
                                                .call = call_layer_normalization,
                                                .options = LAYER_NORMALIZATION_OPTIONS};
PYNNX_ML_DEFINE(layer_normalization, LAYER_NORMALIZATION)

/* quantizeLinear / dequantizeLinear: three operands, no options but label. */
static uint32_t call_quantize_linear(pynnx_ml_call *c)
{
    c->outs[0] = nnx_builder_quantize_linear(c->b, c->x[0], c->x[1], c->x[2], OPTS(c));
    return 1;
}
static uint32_t call_dequantize_linear(pynnx_ml_call *c)
{
    c->outs[0] = nnx_builder_dequantize_linear(c->b, c->x[0], c->x[1], c->x[2], OPTS(c));
    return 1;
}
static const pynnx_ml_op QUANTIZE_LINEAR = {
    .name = "quantize_linear", .params = {"input", "scale", "zero_point"}, .call = call_quantize_linear};
static const pynnx_ml_op DEQUANTIZE_LINEAR = {
    .name = "dequantize_linear", .params = {"input", "scale", "zero_point"}, .call = call_dequantize_linear};
PYNNX_ML_DEFINE(quantize_linear, QUANTIZE_LINEAR)
PYNNX_ML_DEFINE(dequantize_linear, DEQUANTIZE_LINEAR)

_Static_assert(sizeof(nnx_conv_transpose2d_options) <= PYNNX_ML_OPTIONS_MAX, "options buffer too small");
_Static_assert(sizeof(nnx_pool2d_options) <= PYNNX_ML_OPTIONS_MAX, "options buffer too small");
