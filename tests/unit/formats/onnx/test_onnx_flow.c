/* test_onnx_flow.c — ONNX If, Loop and Scan (src/formats/onnx/onnx_ops_flow.c,
 * onnx_ops_loop.c) against a numpy transcription of ONNX Operators, If / Loop / Scan: every
 * case of tests/data/onnx_flow_expected.h (written with its models by
 * tests/unit/formats/onnx/gen_onnx_flow.py) is loaded, built (the model freed before the
 * graph runs) and run through the public API. Beside that, the IR the loader makes (an If on
 * a load-time constant is inlined, with no cond_if; one on a run-time value is a cond_if; a
 * Loop is a while_loop, or unrolled when its body cannot be one) and its refusals (Loop scan
 * outputs with a run-time trip count, If branches of different shapes on a run-time
 * condition, sub-graphs nested too deep). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/alloc.h"
#include "formats/onnx/onnx.h"
#include "ir/graph.h"
#include "nnx.h"

#include "onnx_case.h"
#include "../../../data/onnx_flow_expected.h"

#define MODELS NNX_SOURCE_DIR "/tests/data/onnx/flow/"

static void test_case(void **state) { onnx_case_run(*state, MODELS); }

/* How many nodes of op the loader makes of model `name`. */
static uint32_t count_ops(const char *name, nnx_op op)
{
    char path[512];
    snprintf(path, sizeof path, MODELS "%s.onnx", name);
    nnx_alloc a;
    assert_true(nnx_alloc_init(&a, NULL));
    nnx_ir_model m;
    nnx_ir_model_init(&m, &a, "onnx");
    nnx_error err = {0};
    nnx_status st = nnx_onnx_load(path, NULL, &m, &err);
    if (st != NNX_OK)
        fail_msg("%s: %s", name, err.message);
    uint32_t n = 0;
    for (uint32_t k = 0; k < m.ir.n_nodes; k++)
        n += m.ir.nodes[k].op == op;
    nnx_ir_model_free(&m);
    return n;
}

static void test_lowering(void **state)
{
    (void)state;
    assert_int_equal(count_ops("if_const", NNX_OP_COND_IF), 0); /* the then branch, inlined */
    assert_int_equal(count_ops("if_capture", NNX_OP_COND_IF), 1);
    assert_int_equal(count_ops("if_nested", NNX_OP_COND_IF), 1); /* the inner one is in a branch */
    assert_int_equal(count_ops("loop_runtime", NNX_OP_WHILE_LOOP), 1);
    assert_int_equal(count_ops("scan9", NNX_OP_WHILE_LOOP), 1);
}

/* Loading model `name` fails with NOT_SUPPORTED and a message holding `want`. */
static void refused(const char *name, const char *want)
{
    onnx_case_refused(MODELS, name, NULL, 0, NNX_ERROR_NOT_SUPPORTED, want);
}

/* A Loop with scan outputs whose body computes its condition cannot be one while_loop of
 * static shapes; with its trip count known it is unrolled: i = 0, 1, 2 run (the condition
 * i < 2 is computed after each pass), so the scan output stacks 3 rows. */
static void test_unrolled_loop(void **state)
{
    (void)state;
    nnx_alloc a;
    assert_true(nnx_alloc_init(&a, NULL));
    nnx_ir_model m;
    nnx_ir_model_init(&m, &a, "onnx");
    nnx_error err = {0};
    if (nnx_onnx_load(MODELS "loop_scan_may_stop.onnx", NULL, &m, &err) != NNX_OK)
        fail_msg("%s", err.message);
    assert_int_equal(m.n_outputs, 2);
    nnx_operand_desc d = m.ir.values[m.outputs[1]].desc;
    assert_int_equal(d.rank, 2);
    assert_int_equal(d.shape[0], 3);
    assert_int_equal(d.shape[1], 3);
    nnx_ir_model_free(&m);
}

static void test_refusals(void **state)
{
    (void)state;
    refused("loop_scan_runtime",
            "Loop 's_final': scan outputs with a trip count known only at run time are not "
            "supported yet");
    refused("if_shapes_differ", "If 'out': output 0 is float32[3] in then_branch but float32[1] in else_branch");
    /* 70 levels nest about 220 messages: past the default message-nesting limit, refused
     * before decoding (with it raised, ONNX-F3's 64 levels refuse it: tests/cli_models.cmake) */
    refused("if_too_deep", "the model's protobuf messages nest more than 100 deep");
}

int main(void)
{
    enum { N = sizeof onnx_flow_cases / sizeof onnx_flow_cases[0] };
    struct CMUnitTest tests[N + 3];
    for (size_t i = 0; i < N; i++)
        tests[i] = (struct CMUnitTest){onnx_flow_cases[i].name, test_case, NULL, NULL, (void *)&onnx_flow_cases[i]};
    tests[N] = (struct CMUnitTest)cmocka_unit_test(test_lowering);
    tests[N + 1] = (struct CMUnitTest)cmocka_unit_test(test_refusals);
    tests[N + 2] = (struct CMUnitTest)cmocka_unit_test(test_unrolled_loop);
    return _cmocka_run_group_tests("onnx_flow", tests, N + 3, NULL, NULL);
}
