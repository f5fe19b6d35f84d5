/* test_cpu_packed_weights.c — matmul and gemm whose B is a constant, packed for the GEMM when
 * the graph is built (nnx_kernel_prepare): against the reference kernel within float32 rounding
 * of each length-K sum ((K + 2) ulps of the sum of |terms|), with N not a multiple of any
 * panel width, K over one cache block, a batched a against one b, gemm's transposed B,
 * alpha, beta and C; two threads (column blocks at an offset into the packed panels) give
 * the same bytes as one. One-row products get B^T instead (dot products of contiguous rows).
 * Nothing is prepared for a B an update rewrites; a plan prepares a constant shared by
 * several products once. An ungrouped convolution's filter is packed as the GEMM's A
 * (1x1 and strided 3x3 ones; M not a multiple of the tile rows, K over one block, rows
 * split over the threads at an offset into the packed panels, maps whose last 1 or 4
 * columns the column kernel takes (a 7x7 map's first 48 the wide tile; a 7x7 map read in
 * place however large), with and without a fused residual and clamp against IEEE's in
 * double: NaN kept or the default NaN, signed zeros, the two-operation and the full clamp). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#define CPU_TEST_SEED 0x2545F4914F6CDD1Du
#include "../common/cpu_test_data.h"

#include "base/alloc.h"
#include "base/pool.h"
#include "cpu/kernels.h"
#include "ops/graph_build.h"
#include "ops/table.h"
#include "runtime/plan.h"
#include "runtime/select.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* y = op(a, B [, C]) with B (and C) constants holding b (c); returns the node. */
static const nnx_node *build(nnx_ir *ir, nnx_op op, const nnx_attrs *attrs, const nnx_operand_desc *ad,
                             const nnx_operand_desc *bd, const float *b, const nnx_operand_desc *cd, const float *c)
{
    nnx_error err = {0};
    uint32_t in[3], y;
    assert_int_equal(nnx_ir_add_input(ir, "a", ad, &in[0], &err), NNX_OK);
    assert_int_equal(nnx_ir_add_constant(ir, bd, b, elems(bd) * 4, &in[1], &err), NNX_OK);
    if (cd)
        assert_int_equal(nnx_ir_add_constant(ir, cd, c, elems(cd) * 4, &in[2], &err), NNX_OK);
    if (nnx_ir_add_node(ir, op, in, cd ? 3 : 2, attrs, 1, "", &y, &err) != NNX_OK)
        fail_msg("%s", err.message);
    return &ir->nodes[0];
}

static float *random_floats(size_t n)
{
    float *v = malloc(n * sizeof *v + 4);
    for (size_t i = 0; i < n; i++)
        v[i] = rnd();
    return v;
}

/* act (if not NULL): a residual added and act's clamp applied by the kernel (a fused
 * convolution's epilogue), on quarter integers (every sum exact) with a NaN in the input and
 * a residual cancelling every third sum to exactly +0; checked against the reference's
 * result plus residual, clamped in double: NaN where it is NaN (the default NaN's bits if
 * asked for), and a zero result's sign. */
static void check_fused(nnx_op op, const nnx_attrs *attrs, nnx_operand_desc ad, nnx_operand_desc bd,
                        const nnx_operand_desc *cd, size_t K, const nnx_activation *act)
{
    nnx_alloc a;
    assert_true(nnx_alloc_init(&a, NULL));
    nnx_ir ir, abs_ir;
    nnx_ir_init(&ir, &a);
    nnx_ir_init(&abs_ir, &a);
    size_t an = elems(&ad), bn = elems(&bd), cn = cd ? elems(cd) : 0;
    float *x = random_floats(an), *b = random_floats(bn), *c = random_floats(cn + 1);
    for (size_t i = 0; act && i < an; i++)
        x[i] = quarter(8);
    for (size_t i = 0; act && i < bn; i++)
        b[i] = quarter(2);
    for (size_t i = 0; act && i < cn; i++)
        c[i] = quarter(8);
    float *ax = malloc(an * 4 + 4), *ab = malloc(bn * 4 + 4), *ac = malloc(cn * 4 + 4);
    for (size_t i = 0; i < an; i++)
        ax[i] = fabsf(x[i]);
    for (size_t i = 0; i < bn; i++)
        ab[i] = fabsf(b[i]);
    for (size_t i = 0; i < cn; i++)
        ac[i] = fabsf(c[i]);
    uint32_t nan_in = 0xffc01234u; /* a NaN with sign and payload, which the sums carry */
    if (act)
        memcpy(&x[5], &nan_in, sizeof nan_in); /* every output at that position */
    const nnx_node *node = build(&ir, op, attrs, &ad, &bd, b, cd, c);
    const nnx_node *abs_node = build(&abs_ir, op, attrs, &ad, &bd, ab, cd, ac);
    size_t shared, per_thread;
    nnx_fast_kernel fast = nnx_kernel_select(&ir, node, &shared, &per_thread);
    assert_non_null(fast);
    void *prepared;
    assert_int_equal(nnx_kernel_prepare(&ir, node, fast, &prepared), NNX_OK);
    assert_non_null(prepared);

    nnx_operand_desc yd = ir.values[node->out[0]].desc;
    size_t yn = elems(&yd);
    float *ref = malloc(yn * 4), *mag = malloc(yn * 4), *got = malloc(yn * 4), *got2 = malloc(yn * 4);
    nnx_view in[3] = {{ad, x}, {bd, b}, {cd ? *cd : bd, c}}, abs_in[3] = {{ad, ax}, {bd, ab}, {cd ? *cd : bd, ac}};
    nnx_view out = {yd, ref};
    assert_int_equal(nnx_node_kernel(node, in, &out), NNX_OK);
    out.data = mag;
    assert_int_equal(nnx_node_kernel(abs_node, abs_in, &out), NNX_OK);
    per_thread = (per_thread + 63) / 64 * 64;
    void *scratch = aligned_alloc(64, per_thread * 2 + 64);
    nnx_pool *pool = nnx_pool_create(&a, 1);
    assert_non_null(pool);
    void *shared_scratch = aligned_alloc(64, (shared + 63) / 64 * 64 + 64); /* a strided conv's phase split */
    float *res = act ? malloc(yn * 4 + 4) : NULL;
    for (size_t i = 0; act && i < yn; i++)
        res[i] = i % 3 == 0 ? -ref[i] : quarter(24);
    nnx_kernel_env env = {shared_scratch, scratch, per_thread, NULL, act, res, prepared};
    out.data = got;
    assert_int_equal(cpu_run_fast(fast, node, in, &out, &env), NNX_OK);
    env.pool = pool;
    out.data = got2;
    assert_int_equal(cpu_run_fast(fast, node, in, &out, &env), NNX_OK);
    assert_memory_equal(got, got2, yn * 4);
    for (size_t i = 0; i < yn; i++) {
        double bound = 0x1p-23 * (double)(K + 3) * (fabs((double)mag[i]) + (res ? fabs((double)res[i]) : 0)) + 1e-30;
        double want = act ? min_ieee(max_ieee((double)ref[i] + res[i], act->lo), act->hi) : ref[i];
        if (isnan(want)) {
            uint32_t bits, nan_bits = 0x7fc00000u;
            memcpy(&bits, &got[i], sizeof bits);
            if (!isnan(got[i]) || (act->nan_default && bits != nan_bits))
                fail_msg("%s: element %zu fast %.9g, reference NaN", nnx_op_table[op].name, i, got[i]);
            continue;
        }
        if (want == 0 && got[i] == 0 && !signbit(want) != !signbit(got[i]))
            fail_msg("%s: element %zu fast %g, reference %g", nnx_op_table[op].name, i, got[i], want);
        if (!(fabs((double)got[i] - want) <= bound))
            fail_msg("%s: element %zu fast %.9g, reference %.9g (bound %.3g)", nnx_op_table[op].name, i, got[i], want,
                     bound);
    }
    free(res);
    nnx_pool_destroy(pool);
    nnx_mem_free_aligned(&a, prepared);
    free(scratch);
    free(shared_scratch);
    free(x), free(b), free(c), free(ax), free(ab), free(ac), free(ref), free(mag), free(got), free(got2);
    nnx_ir_free(&ir);
    nnx_ir_free(&abs_ir);
}

static void check(nnx_op op, const nnx_attrs *attrs, nnx_operand_desc ad, nnx_operand_desc bd,
                  const nnx_operand_desc *cd, size_t K)
{
    check_fused(op, attrs, ad, bd, cd, K, NULL);
}

static void test_matmul(void **state)
{
    (void)state;
    check(NNX_OP_MATMUL, NULL, (nnx_operand_desc){NNX_FLOAT32, 2, {37, 70}},
          (nnx_operand_desc){NNX_FLOAT32, 2, {70, 83}}, NULL, 70);
    check(NNX_OP_MATMUL, NULL, (nnx_operand_desc){NNX_FLOAT32, 3, {2, 5, 300}},
          (nnx_operand_desc){NNX_FLOAT32, 2, {300, 130}}, NULL, 300); /* batches of a, K > one block */
    check(NNX_OP_MATMUL, NULL, (nnx_operand_desc){NNX_FLOAT32, 2, {64, 256}},
          (nnx_operand_desc){NNX_FLOAT32, 3, {1, 256, 700}}, NULL,
          256); /* b with a batch of 1; two threads by column */
    check(NNX_OP_MATMUL, NULL, (nnx_operand_desc){NNX_FLOAT32, 3, {1, 1, 512}},
          (nnx_operand_desc){NNX_FLOAT32, 2, {512, 1030}}, NULL, 512); /* one row: B^T, split by column */
}

static void test_conv(void **state)
{
    (void)state;
    nnx_attrs pw = {.conv = {.strides = {1, 1},
                             .dilations = {1, 1},
                             .groups = 1,
                             .input_layout = NNX_LAYOUT_NCHW,
                             .filter_layout = NNX_FILTER_OIHW}};
    nnx_attrs s2 = {.conv = {.pads = {1, 1, 1, 1},
                             .strides = {2, 2},
                             .dilations = {1, 1},
                             .groups = 1,
                             .input_layout = NNX_LAYOUT_NCHW,
                             .filter_layout = NNX_FILTER_OIHW}};
    nnx_operand_desc bias83 = {NNX_FLOAT32, 1, {83}}, bias200 = {NNX_FLOAT32, 1, {200}};
    check(NNX_OP_CONV, &pw, (nnx_operand_desc){NNX_FLOAT32, 4, {1, 300, 8, 8}},
          (nnx_operand_desc){NNX_FLOAT32, 4, {83, 300, 1, 1}}, &bias83, 301); /* split by column */
    check(NNX_OP_CONV, &pw, (nnx_operand_desc){NNX_FLOAT32, 4, {1, 300, 4, 8}},
          (nnx_operand_desc){NNX_FLOAT32, 4, {200, 300, 1, 1}}, &bias200, 301); /* by rows: 104 + 96 */
    check(NNX_OP_CONV, &s2, (nnx_operand_desc){NNX_FLOAT32, 4, {1, 40, 16, 16}},
          (nnx_operand_desc){NNX_FLOAT32, 4, {83, 40, 3, 3}}, &bias83, 361); /* windows packed as B */
    /* 7x7 and 14x14 maps: the last 1 and 4 columns by the column kernel, also for the last,
     * partial row tile */
    check(NNX_OP_CONV, &pw, (nnx_operand_desc){NNX_FLOAT32, 4, {1, 300, 7, 7}},
          (nnx_operand_desc){NNX_FLOAT32, 4, {83, 300, 1, 1}}, &bias83, 301);
    check(NNX_OP_CONV, &pw, (nnx_operand_desc){NNX_FLOAT32, 4, {1, 300, 14, 14}},
          (nnx_operand_desc){NNX_FLOAT32, 4, {83, 300, 1, 1}}, &bias83, 301);
    /* the same with a fused residual and clamp: the column kernel applies them in registers
     * for whole row tiles, the element-wise epilogue for the last, partial one; the tiles'
     * two-operation clamp of a sum, and the full one (an upper bound of -0, the default NaN) */
    const nnx_activation acts[] = {{true, false, -0.5, 0.5, 0, false},
                                   {true, false, 0.0, INFINITY, 0, false},
                                   {true, false, -INFINITY, -0.0, 0, false},
                                   {true, true, -0.25, 0.25, 0, false}};
    for (size_t i = 0; i < sizeof acts / sizeof acts[0]; i++) {
        check_fused(NNX_OP_CONV, &pw, (nnx_operand_desc){NNX_FLOAT32, 4, {1, 300, 7, 7}},
                    (nnx_operand_desc){NNX_FLOAT32, 4, {83, 300, 1, 1}}, &bias83, 301, &acts[i]);
        check_fused(NNX_OP_CONV, &pw, (nnx_operand_desc){NNX_FLOAT32, 4, {1, 300, 14, 14}},
                    (nnx_operand_desc){NNX_FLOAT32, 4, {83, 300, 1, 1}}, &bias83, 301, &acts[i]);
    }
    /* a 7x7 map too large to be small (K x N over 64K floats) with more than 128 rows: read
     * in place as narrow, by the wide tile */
    check(NNX_OP_CONV, &pw, (nnx_operand_desc){NNX_FLOAT32, 4, {1, 1400, 7, 7}},
          (nnx_operand_desc){NNX_FLOAT32, 4, {200, 1400, 1, 1}}, &bias200, 1401);
    check_fused(NNX_OP_CONV, &pw, (nnx_operand_desc){NNX_FLOAT32, 4, {1, 1400, 7, 7}},
                (nnx_operand_desc){NNX_FLOAT32, 4, {200, 1400, 1, 1}}, &bias200, 1401, &acts[0]);
}

static void test_gemm(void **state)
{
    (void)state;
    nnx_attrs plain = {.gemm = {1.0, 1.0, false, false}}, t = {.gemm = {0.5, -2.0, false, true}};
    nnx_operand_desc c = {NNX_FLOAT32, 1, {45}};
    check(NNX_OP_GEMM, &plain, (nnx_operand_desc){NNX_FLOAT32, 2, {12, 40}},
          (nnx_operand_desc){NNX_FLOAT32, 2, {40, 45}}, &c, 41);
    check(NNX_OP_GEMM, &t, (nnx_operand_desc){NNX_FLOAT32, 2, {30, 270}}, (nnx_operand_desc){NNX_FLOAT32, 2, {45, 270}},
          &c, 271); /* transposed B, alpha, beta */
    nnx_operand_desc c1 = {NNX_FLOAT32, 1, {700}};
    check(NNX_OP_GEMM, &plain, (nnx_operand_desc){NNX_FLOAT32, 2, {1, 300}},
          (nnx_operand_desc){NNX_FLOAT32, 2, {300, 700}}, &c1, 301); /* one row: B^T */
}

/* Whether B of matmul(a [rows, 256], B [256, 50]) is packed at build time. */
static bool packed(uint32_t rows, bool updated)
{
    nnx_alloc a;
    assert_true(nnx_alloc_init(&a, NULL));
    nnx_ir ir;
    nnx_ir_init(&ir, &a);
    nnx_operand_desc ad = {NNX_FLOAT32, 2, {rows, 256}}, bd = {NNX_FLOAT32, 2, {256, 50}};
    float *b = calloc(256 * 50, 4);
    const nnx_node *node = build(&ir, NNX_OP_MATMUL, NULL, &ad, &bd, b, NULL, NULL);
    nnx_error err = {0};
    if (updated) {
        uint32_t neg;
        assert_int_equal(nnx_ir_add_node(&ir, NNX_OP_NEG, &node->in[1], 1, NULL, 1, "", &neg, &err), NNX_OK);
        node = &ir.nodes[0];
        assert_int_equal(nnx_ir_add_update(&ir, node->in[1], neg, &err), NNX_OK);
    }
    size_t s, t;
    nnx_fast_kernel fast = nnx_kernel_select(&ir, &ir.nodes[0], &s, &t);
    assert_non_null(fast);
    void *prepared;
    assert_int_equal(nnx_kernel_prepare(&ir, &ir.nodes[0], fast, &prepared), NNX_OK);
    bool got = prepared != NULL;
    nnx_mem_free_aligned(&a, prepared);
    free(b);
    nnx_ir_free(&ir);
    return got;
}

static void test_not_packed(void **state)
{
    (void)state;
    assert_true(packed(8, false));
    assert_true(packed(1, false)); /* one row: B^T for the gemv path */
    assert_false(packed(8, true)); /* an update rewrites B between runs */
}

/* Two products with one constant B (an unrolled recurrence): one prepared copy, owned by the
 * first step; a third of another form (more rows) has its own. */
static void test_shared_once(void **state)
{
    (void)state;
    nnx_alloc a;
    assert_true(nnx_alloc_init(&a, NULL));
    nnx_ir ir;
    nnx_ir_init(&ir, &a);
    nnx_error err = {0};
    nnx_operand_desc hd = {NNX_FLOAT32, 2, {1, 256}}, xd = {NNX_FLOAT32, 2, {16, 256}},
                     bd = {NNX_FLOAT32, 2, {256, 256}};
    float *b = calloc(256 * 256, 4);
    uint32_t h, x, w, y[3];
    assert_int_equal(nnx_ir_add_input(&ir, "h", &hd, &h, &err), NNX_OK);
    assert_int_equal(nnx_ir_add_input(&ir, "x", &xd, &x, &err), NNX_OK);
    assert_int_equal(nnx_ir_add_constant(&ir, &bd, b, 256 * 256 * 4, &w, &err), NNX_OK);
    assert_int_equal(nnx_ir_add_node(&ir, NNX_OP_MATMUL, (uint32_t[]){h, w}, 2, NULL, 1, "", &y[0], &err), NNX_OK);
    assert_int_equal(nnx_ir_add_node(&ir, NNX_OP_MATMUL, (uint32_t[]){y[0], w}, 2, NULL, 1, "", &y[1], &err), NNX_OK);
    assert_int_equal(nnx_ir_add_node(&ir, NNX_OP_MATMUL, (uint32_t[]){x, w}, 2, NULL, 1, "", &y[2], &err), NNX_OK);
    nnx_plan plan;
    assert_int_equal(nnx_plan_compile(&plan, &ir, y + 1, 2, &err), NNX_OK);
    assert_int_equal(plan.n_order, 3);
    assert_non_null(plan.prepared[0]);
    assert_true(plan.prepared[1] == plan.prepared[0]);
    assert_true(plan.prepared_owned[0] && !plan.prepared_owned[1]);
    assert_non_null(plan.prepared[2]);
    assert_true(plan.prepared[2] != plan.prepared[0] && plan.prepared_owned[2]);
    nnx_plan_free(&plan); /* frees each copy once (ASan checks) */
    free(b);
    nnx_ir_free(&ir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_matmul), cmocka_unit_test(test_gemm),
                                       cmocka_unit_test(test_conv), cmocka_unit_test(test_not_packed),
                                       cmocka_unit_test(test_shared_once)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
