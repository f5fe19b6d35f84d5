/* eval.c — evaluation of NNEF compile-time expressions (NNEF 1.0.2 §3.3.3) during
 * flattening. Attribute arithmetic is computed here; an operator with a tensor operand is
 * mapped to its fragment (Table 1) and invoked. NNEF decisions: integer '/'
 * truncates toward zero (#28), a negative integer exponent and negative subscripts are invalid
 * (#28, #30), '&&' and '||' are lazy (#30), integer(scalar) is floor (#28), strings are not
 * iterable in comprehensions, shape_of is not supported (#48). */
#include "formats/nnef/flatten/eval.h"
#include "base/checked.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

nnx_status nnef_fail(nnef_flattener *f, nnx_nnef_pos pos, const char *fmt, ...)
{
    char why[NNX_ERROR_MESSAGE_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    return nnx_nnef_error_at(f->err, NNX_ERROR_INVALID_MODEL, f->g->filename, pos, "%s", why);
}

nnx_status nnef_oom(nnef_flattener *f)
{
    return nnx_error_set(f->err, NNX_ERROR_OUT_OF_MEMORY, "%s: error: out of memory", f->g->filename);
}

nnx_status nnef_limit(nnef_flattener *f, nnx_limit_kind kind, nnx_nnef_pos pos, const char *fmt, ...)
{
    char what[NNX_ERROR_MESSAGE_MAX / 2], where[NNX_ERROR_MESSAGE_MAX / 2];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    snprintf(where, sizeof where, "%s:%u:%u", f->g->filename, pos.line, pos.col);
    return nnx_limit_error(f->err, kind, where, "%s", what);
}

void nnef_flattener_limits(nnef_flattener *f)
{
    if (!f->opts.max_depth)
        f->opts.max_depth = NNX_MAX_DEPTH_DEFAULT;
    if (!f->opts.max_operations)
        f->opts.max_operations = NNX_MAX_OPERATIONS_DEFAULT;
    if (!f->opts.max_elements)
        f->opts.max_elements = NNX_MAX_ELEMENTS_DEFAULT;
    if (!f->opts.max_names)
        f->opts.max_names = NNX_MAX_NAMES_DEFAULT;
}

nnx_nnef_pos nnef_at(const nnef_frame *fr, nnx_nnef_pos pos) { return fr->user ? pos : fr->origin; }

/* Counts n more elements (list items weighted by the caller, string bytes) against
 * max_elements before they are allocated (flatten.h). */
static nnx_status count_elements(nnef_flattener *f, nnx_nnef_pos pos, uint64_t n)
{
    if (n <= f->opts.max_elements && f->elements <= f->opts.max_elements - n) {
        f->elements += n;
        return NNX_OK;
    }
    return nnef_limit(f, NNX_LIMIT_ELEMENTS, pos,
                      "the lists and strings this document builds count more than %llu elements, %u a list item",
                      (unsigned long long)f->opts.max_elements, NNX_NNEF_LIST_ITEM_ELEMENTS);
}

/* A fragment's frame holds a handful of names (its parameters and locals): they are found by
 * a linear scan, and a hash map is built only once a frame holds more than FRAME_SCAN of them
 * (the graph body's). Expanding a fragment then costs no map: the hostile documents of issue
 * 27 expand millions of them. */
#define FRAME_SCAN 16

static uint32_t frame_find(const nnef_frame *fr, const char *name)
{
    if (fr->names.alloc) {
        uintptr_t index;
        return nnx_strmap_get(&fr->names, name, &index) ? (uint32_t)index : UINT32_MAX;
    }
    for (uint32_t i = 0; i < fr->n_vars; i++)
        if (strcmp(fr->vars[i].name, name) == 0)
            return i;
    return UINT32_MAX;
}

nnx_status nnef_frame_set(nnef_flattener *f, nnef_frame *fr, const char *name, const nnx_nnef_value *v)
{
    uint32_t at = frame_find(fr, name);
    if (at != UINT32_MAX) {
        fr->vars[at].value = *v; /* comprehension iterators are rebound per item */
        return NNX_OK;
    }
    if (!nnx_mem_reserve(f->g->alloc, (void **)&fr->vars, &fr->cap_vars, fr->n_vars + 1, sizeof *fr->vars))
        return nnef_oom(f);
    if (!fr->names.alloc && fr->n_vars == FRAME_SCAN) { /* from now on, a map */
        nnx_strmap_init(&fr->names, f->g->alloc, false);
        for (uint32_t i = 0; i < fr->n_vars; i++) {
            bool added;
            uintptr_t *index = nnx_strmap_put(&fr->names, fr->vars[i].name, &added);
            if (!index)
                return nnef_oom(f);
            *index = i;
        }
    }
    if (fr->names.alloc) {
        bool added;
        uintptr_t *index = nnx_strmap_put(&fr->names, name, &added);
        if (!index)
            return nnef_oom(f);
        *index = fr->n_vars;
    }
    fr->vars[fr->n_vars++] = (nnef_var){name, *v};
    return NNX_OK;
}

const nnx_nnef_value *nnef_frame_get(const nnef_frame *fr, const char *name)
{
    uint32_t at = frame_find(fr, name);
    return at != UINT32_MAX ? &fr->vars[at].value : NULL;
}

void nnef_frame_free(nnef_flattener *f, nnef_frame *fr)
{
    nnx_mem_free(f->g->alloc, fr->vars);
    if (fr->names.alloc)
        nnx_strmap_free(&fr->names);
    fr->names = (nnx_strmap){0};
    fr->vars = NULL;
    fr->n_vars = fr->cap_vars = 0;
}

nnx_nnef_type_kind nnef_value_type(const nnef_flattener *f, const nnx_nnef_value *v)
{
    switch (v->kind) {
    case NNX_NNEF_VALUE_INTEGER: return NNX_NNEF_TYPE_INTEGER;
    case NNX_NNEF_VALUE_SCALAR: return NNX_NNEF_TYPE_SCALAR;
    case NNX_NNEF_VALUE_LOGICAL: return NNX_NNEF_TYPE_LOGICAL;
    case NNX_NNEF_VALUE_STRING: return NNX_NNEF_TYPE_STRING;
    case NNX_NNEF_VALUE_TENSOR: return f->g->tensors[v->u.tensor].dtype;
    default: return NNX_NNEF_TYPE_NONE;
    }
}

bool nnef_value_equal(const nnx_nnef_value *a, const nnx_nnef_value *b)
{
    if (a->kind != b->kind)
        return false;
    switch (a->kind) {
    case NNX_NNEF_VALUE_INTEGER: return a->u.integer == b->u.integer;
    case NNX_NNEF_VALUE_SCALAR: return a->u.scalar == b->u.scalar;
    case NNX_NNEF_VALUE_LOGICAL: return a->u.logical == b->u.logical;
    case NNX_NNEF_VALUE_STRING: return strcmp(a->u.string, b->u.string) == 0;
    case NNX_NNEF_VALUE_TENSOR: return a->u.tensor == b->u.tensor;
    case NNX_NNEF_VALUE_ARRAY:
    case NNX_NNEF_VALUE_TUPLE:
        if (a->count != b->count)
            return false;
        for (uint32_t i = 0; i < a->count; i++)
            if (!nnef_value_equal(&a->u.items[i], &b->u.items[i]))
                return false;
        return true;
    default: return true;
    }
}

static bool is_tensor(const nnx_nnef_value *v) { return v->kind == NNX_NNEF_VALUE_TENSOR; }

/* A list of count items, counted against max_elements at pos first. */
static nnx_status new_list(nnef_flattener *f, nnx_nnef_pos pos, nnx_nnef_value_kind kind, uint32_t count,
                           nnx_nnef_value *out)
{
    out->kind = kind;
    out->count = count;
    out->u.items = NULL;
    nnx_status st = count_elements(f, pos, (uint64_t)count * NNX_NNEF_LIST_ITEM_ELEMENTS);
    if (st != NNX_OK)
        return st;
    if (count && !(out->u.items = nnx_arena_array(&f->g->arena, count, sizeof *out->u.items)))
        return nnef_oom(f);
    return NNX_OK;
}

/* The string a[0, na) b[0, nb), its bytes counted against max_elements at pos first. */
static nnx_status new_string(nnef_flattener *f, nnx_nnef_pos pos, const char *a, size_t na, const char *b, size_t nb,
                             nnx_nnef_value *out)
{
    size_t n;
    if (!nnx_add_size(na, nb, &n) || !nnx_add_size(n, 1, &n))
        return nnef_oom(f);
    nnx_status st = count_elements(f, pos, n - 1);
    if (st != NNX_OK)
        return st;
    char *s = nnx_arena_alloc(&f->g->arena, n);
    if (!s)
        return nnef_oom(f);
    memcpy(s, a, na);
    memcpy(s + na, b, nb);
    s[na + nb] = '\0';
    *out = (nnx_nnef_value){.kind = NNX_NNEF_VALUE_STRING, .u.string = s};
    return NNX_OK;
}

/* Invokes a Table-1 fragment on operands of which at least one is a tensor. */
static nnx_status tensor_operator(nnef_flattener *f, nnef_frame *fr, const char *fragment, const nnx_nnef_value *a,
                                  const nnx_nnef_value *b, nnx_nnef_pos pos, nnx_nnef_value *out)
{
    nnef_call_arg args[2] = {{NULL, *a, pos}, {NULL, b ? *b : (nnx_nnef_value){0}, pos}};
    nnx_nnef_value results[8];
    uint32_t n = 0;
    nnx_status st = nnef_invoke(f, fr, fragment, NULL, args, b ? 2 : 1, NULL, pos, results, &n);
    if (st == NNX_OK)
        *out = results[0];
    return st;
}

static nnx_status eval_unary(nnef_flattener *f, nnef_frame *fr, const nnx_nnef_expr *e, nnx_nnef_value *out)
{
    nnx_nnef_value x;
    nnx_status st = nnef_eval(f, fr, e->u.unary.operand, &x);
    if (st != NNX_OK)
        return st;
    nnx_nnef_unary_op op = e->u.unary.op;
    if (is_tensor(&x))
        return tensor_operator(f, fr, nnx_nnef_unary_op_fragment(op), &x, NULL, e->pos, out);
    *out = x;
    if (op == NNX_NNEF_UNARY_NOT && x.kind == NNX_NNEF_VALUE_LOGICAL) {
        out->u.logical = !x.u.logical;
        return NNX_OK;
    }
    if (op == NNX_NNEF_UNARY_MINUS && x.kind == NNX_NNEF_VALUE_INTEGER && x.u.integer != INT64_MIN) {
        out->u.integer = -x.u.integer;
        return NNX_OK;
    }
    if (op == NNX_NNEF_UNARY_MINUS && x.kind == NNX_NNEF_VALUE_SCALAR) {
        out->u.scalar = -x.u.scalar;
        return NNX_OK;
    }
    if (op == NNX_NNEF_UNARY_PLUS && (x.kind == NNX_NNEF_VALUE_INTEGER || x.kind == NNX_NNEF_VALUE_SCALAR))
        return NNX_OK;
    return nnef_fail(f, e->pos, "operator '%s' cannot be applied to this operand", nnx_nnef_unary_op_symbol(op));
}

static nnx_status int_arith(nnef_flattener *f, const nnx_nnef_expr *e, int64_t a, int64_t b, int64_t *r)
{
    bool ok = true;
    switch (e->u.binary.op) {
    case NNX_NNEF_BINARY_ADD: ok = !__builtin_add_overflow(a, b, r); break;
    case NNX_NNEF_BINARY_SUB: ok = !__builtin_sub_overflow(a, b, r); break;
    case NNX_NNEF_BINARY_MUL: ok = !__builtin_mul_overflow(a, b, r); break;
    case NNX_NNEF_BINARY_DIV:
        if (b == 0)
            return nnef_fail(f, e->op_pos, "integer division by zero");
        ok = !(a == INT64_MIN && b == -1);
        *r = ok ? a / b : 0;
        break;
    case NNX_NNEF_BINARY_POW:
        if (b < 0)
            return nnef_fail(f, e->op_pos, "integer power with a negative exponent %lld", (long long)b);
        *r = 1;
        for (int64_t i = 0; i < b && ok; i++)
            ok = !__builtin_mul_overflow(*r, a, r);
        break;
    default:
        return nnef_fail(f, e->op_pos, "operator '%s' is not defined on integers",
                         nnx_nnef_binary_op_symbol(e->u.binary.op));
    }
    return ok ? NNX_OK : nnef_fail(f, e->op_pos, "integer overflow in '%s'", nnx_nnef_binary_op_symbol(e->u.binary.op));
}

static double scalar_arith(nnx_nnef_binary_op op, double a, double b)
{
    switch (op) {
    case NNX_NNEF_BINARY_ADD: return a + b;
    case NNX_NNEF_BINARY_SUB: return a - b;
    case NNX_NNEF_BINARY_MUL: return a * b;
    case NNX_NNEF_BINARY_DIV: return a / b;
    default: return pow(a, b);
    }
}

static bool compare(nnx_nnef_binary_op op, double a, double b)
{
    switch (op) {
    case NNX_NNEF_BINARY_LT: return a < b;
    case NNX_NNEF_BINARY_LE: return a <= b;
    case NNX_NNEF_BINARY_GT: return a > b;
    default: return a >= b;
    }
}

/* Arrays and strings: '+' concatenates, '*' repeats (§3.3.3, Table 1). */
static nnx_status sequence_op(nnef_flattener *f, const nnx_nnef_expr *e, nnx_nnef_pos at, const nnx_nnef_value *a,
                              const nnx_nnef_value *b, nnx_nnef_value *out)
{
    nnx_nnef_binary_op op = e->u.binary.op;
    if (op == NNX_NNEF_BINARY_ADD && a->kind == b->kind && a->kind == NNX_NNEF_VALUE_STRING)
        return new_string(f, at, a->u.string, strlen(a->u.string), b->u.string, strlen(b->u.string), out);
    if (op == NNX_NNEF_BINARY_ADD && a->kind == b->kind && a->kind == NNX_NNEF_VALUE_ARRAY) {
        if ((uint64_t)a->count + b->count > UINT32_MAX / 2)
            return nnef_fail(f, e->op_pos, "array too long");
        nnx_status st = new_list(f, at, NNX_NNEF_VALUE_ARRAY, a->count + b->count, out);
        if (st == NNX_OK && out->count) {
            memcpy(out->u.items, a->u.items, a->count * sizeof *a->u.items);
            memcpy(out->u.items + a->count, b->u.items, b->count * sizeof *b->u.items);
        }
        return st;
    }
    if (op == NNX_NNEF_BINARY_MUL && b->kind == NNX_NNEF_VALUE_INTEGER &&
        (a->kind == NNX_NNEF_VALUE_ARRAY || a->kind == NNX_NNEF_VALUE_STRING)) {
        size_t len = a->kind == NNX_NNEF_VALUE_ARRAY ? a->count : strlen(a->u.string);
        if (b->u.integer < 0)
            return nnef_fail(f, e->op_pos, "repetition count %lld is negative", (long long)b->u.integer);
        /* the size is checked against max_elements before anything is allocated; a count
         * that does not even fit a list's length is over any limit */
        uint64_t n64;
        if (__builtin_mul_overflow((uint64_t)len, (uint64_t)b->u.integer, &n64) || n64 > UINT32_MAX / 2)
            return nnef_limit(f, NNX_LIMIT_ELEMENTS, at,
                              "repeating %zu items %lld times counts more than %llu elements, %u a list item", len,
                              (long long)b->u.integer, (unsigned long long)f->opts.max_elements,
                              NNX_NNEF_LIST_ITEM_ELEMENTS);
        uint32_t n = (uint32_t)n64;
        if (a->kind == NNX_NNEF_VALUE_STRING) {
            nnx_status st = count_elements(f, at, n);
            if (st != NNX_OK)
                return st;
            char *s = nnx_arena_alloc(&f->g->arena, (size_t)n + 1);
            if (!s)
                return nnef_oom(f);
            for (uint32_t i = 0; i < n; i++)
                s[i] = a->u.string[i % len];
            *out = (nnx_nnef_value){.kind = NNX_NNEF_VALUE_STRING, .u.string = s};
            return NNX_OK;
        }
        nnx_status st = new_list(f, at, NNX_NNEF_VALUE_ARRAY, n, out);
        for (uint32_t i = 0; st == NNX_OK && i < n; i++)
            out->u.items[i] = a->u.items[i % len];
        return st;
    }
    return nnef_fail(f, e->op_pos, "operator '%s' cannot be applied to these operands", nnx_nnef_binary_op_symbol(op));
}

static nnx_status attribute_binary(nnef_flattener *f, const nnx_nnef_expr *e, nnx_nnef_pos at, const nnx_nnef_value *a,
                                   const nnx_nnef_value *b, nnx_nnef_value *out)
{
    nnx_nnef_binary_op op = e->u.binary.op;
    if (op == NNX_NNEF_BINARY_EQ || op == NNX_NNEF_BINARY_NE) {
        bool eq = nnef_value_equal(a, b);
        *out = (nnx_nnef_value){.kind = NNX_NNEF_VALUE_LOGICAL, .u.logical = op == NNX_NNEF_BINARY_EQ ? eq : !eq};
        return NNX_OK;
    }
    if (op == NNX_NNEF_BINARY_IN) {
        if (b->kind != NNX_NNEF_VALUE_ARRAY)
            return nnef_fail(f, e->op_pos, "the right operand of 'in' must be an array");
        bool found = false;
        for (uint32_t i = 0; i < b->count && !found; i++)
            found = nnef_value_equal(a, &b->u.items[i]);
        *out = (nnx_nnef_value){.kind = NNX_NNEF_VALUE_LOGICAL, .u.logical = found};
        return NNX_OK;
    }
    bool ints = a->kind == NNX_NNEF_VALUE_INTEGER && b->kind == NNX_NNEF_VALUE_INTEGER;
    bool reals = a->kind == NNX_NNEF_VALUE_SCALAR && b->kind == NNX_NNEF_VALUE_SCALAR;
    if (op >= NNX_NNEF_BINARY_LT && op <= NNX_NNEF_BINARY_GE) {
        if (!ints && !reals)
            return nnef_fail(f, e->op_pos, "operator '%s' needs two integers or two scalars",
                             nnx_nnef_binary_op_symbol(op));
        bool r = ints ? compare(op, (double)a->u.integer, (double)b->u.integer) : compare(op, a->u.scalar, b->u.scalar);
        if (ints) /* exact for every int64 pair */
            r = op == NNX_NNEF_BINARY_LT   ? a->u.integer < b->u.integer
                : op == NNX_NNEF_BINARY_LE ? a->u.integer <= b->u.integer
                : op == NNX_NNEF_BINARY_GT ? a->u.integer > b->u.integer
                                           : a->u.integer >= b->u.integer;
        *out = (nnx_nnef_value){.kind = NNX_NNEF_VALUE_LOGICAL, .u.logical = r};
        return NNX_OK;
    }
    if (ints) {
        *out = (nnx_nnef_value){.kind = NNX_NNEF_VALUE_INTEGER};
        return int_arith(f, e, a->u.integer, b->u.integer, &out->u.integer);
    }
    if (reals) {
        *out = (nnx_nnef_value){.kind = NNX_NNEF_VALUE_SCALAR, .u.scalar = scalar_arith(op, a->u.scalar, b->u.scalar)};
        return NNX_OK;
    }
    return sequence_op(f, e, at, a, b, out);
}

static nnx_status eval_binary(nnef_flattener *f, nnef_frame *fr, const nnx_nnef_expr *e, nnx_nnef_value *out)
{
    nnx_nnef_binary_op op = e->u.binary.op;
    nnx_nnef_value a, b;
    nnx_status st = nnef_eval(f, fr, e->u.binary.left, &a);
    if (st != NNX_OK)
        return st;
    bool lazy = (op == NNX_NNEF_BINARY_AND || op == NNX_NNEF_BINARY_OR) && a.kind == NNX_NNEF_VALUE_LOGICAL;
    if (lazy && a.u.logical == (op == NNX_NNEF_BINARY_OR)) {
        *out = a; /* false && _ , true || _ */
        return NNX_OK;
    }
    if ((st = nnef_eval(f, fr, e->u.binary.right, &b)) != NNX_OK)
        return st;
    if (is_tensor(&a) || is_tensor(&b)) {
        const char *fragment = nnx_nnef_binary_op_fragment(op);
        if (!fragment)
            return nnef_fail(f, e->op_pos, "operator '%s' cannot be applied to tensors", nnx_nnef_binary_op_symbol(op));
        return tensor_operator(f, fr, fragment, &a, &b, e->op_pos, out);
    }
    if (lazy) {
        if (b.kind != NNX_NNEF_VALUE_LOGICAL)
            return nnef_fail(f, e->op_pos, "operator '%s' needs logical operands", nnx_nnef_binary_op_symbol(op));
        *out = b;
        return NNX_OK;
    }
    return attribute_binary(f, e, nnef_at(fr, e->op_pos), &a, &b, out);
}

static nnx_status eval_list(nnef_flattener *f, nnef_frame *fr, const nnx_nnef_expr *e, nnx_nnef_value *out)
{
    nnx_status st = new_list(f, nnef_at(fr, e->pos),
                             e->kind == NNX_NNEF_EXPR_ARRAY ? NNX_NNEF_VALUE_ARRAY : NNX_NNEF_VALUE_TUPLE,
                             e->u.list.count, out);
    for (uint32_t i = 0; st == NNX_OK && i < e->u.list.count; i++)
        st = nnef_eval(f, fr, e->u.list.items[i], &out->u.items[i]);
    return st;
}

static nnx_status eval_comprehension(nnef_flattener *f, nnef_frame *fr, const nnx_nnef_expr *e, nnx_nnef_value *out)
{
    uint32_t n_it = e->u.comprehension.iterator_count, length = 0;
    nnx_nnef_value lists[8];
    if (n_it > 8)
        return nnef_fail(f, e->pos, "more than 8 iterators in one comprehension");
    for (uint32_t k = 0; k < n_it; k++) {
        nnx_status st = nnef_eval(f, fr, e->u.comprehension.iterators[k].iterable, &lists[k]);
        if (st != NNX_OK)
            return st;
        if (lists[k].kind != NNX_NNEF_VALUE_ARRAY)
            return nnef_fail(f, e->u.comprehension.iterators[k].iterable->pos,
                             "a comprehension iterates over arrays only");
        if (k && lists[k].count != length)
            return nnef_fail(f, e->u.comprehension.iterators[k].iterable->pos,
                             "iterated arrays have different lengths (%u and %u)", length, lists[k].count);
        length = lists[k].count;
    }
    /* the result's own items are counted at once (its length is the iterables'); the lists
     * its items hold are counted as each is built */
    nnx_status st = new_list(f, nnef_at(fr, e->pos), NNX_NNEF_VALUE_ARRAY, length, out);
    uint32_t kept = 0;
    for (uint32_t i = 0; st == NNX_OK && i < length; i++) {
        for (uint32_t k = 0; st == NNX_OK && k < n_it; k++)
            st = nnef_frame_set(f, fr, e->u.comprehension.iterators[k].name, &lists[k].u.items[i]);
        nnx_nnef_value keep = {.kind = NNX_NNEF_VALUE_LOGICAL, .u.logical = true};
        if (st == NNX_OK && e->u.comprehension.condition)
            st = nnef_eval(f, fr, e->u.comprehension.condition, &keep);
        if (st == NNX_OK && keep.kind != NNX_NNEF_VALUE_LOGICAL)
            st = nnef_fail(f, e->u.comprehension.condition->pos, "a comprehension condition must be logical");
        if (st == NNX_OK && keep.u.logical)
            st = nnef_eval(f, fr, e->u.comprehension.body, &out->u.items[kept++]);
    }
    out->count = kept;
    return st;
}

static nnx_status index_of(nnef_flattener *f, nnef_frame *fr, const nnx_nnef_expr *e, int64_t fallback, int64_t *i)
{
    if (!e) {
        *i = fallback;
        return NNX_OK;
    }
    nnx_nnef_value v;
    nnx_status st = nnef_eval(f, fr, e, &v);
    if (st != NNX_OK)
        return st;
    if (v.kind != NNX_NNEF_VALUE_INTEGER)
        return nnef_fail(f, e->pos, "an index must be an integer");
    if (v.u.integer < 0)
        return nnef_fail(f, e->pos, "negative index %lld", (long long)v.u.integer);
    *i = v.u.integer;
    return NNX_OK;
}

static nnx_status eval_subscript(nnef_flattener *f, nnef_frame *fr, const nnx_nnef_expr *e, nnx_nnef_value *out)
{
    nnx_nnef_value base;
    nnx_status st = nnef_eval(f, fr, e->u.subscript.base, &base);
    if (st != NNX_OK)
        return st;
    bool str = base.kind == NNX_NNEF_VALUE_STRING;
    if (!str && base.kind != NNX_NNEF_VALUE_ARRAY && base.kind != NNX_NNEF_VALUE_TUPLE)
        return nnef_fail(f, e->op_pos, "only arrays, tuples and strings can be subscripted");
    int64_t len = str ? (int64_t)strlen(base.u.string) : base.count, lo, hi;
    if (!e->u.subscript.is_range) {
        if ((st = index_of(f, fr, e->u.subscript.index, 0, &lo)) != NNX_OK)
            return st;
        if (lo >= len)
            return nnef_fail(f, e->u.subscript.index->pos, "index %lld is out of range for length %lld", (long long)lo,
                             (long long)len);
        if (str)
            return new_string(f, nnef_at(fr, e->pos), base.u.string + lo, 1, "", 0, out);
        *out = base.u.items[lo];
        return NNX_OK;
    }
    if ((st = index_of(f, fr, e->u.subscript.begin, 0, &lo)) != NNX_OK ||
        (st = index_of(f, fr, e->u.subscript.end, len, &hi)) != NNX_OK)
        return st;
    if (hi > len)
        hi = len;
    if (lo >= hi)
        lo = hi = 0; /* "the result is the empty array" */
    if (str)
        return new_string(f, nnef_at(fr, e->pos), base.u.string + lo, (size_t)(hi - lo), "", 0, out);
    *out = base;
    out->kind = NNX_NNEF_VALUE_ARRAY;
    out->count = (uint32_t)(hi - lo);
    out->u.items = hi > lo ? base.u.items + lo : NULL;
    return NNX_OK;
}

static nnx_status cast_builtin(nnef_flattener *f, const nnx_nnef_expr *e, nnx_nnef_pos at, const nnx_nnef_value *x,
                               nnx_nnef_value *out)
{
    nnx_nnef_builtin fn = e->u.builtin.fn;
    char text[64];
    switch (x->kind) {
    case NNX_NNEF_VALUE_INTEGER: snprintf(text, sizeof text, "%lld", (long long)x->u.integer); break;
    case NNX_NNEF_VALUE_SCALAR: snprintf(text, sizeof text, "%.9g", x->u.scalar); break;
    case NNX_NNEF_VALUE_LOGICAL: snprintf(text, sizeof text, "%s", x->u.logical ? "true" : "false"); break;
    case NNX_NNEF_VALUE_STRING: break;
    default: return nnef_fail(f, e->pos, "%s() needs a value of primitive type", nnx_nnef_builtin_name(fn));
    }
    const char *s = x->kind == NNX_NNEF_VALUE_STRING ? x->u.string : text;
    char *end = NULL;
    switch (fn) {
    case NNX_NNEF_BUILTIN_INTEGER:
        *out = (nnx_nnef_value){.kind = NNX_NNEF_VALUE_INTEGER};
        if (x->kind == NNX_NNEF_VALUE_SCALAR) {
            double fl = floor(x->u.scalar); /* "the closest smaller integer value" */
            if (!(fl >= -9.2233720368547758e18 && fl < 9.2233720368547758e18))
                return nnef_fail(f, e->pos, "integer() of %g is out of range", x->u.scalar);
            out->u.integer = (int64_t)fl;
        } else if (x->kind == NNX_NNEF_VALUE_LOGICAL)
            out->u.integer = x->u.logical;
        else {
            out->u.integer = strtoll(s, &end, 10);
            if (!*s || *end)
                return nnef_fail(f, e->pos, "integer('%s'): not an integer literal", s);
        }
        return NNX_OK;
    case NNX_NNEF_BUILTIN_SCALAR:
        *out = (nnx_nnef_value){.kind = NNX_NNEF_VALUE_SCALAR};
        if (x->kind == NNX_NNEF_VALUE_LOGICAL)
            out->u.scalar = x->u.logical;
        else if (x->kind == NNX_NNEF_VALUE_INTEGER)
            out->u.scalar = (double)x->u.integer;
        else {
            out->u.scalar = strtod(s, &end);
            if (!*s || *end)
                return nnef_fail(f, e->pos, "scalar('%s'): not a scalar literal", s);
        }
        return NNX_OK;
    case NNX_NNEF_BUILTIN_LOGICAL:
        *out = (nnx_nnef_value){.kind = NNX_NNEF_VALUE_LOGICAL};
        out->u.logical = x->kind == NNX_NNEF_VALUE_INTEGER ? x->u.integer != 0
            : x->kind == NNX_NNEF_VALUE_SCALAR             ? x->u.scalar != 0
            : x->kind == NNX_NNEF_VALUE_STRING             ? s[0] != '\0'
                                                           : x->u.logical;
        return NNX_OK;
    default:
        if (x->kind == NNX_NNEF_VALUE_SCALAR && !strpbrk(text, ".eEn"))
            strcat(text, ".0"); /* NNEF 1.0.2 §3.3.3, decision 29: a scalar's literal always has '.' or 'e' */
        return new_string(f, at, s, strlen(s), "", 0, out);
    }
}

static nnx_status eval_builtin(nnef_flattener *f, nnef_frame *fr, const nnx_nnef_expr *e, nnx_nnef_value *out)
{
    nnx_nnef_value x;
    nnx_status st = nnef_eval(f, fr, e->u.builtin.arg, &x);
    if (st != NNX_OK)
        return st;
    nnx_nnef_builtin fn = e->u.builtin.fn;
    if (fn == NNX_NNEF_BUILTIN_SHAPE_OF)
        return nnx_nnef_error_at(f->err, NNX_ERROR_NOT_SUPPORTED, f->g->filename, e->pos,
                                 "shape_of is deprecated and not supported (NNEF 1.0.1)");
    if (fn == NNX_NNEF_BUILTIN_LENGTH_OF || fn == NNX_NNEF_BUILTIN_RANGE_OF) {
        int64_t n = x.kind == NNX_NNEF_VALUE_ARRAY ? x.count
            : x.kind == NNX_NNEF_VALUE_STRING      ? (int64_t)strlen(x.u.string)
                                                   : -1;
        if (n < 0)
            return nnef_fail(f, e->pos, "%s() needs an array or a string", nnx_nnef_builtin_name(fn));
        if (fn == NNX_NNEF_BUILTIN_LENGTH_OF) {
            *out = (nnx_nnef_value){.kind = NNX_NNEF_VALUE_INTEGER, .u.integer = n};
            return NNX_OK;
        }
        st = new_list(f, nnef_at(fr, e->pos), NNX_NNEF_VALUE_ARRAY, (uint32_t)n, out);
        for (uint32_t i = 0; st == NNX_OK && i < (uint32_t)n; i++)
            out->u.items[i] = (nnx_nnef_value){.kind = NNX_NNEF_VALUE_INTEGER, .u.integer = i};
        return st;
    }
    return cast_builtin(f, e, nnef_at(fr, e->pos), &x, out);
}

static nnx_status eval_invocation(nnef_flattener *f, nnef_frame *fr, const nnx_nnef_expr *e, nnx_nnef_value *out)
{
    uint32_t n = e->u.invocation.arg_count;
    if (n > 64)
        return nnef_fail(f, e->pos, "more than 64 arguments");
    /* this frame recurses once per nested invocation: a few arguments on the stack, more on
     * the heap (issue 27: loading works on a 256 KiB thread stack) */
    nnef_call_arg small[NNEF_SMALL_ARGS], *args = small;
    if (n > NNEF_SMALL_ARGS && !(args = nnx_mem_alloc(f->g->alloc, n * sizeof *args)))
        return nnef_oom(f);
    nnx_status st = NNX_OK;
    for (uint32_t i = 0; i < n && st == NNX_OK; i++) {
        const nnx_nnef_argument *a = &e->u.invocation.args[i];
        args[i] = (nnef_call_arg){a->name, {0}, a->pos};
        st = nnef_eval(f, fr, a->value, &args[i].value);
    }
    nnx_nnef_value results[8];
    uint32_t n_out = 0;
    if (st == NNX_OK)
        st = nnef_invoke(f, fr, e->u.invocation.name, e->u.invocation.generic, args, n, NULL, e->pos, results, &n_out);
    if (args != small)
        nnx_mem_free(f->g->alloc, args);
    if (st != NNX_OK)
        return st;
    if (n_out != 1)
        return nnef_fail(f, e->pos, "'%s' has %u results: only an operation with one result can be chained",
                         e->u.invocation.name, n_out);
    *out = results[0];
    return NNX_OK;
}

/* An expression with operands, one level deeper (flatten.h, max_depth). */
static nnx_status eval_compound(nnef_flattener *f, nnef_frame *fr, const nnx_nnef_expr *e, nnx_nnef_value *out)
{
    switch (e->kind) {
    case NNX_NNEF_EXPR_ARRAY:
    case NNX_NNEF_EXPR_TUPLE: return eval_list(f, fr, e, out);
    case NNX_NNEF_EXPR_UNARY: return eval_unary(f, fr, e, out);
    case NNX_NNEF_EXPR_BINARY: return eval_binary(f, fr, e, out);
    case NNX_NNEF_EXPR_IF_ELSE: {
        nnx_nnef_value c;
        nnx_status st = nnef_eval(f, fr, e->u.if_else.condition, &c);
        if (st != NNX_OK)
            return st;
        if (c.kind != NNX_NNEF_VALUE_LOGICAL)
            return nnef_fail(f, e->u.if_else.condition->pos, "an if condition must be logical");
        return nnef_eval(f, fr, c.u.logical ? e->u.if_else.then_value : e->u.if_else.else_value, out);
    }
    case NNX_NNEF_EXPR_COMPREHENSION: return eval_comprehension(f, fr, e, out);
    case NNX_NNEF_EXPR_SUBSCRIPT: return eval_subscript(f, fr, e, out);
    case NNX_NNEF_EXPR_BUILTIN: return eval_builtin(f, fr, e, out);
    case NNX_NNEF_EXPR_INVOCATION: return eval_invocation(f, fr, e, out);
    default: return nnef_fail(f, e->pos, "unexpected expression");
    }
}

nnx_status nnef_eval(nnef_flattener *f, nnef_frame *fr, const nnx_nnef_expr *e, nnx_nnef_value *out)
{
    memset(out, 0, sizeof *out);
    switch (e->kind) {
    case NNX_NNEF_EXPR_INTEGER:
        out->kind = NNX_NNEF_VALUE_INTEGER;
        out->u.integer = e->u.integer;
        return NNX_OK;
    case NNX_NNEF_EXPR_SCALAR:
        out->kind = NNX_NNEF_VALUE_SCALAR;
        out->u.scalar = e->u.scalar;
        return NNX_OK;
    case NNX_NNEF_EXPR_LOGICAL:
        out->kind = NNX_NNEF_VALUE_LOGICAL;
        out->u.logical = e->u.logical;
        return NNX_OK;
    case NNX_NNEF_EXPR_STRING:
        out->kind = NNX_NNEF_VALUE_STRING;
        out->u.string = e->u.string.chars;
        return NNX_OK;
    case NNX_NNEF_EXPR_IDENTIFIER: {
        const nnx_nnef_value *v = nnef_frame_get(fr, e->u.identifier);
        if (!v)
            return nnef_fail(f, e->pos, "'%s' is not defined here", e->u.identifier);
        *out = *v;
        return NNX_OK;
    }
    default: {
        if (f->depth >= f->opts.max_depth)
            return nnef_limit(f, NNX_LIMIT_DEPTH, nnef_at(fr, e->pos),
                              "fragments and expressions nest more than %u levels deep here", f->opts.max_depth);
        f->depth++;
        nnx_status st = eval_compound(f, fr, e, out);
        f->depth--;
        return st;
    }
    }
}
