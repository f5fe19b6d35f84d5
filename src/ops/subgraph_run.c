/* subgraph_run.c — running the control-flow ops' sub-graphs without allocating: each frozen
 * sub-graph is laid out once (its value pointers, the views of one node, every node output
 * at its own offset, then the scratch of its nested control-flow nodes), and cond_if and
 * while_loop carve their branches' and bodies' runs from the scratch their caller gives. */
#include "ops/subgraph.h"

#include <string.h>

#include "base/alloc.h"
#include "base/checked.h"
#include "ir/dtypes.h"
#include "ops/table.h"

#define ALIGN 64

static bool is_flow(nnx_op op) { return op == NNX_OP_COND_IF || op == NNX_OP_WHILE_LOOP; }

/* a + round_up(b): false on overflow. */
static bool grow(size_t *a, size_t b)
{
    size_t r = nnx_round_up(b, ALIGN);
    return r >= b && nnx_add_size(*a, r, a);
}

/* The two arrays of views start after the value pointers. */
static size_t views_offset(const nnx_subgraph *g) { return nnx_round_up((size_t)g->n_values * sizeof(void *), ALIGN); }

nnx_status nnx_subgraph_layout(nnx_arena *arena, nnx_subgraph *g, nnx_error *err)
{
    g->offset = nnx_arena_array(arena, (size_t)g->n_values + 1, sizeof *g->offset);
    if (!g->offset)
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    size_t off = 0, nested = 0;
    bool ok = grow(&off, (size_t)g->n_values * sizeof(void *)) && grow(&off, (size_t)g->max_io * sizeof(nnx_view)) &&
        grow(&off, (size_t)g->max_io * sizeof(nnx_view));
    for (uint32_t k = 0; ok && k < g->n_nodes; k++) {
        const nnx_node *n = &g->nodes[k];
        for (uint32_t o = 0; ok && o < n->n_out; o++) {
            size_t bytes = 0;
            g->offset[n->out[o]] = off;
            ok = nnx_desc_bytes(&g->values[n->out[o]].desc, &bytes) && grow(&off, bytes);
        }
        if (is_flow(n->op)) {
            nnx_op_args a = nnx_node_args(n);
            size_t s = nnx_flow_scratch(&a);
            nested = s > nested ? s : nested;
        }
    }
    g->nested_offset = off;
    if (!ok || !nnx_add_size(off, nested, &g->scratch_bytes) || g->scratch_bytes > SIZE_MAX / 4)
        return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED, "a sub-graph's run needs more memory than can be addressed");
    return NNX_OK;
}

nnx_status nnx_subgraph_run(const nnx_subgraph *g, void *const *param_data, void *const *dst, void *scratch)
{
    unsigned char *base = scratch;
    void **buf = scratch;
    nnx_view *in = (nnx_view *)(void *)(base + views_offset(g));
    nnx_view *out = (nnx_view *)(void *)(base + views_offset(g) +
                                         nnx_round_up((size_t)g->max_io * sizeof(nnx_view), ALIGN));
    for (uint32_t v = 0; v < g->n_values; v++)
        buf[v] = g->values[v].kind == NNX_VALUE_CONSTANT ? g->values[v].data : NULL;
    for (uint32_t i = 0; i < g->n_params; i++)
        buf[g->params[i]] = param_data[i];
    for (uint32_t k = 0; k < g->n_nodes; k++) {
        const nnx_node *n = &g->nodes[k];
        for (uint32_t i = 0; i < n->n_in; i++)
            in[i] = n->in[i] == NNX_NONE ? (nnx_view){{0}, NULL} : (nnx_view){g->values[n->in[i]].desc, buf[n->in[i]]};
        for (uint32_t o = 0; o < n->n_out; o++) {
            uint32_t v = n->out[o];
            buf[v] = base + g->offset[v];
            out[o] = (nnx_view){g->values[v].desc, buf[v]};
        }
        nnx_op_args a = nnx_node_args(n);
        nnx_status st = is_flow(n->op) ? nnx_flow_run(&a, in, out, base + g->nested_offset)
                                       : nnx_node_kernel(n, in, out);
        if (st != NNX_OK)
            return st;
    }
    for (uint32_t r = 0; r < g->n_results; r++) {
        size_t bytes = 0;
        nnx_desc_bytes(&g->values[g->results[r]].desc, &bytes);
        if (bytes)
            memmove(dst[r], buf[g->results[r]], bytes);
    }
    return NNX_OK;
}

/* ---------------------------------------------------------------- cond_if, while_loop */

static size_t max_size(size_t a, size_t b) { return a > b ? a : b; }

/* while_loop's state bytes (the body's parameters), each rounded up; SIZE_MAX on overflow. */
static size_t state_bytes(const nnx_subgraph *body)
{
    size_t total = 0;
    for (uint32_t i = 0; i < body->n_params; i++) {
        size_t bytes = 0;
        if (!nnx_desc_bytes(&body->values[body->params[i]].desc, &bytes) || !grow(&total, bytes))
            return SIZE_MAX;
    }
    return total;
}

size_t nnx_flow_scratch(const nnx_op_args *args)
{
    size_t n = 0;
    if (args->op == NNX_OP_COND_IF) {
        const nnx_subgraph *t = args->attrs->cond_if.then_g, *e = args->attrs->cond_if.else_g;
        if (!t || !e || !grow(&n, ((size_t)args->n_in + args->n_out) * sizeof(void *)) ||
            !nnx_add_size(n, max_size(t->scratch_bytes, e->scratch_bytes), &n))
            return SIZE_MAX;
        return n;
    }
    if (args->op == NNX_OP_WHILE_LOOP) {
        const nnx_subgraph *c = args->attrs->loop.cond, *b = args->attrs->loop.body;
        size_t s = b ? state_bytes(b) : SIZE_MAX;
        if (!c || s == SIZE_MAX || !grow(&n, 2 * (size_t)args->n_in * sizeof(void *)) || !nnx_add_size(n, s, &n) ||
            !grow(&n, 1) || !nnx_add_size(n, max_size(c->scratch_bytes, b->scratch_bytes), &n))
            return SIZE_MAX;
        return n;
    }
    return 0;
}

static nnx_status run_cond_if(const nnx_op_args *args, const nnx_view *in, nnx_view *out, unsigned char *scratch)
{
    const nnx_subgraph *b = *(const unsigned char *)in[0].data ? args->attrs->cond_if.then_g
                                                               : args->attrs->cond_if.else_g;
    uint32_t n_p = args->n_in - 1, n_d = args->n_out;
    void **p = (void **)(void *)scratch, **d = p + n_p;
    for (uint32_t i = 0; i < n_p; i++)
        p[i] = in[i + 1].data;
    for (uint32_t o = 0; o < n_d; o++)
        d[o] = out[o].data;
    return nnx_subgraph_run(b, p, d, scratch + nnx_round_up(((size_t)args->n_in + n_d) * sizeof(void *), ALIGN));
}

/* The state lives in the outputs; each body run writes the next state beside it, which is
 * then copied over (a body result may read any parameter until the run ends). */
static nnx_status run_while_loop(const nnx_op_args *args, const nnx_view *in, nnx_view *out, unsigned char *scratch)
{
    const nnx_subgraph *cond = args->attrs->loop.cond, *body = args->attrs->loop.body;
    uint32_t n = args->n_in;
    void **state = (void **)(void *)scratch, **next = state + n;
    unsigned char *data = scratch + nnx_round_up(2 * (size_t)n * sizeof(void *), ALIGN);
    for (uint32_t i = 0; i < n; i++) {
        size_t bytes = 0;
        nnx_desc_bytes(&in[i].desc, &bytes);
        if (bytes)
            memcpy(out[i].data, in[i].data, bytes);
        state[i] = out[i].data;
        next[i] = data;
        data += nnx_round_up(bytes, ALIGN);
    }
    unsigned char *flag = data;
    void *flag_dst = flag, *sub = data + ALIGN;
    for (;;) {
        *flag = 0;
        nnx_status st = nnx_subgraph_run(cond, state, &flag_dst, sub);
        if (st != NNX_OK || !*flag)
            return st;
        if ((st = nnx_subgraph_run(body, state, next, sub)) != NNX_OK)
            return st;
        for (uint32_t i = 0; i < n; i++) {
            size_t bytes = 0;
            nnx_desc_bytes(&in[i].desc, &bytes);
            if (bytes)
                memcpy(state[i], next[i], bytes);
        }
    }
}

nnx_status nnx_flow_run(const nnx_op_args *args, const nnx_view *in, nnx_view *out, void *scratch)
{
    if (args->op == NNX_OP_COND_IF)
        return run_cond_if(args, in, out, scratch);
    if (args->op == NNX_OP_WHILE_LOOP)
        return run_while_loop(args, in, out, scratch);
    return NNX_ERROR_INVALID_ARGUMENT;
}

/* The reference kernels: the same runs in scratch allocated once per call. */
static nnx_status with_scratch(const nnx_op_args *args, const nnx_view *in, nnx_view *out, const nnx_alloc *a)
{
    size_t bytes = nnx_flow_scratch(args);
    void *scratch = bytes == SIZE_MAX ? NULL : nnx_mem_alloc_aligned(a, bytes ? bytes : 1);
    if (!scratch)
        return NNX_ERROR_OUT_OF_MEMORY;
    nnx_status st = nnx_flow_run(args, in, out, scratch);
    nnx_mem_free_aligned(a, scratch);
    return st;
}

nnx_status nnx_ref_cond_if(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    return with_scratch(args, in, out, args->attrs->cond_if.then_g->alloc);
}

nnx_status nnx_ref_while_loop(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    return with_scratch(args, in, out, args->attrs->loop.body->alloc);
}
