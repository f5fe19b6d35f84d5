/* load_ops_composite.c — NNVM operators onto core operations: operators that are
 * compositions of core operations (lrn, l2_normalize) or take their shape from a second
 * input (reshape_like, slice_like), and resize. The compositions follow TVM's formulas:
 *   lrn:          x / (bias + alpha / size * sum over the `size` channels around c of x^2)^beta
 *   l2_normalize: x / sqrt(max(sum over axis of x^2, eps)) */
#include "formats/nnvm/load.h"
#include "ir/dtypes.h"

#include <string.h>

static nnx_status node1(nnvm_loader *L, nnx_op op, const uint32_t *in, uint32_t n_in, const nnx_attrs *a, uint32_t *out)
{
    return nnvm_add(L, op, in, n_in, a, 1, out);
}

static nnx_status lower_lrn(nnvm_loader *L)
{
    int64_t size, axis;
    double alpha, beta, bias;
    nnx_status st = nnvm_need_inputs(L, 1, 1);
    if (st == NNX_OK)
        st = nnvm_int(L, "size", 5, &size);
    if (st == NNX_OK)
        st = nnvm_int(L, "axis", 1, &axis);
    if (st == NNX_OK)
        st = nnvm_float(L, "alpha", 1e-4, &alpha);
    if (st == NNX_OK)
        st = nnvm_float(L, "beta", 0.75, &beta);
    if (st == NNX_OK)
        st = nnvm_float(L, "bias", 2, &bias);
    if (st != NNX_OK)
        return st;
    uint32_t x = nnvm_in(L, 0), ax, sq, sum, c, t;
    const nnx_operand_desc *xd = nnvm_desc(L, x);
    nnx_dtype dt = xd->dtype;
    if ((st = nnvm_axis(L, "axis", axis, xd->rank, &ax)) != NNX_OK)
        return st;
    if (size < 1 || size > 65535)
        return nnvm_bad_attr(L, "size", "%lld is not a window size", (long long)size);
    nnx_attrs w = {.window = {.border = NNX_WINDOW_CONSTANT}};
    for (uint32_t k = 0; k < xd->rank; k++)
        w.window.size[k] = w.window.stride[k] = w.window.dilation[k] = 1;
    w.window.size[ax] = (int32_t)size;
    w.window.pad_begin[ax] = (int32_t)(size / 2);
    w.window.pad_end[ax] = (int32_t)(size - 1 - size / 2);
    if ((st = node1(L, NNX_OP_MUL, (uint32_t[]){x, x}, 2, NULL, &sq)) != NNX_OK ||
        (st = node1(L, NNX_OP_BOX, &sq, 1, &w, &sum)) != NNX_OK ||
        (st = nnvm_scalar(L, dt, alpha / (double)size, &c)) != NNX_OK ||
        (st = node1(L, NNX_OP_MUL, (uint32_t[]){sum, c}, 2, NULL, &t)) != NNX_OK ||
        (st = nnvm_scalar(L, dt, bias, &c)) != NNX_OK ||
        (st = node1(L, NNX_OP_ADD, (uint32_t[]){t, c}, 2, NULL, &t)) != NNX_OK ||
        (st = nnvm_scalar(L, dt, beta, &c)) != NNX_OK ||
        (st = node1(L, NNX_OP_POW, (uint32_t[]){t, c}, 2, NULL, &t)) != NNX_OK ||
        (st = node1(L, NNX_OP_DIV, (uint32_t[]){x, t}, 2, NULL, &t)) != NNX_OK)
        return st;
    nnvm_set_out(L, 0, t);
    return NNX_OK;
}

static nnx_status lower_l2_normalize(nnvm_loader *L)
{
    int64_t axes[NNX_MAX_RANK];
    uint32_t n, mask = 0, ax;
    bool given;
    double eps;
    nnx_status st = nnvm_need_inputs(L, 1, 1);
    if (st == NNX_OK)
        st = nnvm_float(L, "eps", 0, &eps);
    if (st == NNX_OK)
        st = nnvm_ints(L, "axis", axes, NNX_MAX_RANK, &n, &given);
    if (st != NNX_OK)
        return st;
    uint32_t x = nnvm_in(L, 0), rank = nnvm_desc(L, x)->rank, sq, t, c;
    for (uint32_t k = 0; given && k < n; k++) {
        if ((st = nnvm_axis(L, "axis", axes[k], rank, &ax)) != NNX_OK)
            return st;
        mask |= 1u << ax;
    }
    if (!given || !n)
        mask = rank ? (uint32_t)((1ull << rank) - 1) : 0;
    nnx_attrs r = {.reduce = {.axes_mask = mask, .keep_dims = true}};
    if ((st = node1(L, NNX_OP_MUL, (uint32_t[]){x, x}, 2, NULL, &sq)) != NNX_OK ||
        (st = node1(L, NNX_OP_REDUCE_SUM, &sq, 1, &r, &t)) != NNX_OK ||
        (st = nnvm_scalar(L, nnvm_desc(L, x)->dtype, eps, &c)) != NNX_OK ||
        (st = node1(L, NNX_OP_MAX, (uint32_t[]){t, c}, 2, NULL, &t)) != NNX_OK ||
        (st = node1(L, NNX_OP_SQRT, &t, 1, NULL, &t)) != NNX_OK ||
        (st = node1(L, NNX_OP_DIV, (uint32_t[]){x, t}, 2, NULL, &t)) != NNX_OK)
        return st;
    nnvm_set_out(L, 0, t);
    return NNX_OK;
}

static nnx_status lower_reshape_like(nnvm_loader *L)
{
    nnx_status st = nnvm_need_inputs(L, 2, 2);
    uint32_t out;
    const nnx_operand_desc *like = st == NNX_OK ? nnvm_desc(L, nnvm_in(L, 1)) : NULL;
    if (st == NNX_OK && (st = nnvm_reshape(L, nnvm_in(L, 0), like->rank, like->shape, &out)) == NNX_OK)
        nnvm_set_out(L, 0, out);
    return st;
}

/* slice_like(x, like, axes): x's leading part of like's extents on the axes (all of like's). */
static nnx_status lower_slice_like(nnvm_loader *L)
{
    int64_t axes[NNX_MAX_RANK];
    uint32_t n, ax, out;
    bool given;
    nnx_status st = nnvm_need_inputs(L, 2, 2);
    if (st == NNX_OK)
        st = nnvm_ints(L, "axes", axes, NNX_MAX_RANK, &n, &given);
    if (st != NNX_OK)
        return st;
    const nnx_operand_desc *xd = nnvm_desc(L, nnvm_in(L, 0)), *like = nnvm_desc(L, nnvm_in(L, 1));
    nnx_attrs a = {0};
    for (uint32_t k = 0; k < xd->rank; k++)
        a.slice.sizes[k] = xd->shape[k], a.slice.strides[k] = 1;
    if (!given || !n) {
        if (like->rank > xd->rank)
            return nnvm_fail(L, NNX_ERROR_INVALID_MODEL, "the shape input has more axes than the data");
        for (uint32_t k = 0; k < like->rank; k++)
            a.slice.sizes[k] = like->shape[k];
    }
    for (uint32_t k = 0; given && k < n; k++) {
        if ((st = nnvm_axis(L, "axes", axes[k], xd->rank, &ax)) != NNX_OK)
            return st;
        if (ax >= like->rank)
            return nnvm_bad_attr(L, "axes", "axis %u is beyond the shape input's rank %u", ax, like->rank);
        a.slice.sizes[ax] = like->shape[ax];
    }
    for (uint32_t k = 0; k < xd->rank; k++)
        if (a.slice.sizes[k] > xd->shape[k])
            return nnvm_fail(L, NNX_ERROR_INVALID_MODEL, "axis %u: the shape input's extent %u exceeds %u", k,
                             a.slice.sizes[k], xd->shape[k]);
    if ((st = nnvm_add(L, NNX_OP_SLICE, (uint32_t[]){nnvm_in(L, 0)}, 1, &a, 1, &out)) == NNX_OK)
        nnvm_set_out(L, 0, out);
    return st;
}

/* resize(size, layout NCHW, method, align_corners): bilinear without aligned corners is the
 * core's half-pixel resample; nearest and aligned bilinear only for integer factors, where
 * they agree with the core's nearest resample and aligned multilinear up-sampling. */
static nnx_status lower_resize(nnvm_loader *L)
{
    int64_t size[2];
    uint32_t n, out;
    bool given, aligned;
    const char *method;
    static const char *const methods[] = {"NEAREST_NEIGHBOR", "BILINEAR", NULL};
    nnx_status st = nnvm_need_inputs(L, 1, 1);
    if (st == NNX_OK)
        st = nnvm_ints(L, "size", size, 2, &n, &given);
    if (st == NNX_OK)
        st = nnvm_word(L, "method", "BILINEAR", methods, &method);
    if (st == NNX_OK)
        st = nnvm_bool(L, "align_corners", false, &aligned);
    if (st == NNX_OK && nnx_nnvm_attr(L->n, "layout") && strcmp(nnx_nnvm_attr(L->n, "layout"), "NCHW") != 0)
        st = nnvm_fail(L, NNX_ERROR_NOT_SUPPORTED, "key 'layout': '%.20s' (nnx reads NCHW)",
                       nnx_nnvm_attr(L->n, "layout"));
    if (st != NNX_OK)
        return st;
    uint32_t x = nnvm_in(L, 0);
    const nnx_operand_desc *xd = nnvm_desc(L, x);
    if (!given || n != 2 || size[0] < 1 || size[1] < 1 || size[0] > UINT32_MAX || size[1] > UINT32_MAX)
        return nnvm_bad_attr(L, "size", "not an (height, width) pair");
    if (xd->rank != 4 || !xd->shape[2] || !xd->shape[3])
        return nnvm_fail(L, NNX_ERROR_INVALID_MODEL, "the input must be 4-D NCHW");
    bool integral = size[0] % xd->shape[2] == 0 && size[1] % xd->shape[3] == 0 &&
        size[0] / xd->shape[2] == size[1] / xd->shape[3];
    nnx_attrs a = {0};
    nnx_op op = NNX_OP_RESAMPLE;
    if (strcmp(method, "BILINEAR") == 0 && !aligned) {
        a.resample = (nnx_attr_resample){
            .mode = NNX_RESAMPLE_LINEAR, .axes = {2, 3}, .sizes = {(uint32_t)size[0], (uint32_t)size[1]}};
    } else if (!integral) {
        return nnvm_fail(L, NNX_ERROR_NOT_SUPPORTED, "%s%s to a size that is not an integer multiple of the input's",
                         method, aligned ? " with aligned corners" : "");
    } else if (strcmp(method, "BILINEAR") == 0) {
        uint32_t f = (uint32_t)(size[0] / xd->shape[2]);
        op = NNX_OP_MULTILINEAR_UPSAMPLE;
        a.upsample = (nnx_attr_upsample){
            .factor = {1, 1, f, f}, .method = NNX_UPSAMPLE_ALIGNED, .border = NNX_WINDOW_REPLICATE};
    } else {
        a.resample = (nnx_attr_resample){
            .mode = NNX_RESAMPLE_NEAREST, .axes = {2, 3}, .sizes = {(uint32_t)size[0], (uint32_t)size[1]}};
    }
    if ((st = nnvm_add(L, op, &x, 1, &a, 1, &out)) == NNX_OK)
        nnvm_set_out(L, 0, out);
    return st;
}

bool nnvm_lower_composite(nnvm_loader *L, nnx_status *st)
{
    const char *op = L->n->op;
    if (strcmp(op, "lrn") == 0)
        *st = lower_lrn(L);
    else if (strcmp(op, "l2_normalize") == 0)
        *st = lower_l2_normalize(L);
    else if (strcmp(op, "reshape_like") == 0)
        *st = lower_reshape_like(L);
    else if (strcmp(op, "slice_like") == 0)
        *st = lower_slice_like(L);
    else if (strcmp(op, "resize") == 0)
        *st = lower_resize(L);
    else
        return false;
    return true;
}
