/* lower_roi.c — lowering NNEF's region-of-interest primitives avg_roi_pool, max_roi_pool and
 * roi_resample (NNEF 1.0.2 §4.6) to the core ops of the same names (src/ops/roi.c). Shape
 * propagation has checked the operands (S14); rois become [K, 2M] float32 and batch_index
 * [K, 1] int32. avg_roi_align / max_roi_align arrive expanded (stdlib_text.c,
 * NNEF decision 18). */
#include "formats/nnef/lower/lower_internal.h"
#include "ir/dtypes.h"

#include <string.h>

/* The operand v as a core value of type dt reshaped to shape (rank 2) when it differs
 * (NNEF compares these shapes up to trailing 1s, and a literal has rank 0). */
static nnx_status roi_operand(lowerer *L, const nnx_nnef_value *v, nnx_dtype dt, const uint32_t shape[2], uint32_t *id)
{
    nnx_status st = lw_operand(L, v, dt, id);
    if (st != NNX_OK)
        return st;
    const nnx_operand_desc *d = &L->ir->values[*id].desc;
    if (d->rank == 2 && d->shape[0] == shape[0] && d->shape[1] == shape[1])
        return NNX_OK;
    return lw_reshape_to(L, *id, shape, 2, id);
}

nnx_status lw_lower_roi(lowerer *L, nnx_op op)
{
    static const char *const methods[] = {"symmetric", "asymmetric", "aligned"};
    const nnx_nnef_value *xv = lw_arg(L, "input");
    uint32_t t;
    const nnx_nnef_flat_tensor *y = lw_result_tensor(L, "output", &t);
    if (!xv || xv->kind != NNX_NNEF_VALUE_TENSOR || !y)
        return lw_unsupported(L, "a literal input");
    const nnx_nnef_flat_tensor *x = &L->g->tensors[xv->u.tensor];
    if (x->rank < 3 || y->rank != x->rank)
        return lw_unsupported(L, "an input of rank %u", x->rank);
    uint32_t m = x->rank - 2, k = y->shape[0];
    int64_t size[NNX_MAX_RANK];
    int32_t n = lw_ints_arg(L, "output_size", size, NNX_MAX_RANK);
    if (n != (int32_t)m)
        return lw_unsupported(L, "output_size of another length than the %u spatial dimensions", m);
    nnx_attrs a = {.roi = {.n_sizes = m, .method = NNX_ROI_SYMMETRIC}};
    for (uint32_t i = 0; i < m; i++) {
        if (size[i] < 1 || size[i] > INT32_MAX)
            return lw_unsupported(L, "output_size item %lld", (long long)size[i]);
        a.roi.output_size[i] = (uint32_t)size[i];
    }
    if (op == NNX_OP_ROI_RESAMPLE) {
        const char *method = lw_string_arg(L, "method");
        uint32_t i = 0;
        while (i < 3 && strcmp(method, methods[i]) != 0)
            i++;
        if (i == 3)
            return lw_unsupported(L, "method '%s'", method);
        a.roi.method = (nnx_roi_method)i;
    }
    uint32_t in[3], out, rois_shape[2] = {k, 2 * m}, index_shape[2] = {k, 1};
    nnx_status st = lw_operand(L, xv, lw_core_dtype(x->dtype), &in[0]);
    if (st == NNX_OK)
        st = roi_operand(L, lw_arg(L, "rois"), NNX_FLOAT32, rois_shape, &in[1]);
    if (st == NNX_OK)
        st = roi_operand(L, lw_arg(L, "batch_index"), NNX_INT32, index_shape, &in[2]);
    if (st == NNX_OK)
        st = lw_node(L, op, in, 3, &a, 1, &out);
    return st == NNX_OK ? lw_bind(L, "output", out) : st;
}
