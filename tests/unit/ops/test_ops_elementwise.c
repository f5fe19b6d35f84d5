/* test_ops_elementwise.c — the element-wise ops, clamp, cast, broadcasting and data movement
 * through the public API only (context, builder, build, tensors, dispatch), against the
 * numpy/exact-arithmetic oracle in tests/data/ops_elementwise_expected.h (regenerate with
 * tests/unit/ops/gen_ops_elementwise.py). One cmocka test per generated case, plus the data-type
 * and bound checks the builder must reject. */
#include "ops_compare.h"

#include "../../data/ops_elementwise_expected.h"

/* ---------------------------------------------------------------- one case */

/* Adds the case's op to b; returns the number of outputs written to y (cmp_add_fn). */
static uint32_t add_op(nnx_builder *b, const void *arg, nnx_operand **x, nnx_operand **y)
{
    const ew_case *c = arg;
    nnx_operator_options o = {c->name};
    switch (c->op) {
    case EW_ADD: y[0] = nnx_builder_add(b, x[0], x[1], &o); return 1;
    case EW_SUB: y[0] = nnx_builder_sub(b, x[0], x[1], &o); return 1;
    case EW_MUL: y[0] = nnx_builder_mul(b, x[0], x[1], &o); return 1;
    case EW_DIV: y[0] = nnx_builder_div(b, x[0], x[1], &o); return 1;
    case EW_MAX: y[0] = nnx_builder_max(b, x[0], x[1], &o); return 1;
    case EW_MIN: y[0] = nnx_builder_min(b, x[0], x[1], &o); return 1;
    case EW_POW: y[0] = nnx_builder_pow(b, x[0], x[1], &o); return 1;
    case EW_ABS: y[0] = nnx_builder_abs(b, x[0], &o); return 1;
    case EW_NEG: y[0] = nnx_builder_neg(b, x[0], &o); return 1;
    case EW_RELU: y[0] = nnx_builder_relu(b, x[0], &o); return 1;
    case EW_CEIL: y[0] = nnx_builder_ceil(b, x[0], &o); return 1;
    case EW_FLOOR: y[0] = nnx_builder_floor(b, x[0], &o); return 1;
    case EW_EXP: y[0] = nnx_builder_exp(b, x[0], &o); return 1;
    case EW_LOG: y[0] = nnx_builder_log(b, x[0], &o); return 1;
    case EW_SQRT: y[0] = nnx_builder_sqrt(b, x[0], &o); return 1;
    case EW_SIGMOID: y[0] = nnx_builder_sigmoid(b, x[0], &o); return 1;
    case EW_TANH: y[0] = nnx_builder_tanh(b, x[0], &o); return 1;
    case EW_CLAMP: {
        nnx_clamp_options co = {c->name, c->lo, c->hi};
        y[0] = nnx_builder_clamp(b, x[0], &co);
        return 1;
    }
    case EW_CAST: y[0] = nnx_builder_cast(b, x[0], c->to, &o); return 1;
    case EW_RESHAPE: y[0] = nnx_builder_reshape(b, x[0], c->a, c->a_count, &o); return 1;
    case EW_TRANSPOSE: {
        nnx_transpose_options to = {c->name, c->a, c->a_count};
        y[0] = nnx_builder_transpose(b, x[0], &to);
        return 1;
    }
    case EW_CONCAT: y[0] = nnx_builder_concat(b, x, c->n_in, c->axis, &o); return 1;
    case EW_SLICE: {
        nnx_slice_options so = {c->name, c->c, c->c_count};
        y[0] = nnx_builder_slice(b, x[0], c->a, c->a_count, c->b, c->b_count, &so);
        return 1;
    }
    case EW_SPLIT: {
        nnx_split_options so = {c->name, c->axis};
        return nnx_builder_split(b, x[0], c->count, &so, y);
    }
    case EW_SPLIT_SIZES: {
        nnx_split_options so = {c->name, c->axis};
        return nnx_builder_split_sizes(b, x[0], c->a, c->a_count, &so, y);
    }
    default: return 0;
    }
}

/* The runner's view of the case: its inputs and outputs, ulp and bitwise. */
static cmp_case view_of(const ew_case *c)
{
    cmp_case v = {.name = c->name, .n_in = c->n_in, .n_out = c->n_out, .ulp = c->ulp, .bitwise = c->bitwise};
    for (uint32_t i = 0; i < c->n_in && i < CMP_MAX_IO; i++)
        v.in[i] = cmp_tensor_of(c->in[i].dtype, c->in[i].rank, c->in[i].shape, c->in[i].data);
    for (uint32_t k = 0; k < c->n_out && k < CMP_MAX_IO; k++)
        v.out[k] = cmp_tensor_of(c->out[k].dtype, c->out[k].rank, c->out[k].shape, c->out[k].data);
    return v;
}

/* The signed-zero cases (max/min_float*_signed_zeros, clamp_float32_negzero_lo0) pin IEEE
 * maximum/minimum: +0 > -0, so clamp(-0, 0, 6) = +0. */
static void test_generated_case(void **state)
{
    const ew_case *c = *state;
    cmp_case v = view_of(c);
    size_t bad = cmp_run_case(&v, add_op, c);
    if (bad)
        fail_msg("%s: %zu problems", c->name, bad);
}

/* ---------------------------------------------------------------- rejections */

/* Adds one op to a fresh builder and returns the builder's sticky status. */
typedef nnx_operand *(*unary_fn)(nnx_builder *, nnx_operand *, const nnx_operator_options *);

static nnx_status unary_status(unary_fn fn, nnx_dtype dt)
{
    nnx_builder *b = NULL;
    assert_int_equal(nnx_builder_create(cmp_ctx, &b), NNX_OK);
    nnx_operand_desc d = {dt, 1, {4}};
    fn(b, nnx_builder_input(b, "x", &d), NULL);
    nnx_status st = nnx_builder_status(b);
    nnx_builder_destroy(b);
    return st;
}

static nnx_status binary_status(nnx_operand_desc da, nnx_operand_desc db)
{
    nnx_builder *b = NULL;
    assert_int_equal(nnx_builder_create(cmp_ctx, &b), NNX_OK);
    nnx_builder_add(b, nnx_builder_input(b, "a", &da), nnx_builder_input(b, "b", &db), NULL);
    nnx_status st = nnx_builder_status(b);
    nnx_builder_destroy(b);
    return st;
}

static nnx_status clamp_status(nnx_dtype dt, nnx_number lo, nnx_number hi)
{
    nnx_builder *b = NULL;
    assert_int_equal(nnx_builder_create(cmp_ctx, &b), NNX_OK);
    nnx_operand_desc d = {dt, 1, {4}};
    nnx_clamp_options o = {"c", lo, hi};
    nnx_builder_clamp(b, nnx_builder_input(b, "x", &d), &o);
    nnx_status st = nnx_builder_status(b);
    nnx_builder_destroy(b);
    return st;
}

/* abs, neg, relu take float and signed integer types; the other unary ops floats only. */
static void test_rejects_data_types(void **state)
{
    (void)state;
    const unary_fn signed_only[] = {nnx_builder_abs, nnx_builder_neg, nnx_builder_relu};
    const unary_fn float_only[] = {nnx_builder_ceil, nnx_builder_floor,   nnx_builder_exp, nnx_builder_log,
                                   nnx_builder_sqrt, nnx_builder_sigmoid, nnx_builder_tanh};
    const nnx_dtype unsigned_types[] = {NNX_UINT8, NNX_UINT32, NNX_UINT64};
    const nnx_dtype int_types[] = {NNX_INT8, NNX_UINT8, NNX_INT32, NNX_UINT32, NNX_INT64, NNX_UINT64};
    for (size_t f = 0; f < sizeof signed_only / sizeof *signed_only; f++) {
        for (size_t t = 0; t < sizeof unsigned_types / sizeof *unsigned_types; t++)
            assert_int_equal(unary_status(signed_only[f], unsigned_types[t]), NNX_ERROR_INVALID_ARGUMENT);
        assert_int_equal(unary_status(signed_only[f], NNX_INT8), NNX_OK);
    }
    for (size_t f = 0; f < sizeof float_only / sizeof *float_only; f++) {
        for (size_t t = 0; t < sizeof int_types / sizeof *int_types; t++)
            assert_int_equal(unary_status(float_only[f], int_types[t]), NNX_ERROR_INVALID_ARGUMENT);
        assert_int_equal(unary_status(float_only[f], NNX_FLOAT16), NNX_OK);
    }
}

static void test_rejects_binary_mismatch(void **state)
{
    (void)state;
    assert_int_equal(binary_status((nnx_operand_desc){NNX_INT32, 1, {3}}, (nnx_operand_desc){NNX_FLOAT32, 1, {3}}),
                     NNX_ERROR_INVALID_ARGUMENT);
    assert_int_equal(binary_status((nnx_operand_desc){NNX_FLOAT32, 2, {2, 3}}, (nnx_operand_desc){NNX_FLOAT32, 1, {2}}),
                     NNX_ERROR_INVALID_ARGUMENT);
    assert_int_equal(
        binary_status((nnx_operand_desc){NNX_UINT8, 3, {2, 1, 4}}, (nnx_operand_desc){NNX_UINT8, 2, {3, 2}}),
        NNX_ERROR_INVALID_ARGUMENT);
}

/* min > max is checked after both bounds are cast to the input type. */
static void test_rejects_clamp_bounds(void **state)
{
    (void)state;
    assert_int_equal(clamp_status(NNX_UINT8, nnx_f64(300), nnx_f64(200)), NNX_ERROR_INVALID_ARGUMENT); /* 255 > 200 */
    assert_int_equal(clamp_status(NNX_INT32, nnx_f64(2.6), nnx_f64(2.4)), NNX_ERROR_INVALID_ARGUMENT); /* 3 > 2 */
    assert_int_equal(clamp_status(NNX_FLOAT32, nnx_f64(1), nnx_f64(0)), NNX_ERROR_INVALID_ARGUMENT);
    assert_int_equal(clamp_status(NNX_UINT64, nnx_u64(UINT64_MAX), nnx_i64(-1)), NNX_ERROR_INVALID_ARGUMENT);
    /* Equal after casting is fine: 2.5 -> 2 and 2.4 -> 2; 300 and 1000 both -> 255. */
    assert_int_equal(clamp_status(NNX_INT8, nnx_f64(2.5), nnx_f64(2.4)), NNX_OK);
    assert_int_equal(clamp_status(NNX_UINT8, nnx_i64(300), nnx_f64(1000)), NNX_OK);
}

/* Every generated case belongs to a known op and has a unique name. */
static void test_case_table(void **state)
{
    (void)state;
    for (size_t i = 0; i < EW_CASE_COUNT; i++) {
        assert_true(ew_cases[i].op < EW_OP_COUNT);
        for (size_t j = 0; j < i; j++)
            assert_string_not_equal(ew_cases[i].name, ew_cases[j].name);
    }
}

int main(void)
{
    enum { n_fixed = 4 };
    static struct CMUnitTest tests[n_fixed + EW_CASE_COUNT] = {
        cmocka_unit_test(test_case_table),
        cmocka_unit_test(test_rejects_data_types),
        cmocka_unit_test(test_rejects_binary_mismatch),
        cmocka_unit_test(test_rejects_clamp_bounds),
    };
    for (size_t i = 0; i < EW_CASE_COUNT; i++)
        tests[n_fixed + i] = (struct CMUnitTest){ew_cases[i].name, test_generated_case, NULL, NULL,
                                                 (void *)&ew_cases[i]};
    return cmocka_run_group_tests_name("ops_elementwise", tests, cmp_group_setup, cmp_group_teardown);
}
