/* builder_conv_transpose.c — WebNN convTranspose2d (WebNN §8.9.11): the method steps in
 * order (each TypeError -> NNX_ERROR_INVALID_ARGUMENT), then core deconv (channel-first, iohw
 * filter) with core transposes for nhwc inputs and hwoi/ohwi filters. */
#include "api/limits.h"

#define LABEL(o) ((o) ? (o)->label : NULL)
#define POISON(b) ((b) ? &(b)->poison : NULL)

/* Options with defaults applied (spec steps 7-19). */
typedef struct ct_opts {
    uint32_t pads[4], strides[2], dilations[2], out_pad[2], sizes[2], groups;
    bool has_sizes;
    nnx_input_layout in_layout;
    nnx_conv_transpose_filter_layout f_layout;
} ct_opts;

static bool ct_options(nnx_op_call *c, const nnx_conv_transpose2d_options *o, ct_opts *t)
{
    if ((unsigned)o->input_layout > NNX_LAYOUT_NHWC) {
        nnx_call_fail(c, NNX_ERROR_INVALID_ARGUMENT, "input layout %d is not a layout", (int)o->input_layout);
        return false;
    }
    if ((unsigned)o->filter_layout > NNX_TFILTER_OHWI) {
        nnx_call_fail(c, NNX_ERROR_INVALID_ARGUMENT, "filter layout %d is not a layout", (int)o->filter_layout);
        return false;
    }
    t->in_layout = o->input_layout ? o->input_layout : NNX_LAYOUT_NCHW;
    t->f_layout = o->filter_layout ? o->filter_layout : NNX_TFILTER_IOHW;
    t->has_sizes = o->output_sizes != NULL;
    t->groups = o->groups ? o->groups : 1;
    if (!nnx_call_list_u32(c, "padding", o->padding, o->padding_count, 4, 0, false, t->pads) ||
        !nnx_call_list_u32(c, "strides", o->strides, o->strides_count, 2, 1, true, t->strides) ||
        !nnx_call_list_u32(c, "dilations", o->dilations, o->dilations_count, 2, 1, true, t->dilations) ||
        !nnx_call_list_u32(c, "outputPadding", o->output_padding, o->output_padding_count, 2, 0, false, t->out_pad) ||
        !nnx_call_list_u32(c, "outputSizes", o->output_sizes, o->output_sizes_count, 2, 0, false, t->sizes))
        return false;
    for (int i = 0; !t->has_sizes && i < 2; i++)
        if (t->out_pad[i] >= t->strides[i]) {
            nnx_call_fail(c, NNX_ERROR_INVALID_ARGUMENT, "outputPadding[%d] %u is not smaller than strides[%d] %u", i,
                          t->out_pad[i], i, t->strides[i]);
            return false;
        }
    return true;
}

/* WebNN "calculate convtranspose output size" (in - 1) * s + (k - 1) * d + 1 - pb - pe, then
 * + outputPadding, or the given outputSizes item, which must lie in [calculated, calculated +
 * stride). Exact: extents are below 2^31 and options below 2^32, so the products fit uint64. */
static bool ct_size(nnx_op_call *c, const char *what, uint32_t in, uint32_t k, const ct_opts *t, int axis,
                    uint32_t *out)
{
    uint32_t s = t->strides[axis], d = t->dilations[axis], pb = t->pads[2 * axis], pe = t->pads[2 * axis + 1];
    uint64_t up = (uint64_t)(in - 1) * s + (uint64_t)(k - 1) * d + 1, pads = (uint64_t)pb + pe;
    if (up <= pads) {
        nnx_call_fail(c, NNX_ERROR_INVALID_ARGUMENT,
                      "output %s (input %u - 1) * stride %u + (filter %u - 1) * dilation %u + 1 - padding %u - %u "
                      "is less than 1",
                      what, in, s, k, d, pb, pe);
        return false;
    }
    uint64_t calc = up - pads, size = calc + t->out_pad[axis];
    if (t->has_sizes) {
        size = t->sizes[axis];
        if (size < calc || size - calc >= s) {
            nnx_call_fail(c, NNX_ERROR_INVALID_ARGUMENT,
                          "outputSizes %s %u is outside [%llu, %llu) (the calculated size plus 0..stride-1)", what,
                          t->sizes[axis], (unsigned long long)calc, (unsigned long long)calc + s);
            return false;
        }
    }
    if (size > NNX_MAX_DIMENSION) {
        nnx_call_fail(c, NNX_ERROR_INVALID_ARGUMENT, "output %s %llu is not a valid dimension (at most %u)", what,
                      (unsigned long long)size, NNX_MAX_DIMENSION);
        return false;
    }
    *out = (uint32_t)size;
    return true;
}

static nnx_operand *transpose4(nnx_op_call *c, const nnx_operand *x, uint32_t p0, uint32_t p1, uint32_t p2, uint32_t p3)
{
    nnx_attrs a = {.transpose = {.perm = {p0, p1, p2, p3}}};
    const nnx_operand *in[1] = {x};
    return nnx_call_node(c, NNX_OP_TRANSPOSE, in, 1, &a, 1, NULL);
}

/* Spec steps 20-24: channels, groups, bias; then the output extents. */
static bool ct_shapes(nnx_op_call *c, const nnx_operand *x, const nnx_operand *w, const nnx_operand *bias, ct_opts *t,
                      nnx_attr_deconv *a)
{
    const uint32_t *xs = x->desc.shape, *fs = w->desc.shape;
    bool nhwc = t->in_layout == NNX_LAYOUT_NHWC;
    uint32_t in_c = xs[nhwc ? 3 : 1], in_h = xs[nhwc ? 1 : 2], in_w = xs[nhwc ? 2 : 3];
    uint32_t f_in, f_out, f_h, f_w;
    switch (t->f_layout) {
    case NNX_TFILTER_HWOI: f_h = fs[0], f_w = fs[1], f_out = fs[2], f_in = fs[3]; break;
    case NNX_TFILTER_OHWI: f_out = fs[0], f_h = fs[1], f_w = fs[2], f_in = fs[3]; break;
    default: f_in = fs[0], f_out = fs[1], f_h = fs[2], f_w = fs[3]; break;
    }
    if (in_c != f_in) {
        nnx_call_fail(c, NNX_ERROR_INVALID_ARGUMENT, "input channels %u != filter input channels %u", in_c, f_in);
        return false;
    }
    uint64_t out_c = (uint64_t)f_out * t->groups;
    if (out_c == 0 || out_c > NNX_MAX_DIMENSION) {
        nnx_call_fail(c, NNX_ERROR_INVALID_ARGUMENT,
                      "output channels %llu (filter output channels %u x groups %u) is not a valid dimension",
                      (unsigned long long)out_c, f_out, t->groups);
        return false;
    }
    if (in_c % t->groups != 0) {
        nnx_call_fail(c, NNX_ERROR_INVALID_ARGUMENT, "input channels %u are not divisible by groups %u", in_c,
                      t->groups);
        return false;
    }
    if (bias && (bias->desc.rank != 1 || bias->desc.shape[0] != out_c)) {
        nnx_call_fail(c, NNX_ERROR_INVALID_ARGUMENT, "bias must have shape [%llu] (the output channels)",
                      (unsigned long long)out_c);
        return false;
    }
    if (bias && bias->desc.dtype != x->desc.dtype) {
        nnx_call_fail(c, NNX_ERROR_INVALID_ARGUMENT, "bias type %s != input type %s", nnx_dtype_name(bias->desc.dtype),
                      nnx_dtype_name(x->desc.dtype));
        return false;
    }
    if (!ct_size(c, "height", in_h, f_h, t, 0, &a->output_sizes[0]) ||
        !ct_size(c, "width", in_w, f_w, t, 1, &a->output_sizes[1]))
        return false;
    a->has_output_sizes = true;
    a->groups = t->groups;
    for (int i = 0; i < 2; i++) {
        a->strides[i] = t->strides[i];
        a->dilations[i] = t->dilations[i];
    }
    for (int i = 0; i < 4; i++)
        a->pads[i] = t->pads[i];
    return true;
}

nnx_operand *nnx_builder_conv_transpose2d(nnx_builder *b, nnx_operand *x, nnx_operand *w,
                                          const nnx_conv_transpose2d_options *o)
{
    nnx_op_call c;
    if (!nnx_call_begin(&c, b, "convTranspose2d", LABEL(o)))
        return POISON(b);
    nnx_conv_transpose2d_options opts = o ? *o : (nnx_conv_transpose2d_options){0};
    if (!nnx_call_operand(&c, x, "input") || !nnx_call_operand(&c, w, "filter") ||
        (opts.bias && !nnx_call_operand(&c, opts.bias, "bias")))
        return &b->poison;
    if (x->desc.rank != 4)
        return nnx_call_fail(&c, NNX_ERROR_INVALID_ARGUMENT, "input has rank %u, expected 4", x->desc.rank);
    if (!nnx_call_dtype(&c, x, "input", NNX_SET_FLOAT))
        return &b->poison;
    if (w->desc.rank != 4)
        return nnx_call_fail(&c, NNX_ERROR_INVALID_ARGUMENT, "filter has rank %u, expected 4", w->desc.rank);
    if (w->desc.dtype != x->desc.dtype)
        return nnx_call_fail(&c, NNX_ERROR_INVALID_ARGUMENT, "filter type %s != input type %s",
                             nnx_dtype_name(w->desc.dtype), nnx_dtype_name(x->desc.dtype));
    ct_opts t;
    nnx_attrs attrs = {0};
    if (!ct_options(&c, &opts, &t) || !ct_shapes(&c, x, w, opts.bias, &t, &attrs.deconv))
        return &b->poison;
    /* The core deconv is channel-first with an iohw filter: transpose the others. */
    const nnx_operand *xin = x, *win = w;
    if (t.in_layout == NNX_LAYOUT_NHWC)
        xin = transpose4(&c, x, 0, 3, 1, 2);
    if (t.f_layout == NNX_TFILTER_HWOI)
        win = transpose4(&c, w, 3, 2, 0, 1);
    else if (t.f_layout == NNX_TFILTER_OHWI)
        win = transpose4(&c, w, 3, 0, 1, 2);
    if (xin == &b->poison || win == &b->poison)
        return &b->poison;
    const nnx_operand *in[3] = {xin, win, opts.bias};
    nnx_operand *y = nnx_call_node(&c, NNX_OP_DECONV, in, 3, &attrs, 1, NULL);
    if (y == &b->poison || t.in_layout != NNX_LAYOUT_NHWC)
        return y;
    return transpose4(&c, y, 0, 2, 3, 1);
}
