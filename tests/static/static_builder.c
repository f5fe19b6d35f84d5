/* static_builder.c — a client of include/nnx.h that needs no front end: builds a matmul and
 * a conv2d with the builder, runs them and compares with values worked out by hand. With
 * arguments [formats=LIST] FILE OPTION ..., it also checks that nnx_formats() is LIST and that
 * loading each FILE fails with NNX_ERROR_NOT_SUPPORTED naming "OPTION=OFF" (a front end that
 * was not built in). Linked
 * fully statically by scripts/run-tests.sh against a libnnx built with every front end OFF. */
#include <nnx.h>

#include <stdio.h>
#include <string.h>

/* a [2,3] x b [3,2] = [[58, 64], [139, 154]]. */
static const float kA[6] = {1, 2, 3, 4, 5, 6};
static const float kB[6] = {7, 8, 9, 10, 11, 12};
static const float kProduct[4] = {58, 64, 139, 154};
/* x [1,1,3,3] = 1..9, filter [1,1,2,2] = [[1,2],[3,4]], no padding: each output is
 * x[i][j] + 2 x[i][j+1] + 3 x[i+1][j] + 4 x[i+1][j+1] = 37, 47, 67, 77. */
static const float kX[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
static const float kFilter[4] = {1, 2, 3, 4};
static const float kConv[4] = {37, 47, 67, 77};

static int fail(const char *what, nnx_status st, const char *message)
{
    fprintf(stderr, "static_builder: %s: %s: %s\n", what, nnx_status_string(st), message ? message : "");
    return 1;
}

/* Builds product = a x b and conv = conv2d(x, filter), runs them once, checks both. */
static int run_builder(nnx_context *ctx)
{
    nnx_builder *b = NULL;
    nnx_graph *g = NULL;
    nnx_tensor *t[4] = {NULL, NULL, NULL, NULL};
    nnx_status st = nnx_builder_create(ctx, &b);
    if (st != NNX_OK)
        return fail("nnx_builder_create", st, nnx_context_error(ctx));
    const nnx_operand_desc a_desc = {NNX_FLOAT32, 2, {2, 3}}, b_desc = {NNX_FLOAT32, 2, {3, 2}};
    const nnx_operand_desc x_desc = {NNX_FLOAT32, 4, {1, 1, 3, 3}}, f_desc = {NNX_FLOAT32, 4, {1, 1, 2, 2}};
    nnx_operand *a = nnx_builder_input(b, "a", &a_desc);
    nnx_operand *c = nnx_builder_constant(b, &b_desc, kB, sizeof kB);
    nnx_operand *x = nnx_builder_input(b, "x", &x_desc);
    nnx_operand *f = nnx_builder_constant(b, &f_desc, kFilter, sizeof kFilter);
    const nnx_named_operand outs[2] = {{"product", nnx_builder_matmul(b, a, c, NULL)},
                                       {"conv", nnx_builder_conv2d(b, x, f, NULL)}};
    st = nnx_builder_build(b, outs, 2, &g);
    if (st != NNX_OK) {
        int rc = fail("nnx_builder_build", st, nnx_builder_error(b));
        nnx_builder_destroy(b);
        return rc;
    }
    nnx_builder_destroy(b);
    const nnx_operand_desc p_desc = {NNX_FLOAT32, 2, {2, 2}}, y_desc = {NNX_FLOAT32, 4, {1, 1, 2, 2}};
    const nnx_tensor_desc descs[4] = {{.desc = a_desc, .writable = true},
                                      {.desc = x_desc, .writable = true},
                                      {.desc = p_desc, .readable = true},
                                      {.desc = y_desc, .readable = true}};
    for (int i = 0; i < 4 && st == NNX_OK; i++)
        st = nnx_tensor_create(ctx, &descs[i], &t[i]);
    if (st == NNX_OK)
        st = nnx_tensor_write(t[0], kA, sizeof kA);
    if (st == NNX_OK)
        st = nnx_tensor_write(t[1], kX, sizeof kX);
    const nnx_named_tensor ins[2] = {{"a", t[0]}, {"x", t[1]}};
    const nnx_named_tensor outs_bound[2] = {{"product", t[2]}, {"conv", t[3]}};
    if (st == NNX_OK)
        st = nnx_context_dispatch(ctx, g, ins, 2, outs_bound, 2);
    float product[4] = {0}, conv[4] = {0};
    if (st == NNX_OK)
        st = nnx_tensor_read(t[2], product, sizeof product);
    if (st == NNX_OK)
        st = nnx_tensor_read(t[3], conv, sizeof conv);
    int rc = st == NNX_OK ? 0 : fail("dispatch", st, nnx_context_error(ctx));
    for (int i = 0; rc == 0 && i < 4; i++)
        if (product[i] != kProduct[i] || conv[i] != kConv[i]) {
            fprintf(stderr, "static_builder: element %d: product %g (want %g), conv %g (want %g)\n", i, product[i],
                    kProduct[i], conv[i], kConv[i]);
            rc = 1;
        }
    for (int i = 0; i < 4; i++)
        nnx_tensor_destroy(t[i]);
    nnx_graph_destroy(g);
    if (rc == 0)
        printf("static_builder: product [58 64 139 154] and conv [37 47 67 77] as worked out\n");
    return rc;
}

/* Loading path must fail NOT_SUPPORTED with a message naming "OPTION=OFF". */
static int refused(nnx_context *ctx, const char *path, const char *option)
{
    nnx_model *m = NULL;
    nnx_status st = nnx_model_load(ctx, path, NULL, &m);
    char want[128];
    snprintf(want, sizeof want, "%s=OFF", option);
    const char *message = nnx_context_error(ctx);
    if (st != NNX_ERROR_NOT_SUPPORTED || !message || !strstr(message, want)) {
        nnx_model_destroy(m);
        fprintf(stderr, "static_builder: %s: want NOT_SUPPORTED naming %s, got %s: %s\n", path, want,
                nnx_status_string(st), message ? message : "");
        return 1;
    }
    printf("static_builder: %s refused: %s\n", path, message);
    return 0;
}

int main(int argc, char **argv)
{
    nnx_context *ctx = NULL;
    nnx_status st = nnx_context_create(&(nnx_context_options){.threads = 2}, &ctx);
    if (st != NNX_OK)
        return fail("nnx_context_create", st, NULL);
    int rc = run_builder(ctx);
    int first = 1;
    /* formats=LIST: the formats read are those built in (TOSA and NNEF need no front end) */
    if (argc > 1 && strncmp(argv[1], "formats=", 8) == 0) {
        first = 2;
        if (rc == 0 && strcmp(nnx_formats(), argv[1] + 8) != 0) {
            fprintf(stderr, "static_builder: nnx_formats() is '%s', not '%s'\n", nnx_formats(), argv[1] + 8);
            rc = 1;
        }
    }
    for (int i = first; rc == 0 && i + 1 < argc; i += 2)
        rc = refused(ctx, argv[i], argv[i + 1]);
    nnx_context_destroy(ctx);
    return rc;
}
