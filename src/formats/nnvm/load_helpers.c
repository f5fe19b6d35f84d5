/* load_helpers.c — what the NNVM loader's files share (load.h): error messages naming the
 * node, the first reason a graph cannot run, node inputs and outputs, appending core nodes
 * and constants, and the attribute readers (absent: the default; malformed: an error naming
 * the key). */
#include "base/float_convert.h"
#include "formats/nnvm/load.h"
#include "ir/dtypes.h"
#include "ops/graph_build.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

nnx_status nnvm_fail(nnvm_loader *L, nnx_status st, const char *fmt, ...)
{
    char msg[384];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return nnx_error_set(L->err, st, "%s: error: node %u '%.80s' (%.40s): %s", L->path, L->node, L->n->name, L->n->op,
                         msg);
}

nnx_status nnvm_unrunnable(nnvm_loader *L, const char *fmt, ...)
{
    if (L->unrunnable)
        return NNX_OK;
    char msg[384], full[600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    snprintf(full, sizeof full, "%s: error: node %u '%.80s': %s", L->path, L->node, L->n->name, msg);
    if (!(L->unrunnable = nnx_arena_strdup(&L->ir->arena, full)))
        return nnx_error_set(L->err, NNX_ERROR_OUT_OF_MEMORY, "%s: error: out of memory", L->path);
    return NNX_OK;
}

nnx_status nnvm_bad_attr(nnvm_loader *L, const char *key, const char *fmt, ...)
{
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return nnvm_fail(L, NNX_ERROR_INVALID_MODEL, "key '%s': %s", key, msg);
}

uint32_t nnvm_in(const nnvm_loader *L, uint32_t k)
{
    const nnx_nnvm_entry *e = &L->n->inputs[k];
    return L->entry_value[L->g->node_row_ptr[e->node] + e->index];
}

const nnx_operand_desc *nnvm_desc(const nnvm_loader *L, uint32_t value) { return &L->ir->values[value].desc; }

void nnvm_set_out(nnvm_loader *L, uint32_t k, uint32_t value)
{
    L->entry_value[L->g->node_row_ptr[L->node] + k] = value;
}

nnx_status nnvm_add(nnvm_loader *L, nnx_op op, const uint32_t *in, uint32_t n_in, const nnx_attrs *attrs,
                    uint32_t n_out, uint32_t *first_out)
{
    nnx_error why = {0};
    nnx_status st = nnx_ir_add_node(L->ir, op, in, n_in, attrs, n_out, L->n->name, first_out, &why);
    /* The core's rule violations are the file's: its graph is not a valid NNVM graph. */
    return st == NNX_OK
        ? NNX_OK
        : nnvm_fail(L, st == NNX_ERROR_INVALID_ARGUMENT ? NNX_ERROR_INVALID_MODEL : st, "%s", why.message);
}

nnx_status nnvm_need_inputs(nnvm_loader *L, uint32_t lo, uint32_t hi)
{
    if (L->n->n_inputs < lo || L->n->n_inputs > hi)
        return nnvm_fail(L, NNX_ERROR_INVALID_MODEL, "key 'inputs': %u entries, the operator takes %u%s%u",
                         L->n->n_inputs, lo, lo == hi ? "" : " to ", lo == hi ? lo : hi);
    for (uint32_t k = 0; k < L->n->n_inputs; k++)
        if (nnvm_in(L, k) == NNX_NONE)
            return nnvm_fail(L, NNX_ERROR_NOT_SUPPORTED, "key 'inputs': entry %u reads an output nnx does not compute",
                             k);
    return NNX_OK;
}

nnx_status nnvm_scalar(nnvm_loader *L, nnx_dtype dtype, double value, uint32_t *id)
{
    uint8_t b[8] = {0};
    switch (dtype) {
    case NNX_FLOAT32: {
        float f = (float)value;
        memcpy(b, &f, 4);
        break;
    }
    case NNX_FLOAT64: memcpy(b, &value, 8); break;
    case NNX_FLOAT16: {
        uint16_t h = nnx_f64_to_f16(value);
        memcpy(b, &h, 2);
        break;
    }
    case NNX_BFLOAT16: {
        uint16_t h = nnx_f64_to_bf16(value);
        memcpy(b, &h, 2);
        break;
    }
    default: {
        if (!isfinite(value) || value != trunc(value) || value < (double)nnx_dtype_int_min(dtype) ||
            value > (double)nnx_dtype_int_max(dtype))
            return nnvm_fail(L, NNX_ERROR_INVALID_MODEL, "the scalar %g is not a %s value", value,
                             nnx_dtype_name(dtype) ? nnx_dtype_name(dtype) : "?");
        int64_t i = (int64_t)value;
        memcpy(b, &i, nnx_dtype_size(dtype)); /* little-endian: the low bytes */
    }
    }
    nnx_operand_desc d = {.dtype = dtype, .rank = 0};
    nnx_status st = nnx_ir_add_constant(L->ir, &d, b, nnx_dtype_size(dtype), id, L->err);
    return st == NNX_OK ? NNX_OK : nnvm_fail(L, st, "%s", L->err->message);
}

nnx_status nnvm_reshape(nnvm_loader *L, uint32_t x, uint32_t rank, const uint32_t *shape, uint32_t *out)
{
    nnx_attrs a = {.reshape = {.rank = rank}};
    memcpy(a.reshape.shape, shape, rank * sizeof *shape);
    return nnvm_add(L, NNX_OP_RESHAPE, &x, 1, &a, 1, out);
}

nnx_status nnvm_int(nnvm_loader *L, const char *key, int64_t dflt, int64_t *out)
{
    const char *v = nnx_nnvm_attr(L->n, key);
    *out = dflt;
    if (v && !nnx_nnvm_parse_int(v, out))
        return nnvm_bad_attr(L, key, "'%.60s' is not an integer", v);
    return NNX_OK;
}

nnx_status nnvm_bool(nnvm_loader *L, const char *key, bool dflt, bool *out)
{
    const char *v = nnx_nnvm_attr(L->n, key);
    *out = dflt;
    if (v && !nnx_nnvm_parse_bool(v, out))
        return nnvm_bad_attr(L, key, "'%.60s' is not a boolean (True, False, 1 or 0)", v);
    return NNX_OK;
}

nnx_status nnvm_float(nnvm_loader *L, const char *key, double dflt, double *out)
{
    const char *v = nnx_nnvm_attr(L->n, key);
    *out = dflt;
    if (v && !nnx_nnvm_parse_float(v, out))
        return nnvm_bad_attr(L, key, "'%.60s' is not a number", v);
    return NNX_OK;
}

nnx_status nnvm_ints(nnvm_loader *L, const char *key, int64_t *items, uint32_t max, uint32_t *count, bool *given)
{
    const char *v = nnx_nnvm_attr(L->n, key);
    *given = v != NULL;
    if (!v)
        return NNX_OK;
    bool none;
    int64_t tmp[64];
    if (max > 64 || !nnx_nnvm_parse_ints(v, tmp, max, count, &none))
        return nnvm_bad_attr(L, key, "'%.60s' is not a list of at most %u integers", v, max);
    if (none)
        *given = false;
    memcpy(items, tmp, *count * sizeof *tmp);
    return NNX_OK;
}

nnx_status nnvm_axis(nnvm_loader *L, const char *key, int64_t value, uint32_t rank, uint32_t *out)
{
    if (value < -(int64_t)rank || value >= (int64_t)rank)
        return nnvm_bad_attr(L, key, "axis %lld is outside [-%u, %u) for an input of rank %u", (long long)value, rank,
                             rank, rank);
    *out = (uint32_t)(value < 0 ? value + rank : value);
    return NNX_OK;
}

nnx_status nnvm_word(nnvm_loader *L, const char *key, const char *dflt, const char *const *allowed, const char **out)
{
    const char *v = nnx_nnvm_attr(L->n, key);
    *out = v ? v : dflt;
    for (const char *const *w = allowed; *w; w++)
        if (strcmp(*out, *w) == 0)
            return NNX_OK;
    return nnvm_fail(L, NNX_ERROR_NOT_SUPPORTED, "key '%s': '%.60s' is not supported", key, *out);
}
