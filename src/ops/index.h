/* index.h — what gather.c and scatter.c share: the index data types (WebNN: int32, uint32,
 * int64) and reading one run-time index. WebNN's policy (WebNN decision 6.1-19): an
 * index is clamped into [-n, n - 1], then a negative one counts from the end, so every index
 * a kernel uses lies in [0, n) whatever the data says: nothing is read or written out of
 * bounds. ONNX's nodes check their indices before the kernel instead (nnx_indices_in_range).
 * Also a shape formatter for messages ("[2, 3]"). */
#ifndef NNX_OPS_INDEX_H
#define NNX_OPS_INDEX_H

#include "ir/ops.h"
#include "ir/elem.h"

#include <stdio.h>

static inline bool nnx_index_dtype_ok(nnx_dtype dt) { return dt == NNX_INT32 || dt == NNX_UINT32 || dt == NNX_INT64; }

/* Records the index type error of operand `what` (NNX_OK when the type is allowed). */
static inline nnx_status nnx_check_index_dtype(nnx_dtype dt, const char *what, nnx_error *err)
{
    if (nnx_index_dtype_ok(dt))
        return NNX_OK;
    return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                         "%s type %s is not allowed (int32, uint32 or int64 is "
                         "required)",
                         what, dt == NNX_DTYPE_UNDEFINED ? "undefined" : nnx_dtype_name(dt));
}

/* Element i of an index tensor of type dt, for an axis of extent n >= 1: clamped into
 * [-n, n - 1], negative values counted from the end; the result is in [0, n). uint32 values
 * load as non-negative int64. */
static inline uint64_t nnx_load_index(nnx_dtype dt, const void *p, size_t i, uint32_t n)
{
    int64_t v = nnx_load_i(dt, p, i), lo = -(int64_t)n, hi = (int64_t)n - 1;
    v = v < lo ? lo : v > hi ? hi : v;
    return (uint64_t)(v < 0 ? v + (int64_t)n : v);
}

/* With attrs.index.checked (ONNX's gathers and scatters, ir/attrs.h nnx_attr_index): true when
 * every index of in[1] lies in [-n, n - 1] for the extent n of the axis it addresses, else
 * false with the first offending index in row-major order described in msg ("index 7
 * (element 2 of the indices) is out of range for axis 1 of extent 4: valid indices are
 * [-4, 3]"). Always true for other ops and for unchecked nodes, whose kernels clamp. A single
 * pass in order before the kernel runs, so the index named does not depend on how the
 * kernel is split over threads. */
bool nnx_indices_in_range(const nnx_op_args *args, const nnx_view *in, char *msg, size_t size);

/* Shared by gather.c and scatter.c (defined in gather.c). Element ops: input rank >= 1,
 * indices of the input's rank, axis < rank, indices.shape == input.shape off the axis. */
nnx_status nnx_check_elements_indices(const nnx_operand_desc *x, const nnx_operand_desc *idx, uint32_t axis,
                                      nnx_error *err);
/* ND ops: input and indices of rank >= 1, coordinate size *k = the last indices dimension
 * <= the input rank. */
nnx_status nnx_check_nd_indices(const nnx_operand_desc *x, const nnx_operand_desc *idx, uint32_t *k, nnx_error *err);
/* indices.shape[:-1] ++ x.shape[k:] (gather_nd's output, scatter_nd's updates) into out. */
nnx_status nnx_nd_slices_shape(const nnx_operand_desc *x, const nnx_operand_desc *idx, uint32_t k,
                               nnx_operand_desc *out, nnx_error *err);
/* Element offset in x of coordinate m (the k indices from element m * k on), clamped. */
size_t nnx_nd_offset(const nnx_view *x, const nnx_view *idx, size_t m, uint32_t k);

/* "[2, 3]" ("[]" for a scalar) into buf. */
static inline const char *nnx_format_shape(const uint32_t *shape, uint32_t rank, char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = '\0';
    n += (size_t)snprintf(buf, size, "[");
    for (uint32_t i = 0; i < rank && n < size; i++)
        n += (size_t)snprintf(buf + n, size - n, i ? ", %u" : "%u", shape[i]);
    if (n < size)
        snprintf(buf + n, size - n, "]");
    return buf;
}

#endif
