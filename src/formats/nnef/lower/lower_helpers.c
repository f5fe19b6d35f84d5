/* lower_helpers.c — what the NNEF-to-core lowering files share (lower_internal.h): messages,
 * dtypes and descriptors of flat tensors, the current op's arguments and results, constants,
 * operands broadcast NNEF's way (trailing singletons, NNEF 1.0.2 §3.0), node appending, and
 * variables shared by label. */
#include "formats/nnef/lower/lower_internal.h"
#include "ir/dtypes.h"
#include "ops/graph_build.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

nnx_status lw_unsupported(lowerer *L, const char *fmt, ...)
{
    char why[300];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    return nnx_nnef_error_at(L->err, NNX_ERROR_NOT_SUPPORTED, L->g->filename, L->op->pos, "nnx cannot run '%s' yet: %s",
                             L->op->name, why);
}

nnx_dtype lw_core_dtype(nnx_nnef_type_kind k)
{
    switch (k) {
    case NNX_NNEF_TYPE_SCALAR: return NNX_FLOAT32;
    case NNX_NNEF_TYPE_INTEGER: return NNX_INT32;
    case NNX_NNEF_TYPE_LOGICAL: return NNX_BOOL;
    default: return NNX_DTYPE_UNDEFINED;
    }
}

nnx_operand_desc lw_tensor_desc(const nnx_nnef_flat_tensor *t)
{
    nnx_operand_desc d = {.dtype = lw_core_dtype(t->dtype), .rank = t->rank};
    memcpy(d.shape, t->shape, t->rank * sizeof *d.shape);
    return d;
}

/* ---------------------------------------------------------------- arguments */

const nnx_nnef_value *lw_arg(lowerer *L, const char *name) { return nnx_nnef_flat_arg(L->op, name); }

int64_t lw_int_arg(lowerer *L, const char *name)
{
    const nnx_nnef_value *v = lw_arg(L, name);
    return v && v->kind == NNX_NNEF_VALUE_INTEGER ? v->u.integer : 0;
}

/* An integer[] argument into out (at most max items); its length, or -1 if not one. */
int32_t lw_ints_arg(lowerer *L, const char *name, int64_t *out, uint32_t max)
{
    const nnx_nnef_value *v = lw_arg(L, name);
    if (!v || v->kind != NNX_NNEF_VALUE_ARRAY || v->count > max)
        return -1;
    for (uint32_t i = 0; i < v->count; i++) {
        if (v->u.items[i].kind != NNX_NNEF_VALUE_INTEGER)
            return -1;
        out[i] = v->u.items[i].u.integer;
    }
    return (int32_t)v->count;
}

const char *lw_string_arg(lowerer *L, const char *name)
{
    const nnx_nnef_value *v = lw_arg(L, name);
    return v && v->kind == NNX_NNEF_VALUE_STRING ? v->u.string : "";
}

/* The flat tensor of result `name` (single-tensor results). */
const nnx_nnef_flat_tensor *lw_result_tensor(lowerer *L, const char *name, uint32_t *index)
{
    const nnx_nnef_value *v = nnx_nnef_flat_result(L->op, name);
    *index = 0;
    if (!v || v->kind != NNX_NNEF_VALUE_TENSOR)
        return NULL;
    *index = v->u.tensor;
    return &L->g->tensors[v->u.tensor];
}

/* ---------------------------------------------------------------- core values */

nnx_status lw_constant(lowerer *L, const nnx_operand_desc *d, const void *data, size_t size, uint32_t *id)
{
    nnx_status st = nnx_ir_add_constant(L->ir, d, data, size, id, L->err);
    return st;
}

/* A tensor argument as a core value: a lowered tensor, or a literal as a rank-0 constant
 * of dtype dt. */
nnx_status lw_operand(lowerer *L, const nnx_nnef_value *v, nnx_dtype dt, uint32_t *id)
{
    nnx_operand_desc d = {.dtype = dt, .rank = 0};
    switch (v ? v->kind : NNX_NNEF_VALUE_NONE) {
    case NNX_NNEF_VALUE_TENSOR:
        *id = L->value_of[v->u.tensor];
        return *id == NNX_NONE ? lw_unsupported(L, "an input tensor was not lowered") : NNX_OK;
    case NNX_NNEF_VALUE_SCALAR: {
        float f = (float)v->u.scalar;
        if (dt != NNX_FLOAT32)
            return lw_unsupported(L, "a scalar literal where a %s tensor is expected", nnx_dtype_name(dt));
        return lw_constant(L, &d, &f, sizeof f, id);
    }
    case NNX_NNEF_VALUE_INTEGER: {
        int32_t i = (int32_t)v->u.integer;
        if (dt != NNX_INT32 || v->u.integer != i)
            return lw_unsupported(L, "an integer literal where a %s tensor is expected", nnx_dtype_name(dt));
        return lw_constant(L, &d, &i, sizeof i, id);
    }
    case NNX_NNEF_VALUE_LOGICAL: {
        uint8_t b = v->u.logical;
        if (dt != NNX_BOOL)
            return lw_unsupported(L, "a logical literal where a %s tensor is expected", nnx_dtype_name(dt));
        return lw_constant(L, &d, &b, 1, id);
    }
    default: return lw_unsupported(L, "an argument that is not a tensor");
    }
}

nnx_status lw_node(lowerer *L, nnx_op op, const uint32_t *in, uint32_t n_in, const nnx_attrs *attrs, uint32_t n_out,
                   uint32_t *first)
{
    nnx_error why = {0};
    nnx_status st = nnx_ir_add_node(L->ir, op, in, n_in, attrs, n_out, L->op->name, first, &why);
    if (st == NNX_ERROR_OUT_OF_MEMORY)
        return nnx_error_set(L->err, st, "%s: error: out of memory", L->g->filename);
    return st == NNX_OK ? NNX_OK : lw_unsupported(L, "%s (%s)", why.message, nnx_op_table[op].name);
}

/* value reshaped to the given shape (a no-op node if it already has it). */
nnx_status lw_reshape_to(lowerer *L, uint32_t value, const uint32_t *shape, uint32_t rank, uint32_t *out)
{
    nnx_attrs a = {.reshape = {.rank = rank}};
    memcpy(a.reshape.shape, shape, rank * sizeof *shape);
    return lw_node(L, NNX_OP_RESHAPE, &value, 1, &a, 1, out);
}

/* NNEF broadcasting: a lower-rank tensor gets trailing 1s up to rank. */
nnx_status lw_broadcast_operand(lowerer *L, const nnx_nnef_value *v, nnx_dtype dt, uint32_t rank, uint32_t *id)
{
    nnx_status st = lw_operand(L, v, dt, id);
    if (st != NNX_OK || v->kind != NNX_NNEF_VALUE_TENSOR)
        return st;
    const nnx_nnef_flat_tensor *t = &L->g->tensors[v->u.tensor];
    if (t->rank >= rank)
        return NNX_OK;
    uint32_t shape[NNX_MAX_RANK];
    for (uint32_t i = 0; i < rank; i++)
        shape[i] = i < t->rank ? t->shape[i] : 1;
    return lw_reshape_to(L, *id, shape, rank, id);
}

/* Records the core value of result `name`, checking it has the shape NNEF computed. */
nnx_status lw_bind(lowerer *L, const char *name, uint32_t value)
{
    uint32_t t;
    const nnx_nnef_flat_tensor *tensor = lw_result_tensor(L, name, &t);
    if (!tensor)
        return lw_unsupported(L, "result '%s' is not a tensor", name);
    nnx_operand_desc want = lw_tensor_desc(tensor);
    if (!nnx_desc_equal(&want, &L->ir->values[value].desc)) {
        char a[96], b[96];
        return lw_unsupported(L, "the core computes %s, NNEF %s",
                              nnx_desc_format(&L->ir->values[value].desc, a, sizeof a),
                              nnx_desc_format(&want, b, sizeof b));
    }
    L->value_of[t] = value;
    return NNX_OK;
}

/* The dtype of the op's first result: what literals in its tensor positions become. */
nnx_dtype lw_result_dtype(lowerer *L)
{
    const nnx_nnef_value *v = &L->op->results[0].value;
    return v->kind == NNX_NNEF_VALUE_TENSOR ? lw_core_dtype(L->g->tensors[v->u.tensor].dtype) : NNX_FLOAT32;
}

uint32_t lw_result_rank(lowerer *L)
{
    const nnx_nnef_value *v = &L->op->results[0].value;
    return v->kind == NNX_NNEF_VALUE_TENSOR ? L->g->tensors[v->u.tensor].rank : 0;
}

/* Variables with the same label (case-insensitive, NNEF 1.0.2 §4.1.3) share one core constant,
 * so that an update through one is seen by every other. */
nnx_status lw_variable(lowerer *L, nnx_dtype dtype)
{
    uint32_t t;
    const nnx_nnef_flat_tensor *tensor = lw_result_tensor(L, "output", &t);
    for (uint32_t u = 0; u < L->g->n_tensors; u++) {
        const nnx_nnef_flat_tensor *o = &L->g->tensors[u];
        if (u != t && o->label && L->value_of[u] != NNX_NONE && strcasecmp(o->label, tensor->label) == 0) {
            L->value_of[t] = L->value_of[u];
            return NNX_OK;
        }
    }
    const nnx_nnef_binding *b = &L->m->bindings[t];
    if (!b->present && !L->m->zero_missing_variables)
        return nnx_nnef_error_at(L->err, NNX_ERROR_INVALID_MODEL, L->g->filename, L->op->pos,
                                 "variable '%s' has no tensor file: it is needed to run the graph", tensor->label);
    nnx_operand_desc d = lw_tensor_desc(tensor);
    if (dtype != NNX_DTYPE_UNDEFINED)
        d.dtype = dtype;
    size_t bytes;
    if (!nnx_desc_bytes(&d, &bytes))
        return lw_unsupported(L, "the variable is too large");
    void *data = nnx_mem_alloc_aligned(L->ir->alloc, bytes ? bytes : 1); /* zero-filled */
    if (!data)
        return nnx_nnef_error_at(L->err, NNX_ERROR_OUT_OF_MEMORY, L->g->filename, L->op->pos,
                                 "out of memory for variable '%s' (%zu bytes)", tensor->label, bytes);
    nnx_status st = b->present ? nnx_nnef_tensor_decode(&b->info, b->bytes, d.dtype, data, bytes, L->err) : NNX_OK;
    uint32_t id;
    if (st == NNX_OK && (st = lw_constant(L, &d, data, bytes, &id)) == NNX_OK)
        L->value_of[t] = id;
    nnx_mem_free_aligned(L->ir->alloc, data);
    return st;
}
