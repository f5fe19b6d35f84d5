/* sema_helpers.c — what every file of the semantic checker shares (NNEF 1.0.2 §3.3):
 * diagnostics at a source position, interned array and tuple types with the AST height
 * bound, and the name maps of scopes and signatures (base/strmap.h). */
#define NNX_NNEF_SEMA_INTERNAL
#include "formats/nnef/check/sema.h"
#include "formats/load_limits.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ---- diagnostics ------------------------------------------------------------------------- */

nnx_status sema_fail(sema *s, nnx_nnef_pos pos, const char *fmt, ...)
{
    if (s->status != NNX_OK)
        return s->status;
    char msg[NNX_ERROR_MESSAGE_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    s->status = NNX_ERROR_INVALID_MODEL;
    nnx_nnef_error_at(s->err, NNX_ERROR_INVALID_MODEL, s->file, pos, "%s", msg);
    return s->status;
}

nnx_status sema_oom(sema *s)
{
    if (s->status == NNX_OK) {
        s->status = NNX_ERROR_OUT_OF_MEMORY;
        nnx_error_set(s->err, NNX_ERROR_OUT_OF_MEMORY, "%s: error: out of memory while checking", s->file);
    }
    return s->status;
}

const char *sema_ty(sema *s, int slot, const nnx_nnef_ty *t)
{
    return nnx_nnef_ty_format(t, s->tybuf[slot], sizeof s->tybuf[slot]);
}

/* Types built from expressions can nest without the AST's limit (a = [b]; b2 = [a]; ...),
 * so their height is capped here (the load's depth limit) to keep every recursive walk of a
 * type, and of the values the flattener builds by it, bounded. */
static nnx_status check_height(sema *s, nnx_nnef_pos pos, uint32_t height)
{
    if (height <= s->max_height)
        return NNX_OK;
    if (s->status != NNX_OK)
        return s->status;
    char where[NNX_ERROR_MESSAGE_MAX / 2];
    snprintf(where, sizeof where, "%s:%u:%u", s->file, pos.line, pos.col);
    return s->status = nnx_limit_error(s->err, NNX_LIMIT_DEPTH, where,
                                       "the type of this expression nests arrays and tuples more than %u levels deep",
                                       s->max_height);
}

nnx_status sema_array_of(sema *s, nnx_nnef_pos pos, const nnx_nnef_ty *item, const nnx_nnef_ty **out)
{
    nnx_status st = check_height(s, pos, item->height + 1);
    if (st != NNX_OK)
        return st;
    *out = nnx_nnef_ty_array(&s->arena, item);
    return *out ? NNX_OK : sema_oom(s);
}

nnx_status sema_tuple_of(sema *s, nnx_nnef_pos pos, const nnx_nnef_ty *const *items, uint32_t n,
                         const nnx_nnef_ty **out)
{
    uint32_t h = 0;
    for (uint32_t i = 0; i < n; i++)
        h = items[i]->height > h ? items[i]->height : h;
    nnx_status st = check_height(s, pos, h + 1);
    if (st != NNX_OK)
        return st;
    *out = nnx_nnef_ty_tuple(&s->arena, items, n);
    return *out ? NNX_OK : sema_oom(s);
}

/* ---- name maps ------------------------------------------------------------------------------- */

void *sema_map_get(const sema_map *m, const char *key)
{
    uintptr_t value;
    return nnx_strmap_get(m, key, &value) ? (void *)value : NULL;
}

bool sema_map_put(sema *s, sema_map *m, const char *key, void *val, void **existing)
{
    if (!m->alloc)
        nnx_strmap_init(m, s->alloc, false);
    bool added;
    uintptr_t *slot = nnx_strmap_put(m, key, &added);
    if (!slot)
        return false;
    if (existing)
        *existing = added ? NULL : (void *)*slot;
    if (added)
        *slot = (uintptr_t)val;
    return true;
}

void sema_map_free(sema *s, sema_map *m)
{
    if (m->alloc)
        nnx_strmap_free(m);
    memset(m, 0, sizeof *m);
}
