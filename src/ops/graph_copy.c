/* graph_copy.c — nnx_ir_copy (ops/graph_build.h): a deep copy of a core graph with the same value and node ids,
 * made by replaying the source in value-id order through the ordinary add functions (so
 * every node's inference runs again). Attributes that point into the source's arena are
 * re-homed here: split's sizes, compiled_function's name and output descriptors, and the
 * sub-graphs of while_loop and cond_if (ops/subgraph.h, deep-copied); a new
 * pointer attribute must be added below. */
#include "ops/graph_build.h"
#include "ir/dtypes.h"
#include "ops/subgraph.h"

#include <string.h>

/* The attributes of node n of src, with pointers moved into dst's arena. */
static nnx_status copy_attrs(nnx_ir *dst, const nnx_node *n, nnx_attrs *out, nnx_error *err)
{
    *out = n->attrs;
    if (n->op == NNX_OP_SPLIT && n->attrs.split.sizes) {
        out->split.sizes = nnx_arena_memdup(&dst->arena, n->attrs.split.sizes, (size_t)n->n_out * sizeof(uint32_t));
        if (!out->split.sizes)
            return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    }
    if (n->op == NNX_OP_COMPILED_FUNCTION) { /* the function's name and output descriptors */
        out->compiled.function = n->attrs.compiled.function ? nnx_arena_strdup(&dst->arena, n->attrs.compiled.function)
                                                            : NULL;
        out->compiled.outputs = n->attrs.compiled.outputs
            ? nnx_arena_memdup(&dst->arena, n->attrs.compiled.outputs, (size_t)n->n_out * sizeof(nnx_operand_desc))
            : NULL;
        if ((n->attrs.compiled.function && !out->compiled.function) ||
            (n->attrs.compiled.outputs && !out->compiled.outputs))
            return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    }
    return nnx_subgraph_copy_attrs(&dst->arena, dst->alloc, n->op, out, err);
}

nnx_status nnx_ir_copy(nnx_ir *dst, const nnx_ir *src, nnx_error *err)
{
    nnx_status st = NNX_OK;
    for (uint32_t v = 0; v < src->n_values && st == NNX_OK; v++) {
        const nnx_value *val = &src->values[v];
        uint32_t id = NNX_NONE;
        if (val->kind == NNX_VALUE_INPUT) {
            st = nnx_ir_add_input(dst, val->name, &val->desc, &id, err);
        } else if (val->kind == NNX_VALUE_CONSTANT) {
            size_t bytes = 0;
            nnx_desc_bytes(&val->desc, &bytes); /* checked when the source added it */
            if (val->data) {
                st = nnx_ir_add_constant(dst, &val->desc, val->data, bytes, &id, err);
            } else { /* a constant freed as unreachable: keep the id, with zeros */
                void *zeros = nnx_mem_calloc(dst->alloc, bytes ? bytes : 1, 1);
                st = zeros ? nnx_ir_add_constant(dst, &val->desc, zeros, bytes, &id, err)
                           : nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory for a constant (%zu bytes)",
                                           bytes ? bytes : 1);
                nnx_mem_free(dst->alloc, zeros);
            }
        } else {
            const nnx_node *n = &src->nodes[val->producer];
            if (n->out[0] != v)
                continue; /* a later output of a node already replayed */
            nnx_attrs attrs;
            st = copy_attrs(dst, n, &attrs, err);
            if (st == NNX_OK)
                st = nnx_ir_add_node(dst, n->op, n->in, n->n_in, &attrs, n->n_out, n->label, &id, err);
        }
        if (st == NNX_OK && id != v)
            st = nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "copy: value %u replayed as %u", v, id);
    }
    /* the source's names of constants and node outputs (inputs got theirs when added) */
    for (uint32_t v = 0; v < src->n_values && st == NNX_OK; v++)
        st = nnx_ir_set_name(dst, v, src->values[v].name, err);
    for (uint32_t u = 0; u < src->n_updates && st == NNX_OK; u++)
        st = nnx_ir_add_update(dst, src->updates[u].variable, src->updates[u].value, err);
    return st;
}
