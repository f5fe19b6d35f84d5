/* transpose16.h — a 16 x 16 float32 transpose in registers: 16 vectors of 16 floats (GCC's
 * vector extension, so it compiles for whatever target the caller's function has: zmm under
 * AVX-512, narrower otherwise) by four butterfly stages. For the Winograd transforms'
 * channel blocks and for transposes that swap a tensor's last two axes. */
#ifndef NNX_CPU_TRANSPOSE16_H
#define NNX_CPU_TRANSPOSE16_H

#include "cpu/isa.h"

typedef float v16 __attribute__((vector_size(16 * sizeof(float)), aligned(sizeof(float))));

/* Butterfly stage s of a 16 x 16 transpose: rows i and i + s (i & s == 0) swap their
 * off-diagonal s-blocks. lo takes a's lanes j with j & s == 0 and b's lanes j - s for the
 * others; hi takes a's lanes j + s and b's lanes j. */
#define NNX_T16_LO_1 0, 16, 2, 18, 4, 20, 6, 22, 8, 24, 10, 26, 12, 28, 14, 30
#define NNX_T16_HI_1 1, 17, 3, 19, 5, 21, 7, 23, 9, 25, 11, 27, 13, 29, 15, 31
#define NNX_T16_LO_2 0, 1, 16, 17, 4, 5, 20, 21, 8, 9, 24, 25, 12, 13, 28, 29
#define NNX_T16_HI_2 2, 3, 18, 19, 6, 7, 22, 23, 10, 11, 26, 27, 14, 15, 30, 31
#define NNX_T16_LO_4 0, 1, 2, 3, 16, 17, 18, 19, 8, 9, 10, 11, 24, 25, 26, 27
#define NNX_T16_HI_4 4, 5, 6, 7, 20, 21, 22, 23, 12, 13, 14, 15, 28, 29, 30, 31
#define NNX_T16_LO_8 0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23
#define NNX_T16_HI_8 8, 9, 10, 11, 12, 13, 14, 15, 24, 25, 26, 27, 28, 29, 30, 31
#define NNX_T16_STAGE(s) \
    _Pragma("GCC unroll 16") for (int i = 0; i < 16; i++) if (!(i & s)) \
    { \
        v16 a = r[i], b = r[i + s]; \
        r[i] = __builtin_shufflevector(a, b, NNX_T16_LO_##s); \
        r[i + s] = __builtin_shufflevector(a, b, NNX_T16_HI_##s); \
    }

/* r[i][j] <- r[j][i]. */
static inline NNX_ALWAYS_INLINE void transpose16(v16 *r)
{
    NNX_T16_STAGE(8)
    NNX_T16_STAGE(4)
    NNX_T16_STAGE(2)
    NNX_T16_STAGE(1)
}

#endif
