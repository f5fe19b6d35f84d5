/* flatten.c — invocation binding and fragment expansion (NNEF 1.0.2 §3.3.2, chapter 6).
 * Arguments bind to parameters positionally then by name, defaults fill the rest, the
 * generic type comes from <T>, <?> (the caller's), the declared default, or the arguments
 * (NNEF 1.0.2 §3.3.1, §3.3.2, decision 12: the default is substituted, not deduced, when there is one).
 * Primitives, custom operations and native compounds become flat ops; other fragments are
 * expanded in a new frame (NNEF 1.0.2 §3.3.2, chapter 6, decision 50), within the load limits
 * of flatten.h (decisions 63-67). Graph-level names are kept
 * for exported tensors; an identity or constant result becomes copy / constant (entry 34). */
#include "formats/nnef/flatten/eval.h"
#include "formats/nnef/syntax/nnx_ops.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_RESULTS 8

static const char *const native_compounds[] = {"avg_pool", "clamp", "max", "max_pool", "mean_reduce", "min", "relu",
                                               "sigmoid", "softmax", "sqrt", "tanh",
                                               /* kept so shape propagation checks X mod factor == 0
                                                * (NNEF 1.0.2 §4.3.4) */
                                               "area_downsample", "nearest_downsample"};

bool nnx_nnef_is_native_compound(const char *name)
{
    for (size_t i = 0; i < sizeof native_compounds / sizeof *native_compounds; i++)
        if (strcmp(native_compounds[i], name) == 0)
            return true;
    return false;
}

/* ---------------------------------------------------------------- tensors and names */

static int cmp_str(const void *a, const void *b) { return strcmp(*(const char *const *)a, *(const char *const *)b); }

static bool name_taken(const nnef_flattener *f, const char *name)
{
    return bsearch(&name, f->taken, f->n_taken, sizeof *f->taken, cmp_str) != NULL;
}

/* A new tensor, named `name` or, when NULL, a generated "t<n>" that no graph identifier uses;
 * one name more against max_names (reported at pos). */
static nnx_status new_tensor(nnef_flattener *f, const char *name, nnx_nnef_type_kind dtype, uint32_t producer,
                             nnx_nnef_pos pos, uint32_t *index)
{
    if (f->g->n_tensors >= f->opts.max_names)
        return nnef_limit(f, NNX_LIMIT_NAMES, pos, "the graph has more than %u tensors after expansion",
                          f->opts.max_names);
    char buf[16];
    bool generated = name == NULL;
    while (!name) { /* "t%u" without printf: millions of names in a big expansion */
        char *p = buf + sizeof buf;
        *--p = '\0';
        uint32_t n = f->next_name++;
        do
            *--p = (char)('0' + n % 10);
        while (n /= 10);
        *--p = 't';
        if (!name_taken(f, p))
            name = p;
    }
    nnx_nnef_flat_tensor t = {.name = nnx_arena_strdup(&f->g->arena, name), .dtype = dtype, .producer = producer};
    if (!t.name || nnx_nnef_flat_add_tensor(f->g, &t, index) != NNX_OK ||
        !nnx_mem_reserve(f->g->alloc, (void **)&f->generated, &f->cap_generated, f->g->n_tensors, sizeof(bool)))
        return nnef_oom(f);
    f->generated[*index] = generated;
    return NNX_OK;
}

/* ---------------------------------------------------------------- types of parameters */

/* The primitive a '?' in type t stands for, deduced from value v; NONE if t says nothing. */
static nnx_nnef_type_kind deduce(const nnef_flattener *f, const nnx_nnef_type *t, const nnx_nnef_value *v)
{
    if (!t)
        return NNX_NNEF_TYPE_NONE;
    if (t->kind == NNX_NNEF_TYPE_GENERIC)
        return nnef_value_type(f, v);
    if (t->kind == NNX_NNEF_TYPE_TENSOR)
        return t->item && t->item->kind == NNX_NNEF_TYPE_GENERIC ? nnef_value_type(f, v) : NNX_NNEF_TYPE_NONE;
    if ((t->kind == NNX_NNEF_TYPE_ARRAY || t->kind == NNX_NNEF_TYPE_TUPLE) &&
        (v->kind == NNX_NNEF_VALUE_ARRAY || v->kind == NNX_NNEF_VALUE_TUPLE)) {
        for (uint32_t i = 0; i < v->count; i++) {
            const nnx_nnef_type *it = t->kind == NNX_NNEF_TYPE_ARRAY ? t->item : (i < t->count ? t->items[i] : NULL);
            nnx_nnef_type_kind k = deduce(f, it, &v->u.items[i]);
            if (k != NNX_NNEF_TYPE_NONE)
                return k;
        }
    }
    return NNX_NNEF_TYPE_NONE;
}

static nnx_status resolve_generic(nnef_flattener *f, nnef_frame *caller, const nnx_nnef_fragment *frag,
                                  const nnx_nnef_type *explicit_type, const nnx_nnef_value *vals, nnx_nnef_pos pos,
                                  nnx_nnef_type_kind *out)
{
    *out = NNX_NNEF_TYPE_NONE;
    if (!frag->generic)
        return NNX_OK;
    if (explicit_type) {
        *out = explicit_type->kind == NNX_NNEF_TYPE_GENERIC ? caller->generic : explicit_type->kind;
        if (*out == NNX_NNEF_TYPE_NONE)
            return nnef_fail(f, pos, "'<?>' used outside a generic fragment");
        return NNX_OK;
    }
    if (frag->generic_default) {
        *out = frag->generic_default->kind;
        return NNX_OK;
    }
    for (uint32_t i = 0; i < frag->param_count; i++) {
        nnx_nnef_type_kind k = deduce(f, frag->params[i].type, &vals[i]);
        if (k == NNX_NNEF_TYPE_NONE)
            continue;
        if (*out != NNX_NNEF_TYPE_NONE && *out != k)
            return nnef_fail(f, pos, "the generic type of '%s' is ambiguous", frag->name);
        *out = k;
    }
    if (*out == NNX_NNEF_TYPE_NONE)
        return nnef_fail(f, pos, "the generic type of '%s' cannot be deduced", frag->name);
    return NNX_OK;
}

/* ---------------------------------------------------------------- argument binding */

static nnx_status bind_args(nnef_flattener *f, const nnx_nnef_fragment *frag, const nnef_call_arg *args,
                            uint32_t n_args, nnx_nnef_pos pos, nnx_nnef_value *vals)
{
    nnef_frame empty = {.origin = pos}; /* defaults: errors point at the invocation */
    for (uint32_t i = 0; i < frag->param_count; i++)
        vals[i] = (nnx_nnef_value){0};
    uint32_t next = 0;
    for (uint32_t k = 0; k < n_args; k++) {
        uint32_t i = next;
        if (args[k].name) {
            for (i = 0; i < frag->param_count && strcmp(frag->params[i].name, args[k].name) != 0; i++)
                ;
            if (i == frag->param_count)
                return nnef_fail(f, args[k].pos, "'%s' has no parameter '%s'", frag->name, args[k].name);
        } else if (next++ >= frag->param_count)
            return nnef_fail(f, args[k].pos, "too many arguments for '%s'", frag->name);
        if (vals[i].kind != NNX_NNEF_VALUE_NONE)
            return nnef_fail(f, args[k].pos, "parameter '%s' of '%s' is given twice", frag->params[i].name, frag->name);
        vals[i] = args[k].value;
    }
    for (uint32_t i = 0; i < frag->param_count; i++) {
        if (vals[i].kind != NNX_NNEF_VALUE_NONE)
            continue;
        if (!frag->params[i].default_value)
            return nnef_fail(f, pos, "'%s' needs a value for parameter '%s'", frag->name, frag->params[i].name);
        nnx_status st = nnef_eval(f, &empty, frag->params[i].default_value, &vals[i]);
        if (st != NNX_OK)
            return st;
    }
    return NNX_OK;
}

/* ---------------------------------------------------------------- emitting flat ops */

/* How many tensors an array result gets: the length of the array the caller assigns it to. */
static nnx_status array_result_length(nnef_flattener *f, const nnx_nnef_expr *lvalue, uint32_t result,
                                      uint32_t n_results, nnx_nnef_pos pos, const char *op, uint32_t *n)
{
    const nnx_nnef_expr *lv = lvalue;
    if (lv && n_results > 1)
        lv = lv->kind == NNX_NNEF_EXPR_TUPLE && result < lv->u.list.count ? lv->u.list.items[result] : NULL;
    if (!lv || lv->kind != NNX_NNEF_EXPR_ARRAY)
        return nnef_fail(f, pos, "the array result of '%s' must be assigned to an array of identifiers", op);
    *n = lv->u.list.count;
    return NNX_OK;
}

/* The name a graph-level result tensor takes from the left-hand side, or NULL. */
static const char *result_name(const nnef_frame *fr, const nnx_nnef_expr *lvalue, uint32_t result, uint32_t n_results,
                               int32_t item)
{
    if (fr->fragment || !lvalue)
        return NULL;
    const nnx_nnef_expr *lv = lvalue;
    if (n_results > 1)
        lv = lv->kind == NNX_NNEF_EXPR_TUPLE && result < lv->u.list.count ? lv->u.list.items[result] : NULL;
    if (lv && item >= 0)
        lv = lv->kind == NNX_NNEF_EXPR_ARRAY && (uint32_t)item < lv->u.list.count ? lv->u.list.items[item] : NULL;
    return lv && lv->kind == NNX_NNEF_EXPR_IDENTIFIER ? lv->u.identifier : NULL;
}

static nnx_status make_result(nnef_flattener *f, const nnef_frame *fr, const nnx_nnef_param *r, uint32_t ri,
                              uint32_t n_results, nnx_nnef_type_kind generic, const nnx_nnef_expr *lvalue,
                              nnx_nnef_pos pos, const char *op, uint32_t op_index, nnx_nnef_value *out)
{
    const nnx_nnef_type *t = r->type;
    bool array = t->kind == NNX_NNEF_TYPE_ARRAY;
    const nnx_nnef_type *tt = array ? t->item : t;
    nnx_nnef_type_kind dtype = tt && tt->item ? tt->item->kind : NNX_NNEF_TYPE_SCALAR;
    if (dtype == NNX_NNEF_TYPE_GENERIC)
        dtype = generic;
    if (!array) {
        *out = (nnx_nnef_value){.kind = NNX_NNEF_VALUE_TENSOR};
        return new_tensor(f, result_name(fr, lvalue, ri, n_results, -1), dtype, op_index, nnef_at(fr, pos),
                          &out->u.tensor);
    }
    uint32_t n = 0;
    nnx_status st = array_result_length(f, lvalue, ri, n_results, pos, op, &n);
    if (st != NNX_OK)
        return st;
    *out = (nnx_nnef_value){.kind = NNX_NNEF_VALUE_ARRAY, .count = n};
    if (n && !(out->u.items = nnx_arena_array(&f->g->arena, n, sizeof *out->u.items)))
        return nnef_oom(f);
    for (uint32_t i = 0; i < n && st == NNX_OK; i++) {
        out->u.items[i].kind = NNX_NNEF_VALUE_TENSOR;
        st = new_tensor(f, result_name(fr, lvalue, ri, n_results, (int32_t)i), dtype, op_index, nnef_at(fr, pos),
                        &out->u.items[i].u.tensor);
    }
    return st;
}

static nnx_status emit(nnef_flattener *f, const nnef_frame *caller, const nnx_nnef_entry *entry,
                       nnx_nnef_type_kind generic, const nnx_nnef_value *vals, const nnx_nnef_expr *lvalue,
                       nnx_nnef_pos pos, nnx_nnef_value *out, uint32_t *n_out)
{
    const nnx_nnef_fragment *frag = entry->fragment;
    if (f->g->n_ops >= f->opts.max_operations) /* before anything of this op is allocated */
        return nnef_limit(f, NNX_LIMIT_OPERATIONS, nnef_at(caller, pos),
                          "expanding the graph gives more than %llu operations",
                          (unsigned long long)f->opts.max_operations);
    nnx_nnef_flat_op op = {
        .generic = generic,
        .n_args = frag->param_count,
        .n_results = frag->result_count,
        .pos = caller->user ? pos : caller->origin,
        .custom = nnx_nnef_entry_is_custom(entry),
    };
    op.name = nnx_arena_strdup(&f->g->arena, frag->name);
    op.args = nnx_arena_array(&f->g->arena, frag->param_count, sizeof *op.args);
    op.results = nnx_arena_array(&f->g->arena, frag->result_count, sizeof *op.results);
    if (!op.name || !op.args || !op.results)
        return nnef_oom(f);
    if (frag->result_count > MAX_RESULTS)
        return nnef_fail(f, pos, "'%s' has more than %d results", frag->name, MAX_RESULTS);
    uint32_t index = f->g->n_ops;
    for (uint32_t i = 0; i < frag->param_count; i++)
        op.args[i] = (nnx_nnef_arg){frag->params[i].name, vals[i], nnx_nnef_type_has_tensor(frag->params[i].type)};
    for (uint32_t r = 0; r < frag->result_count; r++) {
        nnx_status st = make_result(f, caller, &frag->results[r], r, frag->result_count, generic, lvalue, pos,
                                    frag->name, index, &out[r]);
        if (st != NNX_OK)
            return st;
        op.results[r] = (nnx_nnef_arg){frag->results[r].name, out[r], true};
    }
    if (strcmp(frag->name, "variable") == 0) {
        const nnx_nnef_value *label = nnx_nnef_flat_arg(&op, "label");
        if (label && label->kind == NNX_NNEF_VALUE_STRING)
            f->g->tensors[out[0].u.tensor].label = label->u.string;
    }
    /* an nnx_ops fragment nnx knows is shaped and lowered like a standard operation */
    op.extension = op.custom && !f->reg->strict && nnx_nnef_ext_find(frag->name) && nnx_nnef_ext_listed(f->doc);
    f->g->has_custom_ops |= op.custom && !op.extension;
    *n_out = frag->result_count;
    if (nnx_nnef_flat_add_op(f->g, &op, &index) != NNX_OK)
        return nnef_oom(f);
    return NNX_OK;
}

/* ---------------------------------------------------------------- expansion */

static nnx_status run_body(nnef_flattener *f, nnef_frame *fr, const nnx_nnef_assignment *body, uint32_t count);

static nnx_status expand(nnef_flattener *f, const nnef_frame *caller, const nnx_nnef_entry *entry,
                         nnx_nnef_type_kind generic, const nnx_nnef_value *vals, nnx_nnef_pos pos, nnx_nnef_value *out,
                         uint32_t *n_out)
{
    const nnx_nnef_fragment *frag = entry->fragment;
    if (f->depth >= f->opts.max_depth)
        return nnef_limit(f, NNX_LIMIT_DEPTH, nnef_at(caller, pos),
                          "expanding '%s' nests fragments and expressions more than %u levels deep", frag->name,
                          f->opts.max_depth);
    nnef_frame fr = {
        .fragment = frag, .generic = generic, .user = !entry->standard, .origin = caller->user ? pos : caller->origin};
    nnx_status st = NNX_OK;
    for (uint32_t i = 0; i < frag->param_count && st == NNX_OK; i++)
        st = nnef_frame_set(f, &fr, frag->params[i].name, &vals[i]);
    f->depth++;
    if (st == NNX_OK)
        st = run_body(f, &fr, frag->body, frag->body_count);
    f->depth--;
    for (uint32_t r = 0; r < frag->result_count && st == NNX_OK; r++) {
        const nnx_nnef_value *v = nnef_frame_get(&fr, frag->results[r].name);
        if (!v)
            st = nnef_fail(f, frag->results[r].pos, "result '%s' of '%s' is never assigned", frag->results[r].name,
                           frag->name);
        else
            out[r] = *v;
    }
    *n_out = frag->result_count;
    nnef_frame_free(f, &fr);
    return st;
}

nnx_status nnef_invoke(nnef_flattener *f, nnef_frame *fr, const char *name, const nnx_nnef_type *generic,
                       const nnef_call_arg *args, uint32_t n_args, const nnx_nnef_expr *lvalue, nnx_nnef_pos pos,
                       nnx_nnef_value *out, uint32_t *n_out)
{
    const nnx_nnef_entry *entry = nnx_nnef_registry_find(f->reg, name);
    if (!entry)
        return nnef_fail(f, pos, "unknown operation '%s'", name);
    const nnx_nnef_fragment *frag = entry->fragment;
    if (frag->result_count > MAX_RESULTS || frag->param_count > 64)
        return nnef_fail(f, pos, "'%s' has too many parameters or results", name);
    /* this frame recurses once per expansion: a few values on the stack, more on the heap */
    nnx_nnef_value small[NNEF_SMALL_ARGS], *vals = small;
    if (frag->param_count > NNEF_SMALL_ARGS && !(vals = nnx_mem_alloc(f->g->alloc, frag->param_count * sizeof *vals)))
        return nnef_oom(f);
    nnx_nnef_type_kind g = NNX_NNEF_TYPE_NONE;
    nnx_status st = bind_args(f, frag, args, n_args, pos, vals);
    if (st == NNX_OK)
        st = resolve_generic(f, fr, frag, generic, vals, pos, &g);
    bool keep = !frag->has_body || (entry->standard && !f->opts.expand_all && nnx_nnef_is_native_compound(name));
    if (st == NNX_OK)
        st = keep ? emit(f, fr, entry, g, vals, lvalue, pos, out, n_out)
                  : expand(f, fr, entry, g, vals, pos, out, n_out);
    if (vals != small)
        nnx_mem_free(f->g->alloc, vals);
    return st;
}

/* ---------------------------------------------------------------- assignments */

/* A graph-level identifier gets a tensor of its own name: a fresh generated tensor is
 * renamed; an existing tensor is copied; a literal becomes a constant. */
static nnx_status export_name(nnef_flattener *f, const nnef_frame *fr, const char *name, nnx_nnef_value *v,
                              uint32_t first_new, nnx_nnef_pos pos)
{
    if (v->kind == NNX_NNEF_VALUE_TENSOR && v->u.tensor >= first_new && f->generated[v->u.tensor]) {
        nnx_nnef_flat_tensor *t = &f->g->tensors[v->u.tensor];
        if (!(t->name = nnx_arena_strdup(&f->g->arena, name)))
            return nnef_oom(f);
        f->generated[v->u.tensor] = false;
        return NNX_OK;
    }
    if (v->kind == NNX_NNEF_VALUE_TENSOR && v->u.tensor >= first_new &&
        strcmp(f->g->tensors[v->u.tensor].name, name) == 0)
        return NNX_OK;
    nnef_call_arg arg = {NULL, *v, pos};
    nnx_nnef_expr lv = {.kind = NNX_NNEF_EXPR_IDENTIFIER, .pos = pos, .u.identifier = name};
    uint32_t n;
    if (v->kind == NNX_NNEF_VALUE_TENSOR)
        return nnef_invoke(f, (nnef_frame *)fr, "copy", NULL, &arg, 1, &lv, pos, v, &n);
    /* a literal assigned to a graph tensor: constant<T>(shape = [1], value = [literal]) */
    nnx_nnef_value shape = {.kind = NNX_NNEF_VALUE_ARRAY, .count = 1},
                   value = {.kind = NNX_NNEF_VALUE_ARRAY, .count = 1};
    shape.u.items = nnx_arena_array(&f->g->arena, 1, sizeof *shape.u.items);
    value.u.items = nnx_arena_memdup(&f->g->arena, v, sizeof *v);
    if (!shape.u.items || !value.u.items)
        return nnef_oom(f);
    shape.u.items[0] = (nnx_nnef_value){.kind = NNX_NNEF_VALUE_INTEGER, .u.integer = 1};
    nnef_call_arg args[2] = {{"shape", shape, pos}, {"value", value, pos}};
    nnx_nnef_type t = {.kind = nnef_value_type(f, v)};
    return nnef_invoke(f, (nnef_frame *)fr, "constant", &t, args, 2, &lv, pos, v, &n);
}

static nnx_status bind_lvalue(nnef_flattener *f, nnef_frame *fr, const nnx_nnef_expr *lv, nnx_nnef_value *v,
                              uint32_t first_new)
{
    if (lv->kind == NNX_NNEF_EXPR_IDENTIFIER) {
        if (nnef_frame_get(fr, lv->u.identifier))
            return nnef_fail(f, lv->pos, "'%s' is assigned more than once", lv->u.identifier);
        if (!fr->fragment) {
            nnx_status st = export_name(f, fr, lv->u.identifier, v, first_new, lv->pos);
            if (st != NNX_OK)
                return st;
        }
        return nnef_frame_set(f, fr, lv->u.identifier, v);
    }
    if (lv->kind != NNX_NNEF_EXPR_ARRAY && lv->kind != NNX_NNEF_EXPR_TUPLE)
        return nnef_fail(f, lv->pos, "only identifiers, arrays and tuples can be assigned to");
    if ((v->kind != NNX_NNEF_VALUE_ARRAY && v->kind != NNX_NNEF_VALUE_TUPLE) || v->count != lv->u.list.count)
        return nnef_fail(f, lv->pos, "the left-hand side has %u items, the value does not match", lv->u.list.count);
    for (uint32_t i = 0; i < lv->u.list.count; i++) {
        nnx_status st = bind_lvalue(f, fr, lv->u.list.items[i], &v->u.items[i], first_new);
        if (st != NNX_OK)
            return st;
    }
    return NNX_OK;
}

static nnx_status assign(nnef_flattener *f, nnef_frame *fr, const nnx_nnef_assignment *a)
{
    uint32_t first_new = f->g->n_tensors;
    const nnx_nnef_expr *rv = a->rvalue;
    nnx_nnef_value v;
    nnx_status st;
    if (rv->kind == NNX_NNEF_EXPR_INVOCATION && !(rv->flags & NNX_NNEF_EXPR_PARENTHESIZED)) {
        uint32_t n = rv->u.invocation.arg_count, n_out = 0;
        nnx_nnef_value results[MAX_RESULTS];
        if (n > 64)
            return nnef_fail(f, rv->pos, "more than 64 arguments");
        /* this frame recurses once per expansion: a few arguments on the stack, more on the heap */
        nnef_call_arg small[NNEF_SMALL_ARGS] = {{0}}, *args = small;
        if (n > NNEF_SMALL_ARGS && !(args = nnx_mem_alloc(f->g->alloc, n * sizeof *args)))
            return nnef_oom(f);
        st = NNX_OK;
        for (uint32_t i = 0; i < n && st == NNX_OK; i++) {
            args[i] = (nnef_call_arg){rv->u.invocation.args[i].name, {0}, rv->u.invocation.args[i].pos};
            st = nnef_eval(f, fr, rv->u.invocation.args[i].value, &args[i].value);
        }
        if (st == NNX_OK)
            st = nnef_invoke(f, fr, rv->u.invocation.name, rv->u.invocation.generic, args, n, a->lvalue, rv->pos,
                             results, &n_out);
        if (args != small)
            nnx_mem_free(f->g->alloc, args);
        if (st != NNX_OK)
            return st;
        if (n_out == 1) {
            v = results[0];
        } else { /* several results bind to a tuple left-hand side */
            v = (nnx_nnef_value){.kind = NNX_NNEF_VALUE_TUPLE, .count = n_out};
            if (!(v.u.items = nnx_arena_memdup(&f->g->arena, results, n_out * sizeof *results)))
                return nnef_oom(f);
        }
    } else if ((st = nnef_eval(f, fr, rv, &v)) != NNX_OK)
        return st;
    return bind_lvalue(f, fr, a->lvalue, &v, first_new);
}

static nnx_status run_body(nnef_flattener *f, nnef_frame *fr, const nnx_nnef_assignment *body, uint32_t count)
{
    for (uint32_t i = 0; i < count; i++) {
        if (fr->user)
            fr->origin = body[i].rvalue->pos;
        nnx_status st = assign(f, fr, &body[i]);
        if (st != NNX_OK)
            return st;
    }
    return NNX_OK;
}

/* ---------------------------------------------------------------- graph */

static void collect_names(const nnx_nnef_expr *lv, const char **names, uint32_t *n)
{
    if (lv->kind == NNX_NNEF_EXPR_IDENTIFIER)
        names[(*n)++] = lv->u.identifier;
    else if (lv->kind == NNX_NNEF_EXPR_ARRAY || lv->kind == NNX_NNEF_EXPR_TUPLE)
        for (uint32_t i = 0; i < lv->u.list.count; i++)
            collect_names(lv->u.list.items[i], names, n);
}

static uint32_t count_names(const nnx_nnef_expr *lv)
{
    uint32_t n = lv->kind == NNX_NNEF_EXPR_IDENTIFIER;
    for (uint32_t i = 0; (lv->kind == NNX_NNEF_EXPR_ARRAY || lv->kind == NNX_NNEF_EXPR_TUPLE) && i < lv->u.list.count;
         i++)
        n += count_names(lv->u.list.items[i]);
    return n;
}

static nnx_status graph_names(nnef_flattener *f, const nnx_nnef_graph *graph)
{
    uint64_t n = 0;
    for (uint32_t i = 0; i < graph->body_count; i++)
        n += count_names(graph->body[i].lvalue);
    if (n > UINT32_MAX / 2 || !(f->taken = nnx_arena_array(&f->g->arena, (size_t)n + 1, sizeof *f->taken)))
        return nnef_oom(f);
    for (uint32_t i = 0; i < graph->body_count; i++)
        collect_names(graph->body[i].lvalue, f->taken, &f->n_taken);
    qsort(f->taken, f->n_taken, sizeof *f->taken, cmp_str);
    return NNX_OK;
}

static nnx_status graph_io(nnef_flattener *f, nnef_frame *fr, const nnx_nnef_ident *ids, uint32_t n, uint32_t **out,
                           uint32_t *n_out)
{
    if (!(*out = nnx_arena_array(&f->g->arena, n ? n : 1, sizeof **out)))
        return nnef_oom(f);
    for (uint32_t i = 0; i < n; i++) {
        const nnx_nnef_value *v = nnef_frame_get(fr, ids[i].name);
        if (!v || v->kind != NNX_NNEF_VALUE_TENSOR)
            return nnef_fail(f, ids[i].pos, "graph parameter or result '%s' is not assigned a tensor in the body",
                             ids[i].name);
        (*out)[i] = v->u.tensor;
    }
    *n_out = n;
    return NNX_OK;
}

nnx_status nnx_nnef_flatten(const nnx_nnef_document *doc, const nnx_nnef_registry *reg,
                            const nnx_nnef_flatten_options *options, nnx_nnef_flat *g, nnx_error *err)
{
    nnef_flattener f = {.doc = doc, .reg = reg, .g = g, .err = err};
    if (options)
        f.opts = *options;
    nnef_flattener_limits(&f);
    const nnx_nnef_graph *graph = doc->graph;
    if (!graph)
        return nnx_error_set(err, NNX_ERROR_INVALID_MODEL, "%s: error: the document has no graph", g->filename);
    nnef_frame fr = {.user = true, .origin = graph->pos};
    nnx_status st = graph_names(&f, graph);
    if (st == NNX_OK && !(g->name = nnx_arena_strdup(&g->arena, graph->name)))
        st = nnef_oom(&f);
    if (st == NNX_OK)
        st = run_body(&f, &fr, graph->body, graph->body_count);
    if (st == NNX_OK)
        st = graph_io(&f, &fr, graph->inputs, graph->input_count, &g->inputs, &g->n_inputs);
    if (st == NNX_OK)
        st = graph_io(&f, &fr, graph->outputs, graph->output_count, &g->outputs, &g->n_outputs);
    nnef_frame_free(&f, &fr);
    nnx_mem_free(g->alloc, f.generated);
    return st;
}
