/* ir_model.c — lifetime of nnx_ir_model (formats/ir_model.h): one IR whose arena also holds
 * the model's input, output and operator-name arrays. */
#include "formats/ir_model.h"

#include <stdio.h>
#include <string.h>

void nnx_ir_model_init(nnx_ir_model *m, const nnx_alloc *alloc, const char *format)
{
    memset(m, 0, sizeof *m);
    nnx_ir_init(&m->ir, alloc);
    m->format = format;
}

void nnx_ir_model_free(nnx_ir_model *m)
{
    nnx_ir_free(&m->ir);
    memset(m, 0, sizeof *m);
}

nnx_status nnx_ir_model_collect_inputs(nnx_ir_model *m, nnx_error *err)
{
    uint32_t n = 0;
    for (uint32_t v = 0; v < m->ir.n_values; v++)
        n += m->ir.values[v].kind == NNX_VALUE_INPUT;
    m->inputs = nnx_arena_array(&m->ir.arena, n ? n : 1, sizeof *m->inputs);
    if (!m->inputs)
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    m->n_inputs = 0;
    for (uint32_t v = 0; v < m->ir.n_values; v++)
        if (m->ir.values[v].kind == NNX_VALUE_INPUT)
            m->inputs[m->n_inputs++] = v;
    return NNX_OK;
}

void nnx_stage_values_free(const nnx_alloc *alloc, nnx_stage_value *v, uint32_t n)
{
    for (uint32_t i = 0; v && i < n; i++) {
        nnx_mem_free(alloc, v[i].name);
        nnx_mem_free_aligned(alloc, v[i].data);
    }
    nnx_mem_free(alloc, v);
}

nnx_status nnx_ir_model_set_unsupported(nnx_ir_model *m, const char *path, const nnx_ir_unsupported *u, uint32_t n,
                                        nnx_error *err)
{
    m->unsupported = u;
    m->n_unsupported = n;
    if (m->unrunnable || !n)
        return NNX_OK;
    char msg[NNX_ERROR_MESSAGE_MAX];
    snprintf(msg, sizeof msg,
             "%s: error: %u operation%s nnx cannot run (the model was loaded for its structure only): the first is "
             "node '%.200s' (%.64s): %s",
             path, n, n == 1 ? "" : "s", u[0].node, u[0].op, u[0].reason);
    if (!(m->unrunnable = nnx_arena_strdup(&m->ir.arena, msg)))
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "%s: error: out of memory", path);
    return NNX_OK;
}
