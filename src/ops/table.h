/* table.h — what ops/ gives each op of ir/ops.def: its shape-inference function and its
 * reference kernel (nnx_op_impls, ops/table.c, generated from the same X-macro as the op
 * facts of ir/ops.h), and the declarations of every one of them. */
#ifndef NNX_OPS_TABLE_H
#define NNX_OPS_TABLE_H

#include "ir/ops.h"
#include "ops/index.h"

/* Validates an op's inputs and attributes and computes its output descriptors (out has
 * args->n_out entries). in[i] is NULL for an absent optional input. On a rule violation
 * returns NNX_ERROR_INVALID_ARGUMENT with a message (without the op name: the caller
 * prefixes "name 'label': "). */
typedef nnx_status (*nnx_infer_fn)(const nnx_op_args *args, const nnx_operand_desc *const *in, nnx_operand_desc *out,
                                   nnx_error *err);
/* Computes an op's outputs from its inputs; views were validated by infer. */
typedef nnx_status (*nnx_kernel_fn)(const nnx_op_args *args, const nnx_view *in, nnx_view *out);

typedef struct nnx_op_impl {
    nnx_infer_fn infer;
    nnx_kernel_fn kernel;
} nnx_op_impl;

extern const nnx_op_impl nnx_op_impls[NNX_OP_COUNT];

/* Node n's shape inference and reference kernel, for the graph code that holds nodes. */
static inline nnx_status nnx_node_infer(const nnx_node *n, const nnx_operand_desc *const *in, nnx_operand_desc *out,
                                        nnx_error *err)
{
    nnx_op_args args = nnx_node_args(n);
    return nnx_op_impls[n->op].infer(&args, in, out, err);
}
/* Outputs that all hold no element have nothing to compute: the kernel is not called (the
 * reference kernels' index loops visit one element before they test the shape). */
static inline nnx_status nnx_node_kernel(const nnx_node *n, const nnx_view *in, nnx_view *out)
{
    bool empty = n->n_out > 0;
    for (uint32_t k = 0; k < n->n_out && empty; k++) {
        bool zero = false;
        for (uint32_t d = 0; d < out[k].desc.rank; d++)
            zero = zero || out[k].desc.shape[d] == 0;
        empty = zero;
    }
    if (empty)
        return NNX_OK;
    nnx_op_args args = nnx_node_args(n);
    char why[1]; /* the caller that wants the message calls nnx_indices_in_range itself */
    if (!nnx_indices_in_range(&args, in, why, sizeof why))
        return NNX_ERROR_INVALID_ARGUMENT; /* a checked index out of range (ops/index.h) */
    return nnx_op_impls[n->op].kernel(&args, in, out);
}

/* Declarations of every infer and kernel function named in ops.def. */
#define NNX_OP(TAG, name, attrs, in_min, in_max, n_out, props, infer, kernel) \
    nnx_status infer(const nnx_op_args *, const nnx_operand_desc *const *, nnx_operand_desc *, nnx_error *); \
    nnx_status kernel(const nnx_op_args *, const nnx_view *, nnx_view *);
#include "ir/ops.def"
#undef NNX_OP

#endif
