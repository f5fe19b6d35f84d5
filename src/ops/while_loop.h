/* while_loop.h — the sub-graphs of core while_loop (TOSA WHILE_LOOP): a condition or body
 * graph frozen into the owning graph's arena (values, the live nodes in execution order, its
 * parameters and results), so it lives and dies with that graph and needs no destructor. */
#ifndef NNX_OPS_WHILE_LOOP_H
#define NNX_OPS_WHILE_LOOP_H

#include "ir/graph.h"

typedef struct nnx_subgraph {
    const nnx_alloc *alloc; /* the owning graph's allocator hook, for the run's buffers */
    nnx_value *values;      /* INPUT = a parameter, CONSTANT (data in the arena), NODE */
    uint32_t n_values;
    nnx_node *nodes; /* live nodes only, in execution order */
    uint32_t n_nodes;
    uint32_t *params, n_params;   /* value ids of the parameters, in list order */
    uint32_t *results, n_results; /* value ids of the results */
} nnx_subgraph;

/* Copies the part of src that results depend on into arena (whose graph allocates with
 * alloc); params are src's input value ids. NULL with err set on failure (out of memory, a
 * parameter that is not an input). */
nnx_subgraph *nnx_subgraph_freeze(nnx_arena *arena, const nnx_alloc *alloc, const nnx_ir *src, const uint32_t *params,
                                  uint32_t n_params, const uint32_t *results, uint32_t n_results, nnx_error *err);

#endif
