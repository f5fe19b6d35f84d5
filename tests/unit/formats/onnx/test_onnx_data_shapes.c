/* test_onnx_data_shapes.c — ONNX models whose output shapes depend on run-time values, run
 * as staged graphs (api/graph_stages.c) through the public API: every case of
 * tests/data/onnx_data_shapes_expected.h (models and numpy oracle by
 * tests/unit/formats/onnx/gen_onnx_data_shapes.py) runs with nnx_context_run, its outputs'
 * types, shapes and values checked; the cases of one model run on one graph, in turn and
 * again, so the stages compiled for one length serve it again. Beside that, the staged
 * reason, nnx_context_dispatch with output tensors of the right and of a wrong shape, the
 * refusal of nnx_graph_bind_shapes, and threads running one graph's cases at once (a TSan
 * test: stages compiled and cached under concurrent dispatches). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "nnx.h"

#include "onnx_case.h"
#include "../../../data/onnx_data_shapes_expected.h"

#define MODELS NNX_SOURCE_DIR "/tests/data/onnx/data_shapes/"
#define N_CASES (sizeof DATA_SHAPE_CASES / sizeof DATA_SHAPE_CASES[0])

static nnx_graph *graph_of(nnx_context *ctx, const char *model, const char **reason)
{
    char path[512];
    snprintf(path, sizeof path, MODELS "%s.onnx", model);
    nnx_model *m = NULL;
    nnx_status st = nnx_model_load(ctx, path, NULL, &m);
    if (st != NNX_OK)
        fail_msg("%s: nnx_model_load: %s", model, nnx_context_error(ctx));
    static char kept[512];
    snprintf(kept, sizeof kept, "%s", nnx_model_staged_reason(m) ? nnx_model_staged_reason(m) : "");
    *reason = kept;
    nnx_graph *g = NULL;
    st = nnx_model_build(m, &g);
    nnx_model_destroy(m);
    if (st != NNX_OK)
        fail_msg("%s: nnx_model_build: %s", model, nnx_context_error(ctx));
    return g;
}

/* Output t against the oracle's o: type, shape, then values (floats within 1e-6). */
static void check_output(const char *name, nnx_tensor *t, const onnx_case_tensor *o)
{
    nnx_tensor_desc d;
    nnx_tensor_get_desc(t, &d);
    if (d.desc.dtype != o->dtype || d.desc.rank != o->rank)
        fail_msg("%s: %s has dtype %d rank %u, expected %d rank %u", name, o->name, d.desc.dtype, d.desc.rank, o->dtype,
                 o->rank);
    for (uint32_t k = 0; k < o->rank; k++)
        if (d.desc.shape[k] != o->shape[k])
            fail_msg("%s: %s dimension %u is %u, expected %u", name, o->name, k, d.desc.shape[k], o->shape[k]);
    unsigned char got[1024];
    assert_true(o->size <= sizeof got);
    assert_int_equal(nnx_tensor_read(t, got, o->size), NNX_OK);
    if (o->dtype != NNX_FLOAT32) {
        if (o->size && memcmp(got, o->bytes, o->size) != 0)
            fail_msg("%s: %s differs from the oracle", name, o->name);
        return;
    }
    for (size_t k = 0; k < o->size / 4; k++) {
        float g, w;
        memcpy(&g, got + 4 * k, 4);
        memcpy(&w, o->bytes + 4 * k, 4);
        if (fabs((double)g - w) > 1e-6 + 1e-6 * fabs(w))
            fail_msg("%s: %s[%zu] is %.9g, expected %.9g", name, o->name, k, (double)g, (double)w);
    }
}

/* Runs case c on g with nnx_context_run and checks its outputs. */
static void run_case(nnx_context *ctx, nnx_graph *g, const onnx_case *c)
{
    nnx_named_tensor ins[ONNX_CASE_MAX_IO], outs[ONNX_CASE_MAX_IO];
    for (uint32_t i = 0; i < c->n_in; i++)
        ins[i] = (nnx_named_tensor){c->in[i].name, onnx_case_tensor_of(ctx, &c->in[i], true)};
    for (uint32_t i = 0; i < c->n_out; i++)
        outs[i] = (nnx_named_tensor){c->out[i].name, NULL};
    nnx_status st = nnx_context_run(ctx, g, ins, c->n_in, outs, c->n_out);
    if (st != NNX_OK)
        fail_msg("%s: nnx_context_run: %s: %s", c->name, nnx_status_string(st), nnx_context_error(ctx));
    for (uint32_t i = 0; i < c->n_out; i++) {
        check_output(c->name, outs[i].tensor, &c->out[i]);
        nnx_tensor_destroy(outs[i].tensor);
    }
    for (uint32_t i = 0; i < c->n_in; i++)
        nnx_tensor_destroy(ins[i].tensor);
}

/* Every model's cases on one graph of it, twice over in turn. */
static void test_cases(void **state)
{
    (void)state;
    nnx_context *ctx;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    for (size_t i = 0; i < N_CASES; i++) {
        const onnx_case *c = &DATA_SHAPE_CASES[i];
        if (i && strcmp(DATA_SHAPE_CASES[i - 1].model, c->model) == 0)
            continue; /* its model's run below took it */
        const char *reason;
        nnx_graph *g = graph_of(ctx, c->model, &reason);
        if (strcmp(c->model, "unbound_nonzero") != 0 && !reason[0])
            fail_msg("%s: the model is not staged", c->model);
        for (int round = 0; round < 2; round++)
            for (size_t j = i; j < N_CASES && strcmp(DATA_SHAPE_CASES[j].model, c->model) == 0; j++)
                run_case(ctx, g, &DATA_SHAPE_CASES[j]);
        nnx_graph_destroy(g);
    }
    nnx_context_destroy(ctx);
}

/* The reason names the first node whose output shape needs values. */
static void test_reason(void **state)
{
    (void)state;
    nnx_context *ctx;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    const char *reason;
    nnx_graph *g = graph_of(ctx, "nms_gather", &reason);
    assert_non_null(strstr(reason, "(NonMaxSuppression)"));
    assert_non_null(strstr(nnx_graph_staged_reason(g), "NonMaxSuppression"));
    nnx_graph_destroy(g);
    g = graph_of(ctx, "reshape_range", &reason);
    assert_non_null(strstr(reason, "(Reshape)"));
    nnx_graph_destroy(g);
    nnx_context_destroy(ctx);
}

/* nnx_context_dispatch: output tensors of this run's shapes work; another shape is refused
 * naming the output and both types; bind_shapes refuses. */
static void test_dispatch_tensors(void **state)
{
    (void)state;
    nnx_context *ctx;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    const char *reason;
    nnx_graph *g = graph_of(ctx, "compress_sum", &reason);
    const onnx_case *c = NULL;
    for (size_t i = 0; i < N_CASES && !c; i++)
        if (strcmp(DATA_SHAPE_CASES[i].name, "compress_four") == 0)
            c = &DATA_SHAPE_CASES[i];
    assert_non_null(c);
    nnx_named_tensor in = {"x", onnx_case_tensor_of(ctx, &c->in[0], true)};
    nnx_named_tensor out[2] = {{"c", onnx_case_tensor_of(ctx, &c->out[0], false)},
                               {"s", onnx_case_tensor_of(ctx, &c->out[1], false)}};
    assert_int_equal(nnx_context_dispatch(ctx, g, &in, 1, out, 2), NNX_OK);
    check_output(c->name, out[0].tensor, &c->out[0]);
    check_output(c->name, out[1].tensor, &c->out[1]);
    nnx_tensor_desc td = {.desc = {NNX_FLOAT32, 1, {3}}, .readable = true};
    nnx_tensor_destroy(out[0].tensor);
    assert_int_equal(nnx_tensor_create(ctx, &td, &out[0].tensor), NNX_OK);
    assert_int_equal(nnx_context_dispatch(ctx, g, &in, 1, out, 2), NNX_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(nnx_context_error(ctx), "output 'c' is float32[4] in this run, its tensor float32[3]"));
    nnx_operand_desc ind = {NNX_FLOAT32, 1, {6}}, outd[2];
    assert_int_equal(nnx_graph_bind_shapes(g, &ind, 1, outd, 2), NNX_ERROR_NOT_SUPPORTED);
    assert_non_null(strstr(nnx_context_error(ctx), "depend on the input values"));
    nnx_context_destroy(ctx);
}

/* One thread's work: `rounds` times over the cases of `model` on the shared graph, each
 * output compared bit for bit (these oracles are exact in float32); failures counted. */
typedef struct worker {
    nnx_context *ctx;
    nnx_graph *g;
    const char *model;
    int rounds, failures;
} worker;

static void *work(void *arg)
{
    worker *w = arg;
    for (int r = 0; r < w->rounds; r++)
        for (size_t i = 0; i < N_CASES; i++) {
            const onnx_case *c = &DATA_SHAPE_CASES[i];
            if (strcmp(c->model, w->model) != 0)
                continue;
            nnx_named_tensor ins[ONNX_CASE_MAX_IO], outs[ONNX_CASE_MAX_IO];
            bool ok = true;
            for (uint32_t k = 0; k < c->n_in; k++) {
                nnx_tensor_desc td = {.desc = {c->in[k].dtype, c->in[k].rank, {0}}, .writable = true};
                memcpy(td.desc.shape, c->in[k].shape, sizeof c->in[k].shape);
                ins[k].name = c->in[k].name;
                ok = ok && nnx_tensor_create(w->ctx, &td, &ins[k].tensor) == NNX_OK &&
                    nnx_tensor_write(ins[k].tensor, c->in[k].bytes, c->in[k].size) == NNX_OK;
            }
            for (uint32_t k = 0; k < c->n_out; k++)
                outs[k] = (nnx_named_tensor){c->out[k].name, NULL};
            ok = ok && nnx_context_run(w->ctx, w->g, ins, c->n_in, outs, c->n_out) == NNX_OK;
            for (uint32_t k = 0; k < c->n_out; k++) {
                unsigned char got[256];
                nnx_tensor_desc d = {0};
                if (outs[k].tensor)
                    nnx_tensor_get_desc(outs[k].tensor, &d);
                size_t bytes = 0;
                ok = ok && nnx_operand_desc_bytes(&d.desc, &bytes) == NNX_OK && bytes == c->out[k].size &&
                    bytes <= sizeof got && nnx_tensor_read(outs[k].tensor, got, bytes) == NNX_OK &&
                    (!bytes || memcmp(got, c->out[k].bytes, bytes) == 0);
                nnx_tensor_destroy(outs[k].tensor);
            }
            for (uint32_t k = 0; k < c->n_in; k++)
                nnx_tensor_destroy(ins[k].tensor);
            w->failures += !ok;
        }
    return NULL;
}

static void test_threads(void **state)
{
    (void)state;
    enum { THREADS = 3 };
    static const char *const models[] = {"nonzero_gather", "nms_gather", "unbound_nonzero"};
    nnx_context *ctx;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    for (size_t m = 0; m < sizeof models / sizeof models[0]; m++) {
        const char *reason;
        nnx_graph *g = graph_of(ctx, models[m], &reason);
        worker w[THREADS];
        pthread_t t[THREADS];
        for (int i = 0; i < THREADS; i++) {
            w[i] = (worker){ctx, g, models[m], 4, 0};
            assert_int_equal(pthread_create(&t[i], NULL, work, &w[i]), 0);
        }
        for (int i = 0; i < THREADS; i++) {
            pthread_join(t[i], NULL);
            if (w[i].failures)
                fail_msg("%s: thread %d: %d runs differ from the oracle", models[m], i, w[i].failures);
        }
        nnx_graph_destroy(g);
    }
    nnx_context_destroy(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cases),
        cmocka_unit_test(test_reason),
        cmocka_unit_test(test_dispatch_tensors),
        cmocka_unit_test(test_threads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
