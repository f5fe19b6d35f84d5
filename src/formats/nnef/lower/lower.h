/* lower.h — from a loaded NNEF model (flat graph with shapes and tensor data) to the core IR,
 * so it runs on nnx's kernels. Each NNEF operation maps to core operations with the same
 * meaning (NNEF's trailing-singleton broadcasting is made explicit with reshapes); an
 * operation the core cannot express yet is NNX_ERROR_NOT_SUPPORTED at its position.
 * Stage lower/ (after shapes/ and the model, model.h): takes a loaded model, gives core IR. */
#ifndef NNX_FORMATS_NNEF_LOWER_H
#define NNX_FORMATS_NNEF_LOWER_H

#include "formats/nnef/model.h"
#include "ir/graph.h"

/* Fills ir (initialised by the caller) and writes the core value of every graph output to
 * outputs[0..m->flat.n_outputs). NNEF item types become float32 (scalar), int32 (integer)
 * and bool (logical). */
nnx_status nnx_nnef_lower(const nnx_nnef_model *m, nnx_ir *ir, uint32_t *outputs, nnx_error *err);

#endif
