/* test_nnef_writer.c — the NNEF writer (src/formats/nnef/writer.c, writer_values.c): flat
 * graphs built by hand written to text and compared with golden text, identifier renaming,
 * custom-op declarations, graph.quant, literal edge cases read back by the lexer and parser,
 * whole containers (folder and .tgz) whose .dat files are read back bit for bit with the
 * tensor_file API, and allocation failure at every allocation. */
#define _XOPEN_SOURCE 700
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <float.h>
#include <ftw.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../common/counting_alloc.h"
#include "formats/nnef/files/container.h"
#include "formats/nnef/syntax/lexer.h"
#include "formats/nnef/syntax/parser.h"
#include "formats/nnef/emit/writer.h"

static char tmp_root[64];

static int rm_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
    (void)sb, (void)flag, (void)ftw;
    return remove(path);
}

static int make_tmp(void **state)
{
    (void)state;
    strcpy(tmp_root, "/tmp/nnx_writer_XXXXXX");
    return mkdtemp(tmp_root) ? 0 : -1;
}

static int remove_tmp(void **state)
{
    (void)state;
    return nftw(tmp_root, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* ------------------------------------------------------------------ graph builder */

typedef struct gb {
    counting_alloc ca;
    nnx_alloc alloc; /* g.alloc points here: a builder is not moved */
    nnx_nnef_flat g;
} gb;

static void gb_init(gb *b, const char *name)
{
    memset(b, 0, sizeof *b);
    b->alloc = counting_alloc_wrap(&b->ca);
    nnx_nnef_flat_init(&b->g, &b->alloc, "graph.nnef");
    b->g.name = name ? nnx_arena_strdup(&b->g.arena, name) : NULL;
}

static void gb_free(gb *b)
{
    nnx_nnef_flat_free(&b->g);
    assert_int_equal(b->ca.live, 0);
}

static void *gb_mem(gb *b, const void *src, size_t size)
{
    void *p = nnx_arena_memdup(&b->g.arena, src, size ? size : 1);
    assert_non_null(p);
    return p;
}

#define N_OF(type, ...) ((uint32_t)(sizeof((type[]){__VA_ARGS__}) / sizeof(type)))
#define SHAPE(...) (const uint32_t[]){__VA_ARGS__}, N_OF(uint32_t, __VA_ARGS__)

static uint32_t gb_tensor(gb *b, const char *name, nnx_nnef_type_kind dtype, const uint32_t *shape, uint32_t rank,
                          const char *label)
{
    nnx_nnef_flat_tensor t = {.dtype = dtype, .has_shape = shape != NULL, .rank = rank};
    t.name = name ? nnx_arena_strdup(&b->g.arena, name) : NULL;
    t.label = label ? nnx_arena_strdup(&b->g.arena, label) : NULL;
    if (shape)
        memcpy(t.shape, shape, rank * sizeof *shape);
    uint32_t index;
    assert_int_equal(nnx_nnef_flat_add_tensor(&b->g, &t, &index), NNX_OK);
    return index;
}

static uint32_t scalar_tensor(gb *b, const char *name)
{
    return gb_tensor(b, name, NNX_NNEF_TYPE_SCALAR, NULL, 0, NULL);
}

static nnx_nnef_value v_int(int64_t v) { return (nnx_nnef_value){.kind = NNX_NNEF_VALUE_INTEGER, .u.integer = v}; }
static nnx_nnef_value v_real(double v) { return (nnx_nnef_value){.kind = NNX_NNEF_VALUE_SCALAR, .u.scalar = v}; }
static nnx_nnef_value v_bool(bool v) { return (nnx_nnef_value){.kind = NNX_NNEF_VALUE_LOGICAL, .u.logical = v}; }
static nnx_nnef_value v_str(const char *s) { return (nnx_nnef_value){.kind = NNX_NNEF_VALUE_STRING, .u.string = s}; }
static nnx_nnef_value v_ten(uint32_t t) { return (nnx_nnef_value){.kind = NNX_NNEF_VALUE_TENSOR, .u.tensor = t}; }

static nnx_nnef_value v_list(gb *b, nnx_nnef_value_kind kind, const nnx_nnef_value *items, uint32_t n)
{
    nnx_nnef_value v = {.kind = kind, .count = n};
    v.u.items = gb_mem(b, items, n * sizeof *items);
    return v;
}

#define ARR(b, ...) \
    v_list(b, NNX_NNEF_VALUE_ARRAY, (const nnx_nnef_value[]){__VA_ARGS__}, N_OF(nnx_nnef_value, __VA_ARGS__))
#define TUP(b, ...) \
    v_list(b, NNX_NNEF_VALUE_TUPLE, (const nnx_nnef_value[]){__VA_ARGS__}, N_OF(nnx_nnef_value, __VA_ARGS__))
#define EMPTY ((nnx_nnef_value){.kind = NNX_NNEF_VALUE_ARRAY})

/* Tensor parameters (positional) and attributes (named). */
static nnx_nnef_arg T(const char *name, nnx_nnef_value v) { return (nnx_nnef_arg){name, v, true}; }
static nnx_nnef_arg A(const char *name, nnx_nnef_value v) { return (nnx_nnef_arg){name, v, false}; }

#define ARGS(...) (const nnx_nnef_arg[]){__VA_ARGS__}, N_OF(nnx_nnef_arg, __VA_ARGS__)

/* Adds an op; the tensors of its results get it as producer. */
static void gb_op_ex(gb *b, const char *name, nnx_nnef_type_kind generic, bool custom, const nnx_nnef_arg *args,
                     uint32_t n_args, const nnx_nnef_arg *results, uint32_t n_results)
{
    nnx_nnef_flat_op op = {
        .name = name, .generic = generic, .n_args = n_args, .n_results = n_results, .custom = custom};
    op.args = gb_mem(b, args, n_args * sizeof *args);
    op.results = gb_mem(b, results, n_results * sizeof *results);
    uint32_t index;
    assert_int_equal(nnx_nnef_flat_add_op(&b->g, &op, &index), NNX_OK);
    for (uint32_t i = 0; i < n_results; i++) {
        const nnx_nnef_value *v = &results[i].value;
        if (v->kind == NNX_NNEF_VALUE_TENSOR)
            b->g.tensors[v->u.tensor].producer = index;
        for (uint32_t j = 0; v->kind == NNX_NNEF_VALUE_ARRAY && j < v->count; j++)
            b->g.tensors[v->u.items[j].u.tensor].producer = index;
    }
}

static void gb_op(gb *b, const char *name, nnx_nnef_type_kind generic, const nnx_nnef_arg *args, uint32_t n_args,
                  const nnx_nnef_arg *results, uint32_t n_results)
{
    gb_op_ex(b, name, generic, false, args, n_args, results, n_results);
}

static void gb_io(gb *b, const uint32_t *in, uint32_t n_in, const uint32_t *out, uint32_t n_out)
{
    b->g.inputs = gb_mem(b, in, n_in * sizeof *in);
    b->g.n_inputs = n_in;
    b->g.outputs = gb_mem(b, out, n_out * sizeof *out);
    b->g.n_outputs = n_out;
}

#define IO(b, in, out) \
    gb_io(b, (const uint32_t[])in, sizeof((const uint32_t[])in) / 4, (const uint32_t[])out, \
          sizeof((const uint32_t[])out) / 4)
#define LIST(...) \
    { \
        __VA_ARGS__ \
    }

static uint32_t gb_external(gb *b, const char *name, nnx_nnef_type_kind dtype, nnx_nnef_value shape)
{
    uint32_t t = gb_tensor(b, name, dtype, NULL, 0, NULL);
    gb_op(b, "external", dtype, ARGS(A("shape", shape)), ARGS(T("output", v_ten(t))));
    return t;
}

static uint32_t gb_variable(gb *b, const char *name, nnx_nnef_type_kind dtype, const uint32_t *shape, uint32_t rank,
                            const char *label)
{
    uint32_t t = gb_tensor(b, name, dtype, shape, rank, label);
    nnx_nnef_value dims[NNX_MAX_RANK];
    for (uint32_t i = 0; i < rank; i++)
        dims[i] = v_int(shape[i]);
    gb_op(b, "variable", dtype, ARGS(A("shape", v_list(b, NNX_NNEF_VALUE_ARRAY, dims, rank)), A("label", v_str(label))),
          ARGS(T("output", v_ten(t))));
    return t;
}

/* ------------------------------------------------------------------ checks */

static void expect_text(const nnx_nnef_flat *g, const char *want)
{
    nnx_strbuf t;
    nnx_strbuf_init(&t, NULL);
    nnx_error err = {0};
    nnx_status st = nnx_nnef_write_text(g, &t, &err);
    if (st != NNX_OK)
        print_error("%s\n", err.message);
    assert_int_equal(st, NNX_OK);
    if (strcmp(t.data, want) != 0)
        print_error("got:\n%s\nwant:\n%s\n", t.data, want);
    assert_string_equal(t.data, want);
    /* and the parser accepts it */
    nnx_nnef_document *doc = NULL;
    st = nnx_nnef_parse(t.data, t.len, "written.nnef", NULL, &doc, &err);
    if (st != NNX_OK)
        print_error("%s\n", err.message);
    assert_int_equal(st, NNX_OK);
    nnx_nnef_document_free(doc);
    nnx_strbuf_free(&t);
}

static void expect_quant(const nnx_nnef_flat *g, const char *want)
{
    nnx_strbuf t;
    nnx_strbuf_init(&t, NULL);
    nnx_error err = {0};
    assert_int_equal(nnx_nnef_write_quant(g, &t, &err), NNX_OK);
    assert_string_equal(t.data ? t.data : "", want);
    if (t.len) {
        nnx_nnef_quant *q = NULL;
        assert_int_equal(nnx_nnef_parse_quant(t.data, t.len, "graph.quant", NULL, &q, &err), NNX_OK);
        nnx_nnef_quant_free(q);
    }
    nnx_strbuf_free(&t);
}

/* Writing fails with status and a message containing want; the buffer keeps its text. */
static void expect_failure(const nnx_nnef_flat *g, nnx_status status, const char *want)
{
    nnx_strbuf t;
    nnx_strbuf_init(&t, NULL);
    assert_true(nnx_strbuf_puts(&t, "kept"));
    nnx_error err = {0};
    assert_int_equal(nnx_nnef_write_text(g, &t, &err), status);
    if (!strstr(err.message, want))
        print_error("message '%s' lacks '%s'\n", err.message, want);
    assert_non_null(strstr(err.message, want));
    assert_string_equal(t.data, "kept");
    assert_int_equal(t.len, 4);
    nnx_strbuf_free(&t);
}

/* ------------------------------------------------------------------ golden documents */

/* The network of NNEF 1.0.2 §5.3's example, one convolution. */
static void build_conv_net(gb *b)
{
    gb_init(b, "net");
    uint32_t x = gb_external(b, "input", NNX_NNEF_TYPE_SCALAR, ARR(b, v_int(1), v_int(3), v_int(4), v_int(4)));
    uint32_t f = gb_variable(b, "filter", NNX_NNEF_TYPE_SCALAR, SHAPE(8, 3, 3, 3), "conv1/filter");
    uint32_t bias = gb_variable(b, "bias", NNX_NNEF_TYPE_SCALAR, SHAPE(1, 8), "conv1/bias");
    uint32_t c = scalar_tensor(b, "conv1");
    gb_op(b, "conv", NNX_NNEF_TYPE_NONE,
          ARGS(T("input", v_ten(x)), T("filter", v_ten(f)), T("bias", v_ten(bias)), A("border", v_str("constant")),
               A("padding", EMPTY), A("stride", EMPTY), A("dilation", EMPTY), A("groups", v_int(1))),
          ARGS(T("output", v_ten(c))));
    uint32_t y = scalar_tensor(b, "output");
    gb_op(b, "relu", NNX_NNEF_TYPE_NONE, ARGS(T("x", v_ten(c))), ARGS(T("y", v_ten(y))));
    IO(b, LIST(x), LIST(y));
}

static const char conv_net_text[] = "version 1.0;\n"
                                    "\n"
                                    "graph net( input ) -> ( output )\n"
                                    "{\n"
                                    "    input = external(shape = [1, 3, 4, 4]);\n"
                                    "    filter = variable(shape = [8, 3, 3, 3], label = 'conv1/filter');\n"
                                    "    bias = variable(shape = [1, 8], label = 'conv1/bias');\n"
                                    "    conv1 = conv(input, filter, bias, border = 'constant', padding = [], stride = "
                                    "[], dilation = [], groups = 1);\n"
                                    "    output = relu(conv1);\n"
                                    "}\n";

static void test_golden_conv(void **state)
{
    (void)state;
    gb b;
    build_conv_net(&b);
    expect_text(&b.g, conv_net_text);
    expect_quant(&b.g, "");
    gb_free(&b);
}

/* Array and tuple results, generic arguments written only when not recoverable. */
static void test_golden_results_and_generics(void **state)
{
    (void)state;
    gb b;
    gb_init(&b, "G");
    uint32_t x = gb_external(&b, "x", NNX_NNEF_TYPE_SCALAR, ARR(&b, v_int(1), v_int(6), v_int(4), v_int(4)));
    uint32_t k = gb_external(&b, "k", NNX_NNEF_TYPE_INTEGER, ARR(&b, v_int(2)));
    uint32_t c = scalar_tensor(&b, "c");
    b.g.tensors[c].dtype = NNX_NNEF_TYPE_LOGICAL;
    gb_op(&b, "constant", NNX_NNEF_TYPE_LOGICAL, ARGS(A("shape", ARR(&b, v_int(1))), A("value", ARR(&b, v_bool(true)))),
          ARGS(T("output", v_ten(c))));
    gb_variable(&b, "v", NNX_NNEF_TYPE_INTEGER, SHAPE(2), "v");
    uint32_t p1 = scalar_tensor(&b, "p1"), p2 = scalar_tensor(&b, "p2"), p3 = scalar_tensor(&b, "p3");
    gb_op(&b, "split", NNX_NNEF_TYPE_SCALAR,
          ARGS(T("value", v_ten(x)), A("axis", v_int(1)), A("ratios", ARR(&b, v_int(1), v_int(1), v_int(1)))),
          ARGS(T("values", ARR(&b, v_ten(p1), v_ten(p2), v_ten(p3)))));
    uint32_t m = scalar_tensor(&b, "m"), idx = gb_tensor(&b, "idx", NNX_NNEF_TYPE_INTEGER, NULL, 0, NULL);
    gb_op(&b, "max_pool_with_index", NNX_NNEF_TYPE_NONE,
          ARGS(T("input", v_ten(p1)), A("size", ARR(&b, v_int(1), v_int(1), v_int(2), v_int(2))),
               A("border", v_str("ignore")), A("padding", EMPTY),
               A("stride", ARR(&b, v_int(1), v_int(1), v_int(2), v_int(2))), A("dilation", EMPTY)),
          ARGS(T("output", v_ten(m)), T("index", v_ten(idx))));
    uint32_t r = gb_tensor(&b, "r", NNX_NNEF_TYPE_INTEGER, NULL, 0, NULL);
    gb_op(&b, "reshape", NNX_NNEF_TYPE_INTEGER,
          ARGS(T("input", v_ten(k)), A("shape", ARR(&b, v_int(1), v_int(2))), A("axis_start", v_int(0)),
               A("axis_count", v_int(-1))),
          ARGS(T("output", v_ten(r))));
    uint32_t s = scalar_tensor(&b, "s");
    gb_op(&b, "select", NNX_NNEF_TYPE_SCALAR,
          ARGS(T("condition", v_ten(c)), T("true_value", v_real(1.5)), T("false_value", v_real(-2.0))),
          ARGS(T("output", v_ten(s))));
    IO(&b, LIST(x, k), LIST(p2, m, idx, r, s));
    expect_text(&b.g,
                "version 1.0;\n"
                "\n"
                "graph G( x, k ) -> ( p2, m, idx, r, s )\n"
                "{\n"
                "    x = external(shape = [1, 6, 4, 4]);\n"
                "    k = external<integer>(shape = [2]);\n"
                "    c = constant<logical>(shape = [1], value = [true]);\n"
                "    v = variable<integer>(shape = [2], label = 'v');\n"
                "    [p1, p2, p3] = split(x, axis = 1, ratios = [1, 1, 1]);\n"
                "    (m, idx) = max_pool_with_index(p1, size = [1, 1, 2, 2], border = 'ignore', padding = [], "
                "stride = [1, 1, 2, 2], dilation = []);\n"
                "    r = reshape(k, shape = [1, 2], axis_start = 0, axis_count = -1);\n"
                "    s = select(c, 1.5, -2.0);\n"
                "}\n");
    gb_free(&b);
}

/* Invalid, keyword and duplicate names are renamed deterministically; graph.quant agrees. */
static void test_golden_renaming(void **state)
{
    (void)state;
    static const char *const names[] = {"in put", "1x", "graph", "", "x", "x", "a_b", "a-b", "x_1", "true", NULL};
    gb b;
    gb_init(&b, "my-net");
    uint32_t prev = gb_external(&b, names[0], NNX_NNEF_TYPE_SCALAR, ARR(&b, v_int(1)));
    for (int i = 1; i < 11; i++) {
        uint32_t t = scalar_tensor(&b, names[i]);
        gb_op(&b, "copy", NNX_NNEF_TYPE_SCALAR, ARGS(T("x", v_ten(prev))), ARGS(T("y", v_ten(t))));
        prev = t;
    }
    nnx_nnef_flat_quant q = {"linear_quantize", NULL, 0, {0, 0}};
    q.args = gb_mem(&b, (const nnx_nnef_arg[]){A("min", v_real(0)), A("max", v_real(1)), A("bits", v_int(8))},
                    3 * sizeof(nnx_nnef_arg));
    q.n_args = 3;
    b.g.tensors[7].quant = &q;
    b.g.tensors[10].quant = &q;
    IO(&b, LIST(0), LIST(prev));
    expect_text(&b.g,
                "version 1.0;\n"
                "\n"
                "graph my_net( in_put ) -> ( t_10 )\n"
                "{\n"
                "    in_put = external(shape = [1]);\n"
                "    _1x = copy(in_put);\n"
                "    graph_ = copy(_1x);\n"
                "    t_3 = copy(graph_);\n"
                "    x = copy(t_3);\n"
                "    x_2 = copy(x);\n"
                "    a_b = copy(x_2);\n"
                "    a_b_1 = copy(a_b);\n"
                "    x_1 = copy(a_b_1);\n"
                "    true_ = copy(x_1);\n"
                "    t_10 = copy(true_);\n"
                "}\n");
    expect_quant(&b.g,
                 "\"a_b_1\": linear_quantize(min = 0.0, max = 1.0, bits = 8);\n"
                 "\"t_10\": linear_quantize(min = 0.0, max = 1.0, bits = 8);\n");
    gb_free(&b);
}

/* variant: the second invocation's size is [5] (0), [5.0] (1) or [] (2). */
static void build_custom(gb *b, int variant)
{
    gb_init(b, "G");
    nnx_nnef_value second_size = variant == 0 ? ARR(b, v_int(5)) : variant == 1 ? ARR(b, v_real(5.0)) : EMPTY;
    uint32_t x = gb_external(b, "x", NNX_NNEF_TYPE_SCALAR, ARR(b, v_int(1)));
    uint32_t y = scalar_tensor(b, "y"), e1 = gb_tensor(b, "e1", NNX_NNEF_TYPE_INTEGER, NULL, 0, NULL);
    uint32_t e2 = gb_tensor(b, "e2", NNX_NNEF_TYPE_INTEGER, NULL, 0, NULL);
    gb_op_ex(b, "my_op", NNX_NNEF_TYPE_NONE, true,
             ARGS(T("input", v_ten(x)), T("weights", ARR(b, v_ten(x), v_ten(x))), A("size", ARR(b, v_int(3), v_int(3))),
                  A("mode", v_str("fast")), A("pair", TUP(b, v_int(1), v_real(2.0)))),
             ARGS(T("output", v_ten(y)), T("extra", ARR(b, v_ten(e1), v_ten(e2)))));
    uint32_t z = scalar_tensor(b, "z"), e3 = gb_tensor(b, "e3", NNX_NNEF_TYPE_INTEGER, NULL, 0, NULL);
    gb_op_ex(b, "my_op", NNX_NNEF_TYPE_NONE, true,
             ARGS(T("input", v_ten(y)), T("weights", ARR(b, v_ten(y))), A("size", second_size),
                  A("mode", v_str("slow")), A("pair", TUP(b, v_int(-1), v_real(0.5)))),
             ARGS(T("output", v_ten(z)), T("extra", ARR(b, v_ten(e3)))));
    IO(b, LIST(x), LIST(z));
    b->g.has_custom_ops = true;
}

static void test_golden_custom_ops(void **state)
{
    (void)state;
    gb b;
    build_custom(&b, 0);
    expect_text(&b.g,
                "version 1.0;\n"
                "extension KHR_enable_fragment_definitions;\n"
                "\n"
                "fragment my_op( input: tensor<scalar>, weights: tensor<scalar>[], size: integer[], mode: string, "
                "pair: (integer, scalar) ) -> ( output: tensor<scalar>, extra: tensor<integer>[] );\n"
                "\n"
                "graph G( x ) -> ( z )\n"
                "{\n"
                "    x = external(shape = [1]);\n"
                "    (y, [e1, e2]) = my_op(x, [x, x], size = [3, 3], mode = 'fast', pair = (1, 2.0));\n"
                "    (z, [e3]) = my_op(y, [y], size = [5], mode = 'slow', pair = (-1, 0.5));\n"
                "}\n");
    gb_free(&b);
}

static void test_custom_op_type_conflicts(void **state)
{
    (void)state;
    gb b;
    build_custom(&b, 1);
    expect_failure(&b.g, NNX_ERROR_NOT_SUPPORTED,
                   "op #2 'my_op': custom operation used with other types than at its first use");
    gb_free(&b);
    build_custom(&b, 2);
    expect_failure(&b.g, NNX_ERROR_NOT_SUPPORTED,
                   "op #2 'my_op', argument 'size': the item type of an empty array cannot be declared");
    gb_free(&b);
}

static void test_golden_quant(void **state)
{
    (void)state;
    gb b;
    build_conv_net(&b);
    nnx_nnef_flat_quant lin = {"linear_quantize", NULL, 3, {0, 0}}, lg = {"logarithmic_quantize", NULL, 2, {0, 0}};
    lin.args = gb_mem(&b, (const nnx_nnef_arg[]){A("min", v_real(-2.0)), A("max", v_real(2.5)), A("bits", v_int(8))},
                      3 * sizeof(nnx_nnef_arg));
    lg.args = gb_mem(&b, (const nnx_nnef_arg[]){A("max", v_real(0.75)), A("bits", v_int(4))}, 2 * sizeof(nnx_nnef_arg));
    b.g.tensors[1].quant = &lin;
    b.g.tensors[2].quant = &lg;
    expect_quant(&b.g,
                 "\"filter\": linear_quantize(min = -2.0, max = 2.5, bits = 8);\n"
                 "\"bias\": logarithmic_quantize(max = 0.75, bits = 4);\n");
    /* A tensor reference is not a compile-time value (§5.3). */
    lg.args[0].value = v_ten(0);
    nnx_strbuf t;
    nnx_strbuf_init(&t, NULL);
    nnx_error err = {0};
    assert_int_equal(nnx_nnef_write_quant(&b.g, &t, &err), NNX_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(err.message, "graph.quant entry of tensor 'bias', argument 'max': a compile-time value"));
    assert_int_equal(t.len, 0);
    nnx_strbuf_free(&t);
    gb_free(&b);
}

/* ------------------------------------------------------------------ literals */

static void expect_scalar(double v, const char *want)
{
    char buf[32];
    assert_true(nnx_nnef_format_scalar(v, buf, sizeof buf));
    if (strcmp(buf, want) != 0)
        print_error("%.17g: got '%s', want '%s'\n", v, buf, want);
    assert_string_equal(buf, want);
}

static void test_scalar_format(void **state)
{
    (void)state;
    expect_scalar(1.0, "1.0");
    expect_scalar(0.1, "0.1");
    expect_scalar(-0.0, "-0.0");
    expect_scalar(0.0, "0.0");
    expect_scalar(1e-45, "1e-45");
    expect_scalar((double)FLT_TRUE_MIN, "1.401298464324817e-45");
    expect_scalar(3.4028234663852886e38, "3.4028234663852886e38");
    expect_scalar((double)FLT_MAX, "3.4028234663852886e38");
    expect_scalar(DBL_MAX, "1.7976931348623157e308");
    expect_scalar(DBL_TRUE_MIN, "5e-324");
    expect_scalar(100.0, "100.0");
    expect_scalar(-2.5, "-2.5");
    expect_scalar(123456.789, "123456.789");
    expect_scalar(1e15, "1000000000000000.0");
    expect_scalar(1e16, "1e16");
    expect_scalar(0.0001, "0.0001");
    expect_scalar(0.00001, "1e-5");
    expect_scalar(2.5e-5, "2.5e-5");
    expect_scalar(1.0 / 3.0, "0.3333333333333333");
    expect_scalar(0.1f, "0.10000000149011612");
    expect_scalar(9007199254740993.0, "9007199254740992.0"); /* 2^53 + 1 rounds to 2^53 */
    char buf[32];
    assert_false(nnx_nnef_format_scalar(NAN, buf, sizeof buf));
    assert_false(nnx_nnef_format_scalar(INFINITY, buf, sizeof buf));
    assert_false(nnx_nnef_format_scalar(-INFINITY, buf, sizeof buf));
    assert_false(nnx_nnef_format_scalar(1.5, buf, 3)); /* "1.5" needs 4 bytes */
}

static uint64_t next_random(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* The reference for shortest digits: the first precision 1..17 whose "%.*e" reads back,
 * as significant digits without trailing zeros. */
static void reference_digits(double v, char *digits)
{
    char s[48];
    for (int p = 1; p <= 17; p++) {
        snprintf(s, sizeof s, "%.*e", p - 1, v);
        if (strtod(s, NULL) == v)
            break;
    }
    size_t n = 0;
    for (const char *q = s; *q && *q != 'e'; q++)
        if (*q >= '0' && *q <= '9' && (n || *q != '0'))
            digits[n++] = *q;
    while (n && digits[n - 1] == '0')
        n--;
    digits[n] = '\0';
}

/* v's text reads back to the same bits through strtod and through the NNEF lexer's own
 * conversion, is a scalar literal, and has exactly the reference's significant digits. */
static void check_round_trip(double v)
{
    char buf[32], scratch[40], sig[32], want[32];
    assert_true(nnx_nnef_format_scalar(v, buf, sizeof buf));
    assert_true(strchr(buf, '.') || strchr(buf, 'e'));
    double back = strtod(buf, NULL), lexed;
    assert_memory_equal(&back, &v, sizeof v);
    const char *mag = buf + (buf[0] == '-');
    assert_true(nnx_nnef_scalar_value(mag, strlen(mag), scratch, &lexed));
    lexed = buf[0] == '-' ? -lexed : lexed;
    assert_memory_equal(&lexed, &v, sizeof v);
    size_t n = 0;
    for (const char *p = mag; *p && *p != 'e'; p++)
        if (*p >= '0' && *p <= '9' && (n || *p != '0'))
            sig[n++] = *p;
    while (n && sig[n - 1] == '0')
        n--;
    sig[n] = '\0';
    reference_digits(v, want);
    if (strcmp(sig, want) != 0)
        print_error("%.17g: wrote %s, shortest digits are %s\n", v, buf, want);
    assert_string_equal(sig, want);
}

/* Random bit patterns, float-derived values (17 digits as doubles), and the neighbourhood
 * of every power of two, where the round-trip precision is not monotone. */
static void test_scalar_round_trip(void **state)
{
    (void)state;
    uint64_t seed = 0x9e3779b97f4a7c15u;
    for (int i = 0; i < 20000; i++) {
        uint64_t bits = next_random(&seed);
        double v;
        memcpy(&v, &bits, sizeof v);
        if (i % 2)
            v = (double)(float)(ldexp((double)(bits >> 11), -53) * 20 - 10);
        if (isfinite(v))
            check_round_trip(v);
    }
    /* found by search: the precision below the shortest fails, a longer one fails again */
    static const double non_monotone[] = {5.7835805874344294e+222, 8.2546020489947695e+267, 6.0908212571249994e+287,
                                          6.2370009672959994e+290};
    for (int i = 0; i < 4; i++)
        check_round_trip(non_monotone[i]);
    for (int k = -1074; k <= 1023; k++) {
        double p2 = ldexp(1.0, k), lo = nextafter(p2, 0), hi = nextafter(p2, INFINITY);
        check_round_trip(p2);
        check_round_trip(lo);
        check_round_trip(-hi);
        check_round_trip(nextafter(lo, 0));
    }
}

static void expect_literal(const nnx_nnef_value *v, const char *want)
{
    static const char *const names[] = {"a", "b"};
    nnx_strbuf t;
    nnx_strbuf_init(&t, NULL);
    nnx_error err = {0};
    nnx_status st = nnx_nnef_write_value(&t, v, names, 2, "test value", &err);
    if (st != NNX_OK)
        print_error("%s\n", err.message);
    assert_int_equal(st, NNX_OK);
    assert_string_equal(t.data, want);
    nnx_strbuf_free(&t);
}

static void value_fails(const nnx_nnef_value *v, nnx_status status, const char *want)
{
    static const char *const names[] = {"a", "b"};
    nnx_strbuf t;
    nnx_strbuf_init(&t, NULL);
    nnx_error err = {0};
    assert_int_equal(nnx_nnef_write_value(&t, v, names, 2, "test value", &err), status);
    if (!strstr(err.message, want))
        print_error("message '%s' lacks '%s'\n", err.message, want);
    assert_non_null(strstr(err.message, want));
    nnx_strbuf_free(&t);
}

static void test_value_literals(void **state)
{
    (void)state;
    gb b;
    gb_init(&b, "G");
    nnx_nnef_value v = v_int(0);
    expect_literal(&v, "0");
    v = v_int(INT64_MAX);
    expect_literal(&v, "9223372036854775807");
    v = v_int(-INT64_MAX);
    expect_literal(&v, "-9223372036854775807");
    v = v_int(-1);
    expect_literal(&v, "-1");
    v = v_bool(false);
    expect_literal(&v, "false");
    v = v_str("it's \"q\" \\ done");
    expect_literal(&v, "'it\\'s \"q\" \\\\ done'");
    v = v_str("");
    expect_literal(&v, "''");
    v = ARR(&b, ARR(&b, v_int(1), v_int(2)), EMPTY, ARR(&b, ARR(&b, v_real(0.5))));
    expect_literal(&v, "[[1, 2], [], [[0.5]]]");
    v = TUP(&b, v_int(1), v_str("a"), ARR(&b, v_bool(true), v_bool(false)), TUP(&b, v_ten(0), v_ten(1)));
    expect_literal(&v, "(1, 'a', [true, false], (a, b))");
    v = ARR(&b, TUP(&b, v_int(0), v_int(1)), TUP(&b, v_int(2), v_int(3)));
    expect_literal(&v, "[(0, 1), (2, 3)]");
    gb_free(&b);
}

static void test_value_errors(void **state)
{
    (void)state;
    gb b;
    gb_init(&b, "G");
    nnx_nnef_value v = v_int(INT64_MIN);
    value_fails(&v, NNX_ERROR_NOT_SUPPORTED, "test value: integer -9223372036854775808 has no NNEF literal");
    v = v_real(NAN);
    value_fails(&v, NNX_ERROR_NOT_SUPPORTED, "test value: scalar nan has no NNEF literal");
    v = ARR(&b, v_real(1.0), v_real(-INFINITY));
    value_fails(&v, NNX_ERROR_NOT_SUPPORTED, "scalar -inf has no NNEF literal");
    v = v_str("tab\there");
    value_fails(&v, NNX_ERROR_NOT_SUPPORTED, "string has byte 0x09; NNEF strings hold printable ASCII only");
    v = v_ten(2);
    value_fails(&v, NNX_ERROR_INVALID_ARGUMENT, "tensor index 2 out of range (2 tensors)");
    v = (nnx_nnef_value){.kind = NNX_NNEF_VALUE_NONE};
    value_fails(&v, NNX_ERROR_INVALID_ARGUMENT, "test value: no value");
    v = TUP(&b, v_int(1));
    value_fails(&v, NNX_ERROR_INVALID_ARGUMENT, "tuple of 1 items (at least 2)");
    /* nesting bound */
    nnx_nnef_value deep = v_int(1);
    for (int i = 0; i < 300; i++)
        deep = v_list(&b, NNX_NNEF_VALUE_ARRAY, &deep, 1);
    value_fails(&deep, NNX_ERROR_NOT_SUPPORTED, "value nested deeper than 256");
    gb_free(&b);
}

/* Errors of whole documents name the op and the argument, and leave the buffer as it was. */
static void test_document_errors(void **state)
{
    (void)state;
    gb b;
    build_conv_net(&b);
    b.g.ops[3].args[7].value = v_real(INFINITY); /* conv groups */
    expect_failure(&b.g, NNX_ERROR_NOT_SUPPORTED, "op #3 'conv', argument 'groups': scalar inf has no NNEF literal");
    b.g.ops[3].args[7].value = v_int(1);
    b.g.ops[4].name = "re-lu";
    expect_failure(&b.g, NNX_ERROR_INVALID_ARGUMENT, "op #4 're-lu': not a valid operation name");
    b.g.ops[4].name = "relu";
    b.g.ops[3].args[3].name = "bor der";
    expect_failure(&b.g, NNX_ERROR_INVALID_ARGUMENT, "op #3 'conv', argument 'bor der': not a valid parameter name");
    b.g.ops[3].args[3].name = "border";
    b.g.ops[4].results[0].value = v_int(3);
    expect_failure(&b.g, NNX_ERROR_INVALID_ARGUMENT, "op #4 'relu', argument 'y': a result must be a tensor");
    b.g.ops[4].results[0].value = v_ten(4);
    b.g.ops[2].args[1].value = v_str("a\x01");
    expect_failure(&b.g, NNX_ERROR_NOT_SUPPORTED, "op #2 'variable', argument 'label': string has byte 0x01");
    b.g.ops[2].args[1].value = v_str("conv1/bias");
    b.g.n_inputs = 0;
    expect_failure(&b.g, NNX_ERROR_NOT_SUPPORTED, "graph 'net' has no inputs; NNEF needs at least one");
    b.g.n_inputs = 1;
    b.g.outputs[0] = 99;
    expect_failure(&b.g, NNX_ERROR_INVALID_ARGUMENT, "graph outputs #0: tensor index 99 out of range");
    b.g.outputs[0] = 4;
    b.g.ops[4].n_args = 0;
    expect_failure(&b.g, NNX_ERROR_NOT_SUPPORTED, "op #4 'relu': an NNEF invocation needs at least one argument");
    b.g.ops[4].n_args = 1;
    expect_text(&b.g, conv_net_text); /* every field restored */
    gb_free(&b);
}

/* ------------------------------------------------------------------ read back by the parser */

static const nnx_nnef_expr *arg_value(const nnx_nnef_document *doc, uint32_t stmt, const char *name)
{
    const nnx_nnef_expr *inv = doc->graph->body[stmt].rvalue;
    assert_int_equal(inv->kind, NNX_NNEF_EXPR_INVOCATION);
    for (uint32_t i = 0; i < inv->u.invocation.arg_count; i++)
        if (inv->u.invocation.args[i].name && strcmp(inv->u.invocation.args[i].name, name) == 0)
            return inv->u.invocation.args[i].value;
    fail_msg("no argument %s", name);
    return NULL;
}

static void test_parser_reads_values_back(void **state)
{
    (void)state;
    static const double reals[] = {1.0,      0.1,    1e-45, 3.4028234663852886e38, -0.0, 5e-324, 1.7976931348623157e308,
                                   -123.456, 2.5e-5, 1e16,  0.3333333333333333};
    static const int64_t ints[] = {0, 1, -1, INT64_MAX, -INT64_MAX, 4294967296};
    static const char *const strs[] = {"it's", "\"double\"", "back\\slash", "", "~!@#$%^&*()"};
    gb b;
    gb_init(&b, "G");
    nnx_nnef_value rv[11], iv[6], sv[5];
    for (int i = 0; i < 11; i++)
        rv[i] = v_real(reals[i]);
    for (int i = 0; i < 6; i++)
        iv[i] = v_int(ints[i]);
    for (int i = 0; i < 5; i++)
        sv[i] = v_str(strs[i]);
    uint32_t x = gb_external(&b, "x", NNX_NNEF_TYPE_SCALAR, ARR(&b, v_int(11)));
    uint32_t y = scalar_tensor(&b, "y");
    gb_op_ex(&b, "probe", NNX_NNEF_TYPE_NONE, true,
             ARGS(T("x", v_ten(x)), A("reals", v_list(&b, NNX_NNEF_VALUE_ARRAY, rv, 11)),
                  A("ints", v_list(&b, NNX_NNEF_VALUE_ARRAY, iv, 6)),
                  A("strs", v_list(&b, NNX_NNEF_VALUE_ARRAY, sv, 5)),
                  A("nested", ARR(&b, TUP(&b, v_int(1), v_bool(true)), TUP(&b, v_int(-2), v_bool(false))))),
             ARGS(T("y", v_ten(y))));
    IO(&b, LIST(x), LIST(y));
    nnx_strbuf t;
    nnx_strbuf_init(&t, NULL);
    nnx_error err = {0};
    assert_int_equal(nnx_nnef_write_text(&b.g, &t, &err), NNX_OK);
    nnx_nnef_document *doc;
    nnx_status st = nnx_nnef_parse(t.data, t.len, "probe.nnef", NULL, &doc, &err);
    if (st != NNX_OK)
        print_error("%s\n%s\n", err.message, t.data);
    assert_int_equal(st, NNX_OK);
    const nnx_nnef_expr *e = arg_value(doc, 1, "reals");
    assert_int_equal(e->u.list.count, 11);
    for (int i = 0; i < 11; i++) {
        assert_int_equal(e->u.list.items[i]->kind, NNX_NNEF_EXPR_SCALAR);
        assert_memory_equal(&e->u.list.items[i]->u.scalar, &reals[i], sizeof(double));
    }
    e = arg_value(doc, 1, "ints");
    for (int i = 0; i < 6; i++) {
        assert_int_equal(e->u.list.items[i]->kind, NNX_NNEF_EXPR_INTEGER);
        assert_int_equal(e->u.list.items[i]->u.integer, ints[i]);
    }
    e = arg_value(doc, 1, "strs");
    for (int i = 0; i < 5; i++)
        assert_string_equal(e->u.list.items[i]->u.string.chars, strs[i]);
    e = arg_value(doc, 1, "nested");
    assert_int_equal(e->u.list.items[1]->kind, NNX_NNEF_EXPR_TUPLE);
    assert_int_equal(e->u.list.items[1]->u.list.items[0]->u.integer, -2);
    nnx_nnef_document_free(doc);
    nnx_strbuf_free(&t);
    gb_free(&b);
}

/* ------------------------------------------------------------------ containers */

static const float filter_data[6] = {1.5f, -0.0f, 3.4028235e38f, 1e-45f, -2.25f, 0.1f};
static const int32_t bias_data[2] = {-7, 2147483647};

static void build_two_variables(gb *b)
{
    gb_init(b, "two");
    uint32_t x = gb_external(b, "x", NNX_NNEF_TYPE_SCALAR, ARR(b, v_int(1), v_int(3)));
    uint32_t f = gb_variable(b, "filter", NNX_NNEF_TYPE_SCALAR, SHAPE(2, 3), "conv1/filter");
    uint32_t k = gb_variable(b, "bias", NNX_NNEF_TYPE_INTEGER, SHAPE(1, 2), "conv1/bias");
    uint32_t y = scalar_tensor(b, "y");
    gb_op(b, "linear", NNX_NNEF_TYPE_NONE, ARGS(T("input", v_ten(x)), T("filter", v_ten(f)), T("bias", v_ten(k))),
          ARGS(T("output", v_ten(y))));
    IO(b, LIST(x), LIST(y));
    nnx_nnef_flat_quant *q = nnx_arena_alloc(&b->g.arena, sizeof *q);
    *q = (nnx_nnef_flat_quant){"linear_quantize", NULL, 3, {0, 0}};
    q->args = gb_mem(b, (const nnx_nnef_arg[]){A("min", v_real(-2.5)), A("max", v_real(3.5)), A("bits", v_int(8))},
                     3 * sizeof(nnx_nnef_arg));
    b->g.tensors[f].quant = q;
}

static const nnx_nnef_variable_data two_vars[] = {
    {1, NNX_FLOAT32, filter_data, sizeof filter_data, NULL},
    {2, NNX_INT32, bias_data, sizeof bias_data, NULL},
};

/* The container's file equals a fresh encoding, and decodes back to the data. */
static void expect_dat(nnx_nnef_container *c, const char *label, nnx_dtype dt, const uint32_t *shape, uint32_t rank,
                       const void *data, size_t size)
{
    const void *bytes;
    size_t n, want_n, written;
    nnx_error err = {0};
    assert_int_equal(nnx_nnef_container_get_variable(c, label, &bytes, &n, NULL, &err), NNX_OK);
    assert_int_equal(nnx_nnef_tensor_encoded_size(dt, shape, rank, NULL, &want_n, &err), NNX_OK);
    uint8_t *want = malloc(want_n);
    assert_int_equal(nnx_nnef_tensor_encode(dt, shape, rank, data, size, NULL, want, want_n, &written, &err), NNX_OK);
    assert_int_equal(n, written);
    assert_memory_equal(bytes, want, n);
    nnx_nnef_tensor_info info;
    assert_int_equal(nnx_nnef_tensor_parse(bytes, n, label, &info, &err), NNX_OK);
    assert_int_equal(info.rank, rank);
    assert_memory_equal(info.shape, shape, rank * sizeof *shape);
    uint8_t *decoded = malloc(size);
    assert_int_equal(nnx_nnef_tensor_decode(&info, bytes, dt, decoded, size, &err), NNX_OK);
    assert_memory_equal(decoded, data, size);
    free(decoded);
    free(want);
}

static void expect_container(const char *path, const nnx_nnef_flat *g, nnx_nnef_container_kind kind)
{
    nnx_nnef_container *c;
    nnx_error err = {0};
    nnx_status st = nnx_nnef_container_open(path, NULL, NULL, &c, &err);
    if (st != NNX_OK)
        print_error("%s\n", err.message);
    assert_int_equal(st, NNX_OK);
    assert_int_equal(nnx_nnef_container_kind_of(c), kind);
    nnx_strbuf text, quant;
    nnx_strbuf_init(&text, NULL);
    nnx_strbuf_init(&quant, NULL);
    assert_int_equal(nnx_nnef_write_text(g, &text, &err), NNX_OK);
    assert_int_equal(nnx_nnef_write_quant(g, &quant, &err), NNX_OK);
    const void *data;
    size_t size;
    assert_int_equal(nnx_nnef_container_get(c, "graph.nnef", &data, &size, &err), NNX_OK);
    assert_int_equal(size, text.len);
    assert_memory_equal(data, text.data, size);
    assert_int_equal(nnx_nnef_container_get(c, "graph.quant", &data, &size, &err), NNX_OK);
    assert_int_equal(size, quant.len);
    assert_memory_equal(data, quant.data, size);
    assert_string_equal(quant.data, "\"filter\": linear_quantize(min = -2.5, max = 3.5, bits = 8);\n");
    expect_dat(c, "conv1/filter", NNX_FLOAT32, (const uint32_t[]){2, 3}, 2, filter_data, sizeof filter_data);
    expect_dat(c, "conv1/bias", NNX_INT32, (const uint32_t[]){1, 2}, 2, bias_data, sizeof bias_data);
    nnx_strbuf_free(&text);
    nnx_strbuf_free(&quant);
    nnx_nnef_container_close(c);
}

static void save_ok(const nnx_nnef_flat *g, const char *path, nnx_nnef_container_format f)
{
    nnx_error err = {0};
    nnx_status st = nnx_nnef_save(g, two_vars, 2, path, f, NULL, &err);
    if (st != NNX_OK)
        print_error("%s\n", err.message);
    assert_int_equal(st, NNX_OK);
}

static void test_save_folder_and_tgz(void **state)
{
    (void)state;
    char folder[128], tgz[128], tar[128];
    snprintf(folder, sizeof folder, "%s/model", tmp_root);
    snprintf(tgz, sizeof tgz, "%s/model.tgz", tmp_root);
    snprintf(tar, sizeof tar, "%s/model.tar", tmp_root);
    gb b;
    build_two_variables(&b);
    save_ok(&b.g, folder, NNX_NNEF_FORMAT_AUTO);
    save_ok(&b.g, tgz, NNX_NNEF_FORMAT_AUTO);
    save_ok(&b.g, tar, NNX_NNEF_FORMAT_AUTO);
    expect_container(folder, &b.g, NNX_NNEF_CONTAINER_FOLDER);
    expect_container(tgz, &b.g, NNX_NNEF_CONTAINER_TGZ);
    expect_container(tar, &b.g, NNX_NNEF_CONTAINER_TAR);
    gb_free(&b);
}

static void save_fails(const nnx_nnef_flat *g, const nnx_nnef_variable_data *v, uint32_t n, nnx_status status,
                       const char *want)
{
    char path[128];
    snprintf(path, sizeof path, "%s/bad.tgz", tmp_root);
    nnx_error err = {0};
    assert_int_equal(nnx_nnef_save(g, v, n, path, NNX_NNEF_FORMAT_AUTO, NULL, &err), status);
    if (!strstr(err.message, want))
        print_error("message '%s' lacks '%s'\n", err.message, want);
    assert_non_null(strstr(err.message, want));
}

static void test_save_errors(void **state)
{
    (void)state;
    gb b;
    build_two_variables(&b);
    nnx_nnef_variable_data v = two_vars[0];
    v.tensor = 0;
    save_fails(&b.g, &v, 1, NNX_ERROR_INVALID_ARGUMENT, "variable data #0: tensor 0 is not a variable");
    v = two_vars[0];
    v.dtype = NNX_INT32;
    save_fails(&b.g, &v, 1, NNX_ERROR_INVALID_ARGUMENT, "variable 'conv1/filter': int32 data for a tensor<scalar>");
    v = two_vars[0];
    v.size = 4;
    save_fails(&b.g, &v, 1, NNX_ERROR_INVALID_ARGUMENT, "");
    /* Labels equal ignoring case share one file: data for both is a conflict. */
    b.g.tensors[2].label = "CONV1/Filter";
    save_fails(&b.g, two_vars, 2, NNX_ERROR_INVALID_ARGUMENT,
               "'conv1/filter.dat' and 'CONV1/Filter.dat' differ only in case");
    b.g.tensors[2].label = "conv1\\bias";
    save_fails(&b.g, two_vars, 2, NNX_ERROR_NOT_SUPPORTED, "variable label 'conv1\\bias': a backslash");
    b.g.tensors[2].label = "conv1/bias";
    b.g.tensors[1].has_shape = false;
    save_fails(&b.g, two_vars, 2, NNX_ERROR_INVALID_ARGUMENT, "variable 'conv1/filter': shape unknown");
    gb_free(&b);
}

/* ------------------------------------------------------------------ allocation failure */

static void test_allocation_failure_text(void **state)
{
    (void)state;
    gb b;
    build_custom(&b, 0);
    long n = 1;
    for (;; n++) {
        long base = b.ca.live;
        b.ca.fail_at = b.ca.calls + n;
        nnx_strbuf t;
        nnx_strbuf_init(&t, &b.alloc);
        nnx_error err = {0};
        nnx_status st = nnx_nnef_write_text(&b.g, &t, &err);
        nnx_strbuf_free(&t);
        assert_int_equal(b.ca.live, base);
        if (st == NNX_OK)
            break;
        assert_int_equal(st, NNX_ERROR_OUT_OF_MEMORY);
    }
    b.ca.fail_at = 0;
    assert_true(n > 3);
    gb_free(&b);
}

static void test_allocation_failure_save(void **state)
{
    (void)state;
    char path[128];
    snprintf(path, sizeof path, "%s/oom.tgz", tmp_root);
    gb b;
    build_two_variables(&b);
    long n = 1;
    for (;; n++) {
        long base = b.ca.live;
        b.ca.fail_at = b.ca.calls + n;
        nnx_error err = {0};
        nnx_status st = nnx_nnef_save(&b.g, two_vars, 2, path, NNX_NNEF_FORMAT_AUTO, &b.alloc, &err);
        assert_int_equal(b.ca.live, base);
        if (st == NNX_OK)
            break;
        assert_int_equal(st, NNX_ERROR_OUT_OF_MEMORY);
    }
    b.ca.fail_at = 0;
    assert_true(n > 5);
    expect_container(path, &b.g, NNX_NNEF_CONTAINER_TGZ);
    gb_free(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_golden_conv),
        cmocka_unit_test(test_golden_results_and_generics),
        cmocka_unit_test(test_golden_renaming),
        cmocka_unit_test(test_golden_custom_ops),
        cmocka_unit_test(test_custom_op_type_conflicts),
        cmocka_unit_test(test_golden_quant),
        cmocka_unit_test(test_scalar_format),
        cmocka_unit_test(test_scalar_round_trip),
        cmocka_unit_test(test_value_literals),
        cmocka_unit_test(test_value_errors),
        cmocka_unit_test(test_document_errors),
        cmocka_unit_test(test_parser_reads_values_back),
        cmocka_unit_test(test_save_folder_and_tgz),
        cmocka_unit_test(test_save_errors),
        cmocka_unit_test(test_allocation_failure_text),
        cmocka_unit_test(test_allocation_failure_save),
    };
    return cmocka_run_group_tests(tests, make_tmp, remove_tmp);
}
