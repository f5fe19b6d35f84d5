/* test_ops_pad.c — pad (four modes), tile and where against the numpy oracle
 * (tests/data/ops_pad_expected.h, made by gen_ops_pad.py: every dtype), and end-to-end runs
 * through the WebNN-shaped builder: the pad value cast to the input's type (clamped, NaN ->
 * 0, int64 exact beyond 2^53), a uint8 where-condition (any non-zero byte is true). */
#include "gen_case_runner.h"

#include "../../data/ops_pad_expected.h"

#include "nnx.h"

/* Runs y = make(b, x) on one input x of desc xd holding x_data; reads y (y_bytes) into out. */
typedef nnx_operand *(*make_fn)(nnx_builder *b, nnx_operand *x, const void *arg);

static void run1(const nnx_operand_desc *xd, const void *x_data, make_fn make, const void *arg, void *out,
                 size_t y_bytes, nnx_operand_desc *yd)
{
    nnx_context *ctx = NULL;
    nnx_builder *b = NULL;
    nnx_graph *g = NULL;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    assert_int_equal(nnx_builder_create(ctx, &b), NNX_OK);
    nnx_named_operand y = {"y", make(b, nnx_builder_input(b, "x", xd), arg)};
    if (nnx_builder_build(b, &y, 1, &g) != NNX_OK)
        fail_msg("build: %s", nnx_builder_error(b));
    nnx_graph_output_desc(g, 0, yd);
    size_t xb = nnx_dtype_size(xd->dtype);
    for (uint32_t i = 0; i < xd->rank; i++)
        xb *= xd->shape[i];
    nnx_tensor_desc in_d = {*xd, false, true}, out_d = {*yd, true, false};
    nnx_named_tensor in = {"x", NULL}, o = {"y", NULL};
    assert_int_equal(nnx_tensor_create(ctx, &in_d, &in.tensor), NNX_OK);
    assert_int_equal(nnx_tensor_create(ctx, &out_d, &o.tensor), NNX_OK);
    assert_int_equal(nnx_tensor_write(in.tensor, x_data, xb), NNX_OK);
    if (nnx_context_dispatch(ctx, g, &in, 1, &o, 1) != NNX_OK)
        fail_msg("dispatch: %s", nnx_context_error(ctx));
    assert_int_equal(nnx_tensor_read(o.tensor, out, y_bytes), NNX_OK);
    nnx_context_destroy(ctx);
}

static nnx_operand *make_pad(nnx_builder *b, nnx_operand *x, const void *arg)
{
    const uint32_t one[1] = {1}, zero[1] = {0};
    return nnx_builder_pad(b, x, one, 1, zero, 1, arg);
}

/* The constant, cast with WebNN's rules: 300.7 -> uint8 255, -1000 -> int8 -128, NaN -> 0. */
static void test_pad_value_cast(void **state)
{
    (void)state;
    nnx_operand_desc yd, u8 = {NNX_UINT8, 1, {2}}, i8 = {NNX_INT8, 1, {2}}, i32 = {NNX_INT32, 1, {2}};
    const uint8_t xu[2] = {4, 5};
    uint8_t yu[3];
    nnx_pad_options o = {.value = nnx_f64(300.7)};
    run1(&u8, xu, make_pad, &o, yu, sizeof yu, &yd);
    assert_int_equal(yd.shape[0], 3);
    assert_int_equal(yu[0], 255);
    assert_int_equal(yu[1], 4);
    const int8_t xi[2] = {1, 2};
    int8_t yi[3];
    o.value = nnx_i64(-1000);
    run1(&i8, xi, make_pad, &o, yi, sizeof yi, &yd);
    assert_int_equal(yi[0], -128);
    const int32_t x32[2] = {7, 8};
    int32_t y32[3] = {1, 1, 1};
    o.value = nnx_f64(NAN);
    run1(&i32, x32, make_pad, &o, y32, sizeof y32, &yd);
    assert_int_equal(y32[0], 0);
    assert_int_equal(y32[2], 8);
}

/* int64 fill 2^62 + 1 stays exact (a double would round it). */
static void test_pad_int64_exact(void **state)
{
    (void)state;
    nnx_operand_desc yd, d = {NNX_INT64, 1, {2}};
    const int64_t x[2] = {-1, -2};
    int64_t y[3];
    nnx_pad_options o = {.value = nnx_i64(((int64_t)1 << 62) + 1)};
    run1(&d, x, make_pad, &o, y, sizeof y, &yd);
    assert_true(y[0] == ((int64_t)1 << 62) + 1);
    assert_true(y[1] == -1 && y[2] == -2);
}

/* edge and reflection on float16 through the builder (the spec's modes, not the core's names). */
static void test_pad_modes_float16(void **state)
{
    (void)state;
    nnx_operand_desc yd, d = {NNX_FLOAT16, 1, {3}};
    const uint16_t x[3] = {0x3c00, 0x4000, 0x4200}; /* 1, 2, 3 */
    uint16_t y[4];
    nnx_pad_options o = {.mode = NNX_PADDING_EDGE};
    run1(&d, x, make_pad, &o, y, sizeof y, &yd);
    assert_true(y[0] == 0x3c00 && y[1] == 0x3c00 && y[3] == 0x4200);
    o.mode = NNX_PADDING_REFLECTION;
    run1(&d, x, make_pad, &o, y, sizeof y, &yd);
    assert_true(y[0] == 0x4000 && y[1] == 0x3c00);
}

static nnx_operand *make_tile(nnx_builder *b, nnx_operand *x, const void *arg)
{
    return nnx_builder_tile(b, x, arg, 2, NULL);
}

static void test_tile_builder(void **state)
{
    (void)state;
    nnx_operand_desc yd, d = {NNX_UINT64, 2, {1, 2}};
    const uint64_t x[2] = {UINT64_MAX, 5};
    const uint32_t reps[2] = {2, 2};
    uint64_t y[8];
    run1(&d, x, make_tile, reps, y, sizeof y, &yd);
    assert_int_equal(yd.shape[0], 2);
    assert_int_equal(yd.shape[1], 4);
    const uint64_t want[8] = {UINT64_MAX, 5, UINT64_MAX, 5, UINT64_MAX, 5, UINT64_MAX, 5};
    assert_memory_equal(y, want, sizeof want);
}

/* condition = x (uint8 [4]): 0, 1, 7 and 255; values int64 [4] constants. */
static nnx_operand *make_where(nnx_builder *b, nnx_operand *x, const void *arg)
{
    (void)arg;
    const int64_t t[4] = {10, 11, 12, 13}, f[4] = {-10, -11, -12, -13};
    nnx_operand_desc d = {NNX_INT64, 1, {4}};
    return nnx_builder_where(b, x, nnx_builder_constant(b, &d, t, sizeof t), nnx_builder_constant(b, &d, f, sizeof f),
                             NULL);
}

static void test_where_uint8_condition(void **state)
{
    (void)state;
    nnx_operand_desc yd, d = {NNX_UINT8, 1, {4}};
    const uint8_t cond[4] = {0, 1, 7, 255};
    int64_t y[4];
    run1(&d, cond, make_where, NULL, y, sizeof y, &yd);
    assert_int_equal(yd.dtype, NNX_INT64);
    const int64_t want[4] = {-10, 11, 12, 13};
    assert_memory_equal(y, want, sizeof want);
}

int main(void)
{
    static const struct CMUnitTest fixed[] = {
        cmocka_unit_test(test_pad_value_cast),        cmocka_unit_test(test_pad_int64_exact),
        cmocka_unit_test(test_pad_modes_float16),     cmocka_unit_test(test_tile_builder),
        cmocka_unit_test(test_where_uint8_condition),
    };
    return gen_run_all("ops_pad", fixed, sizeof fixed / sizeof fixed[0], gen_cases,
                       sizeof gen_cases / sizeof gen_cases[0]);
}
