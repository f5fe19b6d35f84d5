/* params.h — TVM's `.params` weights file (the NDArray list that relay/nnvm
 * `save_param_dict` writes), read and written. Layout, every integer little-endian:
 *   u64 list magic 0xF7E58D4F05049CB7, u64 reserved (0)
 *   u64 name count, then per name: u64 length, that many bytes (no terminator)
 *   u64 array count (= name count), then per array:
 *     u64 array magic 0xDD5E40F096B4A13F, u64 reserved (0)
 *     i32 device type, i32 device id            (DLDevice; kDLCPU = 1)
 *     i32 ndim; u8 type code, u8 bits, u16 lanes (DLDataType: 0 int, 1 uint, 2 float, 4 bfloat, 6 bool)
 *     i64 shape[ndim]; i64 data byte count; the data (row-major, little-endian)
 * Names pair with arrays by position. Every length is checked against the bytes left and
 * every product for overflow before anything is allocated. */
#ifndef NNX_FORMATS_NNVM_PARAMS_H
#define NNX_FORMATS_NNVM_PARAMS_H

#include "base/arena.h"
#include "base/error.h"
#include "base/strbuf.h"

#define NNX_TVM_PARAMS_MAGIC UINT64_C(0xF7E58D4F05049CB7)
#define NNX_TVM_NDARRAY_MAGIC UINT64_C(0xDD5E40F096B4A13F)

typedef struct nnx_tvm_param {
    const char *name; /* NUL-terminated copy (arena) */
    nnx_dtype dtype;
    uint32_t rank;
    uint32_t shape[NNX_MAX_RANK];
    int32_t device_type, device_id;
    const uint8_t *data; /* reading: points into the caller's bytes; writing: the caller's */
    size_t size;         /* bytes of data = elements * element size */
} nnx_tvm_param;

/* Parses the bytes of a .params file; names and the array list live in arena, data points
 * into `bytes` (which must outlive the result). `path` only prefixes messages
 * ("PATH: error: array 3 'conv_w': ..."). Errors: NNX_ERROR_INVALID_ARGUMENT for a malformed
 * or truncated file, NNX_ERROR_NOT_SUPPORTED for a type nnx has no dtype for (vector lanes,
 * unknown codes), duplicate names, ranks above NNX_MAX_RANK or extents above UINT32_MAX, and
 * for more entries than max_names (nnx_model_options.max_names; 0: NNX_MAX_NAMES_DEFAULT),
 * checked on the count before any name is read (nnx_limit_error). */
nnx_status nnx_tvm_params_parse(const uint8_t *bytes, size_t size, const char *path, uint32_t max_names,
                                nnx_arena *arena, nnx_tvm_param **out, uint32_t *count, nnx_error *err);

/* Appends the .params encoding of params[0..count) to out (device CPU 0). NOT_SUPPORTED for a
 * dtype TVM has no code for (fp8, int4, int48). */
nnx_status nnx_tvm_params_write(const nnx_tvm_param *params, uint32_t count, nnx_strbuf *out, nnx_error *err);

/* DLPack-style type names ("float32", "int8", "bool", …) <-> dtypes; the name of a dtype TVM
 * cannot hold is NULL. */
const char *nnx_tvm_dtype_name(nnx_dtype dt);
nnx_dtype nnx_tvm_dtype_from_name(const char *name);

#endif
