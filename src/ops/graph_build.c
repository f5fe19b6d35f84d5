/* graph_build.c — nnx_ir_add_node (ops/graph_build.h): a node's arity and shape inference
 * checked before ir/graph.c stores it, so a graph never holds a value without a valid
 * descriptor. */
#include "ops/graph_build.h"
#include "ir/dtypes.h"
#include "ops/table.h"

static nnx_status oom(nnx_error *err) { return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory"); }

static nnx_status check_arity(const nnx_op_info *info, uint32_t n_in, nnx_error *err)
{
    if (n_in < info->in_min || n_in > info->in_max)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "%u inputs given, %s takes %u to %u", n_in, info->name,
                             info->in_min, info->in_max);
    return NNX_OK;
}

nnx_status nnx_ir_add_node(nnx_ir *ir, nnx_op op, const uint32_t *in, uint32_t n_in, const nnx_attrs *attrs,
                           uint32_t n_out, const char *label, uint32_t *first_out, nnx_error *err)
{
    const nnx_op_info *info = &nnx_op_table[op];
    if (info->n_out)
        n_out = info->n_out;
    nnx_status st = check_arity(info, n_in, err);
    if (st != NNX_OK)
        return st;
    if (n_out == 0)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "a node needs at least one output");
    for (uint32_t i = 0; i < n_in; i++)
        if (in[i] != NNX_NONE && in[i] >= ir->n_values)
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "input %u is not a value of this graph", i);
    if (!label)
        label = "";

    nnx_node node = {.op = op, .n_in = n_in, .n_out = n_out};
    if (attrs)
        node.attrs = *attrs;
    node.in = nnx_arena_memdup(&ir->arena, in, (size_t)n_in * sizeof *in);
    node.out = nnx_arena_array(&ir->arena, n_out, sizeof *node.out);
    node.label = nnx_arena_strdup(&ir->arena, label);
    const nnx_operand_desc **in_desc = nnx_arena_array(&ir->arena, n_in ? n_in : 1, sizeof *in_desc);
    nnx_operand_desc *out_desc = nnx_arena_array(&ir->arena, n_out, sizeof *out_desc);
    if ((n_in && !node.in) || !node.out || !node.label || !in_desc || !out_desc)
        return oom(err);
    for (uint32_t i = 0; i < n_in; i++)
        in_desc[i] = in[i] == NNX_NONE ? NULL : &ir->values[in[i]].desc;

    st = nnx_node_infer(&node, in_desc, out_desc, err);
    if (st != NNX_OK)
        return st;
    for (uint32_t o = 0; o < n_out; o++) {
        size_t bytes;
        if (!nnx_desc_bytes(&out_desc[o], &bytes))
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "output %u is too large to address", o);
    }
    return nnx_ir_append_node(ir, &node, out_desc, first_out, err);
}
