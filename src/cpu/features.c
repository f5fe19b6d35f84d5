/* features.c — CPU feature detection for the fast kernels (cpu/features.h), through the
 * compiler's cpuid support on x86-64; every other machine runs the portable kernels. */
#include "cpu/features.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static nnx_cpu_level level;
static bool env_bad; /* NNX_CPU_LEVEL names no level */
static char env_value[40];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static nnx_cpu_level detect(void)
{
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f"))
        return NNX_CPU_AVX512;
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
        return NNX_CPU_AVX2;
#endif
    return NNX_CPU_GENERIC;
}

static void init(void)
{
    level = detect();
    const char *cap = getenv("NNX_CPU_LEVEL");
    if (!cap)
        return;
    nnx_cpu_level want = strcmp(cap, "reference") == 0 ? NNX_CPU_REFERENCE
        : strcmp(cap, "generic") == 0                  ? NNX_CPU_GENERIC
        : strcmp(cap, "avx2") == 0                     ? NNX_CPU_AVX2
                                                       : NNX_CPU_AVX512;
    if (want == NNX_CPU_AVX512 && strcmp(cap, "avx512") != 0) {
        env_bad = true; /* the value is kept for the message, shortened to the buffer */
        snprintf(env_value, sizeof env_value, "%s", cap);
        return;
    }
    if (want < level)
        level = want;
}

nnx_cpu_level nnx_cpu_level_get(void)
{
    pthread_once(&once, init);
    return level;
}

const char *nnx_cpu_level_env_error(void)
{
    pthread_once(&once, init);
    return env_bad ? env_value : NULL;
}

const char *nnx_cpu_level_name(nnx_cpu_level l)
{
    return l == NNX_CPU_AVX512 ? "avx512" : l == NNX_CPU_AVX2 ? "avx2" : l == NNX_CPU_GENERIC ? "generic" : "reference";
}
