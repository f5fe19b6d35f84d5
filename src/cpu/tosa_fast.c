/* tosa_fast.c — the TOSA float32 operators in their own NHWC layout, with no transpose of
 * the activations: tosa_conv2d as one GEMM over im2col rows (the input itself for 1x1
 * stride-1 unpadded), tosa_depthwise_conv2d, tosa_avg_pool2d and nhwc max_pool vectorised
 * over the channels, tosa_matmul as a batch of sgemm products (engine decision E33). */
#include "base/checked.h"
#include "cpu/isa.h"
#include "cpu/kernels.h"

#include <math.h>
#include <string.h>

/* tosa_conv2d (input [N, H, W, I], weights OHWI): y[N*OH*OW, O] = cols[N*OH*OW, KH*KW*I] · Wᵀ,
 * row r of cols the window of output pixel r (KH*KW runs of I contiguous channels, zeros
 * where it leaves the input), Wᵀ the OHWI filter read as a K x O matrix (packed once when it
 * is a constant: packed_weights.c). Small im2col matrices are made whole and split over the
 * threads by the GEMM; larger ones in blocks of rows, each thread its own blocks in its own
 * scratch. The bias row and a fused clamp are the GEMM's tile epilogue. Depthwise (AVX2 for
 * channel multiplier 1) and the pools compute an output row per task.
 * Sums are float32 (FMA): conv, depthwise and matmul agree with the reference within float32
 * rounding of each sum (E10); pooling gives the reference's bytes (average: summed in double
 * in the reference's order and divided once). Every element is computed by one thread in
 * the same order whatever the thread count. */

/* ---- conv2d: GEMM over the NHWC windows ---------------------------------------------- */

typedef struct nhwc_conv {
    size_t N, H, W, I, O, KH, KW, OH, OW, M, K;
    int64_t sy, sx, dy, dx, pt, pl;
} nhwc_conv;

static nhwc_conv conv_geometry(const nnx_op_args *args, const nnx_operand_desc *x, const nnx_operand_desc *w,
                               const nnx_operand_desc *y)
{
    const nnx_attr_tosa_conv *a = &args->attrs->tosa_conv;
    nhwc_conv g = {.N = x->shape[0],
                   .H = x->shape[1],
                   .W = x->shape[2],
                   .I = x->shape[3],
                   .O = w->shape[0],
                   .KH = w->shape[1],
                   .KW = w->shape[2],
                   .OH = y->shape[1],
                   .OW = y->shape[2],
                   .sy = a->stride[0],
                   .sx = a->stride[1],
                   .dy = a->dilation[0],
                   .dx = a->dilation[1],
                   .pt = a->pad[0],
                   .pl = a->pad[2]};
    g.M = g.N * g.OH * g.OW;
    g.K = g.KH * g.KW * g.I;
    return g;
}

static bool conv_pointwise(const nhwc_conv *g)
{
    return g->KH == 1 && g->KW == 1 && g->sy == 1 && g->sx == 1 && g->pt == 0 && g->pl == 0 && g->OH == g->H &&
        g->OW == g->W;
}

#define WHOLE_FLOATS ((size_t)1 << 20) /* an im2col matrix made whole up to this size */
#define CHUNK_FLOATS ((size_t)1 << 16) /* a block of its rows otherwise, of at least ... */
#define CHUNK_MIN_ROWS 128             /* ... rows (each block streams all the weights) */

typedef enum conv_path { PATH_POINTWISE, PATH_WHOLE, PATH_CHUNKED } conv_path;

static conv_path path_of(const nhwc_conv *g)
{
    if (conv_pointwise(g))
        return PATH_POINTWISE;
    return g->M <= WHOLE_FLOATS / g->K ? PATH_WHOLE : PATH_CHUNKED;
}

/* Rows per block of the chunked path: a fixed function of the shape, so the blocks (and
 * every sum) are the same for any thread count. */
static size_t chunk_rows(const nhwc_conv *g)
{
    size_t r = nnx_round_up(CHUNK_FLOATS / g->K, 16);
    r = r < CHUNK_MIN_ROWS ? CHUNK_MIN_ROWS : r;
    return r < g->M ? r : g->M;
}

static size_t aligned_workspace(void) { return nnx_round_up(nnx_sgemm_workspace(), 64); }

bool nnx_fast_tosa_conv2d_scratch(const nnx_op_args *args, const nnx_operand_desc *x, const nnx_operand_desc *w,
                                  const nnx_operand_desc *y, size_t *shared_bytes, size_t *thread_bytes)
{
    nhwc_conv g = conv_geometry(args, x, w, y);
    size_t shared = nnx_round_up(g.O, 16), thread = aligned_workspace(), cols; /* shared: the bias row first */
    conv_path p = path_of(&g);
    if (p == PATH_WHOLE && (!nnx_mul_size(g.M, g.K, &cols) || !nnx_add_size(shared, cols, &shared)))
        return false;
    if (p == PATH_CHUNKED) {
        if (!nnx_mul_size(chunk_rows(&g), g.K * sizeof(float), &cols) ||
            !nnx_add_size(thread, nnx_round_up(cols, 64), &thread))
            return false;
    }
    *thread_bytes = thread;
    return nnx_mul_size(shared, sizeof(float), shared_bytes);
}

/* Row r of the im2col matrix (output pixel r = (n, oh, ow)): tap (kh, kw) is channels
 * [(kh * KW + kw) * I, + I), zeros outside the input. */
static void im2col_row(const nhwc_conv *g, const float *x, size_t r, float *dst)
{
    size_t ow = r % g->OW, t = r / g->OW, oh = t % g->OH, n = t / g->OH, run = g->KW * g->I;
    int64_t iw0 = (int64_t)ow * g->sx - g->pl;
    bool row_inside = iw0 >= 0 && iw0 + ((int64_t)g->KW - 1) * g->dx < (int64_t)g->W;
    for (size_t kh = 0; kh < g->KH; kh++, dst += run) {
        int64_t ih = (int64_t)oh * g->sy - g->pt + (int64_t)kh * g->dy;
        if (ih < 0 || ih >= (int64_t)g->H) {
            memset(dst, 0, run * sizeof *dst);
            continue;
        }
        const float *src = x + ((n * g->H + (size_t)ih) * g->W) * g->I;
        if (row_inside && g->dx == 1) { /* the KW taps are one contiguous run of the input */
            memcpy(dst, src + (size_t)iw0 * g->I, run * sizeof *dst);
            continue;
        }
        for (size_t kw = 0; kw < g->KW; kw++) {
            int64_t iw = iw0 + (int64_t)kw * g->dx;
            if (iw < 0 || iw >= (int64_t)g->W)
                memset(dst + kw * g->I, 0, g->I * sizeof *dst);
            else
                memcpy(dst + kw * g->I, src + (size_t)iw * g->I, g->I * sizeof *dst);
        }
    }
}

#define FILL_ROWS 64 /* im2col rows per task of the whole path */

typedef struct conv_job {
    const nhwc_conv *g;
    const nnx_kernel_env *env;
    const float *x;
    float *cols, *y;
    nnx_fmat B;
    nnx_gemm_io io;
    nnx_cpu_level level;
    size_t rows; /* chunked: rows per block */
} conv_job;

static void fill_task(void *arg, size_t t)
{
    const conv_job *j = arg;
    size_t r1 = (t + 1) * FILL_ROWS < j->g->M ? (t + 1) * FILL_ROWS : j->g->M;
    for (size_t r = t * FILL_ROWS; r < r1; r++)
        im2col_row(j->g, j->x, r, j->cols + r * j->g->K);
}

static void chunk_task(void *arg, size_t c, unsigned thread)
{
    const conv_job *j = arg;
    const nhwc_conv *g = j->g;
    char *mine = (char *)j->env->scratch + thread * j->env->per_thread;
    float *cols = (float *)(mine + aligned_workspace());
    size_t r0 = c * j->rows, n = g->M - r0 < j->rows ? g->M - r0 : j->rows;
    for (size_t r = 0; r < n; r++)
        im2col_row(g, j->x, r0 + r, cols + r * g->K);
    nnx_gemm_io io = j->io;
    io.i_off = r0;
    nnx_sgemm_io(j->level, n, g->O, g->K, (nnx_fmat){cols, g->K, 1}, j->B, j->y + r0 * g->O, g->O, false, mine, &io);
}

nnx_status nnx_fast_tosa_conv2d(const nnx_op_args *args, const nnx_view *in, nnx_view *out, const nnx_kernel_env *env)
{
    nhwc_conv g = conv_geometry(args, &in[0].desc, &in[1].desc, &out->desc);
    const float *x = in[0].data, *bias = in[2].data;
    float *shared = env->shared;
    if (in[2].desc.shape[0] != g.O) { /* one bias for every channel: made a row */
        for (size_t o = 0; o < g.O; o++)
            shared[o] = bias[0];
        bias = shared;
    }
    nnx_gemm_epilogue ep = {NULL, bias, env->act && env->act->on ? env->act : NULL, 0};
    conv_job j = {.g = &g,
                  .env = env,
                  .x = x,
                  .cols = shared + nnx_round_up(g.O, 16),
                  .y = out->data,
                  .B = {in[1].data, 1, g.K}, /* (k, o) = w[o][k]: OHWI is Wᵀ */
                  .io = {.epilogue = &ep, .b_packed = env->prepared},
                  .level = nnx_cpu_level_get()};
    switch (path_of(&g)) {
    case PATH_POINTWISE:
        nnx_sgemm_threads_io(env, g.M, g.O, g.K, (nnx_fmat){x, g.K, 1}, j.B, j.y, g.O, false, &j.io);
        break;
    case PATH_WHOLE: {
        size_t tasks = (g.M + FILL_ROWS - 1) / FILL_ROWS;
        nnx_pool_for(tasks > 1 ? env->pool : NULL, tasks, fill_task, &j);
        nnx_sgemm_threads_io(env, g.M, g.O, g.K, (nnx_fmat){j.cols, g.K, 1}, j.B, j.y, g.O, false, &j.io);
        break;
    }
    case PATH_CHUNKED:
        j.rows = chunk_rows(&g);
        nnx_pool_for_thread(env->pool, (g.M + j.rows - 1) / j.rows, chunk_task, &j);
        break;
    }
    return NNX_OK;
}

/* ---- matmul: [N, H, C] x [N, C, W] ---------------------------------------------------- */

nnx_status nnx_fast_tosa_matmul(const nnx_op_args *args, const nnx_view *in, nnx_view *out, const nnx_kernel_env *env)
{
    (void)args;
    size_t N = in[0].desc.shape[0], H = in[0].desc.shape[1], C = in[0].desc.shape[2], W = in[1].desc.shape[2];
    const float *A = in[0].data, *B = in[1].data;
    float *Y = out->data;
    nnx_gemm_epilogue ep = {NULL, NULL, env->act, 0};
    nnx_gemm_io io = {.epilogue = env->act && env->act->on ? &ep : NULL};
    for (size_t n = 0; n < N; n++) {
        nnx_fmat fb = {B + n * C * W, W, 1};
        if (env->prepared && H == 1) /* prepared only for one matrix: Bᵀ row-major for one row */
            fb = (nnx_fmat){env->prepared, 1, C};
        else
            io.b_packed = env->prepared;
        nnx_sgemm_threads_io(env, H, W, C, (nnx_fmat){A + n * H * C, C, 1}, fb, Y + n * H * W, W, false, &io);
    }
    return NNX_OK;
}

/* ---- depthwise conv2d and pooling: vectorised over channels -------------------------- */

typedef enum chan_mode { MODE_DEPTHWISE, MODE_MAX, MODE_MAX_IGNORE, MODE_AVG } chan_mode;

/* One NHWC window operation: input [N, H, W, C / mult], output [N, OH, OW, C]; depthwise
 * weights [KH, KW, C / mult, mult] (output channel c reads input channel c / mult) and bias
 * (C values, or one: bias_step 0); pools have mult 1. */
typedef struct chan_job {
    chan_mode mode;
    size_t N, H, W, C, OH, OW, KH, KW, mult;
    int64_t sy, sx, dy, dx, pt, pl;
    const float *x, *w, *bias;
    size_t bias_step;
    float *y;
    const nnx_activation *act;
} chan_job;

/* The first input row (or column) of output position o, and the taps [*k0, *k1) inside. */
static int64_t taps(int64_t o, int64_t s, int64_t p, int64_t d, size_t k, size_t in, size_t *k0, size_t *k1)
{
    int64_t i0 = o * s - p;
    size_t a = 0, b = k;
    while (a < b && i0 + (int64_t)a * d < 0)
        a++;
    while (b > a && i0 + (int64_t)(b - 1) * d >= (int64_t)in)
        b--;
    *k0 = a;
    *k1 = b;
    return i0;
}

/* Channels [c0, C) of output pixel (n, oh, ow) in portable C. */
static void pixel_generic(const chan_job *j, size_t n, size_t oh, size_t ow, size_t c0)
{
    size_t kh0, kh1, kw0, kw1;
    int64_t ih0 = taps((int64_t)oh, j->sy, j->pt, j->dy, j->KH, j->H, &kh0, &kh1);
    int64_t iw0 = taps((int64_t)ow, j->sx, j->pl, j->dx, j->KW, j->W, &kw0, &kw1);
    float *yo = j->y + ((n * j->OH + oh) * j->OW + ow) * j->C;
    for (size_t c = c0; c < j->C; c++) {
        float acc = 0.0f, m = -INFINITY;
        double sum = 0.0;
        bool taken = false;
        for (size_t kh = kh0; kh < kh1; kh++)
            for (size_t kw = kw0; kw < kw1; kw++) {
                size_t ih = (size_t)(ih0 + (int64_t)kh * j->dy), iw = (size_t)(iw0 + (int64_t)kw * j->dx);
                float v = j->x[((n * j->H + ih) * j->W + iw) * (j->C / j->mult) + c / j->mult];
                switch (j->mode) {
                case MODE_DEPTHWISE: acc += v * j->w[(kh * j->KW + kw) * j->C + c]; break;
                case MODE_AVG: sum += v; break;
                case MODE_MAX:
                    if (!isnan(m) && (isnan(v) || v > m))
                        m = v;
                    break;
                case MODE_MAX_IGNORE:
                    if (isnan(v))
                        m = taken ? m : v;
                    else {
                        m = taken && m >= v ? m : v;
                        taken = true;
                    }
                    break;
                }
            }
        if (j->mode == MODE_DEPTHWISE)
            yo[c] = acc + j->bias[c * j->bias_step];
        else if (j->mode == MODE_AVG)
            yo[c] = (float)(sum / (double)((kh1 - kh0) * (kw1 - kw0)));
        else
            yo[c] = m;
    }
}

#if defined(__x86_64__)
/* Channels [0, C - C % 8) of output pixel (n, oh, ow) with AVX2 (+ FMA for depthwise); the
 * same operations in the same order as pixel_generic, eight channels at a time (depthwise
 * fuses each product into its sum). Channel multipliers above 1 are left to pixel_generic. */
NNX_TARGET_AVX2_FMA static size_t pixel_avx2(const chan_job *j, size_t n, size_t oh, size_t ow)
{
    size_t kh0, kh1, kw0, kw1, C = j->C, c = 0;
    if (j->mult != 1)
        return 0;
    int64_t ih0 = taps((int64_t)oh, j->sy, j->pt, j->dy, j->KH, j->H, &kh0, &kh1);
    int64_t iw0 = taps((int64_t)ow, j->sx, j->pl, j->dx, j->KW, j->W, &kw0, &kw1);
    float *yo = j->y + ((n * j->OH + oh) * j->OW + ow) * C;
    const float *xn = j->x + n * j->H * j->W * C;
#define PX_AT(kh, kw) (xn + ((size_t)(ih0 + (int64_t)(kh)*j->dy) * j->W + (size_t)(iw0 + (int64_t)(kw)*j->dx)) * C)
    if (j->mode == MODE_DEPTHWISE) {
        for (; c + 32 <= C; c += 32) {
            __m256 a0 = _mm256_setzero_ps(), a1 = a0, a2 = a0, a3 = a0;
            for (size_t kh = kh0; kh < kh1; kh++)
                for (size_t kw = kw0; kw < kw1; kw++) {
                    const float *xp = PX_AT(kh, kw) + c, *wp = j->w + (kh * j->KW + kw) * C + c;
                    a0 = _mm256_fmadd_ps(_mm256_loadu_ps(xp), _mm256_loadu_ps(wp), a0);
                    a1 = _mm256_fmadd_ps(_mm256_loadu_ps(xp + 8), _mm256_loadu_ps(wp + 8), a1);
                    a2 = _mm256_fmadd_ps(_mm256_loadu_ps(xp + 16), _mm256_loadu_ps(wp + 16), a2);
                    a3 = _mm256_fmadd_ps(_mm256_loadu_ps(xp + 24), _mm256_loadu_ps(wp + 24), a3);
                }
            if (j->bias_step) {
                a0 = _mm256_add_ps(a0, _mm256_loadu_ps(j->bias + c));
                a1 = _mm256_add_ps(a1, _mm256_loadu_ps(j->bias + c + 8));
                a2 = _mm256_add_ps(a2, _mm256_loadu_ps(j->bias + c + 16));
                a3 = _mm256_add_ps(a3, _mm256_loadu_ps(j->bias + c + 24));
            } else {
                __m256 b = _mm256_set1_ps(j->bias[0]);
                a0 = _mm256_add_ps(a0, b);
                a1 = _mm256_add_ps(a1, b);
                a2 = _mm256_add_ps(a2, b);
                a3 = _mm256_add_ps(a3, b);
            }
            _mm256_storeu_ps(yo + c, a0);
            _mm256_storeu_ps(yo + c + 8, a1);
            _mm256_storeu_ps(yo + c + 16, a2);
            _mm256_storeu_ps(yo + c + 24, a3);
        }
        for (; c + 8 <= C; c += 8) {
            __m256 a0 = _mm256_setzero_ps();
            for (size_t kh = kh0; kh < kh1; kh++)
                for (size_t kw = kw0; kw < kw1; kw++)
                    a0 = _mm256_fmadd_ps(_mm256_loadu_ps(PX_AT(kh, kw) + c),
                                         _mm256_loadu_ps(j->w + (kh * j->KW + kw) * C + c), a0);
            __m256 b = j->bias_step ? _mm256_loadu_ps(j->bias + c) : _mm256_set1_ps(j->bias[0]);
            _mm256_storeu_ps(yo + c, _mm256_add_ps(a0, b));
        }
        return c;
    }
    if (j->mode == MODE_AVG) {
        __m256d count = _mm256_set1_pd((double)((kh1 - kh0) * (kw1 - kw0)));
        for (; c + 8 <= C; c += 8) {
            __m256d lo = _mm256_setzero_pd(), hi = lo;
            for (size_t kh = kh0; kh < kh1; kh++)
                for (size_t kw = kw0; kw < kw1; kw++) {
                    __m256 v = _mm256_loadu_ps(PX_AT(kh, kw) + c);
                    lo = _mm256_add_pd(lo, _mm256_cvtps_pd(_mm256_castps256_ps128(v)));
                    hi = _mm256_add_pd(hi, _mm256_cvtps_pd(_mm256_extractf128_ps(v, 1)));
                }
            __m128 l = _mm256_cvtpd_ps(_mm256_div_pd(lo, count)), h = _mm256_cvtpd_ps(_mm256_div_pd(hi, count));
            _mm256_storeu_ps(yo + c, _mm256_set_m128(h, l));
        }
        return c;
    }
    bool ignore = j->mode == MODE_MAX_IGNORE;
    for (; c + 8 <= C; c += 8) {
        __m256 m = _mm256_set1_ps(-INFINITY), taken = _mm256_setzero_ps();
        for (size_t kh = kh0; kh < kh1; kh++)
            for (size_t kw = kw0; kw < kw1; kw++) {
                __m256 v = _mm256_loadu_ps(PX_AT(kh, kw) + c), nan_v = _mm256_cmp_ps(v, v, _CMP_UNORD_Q), take;
                if (!ignore) { /* (v > m or v NaN) and m not NaN: the first NaN stays */
                    take = _mm256_and_ps(_mm256_or_ps(_mm256_cmp_ps(v, m, _CMP_GT_OQ), nan_v),
                                         _mm256_cmp_ps(m, m, _CMP_ORD_Q));
                } else { /* a number unless one taken is >= it; a NaN only before any number */
                    __m256 keep = _mm256_and_ps(taken, _mm256_cmp_ps(m, v, _CMP_GE_OQ));
                    take = _mm256_or_ps(
                        _mm256_andnot_ps(_mm256_or_ps(nan_v, keep), _mm256_castsi256_ps(_mm256_set1_epi32(-1))),
                        _mm256_andnot_ps(taken, nan_v));
                    taken = _mm256_or_ps(taken, _mm256_andnot_ps(nan_v, _mm256_castsi256_ps(_mm256_set1_epi32(-1))));
                }
                m = _mm256_blendv_ps(m, v, take);
            }
        _mm256_storeu_ps(yo + c, m);
    }
#undef PX_AT
    return c;
}
#endif

static void row_task(void *arg, size_t t)
{
    const chan_job *j = arg;
    size_t n = t / j->OH, oh = t % j->OH;
    bool avx2 = nnx_cpu_level_get() >= NNX_CPU_AVX2;
    for (size_t ow = 0; ow < j->OW; ow++) {
        size_t c0 = 0;
#if defined(__x86_64__)
        if (avx2)
            c0 = pixel_avx2(j, n, oh, ow);
#else
        (void)avx2;
#endif
        if (c0 < j->C)
            pixel_generic(j, n, oh, ow, c0);
    }
    if (j->mode == MODE_DEPTHWISE)
        nnx_apply_activation(j->act, j->y + (n * j->OH + oh) * j->OW * j->C, j->OW * j->C);
}

static void run_rows(chan_job *j, const nnx_kernel_env *env)
{
    size_t rows = j->N * j->OH, work = rows * j->OW * j->C * (j->mode == MODE_DEPTHWISE ? j->KH * j->KW : 1);
    nnx_pool_for(rows > 1 && work >= ((size_t)1 << 15) ? env->pool : NULL, rows, row_task, j);
}

nnx_status nnx_fast_tosa_depthwise2d(const nnx_op_args *args, const nnx_view *in, nnx_view *out,
                                     const nnx_kernel_env *env)
{
    const nnx_attr_tosa_conv *a = &args->attrs->tosa_conv;
    const uint32_t *xs = in[0].desc.shape, *ws = in[1].desc.shape, *ys = out->desc.shape;
    chan_job j = {.mode = MODE_DEPTHWISE,
                  .N = xs[0],
                  .H = xs[1],
                  .W = xs[2],
                  .C = ys[3],
                  .OH = ys[1],
                  .OW = ys[2],
                  .KH = ws[0],
                  .KW = ws[1],
                  .mult = ws[3],
                  .sy = a->stride[0],
                  .sx = a->stride[1],
                  .dy = a->dilation[0],
                  .dx = a->dilation[1],
                  .pt = a->pad[0],
                  .pl = a->pad[2],
                  .x = in[0].data,
                  .w = in[1].data,
                  .bias = in[2].data,
                  .bias_step = in[2].desc.shape[0] == ys[3] ? 1 : 0,
                  .y = out->data,
                  .act = env->act};
    run_rows(&j, env);
    return NNX_OK;
}

nnx_status nnx_fast_pool_nhwc(const nnx_op_args *args, const nnx_view *in, nnx_view *out, const nnx_kernel_env *env)
{
    const uint32_t *xs = in[0].desc.shape, *ys = out->desc.shape;
    chan_job j = {.N = xs[0],
                  .H = xs[1],
                  .W = xs[2],
                  .C = xs[3],
                  .OH = ys[1],
                  .OW = ys[2],
                  .mult = 1,
                  .x = in[0].data,
                  .y = out->data};
    if (args->op == NNX_OP_TOSA_AVG_POOL2D) {
        const nnx_attr_tosa_pool *a = &args->attrs->tosa_pool;
        j.mode = MODE_AVG;
        j.KH = a->kernel[0], j.KW = a->kernel[1], j.sy = a->stride[0], j.sx = a->stride[1];
        j.dy = j.dx = 1, j.pt = a->pad[0], j.pl = a->pad[2];
    } else { /* max_pool, nhwc */
        const nnx_attr_pool *a = &args->attrs->pool;
        j.mode = a->nan_mode == NNX_NAN_IGNORE ? MODE_MAX_IGNORE : MODE_MAX;
        j.KH = a->window[0], j.KW = a->window[1], j.sy = a->strides[0], j.sx = a->strides[1];
        j.dy = a->dilations[0], j.dx = a->dilations[1], j.pt = a->pads[0], j.pl = a->pads[2];
    }
    run_rows(&j, env);
    return NNX_OK;
}
