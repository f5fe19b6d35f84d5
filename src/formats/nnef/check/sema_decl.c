/* sema_decl.c — fragment declarations (NNEF 1.0.2 §3.3.1-§3.3.2; D1-D6): unique
 * names, tensors before attributes, tensor results, castable defaults, generic consistency,
 * no tuple mixing tensors and attributes, no unbound tensor result. Also builds each
 * operation's signature (its declared types) once, for the invocation checks. */
#define NNX_NNEF_SEMA_INTERNAL
#include "formats/nnef/check/sema.h"

/* ---- signatures ------------------------------------------------------------------------------ */

static nnx_status types_of(sema *s, const nnx_nnef_param *ps, uint32_t n, const nnx_nnef_ty ***out)
{
    const nnx_nnef_ty **tys = nnx_arena_array(&s->arena, n ? n : 1, sizeof *tys);
    if (!tys)
        return sema_oom(s);
    for (uint32_t i = 0; i < n; i++)
        if (!(tys[i] = nnx_nnef_ty_from_ast(&s->arena, ps[i].type)))
            return sema_oom(s);
    *out = tys;
    return NNX_OK;
}

/* Default values are literal expressions (no identifiers), so typing them needs no scope. */
static nnx_status default_types(sema *s, const nnx_nnef_fragment *f, const nnx_nnef_ty ***out)
{
    const nnx_nnef_ty **tys = nnx_arena_array(&s->arena, f->param_count ? f->param_count : 1, sizeof *tys);
    if (!tys)
        return sema_oom(s);
    for (uint32_t i = 0; i < f->param_count; i++) {
        sema_val v;
        if (!f->params[i].default_value)
            continue;
        nnx_status st = sema_expr(s, f->params[i].default_value, &v);
        if (st != NNX_OK)
            return st;
        tys[i] = v.ty;
    }
    *out = tys;
    return NNX_OK;
}

nnx_status sema_signature(sema *s, const nnx_nnef_entry *entry, const sema_sig **out)
{
    size_t index = (size_t)(entry - s->reg->entries);
    if (s->sigs[index]) {
        *out = s->sigs[index];
        return NNX_OK;
    }
    const nnx_nnef_fragment *f = entry->fragment;
    sema_sig *sig = nnx_arena_alloc(&s->arena, sizeof *sig);
    if (!sig)
        return sema_oom(s);
    nnx_status st = types_of(s, f->params, f->param_count, &sig->params);
    if (st == NNX_OK)
        st = types_of(s, f->results, f->result_count, &sig->results);
    if (st == NNX_OK)
        st = default_types(s, f, &sig->defaults);
    if (st != NNX_OK)
        return st;
    s->sigs[index] = sig;
    *out = sig;
    return NNX_OK;
}

/* ---- AST type walks (for positions) ------------------------------------------------------------- */

/* The first tuple, outermost first, with both tensor and non-tensor items (§3.3.1). */
static const nnx_nnef_type *ast_mixed_tuple(const nnx_nnef_type *t)
{
    if (t->kind == NNX_NNEF_TYPE_ARRAY)
        return ast_mixed_tuple(t->item);
    if (t->kind != NNX_NNEF_TYPE_TUPLE)
        return NULL;
    uint32_t with = 0;
    for (uint32_t i = 0; i < t->count; i++)
        with += nnx_nnef_type_has_tensor(t->items[i]);
    if (with != 0 && with != t->count)
        return t;
    for (uint32_t i = 0; i < t->count; i++) {
        const nnx_nnef_type *inner = ast_mixed_tuple(t->items[i]);
        if (inner)
            return inner;
    }
    return NULL;
}

/* The first '?' in t, or NULL. */
static const nnx_nnef_type *ast_generic(const nnx_nnef_type *t)
{
    if (t->kind == NNX_NNEF_TYPE_GENERIC)
        return t;
    if (t->kind == NNX_NNEF_TYPE_TENSOR || t->kind == NNX_NNEF_TYPE_ARRAY)
        return t->item ? ast_generic(t->item) : NULL;
    for (uint32_t i = 0; t->kind == NNX_NNEF_TYPE_TUPLE && i < t->count; i++) {
        const nnx_nnef_type *g = ast_generic(t->items[i]);
        if (g)
            return g;
    }
    return NULL;
}

/* ---- the rules ----------------------------------------------------------------------------------- */

/* D1 is checked when the registry is built; here the registry must hold this very fragment,
 * which also catches a registry built from another document. */
static nnx_status check_registered(sema *s, const nnx_nnef_fragment *f, const nnx_nnef_entry **entry)
{
    *entry = nnx_nnef_registry_find(s->reg, f->name);
    if (*entry && (*entry)->fragment == f)
        return NNX_OK;
    if (!*entry) {
        s->status = NNX_ERROR_INVALID_ARGUMENT;
        nnx_error_set(s->err, NNX_ERROR_INVALID_ARGUMENT,
                      "nnx_nnef_check: fragment '%s' is not in the registry (build it from this document)", f->name);
        return s->status;
    }
    if ((*entry)->standard)
        return sema_fail(s, f->name_pos, "fragment '%s' redefines a standard operation", f->name);
    return sema_fail(s, f->name_pos, "fragment '%s' is already defined at line %u", f->name,
                     (*entry)->fragment->pos.line);
}

/* D2: parameter and result names are unique within the declaration. */
static nnx_status check_unique(sema *s, sema_map *names, const nnx_nnef_fragment *f, const nnx_nnef_param *p)
{
    void *old = NULL;
    if (!sema_map_put(s, names, p->name, (void *)p, &old))
        return sema_oom(s);
    if (!old)
        return NNX_OK;
    return sema_fail(
        s, p->pos,
        "'%s' is declared twice in fragment '%s' (first at line %u): parameter and result names must be unique",
        p->name, f->name, ((const nnx_nnef_param *)old)->pos.line);
}

/* Rules common to parameters and results: no mixed tuple (§3.3.1), '?' only when the
 * fragment is declared generic (§3.3.2). */
static nnx_status check_type_rules(sema *s, const nnx_nnef_fragment *f, const nnx_nnef_param *p)
{
    const nnx_nnef_type *mixed = ast_mixed_tuple(p->type);
    if (mixed)
        return sema_fail(s, mixed->pos, "tuple type %s of '%s' mixes tensor and non-tensor items",
                         nnx_nnef_type_format(mixed, s->tybuf[0], sizeof s->tybuf[0]), p->name);
    const nnx_nnef_type *g = ast_generic(p->type);
    if (g && !f->generic)
        return sema_fail(s, g->pos,
                         "'?' is used in fragment '%s', which is not declared generic (declare it as '%s<?>')", f->name,
                         f->name);
    return NNX_OK;
}

/* D5: the default value's type equals or casts to the parameter type. For a generic
 * parameter, '?' takes the primitive the default gives it (cast rule 2). */
static nnx_status check_default(sema *s, const nnx_nnef_fragment *f, const nnx_nnef_param *p, const nnx_nnef_ty *param,
                                const nnx_nnef_ty *given)
{
    const nnx_nnef_ty *want = param;
    if (nnx_nnef_ty_has_generic(param)) {
        nnx_nnef_ty_set set = 0;
        nnx_nnef_ty_deduce(param, given, &set);
        if (set != 0 && (set & (set - 1)) == 0 &&
            !(want = nnx_nnef_ty_subst(&s->arena, param, (nnx_nnef_ty_kind)__builtin_ctz(set))))
            return sema_oom(s);
    }
    if (nnx_nnef_ty_castable(given, want))
        return NNX_OK;
    return sema_fail(s, p->default_value->pos,
                     "the default value of parameter '%s' of fragment '%s' has type %s, which cannot be cast to %s",
                     p->name, f->name, sema_ty(s, 0, given), sema_ty(s, 1, param));
}

static nnx_status check_params(sema *s, const nnx_nnef_fragment *f, const sema_sig *sig, sema_map *names)
{
    const nnx_nnef_param *attribute = NULL;
    for (uint32_t i = 0; i < f->param_count; i++) {
        const nnx_nnef_param *p = &f->params[i];
        nnx_status st = check_unique(s, names, f, p);
        if (st == NNX_OK)
            st = check_type_rules(s, f, p);
        if (st != NNX_OK)
            return st;
        if (!nnx_nnef_ty_has_tensor(sig->params[i]))
            attribute = attribute ? attribute : p;
        else if (attribute)
            return sema_fail(s, p->pos,
                             "tensor parameter '%s' of fragment '%s' follows attribute '%s': tensor parameters must "
                             "come before attributes",
                             p->name, f->name, attribute->name);
        if (p->default_value && (st = check_default(s, f, p, sig->params[i], sig->defaults[i])) != NNX_OK)
            return st;
    }
    return NNX_OK;
}

/* D4 and "unbound tensors cannot be the result of an operation" (§3.3.1). Results are
 * tensor<T> or tensor<T>[] (decision in sema.h). */
static nnx_status check_results(sema *s, const nnx_nnef_fragment *f, const sema_sig *sig, sema_map *names)
{
    for (uint32_t i = 0; i < f->result_count; i++) {
        const nnx_nnef_param *r = &f->results[i];
        const nnx_nnef_ty *t = sig->results[i];
        nnx_status st = check_unique(s, names, f, r);
        if (st == NNX_OK)
            st = check_type_rules(s, f, r);
        if (st != NNX_OK)
            return st;
        if (nnx_nnef_ty_has_unbound(t))
            return sema_fail(
                s, r->type->pos,
                "result '%s' of fragment '%s' has the unbound type %s: only parameters may be unbound tensors", r->name,
                f->name, sema_ty(s, 0, t));
        const nnx_nnef_ty *leaf = t->kind == NNX_NNEF_TY_ARRAY ? t->item : t;
        if (leaf->kind != NNX_NNEF_TY_TENSOR)
            return sema_fail(s, r->type->pos,
                             "result '%s' of fragment '%s' has type %s: fragment results must be tensors", r->name,
                             f->name, sema_ty(s, 0, t));
    }
    return NNX_OK;
}

static bool uses_generic(const nnx_nnef_fragment *f)
{
    for (uint32_t i = 0; i < f->param_count; i++)
        if (ast_generic(f->params[i].type))
            return true;
    for (uint32_t i = 0; i < f->result_count; i++)
        if (ast_generic(f->results[i].type))
            return true;
    return false;
}

nnx_status sema_check_declaration(sema *s, const nnx_nnef_fragment *f)
{
    const nnx_nnef_entry *entry;
    const sema_sig *sig;
    nnx_status st = check_registered(s, f, &entry);
    if (st != NNX_OK)
        return st;
    if (f->generic_default && f->generic_default->kind == NNX_NNEF_TYPE_GENERIC)
        return sema_fail(s, f->generic_default->pos,
                         "the default of the generic type of '%s' must be a primitive type, not '?'", f->name);
    if ((st = sema_signature(s, entry, &sig)) != NNX_OK)
        return st;
    sema_map names = {0};
    st = check_params(s, f, sig, &names);
    if (st == NNX_OK)
        st = check_results(s, f, sig, &names);
    sema_map_free(s, &names);
    if (st == NNX_OK && f->generic && !uses_generic(f))
        st = sema_fail(s, f->name_pos,
                       "fragment '%s' is declared generic but none of its parameters or results uses '?'", f->name);
    return st;
}
