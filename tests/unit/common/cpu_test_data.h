/* cpu_test_data.h — what the fast-kernel tests share: a deterministic source of floats in
 * [-1, 1) on a multiple of 2^-23 (xorshift64; each test file has its own state, seeded by
 * CPU_TEST_SEED before the include) and of quarter integers, a descriptor's element count,
 * IEEE maximum / minimum in double (the oracle of fused clamps), and a fast kernel run on the
 * arguments of a graph's node. */
#ifndef NNX_TESTS_CPU_TEST_DATA_H
#define NNX_TESTS_CPU_TEST_DATA_H

#include "cpu/kernels.h"
#include "ir/graph.h"

#include <math.h>
#include <stddef.h>
#include <stdint.h>

#ifndef CPU_TEST_SEED
#define CPU_TEST_SEED 0x9E3779B97F4A7C15u
#endif

static uint64_t rng = CPU_TEST_SEED;

static inline float rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (float)((int64_t)(rng >> 40) - (1 << 23)) / (float)(1 << 23);
}

/* Quarter integers in [-range, range], often 0 (every sum of their products is exact, so
 * results land on activation bounds). */
static inline float quarter(int range)
{
    int q = (int)(rnd() * 4.0f * (float)range);
    return q % 3 == 0 ? 0.0f : (float)q / 4.0f;
}

/* IEEE maximum and minimum (-0 < +0), NaN for a NaN operand. */
static inline double max_ieee(double a, double b)
{
    return isnan(a) || isnan(b) ? NAN : a == b ? (signbit(a) ? b : a) : a > b ? a : b;
}

static inline double min_ieee(double a, double b)
{
    return isnan(a) || isnan(b) ? NAN : a == b ? (signbit(a) ? a : b) : a < b ? a : b;
}

static inline size_t elems(const nnx_operand_desc *d)
{
    size_t n = 1;
    for (uint32_t i = 0; i < d->rank; i++)
        n *= d->shape[i];
    return n;
}

/* fast run on node's op and attributes. */
static inline nnx_status cpu_run_fast(nnx_fast_kernel fast, const nnx_node *node, const nnx_view *in, nnx_view *out,
                                      const nnx_kernel_env *env)
{
    nnx_op_args args = nnx_node_args(node);
    return fast(&args, in, out, env);
}

#endif
