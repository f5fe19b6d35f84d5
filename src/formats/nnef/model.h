/* model.h — an NNEF model loaded end to end (NNEF 1.0.2 chapter 6): container, document,
 * semantic checks, flat graph with propagated shapes, tensor files bound to variables, and
 * graph.quant bound to tensors (model_quant.c). The public nnx_model (src/api/model.c) wraps
 * one. It runs the stages files/, syntax/, check/, flatten/, shapes/ in turn; lower/ and
 * emit/ take what it gives. */
#ifndef NNX_FORMATS_NNEF_MODEL_H
#define NNX_FORMATS_NNEF_MODEL_H

#include "formats/nnef/files/container.h"
#include "formats/nnef/flatten/flat.h"
#include "formats/load_limits.h"
#include "formats/nnef/syntax/registry.h"
#include "formats/nnef/files/tensor_file.h"

/* The data of one variable's tensor file, if the container has it. */
typedef struct nnx_nnef_binding {
    bool present;
    const char *relpath; /* container-relative, owned by the container */
    const void *bytes;   /* the whole file (header included), owned by the container */
    size_t size;
    nnx_nnef_tensor_info info;
} nnx_nnef_binding;

typedef struct nnx_nnef_model {
    const nnx_alloc *alloc;
    nnx_nnef_container *container;
    nnx_nnef_document *doc; /* the flat graph's strings point into it and the registry */
    nnx_nnef_registry reg;
    nnx_nnef_flat flat;
    nnx_nnef_binding *bindings;  /* per tensor of flat (only variables can be present) */
    nnx_nnef_quant *quant;       /* parsed graph.quant, or NULL */
    char *graph_path;            /* "PATH/graph.nnef" as used in messages */
    bool zero_missing_variables; /* lowering zero-fills variables without a tensor file */
    bool apply_quantization;     /* lowering applies graph.quant (lower_quant.c) */
    nnx_load_limits limits;      /* what the load was given, defaults filled in */
    /* Loaded with NNX_MODEL_STRUCTURE_ONLY: the custom operations nnx cannot run (in the
     * flat graph's arena; api/model_nnef.c). */
    struct nnx_ir_unsupported *unsupported;
    uint32_t n_unsupported;
} nnx_nnef_model;

typedef struct nnx_nnef_load_options {
    bool lenient_extensions;
    bool expand_all;
    bool skip_tensor_data;
    bool zero_missing_variables;
    bool apply_quantization;
    bool strict_1_0_2; /* NNEF 1.0.2's standard library only (registry.h, decision 51) */
    const nnx_input_shape *input_shapes;
    uint32_t input_shape_count;
    nnx_load_limits limits; /* nnx_model_options max_*; a field left 0 takes its NNX_MAX_*_DEFAULT */
} nnx_nnef_load_options;

nnx_status nnx_nnef_model_load(const char *path, const nnx_nnef_load_options *options, const nnx_alloc *alloc,
                               nnx_nnef_model **out, nnx_error *err);
void nnx_nnef_model_free(nnx_nnef_model *m);

/* Binds graph.quant entries to the flat graph's tensors (model_quant.c). */
nnx_status nnx_nnef_bind_quant(nnx_nnef_model *m, nnx_error *err);

#endif
