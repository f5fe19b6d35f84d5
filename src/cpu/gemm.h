/* gemm.h — single-precision matrix product for the fast kernels: C = A·B (or C += A·B) with
 * A [M,K] and B [K,N] read through row and column strides (so transposed operands cost
 * nothing), blocked for the caches and packed for a register-tiled micro-kernel chosen by
 * the CPU level (AVX-512, AVX2+FMA or portable C). Sums are float32 with FMA: results agree
 * with the double-precision reference kernels within float32 rounding of a length-K sum. */
#ifndef NNX_CPU_GEMM_H
#define NNX_CPU_GEMM_H

#include <stdbool.h>
#include <stddef.h>

#include "cpu/features.h"

/* A strided matrix: element (r, c) at data[r * rs + c * cs]. */
typedef struct nnx_fmat {
    const float *data;
    size_t rs, cs;
} nnx_fmat;

/* Bytes of workspace nnx_sgemm needs (independent of M, N, K: the blocks are fixed), aligned
 * to 64 bytes by the caller. */
size_t nnx_sgemm_workspace(void);

/* C[M,N] (row stride ldc, unit column stride) = A·B, or += A·B when accumulate. work holds
 * nnx_sgemm_workspace() bytes, 64-byte aligned. level picks the micro-kernel (pass
 * nnx_cpu_level_get(); tests pass each level to compare them). */
void nnx_sgemm(nnx_cpu_level level, size_t M, size_t N, size_t K, nnx_fmat A, nnx_fmat B, float *C, size_t ldc,
               bool accumulate, void *work);

struct nnx_activation;

/* What is done to each element (i, j) of C after its last sum, in this order: + bias[i],
 * + residual[i * residual_rs + j], then the clamp of act (cpu/kernels.h) — the very float
 * operations of separate bias, add and clamp steps, so the same bytes — while the tile is
 * still in registers. Indexes are those of the whole product (nnx_gemm_io's offsets). */
typedef struct nnx_gemm_epilogue {
    const float *bias;                /* or NULL */
    const float *residual;            /* C's shape, or NULL */
    const struct nnx_activation *act; /* or NULL */
    size_t residual_rs;               /* the residual's row stride: 0 adds one row to every row */
} nnx_gemm_epilogue;

/* Hooks into one product (both optional). pack_b fills what the driver would pack from B —
 * rows [k0, k0+kc) and columns [j0, j0+nc) in NR-column panels, k-major, columns past nc
 * zero — so B need not exist as a matrix (convolution windows are packed straight from the
 * image); B is then ignored. i_off and j_off are the position of this C in the whole
 * product (set by nnx_sgemm_threads for its blocks); pack_b and the epilogue see whole-
 * product indexes. */
typedef struct nnx_gemm_io {
    void (*pack_b)(const void *ctx, size_t k0, size_t kc, size_t j0, size_t nc, unsigned nr, float *pb);
    const void *pack_ctx;
    const nnx_gemm_epilogue *epilogue;
    size_t i_off, j_off;
    bool b_in_place;       /* read a row-major B in place whatever its size (weights made once) */
    const float *b_packed; /* B packed once by nnx_sgemm_pack_b_all for this level, or NULL */
    float *b_pack_room;    /* with pack_b: room for B packed whole (nnx_sgemm_packed_b_floats),
                            * where nnx_sgemm_threads_io packs it once for a row split, its
                            * threads together, instead of once in every block; or NULL */
    const float *a_packed; /* A packed once by nnx_sgemm_pack_a_all for this level, or NULL */
    size_t a_packed_rows;  /* with a_packed: the whole A's rows (the product's, before any split) */
} nnx_gemm_io;

/* Floats of B (K x N) packed whole for level's kernel: every NR-column panel, k-major,
 * columns past N zero; false if that overflows. nnx_sgemm_pack_b_all fills it (weights
 * packed when a graph is built, so products with them pack nothing per run). */
bool nnx_sgemm_packed_b_floats(nnx_cpu_level level, size_t K, size_t N, size_t *floats);
void nnx_sgemm_pack_b_all(nnx_cpu_level level, size_t K, size_t N, nnx_fmat B, float *out);

/* The rows of level's micro-tile (MR): a product split into row blocks at multiples of it
 * computes every element as the whole product does. */
unsigned nnx_sgemm_tile_rows(nnx_cpu_level level);

/* The columns of level's micro-tile (NR): the width of one packed panel of B. */
unsigned nnx_sgemm_tile_cols(nnx_cpu_level level);

/* Packs panels [p0, p1) (NR columns each, the last zero-filled past N) of the K x N matrix
 * io->pack_b makes into out, laid out as nnx_sgemm_pack_b_all lays out a whole B (B has
 * ceil(N / NR) panels). */
void nnx_sgemm_pack_b_panels(nnx_cpu_level level, const nnx_gemm_io *io, size_t K, size_t N, size_t p0, size_t p1,
                             float *out);

/* Floats of A (M x K) packed whole for level's kernel: for every KC block of columns, every
 * MR-row panel (rows past M zero), k-major — the panels the driver would pack, one after
 * another in the order it reads them; false if that overflows. nnx_sgemm_pack_a_all fills it
 * (convolution filters packed when a graph is built: the tiles then stream their weights
 * from one contiguous run instead of MR rows at once). */
bool nnx_sgemm_packed_a_floats(nnx_cpu_level level, size_t M, size_t K, size_t *floats);
void nnx_sgemm_pack_a_all(nnx_cpu_level level, size_t M, size_t K, nnx_fmat A, float *out);

/* nnx_sgemm with hooks (io may be NULL: nnx_sgemm). */
void nnx_sgemm_io(nnx_cpu_level level, size_t M, size_t N, size_t K, nnx_fmat A, nnx_fmat B, float *C, size_t ldc,
                  bool accumulate, void *work, const nnx_gemm_io *io);

/* The product when M or N is 1 (gemv.c), called by nnx_sgemm; false for other shapes. */
bool nnx_sgemv(nnx_cpu_level level, size_t M, size_t N, size_t K, nnx_fmat A, nnx_fmat B, float *C, size_t ldc,
               bool accumulate);

/* y[i] += alpha * x[i] for i < n, vectorised for the level (gemv.c). */
void nnx_saxpy(nnx_cpu_level level, float *y, float alpha, const float *x, size_t n);

/* ---- internal to gemm*.c: the micro-kernels --------------------------------------------- */

/* The epilogue of one tile as a micro-kernel applies it: bias[r] for tile row r, the tile's
 * residual (row stride residual_rs), and a clamp with float bounds that gives clamp_run's
 * bytes (elementwise_fast.c): IEEE maximum / minimum (-0 < +0), NaN kept or made the default
 * NaN. */
typedef struct nnx_tile_epilogue {
    const float *bias, *residual;
    const struct nnx_clamp_simd *clamp; /* cpu/clamp_simd.h, or NULL */
    size_t residual_rs;
} nnx_tile_epilogue;

/* C[MR x NR tile] (row stride ldc) = or += A·pb over kc steps, then ep if not NULL (only
 * kernels with `epilogue` set are given one). A's element (i, k) is at
 * pa[i * a_rs + k * a_cs]: packed panels have a_rs = 1, a_cs = MR; small row-major
 * matrices are read in place (a_rs = lda, a_cs = 1). B's NR columns of step k start at
 * pb + k * b_rs: packed panels have b_rs = NR, small row-major matrices are read in place
 * (b_rs = ldb). The tile is always full: MR x NR, MR x NR/2 for `half`, MR x NR/4 for
 * `quarter`. */
typedef void (*nnx_sgemm_ukernel)(size_t kc, const float *pa, size_t a_rs, size_t a_cs, const float *pb, size_t b_rs,
                                  float *c, size_t ldc, bool accumulate, const nnx_tile_epilogue *ep);

/* C[MR x cols] (row stride ldc) = or += A·B over kc steps for the last few columns of a
 * panel (cols <= the kernel's dot_max), vectorised along k: A row-major in place (row i at
 * pa + i * a_rs, k contiguous), B transposed (column j's kc values at bt + j * kc). Each
 * sum runs in its own fixed order (lanes, then a tree), not k by k: only ever the last
 * columns of a whole product, which stay so however it is split (gemm_threads.c). */
typedef void (*nnx_sgemm_dotkernel)(size_t kc, const float *pa, size_t a_rs, const float *bt, size_t cols, float *c,
                                    size_t ldc, bool accumulate);

/* The same columns when A is packed whole (nnx_gemm_io.a_packed: pa is the tile's MR-row
 * panel, k-major): rows < MR of C (row stride ldc) = or += A·B, B's step k at pb + k * b_rs,
 * vectorised along the rows; each sum in k order, as the tile kernels. ep, if not NULL
 * (only with rows == MR), is applied as the tile kernels apply it, its residual and C
 * read at the same columns. */
typedef void (*nnx_sgemm_colkernel)(size_t kc, const float *pa, const float *pb, size_t b_rs, size_t cols, size_t rows,
                                    float *c, size_t ldc, bool accumulate, const nnx_tile_epilogue *ep);

typedef struct nnx_sgemm_kernel {
    nnx_sgemm_ukernel run;
    unsigned mr, nr;
    bool epilogue;             /* applies a tile epilogue */
    nnx_sgemm_ukernel half;    /* the same over MR x NR/2 (a last panel of at most NR/2 columns), or NULL */
    nnx_sgemm_ukernel quarter; /* over MR x NR/4 (what a last panel leaves past NR/2), or NULL */
    nnx_sgemm_dotkernel dot;   /* the last 1..dot_max columns, or NULL */
    unsigned dot_max;
    nnx_sgemm_colkernel col; /* those columns with A packed whole (with dot), or NULL */
    nnx_sgemm_ukernel wide;  /* over MR x wide_nr (B read in place: 1.5 panels), or NULL */
    unsigned wide_nr;
    nnx_sgemm_ukernel plain; /* run for a product stored as it is (accumulate false, no
                              * epilogue: both ignored), A read in place; or NULL */
} nnx_sgemm_kernel;

extern const nnx_sgemm_kernel nnx_sgemm_generic;
#if defined(__x86_64__)
extern const nnx_sgemm_kernel nnx_sgemm_avx2;
extern const nnx_sgemm_kernel nnx_sgemm_avx512;
#endif

#endif
