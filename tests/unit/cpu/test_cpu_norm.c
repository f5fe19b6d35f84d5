/* test_cpu_norm.c — cpu/norm_fast.c against ops/normalization.c on the same nodes: layer
 * (trailing, middle, all and no axes; lines 1..70), instance (nchw, nhwc) and batch (first,
 * middle, last axis) normalization, scale / bias present or not, within 2^-21 * (|scale n| +
 * |bias|); one and two threads give the same bytes; NaN / infinity where the reference has
 * them; other layouts and types keep the reference kernel. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#define CPU_TEST_SEED 0x9E3779B97F4A7C15u
#include "../common/cpu_test_data.h"

#include "base/alloc.h"
#include "cpu/kernels.h"
#include "ops/graph_build.h"
#include "ops/table.h"
#include "runtime/select.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static nnx_pool *pool; /* one worker: two threads */

/* How the input x is filled. */
typedef enum fill_kind {
    FILL_PLAIN,   /* uniform in [-1, 1) */
    FILL_OFFSET,  /* 1000 + small noise: |mean| >> sigma */
    FILL_SPECIAL, /* plain, with a NaN, +inf, -inf and a huge value (1e36) here and there */
} fill_kind;

static void fill_x(float *x, size_t n, fill_kind k)
{
    for (size_t i = 0; i < n; i++) {
        x[i] = k == FILL_OFFSET ? 1000.0f + rnd() * 0.01f : rnd() * 3.0f;
        if (k == FILL_SPECIAL)
            x[i] = i % 97 == 5 ? NAN : i % 89 == 7 ? INFINITY : i % 83 == 11 ? -INFINITY : i % 131 == 17 ? 1e36f : x[i];
    }
}

/* op(attrs) on inputs of descs (absent where absent bit i is set; batch normalization's
 * variance is made positive), reference vs fast kernel. */
static void compare(nnx_op op, const nnx_attrs *attrs, const nnx_operand_desc *descs, uint32_t n_in, uint32_t absent,
                    fill_kind fill)
{
    nnx_alloc a;
    assert_true(nnx_alloc_init(&a, NULL));
    nnx_ir ir;
    nnx_ir_init(&ir, &a);
    nnx_error err = {0};
    uint32_t ids[5], y;
    nnx_view in[5] = {0};
    for (uint32_t i = 0; i < n_in; i++) {
        if (absent & (1u << i)) {
            ids[i] = NNX_NONE;
            continue;
        }
        assert_int_equal(nnx_ir_add_input(&ir, "x", &descs[i], &ids[i], &err), NNX_OK);
        size_t n = elems(&descs[i]);
        float *v = malloc(n * sizeof *v + 4);
        if (i == 0)
            fill_x(v, n, fill);
        else
            for (size_t k = 0; k < n; k++)
                v[k] = op == NNX_OP_BATCH_NORMALIZATION && i == 2 ? fabsf(rnd()) + 0.05f : rnd() * 2.0f;
        in[i] = (nnx_view){descs[i], v};
    }
    if (nnx_ir_add_node(&ir, op, ids, n_in, attrs, 1, "t", &y, &err) != NNX_OK)
        fail_msg("node: %s", err.message);
    const nnx_node *node = &ir.nodes[0];
    assert_false(nnx_kernel_exact(op));
    size_t shared_bytes = 0, thread_bytes = 0;
    nnx_fast_kernel fast = nnx_kernel_select(&ir, node, &shared_bytes, &thread_bytes);
    assert_non_null(fast);
    nnx_view out = {ir.values[y].desc, NULL};
    size_t n_out = elems(&out.desc);
    float *ref = malloc(n_out * 4 + 4), *plain = malloc(n_out * 4 + 4), *got = malloc(n_out * 4 + 4),
          *got2 = malloc(n_out * 4 + 4);
    void *shared = aligned_alloc(64, (shared_bytes + 63) / 64 * 64 + 64);
    out.data = ref;
    assert_int_equal(nnx_node_kernel(node, in, &out), NNX_OK);
    uint32_t bias_at = op == NNX_OP_BATCH_NORMALIZATION ? 4 : 2;
    void *bias = bias_at < n_in ? in[bias_at].data : NULL;
    if (bias_at < n_in)
        in[bias_at].data = NULL; /* the reference treats it as absent: s * n alone */
    out.data = plain;
    assert_int_equal(nnx_node_kernel(node, in, &out), NNX_OK);
    if (bias_at < n_in)
        in[bias_at].data = bias;
    nnx_kernel_env env = {.shared = shared};
    out.data = got;
    assert_int_equal(cpu_run_fast(fast, node, in, &out, &env), NNX_OK);
    env.pool = pool;
    out.data = got2;
    assert_int_equal(cpu_run_fast(fast, node, in, &out, &env), NNX_OK);
    assert_memory_equal(got, got2, n_out * 4);
    for (size_t i = 0; i < n_out; i++) {
        double r = ref[i], g = got[i];
        double bound = 0x1p-21 * (2 * fabs((double)plain[i]) + fabs(r)) + 0x1p-140;
        bool ok = isnan(r) ? isnan(g) : isinf(r) || isinf(plain[i]) ? g == r : fabs(g - r) <= bound;
        if (!ok)
            fail_msg("%s: element %zu of %zu: fast %.9g, reference %.9g (bound %.3g)", nnx_op_table[op].name, i, n_out,
                     g, r, bound);
    }
    for (uint32_t i = 0; i < n_in; i++)
        free(in[i].data);
    free(ref);
    free(plain);
    free(got);
    free(got2);
    free(shared);
    nnx_ir_free(&ir);
}

static nnx_attrs layer_attrs(uint32_t first, uint32_t n_axes, double eps)
{
    nnx_attrs a = {.norm = {.n_axes = n_axes, .epsilon = eps}};
    for (uint32_t i = 0; i < n_axes; i++)
        a.norm.axes[i] = first + i;
    return a;
}

/* x [rows, len] over the last axis, scale / bias [len], every present/absent combination. */
static void layer_rows(uint32_t rows, uint32_t len, fill_kind fill)
{
    nnx_attrs a = layer_attrs(1, 1, 1e-5);
    nnx_operand_desc d[3] = {{NNX_FLOAT32, 2, {rows, len}}, {NNX_FLOAT32, 1, {len}}, {NNX_FLOAT32, 1, {len}}};
    for (uint32_t absent = 0; absent < 4; absent++)
        compare(NNX_OP_LAYER_NORMALIZATION, &a, d, 3, absent << 1, fill);
}

static void test_layer_lines(void **state)
{
    (void)state;
    for (uint32_t len = 1; len <= 70; len++)
        layer_rows(3, len, FILL_PLAIN);
    layer_rows(5, 64, FILL_OFFSET);
    layer_rows(129, 256, FILL_PLAIN);
    layer_rows(1000, 70, FILL_PLAIN); /* 2 tasks of 32768+ elements: split over the threads */
    layer_rows(600, 256, FILL_PLAIN);
}

static void test_layer_blocks(void **state)
{
    (void)state;
    /* a middle axis: statistics down columns (inner 5, and inner 70: two column blocks) */
    for (uint32_t inner = 1; inner <= 70; inner += 23) {
        nnx_attrs a = layer_attrs(1, 1, 1e-3);
        nnx_operand_desc d[3] = {{NNX_FLOAT32, 3, {2, 9, inner}}, {NNX_FLOAT32, 1, {9}}, {NNX_FLOAT32, 1, {9}}};
        compare(NNX_OP_LAYER_NORMALIZATION, &a, d, 3, 0, FILL_PLAIN);
        compare(NNX_OP_LAYER_NORMALIZATION, &a, d, 3, 6, FILL_PLAIN);
    }
    nnx_attrs two = layer_attrs(1, 2, 1e-5);
    nnx_operand_desc d2[3] = {{NNX_FLOAT32, 3, {4, 6, 7}}, {NNX_FLOAT32, 2, {6, 7}}, {NNX_FLOAT32, 2, {6, 7}}};
    compare(NNX_OP_LAYER_NORMALIZATION, &two, d2, 3, 0, FILL_PLAIN);
    nnx_attrs all = layer_attrs(0, 3, 1e-5);
    nnx_operand_desc d3[3] = {{NNX_FLOAT32, 3, {4, 6, 7}}, {NNX_FLOAT32, 3, {4, 6, 7}}, {NNX_FLOAT32, 3, {4, 6, 7}}};
    compare(NNX_OP_LAYER_NORMALIZATION, &all, d3, 3, 0, FILL_PLAIN);
    nnx_attrs none = layer_attrs(0, 0, 0.5);
    nnx_operand_desc d0[3] = {{NNX_FLOAT32, 2, {3, 5}}, {NNX_FLOAT32, 0, {0}}, {NNX_FLOAT32, 0, {0}}};
    compare(NNX_OP_LAYER_NORMALIZATION, &none, d0, 3, 0, FILL_PLAIN);
    nnx_attrs wide = layer_attrs(1, 1, 1e-5);
    nnx_operand_desc dw[3] = {{NNX_FLOAT32, 3, {4, 40, 500}}, {NNX_FLOAT32, 1, {40}}, {NNX_FLOAT32, 1, {40}}};
    compare(NNX_OP_LAYER_NORMALIZATION, &wide, dw, 3, 0, FILL_PLAIN); /* split over the threads */
}

static void instance(uint32_t n, uint32_t c, uint32_t h, uint32_t w, bool nchw, uint32_t absent, fill_kind fill)
{
    nnx_attrs a = {.norm = {.layout = nchw ? NNX_LAYOUT_NCHW : NNX_LAYOUT_NHWC, .epsilon = 1e-5}};
    nnx_operand_desc d[3] = {
        {NNX_FLOAT32, 4, {n, nchw ? c : h, nchw ? h : w, nchw ? w : c}}, {NNX_FLOAT32, 1, {c}}, {NNX_FLOAT32, 1, {c}}};
    compare(NNX_OP_INSTANCE_NORMALIZATION, &a, d, 3, absent, fill);
}

static void test_instance(void **state)
{
    (void)state;
    for (uint32_t hw = 1; hw <= 70; hw++)
        instance(2, 3, hw, 1, true, hw % 4 << 1, FILL_PLAIN);
    for (uint32_t c = 1; c <= 70; c++)
        instance(2, c, 3, 2, false, c % 4 << 1, FILL_PLAIN);
    instance(2, 130, 5, 4, false, 0, FILL_PLAIN); /* three column blocks */
    instance(2, 32, 40, 40, true, 0, FILL_PLAIN); /* split over the threads */
    instance(4, 70, 32, 32, false, 0, FILL_PLAIN);
    instance(1, 4, 8, 8, true, 0, FILL_OFFSET);
    instance(1, 70, 8, 8, false, 0, FILL_OFFSET);
}

static void batch(const uint32_t *shape, uint32_t rank, uint32_t axis, uint32_t absent, fill_kind fill)
{
    nnx_attrs a = {.norm = {.axis = axis, .epsilon = 1e-5}};
    nnx_operand_desc d[5];
    d[0] = (nnx_operand_desc){NNX_FLOAT32, rank, {0}};
    memcpy(d[0].shape, shape, rank * sizeof *shape);
    for (int i = 1; i < 5; i++)
        d[i] = (nnx_operand_desc){NNX_FLOAT32, 1, {shape[axis]}};
    compare(NNX_OP_BATCH_NORMALIZATION, &a, d, 5, absent, fill);
}

static void test_batch(void **state)
{
    (void)state;
    for (uint32_t c = 1; c <= 70; c++) {
        batch((const uint32_t[]){2, c, 3, 5}, 4, 1, c % 4 << 3, FILL_PLAIN);
        batch((const uint32_t[]){3, 2, c}, 3, 2, c % 4 << 3, FILL_PLAIN);
    }
    batch((const uint32_t[]){5, 7}, 2, 0, 0, FILL_PLAIN);
    batch((const uint32_t[]){2, 32, 40, 40}, 4, 1, 0, FILL_PLAIN); /* split over the threads */
    batch((const uint32_t[]){2, 40, 40, 32}, 4, 3, 0, FILL_PLAIN);
    batch((const uint32_t[]){2, 8, 6, 6}, 4, 1, 0, FILL_OFFSET);
}

/* NaN and infinities in x: the whole line / group becomes NaN as in the reference (batch
 * normalization: the element alone); huge values leave the float path for the exact one. */
static void test_special_values(void **state)
{
    (void)state;
    layer_rows(40, 37, FILL_SPECIAL);
    layer_rows(1100, 64, FILL_SPECIAL);
    nnx_attrs mid = layer_attrs(1, 1, 1e-5);
    nnx_operand_desc d[3] = {{NNX_FLOAT32, 3, {2, 30, 9}}, {NNX_FLOAT32, 1, {30}}, {NNX_FLOAT32, 1, {30}}};
    compare(NNX_OP_LAYER_NORMALIZATION, &mid, d, 3, 0, FILL_SPECIAL);
    instance(2, 5, 7, 9, true, 0, FILL_SPECIAL);
    instance(2, 70, 7, 9, false, 0, FILL_SPECIAL);
    batch((const uint32_t[]){2, 6, 9, 9}, 4, 1, 0, FILL_SPECIAL);
    batch((const uint32_t[]){2, 9, 9, 6}, 4, 3, 0, FILL_SPECIAL);
    /* zero epsilon and constant lines: 0 / 0 in both */
    nnx_attrs z = layer_attrs(1, 1, 0.0);
    nnx_operand_desc dz[3] = {{NNX_FLOAT32, 2, {4, 1}}, {NNX_FLOAT32, 1, {1}}, {NNX_FLOAT32, 1, {1}}};
    compare(NNX_OP_LAYER_NORMALIZATION, &z, dz, 3, 0, FILL_PLAIN);
}

/* Batch normalization with a negative variance (sqrt of a negative: NaN) or a zero scale
 * (0 * inf): the reference's results, NaN where it has NaN. */
static void test_batch_odd_statistics(void **state)
{
    (void)state;
    nnx_alloc a;
    assert_true(nnx_alloc_init(&a, NULL));
    nnx_ir ir;
    nnx_ir_init(&ir, &a);
    nnx_error err = {0};
    nnx_operand_desc xd = {NNX_FLOAT32, 2, {3, 4}}, pd = {NNX_FLOAT32, 1, {4}};
    uint32_t ids[5], y;
    assert_int_equal(nnx_ir_add_input(&ir, "x", &xd, &ids[0], &err), NNX_OK);
    for (int i = 1; i < 5; i++)
        assert_int_equal(nnx_ir_add_input(&ir, "p", &pd, &ids[i], &err), NNX_OK);
    nnx_attrs at = {.norm = {.axis = 1, .epsilon = 1e-5}};
    assert_int_equal(nnx_ir_add_node(&ir, NNX_OP_BATCH_NORMALIZATION, ids, 5, &at, 1, "", &y, &err), NNX_OK);
    float x[12] = {1, 2, INFINITY, 4, 5, -6, 7, NAN, 9, 10, 11, -INFINITY};
    float mean[4] = {0, 1, 2, 3}, var[4] = {1, 2, 3, 4}, scale[4] = {1, 2, 0, -1}, bias[4] = {0, 1, 2, 3};
    nnx_view in[5] = {{xd, x}, {pd, mean}, {pd, var}, {pd, scale}, {pd, bias}};
    size_t sb, tb;
    nnx_fast_kernel fast = nnx_kernel_select(&ir, &ir.nodes[0], &sb, &tb);
    assert_non_null(fast);
    float shared[4], want[12], got[12];
    nnx_kernel_env env = {.shared = shared, .pool = pool};
    for (int round = 0; round < 2; round++) {
        if (round == 1)
            var[1] = -1.0f; /* the whole op falls back to the reference */
        nnx_view out = {ir.values[y].desc, want};
        assert_int_equal(nnx_node_kernel(&ir.nodes[0], in, &out), NNX_OK);
        out.data = got;
        assert_int_equal(cpu_run_fast(fast, &ir.nodes[0], in, &out, &env), NNX_OK);
        for (int i = 0; i < 12; i++) {
            if (isnan(want[i]) || isinf(want[i]))
                assert_true(isnan(want[i]) ? isnan(got[i]) : got[i] == want[i]);
            else
                assert_true(fabs((double)got[i] - want[i]) <= 0x1p-20 * (fabs(want[i]) + 4));
        }
    }
    nnx_ir_free(&ir);
}

/* Layer normalization over axes that are not one ascending block keeps the reference
 * kernel; float16 too. */
static void test_not_selected(void **state)
{
    (void)state;
    nnx_alloc a;
    assert_true(nnx_alloc_init(&a, NULL));
    nnx_ir ir;
    nnx_ir_init(&ir, &a);
    nnx_error err = {0};
    nnx_operand_desc d = {NNX_FLOAT32, 3, {2, 3, 4}}, h = {NNX_FLOAT16, 2, {3, 4}};
    uint32_t x, xh, y;
    assert_int_equal(nnx_ir_add_input(&ir, "x", &d, &x, &err), NNX_OK);
    assert_int_equal(nnx_ir_add_input(&ir, "h", &h, &xh, &err), NNX_OK);
    nnx_attrs swapped = {.norm = {.n_axes = 2, .axes = {2, 1}}}, gap = {.norm = {.n_axes = 2, .axes = {0, 2}}};
    nnx_attrs last = layer_attrs(1, 1, 1e-5);
    assert_int_equal(nnx_ir_add_node(&ir, NNX_OP_LAYER_NORMALIZATION, &x, 1, &swapped, 1, "", &y, &err), NNX_OK);
    assert_int_equal(nnx_ir_add_node(&ir, NNX_OP_LAYER_NORMALIZATION, &x, 1, &gap, 1, "", &y, &err), NNX_OK);
    assert_int_equal(nnx_ir_add_node(&ir, NNX_OP_LAYER_NORMALIZATION, &xh, 1, &last, 1, "", &y, &err), NNX_OK);
    size_t s, t;
    for (uint32_t n = 0; n < 3; n++)
        assert_null(nnx_kernel_select(&ir, &ir.nodes[n], &s, &t));
    nnx_ir_free(&ir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_layer_lines),    cmocka_unit_test(test_layer_blocks),
        cmocka_unit_test(test_instance),       cmocka_unit_test(test_batch),
        cmocka_unit_test(test_special_values), cmocka_unit_test(test_batch_odd_statistics),
        cmocka_unit_test(test_not_selected),
    };
    nnx_alloc a;
    if (!nnx_alloc_init(&a, NULL) || !(pool = nnx_pool_create(&a, 1)))
        return 1;
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    nnx_pool_destroy(pool);
    return failed;
}
