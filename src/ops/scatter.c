/* scatter.c — shape inference and reference kernels of SCATTER_ELEMENTS and SCATTER_ND (WebNN
 * `scatterElements()`, `scatterND()`): the output is a copy of the input with the updates written
 * at the indexed places. Indices (int32/uint32/int64) are read at run time and clamped into range
 * (ops/index.h); updates are applied in row-major order, so of two updates to one place the later
 * wins (the spec leaves duplicates unspecified, WebNN decision 6.1-20). */
#include "ops/table.h"
#include "ir/elem.h"
#include "ops/index.h"
#include "ir/shape.h"

#include <string.h>

/* WebNN: indices type, updates of the input's type, then the ranks and shapes. */
static nnx_status check_types(const nnx_operand_desc *x, const nnx_operand_desc *idx, const nnx_operand_desc *upd,
                              nnx_error *err)
{
    nnx_status st = nnx_check_index_dtype(idx->dtype, "indices", err);
    if (st == NNX_OK && upd->dtype != x->dtype)
        st = nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "updates type %s != input type %s",
                           nnx_dtype_name(upd->dtype), nnx_dtype_name(x->dtype));
    return st;
}

static nnx_status shape_mismatch(const nnx_operand_desc *upd, const nnx_operand_desc *want, nnx_error *err)
{
    char a[96], b[96];
    return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "updates shape %s != the expected %s",
                         nnx_format_shape(upd->shape, upd->rank, a, sizeof a),
                         nnx_format_shape(want->shape, want->rank, b, sizeof b));
}

static void copy_input(const nnx_view *in, nnx_view *out)
{
    size_t bytes;
    if (nnx_desc_bytes(&out->desc, &bytes) && bytes)
        memcpy(out->data, in[0].data, bytes);
}

/* ---------------------------------------------------------------- scatter_elements */

nnx_status nnx_infer_scatter_elements(const nnx_op_args *args, const nnx_operand_desc *const *in, nnx_operand_desc *out,
                                      nnx_error *err)
{
    const nnx_operand_desc *x = in[0], *idx = in[1], *upd = in[2];
    nnx_status st = check_types(x, idx, upd, err);
    if (st == NNX_OK)
        st = nnx_check_elements_indices(x, idx, args->attrs->axis.axis, err);
    bool same = upd->rank == idx->rank; /* updates.shape == indices.shape */
    for (uint32_t i = 0; same && i < idx->rank; i++)
        same = upd->shape[i] == idx->shape[i];
    if (st == NNX_OK && !same)
        st = shape_mismatch(upd, idx, err);
    if (st != NNX_OK)
        return st;
    *out = *x;
    return NNX_OK;
}

/* out[i with i[axis] = index(indices[i])] = updates[i], i over the indices' shape. */
nnx_status nnx_ref_scatter_elements(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    const nnx_operand_desc *x = &in[0].desc, *idx = &in[1].desc;
    uint32_t axis = args->attrs->axis.axis, rank = x->rank;
    copy_input(in, out);
    uint64_t s[NNX_MAX_RANK];
    nnx_strides(x->shape, rank, s);
    size_t esize = nnx_dtype_size(x->dtype), e = 0;
    uint32_t i[NNX_MAX_RANK] = {0};
    do {
        size_t dst = 0;
        for (uint32_t d = 0; d < rank; d++)
            dst += (size_t)(d == axis ? nnx_load_index(idx->dtype, in[1].data, e, x->shape[axis]) : i[d]) * s[d];
        nnx_copy_elem(esize, out->data, dst, in[2].data, e++);
    } while (nnx_index_next(i, idx->shape, rank));
    return NNX_OK;
}

/* ---------------------------------------------------------------- scatter_nd */

/* WebNN scatterND: updates.shape == indices.shape[:-1] ++ input.shape[k:]; the output has the
 * input's shape (spec defect WebNN `scatterND()`, decision 6.1-6: the "Returns" prose copies gatherND's
 * formula). */
nnx_status nnx_infer_scatter_nd(const nnx_op_args *args, const nnx_operand_desc *const *in, nnx_operand_desc *out,
                                nnx_error *err)
{
    (void)args;
    const nnx_operand_desc *x = in[0], *idx = in[1], *upd = in[2];
    nnx_operand_desc want;
    uint32_t k;
    nnx_status st = check_types(x, idx, upd, err);
    if (st == NNX_OK)
        st = nnx_check_nd_indices(x, idx, &k, err);
    if (st == NNX_OK)
        st = nnx_nd_slices_shape(x, idx, k, &want, err);
    if (st != NNX_OK)
        return st;
    bool same = upd->rank == want.rank;
    for (uint32_t i = 0; same && i < want.rank; i++)
        same = upd->shape[i] == want.shape[i];
    if (!same)
        return shape_mismatch(upd, &want, err);
    *out = *x;
    return NNX_OK;
}

/* Each coordinate names the slice out[c0, .., ck-1, :, ..], overwritten by one updates slice. */
nnx_status nnx_ref_scatter_nd(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    (void)args;
    const nnx_operand_desc *x = &in[0].desc, *idx = &in[1].desc;
    uint32_t k = idx->shape[idx->rank - 1];
    copy_input(in, out);
    size_t esize = nnx_dtype_size(x->dtype);
    size_t inner = (size_t)nnx_shape_elements(x->shape + k, x->rank - k);
    size_t count = (size_t)nnx_shape_elements(idx->shape, idx->rank - 1);
    for (size_t m = 0; m < count; m++)
        memcpy((unsigned char *)out->data + nnx_nd_offset(&in[0], &in[1], m, k) * esize,
               (const unsigned char *)in[2].data + m * inner * esize, inner * esize);
    return NNX_OK;
}
