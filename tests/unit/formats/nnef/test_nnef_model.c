/* test_nnef_model.c — NNEF models end to end through the public API (nnx_model_*): the
 * spec's example documents load with the shapes the spec implies; a model with tensor files
 * and graph.quant survives read -> write (folder and .tgz) -> read with the same graph text
 * and bit-identical .dat files; stage-4 and graph.quant errors point at the right place. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "formats/nnef/files/tensor_file.h"
#include "nnx.h"

#ifndef NNX_SOURCE_DIR
#define NNX_SOURCE_DIR "."
#endif
#define DATA NNX_SOURCE_DIR "/tests/data/nnef/"

static nnx_context *ctx_new(void)
{
    nnx_context *ctx;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    return ctx;
}

static void assert_shape(const nnx_operand_desc *d, nnx_dtype dt, uint32_t rank, const uint32_t *shape)
{
    assert_int_equal(d->dtype, dt);
    assert_int_equal(d->rank, rank);
    for (uint32_t i = 0; i < rank; i++)
        if (d->shape[i] != shape[i])
            fail_msg("extent %u is %u, expected %u", i, d->shape[i], shape[i]);
}

static nnx_model *load(nnx_context *ctx, const char *path, uint32_t flags)
{
    nnx_model *m = NULL;
    nnx_status st = nnx_model_load(ctx, path, &(nnx_model_options){.flags = flags}, &m);
    if (st != NNX_OK)
        fail_msg("%s: %s", nnx_status_string(st), nnx_context_error(ctx));
    return m;
}

/* ---------------------------------------------------------------- spec examples */

static void test_alexnet_shapes(void **state)
{
    (void)state;
    nnx_context *ctx = ctx_new();
    nnx_model *m = load(ctx, DATA "alexnet.nnef", 0);
    nnx_operand_desc d;
    assert_int_equal(nnx_model_input_count(m), 1);
    assert_string_equal(nnx_model_input_name(m, 0), "input");
    nnx_model_input_desc(m, 0, &d);
    assert_shape(&d, NNX_FLOAT32, 4, (uint32_t[]){1, 3, 224, 224});
    nnx_model_output_desc(m, 0, &d);
    assert_shape(&d, NNX_FLOAT32, 4, (uint32_t[]){1, 1000, 1, 1}); /* Appendix B: fc8 as a 1x1 conv */
    uint64_t count, bytes;
    nnx_model_parameters(m, &count, &bytes);
    /* conv1..5 and fc6..8 kernels and biases of Appendix B */
    uint64_t want = 64 * 3 * 11 * 11 + 64 + 192 * 64 * 5 * 5 + 192 + 384 * 192 * 9 + 384 + 384 * 384 * 9 + 384 +
        256 * 384 * 9 + 256 + 4096ull * 256 * 25 + 4096 + 4096ull * 4096 + 4096 + 1000 * 4096 + 1000;
    assert_int_equal(count, want);
    assert_int_equal(bytes, want * 4);
    nnx_context_destroy(ctx); /* frees the model (ownership rule 2) */
}

static void test_other_examples(void **state)
{
    (void)state;
    nnx_context *ctx = ctx_new();
    nnx_operand_desc d;
    /* §7.1: 5x5 and 3x3 convolutions with automatic padding keep 224x224 */
    nnx_model *m = load(ctx, DATA "quantized_core.nnef", 0);
    nnx_model_output_desc(m, 0, &d);
    assert_shape(&d, NNX_FLOAT32, 4, (uint32_t[]){1, 64, 224, 224});
    /* §3.3.4: 3x3 filter, automatic padding */
    m = load(ctx, DATA "variable42.nnef", 0);
    nnx_model_output_desc(m, 0, &d);
    assert_shape(&d, NNX_FLOAT32, 4, (uint32_t[]){1, 16, 32, 32});
    /* §3.3.3: add_n by recursion over three [2,3] inputs */
    m = load(ctx, DATA "add_n.nnef", 0);
    nnx_model_output_desc(m, 0, &d);
    assert_shape(&d, NNX_FLOAT32, 2, (uint32_t[]){2, 3});
    assert_int_equal(nnx_model_op_count(m), 6); /* 3 externals, 3 adds */
    /* §4.2.3: custom operations stop shape propagation (chapter 6): the output is unknown */
    m = load(ctx, DATA "select.nnef", 0);
    nnx_model_output_desc(m, 0, &d);
    assert_int_equal(d.rank, 0);
    nnx_model_input_desc(m, 0, &d);
    assert_shape(&d, NNX_FLOAT32, 2, (uint32_t[]){4, 4});
    /* the non-normative upsampling helpers use the deprecated shape_of */
    nnx_model *u = NULL;
    assert_int_equal(nnx_model_load(ctx, DATA "upsample_helpers.nnef", NULL, &u), NNX_ERROR_NOT_SUPPORTED);
    assert_null(u);
    assert_non_null(strstr(nnx_context_error(ctx), "upsample_helpers.nnef:"));
    nnx_context_destroy(ctx);
}

static void test_input_shape_override(void **state)
{
    (void)state;
    nnx_context *ctx = ctx_new();
    nnx_input_shape s = {"input", 4, {2, 3, 64, 64}};
    nnx_model *m = NULL;
    assert_int_equal(nnx_model_load(ctx, DATA "variable42.nnef",
                                    &(nnx_model_options){.input_shapes = &s, .input_shape_count = 1}, &m),
                     NNX_OK);
    nnx_operand_desc d;
    nnx_model_output_desc(m, 0, &d);
    assert_shape(&d, NNX_FLOAT32, 4, (uint32_t[]){2, 16, 64, 64});
    s.name = "nope";
    assert_int_equal(nnx_model_load(ctx, DATA "variable42.nnef",
                                    &(nnx_model_options){.input_shapes = &s, .input_shape_count = 1}, &m),
                     NNX_ERROR_INVALID_ARGUMENT);
    /* One input named twice: refused by nnx_model_load, whatever the format. */
    nnx_input_shape twice[2] = {{"input", 4, {2, 3, 64, 64}}, {"input", 4, {1, 3, 64, 64}}};
    assert_int_equal(nnx_model_load(ctx, DATA "variable42.nnef",
                                    &(nnx_model_options){.input_shapes = twice, .input_shape_count = 2}, &m),
                     NNX_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(nnx_context_error(ctx), "two shapes are given for input 'input'"));
    assert_null(m);
    nnx_context_destroy(ctx);
}

/* ---------------------------------------------------------------- files of a model */

static char tmp_root[256];

static void write_file(const char *dir, const char *name, const void *data, size_t size)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    char *slash = strrchr(path, '/');
    *slash = '\0';
    mkdir(path, 0777);
    *slash = '/';
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, size, f), size);
    fclose(f);
}

static void *read_all(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    void *p = malloc((size_t)n + 1);
    assert_int_equal(fread(p, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    ((char *)p)[n] = '\0';
    *size = (size_t)n;
    return p;
}

static const char kGraph[] = "version 1.0;\n\ngraph net( input ) -> ( output )\n{\n"
                             "    input = external(shape = [1, 2, 4, 4]);\n"
                             "    filter = variable(shape = [3, 2, 3, 3], label = 'conv/filter');\n"
                             "    bias = variable(shape = [1, 3], label = 'conv/bias');\n"
                             "    conv = conv(input, filter, bias);\n"
                             "    output = relu(conv);\n}\n";
static const char kQuant[] = "\"conv\": linear_quantize(min = 0.0, max = 1.0, bits = 8);\n";

static size_t encode(nnx_dtype dt, const uint32_t *shape, uint32_t rank, const void *data, size_t size,
                     const nnx_nnef_encode_options *o, unsigned char *out, size_t cap)
{
    size_t written = 0;
    nnx_error err = {0};
    if (nnx_nnef_tensor_encode(dt, shape, rank, data, size, o, out, cap, &written, &err) != NNX_OK)
        fail_msg("%s", err.message);
    return written;
}

/* A model folder: float32 filter, bias as 5-bit linear codes (an encoding a decode/encode
 * round trip could not reproduce unless it copies bytes), graph.quant. */
static void make_model(const char *dir, unsigned char *filter_dat, size_t *filter_len, unsigned char *bias_dat,
                       size_t *bias_len)
{
    mkdir(dir, 0777);
    float filter[54];
    for (int i = 0; i < 54; i++)
        filter[i] = (float)((i * 7) % 11) / 8.0f - 0.5f;
    *filter_len = encode(NNX_FLOAT32, (uint32_t[]){3, 2, 3, 3}, 4, filter, sizeof filter, NULL, filter_dat, 512);
    uint8_t codes[3] = {0, 17, 31};
    nnx_nnef_encode_options q = {.bits = 5, .quantize = NNX_NNEF_ITEM_LINEAR, .min = -1.0f, .max = 1.0f};
    *bias_len = encode(NNX_UINT8, (uint32_t[]){1, 3}, 2, codes, sizeof codes, &q, bias_dat, 512);
    write_file(dir, "graph.nnef", kGraph, sizeof kGraph - 1);
    write_file(dir, "graph.quant", kQuant, sizeof kQuant - 1);
    write_file(dir, "conv/filter.dat", filter_dat, *filter_len);
    write_file(dir, "conv/bias.dat", bias_dat, *bias_len);
}

static void assert_file_equals(const char *path, const void *want, size_t want_len)
{
    size_t n;
    void *got = read_all(path, &n);
    if (!got)
        fail_msg("%s is missing", path);
    if (n != want_len || memcmp(got, want, n) != 0)
        fail_msg("%s differs from what was read", path);
    free(got);
}

static void test_round_trip(void **state)
{
    (void)state;
    char src[300], out_dir[300], out_tgz[300], again[300], path[400];
    snprintf(src, sizeof src, "%s/src", tmp_root);
    snprintf(out_dir, sizeof out_dir, "%s/out", tmp_root);
    snprintf(out_tgz, sizeof out_tgz, "%s/out.tgz", tmp_root);
    snprintf(again, sizeof again, "%s/again", tmp_root);
    unsigned char filter_dat[512], bias_dat[512];
    size_t filter_len, bias_len;
    make_model(src, filter_dat, &filter_len, bias_dat, &bias_len);

    nnx_context *ctx = ctx_new();
    nnx_model *m = load(ctx, src, 0);
    assert_int_equal(nnx_model_save(m, out_dir), NNX_OK);
    assert_int_equal(nnx_model_save(m, out_tgz), NNX_OK);
    const char *reloads[2] = {out_dir, out_tgz};
    for (int k = 0; k < 2; k++) {
        nnx_model *r = load(ctx, reloads[k], 0);
        assert_int_equal(nnx_model_op_count(r), nnx_model_op_count(m));
        for (size_t i = 0; i < nnx_model_op_count(m); i++)
            assert_string_equal(nnx_model_op_name(r, i), nnx_model_op_name(m, i));
        assert_string_equal(nnx_model_dot(r), nnx_model_dot(m));
        /* written again (over the first round's folder): same text, same bytes */
        assert_int_equal(nnx_model_save_with(r, again, &(nnx_save_options){.flags = NNX_SAVE_REPLACE}), NNX_OK);
        size_t a_len, b_len;
        snprintf(path, sizeof path, "%s/graph.nnef", out_dir);
        char *a = read_all(path, &a_len);
        snprintf(path, sizeof path, "%s/graph.nnef", again);
        char *b = read_all(path, &b_len);
        assert_non_null(a);
        assert_non_null(b);
        assert_string_equal(a, b);
        free(a);
        free(b);
        snprintf(path, sizeof path, "%s/graph.quant", again);
        size_t q_len;
        char *q = read_all(path, &q_len);
        assert_non_null(q);
        assert_non_null(strstr(q, "\"conv\": linear_quantize("));
        free(q);
        snprintf(path, sizeof path, "%s/conv/filter.dat", again);
        assert_file_equals(path, filter_dat, filter_len);
        snprintf(path, sizeof path, "%s/conv/bias.dat", again);
        assert_file_equals(path, bias_dat, bias_len);
    }
    nnx_context_destroy(ctx);
}

static void test_stage4_shape_conflict(void **state)
{
    (void)state;
    char dir[300];
    snprintf(dir, sizeof dir, "%s/conflict", tmp_root);
    unsigned char filter_dat[512], bias_dat[512];
    size_t filter_len, bias_len;
    make_model(dir, filter_dat, &filter_len, bias_dat, &bias_len);
    float wrong[4] = {0};
    size_t n = encode(NNX_FLOAT32, (uint32_t[]){1, 4}, 2, wrong, sizeof wrong, NULL, bias_dat, sizeof bias_dat);
    write_file(dir, "conv/bias.dat", bias_dat, n);
    nnx_context *ctx = ctx_new();
    nnx_model *m = NULL;
    assert_int_equal(nnx_model_load(ctx, dir, NULL, &m), NNX_ERROR_INVALID_MODEL);
    char want[600];
    snprintf(want, sizeof want,
             "%s/graph.nnef:7:12: error: variable 'conv/bias': tensor file 'conv/bias.dat' has shape [1,4], the graph "
             "declares [1,3]",
             dir);
    assert_string_equal(nnx_context_error(ctx), want);
    /* without tensor data the structure is still valid */
    assert_int_equal(nnx_model_load(ctx, dir, &(nnx_model_options){.flags = NNX_MODEL_SKIP_TENSOR_DATA}, &m), NNX_OK);
    nnx_context_destroy(ctx);
}

static void test_quant_errors(void **state)
{
    (void)state;
    char dir[300];
    snprintf(dir, sizeof dir, "%s/quant", tmp_root);
    unsigned char filter_dat[512], bias_dat[512];
    size_t filter_len, bias_len;
    make_model(dir, filter_dat, &filter_len, bias_dat, &bias_len);
    static const struct {
        const char *text, *message;
    } cases[] = {
        {"\"nope\": linear_quantize(min = 0.0, max = 1.0, bits = 8);\n",
         "graph.quant:1:1: error: no tensor named 'nope' in the graph"},
        {"\"conv\": linear_quantize(min = 0.0, max = 1.0, bits = 8);\n\"conv\": linear_quantize(min = 0.0, max = 1.0, "
         "bits = 8);\n",
         "graph.quant:2:1: error: tensor 'conv' is quantized twice"},
        {"\"conv\": frobnicate(min = 0.0);\n", "graph.quant:1:9: error: unknown operation 'frobnicate'"},
        {"\"conv\": linear_quantize(x = conv, min = 0.0, max = 1.0, bits = 8);\n",
         "graph.quant:1:25: error: 'linear_quantize': the tensor argument 'x' is implicit in graph.quant"},
        {"\"conv\": linear_quantize(min = 0.0, max = 1.0);\n",
         "graph.quant:1:9: error: 'linear_quantize' needs a value for parameter 'bits'"},
        /* §4.9.5: levels are 2^bits, bits a positive integer (nnx: at most 32, decision 62);
         * the range [min, max] must not be reversed. Errors point at the argument. */
        {"\"conv\": linear_quantize(min = 0.0, max = 1.0, bits = 1000000);\n",
         "graph.quant:1:47: error: 'linear_quantize' of 'conv': bits = 1000000; must be a positive integer (nnx "
         "supports 1..32)"},
        {"\"conv\": linear_quantize(min = 0.0, max = 1.0, bits = -8);\n",
         "graph.quant:1:47: error: 'linear_quantize' of 'conv': bits = -8; must be a positive integer (nnx supports "
         "1..32)"},
        {"\"conv\": linear_quantize(min = 1.0, max = 0.5, bits = 8);\n",
         "graph.quant:1:25: error: 'linear_quantize' of 'conv': min = 1 is greater than max = 0.5"},
    };
    nnx_context *ctx = ctx_new();
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        write_file(dir, "graph.quant", cases[i].text, strlen(cases[i].text));
        nnx_model *m = NULL;
        assert_int_equal(nnx_model_load(ctx, dir, NULL, &m), NNX_ERROR_INVALID_MODEL);
        const char *msg = nnx_context_error(ctx);
        const char *tail = strstr(msg, "graph.quant:");
        if (!tail || strcmp(tail, cases[i].message) != 0)
            fail_msg("case %zu: got \"%s\", want \"...%s\"", i, msg, cases[i].message);
    }
    nnx_context_destroy(ctx);
}

/* A malformed tensor file is named where it is: "DIR/conv/filter.dat" in a folder,
 * "MODEL.tgz:conv/filter.dat" inside an archive (decision 62). */
static void test_tensor_file_named_in_container(void **state)
{
    (void)state;
    char dir[300], tgz[300], cmd[800], want[400];
    snprintf(dir, sizeof dir, "%s/badtensor", tmp_root);
    snprintf(tgz, sizeof tgz, "%s/badtensor.tgz", tmp_root);
    unsigned char filter_dat[512], bias_dat[512];
    size_t filter_len, bias_len;
    make_model(dir, filter_dat, &filter_len, bias_dat, &bias_len);
    write_file(dir, "conv/filter.dat", filter_dat, 60); /* the header needs 128 bytes */
    snprintf(cmd, sizeof cmd, "tar czf '%s' -C '%s' graph.nnef conv", tgz, dir);
    assert_int_equal(system(cmd), 0);
    nnx_context *ctx = ctx_new();
    nnx_model *m = NULL;
    assert_int_equal(nnx_model_load(ctx, dir, NULL, &m), NNX_ERROR_INVALID_MODEL);
    snprintf(want, sizeof want, "%s/conv/filter.dat: error: header is truncated", dir);
    if (strncmp(nnx_context_error(ctx), want, strlen(want)) != 0)
        fail_msg("folder: got \"%s\", want \"%s...\"", nnx_context_error(ctx), want);
    assert_int_equal(nnx_model_load(ctx, tgz, NULL, &m), NNX_ERROR_INVALID_MODEL);
    snprintf(want, sizeof want, "%s:conv/filter.dat: error: header is truncated", tgz);
    if (strncmp(nnx_context_error(ctx), want, strlen(want)) != 0)
        fail_msg("archive: got \"%s\", want \"%s...\"", nnx_context_error(ctx), want);
    nnx_context_destroy(ctx);
}

static int make_tmp(void **state)
{
    (void)state;
    snprintf(tmp_root, sizeof tmp_root, "/tmp/nnx-model-test-XXXXXX");
    return mkdtemp(tmp_root) ? 0 : -1;
}

static int remove_tmp(void **state)
{
    (void)state;
    char cmd[400];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmp_root);
    return system(cmd) == 0 ? 0 : -1;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_alexnet_shapes),
        cmocka_unit_test(test_other_examples),
        cmocka_unit_test(test_input_shape_override),
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_stage4_shape_conflict),
        cmocka_unit_test(test_quant_errors),
        cmocka_unit_test(test_tensor_file_named_in_container),
    };
    return cmocka_run_group_tests(tests, make_tmp, remove_tmp);
}
