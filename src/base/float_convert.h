/* float_convert.h - conversions between binary32/binary64 and the narrow
 * floating-point storage formats used by nnx: IEEE binary16 (f16), bfloat16
 * (bf16), OCP OFP8 E4M3 ("fn" variant) and OCP OFP8 E5M2, their FNUZ forms
 * (ONNX FLOAT8E4M3FNUZ, FLOAT8E5M2FNUZ), and the OCP Microscaling element
 * and scale types E2M1 (ONNX FLOAT4E2M1) and E8M0 (ONNX FLOAT8E8M0).
 * All functions are pure and thread-safe; see the contracts below.
 */
#ifndef NNX_BASE_FLOAT_CONVERT_H
#define NNX_BASE_FLOAT_CONVERT_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Common contract.
 *
 * Decoding (nnx_*_to_f32) is exact: every pattern maps to the float with
 * exactly its value (all these formats fit inside binary32, subnormals
 * included). NaN patterns decode to a quiet float NaN with the same sign
 * (FNUZ and E8M0: the positive quiet NaN; their NaN pattern has no sign).
 * Exception: bf16 decoding is the plain bit move (bits << 16), so a
 * signalling bf16 NaN stays a signalling float NaN.
 *
 * Encoding (nnx_f32_to_*, nnx_f64_to_*) rounds to nearest, ties to even,
 * exactly once from the input value (the f64 variants never round through
 * float first). Results below the target's normal range are rounded
 * gradually into its subnormals (and may round up to the smallest normal or
 * down to a zero that keeps the input's sign). Range checking happens
 * after rounding, as if the exponent were unbounded:
 *   f16, bf16, E5M2: overflow and +-inf give +-inf; NaN gives a quiet NaN
 *                    with the input sign (never inf).
 *   E4M3:            no infinities; overflow (anything that rounds above
 *                    448) and +-inf give the NaN pattern S.1111.111.
 *   E4M3FNUZ, E5M2FNUZ: overflow, +-inf and NaN give the one NaN 0x80;
 *                    a result that rounds to zero is +0 (no -0).
 * The _sat encoders are ONNX Cast's saturate = 1 (Operators.md, Cast, the
 * float 8 tables): overflow and +-inf give +-max finite; NaN as above.
 * E2M1 always saturates (it has neither inf nor NaN).
 */

/* IEEE binary16: bias 15, max finite 65504; |x| >= 65520 rounds to inf.
 * NaN keeps its sign and its leading payload bits, with the quiet bit set. */
float nnx_f16_to_f32(uint16_t bits);
uint16_t nnx_f32_to_f16(float x);
uint16_t nnx_f64_to_f16(double x);

/* bfloat16: the upper 16 bits of binary32; subnormals are kept, not flushed.
 * NaN keeps its sign and leading payload bits, with the quiet bit set. */
float nnx_bf16_to_f32(uint16_t bits);
uint16_t nnx_f32_to_bf16(float x);
uint16_t nnx_f64_to_bf16(double x);

/* OCP E4M3 (fn): bias 7, max finite 448 (0x7E), min subnormal 2^-9, NaN only
 * S.1111.111. Non-saturating: 464 ties down to 448, anything above becomes
 * NaN, as do +-inf; NaN input gives 0x7F / 0xFF (sign kept). */
float nnx_fp8e4m3_to_f32(uint8_t bits);
uint8_t nnx_f32_to_fp8e4m3(float x);
uint8_t nnx_f64_to_fp8e4m3(double x);
uint8_t nnx_f64_to_fp8e4m3_sat(double x);

/* OCP E5M2: bias 15, max finite 57344 (0x7B), min subnormal 2^-16,
 * inf S.11111.00; |x| >= 61440 rounds to inf. NaN input gives the quiet
 * pattern S.11111.10 (sign kept). */
float nnx_fp8e5m2_to_f32(uint8_t bits);
uint8_t nnx_f32_to_fp8e5m2(float x);
uint8_t nnx_f64_to_fp8e5m2(double x);
uint8_t nnx_f64_to_fp8e5m2_sat(double x);

/* FNUZ E4M3 (ONNX IR, TensorProto.DataType FLOAT8E4M3FNUZ): bias 8, max
 * finite 240 (0x7F), min subnormal 2^-10; no infinities, no -0; the only
 * NaN is 0x80. */
float nnx_fp8e4m3fnuz_to_f32(uint8_t bits);
uint8_t nnx_f64_to_fp8e4m3fnuz(double x);
uint8_t nnx_f64_to_fp8e4m3fnuz_sat(double x);

/* FNUZ E5M2 (FLOAT8E5M2FNUZ): bias 16, max finite 57344 (0x7F), min
 * subnormal 2^-17; no infinities, no -0; the only NaN is 0x80. */
float nnx_fp8e5m2fnuz_to_f32(uint8_t bits);
uint8_t nnx_f64_to_fp8e5m2fnuz(double x);
uint8_t nnx_f64_to_fp8e5m2fnuz_sat(double x);

/* E2M1 (OCP Microscaling Formats (MX) v1.0 §5.3.3; ONNX FLOAT4E2M1): the
 * code sits in the low 4 bits of a byte (the decoder ignores the high 4,
 * the encoder leaves them 0). Bias 1, values 0, 0.5, 1, 1.5, 2, 3, 4, 6;
 * no inf, no NaN. |x| above 6 (after rounding) and +-inf give +-6, NaN
 * gives +6 (ONNX's float4 document, "Cast"; ONNX decision ONNX-T4); -0
 * stays -0. */
float nnx_fp4e2m1_to_f32(uint8_t bits);
uint8_t nnx_f64_to_fp4e2m1(double x);

/* E8M0 (OCP MX v1.0 §5.4.1; ONNX FLOAT8E8M0): an exponent only, value
 * 2^(bits - 127) for bits 0..254, 0xFF NaN; no zero, no sign. Encoding
 * follows ONNX Cast's round_mode: UP gives the smallest power of two >= |x|,
 * DOWN the largest <= |x|, NEAREST the nearer of the two (ties, m = 1.5,
 * go up). The sign is ignored (negative inputs are unspecified in ONNX).
 * NaN gives 0xFF. Out of range - a power above 2^127, below 2^-127, zero or
 * +-inf - gives 0xFE / 0x00 (2^127 / 2^-127) when saturate is nonzero and
 * NaN otherwise (Operators.md, Cast, the FLOAT8E8M0 table; ONNX decision
 * ONNX-T5). */
typedef enum nnx_e8m0_rounding {
    NNX_E8M0_ROUND_UP = 0,
    NNX_E8M0_ROUND_DOWN = 1,
    NNX_E8M0_ROUND_NEAREST = 2
} nnx_e8m0_rounding;
float nnx_fp8e8m0_to_f32(uint8_t bits);
uint8_t nnx_f64_to_fp8e8m0(double x, nnx_e8m0_rounding mode, int saturate);

#ifdef __cplusplus
}
#endif

#endif /* NNX_BASE_FLOAT_CONVERT_H */
