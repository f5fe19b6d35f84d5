/* sema_invoke.c — invocations (NNEF 1.0.2 §3.3.2 "Invocations", §3.3.3; I1-I11): the
 * operation exists, arguments bind to parameters (positional tensors first, then unique
 * named ones), every required parameter is given, the generic type is explicit, defaulted
 * or uniquely deduced, and every argument casts to its parameter type. Operators with a
 * tensor operand are checked the same way, as their Table 1 fragment (§3.3.3). */
#define NNX_NNEF_SEMA_INTERNAL
#include "formats/nnef/check/sema.h"

#include <stdio.h>
#include <string.h>

/* One invocation being checked. */
typedef struct call {
    const nnx_nnef_entry *entry;
    const nnx_nnef_fragment *f;
    const sema_sig *sig;
    char what[96]; /* "'mul'" or "'mul' (operator '*')", for messages */
    nnx_nnef_pos pos;
    const nnx_nnef_expr **values; /* per argument */
    sema_val *vals;               /* per argument */
    int32_t *arg_of;              /* per parameter: its argument's index, or -1 */
    nnx_nnef_ty_kind binding;     /* the generic type; NONE when not generic */
} call;

/* I1 and the per-call storage. symbol: the operator, or NULL for an invocation. */
static nnx_status begin_call(sema *s, const char *name, const char *symbol, nnx_nnef_pos pos, uint32_t n_args, call *c)
{
    memset(c, 0, sizeof *c);
    c->pos = pos;
    c->entry = nnx_nnef_registry_find(s->reg, name);
    if (!c->entry && nnx_nnef_registry_later_feature(s->reg, name, NULL))
        return sema_fail(s, pos,
                         "'%s' is an operation of the standard library after NNEF 1.0.2 (as NNEF-Tools and tract "
                         "write it); strict 1.0.2 mode rejects it",
                         name);
    if (!c->entry)
        return sema_fail(s, pos, "unknown operation '%s': neither a standard operation nor a fragment of this document",
                         name);
    c->f = c->entry->fragment;
    if (symbol)
        snprintf(c->what, sizeof c->what, "'%s' (operator '%s')", name, symbol);
    else
        snprintf(c->what, sizeof c->what, "'%s'", name);
    nnx_status st = sema_signature(s, c->entry, &c->sig);
    if (st != NNX_OK)
        return st;
    uint32_t np = c->f->param_count;
    c->arg_of = nnx_arena_array(&s->arena, np ? np : 1, sizeof *c->arg_of);
    c->values = nnx_arena_array(&s->arena, n_args ? n_args : 1, sizeof *c->values);
    c->vals = nnx_arena_array(&s->arena, n_args ? n_args : 1, sizeof *c->vals);
    if (!c->arg_of || !c->values || !c->vals)
        return sema_oom(s);
    for (uint32_t i = 0; i < np; i++)
        c->arg_of[i] = -1;
    return NNX_OK;
}

static int32_t find_param(const nnx_nnef_fragment *f, const char *name)
{
    for (uint32_t i = 0; i < f->param_count; i++)
        if (strcmp(f->params[i].name, name) == 0)
            return (int32_t)i;
    return -1;
}

/* I2, I4-I8 for one argument: where it binds, or an error. */
static nnx_status bind_one(sema *s, call *c, const nnx_nnef_argument *args, uint32_t i, bool named_seen, int32_t *param)
{
    const nnx_nnef_fragment *f = c->f;
    const nnx_nnef_argument *a = &args[i];
    if (!a->name) { /* too many named arguments are unknown or repeated ones */
        if (i >= f->param_count)
            return sema_fail(s, a->pos, "too many arguments: %s has %u parameter%s", c->what, f->param_count,
                             f->param_count == 1 ? "" : "s");
        if (named_seen)
            return sema_fail(
                s, a->pos,
                "positional argument after named arguments in the invocation of %s: positional arguments come first",
                c->what);
        if (!nnx_nnef_ty_has_tensor(c->sig->params[i]))
            return sema_fail(s, a->pos, "argument '%s' of %s must be named: only tensor arguments may be positional",
                             f->params[i].name, c->what);
        *param = (int32_t)i;
        return NNX_OK;
    }
    int32_t k = find_param(f, a->name);
    if (k < 0 && c->entry->standard && nnx_nnef_registry_later_feature(s->reg, f->name, a->name))
        return sema_fail(s, a->pos,
                         "parameter '%s' of %s comes from the standard library after NNEF 1.0.2 (as NNEF-Tools and "
                         "tract write it); strict 1.0.2 mode rejects it",
                         a->name, c->what);
    if (k < 0)
        return sema_fail(s, a->pos, "%s has no parameter named '%s'", c->what, a->name);
    if (c->arg_of[k] >= 0 && !args[c->arg_of[k]].name)
        return sema_fail(s, a->pos, "argument '%s' of %s is already given positionally", a->name, c->what);
    if (c->arg_of[k] >= 0)
        return sema_fail(s, a->pos, "argument '%s' of %s is given twice", a->name, c->what);
    *param = k;
    return NNX_OK;
}

/* Binds the written arguments in order, typing each value after its binding is known. */
static nnx_status bind_arguments(sema *s, call *c, const nnx_nnef_argument *args, uint32_t n)
{
    bool named_seen = false;
    for (uint32_t i = 0; i < n; i++) {
        int32_t k = -1;
        nnx_status st = bind_one(s, c, args, i, named_seen, &k);
        if (st != NNX_OK)
            return st;
        named_seen |= args[i].name != NULL;
        c->arg_of[k] = (int32_t)i;
        c->values[i] = args[i].value;
        if ((st = sema_expr(s, args[i].value, &c->vals[i])) != NNX_OK)
            return st;
    }
    return NNX_OK;
}

/* I3: every parameter without a default gets a value. */
static nnx_status check_missing(sema *s, const call *c)
{
    for (uint32_t k = 0; k < c->f->param_count; k++)
        if (c->arg_of[k] < 0 && !c->f->params[k].default_value)
            return sema_fail(s, c->pos, "missing argument '%s' of %s: the parameter has no default value",
                             c->f->params[k].name, c->what);
    return NNX_OK;
}

static nnx_nnef_ty_kind first_kind(nnx_nnef_ty_set set) { return (nnx_nnef_ty_kind)__builtin_ctz(set); }

/* I9: explicit <T> (already validated), else the declared default (substituted, not
 * deduced: NNEF 1.0.2 §3.3.1, §3.3.2, decision 12), else exactly one candidate from the given arguments. */
static nnx_status resolve_generic(sema *s, call *c, const nnx_nnef_type *explicit_type)
{
    const nnx_nnef_fragment *f = c->f;
    if (!f->generic)
        return NNX_OK;
    if (explicit_type || f->generic_default) {
        c->binding = nnx_nnef_ty_kind_of((explicit_type ? explicit_type : f->generic_default)->kind);
        return NNX_OK;
    }
    nnx_nnef_ty_set set = 0;
    for (uint32_t k = 0; k < f->param_count; k++)
        if (c->arg_of[k] >= 0)
            nnx_nnef_ty_deduce(c->sig->params[k], c->vals[c->arg_of[k]].ty, &set);
    if (set == 0)
        return sema_fail(
            s, c->pos,
            "cannot deduce the generic type of %s from its arguments: give it explicitly, as in %s<scalar>(...)",
            c->what, f->name);
    nnx_nnef_ty_kind first = first_kind(set);
    nnx_nnef_ty_set rest = set & (set - 1);
    if (rest)
        return sema_fail(s, c->pos, "the generic type of %s is ambiguous: its arguments make it both %s and %s",
                         c->what, nnx_nnef_ty_kind_name(first), nnx_nnef_ty_kind_name(first_kind(rest)));
    c->binding = first;
    return NNX_OK;
}

/* A declared type with the generic type substituted. */
static nnx_status instantiate(sema *s, const call *c, const nnx_nnef_ty *t, const nnx_nnef_ty **out)
{
    *out = c->binding == NNX_NNEF_TY_NONE ? t : nnx_nnef_ty_subst(&s->arena, t, c->binding);
    return *out ? NNX_OK : sema_oom(s);
}

/* A substituted default must still fit: `f<?>(x: tensor<?>, v: ? = 1.0)` called with an
 * integer tensor cannot use its default. */
static nnx_status check_default_fits(sema *s, const call *c, uint32_t k)
{
    const nnx_nnef_ty *want, *given = c->sig->defaults[k];
    if (!given || !nnx_nnef_ty_has_generic(c->sig->params[k]))
        return NNX_OK;
    nnx_status st = instantiate(s, c, c->sig->params[k], &want);
    if (st != NNX_OK || nnx_nnef_ty_castable(given, want))
        return st;
    return sema_fail(
        s, c->pos,
        "the default value of parameter '%s' of %s has type %s, which cannot be cast to %s (the generic type is %s)",
        c->f->params[k].name, c->what, sema_ty(s, 0, given), sema_ty(s, 1, want), nnx_nnef_ty_kind_name(c->binding));
}

/* §3.3.1: each argument's type equals or casts to its (instantiated) parameter type. */
static nnx_status check_types(sema *s, call *c)
{
    for (uint32_t k = 0; k < c->f->param_count; k++) {
        int32_t i = c->arg_of[k];
        const nnx_nnef_ty *want = NULL;
        nnx_status st = i < 0 ? check_default_fits(s, c, k) : instantiate(s, c, c->sig->params[k], &want);
        if (st != NNX_OK)
            return st;
        if (i < 0 || nnx_nnef_ty_castable(c->vals[i].ty, want))
            continue;
        return sema_fail(s, c->values[i]->pos, "argument '%s' of %s has type %s, which cannot be cast to %s",
                         c->f->params[k].name, c->what, sema_ty(s, 0, c->vals[i].ty), sema_ty(s, 1, want));
    }
    return NNX_OK;
}

/* The result type: the single result, or the tuple of all results. */
static nnx_status result_of(sema *s, const call *c, sema_val *out)
{
    uint32_t n = c->f->result_count;
    const nnx_nnef_ty **items = nnx_arena_array(&s->arena, n, sizeof *items);
    if (!items)
        return sema_oom(s);
    for (uint32_t k = 0; k < n; k++) {
        nnx_status st = instantiate(s, c, c->sig->results[k], &items[k]);
        if (st != NNX_OK)
            return st;
    }
    out->len = -1;
    if (n == 1) {
        out->ty = items[0];
        return NNX_OK;
    }
    return sema_tuple_of(s, c->pos, items, n, &out->ty);
}

/* Checks that depend only on the operation and its type argument, reported at its name:
 * chaining (§3.3.3 "Invocation Chaining"), graph-only operations (U3, U9), <T> (I9). */
static nnx_status check_operation(sema *s, const nnx_nnef_expr *e, const call *c, bool top)
{
    const nnx_nnef_fragment *f = c->f;
    const nnx_nnef_type *t = e->u.invocation.generic;
    const nnx_nnef_ty *r = c->sig->results[0];
    if (!top && (f->result_count != 1 || r->kind != NNX_NNEF_TY_TENSOR))
        return sema_fail(
            s, e->pos,
            "%s cannot be chained: only an operation returning a single tensor may be used inside an expression",
            c->what);
    const char *name = f->name;
    bool graph_only = c->entry->standard &&
        (!strcmp(name, "external") || !strcmp(name, "variable") || !strcmp(name, "update"));
    if (graph_only && s->frag)
        return sema_fail(s, e->pos, "'%s' may only be used in the graph body, not inside fragment '%s'", name,
                         s->frag->name);
    if (t && !f->generic)
        return sema_fail(s, t->pos, "%s is not generic, so it takes no type argument", c->what);
    if (t && t->kind == NNX_NNEF_TYPE_GENERIC && !(s->frag && s->frag->generic))
        return sema_fail(s, t->pos, "'<?>' may only be used inside a generic fragment, to pass its type on");
    return NNX_OK;
}

nnx_status sema_invocation(sema *s, const nnx_nnef_expr *e, bool top, sema_val *out, const nnx_nnef_entry **entry)
{
    call c;
    uint32_t n = e->u.invocation.arg_count;
    nnx_status st = begin_call(s, e->u.invocation.name, NULL, e->pos, n, &c);
    if (st == NNX_OK)
        st = check_operation(s, e, &c, top);
    if (st == NNX_OK)
        st = bind_arguments(s, &c, e->u.invocation.args, n);
    if (st == NNX_OK)
        st = check_missing(s, &c);
    if (st == NNX_OK)
        st = resolve_generic(s, &c, e->u.invocation.generic);
    if (st == NNX_OK)
        st = check_types(s, &c);
    if (st == NNX_OK && !s->frag)
        st = sema_graph_operation(s, e, c.entry, c.arg_of, top);
    if (st == NNX_OK)
        st = result_of(s, &c, out);
    *entry = c.entry;
    return st;
}

nnx_status sema_operator_call(sema *s, const char *name, const char *symbol, nnx_nnef_pos pos,
                              const nnx_nnef_expr *const *operands, const sema_val *vals, uint32_t n, sema_val *out)
{
    call c;
    nnx_status st = begin_call(s, name, symbol, pos, n, &c);
    if (st == NNX_OK && n > c.f->param_count)
        st = sema_fail(s, pos, "too many arguments: %s has %u parameters", c.what, c.f->param_count);
    for (uint32_t i = 0; st == NNX_OK && i < n; i++) {
        c.arg_of[i] = (int32_t)i;
        c.values[i] = operands[i];
        c.vals[i] = vals[i];
    }
    if (st == NNX_OK)
        st = check_missing(s, &c);
    if (st == NNX_OK)
        st = resolve_generic(s, &c, NULL);
    if (st == NNX_OK)
        st = check_types(s, &c);
    if (st == NNX_OK)
        st = result_of(s, &c, out);
    return st;
}
