/* parser.c — recursive-descent parser for NNEF documents (NNEF 1.0.2 Appendix A.1 flat and
 * A.2 compositional grammars, one parser with extension gates) and graph.quant files
 * (§5.3). Expressions use precedence climbing (§3.2.3, §3.3.3; NNEF 1.0.2 §3.2.3, §3.3.3, decision 5). Nodes and
 * lists go to the document's arena; lists are gathered on a scratch stack and copied out when
 * closed. The decisions this file takes are listed in parser.h. */
#include "formats/nnef/syntax/parser.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "base/checked.h"
#include "formats/load_limits.h"
#include "formats/nnef/syntax/lexer.h"

#define LOOKAHEAD 6 /* the longest decision: IDENT '<' type '>' '(' (NNEF 1.0.2 §3.2.3, §3.3.3, decision 5) */

/* Error paths own the message buffers; keeping them out of line keeps the frames of the
 * recursive descent small (about 256 nested levels must fit a thread's stack). */
#define COLD __attribute__((noinline, cold))
#define PRINTF(f, a) __attribute__((format(printf, f, a)))

typedef struct parser {
    nnx_nnef_lexer lx;
    nnx_nnef_token la[LOOKAHEAD]; /* la[0] is the current token */
    uint32_t la_count;
    const char *text;
    const char *filename;
    nnx_arena *arena;
    const nnx_alloc *alloc;
    nnx_error *err;
    nnx_status status; /* this parse's own outcome (err may hold an older first error) */
    bool failed;
    bool ops, frags, stdlib, quant;
    uint32_t max_depth, depth;
    unsigned char *scratch; /* stack of list items under construction */
    size_t scratch_len, scratch_cap;
} parser;

/* ---- tokens and diagnostics ------------------------------------------------------------ */

static const nnx_nnef_token *peek(parser *p, uint32_t k)
{
    while (p->la_count <= k)
        nnx_nnef_lexer_next(&p->lx, &p->la[p->la_count++]);
    return &p->la[k];
}

static nnx_nnef_token_kind kind_at(parser *p, uint32_t k) { return peek(p, k)->kind; }

static nnx_nnef_token next(parser *p)
{
    nnx_nnef_token t = *peek(p, 0);
    memmove(p->la, p->la + 1, (p->la_count - 1) * sizeof p->la[0]);
    p->la_count--;
    return t;
}

static nnx_nnef_pos pos_of(const nnx_nnef_token *t) { return (nnx_nnef_pos){t->line, t->col}; }

static COLD PRINTF(3, 4) void error_at(parser *p, nnx_nnef_pos at, const char *fmt, ...);

static void error_at(parser *p, nnx_nnef_pos at, const char *fmt, ...)
{
    if (p->failed)
        return;
    char msg[NNX_ERROR_MESSAGE_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    p->failed = true;
    p->status = NNX_ERROR_PARSE;
    nnx_error_set(p->err, NNX_ERROR_PARSE, "%s:%u:%u: error: %s", p->filename, at.line, at.col, msg);
}

static COLD void *oom(parser *p)
{
    if (!p->failed) {
        p->failed = true;
        p->status = NNX_ERROR_OUT_OF_MEMORY;
        nnx_error_set(p->err, NNX_ERROR_OUT_OF_MEMORY, "%s: error: out of memory while parsing", p->filename);
    }
    return NULL;
}

/* "expected WHAT, found <current token>[ HINT]"; a lexical error token reports the lexer's
 * own message instead, since that is the real cause. */
static COLD void *expected_hint(parser *p, const char *what, const char *hint)
{
    const nnx_nnef_token *t = peek(p, 0);
    if (t->kind == NNX_NNEF_TOK_ERROR) {
        error_at(p, pos_of(t), "%s", p->lx.message);
        return NULL;
    }
    char found[80];
    nnx_nnef_token_describe(t, p->text, found, sizeof found);
    error_at(p, pos_of(t), "expected %s, found %s%s%s", what, found, hint ? " " : "", hint ? hint : "");
    return NULL;
}

static void *expected(parser *p, const char *what) { return expected_hint(p, what, NULL); }

static COLD PRINTF(2, 0) void expectedv(parser *p, const char *fmt, va_list ap)
{
    char what[160];
    vsnprintf(what, sizeof what, fmt, ap);
    expected(p, what);
}

static PRINTF(2, 3) void *expectedf(parser *p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    expectedv(p, fmt, ap);
    va_end(ap);
    return NULL;
}

/* Consumes a token of kind k or reports "expected WHAT". */
static bool expect(parser *p, nnx_nnef_token_kind k, const char *what)
{
    if (kind_at(p, 0) == k) {
        next(p);
        return true;
    }
    expected(p, what);
    return false;
}

/* expect() with a formatted WHAT, formatted only on failure. */
static PRINTF(3, 4) bool expectf(parser *p, nnx_nnef_token_kind k, const char *fmt, ...)
{
    if (kind_at(p, 0) == k) {
        next(p);
        return true;
    }
    va_list ap;
    va_start(ap, fmt);
    expectedv(p, fmt, ap);
    va_end(ap);
    return false;
}

#define OPS_HINT "(it needs 'extension KHR_enable_operator_expressions;')"

static COLD PRINTF(3, 0) void flat_only(parser *p, const nnx_nnef_token *at, const char *fmt, va_list ap)
{
    char construct[96];
    vsnprintf(construct, sizeof construct, fmt, ap);
    error_at(p, pos_of(at), "expected flat syntax, found %s " OPS_HINT, construct);
}

/* The gate of §3.2.3: compositional expression syntax only with the extension; the
 * construct's name is formatted only when it is refused. */
static PRINTF(3, 4) bool need_ops(parser *p, const nnx_nnef_token *at, const char *fmt, ...)
{
    if (p->ops)
        return true;
    va_list ap;
    va_start(ap, fmt);
    flat_only(p, at, fmt, ap);
    va_end(ap);
    return false;
}

/* Nesting past max_depth: the load limit's error (formats/load_limits.h), status
 * NNX_ERROR_NOT_SUPPORTED, at the token that goes one level too deep. */
static COLD void too_deep(parser *p, nnx_nnef_pos at)
{
    if (p->failed)
        return;
    char where[NNX_ERROR_MESSAGE_MAX / 2];
    snprintf(where, sizeof where, "%s:%u:%u", p->filename, at.line, at.col);
    p->failed = true;
    p->status = nnx_limit_error(p->err, NNX_LIMIT_DEPTH, where, "expressions and types nest more than %u levels deep",
                                p->max_depth);
}

static bool enter(parser *p)
{
    if (++p->depth <= p->max_depth)
        return true;
    too_deep(p, pos_of(peek(p, 0)));
    return false;
}

static void leave(parser *p) { p->depth--; }

/* ---- allocation --------------------------------------------------------------------------- */

static void *new_zeroed(parser *p, size_t size)
{
    void *v = nnx_arena_alloc(p->arena, size);
    return v ? v : oom(p);
}

static char *dup_span(parser *p, const char *s, size_t n)
{
    size_t size;
    if (!nnx_add_size(n, 1, &size))
        return oom(p);
    char *d = new_zeroed(p, size);
    if (d)
        memcpy(d, s, n);
    return d;
}

static char *token_text(parser *p, const nnx_nnef_token *t) { return dup_span(p, p->text + t->offset, t->length); }

static bool push(parser *p, const void *item, size_t size)
{
    size_t need;
    if (!nnx_add_size(p->scratch_len, size, &need))
        return oom(p), false;
    if (need > p->scratch_cap) {
        size_t cap = p->scratch_cap ? p->scratch_cap : 256;
        while (cap < need)
            if (!nnx_mul_size(cap, 2, &cap))
                return oom(p), false;
        unsigned char *grown = nnx_mem_realloc(p->alloc, p->scratch, cap);
        if (!grown)
            return oom(p), false;
        p->scratch = grown;
        p->scratch_cap = cap;
    }
    memcpy(p->scratch + p->scratch_len, item, size);
    p->scratch_len = need;
    return true;
}

/* Moves the items pushed since mark into an arena array; NULL for none or on failure. */
static void *pop_list(parser *p, size_t mark, size_t size, uint32_t *count, nnx_nnef_pos at)
{
    size_t bytes = p->scratch_len - mark, n = bytes / size;
    p->scratch_len = mark;
    *count = 0;
    if (n == 0 || p->failed)
        return NULL;
    if (n > UINT32_MAX) {
        error_at(p, at, "expected at most %u items in a list, found more", UINT32_MAX);
        return NULL;
    }
    void *items = nnx_arena_memdup(p->arena, p->scratch + mark, bytes);
    if (!items)
        return oom(p);
    *count = (uint32_t)n;
    return items;
}

static nnx_nnef_expr *new_expr(parser *p, nnx_nnef_expr_kind kind, nnx_nnef_pos at)
{
    nnx_nnef_expr *e = new_zeroed(p, sizeof *e);
    if (e) {
        e->kind = kind;
        e->pos = e->op_pos = at;
        e->height = 1;
    }
    return e;
}

static bool max_height(const nnx_nnef_expr *child, void *user)
{
    uint32_t *h = user;
    if (child->height > *h)
        *h = child->height;
    return true;
}

/* Sets e->height from its children and enforces the depth limit (ast.h "Depth"). */
static nnx_nnef_expr *seal(parser *p, nnx_nnef_expr *e)
{
    if (!e || p->failed)
        return NULL;
    uint32_t h = 0;
    nnx_nnef_expr_for_each_child(e, max_height, &h);
    e->height = h + 1;
    if (e->height > p->max_depth) {
        too_deep(p, e->pos);
        return NULL;
    }
    return e;
}

/* ---- literals ------------------------------------------------------------------------------ */

/* A numeric literal token, negated when minus is given (the literal then starts there). */
static COLD nnx_nnef_expr *number(parser *p, const nnx_nnef_token *t, const nnx_nnef_token *minus)
{
    const char *s = p->text + t->offset;
    nnx_nnef_pos at = pos_of(minus ? minus : t);
    char found[80];
    nnx_nnef_token_describe(t, p->text, found, sizeof found);
    if (t->kind == NNX_NNEF_TOK_INTEGER) {
        int64_t v;
        if (!nnx_nnef_integer_value(s, t->length, &v)) {
            error_at(p, at, "expected an integer literal of magnitude at most %lld, found %s", (long long)INT64_MAX,
                     found);
            return NULL;
        }
        nnx_nnef_expr *e = new_expr(p, NNX_NNEF_EXPR_INTEGER, at);
        if (e)
            e->u.integer = minus ? -v : v;
        return e;
    }
    char small[128], *buf = small;
    size_t size;
    if (!nnx_add_size(t->length, 1, &size))
        return oom(p);
    if (size > sizeof small && !(buf = new_zeroed(p, size)))
        return NULL;
    double v;
    if (!nnx_nnef_scalar_value(s, t->length, buf, &v)) {
        error_at(p, at, "expected a finite scalar literal, found %s (beyond the range of double)", found);
        return NULL;
    }
    nnx_nnef_expr *e = new_expr(p, NNX_NNEF_EXPR_SCALAR, at);
    if (e)
        e->u.scalar = minus ? -v : v;
    return e;
}

static nnx_nnef_expr *string_literal(parser *p, const nnx_nnef_token *t)
{
    nnx_nnef_expr *e = new_expr(p, NNX_NNEF_EXPR_STRING, pos_of(t));
    char *chars = e ? new_zeroed(p, t->length) : NULL; /* length - 2 chars + NUL */
    if (!chars)
        return NULL;
    e->u.string.length = nnx_nnef_string_decode(p->text + t->offset, t->length, chars);
    e->u.string.chars = chars;
    return e;
}

/* Consumes one literal token (number, string, true, false); NULL for anything else. */
static nnx_nnef_expr *literal(parser *p)
{
    nnx_nnef_token t = *peek(p, 0);
    switch (t.kind) {
    case NNX_NNEF_TOK_INTEGER:
    case NNX_NNEF_TOK_SCALAR: next(p); return number(p, &t, NULL);
    case NNX_NNEF_TOK_STRING: next(p); return string_literal(p, &t);
    case NNX_NNEF_TOK_TRUE:
    case NNX_NNEF_TOK_FALSE: {
        next(p);
        nnx_nnef_expr *e = new_expr(p, NNX_NNEF_EXPR_LOGICAL, pos_of(&t));
        if (e)
            e->u.logical = t.kind == NNX_NNEF_TOK_TRUE;
        return e;
    }
    default: return NULL;
    }
}

static bool is_number(nnx_nnef_token_kind k) { return k == NNX_NNEF_TOK_INTEGER || k == NNX_NNEF_TOK_SCALAR; }

static bool is_literal(nnx_nnef_token_kind k)
{
    return is_number(k) || k == NNX_NNEF_TOK_STRING || k == NNX_NNEF_TOK_TRUE || k == NNX_NNEF_TOK_FALSE;
}

static bool is_keyword(nnx_nnef_token_kind k)
{
    return (k >= NNX_NNEF_TOK_KW_VERSION && k <= NNX_NNEF_TOK_KW_ELSE) || k == NNX_NNEF_TOK_TRUE ||
        k == NNX_NNEF_TOK_FALSE;
}

/* ---- types (§3.2.2) ------------------------------------------------------------------------ */

static nnx_nnef_type *new_type(parser *p, nnx_nnef_type_kind kind, nnx_nnef_pos at)
{
    nnx_nnef_type *t = new_zeroed(p, sizeof *t);
    if (t) {
        t->kind = kind;
        t->pos = at;
        t->height = 1;
    }
    return t;
}

static nnx_nnef_type_kind type_name_kind(nnx_nnef_token_kind k)
{
    switch (k) {
    case NNX_NNEF_TOK_KW_INTEGER: return NNX_NNEF_TYPE_INTEGER;
    case NNX_NNEF_TOK_KW_SCALAR: return NNX_NNEF_TYPE_SCALAR;
    case NNX_NNEF_TOK_KW_LOGICAL: return NNX_NNEF_TYPE_LOGICAL;
    case NNX_NNEF_TOK_KW_STRING: return NNX_NNEF_TYPE_STRING;
    case NNX_NNEF_TOK_QUESTION: return NNX_NNEF_TYPE_GENERIC;
    default: return NNX_NNEF_TYPE_NONE;
    }
}

/* <type-name> ::= "integer" | "scalar" | "logical" | "string" | "?" */
static nnx_nnef_type *type_name(parser *p, const char *what)
{
    nnx_nnef_type_kind kind = type_name_kind(kind_at(p, 0));
    if (kind == NNX_NNEF_TYPE_NONE)
        return expected(p, what);
    nnx_nnef_token t = next(p);
    return new_type(p, kind, pos_of(&t));
}

/* Consumes the '>' closing a type; a '>=' token is split so `tensor<scalar>= 0.0` reads as
 * `tensor<scalar> = 0.0`, as white space would make it. */
static bool close_angle(parser *p)
{
    nnx_nnef_token_kind k = kind_at(p, 0);
    if (k == NNX_NNEF_TOK_GE) {
        nnx_nnef_token *t = &p->la[0];
        t->kind = NNX_NNEF_TOK_ASSIGN;
        t->offset++;
        t->col = t->col == UINT32_MAX ? t->col : t->col + 1;
        t->length = 1;
        return true;
    }
    return expect(p, NNX_NNEF_TOK_GT, "'>'");
}

static nnx_nnef_type *tensor_type(parser *p)
{
    nnx_nnef_token kw = next(p);
    nnx_nnef_type *t = new_type(p, NNX_NNEF_TYPE_TENSOR, pos_of(&kw));
    if (!t)
        return NULL;
    if (kind_at(p, 0) != NNX_NNEF_TOK_LT) {
        if (!p->stdlib)
            return expected(p, "'<' after 'tensor'");
        t->bare_tensor = true; /* argmax_pool's `input: tensor` (NNEF decision 17) */
        if (!(t->item = new_type(p, NNX_NNEF_TYPE_SCALAR, t->pos)))
            return NULL;
        t->height = 2;
        return t;
    }
    next(p);
    nnx_nnef_token_kind k = kind_at(p, 0);
    if (k != NNX_NNEF_TOK_GT && k != NNX_NNEF_TOK_GE) {
        t->item = type_name(p, "a tensor data type ('integer', 'scalar', 'logical', 'string' or '?') or '>'");
        if (!t->item)
            return NULL;
        t->height = 2;
    }
    return close_angle(p) ? t : NULL;
}

static nnx_nnef_type *parse_type(parser *p);

static nnx_nnef_type *tuple_type(parser *p)
{
    nnx_nnef_token open = next(p);
    nnx_nnef_type *t = new_type(p, NNX_NNEF_TYPE_TUPLE, pos_of(&open));
    if (!t)
        return NULL;
    size_t mark = p->scratch_len;
    uint32_t h = 0, n = 0;
    for (;;) {
        nnx_nnef_type *item = parse_type(p);
        if (!item || !push(p, &item, sizeof item))
            return NULL;
        h = item->height > h ? item->height : h;
        n += n < 2;
        if (kind_at(p, 0) == NNX_NNEF_TOK_COMMA) {
            next(p);
            continue;
        }
        if (n < 2)
            return expected(p, "',' in the tuple type (a tuple has at least two items)");
        break;
    }
    if (!expect(p, NNX_NNEF_TOK_RPAREN, "',' or ')' in the tuple type"))
        return NULL;
    t->items = pop_list(p, mark, sizeof(nnx_nnef_type *), &t->count, t->pos);
    t->height = h + 1;
    if (t->height > p->max_depth)
        too_deep(p, t->pos);
    return p->failed ? NULL : t;
}

/* <type-spec>: a type name, tensor<...>, or a tuple, followed by any number of "[]". */
static nnx_nnef_type *parse_type(parser *p)
{
    if (!enter(p))
        return NULL;
    nnx_nnef_type *t;
    nnx_nnef_token_kind k = kind_at(p, 0);
    if (k == NNX_NNEF_TOK_KW_TENSOR)
        t = tensor_type(p);
    else if (k == NNX_NNEF_TOK_LPAREN)
        t = tuple_type(p);
    else
        t = type_name(p, "a type ('integer', 'scalar', 'logical', 'string', '?', 'tensor' or '(')");
    while (t && kind_at(p, 0) == NNX_NNEF_TOK_LBRACKET) {
        nnx_nnef_token open = next(p);
        if (!expect(p, NNX_NNEF_TOK_RBRACKET, "']' after '[' in an array type"))
            return NULL;
        nnx_nnef_type *a = new_type(p, NNX_NNEF_TYPE_ARRAY, t->pos);
        if (!a)
            return NULL;
        a->item = t;
        a->height = t->height + 1;
        if (a->height > p->max_depth) {
            too_deep(p, pos_of(&open));
            return NULL;
        }
        t = a;
    }
    leave(p);
    return t;
}

/* ---- expressions (§3.2.1, §3.2.3) ------------------------------------------------------------ */

enum { PREC_IN = 1, PREC_LOGIC = 2, PREC_COMPARE = 3, PREC_ADD = 4, PREC_MUL = 5 };

/* Binary operators handled by precedence climbing ('^' is parsed with the unary level). */
static nnx_nnef_binary_op binary_op(nnx_nnef_token_kind k, int *prec)
{
    switch (k) {
    case NNX_NNEF_TOK_KW_IN: *prec = PREC_IN; return NNX_NNEF_BINARY_IN;
    case NNX_NNEF_TOK_AND: *prec = PREC_LOGIC; return NNX_NNEF_BINARY_AND;
    case NNX_NNEF_TOK_OR: *prec = PREC_LOGIC; return NNX_NNEF_BINARY_OR;
    case NNX_NNEF_TOK_LT: *prec = PREC_COMPARE; return NNX_NNEF_BINARY_LT;
    case NNX_NNEF_TOK_LE: *prec = PREC_COMPARE; return NNX_NNEF_BINARY_LE;
    case NNX_NNEF_TOK_GT: *prec = PREC_COMPARE; return NNX_NNEF_BINARY_GT;
    case NNX_NNEF_TOK_GE: *prec = PREC_COMPARE; return NNX_NNEF_BINARY_GE;
    case NNX_NNEF_TOK_EQ: *prec = PREC_COMPARE; return NNX_NNEF_BINARY_EQ;
    case NNX_NNEF_TOK_NE: *prec = PREC_COMPARE; return NNX_NNEF_BINARY_NE;
    case NNX_NNEF_TOK_PLUS: *prec = PREC_ADD; return NNX_NNEF_BINARY_ADD;
    case NNX_NNEF_TOK_MINUS: *prec = PREC_ADD; return NNX_NNEF_BINARY_SUB;
    case NNX_NNEF_TOK_STAR: *prec = PREC_MUL; return NNX_NNEF_BINARY_MUL;
    case NNX_NNEF_TOK_SLASH: *prec = PREC_MUL; return NNX_NNEF_BINARY_DIV;
    default: *prec = 0; return NNX_NNEF_BINARY_NONE;
    }
}

/* Names a token that would continue an expression, for the flat-syntax gate. */
static const char *construct_of(nnx_nnef_token_kind k, char *buf, size_t size)
{
    int prec;
    if (binary_op(k, &prec) != NNX_NNEF_BINARY_NONE || k == NNX_NNEF_TOK_CARET)
        snprintf(buf, size, "operator %s", nnx_nnef_token_kind_name(k));
    else if (k == NNX_NNEF_TOK_LBRACKET)
        snprintf(buf, size, "subscript '['");
    else if (k == NNX_NNEF_TOK_KW_IF)
        snprintf(buf, size, "if-else expression");
    else
        return NULL;
    return buf;
}

static nnx_nnef_expr *parse_expr(parser *p);
static nnx_nnef_expr *parse_binary(parser *p, int min_prec);
static nnx_nnef_expr *parse_unary(parser *p);

/* IDENT '(' or IDENT '<' type-name '>' '(' (NNEF 1.0.2 §3.2.3, §3.3.3, decision 5); otherwise '<' is
 * less-than. */
static bool at_invocation(parser *p)
{
    if (kind_at(p, 0) != NNX_NNEF_TOK_IDENTIFIER)
        return false;
    if (kind_at(p, 1) == NNX_NNEF_TOK_LPAREN)
        return true;
    return kind_at(p, 1) == NNX_NNEF_TOK_LT && type_name_kind(kind_at(p, 2)) != NNX_NNEF_TYPE_NONE &&
        kind_at(p, 3) == NNX_NNEF_TOK_GT && kind_at(p, 4) == NNX_NNEF_TOK_LPAREN;
}

/* <argument> ::= <rvalue-expr> | <identifier> "=" <rvalue-expr>; graph.quant takes named
 * arguments only. */
static bool argument(parser *p, nnx_nnef_argument *arg)
{
    const nnx_nnef_token *t = peek(p, 0);
    if (kind_at(p, 1) == NNX_NNEF_TOK_ASSIGN && (t->kind == NNX_NNEF_TOK_IDENTIFIER || is_keyword(t->kind))) {
        if (t->kind != NNX_NNEF_TOK_IDENTIFIER)
            return expected(p, "an argument name (an identifier)"), false;
        nnx_nnef_token name = next(p);
        next(p);
        arg->pos = pos_of(&name);
        if (!(arg->name = token_text(p, &name)))
            return false;
    } else if (p->quant) {
        return expected(p, "a named argument 'name = value'"), false;
    } else {
        arg->pos = pos_of(t);
    }
    arg->value = parse_expr(p);
    return arg->value != NULL;
}

/* <invocation> ::= <identifier> ["<" <type-name> ">"] "(" <argument-list> ")" */
static nnx_nnef_expr *invocation(parser *p)
{
    nnx_nnef_token name = next(p);
    nnx_nnef_expr *e = new_expr(p, NNX_NNEF_EXPR_INVOCATION, pos_of(&name));
    if (!e || !(e->u.invocation.name = token_text(p, &name)))
        return NULL;
    if (kind_at(p, 0) == NNX_NNEF_TOK_LT) {
        next(p);
        e->u.invocation.generic = type_name(p, "a type name ('integer', 'scalar', 'logical', 'string' or '?')");
        if (!e->u.invocation.generic || !expect(p, NNX_NNEF_TOK_GT, "'>' after the type argument"))
            return NULL;
    }
    if (!expect(p, NNX_NNEF_TOK_LPAREN, "'(' after the operation name"))
        return NULL;
    size_t mark = p->scratch_len;
    bool empty = kind_at(p, 0) == NNX_NNEF_TOK_RPAREN;
    if (empty && !p->quant)
        return expected(p, "an argument (an invocation has at least one)");
    while (!empty) {
        nnx_nnef_argument arg = {0};
        if (!argument(p, &arg) || !push(p, &arg, sizeof arg))
            return NULL;
        if (kind_at(p, 0) != NNX_NNEF_TOK_COMMA)
            break;
        next(p);
    }
    if (!expect(p, NNX_NNEF_TOK_RPAREN, "',' or ')' in the argument list"))
        return NULL;
    e->u.invocation.args = pop_list(p, mark, sizeof(nnx_nnef_argument), &e->u.invocation.arg_count, e->pos);
    return seal(p, e);
}

static nnx_nnef_expr *builtin(parser *p)
{
    static const struct {
        nnx_nnef_token_kind kind;
        nnx_nnef_builtin fn;
    } table[] = {
        {NNX_NNEF_TOK_KW_SHAPE_OF, NNX_NNEF_BUILTIN_SHAPE_OF}, {NNX_NNEF_TOK_KW_LENGTH_OF, NNX_NNEF_BUILTIN_LENGTH_OF},
        {NNX_NNEF_TOK_KW_RANGE_OF, NNX_NNEF_BUILTIN_RANGE_OF}, {NNX_NNEF_TOK_KW_INTEGER, NNX_NNEF_BUILTIN_INTEGER},
        {NNX_NNEF_TOK_KW_SCALAR, NNX_NNEF_BUILTIN_SCALAR},     {NNX_NNEF_TOK_KW_LOGICAL, NNX_NNEF_BUILTIN_LOGICAL},
        {NNX_NNEF_TOK_KW_STRING, NNX_NNEF_BUILTIN_STRING},
    };
    const nnx_nnef_token *t = peek(p, 0);
    nnx_nnef_builtin fn = NNX_NNEF_BUILTIN_NONE;
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (table[i].kind == t->kind)
            fn = table[i].fn;
    const char *name = nnx_nnef_builtin_name(fn);
    if (!need_ops(p, t, "built-in function '%s'", name))
        return NULL;
    nnx_nnef_token kw = next(p);
    if (!expectf(p, NNX_NNEF_TOK_LPAREN, "'(' after '%s'", name))
        return NULL;
    nnx_nnef_expr *e = new_expr(p, NNX_NNEF_EXPR_BUILTIN, pos_of(&kw));
    if (!e || !(e->u.builtin.arg = parse_expr(p)))
        return NULL;
    e->u.builtin.fn = fn;
    return expectf(p, NNX_NNEF_TOK_RPAREN, "')' after the single argument of '%s'", name) ? seal(p, e) : NULL;
}

/* "[" "for" <loop-iter-list> ["if" <rvalue-expr>] "yield" <rvalue-expr> "]"; an iterable
 * stops before 'if' and 'in' (§3.2.3), so it is parsed at the && / || level. */
static nnx_nnef_expr *comprehension(parser *p)
{
    if (!need_ops(p, peek(p, 0), "comprehension '[for'"))
        return NULL;
    nnx_nnef_token open = next(p);
    next(p); /* for */
    nnx_nnef_expr *e = new_expr(p, NNX_NNEF_EXPR_COMPREHENSION, pos_of(&open));
    if (!e)
        return NULL;
    size_t mark = p->scratch_len;
    do {
        if (kind_at(p, 0) != NNX_NNEF_TOK_IDENTIFIER)
            return expected(p, "a loop variable (an identifier)");
        nnx_nnef_token name = next(p);
        nnx_nnef_iterator it = {token_text(p, &name), pos_of(&name), NULL};
        if (!it.name || !expect(p, NNX_NNEF_TOK_KW_IN, "'in' after the loop variable") || !enter(p))
            return NULL;
        it.iterable = parse_binary(p, PREC_LOGIC);
        leave(p);
        if (!it.iterable || !push(p, &it, sizeof it))
            return NULL;
    } while (kind_at(p, 0) == NNX_NNEF_TOK_COMMA && (next(p), true));
    e->u.comprehension.iterators = pop_list(p, mark, sizeof(nnx_nnef_iterator), &e->u.comprehension.iterator_count,
                                            e->pos);
    if (p->failed)
        return NULL;
    if (kind_at(p, 0) == NNX_NNEF_TOK_KW_IF) {
        next(p);
        if (!(e->u.comprehension.condition = parse_expr(p)))
            return NULL;
        if (!expect(p, NNX_NNEF_TOK_KW_YIELD, "'yield'"))
            return NULL;
    } else if (!expect(p, NNX_NNEF_TOK_KW_YIELD, "',', 'if' or 'yield' in the comprehension")) {
        return NULL;
    }
    if (!(e->u.comprehension.body = parse_expr(p)))
        return NULL;
    return expect(p, NNX_NNEF_TOK_RBRACKET, "']' to close the comprehension") ? seal(p, e) : NULL;
}

/* The items of an array "[a, b]" (any count) or tuple "(a, b)" (min_items or more) after
 * the already consumed opening token; no trailing comma. */
static nnx_nnef_expr *sequence(parser *p, nnx_nnef_expr_kind kind, nnx_nnef_expr *(*item)(parser *), nnx_nnef_pos at,
                               uint32_t min_items, const char *noun)
{
    nnx_nnef_token_kind close = kind == NNX_NNEF_EXPR_ARRAY ? NNX_NNEF_TOK_RBRACKET : NNX_NNEF_TOK_RPAREN;
    nnx_nnef_expr *e = new_expr(p, kind, at);
    if (!e)
        return NULL;
    if (kind == NNX_NNEF_EXPR_TUPLE)
        e->flags |= NNX_NNEF_EXPR_PARENTHESIZED;
    size_t mark = p->scratch_len;
    uint32_t n = 0;
    if (kind != NNX_NNEF_EXPR_ARRAY || kind_at(p, 0) != close) {
        for (;;) {
            nnx_nnef_expr *x = item(p);
            if (!x || !push(p, &x, sizeof x))
                return NULL;
            n += n < min_items;
            if (kind_at(p, 0) == NNX_NNEF_TOK_COMMA) {
                next(p);
                continue;
            }
            if (n < min_items)
                return expectedf(p, "',' in the %s (a tuple has at least two items)", noun);
            break;
        }
    }
    if (!expectf(p, close, "',' or %s in the %s", nnx_nnef_token_kind_name(close), noun))
        return NULL;
    e->u.list.items = pop_list(p, mark, sizeof(nnx_nnef_expr *), &e->u.list.count, e->pos);
    return seal(p, e);
}

/* "(" expr ")" (compositional) or a tuple "(" expr "," ... ")". */
static nnx_nnef_expr *parenthesized(parser *p)
{
    nnx_nnef_token open = next(p);
    nnx_nnef_expr *first = parse_expr(p);
    if (!first)
        return NULL;
    if (kind_at(p, 0) == NNX_NNEF_TOK_RPAREN) {
        if (!need_ops(p, &open, "parenthesized expression '('"))
            return NULL;
        next(p);
        first->flags |= NNX_NNEF_EXPR_PARENTHESIZED;
        first->pos = pos_of(&open); /* so an enclosing node starts where its text does */
        return first;
    }
    if (!expect(p, NNX_NNEF_TOK_COMMA, "',' or ')'"))
        return NULL;
    nnx_nnef_expr *rest = sequence(p, NNX_NNEF_EXPR_TUPLE, parse_expr, pos_of(&open), 1, "tuple");
    if (!rest)
        return NULL;
    /* Prepend first: the sequence gathered items 2..n. */
    nnx_nnef_expr **items = nnx_arena_array(p->arena, (size_t)rest->u.list.count + 1, sizeof *items);
    if (!items)
        return oom(p);
    items[0] = first;
    memcpy(items + 1, rest->u.list.items, rest->u.list.count * sizeof *items);
    rest->u.list.items = items;
    rest->u.list.count++;
    return seal(p, rest);
}

static nnx_nnef_expr *primary(parser *p)
{
    const nnx_nnef_token *t = peek(p, 0);
    if (is_literal(t->kind))
        return literal(p);
    switch (t->kind) {
    case NNX_NNEF_TOK_IDENTIFIER: {
        if (at_invocation(p)) {
            int n = (int)(t->length > 40 ? 40 : t->length);
            return need_ops(p, t, "nested invocation of '%.*s'", n, p->text + t->offset) ? invocation(p) : NULL;
        }
        nnx_nnef_token name = next(p);
        nnx_nnef_expr *e = new_expr(p, NNX_NNEF_EXPR_IDENTIFIER, pos_of(&name));
        if (e && !(e->u.identifier = token_text(p, &name)))
            return NULL;
        return e;
    }
    case NNX_NNEF_TOK_KW_SHAPE_OF:
    case NNX_NNEF_TOK_KW_LENGTH_OF:
    case NNX_NNEF_TOK_KW_RANGE_OF:
    case NNX_NNEF_TOK_KW_INTEGER:
    case NNX_NNEF_TOK_KW_SCALAR:
    case NNX_NNEF_TOK_KW_LOGICAL:
    case NNX_NNEF_TOK_KW_STRING: return builtin(p);
    case NNX_NNEF_TOK_LBRACKET: {
        if (kind_at(p, 1) == NNX_NNEF_TOK_KW_FOR)
            return comprehension(p);
        nnx_nnef_token open = next(p);
        return sequence(p, NNX_NNEF_EXPR_ARRAY, parse_expr, pos_of(&open), 0, "array");
    }
    case NNX_NNEF_TOK_LPAREN: return parenthesized(p);
    default: return expected(p, "an expression");
    }
}

/* primary ("[" (expr | [expr] ":" [expr]) "]")* */
static nnx_nnef_expr *postfix(parser *p)
{
    nnx_nnef_expr *e = primary(p);
    while (e && kind_at(p, 0) == NNX_NNEF_TOK_LBRACKET) {
        if (!need_ops(p, peek(p, 0), "subscript '['"))
            return NULL;
        nnx_nnef_token open = next(p);
        nnx_nnef_expr *s = new_expr(p, NNX_NNEF_EXPR_SUBSCRIPT, e->pos);
        if (!s)
            return NULL;
        s->op_pos = pos_of(&open);
        s->u.subscript.base = e;
        nnx_nnef_expr *first = NULL;
        if (kind_at(p, 0) != NNX_NNEF_TOK_COLON && !(first = parse_expr(p)))
            return NULL;
        if (kind_at(p, 0) == NNX_NNEF_TOK_COLON) {
            next(p);
            s->u.subscript.is_range = true;
            s->u.subscript.begin = first;
            if (kind_at(p, 0) != NNX_NNEF_TOK_RBRACKET && !(s->u.subscript.end = parse_expr(p)))
                return NULL;
        } else {
            s->u.subscript.index = first;
        }
        if (!expect(p, NNX_NNEF_TOK_RBRACKET,
                    first && !s->u.subscript.is_range ? "':' or ']' in the subscript" : "']' to close the subscript"))
            return NULL;
        e = seal(p, s);
    }
    return e;
}

/* postfix ["^" unary]: right-associative, and the exponent may carry a sign (x ^ -2.0). */
static nnx_nnef_expr *power(parser *p)
{
    nnx_nnef_expr *base = postfix(p);
    if (!base || kind_at(p, 0) != NNX_NNEF_TOK_CARET)
        return base;
    if (!need_ops(p, peek(p, 0), "operator '^'"))
        return NULL;
    nnx_nnef_token op = next(p);
    nnx_nnef_expr *e = new_expr(p, NNX_NNEF_EXPR_BINARY, base->pos);
    if (!e || !enter(p))
        return NULL;
    e->op_pos = pos_of(&op);
    e->u.binary.op = NNX_NNEF_BINARY_POW;
    e->u.binary.left = base;
    e->u.binary.right = parse_unary(p);
    leave(p);
    return e->u.binary.right ? seal(p, e) : NULL;
}

static nnx_nnef_unary_op unary_op(nnx_nnef_token_kind k)
{
    return k == NNX_NNEF_TOK_PLUS ? NNX_NNEF_UNARY_PLUS
        : k == NNX_NNEF_TOK_MINUS ? NNX_NNEF_UNARY_MINUS
        : k == NNX_NNEF_TOK_NOT   ? NNX_NNEF_UNARY_NOT
                                  : NNX_NNEF_UNARY_NONE;
}

/* ("+" | "-" | "!") unary | power. A '-' touching a number is part of the literal in flat
 * syntax (§3.1); in compositional syntax '-' of a bare number folds to the same literal. */
static nnx_nnef_expr *parse_unary(parser *p)
{
    const nnx_nnef_token *t = peek(p, 0);
    nnx_nnef_unary_op op = unary_op(t->kind);
    if (op == NNX_NNEF_UNARY_NONE)
        return power(p);
    const nnx_nnef_token *n = peek(p, 1);
    if (!p->ops && op == NNX_NNEF_UNARY_MINUS && is_number(n->kind) && n->offset == t->offset + 1) {
        nnx_nnef_token minus = next(p), num = next(p);
        return number(p, &num, &minus);
    }
    if (!need_ops(p, t, "unary operator '%s'", nnx_nnef_unary_op_symbol(op)) || !enter(p))
        return NULL;
    nnx_nnef_token optok = next(p);
    nnx_nnef_expr *operand = parse_unary(p);
    leave(p);
    if (!operand)
        return NULL;
    bool bare_number = (operand->kind == NNX_NNEF_EXPR_INTEGER || operand->kind == NNX_NNEF_EXPR_SCALAR) &&
        !(operand->flags & NNX_NNEF_EXPR_PARENTHESIZED);
    if (op == NNX_NNEF_UNARY_MINUS && bare_number) {
        if (operand->kind == NNX_NNEF_EXPR_INTEGER)
            operand->u.integer = -operand->u.integer; /* magnitude <= INT64_MAX: no overflow */
        else
            operand->u.scalar = -operand->u.scalar;
        operand->pos = operand->op_pos = pos_of(&optok);
        return operand;
    }
    nnx_nnef_expr *e = new_expr(p, NNX_NNEF_EXPR_UNARY, pos_of(&optok));
    if (!e)
        return NULL;
    e->u.unary.op = op;
    e->u.unary.operand = operand;
    return seal(p, e);
}

/* Precedence climbing over the binary levels >= min_prec; all are left-associative. */
static nnx_nnef_expr *parse_binary(parser *p, int min_prec)
{
    nnx_nnef_expr *left = parse_unary(p);
    while (left) {
        const nnx_nnef_token *t = peek(p, 0);
        int prec;
        nnx_nnef_binary_op op = binary_op(t->kind, &prec);
        if (op == NNX_NNEF_BINARY_NONE || prec < min_prec)
            break;
        if (!need_ops(p, t, "operator '%s'", nnx_nnef_binary_op_symbol(op)))
            return NULL;
        nnx_nnef_token optok = next(p);
        nnx_nnef_expr *right = parse_binary(p, prec + 1);
        nnx_nnef_expr *e = right ? new_expr(p, NNX_NNEF_EXPR_BINARY, left->pos) : NULL;
        if (!e)
            return NULL;
        e->op_pos = pos_of(&optok);
        e->u.binary.op = op;
        e->u.binary.left = left;
        e->u.binary.right = right;
        left = seal(p, e);
    }
    return left;
}

/* <rvalue-expr>, including `then if cond else other` at the lowest level (right-assoc). */
static nnx_nnef_expr *parse_expr(parser *p)
{
    if (!enter(p))
        return NULL;
    nnx_nnef_expr *e = parse_binary(p, PREC_IN);
    if (e && kind_at(p, 0) == NNX_NNEF_TOK_KW_IF) {
        if (!need_ops(p, peek(p, 0), "if-else expression"))
            return NULL;
        nnx_nnef_token kw = next(p);
        nnx_nnef_expr *c = new_expr(p, NNX_NNEF_EXPR_IF_ELSE, e->pos);
        if (!c)
            return NULL;
        c->op_pos = pos_of(&kw);
        c->u.if_else.then_value = e;
        if (!(c->u.if_else.condition = parse_binary(p, PREC_IN)))
            return NULL;
        if (!expect(p, NNX_NNEF_TOK_KW_ELSE, "'else' after the condition"))
            return NULL;
        if (!(c->u.if_else.else_value = parse_expr(p)))
            return NULL;
        e = seal(p, c);
    }
    leave(p);
    return e;
}

/* ---- literal expressions for defaults (§3.2.2 <literal-expr>) ------------------------------ */

/* Literals, arrays and tuples of them. A '-' before a number is accepted although the
 * grammar omits it: the standard library itself has `axis_count: integer = -1`
 * (NNEF decision 1). */
static nnx_nnef_expr *literal_expr(parser *p)
{
    if (!enter(p))
        return NULL;
    nnx_nnef_expr *e;
    nnx_nnef_token_kind k = kind_at(p, 0);
    if (k == NNX_NNEF_TOK_MINUS) {
        nnx_nnef_token minus = next(p);
        if (!is_number(kind_at(p, 0)))
            return expected(p, "a number after '-'");
        nnx_nnef_token num = next(p);
        e = number(p, &num, &minus);
    } else if (is_literal(k)) {
        e = literal(p);
    } else if (k == NNX_NNEF_TOK_LBRACKET || k == NNX_NNEF_TOK_LPAREN) {
        nnx_nnef_token open = next(p);
        bool array = k == NNX_NNEF_TOK_LBRACKET;
        e = sequence(p, array ? NNX_NNEF_EXPR_ARRAY : NNX_NNEF_EXPR_TUPLE, literal_expr, pos_of(&open), array ? 0 : 2,
                     array ? "array literal" : "tuple literal");
    } else {
        return expected(p, "a literal default value (number, string, logical, array or tuple)");
    }
    leave(p);
    return e;
}

/* ---- assignments and bodies (§3.2.1) -------------------------------------------------------- */

static nnx_nnef_expr *lvalue_item(parser *p)
{
    if (!enter(p))
        return NULL;
    nnx_nnef_expr *e;
    nnx_nnef_token_kind k = kind_at(p, 0);
    if (k == NNX_NNEF_TOK_IDENTIFIER) {
        nnx_nnef_token name = next(p);
        e = new_expr(p, NNX_NNEF_EXPR_IDENTIFIER, pos_of(&name));
        if (e && !(e->u.identifier = token_text(p, &name)))
            return NULL;
    } else if (k == NNX_NNEF_TOK_LBRACKET || k == NNX_NNEF_TOK_LPAREN) {
        nnx_nnef_token open = next(p);
        bool array = k == NNX_NNEF_TOK_LBRACKET;
        e = sequence(p, array ? NNX_NNEF_EXPR_ARRAY : NNX_NNEF_EXPR_TUPLE, lvalue_item, pos_of(&open), array ? 0 : 2,
                     array ? "array on the left-hand side" : "tuple on the left-hand side");
    } else {
        return expected(p, is_keyword(k) ? "an identifier" : "an identifier, '[' or '(' on the left-hand side");
    }
    leave(p);
    return e;
}

/* <lvalue-expr>, where a top-level tuple may omit its parentheses: `a, b = f(x);`. */
static nnx_nnef_expr *lvalue(parser *p)
{
    nnx_nnef_expr *first = lvalue_item(p);
    if (!first || kind_at(p, 0) != NNX_NNEF_TOK_COMMA)
        return first;
    nnx_nnef_expr *t = new_expr(p, NNX_NNEF_EXPR_TUPLE, first->pos);
    size_t mark = p->scratch_len;
    if (!t || !push(p, &first, sizeof first))
        return NULL;
    while (kind_at(p, 0) == NNX_NNEF_TOK_COMMA) {
        next(p);
        nnx_nnef_expr *x = lvalue_item(p);
        if (!x || !push(p, &x, sizeof x))
            return NULL;
    }
    t->u.list.items = pop_list(p, mark, sizeof(nnx_nnef_expr *), &t->u.list.count, t->pos);
    return seal(p, t);
}

/* <assignment> ::= <lvalue-expr> "=" <invocation> ";" (flat) | ... <rvalue-expr> ";" */
static bool assignment(parser *p, nnx_nnef_assignment *a)
{
    if (!(a->lvalue = lvalue(p)))
        return false;
    a->pos = a->lvalue->pos;
    if (!expect(p, NNX_NNEF_TOK_ASSIGN, "'=' after the left-hand side"))
        return false;
    if (p->ops) {
        a->rvalue = parse_expr(p);
    } else {
        if (!at_invocation(p)) {
            expected_hint(p, "an invocation",
                          "(other right-hand sides need 'extension "
                          "KHR_enable_operator_expressions;')");
            return false;
        }
        a->rvalue = invocation(p);
        char what[64];
        const char *construct = a->rvalue ? construct_of(kind_at(p, 0), what, sizeof what) : NULL;
        if (construct && !need_ops(p, peek(p, 0), "%s", construct))
            return false;
    }
    return a->rvalue && expect(p, NNX_NNEF_TOK_SEMICOLON, "';' after the assignment");
}

/* <body> ::= "{" <assignment>+ "}" */
static bool body(parser *p, nnx_nnef_assignment **out, uint32_t *count)
{
    if (!expect(p, NNX_NNEF_TOK_LBRACE, "'{' to open the body"))
        return false;
    nnx_nnef_pos at = pos_of(peek(p, 0));
    if (kind_at(p, 0) == NNX_NNEF_TOK_RBRACE)
        return expected(p, "an assignment (a body has at least one)"), false;
    size_t mark = p->scratch_len;
    while (kind_at(p, 0) != NNX_NNEF_TOK_RBRACE) {
        nnx_nnef_token_kind k = kind_at(p, 0);
        if (is_keyword(k))
            return expected(p, "an identifier"), false;
        if (k != NNX_NNEF_TOK_IDENTIFIER && k != NNX_NNEF_TOK_LBRACKET && k != NNX_NNEF_TOK_LPAREN)
            return expected(p, "an assignment or '}'"), false;
        nnx_nnef_assignment a = {0};
        if (!assignment(p, &a) || !push(p, &a, sizeof a))
            return false;
    }
    next(p);
    *out = pop_list(p, mark, sizeof(nnx_nnef_assignment), count, at);
    return !p->failed;
}

/* ---- fragments (§3.2.2) and the graph (§3.2.1) --------------------------------------------- */

static const char *identifier(parser *p, const char *what, nnx_nnef_pos *at)
{
    if (kind_at(p, 0) != NNX_NNEF_TOK_IDENTIFIER)
        return expected(p, what);
    nnx_nnef_token t = next(p);
    *at = pos_of(&t);
    return token_text(p, &t);
}

/* "(" <parameter> ("," <parameter>)* ")"; results have no default values. */
static bool param_list(parser *p, bool results, nnx_nnef_param **out, uint32_t *count)
{
    const char *noun = results ? "result" : "parameter";
    char what[96];
    snprintf(what, sizeof what, "'(' to open the %s list", noun);
    if (!expect(p, NNX_NNEF_TOK_LPAREN, what))
        return false;
    nnx_nnef_pos at = pos_of(peek(p, 0));
    size_t mark = p->scratch_len;
    for (;;) {
        nnx_nnef_param prm = {0};
        snprintf(what, sizeof what, "a %s name (an identifier)", noun);
        if (!(prm.name = identifier(p, what, &prm.pos)))
            return false;
        snprintf(what, sizeof what, "':' after the %s name", noun);
        if (!expect(p, NNX_NNEF_TOK_COLON, what) || !(prm.type = parse_type(p)))
            return false;
        if (!results && kind_at(p, 0) == NNX_NNEF_TOK_ASSIGN) {
            next(p);
            if (!(prm.default_value = literal_expr(p)))
                return false;
        }
        if (!push(p, &prm, sizeof prm))
            return false;
        if (kind_at(p, 0) != NNX_NNEF_TOK_COMMA)
            break;
        next(p);
    }
    snprintf(what, sizeof what, "',' or ')' in the %s list", noun);
    if (!expect(p, NNX_NNEF_TOK_RPAREN, what))
        return false;
    *out = pop_list(p, mark, sizeof(nnx_nnef_param), count, at);
    return !p->failed;
}

/* <fragment-definition> ::= "fragment" <identifier> ["<" "?" ["=" <type-name>] ">"]
 *     "(" <parameter-list> ")" "->" "(" <result-list> ")" (<body> | ";") */
static bool fragment(parser *p, nnx_nnef_fragment *f)
{
    nnx_nnef_token kw = next(p);
    f->pos = pos_of(&kw);
    if (!(f->name = identifier(p, "a fragment name (an identifier)", &f->name_pos)))
        return false;
    if (kind_at(p, 0) == NNX_NNEF_TOK_LT) {
        next(p);
        if (!expect(p, NNX_NNEF_TOK_QUESTION, "'?' in the generic declaration"))
            return false;
        f->generic = true;
        if (kind_at(p, 0) == NNX_NNEF_TOK_ASSIGN) {
            next(p);
            f->generic_default = type_name(p, "a type name ('integer', 'scalar', 'logical' or 'string')");
            if (!f->generic_default)
                return false;
        }
        if (!close_angle(p))
            return false;
    }
    if (!param_list(p, false, &f->params, &f->param_count) ||
        !expect(p, NNX_NNEF_TOK_ARROW, "'->' after the parameter list") ||
        !param_list(p, true, &f->results, &f->result_count))
        return false;
    if (kind_at(p, 0) == NNX_NNEF_TOK_SEMICOLON) {
        next(p);
        return true;
    }
    if (kind_at(p, 0) != NNX_NNEF_TOK_LBRACE)
        return expected(p, "'{' or ';' after the fragment declaration"), false;
    f->has_body = true;
    return body(p, &f->body, &f->body_count);
}

/* "(" <identifier> ("," <identifier>)* ")" of the graph declaration. */
static bool ident_list(parser *p, const char *noun, nnx_nnef_ident **out, uint32_t *count)
{
    char what[96];
    snprintf(what, sizeof what, "'(' to open the graph %s list", noun);
    if (!expect(p, NNX_NNEF_TOK_LPAREN, what))
        return false;
    nnx_nnef_pos at = pos_of(peek(p, 0));
    size_t mark = p->scratch_len;
    do {
        nnx_nnef_ident id = {0};
        snprintf(what, sizeof what, "a graph %s name (an identifier)", noun);
        if (!(id.name = identifier(p, what, &id.pos)) || !push(p, &id, sizeof id))
            return false;
    } while (kind_at(p, 0) == NNX_NNEF_TOK_COMMA && (next(p), true));
    snprintf(what, sizeof what, "',' or ')' in the graph %s list", noun);
    if (!expect(p, NNX_NNEF_TOK_RPAREN, what))
        return false;
    *out = pop_list(p, mark, sizeof(nnx_nnef_ident), count, at);
    return !p->failed;
}

static nnx_nnef_graph *graph(parser *p)
{
    nnx_nnef_graph *g = new_zeroed(p, sizeof *g);
    if (!g)
        return NULL;
    nnx_nnef_token kw = next(p);
    g->pos = pos_of(&kw);
    if (!(g->name = identifier(p, "a graph name (an identifier)", &g->name_pos)) ||
        !ident_list(p, "input", &g->inputs, &g->input_count) ||
        !expect(p, NNX_NNEF_TOK_ARROW, "'->' after the graph inputs") ||
        !ident_list(p, "output", &g->outputs, &g->output_count) || !body(p, &g->body, &g->body_count))
        return NULL;
    return g;
}

/* ---- the document (§3.2.4) -------------------------------------------------------------------- */

/* <version> ::= "version" <numeric-literal> ";" with MAJOR.MINOR = 1.0 (NNEF 1.0.2
 * §3.2.4, decision 8). */
static bool version(parser *p, nnx_nnef_document *doc)
{
    nnx_nnef_token kw = next(p);
    doc->version_pos = pos_of(&kw);
    const nnx_nnef_token *t = peek(p, 0);
    const char *s = p->text + t->offset;
    const char *dot = t->kind == NNX_NNEF_TOK_SCALAR ? memchr(s, '.', t->length) : NULL;
    bool plain = dot && !memchr(s, 'e', t->length) && !memchr(s, 'E', t->length);
    if (!plain)
        return expected(p, "a version number MAJOR.MINOR such as 1.0"), false;
    int64_t major, minor;
    size_t major_len = (size_t)(dot - s);
    if (!nnx_nnef_integer_value(s, major_len, &major) ||
        !nnx_nnef_integer_value(dot + 1, t->length - major_len - 1, &minor) || major != 1 || minor != 0) {
        char found[80];
        nnx_nnef_token_describe(t, p->text, found, sizeof found);
        error_at(p, pos_of(t), "expected version 1.0 (the only NNEF version supported), found %s", found);
        return false;
    }
    next(p);
    doc->has_version = true;
    doc->version_major = 1;
    doc->version_minor = 0;
    return expect(p, NNX_NNEF_TOK_SEMICOLON, "';' after the version");
}

static const struct {
    const char *name;
    nnx_nnef_extension_id id;
} known_extensions[] = {
    {"KHR_enable_fragment_definitions", NNX_NNEF_EXTENSION_FRAGMENT_DEFINITIONS},
    {"KHR_enable_operator_expressions", NNX_NNEF_EXTENSION_OPERATOR_EXPRESSIONS},
};

/* <extension> ::= "extension" <identifier>+ ";", names also accepted comma-separated. */
static bool extension(parser *p, bool strict)
{
    next(p);
    do {
        nnx_nnef_extension x = {0};
        if (!(x.name = identifier(p, "an extension name (an identifier)", &x.pos)))
            return false;
        for (size_t i = 0; i < sizeof known_extensions / sizeof known_extensions[0]; i++)
            if (strcmp(x.name, known_extensions[i].name) == 0)
                x.id = known_extensions[i].id;
        if (x.id == NNX_NNEF_EXTENSION_UNKNOWN && strict) {
            error_at(p, x.pos,
                     "expected KHR_enable_fragment_definitions or KHR_enable_operator_expressions, found unknown "
                     "extension '%.64s'",
                     x.name);
            return false;
        }
        if (x.id == NNX_NNEF_EXTENSION_FRAGMENT_DEFINITIONS)
            p->frags = true;
        if (x.id == NNX_NNEF_EXTENSION_OPERATOR_EXPRESSIONS)
            p->ops = true;
        if (!push(p, &x, sizeof x))
            return false;
        if (kind_at(p, 0) == NNX_NNEF_TOK_COMMA)
            next(p);
        else if (kind_at(p, 0) != NNX_NNEF_TOK_IDENTIFIER)
            break;
    } while (true);
    return expect(p, NNX_NNEF_TOK_SEMICOLON, "';' or another extension name");
}

/* <document> ::= <version> <extension>* <fragment-definition>* <graph-definition>; in
 * stdlib mode `[<version>] <extension>* <fragment-definition>*`. */
static bool document(parser *p, nnx_nnef_document *doc, uint32_t flags)
{
    if (kind_at(p, 0) == NNX_NNEF_TOK_KW_VERSION) {
        if (!version(p, doc))
            return false;
    } else if (!p->stdlib) {
        return expected(p, "'version' at the start of the document"), false;
    }
    size_t mark = p->scratch_len;
    while (kind_at(p, 0) == NNX_NNEF_TOK_KW_EXTENSION)
        if (!extension(p, flags & NNX_NNEF_PARSE_STRICT_EXTENSIONS))
            return false;
    doc->extensions = pop_list(p, mark, sizeof(nnx_nnef_extension), &doc->extension_count, doc->version_pos);
    doc->features = (p->frags ? NNX_NNEF_FEATURE_FRAGMENTS : 0) | (p->ops ? NNX_NNEF_FEATURE_OPERATORS : 0);
    mark = p->scratch_len;
    while (!p->failed && kind_at(p, 0) == NNX_NNEF_TOK_KW_FRAGMENT && p->frags) {
        nnx_nnef_fragment f = {0};
        if (!fragment(p, &f) || !push(p, &f, sizeof f))
            return false;
    }
    doc->fragments = pop_list(p, mark, sizeof(nnx_nnef_fragment), &doc->fragment_count, doc->version_pos);
    if (p->failed)
        return false;
    if (p->stdlib) {
        if (kind_at(p, 0) != NNX_NNEF_TOK_EOF)
            return expected(p, "'fragment' or end of input"), false;
        return true;
    }
    if (kind_at(p, 0) == NNX_NNEF_TOK_KW_FRAGMENT)
        return expected_hint(p, "'graph'", "(fragment definitions need 'extension KHR_enable_fragment_definitions;')"),
               false;
    if (kind_at(p, 0) != NNX_NNEF_TOK_KW_GRAPH)
        return expected(p, p->frags ? "'fragment' or 'graph'" : "'graph'"), false;
    if (!(doc->graph = graph(p)))
        return false;
    if (kind_at(p, 0) != NNX_NNEF_TOK_EOF)
        return expected(p, "end of input after the graph definition"), false;
    return true;
}

/* ---- entry points ---------------------------------------------------------------------------- */

/* Shared set-up: the owner (document or quant) holds alloc + arena at the given members. */
static void parser_init(parser *p, const char *text, size_t len, nnx_arena *arena, const char *filename, nnx_error *err,
                        uint32_t max_depth)
{
    memset(p, 0, sizeof *p);
    nnx_nnef_lexer_init(&p->lx, text, len);
    p->text = text;
    p->filename = filename;
    p->arena = arena;
    p->alloc = arena->alloc;
    p->err = err;
    p->status = NNX_OK;
    p->max_depth = max_depth ? max_depth : NNX_NNEF_DEFAULT_MAX_DEPTH;
}

/* Validates arguments and makes the owner object (document or quant) of size bytes, whose
 * alloc and arena members are at the given offsets. */
static void *make_owner(const char *text, size_t len, const char *filename, const nnx_alloc *alloc, void *out,
                        size_t size, size_t alloc_at, size_t arena_at, nnx_error *err, nnx_status *st)
{
    nnx_alloc a;
    if (!out || (!text && len)) {
        *st = nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "nnef parser: %s is NULL", out ? "text" : "out");
        return NULL;
    }
    if (alloc)
        a = *alloc;
    else
        nnx_alloc_init(&a, NULL);
    unsigned char *owner = nnx_mem_alloc(&a, size);
    if (!owner) {
        *st = nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "%s: error: out of memory while parsing",
                            filename ? filename : "<input>");
        return NULL;
    }
    memset(owner, 0, size);
    memcpy(owner + alloc_at, &a, sizeof a);
    nnx_arena_init((nnx_arena *)(owner + arena_at), (nnx_alloc *)(owner + alloc_at));
    *st = NNX_OK;
    return owner;
}

nnx_status nnx_nnef_parse_ex(const char *text, size_t len, const char *filename, const nnx_nnef_parse_options *options,
                             const nnx_alloc *alloc, nnx_nnef_document **out, nnx_error *err)
{
    nnx_error local;
    nnx_nnef_parse_options opts = options ? *options : (nnx_nnef_parse_options){0};
    nnx_status st;
    if (!err) {
        nnx_error_clear(&local);
        err = &local;
    }
    if (out)
        *out = NULL;
    nnx_nnef_document *doc = make_owner(text, len, filename, alloc, out, sizeof *doc,
                                        offsetof(nnx_nnef_document, alloc), offsetof(nnx_nnef_document, arena), err,
                                        &st);
    if (!doc)
        return st;
    parser p;
    parser_init(&p, text ? text : "", len, &doc->arena, filename ? filename : "<input>", err, opts.max_depth);
    p.stdlib = opts.flags & NNX_NNEF_PARSE_STDLIB;
    p.ops = p.frags = p.stdlib || (opts.flags & NNX_NNEF_PARSE_LENIENT_EXTENSIONS);
    if ((doc->filename = nnx_arena_strdup(&doc->arena, p.filename)))
        p.filename = doc->filename;
    else
        oom(&p);
    if (!p.failed)
        document(&p, doc, opts.flags);
    nnx_mem_free(p.alloc, p.scratch);
    if (p.failed) {
        nnx_nnef_document_free(doc);
        return p.status;
    }
    *out = doc;
    return NNX_OK;
}

nnx_status nnx_nnef_parse(const char *text, size_t len, const char *filename, const nnx_alloc *alloc,
                          nnx_nnef_document **out, nnx_error *err)
{
    return nnx_nnef_parse_ex(text, len, filename, NULL, alloc, out, err);
}

void nnx_nnef_document_free(nnx_nnef_document *doc)
{
    if (!doc)
        return;
    nnx_alloc a = doc->alloc;
    nnx_arena_free(&doc->arena);
    nnx_mem_free(&a, doc);
}

/* <quant-entry> ::= <string-literal> ":" <identifier> "(" [<named-arg> ("," <named-arg>)*] ")" ";" */
static bool quant_entry(parser *p, nnx_nnef_quant_entry *q)
{
    nnx_nnef_token name = next(p);
    nnx_nnef_expr *s = string_literal(p, &name);
    if (!s)
        return false;
    q->tensor = s->u.string.chars;
    q->pos = s->pos;
    if (!expect(p, NNX_NNEF_TOK_COLON, "':' after the tensor name"))
        return false;
    if (kind_at(p, 0) != NNX_NNEF_TOK_IDENTIFIER)
        return expected(p, "a quantization operation name (an identifier)"), false;
    if (kind_at(p, 1) != NNX_NNEF_TOK_LPAREN) {
        next(p);
        return expected(p, "'(' after the operation name"), false;
    }
    nnx_nnef_expr *inv = invocation(p);
    if (!inv)
        return false;
    q->op = inv->u.invocation.name;
    q->op_pos = inv->pos;
    q->args = inv->u.invocation.args;
    q->arg_count = inv->u.invocation.arg_count;
    return expect(p, NNX_NNEF_TOK_SEMICOLON, "';' after the quantization entry");
}

nnx_status nnx_nnef_parse_quant(const char *text, size_t len, const char *filename, const nnx_alloc *alloc,
                                nnx_nnef_quant **out, nnx_error *err)
{
    return nnx_nnef_parse_quant_ex(text, len, filename, 0, alloc, out, err);
}

nnx_status nnx_nnef_parse_quant_ex(const char *text, size_t len, const char *filename, uint32_t max_depth,
                                   const nnx_alloc *alloc, nnx_nnef_quant **out, nnx_error *err)
{
    nnx_error local;
    nnx_status st;
    if (!err) {
        nnx_error_clear(&local);
        err = &local;
    }
    if (out)
        *out = NULL;
    nnx_nnef_quant *q = make_owner(text, len, filename, alloc, out, sizeof *q, offsetof(nnx_nnef_quant, alloc),
                                   offsetof(nnx_nnef_quant, arena), err, &st);
    if (!q)
        return st;
    parser p;
    parser_init(&p, text ? text : "", len, &q->arena, filename ? filename : "<input>", err, max_depth);
    p.ops = p.quant = true; /* values are compile-time expressions (§5.3) */
    if ((q->filename = nnx_arena_strdup(&q->arena, p.filename)))
        p.filename = q->filename;
    else
        oom(&p);
    size_t mark = p.scratch_len;
    while (!p.failed && kind_at(&p, 0) != NNX_NNEF_TOK_EOF) {
        nnx_nnef_quant_entry e = {0};
        if (kind_at(&p, 0) != NNX_NNEF_TOK_STRING)
            expected(&p, "a tensor name (a string literal) or end of input");
        else if (quant_entry(&p, &e))
            push(&p, &e, sizeof e);
    }
    q->entries = pop_list(&p, mark, sizeof(nnx_nnef_quant_entry), &q->entry_count, (nnx_nnef_pos){1, 1});
    nnx_mem_free(p.alloc, p.scratch);
    if (p.failed) {
        nnx_nnef_quant_free(q);
        return p.status;
    }
    *out = q;
    return NNX_OK;
}

void nnx_nnef_quant_free(nnx_nnef_quant *quant)
{
    if (!quant)
        return;
    nnx_alloc a = quant->alloc;
    nnx_arena_free(&quant->arena);
    nnx_mem_free(&a, quant);
}
