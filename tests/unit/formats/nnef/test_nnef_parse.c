/* test_nnef_parse.c — the NNEF lexer and parser on the spec's own documents: every example
 * of tests/data/nnef parses with the expected structure, the standard library text parses,
 * operator precedence matches parser.h, options and limits work, and allocation failure at
 * every N ends in NNX_ERROR_OUT_OF_MEMORY without a leak. Positions and the lexer are in
 * test_nnef_parse_positions.c, golden diagnostics in test_nnef_parse_errors.c. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../common/counting_alloc.h"
#include "formats/nnef/syntax/lexer.h"
#include "formats/nnef/syntax/parser.h"
#include "formats/nnef/syntax/stdlib_text.h"

/* ---- helpers ---------------------------------------------------------------------------- */

/* tests/data/nnef/NAME, found from this file's path. */
static char *read_data(const char *name, size_t *len)
{
    char path[1024];
    const char *here = __FILE__, *slash = strrchr(here, '/');
    int dir = slash ? (int)(slash - here) : 0;
    snprintf(path, sizeof path, "%.*s/../../../data/nnef/%s", dir, here, name);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    static char buf[1 << 16];
    *len = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[*len] = '\0';
    char *copy = malloc(*len + 1);
    memcpy(copy, buf, *len + 1);
    return copy;
}

static nnx_nnef_document *parse_flags(const char *text, size_t len, uint32_t flags)
{
    nnx_error err = {0};
    nnx_nnef_document *doc = NULL;
    nnx_nnef_parse_options opts = {.flags = flags};
    nnx_status st = nnx_nnef_parse_ex(text, len, "t.nnef", &opts, NULL, &doc, &err);
    if (st != NNX_OK)
        fprintf(stderr, "unexpected error: %s\n", err.message);
    assert_int_equal(st, NNX_OK);
    assert_non_null(doc);
    return doc;
}

static nnx_nnef_document *parse_text(const char *text) { return parse_flags(text, strlen(text), 0); }

/* An S-expression of e, to check the tree's shape in one string. */
static void sx(const nnx_nnef_expr *e, char *buf, size_t size, size_t *n);

static void out(char *buf, size_t size, size_t *n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(buf + *n, size - *n, fmt, ap);
    va_end(ap);
    if (k > 0)
        *n = *n + (size_t)k < size ? *n + (size_t)k : size - 1;
}

static void sx_opt(const nnx_nnef_expr *e, char *buf, size_t size, size_t *n)
{
    if (e)
        sx(e, buf, size, n);
    else
        out(buf, size, n, "_");
}

static void sx(const nnx_nnef_expr *e, char *buf, size_t size, size_t *n)
{
    char type[64];
    switch (e->kind) {
    case NNX_NNEF_EXPR_INTEGER: out(buf, size, n, "%lld", (long long)e->u.integer); break;
    case NNX_NNEF_EXPR_SCALAR: out(buf, size, n, "%g", e->u.scalar); break;
    case NNX_NNEF_EXPR_LOGICAL: out(buf, size, n, e->u.logical ? "true" : "false"); break;
    case NNX_NNEF_EXPR_STRING: out(buf, size, n, "'%s'", e->u.string.chars); break;
    case NNX_NNEF_EXPR_IDENTIFIER: out(buf, size, n, "%s", e->u.identifier); break;
    case NNX_NNEF_EXPR_ARRAY:
    case NNX_NNEF_EXPR_TUPLE:
        out(buf, size, n, e->kind == NNX_NNEF_EXPR_ARRAY ? "[" : "(tuple");
        for (uint32_t i = 0; i < e->u.list.count; i++) {
            out(buf, size, n, i || e->kind == NNX_NNEF_EXPR_TUPLE ? " " : "");
            sx(e->u.list.items[i], buf, size, n);
        }
        out(buf, size, n, e->kind == NNX_NNEF_EXPR_ARRAY ? "]" : ")");
        break;
    case NNX_NNEF_EXPR_UNARY:
        out(buf, size, n, "(%s ", nnx_nnef_unary_op_symbol(e->u.unary.op));
        sx(e->u.unary.operand, buf, size, n);
        out(buf, size, n, ")");
        break;
    case NNX_NNEF_EXPR_BINARY:
        out(buf, size, n, "(%s ", nnx_nnef_binary_op_symbol(e->u.binary.op));
        sx(e->u.binary.left, buf, size, n);
        out(buf, size, n, " ");
        sx(e->u.binary.right, buf, size, n);
        out(buf, size, n, ")");
        break;
    case NNX_NNEF_EXPR_IF_ELSE:
        out(buf, size, n, "(if ");
        sx(e->u.if_else.condition, buf, size, n);
        out(buf, size, n, " ");
        sx(e->u.if_else.then_value, buf, size, n);
        out(buf, size, n, " ");
        sx(e->u.if_else.else_value, buf, size, n);
        out(buf, size, n, ")");
        break;
    case NNX_NNEF_EXPR_COMPREHENSION:
        out(buf, size, n, "(for");
        for (uint32_t i = 0; i < e->u.comprehension.iterator_count; i++) {
            out(buf, size, n, " (%s ", e->u.comprehension.iterators[i].name);
            sx(e->u.comprehension.iterators[i].iterable, buf, size, n);
            out(buf, size, n, ")");
        }
        if (e->u.comprehension.condition) {
            out(buf, size, n, " if ");
            sx(e->u.comprehension.condition, buf, size, n);
        }
        out(buf, size, n, " yield ");
        sx(e->u.comprehension.body, buf, size, n);
        out(buf, size, n, ")");
        break;
    case NNX_NNEF_EXPR_SUBSCRIPT:
        out(buf, size, n, e->u.subscript.is_range ? "(range " : "(at ");
        sx(e->u.subscript.base, buf, size, n);
        out(buf, size, n, " ");
        if (e->u.subscript.is_range) {
            sx_opt(e->u.subscript.begin, buf, size, n);
            out(buf, size, n, " ");
            sx_opt(e->u.subscript.end, buf, size, n);
        } else {
            sx(e->u.subscript.index, buf, size, n);
        }
        out(buf, size, n, ")");
        break;
    case NNX_NNEF_EXPR_BUILTIN:
        out(buf, size, n, "(%s ", nnx_nnef_builtin_name(e->u.builtin.fn));
        sx(e->u.builtin.arg, buf, size, n);
        out(buf, size, n, ")");
        break;
    case NNX_NNEF_EXPR_INVOCATION:
        out(buf, size, n, "(call %s", e->u.invocation.name);
        if (e->u.invocation.generic)
            out(buf, size, n, "<%s>", nnx_nnef_type_format(e->u.invocation.generic, type, sizeof type));
        for (uint32_t i = 0; i < e->u.invocation.arg_count; i++) {
            out(buf, size, n, e->u.invocation.args[i].name ? " %s=" : " ", e->u.invocation.args[i].name);
            sx(e->u.invocation.args[i].value, buf, size, n);
        }
        out(buf, size, n, ")");
        break;
    default: out(buf, size, n, "?"); break;
    }
}

static const char *sexpr(const nnx_nnef_expr *e)
{
    static char buf[2048];
    size_t n = 0;
    buf[0] = '\0';
    sx(e, buf, sizeof buf, &n);
    return buf;
}

/* ---- the example documents --------------------------------------------------------------- */

static nnx_nnef_document *parse_data(const char *name, char **text)
{
    size_t len;
    *text = read_data(name, &len);
    return parse_flags(*text, len, 0);
}

static const nnx_nnef_expr *named_arg(const nnx_nnef_expr *inv, const char *name)
{
    assert_int_equal(inv->kind, NNX_NNEF_EXPR_INVOCATION);
    for (uint32_t i = 0; i < inv->u.invocation.arg_count; i++)
        if (inv->u.invocation.args[i].name && strcmp(inv->u.invocation.args[i].name, name) == 0)
            return inv->u.invocation.args[i].value;
    fail_msg("no argument %s", name);
    return NULL;
}

static void test_alexnet(void **state)
{
    (void)state;
    char *text;
    nnx_nnef_document *doc = parse_data("alexnet.nnef", &text);
    assert_true(doc->has_version);
    assert_int_equal(doc->version_major, 1);
    assert_int_equal(doc->version_minor, 0);
    assert_int_equal(doc->extension_count, 0);
    assert_int_equal(doc->features, 0);
    assert_int_equal(doc->fragment_count, 0);
    const nnx_nnef_graph *g = doc->graph;
    assert_string_equal(g->name, "AlexNet");
    assert_int_equal(g->input_count, 1);
    assert_string_equal(g->inputs[0].name, "input");
    assert_int_equal(g->output_count, 1);
    assert_string_equal(g->outputs[0].name, "output");
    assert_int_equal(g->body_count, 36);
    /* conv1 = conv(input, kernel1, bias1, padding = [(0,0), (0,0)], border = 'constant', ...) */
    const nnx_nnef_assignment *a = &g->body[3];
    assert_string_equal(a->lvalue->u.identifier, "conv1");
    assert_int_equal(a->pos.line, 10);
    assert_int_equal(a->pos.col, 5);
    assert_string_equal(sexpr(a->rvalue),
                        "(call conv input kernel1 bias1 padding=[(tuple 0 0) (tuple 0 0)] "
                        "border='constant' stride=[4 4] dilation=[1 1])");
    assert_string_equal(named_arg(a->rvalue, "border")->u.string.chars, "constant");
    const nnx_nnef_expr *label = named_arg(g->body[1].rvalue, "label");
    assert_string_equal(label->u.string.chars, "alexnet_v2/conv1/kernel");
    assert_string_equal(sexpr(g->body[35].rvalue), "(call softmax conv8)");
    nnx_nnef_document_free(doc);
    free(text);
}

static void test_flat_examples(void **state)
{
    (void)state;
    char *text;
    nnx_nnef_document *doc = parse_data("barfoo.nnef", &text);
    assert_int_equal(doc->extension_count, 1);
    assert_int_equal(doc->extensions[0].id, NNX_NNEF_EXTENSION_FRAGMENT_DEFINITIONS);
    assert_int_equal(doc->features, NNX_NNEF_FEATURE_FRAGMENTS);
    assert_int_equal(doc->fragment_count, 2);
    const nnx_nnef_fragment *bar = &doc->fragments[1];
    char type[64];
    assert_string_equal(bar->name, "bar");
    assert_false(bar->has_body);
    assert_int_equal(bar->result_count, 2);
    assert_string_equal(nnx_nnef_type_format(bar->results[1].type, type, sizeof type), "tensor<scalar>[]");
    assert_string_equal(sexpr(bar->params[1].default_value), "0.5");
    assert_string_equal(doc->graph->name, "barfoo");
    assert_int_equal(doc->graph->body_count, 3);
    assert_string_equal(sexpr(doc->graph->body[1].lvalue), "(tuple intermediate extra)");
    assert_int_equal(doc->graph->body[1].lvalue->flags & NNX_NNEF_EXPR_PARENTHESIZED, 0);
    assert_string_equal(sexpr(doc->graph->body[1].rvalue), "(call bar input alpha=2)");
    nnx_nnef_document_free(doc);
    free(text);

    doc = parse_data("foobar.nnef", &text);
    assert_string_equal(doc->graph->name, "foobar");
    assert_true(doc->fragments[0].has_body);
    assert_int_equal(doc->fragments[0].body_count, 1);
    assert_string_equal(sexpr(doc->graph->body[2].rvalue), "(call bar hidden param=3.14)");
    nnx_nnef_document_free(doc);
    free(text);

    doc = parse_data("variable42.nnef", &text);
    assert_string_equal(doc->graph->body[1].lvalue->u.identifier, "variable42");
    assert_string_equal(named_arg(doc->graph->body[1].rvalue, "label")->u.string.chars, "block1/conv1/weights");
    nnx_nnef_document_free(doc);
    free(text);
}

static void test_generics(void **state)
{
    (void)state;
    char *text;
    nnx_nnef_document *doc = parse_data("generics.nnef", &text);
    const nnx_nnef_fragment *buzz = &doc->fragments[0], *fizz = &doc->fragments[1];
    char type[64];
    assert_true(buzz->generic);
    assert_null(buzz->generic_default);
    assert_string_equal(nnx_nnef_type_format(buzz->params[1].type, type, sizeof type), "?");
    assert_true(fizz->generic);
    assert_int_equal(fizz->generic_default->kind, NNX_NNEF_TYPE_SCALAR);
    assert_string_equal(sexpr(fizz->body[0].rvalue), "(call buzz<?> input param=shape)");
    assert_int_equal(doc->graph->output_count, 2);
    assert_string_equal(sexpr(doc->graph->body[1].rvalue), "(call fizz<integer> shape=[1 4])");
    assert_null(doc->graph->body[2].rvalue->u.invocation.generic);
    nnx_nnef_document_free(doc);
    free(text);
}

static void test_compositional_examples(void **state)
{
    (void)state;
    char *text;
    nnx_nnef_document *doc = parse_data("add_n.nnef", &text);
    assert_int_equal(doc->features, NNX_NNEF_FEATURE_FRAGMENTS | NNX_NNEF_FEATURE_OPERATORS);
    assert_string_equal(sexpr(doc->fragments[0].body[0].rvalue),
                        "(if (> (length_of x) 0) (+ (at x 0) (call my_add_n (range x 1 _))) 0)");
    assert_string_equal(sexpr(doc->graph->body[3].rvalue), "(call my_add_n [a b c])");
    nnx_nnef_document_free(doc);
    free(text);

    doc = parse_data("expressions.nnef", &text);
    assert_int_equal(doc->extension_count, 2);
    const nnx_nnef_fragment *ex = &doc->fragments[2];
    assert_string_equal(ex->name, "examples");
    assert_int_equal(ex->body_count, 27);
    static const char *const expect[] = {
        "[1 2 3]",
        "(+ [4 5] (* [6 7] 2))",
        "(at a 1)",
        "(range a 0 2)",
        "(range a _ 2)",
        "(range a 1 3)",
        "(range a 1 _)",
        "(range a 2 2)",
        "(in i [2 4 6])",
        "t",
        "(at t 0)",
        "(+ s (* '!' 3))",
        "(at s 1)",
        "(range s 1 3)",
        "(+ (length_of a) (length_of s))",
        "(range_of a)",
        "(+ (scalar (integer '12')) (* (scalar (logical 1)) (^ 2 -1)))",
        "(string n)",
        "(if (in i [2 4 6]) x y)",
        "(for (k v) yield (call f k))",
        "(for (k v) (l v) yield (+ k l))",
        "(for (k (range_of v)) yield (call g k (at v k)))",
        "(for (k v) if (&& (> i 0) (! (== i 3))) yield (call f k))",
        "(call g (call f x) y)",
        "(+ x (* y x))",
        "(- d (/ chained e))",
        "doubled",
    };
    for (size_t i = 0; i < sizeof expect / sizeof expect[0]; i++)
        assert_string_equal(sexpr(ex->body[i].rvalue), expect[i]);
    assert_string_equal(sexpr(ex->body[9].lvalue), "(tuple p q r)");
    assert_string_equal(ex->params[5].default_value->u.string.chars, "it's");
    char type[64];
    assert_string_equal(nnx_nnef_type_format(ex->params[2].type, type, sizeof type),
                        "(tensor<scalar>,tensor<scalar>,tensor<scalar>)");
    assert_string_equal(sexpr(doc->graph->body[2].rvalue), "(call examples x y (tuple x y x) [x y] i=2)");
    nnx_nnef_document_free(doc);
    free(text);

    static const char *const others[] = {"select.nnef", "quantized.nnef", "quantized_core.nnef", "dynamic_quant.nnef",
                                         "upsample_helpers.nnef"};
    for (size_t i = 0; i < sizeof others / sizeof others[0]; i++) {
        doc = parse_data(others[i], &text);
        assert_non_null(doc->graph);
        if (i == 0)
            assert_string_equal(sexpr(doc->graph->body[2].rvalue),
                                "(call select condition (call calculate_more_outputs data) 0)");
        if (i == 1)
            assert_string_equal(sexpr(doc->graph->body[3].rvalue), "(call relu (+ (call conv input filter1) bias1))");
        if (i == 4) {
            assert_int_equal(doc->fragment_count, 4);
            assert_string_equal(sexpr(doc->fragments[0].body[0].rvalue), "(at (shape_of input) 1)");
        }
        nnx_nnef_document_free(doc);
        free(text);
    }
}

static void test_stdlib_parses(void **state)
{
    (void)state;
    nnx_nnef_document *doc = parse_flags(nnx_nnef_stdlib_text, nnx_nnef_stdlib_length, NNX_NNEF_PARSE_STDLIB);
    assert_null(doc->graph);
    assert_false(doc->has_version);
    assert_int_equal(doc->features, NNX_NNEF_FEATURE_FRAGMENTS | NNX_NNEF_FEATURE_OPERATORS);
    assert_int_equal(doc->fragment_count, 102);
    uint32_t bodies = 0;
    const nnx_nnef_fragment *argmax = NULL, *reshape = NULL, *lq = NULL;
    for (uint32_t i = 0; i < doc->fragment_count; i++) {
        bodies += doc->fragments[i].has_body;
        if (strcmp(doc->fragments[i].name, "argmax_pool") == 0)
            argmax = &doc->fragments[i];
        if (strcmp(doc->fragments[i].name, "reshape") == 0)
            reshape = &doc->fragments[i];
        if (strcmp(doc->fragments[i].name, "logarithmic_quantize") == 0)
            lq = &doc->fragments[i];
    }
    assert_int_equal(bodies, 41); /* the compound operations */
    assert_non_null(argmax);
    assert_true(argmax->params[0].type->bare_tensor);
    assert_int_equal(argmax->params[0].type->item->kind, NNX_NNEF_TYPE_SCALAR);
    assert_string_equal(sexpr(reshape->params[3].default_value), "-1");
    assert_int_equal(reshape->params[3].default_value->kind, NNX_NNEF_EXPR_INTEGER);
    assert_string_equal(sexpr(lq->body[3].rvalue), "(* (call sign x) (^ 2 q))");
    assert_string_equal(doc->fragments[0].name, "external");
    assert_int_equal(doc->fragments[0].generic_default->kind, NNX_NNEF_TYPE_SCALAR);
    nnx_nnef_document_free(doc);

    /* A user document may not use the bare `tensor` of the stdlib. */
    nnx_error err = {0};
    const char *bare = "version 1.0; extension KHR_enable_fragment_definitions;\n"
                       "fragment f( x: tensor ) -> ( y: tensor<scalar> );\ngraph g(x) -> (y) { y = f(x); }";
    assert_int_equal(nnx_nnef_parse(bare, strlen(bare), "t.nnef", NULL, &doc, &err), NNX_ERROR_PARSE);
    assert_string_equal(err.message, "t.nnef:2:23: error: expected '<' after 'tensor', found ')'");
}

/* ---- precedence and associativity (parser.h) ------------------------------------------- */

static void check_rhs(const char *expr, const char *expected)
{
    char text[512];
    snprintf(text, sizeof text,
             "version 1.0;\nextension KHR_enable_operator_expressions;\ngraph g(x) -> (y)\n{\n"
             "    y = %s;\n}\n",
             expr);
    nnx_nnef_document *doc = parse_text(text);
    const char *got = sexpr(doc->graph->body[0].rvalue);
    if (strcmp(got, expected) != 0)
        fail_msg("%s: got %s, expected %s", expr, got, expected);
    nnx_nnef_document_free(doc);
}

static void test_precedence(void **state)
{
    (void)state;
    check_rhs("a + b * c", "(+ a (* b c))");
    check_rhs("a - b - c", "(- (- a b) c)");
    check_rhs("a / b * c", "(* (/ a b) c)");
    check_rhs("-x ^ 2", "(- (^ x 2))");
    check_rhs("2 ^ 3 ^ 2", "(^ 2 (^ 3 2))");
    check_rhs("x ^ -2.0", "(^ x -2)");
    check_rhs("-a * b", "(* (- a) b)");
    check_rhs("a < b && c || d", "(|| (&& (< a b) c) d)");
    check_rhs("a == b != c", "(!= (== a b) c)");
    check_rhs("a <= b >= c > d", "(> (>= (<= a b) c) d)");
    check_rhs("!a == b", "(== (! a) b)");
    check_rhs("i in [2,4] && b", "(in i (&& [2 4] b))");
    check_rhs("a if c else b if d else e", "(if c a (if d b e))");
    check_rhs("b if i in [2,4,6] else c", "(if (in i [2 4 6]) b c)");
    check_rhs("[for i in a, j in b if i > j yield i + j]", "(for (i a) (j b) if (> i j) yield (+ i j))");
    check_rhs("[for i in a if c yield x if c else y]", "(for (i a) if c yield (if c x y))");
    check_rhs("-1", "-1");
    check_rhs("- 1.5e3", "-1500");
    check_rhs("-(1)", "(- 1)");
    check_rhs("--1", "1");
    check_rhs("+1", "(+ 1)");
    check_rhs("f<scalar>(x, k = 1)", "(call f<scalar> x k=1)");
    check_rhs("a < scalar(b)", "(< a (scalar b))");
    check_rhs("a<b", "(< a b)");
    check_rhs("shape_of(x)[1]", "(at (shape_of x) 1)");
    check_rhs("x[0][1:][:2]", "(range (range (at x 0) 1 _) _ 2)");
    check_rhs("a[:]", "(range a _ _)");
    check_rhs("(a, b)", "(tuple a b)");
    check_rhs("((a))", "a");
    check_rhs("(a + b) * c", "(* (+ a b) c)");
    check_rhs("[]", "[]");
    check_rhs("[1, [2, []], (3, 'x')]", "[1 [2 []] (tuple 3 'x')]");
    check_rhs("\"a\\\"b\" + 'c\\'d' + '\\\\'", "(+ (+ 'a\"b' 'c'd') '\\')");
    check_rhs("true && !false", "(&& true (! false))");
    check_rhs("1.0e-3 + 2E+2 + 3e1", "(+ (+ 0.001 200) 30)");
}

/* In flat syntax a '-' touching a number belongs to the literal (§3.1). */
static void test_flat_negative_literal(void **state)
{
    (void)state;
    nnx_nnef_document *doc = parse_text(
        "version 1.0;\ngraph g(x) -> (y)\n{\n    y = f(x, a = -2, b = [-0.5, -1e2]);\n}");
    const nnx_nnef_expr *a = named_arg(doc->graph->body[0].rvalue, "a");
    assert_int_equal(a->kind, NNX_NNEF_EXPR_INTEGER);
    assert_int_equal(a->u.integer, -2);
    assert_int_equal(a->pos.col, 18);
    assert_string_equal(sexpr(named_arg(doc->graph->body[0].rvalue, "b")), "[-0.5 -100]");
    nnx_nnef_document_free(doc);
    /* Extreme values that still fit. */
    doc = parse_text("version 1.0;\ngraph g(x) -> (y) { y = f(x, a = 9223372036854775807, b = -9223372036854775807, "
                     "c = 1.7976931348623157e308, d = 4.9e-324, e = 1e-400); }");
    const nnx_nnef_expr *inv = doc->graph->body[0].rvalue;
    assert_true(named_arg(inv, "a")->u.integer == INT64_MAX);
    assert_true(named_arg(inv, "b")->u.integer == -INT64_MAX);
    assert_true(named_arg(inv, "c")->u.scalar == 1.7976931348623157e308);
    assert_true(named_arg(inv, "d")->u.scalar > 0.0);
    assert_true(named_arg(inv, "e")->u.scalar == 0.0);
    nnx_nnef_document_free(doc);
}

/* ---- options, extensions, depth ---------------------------------------------------------------- */

static void test_extensions_and_options(void **state)
{
    (void)state;
    /* Unknown extensions are kept and enable nothing; strict mode rejects them. */
    const char *vendor = "version 1.0;\nextension VENDOR_magic, KHR_enable_operator_expressions EXT_more;\n"
                         "graph g(x) -> (y) { y = f(x) * 2.0; }";
    nnx_nnef_document *doc = parse_text(vendor);
    assert_int_equal(doc->extension_count, 3);
    assert_int_equal(doc->extensions[0].id, NNX_NNEF_EXTENSION_UNKNOWN);
    assert_string_equal(doc->extensions[2].name, "EXT_more");
    assert_int_equal(doc->extensions[2].pos.col, 57);
    assert_int_equal(doc->features, NNX_NNEF_FEATURE_OPERATORS);
    nnx_nnef_document_free(doc);
    /* Lenient mode: compositional syntax without the extension statements. */
    const char *bare = "version 1.0;\nfragment f(x: tensor<scalar>) -> (y: tensor<scalar>) { y = -x; }\n"
                       "graph g(x) -> (y) { y = f(x) + 1.0; }";
    doc = parse_flags(bare, strlen(bare), NNX_NNEF_PARSE_LENIENT_EXTENSIONS);
    assert_int_equal(doc->extension_count, 0);
    assert_int_equal(doc->features, NNX_NNEF_FEATURE_FRAGMENTS | NNX_NNEF_FEATURE_OPERATORS);
    nnx_nnef_document_free(doc);
    /* The type's '>' may touch the default's '='. */
    const char *touch = "extension KHR_enable_fragment_definitions;\n"
                        "fragment f<?=scalar>(x: tensor<scalar>= 0.0, n: integer[]=[]) -> (y: tensor<?>);";
    doc = parse_flags(touch, strlen(touch), NNX_NNEF_PARSE_STDLIB);
    assert_string_equal(sexpr(doc->fragments[0].params[0].default_value), "0");
    assert_int_equal(doc->fragments[0].params[0].default_value->pos.col, 41);
    assert_int_equal(doc->fragments[0].generic_default->kind, NNX_NNEF_TYPE_SCALAR);
    nnx_nnef_document_free(doc);
    /* Text without a terminating NUL, and NULL filename and allocator. */
    const char *full = "version 1.0; graph g(x) -> (y) { y = f(x); } trailing";
    nnx_error err = {0};
    assert_int_equal(nnx_nnef_parse(full, strlen(full) - 9, NULL, NULL, &doc, &err), NNX_OK);
    nnx_nnef_document_free(doc);
    assert_int_equal(nnx_nnef_parse(full, strlen(full), NULL, NULL, &doc, &err), NNX_ERROR_PARSE);
    assert_null(doc);
    assert_string_equal(
        err.message,
        "<input>:1:46: error: expected end of input after the graph definition, found identifier 'trailing'");
    nnx_nnef_document_free(NULL);
    nnx_nnef_quant_free(NULL);
    assert_int_equal(nnx_nnef_parse(NULL, 1, NULL, NULL, &doc, NULL), NNX_ERROR_INVALID_ARGUMENT);
}

static void test_depth_limit(void **state)
{
    (void)state;
    enum { N = 1000 };
    static char text[16 * N + 256];
    nnx_error err = {0};
    nnx_nnef_document *doc = NULL;
    const char *head = "version 1.0;\nextension KHR_enable_operator_expressions;\ngraph g(x) -> (y) { y = ";
    static const char *const shapes[][2] = {{"(", ")"},   {"[", "]"}, {"-", ""},           {"a[", "]"},
                                            {"1 ^ ", ""}, {"!", ""},  {"x if c else ", ""}};
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        size_t n = (size_t)snprintf(text, sizeof text, "%s", head);
        for (int i = 0; i < N; i++)
            n += (size_t)snprintf(text + n, sizeof text - n, "%s", shapes[s][0]);
        n += (size_t)snprintf(text + n, sizeof text - n, "x");
        for (int i = 0; i < N; i++)
            n += (size_t)snprintf(text + n, sizeof text - n, "%s", shapes[s][1]);
        snprintf(text + n, sizeof text - n, "; }");
        nnx_error_clear(&err);
        assert_int_equal(nnx_nnef_parse(text, strlen(text), "deep.nnef", NULL, &doc, &err), NNX_ERROR_NOT_SUPPORTED);
        assert_non_null(strstr(err.message, "error: expressions and types nest more than 256 levels deep (the limit;"));
    }
    /* Long left-associative chains build deep trees: limited too, for later walkers. */
    size_t n = (size_t)snprintf(text, sizeof text, "%s", head);
    for (int i = 0; i < N; i++)
        n += (size_t)snprintf(text + n, sizeof text - n, "1 + ");
    snprintf(text + n, sizeof text - n, "1; }");
    nnx_error_clear(&err);
    assert_int_equal(nnx_nnef_parse(text, strlen(text), "deep.nnef", NULL, &doc, &err), NNX_ERROR_NOT_SUPPORTED);
    assert_string_equal(err.message,
                        "deep.nnef:3:25: error: expressions and types nest more than 256 levels deep"
                        " (the limit; raise it with nnx_model_options.max_depth, nnx --max-depth)");
    /* A lower limit through the options; 255 additions fit the default. */
    n = (size_t)snprintf(text, sizeof text, "%s", head);
    for (int i = 0; i < 255; i++)
        n += (size_t)snprintf(text + n, sizeof text - n, "1 + ");
    snprintf(text + n, sizeof text - n, "1; }");
    doc = parse_text(text);
    assert_int_equal(doc->graph->body[0].rvalue->height, 256);
    nnx_nnef_document_free(doc);
    nnx_nnef_parse_options opts = {.max_depth = 8};
    nnx_error_clear(&err);
    assert_int_equal(nnx_nnef_parse_ex(text, strlen(text), "d", &opts, NULL, &doc, &err), NNX_ERROR_NOT_SUPPORTED);
    assert_non_null(strstr(err.message, "nest more than 8 levels deep"));
    /* Types nest too: tuples of tuples, and arrays of arrays. */
    static const char *const types[][3] = {{"(", "integer", ", integer)"}, {"", "integer", "[]"}};
    for (size_t t = 0; t < 2; t++) {
        for (int deep = 0; deep < 2; deep++) {
            n = (size_t)snprintf(text, sizeof text, "fragment f(x: ");
            for (int i = 0; i < 255 + deep; i++)
                n += (size_t)snprintf(text + n, sizeof text - n, "%s", types[t][0]);
            n += (size_t)snprintf(text + n, sizeof text - n, "%s", types[t][1]);
            for (int i = 0; i < 255 + deep; i++)
                n += (size_t)snprintf(text + n, sizeof text - n, "%s", types[t][2]);
            snprintf(text + n, sizeof text - n, ") -> (y: tensor<scalar>);");
            nnx_error_clear(&err);
            nnx_nnef_parse_options lib = {.flags = NNX_NNEF_PARSE_STDLIB};
            nnx_status st = nnx_nnef_parse_ex(text, strlen(text), "ty.nnef", &lib, NULL, &doc, &err);
            assert_int_equal(st, deep ? NNX_ERROR_NOT_SUPPORTED : NNX_OK);
            if (deep)
                assert_non_null(strstr(err.message, "nest more than 256 levels deep (the limit;"));
            else
                assert_int_equal(doc->fragments[0].params[0].type->height, 256);
            nnx_nnef_document_free(doc);
        }
    }
}

/* ---- graph.quant (§5.3) --------------------------------------------------------------------- */

static void test_quant(void **state)
{
    (void)state;
    size_t len;
    char *text = read_data("graph.quant", &len);
    nnx_error err = {0};
    nnx_nnef_quant *q = NULL;
    assert_int_equal(nnx_nnef_parse_quant(text, len, "graph.quant", NULL, &q, &err), NNX_OK);
    assert_int_equal(q->entry_count, 2);
    assert_string_equal(q->entries[0].tensor, "filter1");
    assert_string_equal(q->entries[0].op, "linear_quantize");
    assert_int_equal(q->entries[1].pos.line, 2);
    assert_int_equal(q->entries[1].pos.col, 1);
    assert_int_equal(q->entries[1].op_pos.col, 10);
    assert_int_equal(q->entries[1].arg_count, 3);
    assert_string_equal(q->entries[1].args[1].name, "max");
    assert_true(q->entries[1].args[1].value->u.scalar == 0.75);
    assert_true(q->entries[0].args[0].value->u.scalar == -2.0);
    assert_int_equal(q->entries[0].args[2].value->u.integer, 8);
    nnx_nnef_quant_free(q);
    free(text);

    text = read_data("quantized_core.quant", &len);
    assert_int_equal(nnx_nnef_parse_quant(text, len, "q", NULL, &q, &err), NNX_OK);
    assert_int_equal(q->entry_count, 7);
    assert_string_equal(q->entries[6].tensor, "conv2");
    nnx_nnef_quant_free(q);
    free(text);

    /* Free-form, comments, empty argument lists, expressions, and an empty file. */
    const char *free_form = "# quantization\n'a' :\n custom_quantize ( ) ;\"b\\\"\": q(bits = 2 ^ 3, r = [1, -2]);";
    assert_int_equal(nnx_nnef_parse_quant(free_form, strlen(free_form), "q", NULL, &q, &err), NNX_OK);
    assert_int_equal(q->entry_count, 2);
    assert_int_equal(q->entries[0].arg_count, 0);
    assert_string_equal(q->entries[1].tensor, "b\"");
    assert_string_equal(sexpr(q->entries[1].args[0].value), "(^ 2 3)");
    nnx_nnef_quant_free(q);
    assert_int_equal(nnx_nnef_parse_quant("", 0, "q", NULL, &q, &err), NNX_OK);
    assert_int_equal(q->entry_count, 0);
    nnx_nnef_quant_free(q);
}

/* ---- allocation failure at every N ------------------------------------------------------------ */

/* Parses text with the Nth allocation failing, for N = 1, 2, ... until a parse succeeds.
 * Returns how many allocations a full parse makes. */
static long fail_every_n(const char *text, size_t len, uint32_t flags, bool quant)
{
    for (long n = 1;; n++) {
        counting_alloc c = {.fail_at = n};
        nnx_alloc a = counting_alloc_wrap(&c);
        nnx_error err = {0};
        nnx_status st;
        if (quant) {
            nnx_nnef_quant *q = NULL;
            st = nnx_nnef_parse_quant(text, len, "q", &a, &q, &err);
            nnx_nnef_quant_free(q);
        } else {
            nnx_nnef_document *doc = NULL;
            nnx_nnef_parse_options opts = {.flags = flags};
            st = nnx_nnef_parse_ex(text, len, "mid.nnef", &opts, &a, &doc, &err);
            nnx_nnef_document_free(doc);
        }
        assert_int_equal(c.live, 0);
        if (st == NNX_OK) {
            assert_true(c.calls < n);
            return n - 1;
        }
        assert_int_equal(st, NNX_ERROR_OUT_OF_MEMORY);
        assert_non_null(strstr(err.message, "out of memory"));
    }
}

static void test_allocation_failure(void **state)
{
    (void)state;
    size_t len;
    char *text = read_data("expressions.nnef", &len);
    assert_true(fail_every_n(text, len, 0, false) >= 4);
    free(text);
    text = read_data("alexnet.nnef", &len);
    assert_true(fail_every_n(text, len, 0, false) >= 4);
    free(text);
    assert_true(fail_every_n(nnx_nnef_stdlib_text, nnx_nnef_stdlib_length, NNX_NNEF_PARSE_STDLIB, false) >= 10);
    text = read_data("quantized_core.quant", &len);
    assert_true(fail_every_n(text, len, 0, true) >= 2);
    free(text);
    /* A long scalar literal takes its conversion buffer from the arena. */
    static char longnum[4096];
    int n = snprintf(longnum, sizeof longnum, "version 1.0; graph g(x) -> (y) { y = f(x, a = 0.");
    memset(longnum + n, '1', 3000);
    snprintf(longnum + n + 3000, sizeof longnum - (size_t)n - 3000, "); }");
    assert_true(fail_every_n(longnum, strlen(longnum), 0, false) >= 2);
}

/* ---- ast.c helpers ------------------------------------------------------------------------ */

static bool stop_at_second(const nnx_nnef_expr *child, void *user)
{
    (void)child;
    return ++*(int *)user < 2;
}

static void test_ast_helpers(void **state)
{
    (void)state;
    assert_string_equal(nnx_nnef_binary_op_symbol(NNX_NNEF_BINARY_IN), "in");
    assert_null(nnx_nnef_binary_op_fragment(NNX_NNEF_BINARY_IN));
    assert_string_equal(nnx_nnef_binary_op_fragment(NNX_NNEF_BINARY_POW), "pow");
    assert_string_equal(nnx_nnef_binary_op_fragment(NNX_NNEF_BINARY_OR), "or");
    assert_string_equal(nnx_nnef_unary_op_fragment(NNX_NNEF_UNARY_PLUS), "copy");
    assert_string_equal(nnx_nnef_unary_op_fragment(NNX_NNEF_UNARY_MINUS), "neg");
    assert_string_equal(nnx_nnef_unary_op_fragment(NNX_NNEF_UNARY_NOT), "not");
    assert_null(nnx_nnef_unary_op_fragment(NNX_NNEF_UNARY_NONE));
    for (int k = NNX_NNEF_EXPR_NONE; k <= NNX_NNEF_EXPR_INVOCATION; k++)
        assert_non_null(nnx_nnef_expr_kind_name((nnx_nnef_expr_kind)k));
    assert_string_equal(nnx_nnef_expr_kind_name(NNX_NNEF_EXPR_IF_ELSE), "if-else expression");
    for (int b = NNX_NNEF_BUILTIN_SHAPE_OF; b <= NNX_NNEF_BUILTIN_STRING; b++)
        assert_string_not_equal(nnx_nnef_builtin_name((nnx_nnef_builtin)b), "?");
    const char *text = "extension KHR_enable_fragment_definitions;\n"
                       "fragment f(a: tensor<>, b: (logical, string[])[], c: ?[][]) -> (y: tensor<?>);";
    nnx_nnef_document *doc = parse_flags(text, strlen(text), NNX_NNEF_PARSE_STDLIB);
    char buf[64];
    assert_string_equal(nnx_nnef_type_format(doc->fragments[0].params[0].type, buf, sizeof buf), "tensor<>");
    assert_string_equal(nnx_nnef_type_format(doc->fragments[0].params[1].type, buf, sizeof buf),
                        "(logical,string[])[]");
    assert_string_equal(nnx_nnef_type_format(doc->fragments[0].params[2].type, buf, sizeof buf), "?[][]");
    assert_string_equal(nnx_nnef_type_format(doc->fragments[0].params[1].type, buf, 6), "(logi");
    nnx_nnef_document_free(doc);
    /* The visitor stops when asked to. */
    doc = parse_text(
        "version 1.0;\nextension KHR_enable_operator_expressions;\n"
        "graph g(x) -> (y) { y = f(a, b, c) + [for i in a, j in b if c yield d] + (a if b else c)[1:2]; }");
    const nnx_nnef_expr *sum = doc->graph->body[0].rvalue;
    int seen = 0;
    assert_false(nnx_nnef_expr_for_each_child(sum->u.binary.left->u.binary.left, stop_at_second, &seen));
    assert_int_equal(seen, 2);
    seen = 0;
    assert_false(nnx_nnef_expr_for_each_child(sum->u.binary.left->u.binary.right, stop_at_second, &seen));
    seen = -10;
    assert_true(nnx_nnef_expr_for_each_child(sum->u.binary.right, stop_at_second, &seen));
    assert_int_equal(seen, -7); /* base, begin, end */
    nnx_nnef_document_free(doc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_alexnet),
        cmocka_unit_test(test_flat_examples),
        cmocka_unit_test(test_generics),
        cmocka_unit_test(test_compositional_examples),
        cmocka_unit_test(test_stdlib_parses),
        cmocka_unit_test(test_precedence),
        cmocka_unit_test(test_flat_negative_literal),
        cmocka_unit_test(test_extensions_and_options),
        cmocka_unit_test(test_depth_limit),
        cmocka_unit_test(test_quant),
        cmocka_unit_test(test_allocation_failure),
        cmocka_unit_test(test_ast_helpers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
