/* ops_compare.h — what test_ops_elementwise.c and test_ops_webnn_ext.c share: one context for
 * the group, element comparison (NaN, ulp distance on float32/float16 bits, bitwise), and
 * running a generated case through the public API (build, tensors, dispatch, check outputs).
 * Each test turns its generated case (ew_case, wx_case) into a cmp_case view. Included by one
 * test file each; everything is static. */
#ifndef NNX_TESTS_OPS_COMPARE_H
#define NNX_TESTS_OPS_COMPARE_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "nnx.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Cases are small: at most this many inputs or outputs, and mismatches printed per output. */
#define CMP_MAX_IO 8
#define CMP_MAX_REPORTED 8

#define CMP_UNUSED __attribute__((unused))

/* One context for the whole group; every case builds, runs and destroys its own graph. */
static nnx_context *cmp_ctx;

static CMP_UNUSED int cmp_group_setup(void **state)
{
    (void)state;
    nnx_context_options o = {0};
    o.threads = 1;
    return nnx_context_create(&o, &cmp_ctx) == NNX_OK ? 0 : -1;
}

static CMP_UNUSED int cmp_group_teardown(void **state)
{
    (void)state;
    nnx_context_destroy(cmp_ctx);
    return 0;
}

/* ---------------------------------------------------------------- tensors and elements */

/* A generated tensor: its type and its elements in the dtype's storage type. */
typedef struct cmp_tensor {
    nnx_operand_desc desc;
    const void *data;
} cmp_tensor;

/* The runner's view of a generated case. Only the first CMP_MAX_IO of in and out are
 * filled; a case with more inputs or outputs fails as "cannot set up". */
typedef struct cmp_case {
    const char *name;
    uint32_t n_in, n_out;
    cmp_tensor in[CMP_MAX_IO];
    cmp_tensor out[CMP_MAX_IO];
    uint32_t ulp; /* floats: at most ulp representable values apart (0: identical bits) */
    bool bitwise; /* identical bytes, floats included */
} cmp_case;

static CMP_UNUSED cmp_tensor cmp_tensor_of(nnx_dtype dt, uint32_t rank, const uint32_t *shape, const void *data)
{
    cmp_tensor t = {{dt, rank, {0}}, data};
    for (uint32_t i = 0; i < rank; i++)
        t.desc.shape[i] = shape[i];
    return t;
}

static size_t cmp_elements(const nnx_operand_desc *d)
{
    size_t n = 1;
    for (uint32_t i = 0; i < d->rank; i++)
        n *= d->shape[i];
    return n;
}

static bool cmp_is_float(nnx_dtype dt) { return dt == NNX_FLOAT32 || dt == NNX_FLOAT16; }

/* Raw bits of float element i (float32 or float16) and the width in bits. */
static uint32_t cmp_float_bits(nnx_dtype dt, const void *p, size_t i, unsigned *width)
{
    if (dt == NNX_FLOAT32) {
        uint32_t b;
        memcpy(&b, (const unsigned char *)p + i * 4, 4);
        *width = 32;
        return b;
    }
    uint16_t h;
    memcpy(&h, (const unsigned char *)p + i * 2, 2);
    *width = 16;
    return h;
}

static bool cmp_bits_nan(uint32_t b, unsigned width)
{
    return width == 32 ? (b & 0x7fffffffu) > 0x7f800000u : (b & 0x7fffu) > 0x7c00u;
}

/* Position on the number line: consecutive representable values differ by 1, ±0 are 0. */
static int64_t cmp_bits_ordered(uint32_t b, unsigned width)
{
    uint32_t sign = 1u << (width - 1);
    return b & sign ? -(int64_t)(b & (sign - 1)) : (int64_t)b;
}

/* Whether actual element i matches expected element i under the case's rule: bitwise or an
 * integer type: identical bytes; floats: an expected NaN needs any NaN, ulp 0 identical bits,
 * ulp > 0 the same sign and at most ulp apart (the generators justify each ulp at ULP). */
static bool cmp_element_ok(const cmp_case *c, nnx_dtype dt, const void *want, const void *got, size_t i)
{
    size_t es = nnx_dtype_size(dt);
    if (c->bitwise || !cmp_is_float(dt))
        return memcmp((const unsigned char *)want + i * es, (const unsigned char *)got + i * es, es) == 0;
    unsigned w;
    uint32_t e = cmp_float_bits(dt, want, i, &w), a = cmp_float_bits(dt, got, i, &w);
    if (cmp_bits_nan(e, w))
        return cmp_bits_nan(a, w);
    if (cmp_bits_nan(a, w))
        return false;
    if (c->ulp == 0)
        return e == a;
    if ((e ^ a) >> (w - 1)) /* different signs, -0 and +0 included */
        return false;
    int64_t d = cmp_bits_ordered(e, w) - cmp_bits_ordered(a, w);
    return (d < 0 ? -d : d) <= (int64_t)c->ulp;
}

static void cmp_format_element(nnx_dtype dt, const void *p, size_t i, char *buf, size_t size)
{
    const unsigned char *b = p;
    unsigned w;
    switch (dt) {
    case NNX_FLOAT32: {
        float f;
        memcpy(&f, b + i * 4, 4);
        snprintf(buf, size, "%.9g (0x%08" PRIx32 ")", f, cmp_float_bits(dt, p, i, &w));
        return;
    }
    case NNX_FLOAT16: snprintf(buf, size, "f16 0x%04" PRIx32, cmp_float_bits(dt, p, i, &w)); return;
    case NNX_INT8: snprintf(buf, size, "%d", (int)(int8_t)b[i]); return;
    case NNX_UINT8: snprintf(buf, size, "%u", (unsigned)b[i]); return;
    case NNX_INT32: {
        int32_t v;
        memcpy(&v, b + i * 4, 4);
        snprintf(buf, size, "%" PRId32, v);
        return;
    }
    case NNX_UINT32: {
        uint32_t v;
        memcpy(&v, b + i * 4, 4);
        snprintf(buf, size, "%" PRIu32, v);
        return;
    }
    case NNX_INT64: {
        int64_t v;
        memcpy(&v, b + i * 8, 8);
        snprintf(buf, size, "%" PRId64, v);
        return;
    }
    case NNX_UINT64: {
        uint64_t v;
        memcpy(&v, b + i * 8, 8);
        snprintf(buf, size, "%" PRIu64, v);
        return;
    }
    default: snprintf(buf, size, "?"); return;
    }
}

/* ---------------------------------------------------------------- one case */

/* Compares output k; prints the first mismatches; returns the number of bad elements. */
static size_t cmp_compare_output(const cmp_case *c, uint32_t k, const void *got)
{
    const cmp_tensor *t = &c->out[k];
    size_t n = cmp_elements(&t->desc), bad = 0;
    for (size_t i = 0; i < n; i++) {
        if (cmp_element_ok(c, t->desc.dtype, t->data, got, i))
            continue;
        if (++bad <= CMP_MAX_REPORTED) {
            char want[64], have[64];
            cmp_format_element(t->desc.dtype, t->data, i, want, sizeof want);
            cmp_format_element(t->desc.dtype, got, i, have, sizeof have);
            print_error("%s: output %u element %zu: expected %s, got %s\n", c->name, k, i, want, have);
        }
    }
    if (bad > CMP_MAX_REPORTED)
        print_error("%s: output %u: %zu more mismatches\n", c->name, k, bad - CMP_MAX_REPORTED);
    return bad;
}

static bool cmp_same_desc(const nnx_operand_desc *a, const nnx_operand_desc *b)
{
    if (a->dtype != b->dtype || a->rank != b->rank)
        return false;
    for (uint32_t i = 0; i < a->rank; i++)
        if (a->shape[i] != b->shape[i])
            return false;
    return true;
}

/* Adds the generated case arg's op to b on inputs x; returns the number of outputs written
 * to y (at most CMP_MAX_IO). */
typedef uint32_t (*cmp_add_fn)(nnx_builder *b, const void *arg, nnx_operand **x, nnx_operand **y);

/* Builds the case as a graph of its inputs (the op added by add(b, arg, ...)), dispatches it
 * and checks every output's type and elements. Returns the number of problems found (0: the
 * case passes). */
static CMP_UNUSED size_t cmp_run_case(const cmp_case *c, cmp_add_fn add, const void *arg)
{
    static const char *const in_names[CMP_MAX_IO] = {"x0", "x1", "x2", "x3", "x4", "x5", "x6", "x7"};
    static const char *const out_names[CMP_MAX_IO] = {"y0", "y1", "y2", "y3", "y4", "y5", "y6", "y7"};
    nnx_builder *b = NULL;
    nnx_graph *g = NULL;
    nnx_tensor *tin[CMP_MAX_IO] = {NULL}, *tout[CMP_MAX_IO] = {NULL};
    nnx_named_tensor nin[CMP_MAX_IO], nout[CMP_MAX_IO];
    nnx_operand *x[CMP_MAX_IO] = {NULL}, *y[CMP_MAX_IO] = {NULL};
    void *got = NULL;
    size_t bad = 0;
    nnx_status st;

    if (c->n_in > CMP_MAX_IO || c->n_out > CMP_MAX_IO || nnx_builder_create(cmp_ctx, &b) != NNX_OK) {
        print_error("%s: cannot set up\n", c->name);
        return 1;
    }
    for (uint32_t i = 0; i < c->n_in; i++)
        x[i] = nnx_builder_input(b, in_names[i], &c->in[i].desc);
    uint32_t ny = add(b, arg, x, y);
    if (ny != c->n_out) {
        print_error("%s: the op gave %u outputs, expected %u\n", c->name, ny, c->n_out);
        bad++;
        goto done;
    }
    nnx_named_operand outs[CMP_MAX_IO];
    for (uint32_t k = 0; k < ny; k++)
        outs[k] = (nnx_named_operand){out_names[k], y[k]};
    st = nnx_builder_build(b, outs, ny, &g);
    if (st != NNX_OK) {
        print_error("%s: build failed: %s: %s\n", c->name, nnx_status_string(st), nnx_builder_error(b));
        bad++;
        goto done;
    }
    for (uint32_t k = 0; k < ny; k++) {
        const nnx_operand_desc *want = &c->out[k].desc;
        nnx_operand_desc have;
        nnx_graph_output_desc(g, k, &have);
        if (!cmp_same_desc(want, &have)) {
            print_error("%s: output %u has type %s rank %u, expected %s rank %u\n", c->name, k,
                        nnx_dtype_name(have.dtype), have.rank, nnx_dtype_name(want->dtype), want->rank);
            bad++;
            goto done;
        }
    }
    for (uint32_t i = 0; i < c->n_in; i++) {
        nnx_tensor_desc td = {c->in[i].desc, false, true};
        size_t bytes = cmp_elements(&td.desc) * nnx_dtype_size(td.desc.dtype);
        if (nnx_tensor_create(cmp_ctx, &td, &tin[i]) != NNX_OK ||
            nnx_tensor_write(tin[i], c->in[i].data, bytes) != NNX_OK) {
            print_error("%s: input tensor %u: %s\n", c->name, i, nnx_context_error(cmp_ctx));
            bad++;
            goto done;
        }
        nin[i] = (nnx_named_tensor){in_names[i], tin[i]};
    }
    for (uint32_t k = 0; k < ny; k++) {
        nnx_tensor_desc td = {c->out[k].desc, true, false};
        if (nnx_tensor_create(cmp_ctx, &td, &tout[k]) != NNX_OK) {
            print_error("%s: output tensor %u: %s\n", c->name, k, nnx_context_error(cmp_ctx));
            bad++;
            goto done;
        }
        nout[k] = (nnx_named_tensor){out_names[k], tout[k]};
    }
    st = nnx_context_dispatch(cmp_ctx, g, nin, c->n_in, nout, ny);
    if (st != NNX_OK) {
        print_error("%s: dispatch failed: %s: %s\n", c->name, nnx_status_string(st), nnx_context_error(cmp_ctx));
        bad++;
        goto done;
    }
    for (uint32_t k = 0; k < ny; k++) {
        const nnx_operand_desc *d = &c->out[k].desc;
        size_t bytes = cmp_elements(d) * nnx_dtype_size(d->dtype);
        free(got);
        got = malloc(bytes);
        if (!got || nnx_tensor_read(tout[k], got, bytes) != NNX_OK) {
            print_error("%s: reading output %u failed\n", c->name, k);
            bad++;
            goto done;
        }
        bad += cmp_compare_output(c, k, got);
    }
done:
    free(got);
    for (uint32_t i = 0; i < CMP_MAX_IO; i++) {
        nnx_tensor_destroy(tin[i]);
        nnx_tensor_destroy(tout[i]);
    }
    nnx_graph_destroy(g);
    nnx_builder_destroy(b);
    return bad;
}

#endif
