/* sema_idents.c — identifiers and assignments (NNEF 1.0.2 §3.3.2 "Assignments", "Identifier
 * Usage", §3.3.4; A1-A3, U1-U12): symbols of a body, define-before-use,
 * single assignment, unpacking into array and tuple left-hand sides, and the graph-only
 * rules for external, variable (labels) and update. */
#define NNX_NNEF_SEMA_INTERNAL
#include "formats/nnef/check/sema.h"

#include <stdio.h>
#include <string.h>

/* A variable label seen in the graph (U12). */
typedef struct sema_label {
    nnx_nnef_pos pos;
    const nnx_nnef_expr *shape; /* an array of integer literals, or NULL */
} sema_label;

/* ---- symbols --------------------------------------------------------------------------------- */

nnx_status sema_declare(sema *s, const char *name, nnx_nnef_pos pos, sema_sym_kind kind, const nnx_nnef_ty *ty,
                        sema_sym **out)
{
    sema_sym *sym = nnx_arena_alloc(&s->arena, sizeof *sym);
    void *old = NULL;
    if (!sym || !sema_map_put(s, &s->scope, name, sym, &old))
        return sema_oom(s);
    *sym = (sema_sym){
        .name = name, .kind = kind, .pos = pos, .defined = kind == SEMA_SYM_PARAM, .def_pos = pos, .val = {ty, -1}};
    *out = old ? old : sym;
    return NNX_OK;
}

/* Records every left-hand side identifier before the body runs, so a use before the
 * assignment can say where the assignment is (U6). */
static nnx_status note_lvalue(sema *s, const nnx_nnef_expr *lv)
{
    if (lv->kind != NNX_NNEF_EXPR_IDENTIFIER) {
        for (uint32_t i = 0; i < lv->u.list.count; i++) {
            nnx_status st = note_lvalue(s, lv->u.list.items[i]);
            if (st != NNX_OK)
                return st;
        }
        return NNX_OK;
    }
    sema_sym *sym = sema_map_get(&s->scope, lv->u.identifier);
    if (!sym) {
        nnx_status st = sema_declare(s, lv->u.identifier, lv->pos, SEMA_SYM_LOCAL, NULL, &sym);
        if (st != NNX_OK)
            return st;
    }
    if (!sym->has_lhs) {
        sym->has_lhs = true;
        sym->lhs_pos = lv->pos;
    }
    return NNX_OK;
}

nnx_status sema_open_body(sema *s, const nnx_nnef_assignment *body, uint32_t count)
{
    for (uint32_t i = 0; i < count; i++) {
        nnx_status st = note_lvalue(s, body[i].lvalue);
        if (st != NNX_OK)
            return st;
    }
    return NNX_OK;
}

/* The innermost loop iterator called name, or NULL. */
static const sema_iter *find_iterator(const sema *s, const char *name)
{
    for (uint32_t i = s->n_iters; i-- > 0;)
        if (strcmp(s->iters[i].name, name) == 0)
            return &s->iters[i];
    return NULL;
}

/* The symbol a name denotes here, NULL when a loop iterator shadows it or it is unknown. */
static sema_sym *lookup(sema *s, const char *name)
{
    return find_iterator(s, name) ? NULL : sema_map_get(&s->scope, name);
}

/* U6: a use needs an earlier assignment (or a parameter); iterators shadow outer names. */
nnx_status sema_identifier(sema *s, const nnx_nnef_expr *e, sema_val *out)
{
    const char *name = e->u.identifier;
    const sema_iter *it = find_iterator(s, name);
    if (it) {
        *out = it->val;
        return NNX_OK;
    }
    const sema_sym *sym = sema_map_get(&s->scope, name);
    if (!sym)
        return sema_fail(s, e->pos, "undefined identifier '%s'", name);
    if (sym->defined) {
        *out = sym->val;
        return NNX_OK;
    }
    if (sym->has_lhs)
        return sema_fail(s, e->pos, "'%s' is used before it is assigned (at line %u)", name, sym->lhs_pos.line);
    if (sym->kind == SEMA_SYM_INPUT)
        return sema_fail(s, e->pos, "graph parameter '%s' is used but never defined by 'external'", name);
    return sema_fail(s, e->pos, "'%s' is used but never assigned", name);
}

/* ---- assignments --------------------------------------------------------------------------------- */

static bool is_standard(const nnx_nnef_entry *entry, const char *name)
{
    return entry && entry->standard && strcmp(entry->fragment->name, name) == 0;
}

/* Graph body: U8 (single tensors only), U2 / U4 (graph parameters <-> external). */
static nnx_status graph_identifier(sema *s, const nnx_nnef_expr *lv, sema_sym *sym, const sema_val *val,
                                   const nnx_nnef_entry *entry)
{
    const char *name = lv->u.identifier;
    if (val->ty->kind != NNX_NNEF_TY_TENSOR)
        return sema_fail(s, lv->pos, "'%s' has type %s: identifiers in the graph body must be single tensors", name,
                         sema_ty(s, 0, val->ty));
    bool top = lv == s->stmt->lvalue;
    bool external = top && is_standard(entry, "external");
    if (sym->kind == SEMA_SYM_INPUT && !external)
        return sema_fail(s, lv->pos, "graph parameter '%s' must be defined by 'external'%s%s%s", name,
                         top && entry ? ", not by '" : "", top && entry ? entry->fragment->name : "",
                         top && entry ? "'" : "");
    if (sym->kind != SEMA_SYM_INPUT && external)
        return sema_fail(s, lv->pos, "'%s' is defined by 'external' but is not a parameter of graph '%s'", name,
                         s->doc->graph->name);
    sym->variable = top && is_standard(entry, "variable");
    return NNX_OK;
}

/* U1, U5, U7 and the type agreement of a result; then the graph rules. */
static nnx_status assign_identifier(sema *s, const nnx_nnef_expr *lv, const sema_val *val, const nnx_nnef_entry *entry)
{
    const char *name = lv->u.identifier;
    sema_sym *sym = sema_map_get(&s->scope, name);
    if (sym->kind == SEMA_SYM_PARAM)
        return sema_fail(s, lv->pos,
                         "cannot assign to '%s': it is a parameter of fragment '%s', and parameters are read-only",
                         name, s->frag->name);
    if (sym->defined)
        return sema_fail(s, lv->pos, "'%s' is assigned twice (first at line %u): an identifier is assigned only once",
                         name, sym->def_pos.line);
    if (sym->kind == SEMA_SYM_RESULT && !nnx_nnef_ty_castable(val->ty, sym->val.ty))
        return sema_fail(s, lv->pos, "cannot assign a value of type %s to result '%s' of type %s",
                         sema_ty(s, 0, val->ty), name, sema_ty(s, 1, sym->val.ty));
    nnx_status st = s->frag ? NNX_OK : graph_identifier(s, lv, sym, val, entry);
    if (st != NNX_OK)
        return st;
    if (sym->kind != SEMA_SYM_RESULT)
        sym->val = *val;
    sym->defined = true;
    sym->def_pos = lv->pos;
    return NNX_OK;
}

static nnx_status bind(sema *s, const nnx_nnef_expr *lv, const sema_val *val, const nnx_nnef_entry *entry);

/* A2: an invocation's array result goes to an array of identifiers, its several results
 * to a tuple, so the lengths are known without running the operation (§3.3.2). */
static nnx_status check_structure(sema *s, const nnx_nnef_expr *lv, const sema_val *val, const nnx_nnef_entry *entry)
{
    const char *name = entry->fragment->name, *id = lv->u.identifier;
    if (val->ty->kind == NNX_NNEF_TY_ARRAY)
        return sema_fail(s, lv->pos,
                         "'%s' receives an array of tensors from '%s': the left-hand side must be an array of "
                         "identifiers, as in [a, b]",
                         id, name);
    if (val->ty->kind == NNX_NNEF_TY_TUPLE)
        return sema_fail(s, lv->pos,
                         "'%s' receives %u results from '%s': the left-hand side must be a tuple of %u identifiers", id,
                         val->ty->count, name, val->ty->count);
    return NNX_OK;
}

/* A3 for arrays: a statically known length must equal the identifier count. */
static nnx_status bind_array(sema *s, const nnx_nnef_expr *lv, const sema_val *val, const nnx_nnef_entry *entry)
{
    uint32_t n = lv->u.list.count;
    if (!nnx_nnef_ty_is_array(val->ty))
        return sema_fail(s, lv->pos, "cannot unpack a value of type %s into an array of identifiers",
                         sema_ty(s, 0, val->ty));
    if (val->len >= 0 && val->len != n)
        return sema_fail(s, lv->pos, "cannot unpack an array of %lld items into %u identifiers", (long long)val->len,
                         n);
    if (n == 0)
        return NNX_OK;
    if (val->ty->kind == NNX_NNEF_TY_EMPTY_ARRAY)
        return sema_fail(s, lv->pos, "cannot unpack the empty array [] into %u identifiers", n);
    sema_val item = {val->ty->item, -1};
    for (uint32_t i = 0; i < n; i++) {
        nnx_status st = bind(s, lv->u.list.items[i], &item, entry);
        if (st != NNX_OK)
            return st;
    }
    return NNX_OK;
}

/* A3 for tuples: the same number of items. */
static nnx_status bind_tuple(sema *s, const nnx_nnef_expr *lv, const sema_val *val, const nnx_nnef_entry *entry)
{
    uint32_t n = lv->u.list.count;
    if (val->ty->kind != NNX_NNEF_TY_TUPLE)
        return sema_fail(s, lv->pos, "cannot unpack a value of type %s into a tuple of identifiers",
                         sema_ty(s, 0, val->ty));
    if (val->ty->count != n)
        return sema_fail(s, lv->pos, "cannot unpack a tuple of %u items into %u identifiers", val->ty->count, n);
    for (uint32_t i = 0; i < n; i++) {
        sema_val item = {val->ty->items[i], -1};
        nnx_status st = bind(s, lv->u.list.items[i], &item, entry);
        if (st != NNX_OK)
            return st;
    }
    return NNX_OK;
}

/* Unpacks val into the left-hand side lv (A1 is the grammar's). entry: the operation when
 * the right-hand side is an invocation, else NULL. Recursion follows lv's height. */
static nnx_status bind(sema *s, const nnx_nnef_expr *lv, const sema_val *val, const nnx_nnef_entry *entry)
{
    nnx_status st;
    switch (lv->kind) {
    case NNX_NNEF_EXPR_IDENTIFIER:
        if (entry && (st = check_structure(s, lv, val, entry)) != NNX_OK)
            return st;
        return assign_identifier(s, lv, val, entry);
    case NNX_NNEF_EXPR_ARRAY: return bind_array(s, lv, val, entry);
    case NNX_NNEF_EXPR_TUPLE: return bind_tuple(s, lv, val, entry);
    default: return sema_fail(s, lv->pos, "a left-hand side holds identifiers, arrays and tuples only");
    }
}

nnx_status sema_assignment(sema *s, const nnx_nnef_assignment *a)
{
    const nnx_nnef_entry *entry = NULL;
    sema_val val;
    s->stmt = a;
    nnx_status st = a->rvalue->kind == NNX_NNEF_EXPR_INVOCATION ? sema_invocation(s, a->rvalue, true, &val, &entry)
                                                                : sema_expr(s, a->rvalue, &val);
    return st == NNX_OK ? bind(s, a->lvalue, &val, entry) : st;
}

/* ---- graph-only operations ------------------------------------------------------------------------ */

static bool label_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' ||
        c == '.' || c == '/' || c == '\\';
}

static bool literal_shape(const nnx_nnef_expr *e)
{
    if (!e || e->kind != NNX_NNEF_EXPR_ARRAY)
        return false;
    for (uint32_t i = 0; i < e->u.list.count; i++)
        if (e->u.list.items[i]->kind != NNX_NNEF_EXPR_INTEGER)
            return false;
    return true;
}

static bool same_shape(const nnx_nnef_expr *a, const nnx_nnef_expr *b)
{
    if (a->u.list.count != b->u.list.count)
        return false;
    for (uint32_t i = 0; i < a->u.list.count; i++)
        if (a->u.list.items[i]->u.integer != b->u.list.items[i]->u.integer)
            return false;
    return true;
}

static const char *format_shape(const nnx_nnef_expr *e, char *buf, size_t size)
{
    size_t n = 0;
    for (uint32_t i = 0; i <= e->u.list.count && n < size; i++) {
        int w = i == e->u.list.count
            ? snprintf(buf + n, size - n, "%s]", i ? "" : "[")
            : snprintf(buf + n, size - n, "%s%lld", i ? "," : "[", (long long)e->u.list.items[i]->u.integer);
        if (w < 0)
            break;
        n += (size_t)w;
    }
    return buf;
}

/* The argument expression of parameter `name`, or NULL when not given. */
static const nnx_nnef_expr *argument(const nnx_nnef_expr *e, const nnx_nnef_entry *entry, const int32_t *arg_of,
                                     const char *name)
{
    const nnx_nnef_fragment *f = entry->fragment;
    for (uint32_t k = 0; k < f->param_count; k++)
        if (strcmp(f->params[k].name, name) == 0)
            return arg_of[k] >= 0 ? e->u.invocation.args[arg_of[k]].value : NULL;
    return NULL;
}

/* Variables sharing a label (compared ignoring case) share data, so their literal shapes
 * must agree (§3.3.4, U12; NNEF 1.0.2 §4.1.3, §5.1, decision 45). */
static nnx_status share_label(sema *s, const nnx_nnef_expr *label, const nnx_nnef_expr *shape)
{
    size_t n = label->u.string.length;
    char *lower = nnx_arena_alloc(&s->arena, n + 1);
    sema_label *rec = lower ? nnx_arena_alloc(&s->arena, sizeof *rec) : NULL;
    void *old = NULL;
    if (!rec)
        return sema_oom(s);
    for (size_t i = 0; i < n; i++) {
        char c = label->u.string.chars[i];
        lower[i] = c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
    }
    *rec = (sema_label){label->pos, literal_shape(shape) ? shape : NULL};
    if (!sema_map_put(s, &s->labels, lower, rec, &old))
        return sema_oom(s);
    const sema_label *first = old;
    if (!first || !first->shape || !rec->shape || same_shape(first->shape, rec->shape))
        return NNX_OK;
    char a[96], b[96];
    return sema_fail(s, label->pos,
                     "variable label '%s' is also used at line %u (labels ignore case), where the shape is %s, not %s",
                     label->u.string.chars, first->pos.line, format_shape(first->shape, a, sizeof a),
                     format_shape(shape, b, sizeof b));
}

/* U12: a literal label is non-empty and uses [A-Za-z0-9_-./\] only. */
static nnx_status check_label(sema *s, const nnx_nnef_expr *label, const nnx_nnef_expr *shape)
{
    if (!label || label->kind != NNX_NNEF_EXPR_STRING)
        return NNX_OK; /* a computed label is the flattener's to check */
    if (label->u.string.length == 0)
        return sema_fail(s, label->pos, "a variable label must not be empty");
    for (size_t i = 0; i < label->u.string.length; i++)
        if (!label_char(label->u.string.chars[i]))
            return sema_fail(
                s, label->pos,
                "variable label '%s' contains '%c', which is not allowed (labels use letters, digits and _ - . / \\)",
                label->u.string.chars, label->u.string.chars[i]);
    return share_label(s, label, shape);
}

/* U11: update's target is a variable's identifier, and each variable is updated once. */
static nnx_status check_update(sema *s, const nnx_nnef_expr *target)
{
    sema_sym *sym = target && target->kind == NNX_NNEF_EXPR_IDENTIFIER ? lookup(s, target->u.identifier) : NULL;
    if (!target)
        return NNX_OK;
    if (!sym || !sym->variable)
        return sema_fail(s, target->pos,
                         "the first argument of 'update' must be a variable: %s%s%s is not the result of 'variable'",
                         sym ? "'" : "this", sym ? sym->name : " expression", sym ? "'" : "");
    if (sym->updated)
        return sema_fail(s, target->pos,
                         "variable '%s' is updated twice (first at line %u): a variable may be updated only once",
                         sym->name, sym->update_pos.line);
    sym->updated = true;
    sym->update_pos = target->pos;
    return NNX_OK;
}

nnx_status sema_graph_operation(sema *s, const nnx_nnef_expr *e, const nnx_nnef_entry *entry, const int32_t *arg_of,
                                bool top)
{
    if (is_standard(entry, "external") && !top)
        return sema_fail(
            s, e->pos,
            "the result of 'external' must be assigned directly to a graph parameter, as in 'x = external(...)'");
    if (is_standard(entry, "variable"))
        return check_label(s, argument(e, entry, arg_of, "label"), argument(e, entry, arg_of, "shape"));
    if (is_standard(entry, "update"))
        return check_update(s, argument(e, entry, arg_of, "variable"));
    return NNX_OK;
}
