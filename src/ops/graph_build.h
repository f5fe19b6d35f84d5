/* graph_build.h — adding nodes to a core graph (ir/graph.h) the checked way: the op's arity
 * and its shape inference (ops/table.h) run before the node is stored, so every value in a
 * graph always has a valid descriptor; and deep-copying a graph by replaying it. Front ends
 * (WebNN builder, NNEF, ONNX, NNVM) build graphs through these. */
#ifndef NNX_OPS_GRAPH_BUILD_H
#define NNX_OPS_GRAPH_BUILD_H

#include "ir/graph.h"

/* Adds a node: checks arity, runs inference, creates n_out output values whose ids are
 * first_out, first_out+1, …. n_out is ignored for ops with a fixed output count.
 * An error message is the reason alone: each front end prefixes it with its own name of
 * the operation and its location (WebNN op and label, NNEF file:line:col, …). */
nnx_status nnx_ir_add_node(nnx_ir *ir, nnx_op op, const uint32_t *in, uint32_t n_in, const nnx_attrs *attrs,
                           uint32_t n_out, const char *label, uint32_t *first_out, nnx_error *err);

/* Deep-copies src into dst (initialised, empty): the same value and node ids, constants'
 * bytes copied, every node re-inferred. dst is left partly filled on failure (free it). */
nnx_status nnx_ir_copy(nnx_ir *dst, const nnx_ir *src, nnx_error *err);

#endif
