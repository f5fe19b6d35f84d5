/* bitcast.c — shape inference and reference kernel of BITCAST (ONNX BitCast, opset 26): each
 * element's bytes read as another type of the same storage width, shape unchanged. Only
 * types whose every bit pattern is a value of their own (not int4 or int48, stored widened,
 * nor bool as a target, whose storage holds 0 or 1 only). */
#include "ir/dtypes.h"
#include "ir/shape.h"
#include "ops/table.h"

#include <string.h>

/* A type whose storage is exactly its bits. */
static bool bit_exact(nnx_dtype dt) { return nnx_dtype_bits(dt) == 8 * nnx_dtype_size(dt); }

nnx_status nnx_infer_bitcast(const nnx_op_args *args, const nnx_operand_desc *const *in, nnx_operand_desc *out,
                             nnx_error *err)
{
    nnx_dtype from = in[0]->dtype, to = args->attrs->cast.to;
    if (!nnx_dtype_valid(to))
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "target data type %d is not a data type", (int)to);
    if (to == NNX_BOOL || !(bit_exact(from) || from == NNX_BOOL) || !bit_exact(to))
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "%s cannot be reinterpreted as %s", nnx_dtype_name(from),
                             nnx_dtype_name(to));
    if (nnx_dtype_size(from) != nnx_dtype_size(to))
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "%s and %s differ in width", nnx_dtype_name(from),
                             nnx_dtype_name(to));
    *out = *in[0];
    out->dtype = to;
    return NNX_OK;
}

nnx_status nnx_ref_bitcast(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    (void)args;
    size_t bytes = 0;
    nnx_desc_bytes(&in[0].desc, &bytes);
    if (bytes)
        memcpy(out->data, in[0].data, bytes);
    return NNX_OK;
}
