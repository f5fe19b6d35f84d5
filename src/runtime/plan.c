/* plan.c — compile (liveness, buffers), run (call each node's reference kernel) and commit
 * the variables' updates after a run. */
#include "runtime/plan.h"
#include "ir/dtypes.h"

#include <string.h>

void nnx_plan_free(nnx_plan *plan)
{
    const nnx_ir *ir = plan->ir;
    if (!ir)
        return;
    if (plan->buffers && plan->owned)
        for (uint32_t v = 0; v < ir->n_values; v++)
            if (plan->owned[v])
                nnx_mem_free_aligned(ir->alloc, plan->buffers[v]);
    nnx_mem_free(ir->alloc, plan->order);
    nnx_mem_free(ir->alloc, plan->buffers);
    nnx_mem_free(ir->alloc, plan->owned);
    nnx_mem_free(ir->alloc, plan->in_views);
    nnx_mem_free(ir->alloc, plan->out_views);
    memset(plan, 0, sizeof *plan);
}

static nnx_status allocate_buffers(nnx_plan *plan, const bool *value_live, nnx_error *err)
{
    const nnx_ir *ir = plan->ir;
    for (uint32_t v = 0; v < ir->n_values; v++) {
        const nnx_value *val = &ir->values[v];
        if (val->kind == NNX_VALUE_CONSTANT)
            plan->buffers[v] = val->data;
        if (val->kind != NNX_VALUE_NODE || !value_live[v])
            continue;
        size_t bytes;
        if (!nnx_desc_bytes(&val->desc, &bytes))
            return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "a value of the graph is too large to allocate");
        plan->buffers[v] = nnx_mem_alloc_aligned(ir->alloc, bytes);
        if (!plan->buffers[v])
            return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory allocating %zu bytes for a value", bytes);
        plan->owned[v] = true;
    }
    return NNX_OK;
}

static nnx_status compile(nnx_plan *plan, const uint32_t *outputs, uint32_t n_outputs, nnx_error *err)
{
    const nnx_ir *ir = plan->ir;
    const nnx_alloc *a = ir->alloc;
    bool *node_live = nnx_mem_calloc(a, ir->n_nodes + 1, sizeof *node_live);
    bool *value_live = nnx_mem_calloc(a, ir->n_values + 1, sizeof *value_live);
    plan->order = nnx_mem_calloc(a, ir->n_nodes + 1, sizeof *plan->order);
    plan->buffers = nnx_mem_calloc(a, ir->n_values + 1, sizeof *plan->buffers);
    plan->owned = nnx_mem_calloc(a, ir->n_values + 1, sizeof *plan->owned);
    nnx_status st = NNX_OK;
    if (!node_live || !value_live || !plan->order || !plan->buffers || !plan->owned) {
        st = nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory planning the graph");
        goto done;
    }
    nnx_ir_mark_live(ir, outputs, n_outputs, node_live, value_live);
    uint32_t max_in = 1, max_out = 1;
    for (uint32_t n = 0; n < ir->n_nodes; n++) {
        if (!node_live[n])
            continue;
        plan->order[plan->n_order++] = n;
        if (ir->nodes[n].n_in > max_in) max_in = ir->nodes[n].n_in;
        if (ir->nodes[n].n_out > max_out) max_out = ir->nodes[n].n_out;
    }
    plan->in_views = nnx_mem_calloc(a, max_in, sizeof(nnx_view));
    plan->out_views = nnx_mem_calloc(a, max_out, sizeof(nnx_view));
    if (!plan->in_views || !plan->out_views) {
        st = nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory planning the graph");
        goto done;
    }
    st = allocate_buffers(plan, value_live, err);
done:
    nnx_mem_free(a, node_live);
    nnx_mem_free(a, value_live);
    return st;
}

nnx_status nnx_plan_compile(nnx_plan *plan, const nnx_ir *ir, const uint32_t *outputs, uint32_t n_outputs, nnx_error *err)
{
    memset(plan, 0, sizeof *plan);
    plan->ir = ir;
    nnx_status st = compile(plan, outputs, n_outputs, err);
    if (st != NNX_OK)
        nnx_plan_free(plan);
    return st;
}

static void fill_view(const nnx_plan *plan, uint32_t value, nnx_view *view)
{
    if (value == NNX_NONE) {
        memset(view, 0, sizeof *view);
        return;
    }
    view->desc = plan->ir->values[value].desc;
    view->data = plan->buffers[value];
}

nnx_status nnx_plan_run(nnx_plan *plan, nnx_error *err)
{
    const nnx_ir *ir = plan->ir;
    for (uint32_t k = 0; k < plan->n_order; k++) {
        const nnx_node *node = &ir->nodes[plan->order[k]];
        for (uint32_t i = 0; i < node->n_in; i++)
            fill_view(plan, node->in[i], &plan->in_views[i]);
        for (uint32_t o = 0; o < node->n_out; o++)
            fill_view(plan, node->out[o], &plan->out_views[o]);
        nnx_status st = nnx_op_table[node->op].kernel(node, plan->in_views, plan->out_views);
        if (st != NNX_OK)
            return nnx_error_set(err, st, "%s '%s' failed while running", nnx_op_table[node->op].name, node->label);
    }
    return NNX_OK;
}

void nnx_plan_commit_updates(nnx_plan *plan)
{
    const nnx_ir *ir = plan->ir;
    for (uint32_t i = 0; i < ir->n_updates; i++) {
        const nnx_ir_update *u = &ir->updates[i];
        size_t bytes;
        if (u->value != u->variable && nnx_desc_bytes(&ir->values[u->variable].desc, &bytes))
            memcpy(ir->values[u->variable].data, plan->buffers[u->value], bytes);
    }
}
