/* subgraph.h — the one sub-graph machinery of the control-flow ops (while_loop, cond_if): a
 * graph frozen into the owning graph's arena (values, the live nodes in execution order, its
 * parameters and results, and where each value lives in a run's scratch), so it lives and
 * dies with that graph and needs no destructor, and the small interpreter that runs one on
 * the reference kernels in scratch its caller gives (subgraph_run.c). */
#ifndef NNX_OPS_SUBGRAPH_H
#define NNX_OPS_SUBGRAPH_H

#include "ir/graph.h"

typedef struct nnx_subgraph {
    const nnx_alloc *alloc; /* the owning graph's allocator hook, for the run's buffers */
    nnx_value *values;      /* INPUT = a parameter, CONSTANT (data in the arena), NODE */
    uint32_t n_values;
    nnx_node *nodes; /* live nodes only, in execution order */
    uint32_t n_nodes;
    uint32_t *params, n_params;   /* value ids of the parameters, in list order */
    uint32_t *results, n_results; /* value ids of the results */
    uint32_t max_io;              /* the most inputs or outputs of one node (the run's views) */
    size_t *offset;               /* per value: a node output's place in a run's scratch */
    size_t nested_offset;         /* where nested control-flow nodes' scratch starts */
    size_t scratch_bytes;         /* all a run needs (nnx_subgraph_run) */
} nnx_subgraph;

/* Copies the part of src that results depend on into arena (whose graph allocates with
 * alloc); params are src's input value ids. NULL with err set on failure (out of memory, a
 * parameter that is not an input). Attributes that point elsewhere (a nested sub-graph)
 * must already live in arena. */
nnx_subgraph *nnx_subgraph_freeze(nnx_arena *arena, const nnx_alloc *alloc, const nnx_ir *src, const uint32_t *params,
                                  uint32_t n_params, const uint32_t *results, uint32_t n_results, nnx_error *err);

/* A deep copy of g (its nested sub-graphs too, at most NNX_SUBGRAPH_DEPTH deep) into arena,
 * whose graph allocates with alloc: how a graph copy re-homes its control-flow attributes.
 * NULL with err set on failure. */
#define NNX_SUBGRAPH_DEPTH 64
nnx_subgraph *nnx_subgraph_copy(nnx_arena *arena, const nnx_alloc *alloc, const nnx_subgraph *g, nnx_error *err);
/* Re-homes the sub-graph attributes of a while_loop or cond_if node (others: unchanged). */
nnx_status nnx_subgraph_copy_attrs(nnx_arena *arena, const nnx_alloc *alloc, nnx_op op, nnx_attrs *attrs,
                                   nnx_error *err);

/* Lays g's run out (offset, nested_offset, scratch_bytes), its nested sub-graphs being laid
 * out already: what freezing and copying end with. */
nnx_status nnx_subgraph_layout(nnx_arena *arena, nnx_subgraph *g, nnx_error *err);

/* Runs g with its parameters bound to param_data[0..n_params) and copies its results into
 * dst[0..n_results), which must not alias a parameter, in scratch of g->scratch_bytes
 * (64-byte aligned): nothing is allocated. */
nnx_status nnx_subgraph_run(const nnx_subgraph *g, void *const *param_data, void *const *dst, void *scratch);

/* The control-flow ops (cond_if, while_loop) with their scratch given: how many bytes one
 * call needs (0 for other ops), and the call itself, allocating nothing. The reference
 * kernels allocate that scratch once per call; the plan gives it from the run's memory. */
size_t nnx_flow_scratch(const nnx_op_args *args);
nnx_status nnx_flow_run(const nnx_op_args *args, const nnx_view *in, nnx_view *out, void *scratch);

#endif
