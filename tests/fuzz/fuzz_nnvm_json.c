/* fuzz_nnvm_json.c — libFuzzer target for NNVM graph JSON: the input is a whole document,
 * read into core IR without weights (zero-filled, as `nnx check` sees a graph whose .params
 * is missing). It must load or fail with a documented status and a "fuzz.json" message
 * (PATH: error: or PATH:LINE:COL: error:); what loads must have inputs, outputs and names
 * in range; and again as a structure-only load. Any crash, sanitizer report, leak or
 * mismatch is a bug. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "formats/nnvm/load.h"

static void check(bool ok)
{
    if (!ok)
        __builtin_trap();
}

/* One load of data; structure: as `nnx info` loads it (NNX_MODEL_STRUCTURE_ONLY), where an
 * output computed from an op nnx cannot lower has no value but a declared type, and every
 * listed operation has its strings. */
static void load_once(const uint8_t *data, size_t size, bool structure)
{
    static nnx_alloc alloc;
    static const nnx_allocator libc;
    nnx_alloc_init(&alloc, &libc);
    nnx_ir_model m;
    nnx_ir_model_init(&m, &alloc, "nnvm");
    /* weights zero-filled from the JSON's shapes stay far below libFuzzer's malloc limit */
    nnx_ir_model_options o = {.skip_tensor_data = true, .structure_only = structure, .limits = {.elements = 1u << 22}};
    nnx_error err = {0};
    nnx_status st = nnvm_load_text("fuzz.json", (const char *)data, size, NULL, 0, false, &o, &m, &err);
    if (st != NNX_OK) {
        check(st == NNX_ERROR_INVALID_MODEL || st == NNX_ERROR_PARSE || st == NNX_ERROR_NOT_SUPPORTED ||
              st == NNX_ERROR_OUT_OF_MEMORY);
        check(strncmp(err.message, "fuzz.json", 9) == 0 && strstr(err.message, "error: "));
    } else {
        check(m.n_outputs > 0);
        for (uint32_t k = 0; k < m.n_outputs; k++)
            check((m.outputs[k] < m.ir.n_values || (structure && m.outputs[k] == NNX_NONE && m.declared_outputs)) &&
                  m.output_names[k] && m.output_names[k][0]);
        for (uint32_t k = 0; k < m.n_inputs; k++)
            check(m.ir.values[m.inputs[k]].kind == NNX_VALUE_INPUT);
        check(structure || !m.n_unsupported);
        for (uint32_t k = 0; k < m.n_unsupported; k++)
            check(m.unsupported[k].op && m.unsupported[k].node && m.unsupported[k].reason && m.unrunnable);
    }
    nnx_ir_model_free(&m);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    load_once(data, size, false);
    load_once(data, size, true);
    return 0;
}
