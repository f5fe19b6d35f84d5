/* ops.h — the op enum and the per-op facts generated from ops.def: names, arity and property
 * bits (nnx_op_table), the node, an op's arguments (what its functions see of a node) and the
 * kernel's view of a tensor. The functions of each op (shape inference, reference kernel)
 * are ops/'s, in ops/table.h. */
#ifndef NNX_IR_OPS_H
#define NNX_IR_OPS_H

#include "base/error.h"
#include "ir/attrs.h"

typedef enum nnx_op {
#define NNX_OP(TAG, name, attrs, in_min, in_max, n_out, props, infer, kernel) NNX_OP_##TAG,
#include "ir/ops.def"
#undef NNX_OP
    NNX_OP_COUNT
} nnx_op;

enum {
    NNX_PROP_UNARY = 1u << 0,  /* one input, output of the same shape */
    NNX_PROP_BINARY = 1u << 1, /* two inputs, bidirectional broadcast */
};

#define NNX_NONE UINT32_MAX /* "no value / no node" id */

typedef struct nnx_node {
    nnx_op op;
    uint32_t n_in, n_out;
    uint32_t *in;  /* value ids; NNX_NONE for an absent optional input */
    uint32_t *out; /* value ids */
    nnx_attrs attrs;
    const char *label; /* never NULL; "" if none */
} nnx_node;

/* What an op's functions (ops/table.h, cpu/kernels.h) are told besides their tensors: the op,
 * how many inputs (absent optional ones included) and outputs it has, and its attributes. It
 * carries nothing of a graph: no value ids, no label, no other nodes. */
typedef struct nnx_op_args {
    nnx_op op;
    uint32_t n_in, n_out;
    const nnx_attrs *attrs;
} nnx_op_args;

/* The arguments of node n; they borrow n's attributes. */
static inline nnx_op_args nnx_node_args(const nnx_node *n)
{
    return (nnx_op_args){n->op, n->n_in, n->n_out, &n->attrs};
}

/* A tensor as a kernel sees it. data is NULL for an absent optional input. */
typedef struct nnx_view {
    nnx_operand_desc desc;
    void *data;
} nnx_view;

typedef struct nnx_op_info {
    const char *name;
    uint32_t in_min, in_max, n_out;
    unsigned props;
} nnx_op_info;

extern const nnx_op_info nnx_op_table[NNX_OP_COUNT];

#endif
