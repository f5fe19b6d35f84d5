/* dtypes.h — facts about element data types, generated from dtypes.def, plus operand
 * descriptor helpers (element count and byte length with overflow checks). */
#ifndef NNX_IR_DTYPES_H
#define NNX_IR_DTYPES_H

#include "nnx.h"

typedef enum nnx_dtype_kind {
    NNX_KIND_NONE,
    NNX_KIND_FLOAT,
    NNX_KIND_SINT,
    NNX_KIND_UINT,
    NNX_KIND_BOOL
} nnx_dtype_kind;

#define NNX_DTYPE_COUNT 25 /* one past the last public value */

bool nnx_dtype_valid(nnx_dtype dt);
nnx_dtype_kind nnx_dtype_kind_of(nnx_dtype dt);
unsigned nnx_dtype_bits(nnx_dtype dt);
static inline bool nnx_dtype_is_float(nnx_dtype dt) { return nnx_dtype_kind_of(dt) == NNX_KIND_FLOAT; }
/* Range of an integer type (bool: 0..1), as int64/uint64. */
int64_t nnx_dtype_int_min(nnx_dtype dt);
uint64_t nnx_dtype_int_max(nnx_dtype dt);

/* Element count of a descriptor; false if it overflows uint64. */
bool nnx_desc_elements(const nnx_operand_desc *d, uint64_t *count);
/* Byte length; false on overflow of size_t. */
bool nnx_desc_bytes(const nnx_operand_desc *d, size_t *bytes);
bool nnx_desc_equal(const nnx_operand_desc *a, const nnx_operand_desc *b);
/* "float32[1,3,224,224]" into buf. */
const char *nnx_desc_format(const nnx_operand_desc *d, char *buf, size_t size);

#endif
