/* compliance_data.c — TOSA Appendix A test data: the set_data PRNG (literal and jump-ahead),
 * the B table, tosa_pro_fp_data for the test sets S = 0..5 and the §5.3 data layouts of the
 * dot-product operators. Values are computed in fp64 from the fp32 set_data and rounded once
 * to the tensor's type (TOSA 1.0 §5.1, decision TOSA-C3). */
#include "checker/compliance.h"

#include "ir/elem.h"

#include <math.h>
#include <stdlib.h>

static uint32_t set_multiplier(uint32_t set) { return (8u * set + 1u) * 0x705A5E75u; }

/* The spec's final step, in fp32 exactly as written (volatile keeps each rounding in float
 * even where FLT_EVAL_METHOD would widen). */
static float set_value(uint32_t r)
{
    volatile float sign = (r >> 31) == 0 ? +1.0f : -1.0f;
    volatile float num = (float)(r & 0x7FFFFFFFu);
    volatile float den = (float)0x7FFFFFFFu;
    volatile float q = num / den;
    return sign * q;
}

float nnx_tc_set_data_stepped(uint32_t set, uint32_t index)
{
    uint32_t m = set_multiplier(set);
    uint32_t r = m + 1u;
    for (uint32_t i = 0; i < index; i++)
        r = r * m + 1u;
    return set_value(r);
}

float nnx_tc_set_data(uint32_t set, uint32_t index)
{
    /* r starts at 1 and undergoes x -> m*x + 1 index + 1 times. Compose the affine map
     * (A, C): x -> A*x + C by binary powering of the base map (a, c). */
    uint32_t a = set_multiplier(set), c = 1u, A = 1u, C = 0u;
    for (uint64_t n = (uint64_t)index + 1u; n; n >>= 1) {
        if (n & 1u) {
            C = a * C + c;
            A = a * A;
        }
        c = a * c + c;
        a = a * a;
    }
    return set_value(A + C);
}

static bool is_fp8(nnx_dtype dt) { return dt == NNX_FP8E4M3 || dt == NNX_FP8E5M2; }

double nnx_tc_data_bound(nnx_dtype in1, nnx_dtype in2, nnx_dtype out)
{
    if (in2 == NNX_DTYPE_UNDEFINED || in2 == in1) {
        switch (in1) {
        case NNX_FP8E4M3:
            return out == NNX_FLOAT16 ? 240.0 : out == NNX_FLOAT32 ? 448.0 : out == NNX_FP8E4M3 ? 20.0 : 0.0;
        case NNX_FP8E5M2:
            return out == NNX_FLOAT16 ? 224.0 : out == NNX_FLOAT32 ? 57344.0 : out == NNX_FP8E5M2 ? 224.0 : 0.0;
        case NNX_FLOAT16: return out == NNX_FLOAT16 ? 255.875 : out == NNX_FLOAT32 ? 65504.0 : 0.0;
        case NNX_BFLOAT16: return out == NNX_BFLOAT16 || out == NNX_FLOAT32 ? 0x1p64 - 0x1p56 : 0.0;
        case NNX_FLOAT32: return out == NNX_FLOAT32 ? 0x1p64 - 0x1p40 : 0.0;
        default: return 0.0;
        }
    }
    if (is_fp8(in1) && is_fp8(in2))
        return out == NNX_FLOAT16 ? 224.0 : out == NNX_FLOAT32 ? 448.0 : 0.0;
    return 0.0;
}

static double sd(int set, int64_t i) { return nnx_tc_set_data((uint32_t)set, (uint32_t)i); }
static double sgn(double v, double mag) { return v < 0 ? -mag : mag; }

double nnx_tc_pro_fp_data(int S, int64_t KS, int p, int64_t k, int64_t i, double B)
{
    int s0 = 3 * S + (p == 2 ? 2 : p); /* 3S + p: the set of this parameter */
    double ks = (double)KS;
    switch (S) {
    case 0:
        if (p == 2)
            return 0.0;
        if (p == 0)
            return sd(3 * S, i) < 0 ? 0.0 : sd(3 * S + 1, i);
        return sd(3 * S, i) < 0 ? sd(3 * S + 1, i) : 0.0;
    case 1: {
        double scale = p == 2 ? B * B / (ks + 1) : B / sqrt(ks + 1);
        return scale * (sgn(sd(s0, 2 * i), 0.75) + 0.25 * sd(s0, 2 * i + 1));
    }
    case 2:
        if (p == 2)
            return 0.0;
        return k == 0 ? 1.0 : sd(s0, i) / sqrt(ks);
    case 3:
        if (p == 2)
            return 0.0;
        if (k == 0)
            return sgn(sd(s0, 2 * i), 16.0);
        return exp(2 * sd(s0, 2 * i)) * sd(s0, 2 * i + 1);
    case 4:
        if (p == 2)
            return 0.0;
        if (k == KS / 2)
            return p == 0 ? sgn(sd(3 * S, i), 0.5) : -sgn(sd(3 * S, i), 0.5);
        if (p == 0)
            return sd(3 * S, i) < 0 ? 0.0 : B / sqrt(ks) * sd(3 * S + 1, i);
        return sd(3 * S, i) < 0 ? B / sqrt(ks) * sd(3 * S + 1, i) : 0.0;
    case 5:
        if (p == 2)
            return 0.0;
        return B / sqrt(ks) * sd(s0, i);
    default: return 0.0;
    }
}

double nnx_tc_round_to(nnx_dtype dt, double v)
{
    if (dt == NNX_FLOAT64 || dt == NNX_DTYPE_UNDEFINED)
        return v;
    unsigned char b[8] = {0};
    nnx_store_f(dt, b, 0, v);
    return nnx_load_f(dt, b, 0);
}

void nnx_tc_dot_data_free(nnx_tc_dot_data *d)
{
    free(d->input);
    free(d->weight);
    free(d->bias);
    d->input = d->weight = d->bias = NULL;
}

static double gen(int S, int64_t KS, int p, int64_t k, int64_t i, double B, nnx_dtype dt)
{
    return nnx_tc_round_to(dt, nnx_tc_pro_fp_data(S, KS, p, k, i, B));
}

/* CONV2D, TRANSPOSE_CONV2D and CONV3D (a 2-D op has ID = KD = 1, which makes the 3-D
 * formulas reduce to the 2-D ones exactly). */
static void fill_conv(nnx_tc_dot_data *d, const nnx_tc_dot_shape *s, int S, double B, nnx_dtype in_t, nnx_dtype w_t,
                      nnx_dtype out_t)
{
    int64_t KS = d->KS;
    for (int64_t n = 0; n < s->N; n++)
        for (int64_t id = 0; id < s->ID; id++)
            for (int64_t iy = 0; iy < s->IH; iy++)
                for (int64_t ix = 0; ix < s->IW; ix++)
                    for (int64_t ic = 0; ic < s->IC; ic++) {
                        int64_t k = (((id % s->KD) * s->KH + iy % s->KH) * s->KW + ix % s->KW) * s->IC + ic;
                        int64_t i = (((n * s->ID + id) * s->IH + iy) * s->IW + ix) * s->IC + ic;
                        d->input[i] = gen(S, KS, 0, k, i, B, in_t);
                    }
    for (int64_t oc = 0; oc < s->OC; oc++)
        for (int64_t kd = 0; kd < s->KD; kd++)
            for (int64_t ky = 0; ky < s->KH; ky++)
                for (int64_t kx = 0; kx < s->KW; kx++)
                    for (int64_t ic = 0; ic < s->IC; ic++) {
                        int64_t k = ((kd * s->KH + ky) * s->KW + kx) * s->IC + ic;
                        int64_t i = (((oc * s->KD + kd) * s->KH + ky) * s->KW + kx) * s->IC + ic;
                        d->weight[i] = gen(S, KS, 1, k, i, B, w_t);
                    }
    for (size_t oc = 0; oc < d->n_bias; oc++)
        d->bias[oc] = gen(S, KS, 2, (int64_t)oc, (int64_t)oc, B, out_t);
}

static void fill_depthwise(nnx_tc_dot_data *d, const nnx_tc_dot_shape *s, int S, double B, nnx_dtype in_t,
                           nnx_dtype w_t, nnx_dtype out_t)
{
    int64_t KS = d->KS, C = s->IC;
    for (int64_t n = 0; n < s->N; n++)
        for (int64_t iy = 0; iy < s->IH; iy++)
            for (int64_t ix = 0; ix < s->IW; ix++)
                for (int64_t c = 0; c < C; c++) {
                    int64_t i = ((n * s->IH + iy) * s->IW + ix) * C + c;
                    d->input[i] = gen(S, KS, 0, (iy % s->KH) * s->KW + ix % s->KW, i, B, in_t);
                }
    for (int64_t ky = 0; ky < s->KH; ky++)
        for (int64_t kx = 0; kx < s->KW; kx++)
            for (int64_t c = 0; c < C; c++)
                for (int64_t m = 0; m < s->M; m++) {
                    int64_t i = ((ky * s->KW + kx) * C + c) * s->M + m;
                    d->weight[i] = gen(S, KS, 1, ky * s->KW + kx, i, B, w_t);
                }
    for (size_t oc = 0; oc < d->n_bias; oc++)
        d->bias[oc] = gen(S, KS, 2, (int64_t)oc, (int64_t)oc, B, out_t);
}

static void fill_matmul(nnx_tc_dot_data *d, const nnx_tc_dot_shape *s, int S, double B, nnx_dtype in_t)
{
    int64_t H = s->IH, W = s->IW, C = s->C, KS = d->KS;
    for (int64_t n = 0; n < s->N; n++)
        for (int64_t y = 0; y < H; y++)
            for (int64_t c = 0; c < C; c++) {
                int64_t i = (n * H + y) * C + c;
                d->input[i] = gen(S, KS, 0, c, i, B, in_t);
            }
    for (int64_t n = 0; n < s->N; n++)
        for (int64_t c = 0; c < C; c++)
            for (int64_t x = 0; x < W; x++) {
                int64_t i = (n * C + c) * W + x;
                d->weight[i] = gen(S, KS, 1, c, i, B, in_t);
            }
}

/* AVG_POOL2D: k = (iy % KY) * KX + ix % KX, without the spec's "* C + c" (decision TOSA-C4:
 * pooling is per channel, so the kernel index must not depend on c, as for depthwise). */
static void fill_avg_pool(nnx_tc_dot_data *d, const nnx_tc_dot_shape *s, int S, double B, nnx_dtype in_t)
{
    int64_t C = s->IC, KS = d->KS;
    for (int64_t n = 0; n < s->N; n++)
        for (int64_t iy = 0; iy < s->IH; iy++)
            for (int64_t ix = 0; ix < s->IW; ix++)
                for (int64_t c = 0; c < C; c++) {
                    int64_t i = ((n * s->IH + iy) * s->IW + ix) * C + c;
                    d->input[i] = gen(S, KS, 0, (iy % s->KH) * s->KW + ix % s->KW, i, B, in_t);
                }
}

/* REDUCE_SUM over the middle axis of [outer, C, inner]. */
static void fill_reduce_sum(nnx_tc_dot_data *d, const nnx_tc_dot_shape *s, int S, double B, nnx_dtype in_t)
{
    for (int64_t o = 0; o < s->outer; o++)
        for (int64_t a = 0; a < s->C; a++)
            for (int64_t in = 0; in < s->inner; in++) {
                int64_t i = (o * s->C + a) * s->inner + in;
                d->input[i] = gen(S, d->KS, 0, a, i, B, in_t);
            }
}

static double *alloc_doubles(size_t n) { return calloc(n ? n : 1, sizeof(double)); }

bool nnx_tc_dot_data_make(nnx_tc_dot_data *d, nnx_tc_dot_op op, const nnx_tc_dot_shape *s, int S, nnx_dtype in_t,
                          nnx_dtype weight_t, nnx_dtype out_t)
{
    *d = (nnx_tc_dot_data){0};
    double B = nnx_tc_data_bound(in_t, weight_t == in_t ? NNX_DTYPE_UNDEFINED : weight_t, out_t);
    if (B == 0.0)
        return false;
    switch (op) {
    case NNX_TC_DOT_CONV2D:
    case NNX_TC_DOT_TRANSPOSE_CONV2D:
    case NNX_TC_DOT_CONV3D:
        d->KS = s->KD * s->KH * s->KW * s->IC;
        d->n_input = (size_t)(s->N * s->ID * s->IH * s->IW * s->IC);
        d->n_weight = (size_t)(s->OC * s->KD * s->KH * s->KW * s->IC);
        d->n_bias = s->bias ? (size_t)s->OC : 0;
        break;
    case NNX_TC_DOT_DEPTHWISE_CONV2D:
        d->KS = s->KH * s->KW;
        d->n_input = (size_t)(s->N * s->IH * s->IW * s->IC);
        d->n_weight = (size_t)(s->KH * s->KW * s->IC * s->M);
        d->n_bias = s->bias ? (size_t)(s->IC * s->M) : 0;
        break;
    case NNX_TC_DOT_MATMUL:
        d->KS = s->C;
        d->n_input = (size_t)(s->N * s->IH * s->C);
        d->n_weight = (size_t)(s->N * s->C * s->IW);
        break;
    case NNX_TC_DOT_AVG_POOL2D:
        d->KS = s->KH * s->KW;
        d->n_input = (size_t)(s->N * s->IH * s->IW * s->IC);
        break;
    case NNX_TC_DOT_REDUCE_SUM:
        d->KS = s->C;
        d->n_input = (size_t)(s->outer * s->C * s->inner);
        break;
    }
    if (d->KS < 1)
        return false;
    d->input = alloc_doubles(d->n_input);
    d->weight = alloc_doubles(d->n_weight);
    d->bias = alloc_doubles(d->n_bias);
    if (!d->input || !d->weight || !d->bias) {
        nnx_tc_dot_data_free(d);
        return false;
    }
    switch (op) {
    case NNX_TC_DOT_CONV2D:
    case NNX_TC_DOT_TRANSPOSE_CONV2D:
    case NNX_TC_DOT_CONV3D: fill_conv(d, s, S, B, in_t, weight_t, out_t); break;
    case NNX_TC_DOT_DEPTHWISE_CONV2D: fill_depthwise(d, s, S, B, in_t, weight_t, out_t); break;
    case NNX_TC_DOT_MATMUL: fill_matmul(d, s, S, B, in_t); break;
    case NNX_TC_DOT_AVG_POOL2D: fill_avg_pool(d, s, S, B, in_t); break;
    case NNX_TC_DOT_REDUCE_SUM: fill_reduce_sum(d, s, S, B, in_t); break;
    }
    return true;
}
