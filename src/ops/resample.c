/* resample.c — shape inference and reference kernel of RESAMPLE, WebNN resample2d
 * (#api-mlgraphbuilder-resample2d-method): two distinct axes resampled to given extents with
 * the half-pixel mapping c = clamp((o + 0.5) / (out / in) - 0.5, 0, in - 1), nearest taking
 * ceil(c - 0.5), linear interpolating between floor(c) and ceil(c). Coordinates are exact
 * rationals (numerator / 2·out); floats in double rounded once, integers exactly. */
#include "ir/dtypes.h"
#include "ops/table.h"
#include "ir/elem.h"
#include "ir/shape.h"

#include <string.h>

#define RESAMPLE_MAX_EXTENT 2147483647u /* keeps (2o + 1) * in below 2^63 */

nnx_status nnx_infer_resample(const nnx_op_args *args, const nnx_operand_desc *const *in, nnx_operand_desc *out,
                              nnx_error *err)
{
    const nnx_attr_resample *a = &args->attrs->resample;
    const nnx_operand_desc *x = in[0];
    nnx_dtype_kind kind = nnx_dtype_kind_of(x->dtype);
    if (a->mode != NNX_RESAMPLE_NEAREST && a->mode != NNX_RESAMPLE_LINEAR)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "unknown mode %d", (int)a->mode);
    if (a->mode == NNX_RESAMPLE_LINEAR && kind != NNX_KIND_FLOAT && x->dtype != NNX_INT8 && x->dtype != NNX_UINT8 &&
        x->dtype != NNX_INT4)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "linear mode takes float, int8 and uint8 inputs, not %s",
                             nnx_dtype_name(x->dtype));
    if (x->rank < 2)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "input has rank %u, expected at least 2", x->rank);
    for (int k = 0; k < 2; k++) {
        if (a->axes[k] >= x->rank)
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "axis %u is out of range for rank %u", a->axes[k],
                                 x->rank);
        if (a->sizes[k] == 0 || a->sizes[k] > RESAMPLE_MAX_EXTENT || x->shape[a->axes[k]] > RESAMPLE_MAX_EXTENT)
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "size %u of axis %u is outside 1..%u", a->sizes[k],
                                 a->axes[k], RESAMPLE_MAX_EXTENT);
    }
    if (a->axes[0] == a->axes[1])
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "axis %u is given twice", a->axes[0]);
    for (uint32_t d = 0; d < x->rank; d++)
        if (x->shape[d] == 0)
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "input dimension %u is 0", d);
    *out = *x;
    out->shape[a->axes[0]] = a->sizes[0];
    out->shape[a->axes[1]] = a->sizes[1];
    return NNX_OK;
}

/* ---------------------------------------------------------------- kernel */

/* One axis of one output position: the input coordinate c = num / den clamped to
 * [0, in - 1], as its floor lo, its ceiling hi and the fraction rem / den = c - lo. */
typedef struct resample_tap {
    int64_t lo, hi, rem, den;
} resample_tap;

static resample_tap axis_tap(uint32_t o, uint32_t in, uint32_t out)
{
    /* (o + 0.5) * in / out - 0.5 = ((2o + 1) * in - out) / (2 * out) */
    resample_tap t = {0, 0, 0, 2 * (int64_t)out};
    int64_t num = (2 * (int64_t)o + 1) * (int64_t)in - (int64_t)out;
    if (num <= 0)
        return t; /* clamped to 0 */
    t.lo = num / t.den;
    t.rem = num % t.den;
    if (t.lo >= (int64_t)in - 1) {
        t.lo = t.hi = (int64_t)in - 1; /* clamped to in - 1 */
        t.rem = 0;
        return t;
    }
    t.hi = t.rem ? t.lo + 1 : t.lo;
    return t;
}

/* nearest: ceil(c - 0.5) = ceil((2 num - den) / (2 den)), i.e. lo, or hi when the fraction
 * exceeds one half (exactly one half rounds down). */
static int64_t nearest(const resample_tap *t) { return 2 * t->rem > t->den ? t->hi : t->lo; }

typedef struct resample_ctx {
    const nnx_attr_resample *a;
    const nnx_view *x;
    uint64_t xs[NNX_MAX_RANK];
} resample_ctx;

__extension__ typedef __int128 resample_i128;

/* Integer linear interpolation, exact: the weights are (den - rem) and rem over den per
 * axis; the sum over den0 * den1 is rounded half away from zero. */
static int64_t linear_int(const resample_ctx *r, size_t base, const resample_tap t[2])
{
    const uint32_t *ax = r->a->axes;
    int64_t idx[2][2] = {{t[0].lo, t[0].hi}, {t[1].lo, t[1].hi}};
    int64_t w[2][2] = {{t[0].den - t[0].rem, t[0].rem}, {t[1].den - t[1].rem, t[1].rem}};
    resample_i128 sum = 0, den = (resample_i128)t[0].den * t[1].den;
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++) {
            size_t at = base + (size_t)idx[0][i] * r->xs[ax[0]] + (size_t)idx[1][j] * r->xs[ax[1]];
            sum += (resample_i128)nnx_load_i(r->x->desc.dtype, r->x->data, at) * w[0][i] * w[1][j];
        }
    resample_i128 mag = sum < 0 ? -sum : sum, q = (2 * mag + den) / (2 * den);
    return (int64_t)(sum < 0 ? -q : q);
}

/* The spec's bilinear formula in double: vy0 = v00 (1 - tx) + v10 tx, likewise vy1, then
 * vy0 (1 - ty) + vy1 ty, with axis 0 as y and axis 1 as x. */
static double linear_float(const resample_ctx *r, size_t base, const resample_tap t[2])
{
    const uint32_t *ax = r->a->axes;
    nnx_dtype dt = r->x->desc.dtype;
    double ty = (double)t[0].rem / (double)t[0].den, tx = (double)t[1].rem / (double)t[1].den;
    size_t y0 = base + (size_t)t[0].lo * r->xs[ax[0]], y1 = base + (size_t)t[0].hi * r->xs[ax[0]];
    size_t x0 = (size_t)t[1].lo * r->xs[ax[1]], x1 = (size_t)t[1].hi * r->xs[ax[1]];
    const void *p = r->x->data;
    double vy0 = nnx_load_f(dt, p, y0 + x0) * (1 - tx) + nnx_load_f(dt, p, y0 + x1) * tx;
    double vy1 = nnx_load_f(dt, p, y1 + x0) * (1 - tx) + nnx_load_f(dt, p, y1 + x1) * tx;
    return vy0 * (1 - ty) + vy1 * ty;
}

nnx_status nnx_ref_resample(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    resample_ctx r = {.a = &args->attrs->resample, .x = &in[0]};
    const uint32_t *ax = r.a->axes;
    uint32_t rank = out->desc.rank, idx[NNX_MAX_RANK] = {0};
    uint64_t ys[NNX_MAX_RANK];
    nnx_dtype dt = out->desc.dtype;
    size_t esize = nnx_dtype_size(dt);
    nnx_strides(in[0].desc.shape, rank, r.xs);
    nnx_strides(out->desc.shape, rank, ys);
    if (nnx_shape_elements(out->desc.shape, rank) == 0)
        return NNX_OK;
    do {
        size_t base = 0, yi = 0;
        for (uint32_t d = 0; d < rank; d++) {
            yi += idx[d] * ys[d];
            if (d != ax[0] && d != ax[1])
                base += idx[d] * r.xs[d];
        }
        resample_tap t[2];
        for (int k = 0; k < 2; k++)
            t[k] = axis_tap(idx[ax[k]], in[0].desc.shape[ax[k]], out->desc.shape[ax[k]]);
        if (r.a->mode == NNX_RESAMPLE_NEAREST) {
            size_t at = base + (size_t)nearest(&t[0]) * r.xs[ax[0]] + (size_t)nearest(&t[1]) * r.xs[ax[1]];
            memcpy((unsigned char *)out->data + yi * esize, (const unsigned char *)in[0].data + at * esize, esize);
        } else if (nnx_dtype_kind_of(dt) == NNX_KIND_FLOAT) {
            nnx_store_f(dt, out->data, yi, linear_float(&r, base, t));
        } else {
            nnx_store_i(dt, out->data, yi, linear_int(&r, base, t));
        }
    } while (nnx_index_next(idx, out->desc.shape, rank));
    return NNX_OK;
}
