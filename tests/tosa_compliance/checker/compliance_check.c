/* compliance_check.c — the TOSA floating-point checks (TOSA 1.0 §4.5.3 and §1.10.3): the
 * format constants, ULP and absolute-bound checks transcribed from the spec's pseudocode, the
 * bit-exact compare with the spec's freedoms, and the dot-product statistical test. Every test
 * value arrives widened to double from its own type. */
#include "checker/compliance.h"

#include <math.h>

double nnx_tc_normal_min(nnx_dtype dt)
{
    switch (dt) {
    case NNX_FLOAT32:
    case NNX_BFLOAT16: return 0x1p-126;
    case NNX_FLOAT16: return 0x1p-14;
    case NNX_FP8E4M3: return 0x1p-6;
    case NNX_FP8E5M2: return 0x1p-14;
    default: return 0x1p-1022;
    }
}

double nnx_tc_normal_max(nnx_dtype dt)
{
    switch (dt) {
    case NNX_FLOAT32: return 0x1p128 - 0x1p104;
    case NNX_BFLOAT16: return 0x1p128 - 0x1p120;
    case NNX_FLOAT16: return 0x1p16 - 0x1p5;
    case NNX_FP8E4M3: return 0x1p9 - 0x1p6;
    case NNX_FP8E5M2: return 0x1p16 - 0x1p13;
    default: return 0x1.fffffffffffffp1023;
    }
}

int nnx_tc_normal_frac(nnx_dtype dt)
{
    switch (dt) {
    case NNX_FLOAT32: return 23;
    case NNX_BFLOAT16: return 7;
    case NNX_FLOAT16: return 10;
    case NNX_FP8E4M3: return 3;
    case NNX_FP8E5M2: return 2;
    default: return 52;
    }
}

double nnx_tc_exp2(int n)
{
    if (n < -1075)
        return 0.0;
    return ldexp(1.0, n); /* exact, as the spec's loop of doublings/halvings */
}

int nnx_tc_ilog2(double v)
{
    int e;
    frexp(v, &e); /* v = f * 2^e with 0.5 <= f < 1, so floor(log2 v) = e - 1 */
    return e - 1;
}

/* The real-valued exp2 used where the spec divides an integer exponent by an fp64 divisor. */
static double exp2_real(double x) { return pow(2.0, x); }

double nnx_tc_abs_error_bound(nnx_dtype dt, double bound_magnitude, double bounds_value, double lower_bound,
                              double normal_divisor)
{
    double error_bound = 0.0;
    if (isfinite(bounds_value) || fabs(bound_magnitude) != 0.0) {
        double value_bound = fmax(fabs(bound_magnitude), nnx_tc_normal_min(dt));
        if (lower_bound > 0)
            value_bound = fmax(lower_bound / bounds_value, value_bound);
        error_bound = exp2_real(-nnx_tc_normal_frac(dt) / normal_divisor) * value_bound;
        error_bound = error_bound * bounds_value;
    }
    return error_bound;
}

double nnx_tc_ulp(nnx_dtype dt, double ref)
{
    if (!isnormal(ref))
        return 0.0;
    double ref_pow2 = fmax(nnx_tc_exp2(nnx_tc_ilog2(fabs(ref))), nnx_tc_normal_min(dt));
    return ref_pow2 * nnx_tc_exp2(-nnx_tc_normal_frac(dt));
}

bool nnx_tc_check_fp(nnx_dtype dt, double test, double ref, double num_ulp)
{
    return nnx_tc_check_fp_bnd(dt, test, ref, nnx_tc_ulp(dt, ref) * num_ulp);
}

static bool flushable(nnx_dtype dt) { return dt == NNX_FLOAT32 || dt == NNX_FLOAT16 || dt == NNX_BFLOAT16; }

bool nnx_tc_check_fp_bnd(nnx_dtype dt, double test, double ref, double err_bnd)
{
    if (isnan(ref))
        return isnan(test);
    if (!isfinite(err_bnd))
        return true;
    if (err_bnd < 0.0) /* REQUIRE(err_bnd >= 0): no requirement on the result */
        return true;
    if (ref < 0) {
        ref = -ref;
        test = -test;
    }
    double ref_max = ref + err_bnd, ref_min = ref - err_bnd, nmax = nnx_tc_normal_max(dt);
    if (ref_max > nmax)
        ref_max = INFINITY;
    if (ref_min > nmax)
        ref_min = INFINITY;
    if (ref_min < -nmax)
        ref_min = -INFINITY;
    if (flushable(dt) && test == 0)
        return ref_min < nnx_tc_normal_min(dt);
    if (dt == NNX_FP8E4M3 && isnan(test))
        return ref_max == INFINITY;
    return test >= ref_min && test <= ref_max;
}

bool nnx_tc_check_exact(nnx_dtype dt, double test, double ref, bool zero_sign_free)
{
    if (isnan(ref) || isnan(test))
        return isnan(ref) && isnan(test);
    if (test == ref) {
        if (test != 0 || zero_sign_free)
            return true;
        return signbit(test) == signbit(ref);
    }
    /* A subnormal result may be flushed to a zero (sign-preserved, or either sign where the
     * operator allows it). */
    if (flushable(dt) && test == 0 && ref != 0 && fabs(ref) < nnx_tc_normal_min(dt))
        return zero_sign_free || signbit(test) == signbit(ref);
    return false;
}

double nnx_tc_ksb(int64_t KS, nnx_dtype acc_t, nnx_dtype out_t, bool bias_nonzero)
{
    double shift = (nnx_tc_normal_frac(acc_t) - nnx_tc_normal_frac(out_t)) / 2.0;
    return ceil((double)KS / exp2_real(shift)) + (bias_nonzero ? 1 : 0);
}

const char *nnx_tc_dot_verdict_name(nnx_tc_dot_verdict v)
{
    switch (v) {
    case NNX_TC_DOT_PASS: return "pass";
    case NNX_TC_DOT_NAN_MISMATCH: return "reference NaN, result not";
    case NNX_TC_DOT_ZERO_MISMATCH: return "all products zero, result not";
    case NNX_TC_DOT_ELEMENT_ERROR: return "element error above ksb";
    case NNX_TC_DOT_BIAS: return "error bias (sum) too large";
    case NNX_TC_DOT_VARIANCE: return "error variance (sum of squares) too large";
    }
    return "?";
}

/* static_cast<out_t>(v) == infinity: the value overflows out_t (for fp8e4m3, which has no
 * infinity, the cast gives its NaN). */
static bool overflows(nnx_dtype out_t, double v)
{
    double r = nnx_tc_round_to(out_t, v);
    return isinf(r) || (out_t == NNX_FP8E4M3 && isnan(r));
}

nnx_tc_dot_result nnx_tc_check_dotproduct(int S, int64_t KS, nnx_dtype acc_t, nnx_dtype out_t, bool bias_nonzero,
                                          const double *imp, const double *ref, const double *bnd, size_t n)
{
    nnx_tc_dot_result r = {NNX_TC_DOT_PASS, 0, nnx_tc_ksb(KS, acc_t, out_t, bias_nonzero), 0, 0, 0};
    int frac = nnx_tc_normal_frac(out_t);
    double half_ulp = nnx_tc_exp2(-1 - frac);
    for (size_t i = 0; i < n; i++) {
        double out_err = 0.0;
        if (isnan(ref[i])) {
            if (!isnan(imp[i])) {
                r.verdict = NNX_TC_DOT_NAN_MISMATCH;
                r.index = i;
                return r;
            }
        } else if (isnan(bnd[i]) || overflows(out_t, bnd[i] * (1 + r.ksb * half_ulp))) {
            out_err = 0.0; /* no accuracy requirement */
        } else if (bnd[i] == 0.0) {
            if (ref[i] != 0.0 || imp[i] != 0.0) {
                r.verdict = NNX_TC_DOT_ZERO_MISMATCH;
                r.index = i;
                return r;
            }
        } else {
            double unit = fmax(bnd[i] * half_ulp, nnx_tc_normal_min(out_t));
            out_err = (imp[i] - ref[i]) / unit;
            /* A NaN or infinite result under a finite bound fails (decision TOSA-C5: the
             * spec's comparison would let a NaN error through). */
            if (!(fabs(out_err) <= r.ksb)) {
                r.verdict = NNX_TC_DOT_ELEMENT_ERROR;
                r.index = i;
                r.max_abs_err = fabs(out_err);
                return r;
            }
        }
        r.err_sum += out_err;
        r.err_sumsq += out_err * out_err;
        r.max_abs_err = fmax(r.max_abs_err, fabs(out_err));
    }
    double T = (double)n;
    if (S >= 3 && S <= 5 && fabs(r.err_sum) > 2 * sqrt(r.ksb * T))
        r.verdict = NNX_TC_DOT_BIAS;
    else if (r.err_sumsq > 0.4 * r.ksb * T)
        r.verdict = NNX_TC_DOT_VARIANCE;
    return r;
}
