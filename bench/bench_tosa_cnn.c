/* bench_tosa_cnn.c — a small TOSA float32 NHWC CNN built with nnx_tosa_add (7 CONV2D and 2
 * DEPTHWISE_CONV2D each followed by CLAMP(0, 6), MAX_POOL2D, global AVG_POOL2D), compiled once
 * and dispatched again and again; prints the median dispatch time. Uses only include/nnx.h.
 * Usage: bench-tosa-cnn [runs (default 50)] [threads (default 1; 0 = one per core)] [profile]
 * ("profile": each step's kernel, what it fused and its mean time). */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "nnx.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static uint64_t state = 0x9E3779B97F4A7C15u;

static float rnd(float scale)
{
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return scale * ((float)(state >> 40) / (float)(1u << 24) - 0.5f);
}

static nnx_operand *constant(nnx_builder *b, uint32_t rank, const uint32_t *shape, float scale)
{
    nnx_operand_desc d = {NNX_FLOAT32, rank, {0}};
    size_t n = 1;
    for (uint32_t i = 0; i < rank; i++) {
        d.shape[i] = shape[i];
        n *= shape[i];
    }
    float *v = malloc(n * sizeof *v);
    for (size_t i = 0; i < n; i++)
        v[i] = rnd(scale);
    nnx_operand *c = nnx_builder_constant(b, &d, v, n * sizeof *v);
    free(v);
    return c;
}

static nnx_operand *clamp6(nnx_tosa *t, nnx_operand *x)
{
    nnx_tosa_attrs a = {.min_val = nnx_f64(0.0), .max_val = nnx_f64(6.0)};
    nnx_operand *y;
    nnx_tosa_add(t, NNX_TOSA_CLAMP, &x, 1, &a, &y, 1);
    return y;
}

/* CONV2D (depthwise: DEPTHWISE_CONV2D) of x with c input channels to o outputs, k x k,
 * stride s, "same" padding, then CLAMP(0, 6). */
static nnx_operand *conv(nnx_tosa *t, nnx_operand *x, uint32_t c, uint32_t o, uint32_t k, uint32_t s, uint32_t in,
                         bool depthwise)
{
    nnx_builder *b = nnx_tosa_builder(t);
    uint32_t ws[4] = {o, k, k, c}, dws[4] = {k, k, c, 1}, bs[1] = {o};
    int32_t p = (int32_t)k / 2, end = p;
    while (((int64_t)in - 1 + p + end - (int64_t)k + 1) % s) /* TOSA: the windows end on the input */
        end--;
    nnx_operand *in3[3] = {x, constant(b, 4, depthwise ? dws : ws, 2.0f / (float)(k * k * (depthwise ? 1 : c))),
                           constant(b, 1, bs, 0.1f)};
    nnx_tosa_attrs a = {.stride = {(int32_t)s, (int32_t)s}, .dilation = {1, 1}, .pad = {p, end, p, end}};
    nnx_operand *y;
    nnx_tosa_add(t, depthwise ? NNX_TOSA_DEPTHWISE_CONV2D : NNX_TOSA_CONV2D, in3, 3, &a, &y, 1);
    return clamp6(t, y);
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    int runs = argc > 1 ? atoi(argv[1]) : 50;
    nnx_context_options co = {.threads = argc > 2 ? (uint32_t)atoi(argv[2]) : 1};
    nnx_context *ctx;
    nnx_builder *b;
    if (runs < 1 || nnx_context_create(&co, &ctx) != NNX_OK || nnx_builder_create(ctx, &b) != NNX_OK)
        return 1;
    nnx_tosa *t = nnx_tosa_begin(b, NULL);
    nnx_operand_desc xd = {NNX_FLOAT32, 4, {1, 112, 112, 3}};
    nnx_operand *x = nnx_builder_input(b, "x", &xd);
    nnx_operand *h = conv(t, x, 3, 32, 3, 2, 112, false); /* 56x56x32 */
    h = conv(t, h, 32, 32, 3, 1, 56, true);
    h = conv(t, h, 32, 64, 1, 1, 56, false);
    h = conv(t, h, 64, 64, 3, 1, 56, false);
    nnx_tosa_attrs mp = {.kernel = {2, 2}, .stride = {2, 2}};
    nnx_operand *pooled;
    nnx_tosa_add(t, NNX_TOSA_MAX_POOL2D, &h, 1, &mp, &pooled, 1); /* 28x28x64 */
    h = conv(t, pooled, 64, 128, 3, 1, 28, false);
    h = conv(t, h, 128, 128, 3, 2, 28, true); /* 14x14x128 */
    h = conv(t, h, 128, 256, 1, 1, 14, false);
    h = conv(t, h, 256, 256, 3, 1, 14, false);
    h = conv(t, h, 256, 256, 1, 1, 14, false);
    nnx_tosa_attrs ap = {.kernel = {14, 14}, .stride = {1, 1}};
    nnx_operand *y;
    nnx_tosa_add(t, NNX_TOSA_AVG_POOL2D, &h, 1, &ap, &y, 1); /* 1x1x1x256 */
    nnx_named_operand outs[1] = {{"y", y}};
    nnx_graph *g;
    if (nnx_builder_build(b, outs, 1, &g) != NNX_OK) {
        fprintf(stderr, "build: %s\n", nnx_builder_error(b));
        return 1;
    }
    nnx_tensor_desc xt = {xd, true, true}, yt = {{NNX_FLOAT32, 4, {1, 1, 1, 256}}, true, true};
    nnx_tensor *xv, *yv;
    if (nnx_tensor_create(ctx, &xt, &xv) != NNX_OK || nnx_tensor_create(ctx, &yt, &yv) != NNX_OK)
        return 1;
    static float xin[112 * 112 * 3];
    for (size_t i = 0; i < sizeof xin / sizeof *xin; i++)
        xin[i] = rnd(2.0f);
    nnx_tensor_write(xv, xin, sizeof xin);
    nnx_named_tensor ins[1] = {{"x", xv}}, os[1] = {{"y", yv}};
    bool profile = argc > 3 && strcmp(argv[3], "profile") == 0;
    nnx_graph_set_profiling(g, profile);
    double *ms = malloc((size_t)runs * sizeof *ms);
    for (int r = -3; r < runs; r++) { /* 3 warm-up runs */
        double t0 = now();
        if (nnx_context_dispatch(ctx, g, ins, 1, os, 1) != NNX_OK) {
            fprintf(stderr, "dispatch: %s\n", nnx_context_error(ctx));
            return 1;
        }
        if (r >= 0)
            ms[r] = 1e3 * (now() - t0);
    }
    float out[256];
    nnx_tensor_read(yv, out, sizeof out);
    double sum = 0;
    for (int i = 0; i < 256; i++)
        sum += out[i];
    qsort(ms, (size_t)runs, sizeof *ms, by_value);
    printf("tosa-cnn: median %.3f ms, min %.3f ms over %d runs, %u thread(s) (checksum %.6g)\n", ms[runs / 2], ms[0],
           runs, co.threads, sum);
    for (size_t i = 0; profile && i < nnx_graph_profile_count(g); i++) {
        nnx_profile_step st;
        if (nnx_graph_profile_step(g, i, &st) && st.runs)
            printf("  %-22s %-9s %-6s %8.3f ms\n", st.op, st.kernel, st.fused,
                   1e-6 * (double)st.nanoseconds / (double)st.runs);
    }
    free(ms);
    nnx_context_destroy(ctx);
    return 0;
}
