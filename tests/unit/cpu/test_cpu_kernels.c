/* test_cpu_kernels.c — every fast kernel (cpu/kernels.h) against its reference kernel on the
 * same node: float32 conv (strides, dilations, positive and negative padding, groups incl.
 * depthwise, 1x1 pointwise, bias, batch), matmul (broadcast batch axes) and gemm
 * (transposes, alpha, beta, broadcast C, no C), on sizes around the GEMM tiles. The bound is
 * float32 rounding of each length-K sum: |fast - ref| <= 2^-23 * (K + 2) * sum |terms|,
 * with sum |terms| from the same node run on absolute values; two threads give the very
 * same bytes as one; fused depthwise epilogues give the bytes of the unfused kernel followed by
 * the add and nnx_apply_activation. Element-wise float32 kernels and nchw pooling give exactly the
 * reference's bytes (NaN, -0, broadcasting, padding included), except exp, sigmoid, tanh and
 * softmax: within cpu/vmath.h's ULP bounds. Other types keep the reference kernel. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#define CPU_TEST_SEED 88172645463325252u
#include "../common/cpu_test_data.h"

#include "base/alloc.h"
#include "cpu/gemm.h"
#include "cpu/clamp_simd.h"
#include "cpu/kernels.h"
#include "cpu/vmath.h"
#include "ir/dtypes.h"
#include "ops/graph_build.h"
#include "ops/table.h"
#include "runtime/select.h"
#include "runtime/thread_policy.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct bufs {
    void *in[3], *abs_in[3], *ref, *fast, *fast2, *mag, *scratch, *shared;
} bufs;

static nnx_pool *pool; /* one worker: two threads */

/* Adds inputs of the given descs, a node op(attrs), runs reference and fast kernels and
 * compares; K is the length of the sums (for the bound). */
static void compare(nnx_op op, const nnx_attrs *attrs, const nnx_operand_desc *descs, uint32_t n_in, size_t K)
{
    nnx_alloc a;
    assert_true(nnx_alloc_init(&a, NULL));
    nnx_ir ir;
    nnx_ir_init(&ir, &a);
    nnx_error err = {0};
    uint32_t ids[3], y;
    for (uint32_t i = 0; i < n_in; i++)
        assert_int_equal(nnx_ir_add_input(&ir, "x", &descs[i], &ids[i], &err), NNX_OK);
    if (nnx_ir_add_node(&ir, op, ids, n_in, attrs, 1, "t", &y, &err) != NNX_OK)
        fail_msg("node: %s", err.message);
    const nnx_node *node = &ir.nodes[0];
    size_t shared_bytes = 0, thread_bytes = 0;
    nnx_fast_kernel fast = nnx_kernel_select(&ir, node, &shared_bytes, &thread_bytes);
    assert_non_null(fast);
    bufs b = {0};
    nnx_view in[3], abs_in[3], out = {ir.values[y].desc, NULL};
    size_t n_out = elems(&out.desc);
    for (uint32_t i = 0; i < n_in; i++) {
        size_t n = elems(&descs[i]);
        float *v = malloc(n * sizeof *v + 4), *w = malloc(n * sizeof *w + 4);
        for (size_t k = 0; k < n; k++) {
            v[k] = rnd();
            w[k] = fabsf(v[k]);
        }
        b.in[i] = v;
        b.abs_in[i] = w;
        in[i] = (nnx_view){descs[i], v};
        abs_in[i] = (nnx_view){descs[i], w};
    }
    b.ref = malloc(n_out * 4 + 4);
    b.fast = malloc(n_out * 4 + 4);
    b.mag = malloc(n_out * 4 + 4);
    thread_bytes = (thread_bytes + 63) / 64 * 64;
    b.scratch = aligned_alloc(64, thread_bytes * 2 + 64);
    b.shared = aligned_alloc(64, (shared_bytes + 63) / 64 * 64 + 64);
    out.data = b.ref;
    assert_int_equal(nnx_node_kernel(node, in, &out), NNX_OK);
    out.data = b.mag;
    assert_int_equal(nnx_node_kernel(node, abs_in, &out), NNX_OK);
    out.data = b.fast;
    nnx_kernel_env env = {b.shared, b.scratch, thread_bytes, NULL, NULL, NULL, NULL};
    assert_int_equal(cpu_run_fast(fast, node, in, &out, &env), NNX_OK);
    /* two threads give the very same bytes */
    b.fast2 = malloc(n_out * 4 + 4);
    out.data = b.fast2;
    env.pool = pool;
    assert_int_equal(cpu_run_fast(fast, node, in, &out, &env), NNX_OK);
    assert_memory_equal(b.fast, b.fast2, n_out * 4);
    const float *ref = b.ref, *got = b.fast, *mag = b.mag;
    for (size_t i = 0; i < n_out; i++) {
        double bound = 0x1p-23 * (double)(K + 2) * fabs((double)mag[i]) + 1e-30;
        if (!(fabs((double)got[i] - ref[i]) <= bound))
            fail_msg("%s: element %zu fast %.9g, reference %.9g (bound %.3g)", nnx_op_table[op].name, i, got[i], ref[i],
                     bound);
    }
    for (uint32_t i = 0; i < n_in; i++) {
        free(b.in[i]);
        free(b.abs_in[i]);
    }
    free(b.ref);
    free(b.fast);
    free(b.mag);
    free(b.fast2);
    free(b.shared);
    free(b.scratch);
    nnx_ir_free(&ir);
}

static nnx_attrs conv_attrs(uint32_t sh, uint32_t sw, uint32_t dh, uint32_t dw, int64_t pt, int64_t pb, int64_t pl,
                            int64_t pr, uint32_t groups)
{
    nnx_attrs a = {.conv = {.pads = {pt, pb, pl, pr},
                            .strides = {sh, sw},
                            .dilations = {dh, dw},
                            .groups = groups,
                            .input_layout = NNX_LAYOUT_NCHW,
                            .filter_layout = NNX_FILTER_OIHW}};
    return a;
}

static void conv(uint32_t n, uint32_t c, uint32_t h, uint32_t w, uint32_t o, uint32_t kh, uint32_t kw, nnx_attrs a,
                 bool bias)
{
    nnx_operand_desc d[3] = {
        {NNX_FLOAT32, 4, {n, c, h, w}}, {NNX_FLOAT32, 4, {o, c / a.conv.groups, kh, kw}}, {NNX_FLOAT32, 1, {o}}};
    compare(NNX_OP_CONV, &a, d, bias ? 3 : 2, (size_t)c / a.conv.groups * kh * kw + 1);
}

/* Output extent of a window over one axis (floor rounding, as conv infers it); 0: none. */
static uint32_t extent(uint32_t in, uint32_t k, uint32_t stride, uint32_t dilation, int64_t pb, int64_t pe)
{
    int64_t num = (int64_t)in + pb + pe - ((int64_t)(k - 1) * dilation + 1);
    return num < 0 ? 0 : (uint32_t)(num / stride + 1);
}

/* The fused epilogue of a depthwise convolution with bias: with env->residual and env->act
 * the kernel gives the bytes of its unfused output + the residual (float), then
 * nnx_apply_activation (what the separate add and clamp kernels give), on one thread and two;
 * NaN and -0 in the input and the residual, and sums exactly on the bounds. */
static void fused_conv(uint32_t n, uint32_t c, uint32_t o, uint32_t h, uint32_t w, uint32_t kh, uint32_t kw,
                       nnx_attrs a, const nnx_activation *act, nnx_fast_kernel expect);

static void fused_depthwise(uint32_t n, uint32_t c, uint32_t mult, uint32_t h, uint32_t w, uint32_t kh, uint32_t kw,
                            nnx_attrs a, const nnx_activation *act)
{
    fused_conv(n, c, c * mult, h, w, kh, kw, a, act, nnx_fast_depthwise2d);
}

/* The same for any convolution (o outputs, a.conv.groups groups) whose fast kernel is expect. */
static void fused_conv(uint32_t n, uint32_t c, uint32_t o, uint32_t h, uint32_t w, uint32_t kh, uint32_t kw,
                       nnx_attrs a, const nnx_activation *act, nnx_fast_kernel expect)
{
    nnx_alloc al;
    assert_true(nnx_alloc_init(&al, NULL));
    nnx_ir ir;
    nnx_ir_init(&ir, &al);
    nnx_error err = {0};
    nnx_operand_desc d[3] = {
        {NNX_FLOAT32, 4, {n, c, h, w}}, {NNX_FLOAT32, 4, {o, c / a.conv.groups, kh, kw}}, {NNX_FLOAT32, 1, {o}}};
    uint32_t ids[3], y;
    nnx_view in[3];
    for (int i = 0; i < 3; i++) {
        assert_int_equal(nnx_ir_add_input(&ir, "x", &d[i], &ids[i], &err), NNX_OK);
        size_t e = elems(&d[i]);
        float *v = malloc(e * sizeof *v + 4);
        for (size_t k = 0; k < e; k++)
            v[k] = i == 0 && k % 97 == 13 ? NAN : i == 0 && k % 89 == 7 ? -0.0f : quarter(i == 1 ? 2 : 8);
        in[i] = (nnx_view){d[i], v};
    }
    if (nnx_ir_add_node(&ir, NNX_OP_CONV, ids, 3, &a, 1, "t", &y, &err) != NNX_OK)
        fail_msg("node: %s", err.message);
    size_t shared_bytes, thread_bytes, n_out = elems(&ir.values[y].desc);
    nnx_fast_kernel fast = nnx_kernel_select(&ir, &ir.nodes[0], &shared_bytes, &thread_bytes);
    assert_true(fast == expect);
    thread_bytes = (thread_bytes + 63) / 64 * 64;
    void *scratch = aligned_alloc(64, thread_bytes * 2 + 64);
    void *shared = aligned_alloc(64, (shared_bytes + 63) / 64 * 64 + 64);
    float *res = malloc(n_out * 4 + 4), *want = malloc(n_out * 4 + 4), *got = malloc(n_out * 4 + 4);
    for (size_t k = 0; k < n_out; k++)
        res[k] = k % 101 == 3 ? NAN : k % 53 == 1 ? -0.0f : quarter(24);
    nnx_view out = {ir.values[y].desc, want};
    nnx_kernel_env env = {.shared = shared, .scratch = scratch, .per_thread = thread_bytes};
    assert_int_equal(cpu_run_fast(fast, &ir.nodes[0], in, &out, &env), NNX_OK);
    for (size_t k = 0; k < n_out; k++)
        want[k] = want[k] + res[k];
    nnx_apply_activation(act, want, n_out);
    env.act = act;
    env.residual = res;
    for (int threads = 1; threads <= 2; threads++) {
        env.pool = threads == 2 ? pool : NULL;
        memset(got, 0xA5, n_out * 4);
        out.data = got;
        assert_int_equal(cpu_run_fast(fast, &ir.nodes[0], in, &out, &env), NNX_OK);
        assert_memory_equal(want, got, n_out * 4);
    }
    if (expect != nnx_fast_depthwise2d)
        goto done;
    /* without scratch (the unbuffered kernel): every sum of these values is exact, so the
     * same values whatever the order and FMA use */
    env.scratch = NULL;
    env.per_thread = 0;
    assert_int_equal(cpu_run_fast(fast, &ir.nodes[0], in, &out, &env), NNX_OK);
    for (size_t k = 0; k < n_out; k++)
        if (!(isnan(want[k]) ? isnan(got[k]) : got[k] == want[k] && signbit(got[k]) == signbit(want[k])))
            fail_msg("unbuffered depthwise: element %zu %a, expected %a", k, got[k], want[k]);
done:
    for (int i = 0; i < 3; i++)
        free(in[i].data);
    free(scratch);
    free(shared);
    free(res);
    free(want);
    free(got);
    nnx_ir_free(&ir);
}

/* A depthwise convolution (groups c, c * mult outputs) of an h x w input against the
 * reference, with at least c channels and enough for the fast kernel to be chosen (4096
 * multiply-adds); and its fused epilogue with activation act. Skipped when no window fits. */
static void depthwise(uint32_t n, uint32_t c, uint32_t mult, uint32_t h, uint32_t w, uint32_t kh, uint32_t kw,
                      nnx_attrs a, const nnx_activation *act)
{
    uint32_t oh = extent(h, kh, a.conv.strides[0], a.conv.dilations[0], a.conv.pads[0], a.conv.pads[1]);
    uint32_t ow = extent(w, kw, a.conv.strides[1], a.conv.dilations[1], a.conv.pads[2], a.conv.pads[3]);
    if (!oh || !ow)
        return;
    uint64_t per_channel = (uint64_t)n * mult * oh * ow * kh * kw;
    if (c * per_channel < 4096)
        c = (uint32_t)((4096 + per_channel - 1) / per_channel);
    c = c < 2 ? 2 : c;
    a.conv.groups = c;
    conv(n, c, h, w, c * mult, kh, kw, a, true);
    fused_depthwise(n, c, mult, h, w, kh, kw, a, act);
}

/* Depthwise convolutions of every height and width in sizes (each with itself and another),
 * channels not a multiple of 16, 3x3, 5x5, 1x3 and 3x5 kernels, strides 1 to 3, dilation 2,
 * zero, asymmetric and negative padding, depth multiplier 2, batch 2; fused epilogues with
 * relu, relu6, clamps with float bounds (signed zeros, the default NaN) and with bounds that
 * are not floats; and planes large enough to be split into bands. Planes of at most 8
 * columns with 'same' padding at stride 1 take the AVX-512 flat path. */
static void test_depthwise(void **state)
{
    (void)state;
    static const uint32_t sizes[] = {1, 2, 3, 4, 5, 7, 8, 13, 16, 17, 29, 32, 33, 40};
    const size_t n_sizes = sizeof sizes / sizeof *sizes;
    const struct {
        uint32_t n, c, mult, kh, kw;
        nnx_attrs a;
    } cases[] = {
        {1, 17, 1, 3, 3, conv_attrs(1, 1, 1, 1, 1, 1, 1, 1, 0)},   /* same padding */
        {2, 5, 1, 3, 3, conv_attrs(2, 2, 1, 1, 1, 1, 1, 1, 0)},    /* stride 2, batch 2 */
        {1, 3, 2, 5, 5, conv_attrs(1, 1, 1, 1, 2, 2, 2, 2, 0)},    /* 5x5, depth multiplier 2 */
        {1, 6, 1, 5, 5, conv_attrs(2, 2, 1, 1, 2, 1, 2, 1, 0)},    /* 5x5, stride 2, asymmetric padding */
        {1, 7, 1, 1, 3, conv_attrs(1, 1, 1, 1, 0, 0, 1, 1, 0)},    /* 1x3 */
        {1, 4, 1, 3, 3, conv_attrs(3, 3, 1, 1, 1, 1, 1, 1, 0)},    /* stride 3 */
        {2, 3, 2, 3, 3, conv_attrs(1, 1, 2, 2, 2, 2, 2, 2, 0)},    /* dilation 2, multiplier 2, batch 2 */
        {1, 9, 1, 3, 3, conv_attrs(1, 1, 1, 1, 0, 0, 0, 0, 0)},    /* no padding */
        {1, 5, 1, 3, 3, conv_attrs(2, 1, 1, 1, 0, 2, 1, 0, 0)},    /* strides 2 x 1, asymmetric padding */
        {1, 18, 1, 3, 3, conv_attrs(1, 1, 1, 1, -1, 1, 0, -1, 0)}, /* cropping */
        {1, 4, 1, 3, 3, conv_attrs(2, 2, 1, 1, 0, 1, 0, 1, 0)},    /* stride 2, padding at the end only */
        {1, 3, 1, 3, 5, conv_attrs(1, 2, 1, 1, 1, 1, 2, 2, 0)},    /* 3x5, strides 1 x 2 */
    };
    const nnx_activation acts[] = {
        {true, false, 0.0, 6.0, UINT32_MAX, false},
        {true, false, 0.0, INFINITY, UINT32_MAX, false},
        {true, true, -0.5, 0.5, UINT32_MAX, false},
        {true, false, -0.0, 0.0, UINT32_MAX, false},
        {true, false, 0.1, 6.0, UINT32_MAX, false}, /* 0.1 is not a float: the activation runs separately */
        {false, false, -INFINITY, INFINITY, UINT32_MAX, false},
    };
    size_t k = 0;
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
        for (size_t s = 0; s < n_sizes; s++) {
            uint32_t h = sizes[s], other = sizes[(s * 5 + 3) % n_sizes];
            depthwise(cases[i].n, cases[i].c, cases[i].mult, h, h, cases[i].kh, cases[i].kw, cases[i].a,
                      &acts[k++ % (sizeof acts / sizeof *acts)]);
            depthwise(cases[i].n, cases[i].c, cases[i].mult, h, other, cases[i].kh, cases[i].kw, cases[i].a,
                      &acts[k++ % (sizeof acts / sizeof *acts)]);
        }
    /* planes of several bands of buffered rows (the tiles without a buffer for 3x3) */
    depthwise(1, 3, 2, 200, 150, 3, 5, conv_attrs(1, 1, 1, 1, 1, 1, 2, 2, 0), &acts[0]);
    depthwise(1, 2, 1, 300, 260, 3, 3, conv_attrs(1, 1, 1, 1, 1, 1, 1, 1, 0), &acts[2]);
    depthwise(2, 2, 2, 301, 257, 3, 3, conv_attrs(2, 2, 1, 1, 1, 1, 1, 1, 0), &acts[4]);
}

static void test_conv(void **state)
{
    (void)state;
    conv(1, 3, 9, 11, 8, 3, 3, conv_attrs(1, 1, 1, 1, 1, 1, 1, 1, 1), true);      /* same padding */
    conv(2, 5, 13, 7, 33, 3, 2, conv_attrs(2, 1, 1, 2, 0, 1, 2, 0, 1), false);    /* strides, dilations */
    conv(1, 16, 8, 8, 40, 1, 1, conv_attrs(1, 1, 1, 1, 0, 0, 0, 0, 1), true);     /* pointwise: no im2col */
    conv(1, 8, 10, 10, 8, 3, 3, conv_attrs(1, 1, 1, 1, 1, 1, 1, 1, 8), true);     /* depthwise */
    conv(2, 6, 17, 19, 12, 3, 5, conv_attrs(2, 3, 2, 1, 2, 0, 1, 3, 6), false);   /* depthwise x2, strided */
    conv(1, 32, 14, 14, 32, 3, 3, conv_attrs(1, 1, 1, 1, -1, 2, 0, 0, 32), true); /* depthwise, cropping */
    conv(1, 8, 15, 17, 8, 3, 3, conv_attrs(2, 2, 1, 1, 1, 1, 1, 1, 8), true);     /* depthwise stride 2 */
    conv(2, 4, 16, 21, 8, 3, 3, conv_attrs(2, 2, 2, 2, 2, 1, 2, 3, 4), false);    /* stride 2, dilation 2, x2 */
    conv(1, 3, 9, 600, 3, 3, 3, conv_attrs(2, 2, 1, 1, 1, 1, 1, 1, 3), true); /* stride 2, a row too wide to split */
    conv(2, 6, 9, 9, 9, 3, 3, conv_attrs(2, 2, 1, 1, 1, 0, 0, 1, 3), true);   /* groups 3 */
    conv(1, 4, 12, 12, 5, 3, 3, conv_attrs(1, 1, 1, 1, -1, -2, 0, -1, 1), false); /* negative padding crops */
    conv(1, 3, 40, 40, 64, 7, 7, conv_attrs(2, 2, 1, 1, 3, 3, 3, 3, 1), true);    /* a stem: K = 147 */
    conv(1, 64, 30, 30, 70, 3, 3, conv_attrs(1, 1, 1, 1, 1, 1, 1, 1, 1), true);   /* split over threads */
    conv(1, 300, 4, 4, 17, 1, 1, conv_attrs(1, 1, 1, 1, 0, 0, 0, 0, 1), false);   /* K = 300 > one KC block */
    /* split over threads by rows (many outputs, a small map): the windows packed once, both
     * threads packing panels, a last panel of 17 columns; strided; per group, batch 2 */
    conv(1, 40, 7, 7, 64, 3, 3, conv_attrs(1, 1, 1, 1, 1, 1, 1, 1, 1), true);
    conv(1, 24, 14, 14, 48, 3, 3, conv_attrs(2, 2, 1, 1, 1, 1, 1, 1, 1), false);
    conv(2, 16, 9, 9, 64, 3, 3, conv_attrs(1, 1, 1, 1, 1, 1, 1, 1, 2), true);
    /* strided windows packed from the phase-split copy (K > 256): each kw's phase from the
     * table, and past the table's 16 widths computed per row */
    conv(1, 32, 15, 17, 24, 3, 3, conv_attrs(2, 2, 1, 1, 1, 1, 1, 1, 1), true);
    conv(1, 20, 5, 50, 16, 1, 17, conv_attrs(1, 2, 1, 1, 0, 0, 8, 7, 1), false);
    /* strided 1x1: a subsampled copy (batch 2, odd sizes; groups), or windows where trailing
     * padding adds outputs past the input */
    conv(2, 24, 15, 13, 40, 1, 1, conv_attrs(2, 2, 1, 1, 0, 0, 0, 0, 1), true);
    conv(1, 12, 31, 40, 18, 1, 1, conv_attrs(3, 2, 1, 1, 0, 0, 0, 0, 3), false);
    conv(1, 16, 14, 14, 16, 1, 1, conv_attrs(2, 1, 1, 1, 0, 1, 0, 0, 1), true);
    /* few input channels, windows read in place (AVX-512): a last panel of 3, rows of 16
     * outputs (the narrow tile whole), dilation 2 with asymmetric padding and batch 2,
     * cropping with strides 1 x 2 */
    conv(1, 3, 30, 71, 16, 3, 3, conv_attrs(2, 2, 1, 1, 0, 0, 0, 0, 1), true);
    conv(1, 3, 20, 31, 24, 3, 3, conv_attrs(2, 2, 1, 1, 1, 1, 1, 1, 1), true);
    conv(2, 4, 20, 40, 8, 5, 5, conv_attrs(1, 1, 2, 2, 2, 1, 3, 0, 1), false);
    conv(1, 3, 19, 40, 8, 3, 3, conv_attrs(1, 2, 1, 1, -1, 0, -2, 1, 1), true);
}

/* Fused epilogues of ungrouped convolutions with few input channels (the windows-in-place
 * path where the CPU has AVX-512; the GEMM path otherwise, or for bounds that are not
 * floats): the bytes of the unfused kernel + residual, then the activation. */
static void test_conv_fused(void **state)
{
    (void)state;
    const nnx_activation acts[] = {
        {true, false, 0.0, 6.0, UINT32_MAX, false},
        {true, true, -0.5, 0.5, UINT32_MAX, false},
        {true, false, -0.0, 0.0, UINT32_MAX, false},
        {true, false, 0.1, 6.0, UINT32_MAX, false},
        {false, false, -INFINITY, INFINITY, UINT32_MAX, false},
    };
    for (size_t i = 0; i < sizeof acts / sizeof *acts; i++) {
        fused_conv(1, 3, 16, 21, 70, 3, 3, conv_attrs(2, 2, 1, 1, 1, 1, 1, 1, 1), &acts[i], nnx_fast_conv2d);
        fused_conv(2, 3, 24, 40, 33, 7, 7, conv_attrs(2, 2, 1, 1, 3, 3, 3, 3, 1), &acts[i], nnx_fast_conv2d);
    }
}

static void test_matmul(void **state)
{
    (void)state;
    nnx_operand_desc d1[2] = {{NNX_FLOAT32, 2, {33, 70}}, {NNX_FLOAT32, 2, {70, 41}}};
    compare(NNX_OP_MATMUL, NULL, d1, 2, 70);
    nnx_operand_desc d2[2] = {{NNX_FLOAT32, 4, {2, 1, 5, 9}}, {NNX_FLOAT32, 3, {3, 9, 17}}}; /* batch broadcast */
    compare(NNX_OP_MATMUL, NULL, d2, 2, 9);
    nnx_operand_desc d3[2] = {{NNX_FLOAT32, 2, {3, 3000}}, {NNX_FLOAT32, 2, {3000, 2}}};
    compare(NNX_OP_MATMUL, NULL, d3, 2, 3000);
    nnx_operand_desc d4[2] = {{NNX_FLOAT32, 2, {200, 90}}, {NNX_FLOAT32, 2, {90, 40}}}; /* split by rows */
    compare(NNX_OP_MATMUL, NULL, d4, 2, 90);
    nnx_operand_desc d7[2] = {{NNX_FLOAT32, 2, {1, 600}}, {NNX_FLOAT32, 2, {600, 700}}}; /* one row, split */
    compare(NNX_OP_MATMUL, NULL, d7, 2, 600);
    nnx_operand_desc d8[2] = {{NNX_FLOAT32, 2, {700, 600}}, {NNX_FLOAT32, 2, {600, 1}}}; /* one column, split */
    compare(NNX_OP_MATMUL, NULL, d8, 2, 600);
    nnx_operand_desc d5[2] = {{NNX_FLOAT32, 3, {37, 1, 70}}, {NNX_FLOAT32, 2, {70, 33}}}; /* batches of one row */
    compare(NNX_OP_MATMUL, NULL, d5, 2, 70);
    nnx_operand_desc d6[2] = {{NNX_FLOAT32, 4, {2, 3, 4, 20}}, {NNX_FLOAT32, 4, {1, 1, 20, 60}}}; /* b batch of 1s */
    compare(NNX_OP_MATMUL, NULL, d6, 2, 20);
    /* rows split 48 + 35 over the threads (8-row tiles, a partial one last), 49 columns (the
     * last by the dot kernel where rows are whole) */
    nnx_operand_desc d9[2] = {{NNX_FLOAT32, 2, {83, 300}}, {NNX_FLOAT32, 2, {300, 49}}};
    compare(NNX_OP_MATMUL, NULL, d9, 2, 300);
    /* A packed whole (over 2^18 floats) but read in place by each thread's half: the last
     * columns still get one kernel */
    nnx_operand_desc d10[2] = {{NNX_FLOAT32, 2, {4200, 1000}}, {NNX_FLOAT32, 2, {1000, 3}}};
    compare(NNX_OP_MATMUL, NULL, d10, 2, 1000);
}

/* Two threads split a product by the caller's learned share (a slower thread gets less):
 * the bytes must not depend on it. The share is driven to each bound by reported speeds;
 * the products split by columns (a 1x1 convolution over 900 outputs, a matmul) and by rows
 * (a tall matmul, a convolution to 200 channels of a 7x7 map). */
static void test_uneven_split(void **state)
{
    (void)state;
    for (int side = 0; side < 3; side++) {
        for (int i = 0; i < 60; i++) /* side 0: caller 4x faster; 1: worker 4x; 2: even again */
            nnx_thread_policy_report(pool, side == 1 ? 1.0 : 4.0, side == 0 ? 1.0 : 4.0);
        double want = side == 0 ? 0.75 : side == 1 ? 0.25 : 0.5;
        assert_true(fabs(nnx_pool_caller_share(pool) - want) < 0.01);
        conv(1, 64, 30, 30, 70, 1, 1, conv_attrs(1, 1, 1, 1, 0, 0, 0, 0, 1), true);
        conv(1, 300, 7, 7, 200, 3, 3, conv_attrs(1, 1, 1, 1, 1, 1, 1, 1, 1), true);
        nnx_operand_desc d1[2] = {{NNX_FLOAT32, 2, {40, 300}}, {NNX_FLOAT32, 2, {300, 500}}};
        compare(NNX_OP_MATMUL, NULL, d1, 2, 300);
        nnx_operand_desc d2[2] = {{NNX_FLOAT32, 2, {700, 200}}, {NNX_FLOAT32, 2, {200, 40}}};
        compare(NNX_OP_MATMUL, NULL, d2, 2, 200);
    }
}

static void test_gemm(void **state)
{
    (void)state;
    nnx_attrs plain = {.gemm = {1.0, 1.0, false, false}}, t = {.gemm = {0.5, -2.0, true, true}};
    nnx_operand_desc d1[3] = {{NNX_FLOAT32, 2, {12, 40}}, {NNX_FLOAT32, 2, {40, 35}}, {NNX_FLOAT32, 1, {35}}};
    compare(NNX_OP_GEMM, &plain, d1, 3, 41);
    compare(NNX_OP_GEMM, &plain, d1, 2, 40);
    nnx_operand_desc d2[3] = {{NNX_FLOAT32, 2, {40, 12}}, {NNX_FLOAT32, 2, {35, 40}}, {NNX_FLOAT32, 2, {12, 1}}};
    compare(NNX_OP_GEMM, &t, d2, 3, 41);
    /* alpha = beta = 1, C the whole output or one row (added in the tile epilogue) */
    nnx_attrs tb = {.gemm = {1.0, 1.0, false, true}};
    nnx_operand_desc d3[3] = {{NNX_FLOAT32, 2, {70, 40}}, {NNX_FLOAT32, 2, {40, 35}}, {NNX_FLOAT32, 2, {70, 35}}};
    compare(NNX_OP_GEMM, &plain, d3, 3, 41);
    nnx_operand_desc d4[3] = {{NNX_FLOAT32, 2, {70, 40}}, {NNX_FLOAT32, 2, {35, 40}}, {NNX_FLOAT32, 2, {1, 35}}};
    compare(NNX_OP_GEMM, &tb, d4, 3, 41);
}

/* Floats in order as integers (-0 and +0 both 0): their difference counts float steps. */
static int64_t ordinal(float f)
{
    uint32_t b;
    memcpy(&b, &f, sizeof b);
    return b >> 31 ? -(int64_t)(b & 0x7fffffffu) : (int64_t)b;
}

/* The fast kernel against the reference kernel on one node: the very same bytes (ulps 0), or
 * float32 results each within ulps float steps of the reference's, NaN exactly where it has
 * NaN. */
static void near_with(nnx_op op, const nnx_attrs *attrs, const nnx_operand_desc *descs, uint32_t n_in, int64_t ulps)
{
    nnx_alloc a;
    assert_true(nnx_alloc_init(&a, NULL));
    nnx_ir ir;
    nnx_ir_init(&ir, &a);
    nnx_error err = {0};
    uint32_t ids[2], y;
    nnx_view in[2];
    for (uint32_t i = 0; i < n_in; i++) {
        assert_int_equal(nnx_ir_add_input(&ir, "x", &descs[i], &ids[i], &err), NNX_OK);
        size_t n = elems(&descs[i]);
        float *v = calloc(2 * n + 2, sizeof *v); /* room for 8-byte types too: their bytes are copied */
        for (size_t k = 0; k < 2 * n; k++)
            v[k] = k % 7 == 3 ? NAN : k % 11 == 5 ? -0.0f : rnd();
        in[i] = (nnx_view){descs[i], v};
    }
    if (nnx_ir_add_node(&ir, op, ids, n_in, attrs, 1, "", &y, &err) != NNX_OK)
        fail_msg("%s: %s", nnx_op_table[op].name, err.message);
    size_t s, t, n_out = elems(&ir.values[y].desc);
    nnx_fast_kernel fast = nnx_kernel_select(&ir, &ir.nodes[0], &s, &t);
    assert_non_null(fast);
    float *want = calloc(2 * n_out + 2, 4), *got = calloc(2 * n_out + 2, 4);
    nnx_view out = {ir.values[y].desc, want};
    assert_int_equal(nnx_node_kernel(&ir.nodes[0], in, &out), NNX_OK);
    out.data = got;
    nnx_kernel_env env = {NULL, NULL, 0, pool, NULL, NULL, NULL};
    assert_int_equal(cpu_run_fast(fast, &ir.nodes[0], in, &out, &env), NNX_OK);
    if (ulps == 0)
        assert_memory_equal(want, got, n_out * nnx_dtype_size(ir.values[y].desc.dtype));
    for (size_t i = 0; ulps && i < n_out; i++) {
        int64_t d = ordinal(got[i]) - ordinal(want[i]);
        if (isnan(got[i]) != isnan(want[i]) || (!isnan(want[i]) && (d > ulps || d < -ulps)))
            fail_msg("%s: element %zu fast %a, reference %a", nnx_op_table[op].name, i, got[i], want[i]);
    }
    for (uint32_t i = 0; i < n_in; i++)
        free(in[i].data);
    free(want);
    free(got);
    nnx_ir_free(&ir);
}

static void exact_with(nnx_op op, const nnx_attrs *attrs, const nnx_operand_desc *descs, uint32_t n_in)
{
    near_with(op, attrs, descs, n_in, 0);
}

static void exact(nnx_op op, const nnx_operand_desc *descs, uint32_t n_in) { exact_with(op, NULL, descs, n_in); }

static void test_elementwise_exact(void **state)
{
    (void)state;
    nnx_operand_desc same[2] = {{NNX_FLOAT32, 3, {2, 3, 4}}, {NNX_FLOAT32, 3, {2, 3, 4}}};
    nnx_operand_desc row[2] = {{NNX_FLOAT32, 3, {2, 3, 4}}, {NNX_FLOAT32, 1, {4}}};
    nnx_operand_desc cross[2] = {{NNX_FLOAT32, 3, {2, 1, 4}}, {NNX_FLOAT32, 2, {3, 1}}};
    nnx_operand_desc scalar[2] = {{NNX_FLOAT32, 0, {0}}, {NNX_FLOAT32, 1, {5}}};
    nnx_operand_desc both[2] = {{NNX_FLOAT32, 0, {0}}, {NNX_FLOAT32, 0, {0}}};
    const nnx_op ops[6] = {NNX_OP_ADD, NNX_OP_SUB, NNX_OP_MUL, NNX_OP_DIV, NNX_OP_MAX, NNX_OP_MIN};
    for (int k = 0; k < 6; k++) {
        exact(ops[k], same, 2);
        exact(ops[k], row, 2);
        exact(ops[k], cross, 2);
        exact(ops[k], scalar, 2);
        exact(ops[k], both, 2);
    }
    exact(NNX_OP_RELU, same, 1);
    exact(NNX_OP_POW, cross, 2);
    /* trailing axes merged into one row: a scalar divisor of a 3-D tensor, and operands whose
     * last three axes agree (rows of 60, the first axis broadcast for b) */
    nnx_operand_desc by_scalar[2] = {{NNX_FLOAT32, 3, {4, 128, 64}}, {NNX_FLOAT32, 0, {0}}};
    nnx_operand_desc leading[2] = {{NNX_FLOAT32, 4, {2, 3, 4, 5}}, {NNX_FLOAT32, 4, {1, 3, 4, 5}}};
    for (int k = 0; k < 6; k++) {
        exact(ops[k], by_scalar, 2);
        exact(ops[k], leading, 2);
    }
    /* large enough to be split over the two threads (rows, and chunks of elements) */
    nnx_operand_desc wide[2] = {{NNX_FLOAT32, 2, {70, 1000}}, {NNX_FLOAT32, 1, {1000}}};
    exact(NNX_OP_MUL, wide, 2);
    near_with(NNX_OP_TANH, NULL, wide, 1, NNX_VTANH_ULP);
    const nnx_op unary[4] = {NNX_OP_LOG, NNX_OP_SQRT, NNX_OP_ABS, NNX_OP_NEG};
    for (int k = 0; k < 4; k++)
        exact(unary[k], same, 1);
    /* the piecewise activations: the reference's double formulas, so bit for bit */
    nnx_attrs hard_sigmoid = {.activation = {0.2, 0.5}}, leaky = {.activation = {0.01, 0}},
              linear = {.activation = {-1.5, 0.25}}, none = {.activation = {0, 0}};
    exact_with(NNX_OP_HARD_SWISH, &none, wide, 1);
    exact_with(NNX_OP_HARD_SIGMOID, &hard_sigmoid, same, 1);
    exact_with(NNX_OP_LEAKY_RELU, &leaky, same, 1);
    exact_with(NNX_OP_LINEAR, &linear, same, 1);
    near_with(NNX_OP_EXP, NULL, same, 1, NNX_VEXP_ULP);
    near_with(NNX_OP_SIGMOID, NULL, same, 1, NNX_VSIGMOID_ULP);
    near_with(NNX_OP_TANH, NULL, same, 1, NNX_VTANH_ULP);
    for (uint32_t axis = 0; axis < 3; axis++) {
        nnx_attrs sm = {.axis = {axis}};
        near_with(NNX_OP_SOFTMAX, &sm, same, 1, NNX_VSOFTMAX_ULP);
    }
    nnx_attrs relu6 = {.clamp = {.lo = {.f = 0.0}, .hi = {.f = 6.0}}};
    exact_with(NNX_OP_CLAMP, &relu6, same, 1);
    nnx_attrs open_above = {.clamp = {.lo = {.f = -0.25}, .hi = {.f = INFINITY}}};
    exact_with(NNX_OP_CLAMP, &open_above, row, 1);
}

/* n x c x h x w values for pooling: pattern 0 holds many ties (+0 and -0, equal values,
 * infinities) and no NaN; 1 adds one NaN per plane (sign and payload set, to be copied as
 * they are); 2 has a NaN at every 7th and -0 at every 11th element. */
static void pool_values(float *v, size_t count, size_t plane, int pattern)
{
    static const float ties[8] = {-1.0f, -0.0f, 0.0f, 1.0f, 2.0f, -INFINITY, INFINITY, 0.0f};
    uint32_t nan_bits = 0xffc01234u;
    for (size_t k = 0; k < count; k++) {
        if (pattern == 2)
            v[k] = k % 7 == 3 ? NAN : k % 11 == 5 ? -0.0f : rnd();
        else
            v[k] = ties[(size_t)((rnd() + 1.0f) * 4.0f) & 7];
        if (pattern == 1 && k % plane == (k / plane * 37 + 11) % plane)
            memcpy(&v[k], &nan_bits, sizeof nan_bits);
    }
}

/* nchw float32 pooling against the reference's bytes: with scratch on one thread and two,
 * and without scratch (the unbuffered kernel). Skipped when no window fits. */
static void pool_case(nnx_op op, const nnx_attr_pool *p, uint32_t n, uint32_t c, uint32_t h, uint32_t w, int pattern)
{
    nnx_alloc a;
    assert_true(nnx_alloc_init(&a, NULL));
    nnx_ir ir;
    nnx_ir_init(&ir, &a);
    nnx_error err = {0};
    nnx_operand_desc d = {NNX_FLOAT32, 4, {n, c, h, w}};
    nnx_attrs attrs = {.pool = *p};
    uint32_t x, y;
    assert_int_equal(nnx_ir_add_input(&ir, "x", &d, &x, &err), NNX_OK);
    if (nnx_ir_add_node(&ir, op, &x, 1, &attrs, 1, "", &y, &err) != NNX_OK) {
        nnx_ir_free(&ir);
        return;
    }
    size_t shared_bytes, thread_bytes, n_in = elems(&d), n_out = elems(&ir.values[y].desc);
    nnx_fast_kernel fast = nnx_kernel_select(&ir, &ir.nodes[0], &shared_bytes, &thread_bytes);
    assert_true(fast == nnx_fast_pool2d);
    thread_bytes = (thread_bytes + 63) / 64 * 64;
    void *scratch = aligned_alloc(64, thread_bytes * 2 + 64);
    float *xv = malloc(n_in * 4 + 4), *want = malloc(n_out * 4 + 4), *got = malloc(n_out * 4 + 4);
    pool_values(xv, n_in, (size_t)h * w, pattern);
    nnx_view in = {d, xv}, out = {ir.values[y].desc, want};
    assert_int_equal(nnx_node_kernel(&ir.nodes[0], &in, &out), NNX_OK);
    const nnx_kernel_env envs[3] = {{.scratch = scratch, .per_thread = thread_bytes},
                                    {.scratch = scratch, .per_thread = thread_bytes, .pool = pool},
                                    {.pool = pool}};
    out.data = got;
    for (int e = 0; e < 3; e++) {
        memset(got, 0xA5, n_out * 4);
        assert_int_equal(cpu_run_fast(fast, &ir.nodes[0], &in, &out, &envs[e]), NNX_OK);
        if (memcmp(want, got, n_out * 4) != 0)
            fail_msg(
                "%s %ux%ux%ux%u window %ux%u strides %ux%u dilations %ux%u pads %u,%u,%u,%u rounding %d pattern %d "
                "env %d differs",
                nnx_op_table[op].name, n, c, h, w, p->window[0], p->window[1], p->strides[0], p->strides[1],
                p->dilations[0], p->dilations[1], p->pads[0], p->pads[1], p->pads[2], p->pads[3], (int)p->rounding,
                pattern, e);
    }
    free(scratch);
    free(xv);
    free(want);
    free(got);
    nnx_ir_free(&ir);
}

/* nchw max and average pooling: windows, strides, dilations, padding, ceil rounding; every
 * height and width in sizes (each with itself and another), windows 2x2, 3x3, 5x5, 1x3, 3x2,
 * strides 1 to 3, dilation 2, asymmetric padding, ceil rounding (last windows running past
 * the input, or lying wholly in the padding: -inf), ties of signed zeros, NaN; planes large
 * enough to be split into bands. */
static void test_pool_exact(void **state)
{
    (void)state;
    nnx_operand_desc x[1] = {{NNX_FLOAT32, 4, {2, 3, 11, 13}}};
    const nnx_attr_pool cases[] = {
        {.window = {3, 3}, .strides = {2, 2}, .dilations = {1, 1}, .pads = {1, 1, 1, 1}},
        {.window = {2, 2}, .strides = {2, 2}, .dilations = {1, 1}, .rounding = NNX_ROUNDING_CEIL},
        {.window = {3, 2}, .strides = {1, 3}, .dilations = {2, 1}, .pads = {2, 0, 0, 1}},
        {.window = {11, 13}, .strides = {1, 1}, .dilations = {1, 1}},
        {.window = {5, 5}, .strides = {3, 3}, .dilations = {1, 1}, .pads = {4, 4, 4, 4}},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        nnx_attrs a = {.pool = cases[i]};
        exact_with(NNX_OP_MAX_POOL, &a, x, 1);
        exact_with(NNX_OP_AVG_POOL, &a, x, 1);
    }
    static const uint32_t sizes[] = {1, 2, 3, 4, 5, 7, 8, 13, 16, 17, 29, 32, 33, 40};
    const size_t n_sizes = sizeof sizes / sizeof *sizes;
    const nnx_rounding ceil = NNX_ROUNDING_CEIL;
    const nnx_attr_pool more[] = {
        {.window = {3, 3}, .strides = {2, 2}, .dilations = {1, 1}, .pads = {1, 1, 1, 1}},
        {.window = {3, 3}, .strides = {2, 2}, .dilations = {1, 1}, .rounding = ceil},
        {.window = {3, 3}, .strides = {2, 2}, .dilations = {1, 1}, .pads = {1, 1, 1, 1}, .rounding = ceil},
        {.window = {2, 2}, .strides = {2, 2}, .dilations = {1, 1}},
        {.window = {2, 2}, .strides = {2, 2}, .dilations = {1, 1}, .rounding = ceil},
        {.window = {3, 3}, .strides = {1, 1}, .dilations = {1, 1}, .pads = {1, 1, 1, 1}},
        {.window = {2, 2}, .strides = {1, 1}, .dilations = {1, 1}, .pads = {0, 1, 1, 0}},
        {.window = {1, 3}, .strides = {1, 1}, .dilations = {1, 1}, .pads = {0, 0, 1, 1}},
        {.window = {3, 3}, .strides = {3, 3}, .dilations = {1, 1}, .pads = {1, 1, 1, 1}},
        {.window = {3, 3}, .strides = {1, 1}, .dilations = {2, 2}, .pads = {2, 2, 2, 2}},
        {.window = {3, 2}, .strides = {1, 2}, .dilations = {1, 1}, .pads = {0, 2, 1, 0}},
        {.window = {2, 2}, .strides = {3, 3}, .dilations = {1, 1}, .pads = {0, 3, 0, 3}, .rounding = ceil},
        {.window = {5, 5}, .strides = {2, 2}, .dilations = {1, 1}, .pads = {2, 2, 2, 2}},
    };
    for (size_t i = 0; i < sizeof more / sizeof *more; i++)
        for (size_t s = 0; s < n_sizes; s++) {
            uint32_t h = sizes[s], other = sizes[(s * 5 + 3) % n_sizes];
            for (int pattern = 0; pattern < 3; pattern++) {
                pool_case(NNX_OP_MAX_POOL, &more[i], 2, 3, h, h, pattern);
                pool_case(NNX_OP_MAX_POOL, &more[i], 1, 2, h, other, pattern);
            }
            pool_case(NNX_OP_AVG_POOL, &more[i], 1, 3, h, other, 2);
        }
    for (int pattern = 0; pattern < 3; pattern++) {
        pool_case(NNX_OP_MAX_POOL, &more[0], 1, 3, 300, 290, pattern);
        pool_case(NNX_OP_MAX_POOL, &more[5], 1, 2, 301, 300, pattern);
        pool_case(NNX_OP_MAX_POOL, &more[7], 1, 2, 250, 311, pattern);
    }
}

/* transpose and slice (any type: the bytes are copied), sum and mean over trailing axes. */
static void test_movement_exact(void **state)
{
    (void)state;
    nnx_operand_desc f4[1] = {{NNX_FLOAT32, 4, {2, 3, 4, 5}}}, i8[1] = {{NNX_INT8, 3, {3, 5, 7}}},
                     i64[1] = {{NNX_INT64, 2, {6, 9}}};
    const nnx_attr_transpose perms[] = {{{0, 2, 1, 3}}, {{3, 2, 1, 0}}, {{1, 0, 3, 2}}, {{0, 1, 2, 3}}};
    for (size_t i = 0; i < sizeof perms / sizeof *perms; i++) {
        nnx_attrs a = {.transpose = perms[i]};
        exact_with(NNX_OP_TRANSPOSE, &a, f4, 1);
    }
    nnx_attrs t3 = {.transpose = {{2, 0, 1}}}, t2 = {.transpose = {{1, 0}}};
    exact_with(NNX_OP_TRANSPOSE, &t3, i8, 1);
    exact_with(NNX_OP_TRANSPOSE, &t2, i64, 1);
    /* the input's last axis second-to-last, 4-byte elements: 16 x 16 blocks, whole and
     * partial (a swap of the last two axes; an attention's [s, h, d] -> [h, d, s]) */
    nnx_attrs last4 = {.transpose = {{0, 1, 3, 2}}}, last3 = {.transpose = {{0, 2, 1}}};
    nnx_attrs heads = {.transpose = {{1, 2, 0}}};
    nnx_operand_desc shd[1] = {{NNX_FLOAT32, 3, {37, 3, 20}}};
    exact_with(NNX_OP_TRANSPOSE, &heads, shd, 1);
    nnx_operand_desc b3[1] = {{NNX_FLOAT32, 3, {3, 37, 21}}}, i32[1] = {{NNX_INT32, 3, {2, 32, 48}}};
    nnx_operand_desc m2[1] = {{NNX_FLOAT32, 2, {70, 40}}};
    exact_with(NNX_OP_TRANSPOSE, &last4, f4, 1);
    exact_with(NNX_OP_TRANSPOSE, &last3, b3, 1);
    exact_with(NNX_OP_TRANSPOSE, &last3, i32, 1);
    exact_with(NNX_OP_TRANSPOSE, &t2, m2, 1);
    nnx_attrs s1 = {.slice = {.starts = {1, 0, 1, 2}, .sizes = {1, 3, 2, 3}, .strides = {1, 1, 2, 1}}};
    nnx_attrs s2 = {.slice = {.starts = {0, 1, 0}, .sizes = {2, 2, 3}, .strides = {2, 3, 3}}};
    nnx_attrs s3 = {.slice = {.starts = {5, 0}, .sizes = {1, 9}, .strides = {1, 1}}};
    exact_with(NNX_OP_SLICE, &s1, f4, 1);
    exact_with(NNX_OP_SLICE, &s2, i8, 1);
    exact_with(NNX_OP_SLICE, &s3, i64, 1);
    const uint32_t masks[] = {0x8, 0xC, 0xE, 0xF, 0x1, 0x2, 0x6, 0x3}; /* trailing, then earlier blocks */
    for (size_t i = 0; i < sizeof masks / sizeof *masks; i++)
        for (int keep = 0; keep < 2; keep++) {
            nnx_attrs r = {.reduce = {.axes_mask = masks[i], .keep_dims = keep}};
            exact_with(NNX_OP_REDUCE_MEAN, &r, f4, 1);
            exact_with(NNX_OP_REDUCE_SUM, &r, f4, 1);
        }
    /* global average pools: large enough for both threads (203 rows of 169: 16 at a time in
     * blocks of 16 elements and a tail of 9, then the rest); 30 rows of 20 on one thread:
     * 16, 8 and 6 rows */
    nnx_operand_desc planes[1] = {{NNX_FLOAT32, 4, {1, 203, 13, 13}}};
    nnx_attrs spatial = {.reduce = {.axes_mask = 0xC, .keep_dims = 1}};
    exact_with(NNX_OP_REDUCE_MEAN, &spatial, planes, 1);
    nnx_operand_desc small_planes[1] = {{NNX_FLOAT32, 4, {2, 15, 4, 5}}};
    exact_with(NNX_OP_REDUCE_MEAN, &spatial, small_planes, 1);
    exact_with(NNX_OP_REDUCE_SUM, &spatial, small_planes, 1);
    /* NHWC global pools (a TOSA graph's REDUCE_SUM over H, then W): blocks before the last axis,
     * inner extents across a chunk boundary (1280 = 20 x 64; 70 = 64 + 6), both threads */
    nnx_operand_desc nhwc[1] = {{NNX_FLOAT32, 4, {1, 7, 7, 1280}}}, odd[1] = {{NNX_FLOAT32, 4, {2, 5, 3, 70}}};
    nnx_attrs h = {.reduce = {.axes_mask = 0x2, .keep_dims = 1}}, hw = {.reduce = {.axes_mask = 0x6, .keep_dims = 1}};
    exact_with(NNX_OP_REDUCE_SUM, &h, nhwc, 1);
    exact_with(NNX_OP_REDUCE_MEAN, &hw, nhwc, 1);
    exact_with(NNX_OP_REDUCE_SUM, &hw, odd, 1);
    exact_with(NNX_OP_REDUCE_MEAN, &h, odd, 1);
}

/* The fused clamp (vectorised where the CPU allows) against the separate kernels' formula,
 * IEEE maximum then minimum in double, on zeros of both signs, NaN, infinities and values
 * at the bounds, for bounds including signed zeros. */

static void test_activation_exact(void **state)
{
    (void)state;
    const double bounds[][2] = {{0, 6},     {-0.0, 0.0}, {-INFINITY, 0},  {-0.0, 6},
                                {-1, -0.0}, {0.0, 0.0},  {-2.5, INFINITY}};
    const float special[] = {0.0f, -0.0f, NAN, INFINITY, -INFINITY, 6.0f, -1.0f, -2.5f, 7.0f, 1e-30f, -1e-30f, 3.0f};
    float y[67], want[67];
    for (size_t b = 0; b < sizeof bounds / sizeof *bounds; b++)
        for (int nan_default = 0; nan_default < 2; nan_default++) {
            nnx_activation act = {true, nan_default, bounds[b][0], bounds[b][1], UINT32_MAX, false};
            for (int i = 0; i < 67; i++) {
                y[i] = special[(i * 5 + (int)b) % 12];
                want[i] = isnan(y[i]) ? (nan_default ? NAN : y[i]) : (float)min_ieee(max_ieee(y[i], act.lo), act.hi);
            }
            float v[64];
            memcpy(v, y, sizeof v);
            nnx_apply_activation(&act, y, 67);
            assert_memory_equal(y, want, sizeof y);
            /* the vector-extension clamp (the Winograd output), where the bounds are floats */
            nnx_clamp_simd c;
            if (!nnx_clamp_simd_setup(&act, &c))
                continue;
            for (int q = 0; q < 64; q += 16) {
                nnx_f32x16 vec;
                memcpy(&vec, v + q, sizeof vec);
                nnx_clamp_vec16(&c, &vec);
                assert_memory_equal(&vec, want + q, sizeof vec);
            }
        }
}

/* Other types, and products below 4096 multiply-adds, keep the reference kernel. */
static void test_not_selected(void **state)
{
    (void)state;
    nnx_alloc a;
    assert_true(nnx_alloc_init(&a, NULL));
    nnx_ir ir;
    nnx_ir_init(&ir, &a);
    nnx_error err = {0};
    nnx_operand_desc d = {NNX_FLOAT16, 2, {4, 4}};
    uint32_t ids[2], y;
    assert_int_equal(nnx_ir_add_input(&ir, "a", &d, &ids[0], &err), NNX_OK);
    assert_int_equal(nnx_ir_add_input(&ir, "b", &d, &ids[1], &err), NNX_OK);
    assert_int_equal(nnx_ir_add_node(&ir, NNX_OP_MATMUL, ids, 2, NULL, 1, "", &y, &err), NNX_OK);
    size_t s, t;
    assert_null(nnx_kernel_select(&ir, &ir.nodes[0], &s, &t));
    nnx_operand_desc f = {NNX_FLOAT32, 2, {16, 15}}, g = {NNX_FLOAT32, 2, {15, 16}};
    assert_int_equal(nnx_ir_add_input(&ir, "c", &f, &ids[0], &err), NNX_OK);
    assert_int_equal(nnx_ir_add_input(&ir, "d", &g, &ids[1], &err), NNX_OK);
    assert_int_equal(nnx_ir_add_node(&ir, NNX_OP_MATMUL, ids, 2, NULL, 1, "", &y, &err), NNX_OK);
    assert_null(nnx_kernel_select(&ir, &ir.nodes[1], &s, &t)); /* 16 * 16 * 15 = 3840 */
    nnx_ir_free(&ir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_conv),
                                       cmocka_unit_test(test_conv_fused),
                                       cmocka_unit_test(test_matmul),
                                       cmocka_unit_test(test_gemm),
                                       cmocka_unit_test(test_uneven_split),
                                       cmocka_unit_test(test_elementwise_exact),
                                       cmocka_unit_test(test_depthwise),
                                       cmocka_unit_test(test_pool_exact),
                                       cmocka_unit_test(test_activation_exact),
                                       cmocka_unit_test(test_movement_exact),
                                       cmocka_unit_test(test_not_selected)};
    nnx_alloc a;
    if (!nnx_alloc_init(&a, NULL) || !(pool = nnx_pool_create(&a, 1)))
        return 1;
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    nnx_pool_destroy(pool);
    return failed;
}
