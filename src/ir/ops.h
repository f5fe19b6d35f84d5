/* ops.h — the op enum and the per-op facts generated from ops.def: names, arity, property
 * bits, and the tables of shape-inference functions and reference kernels. */
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

/* A tensor as a kernel sees it. data is NULL for an absent optional input. */
typedef struct nnx_view {
    nnx_operand_desc desc;
    void *data;
} nnx_view;

/* Validates a node's inputs and attributes and computes its output descriptors (out has
 * node->n_out entries). in[i] is NULL for an absent optional input. On a rule violation
 * returns NNX_ERROR_INVALID_ARGUMENT with a message (without the op name: the caller
 * prefixes "name 'label': "). */
typedef nnx_status (*nnx_infer_fn)(const nnx_node *node, const nnx_operand_desc *const *in,
                                   nnx_operand_desc *out, nnx_error *err);
/* Computes a node's outputs from its inputs; views were validated by infer. */
typedef nnx_status (*nnx_kernel_fn)(const nnx_node *node, const nnx_view *in, nnx_view *out);

typedef struct nnx_op_info {
    const char *name;
    uint32_t in_min, in_max, n_out;
    unsigned props;
    nnx_infer_fn infer;
    nnx_kernel_fn kernel;
} nnx_op_info;

extern const nnx_op_info nnx_op_table[NNX_OP_COUNT];

/* Declarations of every infer and kernel function named in ops.def. */
#define NNX_OP(TAG, name, attrs, in_min, in_max, n_out, props, infer, kernel) \
    nnx_status infer(const nnx_node *, const nnx_operand_desc *const *, nnx_operand_desc *, nnx_error *); \
    nnx_status kernel(const nnx_node *, const nnx_view *, nnx_view *);
#include "ir/ops.def"
#undef NNX_OP

#endif
