/* test_tosa_from_ir_ops.c — every TOSA 1.0 operator the builder lowers (but control flow,
 * variables and CUSTOM) written back by nnx_tfile_from_ir: one graph holds them all (float32,
 * int8, int32, bool); the file's operators, CONST and CONST_SHAPE aside, are the builder's
 * calls in order (GATHER's and SCATTER's core index pattern not written), and the graph
 * built again from the file gives the same bytes. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp (tosa_replay.h) */

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/objects.h"
#include "base/alloc.h"
#include "formats/tosa/tosa_from_ir.h"
#include "tosa_replay.h"

#include "../../common/counting_alloc.h"

typedef struct rec {
    nnx_context *ctx;
    nnx_builder *b;
    nnx_tosa *t;
    uint32_t want[160], n_want;
    nnx_named_operand outs[128];
    char names[128][8];
    uint32_t n_outs;
} rec;

static nnx_operand *k(rec *r, nnx_dtype dt, uint32_t rank, const uint32_t *shape, const void *data)
{
    nnx_tosa_attrs a = {.desc = {dt, rank, {0}}, .values = data};
    size_t n = nnx_dtype_size(dt);
    for (uint32_t i = 0; i < rank; i++) {
        a.desc.shape[i] = shape[i];
        n *= shape[i];
    }
    a.values_size = n;
    nnx_operand *out = NULL;
    assert_int_equal(nnx_tosa_add(r->t, NNX_TOSA_CONST, NULL, 0, &a, &out, 1), 1);
    return out;
}

static nnx_operand *shape(rec *r, const int64_t *v, uint32_t n)
{
    nnx_tosa_attrs a = {.shape_values = v, .shape_values_count = n};
    nnx_operand *out = NULL;
    assert_int_equal(nnx_tosa_add(r->t, NNX_TOSA_CONST_SHAPE, NULL, 0, &a, &out, 1), 1);
    return out;
}

static void output(rec *r, nnx_operand *x)
{
    assert_true(r->n_outs < 128);
    snprintf(r->names[r->n_outs], sizeof r->names[0], "o%u", r->n_outs);
    r->outs[r->n_outs] = (nnx_named_operand){r->names[r->n_outs], x};
    r->n_outs++;
}

/* Adds op, records it as expected, makes its outputs graph outputs; returns output 0. */
static nnx_operand *op(rec *r, nnx_tosa_op o, nnx_operand *const *in, uint32_t n, const nnx_tosa_attrs *a,
                       uint32_t n_out)
{
    nnx_operand *out[2] = {NULL, NULL};
    if (nnx_tosa_add(r->t, o, in, n, a, out, n_out) != n_out)
        fail_msg("%s: %s", nnx_tosa_op_name(o), nnx_builder_error(r->b));
    r->want[r->n_want++] = (uint32_t)o;
    for (uint32_t i = 0; i < n_out; i++)
        output(r, out[i]);
    return out[0];
}

static const int64_t zero64 = 0;

static void build(rec *r)
{
    assert_int_equal(nnx_context_create(&(nnx_context_options){.threads = 1}, &r->ctx), NNX_OK);
    assert_int_equal(nnx_builder_create(r->ctx, &r->b), NNX_OK);
    r->t = nnx_tosa_begin(r->b, NULL);
    assert_non_null(r->t);
    uint32_t one[1] = {1};
    float f0 = 0, fw[8] = {0.5f, -1, 2, 0.25f, 1, -0.5f, 3, 1.5f}, fb[3] = {0.1f, 0.2f, -0.3f};
    int8_t i8z = 0, i8s = 1, table[256];
    int32_t i32z = 0, sh[4] = {1, 2, 3, 4}, idx[3] = {3, 0, 2}, sidx[2] = {1, 3};
    for (int i = 0; i < 256; i++)
        table[i] = (int8_t)(i / 2 - 64);
    nnx_operand_desc xd = {NNX_FLOAT32, 4, {1, 4, 4, 2}}, vd3 = {NNX_FLOAT32, 3, {1, 4, 2}};
    nnx_operand_desc id = {NNX_INT32, 2, {1, 4}}, bd = {NNX_BOOL, 2, {1, 4}}, i8d = {NNX_INT8, 2, {1, 4}};
    nnx_operand_desc fd = {NNX_FLOAT32, 3, {1, 4, 4}}, ad = {NNX_FLOAT32, 3, {1, 2, 3}};
    nnx_operand *x = nnx_builder_input(r->b, "x", &xd), *v = nnx_builder_input(r->b, "v", &vd3);
    nnx_operand *ii = nnx_builder_input(r->b, "i", &id), *bb = nnx_builder_input(r->b, "b", &bd);
    nnx_operand *q = nnx_builder_input(r->b, "q", &i8d), *fr = nnx_builder_input(r->b, "fr", &fd);
    nnx_operand *fi = nnx_builder_input(r->b, "fi", &fd), *am = nnx_builder_input(r->b, "a", &ad);
    nnx_operand *fz = k(r, NNX_FLOAT32, 1, one, &f0);
    /* pools and convolutions */
    nnx_tosa_attrs pool = {.kernel = {2, 2}, .stride = {2, 2}};
    op(r, NNX_TOSA_AVG_POOL2D, (nnx_operand *[]){x, fz, fz}, 3, &pool, 1);
    op(r, NNX_TOSA_MAX_POOL2D, &x, 1, &(nnx_tosa_attrs){.kernel = {2, 2}, .stride = {1, 1}, .pad = {0, 1, 1, 0}}, 1);
    nnx_operand *dw = k(r, NNX_FLOAT32, 4, (uint32_t[]){1, 1, 2, 1}, fw),
                *db = k(r, NNX_FLOAT32, 1, (uint32_t[]){2}, fb);
    nnx_tosa_attrs conv = {.stride = {1, 1}, .dilation = {1, 1}, .pad = {1, 0, 0, 1}};
    op(r, NNX_TOSA_DEPTHWISE_CONV2D, (nnx_operand *[]){x, dw, db, fz, fz}, 5, &conv, 1);
    nnx_operand *cw = k(r, NNX_FLOAT32, 4, (uint32_t[]){3, 1, 1, 2}, fw),
                *cb = k(r, NNX_FLOAT32, 1, (uint32_t[]){3}, fb);
    op(r, NNX_TOSA_CONV2D, (nnx_operand *[]){x, cw, cb, fz, fz}, 5,
       &(nnx_tosa_attrs){.stride = {2, 1}, .dilation = {1, 1}, .pad = {0, 1, 0, 0}}, 1);
    op(r, NNX_TOSA_TRANSPOSE_CONV2D, (nnx_operand *[]){x, cw, cb, fz, fz}, 5, &(nnx_tosa_attrs){.stride = {1, 2}}, 1);
    nnx_operand *mb = k(r, NNX_FLOAT32, 3, (uint32_t[]){1, 3, 2}, fw);
    op(r, NNX_TOSA_MATMUL, (nnx_operand *[]){am, mb, fz, fz}, 4, NULL, 1);
    const int64_t sc[4] = {2, 1, 2, 1}, zz[2] = {0, 0};
    op(r, NNX_TOSA_RESIZE, (nnx_operand *[]){x, shape(r, sc, 4), shape(r, zz, 2), shape(r, zz, 2)}, 4,
       &(nnx_tosa_attrs){.mode = NNX_TOSA_MODE_BILINEAR}, 1);
    op(r, NNX_TOSA_ARGMAX, &x, 1, &(nnx_tosa_attrs){.axis = 3}, 1);
    op(r, NNX_TOSA_FFT2D, (nnx_operand *[]){fr, fi}, 2, &(nnx_tosa_attrs){.inverse = true}, 2);
    op(r, NNX_TOSA_RFFT2D, &fr, 1, NULL, 2);
    /* reductions */
    op(r, NNX_TOSA_REDUCE_SUM, &x, 1, &(nnx_tosa_attrs){.axis = 2}, 1);
    op(r, NNX_TOSA_REDUCE_MAX, &x, 1, &(nnx_tosa_attrs){.axis = 1, .nan_mode = NNX_TOSA_NAN_IGNORE}, 1);
    op(r, NNX_TOSA_REDUCE_MIN, &x, 1, &(nnx_tosa_attrs){.axis = 3}, 1);
    op(r, NNX_TOSA_REDUCE_PRODUCT, &x, 1, &(nnx_tosa_attrs){.axis = 0}, 1);
    op(r, NNX_TOSA_REDUCE_ALL, &bb, 1, &(nnx_tosa_attrs){.axis = 1}, 1);
    op(r, NNX_TOSA_REDUCE_ANY, &bb, 1, &(nnx_tosa_attrs){.axis = 1}, 1);
    /* data layout */
    const int64_t padv[8] = {0, 0, 1, 0, 0, 2, 0, 0}, st[4] = {0, 1, 1, 0}, sz[4] = {1, 2, 3, 2};
    const int64_t mult[4] = {1, 1, 1, 2}, rs[2] = {8, 4};
    op(r, NNX_TOSA_PAD, (nnx_operand *[]){x, shape(r, padv, 8), k(r, NNX_FLOAT32, 1, one, &fw[2])}, 3, NULL, 1);
    op(r, NNX_TOSA_SLICE, (nnx_operand *[]){x, shape(r, st, 4), shape(r, sz, 4)}, 3, NULL, 1);
    op(r, NNX_TOSA_TILE, (nnx_operand *[]){x, shape(r, mult, 4)}, 2, NULL, 1);
    op(r, NNX_TOSA_RESHAPE, (nnx_operand *[]){x, shape(r, rs, 2)}, 2, NULL, 1);
    op(r, NNX_TOSA_CONCAT, (nnx_operand *[]){x, x, x}, 3, &(nnx_tosa_attrs){.axis = 3}, 1);
    op(r, NNX_TOSA_REVERSE, &x, 1, &(nnx_tosa_attrs){.axis = 1}, 1);
    static const int32_t perm[4] = {3, 1, 0, 2};
    op(r, NNX_TOSA_TRANSPOSE, &x, 1, &(nnx_tosa_attrs){.perms = perm, .perms_count = 4}, 1);
    op(r, NNX_TOSA_IDENTITY, &x, 1, NULL, 1);
    nnx_operand *gi = k(r, NNX_INT32, 2, (uint32_t[]){1, 3}, idx);
    op(r, NNX_TOSA_GATHER, (nnx_operand *[]){v, gi}, 2, NULL, 1);
    nnx_operand *si = k(r, NNX_INT32, 2, (uint32_t[]){1, 2}, sidx);
    nnx_operand *su = k(r, NNX_FLOAT32, 3, (uint32_t[]){1, 2, 2}, fw);
    op(r, NNX_TOSA_SCATTER, (nnx_operand *[]){v, si, su}, 3, NULL, 1);
    /* element-wise, float */
    static const nnx_tosa_op un[] = {NNX_TOSA_ERF,  NNX_TOSA_SIGMOID, NNX_TOSA_TANH,       NNX_TOSA_ABS,
                                     NNX_TOSA_CEIL, NNX_TOSA_COS,     NNX_TOSA_EXP,        NNX_TOSA_FLOOR,
                                     NNX_TOSA_LOG,  NNX_TOSA_SIN,     NNX_TOSA_RECIPROCAL, NNX_TOSA_RSQRT};
    for (size_t i = 0; i < sizeof un / sizeof *un; i++)
        op(r, un[i], &x, 1, NULL, 1);
    static const nnx_tosa_op bin[] = {NNX_TOSA_ADD, NNX_TOSA_SUB, NNX_TOSA_POW};
    for (size_t i = 0; i < sizeof bin / sizeof *bin; i++)
        op(r, bin[i], (nnx_operand *[]){x, x}, 2, NULL, 1);
    op(r, NNX_TOSA_MAXIMUM, (nnx_operand *[]){x, x}, 2, &(nnx_tosa_attrs){.nan_mode = NNX_TOSA_NAN_IGNORE}, 1);
    op(r, NNX_TOSA_MINIMUM, (nnx_operand *[]){x, x}, 2, NULL, 1);
    nnx_operand *s0 = k(r, NNX_INT8, 1, one, &i8z);
    op(r, NNX_TOSA_MUL, (nnx_operand *[]){x, x, s0}, 3, NULL, 1);
    op(r, NNX_TOSA_NEGATE, (nnx_operand *[]){x, fz, fz}, 3, NULL, 1);
    op(r, NNX_TOSA_CLAMP, &x, 1, &(nnx_tosa_attrs){.min_val = nnx_f64(-0.5), .max_val = nnx_f64(1.5)}, 1);
    nnx_operand *eq = op(r, NNX_TOSA_EQUAL, (nnx_operand *[]){x, x}, 2, NULL, 1);
    op(r, NNX_TOSA_GREATER, (nnx_operand *[]){x, x}, 2, NULL, 1);
    op(r, NNX_TOSA_GREATER_EQUAL, (nnx_operand *[]){x, x}, 2, NULL, 1);
    op(r, NNX_TOSA_SELECT, (nnx_operand *[]){eq, x, x}, 3, NULL, 1);
    op(r, NNX_TOSA_CAST, &x, 1, &(nnx_tosa_attrs){.out_type = NNX_INT8}, 1);
    /* integers and bool */
    nnx_operand *shv = k(r, NNX_INT32, 2, (uint32_t[]){1, 4}, sh);
    static const nnx_tosa_op ib[] = {NNX_TOSA_INTDIV,      NNX_TOSA_LOGICAL_LEFT_SHIFT, NNX_TOSA_LOGICAL_RIGHT_SHIFT,
                                     NNX_TOSA_BITWISE_AND, NNX_TOSA_BITWISE_OR,         NNX_TOSA_BITWISE_XOR};
    for (size_t i = 0; i < sizeof ib / sizeof *ib; i++)
        op(r, ib[i], (nnx_operand *[]){ii, shv}, 2, NULL, 1);
    op(r, NNX_TOSA_ARITHMETIC_RIGHT_SHIFT, (nnx_operand *[]){ii, shv}, 2, &(nnx_tosa_attrs){.round = true}, 1);
    op(r, NNX_TOSA_BITWISE_NOT, &ii, 1, NULL, 1);
    op(r, NNX_TOSA_CLZ, &ii, 1, NULL, 1);
    op(r, NNX_TOSA_MUL, (nnx_operand *[]){ii, shv, k(r, NNX_INT8, 1, one, &i8s)}, 3, NULL, 1);
    static const nnx_tosa_op lb[] = {NNX_TOSA_LOGICAL_AND, NNX_TOSA_LOGICAL_OR, NNX_TOSA_LOGICAL_XOR};
    for (size_t i = 0; i < sizeof lb / sizeof *lb; i++)
        op(r, lb[i], (nnx_operand *[]){bb, bb}, 2, NULL, 1);
    op(r, NNX_TOSA_LOGICAL_NOT, &bb, 1, NULL, 1);
    op(r, NNX_TOSA_TABLE, (nnx_operand *[]){q, k(r, NNX_INT8, 1, (uint32_t[]){256}, table)}, 2, NULL, 1);
    nnx_operand *q8z = k(r, NNX_INT8, 1, one, &i8z);
    op(r, NNX_TOSA_NEGATE, (nnx_operand *[]){q, q8z, q8z}, 3, NULL, 1);
    int32_t m16 = 1 << 14;
    int16_t m16v = (int16_t)m16;
    int8_t shift = 15;
    op(r, NNX_TOSA_RESCALE,
       (nnx_operand *[]){q, k(r, NNX_INT16, 1, one, &m16v), k(r, NNX_INT8, 1, one, &shift), q8z,
                         k(r, NNX_INT32, 1, one, &i32z)},
       5, &(nnx_tosa_attrs){.out_type = NNX_INT32, .rounding_mode = NNX_TOSA_SINGLE_ROUND}, 1);
    (void)zero64;
}

static void test_every_operator(void **state)
{
    (void)state;
    rec *r = calloc(1, sizeof *r);
    assert_non_null(r);
    build(r);
    nnx_graph *g = NULL;
    if (nnx_builder_build(r->b, r->outs, r->n_outs, &g) != NNX_OK)
        fail_msg("build: %s", nnx_builder_error(r->b));
    nnx_alloc alloc;
    assert_true(nnx_alloc_init(&alloc, NULL));
    nnx_tfile f;
    nnx_tfile_init(&f, &alloc);
    convert_ok(g, &f);
    const nnx_tfile_block *b = &f.regions[0].blocks[0];
    uint32_t n = 0;
    for (uint32_t i = 0; i < b->n_operators; i++) {
        uint32_t o = b->operators[i].op;
        if (o == NNX_TOSA_CONST || o == NNX_TOSA_CONST_SHAPE)
            continue;
        if (n >= r->n_want || o != r->want[n])
            fail_msg("operator %u is %s, want %s", n, nnx_tosa_op_name((nnx_tosa_op)o),
                     n < r->n_want ? nnx_tosa_op_name((nnx_tosa_op)r->want[n]) : "none");
        n++;
    }
    assert_int_equal(n, r->n_want);
    assert_int_equal(b->n_outputs, r->n_outs);
    for (uint32_t i = 0; i < b->n_outputs; i++)
        assert_string_equal(b->outputs[i], r->names[i]);
    /* saved as a .tosa file and read back, the same structure; built again from it, the
     * graph gives the same bytes */
    nnx_tfile f2;
    read_back(g, &f, &f2, &alloc);
    nnx_graph *g2 = replay(r->ctx, &f2);
    replay_compare(r->ctx, g, g2, -1);
    nnx_tfile_free(&f2);
    nnx_tfile_free(&f);
    nnx_context_destroy(r->ctx);
    free(r);
}

/* ---------------------------------------------------------------- control flow */

static bool then_g(nnx_tosa *t, void *user, nnx_operand *const *in, uint32_t n, nnx_operand **out, uint32_t n_out)
{
    (void)user, (void)n, (void)n_out;
    static const int32_t three[2] = {3, -3};
    nnx_tosa_attrs c = {.desc = {NNX_INT32, 1, {2}}, .values = three, .values_size = 8};
    nnx_operand *k, *s;
    nnx_tosa_add(t, NNX_TOSA_CONST, NULL, 0, &c, &k, 1);
    nnx_tosa_add(t, NNX_TOSA_ADD, in, 2, NULL, &s, 1);
    nnx_operand *a[2] = {s, k};
    nnx_tosa_add(t, NNX_TOSA_ADD, a, 2, NULL, &out[0], 1);
    out[1] = in[0]; /* a parameter as a result: IDENTITY in the block */
    return true;
}
static bool else_g(nnx_tosa *t, void *user, nnx_operand *const *in, uint32_t n, nnx_operand **out, uint32_t n_out)
{
    (void)user, (void)n, (void)n_out;
    nnx_tosa_add(t, NNX_TOSA_SUB, in, 2, NULL, &out[0], 1);
    nnx_tosa_add(t, NNX_TOSA_BITWISE_NOT, in, 1, NULL, &out[1], 1);
    return true;
}
static bool loop_cond(nnx_tosa *t, void *user, nnx_operand *const *in, uint32_t n, nnx_operand **out, uint32_t n_out)
{
    (void)user, (void)n, (void)n_out;
    nnx_operand *g[2] = {in[3], in[0]}; /* limit > i */
    return nnx_tosa_add(t, NNX_TOSA_GREATER, g, 2, NULL, out, 1) == 1;
}
static bool loop_body(nnx_tosa *t, void *user, nnx_operand *const *in, uint32_t n, nnx_operand **out, uint32_t n_out)
{
    (void)user, (void)n, (void)n_out;
    static const int32_t one = 1;
    static const float half[2] = {0.5f, 0.5f};
    nnx_tosa_attrs c1 = {.desc = {NNX_INT32, 1, {1}}, .values = &one, .values_size = 4};
    nnx_tosa_attrs c2 = {.desc = {NNX_FLOAT32, 1, {2}}, .values = half, .values_size = 8};
    nnx_operand *k1, *k2, *m, *s0;
    static const int8_t zero = 0;
    nnx_tosa_attrs c3 = {.desc = {NNX_INT8, 1, {1}}, .values = &zero, .values_size = 1};
    nnx_tosa_add(t, NNX_TOSA_CONST, NULL, 0, &c1, &k1, 1);
    nnx_tosa_add(t, NNX_TOSA_CONST, NULL, 0, &c2, &k2, 1);
    nnx_tosa_add(t, NNX_TOSA_CONST, NULL, 0, &c3, &s0, 1);
    nnx_operand *a[2] = {in[0], k1}, *b[3] = {in[1], k2, s0};
    nnx_tosa_add(t, NNX_TOSA_ADD, a, 2, NULL, &out[0], 1);
    nnx_tosa_add(t, NNX_TOSA_MUL, b, 3, NULL, &m, 1);
    nnx_operand *c[2] = {m, in[2]};
    nnx_tosa_add(t, NNX_TOSA_ADD, c, 2, NULL, &out[1], 1);
    out[2] = in[2];
    out[3] = in[3];
    return true;
}

static void test_control_flow(void **state)
{
    (void)state;
    rec *r = calloc(1, sizeof *r);
    assert_int_equal(nnx_context_create(&(nnx_context_options){.threads = 1}, &r->ctx), NNX_OK);
    assert_int_equal(nnx_builder_create(r->ctx, &r->b), NNX_OK);
    r->t = nnx_tosa_begin(r->b, NULL);
    nnx_operand_desc bd = {NNX_BOOL, 1, {1}}, v2 = {NNX_INT32, 1, {2}}, s1 = {NNX_INT32, 1, {1}};
    nnx_operand_desc fl2 = {NNX_FLOAT32, 1, {2}};
    nnx_operand *ci[3] = {nnx_builder_input(r->b, "c", &bd), nnx_builder_input(r->b, "a", &v2),
                          nnx_builder_input(r->b, "b", &v2)};
    nnx_operand *y[2];
    nnx_tosa_attrs ca = {.graph1 = then_g, .graph2 = else_g};
    if (nnx_tosa_add(r->t, NNX_TOSA_COND_IF, ci, 3, &ca, y, 2) != 2)
        fail_msg("COND_IF: %s", nnx_builder_error(r->b));
    nnx_operand *li[4] = {nnx_builder_input(r->b, "i", &s1), nnx_builder_input(r->b, "acc", &fl2),
                          nnx_builder_input(r->b, "step", &fl2), nnx_builder_input(r->b, "limit", &s1)};
    nnx_operand *lo[4];
    nnx_tosa_attrs la = {.graph1 = loop_cond, .graph2 = loop_body};
    if (nnx_tosa_add(r->t, NNX_TOSA_WHILE_LOOP, li, 4, &la, lo, 4) != 4)
        fail_msg("WHILE_LOOP: %s", nnx_builder_error(r->b));
    nnx_named_operand outs[4] = {{"y0", y[0]}, {"y1", y[1]}, {"i_end", lo[0]}, {"acc_end", lo[1]}};
    nnx_graph *g = NULL;
    if (nnx_builder_build(r->b, outs, 4, &g) != NNX_OK)
        fail_msg("build: %s", nnx_builder_error(r->b));
    nnx_alloc alloc;
    assert_true(nnx_alloc_init(&alloc, NULL));
    nnx_tfile f;
    nnx_tfile_init(&f, &alloc);
    nnx_error err = {0};
    convert_ok(g, &f);
    const nnx_tfile_region *rg = &f.regions[0];
    assert_int_equal(rg->n_blocks, 5);
    assert_string_equal(rg->blocks[0].name, "main");
    const nnx_tfile_block *m = &rg->blocks[0];
    const nnx_tfile_operator *cif = NULL, *wl = NULL;
    for (uint32_t i = 0; i < m->n_operators; i++) {
        if (m->operators[i].op == NNX_TOSA_COND_IF)
            cif = &m->operators[i];
        if (m->operators[i].op == NNX_TOSA_WHILE_LOOP)
            wl = &m->operators[i];
    }
    assert_non_null(cif);
    assert_non_null(wl);
    assert_int_equal(cif->n_inputs, 3);
    assert_int_equal(cif->n_outputs, 2);
    assert_int_equal(wl->n_inputs, 4);
    assert_int_equal(wl->n_outputs, 4);
    const nnx_tfile_block *tb = nnx_tfile_find_block(rg, cif->attr.graph1);
    const nnx_tfile_block *eb = nnx_tfile_find_block(rg, cif->attr.graph2);
    const nnx_tfile_block *cb = nnx_tfile_find_block(rg, wl->attr.graph1);
    const nnx_tfile_block *bb = nnx_tfile_find_block(rg, wl->attr.graph2);
    assert_non_null(tb);
    assert_non_null(eb);
    assert_non_null(cb);
    assert_non_null(bb);
    assert_int_equal(tb->n_inputs, 2);
    assert_int_equal(tb->n_outputs, 2);
    assert_int_equal(cb->n_outputs, 1);
    assert_int_equal(bb->n_inputs, 4);
    assert_int_equal(bb->n_outputs, 4);
    assert_int_equal(tb->operators[tb->n_operators - 1].op, NNX_TOSA_IDENTITY);
    nnx_tfile f2;
    read_back(g, &f, &f2, &alloc);
    nnx_graph *g2 = replay(r->ctx, &f2);
    replay_compare(r->ctx, g, g2, -1);
    nnx_tfile_free(&f2);
    nnx_tfile_free(&f);
    /* each allocation failing in turn: OUT_OF_MEMORY until it succeeds, nothing leaked */
    for (long n = 1;; n++) {
        counting_alloc ca = {.fail_at = n};
        nnx_alloc al = counting_alloc_wrap(&ca);
        nnx_tfile_init(&f, &al);
        nnx_error_clear(&err);
        nnx_status st = convert_graph(g, &f, &err);
        nnx_tfile_free(&f);
        assert_int_equal(ca.live, 0);
        if (st == NNX_OK)
            break;
        if (st != NNX_ERROR_OUT_OF_MEMORY)
            fail_msg("failing allocation %ld: %s", n, err.message);
    }
    nnx_context_destroy(r->ctx);
    free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_operator),
        cmocka_unit_test(test_control_flow),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
