/* builder_tosa_nn.c — TOSA 1.0 tensor and reduction operators (spec §2.3, §2.8, §2.11):
 * ARGMAX, AVG_POOL2D, CONV2D, CONV3D, DEPTHWISE_CONV2D, TRANSPOSE_CONV2D, FFT2D, RFFT2D,
 * MATMUL, MAX_POOL2D, REDUCE_* and RESIZE. Each checks the spec's ERROR_IFs (exact output
 * sizes, padding, strides, zero points) and LEVEL_CHECKs, then maps onto the core op of the
 * same meaning (tosa_* ops for the zero-pointed / accumulator-typed ones, src/ops/tosa.h). */
#include "api/tosa_front.h"

#include <stdio.h>

static bool put(nnx_tosa_call *k, nnx_operand *r)
{
    if (!r)
        return false;
    k->out[0] = r;
    return true;
}

static bool kernel_limit(nnx_tosa_call *k, int64_t v, const char *what)
{
    char text[224];
    snprintf(text, sizeof text, "%s <= MAX_KERNEL = %lld", what, (long long)k->t->level->max_kernel);
    return nnx_tosa_level_check(k, v <= k->t->level->max_kernel, text);
}

static bool stride_limit(nnx_tosa_call *k, int64_t v, const char *what)
{
    char text[224];
    snprintf(text, sizeof text, "%s <= MAX_STRIDE = %lld", what, (long long)k->t->level->max_stride);
    return nnx_tosa_level_check(k, v <= k->t->level->max_stride, text);
}

/* idiv_check(num, den) + 1 must be a valid extent: ERROR_IF on inexact division. */
static bool exact_size(nnx_tosa_call *k, int64_t num, int64_t den, const char *text, int64_t *size)
{
    if (den <= 0 || num % den != 0 || num < 0)
        return nnx_tosa_fail(k, NNX_ERROR_INVALID_ARGUMENT,
                             "ERROR_IF(%s): idiv_check(%lld, %lld) is not exact or the "
                             "output is empty",
                             text, (long long)num, (long long)den);
    *size = num / den + 1;
    return true;
}

/* ---------------------------------------------------------------- reductions */

static bool reduce(nnx_tosa_call *k, nnx_op op)
{
    const nnx_operand_desc *x = nnx_tosa_desc(k, 0);
    int32_t axis = k->a->axis;
    if (!nnx_tosa_error_if(k, x->rank == 0, "rank(shape1) < 1: reductions take rank 1..MAX_RANK") ||
        !nnx_tosa_error_if(k, axis < 0 || axis >= (int32_t)x->rank, "axis < 0 || axis >= rank(shape1)"))
        return false;
    nnx_attrs a = {.reduce = {.axes_mask = 1u << axis,
                              .keep_dims = true,
                              .nan_mode = k->a->nan_mode == NNX_TOSA_NAN_IGNORE ? NNX_NAN_IGNORE : NNX_NAN_PROPAGATE}};
    const nnx_operand *in[1] = {k->in[0]};
    return put(k, nnx_tosa_node(k, op, in, 1, &a));
}

static bool argmax(nnx_tosa_call *k)
{
    const nnx_operand_desc *x = nnx_tosa_desc(k, 0);
    int32_t axis = k->a->axis;
    if (!nnx_tosa_error_if(k, x->rank == 0, "rank(shape1) < 1: ARGMAX takes rank 1..MAX_RANK") ||
        !nnx_tosa_check_rank(k, x->rank, "shape1") ||
        !nnx_tosa_error_if(k, axis < 0 || axis >= (int32_t)x->rank, "axis < 0 || axis >= rank(shape1)"))
        return false;
    nnx_attrs a = {
        .arg_reduce = {.axes_mask = 1u << axis,
                       .keep_dims = false,
                       .index_dtype = NNX_INT32,
                       .nan_mode = k->a->nan_mode == NNX_TOSA_NAN_IGNORE ? NNX_NAN_IGNORE : NNX_NAN_PROPAGATE}};
    const nnx_operand *in[1] = {k->in[0]};
    return put(k, nnx_tosa_node(k, NNX_OP_REDUCE_ARGMAX, in, 1, &a));
}

/* ---------------------------------------------------------------- pools */

/* A zero-point input i (absent = 0): one element of dtype dt, a constant; its value. */
static bool zero_point(nnx_tosa_call *k, uint32_t i, const char *what, nnx_dtype dt, bool *nonzero)
{
    const void *data;
    *nonzero = false;
    if (i >= k->n_in)
        return true;
    if (!nnx_tosa_error_if(k, nnx_tosa_dt(k, i) != dt || nnx_tosa_elements(k, i) != 1, what) ||
        !nnx_tosa_ctc(k, i, what, &data))
        return false;
    *nonzero = nnx_dtype_is_float(dt) ? nnx_tosa_const_f(k, i, 0) != 0 : nnx_tosa_const_i(k, i, 0) != 0;
    return true;
}

static bool pool_common(nnx_tosa_call *k, const nnx_operand_desc *x)
{
    const int32_t *kn = k->a->kernel, *s = k->a->stride, *p = k->a->pad;
    if (!nnx_tosa_error_if(k, x->rank != 4, "rank(input) != 4 ([N,IH,IW,C])") || !kernel_limit(k, kn[0], "kernel_y") ||
        !kernel_limit(k, kn[1], "kernel_x") || !stride_limit(k, s[0], "stride_y") ||
        !stride_limit(k, s[1], "stride_x") || !kernel_limit(k, p[0], "pad_top") ||
        !kernel_limit(k, p[1], "pad_bottom") || !kernel_limit(k, p[2], "pad_left") ||
        !kernel_limit(k, p[3], "pad_right") ||
        !nnx_tosa_error_if(k, kn[0] < 1 || kn[1] < 1, "kernel_y < 1 || kernel_x < 1") ||
        !nnx_tosa_error_if(k, s[0] < 1 || s[1] < 1, "stride_y < 1 || stride_x < 1") ||
        !nnx_tosa_error_if(k, p[0] < 0 || p[1] < 0 || p[2] < 0 || p[3] < 0,
                           "pad_top < 0 || pad_bottom < 0 || pad_left < 0 || pad_right < 0") ||
        !nnx_tosa_error_if(k, p[3] >= kn[1] || p[2] >= kn[1], "pad_right >= kernel_x || pad_left >= kernel_x") ||
        !nnx_tosa_error_if(k, p[0] >= kn[0] || p[1] >= kn[0], "pad_top >= kernel_y || pad_bottom >= kernel_y"))
        return false;
    int64_t oh, ow;
    return exact_size(k, (int64_t)x->shape[1] + p[0] + p[1] - kn[0], s[0],
                      "OH != idiv_check(IH + pad_top + pad_bottom - kernel_y, stride_y) + 1", &oh) &&
        exact_size(k, (int64_t)x->shape[2] + p[2] + p[3] - kn[1], s[1],
                   "OW != idiv_check(IW + pad_left + pad_right - kernel_x, stride_x) + 1", &ow);
}

static bool avg_pool(nnx_tosa_call *k)
{
    const nnx_operand_desc *x = nnx_tosa_desc(k, 0);
    nnx_dtype dt = x->dtype;
    bool iz, oz;
    if (!zero_point(k, 1, "input_zp is not T<in_out_t>[1]", dt, &iz) ||
        !zero_point(k, 2, "output_zp is not T<in_out_t>[1]", dt, &oz) ||
        !nnx_tosa_error_if(k, dt != NNX_INT8 && iz, "!is_same<in_out_t,i8_t>() && input_zp != 0") ||
        !nnx_tosa_error_if(k, dt != NNX_INT8 && oz, "!is_same<in_out_t,i8_t>() && output_zp != 0") ||
        !pool_common(k, x))
        return false;
    nnx_attrs a = {.tosa_pool = {.kernel = {(uint32_t)k->a->kernel[0], (uint32_t)k->a->kernel[1]},
                                 .stride = {(uint32_t)k->a->stride[0], (uint32_t)k->a->stride[1]},
                                 .pad = {(uint32_t)k->a->pad[0], (uint32_t)k->a->pad[1], (uint32_t)k->a->pad[2],
                                         (uint32_t)k->a->pad[3]},
                                 .acc_type = k->row->types[1]}};
    const nnx_operand *in[3] = {k->in[0], k->n_in > 1 ? k->in[1] : NULL, k->n_in > 2 ? k->in[2] : NULL};
    return put(k, nnx_tosa_node(k, NNX_OP_TOSA_AVG_POOL2D, in, k->n_in, &a));
}

static bool max_pool(nnx_tosa_call *k)
{
    const nnx_operand_desc *x = nnx_tosa_desc(k, 0);
    if (!pool_common(k, x))
        return false;
    const int32_t *kn = k->a->kernel, *s = k->a->stride, *p = k->a->pad;
    nnx_attrs a = {.pool = {.window = {(uint32_t)kn[0], (uint32_t)kn[1]},
                            .pads = {(uint32_t)p[0], (uint32_t)p[1], (uint32_t)p[2], (uint32_t)p[3]},
                            .strides = {(uint32_t)s[0], (uint32_t)s[1]},
                            .dilations = {1, 1},
                            .layout = NNX_LAYOUT_NHWC,
                            .rounding = NNX_ROUNDING_FLOOR,
                            .nan_mode = k->a->nan_mode == NNX_TOSA_NAN_IGNORE ? NNX_NAN_IGNORE : NNX_NAN_PROPAGATE}};
    const nnx_operand *in[1] = {k->in[0]};
    return put(k, nnx_tosa_node(k, NNX_OP_MAX_POOL, in, 1, &a));
}

/* ---------------------------------------------------------------- convolutions */

/* The spatial part of CONV2D / CONV3D / DEPTHWISE_CONV2D: ns spatial axes of x (from axis
 * 1), kernel extents kd[], pads [begin, end] per axis, strides, dilations. */
static bool conv_spatial(nnx_tosa_call *k, const nnx_operand_desc *x, const uint32_t *kd, uint32_t ns)
{
    static const char *const names2[3] = {"y", "x", ""}, *const names3[3] = {"d", "y", "x"};
    static const char *const kn2[3] = {"KH", "KW", ""}, *const kn3[3] = {"KD", "KH", "KW"};
    const int32_t *p = k->a->pad, *s = k->a->stride, *d = k->a->dilation;
    char text[160];
    for (uint32_t i = 0; i < ns; i++) {
        snprintf(text, sizeof text, "dilation_%s * %s", ns == 3 ? names3[i] : names2[i], ns == 3 ? kn3[i] : kn2[i]);
        if (!kernel_limit(k, (int64_t)d[i] * kd[i], text) || !kernel_limit(k, p[2 * i], "pad (begin)") ||
            !kernel_limit(k, p[2 * i + 1], "pad (end)") || !stride_limit(k, s[i], "stride"))
            return false;
    }
    for (uint32_t i = 0; i < ns; i++)
        if (!nnx_tosa_error_if(k, p[2 * i] < 0 || p[2 * i + 1] < 0,
                               "pad_top < 0 || pad_bottom < 0 || pad_left < 0 || pad_right < 0") ||
            !nnx_tosa_error_if(k, s[i] < 1, "stride < 1") || !nnx_tosa_error_if(k, d[i] < 1, "dilation < 1"))
            return false;
    for (uint32_t i = 0; i < ns; i++) {
        int64_t o;
        const char *ax = ns == 3 ? (i == 0 ? "D" : i == 1 ? "H" : "W") : (i == 0 ? "H" : "W");
        snprintf(text, sizeof text,
                 "O%s != idiv_check(I%s - 1 + pad_begin + pad_end - (K%s - 1) * dilation, stride) + 1", ax, ax, ax);
        if (!exact_size(k, (int64_t)x->shape[1 + i] - 1 + p[2 * i] + p[2 * i + 1] - ((int64_t)kd[i] - 1) * d[i], s[i],
                        text, &o))
            return false;
    }
    return true;
}

static bool conv(nnx_tosa_call *k)
{
    const nnx_operand_desc *x = nnx_tosa_desc(k, 0), *w = nnx_tosa_desc(k, 1), *b = nnx_tosa_desc(k, 2);
    bool dw = k->op == NNX_TOSA_DEPTHWISE_CONV2D, c3 = k->op == NNX_TOSA_CONV3D,
         tr = k->op == NNX_TOSA_TRANSPOSE_CONV2D;
    uint32_t r = c3 ? 5 : 4, ns = r - 2;
    bool iz, wz;
    if (!nnx_tosa_error_if(k, x->rank != r || w->rank != r,
                           c3 ? "input / weight are not 5-D ([N,ID,IH,IW,IC], [OC,KD,KH,KW,IC])"
                              : "input / weight are not 4-D") ||
        !nnx_tosa_error_if(k, b->rank != 1 || b->dtype != k->row->types[2], "bias is not T<out_t>[BC]") ||
        !zero_point(k, 3, "input_zp is not T<in_t>[1]", x->dtype, &iz) ||
        !zero_point(k, 4, "weight_zp is not T<weight_t>[1]", w->dtype, &wz) ||
        !nnx_tosa_error_if(k, x->dtype != NNX_INT8 && iz, "!is_same<in_t,i8_t>() && input_zp != 0") ||
        !nnx_tosa_error_if(k, w->dtype != NNX_INT8 && wz, "!is_same<weight_t,i8_t>() && weight_zp != 0"))
        return false;
    /* weight axes: conv [OC, k..., IC]; depthwise [KH, KW, C, M]; transpose [OC, KH, KW, IC] */
    uint32_t kd[3], ic = dw ? w->shape[2] : w->shape[r - 1], oc = dw ? w->shape[2] * w->shape[3] : w->shape[0];
    for (uint32_t i = 0; i < ns; i++)
        kd[i] = dw ? w->shape[i] : w->shape[1 + i];
    if (!nnx_tosa_error_if(k, x->shape[r - 1] != ic, "input channels != weight channels (IC)") ||
        !nnx_tosa_error_if(k, b->shape[0] != oc && b->shape[0] != 1,
                           dw ? "BC != C*M && BC != 1" : "BC != OC && BC != 1"))
        return false;
    if (tr) {
        const int32_t *op = k->a->out_pad, *s = k->a->stride;
        if (!kernel_limit(k, kd[0], "KH") || !kernel_limit(k, kd[1], "KW") || !kernel_limit(k, op[0], "out_pad_top") ||
            !kernel_limit(k, op[1], "out_pad_bottom") || !kernel_limit(k, op[2], "out_pad_left") ||
            !kernel_limit(k, op[3], "out_pad_right") || !stride_limit(k, s[0], "stride_y") ||
            !stride_limit(k, s[1], "stride_x") ||
            !nnx_tosa_error_if(k, op[0] <= -(int64_t)kd[0] || op[1] <= -(int64_t)kd[0],
                               "out_pad_top <= -KH || out_pad_bottom <= -KH") ||
            !nnx_tosa_error_if(k, op[2] <= -(int64_t)kd[1] || op[3] <= -(int64_t)kd[1],
                               "out_pad_left <= -KW || out_pad_right <= -KW") ||
            !nnx_tosa_error_if(k, s[0] < 1 || s[1] < 1, "stride_y < 1 || stride_x < 1"))
            return false;
    } else if (!conv_spatial(k, x, kd, ns)) {
        return false;
    }
    nnx_attrs a = {.tosa_conv = {.acc_type = k->row->types[3]}};
    for (uint32_t i = 0; i < 6; i++)
        a.tosa_conv.pad[i] = tr ? (i < 4 ? k->a->out_pad[i] : 0) : k->a->pad[i];
    for (uint32_t i = 0; i < 3; i++) {
        a.tosa_conv.stride[i] = (uint32_t)k->a->stride[i];
        a.tosa_conv.dilation[i] = tr ? 1 : (uint32_t)k->a->dilation[i];
    }
    nnx_op op = c3 ? NNX_OP_TOSA_CONV3D
        : dw       ? NNX_OP_TOSA_DEPTHWISE_CONV2D
        : tr       ? NNX_OP_TOSA_TRANSPOSE_CONV2D
                   : NNX_OP_TOSA_CONV2D;
    const nnx_operand *in[5] = {k->in[0], k->in[1], k->in[2], k->n_in > 3 ? k->in[3] : NULL,
                                k->n_in > 4 ? k->in[4] : NULL};
    return put(k, nnx_tosa_node(k, op, in, k->n_in, &a));
}

/* ---------------------------------------------------------------- matmul, fft, resize */

static bool matmul(nnx_tosa_call *k)
{
    const nnx_operand_desc *A = nnx_tosa_desc(k, 0), *B = nnx_tosa_desc(k, 1);
    bool az, bz;
    if (!nnx_tosa_error_if(k, A->rank != 3 || B->rank != 3, "A is not [N,H,C] or B is not [N,C,W]") ||
        !nnx_tosa_error_if(k, A->dtype != B->dtype, "A and B differ in type (in_t)") ||
        !nnx_tosa_error_if(k, A->shape[0] != B->shape[0] || A->shape[2] != B->shape[1],
                           "B's shape is not [N,C,W] for A [N,H,C]") ||
        !zero_point(k, 2, "A_zp is not T<in_t>[1]", A->dtype, &az) ||
        !zero_point(k, 3, "B_zp is not T<in_t>[1]", A->dtype, &bz) ||
        !nnx_tosa_error_if(k, A->dtype != NNX_INT8 && (az || bz), "!is_same<in_t,i8_t>() && (A_zp != 0 || B_zp != 0)"))
        return false;
    nnx_attrs a = {.tosa_matmul = {.acc_type = k->row->types[1]}};
    const nnx_operand *in[4] = {k->in[0], k->in[1], k->n_in > 2 ? k->in[2] : NULL, k->n_in > 3 ? k->in[3] : NULL};
    return put(k, nnx_tosa_node(k, NNX_OP_TOSA_MATMUL, in, k->n_in, &a));
}

static bool fft(nnx_tosa_call *k)
{
    bool full = k->op == NNX_TOSA_FFT2D;
    const nnx_operand_desc *x = nnx_tosa_desc(k, 0);
    if (!nnx_tosa_error_if(k, x->rank != 3, "input_real is not [N,H,W]") ||
        (full && !nnx_tosa_error_if(k, !nnx_desc_equal(x, nnx_tosa_desc(k, 1)), "input_imag's shape != input_real's")))
        return false;
    uint32_t h = x->shape[1], w = x->shape[2];
    if (!kernel_limit(k, h, "H") || !kernel_limit(k, w, "W") ||
        !nnx_tosa_error_if(k, h & (h - 1), "!power_of_two(H)") ||
        !nnx_tosa_error_if(k, w & (w - 1), "!power_of_two(W)"))
        return false;
    nnx_attrs a = {.fft = {.inverse = full && k->a->inverse}};
    const nnx_operand *in[2] = {k->in[0], full ? k->in[1] : NULL};
    return nnx_tosa_node_n(k, full ? NNX_OP_FFT2D : NNX_OP_RFFT2D, in, full ? 2 : 1, &a, 2, k->out);
}

static bool resize(nnx_tosa_call *k)
{
    const nnx_operand_desc *x = nnx_tosa_desc(k, 0);
    int64_t sc[4], off[2], bd[2];
    uint32_t n1, n2, n3;
    if (!nnx_tosa_error_if(k, x->rank != 4, "rank(input) != 4 ([N,IH,IW,C])") ||
        !nnx_tosa_shape_input(k, 1, "scale", sc, 4, &n1) || !nnx_tosa_shape_input(k, 2, "offset", off, 2, &n2) ||
        !nnx_tosa_shape_input(k, 3, "border", bd, 2, &n3) ||
        !nnx_tosa_error_if(k, n1 != 4 || n2 != 2 || n3 != 2, "scale, offset and border must have 4, 2 and 2 values"))
        return false;
    int64_t yn = sc[0], yd = sc[1], xn = sc[2], xd = sc[3], ih = x->shape[1], iw = x->shape[2];
    char text[96];
    snprintf(text, sizeof text, "scale_y_n/scale_y_d <= MAX_SCALE = %lld", (long long)k->t->level->max_scale);
    if (!nnx_tosa_error_if(k, yn <= 0 || yd <= 0 || xn <= 0 || xd <= 0,
                           "scale_y_n <= 0 || scale_y_d <= 0 || scale_x_n <= 0 || scale_x_d <= 0") ||
        !nnx_tosa_level_check(k, yn <= k->t->level->max_scale * yd, text))
        return false;
    snprintf(text, sizeof text, "scale_x_n/scale_x_d <= MAX_SCALE = %lld", (long long)k->t->level->max_scale);
    int64_t oh, ow;
    if (!nnx_tosa_level_check(k, xn <= k->t->level->max_scale * xd, text) ||
        !nnx_tosa_error_if(k, yn > (1 << 11) || xn > (1 << 11), "scale_y_n > (1 << 11) || scale_x_n > (1 << 11)") ||
        !nnx_tosa_error_if(k, yd >= 16 * yn || xd >= 16 * xn,
                           "scale_y_d >= 16 * scale_y_n || scale_x_d >= 16 * scale_x_n") ||
        !nnx_tosa_error_if(k, off[0] < -yn || off[0] >= 16 * yn,
                           "offset_y < -scale_y_n || offset_y >= 16 * scale_y_n") ||
        !nnx_tosa_error_if(k, off[1] < -xn || off[1] >= 16 * xn,
                           "offset_x < -scale_x_n || offset_x >= 16 * scale_x_n") ||
        !nnx_tosa_error_if(k, bd[0] < -16 * yn || bd[0] >= yn, "border_y < -16 * scale_y_n || border_y >= scale_y_n") ||
        !nnx_tosa_error_if(k, bd[1] < -16 * xn || bd[1] >= xn, "border_x < -16 * scale_x_n || border_x >= scale_x_n") ||
        !exact_size(k, (ih - 1) * yn - off[0] + bd[0], yd,
                    "OH != idiv_check((IH - 1) * scale_y_n - offset_y + border_y, scale_y_d) + 1", &oh) ||
        !exact_size(k, (iw - 1) * xn - off[1] + bd[1], xd,
                    "OW != idiv_check((IW - 1) * scale_x_n - offset_x + border_x, scale_x_d) + 1", &ow) ||
        !nnx_tosa_error_if(k, oh >= 16384 || ow >= 16384 || ih >= 16384 || iw >= 16384, "max(OH,OW,IH,IW) >= 16384"))
        return false;
    nnx_attrs a = {.tosa_resize = {.mode = k->a->mode == NNX_TOSA_MODE_BILINEAR ? NNX_TOSA_RESIZE_BILINEAR
                                                                                : NNX_TOSA_RESIZE_NEAREST,
                                   .scale = {(int32_t)yn, (int32_t)yd, (int32_t)xn, (int32_t)xd},
                                   .offset = {(int32_t)off[0], (int32_t)off[1]},
                                   .border = {(int32_t)bd[0], (int32_t)bd[1]}}};
    if (k->a->mode > NNX_TOSA_MODE_BILINEAR)
        return nnx_tosa_fail(k, NNX_ERROR_INVALID_ARGUMENT, "mode %d is not a resize_mode_t", (int)k->a->mode);
    const nnx_operand *in[1] = {k->in[0]};
    return put(k, nnx_tosa_node(k, NNX_OP_TOSA_RESIZE, in, 1, &a));
}

bool nnx_tosa_nn(nnx_tosa_call *k)
{
    switch (k->op) {
    case NNX_TOSA_ARGMAX: return argmax(k);
    case NNX_TOSA_AVG_POOL2D: return avg_pool(k);
    case NNX_TOSA_MAX_POOL2D: return max_pool(k);
    case NNX_TOSA_CONV2D:
    case NNX_TOSA_CONV3D:
    case NNX_TOSA_DEPTHWISE_CONV2D:
    case NNX_TOSA_TRANSPOSE_CONV2D: return conv(k);
    case NNX_TOSA_MATMUL: return matmul(k);
    case NNX_TOSA_FFT2D:
    case NNX_TOSA_RFFT2D: return fft(k);
    case NNX_TOSA_RESIZE: return resize(k);
    case NNX_TOSA_REDUCE_ALL: return reduce(k, NNX_OP_REDUCE_ALL);
    case NNX_TOSA_REDUCE_ANY: return reduce(k, NNX_OP_REDUCE_ANY);
    case NNX_TOSA_REDUCE_MAX: return reduce(k, NNX_OP_REDUCE_MAX);
    case NNX_TOSA_REDUCE_MIN: return reduce(k, NNX_OP_REDUCE_MIN);
    case NNX_TOSA_REDUCE_PRODUCT: return reduce(k, NNX_OP_REDUCE_PRODUCT);
    case NNX_TOSA_REDUCE_SUM: return reduce(k, NNX_OP_REDUCE_SUM);
    default: return nnx_tosa_fail(k, NNX_ERROR_INVALID_ARGUMENT, "not a tensor operator");
    }
}
