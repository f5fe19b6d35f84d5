/* fuzz_onnx_tensor.c — libFuzzer target for lone ONNX TensorProto files (.pb, the ONNX test
 * data layout): protobuf decoding and nnx_onnx_tensor_decode's size checks on arbitrary
 * bytes. It must decode or fail with a "fuzz.pb: error:" message; what decodes must hold
 * exactly its descriptor's bytes. Any crash, sanitizer report or leak is a bug. */
#include <stdint.h>
#include <string.h>

#include "base/alloc.h"
#include "formats/onnx/onnx.h"
#include "ir/dtypes.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check(bool ok)
{
    if (!ok)
        __builtin_trap();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    nnx_alloc alloc;
    nnx_alloc_init(&alloc, NULL);
    nnx_error err = {0};
    nnx_operand_desc desc;
    void *values = NULL;
    char name[64];
    nnx_status st = nnx_onnx_tensor_from_bytes(data, size, "fuzz.pb", &alloc, name, sizeof name, &desc, &values, &err);
    if (st != NNX_OK) {
        check(values == NULL && strncmp(err.message, "fuzz.pb: error: ", 16) == 0);
        return 0;
    }
    check(values != NULL && desc.rank <= NNX_MAX_RANK);
    size_t bytes = 0;
    if (desc.dtype != NNX_DTYPE_UNDEFINED) { /* touch every byte: ASan checks the size */
        check(nnx_desc_bytes(&desc, &bytes));
        volatile uint8_t sum = 0;
        for (size_t i = 0; i < bytes; i++)
            sum += ((const uint8_t *)values)[i];
        (void)sum;
    }
    nnx_mem_free_aligned(&alloc, values);
    return 0;
}
