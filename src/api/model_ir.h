/* model_ir.h — the model API's side for models read into core IR by a front end of the
 * format table (formats/ir_model.h): loading, parameters, Graphviz text, saving in any
 * format and building a graph. Behind nnx_model_ir_ops (api/model_format.h); model_nnef.c
 * saves through it into formats other than NNEF. */
#ifndef NNX_API_MODEL_IR_H
#define NNX_API_MODEL_IR_H

#include "api/objects.h"
#include "api/model_format.h"

/* Loads path with fmt's loader into a new *out (NULL on failure). */
nnx_status nnx_model_ir_load(const nnx_model_format *fmt, const char *path, const nnx_model_options *options,
                             const nnx_alloc *a, nnx_ir_model **out, nnx_error *err);
void nnx_model_ir_free(nnx_ir_model *m, const nnx_alloc *a);

/* Loads an unbound model's source (row, files, flags, seed) again with every input's shape
 * given (shapes, one per input): what an unbound graph compiles for a shape set, and what
 * the output probes read (shape_probe.h). A model that stays unbound is an error. */
nnx_status nnx_model_ir_reload(const nnx_model_format *row, const char *path, const char *params_path, uint32_t flags,
                               uint64_t seed, const nnx_load_limits *limits, const nnx_input_shape *shapes, uint32_t n,
                               const nnx_alloc *a, nnx_ir_model **out, nnx_error *err);

/* Every constant's elements and bytes. */
void nnx_model_ir_parameters(const nnx_ir_model *m, uint64_t *count, uint64_t *bytes);

/* The format's own Graphviz text, else the graph drawn through its NNEF form. */
nnx_status nnx_model_ir_dot(const nnx_ir_model *m, const nnx_alloc *a, char **text, nnx_error *err);

/* Writes m with the writer of row to (to->save not NULL), reporting renamed names to renames
 * (may be NULL). */
nnx_status nnx_model_ir_save(const nnx_ir_model *m, const nnx_model_format *to, const char *path,
                             const nnx_ir_renames *renames, const nnx_alloc *a, nnx_error *err);

/* A graph of ctx over a copy of m's IR (m stays usable); flags: nnx_build_flags (exposing
 * tensors needs a model that is neither unbound nor staged). */
nnx_status nnx_model_ir_build(nnx_context *ctx, const nnx_ir_model *m, uint32_t flags, nnx_graph **out, nnx_error *err);

#endif
