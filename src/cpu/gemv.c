/* gemv.c — nnx_sgemm's path for a product with one row or one column (fully connected layers
 * at batch 1, recurrent steps): the packed micro-kernels would waste all but one row or
 * column of their tile and pack the whole weight matrix each call, so these products run
 * as dot products of contiguous rows, or as scaled-row accumulations (axpy), vectorised
 * for the CPU level. Each output element is summed in a fixed order, independent of how
 * the caller splits the work. */
#include "cpu/gemm.h"
#include "cpu/isa.h"

#if defined(__x86_64__)

NNX_TARGET_AVX512 NNX_ALWAYS_INLINE static inline float dot_avx512(const float *a, const float *b, size_t n)
{
    __m512 s0 = _mm512_setzero_ps(), s1 = _mm512_setzero_ps(), s2 = _mm512_setzero_ps(), s3 = _mm512_setzero_ps();
    size_t i = 0;
    for (; i + 64 <= n; i += 64) {
        s0 = _mm512_fmadd_ps(_mm512_loadu_ps(a + i), _mm512_loadu_ps(b + i), s0);
        s1 = _mm512_fmadd_ps(_mm512_loadu_ps(a + i + 16), _mm512_loadu_ps(b + i + 16), s1);
        s2 = _mm512_fmadd_ps(_mm512_loadu_ps(a + i + 32), _mm512_loadu_ps(b + i + 32), s2);
        s3 = _mm512_fmadd_ps(_mm512_loadu_ps(a + i + 48), _mm512_loadu_ps(b + i + 48), s3);
    }
    for (; i + 16 <= n; i += 16)
        s0 = _mm512_fmadd_ps(_mm512_loadu_ps(a + i), _mm512_loadu_ps(b + i), s0);
    if (i < n) {
        __mmask16 m = (__mmask16)((1u << (n - i)) - 1);
        s1 = _mm512_fmadd_ps(_mm512_maskz_loadu_ps(m, a + i), _mm512_maskz_loadu_ps(m, b + i), s1);
    }
    return _mm512_reduce_add_ps(_mm512_add_ps(_mm512_add_ps(s0, s1), _mm512_add_ps(s2, s3)));
}

NNX_TARGET_AVX512 static void axpy_avx512(float *y, float alpha, const float *x, size_t n)
{
    __m512 va = _mm512_set1_ps(alpha);
    size_t i = 0;
    for (; i + 16 <= n; i += 16)
        _mm512_storeu_ps(y + i, _mm512_fmadd_ps(va, _mm512_loadu_ps(x + i), _mm512_loadu_ps(y + i)));
    if (i < n) {
        __mmask16 m = (__mmask16)((1u << (n - i)) - 1);
        _mm512_mask_storeu_ps(y + i, m,
                              _mm512_fmadd_ps(va, _mm512_maskz_loadu_ps(m, x + i), _mm512_maskz_loadu_ps(m, y + i)));
    }
}

NNX_TARGET_AVX2_FMA NNX_ALWAYS_INLINE static inline float dot_avx2(const float *a, const float *b, size_t n)
{
    __m256 s0 = _mm256_setzero_ps(), s1 = _mm256_setzero_ps(), s2 = _mm256_setzero_ps(), s3 = _mm256_setzero_ps();
    size_t i = 0;
    for (; i + 32 <= n; i += 32) {
        s0 = _mm256_fmadd_ps(_mm256_loadu_ps(a + i), _mm256_loadu_ps(b + i), s0);
        s1 = _mm256_fmadd_ps(_mm256_loadu_ps(a + i + 8), _mm256_loadu_ps(b + i + 8), s1);
        s2 = _mm256_fmadd_ps(_mm256_loadu_ps(a + i + 16), _mm256_loadu_ps(b + i + 16), s2);
        s3 = _mm256_fmadd_ps(_mm256_loadu_ps(a + i + 24), _mm256_loadu_ps(b + i + 24), s3);
    }
    __m256 s = _mm256_add_ps(_mm256_add_ps(s0, s1), _mm256_add_ps(s2, s3));
    float lanes[8];
    _mm256_storeu_ps(lanes, s);
    float sum = ((lanes[0] + lanes[1]) + (lanes[2] + lanes[3])) + ((lanes[4] + lanes[5]) + (lanes[6] + lanes[7]));
    for (; i < n; i++)
        sum += a[i] * b[i];
    return sum;
}

NNX_TARGET_AVX2_FMA static void axpy_avx2(float *y, float alpha, const float *x, size_t n)
{
    __m256 va = _mm256_set1_ps(alpha);
    size_t i = 0;
    for (; i + 8 <= n; i += 8)
        _mm256_storeu_ps(y + i, _mm256_fmadd_ps(va, _mm256_loadu_ps(x + i), _mm256_loadu_ps(y + i)));
    for (; i < n; i++)
        y[i] += alpha * x[i];
}
#endif

static inline float dot_generic(const float *a, const float *b, size_t n)
{
    float s[8] = {0};
    size_t i = 0;
    for (; i + 8 <= n; i += 8)
        for (int j = 0; j < 8; j++)
            s[j] += a[i + j] * b[i + j];
    float sum = ((s[0] + s[1]) + (s[2] + s[3])) + ((s[4] + s[5]) + (s[6] + s[7]));
    for (; i < n; i++)
        sum += a[i] * b[i];
    return sum;
}

static void axpy_generic(float *y, float alpha, const float *x, size_t n)
{
    for (size_t i = 0; i < n; i++)
        y[i] += alpha * x[i];
}

typedef float (*dot_fn)(const float *, const float *, size_t);
typedef void (*axpy_fn)(float *, float, const float *, size_t);
typedef void (*dots_fn)(const float *, const float *, size_t, size_t, size_t, float *, size_t, bool);

/* y[i * ys] (+)= dot(u, v + i * vi, K) for i < n. Inlined with a constant dot into each
 * level's loop below, so that dot is inlined too: a call per row cost 3% of the rows' time. */
NNX_ALWAYS_INLINE static inline void dots_with(dot_fn dot, const float *u, const float *v, size_t vi, size_t n,
                                               size_t K, float *y, size_t ys, bool accumulate)
{
    for (size_t i = 0; i < n; i++)
        y[i * ys] = (accumulate ? y[i * ys] : 0.0f) + dot(u, v + i * vi, K);
}

#if defined(__x86_64__)
NNX_TARGET_AVX512 static void dots_avx512(const float *u, const float *v, size_t vi, size_t n, size_t K, float *y,
                                          size_t ys, bool accumulate)
{
    dots_with(dot_avx512, u, v, vi, n, K, y, ys, accumulate);
}

NNX_TARGET_AVX2_FMA static void dots_avx2(const float *u, const float *v, size_t vi, size_t n, size_t K, float *y,
                                          size_t ys, bool accumulate)
{
    dots_with(dot_avx2, u, v, vi, n, K, y, ys, accumulate);
}
#endif

static void dots_generic(const float *u, const float *v, size_t vi, size_t n, size_t K, float *y, size_t ys,
                         bool accumulate)
{
    dots_with(dot_generic, u, v, vi, n, K, y, ys, accumulate);
}

/* y[i * ys] (n outputs) = or += sum_k u[k * us] * V(k, i), V(k, i) at v[k * vk + i * vi]. */
static void product(nnx_cpu_level level, size_t n, size_t K, const float *u, size_t us, const float *v, size_t vk,
                    size_t vi, float *y, size_t ys, bool accumulate)
{
    dots_fn dots = dots_generic;
    axpy_fn axpy = axpy_generic;
#if defined(__x86_64__)
    if (level >= NNX_CPU_AVX512) {
        dots = dots_avx512;
        axpy = axpy_avx512;
    } else if (level >= NNX_CPU_AVX2) {
        dots = dots_avx2;
        axpy = axpy_avx2;
    }
#endif
    if (vk == 1 && us == 1) { /* each output: a dot product of two contiguous vectors */
        dots(u, v, vi, n, K, y, ys, accumulate);
        return;
    }
    if (vi == 1 && ys == 1) { /* outputs as one contiguous row: accumulate scaled rows of V */
        for (size_t i = 0; i < n && !accumulate; i++)
            y[i] = 0.0f;
        for (size_t k = 0; k < K; k++)
            axpy(y, u[k * us], v + k * vk, n);
        return;
    }
    for (size_t i = 0; i < n; i++) { /* strided: plain loops */
        float s = accumulate ? y[i * ys] : 0.0f;
        for (size_t k = 0; k < K; k++)
            s += u[k * us] * v[k * vk + i * vi];
        y[i * ys] = s;
    }
}

bool nnx_sgemv(nnx_cpu_level level, size_t M, size_t N, size_t K, nnx_fmat A, nnx_fmat B, float *C, size_t ldc,
               bool accumulate)
{
    if (M == 1) /* C[0, n] = sum_k A(0, k) B(k, n) */
        product(level, N, K, A.data, A.cs, B.data, B.rs, B.cs, C, 1, accumulate);
    else if (N == 1) /* C[m, 0] = sum_k B(k, 0) A(m, k) */
        product(level, M, K, B.data, B.rs, A.data, A.cs, A.rs, C, ldc, accumulate);
    else
        return false;
    return true;
}

void nnx_saxpy(nnx_cpu_level level, float *y, float alpha, const float *x, size_t n)
{
#if defined(__x86_64__)
    if (level >= NNX_CPU_AVX512) {
        axpy_avx512(y, alpha, x, n);
        return;
    }
    if (level >= NNX_CPU_AVX2) {
        axpy_avx2(y, alpha, x, n);
        return;
    }
#endif
    axpy_generic(y, alpha, x, n);
}
