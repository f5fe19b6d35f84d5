/* from_ir.c — the driver of the core IR -> flat NNEF lowering (from_ir.h): externals for the
 * graph inputs, variables (with their data) for the constants, the live nodes in IR order
 * (from_ir_ops.c), and copies for outputs that need a name of their own. What the family
 * shares (names, values, appending ops) is in from_ir_helpers.c. */
#include "formats/nnef/emit/from_ir.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/checked.h"
#include "ir/dtypes.h"

static nnx_status unique_name(nnx_nnef_lower *L, const char *name, bool label, const char **out);

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
    const char *name = L->output_name[value] ? L->output_name[value]
                                             : nnx_nnef_lower_fresh_name(L, 'c', &L->next_c, buf, sizeof buf);
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
    /* decision N: a named constant's label was chosen with its name; else the label is the name */
    const char *label = L->label_of[value];
    if (!label && (st = unique_name(L, L->g->tensors[t].name, true, &label)) != NNX_OK)
        return st;
    L->g->tensors[t].label = label;
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

/* name through the format's sanitiser (an identifier, or with label a variable label),
 * made unique among the names given out with the first free "_1", "_2", ... and given out. */
static nnx_status unique_name(nnx_nnef_lower *L, const char *name, bool label, const char **out)
{
    nnx_strmap *set = label ? &L->labels : &L->taken;
    char *base = label ? nnx_nnef_sanitize_label(&L->g->arena, name) : nnx_nnef_sanitize_identifier(&L->g->arena, name);
    size_t n;
    if (!base || !nnx_add_size(strlen(base), 24, &n))
        return nnx_nnef_lower_oom(L);
    const char *cand = base;
    for (uint64_t k = 1; nnx_strmap_get(set, cand, NULL); k++) {
        char *c = nnx_arena_alloc(&L->g->arena, n);
        if (!c)
            return nnx_nnef_lower_oom(L);
        snprintf(c, n, "%s_%llu", base, (unsigned long long)k);
        cand = c;
    }
    if (!nnx_strmap_put(set, cand, NULL))
        return nnx_nnef_lower_oom(L);
    *out = cand;
    return NNX_OK;
}

/* The identifier of graph output i: an earlier output's or an input's when it is the same
 * value under the same name, else a name of its own. */
static nnx_status output_identifier(nnx_nnef_lower *L, const uint32_t *inputs, const char *const *input_names,
                                    uint32_t n_inputs, const uint32_t *outputs, const char *const *output_names,
                                    uint32_t i)
{
    for (uint32_t j = 0; j < n_inputs; j++)
        if (inputs[j] == outputs[i] && input_names[j] && strcmp(input_names[j], output_names[i]) == 0)
            return (L->out_name[i] = L->input_name[j]), NNX_OK;
    for (uint32_t j = 0; j < i; j++)
        if (outputs[j] == outputs[i] && strcmp(output_names[j], output_names[i]) == 0)
            return (L->out_name[i] = L->out_name[j]), NNX_OK;
    nnx_status st = unique_name(L, output_names[i], false, &L->out_name[i]);
    if (st == NNX_OK)
        nnx_ir_report_rename(L->renames, NNX_NAME_OUTPUT, output_names[i], L->out_name[i]);
    return st;
}

/* Per-value tables and every name kept from the source (decision N): inputs, outputs, then
 * the other live values the IR names, in value order. */
static nnx_status setup(nnx_nnef_lower *L, const uint32_t *inputs, const char *const *input_names, uint32_t n_inputs,
                        const uint32_t *outputs, const char *const *output_names, uint32_t n_outputs,
                        const bool *value_live)
{
    nnx_arena *a = &L->g->arena;
    const nnx_ir *ir = L->ir;
    uint32_t nv = ir->n_values;
    L->tensor_of = nnx_arena_array(a, (size_t)nv + 1, sizeof *L->tensor_of);
    L->output_name = nnx_arena_array(a, (size_t)nv + 1, sizeof *L->output_name);
    L->label_of = nnx_arena_array(a, (size_t)nv + 1, sizeof *L->label_of);
    L->input_name = nnx_arena_array(a, (size_t)n_inputs + 1, sizeof *L->input_name);
    L->out_name = nnx_arena_array(a, (size_t)n_outputs + 1, sizeof *L->out_name);
    if (!L->tensor_of || !L->output_name || !L->label_of || !L->input_name || !L->out_name ||
        !(L->g->name = nnx_arena_strdup(a, "G")))
        return nnx_nnef_lower_oom(L);
    for (uint32_t v = 0; v < nv; v++)
        L->tensor_of[v] = NNX_NONE;
    nnx_status st = NNX_OK;
    for (uint32_t i = 0; st == NNX_OK && i < n_inputs; i++) {
        if (!input_names[i])
            return nnx_nnef_lower_fail(L, NNX_ERROR_INVALID_ARGUMENT, "graph input #%u has no name", i);
        st = unique_name(L, input_names[i], false, &L->input_name[i]);
        if (st == NNX_OK)
            nnx_ir_report_rename(L->renames, NNX_NAME_INPUT, input_names[i], L->input_name[i]);
    }
    for (uint32_t i = 0; st == NNX_OK && i < n_outputs; i++) {
        if (!output_names[i])
            return nnx_nnef_lower_fail(L, NNX_ERROR_INVALID_ARGUMENT, "graph output #%u has no name", i);
        st = output_identifier(L, inputs, input_names, n_inputs, outputs, output_names, i);
        /* decision N: a node's value is named by its first output; others get copies */
        if (st == NNX_OK && ir->values[outputs[i]].kind == NNX_VALUE_NODE && !L->output_name[outputs[i]])
            L->output_name[outputs[i]] = L->out_name[i];
    }
    for (uint32_t v = 0; st == NNX_OK && v < nv; v++) {
        const nnx_value *val = &ir->values[v];
        if (!value_live[v] || val->kind == NNX_VALUE_INPUT || !val->name || !val->name[0] || L->output_name[v])
            continue;
        bool weight = val->kind == NNX_VALUE_CONSTANT;
        st = unique_name(L, val->name, false, &L->output_name[v]);
        if (st == NNX_OK && weight)
            st = unique_name(L, val->name, true, &L->label_of[v]);
        /* a weight is known by its label (its .dat file), a tensor by its identifier */
        if (st == NNX_OK)
            nnx_ir_report_rename(L->renames, weight ? NNX_NAME_WEIGHT : NNX_NAME_TENSOR, val->name,
                                 weight ? L->label_of[v] : L->output_name[v]);
    }
    return st;
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
        if (strcmp(g->tensors[t].name, L->out_name[i]) != 0 || listed(g, g->n_outputs, t)) {
            nnx_nnef_lower_arg x = {"x", nnx_nnef_v_tensor(t)};
            uint32_t c;
            nnx_status st = nnx_nnef_lower_tensor(L, L->out_name[i], &L->ir->values[outputs[i]].desc, &c);
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
    nnx_status st = setup(L, inputs, input_names, n_inputs, outputs, output_names, n_outputs, value_live);
    if (st == NNX_OK && !(g->inputs = nnx_arena_array(&g->arena, (size_t)n_inputs + 1, sizeof *g->inputs)))
        st = nnx_nnef_lower_oom(L);
    for (uint32_t i = 0; st == NNX_OK && i < n_inputs; i++) {
        st = external(L, inputs[i], L->input_name[i]);
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
                            const nnx_nnef_registry *reg, const nnx_ir_renames *renames, nnx_nnef_flat *out,
                            nnx_nnef_variable_data **vars, uint32_t *n_vars, nnx_error *err)
{
    *vars = NULL;
    *n_vars = 0;
    nnx_nnef_lower L = {.ir = ir, .reg = reg, .g = out, .err = err, .renames = renames};
    nnx_strmap_init(&L.taken, out->alloc, false);
    nnx_strmap_init(&L.labels, out->alloc, true);
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
    nnx_strmap_free(&L.taken);
    nnx_strmap_free(&L.labels);
    return st;
}
