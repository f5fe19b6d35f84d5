/* lower_sampling.c — lowering NNEF's reverse windows and samplers (NNEF 1.0.2 §4.3.2–§4.3.4): debox
 * and desample to the core DEBOX / DESAMPLE (padding resolved per NNEF decision 14, output
 * extents taken from shape propagation), multilinear_upsample to MULTILINEAR_UPSAMPLE (batch and
 * channel factor 1), and the compounds nearest_downsample / area_downsample to their chapter-4
 * box. */
#include "formats/nnef/lower/lower_internal.h"
#include "ir/dtypes.h"

#include <string.h>

/* The flat input tensor and the result tensor "output"; NULL for a literal input. */
static const nnx_nnef_flat_tensor *operands(lowerer *L, const nnx_nnef_flat_tensor **y)
{
    const nnx_nnef_value *xv = lw_arg(L, "input");
    uint32_t t;
    *y = lw_result_tensor(L, "output", &t);
    if (!xv || xv->kind != NNX_NNEF_VALUE_TENSOR || !*y)
        return NULL;
    return &L->g->tensors[xv->u.tensor];
}

/* debox(input, size, border, padding, stride, dilation, output_shape, normalize) and
 * desample(input, index, ...): the window runs from the up-scaled output to the input, so
 * automatic padding is resolved with X = the output extent (which shape propagation set to
 * output_shape or x * s, NNEF decision 14); the output extents are passed on
 * explicitly. */
nnx_status lw_lower_reverse_window(lowerer *L, nnx_op op)
{
    const nnx_nnef_flat_tensor *y, *x = operands(L, &y);
    if (!x)
        return lw_unsupported(L, "a literal input");
    nnx_attrs a;
    nnx_status st = lw_window_attrs(L, y, x, &a.window);
    if (st != NNX_OK)
        return st;
    const nnx_nnef_value *norm = lw_arg(L, "normalize");
    a.window.normalize = norm && norm->kind == NNX_NNEF_VALUE_LOGICAL && norm->u.logical;
    for (uint32_t k = 0; k < y->rank; k++)
        a.window.output_shape[k] = y->shape[k];
    uint32_t in[2], out;
    st = lw_operand(L, lw_arg(L, "input"), lw_core_dtype(x->dtype), &in[0]);
    if (st == NNX_OK && op == NNX_OP_DESAMPLE) {
        const nnx_nnef_value *iv = lw_arg(L, "index");
        if (!iv || iv->kind != NNX_NNEF_VALUE_TENSOR)
            return lw_unsupported(L, "a literal index");
        st = lw_operand(L, iv, NNX_INT32, &in[1]);
    }
    if (st == NNX_OK)
        st = lw_node(L, op, in, op == NNX_OP_DESAMPLE ? 2 : 1, &a, 1, &out);
    return st == NNX_OK ? lw_bind(L, "output", out) : st;
}

/* multilinear_upsample(input, factor, method, border): factor i is spatial dimension 2 + i
 * (shape propagation checked its length and signs, the method and the border). */
nnx_status lw_lower_upsample(lowerer *L)
{
    static const char *const methods[] = {"symmetric", "asymmetric", "aligned"};
    static const char *const borders[] = {"ignore", "constant", "replicate", "reflect", "reflect-even"};
    const nnx_nnef_flat_tensor *y, *x = operands(L, &y);
    if (!x)
        return lw_unsupported(L, "a literal input");
    int64_t factor[NNX_MAX_RANK];
    int32_t n = lw_ints_arg(L, "factor", factor, NNX_MAX_RANK);
    if (x->rank < 2 || n != (int32_t)x->rank - 2)
        return lw_unsupported(L, "factor of another length than the %u spatial dimensions", x->rank);
    nnx_attrs a = {.upsample = {.factor = {1, 1}, .method = (nnx_upsample_method)3, .border = (nnx_window_border)5}};
    for (uint32_t i = 0; i < 3; i++)
        if (strcmp(lw_string_arg(L, "method"), methods[i]) == 0)
            a.upsample.method = (nnx_upsample_method)i;
    for (uint32_t i = 1; i < 5; i++)
        if (strcmp(lw_string_arg(L, "border"), borders[i]) == 0)
            a.upsample.border = (nnx_window_border)i;
    if ((uint32_t)a.upsample.method == 3 || (uint32_t)a.upsample.border == 5)
        return lw_unsupported(L, "method '%s' with border '%s'", lw_string_arg(L, "method"),
                              lw_string_arg(L, "border"));
    for (int32_t i = 0; i < n; i++) {
        if (factor[i] < 1 || factor[i] > INT32_MAX)
            return lw_unsupported(L, "factor %lld", (long long)factor[i]);
        a.upsample.factor[2 + i] = (uint32_t)factor[i];
    }
    uint32_t in, out;
    nnx_status st = lw_operand(L, lw_arg(L, "input"), lw_core_dtype(x->dtype), &in);
    if (st == NNX_OK)
        st = lw_node(L, NNX_OP_MULTILINEAR_UPSAMPLE, &in, 1, &a, 1, &out);
    return st == NNX_OK ? lw_bind(L, "output", out) : st;
}

/* nearest_downsample = box(size = [1] * dims, stride = [1, 1] + factor, padding 0) and
 * area_downsample = box(size = stride = [1, 1] + factor, padding 0, normalize = true), border
 * 'constant' (their chapter-4 bodies); shape propagation required X mod factor == 0. */
nnx_status lw_lower_downsample(lowerer *L, bool area)
{
    const nnx_nnef_flat_tensor *y, *x = operands(L, &y);
    if (!x)
        return lw_unsupported(L, "a literal input");
    int64_t factor[NNX_MAX_RANK];
    int32_t n = lw_ints_arg(L, "factor", factor, NNX_MAX_RANK);
    if (x->rank < 2 || n != (int32_t)x->rank - 2)
        return lw_unsupported(L, "factor of another length than the %u spatial dimensions", x->rank);
    nnx_attrs a = {.window = {.border = NNX_WINDOW_CONSTANT, .normalize = area}};
    for (uint32_t k = 0; k < x->rank; k++) {
        int64_t f = k < 2 ? 1 : factor[k - 2];
        if (f < 1 || f > INT32_MAX)
            return lw_unsupported(L, "factor %lld", (long long)f);
        a.window.size[k] = area ? (int32_t)f : 1;
        a.window.stride[k] = (int32_t)f;
        a.window.dilation[k] = 1;
    }
    uint32_t in, out;
    nnx_status st = lw_operand(L, lw_arg(L, "input"), lw_core_dtype(x->dtype), &in);
    if (st == NNX_OK)
        st = lw_node(L, NNX_OP_BOX, &in, 1, &a, 1, &out);
    return st == NNX_OK ? lw_bind(L, "output", out) : st;
}
