/* norm_fast.c — float32 batch, instance and layer normalization: statistics in double per
 * line, the per-element work in float in vectorisable loops, split over the pool by whole
 * lines / column blocks / planes (the same bytes for any thread count). Contract: |fast -
 * reference| <= 2^-21 * (|scale * (x - mean) / sigma| + |bias|) per element; NaN and infinity
 * propagate as in the reference. Not bit-identical (nnx_kernel_exact is false). */
#include "cpu/isa.h"
#include "cpu/kernels.h"
#include "ir/shape.h"
#include "ops/table.h"

#include <math.h>

/* The reference (ops/normalization.c) computes scale * (x - mean) / sqrt(variance + epsilon)
 * + bias in double and rounds once. Here a line's mean and population variance come from two
 * passes in double; each element is ((x - mean_hi) - mean_lo) * (1 / sigma) * scale + bias in
 * float, a few roundings. A line (or channel) whose statistics leave the range where that
 * keeps the bound (NaN or infinite inputs, |mean| or variance + epsilon beyond 2^+-100) is
 * computed with the reference's formula in double instead. */

/* Partial sums per line: independent accumulators the compiler can keep in vector lanes. */
#define LANES 8
/* Columns of a strided statistics block (its sums live on the stack). */
#define COLS 64
/* Elements per task at least when split over the pool: below, waking a worker costs more
 * than its share saves (half the element-wise kernels' chunk: three passes per element). */
#define TASK_ELEMENTS ((size_t)1 << 14)

/* ---------------------------------------------------------------- shared pieces */

/* The float path keeps the stated bound: |mean| and variance + epsilon well inside float's
 * range, so x - mean cannot overflow and 1/sigma is a normal float (false for NaN). */
static bool float_safe(double mean, double ve) { return fabs(mean) <= 0x1p100 && ve >= 0x1p-100 && ve <= 0x1p100; }

/* The reference's formula in double for one line of n elements (x and y with element stride
 * step; scale / bias at stride ss / bs, NULL for 1 / 0). */
static void exact_line(const float *x, float *y, size_t step, size_t n, double mean, double ve, const float *s,
                       size_t ss, const float *b, size_t bs)
{
    double sd = sqrt(ve);
    for (size_t i = 0; i < n; i++) {
        double sv = s ? s[i * ss] : 1.0, bv = b ? b[i * bs] : 0.0;
        y[i * step] = (float)(sv * ((double)x[i * step] - mean) / sd + bv);
    }
}

/* Mean and population variance of n > 0 contiguous floats, in double. */
static void line_moments(const float *x, size_t n, double *mean, double *var)
{
    double acc[LANES] = {0}, sum = 0, sq = 0;
    size_t i = 0;
    for (; i + LANES <= n; i += LANES)
        for (size_t j = 0; j < LANES; j++)
            acc[j] += x[i + j];
    for (size_t j = 0; j < LANES; j++)
        sum += acc[j];
    for (; i < n; i++)
        sum += x[i];
    double m = sum / (double)n;
    for (size_t j = 0; j < LANES; j++)
        acc[j] = 0;
    for (i = 0; i + LANES <= n; i += LANES)
        for (size_t j = 0; j < LANES; j++) {
            double d = (double)x[i + j] - m;
            acc[j] += d * d;
        }
    for (size_t j = 0; j < LANES; j++)
        sq += acc[j];
    for (; i < n; i++) {
        double d = (double)x[i] - m;
        sq += d * d;
    }
    *mean = m;
    *var = sq / (double)n;
}

/* The float form of a line's statistics: mean = mf + ml (ml carries what rounding mean to
 * float lost, so x - mean is accurate even when |mean| >> sigma) and r = 1 / sigma. */
typedef struct line_coef {
    float mf, ml, r;
} line_coef;

static line_coef coef_of(double mean, double ve)
{
    float mf = (float)mean;
    return (line_coef){mf, (float)(mean - (double)mf), (float)(1.0 / sqrt(ve))};
}

/* y = ((x - mf) - ml) * r * s[i] + b[i] over a contiguous line (s / b NULL: 1 / 0). The
 * + 0.0f of an absent bias is the reference's (it adds 0.0 too). */
static void line_out(const float *restrict x, float *restrict y, size_t n, line_coef c, const float *restrict s,
                     const float *restrict b)
{
    const float mf = c.mf, ml = c.ml, r = c.r;
    if (s && b)
        for (size_t i = 0; i < n; i++)
            y[i] = ((x[i] - mf) - ml) * r * s[i] + b[i];
    else if (s)
        for (size_t i = 0; i < n; i++)
            y[i] = ((x[i] - mf) - ml) * r * s[i] + 0.0f;
    else if (b)
        for (size_t i = 0; i < n; i++)
            y[i] = ((x[i] - mf) - ml) * r + b[i];
    else
        for (size_t i = 0; i < n; i++)
            y[i] = ((x[i] - mf) - ml) * r + 0.0f;
}

#if defined(__x86_64__)

/* line_moments with 16 elements a step in two vectors of doubles (the same sums in another
 * order: within the same bound). */
NNX_TARGET_AVX512 static void line_moments_avx512(const float *x, size_t n, double *mean, double *var)
{
    __m512d a0 = _mm512_setzero_pd(), a1 = _mm512_setzero_pd();
    size_t i = 0;
    for (; i + 16 <= n; i += 16) {
        a0 = _mm512_add_pd(a0, _mm512_cvtps_pd(_mm256_loadu_ps(x + i)));
        a1 = _mm512_add_pd(a1, _mm512_cvtps_pd(_mm256_loadu_ps(x + i + 8)));
    }
    double sum = _mm512_reduce_add_pd(_mm512_add_pd(a0, a1));
    for (size_t t = i; t < n; t++)
        sum += x[t];
    double m = sum / (double)n;
    __m512d mv = _mm512_set1_pd(m), q0 = _mm512_setzero_pd(), q1 = _mm512_setzero_pd();
    for (i = 0; i + 16 <= n; i += 16) {
        __m512d d0 = _mm512_sub_pd(_mm512_cvtps_pd(_mm256_loadu_ps(x + i)), mv);
        __m512d d1 = _mm512_sub_pd(_mm512_cvtps_pd(_mm256_loadu_ps(x + i + 8)), mv);
        q0 = _mm512_fmadd_pd(d0, d0, q0);
        q1 = _mm512_fmadd_pd(d1, d1, q1);
    }
    double sq = _mm512_reduce_add_pd(_mm512_add_pd(q0, q1));
    for (; i < n; i++) {
        double d = (double)x[i] - m;
        sq += d * d;
    }
    *mean = m;
    *var = sq / (double)n;
}

/* line_out 16 lanes a step, the same float operations in the same order (no fused
 * multiply-add), so the same bytes. */
NNX_TARGET_AVX512 static void line_out_avx512(const float *restrict x, float *restrict y, size_t n, line_coef c,
                                              const float *restrict s, const float *restrict b)
{
    __m512 mf = _mm512_set1_ps(c.mf), ml = _mm512_set1_ps(c.ml), r = _mm512_set1_ps(c.r);
    size_t i = 0;
    for (; i + 16 <= n; i += 16) {
        __m512 v = _mm512_mul_ps(_mm512_sub_ps(_mm512_sub_ps(_mm512_loadu_ps(x + i), mf), ml), r);
        if (s)
            v = _mm512_mul_ps(v, _mm512_loadu_ps(s + i));
        _mm512_storeu_ps(y + i, _mm512_add_ps(v, b ? _mm512_loadu_ps(b + i) : _mm512_setzero_ps()));
    }
    line_out(x + i, y + i, n - i, c, s ? s + i : NULL, b ? b + i : NULL);
}
#endif

/* The per-line pieces for this CPU. */
static void moments(const float *x, size_t n, double *mean, double *var)
{
#if defined(__x86_64__)
    if (nnx_cpu_level_get() >= NNX_CPU_AVX512) {
        line_moments_avx512(x, n, mean, var);
        return;
    }
#endif
    line_moments(x, n, mean, var);
}

static void out_along(const float *x, float *y, size_t n, line_coef c, const float *s, const float *b)
{
#if defined(__x86_64__)
    if (nnx_cpu_level_get() >= NNX_CPU_AVX512) {
        line_out_avx512(x, y, n, c, s, b);
        return;
    }
#endif
    line_out(x, y, n, c, s, b);
}

/* ---------------------------------------------------------------- statistics over lines */

/* Which index picks an element's scale and bias: its position along the line (layer), the
 * line's channel (line index modulo `channels`: instance nchw), or its column (instance
 * nhwc). */
typedef enum par_kind { PAR_ALONG, PAR_LINE, PAR_COLUMN } par_kind;

/* x viewed as [outer, len, inner]: statistics over len for every (outer, inner) pair. */
typedef struct stats_job {
    const float *x;
    float *y;
    size_t outer, len, inner, channels;
    const float *scale, *bias;
    par_kind par;
    double eps;
    size_t blocks;         /* column blocks per outer index (inner > 1) */
    size_t units_per_task; /* lines (inner == 1) or (outer, block) pairs */
    size_t units;
} stats_job;

/* Contiguous line `l` (inner == 1). */
static void do_line(const stats_job *j, size_t l)
{
    const float *x = j->x + l * j->len;
    float *y = j->y + l * j->len;
    size_t p = j->par == PAR_LINE ? l % j->channels : 0, ps = j->par == PAR_ALONG ? 1 : 0;
    const float *s = j->scale ? j->scale + p : NULL, *b = j->bias ? j->bias + p : NULL;
    double mean, var;
    moments(x, j->len, &mean, &var);
    double ve = var + j->eps;
    if (!float_safe(mean, ve)) {
        exact_line(x, y, 1, j->len, mean, ve, s, ps, b, ps);
        return;
    }
    line_coef c = coef_of(mean, ve);
    if (j->par == PAR_ALONG) {
        out_along(x, y, j->len, c, s, b);
        return;
    }
    const float sv = s ? *s : 1.0f, bv = b ? *b : 0.0f, mf = c.mf, ml = c.ml, r = c.r;
    for (size_t i = 0; i < j->len; i++)
        y[i] = ((x[i] - mf) - ml) * r * sv + bv;
}

/* Columns [c0, c0 + w) of outer index o (inner > 1): per column statistics down the len rows. */
static void do_block(const stats_job *j, size_t o, size_t c0, size_t w)
{
    const size_t len = j->len, inner = j->inner;
    const float *x = j->x + o * len * inner + c0;
    float *y = j->y + o * len * inner + c0;
    double sum[COLS] = {0}, sq[COLS] = {0}, mean[COLS];
    for (size_t l = 0; l < len; l++)
        for (size_t c = 0; c < w; c++)
            sum[c] += x[l * inner + c];
    for (size_t c = 0; c < w; c++)
        mean[c] = sum[c] / (double)len;
    for (size_t l = 0; l < len; l++)
        for (size_t c = 0; c < w; c++) {
            double d = (double)x[l * inner + c] - mean[c];
            sq[c] += d * d;
        }
    bool safe = true;
    for (size_t c = 0; c < w; c++)
        safe &= float_safe(mean[c], sq[c] / (double)len + j->eps);
    bool along = j->par == PAR_ALONG;
    if (!safe) {
        for (size_t c = 0; c < w; c++) {
            const float *s = j->scale ? j->scale + (along ? 0 : c0 + c) : NULL;
            const float *b = j->bias ? j->bias + (along ? 0 : c0 + c) : NULL;
            exact_line(x + c, y + c, inner, len, mean[c], sq[c] / (double)len + j->eps, s, along, b, along);
        }
        return;
    }
    float mf[COLS], ml[COLS], r[COLS], sc[COLS], bc[COLS];
    for (size_t c = 0; c < w; c++) {
        line_coef k = coef_of(mean[c], sq[c] / (double)len + j->eps);
        mf[c] = k.mf;
        ml[c] = k.ml;
        r[c] = k.r;
        sc[c] = j->scale && !along ? j->scale[c0 + c] : 1.0f;
        bc[c] = j->bias && !along ? j->bias[c0 + c] : 0.0f;
    }
    for (size_t l = 0; l < len; l++) {
        const float *xr = x + l * inner;
        float *yr = y + l * inner;
        if (along) {
            const float sv = j->scale ? j->scale[l] : 1.0f, bv = j->bias ? j->bias[l] : 0.0f;
            for (size_t c = 0; c < w; c++)
                yr[c] = ((xr[c] - mf[c]) - ml[c]) * r[c] * sv + bv;
        } else {
            for (size_t c = 0; c < w; c++)
                yr[c] = ((xr[c] - mf[c]) - ml[c]) * r[c] * sc[c] + bc[c];
        }
    }
}

static void stats_task(void *arg, size_t t)
{
    const stats_job *j = arg;
    size_t first = t * j->units_per_task, last = first + j->units_per_task;
    for (size_t u = first; u < last && u < j->units; u++) {
        if (j->inner == 1) {
            do_line(j, u);
        } else {
            size_t o = u / j->blocks, c0 = u % j->blocks * COLS;
            do_block(j, o, c0, j->inner - c0 < COLS ? j->inner - c0 : COLS);
        }
    }
}

/* Runs units of work (of `elements` in all) as chunks of whole units over the pool, or on the
 * caller when there is less than two tasks' worth; which thread takes a chunk changes
 * nothing in the results. */
static void run_units(nnx_pool *pool, size_t units, size_t elements, size_t *per_task, void (*fn)(void *, size_t),
                      void *job)
{
    if (units == 0)
        return;
    size_t tasks = elements / TASK_ELEMENTS, most = (size_t)nnx_pool_threads(pool) * 4;
    tasks = tasks < 1 ? 1 : tasks > most ? most : tasks;
    tasks = tasks > units ? units : tasks;
    *per_task = (units + tasks - 1) / tasks;
    tasks = (units + *per_task - 1) / *per_task;
    nnx_pool_for(tasks > 1 ? pool : NULL, tasks, fn, job);
}

static nnx_status run_stats(stats_job *j, nnx_pool *pool)
{
    if (j->len == 0)
        return NNX_OK;
    j->blocks = j->inner == 1 ? 1 : (j->inner + COLS - 1) / COLS;
    j->units = j->outer * j->blocks;
    run_units(pool, j->units, j->outer * j->len * j->inner, &j->units_per_task, stats_task, j);
    return NNX_OK;
}

static const float *opt_data(const nnx_op_args *args, const nnx_view *in, uint32_t i)
{
    return i < args->n_in ? in[i].data : NULL;
}

/* ---------------------------------------------------------------- layer normalization */

bool nnx_fast_layer_norm_block(const nnx_op_args *args, const nnx_operand_desc *x, uint32_t *first)
{
    const nnx_attr_norm *a = &args->attrs->norm;
    uint32_t start = a->n_axes ? a->axes[0] : x->rank;
    for (uint32_t i = 0; i < a->n_axes; i++)
        if (a->axes[i] != start + i)
            return false;
    if (first)
        *first = start;
    return true;
}

nnx_status nnx_fast_layer_normalization(const nnx_op_args *args, const nnx_view *in, nnx_view *out,
                                        const nnx_kernel_env *env)
{
    const nnx_operand_desc *d = &in[0].desc;
    const nnx_attr_norm *a = &args->attrs->norm;
    uint32_t start = 0;
    nnx_fast_layer_norm_block(args, d, &start);
    uint32_t end = start + a->n_axes;
    stats_job j = {in[0].data,
                   out->data,
                   nnx_shape_elements(d->shape, start),
                   nnx_shape_elements(d->shape + start, a->n_axes),
                   nnx_shape_elements(d->shape + end, d->rank - end),
                   1,
                   opt_data(args, in, 1),
                   opt_data(args, in, 2),
                   PAR_ALONG,
                   a->epsilon,
                   0,
                   0,
                   0};
    return run_stats(&j, env->pool);
}

/* ---------------------------------------------------------------- instance normalization */

nnx_status nnx_fast_instance_normalization(const nnx_op_args *args, const nnx_view *in, nnx_view *out,
                                           const nnx_kernel_env *env)
{
    const uint32_t *s = in[0].desc.shape;
    bool nchw = args->attrs->norm.layout == NNX_LAYOUT_NCHW;
    stats_job j = {in[0].data,
                   out->data,
                   0,
                   (size_t)s[nchw ? 2 : 1] * s[nchw ? 3 : 2],
                   0,
                   s[nchw ? 1 : 3],
                   opt_data(args, in, 1),
                   opt_data(args, in, 2),
                   nchw ? PAR_LINE : PAR_COLUMN,
                   args->attrs->norm.epsilon,
                   0,
                   0,
                   0};
    j.outer = nchw ? (size_t)s[0] * s[1] : s[0];
    j.inner = nchw ? 1 : s[3];
    return run_stats(&j, env->pool);
}

/* ---------------------------------------------------------------- batch normalization */

/* x viewed as [outer, channels, inner]; a[c] = scale / sqrt(variance + epsilon) in float. */
typedef struct bn_job {
    const float *x, *mean, *a, *bias;
    float *y;
    size_t outer, channels, inner, units_per_task, units;
} bn_job;

static void bn_task(void *arg, size_t t)
{
    const bn_job *j = arg;
    size_t first = t * j->units_per_task, last = first + j->units_per_task;
    const float *restrict m = j->mean, *restrict a = j->a, *restrict b = j->bias;
    for (size_t u = first; u < last && u < j->units; u++) {
        if (j->inner == 1) { /* unit: a row of channels */
            const float *restrict x = j->x + u * j->channels;
            float *restrict y = j->y + u * j->channels;
            if (b)
                for (size_t c = 0; c < j->channels; c++)
                    y[c] = (x[c] - m[c]) * a[c] + b[c];
            else
                for (size_t c = 0; c < j->channels; c++)
                    y[c] = (x[c] - m[c]) * a[c] + 0.0f;
        } else { /* unit: one channel's plane */
            size_t c = u % j->channels;
            const float *restrict x = j->x + u * j->inner;
            float *restrict y = j->y + u * j->inner;
            const float mc = m[c], ac = a[c], bc = b ? b[c] : 0.0f;
            for (size_t i = 0; i < j->inner; i++)
                y[i] = (x[i] - mc) * ac + bc;
        }
    }
}

size_t nnx_fast_batch_norm_scratch(const nnx_op_args *args, const nnx_operand_desc *x)
{
    return (size_t)x->shape[args->attrs->norm.axis] * sizeof(float);
}

nnx_status nnx_fast_batch_normalization(const nnx_op_args *args, const nnx_view *in, nnx_view *out,
                                        const nnx_kernel_env *env)
{
    const nnx_operand_desc *d = &in[0].desc;
    uint32_t axis = args->attrs->norm.axis;
    const float *mean = in[1].data, *var = in[2].data, *scale = opt_data(args, in, 3);
    float *a = env->shared;
    size_t channels = d->shape[axis];
    for (size_t c = 0; c < channels; c++) {
        double ac = (scale ? scale[c] : 1.0) / sqrt((double)var[c] + args->attrs->norm.epsilon);
        /* the float form keeps the bound only for moderate statistics; else the reference */
        if (!(fabs((double)mean[c]) <= 0x1p100 && (ac == 0.0 || (fabs(ac) >= 0x1p-100 && fabs(ac) <= 0x1p100))))
            return nnx_op_impls[args->op].kernel(args, in, out);
        a[c] = (float)ac;
    }
    bn_job j = {in[0].data, mean,
                a,          opt_data(args, in, 4),
                out->data,  nnx_shape_elements(d->shape, axis),
                channels,   nnx_shape_elements(d->shape + axis + 1, d->rank - axis - 1),
                0,          0};
    j.units = j.inner == 1 ? j.outer : j.outer * channels;
    run_units(env->pool, j.units, j.outer * channels * j.inner, &j.units_per_task, bn_task, &j);
    return NNX_OK;
}
