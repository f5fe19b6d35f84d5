/* onnx_write_tosa.c — the ONNX writer's rows for the float forms of the core ops that carry
 * TOSA 1.0's operators (src/ops/tosa.h), so that a .tosa model converts to ONNX: MUL, NEGATE,
 * MATMUL as they are; CONV2D, DEPTHWISE_CONV2D and AVG_POOL2D, which are NHWC with OHWI / HWCM
 * filters, between Transposes to and from ONNX's NCHW. Zero points must be absent or zero;
 * the integer forms (their zero points, shifts and accumulators) have no ONNX operator. */
#include "formats/onnx/onnx_write.h"
#include "ir/dtypes.h"

#include <stdio.h>
#include <string.h>

typedef nnx_onnx_writer W_t;

static const nnx_operand_desc *desc_of(W_t *W, uint32_t v) { return &W->ir->values[v].desc; }

/* A fresh name for a value between the ONNX nodes that one core node becomes. */
static const char *tmp(W_t *W, const nnx_node *n, const char *what)
{
    char hint[160];
    snprintf(hint, sizeof hint, "%.120s_%s", n->label[0] ? n->label : "t", what);
    return nnx_onnx_w_fresh(W, hint);
}

/* The float form (ir/graph.h), else refused with the reason. */
static bool float_form(W_t *W, const nnx_node *n, uint32_t first_zp)
{
    const char *why = nnx_ir_tosa_float_form(W->ir, n, first_zp);
    return why ? nnx_onnx_w_refuse(W, "%s has no ONNX operator", why) : true;
}

/* tosa_mul, tosa_negate, tosa_matmul: float operands with no shift or zero points are Mul,
 * Neg and MatMul (TOSA MATMUL is [N, H, C] x [N, C, W], a batched MatMul). */
bool nnx_onnx_w_tosa_plain(W_t *W, const nnx_node *n, const char *op_type)
{
    uint32_t operands = n->op == NNX_OP_TOSA_NEGATE ? 1 : 2;
    if (!float_form(W, n, operands))
        return false;
    const char *in[2] = {nnx_onnx_w_in(W, n->in[0]), operands > 1 ? nnx_onnx_w_in(W, n->in[1]) : ""};
    const char *out = nnx_onnx_w_out(W, n->out[0]);
    return in[0] && in[1] && out && nnx_onnx_w_node(W, op_type, in, operands, &out, 1);
}

/* ONNX pads [begin..., end...] from TOSA's [top, bottom, left, right]. */
static bool pads(W_t *W, Onnx__NodeProto *o, const int32_t *p)
{
    int64_t v[4] = {p[0], p[2], p[1], p[3]};
    return nnx_onnx_w_attr_ints(W, o, "pads", v, 4);
}

/* tosa_conv2d, tosa_depthwise_conv2d (float): Transpose(x) to NCHW, Conv with the filter
 * made OIHW (OHWI: a Transpose; HWCM: Transpose to CMHW and Reshape to [C*M, 1, KH, KW],
 * group C, whose output channel c*M + m is TOSA's), Transpose back, then the bias added
 * over the channel axis (TOSA's bias has 1 or OC elements; ONNX's B only OC). */
bool nnx_onnx_w_tosa_conv(W_t *W, const nnx_node *n, const char *op_type)
{
    (void)op_type;
    const nnx_attr_tosa_conv *a = &n->attrs.tosa_conv;
    if (!float_form(W, n, 3))
        return false;
    const nnx_operand_desc *w = desc_of(W, n->in[1]);
    bool depthwise = n->op == NNX_OP_TOSA_DEPTHWISE_CONV2D;
    const char *x = nnx_onnx_w_in(W, n->in[0]), *f = nnx_onnx_w_in(W, n->in[1]), *b = nnx_onnx_w_in(W, n->in[2]);
    const char *out = nnx_onnx_w_out(W, n->out[0]);
    if (!x || !f || !b || !out)
        return false;
    const char *xn = nnx_onnx_w_transpose(W, x, nnx_onnx_to_nchw, tmp(W, n, "nchw"));
    const char *fo = NULL;
    int64_t kernel[2], group = 1;
    if (!depthwise) {
        fo = nnx_onnx_w_transpose(W, f, nnx_onnx_to_nchw, tmp(W, n, "oihw"));
        kernel[0] = w->shape[1], kernel[1] = w->shape[2];
    } else {
        static const int64_t kToCmhw[4] = {2, 3, 0, 1};
        const char *cm = nnx_onnx_w_transpose(W, f, kToCmhw, tmp(W, n, "cmhw"));
        int64_t shape[4] = {(int64_t)w->shape[2] * w->shape[3], 1, w->shape[0], w->shape[1]};
        const char *in[2] = {cm, nnx_onnx_w_i64s(W, "shape", shape, 4)};
        fo = tmp(W, n, "oihw");
        if (!cm || !in[1] || !fo || !nnx_onnx_w_node(W, "Reshape", in, 2, &fo, 1))
            return false;
        kernel[0] = w->shape[0], kernel[1] = w->shape[1], group = w->shape[2];
    }
    const char *in[2] = {xn, fo}, *yn = tmp(W, n, "conv");
    if (!xn || !fo || !yn)
        return false;
    Onnx__NodeProto *c = nnx_onnx_w_node(W, "Conv", in, 2, &yn, 1);
    int64_t strides[2] = {a->stride[0], a->stride[1]}, dilations[2] = {a->dilation[0], a->dilation[1]};
    if (!c || !nnx_onnx_w_attr_ints(W, c, "kernel_shape", kernel, 2) ||
        !nnx_onnx_w_attr_ints(W, c, "strides", strides, 2) || !nnx_onnx_w_attr_ints(W, c, "dilations", dilations, 2) ||
        !pads(W, c, a->pad) || !nnx_onnx_w_attr_i(W, c, "group", group))
        return false;
    const char *y = nnx_onnx_w_transpose(W, yn, nnx_onnx_to_nhwc, tmp(W, n, "nhwc"));
    const char *add[2] = {y, b};
    return y && nnx_onnx_w_node(W, "Add", add, 2, &out, 1);
}

/* tosa_avg_pool2d (float): AveragePool between Transposes; TOSA counts only in-bounds taps,
 * which is count_include_pad 0. */
bool nnx_onnx_w_tosa_avg_pool(W_t *W, const nnx_node *n, const char *op_type)
{
    const nnx_attr_tosa_pool *a = &n->attrs.tosa_pool;
    if (!float_form(W, n, 1))
        return false;
    const char *x = nnx_onnx_w_in(W, n->in[0]), *out = nnx_onnx_w_out(W, n->out[0]);
    if (!x || !out)
        return false;
    const char *xn = nnx_onnx_w_transpose(W, x, nnx_onnx_to_nchw, tmp(W, n, "nchw")), *yn = tmp(W, n, "pool");
    if (!xn || !yn)
        return false;
    Onnx__NodeProto *p = nnx_onnx_w_node(W, op_type, &xn, 1, &yn, 1);
    int64_t kernel[2] = {a->kernel[0], a->kernel[1]}, strides[2] = {a->stride[0], a->stride[1]};
    int32_t pad[4] = {(int32_t)a->pad[0], (int32_t)a->pad[1], (int32_t)a->pad[2], (int32_t)a->pad[3]};
    if (!p || !nnx_onnx_w_attr_ints(W, p, "kernel_shape", kernel, 2) ||
        !nnx_onnx_w_attr_ints(W, p, "strides", strides, 2) || !pads(W, p, pad) ||
        !nnx_onnx_w_attr_i(W, p, "count_include_pad", 0))
        return false;
    return nnx_onnx_w_transpose(W, yn, nnx_onnx_to_nhwc, out) != NULL;
}
