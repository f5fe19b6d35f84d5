/* gather.c — shape inference and reference kernels of GATHER, GATHER_ELEMENTS and GATHER_ND
 * (WebNN `gather()`, `gatherElements()`, `gatherND()` method steps). The inputs are any dtype,
 * indices int32/uint32/int64 read at run time and clamped into range (ops/index.h), so the
 * kernels copy whole elements and never read outside the input. */
#include "ops/table.h"
#include "ir/elem.h"
#include "ops/index.h"
#include "ir/shape.h"

#include <stdio.h>
#include <string.h>

/* ---------------------------------------------------------------- gather */

/* WebNN gather: indices type, axis < rank; output x[:axis] ++ indices.shape ++ x[axis+1:]. */
nnx_status nnx_infer_gather(const nnx_op_args *args, const nnx_operand_desc *const *in, nnx_operand_desc *out,
                            nnx_error *err)
{
    const nnx_operand_desc *x = in[0], *idx = in[1];
    uint32_t axis = args->attrs->axis.axis;
    nnx_status st = nnx_check_index_dtype(idx->dtype, "indices", err);
    if (st != NNX_OK)
        return st;
    if (axis >= x->rank)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "axis %u is out of range for rank %u", axis, x->rank);
    uint32_t rank = x->rank - 1 + idx->rank;
    if (rank > NNX_MAX_RANK)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "the output would have rank %u, the maximum is %d", rank,
                             NNX_MAX_RANK);
    out->dtype = x->dtype;
    out->rank = rank;
    uint32_t r = 0;
    for (uint32_t i = 0; i < axis; i++)
        out->shape[r++] = x->shape[i];
    for (uint32_t i = 0; i < idx->rank; i++)
        out->shape[r++] = idx->shape[i];
    for (uint32_t i = axis + 1; i < x->rank; i++)
        out->shape[r++] = x->shape[i];
    return NNX_OK;
}

/* x as [outer, n, inner] around the axis: out[o, k, :] = x[o, index(k), :]. */
nnx_status nnx_ref_gather(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    const nnx_operand_desc *x = &in[0].desc, *idx = &in[1].desc;
    uint32_t axis = args->attrs->axis.axis, n = x->shape[axis];
    uint64_t outer = nnx_shape_elements(x->shape, axis);
    size_t row = (size_t)nnx_shape_elements(x->shape + axis + 1, x->rank - axis - 1) * nnx_dtype_size(x->dtype);
    size_t count = (size_t)nnx_shape_elements(idx->shape, idx->rank);
    const unsigned char *src = in[0].data;
    unsigned char *dst = out->data;
    for (uint64_t o = 0; o < outer; o++)
        for (size_t k = 0; k < count; k++) {
            uint64_t j = nnx_load_index(idx->dtype, in[1].data, k, n);
            memcpy(dst, src + ((size_t)o * n + j) * row, row);
            dst += row;
        }
    return NNX_OK;
}

/* ---------------------------------------------------------------- gather_elements */

/* Checks shared with scatter_elements: input rank >= 1, indices of the input's rank, axis in
 * range, indices.shape == input.shape except on the axis. */
nnx_status nnx_check_elements_indices(const nnx_operand_desc *x, const nnx_operand_desc *idx, uint32_t axis,
                                      nnx_error *err)
{
    if (x->rank == 0)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "input is a scalar, rank must be at least 1");
    if (idx->rank != x->rank)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "indices have rank %u, the input has rank %u", idx->rank,
                             x->rank);
    if (axis >= x->rank)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "axis %u is out of range for rank %u", axis, x->rank);
    for (uint32_t i = 0; i < x->rank; i++)
        if (i != axis && idx->shape[i] != x->shape[i]) {
            char a[96], b[96];
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                                 "indices shape %s differs from the input shape %s off axis %u",
                                 nnx_format_shape(idx->shape, idx->rank, a, sizeof a),
                                 nnx_format_shape(x->shape, x->rank, b, sizeof b), axis);
        }
    return NNX_OK;
}

/* WebNN gatherElements; the output has the indices' shape (WebNN `gatherElements()`
 * steps, spec defect 6.1-4: the algorithm copies the input's shape, its examples use the indices'). */
nnx_status nnx_infer_gather_elements(const nnx_op_args *args, const nnx_operand_desc *const *in, nnx_operand_desc *out,
                                     nnx_error *err)
{
    nnx_status st = nnx_check_index_dtype(in[1]->dtype, "indices", err);
    if (st == NNX_OK)
        st = nnx_check_elements_indices(in[0], in[1], args->attrs->axis.axis, err);
    if (st != NNX_OK)
        return st;
    *out = *in[1];
    out->dtype = in[0]->dtype;
    return NNX_OK;
}

/* out[i] = x[i with i[axis] = index(indices[i])], i over the indices' shape. */
nnx_status nnx_ref_gather_elements(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    const nnx_operand_desc *x = &in[0].desc, *idx = &in[1].desc;
    uint32_t axis = args->attrs->axis.axis, rank = x->rank;
    uint64_t s[NNX_MAX_RANK];
    nnx_strides(x->shape, rank, s);
    size_t esize = nnx_dtype_size(x->dtype), e = 0;
    uint32_t i[NNX_MAX_RANK] = {0};
    do {
        size_t src = 0;
        for (uint32_t d = 0; d < rank; d++)
            src += (size_t)(d == axis ? nnx_load_index(idx->dtype, in[1].data, e, x->shape[axis]) : i[d]) * s[d];
        nnx_copy_elem(esize, out->data, e++, in[0].data, src);
    } while (nnx_index_next(i, idx->shape, rank));
    return NNX_OK;
}

/* ---------------------------------------------------------------- gather_nd */

/* Checks shared with scatter_nd: input and indices of rank >= 1, coordinate size k (the last
 * indices dimension) <= the input rank; *k gets it. */
nnx_status nnx_check_nd_indices(const nnx_operand_desc *x, const nnx_operand_desc *idx, uint32_t *k, nnx_error *err)
{
    if (x->rank == 0)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "input is a scalar, rank must be at least 1");
    if (idx->rank == 0)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "indices are a scalar, rank must be at least 1");
    *k = idx->shape[idx->rank - 1];
    if (*k > x->rank)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                             "coordinate size %u (the last indices dimension) exceeds the input rank %u", *k, x->rank);
    return NNX_OK;
}

/* The shape indices.shape[:-1] ++ x.shape[k:] (gather_nd's output, scatter_nd's updates). */
nnx_status nnx_nd_slices_shape(const nnx_operand_desc *x, const nnx_operand_desc *idx, uint32_t k,
                               nnx_operand_desc *out, nnx_error *err)
{
    uint32_t rank = idx->rank - 1 + x->rank - k;
    if (rank > NNX_MAX_RANK)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "the result would have rank %u, the maximum is %d", rank,
                             NNX_MAX_RANK);
    out->dtype = x->dtype;
    out->rank = rank;
    uint32_t r = 0;
    for (uint32_t i = 0; i + 1 < idx->rank; i++)
        out->shape[r++] = idx->shape[i];
    for (uint32_t i = k; i < x->rank; i++)
        out->shape[r++] = x->shape[i];
    return NNX_OK;
}

nnx_status nnx_infer_gather_nd(const nnx_op_args *args, const nnx_operand_desc *const *in, nnx_operand_desc *out,
                               nnx_error *err)
{
    (void)args;
    uint32_t k;
    nnx_status st = nnx_check_index_dtype(in[1]->dtype, "indices", err);
    if (st == NNX_OK)
        st = nnx_check_nd_indices(in[0], in[1], &k, err);
    return st == NNX_OK ? nnx_nd_slices_shape(in[0], in[1], k, out, err) : st;
}

/* Element offset in x of coordinate m (k indices starting at indices element m * k). */
size_t nnx_nd_offset(const nnx_view *x, const nnx_view *idx, size_t m, uint32_t k)
{
    uint64_t s[NNX_MAX_RANK];
    nnx_strides(x->desc.shape, x->desc.rank, s);
    size_t off = 0;
    for (uint32_t j = 0; j < k; j++)
        off += (size_t)(nnx_load_index(idx->desc.dtype, idx->data, m * k + j, x->desc.shape[j]) * s[j]);
    return off;
}

/* Each coordinate selects the slice x[c0, .., ck-1, :, ..], copied whole. */
nnx_status nnx_ref_gather_nd(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    (void)args;
    const nnx_operand_desc *x = &in[0].desc, *idx = &in[1].desc;
    uint32_t k = idx->shape[idx->rank - 1];
    size_t esize = nnx_dtype_size(x->dtype);
    size_t inner = (size_t)nnx_shape_elements(x->shape + k, x->rank - k);
    size_t count = (size_t)nnx_shape_elements(idx->shape, idx->rank - 1);
    for (size_t m = 0; m < count; m++)
        memcpy((unsigned char *)out->data + m * inner * esize,
               (const unsigned char *)in[0].data + nnx_nd_offset(&in[0], &in[1], m, k) * esize, inner * esize);
    return NNX_OK;
}

/* ---------------------------------------------------------------- checked indices */

bool nnx_indices_in_range(const nnx_op_args *args, const nnx_view *in, char *msg, size_t size)
{
    nnx_op op = args->op;
    bool nd = op == NNX_OP_GATHER_ND || op == NNX_OP_SCATTER_ND;
    if (!(nd || op == NNX_OP_GATHER || op == NNX_OP_GATHER_ELEMENTS || op == NNX_OP_SCATTER_ELEMENTS) ||
        !args->attrs->index.checked || !in[1].data)
        return true;
    const nnx_operand_desc *x = &in[0].desc, *idx = &in[1].desc;
    size_t count = (size_t)nnx_shape_elements(idx->shape, idx->rank);
    uint32_t k = nd && idx->rank ? idx->shape[idx->rank - 1] : 0; /* coordinate size */
    if (nd && k == 0)
        return true; /* no coordinate: nothing indexes */
    for (size_t e = 0; e < count; e++) {
        uint32_t axis = nd ? (uint32_t)(e % k) : args->attrs->index.axis;
        int64_t n = x->shape[axis], v = nnx_load_i(idx->dtype, in[1].data, e);
        if (v >= -n && v < n)
            continue;
        if (n == 0)
            snprintf(msg, size,
                     "index %lld (element %zu of the indices) addresses axis %u of extent 0, which has no "
                     "element",
                     (long long)v, e, axis);
        else
            snprintf(msg, size,
                     "index %lld (element %zu of the indices) is out of range for axis %u of extent %lld: "
                     "valid indices are [%lld, %lld]",
                     (long long)v, e, axis, (long long)n, (long long)-n, (long long)(n - 1));
        return false;
    }
    return true;
}
