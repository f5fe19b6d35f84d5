/* test_cpu_winograd.c — the F(4x4, 3x3) convolution (cpu/conv_winograd.c) against the
 * reference conv kernel: image sizes that leave partial tiles, every padding from -1 to 2,
 * batch 2, bias, a fused residual and clamp, 1 and 2 threads (the very same bytes). The
 * bound is WINO_ULPS float32 ulps of the sum of |terms| (the reference run on |x| and |w|):
 * the transforms multiply by up to 8 and sum up to 36 products, so the error grows by tens
 * of ulps of that sum (measured: between 8 and 32), not with the channel count. Shapes Winograd does not suit
 * (stride, dilation, groups, a filter that is an input or an updated variable, too few
 * tiles) are not given it; run without its prepared filter it falls back to the GEMM path. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#define CPU_TEST_SEED 0x9E3779B97F4A7C15u
#include "../common/cpu_test_data.h"

#include "base/alloc.h"
#include "base/pool.h"
#include "cpu/kernels.h"
#include "ops/graph_build.h"
#include "ops/table.h"
#include "runtime/select.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define WINO_ULPS 64.0

static float *random_floats(size_t n, bool absolute)
{
    float *v = malloc(n * sizeof *v + 4);
    for (size_t i = 0; i < n; i++)
        v[i] = absolute ? fabsf(rnd()) : rnd();
    return v;
}

static nnx_attrs attrs_of(int64_t pt, int64_t pb, int64_t pl, int64_t pr, uint32_t stride, uint32_t dilation,
                          uint32_t groups)
{
    nnx_attrs a = {.conv = {.pads = {pt, pb, pl, pr},
                            .strides = {stride, stride},
                            .dilations = {dilation, dilation},
                            .groups = groups,
                            .input_layout = NNX_LAYOUT_NCHW,
                            .filter_layout = NNX_FILTER_OIHW}};
    return a;
}

typedef struct conv_case {
    uint32_t n, c, h, w, o;
    nnx_attrs attrs;
    bool bias, residual_clamp, clamp_only;
} conv_case;

/* An IR x -> conv(x, constant filter [, constant bias]); the filter's values in *filter. */
static const nnx_node *build(nnx_ir *ir, const conv_case *k, const float *filter, const float *bias)
{
    nnx_error err = {0};
    nnx_operand_desc xd = {NNX_FLOAT32, 4, {k->n, k->c, k->h, k->w}},
                     wd = {NNX_FLOAT32, 4, {k->o, k->c / (k->attrs.conv.groups ? k->attrs.conv.groups : 1), 3, 3}},
                     bd = {NNX_FLOAT32, 1, {k->o}};
    uint32_t in[3], y;
    assert_int_equal(nnx_ir_add_input(ir, "x", &xd, &in[0], &err), NNX_OK);
    assert_int_equal(nnx_ir_add_constant(ir, &wd, filter, elems(&wd) * 4, &in[1], &err), NNX_OK);
    if (k->bias)
        assert_int_equal(nnx_ir_add_constant(ir, &bd, bias, k->o * 4, &in[2], &err), NNX_OK);
    if (nnx_ir_add_node(ir, NNX_OP_CONV, in, k->bias ? 3 : 2, &k->attrs, 1, "conv", &y, &err) != NNX_OK)
        fail_msg("conv: %s", err.message);
    return &ir->nodes[0];
}

static void check(const conv_case *k)
{
    nnx_alloc a;
    assert_true(nnx_alloc_init(&a, NULL));
    nnx_ir ir, abs_ir;
    nnx_ir_init(&ir, &a);
    nnx_ir_init(&abs_ir, &a);
    size_t wn = (size_t)k->o * k->c * 9;
    float *w = random_floats(wn, false), *bias = random_floats(k->o, false), *aw = malloc(wn * 4),
          *ab = malloc(k->o * 4);
    for (size_t i = 0; i < wn; i++)
        aw[i] = fabsf(w[i]);
    for (size_t i = 0; i < k->o; i++)
        ab[i] = fabsf(bias[i]);
    const nnx_node *node = build(&ir, k, w, bias), *abs_node = build(&abs_ir, k, aw, ab);
    size_t shared = 0, per_thread = 0;
    nnx_fast_kernel fast = nnx_kernel_select(&ir, node, &shared, &per_thread);
    assert_true(fast == nnx_fast_winograd);
    void *prepared;
    assert_int_equal(nnx_kernel_prepare(&ir, node, fast, &prepared), NNX_OK);
    assert_non_null(prepared);

    nnx_operand_desc xd = ir.values[node->in[0]].desc, yd = ir.values[node->out[0]].desc;
    size_t xn = elems(&xd), yn = elems(&yd);
    float *x = random_floats(xn, false), *ax = malloc(xn * 4), *res = random_floats(yn, false), *ares = malloc(yn * 4);
    for (size_t i = 0; i < xn; i++)
        ax[i] = fabsf(x[i]);
    for (size_t i = 0; i < yn; i++)
        ares[i] = fabsf(res[i]);
    float *ref = malloc(yn * 4), *mag = malloc(yn * 4), *got = malloc(yn * 4), *got2 = malloc(yn * 4);
    nnx_view in[3] = {{xd, x}, {ir.values[node->in[1]].desc, w}, {{NNX_FLOAT32, 1, {k->o}}, bias}};
    nnx_view abs_in[3] = {{xd, ax}, {in[1].desc, aw}, {in[2].desc, ab}};
    nnx_view out = {yd, ref};
    assert_int_equal(nnx_node_kernel(node, in, &out), NNX_OK);
    out.data = mag;
    assert_int_equal(nnx_node_kernel(abs_node, abs_in, &out), NNX_OK);
    nnx_activation act = {true, false, -0.5, 0.75, NNX_NONE, false};
    if (k->residual_clamp)
        for (size_t i = 0; i < yn; i++) { /* the oracle of the fused steps: + residual, then clamp */
            ref[i] = fminf(fmaxf(ref[i] + res[i], -0.5f), 0.75f);
            mag[i] += ares[i];
        }
    if (k->clamp_only) /* the clamp alone: applied in registers */
        for (size_t i = 0; i < yn; i++)
            ref[i] = fminf(fmaxf(ref[i], -0.5f), 0.75f);

    per_thread = (per_thread + 63) / 64 * 64;
    void *scratch = aligned_alloc(64, per_thread * 2 + 64), *sh = aligned_alloc(64, (shared + 63) / 64 * 64 + 64);
    nnx_pool *pool = nnx_pool_create(&a, 1); /* one worker: two threads */
    assert_non_null(pool);
    nnx_kernel_env env = {sh,
                          scratch,
                          per_thread,
                          NULL,
                          k->residual_clamp || k->clamp_only ? &act : NULL,
                          k->residual_clamp ? res : NULL,
                          prepared};
    out.data = got;
    assert_int_equal(cpu_run_fast(fast, node, in, &out, &env), NNX_OK);
    env.pool = pool;
    out.data = got2;
    assert_int_equal(cpu_run_fast(fast, node, in, &out, &env), NNX_OK);
    assert_memory_equal(got, got2, yn * 4);
    env.prepared = NULL; /* never prepared: the GEMM convolution, within its tighter bound */
    out.data = got2;
    assert_int_equal(cpu_run_fast(fast, node, in, &out, &env), NNX_OK);
    for (size_t i = 0; i < yn; i++)
        if (!(fabs((double)got2[i] - ref[i]) <= 0x1p-23 * (double)(k->c * 9 + 3) * fabs((double)mag[i]) + 1e-30))
            fail_msg("unprepared: element %zu %.9g, reference %.9g", i, got2[i], ref[i]);
    for (size_t i = 0; i < yn; i++) {
        double bound = 0x1p-23 * WINO_ULPS * fabs((double)mag[i]) + 1e-30;
        if (!(fabs((double)got[i] - ref[i]) <= bound))
            fail_msg("%ux%ux%ux%u -> %u: element %zu winograd %.9g, reference %.9g (bound %.3g)", k->n, k->c, k->h,
                     k->w, k->o, i, got[i], ref[i], bound);
    }
    nnx_pool_destroy(pool);
    nnx_mem_free_aligned(&a, prepared);
    free(scratch);
    free(sh);
    free(x), free(ax), free(res), free(ares), free(ref), free(mag), free(got), free(got2);
    free(w), free(bias), free(aw), free(ab);
    nnx_ir_free(&ir);
    nnx_ir_free(&abs_ir);
}

static void test_against_reference(void **state)
{
    (void)state;
    const conv_case cases[] = {
        {1, 8, 23, 23, 16, attrs_of(1, 1, 1, 1, 1, 1, 1), true, false, false},   /* same padding, partial tiles */
        {2, 9, 26, 30, 17, attrs_of(0, 0, 0, 0, 1, 1, 1), false, false, false},  /* valid, batch 2, odd channels */
        {1, 16, 24, 24, 32, attrs_of(2, 2, 2, 2, 1, 1, 1), true, true, false},   /* padding 2, residual + clamp */
        {1, 12, 25, 27, 20, attrs_of(-1, 1, 0, 2, 1, 1, 1), true, false, false}, /* cropping and uneven padding */
        {1, 64, 28, 28, 64, attrs_of(1, 1, 1, 1, 1, 1, 1), true, true, false},   /* ResNet-like, many channels */
        {1, 16, 27, 27, 24, attrs_of(1, 1, 1, 1, 1, 1, 1), true, false, true},   /* the clamp alone, rows of 27 */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        check(&cases[i]);
}

/* The kernel nnx_kernel_select gives conv with the filter as a constant (or input). */
static nnx_fast_kernel chosen(uint32_t c, uint32_t h, uint32_t o, nnx_attrs attrs, bool filter_input, bool updated)
{
    nnx_alloc a;
    assert_true(nnx_alloc_init(&a, NULL));
    nnx_ir ir;
    nnx_ir_init(&ir, &a);
    nnx_error err = {0};
    uint32_t g = attrs.conv.groups ? attrs.conv.groups : 1;
    nnx_operand_desc xd = {NNX_FLOAT32, 4, {1, c, h, h}}, wd = {NNX_FLOAT32, 4, {o, c / g, 3, 3}};
    float *w = calloc(elems(&wd), 4);
    uint32_t in[2], y;
    assert_int_equal(nnx_ir_add_input(&ir, "x", &xd, &in[0], &err), NNX_OK);
    if (filter_input)
        assert_int_equal(nnx_ir_add_input(&ir, "w", &wd, &in[1], &err), NNX_OK);
    else
        assert_int_equal(nnx_ir_add_constant(&ir, &wd, w, elems(&wd) * 4, &in[1], &err), NNX_OK);
    assert_int_equal(nnx_ir_add_node(&ir, NNX_OP_CONV, in, 2, &attrs, 1, "", &y, &err), NNX_OK);
    if (updated) {
        uint32_t neg;
        assert_int_equal(nnx_ir_add_node(&ir, NNX_OP_NEG, &in[1], 1, NULL, 1, "", &neg, &err), NNX_OK);
        assert_int_equal(nnx_ir_add_update(&ir, in[1], neg, &err), NNX_OK);
    }
    size_t s, t;
    nnx_fast_kernel k = nnx_kernel_select(&ir, &ir.nodes[0], &s, &t);
    free(w);
    nnx_ir_free(&ir);
    return k;
}

static void test_not_chosen(void **state)
{
    (void)state;
    nnx_attrs same = attrs_of(1, 1, 1, 1, 1, 1, 1);
    assert_true(chosen(16, 28, 32, same, false, false) == nnx_fast_winograd);
    assert_true(chosen(16, 28, 32, same, true, false) != nnx_fast_winograd); /* filter is an input */
    assert_true(chosen(16, 28, 32, same, false, true) != nnx_fast_winograd); /* an updated variable */
    assert_true(chosen(16, 28, 32, attrs_of(1, 1, 1, 1, 2, 1, 1), false, false) != nnx_fast_winograd); /* stride */
    assert_true(chosen(16, 28, 32, attrs_of(2, 2, 2, 2, 1, 2, 1), false, false) != nnx_fast_winograd); /* dilation */
    assert_true(chosen(16, 28, 32, attrs_of(1, 1, 1, 1, 1, 1, 2), false, false) != nnx_fast_winograd); /* groups */
    assert_true(chosen(16, 12, 32, same, false, false) != nnx_fast_winograd);                          /* 9 tiles */
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_against_reference), cmocka_unit_test(test_not_chosen)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
