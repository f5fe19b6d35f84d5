/* limits.h — data-type sets that both the builder's operation files and the opSupportLimits
 * table (limits.c) name, so that what nnx reports and what the builder accepts come from one
 * definition (tests/unit/test_op_support_limits.c checks the whole table against the builder). */
#ifndef NNX_API_LIMITS_H
#define NNX_API_LIMITS_H

#include "api/builder.h"

/* WebNN quantizeLinear zeroPoint / dequantizeLinear input: "uint8", "int8", "uint32", "int32",
 * plus int4 (later WebNN drafts add int4/uint4; nnx has no uint4). */
#define NNX_SET_QUANT (NNX_SET(NNX_INT4) | NNX_SET(NNX_INT8) | NNX_SET(NNX_UINT8) | NNX_SET(NNX_INT32) | \
                       NNX_SET(NNX_UINT32))

#endif
