/* from_ir_helpers.c — what the core IR -> flat NNEF lowering files share (from_ir.h):
 * messages, generated names (decision N), item types (decision T), tensors, value lists,
 * and the one place where ops are appended: every parameter of the op's standard fragment,
 * in declaration order, defaults filled, tensor types checked (decision O). */
#include "formats/nnef/emit/from_ir.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/dtypes.h"

/* ---------------------------------------------------------------- messages */

nnx_status nnx_nnef_lower_fail(nnx_nnef_lower *L, nnx_status st, const char *fmt, ...)
{
    char why[NNX_ERROR_MESSAGE_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    if (!L->node)
        return nnx_error_set(L->err, st, "%s", why);
    const char *label = L->node->label ? L->node->label : "";
    return nnx_error_set(L->err, st, "%s%s%s%s (node #%u): %s", nnx_op_table[L->node->op].name, label[0] ? " '" : "",
                         label, label[0] ? "'" : "", L->node_index, why);
}

nnx_status nnx_nnef_lower_oom(nnx_nnef_lower *L)
{
    return nnx_error_set(L->err, NNX_ERROR_OUT_OF_MEMORY, "out of memory converting the graph to NNEF");
}

static nnx_status internal(nnx_nnef_lower *L, const char *op, const char *what)
{
    return nnx_nnef_lower_fail(L, NNX_ERROR_INVALID_ARGUMENT, "internal: NNEF '%s': %s", op, what);
}

static const char *type_name(nnx_nnef_type_kind t)
{
    switch (t) {
    case NNX_NNEF_TYPE_INTEGER: return "integer";
    case NNX_NNEF_TYPE_SCALAR: return "scalar";
    case NNX_NNEF_TYPE_LOGICAL: return "logical";
    default: return "?";
    }
}

/* Decision T: the NNEF item type of a core dtype. */
nnx_nnef_type_kind nnx_nnef_lower_item_type(nnx_dtype dt)
{
    switch (nnx_dtype_kind_of(dt)) {
    case NNX_KIND_FLOAT: return NNX_NNEF_TYPE_SCALAR;
    case NNX_KIND_SINT:
    case NNX_KIND_UINT: return NNX_NNEF_TYPE_INTEGER;
    case NNX_KIND_BOOL: return NNX_NNEF_TYPE_LOGICAL;
    default: return NNX_NNEF_TYPE_NONE;
    }
}

/* ---------------------------------------------------------------- names and tensors */

/* prefix<n> with the first n from *counter that no name given out uses (decision N). */
const char *nnx_nnef_lower_fresh_name(nnx_nnef_lower *L, char prefix, uint32_t *counter, char *buf, size_t size)
{
    do
        snprintf(buf, size, "%c%u", prefix, (*counter)++);
    while (nnx_strmap_get(&L->taken, buf, NULL));
    return buf;
}

nnx_status nnx_nnef_lower_tensor(nnx_nnef_lower *L, const char *name, const nnx_operand_desc *d, uint32_t *index)
{
    char buf[24];
    if (!name)
        name = nnx_nnef_lower_fresh_name(L, 't', &L->next_t, buf, sizeof buf);
    nnx_nnef_flat_tensor t = {.name = nnx_arena_strdup(&L->g->arena, name),
                              .dtype = nnx_nnef_lower_item_type(d->dtype),
                              .has_shape = true,
                              .rank = d->rank,
                              .producer = L->g->n_ops};
    memcpy(t.shape, d->shape, d->rank * sizeof *t.shape);
    if (!t.name || !nnx_strmap_put(&L->taken, t.name, NULL) || nnx_nnef_flat_add_tensor(L->g, &t, index) != NNX_OK ||
        !nnx_mem_reserve(L->g->alloc, (void **)&L->dtype_of, &L->cap_dtype_of, L->g->n_tensors, sizeof *L->dtype_of))
        return nnx_nnef_lower_oom(L);
    L->dtype_of[*index] = d->dtype;
    return NNX_OK;
}

nnx_status nnx_nnef_lower_value_tensor(nnx_nnef_lower *L, uint32_t value, uint32_t *t)
{
    nnx_status st = nnx_nnef_lower_tensor(L, L->output_name[value], &L->ir->values[value].desc, t);
    if (st == NNX_OK)
        L->tensor_of[value] = *t;
    return st;
}

/* ---------------------------------------------------------------- values */

nnx_status nnx_nnef_lower_ints(nnx_nnef_lower *L, const int64_t *items, uint32_t n, nnx_nnef_value *out)
{
    *out = (nnx_nnef_value){.kind = NNX_NNEF_VALUE_ARRAY, .count = n};
    if (n == 0)
        return NNX_OK;
    if (!(out->u.items = nnx_arena_array(&L->g->arena, n, sizeof *out->u.items)))
        return nnx_nnef_lower_oom(L);
    for (uint32_t i = 0; i < n; i++)
        out->u.items[i] = nnx_nnef_v_int(items[i]);
    return NNX_OK;
}

nnx_status nnx_nnef_lower_pairs(nnx_nnef_lower *L, const int64_t (*items)[2], uint32_t n, nnx_nnef_value *out)
{
    *out = (nnx_nnef_value){.kind = NNX_NNEF_VALUE_ARRAY, .count = n};
    if (n == 0)
        return NNX_OK;
    if (!(out->u.items = nnx_arena_array(&L->g->arena, n, sizeof *out->u.items)))
        return nnx_nnef_lower_oom(L);
    for (uint32_t i = 0; i < n; i++) {
        nnx_nnef_value *pair = &out->u.items[i];
        *pair = (nnx_nnef_value){.kind = NNX_NNEF_VALUE_TUPLE, .count = 2};
        if (!(pair->u.items = nnx_arena_array(&L->g->arena, 2, sizeof *pair->u.items)))
            return nnx_nnef_lower_oom(L);
        pair->u.items[0] = nnx_nnef_v_int(items[i][0]);
        pair->u.items[1] = nnx_nnef_v_int(items[i][1]);
    }
    return NNX_OK;
}

nnx_status nnx_nnef_lower_tensors(nnx_nnef_lower *L, const uint32_t *items, uint32_t n, nnx_nnef_value *out)
{
    *out = (nnx_nnef_value){.kind = NNX_NNEF_VALUE_ARRAY, .count = n};
    if (n == 0)
        return NNX_OK;
    if (!(out->u.items = nnx_arena_array(&L->g->arena, n, sizeof *out->u.items)))
        return nnx_nnef_lower_oom(L);
    for (uint32_t i = 0; i < n; i++)
        out->u.items[i] = nnx_nnef_v_tensor(items[i]);
    return NNX_OK;
}

/* A parameter's default (a <literal-expr>, ast.h) as a value in the graph's arena. The
 * standard library is trusted text, so its nesting is shallow. */
static nnx_status literal(nnx_nnef_lower *L, const char *op, const nnx_nnef_expr *e, nnx_nnef_value *v)
{
    switch (e->kind) {
    case NNX_NNEF_EXPR_INTEGER: *v = nnx_nnef_v_int(e->u.integer); return NNX_OK;
    case NNX_NNEF_EXPR_SCALAR: *v = nnx_nnef_v_scalar(e->u.scalar); return NNX_OK;
    case NNX_NNEF_EXPR_LOGICAL: *v = nnx_nnef_v_logical(e->u.logical); return NNX_OK;
    case NNX_NNEF_EXPR_STRING:
        *v = nnx_nnef_v_string(nnx_arena_strdup(&L->g->arena, e->u.string.chars));
        return v->u.string ? NNX_OK : nnx_nnef_lower_oom(L);
    case NNX_NNEF_EXPR_ARRAY:
    case NNX_NNEF_EXPR_TUPLE: {
        uint32_t n = e->u.list.count;
        *v = (nnx_nnef_value){.kind = e->kind == NNX_NNEF_EXPR_ARRAY ? NNX_NNEF_VALUE_ARRAY : NNX_NNEF_VALUE_TUPLE,
                              .count = n};
        if (n && !(v->u.items = nnx_arena_array(&L->g->arena, n, sizeof *v->u.items)))
            return nnx_nnef_lower_oom(L);
        for (uint32_t i = 0; i < n; i++) {
            nnx_status st = literal(L, op, e->u.list.items[i], &v->u.items[i]);
            if (st != NNX_OK)
                return st;
        }
        return NNX_OK;
    }
    default: return internal(L, op, "a default value is not a literal");
    }
}

/* ---------------------------------------------------------------- appending ops */

/* Decision T: every tensor inside v has the item type that type t declares for it; '?'
 * takes the first tensor's type (*generic, unless given) and must agree with the others. */
static nnx_status check_type(nnx_nnef_lower *L, const char *op, const char *param, const nnx_nnef_type *t,
                             const nnx_nnef_value *v, nnx_nnef_type_kind *generic)
{
    if (!t)
        return NNX_OK;
    if (t->kind == NNX_NNEF_TYPE_TENSOR && v->kind == NNX_NNEF_VALUE_TENSOR) {
        if (v->u.tensor >= L->g->n_tensors)
            return internal(L, op, "tensor index out of range");
        if (!t->item)
            return NNX_OK; /* tensor<>: any item type (cast's input, the library after 1.0.2) */
        nnx_nnef_type_kind want = t->item->kind;
        nnx_nnef_type_kind have = L->g->tensors[v->u.tensor].dtype;
        if (want == NNX_NNEF_TYPE_GENERIC && *generic == NNX_NNEF_TYPE_NONE)
            *generic = have;
        if (want == NNX_NNEF_TYPE_GENERIC)
            want = *generic;
        if (want == have)
            return NNX_OK;
        return nnx_nnef_lower_fail(L, NNX_ERROR_NOT_SUPPORTED,
                                   "NNEF '%s' takes tensor<%s> for '%s', but the operand is %s (NNEF tensor<%s>)", op,
                                   type_name(want), param, nnx_dtype_name(L->dtype_of[v->u.tensor]), type_name(have));
    }
    if ((t->kind == NNX_NNEF_TYPE_ARRAY || t->kind == NNX_NNEF_TYPE_TUPLE) &&
        (v->kind == NNX_NNEF_VALUE_ARRAY || v->kind == NNX_NNEF_VALUE_TUPLE)) {
        for (uint32_t i = 0; i < v->count; i++) {
            const nnx_nnef_type *it = t->kind == NNX_NNEF_TYPE_ARRAY ? t->item : (i < t->count ? t->items[i] : NULL);
            nnx_status st = check_type(L, op, param, it, &v->u.items[i], generic);
            if (st != NNX_OK)
                return st;
        }
    }
    return NNX_OK;
}

/* The value of parameter p: the given argument of that name, else its default. */
static nnx_status arg_value(nnx_nnef_lower *L, const nnx_nnef_param *p, const char *op, const nnx_nnef_lower_arg *args,
                            uint32_t n_args, uint32_t *used, nnx_nnef_value *v)
{
    for (uint32_t j = 0; j < n_args; j++)
        if (strcmp(args[j].name, p->name) == 0) {
            (*used)++;
            *v = args[j].value;
            return NNX_OK;
        }
    if (!p->default_value)
        return internal(L, op, "a parameter without default is not given");
    return literal(L, op, p->default_value, v);
}

nnx_status nnx_nnef_lower_emit(nnx_nnef_lower *L, const char *op, nnx_nnef_type_kind generic,
                               const nnx_nnef_lower_arg *args, uint32_t n_args, const nnx_nnef_value *results,
                               uint32_t n_results)
{
    const nnx_nnef_entry *e = nnx_nnef_registry_find(L->reg, op);
    if (!e || !e->standard)
        return internal(L, op, "not a standard operation");
    const nnx_nnef_fragment *f = e->fragment;
    if (f->result_count != n_results)
        return internal(L, op, "wrong number of results");
    nnx_nnef_flat_op o = {
        .name = nnx_arena_strdup(&L->g->arena, f->name), .n_args = f->param_count, .n_results = f->result_count};
    o.args = nnx_arena_array(&L->g->arena, f->param_count, sizeof *o.args);
    o.results = nnx_arena_array(&L->g->arena, f->result_count, sizeof *o.results);
    if (!o.name || !o.args || !o.results)
        return nnx_nnef_lower_oom(L);
    uint32_t used = 0;
    nnx_status st = NNX_OK;
    for (uint32_t i = 0; st == NNX_OK && i < f->param_count; i++) {
        const nnx_nnef_param *p = &f->params[i];
        o.args[i] = (nnx_nnef_arg){nnx_arena_strdup(&L->g->arena, p->name), {0}, nnx_nnef_type_has_tensor(p->type)};
        if (!o.args[i].name)
            return nnx_nnef_lower_oom(L);
        st = arg_value(L, p, op, args, n_args, &used, &o.args[i].value);
        if (st == NNX_OK)
            st = check_type(L, op, p->name, p->type, &o.args[i].value, &generic);
    }
    if (st == NNX_OK && used != n_args)
        st = internal(L, op, "an argument names no parameter");
    for (uint32_t r = 0; st == NNX_OK && r < n_results; r++) {
        o.results[r] = (nnx_nnef_arg){nnx_arena_strdup(&L->g->arena, f->results[r].name), results[r], true};
        if (!o.results[r].name)
            return nnx_nnef_lower_oom(L);
        st = check_type(L, op, f->results[r].name, f->results[r].type, &results[r], &generic);
    }
    if (st != NNX_OK)
        return st;
    o.generic = f->generic ? generic : NNX_NNEF_TYPE_NONE;
    if (f->generic && generic == NNX_NNEF_TYPE_NONE)
        return internal(L, op, "generic type unknown");
    uint32_t index;
    return nnx_nnef_flat_add_op(L->g, &o, &index) == NNX_OK ? NNX_OK : nnx_nnef_lower_oom(L);
}

nnx_status nnx_nnef_lower_op1(nnx_nnef_lower *L, const char *op, const nnx_nnef_lower_arg *args, uint32_t n_args,
                              const nnx_operand_desc *d, uint32_t value, uint32_t *t)
{
    nnx_status st = value != NNX_NONE ? nnx_nnef_lower_value_tensor(L, value, t) : nnx_nnef_lower_tensor(L, NULL, d, t);
    if (st != NNX_OK)
        return st;
    nnx_nnef_value r = nnx_nnef_v_tensor(*t);
    return nnx_nnef_lower_emit(L, op, NNX_NNEF_TYPE_NONE, args, n_args, &r, 1);
}
