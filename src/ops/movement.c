/* movement.c — data movement: reshape, transpose, concat, slice, split, expand, reverse,
 * triangular. Inference checks the WebNN shape rules; kernels copy bytes (triangular writes
 * all-zero bytes, which is 0 in every dtype), so they work for every dtype. */
#include "ops/table.h"
#include "ir/elem.h"
#include "ir/shape.h"

static nnx_status invalid(nnx_error *err, const char *what)
{
    return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "%s", what);
}

/* ---------------------------------------------------------------- reshape */

nnx_status nnx_infer_reshape(const nnx_op_args *args, const nnx_operand_desc *const *in, nnx_operand_desc *out,
                             nnx_error *err)
{
    const nnx_attr_reshape *a = &args->attrs->reshape;
    if (a->rank > NNX_MAX_RANK)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "new shape has rank %u, the maximum is %d", a->rank,
                             NNX_MAX_RANK);
    out->dtype = in[0]->dtype;
    out->rank = a->rank;
    for (uint32_t i = 0; i < a->rank; i++)
        out->shape[i] = a->shape[i]; /* 0 allowed: an empty tensor of as many elements */
    uint64_t n_in = 0, n_out = 0;
    if (!nnx_desc_elements(in[0], &n_in) || !nnx_desc_elements(out, &n_out) || n_in != n_out)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "new shape has %llu elements, the input has %llu",
                             (unsigned long long)n_out, (unsigned long long)n_in);
    return NNX_OK;
}

nnx_status nnx_ref_reshape(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    size_t bytes;
    if (nnx_desc_bytes(&out->desc, &bytes) && bytes)
        memcpy(out->data, in[0].data, bytes);
    return NNX_OK;
}

/* ---------------------------------------------------------------- transpose */

nnx_status nnx_infer_transpose(const nnx_op_args *args, const nnx_operand_desc *const *in, nnx_operand_desc *out,
                               nnx_error *err)
{
    const uint32_t *perm = args->attrs->transpose.perm;
    bool seen[NNX_MAX_RANK] = {false};
    *out = *in[0];
    for (uint32_t i = 0; i < in[0]->rank; i++) {
        if (perm[i] >= in[0]->rank)
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "permutation value %u is out of range for rank %u",
                                 perm[i], in[0]->rank);
        if (seen[perm[i]])
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "permutation repeats axis %u", perm[i]);
        seen[perm[i]] = true;
        out->shape[i] = in[0]->shape[perm[i]];
    }
    return NNX_OK;
}

nnx_status nnx_ref_transpose(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    const uint32_t *perm = args->attrs->transpose.perm;
    uint32_t rank = out->desc.rank;
    uint64_t in_strides[NNX_MAX_RANK], s[NNX_MAX_RANK];
    nnx_strides(in[0].desc.shape, rank, in_strides);
    for (uint32_t i = 0; i < rank; i++)
        s[i] = in_strides[perm[i]];
    size_t esize = nnx_dtype_size(out->desc.dtype), o = 0;
    uint32_t idx[NNX_MAX_RANK] = {0};
    do {
        size_t src = 0;
        for (uint32_t d = 0; d < rank; d++)
            src += idx[d] * s[d];
        nnx_copy_elem(esize, out->data, o++, in[0].data, src);
    } while (nnx_index_next(idx, out->desc.shape, rank));
    return NNX_OK;
}

/* ---------------------------------------------------------------- concat / split */

nnx_status nnx_infer_concat(const nnx_op_args *args, const nnx_operand_desc *const *in, nnx_operand_desc *out,
                            nnx_error *err)
{
    uint32_t axis = args->attrs->axis.axis;
    const nnx_operand_desc *first = in[0];
    if (axis >= first->rank)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "axis %u is out of range for rank %u", axis, first->rank);
    *out = *first;
    uint64_t total = 0;
    for (uint32_t k = 0; k < args->n_in; k++) {
        const nnx_operand_desc *d = in[k];
        if (d->dtype != first->dtype || d->rank != first->rank)
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                                 "input %u has a different data type or rank than input 0", k);
        for (uint32_t i = 0; i < d->rank; i++)
            if (i != axis && d->shape[i] != first->shape[i])
                return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "input %u has size %u on axis %u, input 0 has %u",
                                     k, d->shape[i], i, first->shape[i]);
        total += d->shape[axis];
        if (total > INT32_MAX)
            return invalid(err, "the concatenated axis is larger than 2^31-1");
    }
    out->shape[axis] = (uint32_t)total;
    return NNX_OK;
}

/* Bytes of one row below axis, and how many rows above it. */
static void around_axis(const nnx_operand_desc *d, uint32_t axis, size_t *outer, size_t *inner_bytes)
{
    *outer = (size_t)nnx_shape_elements(d->shape, axis);
    *inner_bytes = (size_t)nnx_shape_elements(d->shape + axis + 1, d->rank - axis - 1) * nnx_dtype_size(d->dtype);
}

nnx_status nnx_ref_concat(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    uint32_t axis = args->attrs->axis.axis;
    size_t outer, inner;
    around_axis(&out->desc, axis, &outer, &inner);
    size_t out_row = out->desc.shape[axis] * inner, offset = 0;
    for (uint32_t k = 0; k < args->n_in; k++) {
        size_t row = in[k].desc.shape[axis] * inner;
        for (size_t o = 0; o < outer; o++)
            memcpy((unsigned char *)out->data + o * out_row + offset, (const unsigned char *)in[k].data + o * row, row);
        offset += row;
    }
    return NNX_OK;
}

nnx_status nnx_infer_split(const nnx_op_args *args, const nnx_operand_desc *const *in, nnx_operand_desc *out,
                           nnx_error *err)
{
    const nnx_attr_split *a = &args->attrs->split;
    if (a->axis >= in[0]->rank)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "axis %u is out of range for rank %u", a->axis,
                             in[0]->rank);
    uint64_t total = 0;
    for (uint32_t k = 0; k < args->n_out; k++) {
        total += a->sizes[k]; /* a size 0 gives an empty piece */
        out[k] = *in[0];
        out[k].shape[a->axis] = a->sizes[k];
    }
    if (total != in[0]->shape[a->axis])
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "split sizes sum to %llu, axis %u has size %u",
                             (unsigned long long)total, a->axis, in[0]->shape[a->axis]);
    return NNX_OK;
}

nnx_status nnx_ref_split(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    uint32_t axis = args->attrs->split.axis;
    size_t outer, inner;
    around_axis(&in[0].desc, axis, &outer, &inner);
    size_t in_row = in[0].desc.shape[axis] * inner, offset = 0;
    for (uint32_t k = 0; k < args->n_out; k++) {
        size_t row = out[k].desc.shape[axis] * inner;
        for (size_t o = 0; o < outer; o++)
            memcpy((unsigned char *)out[k].data + o * row, (const unsigned char *)in[0].data + o * in_row + offset,
                   row);
        offset += row;
    }
    return NNX_OK;
}

/* ---------------------------------------------------------------- slice */

nnx_status nnx_infer_slice(const nnx_op_args *args, const nnx_operand_desc *const *in, nnx_operand_desc *out,
                           nnx_error *err)
{
    const nnx_attr_slice *a = &args->attrs->slice;
    *out = *in[0];
    for (uint32_t d = 0; d < in[0]->rank; d++) {
        uint32_t dim = in[0]->shape[d];
        if (a->strides[d] == 0)
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "stride on axis %u is 0", d);
        if ((a->sizes[d] && a->starts[d] >= dim) || (uint64_t)a->starts[d] + a->sizes[d] > dim) /* size 0: empty */
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "start %u + size %u exceeds axis %u of size %u",
                                 a->starts[d], a->sizes[d], d, dim);
        out->shape[d] = (a->sizes[d] + a->strides[d] - 1) / a->strides[d];
    }
    return NNX_OK;
}

nnx_status nnx_ref_slice(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    const nnx_attr_slice *a = &args->attrs->slice;
    uint32_t rank = out->desc.rank;
    uint64_t s[NNX_MAX_RANK];
    nnx_strides(in[0].desc.shape, rank, s);
    size_t esize = nnx_dtype_size(out->desc.dtype), o = 0;
    uint32_t idx[NNX_MAX_RANK] = {0};
    do {
        size_t src = 0;
        for (uint32_t d = 0; d < rank; d++)
            src += ((size_t)a->starts[d] + (size_t)idx[d] * a->strides[d]) * s[d];
        nnx_copy_elem(esize, out->data, o++, in[0].data, src);
    } while (nnx_index_next(idx, out->desc.shape, rank));
    return NNX_OK;
}

/* ---------------------------------------------------------------- expand */

/* WebNN expand: the input must broadcast unidirectionally to the new shape (each input
 * dimension, aligned from the right, is 1 or equal); the output has the new shape. */
nnx_status nnx_infer_expand(const nnx_op_args *args, const nnx_operand_desc *const *in, nnx_operand_desc *out,
                            nnx_error *err)
{
    const nnx_attr_reshape *a = &args->attrs->reshape;
    const nnx_operand_desc *x = in[0];
    if (a->rank > NNX_MAX_RANK)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "new shape has rank %u, the maximum is %d", a->rank,
                             NNX_MAX_RANK);
    if (!nnx_broadcast_to(x->shape, x->rank, a->shape, a->rank)) {
        char from[128], to[128];
        nnx_operand_desc want = {x->dtype, a->rank, {0}};
        memcpy(want.shape, a->shape, a->rank * sizeof *a->shape);
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "input %s does not broadcast to the new shape %s",
                             nnx_desc_format(x, from, sizeof from), nnx_desc_format(&want, to, sizeof to));
    }
    out->dtype = x->dtype;
    out->rank = a->rank;
    memcpy(out->shape, a->shape, sizeof out->shape);
    return NNX_OK;
}

nnx_status nnx_ref_expand(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    (void)args;
    uint32_t rank = out->desc.rank;
    uint64_t s[NNX_MAX_RANK];
    nnx_broadcast_strides(in[0].desc.shape, in[0].desc.rank, rank, s);
    size_t esize = nnx_dtype_size(out->desc.dtype), o = 0;
    uint32_t idx[NNX_MAX_RANK] = {0};
    do {
        size_t src = 0;
        for (uint32_t d = 0; d < rank; d++)
            src += idx[d] * s[d];
        nnx_copy_elem(esize, out->data, o++, in[0].data, src);
    } while (nnx_index_next(idx, out->desc.shape, rank));
    return NNX_OK;
}

/* ---------------------------------------------------------------- reverse */

nnx_status nnx_infer_reverse(const nnx_op_args *args, const nnx_operand_desc *const *in, nnx_operand_desc *out,
                             nnx_error *err)
{
    uint32_t mask = args->attrs->reverse.axes_mask, rank = in[0]->rank;
    if (rank < 32 && (mask >> rank) != 0)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "axis %d is out of range for rank %u",
                             31 - __builtin_clz(mask), rank);
    *out = *in[0];
    return NNX_OK;
}

nnx_status nnx_ref_reverse(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    uint32_t mask = args->attrs->reverse.axes_mask, rank = out->desc.rank;
    const uint32_t *shape = out->desc.shape;
    uint64_t s[NNX_MAX_RANK];
    nnx_strides(shape, rank, s);
    size_t esize = nnx_dtype_size(out->desc.dtype), o = 0;
    uint32_t idx[NNX_MAX_RANK] = {0};
    do {
        size_t src = 0;
        for (uint32_t d = 0; d < rank; d++)
            src += ((mask >> d) & 1u ? shape[d] - 1 - idx[d] : idx[d]) * s[d];
        nnx_copy_elem(esize, out->data, o++, in[0].data, src);
    } while (nnx_index_next(idx, shape, rank));
    return NNX_OK;
}

/* ---------------------------------------------------------------- triangular */

/* WebNN triangular: rank >= 2, any dtype; the output is the input's type. */
nnx_status nnx_infer_triangular(const nnx_op_args *args, const nnx_operand_desc *const *in, nnx_operand_desc *out,
                                nnx_error *err)
{
    (void)args;
    if (in[0]->rank < 2)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "input has rank %u, it must be at least 2", in[0]->rank);
    *out = *in[0];
    return NNX_OK;
}

/* Matrices [rows, cols] are the last two axes; element (i, j) is kept when j - i >= diagonal
 * (upper) or j - i <= diagonal (lower), computed in 64 bits so no diagonal overflows. */
nnx_status nnx_ref_triangular(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    const nnx_attr_triangular *a = &args->attrs->triangular;
    const nnx_operand_desc *d = &out->desc;
    uint32_t rows = d->shape[d->rank - 2], cols = d->shape[d->rank - 1];
    uint64_t mats = nnx_shape_elements(d->shape, d->rank - 2);
    size_t esize = nnx_dtype_size(d->dtype);
    unsigned char *y = out->data;
    const unsigned char *x = in[0].data;
    for (uint64_t m = 0; m < mats; m++) {
        for (uint32_t i = 0; i < rows; i++) {
            for (uint32_t j = 0; j < cols; j++) {
                size_t e = (size_t)((m * rows + i) * cols + j);
                int64_t k = (int64_t)j - (int64_t)i;
                bool keep = a->upper ? k >= a->diagonal : k <= a->diagonal;
                if (keep)
                    nnx_copy_elem(esize, y, e, x, e);
                else
                    memset(y + e * esize, 0, esize);
            }
        }
    }
    return NNX_OK;
}
