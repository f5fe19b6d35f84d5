/* onnx_helpers.c — what the ONNX operator files call (onnx_internal.h): node failures,
 * value descriptors and load-time known bytes (evaluated with the reference kernels when
 * every input is known), known integers and doubles, constants, node building with
 * constant folding, and attribute readers. */
#include "formats/onnx/onnx_internal.h"

#include "base/file.h"
#include "base/float_convert.h"
#include "ir/dtypes.h"
#include "ir/elem.h"
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

nnx_status ox_elements(ox *c, const nnx_operand_desc *d, const char *what)
{
    uint64_t limit = c->options && c->options->limits.elements ? c->options->limits.elements : NNX_MAX_ELEMENTS_DEFAULT;
    uint64_t count;
    bool fits = nnx_desc_elements(d, &count); /* false: the product overflows 64 bits */
    if (fits && count <= limit)
        return NNX_OK;
    if (c->nerr.status != NNX_OK)
        return c->nerr.status;
    char where[NNX_ERROR_MESSAGE_MAX / 2];
    snprintf(where, sizeof where, "%s: node '%s' (%s)", c->path, c->label,
             c->node && c->node->op_type ? c->node->op_type : "?");
    c->nerr_whole = true;
    if (!fits)
        return nnx_limit_error(&c->nerr, NNX_LIMIT_ELEMENTS, where, "%s would have more than 2^64 elements", what);
    return nnx_limit_error(&c->nerr, NNX_LIMIT_ELEMENTS, where, "%s would have %llu elements, more than %llu", what,
                           (unsigned long long)count, (unsigned long long)limit);
}

nnx_status ox_oom(ox *c, const char *what, size_t bytes)
{
    return ox_fail(c, NNX_ERROR_OUT_OF_MEMORY, "out of memory for %s (%zu bytes)", what, bytes);
}

/* ---------------------------------------------------------------- values */

nnx_operand_desc ox_desc(const ox *c, uint32_t id)
{
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
    ok = ok && nnx_node_kernel(node, in, out) == NNX_OK;
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
    if (id == NNX_NONE || id >= c->ir->n_values)
        return NULL;
    const nnx_value *v = &c->ir->values[id];
    if (v->kind == NNX_VALUE_CONSTANT)
        return v->data;
    const void *p = NULL;
    if (v->kind == NNX_VALUE_INPUT) {
        for (uint32_t k = 0; k < c->n_known && !p; k++)
            if (c->known[k].kind == NNX_ONNX_KNOWN_TENSOR && c->known[k].name &&
                strcmp(c->known[k].name, v->name) == 0 && nnx_desc_equal(&c->known[k].desc, &v->desc))
                p = c->known[k].data;
    } else {
        p = c->n_known ? evaluate(c, id, 0) : NULL;
    }
    if (!p) { /* the top scope learns that a node wanted a run-time value (stages) */
        ox *top = c;
        while (top->parent)
            top = top->parent;
        top->missed = true;
    }
    return p;
}

static bool read_number(nnx_dtype dt, const void *p, size_t i, int64_t *iv, double *fv)
{
    const unsigned char *q = p;
    switch (dt) {
    case NNX_INT64: {
        int64_t v;
        memcpy(&v, q + 8 * i, 8);
        *iv = v;
        *fv = (double)v;
        return true;
    }
    case NNX_INT32: {
        int32_t v;
        memcpy(&v, q + 4 * i, 4);
        *iv = v;
        *fv = v;
        return true;
    }
    case NNX_INT16: {
        int16_t v;
        memcpy(&v, q + 2 * i, 2);
        *iv = v;
        *fv = v;
        return true;
    }
    case NNX_INT8: {
        int8_t v;
        memcpy(&v, q + i, 1);
        *iv = v;
        *fv = v;
        return true;
    }
    case NNX_UINT64: {
        uint64_t v;
        memcpy(&v, q + 8 * i, 8);
        *iv = (int64_t)v;
        *fv = (double)v;
        return true;
    }
    case NNX_UINT32: {
        uint32_t v;
        memcpy(&v, q + 4 * i, 4);
        *iv = v;
        *fv = v;
        return true;
    }
    case NNX_UINT16: {
        uint16_t v;
        memcpy(&v, q + 2 * i, 2);
        *iv = v;
        *fv = v;
        return true;
    }
    case NNX_UINT8:
    case NNX_BOOL:
        *iv = q[i];
        *fv = q[i];
        return true;
    case NNX_FLOAT32: {
        float v;
        memcpy(&v, q + 4 * i, 4);
        *fv = v;
        *iv = ox_f2i(v);
        return true;
    }
    case NNX_FLOAT64: {
        double v;
        memcpy(&v, q + 8 * i, 8);
        *fv = v;
        *iv = ox_f2i(v);
        return true;
    }
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
        ox_oom(c, "a tensor made at load time", count * size);
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
    case NNX_FLOAT32: {
        float f = (float)v;
        memcpy(buf, &f, 4);
        break;
    }
    case NNX_FLOAT64: memcpy(buf, &v, 8); break;
    case NNX_FLOAT16: {
        uint16_t h = nnx_f64_to_f16(v);
        memcpy(buf, &h, 2);
        break;
    }
    case NNX_BFLOAT16: {
        uint16_t h = nnx_f64_to_bf16(v);
        memcpy(buf, &h, 2);
        break;
    }
    case NNX_INT64: {
        int64_t x = ox_f2i(v);
        memcpy(buf, &x, 8);
        break;
    }
    case NNX_INT32: {
        int32_t x = (int32_t)ox_f2i(v);
        memcpy(buf, &x, 4);
        break;
    }
    case NNX_INT16: {
        int16_t x = (int16_t)ox_f2i(v);
        memcpy(buf, &x, 2);
        break;
    }
    case NNX_INT8: {
        int8_t x = (int8_t)ox_f2i(v);
        memcpy(buf, &x, 1);
        break;
    }
    case NNX_UINT64: {
        uint64_t x = (uint64_t)ox_f2i(v);
        memcpy(buf, &x, 8);
        break;
    }
    case NNX_UINT32: {
        uint32_t x = (uint32_t)ox_f2i(v);
        memcpy(buf, &x, 4);
        break;
    }
    case NNX_UINT16: {
        uint16_t x = (uint16_t)ox_f2i(v);
        memcpy(buf, &x, 2);
        break;
    }
    case NNX_UINT8: buf[0] = (uint8_t)ox_f2i(v); break;
    case NNX_BOOL: buf[0] = v != 0; break;
    default: /* the 8- and 4-bit floats, the sub-byte integers: one byte, elem.h's stores */
        if (nnx_dtype_size(dt) != 1)
            return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "no scalar of type %s", nnx_dtype_name(dt));
        if (nnx_dtype_is_float(dt))
            nnx_store_f(dt, buf, 0, v);
        else
            nnx_store_i(dt, buf, 0, ox_f2i(v));
        break;
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
    /* A constant index out of range (ONNX's gathers and scatters check theirs, ops/index.h):
     * the node stays, and the dispatch fails naming it and the index. */
    nnx_op_args args = nnx_node_args(node);
    char why[1];
    if (!nnx_indices_in_range(&args, in, why, sizeof why))
        return NNX_OK;
    nnx_status st = NNX_OK;
    uint32_t k = 0;
    for (; k < n_out; k++) {
        out[k].desc = c->ir->values[node->out[k]].desc;
        size_t b;
        nnx_desc_bytes(&out[k].desc, &b);
        out[k].data = nnx_mem_alloc_aligned(c->ir->alloc, b ? b : 1);
        if (!out[k].data) {
            st = ox_oom(c, "an output folded at load time", b ? b : 1);
            break;
        }
        memset(out[k].data, 0, b ? b : 1);
    }
    if (st == NNX_OK)
        st = nnx_node_kernel(node, in, out);
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
    /* decided before the node is added: first_out may be the caller's input array */
    bool constant = !c->no_fold;
    for (uint32_t k = 0; constant && k < n_in; k++)
        constant = in[k] == NNX_NONE || c->ir->values[in[k]].kind == NNX_VALUE_CONSTANT;
    nnx_status st = nnx_ir_add_node(c->ir, op, in, n_in, attrs ? attrs : &none, n_out, c->label, first_out, &e);
    if (st != NNX_OK)
        return ox_fail(c, st, "%s: %s", nnx_op_table[op].name, e.message);
    return constant ? fold(c, c->ir->n_nodes - 1, first_out) : NNX_OK;
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

/* ONNX Cast's conversion of x to `to` (Operators.md, Cast): float 8 results saturate unless
 * the node's `saturate` is 0, fp8e8m0 rounds by its `round_mode` (up, down, nearest), and
 * floats go to int4, uint4, int2 and uint2 rounded half to even keeping the low bits (ONNX's
 * int4 and int2 documents, "Cast"); everything else is the core cast's default (ONNX
 * decisions ONNX-T3 to ONNX-T6). */
nnx_status ox_onnx_cast(ox *c, const Onnx__NodeProto *n, uint32_t x, nnx_dtype to, uint32_t *y)
{
    nnx_dtype from = ox_desc(c, x).dtype;
    if (from == to) {
        *y = x;
        return NNX_OK;
    }
    nnx_attrs a = {.cast = {.to = to}};
    if (nnx_dtype_is_float(to))
        a.cast.saturation = ox_attr_i(n, "saturate", 1) ? NNX_CAST_SATURATE : NNX_CAST_NO_SATURATE;
    if (to == NNX_FP8E8M0) {
        char buf[16];
        const char *mode = ox_attr_s(n, "round_mode", "up", buf, sizeof buf);
        if (strcmp(mode, "up") == 0)
            a.cast.e8m0_rounding = NNX_E8M0_ROUND_UP;
        else if (strcmp(mode, "down") == 0)
            a.cast.e8m0_rounding = NNX_E8M0_ROUND_DOWN;
        else if (strcmp(mode, "nearest") == 0)
            a.cast.e8m0_rounding = NNX_E8M0_ROUND_NEAREST;
        else
            return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "round_mode '%s' is not up, down or nearest", mode);
    }
    if (nnx_dtype_is_float(from) && nnx_dtype_kind_of(to) != NNX_KIND_FLOAT && nnx_dtype_bits(to) < 8 &&
        to != NNX_BOOL) {
        a.cast.rounding = NNX_CAST_NEAREST_EVEN;
        a.cast.wrap = true;
    }
    return ox_node(c, NNX_OP_CAST, &x, 1, &a, 1, y);
}

/* A constant of dtype dt (float or int64) with shape [1, .., n at axis, .., 1] of rank r. */
nnx_status ox_axis_const(ox *c, nnx_dtype dt, uint32_t r, uint32_t axis, uint32_t n, const double *v, uint32_t *id)
{
    nnx_operand_desc d = {dt, r, {0}};
    for (uint32_t i = 0; i < r; i++)
        d.shape[i] = i == axis ? n : 1;
    size_t es = nnx_dtype_size(dt);
    uint8_t *p = ox_alloc(c, (size_t)n * es);
    if (!p)
        return ox_fail(c, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    for (uint32_t i = 0; i < n; i++) {
        switch (dt) {
        case NNX_INT64: {
            int64_t x = ox_f2i(v[i]);
            memcpy(p + 8 * i, &x, 8);
            break;
        }
        case NNX_FLOAT64: memcpy(p + 8 * i, &v[i], 8); break;
        case NNX_FLOAT32: {
            float x = (float)v[i];
            memcpy(p + 4 * i, &x, 4);
            break;
        }
        default:
            nnx_mem_free(c->ir->alloc, p);
            return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "weights of type %s", nnx_dtype_name(dt));
        }
    }
    nnx_status st = ox_const(c, &d, p, id);
    nnx_mem_free(c->ir->alloc, p);
    return st;
}

nnx_status ox_iota(ox *c, nnx_dtype dt, uint32_t r, uint32_t axis, uint32_t n, double from, double step, uint32_t *id)
{
    double *v = ox_calloc(c, n ? n : 1, sizeof *v);
    if (!v)
        return c->nerr.status; /* ox_calloc's reason */
    for (uint32_t i = 0; i < n; i++)
        v[i] = from + step * i;
    nnx_status st = ox_axis_const(c, dt, r, axis, n, v, id);
    nnx_mem_free(c->ir->alloc, v);
    return st;
}
