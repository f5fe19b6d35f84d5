/* test_nnef_run_state.c — NNEF variables persist across runs and `update` writes them after
 * the step (NNEF 1.0.2 §4.8): reads during a run see the value the run started
 * with, the update's result is the new value, variables sharing a label (case-insensitively)
 * share state, and every graph built from a model starts from the model's tensor data. */
#define _POSIX_C_SOURCE 200809L
#include "nnef_run_harness.h"

static const char counter_doc[] = "version 1.0;\n"
                                  "graph counter( step ) -> ( v, before, after, scaled )\n"
                                  "{\n"
                                  "    step = external(shape = [2]);\n"
                                  "    v = variable(shape = [2], label = 'state/Count');\n"
                                  "    w = variable(shape = [2], label = 'STATE/count');\n"
                                  "    n = add(w, step);\n"
                                  "    after = update(v, n);\n"
                                  "    before = copy(w);\n"
                                  "    scaled = mul(after, 10.0);\n"
                                  "}\n";

typedef struct counter {
    nnx_context *ctx;
    nnx_model *model;
    nnx_tensor *step, *out[4];
} counter;

static const char *const counter_outputs[4] = {"v", "before", "after", "scaled"};

static nnx_graph *build(counter *c)
{
    nnx_graph *g = NULL;
    if (nnx_model_build(c->model, &g) != NNX_OK)
        fail_msg("nnx_model_build: %s", nnx_context_error(c->ctx));
    return g;
}

/* One run with step = s; want[k] = the 2 values of output k. */
static void run_once(counter *c, nnx_graph *g, float s0, float s1, const float want[4][2])
{
    float step[2] = {s0, s1};
    assert_int_equal(nnx_tensor_write(c->step, step, sizeof step), NNX_OK);
    nnx_named_tensor in = {"step", c->step}, out[4];
    for (int k = 0; k < 4; k++)
        out[k] = (nnx_named_tensor){counter_outputs[k], c->out[k]};
    if (nnx_context_dispatch(c->ctx, g, &in, 1, out, 4) != NNX_OK)
        fail_msg("dispatch: %s", nnx_context_error(c->ctx));
    for (int k = 0; k < 4; k++) {
        float got[2];
        assert_int_equal(nnx_tensor_read(c->out[k], got, sizeof got), NNX_OK);
        if (got[0] != want[k][0] || got[1] != want[k][1])
            fail_msg("output '%s' is [%g, %g], expected [%g, %g]", counter_outputs[k], got[0], got[1], want[k][0],
                     want[k][1]);
    }
}

static void test_update_persists_across_runs(void **state)
{
    (void)state;
    char dir[300];
    write_document(counter_doc, dir, sizeof dir);
    counter c = {0};
    assert_int_equal(nnx_context_create(NULL, &c.ctx), NNX_OK);
    nnx_model_options o = {.flags = NNX_MODEL_ZERO_MISSING_VARIABLES};
    nnx_status st = nnx_model_load(c.ctx, dir, &o, &c.model);
    remove_document(dir);
    if (st != NNX_OK)
        fail_msg("nnx_model_load: %s", nnx_context_error(c.ctx));
    nnx_tensor_desc in = {.desc = {NNX_FLOAT32, 1, {2}}, .writable = true};
    nnx_tensor_desc out = {.desc = {NNX_FLOAT32, 1, {2}}, .readable = true};
    assert_int_equal(nnx_tensor_create(c.ctx, &in, &c.step), NNX_OK);
    for (int k = 0; k < 4; k++)
        assert_int_equal(nnx_tensor_create(c.ctx, &out, &c.out[k]), NNX_OK);

    nnx_graph *g = build(&c);
    /* v and before: the state when the run starts; after: the new state; scaled reads after. */
    run_once(&c, g, 1, 2, (const float[4][2]){{0, 0}, {0, 0}, {1, 2}, {10, 20}});
    run_once(&c, g, 1, 2, (const float[4][2]){{1, 2}, {1, 2}, {2, 4}, {20, 40}});
    run_once(&c, g, -5, 0.5f, (const float[4][2]){{2, 4}, {2, 4}, {-3, 4.5f}, {-30, 45}});

    /* A second graph from the same model starts from the model's data (zeros), and running it
     * leaves the first graph's state alone. */
    nnx_graph *g2 = build(&c);
    run_once(&c, g2, 7, 7, (const float[4][2]){{0, 0}, {0, 0}, {7, 7}, {70, 70}});
    run_once(&c, g, 0, 0, (const float[4][2]){{-3, 4.5f}, {-3, 4.5f}, {-3, 4.5f}, {-30, 45}});

    /* A run that fails (an input tensor of the wrong shape) changes no state. */
    nnx_tensor *bad;
    nnx_tensor_desc bd = {.desc = {NNX_FLOAT32, 1, {3}}, .writable = true};
    assert_int_equal(nnx_tensor_create(c.ctx, &bd, &bad), NNX_OK);
    nnx_named_tensor bin = {"step", bad}, bout[4];
    for (int k = 0; k < 4; k++)
        bout[k] = (nnx_named_tensor){counter_outputs[k], c.out[k]};
    assert_int_not_equal(nnx_context_dispatch(c.ctx, g, &bin, 1, bout, 4), NNX_OK);
    run_once(&c, g, 1, 1, (const float[4][2]){{-3, 4.5f}, {-3, 4.5f}, {-2, 5.5f}, {-20, 55}});

    /* Saving the graph writes the current state as the variable's data and the update as
     * NNEF update: the reloaded model carries on from there. */
    char saved[300];
    write_document("", saved, sizeof saved);
    remove_document(saved);
    assert_int_equal(nnx_graph_save(g, saved), NNX_OK);
    nnx_model_destroy(c.model);
    if (nnx_model_load(c.ctx, saved, NULL, &c.model) != NNX_OK)
        fail_msg("reloading the saved graph: %s", nnx_context_error(c.ctx));
    nnx_graph *g3 = build(&c);
    run_once(&c, g3, 1, 1, (const float[4][2]){{-2, 5.5f}, {-2, 5.5f}, {-1, 6.5f}, {-10, 65}});
    run_once(&c, g3, 1, 1, (const float[4][2]){{-1, 6.5f}, {-1, 6.5f}, {0, 7.5f}, {0, 75}});
    char cmd[400];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", saved);
    assert_int_equal(system(cmd), 0);

    nnx_model_destroy(c.model);
    nnx_context_destroy(c.ctx);
}

/* An update whose value is not the variable's shape is a model error with a position. */
static void test_update_shape_mismatch_rejected(void **state)
{
    (void)state;
    static const char doc[] = "version 1.0;\n"
                              "graph g( x ) -> ( y )\n"
                              "{\n"
                              "    x = external(shape = [3]);\n"
                              "    v = variable(shape = [2], label = 'v');\n"
                              "    y = update(v, x);\n"
                              "}\n";
    char dir[300];
    write_document(doc, dir, sizeof dir);
    nnx_context *ctx;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    nnx_model_options o = {.flags = NNX_MODEL_ZERO_MISSING_VARIABLES};
    nnx_model *m = NULL;
    assert_int_not_equal(nnx_model_load(ctx, dir, &o, &m), NNX_OK);
    remove_document(dir);
    assert_non_null(strstr(nnx_context_error(ctx), "graph.nnef:6:"));
    nnx_context_destroy(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_update_persists_across_runs),
        cmocka_unit_test(test_update_shape_mismatch_rejected),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
