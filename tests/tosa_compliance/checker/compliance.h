/* compliance.h — the TOSA 1.0 compliance checker (internal; TOSA 1.0 §1.10, Appendix A): the
 * Appendix A test-data generator (set_data with an O(log n) jump-ahead, tosa_pro_fp_data for
 * the sets S = 0..5 and each dot-product operator's data layout), the floating-point checks
 * (exact, ULP, absolute bound, the dot-product statistical test) and an fp64 reference of each
 * floating-point operator written from the spec alone (independent of nnx's kernels).
 * Prefix nnx_tc_ ("TOSA compliance"), apart from the front end's nnx_tosa_ names. */
#ifndef NNX_TC_COMPLIANCE_H
#define NNX_TC_COMPLIANCE_H

#include "nnx.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ---- Appendix A data generation (compliance_data.c) ---------------------------------------- */

enum { NNX_TC_MIN_DOT_PRODUCTS = 1000, NNX_TC_TEST_SETS = 6 };

/* set_data(set, index) of §5.1 in O(log index): r_index = sum_{j=0}^{index+1} m^j mod 2^32,
 * evaluated as index + 1 applications of the affine map x -> m*x + 1 by repeated squaring.
 * The float arithmetic is the spec's (fp32: the numerator rounds to 24 bits, 0x7FFFFFFF
 * rounds to 2^31); the result lies in [-1, 1]. */
float nnx_tc_set_data(uint32_t set, uint32_t index);
/* The literal loop of the spec, O(index): the oracle the jump-ahead is tested against. */
float nnx_tc_set_data_stepped(uint32_t set, uint32_t index);

/* B of §5.2: the largest value representable in the input type(s) whose square does not
 * overflow the output type. in2 = NNX_DTYPE_UNDEFINED for a single input type. Returns 0 for
 * a combination the table does not list. */
double nnx_tc_data_bound(nnx_dtype in1, nnx_dtype in2, nnx_dtype out);

/* tosa_pro_fp_data(S, KS, p, k, i) of §5.2 in fp64: p = 0 data, 1 weights, 2 bias; k the
 * index within the kernel (0 <= k < KS), i the element index. The caller rounds the result
 * to the input type (RNE, decision TOSA-C3). */
double nnx_tc_pro_fp_data(int S, int64_t KS, int p, int64_t k, int64_t i, double B);

/* One dot-product operator's generated operands, already rounded to their types and held as
 * doubles (so the reference sees exactly the values nnx runs on). Layouts are TOSA's: NHWC /
 * NDHWC inputs, OHWI / OKDHWI / HWIM weights. */
typedef struct nnx_tc_dot_data {
    int64_t KS;
    size_t n_input, n_weight, n_bias;
    double *input, *weight, *bias; /* malloc'ed; free with nnx_tc_dot_data_free */
} nnx_tc_dot_data;

/* Shapes of the dot-product operators (§5.3). Unused members are 1 (d axes for 2-D ops). */
typedef struct nnx_tc_dot_shape {
    int64_t N, ID, IH, IW, IC; /* input */
    int64_t OC, KD, KH, KW, M; /* weights; M: depthwise multiplier */
    int64_t C;                 /* MATMUL: A [N,H=IH,C], B [N,C,W=IW]; REDUCE_SUM: axis extent */
    int64_t outer, inner;      /* REDUCE_SUM: extent before / after the axis */
    bool bias;                 /* BC = OC (else no bias tensor: all zero) */
} nnx_tc_dot_shape;

typedef enum nnx_tc_dot_op {
    NNX_TC_DOT_CONV2D,
    NNX_TC_DOT_CONV3D,
    NNX_TC_DOT_DEPTHWISE_CONV2D,
    NNX_TC_DOT_TRANSPOSE_CONV2D,
    NNX_TC_DOT_MATMUL,
    NNX_TC_DOT_AVG_POOL2D,
    NNX_TC_DOT_REDUCE_SUM
} nnx_tc_dot_op;

/* Fills d for op with set S per the §5.3 layout; values are rounded to in_t / weight_t (bias:
 * out_t). Returns false on allocation failure or an unusable shape. */
bool nnx_tc_dot_data_make(nnx_tc_dot_data *d, nnx_tc_dot_op op, const nnx_tc_dot_shape *s, int S, nnx_dtype in_t,
                          nnx_dtype weight_t, nnx_dtype out_t);
void nnx_tc_dot_data_free(nnx_tc_dot_data *d);

/* Rounds v to the float type dt (RNE, the type's overflow rules) and back to double. */
double nnx_tc_round_to(nnx_dtype dt, double v);

/* ---- floating-point checks (compliance_check.c) -------------------------------------------- */

/* §4.5.3 constants of a float type: normal_min, normal_max, normal_frac. Only fp32, fp16,
 * bf16, fp8e4m3 and fp8e5m2 are defined; fp64 answers its own constants for convenience. */
double nnx_tc_normal_min(nnx_dtype dt);
double nnx_tc_normal_max(nnx_dtype dt);
int nnx_tc_normal_frac(nnx_dtype dt);

/* The spec's exp2(int) (0 below -1075) and ilog2 (floor(log2 v) for 0 < v < inf). */
double nnx_tc_exp2(int n);
int nnx_tc_ilog2(double v);

/* calcAbsErrorBound<dt>: exp2(-normal_frac / normal_divisor) * max(|magnitude|, normal_min,
 * lower_bound / bounds_value) * bounds_value, the exponent real-valued (decision TOSA-C1). */
double nnx_tc_abs_error_bound(nnx_dtype dt, double bound_magnitude, double bounds_value, double lower_bound,
                              double normal_divisor);

/* The size of one ULP of ref in dt as tosa_reference_check_fp defines it: 2^ilog2|ref|
 * (clamped below at normal_min) * 2^-normal_frac; 0 for a non-normal fp64 ref (0, inf, NaN). */
double nnx_tc_ulp(nnx_dtype dt, double ref);

/* tosa_reference_check_fp<dt>(test, ref, num_ulp) and ..._fp_bnd<dt>(test, ref, err_bnd):
 * test is the implementation's dt value widened to double. NaN ref needs a NaN test; an
 * infinite bound accepts anything; +-inf is accepted when the interval passes normal_max; a
 * zero test (fp32/fp16/bf16) is accepted when the interval reaches below normal_min (flush);
 * fp8e4m3 NaN is accepted for an overflowing interval. */
bool nnx_tc_check_fp(nnx_dtype dt, double test, double ref, double num_ulp);
bool nnx_tc_check_fp_bnd(nnx_dtype dt, double test, double ref, double err_bnd);

/* Bit-exact compare modulo the spec's freedoms: any NaN matches any NaN; with zero_sign_free
 * either zero sign is accepted; fp32/fp16/bf16 subnormal refs may come back as a zero of
 * either sign (flush, §1.10.3). */
bool nnx_tc_check_exact(nnx_dtype dt, double test, double ref, bool zero_sign_free);

/* ksb of the dot-product test: ceil(KS / 2^((frac(acc) - frac(out)) / 2)) + (bias ? 1 : 0),
 * the exponent real-valued (decision TOSA-C1). */
double nnx_tc_ksb(int64_t KS, nnx_dtype acc_t, nnx_dtype out_t, bool bias_nonzero);

typedef enum nnx_tc_dot_verdict {
    NNX_TC_DOT_PASS,
    NNX_TC_DOT_NAN_MISMATCH,  /* the reference is NaN and the implementation is not */
    NNX_TC_DOT_ZERO_MISMATCH, /* every product is zero but the result is not */
    NNX_TC_DOT_ELEMENT_ERROR, /* |imp - ref| / e_unit > ksb for one output */
    NNX_TC_DOT_BIAS,          /* |sum E| > 2 sqrt(ksb T) (sets 3..5) */
    NNX_TC_DOT_VARIANCE       /* sum E^2 > 0.4 ksb T */
} nnx_tc_dot_verdict;

typedef struct nnx_tc_dot_result {
    nnx_tc_dot_verdict verdict;
    size_t index;                                /* the failing output for the per-element verdicts */
    double ksb, err_sum, err_sumsq, max_abs_err; /* statistics over the outputs checked */
} nnx_tc_dot_result;

/* tosa_reference_check_dotproduct over n outputs: imp (out_t values as double), ref (the
 * fp64 reference on the real data, no extra multiplies) and bnd (the fp64 reference on |data|
 * with the global input maximum unless local_bound, extra multiplies on). */
nnx_tc_dot_result nnx_tc_check_dotproduct(int S, int64_t KS, nnx_dtype acc_t, nnx_dtype out_t, bool bias_nonzero,
                                          const double *imp, const double *ref, const double *bnd, size_t n);
const char *nnx_tc_dot_verdict_name(nnx_tc_dot_verdict v);

/* ---- fp64 reference of the floating-point operators (compliance_ref*.c) --------------------- */

/* Element-wise floating-point operators with their §4.3.2 error category. */
typedef enum nnx_tc_ew_op {
    NNX_TC_EW_ABS,
    NNX_TC_EW_NEGATE,
    NNX_TC_EW_CEIL,
    NNX_TC_EW_FLOOR,
    NNX_TC_EW_EXP,
    NNX_TC_EW_LOG,
    NNX_TC_EW_SIN,
    NNX_TC_EW_COS,
    NNX_TC_EW_SIGMOID,
    NNX_TC_EW_TANH,
    NNX_TC_EW_ERF,
    NNX_TC_EW_RECIPROCAL,
    NNX_TC_EW_RSQRT,
    NNX_TC_EW_ADD,
    NNX_TC_EW_SUB,
    NNX_TC_EW_MUL,
    NNX_TC_EW_POW,
    NNX_TC_EW_MAXIMUM,
    NNX_TC_EW_MINIMUM,
    NNX_TC_EW_COUNT
} nnx_tc_ew_op;

/* The fp64 result of op on x (and y for binary ops), the special-value tables included
 * (NaN propagates for MAXIMUM / MINIMUM, nan_mode PROPAGATE). */
double nnx_tc_ref_ew(nnx_tc_ew_op op, double x, double y);
bool nnx_tc_ew_is_binary(nnx_tc_ew_op op);
/* The domain where the op's result is defined (POW: x > 0 finite and y finite, or x == 0 and
 * y > 0); outside it any result is accepted (REQUIRE, unpredictable). */
bool nnx_tc_ew_defined(nnx_tc_ew_op op, double x, double y);
/* Checks one output of op in dt (test = the implementation's value) per §4.3.2: exact, ULP or
 * absolute bound; special-value table entries (x or y infinite, zero or NaN) exactly. */
bool nnx_tc_check_ew(nnx_tc_ew_op op, nnx_dtype dt, double x, double y, double test);

/* Dot-product operators in fp64 (compliance_ref_dot.c). Tensors are the generated layouts of
 * nnx_tc_dot_data. With bound = true the reference runs on |input| (its global maximum when
 * !local_bound), |weight| and |bias| — output_bnd of §4.3.3; else output_ref. out must hold
 * nnx_tc_dot_outputs(op, s, a) doubles. Padding and (transpose) out_pad share pad; 2-D
 * operators leave the d entries at stride 1, dilation 1, pad 0. Output extents use the
 * spec's formulas (an inexact division is the caller's error: TOSA requires exact ones). */
typedef struct nnx_tc_dot_attrs {
    int64_t stride[3], dilation[3], pad[6]; /* order d, y, x; pad [d0, d1, top, bottom, left, right] */
    int64_t kernel[2];                      /* AVG_POOL2D kernel y, x (equal to KH, KW of the shape) */
} nnx_tc_dot_attrs;
size_t nnx_tc_dot_outputs(nnx_tc_dot_op op, const nnx_tc_dot_shape *s, const nnx_tc_dot_attrs *a, int64_t *OD,
                          int64_t *OH, int64_t *OW);
void nnx_tc_ref_dot(nnx_tc_dot_op op, const nnx_tc_dot_shape *s, const nnx_tc_dot_attrs *a, const nnx_tc_dot_data *d,
                    bool bound, bool local_bound, double *out);

/* REDUCE_PRODUCT's absolute bound (§4.3.2): max(|ref|, normal_min) * ((1 + 2^(-frac-1))^n - 1). */
double nnx_tc_reduce_product_bound(nnx_dtype dt, double ref, int64_t n);
/* RESIZE's absolute bound: max(calcAbsErrorBound(max|input|, 20, 0, 1), max|input| * 0.006). */
double nnx_tc_resize_bound(nnx_dtype dt, double max_abs_input);

/* RESIZE (§5.2) in fp64 on [N,IH,IW,C]: scale [yn, yd, xn, xd], offset [y, x], bilinear or
 * nearest; out has N*OH*OW*C elements (OH/OW from the spec's exact-division rule). */
void nnx_tc_ref_resize(const double *in, int64_t N, int64_t IH, int64_t IW, int64_t C, const int64_t scale[4],
                       const int64_t offset[2], int64_t OH, int64_t OW, bool bilinear, double *out);

#endif
