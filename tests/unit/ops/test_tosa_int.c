/* test_tosa_int.c — TOSA 1.0 element-wise integer semantics through the core IR: the cases of
 * tests/data/tosa_int_expected.h (a Python transcription of the spec pseudocode: RESCALE, MUL
 * with shift, TABLE, NEGATE, shifts, bitwise, CLZ, INTDIV, CLAMP / MAXIMUM / MINIMUM nan_mode,
 * CAST), exhaustive CAST, TABLE and RESCALE over their whole input domains against the digests of
 * tests/data/tosa_exhaustive_expected.h, exhaustive shifts and products against closed
 * formulas, the spec's helper vectors, and the ERROR_IFs that inference enforces. */
#include "gen_case_runner.h"
#include "tosa_run.h"

#include "../../data/tosa_exhaustive_expected.h"
#include "../../data/tosa_int_expected.h"

#include "ops/tosa.h"

#include <fenv.h>

/* ---------------------------------------------------------------- helpers */

static nnx_operand_desc vec(nnx_dtype dt, uint32_t n) { return (nnx_operand_desc){dt, 1, {n}}; }

/* All values of a type with at most 2^16 of them, in the generator's order: bool 0, 1;
 * int8 -128..127; int16 -32768..32767; 16-bit floats and fp8 by bit pattern 0, 1, .... */
static uint32_t domain(nnx_dtype dt, void **buf)
{
    uint32_t n = dt == NNX_BOOL ? 2 : nnx_dtype_size(dt) == 1 ? 256 : 65536;
    *buf = malloc((size_t)n * nnx_dtype_size(dt));
    assert_non_null(*buf);
    for (uint32_t i = 0; i < n; i++) {
        if (dt == NNX_INT8 || dt == NNX_INT16)
            nnx_store_i(dt, *buf, i, (int64_t)i - (int64_t)n / 2);
        else
            nnx_store_i(dt, *buf, i, (int64_t)i); /* the bit pattern */
    }
    return n;
}

/* The digest key of output element i (generator rules). */
static uint64_t out_key(nnx_dtype dt, const void *y, size_t i)
{
    if (!nnx_dtype_is_float(dt))
        return (uint64_t)nnx_load_i(dt, y, i);
    if (isnan(nnx_load_f(dt, y, i)))
        return UINT64_MAX;
    uint64_t bits = 0;
    memcpy(&bits, (const unsigned char *)y + i * nnx_dtype_size(dt), nnx_dtype_size(dt)); /* little endian */
    return bits;
}

/* ---------------------------------------------------------------- exhaustive CAST */

static void test_cast_exhaustive(void **state)
{
    (void)state;
    for (size_t r = 0; r < sizeof tosa_cast_digests / sizeof tosa_cast_digests[0]; r++) {
        const tosa_cast_digest *row = &tosa_cast_digests[r];
        void *x;
        uint32_t n = domain(row->from, &x);
        nnx_operand_desc xd = vec(row->from, n), yd;
        const nnx_operand_desc *descs[] = {&xd};
        const void *data[] = {x};
        nnx_attrs a = {.cast = {.to = row->to, .rounding = NNX_CAST_NEAREST_EVEN}};
        void *y = tosa_run(NNX_OP_CAST, &a, 1, descs, data, &yd);
        tosa_digest d;
        tosa_digest_init(&d);
        bool from_float = nnx_dtype_is_float(row->from), to_int = !nnx_dtype_is_float(row->to) && row->to != NNX_BOOL;
        for (uint32_t i = 0; i < n; i++) {
            double v = from_float ? nnx_load_f(row->from, x, i) : 0;
            if (from_float && to_int && isnan(v))
                continue;               /* unpredictable in TOSA: not digested */
            if (from_float && to_int) { /* a readable direct check: nearbyint is ties-to-even */
                double lo = (double)nnx_dtype_int_min(row->to), hi = (double)nnx_dtype_int_max(row->to);
                double want = v <= lo ? lo : v >= hi ? hi : nearbyint(v);
                if ((double)nnx_load_i(row->to, y, i) != want)
                    fail_msg("cast %s -> %s of %.9g gives %lld, expected %.0f", nnx_dtype_name(row->from),
                             nnx_dtype_name(row->to), v, (long long)nnx_load_i(row->to, y, i), want);
            }
            tosa_digest_add(&d, out_key(row->to, y, i));
        }
        if (d.h != row->digest)
            fail_msg("cast %s -> %s over all %u inputs: digest %016llx, the spec transcription gives %016llx",
                     nnx_dtype_name(row->from), nnx_dtype_name(row->to), n, (unsigned long long)d.h,
                     (unsigned long long)row->digest);
        free(x);
        free(y);
    }
}

/* The generated CAST cases with a float result, bit-exact (the runner allows an ulp or so):
 * TOSA rounds once to nearest even, so any other result is wrong. */
static void test_cast_float_results_exact(void **state)
{
    (void)state;
    size_t checked = 0;
    for (size_t c = 0; c < sizeof gen_cases / sizeof gen_cases[0]; c++) {
        const gen_case *g = &gen_cases[c];
        if (g->op != NNX_OP_CAST || !g->out.f)
            continue;
        nnx_operand_desc xd = gen_desc(&g->in[0]), yd;
        void *x = gen_buffer(&g->in[0]);
        const nnx_operand_desc *descs[] = {&xd};
        const void *data[] = {x};
        void *y = tosa_run(NNX_OP_CAST, &g->attrs, 1, descs, data, &yd);
        size_t es = nnx_dtype_size(yd.dtype);
        for (size_t e = 0; e < gen_count(&g->out); e++) {
            unsigned char want[8] = {0};
            nnx_store_f(yd.dtype, want, 0, g->out.f[e]);
            bool both_nan = isnan(g->out.f[e]) && isnan(nnx_load_f(yd.dtype, y, e));
            if (!both_nan && memcmp(want, (unsigned char *)y + e * es, es) != 0)
                fail_msg("%s: element %zu is %.17g, expected %.17g", g->name, e, nnx_load_f(yd.dtype, y, e),
                         g->out.f[e]);
        }
        checked++;
        free(x);
        free(y);
    }
    assert_true(checked >= 7);
}

/* ---------------------------------------------------------------- exhaustive TABLE */

static void table16_digest(const int16_t *table, uint64_t want, const char *name)
{
    void *x;
    uint32_t n = domain(NNX_INT16, &x);
    nnx_operand_desc xd = vec(NNX_INT16, n), td = vec(NNX_INT16, 513), yd;
    const nnx_operand_desc *descs[] = {&xd, &td};
    const void *data[] = {x, table};
    int32_t *y = tosa_run(NNX_OP_TOSA_TABLE, NULL, 2, descs, data, &yd);
    assert_int_equal(yd.dtype, NNX_INT32);
    tosa_digest d;
    tosa_digest_init(&d);
    for (uint32_t i = 0; i < n; i++)
        tosa_digest_add(&d, (uint64_t)(int64_t)y[i]);
    if (d.h != want)
        fail_msg("table int16 (%s) over all 65536 inputs: digest %016llx, expected %016llx", name,
                 (unsigned long long)d.h, (unsigned long long)want);
    if (table == tosa_erf_table)
        for (size_t k = 0; k < sizeof tosa_erf_spot_in / sizeof tosa_erf_spot_in[0]; k++)
            assert_int_equal(y[tosa_erf_spot_in[k] + 32768], tosa_erf_spot_out[k]);
    free(x);
    free(y);
}

static void test_table_exhaustive(void **state)
{
    (void)state;
    table16_digest(tosa_erf_table, tosa_table16_erf_digest, "erf");
    table16_digest(tosa_rand_table16, tosa_table16_rand_digest, "random");
    void *x;
    uint32_t n = domain(NNX_INT8, &x);
    nnx_operand_desc xd = vec(NNX_INT8, n), td = vec(NNX_INT8, 256), yd;
    const nnx_operand_desc *descs[] = {&xd, &td};
    const void *data[] = {x, tosa_rand_table8};
    int8_t *y = tosa_run(NNX_OP_TOSA_TABLE, NULL, 2, descs, data, &yd);
    tosa_digest d;
    tosa_digest_init(&d);
    for (uint32_t i = 0; i < n; i++) {
        assert_int_equal(y[i], tosa_rand_table8[i]); /* x = i - 128 reads table[i] */
        tosa_digest_add(&d, (uint64_t)(int64_t)y[i]);
    }
    assert_true(d.h == tosa_table8_digest);
    free(x);
    free(y);
}

/* ---------------------------------------------------------------- exhaustive RESCALE */

static void test_rescale_exhaustive(void **state)
{
    (void)state;
    for (size_t r = 0; r < sizeof tosa_rescale_digests / sizeof tosa_rescale_digests[0]; r++) {
        const tosa_rescale_digest *row = &tosa_rescale_digests[r];
        void *x;
        uint32_t n = domain(row->from, &x);
        nnx_dtype mt = row->scale32 ? NNX_INT32 : NNX_INT16;
        unsigned char m[8], s[8], zi[8], zo[8]; /* room for any integer store */
        nnx_store_i(mt, m, 0, row->multiplier);
        nnx_store_i(NNX_INT8, s, 0, row->shift);
        nnx_store_i(row->from, zi, 0, row->input_zp);
        nnx_store_i(row->to, zo, 0, row->output_zp);
        nnx_operand_desc xd = vec(row->from, n), md = vec(mt, 1), sd = vec(NNX_INT8, 1), zid = vec(row->from, 1),
                         zod = vec(row->to, 1), yd;
        const nnx_operand_desc *descs[] = {&xd, &md, &sd, &zid, &zod};
        const void *data[] = {x, m, s, zi, zo};
        nnx_attrs a = {.rescale = {.scale32 = row->scale32,
                                   .input_unsigned = row->input_unsigned,
                                   .output_unsigned = row->output_unsigned,
                                   .rounding = (nnx_rescale_rounding)row->rounding}};
        void *y = tosa_run(NNX_OP_TOSA_RESCALE, &a, 5, descs, data, &yd);
        assert_int_equal(yd.dtype, row->to);
        tosa_digest d;
        tosa_digest_init(&d);
        for (uint32_t i = 0; i < n; i++)
            tosa_digest_add(&d, (uint64_t)nnx_load_i(row->to, y, i));
        if (d.h != row->digest)
            fail_msg("rescale row %zu (%s -> %s) over all %u inputs: digest %016llx, expected %016llx", r,
                     nnx_dtype_name(row->from), nnx_dtype_name(row->to), n, (unsigned long long)d.h,
                     (unsigned long long)row->digest);
        free(x);
        free(y);
    }
}

/* ---------------------------------------------------------------- exhaustive shifts, products */

/* The shifts of every int8 / int16 value by every legal amount: logical left / right on the
 * w-bit pattern, ARITHMETIC_RIGHT_SHIFT as floor(x / 2^s) and with round floor(x / 2^s + 1/2)
 * (the last shifted-out bit added), in double. */
static void test_arithmetic_right_shift_exhaustive(void **state)
{
    (void)state;
    const nnx_dtype types[] = {NNX_INT8, NNX_INT16};
    for (int t = 0; t < 2; t++) {
        nnx_dtype dt = types[t];
        uint32_t bits = nnx_dtype_bits(dt), nv = 1u << bits, n = nv * bits;
        void *a = malloc((size_t)n * nnx_dtype_size(dt)), *b = malloc((size_t)n * nnx_dtype_size(dt));
        assert_true(a && b);
        for (uint32_t i = 0; i < n; i++) {
            nnx_store_i(dt, a, i, (int64_t)(i % nv) - nv / 2);
            nnx_store_i(dt, b, i, i / nv);
        }
        nnx_operand_desc d = vec(dt, n), yd;
        const nnx_operand_desc *descs[] = {&d, &d};
        const void *data[] = {a, b};
        /* LOGICAL_LEFT_SHIFT / LOGICAL_RIGHT_SHIFT: the w-bit pattern times / over 2^s */
        void *yl = tosa_run(NNX_OP_SHIFT_LEFT, NULL, 2, descs, data, &yd);
        void *yr = tosa_run(NNX_OP_SHIFT_RIGHT_LOGICAL, NULL, 2, descs, data, &yd);
        for (uint32_t i = 0; i < n; i++) {
            uint32_t pattern = (uint32_t)(nnx_load_i(dt, a, i) + (int64_t)nv) % nv;
            uint32_t sh = (uint32_t)nnx_load_i(dt, b, i);
            uint32_t left = (uint32_t)(((uint64_t)pattern << sh) % nv), right = pattern >> sh;
            int64_t want_l = left >= nv / 2 ? (int64_t)left - nv : left;
            int64_t want_r = right >= nv / 2 ? (int64_t)right - nv : right;
            if (nnx_load_i(dt, yl, i) != want_l || nnx_load_i(dt, yr, i) != want_r)
                fail_msg("%s pattern %u shifted by %u: left %lld (want %lld), right %lld (want %lld)",
                         nnx_dtype_name(dt), pattern, sh, (long long)nnx_load_i(dt, yl, i), (long long)want_l,
                         (long long)nnx_load_i(dt, yr, i), (long long)want_r);
        }
        free(yl);
        free(yr);
        for (int round = 0; round < 2; round++) {
            nnx_attrs at = {.shift = {.round = round}};
            void *y = tosa_run(NNX_OP_SHIFT_RIGHT_ARITHMETIC, &at, 2, descs, data, &yd);
            for (uint32_t i = 0; i < n; i++) {
                double x = (double)nnx_load_i(dt, a, i), p = ldexp(1.0, (int)nnx_load_i(dt, b, i));
                double want = floor(x / p + (round && p > 1 ? 0.5 : 0.0));
                if ((double)nnx_load_i(dt, y, i) != want)
                    fail_msg("%s %.0f >> %.0f (round %d) gives %lld, expected %.0f", nnx_dtype_name(dt), x, log2(p),
                             round, (long long)nnx_load_i(dt, y, i), want);
            }
            free(y);
        }
        free(a);
        free(b);
    }
}

/* MUL int8 x int8 -> int32 for all 65536 pairs, and int32 edge values with every shift
 * 1..63 against the exact rounded quotient in 128 bits, when it fits int32 (else REQUIRE). */
static void test_mul_exhaustive(void **state)
{
    (void)state;
    int8_t a[65536], b[65536];
    for (uint32_t i = 0; i < 65536; i++) {
        a[i] = (int8_t)(i & 0xFF);
        b[i] = (int8_t)(i >> 8);
    }
    nnx_operand_desc d = vec(NNX_INT8, 65536), yd;
    const nnx_operand_desc *descs[] = {&d, &d};
    const void *data[] = {a, b};
    int32_t *y = tosa_run(NNX_OP_TOSA_MUL, NULL, 2, descs, data, &yd);
    assert_int_equal(yd.dtype, NNX_INT32);
    for (uint32_t i = 0; i < 65536; i++)
        assert_int_equal(y[i], a[i] * b[i]);
    free(y);
    const int32_t edge[] = {INT32_MIN, INT32_MIN + 1, -65536, -3, -1, 0, 1, 3, 46341, 65535, INT32_MAX};
    for (int s = 1; s <= 63; s++)
        for (size_t i = 0; i < sizeof edge / sizeof edge[0]; i++)
            for (size_t j = 0; j < sizeof edge / sizeof edge[0]; j++) {
                __extension__ __int128 p = (__int128)edge[i] * edge[j], want = p + ((__int128)1 << (s - 1));
                want = want >= 0 ? want >> s : -((-want - 1) >> s) - 1; /* floor */
                if (want < INT32_MIN || want > INT32_MAX)
                    continue;
                assert_int_equal(nnx_tosa_mul_i32(edge[i], edge[j], s), (int64_t)want);
            }
}

/* ---------------------------------------------------------------- spec vectors */

static void test_scale_helpers(void **state)
{
    (void)state;
    /* TOSA 1.0 §2.13.2 RESCALE test vectors */
    assert_int_equal(nnx_tosa_apply_scale_32(100, 1 << 30, 31, false), 50);
    assert_int_equal(nnx_tosa_apply_scale_32(101, 1 << 30, 31, false), 51);
    assert_int_equal(nnx_tosa_apply_scale_32(-101, 1 << 30, 31, false), -50);
    assert_int_equal(nnx_tosa_apply_scale_32(3, 1 << 30, 33, false), 0);
    assert_int_equal(nnx_tosa_apply_scale_32(3, 1 << 30, 33, true), 1);
    assert_int_equal(nnx_tosa_apply_scale_32(-3, 1 << 30, 33, true), 0);
    assert_int_equal(nnx_tosa_apply_scale_16(12345, 1 << 14, 14), 12345);
    /* shift 62 with the largest operands: the 64-bit round constant (TOSA 1.0 §4.5.5
     * apply_scale_32, decision 10.2-20) */
    assert_int_equal(nnx_tosa_apply_scale_32(INT32_MAX, INT32_MAX, 62, false), 1);
    /* TOSA 1.0 §2.3.2 AVG_POOL2D reciprocal_scale table */
    const int32_t mult[] = {1073741825, 1073741825, 1431655766, 1073741825, 1717986920,
                            1431655766, 1227133514, 1073741825, 1908874355, 1717986920};
    const int shift[] = {30, 31, 32, 32, 33, 33, 33, 33, 34, 34};
    for (uint32_t c = 1; c <= 10; c++) {
        int32_t m;
        int s;
        nnx_tosa_reciprocal_scale(c, &m, &s);
        assert_int_equal(m, mult[c - 1]);
        assert_int_equal(s, shift[c - 1]);
    }
}

/* ---------------------------------------------------------------- ERROR_IFs */

static void test_rescale_error_ifs(void **state)
{
    (void)state;
    nnx_operand_desc x8 = vec(NNX_INT8, 4), x32 = vec(NNX_INT32, 4), x48 = vec(NNX_INT48, 4);
    nnx_operand_desc m32 = vec(NNX_INT32, 1), m16 = vec(NNX_INT16, 1), s8 = vec(NNX_INT8, 1);
    nnx_operand_desc z8 = vec(NNX_INT8, 1), z16 = vec(NNX_INT16, 1), z32 = vec(NNX_INT32, 1), z48 = vec(NNX_INT48, 1);
    struct {
        nnx_attr_rescale a;
        const nnx_operand_desc *in[5];
        bool fails;
    } cases[] = {
        {{.scale32 = true}, {&x8, &m32, &s8, &z8, &z8}, false},
        {{.scale32 = true}, {&x48, &m32, &s8, &z48, &z8}, true}, /* i48 needs scale16 */
        {{.scale32 = false}, {&x48, &m16, &s8, &z48, &z16}, false},
        {{.scale32 = false, .rounding = NNX_RESCALE_DOUBLE_ROUND}, {&x8, &m16, &s8, &z8, &z8}, true},
        {{.scale32 = true, .input_unsigned = true, .output_unsigned = true}, {&x8, &m32, &s8, &z8, &z8}, true},
        {{.scale32 = true, .input_unsigned = true}, {&x8, &m32, &s8, &z8, &z32}, true},   /* u8 -> i32 */
        {{.scale32 = true, .output_unsigned = true}, {&x32, &m32, &s8, &z32, &z8}, true}, /* i32 -> u8 */
        {{.scale32 = true}, {&x8, &m16, &s8, &z8, &z8}, true},                            /* multiplier type */
        {{.scale32 = true, .per_channel = true}, {&x8, &m32, &s8, &z8, &z8}, true},       /* NC = 4 */
        {{.scale32 = true}, {&x8, &m32, &s8, &z8, NULL}, true},                           /* output_zp */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        nnx_attrs a = {.rescale = cases[i].a};
        if (tosa_infer_fails(NNX_OP_TOSA_RESCALE, &a, 5, cases[i].in) != cases[i].fails)
            fail_msg("rescale case %zu: inference %s", i, cases[i].fails ? "accepted it" : "rejected it");
    }
    nnx_operand_desc t8 = vec(NNX_INT8, 255), t16 = vec(NNX_INT16, 513), x16 = vec(NNX_INT16, 3);
    const nnx_operand_desc *bad_table[] = {&x8, &t8}, *mixed[] = {&x16, &t8}, *good[] = {&x16, &t16};
    assert_true(tosa_infer_fails(NNX_OP_TOSA_TABLE, NULL, 2, bad_table));
    assert_true(tosa_infer_fails(NNX_OP_TOSA_TABLE, NULL, 2, mixed));
    assert_false(tosa_infer_fails(NNX_OP_TOSA_TABLE, NULL, 2, good));
    const nnx_operand_desc *mul_mixed[] = {&x8, &x16};
    assert_true(tosa_infer_fails(NNX_OP_TOSA_MUL, NULL, 2, mul_mixed));
    nnx_operand_desc f = vec(NNX_FLOAT32, 4);
    const nnx_operand_desc *shift_float[] = {&f, &f};
    assert_true(tosa_infer_fails(NNX_OP_SHIFT_LEFT, NULL, 2, shift_float));
    assert_true(tosa_infer_fails(NNX_OP_BITWISE_AND, NULL, 2, shift_float));
}

int main(void)
{
    if (fegetround() != FE_TONEAREST)
        return 1;
    const struct CMUnitTest fixed[] = {
        cmocka_unit_test(test_cast_exhaustive),
        cmocka_unit_test(test_cast_float_results_exact),
        cmocka_unit_test(test_table_exhaustive),
        cmocka_unit_test(test_rescale_exhaustive),
        cmocka_unit_test(test_arithmetic_right_shift_exhaustive),
        cmocka_unit_test(test_mul_exhaustive),
        cmocka_unit_test(test_scale_helpers),
        cmocka_unit_test(test_rescale_error_ifs),
    };
    return gen_run_all("tosa_int", fixed, sizeof fixed / sizeof fixed[0], gen_cases,
                       sizeof gen_cases / sizeof gen_cases[0]);
}
