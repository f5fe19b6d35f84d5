/* test_concurrent_dispatch.c — one graph dispatched from several threads at once, each with
 * its own tensors, gives bit for bit what the same runs give one after another (the bundled
 * digits CNN); a graph that updates variables serializes its runs, so no update is lost. Also
 * built under ThreadSanitizer by scripts/run-tests.sh, which must report no race. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "nnx.h"

#define THREADS 4
#define RUNS 12
#define PIXELS 64
#define CLASSES 10

typedef struct shared {
    nnx_context *ctx;
    nnx_graph *graph;
    const char *in_name, *out_name;
    nnx_operand_desc in_desc, out_desc;
    float expected[THREADS][RUNS][CLASSES];
} shared;

typedef struct worker {
    shared *s;
    int index;
    int failures;
    char message[256];
} worker;

static void image(int thread, int run, float *px)
{
    for (int i = 0; i < PIXELS; i++)
        px[i] = (float)(0.5 + 0.5 * sin(0.7 * i + 1.3 * thread + 0.37 * run));
}

/* One dispatch of image (thread, run); returns 0 or -1 with message set. */
static int classify(shared *s, nnx_tensor *in, nnx_tensor *out, int thread, int run, float *scores, char *message,
                    size_t size)
{
    float px[PIXELS];
    image(thread, run, px);
    nnx_named_tensor i = {s->in_name, in}, o = {s->out_name, out};
    if (nnx_tensor_write(in, px, sizeof px) != NNX_OK ||
        nnx_context_dispatch(s->ctx, s->graph, &i, 1, &o, 1) != NNX_OK ||
        nnx_tensor_read(out, scores, CLASSES * sizeof *scores) != NNX_OK) {
        snprintf(message, size, "thread %d run %d: %s", thread, run, nnx_context_error(s->ctx));
        return -1;
    }
    return 0;
}

static void *work(void *arg)
{
    worker *w = arg;
    shared *s = w->s;
    nnx_tensor *in = NULL, *out = NULL;
    if (nnx_tensor_create(s->ctx, &(nnx_tensor_desc){.desc = s->in_desc, .writable = true}, &in) != NNX_OK ||
        nnx_tensor_create(s->ctx, &(nnx_tensor_desc){.desc = s->out_desc, .readable = true}, &out) != NNX_OK) {
        snprintf(w->message, sizeof w->message, "tensor create: %s", nnx_context_error(s->ctx));
        w->failures++;
        return NULL;
    }
    for (int r = 0; r < RUNS; r++) {
        float scores[CLASSES];
        if (classify(s, in, out, w->index, r, scores, w->message, sizeof w->message) != 0) {
            w->failures++;
            break;
        }
        if (memcmp(scores, s->expected[w->index][r], sizeof scores) != 0) {
            snprintf(w->message, sizeof w->message, "thread %d run %d: scores differ from the sequential run", w->index,
                     r);
            w->failures++;
        }
    }
    nnx_tensor_destroy(in);
    nnx_tensor_destroy(out);
    return NULL;
}

static void test_concurrent_runs_match_sequential(void **state)
{
    (void)state;
    static shared s; /* large: not on the stack */
    memset(&s, 0, sizeof s);
    assert_int_equal(nnx_context_create(NULL, &s.ctx), NNX_OK);
    nnx_model *m = NULL;
    if (nnx_model_load(s.ctx, NNX_SOURCE_DIR "/examples/digits/model", NULL, &m) != NNX_OK)
        fail_msg("%s", nnx_context_error(s.ctx));
    assert_int_equal(nnx_model_build(m, &s.graph), NNX_OK);
    nnx_model_destroy(m);
    s.in_name = nnx_graph_input_name(s.graph, 0);
    s.out_name = nnx_graph_output_name(s.graph, 0);
    nnx_graph_input_desc(s.graph, 0, &s.in_desc);
    nnx_graph_output_desc(s.graph, 0, &s.out_desc);

    /* The sequential reference, on the main thread. */
    nnx_tensor *in, *out;
    assert_int_equal(nnx_tensor_create(s.ctx, &(nnx_tensor_desc){.desc = s.in_desc, .writable = true}, &in), NNX_OK);
    assert_int_equal(nnx_tensor_create(s.ctx, &(nnx_tensor_desc){.desc = s.out_desc, .readable = true}, &out), NNX_OK);
    char message[256];
    for (int t = 0; t < THREADS; t++)
        for (int r = 0; r < RUNS; r++)
            if (classify(&s, in, out, t, r, s.expected[t][r], message, sizeof message) != 0)
                fail_msg("%s", message);
    /* Inputs differ enough that the runs are not all alike. */
    assert_memory_not_equal(s.expected[0][0], s.expected[1][3], sizeof s.expected[0][0]);

    pthread_t threads[THREADS];
    worker workers[THREADS];
    for (int t = 0; t < THREADS; t++) {
        workers[t] = (worker){.s = &s, .index = t};
        assert_int_equal(pthread_create(&threads[t], NULL, work, &workers[t]), 0);
    }
    for (int t = 0; t < THREADS; t++)
        assert_int_equal(pthread_join(threads[t], NULL), 0);
    for (int t = 0; t < THREADS; t++)
        if (workers[t].failures)
            fail_msg("%s", workers[t].message);
    nnx_context_destroy(s.ctx);
}

/* ---------------------------------------------------------------- variables */

static const char counter_doc[] = "version 1.0;\n"
                                  "graph counter( step ) -> ( before )\n"
                                  "{\n"
                                  "    step = external(shape = [1]);\n"
                                  "    v = variable(shape = [1], label = 'count');\n"
                                  "    before = copy(v);\n"
                                  "    sum = add(v, step);\n"
                                  "    next = update(v, sum);\n"
                                  "}\n";

typedef struct counter_worker {
    nnx_context *ctx;
    nnx_graph *graph;
    int failures;
} counter_worker;

static void *count(void *arg)
{
    counter_worker *w = arg;
    nnx_operand_desc d = {NNX_FLOAT32, 1, {1}};
    nnx_tensor *in = NULL, *out = NULL;
    float one = 1.0f;
    if (nnx_tensor_create(w->ctx, &(nnx_tensor_desc){.desc = d, .writable = true}, &in) != NNX_OK ||
        nnx_tensor_create(w->ctx, &(nnx_tensor_desc){.desc = d, .readable = true}, &out) != NNX_OK ||
        nnx_tensor_write(in, &one, sizeof one) != NNX_OK) {
        w->failures++;
        return NULL;
    }
    nnx_named_tensor i = {"step", in}, o = {"before", out};
    for (int r = 0; r < RUNS; r++)
        w->failures += nnx_context_dispatch(w->ctx, w->graph, &i, 1, &o, 1) != NNX_OK;
    nnx_tensor_destroy(in);
    nnx_tensor_destroy(out);
    return NULL;
}

static void test_concurrent_updates_serialize(void **state)
{
    (void)state;
    const char *tmp = getenv("TMPDIR");
    char dir[300], path[340];
    snprintf(dir, sizeof dir, "%s/nnx_counter_XXXXXX", tmp && *tmp ? tmp : "/tmp");
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/graph.nnef", dir);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fputs(counter_doc, f);
    assert_int_equal(fclose(f), 0);

    nnx_context *ctx;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    nnx_model *m = NULL;
    nnx_status st = nnx_model_load(ctx, dir, &(nnx_model_options){.flags = NNX_MODEL_ZERO_MISSING_VARIABLES}, &m);
    unlink(path);
    rmdir(dir);
    if (st != NNX_OK)
        fail_msg("%s", nnx_context_error(ctx));
    nnx_graph *g = NULL;
    assert_int_equal(nnx_model_build(m, &g), NNX_OK);
    nnx_model_destroy(m);

    pthread_t threads[THREADS];
    counter_worker workers[THREADS];
    for (int t = 0; t < THREADS; t++) {
        workers[t] = (counter_worker){ctx, g, 0};
        assert_int_equal(pthread_create(&threads[t], NULL, count, &workers[t]), 0);
    }
    for (int t = 0; t < THREADS; t++) {
        assert_int_equal(pthread_join(threads[t], NULL), 0);
        assert_int_equal(workers[t].failures, 0);
    }
    /* One more run reads the state: every one of the THREADS * RUNS increments landed. */
    counter_worker last = {ctx, g, 0};
    nnx_operand_desc d = {NNX_FLOAT32, 1, {1}};
    nnx_tensor *in, *out;
    float zero = 0.0f, before = -1.0f;
    assert_int_equal(nnx_tensor_create(ctx, &(nnx_tensor_desc){.desc = d, .writable = true}, &in), NNX_OK);
    assert_int_equal(nnx_tensor_create(ctx, &(nnx_tensor_desc){.desc = d, .readable = true}, &out), NNX_OK);
    assert_int_equal(nnx_tensor_write(in, &zero, sizeof zero), NNX_OK);
    nnx_named_tensor i = {"step", in}, o = {"before", out};
    assert_int_equal(nnx_context_dispatch(last.ctx, last.graph, &i, 1, &o, 1), NNX_OK);
    assert_int_equal(nnx_tensor_read(out, &before, sizeof before), NNX_OK);
    assert_true(before == (float)(THREADS * RUNS));
    nnx_context_destroy(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_concurrent_runs_match_sequential),
        cmocka_unit_test(test_concurrent_updates_serialize),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
