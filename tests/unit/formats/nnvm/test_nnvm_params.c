/* test_nnvm_params.c — TVM .params files (src/formats/nnvm/params.h): a write/read round trip
 * over the types and shapes TVM holds, every truncation of a valid file, and each malformed
 * or hostile header field (magic numbers, counts that cannot fit, ranks, vector lanes, type
 * codes, negative and overflowing extents, byte counts, bool values, names). */
#include "test_nnvm_common.h"
#include "base/float_convert.h"
#include "formats/nnvm/params.h"

typedef struct bytes {
    uint8_t b[1024];
    size_t n;
} bytes;

static void put(bytes *o, const void *p, size_t n)
{
    assert_true(o->n + n <= sizeof o->b);
    memcpy(o->b + o->n, p, n);
    o->n += n;
}
static void u64(bytes *o, uint64_t v)
{
    for (int i = 0; i < 8; i++) {
        uint8_t c = (uint8_t)(v >> 8 * i);
        put(o, &c, 1);
    }
}
static void u32(bytes *o, uint32_t v)
{
    for (int i = 0; i < 4; i++) {
        uint8_t c = (uint8_t)(v >> 8 * i);
        put(o, &c, 1);
    }
}

/* A one-array file: name, type (code, bits, lanes), shape, byte count, data. */
static void one_array(bytes *o, const char *name, uint8_t code, uint8_t bits, uint16_t lanes, int32_t ndim,
                      const int64_t *shape, int64_t nbytes, const void *data, size_t data_size)
{
    o->n = 0;
    u64(o, NNX_TVM_PARAMS_MAGIC);
    u64(o, 0);
    u64(o, 1);
    u64(o, strlen(name));
    put(o, name, strlen(name));
    u64(o, 1);
    u64(o, NNX_TVM_NDARRAY_MAGIC);
    u64(o, 0);
    u32(o, 1);
    u32(o, 0);
    u32(o, (uint32_t)ndim);
    u32(o, (uint32_t)code | (uint32_t)bits << 8 | (uint32_t)lanes << 16);
    for (int32_t i = 0; i < ndim; i++)
        u64(o, (uint64_t)shape[i]);
    u64(o, (uint64_t)nbytes);
    put(o, data, data_size);
}

static nnx_status parse(const bytes *o, nnx_tvm_param **p, uint32_t *n, nnx_arena *arena, nnx_error *err)
{
    memset(err, 0, sizeof *err);
    return nnx_tvm_params_parse(o->b, o->n, "w.params", 0, arena, p, n, err);
}

static void test_round_trip(void **state)
{
    (void)state;
    float f[6] = {1, -2, 3.5f, 0, -0.0f, 1e-30f};
    int64_t l[2] = {INT64_MIN, INT64_MAX};
    uint8_t u[3] = {0, 255, 7}, b[4] = {1, 0, 0, 1};
    uint16_t h = nnx_f32_to_f16(0.5f), bf[2] = {nnx_f32_to_bf16(2), nnx_f32_to_bf16(-1)};
    nnx_tvm_param in[] = {
        {.name = "conv1_weight",
         .dtype = NNX_FLOAT32,
         .rank = 2,
         .shape = {2, 3},
         .data = (const uint8_t *)f,
         .size = 24},
        {.name = "i64", .dtype = NNX_INT64, .rank = 1, .shape = {2}, .data = (const uint8_t *)l, .size = 16},
        {.name = "u8", .dtype = NNX_UINT8, .rank = 3, .shape = {1, 3, 1}, .data = u, .size = 3},
        {.name = "mask", .dtype = NNX_BOOL, .rank = 2, .shape = {2, 2}, .data = b, .size = 4},
        {.name = "half", .dtype = NNX_FLOAT16, .rank = 0, .data = (const uint8_t *)&h, .size = 2},
        {.name = "bf", .dtype = NNX_BFLOAT16, .rank = 1, .shape = {2}, .data = (const uint8_t *)bf, .size = 4},
        {.name = "empty", .dtype = NNX_INT32, .rank = 2, .shape = {0, 3}, .data = (const uint8_t *)"", .size = 0},
        {.name = "", .dtype = NNX_FLOAT64, .rank = 1, .shape = {0}, .data = (const uint8_t *)"", .size = 0},
    };
    enum { N = sizeof in / sizeof *in };
    nnx_strbuf buf;
    nnx_strbuf_init(&buf, NULL);
    nnx_error err = {0};
    assert_int_equal(nnx_tvm_params_write(in, N, &buf, &err), NNX_OK);
    nnx_arena arena;
    nnx_arena_init(&arena, nnvm_libc());
    nnx_tvm_param *out;
    uint32_t n;
    assert_int_equal(nnx_tvm_params_parse((const uint8_t *)buf.data, buf.len, "rt.params", 0, &arena, &out, &n, &err),
                     NNX_OK);
    assert_int_equal(n, N);
    for (uint32_t k = 0; k < N; k++) {
        assert_string_equal(out[k].name, in[k].name);
        assert_int_equal(out[k].dtype, in[k].dtype);
        assert_int_equal(out[k].rank, in[k].rank);
        assert_memory_equal(out[k].shape, in[k].shape, in[k].rank * sizeof *in[k].shape);
        assert_int_equal(out[k].size, in[k].size);
        assert_memory_equal(out[k].data, in[k].data, in[k].size);
        assert_int_equal(out[k].device_type, 1);
    }
    /* Every proper prefix is an error (never a crash or an over-read: ASan checks). */
    for (size_t len = 0; len < buf.len; len++) {
        uint8_t *copy = malloc(len ? len : 1);
        memcpy(copy, buf.data, len);
        nnx_status st = nnx_tvm_params_parse(copy, len, "cut.params", 0, &arena, &out, &n, &err);
        nnx_error_clear(&err);
        free(copy);
        if (st != NNX_ERROR_INVALID_MODEL)
            fail_msg("a file cut to %zu of %zu bytes gave status %d", len, buf.len, st);
    }
    /* One byte too many. */
    nnx_strbuf_append(&buf, "x", 1);
    assert_int_equal(nnx_tvm_params_parse((const uint8_t *)buf.data, buf.len, "long.params", 0, &arena, &out, &n, &err),
                     NNX_ERROR_INVALID_MODEL);
    assert_non_null(strstr(err.message, "1 bytes after the last array"));
    nnx_arena_free(&arena);
    nnx_strbuf_free(&buf);

    /* Types TVM has no code for. */
    nnx_tvm_param fp8 = {.name = "q", .dtype = NNX_FP8E4M3, .rank = 0, .data = u, .size = 1};
    nnx_strbuf_init(&buf, NULL);
    nnx_error_clear(&err);
    assert_int_equal(nnx_tvm_params_write(&fp8, 1, &buf, &err), NNX_ERROR_NOT_SUPPORTED);
    assert_non_null(strstr(err.message, "fp8e4m3"));
    nnx_strbuf_free(&buf);
}

typedef struct bad {
    uint8_t code, bits;
    uint16_t lanes;
    int32_t ndim;
    int64_t shape[3];
    int64_t nbytes;
    size_t data_size;
    nnx_status status;
    const char *message;
} bad;

static void test_bad_headers(void **state)
{
    (void)state;
    static const uint8_t data[64] = {2};
    static const bad cases[] = {
        {2, 32, 1, 9, {1}, 4, 4, NNX_ERROR_NOT_SUPPORTED, "array 0 'w': rank 9"},
        {2, 32, 1, -1, {1}, 4, 4, NNX_ERROR_INVALID_MODEL, "array 0 'w': rank -1"},
        {2, 32, 4, 1, {1}, 16, 16, NNX_ERROR_NOT_SUPPORTED, "array 0 'w': 4-lane vector type"},
        {3, 64, 1, 1, {1}, 8, 8, NNX_ERROR_NOT_SUPPORTED, "data type code 3 with 64 bits"},
        {2, 8, 1, 1, {1}, 1, 1, NNX_ERROR_NOT_SUPPORTED, "data type code 2 with 8 bits"},
        {2, 32, 1, 1, {-2}, 4, 4, NNX_ERROR_INVALID_MODEL, "extent -2 of axis 0 is out of range"},
        {2, 32, 1, 1, {INT64_C(1) << 33}, 4, 4, NNX_ERROR_NOT_SUPPORTED, "extent 8589934592 of axis 0"},
        {2, 32, 1, 3, {UINT32_MAX, UINT32_MAX, UINT32_MAX}, 4, 4, NNX_ERROR_INVALID_MODEL, "element count overflows"},
        {2, 64, 1, 2, {UINT32_MAX, UINT32_MAX}, 4, 4, NNX_ERROR_INVALID_MODEL, "byte size overflows"},
        {2, 32, 1, 1, {2}, 4, 4, NNX_ERROR_INVALID_MODEL, "4 data bytes, its type and shape need 8"},
        {2, 32, 1, 1, {2}, 8, 4, NNX_ERROR_INVALID_MODEL, "truncated data (8 bytes, 4 left)"},
        {1, 1, 1, 1, {2}, 2, 2, NNX_ERROR_INVALID_MODEL, "bool element 0 is 2"},
    };
    nnx_arena arena;
    nnx_arena_init(&arena, nnvm_libc());
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        const bad *c = &cases[i];
        bytes o;
        one_array(&o, "w", c->code, c->bits, c->lanes, c->ndim, c->shape, c->nbytes, data, c->data_size);
        nnx_tvm_param *p;
        uint32_t n;
        nnx_error err;
        nnx_status st = parse(&o, &p, &n, &arena, &err);
        if (st != c->status || !strstr(err.message, c->message))
            fail_msg("case %zu: %d '%s', expected %d '%s'", i, st, err.message, c->status, c->message);
    }
    nnx_arena_free(&arena);
}

static void test_bad_lists(void **state)
{
    (void)state;
    nnx_arena arena;
    nnx_arena_init(&arena, nnvm_libc());
    nnx_tvm_param *p;
    uint32_t n;
    nnx_error err;
    bytes o = {0};
    /* Wrong list magic. */
    u64(&o, 0x1234);
    u64(&o, 0);
    assert_int_equal(parse(&o, &p, &n, &arena, &err), NNX_ERROR_INVALID_MODEL);
    assert_non_null(strstr(err.message, "w.params: error: not a TVM .params file (magic number 0x0000000000001234"));
    /* A name count the file cannot hold. */
    o.n = 0;
    u64(&o, NNX_TVM_PARAMS_MAGIC);
    u64(&o, 0);
    u64(&o, UINT64_MAX / 2);
    assert_int_equal(parse(&o, &p, &n, &arena, &err), NNX_ERROR_INVALID_MODEL);
    assert_non_null(strstr(err.message, "names cannot fit"));
    /* A name longer than the file. */
    o.n = 0;
    u64(&o, NNX_TVM_PARAMS_MAGIC);
    u64(&o, 0);
    u64(&o, 1);
    u64(&o, UINT64_MAX);
    assert_int_equal(parse(&o, &p, &n, &arena, &err), NNX_ERROR_INVALID_MODEL);
    assert_non_null(strstr(err.message, "truncated: name 0"));
    /* Names and arrays disagree; a name twice; a NUL inside a name; a bad array magic. */
    o.n = 0;
    u64(&o, NNX_TVM_PARAMS_MAGIC);
    u64(&o, 0);
    u64(&o, 0);
    u64(&o, 1);
    assert_int_equal(parse(&o, &p, &n, &arena, &err), NNX_ERROR_INVALID_MODEL);
    assert_non_null(strstr(err.message, "0 names but 1 arrays"));
    o.n = 0;
    u64(&o, NNX_TVM_PARAMS_MAGIC);
    u64(&o, 0);
    u64(&o, 2);
    u64(&o, 1);
    put(&o, "a", 1);
    u64(&o, 1);
    put(&o, "a", 1);
    assert_int_equal(parse(&o, &p, &n, &arena, &err), NNX_ERROR_INVALID_MODEL);
    assert_non_null(strstr(err.message, "name 'a' appears twice"));
    o.n = 0;
    u64(&o, NNX_TVM_PARAMS_MAGIC);
    u64(&o, 0);
    u64(&o, 1);
    u64(&o, 2);
    put(&o, "a\0", 2);
    assert_int_equal(parse(&o, &p, &n, &arena, &err), NNX_ERROR_INVALID_MODEL);
    assert_non_null(strstr(err.message, "name 0 contains a NUL byte"));
    one_array(&o, "w", 2, 32, 1, 0, NULL, 4, "abcd", 4);
    o.b[8 * 5 + 1] ^= 0xff; /* the array magic's second byte */
    assert_int_equal(parse(&o, &p, &n, &arena, &err), NNX_ERROR_INVALID_MODEL);
    assert_non_null(strstr(err.message, "array 0 'w': bad magic number"));
    nnx_arena_free(&arena);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_bad_headers),
        cmocka_unit_test(test_bad_lists),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
