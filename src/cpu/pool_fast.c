/* pool_fast.c — float32 max and average pooling over nchw planes, one task per plane on the
 * pool: the same taps in the same order as the reference kernel (ops/pool.c), without its
 * per-element type dispatch, so the results are the reference's bytes: max keeps the first
 * largest value and the first NaN (quiet NaNs; a signalling one is copied, not quieted),
 * average sums in double and divides by the in-bounds count, an empty window gives -inf /
 * 0. TOSA's NaN-ignoring max pooling stays on the reference kernel. */
#include "cpu/kernels.h"

#include <math.h>

typedef struct pool2d {
    const nnx_attr_pool *a;
    size_t H, W, OH, OW;
    bool average;
    const float *x;
    float *y;
} pool2d;

/* The taps j < k of an axis whose window for output o stays in [0, extent): [lo, hi). */
static void taps(int64_t o, uint32_t stride, uint32_t pad, uint32_t dilation, uint32_t k, size_t extent, uint32_t *lo,
                 uint32_t *hi)
{
    int64_t start = o * (int64_t)stride - pad, d = dilation, first = start < 0 ? (-start + d - 1) / d : 0;
    int64_t last = ((int64_t)extent - 1 - start);
    last = last < 0 ? -1 : last / d;
    if (last > (int64_t)k - 1)
        last = (int64_t)k - 1;
    *lo = (uint32_t)(first > k ? k : first);
    *hi = last < first ? *lo : (uint32_t)last + 1;
}

static void plane(void *arg, size_t t)
{
    const pool2d *p = arg;
    const nnx_attr_pool *a = p->a;
    const float *x = p->x + t * p->H * p->W;
    float *y = p->y + t * p->OH * p->OW;
    for (size_t oh = 0; oh < p->OH; oh++) {
        uint32_t h0, h1;
        taps((int64_t)oh, a->strides[0], a->pads[0], a->dilations[0], a->window[0], p->H, &h0, &h1);
        int64_t ih0 = (int64_t)oh * a->strides[0] - a->pads[0];
        for (size_t ow = 0; ow < p->OW; ow++) {
            uint32_t w0, w1;
            taps((int64_t)ow, a->strides[1], a->pads[2], a->dilations[1], a->window[1], p->W, &w0, &w1);
            int64_t iw0 = (int64_t)ow * a->strides[1] - a->pads[2];
            if (p->average) {
                double sum = 0;
                for (uint32_t i = h0; i < h1; i++) {
                    const float *row = x + (size_t)(ih0 + (int64_t)i * a->dilations[0]) * p->W;
                    for (uint32_t j = w0; j < w1; j++)
                        sum += row[iw0 + (int64_t)j * a->dilations[1]];
                }
                size_t count = (size_t)(h1 - h0) * (w1 - w0);
                y[oh * p->OW + ow] = count ? (float)(sum / (double)count) : 0.0f;
            } else {
                float m = -INFINITY;
                for (uint32_t i = h0; i < h1; i++) {
                    const float *row = x + (size_t)(ih0 + (int64_t)i * a->dilations[0]) * p->W;
                    for (uint32_t j = w0; j < w1; j++) {
                        float v = row[iw0 + (int64_t)j * a->dilations[1]];
                        if (!isnan(m) && (isnan(v) || v > m))
                            m = v;
                    }
                }
                y[oh * p->OW + ow] = m;
            }
        }
    }
}

nnx_status nnx_fast_pool2d(const nnx_node *node, const nnx_view *in, nnx_view *out, const nnx_kernel_env *env)
{
    const uint32_t *xs = in[0].desc.shape, *ys = out->desc.shape;
    pool2d p = {&node->attrs.pool, xs[2], xs[3], ys[2], ys[3], node->op == NNX_OP_AVG_POOL, in[0].data, out->data};
    nnx_pool_for(env->pool, (size_t)xs[0] * xs[1], plane, &p);
    return NNX_OK;
}
