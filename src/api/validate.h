/* validate.h — WebNN's shared validation algorithms (check dimensions, validate buffer
 * with descriptor) and MLNumber casting (WebNN §9 cast), used by builder and tensors. */
#ifndef NNX_API_VALIDATE_H
#define NNX_API_VALIDATE_H

#include "base/error.h"
#include "ir/attrs.h"

#define NNX_MAX_DIMENSION 2147483647u /* WebNN "valid dimension": fits a long */

/* WebNN "check dimensions": a valid dtype, rank <= NNX_MAX_RANK, every dimension and the
 * element count a valid dimension (1..2^31-1). */
nnx_status nnx_check_desc(const nnx_operand_desc *d, nnx_error *err);
/* Bytes of exactly the descriptor's byte length (data may be NULL only for 0 bytes). */
nnx_status nnx_check_buffer(const nnx_operand_desc *d, const void *data, size_t size, nnx_error *err);
/* The same for tensors, which may also be empty (a zero extent), as ONNX values may be: only
 * builder operands keep WebNN's valid dimensions. */
nnx_status nnx_check_tensor_desc(const nnx_operand_desc *d, nnx_error *err);
nnx_status nnx_check_tensor_buffer(const nnx_operand_desc *d, const void *data, size_t size, nnx_error *err);

/* WebNN cast(x, dtype) for an MLNumber: floats round to nearest even (overflow -> ±inf);
 * integers clamp to range and round half to even, NaN -> 0. The result is in the
 * representation of dtype's kind (nnx_scalar). */
nnx_scalar nnx_number_cast(nnx_number n, nnx_dtype dtype);
/* The number as a double (absent -> fallback). */
double nnx_number_to_double(nnx_number n, double fallback);
/* Writes one element of dtype holding the cast value. */
void nnx_scalar_store(nnx_dtype dtype, nnx_scalar v, void *dst);

#endif
