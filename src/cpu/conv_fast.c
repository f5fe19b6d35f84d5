/* conv_fast.c — 2-D float32 convolution (nchw input, oihw filter, any padding sign, strides,
 * dilations, groups) as GEMM per image and group: out[O/g, OH*OW] = W[O/g, C/g*KH*KW] ·
 * cols[C/g*KH*KW, OH*OW], where cols, the input windows (zeros where a window leaves the
 * input), is packed block by block straight from the image by the GEMM's B packer and
 * never stored whole. A 1x1, stride-1, unpadded convolution multiplies the input itself.
 * Bias, fused residual and activation are applied to each block of the output as the GEMM
 * finishes it. Depthwise convolutions (one input channel per group) run in depthwise_fast.c
 * instead. */
#include "cpu/gemm.h"
#include "cpu/kernels.h"
#include "base/checked.h"

#include <string.h>

typedef struct conv2d {
    size_t N, C, H, W, O, KH, KW, OH, OW, groups, cg, og;
    int64_t sh, sw, dh, dw, pt, pl;
} conv2d;

static conv2d geometry(const nnx_attr_conv *a, const nnx_operand_desc *x, const nnx_operand_desc *y, size_t kh,
                       size_t kw)
{
    conv2d g = {
        .N = x->shape[0], .C = x->shape[1], .H = x->shape[2], .W = x->shape[3],
        .O = y->shape[1], .KH = kh, .KW = kw, .OH = y->shape[2], .OW = y->shape[3],
        .groups = a->groups ? a->groups : 1,
        .sh = a->strides[0], .sw = a->strides[1], .dh = a->dilations[0], .dw = a->dilations[1],
        .pt = a->pads[0], .pl = a->pads[2],
    };
    g.cg = g.C / g.groups;
    g.og = g.O / g.groups;
    return g;
}

static bool pointwise(const conv2d *g)
{
    return g->KH == 1 && g->KW == 1 && g->sh == 1 && g->sw == 1 && g->pt == 0 && g->pl == 0 && g->OH == g->H &&
           g->OW == g->W;
}

/* The GEMM's B operand packed straight from the image (nnx_gemm_io.pack_b): row k = (c, kh,
 * kw) of the windows of image n, group grp, column j = (oh, ow), zeros where a window
 * leaves the input — the im2col matrix, never stored whole. With a column stride s > 1 the
 * packer reads a phase-split copy of the input instead (split_phases), where the columns a
 * window row needs are contiguous. */
typedef struct window_packer {
    const conv2d *g;
    const float *x;     /* channel 0 of the group in image n */
    const float *split; /* s > 1: its phase-split copy; NULL: read x */
    size_t wq;          /* the length of a phase row: ceil(W / s) */
} window_packer;

/* A run of a panel's columns within one output row: columns [at, at + n) of the panel are
 * outputs (oh, ow .. ow + n - 1). */
typedef struct column_run {
    uint32_t at, n;
    int64_t oh, ow;
} column_run;

/* split[((c * H + h) * s + p) * wq + q] = x[c][h][q * s + p]: row h of channel c as its s
 * phases (columns p, p + s, ...) one after another (the tail of a short phase is unused). */
typedef struct phase_job {
    const conv2d *g;
    const float *x;
    float *split;
    size_t wq;
} phase_job;

static void split_channel(void *arg, size_t c)
{
    const phase_job *j = arg;
    const conv2d *g = j->g;
    size_t s = (size_t)g->sw;
    for (size_t h = 0; h < g->H; h++) {
        const float *src = j->x + (c * g->H + h) * g->W;
        float *dst = j->split + (c * g->H + h) * s * j->wq;
        for (size_t p = 0; p < s; p++, dst += j->wq)
            for (size_t q = 0, w = p; w < g->W; q++, w += s)
                dst[q] = src[w];
    }
}

/* dst[t] = row[q + t] for t < n where 0 <= q + t < len, else 0. */
static inline void copy_run(const float *row, int64_t len, int64_t q, size_t n, float *dst)
{
    if (q >= 0 && q + (int64_t)n <= len) { /* the common case: inside the row */
        memcpy(dst, row + q, n * sizeof *dst);
        return;
    }
    for (size_t t = 0; t < n; t++, q++)
        dst[t] = q >= 0 && q < len ? row[q] : 0.0f;
}

/* dst[t] = the input at row ih, column iw + t * sw of channel c, for t < n (0 outside). */
static inline void window_run(const window_packer *p, size_t c, int64_t ih, int64_t iw, size_t n, float *dst)
{
    const conv2d *g = p->g;
    if (ih < 0 || ih >= (int64_t)g->H) {
        memset(dst, 0, n * sizeof *dst);
        return;
    }
    if (!p->split) {
        copy_run(p->x + (c * g->H + (size_t)ih) * g->W, (int64_t)g->W, iw, n, dst);
        return;
    }
    int64_t s = g->sw, phase = ((iw % s) + s) % s, q = (iw - phase) / s;
    int64_t len = phase < (int64_t)g->W ? ((int64_t)g->W - phase + s - 1) / s : 0; /* the phase's columns */
    copy_run(p->split + ((c * g->H + (size_t)ih) * (size_t)s + (size_t)phase) * p->wq, len, q, n, dst);
}

static void pack_windows(const void *ctx, size_t k0, size_t kc, size_t j0, size_t nc, unsigned nr, float *pb)
{
    const window_packer *p = ctx;
    const conv2d *g = p->g;
    column_run runs[64]; /* a panel (nr <= 32 columns) spans at most nr rows */
    for (size_t jr = 0; jr < nc; jr += nr) {
        size_t cols = nc - jr < nr ? nc - jr : nr, n_runs = 0, first = j0 + jr;
        for (size_t done = 0, oh = first / g->OW, ow = first % g->OW; done < cols; oh++, ow = 0) {
            size_t n = g->OW - ow < cols - done ? g->OW - ow : cols - done;
            runs[n_runs++] = (column_run){(uint32_t)done, (uint32_t)n, (int64_t)oh, (int64_t)ow};
            done += n;
        }
        size_t c = k0 / (g->KH * g->KW), kh = k0 / g->KW % g->KH, kw = k0 % g->KW;
        for (size_t k = 0; k < kc; k++, pb += nr) {
            int64_t dh = (int64_t)kh * g->dh - g->pt, dw = (int64_t)kw * g->dw - g->pl;
            for (size_t r = 0; r < n_runs; r++)
                window_run(p, c, runs[r].oh * g->sh + dh, runs[r].ow * g->sw + dw, runs[r].n, pb + runs[r].at);
            for (size_t t = cols; t < nr; t++)
                pb[t] = 0.0f;
            if (++kw == g->KW) { /* the next row k = (c, kh, kw) */
                kw = 0;
                if (++kh == g->KH) {
                    kh = 0;
                    c++;
                }
            }
        }
    }
}

/* The phase-split copy's floats for one image and group (0 unless strided and not 1x1). */
static bool split_floats(const conv2d *g, size_t *floats)
{
    *floats = 0;
    if (g->sw <= 1 || pointwise(g))
        return true;
    size_t wq = (g->W + (size_t)g->sw - 1) / (size_t)g->sw;
    return nnx_mul_size(g->cg * g->H, (size_t)g->sw * wq, floats);
}

bool nnx_fast_conv2d_shared(const nnx_node *node, const nnx_operand_desc *x, const nnx_operand_desc *f,
                            const nnx_operand_desc *y, size_t *bytes)
{
    conv2d g = geometry(&node->attrs.conv, x, y, f->shape[2], f->shape[3]);
    size_t floats;
    return split_floats(&g, &floats) && nnx_mul_size(floats, sizeof(float), bytes);
}

nnx_status nnx_fast_conv2d(const nnx_node *node, const nnx_view *in, nnx_view *out, const nnx_kernel_env *env)
{
    conv2d g = geometry(&node->attrs.conv, &in[0].desc, &out->desc, in[1].desc.shape[2], in[1].desc.shape[3]);
    const float *x = in[0].data, *f = in[1].data, *bias = node->n_in > 2 ? in[2].data : NULL;
    float *y = out->data;
    size_t spatial = g.OH * g.OW, depth = g.cg * g.KH * g.KW;
    bool direct = pointwise(&g), fused = bias || env->residual || (env->act && env->act->on);
    for (size_t n = 0; n < g.N; n++)
        for (size_t grp = 0; grp < g.groups; grp++) {
            const float *xg = x + (n * g.C + grp * g.cg) * g.H * g.W;
            window_packer packer = {&g, xg, NULL, (g.W + (size_t)g.sw - 1) / (size_t)g.sw};
            size_t floats;
            if (split_floats(&g, &floats) && floats) {
                phase_job pj = {&g, xg, env->shared, packer.wq};
                nnx_pool_for(floats >= ((size_t)1 << 15) ? env->pool : NULL, g.cg, split_channel, &pj);
                packer.split = env->shared;
            }
            size_t o0 = n * g.O + grp * g.og; /* the first output plane */
            nnx_gemm_epilogue ep = {bias ? bias + grp * g.og : NULL,
                                    env->residual ? env->residual + o0 * spatial : NULL, env->act};
            nnx_gemm_io io = {.pack_b = direct ? NULL : pack_windows, .pack_ctx = &packer, .epilogue = fused ? &ep : NULL};
            nnx_fmat A = {f + grp * g.og * depth, depth, 1};
            nnx_fmat B = {xg, spatial, 1};
            float *c = y + o0 * spatial;
            nnx_sgemm_threads_io(env, g.og, spatial, depth, A, B, c, spatial, false, &io);
        }
    return NNX_OK;
}
