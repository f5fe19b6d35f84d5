/* bench_scale.c — how loading, compiling and running scale with the size of a graph: an NNEF
 * chain of N operations (relu / add alternating, written to a temporary file), an ONNX chain
 * given as a file (bench/make_chain_onnx.py writes one), and a graph built with the builder
 * whose every one of N operations is a graph output. Prints the seconds of each stage; public
 * API only, so it can be built against another libnnx to compare versions.
 * Usage: bench-scale nnef N | onnx FILE.onnx | outputs N */
#define _POSIX_C_SOURCE 200809L
#include "nnx.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int fail(nnx_context *ctx, const char *what)
{
    fprintf(stderr, "bench-scale: %s: %s\n", what, ctx ? nnx_context_error(ctx) : "");
    return 1;
}

/* Writes an NNEF document: x = external [1, 16]; N operations alternating relu(t) and
 * add(t, x); the last one is the output. */
static int write_nnef(const char *path, long n)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return 1;
    fprintf(f, "version 1.0;\n\ngraph chain( x ) -> ( t%ld )\n{\n    x = external(shape = [1, 16]);\n", n);
    for (long i = 1; i <= n; i++) {
        char prev[32];
        snprintf(prev, sizeof prev, i == 1 ? "x" : "t%ld", i - 1);
        if (i % 2)
            fprintf(f, "    t%ld = relu(%s);\n", i, prev);
        else
            fprintf(f, "    t%ld = add(%s, x);\n", i, prev);
    }
    fputs("}\n", f);
    return fclose(f) != 0;
}

/* Loads, builds (compiling at the first run) and runs path twice; prints each stage. */
static int run_model(const char *label, const char *path)
{
    nnx_context_options o = {.threads = 1};
    nnx_context *ctx = NULL;
    nnx_model *m = NULL;
    nnx_graph *g = NULL;
    if (nnx_context_create(&o, &ctx) != NNX_OK)
        return fail(NULL, "context");
    double t0 = now();
    if (nnx_model_load(ctx, path, NULL, &m) != NNX_OK)
        return fail(ctx, "load");
    double t1 = now();
    if (nnx_model_build(m, &g) != NNX_OK)
        return fail(ctx, "build");
    double t2 = now();
    nnx_tensor_desc td = {.readable = true, .writable = true};
    nnx_graph_input_desc(g, 0, &td.desc);
    nnx_tensor *in = NULL;
    if (nnx_tensor_create(ctx, &td, &in) != NNX_OK)
        return fail(ctx, "input tensor");
    nnx_named_tensor ins = {nnx_graph_input_name(g, 0), in};
    nnx_named_tensor outs = {nnx_graph_output_name(g, 0), NULL};
    if (nnx_context_run(ctx, g, &ins, 1, &outs, 1) != NNX_OK)
        return fail(ctx, "first run");
    double t3 = now();
    nnx_tensor_destroy(outs.tensor);
    outs.tensor = NULL;
    if (nnx_context_run(ctx, g, &ins, 1, &outs, 1) != NNX_OK)
        return fail(ctx, "second run");
    double t4 = now();
    printf("%s: load %.3f s, build %.3f s, first run (compiles) %.3f s, second run %.3f s, total %.3f s\n", label,
           t1 - t0, t2 - t1, t3 - t2, t4 - t3, t4 - t0);
    nnx_tensor_destroy(outs.tensor);
    nnx_tensor_destroy(in);
    nnx_graph_destroy(g);
    nnx_model_destroy(m);
    nnx_context_destroy(ctx);
    return 0;
}

/* n operations relu(x + c_i)... : each a graph output, so every value lives to the end. */
static int run_outputs(long n)
{
    nnx_context_options o = {.threads = 1};
    nnx_context *ctx = NULL;
    nnx_builder *b = NULL;
    nnx_graph *g = NULL;
    if (nnx_context_create(&o, &ctx) != NNX_OK || nnx_builder_create(ctx, &b) != NNX_OK)
        return fail(ctx, "context");
    nnx_operand_desc d = {.dtype = NNX_FLOAT32, .rank = 1, .shape = {4}};
    double t0 = now();
    nnx_operand *x = nnx_builder_input(b, "x", &d);
    nnx_named_operand *outs = calloc((size_t)n, sizeof *outs);
    nnx_named_tensor *ts = calloc((size_t)n, sizeof *ts);
    char *names = calloc((size_t)n, 16);
    if (!outs || !ts || !names)
        return fail(NULL, "out of memory");
    nnx_operand *prev = x;
    for (long i = 0; i < n; i++) {
        prev = nnx_builder_relu(b, prev, NULL);
        snprintf(names + 16 * i, 16, "y%ld", i);
        outs[i] = (nnx_named_operand){names + 16 * i, prev};
        ts[i].name = names + 16 * i;
    }
    if (nnx_builder_build(b, outs, (size_t)n, &g) != NNX_OK)
        return fail(ctx, "build");
    double t1 = now();
    nnx_tensor_desc td = {.desc = d, .readable = true, .writable = true};
    nnx_tensor *in = NULL;
    if (nnx_tensor_create(ctx, &td, &in) != NNX_OK)
        return fail(ctx, "input tensor");
    nnx_named_tensor ins = {"x", in};
    if (nnx_context_run(ctx, g, &ins, 1, ts, (size_t)n) != NNX_OK)
        return fail(ctx, "first run");
    double t2 = now();
    for (long i = 0; i < n; i++)
        nnx_tensor_destroy(ts[i].tensor);
    if (nnx_context_run(ctx, g, &ins, 1, ts, (size_t)n) != NNX_OK)
        return fail(ctx, "second run");
    double t3 = now();
    printf("outputs %ld: build %.3f s, first run (compiles) %.3f s, second run %.3f s, total %.3f s\n", n, t1 - t0,
           t2 - t1, t3 - t2, t3 - t0);
    for (long i = 0; i < n; i++)
        nnx_tensor_destroy(ts[i].tensor);
    nnx_tensor_destroy(in);
    nnx_graph_destroy(g);
    nnx_builder_destroy(b);
    nnx_context_destroy(ctx);
    free(outs);
    free(ts);
    free(names);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: bench-scale nnef N | onnx FILE.onnx | outputs N\n");
        return 2;
    }
    if (strcmp(argv[1], "onnx") == 0)
        return run_model(argv[2], argv[2]);
    long n = strtol(argv[2], NULL, 10);
    if (n < 1 || n > 100000000) {
        fprintf(stderr, "bench-scale: N must be 1 to 100000000\n");
        return 2;
    }
    if (strcmp(argv[1], "outputs") == 0)
        return run_outputs(n);
    if (strcmp(argv[1], "nnef") != 0) {
        fprintf(stderr, "usage: bench-scale nnef N | onnx FILE.onnx | outputs N\n");
        return 2;
    }
    char path[64], label[64];
    snprintf(path, sizeof path, "/tmp/bench-scale-%ld.nnef", (long)getpid());
    snprintf(label, sizeof label, "nnef chain %ld", n);
    if (write_nnef(path, n)) {
        fprintf(stderr, "bench-scale: cannot write %s\n", path);
        return 1;
    }
    int rc = run_model(label, path);
    remove(path);
    return rc;
}
