/* test_onnx_tensor_types.c — decoding the TensorProto data types that came after ONNX 1.12
 * (FLOAT8E4M3FN 17 … INT2 26): the type map, the 4- and 2-bit types unpacked from raw_data,
 * int32_data (one packed byte per entry) and external data — odd element counts, the last
 * byte's unused bits ignored, sign extension of int4/int2 — the 8-bit types from int32_data
 * and raw_data, and the size errors, which count packed bytes. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/alloc.h"
#include "formats/onnx/onnx_internal.h"

#include "onnx.pb-c.h"

enum {
    T_FLOAT8E4M3FN = 17,
    T_FLOAT8E4M3FNUZ = 18,
    T_FLOAT8E5M2 = 19,
    T_FLOAT8E5M2FNUZ = 20,
    T_UINT4 = 21,
    T_INT4 = 22,
    T_FLOAT4E2M1 = 23,
    T_FLOAT8E8M0 = 24,
    T_UINT2 = 25,
    T_INT2 = 26
};

static nnx_alloc alloc;
static int64_t dims[1];

/* A 1-D TensorProto of type dt and n elements, no data yet. */
static Onnx__TensorProto proto(int32_t dt, int64_t n)
{
    Onnx__TensorProto t;
    onnx__tensor_proto__init(&t);
    t.name = "t";
    t.has_data_type = 1;
    t.data_type = dt;
    dims[0] = n;
    t.dims = dims;
    t.n_dims = 1;
    return t;
}

static Onnx__TensorProto raw(int32_t dt, int64_t n, const uint8_t *bytes, size_t len)
{
    Onnx__TensorProto t = proto(dt, n);
    t.has_raw_data = 1;
    t.raw_data.data = (uint8_t *)bytes;
    t.raw_data.len = len;
    return t;
}

static Onnx__TensorProto int32s(int32_t dt, int64_t n, const int32_t *v, size_t count)
{
    Onnx__TensorProto t = proto(dt, n);
    t.int32_data = (int32_t *)v;
    t.n_int32_data = count;
    return t;
}

/* Decodes t; checks its dtype and the n bytes of data. */
static void expect(const Onnx__TensorProto *t, nnx_dtype dt, const int8_t *want, size_t n)
{
    nnx_operand_desc d;
    void *data = NULL;
    nnx_error err = {0};
    if (nnx_onnx_tensor_decode(t, NULL, &alloc, &d, &data, &err) != NNX_OK)
        fail_msg("%s", err.message);
    assert_int_equal(d.dtype, dt);
    assert_int_equal(d.rank, 1);
    assert_int_equal(d.shape[0], n);
    for (size_t i = 0; i < n; i++)
        if (((const int8_t *)data)[i] != want[i])
            fail_msg("%s element %zu is %d, expected %d", nnx_dtype_name(dt), i, ((const int8_t *)data)[i], want[i]);
    nnx_mem_free_aligned(&alloc, data);
}

static void expect_error(const Onnx__TensorProto *t, nnx_status st, const char *message)
{
    nnx_operand_desc d;
    void *data = NULL;
    nnx_error err = {0};
    assert_int_equal(nnx_onnx_tensor_decode(t, NULL, &alloc, &d, &data, &err), st);
    assert_null(data);
    if (!strstr(err.message, message))
        fail_msg("'%s' does not contain '%s'", err.message, message);
}

static void test_type_map(void **state)
{
    (void)state;
    static const struct {
        int32_t onnx;
        nnx_dtype nnx;
        const char *name;
    } rows[] = {
        {T_FLOAT8E4M3FN, NNX_FP8E4M3, "FLOAT8E4M3FN"},
        {T_FLOAT8E4M3FNUZ, NNX_FP8E4M3FNUZ, "FLOAT8E4M3FNUZ"},
        {T_FLOAT8E5M2, NNX_FP8E5M2, "FLOAT8E5M2"},
        {T_FLOAT8E5M2FNUZ, NNX_FP8E5M2FNUZ, "FLOAT8E5M2FNUZ"},
        {T_UINT4, NNX_UINT4, "UINT4"},
        {T_INT4, NNX_INT4, "INT4"},
        {T_FLOAT4E2M1, NNX_FP4E2M1, "FLOAT4E2M1"},
        {T_FLOAT8E8M0, NNX_FP8E8M0, "FLOAT8E8M0"},
        {T_UINT2, NNX_UINT2, "UINT2"},
        {T_INT2, NNX_INT2, "INT2"},
    };
    for (size_t k = 0; k < sizeof rows / sizeof rows[0]; k++) {
        assert_int_equal(nnx_onnx_dtype(rows[k].onnx), rows[k].nnx);
        assert_string_equal(nnx_onnx_type_name(rows[k].onnx), rows[k].name);
    }
    assert_int_equal(nnx_onnx_dtype(27), NNX_DTYPE_UNDEFINED);
    assert_string_equal(nnx_onnx_type_name(27), "unknown");
    Onnx__TensorProto t = proto(27, 1);
    expect_error(&t, NNX_ERROR_NOT_SUPPORTED, "data type unknown");
}

/* Five 4-bit elements in three bytes, the first in the low nibble; the last byte's high
 * nibble is padding (here not zero, which nnx does not read). */
static void test_four_bit_raw_data(void **state)
{
    (void)state;
    static const uint8_t b[] = {0x81, 0x7F, 0xA9};
    Onnx__TensorProto t = raw(T_INT4, 5, b, 3);
    expect(&t, NNX_INT4, (const int8_t[]){1, -8, -1, 7, -7}, 5);
    t = raw(T_UINT4, 5, b, 3);
    expect(&t, NNX_UINT4, (const int8_t[]){1, 8, 15, 7, 9}, 5);
    t = raw(T_FLOAT4E2M1, 5, b, 3); /* codes, not values: 0x9 is -0.5 */
    expect(&t, NNX_FP4E2M1, (const int8_t[]){1, 8, 15, 7, 9}, 5);
    t = raw(T_INT4, 6, b, 3); /* even count: the high nibble is element 5 */
    expect(&t, NNX_INT4, (const int8_t[]){1, -8, -1, 7, -7, -6}, 6);
    t = raw(T_INT4, 5, b, 2);
    expect_error(&t, NNX_ERROR_INVALID_ARGUMENT, "has 2 bytes of raw data, its shape needs 3");
    t = raw(T_INT4, 4, b, 3);
    expect_error(&t, NNX_ERROR_INVALID_ARGUMENT, "has 3 bytes of raw data, its shape needs 2");
}

/* Seven 2-bit elements in two bytes, the first in bits 0-1; bits 6-7 of the last byte pad. */
static void test_two_bit_raw_data(void **state)
{
    (void)state;
    static const uint8_t b[] = {0x39, 0xE4};
    Onnx__TensorProto t = raw(T_INT2, 7, b, 2);
    expect(&t, NNX_INT2, (const int8_t[]){1, -2, -1, 0, 0, 1, -2}, 7);
    t = raw(T_UINT2, 7, b, 2);
    expect(&t, NNX_UINT2, (const int8_t[]){1, 2, 3, 0, 0, 1, 2}, 7);
    t = raw(T_UINT2, 8, b, 2);
    expect(&t, NNX_UINT2, (const int8_t[]){1, 2, 3, 0, 0, 1, 2, 3}, 8);
    t = raw(T_UINT2, 9, b, 2);
    expect_error(&t, NNX_ERROR_INVALID_ARGUMENT, "has 2 bytes of raw data, its shape needs 3");
}

/* int32_data holds the packed bytes one per entry (ONNX IR, TensorProto.int32_data). */
static void test_packed_int32_data(void **state)
{
    (void)state;
    static const int32_t v4[] = {0x81, 0x7F, 0xA9};
    Onnx__TensorProto t = int32s(T_INT4, 5, v4, 3);
    expect(&t, NNX_INT4, (const int8_t[]){1, -8, -1, 7, -7}, 5);
    t = int32s(T_UINT4, 5, v4, 3);
    expect(&t, NNX_UINT4, (const int8_t[]){1, 8, 15, 7, 9}, 5);
    static const int32_t v2[] = {228};
    t = int32s(T_UINT2, 3, v2, 1);
    expect(&t, NNX_UINT2, (const int8_t[]){0, 1, 2}, 3);
    t = int32s(T_INT2, 4, v2, 1);
    expect(&t, NNX_INT2, (const int8_t[]){0, 1, -2, -1}, 4);
    t = int32s(T_INT4, 5, v4, 5); /* one value per element is not the packed form */
    expect_error(&t, NNX_ERROR_INVALID_ARGUMENT, "has 5 packed values, its shape needs 3");
}

/* The 8-bit types: one value per int32_data entry, one byte each in raw_data. */
static void test_eight_bit_types(void **state)
{
    (void)state;
    static const int32_t v[] = {0x00, 0x80, 0x7F, 0xFE};
    static const uint8_t b[] = {0x00, 0x80, 0x7F, 0xFE};
    static const int32_t types[] = {T_FLOAT8E4M3FN, T_FLOAT8E4M3FNUZ, T_FLOAT8E5M2, T_FLOAT8E5M2FNUZ, T_FLOAT8E8M0};
    for (size_t k = 0; k < sizeof types / sizeof types[0]; k++) {
        Onnx__TensorProto t = int32s(types[k], 4, v, 4);
        expect(&t, nnx_onnx_dtype(types[k]), (const int8_t *)b, 4);
        t = raw(types[k], 4, b, 4);
        expect(&t, nnx_onnx_dtype(types[k]), (const int8_t *)b, 4);
        t = int32s(types[k], 4, v, 3);
        expect_error(&t, NNX_ERROR_INVALID_ARGUMENT, "has 3 values, its shape needs 4");
    }
}

/* External data holds the packed bytes too: length and file size count them. */
static void test_packed_external_data(void **state)
{
    (void)state;
    char dir[] = "/tmp/nnx-onnx-packedXXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[128];
    snprintf(path, sizeof path, "%s/w.bin", dir);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    static const uint8_t b[] = {0xEE, 0x81, 0x7F, 0xA9};
    fwrite(b, 1, sizeof b, f);
    fclose(f);
    Onnx__TensorProto t = proto(T_INT4, 5);
    Onnx__StringStringEntryProto e[3], *ep[3];
    const char *kv[3][2] = {{"location", "w.bin"}, {"offset", "1"}, {"length", "3"}};
    for (int i = 0; i < 3; i++) {
        onnx__string_string_entry_proto__init(&e[i]);
        e[i].key = (char *)kv[i][0];
        e[i].value = (char *)kv[i][1];
        ep[i] = &e[i];
    }
    t.has_data_location = 1;
    t.data_location = ONNX__TENSOR_PROTO__DATA_LOCATION__EXTERNAL;
    t.external_data = ep;
    t.n_external_data = 3;
    nnx_operand_desc d;
    void *data = NULL;
    nnx_error err = {0};
    if (nnx_onnx_tensor_decode(&t, dir, &alloc, &d, &data, &err) != NNX_OK)
        fail_msg("%s", err.message);
    static const int8_t want[] = {1, -8, -1, 7, -7};
    assert_int_equal(d.dtype, NNX_INT4);
    assert_memory_equal(data, want, 5);
    nnx_mem_free_aligned(&alloc, data);
    e[2].value = "5"; /* the unpacked size is not the stored length */
    assert_int_equal(nnx_onnx_tensor_decode(&t, dir, &alloc, &d, &data, &err), NNX_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(err.message, "external data length 5 != 3 bytes"));
    remove(path);
    rmdir(dir);
}

static int setup(void **state)
{
    (void)state;
    return nnx_alloc_init(&alloc, NULL) ? 0 : -1;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_type_map),         cmocka_unit_test(test_four_bit_raw_data),
        cmocka_unit_test(test_two_bit_raw_data), cmocka_unit_test(test_packed_int32_data),
        cmocka_unit_test(test_eight_bit_types),  cmocka_unit_test(test_packed_external_data),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
