/* plan.h — a compiled graph and the memory of one run. The plan (live nodes in execution
 * order, the kernel each runs — fast where runtime/select.h chooses one, else the reference — and
 * where each value lives in the run's arena) is immutable after compiling (but for the
 * profile's atomic counters), so several runs may use it at once; each concurrent run has its own nnx_exec (the arena and the fast
 * kernels' scratch, allocated when the exec is made), so running performs no allocation
 * and no validation. */
#ifndef NNX_RUNTIME_PLAN_H
#define NNX_RUNTIME_PLAN_H

#include "cpu/kernels.h"
#include "ir/graph.h"

/* Per-step wall time, added to by every run while `on` (nnx_graph_set_profiling). */
typedef struct nnx_plan_profile {
    int on;
    uint64_t runs;
    uint64_t ns[]; /* per order entry */
} nnx_plan_profile;

typedef struct nnx_plan {
    const nnx_ir *ir;
    uint32_t *order; /* node indices to run, in order */
    uint32_t n_order;
    bool *needs_buffer; /* per value: a live node output, which each exec allocates */
    uint32_t max_in, max_out;
    nnx_fast_kernel *fast;             /* per order entry: the fast kernel (cpu/kernels.h), or NULL */
    size_t shared_bytes;               /* the largest shared scratch a fast kernel needs */
    size_t thread_bytes;               /* the largest per-thread scratch (rounded to 64 bytes) */
    nnx_pool *pool;                    /* the threads the fast kernels split work on, or NULL */
    nnx_activation *act;               /* per order entry: the clamp its fast kernel applies (fuse.c) */
    bool *skip;                        /* per order entry: not run (folded, fused into another step, or a view) */
    uint32_t *alias;                   /* per value: the value whose bytes it shares, or NNX_NONE */
    uint64_t *alias_offset;            /* per aliased value: where in those bytes it starts (views.c) */
    void **folded;                     /* per value: its bytes when computed at build time (fold.c), else NULL */
    void **prepared;                   /* per order entry: its fast kernel's data made at build time, or NULL */
    bool *prepared_owned;              /* per order entry: prepared is its own (else an earlier step's, shared) */
    nnx_node **step_node;              /* per order entry: the node it runs in place of the IR's (fuse_norm.c;
                              owned, allocated apart), or NULL; the array is NULL when none has one */
    uint64_t *offsets;                 /* per value needing a buffer: its offset in the run's arena */
    uint64_t arena_bytes;              /* the arena's size: the planned peak of the values' memory */
    nnx_plan_profile *profile;         /* per-step timing totals (mutable counters, atomic) */
    struct nnx_thread_choice *threads; /* with a pool of two threads or more: whether each
                                          dispatch uses it (runtime/thread_policy.h), else NULL */
} nnx_plan;

typedef struct nnx_exec {
    void **buffers;                 /* per value: constants -> ir data, node outputs -> arena, inputs -> bound */
    void *arena;                    /* plan->arena_bytes holding every node output (memplan.c) */
    nnx_view *in_views, *out_views; /* scratch, sized for the widest node */
    void *shared, *scratch;         /* the fast kernels' scratch: shared, and per thread */
    struct nnx_exec *next;          /* the owner's list of idle execs */
} nnx_exec;

/* Plans the nodes that outputs (and the IR's updates) depend on, for runs whose fast kernels
 * split work on pool (NULL: one thread; the pool must outlive the plan). On failure the
 * plan is left empty (free-able). */
nnx_status nnx_plan_compile_pool(nnx_plan *plan, const nnx_ir *ir, const uint32_t *outputs, uint32_t n_outputs,
                                 nnx_pool *pool, nnx_error *err);
/* fold.c: computes the steps whose inputs are all fixed now (skip, folded). */
nnx_status nnx_plan_fold(nnx_plan *plan, nnx_error *err);

/* fuse.c: fills act, skip and alias (readers and n_readers: scratch arrays of n_values). */
void nnx_plan_fuse(nnx_plan *plan, const uint32_t *outputs, uint32_t n_outputs, uint32_t *readers, uint32_t *n_readers);
/* fuse_norm.c: a layer normalization over the last axis written out as reduce_mean, sub, pow,
 * reduce_mean, add, sqrt, div [, mul] [, add] becomes one fast step (step_node, skip, alias);
 * runs before nnx_plan_fuse, with the same scratch. Out of memory: fuses less. */
void nnx_plan_fuse_norm(nnx_plan *plan, const uint32_t *outputs, uint32_t n_outputs, uint32_t *readers,
                        uint32_t *n_readers);

/* views.c: reshapes, transposes that move only unit axes and contiguous slices become
 * aliases of their input's bytes (alias, alias_offset, skip). After the fusion passes. */
void nnx_plan_views(nnx_plan *plan);

/* concat_in_place.c: a concat whose inputs are contiguous runs of its output has them made
 * there (alias, alias_offset, skip). After the views. */
void nnx_plan_concat_in_place(nnx_plan *plan, const uint32_t *outputs, uint32_t n_outputs);

/* The node step k runs: the IR's, or the one a pass put in its place (step_node). */
static inline const nnx_node *nnx_plan_step_node(const nnx_plan *plan, uint32_t k)
{
    return plan->step_node && plan->step_node[k] ? plan->step_node[k] : &plan->ir->nodes[plan->order[k]];
}

/* memplan.c: offsets and arena_bytes for the compiled order (node outputs sharing bytes
 * when their lifetimes do not overlap). */
nnx_status nnx_memplan(nnx_plan *plan, const uint32_t *outputs, uint32_t n_outputs, nnx_error *err);

/* nnx_plan_compile_pool without a pool. */
nnx_status nnx_plan_compile(nnx_plan *plan, const nnx_ir *ir, const uint32_t *outputs, uint32_t n_outputs,
                            nnx_error *err);
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
