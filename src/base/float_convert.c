/* float_convert.c - narrow float formats <-> binary32/binary64.
 * One integer-only core rounds a binary64 value into any of the narrow
 * formats (RNE, gradual underflow, per-format overflow, optional
 * saturation), so every encoder rounds exactly once. Decoders build the
 * binary32 result directly; E8M0 (a power of two) has its own pair.
 */
#include "float_convert.h"

#include <string.h>

/* Description of a narrow format, as needed by the shared core. */
typedef struct nnx_narrow_fmt {
    int mbits;           /* stored mantissa (fraction) bits */
    int bias;            /* exponent bias */
    int emin;            /* unbiased exponent of the smallest normal: 1 - bias */
    int etop;            /* unbiased exponent of the all-ones field; values in
                            a higher binade overflow whatever the rounding */
    uint32_t sign;       /* sign bit of the encoding */
    uint32_t max_finite; /* magnitude code of the largest finite value */
    uint32_t overflow;   /* magnitude code produced by overflow and +-inf */
    uint32_t qnan;       /* magnitude code of the canonical quiet NaN */
    int nan_payload;     /* 1: copy the leading input NaN payload bits */
    int ieee_specials;   /* 1: all-ones exponent is inf (frac 0) or NaN */
    int unsigned_zero;   /* 1 (FNUZ): no -0; the pattern sign.0 is the NaN */
} nnx_narrow_fmt;

static const nnx_narrow_fmt FMT_F16 = {10, 15, -14, 16, 0x8000u, 0x7BFFu, 0x7C00u, 0x7E00u, 1, 1, 0};
static const nnx_narrow_fmt FMT_BF16 = {7, 127, -126, 128, 0x8000u, 0x7F7Fu, 0x7F80u, 0x7FC0u, 1, 1, 0};
/* E4M3 has no inf: overflow and inf both map to the single NaN code. */
static const nnx_narrow_fmt FMT_E4M3 = {3, 7, -6, 8, 0x80u, 0x7Eu, 0x7Fu, 0x7Fu, 0, 0, 0};
static const nnx_narrow_fmt FMT_E5M2 = {2, 15, -14, 16, 0x80u, 0x7Bu, 0x7Cu, 0x7Eu, 0, 1, 0};
/* FNUZ: every exponent field holds numbers (the all-ones one too), so etop is
 * that field's exponent; overflow, inf and NaN give the lone NaN 1.0000.000,
 * written as a "magnitude" 0x80 that any sign leaves unchanged. */
static const nnx_narrow_fmt FMT_E4M3FNUZ = {3, 8, -7, 7, 0x80u, 0x7Fu, 0x80u, 0x80u, 0, 0, 1};
static const nnx_narrow_fmt FMT_E5M2FNUZ = {2, 16, -15, 15, 0x80u, 0x7Fu, 0x80u, 0x80u, 0, 0, 1};
/* E2M1 has neither inf nor NaN: overflow is always the largest finite value. */
static const nnx_narrow_fmt FMT_E2M1 = {1, 1, 0, 2, 0x8u, 0x7u, 0x7u, 0x7u, 0, 0, 0};

static float f32_from_bits(uint32_t b)
{
    float x;
    memcpy(&x, &b, sizeof x);
    return x;
}

/* Number of leading zero bits of v; v must be nonzero. */
static int leading_zeros64(uint64_t v)
{
    int n = 0;
    for (int step = 32; step > 0; step >>= 1) {
        if ((v >> (64 - step)) == 0) {
            v <<= step;
            n += step;
        }
    }
    return n;
}

/* v / 2^shift rounded to nearest, ties to even; shift >= 1. Shifts of 64
 * and more are handled explicitly because C shifts stop at width - 1. */
static uint64_t round_shift_rne(uint64_t v, int shift)
{
    if (shift > 64)
        return 0; /* v / 2^shift < 2^64 / 2^65 = 1/2 */
    if (shift == 64)
        return v > (UINT64_C(1) << 63); /* exactly 1/2 ties to even 0 */
    uint64_t q = v >> shift;
    uint64_t rem = v & ((UINT64_C(1) << shift) - 1);
    uint64_t half = UINT64_C(1) << (shift - 1);
    return q + (rem > half || (rem == half && (q & 1)));
}

/* Magnitude code of |x| = sig * 2^(e - 63), sig having bit 63 set (so e is
 * the exponent of the leading bit). Rounds once, then range-checks; a value
 * out of range gives ovf (the format's overflow code, or max_finite). */
static uint32_t encode_magnitude(const nnx_narrow_fmt *f, uint64_t sig, int e, uint32_t ovf)
{
    if (e > f->etop)
        return ovf;
    /* Below emin the quantum stays that of the subnormal binade. */
    int scale = e < f->emin ? f->emin : e;
    uint64_t n = round_shift_rne(sig, 63 - f->mbits + (scale - e));
    /* n includes the implicit bit for normals, so adding it to the field
     * (biased exponent - 1) lets a rounding carry bump the exponent, and a
     * subnormal that rounds up to 2^mbits becomes the smallest normal. */
    uint32_t code = ((uint32_t)(scale + f->bias - 1) << f->mbits) + (uint32_t)n;
    return code > f->max_finite ? ovf : code;
}

/* Quiet NaN code for a binary64 NaN with 52-bit payload frac. */
static uint32_t encode_nan(const nnx_narrow_fmt *f, uint64_t frac)
{
    if (!f->nan_payload)
        return f->qnan;
    return f->qnan | (uint32_t)(frac >> (52 - f->mbits));
}

/* Full encoding of x in format f (sign included). saturate: finite values
 * out of range and +-inf give +-max_finite instead of the overflow code. */
static uint32_t encode_f64(const nnx_narrow_fmt *f, double x, int saturate)
{
    uint64_t b;
    memcpy(&b, &x, sizeof b);
    uint32_t sign = (b >> 63) ? f->sign : 0;
    uint32_t ovf = saturate ? f->max_finite : f->overflow;
    int field = (int)((b >> 52) & 0x7FF);
    uint64_t frac = b & ((UINT64_C(1) << 52) - 1);
    if (field == 0x7FF)
        return sign | (frac ? encode_nan(f, frac) : ovf);
    if (field == 0 && frac == 0)
        return f->unsigned_zero ? 0 : sign;
    /* Normal: leading bit 52 has exponent field - 1023. Subnormal: the
     * bits sit below 2^-1022 and normalisation lowers the exponent. */
    uint64_t sig = field ? (frac | (UINT64_C(1) << 52)) : frac;
    int e = (field ? field : 1) - 1023 + 11;
    int lz = leading_zeros64(sig);
    uint32_t mag = encode_magnitude(f, sig << lz, e - lz, ovf);
    /* FNUZ: a value that rounds to zero is +0 whatever its sign */
    return mag == 0 && f->unsigned_zero ? 0 : sign | mag;
}

/* 2^k as a float; k must lie in the normal binary32 range [-126, 127]. */
static float pow2f(int k) { return f32_from_bits((uint32_t)(k + 127) << 23); }

/* Exact decoding of a format whose values are all normal or zero in
 * binary32 (f16, E4M3, E5M2 and their FNUZ forms, E2M1; not bf16). */
static float decode_narrow(const nnx_narrow_fmt *f, uint32_t bits)
{
    if (f->unsigned_zero && bits == f->sign)
        return f32_from_bits(0x7FC00000u); /* the NaN pattern carries no sign */
    uint32_t sign = (bits & f->sign) ? 0x80000000u : 0;
    uint32_t mag = bits & (f->sign - 1);
    uint32_t frac = mag & ((1u << f->mbits) - 1);
    uint32_t field = mag >> f->mbits;
    if (mag > f->max_finite) {
        if (f->ieee_specials && mag == f->overflow)
            return f32_from_bits(sign | 0x7F800000u);
        return f32_from_bits(sign | 0x7FC00000u | (frac << (23 - f->mbits)));
    }
    if (field == 0) {
        /* frac * 2^(emin - mbits): exact, the product is a normal float. */
        float m = (float)frac * pow2f(f->emin - f->mbits);
        return sign ? -m : m;
    }
    uint32_t exp32 = (uint32_t)((int)field - f->bias + 127);
    return f32_from_bits(sign | (exp32 << 23) | (frac << (23 - f->mbits)));
}

/* Every f32 encoder widens to double first: float -> double is exact, so
 * rounding once from the double is rounding once from the float. */

float nnx_f16_to_f32(uint16_t bits) { return decode_narrow(&FMT_F16, bits); }

uint16_t nnx_f32_to_f16(float x) { return nnx_f64_to_f16((double)x); }

uint16_t nnx_f64_to_f16(double x) { return (uint16_t)encode_f64(&FMT_F16, x, 0); }

float nnx_bf16_to_f32(uint16_t bits) { return f32_from_bits((uint32_t)bits << 16); }

/* bf16 from binary32 by the add-and-truncate trick: adding 0x7FFF plus the
 * kept LSB rounds the dropped half-word to nearest even, and a carry out of
 * the fraction bumps the exponent (up to inf). NaN is excluded first since
 * truncation could turn it into inf and the add could carry into the sign. */
uint16_t nnx_f32_to_bf16(float x)
{
    uint32_t b;
    memcpy(&b, &x, sizeof b);
    if ((b & 0x7FFFFFFFu) > 0x7F800000u)
        return (uint16_t)((b >> 16) | 0x0040u);
    b += 0x7FFFu + ((b >> 16) & 1u);
    return (uint16_t)(b >> 16);
}

uint16_t nnx_f64_to_bf16(double x) { return (uint16_t)encode_f64(&FMT_BF16, x, 0); }

float nnx_fp8e4m3_to_f32(uint8_t bits) { return decode_narrow(&FMT_E4M3, bits); }

uint8_t nnx_f32_to_fp8e4m3(float x) { return nnx_f64_to_fp8e4m3((double)x); }

uint8_t nnx_f64_to_fp8e4m3(double x) { return (uint8_t)encode_f64(&FMT_E4M3, x, 0); }

uint8_t nnx_f64_to_fp8e4m3_sat(double x) { return (uint8_t)encode_f64(&FMT_E4M3, x, 1); }

float nnx_fp8e5m2_to_f32(uint8_t bits) { return decode_narrow(&FMT_E5M2, bits); }

uint8_t nnx_f32_to_fp8e5m2(float x) { return nnx_f64_to_fp8e5m2((double)x); }

uint8_t nnx_f64_to_fp8e5m2(double x) { return (uint8_t)encode_f64(&FMT_E5M2, x, 0); }

uint8_t nnx_f64_to_fp8e5m2_sat(double x) { return (uint8_t)encode_f64(&FMT_E5M2, x, 1); }

float nnx_fp8e4m3fnuz_to_f32(uint8_t bits) { return decode_narrow(&FMT_E4M3FNUZ, bits); }

uint8_t nnx_f64_to_fp8e4m3fnuz(double x) { return (uint8_t)encode_f64(&FMT_E4M3FNUZ, x, 0); }

uint8_t nnx_f64_to_fp8e4m3fnuz_sat(double x) { return (uint8_t)encode_f64(&FMT_E4M3FNUZ, x, 1); }

float nnx_fp8e5m2fnuz_to_f32(uint8_t bits) { return decode_narrow(&FMT_E5M2FNUZ, bits); }

uint8_t nnx_f64_to_fp8e5m2fnuz(double x) { return (uint8_t)encode_f64(&FMT_E5M2FNUZ, x, 0); }

uint8_t nnx_f64_to_fp8e5m2fnuz_sat(double x) { return (uint8_t)encode_f64(&FMT_E5M2FNUZ, x, 1); }

float nnx_fp4e2m1_to_f32(uint8_t bits) { return decode_narrow(&FMT_E2M1, bits & 0xFu); }

/* NaN has no E2M1 pattern: +6 whatever its sign (ONNX's float4 rule). */
uint8_t nnx_f64_to_fp4e2m1(double x) { return x != x ? 0x7u : (uint8_t)encode_f64(&FMT_E2M1, x, 1); }

float nnx_fp8e8m0_to_f32(uint8_t bits)
{
    if (bits == 0xFFu)
        return f32_from_bits(0x7FC00000u);
    /* 2^(bits - 127): the binary32 exponent field is bits itself; 2^-127
     * (bits 0) is the binary32 subnormal with fraction bit 22. */
    return f32_from_bits(bits ? (uint32_t)bits << 23 : 0x00400000u);
}

uint8_t nnx_f64_to_fp8e8m0(double x, nnx_e8m0_rounding mode, int saturate)
{
    uint8_t out_of_range_high = saturate ? 0xFEu : 0xFFu, out_of_range_low = saturate ? 0x00u : 0xFFu;
    if (x != x)
        return 0xFFu;
    double a = x < 0 ? -x : x; /* negative values are unspecified: the magnitude's code */
    if (a == 0)
        return out_of_range_low;
    if (a > 0x1.fffffffffffffp+1023)
        return out_of_range_high;
    /* a = m * 2^k with 1 <= m < 2, read from the bits so nothing rounds */
    uint64_t b;
    memcpy(&b, &a, sizeof b);
    int field = (int)(b >> 52);
    uint64_t frac = b & ((UINT64_C(1) << 52) - 1);
    int k;
    if (field) {
        k = field - 1023;
    } else { /* subnormal: normalise the fraction */
        int lz = leading_zeros64(frac) - 11;
        k = -1022 - lz;
        frac = (frac << lz) & ((UINT64_C(1) << 52) - 1);
    }
    if (mode == NNX_E8M0_ROUND_UP)
        k += frac != 0;
    else if (mode == NNX_E8M0_ROUND_NEAREST)
        k += frac >= (UINT64_C(1) << 51); /* m >= 1.5: the upper power is nearer, or tied */
    if (k > 127)
        return out_of_range_high;
    if (k < -127)
        return out_of_range_low;
    return (uint8_t)(k + 127);
}
