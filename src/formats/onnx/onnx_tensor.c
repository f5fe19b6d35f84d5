/* onnx_tensor.c — ONNX tensors (onnx.proto TensorProto): element types to nnx dtypes,
 * dimensions to descriptors, data decoded from the typed fields, raw_data or an external
 * file inside the model's folder (4- and 2-bit types unpacked to a byte each), and a lone
 * TensorProto file read (test data). Memory for protobuf-c comes from the caller's
 * allocator. */
#include "formats/onnx/onnx_internal.h"

#include "base/file.h"
#include "base/float_convert.h"
#include "ir/dtypes.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- protobuf-c allocation */

static void *pb_alloc(void *data, size_t size) { return nnx_mem_alloc((const nnx_alloc *)data, size ? size : 1); }
static void pb_free(void *data, void *ptr) { nnx_mem_free((const nnx_alloc *)data, ptr); }

ProtobufCAllocator nnx_onnx_pb_allocator(const nnx_alloc *alloc)
{
    return (ProtobufCAllocator){pb_alloc, pb_free, (void *)alloc};
}

/* ---------------------------------------------------------------- tensors */

/* TensorProto.DataType values after BFLOAT16 (16): the Debian onnx.proto (ONNX 1.12) stops
 * there, but data_type is a plain int32 field, so later values arrive as numbers (ONNX IR,
 * TensorProto.DataType, onnx.proto of ONNX 1.18 and later). */
enum {
    OX_FLOAT8E4M3FN = 17,
    OX_FLOAT8E4M3FNUZ = 18,
    OX_FLOAT8E5M2 = 19,
    OX_FLOAT8E5M2FNUZ = 20,
    OX_UINT4 = 21,
    OX_INT4 = 22,
    OX_FLOAT4E2M1 = 23,
    OX_FLOAT8E8M0 = 24,
    OX_UINT2 = 25,
    OX_INT2 = 26
};

nnx_dtype nnx_onnx_dtype(int32_t t)
{
    switch (t) {
    case OX_FLOAT8E4M3FN: return NNX_FP8E4M3;
    case OX_FLOAT8E4M3FNUZ: return NNX_FP8E4M3FNUZ;
    case OX_FLOAT8E5M2: return NNX_FP8E5M2;
    case OX_FLOAT8E5M2FNUZ: return NNX_FP8E5M2FNUZ;
    case OX_UINT4: return NNX_UINT4;
    case OX_INT4: return NNX_INT4;
    case OX_FLOAT4E2M1: return NNX_FP4E2M1;
    case OX_FLOAT8E8M0: return NNX_FP8E8M0;
    case OX_UINT2: return NNX_UINT2;
    case OX_INT2: return NNX_INT2;
    case ONNX__TENSOR_PROTO__DATA_TYPE__FLOAT: return NNX_FLOAT32;
    case ONNX__TENSOR_PROTO__DATA_TYPE__UINT8: return NNX_UINT8;
    case ONNX__TENSOR_PROTO__DATA_TYPE__INT8: return NNX_INT8;
    case ONNX__TENSOR_PROTO__DATA_TYPE__UINT16: return NNX_UINT16;
    case ONNX__TENSOR_PROTO__DATA_TYPE__INT16: return NNX_INT16;
    case ONNX__TENSOR_PROTO__DATA_TYPE__INT32: return NNX_INT32;
    case ONNX__TENSOR_PROTO__DATA_TYPE__INT64: return NNX_INT64;
    case ONNX__TENSOR_PROTO__DATA_TYPE__BOOL: return NNX_BOOL;
    case ONNX__TENSOR_PROTO__DATA_TYPE__FLOAT16: return NNX_FLOAT16;
    case ONNX__TENSOR_PROTO__DATA_TYPE__DOUBLE: return NNX_FLOAT64;
    case ONNX__TENSOR_PROTO__DATA_TYPE__UINT32: return NNX_UINT32;
    case ONNX__TENSOR_PROTO__DATA_TYPE__UINT64: return NNX_UINT64;
    case ONNX__TENSOR_PROTO__DATA_TYPE__BFLOAT16: return NNX_BFLOAT16;
    default: return NNX_DTYPE_UNDEFINED;
    }
}

const char *nnx_onnx_type_name(int32_t t)
{
    static const char *const names[] = {
        "UNDEFINED", "FLOAT",      "UINT8",      "INT8",         "UINT16",         "INT16",      "INT32",
        "INT64",     "STRING",     "BOOL",       "FLOAT16",      "DOUBLE",         "UINT32",     "UINT64",
        "COMPLEX64", "COMPLEX128", "BFLOAT16",   "FLOAT8E4M3FN", "FLOAT8E4M3FNUZ", "FLOAT8E5M2", "FLOAT8E5M2FNUZ",
        "UINT4",     "INT4",       "FLOAT4E2M1", "FLOAT8E8M0",   "UINT2",          "INT2"};
    return t >= 0 && t < (int32_t)(sizeof names / sizeof names[0]) ? names[t] : "unknown";
}

/* Shape dims -> descriptor; checks rank, range and total size. */
nnx_status nnx_onnx_dims_desc(const int64_t *dims, size_t n, nnx_dtype dt, nnx_operand_desc *d, const char *what,
                              nnx_error *err)
{
    memset(d, 0, sizeof *d);
    d->dtype = dt;
    if (n > NNX_MAX_RANK)
        return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED, "%s has rank %zu, nnx supports up to %d", what, n,
                             NNX_MAX_RANK);
    d->rank = (uint32_t)n;
    for (size_t i = 0; i < n; i++) {
        if (dims[i] < 0 || dims[i] > UINT32_MAX)
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "%s has dimension %lld out of range", what,
                                 (long long)dims[i]);
        d->shape[i] = (uint32_t)dims[i];
    }
    size_t bytes;
    if (!nnx_desc_bytes(d, &bytes) || bytes > ((size_t)1 << 40))
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "%s is too large", what);
    return NNX_OK;
}

/* A relative location inside dir: no absolute path, no ".." component. */
static bool safe_location(const char *loc)
{
    if (!loc[0] || loc[0] == '/')
        return false;
    const char *p = loc;
    while (*p) {
        const char *e = strchr(p, '/');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        if (len == 2 && p[0] == '.' && p[1] == '.')
            return false;
        if (!e)
            break;
        p = e + 1;
    }
    return true;
}

/* Reads the external bytes into *dst, allocated (aligned) once the file proves long enough. */
static nnx_status read_external(const Onnx__TensorProto *t, const char *dir, const nnx_alloc *alloc, void **dst,
                                size_t bytes, nnx_error *err)
{
    const char *loc = NULL;
    long long offset = 0, length = -1;
    for (size_t i = 0; i < t->n_external_data; i++) {
        const Onnx__StringStringEntryProto *e = t->external_data[i];
        if (!e->key || !e->value)
            continue;
        char *end;
        if (strcmp(e->key, "location") == 0)
            loc = e->value;
        else if (strcmp(e->key, "offset") == 0 || strcmp(e->key, "length") == 0) {
            errno = 0;
            long long v = strtoll(e->value, &end, 10);
            if (errno || *end || v < 0)
                return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                                     "tensor '%s': external data %s '%s' is not a size", t->name ? t->name : "", e->key,
                                     e->value);
            if (e->key[0] == 'o')
                offset = v;
            else
                length = v;
        }
    }
    if (!loc)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "tensor '%s': external data without a location",
                             t->name ? t->name : "");
    if (!dir)
        return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED, "tensor '%s': external data needs a model file",
                             t->name ? t->name : "");
    if (!safe_location(loc))
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                             "tensor '%s': external data location '%s' leaves the model's folder",
                             t->name ? t->name : "", loc);
    if (length >= 0 && (unsigned long long)length != bytes)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "tensor '%s': external data length %lld != %zu bytes",
                             t->name ? t->name : "", length, bytes);
    nnx_file_view v;
    nnx_status st = nnx_file_map_inside(dir, loc, alloc, &v, err);
    if (st != NNX_OK)
        return st;
    if ((unsigned long long)offset > v.size || v.size - (size_t)offset < bytes)
        st = nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "tensor '%s': external data file '%s' is too short",
                           t->name ? t->name : "", loc);
    else if (!(*dst = nnx_mem_alloc_aligned(alloc, bytes ? bytes : 1)))
        st = nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory for tensor '%s' (%zu bytes)",
                           t->name ? t->name : "", bytes ? bytes : (size_t)1);
    else if (bytes)
        memcpy(*dst, v.data + offset, bytes);
    nnx_file_unmap(&v);
    return st;
}

/* Bits per element of the types ONNX packs (4 and 2), else 0. */
static unsigned packed_bits(int32_t t)
{
    switch (t) {
    case OX_UINT4:
    case OX_INT4:
    case OX_FLOAT4E2M1: return 4;
    case OX_UINT2:
    case OX_INT2: return 2;
    default: return 0;
    }
}

/* Element i of packed bytes: the first element in the lowest bits (ONNX's int4, int2 and
 * float4 documents, "Packing and Unpacking"). Sub-byte integers are extended as nnx stores
 * them (int4 and int2 sign-extended); fp4e2m1 keeps its code. The padding bits of the last
 * byte are not read (ONNX decision ONNX-T2). */
static unsigned char unpack_one(const unsigned char *packed, uint64_t i, unsigned bits, nnx_dtype dt)
{
    unsigned per_byte = 8 / bits;
    unsigned v = (packed[i / per_byte] >> ((i % per_byte) * bits)) & ((1u << bits) - 1);
    if (nnx_dtype_kind_of(dt) == NNX_KIND_SINT && (v >> (bits - 1)))
        v |= 0xFFu << bits;
    return (unsigned char)v;
}

/* Replaces *p (packed bytes of count elements) by one byte per element. */
static nnx_status unpack_in_place(const nnx_alloc *alloc, void **p, uint64_t count, unsigned bits, nnx_dtype dt,
                                  const char *what, nnx_error *err)
{
    unsigned char *out = nnx_mem_alloc_aligned(alloc, count ? (size_t)count : 1);
    if (!out)
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory for %s (%llu bytes)", what,
                             (unsigned long long)(count ? count : 1));
    for (uint64_t i = 0; i < count; i++)
        out[i] = unpack_one(*p, i, bits, dt);
    nnx_mem_free_aligned(alloc, *p);
    *p = out;
    return NNX_OK;
}

nnx_status nnx_onnx_tensor_decode(const Onnx__TensorProto *t, const char *dir, const nnx_alloc *alloc,
                                  nnx_operand_desc *desc, void **data, nnx_error *err)
{
    *data = NULL;
    const char *name = t->name ? t->name : "";
    nnx_dtype dt = nnx_onnx_dtype(t->data_type);
    if (dt == NNX_DTYPE_UNDEFINED)
        return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED, "tensor '%s' has data type %s, which nnx does not support",
                             name, nnx_onnx_type_name(t->data_type));
    char what[160];
    snprintf(what, sizeof what, "tensor '%s'", name);
    nnx_status st = nnx_onnx_dims_desc(t->dims, t->n_dims, dt, desc, what, err);
    if (st != NNX_OK)
        return st;
    size_t bytes;
    uint64_t count;
    nnx_desc_bytes(desc, &bytes);
    nnx_desc_elements(desc, &count);
    size_t esize = nnx_dtype_size(dt);
    /* 4- and 2-bit types are packed in raw_data, external data and int32_data (one packed
     * byte per entry): ceil(count * bits / 8) bytes, at most count (checked above) */
    unsigned bits = packed_bits(t->data_type);
    size_t stored = bits ? (size_t)((count + 8 / bits - 1) / (8 / bits)) : bytes;
    void *p = NULL;
    /* the sizes are checked against the data present before anything is allocated */
    if (t->has_data_location && t->data_location == ONNX__TENSOR_PROTO__DATA_LOCATION__EXTERNAL) {
        st = read_external(t, dir, alloc, &p, stored, err);
        if (st == NNX_OK && bits)
            st = unpack_in_place(alloc, &p, count, bits, dt, what, err);
    } else if (t->has_raw_data) {
        if (t->raw_data.len != stored)
            st = nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "%s has %zu bytes of raw data, its shape needs %zu",
                               what, t->raw_data.len, stored);
        else if (!(p = nnx_mem_alloc_aligned(alloc, bytes ? bytes : 1)))
            st = nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory for %s (%zu bytes)", what,
                               bytes ? bytes : (size_t)1);
        else if (bits)
            for (uint64_t i = 0; i < count; i++)
                ((unsigned char *)p)[i] = unpack_one(t->raw_data.data, i, bits, dt);
        else if (bytes)
            memcpy(p, t->raw_data.data, bytes);
    } else if (bits) {
        if (t->n_int32_data != stored)
            st = nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                               "%s has %zu packed values, its shape needs %zu (%u-bit elements, %u a byte)", what,
                               t->n_int32_data, stored, bits, 8 / bits);
        else if (!(p = nnx_mem_alloc_aligned(alloc, bytes ? bytes : 1)))
            st = nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory for %s (%zu bytes)", what,
                               bytes ? bytes : (size_t)1);
        for (uint64_t i = 0; st == NNX_OK && i < count; i++) {
            unsigned char byte = (unsigned char)t->int32_data[i / (8 / bits)];
            ((unsigned char *)p)[i] = unpack_one(&byte, i % (8 / bits), bits, dt);
        }
    } else {
        size_t have = 0;
        switch (dt) {
        case NNX_FLOAT32: have = t->n_float_data; break;
        case NNX_FLOAT64: have = t->n_double_data; break;
        case NNX_INT64: have = t->n_int64_data; break;
        case NNX_UINT32:
        case NNX_UINT64: have = t->n_uint64_data; break;
        default: have = t->n_int32_data; break; /* the 16-bit and 8-bit types, bool */
        }
        if (have != count)
            st = nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "%s has %zu values, its shape needs %llu", what, have,
                               (unsigned long long)count);
        else if (!(p = nnx_mem_alloc_aligned(alloc, bytes ? bytes : 1)))
            st = nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory for %s (%zu bytes)", what,
                               bytes ? bytes : (size_t)1);
        for (size_t i = 0; st == NNX_OK && i < count; i++) {
            unsigned char *q = (unsigned char *)p + i * esize;
            switch (dt) {
            case NNX_FLOAT32: memcpy(q, &t->float_data[i], 4); break;
            case NNX_FLOAT64: memcpy(q, &t->double_data[i], 8); break;
            case NNX_INT64: memcpy(q, &t->int64_data[i], 8); break;
            case NNX_UINT64: memcpy(q, &t->uint64_data[i], 8); break;
            case NNX_UINT32: {
                uint32_t v = (uint32_t)t->uint64_data[i];
                memcpy(q, &v, 4);
                break;
            }
            case NNX_INT32: memcpy(q, &t->int32_data[i], 4); break;
            case NNX_INT16:
            case NNX_UINT16:
            case NNX_FLOAT16:
            case NNX_BFLOAT16: {
                uint16_t v = (uint16_t)t->int32_data[i];
                memcpy(q, &v, 2);
                break;
            }
            case NNX_BOOL: *q = t->int32_data[i] != 0; break;
            default: *q = (unsigned char)t->int32_data[i]; break;
            }
        }
    }
    if (st == NNX_OK && dt == NNX_BOOL)
        for (size_t i = 0; i < bytes; i++)
            ((unsigned char *)p)[i] = ((unsigned char *)p)[i] != 0;
    if (st != NNX_OK) {
        if (p)
            nnx_mem_free_aligned(alloc, p);
        return st;
    }
    *data = p;
    return NNX_OK;
}

nnx_status nnx_onnx_tensor_from_bytes(const void *bytes, size_t size, const char *path, const nnx_alloc *alloc,
                                      char *name, size_t name_size, nnx_operand_desc *desc, void **data, nnx_error *err)
{
    *data = NULL;
    ProtobufCAllocator pa = nnx_onnx_pb_allocator(alloc);
    Onnx__TensorProto *t = onnx__tensor_proto__unpack(&pa, size, bytes);
    if (!t)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "%s: error: not a valid TensorProto", path);
    if (name && name_size)
        snprintf(name, name_size, "%s", t->name ? t->name : "");
    nnx_error e = {0};
    nnx_status st;
    if (t->data_type == 8) /* STRING: the block onnx.h describes */
        st = nnx_onnx_string_block(t, alloc, desc, data, &e);
    else
        st = nnx_onnx_tensor_decode(t, NULL, alloc, desc, data, &e);
    if (st != NNX_OK)
        nnx_error_set(err, st, "%s: error: %s", path, e.message);
    onnx__tensor_proto__free_unpacked(t, &pa);
    return st;
}

nnx_status nnx_onnx_read_tensor_file(const char *path, const nnx_alloc *alloc, char *name, size_t name_size,
                                     nnx_operand_desc *desc, void **data, nnx_error *err)
{
    nnx_file_view v;
    *data = NULL;
    nnx_status st = nnx_file_map(path, alloc, &v, err);
    if (st != NNX_OK)
        return st;
    st = nnx_onnx_tensor_from_bytes(v.data, v.size, path, alloc, name, name_size, desc, data, err);
    nnx_file_unmap(&v);
    return st;
}
