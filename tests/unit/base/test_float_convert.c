/* test_float_convert.c - exhaustive cmocka tests for src/base/float_convert.
 * Every result is compared with an independent computation: ldexp-based
 * decoding, nearest-even search over value tables in exact double
 * arithmetic, and the compiler's _Float16 conversions where available.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/float_convert.h"

/* gcc (x86-64) provides _Float16 with correctly rounded conversions;
 * clang 14 on x86-64 rejects the type, so those checks are compiled out
 * there and the table references carry the whole load. */
#if defined(__FLT16_MAX__)
#define HAVE_FLOAT16 1
#else
#define HAVE_FLOAT16 0
#endif

/* ------------------------------------------------------------------ */
/* Bit helpers and the fixed-seed generator                            */

static float f32_bits(uint32_t b)
{
    float x;
    memcpy(&x, &b, sizeof x);
    return x;
}

static uint32_t bits_f32(float x)
{
    uint32_t b;
    memcpy(&b, &x, sizeof b);
    return b;
}

static double f64_bits(uint64_t b)
{
    double x;
    memcpy(&x, &b, sizeof x);
    return x;
}

/* xorshift64; fixed seed so failures reproduce. */
static uint64_t rng_next(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* ------------------------------------------------------------------ */
/* Format descriptions written from the specs (not from the library)   */

typedef struct tfmt {
    const char *name;
    int mbits, bias;
    int has_inf;         /* all-ones exponent = inf / NaN (IEEE style) */
    uint32_t sign;       /* sign bit */
    uint32_t max_finite; /* largest finite magnitude code */
    uint32_t overflow;   /* code for overflow and +-inf (NaN for E4M3) */
    int exact_nan;       /* NaN input must give exactly qnan (fp8) */
    uint32_t qnan;
    float (*dec)(uint32_t);
    uint32_t (*enc32)(float);
    uint32_t (*enc64)(double);
    /* vals[c] = exact value of magnitude code c for c <= max_finite, and
     * vals[max_finite + 1] = the next value with an unbounded exponent. */
    double *vals;
    /* fp8 only: signed value of every full code as a rounding candidate
     * (cand_ok 0 for NaN/inf codes), cached for the brute-force search. */
    double cand[256];
    int cand_ok[256];
} tfmt;

static float dec_f16(uint32_t b) { return nnx_f16_to_f32((uint16_t)b); }
static float dec_bf16(uint32_t b) { return nnx_bf16_to_f32((uint16_t)b); }
static float dec_e4m3(uint32_t b) { return nnx_fp8e4m3_to_f32((uint8_t)b); }
static float dec_e5m2(uint32_t b) { return nnx_fp8e5m2_to_f32((uint8_t)b); }
static uint32_t e32_f16(float x) { return nnx_f32_to_f16(x); }
static uint32_t e32_bf16(float x) { return nnx_f32_to_bf16(x); }
static uint32_t e32_e4m3(float x) { return nnx_f32_to_fp8e4m3(x); }
static uint32_t e32_e5m2(float x) { return nnx_f32_to_fp8e5m2(x); }
static uint32_t e64_f16(double x) { return nnx_f64_to_f16(x); }
static uint32_t e64_bf16(double x) { return nnx_f64_to_bf16(x); }
static uint32_t e64_e4m3(double x) { return nnx_f64_to_fp8e4m3(x); }
static uint32_t e64_e5m2(double x) { return nnx_f64_to_fp8e5m2(x); }

static tfmt F16 = {"f16", 10, 15, 1, 0x8000u, 0x7BFFu, 0x7C00u, 0, 0, dec_f16, e32_f16, e64_f16, NULL, {0}, {0}};
static tfmt BF16 = {"bf16", 7, 127, 1, 0x8000u, 0x7F7Fu, 0x7F80u, 0, 0, dec_bf16, e32_bf16, e64_bf16, NULL, {0}, {0}};
static tfmt E4M3 = {"e4m3", 3, 7, 0, 0x80u, 0x7Eu, 0x7Fu, 1, 0x7Fu, dec_e4m3, e32_e4m3, e64_e4m3, NULL, {0}, {0}};
static tfmt E5M2 = {"e5m2", 2, 15, 1, 0x80u, 0x7Bu, 0x7Cu, 1, 0x7Eu, dec_e5m2, e32_e5m2, e64_e5m2, NULL, {0}, {0}};

static uint32_t mag_of(const tfmt *f, uint32_t b) { return b & (f->sign - 1); }
static uint32_t field_of(const tfmt *f, uint32_t mag) { return mag >> f->mbits; }
static uint32_t frac_of(const tfmt *f, uint32_t mag) { return mag & ((1u << f->mbits) - 1); }
static uint32_t field_ones(const tfmt *f) { return (f->sign - 1) >> f->mbits; }

/* NaN patterns, spelled out: E4M3 has exactly S.1111.111; the IEEE-style
 * formats have an all-ones exponent with a nonzero fraction. */
static int is_nan_pattern(const tfmt *f, uint32_t bits)
{
    uint32_t mag = mag_of(f, bits);
    if (!f->has_inf)
        return mag == 0x7Fu;
    return field_of(f, mag) == field_ones(f) && frac_of(f, mag) != 0;
}

static int is_inf_pattern(const tfmt *f, uint32_t bits)
{
    uint32_t mag = mag_of(f, bits);
    return f->has_inf && field_of(f, mag) == field_ones(f) && frac_of(f, mag) == 0;
}

/* Textbook value of a magnitude code, ignoring special encodings:
 * subnormal m * 2^(1 - bias - mbits), normal 2^(e - bias) * (1 + m/2^mbits). */
static double ref_value_unbounded(const tfmt *f, uint32_t mag)
{
    uint32_t e = field_of(f, mag), m = frac_of(f, mag);
    if (e == 0)
        return ldexp((double)m, 1 - f->bias - f->mbits);
    return ldexp(1.0 + ldexp((double)m, -f->mbits), (int)e - f->bias);
}

/* Exact value of any pattern, NaN (with sign) for NaN patterns. */
static double ref_decode(const tfmt *f, uint32_t bits)
{
    double s = (bits & f->sign) ? -1.0 : 1.0;
    if (is_nan_pattern(f, bits))
        return copysign(NAN, s);
    if (is_inf_pattern(f, bits))
        return s * INFINITY;
    return s * ref_value_unbounded(f, mag_of(f, bits));
}

/* ------------------------------------------------------------------ */
/* Reference encoders: nearest-even search in exact double arithmetic  */

/* Picks between neighbours lo < hi (magnitude codes) for a >= 0. The
 * midpoint of two table values is exact in double (<= 25 significant bits). */
static uint32_t pick_nearest_even(const tfmt *f, double a, uint32_t lo, uint32_t hi)
{
    double mid = (f->vals[lo] + f->vals[hi]) / 2;
    if (a < mid)
        return lo;
    if (a > mid)
        return hi;
    return (lo & 1u) ? hi : lo;
}

/* 16-bit formats: binary search for the bracketing table values. */
static uint32_t ref_mag_bsearch(const tfmt *f, double a)
{
    uint32_t lo = 0, hi = f->max_finite + 1; /* vals[lo] <= a < vals[hi] */
    if (a >= f->vals[hi])
        return hi; /* beyond the first value past max: overflow */
    while (hi - lo > 1) {
        uint32_t m = lo + (hi - lo) / 2;
        if (f->vals[m] <= a)
            lo = m;
        else
            hi = m;
    }
    return pick_nearest_even(f, a, lo, hi);
}

/* Candidate value of a full 8-bit code, or 0 if the code is no candidate.
 * Codes one past max finite stand for the unbounded-exponent next value. */
static int brute_candidate(const tfmt *f, uint32_t code, double *v)
{
    uint32_t mag = mag_of(f, code);
    double s = (code & f->sign) ? -1.0 : 1.0;
    if (mag == f->max_finite + 1) {
        *v = s * f->vals[mag];
        return 1;
    }
    if (is_nan_pattern(f, code) || is_inf_pattern(f, code))
        return 0;
    *v = ref_decode(f, code);
    return 1;
}

/* True if candidate (c, vc) beats (b, vb) as the rounding of x. */
static int brute_beats(const tfmt *f, double x, uint32_t c, double vc, uint32_t b, double vb)
{
    if (vc == vb) /* only +0 / -0: keep the sign of x */
        return ((c & f->sign) != 0) == (signbit(x) != 0);
    double mid = (vb + vc) / 2; /* exact for fp8 values */
    if (x == mid)               /* tie: the even code wins (neighbours differ in parity) */
        return (c & 1u) == 0 && (b & 1u) != 0;
    return (x < mid) == (vc < vb);
}

/* fp8: brute-force nearest-even over all 256 patterns (full code). */
static uint32_t ref_code_brute(const tfmt *f, double x)
{
    uint32_t best = 0;
    double vbest = 0;
    int have = 0;
    for (uint32_t c = 0; c < 256; ++c) {
        double v = f->cand[c];
        if (!f->cand_ok[c])
            continue;
        if (!have || brute_beats(f, x, c, v, best, vbest)) {
            best = c;
            vbest = v;
            have = 1;
        }
    }
    return best;
}

/* Reference encoding of a non-NaN x (sign included). */
static uint32_t ref_encode(const tfmt *f, double x)
{
    uint32_t sign = signbit(x) ? f->sign : 0;
    uint32_t code;
    if (isinf(x))
        return sign | f->overflow;
    if (f->sign == 0x80u)
        code = ref_code_brute(f, x);
    else
        code = sign | ref_mag_bsearch(f, fabs(x));
    if (mag_of(f, code) > f->max_finite)
        return (code & f->sign) | f->overflow;
    return code;
}

/* Fails unless got is the correct encoding of x (path names the API). */
static void check_enc(const tfmt *f, double x, uint32_t got, const char *path)
{
    uint32_t sign = signbit(x) ? f->sign : 0;
    if (isnan(x)) {
        int ok = is_nan_pattern(f, got) && (got & f->sign) == sign && (!f->exact_nan || mag_of(f, got) == f->qnan);
        if (!ok)
            fail_msg("%s %s(NaN sign %u) -> 0x%X is not the expected NaN", f->name, path, sign != 0, (unsigned)got);
        return;
    }
    uint32_t want = ref_encode(f, x);
    if (got != want)
        fail_msg("%s %s(%a) -> 0x%X, want 0x%X", f->name, path, x, (unsigned)got, (unsigned)want);
}

/* Checks both encoders on a float input (the f64 one on the exact double). */
static void check_both_f(const tfmt *f, float x)
{
    check_enc(f, (double)x, f->enc32(x), "enc32");
    check_enc(f, (double)x, f->enc64((double)x), "enc64");
}

/* ------------------------------------------------------------------ */
/* Compiler _Float16 reference (gcc)                                   */

#if HAVE_FLOAT16
static uint16_t cc_f16_from_double(double x)
{
    _Float16 h = (_Float16)x;
    uint16_t b;
    memcpy(&b, &h, sizeof b);
    return b;
}

static uint16_t cc_f16_from_float(float x)
{
    _Float16 h = (_Float16)x;
    uint16_t b;
    memcpy(&b, &h, sizeof b);
    return b;
}

static float cc_f16_decode(uint16_t bits)
{
    _Float16 h;
    memcpy(&h, &bits, sizeof h);
    return (float)h;
}

/* Compares both library encoders with the compiler on a non-NaN value. */
static void check_f16_cc_d(double x)
{
    uint16_t want = cc_f16_from_double(x), got = nnx_f64_to_f16(x);
    if (got != want)
        fail_msg("f64_to_f16(%a) -> 0x%04X, _Float16 0x%04X", x, got, want);
}

static void check_f16_cc_f(float x)
{
    uint16_t want = cc_f16_from_float(x), got = nnx_f32_to_f16(x);
    if (got != want)
        fail_msg("f32_to_f16(%a) -> 0x%04X, _Float16 0x%04X", (double)x, got, want);
}
#endif

/* ------------------------------------------------------------------ */
/* Table setup                                                         */

static int build_table(tfmt *f)
{
    uint32_t n = f->max_finite + 2;
    f->vals = malloc(n * sizeof *f->vals);
    if (f->vals == NULL)
        return -1;
    for (uint32_t c = 0; c < n; ++c) {
        f->vals[c] = ref_value_unbounded(f, c);
        if (c > 0 && !(f->vals[c] > f->vals[c - 1]))
            return -1; /* codes must be strictly increasing in value */
    }
    for (uint32_t c = 0; c < 256 && f->sign == 0x80u; ++c)
        f->cand_ok[c] = brute_candidate(f, c, &f->cand[c]);
    return 0;
}

static int group_setup(void **state)
{
    (void)state;
    if (build_table(&F16) || build_table(&BF16) || build_table(&E4M3) || build_table(&E5M2))
        return -1;
    return 0;
}

static int group_teardown(void **state)
{
    (void)state;
    free(F16.vals);
    free(BF16.vals);
    free(E4M3.vals);
    free(E5M2.vals);
    return 0;
}

/* ------------------------------------------------------------------ */
/* Generic exhaustive sweeps                                           */

static uint32_t pattern_count(const tfmt *f) { return f->sign << 1; }

/* Every pattern decodes to exactly its ldexp-formula value. */
static void sweep_decode(const tfmt *f)
{
    for (uint32_t b = 0; b < pattern_count(f); ++b) {
        float got = f->dec(b);
        double want = ref_decode(f, b);
        int ok = isnan(want) ? isnan(got) && !signbit(got) == !signbit(want)
                             : (double)got == want && !signbit(got) == !signbit(want);
        if (!ok)
            fail_msg("%s decode(0x%X) = %a, want %a", f->name, (unsigned)b, (double)got, want);
    }
}

/* Every decoded pattern encodes back to itself (NaN: the NaN rules). */
static void sweep_roundtrip(const tfmt *f)
{
    for (uint32_t b = 0; b < pattern_count(f); ++b) {
        float v = f->dec(b);
        uint32_t g32 = f->enc32(v), g64 = f->enc64((double)v);
        if (is_nan_pattern(f, b)) {
            check_enc(f, (double)v, g32, "enc32");
            check_enc(f, (double)v, g64, "enc64");
        } else if (g32 != b || g64 != b) {
            fail_msg("%s roundtrip 0x%X -> enc32 0x%X enc64 0x%X", f->name, (unsigned)b, (unsigned)g32, (unsigned)g64);
        }
    }
}

/* Midpoint of neighbours c, c+1 (c+1 may be the overflow value) with sign s,
 * probed exactly and one double ulp either side, plus the float midpoint
 * (exact: <= 25 significant bits) and one float ulp either side. */
static void probe_midpoint(const tfmt *f, uint32_t c, double s)
{
    double m = s * (f->vals[c] + f->vals[c + 1]) / 2;
    double pd[3] = {m, nextafter(m, -INFINITY), nextafter(m, INFINITY)};
    for (int i = 0; i < 3; ++i)
        check_enc(f, pd[i], f->enc64(pd[i]), "enc64");
    float mf = (float)m;
    if ((double)mf != m)
        fail_msg("%s midpoint %a not exact in float", f->name, m);
    float pf[3] = {mf, nextafterf(mf, -INFINITY), nextafterf(mf, INFINITY)};
    for (int i = 0; i < 3; ++i)
        check_both_f(f, pf[i]);
#if HAVE_FLOAT16
    if (f == &F16) {
        for (int i = 0; i < 3; ++i) {
            check_f16_cc_d(pd[i]);
            check_f16_cc_f(pf[i]);
        }
    }
#endif
}

static void sweep_midpoints(const tfmt *f)
{
    for (uint32_t c = 0; c <= f->max_finite; ++c) {
        probe_midpoint(f, c, 1.0);
        probe_midpoint(f, c, -1.0);
    }
}

/* Random double: a full 64-bit pattern, a random value over the format's
 * range, or a value a few ulps from a random midpoint. */
static double random_double(const tfmt *f, uint64_t *s, int kind)
{
    uint64_t r = rng_next(s);
    double sgn = (r >> 63) ? -1.0 : 1.0;
    if (kind == 0)
        return f64_bits(r);
    if (kind == 1) {
        int lo = 1 - f->bias - f->mbits - 4, hi = (int)field_ones(f) - f->bias + 1;
        int e = lo + (int)((r >> 52) % (uint64_t)(hi - lo + 1));
        double frac = ldexp((double)(r & ((UINT64_C(1) << 52) - 1)), -52);
        return sgn * ldexp(1.0 + frac, e);
    }
    uint32_t c = (uint32_t)((r >> 8) % (f->max_finite + 1));
    double x = sgn * (f->vals[c] + f->vals[c + 1]) / 2;
    int k = (int)(r & 7) - 3;
    for (; k < 0; ++k)
        x = nextafter(x, -INFINITY);
    for (; k > 0; --k)
        x = nextafter(x, INFINITY);
    return x;
}

static void sweep_random(const tfmt *f, int n)
{
    uint64_t s = UINT64_C(0x9E3779B97F4A7C15);
    for (int i = 0; i < n; ++i) {
        double x = random_double(f, &s, i % 3);
        float xf = f32_bits((uint32_t)rng_next(&s));
        check_enc(f, x, f->enc64(x), "enc64");
        check_both_f(f, (float)x);
        check_both_f(f, xf);
#if HAVE_FLOAT16
        if (f == &F16 && !isnan(x) && !isnan(xf)) {
            check_f16_cc_d(x);
            check_f16_cc_f((float)x);
            check_f16_cc_f(xf);
        }
#endif
    }
}

/* Hand-worked encodings, checked against the library (both paths when the
 * value is a float), and against the reference to pin the reference too. */
typedef struct enc_case {
    double x;
    uint32_t want;
} enc_case;

static void check_cases(const tfmt *f, const enc_case *cs, size_t n)
{
    for (size_t i = 0; i < n; ++i) {
        double x = cs[i].x;
        if (!isnan(x) && ref_encode(f, x) != cs[i].want)
            fail_msg("%s case %zu: reference gives 0x%X for %a, want 0x%X", f->name, i, (unsigned)ref_encode(f, x), x,
                     (unsigned)cs[i].want);
        uint32_t got = f->enc64(x);
        if (got != cs[i].want)
            fail_msg("%s case %zu: enc64(%a) -> 0x%X, want 0x%X", f->name, i, x, (unsigned)got, (unsigned)cs[i].want);
        if ((double)(float)x == x || isnan(x)) {
            got = f->enc32((float)x);
            if (got != cs[i].want)
                fail_msg("%s case %zu: enc32(%a) -> 0x%X, want 0x%X", f->name, i, x, (unsigned)got,
                         (unsigned)cs[i].want);
        }
    }
}

/* NaN inputs whose payload sits only in low bits (naive truncation would
 * produce inf), both signs, float and double, quiet and signalling. */
static void check_nan_inputs(const tfmt *f)
{
    static const uint32_t fn[] = {0x7FC00000u, 0x7F800001u, 0x7FFFFFFFu, 0x7F801FFFu, 0x7FA00000u};
    static const uint64_t dn[] = {UINT64_C(0x7FF8000000000000), UINT64_C(0x7FF0000000000001),
                                  UINT64_C(0x7FFFFFFFFFFFFFFF), UINT64_C(0x7FF00000FFFFFFFF)};
    for (size_t i = 0; i < sizeof fn / sizeof fn[0]; ++i) {
        for (uint32_t s = 0; s < 2; ++s) {
            float x = f32_bits(fn[i] | (s << 31));
            check_enc(f, (double)x, f->enc32(x), "enc32");
            check_enc(f, (double)x, f->enc64((double)x), "enc64");
        }
    }
    for (size_t i = 0; i < sizeof dn / sizeof dn[0]; ++i) {
        for (uint64_t s = 0; s < 2; ++s) {
            double x = f64_bits(dn[i] | (s << 63));
            check_enc(f, x, f->enc64(x), "enc64");
        }
    }
}

/* Signed zeros both ways and decoding of the zero patterns. */
static void check_signed_zero(const tfmt *f)
{
    assert_int_equal(f->enc32(0.0f), 0);
    assert_int_equal(f->enc32(-0.0f), f->sign);
    assert_int_equal(f->enc64(0.0), 0);
    assert_int_equal(f->enc64(-0.0), f->sign);
    float z = f->dec(0), nz = f->dec(f->sign);
    assert_true(z == 0.0f && !signbit(z));
    assert_true(nz == 0.0f && signbit(nz));
    /* Tiny values round to a zero of their own sign. */
    assert_int_equal(f->enc64(0x1p-1074), 0);
    assert_int_equal(f->enc64(-0x1p-1074), f->sign);
    assert_int_equal(f->enc32(-0x1p-149f), f->sign);
}

/* ------------------------------------------------------------------ */
/* float16                                                             */

static void test_f16_compiler_reference(void **state)
{
    (void)state;
#if HAVE_FLOAT16
    /* Verify the assumption that _Float16 conversions are correctly
     * rounded, on hand-worked cases (volatile keeps them at run time). */
    static const enc_case cs[] = {
        {65519.99, 0x7BFF},
        {65520.0, 0x7C00},
        {0x1p-25, 0x0000},
        {0x1p-25 * 1.0000001, 0x0001},
        {0x1p-24 * 1.5, 0x0002},
        {-0x1p-25, 0x8000},
        {1.0 + 0x1p-11 + 0x1p-40, 0x3C01},
    };
    for (size_t i = 0; i < sizeof cs / sizeof cs[0]; ++i) {
        volatile double x = cs[i].x;
        assert_int_equal(cc_f16_from_double(x), cs[i].want);
    }
    volatile float xf = 65520.0f;
    assert_int_equal(cc_f16_from_float(xf), 0x7C00);
    check_cases(&F16, cs, sizeof cs / sizeof cs[0]);
#else
    skip(); /* no _Float16 on this compiler/target */
#endif
}

static void test_f16_decode_all(void **state)
{
    (void)state;
    sweep_decode(&F16);
#if HAVE_FLOAT16
    for (uint32_t b = 0; b < 0x10000u; ++b) {
        float got = nnx_f16_to_f32((uint16_t)b), want = cc_f16_decode((uint16_t)b);
        int ok = isnan(want) ? isnan(got) && !signbit(got) == !signbit(want) : bits_f32(got) == bits_f32(want);
        if (!ok)
            fail_msg("f16 decode(0x%04X) = %a, _Float16 %a", (unsigned)b, (double)got, (double)want);
    }
#endif
}

static void test_f16_roundtrip_all(void **state)
{
    (void)state;
    sweep_roundtrip(&F16);
}

static void test_f16_midpoints(void **state)
{
    (void)state;
    sweep_midpoints(&F16);
}

static void test_f16_specials(void **state)
{
    (void)state;
    static const enc_case cs[] = {
        {INFINITY, 0x7C00},
        {-INFINITY, 0xFC00},
        {65504.0, 0x7BFF},
        {65519.99, 0x7BFF},
        {65520.0, 0x7C00},
        {-65520.0, 0xFC00},
        {1e300, 0x7C00},
        {-1e300, 0xFC00},
        {100000.0, 0x7C00},
        {-131071.0, 0xFC00}, /* top binade */
        {0x1p-24, 0x0001},
        {0x1p-25, 0x0000},
        {-0x1p-25, 0x8000},
        {0x1p-25 * 1.0000001, 0x0001},
        {0x1p-24 * 1.5, 0x0002},
        {0x1p-14, 0x0400},
        {0x1p-14 - 0x1p-24, 0x03FF},
        /* tie between max subnormal (odd) and min normal: rounds up */
        {0x1p-14 - 0x1p-25, 0x0400},
        {0x1p-14 - 0x1p-25 - 0x1p-60, 0x03FF},
        {1.0, 0x3C00},
        {-2.0, 0xC000},
        {1.0 + 0x1p-11, 0x3C00},
        {1.0 + 3 * 0x1p-11, 0x3C02},
    };
    check_cases(&F16, cs, sizeof cs / sizeof cs[0]);
    check_nan_inputs(&F16);
    check_signed_zero(&F16);
    assert_true(isinf(nnx_f16_to_f32(0x7C00)) && nnx_f16_to_f32(0x7C00) > 0);
    assert_true(isinf(nnx_f16_to_f32(0xFC00)) && nnx_f16_to_f32(0xFC00) < 0);
    assert_true(isnan(nnx_f16_to_f32(0x7C01)) && !signbit(nnx_f16_to_f32(0x7C01)));
    assert_true(isnan(nnx_f16_to_f32(0xFE00)) && signbit(nnx_f16_to_f32(0xFE00)));
}

/* ------------------------------------------------------------------ */
/* bfloat16                                                            */

static void test_bf16_decode_all(void **state)
{
    (void)state;
    sweep_decode(&BF16);
    /* bf16 is the upper half of binary32: compare with that float. */
    for (uint32_t b = 0; b < 0x10000u; ++b) {
        float got = nnx_bf16_to_f32((uint16_t)b), want = f32_bits(b << 16);
        int ok = isnan(want) ? isnan(got) && !signbit(got) == !signbit(want) : bits_f32(got) == bits_f32(want);
        if (!ok)
            fail_msg("bf16 decode(0x%04X) = %a, want %a", (unsigned)b, (double)got, (double)want);
    }
}

static void test_bf16_roundtrip_all(void **state)
{
    (void)state;
    sweep_roundtrip(&BF16);
}

static void test_bf16_midpoints(void **state)
{
    (void)state;
    sweep_midpoints(&BF16);
}

static void test_bf16_specials(void **state)
{
    (void)state;
    static const enc_case cs[] = {
        {INFINITY, 0x7F80},
        {-INFINITY, 0xFF80},
        {0x1.FEp127, 0x7F7F}, /* max finite */
        {0x1.FEFFFEp127, 0x7F7F},
        {0x1.FFp127, 0x7F80}, /* tie -> inf */
        {-0x1.FFp127, 0xFF80},
        {1e300, 0x7F80},
        {0x1.8p128, 0x7F80},
        {0x1p-133, 0x0001},
        {0x1p-134, 0x0000},
        {-0x1p-134, 0x8000},
        {0x1.000002p-134, 0x0001},
        {0x3p-134, 0x0002},
        {0x1p-149, 0x0000}, /* smallest float subnormal */
        {0x1.FCp-127, 0x007F},
        {0x1.FEp-127, 0x0080}, /* up to min normal */
        {0x1.FFFFFCp-127, 0x0080},
        {0x1p-126, 0x0080},
        {1.0 + 0x1p-8, 0x3F80},
        {1.0 + 3 * 0x1p-8, 0x3F82},
        {1.0 + 0x1p-8 + 0x1p-23, 0x3F81},
        {-1.0, 0xBF80},
    };
    check_cases(&BF16, cs, sizeof cs / sizeof cs[0]);
    check_nan_inputs(&BF16);
    check_signed_zero(&BF16);
}

/* ------------------------------------------------------------------ */
/* fp8 E4M3 / E5M2                                                     */

static void test_fp8_decode_all(void **state)
{
    (void)state;
    sweep_decode(&E4M3);
    sweep_decode(&E5M2);
    /* Spot values straight from the OCP tables. */
    assert_true(nnx_fp8e4m3_to_f32(0x7E) == 448.0f);
    assert_true(nnx_fp8e4m3_to_f32(0x01) == 0x1p-9f);
    assert_true(nnx_fp8e4m3_to_f32(0x08) == 0x1p-6f);
    assert_true(nnx_fp8e4m3_to_f32(0x78) == 256.0f); /* 0.1111.000 is finite */
    assert_true(isnan(nnx_fp8e4m3_to_f32(0x7F)) && !signbit(nnx_fp8e4m3_to_f32(0x7F)));
    assert_true(isnan(nnx_fp8e4m3_to_f32(0xFF)) && signbit(nnx_fp8e4m3_to_f32(0xFF)));
    assert_true(nnx_fp8e5m2_to_f32(0x7B) == 57344.0f);
    assert_true(nnx_fp8e5m2_to_f32(0x01) == 0x1p-16f);
    assert_true(nnx_fp8e5m2_to_f32(0x7C) == INFINITY);
    assert_true(nnx_fp8e5m2_to_f32(0xFC) == -INFINITY);
    for (uint32_t b = 0x7D; b <= 0x7F; ++b) {
        assert_true(isnan(nnx_fp8e5m2_to_f32((uint8_t)b)));
        assert_true(signbit(nnx_fp8e5m2_to_f32((uint8_t)(b | 0x80))));
    }
}

static void test_fp8_roundtrip_all(void **state)
{
    (void)state;
    sweep_roundtrip(&E4M3);
    sweep_roundtrip(&E5M2);
}

static void test_fp8_midpoints(void **state)
{
    (void)state;
    sweep_midpoints(&E4M3);
    sweep_midpoints(&E5M2);
}

static void test_e4m3_specials(void **state)
{
    (void)state;
    static const enc_case cs[] = {
        {448.0, 0x7E},
        {464.0, 0x7E},
        {-464.0, 0xFE}, /* tie to even */
        {464.0001, 0x7F},
        {465.0, 0x7F},
        {-465.0, 0xFF},
        {480.0, 0x7F},
        {500.0, 0x7F},
        {-511.9, 0xFF},
        {1e6, 0x7F},
        {INFINITY, 0x7F},
        {-INFINITY, 0xFF},
        {0x1p-9, 0x01},
        {-0x1p-9, 0x81},
        {0x1p-10, 0x00},
        {-0x1p-10, 0x80}, /* tie to zero */
        {0x1p-10 * 1.0000001, 0x01},
        {3 * 0x1p-10, 0x02},
        {0x1p-6 - 0x1p-10, 0x08}, /* tie max subnormal/min normal */
        {1.0 + 0x1p-4, 0x38},
        {1.0 + 3 * 0x1p-4, 0x3A},
        {1.0, 0x38},
    };
    check_cases(&E4M3, cs, sizeof cs / sizeof cs[0]);
    check_nan_inputs(&E4M3);
    check_signed_zero(&E4M3);
    assert_int_equal(nnx_f32_to_fp8e4m3(NAN), 0x7F);
    assert_int_equal(nnx_f32_to_fp8e4m3(-NAN), 0xFF);
}

static void test_e5m2_specials(void **state)
{
    (void)state;
    static const enc_case cs[] = {
        {57344.0, 0x7B},
        {61439.0, 0x7B},
        {61440.0, 0x7C},
        {-61440.0, 0xFC},
        {100000.0, 0x7C},
        {-131071.0, 0xFC},
        {1e6, 0x7C},
        {INFINITY, 0x7C},
        {-INFINITY, 0xFC},
        {0x1p-16, 0x01},
        {-0x1p-16, 0x81},
        {0x1p-17, 0x00},
        {-0x1p-17, 0x80}, /* tie to zero */
        {0x1p-17 * 1.0000001, 0x01},
        {3 * 0x1p-17, 0x02},
        {0x1p-14 - 0x1p-17, 0x04}, /* tie max subnormal/min normal */
        {1.0 + 0x1p-3, 0x3C},
        {1.0 + 3 * 0x1p-3, 0x3E},
        {1.0, 0x3C},
    };
    check_cases(&E5M2, cs, sizeof cs / sizeof cs[0]);
    check_nan_inputs(&E5M2);
    check_signed_zero(&E5M2);
    assert_int_equal(nnx_f32_to_fp8e5m2(NAN), 0x7E);
    assert_int_equal(nnx_f32_to_fp8e5m2(-NAN), 0xFE);
}

/* ------------------------------------------------------------------ */
/* f64 variants: single rounding, random sweeps                        */

/* x lies just off a tie; rounding it to float first lands exactly on the
 * tie, which then goes the other way. want_direct is the correct result,
 * want_via_float the double-rounded one (so the hazard is real). */
typedef struct dr_case {
    tfmt *f;
    double x;
    uint32_t want_direct, want_via_float;
} dr_case;

static void test_f64_no_double_rounding(void **state)
{
    (void)state;
    const dr_case cs[] = {
        {&F16, 1.0 + 0x1p-11 + 0x1p-40, 0x3C01, 0x3C00},
        {&F16, 1.0 + 3 * 0x1p-11 - 0x1p-40, 0x3C01, 0x3C02},
        {&F16, 0x1p-25 + 0x1p-60, 0x0001, 0x0000},
        {&F16, 65520.0 - 0x1p-20, 0x7BFF, 0x7C00},
        {&BF16, 1.0 + 0x1p-8 + 0x1p-40, 0x3F81, 0x3F80},
        {&BF16, 0x1.FFp127 - 0x1p87, 0x7F7F, 0x7F80},
        {&BF16, 0x1p-134 + 0x1p-160, 0x0001, 0x0000},
        {&E4M3, 1.0 + 0x1p-4 + 0x1p-40, 0x39, 0x38},
        {&E4M3, 464.0 + 0x1p-30, 0x7F, 0x7E},
        {&E4M3, 0x1p-10 + 0x1p-50, 0x01, 0x00},
        {&E5M2, 1.0 + 0x1p-3 + 0x1p-40, 0x3D, 0x3C},
        {&E5M2, 61440.0 - 0x1p-20, 0x7B, 0x7C},
        {&E5M2, 0x1p-17 + 0x1p-60, 0x01, 0x00},
    };
    for (size_t i = 0; i < sizeof cs / sizeof cs[0]; ++i) {
        const dr_case *c = &cs[i];
        float xf = (float)c->x;
        if ((double)xf == c->x)
            fail_msg("case %zu: %a is a float, no hazard", i, c->x);
        assert_int_equal(ref_encode(c->f, c->x), c->want_direct);
        assert_int_equal(c->f->enc32(xf), c->want_via_float);
        if (c->f->enc64(c->x) != c->want_direct)
            fail_msg("%s enc64(%a) -> 0x%X, want 0x%X (double rounding?)", c->f->name, c->x,
                     (unsigned)c->f->enc64(c->x), (unsigned)c->want_direct);
        assert_int_equal(c->f->enc64(-c->x), c->want_direct | c->f->sign);
#if HAVE_FLOAT16
        if (c->f == &F16)
            check_f16_cc_d(c->x);
#endif
    }
}

static void test_random_sweeps(void **state)
{
    (void)state;
    sweep_random(&F16, 200000);
    sweep_random(&BF16, 200000);
    sweep_random(&E4M3, 40000);
    sweep_random(&E5M2, 40000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_f16_compiler_reference), cmocka_unit_test(test_f16_decode_all),
        cmocka_unit_test(test_f16_roundtrip_all),      cmocka_unit_test(test_f16_midpoints),
        cmocka_unit_test(test_f16_specials),           cmocka_unit_test(test_bf16_decode_all),
        cmocka_unit_test(test_bf16_roundtrip_all),     cmocka_unit_test(test_bf16_midpoints),
        cmocka_unit_test(test_bf16_specials),          cmocka_unit_test(test_fp8_decode_all),
        cmocka_unit_test(test_fp8_roundtrip_all),      cmocka_unit_test(test_fp8_midpoints),
        cmocka_unit_test(test_e4m3_specials),          cmocka_unit_test(test_e5m2_specials),
        cmocka_unit_test(test_f64_no_double_rounding), cmocka_unit_test(test_random_sweeps),
    };
    return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
