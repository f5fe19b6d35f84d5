/* test_nnef_write_ext.c — builder graphs whose operations NNEF 1.0.2 has no primitive for are
 * saved as NNEF (the later library's gather, compositions of standard operations, the nnx_ops
 * extension's fragments), loaded again and run: each output must equal the builder graph's
 * own run (bit for bit for gather, expand and the nnx_ fragments, within 2e-6 of the largest
 * magnitude for the compositions, whose float32 steps round differently from the core's
 * once-rounded double). The documents name the extension only when they use it, and strict
 * 1.0.2 mode refuses an nnx_ fragment as a custom operation nnx cannot run. */
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

typedef nnx_operand *(*build_fn)(nnx_builder *b, nnx_operand *x);

static nnx_operand *constant(nnx_builder *b, nnx_dtype dt, uint32_t rank, const uint32_t *shape, const void *data)
{
    nnx_operand_desc d = {dt, rank, {0}};
    size_t bytes;
    memcpy(d.shape, shape, rank * sizeof *shape);
    assert_int_equal(nnx_operand_desc_bytes(&d, &bytes), NNX_OK);
    return nnx_builder_constant(b, &d, data, bytes);
}

static const float per_channel[4] = {0.5f, -1.25f, 2.0f, 0.75f};
static const float stats[3] = {0.25f, -0.5f, 1.0f}, vars[3] = {1.5f, 0.25f, 2.0f};

static nnx_operand *b_gather(nnx_builder *b, nnx_operand *x)
{
    const int64_t idx[2] = {2, 0};
    return nnx_builder_gather(b, x, constant(b, NNX_INT64, 1, (uint32_t[]){2}, idx), &(nnx_gather_options){.axis = 1});
}
static nnx_operand *b_expand(nnx_builder *b, nnx_operand *x)
{
    return nnx_builder_expand(b, x, (const uint32_t[]){2, 2, 3, 4}, 4, NULL);
}
static nnx_operand *b_erf(nnx_builder *b, nnx_operand *x) { return nnx_builder_erf(b, x, NULL); }
static nnx_operand *b_gelu(nnx_builder *b, nnx_operand *x) { return nnx_builder_gelu(b, x, NULL); }
static nnx_operand *b_round_even(nnx_builder *b, nnx_operand *x)
{
    return nnx_builder_round_even(
        b, nnx_builder_mul(b, x, nnx_builder_constant_scalar(b, NNX_FLOAT32, nnx_f64(2)), NULL), NULL);
}
static nnx_operand *b_reduce_product(nnx_builder *b, nnx_operand *x)
{
    return nnx_builder_reduce_product(b, x, &(nnx_reduce_options){.axes = (const uint32_t[]){2}, .axes_count = 1});
}
static nnx_operand *b_reverse(nnx_builder *b, nnx_operand *x)
{
    return nnx_builder_reverse(b, x, &(nnx_reverse_options){.axes = (const uint32_t[]){0, 2}, .axes_count = 2});
}
static nnx_operand *b_triangular(nnx_builder *b, nnx_operand *x)
{
    return nnx_builder_triangular(b, x, &(nnx_triangular_options){.lower = true, .diagonal = 1});
}
static nnx_operand *b_cumulative_sum(nnx_builder *b, nnx_operand *x)
{
    return nnx_builder_cumulative_sum(b, x, 2, &(nnx_cumulative_sum_options){.exclusive = true, .reversed = true});
}
static nnx_operand *b_gather_elements(nnx_builder *b, nnx_operand *x)
{
    int32_t idx[24];
    for (int k = 0; k < 24; k++)
        idx[k] = (k * 7 + 1) % 4;
    return nnx_builder_gather_elements(b, x, constant(b, NNX_INT32, 3, (uint32_t[]){2, 3, 4}, idx),
                                       &(nnx_gather_options){.axis = 2});
}
static const nnx_reduce_options over_1 = {.axes = (const uint32_t[]){1}, .axes_count = 1};
static nnx_operand *b_reduce_l1(nnx_builder *b, nnx_operand *x) { return nnx_builder_reduce_l1(b, x, &over_1); }
static nnx_operand *b_reduce_l2(nnx_builder *b, nnx_operand *x)
{
    return nnx_builder_reduce_l2(b, x, &(nnx_reduce_options){.keep_dimensions = true});
}
static nnx_operand *b_reduce_log_sum(nnx_builder *b, nnx_operand *x)
{
    return nnx_builder_reduce_log_sum(b, nnx_builder_abs(b, x, NULL), &over_1);
}
static nnx_operand *b_reduce_sum_square(nnx_builder *b, nnx_operand *x)
{
    return nnx_builder_reduce_sum_square(b, x, &over_1);
}
static nnx_operand *b_reduce_log_sum_exp(nnx_builder *b, nnx_operand *x)
{
    return nnx_builder_reduce_log_sum_exp(b, x, &over_1);
}
static nnx_operand *b_gather_nd(nnx_builder *b, nnx_operand *x)
{
    const int32_t idx[4] = {1, 2, 0, 1};
    return nnx_builder_gather_nd(b, x, constant(b, NNX_INT32, 2, (uint32_t[]){2, 2}, idx), NULL);
}
static nnx_operand *b_scatter_elements(nnx_builder *b, nnx_operand *x)
{
    const int32_t idx[6] = {3, 0, 1, 2, 1, 3};
    const float upd[6] = {9, 8, 7, 6, 5, 4};
    nnx_operand *i = constant(b, NNX_INT32, 3, (uint32_t[]){2, 3, 1}, idx); /* c0, then c1 */
    nnx_operand *u = constant(b, NNX_FLOAT32, 3, (uint32_t[]){2, 3, 1}, upd);
    return nnx_builder_scatter_elements(b, x, i, u, &(nnx_scatter_options){.axis = 2});
}
static nnx_operand *b_scatter_nd(nnx_builder *b, nnx_operand *x)
{
    const int32_t idx[4] = {1, 1, 0, 2}; /* x[1, 1, :] and x[0, 2, :] */
    float upd[12];
    for (int k = 0; k < 12; k++)
        upd[k] = (float)k;
    nnx_operand *i = constant(b, NNX_INT32, 2, (uint32_t[]){2, 2}, idx);
    nnx_operand *u = constant(b, NNX_FLOAT32, 2, (uint32_t[]){2, 4}, upd);
    return nnx_builder_scatter_nd(b, x, i, u, NULL);
}
static nnx_operand *b_l2_pool(nnx_builder *b, nnx_operand *x)
{
    nnx_operand *x4 = nnx_builder_reshape(b, x, (const uint32_t[]){1, 2, 3, 4}, 4, NULL);
    return nnx_builder_l2_pool2d(b, x4,
                                 &(nnx_pool2d_options){.window_dimensions = (const uint32_t[]){2, 2},
                                                       .window_dimensions_count = 2,
                                                       .padding = (const uint32_t[]){1, 0, 0, 1},
                                                       .padding_count = 4,
                                                       .strides = (const uint32_t[]){2, 2},
                                                       .strides_count = 2,
                                                       .output_shape_rounding = NNX_ROUNDING_CEIL});
}
static nnx_operand *b_resample(nnx_builder *b, nnx_operand *x)
{
    nnx_operand *x4 = nnx_builder_reshape(b, x, (const uint32_t[]){1, 2, 3, 4}, 4, NULL);
    return nnx_builder_resample2d(b, x4,
                                  &(nnx_resample2d_options){.mode = NNX_INTERPOLATION_LINEAR,
                                                            .sizes = (const uint32_t[]){5, 3},
                                                            .sizes_count = 2,
                                                            .axes = (const uint32_t[]){1, 3},
                                                            .axes_count = 2});
}
static nnx_operand *b_elu(nnx_builder *b, nnx_operand *x)
{
    return nnx_builder_elu(b, x, &(nnx_elu_options){.alpha = nnx_f64(0.75)});
}
static nnx_operand *b_leaky_relu(nnx_builder *b, nnx_operand *x)
{
    return nnx_builder_leaky_relu(b, x, &(nnx_leaky_relu_options){.alpha = nnx_f64(0.125)});
}
static nnx_operand *b_hard_sigmoid(nnx_builder *b, nnx_operand *x) { return nnx_builder_hard_sigmoid(b, x, NULL); }
static nnx_operand *b_hard_swish(nnx_builder *b, nnx_operand *x) { return nnx_builder_hard_swish(b, x, NULL); }
static nnx_operand *b_linear(nnx_builder *b, nnx_operand *x)
{
    return nnx_builder_linear(b, x, &(nnx_linear_options){.alpha = nnx_f64(-1.5), .beta = nnx_f64(0.25)});
}
static nnx_operand *b_softplus(nnx_builder *b, nnx_operand *x) { return nnx_builder_softplus(b, x, NULL); }
static nnx_operand *b_softsign(nnx_builder *b, nnx_operand *x) { return nnx_builder_softsign(b, x, NULL); }
static nnx_operand *b_prelu(nnx_builder *b, nnx_operand *x)
{
    return nnx_builder_prelu(b, x, constant(b, NNX_FLOAT32, 1, (uint32_t[]){4}, per_channel), NULL);
}
static nnx_operand *b_layer_norm(nnx_builder *b, nnx_operand *x)
{
    nnx_operand *s = constant(b, NNX_FLOAT32, 1, (uint32_t[]){4}, per_channel);
    nnx_operand *c = constant(b, NNX_FLOAT32, 1, (uint32_t[]){4}, per_channel);
    return nnx_builder_layer_normalization(
        b, x,
        &(nnx_layer_normalization_options){.scale = s, .bias = c, .axes = (const uint32_t[]){2}, .axes_count = 1});
}
static nnx_operand *b_batch_norm(nnx_builder *b, nnx_operand *x)
{
    nnx_operand *m = constant(b, NNX_FLOAT32, 1, (uint32_t[]){3}, stats);
    nnx_operand *v = constant(b, NNX_FLOAT32, 1, (uint32_t[]){3}, vars);
    return nnx_builder_batch_normalization(
        b, x, m, v, &(nnx_batch_normalization_options){.scale = constant(b, NNX_FLOAT32, 1, (uint32_t[]){3}, vars)});
}
static nnx_operand *b_instance_norm(nnx_builder *b, nnx_operand *x)
{
    nnx_operand *x4 = nnx_builder_reshape(b, x, (const uint32_t[]){2, 3, 2, 2}, 4, NULL);
    return nnx_builder_instance_normalization(
        b, x4, &(nnx_instance_normalization_options){.bias = constant(b, NNX_FLOAT32, 1, (uint32_t[]){3}, stats)});
}

static const struct {
    const char *name;
    build_fn build;
    const char *written; /* in the saved graph.nnef */
    bool exact;
} cases[] = {
    {"gather", b_gather, "gather(x, c0, axis = 1)", true},
    {"expand", b_expand, "tile(", true},
    {"erf", b_erf, "nnx_erf(x)", true},
    {"gelu", b_gelu, "nnx_gelu(x)", true},
    {"round_even", b_round_even, "nnx_round_even(", true},
    {"reduce_product", b_reduce_product, "nnx_prod_reduce(x, axes = [2])", true},
    {"reverse", b_reverse, "nnx_reverse(x, axes = [0, 2])", true},
    {"triangular", b_triangular, "nnx_triangular(x, upper = false, diagonal = 1)", true},
    {"cumulative_sum", b_cumulative_sum, "nnx_cumulative_sum(x, axis = 2, exclusive = true, reverse = true)", true},
    {"gather_elements", b_gather_elements, "nnx_gather_elements(x, c0, axis = 2)", true},
    {"reduce_log_sum_exp", b_reduce_log_sum_exp, "nnx_log_sum_exp_reduce(x, axes = [1])", true},
    {"gather_nd", b_gather_nd, "nnx_gather_nd(x, c0)", true},
    {"scatter_elements", b_scatter_elements, "nnx_scatter_elements(x, c0, c1, axis = 2)", true},
    {"scatter_nd", b_scatter_nd, "nnx_scatter_nd(x, c0, c1)", true},
    {"reduce_l1", b_reduce_l1, "sum_reduce(", false},
    {"reduce_l2", b_reduce_l2, "sqrt(", false},
    {"reduce_log_sum", b_reduce_log_sum, "log(", false},
    {"reduce_sum_square", b_reduce_sum_square, "sum_reduce(", false},
    {"l2_pool", b_l2_pool, "nnx_l2_pool(", true},
    {"resample", b_resample, "nnx_resample(", true},
    {"elu", b_elu, "elu(x, alpha = 0.75)", false},
    {"leaky_relu", b_leaky_relu, "leaky_relu(x, alpha = 0.125)", false},
    {"hard_sigmoid", b_hard_sigmoid, "clamp(", false},
    {"hard_swish", b_hard_swish, "clamp(", false},
    {"linear", b_linear, "mul(x, -1.5)", false},
    {"softplus", b_softplus, "softplus(x)", false},
    {"softsign", b_softsign, "abs(x)", false},
    {"prelu", b_prelu, "prelu(", false},
    {"layer_normalization", b_layer_norm, "mean_reduce(x, axes = [2])", false},
    {"batch_normalization", b_batch_norm, "sqrt(", false},
    {"instance_normalization", b_instance_norm, "mean_reduce(", false},
};

/* x [2, 3, 4]: values in [-1.5, 1.6], one exact 0 (log -> -inf), halves for round_even. */
static void input_values(float *x)
{
    for (int k = 0; k < 24; k++)
        x[k] = (float)((k * 37 % 25) - 12) / 8.0f;
}

/* Runs g on x; the output's bytes into *out (malloc), its descriptor into *d. */
static void run(nnx_context *ctx, nnx_graph *g, const float *x, void **out, nnx_operand_desc *d, size_t *bytes)
{
    nnx_tensor *in, *o;
    nnx_operand_desc xd = {NNX_FLOAT32, 3, {2, 3, 4}};
    nnx_graph_output_desc(g, 0, d);
    assert_int_equal(nnx_operand_desc_bytes(d, bytes), NNX_OK);
    assert_int_equal(nnx_tensor_create(ctx, &(nnx_tensor_desc){.desc = xd, .writable = true}, &in), NNX_OK);
    assert_int_equal(nnx_tensor_create(ctx, &(nnx_tensor_desc){.desc = *d, .readable = true}, &o), NNX_OK);
    assert_int_equal(nnx_tensor_write(in, x, 24 * sizeof *x), NNX_OK);
    nnx_named_tensor ni = {"x", in}, no = {"y", o};
    if (nnx_context_dispatch(ctx, g, &ni, 1, &no, 1) != NNX_OK)
        fail_msg("dispatch: %s", nnx_context_error(ctx));
    *out = malloc(*bytes);
    assert_non_null(*out);
    assert_int_equal(nnx_tensor_read(o, *out, *bytes), NNX_OK);
    nnx_tensor_destroy(in);
    nnx_tensor_destroy(o);
}

static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    static char buf[1 << 16];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    return buf;
}

static void remove_tree(const char *dir)
{
    char cmd[400];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
}

static void test_round_trips(void **state)
{
    (void)state;
    float x[24];
    input_values(x);
    const char *tmp = getenv("TMPDIR");
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        nnx_context *ctx;
        nnx_builder *b;
        assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
        assert_int_equal(nnx_builder_create(ctx, &b), NNX_OK);
        nnx_operand *in = nnx_builder_input(b, "x", &(nnx_operand_desc){NNX_FLOAT32, 3, {2, 3, 4}});
        nnx_operand *y = cases[c].build(b, in);
        if (!y)
            fail_msg("%s: %s", cases[c].name, nnx_context_error(ctx));
        nnx_graph *g = NULL;
        if (nnx_builder_build(b, &(nnx_named_operand){"y", y}, 1, &g) != NNX_OK)
            fail_msg("%s: build: %s", cases[c].name, nnx_context_error(ctx));
        char dir[300], path[400];
        snprintf(dir, sizeof dir, "%s/nnx_write_ext_XXXXXX", tmp && *tmp ? tmp : "/tmp");
        assert_non_null(mkdtemp(dir));
        snprintf(path, sizeof path, "%s/m.nnef", dir);
        if (nnx_graph_save(g, path) != NNX_OK)
            fail_msg("%s: save: %s", cases[c].name, nnx_context_error(ctx));
        char doc[450];
        snprintf(doc, sizeof doc, "%s/graph.nnef", path);
        const char *text = read_text(doc);
        bool ext = strstr(text, "nnx_") != NULL;
        if (!strstr(text, cases[c].written) ||
            ext != (strstr(text, "extension KHR_enable_fragment_definitions, nnx_ops;") != NULL))
            fail_msg("%s: written:\n%s", cases[c].name, text);
        nnx_model *m = NULL, *strict = NULL;
        if (nnx_model_load(ctx, path, NULL, &m) != NNX_OK)
            fail_msg("%s: reload: %s", cases[c].name, nnx_context_error(ctx));
        if (ext) { /* strict 1.0.2 reads the fragment as a custom operation it cannot run */
            nnx_graph *sg = NULL;
            nnx_status st = nnx_model_load(ctx, path, &(nnx_model_options){.flags = NNX_MODEL_STRICT_1_0_2}, &strict);
            if (st == NNX_OK)
                st = nnx_model_build(strict, &sg);
            assert_int_not_equal(st, NNX_OK);
            assert_non_null(strstr(nnx_context_error(ctx), "fragment of nnx's nnx_ops extension"));
            nnx_graph_destroy(sg);
            nnx_model_destroy(strict);
        }
        nnx_graph *g2 = NULL;
        if (nnx_model_build(m, &g2) != NNX_OK)
            fail_msg("%s: build: %s", cases[c].name, nnx_context_error(ctx));
        void *want, *got;
        nnx_operand_desc dw, dg;
        size_t nw, ng;
        run(ctx, g, x, &want, &dw, &nw);
        run(ctx, g2, x, &got, &dg, &ng);
        assert_int_equal(nw, ng);
        assert_int_equal(dw.rank, dg.rank);
        if (cases[c].exact || dw.dtype != NNX_FLOAT32) {
            if (memcmp(want, got, nw) != 0)
                fail_msg("%s: the saved graph computes other values", cases[c].name);
        } else {
            const float *w = want, *v = got;
            double big = 0, err = 0;
            for (size_t k = 0; k < nw / sizeof *w; k++) {
                big = fmax(big, fabs(w[k]));
                err = fmax(err, fabs((double)w[k] - v[k]));
            }
            if (!(err <= 2e-6 * fmax(big, 1e-30)))
                fail_msg("%s: error %g of %g", cases[c].name, err, big);
        }
        free(want);
        free(got);
        remove_tree(dir);
        nnx_graph_destroy(g2);
        nnx_model_destroy(m);
        nnx_graph_destroy(g);
        nnx_builder_destroy(b);
        nnx_context_destroy(ctx);
    }
}

/* A hand-written document using nnx_is_nan and nnx_is_inf (WebNN's builder gives them uint8
 * results, which NNEF cannot spell, so they are read here, not saved): y = 1 where log(x) is
 * NaN (x < 0), 2 where it is infinite (x = 0), else 0, as C's isnan / isinf say. Without the
 * extension line the fragments are custom operations nnx does not run. */
static const char ext_doc[] = "version 1.0;\n"
                              "extension KHR_enable_fragment_definitions, nnx_ops;\n"
                              "fragment nnx_is_nan( input: tensor<scalar> ) -> ( output: tensor<logical> );\n"
                              "fragment nnx_is_inf( input: tensor<scalar> ) -> ( output: tensor<logical> );\n"
                              "graph G( x ) -> ( y )\n"
                              "{\n"
                              "    x = external<scalar>(shape = [2, 3, 4]);\n"
                              "    l = log(x);\n"
                              "    n = nnx_is_nan(l);\n"
                              "    i = nnx_is_inf(l);\n"
                              "    a = select(n, 1.0, 0.0);\n"
                              "    y = select(i, 2.0, a);\n"
                              "}\n";

static nnx_status load_text(nnx_context *ctx, const char *text, nnx_model **m)
{
    char dir[300], path[400];
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/nnx_write_ext_XXXXXX", tmp && *tmp ? tmp : "/tmp");
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/graph.nnef", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
    nnx_status st = nnx_model_load(ctx, dir, NULL, m);
    nnx_graph *g = NULL;
    if (st == NNX_OK && (st = nnx_model_build(*m, &g)) != NNX_OK) {
        nnx_model_destroy(*m);
        *m = NULL;
    }
    nnx_graph_destroy(g);
    remove_tree(dir);
    return st;
}

static void test_classification_document(void **state)
{
    (void)state;
    nnx_context *ctx;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    nnx_model *m = NULL;
    if (load_text(ctx, ext_doc, &m) != NNX_OK)
        fail_msg("load: %s", nnx_context_error(ctx));
    nnx_graph *g = NULL;
    assert_int_equal(nnx_model_build(m, &g), NNX_OK);
    float x[24], *y;
    input_values(x);
    nnx_operand_desc d;
    size_t n;
    run(ctx, g, x, (void **)&y, &d, &n);
    for (int k = 0; k < 24; k++) {
        float l = logf(x[k]);
        assert_float_equal(y[k], isnan(l) ? 1.0f : isinf(l) ? 2.0f : 0.0f, 0);
    }
    free(y);
    nnx_graph_destroy(g);
    nnx_model_destroy(m);
    /* the same fragments without the extension line: custom operations */
    char plain[sizeof ext_doc];
    strcpy(plain, ext_doc);
    char *e = strstr(plain, ", nnx_ops");
    memmove(e, e + 9, strlen(e + 9) + 1);
    assert_int_equal(load_text(ctx, plain, &m), NNX_ERROR_NOT_SUPPORTED);
    assert_non_null(strstr(nnx_context_error(ctx), "custom operations"));
    nnx_context_destroy(ctx);
}

/* What stays unwritable (quantize_linear: an int8 result) names the node and why. */
static void test_unwritable_names_node(void **state)
{
    (void)state;
    nnx_context *ctx;
    nnx_builder *b;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    assert_int_equal(nnx_builder_create(ctx, &b), NNX_OK);
    nnx_operand *x = nnx_builder_input(b, "x", &(nnx_operand_desc){NNX_FLOAT32, 2, {2, 3}});
    const float scale[3] = {0.5f, 0.25f, 2.0f};
    const int8_t zero[3] = {3, 0, -1};
    nnx_operand *sc = constant(b, NNX_FLOAT32, 2, (uint32_t[]){1, 3}, scale);
    nnx_operand *zp = constant(b, NNX_INT8, 2, (uint32_t[]){1, 3}, zero);
    nnx_operand *y = nnx_builder_quantize_linear(b, x, sc, zp, NULL);
    nnx_graph *g = NULL;
    if (nnx_builder_build(b, &(nnx_named_operand){"y", y}, 1, &g) != NNX_OK)
        fail_msg("build: %s", nnx_context_error(ctx));
    char dir[300];
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/nnx_write_ext_XXXXXX", tmp && *tmp ? tmp : "/tmp");
    assert_non_null(mkdtemp(dir));
    char path[400];
    snprintf(path, sizeof path, "%s/m.nnef", dir);
    assert_int_equal(nnx_graph_save(g, path), NNX_ERROR_NOT_SUPPORTED);
    const char *msg = nnx_context_error(ctx);
    if (!strstr(msg, "quantize_linear") || !strstr(msg, "node #") || !strstr(msg, "nnx_ops extension"))
        fail_msg("message: %s", msg);
    remove_tree(dir);
    nnx_graph_destroy(g);
    nnx_builder_destroy(b);
    nnx_context_destroy(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trips),
        cmocka_unit_test(test_classification_document),
        cmocka_unit_test(test_unwritable_names_node),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
