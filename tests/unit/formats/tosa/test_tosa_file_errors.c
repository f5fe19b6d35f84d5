/* test_tosa_file_errors.c — the .tosa reader on broken files: each hand-assembled file of
 * tfile_cases.h corrupted at one place (or a small file made for the case) must fail with
 * INVALID_ARGUMENT (NOT_SUPPORTED for data outside the buffer) and a message
 * "model.tosa: error: <Table>.<field>...: ..." naming where; every truncation fails; nesting,
 * self-references and shared objects are bounded; the file is left empty after a failure. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "formats/tosa/flatbuf_read.h"
#include "formats/tosa/tosa_file.h"

#include "tfile_cases.h"

static nnx_alloc A;

/* read of f's first n bytes fails with st and a message holding want (after the prefix). */
static void expect(const fa *f, size_t n, nnx_status st, const char *want)
{
    nnx_tfile t;
    nnx_tfile_init(&t, &A);
    nnx_error err = {0};
    nnx_status got = nnx_tfile_read(&t, f->b, n, "model.tosa", &err);
    if (got != st)
        fail_msg("status %s, wanted %s (%s)", nnx_status_string(got), nnx_status_string(st), err.message);
    if (strncmp(err.message, "model.tosa: error: ", 19) != 0 || (want && !strstr(err.message, want)))
        fail_msg("message '%s' lacks '%s'", err.message, want ? want : "model.tosa: error: ");
    assert_int_equal(t.n_regions, 0);
    nnx_tfile_free(&t);
}

static uint32_t ld32(const fa *f, size_t at)
{
    return f->b[at] | (uint32_t)f->b[at + 1] << 8 | (uint32_t)f->b[at + 2] << 16 | (uint32_t)f->b[at + 3] << 24;
}

static size_t vtable_of(const fa *f, size_t table) { return (size_t)((int64_t)table - (int32_t)ld32(f, table)); }

static void test_truncated(void **state)
{
    fa f;
    case_add(&f);
    for (size_t n = 0; n < f.n; n++)
        expect(&f, n, NNX_ERROR_INVALID_ARGUMENT, NULL);
    expect(&f, 5, NNX_ERROR_INVALID_ARGUMENT, "TosaGraph: the file has 5 bytes, fewer than the 8");
    nnx_tfile t;
    nnx_tfile_init(&t, &A);
    nnx_error err = {0};
    assert_int_equal(nnx_tfile_read(&t, NULL, 0, "model.tosa", &err), NNX_ERROR_INVALID_ARGUMENT);
    nnx_tfile_free(&t);
}

static void test_root_offset(void **state)
{
    fa f;
    case_add(&f);
    fa_st(f.b, 0x10000, 4);
    char want[128];
    snprintf(want, sizeof want, "TosaGraph: offset 0x10000 past the end of the file (size %zu)", f.n);
    expect(&f, f.n, NNX_ERROR_INVALID_ARGUMENT, want);
}

static void test_identifier(void **state)
{
    fa f;
    case_add(&f);
    memcpy(f.b + 4, "TOSB", 4);
    expect(&f, f.n, NNX_ERROR_INVALID_ARGUMENT, "TosaGraph: file identifier is 'TOSB', not 'TOSA'");
    memcpy(f.b + 4, "\0\1AB", 4);
    expect(&f, f.n, NNX_ERROR_INVALID_ARGUMENT, "identifier is '\\x00\\x01AB'");
}

static void test_vtable_offset(void **state)
{
    fa f;
    case_add(&f);
    fa_st(f.b + marks.block, 0x7FFFFFF0, 4); /* vtable before the file's start */
    expect(&f, f.n, NNX_ERROR_INVALID_ARGUMENT, "TosaBasicBlock: vtable at -");
    fa_st(f.b + marks.block, (uint32_t) - (int32_t)f.n, 4); /* past its end */
    expect(&f, f.n, NNX_ERROR_INVALID_ARGUMENT, "outside the file");
}

static void test_vtable_size(void **state)
{
    fa f;
    case_add(&f);
    size_t vt = vtable_of(&f, marks.block);
    fa_st(f.b + vt, 5, 2);
    expect(&f, f.n, NNX_ERROR_INVALID_ARGUMENT, "TosaBasicBlock: vtable size 5 is not an even number of at least 4");
    fa_st(f.b + vt, 2, 2);
    expect(&f, f.n, NNX_ERROR_INVALID_ARGUMENT, "TosaBasicBlock: vtable size 2");
    fa_st(f.b + vt, 0xFFFE, 2);
    expect(&f, f.n, NNX_ERROR_INVALID_ARGUMENT, "TosaBasicBlock: vtable of 65534 bytes");
    case_add(&f);
    fa_st(f.b + vt + 2, 2, 2); /* table size */
    expect(&f, f.n, NNX_ERROR_INVALID_ARGUMENT, "TosaBasicBlock: table size 2");
    fa_st(f.b + vt + 2, 0xFFF0, 2);
    expect(&f, f.n, NNX_ERROR_INVALID_ARGUMENT, "TosaBasicBlock: table of 65520 bytes");
}

static void test_field_offset(void **state)
{
    fa f;
    case_add(&f);
    size_t vt = vtable_of(&f, marks.op);
    uint16_t tsize = (uint16_t)(f.b[vt + 2] | f.b[vt + 3] << 8);
    fa_st(f.b + vt + 4 + 2 * 3, tsize - 2, 2); /* inputs: 4 bytes from 2 before the end */
    char want[128];
    snprintf(want, sizeof want, "TosaOperator.inputs: field at offset %u (4 bytes) past the table's size %u", tsize - 2,
             tsize);
    expect(&f, f.n, NNX_ERROR_INVALID_ARGUMENT, want);
    case_add(&f);
    fa_st(f.b + vt + 4 + 2 * 1, tsize, 2); /* the union tag */
    expect(&f, f.n, NNX_ERROR_INVALID_ARGUMENT, "TosaOperator.attribute_type: field at offset");
}

static void test_vector_count(void **state)
{
    fa f;
    case_add(&f);
    fa_st(f.b + marks.op_inputs, 0x40000001, 4); /* count * 4 wraps in 32 bits */
    expect(&f, f.n, NNX_ERROR_INVALID_ARGUMENT, "TosaOperator.inputs: 1073741825 items of 4 bytes at 0x");
    fa_st(f.b + marks.op_inputs, 0xFFFFFFFF, 4);
    expect(&f, f.n, NNX_ERROR_INVALID_ARGUMENT, "TosaOperator.inputs: 4294967295 items");
    case_add(&f);
    fa_st(f.b + marks.op_inputs + 4, 0x100000, 4); /* inputs[0] points past the end */
    expect(&f, f.n, NNX_ERROR_INVALID_ARGUMENT, "TosaOperator.inputs[0]: offset 0x");
}

static void test_strings(void **state)
{
    fa f;
    case_add(&f);
    f.b[marks.block_name + 4 + 4] = 'x'; /* "main" without its 0 */
    expect(&f, f.n, NNX_ERROR_INVALID_ARGUMENT, "TosaBasicBlock.name: string of 4 bytes at 0x");
    expect(&f, f.n, NNX_ERROR_INVALID_ARGUMENT, "is not terminated by a 0 byte");
    case_add(&f);
    fa_st(f.b + marks.block_name, 0x7FFFFFF0, 4);
    expect(&f, f.n, NNX_ERROR_INVALID_ARGUMENT, "TosaBasicBlock.name: string of 2147483632 bytes at 0x");
    case_add(&f);
    f.b[marks.block_name + 4 + 1] = 0; /* "m\0in" */
    expect(&f, f.n, NNX_ERROR_INVALID_ARGUMENT, "TosaBasicBlock.name: string of 4 bytes holds a 0 byte at 1");
    /* a name longer than NNX_TFILE_MAX_NAME */
    char name[5000];
    memset(name, 'n', sizeof name - 1);
    name[sizeof name - 1] = 0;
    size_t v = t_graph(&f, 1, 0, 0, false, 1, false);
    t_block(&f, v + 4, name, NULL, 0, NULL, 0, NULL, 0, NULL, 0, false);
    expect(&f, f.n, NNX_ERROR_INVALID_ARGUMENT, "TosaBasicBlock.name: string of 4999 bytes, longer than the 4096");
}

static void test_union_tag(void **state)
{
    fa f;
    case_add(&f);
    f.b[marks.op_tag] = 97;
    expect(&f, f.n, NNX_ERROR_INVALID_ARGUMENT,
           "TosaOperator.attribute_type: union tag 97 is not a member (0 none, 1..96)");
    f.b[marks.op_tag] = 255;
    expect(&f, f.n, NNX_ERROR_INVALID_ARGUMENT, "union tag 255");
}

static void test_enums(void **state)
{
    fa f;
    case_add(&f);
    fa_st(f.b + marks.op + 4, 97, 4); /* TosaOperator.op */
    expect(&f, f.n, NNX_ERROR_INVALID_ARGUMENT, "TosaOperator.op: 97 is not an Op (0..96)");
    case_add(&f);
    fa_st(f.b + marks.tensor0 + 12, 19, 4); /* TosaTensor.type of "a" */
    expect(&f, f.n, NNX_ERROR_INVALID_ARGUMENT, "TosaTensor.type: 19 is not a DType (0..18) (tensor 'a')");
}

static void test_data_size(void **state)
{
    fa f;
    size_t v = t_graph(&f, 1, 0, 0, false, 1, false);
    static const uint8_t data[12] = {0};
    static const t_tensor ts[] = {{"w", 2, {2, 3}, 5, data, 12, false}};
    t_block(&f, v + 4, "main", NULL, 0, ts, 1, NULL, 0, NULL, 0, false);
    expect(&f, f.n, NNX_ERROR_INVALID_ARGUMENT,
           "model.tosa: error: TosaTensor.data: 12 bytes, but shape [2, 3] of INT32 needs 24 (tensor 'w')");
    /* INT4 [5] needs 3 bytes; INT48 [2] 12 */
    static const t_tensor t4[] = {{"q", 1, {5}, 2, data, 2, false}};
    v = t_graph(&f, 1, 0, 0, false, 1, false);
    t_block(&f, v + 4, "main", NULL, 0, t4, 1, NULL, 0, NULL, 0, false);
    expect(&f, f.n, NNX_ERROR_INVALID_ARGUMENT, "TosaTensor.data: 2 bytes, but shape [5] of INT4 needs 3");
    static const t_tensor t48[] = {{"r", 1, {2}, 6, data, 8, false}};
    v = t_graph(&f, 1, 0, 0, false, 1, false);
    t_block(&f, v + 4, "main", NULL, 0, t48, 1, NULL, 0, NULL, 0, false);
    expect(&f, f.n, NNX_ERROR_INVALID_ARGUMENT, "TosaTensor.data: 8 bytes, but shape [2] of INT48 needs 12");
    /* a shape whose element count overflows */
    static const t_tensor big[] = {{"b", 3, {0x7FFFFFFF, 0x7FFFFFFF, 0x7FFFFFFF}, 5, data, 12, false}};
    v = t_graph(&f, 1, 0, 0, false, 1, false);
    t_block(&f, v + 4, "main", NULL, 0, big, 1, NULL, 0, NULL, 0, false);
    expect(&f, f.n, NNX_ERROR_INVALID_ARGUMENT, "TosaTensor.shape: shape [2147483647, 2147483647, 2147483647] has");
    /* variables, dynamic extents and empty data are not compared */
    static const t_tensor fine[] = {{"v", 2, {2, 3}, 5, data, 12, true},
                                    {"d", 2, {-1, 3}, 5, data, 12, false},
                                    {"e", 2, {2, 3}, 5, data, 0, false}};
    v = t_graph(&f, 1, 0, 0, false, 1, false);
    t_block(&f, v + 4, "main", NULL, 0, fine, 3, NULL, 0, NULL, 0, false);
    nnx_tfile t;
    nnx_tfile_init(&t, &A);
    nnx_error err = {0};
    assert_int_equal(nnx_tfile_read(&t, f.b, f.n, "model.tosa", &err), NNX_OK);
    assert_true(t.regions[0].blocks[0].tensors[2].data.present);
    assert_int_equal(t.regions[0].blocks[0].tensors[2].data.size, 0);
    nnx_tfile_free(&t);
}

static void test_shape_data(void **state)
{
    fa f;
    case_const(&f);
    fa_st(f.b + marks.shape_rank, 3, 4); /* TosaShape "sh" said rank 2 */
    expect(&f, f.n, NNX_ERROR_INVALID_ARGUMENT, "TosaShape.data: 16 bytes, but rank 3 needs 24 (shape 'sh')");
}

static void test_external_data(void **state)
{
    fa f;
    size_t v = t_graph(&f, 1, 0, 0, false, 1, false);
    size_t p[9], b[6];
    size_t blk = fa_table(&f, 6, FA_FIELDS({2, 4, 0}), b);
    fa_link(&f, v + 4, blk);
    size_t list = fa_refs(&f, 1);
    fa_link(&f, b[2], list);
    fa_link(&f, list + 4, fa_table(&f, 9, FA_FIELDS({0, 4, 0}, {7, 8, 4096}, {8, 8, 64}), p));
    fa_link(&f, p[0], fa_string(&f, "big"));
    expect(&f, f.n, NNX_ERROR_NOT_SUPPORTED,
           "TosaTensor.offset: tensor 'big' keeps its data outside the flatbuffer (offset 4096, size 64)");
    /* offset 1 (and 0) mean "in the buffer": kept */
    fa_st(f.b + p[7], 1, 8);
    nnx_tfile t;
    nnx_tfile_init(&t, &A);
    nnx_error err = {0};
    assert_int_equal(nnx_tfile_read(&t, f.b, f.n, "model.tosa", &err), NNX_OK);
    assert_int_equal(t.regions[0].blocks[0].tensors[0].offset, 1);
    assert_int_equal(t.regions[0].blocks[0].tensors[0].size, 64);
    nnx_tfile_free(&t);
}

static void test_missing_version(void **state)
{
    fa f;
    fa_start(&f, "TOSA");
    size_t g[2];
    fa_link(&f, 0, fa_table(&f, 2, FA_FIELDS({1, 4, 0}), g));
    fa_link(&f, g[1], fa_refs(&f, 0));
    expect(&f, f.n, NNX_ERROR_INVALID_ARGUMENT, "model.tosa: error: TosaGraph.version: missing (a required field)");
    /* a vtable shorter than the schema (an older writer): the missing slots are absent */
    fa_start(&f, "TOSA");
    fa_link(&f, 0, fa_table(&f, 1, FA_FIELDS({0, 4, 0}), g));
    fa_link(&f, g[0], fa_table(&f, 1, FA_FIELDS({0, 4, 1}), NULL));
    nnx_tfile t;
    nnx_tfile_init(&t, &A);
    nnx_error err = {0};
    assert_int_equal(nnx_tfile_read(&t, f.b, f.n, "model.tosa", &err), NNX_OK);
    assert_int_equal(t.version.major, 1);
    assert_int_equal(t.version.minor, -1);
    assert_true(t.version.draft);
    assert_int_equal(t.n_regions, 0);
    nnx_tfile_free(&t);
}

static void test_self_reference(void **state)
{
    fa f;
    case_add(&f);
    fa_st(f.b + marks.op_attr_ref, 0, 4); /* the attribute is its own slot: no loop, an error */
    expect(&f, f.n, NNX_ERROR_INVALID_ARGUMENT, "AddAttribute: vtable size 0");
    case_add(&f);
    fa_st(f.b + marks.op_inputs + 4, 0, 4); /* inputs[0] points at itself: a string of 0 bytes, unterminated */
    expect(&f, f.n, NNX_ERROR_INVALID_ARGUMENT, "TosaOperator.inputs[0]: string of 0 bytes");
}

/* The depth bound of the primitives: a chain of 24 tables, each one's slot 0 the next. */
static void test_nesting_depth(void **state)
{
    fa f;
    fa_start(&f, "TEST");
    size_t slot[1], prev = 0;
    for (int i = 0; i < 24; i++) {
        size_t t = fa_table(&f, 1, FA_FIELDS({0, 4, 0}), slot);
        fa_link(&f, i ? prev : 0, t);
        prev = slot[0];
    }
    fa_st(f.b + prev, 0, 4); /* the last: slot 0 points at itself */
    nnx_error err = {0};
    nnx_fb r;
    nnx_fb_init(&r, f.b, f.n, "chain.bin", &err);
    nnx_fb_table t, next;
    assert_int_equal(nnx_fb_root(&r, "TEST", "Link", &t), NNX_OK);
    bool present = true;
    int depth = 1;
    nnx_status st = NNX_OK;
    while (st == NNX_OK && present) {
        st = nnx_fb_table_field(&r, &t, 0, "Link", "next", &present, &next);
        t = next;
        depth++;
    }
    assert_int_equal(st, NNX_ERROR_INVALID_ARGUMENT);
    assert_int_equal(depth, 17);
    assert_string_equal(err.message, "chain.bin: error: Link.next: tables nested deeper than 16");
}

/* The item bound of the primitives: vectors of int32 (tables, strings) are bounded, byte data
 * only by the buffer, so large constants read. */
static void test_vector_items(void **state)
{
    fa f;
    fa_start(&f, "TEST");
    size_t p[2];
    fa_link(&f, 0, fa_table(&f, 2, FA_FIELDS({0, 4, 0}, {1, 4, 0}), p));
    fa_link(&f, p[0], fa_ints(&f, (const int32_t[]){1, 2, 3}, 3));
    fa_link(&f, p[1], fa_bytes(&f, (const uint8_t[]){1, 2, 3, 4, 5}, 5));
    nnx_error err = {0};
    nnx_fb r;
    nnx_fb_init(&r, f.b, f.n, "v.bin", &err);
    r.max_items = 2;
    nnx_fb_table t;
    nnx_fb_vec v;
    assert_int_equal(nnx_fb_root(&r, "TEST", "T", &t), NNX_OK);
    assert_int_equal(nnx_fb_vector(&r, &t, 1, 1, "bytes", &v), NNX_OK);
    assert_int_equal(v.count, 5);
    assert_int_equal(nnx_fb_vector(&r, &t, 0, 4, "ints", &v), NNX_ERROR_INVALID_ARGUMENT);
    assert_string_equal(err.message, "v.bin: error: T.ints: 3 items, more than the 2 allowed");
}

/* Shared objects: 2000 operators that are one table with 2000 inputs that are one string
 * ask for 4 million strings from 16 KB; the item budget refuses it. */
static void test_shared_objects(void **state)
{
    fa f;
    size_t v = t_graph(&f, 1, 0, 0, false, 1, false);
    size_t b[6], o[6];
    fa_link(&f, v + 4, fa_table(&f, 6, FA_FIELDS({1, 4, 0}), b));
    size_t ops = fa_refs(&f, 1500);
    fa_link(&f, b[1], ops);
    size_t op = fa_table(&f, 6, FA_FIELDS({0, 4, 15}, {3, 4, 0}), o);
    for (uint32_t i = 0; i < 1500; i++)
        fa_link(&f, ops + 4 + 4 * i, op);
    size_t ins = fa_refs(&f, 1500);
    fa_link(&f, o[3], ins);
    size_t s = fa_string(&f, "x");
    for (uint32_t i = 0; i < 1500; i++)
        fa_link(&f, ins + 4 + 4 * i, s);
    expect(&f, f.n, NNX_ERROR_INVALID_ARGUMENT, "(objects shared too often)");
}

/* Accepted oddities: a tag with no value (an empty member), a value without a tag (ignored),
 * a 1.0 operator's empty member table (ConstShapeAttribute, tag 75). */
static void test_union_edges(void **state)
{
    fa f;
    case_add(&f);
    size_t vt = vtable_of(&f, marks.op);
    fa_st(f.b + vt + 4 + 2 * 2, 0, 2); /* no attribute value */
    nnx_tfile t;
    nnx_tfile_init(&t, &A);
    nnx_error err = {0};
    assert_int_equal(nnx_tfile_read(&t, f.b, f.n, "model.tosa", &err), NNX_OK);
    assert_int_equal(t.regions[0].blocks[0].operators[0].attr.type, 15);
    case_add(&f);
    f.b[marks.op_tag] = 0;
    assert_int_equal(nnx_tfile_read(&t, f.b, f.n, "model.tosa", &err), NNX_OK);
    assert_int_equal(t.regions[0].blocks[0].operators[0].attr.type, 0);
    case_add(&f);
    f.b[marks.op_tag] = 75;
    fa_st(f.b + marks.op + 4, 75, 4);
    assert_int_equal(nnx_tfile_read(&t, f.b, f.n, "model.tosa", &err), NNX_OK);
    assert_int_equal(t.regions[0].blocks[0].operators[0].attr.type, 75);
    assert_string_equal(nnx_tfile_op_name(t.regions[0].blocks[0].operators[0].op), "CONST_SHAPE");
    nnx_tfile_free(&t);
}

int main(void)
{
    nnx_alloc_init(&A, NULL);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_truncated),      cmocka_unit_test(test_root_offset),
        cmocka_unit_test(test_identifier),     cmocka_unit_test(test_vtable_offset),
        cmocka_unit_test(test_vtable_size),    cmocka_unit_test(test_field_offset),
        cmocka_unit_test(test_vector_count),   cmocka_unit_test(test_strings),
        cmocka_unit_test(test_union_tag),      cmocka_unit_test(test_enums),
        cmocka_unit_test(test_data_size),      cmocka_unit_test(test_shape_data),
        cmocka_unit_test(test_external_data),  cmocka_unit_test(test_missing_version),
        cmocka_unit_test(test_self_reference), cmocka_unit_test(test_nesting_depth),
        cmocka_unit_test(test_shared_objects), cmocka_unit_test(test_union_edges),
        cmocka_unit_test(test_vector_items),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
