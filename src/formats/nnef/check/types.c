/* types.c — the checker's NNEF types (types.h): static singletons for primitives, tensors
 * and [], arena-built arrays and tuples, the five implicit casts of NNEF 1.0.2 §3.3.1,
 * generic deduction and substitution, and spelling for diagnostics. Every recursion
 * follows a type's items, so it is bounded by the type's height. */
#include "base/strbuf.h"
#include "formats/nnef/check/types.h"

#include <string.h>

#define PRIM(k) \
    { \
        k, 1, NULL, NULL, 0 \
    }

static const nnx_nnef_ty primitives[] = {
    PRIM(NNX_NNEF_TY_NONE),    PRIM(NNX_NNEF_TY_INTEGER), PRIM(NNX_NNEF_TY_SCALAR),
    PRIM(NNX_NNEF_TY_LOGICAL), PRIM(NNX_NNEF_TY_STRING),  PRIM(NNX_NNEF_TY_GENERIC),
};

/* tensors[k] = tensor<primitives[k]>; tensors[NONE] = tensor<>. */
static const nnx_nnef_ty tensors[] = {
    {NNX_NNEF_TY_TENSOR, 1, NULL, NULL, 0},
    {NNX_NNEF_TY_TENSOR, 1, &primitives[NNX_NNEF_TY_INTEGER], NULL, 0},
    {NNX_NNEF_TY_TENSOR, 1, &primitives[NNX_NNEF_TY_SCALAR], NULL, 0},
    {NNX_NNEF_TY_TENSOR, 1, &primitives[NNX_NNEF_TY_LOGICAL], NULL, 0},
    {NNX_NNEF_TY_TENSOR, 1, &primitives[NNX_NNEF_TY_STRING], NULL, 0},
    {NNX_NNEF_TY_TENSOR, 1, &primitives[NNX_NNEF_TY_GENERIC], NULL, 0},
};

static const nnx_nnef_ty empty_array = PRIM(NNX_NNEF_TY_EMPTY_ARRAY);

static bool primitive_kind(nnx_nnef_ty_kind k) { return k >= NNX_NNEF_TY_INTEGER && k <= NNX_NNEF_TY_GENERIC; }

/* ---- construction ------------------------------------------------------------------------ */

const nnx_nnef_ty *nnx_nnef_ty_primitive(nnx_nnef_ty_kind kind)
{
    return primitive_kind(kind) ? &primitives[kind] : NULL;
}

const nnx_nnef_ty *nnx_nnef_ty_tensor(nnx_nnef_ty_kind item)
{
    return item == NNX_NNEF_TY_NONE || primitive_kind(item) ? &tensors[item] : NULL;
}

const nnx_nnef_ty *nnx_nnef_ty_empty_array(void) { return &empty_array; }

const nnx_nnef_ty *nnx_nnef_ty_array(nnx_arena *arena, const nnx_nnef_ty *item)
{
    nnx_nnef_ty *t = nnx_arena_alloc(arena, sizeof *t);
    if (t) {
        t->kind = NNX_NNEF_TY_ARRAY;
        t->height = item->height + 1;
        t->item = item;
    }
    return t;
}

const nnx_nnef_ty *nnx_nnef_ty_tuple(nnx_arena *arena, const nnx_nnef_ty *const *items, uint32_t count)
{
    nnx_nnef_ty *t = nnx_arena_alloc(arena, sizeof *t);
    const nnx_nnef_ty **copy = t ? nnx_arena_array(arena, count, sizeof *copy) : NULL;
    if (!copy)
        return NULL;
    uint32_t h = 0;
    for (uint32_t i = 0; i < count; i++) {
        copy[i] = items[i];
        h = items[i]->height > h ? items[i]->height : h;
    }
    t->kind = NNX_NNEF_TY_TUPLE;
    t->height = h + 1;
    t->items = copy;
    t->count = count;
    return t;
}

nnx_nnef_ty_kind nnx_nnef_ty_kind_of(nnx_nnef_type_kind kind)
{
    switch (kind) {
    case NNX_NNEF_TYPE_INTEGER: return NNX_NNEF_TY_INTEGER;
    case NNX_NNEF_TYPE_SCALAR: return NNX_NNEF_TY_SCALAR;
    case NNX_NNEF_TYPE_LOGICAL: return NNX_NNEF_TY_LOGICAL;
    case NNX_NNEF_TYPE_STRING: return NNX_NNEF_TY_STRING;
    case NNX_NNEF_TYPE_GENERIC: return NNX_NNEF_TY_GENERIC;
    default: return NNX_NNEF_TY_NONE;
    }
}

static const nnx_nnef_ty *tuple_from_ast(nnx_arena *arena, const nnx_nnef_type *type)
{
    const nnx_nnef_ty **items = nnx_arena_array(arena, type->count, sizeof *items);
    if (!items)
        return NULL;
    for (uint32_t i = 0; i < type->count; i++)
        if (!(items[i] = nnx_nnef_ty_from_ast(arena, type->items[i])))
            return NULL;
    return nnx_nnef_ty_tuple(arena, items, type->count);
}

const nnx_nnef_ty *nnx_nnef_ty_from_ast(nnx_arena *arena, const nnx_nnef_type *type)
{
    switch (type->kind) {
    case NNX_NNEF_TYPE_TENSOR:
        return nnx_nnef_ty_tensor(type->item ? nnx_nnef_ty_kind_of(type->item->kind) : NNX_NNEF_TY_NONE);
    case NNX_NNEF_TYPE_ARRAY: {
        const nnx_nnef_ty *item = nnx_nnef_ty_from_ast(arena, type->item);
        return item ? nnx_nnef_ty_array(arena, item) : NULL;
    }
    case NNX_NNEF_TYPE_TUPLE: return tuple_from_ast(arena, type);
    default: return nnx_nnef_ty_primitive(nnx_nnef_ty_kind_of(type->kind));
    }
}

/* ---- predicates ---------------------------------------------------------------------------- */

bool nnx_nnef_ty_is_primitive(const nnx_nnef_ty *t) { return primitive_kind(t->kind); }

bool nnx_nnef_ty_is_array(const nnx_nnef_ty *t)
{
    return t->kind == NNX_NNEF_TY_ARRAY || t->kind == NNX_NNEF_TY_EMPTY_ARRAY;
}

/* Whether leaf test holds for some leaf of t (a primitive, tensor or []). */
static bool any_leaf(const nnx_nnef_ty *t, bool (*test)(const nnx_nnef_ty *))
{
    if (t->kind == NNX_NNEF_TY_ARRAY)
        return any_leaf(t->item, test);
    if (t->kind == NNX_NNEF_TY_TUPLE) {
        for (uint32_t i = 0; i < t->count; i++)
            if (any_leaf(t->items[i], test))
                return true;
        return false;
    }
    return test(t);
}

static bool leaf_tensor(const nnx_nnef_ty *t) { return t->kind == NNX_NNEF_TY_TENSOR; }
static bool leaf_unbound(const nnx_nnef_ty *t) { return t->kind == NNX_NNEF_TY_TENSOR && !t->item; }

static bool leaf_generic(const nnx_nnef_ty *t)
{
    return t->kind == NNX_NNEF_TY_GENERIC ||
        (t->kind == NNX_NNEF_TY_TENSOR && t->item && t->item->kind == NNX_NNEF_TY_GENERIC);
}

bool nnx_nnef_ty_has_tensor(const nnx_nnef_ty *t) { return any_leaf(t, leaf_tensor); }
bool nnx_nnef_ty_has_generic(const nnx_nnef_ty *t) { return any_leaf(t, leaf_generic); }
bool nnx_nnef_ty_has_unbound(const nnx_nnef_ty *t) { return any_leaf(t, leaf_unbound); }

/* ---- relations -------------------------------------------------------------------------------- */

bool nnx_nnef_ty_equal(const nnx_nnef_ty *a, const nnx_nnef_ty *b)
{
    if (a == b)
        return true;
    if (a->kind != b->kind)
        return false;
    switch (a->kind) {
    case NNX_NNEF_TY_TENSOR: return a->item == b->item || (a->item && b->item && a->item->kind == b->item->kind);
    case NNX_NNEF_TY_ARRAY: return nnx_nnef_ty_equal(a->item, b->item);
    case NNX_NNEF_TY_TUPLE:
        if (a->count != b->count)
            return false;
        for (uint32_t i = 0; i < a->count; i++)
            if (!nnx_nnef_ty_equal(a->items[i], b->items[i]))
                return false;
        return true;
    default: return true; /* primitives and [] are equal by kind */
    }
}

/* Rules 1 and 3 (and rule 2 for the fixed type variable): what casts to a tensor type. */
static bool castable_to_tensor(const nnx_nnef_ty *from, const nnx_nnef_ty *to)
{
    if (!to->item) /* tensor<>: any tensor (rule 3), any primitive via its tensor (rule 1) */
        return from->kind == NNX_NNEF_TY_TENSOR || primitive_kind(from->kind);
    if (from->kind == NNX_NNEF_TY_TENSOR)
        return from->item && from->item->kind == to->item->kind;
    return from->kind == to->item->kind; /* rule 1: the corresponding data type */
}

bool nnx_nnef_ty_castable(const nnx_nnef_ty *from, const nnx_nnef_ty *to)
{
    switch (to->kind) {
    case NNX_NNEF_TY_TENSOR: return castable_to_tensor(from, to);
    case NNX_NNEF_TY_ARRAY: /* rule 4 */
        if (from->kind == NNX_NNEF_TY_EMPTY_ARRAY)
            return true;
        return from->kind == NNX_NNEF_TY_ARRAY && nnx_nnef_ty_castable(from->item, to->item);
    case NNX_NNEF_TY_TUPLE: /* rule 5 */
        if (from->kind != NNX_NNEF_TY_TUPLE || from->count != to->count)
            return false;
        for (uint32_t i = 0; i < to->count; i++)
            if (!nnx_nnef_ty_castable(from->items[i], to->items[i]))
                return false;
        return true;
    default: return from->kind == to->kind; /* primitives, '?' and [] only cast to themselves */
    }
}

const nnx_nnef_ty *nnx_nnef_ty_common(const nnx_nnef_ty *a, const nnx_nnef_ty *b)
{
    if (nnx_nnef_ty_castable(a, b))
        return b;
    if (nnx_nnef_ty_castable(b, a))
        return a;
    return NULL;
}

static void add_candidate(nnx_nnef_ty_set *set, nnx_nnef_ty_kind k)
{
    if (primitive_kind(k))
        *set |= (nnx_nnef_ty_set)1u << k;
}

void nnx_nnef_ty_deduce(const nnx_nnef_ty *param, const nnx_nnef_ty *arg, nnx_nnef_ty_set *set)
{
    switch (param->kind) {
    case NNX_NNEF_TY_GENERIC: add_candidate(set, arg->kind); return;
    case NNX_NNEF_TY_TENSOR:
        if (!param->item || param->item->kind != NNX_NNEF_TY_GENERIC)
            return;
        if (arg->kind == NNX_NNEF_TY_TENSOR) {
            if (arg->item) /* rule 2: only bound tensors cast to tensor<?> */
                add_candidate(set, arg->item->kind);
        } else {
            add_candidate(set, arg->kind); /* a primitive, through rule 1 */
        }
        return;
    case NNX_NNEF_TY_ARRAY:
        if (arg->kind == NNX_NNEF_TY_ARRAY)
            nnx_nnef_ty_deduce(param->item, arg->item, set);
        return;
    case NNX_NNEF_TY_TUPLE:
        if (arg->kind == NNX_NNEF_TY_TUPLE && arg->count == param->count)
            for (uint32_t i = 0; i < param->count; i++)
                nnx_nnef_ty_deduce(param->items[i], arg->items[i], set);
        return;
    default: return;
    }
}

static const nnx_nnef_ty *subst_tuple(nnx_arena *arena, const nnx_nnef_ty *t, nnx_nnef_ty_kind binding)
{
    const nnx_nnef_ty **items = nnx_arena_array(arena, t->count, sizeof *items);
    if (!items)
        return NULL;
    for (uint32_t i = 0; i < t->count; i++)
        if (!(items[i] = nnx_nnef_ty_subst(arena, t->items[i], binding)))
            return NULL;
    return nnx_nnef_ty_tuple(arena, items, t->count);
}

const nnx_nnef_ty *nnx_nnef_ty_subst(nnx_arena *arena, const nnx_nnef_ty *t, nnx_nnef_ty_kind binding)
{
    if (binding == NNX_NNEF_TY_GENERIC || !nnx_nnef_ty_has_generic(t))
        return t;
    switch (t->kind) {
    case NNX_NNEF_TY_GENERIC: return nnx_nnef_ty_primitive(binding);
    case NNX_NNEF_TY_TENSOR: return nnx_nnef_ty_tensor(binding);
    case NNX_NNEF_TY_ARRAY: {
        const nnx_nnef_ty *item = nnx_nnef_ty_subst(arena, t->item, binding);
        return item ? nnx_nnef_ty_array(arena, item) : NULL;
    }
    case NNX_NNEF_TY_TUPLE: return subst_tuple(arena, t, binding);
    default: return t;
    }
}

/* ---- spelling ---------------------------------------------------------------------------------- */

const char *nnx_nnef_ty_kind_name(nnx_nnef_ty_kind kind)
{
    switch (kind) {
    case NNX_NNEF_TY_INTEGER: return "integer";
    case NNX_NNEF_TY_SCALAR: return "scalar";
    case NNX_NNEF_TY_LOGICAL: return "logical";
    case NNX_NNEF_TY_STRING: return "string";
    case NNX_NNEF_TY_GENERIC: return "?";
    default: return "<none>";
    }
}

static void format(const nnx_nnef_ty *t, char *buf, size_t size, size_t *n)
{
    switch (t->kind) {
    case NNX_NNEF_TY_TENSOR:
        nnx_str_put(buf, size, n, "tensor<");
        nnx_str_put(buf, size, n, t->item ? nnx_nnef_ty_kind_name(t->item->kind) : "");
        nnx_str_put(buf, size, n, ">");
        return;
    case NNX_NNEF_TY_ARRAY:
        format(t->item, buf, size, n);
        nnx_str_put(buf, size, n, "[]");
        return;
    case NNX_NNEF_TY_TUPLE:
        nnx_str_put(buf, size, n, "(");
        for (uint32_t i = 0; i < t->count; i++) {
            if (i)
                nnx_str_put(buf, size, n, ",");
            format(t->items[i], buf, size, n);
        }
        nnx_str_put(buf, size, n, ")");
        return;
    case NNX_NNEF_TY_EMPTY_ARRAY: nnx_str_put(buf, size, n, "[]"); return;
    default: nnx_str_put(buf, size, n, nnx_nnef_ty_kind_name(t->kind)); return;
    }
}

char *nnx_nnef_ty_format(const nnx_nnef_ty *t, char *buf, size_t size)
{
    size_t n = 0;
    if (size == 0)
        return buf;
    buf[0] = '\0';
    format(t, buf, size, &n);
    return buf;
}
