/* test_nnvm_write_matmul.c — core graphs NNVM's matmul cannot take, written as NNVM graph JSON
 * (decisions/nnvm.md NNVM-18, NNVM-19) and read back: batched matmul with broadcast batch axes
 * as broadcast_to / reshape / transpose / batch_matmul, matmul of an N-D input by a 2-D weight
 * as reshape / matmul / reshape, and layer normalization as NNVM element-wise operators. Each
 * written graph must run to the builder graph's own values (within 1e-6 of the largest
 * magnitude: the same products, summed by other kernels) and use the operators named. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "nnx.h"

static nnx_operand *weights(nnx_builder *b, uint32_t rank, const uint32_t *shape)
{
    nnx_operand_desc d = {NNX_FLOAT32, rank, {0}};
    memcpy(d.shape, shape, rank * sizeof *shape);
    size_t bytes;
    assert_int_equal(nnx_operand_desc_bytes(&d, &bytes), NNX_OK);
    float *v = malloc(bytes);
    assert_non_null(v);
    for (size_t k = 0; k < bytes / sizeof *v; k++)
        v[k] = (float)((k * 29 % 17) - 8) / 16.0f;
    nnx_operand *c = nnx_builder_constant(b, &d, v, bytes);
    free(v);
    return c;
}

static const struct {
    const char *name;
    uint32_t x_rank, x_shape[4], w_rank, w_shape[4];
    bool layer_norm;
    const char *written, *absent; /* operators the JSON must / must not hold */
} cases[] = {
    {"broadcast batch", 4, {2, 1, 3, 4}, 3, {5, 4, 2}, false, "\"batch_matmul\"", NULL},
    {"matrix weight", 3, {2, 3, 4}, 2, {4, 5}, false, "\"matmul\"", "batch_matmul"},
    {"matrix input", 2, {3, 4}, 3, {2, 4, 5}, false, "\"broadcast_to\"", NULL},
    {"same batch", 3, {2, 3, 4}, 3, {2, 4, 5}, false, "\"batch_matmul\"", "broadcast_to"},
    {"layer norm", 3, {2, 3, 4}, 1, {4}, true, "\"broadcast_div\"", NULL},
};

static void run(nnx_context *ctx, nnx_graph *g, const nnx_operand_desc *xd, const float *x, float **y, size_t *n)
{
    nnx_operand_desc yd;
    nnx_graph_output_desc(g, 0, &yd);
    size_t xb, yb;
    assert_int_equal(nnx_operand_desc_bytes(xd, &xb), NNX_OK);
    assert_int_equal(nnx_operand_desc_bytes(&yd, &yb), NNX_OK);
    nnx_tensor *in, *out;
    assert_int_equal(nnx_tensor_create(ctx, &(nnx_tensor_desc){.desc = *xd, .writable = true}, &in), NNX_OK);
    assert_int_equal(nnx_tensor_create(ctx, &(nnx_tensor_desc){.desc = yd, .readable = true}, &out), NNX_OK);
    assert_int_equal(nnx_tensor_write(in, x, xb), NNX_OK);
    nnx_named_tensor ni = {"x", in}, no = {"y", out};
    if (nnx_context_dispatch(ctx, g, &ni, 1, &no, 1) != NNX_OK)
        fail_msg("dispatch: %s", nnx_context_error(ctx));
    *y = malloc(yb);
    assert_non_null(*y);
    assert_int_equal(nnx_tensor_read(out, *y, yb), NNX_OK);
    *n = yb / sizeof **y;
    nnx_tensor_destroy(in);
    nnx_tensor_destroy(out);
}

static void test_written_and_read_back(void **state)
{
    (void)state;
    const char *tmp = getenv("TMPDIR");
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        nnx_context *ctx;
        nnx_builder *b;
        assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
        assert_int_equal(nnx_builder_create(ctx, &b), NNX_OK);
        nnx_operand_desc xd = {NNX_FLOAT32, cases[c].x_rank, {0}};
        memcpy(xd.shape, cases[c].x_shape, sizeof xd.shape[0] * xd.rank);
        nnx_operand *x = nnx_builder_input(b, "x", &xd), *y;
        nnx_operand *w = weights(b, cases[c].w_rank, cases[c].w_shape);
        if (cases[c].layer_norm)
            y = nnx_builder_layer_normalization(
                b, x,
                &(nnx_layer_normalization_options){.scale = w,
                                                   .bias = weights(b, 1, (const uint32_t[]){4}),
                                                   .axes = (const uint32_t[]){2},
                                                   .axes_count = 1});
        else
            y = nnx_builder_matmul(b, x, w, NULL);
        assert_non_null(y);
        nnx_graph *g = NULL, *g2 = NULL;
        assert_int_equal(nnx_builder_build(b, &(nnx_named_operand){"y", y}, 1, &g), NNX_OK);
        char dir[300], json[400], params[400];
        snprintf(dir, sizeof dir, "%s/nnx_nnvm_mm_XXXXXX", tmp && *tmp ? tmp : "/tmp");
        assert_non_null(mkdtemp(dir));
        snprintf(json, sizeof json, "%s/m.json", dir);
        snprintf(params, sizeof params, "%s/m.params", dir);
        if (nnx_graph_save(g, json) != NNX_OK)
            fail_msg("%s: save: %s", cases[c].name, nnx_context_error(ctx));
        FILE *f = fopen(json, "r");
        assert_non_null(f);
        static char text[1 << 16];
        size_t len = fread(text, 1, sizeof text - 1, f);
        fclose(f);
        text[len] = 0;
        if (!strstr(text, cases[c].written) || (cases[c].absent && strstr(text, cases[c].absent)))
            fail_msg("%s: written:\n%s", cases[c].name, text);
        nnx_model *m = NULL;
        if (nnx_model_load(ctx, json, NULL, &m) != NNX_OK || nnx_model_build(m, &g2) != NNX_OK)
            fail_msg("%s: read back: %s", cases[c].name, nnx_context_error(ctx));
        size_t xb, n1, n2;
        assert_int_equal(nnx_operand_desc_bytes(&xd, &xb), NNX_OK);
        float *xv = malloc(xb), *want, *got;
        assert_non_null(xv);
        for (size_t k = 0; k < xb / sizeof *xv; k++)
            xv[k] = (float)((k * 13 % 11) - 5) / 4.0f;
        run(ctx, g, &xd, xv, &want, &n1);
        run(ctx, g2, &xd, xv, &got, &n2);
        assert_int_equal(n1, n2);
        double big = 0, err = 0;
        for (size_t k = 0; k < n1; k++) {
            big = fmax(big, fabs(want[k]));
            err = fmax(err, fabs((double)want[k] - got[k]));
        }
        if (!(big > 0 && err <= 1e-6 * big))
            fail_msg("%s: error %g of %g", cases[c].name, err, big);
        free(xv);
        free(want);
        free(got);
        unlink(json);
        unlink(params);
        rmdir(dir);
        nnx_graph_destroy(g2);
        nnx_model_destroy(m);
        nnx_graph_destroy(g);
        nnx_builder_destroy(b);
        nnx_context_destroy(ctx);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_written_and_read_back)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
