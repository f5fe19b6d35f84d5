/* test_nnef_run_conv.c — NNEF conv and deconv over 1 to 4 spatial dimensions run end to end: each
 * generated document (tests/data/nnef_run_conv_expected.h, regenerate with
 * tests/unit/formats/nnef/gen_nnef_run_conv.py) is loaded, built, dispatched and compared exactly
 * with an explicit-loop numpy oracle; plus core CONV / DECONV inference rejections with exact
 * status, documents nnx must refuse, and the way back to NNEF. */
#define _POSIX_C_SOURCE 200809L
#define NNEF_RUN_WRITTEN
#include "nnef_run_harness.h"

#include "formats/nnef/shapes/shapes.h"
#include "ops/graph_build.h"
#include "ops/table.h"

#include "../../../data/nnef_run_conv_expected.h"

/* ---------------------------------------------------------------- core inference rejections */

typedef struct reject_case {
    const char *what;
    nnx_op op;
    nnx_attrs attrs;
    uint32_t n_in;
    nnx_operand_desc in[3];
    const char *message; /* a substring of the reason */
} reject_case;

#define F32(...) \
    { \
        NNX_FLOAT32, sizeof((uint32_t[]){__VA_ARGS__}) / sizeof(uint32_t), { __VA_ARGS__ } \
    }
#define CONV1 \
    { \
        .conv = {.strides = {1, 1, 1}, .dilations = {1, 1, 1}, .groups = 1 } \
    }
#define DECONV1 \
    { \
        .deconv = {.strides = {1, 1, 1}, .dilations = {1, 1, 1}, .groups = 1 } \
    }

static const reject_case rejects[] = {
    {"conv groups do not divide the input channels",
     NNX_OP_CONV,
     {.conv = {.strides = {1, 1}, .dilations = {1, 1}, .groups = 3}},
     2,
     {F32(1, 4, 5, 5), F32(6, 2, 3, 3)},
     "input channels 4 are not divisible by groups 3"},
    {"conv groups do not divide the output channels",
     NNX_OP_CONV,
     {.conv = {.strides = {1}, .dilations = {1}, .groups = 2}},
     2,
     {F32(1, 4, 5), F32(3, 2, 3)},
     "output channels 3 are not divisible by groups 2"},
    {"conv groups 0",
     NNX_OP_CONV,
     {.conv = {.strides = {1}, .dilations = {1}, .groups = 0}},
     2,
     {F32(1, 4, 5), F32(4, 1, 3)},
     "groups is 0"},
    {"conv channel mismatch",
     NNX_OP_CONV,
     CONV1,
     2,
     {F32(1, 3, 4, 4, 4), F32(2, 2, 1, 1, 1)},
     "input channels 3 / groups 1 != filter input channels 2"},
    {"conv rank mismatch", NNX_OP_CONV, CONV1, 2, {F32(1, 3, 4, 4, 4), F32(2, 3, 1, 1)}, "filter has rank 4, expected 5"},
    {"conv window bigger than the padded input",
     NNX_OP_CONV,
     {.conv = {.strides = {1}, .dilations = {2}, .groups = 1, .pads = {1, -1}}},
     2,
     {F32(1, 1, 4), F32(1, 1, 3)},
     "effective kernel spatial axis 0 5 (kernel 3, dilation 2) exceeds padded input spatial axis 0 4"},
    {"conv bias shape",
     NNX_OP_CONV,
     {.conv = {.strides = {1}, .dilations = {1}, .groups = 1}},
     3,
     {F32(1, 2, 4), F32(3, 2, 1), F32(2)},
     "bias shape [2] != [output channels 3]"},
    {"deconv groups 0",
     NNX_OP_DECONV,
     {.deconv = {.strides = {1}, .dilations = {1}, .groups = 0}},
     2,
     {F32(1, 2, 4), F32(2, 1, 3)},
     "groups is 0"},
    {"deconv groups do not divide the input channels",
     NNX_OP_DECONV,
     {.deconv = {.strides = {1}, .dilations = {1}, .groups = 2}},
     2,
     {F32(1, 3, 4), F32(3, 1, 3)},
     "input channels 3 are not divisible by groups 2"},
    {"deconv channel mismatch",
     NNX_OP_DECONV,
     DECONV1,
     2,
     {F32(1, 3, 4, 4, 4), F32(2, 3, 1, 1, 1)},
     "filter dimension 0 (2) != input channels 3"},
    {"deconv rank mismatch",
     NNX_OP_DECONV,
     DECONV1,
     2,
     {F32(1, 3, 4, 4, 4), F32(3, 3, 1, 1)},
     "filter has rank 4, expected 5"},
    {"deconv padding swallows the output",
     NNX_OP_DECONV,
     {.deconv = {.strides = {2}, .dilations = {1}, .groups = 1, .pads = {4, 5}}},
     2,
     {F32(1, 1, 4), F32(1, 1, 3)},
     "output spatial axis 0 0 = (input 4 - 1) * stride 2 + (kernel 3 - 1) * dilation 1 + 1 - padding 4 - 5"},
    {"deconv output size beyond computed + stride - 1",
     NNX_OP_DECONV,
     {.deconv = {.strides = {2, 1}, .dilations = {1, 1}, .groups = 1, .has_output_sizes = true, .output_sizes = {9, 4}}},
     2,
     {F32(1, 1, 3, 2), F32(1, 1, 3, 3)},
     "output size 9 of height is outside [7, 8]"},
    {"deconv output size below computed",
     NNX_OP_DECONV,
     {.deconv = {.strides = {2, 1}, .dilations = {1, 1}, .groups = 1, .has_output_sizes = true, .output_sizes = {7, 3}}},
     2,
     {F32(1, 1, 3, 2), F32(1, 1, 3, 3)},
     "output size 3 of width is outside [4, 4]"},
    {"deconv bias shape",
     NNX_OP_DECONV,
     {.deconv = {.strides = {1}, .dilations = {1}, .groups = 2}},
     3,
     {F32(1, 2, 4), F32(2, 3, 1), F32(3)},
     "bias shape [3] != [output channels 6]"},
    {"deconv stride 0",
     NNX_OP_DECONV,
     {.deconv = {.strides = {1, 0}, .dilations = {1, 1}, .groups = 1}},
     2,
     {F32(1, 1, 3, 2), F32(1, 1, 3, 3)},
     "strides [1, 0] contain 0"},
    {"deconv integer input",
     NNX_OP_DECONV,
     {.deconv = {.strides = {1}, .dilations = {1}, .groups = 1}},
     2,
     {{NNX_INT32, 3, {1, 1, 3}}, {NNX_INT32, 3, {1, 1, 3}}},
     "input type int32 is not a floating-point type"},
};

static void test_conv_rejects(void **state)
{
    (void)state;
    uint32_t ids[3] = {0, 1, 2}, o = 3;
    for (size_t k = 0; k < sizeof rejects / sizeof *rejects; k++) {
        const reject_case *r = &rejects[k];
        nnx_node node = {
            .op = r->op, .n_in = r->n_in, .n_out = 1, .in = ids, .out = &o, .label = "", .attrs = r->attrs};
        const nnx_operand_desc *in[3] = {&r->in[0], &r->in[1], &r->in[2]};
        nnx_operand_desc out;
        nnx_error err = {0};
        nnx_status st = nnx_node_infer(&node, in, &out, &err);
        if (st != NNX_ERROR_INVALID_ARGUMENT)
            fail_msg("%s: status %s, expected NNX_ERROR_INVALID_ARGUMENT", r->what, nnx_status_string(st));
        if (!strstr(err.message, r->message))
            fail_msg("%s: reason \"%s\" does not contain \"%s\"", r->what, err.message, r->message);
    }
}

/* ---------------------------------------------------------------- documents nnx refuses */

typedef struct refused_doc {
    const char *what, *body; /* line 6 of the graph; x = external [1, 2, 4, 4], f = [3, 2, 3, 3] */
    nnx_status status;       /* of nnx_model_load, or of nnx_model_build when load succeeds */
    const char *message;
} refused_doc;

static const refused_doc refused[] = {
    {"conv groups 2 do not divide the filter", "y = conv(x, f, groups = 2);", NNX_ERROR_INVALID_MODEL,
     "graph.nnef:6:9: error: conv: 2 groups do not divide the filter's batch extent 3"},
    {"conv channel mismatch (filter [3, 2] x 3 groups != 2 channels)", "y = conv(x, f, groups = 3);",
     NNX_ERROR_INVALID_MODEL, "filter channels 2 x 3 groups != input channels 2"},
    {"conv window bigger than the padded input", "y = conv(x, f, padding = [(0, 0), (-1, -1)]);",
     NNX_ERROR_INVALID_MODEL, "less than the dilated window"},
    {"conv border ignore", "y = conv(x, f, border = 'ignore');", NNX_ERROR_INVALID_MODEL, "ignore"},
    {"conv reflect padding past the extent (NNEF decision 23)",
     "y = conv(x, f, border = 'reflect', padding = [(4, 0), (0, 0)]);", NNX_ERROR_NOT_SUPPORTED, "graph.nnef:6:"},
    {"deconv filter batch != input channels", "y = deconv(x, f);", NNX_ERROR_INVALID_MODEL,
     "filter batch extent 3 != input channels 2"},
};

static void test_refused_documents(void **state)
{
    (void)state;
    for (size_t k = 0; k < sizeof refused / sizeof *refused; k++) {
        const refused_doc *r = &refused[k];
        char doc[512], dir[300];
        snprintf(doc, sizeof doc,
                 "version 1.0;\n\ngraph g( x, f ) -> ( y )\n{\n"
                 "    x = external<scalar>(shape = [1, 2, 4, 4]); f = external<scalar>(shape = [3, 2, 3, 3]);\n"
                 "    %s\n}\n",
                 r->body);
        write_document(doc, dir, sizeof dir);
        nnx_context *ctx;
        assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
        nnx_model *model = NULL;
        nnx_graph *graph = NULL;
        nnx_status st = nnx_model_load(ctx, dir, NULL, &model);
        if (st == NNX_OK) {
            st = nnx_model_build(model, &graph);
            nnx_model_destroy(model);
        }
        remove_document(dir);
        if (st != r->status)
            fail_msg("%s: status %s, expected %s (%s)", r->what, nnx_status_string(st), nnx_status_string(r->status),
                     nnx_context_error(ctx));
        if (!strstr(nnx_context_error(ctx), r->message))
            fail_msg("%s: message \"%s\" does not contain \"%s\"", r->what, nnx_context_error(ctx), r->message);
        nnx_context_destroy(ctx);
    }
}

/* ---------------------------------------------------------------- back to NNEF */

/* A core 1-D conv with negative padding and a 2-D deconv with output sizes and bias written as
 * NNEF (nnx_nnef_from_ir): the parameters come out as NNEF spells them and NNEF shape
 * propagation agrees with the core. */
static void test_conv_written_as_nnef(void **state)
{
    (void)state;
    nnx_alloc a;
    nnx_alloc_init(&a, NULL);
    nnx_error err = {0};
    nnx_ir ir;
    nnx_ir_init(&ir, &a);
    nnx_operand_desc x = {NNX_FLOAT32, 3, {1, 2, 9}}, w = {NNX_FLOAT32, 3, {4, 1, 3}};
    nnx_operand_desc x2 = {NNX_FLOAT32, 4, {1, 4, 3, 3}}, w2 = {NNX_FLOAT32, 4, {4, 3, 3, 2}},
                     b2 = {NNX_FLOAT32, 1, {6}};
    uint32_t in[5], conv, deconv, outs[2];
    const char *in_names[5] = {"x", "w", "x2", "w2", "b2"}, *out_names[2] = {"y", "z"};
    assert_int_equal(nnx_ir_add_input(&ir, "x", &x, &in[0], &err), NNX_OK);
    assert_int_equal(nnx_ir_add_input(&ir, "w", &w, &in[1], &err), NNX_OK);
    assert_int_equal(nnx_ir_add_input(&ir, "x2", &x2, &in[2], &err), NNX_OK);
    assert_int_equal(nnx_ir_add_input(&ir, "w2", &w2, &in[3], &err), NNX_OK);
    assert_int_equal(nnx_ir_add_input(&ir, "b2", &b2, &in[4], &err), NNX_OK);
    nnx_attrs ca = {.conv = {.pads = {-1, 2}, .strides = {2}, .dilations = {2}, .groups = 2}};
    assert_int_equal(nnx_ir_add_node(&ir, NNX_OP_CONV, in, 2, &ca, 1, "", &conv, &err), NNX_OK);
    assert_int_equal(ir.values[conv].desc.shape[2], 3); /* (9 - 1 + 2 - 5) / 2 + 1 */
    nnx_attrs da = {.deconv = {.pads = {1, 1, 0, 2},
                               .strides = {2, 2},
                               .dilations = {1, 1},
                               .groups = 2,
                               .has_output_sizes = true,
                               .output_sizes = {6, 4}}};
    assert_int_equal(nnx_ir_add_node(&ir, NNX_OP_DECONV, &in[2], 3, &da, 1, "", &deconv, &err), NNX_OK);
    outs[0] = conv;
    outs[1] = deconv;
    nnef_written nw;
    nnef_write_ir(&ir, in, in_names, 5, outs, out_names, 2, &nw);
    if (!strstr(nw.text.data,
                "conv(x, w, 0.0, border = 'constant', padding = [(-1, 2)], stride = [2], dilation = [2], "
                "groups = 2)") ||
        !strstr(nw.text.data, "deconv(x2, w2, ") ||
        !strstr(nw.text.data,
                "border = 'constant', padding = [(1, 1), (0, 2)], stride = [2, 2], dilation = [1, 1], "
                "output_shape = [1, 6, 6, 4], groups = 2)"))
        fail_msg("unexpected text:\n%s", nw.text.data);
    const nnx_nnef_flat_tensor *y = &nw.g.tensors[nw.g.outputs[0]], *z = &nw.g.tensors[nw.g.outputs[1]];
    assert_int_equal(y->rank, 3);
    assert_int_equal(y->shape[1], 4);
    assert_int_equal(y->shape[2], 3);
    assert_int_equal(z->rank, 4);
    assert_int_equal(z->shape[1], 6);
    assert_int_equal(z->shape[2], 6);
    assert_int_equal(z->shape[3], 4);
    nnef_written_free(&nw);
    nnx_ir_free(&ir);
}

int main(void)
{
    static const struct CMUnitTest extra[] = {
        cmocka_unit_test(test_conv_rejects),
        cmocka_unit_test(test_refused_documents),
        cmocka_unit_test(test_conv_written_as_nnef),
    };
    return nnef_run_main("nnef_run_conv", nrc_cases, sizeof nrc_cases / sizeof *nrc_cases, nrc_core_cases,
                         sizeof nrc_core_cases / sizeof *nrc_core_cases, extra, sizeof extra / sizeof *extra);
}
