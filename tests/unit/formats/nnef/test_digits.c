/* test_digits.c — the bundled model, end to end: examples/digits/model (a small CNN trained
 * with PyTorch on scikit-learn's 8x8 digits by examples/digits/train.py) is loaded with its
 * input resized to the whole test split, compiled with nnx_model_build and dispatched once.
 * nnx must agree with PyTorch on every image: the same predicted digit, probabilities within
 * 1e-4, and hence the same accuracy (at least 95% against the labels). The expected values
 * are the .npy files train.py wrote beside the model. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nnx.h"

#ifndef NNX_SOURCE_DIR
#define NNX_SOURCE_DIR "."
#endif
#define DIGITS NNX_SOURCE_DIR "/examples/digits/"

enum { CLASSES = 10 };
static const double kProbabilityTolerance = 1e-4;
static const double kMinAccuracy = 0.95;

/* ---------------------------------------------------------------- a minimal .npy reader */

/* An array from a NumPy .npy file: only what train.py writes (format version 1.0, C order,
 * little-endian '<f4' or '<i8'). data holds count elements of the requested type. */
typedef struct npy_array {
    uint32_t rank;
    uint64_t shape[NNX_MAX_RANK];
    uint64_t count;
    void *data;
} npy_array;

static void npy_free(npy_array *a)
{
    free(a->data);
    memset(a, 0, sizeof *a);
}

/* Reads path into *out; descr is "<f4" or "<i8". Fails the test on any mismatch. */
static void npy_read(const char *path, const char *descr, npy_array *out)
{
    memset(out, 0, sizeof *out);
    FILE *f = fopen(path, "rb");
    if (!f)
        fail_msg("%s: cannot open (run examples/digits/train.py)", path);
    unsigned char pre[10];
    if (fread(pre, 1, sizeof pre, f) != sizeof pre || memcmp(pre, "\x93NUMPY", 6) != 0)
        fail_msg("%s: not a .npy file", path);
    if (pre[6] != 1 || pre[7] != 0)
        fail_msg("%s: .npy version %u.%u, expected 1.0", path, pre[6], pre[7]);
    size_t header_len = (size_t)pre[8] | (size_t)pre[9] << 8;
    char *header = calloc(header_len + 1, 1);
    assert_non_null(header);
    if (fread(header, 1, header_len, f) != header_len)
        fail_msg("%s: truncated header", path);

    char want[32];
    snprintf(want, sizeof want, "'descr': '%s'", descr);
    if (!strstr(header, want))
        fail_msg("%s: expected %s in header %s", path, want, header);
    if (!strstr(header, "'fortran_order': False"))
        fail_msg("%s: not in C order: %s", path, header);
    const char *p = strstr(header, "'shape': (");
    if (!p)
        fail_msg("%s: no shape in header %s", path, header);
    p += strlen("'shape': (");
    out->count = 1;
    while (*p != ')') {
        char *end;
        unsigned long long extent = strtoull(p, &end, 10);
        if (end == p || out->rank == NNX_MAX_RANK)
            fail_msg("%s: bad shape in header %s", path, header);
        out->shape[out->rank++] = extent;
        out->count *= extent;
        p = end;
        while (*p == ',' || *p == ' ')
            p++;
    }
    free(header);

    size_t item = 4 + 4 * (descr[2] == '8'); /* '<f4' -> 4, '<i8' -> 8; both little-endian */
    out->data = malloc(out->count * item + 1);
    assert_non_null(out->data);
    if (fread(out->data, item, out->count, f) != out->count)
        fail_msg("%s: truncated data (%llu items of %zu bytes expected)", path, (unsigned long long)out->count, item);
    char extra;
    if (fread(&extra, 1, 1, f) != 0)
        fail_msg("%s: trailing bytes after the data", path);
    fclose(f);
}

/* ---------------------------------------------------------------- helpers */

typedef struct expected {
    npy_array images;        /* float32 [N, 1, 8, 8] */
    npy_array labels;        /* int64 [N] */
    npy_array predictions;   /* int64 [N], PyTorch's argmax */
    npy_array probabilities; /* float32 [N, 10], PyTorch's softmax */
    uint32_t n;
} expected;

static void expected_load(expected *e)
{
    npy_read(DIGITS "test_images.npy", "<f4", &e->images);
    npy_read(DIGITS "test_labels.npy", "<i8", &e->labels);
    npy_read(DIGITS "torch_predictions.npy", "<i8", &e->predictions);
    npy_read(DIGITS "torch_probabilities.npy", "<f4", &e->probabilities);
    assert_int_equal(e->images.rank, 4);
    assert_true(e->images.shape[0] > 0 && e->images.shape[0] < 100000);
    e->n = (uint32_t)e->images.shape[0];
    assert_int_equal(e->images.shape[1], 1);
    assert_int_equal(e->images.shape[2], 8);
    assert_int_equal(e->images.shape[3], 8);
    assert_int_equal(e->labels.rank, 1);
    assert_int_equal(e->labels.shape[0], e->n);
    assert_int_equal(e->predictions.rank, 1);
    assert_int_equal(e->predictions.shape[0], e->n);
    assert_int_equal(e->probabilities.rank, 2);
    assert_int_equal(e->probabilities.shape[0], e->n);
    assert_int_equal(e->probabilities.shape[1], CLASSES);
}

static void expected_free(expected *e)
{
    npy_free(&e->images);
    npy_free(&e->labels);
    npy_free(&e->predictions);
    npy_free(&e->probabilities);
}

static void assert_desc(const nnx_operand_desc *d, uint32_t rank, const uint32_t *shape)
{
    assert_int_equal(d->dtype, NNX_FLOAT32);
    assert_int_equal(d->rank, rank);
    for (uint32_t i = 0; i < rank; i++)
        if (d->shape[i] != shape[i])
            fail_msg("extent %u is %u, expected %u", i, d->shape[i], shape[i]);
}

static uint32_t argmax(const float *p)
{
    uint32_t best = 0;
    for (uint32_t c = 1; c < CLASSES; c++)
        if (p[c] > p[best])
            best = c;
    return best;
}

/* Loads the model with its input resized to [n, 1, 8, 8] (n = 0: the shape in graph.nnef),
 * compiles it, runs images (n images, or 1 when n = 0) through it and writes the [.., 10]
 * probabilities to probs. */
static void run_model(uint32_t n, const float *images, float *probs)
{
    nnx_context *ctx;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);

    uint32_t batch = n ? n : 1;
    nnx_input_shape resized = {.name = "input", .rank = 4, .shape = {batch, 1, 8, 8}};
    nnx_model_options mo = {.input_shapes = n ? &resized : NULL, .input_shape_count = n ? 1 : 0};
    nnx_model *model = NULL;
    nnx_status st = nnx_model_load(ctx, DIGITS "model", &mo, &model);
    if (st != NNX_OK)
        fail_msg("nnx_model_load: %s: %s", nnx_status_string(st), nnx_context_error(ctx));

    nnx_operand_desc in_desc, out_desc;
    assert_int_equal(nnx_model_input_count(model), 1);
    assert_string_equal(nnx_model_input_name(model, 0), "input");
    nnx_model_input_desc(model, 0, &in_desc);
    assert_desc(&in_desc, 4, (uint32_t[]){batch, 1, 8, 8});
    assert_int_equal(nnx_model_output_count(model), 1);
    assert_string_equal(nnx_model_output_name(model, 0), "output");
    nnx_model_output_desc(model, 0, &out_desc);
    assert_desc(&out_desc, 2, (uint32_t[]){batch, CLASSES});

    nnx_graph *graph = NULL;
    st = nnx_model_build(model, &graph);
    if (st != NNX_OK)
        fail_msg("nnx_model_build: %s: %s", nnx_status_string(st), nnx_context_error(ctx));
    nnx_model_destroy(model); /* the graph is independent of the model */

    assert_int_equal(nnx_graph_input_count(graph), 1);
    assert_string_equal(nnx_graph_input_name(graph, 0), "input");
    assert_int_equal(nnx_graph_output_count(graph), 1);
    assert_string_equal(nnx_graph_output_name(graph, 0), "output");
    nnx_operand_desc d;
    nnx_graph_input_desc(graph, 0, &d);
    assert_desc(&d, 4, (uint32_t[]){batch, 1, 8, 8});
    nnx_graph_output_desc(graph, 0, &d);
    assert_desc(&d, 2, (uint32_t[]){batch, CLASSES});

    nnx_tensor *x, *y;
    assert_int_equal(nnx_tensor_create(ctx, &(nnx_tensor_desc){.desc = in_desc, .writable = true}, &x), NNX_OK);
    assert_int_equal(nnx_tensor_create(ctx, &(nnx_tensor_desc){.desc = out_desc, .readable = true}, &y), NNX_OK);
    assert_int_equal(nnx_tensor_write(x, images, (size_t)batch * 64 * sizeof(float)), NNX_OK);
    st = nnx_context_dispatch(ctx, graph, &(nnx_named_tensor){"input", x}, 1, &(nnx_named_tensor){"output", y}, 1);
    if (st != NNX_OK)
        fail_msg("nnx_context_dispatch: %s: %s", nnx_status_string(st), nnx_context_error(ctx));
    assert_int_equal(nnx_tensor_read(y, probs, (size_t)batch * CLASSES * sizeof(float)), NNX_OK);
    nnx_context_destroy(ctx); /* frees the graph and the tensors */
}

/* ---------------------------------------------------------------- tests */

/* The whole test split in one batch of N. */
static void test_digits_test_split(void **state)
{
    (void)state;
    expected e;
    expected_load(&e);
    const float *want = e.probabilities.data;
    const int64_t *labels = e.labels.data;
    const int64_t *torch_pred = e.predictions.data;

    float *probs = calloc((size_t)e.n * CLASSES, sizeof(float));
    assert_non_null(probs);
    run_model(e.n, e.images.data, probs);

    uint32_t correct = 0, disagree = 0, first_disagree = 0;
    double worst = 0.0;
    uint32_t worst_at = 0;
    for (uint32_t i = 0; i < e.n; i++) {
        const float *p = probs + (size_t)i * CLASSES;
        uint32_t digit = argmax(p);
        if ((int64_t)digit == labels[i])
            correct++;
        if ((int64_t)digit != torch_pred[i] && disagree++ == 0)
            first_disagree = i;
        for (uint32_t c = 0; c < CLASSES; c++) {
            double diff = fabs((double)p[c] - (double)want[(size_t)i * CLASSES + c]);
            if (!(diff <= worst)) { /* also catches NaN */
                worst = isnan(diff) ? INFINITY : diff;
                worst_at = i;
            }
        }
    }
    double accuracy = (double)correct / e.n;
    printf("digits: %u test images, nnx accuracy %.2f%% (%u/%u), max |p - p_torch| %.3g (image %u)\n", e.n,
           accuracy * 100.0, correct, e.n, worst, worst_at);
    if (disagree)
        fail_msg("nnx and PyTorch predict different digits for %u images (first: image %u, nnx %u, PyTorch %lld)",
                 disagree, first_disagree, argmax(probs + (size_t)first_disagree * CLASSES),
                 (long long)torch_pred[first_disagree]);
    if (!(worst <= kProbabilityTolerance))
        fail_msg("probabilities differ from PyTorch's by %g at image %u (tolerance %g)", worst, worst_at,
                 kProbabilityTolerance);
    if (accuracy < kMinAccuracy)
        fail_msg("accuracy %.4f below %.2f", accuracy, kMinAccuracy);

    free(probs);
    expected_free(&e);
}

/* sample.npy through the shape graph.nnef declares ([1, 1, 8, 8]): it is test image 0. */
static void test_digits_sample(void **state)
{
    (void)state;
    expected e;
    expected_load(&e);
    npy_array sample;
    npy_read(DIGITS "sample.npy", "<f4", &sample);
    assert_int_equal(sample.rank, 4);
    assert_int_equal(sample.count, 64);
    assert_memory_equal(sample.data, e.images.data, 64 * sizeof(float));

    float probs[CLASSES];
    run_model(0, sample.data, probs);
    const float *want = e.probabilities.data;
    for (uint32_t c = 0; c < CLASSES; c++)
        if (!(fabs((double)probs[c] - (double)want[c]) <= kProbabilityTolerance))
            fail_msg("p[%u] = %.6f, PyTorch %.6f", c, (double)probs[c], (double)want[c]);
    assert_int_equal(argmax(probs), ((const int64_t *)e.predictions.data)[0]);

    npy_free(&sample);
    expected_free(&e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_digits_sample),
        cmocka_unit_test(test_digits_test_split),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
