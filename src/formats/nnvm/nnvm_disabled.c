/* nnvm_disabled.c — the NNVM front end of a libnnx built with NNX_WITH_NNVM=OFF (compiled
 * instead of every other file of this folder; graph JSON needs libcjson): nnvm.h's loader
 * and writer stay, so the public API is the same, and fail with NNX_ERROR_NOT_SUPPORTED
 * naming the option. */
#include "formats/nnvm/nnvm.h"

#define WITHOUT "this libnnx was built without NNVM support (NNX_WITH_NNVM=OFF)"

nnx_status nnx_nnvm_load(const char *path, const nnx_ir_model_options *options, nnx_ir_model *out, nnx_error *err)
{
    return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED, "%s: error: " WITHOUT, path);
}

nnx_status nnx_nnvm_save(const nnx_ir *ir, const uint32_t *inputs, const char *const *input_names, uint32_t n_inputs,
                         const uint32_t *outputs, const char *const *output_names, uint32_t n_outputs, const char *path,
                         const nnx_ir_model_options *options, const nnx_alloc *alloc, nnx_error *err)
{
    return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED, "%s: error: " WITHOUT, path);
}
