/* test_onnx_structure.c — NNX_MODEL_STRUCTURE_ONLY on ONNX models through the public API
 * (include/nnx.h): unknown operators, a custom domain and an attribute value nnx does not
 * support are listed (nnx_model_unsupported) instead of failing the load; what is computed
 * from them has an unknown shape; build and save refuse naming the first; the rest of the
 * graph still loads and is checked (an undefined name is still an error); a node whose
 * sub-graph names an unknown value is not lowered (and its names count towards max_names); an unbound model's outputs are probed; a
 * model nnx runs loads and runs as without the flag. Models
 * are built in memory with the protobuf-c structs and written to a temporary file. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "nnx.h"
#include "onnx.pb-c.h"

#include "onnx_model_builder.h"

static const int64_t k14[] = {1, 4}, k1122[] = {1, 1, 2, 2};

/* Writes b to a new temporary file (its path in b->path). */
static void save_model(mb *b)
{
    size_t len = onnx__model_proto__get_packed_size(&b->model);
    uint8_t *buf = malloc(len ? len : 1);
    assert_non_null(buf);
    onnx__model_proto__pack(&b->model, buf);
    snprintf(b->path, sizeof b->path, "/tmp/nnx_structure_XXXXXX");
    int fd = mkstemp(b->path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, buf, len), (ssize_t)len);
    close(fd);
    free(buf);
}

static nnx_status load(nnx_context *ctx, mb *b, uint32_t flags, nnx_model **m)
{
    save_model(b);
    nnx_model_options o = {.flags = flags};
    nnx_status st = nnx_model_load(ctx, b->path, &o, m);
    unlink(b->path);
    return st;
}

/* x[1,1,2,2] -> Relu -> r; r -> a (com.example Foo) -> b (Relu) -> y; r -> z (LpPool p = 100, unsupported);
 * r -> Neg -> w. Outputs y, z (declared float32), w. */
static void build_mixed(mb *b, char **names)
{
    mb_init(b, 17, 0);
    mb_input(b, "x", ONNX__TENSOR_PROTO__DATA_TYPE__FLOAT, k1122, 4);
    node(b, "Relu", &names[0], 1, &names[1], 1)->name = "relu0";       /* x -> r */
    Onnx__NodeProto *foo = node(b, "Foo", &names[1], 1, &names[2], 1); /* r -> a */
    foo->name = "foo";
    foo->domain = "com.example";
    node(b, "Relu", &names[2], 1, &names[3], 1);                         /* a -> y (unnamed) */
    Onnx__NodeProto *lp = node(b, "LpPool", &names[1], 1, &names[4], 1); /* r -> z */
    lp->name = "lp";
    mb_attr_i(b, lp, "p", 100);
    static int64_t kernel[] = {1, 1};
    Onnx__AttributeProto *ks = mb_attr(b, lp, "kernel_shape");
    ks->ints = kernel;
    ks->n_ints = 2;
    ks->has_type = 1;
    ks->type = ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__INTS;
    node(b, "Neg", &names[1], 1, &names[5], 1)->name = "neg"; /* r -> w */
    output(b, "y");
    size_t k = b->graph.n_output++;
    b->out_ptrs[k] = mb_value(b, &b->outs[k], "z", ONNX__TENSOR_PROTO__DATA_TYPE__FLOAT, NULL, 0, NULL);
    output(b, "w");
}

static void listed_with_reasons(void **state)
{
    (void)state;
    static char *names[] = {"x", "r", "a", "y", "z", "w"};
    mb b;
    build_mixed(&b, names);
    nnx_context *ctx;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    nnx_model *m;
    nnx_status st = load(ctx, &b, NNX_MODEL_STRUCTURE_ONLY, &m);
    if (st != NNX_OK)
        fprintf(stderr, "%s\n", nnx_context_error(ctx));
    assert_int_equal(st, NNX_OK);

    assert_int_equal(nnx_model_unsupported_count(m), 2);
    const char *op, *node_name, *reason;
    assert_true(nnx_model_unsupported(m, 0, &op, &node_name, &reason));
    assert_string_equal(op, "Foo");
    assert_string_equal(node_name, "foo");
    assert_string_equal(reason, "unknown operator (domain com.example)");
    assert_true(nnx_model_unsupported(m, 1, &op, &node_name, &reason));
    assert_string_equal(op, "LpPool");
    assert_string_equal(node_name, "lp");
    assert_non_null(strstr(reason, "p = 100"));
    assert_false(nnx_model_unsupported(m, 2, &op, NULL, NULL));
    assert_true(nnx_model_unsupported(m, 1, NULL, NULL, NULL));

    /* every node is counted, the unsupported ones under their op_type */
    assert_int_equal(nnx_model_op_count(m), 5);
    assert_string_equal(nnx_model_op_name(m, 1), "Foo");
    assert_string_equal(nnx_model_op_name(m, 3), "LpPool");

    /* y after Foo and z of LpPool are unknown (z keeps its declared dtype); w is known */
    assert_int_equal(nnx_model_output_count(m), 3);
    nnx_operand_desc d;
    assert_false(nnx_model_output_shape_known(m, 0));
    assert_false(nnx_model_output_shape_known(m, 1));
    nnx_model_output_desc(m, 1, &d);
    assert_int_equal(d.dtype, NNX_FLOAT32);
    assert_int_equal(d.rank, 0);
    assert_true(nnx_model_output_shape_known(m, 2));
    nnx_model_output_desc(m, 2, &d);
    assert_int_equal(d.rank, 4);
    assert_int_equal(d.shape[3], 2);
    assert_false(nnx_model_output_shape_known(m, 3));

    /* described, not run: build and save name the first */
    nnx_graph *g;
    assert_int_equal(nnx_model_build(m, &g), NNX_ERROR_NOT_SUPPORTED);
    assert_null(g);
    assert_non_null(strstr(nnx_context_error(ctx), "2 operations nnx cannot run"));
    assert_non_null(strstr(nnx_context_error(ctx), "node 'foo' (Foo)"));
    assert_int_equal(nnx_model_save(m, "/tmp/nnx_structure_never.tgz"), NNX_ERROR_NOT_SUPPORTED);
    assert_int_not_equal(access("/tmp/nnx_structure_never.tgz", F_OK), 0);

    /* dot: the ONNX nodes by name and op_type, the unsupported ones dashed */
    const char *dot = nnx_model_dot(m);
    assert_non_null(dot);
    assert_non_null(strstr(dot, "[label=\"relu0\\nRelu\"]"));
    assert_non_null(strstr(dot, "[label=\"foo\\nFoo (com.example)\\nunsupported\", style=dashed"));
    assert_non_null(strstr(dot, "[label=\"a\\n?\"]"));
    assert_non_null(strstr(dot, "[label=\"w\\n[1,1,2,2]\"]"));
    nnx_context_destroy(ctx);
}

/* Without the flag the load fails as before, naming the operators. */
static void refused_without_flag(void **state)
{
    (void)state;
    static char *names[] = {"x", "r", "a", "y", "z", "w"};
    mb b;
    build_mixed(&b, names);
    nnx_context *ctx;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    nnx_model *m;
    assert_int_equal(load(ctx, &b, 0, &m), NNX_ERROR_NOT_SUPPORTED);
    assert_non_null(strstr(nnx_context_error(ctx), "unsupported operator: Foo (domain com.example)"));
    nnx_context_destroy(ctx);
}

/* The structure is still checked: a name no node defines is an error after an unknown
 * operator too, and so is a name defined twice. */
static void structure_errors_still_fail(void **state)
{
    (void)state;
    static char *names[] = {"x", "a", "nowhere", "y"};
    mb b;
    mb_init(&b, 17, 0);
    mb_input(&b, "x", ONNX__TENSOR_PROTO__DATA_TYPE__FLOAT, k14, 2);
    node(&b, "Foo", &names[0], 1, &names[1], 1);
    char *in2[] = {"a", "nowhere"};
    node(&b, "Add", in2, 2, &names[3], 1);
    output(&b, "y");
    nnx_context *ctx;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    nnx_model *m;
    assert_int_equal(load(ctx, &b, NNX_MODEL_STRUCTURE_ONLY, &m), NNX_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(nnx_context_error(ctx), "input 1 'nowhere' is not defined before it is used"));

    mb_init(&b, 17, 0);
    mb_input(&b, "x", ONNX__TENSOR_PROTO__DATA_TYPE__FLOAT, k14, 2);
    node(&b, "Foo", &names[0], 1, &names[1], 1);
    node(&b, "Bar", &names[0], 1, &names[1], 1); /* a again */
    output(&b, "a");
    assert_int_equal(load(ctx, &b, NNX_MODEL_STRUCTURE_ONLY, &m), NNX_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(nnx_context_error(ctx), "output 0 'a' is already defined"));
    nnx_context_destroy(ctx);
}

/* An If whose branches name a value computed by an unknown operator is not lowered, as a
 * node that reads it directly (not a crash, nor a sequence error). */
static void subgraph_names_unknown_value(void **state)
{
    (void)state;
    static char *names[] = {"x", "a", "c", "y"};
    static char *branch_out[] = {"o"};
    static char *branch_in[] = {"a"};
    mb b;
    mb_init(&b, 17, 0);
    mb_input(&b, "x", ONNX__TENSOR_PROTO__DATA_TYPE__FLOAT, k14, 2);
    mb_input(&b, "c", ONNX__TENSOR_PROTO__DATA_TYPE__BOOL, k14, 0); /* a scalar */
    node(&b, "Foo", &names[0], 1, &names[1], 1);
    Onnx__NodeProto *iff = node(&b, "If", &names[2], 1, &names[3], 1);
    iff->name = "if";
    /* one branch graph for both: o = Neg(a), a from the enclosing graph */
    static Onnx__GraphProto sub;
    static Onnx__NodeProto neg, *neg_ptr = &neg;
    static Onnx__ValueInfoProto o, *o_ptr = &o;
    onnx__graph_proto__init(&sub);
    onnx__node_proto__init(&neg);
    onnx__value_info_proto__init(&o);
    neg.op_type = "Neg";
    neg.input = branch_in;
    neg.n_input = 1;
    neg.output = branch_out;
    neg.n_output = 1;
    o.name = "o";
    sub.name = "branch";
    sub.node = &neg_ptr;
    sub.n_node = 1;
    sub.output = &o_ptr;
    sub.n_output = 1;
    for (int k = 0; k < 2; k++) {
        Onnx__AttributeProto *a = mb_attr(&b, iff, k ? "else_branch" : "then_branch");
        a->g = &sub;
        a->has_type = 1;
        a->type = ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__GRAPH;
    }
    output(&b, "y");
    nnx_context *ctx;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    nnx_model *m;
    nnx_status st = load(ctx, &b, NNX_MODEL_STRUCTURE_ONLY, &m);
    if (st != NNX_OK)
        fprintf(stderr, "%s\n", nnx_context_error(ctx));
    assert_int_equal(st, NNX_OK);
    /* Foo is unsupported; the If reads its value through its branches, so it comes after
     * it, as a node that reads it directly: not lowered, not listed, its output unknown */
    assert_int_equal(nnx_model_unsupported_count(m), 1);
    const char *op;
    assert_true(nnx_model_unsupported(m, 0, &op, NULL, NULL));
    assert_string_equal(op, "Foo");
    assert_false(nnx_model_output_shape_known(m, 0));
    const char *dot = nnx_model_dot(m);
    assert_non_null(dot);
    assert_non_null(strstr(dot, "[label=\"if\\nIf\"]"));
    nnx_model_destroy(m);
    /* nnx_model_options.max_names counts the sub-graphs' names too: inputs x, c, outputs a, y
     * of the main graph and o of each branch (the same graph twice) are 6 */
    save_model(&b);
    nnx_model_options lim = {.flags = NNX_MODEL_STRUCTURE_ONLY, .max_names = 5};
    assert_int_equal(nnx_model_load(ctx, b.path, &lim, &m), NNX_ERROR_NOT_SUPPORTED);
    assert_non_null(strstr(nnx_context_error(ctx),
                           ": error: the model defines 6 names (initializers, inputs, value_info, node outputs), more "
                           "than 5 (the limit; raise it with nnx_model_options.max_names, nnx --max-names)"));
    lim.max_names = 6;
    assert_int_equal(nnx_model_load(ctx, b.path, &lim, &m), NNX_OK);
    nnx_model_destroy(m);
    unlink(b.path);
    nnx_context_destroy(ctx);
}

/* A symbolic batch (unbound model): the unknown operator is listed, the output computed from
 * it stays unknown while the other is found by the probes in the input's dimension, and the
 * model is refused when built, not at its first dispatch. */
static void unbound_model(void **state)
{
    (void)state;
    static char *names[] = {"x", "r", "y", "z"};
    mb b;
    mb_init(&b, 17, 0);
    size_t k = b.graph.n_input++;
    b.in_ptrs[k] = mb_value(&b, &b.ins[k], "x", ONNX__TENSOR_PROTO__DATA_TYPE__FLOAT, k14, 2, "batch");
    b.graph.input = b.in_ptrs;
    node(&b, "Relu", &names[0], 1, &names[1], 1);
    node(&b, "Foo", &names[1], 1, &names[2], 1)->domain = "com.example";
    node(&b, "Neg", &names[1], 1, &names[3], 1);
    output(&b, "y");
    output(&b, "z");
    nnx_context *ctx;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    nnx_model *m;
    save_model(&b); /* kept until the end: the probes read the file again */
    assert_int_equal(nnx_model_load(ctx, b.path, &(nnx_model_options){.flags = NNX_MODEL_STRUCTURE_ONLY}, &m), NNX_OK);
    assert_string_equal(nnx_model_input_dim_name(m, 0, 0), "batch");
    assert_int_equal(nnx_model_unsupported_count(m), 1);
    assert_false(nnx_model_output_shape_known(m, 0));
    assert_true(nnx_model_output_shape_known(m, 1));
    assert_string_equal(nnx_model_output_dim_name(m, 1, 0), "batch");
    nnx_operand_desc d;
    nnx_model_output_desc(m, 1, &d);
    assert_int_equal(d.rank, 2);
    assert_int_equal(d.shape[1], 4);
    nnx_graph *g;
    assert_int_equal(nnx_model_build(m, &g), NNX_ERROR_NOT_SUPPORTED);
    assert_non_null(strstr(nnx_context_error(ctx), "(Foo): unknown operator (domain com.example)"));
    nnx_context_destroy(ctx);
    unlink(b.path);
}

/* A model nnx runs loads with the flag as without it: nothing listed, and it runs (Relu's
 * values, by definition max(x, 0)). */
static void supported_model_runs(void **state)
{
    (void)state;
    static char *names[] = {"x", "y"};
    mb b;
    mb_init(&b, 17, 0);
    mb_input(&b, "x", ONNX__TENSOR_PROTO__DATA_TYPE__FLOAT, k14, 2);
    node(&b, "Relu", &names[0], 1, &names[1], 1);
    output(&b, "y");
    nnx_context *ctx;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    nnx_model *m;
    nnx_status st = load(ctx, &b, NNX_MODEL_STRUCTURE_ONLY, &m);
    if (st != NNX_OK)
        fprintf(stderr, "%s\n", nnx_context_error(ctx));
    assert_int_equal(st, NNX_OK);
    assert_int_equal(nnx_model_unsupported_count(m), 0);
    assert_false(nnx_model_unsupported(m, 0, NULL, NULL, NULL));
    assert_true(nnx_model_output_shape_known(m, 0));
    nnx_graph *g;
    assert_int_equal(nnx_model_build(m, &g), NNX_OK);
    nnx_operand_desc d = {.dtype = NNX_FLOAT32, .rank = 2, .shape = {1, 4}};
    const float x[4] = {-1.5f, 0.0f, 2.0f, -0.0f};
    float y[4] = {9, 9, 9, 9};
    nnx_tensor *tx, *ty;
    assert_int_equal(nnx_tensor_create(ctx, &(nnx_tensor_desc){.desc = d, .writable = true}, &tx), NNX_OK);
    assert_int_equal(nnx_tensor_create(ctx, &(nnx_tensor_desc){.desc = d, .readable = true}, &ty), NNX_OK);
    assert_int_equal(nnx_tensor_write(tx, x, sizeof x), NNX_OK);
    nnx_named_tensor in = {"x", tx}, out = {"y", ty};
    assert_int_equal(nnx_context_dispatch(ctx, g, &in, 1, &out, 1), NNX_OK);
    assert_int_equal(nnx_tensor_read(ty, y, sizeof y), NNX_OK);
    assert_true(y[0] == 0.0f && y[1] == 0.0f && y[2] == 2.0f && y[3] == 0.0f);
    nnx_context_destroy(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(listed_with_reasons),
        cmocka_unit_test(refused_without_flag),
        cmocka_unit_test(structure_errors_still_fail),
        cmocka_unit_test(subgraph_names_unknown_value),
        cmocka_unit_test(unbound_model),
        cmocka_unit_test(supported_model_runs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
