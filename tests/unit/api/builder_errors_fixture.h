/* builder_errors_fixture.h: what test_builder_errors.c and test_api_errors.c share: the fixture
 * (two contexts, two builders), operand and tensor helpers with their shorthand macros, the
 * err_case row type and table macros, and the generic row runner checking status and message.
 * Functions are static inline, so a file that uses only some of them gets no warning. */
#ifndef NNX_TESTS_BUILDER_ERRORS_FIXTURE_H
#define NNX_TESTS_BUILDER_ERRORS_FIXTURE_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "nnx.h"

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
#define SHAPE(...) \
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

static inline int setup(void **state)
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

static inline int teardown(void **state)
{
    fx *f = *state;
    nnx_context_destroy(f->ctx2);
    nnx_context_destroy(f->ctx);
    free(f->scratch);
    free(f);
    return 0;
}

/* ------------------------------------------------------------------ helpers */

static inline nnx_operand_desc desc_of(nnx_dtype dt, const uint32_t *shape, uint32_t rank)
{
    nnx_operand_desc d = {dt, rank, {0}};
    for (uint32_t i = 0; i < rank && i < NNX_MAX_RANK; i++)
        d.shape[i] = shape[i];
    return d;
}

/* A graph input that must be accepted (a setup step of a row). */
static inline nnx_operand *named_input(nnx_builder *b, const char *name, nnx_dtype dt, const uint32_t *shape,
                                       uint32_t rank)
{
    nnx_operand_desc d = desc_of(dt, shape, rank);
    nnx_operand *op = nnx_builder_input(b, name, &d);
    assert_non_null(op);
    assert_int_equal(nnx_builder_status(b), NNX_OK);
    return op;
}

static inline nnx_operand *input_on(fx *f, nnx_builder *b, nnx_dtype dt, const uint32_t *shape, uint32_t rank)
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
static inline nnx_operand *constant_on(nnx_builder *b, nnx_dtype dt, const uint32_t *shape, uint32_t rank)
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

static inline void assert_poisoned(const nnx_operand *op)
{
    assert_non_null(op);
    nnx_operand_desc d;
    memset(&d, 0xAB, sizeof d);
    nnx_operand_get_desc(op, &d);
    assert_int_equal(d.dtype, NNX_DTYPE_UNDEFINED);
    assert_int_equal(d.rank, 0);
}

static inline nnx_tensor *tensor_on(nnx_context *ctx, nnx_dtype dt, const uint32_t *shape, uint32_t rank, bool readable,
                                    bool writable)
{
    nnx_tensor_desc td = {desc_of(dt, shape, rank), readable, writable};
    nnx_tensor *t = NULL;
    assert_int_equal(nnx_tensor_create(ctx, &td, &t), NNX_OK);
    assert_non_null(t);
    return t;
}
#define T(ctx, dt, ...) tensor_on(ctx, dt, SHAPE(__VA_ARGS__), true, true)

static inline nnx_tensor *constant_tensor_on(nnx_context *ctx, nnx_dtype dt, const uint32_t *shape, uint32_t rank)
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
static inline nnx_operand *spend_builder(fx *f)
{
    nnx_operand *x = X(F32, 2, 3);
    nnx_named_operand out = {"y", nnx_builder_relu(f->b, x, NULL)};
    nnx_graph *g = NULL;
    assert_int_equal(nnx_builder_build(f->b, &out, 1, &g), NNX_OK);
    assert_non_null(g);
    f->built = true;
    return x;
}

/* ------------------------------------------------------------------ the table */

#define OP(name, fn, st, prefix, sub) \
    { \
        name, fn, ROW_OP, st, prefix, sub, NULL \
    }
#define OPX(name, fn, st, prefix, sub, absent) \
    { \
        name, fn, ROW_OP, st, prefix, sub, absent \
    }
#define BUILD(name, fn, st, sub) \
    { \
        name, fn, ROW_BUILD, st, "build", sub, NULL \
    }
#define CTX(name, fn, prefix, sub) \
    { \
        name, fn, ROW_CTX, IA, prefix, sub, NULL \
    }
#define DISPATCH(name, fn, sub) CTX(name, fn, "dispatch", sub)

/* Dispatch rows fill their output tensor with this; a rejected dispatch must leave it. */
static const float sentinel = -7.0f;

/* ------------------------------------------------------------------ the row checker */

/* msg must start with prefix followed by ": ", or by " '" (a label) when prefix has none. */
static inline void expect_message(const char *row, const char *msg, const char *prefix, const char *sub,
                                  const char *absent)
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

static inline void expect_status(const char *row, const char *what, nnx_status got, nnx_status want)
{
    if (got != want)
        fail_msg("%s: %s returned %s, expected %s", row, what, nnx_status_string(got), nnx_status_string(want));
}

static inline void run_row(void **state)
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

/* ------------------------------------------------------------------ main */

typedef struct named_test {
    const char *name;
    CMUnitTestFunction fn;
} named_test;

/* Runs each of rows[0..n_rows) through run_row, then the extra tests, every test on a fresh
 * fixture; returns the number of failures. */
static inline int run_error_tests(const char *group, err_case *rows, size_t n_rows, const named_test *extra,
                                  size_t n_extra)
{
    struct CMUnitTest *tests = calloc(n_rows + n_extra, sizeof *tests);
    if (!tests)
        return 1;
    for (size_t i = 0; i < n_rows; i++)
        tests[i] = (struct CMUnitTest){rows[i].name, run_row, setup, teardown, &rows[i]};
    for (size_t i = 0; i < n_extra; i++)
        tests[n_rows + i] = (struct CMUnitTest){extra[i].name, extra[i].fn, setup, teardown, NULL};
    int failed = _cmocka_run_group_tests(group, tests, n_rows + n_extra, NULL, NULL);
    free(tests);
    return failed;
}

#endif
