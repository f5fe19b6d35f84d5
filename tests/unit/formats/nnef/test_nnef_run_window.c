/* test_nnef_run_window.c — box, argmax_pool, sample, max_pool and avg_pool over any dimensions run
 * end to end: each generated document (tests/data/nnef_run_window_expected.h, regenerate with
 * tests/unit/formats/nnef/gen_nnef_run_window.py) is loaded, built, dispatched and compared exactly
 * with an explicit-loop numpy oracle; plus inference rejections and the way back to NNEF. */
#define _POSIX_C_SOURCE 200809L
#define NNEF_RUN_WRITTEN
#include "nnef_run_harness.h"

#include "formats/nnef/shapes/shapes.h"
#include "ops/graph_build.h"
#include "ops/table.h"

#include "../../../data/nnef_run_window_expected.h"

/* Inference rejects what the window ops do not define. */
static void test_window_rejects(void **state)
{
    (void)state;
    nnx_operand_desc f = {NNX_FLOAT32, 2, {3, 4}}, i = {NNX_INT32, 2, {3, 4}}, out;
    uint32_t ids[2] = {0, 1}, o = 2;
    nnx_attr_window ok = {.size = {1, 2}, .stride = {1, 1}, .dilation = {1, 1}, .border = NNX_WINDOW_CONSTANT};
    nnx_attr_window w[6];
    for (int k = 0; k < 6; k++)
        w[k] = ok;
    w[0].size[1] = 0;                                           /* empty window */
    w[1].border = NNX_WINDOW_REFLECT, w[1].pad_begin[1] = 4;    /* reflect past extent 4 */
    w[2].border = NNX_WINDOW_REFLECT_EVEN, w[2].pad_end[0] = 4; /* reflect-even past extent 3 */
    w[3].pad_begin[1] = -3;                                     /* padded extent 1 < window 2 */
    w[4].border = (nnx_window_border)9;                         /* unknown border */
    w[5].stride[0] = 0;                                         /* stride 0 */
    struct {
        const char *op;
        const nnx_operand_desc *in;
        const nnx_attr_window *a;
    } bad[] = {
        {"box", &f, &w[0]},         {"box", &f, &w[1]}, {"argmax_pool", &f, &w[2]}, {"box", &f, &w[3]},
        {"argmax_pool", &f, &w[4]}, {"box", &f, &w[5]}, {"box", &i, &ok}, /* box: float only */
    };
    for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
        nnx_node node = {.op = op_named(bad[k].op), .n_in = 1, .n_out = 1, .in = ids, .out = &o, .label = ""};
        node.attrs.window = *bad[k].a;
        nnx_error err = {0};
        const nnx_operand_desc *in[1] = {bad[k].in};
        if (nnx_node_infer(&node, in, &out, &err) != NNX_ERROR_INVALID_ARGUMENT)
            fail_msg("case %zu (%s) was accepted", k, bad[k].op);
        assert_true(err.message[0] != '\0');
    }
    /* sample: the index must have the output shape. */
    nnx_operand_desc idx = {NNX_INT32, 2, {3, 4}};
    nnx_node node = {.op = NNX_OP_SAMPLE, .n_in = 2, .n_out = 1, .in = ids, .out = &o, .label = ""};
    node.attrs.window = ok;
    nnx_error err = {0};
    const nnx_operand_desc *in[2] = {&f, &idx};
    assert_int_equal(nnx_node_infer(&node, in, &out, &err), NNX_ERROR_INVALID_ARGUMENT);
    idx.shape[1] = 3;
    assert_int_equal(nnx_node_infer(&node, in, &out, &err), NNX_OK);
}

/* A core box and argmax_pool + sample written as NNEF (nnx_nnef_from_ir): explicit window
 * parameters come out as NNEF spells them and NNEF shape propagation agrees with the core. */
static void test_window_written_as_nnef(void **state)
{
    (void)state;
    nnx_alloc a;
    nnx_alloc_init(&a, NULL);
    nnx_error err = {0};
    nnx_ir ir;
    nnx_ir_init(&ir, &a);
    nnx_operand_desc x = {NNX_FLOAT32, 3, {1, 4, 6}};
    uint32_t in, boxed, index, sampled, outs[2];
    assert_int_equal(nnx_ir_add_input(&ir, "x", &x, &in, &err), NNX_OK);
    nnx_attrs wa = {.window = {.size = {1, 2, 3},
                               .stride = {1, 1, 2},
                               .dilation = {1, 1, 1},
                               .pad_begin = {0, 1, 1},
                               .pad_end = {0, 0, 1},
                               .border = NNX_WINDOW_REFLECT_EVEN,
                               .normalize = true}};
    assert_int_equal(nnx_ir_add_node(&ir, NNX_OP_BOX, &in, 1, &wa, 1, "", &boxed, &err), NNX_OK);
    wa.window.border = NNX_WINDOW_IGNORE;
    assert_int_equal(nnx_ir_add_node(&ir, NNX_OP_ARGMAX_POOL, &in, 1, &wa, 1, "", &index, &err), NNX_OK);
    uint32_t si[2] = {in, index};
    assert_int_equal(nnx_ir_add_node(&ir, NNX_OP_SAMPLE, si, 2, &wa, 1, "", &sampled, &err), NNX_OK);
    outs[0] = boxed;
    outs[1] = sampled;
    const char *in_name = "x", *out_names[2] = {"y", "z"};
    nnef_written nw;
    nnef_write_ir(&ir, &in, &in_name, 1, outs, out_names, 2, &nw);
    if (!strstr(nw.text.data,
                "box(x, size = [1, 2, 3], border = 'reflect-even', padding = [(0, 0), (1, 0), (1, 1)], "
                "stride = [1, 1, 2], dilation = [1, 1, 1], normalize = true)") ||
        !strstr(nw.text.data, "argmax_pool(x, size = [1, 2, 3], border = 'ignore'") ||
        !strstr(nw.text.data, "sample(x, "))
        fail_msg("unexpected text:\n%s", nw.text.data);
    const nnx_nnef_flat_tensor *y = &nw.g.tensors[nw.g.outputs[0]];
    assert_int_equal(y->rank, 3);
    assert_int_equal(y->shape[1], 4);
    assert_int_equal(y->shape[2], 3);
    nnef_written_free(&nw);
    nnx_ir_free(&ir);
}

int main(void)
{
    static const struct CMUnitTest extra[] = {
        cmocka_unit_test(test_window_rejects),
        cmocka_unit_test(test_window_written_as_nnef),
    };
    return nnef_run_main("nnef_run_window", nrw_cases, sizeof nrw_cases / sizeof *nrw_cases, nrw_core_cases,
                         sizeof nrw_core_cases / sizeof *nrw_core_cases, extra, sizeof extra / sizeof *extra);
}
