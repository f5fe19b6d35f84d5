/* ast.c — small helpers over the NNEF syntax tree: operator spellings and their Table 1
 * fragment names (NNEF 1.0.2 §3.3.3), type formatting for diagnostics, and a generic
 * child visitor so later passes can walk expressions without repeating the node layout. */
#include "base/strbuf.h"
#include "formats/nnef/syntax/ast.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

const char *nnx_nnef_unary_op_symbol(nnx_nnef_unary_op op)
{
    switch (op) {
    case NNX_NNEF_UNARY_PLUS: return "+";
    case NNX_NNEF_UNARY_MINUS: return "-";
    case NNX_NNEF_UNARY_NOT: return "!";
    case NNX_NNEF_UNARY_NONE: break;
    }
    return "?";
}

const char *nnx_nnef_unary_op_fragment(nnx_nnef_unary_op op)
{
    switch (op) {
    case NNX_NNEF_UNARY_PLUS: return "copy";
    case NNX_NNEF_UNARY_MINUS: return "neg";
    case NNX_NNEF_UNARY_NOT: return "not";
    case NNX_NNEF_UNARY_NONE: break;
    }
    return NULL;
}

static const struct {
    const char *symbol, *fragment;
} binary_ops[] = {
    [NNX_NNEF_BINARY_NONE] = {"?", NULL},  [NNX_NNEF_BINARY_ADD] = {"+", "add"}, [NNX_NNEF_BINARY_SUB] = {"-", "sub"},
    [NNX_NNEF_BINARY_MUL] = {"*", "mul"},  [NNX_NNEF_BINARY_DIV] = {"/", "div"}, [NNX_NNEF_BINARY_POW] = {"^", "pow"},
    [NNX_NNEF_BINARY_LT] = {"<", "lt"},    [NNX_NNEF_BINARY_LE] = {"<=", "le"},  [NNX_NNEF_BINARY_GT] = {">", "gt"},
    [NNX_NNEF_BINARY_GE] = {">=", "ge"},   [NNX_NNEF_BINARY_EQ] = {"==", "eq"},  [NNX_NNEF_BINARY_NE] = {"!=", "ne"},
    [NNX_NNEF_BINARY_AND] = {"&&", "and"}, [NNX_NNEF_BINARY_OR] = {"||", "or"},  [NNX_NNEF_BINARY_IN] = {"in", NULL},
};

const char *nnx_nnef_binary_op_symbol(nnx_nnef_binary_op op)
{
    return (unsigned)op <= NNX_NNEF_BINARY_IN ? binary_ops[op].symbol : "?";
}

const char *nnx_nnef_binary_op_fragment(nnx_nnef_binary_op op)
{
    return (unsigned)op <= NNX_NNEF_BINARY_IN ? binary_ops[op].fragment : NULL;
}

const char *nnx_nnef_builtin_name(nnx_nnef_builtin fn)
{
    switch (fn) {
    case NNX_NNEF_BUILTIN_SHAPE_OF: return "shape_of";
    case NNX_NNEF_BUILTIN_LENGTH_OF: return "length_of";
    case NNX_NNEF_BUILTIN_RANGE_OF: return "range_of";
    case NNX_NNEF_BUILTIN_INTEGER: return "integer";
    case NNX_NNEF_BUILTIN_SCALAR: return "scalar";
    case NNX_NNEF_BUILTIN_LOGICAL: return "logical";
    case NNX_NNEF_BUILTIN_STRING: return "string";
    case NNX_NNEF_BUILTIN_NONE: break;
    }
    return "?";
}

const char *nnx_nnef_expr_kind_name(nnx_nnef_expr_kind kind)
{
    switch (kind) {
    case NNX_NNEF_EXPR_INTEGER: return "integer literal";
    case NNX_NNEF_EXPR_SCALAR: return "scalar literal";
    case NNX_NNEF_EXPR_LOGICAL: return "logical literal";
    case NNX_NNEF_EXPR_STRING: return "string literal";
    case NNX_NNEF_EXPR_IDENTIFIER: return "identifier";
    case NNX_NNEF_EXPR_ARRAY: return "array";
    case NNX_NNEF_EXPR_TUPLE: return "tuple";
    case NNX_NNEF_EXPR_UNARY: return "unary expression";
    case NNX_NNEF_EXPR_BINARY: return "binary expression";
    case NNX_NNEF_EXPR_IF_ELSE: return "if-else expression";
    case NNX_NNEF_EXPR_COMPREHENSION: return "comprehension";
    case NNX_NNEF_EXPR_SUBSCRIPT: return "subscript";
    case NNX_NNEF_EXPR_BUILTIN: return "built-in function call";
    case NNX_NNEF_EXPR_INVOCATION: return "invocation";
    case NNX_NNEF_EXPR_NONE: break;
    }
    return "expression";
}

/* Recursion is bounded by the type's height, which the parser limits. */
static void format_type(const nnx_nnef_type *t, char *buf, size_t size, size_t *n)
{
    switch (t->kind) {
    case NNX_NNEF_TYPE_INTEGER: nnx_str_put(buf, size, n, "integer"); break;
    case NNX_NNEF_TYPE_SCALAR: nnx_str_put(buf, size, n, "scalar"); break;
    case NNX_NNEF_TYPE_LOGICAL: nnx_str_put(buf, size, n, "logical"); break;
    case NNX_NNEF_TYPE_STRING: nnx_str_put(buf, size, n, "string"); break;
    case NNX_NNEF_TYPE_GENERIC: nnx_str_put(buf, size, n, "?"); break;
    case NNX_NNEF_TYPE_TENSOR:
        nnx_str_put(buf, size, n, "tensor<");
        if (t->item)
            format_type(t->item, buf, size, n);
        nnx_str_put(buf, size, n, ">");
        break;
    case NNX_NNEF_TYPE_ARRAY:
        format_type(t->item, buf, size, n);
        nnx_str_put(buf, size, n, "[]");
        break;
    case NNX_NNEF_TYPE_TUPLE:
        nnx_str_put(buf, size, n, "(");
        for (uint32_t i = 0; i < t->count; i++) {
            if (i)
                nnx_str_put(buf, size, n, ",");
            format_type(t->items[i], buf, size, n);
        }
        nnx_str_put(buf, size, n, ")");
        break;
    case NNX_NNEF_TYPE_NONE: nnx_str_put(buf, size, n, "<none>"); break;
    }
}

char *nnx_nnef_type_format(const nnx_nnef_type *type, char *buf, size_t size)
{
    size_t n = 0;
    if (size == 0)
        return buf;
    buf[0] = '\0';
    format_type(type, buf, size, &n);
    return buf;
}

static bool visit(const nnx_nnef_expr *child, bool (*fn)(const nnx_nnef_expr *, void *), void *user)
{
    return child ? fn(child, user) : true;
}

bool nnx_nnef_expr_for_each_child(const nnx_nnef_expr *e, bool (*fn)(const nnx_nnef_expr *child, void *user),
                                  void *user)
{
    switch (e->kind) {
    case NNX_NNEF_EXPR_ARRAY:
    case NNX_NNEF_EXPR_TUPLE:
        for (uint32_t i = 0; i < e->u.list.count; i++)
            if (!visit(e->u.list.items[i], fn, user))
                return false;
        return true;
    case NNX_NNEF_EXPR_UNARY: return visit(e->u.unary.operand, fn, user);
    case NNX_NNEF_EXPR_BINARY: return visit(e->u.binary.left, fn, user) && visit(e->u.binary.right, fn, user);
    case NNX_NNEF_EXPR_IF_ELSE: /* source order: then, condition, else */
        return visit(e->u.if_else.then_value, fn, user) && visit(e->u.if_else.condition, fn, user) &&
            visit(e->u.if_else.else_value, fn, user);
    case NNX_NNEF_EXPR_COMPREHENSION:
        for (uint32_t i = 0; i < e->u.comprehension.iterator_count; i++)
            if (!visit(e->u.comprehension.iterators[i].iterable, fn, user))
                return false;
        return visit(e->u.comprehension.condition, fn, user) && visit(e->u.comprehension.body, fn, user);
    case NNX_NNEF_EXPR_SUBSCRIPT:
        return visit(e->u.subscript.base, fn, user) && visit(e->u.subscript.index, fn, user) &&
            visit(e->u.subscript.begin, fn, user) && visit(e->u.subscript.end, fn, user);
    case NNX_NNEF_EXPR_BUILTIN: return visit(e->u.builtin.arg, fn, user);
    case NNX_NNEF_EXPR_INVOCATION:
        for (uint32_t i = 0; i < e->u.invocation.arg_count; i++)
            if (!visit(e->u.invocation.args[i].value, fn, user))
                return false;
        return true;
    default: return true; /* literals and identifiers have no children */
    }
}

bool nnx_nnef_type_has_tensor(const nnx_nnef_type *t)
{
    if (!t)
        return false;
    if (t->kind == NNX_NNEF_TYPE_TENSOR)
        return true;
    if (t->kind == NNX_NNEF_TYPE_ARRAY)
        return nnx_nnef_type_has_tensor(t->item);
    for (uint32_t i = 0; t->kind == NNX_NNEF_TYPE_TUPLE && i < t->count; i++)
        if (nnx_nnef_type_has_tensor(t->items[i]))
            return true;
    return false;
}

nnx_status nnx_nnef_error_at(nnx_error *err, nnx_status st, const char *file, nnx_nnef_pos pos, const char *fmt, ...)
{
    if (err->status != NNX_OK)
        return err->status;
    char why[NNX_ERROR_MESSAGE_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    return nnx_error_set(err, st, "%s:%u:%u: error: %s", file ? file : "graph.nnef", pos.line, pos.col, why);
}
