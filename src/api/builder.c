/* builder.c — builder lifetime, the sticky error, inputs, constants and the shared op
 * prologue. Operation methods live in builder_*.c; build lives in build.c. */
#include "api/builder.h"
#include "ops/graph_build.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

nnx_status nnx_builder_create(nnx_context *ctx, nnx_builder **out)
{
    if (!ctx || !out)
        return NNX_ERROR_INVALID_ARGUMENT;
    *out = NULL;
    if (ctx->h.destroyed)
        return NNX_ERROR_INVALID_STATE;
    nnx_builder *b = nnx_handle_alloc(sizeof *b);
    if (!b)
        return nnx_context_fail(ctx, NNX_ERROR_OUT_OF_MEMORY, "builder: out of memory");
    b->ctx = ctx;
    nnx_ir_init(&b->ir, &ctx->alloc);
    nnx_arena_init(&b->arena, &ctx->alloc);
    b->poison = (nnx_operand){.builder = b, .value = NNX_NONE};
    nnx_context_own(ctx, &ctx->builders, &b->h.link);
    *out = b;
    return NNX_OK;
}

/* The builder's operands die with it (rule 3 of nnx.h); the handle keeps its poisoned
 * operand, which later calls return. */
void nnx_builder_destroy(nnx_builder *b)
{
    if (!b || b->h.destroyed)
        return;
    nnx_context_disown(b->ctx, &b->h.link);
    nnx_ir_free(&b->ir);
    nnx_arena_free(&b->arena);
    nnx_error_set(&b->err, NNX_ERROR_INVALID_STATE, "the builder was destroyed");
    nnx_handle_bury(&b->h);
}

nnx_status nnx_builder_status(const nnx_builder *b) { return b ? b->err.status : NNX_ERROR_INVALID_ARGUMENT; }
const char *nnx_builder_error(const nnx_builder *b) { return b ? b->err.message : ""; }

void nnx_operand_get_desc(const nnx_operand *op, nnx_operand_desc *out)
{
    if (!out)
        return;
    if (!op || op->value == NNX_NONE)
        memset(out, 0, sizeof *out);
    else
        *out = op->desc;
}

/* Labels are shown in messages: control and bidirectional-override characters are replaced
 * by '?' (WebNN asks for labels to be sanitized before display). */
static void sanitize_label(const char *label, char *out, size_t size)
{
    size_t n = 0;
    const unsigned char *s = (const unsigned char *)label;
    while (*s && n + 1 < size) {
        /* U+202A..U+202E = E2 80 AA..AE; U+2066..U+2069 = E2 81 A6..A9 */
        if (s[0] == 0xE2 &&
            ((s[1] == 0x80 && s[2] >= 0xAA && s[2] <= 0xAE) || (s[1] == 0x81 && s[2] >= 0xA6 && s[2] <= 0xA9))) {
            out[n++] = '?';
            s += 3;
            continue;
        }
        out[n++] = (*s < 0x20 || *s == 0x7F) ? '?' : (char)*s;
        s++;
    }
    out[n] = '\0';
}

bool nnx_call_begin(nnx_op_call *c, nnx_builder *b, const char *name, const char *label)
{
    c->b = b;
    c->name = name;
    c->label = label ? label : "";
    if (!b || b->h.destroyed) /* a destroyed builder keeps its "was destroyed" error */
        return false;
    if (b->built) {
        nnx_call_fail(c, NNX_ERROR_INVALID_STATE, "the builder has already built its graph");
        return false;
    }
    return b->err.status == NNX_OK;
}

nnx_operand *nnx_call_fail(nnx_op_call *c, nnx_status st, const char *fmt, ...)
{
    if (!c->b)
        return NULL; /* only for a NULL builder, which has nothing to return */
    char why[NNX_ERROR_MESSAGE_MAX], label[128];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    sanitize_label(c->label, label, sizeof label);
    if (label[0])
        nnx_error_set(&c->b->err, st, "%s '%s': %s", c->name, label, why);
    else
        nnx_error_set(&c->b->err, st, "%s: %s", c->name, why);
    return &c->b->poison;
}

bool nnx_call_operand(nnx_op_call *c, const nnx_operand *op, const char *what)
{
    if (!op) {
        nnx_call_fail(c, NNX_ERROR_INVALID_ARGUMENT, "%s is NULL", what);
        return false;
    }
    if (op->builder != c->b) {
        nnx_call_fail(c, NNX_ERROR_INVALID_ARGUMENT, "%s belongs to another builder", what);
        return false;
    }
    if (op->value == NNX_NONE) { /* a poisoned operand can only exist once an error is set */
        nnx_call_fail(c, NNX_ERROR_INVALID_ARGUMENT, "%s is the result of a failed operation", what);
        return false;
    }
    return true;
}

bool nnx_call_dtype(nnx_op_call *c, const nnx_operand *op, const char *what, nnx_dtype_set set)
{
    if (set & NNX_SET(op->desc.dtype))
        return true;
    nnx_call_fail(c, NNX_ERROR_INVALID_ARGUMENT, "%s has data type %s, which this operation does not accept", what,
                  nnx_dtype_name(op->desc.dtype));
    return false;
}

bool nnx_call_list_length(nnx_op_call *c, const uint32_t *ptr, uint32_t count, uint32_t expected, const char *what)
{
    if (!ptr || count == expected)
        return true;
    nnx_call_fail(c, NNX_ERROR_INVALID_ARGUMENT, "%s has %u items, it must have %u", what, count, expected);
    return false;
}

bool nnx_call_list_u32(nnx_op_call *c, const char *what, const uint32_t *list, uint32_t count, uint32_t n,
                       uint32_t fallback, bool nonzero, uint32_t *dst)
{
    if (!nnx_call_list_length(c, list, count, n, what))
        return false;
    for (uint32_t i = 0; i < n; i++) {
        dst[i] = list ? list[i] : fallback;
        if (list && nonzero && dst[i] == 0) {
            nnx_call_fail(c, NNX_ERROR_INVALID_ARGUMENT, "%s[%u] is 0", what, i);
            return false;
        }
    }
    return true;
}

static nnx_operand *new_operand(nnx_builder *b, uint32_t value)
{
    nnx_operand *op = nnx_arena_alloc(&b->arena, sizeof *op);
    if (!op)
        return NULL;
    op->builder = b;
    op->value = value;
    op->desc = b->ir.values[value].desc;
    return op;
}

nnx_operand *nnx_call_node(nnx_op_call *c, nnx_op op, const nnx_operand *const *in, uint32_t n_in,
                           const nnx_attrs *attrs, uint32_t n_out, nnx_operand **outs)
{
    nnx_builder *b = c->b;
    uint32_t ids[8], *idv = ids;
    if (n_in > 8 && !(idv = nnx_arena_array(&b->arena, n_in, sizeof *idv)))
        return nnx_call_fail(c, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    for (uint32_t i = 0; i < n_in; i++)
        idv[i] = in[i] ? in[i]->value : NNX_NONE;
    uint32_t first;
    nnx_error why = {0};
    nnx_status st = nnx_ir_add_node(&b->ir, op, idv, n_in, attrs, n_out, c->label, &first, &why);
    if (st != NNX_OK)
        return nnx_call_fail(c, st, "%s", why.message);
    /* WebNN: every output dimension and element count must be a valid dimension. */
    for (uint32_t k = 0; k < (nnx_op_table[op].n_out ? nnx_op_table[op].n_out : n_out); k++) {
        nnx_error bad = {0};
        if (nnx_check_desc(&b->ir.values[first + k].desc, &bad) != NNX_OK)
            return nnx_call_fail(c, NNX_ERROR_INVALID_ARGUMENT, "output %u: %s", k, bad.message);
    }
    if (nnx_op_table[op].n_out)
        n_out = nnx_op_table[op].n_out;
    nnx_operand *result = NULL;
    for (uint32_t k = 0; k < n_out; k++) {
        nnx_operand *o = new_operand(b, first + k);
        if (!o)
            return nnx_call_fail(c, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
        if (outs)
            outs[k] = o;
        if (k == 0)
            result = o;
    }
    return result;
}

/* ---------------------------------------------------------------- inputs and constants */

nnx_operand *nnx_builder_input(nnx_builder *b, const char *name, const nnx_operand_desc *desc)
{
    nnx_op_call c;
    if (!nnx_call_begin(&c, b, "input", name))
        return b ? &b->poison : NULL;
    if (!name || !name[0])
        return nnx_call_fail(&c, NNX_ERROR_INVALID_ARGUMENT, "the name is empty");
    if (!desc)
        return nnx_call_fail(&c, NNX_ERROR_INVALID_ARGUMENT, "the descriptor is NULL");
    for (uint32_t v = 0; v < b->ir.n_values; v++)
        if (b->ir.values[v].kind == NNX_VALUE_INPUT && strcmp(b->ir.values[v].name, name) == 0)
            return nnx_call_fail(&c, NNX_ERROR_INVALID_ARGUMENT, "an input with this name already exists");
    nnx_error why = {0};
    uint32_t id;
    if (nnx_check_desc(desc, &why) != NNX_OK || nnx_ir_add_input(&b->ir, name, desc, &id, &why) != NNX_OK)
        return nnx_call_fail(&c, why.status, "%s", why.message);
    nnx_operand *op = new_operand(b, id);
    return op ? op : nnx_call_fail(&c, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
}

static nnx_operand *add_constant(nnx_op_call *c, const nnx_operand_desc *desc, const void *data, size_t size)
{
    nnx_error why = {0};
    uint32_t id;
    if (nnx_check_buffer(desc, data, size, &why) != NNX_OK ||
        nnx_ir_add_constant(&c->b->ir, desc, data, size, &id, &why) != NNX_OK)
        return nnx_call_fail(c, why.status, "%s", why.message);
    nnx_operand *op = new_operand(c->b, id);
    return op ? op : nnx_call_fail(c, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
}

nnx_operand *nnx_builder_constant(nnx_builder *b, const nnx_operand_desc *desc, const void *data, size_t size)
{
    nnx_op_call c;
    if (!nnx_call_begin(&c, b, "constant", NULL))
        return b ? &b->poison : NULL;
    if (!desc)
        return nnx_call_fail(&c, NNX_ERROR_INVALID_ARGUMENT, "the descriptor is NULL");
    return add_constant(&c, desc, data, size);
}

nnx_operand *nnx_builder_constant_scalar(nnx_builder *b, nnx_dtype dtype, nnx_number value)
{
    nnx_op_call c;
    if (!nnx_call_begin(&c, b, "constant", NULL))
        return b ? &b->poison : NULL;
    if (!nnx_dtype_valid(dtype))
        return nnx_call_fail(&c, NNX_ERROR_INVALID_ARGUMENT, "data type %d is not a data type", (int)dtype);
    if (value.kind == NNX_NUMBER_ABSENT)
        return nnx_call_fail(&c, NNX_ERROR_INVALID_ARGUMENT, "the value is absent");
    nnx_operand_desc desc = {.dtype = dtype, .rank = 0};
    unsigned char bytes[8];
    nnx_scalar_store(dtype, nnx_number_cast(value, dtype), bytes);
    return add_constant(&c, &desc, bytes, nnx_dtype_size(dtype));
}

/* WebNN checks the tensor before "can build"; the tensor's bytes are copied now. */
nnx_operand *nnx_builder_constant_tensor(nnx_builder *b, nnx_tensor *t)
{
    nnx_op_call c = {b, "constant", ""};
    if (!b)
        return NULL;
    if (b->h.destroyed)
        return &b->poison;
    if (!t)
        return nnx_call_fail(&c, NNX_ERROR_INVALID_ARGUMENT, "the tensor is NULL");
    if (t->h.destroyed)
        return nnx_call_fail(&c, NNX_ERROR_INVALID_ARGUMENT, "the tensor was destroyed");
    if (t->ctx != b->ctx)
        return nnx_call_fail(&c, NNX_ERROR_INVALID_ARGUMENT, "the tensor belongs to another context");
    if (!t->constant)
        return nnx_call_fail(&c, NNX_ERROR_INVALID_ARGUMENT, "the tensor is not a constant tensor");
    if (!nnx_call_begin(&c, b, "constant", NULL))
        return &b->poison;
    return add_constant(&c, &t->desc.desc, t->data, t->bytes);
}
