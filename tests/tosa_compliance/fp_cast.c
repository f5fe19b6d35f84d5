/* fp_cast.c — every CAST row of the spec's type tables: float sources exhaustively for 8-
 * and 16-bit formats (every bit pattern) and sampled for fp32; the float target rounding is
 * an independent RNE written here. */
#include "tc_runner.h"

#include "checker/compliance.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool is_float(nnx_dtype dt)
{
    return dt == NNX_FLOAT16 || dt == NNX_FLOAT32 || dt == NNX_BFLOAT16 || dt == NNX_FP8E4M3 || dt == NNX_FP8E5M2;
}

/* ---- CAST ---- */

/* Round v to a float format with frac fraction bits, smallest normal 2^emin and largest
 * finite max, round-to-nearest-even as if the exponent were unbounded, then range-checked:
 * E4M3 overflow gives NaN (non-saturating OCP mode), the others +-inf (spec §3 rules). */
static double round_format(double v, nnx_dtype dt)
{
    if (isnan(v) || isinf(v))
        return dt == NNX_FP8E4M3 ? NAN : v;
    if (v == 0)
        return v;
    int frac = nnx_tc_normal_frac(dt), emin = nnx_tc_ilog2(nnx_tc_normal_min(dt));
    int e = nnx_tc_ilog2(fabs(v));
    if (e < emin)
        e = emin; /* subnormal: fixed spacing */
    double q = ldexp(1.0, e - frac);
    double r = nearbyint(v / q) * q; /* v / q is exact (a power of two); nearbyint: ties to even */
    if (fabs(r) > nnx_tc_normal_max(dt))
        return dt == NNX_FP8E4M3 ? NAN : copysign(INFINITY, v);
    return r == 0 ? copysign(0.0, v) : r;
}

static int64_t int_min(nnx_dtype dt) { return dt == NNX_INT8 ? INT8_MIN : dt == NNX_INT16 ? INT16_MIN : INT32_MIN; }
static int64_t int_max(nnx_dtype dt) { return dt == NNX_INT8 ? INT8_MAX : dt == NNX_INT16 ? INT16_MAX : INT32_MAX; }

/* Input element i of a CAST source: every bit pattern of a narrow format, or samples. */
static size_t cast_inputs(nnx_dtype in_t)
{
    switch (in_t) {
    case NNX_FP8E4M3:
    case NNX_FP8E5M2:
    case NNX_INT8:
    case NNX_BOOL: return in_t == NNX_BOOL ? 2 : 256;
    case NNX_FLOAT16:
    case NNX_BFLOAT16:
    case NNX_INT16: return 65536;
    default: return 40000;
    }
}

static void fill_cast_input(tc_tensor *x)
{
    size_t n = tc_count(x);
    unsigned char *b = x->data;
    for (size_t i = 0; i < n; i++) {
        uint32_t bits = (uint32_t)i;
        if (n == 40000) { /* fp32 / int32: random patterns, plus values near integers and ties */
            uint32_t r = (uint32_t)(int64_t)(tc_rand(25, (uint32_t)i) * 2147483647.0) ^
                ((uint32_t)(int64_t)(tc_rand(26, (uint32_t)i) * 65535.0) << 16);
            bits = r;
            if (x->dtype == NNX_FLOAT32 && i % 4 == 1) {
                float f = (float)(ldexp(tc_rand(27, (uint32_t)i), 1 + (int)(i % 40)));
                if (i % 8 == 1)
                    f = (float)(floor(f) + 0.5); /* a tie for the integer targets */
                memcpy(&bits, &f, 4);
            }
        }
        memcpy(b + i * nnx_dtype_size(x->dtype), &bits, nnx_dtype_size(x->dtype));
    }
}

static bool flushable(nnx_dtype dt) { return dt == NNX_FLOAT32 || dt == NNX_FLOAT16 || dt == NNX_BFLOAT16; }

/* One element of a CAST: true when got is an acceptable result for input element i. */
static bool cast_ok(const tc_tensor *x, size_t i, const tc_tensor *out, nnx_dtype in_t, nnx_dtype out_t)
{
    if (out_t == NNX_BOOL)
        return (tc_get_i(out, i) != 0) == (tc_get_i(x, i) != 0) && tc_get_i(out, i) <= 1;
    if (in_t == NNX_BOOL)
        return is_float(out_t) ? tc_get_f(out, i) == (double)tc_get_i(x, i) : tc_get_i(out, i) == tc_get_i(x, i);
    if (!is_float(in_t) && !is_float(out_t)) { /* sign-extend or truncate */
        int64_t v = tc_get_i(x, i);
        int64_t want = out_t == NNX_INT8 ? (int8_t)v : out_t == NNX_INT16 ? (int16_t)v : (int32_t)v;
        return tc_get_i(out, i) == want;
    }
    if (!is_float(in_t)) /* int -> float: within 0.5 ULP */
        return nnx_tc_check_fp(out_t, tc_get_f(out, i), (double)tc_get_i(x, i), 0.5);
    double v = tc_get_f(x, i);
    if (!is_float(out_t)) { /* float -> int: RNE then saturate; NaN unpredictable */
        if (isnan(v))
            return true;
        double r = isinf(v) ? v : nearbyint(v);
        int64_t want = r < (double)int_min(out_t) ? int_min(out_t)
            : r > (double)int_max(out_t)          ? int_max(out_t)
                                                  : (int64_t)r;
        return tc_get_i(out, i) == want;
    }
    /* float -> float; flushed inputs and results are allowed for fp16/bf16/fp32 */
    double got = tc_get_f(out, i), want = round_format(v, out_t);
    if (nnx_tc_check_exact(out_t, got, want, false))
        return true;
    if (flushable(in_t) && v != 0 && fabs(v) < nnx_tc_normal_min(in_t))
        return got == 0 && signbit(got) == signbit(v);
    return flushable(out_t) && got == 0 && signbit(got) == signbit(v) && fabs(want) < nnx_tc_normal_min(out_t);
}

static void cast_row(const tc_row *row)
{
    nnx_dtype in_t = row->t[0], out_t = row->t[1];
    tc_tensor x = tc_tensor_1d(in_t, cast_inputs(in_t)), out;
    if (in_t == NNX_BOOL) {
        tc_set_i(&x, 0, 0);
        tc_set_i(&x, 1, 1);
    } else {
        fill_cast_input(&x);
    }
    nnx_tosa_attrs attrs = {.out_type = out_t};
    const tc_tensor *in[1] = {&x};
    bool exhaustive = tc_count(&x) != 40000;
    const char *set = exhaustive ? "every input" : "sampled inputs";
    if (!tc_tosa_checked(row, set, NNX_TOSA_CAST, &attrs, in, 1, 1, &out, 1)) {
        tc_tensor_free(&x);
        return;
    }
    size_t n = tc_count(&x), bad = 0, first = 0;
    for (size_t i = 0; i < n; i++)
        if (!cast_ok(&x, i, &out, in_t, out_t) && !bad++)
            first = i;
    tc_result(row, set, bad == 0, "%zu of %zu wrong, first %.17g -> %.17g", bad, n, tc_get_f(&x, first),
              tc_get_f(&out, first));
    tc_tensor_free(&out);
    tc_tensor_free(&x);
}

void tc_suite_fp_cast(void)
{
    tc_row rows[64];
    size_t n = tc_type_rows(NNX_TOSA_CAST, rows, 64);
    for (size_t r = 0; r < n; r++)
        cast_row(&rows[r]);
}
