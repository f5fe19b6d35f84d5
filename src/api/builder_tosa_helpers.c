/* builder_tosa_helpers.c — the helpers every file of the TOSA front end shares (declared
 * in tosa_front.h): failures worded as the spec's ERROR_IF / REQUIRE / LEVEL_CHECK, reading
 * compile-time-constant and shape_t inputs, adding core nodes and front-end constants, and
 * the rank limit and TOSA broadcast rules (TOSA 1.0 §1.7, §1.11.3). */
#include "api/tosa_front.h"
#include "ir/elem.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ---------------------------------------------------------------- failures */

bool nnx_tosa_fail(nnx_tosa_call *k, nnx_status st, const char *fmt, ...)
{
    char why[NNX_ERROR_MESSAGE_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    nnx_call_fail(&k->c, st, "%s", why);
    return false;
}

bool nnx_tosa_error_if(nnx_tosa_call *k, bool cond, const char *text)
{
    return cond ? nnx_tosa_fail(k, NNX_ERROR_INVALID_ARGUMENT, "ERROR_IF(%s)", text) : true;
}

bool nnx_tosa_require(nnx_tosa_call *k, bool holds, const char *text)
{
    return holds ? true : nnx_tosa_fail(k, NNX_ERROR_INVALID_ARGUMENT, "REQUIRE(%s)", text);
}

bool nnx_tosa_level_check(nnx_tosa_call *k, bool ok, const char *text)
{
    return ok ? true
              : nnx_tosa_fail(k, NNX_ERROR_NOT_SUPPORTED, "LEVEL_CHECK(%s) fails at %s", text, k->t->level->name);
}

/* ---------------------------------------------------------------- constants */

bool nnx_tosa_ctc(nnx_tosa_call *k, uint32_t i, const char *what, const void **data)
{
    const nnx_value *v = &k->t->b->ir.values[k->in[i]->value];
    if (v->kind != NNX_VALUE_CONSTANT)
        return nnx_tosa_fail(k, NNX_ERROR_INVALID_ARGUMENT,
                             "ERROR_IF(%s is not a compile-time constant): without EXT-DYNAMIC it must come from "
                             "CONST or CONST_SHAPE (spec §2.1)",
                             what);
    *data = v->data;
    return true;
}

int64_t nnx_tosa_const_i(nnx_tosa_call *k, uint32_t i, size_t j)
{
    const nnx_value *v = &k->t->b->ir.values[k->in[i]->value];
    return nnx_load_i(v->desc.dtype, v->data, j);
}

double nnx_tosa_const_f(nnx_tosa_call *k, uint32_t i, size_t j)
{
    const nnx_value *v = &k->t->b->ir.values[k->in[i]->value];
    return nnx_load_f(v->desc.dtype, v->data, j);
}

bool nnx_tosa_shape_input(nnx_tosa_call *k, uint32_t i, const char *what, int64_t *v, uint32_t max, uint32_t *n)
{
    const void *data = NULL;
    const nnx_operand_desc *d = nnx_tosa_desc(k, i);
    if (d->dtype != NNX_INT64 || d->rank > 1)
        return nnx_tosa_fail(k, NNX_ERROR_INVALID_ARGUMENT, "%s must be a shape_t (a CONST_SHAPE output), not %s", what,
                             nnx_dtype_name(d->dtype));
    if (!nnx_tosa_ctc(k, i, what, &data))
        return false;
    uint32_t count = d->rank == 0 ? 0 : d->shape[0];
    if (count > max)
        return nnx_tosa_fail(k, NNX_ERROR_INVALID_ARGUMENT, "%s has %u values, at most %u are possible", what, count,
                             max);
    for (uint32_t j = 0; j < count; j++)
        v[j] = nnx_load_i(NNX_INT64, data, j);
    *n = count;
    return true;
}

uint64_t nnx_tosa_elements(const nnx_tosa_call *k, uint32_t i)
{
    uint64_t n = 0;
    nnx_desc_elements(nnx_tosa_desc(k, i), &n);
    return n;
}

/* ---------------------------------------------------------------- nodes */

nnx_operand *nnx_tosa_node(nnx_tosa_call *k, nnx_op op, const nnx_operand *const *in, uint32_t n_in,
                           const nnx_attrs *attrs)
{
    nnx_operand *r = nnx_call_node(&k->c, op, in, n_in, attrs, 1, NULL);
    return r == &k->t->b->poison ? NULL : r;
}

bool nnx_tosa_node_n(nnx_tosa_call *k, nnx_op op, const nnx_operand *const *in, uint32_t n_in, const nnx_attrs *attrs,
                     uint32_t n_out, nnx_operand **outs)
{
    return nnx_call_node(&k->c, op, in, n_in, attrs, n_out, outs) != &k->t->b->poison;
}

nnx_operand *nnx_tosa_reshape(nnx_tosa_call *k, const nnx_operand *x, const uint32_t *shape, uint32_t rank)
{
    nnx_attrs a = {.reshape = {.rank = rank}};
    memcpy(a.reshape.shape, shape, rank * sizeof *shape);
    const nnx_operand *in[1] = {x};
    return nnx_tosa_node(k, NNX_OP_RESHAPE, in, 1, &a);
}

nnx_operand *nnx_tosa_constant(nnx_tosa_call *k, const nnx_operand_desc *d, const void *data, size_t size)
{
    nnx_error why = {0};
    uint32_t id;
    nnx_builder *b = k->t->b;
    if (nnx_check_buffer(d, data, size, &why) != NNX_OK ||
        nnx_ir_add_constant(&b->ir, d, data, size, &id, &why) != NNX_OK) {
        nnx_tosa_fail(k, why.status, "%s", why.message);
        return NULL;
    }
    nnx_operand *op = nnx_arena_alloc(&b->arena, sizeof *op);
    if (!op) {
        nnx_tosa_fail(k, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
        return NULL;
    }
    *op = (nnx_operand){.builder = b, .value = id, .desc = b->ir.values[id].desc};
    return op;
}

/* ---------------------------------------------------------------- shapes */

bool nnx_tosa_check_rank(nnx_tosa_call *k, uint32_t rank, const char *what)
{
    char text[96];
    snprintf(text, sizeof text, "rank(%s) <= MAX_RANK = %u", what, k->t->level->max_rank);
    return nnx_tosa_level_check(k, rank <= k->t->level->max_rank, text);
}

bool nnx_tosa_broadcast(nnx_tosa_call *k, uint32_t first, uint32_t n, nnx_operand_desc *out)
{
    *out = *nnx_tosa_desc(k, first);
    for (uint32_t i = first + 1; i < first + n; i++) {
        const nnx_operand_desc *d = nnx_tosa_desc(k, i);
        if (!nnx_tosa_error_if(k, d->rank != out->rank, "rank(shape1) != rank(shape2): broadcast needs equal ranks"))
            return false;
        for (uint32_t j = 0; j < d->rank; j++) {
            if (d->shape[j] == out->shape[j] || d->shape[j] == 1)
                continue;
            if (out->shape[j] != 1)
                return nnx_tosa_fail(k, NNX_ERROR_INVALID_ARGUMENT,
                                     "ERROR_IF(shape1[%u] != shape2[%u] && neither is 1): %u and %u do not broadcast",
                                     j, j, out->shape[j], d->shape[j]);
            out->shape[j] = d->shape[j];
        }
    }
    return nnx_tosa_check_rank(k, out->rank, "shape");
}
