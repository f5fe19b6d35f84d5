/* conv.c — shape inference and reference kernel of CONV: N-D convolution, WebNN conv2d ("calculate
 * conv output size") on input rank - 2 spatial axes as NNEF conv (NNEF 1.0.2 §4.3.1: out[i] = Σ_j
 * ĩ[i·s + j·d − p]·filter[j], ĩ = 0 outside, so negative padding just crops). 2-D: every WebNN
 * layout via per-layout strides (never transposed); other ranks nchw / oihw. Float types are
 * computed in double and rounded once, on store. */
#include <stdio.h>

#include "ir/dtypes.h"
#include "ops/table.h"
#include "ops/conv.h"
#include "ir/elem.h"
#include "ir/shape.h"

/* Logical axes of a filter: O (output channels), I (input channels per group), then one
 * kernel axis per spatial axis. An input and the output (same layout) have N, C, spatial. */
enum { AX_O = 0, AX_I = 1 };

static void format_list(const uint32_t *v, uint32_t n, char *buf, size_t size)
{
    size_t used = (size_t)snprintf(buf, size, "[");
    for (uint32_t i = 0; i < n && used < size; i++)
        used += (size_t)snprintf(buf + used, size - used, "%s%u", i ? ", " : "", v[i]);
    if (used < size)
        snprintf(buf + used, size - used, "]");
}

nnx_status nnx_conv_check_steps(uint32_t n, const uint32_t *strides, const uint32_t *dilations, nnx_error *err)
{
    char buf[96];
    for (uint32_t k = 0; k < n; k++)
        if (strides[k] == 0) {
            format_list(strides, n, buf, sizeof buf);
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "strides %s contain 0", buf);
        }
    for (uint32_t k = 0; k < n; k++)
        if (dilations[k] == 0) {
            format_list(dilations, n, buf, sizeof buf);
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "dilations %s contain 0", buf);
        }
    return NNX_OK;
}

nnx_status nnx_conv_check_pads(uint32_t n, const int64_t *pads, nnx_error *err)
{
    for (uint32_t i = 0; i < 2 * n; i++)
        if (pads[i] < -(int64_t)UINT32_MAX || pads[i] > (int64_t)UINT32_MAX)
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "padding item %u (%lld) is beyond +-%u", i,
                                 (long long)pads[i], UINT32_MAX);
    return NNX_OK;
}

const char *nnx_conv_axis_name(uint32_t k, uint32_t n, char *buf)
{
    if (n == 2)
        return k == 0 ? "height" : "width";
    snprintf(buf, 24, "spatial axis %u", k);
    return buf;
}

/* Whether a layout pair needs exactly 2 spatial axes (anything but nchw / oihw). */
static bool layout_is_2d(const nnx_attr_conv *a)
{
    return (a->input_layout != NNX_LAYOUT_DEFAULT && a->input_layout != NNX_LAYOUT_NCHW) ||
        (a->filter_layout != NNX_FILTER_DEFAULT && a->filter_layout != NNX_FILTER_OIHW);
}

/* pos[logical axis] = physical axis of an input of rank r (N, C, spatial...). */
static bool input_axes(nnx_input_layout layout, uint32_t r, uint32_t pos[NNX_MAX_RANK])
{
    if (layout == NNX_LAYOUT_NHWC)
        return r == 4 && nnx_input_layout_axes(layout, pos);
    if (layout != NNX_LAYOUT_DEFAULT && layout != NNX_LAYOUT_NCHW)
        return false;
    for (uint32_t i = 0; i < r; i++)
        pos[i] = i;
    return true;
}

/* The same for a filter (O, I, kernel...; DEFAULT is oihw). WebNN conv2d step "switch on
 * options.filterLayout". */
static bool filter_axes(nnx_filter_layout layout, uint32_t r, uint32_t pos[NNX_MAX_RANK])
{
    static const uint32_t hwio[4] = {3, 2, 0, 1}, ohwi[4] = {0, 3, 1, 2}, ihwo[4] = {3, 0, 1, 2};
    const uint32_t *p;
    switch (layout) {
    case NNX_FILTER_DEFAULT:
    case NNX_FILTER_OIHW:
        for (uint32_t i = 0; i < r; i++)
            pos[i] = i;
        return true;
    case NNX_FILTER_HWIO: p = hwio; break;
    case NNX_FILTER_OHWI: p = ohwi; break;
    case NNX_FILTER_IHWO: p = ihwo; break;
    default: return false;
    }
    if (r != 4)
        return false;
    memcpy(pos, p, sizeof hwio);
    return true;
}

/* WebNN "calculate conv output size", floored (conv2d steps "set outputHeight to
 * floor(outputHeight)" and "if it is not a valid dimension, throw"), = NNEF's down-scaled
 * extent: floor((in - ((k - 1) * d + 1) + pb + pe) / s) + 1. Exact in 64 bits: the padded
 * input is within ±2^34 (nnx_conv_check_pads), the effective kernel below 2^64. */
static nnx_status conv_out_size(const char *what, uint32_t in, uint32_t k, int64_t pb, int64_t pe, uint32_t s,
                                uint32_t d, uint32_t *out, nnx_error *err)
{
    if (k == 0)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "kernel %s is 0", what);
    uint64_t eff = (uint64_t)(k - 1) * d + 1;
    int64_t padded = (int64_t)in + pb + pe;
    if (padded < 0 || eff > (uint64_t)padded)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                             "effective kernel %s %llu (kernel %u, dilation %u) exceeds padded input %s %lld "
                             "(input %u + padding %lld + %lld)",
                             what, (unsigned long long)eff, k, d, what, (long long)padded, in, (long long)pb,
                             (long long)pe);
    uint64_t size = ((uint64_t)padded - eff) / s + 1;
    if (size > UINT32_MAX)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "output %s %llu exceeds the largest dimension %u", what,
                             (unsigned long long)size, UINT32_MAX);
    *out = (uint32_t)size;
    return NNX_OK;
}

/* WebNN conv2d steps: data types and ranks (input float; filter of the input's type and
 * rank, 4 with a 2-D-only layout; bias rank 1, same type). */
static nnx_status check_types(const nnx_attr_conv *a, const nnx_operand_desc *x, const nnx_operand_desc *f,
                              const nnx_operand_desc *b, nnx_error *err)
{
    if (!nnx_dtype_is_float(x->dtype))
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "input type %s is not a floating-point type",
                             nnx_dtype_name(x->dtype));
    if (f->dtype != x->dtype)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "filter type %s != input type %s",
                             nnx_dtype_name(f->dtype), nnx_dtype_name(x->dtype));
    if (b && b->dtype != x->dtype)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "bias type %s != input type %s", nnx_dtype_name(b->dtype),
                             nnx_dtype_name(x->dtype));
    if (layout_is_2d(a) && x->rank != 4)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "input has rank %u, expected 4", x->rank);
    if (x->rank < 2)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "input has rank %u, expected at least 2", x->rank);
    if (f->rank != x->rank)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "filter has rank %u, expected %u", f->rank, x->rank);
    if (b && b->rank != 1)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "bias has rank %u, expected 1", b->rank);
    return NNX_OK;
}

/* WebNN conv2d steps on the options: nonzero strides, dilations and groups; known layouts. */
static nnx_status check_attrs(const nnx_attr_conv *a, uint32_t rank, nnx_error *err)
{
    uint32_t pos[NNX_MAX_RANK], n = rank - 2;
    if (nnx_conv_check_steps(n, a->strides, a->dilations, err) != NNX_OK ||
        nnx_conv_check_pads(n, a->pads, err) != NNX_OK)
        return err->status;
    if (a->groups == 0)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "groups is 0, must be at least 1");
    if (!input_axes(a->input_layout, rank, pos))
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "unknown input layout %d", (int)a->input_layout);
    if (!filter_axes(a->filter_layout, rank, pos))
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "unknown filter layout %d", (int)a->filter_layout);
    return NNX_OK;
}

/* WebNN conv2d steps on channels: inputChannels % groups == 0, inputChannels / groups ==
 * filterInputChannels, outputChannels % groups == 0, bias shape == [outputChannels]. */
static nnx_status check_channels(uint32_t in_c, uint32_t filter_in, uint32_t out_c, uint32_t groups,
                                 const nnx_operand_desc *b, nnx_error *err)
{
    if (in_c % groups != 0)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "input channels %u are not divisible by groups %u", in_c,
                             groups);
    if (in_c / groups != filter_in)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                             "input channels %u / groups %u != filter input channels %u", in_c, groups, filter_in);
    if (out_c % groups != 0)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "output channels %u are not divisible by groups %u",
                             out_c, groups);
    if (b && b->shape[0] != out_c)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "bias shape [%u] != [output channels %u]", b->shape[0],
                             out_c);
    return NNX_OK;
}

nnx_status nnx_infer_conv(const nnx_op_args *args, const nnx_operand_desc *const *in, nnx_operand_desc *out,
                          nnx_error *err)
{
    const nnx_attr_conv *a = &args->attrs->conv;
    const nnx_operand_desc *x = in[0], *f = in[1], *b = args->n_in > 2 ? in[2] : NULL;
    nnx_status st = check_types(a, x, f, b, err);
    if (st == NNX_OK)
        st = check_attrs(a, x->rank, err);
    if (st != NNX_OK)
        return st;
    uint32_t r = x->rank, n = r - 2, xp[NNX_MAX_RANK], fp[NNX_MAX_RANK], sizes[NNX_MAX_SPATIAL];
    input_axes(a->input_layout, r, xp);
    filter_axes(a->filter_layout, r, fp);
    uint32_t out_c = f->shape[fp[AX_O]];
    st = check_channels(x->shape[xp[1]], f->shape[fp[AX_I]], out_c, a->groups, b, err);
    for (uint32_t k = 0; st == NNX_OK && k < n; k++) {
        char buf[24];
        st = conv_out_size(nnx_conv_axis_name(k, n, buf), x->shape[xp[2 + k]], f->shape[fp[2 + k]], a->pads[2 * k],
                           a->pads[2 * k + 1], a->strides[k], a->dilations[k], &sizes[k], err);
    }
    if (st != NNX_OK)
        return st;
    if (x->shape[xp[0]] == 0 || out_c == 0)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                             "output shape has a 0 dimension (batches %u, "
                             "output channels %u)",
                             x->shape[xp[0]], out_c);
    /* The output has the input's layout: [N, O, spatial...] or [N, oh, ow, O]. */
    out->dtype = x->dtype;
    out->rank = r;
    out->shape[xp[0]] = x->shape[xp[0]];
    out->shape[xp[1]] = out_c;
    for (uint32_t k = 0; k < n; k++)
        out->shape[xp[2 + k]] = sizes[k];
    return NNX_OK;
}

/* Sizes and element strides by logical axis of the three tensors, and what the kernel
 * reads per output element. */
typedef struct conv_geom {
    uint32_t n; /* spatial axes */
    uint32_t x[NNX_MAX_RANK], f[NNX_MAX_RANK], y[NNX_MAX_RANK];
    uint64_t xs[NNX_MAX_RANK], fs[NNX_MAX_RANK], ys[NNX_MAX_RANK];
    uint32_t out_per_group; /* O / groups */
    const nnx_attr_conv *a;
    const nnx_view *in;
} conv_geom;

/* Reorders a tensor's physical sizes and row-major strides into logical order. */
static void logical(const nnx_operand_desc *d, const uint32_t *pos, uint32_t size[], uint64_t stride[])
{
    uint64_t phys[NNX_MAX_RANK];
    nnx_strides(d->shape, d->rank, phys);
    for (uint32_t i = 0; i < d->rank; i++) {
        size[i] = d->shape[pos[i]];
        stride[i] = phys[pos[i]];
    }
}

static void conv_geometry(const nnx_attr_conv *a, const nnx_view *in, const nnx_view *out, conv_geom *g)
{
    uint32_t r = in[0].desc.rank, xp[NNX_MAX_RANK], fp[NNX_MAX_RANK];
    input_axes(a->input_layout, r, xp);
    filter_axes(a->filter_layout, r, fp);
    logical(&in[0].desc, xp, g->x, g->xs);
    logical(&in[1].desc, fp, g->f, g->fs);
    logical(&out->desc, xp, g->y, g->ys);
    g->n = r - 2;
    g->out_per_group = g->y[1] / a->groups;
    g->a = a;
    g->in = in;
}

/* Adds to *acc the taps of spatial axes k.. of one window: tap j of axis k reads input
 * position start[k] + j * dilation; positions outside the input read 0 and are skipped. xi
 * and fi are the element offsets of the axes before k. Row-major tap order. */
static void window_sum(const conv_geom *g, uint32_t k, const int64_t *start, size_t xi, size_t fi, double *acc)
{
    nnx_dtype dt = g->in[0].desc.dtype;
    if (k == g->n) {
        *acc += nnx_load_f(dt, g->in[0].data, xi) * nnx_load_f(dt, g->in[1].data, fi);
        return;
    }
    uint32_t ax = 2 + k;
    int64_t d = g->a->dilations[k];
    if (k + 1 < g->n) {
        for (uint32_t j = 0; j < g->f[ax]; j++) {
            int64_t pos = start[k] + (int64_t)j * d;
            if (pos < 0 || pos >= g->x[ax])
                continue;
            window_sum(g, k + 1, start, xi + (uint64_t)pos * g->xs[ax], fi + j * g->fs[ax], acc);
        }
        return;
    }
    /* The last axis: the in-bounds taps are j in [lo, hi), summed in the same order. */
    int64_t lo = start[k] < 0 ? (-start[k] + d - 1) / d : 0, hi = g->f[ax];
    if (start[k] + (hi - 1) * d >= g->x[ax])
        hi = start[k] >= g->x[ax] ? 0 : (g->x[ax] - 1 - start[k]) / d + 1;
    uint64_t xstep = g->xs[ax] * (uint64_t)d, fstep = g->fs[ax];
    xi += (uint64_t)(start[k] + lo * d) * g->xs[ax];
    fi += (uint64_t)lo * fstep;
    if (dt == NNX_FLOAT32) {
        const float *xp = g->in[0].data, *fp = g->in[1].data;
        for (int64_t j = lo; j < hi; j++, xi += xstep, fi += fstep)
            *acc += (double)xp[xi] * (double)fp[fi];
        return;
    }
    for (int64_t j = lo; j < hi; j++, xi += xstep, fi += fstep)
        *acc += nnx_load_f(dt, g->in[0].data, xi) * nnx_load_f(dt, g->in[1].data, fi);
}

/* One output element y[n, o, i...] (logical indices): the sum over the group's input
 * channels and the kernel window of x * filter; the window of output position i starts at
 * i * stride - beginPadding. */
static double conv_point(const conv_geom *g, uint32_t n, uint32_t o, const uint32_t *i)
{
    int64_t start[NNX_MAX_SPATIAL];
    for (uint32_t k = 0; k < g->n; k++)
        start[k] = (int64_t)i[k] * g->a->strides[k] - g->a->pads[2 * k];
    double acc = 0;
    uint32_t group = o / g->out_per_group;
    for (uint32_t c = 0; c < g->f[AX_I]; c++) {
        uint64_t ch = (uint64_t)group * g->f[AX_I] + c; /* input channel */
        window_sum(g, 0, start, n * g->xs[0] + ch * g->xs[1], o * g->fs[AX_O] + c * g->fs[AX_I], &acc);
    }
    return acc;
}

nnx_status nnx_ref_conv(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    const nnx_attr_conv *a = &args->attrs->conv;
    const void *bias = args->n_in > 2 ? in[2].data : NULL;
    nnx_dtype dt = out->desc.dtype;
    conv_geom g;
    conv_geometry(a, in, out, &g);
    if (nnx_shape_elements(out->desc.shape, out->desc.rank) == 0)
        return NNX_OK;
    for (uint32_t n = 0; n < g.y[0]; n++)
        for (uint32_t o = 0; o < g.y[1]; o++) {
            uint32_t i[NNX_MAX_SPATIAL] = {0};
            do {
                double v = conv_point(&g, n, o, i);
                if (bias)
                    v += nnx_load_f(dt, bias, o);
                size_t yi = n * g.ys[0] + o * g.ys[1];
                for (uint32_t k = 0; k < g.n; k++)
                    yi += i[k] * g.ys[2 + k];
                nnx_store_f(dt, out->data, yi, v);
            } while (nnx_index_next(i, g.y + 2, g.n));
        }
    return NNX_OK;
}
