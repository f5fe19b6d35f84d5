/* test_tosa_front_nnef.c — TOSA graphs through the nnx TOSA extension of NNEF
 * (docs/TOSA-NNEF.md): built with the C API, run, written with nnx_graph_save, read back
 * with nnx_model_load + nnx_model_build and run again: the outputs must be bit-identical
 * and keep their exact types (int8, int32, float32). The saved document must declare the
 * tosa_ fragments; a document that misuses one is refused with its position. */
#include "test_tosa_front_harness.h"

#include <stdlib.h>
#include <unistd.h>

static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    static char buf[65536];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    return buf;
}

/* Saves g into dir, loads and builds it, runs both with in[] and compares every output. */
static void round_trip(nnx_context *ctx, nnx_graph *g, const char *dir, const tf_buf *in, size_t n_in, size_t n_out,
                       const size_t *sizes)
{
    if (nnx_graph_save(g, dir) != NNX_OK)
        fail_msg("save: %s", nnx_context_error(ctx));
    nnx_model *m = NULL;
    if (nnx_model_load(ctx, dir, NULL, &m) != NNX_OK)
        fail_msg("load: %s", nnx_context_error(ctx));
    nnx_graph *g2 = NULL;
    if (nnx_model_build(m, &g2) != NNX_OK)
        fail_msg("build: %s", nnx_context_error(ctx));
    assert_int_equal(nnx_graph_output_count(g2), n_out);
    tf_buf a[8], b[8];
    for (size_t i = 0; i < n_out; i++) {
        nnx_operand_desc d1, d2;
        nnx_graph_output_desc(g, i, &d1);
        nnx_graph_output_desc(g2, i, &d2);
        assert_int_equal(d1.dtype, d2.dtype);
        assert_int_equal(d1.rank, d2.rank);
        assert_memory_equal(d1.shape, d2.shape, d1.rank * sizeof *d1.shape);
        assert_string_equal(nnx_graph_output_name(g, i), nnx_graph_output_name(g2, i));
        a[i] = (tf_buf){nnx_graph_output_name(g, i), calloc(1, sizes[i]), sizes[i]};
        b[i] = (tf_buf){nnx_graph_output_name(g, i), calloc(1, sizes[i]), sizes[i]};
    }
    tf_dispatch(ctx, g, in, n_in, a, n_out);
    tf_dispatch(ctx, g2, in, n_in, b, n_out);
    for (size_t i = 0; i < n_out; i++) {
        assert_memory_equal(a[i].data, b[i].data, sizes[i]);
        free((void *)a[i].data);
        free((void *)b[i].data);
    }
    nnx_graph_destroy(g2);
    nnx_model_destroy(m);
}

/* int8 NHWC: CONV2D (zero points) -> RESCALE -> MAX_POOL2D -> TABLE; REDUCE_SUM of the conv;
 * BITWISE_XOR; CAST to float32 then CLAMP with nan_mode IGNORE. */
static void test_integer_graph(void **state)
{
    (void)state;
    tf h = tf_open();
    uint32_t xs[4] = {1, 4, 4, 2}, ws[4] = {2, 1, 1, 2}, one[1] = {1}, two[1] = {2};
    nnx_operand *x = tf_input(&h, "x", NNX_INT8, 4, xs);
    static const int8_t w[4] = {1, -2, 3, 4}, izp = 3, wzp = 0, ozp = -5, shift = 33, xor_v = 0x55;
    static const int32_t bias[2] = {10, -20}, zero32 = 0, mult = 1 << 30;
    int8_t table[256];
    for (int i = 0; i < 256; i++)
        table[i] = (int8_t)(i * 7 + 3);
    nnx_operand *conv_in[5] = {x, tf_const(&h, NNX_INT8, 4, ws, w), tf_const(&h, NNX_INT32, 1, two, bias),
                               tf_const(&h, NNX_INT8, 1, one, &izp), tf_const(&h, NNX_INT8, 1, one, &wzp)};
    nnx_operand *conv = tf_op(&h, NNX_TOSA_CONV2D, conv_in, 5, &(nnx_tosa_attrs){.stride = {1, 1}, .dilation = {1, 1}});
    nnx_operand *rs_in[5] = {conv, tf_const(&h, NNX_INT32, 1, one, &mult), tf_const(&h, NNX_INT8, 1, one, &shift),
                             tf_const(&h, NNX_INT32, 1, one, &zero32), tf_const(&h, NNX_INT8, 1, one, &ozp)};
    nnx_operand *q = tf_op(&h, NNX_TOSA_RESCALE, rs_in, 5, &(nnx_tosa_attrs){.out_type = NNX_INT8, .scale32 = true});
    nnx_operand *p = tf_op(&h, NNX_TOSA_MAX_POOL2D, &q, 1, &(nnx_tosa_attrs){.kernel = {2, 2}, .stride = {2, 2}});
    uint32_t ts[1] = {256};
    nnx_operand *tb_in[2] = {p, tf_const(&h, NNX_INT8, 1, ts, table)};
    nnx_operand *y0 = tf_op(&h, NNX_TOSA_TABLE, tb_in, 2, NULL);
    nnx_operand *y1 = tf_op(&h, NNX_TOSA_REDUCE_SUM, &conv, 1, &(nnx_tosa_attrs){.axis = 3});
    uint32_t s4[4] = {1, 1, 1, 1};
    nnx_operand *xo_in[2] = {q, tf_const(&h, NNX_INT8, 4, s4, &xor_v)};
    nnx_operand *y2 = tf_op(&h, NNX_TOSA_BITWISE_XOR, xo_in, 2, NULL);
    nnx_operand *f = tf_op(&h, NNX_TOSA_CAST, &y2, 1, &(nnx_tosa_attrs){.out_type = NNX_FLOAT32});
    nnx_operand *y3 = tf_op(
        &h, NNX_TOSA_CLAMP, &f, 1,
        &(nnx_tosa_attrs){.min_val = nnx_f64(-20.5), .max_val = nnx_f64(INFINITY), .nan_mode = NNX_TOSA_NAN_IGNORE});
    tf_expect_ok(&h);
    nnx_named_operand outs[4] = {{"y0", y0}, {"y1", y1}, {"y2", y2}, {"y3", y3}};
    nnx_graph *g;
    assert_int_equal(nnx_builder_build(h.b, outs, 4, &g), NNX_OK);
    int8_t xv[32];
    for (int i = 0; i < 32; i++)
        xv[i] = (int8_t)(i * 9 - 100);
    tf_buf in[1] = {{"x", xv, sizeof xv}};
    const size_t sizes[4] = {8, 4 * 16, 32, 4 * 32};
    char dir[] = "/tmp/nnx_tosa_front_int_XXXXXX";
    assert_non_null(mkdtemp(dir));
    round_trip(h.ctx, g, dir, in, 1, 4, sizes);
    char path[128];
    snprintf(path, sizeof path, "%s/graph.nnef", dir);
    const char *text = read_text(path);
    assert_non_null(strstr(text, "extension KHR_enable_fragment_definitions;"));
    assert_non_null(strstr(text, "fragment tosa_conv2d( input: tensor<scalar>[]"));
    assert_non_null(strstr(text, "fragment tosa_rescale("));
    assert_non_null(strstr(text, "fragment tosa_typed_integer( input: tensor<integer>, dtype: string )"));
    assert_non_null(strstr(text, "dtype = 'int8'"));
    assert_non_null(strstr(text, "nan_mode = 'ignore'"));
    /* the float bound is written exactly ("%a") */
    assert_non_null(strstr(text, "lo = '-0x1.48p+4'"));
    tf_close(&h);
}

/* float32: RFFT2D (two outputs), MAXIMUM with IGNORE, GATHER, and an output that is a graph
 * input copied under its own name. */
static void test_float_graph(void **state)
{
    (void)state;
    tf h = tf_open();
    uint32_t xs[3] = {1, 4, 4}, is[2] = {1, 2};
    nnx_operand *x = tf_input(&h, "x", NNX_FLOAT32, 3, xs);
    nnx_operand *ix = tf_input(&h, "ix", NNX_INT32, 2, is);
    nnx_operand *fr[2];
    assert_int_equal(nnx_tosa_add(h.t, NNX_TOSA_RFFT2D, &x, 1, NULL, fr, 2), 2);
    nnx_operand *mx_in[2] = {x, tf_op(&h, NNX_TOSA_SIN, &x, 1, NULL)};
    nnx_operand *mx = tf_op(&h, NNX_TOSA_MAXIMUM, mx_in, 2, &(nnx_tosa_attrs){.nan_mode = NNX_TOSA_NAN_IGNORE});
    nnx_operand *g_in[2] = {mx, ix};
    nnx_operand *gt = tf_op(&h, NNX_TOSA_GATHER, g_in, 2, NULL);
    tf_expect_ok(&h);
    nnx_named_operand outs[4] = {{"re", fr[0]}, {"im", fr[1]}, {"g", gt}, {"m", mx}};
    nnx_graph *g;
    assert_int_equal(nnx_builder_build(h.b, outs, 4, &g), NNX_OK);
    float xv[16];
    for (int i = 0; i < 16; i++)
        xv[i] = i == 5 ? NAN : (float)(i * 0.37 - 2);
    int32_t iv[2] = {3, 0};
    tf_buf in[2] = {{"x", xv, sizeof xv}, {"ix", iv, sizeof iv}};
    const size_t sizes[4] = {4 * 12, 4 * 12, 4 * 8, 4 * 16};
    char dir[] = "/tmp/nnx_tosa_front_fp_XXXXXX";
    assert_non_null(mkdtemp(dir));
    round_trip(h.ctx, g, dir, in, 2, 4, sizes);
    tf_close(&h);
}

/* A float32 VARIABLE updated on every run (NNEF variable + update) survives the round trip:
 * the saved graph and the original give the same outputs over three runs each. */
static void test_variable_graph(void **state)
{
    (void)state;
    tf h = tf_open();
    static const float init[2] = {1, 2};
    nnx_tosa_attrs va = {.uid = 1, .desc = {NNX_FLOAT32, 1, {2}}, .values = init, .values_size = sizeof init};
    nnx_tosa_add(h.t, NNX_TOSA_VARIABLE, NULL, 0, &va, NULL, 0);
    uint32_t two[1] = {2};
    nnx_operand *x = tf_input(&h, "x", NNX_FLOAT32, 1, two), *v;
    nnx_tosa_add(h.t, NNX_TOSA_VARIABLE_READ, NULL, 0, &(nnx_tosa_attrs){.uid = 1}, &v, 1);
    nnx_operand *s_in[2] = {v, x};
    nnx_operand *s = tf_op(&h, NNX_TOSA_ADD, s_in, 2, NULL);
    nnx_tosa_add(h.t, NNX_TOSA_VARIABLE_WRITE, &s, 1, &(nnx_tosa_attrs){.uid = 1}, NULL, 0);
    /* a round-to-nearest-even CAST makes the graph a TOSA document */
    nnx_operand *q = tf_op(&h, NNX_TOSA_CAST, &s, 1, &(nnx_tosa_attrs){.out_type = NNX_INT8});
    tf_expect_ok(&h);
    nnx_named_operand outs[2] = {{"s", s}, {"q", q}};
    nnx_graph *g;
    assert_int_equal(nnx_builder_build(h.b, outs, 2, &g), NNX_OK);
    char dir[] = "/tmp/nnx_tosa_front_var_XXXXXX";
    assert_non_null(mkdtemp(dir));
    if (nnx_graph_save(g, dir) != NNX_OK)
        fail_msg("save: %s", nnx_context_error(h.ctx));
    nnx_model *m = NULL;
    nnx_graph *g2 = NULL;
    if (nnx_model_load(h.ctx, dir, NULL, &m) != NNX_OK || nnx_model_build(m, &g2) != NNX_OK)
        fail_msg("load: %s", nnx_context_error(h.ctx));
    static const float xv[2] = {0.75f, -2.5f};
    for (int run = 0; run < 3; run++) {
        float s1[2], s2[2];
        int8_t q1[2], q2[2];
        tf_buf in[1] = {{"x", xv, sizeof xv}}, o1[2] = {{"s", s1, 8}, {"q", q1, 2}},
               o2[2] = {{"s", s2, 8}, {"q", q2, 2}};
        tf_dispatch(h.ctx, g, in, 1, o1, 2);
        tf_dispatch(h.ctx, g2, in, 1, o2, 2);
        assert_memory_equal(s1, s2, sizeof s1);
        assert_memory_equal(q1, q2, sizeof q1);
        assert_true(s1[0] == 1 + 0.75f * (run + 1) && s1[1] == 2 - 2.5f * (run + 1));
    }
    nnx_model_destroy(m);
    tf_close(&h);
}

/* A tosa_ fragment with a wrong attribute is refused with the file position. */
static void test_bad_document(void **state)
{
    (void)state;
    char dir[] = "/tmp/nnx_tosa_front_bad_XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[128];
    snprintf(path, sizeof path, "%s/graph.nnef", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(
        "version 1.0;\nextension KHR_enable_fragment_definitions;\n\n"
        "fragment tosa_typed_scalar( input: tensor<scalar>, dtype: string ) -> ( output: tensor<scalar> );\n"
        "fragment tosa_reduce_sum( input: tensor<scalar>[], axes: integer[], keep_dims: logical, nan_mode: string, "
        "dtype: string ) -> ( output: tensor<scalar> );\n\n"
        "graph G( x ) -> ( y )\n{\n    x = external<scalar>(shape = [2, 3]);\n"
        "    t = tosa_typed_scalar(x, dtype = 'float32');\n"
        "    y = tosa_reduce_sum([t], axes = [-1], keep_dims = true, nan_mode = 'propagate', dtype = 'float32');\n}\n",
        f);
    fclose(f);
    tf h = tf_open();
    nnx_model *m = NULL;
    assert_int_equal(nnx_model_load(h.ctx, dir, NULL, &m), NNX_OK);
    nnx_graph *g = NULL;
    assert_int_equal(nnx_model_build(m, &g), NNX_ERROR_INVALID_MODEL);
    const char *msg = nnx_context_error(h.ctx);
    if (!strstr(msg, "graph.nnef:11:") || !strstr(msg, "tosa_reduce_sum: an attribute is missing or malformed"))
        fail_msg("%s", msg);
    /* fixed, it runs: the sum over axis 1 of [[1,2,3],[4,5,6]] */
    f = fopen(path, "r+");
    char *text = read_text(path);
    char *bad = strstr(text, "axes = [-1]");
    memcpy(bad, "axes = [1] ", 11);
    fclose(f);
    f = fopen(path, "w");
    fputs(text, f);
    fclose(f);
    nnx_model_destroy(m);
    assert_int_equal(nnx_model_load(h.ctx, dir, NULL, &m), NNX_OK);
    if (nnx_model_build(m, &g) != NNX_OK)
        fail_msg("%s", nnx_context_error(h.ctx));
    float xv[6] = {1, 2, 3, 4, 5, 6}, y[2];
    tf_buf in[1] = {{"x", xv, sizeof xv}}, out[1] = {{"y", y, sizeof y}};
    tf_dispatch(h.ctx, g, in, 1, out, 1);
    assert_true(y[0] == 6 && y[1] == 15);
    tf_close(&h);
}

/* Documents that misuse the extension: each refused at build time with the position. */
static void test_bad_documents(void **state)
{
    (void)state;
    static const struct {
        const char *decl, *body;
        nnx_status st;
        const char *msg;
    } cases[] = {
        {"fragment tosa_typed_scalar( input: tensor<scalar>, dtype: string ) -> ( output: tensor<scalar> );\n",
         "    t = tosa_typed_scalar(x, dtype = 'float7');\n    y = copy(t);\n", NNX_ERROR_INVALID_MODEL,
         "graph.nnef:7:9: error: external: the tosa_typed_ call of this input names no nnx dtype"},
        {"fragment tosa_typed_scalar( input: tensor<scalar>, dtype: string ) -> ( output: tensor<scalar> );\n"
         "fragment tosa_frobnicate( input: tensor<scalar>[], dtype: string ) -> ( output: tensor<scalar> );\n",
         "    t = tosa_typed_scalar(x, dtype = 'float32');\n    y = tosa_frobnicate([t], dtype = 'float32');\n",
         NNX_ERROR_NOT_SUPPORTED, "it is not a fragment of the nnx TOSA extension"},
        {"fragment tosa_typed_scalar( input: tensor<scalar>, dtype: string ) -> ( output: tensor<scalar> );\n"
         "fragment tosa_abs( input: tensor<scalar>[], dtype: string ) -> ( output: tensor<scalar> );\n",
         "    t = tosa_typed_scalar(x, dtype = 'float32');\n    y = tosa_abs([t], dtype = 'int32');\n",
         NNX_ERROR_INVALID_MODEL, "tosa_abs: the core operation's result type differs from 'dtype'"},
        {"fragment tosa_typed_scalar( input: tensor<scalar>, dtype: string ) -> ( output: tensor<scalar> );\n"
         "fragment tosa_abs( input: tensor<scalar>[], dtype: string ) -> ( a: tensor<scalar>, b: tensor<scalar> );\n",
         "    t = tosa_typed_scalar(x, dtype = 'float32');\n    y, z = tosa_abs([t], dtype = 'float32');\n",
         NNX_ERROR_INVALID_MODEL, "tosa_abs: the fragment declares another number of results"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char dir[] = "/tmp/nnx_tosa_front_badn_XXXXXX";
        assert_non_null(mkdtemp(dir));
        char path[128];
        snprintf(path, sizeof path, "%s/graph.nnef", dir);
        FILE *f = fopen(path, "w");
        assert_non_null(f);
        fprintf(f,
                "version 1.0;\nextension KHR_enable_fragment_definitions;\n%s\ngraph G( x ) -> ( y )\n{\n"
                "    x = external<scalar>(shape = [2]);\n%s}\n",
                cases[i].decl, cases[i].body);
        fclose(f);
        tf h = tf_open();
        nnx_model *m = NULL;
        nnx_graph *g = NULL;
        nnx_status st = nnx_model_load(h.ctx, dir, NULL, &m);
        if (st == NNX_OK)
            st = nnx_model_build(m, &g);
        const char *msg = nnx_context_error(h.ctx);
        if (st != cases[i].st || !strstr(msg, cases[i].msg))
            fail_msg("case %zu: status %d \"%s\"", i, (int)st, msg);
        tf_close(&h);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_integer_graph),  cmocka_unit_test(test_float_graph),
        cmocka_unit_test(test_variable_graph), cmocka_unit_test(test_bad_document),
        cmocka_unit_test(test_bad_documents),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
