/* tensor_files.c — the public tensor-file calls (nnx_tensor_file_read, _write, _free): .npy
 * files through formats/npy/npy.h and NNEF .dat files through formats/nnef/tensor_file.h,
 * read into a buffer from the context's allocator and written atomically (base/file.h).
 * The formats' own messages ("PATH: error: ...") become the context's error unchanged. */
#include "api/objects.h"
#include "base/file.h"
#include "formats/nnef/files/tensor_file.h"
#include "formats/npy/npy.h"

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
            memcpy(*data, info.data, info.data_size);
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
    if (format != NNX_TENSOR_FILE_NPY && format != NNX_TENSOR_FILE_NNEF)
        return nnx_context_fail(context, NNX_ERROR_INVALID_ARGUMENT, "read tensor file: unknown format %d",
                                (int)format);
    nnx_error err = {0};
    nnx_status st = format == NNX_TENSOR_FILE_NPY ? read_npy(&context->alloc, path, desc, data, size, &err)
                                                  : read_dat(&context->alloc, path, desc, data, size, &err);
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
        return nnx_context_fail(context, NNX_ERROR_INVALID_ARGUMENT, "write tensor file: unknown format %d",
                                (int)format);
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
