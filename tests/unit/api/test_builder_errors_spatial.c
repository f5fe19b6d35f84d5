/* test_builder_errors_spatial.c: negative tests of the WebNN validation steps of the spatial
 * operations convTranspose2d, resample2d and l2Pool2d, and of argMin and argMax (method
 * steps, index.bs at commit 07d09bb of github.com/webmachinelearning/webnn). One row per TypeError
 * condition (and the state/operand checks): status, the message prefix "<webnn op>: " and a
 * distinctive substring. */
#include "builder_errors_fixture.h"

#include <math.h>

#define I64 NNX_INT64
#define I8 NNX_INT8
#define NOT_ACCEPTED "which this operation does not accept"

static nnx_status op_done(fx *f, nnx_operand *result)
{
    f->result = result;
    return nnx_builder_status(f->b);
}

/* ------------------------------------------------------------------ convTranspose2d */

/* A valid call: input nchw [1, 2, 3, 3], filter iohw [2, 3, 2, 2]; o changes one thing. */
static nnx_status ct(fx *f, nnx_operand *x, nnx_operand *w, const nnx_conv_transpose2d_options *o)
{
    return op_done(f, nnx_builder_conv_transpose2d(f->b, x, w, o));
}
#define CT_X X(F32, 1, 2, 3, 3)
#define CT_W X(F32, 2, 3, 2, 2)

static nnx_status ct_built(fx *f)
{
    nnx_operand *x = spend_builder(f);
    return ct(f, x, x, NULL);
}
static nnx_status ct_null_input(fx *f) { return ct(f, NULL, CT_W, NULL); }
static nnx_status ct_null_filter(fx *f) { return ct(f, CT_X, NULL, NULL); }
static nnx_status ct_bias_other_builder(fx *f)
{
    nnx_conv_transpose2d_options o = {.bias = X2(F32, 3)};
    return ct(f, CT_X, CT_W, &o);
}
static nnx_status ct_input_rank(fx *f) { return ct(f, X(F32, 2, 3, 3), CT_W, NULL); }
static nnx_status ct_input_type(fx *f) { return ct(f, X(I32, 1, 2, 3, 3), X(I32, 2, 3, 2, 2), NULL); }
static nnx_status ct_filter_rank(fx *f) { return ct(f, CT_X, X(F32, 2, 3, 2), NULL); }
static nnx_status ct_filter_type(fx *f) { return ct(f, CT_X, X(F16, 2, 3, 2, 2), NULL); }
static nnx_status ct_input_layout(fx *f)
{
    nnx_conv_transpose2d_options o = {.input_layout = (nnx_input_layout)3};
    return ct(f, CT_X, CT_W, &o);
}
static nnx_status ct_filter_layout(fx *f)
{
    nnx_conv_transpose2d_options o = {.filter_layout = (nnx_conv_transpose_filter_layout)4};
    return ct(f, CT_X, CT_W, &o);
}
static nnx_status ct_padding_length(fx *f)
{
    nnx_conv_transpose2d_options o = {.padding = LIST(0, 0, 0)};
    return ct(f, CT_X, CT_W, &o);
}
static nnx_status ct_strides_length(fx *f)
{
    nnx_conv_transpose2d_options o = {.strides = LIST(1)};
    return ct(f, CT_X, CT_W, &o);
}
static nnx_status ct_strides_zero(fx *f)
{
    nnx_conv_transpose2d_options o = {.strides = LIST(1, 0)};
    return ct(f, CT_X, CT_W, &o);
}
static nnx_status ct_dilations_length(fx *f)
{
    nnx_conv_transpose2d_options o = {.dilations = LIST(1, 1, 1)};
    return ct(f, CT_X, CT_W, &o);
}
static nnx_status ct_dilations_zero(fx *f)
{
    nnx_conv_transpose2d_options o = {.dilations = LIST(0, 1)};
    return ct(f, CT_X, CT_W, &o);
}
static nnx_status ct_output_padding_length(fx *f)
{
    nnx_conv_transpose2d_options o = {.output_padding = LIST(0)};
    return ct(f, CT_X, CT_W, &o);
}
static nnx_status ct_output_sizes_length(fx *f)
{
    nnx_conv_transpose2d_options o = {.output_sizes = LIST(4, 4, 4)};
    return ct(f, CT_X, CT_W, &o);
}
static nnx_status ct_output_padding_stride(fx *f)
{
    nnx_conv_transpose2d_options o = {.strides = LIST(2, 2), .output_padding = LIST(1, 2)};
    return ct(f, CT_X, CT_W, &o);
}
static nnx_status ct_channels(fx *f) { return ct(f, CT_X, X(F32, 3, 3, 2, 2), NULL); }
static nnx_status ct_channels_ohwi(fx *f)
{
    nnx_conv_transpose2d_options o = {.filter_layout = NNX_TFILTER_OHWI};
    return ct(f, CT_X, X(F32, 3, 2, 2, 4), &o);
}
static nnx_status ct_channels_nhwc_hwoi(fx *f)
{
    nnx_conv_transpose2d_options o = {.input_layout = NNX_LAYOUT_NHWC, .filter_layout = NNX_TFILTER_HWOI};
    return ct(f, X(F32, 1, 3, 3, 2), X(F32, 2, 2, 3, 5), &o);
}
static nnx_status ct_output_channels(fx *f)
{
    nnx_conv_transpose2d_options o = {.groups = 3};
    return ct(f, X(F32, 1, 2, 1, 1), X(F32, 2, 1073741823, 1, 1), &o);
}
static nnx_status ct_groups_divide(fx *f)
{
    nnx_conv_transpose2d_options o = {.groups = 3};
    return ct(f, CT_X, CT_W, &o);
}
static nnx_status ct_bias_shape(fx *f)
{
    nnx_conv_transpose2d_options o = {.bias = X(F32, 2)};
    return ct(f, CT_X, CT_W, &o);
}
static nnx_status ct_bias_rank(fx *f)
{
    nnx_conv_transpose2d_options o = {.bias = X(F32, 1, 3)};
    return ct(f, CT_X, CT_W, &o);
}
static nnx_status ct_bias_type(fx *f)
{
    nnx_conv_transpose2d_options o = {.bias = X(F16, 3)};
    return ct(f, CT_X, CT_W, &o);
}
static nnx_status ct_size_negative(fx *f)
{
    nnx_conv_transpose2d_options o = {.padding = LIST(2, 2, 0, 0)};
    return ct(f, CT_X, CT_W, &o);
}
static nnx_status ct_output_sizes_small(fx *f)
{
    nnx_conv_transpose2d_options o = {.strides = LIST(2, 2), .output_sizes = LIST(6, 5)};
    return ct(f, CT_X, CT_W, &o);
}
static nnx_status ct_output_sizes_large(fx *f)
{
    nnx_conv_transpose2d_options o = {.strides = LIST(2, 2), .output_sizes = LIST(7, 8)};
    return ct(f, CT_X, CT_W, &o);
}
static nnx_status ct_output_too_large(fx *f)
{
    nnx_conv_transpose2d_options o = {.strides = LIST(2147483647, 1)};
    return ct(f, CT_X, CT_W, &o);
}

/* ------------------------------------------------------------------ resample2d */

static nnx_status rs(fx *f, nnx_operand *x, const nnx_resample2d_options *o)
{
    return op_done(f, nnx_builder_resample2d(f->b, x, o));
}
#define RS_X X(F32, 1, 2, 3, 4)

static nnx_status rs_null(fx *f) { return rs(f, NULL, NULL); }
static nnx_status rs_type(fx *f) { return rs(f, X(I32, 1, 2, 3, 4), NULL); }
static nnx_status rs_rank(fx *f) { return rs(f, X(F32, 2, 3, 4), NULL); }
static nnx_status rs_mode(fx *f)
{
    nnx_resample2d_options o = {.mode = (nnx_interpolation_mode)3};
    return rs(f, RS_X, &o);
}
static nnx_status rs_scales_length(fx *f)
{
    nnx_resample2d_options o = {.scales = (const float[]){2, 2, 2}, .scales_count = 3};
    return rs(f, RS_X, &o);
}
static nnx_status rs_scales_zero(fx *f)
{
    nnx_resample2d_options o = {.scales = (const float[]){2, 0}, .scales_count = 2};
    return rs(f, RS_X, &o);
}
static nnx_status rs_scales_negative(fx *f)
{
    nnx_resample2d_options o = {.scales = (const float[]){-1, 2}, .scales_count = 2};
    return rs(f, RS_X, &o);
}
static nnx_status rs_scales_nan(fx *f)
{
    nnx_resample2d_options o = {.scales = (const float[]){NAN, 2}, .scales_count = 2};
    return rs(f, RS_X, &o);
}
static nnx_status rs_sizes_length(fx *f)
{
    nnx_resample2d_options o = {.sizes = LIST(4)};
    return rs(f, RS_X, &o);
}
static nnx_status rs_sizes_zero(fx *f)
{
    nnx_resample2d_options o = {.sizes = LIST(4, 0)};
    return rs(f, RS_X, &o);
}
static nnx_status rs_axes_length(fx *f)
{
    nnx_resample2d_options o = {.axes = LIST(1, 2, 3)};
    return rs(f, RS_X, &o);
}
static nnx_status rs_axes_range(fx *f)
{
    nnx_resample2d_options o = {.axes = LIST(2, 4)};
    return rs(f, RS_X, &o);
}
static nnx_status rs_axes_twice(fx *f)
{
    nnx_resample2d_options o = {.axes = LIST(1, 1)};
    return rs(f, RS_X, &o);
}
static nnx_status rs_size_zero_by_scale(fx *f)
{
    nnx_resample2d_options o = {.scales = (const float[]){0.25f, 1}, .scales_count = 2};
    return rs(f, RS_X, &o);
}
static nnx_status rs_size_too_large(fx *f)
{
    nnx_resample2d_options o = {.scales = (const float[]){1e9f, 1}, .scales_count = 2};
    return rs(f, RS_X, &o);
}
static nnx_status rs_size_infinite(fx *f)
{
    nnx_resample2d_options o = {.scales = (const float[]){INFINITY, 1}, .scales_count = 2};
    return rs(f, RS_X, &o);
}
static nnx_status rs_elements_too_many(fx *f)
{
    nnx_resample2d_options o = {.sizes = LIST(65536, 65536)};
    return rs(f, RS_X, &o);
}

/* ------------------------------------------------------------------ l2Pool2d */

static nnx_status l2(fx *f, nnx_operand *x, const nnx_pool2d_options *o)
{
    return op_done(f, nnx_builder_l2_pool2d(f->b, x, o));
}
static nnx_status l2_type(fx *f) { return l2(f, X(I32, 1, 1, 4, 4), NULL); }
static nnx_status l2_rank(fx *f) { return l2(f, X(F32, 1, 4, 4), NULL); }
static nnx_status l2_window_zero(fx *f)
{
    nnx_pool2d_options o = {.window_dimensions = LIST(2, 0)};
    return l2(f, X(F32, 1, 1, 4, 4), &o);
}
static nnx_status l2_padding_length(fx *f)
{
    nnx_pool2d_options o = {.padding = LIST(1, 1)};
    return l2(f, X(F32, 1, 1, 4, 4), &o);
}
static nnx_status l2_output_sizes(fx *f)
{
    nnx_pool2d_options o = {.window_dimensions = LIST(2, 2), .strides = LIST(2, 2), .output_sizes = LIST(3, 3)};
    return l2(f, X(F32, 1, 1, 4, 4), &o);
}
static nnx_status l2_window_too_large(fx *f)
{
    nnx_pool2d_options o = {.window_dimensions = LIST(5, 1)};
    return l2(f, X(F32, 1, 1, 4, 4), &o);
}

/* ------------------------------------------------------------------ argMin / argMax */

static nnx_status am_null(fx *f) { return op_done(f, nnx_builder_arg_max(f->b, NULL, 0, NULL)); }
static nnx_status am_axis(fx *f) { return op_done(f, nnx_builder_arg_max(f->b, X(F32, 2, 3), 2, NULL)); }
static nnx_status am_scalar(fx *f) { return op_done(f, nnx_builder_arg_min(f->b, XS(F32), 0, NULL)); }
static nnx_status am_type(fx *f)
{
    nnx_arg_min_max_options o = {.output_data_type = NNX_UINT32};
    return op_done(f, nnx_builder_arg_min(f->b, X(F32, 2, 3), 1, &o));
}
static nnx_status am_type_float(fx *f)
{
    nnx_arg_min_max_options o = {.output_data_type = NNX_FLOAT32};
    return op_done(f, nnx_builder_arg_max(f->b, X(I8, 2, 3), 0, &o));
}
static nnx_status am_type_invalid(fx *f)
{
    nnx_arg_min_max_options o = {.output_data_type = (nnx_dtype)99};
    return op_done(f, nnx_builder_arg_max(f->b, X(F32, 2, 3), 0, &o));
}
static nnx_status am_label(fx *f)
{
    nnx_arg_min_max_options o = {.label = "am", .output_data_type = I64};
    return op_done(f, nnx_builder_arg_min(f->b, X(F32, 2, 3), 5, &o));
}

static err_case rows[] = {
    OP("convTranspose2d: builder already built", ct_built, IS, "convTranspose2d",
       "the builder has already built its graph"),
    OP("convTranspose2d: NULL input", ct_null_input, IA, "convTranspose2d", "input is NULL"),
    OP("convTranspose2d: NULL filter", ct_null_filter, IA, "convTranspose2d", "filter is NULL"),
    OP("convTranspose2d: bias of another builder", ct_bias_other_builder, IA, "convTranspose2d",
       "bias belongs to another builder"),
    OP("convTranspose2d: input rank", ct_input_rank, IA, "convTranspose2d", "input has rank 3, expected 4"),
    OP("convTranspose2d: input type", ct_input_type, IA, "convTranspose2d", "input has data type int32, " NOT_ACCEPTED),
    OP("convTranspose2d: filter rank", ct_filter_rank, IA, "convTranspose2d", "filter has rank 3, expected 4"),
    OP("convTranspose2d: filter type", ct_filter_type, IA, "convTranspose2d",
       "filter type float16 != input type float32"),
    OP("convTranspose2d: input layout", ct_input_layout, IA, "convTranspose2d", "input layout 3 is not a layout"),
    OP("convTranspose2d: filter layout", ct_filter_layout, IA, "convTranspose2d", "filter layout 4 is not a layout"),
    OP("convTranspose2d: padding length", ct_padding_length, IA, "convTranspose2d",
       "padding has 3 items, it must have 4"),
    OP("convTranspose2d: strides length", ct_strides_length, IA, "convTranspose2d",
       "strides has 1 items, it must have 2"),
    OP("convTranspose2d: stride 0", ct_strides_zero, IA, "convTranspose2d", "strides[1] is 0"),
    OP("convTranspose2d: dilations length", ct_dilations_length, IA, "convTranspose2d",
       "dilations has 3 items, it must have 2"),
    OP("convTranspose2d: dilation 0", ct_dilations_zero, IA, "convTranspose2d", "dilations[0] is 0"),
    OP("convTranspose2d: outputPadding length", ct_output_padding_length, IA, "convTranspose2d",
       "outputPadding has 1 items, it must have 2"),
    OP("convTranspose2d: outputSizes length", ct_output_sizes_length, IA, "convTranspose2d",
       "outputSizes has 3 items, it must have 2"),
    OP("convTranspose2d: outputPadding >= stride", ct_output_padding_stride, IA, "convTranspose2d",
       "outputPadding[1] 2 is not smaller than strides[1] 2"),
    OP("convTranspose2d: channels (iohw)", ct_channels, IA, "convTranspose2d",
       "input channels 2 != filter input channels 3"),
    OP("convTranspose2d: channels (ohwi)", ct_channels_ohwi, IA, "convTranspose2d",
       "input channels 2 != filter input channels 4"),
    OP("convTranspose2d: channels (nhwc, hwoi)", ct_channels_nhwc_hwoi, IA, "convTranspose2d",
       "input channels 2 != filter input channels 5"),
    OP("convTranspose2d: output channels", ct_output_channels, IA, "convTranspose2d",
       "output channels 3221225469 (filter output channels 1073741823 x groups 3) is not a valid dimension"),
    OP("convTranspose2d: groups do not divide", ct_groups_divide, IA, "convTranspose2d",
       "input channels 2 are not divisible by groups 3"),
    OP("convTranspose2d: bias shape", ct_bias_shape, IA, "convTranspose2d",
       "bias must have shape [3] (the output channels)"),
    OP("convTranspose2d: bias rank", ct_bias_rank, IA, "convTranspose2d", "bias must have shape [3]"),
    OP("convTranspose2d: bias type", ct_bias_type, IA, "convTranspose2d", "bias type float16 != input type float32"),
    OP("convTranspose2d: output size below 1", ct_size_negative, IA, "convTranspose2d",
       "output height (input 3 - 1) * stride 1 + (filter 2 - 1) * dilation 1 + 1 - padding 2 - 2 is less than 1"),
    OP("convTranspose2d: outputSizes below calculated", ct_output_sizes_small, IA, "convTranspose2d",
       "outputSizes width 5 is outside [6, 8)"),
    OP("convTranspose2d: outputSizes at calculated + stride", ct_output_sizes_large, IA, "convTranspose2d",
       "outputSizes width 8 is outside [6, 8)"),
    OP("convTranspose2d: output too large", ct_output_too_large, IA, "convTranspose2d",
       "output height 4294967296 is not a valid dimension"),

    OP("resample2d: NULL input", rs_null, IA, "resample2d", "input is NULL"),
    OP("resample2d: int32 input", rs_type, IA, "resample2d", "input has data type int32, " NOT_ACCEPTED),
    OP("resample2d: rank 3", rs_rank, IA, "resample2d", "input has rank 3, expected 4"),
    OP("resample2d: mode", rs_mode, IA, "resample2d", "mode 3 is not an interpolation mode"),
    OP("resample2d: scales length", rs_scales_length, IA, "resample2d", "scales has 3 items, it must have 2"),
    OP("resample2d: scale 0", rs_scales_zero, IA, "resample2d", "scales[1] 0 is not greater than 0"),
    OP("resample2d: negative scale", rs_scales_negative, IA, "resample2d", "scales[0] -1 is not greater than 0"),
    OP("resample2d: NaN scale", rs_scales_nan, IA, "resample2d", "scales[0] nan is not greater than 0"),
    OP("resample2d: sizes length", rs_sizes_length, IA, "resample2d", "sizes has 1 items, it must have 2"),
    OP("resample2d: size 0", rs_sizes_zero, IA, "resample2d", "sizes[1] is 0"),
    OP("resample2d: axes length (6.1-10)", rs_axes_length, IA, "resample2d", "axes has 3 items, it must have 2"),
    OP("resample2d: axis out of range", rs_axes_range, IA, "resample2d", "axis 4 is out of range for rank 4"),
    OP("resample2d: axis twice", rs_axes_twice, IA, "resample2d", "axis 1 is given twice"),
    OP("resample2d: scaled size 0", rs_size_zero_by_scale, IA, "resample2d",
       "output size 0 of axis 2 is not a valid dimension"),
    OP("resample2d: scaled size too large", rs_size_too_large, IA, "resample2d",
       "output size 3e+09 of axis 2 is not a valid dimension"),
    OP("resample2d: infinite scale", rs_size_infinite, IA, "resample2d",
       "output size inf of axis 2 is not a valid dimension"),
    OP("resample2d: element count", rs_elements_too_many, IA, "resample2d", "output 0:"),

    OP("l2Pool2d: int32 input", l2_type, IA, "l2Pool2d", "input has data type int32, " NOT_ACCEPTED),
    OP("l2Pool2d: rank 3", l2_rank, IA, "l2Pool2d", "input has rank 3, it must be 4"),
    OP("l2Pool2d: window 0", l2_window_zero, IA, "l2Pool2d", "windowDimensions[1] is 0"),
    OP("l2Pool2d: padding length", l2_padding_length, IA, "l2Pool2d", "padding has 2 items, it must have 4"),
    OP("l2Pool2d: outputSizes neither floor nor ceil", l2_output_sizes, IA, "l2Pool2d",
       "output sizes [3, 3] are neither the floor sizes [2, 2] nor the ceil sizes [2, 2]"),
    OP("l2Pool2d: window larger than the input", l2_window_too_large, IA, "l2Pool2d", "output height is less than 1"),

    OP("argMax: NULL input", am_null, IA, "argMax", "input is NULL"),
    OP("argMax: axis out of range", am_axis, IA, "argMax", "axis 2 is out of range for rank 2"),
    OP("argMin: scalar input", am_scalar, IA, "argMin", "axis 0 is out of range for rank 0"),
    OP("argMin: uint32 output", am_type, IA, "argMin", "output data type uint32 is not int32 or int64"),
    OP("argMax: float32 output", am_type_float, IA, "argMax", "output data type float32 is not int32 or int64"),
    OP("argMax: invalid output type", am_type_invalid, IA, "argMax", "output data type 99 is not int32 or int64"),
    OP("argMin: labelled", am_label, IA, "argMin 'am'", "axis 5 is out of range for rank 2"),
};

int main(void) { return run_error_tests("builder_errors_spatial", rows, sizeof rows / sizeof rows[0], NULL, 0); }
