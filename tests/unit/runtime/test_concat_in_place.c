/* test_concat_in_place.c — concatenations made in place (runtime/concat_in_place.c) on a
 * compiled plan: a concat along channels of one image whose inputs own their buffers has
 * them made in its bytes (the step skipped, every input — and a fused activation's output —
 * aliased at its run's offset), also when that concat is itself an input of another; a
 * duplicated input, a graph input, a graph output, a concat with a leading axis over 1 and
 * a run not 64-byte aligned stay copies; running gives the bytes plain loops give. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "base/alloc.h"
#include "ops/graph_build.h"
#include "runtime/plan.h"
#include "plan_steps.h"

#include <string.h>

#define C 4
#define H 2
#define W 8
#define PLANE (C * H * W) /* an input: [1, C, H, W] */

static uint32_t node(nnx_ir *ir, nnx_op op, const uint32_t *in, uint32_t n_in, const nnx_attrs *attrs)
{
    nnx_error err = {0};
    uint32_t out;
    if (nnx_ir_add_node(ir, op, in, n_in, attrs, 1, "", &out, &err) != NNX_OK)
        fail_msg("%s", err.message);
    return out;
}

static uint32_t unary(nnx_ir *ir, nnx_op op, uint32_t in) { return node(ir, op, &in, 1, NULL); }

static uint32_t concat(nnx_ir *ir, uint32_t a, uint32_t b, uint32_t axis)
{
    nnx_attrs at = {.axis = {axis}};
    uint32_t in[2] = {a, b};
    return node(ir, NNX_OP_CONCAT, in, 2, &at);
}

static void test_concat_in_place(void **state)
{
    (void)state;
    nnx_alloc a;
    assert_true(nnx_alloc_init(&a, NULL));
    nnx_ir ir;
    nnx_ir_init(&ir, &a);
    nnx_error err = {0};
    nnx_operand_desc xd = {NNX_FLOAT32, 4, {1, C, H, W}}, td = {NNX_FLOAT32, 4, {1, 1, 1, 3}};
    nnx_operand_desc bd = {NNX_FLOAT32, 4, {2, C, H, W}};
    uint32_t x, t, xb;
    assert_int_equal(nnx_ir_add_input(&ir, "x", &xd, &x, &err), NNX_OK);
    assert_int_equal(nnx_ir_add_input(&ir, "t", &td, &t, &err), NNX_OK);
    assert_int_equal(nnx_ir_add_input(&ir, "xb", &bd, &xb, &err), NNX_OK);
    uint32_t n1 = unary(&ir, NNX_OP_NEG, x);
    /* temporaries made after n1 and gone before the concats: if d's bytes were placed only
     * when d is made, they could take them and overwrite n1 */
    uint32_t u1 = unary(&ir, NNX_OP_ABS, x), u2 = unary(&ir, NNX_OP_NEG, x), u3 = unary(&ir, NNX_OP_RELU, x);
    uint32_t s12[2] = {u1, u2}, w1 = node(&ir, NNX_OP_ADD, s12, 2, NULL), s3[2] = {w1, u3};
    uint32_t out_u = node(&ir, NNX_OP_MUL, s3, 2, NULL);
    uint32_t r1 = unary(&ir, NNX_OP_RELU, n1); /* r1 = relu(-x) */
    uint32_t in2[2] = {x, x};
    uint32_t s2 = node(&ir, NNX_OP_ADD, in2, 2, NULL), r2 = unary(&ir, NNX_OP_RELU, s2); /* fused: r2 in s2's bytes */
    uint32_t c = concat(&ir, r1, n1, 1), n3 = unary(&ir, NNX_OP_NEG, x);
    uint32_t d = concat(&ir, c, r2, 1); /* c made in d's bytes, and r1, n1 with it */
    uint32_t out_c = unary(&ir, NNX_OP_NEG, c), out_d = unary(&ir, NNX_OP_NEG, d);
    /* stay copies */
    uint32_t twice = concat(&ir, n3, n3, 1), of_input = concat(&ir, x, n3, 1);
    uint32_t n4 = unary(&ir, NNX_OP_NEG, x), pinned = concat(&ir, n4, n3, 1); /* n4 is a graph output */
    uint32_t nb = unary(&ir, NNX_OP_NEG, xb), batch = concat(&ir, nb, nb, 1);
    uint32_t tn = unary(&ir, NNX_OP_NEG, t), t2 = unary(&ir, NNX_OP_ABS, t), odd = concat(&ir, tn, t2, 3);
    uint32_t outs[9] = {out_c, out_d, twice, of_input, pinned, n4, batch, odd, out_u};

    nnx_plan plan;
    assert_int_equal(nnx_plan_compile(&plan, &ir, outs, 9, &err), NNX_OK);
    assert_true(plan.skip[step_of(&plan, c)]);
    assert_true(plan.skip[step_of(&plan, d)]);
    assert_int_equal(plan.alias[c], d);
    assert_int_equal(plan.alias_offset[c], 0);
    assert_int_equal(plan.alias[r1], d);
    assert_int_equal(plan.alias_offset[r1], 0);
    assert_int_equal(plan.alias[n1], d);
    assert_int_equal(plan.alias_offset[n1], PLANE * sizeof(float));
    assert_int_equal(plan.alias[s2], d); /* the add's bytes, and its fused relu's output */
    assert_int_equal(plan.alias[r2], d);
    assert_int_equal(plan.alias_offset[r2], 2 * PLANE * sizeof(float));
    const uint32_t copies[5] = {twice, of_input, pinned, batch, odd};
    for (int i = 0; i < 5; i++)
        assert_false(plan.skip[step_of(&plan, copies[i])]);

    float xin[PLANE], tin[3] = {-1.5f, 2.0f, -0.0f}, bin[2 * PLANE];
    for (int i = 0; i < PLANE; i++)
        xin[i] = (float)(i % 7) - 3.25f;
    for (int i = 0; i < 2 * PLANE; i++)
        bin[i] = (float)i - 40.0f;
    nnx_exec *e = nnx_exec_create(&plan, &err);
    assert_non_null(e);
    e->buffers[x] = xin;
    e->buffers[t] = tin;
    e->buffers[xb] = bin;
    assert_int_equal(nnx_plan_run(&plan, e, &err), NNX_OK);
    const float *oc = e->buffers[out_c], *od = e->buffers[out_d], *tw = e->buffers[twice], *oi = e->buffers[of_input];
    const float *pn = e->buffers[pinned], *bt = e->buffers[batch], *ot = e->buffers[odd];
    for (int i = 0; i < PLANE; i++) {
        float relu_neg = -xin[i] > 0 ? -xin[i] : 0.0f, relu_sum = xin[i] + xin[i] > 0 ? xin[i] + xin[i] : 0.0f;
        assert_true(oc[i] == -relu_neg && oc[PLANE + i] == xin[i]);
        assert_true(od[i] == -relu_neg && od[PLANE + i] == xin[i] && od[2 * PLANE + i] == -relu_sum);
        assert_true(tw[i] == -xin[i] && tw[PLANE + i] == -xin[i]);
        assert_true(oi[i] == xin[i] && oi[PLANE + i] == -xin[i]);
        assert_true(pn[i] == -xin[i] && pn[PLANE + i] == -xin[i]);
    }
    for (int n = 0; n < 2; n++)
        for (int i = 0; i < 2 * PLANE; i++) /* image n: its planes twice */
            assert_true(bt[n * 2 * PLANE + i] == -bin[n * PLANE + i % PLANE]);
    for (int i = 0; i < 3; i++)
        assert_true(ot[i] == -tin[i] && ot[3 + i] == (tin[i] < 0 ? -tin[i] : tin[i]));
    nnx_exec_destroy(&plan, e);
    nnx_plan_free(&plan);
    nnx_ir_free(&ir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_concat_in_place)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
