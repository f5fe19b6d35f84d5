/* plan.c — compile (liveness, execution order, kernel choice, memory plan), the per-run
 * memory (the arena of node outputs, the fast kernels' scratch), run (each node's fast
 * kernel, or its reference kernel; on the pool or the caller alone, runtime/thread_policy.h)
 * and commit the variables' updates. */
#include "runtime/plan.h"
#include "cpu/features.h"
#include "ops/table.h"
#include "runtime/select.h"
#include "runtime/thread_policy.h"
#include "base/checked.h"
#include "ir/dtypes.h"

#include <string.h>
#include <time.h>

void nnx_plan_free(nnx_plan *plan)
{
    const nnx_ir *ir = plan->ir;
    if (!ir)
        return;
    nnx_mem_free(ir->alloc, plan->order);
    nnx_mem_free(ir->alloc, plan->needs_buffer);
    nnx_mem_free(ir->alloc, plan->fast);
    nnx_mem_free(ir->alloc, plan->offsets);
    for (uint32_t v = 0; plan->folded && v < ir->n_values; v++)
        nnx_mem_free_aligned(ir->alloc, plan->folded[v]);
    nnx_mem_free(ir->alloc, plan->folded);
    for (uint32_t k = 0; plan->prepared && k < plan->n_order; k++)
        if (plan->prepared_owned[k])
            nnx_mem_free_aligned(ir->alloc, plan->prepared[k]);
    nnx_mem_free(ir->alloc, plan->prepared_owned);
    nnx_mem_free(ir->alloc, plan->prepared);
    for (uint32_t k = 0; plan->step_node && k < plan->n_order; k++)
        nnx_mem_free(ir->alloc, plan->step_node[k]);
    nnx_mem_free(ir->alloc, plan->step_node);
    nnx_mem_free(ir->alloc, plan->act);
    nnx_mem_free(ir->alloc, plan->skip);
    nnx_mem_free(ir->alloc, plan->alias);
    nnx_mem_free(ir->alloc, plan->alias_offset);
    nnx_mem_free(ir->alloc, plan->profile);
    nnx_mem_free(ir->alloc, plan->threads);
    memset(plan, 0, sizeof *plan);
}

/* The data the fast kernel of node n (the next order entry) wants made now: shared with the
 * earliest step that prepared the same constant the same way, else made and owned. Sharing
 * needs the same constant in[1] (nnx_kernel_prepare_same), so the owning steps are kept in
 * one list per in[1] (owners[v]: the first, NNX_NONE when none; next_owner[k]: the one after
 * step k, in step order) and only that list is searched: compiling stays linear in the steps.
 * owners[n_values] holds the steps whose in[1] is absent; a node with fewer than 2 inputs
 * never shares (every kernel that prepares data reads in[1]). */
static nnx_status prepare(nnx_plan *plan, uint32_t n, uint32_t *owners, uint32_t *next_owner, nnx_error *err)
{
    const nnx_ir *ir = plan->ir;
    const nnx_node *node = &ir->nodes[n];
    uint32_t k = plan->n_order, *link = NULL;
    if (node->n_in >= 2) {
        link = &owners[node->in[1] == NNX_NONE ? ir->n_values : node->in[1]];
        for (; *link != NNX_NONE; link = &next_owner[*link]) {
            uint32_t j = *link;
            if (plan->fast[j] == plan->fast[k] &&
                nnx_kernel_prepare_same(ir, plan->fast[k], &ir->nodes[plan->order[j]], node)) {
                plan->prepared[k] = plan->prepared[j];
                return NNX_OK;
            }
        }
    }
    if (nnx_kernel_prepare(ir, node, plan->fast[k], &plan->prepared[k]) != NNX_OK)
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory preparing a kernel's weights");
    plan->prepared_owned[k] = plan->prepared[k] != NULL;
    if (plan->prepared_owned[k] && link) {
        next_owner[k] = NNX_NONE;
        *link = k; /* the list's end: steps join in order */
    }
    return NNX_OK;
}

/* A step whose outputs are all empty (a zero extent) has nothing to write: it does not run. */
static void skip_empty(nnx_plan *plan)
{
    const nnx_ir *ir = plan->ir;
    for (uint32_t k = 0; k < plan->n_order; k++) {
        const nnx_node *n = &ir->nodes[plan->order[k]];
        bool empty = true;
        for (uint32_t o = 0; o < n->n_out && empty; o++) {
            uint64_t count = 1;
            empty = n->out[o] == NNX_NONE || (nnx_desc_elements(&ir->values[n->out[o]].desc, &count) && count == 0);
        }
        plan->skip[k] |= empty;
    }
}

static nnx_status compile(nnx_plan *plan, const uint32_t *outputs, uint32_t n_outputs, nnx_error *err)
{
    const nnx_ir *ir = plan->ir;
    const nnx_alloc *a = ir->alloc;
    bool *node_live = nnx_mem_calloc(a, ir->n_nodes + 1, sizeof *node_live);
    bool *value_live = nnx_mem_calloc(a, ir->n_values + 1, sizeof *value_live);
    plan->order = nnx_mem_calloc(a, ir->n_nodes + 1, sizeof *plan->order);
    plan->needs_buffer = nnx_mem_calloc(a, ir->n_values + 1, sizeof *plan->needs_buffer);
    plan->fast = nnx_mem_calloc(a, ir->n_nodes + 1, sizeof *plan->fast);
    plan->act = nnx_mem_calloc(a, ir->n_nodes + 1, sizeof *plan->act);
    plan->skip = nnx_mem_calloc(a, ir->n_nodes + 1, sizeof *plan->skip);
    plan->alias = nnx_mem_calloc(a, ir->n_values + 1, sizeof *plan->alias);
    plan->alias_offset = nnx_mem_calloc(a, ir->n_values + 1, sizeof *plan->alias_offset);
    plan->folded = nnx_mem_calloc(a, ir->n_values + 1, sizeof *plan->folded);
    plan->prepared = nnx_mem_calloc(a, ir->n_nodes + 1, sizeof *plan->prepared);
    plan->prepared_owned = nnx_mem_calloc(a, ir->n_nodes + 1, sizeof *plan->prepared_owned);
    uint32_t *readers = nnx_mem_calloc(a, ir->n_values + 1, sizeof *readers);
    uint32_t *n_readers = nnx_mem_calloc(a, ir->n_values + 1, sizeof *n_readers);
    uint32_t *owners = nnx_mem_calloc(a, ir->n_values + 1, sizeof *owners);
    uint32_t *next_owner = nnx_mem_calloc(a, ir->n_nodes + 1, sizeof *next_owner);
    nnx_status st = NNX_OK;
    if (!node_live || !value_live || !plan->order || !plan->needs_buffer || !plan->fast || !plan->act || !plan->skip ||
        !plan->alias || !plan->alias_offset || !plan->folded || !plan->prepared || !plan->prepared_owned || !readers ||
        !n_readers || !owners || !next_owner) {
        st = nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory planning the graph");
        goto done;
    }
    for (uint32_t v = 0; v <= ir->n_values; v++)
        owners[v] = NNX_NONE;
    nnx_ir_mark_live(ir, outputs, n_outputs, node_live, value_live);
    plan->max_in = plan->max_out = 1;
    for (uint32_t n = 0; n < ir->n_nodes; n++) {
        if (!node_live[n])
            continue;
        size_t shared, per_thread;
        if ((plan->fast[plan->n_order] = nnx_kernel_select(ir, &ir->nodes[n], &shared, &per_thread))) {
            if ((st = prepare(plan, n, owners, next_owner, err)) != NNX_OK)
                goto done;
            per_thread = (per_thread + 63) / 64 * 64;
            plan->shared_bytes = shared > plan->shared_bytes ? shared : plan->shared_bytes;
            plan->thread_bytes = per_thread > plan->thread_bytes ? per_thread : plan->thread_bytes;
        }
        plan->order[plan->n_order++] = n;
        if (ir->nodes[n].n_in > plan->max_in)
            plan->max_in = ir->nodes[n].n_in;
        if (ir->nodes[n].n_out > plan->max_out)
            plan->max_out = ir->nodes[n].n_out;
    }
    for (uint32_t v = 0; v < ir->n_values; v++) {
        size_t bytes;
        plan->needs_buffer[v] = ir->values[v].kind == NNX_VALUE_NODE && value_live[v];
        if (plan->needs_buffer[v] && !nnx_desc_bytes(&ir->values[v].desc, &bytes)) {
            st = nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "a value of the graph is too large to allocate");
            goto done;
        }
    }
    for (uint32_t v = 0; v < ir->n_values; v++)
        plan->alias[v] = NNX_NONE;
    if ((st = nnx_plan_fold(plan, err)) != NNX_OK)
        goto done;
    nnx_plan_fuse_norm(plan, outputs, n_outputs, readers, n_readers);
    nnx_plan_fuse(plan, outputs, n_outputs, readers, n_readers);
    nnx_plan_views(plan);
    nnx_plan_concat_in_place(plan, outputs, n_outputs);
    skip_empty(plan);
    if ((st = nnx_memplan(plan, outputs, n_outputs, err)) != NNX_OK)
        goto done;
    plan->profile = nnx_mem_calloc(a, 1, sizeof *plan->profile + (plan->n_order + 1) * sizeof plan->profile->ns[0]);
    bool threads = nnx_pool_threads(plan->pool) > 1; /* a choice to make per dispatch */
    if (threads)
        plan->threads = nnx_mem_calloc(a, 1, sizeof *plan->threads);
    if (!plan->profile || (threads && !plan->threads))
        st = nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory planning the graph");
done:
    nnx_mem_free(a, owners);
    nnx_mem_free(a, next_owner);
    nnx_mem_free(a, readers);
    nnx_mem_free(a, n_readers);
    nnx_mem_free(a, node_live);
    nnx_mem_free(a, value_live);
    return st;
}

nnx_status nnx_plan_compile(nnx_plan *plan, const nnx_ir *ir, const uint32_t *outputs, uint32_t n_outputs,
                            nnx_error *err)
{
    return nnx_plan_compile_pool(plan, ir, outputs, n_outputs, NULL, err);
}

nnx_status nnx_plan_compile_pool(nnx_plan *plan, const nnx_ir *ir, const uint32_t *outputs, uint32_t n_outputs,
                                 nnx_pool *pool, nnx_error *err)
{
    memset(plan, 0, sizeof *plan);
    plan->ir = ir;
    plan->pool = pool;
    const char *bad_level = nnx_cpu_level_env_error();
    if (bad_level)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                             "NNX_CPU_LEVEL='%s' names no CPU level: use reference, generic, avx2 or avx512 "
                             "(or unset it for the best this CPU supports)",
                             bad_level);
    nnx_status st = compile(plan, outputs, n_outputs, err);
    if (st != NNX_OK)
        nnx_plan_free(plan);
    return st;
}

void nnx_exec_destroy(const nnx_plan *plan, nnx_exec *x)
{
    if (!x)
        return;
    const nnx_ir *ir = plan->ir;
    nnx_mem_free_aligned(ir->alloc, x->arena);
    nnx_mem_free(ir->alloc, x->buffers);
    nnx_mem_free_aligned(ir->alloc, x->scratch);
    nnx_mem_free_aligned(ir->alloc, x->shared);
    nnx_mem_free(ir->alloc, x->in_views);
    nnx_mem_free(ir->alloc, x->out_views);
    nnx_mem_free(ir->alloc, x);
}

nnx_exec *nnx_exec_create(const nnx_plan *plan, nnx_error *err)
{
    const nnx_ir *ir = plan->ir;
    nnx_exec *x = nnx_mem_calloc(ir->alloc, 1, sizeof *x);
    if (x) {
        x->buffers = nnx_mem_calloc(ir->alloc, ir->n_values + 1, sizeof *x->buffers);
        x->in_views = nnx_mem_calloc(ir->alloc, plan->max_in, sizeof *x->in_views);
        x->out_views = nnx_mem_calloc(ir->alloc, plan->max_out, sizeof *x->out_views);
    }
    size_t scratch_bytes = 0;
    bool sized = nnx_mul_size(plan->thread_bytes, nnx_pool_threads(plan->pool), &scratch_bytes);
    if (x && sized && scratch_bytes)
        x->scratch = nnx_mem_alloc_aligned(ir->alloc, scratch_bytes);
    if (x && plan->shared_bytes)
        x->shared = nnx_mem_alloc_aligned(ir->alloc, plan->shared_bytes);
    if (!x || !x->buffers || !x->in_views || !x->out_views || !sized || (scratch_bytes && !x->scratch) ||
        (plan->shared_bytes && !x->shared)) {
        /* the scratch grows with the threads (nnx_context_options.threads): name its size */
        if (x && x->buffers && x->in_views && x->out_views && (!sized || (scratch_bytes && !x->scratch)))
            nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY,
                          "out of memory allocating the kernels' scratch (%llu bytes for each of %u threads)",
                          (unsigned long long)plan->thread_bytes, nnx_pool_threads(plan->pool));
        else if (x && x->buffers && x->in_views && x->out_views && plan->shared_bytes && !x->shared)
            nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory allocating %llu bytes of shared scratch",
                          (unsigned long long)plan->shared_bytes);
        else
            nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory preparing a run");
        nnx_exec_destroy(plan, x);
        return NULL;
    }
    if (plan->arena_bytes && !(x->arena = nnx_mem_alloc_aligned(ir->alloc, (size_t)plan->arena_bytes))) {
        nnx_exec_destroy(plan, x);
        nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory allocating %llu bytes for the graph's values",
                      (unsigned long long)plan->arena_bytes);
        return NULL;
    }
    for (uint32_t v = 0; v < ir->n_values; v++) {
        uint32_t home = plan->alias[v] == NNX_NONE ? v : plan->alias[v];
        if (ir->values[v].kind == NNX_VALUE_CONSTANT)
            x->buffers[v] = ir->values[v].data;
        else if (plan->folded[v])
            x->buffers[v] = plan->folded[v];
        else if (plan->needs_buffer[v])
            x->buffers[v] = (char *)x->arena + plan->offsets[home] + plan->alias_offset[v];
    }
    return x;
}

static void fill_view(const nnx_plan *plan, const nnx_exec *x, uint32_t value, nnx_view *view)
{
    if (value == NNX_NONE) {
        memset(view, 0, sizeof *view);
        return;
    }
    view->desc = plan->ir->values[value].desc;
    view->data = x->buffers[value];
}

static uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

nnx_status nnx_plan_run(const nnx_plan *plan, nnx_exec *x, nnx_error *err)
{
    nnx_plan_profile *prof = plan->profile && __atomic_load_n(&plan->profile->on, __ATOMIC_RELAXED) ? plan->profile
                                                                                                    : NULL;
    if (prof)
        __atomic_fetch_add(&prof->runs, 1, __ATOMIC_RELAXED);
    bool parallel = !plan->threads || nnx_thread_choice_parallel(plan->threads);
    uint64_t start = plan->threads ? now_ns() : 0;
    for (uint32_t k = 0; k < plan->n_order; k++) {
        if (plan->skip[k])
            continue; /* folded, fused into another step, or a view (fold.c, fuse*.c, views.c) */
        const nnx_node *node = nnx_plan_step_node(plan, k);
        for (uint32_t i = 0; i < node->n_in; i++)
            fill_view(plan, x, node->in[i], &x->in_views[i]);
        for (uint32_t o = 0; o < node->n_out; o++)
            fill_view(plan, x, node->out[o], &x->out_views[o]);
        uint32_t residual = plan->act[k].residual;
        nnx_kernel_env env = {x->shared,          x->scratch,
                              plan->thread_bytes, parallel ? plan->pool : NULL,
                              &plan->act[k],      residual == NNX_NONE ? NULL : x->buffers[residual],
                              plan->prepared[k]};
        uint64_t t0 = prof ? now_ns() : 0;
        nnx_op_args args = nnx_node_args(node);
        /* ONNX's gathers and scatters refuse an index out of range (ops/index.h): checked here,
         * in one ordered pass before any kernel thread starts, so the index named is the same
         * on every run. */
        char why[192];
        if (!nnx_indices_in_range(&args, x->in_views, why, sizeof why))
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "%s '%s': %s", nnx_op_table[node->op].name,
                                 node->label, why);
        nnx_status st = plan->fast[k] ? plan->fast[k](&args, x->in_views, x->out_views, &env)
                                      : nnx_op_impls[node->op].kernel(&args, x->in_views, x->out_views);
        if (prof)
            __atomic_fetch_add(&prof->ns[k], now_ns() - t0, __ATOMIC_RELAXED);
        if (st != NNX_OK)
            return nnx_error_set(err, st, "%s '%s' failed while running", nnx_op_table[node->op].name, node->label);
    }
    if (plan->threads)
        nnx_thread_choice_report(plan->threads, parallel, now_ns() - start);
    return NNX_OK;
}

void nnx_plan_commit_updates(const nnx_plan *plan, const nnx_exec *x)
{
    const nnx_ir *ir = plan->ir;
    for (uint32_t i = 0; i < ir->n_updates; i++) {
        const nnx_ir_update *u = &ir->updates[i];
        size_t bytes;
        if (u->value != u->variable && nnx_desc_bytes(&ir->values[u->variable].desc, &bytes))
            memcpy(ir->values[u->variable].data, x->buffers[u->value], bytes);
    }
}
