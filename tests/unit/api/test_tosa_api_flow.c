/* test_tosa_api_flow.c — TOSA control flow and variables through the C API: COND_IF with
 * then/else sub-graphs (both branch results, run with the condition as a graph input),
 * nesting up to MAX_NESTING and the ERROR_IF one level deeper (Level 8K: 6, no level: 256),
 * branch output mismatches, conditional variable writes; VARIABLE / VARIABLE_READ /
 * VARIABLE_WRITE persisting across dispatches; WHILE_LOOP running a data-dependent number of
 * iterations and its type ERROR_IFs; CUSTOM reporting NNX_ERROR_NOT_SUPPORTED. */
#include "test_tosa_front_harness.h"

static bool then_add(nnx_tosa *t, void *user, nnx_operand *const *in, uint32_t n, nnx_operand **out, uint32_t n_out)
{
    (void)user, (void)n, (void)n_out;
    nnx_tosa_add(t, NNX_TOSA_ADD, in, 2, NULL, out, 1);
    return true;
}
static bool else_sub(nnx_tosa *t, void *user, nnx_operand *const *in, uint32_t n, nnx_operand **out, uint32_t n_out)
{
    (void)user, (void)n, (void)n_out;
    nnx_tosa_add(t, NNX_TOSA_SUB, in, 2, NULL, out, 1);
    return true;
}

static void test_cond_if(void **state)
{
    (void)state;
    tf h = tf_open();
    uint32_t one[1] = {1}, two[1] = {2};
    nnx_operand *in[3] = {tf_input(&h, "c", NNX_BOOL, 1, one), tf_input(&h, "a", NNX_INT32, 1, two),
                          tf_input(&h, "b", NNX_INT32, 1, two)};
    nnx_operand *y;
    nnx_tosa_attrs a = {.graph1 = then_add, .graph2 = else_sub};
    assert_int_equal(nnx_tosa_add(h.t, NNX_TOSA_COND_IF, in, 3, &a, &y, 1), 1);
    tf_expect_ok(&h);
    nnx_named_operand no = {"y", y};
    nnx_graph *g;
    assert_int_equal(nnx_builder_build(h.b, &no, 1, &g), NNX_OK);
    static const int32_t av[2] = {10, 20}, bv[2] = {1, 2};
    for (int c = 0; c < 2; c++) {
        bool cv = c;
        int32_t got[2];
        tf_buf bi[3] = {{"c", &cv, 1}, {"a", av, 8}, {"b", bv, 8}}, bo[1] = {{"y", got, 8}};
        tf_dispatch(h.ctx, g, bi, 3, bo, 1);
        assert_int_equal(got[0], c ? 11 : 9);
        assert_int_equal(got[1], c ? 22 : 18);
    }
    tf_close(&h);
}

/* A sub-graph over the list (c, a, b) that nests another COND_IF *user levels deeper (on
 * the same condition; in the then branch only, so the work stays linear), or adds a and b. */
static bool leaf(nnx_tosa *t, void *user, nnx_operand *const *in, uint32_t n, nnx_operand **out, uint32_t n_out)
{
    (void)user, (void)n;
    return then_add(t, NULL, in + 1, 2, out, n_out);
}

static bool nest(nnx_tosa *t, void *user, nnx_operand *const *in, uint32_t n, nnx_operand **out, uint32_t n_out)
{
    int *depth = user;
    (void)n;
    if (*depth == 0)
        return then_add(t, NULL, in + 1, 2, out, n_out);
    (*depth)--;
    nnx_tosa_attrs a = {.graph1 = nest, .graph2 = leaf, .user = user};
    nnx_operand *ins[4] = {in[0], in[0], in[1], in[2]};
    bool ok = nnx_tosa_add(t, NNX_TOSA_COND_IF, ins, 4, &a, out, n_out) == n_out;
    (*depth)++;
    return ok;
}

/* Builds a COND_IF nested `levels` deep (the outermost counts as one); the status. */
static nnx_status nested(nnx_tosa_level level, int levels, tf *h)
{
    *h = tf_open_with(0, level);
    uint32_t one[1] = {1};
    nnx_operand *c = tf_input(h, "c", NNX_BOOL, 1, one);
    nnx_operand *in[4] = {c, c, tf_input(h, "a", NNX_INT32, 1, one), tf_input(h, "b", NNX_INT32, 1, one)};
    int depth = levels - 1;
    nnx_operand *y;
    nnx_tosa_attrs a = {.graph1 = nest, .graph2 = leaf, .user = &depth};
    nnx_tosa_add(h->t, NNX_TOSA_COND_IF, in, 4, &a, &y, 1);
    return nnx_builder_status(h->b);
}

static void test_nesting_limits(void **state)
{
    (void)state;
    tf h;
    assert_int_equal(nested(NNX_TOSA_LEVEL_8K, 6, &h), NNX_OK);
    tf_close(&h);
    assert_int_equal(nested(NNX_TOSA_LEVEL_8K, 7, &h), NNX_ERROR_INVALID_ARGUMENT);
    tf_expect_error(&h, NNX_ERROR_INVALID_ARGUMENT,
                    "TOSA COND_IF: ERROR_IF(tosa_nesting_depth >= MAX_NESTING (6 at Level 8K))");
    tf_close(&h);
    assert_int_equal(nested(NNX_TOSA_LEVEL_NONE, 7, &h), NNX_OK);
    tf_close(&h);
    assert_int_equal(nested(NNX_TOSA_LEVEL_NONE, 256, &h), NNX_OK);
    tf_close(&h);
    assert_int_equal(nested(NNX_TOSA_LEVEL_NONE, 257, &h), NNX_ERROR_INVALID_ARGUMENT);
    tf_expect_error(&h, NNX_ERROR_INVALID_ARGUMENT, "MAX_NESTING (256 at no level)");
    tf_close(&h);
}

static bool else_other_shape(nnx_tosa *t, void *user, nnx_operand *const *in, uint32_t n, nnx_operand **out,
                             uint32_t n_out)
{
    (void)user, (void)n, (void)n_out;
    static const int64_t s[2] = {1, 2};
    nnx_tosa_attrs ca = {.shape_values = s, .shape_values_count = 2};
    nnx_operand *shape;
    nnx_tosa_add(t, NNX_TOSA_CONST_SHAPE, NULL, 0, &ca, &shape, 1);
    nnx_operand *r[2] = {in[0], shape};
    nnx_tosa_add(t, NNX_TOSA_RESHAPE, r, 2, NULL, out, 1);
    return true;
}

static void test_cond_if_errors(void **state)
{
    (void)state;
    tf h = tf_open();
    uint32_t two[1] = {2};
    nnx_operand *in[3] = {tf_input(&h, "c", NNX_BOOL, 1, two), tf_input(&h, "a", NNX_INT32, 1, two),
                          tf_input(&h, "b", NNX_INT32, 1, two)};
    nnx_operand *y;
    nnx_tosa_attrs a = {.graph1 = then_add, .graph2 = else_sub};
    assert_int_equal(nnx_tosa_add(h.t, NNX_TOSA_COND_IF, in, 3, &a, &y, 1), 0);
    tf_expect_error(&h, NNX_ERROR_INVALID_ARGUMENT, "TOSA COND_IF: ERROR_IF(tensor_size(shape) != 1 (the condition))");
    tf_close(&h);
    h = tf_open();
    uint32_t one[1] = {1};
    in[0] = tf_input(&h, "c", NNX_BOOL, 1, one);
    in[1] = tf_input(&h, "a", NNX_INT32, 1, two);
    in[2] = tf_input(&h, "b", NNX_INT32, 1, two);
    a.graph2 = else_other_shape;
    assert_int_equal(nnx_tosa_add(h.t, NNX_TOSA_COND_IF, in, 3, &a, &y, 1), 0);
    tf_expect_error(&h, NNX_ERROR_INVALID_ARGUMENT, "the branches' outputs differ");
    tf_close(&h);
    h = tf_open();
    in[0] = tf_input(&h, "c", NNX_INT32, 1, one); /* cond_t must be bool */
    in[1] = tf_input(&h, "a", NNX_INT32, 1, two);
    in[2] = tf_input(&h, "b", NNX_INT32, 1, two);
    assert_int_equal(nnx_tosa_add(h.t, NNX_TOSA_COND_IF, in, 3, &a, &y, 1), 0);
    tf_expect_error(&h, NNX_ERROR_INVALID_ARGUMENT, "cond_t = int32 is not a listed combination");
    tf_close(&h);
}

/* counter += step on every run; with a COND_IF writing in one branch only. */
static bool write_then(nnx_tosa *t, void *user, nnx_operand *const *in, uint32_t n, nnx_operand **out, uint32_t n_out)
{
    (void)user, (void)n, (void)n_out;
    nnx_tosa_attrs a = {.uid = 7};
    nnx_operand *cur;
    nnx_tosa_add(t, NNX_TOSA_VARIABLE_READ, NULL, 0, &a, &cur, 1);
    nnx_operand *s[2] = {cur, in[0]}, *next;
    nnx_tosa_add(t, NNX_TOSA_ADD, s, 2, NULL, &next, 1);
    nnx_tosa_add(t, NNX_TOSA_VARIABLE_WRITE, &next, 1, &a, NULL, 0);
    out[0] = next;
    return true;
}
static bool keep(nnx_tosa *t, void *user, nnx_operand *const *in, uint32_t n, nnx_operand **out, uint32_t n_out)
{
    (void)user, (void)n, (void)n_out;
    nnx_tosa_add(t, NNX_TOSA_IDENTITY, in, 1, NULL, out, 1);
    return true;
}

static void test_variables(void **state)
{
    (void)state;
    tf h = tf_open();
    static const float init[2] = {1, 2};
    nnx_tosa_attrs va = {.uid = 7, .desc = {NNX_FLOAT32, 1, {2}}, .values = init, .values_size = sizeof init};
    assert_int_equal(nnx_tosa_add(h.t, NNX_TOSA_VARIABLE, NULL, 0, &va, NULL, 0), 0);
    tf_expect_ok(&h);
    uint32_t one[1] = {1}, two[1] = {2};
    nnx_operand *c = tf_input(&h, "c", NNX_BOOL, 1, one), *step = tf_input(&h, "step", NNX_FLOAT32, 1, two);
    nnx_operand *in[2] = {c, step}, *y;
    nnx_tosa_attrs ca = {.graph1 = write_then, .graph2 = keep};
    assert_int_equal(nnx_tosa_add(h.t, NNX_TOSA_COND_IF, in, 2, &ca, &y, 1), 1);
    nnx_operand *r;
    assert_int_equal(nnx_tosa_add(h.t, NNX_TOSA_VARIABLE_READ, NULL, 0, &(nnx_tosa_attrs){.uid = 7}, &r, 1), 1);
    tf_expect_ok(&h);
    nnx_named_operand no[2] = {{"y", y}, {"v", r}};
    nnx_graph *g;
    assert_int_equal(nnx_builder_build(h.b, no, 2, &g), NNX_OK);
    static const float sv[2] = {10, 100};
    /* runs: c = 1 (v: {1,2} -> {11,102}), c = 0 (unchanged), c = 1 (-> {21, 202}) */
    static const bool cs[3] = {1, 0, 1};
    static const float want_v[3][2] = {{11, 102}, {11, 102}, {21, 202}};
    for (int i = 0; i < 3; i++) {
        float gy[2], gv[2];
        tf_buf bi[2] = {{"c", &cs[i], 1}, {"step", sv, 8}}, bo[2] = {{"y", gy, 8}, {"v", gv, 8}};
        tf_dispatch(h.ctx, g, bi, 2, bo, 2);
        assert_true(gv[0] == want_v[i][0] && gv[1] == want_v[i][1]);
    }
    tf_close(&h);
}

static void test_variable_errors(void **state)
{
    (void)state;
    tf h = tf_open();
    nnx_operand *r;
    assert_int_equal(nnx_tosa_add(h.t, NNX_TOSA_VARIABLE_READ, NULL, 0, &(nnx_tosa_attrs){.uid = 3}, &r, 1), 0);
    tf_expect_error(&h, NNX_ERROR_INVALID_ARGUMENT, "TOSA VARIABLE_READ: REQUIRE(variable_tensor != NULL");
    tf_close(&h);
    h = tf_open();
    nnx_tosa_attrs va = {.uid = 3, .desc = {NNX_INT8, 1, {4}}};
    nnx_tosa_add(h.t, NNX_TOSA_VARIABLE, NULL, 0, &va, NULL, 0);
    nnx_tosa_add(h.t, NNX_TOSA_VARIABLE, NULL, 0, &va, NULL, 0);
    tf_expect_error(&h, NNX_ERROR_INVALID_ARGUMENT, "TOSA VARIABLE: REQUIRE(!var_tensor.seen");
    tf_close(&h);
    h = tf_open();
    va.desc.dtype = NNX_INT16; /* var_t: i8, fp16, fp32 only */
    nnx_tosa_add(h.t, NNX_TOSA_VARIABLE, NULL, 0, &va, NULL, 0);
    tf_expect_error(&h, NNX_ERROR_INVALID_ARGUMENT, "var_t = int16 is not a listed combination");
    tf_close(&h);
    h = tf_open();
    va.desc.dtype = NNX_INT8;
    nnx_tosa_add(h.t, NNX_TOSA_VARIABLE, NULL, 0, &va, NULL, 0);
    uint32_t three[1] = {3};
    nnx_operand *x = tf_input(&h, "x", NNX_INT8, 1, three);
    nnx_tosa_add(h.t, NNX_TOSA_VARIABLE_WRITE, &x, 1, &(nnx_tosa_attrs){.uid = 3}, NULL, 0);
    tf_expect_error(&h, NNX_ERROR_INVALID_ARGUMENT, "TOSA VARIABLE_WRITE: REQUIRE(variable_tensor.shape == shape");
    tf_close(&h);
    /* EXT-VARIABLE not enabled */
    h = tf_open_with(NNX_TOSA_PRO_INT | NNX_TOSA_PRO_FP, NNX_TOSA_LEVEL_8K);
    nnx_tosa_add(h.t, NNX_TOSA_VARIABLE, NULL, 0, &va, NULL, 0);
    tf_expect_error(&h, NNX_ERROR_NOT_SUPPORTED, "(var_t = int8) need PRO-INT and EXT-VARIABLE");
    tf_close(&h);
}

/* WHILE_LOOP over (i int32 [1], acc float32 [2], step float32 [2]): while i < limit:
 * i += 1, acc = acc * 2 + step; limit comes from the outer graph through the state. */
static bool loop_cond(nnx_tosa *t, void *user, nnx_operand *const *in, uint32_t n, nnx_operand **out, uint32_t n_out)
{
    (void)user, (void)n, (void)n_out;
    nnx_operand *g[2] = {in[3], in[0]}; /* limit > i */
    return nnx_tosa_add(t, NNX_TOSA_GREATER, g, 2, NULL, out, 1) == 1;
}
static bool loop_body(nnx_tosa *t, void *user, nnx_operand *const *in, uint32_t n, nnx_operand **out, uint32_t n_out)
{
    (void)user, (void)n, (void)n_out;
    static const int32_t one = 1;
    static const float two[2] = {2, 2};
    nnx_tosa_attrs c1 = {.desc = {NNX_INT32, 1, {1}}, .values = &one, .values_size = 4};
    nnx_tosa_attrs c2 = {.desc = {NNX_FLOAT32, 1, {2}}, .values = two, .values_size = 8};
    nnx_operand *k1, *k2, *m;
    nnx_tosa_add(t, NNX_TOSA_CONST, NULL, 0, &c1, &k1, 1);
    nnx_tosa_add(t, NNX_TOSA_CONST, NULL, 0, &c2, &k2, 1);
    nnx_operand *a[2] = {in[0], k1}, *b[2] = {in[1], k2};
    nnx_tosa_add(t, NNX_TOSA_ADD, a, 2, NULL, &out[0], 1);
    nnx_tosa_add(t, NNX_TOSA_MUL, b, 2, NULL, &m, 1);
    nnx_operand *c[2] = {m, in[2]};
    nnx_tosa_add(t, NNX_TOSA_ADD, c, 2, NULL, &out[1], 1);
    out[2] = in[2];
    out[3] = in[3];
    return true;
}

static void test_while_loop(void **state)
{
    (void)state;
    tf h = tf_open();
    uint32_t one[1] = {1}, two[1] = {2};
    nnx_operand *in[4] = {tf_input(&h, "i", NNX_INT32, 1, one), tf_input(&h, "acc", NNX_FLOAT32, 1, two),
                          tf_input(&h, "step", NNX_FLOAT32, 1, two), tf_input(&h, "limit", NNX_INT32, 1, one)};
    nnx_operand *out[4];
    nnx_tosa_attrs a = {.graph1 = loop_cond, .graph2 = loop_body};
    assert_int_equal(nnx_tosa_add(h.t, NNX_TOSA_WHILE_LOOP, in, 4, &a, out, 4), 4);
    tf_expect_ok(&h);
    nnx_named_operand no[2] = {{"i", out[0]}, {"acc", out[1]}};
    nnx_graph *g;
    assert_int_equal(nnx_builder_build(h.b, no, 2, &g), NNX_OK);
    /* limit 3: acc = ((a*2+s)*2+s)*2+s; limit 0: no iteration */
    static const float acc0[2] = {1, -0.5f}, step[2] = {0.25f, 3};
    for (int32_t limit = 0; limit <= 3; limit += 3) {
        int32_t i0 = 0, gi;
        float ga[2];
        tf_buf bi[4] = {{"i", &i0, 4}, {"acc", acc0, 8}, {"step", step, 8}, {"limit", &limit, 4}};
        tf_buf bo[2] = {{"i", &gi, 4}, {"acc", ga, 8}};
        tf_dispatch(h.ctx, g, bi, 4, bo, 2);
        assert_int_equal(gi, limit);
        for (int k = 0; k < 2; k++) {
            float want = acc0[k];
            for (int r = 0; r < limit; r++)
                want = want * 2 + step[k];
            assert_true(ga[k] == want);
        }
    }
    tf_close(&h);
}

static bool cond_not_bool(nnx_tosa *t, void *user, nnx_operand *const *in, uint32_t n, nnx_operand **out,
                          uint32_t n_out)
{
    (void)user, (void)n, (void)n_out;
    return nnx_tosa_add(t, NNX_TOSA_IDENTITY, in, 1, NULL, out, 1) == 1;
}
static bool body_bad(nnx_tosa *t, void *user, nnx_operand *const *in, uint32_t n, nnx_operand **out, uint32_t n_out)
{
    (void)user, (void)in, (void)n, (void)n_out;
    nnx_operand *x[2] = {in[0], in[0]};
    nnx_tosa_add(t, NNX_TOSA_ADD, x, 2, NULL, out, 1); /* int8 ADD is not listed */
    return true;
}

static void test_while_errors_custom(void **state)
{
    (void)state;
    uint32_t one[1] = {1};
    struct {
        nnx_tosa_graph_fn cond, body;
        nnx_dtype dt;
        const char *msg;
    } cases[] = {
        {cond_not_bool, keep, NNX_INT32, "TOSA WHILE_LOOP: ERROR_IF(tosa_output_type(cond_graph) != bool_t)"},
        {loop_cond, body_bad, NNX_INT8, "TOSA WHILE_LOOP: cond_graph: TOSA GREATER: ERROR_IF(operator data types"},
    };
    for (size_t c = 0; c < 2; c++) {
        tf h = tf_open();
        nnx_operand *x = tf_input(&h, "x", cases[c].dt, 1, one), *ins[4] = {x, x, x, x}, *y[4];
        nnx_tosa_attrs a = {.graph1 = cases[c].cond, .graph2 = cases[c].body};
        assert_int_equal(nnx_tosa_add(h.t, NNX_TOSA_WHILE_LOOP, ins, c ? 4 : 1, &a, y, c ? 4 : 1), 0);
        tf_expect_error(&h, NNX_ERROR_INVALID_ARGUMENT, cases[c].msg);
        tf_close(&h);
    }
    tf h = tf_open();
    nnx_operand *x = tf_input(&h, "x", NNX_INT32, 1, one), *y = NULL;
    nnx_tosa_attrs a = {.operator_name = "my_op", .domain_name = "example"};
    assert_int_equal(nnx_tosa_add(h.t, NNX_TOSA_CUSTOM, &x, 1, &a, &y, 1), 0);
    tf_expect_error(&h, NNX_ERROR_NOT_SUPPORTED, "no custom operator 'my_op' of domain 'example'");
    nnx_operand_desc d;
    nnx_operand_get_desc(y, &d); /* the poisoned operand */
    assert_int_equal(d.dtype, NNX_DTYPE_UNDEFINED);
    tf_close(&h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cond_if),
        cmocka_unit_test(test_nesting_limits),
        cmocka_unit_test(test_cond_if_errors),
        cmocka_unit_test(test_variables),
        cmocka_unit_test(test_variable_errors),
        cmocka_unit_test(test_while_loop),
        cmocka_unit_test(test_while_errors_custom),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
