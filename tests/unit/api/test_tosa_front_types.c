/* test_tosa_front_types.c — TOSA 1.0 Supported Data Types (Appendix B) through the C API:
 * every row of the generated table (src/api/tosa_types_table.h, from the Supported Data
 * Types tables of TOSA 1.0 chapter 2 by tests/unit/api/gen_tosa_front_types.py) builds with the
 * profiles it names, runs once on zeros (a kernel exists for every combination), and is refused
 * (NNX_ERROR_NOT_SUPPORTED) without one of them; every unlisted type of
 * every single-type operator, and every unlisted pair of CAST, RESCALE, CONV2D and the
 * others, is refused with the data-types ERROR_IF. Spot checks pin facts of TOSA 1.0 §6 (Appendix
 * B) so that the table itself is checked too. */
#include "test_tosa_front_harness.h"

#include "api/tosa_front.h"
#include "api/tosa_types_table.h"

#include <stdlib.h>

static const nnx_dtype all_types[] = {NNX_BOOL,    NNX_INT4,     NNX_INT8,    NNX_INT16,   NNX_INT32,  NNX_INT48,
                                      NNX_FLOAT16, NNX_BFLOAT16, NNX_FLOAT32, NNX_FP8E4M3, NNX_FP8E5M2};
#define N_TYPES (sizeof all_types / sizeof *all_types)

static nnx_operand *in1(tf *h, const char *name, nnx_dtype dt, uint32_t rank, uint32_t a, uint32_t b, uint32_t c,
                        uint32_t d, uint32_t e)
{
    uint32_t s[5] = {a, b, c, d, e};
    return tf_input(h, name, dt, rank, s);
}

static nnx_operand *zeros(tf *h, nnx_dtype dt, uint32_t rank, uint32_t a, uint32_t b, uint32_t c, uint32_t d,
                          uint32_t e)
{
    static const unsigned char z[2048] = {0};
    uint32_t s[5] = {a, b, c, d, e};
    assert_true(tf_bytes(dt, rank, s) <= sizeof z);
    return tf_const(h, dt, rank, s, z);
}

static bool keep(nnx_tosa *t, void *user, nnx_operand *const *in, uint32_t n, nnx_operand **out, uint32_t n_out)
{
    (void)user, (void)n, (void)n_out;
    return nnx_tosa_add(t, NNX_TOSA_IDENTITY, in, 1, NULL, out, 1) == 1;
}

/* A WHILE_LOOP condition that is false at once. */
static bool never(nnx_tosa *t, void *user, nnx_operand *const *in, uint32_t n, nnx_operand **out, uint32_t n_out)
{
    (void)user, (void)in, (void)n, (void)n_out;
    static const bool f = false;
    nnx_tosa_attrs a = {.desc = {NNX_BOOL, 1, {1}}, .values = &f, .values_size = 1};
    return nnx_tosa_add(t, NNX_TOSA_CONST, NULL, 0, &a, out, 1) == 1;
}

/* Adds r's operator with r's types; returns the builder status afterwards, and the results
 * through res / n_res (none for VARIABLE, VARIABLE_WRITE). */
static nnx_status build_row(tf *h, const nnx_tosa_type_row *r, nnx_operand **res, uint32_t *n_res)
{
    nnx_dtype t0 = r->types[0], t1 = r->types[1], t2 = r->types[2], t3 = r->types[3];
    nnx_tosa_attrs a = {0};
    nnx_operand *x[6] = {0}, *out[2];
    uint32_t n = 1, n_out = 1;
    static const int64_t one = 1, sc[4] = {1, 1, 1, 1}, zero2[2] = {0, 0};
    static const int32_t perm0[1] = {0};
    switch (r->op) {
    case NNX_TOSA_AVG_POOL2D:
    case NNX_TOSA_MAX_POOL2D:
        x[0] = in1(h, "x", t0, 4, 1, 1, 1, 1, 0);
        a = (nnx_tosa_attrs){.kernel = {1, 1}, .stride = {1, 1}, .acc_type = r->op == NNX_TOSA_AVG_POOL2D ? t1 : 0};
        break;
    case NNX_TOSA_CONV2D:
    case NNX_TOSA_DEPTHWISE_CONV2D:
    case NNX_TOSA_TRANSPOSE_CONV2D:
    case NNX_TOSA_CONV3D: {
        uint32_t rk = r->op == NNX_TOSA_CONV3D ? 5 : 4;
        x[0] = in1(h, "x", t0, rk, 1, 1, 1, 1, 1);
        x[1] = zeros(h, t1, rk, 1, 1, 1, 1, 1);
        x[2] = zeros(h, t2, 1, 1, 0, 0, 0, 0);
        n = 3;
        a = (nnx_tosa_attrs){.stride = {1, 1, 1}, .dilation = {1, 1, 1}, .acc_type = t3};
        break;
    }
    case NNX_TOSA_MATMUL:
        x[0] = in1(h, "a", t0, 3, 1, 1, 1, 0, 0), x[1] = in1(h, "b", t0, 3, 1, 1, 1, 0, 0), n = 2;
        a.out_type = t1;
        break;
    case NNX_TOSA_FFT2D:
        x[0] = in1(h, "a", t0, 3, 1, 1, 1, 0, 0), x[1] = in1(h, "b", t0, 3, 1, 1, 1, 0, 0), n = 2, n_out = 2;
        break;
    case NNX_TOSA_RFFT2D: x[0] = in1(h, "a", t0, 3, 1, 1, 1, 0, 0), n_out = 2; break;
    case NNX_TOSA_TABLE:
        x[0] = in1(h, "x", t0, 1, 2, 0, 0, 0, 0), x[1] = zeros(h, t1, 1, r->table_size, 0, 0, 0, 0), n = 2;
        break;
    case NNX_TOSA_GATHER:
        x[0] = in1(h, "v", t1, 3, 1, 2, 1, 0, 0), x[1] = in1(h, "i", t0, 2, 1, 1, 0, 0, 0), n = 2;
        break;
    case NNX_TOSA_SCATTER:
        x[0] = in1(h, "v", t0, 3, 1, 2, 1, 0, 0), x[1] = in1(h, "i", t1, 2, 1, 1, 0, 0, 0);
        x[2] = in1(h, "u", t0, 3, 1, 1, 1, 0, 0), n = 3;
        break;
    case NNX_TOSA_RESIZE:
        x[0] = in1(h, "x", t1, 4, 1, 1, 1, 1, 0), x[1] = tf_shape(h, sc, 4), x[2] = tf_shape(h, zero2, 2);
        x[3] = tf_shape(h, zero2, 2), n = 4;
        a.mode = r->mode;
        break;
    case NNX_TOSA_CAST: x[0] = in1(h, "x", t0, 1, 2, 0, 0, 0, 0), a.out_type = t1; break;
    case NNX_TOSA_RESCALE: {
        bool s32 = t0 != NNX_INT48;
        int32_t m32 = 1 << 30;
        int16_t m16 = 1 << 14;
        int8_t sh = s32 ? 30 : 14;
        x[0] = in1(h, "x", t0, 1, 2, 0, 0, 0, 0);
        x[1] = s32 ? tf_scalar(h, NNX_INT32, &m32) : tf_scalar(h, NNX_INT16, &m16);
        x[2] = tf_scalar(h, NNX_INT8, &sh), x[3] = zeros(h, t0, 1, 1, 0, 0, 0, 0),
        x[4] = zeros(h, t1, 1, 1, 0, 0, 0, 0);
        n = 5;
        a = (nnx_tosa_attrs){.out_type = t1, .scale32 = s32};
        break;
    }
    case NNX_TOSA_CONST:
        a.desc = (nnx_operand_desc){t0, 1, {2}}, a.values = (uint64_t[2]){0}, a.values_size = 2 * nnx_dtype_size(t0),
        n = 0;
        break;
    case NNX_TOSA_CONST_SHAPE: a.shape_values = &one, a.shape_values_count = 1, n = 0; break;
    case NNX_TOSA_VARIABLE:
    case NNX_TOSA_VARIABLE_READ:
    case NNX_TOSA_VARIABLE_WRITE: {
        nnx_tosa_attrs v = {.uid = 1, .desc = {t0, 1, {2}}};
        nnx_tosa_add(h->t, NNX_TOSA_VARIABLE, NULL, 0, &v, NULL, 0);
        *n_res = 0;
        if (r->op == NNX_TOSA_VARIABLE)
            return nnx_builder_status(h->b);
        a.uid = 1;
        if (r->op == NNX_TOSA_VARIABLE_READ)
            n = 0;
        else
            x[0] = in1(h, "x", t0, 1, 2, 0, 0, 0, 0), n_out = 0;
        break;
    }
    case NNX_TOSA_COND_IF:
        x[0] = in1(h, "c", t0, 1, 1, 0, 0, 0, 0), x[1] = in1(h, "x", NNX_INT8, 1, 2, 0, 0, 0, 0), n = 2;
        a.graph1 = a.graph2 = keep;
        break;
    case NNX_TOSA_WHILE_LOOP:
        x[0] = in1(h, "x", NNX_INT8, 1, 2, 0, 0, 0, 0);
        a.graph1 = never, a.graph2 = keep;
        break;
    case NNX_TOSA_CUSTOM: x[0] = in1(h, "x", NNX_INT8, 1, 2, 0, 0, 0, 0); break;
    case NNX_TOSA_SELECT:
        x[0] = in1(h, "c", NNX_BOOL, 1, 2, 0, 0, 0, 0), x[1] = in1(h, "a", t0, 1, 2, 0, 0, 0, 0);
        x[2] = in1(h, "b", t0, 1, 2, 0, 0, 0, 0), n = 3;
        break;
    case NNX_TOSA_PAD: x[0] = in1(h, "x", t0, 1, 2, 0, 0, 0, 0), x[1] = tf_shape(h, zero2, 2), n = 2; break;
    case NNX_TOSA_RESHAPE:
        x[0] = in1(h, "x", t0, 1, 2, 0, 0, 0, 0), x[1] = tf_shape(h, (int64_t[1]){2}, 1), n = 2;
        break;
    case NNX_TOSA_SLICE:
        x[0] = in1(h, "x", t0, 1, 2, 0, 0, 0, 0), x[1] = tf_shape(h, zero2, 1), x[2] = tf_shape(h, &one, 1), n = 3;
        break;
    case NNX_TOSA_TILE: x[0] = in1(h, "x", t0, 1, 2, 0, 0, 0, 0), x[1] = tf_shape(h, &one, 1), n = 2; break;
    case NNX_TOSA_TRANSPOSE: x[0] = in1(h, "x", t0, 1, 2, 0, 0, 0, 0), a.perms = perm0, a.perms_count = 1; break;
    case NNX_TOSA_ADD:
    case NNX_TOSA_SUB:
    case NNX_TOSA_MUL:
    case NNX_TOSA_POW:
    case NNX_TOSA_MAXIMUM:
    case NNX_TOSA_MINIMUM:
    case NNX_TOSA_INTDIV:
    case NNX_TOSA_EQUAL:
    case NNX_TOSA_GREATER:
    case NNX_TOSA_GREATER_EQUAL:
    case NNX_TOSA_LOGICAL_AND:
    case NNX_TOSA_LOGICAL_OR:
    case NNX_TOSA_LOGICAL_XOR:
    case NNX_TOSA_BITWISE_AND:
    case NNX_TOSA_BITWISE_OR:
    case NNX_TOSA_BITWISE_XOR:
    case NNX_TOSA_LOGICAL_LEFT_SHIFT:
    case NNX_TOSA_LOGICAL_RIGHT_SHIFT:
    case NNX_TOSA_ARITHMETIC_RIGHT_SHIFT:
    case NNX_TOSA_CONCAT:
        x[0] = in1(h, "a", t0, 1, 2, 0, 0, 0, 0), x[1] = in1(h, "b", t0, 1, 2, 0, 0, 0, 0), n = 2;
        break;
    default: x[0] = in1(h, "x", t0, 1, 2, 0, 0, 0, 0); break; /* unary, reductions, ARGMAX, IDENTITY, ... */
    }
    nnx_tosa_add(h->t, r->op, x, n, &a, out, n_out);
    for (uint32_t i = 0; i < n_out; i++)
        res[i] = out[i];
    *n_res = n_out;
    return nnx_builder_status(h->b);
}

/* Builds the results of a row into a graph and runs it once on zero-filled inputs: every
 * listed type combination has a kernel. Constants as results get an IDENTITY first. */
static void run_row(tf *h, const nnx_tosa_type_row *r, nnx_operand **res, uint32_t n_res)
{
    if (r->op == NNX_TOSA_CONST || r->op == NNX_TOSA_CONST_SHAPE) {
        if (r->op == NNX_TOSA_CONST_SHAPE)
            return; /* shape_t values exist at build time only */
        nnx_tosa_add(h->t, NNX_TOSA_IDENTITY, res, 1, NULL, res, 1);
    }
    static const char *const names[2] = {"y0", "y1"};
    nnx_named_operand no[2];
    for (uint32_t i = 0; i < n_res; i++)
        no[i] = (nnx_named_operand){names[i], res[i]};
    nnx_graph *g = NULL;
    if (nnx_builder_build(h->b, no, n_res, &g) != NNX_OK)
        fail_msg("%s: build: %s", nnx_tosa_op_name(r->op), nnx_builder_error(h->b));
    tf_buf in[8], out[2];
    size_t n_in = nnx_graph_input_count(g);
    assert_true(n_in <= 8);
    for (size_t i = 0; i < n_in; i++) {
        nnx_operand_desc d;
        nnx_graph_input_desc(g, i, &d);
        size_t bytes = tf_bytes(d.dtype, d.rank, d.shape);
        in[i] = (tf_buf){nnx_graph_input_name(g, i), calloc(1, bytes), bytes};
    }
    for (uint32_t i = 0; i < n_res; i++) {
        nnx_operand_desc d;
        nnx_graph_output_desc(g, i, &d);
        size_t bytes = tf_bytes(d.dtype, d.rank, d.shape);
        out[i] = (tf_buf){names[i], calloc(1, bytes), bytes};
    }
    tf_dispatch(h->ctx, g, in, n_in, out, n_res);
    for (size_t i = 0; i < n_in; i++)
        free((void *)in[i].data);
    for (uint32_t i = 0; i < n_res; i++)
        free((void *)out[i].data);
    nnx_graph_destroy(g);
}

static uint32_t base_profile(uint32_t bits)
{
    uint32_t p = bits;
    if (bits & (NNX_TOSA_EXT_INT16 | NNX_TOSA_EXT_INT4))
        p |= NNX_TOSA_PRO_INT;
    if (bits & (NNX_TOSA_EXT_BF16 | NNX_TOSA_EXT_FP8E4M3 | NNX_TOSA_EXT_FP8E5M2 | NNX_TOSA_EXT_FFT))
        p |= NNX_TOSA_PRO_FP;
    if (!(p & (NNX_TOSA_PRO_INT | NNX_TOSA_PRO_FP)))
        p |= NNX_TOSA_PRO_INT;
    return p;
}

static bool not_a_type_error(tf *h)
{
    return nnx_builder_status(h->b) == NNX_ERROR_NOT_SUPPORTED && !strstr(nnx_builder_error(h->b), "data types");
}

static bool same_types_enabled(const nnx_tosa_type_row *r, uint32_t profiles)
{
    for (uint32_t i = 0; i < NNX_TOSA_TYPE_ROWS; i++) {
        const nnx_tosa_type_row *o = &nnx_tosa_type_rows[i];
        if (o != r && o->op == r->op && memcmp(o->types, r->types, sizeof o->types) == 0 && o->mode == r->mode &&
            (o->all_of & profiles) == o->all_of && (!o->any_of || (o->any_of & profiles)))
            return true;
    }
    return false;
}

static void test_listed_rows_build(void **state)
{
    (void)state;
    assert_int_equal(NNX_TOSA_TYPE_ROWS, 389);
    for (uint32_t i = 0; i < NNX_TOSA_TYPE_ROWS; i++) {
        const nnx_tosa_type_row *r = &nnx_tosa_type_rows[i];
        uint32_t need = r->all_of | (r->any_of & (0u - r->any_of)); /* all_of plus the first of any_of */
        uint32_t on = base_profile(need);
        tf h = tf_open_with(on, NNX_TOSA_LEVEL_8K);
        tf_expect_ok(&h);
        nnx_operand *res[2];
        uint32_t n_res = 0;
        nnx_status st = build_row(&h, r, res, &n_res);
        bool loopish = r->op == NNX_TOSA_CUSTOM; /* NOT_SUPPORTED after its checks */
        if (loopish ? !not_a_type_error(&h) : st != NNX_OK)
            fail_msg("row %u (%s): %s", i, nnx_tosa_op_name(r->op), nnx_builder_error(h.b));
        if (!loopish && n_res)
            run_row(&h, r, res, n_res);
        tf_close(&h);
        if (r->any_of)
            continue;
        /* without one required extension (or with the other profile) the row is refused,
         * unless another row with the same types is enabled then */
        uint32_t ext = r->all_of & ~(NNX_TOSA_PRO_INT | NNX_TOSA_PRO_FP), e = ext & (0u - ext);
        uint32_t off = ext ? base_profile(on & ~e) & ~e
                           : ((r->all_of & NNX_TOSA_PRO_INT) ? NNX_TOSA_PRO_FP : NNX_TOSA_PRO_INT);
        if (loopish || same_types_enabled(r, off))
            continue;
        h = tf_open_with(off, NNX_TOSA_LEVEL_8K);
        tf_expect_ok(&h);
        build_row(&h, r, res, &n_res);
        if (!strstr(nnx_builder_error(h.b), "which this session does not enable"))
            fail_msg("row %u (%s) with profiles 0x%x: \"%s\"", i, nnx_tosa_op_name(r->op), off, nnx_builder_error(h.b));
        tf_close(&h);
    }
}

static bool listed(nnx_tosa_op op, int col, nnx_dtype dt, int col2, nnx_dtype dt2)
{
    for (uint32_t i = 0; i < NNX_TOSA_TYPE_ROWS; i++) {
        const nnx_tosa_type_row *r = &nnx_tosa_type_rows[i];
        if (r->op == op && r->types[col] == dt && (col2 < 0 || r->types[col2] == dt2))
            return true;
    }
    return false;
}

/* Operators whose first input's type is the first type column. */
static const nnx_tosa_op single[] = {
    NNX_TOSA_ARGMAX,     NNX_TOSA_MAX_POOL2D, NNX_TOSA_CLAMP,       NNX_TOSA_ERF,
    NNX_TOSA_SIGMOID,    NNX_TOSA_TANH,       NNX_TOSA_ABS,         NNX_TOSA_BITWISE_NOT,
    NNX_TOSA_CEIL,       NNX_TOSA_CLZ,        NNX_TOSA_COS,         NNX_TOSA_EXP,
    NNX_TOSA_FLOOR,      NNX_TOSA_LOG,        NNX_TOSA_LOGICAL_NOT, NNX_TOSA_NEGATE,
    NNX_TOSA_RECIPROCAL, NNX_TOSA_RSQRT,      NNX_TOSA_SIN,         NNX_TOSA_REDUCE_ALL,
    NNX_TOSA_REDUCE_ANY, NNX_TOSA_REDUCE_MAX, NNX_TOSA_REDUCE_MIN,  NNX_TOSA_REDUCE_PRODUCT,
    NNX_TOSA_REDUCE_SUM, NNX_TOSA_REVERSE,    NNX_TOSA_IDENTITY,    NNX_TOSA_RFFT2D,
    NNX_TOSA_AVG_POOL2D, NNX_TOSA_CONCAT,
};
static const nnx_tosa_op pairs[] = {
    NNX_TOSA_ADD,
    NNX_TOSA_SUB,
    NNX_TOSA_MUL,
    NNX_TOSA_POW,
    NNX_TOSA_MAXIMUM,
    NNX_TOSA_MINIMUM,
    NNX_TOSA_INTDIV,
    NNX_TOSA_EQUAL,
    NNX_TOSA_GREATER,
    NNX_TOSA_GREATER_EQUAL,
    NNX_TOSA_LOGICAL_AND,
    NNX_TOSA_LOGICAL_OR,
    NNX_TOSA_LOGICAL_XOR,
    NNX_TOSA_BITWISE_AND,
    NNX_TOSA_BITWISE_OR,
    NNX_TOSA_BITWISE_XOR,
    NNX_TOSA_LOGICAL_LEFT_SHIFT,
    NNX_TOSA_LOGICAL_RIGHT_SHIFT,
    NNX_TOSA_ARITHMETIC_RIGHT_SHIFT,
    NNX_TOSA_MATMUL,
    NNX_TOSA_FFT2D,
};

static void expect_type_error(tf *h, nnx_tosa_op op, nnx_dtype a, nnx_dtype b)
{
    const char *msg = nnx_builder_error(h->b);
    if (nnx_builder_status(h->b) != NNX_ERROR_INVALID_ARGUMENT || !strstr(msg, "is not a listed combination"))
        fail_msg("%s with %s / %s: \"%s\"", nnx_tosa_op_name(op), nnx_dtype_name(a), nnx_dtype_name(b), msg);
}

static void test_unlisted_rejected(void **state)
{
    (void)state;
    uint32_t one[1] = {1}, refused = 0;
    for (size_t o = 0; o < sizeof single / sizeof *single; o++)
        for (size_t t = 0; t < N_TYPES; t++) {
            if (listed(single[o], 0, all_types[t], -1, 0))
                continue;
            tf h = tf_open();
            nnx_operand *x = tf_input(&h, "x", all_types[t], 1, one), *y[2];
            nnx_tosa_add(h.t, single[o], &x, 1, NULL, y, single[o] == NNX_TOSA_RFFT2D ? 2 : 1);
            expect_type_error(&h, single[o], all_types[t], 0);
            refused++;
            tf_close(&h);
        }
    for (size_t o = 0; o < sizeof pairs / sizeof *pairs; o++)
        for (size_t t = 0; t < N_TYPES; t++) {
            if (listed(pairs[o], 0, all_types[t], -1, 0))
                continue;
            tf h = tf_open();
            nnx_operand *x[2] = {tf_input(&h, "a", all_types[t], 1, one), tf_input(&h, "b", all_types[t], 1, one)},
                        *y[2];
            nnx_tosa_add(h.t, pairs[o], x, 2, NULL, y, pairs[o] == NNX_TOSA_FFT2D ? 2 : 1);
            expect_type_error(&h, pairs[o], all_types[t], 0);
            refused++;
            tf_close(&h);
        }
    /* two given columns: CAST / RESCALE (in, out), CONV2D (in, weight), GATHER (values) */
    for (size_t i = 0; i < N_TYPES; i++)
        for (size_t j = 0; j < N_TYPES; j++) {
            nnx_dtype a = all_types[i], b = all_types[j];
            static const nnx_tosa_op two[3] = {NNX_TOSA_CAST, NNX_TOSA_RESCALE, NNX_TOSA_CONV2D};
            for (int o = 0; o < 3; o++) {
                if (listed(two[o], 0, a, 1, b))
                    continue;
                tf h = tf_open();
                nnx_operand *x[5], *y;
                for (int k = 0; k < 5; k++)
                    x[k] = tf_input(&h, (const char *[]){"a", "b", "c", "d", "e"}[k], k == 1 && o == 2 ? b : a, 1, one);
                uint32_t n = o == 0 ? 1 : o == 1 ? 5 : 3;
                nnx_tosa_add(h.t, two[o], x, n, &(nnx_tosa_attrs){.out_type = b}, &y, 1);
                expect_type_error(&h, two[o], a, b);
                refused++;
                tf_close(&h);
            }
        }
    assert_true(refused > 600);
}

/* Facts of TOSA 1.0 §6 (Appendix B), independent of the generated table. */
static void test_spot_checks(void **state)
{
    (void)state;
    assert_false(listed(NNX_TOSA_CAST, 0, NNX_FLOAT16, 1, NNX_BFLOAT16)); /* no CAST fp16 <-> bf16 */
    assert_false(listed(NNX_TOSA_CAST, 0, NNX_BFLOAT16, 1, NNX_FLOAT16));
    assert_false(listed(NNX_TOSA_CAST, 0, NNX_FP8E4M3, 1, NNX_FP8E5M2));
    assert_false(listed(NNX_TOSA_CAST, 0, NNX_FP8E4M3, 1, NNX_INT8));
    assert_true(listed(NNX_TOSA_CAST, 0, NNX_BFLOAT16, 1, NNX_FP8E4M3));
    assert_false(listed(NNX_TOSA_CLAMP, 0, NNX_INT32, -1, 0)); /* CLAMP: no i32, no fp8 */
    assert_false(listed(NNX_TOSA_CLAMP, 0, NNX_FP8E5M2, -1, 0));
    assert_true(listed(NNX_TOSA_CONCAT, 0, NNX_INT16, -1, 0));
    assert_false(listed(NNX_TOSA_REDUCE_PRODUCT, 0, NNX_INT32, -1, 0));
    assert_true(listed(NNX_TOSA_TABLE, 0, NNX_INT16, 2, NNX_INT32));
    assert_true(listed(NNX_TOSA_MATMUL, 0, NNX_FLOAT16, 1, NNX_FLOAT32));
    assert_true(listed(NNX_TOSA_CONV2D, 0, NNX_INT8, 1, NNX_INT4));
    assert_true(listed(NNX_TOSA_RESCALE, 0, NNX_INT48, 1, NNX_INT8));
    assert_false(listed(NNX_TOSA_RESCALE, 0, NNX_INT8, 1, NNX_INT48));
    /* CONCAT i16 is EXT-INT16 (unlike the other data-layout ops): refused under PRO-INT alone */
    tf h = tf_open_with(NNX_TOSA_PRO_INT, NNX_TOSA_LEVEL_8K);
    uint32_t two[1] = {2};
    nnx_operand *x = tf_input(&h, "x", NNX_INT16, 1, two), *y;
    nnx_tosa_add(h.t, NNX_TOSA_CONCAT, &x, 1, NULL, &y, 1);
    tf_expect_error(&h, NNX_ERROR_NOT_SUPPORTED, "need EXT-INT16");
    tf_close(&h);
    h = tf_open_with(NNX_TOSA_PRO_INT, NNX_TOSA_LEVEL_8K);
    x = tf_input(&h, "x", NNX_INT16, 1, two);
    assert_int_equal(nnx_tosa_add(h.t, NNX_TOSA_REVERSE, &x, 1, NULL, &y, 1), 1);
    tf_close(&h);
    /* RESCALE's rounding modes need their extensions (TOSA 1.0 §2.13.2 RESCALE, decision 10.2-21; TOSA 1.0
     * §6.2.10 EXT-DOUBLEROUND, §6.2.11 EXT-INEXACTROUND) */
    for (int ext = 0; ext < 2; ext++)
        for (int mode = NNX_TOSA_INEXACT_ROUND; mode <= NNX_TOSA_DOUBLE_ROUND; mode++) {
            uint32_t bit = mode == NNX_TOSA_DOUBLE_ROUND ? NNX_TOSA_EXT_DOUBLEROUND : NNX_TOSA_EXT_INEXACTROUND;
            h = tf_open_with(NNX_TOSA_PRO_INT | (ext ? bit : 0), NNX_TOSA_LEVEL_8K);
            int32_t m = 1 << 30, z32 = 0;
            int8_t sh = 31, z8 = 0;
            nnx_operand *in[5] = {tf_input(&h, "x", NNX_INT32, 1, two), tf_scalar(&h, NNX_INT32, &m),
                                  tf_scalar(&h, NNX_INT8, &sh), tf_scalar(&h, NNX_INT32, &z32),
                                  tf_scalar(&h, NNX_INT8, &z8)};
            nnx_tosa_attrs a = {.out_type = NNX_INT8, .scale32 = true, .rounding_mode = (nnx_tosa_rounding)mode};
            uint32_t got = nnx_tosa_add(h.t, NNX_TOSA_RESCALE, in, 5, &a, &y, 1);
            if (ext)
                assert_int_equal(got, 1);
            else
                tf_expect_error(&h, NNX_ERROR_INVALID_ARGUMENT,
                                mode == NNX_TOSA_DOUBLE_ROUND ? "without EXT-DOUBLEROUND" : "without EXT-INEXACTROUND");
            tf_close(&h);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_listed_rows_build),
        cmocka_unit_test(test_unlisted_rejected),
        cmocka_unit_test(test_spot_checks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
