/* test_onnx_recurrent.c — ONNX RNN, GRU and LSTM against a float64 transcription of their
 * formulas (ONNX Operators, RNN / GRU / LSTM): every model of tests/data/onnx/recurrent/ is
 * loaded, built and run through the public API on its inputs, and each output (Y, Y_h, Y_c)
 * is compared with tests/data/onnx_recurrent_expected.h, which
 * tests/unit/formats/onnx/gen_onnx_recurrent.py writes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nnx.h"
#include "../../common/model_graph.h"

#include "../../../data/onnx_recurrent_expected.h"

#define MODELS NNX_SOURCE_DIR "/tests/data/onnx/recurrent/"
#define MAX_IO 8

/* float32 arithmetic over a few steps against float64: relative 1e-5 plus absolute 1e-6. */
static const double kRel = 1e-5, kAbs = 1e-6;

static size_t elements(uint32_t rank, const uint32_t *shape)
{
    size_t n = 1;
    for (uint32_t i = 0; i < rank; i++)
        n *= shape[i];
    return n;
}

static nnx_tensor *input_tensor(nnx_context *ctx, const onnx_rnn_input *in)
{
    nnx_tensor_desc td = {.desc = {in->dtype, in->rank, {0}}, .writable = true};
    memcpy(td.desc.shape, in->shape, in->rank * sizeof *in->shape);
    nnx_tensor *t;
    assert_int_equal(nnx_tensor_create(ctx, &td, &t), NNX_OK);
    size_t n = elements(in->rank, in->shape);
    const void *data = in->dtype == NNX_INT32 ? (const void *)in->i32 : (const void *)in->f32;
    assert_int_equal(nnx_tensor_write(t, data, n * 4), NNX_OK);
    return t;
}

/* The graph's output `name` must have the expected type and shape. */
static void check_output_desc(const char *cs, nnx_graph *graph, const onnx_rnn_output *o)
{
    for (size_t k = 0; k < nnx_graph_output_count(graph); k++) {
        if (strcmp(nnx_graph_output_name(graph, k), o->name) != 0)
            continue;
        nnx_operand_desc d;
        nnx_graph_output_desc(graph, k, &d);
        if (d.dtype != o->dtype || d.rank != o->rank || memcmp(d.shape, o->shape, d.rank * sizeof *d.shape) != 0)
            fail_msg("%s: output %s has type %s rank %u, expected %s rank %u", cs, o->name, nnx_dtype_name(d.dtype),
                     d.rank, nnx_dtype_name(o->dtype), o->rank);
        return;
    }
    fail_msg("%s: the graph has no output %s", cs, o->name);
}

static void compare(const char *cs, const onnx_rnn_output *o, const float *got)
{
    size_t n = elements(o->rank, o->shape), bad = 0, first = 0;
    for (size_t i = 0; i < n; i++) {
        double want = o->want[i];
        if (fabs((double)got[i] - want) <= kAbs + kRel * fabs(want))
            continue;
        if (bad++ == 0)
            first = i;
        if (bad <= 6)
            print_message("%s: %s[%zu] is %.9g, expected %.9g\n", cs, o->name, i, (double)got[i], want);
    }
    if (bad)
        fail_msg("%s: %s: %zu of %zu elements differ (first at index %zu)", cs, o->name, bad, n, first);
}

static void test_case(void **state)
{
    const onnx_rnn_case *c = *state;
    assert_true(c->n_in <= MAX_IO && c->n_out <= MAX_IO);
    char path[512];
    snprintf(path, sizeof path, MODELS "%s.onnx", c->name);
    nnx_context *ctx;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    nnx_graph *graph = test_model_graph(ctx, path, c->name);
    nnx_status st;

    nnx_named_tensor ins[MAX_IO], outs[MAX_IO];
    for (uint32_t i = 0; i < c->n_in; i++)
        ins[i] = (nnx_named_tensor){c->in[i].name, input_tensor(ctx, &c->in[i])};
    for (uint32_t i = 0; i < c->n_out; i++) {
        const onnx_rnn_output *o = &c->out[i];
        check_output_desc(c->name, graph, o);
        nnx_tensor_desc td = {.desc = {o->dtype, o->rank, {0}}, .readable = true};
        memcpy(td.desc.shape, o->shape, o->rank * sizeof *o->shape);
        outs[i].name = o->name;
        assert_int_equal(nnx_tensor_create(ctx, &td, &outs[i].tensor), NNX_OK);
    }
    st = nnx_context_dispatch(ctx, graph, ins, c->n_in, outs, c->n_out);
    if (st != NNX_OK)
        fail_msg("%s: nnx_context_dispatch: %s: %s", c->name, nnx_status_string(st), nnx_context_error(ctx));
    for (uint32_t i = 0; i < c->n_out; i++) {
        const onnx_rnn_output *o = &c->out[i];
        size_t n = elements(o->rank, o->shape);
        float *got = malloc(n * sizeof *got);
        assert_non_null(got);
        assert_int_equal(nnx_tensor_read(outs[i].tensor, got, n * sizeof *got), NNX_OK);
        compare(c->name, o, got);
        free(got);
    }
    nnx_context_destroy(ctx); /* frees the graph and the tensors */
}

int main(void)
{
    enum { N = sizeof onnx_rnn_cases / sizeof onnx_rnn_cases[0] };
    struct CMUnitTest tests[N];
    for (size_t i = 0; i < N; i++)
        tests[i] = (struct CMUnitTest){onnx_rnn_cases[i].name, test_case, NULL, NULL, (void *)&onnx_rnn_cases[i]};
    return _cmocka_run_group_tests("onnx_recurrent", tests, N, NULL, NULL);
}
