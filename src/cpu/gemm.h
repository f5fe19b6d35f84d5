/* gemm.h — single-precision matrix product for the fast kernels: C = A·B (or C += A·B) with
 * A [M,K] and B [K,N] read through row and column strides (so transposed operands cost
 * nothing), blocked for the caches and packed for a register-tiled micro-kernel chosen by
 * the CPU level (AVX-512, AVX2+FMA or portable C). Sums are float32 with FMA: results agree
 * with the double-precision reference kernels within float32 rounding of a length-K sum. */
#ifndef NNX_CPU_GEMM_H
#define NNX_CPU_GEMM_H

#include <stdbool.h>
#include <stddef.h>

#include "cpu/features.h"

/* A strided matrix: element (r, c) at data[r * rs + c * cs]. */
typedef struct nnx_fmat {
    const float *data;
    size_t rs, cs;
} nnx_fmat;

/* Bytes of workspace nnx_sgemm needs (independent of M, N, K: the blocks are fixed), aligned
 * to 64 bytes by the caller. */
size_t nnx_sgemm_workspace(void);

/* C[M,N] (row stride ldc, unit column stride) = A·B, or += A·B when accumulate. work holds
 * nnx_sgemm_workspace() bytes, 64-byte aligned. level picks the micro-kernel (pass
 * nnx_cpu_level_get(); tests pass each level to compare them). */
void nnx_sgemm(nnx_cpu_level level, size_t M, size_t N, size_t K, nnx_fmat A, nnx_fmat B, float *C, size_t ldc,
               bool accumulate, void *work);

/* The product when M or N is 1 (gemv.c), called by nnx_sgemm; false for other shapes. */
bool nnx_sgemv(nnx_cpu_level level, size_t M, size_t N, size_t K, nnx_fmat A, nnx_fmat B, float *C, size_t ldc,
               bool accumulate);

/* y[i] += alpha * x[i] for i < n, vectorised for the level (gemv.c). */
void nnx_saxpy(nnx_cpu_level level, float *y, float alpha, const float *x, size_t n);

/* ---- internal to gemm*.c: the micro-kernels --------------------------------------------- */

/* C[MR x NR tile] (row stride ldc) = or += A·pb over kc steps. A's element (i, k) is at
 * pa[i * a_rs + k * a_cs]: packed panels have a_rs = 1, a_cs = MR; small row-major
 * matrices are read in place (a_rs = lda, a_cs = 1). B's NR columns of step k start at
 * pb + k * b_rs: packed panels have b_rs = NR, small row-major matrices are read in place
 * (b_rs = ldb). The tile is always full. */
typedef void (*nnx_sgemm_ukernel)(size_t kc, const float *pa, size_t a_rs, size_t a_cs, const float *pb, size_t b_rs,
                                  float *c, size_t ldc, bool accumulate);

typedef struct nnx_sgemm_kernel {
    nnx_sgemm_ukernel run;
    unsigned mr, nr;
} nnx_sgemm_kernel;

extern const nnx_sgemm_kernel nnx_sgemm_generic;
#if defined(__x86_64__)
extern const nnx_sgemm_kernel nnx_sgemm_avx2;
extern const nnx_sgemm_kernel nnx_sgemm_avx512;
#endif

#endif
