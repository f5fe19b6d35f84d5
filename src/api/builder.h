/* builder.h — what the builder's operation files share: the WebNN op prologue (can build,
 * sticky error, validate operand), dtype sets, failing with the op's label, and adding a
 * core node whose outputs become new operands. */
#ifndef NNX_API_BUILDER_H
#define NNX_API_BUILDER_H

#include "api/objects.h"
#include "api/validate.h"
#include "ir/dtypes.h"

/* Sets of data types, one bit per nnx_dtype (values below 32). WebNN's lists are widened to
 * nnx's extra types of the same family (WebNN `MLOperandDataType`, decision 6.1-27). */
typedef uint32_t nnx_dtype_set;
_Static_assert(NNX_DTYPE_COUNT <= 32, "nnx_dtype_set has one bit per data type");
#define NNX_SET(dt) (1u << (dt))
#define NNX_SET_FLOAT \
    (NNX_SET(NNX_FLOAT32) | NNX_SET(NNX_FLOAT16) | NNX_SET(NNX_BFLOAT16) | NNX_SET(NNX_FLOAT64) | \
     NNX_SET(NNX_FP8E4M3) | NNX_SET(NNX_FP8E5M2) | NNX_SET(NNX_FP8E4M3FNUZ) | NNX_SET(NNX_FP8E5M2FNUZ) | \
     NNX_SET(NNX_FP8E8M0) | NNX_SET(NNX_FP4E2M1))
#define NNX_SET_SINT \
    (NNX_SET(NNX_INT2) | NNX_SET(NNX_INT4) | NNX_SET(NNX_INT8) | NNX_SET(NNX_INT16) | NNX_SET(NNX_INT32) | \
     NNX_SET(NNX_INT48) | NNX_SET(NNX_INT64))
#define NNX_SET_UINT \
    (NNX_SET(NNX_UINT2) | NNX_SET(NNX_UINT4) | NNX_SET(NNX_UINT8) | NNX_SET(NNX_UINT16) | NNX_SET(NNX_UINT32) | \
     NNX_SET(NNX_UINT64))
#define NNX_SET_ANY (NNX_SET_FLOAT | NNX_SET_SINT | NNX_SET_UINT | NNX_SET(NNX_BOOL))
/* WebNN "float32, float16, int64, int32, int8" (abs, neg, relu, …) widened. */
#define NNX_SET_SIGNED (NNX_SET_FLOAT | NNX_SET_SINT)
/* WebNN reduceSum/L1/Product/SumSquare: floats, int32, uint32, int64, uint64 widened. */
#define NNX_SET_NUMERIC \
    (NNX_SET_FLOAT | NNX_SET(NNX_INT16) | NNX_SET(NNX_INT32) | NNX_SET(NNX_INT48) | NNX_SET(NNX_INT64) | \
     NNX_SET(NNX_UINT16) | NNX_SET(NNX_UINT32) | NNX_SET(NNX_UINT64))

/* The op currently being added: its name and label, for messages. */
typedef struct nnx_op_call {
    nnx_builder *b;
    const char *name;
    const char *label;
} nnx_op_call;

/* WebNN prologue: false (and the caller returns the poison operand) when the builder has
 * built or already holds an error. */
bool nnx_call_begin(nnx_op_call *c, nnx_builder *b, const char *name, const char *label);
/* Records "name 'label': message" as the builder's error; returns the poison operand. */
nnx_operand *nnx_call_fail(nnx_op_call *c, nnx_status st, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Validates an operand argument (non-NULL, from this builder, not poisoned). */
bool nnx_call_operand(nnx_op_call *c, const nnx_operand *op, const char *what);
/* Checks that op's dtype is in set. */
bool nnx_call_dtype(nnx_op_call *c, const nnx_operand *op, const char *what, nnx_dtype_set set);
/* Checks that a list option has the expected length (ptr NULL: absent, always fine). */
bool nnx_call_list_length(nnx_op_call *c, const uint32_t *ptr, uint32_t count, uint32_t expected, const char *what);
/* Copies an optional list option of n items into dst, or fallback when it is absent;
 * nonzero rejects a given 0 item. */
bool nnx_call_list_u32(nnx_op_call *c, const char *what, const uint32_t *list, uint32_t count, uint32_t n,
                       uint32_t fallback, bool nonzero, uint32_t *dst);
/* Adds a core node; on success writes n_out new operands to outs (or returns the first). */
nnx_operand *nnx_call_node(nnx_op_call *c, nnx_op op, const nnx_operand *const *in, uint32_t n_in,
                           const nnx_attrs *attrs, uint32_t n_out, nnx_operand **outs);

#endif
