/* builder_indexing.c — WebNN gather, gatherElements, gatherND, scatterElements, scatterND:
 * operand validation and the index data types (int32, uint32, int64), then the core node,
 * whose inference checks axis, ranks and shapes (the WebNN method steps of the gather and scatter
 * methods). Indices are data, read
 * when the graph runs: see ops/index.h for the clamping policy. */
#include "api/limits.h"

#define LABEL(o) ((o) ? (o)->label : NULL)
#define POISON(b) ((b) ? &(b)->poison : NULL)

/* The WebNN prologue of the five operations: can build, validate operands, indices type. */
static bool indexing_begin(nnx_op_call *c, nnx_builder *b, const char *name, const char *label, nnx_operand *x,
                           nnx_operand *indices, nnx_operand *updates, bool has_updates)
{
    return nnx_call_begin(c, b, name, label) && nnx_call_operand(c, x, "input") &&
        nnx_call_operand(c, indices, "indices") && (!has_updates || nnx_call_operand(c, updates, "updates")) &&
        nnx_call_dtype(c, indices, "indices", NNX_SET_INDEX);
}

static nnx_operand *gather(nnx_builder *b, nnx_op op, const char *name, nnx_operand *x, nnx_operand *indices,
                           const char *label, uint32_t axis)
{
    nnx_op_call c;
    if (!indexing_begin(&c, b, name, label, x, indices, NULL, false))
        return POISON(b);
    nnx_attrs attrs = {.axis = {axis}};
    const nnx_operand *in[2] = {x, indices};
    return nnx_call_node(&c, op, in, 2, &attrs, 1, NULL);
}

nnx_operand *nnx_builder_gather(nnx_builder *b, nnx_operand *x, nnx_operand *indices, const nnx_gather_options *o)
{
    return gather(b, NNX_OP_GATHER, "gather", x, indices, LABEL(o), o ? o->axis : 0);
}

nnx_operand *nnx_builder_gather_elements(nnx_builder *b, nnx_operand *x, nnx_operand *indices,
                                         const nnx_gather_options *o)
{
    return gather(b, NNX_OP_GATHER_ELEMENTS, "gatherElements", x, indices, LABEL(o), o ? o->axis : 0);
}

nnx_operand *nnx_builder_gather_nd(nnx_builder *b, nnx_operand *x, nnx_operand *indices, const nnx_operator_options *o)
{
    return gather(b, NNX_OP_GATHER_ND, "gatherND", x, indices, LABEL(o), 0);
}

static nnx_operand *scatter(nnx_builder *b, nnx_op op, const char *name, nnx_operand *x, nnx_operand *indices,
                            nnx_operand *updates, const char *label, uint32_t axis)
{
    nnx_op_call c;
    if (!indexing_begin(&c, b, name, label, x, indices, updates, true))
        return POISON(b);
    nnx_attrs attrs = {.axis = {axis}};
    const nnx_operand *in[3] = {x, indices, updates};
    return nnx_call_node(&c, op, in, 3, &attrs, 1, NULL);
}

nnx_operand *nnx_builder_scatter_elements(nnx_builder *b, nnx_operand *x, nnx_operand *indices, nnx_operand *updates,
                                          const nnx_scatter_options *o)
{
    return scatter(b, NNX_OP_SCATTER_ELEMENTS, "scatterElements", x, indices, updates, LABEL(o), o ? o->axis : 0);
}

/* WebNN's IDL gives scatterND MLOperatorOptions (the prose's MLScatterOptions axis is a spec
 * defect, WebNN `scatterND()`, decision 6.1-6), so there is no axis. */
nnx_operand *nnx_builder_scatter_nd(nnx_builder *b, nnx_operand *x, nnx_operand *indices, nnx_operand *updates,
                                    const nnx_operator_options *o)
{
    return scatter(b, NNX_OP_SCATTER_ND, "scatterND", x, indices, updates, LABEL(o), 0);
}
