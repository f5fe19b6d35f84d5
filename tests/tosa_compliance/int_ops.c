/* int_ops.c — TOSA's integer operators against the pseudocode transcriptions of int_ref.c,
 * bit-exact: every int8 input (and pair of inputs) and every int16 input where the domain
 * allows (TABLE, shifts, NEGATE, CLAMP, RESCALE, MUL i8), sampled int32/int48 values with
 * their edges otherwise. Inputs where a REQUIRE fails (unpredictable) accept any result. */
#include "tc_runner.h"

#include "int_ref.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* ---- inputs ---- */

enum { N_SAMPLES = 20000 };

/* A sampled value of t: edges first, then values over the whole range and small ones. */
static int64_t sample(nnx_dtype t, uint32_t set, size_t i)
{
    static const int64_t EDGE[] = {0, 1, -1, 2, -2, 127, -128, 32767, -32768, 65535};
    int64_t lo = tcr_min(t), hi = tcr_max(t);
    if (i < 4)
        return EDGE[i];
    if (i == 4)
        return lo;
    if (i == 5)
        return hi;
    double r = tc_rand(set, (uint32_t)i), r2 = tc_rand(set + 1, (uint32_t)i);
    if (i % 3 == 0) /* small magnitudes */
        return (int64_t)(r * 300);
    int64_t v = (int64_t)(r * (double)hi * fabs(r2));
    return v < lo ? lo : v > hi ? hi : v;
}

/* Fills a with every value of an 8- or 16-bit type (each repeated reps times), or samples. */
static tc_tensor domain(nnx_dtype t, size_t reps, uint32_t set)
{
    bool all = t == NNX_INT8 || t == NNX_INT16;
    size_t span = t == NNX_INT8 ? 256 : 65536, n = all ? span * reps : N_SAMPLES;
    tc_tensor x = tc_tensor_1d(t, n);
    for (size_t i = 0; i < n; i++)
        tc_set_i(&x, i, all ? tcr_min(t) + (int64_t)(i % span) : sample(t, set, i));
    return x;
}

/* ---- binary element-wise ops: out[i] = ref(a[i], b[i]) ---- */

static bool ref_binary(nnx_tosa_op op, nnx_dtype t, int64_t a, int64_t b, int param, int64_t *o);

static void check_binary(const tc_row *row, const char *set, const nnx_tosa_attrs *attrs, const tc_tensor *a,
                         const tc_tensor *b, const tc_tensor *extra, int param)
{
    const tc_tensor *in[3] = {a, b, extra};
    tc_tensor out;
    if (!tc_tosa_checked(row, set, row->op, attrs, in, extra ? 3 : 2, 2, &out, 1))
        return;
    size_t n = tc_count(a), bad = 0, first = 0;
    for (size_t i = 0; i < n; i++) {
        int64_t want;
        if (ref_binary(row->op, a->dtype, tc_get_i(a, i), tc_get_i(b, i), param, &want) && tc_get_i(&out, i) != want &&
            !bad++)
            first = i;
    }
    int64_t want = 0;
    ref_binary(row->op, a->dtype, tc_get_i(a, first), tc_get_i(b, first), param, &want);
    tc_result(row, set, bad == 0, "%zu of %zu wrong, first %lld, %lld -> %lld, expected %lld", bad, n,
              (long long)tc_get_i(a, first), (long long)tc_get_i(b, first), (long long)tc_get_i(&out, first),
              (long long)want);
    tc_tensor_free(&out);
}

/* Operand pairs; returns whether they are exhaustive. Plain pairs: every (a, b) of int8,
 * else sampled. Shift pairs: every a of int8/int16 with every shift 0..width-1, else sampled
 * a with b cycling through 0..31. */
static bool make_pairs(nnx_dtype t, bool shift_b, tc_tensor *a, tc_tensor *b)
{
    int w = t == NNX_INT8 ? 8 : t == NNX_INT16 ? 16 : 32;
    size_t span = t == NNX_INT8 ? 256 : 65536;
    bool all = shift_b ? t != NNX_INT32 : t == NNX_INT8;
    size_t n = !all ? N_SAMPLES : shift_b ? span * (size_t)w : 65536;
    *a = tc_tensor_1d(t, n);
    *b = tc_tensor_1d(t, n);
    for (size_t i = 0; i < n; i++) {
        if (all && !shift_b) {
            tc_set_i(a, i, (int8_t)(i & 0xFF));
            tc_set_i(b, i, (int8_t)(i >> 8));
        } else if (all) {
            tc_set_i(a, i, tcr_min(t) + (int64_t)(i % span));
            tc_set_i(b, i, (int64_t)(i / span));
        } else if (shift_b) {
            tc_set_i(a, i, sample(t, 31, i / (size_t)w));
            tc_set_i(b, i, (int64_t)(i % (size_t)w));
        } else {
            tc_set_i(a, i, sample(t, 33, i));
            tc_set_i(b, i, sample(t, 35, i ^ 1));
        }
    }
    return all;
}

/* The pseudocode of the binary integer operators; param: the MUL shift or the ARITHMETIC_RIGHT_SHIFT
 * round flag. False: a REQUIRE failed. */
static bool ref_binary(nnx_tosa_op op, nnx_dtype t, int64_t a, int64_t b, int param, int64_t *o)
{
    switch (op) {
    case NNX_TOSA_BITWISE_AND: *o = a & b; return true;
    case NNX_TOSA_BITWISE_OR: *o = a | b; return true;
    case NNX_TOSA_BITWISE_XOR: *o = a ^ b; return true;
    case NNX_TOSA_ARITHMETIC_RIGHT_SHIFT: return tcr_arith_rshift(t, a, b, param != 0, o);
    case NNX_TOSA_LOGICAL_LEFT_SHIFT: return tcr_logical_lshift(t, a, b, o);
    case NNX_TOSA_LOGICAL_RIGHT_SHIFT: return tcr_logical_rshift(t, a, b, o);
    case NNX_TOSA_INTDIV: return tcr_intdiv(a, b, o);
    case NNX_TOSA_ADD: return tcr_add_sub(t, a, b, false, o);
    case NNX_TOSA_SUB: return tcr_add_sub(t, a, b, true, o);
    case NNX_TOSA_MAXIMUM: *o = a >= b ? a : b; return true;
    case NNX_TOSA_MINIMUM: *o = a < b ? a : b; return true;
    case NNX_TOSA_EQUAL: *o = a == b; return true;
    case NNX_TOSA_GREATER: *o = a > b; return true;
    case NNX_TOSA_GREATER_EQUAL: *o = a >= b; return true;
    case NNX_TOSA_MUL: return tcr_mul(t, a, b, param, o);
    case NNX_TOSA_LOGICAL_AND: *o = a && b; return true;
    case NNX_TOSA_LOGICAL_OR: *o = a || b; return true;
    case NNX_TOSA_LOGICAL_XOR: *o = !a != !b; return true;
    default: return false;
    }
}

static void bitwise_and_shifts(void)
{
    static const nnx_dtype T[] = {NNX_INT8, NNX_INT16, NNX_INT32};
    static const struct {
        nnx_tosa_op tosa;
        bool shift;
    } OPS[] = {
        {NNX_TOSA_BITWISE_AND, false},        {NNX_TOSA_BITWISE_OR, false},
        {NNX_TOSA_BITWISE_XOR, false},        {NNX_TOSA_LOGICAL_LEFT_SHIFT, true},
        {NNX_TOSA_LOGICAL_RIGHT_SHIFT, true}, {NNX_TOSA_ARITHMETIC_RIGHT_SHIFT, true},
    };
    for (size_t k = 0; k < sizeof OPS / sizeof OPS[0]; k++)
        for (int ti = 0; ti < 3; ti++) {
            tc_row row = {OPS[k].tosa, {T[ti]}, 0};
            tc_tensor a, b;
            const char *set = make_pairs(T[ti], OPS[k].shift, &a, &b) ? "exhaustive" : "sampled";
            for (int round = 0; round < (OPS[k].tosa == NNX_TOSA_ARITHMETIC_RIGHT_SHIFT ? 2 : 1); round++) {
                nnx_tosa_attrs attrs = {.round = round};
                char name[32];
                snprintf(name, sizeof name, "%s%s", set, round ? " round" : "");
                check_binary(&row, name, &attrs, &a, &b, NULL, round);
            }
            tc_tensor_free(&a);
            tc_tensor_free(&b);
        }
}

static void i32_arithmetic(void)
{
    static const struct {
        nnx_tosa_op tosa;
        bool to_bool;
    } OPS[] = {
        {NNX_TOSA_ADD, false},    {NNX_TOSA_SUB, false},  {NNX_TOSA_MAXIMUM, false}, {NNX_TOSA_MINIMUM, false},
        {NNX_TOSA_INTDIV, false}, {NNX_TOSA_EQUAL, true}, {NNX_TOSA_GREATER, true},  {NNX_TOSA_GREATER_EQUAL, true},
    };
    tc_tensor a, b;
    make_pairs(NNX_INT32, false, &a, &b);
    for (size_t i = 0; i < tc_count(&a); i += 7) /* equal pairs for the comparisons */
        tc_set_i(&b, i, tc_get_i(&a, i));
    for (size_t k = 0; k < sizeof OPS / sizeof OPS[0]; k++) {
        tc_row row = {OPS[k].tosa, {NNX_INT32, OPS[k].to_bool ? NNX_BOOL : 0}, 0};
        check_binary(&row, "sampled", NULL, &a, &b, NULL, 0);
    }
    tc_tensor_free(&a);
    tc_tensor_free(&b);
}

static void mul_int(void)
{
    static const nnx_dtype T[] = {NNX_INT8, NNX_INT16, NNX_INT32};
    for (int ti = 0; ti < 3; ti++) {
        tc_row row = {NNX_TOSA_MUL, {T[ti], NNX_INT32}, 0};
        tc_tensor a, b;
        bool all = make_pairs(T[ti], false, &a, &b);
        for (int k = 0; k < (T[ti] == NNX_INT32 ? 6 : 1); k++) {
            static const int SHIFTS[] = {0, 1, 15, 31, 40, 63};
            int shift = SHIFTS[k];
            tc_tensor s = tc_tensor_1d(NNX_INT8, 1);
            tc_set_i(&s, 0, shift);
            char set[32];
            snprintf(set, sizeof set, "%s shift %d", all ? "exhaustive" : "sampled", shift);
            check_binary(&row, set, NULL, &a, &b, &s, shift);
            tc_tensor_free(&s);
        }
        tc_tensor_free(&a);
        tc_tensor_free(&b);
    }
}

static void logical_bool(void)
{
    static const nnx_tosa_op OPS[] = {NNX_TOSA_LOGICAL_AND, NNX_TOSA_LOGICAL_OR, NNX_TOSA_LOGICAL_XOR};
    tc_tensor a = tc_tensor_1d(NNX_BOOL, 4), b = tc_tensor_1d(NNX_BOOL, 4);
    for (int i = 0; i < 4; i++) {
        tc_set_i(&a, (size_t)i, i & 1);
        tc_set_i(&b, (size_t)i, i >> 1);
    }
    for (size_t k = 0; k < 3; k++) {
        tc_row row = {OPS[k], {NNX_BOOL}, 0};
        check_binary(&row, "exhaustive", NULL, &a, &b, NULL, 0);
    }
    tc_row row = {NNX_TOSA_LOGICAL_NOT, {NNX_BOOL}, 0};
    const tc_tensor *in[1] = {&a};
    tc_tensor out;
    if (tc_tosa_checked(&row, "exhaustive", NNX_TOSA_LOGICAL_NOT, NULL, in, 1, 1, &out, 1)) {
        bool ok = true;
        for (size_t i = 0; i < 4; i++)
            ok &= tc_get_i(&out, i) == !tc_get_i(&a, i);
        tc_result(&row, "exhaustive", ok, "wrong");
        tc_tensor_free(&out);
    }
    tc_tensor_free(&a);
    tc_tensor_free(&b);
}

/* ---- unary ops ---- */

typedef bool (*un_ref)(nnx_dtype t, int64_t x, const void *ctx, int64_t *out);

static void check_unary(const tc_row *row, const char *set, const nnx_tosa_attrs *attrs, const tc_tensor *const *in,
                        uint32_t n_in, un_ref ref, const void *ctx)
{
    tc_tensor out;
    if (!tc_tosa_checked(row, set, row->op, attrs, in, n_in, 1, &out, 1))
        return;
    const tc_tensor *x = in[0];
    size_t n = tc_count(x), bad = 0, first = 0;
    for (size_t i = 0; i < n; i++) {
        int64_t want;
        if (ref(x->dtype, tc_get_i(x, i), ctx, &want) && tc_get_i(&out, i) != want && !bad++)
            first = i;
    }
    tc_result(row, set, bad == 0, "%zu of %zu wrong, first %lld -> %lld", bad, n, (long long)tc_get_i(x, first),
              (long long)tc_get_i(&out, first));
    tc_tensor_free(&out);
}

static bool ref_not(nnx_dtype t, int64_t x, const void *c, int64_t *o)
{
    (void)t, (void)c;
    *o = ~x;
    return true;
}
static bool ref_clz(nnx_dtype t, int64_t x, const void *c, int64_t *o)
{
    (void)t, (void)c;
    *o = tcr_clz(x);
    return true;
}
static bool ref_abs(nnx_dtype t, int64_t x, const void *c, int64_t *o)
{
    (void)c;
    if (x == tcr_min(t))
        return false; /* apply_sub_s(0, INT32_MIN) overflows: unpredictable */
    *o = x < 0 ? -x : x;
    return true;
}
static bool ref_negate(nnx_dtype t, int64_t x, const void *c, int64_t *o)
{
    const int64_t *zp = c;
    return tcr_negate(t, x, zp[0], zp[1], o);
}
static bool ref_clamp(nnx_dtype t, int64_t x, const void *c, int64_t *o)
{
    (void)t;
    const int64_t *b = c;
    *o = tcr_clamp(x, b[0], b[1]);
    return true;
}

static void unary_ops(void)
{
    static const nnx_dtype T[] = {NNX_INT8, NNX_INT16, NNX_INT32};
    for (int ti = 0; ti < 3; ti++) {
        nnx_dtype t = T[ti];
        tc_tensor x = domain(t, 1, 37);
        for (size_t i = 0; t == NNX_INT32 && i < 32; i++) /* every leading-zero count */
            tc_set_i(&x, 100 + i, (int64_t)(int32_t)(UINT32_C(1) << i));
        const tc_tensor *in[3] = {&x, NULL, NULL};
        const char *set = t == NNX_INT32 ? "sampled" : "exhaustive";
        tc_row row = {NNX_TOSA_BITWISE_NOT, {t}, 0};
        check_unary(&row, set, NULL, in, 1, ref_not, NULL);
        if (t == NNX_INT32) {
            row = (tc_row){NNX_TOSA_CLZ, {t}, 0};
            check_unary(&row, set, NULL, in, 1, ref_clz, NULL);
            row = (tc_row){NNX_TOSA_ABS, {t}, 0};
            check_unary(&row, set, NULL, in, 1, ref_abs, NULL);
        }
        /* NEGATE with zero points (int8 only may have them) */
        row = (tc_row){NNX_TOSA_NEGATE, {t, NNX_INT32}, 0};
        static const int64_t ZP[][2] = {{0, 0}, {-128, 127}, {5, -7}, {127, 0}};
        for (int z = 0; z < (t == NNX_INT8 ? 4 : 1); z++) {
            tc_tensor izp = tc_tensor_1d(t, 1), ozp = tc_tensor_1d(t, 1);
            tc_set_i(&izp, 0, ZP[z][0]);
            tc_set_i(&ozp, 0, ZP[z][1]);
            const tc_tensor *nin[3] = {&x, &izp, &ozp};
            char name[64];
            snprintf(name, sizeof name, "%s zp %lld/%lld", set, (long long)ZP[z][0], (long long)ZP[z][1]);
            check_unary(&row, name, NULL, nin, 3, ref_negate, ZP[z]);
            tc_tensor_free(&izp);
            tc_tensor_free(&ozp);
        }
        /* CLAMP (int8, int16) */
        if (t != NNX_INT32) {
            row = (tc_row){NNX_TOSA_CLAMP, {t}, 0};
            static const int64_t B[][2] = {{-100, 77}, {0, 0}, {-128, 127}};
            for (int k = 0; k < 3; k++) {
                nnx_tosa_attrs attrs = {.min_val = nnx_i64(B[k][0]), .max_val = nnx_i64(B[k][1])};
                char name[64];
                snprintf(name, sizeof name, "exhaustive [%lld, %lld]", (long long)B[k][0], (long long)B[k][1]);
                check_unary(&row, name, &attrs, in, 1, ref_clamp, B[k]);
            }
        }
        tc_tensor_free(&x);
    }
}

/* ---- TABLE ---- */

static void table_ops(void)
{
    /* int8: every input with three tables (identity-like, reversed, pseudo-random) */
    tc_row row8 = {NNX_TOSA_TABLE, {NNX_INT8, NNX_INT8, NNX_INT8}, 0};
    tc_tensor x8 = domain(NNX_INT8, 1, 0), t8 = tc_tensor_1d(NNX_INT8, 256);
    for (int k = 0; k < 3; k++) {
        for (int i = 0; i < 256; i++)
            tc_set_i(&t8, (size_t)i, k == 0 ? i - 128 : k == 1 ? 127 - i : (int64_t)(tc_rand(41, (uint32_t)i) * 128));
        const tc_tensor *in[2] = {&x8, &t8};
        tc_tensor out;
        const char *set = k == 0 ? "exhaustive, identity table"
            : k == 1             ? "exhaustive, reversed table"
                                 : "exhaustive, random table";
        if (!tc_tosa_checked(&row8, set, NNX_TOSA_TABLE, NULL, in, 2, 1, &out, 1))
            break;
        size_t bad = 0;
        for (size_t i = 0; i < 256; i++)
            bad += tc_get_i(&out, i) != tc_get_i(&t8, (size_t)(tc_get_i(&x8, i) + 128));
        tc_result(&row8, set, bad == 0, "%zu of 256 wrong", bad);
        tc_tensor_free(&out);
    }
    tc_tensor_free(&x8);
    tc_tensor_free(&t8);
    /* int16: every input with the spec's tanh table (generate_lookup_table) and a random
     * table whose slopes stay within int16 */
    tc_row row16 = {NNX_TOSA_TABLE, {NNX_INT16, NNX_INT16, NNX_INT32}, 0};
    tc_tensor x16 = domain(NNX_INT16, 1, 0), t16 = tc_tensor_1d(NNX_INT16, 513);
    int16_t table[513];
    for (int k = 0; k < 2; k++) {
        for (int i = -256; i <= 256; i++) {
            int32_t v;
            if (k == 0) {
                double e = exp(-2.0 * i / 32.0);
                v = (int32_t)nearbyint(32768.0 * (1.0 - e) / (1.0 + e));
            } else {
                v = (int32_t)(tc_rand(43, (uint32_t)(i + 256)) * 16000);
            }
            table[i + 256] = (int16_t)(v > 32767 ? 32767 : v < -32768 ? -32768 : v);
            tc_set_i(&t16, (size_t)(i + 256), table[i + 256]);
        }
        const tc_tensor *in[2] = {&x16, &t16};
        tc_tensor out;
        const char *set = k == 0 ? "exhaustive, tanh table" : "exhaustive, random table";
        if (!tc_tosa_checked(&row16, set, NNX_TOSA_TABLE, NULL, in, 2, 1, &out, 1))
            break;
        size_t bad = 0;
        for (size_t i = 0; i < 65536; i++) {
            int32_t want;
            if (tcr_lookup_i16(table, (int32_t)tc_get_i(&x16, i), &want))
                bad += tc_get_i(&out, i) != want;
        }
        tc_result(&row16, set, bad == 0, "%zu of 65536 wrong", bad);
        tc_tensor_free(&out);
    }
    tc_tensor_free(&x16);
    tc_tensor_free(&t16);
}

/* ---- RESCALE ---- */

typedef struct rescale_cfg {
    const char *name;
    bool scale32;
    nnx_tosa_rounding rounding;
    bool per_channel, in_u, out_u;
    int64_t izp, ozp;
} rescale_cfg;

/* INEXACT_ROUND (§4.3.2): |(out - output_zp) - ref| <= 0.5 + 3 |ref| 2^-24 with ref = (x - input_zp)
 * m 2^-shift in fp64; the interval is clipped to the output range, where a saturated result
 * lands (decision TOSA-C14). */
static bool inexact_ok(nnx_dtype out_t, int64_t value, int32_t m, int shift, int64_t ozp, int64_t got)
{
    double ref = (double)value * m * ldexp(1.0, -shift), err = 0.5 + 3 * fabs(ref) * ldexp(1.0, -24);
    double mn = (double)tcr_min(out_t), mx = (double)tcr_max(out_t);
    double lo = fmin(fmax(ref - err + (double)ozp, mn), mx), hi = fmin(fmax(ref + err + (double)ozp, mn), mx);
    return (double)got >= ceil(lo) && (double)got <= floor(hi);
}

static void rescale_row(const tc_row *row)
{
    nnx_dtype in_t = row->t[0], out_t = row->t[1];
    const nnx_tosa_rounding SINGLE = NNX_TOSA_SINGLE_ROUND;
    int64_t izp8 = in_t == NNX_INT8 ? -3 : 0, ozp8 = out_t == NNX_INT8 ? 5 : 0;
    int64_t izp_u = in_t == NNX_INT8 ? 128 : 32768, ozp_u = out_t == NNX_INT8 ? 100 : 32768; /* u8 / u16 */
    const rescale_cfg CFG[] = {
        {"scale32", true, SINGLE, false, false, false, 0, 0},
        {"scale32 per-channel", true, SINGLE, true, false, false, 0, 0},
        {"scale32 double round", true, NNX_TOSA_DOUBLE_ROUND, true, false, false, 0, 0},
        {"scale32 inexact round", true, NNX_TOSA_INEXACT_ROUND, true, false, false, izp8, ozp8},
        {"scale16", false, SINGLE, true, false, false, 0, 0},
        {"zero points", true, SINGLE, false, false, false, izp8, ozp8},
        {"unsigned input", true, SINGLE, false, true, false, izp_u, 0},
        {"unsigned output", false, SINGLE, false, false, true, 0, ozp_u},
    };
    enum { NC = 4 };
    /* halving and eighths (exact ties for the rounding), 1/sqrt(2), large shifts (double
     * rounding acts above 31), and a scale-up */
    static const int32_t M32[NC] = {1 << 30, 1518500250, 1 << 30, 2147483647};
    static const int S32[NC] = {31, 31, 33, 36};
    static const int32_t M16[NC] = {1 << 14, 23170, 1 << 14, 16385};
    static const int S16[NC] = {15, 15, 17, 6};
    for (size_t k = 0; k < sizeof CFG / sizeof CFG[0]; k++) {
        const rescale_cfg *c = &CFG[k];
        /* the spec's ERROR_IFs: skip the combinations that must be errors */
        bool small_in = in_t == NNX_INT8 || in_t == NNX_INT16, small_out = out_t == NNX_INT8 || out_t == NNX_INT16;
        if ((c->in_u && (!small_in || !small_out)) || (c->out_u && (!small_out || !small_in)))
            continue;
        if (c->scale32 && in_t == NNX_INT48)
            continue;
        size_t reps = NC;
        tc_tensor x = domain(in_t, reps, 47);
        uint32_t shape[2] = {(uint32_t)(tc_count(&x) / NC), NC};
        x.rank = 2;
        x.shape[0] = shape[0];
        x.shape[1] = shape[1];
        size_t nc = c->per_channel ? NC : 1;
        tc_tensor mul = tc_tensor_1d(c->scale32 ? NNX_INT32 : NNX_INT16, nc), sh = tc_tensor_1d(NNX_INT8, nc);
        int32_t mv[NC];
        int sv[NC];
        for (size_t i = 0; i < nc; i++) {
            mv[i] = c->scale32 ? M32[i] : M16[i];
            sv[i] = c->scale32 ? S32[i] : S16[i];
            tc_set_i(&mul, i, mv[i]);
            tc_set_i(&sh, i, sv[i]);
        }
        tc_tensor izp = tc_tensor_1d(in_t, 1), ozp = tc_tensor_1d(out_t, 1);
        tc_set_i(&izp, 0, c->izp);
        tc_set_i(&ozp, 0, c->ozp);
        nnx_tosa_attrs attrs = {.out_type = out_t,
                                .scale32 = c->scale32,
                                .per_channel = c->per_channel,
                                .input_unsigned = c->in_u,
                                .output_unsigned = c->out_u,
                                .rounding_mode = c->rounding};
        const tc_tensor *in[5] = {&x, &mul, &sh, &izp, &ozp};
        tc_tensor out;
        char set[64];
        snprintf(set, sizeof set, "%s %s", small_in ? "exhaustive" : "sampled", c->name);
        if (tc_tosa_checked(row, set, NNX_TOSA_RESCALE, &attrs, in, 5, 1, &out, 1)) {
            bool dbl = c->rounding == NNX_TOSA_DOUBLE_ROUND, inexact = c->rounding == NNX_TOSA_INEXACT_ROUND;
            tcr_rescale_args ra = {in_t, out_t, c->scale32, dbl, c->in_u, c->out_u, c->izp, c->ozp, mv, sv};
            size_t n = tc_count(&x), bad = 0, first = 0;
            for (size_t i = 0; i < n; i++) {
                int64_t want, got = tc_get_i(&out, i), v = tc_get_i(&x, i);
                int ch = c->per_channel ? (int)(i % NC) : 0;
                if (!tcr_rescale(&ra, v, ch, &want))
                    continue; /* a REQUIRE failed: unpredictable */
                bool ok = inexact ? inexact_ok(out_t, v - c->izp, mv[ch], sv[ch], c->ozp, got) : got == want;
                if (!ok && !bad++)
                    first = i;
            }
            tc_result(row, set, bad == 0, "%zu of %zu wrong, first %lld -> %lld", bad, n,
                      (long long)tc_get_i(&x, first), (long long)tc_get_i(&out, first));
            tc_tensor_free(&out);
        }
        tc_tensor_free(&x);
        tc_tensor_free(&mul);
        tc_tensor_free(&sh);
        tc_tensor_free(&izp);
        tc_tensor_free(&ozp);
    }
}

void tc_suite_int(void)
{
    bitwise_and_shifts();
    i32_arithmetic();
    mul_int();
    logical_bool();
    unary_ops();
    table_ops();
    tc_row rows[16];
    size_t n = tc_type_rows(NNX_TOSA_RESCALE, rows, 16);
    for (size_t r = 0; r < n; r++)
        rescale_row(&rows[r]);
}
