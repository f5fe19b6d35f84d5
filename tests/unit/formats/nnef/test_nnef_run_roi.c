/* test_nnef_run_roi.c — avg_roi_pool, max_roi_pool, roi_resample and the compounds avg_roi_align /
 * max_roi_align run end to end: each generated document (tests/data/nnef_run_roi_expected.h,
 * regenerate with tests/unit/formats/nnef/gen_nnef_run_roi.py) is loaded, built, dispatched and
 * compared with an explicit-loop numpy oracle; plus inference rejections, run-time failures on bad
 * RoI data (a status, not a crash) and the way back to NNEF. */
#define _POSIX_C_SOURCE 200809L
#define NNEF_RUN_WRITTEN
#include "nnef_run_harness.h"

#include "formats/nnef/shapes/shapes.h"
#include "ir/dtypes.h"
#include "ops/graph_build.h"

#include "ops/table.h"

#include "../../../data/nnef_run_roi_expected.h"

/* Core inference rejects malformed operands and attributes with INVALID_ARGUMENT and says why. */
static void test_roi_rejects(void **state)
{
    (void)state;
    nnx_operand_desc x = {NNX_FLOAT32, 4, {2, 3, 8, 9}}, rois = {NNX_FLOAT32, 2, {5, 4}},
                     index = {NNX_INT32, 2, {5, 1}}, out;
    nnx_attr_roi ok = {.n_sizes = 2, .output_size = {3, 2}, .method = NNX_ROI_ALIGNED};
    struct {
        nnx_op op;
        nnx_operand_desc x, rois, index;
        nnx_attr_roi a;
        const char *message;
    } bad[] = {
        {NNX_OP_AVG_ROI_POOL, {NNX_FLOAT32, 2, {2, 3}}, rois, index, ok, "input rank 2 is less than 3"},
        {NNX_OP_AVG_ROI_POOL, {NNX_INT32, 4, {2, 3, 8, 9}}, rois, index, ok, "input type int32 is not a floating"},
        {NNX_OP_MAX_ROI_POOL, x, {NNX_FLOAT32, 2, {5, 6}}, index, ok, "expected [K, 4]"},
        {NNX_OP_MAX_ROI_POOL, x, {NNX_FLOAT32, 3, {5, 4, 1}}, index, ok, "expected [K, 4]"},
        {NNX_OP_ROI_RESAMPLE, x, {NNX_INT32, 2, {5, 4}}, index, ok, "rois type int32"},
        {NNX_OP_AVG_ROI_POOL, x, rois, {NNX_INT32, 2, {4, 1}}, ok, "expected [5, 1] or [5]"},
        {NNX_OP_AVG_ROI_POOL, x, rois, {NNX_INT32, 2, {5, 2}}, ok, "expected [5, 1] or [5]"},
        {NNX_OP_AVG_ROI_POOL, x, rois, {NNX_FLOAT32, 1, {5}}, ok, "batch_index type float32"},
        {NNX_OP_MAX_ROI_POOL, x, rois, index, {.n_sizes = 1, .output_size = {3}}, "output_size has 1 items"},
        {NNX_OP_MAX_ROI_POOL, x, rois, index, {.n_sizes = 3, .output_size = {3, 2, 1}}, "output_size has 3 items"},
        {NNX_OP_AVG_ROI_POOL, x, rois, index, {.n_sizes = 2, .output_size = {3, 0}}, "output_size[1] = 0"},
        {NNX_OP_ROI_RESAMPLE,
         x,
         rois,
         index,
         {.n_sizes = 2, .output_size = {1, 1}, .method = (nnx_roi_method)3},
         "method 3 is unknown"},
    };
    uint32_t ids[3] = {0, 1, 2}, o = 3;
    for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
        nnx_node node = {.op = bad[k].op, .n_in = 3, .n_out = 1, .in = ids, .out = &o, .label = ""};
        node.attrs.roi = bad[k].a;
        nnx_error err = {0};
        const nnx_operand_desc *in[3] = {&bad[k].x, &bad[k].rois, &bad[k].index};
        nnx_status st = nnx_node_infer(&node, in, &out, &err);
        if (st != NNX_ERROR_INVALID_ARGUMENT || !strstr(err.message, bad[k].message))
            fail_msg("case %zu: status %s, message '%s', expected INVALID_ARGUMENT with '%s'", k, nnx_status_string(st),
                     err.message, bad[k].message);
    }
    /* the valid operands: [K, C, output_size...]; batch_index [K] is accepted too */
    nnx_node node = {.op = NNX_OP_ROI_RESAMPLE, .n_in = 3, .n_out = 1, .in = ids, .out = &o, .label = ""};
    node.attrs.roi = ok;
    nnx_operand_desc flat = {NNX_INT64, 1, {5}};
    const nnx_operand_desc *in[3] = {&x, &rois, &flat};
    nnx_error err = {0};
    assert_int_equal(nnx_node_infer(&node, in, &out, &err), NNX_OK);
    nnx_operand_desc want = {NNX_FLOAT32, 4, {5, 3, 3, 2}};
    assert_true(nnx_desc_equal(&out, &want));
}

/* Loads doc from a temporary folder; returns the status and leaves the message in ctx. */
static nnx_status load_document(nnx_context *ctx, const char *doc, nnx_graph **graph)
{
    char dir[300];
    write_document(doc, dir, sizeof dir);
    nnx_model *model = NULL;
    nnx_status st = nnx_model_load(ctx, dir, NULL, &model);
    remove_document(dir);
    if (st == NNX_OK) {
        st = nnx_model_build(model, graph);
        nnx_model_destroy(model);
    }
    return st;
}

/* NNEF documents whose RoI operands break §3.1's validity list are rejected when loaded. */
static void test_roi_document_rejects(void **state)
{
    (void)state;
    static const struct {
        const char *op, *rois, *index, *size, *message;
    } bad[] = {
        {"avg_roi_pool", "3, 6", "3, 1", "[2, 2]", "rois shape [3,6] != [3,4]"},
        {"max_roi_pool", "3, 4", "2, 1", "[2, 2]", "batch_index shape [2,1] != [3,1]"},
        {"roi_resample", "3, 4", "3, 1", "[2]", "output_size"},
        {"avg_roi_pool", "3, 4", "3, 1", "[2, 0]", "output_size"},
    };
    for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
        char doc[600];
        snprintf(doc, sizeof doc,
                 "version 1.0;\n\ngraph g( x, rois, index ) -> ( y )\n{\n"
                 "    x = external<scalar>(shape = [2, 3, 8, 9]);\n"
                 "    rois = external<scalar>(shape = [%s]);\n"
                 "    index = external<integer>(shape = [%s]);\n"
                 "    y = %s(x, rois, index, output_size = %s);\n}\n",
                 bad[k].rois, bad[k].index, bad[k].op, bad[k].size);
        nnx_context *ctx;
        assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
        nnx_graph *graph = NULL;
        nnx_status st = load_document(ctx, doc, &graph);
        if (st != NNX_ERROR_INVALID_MODEL || !strstr(nnx_context_error(ctx), bad[k].message))
            fail_msg("case %zu: %s: %s", k, nnx_status_string(st), nnx_context_error(ctx));
        nnx_context_destroy(ctx);
    }
}

/* A batch index outside [0, N) or a non-finite coordinate fails the run with
 * INVALID_ARGUMENT naming the operation (no crash, nothing read out of bounds); a later run
 * with valid data succeeds. */
static void test_roi_bad_region_data(void **state)
{
    (void)state;
    static const char doc[] = "version 1.0;\n\ngraph g( x, rois, index ) -> ( p, q )\n{\n"
                              "    x = external<scalar>(shape = [2, 1, 3, 3]);\n"
                              "    rois = external<scalar>(shape = [2, 4]);\n"
                              "    index = external<integer>(shape = [2, 1]);\n"
                              "    p = max_roi_pool(x, rois, index, output_size = [2, 2]);\n"
                              "    q = roi_resample(x, rois, index, output_size = [2, 2]);\n}\n";
    nnx_context *ctx;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    nnx_graph *graph = NULL;
    nnx_status st = load_document(ctx, doc, &graph);
    if (st != NNX_OK)
        fail_msg("%s: %s", nnx_status_string(st), nnx_context_error(ctx));
    float xs[18], nan = NAN, inf = INFINITY;
    for (int i = 0; i < 18; i++)
        xs[i] = (float)i;
    struct {
        int32_t index[2];
        float rois[8];
        nnx_status want;
    } runs[] = {
        {{0, 2}, {0, 0, 3, 3, 1, 1, 2, 2}, NNX_ERROR_INVALID_ARGUMENT},   /* N = 2 */
        {{-1, 0}, {0, 0, 3, 3, 1, 1, 2, 2}, NNX_ERROR_INVALID_ARGUMENT},  /* negative */
        {{1, 0}, {0, 0, nan, 3, 1, 1, 2, 2}, NNX_ERROR_INVALID_ARGUMENT}, /* NaN coordinate */
        {{1, 0}, {0, 0, 3, 3, 1, -inf, 2, 2}, NNX_ERROR_INVALID_ARGUMENT},
        {{1, 0}, {0, 0, 3, 3, 1, 1, 2, 3e9f}, NNX_ERROR_INVALID_ARGUMENT}, /* beyond 2^31 */
        {{1, 0}, {0, 0, 3, 3, 1, 1, 2, 2}, NNX_OK},
    };
    nnx_operand_desc dx = {NNX_FLOAT32, 4, {2, 1, 3, 3}}, dr = {NNX_FLOAT32, 2, {2, 4}}, di = {NNX_INT32, 2, {2, 1}},
                     dy = {NNX_FLOAT32, 4, {2, 1, 2, 2}};
    nnx_named_tensor ins[3] = {{"x", NULL}, {"rois", NULL}, {"index", NULL}}, outs[2] = {{"p", NULL}, {"q", NULL}};
    assert_int_equal(nnx_tensor_create(ctx, &(nnx_tensor_desc){.desc = dx, .writable = true}, &ins[0].tensor), NNX_OK);
    assert_int_equal(nnx_tensor_create(ctx, &(nnx_tensor_desc){.desc = dr, .writable = true}, &ins[1].tensor), NNX_OK);
    assert_int_equal(nnx_tensor_create(ctx, &(nnx_tensor_desc){.desc = di, .writable = true}, &ins[2].tensor), NNX_OK);
    for (int i = 0; i < 2; i++)
        assert_int_equal(nnx_tensor_create(ctx, &(nnx_tensor_desc){.desc = dy, .readable = true}, &outs[i].tensor),
                         NNX_OK);
    assert_int_equal(nnx_tensor_write(ins[0].tensor, xs, sizeof xs), NNX_OK);
    for (size_t k = 0; k < sizeof runs / sizeof *runs; k++) {
        assert_int_equal(nnx_tensor_write(ins[1].tensor, runs[k].rois, sizeof runs[k].rois), NNX_OK);
        assert_int_equal(nnx_tensor_write(ins[2].tensor, runs[k].index, sizeof runs[k].index), NNX_OK);
        st = nnx_context_dispatch(ctx, graph, ins, 3, outs, 2);
        if (st != runs[k].want)
            fail_msg("run %zu: %s (%s), expected %s", k, nnx_status_string(st), nnx_context_error(ctx),
                     nnx_status_string(runs[k].want));
        if (st != NNX_OK && !strstr(nnx_context_error(ctx), "roi"))
            fail_msg("run %zu: the message does not name the operation: %s", k, nnx_context_error(ctx));
    }
    /* the valid run: RoI 0 = the whole of batch item 1 rounded, max over 2x2 cells of extent 2,
     * stride 1: rows {0,1} / {1,2} x cols {0,1} / {1,2} of 9..17 */
    float got[8];
    assert_int_equal(nnx_tensor_read(outs[0].tensor, got, sizeof got), NNX_OK);
    assert_true(got[0] == 13.0f && got[1] == 14.0f && got[2] == 16.0f && got[3] == 17.0f);
    nnx_context_destroy(ctx);
}

/* Core RoI ops written as NNEF (nnx_nnef_from_ir) come out as the NNEF primitives, and NNEF
 * shape propagation agrees with the core. */
static void test_roi_written_as_nnef(void **state)
{
    (void)state;
    nnx_alloc a;
    nnx_alloc_init(&a, NULL);
    nnx_error err = {0};
    nnx_ir ir;
    nnx_ir_init(&ir, &a);
    nnx_operand_desc x = {NNX_FLOAT32, 4, {2, 3, 8, 9}}, r = {NNX_FLOAT32, 2, {5, 4}}, i = {NNX_INT32, 2, {5, 1}};
    uint32_t in[3], outs[2];
    assert_int_equal(nnx_ir_add_input(&ir, "x", &x, &in[0], &err), NNX_OK);
    assert_int_equal(nnx_ir_add_input(&ir, "rois", &r, &in[1], &err), NNX_OK);
    assert_int_equal(nnx_ir_add_input(&ir, "index", &i, &in[2], &err), NNX_OK);
    nnx_attrs ra = {.roi = {.n_sizes = 2, .output_size = {3, 2}}};
    assert_int_equal(nnx_ir_add_node(&ir, NNX_OP_MAX_ROI_POOL, in, 3, &ra, 1, "", &outs[0], &err), NNX_OK);
    ra.roi.method = NNX_ROI_ALIGNED;
    ra.roi.output_size[0] = 4;
    assert_int_equal(nnx_ir_add_node(&ir, NNX_OP_ROI_RESAMPLE, in, 3, &ra, 1, "", &outs[1], &err), NNX_OK);
    const char *in_names[3] = {"x", "rois", "index"}, *out_names[2] = {"y", "z"};
    nnef_written nw;
    nnef_write_ir(&ir, in, in_names, 3, outs, out_names, 2, &nw);
    if (!strstr(nw.text.data, "max_roi_pool(x, rois, index, output_size = [3, 2])") ||
        !strstr(nw.text.data, "roi_resample(x, rois, index, output_size = [4, 2], method = 'aligned')"))
        fail_msg("unexpected text:\n%s", nw.text.data);
    const nnx_nnef_flat_tensor *y = &nw.g.tensors[nw.g.outputs[1]];
    assert_int_equal(y->rank, 4);
    assert_int_equal(y->shape[0], 5);
    assert_int_equal(y->shape[2], 4);
    assert_int_equal(y->shape[3], 2);
    nnef_written_free(&nw);
    nnx_ir_free(&ir);
}

int main(void)
{
    static const struct CMUnitTest extra[] = {
        cmocka_unit_test(test_roi_rejects),
        cmocka_unit_test(test_roi_document_rejects),
        cmocka_unit_test(test_roi_bad_region_data),
        cmocka_unit_test(test_roi_written_as_nnef),
    };
    return nnef_run_main("nnef_run_roi", nrr_cases, sizeof nrr_cases / sizeof *nrr_cases, nrr_core_cases,
                         sizeof nrr_core_cases / sizeof *nrr_core_cases, extra, sizeof extra / sizeof *extra);
}
