/* onnx_write_external.c — ONNX external data for the writer (onnx.proto TensorProto
 * external_data, ONNX's ExternalData.md): when a model would not fit a protobuf message
 * (2 GiB), every initializer of NNX_ONNX_EXTERNAL_MIN bytes or more moves to one file beside
 * the model, the model's file name plus ".data", each at an offset aligned to 4096 bytes
 * (the page size, so that readers can map it) with its location, offset and length. */
#include "formats/onnx/onnx_write.h"

#include <stdio.h>
#include <string.h>

#define NNX_ONNX_EXTERNAL_ALIGN 4096u

static bool entry(nnx_onnx_writer *W, Onnx__TensorProto *t, const char *key, const char *value)
{
    Onnx__StringStringEntryProto *e = nnx_arena_alloc(&W->arena, sizeof *e);
    char *v = nnx_arena_strdup(&W->arena, value);
    if (!e || !v)
        return nnx_onnx_w_oom(W);
    onnx__string_string_entry_proto__init(e);
    e->key = (char *)key;
    e->value = v;
    t->external_data[t->n_external_data++] = e;
    return true;
}

static bool moves(const Onnx__TensorProto *t) { return t->has_raw_data && t->raw_data.len >= NNX_ONNX_EXTERNAL_MIN; }

nnx_status nnx_onnx_w_externalize(nnx_onnx_writer *W, nnx_onnx_external *x)
{
    memset(x, 0, sizeof *x);
    const char *base = strrchr(W->path, '/');
    base = base ? base + 1 : W->path;
    size_t n = strlen(W->path);
    char *loc = nnx_arena_alloc(&W->arena, strlen(base) + sizeof ".data");
    char *path = nnx_arena_alloc(&W->arena, n + sizeof ".data");
    if (!loc || !path)
        return (nnx_onnx_w_oom(W), W->err->status);
    snprintf(loc, strlen(base) + sizeof ".data", "%s.data", base);
    snprintf(path, n + sizeof ".data", "%s.data", W->path);
    /* the file's size: every moving tensor at an aligned offset, checked for overflow */
    size_t size = 0;
    for (uint32_t i = 0; i < W->n_inits; i++) {
        const Onnx__TensorProto *t = W->inits[i];
        if (!moves(t))
            continue;
        size_t pad = (NNX_ONNX_EXTERNAL_ALIGN - size % NNX_ONNX_EXTERNAL_ALIGN) % NNX_ONNX_EXTERNAL_ALIGN;
        if (size > SIZE_MAX - pad || size + pad > SIZE_MAX - t->raw_data.len)
            return (nnx_onnx_w_refuse(W, "the weights' total size overflows"), W->err->status);
        size += pad + t->raw_data.len;
    }
    uint8_t *data = nnx_mem_calloc(W->alloc, size ? size : 1, 1);
    if (!data)
        return (nnx_onnx_w_oom(W), W->err->status);
    size_t at = 0;
    for (uint32_t i = 0; i < W->n_inits; i++) {
        Onnx__TensorProto *t = W->inits[i];
        if (!moves(t))
            continue;
        at += (NNX_ONNX_EXTERNAL_ALIGN - at % NNX_ONNX_EXTERNAL_ALIGN) % NNX_ONNX_EXTERNAL_ALIGN;
        memcpy(data + at, t->raw_data.data, t->raw_data.len);
        char offset[24], length[24];
        snprintf(offset, sizeof offset, "%zu", at);
        snprintf(length, sizeof length, "%zu", t->raw_data.len);
        at += t->raw_data.len;
        t->external_data = nnx_arena_array(&W->arena, 3, sizeof *t->external_data);
        t->n_external_data = 0;
        if (!t->external_data) {
            nnx_mem_free(W->alloc, data);
            return (nnx_onnx_w_oom(W), W->err->status);
        }
        if (!entry(W, t, "location", loc) || !entry(W, t, "offset", offset) || !entry(W, t, "length", length)) {
            nnx_mem_free(W->alloc, data);
            return W->err->status;
        }
        t->has_raw_data = 0;
        t->raw_data.len = 0;
        t->raw_data.data = NULL;
        t->has_data_location = 1;
        t->data_location = ONNX__TENSOR_PROTO__DATA_LOCATION__EXTERNAL;
    }
    x->path = path;
    x->data = data;
    x->len = size;
    return NNX_OK;
}
