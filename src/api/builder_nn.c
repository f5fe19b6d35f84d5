/* builder_nn.c — WebNN matmul, gemm, conv2d, pooling (average, l2, max) and softmax: option
 * defaults and list lengths, data types, then the core node (whose inference checks the
 * shapes). WebNN §8.9.35, §8.9.24, §8.9.10, §8.9.37, §8.9.48. */
#include "api/builder.h"

#include <string.h>

#define LABEL(o) ((o) ? (o)->label : NULL)
#define POISON(b) ((b) ? &(b)->poison : NULL)

nnx_operand *nnx_builder_matmul(nnx_builder *b, nnx_operand *x, nnx_operand *y, const nnx_operator_options *o)
{
    nnx_op_call c;
    if (!nnx_call_begin(&c, b, "matmul", LABEL(o)))
        return POISON(b);
    if (!nnx_call_operand(&c, x, "input a") || !nnx_call_operand(&c, y, "input b") ||
        !nnx_call_dtype(&c, x, "input a", NNX_SET_FLOAT))
        return &b->poison;
    const nnx_operand *in[2] = {x, y};
    return nnx_call_node(&c, NNX_OP_MATMUL, in, 2, NULL, 1, NULL);
}

nnx_operand *nnx_builder_gemm(nnx_builder *b, nnx_operand *x, nnx_operand *y, const nnx_gemm_options *o)
{
    nnx_op_call c;
    if (!nnx_call_begin(&c, b, "gemm", LABEL(o)))
        return POISON(b);
    nnx_gemm_options opts = o ? *o : (nnx_gemm_options){0};
    if (!nnx_call_operand(&c, x, "input a") || !nnx_call_operand(&c, y, "input b") ||
        (opts.c && !nnx_call_operand(&c, opts.c, "option c")) || !nnx_call_dtype(&c, x, "input a", NNX_SET_FLOAT))
        return &b->poison;
    nnx_dtype dt = x->desc.dtype;
    nnx_attrs attrs = {.gemm = {
                           .alpha = nnx_number_cast(opts.alpha.kind ? opts.alpha : nnx_f64(1.0), dt).f,
                           .beta = nnx_number_cast(opts.beta.kind ? opts.beta : nnx_f64(1.0), dt).f,
                           .trans_a = opts.a_transpose,
                           .trans_b = opts.b_transpose,
                       }};
    const nnx_operand *in[3] = {x, y, opts.c};
    return nnx_call_node(&c, NNX_OP_GEMM, in, 3, &attrs, 1, NULL);
}

nnx_operand *nnx_builder_conv2d(nnx_builder *b, nnx_operand *x, nnx_operand *w, const nnx_conv2d_options *o)
{
    nnx_op_call c;
    if (!nnx_call_begin(&c, b, "conv2d", LABEL(o)))
        return POISON(b);
    nnx_conv2d_options opts = o ? *o : (nnx_conv2d_options){0};
    if (!nnx_call_operand(&c, x, "input") || !nnx_call_operand(&c, w, "filter") ||
        (opts.bias && !nnx_call_operand(&c, opts.bias, "bias")) || !nnx_call_dtype(&c, x, "input", NNX_SET_FLOAT))
        return &b->poison;
    if ((unsigned)opts.input_layout > NNX_LAYOUT_NHWC)
        return nnx_call_fail(&c, NNX_ERROR_INVALID_ARGUMENT, "input layout %d is not a layout", (int)opts.input_layout);
    if ((unsigned)opts.filter_layout > NNX_FILTER_IHWO)
        return nnx_call_fail(&c, NNX_ERROR_INVALID_ARGUMENT, "filter layout %d is not a layout",
                             (int)opts.filter_layout);
    nnx_attrs attrs = {.conv = {
                           .groups = opts.groups ? opts.groups : 1,
                           .input_layout = opts.input_layout ? opts.input_layout : NNX_LAYOUT_NCHW,
                           .filter_layout = opts.filter_layout ? opts.filter_layout : NNX_FILTER_OIHW,
                       }};
    uint32_t pads[4];
    if (!nnx_call_list_u32(&c, "padding", opts.padding, opts.padding_count, 4, 0, false, pads) ||
        !nnx_call_list_u32(&c, "strides", opts.strides, opts.strides_count, 2, 1, true, attrs.conv.strides) ||
        !nnx_call_list_u32(&c, "dilations", opts.dilations, opts.dilations_count, 2, 1, true, attrs.conv.dilations))
        return &b->poison;
    for (int i = 0; i < 4; i++)
        attrs.conv.pads[i] = pads[i];
    /* conv2d is 2-D: the core conv takes any number of spatial axes, so the ranks are checked
     * here, where the core used to: after the option lists and before the core's checks, except
     * its type checks, which come first as before. */
    nnx_dtype dt = x->desc.dtype;
    if (w->desc.dtype == dt && (!opts.bias || opts.bias->desc.dtype == dt)) {
        if (x->desc.rank != 4)
            return nnx_call_fail(&c, NNX_ERROR_INVALID_ARGUMENT, "input has rank %u, expected 4", x->desc.rank);
        if (w->desc.rank != 4)
            return nnx_call_fail(&c, NNX_ERROR_INVALID_ARGUMENT, "filter has rank %u, expected 4", w->desc.rank);
    }
    const nnx_operand *in[3] = {x, w, opts.bias};
    return nnx_call_node(&c, NNX_OP_CONV, in, 3, &attrs, 1, NULL);
}

static nnx_operand *pool(nnx_builder *b, nnx_op op, const char *name, nnx_dtype_set allowed, nnx_operand *x,
                         const nnx_pool2d_options *o)
{
    nnx_op_call c;
    if (!nnx_call_begin(&c, b, name, LABEL(o)))
        return POISON(b);
    nnx_pool2d_options opts = o ? *o : (nnx_pool2d_options){0};
    if (!nnx_call_operand(&c, x, "input") || !nnx_call_dtype(&c, x, "input", allowed))
        return &b->poison;
    if (x->desc.rank != 4)
        return nnx_call_fail(&c, NNX_ERROR_INVALID_ARGUMENT, "input has rank %u, it must be 4", x->desc.rank);
    if ((unsigned)opts.layout > NNX_LAYOUT_NHWC || (unsigned)opts.output_shape_rounding > NNX_ROUNDING_CEIL)
        return nnx_call_fail(&c, NNX_ERROR_INVALID_ARGUMENT, "layout or rounding is not a valid value");
    nnx_input_layout layout = opts.layout ? opts.layout : NNX_LAYOUT_NCHW;
    uint32_t h = layout == NNX_LAYOUT_NCHW ? 2 : 1;
    nnx_attrs attrs = {.pool = {
                           .layout = layout,
                           .rounding = opts.output_shape_rounding ? opts.output_shape_rounding : NNX_ROUNDING_FLOOR,
                           .has_output_sizes = opts.output_sizes != NULL,
                       }};
    nnx_attr_pool *p = &attrs.pool;
    if (!nnx_call_list_u32(&c, "windowDimensions", opts.window_dimensions, opts.window_dimensions_count, 2, 0, true,
                           p->window) ||
        !nnx_call_list_u32(&c, "padding", opts.padding, opts.padding_count, 4, 0, false, p->pads) ||
        !nnx_call_list_u32(&c, "strides", opts.strides, opts.strides_count, 2, 1, true, p->strides) ||
        !nnx_call_list_u32(&c, "dilations", opts.dilations, opts.dilations_count, 2, 1, true, p->dilations) ||
        !nnx_call_list_u32(&c, "outputSizes", opts.output_sizes, opts.output_sizes_count, 2, 0, true, p->output_sizes))
        return &b->poison;
    if (!opts.window_dimensions) { /* global pooling */
        p->window[0] = x->desc.shape[h];
        p->window[1] = x->desc.shape[h + 1];
    }
    const nnx_operand *in[1] = {x};
    return nnx_call_node(&c, op, in, 1, &attrs, 1, NULL);
}

nnx_operand *nnx_builder_average_pool2d(nnx_builder *b, nnx_operand *x, const nnx_pool2d_options *o)
{
    return pool(b, NNX_OP_AVG_POOL, "averagePool2d", NNX_SET_FLOAT, x, o);
}

nnx_operand *nnx_builder_max_pool2d(nnx_builder *b, nnx_operand *x, const nnx_pool2d_options *o)
{
    return pool(b, NNX_OP_MAX_POOL, "maxPool2d", NNX_SET_ANY, x, o);
}

nnx_operand *nnx_builder_l2_pool2d(nnx_builder *b, nnx_operand *x, const nnx_pool2d_options *o)
{
    return pool(b, NNX_OP_L2_POOL, "l2Pool2d", NNX_SET_FLOAT, x, o);
}

nnx_operand *nnx_builder_softmax(nnx_builder *b, nnx_operand *x, uint32_t axis, const nnx_operator_options *o)
{
    nnx_op_call c;
    if (!nnx_call_begin(&c, b, "softmax", LABEL(o)))
        return POISON(b);
    if (!nnx_call_operand(&c, x, "input") || !nnx_call_dtype(&c, x, "input", NNX_SET_FLOAT))
        return &b->poison;
    nnx_attrs attrs = {.axis = {axis}};
    const nnx_operand *in[1] = {x};
    return nnx_call_node(&c, NNX_OP_SOFTMAX, in, 1, &attrs, 1, NULL);
}
