/* test_views.c — the layout pass (runtime/views.c) on a compiled plan: a reshape, a transpose
 * that moves only a unit axis and a slice that is one 64-byte-aligned run become views
 * (skipped, no buffer of their own), while a transpose that moves data, a slice of a part of
 * the last axis, a run 16 bytes in and a reshape of a graph input stay steps; running the
 * plan gives exactly the bytes the operations define (checked against plain loops). */
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

#define N0 2
#define N2 4
#define N3 16 /* u: [N0, 1, N2, N3] */

static uint32_t add(nnx_ir *ir, nnx_op op, uint32_t in, const nnx_attrs *attrs)
{
    nnx_error err = {0};
    uint32_t out;
    if (nnx_ir_add_node(ir, op, &in, 1, attrs, 1, "", &out, &err) != NNX_OK)
        fail_msg("%s", err.message);
    return out;
}

static nnx_attrs slice(uint32_t s0, uint32_t z0, uint32_t s3, uint32_t z3, uint32_t step3)
{
    nnx_attrs a = {.slice = {.starts = {s0, 0, 0, s3}, .sizes = {z0, 1, N2, z3}, .strides = {1, 1, 1, step3}}};
    return a;
}

static void test_views(void **state)
{
    (void)state;
    nnx_alloc a;
    assert_true(nnx_alloc_init(&a, NULL));
    nnx_ir ir;
    nnx_ir_init(&ir, &a);
    nnx_error err = {0};
    nnx_operand_desc xd = {NNX_FLOAT32, 4, {N0, 1, N2, N3}};
    uint32_t x;
    assert_int_equal(nnx_ir_add_input(&ir, "x", &xd, &x, &err), NNX_OK);
    uint32_t u = add(&ir, NNX_OP_NEG, x, NULL); /* in the arena */
    nnx_attrs flat = {.reshape = {.rank = 2, .shape = {N0, N2 * N3}}};
    nnx_attrs unit = {.transpose = {.perm = {1, 0, 2, 3}}}, real = {.transpose = {.perm = {0, 1, 3, 2}}};
    nnx_attrs first = slice(1, 1, 0, N3, 1), part = slice(0, N0, 0, 8, 1);
    nnx_attrs row = {.slice = {.starts = {0, 0, 1, 0}, .sizes = {1, 1, 1, N3}, .strides = {1, 1, 1, 1}}};
    nnx_attrs unaligned = {.slice = {.starts = {0, 0, 0, 4}, .sizes = {1, 1, 1, 12}, .strides = {1, 1, 1, 1}}};
    uint32_t views[4] = {add(&ir, NNX_OP_RESHAPE, u, &flat), add(&ir, NNX_OP_TRANSPOSE, u, &unit),
                         add(&ir, NNX_OP_SLICE, u, &first), add(&ir, NNX_OP_SLICE, u, &row)};
    uint32_t steps[4] = {add(&ir, NNX_OP_TRANSPOSE, u, &real), add(&ir, NNX_OP_SLICE, u, &part),
                         add(&ir, NNX_OP_RESHAPE, x, &flat), add(&ir, NNX_OP_SLICE, u, &unaligned)};
    uint32_t outs[8];
    for (int i = 0; i < 4; i++)
        outs[i] = add(&ir, NNX_OP_NEG, views[i], NULL); /* read the views */
    for (int i = 0; i < 4; i++)
        outs[4 + i] = steps[i];

    nnx_plan plan;
    assert_int_equal(nnx_plan_compile(&plan, &ir, outs, 8, &err), NNX_OK);
    for (int i = 0; i < 4; i++) {
        assert_true(plan.skip[step_of(&plan, views[i])]);
        assert_int_equal(plan.alias[views[i]], u);
    }
    assert_int_equal(plan.alias_offset[views[2]], N2 * N3 * sizeof(float));
    assert_int_equal(plan.alias_offset[views[3]], N3 * sizeof(float)); /* 64 bytes in */
    assert_false(plan.skip[step_of(&plan, steps[0])]);                 /* moves data */
    assert_false(plan.skip[step_of(&plan, steps[1])]);                 /* part of the last axis: not one run */
    assert_false(plan.skip[step_of(&plan, steps[2])]);                 /* x is bound at dispatch, not in the arena */
    assert_false(plan.skip[step_of(&plan, steps[3])]);                 /* one run, but 16 bytes in */

    float in[N0 * N2 * N3];
    for (int i = 0; i < N0 * N2 * N3; i++)
        in[i] = (float)i + 0.5f;
    nnx_exec *e = nnx_exec_create(&plan, &err);
    assert_non_null(e);
    e->buffers[x] = in;
    assert_int_equal(nnx_plan_run(&plan, e, &err), NNX_OK);
    const float *flat_out = e->buffers[outs[0]], *unit_out = e->buffers[outs[1]], *first_out = e->buffers[outs[2]],
                *row_out = e->buffers[outs[3]];
    for (int i = 0; i < N0 * N2 * N3; i++) {
        assert_true(flat_out[i] == in[i] && unit_out[i] == in[i]); /* neg(neg(x)) */
        if (i < N2 * N3)
            assert_true(first_out[i] == in[N2 * N3 + i]);
        if (i < N3)
            assert_true(row_out[i] == in[N3 + i]);
    }
    const float *real_out = e->buffers[outs[4]], *part_out = e->buffers[outs[5]], *x_out = e->buffers[outs[6]],
                *run_out = e->buffers[outs[7]];
    for (int n = 0; n < N0; n++)
        for (int h = 0; h < N2; h++)
            for (int w = 0; w < N3; w++) {
                int i = (n * N2 + h) * N3 + w;
                assert_true(real_out[(n * N3 + w) * N2 + h] == -in[i]);
                assert_true(x_out[i] == in[i]);
                if (w < 8)
                    assert_true(part_out[(n * N2 + h) * 8 + w] == -in[i]);
                if (i >= 4 && i < 16)
                    assert_true(run_out[i - 4] == -in[i]);
            }
    nnx_exec_destroy(&plan, e);
    nnx_plan_free(&plan);
    nnx_ir_free(&ir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_views)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
