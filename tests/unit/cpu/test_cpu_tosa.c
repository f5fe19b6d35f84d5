/* test_cpu_tosa.c — the TOSA float32 fast kernels (cpu/tosa_fast.c) against their reference
 * kernels on the same node: conv, depthwise and matmul within float32 rounding of each sum,
 * |fast - ref| <= 2^-23 * (K + 2) * sum |terms|, a fused clamp as the unfused bytes clamped;
 * avg and max pool (NaN modes, NaN and -0 inputs) the reference's bytes; two threads the
 * same bytes as one. ctest runs it at every CPU level (NNX_CPU_LEVEL). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#define CPU_TEST_SEED 0x2545F4914F6CDD1Du
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

/* Under the sanitizers the reference kernels run ~100x slower: the largest extents shrink
 * (the unsanitized build covers the full sizes and the blocked paths they take). */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define SANITIZED 1
#endif
#endif
#ifdef SANITIZED
#define BIG(x) ((x) / 4)
#else
#define BIG(x) (x)
#endif

/* Input i's data: random in [-1, 1), with NaN and -0 sprinkled in when special. */
static float *fill(size_t n, bool special)
{
    float *v = malloc(n * sizeof *v + 4);
    for (size_t k = 0; k < n; k++)
        v[k] = special && k % 97 == 13 ? NAN : special && k % 89 == 7 ? -0.0f : rnd();
    return v;
}

/* Runs fast kernel `fast` of node 0 (prepared data made as the plan makes it) into y with
 * env's act, on one thread or two. */
static void run_fast(const nnx_ir *ir, nnx_fast_kernel fast, const nnx_view *in, nnx_view *out,
                     const nnx_activation *act, bool two, const void *prepared)
{
    const nnx_node *node = &ir->nodes[0];
    size_t shared_bytes, thread_bytes;
    assert_true(nnx_kernel_select(ir, node, &shared_bytes, &thread_bytes) == fast);
    thread_bytes = (thread_bytes + 63) / 64 * 64;
    void *scratch = aligned_alloc(64, thread_bytes * 2 + 64),
         *shared = aligned_alloc(64, (shared_bytes + 63) / 64 * 64 + 64);
    nnx_kernel_env env = {shared, scratch, thread_bytes, two ? pool : NULL, act, NULL, prepared};
    assert_int_equal(cpu_run_fast(fast, node, in, out, &env), NNX_OK);
    free(scratch);
    free(shared);
}

/* op on inputs of descs (input i a constant when constant[i]), compared with its reference
 * kernel: within the bound of K-long sums (exact: the same bytes), the same bytes on two
 * threads, and a fused clamp [0, 0.5] the bytes of the clamp applied after. */
static void compare(nnx_op op, const nnx_attrs *attrs, const nnx_operand_desc *descs, uint32_t n_in,
                    const bool *constant, size_t K, bool exact, nnx_fast_kernel expect)
{
    nnx_alloc a;
    assert_true(nnx_alloc_init(&a, NULL));
    nnx_ir ir;
    nnx_ir_init(&ir, &a);
    nnx_error err = {0};
    uint32_t ids[3], y;
    nnx_view in[3], abs_in[3];
    float *data[3], *abs_data[3];
    for (uint32_t i = 0; i < n_in; i++) {
        size_t n = elems(&descs[i]);
        data[i] = fill(n, exact);
        abs_data[i] = malloc(n * sizeof(float) + 4);
        for (size_t k = 0; k < n; k++)
            abs_data[i][k] = fabsf(data[i][k]);
        if (constant[i])
            assert_int_equal(nnx_ir_add_constant(&ir, &descs[i], data[i], n * sizeof(float), &ids[i], &err), NNX_OK);
        else
            assert_int_equal(nnx_ir_add_input(&ir, "x", &descs[i], &ids[i], &err), NNX_OK);
        in[i] = (nnx_view){descs[i], data[i]};
        abs_in[i] = (nnx_view){descs[i], abs_data[i]};
    }
    if (nnx_ir_add_node(&ir, op, ids, n_in, attrs, 1, "t", &y, &err) != NNX_OK)
        fail_msg("node: %s", err.message);
    const nnx_node *node = &ir.nodes[0];
    size_t s, t;
    nnx_fast_kernel fast = nnx_kernel_select(&ir, node, &s, &t);
    if (nnx_cpu_level_get() == NNX_CPU_REFERENCE) {
        assert_null(fast);
        goto done;
    }
    if (fast != expect)
        fail_msg("%s: not the fast kernel (output %u x %u x %u x %u)", nnx_op_table[op].name,
                 ir.values[y].desc.shape[0], ir.values[y].desc.shape[1], ir.values[y].desc.shape[2],
                 ir.values[y].desc.shape[3]);
    void *prepared;
    assert_int_equal(nnx_kernel_prepare(&ir, node, fast, &prepared), NNX_OK);
    size_t n_out = elems(&ir.values[y].desc), bytes = n_out * sizeof(float);
    float *ref = malloc(bytes + 4), *mag = malloc(bytes + 4), *got = malloc(bytes + 4), *got2 = malloc(bytes + 4);
    nnx_view out = {ir.values[y].desc, ref};
    assert_int_equal(nnx_node_kernel(node, in, &out), NNX_OK);
    out.data = mag;
    assert_int_equal(nnx_node_kernel(node, abs_in, &out), NNX_OK);
    out.data = got;
    run_fast(&ir, fast, in, &out, NULL, false, prepared);
    out.data = got2;
    memset(got2, 0xA5, bytes);
    run_fast(&ir, fast, in, &out, NULL, true, prepared);
    assert_memory_equal(got, got2, bytes);
    if (exact) {
        assert_memory_equal(got, ref, bytes);
    } else {
        for (size_t i = 0; i < n_out; i++) {
            double bound = 0x1p-23 * (double)(K + 2) * fabs((double)mag[i]) + 1e-30;
            if (!(fabs((double)got[i] - ref[i]) <= bound))
                fail_msg("%s: element %zu fast %.9g, reference %.9g (bound %.3g)", nnx_op_table[op].name, i, got[i],
                         ref[i], bound);
        }
        /* a fused clamp: the unfused bytes, clamped */
        nnx_activation act = {true, false, 0.0, 0.5, NNX_NONE, false};
        nnx_apply_activation(&act, got, n_out);
        for (int two = 0; two < 2; two++) {
            memset(got2, 0xA5, bytes);
            run_fast(&ir, fast, in, &out, &act, two, prepared);
            assert_memory_equal(got, got2, bytes);
        }
    }
    nnx_mem_free_aligned(&a, prepared);
    free(ref);
    free(mag);
    free(got);
    free(got2);
done:
    for (uint32_t i = 0; i < n_in; i++) {
        free(data[i]);
        free(abs_data[i]);
    }
    nnx_ir_free(&ir);
}

/* The end pad from `end` up that makes the window positions end exactly on the input
 * (TOSA's ERROR_IF), for an extent `in`, kernel k, stride s, dilation d, begin pad pb. */
static int32_t exact_pad(uint32_t in, uint32_t k, uint32_t s, uint32_t d, int32_t pb, int32_t end)
{
    while (((int64_t)in - 1 + pb + end - (int64_t)(k - 1) * d) % s != 0)
        end++;
    return end;
}

/* tosa_conv2d of x [n, h, w, c] with o filters kh x kw; pads [top, bottom, left, right];
 * bias of o values or one; weights constant or an input. */
static void conv(uint32_t n, uint32_t h, uint32_t w, uint32_t c, uint32_t o, uint32_t kh, uint32_t kw, uint32_t sy,
                 uint32_t sx, uint32_t dy, uint32_t dx, const int32_t pad[4], bool one_bias, bool const_w)
{
    nnx_attrs a = {.tosa_conv = {.pad = {pad[0], exact_pad(h, kh, sy, dy, pad[0], pad[1]), pad[2],
                                         exact_pad(w, kw, sx, dx, pad[2], pad[3])},
                                 .stride = {sy, sx},
                                 .dilation = {dy, dx},
                                 .acc_type = NNX_FLOAT32}};
    nnx_operand_desc d[3] = {
        {NNX_FLOAT32, 4, {n, h, w, c}}, {NNX_FLOAT32, 4, {o, kh, kw, c}}, {NNX_FLOAT32, 1, {one_bias ? 1 : o}}};
    bool constant[3] = {false, const_w, true};
    compare(NNX_OP_TOSA_CONV2D, &a, d, 3, constant, (size_t)kh * kw * c + 1, false, nnx_fast_tosa_conv2d);
}

static void test_conv(void **state)
{
    (void)state;
    static const int32_t none[4] = {0, 0, 0, 0}, same[4] = {1, 1, 1, 1}, odd[4] = {2, 0, 1, 3}, dil[4] = {4, 4, 4, 4};
    conv(1, BIG(56), BIG(56), 64, 64, 3, 3, 1, 1, 1, 1, same, false, true); /* blocked im2col */
    conv(1, BIG(28), BIG(28), 64, 96, 1, 1, 1, 1, 1, 1, none, false, true); /* pointwise: the input itself */
    conv(2, 14, 15, 33, 37, 1, 1, 1, 1, 1, 1, none, true, false);           /* pointwise, odd, weights an input */
    conv(1, BIG(28), BIG(28), 32, 40, 3, 3, 2, 2, 1, 1, odd, false, true);  /* whole im2col, stride 2 */
    conv(2, BIG(37), BIG(41), 24, 19, 5, 5, 1, 1, 2, 2, dil, false, true);  /* blocked, dilation 2, batch 2 */
    conv(2, BIG(37), BIG(41), 24, 19, 5, 5, 1, 1, 2, 2, dil, true, false);  /* the same, weights an input */
    conv(1, 17, 19, 3, 16, 7, 7, 2, 3, 1, 1, odd, false, true);             /* a first conv, strides 2 x 3 */
    conv(1, 9, 9, 32, 8, 1, 1, 2, 2, 1, 1, none, false, true);              /* strided 1x1 */
    conv(1, 13, 11, 16, 7, 1, 1, 1, 1, 1, 1, odd, false, true);             /* padded 1x1 */
    conv(2, 1, 1, 512, 100, 1, 1, 1, 1, 1, 1, none, false, true);           /* two rows */
    conv(1, 1, 1, 1024, 100, 1, 1, 1, 1, 1, 1, none, false, true);          /* one row */
}

static void depthwise(uint32_t n, uint32_t h, uint32_t w, uint32_t c, uint32_t m, uint32_t kh, uint32_t kw, uint32_t sy,
                      uint32_t sx, uint32_t dy, uint32_t dx, const int32_t pad[4], bool one_bias)
{
    nnx_attrs a = {.tosa_conv = {.pad = {pad[0], exact_pad(h, kh, sy, dy, pad[0], pad[1]), pad[2],
                                         exact_pad(w, kw, sx, dx, pad[2], pad[3])},
                                 .stride = {sy, sx},
                                 .dilation = {dy, dx},
                                 .acc_type = NNX_FLOAT32}};
    nnx_operand_desc d[3] = {
        {NNX_FLOAT32, 4, {n, h, w, c}}, {NNX_FLOAT32, 4, {kh, kw, c, m}}, {NNX_FLOAT32, 1, {one_bias ? 1 : c * m}}};
    bool constant[3] = {false, true, true};
    compare(NNX_OP_TOSA_DEPTHWISE_CONV2D, &a, d, 3, constant, (size_t)kh * kw + 1, false, nnx_fast_tosa_depthwise2d);
}

static void test_depthwise(void **state)
{
    (void)state;
    static const int32_t none[4] = {0, 0, 0, 0}, same[4] = {1, 1, 1, 1}, s2[4] = {0, 1, 0, 1}, odd[4] = {2, 1, 0, 3};
    depthwise(1, BIG(56), BIG(56), 96, 1, 3, 3, 2, 2, 1, 1, s2, false); /* MobileNet's stride-2 3x3 */
    depthwise(1, BIG(28), BIG(28), 144, 1, 3, 3, 1, 1, 1, 1, same, false);
    depthwise(2, 15, 17, 37, 1, 5, 5, 1, 2, 2, 1, odd, true);   /* odd channels, dilation, batch 2 */
    depthwise(1, 11, 11, 7, 1, 3, 3, 1, 1, 1, 1, none, false);  /* fewer channels than a vector */
    depthwise(1, 14, 13, 12, 3, 3, 3, 1, 1, 1, 1, same, false); /* channel multiplier 3 */
}

static void matmul(uint32_t n, uint32_t h, uint32_t c, uint32_t w, bool const_b)
{
    nnx_attrs a = {.tosa_matmul = {.acc_type = NNX_FLOAT32}};
    nnx_operand_desc d[2] = {{NNX_FLOAT32, 3, {n, h, c}}, {NNX_FLOAT32, 3, {n, c, w}}};
    bool constant[2] = {false, const_b};
    compare(NNX_OP_TOSA_MATMUL, &a, d, 2, constant, c, false, nnx_fast_tosa_matmul);
}

static void test_matmul(void **state)
{
    (void)state;
    matmul(1, BIG(96), 768, 256, true);
    matmul(2, 67, 129, 45, false);
    matmul(1, 1, 300, 77, true); /* one row: bᵀ */
    matmul(3, 33, 64, 70, false);
}

static void avg_pool(uint32_t n, uint32_t h, uint32_t w, uint32_t c, uint32_t ky, uint32_t kx, uint32_t sy, uint32_t sx,
                     const uint32_t pad[4])
{
    nnx_attrs a = {
        .tosa_pool = {
            .kernel = {ky, kx}, .stride = {sy, sx}, .pad = {pad[0], pad[1], pad[2], pad[3]}, .acc_type = NNX_FLOAT32}};
    nnx_operand_desc d[1] = {{NNX_FLOAT32, 4, {n, h, w, c}}};
    bool constant[1] = {false};
    compare(NNX_OP_TOSA_AVG_POOL2D, &a, d, 1, constant, 0, true, nnx_fast_pool_nhwc);
}

static void max_pool(uint32_t n, uint32_t h, uint32_t w, uint32_t c, uint32_t ky, uint32_t kx, uint32_t sy, uint32_t sx,
                     const uint32_t pad[4], nnx_nan_mode nan)
{
    nnx_attrs a = {.pool = {.window = {ky, kx},
                            .pads = {pad[0], pad[1], pad[2], pad[3]},
                            .strides = {sy, sx},
                            .dilations = {1, 1},
                            .layout = NNX_LAYOUT_NHWC,
                            .rounding = NNX_ROUNDING_FLOOR,
                            .nan_mode = nan}};
    nnx_operand_desc d[1] = {{NNX_FLOAT32, 4, {n, h, w, c}}};
    bool constant[1] = {false};
    compare(NNX_OP_MAX_POOL, &a, d, 1, constant, 0, true, nnx_fast_pool_nhwc);
}

static void test_pool(void **state)
{
    (void)state;
    static const uint32_t none[4] = {0, 0, 0, 0}, one[4] = {1, 0, 1, 0}, odd[4] = {1, 0, 2, 1};
    avg_pool(1, BIG(56), BIG(56), 64, 3, 3, 2, 2, one);
    avg_pool(2, 7, 7, 37, 7, 7, 1, 1, none); /* global */
    avg_pool(1, 14, 12, 19, 3, 4, 2, 1, odd);
    for (int m = 0; m < 2; m++) {
        nnx_nan_mode nan = m ? NNX_NAN_IGNORE : NNX_NAN_PROPAGATE;
        max_pool(1, BIG(112), BIG(112), 64, 3, 3, 2, 2, one, nan);
        max_pool(2, 14, 12, 19, 3, 4, 2, 1, odd, nan);
        max_pool(1, 10, 10, 5, 2, 2, 2, 2, none, nan);
    }
}

/* A nonzero zero point keeps the reference kernel; constant zeros do not. */
static void test_not_selected(void **state)
{
    (void)state;
    nnx_alloc a;
    assert_true(nnx_alloc_init(&a, NULL));
    nnx_ir ir;
    nnx_ir_init(&ir, &a);
    nnx_error err = {0};
    nnx_operand_desc dx = {NNX_FLOAT32, 4, {1, 16, 16, 16}}, dw = {NNX_FLOAT32, 4, {3, 3, 16, 2}},
                     db = {NNX_FLOAT32, 1, {32}}, dz = {NNX_FLOAT32, 1, {1}};
    float w[3 * 3 * 16 * 2] = {0}, b[32] = {0}, zp = 0.5f;
    uint32_t ids[5], y, s;
    assert_int_equal(nnx_ir_add_input(&ir, "x", &dx, &ids[0], &err), NNX_OK);
    assert_int_equal(nnx_ir_add_constant(&ir, &dw, w, sizeof w, &ids[1], &err), NNX_OK);
    assert_int_equal(nnx_ir_add_constant(&ir, &db, b, sizeof b, &ids[2], &err), NNX_OK);
    nnx_attrs at = {.tosa_conv = {.pad = {1, 1, 1, 1}, .stride = {1, 1}, .dilation = {1, 1}}};
    assert_int_equal(nnx_ir_add_node(&ir, NNX_OP_TOSA_DEPTHWISE_CONV2D, ids, 3, &at, 1, "m2", &y, &err), NNX_OK);
    size_t sh, th;
    bool ref = nnx_cpu_level_get() == NNX_CPU_REFERENCE;
    assert_true((nnx_kernel_select(&ir, &ir.nodes[0], &sh, &th) == nnx_fast_tosa_depthwise2d) ==
                !ref); /* multiplier 2 */
    nnx_operand_desc dw1 = {NNX_FLOAT32, 4, {16, 3, 3, 16}}, db1 = {NNX_FLOAT32, 1, {16}};
    float w1[16 * 3 * 3 * 16] = {0};
    assert_int_equal(nnx_ir_add_constant(&ir, &dw1, w1, sizeof w1, &ids[1], &err), NNX_OK);
    assert_int_equal(nnx_ir_add_constant(&ir, &db1, b, 16 * sizeof(float), &ids[2], &err), NNX_OK);
    assert_int_equal(nnx_ir_add_constant(&ir, &dz, &zp, sizeof zp, &ids[3], &err), NNX_OK);
    assert_int_equal(nnx_ir_add_constant(&ir, &dz, &b[0], sizeof(float), &ids[4], &err), NNX_OK);
    assert_int_equal(nnx_ir_add_node(&ir, NNX_OP_TOSA_CONV2D, ids, 5, &at, 1, "zp", &s, &err), NNX_OK);
    assert_null(nnx_kernel_select(&ir, &ir.nodes[1], &sh, &th)); /* input_zp 0.5 */
    ids[3] = ids[4];
    assert_int_equal(nnx_ir_add_node(&ir, NNX_OP_TOSA_CONV2D, ids, 5, &at, 1, "zero", &s, &err), NNX_OK);
    bool fast = nnx_kernel_select(&ir, &ir.nodes[2], &sh, &th) == nnx_fast_tosa_conv2d;
    assert_true(fast == !ref); /* zero points 0 */
    nnx_ir_free(&ir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_conv), cmocka_unit_test(test_depthwise),
                                       cmocka_unit_test(test_matmul), cmocka_unit_test(test_pool),
                                       cmocka_unit_test(test_not_selected)};
    nnx_alloc a;
    if (!nnx_alloc_init(&a, NULL) || !(pool = nnx_pool_create(&a, 1)))
        return 1;
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    nnx_pool_destroy(pool);
    return failed;
}
