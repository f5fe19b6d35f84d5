/* tosa_data.c — `.tosa` element types and their data encodings (the TOSA
 * serialization library's schema, tosa.fbs: TosaTensor.data): little-endian, densely packed; INT4 and FP4E2M1
 * two per byte, low nibble first; INT48 six bytes two's complement. nnx holds INT4 and
 * FP4E2M1 one per byte, INT48 as int64, SHAPE as int64. */
#include "formats/tosa/tosa_data.h"

#include "base/checked.h"

#include <string.h>

nnx_dtype nnx_tfile_dtype_to_nnx(uint32_t t)
{
    switch (t) {
    case NNX_TFILE_BOOL: return NNX_BOOL;
    case NNX_TFILE_INT4: return NNX_INT4;
    case NNX_TFILE_INT8: return NNX_INT8;
    case NNX_TFILE_INT16: return NNX_INT16;
    case NNX_TFILE_INT32: return NNX_INT32;
    case NNX_TFILE_INT48: return NNX_INT48;
    case NNX_TFILE_FP32: return NNX_FLOAT32;
    case NNX_TFILE_FP16: return NNX_FLOAT16;
    case NNX_TFILE_BF16: return NNX_BFLOAT16;
    case NNX_TFILE_SHAPE: return NNX_INT64;
    case NNX_TFILE_FP8E4M3: return NNX_FP8E4M3;
    case NNX_TFILE_FP8E5M2: return NNX_FP8E5M2;
    case NNX_TFILE_FP4E2M1: return NNX_FP4E2M1;
    case NNX_TFILE_FP8UE8M0: return NNX_FP8E8M0;
    case NNX_TFILE_INT64: return NNX_INT64;
    default: return NNX_DTYPE_UNDEFINED; /* UNKNOWN, FP6E2M3, FP6E3M2, MXINT8, not a DType */
    }
}

uint32_t nnx_tfile_dtype_from_nnx(nnx_dtype d)
{
    switch (d) {
    case NNX_BOOL: return NNX_TFILE_BOOL;
    case NNX_INT4: return NNX_TFILE_INT4;
    case NNX_INT8: return NNX_TFILE_INT8;
    case NNX_INT16: return NNX_TFILE_INT16;
    case NNX_INT32: return NNX_TFILE_INT32;
    case NNX_INT48: return NNX_TFILE_INT48;
    case NNX_FLOAT32: return NNX_TFILE_FP32;
    case NNX_FLOAT16: return NNX_TFILE_FP16;
    case NNX_BFLOAT16: return NNX_TFILE_BF16;
    case NNX_FP8E4M3: return NNX_TFILE_FP8E4M3;
    case NNX_FP8E5M2: return NNX_TFILE_FP8E5M2;
    case NNX_FP4E2M1: return NNX_TFILE_FP4E2M1;
    case NNX_FP8E8M0: return NNX_TFILE_FP8UE8M0;
    case NNX_INT64: return NNX_TFILE_INT64;
    default: return NNX_TFILE_UNKNOWN;
    }
}

/* Bytes per element in the file; 0 for the packed nibble types and for types without a
 * known encoding. */
static unsigned file_elem(uint32_t t)
{
    switch (t) {
    case NNX_TFILE_BOOL:
    case NNX_TFILE_INT8:
    case NNX_TFILE_FP8E4M3:
    case NNX_TFILE_FP8E5M2:
    case NNX_TFILE_FP8UE8M0: return 1;
    case NNX_TFILE_INT16:
    case NNX_TFILE_FP16:
    case NNX_TFILE_BF16: return 2;
    case NNX_TFILE_INT32:
    case NNX_TFILE_FP32: return 4;
    case NNX_TFILE_INT48: return 6;
    case NNX_TFILE_SHAPE:
    case NNX_TFILE_INT64: return 8;
    default: return 0;
    }
}

static bool nibbles(uint32_t t) { return t == NNX_TFILE_INT4 || t == NNX_TFILE_FP4E2M1; }

bool nnx_tfile_data_size(uint32_t t, uint64_t count, size_t *bytes)
{
    if (nibbles(t)) {
        uint64_t n = count / 2 + count % 2;
        if (n > SIZE_MAX)
            return false;
        *bytes = (size_t)n;
        return true;
    }
    unsigned e = file_elem(t);
    uint64_t n;
    if (e == 0 || !nnx_mul_u64(count, e, &n) || n > SIZE_MAX)
        return false;
    *bytes = (size_t)n;
    return true;
}

void nnx_tfile_decode(uint32_t t, const uint8_t *in, uint64_t count, void *out)
{
    uint8_t *o = out;
    if (nibbles(t)) {
        for (uint64_t i = 0; i < count; i++) {
            unsigned v = (in[i / 2] >> (4 * (i % 2))) & 0xF;
            /* INT4 sign-extends; FP4E2M1 keeps its 4 bits */
            o[i] = (uint8_t)(t == NNX_TFILE_INT4 && (v & 8) ? v | 0xF0 : v);
        }
        return;
    }
    if (t == NNX_TFILE_BOOL) {
        for (uint64_t i = 0; i < count; i++)
            o[i] = in[i] != 0;
        return;
    }
    unsigned e = file_elem(t);
    unsigned oe = e == 6 ? 8 : e; /* INT48 widens to int64 */
    for (uint64_t i = 0; i < count; i++) {
        uint64_t v = 0;
        for (unsigned b = 0; b < e; b++)
            v |= (uint64_t)in[i * e + b] << (8 * b);
        if (e == 6 && (v >> 47) & 1)
            v |= 0xFFFF000000000000u;
        switch (oe) {
        case 1: o[i] = (uint8_t)v; break;
        case 2: {
            uint16_t x = (uint16_t)v;
            memcpy(o + i * 2, &x, 2);
            break;
        }
        case 4: {
            uint32_t x = (uint32_t)v;
            memcpy(o + i * 4, &x, 4);
            break;
        }
        case 8: memcpy(o + i * 8, &v, 8); break;
        default: break;
        }
    }
}

void nnx_tfile_encode(uint32_t t, const void *in, uint64_t count, uint8_t *out)
{
    const uint8_t *p = in;
    if (nibbles(t)) {
        size_t bytes = (size_t)(count / 2 + count % 2);
        memset(out, 0, bytes); /* an odd count leaves the last high nibble 0 */
        for (uint64_t i = 0; i < count; i++)
            out[i / 2] |= (uint8_t)((p[i] & 0xF) << (4 * (i % 2)));
        return;
    }
    if (t == NNX_TFILE_BOOL) {
        for (uint64_t i = 0; i < count; i++)
            out[i] = p[i] != 0;
        return;
    }
    unsigned e = file_elem(t);
    unsigned ie = e == 6 ? 8 : e;
    for (uint64_t i = 0; i < count; i++) {
        uint64_t v = 0;
        switch (ie) {
        case 1: v = p[i]; break;
        case 2: {
            uint16_t x;
            memcpy(&x, p + i * 2, 2);
            v = x;
            break;
        }
        case 4: {
            uint32_t x;
            memcpy(&x, p + i * 4, 4);
            v = x;
            break;
        }
        case 8: memcpy(&v, p + i * 8, 8); break;
        default: break;
        }
        for (unsigned b = 0; b < e; b++)
            out[i * e + b] = (uint8_t)(v >> (8 * b));
    }
}
