/* ops.c — the op facts table generated from ops.def: each op's name, arity and property
 * bits. Its shape-inference function and reference kernel are in ops/table.c, so the IR
 * links without the ops. */
#include "ir/ops.h"

const nnx_op_info nnx_op_table[NNX_OP_COUNT] = {
#define NNX_OP(TAG, name, attrs, in_min, in_max, n_out, props, infer, kernel) \
    [NNX_OP_##TAG] = {#name, in_min, in_max, n_out, props},
#include "ir/ops.def"
#undef NNX_OP
};
