/* conv_winograd.c — 3x3 stride-1 float32 convolution by Winograd's minimal filtering
 * F(4x4, 3x3) (Lavin & Gray): each 4x4 block of outputs is A^T [U ⊙ V] A with V = B^T d B
 * of its 6x6 input patch and U = G g G^T of each filter, so the channel sums become 36
 * independent GEMMs, V[ξ] (tiles x C) · U[ξ] (C x O), with 4x fewer multiply-adds than
 * direct convolution. U is made once, when the graph is built (the filter must be a
 * constant). The transforms work on 16 channels at a time (channel-blocked copies of the
 * input and output, made by 16 x 16 transposes in registers), so they are vector
 * arithmetic; threads take blocks (an input of fewer blocks than threads: parts of a block's
 * rows). They add rounding: results agree with the reference within 64 float32 ulps
 * of the sum of |terms| (test_cpu_winograd.c); each output is computed the same way for
 * any thread count. Without the transformed filter (env->prepared NULL) the conv runs as
 * nnx_fast_conv2d. */
#include "cpu/clamp_simd.h"
#include "cpu/gemm.h"
#include "cpu/isa.h"
#include "cpu/kernels.h"
#include "cpu/transpose16.h"
#include "base/checked.h"

#include <string.h>

#define TILES_MIN 16 /* below this, the GEMMs are too thin to pay for the transforms */
#define XI 36        /* transformed points per tile (6 x 6) */
#define CB 16        /* channels per block */

typedef struct winograd {
    size_t N, C, H, W, O, OH, OW, TH, TW, T;
    size_t Cp, Op, HP, WP; /* channels rounded up to CB; the blocked input's padded extent */
    size_t vs, ms;         /* floats between the ξ planes of V and M (padded: see geometry) */
    int64_t pt, pl;
} winograd;

static winograd geometry(const nnx_op_args *args, const nnx_operand_desc *x, const nnx_operand_desc *y)
{
    winograd g = {.N = x->shape[0],
                  .C = x->shape[1],
                  .H = x->shape[2],
                  .W = x->shape[3],
                  .O = y->shape[1],
                  .OH = y->shape[2],
                  .OW = y->shape[3],
                  .pt = args->attrs->conv.pads[0],
                  .pl = args->attrs->conv.pads[2]};
    g.TH = (g.OH + 3) / 4;
    g.TW = (g.OW + 3) / 4;
    g.T = g.TH * g.TW;
    g.Cp = nnx_round_up(g.C, CB);
    g.Op = nnx_round_up(g.O, CB);
    g.HP = g.TH * 4 + 2;
    g.WP = g.TW * 4 + 2;
    /* one cache line more than the plane: 36 planes a power of two apart would fall in the
     * same cache sets (16 tiles x 256 channels: 16 KiB), and the transforms touch all 36 */
    g.vs = g.T * g.Cp + CB;
    g.ms = g.T * g.Op + CB;
    return g;
}

/* The shared scratch, in floats: the blocked input, V, M, the blocked output. */
static bool scratch_floats(const winograd *g, size_t *floats)
{
    size_t in, v, m, out;
    return nnx_mul_size(g->Cp * g->HP, g->WP, &in) && nnx_mul_size(XI, g->vs, &v) && nnx_mul_size(XI, g->ms, &m) &&
        nnx_mul_size(g->Op * g->T, 16, &out) && nnx_add_size(in, v, floats) && nnx_add_size(*floats, m, floats) &&
        nnx_add_size(*floats, out, floats);
}

bool nnx_winograd_suits(const nnx_op_args *args, const nnx_operand_desc *x, const nnx_operand_desc *w,
                        const nnx_operand_desc *y, size_t *shared_bytes)
{
    const nnx_attr_conv *a = &args->attrs->conv;
    if (w->shape[2] != 3 || w->shape[3] != 3 || a->strides[0] != 1 || a->strides[1] != 1 || a->dilations[0] != 1 ||
        a->dilations[1] != 1 || (a->groups && a->groups != 1))
        return false;
    winograd g = geometry(args, x, y);
    size_t floats, u;
    size_t gemm_bytes; /* room for the fallback below too (nnx_fast_conv2d) */
    if (g.T < TILES_MIN || g.C < 8 || g.O < 16 || !scratch_floats(&g, &floats) ||
        !nnx_mul_size(floats, sizeof(float), shared_bytes) || !nnx_mul_size(XI * g.Cp, g.Op * sizeof(float), &u) ||
        !nnx_fast_conv2d_shared(args, x, w, y, &gemm_bytes))
        return false;
    *shared_bytes = *shared_bytes > gemm_bytes ? *shared_bytes : gemm_bytes;
    return true;
}

/* U[ξ][c][o] = (G g G^T)[ξ] of filter (o, c), in double; zero for the padding channels. */
void *nnx_winograd_prepare(const nnx_alloc *alloc, const float *filter, size_t O, size_t C)
{
    static const double G[6][3] = {{1.0 / 4, 0, 0},
                                   {-1.0 / 6, -1.0 / 6, -1.0 / 6},
                                   {-1.0 / 6, 1.0 / 6, -1.0 / 6},
                                   {1.0 / 24, 1.0 / 12, 1.0 / 6},
                                   {1.0 / 24, -1.0 / 12, 1.0 / 6},
                                   {0, 0, 1}};
    size_t Op = nnx_round_up(O, CB), Cp = nnx_round_up(C, CB);
    float *u = nnx_mem_alloc_aligned(alloc, XI * Cp * Op * sizeof *u);
    if (!u)
        return NULL;
    memset(u, 0, XI * Cp * Op * sizeof *u);
    for (size_t o = 0; o < O; o++)
        for (size_t c = 0; c < C; c++) {
            const float *g = filter + (o * C + c) * 9;
            double t[6][3]; /* G g */
            for (int i = 0; i < 6; i++)
                for (int j = 0; j < 3; j++)
                    t[i][j] = G[i][0] * g[j] + G[i][1] * g[3 + j] + G[i][2] * g[6 + j];
            for (int i = 0; i < 6; i++)
                for (int j = 0; j < 6; j++)
                    u[((size_t)(i * 6 + j) * Cp + c) * Op + o] = (float)(t[i][0] * G[j][0] + t[i][1] * G[j][1] +
                                                                         t[i][2] * G[j][2]);
        }
    return u;
}

typedef struct wino_job {
    const winograd *g;
    const float *x, *u, *bias, *residual;
    float *xb, *v, *m, *yb, *y;
    const nnx_kernel_env *env;
    const nnx_activation *act;
    nnx_cpu_level level;
    const nnx_clamp_simd *clamp; /* the activation in registers (no residual, float bounds), or NULL */
    size_t parts;                /* the input transform's items per channel block */
} wino_job;

#define AT(p) (*(const v16 *)(p))

/* B^T applied to six vectors (d[0], d[s], ... d[5s]), written to o[0], o[os], ... */
static inline NNX_ALWAYS_INLINE void bt6(const v16 *d, size_t s, v16 *o, size_t os)
{
    v16 d0 = d[0], d1 = d[s], d2 = d[2 * s], d3 = d[3 * s], d4 = d[4 * s], d5 = d[5 * s];
    o[0] = 4 * d0 - 5 * d2 + d4;
    o[os] = -4 * d1 - 4 * d2 + d3 + d4;
    o[2 * os] = 4 * d1 - 4 * d2 - d3 + d4;
    o[3 * os] = -2 * d1 - d2 + 2 * d3 + d4;
    o[4 * os] = 2 * d1 - d2 - 2 * d3 + d4;
    o[5 * os] = 4 * d1 - 5 * d3 + d5;
}

/* A^T applied to six vectors: four results. */
static inline NNX_ALWAYS_INLINE void at6(const v16 *m, size_t s, v16 *o, size_t os)
{
    v16 m0 = m[0], m1 = m[s], m2 = m[2 * s], m3 = m[3 * s], m4 = m[4 * s], m5 = m[5 * s];
    o[0] = m0 + m1 + m2 + m3 + m4;
    o[os] = m1 - m2 + 2 * m3 - 2 * m4;
    o[2 * os] = m1 + m2 + 4 * m3 + 4 * m4;
    o[3 * os] = m1 - m2 + 8 * m3 - 8 * m4 + m5;
}

/* Channel block b, rows [h0, h1) of its zero-padded copy xb[b][h][w][16] (input row h - pt,
 * column w - pl). */
static inline NNX_ALWAYS_INLINE void input_copy(const wino_job *j, size_t b, size_t h0, size_t h1)
{
    const winograd *g = j->g;
    float *xb = j->xb + b * g->HP * g->WP * CB;
    for (size_t h = h0; h < h1; h++) {
        int64_t ih = (int64_t)h - g->pt;
        float *row = xb + h * g->WP * CB;
        memset(row, 0, g->WP * CB * sizeof *row);
        if (ih < 0 || ih >= (int64_t)g->H)
            continue;
        /* 16 input columns x 16 channels at a time, transposed into 16 channel vectors; the
         * columns that land in the row are iw in [lo, hi) (at w = iw + pl) */
        size_t channels = g->C - b * CB < CB ? g->C - b * CB : CB;
        int64_t lo = g->pl < 0 ? -g->pl : 0, hi = (int64_t)g->WP - g->pl;
        hi = hi > (int64_t)g->W ? (int64_t)g->W : hi;
        for (int64_t iw = lo; iw < hi; iw += 16) {
            size_t n = hi - iw < 16 ? (size_t)(hi - iw) : 16;
            v16 r[16];
            for (size_t c = 0; c < 16; c++) {
                const float *src = j->x + ((b * CB + c) * g->H + (size_t)ih) * g->W + iw;
                r[c] = (v16){0};
                if (c < channels && n == 16)
                    r[c] = AT(src);
                else if (c < channels)
                    memcpy(&r[c], src, n * sizeof(float));
            }
            transpose16(r);
            for (size_t q = 0; q < n; q++)
                memcpy(row + (size_t)(iw + g->pl + (int64_t)q) * CB, &r[q], sizeof r[q]);
        }
    }
}

/* Channel block b: V[ξ][t][16 b ...] for the tiles of tile rows [ty0, ty1), from its copy
 * (rows 4 ty0 .. 4 ty1 + 2). */
static inline NNX_ALWAYS_INLINE void input_tiles(const wino_job *j, size_t b, size_t ty0, size_t ty1)
{
    const winograd *g = j->g;
    const float *xb = j->xb + b * g->HP * g->WP * CB;
    size_t xi_stride = g->vs / CB; /* in vectors */
    for (size_t ty = ty0; ty < ty1; ty++)
        for (size_t tx = 0; tx < g->TW; tx++) {
            v16 d[6][6], r[6][6];
            for (int i = 0; i < 6; i++)
                for (int k = 0; k < 6; k++)
                    d[i][k] = AT(xb + ((ty * 4 + (size_t)i) * g->WP + tx * 4 + (size_t)k) * CB);
            for (int k = 0; k < 6; k++)
                bt6(&d[0][k], 6, &r[0][k], 6); /* columns: r = B^T d */
            v16 *v = (v16 *)(j->v + (ty * g->TW + tx) * g->Cp + b * CB);
            for (int i = 0; i < 6; i++)
                bt6(&r[i][0], 1, v + (size_t)i * 6 * xi_stride, xi_stride); /* rows: r B */
        }
}

/* Channel block b whole: its copy, then its tiles. */
static inline NNX_ALWAYS_INLINE void input_block(const wino_job *j, size_t b)
{
    input_copy(j, b, 0, j->g->HP);
    input_tiles(j, b, 0, j->g->TH);
}

/* Item i of the input transform split into j->parts per block (fewer blocks than threads):
 * block i / parts, part i % parts of its rows, or of its tile rows. */
static inline NNX_ALWAYS_INLINE void copy_part(const wino_job *j, size_t i)
{
    size_t h0, h1;
    nnx_pool_share(j->g->HP, j->parts, i % j->parts, &h0, &h1);
    input_copy(j, i / j->parts, h0, h1);
}

static inline NNX_ALWAYS_INLINE void tiles_part(const wino_job *j, size_t i)
{
    size_t t0, t1;
    nnx_pool_share(j->g->TH, j->parts, i % j->parts, &t0, &t1);
    input_tiles(j, i / j->parts, t0, t1);
}

/* Output block b: A^T M A per tile (+ bias) into yb[b][t][16][16], then the output planes
 * (+ residual, then the activation). */
static inline NNX_ALWAYS_INLINE void output_block(const wino_job *j, size_t b)
{
    const winograd *g = j->g;
    float bias[CB] = {0};
    for (size_t o = b * CB; j->bias && o < g->O && o < (b + 1) * CB; o++)
        bias[o % CB] = j->bias[o];
    v16 bv = AT(bias);
    size_t xi_stride = g->ms / CB;
    float *yb = j->yb + b * g->T * 16 * CB;
    for (size_t t = 0; t < g->T; t++) {
        const v16 *m = (const v16 *)(j->m + t * g->Op + b * CB);
        v16 r[4][6], *out = (v16 *)(yb + t * 16 * CB);
        for (int k = 0; k < 6; k++)
            at6(m + (size_t)k * xi_stride, 6 * xi_stride, &r[0][k], 6); /* columns: r = A^T m */
        for (int i = 0; i < 4; i++) {
            at6(&r[i][0], 1, out + i * 4, 1); /* rows: r A */
            for (int k = 0; k < 4; k++)
                out[i * 4 + k] += bv;
        }
    }
    size_t plane = g->OH * g->OW, channels = g->O - b * CB < CB ? g->O - b * CB : CB;
    float *y = j->y + b * CB * plane;
    for (size_t oh = 0; oh < g->OH; oh++) {
        size_t i = oh % 4;
        /* 16 positions of this row (4 tiles) x 16 channels, transposed into 16 row pieces */
        for (size_t tx = 0; tx < g->TW; tx += 4) {
            v16 r[16];
            for (size_t q = 0; q < 16; q++) {
                size_t t = (oh / 4) * g->TW + tx + q / 4;
                r[q] = tx + q / 4 < g->TW ? AT(yb + (t * 16 + i * 4 + q % 4) * CB) : (v16){0};
            }
            transpose16(r);
            size_t ow = tx * 4, n = g->OW - ow < 16 ? g->OW - ow : 16;
            for (size_t c = 0; c < channels; c++) {
                float *dst = y + c * plane + oh * g->OW + ow;
                if (j->clamp) /* no residual to add first: the clamp in registers */
                    nnx_clamp_vec16(j->clamp, &r[c]);
                if (n == 16)
                    *(v16 *)dst = r[c];
                else
                    memcpy(dst, &r[c], n * sizeof(float));
            }
        }
        for (size_t c = 0; c < channels && !j->clamp; c++) {
            float *row = y + c * plane + oh * g->OW;
            const float *res = j->residual ? j->residual + (b * CB + c) * plane + oh * g->OW : NULL;
            for (size_t ow = 0; res && ow < g->OW; ow++)
                row[ow] += res[ow];
            nnx_apply_activation(j->act, row, g->OW);
        }
    }
}

#if defined(__x86_64__)
NNX_TARGET_AVX512 static void input_avx512(void *arg, size_t b) { input_block(arg, b); }
NNX_TARGET_AVX512 static void copy_avx512(void *arg, size_t i) { copy_part(arg, i); }
NNX_TARGET_AVX512 static void tiles_avx512(void *arg, size_t i) { tiles_part(arg, i); }
NNX_TARGET_AVX512 static void output_avx512(void *arg, size_t b) { output_block(arg, b); }
NNX_TARGET_AVX2_FMA static void input_avx2(void *arg, size_t b) { input_block(arg, b); }
NNX_TARGET_AVX2_FMA static void copy_avx2(void *arg, size_t i) { copy_part(arg, i); }
NNX_TARGET_AVX2_FMA static void tiles_avx2(void *arg, size_t i) { tiles_part(arg, i); }
NNX_TARGET_AVX2_FMA static void output_avx2(void *arg, size_t b) { output_block(arg, b); }
#endif
static void input_generic(void *arg, size_t b) { input_block(arg, b); }
static void copy_generic(void *arg, size_t i) { copy_part(arg, i); }
static void tiles_generic(void *arg, size_t i) { tiles_part(arg, i); }
static void output_generic(void *arg, size_t b) { output_block(arg, b); }

/* M[ξ] (tiles x Op) = V[ξ] (tiles x Cp) · U[ξ] (Cp x Op), one item per ξ, taken by whichever
 * thread is free (in the running thread's workspace). U is read in place: it is made once,
 * and packing it per run would cost as much as the product. */
static void gemm_task(void *arg, size_t xi, unsigned thread)
{
    const wino_job *j = arg;
    const winograd *g = j->g;
    void *work = (char *)j->env->scratch + thread * j->env->per_thread;
    nnx_fmat A = {j->v + xi * g->vs, g->Cp, 1}, B = {j->u + xi * g->Cp * g->Op, g->Op, 1};
    nnx_gemm_io io = {.b_in_place = true};
    nnx_sgemm_io(j->level, g->T, g->Op, g->Cp, A, B, j->m + xi * g->ms, g->Op, false, work, &io);
}

nnx_status nnx_fast_winograd(const nnx_op_args *args, const nnx_view *in, nnx_view *out, const nnx_kernel_env *env)
{
    if (!env->prepared)
        return nnx_fast_conv2d(args, in, out, env); /* its shared scratch fits (nnx_winograd_suits) */
    winograd g = geometry(args, &in[0].desc, &out->desc);
    float *xb = env->shared, *v = xb + g.Cp * g.HP * g.WP, *m = v + XI * g.vs, *yb = m + XI * g.ms;
    nnx_cpu_level level = nnx_cpu_level_get();
    void (*input)(void *, size_t) = input_generic, (*output)(void *, size_t) = output_generic;
    void (*copy)(void *, size_t) = copy_generic, (*tiles)(void *, size_t) = tiles_generic;
#if defined(__x86_64__)
    if (level >= NNX_CPU_AVX512)
        input = input_avx512, copy = copy_avx512, tiles = tiles_avx512, output = output_avx512;
    else if (level >= NNX_CPU_AVX2)
        input = input_avx2, copy = copy_avx2, tiles = tiles_avx2, output = output_avx2;
#endif
    /* fewer channel blocks than threads (a 16-channel input: one): each block's copy, then
     * its tiles, in parts (two loops: a part's tiles read the next part's rows). With a block
     * per thread or more the extra loop's wait cost what the parts gained. */
    size_t threads = nnx_pool_threads(env->pool), blocks = g.Cp / CB, parts = 1;
    if (blocks < threads)
        parts = (2 * threads + blocks - 1) / blocks < g.TH ? (2 * threads + blocks - 1) / blocks : g.TH;
    nnx_clamp_simd clamp;
    bool in_regs = !env->residual && nnx_clamp_simd_setup(env->act, &clamp);
    for (size_t n = 0; n < g.N; n++) {
        wino_job j = {&g,
                      (const float *)in[0].data + n * g.C * g.H * g.W,
                      env->prepared,
                      args->n_in > 2 ? in[2].data : NULL,
                      env->residual ? env->residual + n * g.O * g.OH * g.OW : NULL,
                      xb,
                      v,
                      m,
                      yb,
                      (float *)out->data + n * g.O * g.OH * g.OW,
                      env,
                      env->act,
                      level,
                      in_regs ? &clamp : NULL,
                      parts};
        if (parts > 1) {
            nnx_pool_for(env->pool, blocks * parts, copy, &j);
            nnx_pool_for(env->pool, blocks * parts, tiles, &j);
        } else {
            nnx_pool_for(env->pool, blocks, input, &j);
        }
        nnx_pool_for_thread(env->pool, XI, gemm_task, &j);
        nnx_pool_for(env->pool, g.Op / CB, output, &j);
    }
    return NNX_OK;
}
