/* test_nnef_parse_positions.c — source positions of the NNEF syntax tree: for every example
 * document and the standard library, each node's (line, col) must point at its own
 * spelling (round trip from tree back to text), and the lexer alone produces the expected
 * tokens, positions and sticky errors. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/nnef/syntax/lexer.h"
#include "formats/nnef/syntax/parser.h"
#include "formats/nnef/syntax/stdlib_text.h"

/* tests/data/nnef/NAME, found from this file's path; the caller frees it. */
static char *read_data(const char *name, size_t *len)
{
    char path[1024];
    const char *here = __FILE__, *slash = strrchr(here, '/');
    int dir = slash ? (int)(slash - here) : 0;
    snprintf(path, sizeof path, "%.*s/../../../data/nnef/%s", dir, here, name);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    assert_true(size >= 0);
    char *text = malloc((size_t)size + 1);
    *len = fread(text, 1, (size_t)size, f);
    fclose(f);
    text[*len] = '\0';
    return text;
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
    return doc;
}

/* ---- positions: every node's (line, col) points at its own spelling ----------------------- */

typedef struct pos_checker {
    const char *text;
    size_t len;
    size_t *line_start; /* offset of each line, 1-based index */
    uint32_t lines;
    uint32_t checked;
} pos_checker;

static const char *at(pos_checker *c, nnx_nnef_pos p)
{
    assert_true(p.line >= 1 && p.line <= c->lines);
    size_t off = c->line_start[p.line] + p.col - 1;
    assert_true(p.col >= 1 && off <= c->len);
    c->checked++;
    return c->text + off;
}

static void expect_at(pos_checker *c, nnx_nnef_pos p, const char *spelling)
{
    const char *s = at(c, p);
    if (strncmp(s, spelling, strlen(spelling)) != 0)
        fail_msg("%u:%u: expected '%s', found '%.12s'", p.line, p.col, spelling, s);
}

static bool same_pos(nnx_nnef_pos a, nnx_nnef_pos b) { return a.line == b.line && a.col == b.col; }

static bool check_expr(const nnx_nnef_expr *e, void *user)
{
    pos_checker *c = user;
    bool paren = e->flags & NNX_NNEF_EXPR_PARENTHESIZED; /* pos is then the '(' */
    const char *s = at(c, e->pos);
    if (paren)
        expect_at(c, e->pos, "(");
    switch (e->kind) {
    case NNX_NNEF_EXPR_INTEGER:
    case NNX_NNEF_EXPR_SCALAR: assert_true(paren || (*s >= '0' && *s <= '9') || *s == '-'); break;
    case NNX_NNEF_EXPR_STRING: assert_true(paren || *s == '\'' || *s == '"'); break;
    case NNX_NNEF_EXPR_LOGICAL: expect_at(c, e->pos, paren ? "(" : e->u.logical ? "true" : "false"); break;
    case NNX_NNEF_EXPR_IDENTIFIER: expect_at(c, e->pos, paren ? "(" : e->u.identifier); break;
    case NNX_NNEF_EXPR_INVOCATION: expect_at(c, e->pos, paren ? "(" : e->u.invocation.name); break;
    case NNX_NNEF_EXPR_BUILTIN: expect_at(c, e->pos, paren ? "(" : nnx_nnef_builtin_name(e->u.builtin.fn)); break;
    case NNX_NNEF_EXPR_ARRAY:
    case NNX_NNEF_EXPR_COMPREHENSION: expect_at(c, e->pos, paren ? "(" : "["); break;
    case NNX_NNEF_EXPR_TUPLE: /* unparenthesized only as a top-level lvalue: a, b = ... */
        assert_true(paren || same_pos(e->pos, e->u.list.items[0]->pos));
        break;
    case NNX_NNEF_EXPR_UNARY: expect_at(c, e->pos, paren ? "(" : nnx_nnef_unary_op_symbol(e->u.unary.op)); break;
    case NNX_NNEF_EXPR_BINARY:
        expect_at(c, e->op_pos, nnx_nnef_binary_op_symbol(e->u.binary.op));
        assert_true(paren || same_pos(e->pos, e->u.binary.left->pos));
        break;
    case NNX_NNEF_EXPR_IF_ELSE:
        expect_at(c, e->op_pos, "if");
        assert_true(paren || same_pos(e->pos, e->u.if_else.then_value->pos));
        break;
    case NNX_NNEF_EXPR_SUBSCRIPT:
        expect_at(c, e->op_pos, "[");
        assert_true(paren || same_pos(e->pos, e->u.subscript.base->pos));
        break;
    default: fail_msg("bad node kind %d", e->kind);
    }
    for (uint32_t i = 0; e->kind == NNX_NNEF_EXPR_COMPREHENSION && i < e->u.comprehension.iterator_count; i++)
        expect_at(c, e->u.comprehension.iterators[i].pos, e->u.comprehension.iterators[i].name);
    for (uint32_t i = 0; e->kind == NNX_NNEF_EXPR_INVOCATION && i < e->u.invocation.arg_count; i++) {
        const nnx_nnef_argument *arg = &e->u.invocation.args[i];
        if (arg->name)
            expect_at(c, arg->pos, arg->name);
        else
            assert_true(same_pos(arg->pos, arg->value->pos));
    }
    assert_true(e->height >= 1 && e->height <= NNX_NNEF_DEFAULT_MAX_DEPTH);
    return nnx_nnef_expr_for_each_child(e, check_expr, c);
}

static void check_type(pos_checker *c, const nnx_nnef_type *t)
{
    static const char *const spelled[] = {
        [NNX_NNEF_TYPE_INTEGER] = "integer", [NNX_NNEF_TYPE_SCALAR] = "scalar", [NNX_NNEF_TYPE_LOGICAL] = "logical",
        [NNX_NNEF_TYPE_STRING] = "string",   [NNX_NNEF_TYPE_GENERIC] = "?",     [NNX_NNEF_TYPE_TENSOR] = "tensor",
    };
    if (t->kind == NNX_NNEF_TYPE_ARRAY) {
        assert_true(same_pos(t->pos, t->item->pos));
        check_type(c, t->item);
    } else if (t->kind == NNX_NNEF_TYPE_TUPLE) {
        expect_at(c, t->pos, "(");
        for (uint32_t i = 0; i < t->count; i++)
            check_type(c, t->items[i]);
    } else {
        expect_at(c, t->pos, spelled[t->kind]);
        if (t->kind == NNX_NNEF_TYPE_TENSOR && t->item && !t->bare_tensor)
            check_type(c, t->item);
    }
}

static void check_body(pos_checker *c, const nnx_nnef_assignment *body, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        assert_true(same_pos(body[i].pos, body[i].lvalue->pos));
        check_expr(body[i].lvalue, c);
        check_expr(body[i].rvalue, c);
    }
}

static uint32_t check_positions(const char *text, size_t len, const nnx_nnef_document *doc)
{
    pos_checker c = {text, len, calloc(len + 2, sizeof(size_t)), 1, 0};
    c.line_start[1] = 0;
    for (size_t i = 0; i < len; i++)
        if (text[i] == '\n')
            c.line_start[++c.lines] = i + 1;
    if (doc->has_version)
        expect_at(&c, doc->version_pos, "version");
    for (uint32_t i = 0; i < doc->extension_count; i++)
        expect_at(&c, doc->extensions[i].pos, doc->extensions[i].name);
    for (uint32_t i = 0; i < doc->fragment_count; i++) {
        const nnx_nnef_fragment *f = &doc->fragments[i];
        expect_at(&c, f->pos, "fragment");
        expect_at(&c, f->name_pos, f->name);
        for (uint32_t k = 0; k < f->param_count + f->result_count; k++) {
            const nnx_nnef_param *p = k < f->param_count ? &f->params[k] : &f->results[k - f->param_count];
            expect_at(&c, p->pos, p->name);
            check_type(&c, p->type);
            if (p->default_value)
                check_expr(p->default_value, &c);
        }
        check_body(&c, f->body, f->body_count);
    }
    if (doc->graph) {
        const nnx_nnef_graph *g = doc->graph;
        expect_at(&c, g->pos, "graph");
        expect_at(&c, g->name_pos, g->name);
        for (uint32_t i = 0; i < g->input_count; i++)
            expect_at(&c, g->inputs[i].pos, g->inputs[i].name);
        for (uint32_t i = 0; i < g->output_count; i++)
            expect_at(&c, g->outputs[i].pos, g->outputs[i].name);
        check_body(&c, g->body, g->body_count);
    }
    free(c.line_start);
    return c.checked;
}

static const char *const documents[] = {
    "alexnet.nnef",   "barfoo.nnef",         "foobar.nnef",        "generics.nnef",
    "add_n.nnef",     "expressions.nnef",    "select.nnef",        "variable42.nnef",
    "quantized.nnef", "quantized_core.nnef", "dynamic_quant.nnef", "upsample_helpers.nnef",
};

static void test_positions(void **state)
{
    (void)state;
    uint32_t checked = 0;
    for (size_t i = 0; i < sizeof documents / sizeof documents[0]; i++) {
        size_t len;
        char *text = read_data(documents[i], &len);
        nnx_nnef_document *doc = parse_flags(text, len, 0);
        checked += check_positions(text, len, doc);
        nnx_nnef_document_free(doc);
        free(text);
    }
    nnx_nnef_document *doc = parse_flags(nnx_nnef_stdlib_text, nnx_nnef_stdlib_length, NNX_NNEF_PARSE_STDLIB);
    checked += check_positions(nnx_nnef_stdlib_text, nnx_nnef_stdlib_length, doc);
    nnx_nnef_document_free(doc);
    assert_true(checked > 3000);
    /* Tabs count one column, CRLF ends a line once, FF and VT are blanks. */
    const char *crlf = "version 1.0;\r\n\tgraph\vg(x)\f-> (y)\r\n{\r\n\ty = f(x);\r\n}\r\n";
    doc = parse_flags(crlf, strlen(crlf), 0);
    assert_int_equal(doc->graph->pos.line, 2);
    assert_int_equal(doc->graph->pos.col, 2);
    assert_int_equal(doc->graph->name_pos.col, 8);
    assert_int_equal(doc->graph->body[0].pos.line, 4);
    assert_int_equal(doc->graph->body[0].pos.col, 2);
    check_positions(crlf, strlen(crlf), doc);
    nnx_nnef_document_free(doc);
}

/* ---- the lexer on its own ------------------------------------------------------------------ */

static void test_lexer(void **state)
{
    (void)state;
    static const char text[] = "a<=b->c # note\n 1.5e-3 'x\\'y' \"q\" <?>>= && || != == ! ^ # end";
    static const struct {
        nnx_nnef_token_kind kind;
        uint32_t line, col, length;
    } want[] = {
        {NNX_NNEF_TOK_IDENTIFIER, 1, 1, 1}, {NNX_NNEF_TOK_LE, 1, 2, 2},         {NNX_NNEF_TOK_IDENTIFIER, 1, 4, 1},
        {NNX_NNEF_TOK_ARROW, 1, 5, 2},      {NNX_NNEF_TOK_IDENTIFIER, 1, 7, 1}, {NNX_NNEF_TOK_SCALAR, 2, 2, 6},
        {NNX_NNEF_TOK_STRING, 2, 9, 6},     {NNX_NNEF_TOK_STRING, 2, 16, 3},    {NNX_NNEF_TOK_LT, 2, 20, 1},
        {NNX_NNEF_TOK_QUESTION, 2, 21, 1},  {NNX_NNEF_TOK_GT, 2, 22, 1},        {NNX_NNEF_TOK_GE, 2, 23, 2},
        {NNX_NNEF_TOK_AND, 2, 26, 2},       {NNX_NNEF_TOK_OR, 2, 29, 2},        {NNX_NNEF_TOK_NE, 2, 32, 2},
        {NNX_NNEF_TOK_EQ, 2, 35, 2},        {NNX_NNEF_TOK_NOT, 2, 38, 1},       {NNX_NNEF_TOK_CARET, 2, 40, 1},
        {NNX_NNEF_TOK_EOF, 2, 47, 0},
    };
    nnx_nnef_lexer lx;
    nnx_nnef_lexer_init(&lx, text, sizeof text - 1);
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        nnx_nnef_token t;
        nnx_nnef_lexer_next(&lx, &t);
        assert_int_equal(t.kind, want[i].kind);
        assert_int_equal(t.line, want[i].line);
        assert_int_equal(t.col, want[i].col);
        assert_int_equal(t.length, want[i].length);
    }
    char buf[8];
    assert_int_equal(nnx_nnef_string_decode("'x\\'y'", 6, buf), 3);
    assert_string_equal(buf, "x'y");
    /* Keywords, true/false and identifiers that merely contain them. */
    static const char words[] = "version extension graph fragment tensor integer scalar logical string shape_of "
                                "length_of range_of for in yield if else true false iff _if2 Graph";
    nnx_nnef_lexer_init(&lx, words, sizeof words - 1);
    nnx_nnef_token t;
    for (int k = NNX_NNEF_TOK_KW_VERSION; k <= NNX_NNEF_TOK_KW_ELSE; k++) {
        nnx_nnef_lexer_next(&lx, &t);
        assert_int_equal(t.kind, k);
    }
    nnx_nnef_lexer_next(&lx, &t);
    assert_int_equal(t.kind, NNX_NNEF_TOK_TRUE);
    nnx_nnef_lexer_next(&lx, &t);
    assert_int_equal(t.kind, NNX_NNEF_TOK_FALSE);
    for (int k = 0; k < 3; k++) {
        nnx_nnef_lexer_next(&lx, &t);
        assert_int_equal(t.kind, NNX_NNEF_TOK_IDENTIFIER);
    }
    nnx_nnef_lexer_next(&lx, &t);
    assert_int_equal(t.kind, NNX_NNEF_TOK_EOF);
    /* Errors are sticky, and any byte may follow '#'. */
    static const char bad[] = "# \xff\x00 comment\nx $ y";
    nnx_nnef_lexer_init(&lx, bad, sizeof bad - 1);
    nnx_nnef_lexer_next(&lx, &t);
    assert_int_equal(t.kind, NNX_NNEF_TOK_IDENTIFIER);
    nnx_nnef_lexer_next(&lx, &t);
    assert_int_equal(t.kind, NNX_NNEF_TOK_ERROR);
    assert_int_equal(t.col, 3);
    assert_string_equal(lx.message, "expected a token, found '$'");
    nnx_nnef_lexer_next(&lx, &t);
    assert_int_equal(t.kind, NNX_NNEF_TOK_ERROR);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_positions),
        cmocka_unit_test(test_lexer),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
