/* onnx_ops_grid_sample.c — ONNX GridSample (opsets 16, 20, 22) composed from core operations:
 * X [N, C, D1..Dr] sampled at the grid's normalized points [N, O1..Or, r] (component 0 is the
 * last spatial axis) by nearest (ties to even), linear or cubic (A = -0.75, 2-D) taps, each
 * tap a gather_elements over X's flattened spatial extent weighted by the taps' products.
 * padding_mode zeros gives out-of-range taps weight 0, border clamps, reflection reflects
 * (coordinates for nearest and linear, tap indices for cubic, as the ONNX reference). */
#include "formats/onnx/onnx_build.h"

#include <math.h>

typedef enum { GS_NEAREST, GS_LINEAR, GS_CUBIC } gs_mode;
typedef enum { GS_ZEROS, GS_BORDER, GS_REFLECTION } gs_padding;

typedef struct gs {
    ox *c;
    nnx_dtype dt;
    gs_mode mode;
    gs_padding pad;
    bool corners;
} gs;

static nnx_status k_(gs *g, double v, uint32_t *id) { return ox_scalar(g->c, g->dt, v, id); }

/* x clamped to [lo, hi]. */
static nnx_status clamp_to(gs *g, uint32_t x, double lo, double hi, uint32_t *y)
{
    CHECK(bin_scalar(g->c, NNX_OP_MAX, x, lo, y));
    return bin_scalar(g->c, NNX_OP_MIN, *y, hi, y);
}

/* x reflected into [lo, hi] (a mirror at each end, repeated), then clamped there. */
static nnx_status reflect(gs *g, uint32_t x, double lo, double hi, uint32_t *y)
{
    double span = hi - lo;
    if (span <= 0)
        return clamp_to(g, x, lo, lo, y);
    ox *c = g->c;
    uint32_t d, flips, half, odd, extra, fwd, back, t;
    CHECK(bin_scalar(g->c, NNX_OP_SUB, x, lo, &d));
    CHECK(un(c, NNX_OP_ABS, d, &d));
    CHECK(bin_scalar(g->c, NNX_OP_DIV, d, span, &flips));
    CHECK(un(c, NNX_OP_FLOOR, flips, &flips));
    CHECK(bin_scalar(g->c, NNX_OP_MUL, flips, span, &t));
    CHECK(bin(c, NNX_OP_SUB, d, t, &extra));
    /* odd number of flips: mirrored, hi - extra; even: lo + extra */
    CHECK(bin_scalar(g->c, NNX_OP_MUL, flips, 0.5, &half));
    CHECK(un(c, NNX_OP_FLOOR, half, &half));
    CHECK(bin_scalar(g->c, NNX_OP_MUL, half, 2, &half));
    CHECK(bin(c, NNX_OP_SUB, flips, half, &odd));
    CHECK(bin_scalar(g->c, NNX_OP_ADD, extra, lo, &fwd));
    CHECK(k_(g, hi, &t));
    CHECK(bin(c, NNX_OP_SUB, t, extra, &back));
    CHECK(bin_scalar(g->c, NNX_OP_GREATER, odd, 0.5, &odd));
    uint32_t w[3] = {odd, back, fwd};
    CHECK(ox_node(c, NNX_OP_WHERE, w, 3, NULL, 1, &t));
    return clamp_to(g, t, lo, hi, y);
}

/* The bounds reflection mirrors at: pixel corners or centres. */
static void reflect_bounds(const gs *g, uint32_t len, double *lo, double *hi)
{
    *lo = g->corners ? 0 : -0.5;
    *hi = g->corners ? len - 1.0 : len - 0.5;
}

/* Grid component g (normalized) to a pixel coordinate along an axis of len. */
static nnx_status unnormalize(gs *g, uint32_t v, uint32_t len, uint32_t *p)
{
    CHECK(bin_scalar(g->c, NNX_OP_ADD, v, 1, p));
    if (g->corners)
        return bin_scalar(g->c, NNX_OP_MUL, *p, (len - 1) / 2.0, p);
    CHECK(bin_scalar(g->c, NNX_OP_MUL, *p, len / 2.0, p));
    return bin_scalar(g->c, NNX_OP_SUB, *p, 0.5, p);
}

/* One axis's taps: indices (clamped into the axis, as int64) and weights (0 for a zeros-padded
 * tap outside it). */
typedef struct gs_taps {
    uint32_t n, index[4], weight[4];
} gs_taps;

/* Tap at integer coordinate q (a float tensor) with weight w. */
static nnx_status tap(gs *g, uint32_t q, uint32_t w, uint32_t len, gs_taps *t)
{
    ox *c = g->c;
    uint32_t i = t->n++;
    if (g->mode == GS_CUBIC && g->pad == GS_REFLECTION) {
        double lo, hi;
        reflect_bounds(g, len, &lo, &hi);
        CHECK(reflect(g, q, lo, hi, &q));
        CHECK(un(c, NNX_OP_ROUND_EVEN, q, &q)); /* back onto the integers */
    }
    if (g->pad == GS_ZEROS) {
        uint32_t lo_ok, hi_ok, in, f;
        CHECK(bin_scalar(g->c, NNX_OP_GREATER_EQUAL, q, 0, &lo_ok));
        CHECK(bin_scalar(g->c, NNX_OP_LESS_EQUAL, q, len - 1.0, &hi_ok));
        CHECK(bin(c, NNX_OP_LOGICAL_AND, lo_ok, hi_ok, &in));
        CHECK(cast(c, in, g->dt, &f));
        CHECK(bin(c, NNX_OP_MUL, w, f, &w));
    }
    CHECK(clamp_to(g, q, 0, len - 1.0, &q));
    t->weight[i] = w;
    return cast(c, q, NNX_INT64, &t->index[i]);
}

/* The cubic convolution weight of a tap at distance s (|s| < 2), A = -0.75. */
static nnx_status cubic_weight(gs *g, uint32_t s, uint32_t *w)
{
    const double a = -0.75;
    ox *c = g->c;
    uint32_t x, x2, x3, near, far, t, u, inner;
    CHECK(un(c, NNX_OP_ABS, s, &x));
    CHECK(bin(c, NNX_OP_MUL, x, x, &x2));
    CHECK(bin(c, NNX_OP_MUL, x2, x, &x3));
    /* |s| <= 1: (A + 2)|s|^3 - (A + 3)|s|^2 + 1 */
    CHECK(bin_scalar(g->c, NNX_OP_MUL, x3, a + 2, &t));
    CHECK(bin_scalar(g->c, NNX_OP_MUL, x2, a + 3, &u));
    CHECK(bin(c, NNX_OP_SUB, t, u, &near));
    CHECK(bin_scalar(g->c, NNX_OP_ADD, near, 1, &near));
    /* 1 < |s| < 2: A|s|^3 - 5A|s|^2 + 8A|s| - 4A */
    CHECK(bin_scalar(g->c, NNX_OP_MUL, x3, a, &far));
    CHECK(bin_scalar(g->c, NNX_OP_MUL, x2, 5 * a, &t));
    CHECK(bin(c, NNX_OP_SUB, far, t, &far));
    CHECK(bin_scalar(g->c, NNX_OP_MUL, x, 8 * a, &t));
    CHECK(bin(c, NNX_OP_ADD, far, t, &far));
    CHECK(bin_scalar(g->c, NNX_OP_SUB, far, 4 * a, &far));
    CHECK(bin_scalar(g->c, NNX_OP_LESS_EQUAL, x, 1, &inner));
    uint32_t sel[3] = {inner, near, far};
    return ox_node(c, NNX_OP_WHERE, sel, 3, NULL, 1, w);
}

/* The taps of one axis at coordinate p (float, pixel units). */
static nnx_status axis_taps(gs *g, uint32_t p, uint32_t len, gs_taps *t)
{
    ox *c = g->c;
    t->n = 0;
    if (g->mode != GS_CUBIC && g->pad != GS_ZEROS) {
        double lo = 0, hi = len - 1.0;
        if (g->pad == GS_REFLECTION)
            reflect_bounds(g, len, &lo, &hi);
        CHECK(g->pad == GS_BORDER ? clamp_to(g, p, 0, len - 1.0, &p) : reflect(g, p, lo, hi, &p));
    }
    uint32_t one;
    CHECK(k_(g, 1, &one));
    if (g->mode == GS_NEAREST) {
        uint32_t q;
        CHECK(un(c, NNX_OP_ROUND_EVEN, p, &q));
        return tap(g, q, one, len, t);
    }
    uint32_t x0, frac;
    CHECK(un(c, NNX_OP_FLOOR, p, &x0));
    CHECK(bin(c, NNX_OP_SUB, p, x0, &frac));
    if (g->mode == GS_LINEAR) {
        uint32_t w0, x1;
        CHECK(bin(c, NNX_OP_SUB, one, frac, &w0));
        CHECK(tap(g, x0, w0, len, t));
        CHECK(bin_scalar(g->c, NNX_OP_ADD, x0, 1, &x1));
        return tap(g, x1, frac, len, t);
    }
    for (int o = -1; o <= 2; o++) {
        uint32_t q, s, w;
        CHECK(bin_scalar(g->c, NNX_OP_ADD, x0, o, &q));
        CHECK(bin_scalar(g->c, NNX_OP_SUB, frac, o, &s)); /* distance from the tap: frac - o */
        CHECK(cubic_weight(g, s, &w));
        CHECK(tap(g, q, w, len, t));
    }
    return NNX_OK;
}

nnx_status nnx_onnx_op_grid_sample(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    (void)n_in;
    nnx_operand_desc xd = ox_desc(c, in[0]), gd = ox_desc(c, in[1]);
    uint32_t r = xd.rank >= 3 ? xd.rank - 2 : 0;
    if (r < 1 || r > 3 || gd.rank != r + 2 || gd.shape[0] != xd.shape[0] || gd.shape[r + 1] != r ||
        !nnx_dtype_is_float(xd.dtype) || !nnx_dtype_is_float(gd.dtype))
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "X must be float [N, C, 1 to 3 axes], grid [N, ..., r]");
    char buf[16];
    gs g = {.c = c, .dt = xd.dtype, .corners = ox_attr_i(n, "align_corners", 0) != 0};
    const char *mode = ox_attr_s(n, "mode", c->opset < 20 ? "bilinear" : "linear", buf, sizeof buf);
    if (strcmp(mode, "nearest") == 0)
        g.mode = GS_NEAREST;
    else if (strcmp(mode, "linear") == 0 || strcmp(mode, "bilinear") == 0)
        g.mode = GS_LINEAR;
    else if ((strcmp(mode, "cubic") == 0 || strcmp(mode, "bicubic") == 0) && r == 2)
        g.mode = GS_CUBIC;
    else
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "mode '%s' for %u spatial axes", mode, r);
    const char *pad = ox_attr_s(n, "padding_mode", "zeros", buf, sizeof buf);
    g.pad = strcmp(pad, "zeros") == 0 ? GS_ZEROS : strcmp(pad, "border") == 0 ? GS_BORDER : GS_REFLECTION;
    if (g.pad == GS_REFLECTION && strcmp(pad, "reflection") != 0)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "padding_mode '%s'", pad);
    uint64_t points = 1, S = 1;
    for (uint32_t i = 0; i < r; i++)
        points *= gd.shape[1 + i], S *= xd.shape[2 + i];
    if (points * xd.shape[0] * xd.shape[1] > (1u << 28) || S > INT32_MAX)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "the sampling is too large");
    uint32_t N = xd.shape[0], C = xd.shape[1], xs[3] = {N, C, (uint32_t)S}, flat, grid = in[1];
    CHECK(reshape(c, in[0], 3, xs, &flat));
    CHECK(cast(c, grid, g.dt, &grid));
    /* taps per axis: spatial axis a (0 = D1) reads grid component r - 1 - a */
    gs_taps taps[3];
    uint64_t stride[3], st = 1;
    for (uint32_t a = r; a-- > 0;) {
        stride[a] = st;
        st *= xd.shape[2 + a];
        nnx_attrs sl = {.slice = {.starts = {0}}};
        for (uint32_t i = 0; i < gd.rank; i++)
            sl.slice.sizes[i] = gd.shape[i], sl.slice.strides[i] = 1;
        sl.slice.starts[r + 1] = r - 1 - a, sl.slice.sizes[r + 1] = 1;
        uint32_t comp, p, ps[3] = {N, 1, (uint32_t)points};
        CHECK(ox_node(c, NNX_OP_SLICE, &grid, 1, &sl, 1, &comp));
        CHECK(reshape(c, comp, 3, ps, &comp));
        CHECK(unnormalize(&g, comp, xd.shape[2 + a], &p));
        CHECK(axis_taps(&g, p, xd.shape[2 + a], &taps[a]));
    }
    /* every combination of the axes' taps */
    uint32_t combos = 1, sum = NNX_NONE;
    for (uint32_t a = 0; a < r; a++)
        combos *= taps[a].n;
    nnx_attrs ex = {.reshape = {.rank = 3, .shape = {N, C, (uint32_t)points}}};
    nnx_attrs ax = {.axis = {2}};
    for (uint32_t k = 0; k < combos; k++) {
        uint32_t rest = k, index = NNX_NONE, weight = NNX_NONE, t;
        for (uint32_t a = 0; a < r; a++) {
            uint32_t j = rest % taps[a].n;
            rest /= taps[a].n;
            uint32_t term = taps[a].index[j];
            if (stride[a] != 1) {
                CHECK(ox_scalar(c, NNX_INT64, (double)stride[a], &t));
                CHECK(bin(c, NNX_OP_MUL, term, t, &term));
            }
            if (index == NNX_NONE)
                index = term, weight = taps[a].weight[j];
            else {
                CHECK(bin(c, NNX_OP_ADD, index, term, &index));
                CHECK(bin(c, NNX_OP_MUL, weight, taps[a].weight[j], &weight));
            }
        }
        uint32_t gi[2] = {flat, NNX_NONE}, v;
        CHECK(ox_node(c, NNX_OP_EXPAND, &index, 1, &ex, 1, &gi[1]));
        CHECK(ox_node(c, NNX_OP_GATHER_ELEMENTS, gi, 2, &ax, 1, &v));
        CHECK(bin(c, NNX_OP_MUL, v, weight, &v));
        if (sum == NNX_NONE)
            sum = v;
        else
            CHECK(bin(c, NNX_OP_ADD, sum, v, &sum));
    }
    uint32_t os[NNX_MAX_RANK] = {N, C};
    for (uint32_t i = 0; i < r; i++)
        os[2 + i] = gd.shape[1 + i];
    return reshape(c, sum, r + 2, os, &out[0]);
}
