/* pool_fast.c — float32 max and average pooling over nchw planes, the reference kernel's bytes
 * (ops/pool.c): max keeps the first largest value in row-major tap order and the first NaN (as
 * it is: a signalling NaN is not quieted), an empty window gives -inf; average sums in double
 * in row-major tap order and divides by the in-bounds count (0 for none). TOSA's NaN-ignoring
 * max pooling stays on the reference kernel. */
#include "cpu/kernels.h"
#include "cpu/rowbuf.h"

#include <math.h>
#include <string.h>

typedef struct pool2d {
    const nnx_attr_pool *a;
    size_t H, W, OH, OW;
    bool average;
    const float *x;
    float *y;
} pool2d;

/* The taps j < k of an axis whose window for output o stays in [0, extent): [lo, hi). */
static void taps(int64_t o, uint32_t stride, uint32_t pad, uint32_t dilation, uint32_t k, size_t extent, uint32_t *lo,
                 uint32_t *hi)
{
    int64_t start = o * (int64_t)stride - pad, d = dilation, first = start < 0 ? (-start + d - 1) / d : 0;
    int64_t last = ((int64_t)extent - 1 - start);
    last = last < 0 ? -1 : last / d;
    if (last > (int64_t)k - 1)
        last = (int64_t)k - 1;
    *lo = (uint32_t)(first > k ? k : first);
    *hi = last < first ? *lo : (uint32_t)last + 1;
}

static void plane(void *arg, size_t t)
{
    const pool2d *p = arg;
    const nnx_attr_pool *a = p->a;
    const float *x = p->x + t * p->H * p->W;
    float *y = p->y + t * p->OH * p->OW;
    for (size_t oh = 0; oh < p->OH; oh++) {
        uint32_t h0, h1;
        taps((int64_t)oh, a->strides[0], a->pads[0], a->dilations[0], a->window[0], p->H, &h0, &h1);
        int64_t ih0 = (int64_t)oh * a->strides[0] - a->pads[0];
        for (size_t ow = 0; ow < p->OW; ow++) {
            uint32_t w0, w1;
            taps((int64_t)ow, a->strides[1], a->pads[2], a->dilations[1], a->window[1], p->W, &w0, &w1);
            int64_t iw0 = (int64_t)ow * a->strides[1] - a->pads[2];
            if (p->average) {
                double sum = 0;
                for (uint32_t i = h0; i < h1; i++) {
                    const float *row = x + (size_t)(ih0 + (int64_t)i * a->dilations[0]) * p->W;
                    for (uint32_t j = w0; j < w1; j++)
                        sum += row[iw0 + (int64_t)j * a->dilations[1]];
                }
                size_t count = (size_t)(h1 - h0) * (w1 - w0);
                y[oh * p->OW + ow] = count ? (float)(sum / (double)count) : 0.0f;
            } else {
                float m = -INFINITY;
                for (uint32_t i = h0; i < h1; i++) {
                    const float *row = x + (size_t)(ih0 + (int64_t)i * a->dilations[0]) * p->W;
                    for (uint32_t j = w0; j < w1; j++) {
                        float v = row[iw0 + (int64_t)j * a->dilations[1]];
                        if (!isnan(m) && (isnan(v) || v > m))
                            m = v;
                    }
                }
                y[oh * p->OW + ow] = m;
            }
        }
    }
}

/* ------------------------------------------------------------------ buffered max */

/* Max pooling reads a -inf-padded, phase-split copy of each band of input rows in per-thread
 * scratch (cpu/rowbuf.h), 16 (AVX-512, portable C) or 8 (AVX2) outputs at a time, every tap a
 * load at a fixed offset, with the reference's comparison in tap order as compare + blend, or
 * as one max where the band holds no NaN. The -inf padding is exact: a padded tap never
 * replaces the running value, and a window of padding only gives -inf, so windows running
 * into the padding or past the input (ceil rounding), dilated or not, take the reference's
 * element. Planes x bands are split into one contiguous share per thread. Average pooling, and
 * max pooling without scratch, run one task per plane over each window's in-bounds taps. */

#define BAND_FLOATS (8 * 1024)       /* a band's buffered rows */
#define MAX_FLOATS ((size_t)1 << 22) /* per-thread scratch at most (16 MiB), else unbuffered */
#define MAX_TAPS 256                 /* larger windows run unbuffered */

static nnx_window window_of(const nnx_attr_pool *a, const uint32_t *xs, const uint32_t *ys)
{
    return (nnx_window){.H = xs[2], .W = xs[3], .OH = ys[2], .OW = ys[3], .KH = a->window[0], .KW = a->window[1],
                        .sh = a->strides[0], .sw = a->strides[1], .dh = a->dilations[0], .dw = a->dilations[1],
                        .pt = a->pads[0], .pl = a->pads[2]};
}

static bool max_plan(const nnx_node *node, const uint32_t *xs, const uint32_t *ys, nnx_rowbuf *b)
{
    const nnx_attr_pool *a = &node->attrs.pool;
    nnx_window g = window_of(a, xs, ys);
    return node->op == NNX_OP_MAX_POOL && (size_t)a->window[0] * a->window[1] <= MAX_TAPS &&
           nnx_rowbuf_plan(&g, -INFINITY, BAND_FLOATS, MAX_FLOATS, b);
}

size_t nnx_fast_pool2d_scratch(const nnx_node *node, const nnx_operand_desc *x, const nnx_operand_desc *y)
{
    nnx_rowbuf b;
    return max_plan(node, x->shape, y->shape, &b) ? b.floats * sizeof(float) : 0;
}

/* A band of one output plane: rows output rows of OW, the buffered rows of row a start at
 * buf + a * step. */
typedef struct max_band {
    const float *buf;
    const ptrdiff_t *tap;
    size_t taps, rows, OW, step, row_floats, len;
    float *y;
    int square, stride; /* the tiled paths' K x K window and stride, or 0 */
    bool nan;           /* the buffered rows may hold a NaN */
} max_band;

/* Output rows a tile computes together. */
#define TILE 4

#if defined(__x86_64__)
#define T512 __attribute__((target("avx512f")))
#define T256 __attribute__((target("avx2")))

/* The running maximum m after value v, as the reference takes it: v when
 * !isnan(m) && (isnan(v) || v > m), i.e. m ordered and v not <= m (NLE_UQ: v > m or
 * unordered). Without NaNs that is max(v, m), which returns m unless v > m. */
T512 static inline __m512 take512(__m512 m, __m512 v, bool exact)
{
    if (!exact)
        return _mm512_max_ps(v, m);
    __mmask16 t = _mm512_mask_cmp_ps_mask(_mm512_cmp_ps_mask(m, m, _CMP_ORD_Q), v, m, _CMP_NLE_UQ);
    return _mm512_mask_mov_ps(m, t, v);
}

/* n output vectors of 16, the taps in row-major order. */
T512 static inline __attribute__((always_inline)) void units512(const max_band *d, const nnx_rowbuf_unit *u, size_t n,
                                                                 bool exact)
{
    __m512 m[NNX_ROWBUF_UNITS];
    for (size_t k = 0; k < n; k++)
        m[k] = _mm512_loadu_ps(u[k].in + d->tap[0]);
    for (size_t t = 1; t < d->taps; t++)
        for (size_t k = 0; k < n; k++)
            m[k] = take512(m[k], _mm512_loadu_ps(u[k].in + d->tap[t]), exact);
    for (size_t k = 0; k < n; k++)
        _mm512_mask_storeu_ps(d->y + u[k].out, (__mmask16)((1u << u[k].lanes) - 1), m[k]);
}

T512 static void units512_exact(const max_band *d, const nnx_rowbuf_unit *u, size_t n)
{
    if (n == NNX_ROWBUF_UNITS)
        units512(d, u, NNX_ROWBUF_UNITS, true);
    else
        units512(d, u, 1, true);
}

T512 static void units512_fast(const max_band *d, const nnx_rowbuf_unit *u, size_t n)
{
    if (n == NNX_ROWBUF_UNITS)
        units512(d, u, NNX_ROWBUF_UNITS, false);
    else
        units512(d, u, 1, false);
}

/* Output rows [a0, a0 + R) x columns [v, v + 16) of a K x K window at stride s, dilation 1,
 * separably: each buffered row's maximum over the window's columns (aligned loads, taps by
 * shifts), then over the window's rows. The row-major scan takes the first maximal element
 * (first NaN): it lies in the first row holding the maximum (NaN), first within that row, so
 * the separable scan with the same comparison takes the same element. */
T512 static inline __attribute__((always_inline)) void tile512(const max_band *d, size_t a0, size_t v, int R, int K,
                                                                int s, bool exact)
{
    __m512 acc[TILE];
    const float *row0 = d->buf + a0 * d->step + v;
#pragma GCC unroll 32
    for (int r = 0; r < (R - 1) * s + K; r++) {
        const float *in = row0 + (size_t)r * d->row_floats;
        __m512 h = _mm512_loadu_ps(in);
#pragma GCC unroll 8
        for (int j = 1; j < K; j++) {
            const float *phase = in + (size_t)(j % s) * d->len;
            h = take512(h, j / s ? nnx_rowbuf_shift512(_mm512_loadu_ps(phase), _mm512_loadu_ps(phase + 16), j / s)
                                 : _mm512_loadu_ps(phase), exact);
        }
#pragma GCC unroll 8
        for (int a = 0; a < R; a++) {
            int i = r - a * s;
            if (i >= 0 && i < K)
                acc[a] = i == 0 ? h : take512(acc[a], h, exact);
        }
    }
    __mmask16 m = (__mmask16)((1u << (d->OW - v < 16 ? d->OW - v : 16)) - 1);
#pragma GCC unroll 8
    for (int a = 0; a < R; a++)
        _mm512_mask_storeu_ps(d->y + (a0 + (size_t)a) * d->OW + v, m, acc[a]);
}

T512 static inline __attribute__((always_inline)) void tiled512(const max_band *d, int K, int s, bool exact)
{
    size_t a = 0;
    for (; a + TILE <= d->rows; a += TILE)
        for (size_t v = 0; v < d->OW; v += 16)
            tile512(d, a, v, TILE, K, s, exact);
    switch (d->rows - a) { /* the last rows, as one tile */
    case 3: for (size_t v = 0; v < d->OW; v += 16) tile512(d, a, v, 3, K, s, exact); break;
    case 2: for (size_t v = 0; v < d->OW; v += 16) tile512(d, a, v, 2, K, s, exact); break;
    case 1: for (size_t v = 0; v < d->OW; v += 16) tile512(d, a, v, 1, K, s, exact); break;
    default: break;
    }
}

T512 static void band512(const max_band *d)
{
    switch (d->square * 100 + d->stride * 10 + d->nan) {
    case 210: tiled512(d, 2, 1, false); return;
    case 220: tiled512(d, 2, 2, false); return;
    case 310: tiled512(d, 3, 1, false); return;
    case 320: tiled512(d, 3, 2, false); return;
    case 211: tiled512(d, 2, 1, true); return;
    case 221: tiled512(d, 2, 2, true); return;
    case 311: tiled512(d, 3, 1, true); return;
    case 321: tiled512(d, 3, 2, true); return;
    default: break;
    }
    if (d->nan)
        NNX_ROWBUF_FOR_UNITS(d->buf, d->step, d->rows, d->OW, 16, units512_exact, d);
    else
        NNX_ROWBUF_FOR_UNITS(d->buf, d->step, d->rows, d->OW, 16, units512_fast, d);
}

/* take512 with 8 lanes. */
T256 static inline __m256 take256(__m256 m, __m256 v, bool exact)
{
    if (!exact)
        return _mm256_max_ps(v, m);
    __m256 t = _mm256_and_ps(_mm256_cmp_ps(m, m, _CMP_ORD_Q), _mm256_cmp_ps(v, m, _CMP_NLE_UQ));
    return _mm256_blendv_ps(m, v, t);
}

T256 static inline void store256(float *y, __m256 m, size_t lanes)
{
    static const int32_t ones[16] = {-1, -1, -1, -1, -1, -1, -1, -1, 0, 0, 0, 0, 0, 0, 0, 0};
    if (lanes == 8)
        _mm256_storeu_ps(y, m);
    else
        _mm256_maskstore_ps(y, _mm256_loadu_si256((const __m256i *)(ones + 8 - lanes)), m);
}

T256 static inline __attribute__((always_inline)) void units256(const max_band *d, const nnx_rowbuf_unit *u, size_t n,
                                                                 bool exact)
{
    __m256 m[NNX_ROWBUF_UNITS];
    for (size_t k = 0; k < n; k++)
        m[k] = _mm256_loadu_ps(u[k].in + d->tap[0]);
    for (size_t t = 1; t < d->taps; t++)
        for (size_t k = 0; k < n; k++)
            m[k] = take256(m[k], _mm256_loadu_ps(u[k].in + d->tap[t]), exact);
    for (size_t k = 0; k < n; k++)
        store256(d->y + u[k].out, m[k], u[k].lanes);
}

T256 static void units256_exact(const max_band *d, const nnx_rowbuf_unit *u, size_t n)
{
    if (n == NNX_ROWBUF_UNITS)
        units256(d, u, NNX_ROWBUF_UNITS, true);
    else
        units256(d, u, 1, true);
}

T256 static void units256_fast(const max_band *d, const nnx_rowbuf_unit *u, size_t n)
{
    if (n == NNX_ROWBUF_UNITS)
        units256(d, u, NNX_ROWBUF_UNITS, false);
    else
        units256(d, u, 1, false);
}

/* tile512 with 8 lanes, each tap one load. */
T256 static inline __attribute__((always_inline)) void tile256(const max_band *d, size_t a0, size_t v, int R, int K,
                                                                int s, bool exact)
{
    __m256 acc[TILE];
    const float *row0 = d->buf + a0 * d->step + v;
#pragma GCC unroll 32
    for (int r = 0; r < (R - 1) * s + K; r++) {
        const float *in = row0 + (size_t)r * d->row_floats;
        __m256 h = _mm256_loadu_ps(in);
#pragma GCC unroll 8
        for (int j = 1; j < K; j++)
            h = take256(h, _mm256_loadu_ps(in + (size_t)(j % s) * d->len + j / s), exact);
#pragma GCC unroll 8
        for (int a = 0; a < R; a++) {
            int i = r - a * s;
            if (i >= 0 && i < K)
                acc[a] = i == 0 ? h : take256(acc[a], h, exact);
        }
    }
    size_t lanes = d->OW - v < 8 ? d->OW - v : 8;
#pragma GCC unroll 8
    for (int a = 0; a < R; a++)
        store256(d->y + (a0 + (size_t)a) * d->OW + v, acc[a], lanes);
}

T256 static inline __attribute__((always_inline)) void tiled256(const max_band *d, int K, int s, bool exact)
{
    size_t a = 0;
    for (; a + TILE <= d->rows; a += TILE)
        for (size_t v = 0; v < d->OW; v += 8)
            tile256(d, a, v, TILE, K, s, exact);
    switch (d->rows - a) {
    case 3: for (size_t v = 0; v < d->OW; v += 8) tile256(d, a, v, 3, K, s, exact); break;
    case 2: for (size_t v = 0; v < d->OW; v += 8) tile256(d, a, v, 2, K, s, exact); break;
    case 1: for (size_t v = 0; v < d->OW; v += 8) tile256(d, a, v, 1, K, s, exact); break;
    default: break;
    }
}

T256 static void band256(const max_band *d)
{
    switch (d->square * 100 + d->stride * 10 + d->nan) {
    case 210: tiled256(d, 2, 1, false); return;
    case 220: tiled256(d, 2, 2, false); return;
    case 310: tiled256(d, 3, 1, false); return;
    case 320: tiled256(d, 3, 2, false); return;
    case 211: tiled256(d, 2, 1, true); return;
    case 221: tiled256(d, 2, 2, true); return;
    case 311: tiled256(d, 3, 1, true); return;
    case 321: tiled256(d, 3, 2, true); return;
    default: break;
    }
    if (d->nan)
        NNX_ROWBUF_FOR_UNITS(d->buf, d->step, d->rows, d->OW, 8, units256_exact, d);
    else
        NNX_ROWBUF_FOR_UNITS(d->buf, d->step, d->rows, d->OW, 8, units256_fast, d);
}
#endif

/* Portable: 16 lanes per vector, the reference's comparison per lane. */
static void max_generic(const max_band *d, const nnx_rowbuf_unit *u, size_t n)
{
    for (size_t k = 0; k < n; k++) {
        float m[16];
        memcpy(m, u[k].in + d->tap[0], sizeof m);
        for (size_t t = 1; t < d->taps; t++) {
            const float *src = u[k].in + d->tap[t];
            for (size_t l = 0; l < 16; l++)
                m[l] = !isnan(m[l]) && (isnan(src[l]) || src[l] > m[l]) ? src[l] : m[l];
        }
        memcpy(d->y + u[k].out, m, u[k].lanes * sizeof *m);
    }
}

static void band_generic(const max_band *d) { NNX_ROWBUF_FOR_UNITS(d->buf, d->step, d->rows, d->OW, 16, max_generic, d); }

typedef struct max_job {
    const nnx_rowbuf *b;
    const ptrdiff_t *tap;
    const float *x;
    float *y;
    const nnx_kernel_env *env;
    size_t items, tasks;
    nnx_cpu_level level;
    int square; /* K of a K x K window the tiled paths take (2 or 3), or 0 */
} max_job;

/* Thread t's share of the items (plane, band). */
static void max_task(void *arg, size_t t)
{
    const max_job *j = arg;
    const nnx_window *g = &j->b->g;
    size_t lo, hi;
    nnx_pool_share(j->items, j->tasks, t, &lo, &hi);
    float *buf = (float *)((char *)j->env->scratch + t * j->env->per_thread);
    for (size_t it = lo; it < hi; it++) {
        size_t plane = it / j->b->bands, oh0 = it % j->b->bands * j->b->band;
        size_t rows = g->OH - oh0 < j->b->band ? g->OH - oh0 : j->b->band;
        bool nan = nnx_rowbuf_fill(j->b, j->x + plane * g->H * g->W, oh0, rows, buf, j->level);
        max_band d = {buf, j->tap, g->KH * g->KW, rows, g->OW, g->sh * j->b->row_floats, j->b->row_floats, j->b->len,
                      j->y + plane * g->OH * g->OW + oh0 * g->OW, j->square, (int)g->sw, nan};
#if defined(__x86_64__)
        if (j->level >= NNX_CPU_AVX512)
            band512(&d);
        else if (j->level >= NNX_CPU_AVX2)
            band256(&d);
        else
#endif
            band_generic(&d);
    }
}

nnx_status nnx_fast_pool2d(const nnx_node *node, const nnx_view *in, nnx_view *out, const nnx_kernel_env *env)
{
    const uint32_t *xs = in[0].desc.shape, *ys = out->desc.shape;
    size_t planes = (size_t)xs[0] * xs[1];
    nnx_rowbuf b;
    if (planes && max_plan(node, xs, ys, &b) && env->scratch && env->per_thread >= b.floats * sizeof(float)) {
        ptrdiff_t tap[MAX_TAPS];
        nnx_rowbuf_taps(&b, tap);
        max_job j = {&b, tap, in[0].data, out->data, env, planes * b.bands, 0, nnx_cpu_level_get(), 0};
        const nnx_window *w = &b.g;
        if (w->KH == w->KW && (w->KH == 2 || w->KH == 3) && w->sh == w->sw && w->sw <= 2 && w->dh == 1 && w->dw == 1)
            j.square = (int)w->KH;
        size_t threads = nnx_pool_threads(env->pool);
        j.tasks = j.items < threads ? j.items : threads;
        nnx_pool_for(j.tasks > 1 ? env->pool : NULL, j.tasks, max_task, &j);
        return NNX_OK;
    }
    pool2d p = {&node->attrs.pool, xs[2], xs[3], ys[2], ys[3], node->op == NNX_OP_AVG_POOL, in[0].data, out->data};
    nnx_pool_for(env->pool, planes, plane, &p);
    return NNX_OK;
}
