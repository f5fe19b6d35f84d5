/* elementwise.c — element-wise binary and unary operations (incl. NNEF rcp, sin, cos, sign,
 * round; WebNN roundEven, erf, tan), clamp and cast: shape inference and reference kernels. Floats are computed in
 * double and rounded once to the output type; integers are computed in 64 bits and wrap to
 * the output width (WebNN leaves integer overflow unspecified; the choices are listed in
 * WebNN decision 6.1-23). Comparisons, logical ops and where are in logical.c. */
#include "ops/table.h"
#include "ir/elem.h"
#include "ir/shape.h"

#include <math.h>

/* ---------------------------------------------------------------- inference */

nnx_status nnx_infer_binary(const nnx_op_args *args, const nnx_operand_desc *const *in, nnx_operand_desc *out,
                            nnx_error *err)
{
    const nnx_operand_desc *a = in[0], *b = in[1];
    if (a->dtype != b->dtype)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "input types differ (%s and %s)",
                             nnx_dtype_name(a->dtype), nnx_dtype_name(b->dtype));
    out->dtype = a->dtype;
    if (!nnx_broadcast_shapes(a->shape, a->rank, b->shape, b->rank, out->shape, &out->rank)) {
        char sa[96], sb[96];
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "shapes %s and %s do not broadcast",
                             nnx_desc_format(a, sa, sizeof sa), nnx_desc_format(b, sb, sizeof sb));
    }
    return NNX_OK;
}

nnx_status nnx_infer_unary(const nnx_op_args *args, const nnx_operand_desc *const *in, nnx_operand_desc *out,
                           nnx_error *err)
{
    *out = *in[0];
    return NNX_OK;
}

/* rcp, sin, cos: NNEF defines them on tensor<scalar> only (NNEF 1.0.2 §4.2.1); an integer
 * reciprocal or sine has no meaning worth inventing. */
nnx_status nnx_infer_unary_float(const nnx_op_args *args, const nnx_operand_desc *const *in, nnx_operand_desc *out,
                                 nnx_error *err)
{
    if (!nnx_dtype_is_float(in[0]->dtype))
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "input type %s is not a floating-point type",
                             nnx_dtype_name(in[0]->dtype));
    *out = *in[0];
    return NNX_OK;
}

/* sign, round: any number type (integers exactly), not bool. */
nnx_status nnx_infer_unary_number(const nnx_op_args *args, const nnx_operand_desc *const *in, nnx_operand_desc *out,
                                  nnx_error *err)
{
    if (in[0]->dtype == NNX_BOOL)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "input type bool is not a number type");
    *out = *in[0];
    return NNX_OK;
}

nnx_status nnx_infer_cast(const nnx_op_args *args, const nnx_operand_desc *const *in, nnx_operand_desc *out,
                          nnx_error *err)
{
    if (!nnx_dtype_valid(args->attrs->cast.to))
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "target data type %d is not a data type",
                             (int)args->attrs->cast.to);
    *out = *in[0];
    out->dtype = args->attrs->cast.to;
    return NNX_OK;
}

/* ---------------------------------------------------------------- scalar semantics */

/* IEEE 754-2019 maximum/minimum: NaN propagates and +0 is greater than -0. */
static double ieee_max(double a, double b)
{
    if (isnan(a) || isnan(b))
        return NAN;
    if (a == b)
        return signbit(a) ? b : a;
    return a > b ? a : b;
}

static double ieee_min(double a, double b)
{
    if (isnan(a) || isnan(b))
        return NAN;
    if (a == b)
        return signbit(a) ? a : b;
    return a < b ? a : b;
}

static double binary_f(nnx_op op, double a, double b)
{
    switch (op) {
    case NNX_OP_ADD: return a + b;
    case NNX_OP_SUB: return a - b;
    case NNX_OP_MUL: return a * b;
    case NNX_OP_DIV: return a / b;
    case NNX_OP_MAX: return ieee_max(a, b);
    case NNX_OP_MIN: return ieee_min(a, b);
    case NNX_OP_POW: return pow(a, b);
    default: return NAN;
    }
}

/* max / min under attrs.nan IGNORE skip a NaN operand (TOSA compare_nan: the other one, so
 * two NaNs give NaN); every other case is binary_f. */
static double binary_nan_f(const nnx_op_args *args, double a, double b)
{
    bool ignore = (args->op == NNX_OP_MAX || args->op == NNX_OP_MIN) && args->attrs->nan.nan_mode == NNX_NAN_IGNORE;
    if (ignore && (isnan(a) || isnan(b)))
        return isnan(a) ? b : a;
    return binary_f(args->op, a, b);
}

/* base^exp with wraparound; a negative exponent gives the truncated reciprocal. */
static uint64_t ipow(int64_t base, int64_t exp, bool is_signed)
{
    if (exp < 0 && is_signed) {
        if (base == 1)
            return 1;
        if (base == -1)
            return (exp & 1) ? (uint64_t)-1 : 1;
        return 0; /* |1/base^n| < 1 truncates to 0; 0^negative is defined as 0 here */
    }
    uint64_t result = 1, b = (uint64_t)base, e = (uint64_t)exp;
    while (e) {
        if (e & 1)
            result *= b;
        b *= b;
        e >>= 1;
    }
    return result;
}

static int64_t binary_i(nnx_op op, int64_t a, int64_t b)
{
    uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
    switch (op) {
    case NNX_OP_ADD: return (int64_t)(ua + ub);
    case NNX_OP_SUB: return (int64_t)(ua - ub);
    case NNX_OP_MUL: return (int64_t)(ua * ub);
    case NNX_OP_DIV:
        if (b == 0)
            return 0; /* documented choice */
        if (a == INT64_MIN && b == -1)
            return a; /* wraps */
        return a / b; /* C truncates toward zero, as WebNN says */
    case NNX_OP_MAX: return a > b ? a : b;
    case NNX_OP_MIN: return a < b ? a : b;
    case NNX_OP_POW: return (int64_t)ipow(a, b, true);
    default: return 0;
    }
}

static uint64_t binary_u(nnx_op op, uint64_t a, uint64_t b)
{
    switch (op) {
    case NNX_OP_ADD: return a + b;
    case NNX_OP_SUB: return a - b;
    case NNX_OP_MUL: return a * b;
    case NNX_OP_DIV: return b ? a / b : 0;
    case NNX_OP_MAX: return a > b ? a : b;
    case NNX_OP_MIN: return a < b ? a : b;
    case NNX_OP_POW: return ipow((int64_t)a, (int64_t)b, false);
    default: return 0;
    }
}

nnx_status nnx_ref_binary(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    const nnx_operand_desc *od = &out->desc;
    uint64_t sa[NNX_MAX_RANK], sb[NNX_MAX_RANK];
    nnx_broadcast_strides(in[0].desc.shape, in[0].desc.rank, od->rank, sa);
    nnx_broadcast_strides(in[1].desc.shape, in[1].desc.rank, od->rank, sb);
    nnx_dtype dt = od->dtype;
    nnx_dtype_kind kind = nnx_dtype_kind_of(dt);
    uint32_t idx[NNX_MAX_RANK] = {0};
    size_t o = 0;
    do {
        size_t ia = 0, ib = 0;
        for (uint32_t d = 0; d < od->rank; d++) {
            ia += idx[d] * sa[d];
            ib += idx[d] * sb[d];
        }
        if (kind == NNX_KIND_FLOAT)
            nnx_store_f(dt, out->data, o,
                        binary_nan_f(args, nnx_load_f(dt, in[0].data, ia), nnx_load_f(dt, in[1].data, ib)));
        else if (kind == NNX_KIND_SINT)
            nnx_store_i(dt, out->data, o,
                        binary_i(args->op, nnx_load_i(dt, in[0].data, ia), nnx_load_i(dt, in[1].data, ib)));
        else
            nnx_store_i(dt, out->data, o,
                        (int64_t)binary_u(args->op, nnx_load_u(dt, in[0].data, ia), nnx_load_u(dt, in[1].data, ib)));
        o++;
    } while (nnx_index_next(idx, od->shape, od->rank));
    return NNX_OK;
}

/* NNEF round (NNEF 1.0.2 §4.2.1): floor(x + 0.5), round half up. Computed as floor(x) plus the
 * exact fraction x - floor(x) compared with 0.5, because x + 0.5 itself can round up in
 * double (0.49999999999999994 + 0.5 == 1.0) and would give 1 where the formula gives 0.
 * "+ 0.0" turns floor(-0) into +0, as floor(-0 + 0.5) = floor(0.5) = +0. */
static double round_half_up(double x)
{
    double f = floor(x);
    return (x - f >= 0.5 ? f + 1.0 : f) + 0.0;
}

/* NNEF sign (NNEF 1.0.2 §4.2.1): 1 if x > 0, 0 if x = 0 (both zeros give +0, as numpy), -1 if
 * x < 0; NaN stays NaN. */
static double sign_f(double x)
{
    if (isnan(x))
        return x;
    return x > 0 ? 1.0 : x < 0 ? -1.0 : 0.0;
}

/* WebNN roundEven: the nearest integer, ties to even; a zero result keeps x's sign (as
 * IEEE roundToIntegralTiesToEven: roundEven(-0.4) = -0); NaN and infinities stay. */
static double round_half_even(double x)
{
    if (!isfinite(x))
        return x;
    double f = floor(x), d = x - f; /* exact: f and x are within 1 of each other */
    double r = d > 0.5 ? f + 1.0 : d < 0.5 ? f : fmod(f, 2.0) == 0.0 ? f : f + 1.0;
    return copysign(r, x);
}

static double unary_f(nnx_op op, double x)
{
    switch (op) {
    case NNX_OP_ABS: return fabs(x);
    case NNX_OP_NEG: return -x;
    case NNX_OP_CEIL: return ceil(x);
    case NNX_OP_FLOOR: return floor(x);
    case NNX_OP_EXP: return exp(x);
    case NNX_OP_LOG: return log(x);
    case NNX_OP_SQRT: return sqrt(x);
    case NNX_OP_RELU: return x > 0 ? x : (isnan(x) ? x : 0.0);
    case NNX_OP_SIGMOID: return 1.0 / (1.0 + exp(-x));
    case NNX_OP_TANH: return tanh(x);
    case NNX_OP_RCP: return 1.0 / x; /* rounded once: exact for float32, float16 (53 >= 2p + 2) */
    case NNX_OP_SIN: return sin(x);
    case NNX_OP_COS: return cos(x);
    case NNX_OP_SIGN: return sign_f(x);
    case NNX_OP_ROUND: return round_half_up(x);
    case NNX_OP_ROUND_EVEN: return round_half_even(x);
    case NNX_OP_ERF: return erf(x);
    case NNX_OP_TAN: return tan(x);
    case NNX_OP_SINH: return sinh(x);
    case NNX_OP_COSH: return cosh(x);
    case NNX_OP_ASIN: return asin(x);
    case NNX_OP_ACOS: return acos(x);
    case NNX_OP_ATAN: return atan(x);
    case NNX_OP_ASINH: return asinh(x);
    case NNX_OP_ACOSH: return acosh(x);
    case NNX_OP_ATANH: return atanh(x);
    default: return NAN;
    }
}

/* Integer unary operations; only those defined on integers reach here (the front ends
 * check data types). Negating the minimum wraps to itself. */
static int64_t unary_i(nnx_op op, int64_t x)
{
    switch (op) {
    case NNX_OP_ABS: return x < 0 ? (int64_t)(0 - (uint64_t)x) : x;
    case NNX_OP_NEG: return (int64_t)(0 - (uint64_t)x);
    case NNX_OP_RELU: return x > 0 ? x : 0;
    case NNX_OP_SIGN: return (x > 0) - (x < 0);
    default: return x; /* ceil, floor, round of an integer are the integer */
    }
}

static int64_t unary_u(nnx_op op, uint64_t x)
{
    switch (op) {
    case NNX_OP_NEG: return (int64_t)(0 - x);
    case NNX_OP_SIGN: return x != 0;
    default: return (int64_t)x;
    }
}

nnx_status nnx_ref_unary(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    nnx_dtype dt = out->desc.dtype;
    uint64_t n = nnx_shape_elements(out->desc.shape, out->desc.rank);
    nnx_dtype_kind kind = nnx_dtype_kind_of(dt);
    for (size_t i = 0; i < n; i++) {
        if (kind == NNX_KIND_FLOAT)
            nnx_store_f(dt, out->data, i, unary_f(args->op, nnx_load_f(dt, in[0].data, i)));
        else if (kind == NNX_KIND_SINT)
            nnx_store_i(dt, out->data, i, unary_i(args->op, nnx_load_i(dt, in[0].data, i)));
        else /* unsigned: abs, ceil, floor, round, relu are the identity; neg wraps */
            nnx_store_i(dt, out->data, i, unary_u(args->op, nnx_load_u(dt, in[0].data, i)));
    }
    return NNX_OK;
}

/* Bounds are in the input's representation (attrs.h); a NaN input stays NaN; -0 is below
 * +0, so clamp(-0, 0, 6) is +0 as min(max(x, 0), 6) says. */
nnx_status nnx_ref_clamp(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    nnx_dtype dt = out->desc.dtype;
    nnx_scalar lo = args->attrs->clamp.lo, hi = args->attrs->clamp.hi;
    uint64_t n = nnx_shape_elements(out->desc.shape, out->desc.rank);
    for (size_t i = 0; i < n; i++) {
        switch (nnx_dtype_kind_of(dt)) {
        case NNX_KIND_FLOAT: {
            double x = nnx_load_f(dt, in[0].data, i); /* WebNN: min(max(x, lo), hi) */
            if (isnan(x) && args->attrs->clamp.nan_mode == NNX_NAN_IGNORE)
                x = lo.f; /* TOSA CLAMP IGNORE: max(NaN, lo) = lo */
            nnx_store_f(dt, out->data, i, isnan(x) ? x : ieee_min(ieee_max(x, lo.f), hi.f));
            break;
        }
        case NNX_KIND_SINT: {
            int64_t x = nnx_load_i(dt, in[0].data, i);
            nnx_store_i(dt, out->data, i, x < lo.i ? lo.i : x > hi.i ? hi.i : x);
            break;
        }
        default: {
            uint64_t x = nnx_load_u(dt, in[0].data, i);
            nnx_store_i(dt, out->data, i, (int64_t)(x < lo.u ? lo.u : x > hi.u ? hi.u : x));
            break;
        }
        }
    }
    return NNX_OK;
}

/* Float to integer: truncate (WebNN) or round half to even (TOSA, attrs.cast.rounding),
 * saturate to the target range, NaN -> 0 (WebNN leaves out of range implementation-defined;
 * saturation is what the cast data expects; TOSA says overflows saturate, NaN unpredictable).
 * With attrs.cast.wrap the rounded value's low bits are kept instead (ONNX int4 / int2). */
static int64_t float_to_int(double x, nnx_dtype to, const nnx_attr_cast *a)
{
    if (isnan(x))
        return 0;
    x = a->rounding == NNX_CAST_NEAREST_EVEN ? round_half_even(x) : trunc(x);
    if (a->wrap) {
        if (isinf(x))
            return 0;
        unsigned bits = nnx_dtype_bits(to);
        double r = fmod(x, ldexp(1.0, (int)bits)); /* exact: |r| < 2^bits, an integer */
        uint64_t u = r < 0 ? (uint64_t)0 - (uint64_t)-r : (uint64_t)r;
        if (bits < 64) {
            uint64_t mask = ((uint64_t)1 << bits) - 1;
            u &= mask;
            if (nnx_dtype_kind_of(to) == NNX_KIND_SINT && (u >> (bits - 1)))
                u |= ~mask; /* sign-extend: int48 is held in 64 bits */
        }
        return (int64_t)u;
    }
    if (nnx_dtype_kind_of(to) == NNX_KIND_SINT) {
        double lo = (double)nnx_dtype_int_min(to), hi = (double)nnx_dtype_int_max(to);
        if (x <= lo)
            return nnx_dtype_int_min(to);
        if (x >= hi)
            return (int64_t)nnx_dtype_int_max(to);
        return (int64_t)x;
    }
    if (x <= 0)
        return 0;
    if (x >= (double)nnx_dtype_int_max(to))
        return (int64_t)nnx_dtype_int_max(to);
    return (int64_t)(uint64_t)x;
}

/* x rounded once into float type `to` with the cast's saturation and fp8e8m0 rounding. */
static void store_float(nnx_dtype to, void *dst, size_t i, double x, const nnx_attr_cast *a)
{
    unsigned char *b = dst;
    bool sat = a->saturation == NNX_CAST_SATURATE;
    if (to == NNX_FP8E8M0) {
        b[i] = nnx_f64_to_fp8e8m0(x, a->e8m0_rounding, a->saturation != NNX_CAST_NO_SATURATE);
        return;
    }
    if (!sat) { /* DEFAULT and NO_SATURATE are the plain stores for every other type */
        nnx_store_f(to, dst, i, x);
        return;
    }
    switch (to) {
    case NNX_FP8E4M3: b[i] = nnx_f64_to_fp8e4m3_sat(x); return;
    case NNX_FP8E5M2: b[i] = nnx_f64_to_fp8e5m2_sat(x); return;
    case NNX_FP8E4M3FNUZ: b[i] = nnx_f64_to_fp8e4m3fnuz_sat(x); return;
    case NNX_FP8E5M2FNUZ: b[i] = nnx_f64_to_fp8e5m2fnuz_sat(x); return;
    default: nnx_store_f(to, dst, i, x); return; /* ONNX saturates float 8 types only */
    }
}

/* An integer magnitude as a double rounded to odd (the dropped bits OR'ed into the last kept
 * one): a later rounding to a format of at most 51 significant bits, or fp8e8m0's rounding
 * to a power of two, gives what rounding the exact integer would. */
static double u64_round_odd(uint64_t m)
{
    if (m < ((uint64_t)1 << 53))
        return (double)m;
    int drop = 11 - __builtin_clzll(m); /* bits beyond the 53 a double keeps */
    uint64_t keep = m >> drop;
    if (m & (((uint64_t)1 << drop) - 1))
        keep |= 1;
    return ldexp((double)keep, drop);
}

static void cast_one(nnx_dtype from, const void *src, nnx_dtype to, void *dst, size_t i, const nnx_attr_cast *a)
{
    nnx_dtype_kind fk = nnx_dtype_kind_of(from), tk = nnx_dtype_kind_of(to);
    if (to == NNX_BOOL) { /* any non-zero value is true */
        bool t = fk == NNX_KIND_FLOAT ? nnx_load_f(from, src, i) != 0 : nnx_load_i(from, src, i) != 0;
        nnx_store_i(to, dst, i, t);
        return;
    }
    if (fk == NNX_KIND_FLOAT) {
        double x = nnx_load_f(from, src, i);
        if (tk == NNX_KIND_FLOAT)
            store_float(to, dst, i, x, a);
        else
            nnx_store_i(to, dst, i, float_to_int(x, to, a));
        return;
    }
    if (tk != NNX_KIND_FLOAT) { /* int -> int: keep the low bits (two's complement) */
        nnx_store_i(to, dst, i, nnx_load_i(from, src, i));
        return;
    }
    if (to == NNX_FLOAT32) { /* C's integer -> float conversion rounds once, to nearest */
        float f = fk == NNX_KIND_SINT ? (float)nnx_load_i(from, src, i) : (float)nnx_load_u(from, src, i);
        memcpy((unsigned char *)dst + i * 4, &f, 4);
        return;
    }
    if (to == NNX_FLOAT64) {
        double x = fk == NNX_KIND_SINT ? (double)nnx_load_i(from, src, i) : (double)nnx_load_u(from, src, i);
        memcpy((unsigned char *)dst + i * 8, &x, 8);
        return;
    }
    int64_t v = nnx_load_i(from, src, i);
    bool negative = fk == NNX_KIND_SINT && v < 0;
    double m = u64_round_odd(negative ? (uint64_t)0 - (uint64_t)v : (uint64_t)v);
    store_float(to, dst, i, negative ? -m : m, a);
}

nnx_status nnx_ref_cast(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    uint64_t n = nnx_shape_elements(out->desc.shape, out->desc.rank);
    for (size_t i = 0; i < n; i++)
        cast_one(in[0].desc.dtype, in[0].data, out->desc.dtype, out->data, i, &args->attrs->cast);
    return NNX_OK;
}
