/* bench_gemm.c — `bench-gemm [SIZE...]`: single-thread GFLOP/s of nnx's fp32 GEMM (cpu/gemm.h,
 * the kernel of the CPU level found, or NNX_CPU_LEVEL's) next to OpenBLAS's cblas_sgemm (one
 * thread) on the same square problems, in one run, plus nnx's ratio to the peer. Sizes
 * default to 64 ... 2048. Without OpenBLAS at build time the peer column is absent. */
#define _POSIX_C_SOURCE 200809L
#include "cpu/gemm.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#ifdef NNX_BENCH_OPENBLAS
#include <cblas.h>
void openblas_set_num_threads(int n);
#endif

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

typedef void (*gemm_fn)(size_t n, const float *a, const float *b, float *c, void *work);

static void nnx_one(size_t n, const float *a, const float *b, float *c, void *work)
{
    nnx_fmat A = {a, n, 1}, B = {b, n, 1};
    nnx_sgemm(nnx_cpu_level_get(), n, n, n, A, B, c, n, false, work);
}

#ifdef NNX_BENCH_OPENBLAS
static void blas_one(size_t n, const float *a, const float *b, float *c, void *work)
{
    (void)work;
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, (int)n, (int)n, (int)n, 1.0f, a, (int)n, b, (int)n, 0.0f, c,
                (int)n);
}
#endif

/* Seconds for `calls` calls of fn. */
static double batch(gemm_fn fn, int calls, size_t n, const float *a, const float *b, float *c, void *work)
{
    double t0 = now();
    for (int r = 0; r < calls; r++)
        fn(n, a, b, c, work);
    return now() - t0;
}

/* Best GFLOP/s of each of fns[0 .. count) (nnx, then the peer): after a warm-up call each,
 * rounds of one batch per function in turn, each batch about 2 ms of calls (a 64^3 product
 * takes 5 us: one call per clock reading would time the clock too), for about 0.4 s per
 * function. Taking turns gives both the same state of the host, and of the caches. */
static void gflops(gemm_fn *fns, int count, size_t n, const float *a, const float *b, float *c, void *work, double *out)
{
    int calls[2];
    double best[2], spent = 0;
    for (int f = 0; f < count; f++) {
        fns[f](n, a, b, c, work);
        double once = batch(fns[f], 1, n, a, b, c, work);
        calls[f] = once >= 2e-3 ? 1 : once <= 2e-6 ? 1000 : (int)(2e-3 / once);
        best[f] = 1e30;
    }
    for (int round = 0; round < 3 || (spent < 0.4 * count && round < 1000); round++)
        for (int f = 0; f < count; f++) {
            double t = batch(fns[f], calls[f], n, a, b, c, work);
            spent += t;
            if (t / calls[f] < best[f])
                best[f] = t / calls[f];
        }
    for (int f = 0; f < count; f++)
        out[f] = 2.0 * n * n * n / best[f] * 1e-9;
}

int main(int argc, char **argv)
{
    size_t sizes[16] = {64, 128, 256, 512, 1024, 2048}, n_sizes = 6;
    if (argc > 1) {
        n_sizes = 0;
        for (int i = 1; i < argc && n_sizes < 16; i++)
            sizes[n_sizes++] = strtoul(argv[i], NULL, 10);
    }
#ifdef NNX_BENCH_OPENBLAS
    openblas_set_num_threads(1);
#endif
    printf("fp32 GEMM, one thread, nnx kernel: %s\n", nnx_cpu_level_name(nnx_cpu_level_get()));
    printf("%8s %12s %12s %8s\n", "size", "nnx GFLOP/s", "OpenBLAS", "ratio");
    void *work = aligned_alloc(64, nnx_sgemm_workspace());
    for (size_t s = 0; s < n_sizes; s++) {
        size_t n = sizes[s];
        float *a = malloc(n * n * sizeof *a), *b = malloc(n * n * sizeof *b), *c = malloc(n * n * sizeof *c);
        if (!a || !b || !c || !work || n == 0) {
            fprintf(stderr, "bench-gemm: cannot allocate size %zu\n", n);
            return 1;
        }
        for (size_t i = 0; i < n * n; i++) {
            a[i] = (float)((i * 7) % 13) * 0.1f - 0.6f;
            b[i] = (float)((i * 5) % 11) * 0.1f - 0.5f;
        }
        double rate[2];
#ifdef NNX_BENCH_OPENBLAS
        gflops((gemm_fn[]){nnx_one, blas_one}, 2, n, a, b, c, work, rate);
        printf("%8zu %12.1f %12.1f %8.2f\n", n, rate[0], rate[1], rate[0] / rate[1]);
#else
        gflops((gemm_fn[]){nnx_one}, 1, n, a, b, c, work, rate);
        printf("%8zu %12.1f %12s %8s\n", n, rate[0], "-", "-");
#endif
        free(a);
        free(b);
        free(c);
    }
    free(work);
    return 0;
}
