/* test_nnvm_reader.c — the NNVM graph JSON reader: string-encoded attributes, the spellings
 * real files use (attr / attrs / param, 2- and 3-item entries, no node_row_ptr, metadata),
 * the typed graph attributes, every malformed-key error naming its node and key, the .params
 * file found beside the graph (none, one, several), and compiled TVM graphs (tvm_op): read,
 * checked, written back, and refused at run time naming the missing function. */
#include "test_nnvm_common.h"
#include "formats/nnvm/graph.h"
#include "ops/graph_build.h"

#define NNVM_DATA NNX_SOURCE_DIR "/tests/data/nnvm/"

/* ---------------------------------------------------------------- attribute strings */

static void test_attribute_strings(void **state)
{
    (void)state;
    int64_t v, items[8];
    uint32_t n;
    bool b, none;
    double d;
    assert_true(nnx_nnvm_parse_int("64", &v) && v == 64);
    assert_true(nnx_nnvm_parse_int(" -3 ", &v) && v == -3);
    assert_false(nnx_nnvm_parse_int("6x", &v));
    assert_false(nnx_nnvm_parse_int("", &v));
    assert_true(nnx_nnvm_parse_ints("(1, 1)", items, 8, &n, &none) && n == 2 && items[0] == 1 && items[1] == 1);
    assert_true(nnx_nnvm_parse_ints("[3, 3]", items, 8, &n, &none) && n == 2 && items[0] == 3);
    assert_true(nnx_nnvm_parse_ints("(2,)", items, 8, &n, &none) && n == 1 && items[0] == 2);
    assert_true(nnx_nnvm_parse_ints("()", items, 8, &n, &none) && n == 0 && !none);
    assert_true(nnx_nnvm_parse_ints("5", items, 8, &n, &none) && n == 1 && items[0] == 5);
    assert_true(nnx_nnvm_parse_ints("None", items, 8, &n, &none) && n == 0 && none);
    assert_true(nnx_nnvm_parse_ints("(0, -1, 3L)", items, 8, &n, &none) && n == 3 && items[1] == -1 && items[2] == 3);
    assert_false(nnx_nnvm_parse_ints("(1, 2", items, 8, &n, &none));
    assert_false(nnx_nnvm_parse_ints("(1 2)", items, 8, &n, &none));
    assert_false(nnx_nnvm_parse_ints("(1, 2]", items, 8, &n, &none));
    assert_false(nnx_nnvm_parse_ints("(a)", items, 8, &n, &none));
    assert_false(nnx_nnvm_parse_ints("(1, 2, 3)", items, 2, &n, &none));
    assert_true(nnx_nnvm_parse_bool("True", &b) && b);
    assert_true(nnx_nnvm_parse_bool("1", &b) && b);
    assert_true(nnx_nnvm_parse_bool("true", &b) && b);
    assert_true(nnx_nnvm_parse_bool("False", &b) && !b);
    assert_true(nnx_nnvm_parse_bool("0", &b) && !b); /* not Python's bool('0') == True */
    assert_false(nnx_nnvm_parse_bool("yes", &b));
    assert_false(nnx_nnvm_parse_bool("2", &b));
    assert_true(nnx_nnvm_parse_float("0.25", &d) && d == 0.25);
    assert_true(nnx_nnvm_parse_float("1e-05", &d) && d == 1e-05);
    assert_true(nnx_nnvm_parse_float("-inf", &d) && isinf(d) && d < 0);
    assert_false(nnx_nnvm_parse_float("0.25x", &d));
    int64_t pairs[4][2];
    assert_true(nnx_nnvm_parse_pairs("((0, 0), (1, 2))", pairs, 4, &n) && n == 2 && pairs[1][0] == 1 &&
                pairs[1][1] == 2);
    assert_true(nnx_nnvm_parse_pairs("[[0, 1]]", pairs, 4, &n) && n == 1 && pairs[0][1] == 1);
    assert_false(nnx_nnvm_parse_pairs("((0, 0), (1, 2)", pairs, 4, &n));
    assert_false(nnx_nnvm_parse_pairs("(0, 0)", pairs, 4, &n));
    assert_int_equal(nnx_nnvm_dtype_from_code(0), NNX_FLOAT32);
    assert_int_equal(nnx_nnvm_dtype_from_code(4), NNX_INT32);
    assert_int_equal(nnx_nnvm_dtype_from_code(99), NNX_DTYPE_UNDEFINED);
}

/* ---------------------------------------------------------------- documents */

static char g_dir[256];

static nnx_status load_text(const char *text, bool skip, nnx_ir_model *m, nnx_error *err)
{
    char path[400];
    snprintf(path, sizeof path, "%s/g.json", g_dir);
    nnvm_write_file(path, text, strlen(text));
    return nnvm_load(path, NULL, skip, m, NULL, err);
}

#define X "{\"op\": \"null\", \"name\": \"x\", \"inputs\": []}"
#define Y(attrs) "{\"op\": \"leaky_relu\", \"name\": \"y\", \"inputs\": [[0, 0, 0]]" attrs "}"
#define SHAPES "\"attrs\": {\"shape\": [\"list_shape\", [[2, 3], [2, 3]]]}"
#define DOC(nodes, rest) "{\"nodes\": [" nodes "], \"arg_nodes\": [0], \"heads\": [[1, 0, 0]]" rest "}"
#define GOOD DOC(X ", " Y(""), ", " SHAPES)

typedef struct bad_doc {
    const char *text;
    nnx_status status;
    const char *message; /* a part of the error message */
} bad_doc;

static const bad_doc kBad[] = {
    {"{\"nodes\": [", NNX_ERROR_PARSE, "g.json:1:11: error: not valid JSON"},
    {"[1, 2]", NNX_ERROR_INVALID_MODEL, "the document is not a JSON dictionary"},
    {GOOD " x", NNX_ERROR_INVALID_MODEL, "text after the JSON document"},
    {"{\"arg_nodes\": [], \"heads\": []}", NNX_ERROR_INVALID_MODEL, "key 'nodes': missing"},
    {"{\"nodes\": [" X "], \"heads\": [[0, 0, 0]]}", NNX_ERROR_INVALID_MODEL, "key 'arg_nodes': missing"},
    {"{\"nodes\": [" X "], \"arg_nodes\": [0]}", NNX_ERROR_INVALID_MODEL, "key 'heads': missing"},
    {DOC(X ", " Y(""), ", \"frob\": 1"), NNX_ERROR_INVALID_MODEL, "key 'frob': unknown key"},
    {DOC(X ", " Y(""), ", \"heads\": []"), NNX_ERROR_INVALID_MODEL, "key 'heads': given twice"},
    {"{\"nodes\": 3, \"arg_nodes\": [], \"heads\": []}", NNX_ERROR_INVALID_MODEL, "key 'nodes': not a list of nodes"},
    {"{\"nodes\": [], \"arg_nodes\": [], \"heads\": []}", NNX_ERROR_INVALID_MODEL, "key 'nodes': 0 nodes"},
    {DOC("7", ""), NNX_ERROR_INVALID_MODEL, "node 0: key 'nodes': not a dictionary"},
    {DOC("{\"op\": \"null\", \"inputs\": []}", ""), NNX_ERROR_INVALID_MODEL, "node 0: key 'name': missing"},
    {DOC("{\"op\": \"null\", \"name\": 4, \"inputs\": []}", ""), NNX_ERROR_INVALID_MODEL,
     "node 0: key 'name': not a string"},
    {DOC("{\"name\": \"x\", \"inputs\": []}", ""), NNX_ERROR_INVALID_MODEL, "node 0 'x': key 'op': missing"},
    {DOC("{\"op\": 1, \"name\": \"x\", \"inputs\": []}", ""), NNX_ERROR_INVALID_MODEL,
     "node 0 'x': key 'op': not an operator name"},
    {DOC("{\"op\": \"null\", \"name\": \"x\"}", ""), NNX_ERROR_INVALID_MODEL, "node 0 'x': key 'inputs': missing"},
    {DOC("{\"op\": \"null\", \"name\": \"x\", \"inputs\": [], \"bogus\": 1}", ""), NNX_ERROR_INVALID_MODEL,
     "node 0 'x': key 'bogus': unknown key"},
    {DOC("{\"op\": \"null\", \"name\": \"x\", \"inputs\": [], \"inputs\": []}", ""), NNX_ERROR_INVALID_MODEL,
     "node 0 'x': key 'inputs': given twice"},
    {DOC(X ", {\"op\": \"relu\", \"name\": \"y\", \"inputs\": [[0]]}", ""), NNX_ERROR_INVALID_MODEL,
     "node 1 'y': key 'inputs': entry 0 is not a list of 2 or 3 integers"},
    {DOC(X ", {\"op\": \"relu\", \"name\": \"y\", \"inputs\": [[0, 0, 0, 0]]}", ""), NNX_ERROR_INVALID_MODEL,
     "node 1 'y': key 'inputs': entry 0 is not a list of 2 or 3 integers"},
    {DOC(X ", {\"op\": \"relu\", \"name\": \"y\", \"inputs\": [[0, -1]]}", ""), NNX_ERROR_INVALID_MODEL,
     "node 1 'y': key 'inputs': entry 0: item 1 is not an integer"},
    {DOC(X ", {\"op\": \"relu\", \"name\": \"y\", \"inputs\": [[0, 0.5]]}", ""), NNX_ERROR_INVALID_MODEL,
     "node 1 'y': key 'inputs': entry 0: item 1 is not an integer"},
    {DOC(X ", {\"op\": \"relu\", \"name\": \"y\", \"inputs\": [[7, 0]]}", ""), NNX_ERROR_INVALID_MODEL,
     "node 1 'y': key 'inputs': entry 0 names node 7, the graph has 2 nodes"},
    {DOC(X ", {\"op\": \"relu\", \"name\": \"y\", \"inputs\": [[1, 0]]}", ""), NNX_ERROR_INVALID_MODEL,
     "node 1 'y': key 'inputs': entry 0 reads node 1, which does not come before this node"},
    {DOC(X ", {\"op\": \"relu\", \"name\": \"y\", \"inputs\": [[0, 1]]}", ""), NNX_ERROR_INVALID_MODEL,
     "node 1 'y': key 'inputs': entry 0 reads output 1 of node 0 'x', which has 1"},
    {DOC(X ", {\"op\": \"relu\", \"name\": \"y\", \"inputs\": {}}", ""), NNX_ERROR_INVALID_MODEL,
     "node 1 'y': key 'inputs': not a list of entries"},
    {DOC("{\"op\": \"null\", \"name\": \"x\", \"inputs\": [[0, 0]]}", ""), NNX_ERROR_INVALID_MODEL,
     "node 0 'x': key 'inputs': entry 0 reads node 0, which does not come before"},
    {DOC(X ", " Y(", \"attrs\": []"), ""), NNX_ERROR_INVALID_MODEL, "node 1 'y': key 'attrs': not a dictionary"},
    {DOC(X ", " Y(", \"attrs\": {\"alpha\": 0.5}"), ""), NNX_ERROR_INVALID_MODEL,
     "node 1 'y': key 'attrs': the value of 'alpha' is not a string"},
    {DOC(X ", " Y(", \"param\": {\"alpha\": [1]}"), ""), NNX_ERROR_INVALID_MODEL,
     "node 1 'y': key 'param': the value of 'alpha' is not a string"},
    {DOC(X ", " Y(", \"control_deps\": [5]"), ""), NNX_ERROR_INVALID_MODEL,
     "node 1 'y': key 'control_deps': item 0 names node 5"},
    {DOC(X ", " Y(", \"control_deps\": 1"), ""), NNX_ERROR_INVALID_MODEL, "node 1 'y': key 'control_deps': not a list"},
    {DOC(X ", " Y(", \"subgraphs\": [{}]"), ""), NNX_ERROR_NOT_SUPPORTED,
     "node 1 'y': key 'subgraphs': nested subgraphs"},
    {DOC(X ", " Y(", \"backward_source_id\": \"a\""), ""), NNX_ERROR_INVALID_MODEL,
     "node 1 'y': key 'backward_source_id': not a node id"},
    {"{\"nodes\": [" X ", " Y("") "], \"arg_nodes\": [1], \"heads\": [[1, 0, 0]]}", NNX_ERROR_INVALID_MODEL,
     "key 'arg_nodes': item 0 names node 1 'y', an operator (leaky_relu), not a variable"},
    {"{\"nodes\": [" X ", " Y("") "], \"arg_nodes\": [9], \"heads\": [[1, 0, 0]]}", NNX_ERROR_INVALID_MODEL,
     "key 'arg_nodes': item 0 names node 9"},
    {"{\"nodes\": [" X ", " Y("") "], \"arg_nodes\": \"0\", \"heads\": [[1, 0, 0]]}", NNX_ERROR_INVALID_MODEL,
     "key 'arg_nodes': not a list"},
    {"{\"nodes\": [" X ", " Y("") "], \"arg_nodes\": [0], \"heads\": []}", NNX_ERROR_INVALID_MODEL,
     "key 'heads': the graph has no outputs"},
    {"{\"nodes\": [" X ", " Y("") "], \"arg_nodes\": [0], \"heads\": [[1, 2, 0]]}", NNX_ERROR_INVALID_MODEL,
     "key 'heads': entry 0 reads output 2 of node 1 'y', which has 1"},
    {"{\"nodes\": [" X ", " Y("") "], \"arg_nodes\": [0], \"heads\": [[3, 0]]}", NNX_ERROR_INVALID_MODEL,
     "key 'heads': entry 0 names node 3"},
    {DOC(X ", " Y(""), ", \"node_row_ptr\": [0, 1]"), NNX_ERROR_INVALID_MODEL,
     "key 'node_row_ptr': 2 items, the graph has 2 nodes"},
    {DOC(X ", " Y(""), ", \"node_row_ptr\": [1, 2, 3]"), NNX_ERROR_INVALID_MODEL,
     "key 'node_row_ptr': item 0 is 1, not 0"},
    {DOC(X ", " Y(""), ", \"node_row_ptr\": [0, 1, 3]"), NNX_ERROR_INVALID_MODEL,
     "key 'node_row_ptr': gives node 1 'y' (leaky_relu) 2 outputs, the operator has 1"},
    {DOC(X ", " Y(""), ", \"node_row_ptr\": [0, 1, 1]"), NNX_ERROR_INVALID_MODEL,
     "key 'node_row_ptr': item 2 (1) is not above item 1"},
    {DOC(X ", " Y(""), ", \"attrs\": []"), NNX_ERROR_INVALID_MODEL, "key 'attrs': not a dictionary"},
    {DOC(X ", " Y(""), ", \"attrs\": {\"shape\": [[2, 3], [2, 3]]}"), NNX_ERROR_INVALID_MODEL,
     "key 'attrs': 'shape': not a [type, value] pair"},
    {DOC(X ", " Y(""), ", \"attrs\": {\"shape\": [\"list_shape\", [[2, 3]]]}"), NNX_ERROR_INVALID_MODEL,
     "key 'attrs': 'shape': 1 items, the graph has 2 entries"},
    {DOC(X ", " Y(""), ", \"attrs\": {\"shape\": [\"list_int\", [1, 2]]}"), NNX_ERROR_INVALID_MODEL,
     "key 'attrs': 'shape': its type is list_int, not list_shape"},
    {DOC(X ", " Y(""), ", \"attrs\": {\"shape\": [\"list_shape\", [[2, -3], [2, 3]]]}"), NNX_ERROR_INVALID_MODEL,
     "key 'attrs': 'shape': item 0: extent 1 is not an integer"},
    {DOC(X ", " Y(""), ", \"attrs\": {\"shape\": [\"list_shape\", [3, [2, 3]]]}"), NNX_ERROR_INVALID_MODEL,
     "key 'attrs': 'shape': item 0 is not a shape"},
    {DOC(X ", " Y(""), ", \"attrs\": {\"shape\": [\"list_shape\", [[1,1,1,1,1,1,1,1,1], [2, 3]]]}"),
     NNX_ERROR_NOT_SUPPORTED, "key 'attrs': 'shape': item 0 has rank 9"},
    {DOC(X ", " Y(""), ", \"attrs\": {\"dltype\": [\"list_str\", [\"float32\", 3]]}"), NNX_ERROR_INVALID_MODEL,
     "key 'attrs': 'dltype': item 1 is not a string"},
    {DOC(X ", " Y(""), ", \"attrs\": {\"storage_id\": [\"list_int\", [0, \"a\"]]}"), NNX_ERROR_INVALID_MODEL,
     "key 'attrs': 'storage_id': item 1 is not an integer"},
    {DOC(X ", " Y(""), ", \"attrs\": {\"device_index\": [\"list_str\", [\"a\", \"b\"]]}"), NNX_ERROR_INVALID_MODEL,
     "key 'attrs': 'device_index': its type is list_str, not list_int"},
    {DOC(X ", " Y(""), ", \"attrs\": {\"x\": [\"dict\", {}]}"), NNX_ERROR_INVALID_MODEL,
     "key 'attrs': 'x': unknown type 'dict'"},
    {DOC(X ", " Y(""), ", \"attrs\": {\"n\": [\"size_t\", -1]}"), NNX_ERROR_INVALID_MODEL,
     "key 'attrs': 'n': the value of a size_t is not a non-negative integer"},
    {DOC(X ", " Y(""), ", \"attrs\": {\"s\": [\"str\", 1]}"), NNX_ERROR_INVALID_MODEL,
     "key 'attrs': 's': the value of a str"},
    /* Rules of the variables and operators (the loader). */
    {"{\"nodes\": [" X ", " X ", {\"op\": \"elemwise_add\", \"name\": \"y\", \"inputs\": [[0, 0], [1, 0]]}], "
     "\"arg_nodes\": [0, 1], \"heads\": [[2, 0]], \"attrs\": {\"shape\": [\"list_shape\", [[2], [2], [2]]]}}",
     NNX_ERROR_INVALID_MODEL, "node 1 'x' (null): another graph input is named 'x' too"},
    {DOC(X ", " Y(""), ""), NNX_ERROR_INVALID_MODEL, "node 0 'x' (null): no shape"},
    {DOC(X ", " Y(""),
         ", \"attrs\": {\"shape\": [\"list_shape\", [[2], [2]]], \"dltype\": [\"list_str\", [\"float7\", "
         "\"float32\"]]}"),
     NNX_ERROR_NOT_SUPPORTED, "node 0 'x' (null): the graph's attrs 'dltype' gives it type 'float7'"},
    {DOC(X ", " Y(""), ", \"attrs\": {\"shape\": [\"list_shape\", [[2], [3]]]}"), NNX_ERROR_INVALID_MODEL,
     "node 1 'y' (leaky_relu): output 0: nnx computes float32[2], the graph's attrs 'shape' says float32[3]"},
    {DOC(X ", " Y(", \"attrs\": {\"alpha\": \"abc\"}"), ", " SHAPES), NNX_ERROR_INVALID_MODEL,
     "node 1 'y' (leaky_relu): key 'alpha': 'abc' is not a number"},
    {DOC(X ", {\"op\": \"frobnicate\", \"name\": \"y\", \"inputs\": [[0, 0]]}", ", " SHAPES), NNX_ERROR_NOT_SUPPORTED,
     "node 1 'y' (frobnicate): nnx has no mapping for the NNVM operator 'frobnicate'"},
    {DOC(X ", {\"op\": \"relu\", \"name\": \"y\", \"inputs\": [[0, 0], [0, 0]]}", ", " SHAPES), NNX_ERROR_INVALID_MODEL,
     "node 1 'y' (relu): key 'inputs': 2 entries, the operator takes 1"},
    {DOC(X ", {\"op\": \"transpose\", \"name\": \"y\", \"inputs\": [[0, 0]], \"attrs\": {\"axes\": \"(1, 0\"}}",
         ", " SHAPES),
     NNX_ERROR_INVALID_MODEL, "node 1 'y' (transpose): key 'axes': '(1, 0' is not a list"},
    {DOC(X ", {\"op\": \"softmax\", \"name\": \"y\", \"inputs\": [[0, 0]], \"attrs\": {\"axis\": \"5\"}}", ", " SHAPES),
     NNX_ERROR_INVALID_MODEL, "node 1 'y' (softmax): key 'axis': axis 5 is outside [-2, 2)"},
    {DOC(X ", {\"op\": \"clip\", \"name\": \"y\", \"inputs\": [[0, 0]], \"attrs\": {\"a_min\": \"0\"}}", ", " SHAPES),
     NNX_ERROR_INVALID_MODEL, "node 1 'y' (clip): key 'a_max': missing"},
    {DOC(X ", {\"op\": \"reshape\", \"name\": \"y\", \"inputs\": [[0, 0]], \"attrs\": {\"shape\": \"(4, -1)\"}}",
         ", " SHAPES),
     NNX_ERROR_INVALID_MODEL, "node 1 'y' (reshape): key 'shape': no extent makes 6 elements"},
    {DOC(X ", {\"op\": \"split\", \"name\": \"y\", \"inputs\": [[0, 0]]}", ", " SHAPES), NNX_ERROR_INVALID_MODEL,
     "node 1 'y': key 'indices_or_sections': missing"},
    {DOC(X ", {\"op\": \"tvm_op\", \"name\": \"f\", \"inputs\": [[0, 0]], \"attrs\": {\"num_outputs\": \"1\"}}",
         ", " SHAPES),
     NNX_ERROR_INVALID_MODEL, "node 1 'f' (tvm_op): key 'func_name': missing"},
    {DOC(X ", {\"op\": \"tvm_op\", \"name\": \"f\", \"inputs\": [[0, 0]]}", ", " SHAPES), NNX_ERROR_INVALID_MODEL,
     "node 1 'f': key 'num_outputs': missing (a tvm_op needs it)"},
    {DOC(X ", {\"op\": \"tvm_op\", \"name\": \"f\", \"inputs\": [[0, 0]], \"attrs\": {\"func_name\": \"g\", "
           "\"num_inputs\": \"2\", \"num_outputs\": \"1\", \"flatten_data\": \"0\"}}",
         ", " SHAPES),
     NNX_ERROR_INVALID_MODEL, "node 1 'f' (tvm_op): key 'num_inputs': 2, the node has 1 inputs"},
};

static void test_malformed(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof kBad / sizeof *kBad; i++) {
        nnx_ir_model m;
        nnx_error err;
        nnx_status st = load_text(kBad[i].text, true, &m, &err);
        if (st != kBad[i].status || !strstr(err.message, kBad[i].message))
            fail_msg("case %zu: status %d, message '%s'; expected %d with '%s'", i, st, err.message, kBad[i].status,
                     kBad[i].message);
        nnx_ir_model_free(&m);
    }
}

/* The same graph in the spellings of old NNVM, newer NNVM/TVM and MXNet. */
static void test_spellings(void **state)
{
    (void)state;
    static const char *const docs[] = {
        GOOD,
        DOC(X ", {\"op\": \"leaky_relu\", \"name\": \"y\", \"inputs\": [[0, 0]], \"attr\": {\"alpha\": \"0.25\"}}",
            ", " SHAPES ", \"metadata\": {\"anything\": [1]}"),
        DOC(X ", {\"op\": \"leaky_relu\", \"name\": \"y\", \"inputs\": [[0, 0, 0]], \"param\": {\"alpha\": \"0.5\"}, "
              "\"attrs\": {\"alpha\": \"0.25\"}, \"control_deps\": [0], \"subgraphs\": [], \"backward_source_id\": -1}",
            ", \"node_row_ptr\": [0, 1, 2], \"attr\": {\"shape\": [\"list_shape\", [[2, 3], [2, 3]]], "
            "\"dtype\": [\"list_int\", [0, 0]], \"storage_id\": [\"list_int\", [0, 1]], "
            "\"device_index\": [\"list_int\", [1, 1]], \"shape_num_unknown_nodes\": [\"size_t\", 0], "
            "\"label\": [\"str\", \"x\"], \"names\": [\"list_str\", [\"a\"]]}"),
    };
    nnx_context *ctx;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    for (size_t i = 0; i < sizeof docs / sizeof *docs; i++) {
        nnx_ir_model m;
        nnx_error err;
        if (load_text(docs[i], false, &m, &err) != NNX_OK)
            fail_msg("document %zu: %s", i, err.message);
        assert_int_equal(m.n_inputs, 1);
        assert_int_equal(m.n_outputs, 1);
        assert_string_equal(m.output_names[0], "y");
        assert_int_equal(m.n_ops, 1);
        assert_string_equal(m.op_names[0], "leaky_relu");
        const nnx_node *n = &m.ir.nodes[m.ir.n_nodes - 1];
        assert_int_equal(n->op, NNX_OP_LEAKY_RELU);
        assert_true(n->attrs.activation.alpha == 0.25); /* "attrs" wins over "param"; default 0.25 */
        nnx_ir_model_free(&m);
    }
    nnx_context_destroy(ctx);
}

/* ---------------------------------------------------------------- weights files */

static void test_params_discovery(void **state)
{
    (void)state;
    nnx_ir_model m;
    nnx_error err;
    /* No .params beside the graph: the weights are zero-filled so that the structure can be
     * checked, and building is refused naming the first weight, unless only the structure is
     * wanted (skip_tensor_data). */
    assert_int_equal(nnvm_load(NNVM_DATA "no_params/graph.json", NULL, false, &m, NULL, &err), NNX_OK);
    assert_int_equal(m.n_inputs, 1);
    assert_non_null(m.unrunnable);
    assert_non_null(strstr(m.unrunnable,
                           "no_params/graph.json: error: node 1 'conv1_1_weight': the weight has no "
                           "data: no .params file was given or found"));
    nnx_ir_model_free(&m);
    assert_int_equal(nnvm_load(NNVM_DATA "no_params/graph.json", NULL, true, &m, NULL, &err), NNX_OK);
    assert_int_equal(m.n_inputs, 1);
    assert_null(m.unrunnable);
    nnx_ir_model_free(&m);
    /* Two, one of them graph.params beside graph.json: that one (what `nnx convert IN
     * graph.json` writes beside it), whatever else the folder holds. */
    assert_int_equal(nnvm_load(NNVM_DATA "two_params/graph.json", NULL, false, &m, NULL, &err), NNX_OK);
    assert_int_equal(m.n_inputs, 1);
    assert_null(m.unrunnable);
    nnx_ir_model_free(&m);
    /* Two, neither named after the graph: an error listing both; --params picks one. */
    char dir[300], json[400], params[400];
    snprintf(dir, sizeof dir, "%s/several", g_dir);
    mkdir(dir, 0777);
    snprintf(json, sizeof json, "%s/model.json", dir);
    nnvm_copy_file(NNVM_DATA "two_params/graph.json", json);
    snprintf(params, sizeof params, "%s/a.params", dir);
    nnvm_copy_file(NNVM_DATA "two_params/graph.params", params);
    snprintf(params, sizeof params, "%s/b.params", dir);
    nnvm_copy_file(NNVM_DATA "two_params/other.params", params);
    assert_int_equal(nnvm_load(json, NULL, false, &m, NULL, &err), NNX_ERROR_INVALID_MODEL);
    assert_non_null(strstr(err.message, "2 .params files beside the graph"));
    assert_non_null(strstr(err.message, "several/a.params"));
    assert_non_null(strstr(err.message, "several/b.params"));
    assert_non_null(strstr(err.message, "none named model.params"));
    nnx_ir_model_free(&m);
    assert_int_equal(
        nnvm_load(NNVM_DATA "two_params/graph.json", NNVM_DATA "two_params/other.params", false, &m, NULL, &err),
        NNX_OK);
    assert_int_equal(m.n_inputs, 1);
    assert_int_equal(m.n_ops, 10);
    nnx_ir_model_free(&m);
    /* A given file that is missing or not a .params file. */
    assert_int_equal(
        nnvm_load(NNVM_DATA "vgg_like/graph.json", NNVM_DATA "vgg_like/nothing.params", false, &m, NULL, &err),
        NNX_ERROR_IO);
    assert_non_null(strstr(err.message, "nothing.params"));
    nnx_ir_model_free(&m);
    assert_int_equal(nnvm_load(NNVM_DATA "vgg_like/graph.json", NNVM_DATA "vgg_like/graph.json", false, &m, NULL, &err),
                     NNX_ERROR_INVALID_MODEL);
    assert_non_null(strstr(err.message, "not a TVM .params file"));
    nnx_ir_model_free(&m);
}

/* ---------------------------------------------------------------- compiled graphs */

static void test_tvm_compiled(void **state)
{
    (void)state;
    nnx_context *ctx;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    nnx_ir_model m;
    nnx_error err;
    if (nnvm_load(NNVM_DATA "tvm_compiled/graph.json", NULL, false, &m, &ctx->alloc, &err) != NNX_OK)
        fail_msg("%s", err.message);
    assert_int_equal(m.n_inputs, 1); /* p0, p1 come from graph.params */
    assert_int_equal(m.n_ops, 3);
    /* Building is refused naming the function; the graph is drawn from its source. */
    assert_non_null(m.unrunnable);
    assert_non_null(strstr(m.unrunnable,
                           "node 3 'fused_nn_conv2d_add_nn_relu': calls the compiled TVM function "
                           "'fused_nn_conv2d_add_nn_relu', which nnx does not have"));
    assert_non_null(m.dot);
    assert_non_null(strstr(m.dot, "digraph \"graph.json\" {"));
    assert_non_null(strstr(m.dot, "op3 [label=\"tvm_op fused_nn_conv2d_add_nn_relu\"];"));
    assert_non_null(strstr(m.dot, "op0 -> op3 [label=\"data\\n[1,3,4,4]\"];"));
    assert_null(strstr(m.dot, "op1 ")); /* p0: a weight */
    assert_string_equal(m.op_names[0], "tvm_op");
    uint32_t calls = 0;
    for (uint32_t i = 0; i < m.ir.n_nodes; i++)
        calls += m.ir.nodes[i].op == NNX_OP_COMPILED_FUNCTION;
    assert_int_equal(calls, 2); /* __nop is the reshape it stands for */
    nnx_operand_desc d = m.ir.values[m.outputs[0]].desc;
    assert_int_equal(d.rank, 2);
    assert_int_equal(d.shape[1], 32);

    /* A copy (what nnx_model_build makes) owns the calls' names and output types. */
    nnx_ir copy;
    nnx_ir_init(&copy, &ctx->alloc);
    assert_int_equal(nnx_ir_copy(&copy, &m.ir, &err), NNX_OK);
    for (uint32_t i = 0; i < copy.n_nodes; i++)
        if (copy.nodes[i].op == NNX_OP_COMPILED_FUNCTION) {
            assert_ptr_not_equal(copy.nodes[i].attrs.compiled.function, m.ir.nodes[i].attrs.compiled.function);
            assert_string_equal(copy.nodes[i].attrs.compiled.function, m.ir.nodes[i].attrs.compiled.function);
            assert_ptr_not_equal(copy.nodes[i].attrs.compiled.outputs, m.ir.nodes[i].attrs.compiled.outputs);
        }
    nnx_ir_free(&copy);

    /* Written back: the same calls, with their attributes. */
    char dir[256], path[300];
    nnvm_test_dir(dir, sizeof dir, "tvm");
    snprintf(path, sizeof path, "%s/back.json", dir);
    const char *in_names[] = {"data"};
    assert_int_equal(nnx_nnvm_save(&m.ir, m.inputs, in_names, m.n_inputs, m.outputs, m.output_names, m.n_outputs, path,
                                   NULL, &ctx->alloc, &err),
                     NNX_OK);
    nnx_ir_model back;
    if (nnvm_load(path, NULL, false, &back, &ctx->alloc, &err) != NNX_OK)
        fail_msg("%s", err.message);
    calls = 0;
    for (uint32_t i = 0; i < back.ir.n_nodes; i++)
        if (back.ir.nodes[i].op == NNX_OP_COMPILED_FUNCTION) {
            calls++;
            assert_true(strcmp(back.ir.nodes[i].attrs.compiled.function, "fused_nn_conv2d_add_nn_relu") == 0 ||
                        strcmp(back.ir.nodes[i].attrs.compiled.function, "fused_nn_softmax") == 0);
        }
    assert_int_equal(calls, 2);
    nnx_ir_model_free(&back);

    /* Run anyway (the IR as it is), the call itself fails naming the function. */
    nnvm_run r;
    char why[600];
    assert_int_equal(nnvm_run_model(ctx, &m, &r, why, sizeof why), NNX_ERROR_NOT_SUPPORTED);
    assert_non_null(strstr(why, "compiled_function 'fused_nn_conv2d_add_nn_relu'"));
    nnvm_run_free(&r);
    nnx_ir_model_free(&m);
    nnx_context_destroy(ctx);
}

/* A core op NNVM has no operator for is NOT_SUPPORTED, named. */
static void test_writer_unsupported(void **state)
{
    (void)state;
    nnx_ir ir;
    nnx_ir_init(&ir, nnvm_libc());
    nnx_error err = {0};
    nnx_operand_desc d = {.dtype = NNX_FLOAT32, .rank = 2, .shape = {2, 3}};
    uint32_t x, y;
    assert_int_equal(nnx_ir_add_input(&ir, "x", &d, &x, &err), NNX_OK);
    assert_int_equal(nnx_ir_add_node(&ir, NNX_OP_ERF, &x, 1, NULL, 1, "e", &y, &err), NNX_OK);
    char dir[256], path[300];
    nnvm_test_dir(dir, sizeof dir, "unsupported");
    snprintf(path, sizeof path, "%s/g.json", dir);
    const char *names[] = {"x"}, *outs[] = {"y"};
    assert_int_equal(nnx_nnvm_save(&ir, &x, names, 1, &y, outs, 1, path, NULL, nnvm_libc(), &err),
                     NNX_ERROR_NOT_SUPPORTED);
    assert_non_null(strstr(err.message, "NNVM cannot express core op 'erf'"));
    nnx_ir_free(&ir);
}

int main(void)
{
    nnvm_test_dir(g_dir, sizeof g_dir, "reader");
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_attribute_strings), cmocka_unit_test(test_malformed),
        cmocka_unit_test(test_spellings),         cmocka_unit_test(test_params_discovery),
        cmocka_unit_test(test_tvm_compiled),      cmocka_unit_test(test_writer_unsupported),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
