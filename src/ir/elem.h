/* elem.h — reading and writing one tensor element of any dtype as a double, an int64 or a
 * uint64. Reference kernels compute floats in double (rounded once, on store, to the
 * output type) and integers exactly in 64 bits. Slow by design: they are the oracle. Kernels,
 * front ends and tools read constants through them too, so they live with the dtypes. */
#ifndef NNX_IR_ELEM_H
#define NNX_IR_ELEM_H

#include "base/float_convert.h"
#include "ir/attrs.h"
#include "ir/dtypes.h"

#include <math.h>
#include <string.h>

/* An integer or bool element as int64 (an unsigned one's bits: uint64 values above
 * INT64_MAX wrap); *is_int false, and 0, for any other type. */
static inline int64_t nnx_load_int_bits(nnx_dtype dt, const void *p, size_t i, bool *is_int)
{
    const unsigned char *b = p;
    *is_int = true;
    switch (dt) {
    case NNX_INT2:
    case NNX_INT4:
    case NNX_INT8: return (int8_t)b[i];
    case NNX_INT16: {
        int16_t v;
        memcpy(&v, b + i * 2, 2);
        return v;
    }
    case NNX_INT32: {
        int32_t v;
        memcpy(&v, b + i * 4, 4);
        return v;
    }
    case NNX_INT48:
    case NNX_INT64: {
        int64_t v;
        memcpy(&v, b + i * 8, 8);
        return v;
    }
    case NNX_UINT2:
    case NNX_UINT4:
    case NNX_UINT8:
    case NNX_BOOL: return b[i];
    case NNX_UINT16: {
        uint16_t v;
        memcpy(&v, b + i * 2, 2);
        return v;
    }
    case NNX_UINT32: {
        uint32_t v;
        memcpy(&v, b + i * 4, 4);
        return v;
    }
    case NNX_UINT64: {
        uint64_t v;
        memcpy(&v, b + i * 8, 8);
        return (int64_t)v;
    }
    default: *is_int = false; return 0;
    }
}

static inline double nnx_load_f(nnx_dtype dt, const void *p, size_t i)
{
    const unsigned char *b = p;
    switch (dt) {
    case NNX_FLOAT32: {
        float v;
        memcpy(&v, b + i * 4, 4);
        return v;
    }
    case NNX_FLOAT64: {
        double v;
        memcpy(&v, b + i * 8, 8);
        return v;
    }
    case NNX_FLOAT16: {
        uint16_t v;
        memcpy(&v, b + i * 2, 2);
        return nnx_f16_to_f32(v);
    }
    case NNX_BFLOAT16: {
        uint16_t v;
        memcpy(&v, b + i * 2, 2);
        return nnx_bf16_to_f32(v);
    }
    case NNX_FP8E4M3: return nnx_fp8e4m3_to_f32(b[i]);
    case NNX_FP8E5M2: return nnx_fp8e5m2_to_f32(b[i]);
    case NNX_FP8E4M3FNUZ: return nnx_fp8e4m3fnuz_to_f32(b[i]);
    case NNX_FP8E5M2FNUZ: return nnx_fp8e5m2fnuz_to_f32(b[i]);
    case NNX_FP8E8M0: return nnx_fp8e8m0_to_f32(b[i]);
    case NNX_FP4E2M1: return nnx_fp4e2m1_to_f32(b[i]);
    default: {
        bool is_int;
        int64_t v = nnx_load_int_bits(dt, p, i, &is_int);
        return dt == NNX_UINT64 ? (double)(uint64_t)v : (double)v;
    }
    }
}

/* Integers of any kind as int64 (uint64 values above INT64_MAX wrap: use nnx_load_u); float
 * types truncated toward zero. */
static inline int64_t nnx_load_i(nnx_dtype dt, const void *p, size_t i)
{
    bool is_int;
    int64_t v = nnx_load_int_bits(dt, p, i, &is_int);
    return is_int ? v : (int64_t)nnx_load_f(dt, p, i);
}

static inline uint64_t nnx_load_u(nnx_dtype dt, const void *p, size_t i) { return (uint64_t)nnx_load_i(dt, p, i); }

/* Rounds v once to dt (float types) — for integer dt use nnx_store_i. Out of range as the
 * type's plain encoder has it (float_convert.h; fp8 not saturating); fp8e8m0 takes ONNX
 * Cast's defaults, |v| rounded up to a power of two and saturated. */
static inline void nnx_store_f(nnx_dtype dt, void *p, size_t i, double v)
{
    unsigned char *b = p;
    switch (dt) {
    case NNX_FLOAT32: {
        float f = (float)v;
        memcpy(b + i * 4, &f, 4);
        return;
    }
    case NNX_FLOAT64: memcpy(b + i * 8, &v, 8); return;
    case NNX_FLOAT16: {
        uint16_t h = nnx_f64_to_f16(v);
        memcpy(b + i * 2, &h, 2);
        return;
    }
    case NNX_BFLOAT16: {
        uint16_t h = nnx_f64_to_bf16(v);
        memcpy(b + i * 2, &h, 2);
        return;
    }
    case NNX_FP8E4M3: b[i] = nnx_f64_to_fp8e4m3(v); return;
    case NNX_FP8E5M2: b[i] = nnx_f64_to_fp8e5m2(v); return;
    case NNX_FP8E4M3FNUZ: b[i] = nnx_f64_to_fp8e4m3fnuz(v); return;
    case NNX_FP8E5M2FNUZ: b[i] = nnx_f64_to_fp8e5m2fnuz(v); return;
    case NNX_FP8E8M0: b[i] = nnx_f64_to_fp8e8m0(v, NNX_E8M0_ROUND_UP, 1); return;
    case NNX_FP4E2M1: b[i] = nnx_f64_to_fp4e2m1(v); return;
    default: return;
    }
}

/* Stores the low bits of v (two's complement wrap) into an integer dt: the type's own width
 * for the sub-byte ones (int4 and int2 sign-extended into their byte, uint4 and uint2
 * zero-extended), the low byte for bool. */
static inline void nnx_store_i(nnx_dtype dt, void *p, size_t i, int64_t v)
{
    unsigned char *b = p;
    switch (nnx_dtype_size(dt)) {
    case 1: {
        unsigned bits = nnx_dtype_bits(dt);
        if (bits >= 8 || dt == NNX_BOOL) {
            b[i] = (unsigned char)v;
            return;
        }
        unsigned char low = (unsigned char)((uint64_t)v & ((1u << bits) - 1));
        bool negative = nnx_dtype_kind_of(dt) == NNX_KIND_SINT && (low >> (bits - 1)) != 0;
        b[i] = negative ? (unsigned char)(low | (0xFFu << bits)) : low;
        return;
    }
    case 2: {
        uint16_t x = (uint16_t)v;
        memcpy(b + i * 2, &x, 2);
        return;
    }
    case 4: {
        uint32_t x = (uint32_t)v;
        memcpy(b + i * 4, &x, 4);
        return;
    }
    case 8: memcpy(b + i * 8, &v, 8); return;
    default: return;
    }
}

/* The highest and lowest values of a float type: +-inf where it has infinities, else its
 * largest finite magnitude (fp8e4m3 448, fp8e4m3fnuz 240, fp8e5m2fnuz 57344, fp4e2m1 6);
 * fp8e8m0 has no sign: 2^127 and 2^-127. The identities of max and min. */
static inline double nnx_float_highest(nnx_dtype dt)
{
    switch (dt) {
    case NNX_FP8E4M3: return 448.0;
    case NNX_FP8E4M3FNUZ: return 240.0;
    case NNX_FP8E5M2FNUZ: return 57344.0;
    case NNX_FP4E2M1: return 6.0;
    case NNX_FP8E8M0: return 0x1p127;
    default: return INFINITY;
    }
}
static inline double nnx_float_lowest(nnx_dtype dt) { return dt == NNX_FP8E8M0 ? 0x1p-127 : -nnx_float_highest(dt); }

/* Copies element si of src to element di of dst (same dtype). */
static inline void nnx_copy_elem(size_t esize, void *dst, size_t di, const void *src, size_t si)
{
    memcpy((unsigned char *)dst + di * esize, (const unsigned char *)src + si * esize, esize);
}

#endif
