/* model_graph.h — for tests that run a model file through the public API: loads path,
 * builds its graph and destroys the model; runs a graph of one input and one output. Both
 * fail the test with the status and the context's message on the way. */
#ifndef NNX_TEST_MODEL_GRAPH_H
#define NNX_TEST_MODEL_GRAPH_H

/* clang-format off: cmocka needs these before it */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
/* clang-format on */

#include "nnx.h"

static inline nnx_graph *test_model_graph(nnx_context *ctx, const char *path, const char *name)
{
    nnx_model *model = NULL;
    nnx_status st = nnx_model_load(ctx, path, NULL, &model);
    if (st != NNX_OK)
        fail_msg("%s: nnx_model_load: %s: %s", name, nnx_status_string(st), nnx_context_error(ctx));
    nnx_graph *graph = NULL;
    st = nnx_model_build(model, &graph);
    nnx_model_destroy(model); /* the graph owns what it needs, sub-graphs included */
    if (st != NNX_OK)
        fail_msg("%s: nnx_model_build: %s: %s", name, nnx_status_string(st), nnx_context_error(ctx));
    return graph;
}

/* Dispatches graph (one input, one output) on in[0, in_bytes) and reads its output into
 * out[0, out_bytes). */
static inline void test_run_one(nnx_context *ctx, nnx_graph *graph, const void *in, size_t in_bytes, void *out,
                                size_t out_bytes)
{
    nnx_tensor_desc di = {.writable = true}, dout = {.readable = true};
    nnx_graph_input_desc(graph, 0, &di.desc);
    nnx_graph_output_desc(graph, 0, &dout.desc);
    nnx_named_tensor ti = {nnx_graph_input_name(graph, 0), NULL}, to = {nnx_graph_output_name(graph, 0), NULL};
    assert_int_equal(nnx_tensor_create(ctx, &di, &ti.tensor), NNX_OK);
    assert_int_equal(nnx_tensor_create(ctx, &dout, &to.tensor), NNX_OK);
    assert_int_equal(nnx_tensor_write(ti.tensor, in, in_bytes), NNX_OK);
    if (nnx_context_dispatch(ctx, graph, &ti, 1, &to, 1) != NNX_OK)
        fail_msg("dispatch: %s", nnx_context_error(ctx));
    assert_int_equal(nnx_tensor_read(to.tensor, out, out_bytes), NNX_OK);
    nnx_tensor_destroy(ti.tensor);
    nnx_tensor_destroy(to.tensor);
}

#endif
