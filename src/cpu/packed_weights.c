/* packed_weights.c — the data the GEMM-based fast kernels want made once, when a graph is
 * built, from a constant operand given as pointers and sizes (cpu/kernels.h): a matmul's or
 * gemm's B packed for the GEMM, or transposed for the one-row (gemv) path; an ungrouped
 * convolution's filter packed as the GEMM's A panels. */
#include "cpu/kernels.h"

#include <stdint.h>

nnx_status nnx_fast_matmul_prepare(const nnx_alloc *alloc, nnx_fmat B, size_t K, size_t N, size_t rows, void **prepared)
{
    *prepared = NULL;
    nnx_cpu_level level = nnx_cpu_level_get();
    if (rows == 1) {
        if (B.rs == 1 || N > SIZE_MAX / sizeof(float) / K)
            return NNX_OK;
        float *bt = nnx_mem_alloc_aligned(alloc, N * K * sizeof(float));
        if (!bt)
            return NNX_ERROR_OUT_OF_MEMORY;
        for (size_t k = 0; k < K; k++)
            for (size_t n = 0; n < N; n++)
                bt[n * K + k] = B.data[k * B.rs + n * B.cs];
        *prepared = bt;
        return NNX_OK;
    }
    size_t floats;
    if (!nnx_sgemm_packed_b_floats(level, K, N, &floats) || floats > SIZE_MAX / sizeof(float))
        return NNX_OK;
    float *packed = nnx_mem_alloc_aligned(alloc, floats * sizeof(float));
    if (!packed)
        return NNX_ERROR_OUT_OF_MEMORY;
    nnx_sgemm_pack_b_all(level, K, N, B, packed);
    *prepared = packed;
    return NNX_OK;
}

nnx_status nnx_fast_conv2d_prepare(const nnx_alloc *alloc, const float *filter, size_t M, size_t K, void **prepared)
{
    *prepared = NULL;
    size_t floats;
    nnx_cpu_level level = nnx_cpu_level_get();
    if (!nnx_sgemm_packed_a_floats(level, M, K, &floats) || floats > SIZE_MAX / sizeof(float))
        return NNX_OK;
    float *packed = nnx_mem_alloc_aligned(alloc, floats * sizeof(float));
    if (!packed)
        return NNX_ERROR_OUT_OF_MEMORY;
    nnx_sgemm_pack_a_all(level, M, K, (nnx_fmat){filter, K, 1}, packed);
    *prepared = packed;
    return NNX_OK;
}
