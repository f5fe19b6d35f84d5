/* test_nnef_run_sampling.c — debox, desample, multilinear_upsample and the compounds
 * nearest_upsample / nearest_downsample / area_downsample run end to end: each generated document
 * (tests/data/nnef_run_sampling_expected.h, regenerate with
 * tests/unit/formats/nnef/gen_nnef_run_sampling.py) is loaded, built, dispatched and compared with
 * a scatter-form numpy oracle; plus core inference rejections, NNEF-level rejections (X mod factor
 * for the down-samplers) and the way back to NNEF. */
#define _POSIX_C_SOURCE 200809L
#define NNEF_RUN_WRITTEN
#include "nnef_run_harness.h"

#include "formats/nnef/shapes/shapes.h"
#include "ops/graph_build.h"
#include "ops/table.h"

#include "../../../data/nnef_run_sampling_expected.h"

static nnx_status infer(nnx_op op, const nnx_attrs *a, const nnx_operand_desc *x, const nnx_operand_desc *index,
                        nnx_operand_desc *out, nnx_error *err)
{
    uint32_t ids[2] = {0, 1}, o = 2;
    nnx_node node = {.op = op, .n_in = index ? 2 : 1, .n_out = 1, .in = ids, .out = &o, .label = "", .attrs = *a};
    const nnx_operand_desc *in[2] = {x, index};
    return nnx_node_infer(&node, in, out, err);
}

static void expect_reject(const char *what, nnx_op op, const nnx_attrs *a, const nnx_operand_desc *x,
                          const nnx_operand_desc *index, const char *reason)
{
    nnx_operand_desc out;
    nnx_error err = {0};
    nnx_status st = infer(op, a, x, index, &out, &err);
    if (st != NNX_ERROR_INVALID_ARGUMENT || !strstr(err.message, reason))
        fail_msg("%s: status %d, message \"%s\", expected INVALID_ARGUMENT with \"%s\"", what, (int)st, err.message,
                 reason);
}

/* debox / desample inference: what they accept and the extents they compute. */
static void test_reverse_window_infer(void **state)
{
    (void)state;
    nnx_operand_desc f = {NNX_FLOAT32, 2, {3, 4}}, i32 = {NNX_INT32, 2, {3, 4}}, out;
    nnx_attrs ok = {.window = {.size = {1, 3},
                               .stride = {1, 2},
                               .dilation = {1, 1},
                               .pad_begin = {0, 1},
                               .pad_end = {0, 0},
                               .border = NNX_WINDOW_CONSTANT}};
    nnx_error err = {0};
    /* X = (x - 1) * s + f_d - p - q = 3 * 2 + 3 - 1 = 8 */
    assert_int_equal(infer(NNX_OP_DEBOX, &ok, &f, NULL, &out, &err), NNX_OK);
    assert_int_equal(out.shape[0], 3);
    assert_int_equal(out.shape[1], 8);
    nnx_attrs a = ok;
    a.window.output_shape[1] = 9; /* floor((1 + 9 - 3) / 2) + 1 = 4: accepted */
    assert_int_equal(infer(NNX_OP_DESAMPLE, &a, &f, &i32, &out, &err), NNX_OK);
    assert_int_equal(out.shape[1], 9);
    a.window.output_shape[1] = 10;
    expect_reject("output_shape 10", NNX_OP_DEBOX, &a, &f, NULL, "does not down-scale to the input extent 4");
    a = ok;
    a.window.pad_begin[1] = 9;
    expect_reject("X <= 0", NNX_OP_DEBOX, &a, &f, NULL, "is not positive");
    expect_reject("int input", NNX_OP_DEBOX, &ok, &i32, NULL, "not a floating-point type");
    a = ok;
    a.window.border = NNX_WINDOW_REPLICATE;
    expect_reject("desample replicate", NNX_OP_DESAMPLE, &a, &f, &i32, "desample allows 'constant' only");
    nnx_operand_desc bad_index = {NNX_INT32, 2, {3, 8}};
    expect_reject("index shape", NNX_OP_DESAMPLE, &ok, &f, &bad_index, "index is");
    bad_index = (nnx_operand_desc){NNX_FLOAT32, 2, {3, 4}};
    expect_reject("index type", NNX_OP_DESAMPLE, &ok, &f, &bad_index, "not int32 or int64");
    a = ok;
    a.window.size[1] = 0;
    expect_reject("size 0", NNX_OP_DEBOX, &a, &f, NULL, "window volume");
    a = ok;
    a.window.stride[0] = 0;
    expect_reject("stride 0", NNX_OP_DEBOX, &a, &f, NULL, "must be >= 1");
    a = ok;
    a.window.border = (nnx_window_border)7;
    expect_reject("border 7", NNX_OP_DEBOX, &a, &f, NULL, "unknown");
    /* reflect: size 4 with padding 0 reads q = (i - j) down to -3 on an extent-4 axis (reach 3:
     * accepted); size 5 reads -4 (rejected); reflect-even reaches 4. */
    a = (nnx_attrs){.window = {.size = {1, 4}, .stride = {1, 1}, .dilation = {1, 1}, .border = NNX_WINDOW_REFLECT}};
    assert_int_equal(infer(NNX_OP_DEBOX, &a, &f, NULL, &out, &err), NNX_OK);
    a.window.size[1] = 5;
    expect_reject("reflect past", NNX_OP_DEBOX, &a, &f, NULL, "border 'reflect' reads 4 before");
    a.window.border = NNX_WINDOW_REFLECT_EVEN;
    assert_int_equal(infer(NNX_OP_DEBOX, &a, &f, NULL, &out, &err), NNX_OK);
    /* stride 2 skips odd numerators: size 5, p = 0 reads down to ceil(-4 / 2) = -2 only */
    a.window.border = NNX_WINDOW_REFLECT;
    a.window.stride[1] = 2;
    assert_int_equal(infer(NNX_OP_DEBOX, &a, &f, NULL, &out, &err), NNX_OK);
}

/* multilinear_upsample inference. */
static void test_upsample_infer(void **state)
{
    (void)state;
    nnx_operand_desc f = {NNX_FLOAT32, 4, {1, 2, 3, 1}}, i32 = {NNX_INT32, 4, {1, 2, 3, 1}}, out;
    nnx_attrs ok = {
        .upsample = {.factor = {1, 1, 2, 3}, .method = NNX_UPSAMPLE_ALIGNED, .border = NNX_WINDOW_REFLECT_EVEN}};
    nnx_error err = {0};
    assert_int_equal(infer(NNX_OP_MULTILINEAR_UPSAMPLE, &ok, &f, NULL, &out, &err), NNX_OK);
    assert_int_equal(out.shape[2], 6);
    assert_int_equal(out.shape[3], 3);
    nnx_attrs a = ok;
    a.upsample.factor[2] = 0;
    expect_reject("factor 0", NNX_OP_MULTILINEAR_UPSAMPLE, &a, &f, NULL, "factor 0");
    a = ok;
    a.upsample.border = NNX_WINDOW_IGNORE;
    expect_reject("border ignore", NNX_OP_MULTILINEAR_UPSAMPLE, &a, &f, NULL, "not constant, replicate");
    a = ok;
    a.upsample.method = (nnx_upsample_method)3;
    expect_reject("method 3", NNX_OP_MULTILINEAR_UPSAMPLE, &a, &f, NULL, "method 3 is unknown");
    a = ok;
    a.upsample.border = NNX_WINDOW_REFLECT;
    expect_reject("reflect extent 1", NNX_OP_MULTILINEAR_UPSAMPLE, &a, &f, NULL, "needs an extent >= 2");
    expect_reject("int input", NNX_OP_MULTILINEAR_UPSAMPLE, &ok, &i32, NULL, "not a floating-point type");
    a = ok;
    a.upsample.factor[3] = 1u << 31;
    expect_reject("overflow", NNX_OP_MULTILINEAR_UPSAMPLE, &a, &f, NULL, "exceeds 2^31-1");
}

/* A document that must fail to load or build with the given status and message part. */
static void expect_document_error(const char *doc, nnx_status want, const char *reason)
{
    char dir[300];
    write_document(doc, dir, sizeof dir);
    nnx_context *ctx;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    nnx_model *model = NULL;
    nnx_graph *graph = NULL;
    nnx_status st = nnx_model_load(ctx, dir, NULL, &model);
    remove_document(dir);
    if (st == NNX_OK) {
        st = nnx_model_build(model, &graph);
        nnx_model_destroy(model);
    }
    if (st != want || !strstr(nnx_context_error(ctx), reason))
        fail_msg("status %s, message \"%s\"; expected %s with \"%s\"", nnx_status_string(st), nnx_context_error(ctx),
                 nnx_status_string(want), reason);
    nnx_context_destroy(ctx);
}

/* NNEF 1.0.2 §4.3.4: the down-samplers need X mod factor == 0, which their box would not check;
 * desample allows border 'constant' only; output_shape must down-scale to the input. */
static void test_document_rejects(void **state)
{
    (void)state;
    expect_document_error("version 1.0;\ngraph G( x ) -> ( y )\n{\n"
                          "    x = external<scalar>(shape = [1, 2, 5, 4]);\n"
                          "    y = nearest_downsample(x, factor = [2, 2]);\n}\n",
                          NNX_ERROR_INVALID_MODEL, "extent 5 of dimension 2 is not a multiple of the factor 2");
    expect_document_error("version 1.0;\ngraph G( x ) -> ( y )\n{\n"
                          "    x = external<scalar>(shape = [1, 2, 4, 7]);\n"
                          "    y = area_downsample(x, factor = [2, 3]);\n}\n",
                          NNX_ERROR_INVALID_MODEL, "extent 7 of dimension 3 is not a multiple of the factor 3");
    expect_document_error("version 1.0;\ngraph G( x, i ) -> ( y )\n{\n"
                          "    x = external<scalar>(shape = [1, 1, 2, 2]);\n"
                          "    i = external<integer>(shape = [1, 1, 2, 2]);\n"
                          "    y = desample(x, i, size = [1, 1, 2, 2], border = 'replicate');\n}\n",
                          NNX_ERROR_INVALID_MODEL, "border");
    expect_document_error("version 1.0;\ngraph G( x ) -> ( y )\n{\n"
                          "    x = external<scalar>(shape = [1, 1, 3, 3]);\n"
                          "    y = debox(x, size = [1, 1, 2, 2], stride = [1, 1, 2, 2], output_shape = [1, 1, 7, 6]);\n"
                          "}\n",
                          NNX_ERROR_INVALID_MODEL, "output_shape item 2 (7) down-scales to 4");
}

/* A core debox, desample and multilinear_upsample written as NNEF (nnx_nnef_from_ir): explicit
 * padding and output_shape come out, and NNEF shape propagation agrees with the core. */
static void test_sampling_written_as_nnef(void **state)
{
    (void)state;
    nnx_alloc a;
    nnx_alloc_init(&a, NULL);
    nnx_error err = {0};
    nnx_ir ir;
    nnx_ir_init(&ir, &a);
    nnx_operand_desc x = {NNX_FLOAT32, 4, {1, 2, 3, 4}}, xi = {NNX_INT32, 4, {1, 2, 3, 4}};
    uint32_t ins[2], deboxed, desampled, up, outs[3];
    assert_int_equal(nnx_ir_add_input(&ir, "x", &x, &ins[0], &err), NNX_OK);
    assert_int_equal(nnx_ir_add_input(&ir, "i", &xi, &ins[1], &err), NNX_OK);
    nnx_attrs wa = {.window = {.size = {1, 1, 2, 3},
                               .stride = {1, 1, 2, 2},
                               .dilation = {1, 1, 1, 1},
                               .pad_begin = {0, 0, 1, 0},
                               .pad_end = {0, 0, 0, 1},
                               .border = NNX_WINDOW_REFLECT_EVEN,
                               .normalize = true,
                               .output_shape = {0, 0, 0, 9}}};
    assert_int_equal(nnx_ir_add_node(&ir, NNX_OP_DEBOX, ins, 1, &wa, 1, "", &deboxed, &err), NNX_OK);
    wa.window.border = NNX_WINDOW_CONSTANT;
    wa.window.normalize = false;
    assert_int_equal(nnx_ir_add_node(&ir, NNX_OP_DESAMPLE, ins, 2, &wa, 1, "", &desampled, &err), NNX_OK);
    nnx_attrs ua = {.upsample = {.factor = {1, 1, 3, 2}, .method = NNX_UPSAMPLE_ALIGNED, .border = NNX_WINDOW_REFLECT}};
    assert_int_equal(nnx_ir_add_node(&ir, NNX_OP_MULTILINEAR_UPSAMPLE, ins, 1, &ua, 1, "", &up, &err), NNX_OK);
    outs[0] = deboxed;
    outs[1] = desampled;
    outs[2] = up;
    const char *in_names[2] = {"x", "i"}, *out_names[3] = {"y", "z", "u"};
    nnef_written nw;
    nnef_write_ir(&ir, ins, in_names, 2, outs, out_names, 3, &nw);
    if (!strstr(nw.text.data,
                "debox(x, size = [1, 1, 2, 3], border = 'reflect-even', padding = [(0, 0), (0, 0), (1, 0), "
                "(0, 1)], stride = [1, 1, 2, 2], dilation = [1, 1, 1, 1], output_shape = [1, 2, 5, 9], "
                "normalize = true)") ||
        !strstr(nw.text.data, "desample(x, i, size = [1, 1, 2, 3], border = 'constant'") ||
        !strstr(nw.text.data, "multilinear_upsample(x, factor = [3, 2], method = 'aligned', border = 'reflect')"))
        fail_msg("unexpected text:\n%s", nw.text.data);
    const uint32_t want[3][4] = {{1, 2, 5, 9}, {1, 2, 5, 9}, {1, 2, 9, 8}};
    for (int k = 0; k < 3; k++) {
        const nnx_nnef_flat_tensor *y = &nw.g.tensors[nw.g.outputs[k]];
        assert_int_equal(y->rank, 4);
        assert_memory_equal(y->shape, want[k], sizeof want[k]);
    }
    nnef_written_free(&nw);
    nnx_ir_free(&ir);
}

int main(void)
{
    static const struct CMUnitTest extra[] = {
        cmocka_unit_test(test_reverse_window_infer),
        cmocka_unit_test(test_upsample_infer),
        cmocka_unit_test(test_document_rejects),
        cmocka_unit_test(test_sampling_written_as_nnef),
    };
    return nnef_run_main("nnef_run_sampling", nrs_cases, sizeof nrs_cases / sizeof *nrs_cases, nrs_core_cases,
                         sizeof nrs_core_cases / sizeof *nrs_core_cases, extra, sizeof extra / sizeof *extra);
}
