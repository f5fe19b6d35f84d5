/* tosa_elementwise.c — tosa_mul, tosa_table and tosa_negate (TOSA 1.0 §2.5.14 MUL with
 * shift, §2.5.17 TABLE, §2.6.10 NEGATE with zero points): shape inference and reference kernels.
 * Integer arithmetic is done in int64 in forms that cannot overflow, then wrapped or clipped
 * exactly where the pseudocode truncates or clips. */
#include "ir/elem.h"
#include "ir/shape.h"
#include "ops/table.h"
#include "ops/tosa.h"

/* A 1-element operand (zero point, shift) of dtype dt; NULL (absent) is accepted. */
static nnx_status check_scalar(const nnx_operand_desc *d, nnx_dtype dt, const char *what, nnx_error *err)
{
    if (!d)
        return NNX_OK;
    if (d->dtype != dt)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "%s has type %s, expected %s", what,
                             nnx_dtype_name(d->dtype), nnx_dtype_name(dt));
    if (nnx_shape_elements(d->shape, d->rank) != 1)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "%s must have exactly one element", what);
    return NNX_OK;
}

static int64_t scalar_i(const nnx_view *v) { return v->data ? nnx_load_i(v->desc.dtype, v->data, 0) : 0; }

/* floor(a / 2^s) for s in [0, 63], without relying on >> of a negative value. */
static int64_t floor_shift(int64_t a, unsigned s)
{
    if (s == 0)
        return a;
    return a >= 0 ? a >> s : -(int64_t)((uint64_t)(-(a + 1)) >> s) - 1;
}

/* v truncated to 32 bits, as static_cast<int32_t>. */
static int64_t wrap32(int64_t v) { return (int64_t)(int32_t)(uint32_t)(uint64_t)v; }

/* ---------------------------------------------------------------- tosa_mul */

nnx_status nnx_infer_tosa_mul(const nnx_op_args *args, const nnx_operand_desc *const *in, nnx_operand_desc *out,
                              nnx_error *err)
{
    const nnx_operand_desc *a = in[0], *b = in[1];
    nnx_dtype dt = a->dtype;
    if (!b)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "input2 is required");
    if (dt != NNX_INT8 && dt != NNX_INT16 && dt != NNX_INT32 && !nnx_dtype_is_float(dt))
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "input type %s is not int8, int16, int32 or a float type",
                             nnx_dtype_name(dt));
    if (b->dtype != dt)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "input types differ (%s and %s)", nnx_dtype_name(dt),
                             nnx_dtype_name(b->dtype));
    nnx_status st = check_scalar(args->n_in > 2 ? in[2] : NULL, NNX_INT8, "shift", err);
    if (st != NNX_OK)
        return st;
    out->dtype = nnx_dtype_is_float(dt) ? dt : NNX_INT32;
    if (!nnx_broadcast_shapes(a->shape, a->rank, b->shape, b->rank, out->shape, &out->rank)) {
        char sa[96], sb[96];
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "shapes %s and %s do not broadcast",
                             nnx_desc_format(a, sa, sizeof sa), nnx_desc_format(b, sb, sizeof sb));
    }
    return NNX_OK;
}

/* TOSA MUL for one pair: int32 with shift > 0 rounds (p + 2^(s-1)) >> s, computed as
 * (floor(p / 2^(s-1)) + 1) >> 1, which is equal and cannot overflow (p + round can:
 * INT32_MIN^2 + 2^62, TOSA 1.0 §2.5.14 MUL, decision 10.2-19); the result is truncated to 32 bits
 * (REQUIRE). */
int64_t nnx_tosa_mul_i32(int64_t a, int64_t b, int shift)
{
    int64_t p = a * b; /* |a|, |b| <= 2^31: exact */
    if (shift <= 0)
        return wrap32(p);
    unsigned s = shift > 63 ? 63 : (unsigned)shift;
    return wrap32(floor_shift(floor_shift(p, s - 1) + 1, 1));
}

nnx_status nnx_ref_tosa_mul(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    const nnx_operand_desc *od = &out->desc;
    nnx_dtype dt = in[0].desc.dtype;
    int shift = args->n_in > 2 ? (int)scalar_i(&in[2]) : 0;
    uint64_t sa[NNX_MAX_RANK], sb[NNX_MAX_RANK];
    nnx_broadcast_strides(in[0].desc.shape, in[0].desc.rank, od->rank, sa);
    nnx_broadcast_strides(in[1].desc.shape, in[1].desc.rank, od->rank, sb);
    uint32_t idx[NNX_MAX_RANK] = {0};
    size_t o = 0;
    do {
        size_t ia = 0, ib = 0;
        for (uint32_t d = 0; d < od->rank; d++) {
            ia += idx[d] * sa[d];
            ib += idx[d] * sb[d];
        }
        if (nnx_dtype_is_float(dt))
            nnx_store_f(dt, out->data, o, nnx_load_f(dt, in[0].data, ia) * nnx_load_f(dt, in[1].data, ib));
        else /* int8/int16 products are exact in int32; the shift only applies to int32 */
            nnx_store_i(NNX_INT32, out->data, o,
                        nnx_tosa_mul_i32(nnx_load_i(dt, in[0].data, ia), nnx_load_i(dt, in[1].data, ib),
                                         dt == NNX_INT32 ? shift : 0));
        o++;
    } while (nnx_index_next(idx, od->shape, od->rank));
    return NNX_OK;
}

/* ---------------------------------------------------------------- tosa_table */

nnx_status nnx_infer_tosa_table(const nnx_op_args *args, const nnx_operand_desc *const *in, nnx_operand_desc *out,
                                nnx_error *err)
{
    const nnx_operand_desc *x = in[0], *t = in[1];
    uint32_t size = x->dtype == NNX_INT8 ? 256 : 513;
    if (!t)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "the table is required");
    if (x->dtype != NNX_INT8 && x->dtype != NNX_INT16)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "input type %s is not int8 or int16",
                             nnx_dtype_name(x->dtype));
    if (t->dtype != x->dtype || t->rank != 1 || t->shape[0] != size)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "the table of a %s input must be %s[%u]",
                             nnx_dtype_name(x->dtype), nnx_dtype_name(x->dtype), size);
    *out = *x;
    out->dtype = x->dtype == NNX_INT8 ? NNX_INT8 : NNX_INT32;
    return NNX_OK;
}

/* apply_lookup_s for an int16 value: 16.7 fixed-point interpolation; a slope outside int16
 * (REQUIRE) is used as computed. */
int32_t nnx_tosa_lookup_i16(const int16_t *table, int32_t value)
{
    int32_t v = value < -32768 ? -32768 : value > 32767 ? 32767 : value;
    int32_t index = (v + 32768) >> 7, fraction = (v + 32768) & 0x7F; /* v & 0x7f, two's complement */
    int32_t base = table[index], next = table[index + 1];
    return (int32_t)((int64_t)base * 128 + (int64_t)(next - base) * fraction);
}

nnx_status nnx_ref_tosa_table(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    uint64_t n = nnx_shape_elements(out->desc.shape, out->desc.rank);
    if (in[0].desc.dtype == NNX_INT8) {
        const int8_t *x = in[0].data, *t = in[1].data;
        int8_t *y = out->data;
        for (uint64_t i = 0; i < n; i++)
            y[i] = t[x[i] + 128];
        return NNX_OK;
    }
    int16_t table[513];
    memcpy(table, in[1].data, sizeof table);
    for (uint64_t i = 0; i < n; i++)
        nnx_store_i(NNX_INT32, out->data, i, nnx_tosa_lookup_i16(table, (int32_t)nnx_load_i(NNX_INT16, in[0].data, i)));
    return NNX_OK;
}

/* ---------------------------------------------------------------- tosa_negate */

nnx_status nnx_infer_tosa_negate(const nnx_op_args *args, const nnx_operand_desc *const *in, nnx_operand_desc *out,
                                 nnx_error *err)
{
    nnx_dtype dt = in[0]->dtype;
    if (dt != NNX_INT8 && dt != NNX_INT16 && dt != NNX_INT32 && !nnx_dtype_is_float(dt))
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "input type %s is not int8, int16, int32 or a float type",
                             nnx_dtype_name(dt));
    nnx_status st = check_scalar(args->n_in > 1 ? in[1] : NULL, dt, "input1_zp", err);
    if (st == NNX_OK)
        st = check_scalar(args->n_in > 2 ? in[2] : NULL, dt, "output_zp", err);
    if (st == NNX_OK)
        *out = *in[0];
    return st;
}

/* Zero points are used as given (TOSA's ERROR_IF that only int8 has non-zero ones is the
 * front end's check); float zero points are ignored. */
nnx_status nnx_ref_tosa_negate(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    nnx_dtype dt = out->desc.dtype;
    uint64_t n = nnx_shape_elements(out->desc.shape, out->desc.rank);
    if (nnx_dtype_is_float(dt)) {
        for (uint64_t i = 0; i < n; i++)
            nnx_store_f(dt, out->data, i, -nnx_load_f(dt, in[0].data, i));
        return NNX_OK;
    }
    int64_t zi = args->n_in > 1 ? scalar_i(&in[1]) : 0, zo = args->n_in > 2 ? scalar_i(&in[2]) : 0;
    int64_t lo = nnx_dtype_int_min(dt), hi = (int64_t)nnx_dtype_int_max(dt);
    for (uint64_t i = 0; i < n; i++) {
        int64_t v = -(nnx_load_i(dt, in[0].data, i) - zi) + zo; /* |v| < 2^34: exact */
        nnx_store_i(dt, out->data, i, v < lo ? lo : v > hi ? hi : v);
    }
    return NNX_OK;
}
