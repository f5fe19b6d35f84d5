/* tosa_rescale.c — tosa_rescale (TOSA 1.0 §2.13.2 RESCALE) and the spec's fixed-point
 * helpers apply_scale_32, apply_scale_16 and reciprocal_scale (§4.5.5), shared with
 * tosa_avg_pool2d. The helpers compute in 128 bits, so no operand the REQUIREs exclude can
 * overflow; what such operands give is documented in tosa.h. */
#include "ir/elem.h"
#include "ir/shape.h"
#include "ops/table.h"
#include "ops/tosa.h"

__extension__ typedef __int128 tosa_i128;

/* floor(v / 2^s), s in [0, 126], written without >> on a negative value. */
static tosa_i128 floor_shift128(tosa_i128 v, unsigned s)
{
    if (v >= 0)
        return v >> s;
    return -((-(v + 1)) >> s) - 1;
}

static int32_t trunc32(tosa_i128 v) { return (int32_t)(uint32_t)(unsigned __int128)v; }

int32_t nnx_tosa_apply_scale_32(int64_t value, int32_t multiplier, int shift, bool double_round)
{
    tosa_i128 p = (tosa_i128)value * multiplier;
    if (shift < 1)
        return trunc32(p);
    unsigned s = shift > 63 ? 63 : (unsigned)shift;
    tosa_i128 round = (tosa_i128)1 << (s - 1);
    if (double_round && s > 31)
        round += value >= 0 ? (tosa_i128)1 << 30 : -((tosa_i128)1 << 30);
    return trunc32(floor_shift128(p + round, s));
}

int32_t nnx_tosa_apply_scale_16(int64_t value, int32_t multiplier, int shift)
{
    return nnx_tosa_apply_scale_32(value, multiplier, shift, false); /* same formula, int48 value */
}

void nnx_tosa_reciprocal_scale(uint32_t value, int32_t *multiplier, int *shift)
{
    uint32_t v = value ? value - 1 : 0, k = 0; /* k = 32 - clz(value - 1) */
    while (v) {
        v >>= 1;
        k++;
    }
    int64_t numerator = (((int64_t)1 << 30) + 1) << k;
    *multiplier = (int32_t)(numerator / (value ? value : 1));
    *shift = 30 + (int)k;
}

/* ---------------------------------------------------------------- inference */

static nnx_status need(const nnx_operand_desc *d, const char *what, nnx_error *err)
{
    return d ? NNX_OK : nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "%s is required", what);
}

static nnx_status check_vector(const nnx_operand_desc *d, nnx_dtype dt, uint64_t n, const char *what, nnx_error *err)
{
    if (d->dtype != dt)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "%s has type %s, expected %s", what,
                             nnx_dtype_name(d->dtype), nnx_dtype_name(dt));
    if (nnx_shape_elements(d->shape, d->rank) != n)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "%s must have %llu element%s", what,
                             (unsigned long long)n, n == 1 ? "" : "s");
    return NNX_OK;
}

/* The spec's ERROR_IFs on types and flags (the zero-point values are the front end's). */
nnx_status nnx_infer_tosa_rescale(const nnx_op_args *args, const nnx_operand_desc *const *in, nnx_operand_desc *out,
                                  nnx_error *err)
{
    const nnx_attr_rescale *a = &args->attrs->rescale;
    const nnx_operand_desc *x = in[0];
    nnx_status st = need(in[1], "multiplier", err);
    if (st == NNX_OK)
        st = need(in[2], "shift", err);
    if (st == NNX_OK)
        st = need(args->n_in > 4 ? in[4] : NULL, "output_zp (it gives the output type)", err);
    if (st != NNX_OK)
        return st;
    nnx_dtype it = x->dtype, ot = in[4]->dtype;
    if (it != NNX_INT8 && it != NNX_INT16 && it != NNX_INT32 && it != NNX_INT48)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "input type %s is not int8, int16, int32 or int48",
                             nnx_dtype_name(it));
    if (ot != NNX_INT8 && ot != NNX_INT16 && ot != NNX_INT32)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "output type %s is not int8, int16 or int32",
                             nnx_dtype_name(ot));
    if (a->rounding > NNX_RESCALE_DOUBLE_ROUND)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "rounding mode %d is not a rounding mode",
                             (int)a->rounding);
    const char *why = NULL;
    if (a->scale32 && it == NNX_INT48)
        why = "an int48 input needs the 16-bit multiplier (scale32 false)";
    else if (!a->scale32 && a->rounding == NNX_RESCALE_DOUBLE_ROUND)
        why = "DOUBLE_ROUND needs scale32";
    else if (a->input_unsigned && a->output_unsigned)
        why = "input and output cannot both be unsigned";
    else if (a->input_unsigned && (it == NNX_INT32 || it == NNX_INT48 || ot == NNX_INT32))
        why = "an unsigned input must be int8 or int16 and the output not int32";
    else if (a->output_unsigned && (ot == NNX_INT32 || it == NNX_INT32 || it == NNX_INT48))
        why = "an unsigned output must be int8 or int16 and the input not int32 or int48";
    else if (a->per_channel && x->rank < 1)
        why = "per_channel needs an input of rank 1 or more";
    if (why)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "%s", why);
    uint64_t nc = a->per_channel ? x->shape[x->rank - 1] : 1;
    st = check_vector(in[1], a->scale32 ? NNX_INT32 : NNX_INT16, nc, "multiplier", err);
    if (st == NNX_OK)
        st = check_vector(in[2], NNX_INT8, nc, "shift", err);
    if (st == NNX_OK && in[3])
        st = check_vector(in[3], it, 1, "input_zp", err);
    if (st == NNX_OK)
        st = check_vector(in[4], ot, 1, "output_zp", err);
    if (st != NNX_OK)
        return st;
    *out = *x;
    out->dtype = ot;
    return NNX_OK;
}

/* ---------------------------------------------------------------- kernel */

/* Element i of an integer operand, zero-extended from its width when `as_unsigned`. */
static int64_t load_ext(nnx_dtype dt, const void *p, size_t i, bool as_unsigned)
{
    int64_t v = nnx_load_i(dt, p, i);
    unsigned bits = nnx_dtype_bits(dt);
    return as_unsigned && bits < 64 ? (int64_t)((uint64_t)v & ((UINT64_C(1) << bits) - 1)) : v;
}

nnx_status nnx_ref_tosa_rescale(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    const nnx_attr_rescale *a = &args->attrs->rescale;
    nnx_dtype it = in[0].desc.dtype, ot = out->desc.dtype;
    uint64_t n = nnx_shape_elements(out->desc.shape, out->desc.rank);
    uint32_t nc = a->per_channel ? in[0].desc.shape[in[0].desc.rank - 1] : 1;
    int64_t izp = in[3].data ? load_ext(it, in[3].data, 0, a->input_unsigned) : 0;
    int64_t ozp = load_ext(ot, in[4].data, 0, a->output_unsigned);
    unsigned obits = nnx_dtype_bits(ot);
    int64_t lo = a->output_unsigned ? 0 : nnx_dtype_int_min(ot);
    int64_t hi = a->output_unsigned ? (int64_t)((UINT64_C(1) << obits) - 1) : (int64_t)nnx_dtype_int_max(ot);
    for (uint64_t i = 0; i < n; i++) {
        uint32_t c = (uint32_t)(i % nc); /* the last index: the innermost axis */
        int64_t value = load_ext(it, in[0].data, i, a->input_unsigned) - izp;
        int32_t m = (int32_t)nnx_load_i(in[1].desc.dtype, in[1].data, c);
        int s = (int)nnx_load_i(NNX_INT8, in[2].data, c);
        int64_t r = a->scale32 ? nnx_tosa_apply_scale_32(value, m, s, a->rounding == NNX_RESCALE_DOUBLE_ROUND)
                               : nnx_tosa_apply_scale_16(value, m, s);
        r += ozp; /* apply_add_s<int32_t>: exact here, then clipped */
        nnx_store_i(ot, out->data, i, r < lo ? lo : r > hi ? hi : r);
    }
    return NNX_OK;
}
