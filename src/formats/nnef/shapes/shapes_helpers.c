/* shapes_helpers.c — what the shape-inference files share (shapes.h's internal section):
 * messages, readers of an op's evaluated arguments (checked against the NNEF 1.0.2
 * chapter 4 parameter rules), storing result shapes, and shape comparison. */
#include "formats/nnef/shapes/shapes.h"

#include "base/checked.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ---- messages ---------------------------------------------------------------------- */

const char *nnx_nnef_sh_str(const nnx_nnef_shape *s, char *buf)
{
    size_t used = 0;
    buf[used++] = '[';
    for (uint32_t i = 0; i < s->rank && i < NNX_MAX_RANK; i++)
        used += (size_t)snprintf(buf + used, NNX_NNEF_SHAPE_STR - used, i ? ",%u" : "%u", s->dim[i]);
    buf[used++] = ']';
    buf[used] = '\0';
    return buf;
}

nnx_status nnx_nnef_sh_fail(nnx_nnef_sh *c, const char *fmt, ...)
{
    char why[NNX_ERROR_MESSAGE_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    return nnx_nnef_error_at(c->err, NNX_ERROR_INVALID_MODEL, c->g->filename, c->op->pos, "%s: %s", c->op->name, why);
}

nnx_status nnx_nnef_sh_internal_arg(nnx_nnef_sh *c, const char *arg, const char *want)
{
    return nnx_nnef_sh_fail(c, "internal: argument '%s' is missing or not %s", arg, want);
}

/* ---- argument readers --------------------------------------------------------------- */

nnx_status nnx_nnef_sh_value_shape(nnx_nnef_sh *c, const char *what, const nnx_nnef_value *v, nnx_nnef_shape *s)
{
    memset(s, 0, sizeof *s);
    switch (v->kind) {
    case NNX_NNEF_VALUE_INTEGER:
    case NNX_NNEF_VALUE_SCALAR:
    case NNX_NNEF_VALUE_LOGICAL: return NNX_OK; /* S2: a literal is rank 0, all extents 1 */
    case NNX_NNEF_VALUE_TENSOR: break;
    default: return nnx_nnef_sh_fail(c, "internal: %s is not a tensor", what);
    }
    if (v->u.tensor >= c->g->n_tensors)
        return nnx_nnef_sh_fail(c, "internal: %s refers to tensor %u of %u", what, v->u.tensor, c->g->n_tensors);
    const nnx_nnef_flat_tensor *t = &c->g->tensors[v->u.tensor];
    if (!t->has_shape || t->rank > NNX_MAX_RANK)
        return nnx_nnef_sh_fail(c, "internal: %s '%s' is used before its shape is known", what, t->name);
    s->rank = t->rank;
    memcpy(s->dim, t->shape, sizeof s->dim);
    return NNX_OK;
}

nnx_status nnx_nnef_sh_tensor(nnx_nnef_sh *c, const char *arg, nnx_nnef_shape *s)
{
    const nnx_nnef_value *v = nnx_nnef_flat_arg(c->op, arg);
    if (!v)
        return nnx_nnef_sh_internal_arg(c, arg, "a tensor");
    return nnx_nnef_sh_value_shape(c, arg, v, s);
}

nnx_status nnx_nnef_sh_int(nnx_nnef_sh *c, const char *arg, int64_t *out)
{
    const nnx_nnef_value *v = nnx_nnef_flat_arg(c->op, arg);
    if (!v || v->kind != NNX_NNEF_VALUE_INTEGER)
        return nnx_nnef_sh_internal_arg(c, arg, "an integer");
    *out = v->u.integer;
    return NNX_OK;
}

nnx_status nnx_nnef_sh_logical(nnx_nnef_sh *c, const char *arg, bool *out)
{
    const nnx_nnef_value *v = nnx_nnef_flat_arg(c->op, arg);
    if (!v || v->kind != NNX_NNEF_VALUE_LOGICAL)
        return nnx_nnef_sh_internal_arg(c, arg, "a logical");
    *out = v->u.logical;
    return NNX_OK;
}

nnx_status nnx_nnef_sh_choice(nnx_nnef_sh *c, const char *arg, const char *const *allowed, const char **out)
{
    const nnx_nnef_value *v = nnx_nnef_flat_arg(c->op, arg);
    if (!v || v->kind != NNX_NNEF_VALUE_STRING || !v->u.string)
        return nnx_nnef_sh_internal_arg(c, arg, "a string");
    char list[160] = "";
    size_t used = 0;
    for (uint32_t i = 0; allowed[i]; i++) {
        if (strcmp(v->u.string, allowed[i]) == 0) {
            *out = allowed[i];
            return NNX_OK;
        }
        int n = snprintf(list + used, sizeof list - used, "%s'%s'", i ? ", " : "", allowed[i]);
        if (n > 0 && (size_t)n < sizeof list - used)
            used += (size_t)n;
    }
    return nnx_nnef_sh_fail(c, "%s '%s' is not one of %s", arg, v->u.string, list);
}

nnx_status nnx_nnef_sh_array(nnx_nnef_sh *c, const char *arg, const nnx_nnef_value **out)
{
    const nnx_nnef_value *v = nnx_nnef_flat_arg(c->op, arg);
    if (!v || v->kind != NNX_NNEF_VALUE_ARRAY || (v->count && !v->u.items))
        return nnx_nnef_sh_internal_arg(c, arg, "an array");
    *out = v;
    return NNX_OK;
}

static nnx_status too_many(nnx_nnef_sh *c, const char *arg, uint32_t n, uint32_t max)
{
    return nnx_nnef_sh_fail(c, "%s has %u items, more than the %u dimensions nnx supports", arg, n, max);
}

nnx_status nnx_nnef_sh_ints(nnx_nnef_sh *c, const char *arg, uint32_t max, int64_t *out, uint32_t *n)
{
    const nnx_nnef_value *v;
    nnx_status st = nnx_nnef_sh_array(c, arg, &v);
    if (st != NNX_OK)
        return st;
    if (v->count > max)
        return too_many(c, arg, v->count, max);
    for (uint32_t i = 0; i < v->count; i++) {
        if (v->u.items[i].kind != NNX_NNEF_VALUE_INTEGER)
            return nnx_nnef_sh_internal_arg(c, arg, "an integer[]");
        out[i] = v->u.items[i].u.integer;
    }
    *n = v->count;
    return NNX_OK;
}

static bool is_int_pair(const nnx_nnef_value *v)
{
    return v->kind == NNX_NNEF_VALUE_TUPLE && v->count == 2 && v->u.items &&
        v->u.items[0].kind == NNX_NNEF_VALUE_INTEGER && v->u.items[1].kind == NNX_NNEF_VALUE_INTEGER;
}

nnx_status nnx_nnef_sh_pairs(nnx_nnef_sh *c, const char *arg, uint32_t max, int64_t (*out)[2], uint32_t *n)
{
    const nnx_nnef_value *v;
    nnx_status st = nnx_nnef_sh_array(c, arg, &v);
    if (st != NNX_OK)
        return st;
    if (v->count > max)
        return too_many(c, arg, v->count, max);
    for (uint32_t i = 0; i < v->count; i++) {
        if (!is_int_pair(&v->u.items[i]))
            return nnx_nnef_sh_internal_arg(c, arg, "an (integer,integer)[]");
        out[i][0] = v->u.items[i].u.items[0].u.integer;
        out[i][1] = v->u.items[i].u.items[1].u.integer;
    }
    *n = v->count;
    return NNX_OK;
}

nnx_status nnx_nnef_sh_axes(nnx_nnef_sh *c, const char *arg, const int64_t *axes, uint32_t n, uint32_t limit)
{
    bool seen[NNX_MAX_RANK + 1] = {false};
    for (uint32_t i = 0; i < n; i++) {
        if (axes[i] < 0 || axes[i] >= (int64_t)limit || axes[i] > NNX_MAX_RANK)
            return nnx_nnef_sh_fail(c, "%s item %lld is outside [0, %u)", arg, (long long)axes[i], limit);
        if (seen[axes[i]])
            return nnx_nnef_sh_fail(c, "%s item %lld appears twice", arg, (long long)axes[i]);
        seen[axes[i]] = true;
    }
    return NNX_OK;
}

nnx_status nnx_nnef_sh_positive(nnx_nnef_sh *c, const char *arg, const int64_t *v, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        if (v[i] < 1)
            return nnx_nnef_sh_fail(c, "%s item %u is %lld; items must be positive", arg, i, (long long)v[i]);
    return NNX_OK;
}

nnx_status nnx_nnef_sh_length(nnx_nnef_sh *c, const char *arg, uint32_t got, uint32_t want, const char *unit,
                              bool empty_ok)
{
    if (got == want || (empty_ok && got == 0))
        return NNX_OK;
    return nnx_nnef_sh_fail(c, "%s has %u items; expected %u (%s)%s", arg, got, want, unit, empty_ok ? " or 0" : "");
}

nnx_status nnx_nnef_sh_extent(nnx_nnef_sh *c, int64_t v, const char *what, uint32_t dim, uint32_t *out)
{
    if (v < 1)
        return nnx_nnef_sh_fail(c, "%s extent %lld in dimension %u is not positive", what, (long long)v, dim);
    if (v > (int64_t)UINT32_MAX)
        return nnx_nnef_sh_fail(c, "%s extent %lld in dimension %u exceeds 2^32-1", what, (long long)v, dim);
    *out = (uint32_t)v;
    return NNX_OK;
}

/* ---- results ------------------------------------------------------------------------ */

bool nnx_nnef_sh_volume(const nnx_nnef_shape *s, uint64_t *vol)
{
    uint64_t v = 1;
    for (uint32_t i = 0; i < s->rank; i++)
        if (!nnx_mul_u64(v, s->dim[i], &v))
            return false;
    *vol = v;
    return v <= (uint64_t)INT64_MAX;
}

nnx_status nnx_nnef_sh_store(nnx_nnef_sh *c, const char *res, const nnx_nnef_value *v, const nnx_nnef_shape *s)
{
    if (v->kind != NNX_NNEF_VALUE_TENSOR || v->u.tensor >= c->g->n_tensors)
        return nnx_nnef_sh_fail(c, "internal: result '%s' is not a tensor", res);
    uint64_t vol;
    char buf[NNX_NNEF_SHAPE_STR];
    if (!nnx_nnef_sh_volume(s, &vol))
        return nnx_nnef_sh_fail(c, "result '%s' of shape %s has more than 2^63-1 elements", res,
                                nnx_nnef_sh_str(s, buf));
    nnx_nnef_flat_tensor *t = &c->g->tensors[v->u.tensor];
    t->rank = s->rank;
    memset(t->shape, 0, sizeof t->shape);
    memcpy(t->shape, s->dim, s->rank * sizeof s->dim[0]);
    t->has_shape = true;
    return NNX_OK;
}

nnx_status nnx_nnef_sh_output(nnx_nnef_sh *c, const char *res, const nnx_nnef_shape *s)
{
    const nnx_nnef_value *v = nnx_nnef_flat_result(c->op, res);
    if (!v)
        return nnx_nnef_sh_fail(c, "internal: result '%s' is missing", res);
    return nnx_nnef_sh_store(c, res, v, s);
}

nnx_status nnx_nnef_sh_outputs(nnx_nnef_sh *c, const char *res, const nnx_nnef_value **items, uint32_t *n)
{
    const nnx_nnef_value *v = nnx_nnef_flat_result(c->op, res);
    if (!v || v->kind != NNX_NNEF_VALUE_ARRAY || (v->count && !v->u.items))
        return nnx_nnef_sh_fail(c, "internal: result '%s' is missing or not an array", res);
    *items = v->u.items;
    *n = v->count;
    return NNX_OK;
}

bool nnx_nnef_shape_equal(const nnx_nnef_shape *a, const nnx_nnef_shape *b)
{
    return a->rank == b->rank && memcmp(a->dim, b->dim, a->rank * sizeof a->dim[0]) == 0;
}

static uint32_t trimmed_rank(const nnx_nnef_shape *s)
{
    uint32_t r = s->rank;
    while (r > 0 && s->dim[r - 1] == 1)
        r--;
    return r;
}

bool nnx_nnef_shape_equal_trim(const nnx_nnef_shape *a, const nnx_nnef_shape *b)
{
    uint32_t r = trimmed_rank(a);
    return r == trimmed_rank(b) && memcmp(a->dim, b->dim, r * sizeof a->dim[0]) == 0;
}
