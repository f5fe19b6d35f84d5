/* bench_nnef_parse.c — how fast nnx reads NNEF text: generates a flat document of N
 * operations (default 100,000: a chain of conv / add / relu / max_pool-as-primitives over
 * a small tensor, with its externals and variables), then times each stage of checking it
 * (parse, registry, semantic checks, expansion, shapes) and the whole, best of R runs.
 * Usage: bench-nnef-parse [OPERATIONS] [RUNS]. Prints MB/s and operations/s. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/strbuf.h"
#include "formats/nnef/flatten/flatten.h"
#include "formats/nnef/syntax/parser.h"
#include "formats/nnef/check/sema.h"
#include "formats/nnef/shapes/shapes.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* A chain: every 4 statements are conv (with its own filter variable), add, relu, sample. */
static char *generate(long ops, size_t *len)
{
    nnx_strbuf b;
    nnx_strbuf_init(&b, NULL);
    nnx_strbuf_puts(
        &b,
        "version 1.0;\n\ngraph bench( input ) -> ( t0 )\n{\n"
        "    input = external(shape = [1, 8, 16, 16]);\n    bias = variable(shape = [1, 8], label = 'bias');\n");
    const char *prev = "input";
    char cur[32], last[32] = "input";
    for (long i = 1; i + 2 <= ops; i++) {
        snprintf(cur, sizeof cur, "t%ld", i);
        switch (i % 4) {
        case 0:
            nnx_strbuf_printf(&b, "    w%ld = variable(shape = [8, 8, 3, 3], label = 'w%ld');\n", i, i);
            nnx_strbuf_printf(&b,
                              "    %s = conv(%s, w%ld, bias, border = 'constant', padding = [(1, 1), (1, 1)],"
                              " stride = [1, 1], dilation = [1, 1], groups = 1);\n",
                              cur, prev, i);
            i++;
            break;
        case 1: nnx_strbuf_printf(&b, "    %s = add(%s, bias);\n", cur, prev); break;
        case 2: nnx_strbuf_printf(&b, "    %s = relu(%s);\n", cur, prev); break;
        default: nnx_strbuf_printf(&b, "    %s = mul(%s, 0.5);\n", cur, prev); break;
        }
        snprintf(last, sizeof last, "%s", cur);
        prev = last;
    }
    nnx_strbuf_printf(&b, "    t0 = copy(%s);\n}\n", prev);
    return nnx_strbuf_take(&b, len);
}

typedef struct stages {
    double parse, registry, check, flatten, shapes, total;
    uint32_t ops;
} stages;

static int run(const char *text, size_t len, stages *s)
{
    nnx_alloc a;
    nnx_alloc_init(&a, NULL);
    nnx_error err = {0};
    nnx_nnef_document *doc = NULL;
    nnx_nnef_registry reg = {0};
    nnx_nnef_flat g;
    double t0 = now();
    nnx_status st = nnx_nnef_parse(text, len, "bench.nnef", &a, &doc, &err);
    double t1 = now();
    if (st == NNX_OK)
        st = nnx_nnef_registry_init(&reg, doc, &a, &err);
    double t2 = now();
    if (st == NNX_OK)
        st = nnx_nnef_check(doc, &reg, &err);
    double t3 = now();
    nnx_nnef_flat_init(&g, &a, "bench.nnef");
    if (st == NNX_OK)
        st = nnx_nnef_flatten(doc, &reg, NULL, &g, &err);
    double t4 = now();
    if (st == NNX_OK)
        st = nnx_nnef_infer_shapes(&g, &err);
    double t5 = now();
    *s = (stages){t1 - t0, t2 - t1, t3 - t2, t4 - t3, t5 - t4, t5 - t0, g.n_ops};
    nnx_nnef_flat_free(&g);
    nnx_nnef_registry_free(&reg);
    nnx_nnef_document_free(doc);
    if (st != NNX_OK)
        fprintf(stderr, "bench-nnef-parse: %s\n", err.message);
    return st == NNX_OK ? 0 : 1;
}

int main(int argc, char **argv)
{
    long ops = argc > 1 ? atol(argv[1]) : 100000, runs = argc > 2 ? atol(argv[2]) : 5;
    if (ops < 4 || runs < 1) {
        fprintf(stderr, "usage: bench-nnef-parse [OPERATIONS >= 4] [RUNS >= 1]\n");
        return 2;
    }
    size_t len;
    char *text = generate(ops, &len);
    if (!text)
        return 1;
    stages best = {.total = 1e30};
    for (long r = 0; r < runs; r++) {
        stages s;
        if (run(text, len, &s) != 0)
            return 1;
        if (s.total < best.total)
            best = s;
    }
    double mb = (double)len / 1e6;
    printf("document: %.1f MB, %u operations after expansion (best of %ld runs)\n", mb, best.ops, runs);
    printf("  parse     %8.1f ms\n  registry  %8.1f ms\n  check     %8.1f ms\n  flatten   %8.1f ms\n"
           "  shapes    %8.1f ms\n  total     %8.1f ms   %.1f MB/s   %.0f operations/s\n",
           best.parse * 1e3, best.registry * 1e3, best.check * 1e3, best.flatten * 1e3, best.shapes * 1e3,
           best.total * 1e3, mb / best.total, best.ops / best.total);
    free(text);
    return 0;
}
