/* save_ops_tosa.c — the NNVM writer's forms of the float core ops that carry TOSA 1.0's
 * operators (src/ops/tosa.h), so that a .tosa model converts to NNVM JSON: MUL and NEGATE as
 * broadcast_mul and negative; MATMUL ([N, H, C] x [N, C, W]) as batch_matmul, which takes its
 * right operand as [N, W, C]; CONV2D and DEPTHWISE_CONV2D (NHWC input, OHWI / HWCM filter)
 * as an NCHW conv2d between transposes; AVG_POOL2D as avg_pool2d in NHWC. Zero points must be
 * absent or zero: the integer forms (zero points, shifts, accumulators) have no NNVM form. */
#include "formats/nnvm/save.h"
#include "ir/dtypes.h"

static const nnx_operand_desc *desc_of(const nnvm_writer *W, uint32_t v) { return &W->ir->values[v].desc; }

static nnx_status float_form(nnvm_writer *W, const nnx_node *n, uint32_t first_zp)
{
    const char *why = nnx_ir_tosa_float_form(W->ir, n, first_zp);
    return why ? nnvm_w_unsupported(W, "%s", why) : NNX_OK;
}

/* transpose(e) by the rank-4 axes; d is e's descriptor afterwards. */
static nnx_status transpose4(nnvm_writer *W, const nnx_node *n, nnvm_wentry *e, const uint32_t *axes, uint32_t value)
{
    nnx_operand_desc d = e->d;
    for (uint32_t k = 0; k < 4; k++)
        d.shape[k] = e->d.shape[axes[k]];
    nnx_status st = nnvm_w_step(W, n, "transpose", e, &d, value);
    return st == NNX_OK ? nnvm_w_list_u32(W, e->node, "axes", axes, 4) : st;
}

static const uint32_t kToNchw[4] = {0, 3, 1, 2}, kToNhwc[4] = {0, 2, 3, 1};

/* tosa_conv2d / tosa_depthwise_conv2d: transpose(x) to NCHW; the filter made OIHW (OHWI:
 * transposed; HWCM: transposed to [C, M, KH, KW] and reshaped to [C·M, 1, KH, KW], groups C,
 * whose output channel c·M + m is TOSA's); conv2d; transposed back; the bias (1 or OC
 * elements) added over the channel axis. */
static nnx_status write_conv(nnvm_writer *W, const nnx_node *n)
{
    const nnx_attr_tosa_conv *a = &n->attrs.tosa_conv;
    const nnx_operand_desc *w = desc_of(W, n->in[1]), *o = desc_of(W, n->out[0]);
    bool depthwise = n->op == NNX_OP_TOSA_DEPTHWISE_CONV2D;
    nnvm_wentry ex = {n->in[0], NNX_NONE, *desc_of(W, n->in[0])}, ew = {n->in[1], NNX_NONE, *w};
    nnx_status st = float_form(W, n, 3);
    if (st == NNX_OK)
        st = transpose4(W, n, &ex, kToNchw, NNX_NONE);
    uint32_t kh = depthwise ? w->shape[0] : w->shape[1], kw = depthwise ? w->shape[1] : w->shape[2];
    uint32_t groups = depthwise ? w->shape[2] : 1;
    if (st == NNX_OK && !depthwise)
        st = transpose4(W, n, &ew, kToNchw, NNX_NONE);
    if (st == NNX_OK && depthwise) {
        static const uint32_t kToCmhw[4] = {2, 3, 0, 1};
        nnx_operand_desc oihw = {w->dtype, 4, {w->shape[2] * w->shape[3], 1, kh, kw}};
        st = transpose4(W, n, &ew, kToCmhw, NNX_NONE);
        if (st == NNX_OK)
            st = nnvm_w_step(W, n, "reshape", &ew, &oihw, NNX_NONE);
        if (st == NNX_OK)
            st = nnvm_w_list_u32(W, ew.node, "shape", oihw.shape, 4);
    }
    nnx_operand_desc y = {o->dtype, 4, {o->shape[0], o->shape[3], o->shape[1], o->shape[2]}};
    if (st == NNX_OK)
        st = nnvm_w_binary(W, n, "conv2d", &ex, &ew, &y, NNX_NONE);
    int64_t pads[4] = {a->pad[0], a->pad[1], a->pad[2], a->pad[3]};
    uint32_t node = ex.node;
    if (st == NNX_OK)
        st = nnvm_w_padding(W, node, pads);
    if (st == NNX_OK)
        st = nnvm_w_attr(W, node, "channels", "%u", o->shape[3]);
    if (st == NNX_OK)
        st = nnvm_w_list_u32(W, node, "kernel_size", (const uint32_t[]){kh, kw}, 2);
    if (st == NNX_OK)
        st = nnvm_w_list_u32(W, node, "strides", a->stride, 2);
    if (st == NNX_OK)
        st = nnvm_w_list_u32(W, node, "dilation", a->dilation, 2);
    if (st == NNX_OK)
        st = nnvm_w_attr(W, node, "groups", "%u", groups);
    if (st == NNX_OK)
        st = nnvm_w_attr(W, node, "use_bias", "False");
    if (st == NNX_OK)
        st = transpose4(W, n, &ex, kToNhwc, NNX_NONE);
    nnvm_wentry eb = {n->in[2], NNX_NONE, *desc_of(W, n->in[2])};
    return st == NNX_OK ? nnvm_w_binary(W, n, "broadcast_add", &ex, &eb, o, n->out[0]) : st;
}

/* tosa_avg_pool2d: avg_pool2d in NHWC; TOSA counts only in-bounds taps (count_include_pad
 * False). */
static nnx_status write_avg_pool(nnvm_writer *W, const nnx_node *n)
{
    const nnx_attr_tosa_pool *p = &n->attrs.tosa_pool;
    nnvm_wentry e = {n->in[0], NNX_NONE, *desc_of(W, n->in[0])};
    nnx_status st = float_form(W, n, 1);
    if (st == NNX_OK)
        st = nnvm_w_step(W, n, "avg_pool2d", &e, desc_of(W, n->out[0]), n->out[0]);
    int64_t pads[4] = {p->pad[0], p->pad[1], p->pad[2], p->pad[3]};
    if (st == NNX_OK)
        st = nnvm_w_padding(W, e.node, pads);
    if (st == NNX_OK)
        st = nnvm_w_list_u32(W, e.node, "pool_size", p->kernel, 2);
    if (st == NNX_OK)
        st = nnvm_w_list_u32(W, e.node, "strides", p->stride, 2);
    if (st == NNX_OK)
        st = nnvm_w_attr(W, e.node, "layout", "NHWC");
    if (st == NNX_OK)
        st = nnvm_w_attr(W, e.node, "ceil_mode", "False");
    return st == NNX_OK ? nnvm_w_attr(W, e.node, "count_include_pad", "False") : st;
}

nnx_status nnvm_w_tosa_node(nnvm_writer *W, const nnx_node *n, bool *handled)
{
    *handled = true;
    const nnx_operand_desc *o = desc_of(W, n->out[0]);
    nnvm_wentry a = {n->in[0], NNX_NONE, *desc_of(W, n->in[0])};
    nnx_status st;
    switch (n->op) {
    case NNX_OP_TOSA_NEGATE:
        st = float_form(W, n, 1);
        return st == NNX_OK ? nnvm_w_step(W, n, "negative", &a, o, n->out[0]) : st;
    case NNX_OP_TOSA_MUL: {
        nnvm_wentry b = {n->in[1], NNX_NONE, *desc_of(W, n->in[1])};
        st = float_form(W, n, 2);
        return st == NNX_OK ? nnvm_w_binary(W, n, "broadcast_mul", &a, &b, o, n->out[0]) : st;
    }
    case NNX_OP_TOSA_MATMUL: { /* batch_matmul(x [N, H, C], y [N, W, C]) = x · yᵀ */
        const nnx_operand_desc *bd = desc_of(W, n->in[1]);
        nnvm_wentry b = {n->in[1], NNX_NONE, *bd};
        nnx_operand_desc bt = {bd->dtype, 3, {bd->shape[0], bd->shape[2], bd->shape[1]}};
        st = float_form(W, n, 2);
        if (st == NNX_OK)
            st = nnvm_w_step(W, n, "transpose", &b, &bt, NNX_NONE);
        if (st == NNX_OK)
            st = nnvm_w_list_u32(W, b.node, "axes", (const uint32_t[]){0, 2, 1}, 3);
        return st == NNX_OK ? nnvm_w_binary(W, n, "batch_matmul", &a, &b, o, n->out[0]) : st;
    }
    case NNX_OP_TOSA_CONV2D:
    case NNX_OP_TOSA_DEPTHWISE_CONV2D: return write_conv(W, n);
    case NNX_OP_TOSA_AVG_POOL2D: return write_avg_pool(W, n);
    default: *handled = false; return NNX_OK;
    }
}
