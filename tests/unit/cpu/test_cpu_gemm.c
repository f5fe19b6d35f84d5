/* test_cpu_gemm.c — the fast sgemm (cpu/gemm.h) against a double-precision product, for
 * every micro-kernel this CPU can run (portable, AVX2, AVX-512), over edge sizes: 1, tile
 * sizes and their neighbours, K across the KC block, N across the NC block, M across MC,
 * transposed operands (strides), operands read in place and packed, one row or one column
 * in every layout (the gemv path), last panels of every width (half and quarter tiles), and
 * accumulation. The bound is float32 rounding of a
 * length-K sum: |got - exact| <= 2^-20 * K * sum_k |a||b| + 1e-30. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#define CPU_TEST_SEED 0x9E3779B97F4A7C15u
#include "../common/cpu_test_data.h"

#include "base/alloc.h"
#include "cpu/gemm.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* One product at one level: A [M,K] (stored transposed when ta), B [K,N] (transposed when tb). */
static void check(nnx_cpu_level level, size_t M, size_t N, size_t K, bool ta, bool tb, bool accumulate)
{
    float *a = malloc((M * K + 1) * sizeof *a), *b = malloc((K * N + 1) * sizeof *b);
    float *c = malloc((M * N + 1) * sizeof *c), *c0 = malloc((M * N + 1) * sizeof *c0);
    void *work = aligned_alloc(64, nnx_sgemm_workspace());
    assert_true(a && b && c && c0 && work);
    for (size_t i = 0; i < M * K; i++)
        a[i] = rnd();
    for (size_t i = 0; i < K * N; i++)
        b[i] = rnd();
    for (size_t i = 0; i < M * N; i++)
        c[i] = c0[i] = rnd();
    nnx_fmat A = {a, ta ? 1 : K, ta ? M : 1}, B = {b, tb ? 1 : N, tb ? K : 1};
    nnx_sgemm(level, M, N, K, A, B, c, N, accumulate, work);
    for (size_t m = 0; m < M; m++)
        for (size_t n = 0; n < N; n++) {
            double exact = accumulate ? c0[m * N + n] : 0, mag = fabs(exact);
            for (size_t k = 0; k < K; k++) {
                double p = (double)A.data[m * A.rs + k * A.cs] * B.data[k * B.rs + n * B.cs];
                exact += p;
                mag += fabs(p);
            }
            double got = c[m * N + n], bound = 0x1p-20 * (double)(K + 1) * mag + 1e-30;
            if (!(fabs(got - exact) <= bound))
                fail_msg("%s M=%zu N=%zu K=%zu ta=%d tb=%d acc=%d: C[%zu,%zu] = %.9g, exact %.9g",
                         nnx_cpu_level_name(level), M, N, K, ta, tb, accumulate, m, n, got, exact);
        }
    free(a);
    free(b);
    free(c);
    free(c0);
    free(work);
}

static void each_level(void (*fn)(nnx_cpu_level))
{
    for (int l = NNX_CPU_GENERIC; l <= (int)nnx_cpu_level_get(); l++)
        fn((nnx_cpu_level)l);
}

static void edge_sizes(nnx_cpu_level level)
{
    static const size_t sizes[] = {1, 2, 5, 6, 7, 8, 9, 15, 16, 17, 31, 32, 33, 47};
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++)
        for (size_t j = 0; j < sizeof sizes / sizeof *sizes; j += 3)
            check(level, sizes[i], sizes[j], sizes[(i + j) % 14], false, false, false);
}
/* Last panels of every width class: whole, over 3/4, 21..24 (half + quarter tiles), 17..20
 * (half + the dot kernel), 9..16 (half), 5..8 (quarter), 1..4 (the dot kernel), with 8 rows (whole tiles) and 13 (edge rows), K in one block and
 * over it, plain and accumulating. */
static void tails(nnx_cpu_level level)
{
    static const size_t ns[] = {3, 20, 24, 35, 40, 49, 50, 56, 58, 169, 196};
    for (size_t i = 0; i < sizeof ns / sizeof *ns; i++) {
        check(level, 8, ns[i], 33, false, false, i % 2 == 1);
        check(level, 13, ns[i], 300, false, i % 3 == 0, i % 2 == 0);
    }
}

static void blocks(nnx_cpu_level level)
{
    check(level, 151, 33, 600, false, false, false);  /* K over KC twice, M over MC (144) */
    check(level, 3, 1600, 50, false, false, false);   /* N over NC, B in place (M <= 128) */
    check(level, 136, 1600, 50, false, false, true);  /* N over NC, B packed (K * N > 2^16, M > 128) */
    check(level, 4200, 3, 1000, false, false, false); /* A packed (M * K > 2^18), M over MC */
    check(level, 9, 40, 7, false, false, true);       /* A and B read in place, edge tiles */
    check(level, 200, 70, 257, true, false, true);    /* transposed A, accumulate */
    check(level, 19, 45, 31, false, true, false);     /* transposed B */
    check(level, 48, 64, 256, false, false, true);    /* whole tiles only, A and B in place, one block of */
    check(level, 48, 64, 64, false, false, false);    /* sums (the tile loop alone): accumulate and not */
    check(level, 24, 64, 0, false, false, false);     /* K = 0: zeros */
    check(level, 24, 64, 0, false, false, true);      /* K = 0 accumulate: unchanged */
}

/* One row or one column (gemv.c): dot products or row accumulation, by layout. */
static void vectors(nnx_cpu_level level)
{
    static const size_t ks[] = {1, 7, 15, 16, 17, 31, 33, 63, 64, 65, 2051};
    for (size_t i = 0; i < sizeof ks / sizeof *ks; i++)
        for (int layout = 0; layout < 4; layout++) {
            bool ta = layout & 1, tb = layout & 2, acc = (i + layout) % 3 == 0;
            check(level, 1, 37, ks[i], ta, tb, acc);
            check(level, 29, 1, ks[i], ta, tb, acc);
        }
    check(level, 1, 1, 100, false, false, false);
}

static void test_edge_sizes(void **state)
{
    (void)state;
    each_level(edge_sizes);
}
static void test_vectors(void **state)
{
    (void)state;
    each_level(vectors);
}
static void test_blocks(void **state)
{
    (void)state;
    each_level(blocks);
}
static void test_tails(void **state)
{
    (void)state;
    each_level(tails);
}

int main(void)
{
    printf("cpu level: %s\n", nnx_cpu_level_name(nnx_cpu_level_get()));
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_edge_sizes), cmocka_unit_test(test_vectors),
                                       cmocka_unit_test(test_tails), cmocka_unit_test(test_blocks)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
