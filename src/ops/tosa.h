/* tosa.h — the core ops that carry TOSA 1.0's bit-exact integer semantics (and the float
 * variants of the same operators), the contract the TOSA front end maps onto, plus the
 * spec's scaling helpers (TOSA 1.0 §4.5.1, §4.5.5, §2.13.2 RESCALE) shared by the kernels and
 * tests. Kernels: src/ops/tosa_bitwise.c, tosa_elementwise.c, tosa_rescale.c, tosa_pool.c,
 * tosa_conv.c, tosa_resize.c. Decisions on spec defects: the TOSA decisions, "TOSA semantics
 * in the core".
 *
 * Storage: int4 and int48 are unpacked (1 / 8 bytes, sign-extended); TOSA's signless i8/i16
 * are nnx int8/int16, read as unsigned only where an attribute says so (tosa_rescale).
 * REQUIRE violations (TOSA "unpredictable") never invoke C undefined behaviour: every
 * kernel computes in 64 bits and documents what it returns.
 *
 * TOSA operators that map onto existing core ops (same meaning):
 *   ADD, SUB (i32 wraps), MAXIMUM, MINIMUM (attrs.nan), INTDIV -> div (truncates; x/0 = 0),
 *   ABS, CEIL, FLOOR, EXP, LOG, SIN, COS, ERF, SIGMOID, TANH, RECIPROCAL -> rcp, POW, EQUAL, GREATER, GREATER_EQUAL,
 *   LOGICAL_AND/OR/XOR/NOT, SELECT -> where, CLAMP -> clamp (attrs.clamp.nan_mode),
 *   CAST -> cast with attrs.cast.rounding = NNX_CAST_NEAREST_EVEN, ARGMAX -> reduce_argmax
 *   (index_dtype int32, one axis, keep_dims false, nan_mode), REDUCE_MAX/MIN -> reduce_max /
 *   reduce_min (keep_dims true, nan_mode), REDUCE_SUM/PRODUCT/ALL/ANY -> reduce_*,
 *   MAX_POOL2D -> max_pool (layout nhwc, dilations 1, nan_mode), data movement -> reshape,
 *   transpose, concat, slice, pad, tile, reverse, gather / scatter (with index reshapes).
 *
 * New ops (rows in ops.def; "x" = input 0):
 *
 * bitwise_and, bitwise_or, bitwise_xor (a, b) / bitwise_not (x): two's complement bit
 *   operations on one integer dtype (signed or unsigned), bidirectional broadcast, result of
 *   that dtype. TOSA BITWISE_* (i8/i16/i32).
 * clz (x): the number of leading zero bits of x in its type's width (clz(0) = width); one
 *   integer dtype in and out. TOSA CLZ (i32).
 * shift_left (a, b): a << b in a's width, bits shifted out are lost (TOSA LOGICAL_LEFT_SHIFT).
 * shift_right_logical (a, b): a's bits (zero-extended from its width) >> b (TOSA
 *   LOGICAL_RIGHT_SHIFT: int8 0xFF >> 1 = 0x7F).
 * shift_right_arithmetic (a, b), attrs.shift.round: a >> b with sign fill; round adds the
 *   last bit shifted out, i.e. floor(a / 2^b + 1/2) (TOSA ARITHMETIC_RIGHT_SHIFT).
 *   All three: one signed integer dtype (int8/16/32; int64 also works), broadcast. A shift
 *   amount outside [0, width - 1] (TOSA REQUIRE) is clamped into [0, width]: shifting by the
 *   width shifts every bit out (0, or the sign fill; round then adds the sign bit).
 * tosa_mul (a, b, [shift]): a, b of one dtype, broadcast. int8/int16 -> int32 exact product;
 *   int32 -> int32: shift (int8 tensor of 1 element, absent = 0) in 0..63; shift 0 keeps the
 *   low 32 bits of the product, shift > 0 gives (a*b + 2^(shift-1)) >> shift (arithmetic,
 *   computed exactly in 128 bits) truncated to 32 bits. Float types: a*b rounded once in
 *   the input type (shift must be absent or 0). TOSA MUL.
 * tosa_table (x, table): int8 x with an int8 table of 256 -> int8 table[x + 128];
 *   int16 x with an int16 table of 513 -> int32 (table[i] << 7) + (table[i+1] - table[i]) *
 *   frac, i = (x + 32768) >> 7, frac = x & 0x7F (TOSA TABLE / apply_lookup_s).
 * tosa_negate (x, [input_zp], [output_zp]): zero points: 1-element tensors of x's dtype,
 *   absent = 0. int8/int16/int32: clip(-(x - input_zp) + output_zp) to x's range, computed
 *   in 64 bits (int16 -32768 -> 32767; int32 INT32_MIN -> INT32_MAX). Floats: -x (zero
 *   points must be 0). TOSA NEGATE.
 * tosa_rescale (x, multiplier, shift, [input_zp], [output_zp]), attrs.rescale: x int8/int16/
 *   int32/int48; multiplier int32 (scale32) or int16 (!scale32) and shift int8, each of NC
 *   elements (NC = last dim of x if per_channel, else 1); input_zp of x's dtype, output_zp of
 *   the output dtype (int8/int16/int32), 1 element each; an absent output_zp is not allowed
 *   (it carries the output type). out = clip(apply_scale(x - input_zp) + output_zp), the
 *   unsigned flags reading the input / clipping the output as uint8/uint16 bit patterns.
 *   Always five inputs (input_zp may be NNX_NONE = 0). The spec's ERROR_IFs on types and
 *   flags are inference errors; zero-point values are used as given (their ERROR_IFs are
 *   the front end's, as for every zero point below). TOSA RESCALE.
 * tosa_avg_pool2d (x, [input_zp], [output_zp]), attrs.tosa_pool: x [N, IH, IW, C] (NHWC) of
 *   int8/int16 (acc int32) or a float type; output [N, OH, OW, C] with OH = (IH + top +
 *   bottom - ky) / sy + 1 exact (else an inference error), pads < kernel. Only in-bounds
 *   taps count; integers: acc = sum(x - izp), out = clip(apply_scale_32(acc,
 *   reciprocal_scale(count)) + ozp); floats: the sum in double divided by the count,
 *   rounded once. TOSA AVG_POOL2D.
 * tosa_conv2d (x, w, bias, [input_zp], [weight_zp]): x [N, IH, IW, IC], w [OC, KH, KW, IC],
 *   bias [1 or OC] -> [N, OH, OW, OC]; tosa_conv3d: x [N, ID, IH, IW, IC], w [OC, KD, KH, KW,
 *   IC]; tosa_depthwise_conv2d: w [KH, KW, C, M] -> C*M channels (c*M + m);
 *   tosa_transpose_conv2d: w [OC, KH, KW, IC], OH = (IH - 1)*sy + top + bottom + KH, not
 *   flipped. Types (x / w -> out = bias, acc): int8/int8 -> int32; int16/int8 -> int48;
 *   int8/int4 -> int32; float16/float16 -> float16 (acc float16 or float32); float32 ->
 *   float32; bfloat16 -> bfloat16 (acc float32); fp8/fp8 (same) -> float16 (acc float16).
 *   Integers: exact sum of (x - izp)(w - wzp) over in-bounds taps, wrapped to out, plus bias
 *   (wrapping). Floats: the sum in double rounded once to out, then + bias rounded once.
 *   Zero points are 1-element tensors of x's / w's dtype (absent = 0). TOSA CONV2D, CONV3D,
 *   DEPTHWISE_CONV2D, TRANSPOSE_CONV2D.
 * tosa_matmul (a, b, [a_zp], [b_zp]), attrs.tosa_matmul: a [N, H, C], b [N, C, W] of one
 *   dtype -> [N, H, W] of acc_type: int8 -> int32, int16 -> int48, float16 -> float16 or
 *   float32, float32 -> float32, bfloat16 -> float32, fp8 -> float16. Integers exact then
 *   wrapped; floats in double rounded once. TOSA MATMUL.
 * tosa_resize (x), attrs.tosa_resize: x [N, IH, IW, C]; OH = ((IH - 1)*y_n - offset_y +
 *   border_y) / y_d + 1 exact (else an inference error; the other ERROR_IFs too). NEAREST:
 *   any of int8/int16/float types, same dtype out; BILINEAR: int8 -> int32, int16 -> int48
 *   (the interpolation scaled by y_n*x_n, exact), floats -> same type (double, rounded
 *   once). TOSA RESIZE. */
#ifndef NNX_OPS_TOSA_H
#define NNX_OPS_TOSA_H

#include "ir/ops.h"

/* TOSA apply_scale_32 / apply_scale_16 (§4.5.5), computed in 64 bits (the 1 << (shift - 1)
 * too). Outside the REQUIREs (2 <= shift <= 62, value range) the int64 result is truncated
 * to 32 bits as the spec's static_cast does; shift < 1 adds no rounding and does not shift,
 * shift > 63 is taken as 63. */
int32_t nnx_tosa_apply_scale_32(int64_t value, int32_t multiplier, int shift, bool double_round);
int32_t nnx_tosa_apply_scale_16(int64_t value, int32_t multiplier, int shift);
/* TOSA MUL of two int32 values (int8/int16 too, shift 0): see tosa_mul above. */
int64_t nnx_tosa_mul_i32(int64_t a, int64_t b, int shift);
/* TOSA apply_lookup_s: the int16 TABLE interpolation of value in a 513-entry table. */
int32_t nnx_tosa_lookup_i16(const int16_t *table, int32_t value);
/* TOSA reciprocal_scale(value), value > 0: multiplier and shift with value * multiplier /
 * 2^shift ~ 1. */
void nnx_tosa_reciprocal_scale(uint32_t value, int32_t *multiplier, int *shift);

#endif
