/* pad.c — shape inference and reference kernels of PAD and TILE (NNEF 1.0.2 §4.5.5 pad, §4.5.6
 * tile; WebNN pad / tile). Kernels copy whole elements, so every dtype works. Pad border modes
 * follow NNEF 1.0.2 §4.3: reflect = input[-i] / input[2z-i-2], symmetric (NNEF 'reflect-even') =
 * input[-i-1] / input[2z-i-1]; a reflection reaching past the far edge is rejected
 * (NNEF decision 23, "reject in strict mode") instead of folding again as numpy does. */
#include "ir/dtypes.h"
#include "ops/table.h"
#include "ir/elem.h"
#include "ir/shape.h"

/* ---------------------------------------------------------------- pad */

/* Positive padding a mode can reach on one side of an axis of extent z: reflect at most
 * z - 1 (the edge is not repeated), symmetric at most z, edge and constant any amount. */
static int64_t pad_reach(nnx_pad_mode mode, uint32_t z)
{
    return mode == NNX_PAD_REFLECT ? (int64_t)z - 1 : mode == NNX_PAD_SYMMETRIC ? (int64_t)z : INT64_MAX;
}

static const char *pad_mode_name(nnx_pad_mode mode)
{
    switch (mode) {
    case NNX_PAD_CONSTANT: return "constant";
    case NNX_PAD_EDGE: return "edge";
    case NNX_PAD_REFLECT: return "reflect";
    case NNX_PAD_SYMMETRIC: return "symmetric";
    default: return "unknown";
    }
}

/* Output extent z + begin + end per axis, in [1, 2^31-1]; negative padding crops (NNEF
 * allows it, §4.5.5 pad), but not past the whole axis. */
nnx_status nnx_infer_pad(const nnx_op_args *args, const nnx_operand_desc *const *in, nnx_operand_desc *out,
                         nnx_error *err)
{
    const nnx_attr_pad *a = &args->attrs->pad;
    const nnx_operand_desc *x = in[0];
    if (x->dtype == NNX_DTYPE_UNDEFINED)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "input type undefined is not allowed");
    if (a->mode != NNX_PAD_CONSTANT && a->mode != NNX_PAD_EDGE && a->mode != NNX_PAD_REFLECT &&
        a->mode != NNX_PAD_SYMMETRIC)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "padding mode %d is unknown", (int)a->mode);
    *out = *x;
    for (uint32_t i = 0; i < x->rank; i++) {
        int64_t z = x->shape[i], b = a->begin[i], e = a->end[i], n = z + b + e;
        if (n < 1 || n > INT32_MAX)
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                                 "axis %u: extent %lld padded by %lld and %lld gives %lld, outside 1..2^31-1", i,
                                 (long long)z, (long long)b, (long long)e, (long long)n);
        if (z == 0 && a->mode != NNX_PAD_CONSTANT)
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "axis %u is empty: %s padding has no edge to copy", i,
                                 pad_mode_name(a->mode));
        int64_t reach = pad_reach(a->mode, x->shape[i]);
        if (b > reach || e > reach)
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                                 "axis %u: %s padding of %lld and %lld reaches past the extent %lld (at most %lld)", i,
                                 pad_mode_name(a->mode), (long long)b, (long long)e, (long long)z, (long long)reach);
        out->shape[i] = (uint32_t)n;
    }
    return NNX_OK;
}

/* Source index on one axis for output index o, or -1 for the constant value. Inference
 * guarantees reflections stay in [0, z). */
static int64_t pad_source(nnx_pad_mode mode, int64_t o, int64_t begin, int64_t z)
{
    int64_t i = o - begin;
    if (i >= 0 && i < z)
        return i;
    switch (mode) {
    case NNX_PAD_EDGE: return i < 0 ? 0 : z - 1;
    case NNX_PAD_REFLECT: return i < 0 ? -i : 2 * z - i - 2;
    case NNX_PAD_SYMMETRIC: return i < 0 ? -i - 1 : 2 * z - i - 1;
    default: return -1;
    }
}

nnx_status nnx_ref_pad(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    const nnx_attr_pad *a = &args->attrs->pad;
    const nnx_operand_desc *d = &in[0].desc;
    nnx_dtype dt = d->dtype;
    size_t es = nnx_dtype_size(dt), o = 0;
    /* The constant as one stored element of dt. */
    unsigned char fill[8] = {0};
    nnx_dtype_kind kind = nnx_dtype_kind_of(dt);
    if (kind == NNX_KIND_FLOAT)
        nnx_store_f(dt, fill, 0, a->value.f);
    else if (dt == NNX_BOOL)
        fill[0] = a->value.u != 0;
    else
        nnx_store_i(dt, fill, 0, kind == NNX_KIND_SINT ? a->value.i : (int64_t)a->value.u);
    uint64_t stride[NNX_MAX_RANK];
    nnx_strides(d->shape, d->rank, stride);
    uint32_t idx[NNX_MAX_RANK] = {0};
    do {
        size_t src = 0;
        bool constant = false;
        for (uint32_t k = 0; k < d->rank && !constant; k++) {
            int64_t s = pad_source(a->mode, idx[k], a->begin[k], d->shape[k]);
            constant = s < 0;
            src += (size_t)(constant ? 0 : s) * stride[k];
        }
        if (constant)
            memcpy((unsigned char *)out->data + o++ * es, fill, es);
        else
            nnx_copy_elem(es, out->data, o++, in[0].data, src);
    } while (nnx_index_next(idx, out->desc.shape, d->rank));
    return NNX_OK;
}

/* ---------------------------------------------------------------- tile */

nnx_status nnx_infer_tile(const nnx_op_args *args, const nnx_operand_desc *const *in, nnx_operand_desc *out,
                          nnx_error *err)
{
    const uint32_t *r = args->attrs->tile.repeats;
    if (in[0]->dtype == NNX_DTYPE_UNDEFINED)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "input type undefined is not allowed");
    *out = *in[0];
    for (uint32_t i = 0; i < in[0]->rank; i++) {
        uint64_t n = (uint64_t)in[0]->shape[i] * r[i];
        if (r[i] == 0)
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "repeat count on axis %u is 0", i);
        if (n > INT32_MAX)
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "axis %u: %u repeats of extent %u exceed 2^31-1", i,
                                 r[i], in[0]->shape[i]);
        out->shape[i] = (uint32_t)n;
    }
    return NNX_OK;
}

nnx_status nnx_ref_tile(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    (void)args;
    const nnx_operand_desc *d = &in[0].desc;
    size_t es = nnx_dtype_size(d->dtype), o = 0;
    uint64_t stride[NNX_MAX_RANK];
    nnx_strides(d->shape, d->rank, stride);
    uint32_t idx[NNX_MAX_RANK] = {0};
    do {
        size_t src = 0;
        for (uint32_t k = 0; k < d->rank; k++)
            src += (size_t)(idx[k] % d->shape[k]) * stride[k];
        nnx_copy_elem(es, out->data, o++, in[0].data, src);
    } while (nnx_index_next(idx, out->desc.shape, d->rank));
    return NNX_OK;
}
