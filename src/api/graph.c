/* graph.c — compiled graph queries, destruction and dispatch (WebNN MLContext.dispatch:
 * the tensors' validation steps, then a synchronous run of the plan). */
#include "api/graph_shapes.h"
#include "api/graph_stages.h"
#include "api/name_match.h"
#include "ir/dtypes.h"
#include "ir/ops.h"
#include "base/strmap.h"

#include <stdlib.h>
#include <string.h>

/* Releases everything but the handle. */
static void release(nnx_graph *g)
{
    const nnx_alloc *a = &g->ctx->alloc;
    nnx_graph_shapes_free(g);
    nnx_graph_stages_free(g);
    while (g->idle) {
        nnx_exec *x = g->idle;
        g->idle = x->next;
        nnx_exec_destroy(&g->plan, x);
    }
    nnx_plan_free(&g->plan);
    pthread_mutex_destroy(&g->lock);
    pthread_mutex_destroy(&g->state_lock);
    if (g->output_names)
        for (uint32_t i = 0; i < g->n_outputs; i++)
            nnx_mem_free(a, g->output_names[i]);
    nnx_mem_free(a, g->output_names);
    nnx_mem_free(a, g->output_values);
    nnx_mem_free(a, g->input_names);
    nnx_mem_free(a, g->input_values);
    nnx_ir_free(&g->ir);
    g->n_inputs = g->n_outputs = 0;
}

void nnx_graph_free(nnx_graph *g)
{
    release(g);
    nnx_handle_free(g);
}

void nnx_graph_destroy(nnx_graph *g)
{
    if (!g || g->h.destroyed)
        return;
    nnx_context_disown(g->ctx, &g->h.link);
    release(g);
    nnx_handle_bury(&g->h);
}

size_t nnx_graph_input_count(const nnx_graph *g) { return g ? g->n_inputs : 0; }
size_t nnx_graph_output_count(const nnx_graph *g) { return g ? g->n_outputs : 0; }

uint64_t nnx_graph_planned_bytes(const nnx_graph *g)
{
    if (!g || g->h.destroyed || !(g = nnx_graph_shapes_current(g)))
        return 0;
    const nnx_plan *p = &g->plan;
    return p->arena_bytes + p->shared_bytes + (uint64_t)p->thread_bytes * nnx_pool_threads(p->pool);
}

nnx_status nnx_graph_set_profiling(nnx_graph *g, bool on)
{
    if (!g)
        return NNX_ERROR_INVALID_ARGUMENT;
    if (g->h.destroyed)
        return nnx_destroyed(g->ctx, NNX_ERROR_INVALID_STATE, "the graph");
    if (g->shapes)
        return nnx_graph_shapes_set_profiling(g, on);
    nnx_plan_profile *p = g->plan.profile;
    if (on && !__atomic_load_n(&p->on, __ATOMIC_RELAXED)) {
        __atomic_store_n(&p->runs, 0, __ATOMIC_RELAXED);
        for (uint32_t k = 0; k < g->plan.n_order; k++)
            __atomic_store_n(&p->ns[k], 0, __ATOMIC_RELAXED);
    }
    __atomic_store_n(&p->on, on, __ATOMIC_RELAXED);
    return NNX_OK;
}

size_t nnx_graph_profile_count(const nnx_graph *g)
{
    size_t n = 0;
    if (g && !g->h.destroyed)
        g = nnx_graph_shapes_current(g);
    for (uint32_t k = 0; g && !g->h.destroyed && k < g->plan.n_order; k++)
        n += !g->plan.skip[k];
    return n;
}

bool nnx_graph_profile_step(const nnx_graph *g, size_t index, nnx_profile_step *out)
{
    if (!out)
        return false;
    memset(out, 0, sizeof *out);
    if (g && !g->h.destroyed)
        g = nnx_graph_shapes_current(g);
    for (uint32_t k = 0; g && !g->h.destroyed && k < g->plan.n_order; k++) {
        if (g->plan.skip[k] || index-- > 0)
            continue;
        const nnx_plan *p = &g->plan;
        const nnx_node *node = nnx_plan_step_node(p, k); /* a fused layer norm chain: layer_normalization */
        bool add = p->act[k].residual != NNX_NONE, clamp = p->act[k].on;
        out->op = nnx_op_table[node->op].name;
        out->label = node->label;
        out->kernel = p->fast[k] ? "fast" : "reference";
        out->fused = add && clamp ? "add+clamp" : add ? "add" : clamp ? "clamp" : "";
        out->runs = __atomic_load_n(&p->profile->runs, __ATOMIC_RELAXED);
        out->nanoseconds = __atomic_load_n(&p->profile->ns[k], __ATOMIC_RELAXED);
        const char *name = node->n_out ? p->ir->values[node->out[0]].name : NULL;
        out->output = name ? name : "";
        return true;
    }
    return false;
}

const char *nnx_graph_input_name(const nnx_graph *g, size_t i)
{
    return g && i < g->n_inputs ? g->input_names[i] : NULL;
}
const char *nnx_graph_output_name(const nnx_graph *g, size_t i)
{
    return g && i < g->n_outputs ? g->output_names[i] : NULL;
}

bool nnx_graph_output_producer(const nnx_graph *g, size_t i, const char **op, const char **label)
{
    const nnx_node *node = NULL;
    if (g && !g->h.destroyed && !g->shapes && !g->stages && i < g->n_outputs) {
        const nnx_value *v = &g->ir.values[g->output_values[i]];
        if (v->kind == NNX_VALUE_NODE && v->producer < g->ir.n_nodes)
            node = &g->ir.nodes[v->producer];
    }
    if (op)
        *op = node ? nnx_op_table[node->op].name : NULL;
    if (label)
        *label = node ? node->label : NULL;
    return node != NULL;
}

static nnx_status find_named(nnx_graph *g, bool output, const char *name, size_t *index)
{
    if (!g || !name || !index)
        return NNX_ERROR_INVALID_ARGUMENT;
    if (g->h.destroyed)
        return nnx_destroyed(g->ctx, NNX_ERROR_INVALID_STATE, "graph find: the graph");
    nnx_error err = {0};
    nnx_status st = output
        ? nnx_name_match((const char *const *)g->output_names, g->n_outputs, name, g->sanitize, "output",
                         &g->ctx->alloc, index, &err)
        : nnx_name_match(g->input_names, g->n_inputs, name, g->sanitize, "input", &g->ctx->alloc, index, &err);
    return st == NNX_OK ? NNX_OK : nnx_context_fail(g->ctx, st, "%s", err.message);
}

nnx_status nnx_graph_find_input(nnx_graph *g, const char *name, size_t *index)
{
    return find_named(g, false, name, index);
}

nnx_status nnx_graph_find_output(nnx_graph *g, const char *name, size_t *index)
{
    return find_named(g, true, name, index);
}

static void io_desc(const nnx_graph *g, bool output, size_t i, nnx_operand_desc *out)
{
    if (!out)
        return;
    if (!g || i >= (output ? g->n_outputs : g->n_inputs))
        memset(out, 0, sizeof *out);
    else if (g->shapes)
        nnx_graph_shapes_desc(g, output, i, out);
    else if (g->stages)
        nnx_graph_stages_desc(g, output, i, out);
    else
        *out = g->ir.values[(output ? g->output_values : g->input_values)[i]].desc;
}

void nnx_graph_input_desc(const nnx_graph *g, size_t i, nnx_operand_desc *out) { io_desc(g, false, i, out); }
void nnx_graph_output_desc(const nnx_graph *g, size_t i, nnx_operand_desc *out) { io_desc(g, true, i, out); }

const char *nnx_graph_input_dim_name(const nnx_graph *g, size_t i, uint32_t axis)
{
    return g && !g->h.destroyed ? nnx_graph_shapes_dim(g, false, i, axis) : NULL;
}

const char *nnx_graph_staged_reason(const nnx_graph *g)
{
    if (!g || g->h.destroyed)
        return NULL;
    const nnx_graph *current = g->shapes ? nnx_graph_shapes_current(g) : g;
    return current ? nnx_graph_stages_note(current) : NULL;
}

const char *nnx_graph_output_dim_name(const nnx_graph *g, size_t i, uint32_t axis)
{
    return g && !g->h.destroyed ? nnx_graph_shapes_dim(g, true, i, axis) : NULL;
}

/* index maps each of names[0..n) to its position, the first one for a name given twice
 * (what a search from the start finds); false when out of memory. The map borrows names. */
static bool name_index(nnx_strmap *index, const nnx_alloc *a, const char *const *names, uint32_t n)
{
    nnx_strmap_init(index, a, false);
    if (!nnx_strmap_reserve(index, n))
        return false;
    for (uint32_t i = 0; i < n; i++) {
        bool added;
        uintptr_t *v = nnx_strmap_put(index, names[i], &added);
        if (!v)
            return false;
        if (added)
            *v = i;
    }
    return true;
}

/* WebNN "validate tensors with descriptors": same count, every name known and bound once,
 * tensors of this context, not constant, with equal descriptors. Returns for each entry of
 * names[] the position in bound[] of its tensor through slot[]. */
static nnx_status match_indexed(nnx_context *ctx, const char *what, const nnx_named_tensor *bound, size_t n_bound,
                                const char *const *names, const uint32_t *values, uint32_t n, const nnx_ir *ir,
                                const nnx_strmap *index, size_t *slot)
{
    for (uint32_t i = 0; i < n; i++)
        slot[i] = SIZE_MAX;
    for (size_t k = 0; k < n_bound; k++) {
        const nnx_named_tensor *nt = &bound[k];
        uintptr_t found;
        uint32_t i = nt->name && nnx_strmap_get(index, nt->name, &found) ? (uint32_t)found : n;
        if (i == n)
            return nnx_context_fail(ctx, NNX_ERROR_INVALID_ARGUMENT, "dispatch: the graph has no %s named '%s'", what,
                                    nt->name ? nt->name : "(null)");
        if (slot[i] != SIZE_MAX)
            return nnx_context_fail(ctx, NNX_ERROR_INVALID_ARGUMENT, "dispatch: %s '%s' is bound twice", what,
                                    names[i]);
        slot[i] = k;
        const nnx_tensor *t = nt->tensor;
        if (!t || t->ctx != ctx)
            return nnx_context_fail(ctx, NNX_ERROR_INVALID_ARGUMENT,
                                    "dispatch: %s '%s' is not a tensor of this context", what, names[i]);
        if (t->h.destroyed)
            return nnx_context_fail(ctx, NNX_ERROR_INVALID_ARGUMENT, "dispatch: %s '%s' is a destroyed tensor", what,
                                    names[i]);
        if (t->constant)
            return nnx_context_fail(ctx, NNX_ERROR_INVALID_ARGUMENT, "dispatch: %s '%s' is a constant tensor", what,
                                    names[i]);
        if (!nnx_desc_equal(&t->desc.desc, &ir->values[values[i]].desc)) {
            char want[96], got[96];
            return nnx_context_fail(ctx, NNX_ERROR_INVALID_ARGUMENT, "dispatch: %s '%s' is %s, the graph expects %s",
                                    what, names[i], nnx_desc_format(&t->desc.desc, got, sizeof got),
                                    nnx_desc_format(&ir->values[values[i]].desc, want, sizeof want));
        }
    }
    return NNX_OK;
}

static nnx_status match_tensors(nnx_context *ctx, const char *what, const nnx_named_tensor *bound, size_t n_bound,
                                const char *const *names, const uint32_t *values, uint32_t n, const nnx_ir *ir,
                                size_t *slot)
{
    if (n_bound != n)
        return nnx_context_fail(ctx, NNX_ERROR_INVALID_ARGUMENT, "dispatch: %zu %s tensors given, the graph has %u",
                                n_bound, what, n);
    if (n && !bound)
        return nnx_context_fail(ctx, NNX_ERROR_INVALID_ARGUMENT, "dispatch: the %s list is NULL", what);
    nnx_strmap index;
    nnx_status st = name_index(&index, &ctx->alloc, names, n)
        ? match_indexed(ctx, what, bound, n_bound, names, values, n, ir, &index, slot)
        : nnx_context_fail(ctx, NNX_ERROR_OUT_OF_MEMORY, "dispatch: out of memory");
    nnx_strmap_free(&index);
    return st;
}

static nnx_status run(nnx_context *ctx, nnx_graph *g, const nnx_named_tensor *inputs, const size_t *in_slot,
                      const nnx_named_tensor *outputs, const size_t *out_slot);

static int by_address(const void *a, const void *b)
{
    uintptr_t x = (uintptr_t) * (const nnx_tensor *const *)a, y = (uintptr_t) * (const nnx_tensor *const *)b;
    return (x > y) - (x < y);
}

/* Whether a non-NULL tensor appears twice among in[] and out[]: sorted by address, a repeat
 * is a neighbour (n log n, for graphs with many outputs). *oom when the copy cannot be made. */
static bool any_tensor_twice(const nnx_alloc *a, const nnx_named_tensor *in, size_t n_in, const nnx_named_tensor *out,
                             size_t n_out, bool *oom)
{
    size_t n = n_in + n_out, m = 0;
    *oom = false;
    if (n < 2)
        return false;
    const nnx_tensor **all = nnx_mem_calloc(a, n, sizeof *all);
    if (!all) {
        *oom = true;
        return false;
    }
    for (size_t i = 0; i < n; i++) {
        const nnx_tensor *t = i < n_in ? in[i].tensor : out[i - n_in].tensor;
        if (t)
            all[m++] = t;
    }
    qsort(all, m, sizeof *all, by_address);
    bool twice = false;
    for (size_t i = 1; i < m && !twice; i++)
        twice = all[i] == all[i - 1];
    nnx_mem_free(a, all);
    return twice;
}

/* The output tensors of fixed-shape g, made for the names outputs[] give (tensors NULL). */
static nnx_status make_outputs(nnx_context *ctx, nnx_graph *g, nnx_named_tensor *outputs, size_t n_out)
{
    nnx_strmap index;
    nnx_status st = NNX_OK;
    if (!name_index(&index, &ctx->alloc, (const char *const *)g->output_names, g->n_outputs))
        st = nnx_context_fail(ctx, NNX_ERROR_OUT_OF_MEMORY, "dispatch: out of memory");
    for (size_t k = 0; k < n_out && st == NNX_OK; k++) {
        uintptr_t found;
        if (!outputs[k].name || !nnx_strmap_get(&index, outputs[k].name, &found)) {
            st = nnx_context_fail(ctx, NNX_ERROR_INVALID_ARGUMENT, "dispatch: the graph has no output named '%s'",
                                  outputs[k].name ? outputs[k].name : "(null)");
            break;
        }
        nnx_tensor_desc td = {.desc = g->ir.values[g->output_values[found]].desc, .readable = true, .writable = true};
        st = nnx_tensor_create(ctx, &td, &outputs[k].tensor);
    }
    nnx_strmap_free(&index);
    return st;
}

nnx_status nnx_graph_dispatch(nnx_context *ctx, nnx_graph *g, const nnx_named_tensor *inputs, size_t n_in,
                              nnx_named_tensor *outputs, size_t n_out, bool make)
{
    if (g->shapes)
        return nnx_graph_shapes_dispatch(ctx, g, inputs, n_in, outputs, n_out, make);
    if (g->stages)
        return nnx_graph_stages_dispatch(ctx, g, inputs, n_in, outputs, n_out, make);
    size_t *in_slot = nnx_mem_calloc(&ctx->alloc, g->n_inputs + 1, sizeof *in_slot);
    size_t *out_slot = nnx_mem_calloc(&ctx->alloc, g->n_outputs + 1, sizeof *out_slot);
    nnx_status st = in_slot && out_slot ? NNX_OK
                                        : nnx_context_fail(ctx, NNX_ERROR_OUT_OF_MEMORY, "dispatch: out of memory");
    if (st == NNX_OK && make)
        st = make_outputs(ctx, g, outputs, n_out);
    if (st == NNX_OK)
        st = match_tensors(ctx, "input", inputs, n_in, g->input_names, g->input_values, g->n_inputs, &g->ir, in_slot);
    if (st == NNX_OK)
        st = match_tensors(ctx, "output", outputs, n_out, (const char *const *)g->output_names, g->output_values,
                           g->n_outputs, &g->ir, out_slot);
    if (st == NNX_OK)
        st = run(ctx, g, inputs, in_slot, outputs, out_slot);
    if (st != NNX_OK && make)
        for (size_t k = 0; k < n_out; k++) {
            nnx_tensor_destroy(outputs[k].tensor);
            outputs[k].tensor = NULL;
        }
    nnx_mem_free(&ctx->alloc, in_slot);
    nnx_mem_free(&ctx->alloc, out_slot);
    return st;
}

/* The checks both dispatch calls make before running. */
static nnx_status check_dispatch(nnx_context *ctx, nnx_graph *g, const nnx_named_tensor *inputs, size_t n_in,
                                 const nnx_named_tensor *outputs, size_t n_out)
{
    if (!ctx)
        return NNX_ERROR_INVALID_ARGUMENT;
    if (ctx->h.destroyed)
        return NNX_ERROR_INVALID_STATE;
    if (!g || g->ctx != ctx)
        return nnx_context_fail(ctx, NNX_ERROR_INVALID_ARGUMENT, "dispatch: the graph is not a graph of this context");
    if (g->h.destroyed)
        return nnx_destroyed(ctx, NNX_ERROR_INVALID_STATE, "dispatch: the graph");
    if ((n_in && !inputs) || (n_out && !outputs))
        return nnx_context_fail(ctx, NNX_ERROR_INVALID_ARGUMENT, "dispatch: a tensor list is NULL");
    bool oom;
    if (any_tensor_twice(&ctx->alloc, inputs, n_in, outputs, n_out, &oom))
        return nnx_context_fail(ctx, NNX_ERROR_INVALID_ARGUMENT, "dispatch: a tensor is bound more than once");
    if (oom)
        return nnx_context_fail(ctx, NNX_ERROR_OUT_OF_MEMORY, "dispatch: out of memory");
    return NNX_OK;
}

nnx_status nnx_context_dispatch(nnx_context *ctx, nnx_graph *g, const nnx_named_tensor *inputs, size_t n_in,
                                const nnx_named_tensor *outputs, size_t n_out)
{
    nnx_status st = check_dispatch(ctx, g, inputs, n_in, outputs, n_out);
    return st != NNX_OK ? st : nnx_graph_dispatch(ctx, g, inputs, n_in, (nnx_named_tensor *)outputs, n_out, false);
}

nnx_status nnx_context_run(nnx_context *ctx, nnx_graph *g, const nnx_named_tensor *inputs, size_t n_in,
                           nnx_named_tensor *outputs, size_t n_out)
{
    for (size_t k = 0; outputs && k < n_out; k++)
        outputs[k].tensor = NULL;
    nnx_status st = check_dispatch(ctx, g, inputs, n_in, NULL, 0);
    if (st == NNX_OK && n_out && !outputs)
        st = nnx_context_fail(ctx, NNX_ERROR_INVALID_ARGUMENT, "run: the output list is NULL");
    return st != NNX_OK ? st : nnx_graph_dispatch(ctx, g, inputs, n_in, outputs, n_out, true);
}

/* An idle exec of g, or a new one (NULL and why set when out of memory). */
static nnx_exec *take_exec(nnx_graph *g, nnx_error *why)
{
    pthread_mutex_lock(&g->lock);
    nnx_exec *x = g->idle;
    if (x)
        g->idle = x->next;
    pthread_mutex_unlock(&g->lock);
    return x ? x : nnx_exec_create(&g->plan, why);
}

static void return_exec(nnx_graph *g, nnx_exec *x)
{
    pthread_mutex_lock(&g->lock);
    x->next = g->idle;
    g->idle = x;
    pthread_mutex_unlock(&g->lock);
}

nnx_status nnx_graph_run_buffers(nnx_graph *g, void *const *in, void *const *out, nnx_error *err)
{
    nnx_exec *x = take_exec(g, err);
    if (!x)
        return err->status;
    bool stateful = g->ir.n_updates > 0;
    if (stateful)
        pthread_mutex_lock(&g->state_lock);
    for (uint32_t i = 0; i < g->n_inputs; i++)
        x->buffers[g->input_values[i]] = in[i];
    nnx_status st = nnx_plan_run(&g->plan, x, err);
    if (st == NNX_OK) {
        for (uint32_t i = 0; i < g->n_outputs; i++) {
            size_t bytes = 0;
            nnx_desc_bytes(&g->ir.values[g->output_values[i]].desc, &bytes);
            if (bytes)
                memcpy(out[i], x->buffers[g->output_values[i]], bytes);
        }
        /* after the copy: an output that is a variable shows its starting value */
        nnx_plan_commit_updates(&g->plan, x);
    }
    if (stateful)
        pthread_mutex_unlock(&g->state_lock);
    return_exec(g, x);
    return st;
}

/* Binds the inputs, runs the plan, copies the outputs into their tensors, then writes the
 * variables' updates (none if the run failed). */
static nnx_status run(nnx_context *ctx, nnx_graph *g, const nnx_named_tensor *inputs, const size_t *in_slot,
                      const nnx_named_tensor *outputs, const size_t *out_slot)
{
    const nnx_alloc *a = &ctx->alloc;
    void **in = nnx_mem_calloc(a, g->n_inputs + 1, sizeof *in);
    void **out = nnx_mem_calloc(a, g->n_outputs + 1, sizeof *out);
    nnx_error why = {0};
    nnx_status st = in && out ? NNX_OK : nnx_error_set(&why, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    for (uint32_t i = 0; st == NNX_OK && i < g->n_inputs; i++)
        in[i] = inputs[in_slot[i]].tensor->data;
    for (uint32_t i = 0; st == NNX_OK && i < g->n_outputs; i++)
        out[i] = outputs[out_slot[i]].tensor->data;
    if (st == NNX_OK)
        st = nnx_graph_run_buffers(g, in, out, &why);
    nnx_mem_free(a, in);
    nnx_mem_free(a, out);
    return st == NNX_OK ? NNX_OK : nnx_context_fail(ctx, st, "dispatch: %s", why.message);
}
