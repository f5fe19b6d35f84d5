/* test_model_tosa.c — `.tosa` files as models (nnx_model_load): files made with the test
 * builder (tests/unit/common/tosa_file_builder.h) are loaded, listed, checked and run; the
 * results are compared with values worked out by hand from the spec's pseudocode (RESCALE
 * §2.12.2 apply_scale_32, CLAMP, CAST to bf16 round-to-nearest-even), with COND_IF branches
 * and variables across dispatches; errors name the block, operator and rule. */
#include "../common/tosa_file_builder.h"

#include "nnx.h"

#include <math.h>
#include <unistd.h>

static char dir[256];

static int setup(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/nnx-model-tosa-%ld", (long)getpid());
    char cmd[300];
    snprintf(cmd, sizeof cmd, "mkdir -p %s", dir);
    return system(cmd);
}

static int teardown(void **state)
{
    (void)state;
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    return system(cmd);
}

static const char *path_of(const char *name)
{
    static char p[320];
    snprintf(p, sizeof p, "%s/%s", dir, name);
    return p;
}

static nnx_context *context(void)
{
    nnx_context *ctx = NULL;
    assert_int_equal(nnx_context_create(&(nnx_context_options){.threads = 1}, &ctx), NNX_OK);
    return ctx;
}

/* Loads path; fails the test with the context's message on error. */
static nnx_model *load(nnx_context *ctx, const char *path)
{
    nnx_model *m = NULL;
    if (nnx_model_load(ctx, path, NULL, &m) != NNX_OK)
        fail_msg("load %s: %s", path, nnx_context_error(ctx));
    return m;
}

/* Loads path and builds its graph (the model through *m when m is not NULL). */
static nnx_graph *build(nnx_context *ctx, const char *path, nnx_model **m)
{
    nnx_model *model = load(ctx, path);
    nnx_graph *g = NULL;
    if (nnx_model_build(model, &g) != NNX_OK)
        fail_msg("build %s: %s", path, nnx_context_error(ctx));
    if (m)
        *m = model;
    return g;
}

/* Runs g once with one input (bytes) and one output (out, out_size bytes). */
static void run1(nnx_context *ctx, nnx_graph *g, const void *in, size_t in_size, void *out, size_t out_size)
{
    nnx_tensor_desc di = {.writable = true}, dout = {.readable = true};
    nnx_graph_input_desc(g, 0, &di.desc);
    nnx_graph_output_desc(g, 0, &dout.desc);
    nnx_named_tensor ti = {nnx_graph_input_name(g, 0), NULL}, to = {nnx_graph_output_name(g, 0), NULL};
    assert_int_equal(nnx_tensor_create(ctx, &di, &ti.tensor), NNX_OK);
    assert_int_equal(nnx_tensor_create(ctx, &dout, &to.tensor), NNX_OK);
    assert_int_equal(nnx_tensor_write(ti.tensor, in, in_size), NNX_OK);
    if (nnx_context_dispatch(ctx, g, &ti, 1, &to, 1) != NNX_OK)
        fail_msg("dispatch: %s", nnx_context_error(ctx));
    assert_int_equal(nnx_tensor_read(to.tensor, out, out_size), NNX_OK);
    nnx_tensor_destroy(ti.tensor);
    nnx_tensor_destroy(to.tensor);
}

static void test_rescale_add(void **state)
{
    (void)state;
    const char *p = path_of("rescale_add.tosa");
    tfb_sample_rescale_add(p);
    nnx_context *ctx = context();
    nnx_model *m = load(ctx, p);
    assert_int_equal(nnx_model_input_count(m), 1);
    assert_string_equal(nnx_model_input_name(m, 0), "x");
    nnx_operand_desc d;
    nnx_model_input_desc(m, 0, &d);
    assert_int_equal(d.dtype, NNX_INT8);
    assert_string_equal(nnx_model_output_name(m, 0), "y");
    assert_int_equal(nnx_model_op_count(m), 3);
    assert_string_equal(nnx_model_op_name(m, 1), "RESCALE");
    uint32_t all, any;
    assert_int_equal(nnx_model_tosa_profiles(m, &all, &any), NNX_OK);
    assert_int_equal(all | any, NNX_TOSA_PRO_INT);
    nnx_graph *g = build(ctx, p, NULL);
    const int8_t x[4] = {-128, -3, 5, 127};
    int32_t y[4];
    run1(ctx, g, x, sizeof x, y, sizeof y);
    /* apply_scale_32: (v * (3 << 29) + (1 << 29)) >> 30, then + c */
    const int32_t want[4] = {-192 + 1, -4 + 2, 8 + 3, 191 + 4};
    assert_memory_equal(y, want, sizeof want);
    const char *dot = nnx_model_dot(m);
    assert_non_null(dot);
    assert_non_null(strstr(dot, "RESCALE"));
    nnx_context_destroy(ctx);
}

/* Saving to .tosa writes the file as read; to NNEF, the same outputs. */
static void test_save(void **state)
{
    (void)state;
    const char *p = path_of("save_src.tosa");
    tfb_sample_rescale_add(p);
    nnx_context *ctx = context();
    nnx_model *m = load(ctx, p);
    char copy[320], nnef[320];
    snprintf(copy, sizeof copy, "%s", path_of("save_copy.tosa"));
    snprintf(nnef, sizeof nnef, "%s", path_of("save_nnef"));
    assert_int_equal(nnx_model_save(m, copy), NNX_OK);
    if (nnx_model_save(m, nnef) != NNX_OK)
        fail_msg("save nnef: %s", nnx_context_error(ctx));
    FILE *a = fopen(path_of("save_src.tosa"), "rb"), *b = fopen(copy, "rb");
    assert_non_null(a);
    assert_non_null(b);
    static uint8_t ba[8192], bb[8192];
    size_t na = fread(ba, 1, sizeof ba, a), nb = fread(bb, 1, sizeof bb, b);
    fclose(a);
    fclose(b);
    assert_int_equal(na, nb);
    assert_memory_equal(ba, bb, na);
    nnx_graph *g = build(ctx, nnef, NULL);
    const int8_t x[4] = {-128, -3, 5, 127};
    int32_t y[4];
    run1(ctx, g, x, sizeof x, y, sizeof y);
    const int32_t want[4] = {-191, -2, 11, 195};
    assert_memory_equal(y, want, sizeof want);
    nnx_context_destroy(ctx);
}

/* x fp32[2,3] -> CLAMP [-1, 2.5] -> CAST to bf16: PRO-FP and EXT-BF16. */
static void test_clamp_cast_bf16(void **state)
{
    (void)state;
    tfb b;
    tfb_begin(&b);
    tfb_block(&b, "main");
    const int32_t s[] = {2, 3};
    tfb_tensor(&b, "x", NNX_TFILE_FP32, 2, s, NULL, 0);
    tfb_tensor(&b, "c", NNX_TFILE_FP32, 2, s, NULL, 0);
    tfb_tensor(&b, "y", NNX_TFILE_BF16, 2, s, NULL, 0);
    const float lo = -1.0f, hi = 2.5f;
    nnx_tfile_attr ca = {.type = NNX_TOSA_CLAMP, .nan_mode = 1};
    ca.min_val = tfb_bytes(&b, &lo, 4);
    ca.max_val = tfb_bytes(&b, &hi, 4);
    tfb_op(&b, NNX_TOSA_CLAMP, &ca, 1, (const char *[]){"x"}, 1, (const char *[]){"c"});
    tfb_op(&b, NNX_TOSA_CAST, NULL, 1, (const char *[]){"c"}, 1, (const char *[]){"y"});
    tfb_io(&b, 1, (const char *[]){"x"}, 1, (const char *[]){"y"});
    const char *p = path_of("clamp_cast.tosa");
    tfb_write(&b, p);
    tfb_end(&b);
    nnx_context *ctx = context();
    nnx_model *m = NULL;
    nnx_graph *g = build(ctx, p, &m);
    uint32_t all, any;
    assert_int_equal(nnx_model_tosa_profiles(m, &all, &any), NNX_OK);
    assert_int_equal(all, NNX_TOSA_PRO_FP | NNX_TOSA_EXT_BF16);
    const float x[6] = {-3.0f, 0.5f, 1.00390625f, 2.0f, 7.0f, -0.25f};
    uint16_t y[6];
    run1(ctx, g, x, sizeof x, y, sizeof y);
    /* bf16 keeps 8 significant bits: 1.00390625 = 1 + 2^-8 is a tie, to even: 1.0 */
    const uint16_t want[6] = {0xBF80, 0x3F00, 0x3F80, 0x4000, 0x4020, 0xBE80};
    assert_memory_equal(y, want, sizeof want);
    nnx_context_destroy(ctx);
}

/* COND_IF (c, a, b): then a + b, else a - b, from blocks "then" and "else". */
static void test_cond_if(void **state)
{
    (void)state;
    tfb b;
    tfb_begin(&b);
    const int32_t s[] = {2}, s1[] = {1};
    tfb_block(&b, "main");
    tfb_tensor(&b, "a", NNX_TFILE_FP32, 1, s, NULL, 0);
    tfb_tensor(&b, "cond", NNX_TFILE_BOOL, 1, s1, (const uint8_t[]){1}, 1);
    tfb_tensor(&b, "k", NNX_TFILE_FP32, 1, s, (const float[]){10, 20}, 8);
    tfb_tensor(&b, "y", NNX_TFILE_FP32, 1, s, NULL, 0);
    nnx_tfile_attr ia = {.type = NNX_TOSA_COND_IF};
    ia.graph1 = tfb_str(&b, "then");
    ia.graph2 = tfb_str(&b, "else");
    tfb_op(&b, NNX_TOSA_COND_IF, &ia, 3, (const char *[]){"cond", "a", "k"}, 1, (const char *[]){"y"});
    tfb_io(&b, 1, (const char *[]){"a"}, 1, (const char *[]){"y"});
    for (int i = 0; i < 2; i++) {
        tfb_block(&b, i ? "else" : "then");
        tfb_tensor(&b, "p", NNX_TFILE_FP32, 1, s, NULL, 0);
        tfb_tensor(&b, "q", NNX_TFILE_FP32, 1, s, NULL, 0);
        tfb_tensor(&b, "r", NNX_TFILE_FP32, 1, s, NULL, 0);
        tfb_op(&b, i ? NNX_TOSA_SUB : NNX_TOSA_ADD, NULL, 2, (const char *[]){"p", "q"}, 1, (const char *[]){"r"});
        tfb_io(&b, 2, (const char *[]){"p", "q"}, 1, (const char *[]){"r"});
    }
    const char *p = path_of("cond_if.tosa");
    tfb_write(&b, p);
    tfb_end(&b);
    nnx_context *ctx = context();
    nnx_graph *g = build(ctx, p, NULL);
    const float a[2] = {1.5f, -2.0f};
    float y[2];
    run1(ctx, g, a, sizeof a, y, sizeof y);
    assert_true(y[0] == 11.5f && y[1] == 18.0f);
    nnx_context_destroy(ctx);
}

/* A variable: y = state + x; state = y after each dispatch. */
static void test_variable(void **state)
{
    (void)state;
    const char *p = path_of("variable.tosa");
    tfb_sample_variable(p);
    nnx_context *ctx = context();
    nnx_graph *g = build(ctx, p, NULL);
    const float x = 2.0f;
    float y;
    run1(ctx, g, &x, 4, &y, 4);
    assert_true(y == 2.5f);
    run1(ctx, g, &x, 4, &y, 4);
    assert_true(y == 4.5f);
    nnx_context_destroy(ctx);
}

/* RESHAPE whose shape operand is a TosaShape of the block (not a SHAPE tensor). */
static void test_tosa_shape(void **state)
{
    (void)state;
    tfb b;
    tfb_begin(&b);
    tfb_block(&b, "main");
    const int32_t s23[] = {2, 3}, s32[] = {3, 2};
    const int64_t shape[2] = {3, 2};
    tfb_tensor(&b, "x", NNX_TFILE_FP32, 2, s23, NULL, 0);
    tfb_tensor(&b, "y", NNX_TFILE_FP32, 2, s32, NULL, 0);
    nnx_tfile_shape *sh = &b.blk->shapes[b.blk->n_shapes++];
    sh->name = tfb_str(&b, "new_shape");
    sh->rank = 2;
    sh->data = tfb_bytes(&b, shape, sizeof shape);
    tfb_op(&b, NNX_TOSA_RESHAPE, NULL, 2, (const char *[]){"x", "new_shape"}, 1, (const char *[]){"y"});
    tfb_io(&b, 1, (const char *[]){"x"}, 1, (const char *[]){"y"});
    const char *p = path_of("tosa_shape.tosa");
    tfb_write(&b, p);
    tfb_end(&b);
    nnx_context *ctx = context();
    nnx_model *m = NULL;
    nnx_graph *g = build(ctx, p, &m);
    nnx_operand_desc d;
    nnx_model_output_desc(m, 0, &d);
    assert_int_equal(d.rank, 2);
    assert_true(d.shape[0] == 3 && d.shape[1] == 2);
    const float x[6] = {1, 2, 3, 4, 5, 6};
    float y[6];
    run1(ctx, g, x, sizeof x, y, sizeof y);
    assert_memory_equal(x, y, sizeof y);
    nnx_context_destroy(ctx);
}

/* A graph built with variables in C (state = state * x + 1, y = the new state), saved as
 * .tosa (VARIABLE, VARIABLE_READ, VARIABLE_WRITE: TOSA-L12) and loaded: three runs of each
 * give the same bytes, the state carried across runs by both. */
static void test_variable_graph_saved(void **state)
{
    (void)state;
    nnx_context *ctx = context();
    nnx_builder *b = NULL;
    assert_int_equal(nnx_builder_create(ctx, &b), NNX_OK);
    nnx_tosa *t = nnx_tosa_begin(b, NULL);
    nnx_operand_desc d = {NNX_FLOAT32, 1, {2}};
    const float init[2] = {1.0f, -2.0f}, one = 1.0f;
    nnx_tosa_attrs va = {.uid = 7, .desc = d, .values = init, .values_size = sizeof init};
    nnx_tosa_add(t, NNX_TOSA_VARIABLE, NULL, 0, &va, NULL, 0);
    nnx_operand *x = nnx_builder_input(b, "x", &d), *r = NULL, *m = NULL, *c = NULL, *y = NULL;
    nnx_tosa_attrs ra = {.uid = 7, .desc = d};
    nnx_tosa_add(t, NNX_TOSA_VARIABLE_READ, NULL, 0, &ra, &r, 1);
    nnx_operand *sh = NULL;
    const int8_t zero = 0;
    nnx_tosa_attrs ca = {.desc = {NNX_INT8, 1, {1}}, .values = &zero, .values_size = 1};
    nnx_tosa_add(t, NNX_TOSA_CONST, NULL, 0, &ca, &sh, 1);
    nnx_tosa_add(t, NNX_TOSA_MUL, (nnx_operand *[]){r, x, sh}, 3, NULL, &m, 1);
    nnx_tosa_attrs oa = {.desc = {NNX_FLOAT32, 1, {1}}, .values = &one, .values_size = 4};
    nnx_tosa_add(t, NNX_TOSA_CONST, NULL, 0, &oa, &c, 1);
    nnx_tosa_add(t, NNX_TOSA_ADD, (nnx_operand *[]){m, c}, 2, NULL, &y, 1);
    nnx_tosa_add(t, NNX_TOSA_VARIABLE_WRITE, &y, 1, &(nnx_tosa_attrs){.uid = 7}, NULL, 0);
    nnx_graph *g = NULL;
    if (nnx_builder_build(b, &(nnx_named_operand){"y", y}, 1, &g) != NNX_OK)
        fail_msg("build: %s", nnx_builder_error(b));
    char p[320];
    snprintf(p, sizeof p, "%s", path_of("variable_saved.tosa"));
    if (nnx_graph_save(g, p) != NNX_OK)
        fail_msg("save: %s", nnx_context_error(ctx));
    nnx_model *m2 = NULL;
    nnx_graph *g2 = build(ctx, p, &m2);
    /* the IDENTITY is the builder's VARIABLE_READ node (a reshape to its own shape) */
    static const char *const ops[] = {"VARIABLE", "VARIABLE_READ", "CONST", "IDENTITY",
                                      "CONST",    "MUL",           "ADD",   "VARIABLE_WRITE"};
    assert_int_equal(nnx_model_op_count(m2), 8);
    for (size_t i = 0; i < 8; i++)
        assert_string_equal(nnx_model_op_name(m2, i), ops[i]);
    const float xs[2] = {3.0f, 0.5f};
    float y1[2], y2[2];
    for (int run = 0; run < 3; run++) {
        run1(ctx, g, xs, sizeof xs, y1, sizeof y1);
        run1(ctx, g2, xs, sizeof xs, y2, sizeof y2);
        assert_memory_equal(y1, y2, sizeof y1);
    }
    assert_true(y1[0] == (1.0f * 3 + 1) * 3 * 3 + 3 + 1 && y1[1] == ((-2.0f * 0.5f + 1) * 0.5f + 1) * 0.5f + 1);
    nnx_context_destroy(ctx);
}

/* A file that breaks a rule fails to load; the message names where and what. */
static void expect_refused(const char *name, tfb *b, nnx_status st, const char *text)
{
    const char *p = path_of(name);
    tfb_write(b, p);
    tfb_end(b);
    nnx_context *ctx = context();
    nnx_model *m = NULL;
    assert_int_equal(nnx_model_load(ctx, p, NULL, &m), st);
    if (!strstr(nnx_context_error(ctx), text))
        fail_msg("'%s' lacks '%s'", nnx_context_error(ctx), text);
    if (!strstr(nnx_context_error(ctx), p))
        fail_msg("'%s' does not name the file", nnx_context_error(ctx));
    nnx_context_destroy(ctx);
}

static void two_input_op(tfb *b, uint32_t op, const nnx_tfile_attr *a, uint32_t type_out)
{
    tfb_begin(b);
    tfb_block(b, "main");
    const int32_t s[] = {2, 2};
    tfb_tensor(b, "a", NNX_TFILE_FP32, 2, s, NULL, 0);
    tfb_tensor(b, "b", NNX_TFILE_FP32, 2, s, NULL, 0);
    tfb_tensor(b, "y", type_out, 2, s, NULL, 0);
    tfb_op(b, op, a, 2, (const char *[]){"a", "b"}, 1, (const char *[]){"y"});
    tfb_io(b, 2, (const char *[]){"a", "b"}, 1, (const char *[]){"y"});
}

static void test_refusals(void **state)
{
    (void)state;
    tfb b;
    /* CONCAT on an axis the inputs do not have: the front end's ERROR_IF, with its place */
    two_input_op(&b, NNX_TOSA_CONCAT, &(nnx_tfile_attr){.type = NNX_TOSA_CONCAT, .axis = 5}, NNX_TFILE_FP32);
    expect_refused("concat_axis.tosa", &b, NNX_ERROR_INVALID_ARGUMENT, "block 'main', operator 0 (CONCAT): ERROR_IF(");
    /* ADD declared to give int32 from float32 inputs */
    two_input_op(&b, NNX_TOSA_ADD, NULL, NNX_TFILE_INT32);
    expect_refused("add_type.tosa", &b, NNX_ERROR_INVALID_ARGUMENT, "block 'main', operator 0 (ADD): ");
    /* a TOSA 1.1 operator */
    two_input_op(&b, 80, NULL, NNX_TFILE_FP32);
    expect_refused("v11_op.tosa", &b, NNX_ERROR_NOT_SUPPORTED, "a TOSA 1.1 operator");
    /* an attribute table of another operator */
    two_input_op(&b, NNX_TOSA_ADD, &(nnx_tfile_attr){.type = NNX_TOSA_SUB}, NNX_TFILE_FP32);
    expect_refused("wrong_attr.tosa", &b, NNX_ERROR_INVALID_ARGUMENT, "TosaOperator.attribute: a SubAttribute");
    /* a name no tensor or operator defines */
    two_input_op(&b, NNX_TOSA_ADD, NULL, NNX_TFILE_FP32);
    b.blk->operators[0].inputs[1] = tfb_str(&b, "nope");
    expect_refused("undefined.tosa", &b, NNX_ERROR_INVALID_ARGUMENT, "'nope' is not defined");
    /* a 1.1 type */
    two_input_op(&b, NNX_TOSA_ADD, NULL, NNX_TFILE_FP32);
    b.blk->tensors[0].type = NNX_TFILE_FP6E2M3;
    expect_refused("fp6.tosa", &b, NNX_ERROR_NOT_SUPPORTED, "TosaTensor 'a'.type: FP6E2M3 is not a TOSA 1.0 type");
    /* a tensor without a name */
    two_input_op(&b, NNX_TOSA_ADD, NULL, NNX_TFILE_FP32);
    b.blk->tensors[1].name = NULL;
    expect_refused("unnamed.tosa", &b, NNX_ERROR_INVALID_ARGUMENT, "block 'main', TosaTensor[1].name: absent");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rescale_add),     cmocka_unit_test(test_save),
        cmocka_unit_test(test_clamp_cast_bf16), cmocka_unit_test(test_cond_if),
        cmocka_unit_test(test_variable),        cmocka_unit_test(test_variable_graph_saved),
        cmocka_unit_test(test_tosa_shape),      cmocka_unit_test(test_refusals),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
