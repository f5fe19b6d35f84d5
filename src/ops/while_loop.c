/* while_loop.c — core while_loop (TOSA WHILE_LOOP, spec §2.14.2): its shape rule, the freezing
 * of its condition and body graphs into the owning graph's arena (while_loop.h), and the
 * reference kernel, a small interpreter that runs a sub-graph's nodes on the reference
 * kernels with buffers it allocates per run (the one kernel that allocates while running:
 * the trip count is only known at run time). A loop that never ends does not return, as
 * the spec's does not. */
#include "ops/while_loop.h"

#include <string.h>

#include "base/alloc.h"
#include "ir/dtypes.h"
#include "ops/table.h"

nnx_status nnx_infer_while_loop(const nnx_op_args *args, const nnx_operand_desc *const *in, nnx_operand_desc *out,
                                nnx_error *err)
{
    const nnx_attr_loop *a = &args->attrs->loop;
    if (!a->cond || !a->body)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "the condition or body graph is missing");
    if (args->n_out != args->n_in || a->body->n_params != args->n_in || a->body->n_results != args->n_in ||
        a->cond->n_params != args->n_in || a->cond->n_results != 1)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "the sub-graphs do not take and give the %u-tensor state",
                             args->n_in);
    for (uint32_t i = 0; i < args->n_in; i++) {
        if (!nnx_desc_equal(in[i], &a->body->values[a->body->params[i]].desc) ||
            !nnx_desc_equal(in[i], &a->body->values[a->body->results[i]].desc) ||
            !nnx_desc_equal(in[i], &a->cond->values[a->cond->params[i]].desc))
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "state tensor %u differs from the sub-graphs' type",
                                 i);
        out[i] = *in[i];
    }
    const nnx_operand_desc *c = &a->cond->values[a->cond->results[0]].desc;
    uint64_t n = 0;
    if (c->dtype != NNX_BOOL || !nnx_desc_elements(c, &n) || n != 1)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "the condition is not a one-element bool");
    return NNX_OK;
}

/* ---------------------------------------------------------------- freezing */

nnx_subgraph *nnx_subgraph_freeze(nnx_arena *arena, const nnx_alloc *alloc, const nnx_ir *src, const uint32_t *params,
                                  uint32_t n_params, const uint32_t *results, uint32_t n_results, nnx_error *err)
{
    bool *node_live = nnx_mem_calloc(src->alloc, (size_t)src->n_nodes + 1, 1);
    bool *value_live = nnx_mem_calloc(src->alloc, (size_t)src->n_values + 1, 1);
    nnx_subgraph *g = nnx_arena_alloc(arena, sizeof *g);
    if (!node_live || !value_live || !g)
        goto oom;
    nnx_ir_mark_live(src, results, n_results, node_live, value_live);
    *g = (nnx_subgraph){.alloc = alloc, .n_values = src->n_values, .n_params = n_params, .n_results = n_results};
    g->values = nnx_arena_memdup(arena, src->values, (size_t)src->n_values * sizeof *g->values);
    g->params = nnx_arena_memdup(arena, params, ((size_t)n_params + 1) * sizeof *params);
    g->results = nnx_arena_memdup(arena, results, ((size_t)n_results + 1) * sizeof *results);
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
        d->in = nnx_arena_memdup(arena, n->in, ((size_t)n->n_in + 1) * sizeof *n->in);
        d->out = nnx_arena_memdup(arena, n->out, ((size_t)n->n_out + 1) * sizeof *n->out);
        d->label = "";
        if (n->op == NNX_OP_SPLIT && n->attrs.split.sizes)
            d->attrs.split.sizes = nnx_arena_memdup(arena, n->attrs.split.sizes, (size_t)n->n_out * sizeof(uint32_t));
        if (!d->in || !d->out || (n->op == NNX_OP_SPLIT && n->attrs.split.sizes && !d->attrs.split.sizes))
            goto oom;
    }
    nnx_mem_free(src->alloc, node_live), nnx_mem_free(src->alloc, value_live);
    return g;
oom:
    nnx_mem_free(src->alloc, node_live), nnx_mem_free(src->alloc, value_live);
    nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    return NULL;
}

/* ---------------------------------------------------------------- running */

/* Runs g on the parameter buffers and copies its results into dst[0..n_results). */
static nnx_status run(const nnx_subgraph *g, void *const *param_data, void *const *dst)
{
    void **buf = nnx_mem_calloc(g->alloc, (size_t)g->n_values + 1, sizeof *buf);
    bool *owned = nnx_mem_calloc(g->alloc, (size_t)g->n_values + 1, sizeof *owned);
    nnx_view in[16], out[16];
    nnx_status st = buf && owned ? NNX_OK : NNX_ERROR_OUT_OF_MEMORY;
    for (uint32_t i = 0; st == NNX_OK && i < g->n_params; i++)
        buf[g->params[i]] = param_data[i];
    for (uint32_t v = 0; st == NNX_OK && v < g->n_values; v++)
        if (g->values[v].kind == NNX_VALUE_CONSTANT)
            buf[v] = g->values[v].data;
    for (uint32_t k = 0; st == NNX_OK && k < g->n_nodes; k++) {
        const nnx_node *n = &g->nodes[k];
        if (n->n_in > 16 || n->n_out > 16) {
            st = NNX_ERROR_NOT_SUPPORTED;
            break;
        }
        for (uint32_t i = 0; i < n->n_in; i++)
            in[i] = n->in[i] == NNX_NONE ? (nnx_view){{0}, NULL} : (nnx_view){g->values[n->in[i]].desc, buf[n->in[i]]};
        for (uint32_t o = 0; st == NNX_OK && o < n->n_out; o++) {
            uint32_t v = n->out[o];
            size_t bytes = 0;
            nnx_desc_bytes(&g->values[v].desc, &bytes);
            if (!(buf[v] = nnx_mem_calloc(g->alloc, bytes ? bytes : 1, 1)))
                st = NNX_ERROR_OUT_OF_MEMORY;
            owned[v] = true;
            out[o] = (nnx_view){g->values[v].desc, buf[v]};
        }
        if (st == NNX_OK)
            st = nnx_node_kernel(n, in, out);
    }
    for (uint32_t r = 0; st == NNX_OK && r < g->n_results; r++) {
        size_t bytes = 0;
        nnx_desc_bytes(&g->values[g->results[r]].desc, &bytes);
        memmove(dst[r], buf[g->results[r]], bytes);
    }
    for (uint32_t v = 0; buf && owned && v < g->n_values; v++)
        if (owned[v])
            nnx_mem_free(g->alloc, buf[v]);
    nnx_mem_free(g->alloc, buf);
    nnx_mem_free(g->alloc, owned);
    return st;
}

nnx_status nnx_ref_while_loop(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    const nnx_subgraph *cond = args->attrs->loop.cond, *body = args->attrs->loop.body;
    uint32_t n = args->n_in;
    const nnx_alloc *a = body->alloc;
    void **state = nnx_mem_calloc(a, (size_t)n + 1, sizeof *state),
         **next = nnx_mem_calloc(a, (size_t)n + 1, sizeof *next);
    nnx_status st = state && next ? NNX_OK : NNX_ERROR_OUT_OF_MEMORY;
    for (uint32_t i = 0; st == NNX_OK && i < n; i++) {
        size_t bytes = 0;
        nnx_desc_bytes(&in[i].desc, &bytes);
        memcpy(out[i].data, in[i].data, bytes);
        state[i] = out[i].data;
        if (!(next[i] = nnx_mem_calloc(a, bytes ? bytes : 1, 1)))
            st = NNX_ERROR_OUT_OF_MEMORY;
    }
    while (st == NNX_OK) {
        unsigned char go = 0;
        void *flag = &go;
        if ((st = run(cond, state, &flag)) != NNX_OK || !go)
            break;
        if ((st = run(body, state, next)) != NNX_OK)
            break;
        for (uint32_t i = 0; i < n; i++) {
            size_t bytes = 0;
            nnx_desc_bytes(&in[i].desc, &bytes);
            memcpy(state[i], next[i], bytes);
        }
    }
    for (uint32_t i = 0; next && i < n; i++)
        nnx_mem_free(a, next[i]);
    nnx_mem_free(a, state);
    nnx_mem_free(a, next);
    return st;
}
