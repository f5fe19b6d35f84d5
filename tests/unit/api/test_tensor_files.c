/* test_tensor_files.c — the public tensor-file calls of nnx.h (nnx_tensor_file_read, _write,
 * _free) on files made without nnx: every valid .npy numpy wrote (tests/data/npy/, values in
 * npy_cases.h) read back with its type, shape and values and, for numpy.save's own files,
 * written back byte for byte; the NNEF .dat input and weights of tests/data/nnef_run/ (made by
 * its Python generator) against the same values as .npy. Round trips in every type each
 * format takes; errors (missing, truncated, complex, unsupported type, wrong size, NULL
 * arguments) with the status and the "PATH: error: ..." message of nnx_context_error. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "nnx.h"

#include "../../data/npy/npy_cases.h"

#define NPY_DIR NNX_SOURCE_DIR "/tests/data/npy/"
#define RUN_DIR NNX_SOURCE_DIR "/tests/data/nnef_run/"

static nnx_context *new_context(void)
{
    nnx_context *ctx = NULL;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    return ctx;
}

/* The whole file at path (malloc'ed) and its size; fails the test if unreadable. */
static unsigned char *file_bytes(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        fail_msg("cannot open %s", path);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *bytes = malloc(n > 0 ? (size_t)n : 1);
    assert_non_null(bytes);
    assert_int_equal(fread(bytes, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    *size = (size_t)n;
    return bytes;
}

static void expect_file_equals(const char *a, const char *b)
{
    size_t na, nb;
    unsigned char *x = file_bytes(a, &na), *y = file_bytes(b, &nb);
    assert_int_equal(na, nb);
    assert_memory_equal(x, y, na);
    free(x);
    free(y);
}

/* A fresh folder under /tmp for files a test writes; removed by remove_dir. */
static void make_dir(char *dir) { assert_non_null(mkdtemp(dir)); }

static void remove_dir(const char *dir, const char *const *names, size_t count)
{
    char path[512];
    for (size_t i = 0; i < count; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        unlink(path);
    }
    rmdir(dir);
}

/* ------------------------------------------------------------------ .npy */

static void test_npy_files_numpy_wrote(void **state)
{
    (void)state;
    nnx_context *ctx = new_context();
    char dir[] = "/tmp/nnx-tensor-files-XXXXXX";
    make_dir(dir);
    for (size_t i = 0; i < sizeof npy_cases / sizeof npy_cases[0]; i++) {
        const struct npy_case *c = &npy_cases[i];
        char path[512], copy[512];
        snprintf(path, sizeof path, "%s%s", NPY_DIR, c->file);
        nnx_operand_desc d;
        void *data = NULL;
        size_t size = 0;
        nnx_status st = nnx_tensor_file_read(ctx, path, NNX_TENSOR_FILE_NPY, &d, &data, &size);
        if (st != NNX_OK)
            fail_msg("%s: %s", c->file, nnx_context_error(ctx));
        assert_int_equal(d.dtype, c->dtype);
        assert_int_equal(d.rank, c->rank);
        for (uint32_t k = 0; k < c->rank; k++)
            assert_int_equal(d.shape[k], c->shape[k]);
        assert_int_equal(size, c->count * nnx_dtype_size(c->dtype));
        assert_non_null(data);
        if (c->count)
            assert_memory_equal(data, c->values, size);
        if (c->numpy_save) { /* nnx writes what numpy.save wrote */
            snprintf(copy, sizeof copy, "%s/copy.npy", dir);
            assert_int_equal(nnx_tensor_file_write(ctx, copy, NNX_TENSOR_FILE_NPY, &d, data, size), NNX_OK);
            expect_file_equals(path, copy);
        }
        nnx_tensor_file_free(ctx, data);
    }
    remove_dir(dir, (const char *const[]){"copy.npy"}, 1);
    nnx_context_destroy(ctx);
}

/* Reads path expecting failure st with a message that starts with the path and contains
 * what; *data and *size must come back NULL and 0. */
static void expect_read_error(nnx_context *ctx, const char *path, nnx_tensor_file_format format, nnx_status st,
                              const char *what)
{
    nnx_operand_desc d;
    void *data = (void *)1;
    size_t size = 1;
    assert_int_equal(nnx_tensor_file_read(ctx, path, format, &d, &data, &size), st);
    assert_null(data);
    assert_int_equal(size, 0);
    const char *message = nnx_context_error(ctx);
    if (strncmp(message, path, strlen(path)) != 0 || !strstr(message, what))
        fail_msg("%s: unexpected message '%s'", path, message);
}

static void test_npy_errors(void **state)
{
    (void)state;
    nnx_context *ctx = new_context();
    expect_read_error(ctx, NPY_DIR "no-such-file.npy", NNX_TENSOR_FILE_NPY, NNX_ERROR_IO, ": error: cannot open: ");
    expect_read_error(ctx, NPY_DIR "trunc_data.npy", NNX_TENSOR_FILE_NPY, NNX_ERROR_INVALID_MODEL,
                      ": error: truncated: ");
    expect_read_error(ctx, NPY_DIR "complex.npy", NNX_TENSOR_FILE_NPY, NNX_ERROR_NOT_SUPPORTED,
                      ": error: data type '<c8' is not supported");
    expect_read_error(ctx, NPY_DIR "bad_magic.npy", NNX_TENSOR_FILE_NPY, NNX_ERROR_INVALID_MODEL, ": error: ");
    /* numpy has no int4: writing one is refused before any file is made. */
    int8_t v[2] = {-8, 7};
    nnx_operand_desc d = {.dtype = NNX_INT4, .rank = 1, .shape = {2}};
    assert_int_equal(nnx_tensor_file_write(ctx, "/tmp/nnx-never-written.npy", NNX_TENSOR_FILE_NPY, &d, v, 2),
                     NNX_ERROR_NOT_SUPPORTED);
    assert_int_equal(access("/tmp/nnx-never-written.npy", F_OK), -1);
    nnx_context_destroy(ctx);
}

/* ------------------------------------------------------------------ NNEF .dat */

static void test_dat_files_python_wrote(void **state)
{
    (void)state;
    nnx_context *ctx = new_context();
    nnx_operand_desc dd, nd;
    void *dat = NULL, *npy = NULL;
    size_t dsize = 0, nsize = 0;
    assert_int_equal(nnx_tensor_file_read(ctx, RUN_DIR "input.dat", NNX_TENSOR_FILE_NNEF, &dd, &dat, &dsize), NNX_OK);
    assert_int_equal(nnx_tensor_file_read(ctx, RUN_DIR "input.npy", NNX_TENSOR_FILE_NPY, &nd, &npy, &nsize), NNX_OK);
    assert_int_equal(dd.dtype, NNX_FLOAT32);
    assert_int_equal(dd.rank, 2);
    assert_int_equal(dd.shape[0], 1);
    assert_int_equal(dd.shape[1], 8);
    assert_memory_equal(&dd, &nd, sizeof dd);
    assert_int_equal(dsize, 32);
    assert_int_equal(nsize, 32);
    assert_memory_equal(dat, npy, 32);
    /* nnx writes the generator's bytes back. */
    char dir[] = "/tmp/nnx-tensor-files-XXXXXX", copy[512];
    make_dir(dir);
    snprintf(copy, sizeof copy, "%s/input.dat", dir);
    assert_int_equal(nnx_tensor_file_write(ctx, copy, NNX_TENSOR_FILE_NNEF, &dd, dat, dsize), NNX_OK);
    expect_file_equals(RUN_DIR "input.dat", copy);
    nnx_tensor_file_free(ctx, dat);
    nnx_tensor_file_free(ctx, npy);
    /* The model's weights: an [8, 10] float32 variable. */
    assert_int_equal(nnx_tensor_file_read(ctx, RUN_DIR "model/weights.dat", NNX_TENSOR_FILE_NNEF, &dd, &dat, &dsize),
                     NNX_OK);
    assert_int_equal(dd.dtype, NNX_FLOAT32);
    assert_int_equal(dd.rank, 2);
    assert_int_equal(dd.shape[0], 8);
    assert_int_equal(dd.shape[1], 10);
    assert_int_equal(dsize, 320);
    nnx_tensor_file_free(ctx, dat);
    remove_dir(dir, (const char *const[]){"input.dat"}, 1);
    nnx_context_destroy(ctx);
}

static void test_dat_errors(void **state)
{
    (void)state;
    nnx_context *ctx = new_context();
    expect_read_error(ctx, RUN_DIR "no-such-file.dat", NNX_TENSOR_FILE_NNEF, NNX_ERROR_IO, ": error: cannot open: ");
    /* A .npy file is not an NNEF tensor file (its magic is wrong). */
    expect_read_error(ctx, RUN_DIR "input.npy", NNX_TENSOR_FILE_NNEF, NNX_ERROR_INVALID_MODEL, ": error: ");
    uint16_t bf16[1] = {0x3F80};
    nnx_operand_desc d = {.dtype = NNX_BFLOAT16, .rank = 1, .shape = {1}};
    assert_int_equal(nnx_tensor_file_write(ctx, "/tmp/nnx-never-written.dat", NNX_TENSOR_FILE_NNEF, &d, bf16, 2),
                     NNX_ERROR_NOT_SUPPORTED);
    assert_int_equal(access("/tmp/nnx-never-written.dat", F_OK), -1);
    nnx_context_destroy(ctx);
}

/* ------------------------------------------------------------------ round trips */

/* Writes count elements of dtype (shape [count]) in format and reads the same bytes back as
 * read_as (dtype, or the wider type a .dat file is read as). */
static void round_trip_as(nnx_context *ctx, const char *dir, nnx_tensor_file_format format, nnx_dtype dtype,
                          nnx_dtype read_as, const void *values, uint32_t count)
{
    char path[512];
    snprintf(path, sizeof path, "%s/t.%s", dir, format == NNX_TENSOR_FILE_NPY ? "npy" : "dat");
    nnx_operand_desc d = {.dtype = dtype, .rank = 1, .shape = {count}}, back;
    size_t size = count * nnx_dtype_size(dtype), back_size = 0;
    nnx_status st = nnx_tensor_file_write(ctx, path, format, &d, values, size);
    if (st != NNX_OK)
        fail_msg("%s %s: %s", path, nnx_dtype_name(dtype), nnx_context_error(ctx));
    void *data = NULL;
    assert_int_equal(nnx_tensor_file_read(ctx, path, format, &back, &data, &back_size), NNX_OK);
    assert_int_equal(back.dtype, read_as);
    assert_int_equal(back.rank, 1);
    assert_int_equal(back.shape[0], count);
    assert_int_equal(back_size, size);
    assert_memory_equal(data, values, size);
    nnx_tensor_file_free(ctx, data);
    unlink(path);
}

static void round_trip(nnx_context *ctx, const char *dir, nnx_tensor_file_format format, nnx_dtype dtype,
                       const void *values, uint32_t count)
{
    round_trip_as(ctx, dir, format, dtype, dtype, values, count);
}

static void test_round_trips(void **state)
{
    (void)state;
    nnx_context *ctx = new_context();
    char dir[] = "/tmp/nnx-tensor-files-XXXXXX";
    make_dir(dir);
    const float f32[] = {0.5f, -1.25f, 3e38f, -0.0f};
    const double f64[] = {0.1, -2.5, 1e300};
    const uint16_t f16[] = {0x3C00, 0x8001, 0x7BFF};
    const int8_t i8[] = {-128, 0, 127};
    const int16_t i16[] = {-32768, 1, 32767};
    const int32_t i32[] = {INT32_MIN, -1, INT32_MAX};
    const int64_t i64[] = {INT64_MIN, 0, INT64_MAX};
    const uint8_t u8[] = {0, 1, 255};
    const uint16_t u16[] = {0, 65535};
    const uint32_t u32[] = {0, UINT32_MAX};
    const uint64_t u64[] = {0, UINT64_MAX};
    const uint8_t b[] = {1, 0, 1};
    for (int f = NNX_TENSOR_FILE_NPY; f <= NNX_TENSOR_FILE_NNEF; f++) {
        nnx_tensor_file_format format = (nnx_tensor_file_format)f;
        round_trip(ctx, dir, format, NNX_FLOAT32, f32, 4);
        round_trip(ctx, dir, format, NNX_FLOAT64, f64, 3);
        round_trip(ctx, dir, format, NNX_FLOAT16, f16, 3);
        round_trip(ctx, dir, format, NNX_INT8, i8, 3);
        round_trip(ctx, dir, format, NNX_INT16, i16, 3);
        round_trip(ctx, dir, format, NNX_INT32, i32, 3);
        round_trip(ctx, dir, format, NNX_INT64, i64, 3);
        round_trip(ctx, dir, format, NNX_UINT8, u8, 3);
        round_trip(ctx, dir, format, NNX_UINT16, u16, 2);
        round_trip(ctx, dir, format, NNX_UINT32, u32, 2);
        round_trip(ctx, dir, format, NNX_UINT64, u64, 2);
        /* NNEF 1.0.2 has no bool code: .dat bool is 1-bit unsigned integers, read as uint8. */
        round_trip_as(ctx, dir, format, NNX_BOOL, format == NNX_TENSOR_FILE_NPY ? NNX_BOOL : NNX_UINT8, b, 3);
    }
    round_trip(ctx, dir, NNX_TENSOR_FILE_NPY, NNX_FLOAT32, f32, 0); /* empty */
    /* .dat also takes int4 and int48, written at their own widths and read back as the
     * smallest standard type holding them (same bytes: both are stored unpacked). */
    const int8_t i4[] = {-8, -1, 0, 7};
    const int64_t i48[] = {-((int64_t)1 << 47), 5, ((int64_t)1 << 47) - 1};
    round_trip_as(ctx, dir, NNX_TENSOR_FILE_NNEF, NNX_INT4, NNX_INT8, i4, 4);
    round_trip_as(ctx, dir, NNX_TENSOR_FILE_NNEF, NNX_INT48, NNX_INT64, i48, 3);
    /* likewise the ONNX sub-byte integers: 2- and 4-bit items */
    const int8_t i2[] = {-2, -1, 0, 1, 1};
    const uint8_t u4[] = {0, 15, 9}, u2[] = {3, 0, 2};
    round_trip_as(ctx, dir, NNX_TENSOR_FILE_NNEF, NNX_INT2, NNX_INT8, i2, 5);
    round_trip_as(ctx, dir, NNX_TENSOR_FILE_NNEF, NNX_UINT4, NNX_UINT8, u4, 3);
    round_trip_as(ctx, dir, NNX_TENSOR_FILE_NNEF, NNX_UINT2, NNX_UINT8, u2, 3);
    /* neither format has the 8- and 4-bit floats: refused before any file is made */
    static const nnx_dtype narrow[] = {NNX_FP8E4M3FNUZ, NNX_FP8E5M2FNUZ, NNX_FP8E8M0, NNX_FP4E2M1};
    for (size_t k = 0; k < sizeof narrow / sizeof narrow[0]; k++) {
        nnx_operand_desc d = {.dtype = narrow[k], .rank = 1, .shape = {2}};
        for (int format = 0; format < 2; format++)
            assert_int_equal(
                nnx_tensor_file_write(ctx, "/tmp/nnx-never-written.bin", (nnx_tensor_file_format)format, &d, u2, 2),
                NNX_ERROR_NOT_SUPPORTED);
    }
    assert_int_equal(access("/tmp/nnx-never-written.bin", F_OK), -1);
    remove_dir(dir, NULL, 0);
    nnx_context_destroy(ctx);
}

/* ------------------------------------------------------------------ arguments */

static void test_bad_arguments(void **state)
{
    (void)state;
    nnx_context *ctx = new_context();
    nnx_operand_desc d = {.dtype = NNX_FLOAT32, .rank = 1, .shape = {2}};
    float v[2] = {1, 2};
    void *data = (void *)1;
    size_t size = 1;
    assert_int_equal(nnx_tensor_file_read(NULL, "x.npy", NNX_TENSOR_FILE_NPY, &d, &data, &size),
                     NNX_ERROR_INVALID_ARGUMENT);
    assert_int_equal(nnx_tensor_file_read(ctx, NULL, NNX_TENSOR_FILE_NPY, &d, &data, &size),
                     NNX_ERROR_INVALID_ARGUMENT);
    assert_null(data);
    assert_int_equal(size, 0);
    assert_int_equal(nnx_tensor_file_read(ctx, RUN_DIR "input.npy", (nnx_tensor_file_format)7, &d, &data, &size),
                     NNX_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(nnx_context_error(ctx), "unknown format 7"));
    assert_int_equal(nnx_tensor_file_write(ctx, "/tmp/nnx-never-written.npy", NNX_TENSOR_FILE_NPY, &d, v, 4),
                     NNX_ERROR_INVALID_ARGUMENT); /* 4 bytes for 8 */
    assert_int_equal(access("/tmp/nnx-never-written.npy", F_OK), -1);
    assert_int_equal(nnx_tensor_file_write(ctx, NULL, NNX_TENSOR_FILE_NPY, &d, v, 8), NNX_ERROR_INVALID_ARGUMENT);
    assert_int_equal(nnx_tensor_file_write(NULL, "x.npy", NNX_TENSOR_FILE_NPY, &d, v, 8), NNX_ERROR_INVALID_ARGUMENT);
    nnx_tensor_file_free(ctx, NULL); /* no-op */
    nnx_context_destroy(ctx);
    assert_int_equal(nnx_tensor_file_read(ctx, RUN_DIR "input.npy", NNX_TENSOR_FILE_NPY, &d, &data, &size),
                     NNX_ERROR_INVALID_STATE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_npy_files_numpy_wrote),
        cmocka_unit_test(test_npy_errors),
        cmocka_unit_test(test_dat_files_python_wrote),
        cmocka_unit_test(test_dat_errors),
        cmocka_unit_test(test_round_trips),
        cmocka_unit_test(test_bad_arguments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
