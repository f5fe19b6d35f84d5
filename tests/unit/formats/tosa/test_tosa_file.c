/* test_tosa_file.c — the .tosa reader and writer (src/formats/tosa/): hand-assembled files
 * (tfile_cases.h, laid out apart from nnx's writer) read with every field checked; round
 * trips (read(write(x)) == x, write stable) of those, of a file setting every field of every
 * Attribute member table and of the fuzz seeds and their flatc twins; names; the data
 * encodings (INT4, INT48, BOOL, SHAPE). Errors: test_tosa_file_errors.c. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/tosa/tosa_attr_schema.h"
#include "formats/tosa/tosa_data.h"
#include "formats/tosa/tosa_file.h"

#include "tfile_cases.h"

static nnx_alloc A;

static void read_ok(const fa *f, nnx_tfile *t)
{
    nnx_error err = {0};
    nnx_tfile_init(t, &A);
    if (nnx_tfile_read(t, f->b, f->n, "t.tosa", &err) != NNX_OK)
        fail_msg("%s", err.message);
}

/* read(write(x)) equals x; write(read(write(x))) gives the same bytes. */
static void round_trip(const nnx_tfile *x)
{
    uint8_t *b1, *b2;
    size_t n1, n2;
    nnx_error err = {0};
    assert_int_equal(nnx_tfile_write(x, &A, &b1, &n1, &err), NNX_OK);
    nnx_tfile y;
    nnx_tfile_init(&y, &A);
    if (nnx_tfile_read(&y, b1, n1, "w.tosa", &err) != NNX_OK)
        fail_msg("%s", err.message);
    char where[256];
    if (!nnx_tfile_equal(x, &y, where, sizeof where))
        fail_msg("read(write(x)) differs at %s", where);
    assert_int_equal(nnx_tfile_write(&y, &A, &b2, &n2, &err), NNX_OK);
    assert_int_equal(n1, n2);
    assert_memory_equal(b1, b2, n1);
    nnx_tfile_free(&y);
    nnx_mem_free(&A, b1);
    nnx_mem_free(&A, b2);
}

static void assert_names(uint32_t n, const char *const *got, const char *const *want)
{
    for (uint32_t i = 0; i < n; i++)
        assert_string_equal(got[i], want[i]);
}

static void assert_ints(const nnx_tfile_ints *v, uint32_t n, const int32_t *want)
{
    assert_true(v->present);
    assert_int_equal(v->count, n);
    for (uint32_t i = 0; i < n; i++)
        assert_int_equal(v->v[i], want[i]);
}

static void test_read_add(void **state)
{
    fa f;
    case_add(&f);
    nnx_tfile t;
    read_ok(&f, &t);
    assert_int_equal(t.version.major, 1);
    assert_int_equal(t.version.minor, 0);
    assert_int_equal(t.version.patch, 0);
    assert_false(t.version.draft);
    assert_false(t.has_software_version);
    assert_int_equal(t.n_regions, 1);
    assert_string_equal(t.regions[0].name, "main");
    assert_int_equal(t.regions[0].n_blocks, 1);
    const nnx_tfile_block *b = nnx_tfile_find_block(&t.regions[0], "main");
    assert_ptr_equal(b, &t.regions[0].blocks[0]);
    assert_null(nnx_tfile_find_block(&t.regions[0], "other"));
    assert_int_equal(b->n_inputs, 2);
    assert_names(2, b->inputs, (const char *[]){"a", "b"});
    assert_int_equal(b->n_outputs, 1);
    assert_string_equal(b->outputs[0], "c");
    assert_int_equal(b->n_shapes, 0);
    assert_int_equal(b->n_tensors, 3);
    for (uint32_t i = 0; i < 3; i++) {
        const nnx_tfile_tensor *x = &b->tensors[i];
        static const char *const want[] = {"a", "b", "c"};
        assert_string_equal(x->name, want[i]);
        assert_ints(&x->shape, 1, (const int32_t[]){2});
        assert_int_equal(x->type, NNX_TFILE_INT32);
        assert_false(x->data.present);
        assert_false(x->variable);
        assert_false(x->is_unranked);
        assert_null(x->variable_name);
        assert_int_equal(x->offset, 0);
        assert_int_equal(x->size, 0);
    }
    assert_int_equal(b->n_operators, 1);
    const nnx_tfile_operator *op = &b->operators[0];
    assert_int_equal(op->op, 15);
    assert_string_equal(nnx_tfile_op_name(op->op), "ADD");
    assert_int_equal(op->attr.type, 15);
    assert_string_equal(nnx_tfile_attr_table_name(op->attr.type), "AddAttribute");
    assert_int_equal(op->n_inputs, 2);
    assert_names(2, op->inputs, (const char *[]){"a", "b"});
    assert_int_equal(op->n_outputs, 1);
    assert_string_equal(op->outputs[0], "c");
    assert_string_equal(op->location, "add.py:3");
    round_trip(&t);
    nnx_tfile_free(&t);
}

static void test_read_const(void **state)
{
    fa f;
    case_const(&f);
    nnx_tfile t;
    read_ok(&f, &t);
    assert_int_equal(t.version.patch, 1);
    assert_true(t.version.draft);
    const nnx_tfile_block *b = &t.regions[0].blocks[0];
    assert_int_equal(b->n_inputs, 0);
    assert_int_equal(b->n_operators, 2);
    for (int i = 0; i < 2; i++) {
        assert_int_equal(b->operators[i].op, 67);
        assert_int_equal(b->operators[i].attr.type, 67);
        assert_int_equal(b->operators[i].n_inputs, 0);
        assert_null(b->operators[i].location);
    }
    const nnx_tfile_tensor *q = &b->tensors[0], *w = &b->tensors[1];
    assert_int_equal(q->type, NNX_TFILE_INT4);
    assert_true(q->data.present);
    assert_int_equal(q->data.size, 3);
    assert_int_equal((uintptr_t)q->data.data % 64, 0);
    assert_memory_equal(q->data.data, int4_data, 3);
    int8_t q4[5];
    nnx_tfile_decode(q->type, q->data.data, 5, q4);
    assert_memory_equal(q4, ((int8_t[]){1, -2, 7, -8, -1}), 5);
    assert_int_equal(w->type, NNX_TFILE_INT48);
    assert_int_equal(w->data.size, 12);
    assert_int_equal((uintptr_t)w->data.data % 64, 0);
    int64_t w48[2];
    nnx_tfile_decode(w->type, w->data.data, 2, w48);
    assert_int_equal(w48[0], -2);
    assert_int_equal(w48[1], (int64_t)1 << 40);
    assert_int_equal(b->n_shapes, 1);
    assert_string_equal(b->shapes[0].name, "sh");
    assert_int_equal(b->shapes[0].rank, 2);
    assert_int_equal(b->shapes[0].data.size, 16);
    int64_t sh[2];
    nnx_tfile_decode(NNX_TFILE_SHAPE, b->shapes[0].data.data, 2, sh);
    assert_int_equal(sh[0], 3);
    assert_int_equal(sh[1], -1);
    round_trip(&t);
    nnx_tfile_free(&t);
}

static void test_read_cond_if(void **state)
{
    fa f;
    case_cond_if(&f);
    nnx_tfile t;
    read_ok(&f, &t);
    const nnx_tfile_region *r = &t.regions[0];
    assert_int_equal(r->n_blocks, 3);
    const nnx_tfile_block *m = nnx_tfile_find_block(r, "main");
    assert_non_null(m);
    const nnx_tfile_operator *op = &m->operators[0];
    assert_int_equal(op->op, 70);
    assert_int_equal(op->attr.type, 70);
    assert_string_equal(nnx_tfile_attr_table_name(70), "CondIfAttribute");
    assert_string_equal(op->attr.graph1, "then_b");
    assert_string_equal(op->attr.graph2, "else_b");
    const nnx_tfile_block *tb = nnx_tfile_find_block(r, op->attr.graph1);
    const nnx_tfile_block *eb = nnx_tfile_find_block(r, op->attr.graph2);
    assert_ptr_equal(tb, &r->blocks[1]);
    assert_ptr_equal(eb, &r->blocks[2]);
    assert_int_equal(tb->operators[0].op, 68);
    assert_int_equal(eb->operators[0].op, 41);
    assert_string_equal(nnx_tfile_op_name(41), "NEGATE");
    assert_ints(&m->tensors[0].shape, 0, NULL); /* a rank-0 shape: present, empty */
    assert_int_equal(m->tensors[0].type, NNX_TFILE_BOOL);
    assert_names(1, tb->inputs, (const char *[]){"x"});
    assert_names(1, eb->outputs, (const char *[]){"y"});
    round_trip(&t);
    nnx_tfile_free(&t);
}

static void test_read_v11(void **state)
{
    fa f;
    case_v11(&f);
    nnx_tfile t;
    read_ok(&f, &t);
    assert_int_equal(t.version.major, 1);
    assert_int_equal(t.version.minor, 1);
    assert_int_equal(t.version.patch, 0);
    assert_true(t.version.draft);
    assert_true(t.has_software_version);
    assert_int_equal(t.sw_major, 1);
    assert_int_equal(t.sw_minor, 1);
    assert_int_equal(t.sw_micro, 0);
    assert_string_equal(t.sw_modifier, "dev");
    const nnx_tfile_block *b = &t.regions[0].blocks[0];
    assert_int_equal(b->operators[0].op, 79);
    assert_string_equal(nnx_tfile_op_name(79), "DIM");
    assert_int_equal(b->operators[0].attr.type, 79);
    assert_string_equal(nnx_tfile_attr_table_name(79), "DimAttribute");
    assert_int_equal(b->operators[0].attr.axis, 1);
    assert_int_equal(b->tensors[0].type, NNX_TFILE_INT64);
    assert_int_equal(b->tensors[1].type, NNX_TFILE_SHAPE);
    round_trip(&t);
    nnx_tfile_free(&t);
}

static void test_read_conv_clamp(void **state)
{
    fa f;
    case_conv_clamp(&f);
    nnx_tfile t;
    read_ok(&f, &t);
    const nnx_tfile_block *b = &t.regions[0].blocks[0];
    const nnx_tfile_attr *c = &b->operators[0].attr;
    assert_int_equal(b->operators[0].op, 3);
    assert_int_equal(c->type, 3);
    assert_ints(&c->pad, 4, (const int32_t[]){1, 1, 2, 2});
    assert_ints(&c->stride, 2, (const int32_t[]){2, 1});
    assert_ints(&c->dilation, 2, (const int32_t[]){1, 3});
    assert_true(c->local_bound);
    assert_int_equal(c->acc_type, NNX_TFILE_FP32);
    assert_false(c->kernel.present);
    assert_int_equal(b->operators[0].n_inputs, 4);
    const nnx_tfile_attr *k = &b->operators[1].attr;
    assert_int_equal(b->operators[1].op, 11);
    assert_int_equal(k->type, 11);
    assert_true(k->min_val.present);
    assert_int_equal(k->min_val.size, 4);
    assert_int_equal((uintptr_t)k->min_val.data % 64, 0);
    float lo, hi;
    memcpy(&lo, k->min_val.data, 4);
    memcpy(&hi, k->max_val.data, 4);
    assert_true(lo == -1.0f);
    assert_true(hi == 6.0f);
    assert_int_equal(k->nan_mode, 2);
    const nnx_tfile_tensor *w = &b->tensors[1];
    assert_string_equal(w->name, "w");
    assert_ints(&w->shape, 4, (const int32_t[]){2, 1, 1, 1});
    assert_memory_equal(w->data.data, conv_w, 8);
    round_trip(&t);
    nnx_tfile_free(&t);
}

/* A file that sets every field: each of the 96 operators carries its member table with all
 * of nnx_tfile_attr's fields set (only the member's are written), tensors with every field. */
static void fill_attr(nnx_arena *a, nnx_tfile_attr *x, uint32_t tag)
{
    static int32_t ints[] = {3, -1, 4, 1};
    static const uint8_t bytes[] = {9, 8, 7};
    x->type = (uint8_t)tag;
    x->axis = -2 - (int32_t)tag;
    x->nan_mode = 2;
    x->acc_type = 5;
    x->mode = 2;
    x->rounding_mode = 3;
    x->block_size = 32;
    nnx_tfile_ints v = {true, 4, ints};
    x->kernel = x->stride = x->pad = x->dilation = x->out_pad = x->perms = v;
    x->stride.count = 2;
    x->perms.count = 0; /* present but empty */
    x->local_bound = x->inverse = x->round = x->scale32 = x->per_channel = x->input_unsigned = x->output_unsigned =
        x->allow_broadcast = true;
    x->min_val = (nnx_tfile_bytes){true, 3, nnx_arena_memdup(a, bytes, 3)};
    x->max_val = (nnx_tfile_bytes){true, 1, nnx_arena_memdup(a, bytes + 2, 1)};
    x->implementation_attrs = (nnx_tfile_bytes){true, 0, NULL};
    x->operator_name = "my_op";
    x->domain_name = "";
    x->graph1 = "g1";
    x->graph2 = "g2";
}

static void build_everything(nnx_tfile *t)
{
    nnx_tfile_init(t, &A);
    nnx_arena *a = &t->arena;
    t->version = (nnx_tfile_version){1, 1, 0, false};
    t->has_software_version = true;
    t->sw_major = 2;
    t->sw_modifier = "rc1";
    t->n_regions = 2;
    t->regions = nnx_arena_array(a, 2, sizeof *t->regions);
    nnx_tfile_region *r = &t->regions[0];
    r->name = "main";
    r->n_blocks = 2;
    r->blocks = nnx_arena_array(a, 2, sizeof *r->blocks);
    nnx_tfile_block *b = &r->blocks[0];
    b->name = "main";
    b->n_operators = NNX_TFILE_OP_COUNT + 1;
    b->operators = nnx_arena_array(a, b->n_operators, sizeof *b->operators);
    static const char *names[] = {"x", "y", "z"};
    for (uint32_t i = 0; i < NNX_TFILE_OP_COUNT; i++) {
        nnx_tfile_operator *op = &b->operators[i];
        op->op = i;
        fill_attr(a, &op->attr, i);
        op->n_inputs = i % 3;
        op->inputs = names;
        op->n_outputs = 1;
        op->outputs = names + 2;
        op->location = i % 2 ? "loc" : NULL;
    }
    b->operators[NNX_TFILE_OP_COUNT].op = 15; /* ADD without an attribute table */
    b->n_tensors = 4;
    b->tensors = nnx_arena_array(a, 4, sizeof *b->tensors);
    static int32_t shape[] = {2, 3};
    static const uint8_t data[6] = {1, 2, 3, 4, 5, 6};
    b->tensors[0] = (nnx_tfile_tensor){.name = "k",
                                       .shape = {true, 2, shape},
                                       .type = NNX_TFILE_INT8,
                                       .data = {true, 6, nnx_arena_memdup(a, data, 6)}};
    b->tensors[1] = (nnx_tfile_tensor){.name = "v",
                                       .shape = {true, 1, shape},
                                       .type = NNX_TFILE_FP16,
                                       .data = {true, 4, nnx_arena_memdup(a, data, 4)},
                                       .variable = true,
                                       .variable_name = "state",
                                       .offset = 1,
                                       .size = 4};
    b->tensors[2] = (nnx_tfile_tensor){.name = "u", .type = NNX_TFILE_FP32, .is_unranked = true};
    b->tensors[3] = (nnx_tfile_tensor){.shape = {true, 0, NULL}, .data = {true, 0, NULL}}; /* no name */
    b->n_inputs = 2;
    b->inputs = names;
    b->n_outputs = 1;
    b->outputs = names + 1;
    b->n_shapes = 2;
    b->shapes = nnx_arena_array(a, 2, sizeof *b->shapes);
    static const uint8_t s8[8] = {7};
    b->shapes[0] = (nnx_tfile_shape){"s", 1, {true, 8, nnx_arena_memdup(a, s8, 8)}};
    b->shapes[1] = (nnx_tfile_shape){NULL, 0, {false, 0, NULL}};
    r->blocks[1].name = ""; /* an empty block, named "" */
    /* regions[1]: no name, no blocks */
}

static void test_round_trip_everything(void **state)
{
    nnx_tfile t;
    build_everything(&t);
    round_trip(&t);
    /* only the member table's fields travel: ADD's table has none */
    uint8_t *buf;
    size_t n;
    nnx_error err = {0};
    assert_int_equal(nnx_tfile_write(&t, &A, &buf, &n, &err), NNX_OK);
    nnx_tfile y;
    nnx_tfile_init(&y, &A);
    assert_int_equal(nnx_tfile_read(&y, buf, n, "w.tosa", &err), NNX_OK);
    const nnx_tfile_operator *ops = y.regions[0].blocks[0].operators;
    assert_int_equal(ops[15].attr.type, 15);
    assert_int_equal(ops[15].attr.axis, 0);
    assert_false(ops[15].attr.kernel.present);
    assert_null(ops[15].attr.operator_name);
    assert_int_equal(ops[NNX_TFILE_OP_COUNT].attr.type, 0);
    /* every field of every member table came back */
    for (uint32_t tag = 1; tag < NNX_TFILE_OP_COUNT; tag++) {
        unsigned nf;
        const nnx_tfile_attr_field *fl = nnx_tfile_attr_fields(tag, &nf);
        for (unsigned i = 0; i < nf; i++) {
            const void *m = (const char *)&ops[tag].attr + fl[i].offset;
            switch (fl[i].kind) {
            case NNX_TFK_I32: assert_int_equal(*(const int32_t *)m, -2 - (int32_t)tag); break;
            case NNX_TFK_ENUM: assert_true(*(const uint32_t *)m != 0); break;
            case NNX_TFK_BOOL: assert_true(*(const bool *)m); break;
            case NNX_TFK_INTS: assert_true(((const nnx_tfile_ints *)m)->present); break;
            case NNX_TFK_BYTES: assert_true(((const nnx_tfile_bytes *)m)->present); break;
            case NNX_TFK_STRING: assert_non_null(*(const char *const *)m); break;
            }
        }
    }
    /* the member tables tosa.fbs lists, by tag */
    assert_int_equal(ops[3].attr.pad.count, 4);
    assert_int_equal(ops[3].attr.stride.count, 2);
    assert_int_equal(ops[10].attr.out_pad.count, 4);
    assert_true(ops[61].attr.perms.present);
    assert_int_equal(ops[61].attr.perms.count, 0);
    assert_int_equal(ops[64].attr.mode, 2);
    assert_int_equal(ops[66].attr.rounding_mode, 3);
    assert_string_equal(ops[69].attr.operator_name, "my_op");
    assert_string_equal(ops[69].attr.domain_name, "");
    assert_true(ops[69].attr.implementation_attrs.present);
    assert_string_equal(ops[71].attr.graph1, "g1");
    assert_int_equal(ops[76].attr.block_size, 32);
    assert_true(ops[93].attr.allow_broadcast);
    assert_int_equal(ops[96].attr.acc_type, 5);
    assert_int_equal(ops[96].attr.nan_mode, 0);
    nnx_tfile_free(&y);
    nnx_mem_free(&A, buf);
    nnx_tfile_free(&t);
}

/* The writer refuses what the reader would refuse, naming the item. */
static void test_write_refuses(void **state)
{
    nnx_tfile t;
    build_everything(&t);
    uint8_t *buf = (uint8_t *)1;
    size_t n = 1;
    nnx_error err = {0};
    t.regions[0].blocks[0].operators[5].attr.type = 97;
    assert_int_equal(nnx_tfile_write(&t, &A, &buf, &n, &err), NNX_ERROR_INVALID_ARGUMENT);
    assert_null(buf);
    assert_string_equal(err.message,
                        "error: regions[0].blocks[0].operators[5]: op 5 or attribute tag 97 is past the schema's 96");
    t.regions[0].blocks[0].operators[5].attr.type = 5;
    t.regions[0].blocks[0].tensors[2].type = 19;
    nnx_error_clear(&err);
    assert_int_equal(nnx_tfile_write(&t, &A, &buf, &n, &err), NNX_ERROR_INVALID_ARGUMENT);
    assert_string_equal(err.message, "error: regions[0].blocks[0].tensors[2]: type 19 is not a DType");
    nnx_tfile_free(&t);
}

static void test_equal_names_difference(void **state)
{
    nnx_tfile a, b;
    build_everything(&a);
    build_everything(&b);
    char where[256];
    assert_true(nnx_tfile_equal(&a, &b, where, sizeof where));
    b.regions[0].blocks[0].operators[3].attr.pad.v = (int32_t[]){3, -1, 4, 2};
    assert_false(nnx_tfile_equal(&a, &b, where, sizeof where));
    assert_string_equal(where, "regions[0].blocks[0].operators[3].attr.pad");
    b.regions[0].blocks[0].operators[3].attr.pad = a.regions[0].blocks[0].operators[3].attr.pad;
    b.regions[0].blocks[0].operators[15].attr.pad.count = 1; /* not a field of AddAttribute */
    assert_true(nnx_tfile_equal(&a, &b, where, sizeof where));
    b.regions[0].blocks[0].tensors[1].variable_name = "other";
    assert_false(nnx_tfile_equal(&a, &b, NULL, 0));
    assert_false(nnx_tfile_equal(&a, &b, where, sizeof where));
    assert_string_equal(where, "regions[0].blocks[0].tensors[1].variable_name");
    b.regions[0].blocks[0].tensors[1].variable_name = "state";
    b.regions[0].blocks[0].inputs = (const char *[]){"x", "q"};
    assert_false(nnx_tfile_equal(&a, &b, where, sizeof where));
    assert_string_equal(where, "regions[0].blocks[0].inputs[1]");
    b.sw_modifier = NULL;
    assert_false(nnx_tfile_equal(&a, &b, where, sizeof where));
    assert_string_equal(where, "software_version");
    nnx_tfile_free(&a);
    nnx_tfile_free(&b);
}

static void test_names(void **state)
{
    assert_string_equal(nnx_tfile_op_name(0), "UNKNOWN");
    for (uint32_t op = 1; op < NNX_TFILE_OP_COUNT_1_0; op++)
        assert_string_equal(nnx_tfile_op_name(op), nnx_tosa_op_name((nnx_tosa_op)op));
    assert_string_equal(nnx_tfile_op_name(75), "CONST_SHAPE");
    assert_string_equal(nnx_tfile_op_name(76), "MATMUL_T_BLOCK_SCALED");
    assert_string_equal(nnx_tfile_op_name(93), "ASSERT_EQUAL_SHAPE");
    assert_string_equal(nnx_tfile_op_name(96), "AVG_POOL2D_ADAPTIVE");
    assert_null(nnx_tfile_op_name(97));
    assert_string_equal(nnx_tfile_attr_table_name(0), "NONE");
    assert_string_equal(nnx_tfile_attr_table_name(1), "ArgMaxAttribute");
    assert_string_equal(nnx_tfile_attr_table_name(3), "Conv2dAttribute");
    assert_string_equal(nnx_tfile_attr_table_name(6), "FFT2dAttribute");
    assert_string_equal(nnx_tfile_attr_table_name(15), "AddAttribute");
    assert_string_equal(nnx_tfile_attr_table_name(71), "WhileLoopAttribute");
    assert_string_equal(nnx_tfile_attr_table_name(75), "ConstShapeAttribute");
    assert_string_equal(nnx_tfile_attr_table_name(76), "MatMulTBlockScaledAttribute");
    assert_string_equal(nnx_tfile_attr_table_name(96), "AvgPool2dAdaptiveAttribute");
    assert_null(nnx_tfile_attr_table_name(97));
    assert_string_equal(nnx_tfile_dtype_name(0), "UNKNOWN");
    assert_string_equal(nnx_tfile_dtype_name(10), "SHAPE");
    assert_string_equal(nnx_tfile_dtype_name(12), "FP8E5M2");
    assert_string_equal(nnx_tfile_dtype_name(18), "MXINT8");
    assert_null(nnx_tfile_dtype_name(19));
    /* the member tables with fields, as many as tosa.fbs has */
    unsigned with_fields = 0, n;
    for (uint32_t tag = 0; tag <= NNX_TFILE_OP_COUNT; tag++) {
        nnx_tfile_attr_fields(tag, &n);
        with_fields += n > 0;
    }
    assert_int_equal(with_fields, 35);
    nnx_tfile_attr_fields(2, &n);
    assert_int_equal(n, 4);
    nnx_tfile_attr_fields(66, &n);
    assert_int_equal(n, 5);
}

static void test_dtypes(void **state)
{
    assert_int_equal(nnx_tfile_dtype_to_nnx(NNX_TFILE_SHAPE), NNX_INT64);
    assert_int_equal(nnx_tfile_dtype_to_nnx(NNX_TFILE_INT48), NNX_INT48);
    assert_int_equal(nnx_tfile_dtype_to_nnx(NNX_TFILE_BF16), NNX_BFLOAT16);
    assert_int_equal(nnx_tfile_dtype_to_nnx(NNX_TFILE_FP6E2M3), NNX_DTYPE_UNDEFINED);
    assert_int_equal(nnx_tfile_dtype_to_nnx(NNX_TFILE_MXINT8), NNX_DTYPE_UNDEFINED);
    assert_int_equal(nnx_tfile_dtype_to_nnx(99), NNX_DTYPE_UNDEFINED);
    assert_int_equal(nnx_tfile_dtype_from_nnx(NNX_INT64), NNX_TFILE_INT64);
    assert_int_equal(nnx_tfile_dtype_from_nnx(NNX_FLOAT64), NNX_TFILE_UNKNOWN);
    assert_int_equal(nnx_tfile_dtype_from_nnx(NNX_UINT8), NNX_TFILE_UNKNOWN);
    for (uint32_t t = 1; t < NNX_TFILE_DTYPE_COUNT; t++) {
        nnx_dtype d = nnx_tfile_dtype_to_nnx(t);
        if (d != NNX_DTYPE_UNDEFINED && t != NNX_TFILE_SHAPE)
            assert_int_equal(nnx_tfile_dtype_from_nnx(d), t);
    }
    size_t n;
    assert_true(nnx_tfile_data_size(NNX_TFILE_INT4, 5, &n));
    assert_int_equal(n, 3);
    assert_true(nnx_tfile_data_size(NNX_TFILE_INT48, 3, &n));
    assert_int_equal(n, 18);
    assert_true(nnx_tfile_data_size(NNX_TFILE_SHAPE, 2, &n));
    assert_int_equal(n, 16);
    assert_true(nnx_tfile_data_size(NNX_TFILE_BOOL, 0, &n));
    assert_int_equal(n, 0);
    assert_false(nnx_tfile_data_size(NNX_TFILE_UNKNOWN, 1, &n));
    assert_false(nnx_tfile_data_size(NNX_TFILE_FP6E3M2, 1, &n));
    assert_false(nnx_tfile_data_size(NNX_TFILE_INT64, UINT64_MAX / 4, &n));
}

static void test_encodings(void **state)
{
    /* INT4, odd count, negatives: low nibble first, the last high nibble 0 */
    const int8_t i4[5] = {-8, 7, -1, 0, -3};
    uint8_t e4[3];
    nnx_tfile_encode(NNX_TFILE_INT4, i4, 5, e4);
    assert_memory_equal(e4, ((uint8_t[]){0x78, 0x0F, 0x0D}), 3);
    int8_t d4[5];
    nnx_tfile_decode(NNX_TFILE_INT4, e4, 5, d4);
    assert_memory_equal(d4, i4, 5);
    /* INT48: six bytes two's complement, sign-extended to int64 */
    const int64_t i48[3] = {-1, ((int64_t)1 << 47) - 1, -((int64_t)1 << 47)};
    uint8_t e48[18];
    nnx_tfile_encode(NNX_TFILE_INT48, i48, 3, e48);
    assert_memory_equal(
        e48, ((uint8_t[]){0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F, 0, 0, 0, 0, 0, 0x80}),
        18);
    int64_t d48[3];
    nnx_tfile_decode(NNX_TFILE_INT48, e48, 3, d48);
    assert_memory_equal(d48, i48, sizeof i48);
    /* BOOL: one byte 0/1 (any non-zero byte reads as 1) */
    const uint8_t eb[4] = {0, 1, 2, 0};
    uint8_t db[4];
    nnx_tfile_decode(NNX_TFILE_BOOL, eb, 4, db);
    assert_memory_equal(db, ((uint8_t[]){0, 1, 1, 0}), 4);
    uint8_t rb[4];
    nnx_tfile_encode(NNX_TFILE_BOOL, db, 4, rb);
    assert_memory_equal(rb, ((uint8_t[]){0, 1, 1, 0}), 4);
    /* SHAPE: eight bytes little-endian into int64 */
    const int64_t sh[2] = {-1, 0x0102030405060708};
    uint8_t es[16];
    nnx_tfile_encode(NNX_TFILE_SHAPE, sh, 2, es);
    assert_memory_equal(es, ((uint8_t[]){0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 8, 7, 6, 5, 4, 3, 2, 1}), 16);
    int64_t ds[2];
    nnx_tfile_decode(NNX_TFILE_SHAPE, es, 2, ds);
    assert_memory_equal(ds, sh, sizeof sh);
    /* INT16 and FP32 are plain little-endian */
    const int16_t i16[2] = {-2, 0x1234};
    uint8_t e16[4];
    nnx_tfile_encode(NNX_TFILE_INT16, i16, 2, e16);
    assert_memory_equal(e16, ((uint8_t[]){0xFE, 0xFF, 0x34, 0x12}), 4);
    /* FP4E2M1 packs like INT4 but keeps its bits (no sign extension) */
    uint8_t f4[3];
    nnx_tfile_decode(NNX_TFILE_FP4E2M1, (const uint8_t[]){0xF9, 0x02}, 3, f4);
    assert_memory_equal(f4, ((uint8_t[]){0x9, 0xF, 0x2}), 3);
}

/* The bytes of the fuzzer's seed name (tests/fuzz/corpus/tosa_flatbuffer/) into buf. */
static size_t read_seed(const char *name, uint8_t *buf, size_t size)
{
    char path[512];
    snprintf(path, sizeof path, "%s/tests/fuzz/corpus/tosa_flatbuffer/%s", NNX_SOURCE_DIR, name);
    FILE *fp = fopen(path, "rb");
    if (!fp)
        fail_msg("cannot open %s", path);
    size_t n = fread(buf, 1, size, fp);
    fclose(fp);
    return n;
}

/* The fuzzer's seeds (tests/fuzz/gen_tosa_flatbuffer_corpus.py, laid out by another hand):
 * the valid ones read and round-trip, and equal their flatc_ twins, the same graphs laid out
 * by the FlatBuffers compiler (back to front, shared vtables); the broken ones fail. */
static void test_fuzz_seeds(void **state)
{
    static const struct {
        const char *name;
        nnx_status st;
    } seeds[] = {{"add.tosa", NNX_OK},
                 {"clamp.tosa", NNX_OK},
                 {"cond_if.tosa", NNX_OK},
                 {"const_int4.tosa", NNX_OK},
                 {"const_int48.tosa", NNX_OK},
                 {"conv.tosa", NNX_OK},
                 {"custom_rescale.tosa", NNX_OK},
                 {"v11_dim.tosa", NNX_OK},
                 {"bad_identifier.tosa", NNX_ERROR_INVALID_ARGUMENT},
                 {"truncated.tosa", NNX_ERROR_INVALID_ARGUMENT},
                 {"root_past_end.tosa", NNX_ERROR_INVALID_ARGUMENT},
                 {"data_size_mismatch.tosa", NNX_ERROR_INVALID_ARGUMENT}};
    for (size_t i = 0; i < sizeof seeds / sizeof seeds[0]; i++) {
        static uint8_t buf[4096];
        size_t n = read_seed(seeds[i].name, buf, sizeof buf);
        nnx_tfile t;
        nnx_tfile_init(&t, &A);
        nnx_error err = {0};
        nnx_status st = nnx_tfile_read(&t, buf, n, seeds[i].name, &err);
        if (st != seeds[i].st)
            fail_msg("%s: %s (%s)", seeds[i].name, nnx_status_string(st), err.message);
        if (st == NNX_OK) {
            round_trip(&t);
            char twin[64], where[256];
            snprintf(twin, sizeof twin, "flatc_%s", seeds[i].name);
            n = read_seed(twin, buf, sizeof buf);
            nnx_tfile u;
            nnx_tfile_init(&u, &A);
            if (nnx_tfile_read(&u, buf, n, twin, &err) != NNX_OK)
                fail_msg("%s", err.message);
            if (!nnx_tfile_equal(&t, &u, where, sizeof where))
                fail_msg("%s and %s differ at %s", seeds[i].name, twin, where);
            nnx_tfile_free(&u);
        }
        nnx_tfile_free(&t);
    }
}

int main(void)
{
    nnx_alloc_init(&A, NULL);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_read_add),        cmocka_unit_test(test_read_const),
        cmocka_unit_test(test_read_cond_if),    cmocka_unit_test(test_read_v11),
        cmocka_unit_test(test_read_conv_clamp), cmocka_unit_test(test_round_trip_everything),
        cmocka_unit_test(test_write_refuses),   cmocka_unit_test(test_equal_names_difference),
        cmocka_unit_test(test_names),           cmocka_unit_test(test_dtypes),
        cmocka_unit_test(test_encodings),       cmocka_unit_test(test_fuzz_seeds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
