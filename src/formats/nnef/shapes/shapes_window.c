/* shapes_window.c — argument validity and result shapes of the sliding-window operations
 * (NNEF 1.0.2 §4.3: conv, deconv, box, debox, argmax_pool, sample, desample,
 * multilinear_upsample) and the RoI operations (§4.6: avg_roi_pool, max_roi_pool,
 * roi_resample). Formulas: NNEF 1.0.2 §4.3; decisions S5-S7, S13-S15 in shapes.h. */
#include "formats/nnef/shapes/shapes.h"

#include "base/checked.h"

#include <string.h>

/* §4.3 "Border Modes" and the per-operation lists; sample also takes 'ignore' (S7). */
static const char *const borders_all[] = {"ignore", "constant", "replicate", "reflect", "reflect-even", NULL};
static const char *const borders_no_ignore[] = {"constant", "replicate", "reflect", "reflect-even", NULL};
static const char *const border_constant[] = {"constant", NULL};
static const char *const methods[] = {"symmetric", "asymmetric", "aligned", NULL};

/* The window of one op: array item i covers tensor dimension first + i. */
typedef struct window {
    uint32_t n, first;
    int64_t size[NNX_MAX_RANK], stride[NNX_MAX_RANK], dilation[NNX_MAX_RANK], pad[NNX_MAX_RANK][2];
    bool auto_pad;
    bool has_output_shape; /* reverse ops: output_shape given, one item per input dimension */
    int64_t output_shape[NNX_MAX_RANK];
} window;

/* ---- common parameters (§4.3 "Common Parameters", "Argument Validity") -------------- */

/* stride or dilation: n items or [] (all 1s), each positive. */
static nnx_status steps(nnx_nnef_sh *c, const char *arg, const char *unit, uint32_t n, int64_t *out)
{
    uint32_t got = 0;
    nnx_status st = nnx_nnef_sh_ints(c, arg, NNX_MAX_RANK, out, &got);
    if (st == NNX_OK)
        st = nnx_nnef_sh_length(c, arg, got, n, unit, true);
    if (st == NNX_OK)
        st = nnx_nnef_sh_positive(c, arg, out, got);
    for (uint32_t i = got; st == NNX_OK && i < n; i++)
        out[i] = 1;
    return st;
}

/* padding, stride and dilation of a window of w->n dimensions. */
static nnx_status window_params(nnx_nnef_sh *c, window *w, const char *unit)
{
    uint32_t np = 0;
    nnx_status st = nnx_nnef_sh_pairs(c, "padding", NNX_MAX_RANK, w->pad, &np);
    if (st == NNX_OK)
        st = nnx_nnef_sh_length(c, "padding", np, w->n, unit, true);
    if (st == NNX_OK)
        st = steps(c, "stride", unit, w->n, w->stride);
    if (st == NNX_OK)
        st = steps(c, "dilation", unit, w->n, w->dilation);
    w->auto_pad = np == 0;
    return st;
}

/* output_shape of a reverse op: [] or one positive item per input dimension. */
static nnx_status output_shape_param(nnx_nnef_sh *c, window *w, uint32_t rank)
{
    uint32_t n = 0;
    nnx_status st = nnx_nnef_sh_ints(c, "output_shape", NNX_MAX_RANK, w->output_shape, &n);
    if (st == NNX_OK)
        st = nnx_nnef_sh_length(c, "output_shape", n, rank, "the input rank", true);
    if (st == NNX_OK)
        st = nnx_nnef_sh_positive(c, "output_shape", w->output_shape, n);
    w->has_output_shape = n > 0;
    return st;
}

/* ---- extents (§4.3 "Output Shape Calculation", "Automatic Padding Calculation") ------ */

static nnx_status overflow(nnx_nnef_sh *c, uint32_t dim)
{
    return nnx_nnef_sh_fail(c, "window arithmetic overflows in dimension %u", dim);
}

/* f_d = (f - 1) * d + 1 */
static nnx_status dilated(nnx_nnef_sh *c, const window *w, uint32_t i, int64_t *fd)
{
    if (!nnx_nnef_mul_i64(w->size[i] - 1, w->dilation[i], fd) || !nnx_nnef_add_i64(*fd, 1, fd))
        return overflow(c, w->first + i);
    return NNX_OK;
}

/* Down-scaled extent: floor((p + X + q - f_d) / s) + 1 with p + X + q >= f_d, or ceil(X / s)
 * with automatic padding. */
static nnx_status down_extent(nnx_nnef_sh *c, const window *w, uint32_t i, int64_t up, int64_t *down)
{
    int64_t fd, s = w->stride[i], num;
    nnx_status st = dilated(c, w, i, &fd);
    if (st != NNX_OK)
        return st;
    if (w->auto_pad) {
        *down = up / s + (up % s != 0);
        return NNX_OK;
    }
    if (!nnx_nnef_add_i64(w->pad[i][0], up, &num) || !nnx_nnef_add_i64(num, w->pad[i][1], &num))
        return overflow(c, w->first + i);
    if (num < fd)
        return nnx_nnef_sh_fail(c,
                                "padded extent %lld + %lld + %lld = %lld in dimension %u is less than the dilated "
                                "window %lld",
                                (long long)w->pad[i][0], (long long)up, (long long)w->pad[i][1], (long long)num,
                                w->first + i, (long long)fd);
    *down = (num - fd) / s + 1;
    return NNX_OK;
}

/* Up-scaled extent: (x - 1) * s + f_d - (p + q), or x * s with automatic padding (S6). */
static nnx_status up_extent(nnx_nnef_sh *c, const window *w, uint32_t i, int64_t down, int64_t *up)
{
    int64_t fd, t;
    nnx_status st = dilated(c, w, i, &fd);
    if (st != NNX_OK)
        return st;
    if (w->auto_pad)
        return nnx_nnef_mul_i64(down, w->stride[i], up) ? NNX_OK : overflow(c, w->first + i);
    if (!nnx_nnef_mul_i64(down - 1, w->stride[i], &t) || !nnx_nnef_add_i64(t, fd, &t) ||
        !nnx_nnef_sub_i64(t, w->pad[i][0], &t) || !nnx_nnef_sub_i64(t, w->pad[i][1], up))
        return overflow(c, w->first + i);
    return NNX_OK;
}

/* A reverse op's extent: output_shape's item, which must down-scale to the input's extent
 * (§4.3 "output_shape"), or the up-scaled extent. */
static nnx_status reverse_extent(nnx_nnef_sh *c, const window *w, uint32_t i, int64_t down, int64_t *up)
{
    if (!w->has_output_shape)
        return up_extent(c, w, i, down, up);
    int64_t back;
    *up = w->output_shape[w->first + i];
    nnx_status st = down_extent(c, w, i, *up, &back);
    if (st == NNX_OK && back != down)
        return nnx_nnef_sh_fail(c, "output_shape item %u (%lld) down-scales to %lld, not to the input extent %lld",
                                w->first + i, (long long)*up, (long long)back, (long long)down);
    return st;
}

/* Fills out->dim[first .. first + n) from in with the basic or the reverse formula. */
static nnx_status window_extents(nnx_nnef_sh *c, const window *w, bool reverse, const nnx_nnef_shape *in,
                                 nnx_nnef_shape *out)
{
    for (uint32_t i = 0; i < w->n; i++) {
        uint32_t d = w->first + i;
        int64_t e;
        nnx_status st = reverse ? reverse_extent(c, w, i, in->dim[d], &e) : down_extent(c, w, i, in->dim[d], &e);
        if (st == NNX_OK)
            st = nnx_nnef_sh_extent(c, e, "output", d, &out->dim[d]);
        if (st != NNX_OK)
            return st;
    }
    return NNX_OK;
}

/* ---- conv and deconv (§4.3.1) ------------------------------------------------------- */

/* conv: G = groups (0: the input channels) divides filter dim 0; filter dim 1 * G equals
 * the input channels. Output channels = filter dim 0. */
static nnx_status conv_channels(nnx_nnef_sh *c, const nnx_nnef_shape *in, const nnx_nnef_shape *f, int64_t groups,
                                uint32_t *oc)
{
    int64_t g = groups ? groups : (int64_t)in->dim[1];
    uint64_t total;
    if (f->dim[0] % g != 0)
        return nnx_nnef_sh_fail(c, "%lld groups%s do not divide the filter's batch extent %u", (long long)g,
                                groups ? "" : " (groups = 0: one per input channel)", f->dim[0]);
    if (!nnx_mul_u64(f->dim[1], (uint64_t)g, &total) || total != in->dim[1])
        return nnx_nnef_sh_fail(c, "filter channels %u x %lld groups != input channels %u", f->dim[1], (long long)g,
                                in->dim[1]);
    *oc = f->dim[0];
    return NNX_OK;
}

/* deconv (S5, NNEF decision 13): filter dim 0 equals the input channels c; G = groups (0:
 * c) divides c; output channels = filter dim 1 * G. */
static nnx_status deconv_channels(nnx_nnef_sh *c, const nnx_nnef_shape *in, const nnx_nnef_shape *f, int64_t groups,
                                  uint32_t *oc)
{
    int64_t g = groups ? groups : (int64_t)in->dim[1];
    int64_t total;
    if (f->dim[0] != in->dim[1])
        return nnx_nnef_sh_fail(c, "filter batch extent %u != input channels %u", f->dim[0], in->dim[1]);
    if (in->dim[1] % g != 0)
        return nnx_nnef_sh_fail(c, "%lld groups do not divide the input channels %u", (long long)g, in->dim[1]);
    if (!nnx_nnef_mul_i64(f->dim[1], g, &total))
        return overflow(c, 1);
    return nnx_nnef_sh_extent(c, total, "output channel", 1, oc);
}

/* §4.3.1: bias is 1 everywhere except its channel dimension, which is 1 or the output's. */
static nnx_status check_bias(nnx_nnef_sh *c, const nnx_nnef_shape *bias, uint32_t oc)
{
    char buf[NNX_NNEF_SHAPE_STR];
    for (uint32_t d = 0; d < bias->rank; d++) {
        uint32_t e = bias->dim[d];
        if (d == 1 && e != 1 && e != oc)
            return nnx_nnef_sh_fail(c, "bias shape %s: channel extent %u must be 1 or %u (the output channels)",
                                    nnx_nnef_sh_str(bias, buf), e, oc);
        if (d != 1 && e != 1)
            return nnx_nnef_sh_fail(c, "bias shape %s: extent %u in dimension %u must be 1", nnx_nnef_sh_str(bias, buf),
                                    e, d);
    }
    return NNX_OK;
}

/* A given output_shape fixes deconv's batch and channel extents too (S6). */
static nnx_status check_output_shape_channels(nnx_nnef_sh *c, const window *w, const nnx_nnef_shape *out)
{
    for (uint32_t d = 0; d < 2 && w->has_output_shape; d++)
        if (w->output_shape[d] != out->dim[d])
            return nnx_nnef_sh_fail(c, "output_shape item %u (%lld) != the %s extent %u", d,
                                    (long long)w->output_shape[d], d ? "output channel" : "input batch", out->dim[d]);
    return NNX_OK;
}

static nnx_status conv_operands(nnx_nnef_sh *c, nnx_nnef_shape *in, nnx_nnef_shape *f, nnx_nnef_shape *bias,
                                int64_t *groups)
{
    const char *border;
    nnx_status st = nnx_nnef_sh_tensor(c, "input", in);
    if (st == NNX_OK)
        st = nnx_nnef_sh_tensor(c, "filter", f);
    if (st == NNX_OK)
        st = nnx_nnef_sh_tensor(c, "bias", bias);
    if (st == NNX_OK)
        st = nnx_nnef_sh_choice(c, "border", borders_no_ignore, &border);
    if (st == NNX_OK)
        st = nnx_nnef_sh_int(c, "groups", groups);
    if (st != NNX_OK)
        return st;
    if (in->rank < 2)
        return nnx_nnef_sh_fail(c, "input rank %u is less than 2 (batch and channel)", in->rank);
    if (f->rank != in->rank)
        return nnx_nnef_sh_fail(c, "filter rank %u != input rank %u", f->rank, in->rank);
    if (*groups < 0)
        return nnx_nnef_sh_fail(c, "groups %lld is negative", (long long)*groups);
    return NNX_OK;
}

static nnx_status conv_like(nnx_nnef_sh *c, bool reverse)
{
    nnx_nnef_shape in, f, bias, out = {0};
    int64_t groups;
    window w = {0};
    nnx_status st = conv_operands(c, &in, &f, &bias, &groups);
    if (st != NNX_OK)
        return st;
    w.n = in.rank - 2;
    w.first = 2;
    for (uint32_t i = 0; i < w.n; i++)
        w.size[i] = f.dim[2 + i]; /* the filter plays the role of size */
    st = window_params(c, &w, "the number of spatial dimensions");
    if (st == NNX_OK && reverse)
        st = output_shape_param(c, &w, in.rank);
    out.rank = in.rank;
    out.dim[0] = in.dim[0];
    if (st == NNX_OK)
        st = reverse ? deconv_channels(c, &in, &f, groups, &out.dim[1])
                     : conv_channels(c, &in, &f, groups, &out.dim[1]);
    if (st == NNX_OK)
        st = window_extents(c, &w, reverse, &in, &out);
    if (st == NNX_OK && reverse)
        st = check_output_shape_channels(c, &w, &out);
    if (st == NNX_OK)
        st = check_bias(c, &bias, out.dim[1]);
    return st != NNX_OK ? st : nnx_nnef_sh_output(c, "output", &out);
}

nnx_status nnx_nnef_sh_conv(nnx_nnef_sh *c) { return conv_like(c, false); }
nnx_status nnx_nnef_sh_deconv(nnx_nnef_sh *c) { return conv_like(c, true); }

/* ---- box, debox, argmax_pool, sample, desample (§4.3.2, §4.3.3) --------------------- */

/* The window covers every dimension: size has rank items, the other arrays rank or 0. */
static nnx_status full_window(nnx_nnef_sh *c, const nnx_nnef_shape *in, bool reverse, window *w)
{
    uint32_t n = 0;
    w->n = in->rank;
    w->first = 0;
    nnx_status st = nnx_nnef_sh_ints(c, "size", NNX_MAX_RANK, w->size, &n);
    if (st == NNX_OK)
        st = nnx_nnef_sh_length(c, "size", n, in->rank, "the input rank", false);
    if (st == NNX_OK)
        st = nnx_nnef_sh_positive(c, "size", w->size, n);
    if (st == NNX_OK)
        st = window_params(c, w, "the input rank");
    if (st == NNX_OK && reverse)
        st = output_shape_param(c, w, in->rank);
    return st;
}

/* index_of: NULL, or which shape `index` must equal ("output" or "input"). */
static nnx_status pool_like(nnx_nnef_sh *c, const char *const *borders, bool reverse, const char *index_of,
                            const char *res)
{
    nnx_nnef_shape in, out = {0}, index;
    const char *border;
    window w = {0};
    nnx_status st = nnx_nnef_sh_tensor(c, "input", &in);
    if (st == NNX_OK && index_of)
        st = nnx_nnef_sh_tensor(c, "index", &index);
    if (st == NNX_OK)
        st = nnx_nnef_sh_choice(c, "border", borders, &border);
    if (st == NNX_OK)
        st = full_window(c, &in, reverse, &w);
    out.rank = in.rank;
    if (st == NNX_OK)
        st = window_extents(c, &w, reverse, &in, &out);
    if (st != NNX_OK)
        return st;
    const nnx_nnef_shape *want = index_of && strcmp(index_of, "input") == 0 ? &in : &out;
    char a[NNX_NNEF_SHAPE_STR], b[NNX_NNEF_SHAPE_STR];
    if (index_of && !nnx_nnef_shape_equal_trim(&index, want))
        return nnx_nnef_sh_fail(c, "index shape %s != %s shape %s", nnx_nnef_sh_str(&index, a), index_of,
                                nnx_nnef_sh_str(want, b));
    return nnx_nnef_sh_output(c, res, &out);
}

nnx_status nnx_nnef_sh_box(nnx_nnef_sh *c) { return pool_like(c, borders_all, false, NULL, "output"); }
nnx_status nnx_nnef_sh_debox(nnx_nnef_sh *c) { return pool_like(c, borders_all, true, NULL, "output"); }
nnx_status nnx_nnef_sh_argmax_pool(nnx_nnef_sh *c) { return pool_like(c, borders_all, false, NULL, "index"); }
nnx_status nnx_nnef_sh_sample(nnx_nnef_sh *c) { return pool_like(c, borders_all, false, "output", "output"); }
nnx_status nnx_nnef_sh_desample(nnx_nnef_sh *c) { return pool_like(c, border_constant, true, "input", "output"); }

/* ---- multilinear_upsample (§4.3.4) -------------------------------------------------- */

/* One positive factor per spatial dimension (S13); spatial extents x * f. */
nnx_status nnx_nnef_sh_multilinear_upsample(nnx_nnef_sh *c)
{
    nnx_nnef_shape in, out;
    int64_t factor[NNX_MAX_RANK];
    uint32_t n = 0;
    const char *method, *border;
    nnx_status st = nnx_nnef_sh_tensor(c, "input", &in);
    if (st == NNX_OK)
        st = nnx_nnef_sh_choice(c, "method", methods, &method);
    if (st == NNX_OK)
        st = nnx_nnef_sh_choice(c, "border", borders_no_ignore, &border);
    if (st == NNX_OK && in.rank < 2)
        st = nnx_nnef_sh_fail(c, "input rank %u is less than 2 (batch and channel)", in.rank);
    if (st == NNX_OK)
        st = nnx_nnef_sh_ints(c, "factor", NNX_MAX_RANK, factor, &n);
    if (st == NNX_OK)
        st = nnx_nnef_sh_length(c, "factor", n, in.rank - 2, "the number of spatial dimensions", false);
    if (st == NNX_OK)
        st = nnx_nnef_sh_positive(c, "factor", factor, n);
    out = in;
    for (uint32_t i = 0; st == NNX_OK && i < n; i++) {
        int64_t e;
        if (!nnx_nnef_mul_i64(in.dim[2 + i], factor[i], &e))
            return overflow(c, 2 + i);
        st = nnx_nnef_sh_extent(c, e, "output", 2 + i, &out.dim[2 + i]);
    }
    return st != NNX_OK ? st : nnx_nnef_sh_output(c, "output", &out);
}

/* nearest_downsample / area_downsample (native compounds): one positive factor per spatial
 * dimension; each spatial extent X must be a multiple of its factor ("must result in an
 * integer without modulo", NNEF 1.0.2 §4.3.4), which the box of their bodies would not check.
 * Output extents X / f. */
nnx_status nnx_nnef_sh_downsample(nnx_nnef_sh *c)
{
    nnx_nnef_shape in, out;
    int64_t factor[NNX_MAX_RANK];
    uint32_t n = 0;
    nnx_status st = nnx_nnef_sh_tensor(c, "input", &in);
    if (st == NNX_OK && in.rank < 2)
        st = nnx_nnef_sh_fail(c, "input rank %u is less than 2 (batch and channel)", in.rank);
    if (st == NNX_OK)
        st = nnx_nnef_sh_ints(c, "factor", NNX_MAX_RANK, factor, &n);
    if (st == NNX_OK)
        st = nnx_nnef_sh_length(c, "factor", n, in.rank - 2, "the number of spatial dimensions", false);
    if (st == NNX_OK)
        st = nnx_nnef_sh_positive(c, "factor", factor, n);
    out = in;
    for (uint32_t i = 0; st == NNX_OK && i < n; i++) {
        if (in.dim[2 + i] % factor[i] != 0)
            return nnx_nnef_sh_fail(c, "extent %u of dimension %u is not a multiple of the factor %lld", in.dim[2 + i],
                                    2 + i, (long long)factor[i]);
        out.dim[2 + i] = (uint32_t)(in.dim[2 + i] / factor[i]);
    }
    return st != NNX_OK ? st : nnx_nnef_sh_output(c, "output", &out);
}

/* ---- RoI (§4.6) --------------------------------------------------------------------- */

/* rois (N, 2M) and batch_index (N, 1), compared as in S3. */
static nnx_status roi_operands(nnx_nnef_sh *c, uint32_t m, uint32_t *n_rois)
{
    nnx_nnef_shape rois, index, want = {.rank = 2};
    char a[NNX_NNEF_SHAPE_STR], b[NNX_NNEF_SHAPE_STR];
    nnx_status st = nnx_nnef_sh_tensor(c, "rois", &rois);
    if (st == NNX_OK)
        st = nnx_nnef_sh_tensor(c, "batch_index", &index);
    if (st != NNX_OK)
        return st;
    want.dim[0] = rois.rank ? rois.dim[0] : 1;
    want.dim[1] = 2 * m;
    if (!nnx_nnef_shape_equal_trim(&rois, &want))
        return nnx_nnef_sh_fail(c, "rois shape %s != %s (N, 2 x %u spatial dimensions)", nnx_nnef_sh_str(&rois, a),
                                nnx_nnef_sh_str(&want, b), m);
    want.dim[1] = 1;
    if (!nnx_nnef_shape_equal_trim(&index, &want))
        return nnx_nnef_sh_fail(c, "batch_index shape %s != %s (N, 1)", nnx_nnef_sh_str(&index, a),
                                nnx_nnef_sh_str(&want, b));
    *n_rois = want.dim[0];
    return NNX_OK;
}

/* avg_roi_pool, max_roi_pool, roi_resample: output (N, C, output_size...) (S14). */
nnx_status nnx_nnef_sh_roi(nnx_nnef_sh *c)
{
    nnx_nnef_shape in, out;
    int64_t size[NNX_MAX_RANK];
    uint32_t n = 0;
    const char *method;
    nnx_status st = nnx_nnef_sh_tensor(c, "input", &in);
    if (st == NNX_OK && strcmp(c->op->name, "roi_resample") == 0)
        st = nnx_nnef_sh_choice(c, "method", methods, &method);
    if (st == NNX_OK && in.rank < 3)
        st = nnx_nnef_sh_fail(c, "input rank %u is less than 3 (batch, channel and a spatial dimension)", in.rank);
    out = in;
    if (st == NNX_OK)
        st = roi_operands(c, in.rank - 2, &out.dim[0]);
    if (st == NNX_OK)
        st = nnx_nnef_sh_ints(c, "output_size", NNX_MAX_RANK, size, &n);
    if (st == NNX_OK)
        st = nnx_nnef_sh_length(c, "output_size", n, in.rank - 2, "the number of spatial dimensions", false);
    if (st == NNX_OK)
        st = nnx_nnef_sh_positive(c, "output_size", size, n);
    for (uint32_t i = 0; st == NNX_OK && i < n; i++)
        st = nnx_nnef_sh_extent(c, size[i], "output", 2 + i, &out.dim[2 + i]);
    return st != NNX_OK ? st : nnx_nnef_sh_output(c, "output", &out);
}
