/* make_tosa_tests.c — writes TOSA test folders in the reference model's layout (desc.json,
 * test.tosa, input .npy files) and, beside each, expected.npy holding the outputs worked
 * out by hand from the spec's pseudocode, for the `nnx run DESC` tests (CMakeLists.txt).
 * Usage: make_tosa_tests OUT_DIR. The .tosa files are made with the test builder
 * (tests/unit/common/tosa_file_builder.h). */
#include "../unit/common/tosa_file_builder.h"

#include "nnx.h"

#include <sys/stat.h>

static const char *out_dir;

static const char *in_test(const char *test, const char *file)
{
    static char p[1024];
    snprintf(p, sizeof p, "%s/%s", out_dir, test);
    mkdir(p, 0777);
    snprintf(p, sizeof p, "%s/%s/%s", out_dir, test, file);
    return p;
}

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static void write_npy(nnx_context *ctx, const char *path, nnx_dtype dt, uint32_t rank, const uint32_t *shape,
                      const void *data, size_t size)
{
    nnx_operand_desc d = {dt, rank, {0}};
    memcpy(d.shape, shape, rank * sizeof *shape);
    assert_int_equal(nnx_tensor_file_write(ctx, path, NNX_TENSOR_FILE_NPY, &d, data, size), NNX_OK);
}

static const char kDesc[] = "{\n  \"tosa_file\": \"test.tosa\",\n  \"ifm_name\": [\"x\"],\n"
                            "  \"ifm_file\": [\"x.npy\"],\n  \"ofm_name\": [\"y\"],\n"
                            "  \"ofm_file\": [\"result-0.npy\"],\n  \"expected_failure\": %s\n}\n";

/* x int8[1,4] -> RESCALE to int32 by 1.5 -> ADD [1, 2, 3, 4] (tfb_sample_rescale_add). */
static void rescale_add(nnx_context *ctx)
{
    tfb_sample_rescale_add(in_test("rescale_add", "test.tosa"));
    char desc[512];
    snprintf(desc, sizeof desc, kDesc, "false");
    write_text(in_test("rescale_add", "desc.json"), desc);
    const uint32_t shape[2] = {1, 4};
    const int8_t x[4] = {-128, -3, 5, 127};
    /* apply_scale_32 (TOSA 1.0 §2.12.2): (v * (3 << 29) + (1 << 29)) >> 30, then + c */
    const int32_t y[4] = {-192 + 1, -4 + 2, 8 + 3, 191 + 4};
    write_npy(ctx, in_test("rescale_add", "x.npy"), NNX_INT8, 2, shape, x, sizeof x);
    write_npy(ctx, in_test("rescale_add", "expected.npy"), NNX_INT32, 2, shape, y, sizeof y);
}

/* CONCAT of x with itself on axis 5 of a rank-2 tensor: ERROR_IF(axis < 0 || axis >= rank). */
static void concat_bad_axis(nnx_context *ctx, const char *test, bool expect_failure)
{
    tfb b;
    tfb_begin(&b);
    tfb_block(&b, "main");
    const int32_t s[] = {2, 2}, s2[] = {4, 2};
    tfb_tensor(&b, "x", NNX_TFILE_FP32, 2, s, NULL, 0);
    tfb_tensor(&b, "y", NNX_TFILE_FP32, 2, s2, NULL, 0);
    nnx_tfile_attr a = {.type = NNX_TOSA_CONCAT, .axis = expect_failure ? 5 : 0};
    tfb_op(&b, NNX_TOSA_CONCAT, &a, 2, (const char *[]){"x", "x"}, 1, (const char *[]){"y"});
    tfb_io(&b, 1, (const char *[]){"x"}, 1, (const char *[]){"y"});
    tfb_write(&b, in_test(test, "test.tosa"));
    tfb_end(&b);
    char desc[512];
    snprintf(desc, sizeof desc, kDesc, "true");
    write_text(in_test(test, "desc.json"), desc);
    const uint32_t shape[2] = {2, 2};
    const float x[4] = {1, 2, 3, 4};
    write_npy(ctx, in_test(test, "x.npy"), NNX_FLOAT32, 2, shape, x, sizeof x);
}

/* A variable: y = state + x, then state = y (state starts at 0.5; tfb_sample_variable). */
static void variable(nnx_context *ctx)
{
    tfb_sample_variable(in_test("variable", "test.tosa"));
    write_text(in_test("variable", "desc.json"),
               "{\"tosa_file\": \"test.tosa\", \"ifm_name\": [\"x\"], \"ifm_file\": [\"x.npy\"],"
               " \"ofm_name\": [\"y\"], \"ofm_file\": [\"result-0.npy\"],"
               " \"variable_name\": [\"state\"], \"variable_file\": [\"variable-0.npy\"]}\n");
    const uint32_t shape[1] = {1};
    const float x = 2.0f, y = 2.5f;
    write_npy(ctx, in_test("variable", "x.npy"), NNX_FLOAT32, 1, shape, &x, 4);
    write_npy(ctx, in_test("variable", "expected.npy"), NNX_FLOAT32, 1, shape, &y, 4);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: make_tosa_tests OUT_DIR\n");
        return 2;
    }
    out_dir = argv[1];
    mkdir(out_dir, 0777);
    nnx_context *ctx = NULL;
    if (nnx_context_create(NULL, &ctx) != NNX_OK)
        return 1;
    rescale_add(ctx);
    concat_bad_axis(ctx, "concat_bad_axis", true);
    variable(ctx);
    concat_bad_axis(ctx, "concat_valid_but_expected_to_fail", false);
    /* a desc.json whose tosa_file leaves the folder */
    write_text(in_test("escape", "desc.json"),
               "{\"tosa_file\": \"../rescale_add/test.tosa\", \"ifm_name\": [], \"ifm_file\": [],"
               " \"ofm_name\": [], \"ofm_file\": []}\n");
    nnx_context_destroy(ctx);
    return 0;
}
