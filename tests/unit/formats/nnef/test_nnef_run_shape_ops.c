/* test_nnef_run_shape_ops.c — argmax/argmin/all/any_reduce, pad, tile, stack and unstack run end to
 * end: each generated document is written to a temporary folder as graph.nnef, loaded, built,
 * dispatched and compared exactly with numpy's outputs (tests/data/ nnef_run_shape_ops_expected.h,
 * regenerate with tests/unit/formats/nnef/gen_nnef_run_shape_ops.py). Core-op cases cover dtypes
 * NNEF cannot spell (int64 indices, uint8/int8 pad) through the op table. */
#define _POSIX_C_SOURCE 200809L
#define NNEF_RUN_WRITTEN
#include "nnef_run_harness.h"

#include "formats/nnef/shapes/shapes.h"
#include "ops/graph_build.h"
#include "ops/table.h"

#include "../../../data/nnef_run_shape_ops_expected.h"

/* Inference rejects what the ops do not define. */
static void test_core_rejects(void **state)
{
    (void)state;
    nnx_operand_desc f = {NNX_FLOAT32, 2, {3, 4}}, b = {NNX_BOOL, 2, {3, 4}}, e = {NNX_FLOAT32, 2, {0, 4}};
    nnx_operand_desc out;
    uint32_t ids[1] = {0}, o = 1;
    struct {
        const char *op;
        const nnx_operand_desc *in;
        nnx_attrs attrs;
    } bad[] = {
        {"reduce_argmax", &f, {.arg_reduce = {.axes_mask = 1, .index_dtype = NNX_FLOAT32}}}, /* index type */
        {"reduce_argmin", &f, {.arg_reduce = {.axes_mask = 1}}},                             /* undefined index type */
        {"reduce_argmax", &e, {.arg_reduce = {.axes_mask = 1, .index_dtype = NNX_INT32}}},   /* empty set */
        {"reduce_argmax", &f, {.arg_reduce = {.axes_mask = 4, .index_dtype = NNX_INT32}}},   /* axis 2 of rank 2 */
        {"reduce_all", &f, {.reduce = {.axes_mask = 1}}},                                    /* bool only */
        {"reduce_any", &f, {.reduce = {.axes_mask = 1}}},
        {"pad", &f, {.pad = {.begin = {3, 0}, .mode = NNX_PAD_REFLECT}}}, /* past extent 3 */
        {"pad", &f, {.pad = {.end = {0, 5}, .mode = NNX_PAD_SYMMETRIC}}}, /* past extent 4 */
        {"pad", &f, {.pad = {.begin = {-2, 0}, .end = {-1, 0}}}},         /* crops everything */
        {"pad", &f, {.pad = {.mode = (nnx_pad_mode)7}}},                  /* unknown mode */
        {"pad", &e, {.pad = {.begin = {1, 0}, .mode = NNX_PAD_EDGE}}},    /* no edge to copy */
        {"tile", &f, {.tile = {.repeats = {1, 0}}}},                      /* 0 repeats */
        {"tile", &b, {.tile = {.repeats = {1, 1u << 30}}}},               /* beyond 2^31-1 */
    };
    for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
        nnx_op op = op_named(bad[k].op);
        nnx_node node = {.op = op, .n_in = 1, .n_out = 1, .in = ids, .out = &o, .label = "", .attrs = bad[k].attrs};
        nnx_error err = {0};
        const nnx_operand_desc *in[1] = {bad[k].in};
        if (nnx_node_infer(&node, in, &out, &err) != NNX_ERROR_INVALID_ARGUMENT)
            fail_msg("case %zu (%s) was accepted", k, bad[k].op);
        assert_true(err.message[0] != '\0');
    }
}

/* Loads and builds doc; returns the build status and copies the context's message. */
static nnx_status build_document(const char *doc, char *msg, size_t size)
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
    snprintf(msg, size, "%s", nnx_context_error(ctx));
    nnx_context_destroy(ctx);
    return st;
}

/* Reflect padding past the extent is rejected with a message (NNEF decision 23,
 * strict). */
static void test_nnef_pad_reflect_past_extent(void **state)
{
    (void)state;
    char msg[512];
    nnx_status st = build_document("version 1.0;\ngraph g( x ) -> ( y )\n{\n    x = external<scalar>(shape = [2, 3]);\n"
                                   "    y = pad(x, padding = [(0, 0), (3, 0)], border = 'reflect');\n}\n",
                                   msg, sizeof msg);
    if (st == NNX_OK)
        fail_msg("reflect padding of 3 on an extent of 3 was accepted");
    if (!strstr(msg, "reaches past the extent"))
        fail_msg("unexpected message: %s", msg);
    st = build_document("version 1.0;\ngraph g( x ) -> ( y )\n{\n    x = external<scalar>(shape = [2, 3]);\n"
                        "    y = pad(x, padding = [(0, 0), (0, 4)], border = 'reflect-even');\n}\n",
                        msg, sizeof msg);
    if (st == NNX_OK)
        fail_msg("reflect-even padding of 4 on an extent of 3 was accepted");
}

/* A core graph with pad and tile written as NNEF (nnx_nnef_from_ir): the borders and
 * repeats come out as NNEF spells them, and NNEF shape propagation agrees with the core. */
static void test_pad_tile_written_as_nnef(void **state)
{
    (void)state;
    nnx_alloc a;
    nnx_alloc_init(&a, NULL);
    nnx_error err = {0};
    nnx_ir ir;
    nnx_ir_init(&ir, &a);
    nnx_operand_desc x = {NNX_FLOAT32, 2, {2, 3}};
    uint32_t in, padded, tiled;
    assert_int_equal(nnx_ir_add_input(&ir, "x", &x, &in, &err), NNX_OK);
    nnx_attrs pa = {.pad = {.begin = {1, 0}, .end = {0, 2}, .mode = NNX_PAD_SYMMETRIC}};
    assert_int_equal(nnx_ir_add_node(&ir, NNX_OP_PAD, &in, 1, &pa, 1, "", &padded, &err), NNX_OK);
    nnx_attrs ta = {.tile = {.repeats = {2, 1}}};
    assert_int_equal(nnx_ir_add_node(&ir, NNX_OP_TILE, &padded, 1, &ta, 1, "", &tiled, &err), NNX_OK);
    const char *in_name = "x", *out_name = "y";
    nnef_written nw;
    nnef_write_ir(&ir, &in, &in_name, 1, &tiled, &out_name, 1, &nw);
    assert_non_null(strstr(nw.text.data, "pad(x, padding = [(1, 0), (0, 2)], border = 'reflect-even', value = 0.0)"));
    assert_non_null(strstr(nw.text.data, "tile(t0, repeats = [2, 1])"));
    const nnx_nnef_flat_tensor *y = &nw.g.tensors[nw.g.outputs[0]];
    assert_int_equal(y->rank, 2);
    assert_int_equal(y->shape[0], 6);
    assert_int_equal(y->shape[1], 5);
    nnef_written_free(&nw);
    nnx_ir_free(&ir);
}

int main(void)
{
    static const struct CMUnitTest extra[] = {
        cmocka_unit_test(test_core_rejects),
        cmocka_unit_test(test_nnef_pad_reflect_past_extent),
        cmocka_unit_test(test_pad_tile_written_as_nnef),
    };
    return nnef_run_main("nnef_run_shape_ops", nrs_cases, sizeof nrs_cases / sizeof *nrs_cases, nrs_core_cases,
                         sizeof nrs_core_cases / sizeof *nrs_core_cases, extra, sizeof extra / sizeof *extra);
}
