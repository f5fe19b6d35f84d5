/* test_element_values.c — the public data-type helpers of nnx.h: nnx_dtype_from_name against
 * every nnx_dtype_name, the float / signed-integer kinds and integer ranges of every type,
 * nnx_operand_desc_bytes (scalar, empty, invalid, overflowing), and element loads and stores
 * as double and 64-bit integers (exact values, rounding to float16, wrapping, extremes). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "nnx.h"

static void test_dtype_names(void **state)
{
    (void)state;
    for (int dt = NNX_FLOAT32; dt <= NNX_UINT2; dt++) {
        const char *name = nnx_dtype_name((nnx_dtype)dt);
        assert_non_null(name);
        assert_int_equal(nnx_dtype_from_name(name), dt);
        assert_int_equal(nnx_dtype_size((nnx_dtype)dt) > 0, 1);
    }
    assert_null(nnx_dtype_name((nnx_dtype)(NNX_UINT2 + 1)));
    assert_int_equal(nnx_dtype_from_name("float32"), NNX_FLOAT32);
    assert_int_equal(nnx_dtype_from_name("int4"), NNX_INT4);
    assert_int_equal(nnx_dtype_from_name("fp8e4m3fnuz"), NNX_FP8E4M3FNUZ);
    assert_int_equal(nnx_dtype_from_name("fp8e5m2fnuz"), NNX_FP8E5M2FNUZ);
    assert_int_equal(nnx_dtype_from_name("fp8e8m0"), NNX_FP8E8M0);
    assert_int_equal(nnx_dtype_from_name("fp4e2m1"), NNX_FP4E2M1);
    assert_int_equal(nnx_dtype_from_name("uint4"), NNX_UINT4);
    assert_int_equal(nnx_dtype_from_name("int2"), NNX_INT2);
    assert_int_equal(nnx_dtype_from_name("uint2"), NNX_UINT2);
    assert_int_equal(nnx_dtype_from_name("Float32"), NNX_DTYPE_UNDEFINED);
    assert_int_equal(nnx_dtype_from_name("float"), NNX_DTYPE_UNDEFINED);
    assert_int_equal(nnx_dtype_from_name(""), NNX_DTYPE_UNDEFINED);
    assert_int_equal(nnx_dtype_from_name(NULL), NNX_DTYPE_UNDEFINED);
}

static void test_dtype_kinds_and_ranges(void **state)
{
    (void)state;
    static const nnx_dtype floats[] = {NNX_FLOAT16, NNX_BFLOAT16,    NNX_FLOAT32,     NNX_FLOAT64, NNX_FP8E4M3,
                                       NNX_FP8E5M2, NNX_FP8E4M3FNUZ, NNX_FP8E5M2FNUZ, NNX_FP8E8M0, NNX_FP4E2M1};
    for (size_t i = 0; i < sizeof floats / sizeof floats[0]; i++) {
        assert_true(nnx_dtype_is_floating_point(floats[i]));
        assert_false(nnx_dtype_is_signed_integer(floats[i]));
        assert_int_equal(nnx_dtype_integer_min(floats[i]), 0);
        assert_int_equal(nnx_dtype_integer_max(floats[i]), 0);
    }
    assert_true(nnx_dtype_is_signed_integer(NNX_INT4));
    assert_true(nnx_dtype_is_signed_integer(NNX_INT48));
    assert_false(nnx_dtype_is_signed_integer(NNX_UINT8));
    assert_false(nnx_dtype_is_signed_integer(NNX_BOOL));
    assert_false(nnx_dtype_is_floating_point(NNX_INT32));
    assert_false(nnx_dtype_is_floating_point(NNX_DTYPE_UNDEFINED));
    assert_false(nnx_dtype_is_floating_point((nnx_dtype)99));
    assert_int_equal(nnx_dtype_integer_min(NNX_INT4), -8);
    assert_int_equal(nnx_dtype_integer_max(NNX_INT4), 7);
    assert_true(nnx_dtype_is_signed_integer(NNX_INT2));
    assert_false(nnx_dtype_is_signed_integer(NNX_UINT4));
    assert_false(nnx_dtype_is_floating_point(NNX_UINT2));
    assert_int_equal(nnx_dtype_integer_min(NNX_INT2), -2);
    assert_int_equal(nnx_dtype_integer_max(NNX_INT2), 1);
    assert_int_equal(nnx_dtype_integer_min(NNX_UINT4), 0);
    assert_int_equal(nnx_dtype_integer_max(NNX_UINT4), 15);
    assert_int_equal(nnx_dtype_integer_max(NNX_UINT2), 3);
    assert_int_equal(nnx_dtype_integer_min(NNX_INT48), -((int64_t)1 << 47));
    assert_int_equal(nnx_dtype_integer_max(NNX_INT48), ((uint64_t)1 << 47) - 1);
    assert_true(nnx_dtype_integer_min(NNX_INT64) == INT64_MIN);
    assert_true(nnx_dtype_integer_max(NNX_UINT64) == UINT64_MAX);
    assert_int_equal(nnx_dtype_integer_min(NNX_UINT16), 0);
    assert_int_equal(nnx_dtype_integer_max(NNX_UINT16), 65535);
    assert_int_equal(nnx_dtype_integer_min(NNX_BOOL), 0);
    assert_int_equal(nnx_dtype_integer_max(NNX_BOOL), 1);
    assert_int_equal(nnx_dtype_integer_max((nnx_dtype)99), 0);
}

static void test_desc_bytes(void **state)
{
    (void)state;
    size_t bytes = 7;
    nnx_operand_desc d = {.dtype = NNX_FLOAT32, .rank = 2, .shape = {2, 3}};
    assert_int_equal(nnx_operand_desc_bytes(&d, &bytes), NNX_OK);
    assert_int_equal(bytes, 24);
    d = (nnx_operand_desc){.dtype = NNX_INT48, .rank = 0};
    assert_int_equal(nnx_operand_desc_bytes(&d, &bytes), NNX_OK);
    assert_int_equal(bytes, 8);
    d = (nnx_operand_desc){.dtype = NNX_UINT8, .rank = 2, .shape = {123456, 0}};
    assert_int_equal(nnx_operand_desc_bytes(&d, &bytes), NNX_OK);
    assert_int_equal(bytes, 0);
    d = (nnx_operand_desc){
        .dtype = NNX_FLOAT64, .rank = 8, .shape = {65536, 65536, 65536, 65536, 1, 1, 1, 1}}; /* 2^64 elements */
    assert_int_equal(nnx_operand_desc_bytes(&d, &bytes), NNX_ERROR_INVALID_ARGUMENT);
    d = (nnx_operand_desc){.dtype = NNX_DTYPE_UNDEFINED, .rank = 1, .shape = {4}};
    assert_int_equal(nnx_operand_desc_bytes(&d, &bytes), NNX_ERROR_INVALID_ARGUMENT);
    d = (nnx_operand_desc){.dtype = NNX_FLOAT32, .rank = NNX_MAX_RANK + 1};
    assert_int_equal(nnx_operand_desc_bytes(&d, &bytes), NNX_ERROR_INVALID_ARGUMENT);
    assert_int_equal(nnx_operand_desc_bytes(NULL, &bytes), NNX_ERROR_INVALID_ARGUMENT);
    assert_int_equal(nnx_operand_desc_bytes(&d, NULL), NNX_ERROR_INVALID_ARGUMENT);
}

static void test_float_elements(void **state)
{
    (void)state;
    float f32[3] = {0};
    nnx_element_store_f64(NNX_FLOAT32, f32, 1, 0.1);
    assert_true(f32[1] == 0.1f);
    assert_true(nnx_element_load_f64(NNX_FLOAT32, f32, 1) == (double)0.1f);
    uint16_t f16[2] = {0};
    nnx_element_store_f64(NNX_FLOAT16, f16, 0, 1.0 / 3.0); /* rounds to 0x3555 */
    assert_int_equal(f16[0], 0x3555);
    assert_true(nnx_element_load_f64(NNX_FLOAT16, f16, 0) == 0.333251953125);
    nnx_element_store_f64(NNX_FLOAT16, f16, 1, 1e6); /* beyond 65504: infinity */
    assert_true(isinf(nnx_element_load_f64(NNX_FLOAT16, f16, 1)));
    uint16_t bf16 = 0x3F80; /* 1.0 */
    assert_true(nnx_element_load_f64(NNX_BFLOAT16, &bf16, 0) == 1.0);
    int32_t i32 = 5;
    nnx_element_store_f64(NNX_INT32, &i32, 0, 7.0); /* not a float type: nothing stored */
    assert_int_equal(i32, 5);
    assert_true(nnx_element_load_f64(NNX_INT32, &i32, 0) == 5.0);
    assert_true(nnx_element_load_f64((nnx_dtype)99, &i32, 0) == 0.0);
}

/* The 8- and 4-bit float types added for ONNX: one byte each, raw codes (their encoders are
 * checked code by code in test_narrow_float_codes). The stores do not saturate but for
 * fp4e2m1, which has no inf or NaN, and fp8e8m0, which takes ONNX Cast's defaults. */
static void test_narrow_float_elements(void **state)
{
    (void)state;
    uint8_t q[4] = {0};
    nnx_element_store_f64(NNX_FP8E4M3FNUZ, q, 0, -0.0); /* no -0: +0 */
    nnx_element_store_f64(NNX_FP8E4M3FNUZ, q, 1, 240.0);
    nnx_element_store_f64(NNX_FP8E4M3FNUZ, q, 2, 300.0); /* out of range: the NaN 0x80 */
    nnx_element_store_f64(NNX_FP8E5M2FNUZ, q, 3, -57344.0);
    assert_int_equal(q[0], 0x00);
    assert_int_equal(q[1], 0x7F);
    assert_int_equal(q[2], 0x80);
    assert_int_equal(q[3], 0xFF);
    assert_true(isnan(nnx_element_load_f64(NNX_FP8E4M3FNUZ, q, 2)));
    assert_true(nnx_element_load_f64(NNX_FP8E5M2FNUZ, q, 3) == -57344.0);
    nnx_element_store_f64(NNX_FP4E2M1, q, 0, -2.5); /* tie between 2 and 3: the even code, 2 */
    nnx_element_store_f64(NNX_FP4E2M1, q, 1, 100.0);
    nnx_element_store_f64(NNX_FP4E2M1, q, 2, NAN);
    assert_int_equal(q[0], 0xC);
    assert_int_equal(q[1], 0x7);
    assert_int_equal(q[2], 0x7);
    assert_true(nnx_element_load_f64(NNX_FP4E2M1, q, 0) == -2.0);
    nnx_element_store_f64(NNX_FP8E8M0, q, 0, 0.3);   /* up: 0.5 */
    nnx_element_store_f64(NNX_FP8E8M0, q, 1, 0.0);   /* saturates to 2^-127 */
    nnx_element_store_f64(NNX_FP8E8M0, q, 2, 1e300); /* saturates to 2^127 */
    nnx_element_store_f64(NNX_FP8E8M0, q, 3, NAN);
    assert_int_equal(q[0], 126);
    assert_int_equal(q[1], 0);
    assert_int_equal(q[2], 254);
    assert_int_equal(q[3], 255);
    assert_true(nnx_element_load_f64(NNX_FP8E8M0, q, 0) == 0.5);
    assert_true(nnx_element_load_f64(NNX_FP8E8M0, q, 1) == 0x1p-127);
}

static void test_integer_elements(void **state)
{
    (void)state;
    int8_t i8[2] = {0};
    nnx_element_store_i64(NNX_INT8, i8, 1, -5);
    assert_int_equal(i8[1], -5);
    assert_int_equal(nnx_element_load_i64(NNX_INT8, i8, 1), -5);
    nnx_element_store_i64(NNX_INT8, i8, 0, 300); /* the low 8 bits: 44 */
    assert_int_equal(i8[0], 44);
    uint64_t u64 = 0;
    nnx_element_store_i64(NNX_UINT64, &u64, 0, -1);
    assert_true(u64 == UINT64_MAX);
    assert_true(nnx_element_load_u64(NNX_UINT64, &u64, 0) == UINT64_MAX);
    assert_int_equal(nnx_element_load_i64(NNX_UINT64, &u64, 0), -1);
    int64_t i48 = -((int64_t)1 << 47);
    assert_true(nnx_element_load_i64(NNX_INT48, &i48, 0) == -((int64_t)1 << 47));
    int64_t big = INT64_MAX;
    assert_true(nnx_element_load_i64(NNX_INT64, &big, 0) == INT64_MAX);
    assert_true(nnx_element_load_f64(NNX_INT64, &big, 0) == 9223372036854775808.0); /* rounded */
    uint8_t b[2] = {0, 1};
    assert_int_equal(nnx_element_load_u64(NNX_BOOL, b, 1), 1);
    nnx_element_store_i64(NNX_BOOL, b, 0, 1);
    assert_int_equal(b[0], 1);
    int8_t sub[4];
    nnx_element_store_i64(NNX_INT4, sub, 0, 9); /* the low 4 bits, 1001: -7 */
    nnx_element_store_i64(NNX_INT2, sub, 1, 2); /* 10: -2 */
    nnx_element_store_i64(NNX_UINT4, sub, 2, -1);
    nnx_element_store_i64(NNX_UINT2, sub, 3, 5);
    assert_int_equal(sub[0], -7);
    assert_int_equal(sub[1], -2);
    assert_int_equal(nnx_element_load_i64(NNX_UINT4, sub, 2), 15);
    assert_int_equal(nnx_element_load_i64(NNX_UINT2, sub, 3), 1);
    assert_int_equal(nnx_element_load_i64(NNX_INT2, sub, 1), -2);
    assert_true(nnx_element_load_f64(NNX_INT4, sub, 0) == -7.0);
    float f = 2.5f;
    nnx_element_store_i64(NNX_FLOAT32, &f, 0, 1); /* not an integer type: nothing stored */
    assert_true(f == 2.5f);
    assert_int_equal(nnx_element_load_i64(NNX_FLOAT32, &f, 0), 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_narrow_float_elements),  cmocka_unit_test(test_dtype_names),
        cmocka_unit_test(test_dtype_kinds_and_ranges), cmocka_unit_test(test_desc_bytes),
        cmocka_unit_test(test_float_elements),         cmocka_unit_test(test_integer_elements),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
