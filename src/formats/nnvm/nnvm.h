/* nnvm.h — the NNVM graph JSON front end (NNVM decisions, "The front end"): the
 * loader and writer that api/model_formats.c lists for ".json" paths, with the signatures of
 * formats/ir_model.h. Weights travel in a TVM .params file beside the JSON (params.h). */
#ifndef NNX_FORMATS_NNVM_NNVM_H
#define NNX_FORMATS_NNVM_NNVM_H

#include "formats/ir_model.h"

/* Reads the graph JSON at path and its weights (options->params_path, else STEM.params beside
 * STEM.json, else the one *.params file in the JSON's folder; several others are an error
 * listing them) into out: variables found in the weights become constants, the other
 * variables graph inputs (shape and type from the graph's attrs, or options->input_shapes),
 * every operator node core operations (a tvm_op a compiled_function call). Without a weights file, variables feeding weight operands
 * (conv2d/dense weight and bias, batch_norm statistics, prelu alpha) are zero-filled; unless
 * options->skip_tensor_data or zero_missing_variables is set, out->unrunnable then names the first of them, as it names
 * the first compiled function of a TVM graph. out->dot is the source graph drawn. Errors:
 * "PATH: error: node I 'NAME' (OP): key 'KEY': MESSAGE". */
nnx_status nnx_nnvm_load(const char *path, const nnx_ir_model_options *options, nnx_ir_model *out, nnx_error *err);

/* Writes the live part of ir as graph JSON at path and its constants as a .params file
 * (options->params_path, else path with ".json" replaced by ".params"), both through
 * temporary files and neither replaced unless both are written (nnx_file_write_atomic_all).
 * NOT_SUPPORTED names the core op (or dtype, or attribute value) NNVM cannot express. */
nnx_status nnx_nnvm_save(const nnx_ir *ir, const uint32_t *inputs, const char *const *input_names, uint32_t n_inputs,
                         const uint32_t *outputs, const char *const *output_names, uint32_t n_outputs, const char *path,
                         const nnx_ir_model_options *options, const nnx_alloc *alloc, nnx_error *err);

#endif
