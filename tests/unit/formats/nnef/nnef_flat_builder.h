/* nnef_flat_builder.h — test helper: builds flat NNEF graphs (formats/nnef/flat.h) directly,
 * without the parser or the flattener: tensors, externals, and ops with named arguments and
 * results, each op at a known source position. Include after <cmocka.h>; every allocation
 * failure fails the running test. */
#ifndef NNX_TESTS_NNEF_FLAT_BUILDER_H
#define NNX_TESTS_NNEF_FLAT_BUILDER_H

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "formats/nnef/flatten/flat.h"

typedef struct fb {
    nnx_alloc alloc; /* g.alloc points here: a builder must not be moved */
    nnx_nnef_flat g;
    nnx_nnef_pos next; /* position of the next op if line != 0 (one-shot); else (index + 1, 1) */
} fb;

static void fb_init(fb *b, const nnx_allocator *hook, const char *filename)
{
    memset(b, 0, sizeof *b);
    nnx_allocator none = {0};
    assert_true(nnx_alloc_init(&b->alloc, hook ? hook : &none));
    nnx_nnef_flat_init(&b->g, &b->alloc, filename);
}

static void fb_free(fb *b) { nnx_nnef_flat_free(&b->g); }

/* The next op is reported at line:col. */
static void fb_at(fb *b, uint32_t line, uint32_t col) { b->next = (nnx_nnef_pos){line, col}; }

static void *fb_mem(fb *b, size_t count, size_t size)
{
    void *p = nnx_arena_array(&b->g.arena, count ? count : 1, size);
    assert_non_null(p);
    return p;
}

/* ---- values --------------------------------------------------------------------------- */

#define FB_N(type, ...) ((uint32_t)(sizeof((type[]){__VA_ARGS__}) / sizeof(type)))
#define FB_INTS(b, ...) fb_ints(b, (const int64_t[]){__VA_ARGS__}, FB_N(int64_t, __VA_ARGS__))
#define FB_PADS(b, ...) fb_pairs(b, (const int64_t[]){__VA_ARGS__}, FB_N(int64_t, __VA_ARGS__) / 2)
#define FB_TENS(b, ...) fb_tens(b, (const uint32_t[]){__VA_ARGS__}, FB_N(uint32_t, __VA_ARGS__))
#define FB_EMPTY ((nnx_nnef_value){.kind = NNX_NNEF_VALUE_ARRAY})

static nnx_nnef_value fb_int(int64_t v) { return (nnx_nnef_value){.kind = NNX_NNEF_VALUE_INTEGER, .u.integer = v}; }
static nnx_nnef_value fb_real(double v) { return (nnx_nnef_value){.kind = NNX_NNEF_VALUE_SCALAR, .u.scalar = v}; }
static nnx_nnef_value fb_bool(bool v) { return (nnx_nnef_value){.kind = NNX_NNEF_VALUE_LOGICAL, .u.logical = v}; }
static nnx_nnef_value fb_str(const char *s) { return (nnx_nnef_value){.kind = NNX_NNEF_VALUE_STRING, .u.string = s}; }
static nnx_nnef_value fb_ten(uint32_t t) { return (nnx_nnef_value){.kind = NNX_NNEF_VALUE_TENSOR, .u.tensor = t}; }

static nnx_nnef_value fb_array(fb *b, uint32_t n)
{
    nnx_nnef_value v = {.kind = NNX_NNEF_VALUE_ARRAY, .count = n};
    v.u.items = fb_mem(b, n, sizeof *v.u.items);
    return v;
}

static nnx_nnef_value fb_ints(fb *b, const int64_t *items, uint32_t n)
{
    nnx_nnef_value v = fb_array(b, n);
    for (uint32_t i = 0; i < n; i++)
        v.u.items[i] = fb_int(items[i]);
    return v;
}

/* n (before, after) pairs from 2n integers. */
static nnx_nnef_value fb_pairs(fb *b, const int64_t *items, uint32_t n)
{
    nnx_nnef_value v = fb_array(b, n);
    for (uint32_t i = 0; i < n; i++) {
        v.u.items[i] = (nnx_nnef_value){.kind = NNX_NNEF_VALUE_TUPLE, .count = 2};
        v.u.items[i].u.items = fb_mem(b, 2, sizeof(nnx_nnef_value));
        v.u.items[i].u.items[0] = fb_int(items[2 * i]);
        v.u.items[i].u.items[1] = fb_int(items[2 * i + 1]);
    }
    return v;
}

static nnx_nnef_value fb_tens(fb *b, const uint32_t *t, uint32_t n)
{
    nnx_nnef_value v = fb_array(b, n);
    for (uint32_t i = 0; i < n; i++)
        v.u.items[i] = fb_ten(t[i]);
    return v;
}

/* ---- tensors and ops ------------------------------------------------------------------ */

static uint32_t fb_tensor(fb *b, const char *name, uint32_t producer)
{
    char gen[32];
    snprintf(gen, sizeof gen, "t_%u", b->g.n_tensors);
    nnx_nnef_flat_tensor t = {.dtype = NNX_NNEF_TYPE_SCALAR, .producer = producer};
    t.name = nnx_arena_strdup(&b->g.arena, name ? name : gen);
    assert_non_null(t.name);
    uint32_t index;
    assert_int_equal(nnx_nnef_flat_add_tensor(&b->g, &t, &index), NNX_OK);
    return index;
}

/* Adds op `name`. Arguments come from ap as (const char *, nnx_nnef_value) pairs ending
 * with a NULL name. The result `res` is one new tensor (outs == NULL, index returned) or an
 * array of n_array new tensors (indices into outs). */
static uint32_t fb_opv(fb *b, const char *name, const char *res, uint32_t n_array, uint32_t *outs, va_list ap)
{
    nnx_nnef_flat_op op = {.name = name, .n_results = 1};
    uint32_t index = b->g.n_ops, n = 0;
    nnx_nnef_arg args[32];
    for (const char *arg = va_arg(ap, const char *); arg; arg = va_arg(ap, const char *)) {
        assert_true(n < 32);
        args[n].name = arg;
        args[n++].value = va_arg(ap, nnx_nnef_value);
    }
    op.args = fb_mem(b, n, sizeof *op.args);
    memcpy(op.args, args, n * sizeof *args);
    op.n_args = n;
    op.results = fb_mem(b, 1, sizeof *op.results);
    op.results[0].name = res;
    uint32_t single = 0;
    if (!outs) {
        single = fb_tensor(b, NULL, index);
        op.results[0].value = fb_ten(single);
    } else {
        op.results[0].value = fb_array(b, n_array);
        for (uint32_t i = 0; i < n_array; i++) {
            outs[i] = fb_tensor(b, NULL, index);
            op.results[0].value.u.items[i] = fb_ten(outs[i]);
        }
    }
    op.pos = b->next.line ? b->next : (nnx_nnef_pos){index + 1, 1};
    b->next = (nnx_nnef_pos){0, 0};
    assert_int_equal(nnx_nnef_flat_add_op(&b->g, &op, &index), NNX_OK);
    return single;
}

/* One tensor result: fb_op(b, "add", "z", "x", fb_ten(x), "y", fb_ten(y), NULL). */
static uint32_t fb_op(fb *b, const char *name, const char *res, ...)
{
    va_list ap;
    va_start(ap, res);
    uint32_t t = fb_opv(b, name, res, 0, NULL, ap);
    va_end(ap);
    return t;
}

/* An array result of n tensors, written to outs. */
static void fb_op_array(fb *b, const char *name, const char *res, uint32_t n, uint32_t *outs, ...)
{
    va_list ap;
    va_start(ap, outs);
    fb_opv(b, name, res, n, outs, ap);
    va_end(ap);
}

/* A graph input: external(shape) whose output is named `name` and listed in g.inputs. */
static uint32_t fb_external(fb *b, const char *name, const int64_t *shape, uint32_t rank)
{
    uint32_t t = fb_op(b, "external", "output", "shape", fb_ints(b, shape, rank), NULL);
    b->g.tensors[t].name = nnx_arena_strdup(&b->g.arena, name);
    assert_non_null(b->g.tensors[t].name);
    uint32_t *inputs = fb_mem(b, b->g.n_inputs + 1, sizeof *inputs);
    if (b->g.n_inputs)
        memcpy(inputs, b->g.inputs, b->g.n_inputs * sizeof *inputs);
    inputs[b->g.n_inputs++] = t;
    b->g.inputs = inputs;
    return t;
}

static uint32_t fb_variable(fb *b, const char *label, const int64_t *shape, uint32_t rank)
{
    return fb_op(b, "variable", "output", "shape", fb_ints(b, shape, rank), "label", fb_str(label), NULL);
}

#endif
