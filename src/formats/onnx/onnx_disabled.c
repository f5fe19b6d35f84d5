/* onnx_disabled.c — the ONNX front end of a libnnx built with NNX_WITH_ONNX=OFF (compiled
 * instead of every other file of this folder, which need protobuf-c): the entry points of
 * onnx.h stay, so the public API is the same, and each fails with NNX_ERROR_NOT_SUPPORTED
 * naming the option. */
#include "formats/onnx/onnx.h"

#define WITHOUT "this libnnx was built without ONNX support (NNX_WITH_ONNX=OFF)"

static nnx_status without_onnx(const char *path, nnx_error *err)
{
    return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED, "%s: error: " WITHOUT, path ? path : "<memory>");
}

nnx_status nnx_onnx_load(const char *path, const nnx_ir_model_options *options, nnx_ir_model *out, nnx_error *err)
{
    return without_onnx(path, err);
}

nnx_status nnx_onnx_save(const nnx_ir *ir, const uint32_t *inputs, const char *const *input_names, uint32_t n_inputs,
                         const uint32_t *outputs, const char *const *output_names, uint32_t n_outputs, const char *path,
                         const nnx_ir_model_options *options, const nnx_alloc *alloc, nnx_error *err)
{
    return without_onnx(path, err);
}

nnx_status nnx_onnx_save_inline_max(const nnx_ir *ir, const uint32_t *inputs, const char *const *input_names,
                                    uint32_t n_inputs, const uint32_t *outputs, const char *const *output_names,
                                    uint32_t n_outputs, const char *path, const nnx_ir_model_options *options,
                                    size_t inline_max, const nnx_alloc *alloc, nnx_error *err)
{
    return without_onnx(path, err);
}

nnx_status nnx_onnx_load_buffer(const uint8_t *data, size_t size, const char *name, const char *dir,
                                const nnx_ir_model_options *options, const nnx_onnx_known_input *known,
                                uint32_t n_known, nnx_ir_model *out, nnx_error *err)
{
    return without_onnx(name, err);
}

nnx_status nnx_onnx_load_ex(const char *path, const nnx_ir_model_options *options, const nnx_onnx_known_input *known,
                            uint32_t n_known, nnx_ir_model *out, nnx_error *err)
{
    return without_onnx(path, err);
}

nnx_status nnx_onnx_load_with_strings(const char *path, const nnx_ir_model_options *options,
                                      const nnx_onnx_known_input *known, uint32_t n_known,
                                      nnx_onnx_string_outputs *strings, nnx_ir_model *out, nnx_error *err)
{
    return without_onnx(path, err);
}

/* No model of this build is staged (nothing loads), so the stages are never called; they
 * still refuse rather than leave NULL pointers in the format table. */
static nnx_status stage_open(const char *path, const nnx_ir_model_options *options, const nnx_alloc *alloc,
                             void **source, nnx_error *err)
{
    *source = NULL;
    return without_onnx(path, err);
}

static void stage_close(void *source, const nnx_alloc *alloc) {}

static nnx_status stage_load(const void *source, const nnx_ir_model_options *options, uint32_t first,
                             const nnx_stage_value *env, uint32_t n_env, nnx_ir_model *out, nnx_error *err)
{
    return without_onnx(NULL, err);
}

static nnx_status stage_eval(const void *source, const nnx_ir_model_options *options, uint32_t at,
                             const nnx_stage_value *env, uint32_t n_env, const nnx_alloc *alloc, nnx_stage_value **out,
                             uint32_t *n_out, nnx_error *err)
{
    return without_onnx(NULL, err);
}

const nnx_ir_stage_ops nnx_onnx_stages = {stage_open, stage_close, stage_load, stage_eval};

nnx_status nnx_onnx_read_tensor_file(const char *path, const nnx_alloc *alloc, char *name, size_t name_size,
                                     nnx_operand_desc *desc, void **data, nnx_error *err)
{
    *data = NULL;
    return without_onnx(path, err);
}

nnx_status nnx_onnx_tensor_from_bytes(const void *bytes, size_t size, const char *path, const nnx_alloc *alloc,
                                      char *name, size_t name_size, nnx_operand_desc *desc, void **data, nnx_error *err)
{
    *data = NULL;
    return without_onnx(path, err);
}
