/* element_values.c — the public data-type queries (nnx_dtype_from_name, kinds, integer
 * ranges), nnx_operand_desc_bytes, and one element of a buffer loaded or stored as a double
 * or a 64-bit integer. Thin wrappers over the dtype table (ir/dtypes.h) and the reference
 * kernels' element access (ops/elem.h), so clients of nnx.h see the library's own rules. */
#include "ir/dtypes.h"
#include "ir/elem.h"

#include <string.h>

nnx_dtype nnx_dtype_from_name(const char *name)
{
    for (int dt = NNX_DTYPE_UNDEFINED + 1; name && dt < NNX_DTYPE_COUNT; dt++)
        if (strcmp(nnx_dtype_name((nnx_dtype)dt), name) == 0)
            return (nnx_dtype)dt;
    return NNX_DTYPE_UNDEFINED;
}

bool nnx_dtype_is_floating_point(nnx_dtype dtype) { return nnx_dtype_kind_of(dtype) == NNX_KIND_FLOAT; }
bool nnx_dtype_is_signed_integer(nnx_dtype dtype) { return nnx_dtype_kind_of(dtype) == NNX_KIND_SINT; }
int64_t nnx_dtype_integer_min(nnx_dtype dtype) { return nnx_dtype_int_min(dtype); }
uint64_t nnx_dtype_integer_max(nnx_dtype dtype) { return nnx_dtype_int_max(dtype); }

nnx_status nnx_operand_desc_bytes(const nnx_operand_desc *desc, size_t *bytes)
{
    if (!desc || !bytes || !nnx_dtype_valid(desc->dtype) || desc->rank > NNX_MAX_RANK)
        return NNX_ERROR_INVALID_ARGUMENT;
    return nnx_desc_bytes(desc, bytes) ? NNX_OK : NNX_ERROR_INVALID_ARGUMENT;
}

double nnx_element_load_f64(nnx_dtype dtype, const void *data, size_t index) { return nnx_load_f(dtype, data, index); }

int64_t nnx_element_load_i64(nnx_dtype dtype, const void *data, size_t index) { return nnx_load_i(dtype, data, index); }

uint64_t nnx_element_load_u64(nnx_dtype dtype, const void *data, size_t index)
{
    return nnx_load_u(dtype, data, index);
}

void nnx_element_store_f64(nnx_dtype dtype, void *data, size_t index, double value)
{
    nnx_store_f(dtype, data, index, value);
}

void nnx_element_store_i64(nnx_dtype dtype, void *data, size_t index, int64_t value)
{
    if (nnx_dtype_kind_of(dtype) != NNX_KIND_FLOAT)
        nnx_store_i(dtype, data, index, value);
}
