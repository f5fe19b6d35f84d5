/* test_nnef_examples.c — the spec's example documents (tests/data/nnef: chapter 3 and 4
 * examples, the §7 quantization listings) run end to end on deterministic
 * inputs with zero-filled weights: every output has the shape and type NNEF shape inference
 * gives it and holds finite values. chapter4_examples.nnef's values are checked against the
 * formulas of §4.1.2, §4.2.2 and §4.2.3 computed here in double. */
#define _POSIX_C_SOURCE 200809L
#include "nnef_run_harness.h"

#define DATA NNX_SOURCE_DIR "/tests/data/nnef/"
#define MAX_IO 8

typedef struct run {
    nnx_context *ctx;
    nnx_graph *graph;
    size_t n_in, n_out;
    float *in[MAX_IO], *out[MAX_IO];
    nnx_operand_desc in_desc[MAX_IO], out_desc[MAX_IO];
} run;

static size_t volume(const nnx_operand_desc *d)
{
    size_t n = 1;
    for (uint32_t i = 0; i < d->rank; i++)
        n *= d->shape[i];
    return n;
}

/* Loads, builds and runs path; input k element i is sin(1 + 7k + 0.37 i) (in [-1, 1]).
 * finite: every output value must be finite. shape: NULL, or the input "input" replaced by
 * this shape before shapes propagate (nnx_model_options.input_shapes). */
static void run_example(const char *path, bool finite, const nnx_input_shape *shape, run *r)
{
    memset(r, 0, sizeof *r);
    assert_int_equal(nnx_context_create(NULL, &r->ctx), NNX_OK);
    nnx_model *m = NULL;
    nnx_model_options o = {
        .flags = NNX_MODEL_ZERO_MISSING_VARIABLES, .input_shapes = shape, .input_shape_count = shape ? 1 : 0};
    if (nnx_model_load(r->ctx, path, &o, &m) != NNX_OK)
        fail_msg("%s: %s", path, nnx_context_error(r->ctx));
    if (nnx_model_build(m, &r->graph) != NNX_OK)
        fail_msg("%s: build: %s", path, nnx_context_error(r->ctx));
    r->n_in = nnx_graph_input_count(r->graph);
    r->n_out = nnx_graph_output_count(r->graph);
    assert_true(r->n_in <= MAX_IO && r->n_out <= MAX_IO);
    assert_int_equal(r->n_out, nnx_model_output_count(m));
    nnx_named_tensor ins[MAX_IO], outs[MAX_IO];
    for (size_t k = 0; k < r->n_in; k++) {
        nnx_graph_input_desc(r->graph, k, &r->in_desc[k]);
        assert_int_equal(r->in_desc[k].dtype, NNX_FLOAT32);
        size_t n = volume(&r->in_desc[k]);
        r->in[k] = malloc(n * sizeof(float));
        assert_non_null(r->in[k]);
        for (size_t i = 0; i < n; i++)
            r->in[k][i] = (float)sin(1.0 + 7.0 * (double)k + 0.37 * (double)i);
        ins[k].name = nnx_graph_input_name(r->graph, k);
        assert_int_equal(
            nnx_tensor_create(r->ctx, &(nnx_tensor_desc){.desc = r->in_desc[k], .writable = true}, &ins[k].tensor),
            NNX_OK);
        assert_int_equal(nnx_tensor_write(ins[k].tensor, r->in[k], n * sizeof(float)), NNX_OK);
    }
    for (size_t k = 0; k < r->n_out; k++) {
        nnx_operand_desc inferred;
        nnx_graph_output_desc(r->graph, k, &r->out_desc[k]);
        nnx_model_output_desc(m, k, &inferred);
        assert_string_equal(nnx_graph_output_name(r->graph, k), nnx_model_output_name(m, k));
        if (inferred.dtype != r->out_desc[k].dtype || inferred.rank != r->out_desc[k].rank ||
            memcmp(inferred.shape, r->out_desc[k].shape, inferred.rank * sizeof *inferred.shape) != 0)
            fail_msg("%s: output '%s': the core computes another type or shape than NNEF infers", path,
                     nnx_model_output_name(m, k));
        outs[k].name = nnx_graph_output_name(r->graph, k);
        assert_int_equal(
            nnx_tensor_create(r->ctx, &(nnx_tensor_desc){.desc = r->out_desc[k], .readable = true}, &outs[k].tensor),
            NNX_OK);
    }
    nnx_model_destroy(m);
    if (nnx_context_dispatch(r->ctx, r->graph, ins, r->n_in, outs, r->n_out) != NNX_OK)
        fail_msg("%s: dispatch: %s", path, nnx_context_error(r->ctx));
    for (size_t k = 0; k < r->n_out; k++) {
        assert_int_equal(r->out_desc[k].dtype, NNX_FLOAT32);
        size_t n = volume(&r->out_desc[k]);
        r->out[k] = malloc(n * sizeof(float));
        assert_non_null(r->out[k]);
        assert_int_equal(nnx_tensor_read(outs[k].tensor, r->out[k], n * sizeof(float)), NNX_OK);
        for (size_t i = 0; i < n && finite; i++)
            if (!isfinite(r->out[k][i]))
                fail_msg("%s: output '%s' element %zu is %g", path, outs[k].name, i, r->out[k][i]);
    }
}

static void run_free(run *r)
{
    for (size_t k = 0; k < MAX_IO; k++) {
        free(r->in[k]);
        free(r->out[k]);
    }
    nnx_context_destroy(r->ctx);
}

/* The output called name, checking its shape. */
static const float *output(const run *r, const char *name, uint32_t rank, const uint32_t *shape)
{
    for (size_t k = 0; k < r->n_out; k++)
        if (strcmp(nnx_graph_output_name(r->graph, k), name) == 0) {
            assert_int_equal(r->out_desc[k].rank, rank);
            assert_memory_equal(r->out_desc[k].shape, shape, rank * sizeof *shape);
            return r->out[k];
        }
    fail_msg("no output '%s'", name);
    return NULL;
}

typedef struct example {
    const char *path;
    bool finite;
    bool small; /* run on a [1, 3, 32, 32] input instead of the spec's 224 x 224 */
} example;

static const nnx_input_shape small_image = {"input", 4, {1, 3, 32, 32}};

static void test_example_shapes(void **state)
{
    const example *e = *state;
    run r;
    run_example(e->path, e->finite, e->small ? &small_image : NULL, &r);
    run_free(&r);
}

static void test_chapter4_values(void **state)
{
    (void)state;
    run r;
    run_example(DATA "chapter4_examples.nnef", true, NULL, &r);
    const float *x = r.in[0], *matrix = r.in[1], *column = r.in[2], *data = r.in[3];
    const float *literal = output(&r, "literal", 2, (uint32_t[]){2, 3});
    const float *constant1 = output(&r, "constant1", 2, (uint32_t[]){2, 3});
    const float *repeated = output(&r, "repeated", 2, (uint32_t[]){2, 3});
    const float *by_column = output(&r, "by_column", 2, (uint32_t[]){3, 4});
    const float *by_scalar = output(&r, "by_scalar", 2, (uint32_t[]){3, 4});
    const float *out = output(&r, "output", 2, (uint32_t[]){4, 4});
    /* §4.1.2: x + 3.14 == x + constant(shape = [1], value = [3.14]); one value repeats */
    for (int i = 0; i < 6; i++) {
        assert_true(literal[i] == x[i] + 3.14f);
        assert_true(constant1[i] == literal[i]);
        assert_true(repeated[i] == x[i] * 3.14f);
    }
    /* §4.2.2: a [3,1] column added to every column of a [3,4] matrix; a scalar operand */
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 4; j++) {
            assert_true(by_column[i * 4 + j] == matrix[i * 4 + j] + column[i]);
            assert_true(by_scalar[i * 4 + j] == matrix[i * 4 + j] * 0.5f);
        }
    /* §4.2.3: select(condition, 2 * sigmoid(data . data^T), 0.0), condition = any(data > 0.5) */
    bool any = false;
    for (int i = 0; i < 16; i++)
        any = any || data[i] > 0.5f;
    assert_true(any); /* the inputs take the "more outputs" branch */
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++) {
            double dot = 0;
            for (int k = 0; k < 4; k++)
                dot += (double)data[i * 4 + k] * data[j * 4 + k];
            double want = 2.0 / (1.0 + exp(-dot));
            if (fabs(out[i * 4 + j] - want) > 1e-5)
                fail_msg("output[%d][%d] = %.9g, expected %.9g", i, j, out[i * 4 + j], want);
        }
    run_free(&r);
}

/* Examples that cannot run say why: custom operations (§4.2.3's listing as printed). */
static void test_custom_operations_refused(void **state)
{
    (void)state;
    nnx_context *ctx;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    nnx_model *m = NULL;
    assert_int_equal(nnx_model_load(ctx, DATA "select.nnef", NULL, &m), NNX_OK);
    nnx_graph *g = NULL;
    assert_int_equal(nnx_model_build(m, &g), NNX_ERROR_NOT_SUPPORTED);
    assert_non_null(strstr(nnx_context_error(ctx), "custom operations"));
    nnx_model_destroy(m);
    nnx_context_destroy(ctx);
}

int main(void)
{
    /* dynamic_quant quantizes to [0, max_reduce(conv1)], and zero weights make that [0, 0]:
     * the body's (z - min) / (max - min) is then 0/0 (NNEF 1.0.2 §7.1, §4.9.5, decision 40), NaN as IEEE says.
     * The §7 networks run on a 32 x 32 image (their shapes follow the input); AlexNet, whose
     * dense layers fix its input, runs at full size in the nnx_cli_run_alexnet_random test. */
    static const example runnable[] = {
        {DATA "add_n.nnef", true, false},
        {DATA "foobar.nnef", true, false},
        {DATA "variable42.nnef", true, false},
        {DATA "quantized.nnef", true, true},
        {DATA "quantized_core.nnef", true, true},
        {DATA "dynamic_quant.nnef", false, true},
        {DATA "chapter4_examples.nnef", true, false},
    };

    enum { N = sizeof runnable / sizeof *runnable };
    struct CMUnitTest tests[N + 2];
    for (size_t i = 0; i < N; i++)
        tests[i] = (struct CMUnitTest){strrchr(runnable[i].path, '/') + 1, test_example_shapes, NULL, NULL,
                                       (void *)&runnable[i]};
    tests[N] = (struct CMUnitTest)cmocka_unit_test(test_chapter4_values);
    tests[N + 1] = (struct CMUnitTest)cmocka_unit_test(test_custom_operations_refused);
    return _cmocka_run_group_tests("nnef_examples", tests, N + 2, NULL, NULL);
}
