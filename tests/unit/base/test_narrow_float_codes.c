/* test_narrow_float_codes.c — src/base/float_convert's 8- and 4-bit formats against the
 * tables of tests/data/narrow_floats_expected.h (gen_narrow_floats.py: the OCP OFP8 and MX
 * format definitions and ONNX Cast's rules, evaluated in float64): every code decodes to its
 * value, and every probe encodes to the expected code, saturating and not (E4M3, E5M2, both
 * FNUZ forms, E2M1), under each E8M0 round_mode. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "base/float_convert.h"

#include "../../data/narrow_floats_expected.h"

typedef struct fmt_fns {
    const char *name;
    const double *values;
    unsigned codes;
    const narrow_enc_case *cases;
    size_t n_cases;
    float (*decode)(uint8_t);
    uint8_t (*plain)(double);
    uint8_t (*sat)(double);
} fmt_fns;

static double from_bits(uint64_t b)
{
    double x;
    memcpy(&x, &b, sizeof x);
    return x;
}

/* Equal values, the sign of zero included; NaN equals NaN. */
static int same_value(double got, double want)
{
    if (isnan(want))
        return isnan(got);
    return got == want && signbit(got) == signbit(want);
}

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))
#define FMT(NAME) #NAME, NAME##_values, COUNT(NAME##_values), NAME##_enc, COUNT(NAME##_enc)

static const fmt_fns FORMATS[] = {
    {FMT(e4m3fn), nnx_fp8e4m3_to_f32, nnx_f64_to_fp8e4m3, nnx_f64_to_fp8e4m3_sat},
    {FMT(e5m2), nnx_fp8e5m2_to_f32, nnx_f64_to_fp8e5m2, nnx_f64_to_fp8e5m2_sat},
    {FMT(e4m3fnuz), nnx_fp8e4m3fnuz_to_f32, nnx_f64_to_fp8e4m3fnuz, nnx_f64_to_fp8e4m3fnuz_sat},
    {FMT(e5m2fnuz), nnx_fp8e5m2fnuz_to_f32, nnx_f64_to_fp8e5m2fnuz, nnx_f64_to_fp8e5m2fnuz_sat},
    {FMT(e2m1), nnx_fp4e2m1_to_f32, nnx_f64_to_fp4e2m1, nnx_f64_to_fp4e2m1},
};

static void test_every_code_decodes(void **state)
{
    (void)state;
    for (size_t f = 0; f < COUNT(FORMATS); f++) {
        const fmt_fns *F = &FORMATS[f];
        for (unsigned c = 0; c < F->codes; c++) {
            double got = F->decode((uint8_t)c);
            if (!same_value(got, F->values[c]))
                fail_msg("%s code 0x%02x decodes to %a, expected %a", F->name, c, got, F->values[c]);
        }
    }
    for (unsigned c = 0; c < 256; c++) {
        double got = nnx_fp8e8m0_to_f32((uint8_t)c);
        if (!same_value(got, e8m0_values[c]))
            fail_msg("e8m0 code 0x%02x decodes to %a, expected %a", c, got, e8m0_values[c]);
    }
}

/* E2M1's decoder reads the low 4 bits only: a byte's high half is not part of the code. */
static void test_e2m1_ignores_high_bits(void **state)
{
    (void)state;
    for (unsigned c = 0; c < 256; c++)
        assert_true(same_value(nnx_fp4e2m1_to_f32((uint8_t)c), e2m1_values[c & 0xFu]));
}

static void test_probes_encode(void **state)
{
    (void)state;
    for (size_t f = 0; f < COUNT(FORMATS); f++) {
        const fmt_fns *F = &FORMATS[f];
        for (size_t k = 0; k < F->n_cases; k++) {
            const narrow_enc_case *c = &F->cases[k];
            double x = from_bits(c->x);
            uint8_t plain = F->plain(x), sat = F->sat(x);
            if (plain != c->plain)
                fail_msg("%s: %a (0x%016llx) encodes to 0x%02x, expected 0x%02x", F->name, x, (unsigned long long)c->x,
                         plain, c->plain);
            if (sat != c->sat)
                fail_msg("%s saturating: %a (0x%016llx) encodes to 0x%02x, expected 0x%02x", F->name, x,
                         (unsigned long long)c->x, sat, c->sat);
        }
    }
}

/* Every finite code survives decode -> encode (both encoders), -0 included where it exists. */
static void test_codes_round_trip(void **state)
{
    (void)state;
    for (size_t f = 0; f < COUNT(FORMATS); f++) {
        const fmt_fns *F = &FORMATS[f];
        for (unsigned c = 0; c < F->codes; c++) {
            if (!isfinite(F->values[c]))
                continue;
            double v = F->decode((uint8_t)c);
            assert_int_equal(F->plain(v), c);
            assert_int_equal(F->sat(v), c);
        }
    }
    for (unsigned c = 0; c < 255; c++)
        for (int mode = 0; mode < 3; mode++)
            assert_int_equal(nnx_f64_to_fp8e8m0(nnx_fp8e8m0_to_f32((uint8_t)c), (nnx_e8m0_rounding)mode, 0), c);
}

static void test_e8m0_rounding_modes(void **state)
{
    (void)state;
    static const char *const modes[] = {"up", "down", "nearest"};
    for (size_t k = 0; k < COUNT(e8m0_enc); k++) {
        const e8m0_case *c = &e8m0_enc[k];
        double x = from_bits(c->x);
        uint8_t got = nnx_f64_to_fp8e8m0(x, (nnx_e8m0_rounding)c->mode, c->saturate);
        if (got != c->code)
            fail_msg("e8m0 %s%s: %a encodes to 0x%02x, expected 0x%02x", modes[c->mode],
                     c->saturate ? " saturating" : "", x, got, c->code);
    }
}

/* The binary32 encoders of E4M3 and E5M2 agree with the binary64 ones on every float the
 * probes hold exactly (float -> double is exact, so both round once from the same value). */
static void test_f32_entry_points_agree(void **state)
{
    (void)state;
    for (size_t f = 0; f < 2; f++) {
        const fmt_fns *F = &FORMATS[f];
        for (size_t k = 0; k < F->n_cases; k++) {
            double x = from_bits(F->cases[k].x);
            float xf = (float)x;
            if ((double)xf != x && !isnan(x))
                continue;
            uint8_t got = f == 0 ? nnx_f32_to_fp8e4m3(xf) : nnx_f32_to_fp8e5m2(xf);
            assert_int_equal(got, F->plain((double)xf));
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_code_decodes),  cmocka_unit_test(test_e2m1_ignores_high_bits),
        cmocka_unit_test(test_probes_encode),       cmocka_unit_test(test_codes_round_trip),
        cmocka_unit_test(test_e8m0_rounding_modes), cmocka_unit_test(test_f32_entry_points_agree),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
