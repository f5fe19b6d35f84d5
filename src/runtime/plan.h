/* plan.h — a compiled graph: the live nodes in execution order and one buffer per value,
 * all allocated at compile time, so running performs no allocation and no validation. */
#ifndef NNX_RUNTIME_PLAN_H
#define NNX_RUNTIME_PLAN_H

#include "ir/graph.h"

typedef struct nnx_plan {
    const nnx_ir *ir;
    uint32_t *order; /* node indices to run, in order */
    uint32_t n_order;
    void **buffers;  /* per value: constants -> ir data, node outputs -> owned, inputs -> bound */
    bool *owned;     /* per value: buffers[v] was allocated by the plan */
    nnx_view *in_views, *out_views; /* scratch, sized for the widest node */
} nnx_plan;

/* Plans the nodes that outputs depend on. On failure the plan is left empty (free-able). */
nnx_status nnx_plan_compile(nnx_plan *plan, const nnx_ir *ir, const uint32_t *outputs, uint32_t n_outputs, nnx_error *err);
/* Runs the plan; every input value's buffer must have been bound first. */
nnx_status nnx_plan_run(nnx_plan *plan, nnx_error *err);
/* Applies the IR's updates after a successful run whose outputs have been read: each
 * updated variable's bytes become those of its new value. */
void nnx_plan_commit_updates(nnx_plan *plan);
void nnx_plan_free(nnx_plan *plan);

#endif
