/* graph.c — storing the core IR: values, nodes whose outputs ops/graph_build.c inferred,
 * updates, liveness. Nodes are appended after the values they read exist, so node order is
 * always a topological order; passes that reorder must keep that true. */
#include "ir/graph.h"
#include "ir/dtypes.h"

#include <string.h>

void nnx_ir_init(nnx_ir *ir, const nnx_alloc *alloc)
{
    memset(ir, 0, sizeof *ir);
    ir->alloc = alloc;
    nnx_arena_init(&ir->arena, alloc);
}

void nnx_ir_free(nnx_ir *ir)
{
    if (!ir->alloc)
        return;
    for (uint32_t i = 0; i < ir->n_values; i++)
        nnx_mem_free_aligned(ir->alloc, ir->values[i].data);
    nnx_mem_free(ir->alloc, ir->values);
    nnx_mem_free(ir->alloc, ir->nodes);
    nnx_mem_free(ir->alloc, ir->updates);
    nnx_arena_free(&ir->arena);
    memset(ir, 0, sizeof *ir);
}

static nnx_status oom(nnx_error *err) { return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory"); }

static nnx_status new_value(nnx_ir *ir, const nnx_operand_desc *desc, nnx_value_kind kind, uint32_t *id, nnx_error *err)
{
    if (ir->n_values == NNX_NONE - 1)
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "too many values");
    if (!nnx_mem_reserve(ir->alloc, (void **)&ir->values, &ir->cap_values, ir->n_values + 1, sizeof(nnx_value)))
        return oom(err);
    nnx_value *v = &ir->values[ir->n_values];
    memset(v, 0, sizeof *v);
    v->desc = *desc;
    v->kind = kind;
    v->producer = NNX_NONE;
    *id = ir->n_values++;
    return NNX_OK;
}

nnx_status nnx_ir_add_input(nnx_ir *ir, const char *name, const nnx_operand_desc *desc, uint32_t *id, nnx_error *err)
{
    char *copy = nnx_arena_strdup(&ir->arena, name);
    if (!copy)
        return oom(err);
    nnx_status st = new_value(ir, desc, NNX_VALUE_INPUT, id, err);
    if (st == NNX_OK)
        ir->values[*id].name = copy;
    return st;
}

nnx_status nnx_ir_add_constant(nnx_ir *ir, const nnx_operand_desc *desc, const void *data, size_t size, uint32_t *id,
                               nnx_error *err)
{
    size_t bytes;
    if (!nnx_desc_bytes(desc, &bytes) || bytes != size)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "constant data is %zu bytes, the descriptor needs %zu",
                             size, bytes);
    void *copy = nnx_mem_alloc_aligned(ir->alloc, size ? size : 1); /* an empty tensor has data too */
    if (!copy) /* the largest allocation a model makes: say how large */
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory for a constant (%zu bytes)", size ? size : 1);
    if (size)
        memcpy(copy, data, size);
    nnx_status st = new_value(ir, desc, NNX_VALUE_CONSTANT, id, err);
    if (st != NNX_OK) {
        nnx_mem_free_aligned(ir->alloc, copy);
        return st;
    }
    ir->values[*id].data = copy;
    return NNX_OK;
}

nnx_status nnx_ir_append_node(nnx_ir *ir, const nnx_node *node, const nnx_operand_desc *out_desc, uint32_t *first_out,
                              nnx_error *err)
{
    if (ir->max_nodes && ir->n_nodes >= ir->max_nodes)
        return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED,
                             "the model has more than %llu operations after expansion (the limit; raise it with "
                             "nnx_model_options.max_operations, nnx --max-operations)",
                             (unsigned long long)ir->max_nodes);
    if (!nnx_mem_reserve(ir->alloc, (void **)&ir->nodes, &ir->cap_nodes, ir->n_nodes + 1, sizeof(nnx_node)))
        return oom(err);
    uint32_t first = ir->n_values;
    if (!nnx_mem_reserve(ir->alloc, (void **)&ir->values, &ir->cap_values, ir->n_values + node->n_out,
                         sizeof(nnx_value)))
        return oom(err);
    for (uint32_t i = 0; i < node->n_out; i++) {
        uint32_t id;
        new_value(ir, &out_desc[i], NNX_VALUE_NODE, &id, err); /* cannot fail: reserved */
        ir->values[id].producer = ir->n_nodes;
        node->out[i] = id;
    }
    ir->nodes[ir->n_nodes++] = *node;
    if (first_out)
        *first_out = first;
    return NNX_OK;
}

void nnx_ir_mark_live(const nnx_ir *ir, const uint32_t *outputs, uint32_t n_outputs, bool *node_live, bool *value_live)
{
    memset(node_live, 0, ir->n_nodes * sizeof *node_live);
    memset(value_live, 0, ir->n_values * sizeof *value_live);
    for (uint32_t i = 0; i < n_outputs; i++)
        value_live[outputs[i]] = true;
    for (uint32_t i = 0; i < ir->n_updates; i++)
        value_live[ir->updates[i].variable] = value_live[ir->updates[i].value] = true;
    for (uint32_t n = ir->n_nodes; n-- > 0;) {
        const nnx_node *node = &ir->nodes[n];
        bool live = false;
        for (uint32_t o = 0; o < node->n_out; o++)
            live |= value_live[node->out[o]];
        if (!live)
            continue;
        node_live[n] = true;
        for (uint32_t o = 0; o < node->n_out; o++)
            value_live[node->out[o]] = true; /* all outputs of a live node get buffers */
        for (uint32_t i = 0; i < node->n_in; i++)
            if (node->in[i] != NNX_NONE)
                value_live[node->in[i]] = true;
    }
}

static bool zero_or_absent(const nnx_ir *ir, uint32_t v)
{
    if (v == NNX_NONE)
        return true;
    const nnx_value *x = &ir->values[v];
    size_t bytes, esize = nnx_dtype_size(x->desc.dtype);
    if (x->kind != NNX_VALUE_CONSTANT || !nnx_desc_bytes(&x->desc, &bytes) || esize == 0)
        return false;
    const unsigned char *p = x->data;
    for (size_t i = 0; i < bytes; i++) {
        /* -0.0 is its sign bit alone: the top byte 0x80 on the little-endian hosts nnx runs on */
        bool sign_byte = nnx_dtype_is_float(x->desc.dtype) && i % esize == esize - 1;
        if (p[i] != 0 && !(sign_byte && p[i] == 0x80))
            return false;
    }
    return true;
}

const char *nnx_ir_tosa_float_form(const nnx_ir *ir, const nnx_node *n, uint32_t first_zp)
{
    nnx_dtype dt = ir->values[n->in[0]].desc.dtype;
    if (!nnx_dtype_is_float(dt) || ir->values[n->out[0]].desc.dtype != dt)
        return "its integer form (zero points, shifts, accumulator types)";
    for (uint32_t k = first_zp; k < n->n_in; k++)
        if (!zero_or_absent(ir, n->in[k]))
            return "a non-zero zero point";
    return NULL;
}

bool nnx_ir_fixed_constant(const nnx_ir *ir, uint32_t v)
{
    if (v == NNX_NONE || v >= ir->n_values || ir->values[v].kind != NNX_VALUE_CONSTANT)
        return false;
    for (uint32_t u = 0; u < ir->n_updates; u++)
        if (ir->updates[u].variable == v)
            return false;
    return true;
}

nnx_status nnx_ir_add_update(nnx_ir *ir, uint32_t variable, uint32_t value, nnx_error *err)
{
    if (variable >= ir->n_values || value >= ir->n_values || ir->values[variable].kind != NNX_VALUE_CONSTANT)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "the updated value is not a variable");
    const nnx_operand_desc *a = &ir->values[variable].desc, *b = &ir->values[value].desc;
    if (a->dtype != b->dtype || a->rank != b->rank || memcmp(a->shape, b->shape, a->rank * sizeof *a->shape) != 0)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                             "the new value's type or shape differs from the variable's");
    for (uint32_t i = 0; i < ir->n_updates; i++)
        if (ir->updates[i].variable == variable)
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "the variable is updated twice");
    if (!nnx_mem_reserve(ir->alloc, (void **)&ir->updates, &ir->cap_updates, ir->n_updates + 1, sizeof *ir->updates))
        return oom(err);
    ir->updates[ir->n_updates++] = (nnx_ir_update){variable, value};
    return NNX_OK;
}

nnx_status nnx_ir_set_name(nnx_ir *ir, uint32_t v, const char *name, nnx_error *err)
{
    if (v >= ir->n_values || !name || !name[0] || ir->values[v].name)
        return NNX_OK;
    char *copy = nnx_arena_strdup(&ir->arena, name);
    if (!copy)
        return oom(err);
    ir->values[v].name = copy;
    return NNX_OK;
}

void nnx_ir_report_rename(const nnx_ir_renames *r, nnx_name_kind kind, const char *old_name, const char *new_name)
{
    if (r && r->fn && old_name && old_name[0] && new_name && strcmp(old_name, new_name) != 0)
        r->fn(r->user, kind, old_name, new_name);
}
