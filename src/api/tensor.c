/* tensor.c — tensors (WebNN MLTensor): zero-filled, constant, or a view of caller memory;
 * read and written by copy.
 * Descriptors go through the builder operands' checks, except that a tensor may be empty (a
 * zero extent: ONNX values may be, and a graph from an ONNX model may take or give one). */
#include "api/objects.h"
#include "api/validate.h"
#include "ir/dtypes.h"

#include <stdint.h>
#include <string.h>

static nnx_status make_tensor(nnx_context *ctx, const nnx_tensor_desc *desc, bool constant, nnx_tensor **out)
{
    nnx_error why = {0};
    if (nnx_check_tensor_desc(&desc->desc, &why) != NNX_OK)
        return nnx_context_fail(ctx, why.status, "tensor: %s", why.message);
    size_t bytes;
    nnx_desc_bytes(&desc->desc, &bytes); /* checked above */
    nnx_tensor *t = nnx_handle_alloc(sizeof *t);
    void *data = nnx_mem_alloc_aligned(&ctx->alloc, bytes ? bytes : 1);
    if (!t || !data) {
        nnx_handle_free(t);
        nnx_mem_free_aligned(&ctx->alloc, data);
        return nnx_context_fail(ctx, NNX_ERROR_OUT_OF_MEMORY, "tensor: out of memory allocating %zu bytes", bytes);
    }
    t->ctx = ctx;
    t->desc = *desc;
    t->constant = constant;
    t->bytes = bytes;
    t->data = data;
    nnx_context_own(ctx, &ctx->tensors, &t->h.link);
    *out = t;
    return NNX_OK;
}

/* The checks every tensor constructor starts with; what names it in the message. */
static nnx_status check_create(nnx_context *ctx, const void *desc, nnx_tensor **out, const char *what)
{
    if (!ctx || !out)
        return NNX_ERROR_INVALID_ARGUMENT;
    *out = NULL;
    if (ctx->h.destroyed)
        return NNX_ERROR_INVALID_STATE;
    if (!desc)
        return nnx_context_fail(ctx, NNX_ERROR_INVALID_ARGUMENT, "%s: descriptor is NULL", what);
    return NNX_OK;
}

nnx_status nnx_tensor_create(nnx_context *ctx, const nnx_tensor_desc *desc, nnx_tensor **out)
{
    nnx_status st = check_create(ctx, desc, out, "tensor");
    if (st != NNX_OK)
        return st;
    return make_tensor(ctx, desc, false, out);
}

nnx_status nnx_tensor_create_constant(nnx_context *ctx, const nnx_operand_desc *desc, const void *data, size_t size,
                                      nnx_tensor **out)
{
    nnx_status st = check_create(ctx, desc, out, "constant tensor");
    if (st != NNX_OK)
        return st;
    nnx_tensor_desc td = {.desc = *desc};
    nnx_error why = {0};
    if (nnx_check_tensor_buffer(desc, data, size, &why) != NNX_OK)
        return nnx_context_fail(ctx, why.status, "constant tensor: %s", why.message);
    nnx_tensor *t;
    if ((st = make_tensor(ctx, &td, true, &t)) != NNX_OK)
        return st;
    if (size)
        memcpy(t->data, data, size);
    *out = t;
    return NNX_OK;
}

nnx_status nnx_tensor_create_view(nnx_context *ctx, const nnx_tensor_desc *desc, void *data, size_t size,
                                  nnx_tensor **out)
{
    nnx_status st = check_create(ctx, desc, out, "tensor view");
    if (st != NNX_OK)
        return st;
    nnx_error why = {0};
    if (nnx_check_tensor_desc(&desc->desc, &why) != NNX_OK)
        return nnx_context_fail(ctx, why.status, "tensor view: %s", why.message);
    size_t bytes, item = nnx_dtype_size(desc->desc.dtype);
    nnx_desc_bytes(&desc->desc, &bytes); /* checked above */
    if (size != bytes || (!data && size))
        return nnx_context_fail(ctx, NNX_ERROR_INVALID_ARGUMENT,
                                "tensor view: %zu bytes given, the descriptor needs %zu", data ? size : 0, bytes);
    /* Kernels load whole elements: a misaligned element is undefined behaviour in C. */
    if (item > 1 && (uintptr_t)data % (item < 8 ? item : 8) != 0)
        return nnx_context_fail(ctx, NNX_ERROR_INVALID_ARGUMENT,
                                "tensor view: data is not aligned to its %zu-byte elements", item);
    nnx_tensor *t = nnx_handle_alloc(sizeof *t);
    if (!t)
        return nnx_context_fail(ctx, NNX_ERROR_OUT_OF_MEMORY, "tensor view: out of memory");
    t->ctx = ctx;
    t->desc = *desc;
    t->borrowed = true;
    t->bytes = bytes;
    t->data = data;
    nnx_context_own(ctx, &ctx->tensors, &t->h.link);
    *out = t;
    return NNX_OK;
}

nnx_status nnx_tensor_write(nnx_tensor *t, const void *data, size_t size)
{
    if (!t)
        return NNX_ERROR_INVALID_ARGUMENT;
    if (t->h.destroyed)
        return nnx_destroyed(t->ctx, NNX_ERROR_INVALID_ARGUMENT, "write tensor: the tensor");
    if (!t->desc.writable)
        return nnx_context_fail(t->ctx, NNX_ERROR_INVALID_ARGUMENT, "write tensor: the tensor is not writable");
    if ((!data && size) || size != t->bytes)
        return nnx_context_fail(t->ctx, NNX_ERROR_INVALID_ARGUMENT,
                                "write tensor: %zu bytes given, the tensor holds %zu", data ? size : 0, t->bytes);
    if (size)
        memcpy(t->data, data, size);
    return NNX_OK;
}

nnx_status nnx_tensor_read(nnx_tensor *t, void *out, size_t size)
{
    if (!t)
        return NNX_ERROR_INVALID_ARGUMENT;
    if (t->h.destroyed)
        return nnx_destroyed(t->ctx, NNX_ERROR_INVALID_ARGUMENT, "read tensor: the tensor");
    if (!t->desc.readable)
        return nnx_context_fail(t->ctx, NNX_ERROR_INVALID_ARGUMENT, "read tensor: the tensor is not readable");
    if ((!out && size) || size != t->bytes)
        return nnx_context_fail(t->ctx, NNX_ERROR_INVALID_ARGUMENT,
                                "read tensor: buffer of %zu bytes, the tensor holds %zu", out ? size : 0, t->bytes);
    if (size)
        memcpy(out, t->data, size);
    return NNX_OK;
}

void nnx_tensor_get_desc(const nnx_tensor *t, nnx_tensor_desc *out)
{
    if (!out)
        return;
    if (!t || t->h.destroyed) {
        memset(out, 0, sizeof *out);
        return;
    }
    *out = t->desc;
}

void nnx_tensor_destroy(nnx_tensor *t)
{
    if (!t || t->h.destroyed)
        return;
    nnx_context_disown(t->ctx, &t->h.link);
    if (!t->borrowed)
        nnx_mem_free_aligned(&t->ctx->alloc, t->data);
    t->data = NULL;
    nnx_handle_bury(&t->h);
}
