/* int_ref.c — C transcriptions of the TOSA 1.0 integer pseudocode (TOSA 1.0 operators, §4.5.1)
 * for the compliance runner, written from the spec text and independent of src/ops/tosa*.c.
 * Each function returns false when a REQUIRE fails (the result is unpredictable: any
 * output is accepted) and stores the predictable result otherwise. */
#include "int_ref.h"

static int64_t smin(nnx_dtype t)
{
    switch (t) {
    case NNX_INT8: return INT8_MIN;
    case NNX_INT16: return INT16_MIN;
    case NNX_INT48: return -(INT64_C(1) << 47);
    default: return INT32_MIN;
    }
}
static int64_t smax(nnx_dtype t)
{
    switch (t) {
    case NNX_INT8: return INT8_MAX;
    case NNX_INT16: return INT16_MAX;
    case NNX_INT48: return (INT64_C(1) << 47) - 1;
    default: return INT32_MAX;
    }
}
static int width(nnx_dtype t) { return t == NNX_INT8 ? 8 : t == NNX_INT16 ? 16 : t == NNX_INT48 ? 48 : 32; }
static int64_t clip(int64_t v, int64_t lo, int64_t hi) { return v < lo ? lo : v > hi ? hi : v; }
/* static_cast / truncate to the type's width, sign-extended back. */
static int64_t wrap(nnx_dtype t, int64_t v)
{
    int w = width(t);
    uint64_t m = w == 64 ? ~UINT64_C(0) : (UINT64_C(1) << w) - 1, u = (uint64_t)v & m;
    return (u >> (w - 1)) & 1 ? (int64_t)(u | ~m) : (int64_t)u;
}

int64_t tcr_min(nnx_dtype t) { return smin(t); }
int64_t tcr_max(nnx_dtype t) { return smax(t); }

bool tcr_apply_scale_32(int64_t value, int32_t multiplier, int shift, bool double_round, int32_t *out)
{
    if (multiplier < 0 || shift < 2 || shift > 62)
        return false;
    if (value < -(INT64_C(1) << (shift - 1)) || value >= (INT64_C(1) << (shift - 1)))
        return false;
    if (value < INT32_MIN || value > INT32_MAX) /* the argument is an int32_t */
        return false;
    int64_t round = INT64_C(1) << (shift - 1);
    if (double_round) {
        if (shift > 31 && value >= 0)
            round += INT64_C(1) << 30;
        if (shift > 31 && value < 0)
            round -= INT64_C(1) << 30;
    }
    int64_t result = (value * multiplier + round) >> shift; /* |value * m| < 2^62 */
    *out = (int32_t)result;
    return true;
}

bool tcr_apply_scale_16(int64_t value, int32_t multiplier, int shift, int32_t *out)
{
    if (multiplier < 0 || multiplier > INT16_MAX || shift < 2 || shift > 62)
        return false;
    int64_t round = INT64_C(1) << (shift - 1);
    __int128 result = ((__int128)value * multiplier + round) >> shift; /* int48 * int16 fits */
    if (result < INT32_MIN || result > INT32_MAX)
        return false;
    *out = (int32_t)result;
    return true;
}

void tcr_reciprocal_scale(uint32_t value, int32_t *multiplier, int *shift)
{
    int clz = 0;
    for (uint32_t v = value - 1; clz < 32 && !(v & 0x80000000u); v <<= 1)
        clz++;
    int k = 32 - clz;
    int64_t numerator = ((INT64_C(1) << 30) + 1) << k;
    *multiplier = (int32_t)(numerator / value);
    *shift = 30 + k;
}

bool tcr_lookup_i16(const int16_t *table, int32_t value, int32_t *out)
{
    int32_t clipped = (int32_t)clip(value, -32768, 32767);
    int32_t index = (clipped + 32768) >> 7, fraction = clipped & 0x7f;
    int32_t base = table[index], next = table[index + 1], slope = next - base;
    if (slope < INT16_MIN || slope > INT16_MAX)
        return false;
    *out = base * 128 + slope * fraction; /* base << 7 */
    return true;
}

bool tcr_mul(nnx_dtype in_t, int64_t a, int64_t b, int shift, int64_t *out)
{
    if (shift < 0 || shift > 63 || (in_t != NNX_INT32 && shift != 0))
        return false;
    if (in_t == NNX_INT32 && shift > 0) {
        __int128 product = (__int128)a * b + ((__int128)1 << (shift - 1));
        product >>= shift;
        if (product < INT32_MIN || product > INT32_MAX)
            return false;
        *out = (int64_t)product;
        return true;
    }
    *out = wrap(NNX_INT32, (int64_t)((uint64_t)a * (uint64_t)b)); /* out_t is i32 */
    return true;
}

static bool shift_ok(nnx_dtype t, int64_t s) { return s >= 0 && s < width(t); }

bool tcr_arith_rshift(nnx_dtype t, int64_t a, int64_t s, bool round, int64_t *out)
{
    if (!shift_ok(t, s))
        return false;
    int64_t result = a >> s; /* arithmetic on int64 (implementation-defined in C, arithmetic on gcc/clang) */
    if (round && s > 0 && ((a >> (s - 1)) & 1))
        result += 1;
    *out = wrap(t, result);
    return true;
}

bool tcr_logical_lshift(nnx_dtype t, int64_t a, int64_t s, int64_t *out)
{
    if (!shift_ok(t, s))
        return false;
    *out = wrap(t, (int64_t)((uint64_t)a << s));
    return true;
}

bool tcr_logical_rshift(nnx_dtype t, int64_t a, int64_t s, int64_t *out)
{
    if (!shift_ok(t, s))
        return false;
    uint64_t mask = (UINT64_C(1) << width(t)) - 1; /* zero_extend from the type's width */
    *out = wrap(t, (int64_t)(((uint64_t)a & mask) >> s));
    return true;
}

int64_t tcr_clz(int64_t a)
{
    uint32_t v = (uint32_t)a;
    int64_t n = 0;
    for (uint32_t mask = 0x80000000u; mask && !(v & mask); mask >>= 1)
        n++;
    return n;
}

bool tcr_intdiv(int64_t a, int64_t b, int64_t *out)
{
    if (b == 0)
        return false;
    int64_t c = a / b;
    if (c < INT32_MIN || c > INT32_MAX)
        return false;
    *out = c;
    return true;
}

bool tcr_add_sub(nnx_dtype t, int64_t a, int64_t b, bool sub, int64_t *out)
{
    int64_t c = sub ? a - b : a + b;
    if (c < smin(t) || c > smax(t))
        return false;
    *out = c;
    return true;
}

bool tcr_negate(nnx_dtype t, int64_t x, int64_t izp, int64_t ozp, int64_t *out)
{
    /* acc_t is i32: each apply_*_s REQUIREs the i32 range */
    int64_t v = x - izp;
    if (v < INT32_MIN || v > INT32_MAX || -v > INT32_MAX)
        return false;
    v = -v + ozp;
    if (v < INT32_MIN || v > INT32_MAX)
        return false;
    *out = clip(v, smin(t), smax(t));
    return true;
}

int64_t tcr_clamp(int64_t x, int64_t lo, int64_t hi) { return clip(x, lo, hi); }

bool tcr_rescale(const tcr_rescale_args *a, int64_t in, int c, int64_t *out)
{
    int64_t value, in_zp;
    if (a->input_unsigned) {
        uint64_t m = (UINT64_C(1) << width(a->in_t)) - 1;
        value = (int64_t)((uint64_t)in & m);
        in_zp = (int64_t)((uint64_t)a->input_zp & m);
    } else {
        value = in;
        in_zp = a->input_zp;
    }
    value -= in_zp;
    int32_t result;
    bool ok = a->scale32 ? tcr_apply_scale_32(value, a->multiplier[c], a->shift[c], a->double_round, &result)
                         : tcr_apply_scale_16(value, a->multiplier[c], a->shift[c], &result);
    if (!ok)
        return false;
    int64_t r;
    if (a->output_unsigned) {
        uint64_t m = (UINT64_C(1) << width(a->out_t)) - 1;
        r = (int64_t)result + (int64_t)((uint64_t)a->output_zp & m);
        if (r < INT32_MIN || r > INT32_MAX)
            return false;
        r = clip(r, 0, (int64_t)m);
        *out = wrap(a->out_t, r); /* the unsigned bit pattern in the signless type */
    } else {
        r = (int64_t)result + a->output_zp;
        if (r < INT32_MIN || r > INT32_MAX)
            return false;
        *out = clip(r, smin(a->out_t), smax(a->out_t));
    }
    return true;
}
