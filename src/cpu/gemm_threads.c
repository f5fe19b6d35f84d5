/* gemm_threads.c — nnx_sgemm_threads (cpu/kernels.h): one GEMM split into independent blocks
 * of C, one per thread: column blocks (each thread packs its own slice of B, unless B was
 * packed once at build time, and reads all of A) or row blocks, whichever splits more
 * evenly (196 columns split 128 + 68 in 32-column panels; 160 rows 80 + 80 in 8-row
 * tiles). Blocks are multiples of the micro-tile (every kernel's columns; this level's
 * rows), so each element's sum runs in the same order, by the same kernel, as serially.
 * Small products stay on the calling thread. */
#include "base/checked.h"
#include "cpu/kernels.h"

#define MIN_PARALLEL_MACS ((size_t)1 << 18)
#define COL_ALIGN 32 /* every kernel's NR divides it */

typedef struct split {
    const nnx_kernel_env *env;
    size_t M, N, K, ldc, chunk;
    bool by_columns, accumulate;
    nnx_fmat A, B;
    float *C;
    nnx_cpu_level level;
    const nnx_gemm_io *io;
} split;

static void block(void *arg, size_t t)
{
    const split *s = arg;
    size_t total = s->by_columns ? s->N : s->M, lo = t * s->chunk;
    if (lo >= total)
        return;
    size_t n = total - lo < s->chunk ? total - lo : s->chunk;
    void *work = (char *)s->env->scratch + t * s->env->per_thread;
    nnx_gemm_io io = s->io ? *s->io : (nnx_gemm_io){0};
    if (s->by_columns) {
        nnx_fmat B = {s->io && s->io->pack_b ? s->B.data : s->B.data + lo * s->B.cs, s->B.rs, s->B.cs};
        io.j_off += lo;
        nnx_sgemm_io(s->level, s->M, n, s->K, s->A, B, s->C + lo, s->ldc, s->accumulate, work, &io);
    } else {
        nnx_fmat A = {s->A.data + lo * s->A.rs, s->A.rs, s->A.cs};
        io.i_off += lo;
        nnx_sgemm_io(s->level, n, s->N, s->K, A, s->B, s->C + lo * s->ldc, s->ldc, s->accumulate, work, &io);
    }
}


/* How evenly `total` rows or columns split over T threads in aligned blocks: the mean share
 * over the largest block (1: even; 1/T: one block does everything). */
static double balance(size_t total, unsigned T, size_t align)
{
    size_t chunk = nnx_round_up((total + T - 1) / T, align);
    return (double)total / T / (double)(chunk < total ? chunk : total);
}

void nnx_sgemm_threads(const nnx_kernel_env *env, size_t M, size_t N, size_t K, nnx_fmat A,
                       nnx_fmat B, float *C, size_t ldc, bool accumulate)
{
    nnx_sgemm_threads_io(env, M, N, K, A, B, C, ldc, accumulate, NULL);
}

void nnx_sgemm_threads_io(const nnx_kernel_env *env, size_t M, size_t N, size_t K, nnx_fmat A, nnx_fmat B, float *C,
                          size_t ldc, bool accumulate, const nnx_gemm_io *io)
{
    unsigned T = nnx_pool_threads(env->pool);
    nnx_cpu_level level = nnx_cpu_level_get();
    size_t row_align = nnx_sgemm_tile_rows(level);
    if (T <= 1 || M * N * K < MIN_PARALLEL_MACS || (N < 2 * COL_ALIGN && M < 2 * row_align)) {
        nnx_sgemm_io(level, M, N, K, A, B, C, ldc, accumulate, env->scratch, io);
        return;
    }
    /* the more even split; columns on a tie (each thread then packs only its slice of B) */
    bool by_columns = balance(N, T, COL_ALIGN) >= balance(M, T, row_align);
    split s = {env, M, N, K, ldc, 0, by_columns, accumulate, A, B, C, level, io};
    size_t total = s.by_columns ? N : M, align = s.by_columns ? COL_ALIGN : row_align;
    s.chunk = nnx_round_up((total + T - 1) / T, align);
    nnx_pool_for(env->pool, (total + s.chunk - 1) / s.chunk, block, &s);
}
