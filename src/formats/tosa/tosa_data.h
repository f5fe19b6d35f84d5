/* tosa_data.h — the element types of `.tosa` files and their data encodings (little-endian,
 * densely packed, row-major: BOOL one byte 0/1, INT4 two per byte low nibble first, INT48 six
 * bytes two's complement, SHAPE and INT64 eight bytes), mapped to nnx's dtypes and memory
 * layout (one byte per INT4 element, eight per INT48 element, SHAPE as int64). */
#ifndef NNX_FORMATS_TOSA_DATA_H
#define NNX_FORMATS_TOSA_DATA_H

#include "formats/tosa/tosa_file.h"

#include "nnx.h"

/* The nnx dtype of file type t: SHAPE is NNX_INT64; NNX_DTYPE_UNDEFINED for UNKNOWN and for
 * the 1.1 types nnx has no dtype for (FP6E2M3, FP6E3M2, MXINT8). */
nnx_dtype nnx_tfile_dtype_to_nnx(uint32_t t);
/* The file type of an nnx dtype (NNX_INT64 is INT64, a 1.1 type); UNKNOWN (0) when the
 * file has none (float64, unsigned types, int2, fp8 FNUZ). */
uint32_t nnx_tfile_dtype_from_nnx(nnx_dtype d);

/* Bytes that count elements of file type t take in a file, into *bytes; false on overflow
 * or an unknown type. */
bool nnx_tfile_data_size(uint32_t t, uint64_t count, size_t *bytes);

/* in (nnx_tfile_data_size bytes of file type t) decoded into out, count elements of
 * nnx_tfile_dtype_to_nnx(t) in nnx's layout; INT4 nibbles and INT48 sign-extended. */
void nnx_tfile_decode(uint32_t t, const uint8_t *in, uint64_t count, void *out);
/* The reverse: count nnx elements into the file encoding (out has nnx_tfile_data_size). */
void nnx_tfile_encode(uint32_t t, const void *in, uint64_t count, uint8_t *out);

#endif
