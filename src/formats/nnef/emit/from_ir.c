/* from_ir.c — the driver of the core IR -> flat NNEF lowering (from_ir.h): generated names,
 * externals for the graph inputs, variables (with their data) for the constants, the live
 * nodes in IR order (from_ir_ops.c), copies for outputs that need a name of their own, and
 * the one place where ops are appended: every parameter of the op's standard fragment, in
 * declaration order, defaults filled, tensor types checked (decisions O and T). */
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
static nnx_nnef_type_kind item_type(nnx_dtype dt)
{
    switch (nnx_dtype_kind_of(dt)) {
    case NNX_KIND_FLOAT: return NNX_NNEF_TYPE_SCALAR;
    case NNX_KIND_SINT: case NNX_KIND_UINT: return NNX_NNEF_TYPE_INTEGER;
    case NNX_KIND_BOOL: return NNX_NNEF_TYPE_LOGICAL;
    default: return NNX_NNEF_TYPE_NONE;
    }
}

/* ---------------------------------------------------------------- names and tensors */

static int cmp_str(const void *a, const void *b) { return strcmp(*(const char *const *)a, *(const char *const *)b); }

static bool reserved(const nnx_nnef_lower *L, const char *name)
{
    return L->n_reserved && bsearch(&name, L->reserved, L->n_reserved, sizeof *L->reserved, cmp_str) != NULL;
}

/* prefix<n> with the first n from *counter that no graph input or output uses (decision N). */
static const char *fresh_name(nnx_nnef_lower *L, char prefix, uint32_t *counter, char *buf, size_t size)
{
    do
        snprintf(buf, size, "%c%u", prefix, (*counter)++);
    while (reserved(L, buf));
    return buf;
}

nnx_status nnx_nnef_lower_tensor(nnx_nnef_lower *L, const char *name, const nnx_operand_desc *d, uint32_t *index)
{
    char buf[24];
    if (!name)
        name = fresh_name(L, 't', &L->next_t, buf, sizeof buf);
    nnx_nnef_flat_tensor t = {.name = nnx_arena_strdup(&L->g->arena, name), .dtype = item_type(d->dtype),
                              .has_shape = true, .rank = d->rank, .producer = L->g->n_ops};
    memcpy(t.shape, d->shape, d->rank * sizeof *t.shape);
    if (!t.name || nnx_nnef_flat_add_tensor(L->g, &t, index) != NNX_OK ||
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
        nnx_nnef_type_kind want = t->item ? t->item->kind : NNX_NNEF_TYPE_SCALAR;
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
    nnx_nnef_flat_op o = {.name = nnx_arena_strdup(&L->g->arena, f->name), .n_args = f->param_count,
                          .n_results = f->result_count};
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

/* ---------------------------------------------------------------- graph inputs and constants */

static nnx_status shape_value(nnx_nnef_lower *L, const nnx_operand_desc *d, nnx_nnef_value *out)
{
    int64_t s[NNX_MAX_RANK];
    for (uint32_t i = 0; i < d->rank; i++)
        s[i] = d->shape[i];
    return nnx_nnef_lower_ints(L, s, d->rank, out);
}

static nnx_status external(nnx_nnef_lower *L, uint32_t value, const char *name)
{
    const nnx_value *v = &L->ir->values[value];
    if (L->tensor_of[value] != NNX_NONE)
        return nnx_nnef_lower_fail(L, NNX_ERROR_INVALID_ARGUMENT, "graph input '%s' is listed twice", name);
    if (!name)
        return nnx_nnef_lower_fail(L, NNX_ERROR_INVALID_ARGUMENT, "graph input #%u has no name", value);
    uint32_t t;
    nnx_nnef_lower_arg shape = {"shape", {0}};
    nnx_status st = shape_value(L, &v->desc, &shape.value);
    if (st == NNX_OK)
        st = nnx_nnef_lower_tensor(L, name, &v->desc, &t);
    if (st != NNX_OK)
        return st;
    L->tensor_of[value] = t;
    nnx_nnef_value r = nnx_nnef_v_tensor(t);
    return nnx_nnef_lower_emit(L, "external", item_type(v->desc.dtype), &shape, 1, &r, 1);
}

/* Decision D: the dtypes nnx_nnef_tensor_encode writes bit for bit. */
static bool storable(nnx_dtype dt)
{
    return nnx_dtype_kind_of(dt) != NNX_KIND_FLOAT || dt == NNX_FLOAT16 || dt == NNX_FLOAT32 || dt == NNX_FLOAT64;
}

static nnx_status variable(nnx_nnef_lower *L, uint32_t value, nnx_nnef_variable_data *data)
{
    const nnx_value *v = &L->ir->values[value];
    char buf[24], shape_text[96];
    const char *name = fresh_name(L, 'c', &L->next_c, buf, sizeof buf);
    if (!storable(v->desc.dtype))
        return nnx_nnef_lower_fail(L, NNX_ERROR_NOT_SUPPORTED,
                                   "constant %s (value #%u, %s) cannot be stored: NNEF tensor files hold IEEE "
                                   "float16/32/64, integers and logicals, not %s",
                                   name, value, nnx_desc_format(&v->desc, shape_text, sizeof shape_text),
                                   nnx_dtype_name(v->desc.dtype));
    size_t bytes;
    if (!v->data || !nnx_desc_bytes(&v->desc, &bytes))
        return nnx_nnef_lower_fail(L, NNX_ERROR_INVALID_ARGUMENT, "constant value #%u has no data", value);
    uint32_t t;
    nnx_nnef_lower_arg args[2] = {{"shape", {0}}, {"label", {0}}};
    nnx_status st = shape_value(L, &v->desc, &args[0].value);
    if (st == NNX_OK)
        st = nnx_nnef_lower_tensor(L, name, &v->desc, &t);
    if (st != NNX_OK)
        return st;
    L->tensor_of[value] = t;
    L->g->tensors[t].label = L->g->tensors[t].name; /* decision N: the label is the name */
    args[1].value = nnx_nnef_v_string(L->g->tensors[t].label);
    *data = (nnx_nnef_variable_data){.tensor = t, .dtype = v->desc.dtype, .data = v->data, .size = bytes};
    nnx_nnef_value r = nnx_nnef_v_tensor(t);
    return nnx_nnef_lower_emit(L, "variable", item_type(v->desc.dtype), args, 2, &r, 1);
}

/* ---------------------------------------------------------------- driver */

static nnx_status check_ids(nnx_nnef_lower *L, const uint32_t *ids, uint32_t n, const char *noun, bool input)
{
    for (uint32_t i = 0; i < n; i++) {
        if (ids[i] >= L->ir->n_values)
            return nnx_nnef_lower_fail(L, NNX_ERROR_INVALID_ARGUMENT, "graph %s #%u: value %u out of range", noun, i,
                                       ids[i]);
        if (input && L->ir->values[ids[i]].kind != NNX_VALUE_INPUT)
            return nnx_nnef_lower_fail(L, NNX_ERROR_INVALID_ARGUMENT, "graph input #%u: value %u is not an input", i,
                                       ids[i]);
    }
    return NNX_OK;
}

/* Per-value tables and the sorted reserved names. */
static nnx_status setup(nnx_nnef_lower *L, const char *const *input_names, uint32_t n_inputs, const uint32_t *outputs,
                        const char *const *output_names, uint32_t n_outputs)
{
    nnx_arena *a = &L->g->arena;
    uint32_t nv = L->ir->n_values;
    L->tensor_of = nnx_arena_array(a, (size_t)nv + 1, sizeof *L->tensor_of);
    L->output_name = nnx_arena_array(a, (size_t)nv + 1, sizeof *L->output_name);
    L->reserved = nnx_arena_array(a, (size_t)n_inputs + n_outputs + 1, sizeof *L->reserved);
    if (!L->tensor_of || !L->output_name || !L->reserved || !(L->g->name = nnx_arena_strdup(a, "G")))
        return nnx_nnef_lower_oom(L);
    for (uint32_t v = 0; v < nv; v++)
        L->tensor_of[v] = NNX_NONE;
    for (uint32_t i = 0; i < n_inputs; i++)
        if (input_names[i])
            L->reserved[L->n_reserved++] = input_names[i];
    for (uint32_t i = 0; i < n_outputs; i++) {
        if (!output_names[i])
            return nnx_nnef_lower_fail(L, NNX_ERROR_INVALID_ARGUMENT, "graph output #%u has no name", i);
        L->reserved[L->n_reserved++] = output_names[i];
        /* decision N: a node's value is named by its first output; others get copies */
        if (L->ir->values[outputs[i]].kind == NNX_VALUE_NODE && !L->output_name[outputs[i]])
            L->output_name[outputs[i]] = output_names[i];
    }
    qsort(L->reserved, L->n_reserved, sizeof *L->reserved, cmp_str);
    return NNX_OK;
}

static nnx_status lower_values(nnx_nnef_lower *L, const bool *value_live, nnx_nnef_variable_data **vars,
                               uint32_t *n_vars)
{
    const nnx_ir *ir = L->ir;
    uint32_t n = 0;
    for (uint32_t v = 0; v < ir->n_values; v++)
        n += ir->values[v].kind == NNX_VALUE_CONSTANT && value_live[v];
    nnx_nnef_variable_data *data = nnx_arena_array(&L->g->arena, (size_t)n + 1, sizeof *data);
    if (!data)
        return nnx_nnef_lower_oom(L);
    nnx_status st = NNX_OK;
    for (uint32_t v = 0; st == NNX_OK && v < ir->n_values; v++) {
        if (!value_live[v])
            continue;
        if (ir->values[v].kind == NNX_VALUE_CONSTANT)
            st = variable(L, v, &data[(*n_vars)++]);
        else if (ir->values[v].kind == NNX_VALUE_INPUT && L->tensor_of[v] == NNX_NONE)
            st = nnx_nnef_lower_fail(L, NNX_ERROR_INVALID_ARGUMENT, "graph input '%s' is used but not listed",
                                     ir->values[v].name ? ir->values[v].name : "");
    }
    *vars = data;
    return st;
}

/* A variable's update (the core's nnx_ir_update) as NNEF update(variable, value); its
 * result is not needed. */
static nnx_status lower_update(nnx_nnef_lower *L, const nnx_ir_update *u)
{
    nnx_nnef_lower_arg args[2] = {{"variable", nnx_nnef_v_tensor(L->tensor_of[u->variable])},
                                  {"value", nnx_nnef_v_tensor(L->tensor_of[u->value])}};
    uint32_t r;
    nnx_status st = nnx_nnef_lower_tensor(L, NULL, &L->ir->values[u->value].desc, &r);
    nnx_nnef_value result = nnx_nnef_v_tensor(r);
    return st == NNX_OK ? nnx_nnef_lower_emit(L, "update", NNX_NNEF_TYPE_NONE, args, 2, &result, 1) : st;
}

static bool listed(const nnx_nnef_flat *g, uint32_t n, uint32_t t)
{
    for (uint32_t i = 0; i < n; i++)
        if (g->outputs[i] == t)
            return true;
    return false;
}

/* Each output is a tensor of its own name; decision N's copies where it is not. */
static nnx_status lower_outputs(nnx_nnef_lower *L, const uint32_t *outputs, const char *const *names, uint32_t n)
{
    nnx_nnef_flat *g = L->g;
    if (!(g->outputs = nnx_arena_array(&g->arena, (size_t)n + 1, sizeof *g->outputs)))
        return nnx_nnef_lower_oom(L);
    for (uint32_t i = 0; i < n; i++) {
        uint32_t t = L->tensor_of[outputs[i]];
        if (t == NNX_NONE)
            return nnx_nnef_lower_fail(L, NNX_ERROR_INVALID_ARGUMENT, "graph output '%s' was not produced", names[i]);
        if (strcmp(g->tensors[t].name, names[i]) != 0 || listed(g, g->n_outputs, t)) {
            nnx_nnef_lower_arg x = {"x", nnx_nnef_v_tensor(t)};
            uint32_t c;
            nnx_status st = nnx_nnef_lower_tensor(L, names[i], &L->ir->values[outputs[i]].desc, &c);
            nnx_nnef_value r = nnx_nnef_v_tensor(c);
            if (st == NNX_OK)
                st = nnx_nnef_lower_emit(L, "copy", NNX_NNEF_TYPE_NONE, &x, 1, &r, 1);
            if (st != NNX_OK)
                return st;
            t = c;
        }
        g->outputs[g->n_outputs++] = t;
    }
    return NNX_OK;
}

static nnx_status lower_graph(nnx_nnef_lower *L, const uint32_t *inputs, const char *const *input_names,
                              uint32_t n_inputs, const uint32_t *outputs, const char *const *output_names,
                              uint32_t n_outputs, const bool *node_live, const bool *value_live,
                              nnx_nnef_variable_data **vars, uint32_t *n_vars)
{
    nnx_nnef_flat *g = L->g;
    nnx_status st = setup(L, input_names, n_inputs, outputs, output_names, n_outputs);
    if (st == NNX_OK && !(g->inputs = nnx_arena_array(&g->arena, (size_t)n_inputs + 1, sizeof *g->inputs)))
        st = nnx_nnef_lower_oom(L);
    for (uint32_t i = 0; st == NNX_OK && i < n_inputs; i++) {
        st = external(L, inputs[i], input_names[i]);
        if (st == NNX_OK)
            g->inputs[g->n_inputs++] = L->tensor_of[inputs[i]];
    }
    if (st == NNX_OK)
        st = lower_values(L, value_live, vars, n_vars);
    for (uint32_t k = 0; st == NNX_OK && k < L->ir->n_nodes; k++) {
        if (!node_live[k])
            continue;
        L->node = &L->ir->nodes[k];
        L->node_index = k;
        st = nnx_nnef_lower_node(L);
        L->node = NULL;
    }
    for (uint32_t i = 0; st == NNX_OK && i < L->ir->n_updates; i++)
        st = lower_update(L, &L->ir->updates[i]);
    return st == NNX_OK ? lower_outputs(L, outputs, output_names, n_outputs) : st;
}

nnx_status nnx_nnef_from_ir(const nnx_ir *ir, const uint32_t *inputs, const char *const *input_names,
                            uint32_t n_inputs, const uint32_t *outputs, const char *const *output_names,
                            uint32_t n_outputs, const nnx_nnef_registry *reg, nnx_nnef_flat *out,
                            nnx_nnef_variable_data **vars, uint32_t *n_vars, nnx_error *err)
{
    *vars = NULL;
    *n_vars = 0;
    nnx_nnef_lower L = {.ir = ir, .reg = reg, .g = out, .err = err};
    nnx_status st = check_ids(&L, inputs, n_inputs, "input", true);
    if (st == NNX_OK)
        st = check_ids(&L, outputs, n_outputs, "output", false);
    if (st != NNX_OK)
        return st;
    bool *node_live = nnx_mem_calloc(out->alloc, (size_t)ir->n_nodes + 1, sizeof *node_live);
    bool *value_live = nnx_mem_calloc(out->alloc, (size_t)ir->n_values + 1, sizeof *value_live);
    if (!node_live || !value_live)
        st = nnx_nnef_lower_oom(&L);
    if (st == NNX_OK) {
        nnx_ir_mark_live(ir, outputs, n_outputs, node_live, value_live);
        st = lower_graph(&L, inputs, input_names, n_inputs, outputs, output_names, n_outputs, node_live, value_live,
                         vars, n_vars);
    }
    nnx_mem_free(out->alloc, node_live);
    nnx_mem_free(out->alloc, value_live);
    nnx_mem_free(out->alloc, L.dtype_of);
    return st;
}
