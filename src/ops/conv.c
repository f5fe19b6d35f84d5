/* conv.c — shape inference and reference kernel of CONV, WebNN conv2d
 * (#api-mlgraphbuilder-conv2d, algorithms "conv2d(input, filter, options)" and "calculate
 * conv output size"). One kernel serves every input layout (nchw, nhwc) and filter layout
 * (oihw, hwio, ohwi, ihwo): tensors are addressed through per-layout strides, never
 * transposed. Every float type is computed in double and rounded once, on store. */
#include "ir/dtypes.h"
#include "ir/ops.h"
#include "ops/elem.h"
#include "ops/shape.h"

/* Logical axes of a filter: O (output channels), I (input channels per group), H, W. An
 * input and the output (same layout) use NNX_AX_N, C, H, W of ops/shape.h. */
enum { AX_O = 0, AX_I = 1, AX_KH = 2, AX_KW = 3 };


/* The same for a filter layout (DEFAULT is oihw). WebNN conv2d step "switch on
 * options.filterLayout". */
static bool filter_axes(nnx_filter_layout layout, uint32_t pos[4])
{
    static const uint32_t oihw[4] = {0, 1, 2, 3}, hwio[4] = {3, 2, 0, 1}, ohwi[4] = {0, 3, 1, 2},
                          ihwo[4] = {3, 0, 1, 2};
    const uint32_t *p;
    switch (layout) {
    case NNX_FILTER_DEFAULT: case NNX_FILTER_OIHW: p = oihw; break;
    case NNX_FILTER_HWIO: p = hwio; break;
    case NNX_FILTER_OHWI: p = ohwi; break;
    case NNX_FILTER_IHWO: p = ihwo; break;
    default: return false;
    }
    memcpy(pos, p, sizeof oihw);
    return true;
}

/* WebNN "calculate conv output size", floored (conv2d steps "set outputHeight to
 * floor(outputHeight)" and "if it is not a valid dimension, throw"):
 *   floor((in - ((k - 1) * d + 1) + pb + pe) / s) + 1.
 * Exact in 64 bits: every term is below 2^34 except the effective kernel, below 2^64. */
static nnx_status conv_out_size(const char *what, uint32_t in, uint32_t k, uint32_t pb, uint32_t pe, uint32_t s,
                                uint32_t d, uint32_t *out, nnx_error *err)
{
    if (k == 0)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "kernel %s is 0", what);
    uint64_t eff = (uint64_t)(k - 1) * d + 1;
    uint64_t padded = (uint64_t)in + pb + pe;
    if (eff > padded)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                             "effective kernel %s %llu (kernel %u, dilation %u) exceeds padded input %s %llu "
                             "(input %u + padding %u + %u)",
                             what, (unsigned long long)eff, k, d, what, (unsigned long long)padded, in, pb, pe);
    uint64_t size = (padded - eff) / s + 1;
    if (size > UINT32_MAX)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "output %s %llu exceeds the largest dimension %u",
                             what, (unsigned long long)size, UINT32_MAX);
    *out = (uint32_t)size;
    return NNX_OK;
}

/* WebNN conv2d steps: data types and ranks (input float, rank 4; filter rank 4, same
 * type; bias rank 1, same type). */
static nnx_status check_types(const nnx_operand_desc *x, const nnx_operand_desc *f, const nnx_operand_desc *b,
                              nnx_error *err)
{
    if (!nnx_dtype_is_float(x->dtype))
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "input type %s is not a floating-point type",
                             nnx_dtype_name(x->dtype));
    if (f->dtype != x->dtype)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "filter type %s != input type %s",
                             nnx_dtype_name(f->dtype), nnx_dtype_name(x->dtype));
    if (b && b->dtype != x->dtype)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "bias type %s != input type %s",
                             nnx_dtype_name(b->dtype), nnx_dtype_name(x->dtype));
    if (x->rank != 4)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "input has rank %u, expected 4", x->rank);
    if (f->rank != 4)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "filter has rank %u, expected 4", f->rank);
    if (b && b->rank != 1)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "bias has rank %u, expected 1", b->rank);
    return NNX_OK;
}

/* WebNN conv2d steps on the options: nonzero strides, dilations and groups; known layouts. */
static nnx_status check_attrs(const nnx_attr_conv *a, nnx_error *err)
{
    uint32_t pos[4];
    if (nnx_check_window_steps(a->strides, a->dilations, err) != NNX_OK)
        return err->status;
    if (a->groups == 0)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "groups is 0, must be at least 1");
    if (!nnx_input_layout_axes(a->input_layout, pos))
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "unknown input layout %d", (int)a->input_layout);
    if (!filter_axes(a->filter_layout, pos))
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "unknown filter layout %d", (int)a->filter_layout);
    return NNX_OK;
}

/* WebNN conv2d steps on channels: inputChannels % groups == 0, inputChannels / groups ==
 * filterInputChannels, outputChannels % groups == 0, bias shape == [outputChannels]. */
static nnx_status check_channels(uint32_t in_c, uint32_t filter_in, uint32_t out_c, uint32_t groups,
                                 const nnx_operand_desc *b, nnx_error *err)
{
    if (in_c % groups != 0)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "input channels %u are not divisible by groups %u",
                             in_c, groups);
    if (in_c / groups != filter_in)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "input channels %u / groups %u != filter input channels %u",
                             in_c, groups, filter_in);
    if (out_c % groups != 0)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "output channels %u are not divisible by groups %u",
                             out_c, groups);
    if (b && b->shape[0] != out_c)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "bias shape [%u] != [output channels %u]",
                             b->shape[0], out_c);
    return NNX_OK;
}

nnx_status nnx_infer_conv(const nnx_node *node, const nnx_operand_desc *const *in, nnx_operand_desc *out,
                          nnx_error *err)
{
    const nnx_attr_conv *a = &node->attrs.conv;
    const nnx_operand_desc *x = in[0], *f = in[1], *b = node->n_in > 2 ? in[2] : NULL;
    nnx_status st = check_types(x, f, b, err);
    if (st == NNX_OK)
        st = check_attrs(a, err);
    if (st != NNX_OK)
        return st;
    uint32_t xp[4], fp[4];
    nnx_input_layout_axes(a->input_layout, xp);
    filter_axes(a->filter_layout, fp);
    uint32_t out_c = f->shape[fp[AX_O]];
    st = check_channels(x->shape[xp[NNX_AX_C]], f->shape[fp[AX_I]], out_c, a->groups, b, err);
    if (st != NNX_OK)
        return st;
    uint32_t oh, ow;
    st = conv_out_size("height", x->shape[xp[NNX_AX_H]], f->shape[fp[AX_KH]], a->pads[0], a->pads[1], a->strides[0],
                       a->dilations[0], &oh, err);
    if (st == NNX_OK)
        st = conv_out_size("width", x->shape[xp[NNX_AX_W]], f->shape[fp[AX_KW]], a->pads[2], a->pads[3], a->strides[1],
                           a->dilations[1], &ow, err);
    if (st != NNX_OK)
        return st;
    if (x->shape[xp[NNX_AX_N]] == 0 || out_c == 0)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "output shape has a 0 dimension (batches %u, "
                             "output channels %u)", x->shape[xp[NNX_AX_N]], out_c);
    /* The output has the input's layout: [N, O, oh, ow] or [N, oh, ow, O]. */
    out->dtype = x->dtype;
    out->rank = 4;
    out->shape[xp[NNX_AX_N]] = x->shape[xp[NNX_AX_N]];
    out->shape[xp[NNX_AX_C]] = out_c;
    out->shape[xp[NNX_AX_H]] = oh;
    out->shape[xp[NNX_AX_W]] = ow;
    return NNX_OK;
}

/* Sizes by logical axis, and element strides by logical axis, of the three tensors. */
typedef struct conv_geom {
    uint32_t x[4], f[4], y[4];    /* sizes: x and y by N,C,H,W; f by O,I,KH,KW */
    uint64_t xs[4], fs[4], ys[4]; /* strides, same order */
    uint32_t out_per_group;       /* O / groups */
} conv_geom;

/* Reorders a tensor's physical sizes and row-major strides into logical order. */
static void logical(const nnx_operand_desc *d, const uint32_t pos[4], uint32_t size[4], uint64_t stride[4])
{
    uint64_t phys[4];
    nnx_strides(d->shape, 4, phys);
    for (int i = 0; i < 4; i++) {
        size[i] = d->shape[pos[i]];
        stride[i] = phys[pos[i]];
    }
}

static void conv_geometry(const nnx_attr_conv *a, const nnx_view *in, const nnx_view *out, conv_geom *g)
{
    uint32_t xp[4], fp[4];
    nnx_input_layout_axes(a->input_layout, xp);
    filter_axes(a->filter_layout, fp);
    logical(&in[0].desc, xp, g->x, g->xs);
    logical(&in[1].desc, fp, g->f, g->fs);
    logical(&out->desc, xp, g->y, g->ys);
    g->out_per_group = g->y[NNX_AX_C] / a->groups;
}

/* One output element y[n, o, oh, ow] (logical indices): the bias plus the sum over the
 * group's input channels and the kernel window of x * filter, where the window starts at
 * oh * stride - beginPadding and its taps are `dilation` apart; taps in the padding read 0
 * and are skipped. */
static double conv_point(const nnx_attr_conv *a, const conv_geom *g, const nnx_view *in, uint32_t n, uint32_t o,
                         uint32_t oh, uint32_t ow)
{
    nnx_dtype dt = in[0].desc.dtype;
    double acc = 0;
    uint32_t group = o / g->out_per_group;
    for (uint32_t i = 0; i < g->f[AX_I]; i++) {
        uint64_t c = (uint64_t)group * g->f[AX_I] + i; /* input channel */
        for (uint32_t kh = 0; kh < g->f[AX_KH]; kh++) {
            int64_t ih = (int64_t)oh * a->strides[0] - a->pads[0] + (int64_t)kh * a->dilations[0];
            if (ih < 0 || ih >= g->x[NNX_AX_H])
                continue;
            for (uint32_t kw = 0; kw < g->f[AX_KW]; kw++) {
                int64_t iw = (int64_t)ow * a->strides[1] - a->pads[2] + (int64_t)kw * a->dilations[1];
                if (iw < 0 || iw >= g->x[NNX_AX_W])
                    continue;
                size_t xi = n * g->xs[NNX_AX_N] + c * g->xs[NNX_AX_C] + (uint64_t)ih * g->xs[NNX_AX_H] + (uint64_t)iw * g->xs[NNX_AX_W];
                size_t fi = o * g->fs[AX_O] + i * g->fs[AX_I] + kh * g->fs[AX_KH] + kw * g->fs[AX_KW];
                acc += nnx_load_f(dt, in[0].data, xi) * nnx_load_f(dt, in[1].data, fi);
            }
        }
    }
    return acc;
}

nnx_status nnx_ref_conv(const nnx_node *node, const nnx_view *in, nnx_view *out)
{
    const nnx_attr_conv *a = &node->attrs.conv;
    const void *bias = node->n_in > 2 ? in[2].data : NULL;
    nnx_dtype dt = out->desc.dtype;
    conv_geom g;
    conv_geometry(a, in, out, &g);
    for (uint32_t n = 0; n < g.y[NNX_AX_N]; n++)
        for (uint32_t o = 0; o < g.y[NNX_AX_C]; o++)
            for (uint32_t oh = 0; oh < g.y[NNX_AX_H]; oh++)
                for (uint32_t ow = 0; ow < g.y[NNX_AX_W]; ow++) {
                    double v = conv_point(a, &g, in, n, o, oh, ow);
                    if (bias)
                        v += nnx_load_f(dt, bias, o);
                    size_t yi = n * g.ys[NNX_AX_N] + o * g.ys[NNX_AX_C] + oh * g.ys[NNX_AX_H] + ow * g.ys[NNX_AX_W];
                    nnx_store_f(dt, out->data, yi, v);
                }
    return NNX_OK;
}
