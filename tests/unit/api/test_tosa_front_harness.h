/* test_tosa_front_harness.h — helpers of the TOSA front-end tests (test_tosa_api*.c,
 * test_tosa_front*.c): a context + builder + TOSA session, constants and shape_t values made
 * with CONST / CONST_SHAPE, one-output operator calls, building and running a graph whose
 * inputs are given as named byte buffers, and checking a failed call's status and message. */
#ifndef TEST_TOSA_FRONT_HARNESS_H
#define TEST_TOSA_FRONT_HARNESS_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "nnx.h"

typedef struct tf {
    nnx_context *ctx;
    nnx_builder *b;
    nnx_tosa *t;
} tf;

static inline tf tf_open_with(uint32_t profiles, nnx_tosa_level level)
{
    tf h;
    assert_int_equal(nnx_context_create(&(nnx_context_options){.threads = 1}, &h.ctx), NNX_OK);
    assert_int_equal(nnx_builder_create(h.ctx, &h.b), NNX_OK);
    h.t = nnx_tosa_begin(h.b, &(nnx_tosa_options){.profiles = profiles, .level = level});
    assert_non_null(h.t);
    return h;
}
static inline tf tf_open(void) { return tf_open_with(0, NNX_TOSA_LEVEL_DEFAULT); }
static inline void tf_close(tf *h) { nnx_context_destroy(h->ctx); }

static inline size_t tf_bytes(nnx_dtype dt, uint32_t rank, const uint32_t *shape)
{
    size_t n = nnx_dtype_size(dt);
    for (uint32_t i = 0; i < rank; i++)
        n *= shape[i];
    return n;
}

/* CONST of dtype and shape from data (tf_bytes of it). */
static inline nnx_operand *tf_const(tf *h, nnx_dtype dt, uint32_t rank, const uint32_t *shape, const void *data)
{
    nnx_tosa_attrs a = {.desc = {dt, rank, {0}}, .values = data, .values_size = tf_bytes(dt, rank, shape)};
    memcpy(a.desc.shape, shape, rank * sizeof *shape);
    nnx_operand *out = NULL;
    nnx_tosa_add(h->t, NNX_TOSA_CONST, NULL, 0, &a, &out, 1);
    return out;
}
/* A 1-element rank-1 constant (zero points, shifts, pad_const). */
static inline nnx_operand *tf_scalar(tf *h, nnx_dtype dt, const void *data)
{
    uint32_t one[1] = {1};
    return tf_const(h, dt, 1, one, data);
}
static inline nnx_operand *tf_shape(tf *h, const int64_t *v, uint32_t n)
{
    nnx_tosa_attrs a = {.shape_values = v, .shape_values_count = n};
    nnx_operand *out = NULL;
    nnx_tosa_add(h->t, NNX_TOSA_CONST_SHAPE, NULL, 0, &a, &out, 1);
    return out;
}
static inline nnx_operand *tf_input(tf *h, const char *name, nnx_dtype dt, uint32_t rank, const uint32_t *shape)
{
    nnx_operand_desc d = {dt, rank, {0}};
    memcpy(d.shape, shape, rank * sizeof *shape);
    return nnx_builder_input(h->b, name, &d);
}

/* One-output operator; NULL attrs = zeros. */
static inline nnx_operand *tf_op(tf *h, nnx_tosa_op op, nnx_operand *const *in, uint32_t n, const nnx_tosa_attrs *a)
{
    nnx_operand *out = NULL;
    nnx_tosa_add(h->t, op, in, n, a, &out, 1);
    return out;
}

/* Asserts the builder holds an error of status st whose message contains text. */
static inline void tf_expect_error(tf *h, nnx_status st, const char *text)
{
    const char *msg = nnx_builder_error(h->b);
    if (nnx_builder_status(h->b) != st || !strstr(msg, text))
        fail_msg("expected status %d with \"%s\", got %d: \"%s\"", (int)st, text, (int)nnx_builder_status(h->b), msg);
}
static inline void tf_expect_ok(tf *h)
{
    if (nnx_builder_status(h->b) != NNX_OK)
        fail_msg("unexpected builder error: %s", nnx_builder_error(h->b));
}

typedef struct tf_buf {
    const char *name;
    const void *data; /* inputs: bytes; outputs: destination */
    size_t size;
} tf_buf;

/* Runs a built graph g: inputs by name from in[], outputs (in build order) into out[]. */
static inline void tf_dispatch(nnx_context *ctx, nnx_graph *g, const tf_buf *in, size_t n_in, const tf_buf *out,
                               size_t n_out)
{
    nnx_named_tensor ti[8], to[8];
    assert_true(n_in <= 8 && n_out <= 8);
    for (size_t i = 0; i < n_in; i++) {
        nnx_operand_desc d;
        size_t k = 0;
        for (; k < nnx_graph_input_count(g); k++)
            if (strcmp(nnx_graph_input_name(g, k), in[i].name) == 0)
                break;
        assert_true(k < nnx_graph_input_count(g));
        nnx_graph_input_desc(g, k, &d);
        assert_int_equal(nnx_tensor_create(ctx, &(nnx_tensor_desc){d, false, true}, &ti[i].tensor), NNX_OK);
        assert_int_equal(nnx_tensor_write(ti[i].tensor, in[i].data, in[i].size), NNX_OK);
        ti[i].name = in[i].name;
    }
    for (size_t i = 0; i < n_out; i++) {
        nnx_operand_desc d;
        nnx_graph_output_desc(g, i, &d);
        assert_int_equal(nnx_tensor_create(ctx, &(nnx_tensor_desc){d, true, false}, &to[i].tensor), NNX_OK);
        to[i].name = nnx_graph_output_name(g, i);
    }
    nnx_status st = nnx_context_dispatch(ctx, g, ti, n_in, to, n_out);
    if (st != NNX_OK)
        fail_msg("dispatch: %s", nnx_context_error(ctx));
    for (size_t i = 0; i < n_out; i++) {
        assert_int_equal(nnx_tensor_read(to[i].tensor, (void *)out[i].data, out[i].size), NNX_OK);
        nnx_tensor_destroy(to[i].tensor);
    }
    for (size_t i = 0; i < n_in; i++)
        nnx_tensor_destroy(ti[i].tensor);
}

/* Builds the outputs (named y0, y1, …) and runs the graph once. Returns the graph. */
static inline nnx_graph *tf_run(tf *h, nnx_operand *const *outs, size_t n_out, const tf_buf *in, size_t n_in,
                                const tf_buf *out)
{
    static const char *const names[8] = {"y0", "y1", "y2", "y3", "y4", "y5", "y6", "y7"};
    nnx_named_operand no[8];
    assert_true(n_out <= 8);
    for (size_t i = 0; i < n_out; i++)
        no[i] = (nnx_named_operand){names[i], outs[i]};
    nnx_graph *g = NULL;
    if (nnx_builder_build(h->b, no, n_out, &g) != NNX_OK)
        fail_msg("build: %s", nnx_builder_error(h->b));
    tf_dispatch(h->ctx, g, in, n_in, out, n_out);
    return g;
}

/* One output of size bytes into dst; no graph inputs. */
static inline void tf_run1(tf *h, nnx_operand *y, void *dst, size_t size)
{
    tf_buf o = {"y0", dst, size};
    tf_run(h, &y, 1, NULL, 0, &o);
}

#endif
