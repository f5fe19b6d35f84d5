/* float_convert.h - conversions between binary32/binary64 and the narrow
 * floating-point storage formats used by nnx: IEEE binary16 (f16), bfloat16
 * (bf16), OCP OFP8 E4M3 ("fn" variant) and OCP OFP8 E5M2.
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
 * exactly its value (all four formats fit inside binary32, subnormals
 * included). NaN patterns decode to a quiet float NaN with the same sign.
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

/* OCP E5M2: bias 15, max finite 57344 (0x7B), min subnormal 2^-16,
 * inf S.11111.00; |x| >= 61440 rounds to inf. NaN input gives the quiet
 * pattern S.11111.10 (sign kept). */
float nnx_fp8e5m2_to_f32(uint8_t bits);
uint8_t nnx_f32_to_fp8e5m2(float x);
uint8_t nnx_f64_to_fp8e5m2(double x);

#ifdef __cplusplus
}
#endif

#endif /* NNX_BASE_FLOAT_CONVERT_H */
