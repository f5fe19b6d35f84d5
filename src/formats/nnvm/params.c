/* params.c — reading and writing TVM `.params` files (params.h has the layout). The reader
 * walks the bytes with a bounds-checked cursor: a length is compared with the bytes left
 * before it is used, so a truncated or hostile file ends in an error, never a wild read. */
#include "formats/nnvm/params.h"
#include "formats/load_limits.h"
#include "base/checked.h"
#include "base/strmap.h"
#include "ir/dtypes.h"

#include <string.h>

typedef struct cursor {
    const uint8_t *p;
    size_t left;
} cursor;

static bool take(cursor *c, size_t n, const uint8_t **at)
{
    if (n > c->left)
        return false;
    *at = c->p;
    c->p += n;
    c->left -= n;
    return true;
}

static bool u64(cursor *c, uint64_t *v)
{
    const uint8_t *b;
    if (!take(c, 8, &b))
        return false;
    *v = 0;
    for (int i = 7; i >= 0; i--)
        *v = *v << 8 | b[i];
    return true;
}

static bool u32(cursor *c, uint32_t *v)
{
    const uint8_t *b;
    if (!take(c, 4, &b))
        return false;
    *v = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
    return true;
}

/* DLDataType (code, bits) of each dtype TVM can hold; lanes are always 1. Bool is read as
 * (uint, 1) (TVM's "bool") or (6, 8) (DLPack kDLBool) and written as (uint, 1). */
static const struct {
    nnx_dtype dt;
    uint8_t code, bits;
    const char *name;
} kTypes[] = {
    {NNX_FLOAT32, 2, 32, "float32"},   {NNX_FLOAT16, 2, 16, "float16"}, {NNX_FLOAT64, 2, 64, "float64"},
    {NNX_BFLOAT16, 4, 16, "bfloat16"}, {NNX_INT8, 0, 8, "int8"},        {NNX_INT16, 0, 16, "int16"},
    {NNX_INT32, 0, 32, "int32"},       {NNX_INT64, 0, 64, "int64"},     {NNX_UINT8, 1, 8, "uint8"},
    {NNX_UINT16, 1, 16, "uint16"},     {NNX_UINT32, 1, 32, "uint32"},   {NNX_UINT64, 1, 64, "uint64"},
    {NNX_BOOL, 1, 1, "bool"},
};
#define N_TYPES (sizeof kTypes / sizeof kTypes[0])

const char *nnx_tvm_dtype_name(nnx_dtype dt)
{
    for (size_t i = 0; i < N_TYPES; i++)
        if (kTypes[i].dt == dt)
            return kTypes[i].name;
    return NULL;
}

nnx_dtype nnx_tvm_dtype_from_name(const char *name)
{
    for (size_t i = 0; i < N_TYPES; i++)
        if (strcmp(kTypes[i].name, name) == 0)
            return kTypes[i].dt;
    return NNX_DTYPE_UNDEFINED;
}

static nnx_dtype dtype_of(uint8_t code, uint8_t bits)
{
    if (code == 6 && bits == 8)
        return NNX_BOOL;
    for (size_t i = 0; i < N_TYPES; i++)
        if (kTypes[i].code == code && kTypes[i].bits == bits)
            return kTypes[i].dt;
    return NNX_DTYPE_UNDEFINED;
}

#define TRUNC(what) nnx_error_set(err, NNX_ERROR_INVALID_MODEL, "%s: error: truncated: %s", path, what)

static nnx_status read_array(cursor *c, const char *path, uint32_t k, nnx_tvm_param *p, nnx_error *err)
{
    const char *nm = p->name;
    uint64_t magic, reserved;
    uint32_t dev_type, dev_id, ndim, type;
    if (!u64(c, &magic) || !u64(c, &reserved))
        return nnx_error_set(err, NNX_ERROR_INVALID_MODEL, "%s: error: array %u '%s': truncated header", path, k, nm);
    if (magic != NNX_TVM_NDARRAY_MAGIC)
        return nnx_error_set(err, NNX_ERROR_INVALID_MODEL,
                             "%s: error: array %u '%s': bad magic number 0x%016llx (an NDArray starts with 0x%016llx)",
                             path, k, nm, (unsigned long long)magic, (unsigned long long)NNX_TVM_NDARRAY_MAGIC);
    if (!u32(c, &dev_type) || !u32(c, &dev_id) || !u32(c, &ndim) || !u32(c, &type))
        return nnx_error_set(err, NNX_ERROR_INVALID_MODEL, "%s: error: array %u '%s': truncated header", path, k, nm);
    p->device_type = (int32_t)dev_type;
    p->device_id = (int32_t)dev_id;
    uint8_t code = type & 0xff, bits = (type >> 8) & 0xff;
    uint16_t lanes = (uint16_t)(type >> 16);
    if ((int32_t)ndim < 0 || ndim > NNX_MAX_RANK)
        return nnx_error_set(err, (int32_t)ndim < 0 ? NNX_ERROR_INVALID_MODEL : NNX_ERROR_NOT_SUPPORTED,
                             "%s: error: array %u '%s': rank %d (nnx takes 0 to %d)", path, k, nm, (int32_t)ndim,
                             NNX_MAX_RANK);
    if (lanes != 1)
        return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED, "%s: error: array %u '%s': %u-lane vector type", path, k, nm,
                             lanes);
    if ((p->dtype = dtype_of(code, bits)) == NNX_DTYPE_UNDEFINED)
        return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED,
                             "%s: error: array %u '%s': data type code %u with %u bits has no nnx type", path, k, nm,
                             code, bits);
    p->rank = ndim;
    uint64_t elements = 1;
    for (uint32_t i = 0; i < ndim; i++) {
        uint64_t d;
        if (!u64(c, &d))
            return nnx_error_set(err, NNX_ERROR_INVALID_MODEL, "%s: error: array %u '%s': truncated shape", path, k,
                                 nm);
        if ((int64_t)d < 0 || d > UINT32_MAX)
            return nnx_error_set(err, (int64_t)d < 0 ? NNX_ERROR_INVALID_MODEL : NNX_ERROR_NOT_SUPPORTED,
                                 "%s: error: array %u '%s': extent %lld of axis %u is out of range", path, k, nm,
                                 (long long)d, i);
        p->shape[i] = (uint32_t)d;
        if (!nnx_mul_u64(elements, d, &elements))
            return nnx_error_set(err, NNX_ERROR_INVALID_MODEL, "%s: error: array %u '%s': element count overflows",
                                 path, k, nm);
    }
    uint64_t want, data_size;
    if (!nnx_mul_u64(elements, nnx_dtype_size(p->dtype), &want) || want > SIZE_MAX)
        return nnx_error_set(err, NNX_ERROR_INVALID_MODEL, "%s: error: array %u '%s': byte size overflows", path, k,
                             nm);
    if (!u64(c, &data_size))
        return nnx_error_set(err, NNX_ERROR_INVALID_MODEL, "%s: error: array %u '%s': truncated header", path, k, nm);
    if (data_size != want)
        return nnx_error_set(err, NNX_ERROR_INVALID_MODEL,
                             "%s: error: array %u '%s': %llu data bytes, its type and shape need %llu", path, k, nm,
                             (unsigned long long)data_size, (unsigned long long)want);
    if (!take(c, (size_t)want, &p->data))
        return nnx_error_set(err, NNX_ERROR_INVALID_MODEL,
                             "%s: error: array %u '%s': truncated data (%llu bytes, %zu left)", path, k, nm,
                             (unsigned long long)want, c->left);
    p->size = (size_t)want;
    if (p->dtype == NNX_BOOL)
        for (size_t i = 0; i < p->size; i++)
            if (p->data[i] > 1)
                return nnx_error_set(err, NNX_ERROR_INVALID_MODEL,
                                     "%s: error: array %u '%s': bool element %zu is %u (0 or 1 only)", path, k, nm, i,
                                     p->data[i]);
    return NNX_OK;
}

/* The n_names names into items[], each checked against the ones before it (seen). */
static nnx_status read_names(cursor *c, const char *path, nnx_arena *arena, nnx_tvm_param *items, uint64_t n_names,
                             nnx_strmap *seen, nnx_error *err)
{
    for (uint64_t k = 0; k < n_names; k++) {
        uint64_t len;
        const uint8_t *text;
        if (!u64(c, &len) || len > c->left || !take(c, (size_t)len, &text))
            return nnx_error_set(err, NNX_ERROR_INVALID_MODEL, "%s: error: truncated: name %llu", path,
                                 (unsigned long long)k);
        if (memchr(text, 0, (size_t)len))
            return nnx_error_set(err, NNX_ERROR_INVALID_MODEL, "%s: error: name %llu contains a NUL byte", path,
                                 (unsigned long long)k);
        char *name = nnx_arena_alloc(arena, (size_t)len + 1);
        if (!name)
            return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "%s: error: out of memory", path);
        memcpy(name, text, (size_t)len);
        items[k].name = name;
        bool added;
        if (!nnx_strmap_put(seen, name, &added))
            return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "%s: error: out of memory", path);
        if (!added)
            return nnx_error_set(err, NNX_ERROR_INVALID_MODEL, "%s: error: name '%s' appears twice", path, name);
    }
    return NNX_OK;
}

nnx_status nnx_tvm_params_parse(const uint8_t *bytes, size_t size, const char *path, uint32_t max_names,
                                nnx_arena *arena, nnx_tvm_param **out, uint32_t *count, nnx_error *err)
{
    cursor c = {bytes, size};
    uint64_t magic, reserved, n_names, n_arrays;
    *out = NULL;
    *count = 0;
    if (!u64(&c, &magic) || !u64(&c, &reserved))
        return TRUNC("the file is shorter than its 16-byte header");
    if (magic != NNX_TVM_PARAMS_MAGIC)
        return nnx_error_set(err, NNX_ERROR_INVALID_MODEL,
                             "%s: error: not a TVM .params file (magic number 0x%016llx, expected 0x%016llx)", path,
                             (unsigned long long)magic, (unsigned long long)NNX_TVM_PARAMS_MAGIC);
    if (!u64(&c, &n_names))
        return TRUNC("no name count");
    /* Each name takes at least its 8-byte length: a count beyond the bytes left is a lie. */
    if (n_names > c.left / 8 || n_names > UINT32_MAX - 1)
        return nnx_error_set(err, NNX_ERROR_INVALID_MODEL, "%s: error: %llu names cannot fit in %zu bytes", path,
                             (unsigned long long)n_names, c.left);
    uint32_t names = max_names ? max_names : NNX_MAX_NAMES_DEFAULT;
    if (n_names > names)
        return nnx_limit_error(err, NNX_LIMIT_NAMES, path, "%llu arrays, more than %u names",
                               (unsigned long long)n_names, names);
    nnx_tvm_param *items = nnx_arena_array(arena, n_names ? (size_t)n_names : 1, sizeof *items);
    if (!items)
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY,
                             "%s: error: out of memory for the table of %llu names (%zu bytes)", path,
                             (unsigned long long)n_names, (size_t)(n_names ? n_names : 1) * sizeof *items);
    nnx_strmap seen; /* the names so far: a repeat is found in constant time */
    nnx_strmap_init(&seen, arena->alloc, false);
    nnx_status st = read_names(&c, path, arena, items, n_names, &seen, err);
    nnx_strmap_free(&seen);
    if (st != NNX_OK)
        return st;
    if (!u64(&c, &n_arrays))
        return TRUNC("no array count");
    if (n_arrays != n_names)
        return nnx_error_set(err, NNX_ERROR_INVALID_MODEL, "%s: error: %llu names but %llu arrays", path,
                             (unsigned long long)n_names, (unsigned long long)n_arrays);
    for (uint32_t k = 0; k < (uint32_t)n_arrays; k++) {
        st = read_array(&c, path, k, &items[k], err);
        if (st != NNX_OK)
            return st;
    }
    if (c.left)
        return nnx_error_set(err, NNX_ERROR_INVALID_MODEL, "%s: error: %zu bytes after the last array", path, c.left);
    *out = items;
    *count = (uint32_t)n_names;
    return NNX_OK;
}

static void put_u64(uint8_t *b, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        b[i] = (uint8_t)(v >> (8 * i));
}

static bool append_u64(nnx_strbuf *out, uint64_t v)
{
    uint8_t b[8];
    put_u64(b, v);
    return nnx_strbuf_append(out, (const char *)b, 8);
}

static bool append_u32(nnx_strbuf *out, uint32_t v)
{
    uint8_t b[4] = {(uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24)};
    return nnx_strbuf_append(out, (const char *)b, 4);
}

nnx_status nnx_tvm_params_write(const nnx_tvm_param *params, uint32_t count, nnx_strbuf *out, nnx_error *err)
{
    append_u64(out, NNX_TVM_PARAMS_MAGIC);
    append_u64(out, 0);
    append_u64(out, count);
    for (uint32_t k = 0; k < count; k++) {
        size_t len = strlen(params[k].name);
        append_u64(out, len);
        nnx_strbuf_append(out, params[k].name, len);
    }
    append_u64(out, count);
    for (uint32_t k = 0; k < count; k++) {
        const nnx_tvm_param *p = &params[k];
        size_t i;
        for (i = 0; i < N_TYPES && kTypes[i].dt != p->dtype; i++)
            ;
        if (i == N_TYPES)
            return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED, "TVM has no data type for %s (array '%s')",
                                 nnx_dtype_name(p->dtype) ? nnx_dtype_name(p->dtype) : "?", p->name);
        append_u64(out, NNX_TVM_NDARRAY_MAGIC);
        append_u64(out, 0);
        append_u32(out, 1); /* kDLCPU */
        append_u32(out, 0);
        append_u32(out, p->rank);
        append_u32(out, (uint32_t)kTypes[i].code | (uint32_t)kTypes[i].bits << 8 | 1u << 16);
        for (uint32_t d = 0; d < p->rank; d++)
            append_u64(out, p->shape[d]);
        append_u64(out, p->size);
        nnx_strbuf_append(out, (const char *)p->data, p->size);
    }
    if (nnx_strbuf_failed(out))
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory writing the .params data");
    return NNX_OK;
}
