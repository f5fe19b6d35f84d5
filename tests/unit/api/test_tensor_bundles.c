/* test_tensor_bundles.c — the input files nnx reads besides one-tensor .npy/.dat (nnx.h
 * "tensor files"): .npy in big-endian and Fortran order, ONNX TensorProto .pb files (raw_data
 * and typed fields) and NumPy .npz bundles (stored and deflated, several members), all made
 * at test time by numpy and onnx under Debian's python3 (skipped without them), checked
 * against the values numpy gave; truncated and corrupt files fail with "PATH: error: ...". */
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

#define PYTHON "/usr/bin/python3"

/* Writes the files into dir with numpy and onnx: arange-based values, so the expected ones
 * are known here. */
static const char kMake[] =
    "import sys, io, zipfile, numpy as np\n"
    "from onnx import TensorProto, helper, numpy_helper\n"
    "d = sys.argv[1]\n"
    "np.save(d + '/be.npy', np.arange(-12, 12, dtype='>i4').reshape(2, 3, 4))\n"
    "np.save(d + '/fortran.npy', np.asfortranarray(np.arange(24, dtype='<f8').reshape(2, 3, 4) / 8))\n"
    "np.savez(d + '/stored.npz', x=np.arange(6, dtype=np.float32).reshape(2, 3), y=np.array([1, -2], np.int64),\n"
    "         z=np.asfortranarray(np.arange(6, dtype='>u2').reshape(3, 2)))\n"
    "np.savez_compressed(d + '/deflated.npz', a=np.zeros((64, 64), np.float32) + 0.5, b=np.array(True))\n"
    "np.savez(d + '/positional.npz', np.arange(3, dtype=np.int8))\n"
    "raw = numpy_helper.from_array(np.arange(6, dtype=np.float32).reshape(2, 3), 'raw')\n"
    "open(d + '/raw.pb', 'wb').write(raw.SerializeToString())\n"
    "typed = helper.make_tensor('typed', TensorProto.FLOAT, [2, 2], [0.5, -1.5, 2.0, 4.25])\n"
    "open(d + '/typed.pb', 'wb').write(typed.SerializeToString())\n"
    "s = helper.make_tensor('s', TensorProto.STRING, [1], [b'x'])\n"
    "open(d + '/string.pb', 'wb').write(s.SerializeToString())\n"
    "b = open(d + '/stored.npz', 'rb').read()\n"
    "open(d + '/trunc.npz', 'wb').write(b[:len(b) // 2])\n"
    "open(d + '/trunc.pb', 'wb').write(raw.SerializeToString()[:-5])\n"
    "with zipfile.ZipFile(d + '/notnpy.npz', 'w') as z: z.writestr('readme.txt', 'hi')\n"
    "with zipfile.ZipFile(d + '/badmember.npz', 'w') as z: z.writestr('m.npy', b'\\x93NUMPY\\x01')\n"
    "open(d + '/garbage.npz', 'wb').write(b'PK\\x03\\x04' + bytes(40))\n";

static char g_dir[64];
static bool g_ready;

static int make_files(void **state)
{
    (void)state;
    snprintf(g_dir, sizeof g_dir, "/tmp/nnx-bundles-XXXXXX");
    if (!mkdtemp(g_dir))
        return -1;
    char script[128], cmd[512];
    snprintf(script, sizeof script, "%s/make.py", g_dir);
    FILE *f = fopen(script, "w");
    if (!f)
        return -1;
    fputs(kMake, f);
    fclose(f);
    snprintf(cmd, sizeof cmd, "%s %s %s 2>/dev/null", PYTHON, script, g_dir);
    g_ready = access(PYTHON, X_OK) == 0 && system(cmd) == 0;
    return 0;
}

static int remove_files(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", g_dir);
    return system(cmd) == 0 ? 0 : -1;
}

static const char *at(const char *name)
{
    static char path[128];
    snprintf(path, sizeof path, "%s/%s", g_dir, name);
    return path;
}

static nnx_context *ready_context(void)
{
    if (!g_ready)
        skip(); /* no numpy or onnx under Debian's python3 */
    nnx_context *ctx = NULL;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    return ctx;
}

static void expect_shape(const nnx_operand_desc *d, nnx_dtype dt, uint32_t rank, const uint32_t *shape)
{
    assert_int_equal(d->dtype, dt);
    assert_int_equal(d->rank, rank);
    for (uint32_t i = 0; i < rank; i++)
        assert_int_equal(d->shape[i], shape[i]);
}

static void expect_error(nnx_context *ctx, nnx_status got, nnx_status want, const char *file, const char *text)
{
    assert_int_equal(got, want);
    const char *msg = nnx_context_error(ctx);
    if (strncmp(msg, at(file), strlen(at(file))) != 0 || !strstr(msg, ": error: ") || !strstr(msg, text))
        fail_msg("%s: got '%s', wanted '%s'", file, msg, text);
}

/* ------------------------------------------------------------------ .npy layouts */

static void test_npy_layouts(void **state)
{
    (void)state;
    nnx_context *ctx = ready_context();
    nnx_operand_desc d;
    void *data;
    size_t size;
    const uint32_t shape[] = {2, 3, 4};
    assert_int_equal(nnx_tensor_file_read(ctx, at("be.npy"), NNX_TENSOR_FILE_NPY, &d, &data, &size), NNX_OK);
    expect_shape(&d, NNX_INT32, 3, shape);
    assert_int_equal(size, 24 * 4);
    for (int i = 0; i < 24; i++)
        assert_int_equal(((const int32_t *)data)[i], i - 12);
    nnx_tensor_file_free(ctx, data);
    assert_int_equal(nnx_tensor_file_read(ctx, at("fortran.npy"), NNX_TENSOR_FILE_NPY, &d, &data, &size), NNX_OK);
    expect_shape(&d, NNX_FLOAT64, 3, shape);
    for (int i = 0; i < 24; i++)
        assert_true(((const double *)data)[i] == i / 8.0);
    nnx_tensor_file_free(ctx, data);
    nnx_context_destroy(ctx);
}

/* ------------------------------------------------------------------ .pb */

static void test_pb_files(void **state)
{
    (void)state;
    nnx_context *ctx = ready_context();
    nnx_operand_desc d;
    void *data;
    size_t size;
    const uint32_t s23[] = {2, 3}, s22[] = {2, 2};
    assert_int_equal(nnx_tensor_file_read(ctx, at("raw.pb"), NNX_TENSOR_FILE_ONNX, &d, &data, &size), NNX_OK);
    expect_shape(&d, NNX_FLOAT32, 2, s23);
    assert_int_equal(size, 24);
    for (int i = 0; i < 6; i++)
        assert_true(((const float *)data)[i] == (float)i);
    nnx_tensor_file_free(ctx, data);
    assert_int_equal(nnx_tensor_file_read(ctx, at("typed.pb"), NNX_TENSOR_FILE_ONNX, &d, &data, &size), NNX_OK);
    expect_shape(&d, NNX_FLOAT32, 2, s22);
    const float typed[] = {0.5f, -1.5f, 2.0f, 4.25f};
    assert_memory_equal(data, typed, sizeof typed);
    nnx_tensor_file_free(ctx, data);
    expect_error(ctx, nnx_tensor_file_read(ctx, at("trunc.pb"), NNX_TENSOR_FILE_ONNX, &d, &data, &size),
                 NNX_ERROR_INVALID_MODEL, "trunc.pb", "not a valid TensorProto");
    assert_null(data);
    expect_error(ctx, nnx_tensor_file_read(ctx, at("string.pb"), NNX_TENSOR_FILE_ONNX, &d, &data, &size),
                 NNX_ERROR_NOT_SUPPORTED, "string.pb", "a string tensor");
    expect_error(ctx, nnx_tensor_file_read(ctx, at("no-such.pb"), NNX_TENSOR_FILE_ONNX, &d, &data, &size), NNX_ERROR_IO,
                 "no-such.pb", "cannot open");
    assert_int_equal(nnx_tensor_file_read(ctx, g_dir, NNX_TENSOR_FILE_ONNX, &d, &data, &size), NNX_ERROR_IO);
    float v = 1;
    nnx_operand_desc one = {.dtype = NNX_FLOAT32, .rank = 0};
    assert_int_equal(nnx_tensor_file_write(ctx, at("never.pb"), NNX_TENSOR_FILE_ONNX, &one, &v, 4),
                     NNX_ERROR_INVALID_ARGUMENT);
    nnx_context_destroy(ctx);
}

/* ------------------------------------------------------------------ .npz */

#define MAX_SEEN 4
typedef struct seen {
    size_t count;
    char names[MAX_SEEN][16];
    nnx_operand_desc desc[MAX_SEEN];
    unsigned char bytes[MAX_SEEN][64];
    size_t size[MAX_SEEN];
    size_t stop_at; /* return an error for this array (0: never) */
} seen;

static nnx_status keep(void *user, const char *name, const nnx_operand_desc *desc, const void *data, size_t size)
{
    seen *s = user;
    assert_true(s->count < MAX_SEEN);
    size_t k = s->count++;
    if (s->stop_at == s->count)
        return NNX_ERROR_INVALID_ARGUMENT;
    snprintf(s->names[k], sizeof s->names[k], "%s", name);
    s->desc[k] = *desc;
    s->size[k] = size;
    memcpy(s->bytes[k], data, size < 64 ? size : 64);
    return NNX_OK;
}

static void test_npz_stored(void **state)
{
    (void)state;
    nnx_context *ctx = ready_context();
    seen s = {0};
    assert_int_equal(nnx_tensor_bundle_read(ctx, at("stored.npz"), NULL, keep, &s), NNX_OK);
    assert_int_equal(s.count, 3);
    assert_string_equal(s.names[0], "x");
    assert_string_equal(s.names[1], "y");
    assert_string_equal(s.names[2], "z");
    const uint32_t s23[] = {2, 3}, s2[] = {2}, s32[] = {3, 2};
    expect_shape(&s.desc[0], NNX_FLOAT32, 2, s23);
    for (int i = 0; i < 6; i++)
        assert_true(((const float *)s.bytes[0])[i] == (float)i);
    expect_shape(&s.desc[1], NNX_INT64, 1, s2);
    const int64_t y[] = {1, -2};
    assert_memory_equal(s.bytes[1], y, sizeof y);
    expect_shape(&s.desc[2], NNX_UINT16, 2, s32); /* big-endian, Fortran order: C order out */
    assert_int_equal(s.size[2], 12);
    for (int i = 0; i < 6; i++)
        assert_int_equal(((const uint16_t *)s.bytes[2])[i], i);
    seen one = {.stop_at = 2};
    expect_error(ctx, nnx_tensor_bundle_read(ctx, at("stored.npz"), NULL, keep, &one), NNX_ERROR_INVALID_ARGUMENT,
                 "stored.npz", "stopped at array 'y'");
    seen few = {0};
    expect_error(
        ctx, nnx_tensor_bundle_read(ctx, at("stored.npz"), &(nnx_tensor_bundle_options){.max_arrays = 2}, keep, &few),
        NNX_ERROR_NOT_SUPPORTED, "stored.npz", "more than 2 members");
    nnx_context_destroy(ctx);
}

static void test_npz_deflated(void **state)
{
    (void)state;
    nnx_context *ctx = ready_context();
    seen s = {0};
    assert_int_equal(nnx_tensor_bundle_read(ctx, at("deflated.npz"), &(nnx_tensor_bundle_options){0}, keep, &s),
                     NNX_OK);
    assert_int_equal(s.count, 2);
    assert_string_equal(s.names[0], "a");
    const uint32_t s64[] = {64, 64};
    expect_shape(&s.desc[0], NNX_FLOAT32, 2, s64);
    assert_int_equal(s.size[0], 64 * 64 * 4);
    for (int i = 0; i < 16; i++)
        assert_true(((const float *)s.bytes[0])[i] == 0.5f);
    assert_string_equal(s.names[1], "b");
    expect_shape(&s.desc[1], NNX_BOOL, 0, NULL);
    assert_int_equal(s.bytes[1][0], 1);
    seen p = {0};
    assert_int_equal(nnx_tensor_bundle_read(ctx, at("positional.npz"), NULL, keep, &p), NNX_OK);
    assert_int_equal(p.count, 1);
    assert_string_equal(p.names[0], "arr_0");
    seen small = {0};
    expect_error(
        ctx,
        nnx_tensor_bundle_read(ctx, at("deflated.npz"), &(nnx_tensor_bundle_options){.max_bytes = 1000}, keep, &small),
        NNX_ERROR_NOT_SUPPORTED, "deflated.npz", "above 1000 bytes");
    nnx_context_destroy(ctx);
}

static void test_npz_errors(void **state)
{
    (void)state;
    nnx_context *ctx = ready_context();
    seen s = {0};
    expect_error(ctx, nnx_tensor_bundle_read(ctx, at("trunc.npz"), NULL, keep, &s), NNX_ERROR_INVALID_MODEL,
                 "trunc.npz", "error: ");
    expect_error(ctx, nnx_tensor_bundle_read(ctx, at("garbage.npz"), NULL, keep, &s), NNX_ERROR_INVALID_MODEL,
                 "garbage.npz", "is not a .npy file"); /* a local header of zeros: no name */
    expect_error(ctx, nnx_tensor_bundle_read(ctx, at("notnpy.npz"), NULL, keep, &s), NNX_ERROR_INVALID_MODEL,
                 "notnpy.npz", "member 'readme.txt' is not a .npy file");
    expect_error(ctx, nnx_tensor_bundle_read(ctx, at("badmember.npz"), NULL, keep, &s), NNX_ERROR_INVALID_MODEL,
                 "badmember.npz:m.npy", "truncated");
    expect_error(ctx, nnx_tensor_bundle_read(ctx, at("raw.pb"), NULL, keep, &s), NNX_ERROR_INVALID_MODEL, "raw.pb",
                 "not a valid .npz (zip) file");
    expect_error(ctx, nnx_tensor_bundle_read(ctx, at("no-such.npz"), NULL, keep, &s), NNX_ERROR_IO, "no-such.npz",
                 "cannot open");
    assert_int_equal(nnx_tensor_bundle_read(ctx, g_dir, NULL, keep, &s), NNX_ERROR_IO);
    assert_int_equal(nnx_tensor_bundle_read(ctx, at("stored.npz"), NULL, NULL, &s), NNX_ERROR_INVALID_ARGUMENT);
    assert_int_equal(nnx_tensor_bundle_read(NULL, at("stored.npz"), NULL, keep, &s), NNX_ERROR_INVALID_ARGUMENT);
    nnx_context_destroy(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_npy_layouts),  cmocka_unit_test(test_pb_files),   cmocka_unit_test(test_npz_stored),
        cmocka_unit_test(test_npz_deflated), cmocka_unit_test(test_npz_errors),
    };
    return cmocka_run_group_tests(tests, make_files, remove_files);
}
