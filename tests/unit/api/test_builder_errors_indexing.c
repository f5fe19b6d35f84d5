/* test_builder_errors_indexing.c: negative tests of the WebNN validation steps of expand,
 * reverse, triangular, cumulativeSum, gather, gatherElements, gatherND, scatterElements,
 * scatterND, batchNormalization, instanceNormalization and layerNormalization
 * (method steps of index.bs at commit 07d09bb of github.com/webmachinelearning/webnn). One row per
 * TypeError condition: status, the message prefix "<webnn op>: " and a distinctive substring. */
#include "builder_errors_fixture.h"

#define I64 NNX_INT64
#define I8 NNX_INT8
#define U64 NNX_UINT64
#define NOT_ACCEPTED "which this operation does not accept"

static nnx_status op_done(fx *f, nnx_operand *result)
{
    f->result = result;
    return nnx_builder_status(f->b);
}

/* ------------------------------------------------------------------ state and operands */

static nnx_status built_gather(fx *f)
{
    nnx_operand *x = spend_builder(f);
    return op_done(f, nnx_builder_gather(f->b, x, NULL, NULL));
}
static nnx_status gather_null_indices(fx *f) { return op_done(f, nnx_builder_gather(f->b, X(F32, 2), NULL, NULL)); }
static nnx_status gather_other_builder(fx *f)
{
    return op_done(f, nnx_builder_gather(f->b, X(F32, 2), X2(I32, 1), NULL));
}
static nnx_status scatter_null_updates(fx *f)
{
    return op_done(f, nnx_builder_scatter_nd(f->b, X(F32, 2), X(I32, 1, 1), NULL, NULL));
}
static nnx_status expand_null_input(fx *f) { return op_done(f, nnx_builder_expand(f->b, NULL, SHAPE(2), NULL)); }
static nnx_status bn_null_mean(fx *f)
{
    return op_done(f, nnx_builder_batch_normalization(f->b, X(F32, 2, 3), NULL, X(F32, 3), NULL));
}
static nnx_status bn_scale_other_builder(fx *f)
{
    nnx_batch_normalization_options o = {.scale = X2(F32, 3)};
    return op_done(f, nnx_builder_batch_normalization(f->b, X(F32, 2, 3), X(F32, 3), X(F32, 3), &o));
}
static nnx_status ln_bias_other_builder(fx *f)
{
    nnx_layer_normalization_options o = {.bias = X2(F32, 3)};
    return op_done(f, nnx_builder_layer_normalization(f->b, X(F32, 2, 3), &o));
}

/* ------------------------------------------------------------------ expand, reverse, triangular */

static nnx_status expand_rank9(fx *f)
{
    return op_done(f, nnx_builder_expand(f->b, X(F32, 2), SHAPE(1, 1, 1, 1, 1, 1, 1, 1, 2), NULL));
}
static nnx_status expand_null_shape(fx *f) { return op_done(f, nnx_builder_expand(f->b, X(F32, 2), NULL, 2, NULL)); }
static nnx_status expand_mismatch(fx *f)
{
    return op_done(f, nnx_builder_expand(f->b, X(F32, 2, 3), SHAPE(2, 4), NULL));
}
static nnx_status expand_lower_rank(fx *f)
{
    return op_done(f, nnx_builder_expand(f->b, X(F32, 1, 3), SHAPE(3), NULL));
}
static nnx_status expand_zero(fx *f) { return op_done(f, nnx_builder_expand(f->b, X(F32, 1, 3), SHAPE(0, 3), NULL)); }
static nnx_status expand_huge(fx *f)
{
    return op_done(f, nnx_builder_expand(f->b, X(F32, 1, 1), SHAPE(65536, 65536), NULL));
}
static nnx_status reverse_range(fx *f)
{
    nnx_reverse_options o = {.axes = (const uint32_t[]){0, 2}, .axes_count = 2};
    return op_done(f, nnx_builder_reverse(f->b, X(F32, 2, 3), &o));
}
static nnx_status reverse_twice(fx *f)
{
    nnx_reverse_options o = {.axes = (const uint32_t[]){1, 1}, .axes_count = 2};
    return op_done(f, nnx_builder_reverse(f->b, X(F32, 2, 3), &o));
}
static nnx_status reverse_scalar_axis(fx *f)
{
    nnx_reverse_options o = {.axes = (const uint32_t[]){0}, .axes_count = 1};
    return op_done(f, nnx_builder_reverse(f->b, XS(I32), &o));
}
static nnx_status triangular_rank1(fx *f) { return op_done(f, nnx_builder_triangular(f->b, X(F32, 4), NULL)); }
static nnx_status triangular_scalar(fx *f) { return op_done(f, nnx_builder_triangular(f->b, XS(U8), NULL)); }

/* ------------------------------------------------------------------ pad, tile */

static nnx_status pad_with(fx *f, nnx_operand *x, const uint32_t *b, uint32_t nb, const uint32_t *e, uint32_t ne,
                           nnx_padding_mode mode)
{
    nnx_pad_options o = {.mode = mode};
    return op_done(f, nnx_builder_pad(f->b, x, b, nb, e, ne, &o));
}
static nnx_status pad_begin_length(fx *f) { return pad_with(f, X(F32, 2, 3), LIST(1), LIST(1, 1), 0); }
static nnx_status pad_end_null(fx *f) { return pad_with(f, X(F32, 2, 3), LIST(1, 1), NULL, 2, 0); }
static nnx_status pad_reflection_equal(fx *f)
{
    return pad_with(f, X(F32, 2, 3), LIST(1, 3), LIST(0, 0), NNX_PADDING_REFLECTION);
}
static nnx_status pad_reflection_end(fx *f)
{
    return pad_with(f, X(I32, 2, 3), LIST(0, 0), LIST(2, 0), NNX_PADDING_REFLECTION);
}
static nnx_status pad_mode(fx *f) { return pad_with(f, X(F32, 2), LIST(1), LIST(1), (nnx_padding_mode)7); }
static nnx_status pad_huge(fx *f) { return pad_with(f, X(F32, 2), LIST(0x80000000u), LIST(0), 0); }
static nnx_status pad_output_extent(fx *f) { return pad_with(f, X(F32, 2), LIST(0x7fffffffu), LIST(0), 0); }
static nnx_status tile_length(fx *f) { return op_done(f, nnx_builder_tile(f->b, X(F32, 2, 3), LIST(2), NULL)); }
static nnx_status tile_null(fx *f) { return op_done(f, nnx_builder_tile(f->b, X(F32, 2, 3), NULL, 2, NULL)); }
static nnx_status tile_zero(fx *f) { return op_done(f, nnx_builder_tile(f->b, X(F32, 2, 3), LIST(1, 0), NULL)); }
static nnx_status tile_overflow(fx *f)
{
    return op_done(f, nnx_builder_tile(f->b, X(U8, 2, 3), LIST(0x40000000u, 1), NULL));
}

/* ------------------------------------------------------------------ cumulativeSum */

static nnx_status cumsum_int8(fx *f) { return op_done(f, nnx_builder_cumulative_sum(f->b, X(I8, 3), 0, NULL)); }
static nnx_status cumsum_uint8(fx *f) { return op_done(f, nnx_builder_cumulative_sum(f->b, X(U8, 3), 0, NULL)); }
static nnx_status cumsum_bool(fx *f) { return op_done(f, nnx_builder_cumulative_sum(f->b, X(NNX_BOOL, 3), 0, NULL)); }
static nnx_status cumsum_axis(fx *f) { return op_done(f, nnx_builder_cumulative_sum(f->b, X(F32, 2, 3), 2, NULL)); }
static nnx_status cumsum_scalar(fx *f) { return op_done(f, nnx_builder_cumulative_sum(f->b, XS(F32), 0, NULL)); }

/* ------------------------------------------------------------------ gather family */

static nnx_status gather_float_indices(fx *f)
{
    return op_done(f, nnx_builder_gather(f->b, X(F32, 3), X(F32, 2), NULL));
}
static nnx_status gather_int8_indices(fx *f) { return op_done(f, nnx_builder_gather(f->b, X(F32, 3), X(I8, 2), NULL)); }
static nnx_status gather_uint64_indices(fx *f)
{
    return op_done(f, nnx_builder_gather(f->b, X(F32, 3), X(U64, 2), NULL));
}
static nnx_status gather_axis(fx *f)
{
    nnx_gather_options o = {.axis = 2};
    return op_done(f, nnx_builder_gather(f->b, X(F32, 2, 3), X(I32, 2), &o));
}
static nnx_status gather_scalar(fx *f) { return op_done(f, nnx_builder_gather(f->b, XS(F32), X(I32, 2), NULL)); }
static nnx_status gather_rank9(fx *f)
{
    return op_done(f, nnx_builder_gather(f->b, X(F32, 1, 1, 1, 1, 1, 1, 1, 2), X(I64, 2, 2), NULL));
}
static nnx_status gather_elements_indices(fx *f)
{
    return op_done(f, nnx_builder_gather_elements(f->b, X(F32, 2, 3), X(F16, 2, 3), NULL));
}
static nnx_status gather_elements_scalar(fx *f)
{
    return op_done(f, nnx_builder_gather_elements(f->b, XS(F32), XS(I32), NULL));
}
static nnx_status gather_elements_rank(fx *f)
{
    return op_done(f, nnx_builder_gather_elements(f->b, X(F32, 2, 3), X(I32, 3), NULL));
}
static nnx_status gather_elements_axis(fx *f)
{
    nnx_gather_options o = {.axis = 2};
    return op_done(f, nnx_builder_gather_elements(f->b, X(F32, 2, 3), X(I32, 2, 3), &o));
}
static nnx_status gather_elements_shape(fx *f)
{
    return op_done(f, nnx_builder_gather_elements(f->b, X(F32, 4, 3), X(U32, 2, 4), NULL));
}
static nnx_status gather_nd_indices(fx *f)
{
    return op_done(f, nnx_builder_gather_nd(f->b, X(F32, 2, 3), X(U8, 1, 2), NULL));
}
static nnx_status gather_nd_scalar_input(fx *f)
{
    return op_done(f, nnx_builder_gather_nd(f->b, XS(F32), X(I32, 1, 1), NULL));
}
static nnx_status gather_nd_scalar_indices(fx *f)
{
    return op_done(f, nnx_builder_gather_nd(f->b, X(F32, 2, 3), XS(I32), NULL));
}
static nnx_status gather_nd_coords(fx *f)
{
    return op_done(f, nnx_builder_gather_nd(f->b, X(F32, 2, 3), X(I64, 4, 3), NULL));
}
static nnx_status gather_nd_rank9(fx *f)
{
    return op_done(f, nnx_builder_gather_nd(f->b, X(F32, 2, 3, 4), X(I32, 1, 1, 1, 1, 1, 1, 2, 1), NULL));
}

/* ------------------------------------------------------------------ scatter family */

static nnx_status scatter_elements_indices(fx *f)
{
    return op_done(f, nnx_builder_scatter_elements(f->b, X(F32, 2, 3), X(F32, 2, 3), X(F32, 2, 3), NULL));
}
static nnx_status scatter_elements_updates_type(fx *f)
{
    return op_done(f, nnx_builder_scatter_elements(f->b, X(F32, 2, 3), X(I32, 2, 3), X(F16, 2, 3), NULL));
}
static nnx_status scatter_elements_scalar(fx *f)
{
    return op_done(f, nnx_builder_scatter_elements(f->b, XS(F32), XS(I32), XS(F32), NULL));
}
static nnx_status scatter_elements_indices_rank(fx *f)
{
    return op_done(f, nnx_builder_scatter_elements(f->b, X(F32, 2, 3), X(I32, 6), X(F32, 6), NULL));
}
static nnx_status scatter_elements_axis(fx *f)
{
    nnx_scatter_options o = {.axis = 3};
    return op_done(f, nnx_builder_scatter_elements(f->b, X(F32, 2, 3), X(I32, 2, 3), X(F32, 2, 3), &o));
}
static nnx_status scatter_elements_indices_shape(fx *f)
{
    nnx_scatter_options o = {.axis = 1};
    return op_done(f, nnx_builder_scatter_elements(f->b, X(F32, 2, 3), X(I32, 3, 3), X(F32, 3, 3), &o));
}
static nnx_status scatter_elements_updates_shape(fx *f)
{
    return op_done(f, nnx_builder_scatter_elements(f->b, X(F32, 2, 3), X(I64, 1, 3), X(F32, 2, 3), NULL));
}
static nnx_status scatter_elements_updates_rank(fx *f)
{
    return op_done(f, nnx_builder_scatter_elements(f->b, X(F32, 2, 3), X(I64, 1, 3), X(F32, 3), NULL));
}
static nnx_status scatter_nd_indices(fx *f)
{
    return op_done(f, nnx_builder_scatter_nd(f->b, X(F32, 2, 3), X(I8, 1, 1), X(F32, 1, 3), NULL));
}
static nnx_status scatter_nd_updates_type(fx *f)
{
    return op_done(f, nnx_builder_scatter_nd(f->b, X(I32, 2, 3), X(I32, 1, 1), X(I64, 1, 3), NULL));
}
static nnx_status scatter_nd_scalar_input(fx *f)
{
    return op_done(f, nnx_builder_scatter_nd(f->b, XS(F32), X(I32, 1, 1), XS(F32), NULL));
}
static nnx_status scatter_nd_scalar_indices(fx *f)
{
    return op_done(f, nnx_builder_scatter_nd(f->b, X(F32, 2), XS(I32), XS(F32), NULL));
}
static nnx_status scatter_nd_coords(fx *f)
{
    return op_done(f, nnx_builder_scatter_nd(f->b, X(F32, 2, 3), X(I32, 1, 3), X(F32, 1), NULL));
}
static nnx_status scatter_nd_updates_shape(fx *f)
{
    return op_done(f, nnx_builder_scatter_nd(f->b, X(F32, 2, 3), X(I32, 2, 1), X(F32, 2), NULL));
}

/* ------------------------------------------------------------------ batchNormalization */

static nnx_status bn(fx *f, nnx_operand *x, nnx_operand *mean, nnx_operand *var,
                     const nnx_batch_normalization_options *o)
{
    return op_done(f, nnx_builder_batch_normalization(f->b, x, mean, var, o));
}
static nnx_status bn_int(fx *f) { return bn(f, X(I32, 2, 3), X(I32, 3), X(I32, 3), NULL); }
static nnx_status bn_default_axis_rank1(fx *f) { return bn(f, X(F32, 3), X(F32, 3), X(F32, 3), NULL); }
static nnx_status bn_axis_rank(fx *f)
{
    nnx_batch_normalization_options o = {.axis = nnx_u64(4)};
    return bn(f, X(F32, 1, 2, 3, 4), X(F32, 4), X(F32, 4), &o);
}
static nnx_status bn_axis_fraction(fx *f)
{
    nnx_batch_normalization_options o = {.axis = nnx_f64(1.5)};
    return bn(f, X(F32, 2, 3), X(F32, 3), X(F32, 3), &o);
}
static nnx_status bn_axis_negative(fx *f)
{
    nnx_batch_normalization_options o = {.axis = nnx_i64(-1)};
    return bn(f, X(F32, 2, 3), X(F32, 3), X(F32, 3), &o);
}
static nnx_status bn_mean_type(fx *f) { return bn(f, X(F32, 2, 3), X(F16, 3), X(F32, 3), NULL); }
static nnx_status bn_mean_shape(fx *f) { return bn(f, X(F32, 2, 3), X(F32, 2), X(F32, 3), NULL); }
static nnx_status bn_mean_rank(fx *f) { return bn(f, X(F32, 2, 3), X(F32, 1, 3), X(F32, 3), NULL); }
static nnx_status bn_variance_type(fx *f) { return bn(f, X(F32, 2, 3), X(F32, 3), X(I32, 3), NULL); }
static nnx_status bn_variance_shape(fx *f)
{
    nnx_batch_normalization_options o = {.axis = nnx_f64(0)};
    return bn(f, X(F32, 2, 3), X(F32, 2), X(F32, 3), &o);
}
static nnx_status bn_scale_type(fx *f)
{
    nnx_batch_normalization_options o = {.scale = X(F16, 3)};
    return bn(f, X(F32, 2, 3), X(F32, 3), X(F32, 3), &o);
}
static nnx_status bn_scale_shape(fx *f)
{
    nnx_batch_normalization_options o = {.scale = X(F32, 4)};
    return bn(f, X(F32, 2, 3), X(F32, 3), X(F32, 3), &o);
}
static nnx_status bn_bias_type(fx *f)
{
    nnx_batch_normalization_options o = {.bias = X(F16, 3)};
    return bn(f, X(F32, 2, 3), X(F32, 3), X(F32, 3), &o);
}
static nnx_status bn_bias_shape(fx *f)
{
    nnx_batch_normalization_options o = {.bias = X(F32, 3, 1)};
    return bn(f, X(F32, 2, 3), X(F32, 3), X(F32, 3), &o);
}

/* ------------------------------------------------------------------ instanceNormalization */

static nnx_status in_norm(fx *f, nnx_operand *x, const nnx_instance_normalization_options *o)
{
    return op_done(f, nnx_builder_instance_normalization(f->b, x, o));
}
static nnx_status in_int(fx *f) { return in_norm(f, X(I32, 1, 2, 3, 3), NULL); }
static nnx_status in_rank3(fx *f) { return in_norm(f, X(F32, 2, 3, 3), NULL); }
static nnx_status in_layout(fx *f)
{
    nnx_instance_normalization_options o = {.layout = (nnx_input_layout)3};
    return in_norm(f, X(F32, 1, 2, 3, 3), &o);
}
static nnx_status in_scale_type(fx *f)
{
    nnx_instance_normalization_options o = {.scale = X(F16, 2)};
    return in_norm(f, X(F32, 1, 2, 3, 3), &o);
}
static nnx_status in_scale_shape(fx *f)
{
    nnx_instance_normalization_options o = {.scale = X(F32, 3)};
    return in_norm(f, X(F32, 1, 2, 3, 3), &o);
}
static nnx_status in_bias_type(fx *f)
{
    nnx_instance_normalization_options o = {.bias = X(F16, 2)};
    return in_norm(f, X(F32, 1, 2, 3, 3), &o);
}
static nnx_status in_bias_shape_nhwc(fx *f)
{
    nnx_instance_normalization_options o = {.bias = X(F32, 2), .layout = NNX_LAYOUT_NHWC};
    return in_norm(f, X(F32, 1, 2, 3, 4), &o);
}

/* ------------------------------------------------------------------ layerNormalization */

static nnx_status ln(fx *f, nnx_operand *x, const nnx_layer_normalization_options *o)
{
    return op_done(f, nnx_builder_layer_normalization(f->b, x, o));
}
static nnx_status ln_int(fx *f) { return ln(f, X(I32, 2, 3), NULL); }
static nnx_status ln_axis(fx *f)
{
    nnx_layer_normalization_options o = {.axes = (const uint32_t[]){1, 2}, .axes_count = 2};
    return ln(f, X(F32, 2, 3), &o);
}
static nnx_status ln_twice(fx *f)
{
    nnx_layer_normalization_options o = {.axes = (const uint32_t[]){1, 0, 1}, .axes_count = 3};
    return ln(f, X(F32, 2, 3), &o);
}
static nnx_status ln_scale_type(fx *f)
{
    nnx_layer_normalization_options o = {.scale = X(F16, 3)};
    return ln(f, X(F32, 2, 3), &o);
}
static nnx_status ln_scale_rank(fx *f)
{
    nnx_layer_normalization_options o = {.scale = X(F32, 3), .axes = (const uint32_t[]){0, 1}, .axes_count = 2};
    return ln(f, X(F32, 2, 3), &o);
}
static nnx_status ln_bias_type(fx *f)
{
    nnx_layer_normalization_options o = {.bias = X(I32, 3)};
    return ln(f, X(F32, 2, 3), &o);
}
static nnx_status ln_bias_rank(fx *f)
{
    nnx_layer_normalization_options o = {.bias = X(F32, 2, 3)};
    return ln(f, X(F32, 2, 3), &o);
}
static nnx_status ln_scale_dim(fx *f)
{
    nnx_layer_normalization_options o = {.scale = X(F32, 4, 2), .axes = (const uint32_t[]){2, 0}, .axes_count = 2};
    return ln(f, X(F32, 2, 3, 5), &o);
}
static nnx_status ln_bias_dim(fx *f)
{
    nnx_layer_normalization_options o = {.bias = X(F32, 2)};
    return ln(f, X(F32, 2, 3), &o);
}

/* ------------------------------------------------------------------ the table */

static err_case rows[] = {
    OP("gather: builder already built", built_gather, IS, "gather", "the builder has already built its graph"),
    OP("gather: NULL indices", gather_null_indices, IA, "gather", "indices is NULL"),
    OP("gather: indices of another builder", gather_other_builder, IA, "gather", "indices belongs to another builder"),
    OP("scatterND: NULL updates", scatter_null_updates, IA, "scatterND", "updates is NULL"),
    OP("expand: NULL input", expand_null_input, IA, "expand", "input is NULL"),
    OP("batchNormalization: NULL mean", bn_null_mean, IA, "batchNormalization", "mean is NULL"),
    OP("batchNormalization: scale of another builder", bn_scale_other_builder, IA, "batchNormalization",
       "scale belongs to another builder"),
    OP("layerNormalization: bias of another builder", ln_bias_other_builder, IA, "layerNormalization",
       "bias belongs to another builder"),

    OP("expand: rank 9", expand_rank9, IA, "expand", "new shape has rank 9, the maximum is 8"),
    OP("expand: NULL shape", expand_null_shape, IA, "expand", "new shape is NULL"),
    OP("expand: not broadcastable", expand_mismatch, IA, "expand",
       "input float32[2,3] does not broadcast to the new shape float32[2,4]"),
    OP("expand: lower rank", expand_lower_rank, IA, "expand", "does not broadcast to the new shape"),
    OP("expand: dimension 0", expand_zero, IA, "expand", "dimension 0 is 0, it must be 1 to 2^31-1"),
    OP("expand: element count above 2^31-1", expand_huge, IA, "expand", "the element count exceeds 2^31-1"),
    OP("reverse: axis out of range", reverse_range, IA, "reverse", "axis 2 is out of range for rank 2"),
    OP("reverse: axis twice", reverse_twice, IA, "reverse", "axis 1 is given twice"),
    OP("reverse: axis of a scalar", reverse_scalar_axis, IA, "reverse", "axis 0 is out of range for rank 0"),
    OP("triangular: rank 1", triangular_rank1, IA, "triangular", "input has rank 1, it must be at least 2"),
    OP("triangular: scalar", triangular_scalar, IA, "triangular", "input has rank 0, it must be at least 2"),

    OP("pad: beginningPadding length", pad_begin_length, IA, "pad", "beginningPadding has 1 items, it must have 2"),
    OP("pad: NULL endingPadding", pad_end_null, IA, "pad", "endingPadding is NULL"),
    OP("pad: reflection amount equal to the extent", pad_reflection_equal, IA, "pad",
       "axis 1: reflect padding of 3 and 0 reaches past the extent 3 (at most 2)"),
    OP("pad: reflection at the end", pad_reflection_end, IA, "pad",
       "axis 0: reflect padding of 0 and 2 reaches past the extent 2 (at most 1)"),
    OP("pad: unknown mode", pad_mode, IA, "pad", "padding mode 7 is not a padding mode"),
    OP("pad: amount above 2^31-1", pad_huge, IA, "pad", "axis 0: padding 2147483648, 0 exceeds 2^31-1"),
    OP("pad: output extent above 2^31-1", pad_output_extent, IA, "pad", "outside 1..2^31-1"),
    OP("tile: repetitions length", tile_length, IA, "tile", "repetitions has 1 items, it must have 2"),
    OP("tile: NULL repetitions", tile_null, IA, "tile", "repetitions is NULL"),
    OP("tile: repetition 0", tile_zero, IA, "tile", "repeat count on axis 1 is 0"),
    OP("tile: output extent overflow (6.1-14)", tile_overflow, IA, "tile",
       "axis 0: 1073741824 repeats of extent 2 exceed 2^31-1"),

    OP("cumulativeSum: int8", cumsum_int8, IA, "cumulativeSum", "input has data type int8, " NOT_ACCEPTED),
    OP("cumulativeSum: uint8", cumsum_uint8, IA, "cumulativeSum", "input has data type uint8, " NOT_ACCEPTED),
    OP("cumulativeSum: bool", cumsum_bool, IA, "cumulativeSum", "input has data type bool, " NOT_ACCEPTED),
    OP("cumulativeSum: axis >= rank", cumsum_axis, IA, "cumulativeSum", "axis 2 is out of range for rank 2"),
    OP("cumulativeSum: scalar", cumsum_scalar, IA, "cumulativeSum", "axis 0 is out of range for rank 0"),

    OP("gather: float32 indices", gather_float_indices, IA, "gather", "indices has data type float32, " NOT_ACCEPTED),
    OP("gather: int8 indices", gather_int8_indices, IA, "gather", "indices has data type int8, " NOT_ACCEPTED),
    OP("gather: uint64 indices", gather_uint64_indices, IA, "gather", "indices has data type uint64, " NOT_ACCEPTED),
    OP("gather: axis >= rank", gather_axis, IA, "gather", "axis 2 is out of range for rank 2"),
    OP("gather: scalar input", gather_scalar, IA, "gather", "axis 0 is out of range for rank 0"),
    OP("gather: output rank 9", gather_rank9, IA, "gather", "the output would have rank 9, the maximum is 8"),
    OP("gatherElements: float16 indices", gather_elements_indices, IA, "gatherElements",
       "indices has data type float16, " NOT_ACCEPTED),
    OP("gatherElements: scalar input", gather_elements_scalar, IA, "gatherElements",
       "input is a scalar, rank must be at least 1"),
    OP("gatherElements: indices rank", gather_elements_rank, IA, "gatherElements",
       "indices have rank 1, the input has rank 2"),
    OP("gatherElements: axis >= rank", gather_elements_axis, IA, "gatherElements", "axis 2 is out of range for rank 2"),
    OP("gatherElements: indices shape off the axis", gather_elements_shape, IA, "gatherElements",
       "indices shape [2, 4] differs from the input shape [4, 3] off axis 0"),
    OP("gatherND: uint8 indices", gather_nd_indices, IA, "gatherND", "indices has data type uint8, " NOT_ACCEPTED),
    OP("gatherND: scalar input", gather_nd_scalar_input, IA, "gatherND", "input is a scalar, rank must be at least 1"),
    OP("gatherND: scalar indices", gather_nd_scalar_indices, IA, "gatherND",
       "indices are a scalar, rank must be at least 1"),
    OP("gatherND: coordinate size > rank", gather_nd_coords, IA, "gatherND",
       "coordinate size 3 (the last indices dimension) exceeds the input rank 2"),
    OP("gatherND: output rank 9", gather_nd_rank9, IA, "gatherND", "the result would have rank 9, the maximum is 8"),

    OP("scatterElements: float32 indices", scatter_elements_indices, IA, "scatterElements",
       "indices has data type float32, " NOT_ACCEPTED),
    OP("scatterElements: updates type", scatter_elements_updates_type, IA, "scatterElements",
       "updates type float16 != input type float32"),
    OP("scatterElements: scalar input", scatter_elements_scalar, IA, "scatterElements",
       "input is a scalar, rank must be at least 1"),
    OP("scatterElements: indices rank", scatter_elements_indices_rank, IA, "scatterElements",
       "indices have rank 1, the input has rank 2"),
    OP("scatterElements: axis >= rank", scatter_elements_axis, IA, "scatterElements",
       "axis 3 is out of range for rank 2"),
    OP("scatterElements: indices shape off the axis", scatter_elements_indices_shape, IA, "scatterElements",
       "indices shape [3, 3] differs from the input shape [2, 3] off axis 1"),
    OP("scatterElements: updates shape", scatter_elements_updates_shape, IA, "scatterElements",
       "updates shape [2, 3] != the expected [1, 3]"),
    OP("scatterElements: updates rank", scatter_elements_updates_rank, IA, "scatterElements",
       "updates shape [3] != the expected [1, 3]"),
    OP("scatterND: int8 indices", scatter_nd_indices, IA, "scatterND", "indices has data type int8, " NOT_ACCEPTED),
    OP("scatterND: updates type", scatter_nd_updates_type, IA, "scatterND", "updates type int64 != input type int32"),
    OP("scatterND: scalar input", scatter_nd_scalar_input, IA, "scatterND",
       "input is a scalar, rank must be at least 1"),
    OP("scatterND: scalar indices", scatter_nd_scalar_indices, IA, "scatterND",
       "indices are a scalar, rank must be at least 1"),
    OP("scatterND: coordinate size > rank", scatter_nd_coords, IA, "scatterND",
       "coordinate size 3 (the last indices dimension) exceeds the input rank 2"),
    OP("scatterND: updates shape", scatter_nd_updates_shape, IA, "scatterND",
       "updates shape [2] != the expected [2, 3]"),

    OP("batchNormalization: int32 input", bn_int, IA, "batchNormalization", "input has data type int32, " NOT_ACCEPTED),
    OP("batchNormalization: default axis 1 on rank 1", bn_default_axis_rank1, IA, "batchNormalization",
       "axis 1 is out of range for rank 1"),
    OP("batchNormalization: axis >= rank", bn_axis_rank, IA, "batchNormalization", "axis 4 is out of range for rank 4"),
    OP("batchNormalization: fractional axis", bn_axis_fraction, IA, "batchNormalization",
       "axis 1.5 is not an unsigned integer"),
    OP("batchNormalization: negative axis", bn_axis_negative, IA, "batchNormalization",
       "axis -1 is not an unsigned integer"),
    OP("batchNormalization: mean type", bn_mean_type, IA, "batchNormalization",
       "mean type float16 != input type float32"),
    OP("batchNormalization: mean shape", bn_mean_shape, IA, "batchNormalization",
       "mean shape [2] != [3] (input dimension 1)"),
    OP("batchNormalization: mean rank", bn_mean_rank, IA, "batchNormalization",
       "mean shape [1, 3] != [3] (input dimension 1)"),
    OP("batchNormalization: variance type", bn_variance_type, IA, "batchNormalization",
       "variance type int32 != input type float32"),
    OP("batchNormalization: variance shape (axis 0)", bn_variance_shape, IA, "batchNormalization",
       "variance shape [3] != [2] (input dimension 0)"),
    OP("batchNormalization: scale type", bn_scale_type, IA, "batchNormalization",
       "scale type float16 != input type float32"),
    OP("batchNormalization: scale shape", bn_scale_shape, IA, "batchNormalization",
       "scale shape [4] != [3] (input dimension 1)"),
    OP("batchNormalization: bias type", bn_bias_type, IA, "batchNormalization",
       "bias type float16 != input type float32"),
    OP("batchNormalization: bias shape", bn_bias_shape, IA, "batchNormalization",
       "bias shape [3, 1] != [3] (input dimension 1)"),

    OP("instanceNormalization: int32 input", in_int, IA, "instanceNormalization",
       "input has data type int32, " NOT_ACCEPTED),
    OP("instanceNormalization: rank 3", in_rank3, IA, "instanceNormalization", "input has rank 3, expected 4"),
    OP("instanceNormalization: invalid layout", in_layout, IA, "instanceNormalization", "layout 3 is not a layout"),
    OP("instanceNormalization: scale type", in_scale_type, IA, "instanceNormalization",
       "scale type float16 != input type float32"),
    OP("instanceNormalization: scale shape", in_scale_shape, IA, "instanceNormalization",
       "scale shape [3] != [2] (input dimension 1)"),
    OP("instanceNormalization: bias type", in_bias_type, IA, "instanceNormalization",
       "bias type float16 != input type float32"),
    OP("instanceNormalization: bias shape (nhwc)", in_bias_shape_nhwc, IA, "instanceNormalization",
       "bias shape [2] != [4] (input dimension 3)"),

    OP("layerNormalization: int32 input", ln_int, IA, "layerNormalization", "input has data type int32, " NOT_ACCEPTED),
    OP("layerNormalization: axis out of range", ln_axis, IA, "layerNormalization", "axis 2 is out of range for rank 2"),
    OP("layerNormalization: axis twice", ln_twice, IA, "layerNormalization", "axis 1 is given twice"),
    OP("layerNormalization: scale type", ln_scale_type, IA, "layerNormalization",
       "scale type float16 != input type float32"),
    OP("layerNormalization: scale rank", ln_scale_rank, IA, "layerNormalization", "scale has rank 1, axes has 2 items"),
    OP("layerNormalization: bias type", ln_bias_type, IA, "layerNormalization",
       "bias type int32 != input type float32"),
    OP("layerNormalization: bias rank (default axes)", ln_bias_rank, IA, "layerNormalization",
       "bias has rank 2, axes has 1 items"),
    OP("layerNormalization: scale dimension", ln_scale_dim, IA, "layerNormalization",
       "scale dimension 0 is 4, input dimension 2 is 5"),
    OP("layerNormalization: bias dimension", ln_bias_dim, IA, "layerNormalization",
       "bias dimension 0 is 2, input dimension 1 is 3"),
};

int main(void) { return run_error_tests("builder_errors_indexing", rows, sizeof rows / sizeof rows[0], NULL, 0); }
