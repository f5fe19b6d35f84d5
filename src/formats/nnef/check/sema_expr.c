/* sema_expr.c — the type of every expression (NNEF 1.0.2 §3.3.3): literals,
 * arrays and tuples, the built-in operators of Table 1 (tensor operands become invocations
 * of the mapped fragment), if-else, comprehensions, subscripts and built-in functions.
 * Recursion follows the expression tree, whose height the parser bounds. */
#define NNX_NNEF_SEMA_INTERNAL
#include "formats/nnef/check/sema.h"

#include <string.h>

#include "formats/nnef/syntax/lexer.h"

#define TY(k) nnx_nnef_ty_primitive(NNX_NNEF_TY_##k)

static bool is(const sema_val *v, nnx_nnef_ty_kind k) { return v->ty->kind == k; }
static bool numeric(const sema_val *v) { return is(v, NNX_NNEF_TY_INTEGER) || is(v, NNX_NNEF_TY_SCALAR); }

static nnx_status set(sema_val *out, const nnx_nnef_ty *ty, int64_t len)
{
    out->ty = ty;
    out->len = len;
    return NNX_OK;
}

/* ---- arrays and tuples (§3.3.3 "Arrays", "Tuples") ----------------------------------------- */

/* Items must share a common type (row 29); [] has the empty-array type. */
static nnx_status array_expr(sema *s, const nnx_nnef_expr *e, sema_val *out)
{
    uint32_t n = e->u.list.count;
    if (n == 0)
        return set(out, nnx_nnef_ty_empty_array(), 0);
    const nnx_nnef_ty *common = NULL;
    for (uint32_t i = 0; i < n; i++) {
        sema_val v;
        nnx_status st = sema_expr(s, e->u.list.items[i], &v);
        if (st != NNX_OK)
            return st;
        const nnx_nnef_ty *c = common ? nnx_nnef_ty_common(common, v.ty) : v.ty;
        if (!c) {
            return sema_fail(s, e->u.list.items[i]->pos, "array items have no common type: %s and %s",
                             sema_ty(s, 0, common), sema_ty(s, 1, v.ty));
        }
        common = c;
    }
    out->len = n;
    return sema_array_of(s, e->pos, common, &out->ty);
}

static nnx_status tuple_expr(sema *s, const nnx_nnef_expr *e, sema_val *out)
{
    uint32_t n = e->u.list.count;
    const nnx_nnef_ty **items = nnx_arena_array(&s->arena, n, sizeof *items);
    if (!items)
        return sema_oom(s);
    for (uint32_t i = 0; i < n; i++) {
        sema_val v;
        nnx_status st = sema_expr(s, e->u.list.items[i], &v);
        if (st != NNX_OK)
            return st;
        items[i] = v.ty;
    }
    out->len = -1;
    return sema_tuple_of(s, e->pos, items, n, &out->ty);
}

/* ---- operators (Table 1) ---------------------------------------------------------------------- */

static nnx_status unary_expr(sema *s, const nnx_nnef_expr *e, sema_val *out)
{
    nnx_nnef_unary_op op = e->u.unary.op;
    sema_val v;
    nnx_status st = sema_expr(s, e->u.unary.operand, &v);
    if (st != NNX_OK)
        return st;
    const nnx_nnef_expr *operand = e->u.unary.operand;
    if (is(&v, NNX_NNEF_TY_TENSOR))
        return sema_operator_call(s, nnx_nnef_unary_op_fragment(op), nnx_nnef_unary_op_symbol(op), e->pos, &operand, &v,
                                  1, out);
    if (op == NNX_NNEF_UNARY_NOT ? is(&v, NNX_NNEF_TY_LOGICAL) : numeric(&v))
        return set(out, v.ty, -1);
    return sema_fail(s, e->pos, "operator '%s' is not defined for an operand of type %s", nnx_nnef_unary_op_symbol(op),
                     sema_ty(s, 0, v.ty));
}

/* `array * n` repeats: the length is known when both are. */
static int64_t repeat_len(const sema_val *l, const nnx_nnef_expr *count)
{
    if (l->len < 0 || count->kind != NNX_NNEF_EXPR_INTEGER || count->u.integer < 0)
        return -1;
    int64_t n;
    return __builtin_mul_overflow(l->len, count->u.integer, &n) ? -1 : n;
}

/* The attribute (non-tensor) cases of Table 1 and §3.3.3; NULL type when undefined. */
static void attribute_op(nnx_nnef_binary_op op, const sema_val *l, const sema_val *r, const nnx_nnef_expr *re,
                         sema_val *out)
{
    bool same_numeric = numeric(l) && l->ty->kind == r->ty->kind;
    out->ty = NULL;
    out->len = -1;
    switch (op) {
    case NNX_NNEF_BINARY_ADD:
        if (same_numeric || (is(l, NNX_NNEF_TY_STRING) && is(r, NNX_NNEF_TY_STRING)))
            out->ty = l->ty;
        else if (nnx_nnef_ty_is_array(l->ty) && nnx_nnef_ty_is_array(r->ty) &&
                 (out->ty = nnx_nnef_ty_common(l->ty, r->ty)))
            out->len = l->len >= 0 && r->len >= 0 ? l->len + r->len : -1;
        return;
    case NNX_NNEF_BINARY_MUL:
        if (same_numeric || (is(l, NNX_NNEF_TY_STRING) && is(r, NNX_NNEF_TY_INTEGER)))
            out->ty = l->ty;
        else if (nnx_nnef_ty_is_array(l->ty) && is(r, NNX_NNEF_TY_INTEGER))
            out->ty = l->ty, out->len = repeat_len(l, re);
        return;
    case NNX_NNEF_BINARY_SUB:
    case NNX_NNEF_BINARY_DIV:
    case NNX_NNEF_BINARY_POW: out->ty = same_numeric ? l->ty : NULL; return;
    case NNX_NNEF_BINARY_LT:
    case NNX_NNEF_BINARY_LE:
    case NNX_NNEF_BINARY_GT:
    case NNX_NNEF_BINARY_GE: out->ty = same_numeric ? TY(LOGICAL) : NULL; return;
    case NNX_NNEF_BINARY_AND:
    case NNX_NNEF_BINARY_OR:
        out->ty = is(l, NNX_NNEF_TY_LOGICAL) && is(r, NNX_NNEF_TY_LOGICAL) ? TY(LOGICAL) : NULL;
        return;
    default: return;
    }
}

static nnx_status binary_mismatch(sema *s, const nnx_nnef_expr *e, const sema_val *l, const sema_val *r)
{
    const char *sym = nnx_nnef_binary_op_symbol(e->u.binary.op);
    const char *a = sema_ty(s, 0, l->ty), *b = sema_ty(s, 1, r->ty);
    nnx_nnef_binary_op op = e->u.binary.op;
    if (op == NNX_NNEF_BINARY_EQ || op == NNX_NNEF_BINARY_NE)
        return sema_fail(s, e->op_pos, "operator '%s' needs two operands of the same primitive type, found %s and %s",
                         sym, a, b);
    if (numeric(l) && numeric(r))
        return sema_fail(s, e->op_pos,
                         "operator '%s' is not defined for operands of type %s and %s (integers are not converted to "
                         "scalars implicitly)",
                         sym, a, b);
    return sema_fail(s, e->op_pos, "operator '%s' is not defined for operands of type %s and %s", sym, a, b);
}

/* `item in array`: attribute values only, deep comparison (§3.3.3). */
static nnx_status in_expr(sema *s, const nnx_nnef_expr *e, const sema_val *l, const sema_val *r, sema_val *out)
{
    if (nnx_nnef_ty_has_tensor(l->ty) || nnx_nnef_ty_has_tensor(r->ty))
        return sema_fail(s, e->op_pos, "operator 'in' applies to attribute values, not to tensors");
    if (!nnx_nnef_ty_is_array(r->ty))
        return sema_fail(s, e->u.binary.right->pos, "operator 'in' needs an array on its right, found %s",
                         sema_ty(s, 0, r->ty));
    if (is(r, NNX_NNEF_TY_ARRAY) && !nnx_nnef_ty_common(l->ty, r->ty->item))
        return sema_fail(s, e->op_pos, "operator 'in' cannot look for %s in an array of %s", sema_ty(s, 0, l->ty),
                         sema_ty(s, 1, r->ty->item));
    return set(out, TY(LOGICAL), -1);
}

static nnx_status binary_expr(sema *s, const nnx_nnef_expr *e, sema_val *out)
{
    nnx_nnef_binary_op op = e->u.binary.op;
    bool lazy = op == NNX_NNEF_BINARY_AND || op == NNX_NNEF_BINARY_OR; /* NNEF 1.0.2 §3.3.3, decision 30 */
    sema_val v[2];
    nnx_status st = sema_expr(s, e->u.binary.left, &v[0]);
    if (st != NNX_OK)
        return st;
    s->lazy += lazy;
    st = sema_expr(s, e->u.binary.right, &v[1]);
    s->lazy -= lazy;
    if (st != NNX_OK)
        return st;
    if (op == NNX_NNEF_BINARY_IN)
        return in_expr(s, e, &v[0], &v[1], out);
    if (is(&v[0], NNX_NNEF_TY_TENSOR) || is(&v[1], NNX_NNEF_TY_TENSOR)) {
        const nnx_nnef_expr *operands[2] = {e->u.binary.left, e->u.binary.right};
        return sema_operator_call(s, nnx_nnef_binary_op_fragment(op), nnx_nnef_binary_op_symbol(op), e->op_pos,
                                  operands, v, 2, out);
    }
    if (op == NNX_NNEF_BINARY_EQ || op == NNX_NNEF_BINARY_NE) {
        if (nnx_nnef_ty_is_primitive(v[0].ty) && v[0].ty->kind == v[1].ty->kind)
            return set(out, TY(LOGICAL), -1);
        return binary_mismatch(s, e, &v[0], &v[1]);
    }
    attribute_op(op, &v[0], &v[1], e->u.binary.right, out);
    return out->ty ? NNX_OK : binary_mismatch(s, e, &v[0], &v[1]);
}

/* ---- if-else and comprehensions (§3.3.3 "Compile-time Branching / Looping") ----------------- */

static nnx_status if_else_expr(sema *s, const nnx_nnef_expr *e, sema_val *out)
{
    sema_val t, c, f;
    s->lazy++; /* source order: then, condition, else; only the branches are lazy */
    nnx_status st = sema_expr(s, e->u.if_else.then_value, &t);
    s->lazy--;
    if (st == NNX_OK && (st = sema_expr(s, e->u.if_else.condition, &c)) == NNX_OK && !is(&c, NNX_NNEF_TY_LOGICAL))
        return sema_fail(s, e->u.if_else.condition->pos,
                         "the condition of an if-else expression must be logical, found %s", sema_ty(s, 0, c.ty));
    s->lazy++;
    if (st == NNX_OK)
        st = sema_expr(s, e->u.if_else.else_value, &f);
    s->lazy--;
    if (st != NNX_OK)
        return st;
    const nnx_nnef_ty *common = nnx_nnef_ty_common(t.ty, f.ty);
    if (!common)
        return sema_fail(s, e->u.if_else.else_value->pos,
                         "the branches of an if-else expression have no common type: %s and %s", sema_ty(s, 0, t.ty),
                         sema_ty(s, 1, f.ty));
    return set(out, common, t.len == f.len ? t.len : -1);
}

/* Each iterable is an array of items with a type; iterated arrays have equal lengths
 * (checked when both are known statically and the expression is evaluated eagerly). */
static nnx_status check_iterables(sema *s, const nnx_nnef_expr *e, sema_iter *its, int64_t *len)
{
    const nnx_nnef_iterator *first_known = NULL;
    *len = -1;
    for (uint32_t i = 0; i < e->u.comprehension.iterator_count; i++) {
        const nnx_nnef_iterator *it = &e->u.comprehension.iterators[i];
        sema_val v;
        nnx_status st = sema_expr(s, it->iterable, &v);
        if (st != NNX_OK)
            return st;
        if (!is(&v, NNX_NNEF_TY_ARRAY))
            return sema_fail(s, it->iterable->pos,
                             "loop iterator '%s' must iterate over an array with typed items, found %s", it->name,
                             sema_ty(s, 0, v.ty));
        for (uint32_t j = 0; j < i; j++)
            if (strcmp(its[j].name, it->name) == 0)
                return sema_fail(s, it->pos, "loop iterator '%s' is declared twice in this comprehension", it->name);
        its[i] = (sema_iter){it->name, {v.ty->item, -1}};
        if (v.len < 0 || s->lazy)
            continue;
        if (first_known && v.len != *len)
            return sema_fail(
                s, it->iterable->pos,
                "the iterated arrays of a comprehension must have the same length: '%s' has %lld items, '%s' has %lld",
                first_known->name, (long long)*len, it->name, (long long)v.len);
        first_known = it;
        *len = v.len;
    }
    return NNX_OK;
}

static nnx_status push_iterators(sema *s, const sema_iter *its, uint32_t n)
{
    if (!nnx_mem_reserve(s->alloc, (void **)&s->iters, &s->cap_iters, s->n_iters + n, sizeof *s->iters))
        return sema_oom(s);
    memcpy(s->iters + s->n_iters, its, n * sizeof *its);
    s->n_iters += n;
    return NNX_OK;
}

static nnx_status comprehension_expr(sema *s, const nnx_nnef_expr *e, sema_val *out)
{
    uint32_t n = e->u.comprehension.iterator_count, base = s->n_iters;
    sema_iter *its = nnx_arena_array(&s->arena, n, sizeof *its);
    int64_t len;
    if (!its)
        return sema_oom(s);
    nnx_status st = check_iterables(s, e, its, &len);
    if (st == NNX_OK)
        st = push_iterators(s, its, n);
    const nnx_nnef_expr *cond = e->u.comprehension.condition;
    sema_val c, body;
    if (st == NNX_OK && cond && (st = sema_expr(s, cond, &c)) == NNX_OK && !is(&c, NNX_NNEF_TY_LOGICAL)) {
        st = sema_fail(s, cond->pos, "the condition of a comprehension must be logical, found %s", sema_ty(s, 0, c.ty));
    }
    if (st == NNX_OK)
        st = sema_expr(s, e->u.comprehension.body, &body);
    s->n_iters = base;
    if (st != NNX_OK)
        return st;
    out->len = cond ? -1 : len;
    return sema_array_of(s, e->pos, body.ty, &out->ty);
}

/* ---- subscripts (§3.3.3) ------------------------------------------------------------------------- */

/* Tuple items: the subscript is an integer literal within the tuple (row 32). */
static nnx_status tuple_subscript(sema *s, const nnx_nnef_expr *e, const nnx_nnef_ty *tuple, sema_val *out)
{
    const nnx_nnef_expr *index = e->u.subscript.index;
    if (e->u.subscript.is_range)
        return sema_fail(s, e->op_pos, "a tuple cannot be subscripted with a range, only with an integer literal");
    if (index->kind != NNX_NNEF_EXPR_INTEGER)
        return sema_fail(s, index->pos, "a tuple subscript must be an integer literal, not an expression");
    if (index->u.integer < 0 || index->u.integer >= tuple->count)
        return sema_fail(s, index->pos, "tuple index %lld is out of range: the tuple has %u items",
                         (long long)index->u.integer, tuple->count);
    return set(out, tuple->items[index->u.integer], -1);
}

static nnx_status integer_operand(sema *s, const nnx_nnef_expr *x, const char *what)
{
    sema_val v;
    nnx_status st = x ? sema_expr(s, x, &v) : NNX_OK;
    if (st != NNX_OK || !x || is(&v, NNX_NNEF_TY_INTEGER))
        return st;
    return sema_fail(s, x->pos, "%s must be an integer, found %s", what, sema_ty(s, 0, v.ty));
}

/* Arrays and strings: an integer index gives an item (a one-character string), a range of
 * integers gives the same type (rows 31). */
static nnx_status sequence_subscript(sema *s, const nnx_nnef_expr *e, const sema_val *base, sema_val *out)
{
    nnx_status st;
    if (e->u.subscript.is_range) {
        if ((st = integer_operand(s, e->u.subscript.begin, "a subscript range bound")) != NNX_OK ||
            (st = integer_operand(s, e->u.subscript.end, "a subscript range bound")) != NNX_OK)
            return st;
        return set(out, base->ty, is(base, NNX_NNEF_TY_EMPTY_ARRAY) ? 0 : -1);
    }
    if ((st = integer_operand(s, e->u.subscript.index, "an index")) != NNX_OK)
        return st;
    if (is(base, NNX_NNEF_TY_EMPTY_ARRAY))
        return sema_fail(s, e->op_pos, "the empty array [] has no item to index");
    return set(out, is(base, NNX_NNEF_TY_STRING) ? base->ty : base->ty->item, -1);
}

static nnx_status subscript_expr(sema *s, const nnx_nnef_expr *e, sema_val *out)
{
    sema_val b;
    nnx_status st = sema_expr(s, e->u.subscript.base, &b);
    if (st != NNX_OK)
        return st;
    if (is(&b, NNX_NNEF_TY_TUPLE))
        return tuple_subscript(s, e, b.ty, out);
    if (nnx_nnef_ty_is_array(b.ty) || is(&b, NNX_NNEF_TY_STRING))
        return sequence_subscript(s, e, &b, out);
    return sema_fail(s, e->op_pos, "a value of type %s cannot be subscripted (only arrays, tuples and strings can)",
                     sema_ty(s, 0, b.ty));
}

/* ---- built-in functions (§3.3.3) ----------------------------------------------------------------- */

/* Whether a literal string is a numeric literal as §3.1 spells it (after an optional '-'),
 * and, for integer(), one without '.' or exponent that fits int64. */
static bool numeric_string(sema *s, const char *str, size_t n, bool integer)
{
    size_t i = str[0] == '-' ? 1 : 0, digits = i;
    while (i < n && str[i] >= '0' && str[i] <= '9')
        i++;
    if (i == digits)
        return false;
    if (integer) {
        int64_t v;
        return i == n && nnx_nnef_integer_value(str + digits, n - digits, &v);
    }
    if (i < n && str[i] == '.') {
        size_t start = ++i;
        while (i < n && str[i] >= '0' && str[i] <= '9')
            i++;
        if (i == start)
            return false;
    }
    if (i < n && (str[i] == 'e' || str[i] == 'E')) {
        i += i + 1 < n && (str[i + 1] == '+' || str[i + 1] == '-') ? 2 : 1;
        size_t start = i;
        while (i < n && str[i] >= '0' && str[i] <= '9')
            i++;
        if (i == start)
            return false;
    }
    if (i != n)
        return false;
    char *buf = nnx_arena_alloc(&s->arena, n + 1);
    double v;
    if (!buf)
        return sema_oom(s), false;
    return nnx_nnef_scalar_value(str + digits, n - digits, buf, &v);
}

/* Row 34: integer('x') / scalar('x') with a literal string that is no number. */
static nnx_status cast_string(sema *s, nnx_nnef_builtin fn, const nnx_nnef_expr *arg)
{
    bool integer = fn == NNX_NNEF_BUILTIN_INTEGER;
    if ((!integer && fn != NNX_NNEF_BUILTIN_SCALAR) || arg->kind != NNX_NNEF_EXPR_STRING || s->lazy)
        return NNX_OK;
    if (numeric_string(s, arg->u.string.chars, arg->u.string.length, integer))
        return NNX_OK;
    if (s->status != NNX_OK)
        return s->status;
    return sema_fail(s, arg->pos, "'%.64s' is not a valid %s literal, so %s() cannot convert it", arg->u.string.chars,
                     integer ? "integer" : "scalar", integer ? "integer" : "scalar");
}

/* Which argument kinds each cast accepts (§3.3.3 plus the identity, decision in sema.h). */
static bool cast_accepts(nnx_nnef_builtin fn, nnx_nnef_ty_kind k)
{
    switch (fn) {
    case NNX_NNEF_BUILTIN_STRING: return k >= NNX_NNEF_TY_INTEGER && k <= NNX_NNEF_TY_GENERIC;
    case NNX_NNEF_BUILTIN_INTEGER:
    case NNX_NNEF_BUILTIN_SCALAR:
    case NNX_NNEF_BUILTIN_LOGICAL: return k >= NNX_NNEF_TY_INTEGER && k <= NNX_NNEF_TY_STRING;
    default: return false;
    }
}

static const nnx_nnef_ty *cast_result(nnx_nnef_builtin fn)
{
    switch (fn) {
    case NNX_NNEF_BUILTIN_INTEGER: return TY(INTEGER);
    case NNX_NNEF_BUILTIN_SCALAR: return TY(SCALAR);
    case NNX_NNEF_BUILTIN_LOGICAL: return TY(LOGICAL);
    default: return TY(STRING);
    }
}

static nnx_status builtin_expr(sema *s, const nnx_nnef_expr *e, sema_val *out)
{
    nnx_nnef_builtin fn = e->u.builtin.fn;
    const nnx_nnef_expr *arg = e->u.builtin.arg;
    const char *name = nnx_nnef_builtin_name(fn);
    sema_val v;
    nnx_status st = sema_expr(s, arg, &v);
    if (st != NNX_OK)
        return st;
    bool sequence = nnx_nnef_ty_is_array(v.ty) || is(&v, NNX_NNEF_TY_STRING);
    switch (fn) {
    case NNX_NNEF_BUILTIN_SHAPE_OF: /* deprecated; the flattener rejects it (NNEF decision 48) */
        if (is(&v, NNX_NNEF_TY_TENSOR) || nnx_nnef_ty_is_primitive(v.ty))
            return sema_array_of(s, e->pos, TY(INTEGER), &out->ty);
        break;
    case NNX_NNEF_BUILTIN_LENGTH_OF:
        if (sequence)
            return set(out, TY(INTEGER), -1);
        break;
    case NNX_NNEF_BUILTIN_RANGE_OF:
        if (sequence) {
            out->len = is(&v, NNX_NNEF_TY_STRING) ? -1 : v.len;
            return sema_array_of(s, e->pos, TY(INTEGER), &out->ty);
        }
        break;
    default:
        if (cast_accepts(fn, v.ty->kind)) {
            set(out, cast_result(fn), -1);
            return cast_string(s, fn, arg);
        }
        break;
    }
    return sema_fail(s, arg->pos, "%s() is not defined for an argument of type %s", name, sema_ty(s, 0, v.ty));
}

/* ---- dispatch ---------------------------------------------------------------------------------------- */

nnx_status sema_expr(sema *s, const nnx_nnef_expr *e, sema_val *out)
{
    const nnx_nnef_entry *entry;
    out->ty = NULL;
    out->len = -1;
    switch (e->kind) {
    case NNX_NNEF_EXPR_INTEGER: return set(out, TY(INTEGER), -1);
    case NNX_NNEF_EXPR_SCALAR: return set(out, TY(SCALAR), -1);
    case NNX_NNEF_EXPR_LOGICAL: return set(out, TY(LOGICAL), -1);
    case NNX_NNEF_EXPR_STRING: return set(out, TY(STRING), -1);
    case NNX_NNEF_EXPR_IDENTIFIER: return sema_identifier(s, e, out);
    case NNX_NNEF_EXPR_ARRAY: return array_expr(s, e, out);
    case NNX_NNEF_EXPR_TUPLE: return tuple_expr(s, e, out);
    case NNX_NNEF_EXPR_UNARY: return unary_expr(s, e, out);
    case NNX_NNEF_EXPR_BINARY: return binary_expr(s, e, out);
    case NNX_NNEF_EXPR_IF_ELSE: return if_else_expr(s, e, out);
    case NNX_NNEF_EXPR_COMPREHENSION: return comprehension_expr(s, e, out);
    case NNX_NNEF_EXPR_SUBSCRIPT: return subscript_expr(s, e, out);
    case NNX_NNEF_EXPR_BUILTIN: return builtin_expr(s, e, out);
    case NNX_NNEF_EXPR_INVOCATION: return sema_invocation(s, e, false, out, &entry);
    case NNX_NNEF_EXPR_NONE: break;
    }
    return sema_fail(s, e->pos, "unexpected %s", nnx_nnef_expr_kind_name(e->kind));
}
