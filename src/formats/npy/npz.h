/* npz.h — NumPy .npz bundles (numpy.savez / savez_compressed): a zip archive whose members
 * NAME.npy are .npy files, stored or deflated. The reader hands each member's tensor to a
 * callback, in archive order, with its name without ".npy"; the choices are listed in npz.c. */
#ifndef NNX_FORMATS_NPZ_H
#define NNX_FORMATS_NPZ_H

#include "base/alloc.h"
#include "base/error.h"
#include "formats/npy/npy.h"

#include <stddef.h>
#include <stdint.h>

/* Limits of one bundle; 0 takes the default (NNX_NPZ_MAX_MEMBERS, NNX_NPZ_MAX_BYTES). */
#define NNX_NPZ_MAX_MEMBERS 4096
#define NNX_NPZ_MAX_BYTES ((uint64_t)1 << 32) /* 4 GiB of .npy bytes, all members together */
typedef struct nnx_npz_limits {
    size_t max_members;
    uint64_t max_bytes;
} nnx_npz_limits;

/* Called once per member: name (NUL-terminated, without ".npy"), the parsed member (info's
 * data points into a buffer that lives only during the call; nnx_npy_copy_out gives it in
 * nnx's layout). A status other than NNX_OK stops the reading and is returned as it is. */
typedef nnx_status (*nnx_npz_member_fn)(void *user, const char *name, const nnx_npy_info *info);

/* Reads the zip held in bytes[0..size). Errors, each "PATH: error: ..." (path NULL reads
 * "<memory>"): NNX_ERROR_INVALID_MODEL (not a zip, a corrupt or truncated one, a member that
 * is not a regular file named *.npy, a malformed .npy member, a name given twice, no member),
 * NNX_ERROR_NOT_SUPPORTED (a .npy member nnx cannot take; encrypted members; a limit
 * exceeded), NNX_ERROR_OUT_OF_MEMORY. */
nnx_status nnx_npz_read(const void *bytes, size_t size, const char *path, const nnx_alloc *alloc,
                        const nnx_npz_limits *limits, nnx_npz_member_fn fn, void *user, nnx_error *err);

/* One array nnx_npz_write writes: name (the member is NAME.npy), its type and size bytes of
 * row-major, little-endian elements (exactly the type's byte length). */
typedef struct nnx_npz_member {
    const char *name;
    nnx_dtype dtype;
    const uint32_t *shape;
    uint32_t rank;
    const void *data;
    size_t size;
} nnx_npz_member;

/* Writes the members as numpy.savez does, N17: a zip (libarchive's writer) of stored
 * (uncompressed) NAME.npy members, each a version 1.0 .npy file byte for byte as numpy.save
 * writes it, in the order given, into a new buffer *out of *out_size bytes from alloc.
 * Errors, each "PATH: error: ...": NNX_ERROR_INVALID_ARGUMENT (no member, an empty name, a
 * name twice, a wrong size), NNX_ERROR_NOT_SUPPORTED (a type numpy lacks), NNX_ERROR_IO
 * (libarchive failed), NNX_ERROR_OUT_OF_MEMORY. */
nnx_status nnx_npz_write(const nnx_npz_member *members, size_t n, const char *path, const nnx_alloc *alloc, void **out,
                         size_t *out_size, nnx_error *err);

#endif
