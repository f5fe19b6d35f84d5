/* tfile_cases.h — hand-assembled .tosa files (tfile_asm.h), slot by slot from the schema:
 * (a) main with two inputs, ADD, one output; (b) CONST with INT4 data of odd count and INT48
 * data, plus a TosaShape; (c) COND_IF with then/else blocks; (d) version 1.1.0 draft with a
 * SoftwareVersion; (e) CONV2D with Conv2dAttribute, CLAMP with min_val/max_val. fa_marks
 * keeps the positions of a few objects for the error tests to corrupt. */
#ifndef NNX_TESTS_TFILE_CASES_H
#define NNX_TESTS_TFILE_CASES_H

#include "tfile_asm.h"

#include <stdbool.h>

typedef struct fa_marks {
    size_t graph, block, block_name, op, op_tag, op_attr_ref, op_inputs, tensor0, shape_rank;
} fa_marks;

static fa_marks marks;

typedef struct t_tensor {
    const char *name;
    int rank; /* -1: no shape field */
    int32_t shape[4];
    uint32_t type;
    const uint8_t *data;
    uint32_t dsize;
    bool variable;
} t_tensor;

typedef void (*t_attr_fn)(fa *f, size_t at); /* builds the member table, links it at at */

typedef struct t_op {
    uint32_t op;
    uint8_t tag;
    t_attr_fn attr;
    const char *in[4];
    uint32_t n_in;
    const char *out[2];
    uint32_t n_out;
    const char *location;
} t_op;

static void empty_attr(fa *f, size_t at) { fa_link(f, at, fa_table(f, 0, NULL, NULL)); }

static size_t t_tensor_table(fa *f, const t_tensor *x)
{
    size_t p[9] = {0};
    fa_field list[8];
    unsigned n = 0;
    list[n++] = (fa_field){0, 4, 0};
    if (x->rank >= 0)
        list[n++] = (fa_field){1, 4, 0};
    list[n++] = (fa_field){2, 4, x->type};
    if (x->data)
        list[n++] = (fa_field){3, 4, 0};
    if (x->variable)
        list[n++] = (fa_field){4, 1, 1};
    list[n] = (fa_field){0, 0, 0};
    size_t t = fa_table(f, 6, list, p);
    fa_link(f, p[0], fa_string(f, x->name));
    if (x->rank >= 0)
        fa_link(f, p[1], fa_ints(f, x->shape, (uint32_t)x->rank));
    if (x->data)
        fa_link(f, p[3], fa_bytes(f, x->data, x->dsize));
    return t;
}

static size_t t_op_table(fa *f, const t_op *o)
{
    size_t p[6] = {0};
    size_t t = fa_table(f, 6,
                        o->location
                            ? FA_FIELDS({0, 4, o->op}, {1, 1, o->tag}, {2, 4, 0}, {3, 4, 0}, {4, 4, 0}, {5, 4, 0})
                            : FA_FIELDS({0, 4, o->op}, {1, 1, o->tag}, {2, 4, 0}, {3, 4, 0}, {4, 4, 0}),
                        p);
    if (!marks.op) {
        marks.op = t;
        marks.op_tag = p[1];
        marks.op_attr_ref = p[2];
    }
    (o->attr ? o->attr : empty_attr)(f, p[2]);
    fa_strings(f, p[3], o->in, o->n_in);
    if (!marks.op_inputs)
        marks.op_inputs = fa_target(f, p[3]);
    fa_strings(f, p[4], o->out, o->n_out);
    if (o->location) {
        size_t q[1];
        fa_link(f, p[5], fa_table(f, 1, FA_FIELDS({0, 4, 0}), q));
        fa_link(f, q[0], fa_string(f, o->location));
    }
    return t;
}

/* A TosaBasicBlock linked at at. */
static void t_block(fa *f, size_t at, const char *name, const t_op *ops, uint32_t n_ops, const t_tensor *ts,
                    uint32_t n_ts, const char *const *in, uint32_t n_in, const char *const *out, uint32_t n_out,
                    bool with_shape)
{
    size_t p[6] = {0};
    size_t t = fa_table(f, 6,
                        with_shape ? FA_FIELDS({0, 4, 0}, {1, 4, 0}, {2, 4, 0}, {3, 4, 0}, {4, 4, 0}, {5, 4, 0})
                                   : FA_FIELDS({0, 4, 0}, {1, 4, 0}, {2, 4, 0}, {3, 4, 0}, {4, 4, 0}),
                        p);
    fa_link(f, at, t);
    if (!marks.block)
        marks.block = t;
    size_t s = fa_string(f, name);
    fa_link(f, p[0], s);
    if (!marks.block_name)
        marks.block_name = s;
    size_t v = fa_refs(f, n_ops);
    fa_link(f, p[1], v);
    for (uint32_t i = 0; i < n_ops; i++)
        fa_link(f, v + 4 + 4 * i, t_op_table(f, &ops[i]));
    v = fa_refs(f, n_ts);
    fa_link(f, p[2], v);
    for (uint32_t i = 0; i < n_ts; i++) {
        size_t x = t_tensor_table(f, &ts[i]);
        if (!marks.tensor0)
            marks.tensor0 = x;
        fa_link(f, v + 4 + 4 * i, x);
    }
    fa_strings(f, p[3], in, n_in);
    fa_strings(f, p[4], out, n_out);
    if (with_shape) { /* TosaShape "sh": rank 2, values 3 and -1 as int64 */
        static const uint8_t data[16] = {3, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff};
        size_t q[3];
        v = fa_refs(f, 1);
        fa_link(f, p[5], v);
        fa_link(f, v + 4, fa_table(f, 3, FA_FIELDS({0, 4, 0}, {1, 4, 2}, {2, 4, 0}), q));
        marks.shape_rank = q[1];
        fa_link(f, q[0], fa_string(f, "sh"));
        fa_link(f, q[2], fa_bytes(f, data, 16));
    }
}

/* TosaGraph with Version major.minor.patch/draft and one region "main"; returns the
 * position of the region's blocks vector (n_blocks slots to fill). */
static size_t t_graph(fa *f, int32_t major, int32_t minor, int32_t patch, bool draft, uint32_t n_blocks, bool sw)
{
    fa_start(f, "TOSA");
    marks = (fa_marks){0};
    size_t g[3];
    size_t t = sw ? fa_table(f, 3, FA_FIELDS({0, 4, 0}, {1, 4, 0}, {2, 4, 0}), g)
                  : fa_table(f, 3, FA_FIELDS({0, 4, 0}, {1, 4, 0}), g);
    marks.graph = t;
    fa_link(f, 0, t);
    fa_link(
        f, g[0],
        fa_table(f, 4,
                 FA_FIELDS({0, 4, (uint32_t)major}, {1, 4, (uint32_t)minor}, {2, 4, (uint32_t)patch}, {3, 1, draft}),
                 NULL));
    if (sw) { /* SoftwareVersion 1.1.0 "dev" */
        size_t q[4];
        fa_link(f, g[2], fa_table(f, 4, FA_FIELDS({0, 4, 1}, {1, 4, 1}, {2, 4, 0}, {3, 4, 0}), q));
        fa_link(f, q[3], fa_string(f, "dev"));
    }
    size_t v = fa_refs(f, 1);
    fa_link(f, g[1], v);
    size_t r[2];
    fa_link(f, v + 4, fa_table(f, 2, FA_FIELDS({0, 4, 0}, {1, 4, 0}), r));
    fa_link(f, r[0], fa_string(f, "main"));
    v = fa_refs(f, n_blocks);
    fa_link(f, r[1], v);
    return v;
}

/* (a) main: a, b INT32 [2] inputs; c = ADD(a, b) output. Version 1.0.0, not a draft. */
static inline void case_add(fa *f)
{
    size_t v = t_graph(f, 1, 0, 0, false, 1, false);
    static const t_tensor ts[] = {
        {"a", 1, {2}, 5, NULL, 0, false}, {"b", 1, {2}, 5, NULL, 0, false}, {"c", 1, {2}, 5, NULL, 0, false}};
    t_op add = {15, 15, NULL, {"a", "b"}, 2, {"c"}, 1, "add.py:3"};
    static const char *const in[] = {"a", "b"}, *const out[] = {"c"};
    t_block(f, v + 4, "main", &add, 1, ts, 3, in, 2, out, 1, false);
}

/* (b) CONST giving q: INT4 [5] = 1, -2, 7, -8, -1; CONST giving w: INT48 [2] = -2, 2^40;
 * y = ADD(q, w) ... (types need not agree here), and TosaShape "sh". */
static const uint8_t int4_data[3] = {0xE1, 0x87, 0x0F};
static const uint8_t int48_data[12] = {0xFE, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0, 0, 0, 0x01};

static inline void case_const(fa *f)
{
    size_t v = t_graph(f, 1, 0, 1, true, 1, false);
    static const t_tensor ts[] = {{"q", 1, {5}, 2, int4_data, 3, false}, {"w", 1, {2}, 6, int48_data, 12, false}};
    t_op ops[] = {{67, 67, NULL, {0}, 0, {"q"}, 1, NULL}, {67, 67, NULL, {0}, 0, {"w"}, 1, NULL}};
    static const char *const out[] = {"q", "w"};
    t_block(f, v + 4, "main", ops, 2, ts, 2, NULL, 0, out, 2, true);
}

static void cond_attr(fa *f, size_t at)
{
    size_t p[2];
    fa_link(f, at, fa_table(f, 2, FA_FIELDS({0, 4, 0}, {1, 4, 0}), p));
    fa_link(f, p[0], fa_string(f, "then_b"));
    fa_link(f, p[1], fa_string(f, "else_b"));
}

/* (c) main: y = COND_IF(c, x) then_b: y = IDENTITY(x), else_b: y = NEGATE(x) (its zero
 * points omitted). */
static inline void case_cond_if(fa *f)
{
    size_t v = t_graph(f, 1, 0, 0, false, 3, false);
    static const t_tensor main_ts[] = {
        {"c", 0, {0}, 1, NULL, 0, false}, {"x", 1, {4}, 7, NULL, 0, false}, {"y", 1, {4}, 7, NULL, 0, false}};
    t_op cif = {70, 70, cond_attr, {"c", "x"}, 2, {"y"}, 1, NULL};
    static const char *const in[] = {"c", "x"}, *const out[] = {"y"};
    t_block(f, v + 4, "main", &cif, 1, main_ts, 3, in, 2, out, 1, false);
    static const t_tensor br_ts[] = {{"x", 1, {4}, 7, NULL, 0, false}, {"y", 1, {4}, 7, NULL, 0, false}};
    static const char *const bin[] = {"x"}, *const bout[] = {"y"};
    t_op id = {68, 68, NULL, {"x"}, 1, {"y"}, 1, NULL};
    t_block(f, v + 8, "then_b", &id, 1, br_ts, 2, bin, 1, bout, 1, false);
    t_op neg = {41, 41, NULL, {"x"}, 1, {"y"}, 1, NULL};
    t_block(f, v + 12, "else_b", &neg, 1, br_ts, 2, bin, 1, bout, 1, false);
}

/* (d) version 1.1.0 draft, SoftwareVersion 1.1.0 "dev"; a 1.1 operator (DIM, axis 1) and a
 * 1.1 type (INT64) are read and kept. */
static void dim_attr(fa *f, size_t at) { fa_link(f, at, fa_table(f, 1, FA_FIELDS({0, 4, 1}), NULL)); }

static inline void case_v11(fa *f)
{
    size_t v = t_graph(f, 1, 1, 0, true, 1, true);
    static const t_tensor ts[] = {{"x", 2, {2, 3}, 17, NULL, 0, false}, {"d", 1, {1}, 10, NULL, 0, false}};
    t_op dim = {79, 79, dim_attr, {"x"}, 1, {"d"}, 1, NULL};
    static const char *const in[] = {"x"}, *const out[] = {"d"};
    t_block(f, v + 4, "main", &dim, 1, ts, 2, in, 1, out, 1, false);
}

static void conv_attr(fa *f, size_t at)
{
    static const int32_t pad[] = {1, 1, 2, 2}, stride[] = {2, 1}, dil[] = {1, 3};
    size_t p[5];
    fa_link(f, at, fa_table(f, 5, FA_FIELDS({0, 4, 0}, {1, 4, 0}, {2, 4, 0}, {3, 1, 1}, {4, 4, 7}), p));
    fa_link(f, p[0], fa_ints(f, pad, 4));
    fa_link(f, p[1], fa_ints(f, stride, 2));
    fa_link(f, p[2], fa_ints(f, dil, 2));
}

static void clamp_attr(fa *f, size_t at)
{
    static const uint8_t lo[] = {0x00, 0x00, 0x80, 0xBF}, hi[] = {0x00, 0x00, 0xC0, 0x40}; /* -1.0f, 6.0f */
    size_t p[3];
    fa_link(f, at, fa_table(f, 3, FA_FIELDS({0, 4, 0}, {1, 4, 0}, {2, 4, 2}), p));
    fa_link(f, p[0], fa_bytes(f, lo, 4));
    fa_link(f, p[1], fa_bytes(f, hi, 4));
}

/* (e) y = CONV2D(x, w, b, xzp, wzp) then z = CLAMP(y) with min -1.0, max 6.0, IGNORE. */
static const uint8_t conv_w[8] = {0, 0, 0x80, 0x3F, 0, 0, 0, 0x40}; /* 1.0f, 2.0f */
static inline void case_conv_clamp(fa *f)
{
    size_t v = t_graph(f, 1, 0, 0, false, 1, false);
    static const t_tensor ts[] = {{"x", 4, {1, 4, 4, 1}, 7, NULL, 0, false},
                                  {"w", 4, {2, 1, 1, 1}, 7, conv_w, 8, false},
                                  {"y", 4, {1, 2, 2, 2}, 7, NULL, 0, false},
                                  {"z", 4, {1, 2, 2, 2}, 7, NULL, 0, false}};
    t_op ops[] = {{3, 3, conv_attr, {"x", "w", "b", "xzp"}, 4, {"y"}, 1, NULL},
                  {11, 11, clamp_attr, {"y"}, 1, {"z"}, 1, NULL}};
    static const char *const in[] = {"x"}, *const out[] = {"z"};
    t_block(f, v + 4, "main", ops, 2, ts, 4, in, 1, out, 1, false);
}

#endif
