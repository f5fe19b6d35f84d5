/* isa.h — the one convention for per-ISA kernels in src/cpu/: on x86-64, the intrinsics and
 * the target attributes that compile a function for one instruction set (called only when
 * nnx_cpu_level_get says the CPU has it, so the binary stays portable). Code using them sits
 * inside #if defined(__x86_64__); the portable C paths sit outside. */
#ifndef NNX_CPU_ISA_H
#define NNX_CPU_ISA_H

/* Always inlined into its caller, so that it takes the caller's target. */
#define NNX_ALWAYS_INLINE __attribute__((always_inline))

#if defined(__x86_64__)
#include <immintrin.h>

#define NNX_TARGET_AVX512 __attribute__((target("avx512f")))
#define NNX_TARGET_AVX512_PRFCHW __attribute__((target("avx512f,prfchw"))) /* and PREFETCHW */
#define NNX_TARGET_AVX2_FMA __attribute__((target("avx2,fma")))
#define NNX_TARGET_AVX2 __attribute__((target("avx2"))) /* copies, compares, maxima */
#endif

#endif
