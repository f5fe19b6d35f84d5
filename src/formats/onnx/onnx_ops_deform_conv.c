/* onnx_ops_deform_conv.c — ONNX DeformConv (opsets 19, 22), 2-D, composed from core operations:
 * each kernel tap's input is X sampled bilinearly (taps outside the image read 0) at the tap's
 * regular position plus its run-time offset, times the optional mask, via gather_elements over
 * each offset group's flattened image; the sampled columns then meet W in one batched matmul
 * per group (ONNX Operators, DeformConv). */
#include "formats/onnx/onnx_build.h"

/* Columns (N * C * kernel taps * output positions) at most this many elements. */
#define DC_MAX_COLUMNS (UINT64_C(1) << 28)

typedef struct dc_geom {
    uint32_t k[2], s[2], d[2], o[2];
    int64_t pad[2]; /* the leading pads */
} dc_geom;

/* The regular sampling coordinate of axis a for every (tap, output position): [1, 1, T, L]. */
static nnx_status base_coords(ox *c, nnx_dtype dt, const dc_geom *g, uint32_t a, uint32_t *id)
{
    uint32_t T = g->k[0] * g->k[1], L = g->o[0] * g->o[1];
    double *v = ox_calloc(c, (size_t)T * L, sizeof *v);
    if (!v)
        return c->nerr.status;
    for (uint32_t t = 0; t < T; t++)
        for (uint32_t l = 0; l < L; l++) {
            uint32_t tap = a == 0 ? t / g->k[1] : t % g->k[1], pos = a == 0 ? l / g->o[1] : l % g->o[1];
            v[(size_t)t * L + l] = (double)pos * g->s[a] - (double)g->pad[a] + (double)tap * g->d[a];
        }
    nnx_operand_desc d = {NNX_FLOAT64, 4, {1, 1, T, L}};
    nnx_status st = ox_const(c, &d, v, id);
    nnx_mem_free(c->ir->alloc, v);
    CHECK(st);
    return cast(c, *id, dt, id);
}

/* One axis's two taps at coordinates p: indices clamped into [0, len) (int64) and weights, 0 for
 * a tap outside the image. */
static nnx_status axis_taps(ox *c, uint32_t p, uint32_t len, uint32_t idx[2], uint32_t w[2])
{
    uint32_t q0, frac, one;
    CHECK(un(c, NNX_OP_FLOOR, p, &q0));
    CHECK(bin(c, NNX_OP_SUB, p, q0, &frac));
    CHECK(scalar_like(c, frac, 1, &one));
    CHECK(bin(c, NNX_OP_SUB, one, frac, &w[0]));
    w[1] = frac;
    for (int k = 0; k < 2; k++) {
        uint32_t q = q0, lo_ok, hi_ok, in, f;
        if (k)
            CHECK(bin_scalar(c, NNX_OP_ADD, q0, 1, &q));
        CHECK(bin_scalar(c, NNX_OP_GREATER_EQUAL, q, 0, &lo_ok));
        CHECK(bin_scalar(c, NNX_OP_LESS_EQUAL, q, len - 1.0, &hi_ok));
        CHECK(bin(c, NNX_OP_LOGICAL_AND, lo_ok, hi_ok, &in));
        CHECK(cast(c, in, ox_desc(c, p).dtype, &f));
        CHECK(bin(c, NNX_OP_MUL, w[k], f, &w[k]));
        CHECK(bin_scalar(c, NNX_OP_MAX, q, 0, &q));
        CHECK(bin_scalar(c, NNX_OP_MIN, q, len - 1.0, &q));
        CHECK(cast(c, q, NNX_INT64, &idx[k]));
    }
    return NNX_OK;
}

/* An ints attribute of `want` values in [lo, hi] (def for each when absent); the bounds keep
 * the extent arithmetic from overflowing. */
static nnx_status ints_attr(ox *c, const Onnx__NodeProto *n, const char *name, int64_t def, int64_t lo, int64_t hi,
                            int64_t *v, size_t want)
{
    size_t m;
    const int64_t *a = ox_attr_ints(n, name, &m);
    for (size_t i = 0; i < want; i++)
        v[i] = a ? 0 : def;
    if (a && m != want)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "%s has %zu values, expected %zu", name, m, want);
    for (size_t i = 0; a && i < want; i++)
        v[i] = a[i];
    for (size_t i = 0; i < want; i++)
        if (v[i] < lo || v[i] > hi)
            return ox_fail(c, v[i] < lo ? NNX_ERROR_INVALID_ARGUMENT : NNX_ERROR_NOT_SUPPORTED, "%s value %lld", name,
                           (long long)v[i]);
    return NNX_OK;
}

nnx_status nnx_onnx_op_deform_conv(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    nnx_operand_desc xd = ox_desc(c, in[0]), wd = ox_desc(c, in[1]), od = ox_desc(c, in[2]);
    if (xd.rank != 4)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "X of rank %u (2-D DeformConv only)", xd.rank);
    if (!nnx_dtype_is_float(xd.dtype) || wd.rank != 4 || od.rank != 4 || wd.dtype != xd.dtype || od.dtype != xd.dtype)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "needs float X [N, C, H, W], W [OC, C/group, kH, kW], offset");
    int64_t ks[2], st[2], dl[2], pads[4];
    CHECK(ints_attr(c, n, "kernel_shape", 0, 0, 65536, ks, 2));
    if (!ox_attr(n, "kernel_shape"))
        ks[0] = wd.shape[2], ks[1] = wd.shape[3];
    CHECK(ints_attr(c, n, "strides", 1, 1, 65536, st, 2));
    CHECK(ints_attr(c, n, "dilations", 1, 1, 65536, dl, 2));
    CHECK(ints_attr(c, n, "pads", 0, 0, 1 << 24, pads, 4));
    int64_t group = ox_attr_i(n, "group", 1), og = ox_attr_i(n, "offset_group", 1);
    uint32_t N = xd.shape[0], C = xd.shape[1], H = xd.shape[2], W = xd.shape[3], OC = wd.shape[0];
    if (ks[0] != wd.shape[2] || ks[1] != wd.shape[3])
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "kernel_shape differs from W's");
    if (group < 1 || og < 1 || C % group || OC % group || C % og || wd.shape[1] != C / group)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "group %lld, offset_group %lld for %u channels", (long long)group,
                       (long long)og, C);
    dc_geom g = {.k = {(uint32_t)ks[0], (uint32_t)ks[1]},
                 .s = {(uint32_t)st[0], (uint32_t)st[1]},
                 .d = {(uint32_t)dl[0], (uint32_t)dl[1]},
                 .pad = {pads[0], pads[1]}};
    uint32_t len[2] = {H, W};
    for (int a = 0; a < 2; a++) {
        int64_t span = (int64_t)g.d[a] * (g.k[a] - 1) + 1, ext = (int64_t)len[a] + pads[a] + pads[a + 2] - span;
        if (g.k[a] < 1 || ext < 0)
            return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "the kernel exceeds the padded input");
        g.o[a] = (uint32_t)(ext / g.s[a] + 1);
    }
    /* each factor below 2^32, so each product of two fits; the columns' size is then checked */
    uint64_t T64 = (uint64_t)g.k[0] * g.k[1], L64 = (uint64_t)g.o[0] * g.o[1], NC = (uint64_t)N * C;
    if (T64 * L64 > DC_MAX_COLUMNS || NC > DC_MAX_COLUMNS || NC * T64 * L64 > DC_MAX_COLUMNS ||
        (uint64_t)H * W > INT32_MAX)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "the sampled columns are too large");
    uint32_t G = (uint32_t)og, T = (uint32_t)T64, L = (uint32_t)L64, Cg = C / G;
    if (od.shape[0] != N || od.shape[1] != (uint64_t)2 * G * T || od.shape[2] != g.o[0] || od.shape[3] != g.o[1])
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "offset must be [%u, %llu, %u, %u]", N,
                       (unsigned long long)2 * G * T, g.o[0], g.o[1]);
    /* offsets [N, G, T, 2, L] -> per axis [N, G, T, L]; coordinates = base + offset */
    uint32_t off, p[2], s5[5] = {N, G, T, 2, L}, s4[4] = {N, G, T, L};
    CHECK(reshape(c, in[2], 5, s5, &off));
    for (uint32_t a = 0; a < 2; a++) {
        nnx_attrs sl = {.slice = {.starts = {0, 0, 0, a, 0}, .sizes = {N, G, T, 1, L}, .strides = {1, 1, 1, 1, 1}}};
        uint32_t comp, base;
        CHECK(ox_node(c, NNX_OP_SLICE, &off, 1, &sl, 1, &comp));
        CHECK(reshape(c, comp, 4, s4, &comp));
        CHECK(base_coords(c, xd.dtype, &g, a, &base));
        CHECK(bin(c, NNX_OP_ADD, comp, base, &p[a]));
    }
    uint32_t iy[2], wy[2], ix[2], wx[2];
    CHECK(axis_taps(c, p[0], H, iy, wy));
    CHECK(axis_taps(c, p[1], W, ix, wx));
    uint32_t mask = in_or_none(in, n_in, 4);
    if (mask != NNX_NONE) {
        nnx_operand_desc md = ox_desc(c, mask);
        if (md.rank != 4 || md.shape[0] != N || md.shape[1] != (uint64_t)G * T || md.shape[2] != g.o[0] ||
            md.shape[3] != g.o[1])
            return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "mask must be [%u, %u, %u, %u]", N, G * T, g.o[0], g.o[1]);
        CHECK(cast(c, mask, xd.dtype, &mask));
        CHECK(reshape(c, mask, 4, s4, &mask));
    }
    /* X [N, G, Cg, H * W] sampled at the four taps -> columns [N, G, Cg, T * L] */
    uint32_t img, xs[4] = {N, G, Cg, H * W}, ks4[4] = {N, G, 1, T * L}, cols = NNX_NONE, wk;
    CHECK(reshape(c, in[0], 4, xs, &img));
    CHECK(ox_scalar(c, NNX_INT64, W, &wk));
    nnx_attrs ex = {.reshape = {.rank = 4, .shape = {N, G, Cg, T * L}}}, a3 = {.axis = {3}};
    for (int a = 0; a < 2; a++)
        for (int b = 0; b < 2; b++) {
            uint32_t index, weight, v, gi[2];
            CHECK(bin(c, NNX_OP_MUL, iy[a], wk, &index));
            CHECK(bin(c, NNX_OP_ADD, index, ix[b], &index));
            CHECK(bin(c, NNX_OP_MUL, wy[a], wx[b], &weight));
            if (mask != NNX_NONE)
                CHECK(bin(c, NNX_OP_MUL, weight, mask, &weight));
            CHECK(reshape(c, index, 4, ks4, &index));
            CHECK(reshape(c, weight, 4, ks4, &weight));
            gi[0] = img;
            CHECK(ox_node(c, NNX_OP_EXPAND, &index, 1, &ex, 1, &gi[1]));
            CHECK(ox_node(c, NNX_OP_GATHER_ELEMENTS, gi, 2, &a3, 1, &v));
            CHECK(bin(c, NNX_OP_MUL, v, weight, &v));
            if (cols == NNX_NONE)
                cols = v;
            else
                CHECK(bin(c, NNX_OP_ADD, cols, v, &cols));
        }
    /* per group: W [group, OC/group, C/group * T] x columns [N, group, C/group * T, L] */
    uint32_t Gr = (uint32_t)group, cs[4] = {N, Gr, (C / Gr) * T, L}, ws[3] = {Gr, OC / Gr, (C / Gr) * T}, wm, y;
    CHECK(reshape(c, cols, 4, cs, &cols));
    CHECK(reshape(c, in[1], 3, ws, &wm));
    CHECK(bin(c, NNX_OP_MATMUL, wm, cols, &y));
    uint32_t ys[4] = {N, OC, g.o[0], g.o[1]};
    CHECK(reshape(c, y, 4, ys, &y));
    uint32_t bias = in_or_none(in, n_in, 3);
    if (bias == NNX_NONE) {
        out[0] = y;
        return NNX_OK;
    }
    nnx_operand_desc bdd = ox_desc(c, bias);
    if (bdd.rank != 1 || bdd.shape[0] != OC)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "B must be [%u]", OC);
    uint32_t bs[4] = {1, OC, 1, 1};
    CHECK(cast(c, bias, xd.dtype, &bias));
    CHECK(reshape(c, bias, 4, bs, &bias));
    return bin(c, NNX_OP_ADD, y, bias, &out[0]);
}
