/* ops.c — the op table generated from ops.def. */
#include "ir/ops.h"

const nnx_op_info nnx_op_table[NNX_OP_COUNT] = {
#define NNX_OP(TAG, name, attrs, in_min, in_max, n_out, props, infer, kernel) \
    [NNX_OP_##TAG] = {#name, in_min, in_max, n_out, props, infer, kernel},
#include "ir/ops.def"
#undef NNX_OP
};
