/* test_cond_if.c — core cond_if (src/ops/cond_if.c) on the sub-graph machinery
 * (src/ops/subgraph.c): the chosen branch runs on the node's inputs, branches whose outputs
 * differ are refused naming both descriptors, a graph copy owns its branches (the source
 * is freed before the copy runs), and a cond_if nested in a branch runs. Expected values
 * are computed by hand from the branch formulas. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "base/alloc.h"
#include "ir/dtypes.h"
#include "ops/graph_build.h"
#include "ops/subgraph.h"
#include "ops/table.h"

#include <string.h>

static const nnx_operand_desc x_desc = {NNX_FLOAT32, 1, {3}}, cond_desc = {NNX_BOOL, 1, {1}};

/* A branch of one parameter x (x_desc): x + k (op ADD) or x * x (op MUL), frozen into root. */
static const nnx_subgraph *branch(nnx_ir *root, nnx_op op, float k, const nnx_operand_desc *pd)
{
    nnx_ir g;
    nnx_ir_init(&g, root->alloc);
    nnx_error err = {0};
    uint32_t x, c, y;
    assert_int_equal(nnx_ir_add_input(&g, "x", pd, &x, &err), NNX_OK);
    const float kv[3] = {k, k, k};
    nnx_operand_desc kd = {NNX_FLOAT32, 1, {3}};
    assert_int_equal(nnx_ir_add_constant(&g, &kd, kv, sizeof kv, &c, &err), NNX_OK);
    uint32_t in[2] = {x, op == NNX_OP_MUL ? x : c};
    assert_int_equal(nnx_ir_add_node(&g, op, in, 2, NULL, 1, "", &y, &err), NNX_OK);
    const nnx_subgraph *s = nnx_subgraph_freeze(&root->arena, root->alloc, &g, &x, 1, &y, 1, &err);
    assert_non_null(s);
    nnx_ir_free(&g);
    return s;
}

/* Runs node 0 of ir (a cond_if on cond, x) and returns its output in y. */
static void run_if(const nnx_ir *ir, bool cond, const float *x, float *y)
{
    unsigned char c = cond;
    const nnx_node *n = &ir->nodes[ir->n_nodes - 1];
    nnx_view in[2] = {{cond_desc, &c}, {x_desc, (void *)x}}, out[1] = {{x_desc, y}};
    assert_int_equal(nnx_node_kernel(n, in, out), NNX_OK);
}

static void test_runs_the_chosen_branch(void **state)
{
    (void)state;
    nnx_alloc a;
    assert_true(nnx_alloc_init(&a, NULL));
    nnx_ir ir;
    nnx_ir_init(&ir, &a);
    nnx_error err = {0};
    uint32_t in[2], y;
    assert_int_equal(nnx_ir_add_input(&ir, "c", &cond_desc, &in[0], &err), NNX_OK);
    assert_int_equal(nnx_ir_add_input(&ir, "x", &x_desc, &in[1], &err), NNX_OK);
    nnx_attrs at = {.cond_if = {branch(&ir, NNX_OP_ADD, 10, &x_desc), branch(&ir, NNX_OP_MUL, 0, &x_desc)}};
    assert_int_equal(nnx_ir_add_node(&ir, NNX_OP_COND_IF, in, 2, &at, 1, "if", &y, &err), NNX_OK);
    assert_true(nnx_desc_equal(&ir.values[y].desc, &x_desc));
    const float x[3] = {1, -2, 3};
    float out[3];
    run_if(&ir, true, x, out);
    assert_true(out[0] == 11 && out[1] == 8 && out[2] == 13);
    run_if(&ir, false, x, out);
    assert_true(out[0] == 1 && out[1] == 4 && out[2] == 9);

    /* a copy owns its branches: free the source first */
    nnx_ir copy;
    nnx_ir_init(&copy, &a);
    assert_int_equal(nnx_ir_copy(&copy, &ir, &err), NNX_OK);
    nnx_ir_free(&ir);
    run_if(&copy, true, x, out);
    assert_true(out[0] == 11 && out[1] == 8 && out[2] == 13);
    nnx_ir_free(&copy);
}

static void test_refuses_unequal_branches(void **state)
{
    (void)state;
    nnx_alloc a;
    assert_true(nnx_alloc_init(&a, NULL));
    nnx_ir ir;
    nnx_ir_init(&ir, &a);
    nnx_error err = {0};
    uint32_t in[2], y;
    assert_int_equal(nnx_ir_add_input(&ir, "c", &cond_desc, &in[0], &err), NNX_OK);
    assert_int_equal(nnx_ir_add_input(&ir, "x", &x_desc, &in[1], &err), NNX_OK);
    /* the else branch reduces x to one element: sum over axis 0 */
    nnx_ir g;
    nnx_ir_init(&g, &a);
    uint32_t p, r;
    assert_int_equal(nnx_ir_add_input(&g, "x", &x_desc, &p, &err), NNX_OK);
    nnx_attrs red = {.reduce = {.axes_mask = 1, .keep_dims = true}};
    assert_int_equal(nnx_ir_add_node(&g, NNX_OP_REDUCE_SUM, &p, 1, &red, 1, "", &r, &err), NNX_OK);
    const nnx_subgraph *e = nnx_subgraph_freeze(&ir.arena, &a, &g, &p, 1, &r, 1, &err);
    nnx_ir_free(&g);
    assert_non_null(e);
    nnx_attrs at = {.cond_if = {branch(&ir, NNX_OP_ADD, 1, &x_desc), e}};
    assert_int_equal(nnx_ir_add_node(&ir, NNX_OP_COND_IF, in, 2, &at, 1, "if", &y, &err), NNX_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(err.message, "then graph"));
    assert_non_null(strstr(err.message, "[3]"));
    assert_non_null(strstr(err.message, "[1]"));
    /* a condition that is not a one-element bool */
    err = (nnx_error){0};
    uint32_t bad[2] = {in[1], in[1]};
    at.cond_if.else_g = branch(&ir, NNX_OP_MUL, 0, &x_desc);
    assert_int_equal(nnx_ir_add_node(&ir, NNX_OP_COND_IF, bad, 2, &at, 1, "if", &y, &err), NNX_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(err.message, "one-element bool"));
    nnx_ir_free(&ir);
}

/* then: (c2 ? x + 100 : x * x) with c2 a second parameter; else: x + 1. */
static void test_nested(void **state)
{
    (void)state;
    nnx_alloc a;
    assert_true(nnx_alloc_init(&a, NULL));
    nnx_ir ir;
    nnx_ir_init(&ir, &a);
    nnx_error err = {0};
    uint32_t in[3], y;
    assert_int_equal(nnx_ir_add_input(&ir, "c", &cond_desc, &in[0], &err), NNX_OK);
    assert_int_equal(nnx_ir_add_input(&ir, "x", &x_desc, &in[1], &err), NNX_OK);
    assert_int_equal(nnx_ir_add_input(&ir, "c2", &cond_desc, &in[2], &err), NNX_OK);
    nnx_ir t;
    nnx_ir_init(&t, &a);
    uint32_t tp[2], ty;
    assert_int_equal(nnx_ir_add_input(&t, "x", &x_desc, &tp[0], &err), NNX_OK);
    assert_int_equal(nnx_ir_add_input(&t, "c2", &cond_desc, &tp[1], &err), NNX_OK);
    nnx_attrs inner = {.cond_if = {branch(&ir, NNX_OP_ADD, 100, &x_desc), branch(&ir, NNX_OP_MUL, 0, &x_desc)}};
    uint32_t tin[2] = {tp[1], tp[0]};
    assert_int_equal(nnx_ir_add_node(&t, NNX_OP_COND_IF, tin, 2, &inner, 1, "", &ty, &err), NNX_OK);
    const nnx_subgraph *then_g = nnx_subgraph_freeze(&ir.arena, &a, &t, tp, 2, &ty, 1, &err);
    nnx_ir_free(&t);
    assert_non_null(then_g);
    nnx_ir e;
    nnx_ir_init(&e, &a);
    uint32_t ep[2], k, ey;
    assert_int_equal(nnx_ir_add_input(&e, "x", &x_desc, &ep[0], &err), NNX_OK);
    assert_int_equal(nnx_ir_add_input(&e, "c2", &cond_desc, &ep[1], &err), NNX_OK);
    const float one[3] = {1, 1, 1};
    assert_int_equal(nnx_ir_add_constant(&e, &x_desc, one, sizeof one, &k, &err), NNX_OK);
    uint32_t ein[2] = {ep[0], k};
    assert_int_equal(nnx_ir_add_node(&e, NNX_OP_ADD, ein, 2, NULL, 1, "", &ey, &err), NNX_OK);
    const nnx_subgraph *else_g = nnx_subgraph_freeze(&ir.arena, &a, &e, ep, 2, &ey, 1, &err);
    nnx_ir_free(&e);
    assert_non_null(else_g);
    nnx_attrs at = {.cond_if = {then_g, else_g}};
    assert_int_equal(nnx_ir_add_node(&ir, NNX_OP_COND_IF, in, 3, &at, 1, "outer", &y, &err), NNX_OK);

    const float x[3] = {1, 2, 3};
    float out[3];
    const struct {
        unsigned char c, c2;
        float want[3];
    } cases[] = {{1, 1, {101, 102, 103}}, {1, 0, {1, 4, 9}}, {0, 1, {2, 3, 4}}, {0, 0, {2, 3, 4}}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        unsigned char c = cases[i].c, c2 = cases[i].c2;
        nnx_view vin[3] = {{cond_desc, &c}, {x_desc, (void *)x}, {cond_desc, &c2}}, vout[1] = {{x_desc, out}};
        assert_int_equal(nnx_node_kernel(&ir.nodes[0], vin, vout), NNX_OK);
        assert_memory_equal(out, cases[i].want, sizeof out);
    }
    nnx_ir_free(&ir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_runs_the_chosen_branch),
        cmocka_unit_test(test_refuses_unequal_branches),
        cmocka_unit_test(test_nested),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
