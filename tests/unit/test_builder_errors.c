/* test_builder_errors.c — negative tests of the WebNN validation steps (webnn-nnvm.md §1.3,
 * §1.7, §1.9, §2.2) for every operation nnx.h declares: one table row per error condition,
 * each asserting the status, the message prefix "<webnn op> ['<label>']: " and a distinctive
 * substring. Positive tests at the end prove the valid counterparts build, run and give the
 * right numbers, so a library that rejects everything cannot pass. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "nnx.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define F32 NNX_FLOAT32
#define F16 NNX_FLOAT16
#define I32 NNX_INT32
#define U32 NNX_UINT32
#define U8 NNX_UINT8
#define IA NNX_ERROR_INVALID_ARGUMENT
#define IS NNX_ERROR_INVALID_STATE

/* A shape literal expands to (pointer, rank): SHAPE(2, 3). */
#define SHAPE(...)                                                                                                     \
    (const uint32_t[]){__VA_ARGS__}, (uint32_t)(sizeof((const uint32_t[]){__VA_ARGS__}) / sizeof(uint32_t))
/* A list option expands to (pointer, count) too. */
#define LIST(...) SHAPE(__VA_ARGS__)

/* ------------------------------------------------------------------ fixture */

typedef struct err_case err_case;

/* Everything a test makes hangs off two contexts that teardown destroys (a context owns its
 * builders, graphs and tensors), so a failing assertion never leaks. */
typedef struct fx {
    const err_case *row;
    nnx_context *ctx, *ctx2;  /* ctx2: "another context" */
    nnx_builder *b, *b2;      /* both of ctx; b2: "another builder" */
    nnx_operand *result;      /* op rows: what the failing call returned */
    bool no_result;           /* op rows whose call returns no operand (split into 0) */
    nnx_context *err_ctx;     /* context rows: whose nnx_context_error to read (NULL: ctx) */
    bool built;               /* the row built the builder first: build must say so */
    unsigned n_inputs;        /* auto input names x0, x1, ... */
    nnx_graph *g;             /* dispatch rows: y = a + b */
    nnx_tensor *ta, *tb, *ty; /* dispatch rows: its tensors (ty holds the sentinel) */
    void *scratch;            /* heap memory a test needs; freed by teardown */
} fx;

typedef enum row_kind {
    ROW_OP,    /* a builder method: sticky status, builder message, poisoned result */
    ROW_BUILD, /* nnx_builder_build: its return, builder message */
    ROW_CTX    /* tensors and dispatch: the call's return, context message */
} row_kind;

/* One error condition: run makes the failing call on a fresh fixture and returns the status
 * the call reported; the message must start with prefix followed by ": " (or " '" when the
 * prefix has no label), contain substring, and not contain absent (if given). */
struct err_case {
    const char *name;
    nnx_status (*run)(fx *f);
    row_kind kind;
    nnx_status status;
    const char *prefix;
    const char *substring;
    const char *absent;
};

static int setup(void **state)
{
    fx *f = calloc(1, sizeof *f);
    if (!f)
        return -1;
    f->row = *state;
    if (nnx_context_create(NULL, &f->ctx) != NNX_OK || nnx_context_create(NULL, &f->ctx2) != NNX_OK ||
        nnx_builder_create(f->ctx, &f->b) != NNX_OK || nnx_builder_create(f->ctx, &f->b2) != NNX_OK) {
        nnx_context_destroy(f->ctx);
        nnx_context_destroy(f->ctx2);
        free(f);
        return -1;
    }
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fx *f = *state;
    nnx_context_destroy(f->ctx2);
    nnx_context_destroy(f->ctx);
    free(f->scratch);
    free(f);
    return 0;
}

/* ------------------------------------------------------------------ helpers */

static nnx_operand_desc desc_of(nnx_dtype dt, const uint32_t *shape, uint32_t rank)
{
    nnx_operand_desc d = {dt, rank, {0}};
    for (uint32_t i = 0; i < rank && i < NNX_MAX_RANK; i++)
        d.shape[i] = shape[i];
    return d;
}

/* A graph input that must be accepted (a setup step of a row). */
static nnx_operand *named_input(nnx_builder *b, const char *name, nnx_dtype dt, const uint32_t *shape, uint32_t rank)
{
    nnx_operand_desc d = desc_of(dt, shape, rank);
    nnx_operand *op = nnx_builder_input(b, name, &d);
    assert_non_null(op);
    assert_int_equal(nnx_builder_status(b), NNX_OK);
    return op;
}

static nnx_operand *input_on(fx *f, nnx_builder *b, nnx_dtype dt, const uint32_t *shape, uint32_t rank)
{
    char name[16];
    snprintf(name, sizeof name, "x%u", f->n_inputs++);
    return named_input(b, name, dt, shape, rank);
}

#define X(dt, ...) input_on(f, f->b, dt, SHAPE(__VA_ARGS__))
#define X2(dt, ...) input_on(f, f->b2, dt, SHAPE(__VA_ARGS__))
#define XS(dt) input_on(f, f->b, dt, NULL, 0)

static const unsigned char zeros[4096];

/* A zero-filled constant that must be accepted. */
static nnx_operand *constant_on(nnx_builder *b, nnx_dtype dt, const uint32_t *shape, uint32_t rank)
{
    nnx_operand_desc d = desc_of(dt, shape, rank);
    size_t bytes = nnx_dtype_size(dt);
    for (uint32_t i = 0; i < rank; i++)
        bytes *= shape[i];
    assert_true(bytes <= sizeof zeros);
    nnx_operand *op = nnx_builder_constant(b, &d, zeros, bytes);
    assert_non_null(op);
    assert_int_equal(nnx_builder_status(b), NNX_OK);
    return op;
}
#define K(dt, ...) constant_on(f->b, dt, SHAPE(__VA_ARGS__))

static void assert_poisoned(const nnx_operand *op)
{
    assert_non_null(op);
    nnx_operand_desc d;
    memset(&d, 0xAB, sizeof d);
    nnx_operand_get_desc(op, &d);
    assert_int_equal(d.dtype, NNX_DTYPE_UNDEFINED);
    assert_int_equal(d.rank, 0);
}

static void assert_desc(const nnx_operand *op, nnx_dtype dt, const uint32_t *shape, uint32_t rank)
{
    assert_non_null(op);
    nnx_operand_desc d;
    nnx_operand_get_desc(op, &d);
    assert_int_equal(d.dtype, dt);
    assert_int_equal(d.rank, rank);
    for (uint32_t i = 0; i < rank; i++)
        assert_int_equal(d.shape[i], shape[i]);
}

/* Op rows end with this: remember the operand the failing call returned. */
static nnx_status op_done(fx *f, nnx_operand *result)
{
    f->result = result;
    return nnx_builder_status(f->b);
}

static nnx_tensor *tensor_on(nnx_context *ctx, nnx_dtype dt, const uint32_t *shape, uint32_t rank, bool readable,
                             bool writable)
{
    nnx_tensor_desc td = {desc_of(dt, shape, rank), readable, writable};
    nnx_tensor *t = NULL;
    assert_int_equal(nnx_tensor_create(ctx, &td, &t), NNX_OK);
    assert_non_null(t);
    return t;
}
#define T(ctx, dt, ...) tensor_on(ctx, dt, SHAPE(__VA_ARGS__), true, true)

static nnx_tensor *constant_tensor_on(nnx_context *ctx, nnx_dtype dt, const uint32_t *shape, uint32_t rank)
{
    nnx_operand_desc d = desc_of(dt, shape, rank);
    size_t bytes = nnx_dtype_size(dt);
    for (uint32_t i = 0; i < rank; i++)
        bytes *= shape[i];
    nnx_tensor *t = NULL;
    assert_int_equal(nnx_tensor_create_constant(ctx, &d, zeros, bytes, &t), NNX_OK);
    assert_non_null(t);
    return t;
}

/* Builds relu(x) so that the builder is spent; returns x for a later (failing) call. */
static nnx_operand *spend_builder(fx *f)
{
    nnx_operand *x = X(F32, 2, 3);
    nnx_named_operand out = {"y", nnx_builder_relu(f->b, x, NULL)};
    nnx_graph *g = NULL;
    assert_int_equal(nnx_builder_build(f->b, &out, 1, &g), NNX_OK);
    assert_non_null(g);
    f->built = true;
    return x;
}

/* ------------------------------------------------------------------ builder state, operands */

static nnx_status built_add(fx *f)
{
    nnx_operand *x = spend_builder(f);
    return op_done(f, nnx_builder_add(f->b, x, x, NULL));
}

static nnx_status built_input(fx *f)
{
    spend_builder(f);
    nnx_operand_desc d = desc_of(F32, SHAPE(2));
    return op_done(f, nnx_builder_input(f->b, "late", &d));
}

static nnx_status built_constant(fx *f)
{
    spend_builder(f);
    nnx_operand_desc d = desc_of(F32, SHAPE(2));
    return op_done(f, nnx_builder_constant(f->b, &d, zeros, 8));
}

static nnx_status built_constant_scalar(fx *f)
{
    spend_builder(f);
    return op_done(f, nnx_builder_constant_scalar(f->b, F32, nnx_f64(1)));
}

static nnx_status built_constant_tensor(fx *f)
{
    spend_builder(f);
    nnx_tensor *t = constant_tensor_on(f->ctx, F32, SHAPE(2));
    return op_done(f, nnx_builder_constant_tensor(f->b, t));
}

/* WebNN constant(tensor) checks the tensor before "can build". */
static nnx_status built_constant_tensor_not_constant(fx *f)
{
    spend_builder(f);
    nnx_tensor *t = T(f->ctx, F32, 2);
    return op_done(f, nnx_builder_constant_tensor(f->b, t));
}

static nnx_status built_conv2d(fx *f)
{
    spend_builder(f);
    nnx_operand *x = NULL; /* the state check comes before operand validation */
    return op_done(f, nnx_builder_conv2d(f->b, x, x, NULL));
}

static nnx_status built_split(fx *f)
{
    nnx_operand *x = spend_builder(f);
    nnx_operand *outs[3] = {NULL, NULL, NULL};
    uint32_t n = nnx_builder_split(f->b, x, 2, NULL, outs);
    assert_int_equal(n, 2);
    assert_poisoned(outs[0]);
    assert_poisoned(outs[1]);
    assert_null(outs[2]);
    return op_done(f, outs[0]);
}

static nnx_status built_reduce_mean(fx *f)
{
    nnx_operand *x = spend_builder(f);
    return op_done(f, nnx_builder_reduce_mean(f->b, x, NULL));
}

static nnx_status built_cast(fx *f)
{
    nnx_operand *x = spend_builder(f);
    return op_done(f, nnx_builder_cast(f->b, x, I32, NULL));
}

static nnx_status other_builder_add(fx *f)
{
    nnx_operand *x = X(F32, 2), *y = X2(F32, 2);
    return op_done(f, nnx_builder_add(f->b, x, y, NULL));
}

static nnx_status other_builder_matmul(fx *f)
{
    nnx_operand *x = X2(F32, 2, 2), *y = X(F32, 2, 2);
    return op_done(f, nnx_builder_matmul(f->b, x, y, NULL));
}

static nnx_status other_builder_concat(fx *f)
{
    nnx_operand *in[3] = {X(F32, 2), X(F32, 2), X2(F32, 2)};
    return op_done(f, nnx_builder_concat(f->b, in, 3, 0, NULL));
}

static nnx_status null_operand_relu(fx *f) { return op_done(f, nnx_builder_relu(f->b, NULL, NULL)); }

static nnx_status null_operand_add(fx *f)
{
    nnx_operand *x = X(F32, 2);
    return op_done(f, nnx_builder_add(f->b, NULL, x, NULL));
}

static nnx_status null_operand_concat(fx *f)
{
    nnx_operand *in[2] = {X(F32, 2), NULL};
    return op_done(f, nnx_builder_concat(f->b, in, 2, 0, NULL));
}

/* The first error is kept through later failing calls; every later call, valid or not,
 * returns a non-NULL poisoned operand. */
static nnx_status sticky_error(fx *f)
{
    nnx_operand *a = X(F32, 2, 3), *i = X(I32, 2, 3);
    nnx_operator_options first = {"first"};
    nnx_operand *p = nnx_builder_add(f->b, a, i, &first);
    assert_poisoned(p);
    assert_int_equal(nnx_builder_status(f->b), IA);

    nnx_operator_options second = {"second"};
    assert_poisoned(nnx_builder_reshape(f->b, a, SHAPE(7), &second)); /* would fail on its own */
    assert_poisoned(nnx_builder_relu(f->b, a, NULL));                 /* would succeed on its own */
    nnx_operand_desc d = desc_of(F32, SHAPE(2));
    assert_poisoned(nnx_builder_input(f->b, "late", &d));
    assert_poisoned(nnx_builder_constant(f->b, &d, zeros, 8));
    assert_poisoned(nnx_builder_constant_scalar(f->b, F32, nnx_f64(2)));
    nnx_operand *outs[2] = {NULL, NULL};
    assert_int_equal(nnx_builder_split(f->b, a, 2, NULL, outs), 2);
    assert_poisoned(outs[0]);
    assert_poisoned(outs[1]);
    assert_int_equal(nnx_builder_status(f->b), IA);
    return op_done(f, nnx_builder_mul(f->b, p, p, NULL)); /* a poisoned argument */
}

/* ------------------------------------------------------------------ labels */

static nnx_status label_quoted(fx *f)
{
    nnx_operand *x = X(F32, 2, 3), *y = X(F32, 4);
    nnx_operator_options o = {"my label"};
    return op_done(f, nnx_builder_add(f->b, x, y, &o));
}

static nnx_status label_control_builder_check(fx *f)
{
    nnx_operand *x = X(U32, 2);
    nnx_operator_options o = {"a\tb\nc\177d"}; /* tab, newline, DEL */
    return op_done(f, nnx_builder_relu(f->b, x, &o));
}

static nnx_status label_control_inference_check(fx *f)
{
    nnx_operand *x = X(F32, 1, 4, 5, 5), *w = X(F32, 8, 2, 3, 3);
    nnx_conv2d_options o = {.label = "s\x01t\x1b[0m"};
    return op_done(f, nnx_builder_conv2d(f->b, x, w, &o));
}

static nnx_status label_bidi(fx *f)
{
    nnx_operand *x = X(F32, 1, 2, 4, 4);
    /* U+202E (right-to-left override) and U+2066 (left-to-right isolate) in UTF-8 */
    nnx_pool2d_options o = {.label = "x\342\200\256y\342\201\246z", .window_dimensions = LIST(5, 5)};
    return op_done(f, nnx_builder_max_pool2d(f->b, x, &o));
}

/* A very long label must not push the reason out of the fixed-size message. */
static nnx_status label_long(fx *f)
{
    char *label = f->scratch = malloc(601);
    assert_non_null(label);
    memset(label, 'L', 600);
    label[600] = '\0';
    nnx_operand *x = X(F32, 1, 4, 5, 5), *w = X(F32, 8, 2, 3, 3);
    nnx_conv2d_options o = {.label = label};
    return op_done(f, nnx_builder_conv2d(f->b, x, w, &o));
}

/* ------------------------------------------------------------------ input */

static nnx_status input_with(fx *f, const char *name, nnx_operand_desc d)
{
    return op_done(f, nnx_builder_input(f->b, name, &d));
}

static nnx_status input_empty_name(fx *f) { return input_with(f, "", desc_of(F32, SHAPE(2))); }
static nnx_status input_null_name(fx *f) { return input_with(f, NULL, desc_of(F32, SHAPE(2))); }

static nnx_status input_duplicate(fx *f)
{
    named_input(f->b, "x", F32, SHAPE(2));
    return input_with(f, "x", desc_of(I32, SHAPE(3)));
}

/* The input name is the label: it is sanitized too. */
static nnx_status input_duplicate_control(fx *f)
{
    named_input(f->b, "a\tb", F32, SHAPE(2));
    return input_with(f, "a\tb", desc_of(F32, SHAPE(2)));
}

static nnx_status input_dim0(fx *f) { return input_with(f, "x", desc_of(F32, SHAPE(2, 0, 3))); }
static nnx_status input_dim_too_big(fx *f) { return input_with(f, "x", desc_of(F32, SHAPE(2147483648u))); }

static nnx_status input_rank9(fx *f)
{
    nnx_operand_desc d = desc_of(F32, SHAPE(1, 1, 1, 1, 1, 1, 1, 1));
    d.rank = 9;
    return input_with(f, "x", d);
}

static nnx_status input_count(fx *f) { return input_with(f, "x", desc_of(F32, SHAPE(65536, 32768))); }
static nnx_status input_dtype0(fx *f) { return input_with(f, "x", desc_of(NNX_DTYPE_UNDEFINED, SHAPE(2))); }
static nnx_status input_dtype18(fx *f) { return input_with(f, "x", desc_of((nnx_dtype)18, SHAPE(2))); }
static nnx_status input_dtype_negative(fx *f) { return input_with(f, "x", desc_of((nnx_dtype)0x80000000u, SHAPE(2))); }

static nnx_status input_null_desc(fx *f) { return op_done(f, nnx_builder_input(f->b, "x", NULL)); }

/* ------------------------------------------------------------------ constants */

static nnx_status constant_size(fx *f)
{
    nnx_operand_desc d = desc_of(F32, SHAPE(2, 2));
    return op_done(f, nnx_builder_constant(f->b, &d, zeros, 15));
}

static nnx_status constant_null_data(fx *f)
{
    nnx_operand_desc d = desc_of(F32, SHAPE(2, 2));
    return op_done(f, nnx_builder_constant(f->b, &d, NULL, 16));
}

static nnx_status constant_dim0(fx *f)
{
    nnx_operand_desc d = desc_of(F32, SHAPE(0));
    return op_done(f, nnx_builder_constant(f->b, &d, zeros, 0));
}

static nnx_status constant_null_desc(fx *f) { return op_done(f, nnx_builder_constant(f->b, NULL, zeros, 4)); }

static nnx_status scalar_dtype0(fx *f)
{
    return op_done(f, nnx_builder_constant_scalar(f->b, NNX_DTYPE_UNDEFINED, nnx_f64(1)));
}
static nnx_status scalar_dtype99(fx *f)
{
    return op_done(f, nnx_builder_constant_scalar(f->b, (nnx_dtype)99, nnx_f64(1)));
}

static nnx_status scalar_absent(fx *f)
{
    nnx_number absent = {NNX_NUMBER_ABSENT, {0}};
    return op_done(f, nnx_builder_constant_scalar(f->b, F32, absent));
}

static nnx_status ctensor_not_constant(fx *f)
{
    nnx_tensor *t = T(f->ctx, F32, 2);
    return op_done(f, nnx_builder_constant_tensor(f->b, t));
}

static nnx_status ctensor_other_context(fx *f)
{
    nnx_tensor *t = constant_tensor_on(f->ctx2, F32, SHAPE(2));
    return op_done(f, nnx_builder_constant_tensor(f->b, t));
}

static nnx_status ctensor_null(fx *f) { return op_done(f, nnx_builder_constant_tensor(f->b, NULL)); }

/* ------------------------------------------------------------------ element-wise binary */

typedef nnx_operand *(*binary_fn)(nnx_builder *, nnx_operand *, nnx_operand *, const nnx_operator_options *);

static nnx_status binary_dtype(fx *f, binary_fn fn)
{
    nnx_operand *x = X(F32, 2, 3), *y = X(I32, 2, 3);
    return op_done(f, fn(f->b, x, y, NULL));
}

static nnx_status binary_broadcast(fx *f, binary_fn fn)
{
    nnx_operand *x = X(F32, 2, 3), *y = X(F32, 4, 1, 2);
    return op_done(f, fn(f->b, x, y, NULL));
}

#define BINARY_ROWS(op)                                                                                                \
    static nnx_status op##_dtype(fx *f) { return binary_dtype(f, nnx_builder_##op); }                                  \
    static nnx_status op##_broadcast(fx *f) { return binary_broadcast(f, nnx_builder_##op); }
BINARY_ROWS(add)
BINARY_ROWS(sub)
BINARY_ROWS(mul)
BINARY_ROWS(div)
BINARY_ROWS(max)
BINARY_ROWS(min)
BINARY_ROWS(pow)

/* ------------------------------------------------------------------ element-wise unary, clamp, cast */

#define UNARY_ROW(op, dt)                                                                                              \
    static nnx_status op##_dtype(fx *f) { return op_done(f, nnx_builder_##op(f->b, X(dt, 2, 2), NULL)); }
UNARY_ROW(exp, I32)
UNARY_ROW(log, I32)
UNARY_ROW(sqrt, I32)
UNARY_ROW(ceil, I32)
UNARY_ROW(floor, I32)
UNARY_ROW(sigmoid, I32)
UNARY_ROW(tanh, I32)
UNARY_ROW(abs, U32)
UNARY_ROW(neg, U32)
UNARY_ROW(relu, U32)

static nnx_status clamp_with(fx *f, nnx_dtype dt, nnx_number lo, nnx_number hi)
{
    nnx_clamp_options o = {NULL, lo, hi};
    return op_done(f, nnx_builder_clamp(f->b, X(dt, 3), &o));
}

static nnx_status clamp_float(fx *f) { return clamp_with(f, F32, nnx_f64(2), nnx_f64(1)); }
/* Bounds are compared after the cast: 2.6 > 2.5 round to 3 > 2; 300 > 200 saturate to 255 > 200 in uint8;
 * UINT64_MAX > -1000 to 127 > -128 in int8; 5 > -3 to 5 > 0 in uint32. */
static nnx_status clamp_int_rounding(fx *f) { return clamp_with(f, I32, nnx_f64(2.6), nnx_f64(2.5)); }
static nnx_status clamp_uint8_saturating(fx *f) { return clamp_with(f, U8, nnx_i64(300), nnx_i64(200)); }
static nnx_status clamp_int8_mixed(fx *f) { return clamp_with(f, NNX_INT8, nnx_u64(UINT64_MAX), nnx_i64(-1000)); }
static nnx_status clamp_uint32_negative(fx *f) { return clamp_with(f, U32, nnx_i64(5), nnx_i64(-3)); }

static nnx_status cast_dtype0(fx *f)
{
    return op_done(f, nnx_builder_cast(f->b, X(F32, 2), NNX_DTYPE_UNDEFINED, NULL));
}
static nnx_status cast_dtype99(fx *f) { return op_done(f, nnx_builder_cast(f->b, X(F32, 2), (nnx_dtype)99, NULL)); }
static nnx_status cast_null(fx *f) { return op_done(f, nnx_builder_cast(f->b, NULL, F32, NULL)); }

/* ------------------------------------------------------------------ matmul, gemm */

static nnx_status matmul_of(fx *f, nnx_operand *a, nnx_operand *b)
{
    return op_done(f, nnx_builder_matmul(f->b, a, b, NULL));
}
static nnx_status matmul_int(fx *f) { return matmul_of(f, X(I32, 2, 3), X(I32, 3, 2)); }
static nnx_status matmul_rank1(fx *f) { return matmul_of(f, X(F32, 3), X(F32, 3, 2)); }
static nnx_status matmul_rank1_b(fx *f) { return matmul_of(f, X(F32, 2, 3), X(F32, 3)); }
static nnx_status matmul_k(fx *f) { return matmul_of(f, X(F32, 2, 3), X(F32, 4, 5)); }
static nnx_status matmul_batch(fx *f) { return matmul_of(f, X(F32, 2, 2, 3), X(F32, 3, 3, 4)); }
static nnx_status matmul_dtype(fx *f) { return matmul_of(f, X(F32, 2, 3), X(F16, 3, 2)); }

static nnx_status gemm_of(fx *f, nnx_operand *a, nnx_operand *b, nnx_gemm_options o)
{
    return op_done(f, nnx_builder_gemm(f->b, a, b, &o));
}
static nnx_status gemm_rank3(fx *f) { return gemm_of(f, X(F32, 1, 2, 3), X(F32, 3, 4), (nnx_gemm_options){0}); }
static nnx_status gemm_rank1_b(fx *f) { return gemm_of(f, X(F32, 2, 3), X(F32, 3), (nnx_gemm_options){0}); }
static nnx_status gemm_k(fx *f) { return gemm_of(f, X(F32, 2, 3), X(F32, 4, 5), (nnx_gemm_options){0}); }
/* Each of these is valid without the transposes (or with the other ones). */
static nnx_status gemm_k_a_transposed(fx *f)
{
    return gemm_of(f, X(F32, 3, 2), X(F32, 2, 5), (nnx_gemm_options){.a_transpose = true});
}
static nnx_status gemm_k_b_transposed(fx *f)
{
    return gemm_of(f, X(F32, 2, 3), X(F32, 3, 4), (nnx_gemm_options){.b_transpose = true});
}
static nnx_status gemm_k_both_transposed(fx *f)
{
    return gemm_of(f, X(F32, 3, 2), X(F32, 3, 4), (nnx_gemm_options){.a_transpose = true, .b_transpose = true});
}
static nnx_status gemm_c_shape(fx *f)
{
    return gemm_of(f, X(F32, 2, 3), X(F32, 3, 4), (nnx_gemm_options){.c = X(F32, 3, 4)});
}
static nnx_status gemm_c_rank3(fx *f)
{
    return gemm_of(f, X(F32, 2, 3), X(F32, 3, 4), (nnx_gemm_options){.c = X(F32, 1, 2, 4)});
}
static nnx_status gemm_c_dtype(fx *f)
{
    return gemm_of(f, X(F32, 2, 3), X(F32, 3, 4), (nnx_gemm_options){.c = X(F16, 4)});
}
static nnx_status gemm_c_other_builder(fx *f)
{
    return gemm_of(f, X(F32, 2, 3), X(F32, 3, 4), (nnx_gemm_options){.c = X2(F32, 4)});
}
static nnx_status gemm_int(fx *f) { return gemm_of(f, X(I32, 2, 3), X(I32, 3, 4), (nnx_gemm_options){0}); }
static nnx_status gemm_b_dtype(fx *f) { return gemm_of(f, X(F32, 2, 3), X(F16, 3, 4), (nnx_gemm_options){0}); }

/* ------------------------------------------------------------------ conv2d */

/* Unless a row says otherwise: input nchw [1, 4, 5, 5], filter oihw [8, 4, 3, 3]. */
static nnx_status conv_of(fx *f, nnx_operand *x, nnx_operand *w, nnx_conv2d_options o)
{
    return op_done(f, nnx_builder_conv2d(f->b, x, w, &o));
}
#define CONV_X X(F32, 1, 4, 5, 5)
#define CONV_W X(F32, 8, 4, 3, 3)

static nnx_status conv_int(fx *f)
{
    return conv_of(f, X(I32, 1, 4, 5, 5), X(I32, 8, 4, 3, 3), (nnx_conv2d_options){0});
}
static nnx_status conv_rank3(fx *f) { return conv_of(f, X(F32, 4, 5, 5), CONV_W, (nnx_conv2d_options){0}); }
static nnx_status conv_filter_rank3(fx *f) { return conv_of(f, CONV_X, X(F32, 8, 4, 3), (nnx_conv2d_options){0}); }
static nnx_status conv_filter_dtype(fx *f) { return conv_of(f, CONV_X, X(F16, 8, 4, 3, 3), (nnx_conv2d_options){0}); }
static nnx_status conv_padding3(fx *f)
{
    return conv_of(f, CONV_X, CONV_W, (nnx_conv2d_options){.padding = LIST(1, 1, 1)});
}
static nnx_status conv_padding_empty(fx *f)
{
    static const uint32_t none[1] = {0};
    return conv_of(f, CONV_X, CONV_W, (nnx_conv2d_options){.padding = none, .padding_count = 0});
}
static nnx_status conv_strides1(fx *f) { return conv_of(f, CONV_X, CONV_W, (nnx_conv2d_options){.strides = LIST(1)}); }
static nnx_status conv_stride0(fx *f)
{
    return conv_of(f, CONV_X, CONV_W, (nnx_conv2d_options){.strides = LIST(1, 0)});
}
static nnx_status conv_dilations3(fx *f)
{
    return conv_of(f, CONV_X, CONV_W, (nnx_conv2d_options){.dilations = LIST(1, 1, 1)});
}
static nnx_status conv_dilation0(fx *f)
{
    return conv_of(f, CONV_X, CONV_W, (nnx_conv2d_options){.dilations = LIST(0, 1)});
}
static nnx_status conv_groups_divide(fx *f) { return conv_of(f, CONV_X, CONV_W, (nnx_conv2d_options){.groups = 3}); }
static nnx_status conv_in_oihw(fx *f) { return conv_of(f, CONV_X, X(F32, 8, 2, 3, 3), (nnx_conv2d_options){0}); }
static nnx_status conv_in_hwio(fx *f)
{
    return conv_of(f, CONV_X, X(F32, 3, 3, 2, 8), (nnx_conv2d_options){.filter_layout = NNX_FILTER_HWIO});
}
static nnx_status conv_in_ohwi(fx *f)
{
    return conv_of(f, CONV_X, X(F32, 8, 3, 3, 2), (nnx_conv2d_options){.filter_layout = NNX_FILTER_OHWI});
}
static nnx_status conv_in_ihwo(fx *f)
{
    return conv_of(f, CONV_X, X(F32, 2, 3, 3, 8), (nnx_conv2d_options){.filter_layout = NNX_FILTER_IHWO});
}
static nnx_status conv_in_explicit_oihw(fx *f)
{
    return conv_of(f, CONV_X, X(F32, 8, 2, 3, 3), (nnx_conv2d_options){.filter_layout = NNX_FILTER_OIHW});
}
static nnx_status conv_in_groups(fx *f) { return conv_of(f, CONV_X, CONV_W, (nnx_conv2d_options){.groups = 2}); }
static nnx_status conv_in_nhwc(fx *f)
{
    return conv_of(f, X(F32, 1, 5, 5, 4), X(F32, 8, 2, 3, 3), (nnx_conv2d_options){.input_layout = NNX_LAYOUT_NHWC});
}
static nnx_status conv_out_groups(fx *f)
{
    return conv_of(f, CONV_X, X(F32, 3, 2, 3, 3), (nnx_conv2d_options){.groups = 2});
}
static nnx_status conv_out_groups_hwio(fx *f)
{
    return conv_of(f, CONV_X, X(F32, 3, 3, 2, 3), (nnx_conv2d_options){.groups = 2, .filter_layout = NNX_FILTER_HWIO});
}
static nnx_status conv_bias_shape(fx *f) { return conv_of(f, CONV_X, CONV_W, (nnx_conv2d_options){.bias = X(F32, 4)}); }
static nnx_status conv_bias_shape_ihwo(fx *f)
{
    return conv_of(f, CONV_X, X(F32, 4, 3, 3, 8),
                   (nnx_conv2d_options){.filter_layout = NNX_FILTER_IHWO, .bias = X(F32, 4)});
}
static nnx_status conv_bias_rank(fx *f)
{
    return conv_of(f, CONV_X, CONV_W, (nnx_conv2d_options){.bias = X(F32, 1, 8)});
}
static nnx_status conv_bias_dtype(fx *f) { return conv_of(f, CONV_X, CONV_W, (nnx_conv2d_options){.bias = X(F16, 8)}); }
static nnx_status conv_bias_other_builder(fx *f)
{
    return conv_of(f, CONV_X, CONV_W, (nnx_conv2d_options){.bias = X2(F32, 8)});
}
static nnx_status conv_filter_other_builder(fx *f)
{
    return conv_of(f, CONV_X, X2(F32, 8, 4, 3, 3), (nnx_conv2d_options){0});
}
static nnx_status conv_kernel_too_big(fx *f) { return conv_of(f, CONV_X, X(F32, 8, 4, 7, 3), (nnx_conv2d_options){0}); }
static nnx_status conv_kernel_dilated(fx *f)
{
    return conv_of(f, CONV_X, CONV_W, (nnx_conv2d_options){.dilations = LIST(1, 3)});
}
static nnx_status conv_input_layout(fx *f)
{
    return conv_of(f, CONV_X, CONV_W, (nnx_conv2d_options){.input_layout = (nnx_input_layout)3});
}
static nnx_status conv_filter_layout(fx *f)
{
    return conv_of(f, CONV_X, CONV_W, (nnx_conv2d_options){.filter_layout = (nnx_filter_layout)5});
}
/* Output height 3000000001: above 2^31-1, so not a valid dimension (WebNN conv2d). */
static nnx_status conv_output_too_big(fx *f)
{
    return conv_of(f, X(F32, 1, 1, 1, 1), X(F32, 1, 1, 1, 1),
                   (nnx_conv2d_options){.padding = LIST(0, 3000000000u, 0, 0)});
}

/* ------------------------------------------------------------------ pooling */

typedef nnx_operand *(*pool_fn)(nnx_builder *, nnx_operand *, const nnx_pool2d_options *);

static nnx_status pool_of(fx *f, pool_fn fn, nnx_operand *x, nnx_pool2d_options o)
{
    return op_done(f, fn(f->b, x, &o));
}
#define POOL_X X(F32, 1, 2, 4, 4)

static nnx_status avg_int(fx *f)
{
    return pool_of(f, nnx_builder_average_pool2d, X(I32, 1, 2, 4, 4), (nnx_pool2d_options){0});
}

#define POOL_ROWS(pfx, fn)                                                                                             \
    static nnx_status pfx##_rank3(fx *f) { return pool_of(f, fn, X(F32, 2, 4, 4), (nnx_pool2d_options){0}); }          \
    static nnx_status pfx##_window_len(fx *f)                                                                          \
    {                                                                                                                  \
        return pool_of(f, fn, POOL_X, (nnx_pool2d_options){.window_dimensions = LIST(2)});                             \
    }                                                                                                                  \
    static nnx_status pfx##_window0(fx *f)                                                                             \
    {                                                                                                                  \
        return pool_of(f, fn, POOL_X, (nnx_pool2d_options){.window_dimensions = LIST(2, 0)});                          \
    }                                                                                                                  \
    static nnx_status pfx##_stride0(fx *f)                                                                             \
    {                                                                                                                  \
        return pool_of(f, fn, POOL_X, (nnx_pool2d_options){.window_dimensions = LIST(2, 2), .strides = LIST(0, 1)});   \
    }                                                                                                                  \
    static nnx_status pfx##_output_sizes(fx *f)                                                                        \
    {                                                                                                                  \
        return pool_of(                                                                                                \
            f, fn, X(F32, 1, 2, 5, 5),                                                                                 \
            (nnx_pool2d_options){.window_dimensions = LIST(2, 2), .strides = LIST(2, 2), .output_sizes = LIST(2, 3)}); \
    }                                                                                                                  \
    static nnx_status pfx##_window_big(fx *f)                                                                          \
    {                                                                                                                  \
        return pool_of(f, fn, POOL_X, (nnx_pool2d_options){.window_dimensions = LIST(5, 5)});                          \
    }
POOL_ROWS(avg, nnx_builder_average_pool2d)
POOL_ROWS(maxp, nnx_builder_max_pool2d)

static nnx_status pool_dilation0(fx *f)
{
    return pool_of(f, nnx_builder_max_pool2d, POOL_X,
                   (nnx_pool2d_options){.window_dimensions = LIST(2, 2), .dilations = LIST(1, 0)});
}
static nnx_status pool_padding_len(fx *f)
{
    return pool_of(f, nnx_builder_average_pool2d, POOL_X, (nnx_pool2d_options){.padding = LIST(1, 1)});
}
static nnx_status pool_output_sizes_len(fx *f)
{
    return pool_of(f, nnx_builder_max_pool2d, POOL_X, (nnx_pool2d_options){.output_sizes = LIST(2)});
}
static nnx_status pool_output_sizes0(fx *f)
{
    return pool_of(f, nnx_builder_max_pool2d, POOL_X, (nnx_pool2d_options){.output_sizes = LIST(0, 1)});
}
static nnx_status pool_layout(fx *f)
{
    return pool_of(f, nnx_builder_max_pool2d, POOL_X, (nnx_pool2d_options){.layout = (nnx_input_layout)3});
}
static nnx_status pool_rounding(fx *f)
{
    return pool_of(f, nnx_builder_average_pool2d, POOL_X,
                   (nnx_pool2d_options){.output_shape_rounding = (nnx_rounding)3});
}
/* nhwc [1, 4, 3, 2]: height 4, width 3; a window of width 4 does not fit. */
static nnx_status pool_nhwc_width(fx *f)
{
    return pool_of(f, nnx_builder_max_pool2d, X(F32, 1, 4, 3, 2),
                   (nnx_pool2d_options){.layout = NNX_LAYOUT_NHWC, .window_dimensions = LIST(2, 4)});
}
static nnx_status pool_output_too_big(fx *f)
{
    return pool_of(f, nnx_builder_max_pool2d, X(F32, 1, 1, 1, 1),
                   (nnx_pool2d_options){.window_dimensions = LIST(1, 1), .padding = LIST(0, 3000000000u, 0, 0)});
}

/* ------------------------------------------------------------------ softmax, reshape, transpose */

static nnx_status softmax_int(fx *f) { return op_done(f, nnx_builder_softmax(f->b, X(I32, 2, 3), 1, NULL)); }
static nnx_status softmax_axis(fx *f) { return op_done(f, nnx_builder_softmax(f->b, X(F32, 2, 3), 2, NULL)); }
static nnx_status softmax_scalar(fx *f) { return op_done(f, nnx_builder_softmax(f->b, XS(F32), 0, NULL)); }

static nnx_status reshape_count(fx *f)
{
    return op_done(f, nnx_builder_reshape(f->b, X(F32, 2, 3), SHAPE(4, 2), NULL));
}
static nnx_status reshape_rank9(fx *f)
{
    static const uint32_t ones[9] = {1, 1, 1, 1, 1, 1, 6, 1, 1};
    return op_done(f, nnx_builder_reshape(f->b, X(F32, 2, 3), ones, 9, NULL));
}
static nnx_status reshape_zero(fx *f) { return op_done(f, nnx_builder_reshape(f->b, X(F32, 2, 3), SHAPE(6, 0), NULL)); }
static nnx_status reshape_null(fx *f) { return op_done(f, nnx_builder_reshape(f->b, X(F32, 2, 3), NULL, 2, NULL)); }

static nnx_status transpose_of(fx *f, const uint32_t *perm, uint32_t n)
{
    nnx_transpose_options o = {NULL, perm, n};
    return op_done(f, nnx_builder_transpose(f->b, X(F32, 2, 3, 4), &o));
}
static nnx_status transpose_length(fx *f) { return transpose_of(f, LIST(1, 0)); }
static nnx_status transpose_duplicate(fx *f) { return transpose_of(f, LIST(0, 0, 1)); }
static nnx_status transpose_range(fx *f) { return transpose_of(f, LIST(0, 3, 1)); }

/* ------------------------------------------------------------------ concat */

static nnx_status concat_zero(fx *f)
{
    nnx_operand *in[1] = {X(F32, 2)};
    return op_done(f, nnx_builder_concat(f->b, in, 0, 0, NULL));
}

static nnx_status concat_too_many(fx *f)
{
    nnx_operand *x = X(F32, 1);
    nnx_operand **in = f->scratch = malloc(8193 * sizeof *in);
    assert_non_null(in);
    for (int i = 0; i < 8193; i++)
        in[i] = x;
    return op_done(f, nnx_builder_concat(f->b, in, 8193, 0, NULL));
}

static nnx_status concat_axis(fx *f)
{
    nnx_operand *in[2] = {X(F32, 2, 3), X(F32, 2, 3)};
    return op_done(f, nnx_builder_concat(f->b, in, 2, 2, NULL));
}

static nnx_status concat_dtype(fx *f)
{
    nnx_operand *in[2] = {X(F32, 2, 3), X(F16, 2, 3)};
    return op_done(f, nnx_builder_concat(f->b, in, 2, 0, NULL));
}

static nnx_status concat_rank(fx *f)
{
    nnx_operand *in[3] = {X(F32, 2, 3), X(F32, 1, 3), X(F32, 1, 2, 3)};
    return op_done(f, nnx_builder_concat(f->b, in, 3, 0, NULL));
}

static nnx_status concat_shape(fx *f)
{
    nnx_operand *in[2] = {X(F32, 2, 3), X(F32, 2, 4)};
    return op_done(f, nnx_builder_concat(f->b, in, 2, 0, NULL));
}

/* 1500000000 + 700000000 > 2^31-1: the concatenated axis is not a valid dimension. */
static nnx_status concat_axis_sum(fx *f)
{
    nnx_operand *in[2] = {X(U8, 1500000000u), X(U8, 700000000u)};
    return op_done(f, nnx_builder_concat(f->b, in, 2, 0, NULL));
}

static nnx_status concat_null_list(fx *f) { return op_done(f, nnx_builder_concat(f->b, NULL, 2, 0, NULL)); }

/* ------------------------------------------------------------------ slice */

/* Input [4, 6] unless a row says otherwise. */
static nnx_status slice_of(fx *f, const uint32_t *st, uint32_t ns, const uint32_t *sz, uint32_t nz,
                           const nnx_slice_options *o)
{
    return op_done(f, nnx_builder_slice(f->b, X(F32, 4, 6), st, ns, sz, nz, o));
}
static nnx_status slice_starts_len(fx *f) { return slice_of(f, LIST(0), LIST(1, 1), NULL); }
static nnx_status slice_sizes_len(fx *f) { return slice_of(f, LIST(0, 0), LIST(1, 1, 1), NULL); }
static nnx_status slice_strides_len(fx *f)
{
    nnx_slice_options o = {NULL, LIST(1)};
    return slice_of(f, LIST(0, 0), LIST(1, 1), &o);
}
static nnx_status slice_beyond(fx *f) { return slice_of(f, LIST(2, 0), LIST(3, 6), NULL); }
static nnx_status slice_start_at_end(fx *f) { return slice_of(f, LIST(0, 6), LIST(4, 1), NULL); }
static nnx_status slice_overflow(fx *f) { return slice_of(f, LIST(4294967295u, 0), LIST(2, 6), NULL); }
static nnx_status slice_size0(fx *f) { return slice_of(f, LIST(0, 0), LIST(4, 0), NULL); }
static nnx_status slice_stride0(fx *f)
{
    nnx_slice_options o = {NULL, LIST(0, 1)};
    return slice_of(f, LIST(0, 0), LIST(4, 6), &o);
}
static nnx_status slice_null(fx *f) { return slice_of(f, NULL, 2, LIST(1, 1), NULL); }

/* ------------------------------------------------------------------ split */

/* Runs a failing split (count parts, or explicit sizes when sizes != NULL) of x [6, 4] into
 * a NULL-filled output array of cap slots; asserts the documented failure contract: the
 * return value is count and every one of those slots holds a poisoned operand. */
static nnx_status split_fails(fx *f, uint32_t count, const uint32_t *sizes, uint32_t axis, uint32_t cap)
{
    nnx_operand *x = X(F32, 6, 4);
    nnx_operand **outs = f->scratch = calloc(cap, sizeof *outs);
    assert_non_null(outs);
    nnx_split_options o = {NULL, axis};
    uint32_t n =
        sizes ? nnx_builder_split_sizes(f->b, x, sizes, count, &o, outs) : nnx_builder_split(f->b, x, count, &o, outs);
    assert_int_equal(n, count);
    for (uint32_t i = 0; i < cap; i++) {
        if (i < n) {
            if (!outs[i])
                fail_msg("output slot %u of %u was not written", i, n);
            assert_poisoned(outs[i]);
        } else {
            assert_null(outs[i]);
        }
    }
    return op_done(f, n ? outs[0] : NULL);
}

/* split_fails without a result operand to check (count 0 writes none). */
static nnx_status split_fails_empty(fx *f, uint32_t count, uint32_t cap)
{
    nnx_status st = split_fails(f, count, NULL, 0, cap);
    f->no_result = true;
    return st;
}

static nnx_status split_not_dividing(fx *f) { return split_fails(f, 4, NULL, 0, 5); }
static nnx_status split_sizes_sum(fx *f) { return split_fails(f, 2, (const uint32_t[]){2, 3}, 0, 3); }
static nnx_status split_sizes_zero(fx *f) { return split_fails(f, 2, (const uint32_t[]){6, 0}, 0, 3); }
static nnx_status split_axis(fx *f) { return split_fails(f, 2, NULL, 2, 3); }
static nnx_status split_sizes_axis(fx *f) { return split_fails(f, 2, (const uint32_t[]){3, 3}, 5, 3); }
static nnx_status split_count0(fx *f) { return split_fails_empty(f, 0, 3); }
static nnx_status split_too_many(fx *f) { return split_fails(f, 8193, NULL, 0, 8194); }

static nnx_status split_null_sizes(fx *f)
{
    nnx_operand *outs[2] = {NULL, NULL};
    uint32_t n = nnx_builder_split_sizes(f->b, X(F32, 6, 4), NULL, 2, NULL, outs);
    assert_int_equal(n, 2);
    assert_poisoned(outs[0]);
    assert_poisoned(outs[1]);
    return op_done(f, outs[0]);
}

static nnx_status split_null_outputs(fx *f)
{
    uint32_t n = nnx_builder_split(f->b, X(F32, 6, 4), 2, NULL, NULL);
    assert_int_equal(n, 2);
    return op_done(f, nnx_builder_relu(f->b, NULL, NULL)); /* any later call returns poison */
}

/* ------------------------------------------------------------------ reductions */

typedef nnx_operand *(*reduce_fn)(nnx_builder *, nnx_operand *, const nnx_reduce_options *);

static nnx_status reduce_of(fx *f, reduce_fn fn, nnx_operand *x, const uint32_t *axes, uint32_t n)
{
    nnx_reduce_options o = {NULL, axes, n, false};
    return op_done(f, fn(f->b, x, &o));
}
static nnx_status reduce_sum_range(fx *f) { return reduce_of(f, nnx_builder_reduce_sum, X(F32, 2, 3), LIST(0, 2)); }
static nnx_status reduce_min_range_scalar(fx *f) { return reduce_of(f, nnx_builder_reduce_min, XS(F32), LIST(0)); }
static nnx_status reduce_max_duplicate(fx *f) { return reduce_of(f, nnx_builder_reduce_max, X(F32, 2, 3), LIST(1, 1)); }
static nnx_status reduce_mean_duplicate(fx *f)
{
    return reduce_of(f, nnx_builder_reduce_mean, X(F32, 2, 3), LIST(0, 1, 0));
}
static nnx_status reduce_mean_int(fx *f) { return reduce_of(f, nnx_builder_reduce_mean, X(I32, 2, 3), NULL, 0); }
static nnx_status reduce_sum_uint8(fx *f) { return reduce_of(f, nnx_builder_reduce_sum, X(U8, 2, 3), NULL, 0); }
static nnx_status reduce_sum_bool(fx *f) { return reduce_of(f, nnx_builder_reduce_sum, X(NNX_BOOL, 2, 3), NULL, 0); }

/* ------------------------------------------------------------------ build */

static nnx_status build_with(fx *f, const nnx_named_operand *outs, size_t n)
{
    nnx_graph *g = (nnx_graph *)&g; /* must be reset to NULL on failure */
    nnx_status st = nnx_builder_build(f->b, outs, n, &g);
    if (st != NNX_OK)
        assert_null(g);
    return st;
}

static nnx_operand *relu_of_input(fx *f) { return nnx_builder_relu(f->b, X(F32, 2), NULL); }

static nnx_status build_no_outputs(fx *f)
{
    relu_of_input(f);
    return build_with(f, NULL, 0);
}

static nnx_status build_zero_count(fx *f)
{
    nnx_named_operand out = {"y", relu_of_input(f)};
    return build_with(f, &out, 0);
}

static nnx_status build_empty_name(fx *f)
{
    nnx_named_operand out = {"", relu_of_input(f)};
    return build_with(f, &out, 1);
}

static nnx_status build_null_name(fx *f)
{
    nnx_operand *y = relu_of_input(f);
    nnx_named_operand out[2] = {{"y", y}, {NULL, y}};
    return build_with(f, out, 2);
}

static nnx_status build_duplicate_name(fx *f)
{
    nnx_named_operand out[2] = {{"y", relu_of_input(f)}, {"y", relu_of_input(f)}};
    return build_with(f, out, 2);
}

static nnx_status build_output_input(fx *f)
{
    nnx_operand *x = X(F32, 2);
    nnx_named_operand out[2] = {{"r", nnx_builder_relu(f->b, x, NULL)}, {"x", x}};
    return build_with(f, out, 2);
}

static nnx_status build_output_constant(fx *f)
{
    nnx_named_operand out = {"c", K(F32, 2)};
    return build_with(f, &out, 1);
}

static nnx_status build_other_builder(fx *f)
{
    nnx_operand *other = nnx_builder_relu(f->b2, X2(F32, 2), NULL);
    nnx_named_operand out[2] = {{"y", relu_of_input(f)}, {"z", other}};
    return build_with(f, out, 2);
}

static nnx_status build_null_operand(fx *f)
{
    relu_of_input(f);
    nnx_named_operand out = {"y", NULL};
    return build_with(f, &out, 1);
}

static nnx_status build_twice(fx *f)
{
    spend_builder(f);
    nnx_named_operand out = {"y", NULL};
    return build_with(f, &out, 1);
}

/* ------------------------------------------------------------------ tensors */

static nnx_status tensor_write_readonly(fx *f)
{
    nnx_tensor *t = tensor_on(f->ctx, F32, SHAPE(2, 2), true, false);
    return nnx_tensor_write(t, zeros, 16);
}

static nnx_status tensor_write_constant(fx *f)
{
    return nnx_tensor_write(constant_tensor_on(f->ctx, F32, SHAPE(2, 2)), zeros, 16);
}

static nnx_status tensor_read_writeonly(fx *f)
{
    float out[4];
    nnx_tensor *t = tensor_on(f->ctx, F32, SHAPE(2, 2), false, true);
    return nnx_tensor_read(t, out, sizeof out);
}

static nnx_status tensor_read_constant(fx *f)
{
    float out[4];
    return nnx_tensor_read(constant_tensor_on(f->ctx, F32, SHAPE(2, 2)), out, sizeof out);
}

static nnx_status tensor_write_size(fx *f) { return nnx_tensor_write(T(f->ctx, F32, 2, 2), zeros, 15); }
static nnx_status tensor_write_null(fx *f) { return nnx_tensor_write(T(f->ctx, F32, 2, 2), NULL, 16); }

static nnx_status tensor_read_size(fx *f)
{
    float out[5];
    return nnx_tensor_read(T(f->ctx, F32, 2, 2), out, sizeof out - 3);
}

static nnx_status tensor_create_with(fx *f, nnx_operand_desc d)
{
    nnx_tensor_desc td = {d, true, true};
    nnx_tensor *t = (nnx_tensor *)&t;
    nnx_status st = nnx_tensor_create(f->ctx, &td, &t);
    assert_null(t);
    return st;
}
static nnx_status tensor_dim0(fx *f) { return tensor_create_with(f, desc_of(F32, SHAPE(2, 0))); }
static nnx_status tensor_dtype0(fx *f) { return tensor_create_with(f, desc_of(NNX_DTYPE_UNDEFINED, SHAPE(2))); }
static nnx_status tensor_count(fx *f) { return tensor_create_with(f, desc_of(U8, SHAPE(1u << 16, 1u << 15))); }
static nnx_status tensor_rank9(fx *f)
{
    nnx_operand_desc d = desc_of(F32, SHAPE(1));
    d.rank = 9;
    return tensor_create_with(f, d);
}

static nnx_status tensor_null_desc(fx *f)
{
    nnx_tensor *t = NULL;
    return nnx_tensor_create(f->ctx, NULL, &t);
}

static nnx_status ctensor_create_with(fx *f, nnx_operand_desc d, const void *data, size_t size)
{
    nnx_tensor *t = (nnx_tensor *)&t;
    nnx_status st = nnx_tensor_create_constant(f->ctx, &d, data, size, &t);
    assert_null(t);
    return st;
}
static nnx_status ctensor_size(fx *f) { return ctensor_create_with(f, desc_of(F32, SHAPE(2, 2)), zeros, 15); }
static nnx_status ctensor_null_data(fx *f) { return ctensor_create_with(f, desc_of(F32, SHAPE(2, 2)), NULL, 16); }
static nnx_status ctensor_dim0(fx *f) { return ctensor_create_with(f, desc_of(F32, SHAPE(2, 0)), zeros, 0); }

/* ------------------------------------------------------------------ dispatch */

static const float sentinel = -7.0f;

/* Builds y = a + b (both float32 [2, 3]) with an unused input "u" declared between them,
 * and makes read/write tensors ta, tb and ty (ty filled with the sentinel). */
static void make_add_graph(fx *f)
{
    nnx_operand *a = named_input(f->b, "a", F32, SHAPE(2, 3));
    named_input(f->b, "u", F32, SHAPE(2, 3));
    nnx_operand *b = named_input(f->b, "b", F32, SHAPE(2, 3));
    nnx_named_operand out = {"y", nnx_builder_add(f->b, a, b, NULL)};
    assert_int_equal(nnx_builder_build(f->b, &out, 1, &f->g), NNX_OK);
    assert_int_equal(nnx_graph_input_count(f->g), 2);
    f->ta = T(f->ctx, F32, 2, 3);
    f->tb = T(f->ctx, F32, 2, 3);
    f->ty = T(f->ctx, F32, 2, 3);
    float s[6] = {sentinel, sentinel, sentinel, sentinel, sentinel, sentinel};
    assert_int_equal(nnx_tensor_write(f->ty, s, sizeof s), NNX_OK);
}

static nnx_status dispatch2(fx *f, nnx_named_tensor in0, nnx_named_tensor in1, nnx_named_tensor out0)
{
    nnx_named_tensor in[2] = {in0, in1}, out[1] = {out0};
    return nnx_context_dispatch(f->ctx, f->g, in, 2, out, 1);
}

#define NT(name, t) ((nnx_named_tensor){name, t})

static nnx_status dispatch_other_context(fx *f)
{
    make_add_graph(f);
    f->err_ctx = f->ctx2;
    nnx_named_tensor in[2] = {NT("a", f->ta), NT("b", f->tb)}, out[1] = {NT("y", f->ty)};
    return nnx_context_dispatch(f->ctx2, f->g, in, 2, out, 1);
}

static nnx_status dispatch_null_graph(fx *f)
{
    make_add_graph(f);
    nnx_named_tensor in[2] = {NT("a", f->ta), NT("b", f->tb)}, out[1] = {NT("y", f->ty)};
    return nnx_context_dispatch(f->ctx, NULL, in, 2, out, 1);
}

static nnx_status dispatch_missing_input(fx *f)
{
    make_add_graph(f);
    nnx_named_tensor in[1] = {NT("a", f->ta)}, out[1] = {NT("y", f->ty)};
    return nnx_context_dispatch(f->ctx, f->g, in, 1, out, 1);
}

static nnx_status dispatch_unreachable_input(fx *f)
{
    make_add_graph(f);
    nnx_tensor *tu = T(f->ctx, F32, 2, 3);
    nnx_named_tensor in[3] = {NT("a", f->ta), NT("u", tu), NT("b", f->tb)}, out[1] = {NT("y", f->ty)};
    return nnx_context_dispatch(f->ctx, f->g, in, 3, out, 1);
}

static nnx_status dispatch_unknown_input(fx *f)
{
    make_add_graph(f);
    return dispatch2(f, NT("a", f->ta), NT("c", f->tb), NT("y", f->ty));
}

static nnx_status dispatch_null_name(fx *f)
{
    make_add_graph(f);
    return dispatch2(f, NT("a", f->ta), NT(NULL, f->tb), NT("y", f->ty));
}

static nnx_status dispatch_input_twice(fx *f)
{
    make_add_graph(f);
    return dispatch2(f, NT("a", f->ta), NT("a", f->tb), NT("y", f->ty));
}

static nnx_status dispatch_same_tensor_in_out(fx *f)
{
    make_add_graph(f);
    return dispatch2(f, NT("a", f->ta), NT("b", f->tb), NT("y", f->ta));
}

static nnx_status dispatch_same_tensor_inputs(fx *f)
{
    make_add_graph(f);
    return dispatch2(f, NT("a", f->ta), NT("b", f->ta), NT("y", f->ty));
}

static nnx_status dispatch_constant_tensor(fx *f)
{
    make_add_graph(f);
    return dispatch2(f, NT("a", constant_tensor_on(f->ctx, F32, SHAPE(2, 3))), NT("b", f->tb), NT("y", f->ty));
}

static nnx_status dispatch_shape(fx *f)
{
    make_add_graph(f);
    return dispatch2(f, NT("a", f->ta), NT("b", T(f->ctx, F32, 3, 2)), NT("y", f->ty));
}

static nnx_status dispatch_rank(fx *f)
{
    make_add_graph(f);
    return dispatch2(f, NT("a", T(f->ctx, F32, 6)), NT("b", f->tb), NT("y", f->ty));
}

static nnx_status dispatch_dtype(fx *f)
{
    make_add_graph(f);
    return dispatch2(f, NT("a", T(f->ctx, F16, 2, 3)), NT("b", f->tb), NT("y", f->ty));
}

static nnx_status dispatch_output_desc(fx *f)
{
    make_add_graph(f);
    return dispatch2(f, NT("a", f->ta), NT("b", f->tb), NT("y", T(f->ctx, I32, 2, 3)));
}

static nnx_status dispatch_other_context_tensor(fx *f)
{
    make_add_graph(f);
    return dispatch2(f, NT("a", f->ta), NT("b", T(f->ctx2, F32, 2, 3)), NT("y", f->ty));
}

static nnx_status dispatch_null_tensor(fx *f)
{
    make_add_graph(f);
    return dispatch2(f, NT("a", f->ta), NT("b", f->tb), NT("y", NULL));
}

static nnx_status dispatch_output_count0(fx *f)
{
    make_add_graph(f);
    nnx_named_tensor in[2] = {NT("a", f->ta), NT("b", f->tb)};
    return nnx_context_dispatch(f->ctx, f->g, in, 2, NULL, 0);
}

static nnx_status dispatch_output_count2(fx *f)
{
    make_add_graph(f);
    nnx_named_tensor in[2] = {NT("a", f->ta), NT("b", f->tb)}, out[2] = {NT("y", f->ty), NT("z", T(f->ctx, F32, 2, 3))};
    return nnx_context_dispatch(f->ctx, f->g, in, 2, out, 2);
}

static nnx_status dispatch_unknown_output(fx *f)
{
    make_add_graph(f);
    return dispatch2(f, NT("a", f->ta), NT("b", f->tb), NT("z", f->ty));
}

static nnx_status dispatch_null_list(fx *f)
{
    make_add_graph(f);
    nnx_named_tensor out[1] = {NT("y", f->ty)};
    return nnx_context_dispatch(f->ctx, f->g, NULL, 2, out, 1);
}

/* ------------------------------------------------------------------ the table */

#define OP(name, fn, st, prefix, sub) {name, fn, ROW_OP, st, prefix, sub, NULL}
#define OPX(name, fn, st, prefix, sub, absent) {name, fn, ROW_OP, st, prefix, sub, absent}
#define BUILD(name, fn, st, sub) {name, fn, ROW_BUILD, st, "build", sub, NULL}
#define CTX(name, fn, prefix, sub) {name, fn, ROW_CTX, IA, prefix, sub, NULL}
#define DISPATCH(name, fn, sub) CTX(name, fn, "dispatch", sub)
#define NOT_ACCEPTED "which this operation does not accept"

static err_case rows[] = {
    /* builder state and operand validation (WebNN "can build", "validate operand") */
    OP("built builder: add", built_add, IS, "add", "the builder has already built its graph"),
    OP("built builder: input", built_input, IS, "input 'late'", "already built"),
    OP("built builder: constant", built_constant, IS, "constant", "already built"),
    OP("built builder: constant scalar", built_constant_scalar, IS, "constant", "already built"),
    OP("built builder: constant tensor", built_constant_tensor, IS, "constant", "already built"),
    OP("built builder: constant tensor checks the tensor first", built_constant_tensor_not_constant, IA, "constant",
       "the tensor is not a constant tensor"),
    OP("built builder: conv2d before operand checks", built_conv2d, IS, "conv2d", "already built"),
    OP("built builder: split poisons every slot", built_split, IS, "split", "already built"),
    OP("built builder: reduceMean", built_reduce_mean, IS, "reduceMean", "already built"),
    OP("built builder: cast", built_cast, IS, "cast", "already built"),
    OP("operand of another builder: add", other_builder_add, IA, "add", "input b belongs to another builder"),
    OP("operand of another builder: matmul", other_builder_matmul, IA, "matmul", "input a belongs to another builder"),
    OP("operand of another builder: concat", other_builder_concat, IA, "concat", "an input belongs to another builder"),
    OP("NULL operand: relu", null_operand_relu, IA, "relu", "input is NULL"),
    OP("NULL operand: add", null_operand_add, IA, "add", "input a is NULL"),
    OP("NULL operand: concat item", null_operand_concat, IA, "concat", "an input is NULL"),
    OPX("sticky error keeps the first", sticky_error, IA, "add 'first'", "input types differ (float32 and int32)",
        "second"),

    /* labels in messages */
    OPX("label is quoted", label_quoted, IA, "add 'my label'", "shapes float32[2,3] and float32[4] do not broadcast",
        "'my label': add"),
    OP("label control characters sanitized (builder check)", label_control_builder_check, IA, "relu 'a?b?c?d'",
       "input has data type uint32, " NOT_ACCEPTED),
    OPX("label control characters sanitized (shape inference)", label_control_inference_check, IA, "conv2d 's?t?[0m'",
        "input channels 4 / groups 1 != filter input channels 2", "conv '"),
    OPX("label bidi overrides sanitized", label_bidi, IA, "maxPool2d 'x?y?z'", "output height is less than 1",
        "max_pool"),
    /* A label longer than the message buffer must not push the reason out of it. */
    OP("label very long keeps the reason", label_long, IA, "conv2d",
       "input channels 4 / groups 1 != filter input channels 2"),

    /* input: WebNN input() steps and "check dimensions" */
    OP("input: empty name", input_empty_name, IA, "input", "the name is empty"),
    OP("input: NULL name", input_null_name, IA, "input", "the name is empty"),
    OP("input: duplicate name", input_duplicate, IA, "input 'x'", "an input with this name already exists"),
    OP("input: duplicate name with a control character", input_duplicate_control, IA, "input 'a?b'",
       "an input with this name already exists"),
    OP("input: dimension 0", input_dim0, IA, "input 'x'", "dimension 1 is 0, it must be 1 to 2^31-1"),
    OP("input: dimension 2^31", input_dim_too_big, IA, "input 'x'", "dimension 0 is 2147483648"),
    OP("input: rank 9", input_rank9, IA, "input 'x'", "rank 9 exceeds the maximum rank 8"),
    OP("input: element count 2^31", input_count, IA, "input 'x'", "the element count exceeds 2^31-1"),
    OP("input: dtype undefined", input_dtype0, IA, "input 'x'", "data type 0 is not a data type"),
    OP("input: dtype 18", input_dtype18, IA, "input 'x'", "data type 18 is not a data type"),
    /* An enum value with the top bit set must not pass as a data type. */
    OP("input: dtype 0x80000000", input_dtype_negative, IA, "input 'x'", "is not a data type"),
    OP("input: NULL descriptor", input_null_desc, IA, "input 'x'", "the descriptor is NULL"),

    /* constant(desc, buffer), constant(dtype, value), constant(tensor) */
    OP("constant: byte size mismatch", constant_size, IA, "constant", "data is 15 bytes, the descriptor needs 16"),
    OP("constant: NULL data", constant_null_data, IA, "constant", "data is NULL"),
    OP("constant: dimension 0", constant_dim0, IA, "constant", "dimension 0 is 0"),
    OP("constant: NULL descriptor", constant_null_desc, IA, "constant", "the descriptor is NULL"),
    OP("constant scalar: dtype undefined", scalar_dtype0, IA, "constant", "data type 0 is not a data type"),
    OP("constant scalar: dtype 99", scalar_dtype99, IA, "constant", "data type 99 is not a data type"),
    OP("constant scalar: absent value", scalar_absent, IA, "constant", "the value is absent"),
    OP("constant tensor: not a constant tensor", ctensor_not_constant, IA, "constant",
       "the tensor is not a constant tensor"),
    OP("constant tensor: another context", ctensor_other_context, IA, "constant",
       "the tensor belongs to another context"),
    OP("constant tensor: NULL", ctensor_null, IA, "constant", "the tensor is NULL"),

    /* element-wise binary: same dtype, bidirectional broadcast */
    OP("add: dtype mismatch", add_dtype, IA, "add", "input types differ (float32 and int32)"),
    OP("sub: dtype mismatch", sub_dtype, IA, "sub", "input types differ (float32 and int32)"),
    OP("mul: dtype mismatch", mul_dtype, IA, "mul", "input types differ (float32 and int32)"),
    OP("div: dtype mismatch", div_dtype, IA, "div", "input types differ (float32 and int32)"),
    OP("max: dtype mismatch", max_dtype, IA, "max", "input types differ (float32 and int32)"),
    OP("min: dtype mismatch", min_dtype, IA, "min", "input types differ (float32 and int32)"),
    OP("pow: dtype mismatch", pow_dtype, IA, "pow", "input types differ (float32 and int32)"),
    OP("add: broadcast", add_broadcast, IA, "add", "shapes float32[2,3] and float32[4,1,2] do not broadcast"),
    OP("sub: broadcast", sub_broadcast, IA, "sub", "do not broadcast"),
    OP("mul: broadcast", mul_broadcast, IA, "mul", "do not broadcast"),
    OP("div: broadcast", div_broadcast, IA, "div", "do not broadcast"),
    OP("max: broadcast", max_broadcast, IA, "max", "do not broadcast"),
    OP("min: broadcast", min_broadcast, IA, "min", "do not broadcast"),
    OP("pow: broadcast", pow_broadcast, IA, "pow", "do not broadcast"),

    /* element-wise unary: allowed data types */
    OP("exp: int32", exp_dtype, IA, "exp", "input has data type int32, " NOT_ACCEPTED),
    OP("log: int32", log_dtype, IA, "log", "input has data type int32, " NOT_ACCEPTED),
    OP("sqrt: int32", sqrt_dtype, IA, "sqrt", "input has data type int32, " NOT_ACCEPTED),
    OP("ceil: int32", ceil_dtype, IA, "ceil", "input has data type int32, " NOT_ACCEPTED),
    OP("floor: int32", floor_dtype, IA, "floor", "input has data type int32, " NOT_ACCEPTED),
    OP("sigmoid: int32", sigmoid_dtype, IA, "sigmoid", "input has data type int32, " NOT_ACCEPTED),
    OP("tanh: int32", tanh_dtype, IA, "tanh", "input has data type int32, " NOT_ACCEPTED),
    OP("abs: uint32", abs_dtype, IA, "abs", "input has data type uint32, " NOT_ACCEPTED),
    OP("neg: uint32", neg_dtype, IA, "neg", "input has data type uint32, " NOT_ACCEPTED),
    OP("relu: uint32", relu_dtype, IA, "relu", "input has data type uint32, " NOT_ACCEPTED),

    /* clamp: min > max after casting both to the input type; cast: target type */
    OP("clamp: float min > max", clamp_float, IA, "clamp", "minValue is greater than maxValue"),
    OP("clamp: int32 bounds 2.6 > 2.5 round to 3 > 2", clamp_int_rounding, IA, "clamp",
       "minValue is greater than maxValue"),
    OP("clamp: uint8 bounds saturate to 255 > 200", clamp_uint8_saturating, IA, "clamp",
       "minValue is greater than maxValue"),
    OP("clamp: int8 bounds uint64 max > -1000", clamp_int8_mixed, IA, "clamp", "minValue is greater than maxValue"),
    OP("clamp: uint32 bounds 5 > -3 (cast to 0)", clamp_uint32_negative, IA, "clamp",
       "minValue is greater than maxValue"),
    OP("cast: target undefined", cast_dtype0, IA, "cast", "data type 0 is not a data type"),
    OP("cast: target 99", cast_dtype99, IA, "cast", "data type 99 is not a data type"),
    OP("cast: NULL input", cast_null, IA, "cast", "input is NULL"),

    /* matmul */
    OP("matmul: int32 input", matmul_int, IA, "matmul", "input a has data type int32, " NOT_ACCEPTED),
    OP("matmul: rank 1 a", matmul_rank1, IA, "matmul", "a has rank 1 and b rank 2, both must be at least 2"),
    OP("matmul: rank 1 b", matmul_rank1_b, IA, "matmul", "a has rank 2 and b rank 1, both must be at least 2"),
    OP("matmul: K mismatch", matmul_k, IA, "matmul", "columns of a 3 != rows of b 4"),
    OP("matmul: batch dims", matmul_batch, IA, "matmul",
       "batch dimensions of a float32[2,2,3] and b float32[3,3,4] do not broadcast"),
    OP("matmul: dtype mismatch", matmul_dtype, IA, "matmul", "b type float16 != a type float32"),

    /* gemm */
    OP("gemm: rank 3 a", gemm_rank3, IA, "gemm", "a has rank 3 and b rank 2, both must be 2"),
    OP("gemm: rank 1 b", gemm_rank1_b, IA, "gemm", "a has rank 2 and b rank 1, both must be 2"),
    OP("gemm: K mismatch", gemm_k, IA, "gemm", "columns of a' 3 != rows of b' 4"),
    OP("gemm: K mismatch with aTranspose", gemm_k_a_transposed, IA, "gemm", "columns of a' 3 != rows of b' 2"),
    OP("gemm: K mismatch with bTranspose", gemm_k_b_transposed, IA, "gemm", "columns of a' 3 != rows of b' 4"),
    OP("gemm: K mismatch with both transposes", gemm_k_both_transposed, IA, "gemm", "columns of a' 3 != rows of b' 4"),
    OP("gemm: c not broadcastable", gemm_c_shape, IA, "gemm", "c float32[3,4] does not broadcast to [2, 4]"),
    OP("gemm: c rank 3", gemm_c_rank3, IA, "gemm", "does not broadcast to [2, 4]"),
    OP("gemm: c dtype", gemm_c_dtype, IA, "gemm", "c type float16 != a type float32"),
    OP("gemm: c of another builder", gemm_c_other_builder, IA, "gemm", "option c belongs to another builder"),
    OP("gemm: int32 input", gemm_int, IA, "gemm", "input a has data type int32, " NOT_ACCEPTED),
    OP("gemm: b dtype", gemm_b_dtype, IA, "gemm", "b type float16 != a type float32"),

    /* conv2d */
    OP("conv2d: int32 input", conv_int, IA, "conv2d", "input has data type int32, " NOT_ACCEPTED),
    OPX("conv2d: rank 3 input", conv_rank3, IA, "conv2d", "input has rank 3, expected 4", "conv: "),
    OP("conv2d: rank 3 filter", conv_filter_rank3, IA, "conv2d", "filter has rank 3, expected 4"),
    OP("conv2d: filter dtype", conv_filter_dtype, IA, "conv2d", "filter type float16 != input type float32"),
    OP("conv2d: padding length 3", conv_padding3, IA, "conv2d", "padding has 3 items, it must have 4"),
    OP("conv2d: padding given empty", conv_padding_empty, IA, "conv2d", "padding has 0 items, it must have 4"),
    OP("conv2d: strides length 1", conv_strides1, IA, "conv2d", "strides has 1 items, it must have 2"),
    OP("conv2d: stride 0", conv_stride0, IA, "conv2d", "strides[1] is 0"),
    OP("conv2d: dilations length 3", conv_dilations3, IA, "conv2d", "dilations has 3 items, it must have 2"),
    OP("conv2d: dilation 0", conv_dilation0, IA, "conv2d", "dilations[0] is 0"),
    OP("conv2d: input channels % groups", conv_groups_divide, IA, "conv2d",
       "input channels 4 are not divisible by groups 3"),
    OP("conv2d: filter input channels (default oihw)", conv_in_oihw, IA, "conv2d",
       "input channels 4 / groups 1 != filter input channels 2"),
    OP("conv2d: filter input channels (oihw)", conv_in_explicit_oihw, IA, "conv2d",
       "input channels 4 / groups 1 != filter input channels 2"),
    OP("conv2d: filter input channels (hwio)", conv_in_hwio, IA, "conv2d",
       "input channels 4 / groups 1 != filter input channels 2"),
    OP("conv2d: filter input channels (ohwi)", conv_in_ohwi, IA, "conv2d",
       "input channels 4 / groups 1 != filter input channels 2"),
    OP("conv2d: filter input channels (ihwo)", conv_in_ihwo, IA, "conv2d",
       "input channels 4 / groups 1 != filter input channels 2"),
    OP("conv2d: filter input channels with groups", conv_in_groups, IA, "conv2d",
       "input channels 4 / groups 2 != filter input channels 4"),
    OP("conv2d: filter input channels (nhwc input)", conv_in_nhwc, IA, "conv2d",
       "input channels 4 / groups 1 != filter input channels 2"),
    OP("conv2d: output channels % groups", conv_out_groups, IA, "conv2d",
       "output channels 3 are not divisible by groups 2"),
    OP("conv2d: output channels % groups (hwio)", conv_out_groups_hwio, IA, "conv2d",
       "output channels 3 are not divisible by groups 2"),
    OP("conv2d: bias shape", conv_bias_shape, IA, "conv2d", "bias shape [4] != [output channels 8]"),
    OP("conv2d: bias shape (ihwo)", conv_bias_shape_ihwo, IA, "conv2d", "bias shape [4] != [output channels 8]"),
    OP("conv2d: bias rank", conv_bias_rank, IA, "conv2d", "bias has rank 2, expected 1"),
    OP("conv2d: bias dtype", conv_bias_dtype, IA, "conv2d", "bias type float16 != input type float32"),
    OP("conv2d: bias of another builder", conv_bias_other_builder, IA, "conv2d", "bias belongs to another builder"),
    OP("conv2d: filter of another builder", conv_filter_other_builder, IA, "conv2d",
       "filter belongs to another builder"),
    OP("conv2d: filter larger than padded input", conv_kernel_too_big, IA, "conv2d",
       "effective kernel height 7 (kernel 7, dilation 1) exceeds padded input height 5"),
    OP("conv2d: dilated filter larger than input", conv_kernel_dilated, IA, "conv2d",
       "effective kernel width 7 (kernel 3, dilation 3) exceeds padded input width 5"),
    OP("conv2d: invalid input layout", conv_input_layout, IA, "conv2d", "input layout 3 is not a layout"),
    OP("conv2d: invalid filter layout", conv_filter_layout, IA, "conv2d", "filter layout 5 is not a layout"),
    /* WebNN: the output height and width must be valid dimensions (1..2^31-1). */
    OP("conv2d: output height 3000000001", conv_output_too_big, IA, "conv2d", "dimension 2 is 3000000001"),

    /* averagePool2d / maxPool2d */
    OP("averagePool2d: int32 input", avg_int, IA, "averagePool2d", "input has data type int32, " NOT_ACCEPTED),
    OP("averagePool2d: rank 3", avg_rank3, IA, "averagePool2d", "input has rank 3, it must be 4"),
    OP("maxPool2d: rank 3", maxp_rank3, IA, "maxPool2d", "input has rank 3, it must be 4"),
    OP("averagePool2d: window length 1", avg_window_len, IA, "averagePool2d",
       "windowDimensions has 1 items, it must have 2"),
    OP("maxPool2d: window length 1", maxp_window_len, IA, "maxPool2d", "windowDimensions has 1 items, it must have 2"),
    OP("averagePool2d: window item 0", avg_window0, IA, "averagePool2d", "windowDimensions[1] is 0"),
    OP("maxPool2d: window item 0", maxp_window0, IA, "maxPool2d", "windowDimensions[1] is 0"),
    OP("averagePool2d: stride 0", avg_stride0, IA, "averagePool2d", "strides[0] is 0"),
    OP("maxPool2d: stride 0", maxp_stride0, IA, "maxPool2d", "strides[0] is 0"),
    OPX("averagePool2d: outputSizes neither floor nor ceil", avg_output_sizes, IA, "averagePool2d",
        "output sizes [2, 3] are neither the floor sizes [2, 2] nor the ceil sizes [3, 3]", "avg_pool"),
    OPX("maxPool2d: outputSizes neither floor nor ceil", maxp_output_sizes, IA, "maxPool2d",
        "output sizes [2, 3] are neither the floor sizes [2, 2] nor the ceil sizes [3, 3]", "max_pool"),
    OP("averagePool2d: window larger than input", avg_window_big, IA, "averagePool2d", "output height is less than 1"),
    OP("maxPool2d: window larger than input", maxp_window_big, IA, "maxPool2d", "output height is less than 1"),
    OP("maxPool2d: window wider than nhwc input", pool_nhwc_width, IA, "maxPool2d", "output width is less than 1"),
    OP("maxPool2d: dilation 0", pool_dilation0, IA, "maxPool2d", "dilations[1] is 0"),
    OP("averagePool2d: padding length 2", pool_padding_len, IA, "averagePool2d", "padding has 2 items, it must have 4"),
    OP("maxPool2d: outputSizes length 1", pool_output_sizes_len, IA, "maxPool2d",
       "outputSizes has 1 items, it must have 2"),
    OP("maxPool2d: outputSizes item 0", pool_output_sizes0, IA, "maxPool2d", "outputSizes[0] is 0"),
    OP("maxPool2d: invalid layout", pool_layout, IA, "maxPool2d", "layout or rounding is not a valid value"),
    OP("averagePool2d: invalid rounding", pool_rounding, IA, "averagePool2d",
       "layout or rounding is not a valid value"),
    /* WebNN: the pooled output sizes must be valid dimensions (1..2^31-1). */
    OP("maxPool2d: output height 3000000001", pool_output_too_big, IA, "maxPool2d", "dimension 2 is 3000000001"),

    /* softmax, reshape, transpose */
    OP("softmax: int32 input", softmax_int, IA, "softmax", "input has data type int32, " NOT_ACCEPTED),
    OP("softmax: axis >= rank", softmax_axis, IA, "softmax", "axis 2 is out of range for rank 2"),
    OP("softmax: scalar", softmax_scalar, IA, "softmax", "input is a scalar, rank must be at least 1"),
    OP("reshape: element count", reshape_count, IA, "reshape", "new shape has 8 elements, the input has 6"),
    OP("reshape: rank 9", reshape_rank9, IA, "reshape", "new shape has rank 9, the maximum is 8"),
    OP("reshape: zero dimension", reshape_zero, IA, "reshape", "new shape dimension 1 is 0"),
    OP("reshape: NULL shape", reshape_null, IA, "reshape", "new shape is NULL"),
    OP("transpose: permutation length", transpose_length, IA, "transpose", "permutation has 2 items, it must have 3"),
    OP("transpose: duplicate axis", transpose_duplicate, IA, "transpose", "permutation repeats axis 0"),
    OP("transpose: axis out of range", transpose_range, IA, "transpose",
       "permutation value 3 is out of range for rank 3"),

    /* concat */
    OP("concat: 0 inputs", concat_zero, IA, "concat", "0 inputs given, it takes 1 to 8192"),
    OP("concat: 8193 inputs", concat_too_many, IA, "concat", "8193 inputs given, it takes 1 to 8192"),
    OP("concat: NULL list", concat_null_list, IA, "concat", "inputs given, it takes 1 to 8192"),
    OP("concat: axis >= rank", concat_axis, IA, "concat", "axis 2 is out of range for rank 2"),
    OP("concat: dtype mismatch", concat_dtype, IA, "concat", "input 1 has a different data type or rank than input 0"),
    OP("concat: rank mismatch", concat_rank, IA, "concat", "input 2 has a different data type or rank than input 0"),
    OP("concat: axis sum above 2^31-1", concat_axis_sum, IA, "concat", "the concatenated axis is larger than 2^31-1"),
    OP("concat: shape mismatch off the axis", concat_shape, IA, "concat",
       "input 1 has size 4 on axis 1, input 0 has 3"),

    /* slice */
    OP("slice: starts length", slice_starts_len, IA, "slice", "starts has 1 items, it must have 2"),
    OP("slice: sizes length", slice_sizes_len, IA, "slice", "sizes has 3 items, it must have 2"),
    OP("slice: strides length", slice_strides_len, IA, "slice", "strides has 1 items, it must have 2"),
    OP("slice: start + size beyond the axis", slice_beyond, IA, "slice", "start 2 + size 3 exceeds axis 0 of size 4"),
    OP("slice: start at the axis end", slice_start_at_end, IA, "slice", "start 6 + size 1 exceeds axis 1 of size 6"),
    OP("slice: start + size overflows 32 bits", slice_overflow, IA, "slice",
       "start 4294967295 + size 2 exceeds axis 0"),
    OP("slice: size 0", slice_size0, IA, "slice", "size on axis 1 is 0"),
    OP("slice: stride 0", slice_stride0, IA, "slice", "stride on axis 0 is 0"),
    OP("slice: NULL starts", slice_null, IA, "slice", "starts or sizes is NULL"),

    /* split: every failure poisons each output slot and returns the count */
    OP("split: count does not divide the axis", split_not_dividing, IA, "split",
       "axis 0 of size 6 does not split into 4 equal parts"),
    OP("split: sizes do not sum to the axis", split_sizes_sum, IA, "split", "split sizes sum to 5, axis 0 has size 6"),
    OP("split: size 0", split_sizes_zero, IA, "split", "split 1 has size 0"),
    OP("split: axis out of range", split_axis, IA, "split", "axis 2 is out of range for rank 2"),
    OP("split: sizes with axis out of range", split_sizes_axis, IA, "split", "axis 5 is out of range for rank 2"),
    OP("split: count 0", split_count0, IA, "split", "0 splits requested, it takes 1 to 8192"),
    /* nnx.h: "On error every slot gets a poisoned operand", also past the 8192 limit. */
    OP("split: count 8193", split_too_many, IA, "split", "8193 splits requested, it takes 1 to 8192"),
    OP("split: NULL sizes", split_null_sizes, IA, "split", "sizes is NULL"),
    OP("split: NULL outputs", split_null_outputs, IA, "split", "outputs is NULL"),

    /* reductions */
    OP("reduceSum: axis out of range", reduce_sum_range, IA, "reduceSum", "axis 2 is out of range for rank 2"),
    OP("reduceMin: axis of a scalar", reduce_min_range_scalar, IA, "reduceMin", "axis 0 is out of range for rank 0"),
    OP("reduceMax: duplicate axis", reduce_max_duplicate, IA, "reduceMax", "axis 1 is given twice"),
    OP("reduceMean: duplicate axis", reduce_mean_duplicate, IA, "reduceMean", "axis 0 is given twice"),
    OP("reduceMean: int32", reduce_mean_int, IA, "reduceMean", "input has data type int32, " NOT_ACCEPTED),
    OP("reduceSum: uint8", reduce_sum_uint8, IA, "reduceSum", "input has data type uint8, " NOT_ACCEPTED),
    OP("reduceSum: bool", reduce_sum_bool, IA, "reduceSum", "input has data type bool, " NOT_ACCEPTED),

    /* build */
    BUILD("build: no outputs", build_no_outputs, IA, "no outputs given"),
    BUILD("build: output count 0", build_zero_count, IA, "no outputs given"),
    BUILD("build: empty output name", build_empty_name, IA, "output 0 has an empty name"),
    BUILD("build: NULL output name", build_null_name, IA, "output 1 has an empty name"),
    BUILD("build: duplicate output name", build_duplicate_name, IA, "output name 'y' is given twice"),
    BUILD("build: output is an input", build_output_input, IA, "output 'x' is a graph input or a constant"),
    BUILD("build: output is a constant", build_output_constant, IA, "output 'c' is a graph input or a constant"),
    BUILD("build: output of another builder", build_other_builder, IA, "output 'z' is not an operand of this builder"),
    BUILD("build: NULL output operand", build_null_operand, IA, "output 'y' is not an operand of this builder"),
    BUILD("build: second build", build_twice, IS, "the builder has already built its graph"),

    /* tensors */
    CTX("tensor write: not writable", tensor_write_readonly, "write tensor", "the tensor is not writable"),
    CTX("tensor write: constant tensor", tensor_write_constant, "write tensor", "the tensor is not writable"),
    CTX("tensor read: not readable", tensor_read_writeonly, "read tensor", "the tensor is not readable"),
    CTX("tensor read: constant tensor", tensor_read_constant, "read tensor", "the tensor is not readable"),
    CTX("tensor write: byte size", tensor_write_size, "write tensor", "15 bytes given, the tensor holds 16"),
    CTX("tensor write: NULL data", tensor_write_null, "write tensor", "bytes given, the tensor holds 16"),
    CTX("tensor read: byte size", tensor_read_size, "read tensor", "buffer of 17 bytes, the tensor holds 16"),
    CTX("tensor create: dimension 0", tensor_dim0, "tensor", "dimension 1 is 0"),
    CTX("tensor create: dtype undefined", tensor_dtype0, "tensor", "data type 0 is not a data type"),
    CTX("tensor create: element count 2^31", tensor_count, "tensor", "the element count exceeds 2^31-1"),
    CTX("tensor create: rank 9", tensor_rank9, "tensor", "rank 9 exceeds the maximum rank 8"),
    CTX("tensor create: NULL descriptor", tensor_null_desc, "tensor", "descriptor is NULL"),
    CTX("constant tensor: byte size", ctensor_size, "constant tensor", "data is 15 bytes, the descriptor needs 16"),
    CTX("constant tensor: NULL data", ctensor_null_data, "constant tensor", "data is NULL"),
    CTX("constant tensor: dimension 0", ctensor_dim0, "constant tensor", "dimension 1 is 0"),

    /* dispatch (graph y = a + b; input u is unreachable, so not a graph input) */
    DISPATCH("dispatch: graph of another context", dispatch_other_context, "the graph is not a graph of this context"),
    DISPATCH("dispatch: NULL graph", dispatch_null_graph, "the graph is not a graph of this context"),
    DISPATCH("dispatch: missing input", dispatch_missing_input, "1 input tensors given, the graph has 2"),
    DISPATCH("dispatch: unreachable input bound", dispatch_unreachable_input, "3 input tensors given, the graph has 2"),
    DISPATCH("dispatch: unknown input name", dispatch_unknown_input, "the graph has no input named 'c'"),
    DISPATCH("dispatch: NULL input name", dispatch_null_name, "the graph has no input named"),
    DISPATCH("dispatch: input bound twice", dispatch_input_twice, "input 'a' is bound twice"),
    DISPATCH("dispatch: same tensor as input and output", dispatch_same_tensor_in_out,
             "a tensor is bound more than once"),
    DISPATCH("dispatch: same tensor for two inputs", dispatch_same_tensor_inputs, "a tensor is bound more than once"),
    DISPATCH("dispatch: constant tensor bound", dispatch_constant_tensor, "input 'a' is a constant tensor"),
    DISPATCH("dispatch: input shape", dispatch_shape, "input 'b' is float32[3,2], the graph expects float32[2,3]"),
    DISPATCH("dispatch: input rank", dispatch_rank, "input 'a' is float32[6], the graph expects float32[2,3]"),
    DISPATCH("dispatch: input dtype", dispatch_dtype, "input 'a' is float16[2,3], the graph expects float32[2,3]"),
    DISPATCH("dispatch: output descriptor", dispatch_output_desc,
             "output 'y' is int32[2,3], the graph expects float32[2,3]"),
    DISPATCH("dispatch: tensor of another context", dispatch_other_context_tensor,
             "input 'b' is not a tensor of this context"),
    DISPATCH("dispatch: NULL tensor", dispatch_null_tensor, "output 'y' is not a tensor of this context"),
    DISPATCH("dispatch: 0 outputs", dispatch_output_count0, "0 output tensors given, the graph has 1"),
    DISPATCH("dispatch: 2 outputs", dispatch_output_count2, "2 output tensors given, the graph has 1"),
    DISPATCH("dispatch: unknown output name", dispatch_unknown_output, "the graph has no output named 'z'"),
    DISPATCH("dispatch: NULL input list", dispatch_null_list, "a tensor list is NULL"),
};

/* ------------------------------------------------------------------ the row checker */

/* msg must start with prefix followed by ": ", or by " '" (a label) when prefix has none. */
static void expect_message(const char *row, const char *msg, const char *prefix, const char *sub, const char *absent)
{
    size_t n = strlen(prefix);
    bool labelled = strchr(prefix, '\'') != NULL;
    bool starts = strncmp(msg, prefix, n) == 0 &&
        ((msg[n] == ':' && msg[n + 1] == ' ') || (!labelled && msg[n] == ' ' && msg[n + 1] == '\''));
    if (!starts)
        fail_msg("%s: message \"%s\" does not start with \"%s: \"", row, msg, prefix);
    if (!strstr(msg, sub))
        fail_msg("%s: message \"%s\" does not contain \"%s\"", row, msg, sub);
    if (absent && strstr(msg, absent))
        fail_msg("%s: message \"%s\" contains \"%s\"", row, msg, absent);
}

static void expect_status(const char *row, const char *what, nnx_status got, nnx_status want)
{
    if (got != want)
        fail_msg("%s: %s returned %s, expected %s", row, what, nnx_status_string(got), nnx_status_string(want));
}

static void run_row(void **state)
{
    fx *f = *state;
    const err_case *r = f->row;
    nnx_status st = r->run(f);
    const char *prefix = r->prefix;
    switch (r->kind) {
    case ROW_OP: {
        expect_status(r->name, "nnx_builder_status", st, r->status);
        expect_message(r->name, nnx_builder_error(f->b), prefix, r->substring, r->absent);
        if (!f->no_result)
            assert_poisoned(f->result);
        /* build reports the sticky error (or that the builder has built) and makes no graph */
        nnx_graph *g = (nnx_graph *)&g;
        expect_status(r->name, "nnx_builder_build", nnx_builder_build(f->b, NULL, 0, &g), f->built ? IS : r->status);
        assert_null(g);
        break;
    }
    case ROW_BUILD:
        expect_status(r->name, "nnx_builder_build", st, r->status);
        expect_status(r->name, "nnx_builder_status", nnx_builder_status(f->b), r->status);
        expect_message(r->name, nnx_builder_error(f->b), prefix, r->substring, r->absent);
        break;
    case ROW_CTX: {
        expect_status(r->name, "the call", st, r->status);
        expect_message(r->name, nnx_context_error(f->err_ctx ? f->err_ctx : f->ctx), prefix, r->substring, r->absent);
        if (f->ty) { /* a rejected dispatch writes nothing */
            float y[6];
            assert_int_equal(nnx_tensor_read(f->ty, y, sizeof y), NNX_OK);
            for (int i = 0; i < 6; i++)
                assert_true(y[i] == sentinel);
        }
        break;
    }
    }
}

/* ------------------------------------------------------------------ positive tests */

static void write_f32(nnx_tensor *t, const float *v, size_t n)
{
    assert_int_equal(nnx_tensor_write(t, v, n * sizeof *v), NNX_OK);
}
static void read_f32(nnx_tensor *t, float *v, size_t n)
{
    assert_int_equal(nnx_tensor_read(t, v, n * sizeof *v), NNX_OK);
}

static void assert_close(const float *got, const float *want, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!(fabsf(got[i] - want[i]) <= 1e-5f * (1.0f + fabsf(want[i]))))
            fail_msg("element %zu is %.9g, expected %.9g", i, got[i], want[i]);
}

/* Builds outputs[0..n) and checks the graph's output descriptors are defined. */
static nnx_graph *build_ok(fx *f, const nnx_named_operand *outs, size_t n)
{
    nnx_graph *g = NULL;
    nnx_status st = nnx_builder_build(f->b, outs, n, &g);
    if (st != NNX_OK)
        fail_msg("build failed: %s: %s", nnx_status_string(st), nnx_builder_error(f->b));
    assert_non_null(g);
    assert_int_equal(nnx_graph_output_count(g), n);
    return g;
}

static void dispatch_ok(fx *f, nnx_graph *g, const nnx_named_tensor *in, size_t n_in, const nnx_named_tensor *out,
                        size_t n_out)
{
    nnx_status st = nnx_context_dispatch(f->ctx, g, in, n_in, out, n_out);
    if (st != NNX_OK)
        fail_msg("dispatch failed: %s: %s", nnx_status_string(st), nnx_context_error(f->ctx));
}

/* y = a + b: graph inputs are the reachable ones in declaration order; a rejected
 * dispatch leaves the context usable. */
static void happy_add(void **state)
{
    fx *f = *state;
    make_add_graph(f);
    assert_string_equal(nnx_graph_input_name(f->g, 0), "a");
    assert_string_equal(nnx_graph_input_name(f->g, 1), "b");
    assert_null(nnx_graph_input_name(f->g, 2));
    assert_string_equal(nnx_graph_output_name(f->g, 0), "y");
    nnx_operand_desc d;
    nnx_graph_output_desc(f->g, 0, &d);
    assert_int_equal(d.dtype, F32);
    assert_int_equal(d.rank, 2);
    assert_int_equal(d.shape[1], 3);

    const float a[6] = {1, 2, 3, 4, 5, 6}, b[6] = {10, 20, 30, 40, 50, 60};
    write_f32(f->ta, a, 6);
    write_f32(f->tb, b, 6);
    nnx_named_tensor in[2] = {NT("b", f->tb), NT("a", f->ta)}, out[1] = {NT("y", f->ty)};
    dispatch_ok(f, f->g, in, 2, out, 1);
    float y[6];
    read_f32(f->ty, y, 6);
    assert_close(y, (const float[]){11, 22, 33, 44, 55, 66}, 6);

    assert_int_equal(nnx_context_dispatch(f->ctx, f->g, in, 1, out, 1), IA);
    const float a2[6] = {-1, -2, -3, -4, -5, -6};
    write_f32(f->ta, a2, 6);
    dispatch_ok(f, f->g, in, 2, out, 1);
    read_f32(f->ty, y, 6);
    assert_close(y, (const float[]){9, 18, 27, 36, 45, 54}, 6);
    nnx_builder_destroy(f->b); /* the graph outlives its builder */
    f->b = NULL;
    dispatch_ok(f, f->g, in, 2, out, 1);
    nnx_graph_destroy(f->g);
}

/* s = reduceSum(relu(x . W + bias), axes [1]) with two outputs. */
static void happy_mlp(void **state)
{
    fx *f = *state;
    nnx_operand *x = named_input(f->b, "x", F32, SHAPE(2, 3));
    const float w[12] = {1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1}, bias[4] = {-2, -2, -10, 0};
    nnx_operand_desc dw = desc_of(F32, SHAPE(3, 4)), db = desc_of(F32, SHAPE(4));
    nnx_operand *mm = nnx_builder_matmul(f->b, x, nnx_builder_constant(f->b, &dw, w, sizeof w), NULL);
    nnx_operand *r = nnx_builder_relu(
        f->b, nnx_builder_add(f->b, mm, nnx_builder_constant(f->b, &db, bias, sizeof bias), NULL), NULL);
    nnx_reduce_options ro = {"sum", LIST(1), false};
    nnx_operand *s = nnx_builder_reduce_sum(f->b, r, &ro);
    assert_desc(s, F32, SHAPE(2));
    nnx_named_operand outs[2] = {{"r", r}, {"s", s}};
    nnx_graph *g = build_ok(f, outs, 2);

    nnx_tensor *tx = T(f->ctx, F32, 2, 3), *tr = T(f->ctx, F32, 2, 4), *ts = T(f->ctx, F32, 2);
    write_f32(tx, (const float[]){1, 2, 3, 4, 5, 6}, 6);
    nnx_named_tensor in[1] = {NT("x", tx)}, out[2] = {NT("s", ts), NT("r", tr)};
    dispatch_ok(f, g, in, 1, out, 2);
    float got[8];
    read_f32(tr, got, 8);
    assert_close(got, (const float[]){0, 0, 0, 6, 2, 3, 0, 15}, 8);
    read_f32(ts, got, 2);
    assert_close(got, (const float[]){6, 20}, 2);
}

/* gemm with both transposes, a broadcast c, alpha 2 and beta 0.5, against plain loops. */
static void happy_gemm(void **state)
{
    fx *f = *state;
    nnx_operand *a = named_input(f->b, "a", F32, SHAPE(3, 2)); /* A' = A^T is [2, 3] */
    nnx_operand *b = named_input(f->b, "b", F32, SHAPE(4, 3)); /* B' = B^T is [3, 4] */
    const float c[4] = {1, -1, 0.5f, 2};
    nnx_operand_desc dc = desc_of(F32, SHAPE(4));
    nnx_gemm_options o = {"g", nnx_builder_constant(f->b, &dc, c, sizeof c), nnx_f64(2), nnx_f64(0.5), true, true};
    nnx_named_operand out = {"y", nnx_builder_gemm(f->b, a, b, &o)};
    assert_desc(out.operand, F32, SHAPE(2, 4));
    nnx_graph *g = build_ok(f, &out, 1);

    float av[6], bv[12], want[8], got[8];
    for (int i = 0; i < 6; i++)
        av[i] = (float)(i + 1);
    for (int i = 0; i < 12; i++)
        bv[i] = (float)(i % 5) - 1.5f;
    for (int m = 0; m < 2; m++)
        for (int n = 0; n < 4; n++) {
            double acc = 0;
            for (int k = 0; k < 3; k++)
                acc += (double)av[k * 2 + m] * bv[n * 3 + k];
            want[m * 4 + n] = (float)(2 * acc + 0.5 * c[n]);
        }
    nnx_tensor *ta = T(f->ctx, F32, 3, 2), *tb = T(f->ctx, F32, 4, 3), *ty = T(f->ctx, F32, 2, 4);
    write_f32(ta, av, 6);
    write_f32(tb, bv, 12);
    nnx_named_tensor in[2] = {NT("a", ta), NT("b", tb)}, outs[1] = {NT("y", ty)};
    dispatch_ok(f, g, in, 2, outs, 1);
    read_f32(ty, got, 8);
    assert_close(got, want, 8);
}

/* conv2d nhwc input, hwio filter, bias, asymmetric padding, against plain loops. */
static void happy_conv(void **state)
{
    fx *f = *state;
    enum { H = 3, W = 3, C = 2, KH = 2, KW = 2, O = 3, OH = 3, OW = 3 };
    float xv[H * W * C], wv[KH * KW * C * O], bv[O] = {0.5f, -1, 2}, want[OH * OW * O], got[OH * OW * O];
    for (int i = 0; i < H * W * C; i++)
        xv[i] = (float)(i % 7) - 3;
    for (int i = 0; i < KH * KW * C * O; i++)
        wv[i] = (float)(i % 5) * 0.25f - 0.5f;
    /* pads [beginH 1, endH 0, beginW 0, endW 1] */
    for (int oh = 0; oh < OH; oh++)
        for (int ow = 0; ow < OW; ow++)
            for (int o = 0; o < O; o++) {
                double acc = bv[o];
                for (int kh = 0; kh < KH; kh++)
                    for (int kw = 0; kw < KW; kw++)
                        for (int c = 0; c < C; c++) {
                            int ih = oh - 1 + kh, iw = ow + kw;
                            if (ih >= 0 && ih < H && iw >= 0 && iw < W)
                                acc += (double)xv[(ih * W + iw) * C + c] * wv[((kh * KW + kw) * C + c) * O + o];
                        }
                want[(oh * OW + ow) * O + o] = (float)acc;
            }
    nnx_operand *x = named_input(f->b, "x", F32, SHAPE(1, H, W, C));
    nnx_operand_desc dw = desc_of(F32, SHAPE(KH, KW, C, O)), db = desc_of(F32, SHAPE(O));
    nnx_conv2d_options o = {.label = "conv",
                            .padding = LIST(1, 0, 0, 1),
                            .input_layout = NNX_LAYOUT_NHWC,
                            .filter_layout = NNX_FILTER_HWIO,
                            .bias = nnx_builder_constant(f->b, &db, bv, sizeof bv)};
    nnx_named_operand out = {"y", nnx_builder_conv2d(f->b, x, nnx_builder_constant(f->b, &dw, wv, sizeof wv), &o)};
    assert_desc(out.operand, F32, SHAPE(1, OH, OW, O));
    nnx_graph *g = build_ok(f, &out, 1);
    nnx_tensor *tx = T(f->ctx, F32, 1, H, W, C), *ty = T(f->ctx, F32, 1, OH, OW, O);
    write_f32(tx, xv, H * W * C);
    nnx_named_tensor in[1] = {NT("x", tx)}, outs[1] = {NT("y", ty)};
    dispatch_ok(f, g, in, 1, outs, 1);
    read_f32(ty, got, OH * OW * O);
    assert_close(got, want, OH * OW * O);
}

/* maxPool2d and averagePool2d, 2x2 windows with stride 2 over 0..15. */
static void happy_pool(void **state)
{
    fx *f = *state;
    nnx_operand *x = named_input(f->b, "x", F32, SHAPE(1, 1, 4, 4));
    nnx_pool2d_options o = {.window_dimensions = LIST(2, 2), .strides = LIST(2, 2)};
    nnx_named_operand outs[2] = {{"max", nnx_builder_max_pool2d(f->b, x, &o)},
                                 {"avg", nnx_builder_average_pool2d(f->b, x, &o)}};
    nnx_graph *g = build_ok(f, outs, 2);
    float xv[16], got[4];
    for (int i = 0; i < 16; i++)
        xv[i] = (float)i;
    nnx_tensor *tx = T(f->ctx, F32, 1, 1, 4, 4), *tm = T(f->ctx, F32, 1, 1, 2, 2), *ta = T(f->ctx, F32, 1, 1, 2, 2);
    write_f32(tx, xv, 16);
    nnx_named_tensor in[1] = {NT("x", tx)}, out[2] = {NT("avg", ta), NT("max", tm)};
    dispatch_ok(f, g, in, 1, out, 2);
    read_f32(tm, got, 4);
    assert_close(got, (const float[]){5, 7, 13, 15}, 4);
    read_f32(ta, got, 4);
    assert_close(got, (const float[]){2.5f, 4.5f, 10.5f, 12.5f}, 4);
}

/* split, concat, slice with strides, transpose and reshape on a [4, 3] input. */
static void happy_movement(void **state)
{
    fx *f = *state;
    nnx_operand *x = named_input(f->b, "x", F32, SHAPE(4, 3));
    nnx_operand *parts[2] = {NULL, NULL};
    assert_int_equal(nnx_builder_split(f->b, x, 2, NULL, parts), 2);
    assert_desc(parts[0], F32, SHAPE(2, 3));
    nnx_operand *swapped[2] = {parts[1], parts[0]};
    nnx_operand *cat = nnx_builder_concat(f->b, swapped, 2, 0, NULL);
    nnx_slice_options so = {NULL, LIST(2, 2)};
    nnx_operand *sl = nnx_builder_slice(f->b, cat, LIST(1, 0), LIST(3, 3), &so);
    assert_desc(sl, F32, SHAPE(2, 2));
    nnx_operand *t = nnx_builder_transpose(f->b, sl, NULL);
    nnx_named_operand out = {"y", nnx_builder_reshape(f->b, t, SHAPE(4), NULL)};
    nnx_graph *g = build_ok(f, &out, 1);
    float xv[12], got[4];
    for (int i = 0; i < 12; i++)
        xv[i] = (float)i;
    nnx_tensor *tx = T(f->ctx, F32, 4, 3), *ty = T(f->ctx, F32, 4);
    write_f32(tx, xv, 12);
    nnx_named_tensor in[1] = {NT("x", tx)}, outs[1] = {NT("y", ty)};
    dispatch_ok(f, g, in, 1, outs, 1);
    read_f32(ty, got, 4);
    assert_close(got, (const float[]){9, 3, 11, 5}, 4);
}

/* A constant tensor's bytes are captured at constant_tensor: the tensor may be destroyed
 * before build. Scalar constants broadcast. */
static void happy_constant_tensor(void **state)
{
    fx *f = *state;
    const float cv[3] = {2, -3, 0.5f};
    nnx_operand_desc dc = desc_of(F32, SHAPE(3));
    nnx_tensor *tc = NULL;
    assert_int_equal(nnx_tensor_create_constant(f->ctx, &dc, cv, sizeof cv, &tc), NNX_OK);
    nnx_tensor_desc td;
    nnx_tensor_get_desc(tc, &td);
    assert_false(td.readable);
    assert_false(td.writable);
    nnx_operand *x = named_input(f->b, "x", F32, SHAPE(2, 3));
    nnx_operand *c = nnx_builder_constant_tensor(f->b, tc);
    nnx_tensor_destroy(tc);
    nnx_operand *y = nnx_builder_add(f->b, nnx_builder_mul(f->b, x, c, NULL),
                                     nnx_builder_constant_scalar(f->b, F32, nnx_i64(1)), NULL);
    nnx_clamp_options co = {"clip", nnx_f64(-4), nnx_f64(4)};
    nnx_named_operand out = {"y", nnx_builder_clamp(f->b, y, &co)};
    nnx_graph *g = build_ok(f, &out, 1);
    nnx_tensor *tx = T(f->ctx, F32, 2, 3), *ty = T(f->ctx, F32, 2, 3);
    write_f32(tx, (const float[]){1, 1, 1, 3, 2, -4}, 6);
    nnx_named_tensor in[1] = {NT("x", tx)}, outs[1] = {NT("y", ty)};
    dispatch_ok(f, g, in, 1, outs, 1);
    float got[6];
    read_f32(ty, got, 6);
    assert_close(got, (const float[]){3, -2, 1.5f, 4, -4, -1}, 6);
}

/* The valid neighbours of the error rows are accepted, with the right output types. */
static void happy_valid_counterparts(void **state)
{
    fx *f = *state;
    nnx_builder *b = f->b;
    /* input limits */
    assert_desc(X(U8, 2147483647u), U8, SHAPE(2147483647u));
    assert_desc(X(F32, 1, 1, 1, 1, 1, 1, 1, 2), F32, SHAPE(1, 1, 1, 1, 1, 1, 1, 2));
    assert_desc(XS(NNX_BOOL), NNX_BOOL, NULL, 0);
    assert_desc(nnx_builder_constant_scalar(b, U8, nnx_i64(300)), U8, NULL, 0);

    /* conv2d: every filter layout, nhwc, groups, depthwise, bias, kernel == padded input */
    nnx_operand *x = X(F32, 1, 4, 5, 5), *xh = X(F32, 1, 5, 5, 4);
    assert_desc(nnx_builder_conv2d(b, x, X(F32, 8, 4, 3, 3), NULL), F32, SHAPE(1, 8, 3, 3));
    assert_desc(nnx_builder_conv2d(b, x, X(F32, 3, 3, 4, 8), &(nnx_conv2d_options){.filter_layout = NNX_FILTER_HWIO}),
                F32, SHAPE(1, 8, 3, 3));
    assert_desc(nnx_builder_conv2d(b, x, X(F32, 8, 3, 3, 4), &(nnx_conv2d_options){.filter_layout = NNX_FILTER_OHWI}),
                F32, SHAPE(1, 8, 3, 3));
    assert_desc(nnx_builder_conv2d(b, x, X(F32, 4, 3, 3, 8), &(nnx_conv2d_options){.filter_layout = NNX_FILTER_IHWO}),
                F32, SHAPE(1, 8, 3, 3));
    assert_desc(nnx_builder_conv2d(b, xh, X(F32, 8, 4, 3, 3), &(nnx_conv2d_options){.input_layout = NNX_LAYOUT_NHWC}),
                F32, SHAPE(1, 3, 3, 8));
    assert_desc(nnx_builder_conv2d(b, x, X(F32, 8, 2, 3, 3), &(nnx_conv2d_options){.groups = 2, .bias = X(F32, 8)}),
                F32, SHAPE(1, 8, 3, 3));
    assert_desc(nnx_builder_conv2d(b, x, X(F32, 4, 1, 3, 3), &(nnx_conv2d_options){.groups = 4}), F32,
                SHAPE(1, 4, 3, 3));
    assert_desc(nnx_builder_conv2d(b, x, X(F32, 8, 4, 7, 7), &(nnx_conv2d_options){.padding = LIST(1, 1, 1, 1)}), F32,
                SHAPE(1, 8, 1, 1));
    assert_desc(nnx_builder_conv2d(b, x, X(F32, 8, 4, 3, 3),
                                   &(nnx_conv2d_options){.strides = LIST(2, 2), .dilations = LIST(2, 1)}),
                F32, SHAPE(1, 8, 1, 2));

    /* matmul, gemm */
    assert_desc(nnx_builder_matmul(b, X(F32, 2, 1, 2, 3), X(F32, 3, 3, 4), NULL), F32, SHAPE(2, 3, 2, 4));
    assert_desc(nnx_builder_gemm(b, X(F32, 3, 2), X(F32, 3, 5), &(nnx_gemm_options){.a_transpose = true}), F32,
                SHAPE(2, 5));
    assert_desc(nnx_builder_gemm(b, X(F32, 2, 3), X(F32, 4, 3), &(nnx_gemm_options){.b_transpose = true, .c = XS(F32)}),
                F32, SHAPE(2, 4));
    assert_desc(nnx_builder_gemm(b, X(F32, 2, 3), X(F32, 3, 4), &(nnx_gemm_options){.c = X(F32, 2, 1)}), F32,
                SHAPE(2, 4));

    /* pools: explicit floor and ceil output sizes, ceil rounding, global pooling */
    nnx_operand *p = X(F32, 1, 2, 5, 5);
    nnx_pool2d_options po = {.window_dimensions = LIST(2, 2), .strides = LIST(2, 2), .output_sizes = LIST(2, 2)};
    assert_desc(nnx_builder_max_pool2d(b, p, &po), F32, SHAPE(1, 2, 2, 2));
    po.output_sizes = (const uint32_t[]){3, 3};
    assert_desc(nnx_builder_average_pool2d(b, p, &po), F32, SHAPE(1, 2, 3, 3));
    po.output_sizes = NULL;
    po.output_shape_rounding = NNX_ROUNDING_CEIL;
    assert_desc(nnx_builder_max_pool2d(b, p, &po), F32, SHAPE(1, 2, 3, 3));
    assert_desc(nnx_builder_average_pool2d(b, p, NULL), F32, SHAPE(1, 2, 1, 1));
    assert_desc(
        nnx_builder_max_pool2d(b, X(I32, 1, 4, 3, 2),
                               &(nnx_pool2d_options){.layout = NNX_LAYOUT_NHWC, .window_dimensions = LIST(2, 3)}),
        I32, SHAPE(1, 3, 1, 2));

    /* clamp bounds that are equal once cast to the input type */
    nnx_clamp_options co = {NULL, nnx_f64(2.4), nnx_f64(2.3)};
    assert_desc(nnx_builder_clamp(b, X(I32, 3), &co), I32, SHAPE(3));
    co = (nnx_clamp_options){NULL, nnx_i64(-5), nnx_i64(-1)};
    assert_desc(nnx_builder_clamp(b, X(U8, 3), &co), U8, SHAPE(3));
    co = (nnx_clamp_options){NULL, nnx_f64(1.0001), nnx_f64(1.0)};
    assert_desc(nnx_builder_clamp(b, X(F16, 3), &co), F16, SHAPE(3));
    assert_desc(nnx_builder_clamp(b, X(NNX_INT64, 3), NULL), NNX_INT64, SHAPE(3));

    /* unary and binary on allowed types, cast */
    nnx_operand *i = X(I32, 2, 3);
    assert_desc(nnx_builder_abs(b, i, NULL), I32, SHAPE(2, 3));
    assert_desc(nnx_builder_neg(b, X(NNX_INT8, 2), NULL), NNX_INT8, SHAPE(2));
    assert_desc(nnx_builder_relu(b, X(NNX_INT64, 2), NULL), NNX_INT64, SHAPE(2));
    assert_desc(nnx_builder_exp(b, X(F16, 2), NULL), F16, SHAPE(2));
    assert_desc(nnx_builder_pow(b, i, X(I32, 3), NULL), I32, SHAPE(2, 3));
    assert_desc(nnx_builder_max(b, X(U32, 4, 1, 1), X(U32, 2, 3), NULL), U32, SHAPE(4, 2, 3));
    assert_desc(nnx_builder_cast(b, i, NNX_BOOL, NULL), NNX_BOOL, SHAPE(2, 3));

    /* movement at the limits */
    nnx_operand *m = X(F32, 4, 6);
    assert_desc(nnx_builder_slice(b, m, LIST(2, 0), LIST(2, 6), NULL), F32, SHAPE(2, 6));
    assert_desc(nnx_builder_slice(b, m, LIST(0, 0), LIST(4, 6), &(nnx_slice_options){NULL, LIST(3, 4)}), F32,
                SHAPE(2, 2));
    nnx_operand *outs[3] = {NULL, NULL, NULL};
    assert_int_equal(nnx_builder_split_sizes(b, m, (const uint32_t[]){1, 3}, 2, NULL, outs), 2);
    assert_desc(outs[1], F32, SHAPE(3, 6));
    assert_int_equal(nnx_builder_split(b, m, 3, &(nnx_split_options){NULL, 1}, outs), 3);
    assert_desc(outs[2], F32, SHAPE(4, 2));
    nnx_operand *one = X(F32, 1);
    nnx_operand **many = f->scratch = malloc(8192 * sizeof *many);
    assert_non_null(many);
    for (int k = 0; k < 8192; k++)
        many[k] = one;
    assert_desc(nnx_builder_concat(b, many, 8192, 0, NULL), F32, SHAPE(8192));
    assert_desc(nnx_builder_concat(b, &m, 1, 1, NULL), F32, SHAPE(4, 6));
    assert_desc(nnx_builder_reshape(b, X(F32, 1, 1), NULL, 0, NULL), F32, NULL, 0);
    assert_desc(nnx_builder_transpose(b, X(F32, 2, 3, 4), NULL), F32, SHAPE(4, 3, 2));
    assert_desc(nnx_builder_transpose(b, X(F32, 2, 3, 4), &(nnx_transpose_options){NULL, LIST(1, 2, 0)}), F32,
                SHAPE(3, 4, 2));

    /* softmax, reductions */
    assert_desc(nnx_builder_softmax(b, X(F16, 2, 3), 1, NULL), F16, SHAPE(2, 3));
    nnx_reduce_options none = {NULL, (const uint32_t[]){0}, 0, false};
    assert_desc(nnx_builder_reduce_mean(b, X(F32, 2, 3), &none), F32, SHAPE(2, 3));
    assert_desc(nnx_builder_reduce_sum(b, X(U32, 2, 3), &(nnx_reduce_options){NULL, LIST(1, 0), true}), U32,
                SHAPE(1, 1));
    assert_desc(nnx_builder_reduce_max(b, X(NNX_BOOL, 2, 3), NULL), NNX_BOOL, NULL, 0);
    assert_desc(nnx_builder_reduce_min(b, X(U8, 2, 3), &(nnx_reduce_options){NULL, LIST(1), false}), U8, SHAPE(2));

    /* a control-character label is fine on a valid call */
    nnx_operand *last = nnx_builder_sigmoid(b, X(F32, 2), &(nnx_operator_options){"\x01\n"});
    assert_int_equal(nnx_builder_status(b), NNX_OK);
    assert_string_equal(nnx_builder_error(b), "");
    nnx_named_operand out = {"y", last};
    nnx_graph *g = build_ok(f, &out, 1);
    assert_int_equal(nnx_graph_input_count(g), 1);
}

/* ------------------------------------------------------------------ main */

static const struct {
    const char *name;
    CMUnitTestFunction fn;
} positive[] = {
    {"valid: add graph builds and dispatches", happy_add},
    {"valid: matmul + bias + relu + reduceSum", happy_mlp},
    {"valid: gemm with transposes", happy_gemm},
    {"valid: conv2d nhwc/hwio with bias and padding", happy_conv},
    {"valid: max and average pooling", happy_pool},
    {"valid: split, concat, slice, transpose, reshape", happy_movement},
    {"valid: constant tensor, scalar constant, clamp", happy_constant_tensor},
    {"valid: neighbours of the error cases are accepted", happy_valid_counterparts},
};

int main(void)
{
    size_t n_rows = sizeof rows / sizeof rows[0], n_pos = sizeof positive / sizeof positive[0];
    struct CMUnitTest *tests = calloc(n_rows + n_pos, sizeof *tests);
    if (!tests)
        return 1;
    for (size_t i = 0; i < n_rows; i++)
        tests[i] = (struct CMUnitTest){rows[i].name, run_row, setup, teardown, &rows[i]};
    for (size_t i = 0; i < n_pos; i++)
        tests[n_rows + i] = (struct CMUnitTest){positive[i].name, positive[i].fn, setup, teardown, NULL};
    int failed = _cmocka_run_group_tests("builder_errors", tests, n_rows + n_pos, NULL, NULL);
    free(tests);
    return failed;
}
