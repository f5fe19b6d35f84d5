/* test_nnef_flatten.c — the NNEF flattener (src/formats/nnef/flatten.c, eval.c): documents
 * go through the parser and registry, then flatten; each test prints the flat graph in a
 * compact one-line-per-op form and compares it with the expansion worked out by hand from
 * the spec's fragment bodies (NNEF 1.0.2 chapter 4). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/strbuf.h"
#include "../../common/counting_alloc.h"
#include "formats/nnef/flatten/flatten.h"
#include "formats/nnef/syntax/parser.h"

#ifndef NNX_SOURCE_DIR
#define NNX_SOURCE_DIR "."
#endif

static const char kHeader[] =
    "version 1.0;\nextension KHR_enable_fragment_definitions, KHR_enable_operator_expressions;\n";

typedef struct result {
    nnx_status status;
    char message[600];
    char text[8192]; /* "name = op(arg=value, ...)\n" per op */
    nnx_nnef_type_kind generic[64];
} result;

static void print_value(nnx_strbuf *b, const nnx_nnef_flat *g, const nnx_nnef_value *v)
{
    switch (v->kind) {
    case NNX_NNEF_VALUE_INTEGER: nnx_strbuf_printf(b, "%lld", (long long)v->u.integer); break;
    case NNX_NNEF_VALUE_SCALAR:
        nnx_strbuf_printf(b, "%g%s", v->u.scalar, v->u.scalar == (long long)v->u.scalar ? ".0" : "");
        break;
    case NNX_NNEF_VALUE_LOGICAL: nnx_strbuf_puts(b, v->u.logical ? "true" : "false"); break;
    case NNX_NNEF_VALUE_STRING: nnx_strbuf_printf(b, "'%s'", v->u.string); break;
    case NNX_NNEF_VALUE_TENSOR: nnx_strbuf_puts(b, g->tensors[v->u.tensor].name); break;
    case NNX_NNEF_VALUE_ARRAY:
    case NNX_NNEF_VALUE_TUPLE:
        nnx_strbuf_puts(b, v->kind == NNX_NNEF_VALUE_ARRAY ? "[" : "(");
        for (uint32_t i = 0; i < v->count; i++) {
            if (i)
                nnx_strbuf_puts(b, ",");
            print_value(b, g, &v->u.items[i]);
        }
        nnx_strbuf_puts(b, v->kind == NNX_NNEF_VALUE_ARRAY ? "]" : ")");
        break;
    default: nnx_strbuf_puts(b, "?");
    }
}

/* Flattens text; only_args (if not NULL) limits the printed arguments to those names. */
static void flatten_text(const char *text, bool expand_all, const char *const *only_args, result *r,
                         const nnx_allocator *hook)
{
    nnx_alloc a;
    assert_true(nnx_alloc_init(&a, hook));
    nnx_error err = {0};
    nnx_nnef_document *doc = NULL;
    nnx_nnef_registry reg = {0};
    nnx_nnef_flat g = {0};
    memset(r, 0, sizeof *r);
    r->status = nnx_nnef_parse(text, strlen(text), "t.nnef", &a, &doc, &err);
    if (r->status == NNX_OK)
        r->status = nnx_nnef_registry_init(&reg, doc, &a, &err);
    if (r->status == NNX_OK) {
        nnx_nnef_flat_init(&g, &a, "t.nnef");
        nnx_nnef_flatten_options o = {.expand_all = expand_all};
        r->status = nnx_nnef_flatten(doc, &reg, &o, &g, &err);
    }
    snprintf(r->message, sizeof r->message, "%s", err.message);
    nnx_strbuf b;
    nnx_alloc libc;
    nnx_alloc_init(&libc, NULL);
    nnx_strbuf_init(&b, &libc);
    for (uint32_t i = 0; r->status == NNX_OK && i < g.n_ops; i++) {
        const nnx_nnef_flat_op *op = &g.ops[i];
        if (i < 64)
            r->generic[i] = op->generic;
        for (uint32_t k = 0; k < op->n_results; k++) {
            if (k)
                nnx_strbuf_puts(&b, ",");
            print_value(&b, &g, &op->results[k].value);
        }
        nnx_strbuf_printf(&b, " = %s(", op->name);
        bool first = true;
        for (uint32_t k = 0; k < op->n_args; k++) {
            bool show = !only_args;
            for (const char *const *n = only_args; n && *n && !show; n++)
                show = strcmp(*n, op->args[k].name) == 0 || (op->args[k].tensor_param && strcmp(*n, "*") == 0);
            if (!show)
                continue;
            nnx_strbuf_printf(&b, first ? "%s=" : ",%s=", op->args[k].name);
            print_value(&b, &g, &op->args[k].value);
            first = false;
        }
        nnx_strbuf_puts(&b, ")\n");
    }
    snprintf(r->text, sizeof r->text, "%s", b.data ? b.data : "");
    nnx_strbuf_free(&b);
    nnx_nnef_flat_free(&g);
    nnx_nnef_registry_free(&reg);
    nnx_nnef_document_free(doc);
}

static const char *const kTensors[] = {"*", NULL};

static void expect_text(const char *doc, bool expand_all, const char *const *only, const char *want)
{
    char full[4096];
    snprintf(full, sizeof full, "%s%s", kHeader, doc);
    result r;
    flatten_text(full, expand_all, only, &r, NULL);
    if (r.status != NNX_OK)
        fail_msg("flatten failed: %s", r.message);
    if (strcmp(r.text, want) != 0)
        fail_msg("flat graph differs\n--- got\n%s--- want\n%s", r.text, want);
}

static void expect_error(const char *doc, nnx_status st, const char *message)
{
    char full[4096];
    snprintf(full, sizeof full, "%s%s", kHeader, doc);
    result r;
    flatten_text(full, false, NULL, &r, NULL);
    if (r.status != st || strcmp(r.message, message) != 0)
        fail_msg("expected %s \"%s\"\n     got %s \"%s\"", nnx_status_string(st), message, nnx_status_string(r.status),
                 r.message);
}

/* ---------------------------------------------------------------- expansion */

static void test_native_compound_is_kept(void **state)
{
    (void)state;
    expect_text("graph g( x ) -> ( y ) { x = external(shape = [2]); y = relu(x); }", false, kTensors,
                "x = external()\ny = relu(x=x)\n");
}

static void test_expand_all_reaches_primitives(void **state)
{
    (void)state;
    /* relu(x) = max(x, 0.0); max(x, y) = select(x > y, x, y); x > y is gt (Appendix A) */
    expect_text("graph g( x ) -> ( y ) { x = external(shape = [2]); y = relu(x); }", true, kTensors,
                "x = external()\nt0 = gt(x=x,y=0.0)\ny = select(condition=t0,true_value=x,false_value=0.0)\n");
}

static void test_stdlib_compound_expands(void **state)
{
    (void)state;
    /* expanded, max_pool is argmax_pool then sample with the same window (Appendix A) */
    static const char *const only[] = {"*", "size", NULL};
    expect_text("graph g( x ) -> ( y ) { x = external(shape = [1,1,4,4]);"
                " y = max_pool(x, size = [1,1,2,2]); }",
                true, only,
                "x = external()\nt0 = argmax_pool(input=x,size=[1,1,2,2])\n"
                "y = sample(input=x,index=t0,size=[1,1,2,2])\n");
}

static void test_recursion_with_lazy_if(void **state)
{
    (void)state;
    expect_text("fragment my_add_n( x: tensor<scalar>[] ) -> ( y: tensor<scalar> )"
                "{ y = x[0] + my_add_n(x[1:]) if length_of(x) > 0 else 0.0; }\n"
                "graph g( a, b, c ) -> ( y ) { a = external(shape = [2]); b = external(shape = [2]);"
                " c = external(shape = [2]); y = my_add_n([a, b, c]); }",
                false, kTensors,
                "a = external()\nb = external()\nc = external()\nt0 = add(x=c,y=0.0)\nt1 = add(x=b,y=t0)\n"
                "y = add(x=a,y=t1)\n");
}

static void test_depth_limit(void **state)
{
    (void)state;
    expect_error("fragment f( x: tensor<scalar> ) -> ( y: tensor<scalar> ) { y = f(x); }\n"
                 "graph g( x ) -> ( y ) { x = external(shape = [2]); y = f(x); }",
                 NNX_ERROR_NOT_SUPPORTED,
                 "t.nnef:3:64: error: expanding 'f' nests fragments and expressions more than 100 levels deep (the "
                 "limit; raise it with nnx_model_options.max_depth, nnx --max-depth)");
}

static void test_comprehension_and_ranges(void **state)
{
    (void)state;
    static const char *const only[] = {"axes", NULL};
    expect_text("fragment f( x: tensor<scalar>, skip: integer ) -> ( y: tensor<scalar> )"
                "{ y = sum_reduce(x, axes = [for i in range_of([0, 0, 0, 0]) if i != skip yield i][1:]); }\n"
                "graph g( x ) -> ( y ) { x = external(shape = [2,2,2,2]); y = f(x, skip = 2); }",
                false, only, "x = external()\ny = sum_reduce(axes=[1,3])\n");
}

static void test_attribute_arithmetic(void **state)
{
    (void)state;
    /* integer '/' truncates toward zero; integer(scalar) is floor; '*' repeats arrays */
    static const char *const only[] = {"shape", NULL};
    expect_text("graph g( x ) -> ( x ) { x = external(shape = [-7 / 2 + 5, integer(-1.5) + 4, 2 ^ 3] + [1] * 2); }",
                false, only, "x = external(shape=[2,2,8,1,1])\n");
}

static void test_generic_resolution(void **state)
{
    (void)state;
    result r;
    char doc[1024];
    snprintf(doc, sizeof doc, "%s%s", kHeader,
             "graph g( x ) -> ( a, b, c ) { x = external<integer>(shape = [2]);"
             " a = copy(x); b = constant<logical>(shape = [1], value = [true]); c = constant(shape = [1], value = "
             "[1.0]); }");
    flatten_text(doc, false, kTensors, &r, NULL);
    assert_int_equal(r.status, NNX_OK);
    assert_int_equal(r.generic[0], NNX_NNEF_TYPE_INTEGER); /* explicit */
    assert_int_equal(r.generic[1], NNX_NNEF_TYPE_INTEGER); /* deduced from x */
    assert_int_equal(r.generic[2], NNX_NNEF_TYPE_LOGICAL);
    assert_int_equal(r.generic[3], NNX_NNEF_TYPE_SCALAR); /* the declared default */
}

static void test_identity_and_literal_results(void **state)
{
    (void)state;
    /* NNEF decision 34: an identity result becomes copy, a literal result becomes
     * constant */
    static const char *const only[] = {"*", "value", NULL};
    expect_text("fragment same( x: tensor<scalar> ) -> ( y: tensor<scalar> ) { y = x; }\n"
                "fragment zero( x: tensor<scalar> ) -> ( y: tensor<scalar> ) { y = 0.5; }\n"
                "graph g( x ) -> ( a, b ) { x = external(shape = [2]); a = same(x); b = zero(x); }",
                false, only, "x = external()\na = copy(x=x)\nb = constant(value=[0.5])\n");
}

static void test_generated_names_avoid_graph_names(void **state)
{
    (void)state;
    expect_text("graph g( x ) -> ( t0, t1 ) { x = external(shape = [2]); t0 = sqr(x); t1 = rsqr(x); }", false, kTensors,
                "x = external()\nt0 = pow(x=x,y=2.0)\nt1 = pow(x=x,y=-2.0)\n");
    expect_text("graph g( x ) -> ( t0 ) { x = external(shape = [2]); t0 = max_pool(x, size = [1]); }", true, kTensors,
                "x = external()\nt1 = argmax_pool(input=x)\nt0 = sample(input=x,index=t1)\n");
}

static void test_tuple_and_array_results(void **state)
{
    (void)state;
    expect_text(
        "fragment two( x: tensor<scalar> ) -> ( a: tensor<scalar>, b: tensor<scalar> ) { a = exp(x); b = log(x); }\n"
        "graph g( x ) -> ( p, q, r, s ) { x = external(shape = [2,4]); (p, q) = two(x);"
        " [r, s] = split(x, axis = 1, ratios = [1, 3]); }",
        false, kTensors, "x = external()\np = exp(x=x)\nq = log(x=x)\n[r,s] = split(value=x)\n");
}

static void test_variable_label(void **state)
{
    (void)state;
    static const char *const only[] = {"label", NULL};
    expect_text("graph g( x ) -> ( y ) { x = external(shape = [2]); w = variable(shape = [2], label = 'a/b');"
                " y = add(x, w); }",
                false, only, "x = external()\nw = variable(label='a/b')\ny = add()\n");
}

/* ---------------------------------------------------------------- evaluation errors */

static void test_errors(void **state)
{
    (void)state;
    expect_error("graph g( x ) -> ( x ) { x = external(shape = [1 / 0]); }", NNX_ERROR_INVALID_MODEL,
                 "t.nnef:3:49: error: integer division by zero");
    expect_error("graph g( x ) -> ( x ) { x = external(shape = [[1, 2][5]]); }", NNX_ERROR_INVALID_MODEL,
                 "t.nnef:3:54: error: index 5 is out of range for length 2");
    expect_error("graph g( x ) -> ( x ) { x = external(shape = [2 ^ -1]); }", NNX_ERROR_INVALID_MODEL,
                 "t.nnef:3:49: error: integer power with a negative exponent -1");
    expect_error("graph g( x ) -> ( y ) { x = external(shape = [2]); y = sum_reduce(x, axes = shape_of(x)); }",
                 NNX_ERROR_NOT_SUPPORTED, "t.nnef:3:77: error: shape_of is deprecated and not supported (NNEF 1.0.1)");
    expect_error("graph g( x ) -> ( y ) { x = external(shape = [2]); y = split(x, axis = 0, ratios = [1]); }",
                 NNX_ERROR_INVALID_MODEL,
                 "t.nnef:3:56: error: the array result of 'split' must be assigned to an array of identifiers");
    expect_error("graph g( x ) -> ( x ) { x = external(shape = [for i in [1, 2], j in [3] yield i + j]); }",
                 NNX_ERROR_INVALID_MODEL, "t.nnef:3:69: error: iterated arrays have different lengths (2 and 1)");
    expect_error("graph g( x ) -> ( y ) { x = external(shape = [2]); y = nope(x); }", NNX_ERROR_INVALID_MODEL,
                 "t.nnef:3:56: error: unknown operation 'nope'");
}

/* ---------------------------------------------------------------- a spec document */

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    static char buf[1 << 16];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    return buf;
}

static void test_alexnet(void **state)
{
    (void)state;
    char *text = read_file(NNX_SOURCE_DIR "/tests/data/nnef/alexnet.nnef");
    assert_non_null(text);
    result r;
    flatten_text(text, false, kTensors, &r, NULL);
    assert_int_equal(r.status, NNX_OK);
    /* Appendix B: 8 conv layers with relu, 3 max_pools (native), softmax */
    size_t convs = 0, pools = 0;
    for (const char *p = r.text; (p = strstr(p, " = conv(")); p++)
        convs++;
    for (const char *p = r.text; (p = strstr(p, " = max_pool(")); p++)
        pools++;
    assert_int_equal(convs, 8);
    assert_int_equal(pools, 3);
    assert_non_null(strstr(r.text, "output = softmax(x=conv8)\n"));
    assert_non_null(strstr(r.text, "pool1 = max_pool(input=relu1)\n"));
}

/* ---------------------------------------------------------------- allocation failure */

static void test_allocation_failure(void **state)
{
    (void)state;
    char *text = read_file(NNX_SOURCE_DIR "/tests/data/nnef/alexnet.nnef");
    assert_non_null(text);
    counting_alloc probe = {0};
    nnx_allocator hook = counting_alloc_hook(&probe);
    result r;
    flatten_text(text, false, kTensors, &r, &hook);
    assert_int_equal(r.status, NNX_OK);
    long total = probe.calls;
    for (long n = 1; n <= total; n++) {
        counting_alloc c = {.fail_at = n};
        hook.user = &c;
        flatten_text(text, false, kTensors, &r, &hook);
        if (r.status != NNX_ERROR_OUT_OF_MEMORY || c.live != 0)
            fail_msg("allocation %ld of %ld: %s, %ld blocks live (%s)", n, total, nnx_status_string(r.status), c.live,
                     r.message);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_native_compound_is_kept),
        cmocka_unit_test(test_expand_all_reaches_primitives),
        cmocka_unit_test(test_stdlib_compound_expands),
        cmocka_unit_test(test_recursion_with_lazy_if),
        cmocka_unit_test(test_depth_limit),
        cmocka_unit_test(test_comprehension_and_ranges),
        cmocka_unit_test(test_attribute_arithmetic),
        cmocka_unit_test(test_generic_resolution),
        cmocka_unit_test(test_identity_and_literal_results),
        cmocka_unit_test(test_generated_names_avoid_graph_names),
        cmocka_unit_test(test_tuple_and_array_results),
        cmocka_unit_test(test_variable_label),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_alexnet),
        cmocka_unit_test(test_allocation_failure),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
