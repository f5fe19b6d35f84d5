/* gemm_generic.c — the portable sgemm micro-kernel (cpu/gemm.h): a 4 x 16 tile of float
 * accumulators in plain C, which compilers vectorise for whatever the target has. */
#include "cpu/gemm.h"

#define MR 4
#define NR 16

static void run(size_t kc, const float *pa, size_t a_rs, size_t a_cs, const float *pb, size_t b_rs, float *c,
                size_t ldc, bool accumulate, const nnx_tile_epilogue *ep)
{
    (void)ep; /* epilogue = false: the driver applies it */
    float acc[MR][NR] = {{0}};
    for (size_t k = 0; k < kc; k++) {
        const float *b = pb + k * b_rs;
        for (int i = 0; i < MR; i++)
            for (int j = 0; j < NR; j++)
                acc[i][j] += pa[i * a_rs + k * a_cs] * b[j];
    }
    for (int i = 0; i < MR; i++)
        for (int j = 0; j < NR; j++)
            c[i * ldc + j] = accumulate ? c[i * ldc + j] + acc[i][j] : acc[i][j];
}

const nnx_sgemm_kernel nnx_sgemm_generic = {run, MR, NR, false, NULL, NULL, NULL, 0, NULL, NULL, 0, NULL};
