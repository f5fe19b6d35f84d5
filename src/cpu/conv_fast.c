/* conv_fast.c — 2-D float32 convolution (nchw input, oihw filter, any padding sign, strides,
 * dilations, groups) as GEMM per image and group: out[O/g, OH*OW] = W[O/g, C/g*KH*KW] ·
 * cols[C/g*KH*KW, OH*OW], where cols, the input windows (zeros where a window leaves the
 * input), is packed block by block straight from the image by the GEMM's B packer and
 * never stored whole. A 1x1, stride-1, unpadded convolution multiplies the input itself,
 * a strided one a subsampled copy of it.
 * Bias, fused residual and activation are applied to each block of the output as the GEMM
 * finishes it. With few input channels (a network's first convolution: C*KH*KW <= 256) and
 * AVX-512 the windows are not packed at all but read in place from a padded, phase-split
 * copy of the image. Depthwise convolutions (one input channel per group) run in
 * depthwise_fast.c instead. */
#include "cpu/clamp_simd.h"
#include "cpu/fma_bcast.h"
#include "cpu/gemm.h"
#include "cpu/isa.h"
#include "cpu/kernels.h"
#include "cpu/rowbuf.h"
#include "base/checked.h"

#include <string.h>

typedef struct conv2d {
    size_t N, C, H, W, O, KH, KW, OH, OW, groups, cg, og;
    int64_t sh, sw, dh, dw, pt, pl;
} conv2d;

static conv2d geometry(const nnx_attr_conv *a, const nnx_operand_desc *x, const nnx_operand_desc *y, size_t kh,
                       size_t kw)
{
    conv2d g = {
        .N = x->shape[0],
        .C = x->shape[1],
        .H = x->shape[2],
        .W = x->shape[3],
        .O = y->shape[1],
        .KH = kh,
        .KW = kw,
        .OH = y->shape[2],
        .OW = y->shape[3],
        .groups = a->groups ? a->groups : 1,
        .sh = a->strides[0],
        .sw = a->strides[1],
        .dh = a->dilations[0],
        .dw = a->dilations[1],
        .pt = a->pads[0],
        .pl = a->pads[2],
    };
    g.cg = g.C / g.groups;
    g.og = g.O / g.groups;
    return g;
}

static bool pointwise(const conv2d *g)
{
    return g->KH == 1 && g->KW == 1 && g->sh == 1 && g->sw == 1 && g->pt == 0 && g->pl == 0 && g->OH == g->H &&
        g->OW == g->W;
}

/* A strided 1x1 convolution without leading padding (a residual network's downsampling):
 * its windows are single pixels, so the product reads a subsampled copy of the input as a
 * plain matrix, packed like a pointwise convolution's, instead of packing windows. */
static bool subsampled(const conv2d *g)
{
    return g->KH == 1 && g->KW == 1 && g->pt == 0 && g->pl == 0 && (g->sh > 1 || g->sw > 1) &&
        (g->OH - 1) * (size_t)g->sh < g->H && (g->OW - 1) * (size_t)g->sw < g->W; /* no trailing zeros */
}

/* The GEMM's B operand packed straight from the image (nnx_gemm_io.pack_b): row k = (c, kh,
 * kw) of the windows of image n, group grp, column j = (oh, ow), zeros where a window
 * leaves the input — the im2col matrix, never stored whole. With a column stride s > 1 the
 * packer reads a phase-split copy of the input instead (split_phases), where the columns a
 * window row needs are contiguous. */
typedef struct window_packer {
    const conv2d *g;
    const float *x;     /* channel 0 of the group in image n */
    const float *split; /* s > 1: its phase-split copy; NULL: read x */
    size_t wq;          /* the length of a phase row: ceil(W / s) */
} window_packer;

/* A run of a panel's columns within one output row: columns [at, at + n) of the panel are
 * outputs (oh, ow .. ow + n - 1). */
typedef struct column_run {
    uint32_t at, n;
    int64_t oh, ow;
} column_run;

/* split[((c * H + h) * s + p) * wq + q] = x[c][h][q * s + p]: row h of channel c as its s
 * phases (columns p, p + s, ...) one after another (the tail of a short phase is unused). */
typedef struct phase_job {
    const conv2d *g;
    const float *x;
    float *split;
    size_t wq;
} phase_job;

static void split_channel(void *arg, size_t c)
{
    const phase_job *j = arg;
    const conv2d *g = j->g;
    size_t s = (size_t)g->sw;
    for (size_t h = 0; h < g->H; h++) {
        const float *src = j->x + (c * g->H + h) * g->W;
        float *dst = j->split + (c * g->H + h) * s * j->wq;
        if (s == 2) { /* both phases in one pass (vectorised as an interleaved load) */
            size_t pairs = g->W / 2;
            for (size_t q = 0; q < pairs; q++) {
                dst[q] = src[2 * q];
                dst[j->wq + q] = src[2 * q + 1];
            }
            if (g->W % 2)
                dst[pairs] = src[g->W - 1];
            continue;
        }
        for (size_t p = 0; p < s; p++, dst += j->wq)
            for (size_t q = 0, w = p; w < g->W; q++, w += s)
                dst[q] = src[w];
    }
}

/* dst[t] = row[q + t] for t < n where 0 <= q + t < len, else 0. */
static inline void copy_run(const float *row, int64_t len, int64_t q, size_t n, float *dst)
{
    int64_t lo = q < 0 ? -q : 0, hi = len - q < (int64_t)n ? len - q : (int64_t)n; /* [lo, hi): inside */
    if (lo >= hi) {
        memset(dst, 0, n * sizeof *dst);
        return;
    }
    for (int64_t t = 0; t < lo; t++)
        dst[t] = 0.0f;
    memcpy(dst + lo, row + q + lo, (size_t)(hi - lo) * sizeof *dst);
    for (size_t t = (size_t)hi; t < n; t++)
        dst[t] = 0.0f;
}

/* A window column offset dw (kw * dilation - left padding) in the phase-split copy: phase
 * dw mod s, and dw's whole phase steps, floor(dw / s) (the same for every output column,
 * whose own offset ow * s is whole steps). */
typedef struct column_phase {
    int64_t phase, steps, len; /* len: the phase's columns */
} column_phase;

static column_phase phase_of(const conv2d *g, int64_t dw)
{
    int64_t s = g->sw, phase = ((dw % s) + s) % s;
    return (column_phase){phase, (dw - phase) / s, phase < (int64_t)g->W ? ((int64_t)g->W - phase + s - 1) / s : 0};
}

/* dst[t] = the input at row ih, column ow * sw + dw + t * sw of channel c, for t < n (0
 * outside); cp: dw's phase when the packer reads the phase-split copy. */
static inline void window_run(const window_packer *p, size_t c, int64_t ih, int64_t ow, int64_t dw,
                              const column_phase *cp, size_t n, float *dst)
{
    const conv2d *g = p->g;
    if (ih < 0 || ih >= (int64_t)g->H) {
        memset(dst, 0, n * sizeof *dst);
        return;
    }
    if (!p->split) {
        copy_run(p->x + (c * g->H + (size_t)ih) * g->W, (int64_t)g->W, ow * g->sw + dw, n, dst);
        return;
    }
    size_t s = (size_t)g->sw;
    copy_run(p->split + ((c * g->H + (size_t)ih) * s + (size_t)cp->phase) * p->wq, cp->len, ow + cp->steps, n, dst);
}

#define PHASE_TABLE 16 /* window widths whose column phases are worked out once per call */

static void pack_windows(const void *ctx, size_t k0, size_t kc, size_t j0, size_t nc, unsigned nr, float *pb)
{
    const window_packer *p = ctx;
    const conv2d *g = p->g;
    column_run runs[64];              /* a panel (nr <= 32 columns) spans at most nr rows */
    column_phase phases[PHASE_TABLE]; /* dw's phase for each kw, when the copy is phase-split */
    bool table = p->split && g->KW <= PHASE_TABLE;
    for (size_t kw = 0; table && kw < g->KW; kw++)
        phases[kw] = phase_of(g, (int64_t)kw * g->dw - g->pl);
    for (size_t jr = 0; jr < nc; jr += nr) {
        size_t cols = nc - jr < nr ? nc - jr : nr, n_runs = 0, first = j0 + jr;
        for (size_t done = 0, oh = first / g->OW, ow = first % g->OW; done < cols; oh++, ow = 0) {
            size_t n = g->OW - ow < cols - done ? g->OW - ow : cols - done;
            runs[n_runs++] = (column_run){(uint32_t)done, (uint32_t)n, (int64_t)oh, (int64_t)ow};
            done += n;
        }
        size_t c = k0 / (g->KH * g->KW), kh = k0 / g->KW % g->KH, kw = k0 % g->KW;
        for (size_t k = 0; k < kc; k++, pb += nr) {
            int64_t dh = (int64_t)kh * g->dh - g->pt, dw = (int64_t)kw * g->dw - g->pl;
            column_phase cp = table ? phases[kw] : p->split ? phase_of(g, dw) : (column_phase){0, 0, 0};
            for (size_t r = 0; r < n_runs; r++)
                window_run(p, c, runs[r].oh * g->sh + dh, runs[r].ow, dw, &cp, runs[r].n, pb + runs[r].at);
            for (size_t t = cols; t < nr; t++)
                pb[t] = 0.0f;
            if (++kw == g->KW) { /* the next row k = (c, kh, kw) */
                kw = 0;
                if (++kh == g->KH) {
                    kh = 0;
                    c++;
                }
            }
        }
    }
}

typedef struct subsample_job {
    const conv2d *g;
    const float *x;
    float *out;
} subsample_job;

/* out[c][oh][ow] = x[c][oh * sh][ow * sw] for channel c of the group. */
static void subsample_channel(void *arg, size_t c)
{
    const subsample_job *j = arg;
    const conv2d *g = j->g;
    float *dst = j->out + c * g->OH * g->OW;
    for (size_t oh = 0; oh < g->OH; oh++, dst += g->OW) {
        const float *src = j->x + (c * g->H + oh * (size_t)g->sh) * g->W;
        for (size_t ow = 0; ow < g->OW; ow++)
            dst[ow] = src[ow * (size_t)g->sw];
    }
}

/* The scratch floats for one image and group: the phase-split copy (strided, not 1x1) or
 * the subsampled input (strided 1x1); 0 otherwise. */
static bool split_floats(const conv2d *g, size_t *floats)
{
    *floats = 0;
    if (subsampled(g))
        return nnx_mul_size(g->cg * g->OH, g->OW, floats);
    if (g->sw <= 1 || pointwise(g))
        return true;
    size_t wq = (g->W + (size_t)g->sw - 1) / (size_t)g->sw;
    return nnx_mul_size(g->cg * g->H, (size_t)g->sw * wq, floats);
}

/* ---- windows read in place: few input channels (a network's first convolution) ----------
 * With K = C*KH*KW <= 256 the packing of windows costs a third of the product, so the
 * windows are not packed: a zero-padded, phase-split copy of the image (row r, phase p of
 * channel c: padded columns p, p + s, ...) makes window row k of 32 outputs in one output
 * row 32 contiguous floats at a fixed offset from the panel's start, and an 8 x 32 AVX-512
 * micro-kernel reads them there. Same sums (k order, FMA) and epilogue as the GEMM path. */
#define DIRECT_K_MAX 256

typedef struct direct_geom {
    size_t HP, WQ; /* padded rows; floats per phase row (with 32 floats of slack) */
} direct_geom;

static direct_geom direct_geometry(const conv2d *g)
{
    size_t s = (size_t)g->sw, span = (g->OW - 1) * s + (g->KW - 1) * (size_t)g->dw + 1;
    return (direct_geom){(g->OH - 1) * (size_t)g->sh + (g->KH - 1) * (size_t)g->dh + 1, (span + s - 1) / s + 32};
}

/* The conv takes this path (AVX-512, ungrouped, short sums, whole 8-row tiles, rows of at
 * least 16 outputs, no clamp or one with float bounds: *clamp, when clamp is not NULL); the
 * copy's floats in *floats. */
static bool direct_suits(const conv2d *g, const nnx_activation *act, size_t *floats, const nnx_clamp_simd **clamp,
                         nnx_clamp_simd *room)
{
    bool clamped = act && act->on;
    if (nnx_cpu_level_get() < NNX_CPU_AVX512 || g->groups != 1 || g->C * g->KH * g->KW > DIRECT_K_MAX ||
        g->O % 8 != 0 || g->OW < 16 || pointwise(g) || subsampled(g) || (clamped && !nnx_clamp_simd_setup(act, room)))
        return false;
    if (clamp)
        *clamp = clamped ? room : NULL;
    direct_geom d = direct_geometry(g);
    return nnx_mul_size(g->C * d.HP, (size_t)g->sw * d.WQ, floats);
}

typedef struct direct_job {
    const conv2d *g;
    direct_geom d;
    const float *x, *f, *bias, *residual;
    float *copy, *y;
    const ptrdiff_t *off;
    const nnx_clamp_simd *clamp;
    size_t tasks; /* shares of the output rows: a few per thread, so that a thread held up
                   * by the system does not hold up the whole */
} direct_job;

#if defined(__x86_64__)

/* One padded row for column strides 1 and 2 (src: the input row): 16 positions per step
 * from masked loads (zeros outside the row), stride 2's phases de-interleaved in registers. */
NNX_TARGET_AVX512 static void direct_copy_row512(const float *src, size_t W, int64_t pl, size_t s, size_t WQ,
                                                 float *dst)
{
    const __m512i ie = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
    const __m512i io = _mm512_setr_epi32(1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31);
    for (size_t q = 0; q < WQ; q += 16) {
        __mmask16 keep = (__mmask16)(WQ - q >= 16 ? 0xFFFFu : (1u << (WQ - q)) - 1);
        int64_t iw = (int64_t)(q * s) - pl;
        __m512 l0 = _mm512_maskz_loadu_ps((__mmask16)nnx_rowbuf_mask16(iw, W), nnx_rowbuf_at(src, iw));
        if (s == 1) {
            _mm512_mask_storeu_ps(dst + q, keep, l0);
            continue;
        }
        __m512 l1 = _mm512_maskz_loadu_ps((__mmask16)nnx_rowbuf_mask16(iw + 16, W), nnx_rowbuf_at(src, iw + 16));
        _mm512_mask_storeu_ps(dst + q, keep, _mm512_permutex2var_ps(l0, ie, l1));
        _mm512_mask_storeu_ps(dst + WQ + q, keep, _mm512_permutex2var_ps(l0, io, l1));
    }
}
#endif

/* The copy of channel c: padded row r holds input row r - pt, padded column u input column
 * u - pl (0 outside), at phase u % s, position u / s. */
static void direct_copy(void *arg, size_t c)
{
    const direct_job *j = arg;
    const conv2d *g = j->g;
    size_t s = (size_t)g->sw;
    for (size_t r = 0; r < j->d.HP; r++) {
        float *dst = j->copy + (c * j->d.HP + r) * s * j->d.WQ;
        int64_t ih = (int64_t)r - g->pt;
        if (ih < 0 || ih >= (int64_t)g->H) {
            memset(dst, 0, s * j->d.WQ * sizeof *dst);
            continue;
        }
        const float *src = j->x + (c * g->H + (size_t)ih) * g->W;
#if defined(__x86_64__)
        if (s <= 2) { /* the path is taken only with AVX-512 */
            direct_copy_row512(src, g->W, g->pl, s, j->d.WQ, dst);
            continue;
        }
#endif
        memset(dst, 0, s * j->d.WQ * sizeof *dst);
        for (size_t p = 0; p < s; p++)
            for (size_t q = 0; q + 32 < j->d.WQ; q++) {
                int64_t iw = (int64_t)(q * s + p) - g->pl;
                if (iw >= 0 && iw < (int64_t)g->W)
                    dst[p * j->d.WQ + q] = src[iw];
            }
    }
}

#if defined(__x86_64__)
/* Named accumulators (an array would live in memory): row i's two halves. */
#define DT_DECL(i) __m512 c##i##0 = _mm512_setzero_ps(), c##i##1 = _mm512_setzero_ps()
#define DT_STEP(i) \
    do { \
        c##i##0 = nnx_fmadd_bcast(a + (size_t)(i)*K + k, b0, c##i##0); \
        c##i##1 = nnx_fmadd_bcast(a + (size_t)(i)*K + k, b1, c##i##1); \
    } while (0)
#define DT_ROW(i) c##i##0, c##i##1

/* The tile's results r (vector v: channel v / per, outputs 16 * (v % per) on, under mask
 * m[v % per]) made final, then stored: + bias, + residual (row stride ldc), the clamp (in
 * two operations where it may: the sums start from +0). All loads come before the stores,
 * which could alias them. */
NNX_TARGET_AVX512 NNX_ALWAYS_INLINE static inline void direct_put(__m512 *r, int per, float *c, size_t ldc,
                                                                  const __mmask16 *m, const float *bias,
                                                                  const float *res, const nnx_clamp_simd *clamp)
{
    int n = 8 * per;
#pragma GCC unroll 16
    for (int v = 0; v < n; v++) {
        size_t i = (size_t)(v / per), j = 16 * (size_t)(v % per);
        if (bias)
            r[v] = _mm512_add_ps(r[v], _mm512_set1_ps(bias[i]));
        if (res)
            r[v] = _mm512_add_ps(r[v], _mm512_maskz_loadu_ps(m[v % per], res + i * ldc + j));
    }
    if (clamp)
        nnx_clamp16_sums(clamp, r, n);
#pragma GCC unroll 16
    for (int v = 0; v < n; v++)
        _mm512_mask_storeu_ps(c + (size_t)(v / per) * ldc + 16 * (size_t)(v % per), m[v % per], r[v]);
}

/* 8 output channels (filter rows a, a + K, ...) x `cols` <= 32 outputs of one row: each sum
 * over k of a[k] * base[off[k] + t], then bias, residual (res: the tile's, row stride ldc)
 * and the clamp, stored under a lane mask. */
/* The tile's output rows asked for before its sums (prefetchw): in a model the output is
 * cold, and the store would otherwise wait on it (as the GEMM tile does). */
NNX_TARGET_AVX512_PRFCHW NNX_ALWAYS_INLINE static inline void direct_prefetch(float *c, size_t ldc, unsigned cols)
{
    for (size_t i = 0; i < 8; i++) {
        __builtin_prefetch(c + i * ldc, 1, 3);
        if (cols > 16)
            __builtin_prefetch(c + i * ldc + 16, 1, 3);
    }
}

NNX_TARGET_AVX512_PRFCHW static void direct_tile(size_t K, const float *a, const float *base, const ptrdiff_t *off,
                                                 float *c, size_t ldc, unsigned cols, const float *bias,
                                                 const float *res, const nnx_clamp_simd *clamp)
{
    direct_prefetch(c, ldc, cols);
    DT_DECL(0);
    DT_DECL(1);
    DT_DECL(2);
    DT_DECL(3);
    DT_DECL(4);
    DT_DECL(5);
    DT_DECL(6);
    DT_DECL(7);
    for (size_t k = 0; k < K; k++) {
        const float *b = base + off[k];
        __m512 b0 = _mm512_loadu_ps(b), b1 = _mm512_loadu_ps(b + 16);
        DT_STEP(0);
        DT_STEP(1);
        DT_STEP(2);
        DT_STEP(3);
        DT_STEP(4);
        DT_STEP(5);
        DT_STEP(6);
        DT_STEP(7);
    }
    __mmask16 m[2] = {(__mmask16)(cols >= 16 ? 0xFFFFu : (1u << cols) - 1),
                      (__mmask16)(cols >= 32      ? 0xFFFFu
                                      : cols > 16 ? (1u << (cols - 16)) - 1
                                                  : 0)};
    __m512 r[16] = {DT_ROW(0), DT_ROW(1), DT_ROW(2), DT_ROW(3), DT_ROW(4), DT_ROW(5), DT_ROW(6), DT_ROW(7)};
    direct_put(r, 2, c, ldc, m, bias, res, clamp);
}

/* direct_tile for cols <= 16: one vector per channel (a row of 112 or 111 outputs ends in
 * 16 or 15 of them; the whole-width tile would spend half its sums there). */
#define DT16_DECL(i) __m512 c##i##0 = _mm512_setzero_ps()
#define DT16_STEP(i) c##i##0 = _mm512_fmadd_ps(_mm512_set1_ps(a[(size_t)(i)*K + k]), b0, c##i##0)

NNX_TARGET_AVX512_PRFCHW static void direct_tile16(size_t K, const float *a, const float *base, const ptrdiff_t *off,
                                                   float *c, size_t ldc, unsigned cols, const float *bias,
                                                   const float *res, const nnx_clamp_simd *clamp)
{
    direct_prefetch(c, ldc, cols);
    DT16_DECL(0);
    DT16_DECL(1);
    DT16_DECL(2);
    DT16_DECL(3);
    DT16_DECL(4);
    DT16_DECL(5);
    DT16_DECL(6);
    DT16_DECL(7);
    for (size_t k = 0; k < K; k++) {
        __m512 b0 = _mm512_loadu_ps(base + off[k]);
        DT16_STEP(0);
        DT16_STEP(1);
        DT16_STEP(2);
        DT16_STEP(3);
        DT16_STEP(4);
        DT16_STEP(5);
        DT16_STEP(6);
        DT16_STEP(7);
    }
    __mmask16 m[1] = {(__mmask16)(cols >= 16 ? 0xFFFFu : (1u << cols) - 1)};
    __m512 r[8] = {c00, c10, c20, c30, c40, c50, c60, c70};
    direct_put(r, 1, c, ldc, m, bias, res, clamp);
}

/* Output rows [r0, r1), every channel: 8 channels at a time over all the rows, so that the
 * stores stream through 8 output planes rather than scatter over all of them. */
static void direct_rows(const direct_job *j, size_t r0, size_t r1)
{
    const conv2d *g = j->g;
    size_t K = g->C * g->KH * g->KW, spatial = g->OH * g->OW, s = (size_t)g->sw;
    for (size_t o = 0; o < g->O; o += 8)
        for (size_t oh = r0; oh < r1; oh++) {
            const float *row = j->copy + oh * (size_t)g->sh * s * j->d.WQ;
            for (size_t ow = 0; ow < g->OW; ow += 32) {
                unsigned cols = g->OW - ow < 32 ? (unsigned)(g->OW - ow) : 32;
                size_t at = o * spatial + oh * g->OW + ow;
                (cols > 16 ? direct_tile : direct_tile16)(K, j->f + o * K, row + ow, j->off, j->y + at, spatial, cols,
                                                          j->bias ? j->bias + o : NULL,
                                                          j->residual ? j->residual + at : NULL, j->clamp);
            }
        }
}

static void direct_task(void *arg, size_t t)
{
    const direct_job *j = arg;
    size_t lo, hi;
    nnx_pool_share(j->g->OH, j->tasks, t, &lo, &hi);
    direct_rows(j, lo, hi);
}
#endif

/* The conv of image n by windows read in place; false (nothing done) when it does not suit. */
static bool conv_direct(const conv2d *g, const float *x, const float *f, const float *bias, float *y,
                        const nnx_kernel_env *env, size_t n)
{
#if defined(__x86_64__)
    size_t floats, K = g->C * g->KH * g->KW, s = (size_t)g->sw;
    nnx_clamp_simd room;
    const nnx_clamp_simd *clamp;
    if (!direct_suits(g, env->act, &floats, &clamp, &room))
        return false;
    direct_geom d = direct_geometry(g);
    ptrdiff_t off[DIRECT_K_MAX];
    for (size_t k = 0; k < K; k++) { /* window row k = (c, kh, kw) from the panel's start */
        size_t c = k / (g->KH * g->KW), kh = k / g->KW % g->KH, kw = k % g->KW, u = kw * (size_t)g->dw;
        off[k] = (ptrdiff_t)(((c * d.HP + kh * (size_t)g->dh) * s + u % s) * d.WQ + u / s);
    }
    size_t spatial = g->OH * g->OW;
    direct_job j = {g,
                    d,
                    x + n * g->C * g->H * g->W,
                    f,
                    bias,
                    env->residual ? env->residual + n * g->O * spatial : NULL,
                    env->shared,
                    y + n * g->O * spatial,
                    off,
                    clamp,
                    0};
    nnx_pool_for(floats >= ((size_t)1 << 15) ? env->pool : NULL, g->C, direct_copy, &j);
    j.tasks = 4 * nnx_pool_threads(env->pool) < g->OH ? 4 * nnx_pool_threads(env->pool) : g->OH;
    nnx_pool_for(j.tasks > 1 ? env->pool : NULL, j.tasks, direct_task, &j);
    return true;
#else
    (void)g, (void)x, (void)f, (void)bias, (void)y, (void)env, (void)n;
    return false;
#endif
}

/* Where the windows' B packed whole goes in the shared scratch (after the phase-split copy,
 * 64-byte aligned), and the floats up to its end; false if that overflows. */
static bool pack_room(const conv2d *g, size_t split, size_t *at, size_t *end)
{
    size_t packed;
    *at = nnx_round_up(split, 16);
    return *at >= split &&
        nnx_sgemm_packed_b_floats(nnx_cpu_level_get(), g->cg * g->KH * g->KW, g->OH * g->OW, &packed) &&
        nnx_add_size(*at, packed, end);
}

bool nnx_fast_conv2d_shared(const nnx_op_args *args, const nnx_operand_desc *x, const nnx_operand_desc *f,
                            const nnx_operand_desc *y, size_t *bytes)
{
    conv2d g = geometry(&args->attrs->conv, x, y, f->shape[2], f->shape[3]);
    size_t floats, direct = 0, at;
    if (!split_floats(&g, &floats))
        return false;
    if (!pointwise(&g) && !subsampled(&g) && !pack_room(&g, floats, &at, &floats)) /* windows packed: room for B */
        return false;
    /* the activation is not known here: room for the direct copy whenever it could be taken */
    nnx_clamp_simd room;
    if (direct_suits(&g, NULL, &direct, NULL, &room) && direct > floats)
        floats = direct;
    return nnx_mul_size(floats, sizeof(float), bytes);
}

nnx_status nnx_fast_conv2d(const nnx_op_args *args, const nnx_view *in, nnx_view *out, const nnx_kernel_env *env)
{
    conv2d g = geometry(&args->attrs->conv, &in[0].desc, &out->desc, in[1].desc.shape[2], in[1].desc.shape[3]);
    const float *x = in[0].data, *f = in[1].data, *bias = args->n_in > 2 ? in[2].data : NULL;
    float *y = out->data;
    size_t spatial = g.OH * g.OW, depth = g.cg * g.KH * g.KW;
    bool direct = pointwise(&g) || subsampled(&g), fused = bias || env->residual || (env->act && env->act->on);
    size_t split, room, end; /* where nnx_fast_conv2d_shared made room for the packed windows */
    float *b_room = !direct && split_floats(&g, &split) && pack_room(&g, split, &room, &end)
        ? (float *)env->shared + room
        : NULL;
    for (size_t n = 0; n < g.N; n++)
        for (size_t grp = 0; grp < g.groups; grp++) {
            if (conv_direct(&g, x, f, bias, y, env, n))
                break; /* ungrouped: the whole image */
            const float *xg = x + (n * g.C + grp * g.cg) * g.H * g.W;
            window_packer packer = {&g, xg, NULL, (g.W + (size_t)g.sw - 1) / (size_t)g.sw};
            size_t floats;
            nnx_fmat B = {xg, spatial, 1};
            if (subsampled(&g)) {
                subsample_job sj = {&g, xg, env->shared};
                nnx_pool_for(g.cg * g.H * g.W >= ((size_t)1 << 15) ? env->pool : NULL, g.cg, subsample_channel, &sj);
                B.data = env->shared;
            } else if (split_floats(&g, &floats) && floats) {
                phase_job pj = {&g, xg, env->shared, packer.wq};
                nnx_pool_for(floats >= ((size_t)1 << 15) ? env->pool : NULL, g.cg, split_channel, &pj);
                packer.split = env->shared;
            }
            size_t o0 = n * g.O + grp * g.og; /* the first output plane */
            nnx_gemm_epilogue ep = {bias ? bias + grp * g.og : NULL,
                                    env->residual ? env->residual + o0 * spatial : NULL, env->act, spatial};
            /* an ungrouped filter was packed as the GEMM's A when the graph was built */
            const float *a_packed = g.groups == 1 ? env->prepared : NULL;
            nnx_gemm_io io = {.pack_b = direct ? NULL : pack_windows,
                              .pack_ctx = &packer,
                              .b_pack_room = b_room,
                              .epilogue = fused ? &ep : NULL,
                              .a_packed = a_packed,
                              .a_packed_rows = a_packed ? nnx_round_up(g.O, nnx_sgemm_tile_rows(nnx_cpu_level_get()))
                                                        : 0};
            nnx_fmat A = {f + grp * g.og * depth, depth, 1};
            float *c = y + o0 * spatial;
            nnx_sgemm_threads_io(env, g.og, spatial, depth, A, B, c, spatial, false, &io);
        }
    return NNX_OK;
}
