/* onnx_load.c — the ONNX loader (formats/onnx/onnx.h): decodes a ModelProto with the
 * protoc-c reader, checks every node's operator first (all the unsupported ones are named
 * in one error, each with its opset), then adds initializers and Constant outputs as IR
 * constants, graph inputs as IR inputs, and maps each node in order through the operator
 * table (onnx_ops.c). A node whose inputs are all constants is computed at load time with
 * the reference kernel (so the shape arithmetic of exported models — Shape, Gather, Concat,
 * Reshape — becomes constants, as core IR's static shapes need). */
#include "formats/onnx/onnx_internal.h"

#include "base/file.h"
#include "base/float_convert.h"
#include "ir/dtypes.h"
#include "ops/graph_build.h"
#include "ops/table.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- messages */

nnx_status ox_fail(ox *c, nnx_status st, const char *fmt, ...)
{
    if (c->nerr.status != NNX_OK)
        return c->nerr.status;
    va_list ap;
    va_start(ap, fmt);
    c->nerr.status = st;
    vsnprintf(c->nerr.message, sizeof c->nerr.message, fmt, ap);
    va_end(ap);
    return st;
}

/* ---------------------------------------------------------------- protobuf-c allocation */

static void *pb_alloc(void *data, size_t size) { return nnx_mem_alloc((const nnx_alloc *)data, size ? size : 1); }
static void pb_free(void *data, void *ptr) { nnx_mem_free((const nnx_alloc *)data, ptr); }

/* ---------------------------------------------------------------- tensors */

nnx_dtype nnx_onnx_dtype(int32_t t)
{
    switch (t) {
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

static const char *onnx_type_name(int32_t t)
{
    static const char *const names[] = {"UNDEFINED", "FLOAT", "UINT8", "INT8", "UINT16", "INT16", "INT32", "INT64",
                                        "STRING", "BOOL", "FLOAT16", "DOUBLE", "UINT32", "UINT64", "COMPLEX64",
                                        "COMPLEX128", "BFLOAT16"};
    return t >= 0 && t < (int32_t)(sizeof names / sizeof names[0]) ? names[t] : "unknown";
}

/* Shape dims -> descriptor; checks rank, range and total size. */
static nnx_status dims_desc(const int64_t *dims, size_t n, nnx_dtype dt, nnx_operand_desc *d, const char *what,
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
                return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "tensor '%s': external data %s '%s' is not a size",
                                     t->name ? t->name : "", e->key, e->value);
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
    size_t plen = strlen(dir) + strlen(loc) + 2;
    char *p = nnx_mem_alloc(alloc, plen);
    if (!p)
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    snprintf(p, plen, "%s/%s", dir, loc);
    nnx_file_view v;
    nnx_status st = nnx_file_map(p, alloc, &v, err);
    nnx_mem_free(alloc, p);
    if (st != NNX_OK)
        return st;
    if ((unsigned long long)offset > v.size || v.size - (size_t)offset < bytes)
        st = nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "tensor '%s': external data file '%s' is too short",
                           t->name ? t->name : "", loc);
    else if (!(*dst = nnx_mem_alloc_aligned(alloc, bytes ? bytes : 1)))
        st = nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory for tensor '%s'", t->name ? t->name : "");
    else if (bytes)
        memcpy(*dst, v.data + offset, bytes);
    nnx_file_unmap(&v);
    return st;
}

nnx_status nnx_onnx_tensor_decode(const Onnx__TensorProto *t, const char *dir, const nnx_alloc *alloc,
                                  nnx_operand_desc *desc, void **data, nnx_error *err)
{
    *data = NULL;
    const char *name = t->name ? t->name : "";
    nnx_dtype dt = nnx_onnx_dtype(t->data_type);
    if (dt == NNX_DTYPE_UNDEFINED)
        return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED, "tensor '%s' has data type %s, which nnx does not support",
                             name, onnx_type_name(t->data_type));
    char what[160];
    snprintf(what, sizeof what, "tensor '%s'", name);
    nnx_status st = dims_desc(t->dims, t->n_dims, dt, desc, what, err);
    if (st != NNX_OK)
        return st;
    size_t bytes;
    uint64_t count;
    nnx_desc_bytes(desc, &bytes);
    nnx_desc_elements(desc, &count);
    size_t esize = nnx_dtype_size(dt);
    void *p = NULL;
    /* the sizes are checked against the data present before anything is allocated */
    if (t->has_data_location && t->data_location == ONNX__TENSOR_PROTO__DATA_LOCATION__EXTERNAL) {
        st = read_external(t, dir, alloc, &p, bytes, err);
    } else if (t->has_raw_data) {
        if (t->raw_data.len != bytes)
            st = nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "%s has %zu bytes of raw data, its shape needs %zu", what,
                               t->raw_data.len, bytes);
        else if (!(p = nnx_mem_alloc_aligned(alloc, bytes ? bytes : 1)))
            st = nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory for %s", what);
        else if (bytes)
            memcpy(p, t->raw_data.data, bytes);
    } else {
        size_t have = 0;
        switch (dt) {
        case NNX_FLOAT32: have = t->n_float_data; break;
        case NNX_FLOAT64: have = t->n_double_data; break;
        case NNX_INT64: have = t->n_int64_data; break;
        case NNX_UINT32: case NNX_UINT64: have = t->n_uint64_data; break;
        default: have = t->n_int32_data; break;
        }
        if (have != count)
            st = nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "%s has %zu values, its shape needs %llu", what, have,
                               (unsigned long long)count);
        else if (!(p = nnx_mem_alloc_aligned(alloc, bytes ? bytes : 1)))
            st = nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory for %s", what);
        for (size_t i = 0; st == NNX_OK && i < count; i++) {
            unsigned char *q = (unsigned char *)p + i * esize;
            switch (dt) {
            case NNX_FLOAT32: memcpy(q, &t->float_data[i], 4); break;
            case NNX_FLOAT64: memcpy(q, &t->double_data[i], 8); break;
            case NNX_INT64: memcpy(q, &t->int64_data[i], 8); break;
            case NNX_UINT64: memcpy(q, &t->uint64_data[i], 8); break;
            case NNX_UINT32: { uint32_t v = (uint32_t)t->uint64_data[i]; memcpy(q, &v, 4); break; }
            case NNX_INT32: memcpy(q, &t->int32_data[i], 4); break;
            case NNX_INT16: case NNX_UINT16: case NNX_FLOAT16: case NNX_BFLOAT16: {
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

nnx_status nnx_onnx_read_tensor_file(const char *path, const nnx_alloc *alloc, char *name, size_t name_size,
                                     nnx_operand_desc *desc, void **data, nnx_error *err)
{
    nnx_file_view v;
    *data = NULL;
    nnx_status st = nnx_file_map(path, alloc, &v, err);
    if (st != NNX_OK)
        return st;
    ProtobufCAllocator pa = {pb_alloc, pb_free, (void *)alloc};
    Onnx__TensorProto *t = onnx__tensor_proto__unpack(&pa, v.size, v.data);
    if (!t) {
        nnx_file_unmap(&v);
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "%s: error: not a valid TensorProto", path);
    }
    if (name && name_size)
        snprintf(name, name_size, "%s", t->name ? t->name : "");
    nnx_error e = {0};
    st = nnx_onnx_tensor_decode(t, NULL, alloc, desc, data, &e);
    if (st != NNX_OK)
        nnx_error_set(err, st, "%s: error: %s", path, e.message);
    onnx__tensor_proto__free_unpacked(t, &pa);
    nnx_file_unmap(&v);
    return st;
}

/* ---------------------------------------------------------------- value table */

static uint32_t hash_name(const char *s)
{
    uint32_t h = 2166136261u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

static ox_entry *lookup(ox *c, const char *name)
{
    uint32_t i = hash_name(name) & (c->cap - 1);
    while (c->table[i].name && strcmp(c->table[i].name, name) != 0)
        i = (i + 1) & (c->cap - 1);
    return &c->table[i];
}

/* Defines (or redefines: ONNX forbids it, a later definition wins) name -> id. */
static nnx_status define(ox *c, const char *name, uint32_t id)
{
    if (!name || !name[0])
        return NNX_OK;
    ox_entry *e = lookup(c, name);
    if (!e->name) {
        if ((c->count + 1) * 2 > c->cap) {
            uint32_t ncap = c->cap * 2;
            ox_entry *nt = nnx_mem_calloc(c->ir->alloc, ncap, sizeof *nt);
            if (!nt)
                return ox_fail(c, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
            ox_entry *old = c->table;
            uint32_t ocap = c->cap;
            c->table = nt;
            c->cap = ncap;
            for (uint32_t k = 0; k < ocap; k++)
                if (old[k].name)
                    *lookup(c, old[k].name) = old[k];
            nnx_mem_free(c->ir->alloc, old);
            e = lookup(c, name);
        }
        e->name = name;
        c->count++;
    }
    e->id = id;
    return NNX_OK;
}

static bool find_value(ox *c, const char *name, uint32_t *id)
{
    ox_entry *e = lookup(c, name);
    if (!e->name)
        return false;
    *id = e->id;
    return true;
}

/* ---------------------------------------------------------------- values */

nnx_operand_desc ox_desc(const ox *c, uint32_t id)
{
    if (id == OX_EMPTY)
        return (nnx_operand_desc){NNX_INT64, 1, {0}};
    if (id >= c->ir->n_values) /* an absent optional input: no type, rank 0 */
        return (nnx_operand_desc){NNX_DTYPE_UNDEFINED, 0, {0}};
    return c->ir->values[id].desc;
}

/* Computes value id's producer from known inputs into the cache (recursively, bounded). */
static const void *evaluate(ox *c, uint32_t id, unsigned depth)
{
    if (id < c->cache_cap && c->cache[id])
        return c->cache[id];
    const nnx_value *v = &c->ir->values[id];
    if (depth > 64 || v->producer >= c->ir->n_nodes)
        return NULL;
    const nnx_node *node = &c->ir->nodes[v->producer];
    nnx_view in[16], out[16];
    if (node->n_in > 16 || node->n_out > 16)
        return NULL;
    for (uint32_t k = 0; k < node->n_in; k++) {
        in[k].desc = node->in[k] == NNX_NONE ? (nnx_operand_desc){0} : c->ir->values[node->in[k]].desc;
        in[k].data = NULL;
        if (node->in[k] == NNX_NONE)
            continue;
        const nnx_value *iv = &c->ir->values[node->in[k]];
        if (iv->kind == NNX_VALUE_NODE)
            in[k].data = (void *)evaluate(c, node->in[k], depth + 1);
        else
            in[k].data = (void *)ox_known(c, node->in[k]);
        if (!in[k].data)
            return NULL;
    }
    if (c->cache_cap < c->ir->n_values) {
        uint32_t cap = c->ir->n_values + 64;
        void **g = nnx_mem_realloc(c->ir->alloc, c->cache, (size_t)cap * sizeof *g);
        if (!g)
            return NULL;
        memset(g + c->cache_cap, 0, (size_t)(cap - c->cache_cap) * sizeof *g);
        c->cache = g;
        c->cache_cap = cap;
    }
    uint32_t k = 0;
    bool ok = true;
    for (; k < node->n_out; k++) {
        out[k].desc = c->ir->values[node->out[k]].desc;
        size_t b;
        if (!nnx_desc_bytes(&out[k].desc, &b) || b > ((size_t)64 << 20) ||
            !(out[k].data = nnx_mem_alloc_aligned(c->ir->alloc, b ? b : 1))) {
            ok = false;
            break;
        }
    }
    ok = ok && nnx_op_impls[node->op].kernel(node, in, out) == NNX_OK;
    for (uint32_t j = 0; j < k; j++) {
        if (ok && !c->cache[node->out[j]])
            c->cache[node->out[j]] = out[j].data;
        else
            nnx_mem_free_aligned(c->ir->alloc, out[j].data);
    }
    return ok ? c->cache[id] : NULL;
}

const void *ox_known(ox *c, uint32_t id)
{
    static const int64_t empty = 0;
    if (id == OX_EMPTY)
        return &empty;
    if (id == NNX_NONE || id >= c->ir->n_values)
        return NULL;
    const nnx_value *v = &c->ir->values[id];
    if (v->kind == NNX_VALUE_CONSTANT)
        return v->data;
    if (v->kind == NNX_VALUE_INPUT) {
        for (uint32_t k = 0; k < c->n_known; k++)
            if (c->known[k].name && strcmp(c->known[k].name, v->name) == 0 && nnx_desc_equal(&c->known[k].desc, &v->desc))
                return c->known[k].data;
        return NULL;
    }
    return c->n_known ? evaluate(c, id, 0) : NULL;
}

static bool read_number(nnx_dtype dt, const void *p, size_t i, int64_t *iv, double *fv)
{
    const unsigned char *q = p;
    switch (dt) {
    case NNX_INT64: { int64_t v; memcpy(&v, q + 8 * i, 8); *iv = v; *fv = (double)v; return true; }
    case NNX_INT32: { int32_t v; memcpy(&v, q + 4 * i, 4); *iv = v; *fv = v; return true; }
    case NNX_INT16: { int16_t v; memcpy(&v, q + 2 * i, 2); *iv = v; *fv = v; return true; }
    case NNX_INT8: { int8_t v; memcpy(&v, q + i, 1); *iv = v; *fv = v; return true; }
    case NNX_UINT64: { uint64_t v; memcpy(&v, q + 8 * i, 8); *iv = (int64_t)v; *fv = (double)v; return true; }
    case NNX_UINT32: { uint32_t v; memcpy(&v, q + 4 * i, 4); *iv = v; *fv = v; return true; }
    case NNX_UINT16: { uint16_t v; memcpy(&v, q + 2 * i, 2); *iv = v; *fv = v; return true; }
    case NNX_UINT8: case NNX_BOOL: *iv = q[i]; *fv = q[i]; return true;
    case NNX_FLOAT32: { float v; memcpy(&v, q + 4 * i, 4); *fv = v; *iv = ox_f2i(v); return true; }
    case NNX_FLOAT64: { double v; memcpy(&v, q + 8 * i, 8); *fv = v; *iv = ox_f2i(v); return true; }
    default: return false;
    }
}

static nnx_status numbers(ox *c, uint32_t id, const char *what, int64_t *iout, double *fout, uint32_t max, uint32_t *n)
{
    if (id == NNX_NONE)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "%s is missing", what);
    const void *p = ox_known(c, id);
    if (!p)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED,
                       "%s must be known when the model is loaded (an initializer, a Constant or computed from them)",
                       what);
    nnx_operand_desc d = ox_desc(c, id);
    uint64_t count;
    nnx_desc_elements(&d, &count);
    if (count > max)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "%s has %llu values, at most %u are supported", what,
                       (unsigned long long)count, max);
    for (uint32_t i = 0; i < count; i++) {
        int64_t iv;
        double fv;
        if (!read_number(d.dtype, p, i, &iv, &fv))
            return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "%s has type %s", what, nnx_dtype_name(d.dtype));
        if (iout)
            iout[i] = iv;
        if (fout)
            fout[i] = fv;
    }
    *n = (uint32_t)count;
    return NNX_OK;
}

nnx_status ox_ints(ox *c, uint32_t id, const char *what, int64_t *out, uint32_t max, uint32_t *n)
{
    return numbers(c, id, what, out, NULL, max, n);
}

nnx_status ox_doubles(ox *c, uint32_t id, const char *what, double *out, uint32_t max, uint32_t *n)
{
    return numbers(c, id, what, NULL, out, max, n);
}

void *ox_calloc(ox *c, size_t count, size_t size)
{
    if (!count)
        count = 1;
    if (!size)
        size = 1;
    if (count > NNX_ONNX_LOAD_BYTES / size) {
        ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "a tensor of %zu x %zu bytes made at load time is too large", count, size);
        return NULL;
    }
    void *p = nnx_mem_calloc(c->ir->alloc, count, size);
    if (!p)
        ox_fail(c, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    return p;
}

nnx_status ox_const(ox *c, const nnx_operand_desc *desc, const void *data, uint32_t *id)
{
    size_t bytes;
    if (!nnx_desc_bytes(desc, &bytes))
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "constant is too large");
    nnx_error e = {0};
    nnx_status st = nnx_ir_add_constant(c->ir, desc, data, bytes, id, &e);
    if (st != NNX_OK)
        return ox_fail(c, st, "%s", e.message);
    return NNX_OK;
}

nnx_status ox_scalar(ox *c, nnx_dtype dt, double v, uint32_t *id)
{
    nnx_operand_desc d = {dt, 0, {0}};
    unsigned char buf[8] = {0};
    switch (dt) {
    case NNX_FLOAT32: { float f = (float)v; memcpy(buf, &f, 4); break; }
    case NNX_FLOAT64: memcpy(buf, &v, 8); break;
    case NNX_FLOAT16: { uint16_t h = nnx_f64_to_f16(v); memcpy(buf, &h, 2); break; }
    case NNX_BFLOAT16: { uint16_t h = nnx_f64_to_bf16(v); memcpy(buf, &h, 2); break; }
    case NNX_INT64: { int64_t x = ox_f2i(v); memcpy(buf, &x, 8); break; }
    case NNX_INT32: { int32_t x = (int32_t)ox_f2i(v); memcpy(buf, &x, 4); break; }
    case NNX_INT16: { int16_t x = (int16_t)ox_f2i(v); memcpy(buf, &x, 2); break; }
    case NNX_INT8: { int8_t x = (int8_t)ox_f2i(v); memcpy(buf, &x, 1); break; }
    case NNX_UINT64: { uint64_t x = (uint64_t)ox_f2i(v); memcpy(buf, &x, 8); break; }
    case NNX_UINT32: { uint32_t x = (uint32_t)ox_f2i(v); memcpy(buf, &x, 4); break; }
    case NNX_UINT16: { uint16_t x = (uint16_t)ox_f2i(v); memcpy(buf, &x, 2); break; }
    case NNX_UINT8: buf[0] = (uint8_t)ox_f2i(v); break;
    case NNX_BOOL: buf[0] = v != 0; break;
    default: return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "no scalar of type %s", nnx_dtype_name(dt));
    }
    return ox_const(c, &d, buf, id);
}

/* Computes node `node` (whose inputs are constants) with its reference kernel and gives
 * each output a constant. */
static nnx_status fold(ox *c, uint32_t node_index, uint32_t *first_out)
{
    nnx_node *node = &c->ir->nodes[node_index];
    uint32_t n_in = node->n_in, n_out = node->n_out;
    nnx_view in[16], out[16];
    if (n_in > 16 || n_out > 16)
        return NNX_OK;
    uint64_t total = 0;
    for (uint32_t k = 0; k < n_out; k++) {
        size_t b;
        if (!nnx_desc_bytes(&c->ir->values[node->out[k]].desc, &b))
            return NNX_OK;
        total += b;
    }
    if (total > ((uint64_t)64 << 20))
        return NNX_OK; /* big results stay computed at run time */
    for (uint32_t k = 0; k < n_in; k++) {
        in[k].desc = node->in[k] == NNX_NONE ? (nnx_operand_desc){0} : c->ir->values[node->in[k]].desc;
        in[k].data = node->in[k] == NNX_NONE ? NULL : c->ir->values[node->in[k]].data;
    }
    nnx_status st = NNX_OK;
    uint32_t k = 0;
    for (; k < n_out; k++) {
        out[k].desc = c->ir->values[node->out[k]].desc;
        size_t b;
        nnx_desc_bytes(&out[k].desc, &b);
        out[k].data = nnx_mem_alloc_aligned(c->ir->alloc, b ? b : 1);
        if (!out[k].data) {
            st = ox_fail(c, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
            break;
        }
        memset(out[k].data, 0, b ? b : 1);
    }
    if (st == NNX_OK)
        st = nnx_op_impls[node->op].kernel(node, in, out);
    if (st != NNX_OK && c->nerr.status == NNX_OK)
        ox_fail(c, st, "cannot be computed at load time");
    uint32_t ids[16];
    for (uint32_t j = 0; st == NNX_OK && j < n_out; j++)
        st = ox_const(c, &out[j].desc, out[j].data, &ids[j]);
    for (uint32_t j = 0; j < k; j++)
        nnx_mem_free_aligned(c->ir->alloc, out[j].data);
    if (st != NNX_OK)
        return st;
    /* constants are numbered consecutively as node outputs are */
    for (uint32_t j = 1; j < n_out; j++)
        if (ids[j] != ids[0] + j)
            return ox_fail(c, NNX_ERROR_UNKNOWN, "folded outputs are not consecutive");
    *first_out = ids[0];
    return NNX_OK;
}

nnx_status ox_node(ox *c, nnx_op op, const uint32_t *in, uint32_t n_in, const nnx_attrs *attrs, uint32_t n_out,
                   uint32_t *first_out)
{
    nnx_attrs none = {.none = {0}};
    nnx_error e = {0};
    for (uint32_t k = 0; k < n_in && k < nnx_op_table[op].in_min; k++)
        if (in[k] == NNX_NONE)
            return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "%s: required input %u is missing", nnx_op_table[op].name, k);
    nnx_status st = nnx_ir_add_node(c->ir, op, in, n_in, attrs ? attrs : &none, n_out, c->label, first_out, &e);
    if (st != NNX_OK)
        return ox_fail(c, st, "%s: %s", nnx_op_table[op].name, e.message);
    if (c->no_fold)
        return NNX_OK;
    for (uint32_t k = 0; k < n_in; k++)
        if (in[k] != NNX_NONE && c->ir->values[in[k]].kind != NNX_VALUE_CONSTANT)
            return NNX_OK;
    return fold(c, c->ir->n_nodes - 1, first_out);
}

/* ---------------------------------------------------------------- attributes */

const Onnx__AttributeProto *ox_attr(const Onnx__NodeProto *n, const char *name)
{
    for (size_t i = 0; i < n->n_attribute; i++)
        if (n->attribute[i]->name && strcmp(n->attribute[i]->name, name) == 0)
            return n->attribute[i];
    return NULL;
}

int64_t ox_attr_i(const Onnx__NodeProto *n, const char *name, int64_t def)
{
    const Onnx__AttributeProto *a = ox_attr(n, name);
    return a && a->has_i ? a->i : def;
}

float ox_attr_f(const Onnx__NodeProto *n, const char *name, float def)
{
    const Onnx__AttributeProto *a = ox_attr(n, name);
    return a && a->has_f ? a->f : def;
}

const char *ox_attr_s(const Onnx__NodeProto *n, const char *name, const char *def, char *buf, size_t size)
{
    const Onnx__AttributeProto *a = ox_attr(n, name);
    if (!a || !a->has_s)
        return def;
    size_t len = a->s.len < size - 1 ? a->s.len : size - 1;
    memcpy(buf, a->s.data, len);
    buf[len] = 0;
    return buf;
}

const int64_t *ox_attr_ints(const Onnx__NodeProto *n, const char *name, size_t *count)
{
    const Onnx__AttributeProto *a = ox_attr(n, name);
    *count = a ? a->n_ints : 0;
    return a && a->n_ints ? a->ints : NULL;
}

/* ---------------------------------------------------------------- the graph */

static bool is_default_domain(const char *d) { return !d || !d[0] || strcmp(d, "ai.onnx") == 0; }

/* Every node's operator must be known: the unknown ones are listed all at once. */
static nnx_status check_ops(ox *c, const Onnx__GraphProto *g, nnx_error *err)
{
    char list[NNX_ERROR_MESSAGE_MAX] = "";
    size_t len = 0;
    uint32_t n_bad = 0;
    bool subgraph = false;
    for (size_t i = 0; i < g->n_node; i++) {
        const Onnx__NodeProto *n = g->node[i];
        const char *t = n->op_type ? n->op_type : "";
        bool other;
        const ox_op *op = nnx_onnx_node_op(n, &other);
        if (op && (other || c->opset >= op->since))
            continue;
        bool seen = false;
        for (size_t j = 0; j < i && !seen; j++) {
            const Onnx__NodeProto *p = g->node[j];
            seen = p->op_type && strcmp(p->op_type, t) == 0 &&
                   is_default_domain(p->domain) == is_default_domain(n->domain) &&
                   (is_default_domain(n->domain) || strcmp(p->domain, n->domain) == 0);
        }
        if (seen)
            continue;
        bool sg = strcmp(t, "If") == 0 || strcmp(t, "Loop") == 0 || strcmp(t, "Scan") == 0;
        for (size_t a = 0; a < n->n_attribute; a++)
            sg |= n->attribute[a]->g != NULL || n->attribute[a]->n_graphs > 0;
        subgraph |= sg;
        char item[160];
        if (is_default_domain(n->domain))
            snprintf(item, sizeof item, "%s%s (opset %lld)%s", n_bad ? ", " : "", t, (long long)c->opset,
                     sg ? " [subgraph]" : "");
        else
            snprintf(item, sizeof item, "%s%s (domain %s)", n_bad ? ", " : "", t, n->domain);
        size_t il = strlen(item);
        if (len + il < sizeof list - 8) {
            memcpy(list + len, item, il + 1);
            len += il;
        } else if (len + 5 < sizeof list) {
            memcpy(list + len, ", …", 6);
            len = sizeof list;
        }
        n_bad++;
    }
    if (!n_bad)
        return NNX_OK;
    return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED, "%s: error: unsupported operator%s: %s%s", c->path,
                         n_bad == 1 ? "" : "s", list,
                         subgraph ? " (operators with subgraphs — If, Loop, Scan — are not supported)" : "");
}

static nnx_status add_initializers(ox *c, const Onnx__GraphProto *g, nnx_error *err)
{
    for (size_t i = 0; i < g->n_initializer; i++) {
        const Onnx__TensorProto *t = g->initializer[i];
        if (!t->name || !t->name[0])
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "%s: error: initializer %zu has no name", c->path, i);
        nnx_operand_desc d;
        void *data = NULL;
        nnx_error e = {0};
        nnx_status st;
        /* structure only: external files are not opened (their tensors read as zeros); the
         * data inside the model is read anyway, as shapes may be computed from it */
        bool external = t->has_data_location && t->data_location == ONNX__TENSOR_PROTO__DATA_LOCATION__EXTERNAL;
        if (c->options->skip_tensor_data && external) {
            char what[160];
            snprintf(what, sizeof what, "tensor '%s'", t->name);
            st = dims_desc(t->dims, t->n_dims, nnx_onnx_dtype(t->data_type), &d, what, &e);
            if (st == NNX_OK && d.dtype == NNX_DTYPE_UNDEFINED)
                st = nnx_error_set(&e, NNX_ERROR_NOT_SUPPORTED, "tensor '%s' has data type %s", t->name,
                                   onnx_type_name(t->data_type));
            size_t b = 0;
            if (st == NNX_OK && nnx_desc_bytes(&d, &b) && b > ((size_t)1 << 34))
                st = nnx_error_set(&e, NNX_ERROR_NOT_SUPPORTED, "tensor '%s' is too large", t->name);
            else if (st == NNX_OK && nnx_desc_bytes(&d, &b)) {
                data = nnx_mem_alloc_aligned(c->ir->alloc, b ? b : 1);
                if (!data)
                    st = nnx_error_set(&e, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
                else
                    memset(data, 0, b ? b : 1);
            }
        } else {
            st = nnx_onnx_tensor_decode(t, c->dir, c->ir->alloc, &d, &data, &e);
        }
        uint32_t id = NNX_NONE;
        if (st == NNX_OK) {
            size_t b;
            nnx_desc_bytes(&d, &b);
            st = nnx_ir_add_constant(c->ir, &d, data, b, &id, &e);
        }
        if (data)
            nnx_mem_free_aligned(c->ir->alloc, data);
        if (st == NNX_OK)
            st = define(c, t->name, id);
        if (st != NNX_OK)
            return nnx_error_set(err, st, "%s: error: initializer '%s': %s", c->path, t->name,
                                 e.message[0] ? e.message : c->nerr.message);
    }
    return NNX_OK;
}

static nnx_status add_inputs(ox *c, const Onnx__GraphProto *g, nnx_error *err)
{
    for (size_t i = 0; i < g->n_input; i++) {
        const Onnx__ValueInfoProto *vi = g->input[i];
        const char *name = vi->name ? vi->name : "";
        uint32_t id;
        if (!name[0])
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "%s: error: graph input %zu has no name", c->path, i);
        if (find_value(c, name, &id))
            continue; /* an initializer: a constant (its default value) */
        const Onnx__TypeProto *tp = vi->type;
        if (!tp || tp->value_case != ONNX__TYPE_PROTO__VALUE_TENSOR_TYPE || !tp->tensor_type)
            return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED, "%s: error: graph input '%s' is not a tensor", c->path,
                                 name);
        const Onnx__TypeProto__Tensor *tt = tp->tensor_type;
        nnx_operand_desc d = {0};
        d.dtype = nnx_onnx_dtype(tt->elem_type);
        if (d.dtype == NNX_DTYPE_UNDEFINED)
            return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED, "%s: error: graph input '%s' has data type %s", c->path,
                                 name, onnx_type_name(tt->elem_type));
        bool given = false;
        for (uint32_t k = 0; k < c->options->input_shape_count && !given; k++) {
            const nnx_input_shape *s = &c->options->input_shapes[k];
            if (s->name && strcmp(s->name, name) == 0) {
                if (s->rank > NNX_MAX_RANK)
                    return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "%s: error: input shape of '%s' has rank %u",
                                         c->path, name, s->rank);
                d.rank = s->rank;
                memcpy(d.shape, s->shape, s->rank * sizeof *d.shape);
                given = true;
            }
        }
        if (!given) {
            if (!tt->shape)
                return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED,
                                     "%s: error: graph input '%s' has no shape: give one (nnx_model_options.input_shapes)",
                                     c->path, name);
            if (tt->shape->n_dim > NNX_MAX_RANK)
                return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED, "%s: error: graph input '%s' has rank %zu", c->path,
                                     name, tt->shape->n_dim);
            d.rank = (uint32_t)tt->shape->n_dim;
            for (uint32_t k = 0; k < d.rank; k++) {
                const Onnx__TensorShapeProto__Dimension *dim = tt->shape->dim[k];
                if (dim->value_case != ONNX__TENSOR_SHAPE_PROTO__DIMENSION__VALUE_DIM_VALUE || dim->dim_value < 0 ||
                    dim->dim_value > UINT32_MAX)
                    return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED,
                                         "%s: error: graph input '%s' has a symbolic or unknown dimension %u%s%s%s: "
                                         "give its shape (nnx_model_options.input_shapes)",
                                         c->path, name, k,
                                         dim->value_case == ONNX__TENSOR_SHAPE_PROTO__DIMENSION__VALUE_DIM_PARAM ? " ('" : "",
                                         dim->value_case == ONNX__TENSOR_SHAPE_PROTO__DIMENSION__VALUE_DIM_PARAM ? dim->dim_param : "",
                                         dim->value_case == ONNX__TENSOR_SHAPE_PROTO__DIMENSION__VALUE_DIM_PARAM ? "')" : "");
                d.shape[k] = (uint32_t)dim->dim_value;
            }
        }
        nnx_error e = {0};
        nnx_status st = nnx_ir_add_input(c->ir, name, &d, &id, &e);
        if (st == NNX_OK)
            st = define(c, name, id);
        if (st != NNX_OK)
            return nnx_error_set(err, st, "%s: error: graph input '%s': %s", c->path, name,
                                 e.message[0] ? e.message : c->nerr.message);
    }
    return NNX_OK;
}

/* How many leading inputs an operator requires (present, non-empty names) at the model's
 * opset; 1 for every operator not listed. */
static uint32_t required_inputs(const char *t, int64_t opset)
{
    static const struct { const char *name; uint8_t n; int16_t from; } rows[] = {
        {"Constant", 0, 0}, {"Add", 2, 0}, {"Sub", 2, 0}, {"Mul", 2, 0}, {"Div", 2, 0}, {"Pow", 2, 0},
        {"Equal", 2, 0}, {"Less", 2, 0}, {"Greater", 2, 0}, {"LessOrEqual", 2, 0}, {"GreaterOrEqual", 2, 0},
        {"And", 2, 0}, {"Or", 2, 0}, {"Xor", 2, 0}, {"PRelu", 2, 0}, {"Mod", 2, 0}, {"BitShift", 2, 0},
        {"MatMul", 2, 0}, {"Gemm", 2, 0}, {"Conv", 2, 0}, {"ConvTranspose", 2, 0}, {"Reshape", 2, 5},
        {"Expand", 2, 0}, {"Tile", 2, 0}, {"Gather", 2, 0}, {"GatherElements", 2, 0}, {"GatherND", 2, 0},
        {"CastLike", 2, 0}, {"CumSum", 2, 0}, {"Range", 3, 0}, {"Where", 3, 0}, {"Scatter", 3, 0},
        {"ScatterElements", 3, 0}, {"ScatterND", 3, 0}, {"BatchNormalization", 5, 0},
        {"InstanceNormalization", 3, 0}, {"LayerNormalization", 2, 0}, {"QuantizeLinear", 2, 0},
        {"DequantizeLinear", 2, 0}, {"Slice", 3, 10}, {"Pad", 2, 11}, {"OneHot", 3, 0}, {"TopK", 2, 10},
        {"Compress", 2, 0}, {"ReverseSequence", 2, 0}, {"MaxUnpool", 2, 0}, {"ConvInteger", 2, 0},
        {"MatMulInteger", 2, 0}, {"QLinearConv", 8, 0}, {"QLinearMatMul", 8, 0},
        {"NegativeLogLikelihoodLoss", 2, 0}, {"SoftmaxCrossEntropyLoss", 2, 0}, {"Upsample", 2, 9},
        {"RNN", 3, 0}, {"GRU", 3, 0}, {"LSTM", 3, 0}, {"Unsqueeze", 2, 13},
        {"Adagrad", 5, 0}, {"Adam", 6, 0}, {"Momentum", 5, 0}, {"ConstantOfShape", 1, 0},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        if (strcmp(rows[i].name, t) == 0)
            return opset >= rows[i].from ? rows[i].n : 1;
    return 1;
}

static nnx_status add_nodes(ox *c, const Onnx__GraphProto *g, nnx_error *err)
{
    c->m->op_names = nnx_arena_array(&c->ir->arena, g->n_node ? g->n_node : 1, sizeof *c->m->op_names);
    if (!c->m->op_names)
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    for (size_t i = 0; i < g->n_node; i++) {
        const Onnx__NodeProto *n = g->node[i];
        bool other;
        const ox_op *op = nnx_onnx_node_op(n, &other);
        c->m->op_names[c->m->n_ops++] = op->name;
        c->node = n;
        c->label = n->name && n->name[0] ? n->name : n->n_output && n->output[0] ? n->output[0] : "";
        nnx_error_clear(&c->nerr);
        uint32_t in[64], out[64];
        nnx_status st = NNX_OK;
        if (n->n_input > 64 || n->n_output > 64)
            st = ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "more than 64 inputs or outputs");
        for (size_t k = 0; st == NNX_OK && k < n->n_input; k++) {
            in[k] = NNX_NONE;
            if (n->input[k] && n->input[k][0] && !find_value(c, n->input[k], &in[k]))
                st = ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "input %zu '%s' is not defined before it is used", k,
                             n->input[k]);
        }
        for (size_t k = n->n_input; k < 64; k++)
            in[k] = NNX_NONE;
        for (size_t k = 0; k < 64; k++)
            out[k] = NNX_NONE;
        uint32_t need = required_inputs(n->op_type, c->opset);
        for (uint32_t k = 0; st == NNX_OK && k < need; k++)
            if (k >= n->n_input || in[k] == NNX_NONE)
                st = ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "input %u is required", k);
        if (st == NNX_OK && n->n_input && in[0] == OX_EMPTY && strcmp(n->op_type, "Concat") != 0 &&
            strcmp(n->op_type, "Identity") != 0)
            st = ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "an empty tensor input is not supported");
        if (st == NNX_OK)
            st = op->fn(c, n, in, (uint32_t)n->n_input, out);
        for (size_t k = 0; st == NNX_OK && k < n->n_output; k++) {
            if (!n->output[k] || !n->output[k][0])
                continue;
            if (out[k] == NNX_NONE)
                st = ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "output %zu ('%s') is not supported", k, n->output[k]);
            else
                st = define(c, n->output[k], out[k]);
        }
        if (st != NNX_OK)
            return nnx_error_set(err, st, "%s: error: node '%s' (%s, opset %lld): %s", c->path, c->label, n->op_type,
                                 (long long)c->opset, c->nerr.message);
    }
    return NNX_OK;
}

static nnx_status add_outputs(ox *c, const Onnx__GraphProto *g, nnx_error *err)
{
    nnx_ir_model *m = c->m;
    m->outputs = nnx_arena_array(&c->ir->arena, g->n_output ? g->n_output : 1, sizeof *m->outputs);
    m->output_names = nnx_arena_array(&c->ir->arena, g->n_output ? g->n_output : 1, sizeof *m->output_names);
    if (!m->outputs || !m->output_names)
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    if (!g->n_output)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "%s: error: the graph has no outputs", c->path);
    for (size_t i = 0; i < g->n_output; i++) {
        const char *name = g->output[i]->name ? g->output[i]->name : "";
        uint32_t id;
        if (!find_value(c, name, &id))
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "%s: error: graph output '%s' is not defined", c->path,
                                 name);
        if (id == OX_EMPTY)
            return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED, "%s: error: graph output '%s' is an empty tensor",
                                 c->path, name);
        /* An output that is not a node's own result (an input, a constant, or a value already
         * output) gets a copy, so that every output is a distinct computed value. */
        bool dup = c->ir->values[id].kind != NNX_VALUE_NODE;
        for (size_t k = 0; k < i && !dup; k++)
            dup = m->outputs[k] == id;
        if (dup) {
            nnx_operand_desc d = ox_desc(c, id);
            nnx_attrs a = {.reshape = {.rank = d.rank}};
            memcpy(a.reshape.shape, d.shape, sizeof d.shape);
            c->no_fold = true;
            c->label = name;
            nnx_error_clear(&c->nerr);
            nnx_status st = ox_node(c, NNX_OP_RESHAPE, &id, 1, &a, 1, &id);
            c->no_fold = false;
            if (st != NNX_OK)
                return nnx_error_set(err, st, "%s: error: graph output '%s': %s", c->path, name, c->nerr.message);
        }
        m->outputs[i] = id;
        m->output_names[i] = nnx_arena_strdup(&c->ir->arena, name);
        if (!m->output_names[i])
            return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
        m->n_outputs++;
    }
    return NNX_OK;
}

nnx_status nnx_onnx_load_buffer(const uint8_t *data, size_t size, const char *name, const char *dir,
                                const nnx_ir_model_options *options, const nnx_onnx_known_input *known,
                                uint32_t n_known, nnx_ir_model *out, nnx_error *err)
{
    nnx_ir_model_options none = {0};
    ox c = {.m = out, .ir = &out->ir, .path = name, .dir = dir, .options = options ? options : &none,
            .known = known, .n_known = n_known};
    const nnx_alloc *alloc = out->ir.alloc;
    ProtobufCAllocator pa = {pb_alloc, pb_free, (void *)alloc};
    Onnx__ModelProto *model = onnx__model_proto__unpack(&pa, size, data);
    if (!model)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "%s: error: not an ONNX model (invalid protobuf)", name);
    nnx_status st = NNX_OK;
    const Onnx__GraphProto *g = model->graph;
    c.opset = -1;
    for (size_t i = 0; i < model->n_opset_import; i++)
        if (is_default_domain(model->opset_import[i]->domain))
            c.opset = model->opset_import[i]->version;
    if (!g)
        st = nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "%s: error: the model has no graph", name);
    else if (c.opset < 0 && model->n_opset_import == 0 && model->has_ir_version && model->ir_version < 3)
        c.opset = 1; /* IR version 1-2 models imply opset 1 */
    if (st == NNX_OK && c.opset < 0)
        c.opset = 0; /* only other domains: check_ops names their operators */
    if (st == NNX_OK && g->n_sparse_initializer)
        st = nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED, "%s: error: sparse initializers are not supported", name);
    if (st == NNX_OK)
        st = check_ops(&c, g, err);
    if (st == NNX_OK) {
        c.cap = 64;
        while (c.cap < 2 * (g->n_initializer + g->n_input + 4 * g->n_node) + 16 && c.cap < (1u << 30))
            c.cap *= 2;
        c.table = nnx_mem_calloc(alloc, c.cap, sizeof *c.table);
        if (!c.table)
            st = nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    }
    if (st == NNX_OK)
        st = add_initializers(&c, g, err);
    if (st == NNX_OK)
        st = add_inputs(&c, g, err);
    if (st == NNX_OK)
        st = nnx_ir_model_collect_inputs(out, err);
    if (st == NNX_OK)
        st = add_nodes(&c, g, err);
    if (st == NNX_OK)
        st = add_outputs(&c, g, err);
    nnx_mem_free(alloc, c.table);
    for (uint32_t v = 0; v < c.cache_cap; v++)
        nnx_mem_free_aligned(alloc, c.cache[v]);
    nnx_mem_free(alloc, c.cache);
    onnx__model_proto__free_unpacked(model, &pa);
    return st;
}

nnx_status nnx_onnx_load_ex(const char *path, const nnx_ir_model_options *options, const nnx_onnx_known_input *known,
                            uint32_t n_known, nnx_ir_model *out, nnx_error *err)
{
    nnx_file_view v;
    nnx_status st = nnx_file_map(path, out->ir.alloc, &v, err);
    if (st != NNX_OK)
        return st;
    size_t len = strlen(path);
    char *dir = nnx_mem_alloc(out->ir.alloc, len + 2);
    if (!dir) {
        nnx_file_unmap(&v);
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    }
    memcpy(dir, path, len + 1);
    char *slash = strrchr(dir, '/');
    if (slash)
        *(slash == dir ? slash + 1 : slash) = 0;
    else
        strcpy(dir, ".");
    st = nnx_onnx_load_buffer(v.data, v.size, path, dir, options, known, n_known, out, err);
    nnx_mem_free(out->ir.alloc, dir);
    nnx_file_unmap(&v);
    return st;
}

nnx_status nnx_onnx_load(const char *path, const nnx_ir_model_options *options, nnx_ir_model *out, nnx_error *err)
{
    return nnx_onnx_load_ex(path, options, NULL, 0, out, err);
}
