/* fuzz_nnvm_json.c — libFuzzer target for NNVM graph JSON: the input is a whole document,
 * read into core IR without weights (zero-filled, as `nnx check` sees a graph whose .params
 * is missing). It must load or fail with a documented status and a "fuzz.json" message
 * (PATH: error: or PATH:LINE:COL: error:); what loads must have inputs, outputs and names
 * in range. Any crash, sanitizer report, leak or mismatch is a bug. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "formats/nnvm/load.h"

static void check(bool ok)
{
    if (!ok)
        __builtin_trap();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static nnx_alloc alloc;
    static const nnx_allocator libc;
    nnx_alloc_init(&alloc, &libc);
    nnx_ir_model m;
    nnx_ir_model_init(&m, &alloc, "nnvm");
    nnx_ir_model_options o = {.skip_tensor_data = true};
    nnx_error err = {0};
    nnx_status st = nnvm_load_text("fuzz.json", (const char *)data, size, NULL, 0, false, &o, &m, &err);
    if (st != NNX_OK) {
        check(st == NNX_ERROR_INVALID_MODEL || st == NNX_ERROR_PARSE || st == NNX_ERROR_NOT_SUPPORTED ||
              st == NNX_ERROR_OUT_OF_MEMORY);
        check(strncmp(err.message, "fuzz.json", 9) == 0 && strstr(err.message, "error: "));
    } else {
        check(m.n_outputs > 0);
        for (uint32_t k = 0; k < m.n_outputs; k++)
            check(m.outputs[k] < m.ir.n_values && m.output_names[k] && m.output_names[k][0]);
        for (uint32_t k = 0; k < m.n_inputs; k++)
            check(m.ir.values[m.inputs[k]].kind == NNX_VALUE_INPUT);
    }
    nnx_ir_model_free(&m);
    return 0;
}
