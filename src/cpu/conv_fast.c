/* conv_fast.c — 2-D float32 convolution (nchw input, oihw filter, any padding sign, strides,
 * dilations, groups) as GEMM per image and group: out[O/g, OH*OW] = W[O/g, C/g*KH*KW] ·
 * cols[C/g*KH*KW, OH*OW], where cols is the im2col copy of the input windows (zeros where a
 * window leaves the input). A 1x1, stride-1, unpadded convolution multiplies the input
 * itself. Depthwise convolutions (one input channel per group) run directly instead: with
 * AVX-512, 16 outputs at a time with every tap summed in registers; otherwise each output
 * row accumulates its taps in order, vectorised along the row. The bias (and a fused
 * residual and activation, runtime/fuse.c) is applied per output channel afterwards. */
#include "cpu/gemm.h"
#include "cpu/kernels.h"
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
        .N = x->shape[0], .C = x->shape[1], .H = x->shape[2], .W = x->shape[3],
        .O = y->shape[1], .KH = kh, .KW = kw, .OH = y->shape[2], .OW = y->shape[3],
        .groups = a->groups ? a->groups : 1,
        .sh = a->strides[0], .sw = a->strides[1], .dh = a->dilations[0], .dw = a->dilations[1],
        .pt = a->pads[0], .pl = a->pads[2],
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

bool nnx_fast_conv2d_scratch(const nnx_node *node, const nnx_operand_desc *x, const nnx_operand_desc *f,
                             const nnx_operand_desc *y, size_t *bytes)
{
    conv2d g = geometry(&node->attrs.conv, x, y, f->shape[2], f->shape[3]);
    *bytes = 0;
    if (pointwise(&g))
        return true;
    size_t depth = g.cg * g.KH * g.KW; /* < the filter's element count */
    return nnx_mul_size(depth, g.OH * g.OW, bytes) && nnx_mul_size(*bytes, sizeof(float), bytes);
}

/* The windows of input channel c of image n, group grp: rows (kh, kw) of OH*OW columns,
 * at row c * KH * KW of cols. */
static void im2col_channel(const conv2d *g, const float *x, size_t n, size_t grp, size_t c, float *cols)
{
    const float *plane = x + ((n * g->C) + grp * g->cg + c) * g->H * g->W;
    cols += c * g->KH * g->KW * g->OH * g->OW;
    for (size_t i = 0; i < g->KH; i++)
        for (size_t j = 0; j < g->KW; j++, cols += g->OH * g->OW)
            for (size_t oh = 0; oh < g->OH; oh++) {
                float *row = cols + oh * g->OW;
                int64_t ih = (int64_t)oh * g->sh - g->pt + (int64_t)i * g->dh;
                if (ih < 0 || ih >= (int64_t)g->H) {
                    memset(row, 0, g->OW * sizeof *row);
                    continue;
                }
                const float *src = plane + (size_t)ih * g->W;
                int64_t iw = -g->pl + (int64_t)j * g->dw;
                for (size_t ow = 0; ow < g->OW; ow++, iw += g->sw)
                    row[ow] = iw >= 0 && iw < (int64_t)g->W ? src[iw] : 0.0f;
            }
}

typedef struct im2col_job {
    const conv2d *g;
    const float *x;
    size_t n, grp;
    float *cols;
} im2col_job;

static void im2col_task(void *arg, size_t c)
{
    const im2col_job *j = arg;
    im2col_channel(j->g, j->x, j->n, j->grp, c, j->cols);
}

/* The windows of image n, group grp, as rows (c, kh, kw) of OH*OW columns; large copies are
 * split by channel over the pool. */
static void im2col(const conv2d *g, const float *x, size_t n, size_t grp, float *cols, nnx_pool *pool)
{
    im2col_job j = {g, x, n, grp, cols};
    bool split = g->cg * g->KH * g->KW * g->OH * g->OW >= ((size_t)1 << 16);
    nnx_pool_for(split ? pool : NULL, g->cg, im2col_task, &j);
}

/* Output range [lo, hi) of a row whose tap at offset `off` (= j * dw - pl) lands in [0, W). */
static void tap_range(const conv2d *g, int64_t off, size_t *lo, size_t *hi)
{
    int64_t s = g->sw, first = off < 0 ? (-off + s - 1) / s : 0, last = ((int64_t)g->W - 1 - off);
    last = last < 0 ? -1 : last / s; /* the last ow with ow * s + off <= W - 1 */
    if (last >= (int64_t)g->OW)
        last = (int64_t)g->OW - 1;
    *lo = (size_t)first;
    *hi = last < first ? (size_t)first : (size_t)last + 1;
}

/* Rows of at most this width are split into even and odd columns for stride 2. */
#define SPLIT_MAX 512

/* One output plane of a depthwise convolution: channel o reads input channel o / og. Taps
 * are added to whole output rows in order; stride 1 reads each tap's input run directly,
 * stride 2 first splits the input row into even and odd columns so that each tap again
 * reads a contiguous run; both go through the vectorised nnx_saxpy. */
static void depthwise_plane(const conv2d *g, const float *x, const float *w, float *y)
{
    nnx_cpu_level level = nnx_cpu_level_get();
    float split[2][SPLIT_MAX / 2 + 1];
    bool halves = g->sw == 2 && g->W <= SPLIT_MAX;
    for (size_t oh = 0; oh < g->OH; oh++) {
        float *row = y + oh * g->OW;
        for (size_t ow = 0; ow < g->OW; ow++)
            row[ow] = 0.0f;
        for (size_t i = 0; i < g->KH; i++) {
            int64_t ih = (int64_t)oh * g->sh - g->pt + (int64_t)i * g->dh;
            if (ih < 0 || ih >= (int64_t)g->H)
                continue;
            const float *src = x + (size_t)ih * g->W;
            if (halves)
                for (size_t c = 0; c < g->W; c++)
                    split[c & 1][c >> 1] = src[c];
            for (size_t j = 0; j < g->KW; j++) {
                float wv = w[i * g->KW + j];
                int64_t off = (int64_t)j * g->dw - g->pl;
                size_t lo, hi;
                tap_range(g, off, &lo, &hi);
                if (hi <= lo)
                    continue;
                if (g->sw == 1) {
                    nnx_saxpy(level, row + lo, wv, src + (int64_t)lo + off, hi - lo);
                } else if (halves) { /* input column 2 * ow + off = 2 * (ow + off / 2) + parity */
                    int64_t parity = off & 1, shift = (off - parity) / 2;
                    nnx_saxpy(level, row + lo, wv, split[parity] + (int64_t)lo + shift, hi - lo);
                } else {
                    for (size_t ow = lo; ow < hi; ow++)
                        row[ow] += wv * src[(int64_t)ow * g->sw + off];
                }
            }
        }
    }
}

#if defined(__x86_64__)
#include <immintrin.h>

#define ROWS_MAX 7 /* kernel rows the register-blocked path keeps split copies of */

/* Lanes l of a 16-wide load at column `base` of a run of `len` floats with 0 <= base+l < len. */
static inline unsigned lanes(int64_t base, int64_t len)
{
    int64_t lo = base < 0 ? -base : 0, hi = len - base < 16 ? len - base : 16;
    return hi <= lo ? 0u : (unsigned)(((1u << hi) - 1) & ~((1u << lo) - 1));
}

/* even[k] = src[2k], odd[k] = src[2k + 1] for the w floats of src, 32 at a time. */
__attribute__((target("avx512f"))) static void deinterleave_avx512(const float *src, size_t w, float *even, float *odd)
{
    const __m512i ie = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
    const __m512i io = _mm512_setr_epi32(1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31);
    size_t c = 0;
    for (; c + 32 <= w; c += 32) {
        __m512 a = _mm512_loadu_ps(src + c), b = _mm512_loadu_ps(src + c + 16);
        _mm512_storeu_ps(even + c / 2, _mm512_permutex2var_ps(a, ie, b));
        _mm512_storeu_ps(odd + c / 2, _mm512_permutex2var_ps(a, io, b));
    }
    for (; c < w; c++)
        (c & 1 ? odd : even)[c >> 1] = src[c];
}

/* The depthwise plane 16 outputs at a time, every tap of a chunk summed in registers in
 * (kernel row, kernel column) order with FMA, edges by masked loads and stores. Stride 1
 * reads input rows in place, stride 2 reads their even / odd halves. Returns false (nothing
 * done) for shapes it does not handle. */
__attribute__((target("avx512f"))) static bool depthwise_plane_avx512(const conv2d *g, const float *x, const float *w,
                                                                      float *y)
{
    if ((g->sw != 1 && !(g->sw == 2 && g->W <= SPLIT_MAX)) || g->KH > ROWS_MAX)
        return false;
    float split[ROWS_MAX][2][SPLIT_MAX / 2 + 1];
    for (size_t oh = 0; oh < g->OH; oh++) {
        const float *rows[ROWS_MAX];
        uint32_t kernel_row[ROWS_MAX], n = 0;
        for (size_t i = 0; i < g->KH; i++) {
            int64_t ih = (int64_t)oh * g->sh - g->pt + (int64_t)i * g->dh;
            if (ih < 0 || ih >= (int64_t)g->H)
                continue;
            rows[n] = x + (size_t)ih * g->W;
            if (g->sw == 2)
                deinterleave_avx512(rows[n], g->W, split[n][0], split[n][1]);
            kernel_row[n++] = (uint32_t)i;
        }
        float *out = y + oh * g->OW;
        for (size_t ow0 = 0; ow0 < g->OW; ow0 += 16) {
            __m512 acc = _mm512_setzero_ps();
            for (uint32_t r = 0; r < n; r++)
                for (size_t j = 0; j < g->KW; j++) {
                    int64_t off = (int64_t)j * g->dw - g->pl, base, len;
                    const float *run;
                    if (g->sw == 1) {
                        run = rows[r], base = (int64_t)ow0 + off, len = (int64_t)g->W;
                    } else { /* column 2 * ow + off = 2 * (ow + shift) + parity */
                        int64_t parity = off & 1;
                        run = split[r][parity], base = (int64_t)ow0 + (off - parity) / 2;
                        len = ((int64_t)g->W - parity + 1) / 2;
                    }
                    unsigned m = lanes(base, len);
                    if (!m)
                        continue;
                    /* the address of lane 0; only lanes in m are read */
                    const float *at = (const float *)((uintptr_t)run + (uintptr_t)(base * (int64_t)sizeof(float)));
                    __m512 v = _mm512_maskz_loadu_ps((__mmask16)m, at);
                    acc = _mm512_fmadd_ps(_mm512_set1_ps(w[kernel_row[r] * g->KW + j]), v, acc);
                }
            size_t left = g->OW - ow0;
            _mm512_mask_storeu_ps(out + ow0, (__mmask16)(left >= 16 ? 0xFFFFu : (1u << left) - 1), acc);
        }
    }
    return true;
}
#endif

typedef struct depthwise_job {
    const conv2d *g;
    const float *x, *f, *bias;
    float *y;
    const nnx_activation *act;
    const float *residual;
} depthwise_job;

static void depthwise_task(void *arg, size_t t)
{
    const depthwise_job *d = arg;
    const conv2d *g = d->g;
    size_t n = t / g->O, o = t % g->O, spatial = g->OH * g->OW;
    float *y = d->y + t * spatial;
    const float *x = d->x + (n * g->C + o / g->og) * g->H * g->W, *w = d->f + o * g->KH * g->KW;
    bool done = false;
#if defined(__x86_64__)
    done = nnx_cpu_level_get() >= NNX_CPU_AVX512 && depthwise_plane_avx512(g, x, w, y);
#endif
    if (!done)
        depthwise_plane(g, x, w, y);
    if (d->bias)
        for (size_t s = 0; s < spatial; s++)
            y[s] += d->bias[o];
    if (d->residual)
        for (size_t s = 0; s < spatial; s++)
            y[s] += d->residual[t * spatial + s];
    nnx_apply_activation(d->act, y, spatial);
}

bool nnx_fast_conv2d_is_depthwise(const nnx_node *node, const nnx_operand_desc *x)
{
    uint32_t groups = node->attrs.conv.groups ? node->attrs.conv.groups : 1;
    return groups > 1 && groups == x->shape[1];
}

nnx_status nnx_fast_depthwise2d(const nnx_node *node, const nnx_view *in, nnx_view *out, const nnx_kernel_env *env)
{
    conv2d g = geometry(&node->attrs.conv, &in[0].desc, &out->desc, in[1].desc.shape[2], in[1].desc.shape[3]);
    depthwise_job d = {&g, in[0].data, in[1].data, node->n_in > 2 ? in[2].data : NULL, out->data, env->act, env->residual};
    nnx_pool_for(env->pool, g.N * g.O, depthwise_task, &d);
    return NNX_OK;
}

typedef struct epilogue_job {
    float *y;
    const float *bias, *residual;
    const nnx_activation *act;
    size_t O, spatial, per_task, planes;
} epilogue_job;

/* Bias, fused residual and fused activation of planes [t * per_task, ...) (image n, channel o). */
static void epilogue_task(void *arg, size_t t)
{
    const epilogue_job *j = arg;
    for (size_t q = t * j->per_task; q < (t + 1) * j->per_task && q < j->planes; q++) {
        float *c = j->y + q * j->spatial;
        float b = j->bias ? j->bias[q % j->O] : 0.0f;
        for (size_t s = 0; j->bias && s < j->spatial; s++)
            c[s] += b;
        const float *res = j->residual ? j->residual + q * j->spatial : NULL;
        for (size_t s = 0; res && s < j->spatial; s++)
            c[s] += res[s];
        nnx_apply_activation(j->act, c, j->spatial);
    }
}

nnx_status nnx_fast_conv2d(const nnx_node *node, const nnx_view *in, nnx_view *out, const nnx_kernel_env *env)
{
    conv2d g = geometry(&node->attrs.conv, &in[0].desc, &out->desc, in[1].desc.shape[2], in[1].desc.shape[3]);
    const float *x = in[0].data, *f = in[1].data, *bias = node->n_in > 2 ? in[2].data : NULL;
    float *y = out->data, *cols = env->shared;
    size_t spatial = g.OH * g.OW, depth = g.cg * g.KH * g.KW;
    bool direct = pointwise(&g);
    for (size_t n = 0; n < g.N; n++)
        for (size_t grp = 0; grp < g.groups; grp++) {
            if (!direct)
                im2col(&g, x, n, grp, cols, env->pool);
            nnx_fmat A = {f + grp * g.og * depth, depth, 1};
            nnx_fmat B = {direct ? x + (n * g.C + grp * g.cg) * spatial : cols, spatial, 1};
            float *c = y + (n * g.O + grp * g.og) * spatial;
            nnx_sgemm_threads(env, g.og, spatial, depth, A, B, c, spatial, false);
        }
    if (!bias && !env->residual && !(env->act && env->act->on))
        return NNX_OK;
    /* per-plane work, so the split changes no result; tasks of at least 32768 elements */
    epilogue_job j = {y, bias, env->residual, env->act, g.O, spatial, 0, g.N * g.O};
    j.per_task = spatial ? ((size_t)1 << 15) / spatial + 1 : j.planes;
    nnx_pool_for(env->pool, (j.planes + j.per_task - 1) / j.per_task, epilogue_task, &j);
    return NNX_OK;
}
