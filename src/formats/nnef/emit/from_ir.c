/* from_ir.c — the driver of the core IR -> flat NNEF lowering (from_ir.h): externals for the
 * graph inputs, variables (with their data) for the constants, the live nodes in IR order
 * (from_ir_ops.c), and copies for outputs that need a name of their own. What the family
 * shares (names, values, appending ops) is in from_ir_helpers.c. */
#include "formats/nnef/emit/from_ir.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/dtypes.h"

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
    return nnx_nnef_lower_emit(L, "external", nnx_nnef_lower_item_type(v->desc.dtype), &shape, 1, &r, 1);
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
    const char *name = nnx_nnef_lower_fresh_name(L, 'c', &L->next_c, buf, sizeof buf);
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
    return nnx_nnef_lower_emit(L, "variable", nnx_nnef_lower_item_type(v->desc.dtype), args, 2, &r, 1);
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
    nnx_nnef_lower_sort_reserved(L);
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

nnx_status nnx_nnef_from_ir(const nnx_ir *ir, const uint32_t *inputs, const char *const *input_names, uint32_t n_inputs,
                            const uint32_t *outputs, const char *const *output_names, uint32_t n_outputs,
                            const nnx_nnef_registry *reg, nnx_nnef_flat *out, nnx_nnef_variable_data **vars,
                            uint32_t *n_vars, nnx_error *err)
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
