/* int_ref.h — the TOSA integer pseudocode transcribed in C for the compliance runner
 * (int_ref.c): scaling helpers, TABLE lookup, MUL, shifts, CLZ, INTDIV, NEGATE, RESCALE.
 * Values are int64 holding the signless type's signed reading. A false return means a
 * REQUIRE failed: the spec leaves that result unpredictable, so the runner accepts any. */
#ifndef NNX_TC_INT_REF_H
#define NNX_TC_INT_REF_H

#include "nnx.h"

#include <stdbool.h>
#include <stdint.h>

int64_t tcr_min(nnx_dtype t); /* minimum_s / maximum_s of i8, i16, i32, i48 */
int64_t tcr_max(nnx_dtype t);

bool tcr_apply_scale_32(int64_t value, int32_t multiplier, int shift, bool double_round, int32_t *out);
bool tcr_apply_scale_16(int64_t value, int32_t multiplier, int shift, int32_t *out);
void tcr_reciprocal_scale(uint32_t value, int32_t *multiplier, int *shift);
bool tcr_lookup_i16(const int16_t *table, int32_t value, int32_t *out);

bool tcr_mul(nnx_dtype in_t, int64_t a, int64_t b, int shift, int64_t *out);
bool tcr_arith_rshift(nnx_dtype t, int64_t a, int64_t s, bool round, int64_t *out);
bool tcr_logical_lshift(nnx_dtype t, int64_t a, int64_t s, int64_t *out);
bool tcr_logical_rshift(nnx_dtype t, int64_t a, int64_t s, int64_t *out);
int64_t tcr_clz(int64_t a);
bool tcr_intdiv(int64_t a, int64_t b, int64_t *out);
bool tcr_add_sub(nnx_dtype t, int64_t a, int64_t b, bool sub, int64_t *out);
bool tcr_negate(nnx_dtype t, int64_t x, int64_t izp, int64_t ozp, int64_t *out);
int64_t tcr_clamp(int64_t x, int64_t lo, int64_t hi);

typedef struct tcr_rescale_args {
    nnx_dtype in_t, out_t;
    bool scale32, double_round, input_unsigned, output_unsigned;
    int64_t input_zp, output_zp;
    const int32_t *multiplier; /* per channel (or one) */
    const int *shift;
} tcr_rescale_args;
bool tcr_rescale(const tcr_rescale_args *a, int64_t in, int c, int64_t *out);

#endif
