/* graph_stages.h — graphs of staged models (formats/ir_model.h "Staged"): some operator's
 * output shape depends on run-time values, so a dispatch runs the model as a chain of
 * compiled stages, each cut before such an operator, which is computed between two stages
 * from its inputs' values (graph_stages.c). Compiled stages are cached by what they were
 * compiled for. */
#ifndef NNX_API_GRAPH_STAGES_H
#define NNX_API_GRAPH_STAGES_H

#include "api/objects.h"
#include "formats/ir_model.h"

/* Where the stages come from: the format's operations on the model file at path (read once
 * when the graph is made, and kept), loaded with options (copied; stage loads ignore their input shapes and named dimensions). */
typedef struct nnx_stage_source {
    const nnx_ir_stage_ops *ops;
    const char *path;
    const nnx_ir_model_options *options;
} nnx_stage_source;

/* A staged graph of ctx (owned by ctx's list) for staged model m (its inputs, fixed, and its
 * declared outputs). */
nnx_status nnx_graph_create_staged(nnx_context *ctx, const nnx_ir_model *m, const nnx_stage_source *src,
                                   nnx_graph **out, nnx_error *err);

/* Frees what a staged g holds (no-op for another graph). */
void nnx_graph_stages_free(nnx_graph *g);

/* The declared type of input or output i of a staged g (an output's data-dependent extents
 * and the ones it does not declare read 0). */
void nnx_graph_stages_desc(const nnx_graph *g, bool output, size_t i, nnx_operand_desc *out);

/* Dispatch of a staged g: inputs must equal its input types; each output tensor must have
 * the type this run gives (make: outputs[k].tensor is NULL and a new tensor is made). */
nnx_status nnx_graph_stages_dispatch(nnx_context *ctx, nnx_graph *g, const nnx_named_tensor *inputs, size_t n_in,
                                     nnx_named_tensor *outputs, size_t n_out, bool make);

/* What made g staged ("node 'x' (NonZero): ..."), NULL for another graph. */
const char *nnx_graph_stages_note(const nnx_graph *g);

#endif
