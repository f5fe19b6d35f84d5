/* test_onnx_random.c — the ONNX random operators draw what their definitions say (ONNX
 * Operators, RandomUniform, RandomNormalLike, Bernoulli, Dropout in training mode), checked
 * by the statistics of 10^4-10^5 draws against bounds of about five standard errors, and
 * reproducibly: the same seed gives the same draws at every load and dispatch, another seed
 * other draws. Models: tests/data/onnx/gen_models.py. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "nnx.h"

#define DATA NNX_SOURCE_DIR "/tests/data/onnx/"

/* Runs the model at path (seed given to the load) with its inputs filled by fill (may be
 * NULL: no inputs); returns output k's floats (malloc'ed; bool outputs as 0/1). */
static float *run(const char *path, uint64_t seed, void (*fill)(float *, size_t), size_t k, size_t *count)
{
    nnx_context *ctx = NULL;
    nnx_model *m = NULL;
    nnx_graph *g = NULL;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    assert_int_equal(nnx_model_load(ctx, path, &(nnx_model_options){.seed = seed}, &m), NNX_OK);
    assert_int_equal(nnx_model_build(m, &g), NNX_OK);
    nnx_named_tensor in[1] = {{0}}, out[2] = {{0}};
    size_t ni = nnx_graph_input_count(g), no = nnx_graph_output_count(g);
    assert_true(ni <= 1 && no <= 2 && k < no);
    for (size_t i = 0; i < ni; i++) {
        nnx_tensor_desc d = {.writable = true};
        nnx_graph_input_desc(g, i, &d.desc);
        size_t bytes, n;
        assert_int_equal(nnx_operand_desc_bytes(&d.desc, &bytes), NNX_OK);
        n = bytes / sizeof(float);
        float *v = malloc(bytes);
        fill(v, n);
        in[i].name = nnx_graph_input_name(g, i);
        assert_int_equal(nnx_tensor_create(ctx, &d, &in[i].tensor), NNX_OK);
        assert_int_equal(nnx_tensor_write(in[i].tensor, v, bytes), NNX_OK);
        free(v);
    }
    for (size_t o = 0; o < no; o++) {
        nnx_tensor_desc d = {.readable = true};
        nnx_graph_output_desc(g, o, &d.desc);
        out[o].name = nnx_graph_output_name(g, o);
        assert_int_equal(nnx_tensor_create(ctx, &d, &out[o].tensor), NNX_OK);
    }
    assert_int_equal(nnx_context_dispatch(ctx, g, in, ni, out, no), NNX_OK);
    nnx_operand_desc d;
    nnx_graph_output_desc(g, k, &d);
    size_t bytes;
    assert_int_equal(nnx_operand_desc_bytes(&d, &bytes), NNX_OK);
    *count = bytes / nnx_dtype_size(d.dtype);
    unsigned char *raw = malloc(bytes);
    float *v = malloc(*count * sizeof *v);
    assert_int_equal(nnx_tensor_read(out[k].tensor, raw, bytes), NNX_OK);
    for (size_t i = 0; i < *count; i++)
        v[i] = d.dtype == NNX_BOOL ? (float)raw[i] : ((const float *)(const void *)raw)[i];
    free(raw);
    nnx_context_destroy(ctx);
    return v;
}

static void mean_std(const float *v, size_t n, double *mean, double *sd)
{
    double s = 0, s2 = 0;
    for (size_t i = 0; i < n; i++)
        s += v[i];
    *mean = s / (double)n;
    for (size_t i = 0; i < n; i++)
        s2 += (v[i] - *mean) * (v[i] - *mean);
    *sd = sqrt(s2 / (double)(n - 1));
}

static void test_uniform(void **state)
{
    (void)state;
    size_t n;
    float *v = run(DATA "random_uniform.onnx", 1, NULL, 0, &n);
    assert_int_equal(n, 20000);
    double mean, sd;
    for (size_t i = 0; i < n; i++)
        assert_true(v[i] >= -2.0f && v[i] < 3.0f);
    mean_std(v, n, &mean, &sd);
    /* U(-2, 3): mean 0.5, sd 5 / sqrt(12) = 1.443; standard error of the mean 0.0102 */
    assert_true(fabs(mean - 0.5) < 0.05);
    assert_true(fabs(sd - 5.0 / sqrt(12.0)) < 0.03);
    /* the same seed draws the same values; another seed others */
    size_t n2;
    float *same = run(DATA "random_uniform.onnx", 1, NULL, 0, &n2),
          *other = run(DATA "random_uniform.onnx", 2, NULL, 0, &n2);
    assert_memory_equal(v, same, n * sizeof *v);
    assert_memory_not_equal(v, other, n * sizeof *v);
    free(v);
    free(same);
    free(other);
}

static void zeros(float *v, size_t n) { memset(v, 0, n * sizeof *v); }

static void test_normal_like_with_seed_attribute(void **state)
{
    (void)state;
    size_t n;
    float *v = run(DATA "random_normal_like.onnx", 1, zeros, 0, &n);
    double mean, sd;
    mean_std(v, n, &mean, &sd);
    /* N(1, 2): standard error of the mean 0.014, of the sd about 0.01 */
    assert_true(fabs(mean - 1.0) < 0.07);
    assert_true(fabs(sd - 2.0) < 0.05);
    size_t within = 0; /* P(|z| < 1) = 0.6827 */
    for (size_t i = 0; i < n; i++)
        within += fabs(v[i] - 1.0) < 2.0;
    assert_true(fabs((double)within / (double)n - 0.6827) < 0.02);
    /* the node's own seed wins over the model's */
    size_t n2;
    float *again = run(DATA "random_normal_like.onnx", 99, zeros, 0, &n2);
    assert_memory_equal(v, again, n * sizeof *v);
    free(v);
    free(again);
}

/* p in four rows: 0, 0.1, 0.5, 1 */
static void probabilities(float *v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        v[i] = (float[]){0.0f, 0.1f, 0.5f, 1.0f}[i / (n / 4)];
}

static void test_bernoulli(void **state)
{
    (void)state;
    size_t n;
    float *v = run(DATA "bernoulli.onnx", 5, probabilities, 0, &n);
    size_t row = n / 4, ones[4] = {0};
    for (size_t i = 0; i < n; i++) {
        assert_true(v[i] == 0.0f || v[i] == 1.0f);
        ones[i / row] += v[i] == 1.0f;
    }
    assert_int_equal(ones[0], 0);
    assert_int_equal(ones[3], row);
    /* binomial(5000, p): sd 21 for 0.1, 35 for 0.5 */
    assert_true(fabs((double)ones[1] - 500.0) < 110.0);
    assert_true(fabs((double)ones[2] - 2500.0) < 180.0);
    free(v);
}

static void ones_fill(float *v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        v[i] = 1.0f;
}

static void test_dropout_training(void **state)
{
    (void)state;
    size_t n, nm;
    float *y = run(DATA "dropout_training.onnx", 3, ones_fill, 0, &n),
          *mask = run(DATA "dropout_training.onnx", 3, ones_fill, 1, &nm);
    assert_int_equal(n, nm);
    size_t kept = 0;
    for (size_t i = 0; i < n; i++) {
        /* ratio 0.25: kept values are 1 / 0.75, the mask true exactly there */
        assert_true(y[i] == 0.0f || fabsf(y[i] - 1.0f / 0.75f) < 1e-6f);
        assert_true((mask[i] != 0) == (y[i] != 0));
        kept += y[i] != 0;
    }
    /* binomial(10^4, 0.75): sd 43 */
    assert_true(fabs((double)kept - 7500.0) < 220.0);
    free(y);
    free(mask);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_uniform),
        cmocka_unit_test(test_normal_like_with_seed_attribute),
        cmocka_unit_test(test_bernoulli),
        cmocka_unit_test(test_dropout_training),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
