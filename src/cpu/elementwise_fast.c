/* elementwise_fast.c — float32 add, sub, mul, div, max, min, pow (bidirectional broadcast),
 * clamp, relu, the unary functions and the piecewise activations without the reference kernels' per-element type dispatch: the output is walked
 * row by row (its last axis), each operand's row being contiguous or one repeated element,
 * in loops the compiler vectorises. Bit-identical to the reference kernels except exp,
 * sigmoid and tanh: a float32 +, -, * or / is correctly rounded either way, max and min are
 * IEEE maximum / minimum (a NaN operand gives the default NaN, -0 < +0) as there, clamp is
 * computed in double as there, relu keeps NaN, pow, log and sqrt evaluate the reference's
 * double formula per element; exp, sigmoid and tanh are float32 SIMD (cpu/vmath.h), within a
 * few ULP. NaN-ignoring (TOSA) max, min and clamp stay on the reference. */
#include "cpu/gemm.h"
#include "cpu/clamp_simd.h"
#include "cpu/isa.h"
#include "cpu/kernels.h"
#include "cpu/vmath.h"
#include "ir/shape.h"

#include <math.h>

/* y[i] = a[i*sa] op b[i*sb] for i < n, sa and sb each 0 or 1. */
#define ROW_LOOP(OP) \
    do { \
        if (sa && sb) \
            for (size_t i = 0; i < n; i++) \
                y[i] = a[i] OP b[i]; \
        else if (sa) \
            for (size_t i = 0; i < n; i++) \
                y[i] = a[i] OP b[0]; \
        else if (sb) \
            for (size_t i = 0; i < n; i++) \
                y[i] = a[0] OP b[i]; \
        else \
            for (size_t i = 0; i < n; i++) \
                y[i] = a[0] OP b[0]; \
    } while (0)

/* The same with a function of two floats. */
#define ROW_CALL(F) \
    do { \
        for (size_t i = 0; i < n; i++) \
            y[i] = F(a[i * sa], b[i * sb]); \
    } while (0)

/* IEEE maximum / minimum as the reference computes them (ops/elementwise.c): a NaN operand
 * gives the default NaN; of two equal zeros, max takes +0 and min -0. Exact in double for
 * float operands. */
static inline double max_ieee_d(double a, double b)
{
    if (isnan(a) || isnan(b))
        return NAN;
    if (a == b)
        return signbit(a) ? b : a;
    return a > b ? a : b;
}

static inline double min_ieee_d(double a, double b)
{
    if (isnan(a) || isnan(b))
        return NAN;
    if (a == b)
        return signbit(a) ? a : b;
    return a < b ? a : b;
}

static inline float max_ieee(float a, float b) { return (float)max_ieee_d(a, b); }
static inline float min_ieee(float a, float b) { return (float)min_ieee_d(a, b); }

/* pow as the reference computes it (double, rounded once); x^2 is that exactly (a float
 * squared is exact in double), without the call. */
static inline float pow_ref(float a, float b) { return b == 2.0f ? a * a : (float)pow(a, b); }

static inline NNX_ALWAYS_INLINE void row_body(nnx_op op, const float *a, size_t sa, const float *b, size_t sb, float *y,
                                              size_t n)
{
    switch (op) {
    case NNX_OP_ADD: ROW_LOOP(+); break;
    case NNX_OP_SUB: ROW_LOOP(-); break;
    case NNX_OP_MUL: ROW_LOOP(*); break;
    case NNX_OP_MAX: ROW_CALL(max_ieee); break;
    case NNX_OP_MIN: ROW_CALL(min_ieee); break;
    case NNX_OP_POW: ROW_CALL(pow_ref); break;
    default: ROW_LOOP(/); break;
    }
}

typedef void (*row_fn)(nnx_op op, const float *a, size_t sa, const float *b, size_t sb, float *y, size_t n);

static void row(nnx_op op, const float *a, size_t sa, const float *b, size_t sb, float *y, size_t n)
{
    row_body(op, a, sa, b, sb, y, n);
}

#if defined(__x86_64__)
/* The same loops in 16 lanes (the operations are exact, so the bytes are the same). */
NNX_TARGET_AVX512 static void row_avx512(nnx_op op, const float *a, size_t sa, const float *b, size_t sb, float *y,
                                         size_t n)
{
    row_body(op, a, sa, b, sb, y, n);
}
#endif

/* Elements per task when an element-wise loop is split over the pool. */
#define CHUNK ((size_t)1 << 15)

typedef struct binary_job {
    const nnx_op_args *args;
    const nnx_operand_desc *od;
    const uint64_t *sa, *sb;
    const float *A, *B;
    float *Y;
    const nnx_activation *act;
    size_t n, rows_per_task, rows;
    row_fn row;
} binary_job;

/* Rows [t * rows_per_task, ...) of the output: each row's operand offsets from its index. */
static void binary_rows(void *arg, size_t t)
{
    const binary_job *j = arg;
    uint32_t r = j->od->rank;
    for (size_t q = t * j->rows_per_task; q < (t + 1) * j->rows_per_task && q < j->rows; q++) {
        size_t ia = 0, ib = 0, rest = q;
        for (uint32_t d = r - 1; d-- > 0;) {
            size_t i = rest % j->od->shape[d];
            rest /= j->od->shape[d];
            ia += i * j->sa[d];
            ib += i * j->sb[d];
        }
        j->row(j->args->op, j->A + ia, j->sa[r - 1], j->B + ib, j->sb[r - 1], j->Y + q * j->n, j->n);
        nnx_apply_activation(j->act, j->Y + q * j->n, j->n);
    }
}

nnx_status nnx_fast_binary(const nnx_op_args *args, const nnx_view *in, nnx_view *out, const nnx_kernel_env *env)
{
    const nnx_operand_desc *od = &out->desc;
    uint32_t r = od->rank;
    uint64_t sa[NNX_MAX_RANK], sb[NNX_MAX_RANK];
    nnx_broadcast_strides(in[0].desc.shape, in[0].desc.rank, r, sa);
    nnx_broadcast_strides(in[1].desc.shape, in[1].desc.rank, r, sb);
    const float *A = in[0].data, *B = in[1].data;
    float *Y = out->data;
    if (r == 0) {
        row(args->op, A, 0, B, 0, Y, 1);
        nnx_apply_activation(env->act, Y, 1);
        return NNX_OK;
    }
    /* trailing axes over which each operand runs on contiguously (or stays on one element)
     * are one row, up to CHUNK elements: a scalar divisor or two operands of one shape give
     * long rows, not one per last-axis run with its index arithmetic */
    nnx_operand_desc merged = *od;
    size_t n = od->shape[r - 1];
    while (merged.rank > 1 && n < CHUNK) {
        uint32_t d = merged.rank - 2;
        if ((od->shape[d] != 1 && (sa[d] != sa[r - 1] * n || sb[d] != sb[r - 1] * n)) ||
            (uint64_t)n * od->shape[d] > UINT32_MAX)
            break;
        n *= od->shape[d];
        merged.rank--;
        merged.shape[merged.rank - 1] = (uint32_t)n;
        sa[merged.rank - 1] = sa[r - 1];
        sb[merged.rank - 1] = sb[r - 1];
    }
    r = merged.rank;
    size_t rows = nnx_shape_elements(merged.shape, r - 1);
    binary_job j = {args, &merged, sa, sb, A, B, Y, env->act, n, n ? (CHUNK + n - 1) / n : 1, rows, row};
#if defined(__x86_64__)
    if (nnx_cpu_level_get() >= NNX_CPU_AVX512)
        j.row = row_avx512;
#endif
    size_t tasks = (rows + j.rows_per_task - 1) / j.rows_per_task;
    nnx_pool_for(tasks > 1 ? env->pool : NULL, tasks, binary_rows, &j);
    return NNX_OK;
}

nnx_status nnx_fast_relu(const nnx_op_args *args, const nnx_view *in, nnx_view *out, const nnx_kernel_env *env)
{
    (void)args;
    (void)env;
    const float *x = in[0].data;
    float *y = out->data;
    size_t n = nnx_shape_elements(out->desc.shape, out->desc.rank);
    for (size_t i = 0; i < n; i++)
        y[i] = x[i] > 0 || isnan(x[i]) ? x[i] : 0.0f;
    return NNX_OK;
}

#if defined(__x86_64__)

/* The clamp of clamp_run, 16 lanes at a time (clamp_simd.h), for float bounds, the last
 * 1..15 under a mask (the rows of small maps, 13 or 27 long, are mostly tail). */
NNX_TARGET_AVX512 static size_t clamp_avx512(const nnx_clamp_simd *c, const float *x, float *y, size_t n)
{
    size_t i = 0;
    for (; i + 16 <= n; i += 16)
        _mm512_storeu_ps(y + i, nnx_clamp16(c, _mm512_loadu_ps(x + i)));
    if (i < n) {
        __mmask16 m = (__mmask16)((1u << (n - i)) - 1);
        _mm512_mask_storeu_ps(y + i, m, nnx_clamp16(c, _mm512_maskz_loadu_ps(m, x + i)));
    }
    return n;
}
#endif

/* y[i] = x[i] clamped by act (x and y may be one array): IEEE maximum then minimum in double,
 * exactly as the separate max / min / clamp kernels; 16 lanes at a time where the bounds are
 * floats (where they are not, float comparisons could round differently). */
static void clamp_run(const nnx_activation *act, const float *x, float *y, size_t n)
{
    size_t i = 0;
#if defined(__x86_64__)
    nnx_clamp_simd c;
    if (nnx_cpu_level_get() >= NNX_CPU_AVX512 && nnx_clamp_simd_setup(act, &c))
        i = clamp_avx512(&c, x, y, n);
#endif
    for (; i < n; i++)
        y[i] = !isnan(x[i]) ? (float)min_ieee_d(max_ieee_d(x[i], act->lo), act->hi) : act->nan_default ? NAN : x[i];
}

void nnx_apply_activation(const nnx_activation *act, float *y, size_t n)
{
    if (act && act->on)
        clamp_run(act, y, y, n);
}

nnx_status nnx_fast_clamp(const nnx_op_args *args, const nnx_view *in, nnx_view *out, const nnx_kernel_env *env)
{
    (void)env;
    nnx_activation act = {true, false, args->attrs->clamp.lo.f, args->attrs->clamp.hi.f, NNX_NONE, false};
    clamp_run(&act, in[0].data, out->data, nnx_shape_elements(out->desc.shape, out->desc.rank));
    return NNX_OK;
}

typedef struct unary_job {
    nnx_op op;
    double alpha, beta; /* the activations' (nnx_attr_activation) */
    const float *x;
    float *y;
    size_t n;
} unary_job;

/* hard_swish, hard_sigmoid, leaky_relu, linear: the reference's double formulas
 * (ops/activation.c activation_f), one loop per operation written with selects so that it
 * vectorises; NaN gives the input's NaN there, so it does here. */
static void activation_row(const unary_job *j, const float *x, float *y, size_t n)
{
    double a = j->alpha, b = j->beta;
    switch (j->op) {
    case NNX_OP_HARD_SWISH:
        for (size_t i = 0; i < n; i++) {
            double v = x[i], t = v + 3.0;
            t = t < 0 ? 0.0 : t;
            t = t > 6 ? 6.0 : t;
            double r = v == -INFINITY ? -0.0 : v * t / 6.0; /* the limit, not -inf * 0 */
            y[i] = v != v ? x[i] : (float)r;
        }
        break;
    case NNX_OP_HARD_SIGMOID:
        for (size_t i = 0; i < n; i++) {
            double v = x[i], t = a * v + b;
            double r = t < 0 ? 0.0 : t; /* a NaN t (an infinite v times 0) stays NaN */
            r = r > 1 ? 1.0 : r;
            y[i] = v != v ? x[i] : (float)r;
        }
        break;
    case NNX_OP_LEAKY_RELU:
        for (size_t i = 0; i < n; i++) {
            double v = x[i];
            y[i] = v != v ? x[i] : (float)(v >= 0 ? v : a * v);
        }
        break;
    default: /* linear */
        for (size_t i = 0; i < n; i++) {
            double v = x[i];
            y[i] = v != v ? x[i] : (float)(a * v + b);
        }
        break;
    }
}

static void unary_chunk(void *arg, size_t t)
{
    const unary_job *j = arg;
    size_t lo = t * CHUNK, hi = lo + CHUNK < j->n ? lo + CHUNK : j->n;
    const float *x = j->x;
    float *y = j->y;
    switch (j->op) {
    case NNX_OP_EXP: nnx_vexp(x + lo, y + lo, hi - lo); break;
    case NNX_OP_LOG:
        for (size_t i = lo; i < hi; i++)
            y[i] = (float)log(x[i]);
        break;
    case NNX_OP_SQRT:
        for (size_t i = lo; i < hi; i++)
            y[i] = (float)sqrt(x[i]);
        break;
    case NNX_OP_SIGMOID: nnx_vsigmoid(x + lo, y + lo, hi - lo); break;
    case NNX_OP_HARD_SWISH:
    case NNX_OP_HARD_SIGMOID:
    case NNX_OP_LEAKY_RELU:
    case NNX_OP_LINEAR: activation_row(j, x + lo, y + lo, hi - lo); break;
    case NNX_OP_TANH: nnx_vtanh(x + lo, y + lo, hi - lo); break;
    case NNX_OP_ABS:
        for (size_t i = lo; i < hi; i++)
            y[i] = fabsf(x[i]);
        break;
    default:
        for (size_t i = lo; i < hi; i++)
            y[i] = -x[i];
        break;
    }
}

/* log, sqrt, abs, neg and the piecewise activations (hard_swish, hard_sigmoid, leaky_relu,
 * linear): the reference's formulas (ops/elementwise.c unary_f, ops/activation.c) in double,
 * rounded once; exp, sigmoid, tanh: cpu/vmath.h (per element, so chunking changes no
 * result); split over the pool in chunks. */
nnx_status nnx_fast_unary(const nnx_op_args *args, const nnx_view *in, nnx_view *out, const nnx_kernel_env *env)
{
    bool act = args->attrs &&
        (args->op == NNX_OP_HARD_SWISH || args->op == NNX_OP_HARD_SIGMOID || args->op == NNX_OP_LEAKY_RELU ||
         args->op == NNX_OP_LINEAR);
    unary_job j = {args->op,
                   act ? args->attrs->activation.alpha : 0,
                   act ? args->attrs->activation.beta : 0,
                   in[0].data,
                   out->data,
                   nnx_shape_elements(out->desc.shape, out->desc.rank)};
    size_t tasks = (j.n + CHUNK - 1) / CHUNK;
    nnx_pool_for(tasks > 1 ? env->pool : NULL, tasks, unary_chunk, &j);
    return NNX_OK;
}
