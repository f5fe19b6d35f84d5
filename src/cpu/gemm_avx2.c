/* gemm_avx2.c — the AVX2+FMA sgemm micro-kernel (cpu/gemm.h): a 6 x 16 tile in 12 ymm
 * accumulators; per k step two loads of B and six broadcasts of A feed twelve FMAs. Compiled
 * for AVX2 by function attribute, called only when the CPU has it (cpu/features.h). */
#include "cpu/gemm.h"
#include "cpu/isa.h"

#if defined(__x86_64__)

#define MR 6
#define NR 16

/* The accumulators are named variables, not an array, so that they live in registers. */
#define DECL(i) \
    const float *a##i = pa + i * a_rs; \
    __m256 c##i##0 = _mm256_setzero_ps(), c##i##1 = _mm256_setzero_ps()
#define STEP(i) \
    do { \
        __m256 a = _mm256_broadcast_ss(a##i); \
        a##i += a_cs; \
        c##i##0 = _mm256_fmadd_ps(a, b0, c##i##0); \
        c##i##1 = _mm256_fmadd_ps(a, b1, c##i##1); \
    } while (0)
#define STORE(i) \
    do { \
        float *row = c + i * ldc; \
        if (accumulate) { \
            c##i##0 = _mm256_add_ps(c##i##0, _mm256_loadu_ps(row)); \
            c##i##1 = _mm256_add_ps(c##i##1, _mm256_loadu_ps(row + 8)); \
        } \
        _mm256_storeu_ps(row, c##i##0); \
        _mm256_storeu_ps(row + 8, c##i##1); \
    } while (0)

NNX_TARGET_AVX2_FMA static void run(size_t kc, const float *pa, size_t a_rs, size_t a_cs, const float *pb, size_t b_rs,
                                    float *c, size_t ldc, bool accumulate, const nnx_tile_epilogue *ep)
{
    (void)ep; /* epilogue = false: the driver applies it */
    DECL(0);
    DECL(1);
    DECL(2);
    DECL(3);
    DECL(4);
    DECL(5);
    for (size_t k = 0; k < kc; k++, pb += b_rs) {
        __m256 b0 = _mm256_loadu_ps(pb), b1 = _mm256_loadu_ps(pb + 8);
        STEP(0);
        STEP(1);
        STEP(2);
        STEP(3);
        STEP(4);
        STEP(5);
    }
    STORE(0);
    STORE(1);
    STORE(2);
    STORE(3);
    STORE(4);
    STORE(5);
}
const nnx_sgemm_kernel nnx_sgemm_avx2 = {run, MR, NR, false, NULL, NULL, NULL, 0, NULL, NULL, 0, NULL};
#endif
