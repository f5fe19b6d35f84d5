/* model_graph.h — for tests that run a model file through the public API: loads path,
 * builds its graph and destroys the model, failing the test with the status and the
 * context's message on the way (cmocka must be included first). */
#ifndef NNX_TEST_MODEL_GRAPH_H
#define NNX_TEST_MODEL_GRAPH_H

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

#endif
