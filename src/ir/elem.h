/* elem.h — reading and writing one tensor element of any dtype as a double, an int64 or a
 * uint64. Reference kernels compute floats in double (rounded once, on store, to the
 * output type) and integers exactly in 64 bits. Slow by design: they are the oracle. Kernels,
 * front ends and tools read constants through them too, so they live with the dtypes. */
#ifndef NNX_IR_ELEM_H
#define NNX_IR_ELEM_H

#include "base/float_convert.h"
#include "ir/attrs.h"
#include "ir/dtypes.h"

#include <string.h>

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
        return (double)v;
    }
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
        return (double)v;
    }
    default: return 0;
    }
}

/* Integers of any kind as int64 (uint64 values above INT64_MAX wrap: use nnx_load_u). */
static inline int64_t nnx_load_i(nnx_dtype dt, const void *p, size_t i)
{
    const unsigned char *b = p;
    switch (dt) {
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
    default: return (int64_t)nnx_load_f(dt, p, i);
    }
}

static inline uint64_t nnx_load_u(nnx_dtype dt, const void *p, size_t i) { return (uint64_t)nnx_load_i(dt, p, i); }

/* Rounds v once to dt (float types) — for integer dt use nnx_store_i. */
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
    default: return;
    }
}

/* Stores the low bits of v (two's complement wrap) into an integer dt. */
static inline void nnx_store_i(nnx_dtype dt, void *p, size_t i, int64_t v)
{
    unsigned char *b = p;
    switch (nnx_dtype_size(dt)) {
    case 1: b[i] = (unsigned char)v; return;
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

/* Copies element si of src to element di of dst (same dtype). */
static inline void nnx_copy_elem(size_t esize, void *dst, size_t di, const void *src, size_t si)
{
    memcpy((unsigned char *)dst + di * esize, (const unsigned char *)src + si * esize, esize);
}

#endif
