/* gemm_threads.c — nnx_sgemm_threads (cpu/kernels.h): one GEMM split into independent blocks
 * of C, one per thread: column blocks (each thread packs its own slice of B, unless B was
 * packed once at build time, and reads all of A) or row blocks, whichever splits more
 * evenly in whole panels (196 columns 96 + 100 in 32-column panels; 160 rows 80 + 80 in
 * 8-row tiles). The caller's block is nnx_pool_caller_share of the product, so that a
 * thread the system slows down gets less; the blocks are timed for the runtime's policy to
 * learn that share (runtime/thread_policy.h). Blocks are multiples of the micro-tile (every
 * kernel's columns; this level's rows), so each element's sum runs in the same order, by
 * the same kernel, as serially, whatever the split. Row blocks of a product whose B is
 * packed on the fly (convolution windows) share one packing of B, made by all threads
 * first, when the caller gives room for it. Small products stay on the calling thread. */
#include "base/checked.h"
#include "cpu/kernels.h"

#define MIN_PARALLEL_MACS ((size_t)1 << 18)
#define COL_ALIGN 32 /* every kernel's NR divides it */

typedef struct split {
    const nnx_kernel_env *env;
    size_t M, N, K, ldc;
    size_t lo[NNX_POOL_PARTS_MAX + 1]; /* block t: rows or columns [lo[t], lo[t + 1]) */
    size_t chunk, total; /* or, past NNX_POOL_PARTS_MAX threads, [t * chunk, (t + 1) * chunk) (even, untimed) */
    bool by_columns, accumulate;
    nnx_fmat A, B;
    float *C;
    nnx_cpu_level level;
    const nnx_gemm_io *io;
} split;

static void block(void *arg, size_t t, unsigned thread)
{
    const split *s = arg;
    size_t lo = s->chunk ? t * s->chunk : s->lo[t];
    size_t n = s->chunk ? (s->total - lo < s->chunk ? s->total - lo : s->chunk) : s->lo[t + 1] - lo;
    void *work = (char *)s->env->scratch + thread * s->env->per_thread;
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

/* total rows or columns in blocks of whole align-units (the last unit may be partial), at
 * most T of them: block 0 about `share` of the units, the others even; lo[t] as in split.
 * Returns the number of blocks. */
static size_t partition(size_t total, size_t T, size_t align, double share, size_t *lo)
{
    size_t units = (total + align - 1) / align, parts = units < T ? units : T;
    size_t first = (size_t)((double)total / (double)align * share + 0.5); /* the partial unit counts as its part */
    first = first < 1 ? 1 : first > units - (parts - 1) ? units - (parts - 1) : first;
    size_t rest = units - first, at = first;
    lo[0] = 0;
    lo[1] = first * align < total ? first * align : total;
    for (size_t t = 1; t < parts; t++) {
        at += rest / (parts - 1) + (t - 1 < rest % (parts - 1));
        lo[t + 1] = at * align < total ? at * align : total;
    }
    return parts;
}

/* How evenly total splits over T threads of equal speed in align-units: the mean share over
 * the largest block (1: even; 1/T: one block does everything). */
static double balance(size_t total, size_t T, size_t align)
{
    size_t lo[NNX_POOL_PARTS_MAX + 1], parts = partition(total, T, align, 1.0 / (double)T, lo), largest = 0;
    for (size_t t = 0; t < parts; t++)
        largest = lo[t + 1] - lo[t] > largest ? lo[t + 1] - lo[t] : largest;
    return (double)total / (double)T / (double)largest;
}

/* A row split of a product whose B comes from io->pack_b: B packed whole into
 * io->b_pack_room, a panel per item, before the blocks read it there. */
typedef struct shared_pack {
    nnx_cpu_level level;
    const nnx_gemm_io *io;
    size_t K, N;
} shared_pack;

static void pack_panel(void *arg, size_t p)
{
    const shared_pack *sp = arg;
    nnx_sgemm_pack_b_panels(sp->level, sp->io, sp->K, sp->N, p, p + 1, sp->io->b_pack_room);
}

void nnx_sgemm_threads(const nnx_kernel_env *env, size_t M, size_t N, size_t K, nnx_fmat A, nnx_fmat B, float *C,
                       size_t ldc, bool accumulate)
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
    split s = {.env = env,
               .M = M,
               .N = N,
               .K = K,
               .ldc = ldc,
               .accumulate = accumulate,
               .A = A,
               .B = B,
               .C = C,
               .level = level,
               .io = io};
    size_t P = T < NNX_POOL_PARTS_MAX ? T : NNX_POOL_PARTS_MAX; /* balance() judges the split into P blocks */
    s.by_columns = balance(N, P, COL_ALIGN) >= balance(M, P, row_align);
    nnx_gemm_io packed_io;
    if (!s.by_columns && io && io->pack_b && io->b_pack_room && N > 1) {
        /* every row block would pack all of B for itself: the threads pack it once, together
         * (ResNet-50's stride-2 3x3 convolutions with two threads: 1.54 -> 1.44 ms, 1.39 ->
         * 1.30, 1.37 -> 1.34) */
        shared_pack sp = {level, io, K, N};
        unsigned nr = nnx_sgemm_tile_cols(level);
        nnx_pool_for(env->pool, N / nr + (N % nr != 0), pack_panel, &sp);
        packed_io = *io;
        packed_io.pack_b = NULL;
        packed_io.b_packed = io->b_pack_room;
        s.io = &packed_io;
        s.B = (nnx_fmat){NULL, 0, 0}; /* never read: every panel is packed */
    }
    size_t total = s.by_columns ? N : M, align = s.by_columns ? COL_ALIGN : row_align;
    if (T > NNX_POOL_PARTS_MAX) { /* even blocks, untimed */
        s.total = total;
        s.chunk = nnx_round_up((total + T - 1) / T, align);
        nnx_pool_for_thread(env->pool, (total + s.chunk - 1) / s.chunk, block, &s);
        return;
    }
    size_t parts = partition(total, T, align, nnx_pool_caller_share(env->pool), s.lo);
    double units[NNX_POOL_PARTS_MAX];
    for (size_t t = 0; t < parts; t++)
        units[t] = (double)(s.lo[t + 1] - s.lo[t]);
    nnx_pool_for_parts(env->pool, parts, units, block, &s);
}
