/* onnx_strings.c — the load-time string tensors of the ONNX front end (ONNX IR,
 * tensor(string); onnx_internal.h, OX_STR_TAG): the side table, STRING TensorProtos decoded
 * from string_data (initializers, Constant, test data files), graph inputs given as known
 * inputs (onnx.h, NNX_ONNX_KNOWN_STRINGS) and graph outputs handed to the caller. */
#include "formats/onnx/onnx_internal.h"

#include "base/alloc.h"
#include "base/arena.h"

#include <stdio.h>
#include <string.h>

/* ---------------------------------------------------------------- the table */

/* The elements of a shape, false past OX_MAX_STRINGS (checked at every step: no overflow). */
static bool shape_count(uint32_t rank, const uint32_t *shape, uint32_t *n)
{
    uint64_t k = 1;
    for (uint32_t i = 0; i < rank; i++) {
        k *= shape[i];
        if (k > OX_MAX_STRINGS)
            return false;
    }
    *n = (uint32_t)k;
    return true;
}

nnx_status ox_str_new(ox *c, uint32_t rank, const uint32_t *shape, const char *const *s, const uint32_t *len,
                      uint32_t *id)
{
    ox_strs *t = c->strs;
    const nnx_alloc *a = c->ir->alloc;
    uint32_t n;
    *id = NNX_NONE;
    if (rank > NNX_MAX_RANK || !shape_count(rank, shape, &n))
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "a string tensor of more than %u elements", OX_MAX_STRINGS);
    /* the block: n pointers, n lengths, then the bytes with a NUL after each string */
    size_t bytes = 0;
    for (uint32_t k = 0; k < n; k++) {
        size_t l = len ? len[k] : strlen(s[k]);
        if (l > OX_MAX_STRING_LEN)
            return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "a string of %zu bytes (at most %zu)", l, OX_MAX_STRING_LEN);
        bytes += l + 1; /* n * (OX_MAX_STRING_LEN + 1) < 2^49: no overflow */
    }
    if (bytes > OX_MAX_STRING_BYTES || t->bytes > OX_MAX_STRING_BYTES - bytes)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "the strings of the model hold more than %zu bytes",
                       OX_MAX_STRING_BYTES);
    if (t->n >= 0x3FFFFFFFu)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "too many string tensors");
    if (t->n == t->cap) {
        uint32_t cap = t->cap ? 2 * t->cap : 16;
        ox_strt *p = nnx_mem_realloc(a, t->t, (size_t)cap * sizeof *p);
        if (!p)
            return ox_fail(c, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
        t->t = p;
        t->cap = cap;
    }
    size_t head = (size_t)n * (sizeof(char *) + sizeof(uint32_t));
    char *block = nnx_mem_alloc(a, head + bytes + 1);
    if (!block)
        return ox_fail(c, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    ox_strt *e = &t->t[t->n];
    memset(e, 0, sizeof *e);
    e->rank = rank;
    if (rank)
        memcpy(e->shape, shape, rank * sizeof *shape);
    e->n = n;
    e->s = (char **)(void *)block;
    e->len = (uint32_t *)(void *)(block + (size_t)n * sizeof(char *));
    char *p = block + head;
    for (uint32_t k = 0; k < n; k++) {
        size_t l = len ? len[k] : strlen(s[k]);
        if (l)
            memcpy(p, s[k], l);
        p[l] = 0;
        e->s[k] = p;
        e->len[k] = (uint32_t)l;
        p += l + 1;
    }
    t->bytes += bytes;
    *id = OX_STR_TAG | t->n++;
    return NNX_OK;
}

const ox_strt *ox_str_get(const ox *c, uint32_t id)
{
    if (!ox_is_str(id) || !c->strs || (id & ~OX_STR_TAG) >= c->strs->n)
        return NULL;
    return &c->strs->t[id & ~OX_STR_TAG];
}

const ox_strt *ox_str_in(ox *c, const uint32_t *in, uint32_t n_in, uint32_t k)
{
    const ox_strt *t = k < n_in ? ox_str_get(c, in[k]) : NULL;
    if (!t)
        ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "input %u must be a string tensor", k);
    return t;
}

void ox_strs_free(ox_strs *s, const nnx_alloc *alloc)
{
    for (uint32_t k = 0; k < s->n; k++)
        nnx_mem_free(alloc, s->t[k].s);
    nnx_mem_free(alloc, s->t);
    memset(s, 0, sizeof *s);
}

/* ---------------------------------------------------------------- sources */

/* The shape of a STRING TensorProto into rank/shape, checked against string_data. */
static nnx_status proto_shape(const Onnx__TensorProto *t, uint32_t *rank, uint32_t *shape, nnx_error *err)
{
    const char *name = t->name ? t->name : "";
    if (t->n_dims > NNX_MAX_RANK)
        return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED, "tensor '%s' has rank %zu", name, t->n_dims);
    uint64_t k = 1;
    for (size_t i = 0; i < t->n_dims; i++) {
        if (t->dims[i] < 0 || t->dims[i] > (int64_t)OX_MAX_STRINGS)
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "tensor '%s' has dimension %lld out of range", name,
                                 (long long)t->dims[i]);
        shape[i] = (uint32_t)t->dims[i];
        k *= shape[i];
        if (k > OX_MAX_STRINGS)
            return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED, "tensor '%s' has more than %u strings", name,
                                 OX_MAX_STRINGS);
    }
    *rank = (uint32_t)t->n_dims;
    if (t->has_data_location && t->data_location == ONNX__TENSOR_PROTO__DATA_LOCATION__EXTERNAL)
        return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED, "tensor '%s': strings in external data", name);
    if (t->n_string_data != k)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "tensor '%s' has %zu strings, its shape needs %llu", name,
                             t->n_string_data, (unsigned long long)k);
    return NNX_OK;
}

nnx_status ox_str_from_proto(ox *c, const Onnx__TensorProto *t, uint32_t *id)
{
    uint32_t rank, shape[NNX_MAX_RANK];
    nnx_error e = {0};
    nnx_status st = proto_shape(t, &rank, shape, &e);
    if (st != NNX_OK)
        return ox_fail(c, st, "%s", e.message);
    size_t n = t->n_string_data;
    const char **s = ox_calloc(c, n + 1, sizeof *s);
    uint32_t *len = s ? ox_calloc(c, n + 1, sizeof *len) : NULL;
    if (!len) {
        nnx_mem_free(c->ir->alloc, s);
        return c->nerr.status;
    }
    st = NNX_OK;
    for (size_t k = 0; k < n && st == NNX_OK; k++) {
        if (t->string_data[k].len > OX_MAX_STRING_LEN)
            st = ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "a string of %zu bytes (at most %zu)", t->string_data[k].len,
                         OX_MAX_STRING_LEN);
        s[k] = (const char *)t->string_data[k].data;
        len[k] = (uint32_t)t->string_data[k].len;
    }
    if (st == NNX_OK)
        st = ox_str_new(c, rank, shape, s, len, id);
    nnx_mem_free(c->ir->alloc, s);
    nnx_mem_free(c->ir->alloc, len);
    return st;
}

nnx_status nnx_onnx_str_input(ox *c, const char *name, const Onnx__TypeProto__Tensor *tt, nnx_error *err)
{
    const nnx_onnx_known_input *k = NULL;
    for (uint32_t i = 0; i < c->n_known && !k; i++)
        if (c->known[i].kind == NNX_ONNX_KNOWN_STRINGS && c->known[i].name && strcmp(c->known[i].name, name) == 0)
            k = &c->known[i];
    if (!k)
        return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED,
                             "%s: error: string input '%s' must be given when the model is loaded (a known input of "
                             "kind NNX_ONNX_KNOWN_STRINGS): core IR has no string type",
                             c->path, name);
    const Onnx__TensorShapeProto *sp = tt->shape;
    bool clash = k->desc.rank > NNX_MAX_RANK || (sp && sp->n_dim != k->desc.rank);
    for (uint32_t i = 0; sp && !clash && i < sp->n_dim; i++)
        clash = sp->dim[i]->value_case == ONNX__TENSOR_SHAPE_PROTO__DIMENSION__VALUE_DIM_VALUE &&
            sp->dim[i]->dim_value != (int64_t)k->desc.shape[i];
    if (clash)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                             "%s: error: string input '%s': the shape given differs from the declared one", c->path,
                             name);
    uint32_t n;
    if (!shape_count(k->desc.rank, k->desc.shape, &n))
        return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED, "%s: error: string input '%s' has more than %u elements",
                             c->path, name, OX_MAX_STRINGS);
    for (uint32_t i = 0; i < n; i++)
        if (!k->strings || !k->strings[i])
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "%s: error: string input '%s': element %u is NULL",
                                 c->path, name, i);
    uint32_t id;
    if (ox_str_new(c, k->desc.rank, k->desc.shape, k->strings, NULL, &id) != NNX_OK || ox_define(c, name, id) != NNX_OK)
        return nnx_error_set(err, c->nerr.status, "%s: error: string input '%s': %s", c->path, name, c->nerr.message);
    return NNX_OK;
}

/* ---------------------------------------------------------------- outputs */

nnx_status nnx_onnx_str_output(ox *c, const char *name, uint32_t id, uint32_t position, nnx_error *err)
{
    const ox_strt *t = ox_str_get(c, id);
    if (!c->str_out)
        return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED,
                             "%s: error: graph output '%s' is a string tensor, which core IR cannot hold (only "
                             "nnx_onnx_load_with_strings returns one)",
                             c->path, name);
    nnx_arena *ar = &c->ir->arena;
    nnx_onnx_string_outputs *o = c->str_out;
    nnx_onnx_string_output *v = nnx_arena_array(ar, (size_t)o->n + 1, sizeof *v);
    const char **s = nnx_arena_array(ar, t->n ? t->n : 1, sizeof *s);
    uint32_t *len = nnx_arena_array(ar, t->n ? t->n : 1, sizeof *len);
    const char *nm = nnx_arena_strdup(ar, name);
    if (!v || !s || !len || !nm)
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    for (uint32_t k = 0; k < t->n; k++) {
        char *p = nnx_arena_alloc(ar, (size_t)t->len[k] + 1);
        if (!p)
            return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
        memcpy(p, t->s[k], (size_t)t->len[k] + 1);
        s[k] = p;
        len[k] = t->len[k];
    }
    if (o->n)
        memcpy(v, o->v, (size_t)o->n * sizeof *v);
    v[o->n] = (nnx_onnx_string_output){.name = nm, .position = position, .strings = s, .lengths = len};
    v[o->n].desc.rank = t->rank;
    memcpy(v[o->n].desc.shape, t->shape, sizeof t->shape);
    o->v = v;
    o->n++;
    return NNX_OK;
}

/* ---------------------------------------------------------------- test data files */

/* A STRING TensorProto as the block nnx_onnx_read_tensor_file gives (onnx.h). */
nnx_status nnx_onnx_string_block(const Onnx__TensorProto *t, const nnx_alloc *alloc, nnx_operand_desc *desc,
                                 void **data, nnx_error *err)
{
    uint32_t rank, shape[NNX_MAX_RANK];
    nnx_status st = proto_shape(t, &rank, shape, err);
    if (st != NNX_OK)
        return st;
    size_t n = t->n_string_data, bytes = n * sizeof(char *);
    for (size_t k = 0; k < n; k++) {
        if (t->string_data[k].len > OX_MAX_STRING_LEN || bytes > OX_MAX_STRING_BYTES)
            return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED,
                                 "tensor '%s' holds a string longer than %zu bytes or more than %zu bytes in all",
                                 t->name ? t->name : "", OX_MAX_STRING_LEN, OX_MAX_STRING_BYTES);
        bytes += t->string_data[k].len + 1;
    }
    char *block = nnx_mem_alloc_aligned(alloc, bytes ? bytes : 1);
    if (!block)
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    char *p = block + n * sizeof(char *);
    for (size_t k = 0; k < n; k++) {
        size_t l = t->string_data[k].len;
        if (l)
            memcpy(p, t->string_data[k].data, l);
        p[l] = 0;
        ((char **)(void *)block)[k] = p;
        p += l + 1;
    }
    memset(desc, 0, sizeof *desc);
    desc->dtype = NNX_DTYPE_UNDEFINED;
    desc->rank = rank;
    memcpy(desc->shape, shape, rank * sizeof *shape);
    *data = block;
    return NNX_OK;
}
