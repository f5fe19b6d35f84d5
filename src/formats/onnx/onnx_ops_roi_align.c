/* onnx_ops_roi_align.c — ONNX RoiAlign (opsets 10, 16, 22) composed from core operations: the
 * rois' sampling points are computed at run time, each bilinear tap a gather_elements over the
 * roi's image (X gathered by batch_indices) with its flattened spatial index and weight; avg
 * sums the weighted taps and divides by the samples per bin, max takes the largest weighted
 * tap (ONNX Operators, RoiAlign; the reference's max mode, which weights before the max). */
#include "formats/onnx/onnx_build.h"

/* Bins of at most this many samples each (sampling_ratio): the graph grows with it. */
#define RA_MAX_SAMPLING 64

/* One axis's two taps at sampling coordinates p ([K, L] or [K, 1, L]): clamped int64 indices
 * and weights, both weights 0 for a point outside [-1, len]. */
typedef struct ra_taps {
    uint32_t lo, hi, w_lo, w_hi;
} ra_taps;

static nnx_status axis_taps(ox *c, uint32_t p, uint32_t len, ra_taps *t)
{
    uint32_t lo_ok, hi_ok, valid, q, edge, ql, qh, frac, one, sel[3];
    CHECK(bin_scalar(c, NNX_OP_GREATER_EQUAL, p, -1, &lo_ok));
    CHECK(bin_scalar(c, NNX_OP_LESS_EQUAL, p, len, &hi_ok));
    CHECK(bin(c, NNX_OP_LOGICAL_AND, lo_ok, hi_ok, &valid));
    CHECK(cast(c, valid, ox_desc(c, p).dtype, &valid));
    CHECK(bin_scalar(c, NNX_OP_MAX, p, 0, &q));
    CHECK(un(c, NNX_OP_FLOOR, q, &ql));
    /* at or past the last pixel: both taps on it, the point moved there */
    CHECK(bin_scalar(c, NNX_OP_GREATER_EQUAL, ql, len - 1.0, &edge));
    CHECK(bin_scalar(c, NNX_OP_MIN, ql, len - 1.0, &ql));
    CHECK(bin_scalar(c, NNX_OP_ADD, ql, 1, &qh));
    CHECK(bin_scalar(c, NNX_OP_MIN, qh, len - 1.0, &qh));
    sel[0] = edge, sel[1] = ql, sel[2] = q;
    CHECK(ox_node(c, NNX_OP_WHERE, sel, 3, NULL, 1, &q));
    CHECK(bin(c, NNX_OP_SUB, q, ql, &frac));
    CHECK(scalar_like(c, frac, 1, &one));
    CHECK(bin(c, NNX_OP_SUB, one, frac, &t->w_lo));
    CHECK(bin(c, NNX_OP_MUL, t->w_lo, valid, &t->w_lo));
    CHECK(bin(c, NNX_OP_MUL, frac, valid, &t->w_hi));
    CHECK(cast(c, ql, NNX_INT64, &t->lo));
    return cast(c, qh, NNX_INT64, &t->hi);
}

/* The sampling coordinates of one axis, [K, bins * grid]: start + b * size + (g + 0.5) * size / grid
 * for bin b and sample g, with start and size [K, 1]. */
static nnx_status sample_points(ox *c, uint32_t start, uint32_t size, uint32_t bins, uint32_t grid, uint32_t *p)
{
    nnx_dtype dt = ox_desc(c, start).dtype;
    uint32_t L = bins * grid, b_at, g_at, t, u;
    double *bv = ox_calloc(c, (size_t)L * 2, sizeof *bv);
    if (!bv)
        return c->nerr.status;
    for (uint32_t b = 0; b < bins; b++)
        for (uint32_t g = 0; g < grid; g++)
            bv[b * grid + g] = b, bv[L + b * grid + g] = g + 0.5;
    nnx_status st = ox_axis_const(c, NNX_FLOAT64, 2, 1, L, bv, &b_at);
    if (st == NNX_OK)
        st = ox_axis_const(c, NNX_FLOAT64, 2, 1, L, bv + L, &g_at);
    nnx_mem_free(c->ir->alloc, bv);
    CHECK(st);
    CHECK(cast(c, b_at, dt, &b_at)); /* small integers and halves: exact in every float type */
    CHECK(cast(c, g_at, dt, &g_at));
    CHECK(bin(c, NNX_OP_MUL, b_at, size, &t));
    CHECK(bin(c, NNX_OP_ADD, start, t, &t));
    CHECK(bin(c, NNX_OP_MUL, g_at, size, &u));
    CHECK(bin_scalar(c, NNX_OP_DIV, u, grid, &u));
    return bin(c, NNX_OP_ADD, t, u, p);
}

/* Column j of rois [K, 4], times scale, minus offset: [K, 1]. */
static nnx_status roi_column(ox *c, uint32_t rois, uint32_t K, uint32_t j, double scale, double offset, uint32_t *y)
{
    nnx_attrs sl = {.slice = {.starts = {0, j}, .sizes = {K, 1}, .strides = {1, 1}}};
    CHECK(ox_node(c, NNX_OP_SLICE, &rois, 1, &sl, 1, y));
    CHECK(bin_scalar(c, NNX_OP_MUL, *y, scale, y));
    return bin_scalar(c, NNX_OP_SUB, *y, offset, y);
}

nnx_status nnx_onnx_op_roi_align(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    (void)n_in;
    nnx_operand_desc xd = ox_desc(c, in[0]), rd = ox_desc(c, in[1]), bd = ox_desc(c, in[2]);
    if (xd.rank != 4 || !nnx_dtype_is_float(xd.dtype) || rd.rank != 2 || rd.shape[1] != 4 || bd.rank != 1 ||
        bd.shape[0] != rd.shape[0] || nnx_dtype_is_float(bd.dtype))
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "needs X [N, C, H, W], rois [K, 4], batch_indices [K]");
    char buf[24];
    const char *ctm = ox_attr_s(n, "coordinate_transformation_mode", c->opset < 16 ? "output_half_pixel" : "half_pixel",
                                buf, sizeof buf);
    bool half = strcmp(ctm, "half_pixel") == 0;
    if (!half && strcmp(ctm, "output_half_pixel") != 0)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "coordinate_transformation_mode '%s'", ctm);
    char mbuf[8];
    const char *mode = ox_attr_s(n, "mode", "avg", mbuf, sizeof mbuf);
    bool is_max = strcmp(mode, "max") == 0;
    if (!is_max && strcmp(mode, "avg") != 0)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "mode '%s'", mode);
    int64_t PH = ox_attr_i(n, "output_height", 1), PW = ox_attr_i(n, "output_width", 1);
    int64_t ratio = ox_attr_i(n, "sampling_ratio", 0);
    double scale = ox_attr_f(n, "spatial_scale", 1.0f);
    if (PH < 1 || PW < 1 || PH > 4096 || PW > 4096)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "output_height %lld, output_width %lld", (long long)PH,
                       (long long)PW);
    /* 0 (adaptive) makes the number of samples depend on the rois' values */
    if (ratio < 1 || ratio > RA_MAX_SAMPLING)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "sampling_ratio %lld (1 to %d are supported)", (long long)ratio,
                       RA_MAX_SAMPLING);
    uint32_t K = rd.shape[0], C = xd.shape[1], H = xd.shape[2], W = xd.shape[3], G = (uint32_t)ratio;
    uint64_t LH = (uint64_t)PH * G, LW = (uint64_t)PW * G, P = LH * LW;
    if (P > (1u << 28) || (uint64_t)K * C > (1u << 28) || P * K * C > (1u << 28) || (uint64_t)H * W > INT32_MAX)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "the sampling is too large");
    /* the image of each roi, [K, C, H * W] */
    uint32_t flat, xs[3] = {xd.shape[0], C, H * W}, bi, img;
    CHECK(reshape(c, in[0], 3, xs, &flat));
    CHECK(cast(c, in[2], NNX_INT64, &bi));
    uint32_t gi[2] = {flat, bi};
    nnx_attrs a0 = {.axis = {0}};
    CHECK(ox_node(c, NNX_OP_GATHER, gi, 2, &a0, 1, &img));
    /* the rois' corners and bins */
    double off = half ? 0.5 : 0;
    uint32_t rois, x1, y1, x2, y2, rw, rh, bw, bh, py, px;
    CHECK(cast(c, in[1], xd.dtype, &rois));
    CHECK(roi_column(c, rois, K, 0, scale, off, &x1));
    CHECK(roi_column(c, rois, K, 1, scale, off, &y1));
    CHECK(roi_column(c, rois, K, 2, scale, off, &x2));
    CHECK(roi_column(c, rois, K, 3, scale, off, &y2));
    CHECK(bin(c, NNX_OP_SUB, x2, x1, &rw));
    CHECK(bin(c, NNX_OP_SUB, y2, y1, &rh));
    if (!half) { /* the legacy mode makes each roi at least 1 x 1 */
        CHECK(bin_scalar(c, NNX_OP_MAX, rw, 1, &rw));
        CHECK(bin_scalar(c, NNX_OP_MAX, rh, 1, &rh));
    }
    CHECK(bin_scalar(c, NNX_OP_DIV, rw, (double)PW, &bw));
    CHECK(bin_scalar(c, NNX_OP_DIV, rh, (double)PH, &bh));
    CHECK(sample_points(c, y1, bh, (uint32_t)PH, G, &py));
    CHECK(sample_points(c, x1, bw, (uint32_t)PW, G, &px));
    uint32_t ys[3] = {K, (uint32_t)LH, 1}, xs2[3] = {K, 1, (uint32_t)LW};
    CHECK(reshape(c, py, 3, ys, &py));
    CHECK(reshape(c, px, 3, xs2, &px));
    ra_taps ty, tx;
    CHECK(axis_taps(c, py, H, &ty));
    CHECK(axis_taps(c, px, W, &tx));
    /* the four taps: [K, 1, P] indices into H * W and weights */
    uint32_t iy[2] = {ty.lo, ty.hi}, wy[2] = {ty.w_lo, ty.w_hi}, ix[2] = {tx.lo, tx.hi}, wx[2] = {tx.w_lo, tx.w_hi};
    uint32_t acc = NNX_NONE, ks[3] = {K, 1, (uint32_t)P}, wk;
    nnx_attrs ex = {.reshape = {.rank = 3, .shape = {K, C, (uint32_t)P}}}, a2 = {.axis = {2}};
    CHECK(ox_scalar(c, NNX_INT64, W, &wk));
    for (int a = 0; a < 2; a++)
        for (int b = 0; b < 2; b++) {
            uint32_t index, weight, v, g2[2];
            CHECK(bin(c, NNX_OP_MUL, iy[a], wk, &index));
            CHECK(bin(c, NNX_OP_ADD, index, ix[b], &index));
            CHECK(bin(c, NNX_OP_MUL, wy[a], wx[b], &weight));
            CHECK(reshape(c, index, 3, ks, &index));
            CHECK(reshape(c, weight, 3, ks, &weight));
            g2[0] = img;
            CHECK(ox_node(c, NNX_OP_EXPAND, &index, 1, &ex, 1, &g2[1]));
            CHECK(ox_node(c, NNX_OP_GATHER_ELEMENTS, g2, 2, &a2, 1, &v));
            CHECK(bin(c, NNX_OP_MUL, v, weight, &v));
            if (acc == NNX_NONE)
                acc = v;
            else
                CHECK(bin(c, is_max ? NNX_OP_MAX : NNX_OP_ADD, acc, v, &acc));
        }
    /* [K, C, PH, G, PW, G] -> the bins */
    uint32_t s6[6] = {K, C, (uint32_t)PH, G, (uint32_t)PW, G};
    CHECK(reshape(c, acc, 6, s6, &acc));
    if (is_max)
        return reduce(c, NNX_OP_REDUCE_MAX, acc, (1u << 3) | (1u << 5), false, &out[0]);
    CHECK(reduce(c, NNX_OP_REDUCE_SUM, acc, (1u << 3) | (1u << 5), false, &acc));
    return bin_scalar(c, NNX_OP_DIV, acc, (double)G * G, &out[0]);
}
