/* compliance_ref_dot.c — fp64 references of TOSA's dot-product operators (CONV2D, CONV3D,
 * DEPTHWISE_CONV2D, TRANSPOSE_CONV2D, MATMUL, AVG_POOL2D, REDUCE_SUM) written from the spec's
 * pseudocode in TOSA layouts, for both output_ref (the data) and output_bnd (|data|, with the
 * input replaced by its global maximum unless local_bound) of the §4.3.3 test. */
#include "checker/compliance.h"

#include <math.h>

/* Output extents of a window op: (I - 1 + pads - (K - 1) * dil) / stride + 1. */
static int64_t conv_out(int64_t I, int64_t K, int64_t pa, int64_t pb, int64_t stride, int64_t dil)
{
    return (I - 1 + pa + pb - (K - 1) * dil) / stride + 1;
}

size_t nnx_tc_dot_outputs(nnx_tc_dot_op op, const nnx_tc_dot_shape *s, const nnx_tc_dot_attrs *a, int64_t *OD,
                          int64_t *OH, int64_t *OW)
{
    *OD = *OH = *OW = 1;
    switch (op) {
    case NNX_TC_DOT_CONV3D:
        *OD = conv_out(s->ID, s->KD, a->pad[0], a->pad[1], a->stride[0], a->dilation[0]);
        /* fall through */
    case NNX_TC_DOT_CONV2D:
    case NNX_TC_DOT_DEPTHWISE_CONV2D:
        *OH = conv_out(s->IH, s->KH, a->pad[2], a->pad[3], a->stride[1], a->dilation[1]);
        *OW = conv_out(s->IW, s->KW, a->pad[4], a->pad[5], a->stride[2], a->dilation[2]);
        if (op == NNX_TC_DOT_DEPTHWISE_CONV2D)
            return (size_t)(s->N * *OH * *OW * s->IC * s->M);
        return (size_t)(s->N * *OD * *OH * *OW * s->OC);
    case NNX_TC_DOT_TRANSPOSE_CONV2D:
        *OH = (s->IH - 1) * a->stride[1] + a->pad[2] + a->pad[3] + s->KH;
        *OW = (s->IW - 1) * a->stride[2] + a->pad[4] + a->pad[5] + s->KW;
        return (size_t)(s->N * *OH * *OW * s->OC);
    case NNX_TC_DOT_MATMUL:
        *OH = s->IH;
        *OW = s->IW;
        return (size_t)(s->N * s->IH * s->IW);
    case NNX_TC_DOT_AVG_POOL2D:
        *OH = conv_out(s->IH, s->KH, a->pad[2], a->pad[3], a->stride[1], 1);
        *OW = conv_out(s->IW, s->KW, a->pad[4], a->pad[5], a->stride[2], 1);
        return (size_t)(s->N * *OH * *OW * s->IC);
    case NNX_TC_DOT_REDUCE_SUM: return (size_t)(s->outer * s->inner);
    }
    return 0;
}

/* The operands as the reference reads them: plain, or the §4.3.3 bound operands. */
typedef struct operands {
    const nnx_tc_dot_data *d;
    bool bound;
    double in_max; /* |input| maximum when the bound ignores local values */
} operands;

static double IN(const operands *o, int64_t i)
{
    return !o->bound ? o->d->input[i] : o->in_max >= 0 ? o->in_max : fabs(o->d->input[i]);
}
static double W(const operands *o, int64_t i) { return o->bound ? fabs(o->d->weight[i]) : o->d->weight[i]; }
static double BIAS(const operands *o, int64_t oc)
{
    if (!o->d->n_bias)
        return 0.0;
    return o->bound ? fabs(o->d->bias[oc]) : o->d->bias[oc];
}

static void conv3d(const nnx_tc_dot_shape *s, const nnx_tc_dot_attrs *a, const operands *o, double *out)
{
    int64_t OD, OH, OW;
    nnx_tc_dot_outputs(NNX_TC_DOT_CONV3D, s, a, &OD, &OH, &OW);
    for (int64_t n = 0; n < s->N; n++)
        for (int64_t od = 0; od < OD; od++)
            for (int64_t oy = 0; oy < OH; oy++)
                for (int64_t ox = 0; ox < OW; ox++)
                    for (int64_t oc = 0; oc < s->OC; oc++) {
                        double acc = 0.0;
                        for (int64_t kd = 0; kd < s->KD; kd++)
                            for (int64_t ky = 0; ky < s->KH; ky++)
                                for (int64_t kx = 0; kx < s->KW; kx++) {
                                    int64_t d = od * a->stride[0] - a->pad[0] + kd * a->dilation[0];
                                    int64_t y = oy * a->stride[1] - a->pad[2] + ky * a->dilation[1];
                                    int64_t x = ox * a->stride[2] - a->pad[4] + kx * a->dilation[2];
                                    if (d < 0 || d >= s->ID || y < 0 || y >= s->IH || x < 0 || x >= s->IW)
                                        continue;
                                    for (int64_t ic = 0; ic < s->IC; ic++)
                                        acc += IN(o, (((n * s->ID + d) * s->IH + y) * s->IW + x) * s->IC + ic) *
                                            W(o, (((oc * s->KD + kd) * s->KH + ky) * s->KW + kx) * s->IC + ic);
                                }
                        out[(((n * OD + od) * OH + oy) * OW + ox) * s->OC + oc] = acc + BIAS(o, oc);
                    }
}

static void depthwise(const nnx_tc_dot_shape *s, const nnx_tc_dot_attrs *a, const operands *o, double *out)
{
    int64_t OD, OH, OW, C = s->IC, M = s->M;
    nnx_tc_dot_outputs(NNX_TC_DOT_DEPTHWISE_CONV2D, s, a, &OD, &OH, &OW);
    for (int64_t n = 0; n < s->N; n++)
        for (int64_t oy = 0; oy < OH; oy++)
            for (int64_t ox = 0; ox < OW; ox++)
                for (int64_t c = 0; c < C; c++)
                    for (int64_t m = 0; m < M; m++) {
                        double acc = 0.0;
                        for (int64_t ky = 0; ky < s->KH; ky++)
                            for (int64_t kx = 0; kx < s->KW; kx++) {
                                int64_t y = oy * a->stride[1] - a->pad[2] + ky * a->dilation[1];
                                int64_t x = ox * a->stride[2] - a->pad[4] + kx * a->dilation[2];
                                if (y < 0 || y >= s->IH || x < 0 || x >= s->IW)
                                    continue;
                                acc += IN(o, ((n * s->IH + y) * s->IW + x) * C + c) *
                                    W(o, ((ky * s->KW + kx) * C + c) * M + m);
                            }
                        out[((n * OH + oy) * OW + ox) * C * M + c * M + m] = acc + BIAS(o, c * M + m);
                    }
}

static void transpose_conv2d(const nnx_tc_dot_shape *s, const nnx_tc_dot_attrs *a, const operands *o, double *out)
{
    int64_t OD, OH, OW;
    size_t n_out = nnx_tc_dot_outputs(NNX_TC_DOT_TRANSPOSE_CONV2D, s, a, &OD, &OH, &OW);
    for (size_t i = 0; i < n_out; i++)
        out[i] = BIAS(o, (int64_t)(i % (size_t)s->OC));
    for (int64_t n = 0; n < s->N; n++)
        for (int64_t iy = 0; iy < s->IH; iy++)
            for (int64_t ix = 0; ix < s->IW; ix++)
                for (int64_t oc = 0; oc < s->OC; oc++)
                    for (int64_t ky = 0; ky < s->KH; ky++)
                        for (int64_t kx = 0; kx < s->KW; kx++) {
                            int64_t oy = iy * a->stride[1] + a->pad[2] + ky;
                            int64_t ox = ix * a->stride[2] + a->pad[4] + kx;
                            if (oy < 0 || oy >= OH || ox < 0 || ox >= OW)
                                continue;
                            double acc = 0.0;
                            for (int64_t ic = 0; ic < s->IC; ic++)
                                acc += IN(o, ((n * s->IH + iy) * s->IW + ix) * s->IC + ic) *
                                    W(o, ((oc * s->KH + ky) * s->KW + kx) * s->IC + ic);
                            out[((n * OH + oy) * OW + ox) * s->OC + oc] += acc;
                        }
}

static void matmul(const nnx_tc_dot_shape *s, const operands *o, double *out)
{
    int64_t H = s->IH, W_ = s->IW, C = s->C;
    for (int64_t n = 0; n < s->N; n++)
        for (int64_t y = 0; y < H; y++)
            for (int64_t x = 0; x < W_; x++) {
                double acc = 0.0;
                for (int64_t c = 0; c < C; c++)
                    acc += IN(o, (n * H + y) * C + c) * W(o, (n * C + c) * W_ + x);
                out[(n * H + y) * W_ + x] = acc;
            }
}

static void avg_pool2d(const nnx_tc_dot_shape *s, const nnx_tc_dot_attrs *a, const operands *o, double *out)
{
    int64_t OD, OH, OW, C = s->IC;
    nnx_tc_dot_outputs(NNX_TC_DOT_AVG_POOL2D, s, a, &OD, &OH, &OW);
    for (int64_t n = 0; n < s->N; n++)
        for (int64_t oy = 0; oy < OH; oy++)
            for (int64_t ox = 0; ox < OW; ox++)
                for (int64_t c = 0; c < C; c++) {
                    double acc = 0.0;
                    int64_t count = 0;
                    for (int64_t ky = 0; ky < s->KH; ky++)
                        for (int64_t kx = 0; kx < s->KW; kx++) {
                            int64_t y = oy * a->stride[1] - a->pad[2] + ky, x = ox * a->stride[2] - a->pad[4] + kx;
                            if (y < 0 || y >= s->IH || x < 0 || x >= s->IW)
                                continue;
                            count++;
                            acc += IN(o, ((n * s->IH + y) * s->IW + x) * C + c);
                        }
                    out[((n * OH + oy) * OW + ox) * C + c] = count ? acc / (double)count : 0.0;
                }
}

static void reduce_sum(const nnx_tc_dot_shape *s, const operands *o, double *out)
{
    for (int64_t b = 0; b < s->outer; b++)
        for (int64_t in = 0; in < s->inner; in++) {
            double acc = 0.0;
            for (int64_t a = 0; a < s->C; a++)
                acc += IN(o, (b * s->C + a) * s->inner + in);
            out[b * s->inner + in] = acc;
        }
}

void nnx_tc_ref_dot(nnx_tc_dot_op op, const nnx_tc_dot_shape *s, const nnx_tc_dot_attrs *a, const nnx_tc_dot_data *d,
                    bool bound, bool local_bound, double *out)
{
    operands o = {d, bound, -1.0};
    if (bound && !local_bound) {
        o.in_max = 0.0;
        for (size_t i = 0; i < d->n_input; i++)
            o.in_max = fmax(o.in_max, fabs(d->input[i]));
    }
    switch (op) {
    case NNX_TC_DOT_CONV2D:
    case NNX_TC_DOT_CONV3D: conv3d(s, a, &o, out); break;
    case NNX_TC_DOT_DEPTHWISE_CONV2D: depthwise(s, a, &o, out); break;
    case NNX_TC_DOT_TRANSPOSE_CONV2D: transpose_conv2d(s, a, &o, out); break;
    case NNX_TC_DOT_MATMUL: matmul(s, &o, out); break;
    case NNX_TC_DOT_AVG_POOL2D: avg_pool2d(s, a, &o, out); break;
    case NNX_TC_DOT_REDUCE_SUM: reduce_sum(s, &o, out); break;
    }
}
