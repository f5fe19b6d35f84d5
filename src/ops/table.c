/* table.c — nnx_op_impls (ops/table.h): each op's shape-inference function and reference
 * kernel, generated from ir/ops.def. A function ops.def names but ops/ lacks fails at link
 * time. */
#include "ops/table.h"

const nnx_op_impl nnx_op_impls[NNX_OP_COUNT] = {
#define NNX_OP(TAG, name, attrs, in_min, in_max, n_out, props, infer, kernel) [NNX_OP_##TAG] = {infer, kernel},
#include "ir/ops.def"
#undef NNX_OP
};
