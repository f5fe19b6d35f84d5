/* graph_shapes.h — graphs whose inputs keep symbolic dimensions (a model loaded without
 * their shapes): the shapes are bound at dispatch from the tensors' descriptors, and each
 * input shape set gets its own compiled graph, made by the graph's source and kept in a
 * least-recently-used cache (graph_shapes.c). */
#ifndef NNX_API_GRAPH_SHAPES_H
#define NNX_API_GRAPH_SHAPES_H

#include "api/objects.h"

/* Where the graphs of each shape set come from. specialize makes a graph of ctx for
 * shapes (one per declared input, in order) that no context list owns; free releases user. */
typedef struct nnx_shape_source {
    nnx_status (*specialize)(void *user, nnx_context *ctx, const nnx_input_shape *shapes, uint32_t n, nnx_graph **out,
                             nnx_error *err);
    void (*free)(void *user, const nnx_alloc *a);
    void *user;
} nnx_shape_source;

/* A graph's declared inputs or outputs: names, types (0 for an unbound extent) and the
 * dimension names (NNX_MAX_RANK per tensor; NULL for a fixed extent; dims may be NULL). */
typedef struct nnx_shape_list {
    uint32_t n;
    const char *const *names;
    const nnx_operand_desc *descs;
    const char *const *dims;
} nnx_shape_list;

/* An unbound graph of ctx (owned by ctx's list) with these inputs and outputs, which takes
 * over src (freed on failure too). Everything is copied. */
nnx_status nnx_graph_create_unbound(nnx_context *ctx, const nnx_shape_list *inputs, const nnx_shape_list *outputs,
                                    nnx_shape_source src, nnx_graph **out, nnx_error *err);

/* Frees the cache of g (no-op for a graph with fixed shapes). */
void nnx_graph_shapes_free(nnx_graph *g);

/* The name of dimension axis of input or output i of g; NULL when it is fixed or absent. */
const char *nnx_graph_shapes_dim(const nnx_graph *g, bool output, size_t i, uint32_t axis);
/* The declared type of input or output i of an unbound g. */
void nnx_graph_shapes_desc(const nnx_graph *g, bool output, size_t i, nnx_operand_desc *out);

/* Dispatch of an unbound g (nnx_graph_dispatch): the tensors' descriptors bind the shapes. */
nnx_status nnx_graph_shapes_dispatch(nnx_context *ctx, nnx_graph *g, const nnx_named_tensor *inputs, size_t n_in,
                                     nnx_named_tensor *outputs, size_t n_out, bool make);

/* nnx_graph_set_profiling of an unbound g: every compiled graph, now and later. */
nnx_status nnx_graph_shapes_set_profiling(nnx_graph *g, bool on);

/* The graph g last ran or bound (itself when its shapes are fixed; NULL before any). The
 * pointer is valid until the cache evicts it: profile queries use it under that rule. */
const nnx_graph *nnx_graph_shapes_current(const nnx_graph *g);

#endif
