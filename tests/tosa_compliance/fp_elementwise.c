/* fp_elementwise.c — TOSA's element-wise floating-point operators (ABS ... POW, MAXIMUM,
 * MINIMUM) in fp16, bf16 and fp32: 2048 generated values over each operator's interesting
 * range (Appendix A defines data for dot products only; decision TOSA-C6) plus every pair of
 * special values (+-0, +-inf, NaN, subnormals, extremes), each result checked by its §4.3.2
 * category against the fp64 reference (nnx_tc_check_ew). Run through the TOSA front end. */
#include "tc_runner.h"

#include "checker/compliance.h"

#include <math.h>
#include <stdio.h>

typedef struct ew_case {
    nnx_tosa_op tosa;
    nnx_tc_ew_op ew;
} ew_case;

static const ew_case CASES[] = {
    {NNX_TOSA_ABS, NNX_TC_EW_ABS},         {NNX_TOSA_NEGATE, NNX_TC_EW_NEGATE},
    {NNX_TOSA_CEIL, NNX_TC_EW_CEIL},       {NNX_TOSA_FLOOR, NNX_TC_EW_FLOOR},
    {NNX_TOSA_EXP, NNX_TC_EW_EXP},         {NNX_TOSA_LOG, NNX_TC_EW_LOG},
    {NNX_TOSA_SIN, NNX_TC_EW_SIN},         {NNX_TOSA_COS, NNX_TC_EW_COS},
    {NNX_TOSA_SIGMOID, NNX_TC_EW_SIGMOID}, {NNX_TOSA_TANH, NNX_TC_EW_TANH},
    {NNX_TOSA_ERF, NNX_TC_EW_ERF},         {NNX_TOSA_RECIPROCAL, NNX_TC_EW_RECIPROCAL},
    {NNX_TOSA_RSQRT, NNX_TC_EW_RSQRT},     {NNX_TOSA_ADD, NNX_TC_EW_ADD},
    {NNX_TOSA_SUB, NNX_TC_EW_SUB},         {NNX_TOSA_MUL, NNX_TC_EW_MUL},
    {NNX_TOSA_POW, NNX_TC_EW_POW},         {NNX_TOSA_MAXIMUM, NNX_TC_EW_MAXIMUM},
    {NNX_TOSA_MINIMUM, NNX_TC_EW_MINIMUM},
};

enum { N_RANDOM = 2048 };

/* A value spread over the type's exponent range: sd * 2^(round(span * sd')). */
static double wide(nnx_dtype dt, uint32_t set, uint32_t i)
{
    double span = dt == NNX_FLOAT16 ? 16 : 70;
    return tc_rand(set, i) * ldexp(1.0, (int)lrint(span * tc_rand(set + 1, i)));
}

/* The i-th generated operand `which` (0: x, 1: y) of op, before rounding to dt. */
static double operand(nnx_tc_ew_op op, nnx_dtype dt, int which, uint32_t i)
{
    uint32_t set = 2 + 4 * (uint32_t)which;
    double s = tc_rand(set, i);
    double lnmax = log(nnx_tc_normal_max(dt));
    switch (op) {
    case NNX_TC_EW_EXP: return s * lnmax * 1.05; /* a few overflow */
    case NNX_TC_EW_LOG:
    case NNX_TC_EW_RSQRT: return fabs(wide(dt, set, i));
    case NNX_TC_EW_SIN:
    case NNX_TC_EW_COS: return i % 4 ? s * 8 : s * 1000;
    case NNX_TC_EW_SIGMOID:
    case NNX_TC_EW_TANH: return s * 20;
    case NNX_TC_EW_ERF: return s * 5;
    case NNX_TC_EW_POW: return which == 0 ? exp2(4 * s) : 6 * s;
    default: return wide(dt, set, i);
    }
}

/* Special operands: zeros, infinities, NaN, the smallest subnormal and normal, the largest
 * finite value, and ordinary values, each with both signs. */
static int specials(nnx_dtype dt, double *v)
{
    double base[] = {0.0, INFINITY, NAN, 0x1p-149, nnx_tc_normal_min(dt), nnx_tc_normal_max(dt), 1.0, 0.5, 2.5};
    base[3] = dt == NNX_FLOAT16 ? 0x1p-24 : dt == NNX_BFLOAT16 ? 0x1p-133 : 0x1p-149; /* smallest subnormal */
    int n = 0;
    for (size_t i = 0; i < sizeof base / sizeof base[0]; i++) {
        v[n++] = base[i];
        v[n++] = -base[i];
    }
    return n;
}

static void run_case(const ew_case *c, nnx_dtype dt)
{
    tc_row row = {c->tosa, {dt}, 0};
    if (c->tosa == NNX_TOSA_MUL || c->tosa == NNX_TOSA_NEGATE)
        row.t[1] = dt; /* in_t/out_t, in_out_t/acc_t: the same float type */
    bool binary = nnx_tc_ew_is_binary(c->ew);
    double sp[32];
    int n_sp = specials(dt, sp);
    size_t n_special = binary ? (size_t)(n_sp * n_sp) : (size_t)n_sp;
    size_t n = N_RANDOM + n_special;
    tc_tensor x = tc_tensor_1d(dt, n), y = tc_tensor_1d(dt, binary ? n : 0), out;
    for (size_t i = 0; i < n; i++) {
        double a, b = 0;
        if (i < N_RANDOM) {
            a = operand(c->ew, dt, 0, (uint32_t)i);
            b = operand(c->ew, dt, 1, (uint32_t)i);
        } else {
            size_t k = i - N_RANDOM;
            a = sp[binary ? k / (size_t)n_sp : k];
            b = sp[binary ? k % (size_t)n_sp : 0];
        }
        tc_set_f(&x, i, a);
        if (binary)
            tc_set_f(&y, i, b);
    }
    /* NEGATE's zero points and MUL's shift are constant inputs, 0 for floats */
    tc_tensor zp = tc_scalar(dt, 0), shift = tc_scalar(NNX_INT8, 0);
    const tc_tensor *in[3] = {&x, binary ? &y : &zp, c->tosa == NNX_TOSA_MUL ? &shift : &zp};
    uint32_t n_in = c->tosa == NNX_TOSA_NEGATE || c->tosa == NNX_TOSA_MUL ? 3 : binary ? 2 : 1;
    if (tc_tosa_checked(&row, "generated values", c->tosa, NULL, in, n_in, binary ? 2 : 1, &out, 1)) {
        size_t bad[2] = {0, 0}, first[2] = {0, 0};
        for (size_t i = 0; i < n; i++) {
            double a = tc_get_f(&x, i), b = binary ? tc_get_f(&y, i) : 0, got = tc_get_f(&out, i);
            if (!nnx_tc_check_ew(c->ew, dt, a, b, got)) {
                int part = i >= N_RANDOM;
                if (!bad[part]++)
                    first[part] = i;
            }
        }
        for (int part = 0; part < 2; part++) {
            size_t i = first[part];
            double a = tc_get_f(&x, i), b = binary ? tc_get_f(&y, i) : 0;
            tc_result(&row, part ? "special values" : "generated values", bad[part] == 0,
                      "%zu of %zu wrong, first: x=%.9g y=%.9g -> %.9g, reference %.9g", bad[part],
                      part ? n_special : (size_t)N_RANDOM, a, b, bad[part] ? tc_get_f(&out, i) : 0.0,
                      nnx_tc_ref_ew(c->ew, a, b));
        }
        tc_tensor_free(&out);
    }
    tc_tensor_free(&x);
    tc_tensor_free(&y);
    tc_tensor_free(&zp);
    tc_tensor_free(&shift);
}

void tc_suite_fp_elementwise(void)
{
    static const nnx_dtype TYPES[] = {NNX_FLOAT16, NNX_FLOAT32, NNX_BFLOAT16};
    for (size_t c = 0; c < sizeof CASES / sizeof CASES[0]; c++)
        for (size_t t = 0; t < 3; t++)
            run_case(&CASES[c], TYPES[t]);
}
