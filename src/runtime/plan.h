/* plan.h — a compiled graph and the memory of one run. The plan (live nodes in execution
 * order, the kernel each runs — fast where cpu/kernels.h has one, else the reference — and
 * which values need a buffer) is immutable after compiling, so several runs may use it at
 * once; each concurrent run has its own nnx_exec (one buffer per value and the fast kernels'
 * scratch, allocated when the exec is made), so running performs no allocation and no
 * validation. */
#ifndef NNX_RUNTIME_PLAN_H
#define NNX_RUNTIME_PLAN_H

#include "cpu/kernels.h"
#include "ir/graph.h"

typedef struct nnx_plan {
    const nnx_ir *ir;
    uint32_t *order;    /* node indices to run, in order */
    uint32_t n_order;
    bool *needs_buffer; /* per value: a live node output, which each exec allocates */
    uint32_t max_in, max_out;
    nnx_fast_kernel *fast; /* per order entry: the fast kernel (cpu/kernels.h), or NULL */
    size_t shared_bytes;   /* the largest shared scratch a fast kernel needs */
    size_t thread_bytes;   /* the largest per-thread scratch (rounded to 64 bytes) */
    nnx_pool *pool;        /* the threads the fast kernels split work on, or NULL */
} nnx_plan;

typedef struct nnx_exec {
    void **buffers; /* per value: constants -> ir data, node outputs -> owned, inputs -> bound */
    nnx_view *in_views, *out_views; /* scratch, sized for the widest node */
    void *shared, *scratch;         /* the fast kernels' scratch: shared, and per thread */
    struct nnx_exec *next;          /* the owner's list of idle execs */
} nnx_exec;

/* Plans the nodes that outputs (and the IR's updates) depend on, for runs whose fast kernels
 * split work on pool (NULL: one thread; the pool must outlive the plan). On failure the
 * plan is left empty (free-able). */
nnx_status nnx_plan_compile_pool(nnx_plan *plan, const nnx_ir *ir, const uint32_t *outputs, uint32_t n_outputs,
                                 nnx_pool *pool, nnx_error *err);
/* nnx_plan_compile_pool without a pool. */
nnx_status nnx_plan_compile(nnx_plan *plan, const nnx_ir *ir, const uint32_t *outputs, uint32_t n_outputs, nnx_error *err);
void nnx_plan_free(nnx_plan *plan);

/* The memory of one run of plan: NULL and err set on failure. */
nnx_exec *nnx_exec_create(const nnx_plan *plan, nnx_error *err);
void nnx_exec_destroy(const nnx_plan *plan, nnx_exec *x);

/* Runs the plan in x; every input value's buffer (x->buffers[v]) must have been bound. */
nnx_status nnx_plan_run(const nnx_plan *plan, nnx_exec *x, nnx_error *err);
/* Applies the IR's updates after a successful run whose outputs have been read: each
 * updated variable's bytes become those of its new value. */
void nnx_plan_commit_updates(const nnx_plan *plan, const nnx_exec *x);

#endif
