/* fuzz_onnx.c — libFuzzer target fuzz-onnx: the ONNX loader (protobuf decoding, operator
 * check, initializers, every operator mapping and load-time folding) on arbitrary bytes.
 * External data is refused (no folder), so the loader reads nothing but the input. Each
 * input is loaded twice: as it is, and as the model API loads it: allowed to stay unbound
 * (symbolic input dimensions kept, onnx_signature.c) or staged (cut before a node whose shape
 * needs run-time values, onnx_stages.c); and a third time as `nnx info` loads it
 * (NNX_MODEL_STRUCTURE_ONLY: nodes nnx cannot lower listed, onnx_structure.c). */
#include "base/alloc.h"
#include "formats/onnx/onnx.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    nnx_alloc alloc;
    nnx_alloc_init(&alloc, NULL);
    for (int pass = 0; pass < 3; pass++) {
        nnx_ir_model m;
        nnx_ir_model_init(&m, &alloc, "onnx");
        nnx_error err = {0};
        bool api = pass > 0; /* as the model API loads it */
        /* tensors built at load (ConstantOfShape, Range, ...) stay far below libFuzzer's 2 GB
         * malloc limit: a larger one is the limit's clean refusal */
        nnx_ir_model_options o = {
            .allow_unbound = api, .allow_stages = api, .structure_only = pass == 2, .limits = {.elements = 1u << 22}};
        nnx_onnx_load_buffer(data, size, "fuzz.onnx", NULL, &o, NULL, 0, &m, &err);
        nnx_ir_model_free(&m);
    }
    return 0;
}
