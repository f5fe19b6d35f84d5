/* compliance_ref.c — the fp64 reference and the per-operator error category of TOSA's
 * element-wise floating-point operators (TOSA 1.0 §1.10.3: exact, ULP 0.5/1/2/5,
 * the calcAbsErrorBound bounds, the special-value tables), plus the REDUCE_PRODUCT and RESIZE
 * bounds and an fp64 RESIZE. Written from the spec's formulas with libm in double; it shares
 * nothing with nnx's kernels. */
#include "checker/compliance.h"

#include <math.h>

bool nnx_tc_ew_is_binary(nnx_tc_ew_op op) { return op >= NNX_TC_EW_ADD; }

double nnx_tc_ref_ew(nnx_tc_ew_op op, double x, double y)
{
    switch (op) {
    case NNX_TC_EW_ABS: return fabs(x);
    case NNX_TC_EW_NEGATE: return -x;
    case NNX_TC_EW_CEIL: return ceil(x);
    case NNX_TC_EW_FLOOR: return floor(x);
    case NNX_TC_EW_EXP: return exp(x);
    case NNX_TC_EW_LOG: return x < 0 ? NAN : log(x);
    case NNX_TC_EW_SIN: return sin(x);
    case NNX_TC_EW_COS: return cos(x);
    case NNX_TC_EW_SIGMOID:
        if (isinf(x))
            return x > 0 ? 1.0 : 0.0;
        return 1.0 / (1.0 + exp(-x));
    case NNX_TC_EW_TANH: return tanh(x);
    case NNX_TC_EW_ERF: return erf(x);
    case NNX_TC_EW_RECIPROCAL: return 1.0 / x;
    case NNX_TC_EW_RSQRT: return x < 0 ? NAN : 1.0 / sqrt(x);
    case NNX_TC_EW_ADD: return x + y;
    case NNX_TC_EW_SUB: return x - y;
    case NNX_TC_EW_MUL: return x * y;
    case NNX_TC_EW_POW:
        if (x == 0 && y > 0)
            return 0.0;
        if (x > 0 && y == 0)
            return 1.0;
        return pow(x, y);
    case NNX_TC_EW_MAXIMUM: return isnan(x) || isnan(y) ? NAN : fmax(x, y);
    case NNX_TC_EW_MINIMUM: return isnan(x) || isnan(y) ? NAN : fmin(x, y);
    case NNX_TC_EW_COUNT: break;
    }
    return NAN;
}

bool nnx_tc_ew_defined(nnx_tc_ew_op op, double x, double y)
{
    if (op != NNX_TC_EW_POW)
        return true;
    if (!isfinite(x) || !isfinite(y) || x < 0)
        return false;
    return !(x == 0 && y <= 0);
}

/* Unary operators with a special-value table (TOSA 1.0 §1.10.3 / §4.5.3; ERF by decision
 * TOSA-C7): their results for +-inf, +-0 and NaN are exact. */
static bool has_table(nnx_tc_ew_op op) { return !nnx_tc_ew_is_binary(op); }

static bool check_one(nnx_tc_ew_op op, nnx_dtype dt, double x, double y, double test)
{
    double ref = nnx_tc_ref_ew(op, x, y);
    bool special = isnan(x) || isinf(x) || x == 0;
    if (has_table(op) && special)
        return nnx_tc_check_exact(dt, test, ref, false);
    double t = 1.0 + fabs(x);
    switch (op) {
    case NNX_TC_EW_ABS:
    case NNX_TC_EW_NEGATE: return nnx_tc_check_exact(dt, test, ref, false);
    case NNX_TC_EW_MAXIMUM:
    case NNX_TC_EW_MINIMUM: return nnx_tc_check_exact(dt, test, ref, true);
    case NNX_TC_EW_ADD:
    case NNX_TC_EW_SUB:
    case NNX_TC_EW_MUL:
    case NNX_TC_EW_CEIL:
    case NNX_TC_EW_FLOOR: return nnx_tc_check_fp(dt, test, ref, 0.5);
    case NNX_TC_EW_RECIPROCAL: return nnx_tc_check_fp(dt, test, ref, 1);
    case NNX_TC_EW_RSQRT: return nnx_tc_check_fp(dt, test, ref, 2);
    case NNX_TC_EW_ERF:
    case NNX_TC_EW_LOG: return nnx_tc_check_fp(dt, test, ref, 5);
    case NNX_TC_EW_EXP: return nnx_tc_check_fp_bnd(dt, test, ref, nnx_tc_abs_error_bound(dt, ref, t, 0, 1));
    case NNX_TC_EW_SIGMOID: return nnx_tc_check_fp_bnd(dt, test, ref, nnx_tc_abs_error_bound(dt, ref, 2 * t, 0, 1));
    case NNX_TC_EW_TANH: return nnx_tc_check_fp_bnd(dt, test, ref, nnx_tc_abs_error_bound(dt, ref, 4 * t, 0.5, 1));
    case NNX_TC_EW_COS: return nnx_tc_check_fp_bnd(dt, test, ref, nnx_tc_abs_error_bound(dt, t, 1, 0, 2));
    case NNX_TC_EW_SIN: {
        double b = fmax(nnx_tc_abs_error_bound(dt, x, 1, 0, 2), M_PI * nnx_tc_normal_min(dt));
        return nnx_tc_check_fp_bnd(dt, test, ref, b);
    }
    case NNX_TC_EW_POW: {
        if ((x == 0 && y > 0) || (x > 0 && y == 0)) /* "0" and "1": either zero sign (TOSA-C7) */
            return nnx_tc_check_exact(dt, test, ref, true);
        double b = nnx_tc_abs_error_bound(dt, ref, 2 * (1 + fabs(log(fabs(x)) * y)), 0, 1);
        return nnx_tc_check_fp_bnd(dt, test, ref, b);
    }
    case NNX_TC_EW_COUNT: break;
    }
    return false;
}

static bool is_subnormal_in(nnx_dtype dt, double v)
{
    bool flushable = dt == NNX_FLOAT32 || dt == NNX_FLOAT16 || dt == NNX_BFLOAT16;
    return flushable && v != 0 && fabs(v) < nnx_tc_normal_min(dt);
}

bool nnx_tc_check_ew(nnx_tc_ew_op op, nnx_dtype dt, double x, double y, double test)
{
    if (!nnx_tc_ew_defined(op, x, y))
        return true; /* REQUIRE failed: unpredictable, no requirement */
    if (check_one(op, dt, x, y, test))
        return true;
    /* An implementation may flush subnormal inputs to a sign-preserved zero (§1.10.3). */
    double fx = is_subnormal_in(dt, x) ? copysign(0.0, x) : x;
    double fy = nnx_tc_ew_is_binary(op) && is_subnormal_in(dt, y) ? copysign(0.0, y) : y;
    if ((fx != x || fy != y || signbit(fx) != signbit(x)) && nnx_tc_ew_defined(op, fx, fy))
        return check_one(op, dt, fx, fy, test);
    return false;
}

double nnx_tc_reduce_product_bound(nnx_dtype dt, double ref, int64_t n)
{
    double e = nnx_tc_exp2(-nnx_tc_normal_frac(dt) - 1);
    return fmax(fabs(ref), nnx_tc_normal_min(dt)) * (pow(1 + e, (double)n) - 1);
}

double nnx_tc_resize_bound(nnx_dtype dt, double max_abs_input)
{
    double ulp_bnd = nnx_tc_abs_error_bound(dt, max_abs_input, 20.0, 0, 1);
    return fmax(ulp_bnd, max_abs_input * 0.006);
}

static int64_t floor_div(int64_t a, int64_t b)
{
    int64_t q = a / b;
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

static int64_t clampi(int64_t v, int64_t lo, int64_t hi) { return v < lo ? lo : v > hi ? hi : v; }

void nnx_tc_ref_resize(const double *in, int64_t N, int64_t IH, int64_t IW, int64_t C, const int64_t scale[4],
                       const int64_t offset[2], int64_t OH, int64_t OW, bool bilinear, double *out)
{
    for (int64_t n = 0; n < N; n++)
        for (int64_t oy = 0; oy < OH; oy++)
            for (int64_t ox = 0; ox < OW; ox++) {
                int64_t y = oy * scale[1] + offset[0], x = ox * scale[3] + offset[1];
                int64_t iy = floor_div(y, scale[0]), ix = floor_div(x, scale[2]);
                double dy = (double)(y - iy * scale[0]) / (double)scale[0];
                double dx = (double)(x - ix * scale[2]) / (double)scale[2];
                int64_t iy0 = clampi(iy, 0, IH - 1), iy1 = clampi(iy + 1, 0, IH - 1);
                int64_t ix0 = clampi(ix, 0, IW - 1), ix1 = clampi(ix + 1, 0, IW - 1);
                for (int64_t c = 0; c < C; c++) {
#define AT(yy, xx) in[(((n)*IH + (yy)) * IW + (xx)) * C + c]
                    double v;
                    if (bilinear)
                        v = AT(iy0, ix0) * (1 - dy) * (1 - dx) + AT(iy0, ix1) * (1 - dy) * dx +
                            AT(iy1, ix0) * dy * (1 - dx) + AT(iy1, ix1) * dy * dx;
                    else
                        v = AT(dy >= 0.5 ? iy1 : iy0, dx >= 0.5 ? ix1 : ix0);
#undef AT
                    out[((n * OH + oy) * OW + ox) * C + c] = v;
                }
            }
}
