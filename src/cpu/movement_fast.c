/* movement_fast.c — transpose and slice for every dtype, and float32 sum/mean reductions over
 * trailing axes, without the reference kernels' per-element index arithmetic and type
 * dispatch: the output is walked row by row; a row whose source is contiguous is one
 * memcpy, others copy elements of the type's size. Reductions sum in double in the
 * reference's order and round once. All give the reference kernels' bytes. */
#include "cpu/isa.h"
#include "cpu/kernels.h"
#include "cpu/transpose16.h"
#include "ir/dtypes.h"
#include "ir/shape.h"

#include <string.h>

/* out (row-major, shape/rank) from src element offsets base + sum idx[d] * stride[d]. */
static void strided_copy(const void *src, size_t base, const uint64_t *stride, void *out, const uint32_t *shape,
                         uint32_t rank, size_t es)
{
    const unsigned char *s = src;
    unsigned char *o = out;
    if (rank == 0) {
        memcpy(o, s + base * es, es);
        return;
    }
    size_t n = shape[rank - 1], step = (size_t)stride[rank - 1], done = 0;
    uint32_t idx[NNX_MAX_RANK] = {0};
    do {
        size_t at = base;
        for (uint32_t d = 0; d + 1 < rank; d++)
            at += idx[d] * stride[d];
        unsigned char *row = o + done * es;
        if (step == 1) {
            memcpy(row, s + at * es, n * es);
        } else if (es == 4) {
            for (size_t i = 0; i < n; i++)
                memcpy(row + 4 * i, s + (at + i * step) * 4, 4);
        } else {
            for (size_t i = 0; i < n; i++)
                memcpy(row + es * i, s + (at + i * step) * es, es);
        }
        done += n;
    } while (nnx_index_next(idx, shape, rank - 1));
}

/* A transpose of 4-byte elements whose output's second-to-last axis is the input's last
 * (contiguous) and whose last axis is another (an attention's K^T: [s, h, d] -> [h, d, s]):
 * for each index of the leading output axes, an R x C block of the input (rows ld apart) is
 * written transposed, in 16 x 16 blocks loaded as rows, transposed in registers and stored
 * as rows. */
typedef struct swap_job {
    const float *x;
    float *y;
    size_t R, C, ld, batches;
    uint32_t n_lead;
    uint32_t lead[NNX_MAX_RANK];    /* the leading output axes' extents */
    uint64_t lead_at[NNX_MAX_RANK]; /* and their input strides */
} swap_job;

static inline NNX_ALWAYS_INLINE void swap_batch(const swap_job *j, size_t b)
{
    size_t at = 0, rest = b;
    for (uint32_t d = j->n_lead; d-- > 0;) {
        at += rest % j->lead[d] * j->lead_at[d];
        rest /= j->lead[d];
    }
    const float *x = j->x + at;
    float *y = j->y + b * j->R * j->C;
    for (size_t r0 = 0; r0 < j->R; r0 += 16)
        for (size_t c0 = 0; c0 < j->C; c0 += 16) {
            size_t nr = j->R - r0 < 16 ? j->R - r0 : 16, nc = j->C - c0 < 16 ? j->C - c0 : 16;
            v16 t[16];
            for (size_t i = 0; i < 16; i++) { /* input row r0 + i, columns c0 .. c0 + nc */
                const float *src = x + (r0 + i) * j->ld + c0;
                t[i] = (v16){0};
                if (i < nr && nc == 16)
                    t[i] = *(const v16 *)src; /* (v16 is aligned as a float) */
                else if (i < nr)
                    memcpy(&t[i], src, nc * sizeof(float));
            }
            transpose16(t);
            for (size_t i = 0; i < nc; i++) { /* output row c0 + i, columns r0 .. r0 + nr */
                float *dst = y + (c0 + i) * j->R + r0;
                if (nr == 16)
                    *(v16 *)dst = t[i];
                else
                    memcpy(dst, &t[i], nr * sizeof(float));
            }
        }
}

static void swap_generic(void *arg, size_t b) { swap_batch(arg, b); }
#if defined(__x86_64__)
NNX_TARGET_AVX512 static void swap_avx512(void *arg, size_t b) { swap_batch(arg, b); }
#endif

/* The swap_job for a transpose of that form, or false. */
static bool swap_of(const nnx_operand_desc *x, const uint32_t *perm, swap_job *j)
{
    uint32_t rank = x->rank;
    if (rank < 2 || nnx_dtype_size(x->dtype) != 4 || perm[rank - 2] != rank - 1)
        return false;
    uint64_t strides[NNX_MAX_RANK];
    nnx_strides(x->shape, rank, strides);
    j->R = x->shape[perm[rank - 1]];
    j->C = x->shape[rank - 1];
    j->ld = (size_t)strides[perm[rank - 1]];
    j->n_lead = rank - 2;
    j->batches = 1;
    for (uint32_t i = 0; i + 2 < rank; i++) {
        j->lead[i] = x->shape[perm[i]];
        j->lead_at[i] = strides[perm[i]];
        j->batches *= x->shape[perm[i]];
    }
    return true;
}

nnx_status nnx_fast_transpose(const nnx_op_args *args, const nnx_view *in, nnx_view *out, const nnx_kernel_env *env)
{
    uint32_t rank = out->desc.rank;
    swap_job j = {in[0].data, out->data, 0, 0, 0, 0, 0, {0}, {0}};
    if (swap_of(&in[0].desc, args->attrs->transpose.perm, &j)) {
        void (*fn)(void *, size_t) = swap_generic;
#if defined(__x86_64__)
        if (nnx_cpu_level_get() >= NNX_CPU_AVX512)
            fn = swap_avx512;
#endif
        nnx_pool_for(j.batches * j.R * j.C >= ((size_t)1 << 15) ? env->pool : NULL, j.batches, fn, &j);
        return NNX_OK;
    }
    uint64_t in_strides[NNX_MAX_RANK], s[NNX_MAX_RANK];
    nnx_strides(in[0].desc.shape, rank, in_strides);
    for (uint32_t i = 0; i < rank; i++)
        s[i] = in_strides[args->attrs->transpose.perm[i]];
    strided_copy(in[0].data, 0, s, out->data, out->desc.shape, rank, nnx_dtype_size(out->desc.dtype));
    return NNX_OK;
}

nnx_status nnx_fast_slice(const nnx_op_args *args, const nnx_view *in, nnx_view *out, const nnx_kernel_env *env)
{
    (void)env;
    const nnx_attr_slice *a = &args->attrs->slice;
    uint32_t rank = out->desc.rank;
    uint64_t s[NNX_MAX_RANK], step[NNX_MAX_RANK];
    nnx_strides(in[0].desc.shape, rank, s);
    size_t base = 0;
    for (uint32_t d = 0; d < rank; d++) {
        base += (size_t)a->starts[d] * s[d];
        step[d] = s[d] * a->strides[d];
    }
    strided_copy(in[0].data, base, step, out->data, out->desc.shape, rank, nnx_dtype_size(out->desc.dtype));
    return NNX_OK;
}

bool nnx_fast_reduce_block(const nnx_operand_desc *x, uint32_t axes_mask, size_t *outer, size_t *run, size_t *inner)
{
    uint32_t first = 0;
    while (first < x->rank && !((axes_mask >> first) & 1u))
        first++;
    uint32_t end = first;
    while (end < x->rank && (axes_mask >> end) & 1u)
        end++;
    if (first == x->rank || (end < 32 && (axes_mask >> end) != 0))
        return false; /* no axis, or not one block */
    *outer = nnx_shape_elements(x->shape, first);
    *run = nnx_shape_elements(x->shape + first, end - first);
    *inner = nnx_shape_elements(x->shape + end, x->rank - end);
    return true;
}

/* Rows [lo, hi) of a reduction: each row's sum in double in order, as the reference. For a
 * block of axes before the last (inner > 1), a task is one outer index and a chunk of inner
 * positions, summed side by side in the same order. */
typedef struct reduce_job {
    const float *x;
    float *y;
    size_t run, outer, per, inner;
    bool mean;
} reduce_job;

/* A row's result from its sum in double: the sum, or the mean, rounded once. */
static inline float row_result(const reduce_job *j, double sum)
{
    return (float)(j->mean ? sum / (double)j->run : sum);
}

#if defined(__x86_64__)

/* Element i of the 16 rows (a transposed block's vector i) widened to double and added to
 * the rows' sums: s0 for rows 0..7, s1 for rows 8..15. */
NNX_TARGET_AVX512 static inline NNX_ALWAYS_INLINE void add16(v16 v, __m512d *s0, __m512d *s1)
{
    __m512 x = (__m512)v;
    *s0 = _mm512_add_pd(*s0, _mm512_cvtps_pd(_mm512_castps512_ps256(x)));
    *s1 = _mm512_add_pd(*s1, _mm512_cvtps_pd(_mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(x), 1))));
}

/* Rows [o, o + 16) summed side by side, each row's sum in double in element order: blocks of
 * 16 rows x 16 elements are loaded as rows and transposed in registers, so that vector i
 * holds element i of the 16 rows. */
NNX_TARGET_AVX512 static void reduce16_avx512(const reduce_job *j, size_t o)
{
    __m512d s0 = _mm512_setzero_pd(), s1 = _mm512_setzero_pd();
    const float *x = j->x + o * j->run;
    for (size_t i0 = 0; i0 < j->run; i0 += 16) {
        size_t n = j->run - i0 < 16 ? j->run - i0 : 16;
        __mmask16 m = (__mmask16)(n == 16 ? 0xFFFFu : (1u << n) - 1);
        v16 t[16];
#pragma GCC unroll 16
        for (size_t r = 0; r < 16; r++)
            t[r] = (v16)_mm512_maskz_loadu_ps(m, x + r * j->run + i0);
        transpose16(t);
        if (n == 16) {
#pragma GCC unroll 16
            for (size_t i = 0; i < 16; i++)
                add16(t[i], &s0, &s1);
        } else {
            for (size_t i = 0; i < n; i++)
                add16(t[i], &s0, &s1);
        }
    }
    double sum[16];
    _mm512_storeu_pd(sum, s0);
    _mm512_storeu_pd(sum + 8, s1);
    for (size_t r = 0; r < 16; r++)
        j->y[o + r] = row_result(j, sum[r]);
}
#endif

static void reduce_rows(void *arg, size_t t)
{
    const reduce_job *j = arg;
    size_t lo = t * j->per, hi = lo + j->per < j->outer ? lo + j->per : j->outer, o = lo;
#if defined(__x86_64__)
    if (nnx_cpu_level_get() >= NNX_CPU_AVX512)
        for (; o + 16 <= hi; o += 16)
            reduce16_avx512(j, o);
#endif
    for (; o + 8 <= hi; o += 8) { /* eight rows' sums side by side: eight chains of adds, not one */
        double s[8] = {0};
        const float *x = j->x + o * j->run;
        for (size_t i = 0; i < j->run; i++)
            for (size_t r = 0; r < 8; r++)
                s[r] += x[r * j->run + i];
        for (size_t r = 0; r < 8; r++)
            j->y[o + r] = row_result(j, s[r]);
    }
    for (; o < hi; o++) {
        double sum = 0.0;
        for (size_t i = 0; i < j->run; i++)
            sum += j->x[o * j->run + i];
        j->y[o] = row_result(j, sum);
    }
}

#define REDUCE_CHUNK 64 /* inner positions a middle-block task sums side by side */

static void reduce_middle(void *arg, size_t t)
{
    const reduce_job *j = arg;
    size_t chunks = (j->inner + REDUCE_CHUNK - 1) / REDUCE_CHUNK, o = t / chunks, i0 = t % chunks * REDUCE_CHUNK;
    size_t n = j->inner - i0 < REDUCE_CHUNK ? j->inner - i0 : REDUCE_CHUNK;
    double s[REDUCE_CHUNK] = {0};
    const float *x = j->x + o * j->run * j->inner + i0;
    for (size_t r = 0; r < j->run; r++, x += j->inner)
        for (size_t i = 0; i < n; i++)
            s[i] += x[i];
    for (size_t i = 0; i < n; i++)
        j->y[o * j->inner + i0 + i] = row_result(j, s[i]);
}

nnx_status nnx_fast_reduce(const nnx_op_args *args, const nnx_view *in, nnx_view *out, const nnx_kernel_env *env)
{
    size_t outer, run, inner;
    if (!nnx_fast_reduce_block(&in[0].desc, args->attrs->reduce.axes_mask, &outer, &run, &inner))
        return NNX_ERROR_INVALID_ARGUMENT; /* select.c chose this kernel for one block only */
    bool threads = run * outer * inner >= ((size_t)1 << 15);
    reduce_job j = {in[0].data, out->data, run, outer, 0, inner, args->op == NNX_OP_REDUCE_MEAN};
    if (!outer || !inner)
        return NNX_OK;
    if (inner > 1) {
        size_t tasks = outer * ((inner + REDUCE_CHUNK - 1) / REDUCE_CHUNK);
        nnx_pool_for(threads ? env->pool : NULL, tasks, reduce_middle, &j);
        return NNX_OK;
    }
    size_t tasks = threads ? nnx_pool_threads(env->pool) : 1;
    j.per = (outer + tasks - 1) / tasks;
    nnx_pool_for(tasks > 1 ? env->pool : NULL, (outer + j.per - 1) / j.per, reduce_rows, &j);
    return NNX_OK;
}
