/* test_nnef_tensor_file.c — NNEF .dat files (src/formats/nnef/tensor_file.c) and whole-file I/O
 * (src/base/file.c): headers built here from the §5.2 byte offsets, one negative test per header
 * rule (status, message and offset), generated files with numpy-computed values
 * (tests/unit/formats/nnef/gen_nnef_tensor_file.py), round trips for every code and width 1..64,
 * mapped files, and allocation failure at every allocation of the read path. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/file.h"
#include "../../common/counting_alloc.h"
#include "formats/nnef/files/tensor_file.h"

#include "../../../data/nnef_dat/nnef_dat_cases.h"

/* §5.2 header offsets, written out independently of the library. */
#define AT_LENGTH 4
#define AT_RANK 8
#define AT_EXTENTS 12
#define AT_BITS 44
#define AT_CODE 48
#define AT_PARAMS 52
#define AT_RESERVED 84

#define CAP 4096

static void put32(uint8_t *b, size_t at, uint32_t v)
{
    b[at] = (uint8_t)v;
    b[at + 1] = (uint8_t)(v >> 8);
    b[at + 2] = (uint8_t)(v >> 16);
    b[at + 3] = (uint8_t)(v >> 24);
}

static uint32_t get32(const uint8_t *b, size_t at)
{
    return b[at] | (uint32_t)b[at + 1] << 8 | (uint32_t)b[at + 2] << 16 | (uint32_t)b[at + 3] << 24;
}

static void putf(uint8_t *b, size_t at, float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    put32(b, at, u);
}

/* A well-formed file: header for shape/bits/code/params, zeroed data of the right length. */
static size_t make_file(uint8_t *b, const uint32_t *shape, uint32_t rank, uint32_t bits, uint32_t code, uint32_t p0)
{
    memset(b, 0, CAP);
    b[0] = 0x4E;
    b[1] = 0xEF;
    b[2] = 1;
    b[3] = 0;
    uint64_t volume = 1;
    for (uint32_t i = 0; i < rank; i++) {
        put32(b, AT_EXTENTS + 4 * i, shape[i]);
        volume *= shape[i];
    }
    uint32_t length = (uint32_t)((volume * bits + 7) / 8);
    put32(b, AT_LENGTH, length);
    put32(b, AT_RANK, rank);
    put32(b, AT_BITS, bits);
    put32(b, AT_CODE, code);
    put32(b, AT_PARAMS, p0);
    return 128 + length;
}

static size_t simple_f32(uint8_t *b) /* float32 [2,3] */
{
    static const uint32_t shape[2] = {2, 3};
    return make_file(b, shape, 2, 32, 0x00, 0);
}

static void expect_error(const uint8_t *b, size_t n, const char *what, unsigned long offset)
{
    nnx_nnef_tensor_info info;
    nnx_error err = {0};
    nnx_status st = nnx_nnef_tensor_parse(b, n, "t.dat", &info, &err);
    char tail[64];
    snprintf(tail, sizeof tail, "(offset %lu)", offset);
    if (st != NNX_ERROR_INVALID_MODEL || !strstr(err.message, what) || !strstr(err.message, tail) ||
        strncmp(err.message, "t.dat: error: ", 14) != 0)
        fail_msg("status %d, message \"%s\"; wanted \"%s\" and \"%s\"", st, err.message, what, tail);
}

static nnx_nnef_tensor_info parse_ok(const uint8_t *b, size_t n)
{
    nnx_nnef_tensor_info info;
    nnx_error err = {0};
    nnx_status st = nnx_nnef_tensor_parse(b, n, "t.dat", &info, &err);
    if (st != NNX_OK)
        fail_msg("parse failed: %s", err.message);
    return info;
}

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static uint64_t next_rand(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

/* ------------------------------------------------------------------ header fields */

static void test_valid_header(void **state)
{
    (void)state;
    uint8_t b[CAP];
    size_t n = simple_f32(b);
    for (int i = 0; i < 6; i++)
        putf(b, 128 + 4 * i, (float)i - 2.5f);
    nnx_nnef_tensor_info info = parse_ok(b, n);
    assert_int_equal(info.rank, 2);
    assert_int_equal(info.shape[0], 2);
    assert_int_equal(info.shape[1], 3);
    assert_int_equal(info.volume, 6);
    assert_int_equal(info.bits, 32);
    assert_int_equal(info.kind, NNX_NNEF_ITEM_FLOAT);
    assert_int_equal(info.data_length, 24);
    assert_int_equal(info.warnings, 0);
    assert_int_equal(info.version[0], 1);
    assert_int_equal(nnx_nnef_tensor_natural_dtype(&info), NNX_FLOAT32);
    float out[6];
    nnx_error err = {0};
    assert_int_equal(nnx_nnef_tensor_decode(&info, b, NNX_FLOAT32, out, sizeof out, &err), NNX_OK);
    for (int i = 0; i < 6; i++)
        assert_true(out[i] == (float)i - 2.5f);
}

static void test_magic(void **state)
{
    (void)state;
    uint8_t b[CAP];
    size_t n = simple_f32(b);
    b[0] = 'X';
    expect_error(b, n, "magic byte 0 is 0x58, expected 0x4E", 0);
    b[0] = 0x4E;
    b[1] = 0xFE;
    expect_error(b, n, "magic byte 1 is 0xFE, expected 0xEF", 1);
    b[1] = 0xEF;
    expect_error(b, 0, "header is truncated: the file has 0 bytes", 0);
    expect_error(b, 1, "header is truncated: the file has 1 bytes", 1);
}

static void test_truncated_header(void **state)
{
    (void)state;
    uint8_t b[CAP];
    simple_f32(b);
    expect_error(b, 127, "header is truncated: the file has 127 bytes, the header needs 128", 127);
    expect_error(b, 2, "header is truncated", 2);
    nnx_nnef_tensor_info info;
    nnx_error err = {0};
    nnx_nnef_tensor_parse(b, 60, "t.dat", &info, &err);
    assert_string_equal(err.message,
                        "t.dat: error: header is truncated: the file has 60 bytes, the header needs 128 (offset 60)");
}

static void test_version(void **state)
{
    (void)state;
    uint8_t b[CAP];
    size_t n = simple_f32(b);
    b[2] = 2;
    expect_error(b, n, "version 2.0 is not supported: the major version must be 1", 2);
    b[2] = 0;
    b[3] = 9;
    expect_error(b, n, "version 0.9 is not supported", 2);
    b[2] = 1; /* 1.9: a newer minor is read, with a warning (decision D4) */
    nnx_nnef_tensor_info info = parse_ok(b, n);
    assert_int_equal(info.version[1], 9);
    assert_int_equal(info.warnings, NNX_NNEF_WARN_VERSION);
}

static void test_rank(void **state)
{
    (void)state;
    uint8_t b[CAP];
    size_t n = simple_f32(b);
    put32(b, AT_RANK, 9);
    expect_error(b, n, "rank 9 is larger than the maximum 8", AT_RANK);
    put32(b, AT_RANK, 0xFFFFFFFF);
    expect_error(b, n, "rank 4294967295 is larger", AT_RANK);
}

static void test_rank_zero_and_eight(void **state)
{
    (void)state;
    uint8_t b[CAP];
    size_t n = make_file(b, NULL, 0, 32, 0x00, 0);
    assert_int_equal(n, 132);
    putf(b, 128, 1.5f);
    nnx_nnef_tensor_info info = parse_ok(b, n);
    assert_int_equal(info.rank, 0);
    assert_int_equal(info.volume, 1);
    double d;
    nnx_error err = {0};
    assert_int_equal(nnx_nnef_tensor_decode(&info, b, NNX_FLOAT64, &d, sizeof d, &err), NNX_OK);
    assert_true(d == 1.5);
    static const uint32_t eight[8] = {1, 2, 1, 2, 1, 2, 1, 3};
    n = make_file(b, eight, 8, 8, 0x01, 0);
    info = parse_ok(b, n);
    assert_int_equal(info.rank, 8);
    assert_int_equal(info.volume, 24);
}

static void test_extents(void **state)
{
    (void)state;
    uint8_t b[CAP];
    static const uint32_t shape[3] = {2, 0, 3};
    size_t n = make_file(b, shape, 3, 32, 0x00, 0);
    expect_error(b, n, "extents[1] is 0: extents must be positive", AT_EXTENTS + 4);
    n = simple_f32(b);
    put32(b, AT_EXTENTS + 4 * 5, 7);
    expect_error(b, n, "extents[5] is 7 beyond rank 2: unused extents must be 0", AT_EXTENTS + 20);
    n = simple_f32(b);
    put32(b, AT_EXTENTS + 4 * 7, 1);
    expect_error(b, n, "extents[7] is 1 beyond rank 2", AT_EXTENTS + 28);
}

static void test_bits(void **state)
{
    (void)state;
    uint8_t b[CAP];
    size_t n = simple_f32(b);
    put32(b, AT_BITS, 0);
    expect_error(b, n, "bits per item 0 is invalid: it must be 1..64", AT_BITS);
    put32(b, AT_BITS, 65);
    expect_error(b, n, "bits per item 65 is invalid: it must be 1..64", AT_BITS);
    put32(b, AT_BITS, 8);
    expect_error(b, n, "bits per item 8 is invalid for float items: it must be 16, 32 or 64", AT_BITS);
    put32(b, AT_BITS, 24);
    expect_error(b, n, "bits per item 24 is invalid for float items", AT_BITS);
    static const uint32_t one[1] = {8};
    n = make_file(b, one, 1, 2, 0x05, 0);
    expect_error(b, n, "bits per item 2 is invalid for bool items: it must be 1 or 8", AT_BITS);
}

static void test_codes(void **state)
{
    (void)state;
    uint8_t b[CAP];
    static const uint32_t one[1] = {4};
    static const uint32_t bad_codes[] = {0x06, 0x0F, 0x12, 0xFF, 0xFFFF};
    for (size_t i = 0; i < sizeof bad_codes / sizeof *bad_codes; i++) {
        size_t n = make_file(b, one, 1, 8, bad_codes[i], 0);
        char what[80];
        snprintf(what, sizeof what, "quantization code 0x%08X is unknown", bad_codes[i]);
        expect_error(b, n, what, AT_CODE);
    }
    size_t n = make_file(b, one, 1, 8, 0x00010001, 0);
    expect_error(b, n, "quantization code 0x00010001 has vendor 0x0001: only Khronos (0x0000) codes are supported",
                 AT_CODE);
    /* The halves swapped (vendor 0, algorithm 0x10 in bytes 50-51) is a vendor code (D1). */
    n = make_file(b, one, 1, 8, 0x00100000, 0);
    expect_error(b, n, "quantization code 0x00100000 has vendor 0x0010", AT_CODE);
    uint8_t raw[4] = {0x10, 0x00, 0x00, 0x00}; /* algorithm 0x10 in byte 48 is linear */
    n = make_file(b, one, 1, 8, 0, 0);
    memcpy(b + AT_CODE, raw, 4);
    putf(b, AT_PARAMS, 0.0f);
    putf(b, AT_PARAMS + 4, 1.0f);
    assert_int_equal(parse_ok(b, n).kind, NNX_NNEF_ITEM_LINEAR);
}

static size_t quant_file(uint8_t *b, uint32_t code, float min, float max)
{
    static const uint32_t one[1] = {4};
    size_t n = make_file(b, one, 1, 8, code, 0);
    putf(b, AT_PARAMS, min);
    putf(b, AT_PARAMS + 4, max);
    return n;
}

static void test_quant_params(void **state)
{
    (void)state;
    uint8_t b[CAP];
    size_t n = quant_file(b, 0x10, NAN, 1.0f);
    expect_error(b, n, "quantization min nan is not finite", AT_PARAMS);
    n = quant_file(b, 0x10, 0.0f, INFINITY);
    expect_error(b, n, "quantization max inf is not finite", AT_PARAMS + 4);
    n = quant_file(b, 0x10, 2.0f, 2.0f);
    expect_error(b, n, "quantization max 2 equals min: the linear range is empty", AT_PARAMS + 4);
    n = quant_file(b, 0x10, 3.0f, -1.0f); /* a reversed range is allowed (D9) */
    nnx_nnef_tensor_info info = parse_ok(b, n);
    assert_true(info.min == 3.0f && info.max == -1.0f);
    n = quant_file(b, 0x11, 0.0f, 0.0f);
    expect_error(b, n, "quantization max 0 must be positive for logarithmic items", AT_PARAMS + 4);
    n = quant_file(b, 0x11, 0.0f, -4.0f);
    expect_error(b, n, "quantization max -4 must be positive", AT_PARAMS + 4);
    n = quant_file(b, 0x11, 0.5f, 4.0f);
    expect_error(b, n, "quantization min 0.5 must be 0 (unsigned) or -max (signed) for logarithmic items", AT_PARAMS);
    n = quant_file(b, 0x11, -4.0f, 4.0f);
    info = parse_ok(b, n);
    assert_true(info.is_signed);
    n = quant_file(b, 0x11, 0.0f, 4.0f);
    info = parse_ok(b, n);
    assert_false(info.is_signed);
}

static void test_data_length(void **state)
{
    (void)state;
    uint8_t b[CAP];
    size_t n = simple_f32(b);
    put32(b, AT_LENGTH, 23);
    expect_error(b, n, "data length 23 does not match the extents and bits per item: expected 24", AT_LENGTH);
    static const uint32_t odd[1] = {5}; /* 5 x 3 bits = 15 bits -> 2 bytes */
    n = make_file(b, odd, 1, 3, 0x01, 0);
    assert_int_equal(get32(b, AT_LENGTH), 2);
    put32(b, AT_LENGTH, 1);
    expect_error(b, n, "data length 1 does not match the extents and bits per item: expected 2", AT_LENGTH);
}

static void test_size_overflow(void **state)
{
    (void)state;
    uint8_t b[CAP];
    size_t n = simple_f32(b);
    put32(b, AT_RANK, 3); /* 2^32-1 cubed overflows 64 bits at the third extent */
    for (int i = 0; i < 3; i++)
        put32(b, AT_EXTENTS + 4 * i, 0xFFFFFFFF);
    expect_error(b, n, "extents[2] = 4294967295 makes the volume overflow 64 bits", AT_EXTENTS + 8);
    put32(b, AT_RANK, 2); /* (2^32-1)^2 fits, times 8 bits does not */
    put32(b, AT_EXTENTS + 8, 0);
    put32(b, AT_BITS, 8);
    put32(b, AT_CODE, 1);
    expect_error(b, n, "data length cannot match: volume 18446744065119617025 times 8 bits per item overflows 64 bits",
                 AT_LENGTH);
    put32(b, AT_RANK, 1); /* a volume that fits but a data length beyond uint32 */
    put32(b, AT_EXTENTS + 4, 0);
    put32(b, AT_BITS, 64);
    expect_error(b, n, "data length 24 does not match the extents and bits per item: expected 34359738360", AT_LENGTH);
}

static void test_truncated_data(void **state)
{
    (void)state;
    uint8_t b[CAP];
    size_t n = simple_f32(b);
    expect_error(b, n - 1, "data is truncated: the file has 23 bytes of data, the header says 24", n - 1);
    expect_error(b, 128, "data is truncated: the file has 0 bytes of data", 128);
}

static void test_warnings(void **state)
{
    (void)state;
    uint8_t b[CAP];
    size_t n = simple_f32(b);
    b[AT_RESERVED + 43] = 1;
    assert_int_equal(parse_ok(b, n).warnings, NNX_NNEF_WARN_RESERVED);
    n = simple_f32(b);
    b[AT_PARAMS] = 1; /* float items use no parameters */
    assert_int_equal(parse_ok(b, n).warnings, NNX_NNEF_WARN_PARAMS);
    n = simple_f32(b);
    assert_int_equal(parse_ok(b, n + 3).warnings, NNX_NNEF_WARN_TRAILING);
    static const uint32_t five[1] = {5}; /* 15 bits: the last bit of byte 129 is padding */
    n = make_file(b, five, 1, 3, 0x01, 0);
    b[129] = 0x01;
    assert_int_equal(parse_ok(b, n).warnings, NNX_NNEF_WARN_PADDING);
    b[129] = 0xFE;
    assert_int_equal(parse_ok(b, n).warnings, 0);
    n = make_file(b, five, 1, 3, 0x01, 0);
    b[AT_PARAMS + 4] = 1; /* integer items use only the signed word */
    assert_int_equal(parse_ok(b, n).warnings, NNX_NNEF_WARN_PARAMS);
}

static size_t quant_file(uint8_t *b, uint32_t code, float min, float max);

static void test_signed_flag_and_item_types(void **state)
{
    (void)state;
    uint8_t b[CAP];
    static const uint32_t one[1] = {3};
    size_t n = make_file(b, one, 1, 8, 0x01, 0);
    nnx_nnef_tensor_info info = parse_ok(b, n);
    assert_true(info.kind == NNX_NNEF_ITEM_INTEGER && !info.is_signed && !info.quantized);
    assert_int_equal(nnx_nnef_tensor_natural_dtype(&info), NNX_UINT8);
    n = make_file(b, one, 1, 12, 0x01, 0x80000000u);
    info = parse_ok(b, n);
    assert_true(info.is_signed);
    assert_int_equal(nnx_nnef_tensor_natural_dtype(&info), NNX_INT16);
    n = make_file(b, one, 1, 33, 0x02, 0);
    info = parse_ok(b, n);
    assert_true(info.kind == NNX_NNEF_ITEM_INTEGER && info.quantized && !info.is_signed);
    assert_int_equal(nnx_nnef_tensor_natural_dtype(&info), NNX_UINT64);
    n = make_file(b, one, 1, 17, 0x03, 0);
    info = parse_ok(b, n);
    assert_true(info.quantized && info.is_signed);
    assert_int_equal(nnx_nnef_tensor_natural_dtype(&info), NNX_INT32);
    n = make_file(b, one, 1, 64, 0x04, 0);
    info = parse_ok(b, n);
    assert_true(!info.quantized && info.is_signed);
    assert_int_equal(nnx_nnef_tensor_natural_dtype(&info), NNX_INT64);
    n = make_file(b, one, 1, 1, 0x05, 0);
    info = parse_ok(b, n);
    assert_int_equal(info.kind, NNX_NNEF_ITEM_BOOL);
    assert_int_equal(nnx_nnef_tensor_natural_dtype(&info), NNX_BOOL);
    n = make_file(b, one, 1, 16, 0x00, 0);
    info = parse_ok(b, n);
    assert_int_equal(nnx_nnef_tensor_natural_dtype(&info), NNX_FLOAT16);
    n = quant_file(b, 0x11, -1.0f, 1.0f);
    info = parse_ok(b, n);
    assert_int_equal(nnx_nnef_tensor_natural_dtype(&info), NNX_FLOAT32);
}

/* ------------------------------------------------------------------ generated files */

static uint64_t load_bits(const uint8_t *p, size_t size)
{
    uint8_t u8;
    uint16_t u16;
    uint32_t u32;
    uint64_t u64;
    switch (size) {
    case 1: memcpy(&u8, p, 1); return u8;
    case 2: memcpy(&u16, p, 2); return u16;
    case 4: memcpy(&u32, p, 4); return u32;
    default: memcpy(&u64, p, 8); return u64;
    }
}

/* NaN patterns compare by sign only (payload handling is the converters' business). */
static bool nan_bits(nnx_dtype t, uint64_t v, bool *sign)
{
    switch (t) {
    case NNX_FLOAT16: *sign = v >> 15; return (v & 0x7C00) == 0x7C00 && (v & 0x3FF);
    case NNX_BFLOAT16: *sign = v >> 15; return (v & 0x7F80) == 0x7F80 && (v & 0x7F);
    case NNX_FLOAT32: *sign = v >> 31; return (v & 0x7F800000) == 0x7F800000 && (v & 0x7FFFFF);
    case NNX_FLOAT64: *sign = v >> 63; return (v & 0x7FF0000000000000ull) == 0x7FF0000000000000ull && (v << 12);
    default: return false;
    }
}

static void test_generated_cases(void **state)
{
    (void)state;
    size_t n_cases = sizeof dat_cases / sizeof *dat_cases;
    for (size_t c = 0; c < n_cases; c++) {
        const dat_case *k = &dat_cases[c];
        nnx_nnef_tensor_info info;
        nnx_error err = {0};
        if (nnx_nnef_tensor_parse(k->file, k->file_size, k->name, &info, &err) != NNX_OK)
            fail_msg("%s: %s", k->name, err.message);
        assert_int_equal(info.volume, k->count);
        size_t size = nnx_dtype_size(k->target);
        uint8_t *out = malloc(k->count * size);
        if (nnx_nnef_tensor_decode(&info, k->file, k->target, out, k->count * size, &err) != NNX_OK)
            fail_msg("%s: %s", k->name, err.message);
        for (size_t i = 0; i < k->count; i++) {
            uint64_t got = load_bits(out + i * size, size);
            bool sg, se;
            if (nan_bits(k->target, got, &sg) && nan_bits(k->target, k->expected[i], &se) && sg == se)
                continue;
            if (got != k->expected[i])
                fail_msg("%s item %zu: got 0x%llX, expected 0x%llX", k->name, i, (unsigned long long)got,
                         (unsigned long long)k->expected[i]);
        }
        free(out);
    }
}

/* ------------------------------------------------------------------ round trips */

/* Encodes, checks the header fields at their offsets, parses; returns the file size. */
static size_t encode_ok(nnx_dtype dt, const uint32_t *shape, uint32_t rank, const void *data, size_t size,
                        const nnx_nnef_encode_options *o, uint8_t *out, size_t cap)
{
    nnx_error err = {0};
    size_t need = 0, written = 0;
    if (nnx_nnef_tensor_encoded_size(dt, shape, rank, o, &need, &err) != NNX_OK)
        fail_msg("size: %s", err.message);
    if (nnx_nnef_tensor_encode(dt, shape, rank, data, size, o, out, cap, &written, &err) != NNX_OK)
        fail_msg("encode: %s", err.message);
    assert_int_equal(written, need);
    assert_int_equal(out[0], 0x4E);
    assert_int_equal(out[1], 0xEF);
    assert_int_equal(out[2], 1);
    assert_int_equal(out[3], 0);
    assert_int_equal(get32(out, AT_RANK), rank);
    assert_int_equal(get32(out, AT_LENGTH) + 128, written);
    for (size_t i = AT_RESERVED; i < 128; i++)
        assert_int_equal(out[i], 0);
    return written;
}

static void roundtrip_width(uint32_t bits, bool is_signed, nnx_nnef_scheme scheme)
{
    enum { N = 37 };
    int64_t v[N];
    uint64_t mask = bits == 64 ? UINT64_MAX : (((uint64_t)1 << bits) - 1);
    int64_t lo = is_signed ? (bits == 64 ? INT64_MIN : -((int64_t)1 << (bits - 1))) : 0;
    uint64_t hi = is_signed ? mask >> 1 : mask;
    for (int i = 0; i < N; i++) {
        uint64_t r = next_rand() & mask;
        v[i] = is_signed ? (int64_t)(r << (64 - bits)) >> (64 - bits) : (int64_t)r;
    }
    v[0] = lo;
    v[1] = (int64_t)hi;
    v[2] = 0;
    v[3] = is_signed ? -1 : 1;
    uint32_t shape[2] = {1, N};
    static uint8_t file[CAP], again[CAP];
    nnx_nnef_encode_options o = {.scheme = scheme, .bits = bits};
    nnx_dtype wide = is_signed ? NNX_INT64 : NNX_UINT64;
    size_t n = encode_ok(wide, shape, 2, v, sizeof v, &o, file, sizeof file);
    assert_int_equal(get32(file, AT_BITS), bits);
    uint32_t code = scheme == NNX_NNEF_SCHEME_1_0_2 ? 0x01 : is_signed ? 0x04 : 0x01;
    assert_int_equal(get32(file, AT_CODE), code);
    assert_int_equal(get32(file, AT_PARAMS), scheme == NNX_NNEF_SCHEME_1_0_2 && is_signed ? 1 : 0);
    assert_int_equal(n, 128 + (N * bits + 7) / 8);
    nnx_nnef_tensor_info info = parse_ok(file, n);
    assert_int_equal(info.warnings, 0);
    int64_t back[N];
    nnx_error err = {0};
    assert_int_equal(nnx_nnef_tensor_decode(&info, file, wide, back, sizeof back, &err), NNX_OK);
    assert_memory_equal(back, v, sizeof v);
    /* Through the natural dtype and back into the same bytes. */
    nnx_dtype nat = nnx_nnef_tensor_natural_dtype(&info);
    uint8_t mid[N * 8];
    size_t mid_size = N * nnx_dtype_size(nat);
    if (nnx_nnef_tensor_decode(&info, file, nat, mid, mid_size, &err) != NNX_OK)
        fail_msg("%u bits: %s", bits, err.message);
    size_t m = encode_ok(nat, shape, 2, mid, mid_size, &o, again, sizeof again);
    assert_int_equal(m, n);
    assert_memory_equal(again, file, n);
}

static void test_roundtrip_all_widths(void **state)
{
    (void)state;
    for (uint32_t bits = 1; bits <= 64; bits++)
        for (int s = 0; s < 2; s++) {
            roundtrip_width(bits, s, NNX_NNEF_SCHEME_1_0_2);
            roundtrip_width(bits, s, NNX_NNEF_SCHEME_ITEM_TYPES);
        }
}

/* Every writable dtype at its natural width: bytes back bit for bit. */
static void test_roundtrip_dtypes(void **state)
{
    (void)state;
    static const nnx_dtype types[] = {NNX_FLOAT16, NNX_FLOAT32, NNX_FLOAT64, NNX_INT4,  NNX_INT8,
                                      NNX_INT16,   NNX_INT32,   NNX_INT48,   NNX_INT64, NNX_UINT8,
                                      NNX_UINT16,  NNX_UINT32,  NNX_UINT64,  NNX_BOOL};
    static const unsigned bits[] = {16, 32, 64, 4, 8, 16, 32, 48, 64, 8, 16, 32, 64, 1};
    enum { N = 29 };
    for (size_t t = 0; t < sizeof types / sizeof *types; t++) {
        nnx_dtype dt = types[t];
        size_t size = nnx_dtype_size(dt);
        uint8_t data[N * 8], back[N * 8];
        static uint8_t file[CAP];
        for (int i = 0; i < N; i++) {
            uint64_t r = next_rand();
            if (dt == NNX_INT4)
                r = (uint64_t)(int64_t)((int8_t)(r << 4) >> 4);
            if (dt == NNX_INT48)
                r = (uint64_t)((int64_t)(r << 16) >> 16);
            if (dt == NNX_BOOL)
                r &= 1;
            memcpy(data + i * size, &r, size); /* little-endian host */
        }
        if (dt == NNX_FLOAT32) { /* a signalling NaN must survive the same-width copy */
            uint32_t snan = 0x7F800001u;
            memcpy(data, &snan, 4);
        }
        uint32_t shape[1] = {N};
        size_t n = encode_ok(dt, shape, 1, data, N * size, NULL, file, sizeof file);
        nnx_nnef_tensor_info info = parse_ok(file, n);
        assert_int_equal(info.bits, bits[t]);
        nnx_error err = {0};
        if (nnx_nnef_tensor_decode(&info, file, dt, back, N * size, &err) != NNX_OK)
            fail_msg("%s: %s", nnx_dtype_name(dt), err.message);
        if (memcmp(back, data, N * size) != 0)
            fail_msg("%s does not round-trip", nnx_dtype_name(dt));
    }
}

static void test_bool_packing(void **state)
{
    (void)state;
    static const uint8_t v[9] = {1, 0, 1, 1, 0, 0, 0, 0, 1};
    uint32_t shape[1] = {9};
    uint8_t file[CAP], back[9];
    size_t n = encode_ok(NNX_BOOL, shape, 1, v, 9, NULL, file, sizeof file);
    assert_int_equal(n, 130);
    assert_int_equal(get32(file, AT_CODE), 0x01); /* 1.0.2: unsigned 1-bit integer (D11) */
    assert_int_equal(get32(file, AT_PARAMS), 0);
    assert_int_equal(file[128], 0xB0); /* MSB-first: 1011 0000 */
    assert_int_equal(file[129], 0x80);
    nnx_nnef_encode_options o = {.scheme = NNX_NNEF_SCHEME_ITEM_TYPES};
    uint8_t later[CAP];
    n = encode_ok(NNX_BOOL, shape, 1, v, 9, &o, later, sizeof later);
    assert_int_equal(get32(later, AT_CODE), 0x05);
    assert_memory_equal(later + 128, file + 128, 2);
    nnx_nnef_tensor_info info = parse_ok(later, n);
    nnx_error err = {0};
    assert_int_equal(nnx_nnef_tensor_decode(&info, later, NNX_BOOL, back, 9, &err), NNX_OK);
    assert_memory_equal(back, v, 9);
    o.bits = 8;
    n = encode_ok(NNX_BOOL, shape, 1, v, 9, &o, later, sizeof later);
    assert_int_equal(n, 137);
    assert_memory_equal(later + 128, v, 9);
}

static void roundtrip_codes(nnx_nnef_item_kind kind, uint32_t bits, float min, float max)
{
    enum { N = 23 };
    uint64_t codes[N];
    uint64_t mask = bits == 64 ? UINT64_MAX : (((uint64_t)1 << bits) - 1);
    for (int i = 0; i < N; i++)
        codes[i] = next_rand() & mask;
    codes[0] = 0;
    codes[1] = mask;
    uint32_t shape[3] = {N, 1, 1};
    nnx_nnef_encode_options o = {.quantize = kind, .bits = bits, .min = min, .max = max};
    static uint8_t file[CAP], again[CAP];
    size_t n = encode_ok(NNX_UINT64, shape, 3, codes, sizeof codes, &o, file, sizeof file);
    assert_int_equal(get32(file, AT_CODE), kind == NNX_NNEF_ITEM_LINEAR ? 0x10 : 0x11);
    nnx_nnef_tensor_info info = parse_ok(file, n);
    assert_true(info.min == min && info.max == max);
    assert_int_equal(info.kind, kind);
    uint64_t back[N];
    nnx_error err = {0};
    assert_int_equal(nnx_nnef_tensor_decode(&info, file, NNX_UINT64, back, sizeof back, &err), NNX_OK);
    assert_memory_equal(back, codes, sizeof codes);
    size_t m = encode_ok(NNX_UINT64, shape, 3, back, sizeof back, &o, again, sizeof again);
    assert_memory_equal(again, file, m);
    float f[N];
    assert_int_equal(nnx_nnef_tensor_decode(&info, file, NNX_FLOAT32, f, sizeof f, &err), NNX_OK);
    if (kind == NNX_NNEF_ITEM_LINEAR) { /* the ends map exactly to min and max (§5.2) */
        assert_true(f[0] == min);
        assert_true(fabsf(f[1] - max) <= fabsf(max) * 1e-6f);
    }
}

static void test_roundtrip_quantized(void **state)
{
    (void)state;
    for (uint32_t bits = 1; bits <= 64; bits++) {
        roundtrip_codes(NNX_NNEF_ITEM_LINEAR, bits, -1.5f, 2.25f);
        roundtrip_codes(NNX_NNEF_ITEM_LOGARITHMIC, bits, 0.0f, 8.0f);
        roundtrip_codes(NNX_NNEF_ITEM_LOGARITHMIC, bits, -8.0f, 8.0f);
    }
}

/* Logarithmic decode written out by hand for small codes: b = 3 unsigned, max = 3 -> m = 2,
 * r = 7, x = 2^(q - 5); b = 3 signed, max = 4 -> m = 2, r = 3, x = +-2^(q - 1). */
static void test_logarithmic_by_hand(void **state)
{
    (void)state;
    uint8_t file[CAP];
    static const uint64_t codes[8] = {0, 1, 2, 3, 4, 5, 6, 7};
    uint32_t shape[1] = {8};
    nnx_nnef_encode_options o = {.quantize = NNX_NNEF_ITEM_LOGARITHMIC, .bits = 3, .min = 0, .max = 3};
    size_t n = encode_ok(NNX_UINT64, shape, 1, codes, sizeof codes, &o, file, sizeof file);
    nnx_nnef_tensor_info info = parse_ok(file, n);
    float f[8];
    nnx_error err = {0};
    assert_int_equal(nnx_nnef_tensor_decode(&info, file, NNX_FLOAT32, f, sizeof f, &err), NNX_OK);
    static const float unsigned_expect[8] = {1 / 32.f, 1 / 16.f, 1 / 8.f, 1 / 4.f, 1 / 2.f, 1, 2, 4};
    assert_memory_equal(f, unsigned_expect, sizeof f);
    o.min = -4;
    o.max = 4;
    n = encode_ok(NNX_UINT64, shape, 1, codes, sizeof codes, &o, file, sizeof file);
    info = parse_ok(file, n);
    assert_int_equal(nnx_nnef_tensor_decode(&info, file, NNX_FLOAT32, f, sizeof f, &err), NNX_OK);
    static const float signed_expect[8] = {0.5f, 1, 2, 4, -0.5f, -1, -2, -4};
    assert_memory_equal(f, signed_expect, sizeof f);
}

/* Linear decode written out by hand: b = 2, min = -1, max = 2 -> -1, 0, 1, 2. */
static void test_linear_by_hand(void **state)
{
    (void)state;
    uint8_t file[CAP];
    static const uint8_t codes[4] = {0, 1, 2, 3};
    uint32_t shape[1] = {4};
    nnx_nnef_encode_options o = {.quantize = NNX_NNEF_ITEM_LINEAR, .bits = 2, .min = -1, .max = 2};
    size_t n = encode_ok(NNX_UINT8, shape, 1, codes, sizeof codes, &o, file, sizeof file);
    assert_int_equal(file[128], 0x1B); /* 00 01 10 11 */
    nnx_nnef_tensor_info info = parse_ok(file, n);
    double d[4];
    nnx_error err = {0};
    assert_int_equal(nnx_nnef_tensor_decode(&info, file, NNX_FLOAT64, d, sizeof d, &err), NNX_OK);
    assert_true(d[0] == -1 && d[1] == 0 && d[2] == 1 && d[3] == 2);
}

/* ------------------------------------------------------------------ encode and decode errors */

static void expect_encode_error(nnx_dtype dt, const uint32_t *shape, uint32_t rank, const void *data, size_t size,
                                const nnx_nnef_encode_options *o, size_t cap, nnx_status want, const char *what)
{
    static uint8_t out[CAP];
    nnx_error err = {0};
    size_t written = 99;
    nnx_status st = nnx_nnef_tensor_encode(dt, shape, rank, data, size, o, cap ? out : NULL, cap, &written, &err);
    if (st != want || !strstr(err.message, what) || written != 0)
        fail_msg("status %d, message \"%s\"; wanted \"%s\"", st, err.message, what);
}

static void test_encode_errors(void **state)
{
    (void)state;
    uint32_t shape[9] = {2, 2, 1, 1, 1, 1, 1, 1, 1};
    int8_t i8[4] = {1, 2, 3, 5};
    float f[4] = {0};
    expect_encode_error(NNX_INT8, shape, 9, i8, 4, NULL, CAP, NNX_ERROR_INVALID_ARGUMENT,
                        "rank 9 is larger than the maximum 8");
    expect_encode_error(NNX_INT8, NULL, 2, i8, 4, NULL, CAP, NNX_ERROR_INVALID_ARGUMENT, "shape is NULL for rank 2");
    uint32_t zero[2] = {2, 0};
    expect_encode_error(NNX_INT8, zero, 2, i8, 0, NULL, CAP, NNX_ERROR_INVALID_ARGUMENT, "extent 1 is 0");
    expect_encode_error(NNX_INT8, shape, 2, i8, 3, NULL, CAP, NNX_ERROR_INVALID_ARGUMENT,
                        "data has 3 bytes, 4 int8 items need 4 x 1");
    expect_encode_error(NNX_INT8, shape, 2, i8, 4, NULL, 129, NNX_ERROR_INVALID_ARGUMENT,
                        "the output buffer has 129 bytes, the file needs 132");
    expect_encode_error(NNX_INT8, shape, 2, i8, 4, NULL, 0, NNX_ERROR_INVALID_ARGUMENT,
                        "the output buffer has 0 bytes");
    nnx_nnef_encode_options o = {.bits = 3};
    expect_encode_error(NNX_INT8, shape, 2, i8, 4, &o, CAP, NNX_ERROR_INVALID_ARGUMENT,
                        "item 3 value 5 does not fit 3 signed bits");
    int8_t neg[4] = {0, 0, -1, 0};
    expect_encode_error(NNX_UINT8, shape, 2, neg, 4, &o, CAP, NNX_ERROR_INVALID_ARGUMENT,
                        "item 2 value 255 does not fit 3 unsigned bits");
    o.bits = 65;
    expect_encode_error(NNX_INT8, shape, 2, i8, 4, &o, CAP, NNX_ERROR_INVALID_ARGUMENT,
                        "bits per item 65 is larger than 64");
    o.bits = 16;
    expect_encode_error(NNX_FLOAT32, shape, 2, f, 16, &o, CAP, NNX_ERROR_INVALID_ARGUMENT,
                        "float32 items cannot be written with 16 bits");
    o.bits = 2;
    expect_encode_error(NNX_BOOL, shape, 2, i8, 4, &o, CAP, NNX_ERROR_INVALID_ARGUMENT,
                        "bool items are written with 1 or 8 bits, not 2");
    expect_encode_error(NNX_BFLOAT16, shape, 2, f, 8, NULL, CAP, NNX_ERROR_NOT_SUPPORTED,
                        "bfloat16 has no NNEF tensor code");
    expect_encode_error(NNX_FP8E4M3, shape, 2, f, 4, NULL, CAP, NNX_ERROR_NOT_SUPPORTED,
                        "fp8e4m3 has no NNEF tensor code");
    expect_encode_error((nnx_dtype)99, shape, 2, f, 4, NULL, CAP, NNX_ERROR_INVALID_ARGUMENT,
                        "data type 99 is not valid");
    nnx_nnef_encode_options q = {.quantize = NNX_NNEF_ITEM_LINEAR, .min = 1, .max = 1};
    expect_encode_error(NNX_UINT8, shape, 2, i8, 4, &q, CAP, NNX_ERROR_INVALID_ARGUMENT, "max 1 equals min");
    q.max = 2;
    expect_encode_error(NNX_FLOAT32, shape, 2, f, 16, &q, CAP, NNX_ERROR_INVALID_ARGUMENT,
                        "quantized codes must be an unsigned integer type, not float32");
    expect_encode_error(NNX_INT8, shape, 2, i8, 4, &q, CAP, NNX_ERROR_INVALID_ARGUMENT, "not int8");
    q.scheme = NNX_NNEF_SCHEME_ITEM_TYPES;
    expect_encode_error(NNX_UINT8, shape, 2, i8, 4, &q, CAP, NNX_ERROR_INVALID_ARGUMENT,
                        "the item-type scheme has no linear or logarithmic codes");
    nnx_nnef_encode_options l = {.quantize = NNX_NNEF_ITEM_LOGARITHMIC, .min = -1, .max = 2};
    expect_encode_error(NNX_UINT8, shape, 2, i8, 4, &l, CAP, NNX_ERROR_INVALID_ARGUMENT,
                        "min -1 must be 0 (unsigned) or -max (signed)");
    l = (nnx_nnef_encode_options){.quantize = (nnx_nnef_item_kind)7};
    expect_encode_error(NNX_UINT8, shape, 2, i8, 4, &l, CAP, NNX_ERROR_INVALID_ARGUMENT,
                        "quantize 7 is not linear or logarithmic");
    uint32_t huge[2] = {0x80000000u, 0x80000000u}; /* 2^62 items of 32 bits: beyond uint32 length */
    expect_encode_error(NNX_FLOAT32, huge, 2, f, 16, NULL, CAP, NNX_ERROR_INVALID_ARGUMENT, "exceed the 4 GiB");
    uint32_t big[1] = {0x40000000u}; /* 2^30 x 32 bits = 4 GiB: one byte too many */
    nnx_error err = {0};
    size_t size = 0;
    assert_int_equal(nnx_nnef_tensor_encoded_size(NNX_FLOAT32, big, 1, NULL, &size, &err), NNX_ERROR_INVALID_ARGUMENT);
    big[0] = 0x3FFFFFFFu;
    nnx_error_clear(&err);
    assert_int_equal(nnx_nnef_tensor_encoded_size(NNX_FLOAT32, big, 1, NULL, &size, &err), NNX_OK);
    assert_int_equal(size, 128 + 4 * (size_t)0x3FFFFFFF);
    uint32_t max_ext[8] = {0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, 1, 1, 1, 1, 1};
    nnx_error_clear(&err);
    assert_int_equal(nnx_nnef_tensor_encoded_size(NNX_INT8, max_ext, 8, NULL, &size, &err), NNX_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(err.message, "the volume overflows 64 bits"));
}

static void expect_decode_error(const uint8_t *file, size_t n, nnx_dtype t, size_t dst_size, nnx_status want,
                                const char *what)
{
    nnx_nnef_tensor_info info = parse_ok(file, n);
    static uint8_t dst[CAP];
    nnx_error err = {0};
    nnx_status st = nnx_nnef_tensor_decode(&info, file, t, dst, dst_size, &err);
    if (st != want || !strstr(err.message, what) || strncmp(err.message, "t.dat: error: ", 14) != 0)
        fail_msg("status %d, message \"%s\"; wanted \"%s\"", st, err.message, what);
}

static void test_decode_errors(void **state)
{
    (void)state;
    uint8_t b[CAP];
    size_t n = simple_f32(b);
    expect_decode_error(b, n, NNX_FLOAT32, 23, NNX_ERROR_INVALID_ARGUMENT,
                        "the destination has 23 bytes, 6 float32 items need 6 x 4");
    expect_decode_error(b, n, NNX_INT32, 24, NNX_ERROR_INVALID_ARGUMENT, "float items cannot be decoded into int32");
    expect_decode_error(b, n, NNX_BOOL, 6, NNX_ERROR_INVALID_ARGUMENT, "float items cannot be decoded into bool");
    expect_decode_error(b, n, NNX_DTYPE_UNDEFINED, 24, NNX_ERROR_INVALID_ARGUMENT,
                        "decode target 0 is not a data type");
    expect_decode_error(b, n, (nnx_dtype)42, 24, NNX_ERROR_INVALID_ARGUMENT, "decode target 42 is not a data type");
    static const uint32_t three[1] = {3};
    n = make_file(b, three, 1, 16, 0x01, 0); /* unsigned 16-bit: 1, 300, 2 */
    b[128] = 1;
    b[130] = 44;
    b[131] = 1;
    b[132] = 2;
    expect_decode_error(b, n, NNX_UINT8, 3, NNX_ERROR_INVALID_MODEL,
                        "item 1 value 300 does not fit uint8 (offset 130)");
    expect_decode_error(b, n, NNX_INT8, 3, NNX_ERROR_INVALID_MODEL, "item 1 value 300 does not fit int8 (offset 130)");
    expect_decode_error(b, n, NNX_BOOL, 3, NNX_ERROR_INVALID_MODEL, "item 1 value 300 does not fit bool");
    n = make_file(b, three, 1, 8, 0x01, 1); /* signed 8-bit: 0, -5, 7 */
    b[129] = 0xFB;
    b[130] = 7;
    expect_decode_error(b, n, NNX_UINT32, 12, NNX_ERROR_INVALID_MODEL,
                        "item 1 value -5 does not fit uint32 (offset 129)");
    expect_decode_error(b, n, NNX_BOOL, 3, NNX_ERROR_INVALID_MODEL, "item 1 value -5 does not fit bool");
    b[129] = 0xF8; /* -8 fits int4, 7 fits, then 8 would not */
    nnx_nnef_tensor_info info = parse_ok(b, n);
    int8_t i4[3];
    nnx_error err = {0};
    assert_int_equal(nnx_nnef_tensor_decode(&info, b, NNX_INT4, i4, 3, &err), NNX_OK);
    assert_true(i4[0] == 0 && i4[1] == -8 && i4[2] == 7);
    b[130] = 8;
    expect_decode_error(b, n, NNX_INT4, 3, NNX_ERROR_INVALID_MODEL, "item 2 value 8 does not fit int4 (offset 130)");
    n = quant_file(b, 0x10, 0, 1); /* codes into a narrower target than the code width */
    put32(b, AT_BITS, 12);
    put32(b, AT_LENGTH, 6);
    n = 134;
    b[128] = 0xFF;
    b[129] = 0xF0; /* first code 0xFFF */
    expect_decode_error(b, n, NNX_UINT8, 4, NNX_ERROR_INVALID_MODEL,
                        "item 0 value 4095 does not fit uint8 (offset 128)");
}

static void test_unaligned_and_odd_targets(void **state)
{
    (void)state;
    /* 5-bit unsigned codes into every float target; the destination is deliberately unaligned. */
    static const uint32_t shape[1] = {8};
    uint8_t b[CAP];
    size_t n = make_file(b, shape, 1, 5, 0x01, 0);
    static const uint8_t v[8] = {0, 1, 2, 3, 4, 17, 30, 31};
    uint64_t acc = 0;
    for (int i = 0; i < 8; i++)
        acc = acc << 5 | v[i];
    for (int i = 0; i < 5; i++)
        b[128 + i] = (uint8_t)(acc >> (32 - 8 * i));
    nnx_nnef_tensor_info info = parse_ok(b, n);
    nnx_error err = {0};
    uint8_t raw[8 * 8 + 1];
    assert_int_equal(nnx_nnef_tensor_decode(&info, b, NNX_FLOAT64, raw + 1, 64, &err), NNX_OK);
    for (int i = 0; i < 8; i++) {
        double d;
        memcpy(&d, raw + 1 + 8 * i, 8);
        assert_true(d == v[i]);
    }
    uint8_t e4[8], e5[8];
    assert_int_equal(nnx_nnef_tensor_decode(&info, b, NNX_FP8E4M3, e4, 8, &err), NNX_OK);
    assert_int_equal(nnx_nnef_tensor_decode(&info, b, NNX_FP8E5M2, e5, 8, &err), NNX_OK);
    assert_int_equal(e4[7], 0x60); /* 31 -> 32 = 2^5 in E4M3 (4 significant bits, tie to even) */
    assert_int_equal(e5[5], 0x4C); /* 17 -> 16 in E5M2 (3 significant bits) */
    uint8_t u8[8];
    assert_int_equal(nnx_nnef_tensor_decode(&info, b, NNX_UINT8, u8, 8, &err), NNX_OK);
    assert_memory_equal(u8, v, 8);
}

/* ------------------------------------------------------------------ files */

static char tmp_dir[256];

static int make_tmp(void **state)
{
    (void)state;
    const char *base = getenv("TMPDIR");
    snprintf(tmp_dir, sizeof tmp_dir, "%s/nnx-dat-XXXXXX", base && *base ? base : "/tmp");
    return mkdtemp(tmp_dir) ? 0 : -1;
}

static int remove_tmp(void **state)
{
    (void)state;
    DIR *d = opendir(tmp_dir);
    struct dirent *e;
    char p[600];
    while (d && (e = readdir(d)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
            snprintf(p, sizeof p, "%s/%s", tmp_dir, e->d_name);
            remove(p);
        }
    if (d)
        closedir(d);
    return rmdir(tmp_dir);
}

static int count_entries(void)
{
    int n = 0;
    DIR *d = opendir(tmp_dir);
    struct dirent *e;
    while (d && (e = readdir(d)))
        n += e->d_name[0] != '.';
    if (d)
        closedir(d);
    return n;
}

static const nnx_alloc *libc_alloc(void)
{
    static nnx_alloc a;
    nnx_alloc_init(&a, NULL);
    return &a;
}

/* A float32 [130, 150] file (78,128 bytes: mapped) of known values, written atomically. */
static void write_large(const char *path)
{
    enum { R = 130, C = 150 };
    float *v = malloc(R * C * sizeof *v);
    for (int i = 0; i < R * C; i++)
        v[i] = (float)i * 0.25f - 100.0f;
    uint32_t shape[2] = {R, C};
    size_t size = 0, written = 0;
    nnx_error err = {0};
    assert_int_equal(nnx_nnef_tensor_encoded_size(NNX_FLOAT32, shape, 2, NULL, &size, &err), NNX_OK);
    uint8_t *file = malloc(size);
    assert_int_equal(
        nnx_nnef_tensor_encode(NNX_FLOAT32, shape, 2, v, R * C * sizeof *v, NULL, file, size, &written, &err), NNX_OK);
    assert_int_equal(nnx_file_write_atomic(path, file, written, &err), NNX_OK);
    free(file);
    free(v);
}

static void test_mapped_file(void **state)
{
    (void)state;
    char path[512];
    snprintf(path, sizeof path, "%s/large.dat", tmp_dir);
    write_large(path);
    nnx_file_view view;
    nnx_error err = {0};
    assert_int_equal(nnx_file_map(path, libc_alloc(), &view, &err), NNX_OK);
    assert_true(view.mapped);
    assert_int_equal(view.size, 128 + 130 * 150 * 4);
    nnx_nnef_tensor_info info;
    assert_int_equal(nnx_nnef_tensor_parse(view.data, view.size, path, &info, &err), NNX_OK);
    assert_true(info.volume == 130 * 150);
    double *d = malloc(130 * 150 * sizeof *d);
    assert_int_equal(nnx_nnef_tensor_decode(&info, view.data, NNX_FLOAT64, d, 130 * 150 * sizeof *d, &err), NNX_OK);
    for (int i = 0; i < 130 * 150; i++)
        if (d[i] != i * 0.25 - 100.0)
            fail_msg("item %d: %g", i, d[i]);
    free(d);
    nnx_file_unmap(&view);
    assert_null(view.data);
    nnx_file_unmap(&view); /* a zeroed view is a no-op */
    void *data = NULL;
    size_t size = 0;
    assert_int_equal(nnx_nnef_tensor_load(path, libc_alloc(), 0, &info, &data, &size, &err), NNX_OK);
    assert_int_equal(size, 130 * 150 * 4);
    float f;
    memcpy(&f, (uint8_t *)data + 4 * 1001, 4);
    assert_true(f == 1001 * 0.25f - 100.0f);
    nnx_mem_free_aligned(libc_alloc(), data);
    assert_int_equal(count_entries(), 1); /* no temporary file left behind */
}

static void write_bytes(const char *path, size_t n)
{
    uint8_t *b = malloc(n ? n : 1);
    for (size_t i = 0; i < n; i++)
        b[i] = (uint8_t)(i * 7);
    nnx_error err = {0};
    assert_int_equal(nnx_file_write_atomic(path, b, n, &err), NNX_OK);
    free(b);
}

static void test_map_threshold(void **state)
{
    (void)state;
    static const size_t sizes[] = {0, 1, NNX_FILE_MAP_THRESHOLD - 1, NNX_FILE_MAP_THRESHOLD,
                                   NNX_FILE_MAP_THRESHOLD + 1};
    char path[512];
    snprintf(path, sizeof path, "%s/bytes.bin", tmp_dir);
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        write_bytes(path, sizes[i]);
        nnx_file_view view;
        nnx_error err = {0};
        assert_int_equal(nnx_file_map(path, libc_alloc(), &view, &err), NNX_OK);
        assert_non_null(view.data);
        assert_int_equal(view.size, sizes[i]);
        assert_int_equal(view.mapped, sizes[i] >= NNX_FILE_MAP_THRESHOLD);
        for (size_t k = 0; k < sizes[i]; k++)
            if (view.data[k] != (uint8_t)(k * 7))
                fail_msg("size %zu byte %zu", sizes[i], k);
        nnx_file_unmap(&view);
    }
    remove(path);
}

static void expect_io_error(nnx_status st, const nnx_error *err, const char *path, int e)
{
    assert_int_equal(st, NNX_ERROR_IO);
    if (!strstr(err->message, path) || !strstr(err->message, strerror(e)))
        fail_msg("message \"%s\" lacks \"%s\" or \"%s\"", err->message, path, strerror(e));
}

static void test_file_errors(void **state)
{
    (void)state;
    char path[512];
    nnx_file_view view;
    nnx_error err = {0};
    snprintf(path, sizeof path, "%s/missing.dat", tmp_dir);
    expect_io_error(nnx_file_map(path, libc_alloc(), &view, &err), &err, path, ENOENT);
    assert_null(view.data);
    char expect[700];
    snprintf(expect, sizeof expect, "%s: error: cannot open: %s", path, strerror(ENOENT));
    assert_string_equal(err.message, expect);
    nnx_error_clear(&err);
    expect_io_error(nnx_file_map(tmp_dir, libc_alloc(), &view, &err), &err, tmp_dir, EISDIR);
    nnx_error_clear(&err);
    snprintf(path, sizeof path, "%s/no/such/folder/x.dat", tmp_dir);
    expect_io_error(nnx_file_write_atomic(path, "x", 1, &err), &err, path, ENOENT);
    nnx_error_clear(&err);
    void *data = (void *)1;
    size_t size = 1;
    nnx_nnef_tensor_info info;
    expect_io_error(nnx_nnef_tensor_load(path, libc_alloc(), 0, &info, &data, &size, &err), &err, path, ENOENT);
    assert_null(data);
    /* Atomic replacement: the second write wins completely, nothing else is left behind. */
    snprintf(path, sizeof path, "%s/replace.bin", tmp_dir);
    int before = count_entries();
    write_bytes(path, 1000);
    write_bytes(path, 10);
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    assert_int_equal(st.st_size, 10);
    assert_int_equal(count_entries(), before + 1);
    remove(path);
    /* An invalid file through load: the parse error, nothing allocated. */
    snprintf(path, sizeof path, "%s/bad.dat", tmp_dir);
    write_bytes(path, 200);
    nnx_error_clear(&err);
    assert_int_equal(nnx_nnef_tensor_load(path, libc_alloc(), 0, &info, &data, &size, &err), NNX_ERROR_INVALID_MODEL);
    assert_non_null(strstr(err.message, "bad.dat: error: magic byte 0 is 0x00"));
    remove(path);
}

/* ------------------------------------------------------------------ allocation failure */

/* Loads path with the Nth allocation failing, for every N until the load succeeds;
 * returns how many runs failed. */
static long fail_every_allocation(const char *path, nnx_dtype target)
{
    for (long n = 1;; n++) {
        counting_alloc c = {.fail_at = n};
        nnx_alloc a = counting_alloc_wrap(&c);
        nnx_nnef_tensor_info info;
        nnx_error err = {0};
        void *data = NULL;
        size_t size = 0;
        nnx_status st = nnx_nnef_tensor_load(path, &a, target, &info, &data, &size, &err);
        if (st == NNX_OK) {
            assert_true(c.calls < n); /* every allocation was passed */
            nnx_mem_free_aligned(&a, data);
            assert_int_equal(c.live, 0);
            return n - 1;
        }
        assert_int_equal(st, NNX_ERROR_OUT_OF_MEMORY);
        assert_null(data);
        assert_int_equal(c.live, 0);
        assert_non_null(strstr(err.message, path));
    }
}

static void test_allocation_failure(void **state)
{
    (void)state;
    char path[512];
    snprintf(path, sizeof path, "%s/small.dat", tmp_dir);
    uint8_t b[CAP];
    static const uint32_t shape[2] = {3, 7};
    size_t n = make_file(b, shape, 2, 13, 0x01, 1);
    nnx_error err = {0};
    assert_int_equal(nnx_file_write_atomic(path, b, n, &err), NNX_OK);
    assert_int_equal(fail_every_allocation(path, 0), 2); /* the file buffer, the data */
    assert_int_equal(fail_every_allocation(path, NNX_FLOAT32), 2);
    snprintf(path, sizeof path, "%s/large.dat", tmp_dir);
    write_large(path);
    assert_int_equal(fail_every_allocation(path, NNX_FLOAT16), 1); /* mapped: only the data */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_valid_header),
        cmocka_unit_test(test_magic),
        cmocka_unit_test(test_truncated_header),
        cmocka_unit_test(test_version),
        cmocka_unit_test(test_rank),
        cmocka_unit_test(test_rank_zero_and_eight),
        cmocka_unit_test(test_extents),
        cmocka_unit_test(test_bits),
        cmocka_unit_test(test_codes),
        cmocka_unit_test(test_quant_params),
        cmocka_unit_test(test_data_length),
        cmocka_unit_test(test_size_overflow),
        cmocka_unit_test(test_truncated_data),
        cmocka_unit_test(test_warnings),
        cmocka_unit_test(test_signed_flag_and_item_types),
        cmocka_unit_test(test_generated_cases),
        cmocka_unit_test(test_roundtrip_all_widths),
        cmocka_unit_test(test_roundtrip_dtypes),
        cmocka_unit_test(test_bool_packing),
        cmocka_unit_test(test_roundtrip_quantized),
        cmocka_unit_test(test_logarithmic_by_hand),
        cmocka_unit_test(test_linear_by_hand),
        cmocka_unit_test(test_encode_errors),
        cmocka_unit_test(test_decode_errors),
        cmocka_unit_test(test_unaligned_and_odd_targets),
        cmocka_unit_test(test_mapped_file),
        cmocka_unit_test(test_map_threshold),
        cmocka_unit_test(test_file_errors),
        cmocka_unit_test(test_allocation_failure),
    };
    return cmocka_run_group_tests(tests, make_tmp, remove_tmp);
}
