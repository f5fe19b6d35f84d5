/* test_nnef_run_elementwise.c — every NNEF element-wise primitive run end to end: each generated
 * document is written to a temporary folder as graph.nnef, loaded, built, dispatched and compared
 * with numpy's outputs (tests/data/nnef_run_elementwise_expected.h, regenerate with
 * tests/unit/formats/nnef/gen_nnef_run_elementwise.py). Core-op cases cover the dtypes NNEF cannot
 * spell (integer sign/comparisons/where, float64 round) through the op table directly. */
#define _POSIX_C_SOURCE 200809L
#include "nnef_run_harness.h"

#include "ops/table.h"

#include "../../../data/nnef_run_elementwise_expected.h"

/* Inference rejects what the ops do not define. */
static void test_core_rejects(void **state)
{
    (void)state;
    nnx_operand_desc f = {NNX_FLOAT32, 1, {3}}, i = {NNX_INT32, 1, {3}}, b = {NNX_BOOL, 1, {3}},
                     b2 = {NNX_BOOL, 1, {2}};
    nnx_operand_desc out;
    uint32_t ids[3] = {0, 1, 2}, o = 3;
    struct {
        const char *op;
        uint32_t n;
        const nnx_operand_desc *in[3];
    } bad[] = {
        {"rcp", 1, {&i}}, /* float types only */
        {"sin", 1, {&b}},
        {"sign", 1, {&b}},        /* not a number */
        {"logical_not", 1, {&f}}, /* bool only */
        {"logical_and", 2, {&b, &i}},
        {"logical_or", 2, {&b, &b2}}, /* [3] with [2] */
        {"less", 2, {&f, &i}},        /* one dtype */
        {"equal", 2, {&f, &(nnx_operand_desc){NNX_FLOAT32, 1, {2}}}},
        {"where", 3, {&f, &f, &f}},  /* condition must be bool */
        {"where", 3, {&b, &f, &i}},  /* values of one dtype */
        {"where", 3, {&b2, &f, &f}}, /* [2] with [3] */
    };
    for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
        nnx_op op = op_named(bad[k].op);
        nnx_node node = {.op = op, .n_in = bad[k].n, .n_out = 1, .in = ids, .out = &o, .label = ""};
        nnx_error err = {0};
        if (nnx_node_infer(&node, bad[k].in, &out, &err) != NNX_ERROR_INVALID_ARGUMENT)
            fail_msg("case %zu (%s) was accepted", k, bad[k].op);
        assert_true(err.message[0] != '\0');
    }
}

/* An NNEF literal of the wrong kind is still rejected by the checker, before lowering. */
static void test_nnef_compare_rejects_logical(void **state)
{
    (void)state;
    char dir[300];
    write_document("version 1.0;\ngraph g( a ) -> ( z )\n{\n    a = external<logical>(shape = [2]);\n"
                   "    z = lt(a, a);\n}\n",
                   dir, sizeof dir);
    nnx_context *ctx;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    nnx_model *model = NULL;
    nnx_status st = nnx_model_load(ctx, dir, NULL, &model);
    remove_document(dir);
    if (st == NNX_OK)
        fail_msg("lt of logical tensors was accepted");
    assert_non_null(strstr(nnx_context_error(ctx), "graph.nnef:5:"));
    nnx_context_destroy(ctx);
}

int main(void)
{
    static const struct CMUnitTest extra[] = {
        cmocka_unit_test(test_core_rejects),
        cmocka_unit_test(test_nnef_compare_rejects_logical),
    };
    return nnef_run_main("nnef_run_elementwise", nre_cases, sizeof nre_cases / sizeof *nre_cases, nre_core_cases,
                         sizeof nre_core_cases / sizeof *nre_core_cases, extra, sizeof extra / sizeof *extra);
}
