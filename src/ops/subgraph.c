/* subgraph.c — the sub-graphs of the control-flow ops (ops/subgraph.h): freezing the part of
 * a built graph that its results need into the owning graph's arena, and copying a frozen
 * one with its nested sub-graphs (the interpreter that runs one is subgraph_run.c). */
#include "ops/subgraph.h"

#include <string.h>

#include "base/alloc.h"
#include "ir/dtypes.h"
#include "ops/table.h"

/* ---------------------------------------------------------------- freezing */

/* n ids copied into arena, with room for one more (an empty list is not NULL). */
static uint32_t *dup_ids(nnx_arena *arena, const uint32_t *ids, uint32_t n)
{
    uint32_t *d = nnx_arena_array(arena, (size_t)n + 1, sizeof *d);
    if (d && n)
        memcpy(d, ids, (size_t)n * sizeof *d);
    return d;
}

nnx_subgraph *nnx_subgraph_freeze(nnx_arena *arena, const nnx_alloc *alloc, const nnx_ir *src, const uint32_t *params,
                                  uint32_t n_params, const uint32_t *results, uint32_t n_results, nnx_error *err)
{
    bool *node_live = nnx_mem_calloc(src->alloc, (size_t)src->n_nodes + 1, 1);
    bool *value_live = nnx_mem_calloc(src->alloc, (size_t)src->n_values + 1, 1);
    nnx_subgraph *g = nnx_arena_alloc(arena, sizeof *g);
    if (!node_live || !value_live || !g)
        goto oom;
    for (uint32_t i = 0; i < n_results; i++)
        if (results[i] >= src->n_values) {
            nnx_mem_free(src->alloc, node_live), nnx_mem_free(src->alloc, value_live);
            nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "sub-graph result %u is not a value", i);
            return NULL;
        }
    nnx_ir_mark_live(src, results, n_results, node_live, value_live);
    *g = (nnx_subgraph){.alloc = alloc, .n_values = src->n_values, .n_params = n_params, .n_results = n_results};
    g->values = nnx_arena_array(arena, (size_t)src->n_values + 1, sizeof *g->values);
    if (g->values)
        memcpy(g->values, src->values, (size_t)src->n_values * sizeof *g->values);
    g->params = dup_ids(arena, params, n_params);
    g->results = dup_ids(arena, results, n_results);
    g->nodes = nnx_arena_array(arena, (size_t)src->n_nodes + 1, sizeof *g->nodes);
    if (!g->values || !g->params || !g->results || !g->nodes)
        goto oom;
    for (uint32_t i = 0; i < n_params; i++)
        if (params[i] >= src->n_values || src->values[params[i]].kind != NNX_VALUE_INPUT) {
            nnx_mem_free(src->alloc, node_live), nnx_mem_free(src->alloc, value_live);
            nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "sub-graph parameter %u is not an input", i);
            return NULL;
        }
    for (uint32_t v = 0; v < src->n_values; v++) {
        nnx_value *val = &g->values[v];
        val->name = NULL;
        if (val->kind != NNX_VALUE_CONSTANT)
            continue;
        size_t bytes = 0;
        nnx_desc_bytes(&val->desc, &bytes);
        val->data = value_live[v] && src->values[v].data
            ? nnx_arena_memdup(arena, src->values[v].data, bytes ? bytes : 1)
            : NULL;
        if (value_live[v] && !val->data)
            goto oom;
    }
    for (uint32_t k = 0; k < src->n_nodes; k++) {
        if (!node_live[k])
            continue;
        const nnx_node *n = &src->nodes[k];
        nnx_node *d = &g->nodes[g->n_nodes++];
        *d = *n;
        d->in = dup_ids(arena, n->in, n->n_in);
        d->out = dup_ids(arena, n->out, n->n_out);
        d->label = "";
        if (n->op == NNX_OP_SPLIT && n->attrs.split.sizes)
            d->attrs.split.sizes = nnx_arena_memdup(arena, n->attrs.split.sizes, (size_t)n->n_out * sizeof(uint32_t));
        if (!d->in || !d->out || (n->op == NNX_OP_SPLIT && n->attrs.split.sizes && !d->attrs.split.sizes))
            goto oom;
        if (n->n_in > g->max_io)
            g->max_io = n->n_in;
        if (n->n_out > g->max_io)
            g->max_io = n->n_out;
    }
    nnx_mem_free(src->alloc, node_live), nnx_mem_free(src->alloc, value_live);
    return nnx_subgraph_layout(arena, g, err) == NNX_OK ? g : NULL;
oom:
    nnx_mem_free(src->alloc, node_live), nnx_mem_free(src->alloc, value_live);
    nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    return NULL;
}

/* ---------------------------------------------------------------- copying */

static nnx_subgraph *copy_at(nnx_arena *arena, const nnx_alloc *alloc, const nnx_subgraph *g, unsigned depth,
                             nnx_error *err);

static nnx_status copy_attrs_at(nnx_arena *arena, const nnx_alloc *alloc, nnx_op op, nnx_attrs *a, unsigned depth,
                                nnx_error *err)
{
    const nnx_subgraph **slots[2] = {NULL, NULL};
    if (op == NNX_OP_WHILE_LOOP)
        slots[0] = &a->loop.cond, slots[1] = &a->loop.body;
    else if (op == NNX_OP_COND_IF)
        slots[0] = &a->cond_if.then_g, slots[1] = &a->cond_if.else_g;
    else
        return NNX_OK;
    for (int i = 0; i < 2; i++)
        if (*slots[i] && !(*slots[i] = copy_at(arena, alloc, *slots[i], depth + 1, err)))
            return err->status != NNX_OK ? err->status : NNX_ERROR_OUT_OF_MEMORY;
    return NNX_OK;
}

static nnx_subgraph *copy_at(nnx_arena *arena, const nnx_alloc *alloc, const nnx_subgraph *g, unsigned depth,
                             nnx_error *err)
{
    if (depth > NNX_SUBGRAPH_DEPTH) {
        nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED, "sub-graphs nested more than %d deep", NNX_SUBGRAPH_DEPTH);
        return NULL;
    }
    nnx_subgraph *d = nnx_arena_alloc(arena, sizeof *d);
    if (!d)
        goto oom;
    *d = *g;
    d->alloc = alloc;
    d->values = nnx_arena_memdup(arena, g->values, ((size_t)g->n_values + 1) * sizeof *g->values); /* as frozen */
    d->params = dup_ids(arena, g->params, g->n_params);
    d->results = dup_ids(arena, g->results, g->n_results);
    d->nodes = nnx_arena_array(arena, (size_t)g->n_nodes + 1, sizeof *d->nodes);
    if (!d->values || !d->params || !d->results || !d->nodes)
        goto oom;
    for (uint32_t v = 0; v < g->n_values; v++) {
        if (g->values[v].kind != NNX_VALUE_CONSTANT || !g->values[v].data)
            continue;
        size_t bytes = 0;
        nnx_desc_bytes(&g->values[v].desc, &bytes);
        if (!(d->values[v].data = nnx_arena_memdup(arena, g->values[v].data, bytes ? bytes : 1)))
            goto oom;
    }
    for (uint32_t k = 0; k < g->n_nodes; k++) {
        const nnx_node *n = &g->nodes[k];
        nnx_node *c = &d->nodes[k];
        *c = *n;
        c->in = dup_ids(arena, n->in, n->n_in);
        c->out = dup_ids(arena, n->out, n->n_out);
        if (n->op == NNX_OP_SPLIT && n->attrs.split.sizes &&
            !(c->attrs.split.sizes = nnx_arena_memdup(arena, n->attrs.split.sizes,
                                                      (size_t)n->n_out * sizeof(uint32_t))))
            goto oom;
        if (!c->in || !c->out)
            goto oom;
        if (copy_attrs_at(arena, alloc, n->op, &c->attrs, depth, err) != NNX_OK)
            return NULL;
    }
    return nnx_subgraph_layout(arena, d, err) == NNX_OK ? d : NULL;
oom:
    nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    return NULL;
}

nnx_subgraph *nnx_subgraph_copy(nnx_arena *arena, const nnx_alloc *alloc, const nnx_subgraph *g, nnx_error *err)
{
    return copy_at(arena, alloc, g, 0, err);
}

nnx_status nnx_subgraph_copy_attrs(nnx_arena *arena, const nnx_alloc *alloc, nnx_op op, nnx_attrs *attrs,
                                   nnx_error *err)
{
    return copy_attrs_at(arena, alloc, op, attrs, 0, err);
}
