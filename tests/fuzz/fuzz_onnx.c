/* fuzz_onnx.c — libFuzzer target fuzz-onnx: the ONNX loader (protobuf decoding, operator
 * check, initializers, every operator mapping and load-time folding) on arbitrary bytes.
 * External data is refused (no folder), so the loader reads nothing but the input. */
#include "base/alloc.h"
#include "formats/onnx/onnx.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    nnx_alloc alloc;
    nnx_alloc_init(&alloc, NULL);
    nnx_ir_model m;
    nnx_ir_model_init(&m, &alloc, "onnx");
    nnx_error err = {0};
    nnx_onnx_load_buffer(data, size, "fuzz.onnx", NULL, NULL, NULL, 0, &m, &err);
    nnx_ir_model_free(&m);
    return 0;
}
