/* onnx_ops_resize.c — ONNX Resize / Upsample composed from core operations: per axis
 * gathers at load-time indices, weighted by constants: every nearest_mode and
 * coordinate_transformation_mode (tf_crop_and_resize with its roi and extrapolation_value),
 * linear and cubic with or without antialias, the axes and keep_aspect_ratio_policy of
 * Resize-18. Also AffineGrid, the sampling grid of an affine transform. */
#include "formats/onnx/onnx_build.h"

#include "ir/dtypes.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* ---------------------------------------------------------------- Resize */

typedef enum {
    CT_HALF_PIXEL,
    CT_HALF_PIXEL_SYMMETRIC,
    CT_PYTORCH_HALF_PIXEL,
    CT_ALIGN_CORNERS,
    CT_ASYMMETRIC,
    CT_TF_HALF_PIXEL_NN,
    CT_TF_CROP_AND_RESIZE
} ctm;
typedef enum { NM_ROUND_PREFER_FLOOR, NM_ROUND_PREFER_CEIL, NM_FLOOR, NM_CEIL, NM_SIMPLE } nearest_mode;
typedef enum { RM_NEAREST, RM_LINEAR, RM_CUBIC } resize_mode;

typedef struct resize_opts {
    resize_mode mode;
    ctm ct;
    nearest_mode nm;
    double cubic_a;
    bool exclude_outside;
    bool antialias;
    double extrapolation;                                  /* tf_crop_and_resize */
    double roi_start[NNX_MAX_RANK], roi_end[NNX_MAX_RANK]; /* per axis, tf_crop_and_resize */
} resize_opts;

/* out is the resized length before flooring (in * scale when scales are given), as the ONNX
 * reference uses it; out_int the output's length. half_pixel_symmetric (Resize-19) shifts
 * half_pixel by in / 2 * (1 - out_int / out), which centres a floored output. */
static double original_coord(const resize_opts *o, uint32_t axis, double x, double scale, uint32_t in, double out,
                             uint32_t out_int)
{
    double a = o->roi_start[axis], b = o->roi_end[axis];
    switch (o->ct) {
    case CT_TF_CROP_AND_RESIZE:
        return out_int > 1 ? a * (in - 1) + x * (b - a) * (in - 1) / (out_int - 1) : 0.5 * (a + b) * (in - 1);
    case CT_HALF_PIXEL: return (x + 0.5) / scale - 0.5;
    case CT_HALF_PIXEL_SYMMETRIC: return in / 2.0 * (1 - out_int / out) + (x + 0.5) / scale - 0.5;
    case CT_PYTORCH_HALF_PIXEL: return out > 1 ? (x + 0.5) / scale - 0.5 : 0;
    case CT_ALIGN_CORNERS: return out == 1 ? 0 : x * (in - 1) / (out - 1);
    case CT_ASYMMETRIC: return x / scale;
    case CT_TF_HALF_PIXEL_NN: return (x + 0.5) / scale;
    }
    return 0;
}

static int64_t clampi(int64_t v, uint32_t n) { return v < 0 ? 0 : v >= (int64_t)n ? (int64_t)n - 1 : v; }

static void cubic_coeffs(double r, double a, double w[4])
{
    w[0] = ((a * (r + 1) - 5 * a) * (r + 1) + 8 * a) * (r + 1) - 4 * a;
    w[1] = ((a + 2) * r - (a + 3)) * r * r + 1;
    w[2] = ((a + 2) * (1 - r) - (a + 3)) * (1 - r) * (1 - r) + 1;
    w[3] = ((a * ((1 - r) + 1) - 5 * a) * ((1 - r) + 1) + 8 * a) * ((1 - r) + 1) - 4 * a;
}

/* Each axis's output length, scale and length before flooring (Resize-18 axes and
 * keep_aspect_ratio_policy): axes lists the axes sizes / scales are given for (the others
 * keep theirs); with sizes, not_larger / not_smaller take one scale for those axes, the
 * smallest / largest of size / input, and round scale * input half up to the output length. */
typedef struct resize_plan {
    uint32_t out[NNX_MAX_RANK];
    double scale[NNX_MAX_RANK], len[NNX_MAX_RANK];
} resize_plan;

static nnx_status plan_axes(ox *c, const Onnx__NodeProto *n, const nnx_operand_desc *d, bool by_size, const int64_t *sz,
                            const double *sc, uint32_t k, resize_plan *p)
{
    size_t na;
    const int64_t *axes_attr = ox_attr_ints(n, "axes", &na);
    uint32_t axes[NNX_MAX_RANK], mask = 0;
    if (!axes_attr)
        na = d->rank;
    if (na != k || k > d->rank)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "%u scales or sizes for %zu axes of rank %u", k, na, d->rank);
    for (uint32_t i = 0; i < k; i++) {
        if (axes_attr)
            CHECK(axis_of(c, axes_attr[i], d->rank, &axes[i]));
        else
            axes[i] = i;
        if (mask & (1u << axes[i]))
            return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "axis %u repeats", axes[i]);
        mask |= 1u << axes[i];
    }
    for (uint32_t i = 0; i < d->rank; i++)
        p->out[i] = d->shape[i], p->scale[i] = 1, p->len[i] = d->shape[i];
    char buf[16];
    const char *policy = ox_attr_s(n, "keep_aspect_ratio_policy", "stretch", buf, sizeof buf);
    bool stretch = strcmp(policy, "stretch") == 0, larger = strcmp(policy, "not_smaller") == 0;
    if (!stretch && !larger && strcmp(policy, "not_larger") != 0)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "keep_aspect_ratio_policy '%s'", policy);
    double common = larger ? 0 : INFINITY;
    for (uint32_t i = 0; by_size && !stretch && i < k; i++) {
        double r = (double)sz[i] / d->shape[axes[i]];
        common = larger ? fmax(common, r) : fmin(common, r);
    }
    for (uint32_t i = 0; i < k; i++) {
        uint32_t a = axes[i];
        double s;
        int64_t os;
        if (by_size && !stretch) {
            s = common;
            os = ox_f2i(floor(s * d->shape[a] + 0.5));
        } else if (by_size) {
            os = sz[i];
            s = (double)os / d->shape[a];
        } else {
            s = sc[i];
            os = ox_f2i(floor(d->shape[a] * s));
        }
        if (os < 1 || os > UINT32_MAX || !(s > 0))
            return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "output size %lld on axis %u is not supported", (long long)os,
                           a);
        p->out[a] = (uint32_t)os;
        p->scale[a] = s;
        p->len[a] = by_size ? (double)os : d->shape[a] * s;
    }
    return NNX_OK;
}

/* The cubic convolution kernel of |t| with coefficient a (Keys, 1981), as ONNX Resize's
 * cubic mode uses it for antialias. */
static double cubic_kernel(double t, double a)
{
    t = fabs(t);
    if (t <= 1)
        return ((a + 2) * t - (a + 3)) * t * t + 1;
    return t < 2 ? ((a * t - 5 * a) * t + 8 * a) * t - 4 * a : 0;
}

/* The most taps one output point takes: 1 (nearest), 2 (linear), 4 (cubic); with antialias
 * and scale < 1 the filter is stretched by 1 / scale (the ONNX reference's footprints). */
static uint32_t taps_of(const resize_opts *o, double scale)
{
    if (o->mode == RM_NEAREST)
        return 1;
    double s = o->antialias && scale < 1 ? scale : 1;
    int64_t start = ox_f2i(floor((o->mode == RM_LINEAR ? -1.0 : -2.0) / s) + 1);
    return (uint32_t)(2 - 2 * start);
}

/* Output point i's taps (indices into the axis, clamped: the edge padding of the ONNX
 * reference) and weights into idx[k * out + i], w[k * out + i] (k < taps); false when the
 * point lies outside the input (tf_crop_and_resize: the extrapolation value). */
static bool point_taps(const resize_opts *o, uint32_t axis, uint32_t i, uint32_t out, double out_len, double scale,
                       uint32_t in, uint32_t taps, double *idx, double *w)
{
    double xo = original_coord(o, axis, i, scale, in, out_len, out);
    if (o->ct == CT_TF_CROP_AND_RESIZE && (xo < 0 || xo > in - 1))
        return false;
    if (o->mode == RM_NEAREST) {
        double f = floor(xo), v;
        switch (o->nm) {
        case NM_ROUND_PREFER_FLOOR: v = xo - f == 0.5 ? f : round(xo); break;
        case NM_ROUND_PREFER_CEIL: v = xo - f == 0.5 ? f + 1 : round(xo); break;
        case NM_FLOOR: v = f; break;
        case NM_CEIL: v = ceil(xo); break;
        default: v = scale < 1 ? ceil(xo) : f; break;
        }
        idx[i] = (double)clampi(ox_f2i(v), in);
        w[i] = 1;
        return true;
    }
    if (o->antialias) {
        /* the ONNX reference: the point's taps are the integers nearest it, its ratio to the
         * tap below in (0, 1], weights the kernel stretched by 1 / scale, normalised */
        double s = scale < 1 ? scale : 1, f = floor(xo), r = xo - f;
        if (r == 0)
            f -= 1, r = 1;
        int64_t start = 1 - (int64_t)taps / 2;
        double sum = 0;
        for (uint32_t k = 0; k < taps; k++) {
            double t = s * ((double)(start + (int64_t)k) - r);
            double v = o->mode == RM_LINEAR ? fmax(0.0, 1 - fabs(t)) : cubic_kernel(t, o->cubic_a);
            int64_t j = ox_f2i(f) + start + (int64_t)k;
            if (o->exclude_outside && (j < 0 || j >= (int64_t)in))
                v = 0;
            idx[k * out + i] = (double)clampi(j, in);
            w[k * out + i] = v;
            sum += v;
        }
        for (uint32_t k = 0; k < taps && sum != 0; k++)
            w[k * out + i] /= sum;
        return true;
    }
    if (o->mode == RM_LINEAR && o->ct != CT_ALIGN_CORNERS) /* onnxruntime clamps the coordinate */
        xo = xo < 0 ? 0 : xo > in - 1 ? in - 1 : xo;
    double f = floor(xo), r = xo - f;
    if (o->mode == RM_LINEAR) {
        idx[0 * out + i] = (double)clampi(ox_f2i(f), in);
        idx[1 * out + i] = (double)clampi(ox_f2i(f) + 1, in);
        w[0 * out + i] = 1 - r;
        w[1 * out + i] = r;
        return true;
    }
    double cw[4], sum = 0;
    cubic_coeffs(r, o->cubic_a, cw);
    for (int k = 0; k < 4; k++) {
        int64_t j = ox_f2i(f) - 1 + k;
        if (o->exclude_outside && (j < 0 || j >= (int64_t)in))
            cw[k] = 0;
        sum += cw[k];
        idx[k * out + i] = (double)clampi(j, in);
    }
    for (int k = 0; k < 4; k++)
        w[k * out + i] = o->exclude_outside && sum != 0 ? cw[k] / sum : cw[k];
    return true;
}

/* Points outside the input take the extrapolation value: y = where(outside, e, y). */
static nnx_status extrapolate(ox *c, uint32_t y, uint32_t axis, uint32_t out, const double *outside, double e,
                              uint32_t *z)
{
    nnx_operand_desc d = ox_desc(c, y);
    uint32_t m, mb, ev;
    CHECK(ox_axis_const(c, NNX_FLOAT64, d.rank, axis, out, outside, &m));
    CHECK(cast(c, m, NNX_BOOL, &mb));
    CHECK(ox_scalar(c, d.dtype, e, &ev));
    uint32_t w3[3] = {mb, ev, y};
    return ox_node(c, NNX_OP_WHERE, w3, 3, NULL, 1, z);
}

/* Resizes axis `axis` of x to `out` elements: y = sum_k gather(x, idx_k) * w_k. */
static nnx_status resize_axis(ox *c, uint32_t x, uint32_t axis, uint32_t out, double out_len, double scale,
                              const resize_opts *o, uint32_t *y)
{
    nnx_operand_desc d = ox_desc(c, x);
    uint32_t in = d.shape[axis], taps = taps_of(o, scale);
    if (taps > 1024)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "antialias over %u taps per point is not supported", taps);
    double *idx = ox_calloc(c, (size_t)out * (2 * (size_t)taps + 1), sizeof *idx);
    if (!idx)
        return ox_fail(c, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    double *w = idx + (size_t)out * taps, *outside = w + (size_t)out * taps;
    bool any_outside = false;
    for (uint32_t i = 0; i < out; i++)
        if (!point_taps(o, axis, i, out, out_len, scale, in, taps, idx, w))
            outside[i] = 1, any_outside = true;
    nnx_status st = NNX_OK;
    uint32_t acc = NNX_NONE;
    nnx_attrs ga = {.axis = {axis}};
    for (uint32_t k = 0; k < taps && st == NNX_OK; k++) {
        uint32_t ic, g, wc, term;
        double *ik = idx + (size_t)k * out, *wk = w + (size_t)k * out;
        nnx_operand_desc id = {NNX_INT64, 1, {out}};
        int64_t *iv = ox_alloc(c, (size_t)out * 8);
        if (!iv) {
            st = ox_fail(c, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
            break;
        }
        for (uint32_t i = 0; i < out; i++)
            iv[i] = (int64_t)ik[i];
        st = ox_const(c, &id, iv, &ic);
        nnx_mem_free(c->ir->alloc, iv);
        uint32_t gi[2] = {x, ic};
        if (st == NNX_OK)
            st = ox_node(c, NNX_OP_GATHER, gi, 2, &ga, 1, &g);
        if (st != NNX_OK)
            break;
        if (taps == 1) {
            acc = g;
            break;
        }
        if (!nnx_dtype_is_float(d.dtype)) {
            st = ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "interpolating type %s is not supported", nnx_dtype_name(d.dtype));
            break;
        }
        st = ox_axis_const(c, d.dtype == NNX_FLOAT64 ? NNX_FLOAT64 : NNX_FLOAT32, d.rank, axis, out, wk, &wc);
        if (st == NNX_OK && d.dtype != NNX_FLOAT64 && d.dtype != NNX_FLOAT32) {
            nnx_attrs ca = {.cast = {.to = d.dtype}};
            st = ox_node(c, NNX_OP_CAST, &wc, 1, &ca, 1, &wc);
        }
        if (st == NNX_OK)
            st = bin(c, NNX_OP_MUL, g, wc, &term);
        if (st == NNX_OK)
            st = acc == NNX_NONE ? (acc = term, NNX_OK) : bin(c, NNX_OP_ADD, acc, term, &acc);
    }
    if (st == NNX_OK && any_outside)
        st = extrapolate(c, acc, axis, out, outside, o->extrapolation, &acc);
    nnx_mem_free(c->ir->alloc, idx);
    if (st == NNX_OK)
        *y = acc;
    return st;
}

/* tf_crop_and_resize's roi (known at load time): starts then ends, for the `axes` given or
 * for every axis, into o's per-axis roi; extrapolation_value too. */
static nnx_status crop_region(ox *c, const Onnx__NodeProto *n, uint32_t roi, uint32_t rank, resize_opts *o)
{
    if (roi == NNX_NONE)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "tf_crop_and_resize needs roi");
    double v[2 * NNX_MAX_RANK];
    uint32_t k;
    CHECK(ox_doubles(c, roi, "roi", v, 2 * NNX_MAX_RANK, &k));
    size_t na;
    const int64_t *axes = ox_attr_ints(n, "axes", &na);
    if (!axes)
        na = rank;
    if (k != 2 * na || na > rank)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "roi has %u values for %zu axes", k, na);
    for (uint32_t a = 0; a < rank; a++)
        o->roi_start[a] = 0, o->roi_end[a] = 1;
    for (uint32_t i = 0; i < na; i++) {
        uint32_t a = i;
        if (axes)
            CHECK(axis_of(c, axes[i], rank, &a));
        o->roi_start[a] = v[i];
        o->roi_end[a] = v[na + i];
    }
    o->extrapolation = ox_attr_f(n, "extrapolation_value", 0.0f);
    return NNX_OK;
}

static nnx_status resize(ox *c, const Onnx__NodeProto *n, uint32_t x, uint32_t roi, uint32_t scales, uint32_t sizes,
                         bool legacy, uint32_t *y)
{
    nnx_operand_desc d = ox_desc(c, x);
    char buf[64];
    resize_opts o = {.cubic_a = ox_attr_f(n, "cubic_coeff_a", -0.75f),
                     .exclude_outside = ox_attr_i(n, "exclude_outside", 0) != 0};
    const char *mode = ox_attr_s(n, "mode", "nearest", buf, sizeof buf);
    if (strcmp(mode, "nearest") == 0)
        o.mode = RM_NEAREST;
    else if (strcmp(mode, "linear") == 0 || strcmp(mode, "bilinear") == 0)
        o.mode = RM_LINEAR;
    else if (strcmp(mode, "cubic") == 0)
        o.mode = RM_CUBIC;
    else
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "mode '%s' is not supported", mode);
    if (legacy) {
        o.ct = CT_ASYMMETRIC;
        o.nm = NM_SIMPLE;
    } else {
        const char *ct = ox_attr_s(n, "coordinate_transformation_mode", "half_pixel", buf, sizeof buf);
        if (strcmp(ct, "half_pixel") == 0)
            o.ct = CT_HALF_PIXEL;
        else if (strcmp(ct, "half_pixel_symmetric") == 0)
            o.ct = CT_HALF_PIXEL_SYMMETRIC;
        else if (strcmp(ct, "pytorch_half_pixel") == 0)
            o.ct = CT_PYTORCH_HALF_PIXEL;
        else if (strcmp(ct, "align_corners") == 0)
            o.ct = CT_ALIGN_CORNERS;
        else if (strcmp(ct, "asymmetric") == 0)
            o.ct = CT_ASYMMETRIC;
        else if (strcmp(ct, "tf_half_pixel_for_nn") == 0)
            o.ct = CT_TF_HALF_PIXEL_NN;
        else if (strcmp(ct, "tf_crop_and_resize") == 0)
            o.ct = CT_TF_CROP_AND_RESIZE;
        else
            return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "coordinate_transformation_mode '%s' is not supported", ct);
        const char *nm = ox_attr_s(n, "nearest_mode", "round_prefer_floor", buf, sizeof buf);
        if (strcmp(nm, "round_prefer_floor") == 0)
            o.nm = NM_ROUND_PREFER_FLOOR;
        else if (strcmp(nm, "round_prefer_ceil") == 0)
            o.nm = NM_ROUND_PREFER_CEIL;
        else if (strcmp(nm, "floor") == 0)
            o.nm = NM_FLOOR;
        else if (strcmp(nm, "ceil") == 0)
            o.nm = NM_CEIL;
        else
            return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "nearest_mode '%s' is not supported", nm);
    }
    o.antialias = ox_attr_i(n, "antialias", 0) != 0 && o.mode != RM_NEAREST;
    if (o.ct == CT_TF_CROP_AND_RESIZE)
        CHECK(crop_region(c, n, roi, d.rank, &o));
    double sc[NNX_MAX_RANK];
    int64_t sz[NNX_MAX_RANK];
    uint32_t k = 0;
    bool by_size = sizes != NNX_NONE;
    if (by_size)
        CHECK(ox_ints(c, sizes, "sizes", sz, NNX_MAX_RANK, &k));
    else if (scales != NNX_NONE)
        CHECK(ox_doubles(c, scales, "scales", sc, NNX_MAX_RANK, &k));
    else if (legacy && ox_attr(n, "scales")) {
        const Onnx__AttributeProto *a = ox_attr(n, "scales");
        k = (uint32_t)(a->n_floats < NNX_MAX_RANK ? a->n_floats : NNX_MAX_RANK);
        for (uint32_t i = 0; i < k; i++)
            sc[i] = a->floats[i];
    }
    resize_plan p;
    CHECK(plan_axes(c, n, &d, by_size, sz, sc, k, &p));
    uint32_t v = x;
    for (uint32_t i = 0; i < d.rank; i++) {
        if (p.out[i] == d.shape[i] && p.scale[i] == 1 &&
            (o.ct != CT_TF_CROP_AND_RESIZE || (o.roi_start[i] == 0 && o.roi_end[i] == 1)))
            continue;
        CHECK(resize_axis(c, v, i, p.out[i], p.len[i], p.scale[i], &o, &v));
    }
    *y = v;
    return NNX_OK;
}

nnx_status nnx_onnx_op_resize(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    if (strcmp(n->op_type, "Upsample") == 0 || c->opset < 11)
        return resize(c, n, in[0], NNX_NONE, n_in > 1 ? in[1] : NNX_NONE, NNX_NONE, true, &out[0]);
    return resize(c, n, in[0], n_in > 1 ? in[1] : NNX_NONE, n_in > 2 ? in[2] : NNX_NONE, n_in > 3 ? in[3] : NNX_NONE,
                  false, &out[0]);
}

/* ---------------------------------------------------------------- AffineGrid */

/* Normalized coordinate i of n along an axis (AffineGrid-20): align_corners 0 takes pixel
 * centres, (2 i + 1) / n - 1; 1 the corners, 2 i / (n - 1) - 1 (0 for n = 1). */
static double grid_coord(uint32_t i, uint32_t n, bool corners)
{
    if (corners)
        return n > 1 ? 2.0 * i / (n - 1) - 1 : 0;
    return (2.0 * i + 1) / n - 1;
}

/* AffineGrid (opset 20): the sampling grid [N, (D,) H, W, k] of theta [N, k, k + 1] over
 * the output size [N, C, (D,) H, W] (known at load time): every point's normalized
 * (x, y(, z), 1) times theta^T, one matmul over a constant base grid. */
nnx_status nnx_onnx_op_affine_grid(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    (void)n_in;
    nnx_operand_desc td = ox_desc(c, in[0]);
    int64_t size[5];
    uint32_t k, dims;
    CHECK(ox_ints(c, in[1], "size", size, 5, &k));
    dims = k - 2; /* spatial axes: 2 or 3 */
    if ((k != 4 && k != 5) || td.rank != 3 || td.shape[1] != dims || td.shape[2] != dims + 1 ||
        size[0] != td.shape[0] || !nnx_dtype_is_float(td.dtype))
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "theta must be [N, %u, %u] for a size of %u values", k - 2, k - 1,
                       k);
    uint64_t points = 1;
    for (uint32_t i = 2; i < k; i++) {
        if (size[i] < 1 || size[i] > 65536)
            return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "size %lld on axis %u", (long long)size[i], i);
        points *= (uint64_t)size[i];
    }
    if (points * (dims + 1) > (1u << 24))
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "the grid is too large");
    bool corners = ox_attr_i(n, "align_corners", 0) != 0;
    double *base = ox_alloc(c, (size_t)points * (dims + 1) * sizeof *base);
    if (!base)
        return ox_fail(c, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    for (uint64_t p = 0; p < points; p++) {
        uint64_t rest = p;
        /* the last spatial axis (W) varies fastest and is x, the first coordinate */
        for (uint32_t a = 0; a < dims; a++) {
            uint32_t len = (uint32_t)size[k - 1 - a];
            base[p * (dims + 1) + a] = grid_coord((uint32_t)(rest % len), len, corners);
            rest /= len;
        }
        base[p * (dims + 1) + dims] = 1;
    }
    uint32_t b, tt, g;
    nnx_operand_desc bd = {NNX_FLOAT64, 3, {1, (uint32_t)points, dims + 1}};
    nnx_status st = ox_const(c, &bd, base, &b);
    nnx_mem_free(c->ir->alloc, base);
    CHECK(st);
    CHECK(cast(c, b, td.dtype, &b));
    uint32_t perm[3] = {0, 2, 1};
    CHECK(transpose(c, in[0], perm, &tt));
    CHECK(bin(c, NNX_OP_MATMUL, b, tt, &g)); /* [N, points, dims] */
    uint32_t shape[5] = {td.shape[0]}, r = 1;
    for (uint32_t i = 2; i < k; i++)
        shape[r++] = (uint32_t)size[i];
    shape[r++] = dims;
    return reshape(c, g, r, shape, &out[0]);
}
