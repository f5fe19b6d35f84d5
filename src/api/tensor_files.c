/* tensor_files.c — the public tensor-file calls (nnx_tensor_file_read, _write, _free,
 * nnx_tensor_bundle_read): .npy files and .npz bundles through formats/npy/, NNEF .dat files
 * through formats/nnef/files/tensor_file.h, ONNX TensorProto .pb files through
 * formats/onnx/onnx.h; read into buffers from the context's allocator, written atomically
 * (base/file.h). The formats' own messages ("PATH: error: ...") become the context's error. */
#include "api/objects.h"
#include "base/checked.h"
#include "base/file.h"
#include "formats/nnef/files/tensor_file.h"
#include "formats/npy/npy.h"
#include "formats/npy/npz.h"
#include "formats/onnx/onnx.h"
#include "ir/dtypes.h"

#include <string.h>

/* A .npy file's tensor, copied out of the file's bytes into an aligned buffer. */
static nnx_status read_npy(const nnx_alloc *a, const char *path, nnx_operand_desc *desc, void **data, size_t *size,
                           nnx_error *err)
{
    nnx_file_view view;
    nnx_npy_info info;
    nnx_status st = nnx_file_map(path, a, &view, err);
    if (st == NNX_OK)
        st = nnx_npy_parse(view.data, view.size, path, &info, err);
    if (st == NNX_OK) {
        *desc = (nnx_operand_desc){.dtype = info.dtype, .rank = info.rank};
        memcpy(desc->shape, info.shape, info.rank * sizeof *info.shape);
        if (!(*data = nnx_mem_alloc_aligned(a, info.data_size ? info.data_size : 1)))
            st = nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "%s: error: out of memory for %zu bytes of data", path,
                               info.data_size);
        else
            st = nnx_npy_copy_out(&info, *data, info.data_size, err);
        *size = info.data_size;
    }
    nnx_file_unmap(&view);
    return st;
}

/* A .dat file's tensor in its natural type (nnx_nnef_tensor_natural_dtype). */
static nnx_status read_dat(const nnx_alloc *a, const char *path, nnx_operand_desc *desc, void **data, size_t *size,
                           nnx_error *err)
{
    nnx_nnef_tensor_info info;
    nnx_status st = nnx_nnef_tensor_load(path, a, NNX_DTYPE_UNDEFINED, &info, data, size, err);
    if (st != NNX_OK)
        return st;
    *desc = (nnx_operand_desc){.dtype = nnx_nnef_tensor_natural_dtype(&info), .rank = info.rank};
    memcpy(desc->shape, info.shape, info.rank * sizeof *info.shape);
    return NNX_OK;
}

/* A .pb file's TensorProto (never a STRING one: nnx tensors hold no strings). Its decoder
 * says INVALID_ARGUMENT for malformed data; here that is a malformed file. */
static nnx_status read_pb(const nnx_alloc *a, const char *path, nnx_operand_desc *desc, void **data, size_t *size,
                          nnx_error *err)
{
    nnx_status st = nnx_onnx_read_tensor_file(path, a, NULL, 0, desc, data, err);
    if (st == NNX_ERROR_INVALID_ARGUMENT)
        err->status = st = NNX_ERROR_INVALID_MODEL;
    if (st == NNX_OK && desc->dtype == NNX_DTYPE_UNDEFINED)
        st = nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED, "%s: error: a string tensor; nnx tensors hold no strings",
                           path);
    if (st == NNX_OK && !nnx_desc_bytes(desc, size))
        st = nnx_error_set(err, NNX_ERROR_INVALID_MODEL, "%s: error: the tensor's size overflows", path);
    return st;
}

nnx_status nnx_tensor_file_read(nnx_context *context, const char *path, nnx_tensor_file_format format,
                                nnx_operand_desc *desc, void **data, size_t *size)
{
    if (!context)
        return NNX_ERROR_INVALID_ARGUMENT;
    if (context->h.destroyed)
        return NNX_ERROR_INVALID_STATE;
    if (data)
        *data = NULL;
    if (size)
        *size = 0;
    if (!path || !desc || !data || !size)
        return nnx_context_fail(context, NNX_ERROR_INVALID_ARGUMENT, "read tensor file: a NULL argument");
    if (format != NNX_TENSOR_FILE_NPY && format != NNX_TENSOR_FILE_NNEF && format != NNX_TENSOR_FILE_ONNX)
        return nnx_context_fail(context, NNX_ERROR_INVALID_ARGUMENT, "read tensor file: unknown format %d",
                                (int)format);
    nnx_error err = {0};
    nnx_status st = format == NNX_TENSOR_FILE_NPY ? read_npy(&context->alloc, path, desc, data, size, &err)
        : format == NNX_TENSOR_FILE_NNEF          ? read_dat(&context->alloc, path, desc, data, size, &err)
                                                  : read_pb(&context->alloc, path, desc, data, size, &err);
    if (st == NNX_OK)
        return NNX_OK;
    nnx_mem_free_aligned(&context->alloc, *data);
    *data = NULL;
    *size = 0;
    return nnx_context_fail(context, st, "%s", err.message);
}

void nnx_tensor_file_free(nnx_context *context, void *data)
{
    if (context && !context->h.destroyed && data)
        nnx_mem_free_aligned(&context->alloc, data);
}

/* nnx_tensor_bundle_read's state: the public callback and where errors go. */
typedef struct bundle {
    nnx_context *context;
    const char *path;
    nnx_tensor_bundle_fn fn;
    void *user;
    nnx_error *err;
} bundle;

static nnx_status bundle_member(void *user, const char *name, const nnx_npy_info *info)
{
    bundle *b = user;
    nnx_operand_desc desc = {.dtype = info->dtype, .rank = info->rank};
    memcpy(desc.shape, info->shape, info->rank * sizeof *info->shape);
    void *copy = NULL;
    const void *data = info->data;
    if (info->big_endian || (info->fortran_order && info->rank > 1)) {
        if (!(copy = nnx_mem_alloc_aligned(&b->context->alloc, info->data_size ? info->data_size : 1)))
            return nnx_error_set(b->err, NNX_ERROR_OUT_OF_MEMORY, "%s: error: out of memory for array '%s'", b->path,
                                 name);
        nnx_npy_copy_out(info, copy, info->data_size, b->err); /* sizes equal: cannot fail */
        data = copy;
    }
    nnx_status st = b->fn(b->user, name, &desc, data, info->data_size);
    if (copy)
        nnx_mem_free_aligned(&b->context->alloc, copy);
    if (st != NNX_OK) {
        nnx_error_set(b->err, st, "%s: error: stopped at array '%s'", b->path, name);
    }
    return st;
}

nnx_status nnx_tensor_bundle_read(nnx_context *context, const char *path, const nnx_tensor_bundle_options *options,
                                  nnx_tensor_bundle_fn fn, void *user)
{
    if (!context)
        return NNX_ERROR_INVALID_ARGUMENT;
    if (context->h.destroyed)
        return NNX_ERROR_INVALID_STATE;
    if (!path || !fn)
        return nnx_context_fail(context, NNX_ERROR_INVALID_ARGUMENT, "read tensor bundle: a NULL argument");
    nnx_error err = {0};
    nnx_file_view view;
    nnx_status st = nnx_file_map(path, &context->alloc, &view, &err);
    bundle b = {context, path, fn, user, &err};
    if (st == NNX_OK) {
        nnx_npz_limits limits = {options ? options->max_arrays : 0, options ? options->max_bytes : 0};
        st = nnx_npz_read(view.data, view.size, path, &context->alloc, &limits, bundle_member, &b, &err);
        nnx_file_unmap(&view);
    }
    return st == NNX_OK ? NNX_OK : nnx_context_fail(context, st, "%s", err.message);
}

/* The whole file for desc and data into *file (from a, *file_size bytes). */
static nnx_status encode(const nnx_alloc *a, nnx_tensor_file_format format, const nnx_operand_desc *d, const void *data,
                         size_t size, void **file, size_t *file_size, nnx_error *err)
{
    nnx_status st = format == NNX_TENSOR_FILE_NPY
        ? nnx_npy_encoded_size(d->dtype, d->shape, d->rank, file_size, err)
        : nnx_nnef_tensor_encoded_size(d->dtype, d->shape, d->rank, NULL, file_size, err);
    if (st != NNX_OK)
        return st;
    if (!(*file = nnx_mem_alloc(a, *file_size ? *file_size : 1)))
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory for a %zu-byte file", *file_size);
    size_t written = 0;
    if (format == NNX_TENSOR_FILE_NPY)
        return nnx_npy_write(d->dtype, d->shape, d->rank, data, size, *file, *file_size, &written, err);
    return nnx_nnef_tensor_encode(d->dtype, d->shape, d->rank, data, size, NULL, *file, *file_size, &written, err);
}

nnx_status nnx_tensor_file_write(nnx_context *context, const char *path, nnx_tensor_file_format format,
                                 const nnx_operand_desc *desc, const void *data, size_t size)
{
    if (!context)
        return NNX_ERROR_INVALID_ARGUMENT;
    if (context->h.destroyed)
        return NNX_ERROR_INVALID_STATE;
    if (!path || !desc || (!data && size))
        return nnx_context_fail(context, NNX_ERROR_INVALID_ARGUMENT, "write tensor file: a NULL argument");
    if (format != NNX_TENSOR_FILE_NPY && format != NNX_TENSOR_FILE_NNEF)
        return nnx_context_fail(context, NNX_ERROR_INVALID_ARGUMENT,
                                "write tensor file: unknown or read-only format %d", (int)format);
    nnx_error err = {0};
    void *file = NULL;
    size_t file_size = 0;
    nnx_status st = encode(&context->alloc, format, desc, data, size, &file, &file_size, &err);
    if (st == NNX_OK)
        st = nnx_file_write_atomic(path, file, file_size, &err);
    if (file)
        nnx_mem_free(&context->alloc, file);
    return st == NNX_OK ? NNX_OK : nnx_context_fail(context, st, "%s", err.message);
}

nnx_status nnx_tensor_bundle_write(nnx_context *context, const char *path, const nnx_tensor_bundle_array *arrays,
                                   size_t count)
{
    if (!context)
        return NNX_ERROR_INVALID_ARGUMENT;
    if (context->h.destroyed)
        return NNX_ERROR_INVALID_STATE;
    if (!path || (!arrays && count))
        return nnx_context_fail(context, NNX_ERROR_INVALID_ARGUMENT, "write tensor bundle: a NULL argument");
    const nnx_alloc *a = &context->alloc;
    size_t room;
    nnx_npz_member *m = NULL;
    if (nnx_mul_size(count + 1, sizeof *m, &room))
        m = nnx_mem_alloc(a, room);
    if (!m)
        return nnx_context_fail(context, NNX_ERROR_OUT_OF_MEMORY, "%s: error: out of memory", path);
    for (size_t i = 0; i < count; i++)
        m[i] = (nnx_npz_member){arrays[i].name,      arrays[i].desc.dtype, arrays[i].desc.shape,
                                arrays[i].desc.rank, arrays[i].data,       arrays[i].size};
    nnx_error err = {0};
    void *file = NULL;
    size_t file_size = 0;
    nnx_status st = nnx_npz_write(m, count, path, a, &file, &file_size, &err);
    if (st == NNX_OK)
        st = nnx_file_write_atomic(path, file, file_size, &err);
    nnx_mem_free(a, file);
    nnx_mem_free(a, m);
    return st == NNX_OK ? NNX_OK : nnx_context_fail(context, st, "%s", err.message);
}
