/* npy.h — NumPy .npy files (format versions 1.0, 2.0, 3.0): a strict reader of the header
 * dictionary that maps its 'descr' onto an nnx dtype and points at the data in place, and a
 * writer of version 1.0 files byte-identical to what numpy.save writes. The accepted
 * descriptors and every decision on the format's loose ends are listed in npy.c. */
#ifndef NNX_FORMATS_NPY_H
#define NNX_FORMATS_NPY_H

#include "base/error.h"

#include <stddef.h>
#include <stdint.h>

/* What nnx_npy_parse found. data points into the caller's bytes (not owned, not aligned):
 * data_size bytes of items as the file holds them: big-endian when big_endian, column-major
 * when fortran_order (shape is the logical shape either way). nnx_npy_copy_out gives them
 * as nnx holds tensors: little-endian, row-major. */
typedef struct nnx_npy_info {
    const char *path;   /* the path given to parse, used in messages (not owned) */
    uint8_t version[2]; /* major, minor: 1.0, 2.0 or 3.0 */
    char descr[4];      /* the descriptor as written, e.g. "<f4", "|b1" */
    nnx_dtype dtype;
    uint32_t rank; /* 0..NNX_MAX_RANK; rank 0 is a scalar */
    uint32_t shape[NNX_MAX_RANK];
    bool big_endian;    /* '>' with items wider than a byte */
    bool fortran_order; /* the header's fortran_order True */
    uint64_t volume;    /* product of the extents (1 for a scalar; 0 when one is 0) */
    size_t data_offset; /* bytes of magic, version, length field and header */
    size_t data_size;   /* volume * element size: exactly the bytes after the header */
    const void *data;
} nnx_npy_info;

/* Parses the whole file held in bytes[0..size). Errors, each "PATH: error: MESSAGE" (path
 * NULL reads "<memory>"; it must outlive info):
 *  - NNX_ERROR_INVALID_MODEL: not a .npy file or a malformed one (bad magic, truncated,
 *    header syntax with its byte offset, wrong keys, shape overflow, data size mismatch,
 *    a bool item other than 0 or 1);
 *  - NNX_ERROR_NOT_SUPPORTED: a valid file nnx cannot take (another version, native '=' or
 *    other descriptors, structured types, rank above 8, an extent above 2^32-1), naming
 *    what it is. */
nnx_status nnx_npy_parse(const void *bytes, size_t size, const char *path, nnx_npy_info *info, nnx_error *err);

/* The items of a parsed file into dst (dst_size == info->data_size): byte-swapped when
 * big-endian, transposed to row-major when Fortran-ordered, else copied.
 * NNX_ERROR_INVALID_ARGUMENT when dst_size is wrong. Allocates nothing. */
nnx_status nnx_npy_copy_out(const nnx_npy_info *info, void *dst, size_t dst_size, nnx_error *err);

/* The descriptor nnx writes for dtype ("<f4", "|u1", ...), or NULL when numpy has no such
 * type (bfloat16, fp8, int4, int48). */
const char *nnx_npy_descr(nnx_dtype dtype);

/* Size in bytes of the file nnx_npy_write writes. Errors: NNX_ERROR_NOT_SUPPORTED for a
 * dtype without descriptor; NNX_ERROR_INVALID_ARGUMENT for a rank above 8 or a size that
 * overflows. */
nnx_status nnx_npy_encoded_size(nnx_dtype dtype, const uint32_t *shape, uint32_t rank, size_t *size, nnx_error *err);

/* Writes a version 1.0 .npy file for data (data_size = volume * element size bytes of
 * dtype, row-major) into out[0..out_size); *written receives the file size. The header is
 * numpy's: keys in sorted order, the same spacing, padded with spaces to a multiple of 64
 * bytes and ended by '\n'. Errors as nnx_npy_encoded_size, plus NNX_ERROR_INVALID_ARGUMENT
 * when data_size is wrong or out is too small. Allocates nothing. */
nnx_status nnx_npy_write(nnx_dtype dtype, const uint32_t *shape, uint32_t rank, const void *data, size_t data_size,
                         void *out, size_t out_size, size_t *written, nnx_error *err);

#endif
