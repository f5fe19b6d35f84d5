/* shape_probe.h — the output shapes of an unbound model in terms of its input dimensions,
 * found by loading it again at a few probe bindings of those dimensions (shape_probe.c) and
 * fitting each output extent to them (shape_fit.h): what nnx_model_output_dim_name, `nnx
 * info` and the unbound graph's output names show. Decision E30 of the engine decisions. */
#ifndef NNX_API_SHAPE_PROBE_H
#define NNX_API_SHAPE_PROBE_H

#include "formats/ir_model.h"

/* Once per model, on an unbound m (a no-op otherwise and after the first call): loads m's
 * source NNX_SHAPE_PROBES times without external tensor data and replaces declared_outputs
 * and output_dims (in m's arena) with the probed types: a fixed extent where the probes
 * agree, else 0 with the expression's text (e.g. "2*seq") or "?". A probe that fails to load
 * (a model that takes only some shapes, out of memory) leaves every output as the file
 * declares it; so does an output whose rank or dtype differs between probes. Never fails:
 * the probed shapes only describe. m is used from one thread at a time (nnx.h rule 7). */
void nnx_shape_probe_outputs(nnx_ir_model *m);

#endif
