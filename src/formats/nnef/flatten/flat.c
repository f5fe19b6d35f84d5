/* flat.c — storage of the flat NNEF graph and the shared diagnostic format. */
#include "formats/nnef/flatten/flat.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void nnx_nnef_flat_init(nnx_nnef_flat *g, const nnx_alloc *alloc, const char *filename)
{
    memset(g, 0, sizeof *g);
    g->alloc = alloc;
    g->filename = filename ? filename : "graph.nnef";
    nnx_arena_init(&g->arena, alloc);
}

void nnx_nnef_flat_free(nnx_nnef_flat *g)
{
    if (!g->alloc)
        return;
    nnx_mem_free(g->alloc, g->tensors);
    nnx_mem_free(g->alloc, g->ops);
    nnx_arena_free(&g->arena);
    memset(g, 0, sizeof *g);
}

nnx_status nnx_nnef_flat_add_tensor(nnx_nnef_flat *g, const nnx_nnef_flat_tensor *t, uint32_t *index)
{
    if (!nnx_mem_reserve(g->alloc, (void **)&g->tensors, &g->cap_tensors, g->n_tensors + 1, sizeof *t))
        return NNX_ERROR_OUT_OF_MEMORY;
    g->tensors[g->n_tensors] = *t;
    *index = g->n_tensors++;
    return NNX_OK;
}

nnx_status nnx_nnef_flat_add_op(nnx_nnef_flat *g, const nnx_nnef_flat_op *op, uint32_t *index)
{
    if (!nnx_mem_reserve(g->alloc, (void **)&g->ops, &g->cap_ops, g->n_ops + 1, sizeof *op))
        return NNX_ERROR_OUT_OF_MEMORY;
    g->ops[g->n_ops] = *op;
    *index = g->n_ops++;
    return NNX_OK;
}

static const nnx_nnef_value *find(const nnx_nnef_arg *args, uint32_t n, const char *name)
{
    for (uint32_t i = 0; i < n; i++)
        if (strcmp(args[i].name, name) == 0)
            return &args[i].value;
    return NULL;
}

const nnx_nnef_value *nnx_nnef_flat_arg(const nnx_nnef_flat_op *op, const char *name)
{
    return find(op->args, op->n_args, name);
}

const nnx_nnef_value *nnx_nnef_flat_result(const nnx_nnef_flat_op *op, const char *name)
{
    return find(op->results, op->n_results, name);
}
