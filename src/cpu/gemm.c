/* gemm.c — the blocked sgemm driver (cpu/gemm.h), in the usual three cache levels: a KC x NC
 * panel of B packed once per (jc, pc) block (L3), an MC x KC block of A packed per ic (L2),
 * and the micro-kernel sweeping MR x NR tiles over them (B's KC x NR sliver stays in L1).
 * Packing pads partial panels with zeros, so the micro-kernel always runs whole tiles; the
 * tiles that stick out of C go through a small buffer. */
#include "base/checked.h"
#include "cpu/clamp_simd.h"
#include "cpu/gemm.h"
#include "cpu/isa.h"
#include "cpu/kernels.h"

#include <string.h>

#define MC 144 /* a multiple of every kernel's MR (8, 6, 4) */
#define KC 256
#define NC 1536 /* a multiple of every kernel's NR (32, 16) */
#define MR_MAX 8
#define NR_MAX 48   /* the widest tile (edge tiles go through an MR_MAX x NR_MAX buffer) */
#define DOT_MAX 4   /* every kernel's dot_max is at most this */
#define SHORT_K 64  /* sums up to which C is swept by rows of tiles */
#define SMALL_M 128 /* rows up to which row-major B is read in place whatever its size */
#define NARROW_N 64 /* columns up to which row-major B is read in place whatever its size */
#ifndef DIRECT_A_MAX
#define DIRECT_A_MAX \
    ((size_t)1 << 18) /* M * K up to which row-major A is not packed (over it, its
                                         * rows span more pages than the TLB holds: 2048^3 packed
                                         * ran 96 -> 102 GFLOP/s, 1024^3 103 -> 108) */
#endif
#ifndef DIRECT_B_MAX
#define DIRECT_B_MAX ((size_t)1 << 16) /* K * N up to which row-major B is not packed */
#endif

size_t nnx_sgemm_workspace(void)
{
    return ((size_t)MC * KC + (size_t)KC * NC + MR_MAX * NR_MAX + (size_t)KC * DOT_MAX) * sizeof(float);
}

static const nnx_sgemm_kernel *kernel_for(nnx_cpu_level level)
{
#if defined(__x86_64__)
    if (level >= NNX_CPU_AVX512)
        return &nnx_sgemm_avx512;
    if (level >= NNX_CPU_AVX2)
        return &nnx_sgemm_avx2;
#endif
    (void)level;
    return &nnx_sgemm_generic;
}

/* A[i0 .. i0+mc, k0 .. k0+kc] into MR-row panels, k-major, rows past mc zero. */
static void pack_a(const nnx_fmat *A, size_t i0, size_t mc, size_t k0, size_t kc, unsigned mr, float *pa)
{
    for (size_t ir = 0; ir < mc; ir += mr) {
        size_t rows = mc - ir < mr ? mc - ir : mr;
        for (size_t k = 0; k < kc; k++) {
            const float *src = A->data + (i0 + ir) * A->rs + (k0 + k) * A->cs;
            for (size_t i = 0; i < rows; i++)
                pa[i] = src[i * A->rs];
            for (size_t i = rows; i < mr; i++)
                pa[i] = 0;
            pa += mr;
        }
    }
}

/* nr floats from src to dst; a constant length for the kernels' widths, so it is inlined. */
static inline void copy_panel_row(float *dst, const float *src, unsigned nr)
{
    if (nr == 32)
        memcpy(dst, src, 32 * sizeof *dst);
    else if (nr == 16)
        memcpy(dst, src, 16 * sizeof *dst);
    else
        memcpy(dst, src, nr * sizeof *dst);
}

/* B[k0 .. k0+kc, j0 .. j0+nc] into NR-column panels, k-major, columns past nc zero. A
 * row-major B is read row by row, one sequential stream (panel by panel it would be kc
 * streams at once, more than the prefetchers follow), and written to the panels in cache. */
static void pack_b(const nnx_fmat *B, size_t k0, size_t kc, size_t j0, size_t nc, unsigned nr, float *pb)
{
    size_t full = B->cs == 1 ? nc - nc % nr : 0;
    for (size_t k = 0; k < kc && full; k++) {
        const float *src = B->data + (k0 + k) * B->rs + j0;
        for (size_t jr = 0; jr < full; jr += nr)
            copy_panel_row(pb + jr * kc + k * nr, src + jr, nr);
    }
    pb += full * kc;
    for (size_t jr = full; jr < nc; jr += nr) {
        size_t cols = nc - jr < nr ? nc - jr : nr;
        for (size_t k = 0; k < kc; k++) {
            const float *src = B->data + (k0 + k) * B->rs + (j0 + jr) * B->cs;
            for (size_t j = 0; j < cols; j++)
                pb[j] = src[j * B->cs];
            for (size_t j = cols; j < nr; j++)
                pb[j] = 0;
            pb += nr;
        }
    }
}

/* Where the dot kernel takes over a panel of `cols` columns: 0 (all of them: at most
 * dot_max), NR/2 (the half tile first: NR/2 + 1 .. NR/2 + dot_max), or cols (not at all). */
static size_t dot_columns(const nnx_sgemm_kernel *kern, size_t cols)
{
    if (!kern->dot)
        return cols;
    if (cols <= kern->dot_max)
        return 0;
    if (kern->half && cols > kern->nr / 2 && cols - kern->nr / 2 <= kern->dot_max)
        return kern->nr / 2;
    return cols;
}

bool nnx_sgemm_packed_a_floats(nnx_cpu_level level, size_t M, size_t K, size_t *floats)
{
    size_t rows = nnx_round_up(M, kernel_for(level)->mr);
    return !__builtin_mul_overflow(rows, K, floats);
}

void nnx_sgemm_pack_a_all(nnx_cpu_level level, size_t M, size_t K, nnx_fmat A, float *out)
{
    unsigned mr = kernel_for(level)->mr;
    size_t rows = nnx_round_up(M, mr);
    for (size_t pc = 0; pc < K; pc += KC) { /* block pc: rows x kc floats from out + pc * rows */
        size_t kc = K - pc < KC ? K - pc : KC;
        pack_a(&A, 0, M, pc, kc, mr, out + pc * rows);
    }
}

unsigned nnx_sgemm_tile_rows(nnx_cpu_level level) { return kernel_for(level)->mr; }

unsigned nnx_sgemm_tile_cols(nnx_cpu_level level) { return kernel_for(level)->nr; }

void nnx_sgemm_pack_b_panels(nnx_cpu_level level, const nnx_gemm_io *io, size_t K, size_t N, size_t p0, size_t p1,
                             float *out)
{
    unsigned nr = kernel_for(level)->nr;
    for (size_t p = p0; p < p1; p++) {
        size_t j0 = p * nr;
        io->pack_b(io->pack_ctx, 0, K, io->j_off + j0, N - j0 < nr ? N - j0 : nr, nr, out + p * K * nr);
    }
}

bool nnx_sgemm_packed_b_floats(nnx_cpu_level level, size_t K, size_t N, size_t *floats)
{
    unsigned nr = kernel_for(level)->nr;
    size_t panels = N / nr + (N % nr != 0);
    return !__builtin_mul_overflow(panels, nr, floats) && !__builtin_mul_overflow(*floats, K, floats);
}

void nnx_sgemm_pack_b_all(nnx_cpu_level level, size_t K, size_t N, nnx_fmat B, float *out)
{
    pack_b(&B, 0, K, 0, N, kernel_for(level)->nr, out);
}

/* One MR x NR tile of C at (i, j) with only rows x cols inside C. */
static void edge_tile(nnx_sgemm_ukernel run, unsigned width, size_t kc, const float *pa, size_t a_rs, size_t a_cs,
                      const float *pb, size_t b_rs, float *c, size_t ldc, size_t rows, size_t cols, bool accumulate,
                      float *tmp)
{
    run(kc, pa, a_rs, a_cs, pb, b_rs, tmp, width, false, NULL);
    for (size_t i = 0; i < rows; i++)
        for (size_t j = 0; j < cols; j++)
            c[i * ldc + j] = accumulate ? c[i * ldc + j] + tmp[i * width + j] : tmp[i * width + j];
}

void nnx_sgemm(nnx_cpu_level level, size_t M, size_t N, size_t K, nnx_fmat A, nnx_fmat B, float *C, size_t ldc,
               bool accumulate, void *work)
{
    nnx_sgemm_io(level, M, N, K, A, B, C, ldc, accumulate, work, NULL);
}

/* The epilogue on rows x cols of C at c, whose element (0, 0) is (i, j) of the whole
 * product, element by element (for kernels without a tile epilogue, and edge tiles). */
static void finish(const nnx_gemm_io *io, size_t i, size_t j, size_t rows, size_t cols, float *c, size_t ldc)
{
    const nnx_gemm_epilogue *ep = io ? io->epilogue : NULL;
    if (!ep)
        return;
    i += io->i_off;
    j += io->j_off;
    for (size_t r = 0; r < rows; r++, c += ldc) {
        if (ep->bias) {
            float b = ep->bias[i + r];
            for (size_t t = 0; t < cols; t++)
                c[t] += b;
        }
        if (ep->residual) {
            const float *res = ep->residual + (i + r) * ep->residual_rs + j;
            for (size_t t = 0; t < cols; t++)
                c[t] += res[t];
        }
        nnx_apply_activation(ep->act, c, cols);
    }
}

/* The epilogue as kern applies it to whole tiles, if it can (its clamp in *clamp): false
 * otherwise (a clamp whose bounds are not floats keeps the element-wise path, whose double
 * comparisons it needs). */
static bool tile_epilogue(const nnx_sgemm_kernel *kern, const nnx_gemm_io *io, nnx_tile_epilogue *te,
                          nnx_clamp_simd *clamp)
{
    const nnx_gemm_epilogue *ep = io ? io->epilogue : NULL;
    if (!ep || !kern->epilogue)
        return false;
    bool on = ep->act && ep->act->on;
    if (on && !nnx_clamp_simd_setup(ep->act, clamp))
        return false;
    *te = (nnx_tile_epilogue){ep->bias, ep->residual, on ? clamp : NULL, ep->residual_rs};
    return true;
}

/* One micro-tile's operands: rows x (the panel's) columns of C at c, whose element (0, 0) is
 * (i, j) of this product; `last`: the final block of the sums. */
typedef struct tile_args {
    size_t kc;
    const float *a;
    size_t a_rs, a_cs;
    const float *b;
    size_t b_rs;
    float *c;
    size_t ldc, rows;
    bool accumulate, last;
    size_t i, j;
} tile_args;

/* te for the tile whose element (0, 0) is (i, j) of this product: its bias and residual
 * offset to the tile. */
static inline nnx_tile_epilogue epilogue_at(const nnx_tile_epilogue *te, const nnx_gemm_io *io, size_t i, size_t j)
{
    nnx_tile_epilogue e = *te;
    i += io->i_off;
    j += io->j_off;
    e.bias = te->bias ? te->bias + i : NULL;
    e.residual = te->residual ? te->residual + i * te->residual_rs + j : NULL;
    return e;
}

/* Columns [off, off + cols) of the panel by `run`, a kernel `width` columns wide: straight
 * into C (with the epilogue te in registers on the last block) when the tile is whole,
 * through tmp otherwise, and the element-wise epilogue when te cannot be used. Inlined: it
 * runs once per micro-tile, and a call there costs small products several percent. */
static inline NNX_ALWAYS_INLINE void tile(const nnx_sgemm_kernel *kern, nnx_sgemm_ukernel run, unsigned width,
                                          const tile_args *t, size_t off, size_t cols, const nnx_gemm_io *io,
                                          const nnx_tile_epilogue *te, float *tmp)
{
    float *c = t->c + off;
    const float *b = t->b + off;
    if (t->rows == kern->mr && cols == width) {
        if (t->last && te) {
            nnx_tile_epilogue e = epilogue_at(te, io, t->i, t->j + off);
            run(t->kc, t->a, t->a_rs, t->a_cs, b, t->b_rs, c, t->ldc, t->accumulate, &e);
            return;
        }
        run(t->kc, t->a, t->a_rs, t->a_cs, b, t->b_rs, c, t->ldc, t->accumulate, NULL);
    } else {
        edge_tile(run, width, t->kc, t->a, t->a_rs, t->a_cs, b, t->b_rs, c, t->ldc, t->rows, cols, t->accumulate, tmp);
    }
    if (t->last) /* the tile is done, and in L1 */
        finish(io, t->i, t->j + off, t->rows, cols, c, t->ldc);
}

/* bt[j * kc + k] = column at + j of the panel (B's step k at b + k * b_rs), j < n. */
static void transpose_columns(const float *b, size_t b_rs, size_t kc, size_t at, size_t n, float *bt)
{
    for (size_t k = 0; k < kc; k++)
        for (size_t j = 0; j < n; j++)
            bt[j * kc + k] = b[k * b_rs + at + j];
}

/* One (jc, pc, ic) block of the product, as panel_tile sees it. */
typedef struct block {
    const nnx_sgemm_kernel *kern;
    const nnx_gemm_io *io;
    const nnx_tile_epilogue *te; /* the in-kernel epilogue, or NULL */
    float *tmp;
    const float *bt; /* the last panel's dot columns, transposed */
    nnx_fmat A, B;
    float *C;
    size_t ldc, K, jc, pc, kc, ic, mc, full, nc, nfull;
    const float *pa, *pb, *packed, *a_packed;
    bool acc, last, direct_a, direct_b;
    size_t wide_at; /* the panel where the wide tile covers it and half the next, or SIZE_MAX */
} block;

/* Panel jr's B (relative to the block): its step k at b + k * *b_rs. */
static inline const float *panel_b(const block *k, size_t jr, size_t *b_rs)
{
    const nnx_sgemm_kernel *kern = k->kern;
    if (k->packed) { /* panel (j_off + jc + jr) / NR of the whole B, from row pc */
        *b_rs = kern->nr;
        return k->packed + ((k->io->j_off + k->jc + jr) / kern->nr * k->K + k->pc) * kern->nr;
    }
    if (k->direct_b && jr < k->nfull) {
        *b_rs = k->B.rs;
        return k->B.data + k->pc * k->B.rs + k->jc + jr;
    }
    *b_rs = kern->nr;
    return k->pb + jr * k->kc;
}

/* The tile of panel jr, row panel ir of the block, by the kernels that suit its width. */
static inline NNX_ALWAYS_INLINE void panel_tile(const block *k, size_t jr, size_t ir)
{
    const nnx_sgemm_kernel *kern = k->kern;
    const nnx_gemm_io *io = k->io;
    const nnx_tile_epilogue *te = k->te;
    size_t cols = k->nc - jr < kern->nr ? k->nc - jr : kern->nr, b_rs;
    const float *b = panel_b(k, jr, &b_rs);
    size_t rows = k->mc - ir < kern->mr ? k->mc - ir : kern->mr;
    float *c = k->C + (k->ic + ir) * k->ldc + k->jc + jr;
    bool in_place = k->direct_a && ir < k->full;
    const float *a = in_place ? k->A.data + (k->ic + ir) * k->A.rs + k->pc : k->pa + ir * k->kc;
    if (k->a_packed) /* the whole A's panel of rows i_off + ic + ir, block pc */
        a = k->a_packed + k->pc * k->io->a_packed_rows + (k->io->i_off + k->ic + ir) * k->kc;
    size_t a_rs = in_place ? k->A.rs : 1, a_cs = in_place ? 1 : kern->mr;
    size_t i = k->ic + ir, j = k->jc + jr, dot_at = dot_columns(kern, cols);
    const tile_args t = {k->kc, a, a_rs, a_cs, b, b_rs, c, k->ldc, rows, k->acc, k->last, i, j};
    if (jr == k->wide_at) {
        tile(kern, kern->wide, kern->wide_nr, &t, 0, kern->wide_nr, io, te, k->tmp);
    } else if (dot_at < cols && k->a_packed && kern->col) { /* A packed whole (so whatever the split): by columns */
        if (dot_at && (k->wide_at == SIZE_MAX || jr != k->wide_at + kern->nr)) /* else the wide tile took them */
            tile(kern, kern->half, kern->nr / 2, &t, 0, dot_at, io, te, k->tmp);
        bool in_kernel = k->last && te && rows == kern->mr;
        nnx_tile_epilogue e = in_kernel ? epilogue_at(te, io, i, j + dot_at) : (nnx_tile_epilogue){0};
        kern->col(k->kc, a, b + dot_at, b_rs, cols - dot_at, rows, c + dot_at, k->ldc, k->acc, in_kernel ? &e : NULL);
        if (k->last && !in_kernel)
            finish(io, i, j + dot_at, rows, cols - dot_at, c + dot_at, k->ldc);
    } else if (dot_at < cols && k->A.cs == 1 && rows == kern->mr) {
        /* whole rows of a row-major A (read where A is, packed or not, so that the kernel
         * a column gets does not depend on how the product was split): the dot kernel */
        if (dot_at)
            tile(kern, kern->half, kern->nr / 2, &t, 0, dot_at, io, te, k->tmp);
        kern->dot(k->kc, k->A.data + (k->ic + ir) * k->A.rs + k->pc, k->A.rs, k->bt, cols - dot_at, c + dot_at, k->ldc,
                  k->acc);
        if (k->last)
            finish(io, i, j + dot_at, rows, cols - dot_at, c + dot_at, k->ldc);
    } else if (cols == kern->nr || !kern->half || cols > kern->nr * 3 / 4) {
        tile(kern, kern->run, kern->nr, &t, 0, cols, io, te, k->tmp);
    } else if (cols > kern->nr / 2 && kern->quarter) { /* 17..24 of 32: 16 + 8 */
        tile(kern, kern->half, kern->nr / 2, &t, 0, kern->nr / 2, io, te, k->tmp);
        tile(kern, kern->quarter, kern->nr / 4, &t, kern->nr / 2, cols - kern->nr / 2, io, te, k->tmp);
    } else if (cols > kern->nr / 4 || !kern->quarter) {
        tile(kern, cols > kern->nr / 2 ? kern->run : kern->half, cols > kern->nr / 2 ? kern->nr : kern->nr / 2, &t, 0,
             cols, io, te, k->tmp);
    } else {
        tile(kern, kern->quarter, kern->nr / 4, &t, 0, cols, io, te, k->tmp);
    }
}

/* Row-major A read in place (not packed): small, where packing would cost more than it saves;
 * only its last partial panel is packed, so no read passes row M. */
static bool a_in_place(const nnx_fmat *A, size_t M, size_t K) { return A->cs == 1 && M * K <= DIRECT_A_MAX; }

/* Row-major B read in place for its shape (except its last partial panel): when small, when A
 * has few rows (each packed panel would serve only M / MR tiles, and packing it cost as much
 * as its products: a 1x1 convolution to 16..128 channels) or when narrow (a 7x7 map: read in
 * place by the wide tile, 2048 -> 512 channels took 4% less time than packed). */
static bool b_in_place(const nnx_fmat *B, size_t M, size_t N, size_t K)
{
    return B->cs == 1 && (K * N <= DIRECT_B_MAX || M <= SMALL_M || N <= NARROW_N);
}

/* Whether the blocked path would read row-major A and B in place for this product, in one
 * block of sums and whole tiles only (so that it runs kern->run, or its plain variant, which
 * sums alike, on every tile and nothing else). */
static bool whole_tiles(const nnx_sgemm_kernel *kern, size_t M, size_t N, size_t K, const nnx_fmat *A,
                        const nnx_fmat *B)
{
    return M % kern->mr == 0 && N % kern->nr == 0 && K <= KC && N <= NC && a_in_place(A, M, K) &&
        b_in_place(B, M, N, K);
}

void nnx_sgemm_io(nnx_cpu_level level, size_t M, size_t N, size_t K, nnx_fmat A, nnx_fmat B, float *C, size_t ldc,
                  bool accumulate, void *work, const nnx_gemm_io *io)
{
    const nnx_sgemm_kernel *kern = kernel_for(level);
    bool packer = io && io->pack_b;
    const float *packed = io ? io->b_packed : NULL;
    nnx_tile_epilogue te;
    nnx_clamp_simd clamp;
    bool in_kernel = tile_epilogue(kern, io, &te, &clamp);
    if (K == 0) {
        for (size_t i = 0; i < M && !accumulate; i++)
            memset(C + i * ldc, 0, N * sizeof *C);
        finish(io, 0, 0, M, N, C, ldc);
        return;
    }
    if (!packer && nnx_sgemv(level, M, N, K, A, B, C, ldc, accumulate)) {
        finish(io, 0, 0, M, N, C, ldc);
        return;
    }
    if (!io && whole_tiles(kern, M, N, K, &A, &B)) {
        /* the tiles the blocked path below would run, without its per-tile choices (3% of a 64^3 product) */
        nnx_sgemm_ukernel run = !accumulate && kern->plain ? kern->plain : kern->run;
        for (size_t i = 0; i < M; i += kern->mr)
            for (size_t j = 0; j < N; j += kern->nr)
                run(K, A.data + i * A.rs, A.rs, 1, B.data + j, B.rs, C + i * ldc + j, ldc, accumulate, NULL);
        return;
    }
    float *pa = work, *pb = pa + (size_t)MC * KC, *tmp = pb + (size_t)KC * NC, *bt = tmp + MR_MAX * NR_MAX;
    const float *a_packed = io ? io->a_packed : NULL;
    for (size_t jc = 0; jc < N; jc += NC) {
        size_t nc = N - jc < NC ? N - jc : NC;
        for (size_t pc = 0; pc < K; pc += KC) {
            size_t kc = K - pc < KC ? K - pc : KC;
            size_t nfull = nc - nc % kern->nr;
            bool direct_b = !packer && (b_in_place(&B, M, N, K) || (B.cs == 1 && io && io->b_in_place));
            /* a last partial panel that only the column kernel (after a half tile) reads is
             * read in place too: neither reads past its columns */
            if (direct_b && nfull < nc && a_packed && kern->col && dot_columns(kern, nc - nfull) < nc - nfull)
                nfull = nc;
            if (packed)
                ; /* every panel already packed: read in place below */
            else if (packer)
                io->pack_b(io->pack_ctx, pc, kc, io->j_off + jc, nc, kern->nr, pb);
            else if (!direct_b)
                pack_b(&B, pc, kc, jc, nc, kern->nr, pb);
            else if (nfull < nc)
                pack_b(&B, pc, kc, jc + nfull, nc - nfull, kern->nr, pb + nfull * kc);
            block blk = {kern,
                         io,
                         in_kernel ? &te : NULL,
                         tmp,
                         bt,
                         A,
                         B,
                         C,
                         ldc,
                         K,
                         jc,
                         pc,
                         kc,
                         0,
                         0,
                         0,
                         nc,
                         nfull,
                         pa,
                         pb,
                         packed,
                         a_packed,
                         accumulate || pc > 0,
                         pc + kc == K,
                         false,
                         direct_b,
                         SIZE_MAX};
            size_t jlast = (nc - 1) / kern->nr * kern->nr, dot_at = dot_columns(kern, nc - jlast);
            /* a last panel of a half tile and a column or few, B in place: the panel before
             * it and that half tile as one wide tile */
            if (kern->wide && direct_b && !packed && nfull == nc && jlast >= kern->nr && dot_at == kern->nr / 2 &&
                a_packed && kern->col)
                blk.wide_at = jlast - kern->nr;
            if (dot_at < nc - jlast && !a_packed && A.cs == 1) { /* for the dot kernel: transposed once */
                size_t b_rs;
                const float *b = panel_b(&blk, jlast, &b_rs);
                transpose_columns(b, b_rs, kc, dot_at, nc - jlast - dot_at, bt);
            }
            for (size_t ic = 0; ic < M; ic += MC) {
                size_t mc = M - ic < MC ? M - ic : MC, full = mc - mc % kern->mr;
                bool direct = !blk.a_packed && a_in_place(&A, M, K);
                if (blk.a_packed)
                    ; /* every panel already packed: read in place in panel_tile */
                else if (!direct)
                    pack_a(&A, ic, mc, pc, kc, kern->mr, pa);
                else if (full < mc)
                    pack_a(&A, ic + full, mc - full, pc, kc, kern->mr, pa + full * kc);
                blk.ic = ic;
                blk.mc = mc;
                blk.full = full;
                blk.direct_a = direct;
                /* Short sums: a row of tiles at a time (the tiles are short; C, and a fused
                 * residual, are then streamed in MR long rows, which the hardware prefetchers
                 * follow, rather than MC short ones); longer: a column of tiles at a time,
                 * the panel of B staying in L1. */
                if (kc <= SHORT_K)
                    for (size_t ir = 0; ir < mc; ir += kern->mr)
                        for (size_t jr = 0; jr < nc; jr += kern->nr)
                            panel_tile(&blk, jr, ir);
                else
                    for (size_t jr = 0; jr < nc; jr += kern->nr)
                        for (size_t ir = 0; ir < mc; ir += kern->mr)
                            panel_tile(&blk, jr, ir);
            }
        }
    }
}
