/* onnx_case.h — the cases a generator writes with tests/data/onnx/oracle_cases.py (inputs and
 * numpy-oracle float32 outputs, as little-endian bytes) and their run: the model loaded and
 * built through the public API, dispatched, each output within 1e-6 of the oracle; and a
 * model's refusal at load.
 * Include after <cmocka.h>, before the generated header. */
#ifndef NNX_TEST_ONNX_CASE_H
#define NNX_TEST_ONNX_CASE_H

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "base/alloc.h"
#include "formats/onnx/onnx.h"
#include "ir/graph.h"
#include "nnx.h"
#include "../../common/model_graph.h"

typedef struct onnx_case_tensor {
    const char *name;
    nnx_dtype dtype;
    uint32_t rank, shape[4];
    const unsigned char *bytes; /* little-endian */
    size_t size;
} onnx_case_tensor;

typedef struct onnx_case {
    const char *name, *model;
    uint32_t n_in, n_out;
    const onnx_case_tensor *in, *out;
} onnx_case;

#define ONNX_CASE_MAX_IO 8

static inline nnx_tensor *onnx_case_tensor_of(nnx_context *ctx, const onnx_case_tensor *t, bool input)
{
    nnx_tensor_desc td = {.desc = {t->dtype, t->rank, {0}}, .writable = input, .readable = !input};
    memcpy(td.desc.shape, t->shape, t->rank * sizeof *t->shape);
    nnx_tensor *x;
    assert_int_equal(nnx_tensor_create(ctx, &td, &x), NNX_OK);
    if (input)
        assert_int_equal(nnx_tensor_write(x, t->bytes, t->size), NNX_OK);
    return x;
}

/* Runs case c on the model models_dir/<c->model>.onnx. */
static inline void onnx_case_run(const onnx_case *c, const char *models_dir)
{
    assert_true(c->n_in <= ONNX_CASE_MAX_IO && c->n_out <= ONNX_CASE_MAX_IO);
    char path[512];
    snprintf(path, sizeof path, "%s%s.onnx", models_dir, c->model);
    nnx_context *ctx;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    nnx_graph *graph = test_model_graph(ctx, path, c->name);
    nnx_named_tensor ins[ONNX_CASE_MAX_IO], outs[ONNX_CASE_MAX_IO];
    for (uint32_t i = 0; i < c->n_in; i++)
        ins[i] = (nnx_named_tensor){c->in[i].name, onnx_case_tensor_of(ctx, &c->in[i], true)};
    for (uint32_t i = 0; i < c->n_out; i++)
        outs[i] = (nnx_named_tensor){c->out[i].name, onnx_case_tensor_of(ctx, &c->out[i], false)};
    nnx_status st = nnx_context_dispatch(ctx, graph, ins, c->n_in, outs, c->n_out);
    if (st != NNX_OK)
        fail_msg("%s: nnx_context_dispatch: %s: %s", c->name, nnx_status_string(st), nnx_context_error(ctx));
    for (uint32_t i = 0; i < c->n_out; i++) {
        const onnx_case_tensor *o = &c->out[i];
        size_t n = o->size / sizeof(float);
        float got[64], want[64];
        assert_true(n <= 64);
        memcpy(want, o->bytes, o->size);
        assert_int_equal(nnx_tensor_read(outs[i].tensor, got, o->size), NNX_OK);
        for (size_t k = 0; k < n; k++)
            if (fabs((double)got[k] - want[k]) > 1e-6 + 1e-6 * fabs(want[k]))
                fail_msg("%s: %s[%zu] is %.9g, expected %.9g", c->name, o->name, k, (double)got[k], (double)want[k]);
    }
    nnx_context_destroy(ctx);
}

/* Loading models_dir/<name>.onnx (with the known inputs given) fails with status want_st and
 * a message holding `want`. */
static inline void onnx_case_refused(const char *models_dir, const char *name, const nnx_onnx_known_input *known,
                                     uint32_t n_known, nnx_status want_st, const char *want)
{
    char path[512];
    snprintf(path, sizeof path, "%s%s.onnx", models_dir, name);
    nnx_alloc a;
    assert_true(nnx_alloc_init(&a, NULL));
    nnx_ir_model m;
    nnx_ir_model_init(&m, &a, "onnx");
    nnx_error err = {0};
    assert_int_equal(nnx_onnx_load_ex(path, NULL, known, n_known, &m, &err), want_st);
    if (!strstr(err.message, want))
        fail_msg("%s: the message '%s' does not say '%s'", name, err.message, want);
    nnx_ir_model_free(&m);
}

#endif
