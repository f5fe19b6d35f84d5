/* quantize.c — shape inference and reference kernels of QUANTIZE_LINEAR and DEQUANTIZE_LINEAR
 * (WebNN `quantizeLinear()` / `dequantizeLinear()` with blockwise broadcasting):
 * scale and zero point of x's rank and one shape, each dim dividing x's. Quantize rounds the
 * double quotient half to even and saturates to the zero point's type; dequantize rounds the
 * exact (x - zp) * scale once to the scale's type (round-to-odd in double, then narrow). */
#include "ir/dtypes.h"
#include "ops/table.h"
#include "ir/elem.h"
#include "ir/shape.h"

#include <math.h>

/* Integer types a zero point (and a dequantized input) may have: at most 32 bits, so every
 * value and every difference of two is exact in double. */
static bool quant_int_type(nnx_dtype dt)
{
    nnx_dtype_kind k = nnx_dtype_kind_of(dt);
    return (k == NNX_KIND_SINT || k == NNX_KIND_UINT) && nnx_dtype_bits(dt) <= 32;
}

static const char *type_name(nnx_dtype dt) { return dt == NNX_DTYPE_UNDEFINED ? "undefined" : nnx_dtype_name(dt); }

/* The rank, shape and blockwise rules shared by both ops (WebNN "blockwise broadcasting"). */
static nnx_status check_blockwise(const nnx_operand_desc *x, const nnx_operand_desc *scale, const nnx_operand_desc *zp,
                                  nnx_error *err)
{
    if (scale->rank != x->rank || zp->rank != x->rank)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                             "scale (rank %u) and zeroPoint (rank %u) must have the "
                             "input's rank %u",
                             scale->rank, zp->rank, x->rank);
    char s1[96], s2[96];
    for (uint32_t d = 0; d < x->rank; d++)
        if (scale->shape[d] != zp->shape[d])
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "scale shape %s and zeroPoint shape %s differ",
                                 nnx_desc_format(scale, s1, sizeof s1), nnx_desc_format(zp, s2, sizeof s2));
    for (uint32_t d = 0; d < x->rank; d++)
        if (scale->shape[d] == 0 || x->shape[d] % scale->shape[d] != 0)
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                                 "scale shape %s is not blockwise broadcastable to "
                                 "input shape %s (dimension %u: %u does not divide %u)",
                                 nnx_desc_format(scale, s1, sizeof s1), nnx_desc_format(x, s2, sizeof s2), d,
                                 scale->shape[d], x->shape[d]);
    return NNX_OK;
}

nnx_status nnx_infer_quantize_linear(const nnx_op_args *args, const nnx_operand_desc *const *in, nnx_operand_desc *out,
                                     nnx_error *err)
{
    const nnx_operand_desc *x = in[0], *scale = in[1], *zp = in[2];
    if (!nnx_dtype_is_float(x->dtype))
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                             "input type %s is not allowed (a float type is "
                             "required)",
                             type_name(x->dtype));
    if (scale->dtype != x->dtype)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "scale type %s differs from the input type %s",
                             type_name(scale->dtype), type_name(x->dtype));
    if (!quant_int_type(zp->dtype))
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                             "zeroPoint type %s is not allowed (an integer type of "
                             "at most 32 bits is required)",
                             type_name(zp->dtype));
    nnx_status st = check_blockwise(x, scale, zp, err);
    if (st != NNX_OK)
        return st;
    *out = *x;
    out->dtype = zp->dtype;
    return NNX_OK;
}

nnx_status nnx_infer_dequantize_linear(const nnx_op_args *args, const nnx_operand_desc *const *in,
                                       nnx_operand_desc *out, nnx_error *err)
{
    const nnx_operand_desc *x = in[0], *scale = in[1], *zp = in[2];
    if (!quant_int_type(x->dtype))
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                             "input type %s is not allowed (an integer type of at "
                             "most 32 bits is required)",
                             type_name(x->dtype));
    if (!nnx_dtype_is_float(scale->dtype))
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                             "scale type %s is not allowed (a float type is "
                             "required)",
                             type_name(scale->dtype));
    if (zp->dtype != x->dtype)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "zeroPoint type %s differs from the input type %s",
                             type_name(zp->dtype), type_name(x->dtype));
    nnx_status st = check_blockwise(x, scale, zp, err);
    if (st != NNX_OK)
        return st;
    *out = *x;
    out->dtype = scale->dtype;
    return NNX_OK;
}

/* ---------------------------------------------------------------- kernels */

/* Row-major offset into the scale / zero point of the element at x index idx. */
static size_t block_offset(const uint32_t *idx, const nnx_operand_desc *x, const nnx_operand_desc *s)
{
    size_t off = 0;
    for (uint32_t d = 0; d < x->rank; d++)
        off = off * s->shape[d] + idx[d] / (x->shape[d] / s->shape[d]);
    return off;
}

/* roundEven(q) + zp saturated to dt's range; NaN -> 0 (WebNN's emulation casts the clamped
 * value, and cast maps NaN to 0). */
static int64_t quantize_value(double q, int64_t zp, nnx_dtype dt)
{
    if (isnan(q))
        return 0;
    double lo = (double)nnx_dtype_int_min(dt), hi = (double)nnx_dtype_int_max(dt);
    double v = nearbyint(q) + (double)zp; /* the default rounding mode rounds half to even */
    return v <= lo ? (int64_t)lo : v >= hi ? (int64_t)hi : (int64_t)v;
}

nnx_status nnx_ref_quantize_linear(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    const nnx_operand_desc *x = &in[0].desc, *s = &in[1].desc;
    nnx_dtype xt = x->dtype, zt = in[2].desc.dtype;
    uint32_t idx[NNX_MAX_RANK] = {0};
    size_t e = 0;
    do {
        size_t k = block_offset(idx, x, s);
        double q = nnx_load_f(xt, in[0].data, e) / nnx_load_f(xt, in[1].data, k);
        nnx_store_i(zt, out->data, e, quantize_value(q, nnx_load_i(zt, in[2].data, k), zt));
        e++;
    } while (nnx_index_next(idx, x->shape, x->rank));
    return NNX_OK;
}

/* d * s rounded to odd in double: exact products stay, inexact ones get an odd last bit, so
 * the later rounding to a type of at most 51 significand bits is a single correct rounding. */
static double mul_round_odd(double d, double s)
{
    double p = d * s;
    double r = fma(d, s, -p); /* the exact error of p */
    if (r == 0 || !isfinite(p))
        return p;
    uint64_t bits;
    memcpy(&bits, &p, sizeof bits);
    if (bits & 1)
        return p;
    return nextafter(p, r > 0 ? INFINITY : -INFINITY);
}

nnx_status nnx_ref_dequantize_linear(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    const nnx_operand_desc *x = &in[0].desc, *s = &in[1].desc;
    nnx_dtype xt = x->dtype, st = s->dtype;
    uint32_t idx[NNX_MAX_RANK] = {0};
    size_t e = 0;
    do {
        size_t k = block_offset(idx, x, s);
        double d = (double)(nnx_load_i(xt, in[0].data, e) - nnx_load_i(xt, in[2].data, k));
        double sv = nnx_load_f(st, in[1].data, k);
        double v = st == NNX_FLOAT64 ? d * sv : mul_round_odd(d, sv);
        nnx_store_f(st, out->data, e, v);
        e++;
    } while (nnx_index_next(idx, x->shape, x->rank));
    return NNX_OK;
}
