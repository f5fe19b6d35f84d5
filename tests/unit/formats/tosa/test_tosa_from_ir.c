/* test_tosa_from_ir.c — core IR written as a TOSA 1.0 graph (nnx_tfile_from_ir): a graph
 * built with the TOSA builder maps back operator for operator (attributes, zero-point and
 * multiplier inputs, constant bytes), an ONNX-style NCHW float graph is legalized (a transpose
 * into CONV2D, relu on the NHWC result, one back after MAX_POOL2D, OHWI weights permuted at convert time, MATMUL, softmax as its
 * composition), and an operation without a TOSA form fails naming it. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "tosa_replay.h"

#include "api/objects.h"
#include "base/alloc.h"
#include "formats/tosa/tosa_from_ir.h"
#include "ir/dtypes.h"
#include "ops/graph_build.h"

#include "../../common/counting_alloc.h"

/* ---------------------------------------------------------------- helpers */

static const nnx_tfile_block *main_block(const nnx_tfile *f)
{
    assert_int_equal(f->n_regions, 1);
    assert_int_equal(f->regions[0].n_blocks, 1);
    assert_string_equal(f->regions[0].name, "main");
    assert_string_equal(f->regions[0].blocks[0].name, "main");
    return &f->regions[0].blocks[0];
}

static const nnx_tfile_tensor *tensor(const nnx_tfile_block *b, const char *name)
{
    for (uint32_t i = 0; i < b->n_tensors; i++)
        if (!strcmp(b->tensors[i].name, name))
            return &b->tensors[i];
    fail_msg("no tensor '%s'", name);
    return NULL;
}

/* The operator numbers of b, in order, without CONST / CONST_SHAPE. */
static uint32_t ops_of(const nnx_tfile_block *b, uint32_t *ops, uint32_t max)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < b->n_operators; i++)
        if (b->operators[i].op != NNX_TOSA_CONST && b->operators[i].op != NNX_TOSA_CONST_SHAPE && n < max)
            ops[n++] = b->operators[i].op;
    return n;
}

static void assert_ops(const nnx_tfile_block *b, const uint32_t *want, uint32_t n_want)
{
    uint32_t got[128];
    uint32_t n = ops_of(b, got, 128);
    char text[1024] = "";
    for (uint32_t i = 0; i < n; i++)
        snprintf(text + strlen(text), sizeof text - strlen(text), "%u ", got[i]);
    if (n != n_want)
        fail_msg("%u operators, want %u: %s", n, n_want, text);
    for (uint32_t i = 0; i < n; i++)
        if (got[i] != want[i])
            fail_msg("operator %u is %u, want %u: %s", i, got[i], want[i], text);
}

/* The first operator of type op (skipping skip of them). */
static const nnx_tfile_operator *find_op(const nnx_tfile_block *b, uint32_t op, uint32_t skip)
{
    for (uint32_t i = 0; i < b->n_operators; i++)
        if (b->operators[i].op == op && skip-- == 0)
            return &b->operators[i];
    fail_msg("no operator %u", op);
    return NULL;
}

static void assert_ints(const nnx_tfile_ints *f, const int32_t *want, uint32_t n)
{
    assert_true(f->present);
    assert_int_equal(f->count, n);
    for (uint32_t i = 0; i < n; i++)
        assert_int_equal(f->v[i], want[i]);
}

/* The data of the tensor an operator input names. */
static const nnx_tfile_tensor *input_tensor(const nnx_tfile_block *b, const nnx_tfile_operator *o, uint32_t i)
{
    assert_true(i < o->n_inputs);
    return tensor(b, o->inputs[i]);
}

/* ---------------------------------------------------------------- a TOSA-built graph */

typedef struct tb {
    nnx_context *ctx;
    nnx_builder *b;
    nnx_tosa *t;
} tb;

static nnx_operand *konst(tb *h, nnx_dtype dt, uint32_t rank, const uint32_t *shape, const void *data, size_t size)
{
    nnx_tosa_attrs a = {.desc = {dt, rank, {0}}, .values = data, .values_size = size};
    memcpy(a.desc.shape, shape, rank * sizeof *shape);
    nnx_operand *out = NULL;
    assert_int_equal(nnx_tosa_add(h->t, NNX_TOSA_CONST, NULL, 0, &a, &out, 1), 1);
    return out;
}

static nnx_operand *op1(tb *h, nnx_tosa_op op, nnx_operand *const *in, uint32_t n, const nnx_tosa_attrs *a)
{
    nnx_operand *out = NULL;
    if (nnx_tosa_add(h->t, op, in, n, a, &out, 1) != 1)
        fail_msg("%s: %s", nnx_tosa_op_name(op), nnx_builder_error(h->b));
    return out;
}

static const int8_t conv_w[3 * 2] = {1, -2, 3, 4, -5, 6};
static const int32_t conv_b[3] = {10, -20, 30};
static const float add_c[2] = {0.5f, -1.25f};

/* x int8 [1,4,4,2] -> CONV2D (OHWI [3,1,1,2], zero points 0) -> RESCALE -> CLAMP [0, 100] = q;
 * f float32 [2,3] -> REDUCE_SUM axis 1 -> TRANSPOSE [1,0] -> ADD const [1,2] = s;
 * RESHAPE of f to [3,2] = r. */
static nnx_graph *build_tosa(tb *h)
{
    assert_int_equal(nnx_context_create(&(nnx_context_options){.threads = 1}, &h->ctx), NNX_OK);
    assert_int_equal(nnx_builder_create(h->ctx, &h->b), NNX_OK);
    h->t = nnx_tosa_begin(h->b, NULL);
    nnx_operand_desc xd = {NNX_INT8, 4, {1, 4, 4, 2}}, fd = {NNX_FLOAT32, 2, {2, 3}};
    nnx_operand *x = nnx_builder_input(h->b, "x", &xd), *f = nnx_builder_input(h->b, "f", &fd);
    int8_t zero8 = 0, shift = 20;
    int32_t zero32 = 0, mult = 1 << 20;
    uint32_t one[1] = {1};
    nnx_operand *w = konst(h, NNX_INT8, 4, (uint32_t[]){3, 1, 1, 2}, conv_w, sizeof conv_w);
    nnx_operand *b = konst(h, NNX_INT32, 1, (uint32_t[]){3}, conv_b, sizeof conv_b);
    nnx_operand *izp = konst(h, NNX_INT8, 1, one, &zero8, 1), *wzp = konst(h, NNX_INT8, 1, one, &zero8, 1);
    nnx_operand *m = konst(h, NNX_INT32, 1, one, &mult, 4), *s = konst(h, NNX_INT8, 1, one, &shift, 1);
    nnx_operand *rizp = konst(h, NNX_INT32, 1, one, &zero32, 4), *rozp = konst(h, NNX_INT8, 1, one, &zero8, 1);
    nnx_operand *c = konst(h, NNX_FLOAT32, 2, (uint32_t[]){1, 2}, add_c, sizeof add_c);
    nnx_tosa_attrs ca = {.stride = {1, 1}, .dilation = {1, 1}, .acc_type = NNX_INT32};
    nnx_operand *y = op1(h, NNX_TOSA_CONV2D, (nnx_operand *[]){x, w, b, izp, wzp}, 5, &ca);
    nnx_tosa_attrs ra = {.out_type = NNX_INT8, .scale32 = true, .rounding_mode = NNX_TOSA_SINGLE_ROUND};
    nnx_operand *q = op1(h, NNX_TOSA_RESCALE, (nnx_operand *[]){y, m, s, rizp, rozp}, 5, &ra);
    nnx_tosa_attrs cl = {.min_val = nnx_i64(0), .max_val = nnx_i64(100)};
    q = op1(h, NNX_TOSA_CLAMP, &q, 1, &cl);
    nnx_operand *r = op1(h, NNX_TOSA_REDUCE_SUM, &f, 1, &(nnx_tosa_attrs){.axis = 1});
    static const int32_t perm[2] = {1, 0};
    r = op1(h, NNX_TOSA_TRANSPOSE, &r, 1, &(nnx_tosa_attrs){.perms = perm, .perms_count = 2});
    nnx_operand *sum = op1(h, NNX_TOSA_ADD, (nnx_operand *[]){r, c}, 2, NULL);
    nnx_tosa_attrs sa = {.shape_values = (const int64_t[]){3, 2}, .shape_values_count = 2};
    nnx_operand *shp = NULL;
    assert_int_equal(nnx_tosa_add(h->t, NNX_TOSA_CONST_SHAPE, NULL, 0, &sa, &shp, 1), 1);
    nnx_operand *rs = op1(h, NNX_TOSA_RESHAPE, (nnx_operand *[]){f, shp}, 2, NULL);
    nnx_graph *g = NULL;
    nnx_named_operand outs[3] = {{"q", q}, {"s", sum}, {"r", rs}};
    if (nnx_builder_build(h->b, outs, 3, &g) != NNX_OK)
        fail_msg("build: %s", nnx_builder_error(h->b));
    return g;
}

static void test_tosa_built(void **state)
{
    (void)state;
    tb h;
    nnx_graph *g = build_tosa(&h);
    nnx_alloc alloc;
    assert_true(nnx_alloc_init(&alloc, NULL));
    nnx_tfile f;
    nnx_tfile_init(&f, &alloc);
    nnx_error err = {0};
    if (convert_graph(g, &f, &err) != NNX_OK)
        fail_msg("%s", err.message);
    const nnx_tfile_block *b = main_block(&f);
    assert_int_equal(f.version.major, 1);
    assert_int_equal(f.version.minor, 0);
    static const uint32_t want[] = {NNX_TOSA_CONV2D,    NNX_TOSA_RESCALE, NNX_TOSA_CLAMP,  NNX_TOSA_REDUCE_SUM,
                                    NNX_TOSA_TRANSPOSE, NNX_TOSA_ADD,     NNX_TOSA_RESHAPE};
    assert_ops(b, want, sizeof want / sizeof *want);
    assert_int_equal(b->n_inputs, 2);
    assert_string_equal(b->inputs[0], "x");
    assert_string_equal(b->inputs[1], "f");
    assert_int_equal(b->n_outputs, 3);
    assert_string_equal(b->outputs[0], "q");
    assert_string_equal(b->outputs[1], "s");
    assert_string_equal(b->outputs[2], "r");
    assert_int_equal(tensor(b, "q")->type, NNX_TFILE_INT8);
    assert_int_equal(tensor(b, "x")->type, NNX_TFILE_INT8);
    assert_false(tensor(b, "x")->data.present);

    const nnx_tfile_operator *conv = find_op(b, NNX_TOSA_CONV2D, 0);
    assert_int_equal(conv->attr.type, NNX_TOSA_CONV2D);
    assert_int_equal(conv->n_inputs, 5);
    assert_string_equal(conv->inputs[0], "x");
    assert_ints(&conv->attr.pad, (const int32_t[]){0, 0, 0, 0}, 4);
    assert_ints(&conv->attr.stride, (const int32_t[]){1, 1}, 2);
    assert_ints(&conv->attr.dilation, (const int32_t[]){1, 1}, 2);
    assert_int_equal(conv->attr.acc_type, NNX_TFILE_INT32);
    const nnx_tfile_tensor *wt = input_tensor(b, conv, 1);
    assert_int_equal(wt->type, NNX_TFILE_INT8);
    assert_ints(&wt->shape, (const int32_t[]){3, 1, 1, 2}, 4);
    assert_true(wt->data.present);
    assert_int_equal(wt->data.size, sizeof conv_w);
    assert_memory_equal(wt->data.data, conv_w, sizeof conv_w);
    assert_memory_equal(input_tensor(b, conv, 2)->data.data, conv_b, sizeof conv_b);
    assert_int_equal(input_tensor(b, conv, 3)->type, NNX_TFILE_INT8);

    const nnx_tfile_operator *rs = find_op(b, NNX_TOSA_RESCALE, 0);
    assert_true(rs->attr.scale32);
    assert_int_equal(rs->attr.rounding_mode, 1);
    assert_false(rs->attr.per_channel);
    assert_int_equal(rs->n_inputs, 5);
    int32_t m;
    memcpy(&m, input_tensor(b, rs, 1)->data.data, 4);
    assert_int_equal(m, 1 << 20);
    assert_int_equal(input_tensor(b, rs, 2)->data.data[0], 20);
    assert_int_equal(input_tensor(b, rs, 3)->type, NNX_TFILE_INT32);

    const nnx_tfile_operator *cl = find_op(b, NNX_TOSA_CLAMP, 0);
    assert_int_equal(cl->attr.min_val.size, 1);
    assert_int_equal(cl->attr.min_val.data[0], 0);
    assert_int_equal(cl->attr.max_val.data[0], 100);
    assert_int_equal(cl->attr.nan_mode, 1);
    assert_string_equal(cl->outputs[0], "q");

    assert_int_equal(find_op(b, NNX_TOSA_REDUCE_SUM, 0)->attr.axis, 1);
    assert_ints(&find_op(b, NNX_TOSA_TRANSPOSE, 0)->attr.perms, (const int32_t[]){1, 0}, 2);
    const nnx_tfile_operator *add = find_op(b, NNX_TOSA_ADD, 0);
    assert_memory_equal(input_tensor(b, add, 1)->data.data, add_c, sizeof add_c);
    const nnx_tfile_operator *re = find_op(b, NNX_TOSA_RESHAPE, 0);
    const nnx_tfile_tensor *st = input_tensor(b, re, 1);
    assert_int_equal(st->type, NNX_TFILE_SHAPE);
    assert_ints(&st->shape, (const int32_t[]){2}, 1);
    int64_t sv[2];
    memcpy(sv, st->data.data, sizeof sv);
    assert_int_equal(sv[0], 3);
    assert_int_equal(sv[1], 2);
    nnx_tfile_free(&f);
    nnx_context_destroy(h.ctx);
}

/* ---------------------------------------------------------------- an ONNX-style graph */

typedef struct ir_graph {
    nnx_alloc alloc;
    nnx_ir ir;
    uint32_t x, y;
} ir_graph;

static uint32_t node(ir_graph *g, nnx_op op, const uint32_t *in, uint32_t n_in, const nnx_attrs *a)
{
    nnx_error err = {0};
    uint32_t out;
    if (nnx_ir_add_node(&g->ir, op, in, n_in, a, 1, "", &out, &err) != NNX_OK)
        fail_msg("%s: %s", nnx_op_table[op].name, err.message);
    return out;
}

static uint32_t constant(ir_graph *g, nnx_dtype dt, uint32_t rank, const uint32_t *shape, const float *data)
{
    nnx_operand_desc d = {dt, rank, {0}};
    memcpy(d.shape, shape, rank * sizeof *shape);
    size_t bytes;
    assert_true(nnx_desc_bytes(&d, &bytes));
    nnx_error err = {0};
    uint32_t id;
    assert_int_equal(nnx_ir_add_constant(&g->ir, &d, data, bytes, &id, &err), NNX_OK);
    return id;
}

static float conv_wf[4 * 2 * 3 * 3], gemm_b[16 * 3];

/* x [1,2,5,5] -> conv (OIHW [4,2,3,3], pads 1, bias) -> relu -> max_pool 2x2/2 (5 -> 2, the
 * last row and column dropped) -> reshape [1,16] -> gemm (B [16,3], C [3]) -> softmax(1). */
static void build_onnx(ir_graph *g)
{
    assert_true(nnx_alloc_init(&g->alloc, NULL));
    nnx_ir_init(&g->ir, &g->alloc);
    nnx_error err = {0};
    nnx_operand_desc xd = {NNX_FLOAT32, 4, {1, 2, 5, 5}};
    assert_int_equal(nnx_ir_add_input(&g->ir, "x", &xd, &g->x, &err), NNX_OK);
    for (size_t i = 0; i < sizeof conv_wf / sizeof *conv_wf; i++)
        conv_wf[i] = (float)((int)(i * 7 % 13) - 6) / 8.0f;
    for (size_t i = 0; i < sizeof gemm_b / sizeof *gemm_b; i++)
        gemm_b[i] = (float)((int)(i * 5 % 11) - 5) / 4.0f;
    static const float bias[4] = {0.1f, -0.2f, 0.3f, 0}, cvec[3] = {1, 2, 3};
    uint32_t w = constant(g, NNX_FLOAT32, 4, (uint32_t[]){4, 2, 3, 3}, conv_wf);
    uint32_t bb = constant(g, NNX_FLOAT32, 1, (uint32_t[]){4}, bias);
    nnx_attrs ca = {.conv = {.pads = {1, 1, 1, 1},
                             .strides = {1, 1},
                             .dilations = {1, 1},
                             .groups = 1,
                             .input_layout = NNX_LAYOUT_NCHW,
                             .filter_layout = NNX_FILTER_OIHW}};
    uint32_t y = node(g, NNX_OP_CONV, (uint32_t[]){g->x, w, bb}, 3, &ca);
    y = node(g, NNX_OP_RELU, &y, 1, NULL);
    nnx_attrs pa = {.pool = {.window = {2, 2},
                             .strides = {2, 2},
                             .dilations = {1, 1},
                             .layout = NNX_LAYOUT_NCHW,
                             .rounding = NNX_ROUNDING_FLOOR}};
    y = node(g, NNX_OP_MAX_POOL, &y, 1, &pa);
    nnx_attrs ra = {.reshape = {.rank = 2, .shape = {1, 16}}};
    y = node(g, NNX_OP_RESHAPE, &y, 1, &ra);
    uint32_t gb = constant(g, NNX_FLOAT32, 2, (uint32_t[]){16, 3}, gemm_b);
    uint32_t gc = constant(g, NNX_FLOAT32, 1, (uint32_t[]){3}, cvec);
    nnx_attrs ga = {.gemm = {.alpha = 1, .beta = 1}};
    y = node(g, NNX_OP_GEMM, (uint32_t[]){y, gb, gc}, 3, &ga);
    nnx_attrs sa = {.axis = {1}};
    g->y = node(g, NNX_OP_SOFTMAX, &y, 1, &sa);
}

static void test_onnx_legalized(void **state)
{
    (void)state;
    ir_graph g;
    build_onnx(&g);
    nnx_tfile f;
    nnx_tfile_init(&f, &g.alloc);
    nnx_error err = {0};
    const char *in = "x", *out = "y";
    if (nnx_tfile_from_ir(&g.ir, &g.x, &in, 1, &g.y, &out, 1, &f, &err) != NNX_OK)
        fail_msg("%s", err.message);
    const nnx_tfile_block *b = main_block(&f);
    static const uint32_t want[] = {
        NNX_TOSA_TRANSPOSE,  NNX_TOSA_CONV2D,                         /* conv: its result stays NHWC (TOSA-L11) */
        NNX_TOSA_CLAMP,                                               /* relu, on NHWC */
        NNX_TOSA_SLICE,      NNX_TOSA_MAX_POOL2D, NNX_TOSA_TRANSPOSE, /* pool; NCHW for the reshape */
        NNX_TOSA_RESHAPE,                                             /* reshape */
        NNX_TOSA_RESHAPE,    NNX_TOSA_RESHAPE,    NNX_TOSA_MATMUL,
        NNX_TOSA_RESHAPE,    NNX_TOSA_RESHAPE,    NNX_TOSA_ADD, /* gemm */
        NNX_TOSA_REDUCE_MAX, NNX_TOSA_SUB,        NNX_TOSA_EXP,
        NNX_TOSA_REDUCE_SUM, NNX_TOSA_RECIPROCAL, NNX_TOSA_MUL, /* softmax */
    };
    assert_ops(b, want, sizeof want / sizeof *want);
    const nnx_tfile_operator *t0 = find_op(b, NNX_TOSA_TRANSPOSE, 0);
    assert_string_equal(t0->inputs[0], "x");
    assert_ints(&t0->attr.perms, (const int32_t[]){0, 2, 3, 1}, 4);
    assert_ints(&find_op(b, NNX_TOSA_TRANSPOSE, 1)->attr.perms, (const int32_t[]){0, 3, 1, 2}, 4);
    const nnx_tfile_operator *conv = find_op(b, NNX_TOSA_CONV2D, 0);
    assert_ints(&conv->attr.pad, (const int32_t[]){1, 1, 1, 1}, 4);
    assert_int_equal(conv->attr.acc_type, NNX_TFILE_FP32);
    const nnx_tfile_tensor *wt = input_tensor(b, conv, 1);
    assert_ints(&wt->shape, (const int32_t[]){4, 3, 3, 2}, 4);
    const float *wo = (const float *)wt->data.data;
    for (uint32_t o = 0; o < 4; o++)
        for (uint32_t kh = 0; kh < 3; kh++)
            for (uint32_t kw = 0; kw < 3; kw++)
                for (uint32_t i = 0; i < 2; i++)
                    assert_true(wo[((o * 3 + kh) * 3 + kw) * 2 + i] == conv_wf[((o * 2 + i) * 3 + kh) * 3 + kw]);
    const nnx_tfile_operator *cl = find_op(b, NNX_TOSA_CLAMP, 0);
    float lo, hi;
    memcpy(&lo, cl->attr.min_val.data, 4);
    memcpy(&hi, cl->attr.max_val.data, 4);
    assert_true(lo == 0 && isinf(hi) && hi > 0);
    const nnx_tfile_operator *mp = find_op(b, NNX_TOSA_MAX_POOL2D, 0);
    assert_ints(&mp->attr.pad, (const int32_t[]){0, 0, 0, 0}, 4);
    assert_ints(&mp->attr.kernel, (const int32_t[]){2, 2}, 2);
    assert_ints(&input_tensor(b, mp, 0)->shape, (const int32_t[]){1, 4, 4, 4}, 4);
    const nnx_tfile_operator *mm = find_op(b, NNX_TOSA_MATMUL, 0);
    assert_int_equal(mm->n_inputs, 4);
    assert_ints(&input_tensor(b, mm, 0)->shape, (const int32_t[]){1, 1, 16}, 3);
    assert_ints(&input_tensor(b, mm, 1)->shape, (const int32_t[]){1, 16, 3}, 3);
    assert_int_equal(find_op(b, NNX_TOSA_REDUCE_MAX, 0)->attr.axis, 1);
    const nnx_tfile_operator *last = &b->operators[b->n_operators - 1];
    assert_int_equal(last->op, NNX_TOSA_MUL);
    assert_int_equal(last->n_inputs, 3);
    assert_string_equal(last->outputs[0], "y");
    assert_int_equal(tensor(b, "y")->type, NNX_TFILE_FP32);
    nnx_tfile_free(&f);
    nnx_ir_free(&g.ir);
}

/* max_pool straight into conv (NCHW): the TRANSPOSE back to NCHW after the pool and the one
 * to NHWC before the conv cancel, and neither is written. */
static void test_transposes_cancel(void **state)
{
    (void)state;
    ir_graph g;
    assert_true(nnx_alloc_init(&g.alloc, NULL));
    nnx_ir_init(&g.ir, &g.alloc);
    nnx_error err = {0};
    nnx_operand_desc xd = {NNX_FLOAT32, 4, {1, 2, 4, 4}};
    assert_int_equal(nnx_ir_add_input(&g.ir, "x", &xd, &g.x, &err), NNX_OK);
    nnx_attrs pa = {.pool = {.window = {2, 2},
                             .strides = {1, 1},
                             .dilations = {1, 1},
                             .layout = NNX_LAYOUT_NCHW,
                             .rounding = NNX_ROUNDING_FLOOR}};
    uint32_t y = node(&g, NNX_OP_MAX_POOL, &g.x, 1, &pa);
    uint32_t w = constant(&g, NNX_FLOAT32, 4, (uint32_t[]){3, 2, 1, 1}, conv_wf);
    nnx_attrs ca = {.conv = {.strides = {1, 1},
                             .dilations = {1, 1},
                             .groups = 1,
                             .input_layout = NNX_LAYOUT_NCHW,
                             .filter_layout = NNX_FILTER_OIHW}};
    g.y = node(&g, NNX_OP_CONV, (uint32_t[]){y, w}, 2, &ca);
    nnx_tfile f;
    nnx_tfile_init(&f, &g.alloc);
    const char *in = "x", *out = "y";
    if (nnx_tfile_from_ir(&g.ir, &g.x, &in, 1, &g.y, &out, 1, &f, &err) != NNX_OK)
        fail_msg("%s", err.message);
    static const uint32_t want[] = {NNX_TOSA_TRANSPOSE, NNX_TOSA_MAX_POOL2D, NNX_TOSA_CONV2D, NNX_TOSA_TRANSPOSE};
    assert_ops(main_block(&f), want, 4);
    nnx_tfile_free(&f);
    nnx_ir_free(&g.ir);
}

/* ---------------------------------------------------------------- refusals and names */

static void test_not_supported(void **state)
{
    (void)state;
    ir_graph g;
    assert_true(nnx_alloc_init(&g.alloc, NULL));
    nnx_ir_init(&g.ir, &g.alloc);
    nnx_error err = {0};
    nnx_operand_desc xd = {NNX_FLOAT32, 2, {3, 3}};
    assert_int_equal(nnx_ir_add_input(&g.ir, "x", &xd, &g.x, &err), NNX_OK);
    uint32_t y = node(&g, NNX_OP_EXP, &g.x, 1, NULL);
    nnx_attrs ta = {.triangular = {.upper = true}};
    uint32_t out;
    assert_int_equal(nnx_ir_add_node(&g.ir, NNX_OP_TRIANGULAR, &y, 1, &ta, 1, "tri", &out, &err), NNX_OK);
    nnx_tfile f;
    nnx_tfile_init(&f, &g.alloc);
    const char *in = "x", *on = "y";
    assert_int_equal(nnx_tfile_from_ir(&g.ir, &g.x, &in, 1, &out, &on, 1, &f, &err), NNX_ERROR_NOT_SUPPORTED);
    assert_non_null(strstr(err.message, "node 1 ('tri', core op 'triangular')"));
    assert_non_null(strstr(err.message, "triangular has no TOSA form"));
    nnx_tfile_free(&f);

    /* a value type TOSA 1.0 has not: named */
    nnx_error_clear(&err);
    nnx_attrs ca = {.cast = {.to = NNX_FLOAT64}};
    assert_int_equal(nnx_ir_add_node(&g.ir, NNX_OP_CAST, &g.x, 1, &ca, 1, "", &out, &err), NNX_OK);
    nnx_tfile_init(&f, &g.alloc);
    assert_int_equal(nnx_tfile_from_ir(&g.ir, &g.x, &in, 1, &out, &on, 1, &f, &err), NNX_ERROR_NOT_SUPPORTED);
    assert_non_null(strstr(err.message, "float64"));
    assert_non_null(strstr(err.message, "core op 'cast'"));
    nnx_tfile_free(&f);
    nnx_ir_free(&g.ir);

    /* a graph input of such a type: named */
    nnx_ir_init(&g.ir, &g.alloc);
    nnx_error_clear(&err);
    nnx_operand_desc dd = {NNX_UINT16, 1, {2}};
    assert_int_equal(nnx_ir_add_input(&g.ir, "u", &dd, &g.x, &err), NNX_OK);
    y = node(&g, NNX_OP_ABS, &g.x, 1, NULL);
    in = "u";
    nnx_tfile_init(&f, &g.alloc);
    assert_int_equal(nnx_tfile_from_ir(&g.ir, &g.x, &in, 1, &y, &on, 1, &f, &err), NNX_ERROR_NOT_SUPPORTED);
    assert_non_null(strstr(err.message, "graph input 'u' is uint16"));
    nnx_tfile_free(&f);
    nnx_ir_free(&g.ir);
}

/* An output that is an input, or the same value twice, is written through IDENTITY. */
static void test_identity_outputs(void **state)
{
    (void)state;
    ir_graph g;
    assert_true(nnx_alloc_init(&g.alloc, NULL));
    nnx_ir_init(&g.ir, &g.alloc);
    nnx_error err = {0};
    nnx_operand_desc xd = {NNX_FLOAT32, 1, {4}};
    assert_int_equal(nnx_ir_add_input(&g.ir, "x", &xd, &g.x, &err), NNX_OK);
    uint32_t y = node(&g, NNX_OP_TANH, &g.x, 1, NULL);
    uint32_t outs[3] = {y, y, g.x};
    const char *names[3] = {"a", "b", "c"}, *in = "x";
    nnx_tfile f;
    nnx_tfile_init(&f, &g.alloc);
    if (nnx_tfile_from_ir(&g.ir, &g.x, &in, 1, outs, names, 3, &f, &err) != NNX_OK)
        fail_msg("%s", err.message);
    const nnx_tfile_block *b = main_block(&f);
    static const uint32_t want[] = {NNX_TOSA_TANH, NNX_TOSA_IDENTITY, NNX_TOSA_IDENTITY};
    assert_ops(b, want, 3);
    assert_string_equal(b->operators[0].outputs[0], "a");
    assert_string_equal(b->operators[1].inputs[0], "a");
    assert_string_equal(b->operators[1].outputs[0], "b");
    assert_string_equal(b->operators[2].inputs[0], "x");
    assert_string_equal(b->operators[2].outputs[0], "c");
    nnx_tfile_free(&f);
    nnx_ir_free(&g.ir);
}

/* Failing each allocation in turn: OUT_OF_MEMORY (or success), and nothing leaks. */
static void test_allocation_failures(void **state)
{
    (void)state;
    ir_graph g;
    build_onnx(&g);
    const char *in = "x", *out = "y";
    long total = 0;
    for (long n = 1;; n++) {
        counting_alloc ca = {.fail_at = n};
        nnx_alloc alloc = counting_alloc_wrap(&ca);
        nnx_tfile f;
        nnx_tfile_init(&f, &alloc);
        nnx_error err = {0};
        nnx_status st = nnx_tfile_from_ir(&g.ir, &g.x, &in, 1, &g.y, &out, 1, &f, &err);
        nnx_tfile_free(&f);
        assert_int_equal(ca.live, 0);
        if (st == NNX_OK) {
            total = n;
            break;
        }
        if (st != NNX_ERROR_OUT_OF_MEMORY)
            fail_msg("failing allocation %ld: status %d: %s", n, (int)st, err.message);
        assert_true(n < 100000);
    }
    assert_true(total > 1);
    nnx_ir_free(&g.ir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tosa_built),        cmocka_unit_test(test_onnx_legalized),
        cmocka_unit_test(test_transposes_cancel), cmocka_unit_test(test_not_supported),
        cmocka_unit_test(test_identity_outputs),  cmocka_unit_test(test_allocation_failures),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
