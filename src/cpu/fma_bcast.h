/* fma_bcast.h — c + broadcast(*a) * b with the broadcast folded into the FMA's memory operand
 * ({1to16}). Zen 4 spends a vector-pipe slot on a separate vbroadcastss zmm, which compilers
 * emit when one broadcast feeds two FMAs (an 8 x 32 tile's row); folded, the 8 x 32 tile runs
 * at the FMA peak (64^3: 115 -> 117.5 GFLOP/s). Under AddressSanitizer the intrinsics are
 * kept, so that the read stays checked (the sanitizer does not see into asm). */
#ifndef NNX_CPU_FMA_BCAST_H
#define NNX_CPU_FMA_BCAST_H

#include "cpu/isa.h"

#if defined(__x86_64__)

#if defined(__SANITIZE_ADDRESS__)
#define NNX_FMA_BCAST_ASM 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define NNX_FMA_BCAST_ASM 0
#endif
#endif
#ifndef NNX_FMA_BCAST_ASM
#define NNX_FMA_BCAST_ASM 1
#endif

NNX_TARGET_AVX512 NNX_ALWAYS_INLINE static inline __m512 nnx_fmadd_bcast(const float *a, __m512 b, __m512 c)
{
#if NNX_FMA_BCAST_ASM
    __asm__("vfmadd231ps %[a]%{1to16%}, %[b], %[c]" : [c] "+v"(c) : [b] "v"(b), [a] "m"(*a));
    return c;
#else
    return _mm512_fmadd_ps(_mm512_set1_ps(*a), b, c);
#endif
}
#endif

#endif
