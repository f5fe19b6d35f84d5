/* fuzz_nnef_quant.c — libFuzzer target for the graph.quant parser (NNEF 1.0.2 §5.3): any
 * bytes must give a parsed entry list or a "FILE:LINE:COL: error:" diagnostic, never a
 * crash, sanitizer report or leak. The document parser has its own target. */
#include <stdint.h>
#include <string.h>

#include "formats/nnef/syntax/parser.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    nnx_alloc a;
    nnx_alloc_init(&a, NULL);
    nnx_error err = {0};
    nnx_nnef_quant *q = NULL;
    nnx_status st = nnx_nnef_parse_quant((const char *)data, size, "graph.quant", &a, &q, &err);
    if (st == NNX_OK) {
        for (uint32_t i = 0; i < q->entry_count; i++)
            if (!q->entries[i].tensor || !q->entries[i].op)
                __builtin_trap();
    } else if (st == NNX_ERROR_PARSE && strncmp(err.message, "graph.quant:", 12) != 0) {
        __builtin_trap(); /* every syntax error carries its position */
    }
    nnx_nnef_quant_free(q);
    return 0;
}
