/* features.h — what the CPU running nnx can do, asked once: the vector extensions the fast
 * kernels are written for. NNX_CPU_LEVEL (environment: "reference", "generic", "avx2",
 * "avx512") caps the level, so tests and benchmarks can run every kernel family (or none:
 * reference kernels only) on one machine. */
#ifndef NNX_CPU_FEATURES_H
#define NNX_CPU_FEATURES_H

typedef enum nnx_cpu_level {
    NNX_CPU_REFERENCE = -1, /* no fast kernels: every node runs its reference kernel */
    NNX_CPU_GENERIC = 0,    /* portable C */
    NNX_CPU_AVX2 = 1,       /* AVX2 + FMA */
    NNX_CPU_AVX512 = 2      /* AVX-512 F */
} nnx_cpu_level;

/* The highest level this CPU supports, capped by NNX_CPU_LEVEL; computed once (thread-safe). */
nnx_cpu_level nnx_cpu_level_get(void);
const char *nnx_cpu_level_name(nnx_cpu_level level);
/* NNX_CPU_LEVEL's value when it names no level (the library then refuses to compile graphs,
 * saying so), else NULL. */
const char *nnx_cpu_level_env_error(void);

#endif
