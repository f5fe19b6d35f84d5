/* limits.h — data-type sets that both the builder's operation files and the opSupportLimits
 * table (limits.c) name, so that what nnx reports and what the builder accepts come from one
 * definition (tests/unit/api/test_op_support_limits.c checks the whole table against the builder). */
#ifndef NNX_API_LIMITS_H
#define NNX_API_LIMITS_H

#include "api/builder.h"

/* WebNN quantizeLinear zeroPoint / dequantizeLinear input: "uint8", "int8", "uint32", "int32",
 * plus int4 and uint4 (later WebNN drafts add them). */
#define NNX_SET_QUANT \
    (NNX_SET(NNX_INT4) | NNX_SET(NNX_UINT4) | NNX_SET(NNX_INT8) | NNX_SET(NNX_UINT8) | NNX_SET(NNX_INT32) | \
     NNX_SET(NNX_UINT32))

/* The sets below are used by the builder files named and by the table; the test probes every
 * row written with them against the builder. */
/* WebNN's logical type is uint8; bool is nnx's extension of the same family
 * (WebNN `MLOperandDataType`, decision 6.1-27). */
#define NNX_SET_LOGICAL (NNX_SET(NNX_UINT8) | NNX_SET(NNX_BOOL))
/* gather/scatter indices (builder_indexing.c). */
#define NNX_SET_INDEX (NNX_SET(NNX_INT32) | NNX_SET(NNX_UINT32) | NNX_SET(NNX_INT64))
/* resample2d: float32, float16, uint8, int8, with the other float types (builder_resample.c). */
#define NNX_SET_RESAMPLE (NNX_SET_FLOAT | NNX_SET(NNX_INT8) | NNX_SET(NNX_UINT8))
/* argMin/argMax outputDataType: int32 (the default) or int64 (builder_reduce.c). */
#define NNX_SET_ARG_INDEX (NNX_SET(NNX_INT32) | NNX_SET(NNX_INT64))

#endif
