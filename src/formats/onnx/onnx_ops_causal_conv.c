/* onnx_ops_causal_conv.c — ONNX Operators, CausalConvWithState (opset 27): a depthwise 1-D
 * convolution that sees only the present and past steps, carrying the last kernel_size - 1
 * input steps as a state between calls. Composed from core pad / concat, conv, slice and the
 * SiLU activation, as the operator's function body has it. */
#include "formats/onnx/onnx_build.h"

/* The kernel extent the mapping accepts, as for Conv's kernels (the ONNX decisions,
 * "tensor sizes"): the padded length L + K - 1 then cannot overflow. */
enum { CAUSAL_CONV_MAX_KERNEL = 65536 };

static nnx_status bad(ox *c, const char *what) { return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "%s", what); }

/* x * sigmoid(x), computed in float32 for float16 / bfloat16 inputs (the function body
 * casts the convolution to float for it) and in x's own type otherwise. */
static nnx_status silu(ox *c, uint32_t x, uint32_t *y)
{
    nnx_dtype dt = ox_desc(c, x).dtype, wide = dt == NNX_FLOAT64 ? NNX_FLOAT64 : NNX_FLOAT32;
    uint32_t xf, s, p;
    CHECK(cast(c, x, wide, &xf));
    CHECK(un(c, NNX_OP_SIGMOID, xf, &s));
    CHECK(bin(c, NNX_OP_MUL, xf, s, &p));
    return cast(c, p, dt, y);
}

/* The activation attribute: "none" (the default) or "silu" / "swish" (one function). */
static nnx_status activation_of(ox *c, const Onnx__NodeProto *n, bool *use_silu)
{
    char buf[32];
    const char *act = ox_attr_s(n, "activation", "none", buf, sizeof buf);
    *use_silu = strcmp(act, "silu") == 0 || strcmp(act, "swish") == 0;
    if (*use_silu || strcmp(act, "none") == 0)
        return NNX_OK;
    return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "activation '%s' (none, silu or swish)", act);
}

/* CausalConvWithState (opset 27): input [N, C, L], weight [C, 1, K] (one filter per channel,
 * group = C), optional bias [C] and past_state [N, C, K - 1] (absent: zeros). The padded
 * input past_state ++ input is convolved without further padding (output [N, C, L], then
 * the activation), and present_state is its last K - 1 steps. */
nnx_status nnx_onnx_op_causal_conv_with_state(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in,
                                              uint32_t *out)
{
    if (n_in < 2 || in[1] == NNX_NONE)
        return bad(c, "takes input and weight");
    nnx_operand_desc x = ox_desc(c, in[0]), w = ox_desc(c, in[1]);
    if (x.rank != 3 || !nnx_dtype_is_float(x.dtype))
        return bad(c, "input must be a 3-D float tensor [batch, channels, length]");
    uint32_t batch = x.shape[0], channels = x.shape[1], length = x.shape[2];
    if (w.rank != 3 || w.dtype != x.dtype || w.shape[0] != channels || w.shape[1] != 1)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "weight must be [%u, 1, kernel_size] of the input's type",
                       channels);
    uint32_t kernel = w.shape[2];
    if (kernel > CAUSAL_CONV_MAX_KERNEL)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "kernel_size %u (at most %d)", kernel, CAUSAL_CONV_MAX_KERNEL);
    bool use_silu;
    CHECK(activation_of(c, n, &use_silu));
    uint32_t bias = in_or_none(in, n_in, 2), past = in_or_none(in, n_in, 3), padded = in[0];
    if (bias != NNX_NONE) {
        nnx_operand_desc b = ox_desc(c, bias);
        if (b.rank != 1 || b.shape[0] != channels || b.dtype != x.dtype)
            return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "bias must be [%u] of the input's type", channels);
    }
    bool wants_present = n->n_output > 1 && n->output[1] && n->output[1][0]; /* kernel 1: empty */
    if (past != NNX_NONE) {
        nnx_operand_desc p = ox_desc(c, past);
        if (p.rank != 3 || p.dtype != x.dtype || p.shape[0] != batch || p.shape[1] != channels ||
            p.shape[2] != kernel - 1)
            return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "past_state must be [%u, %u, %u] of the input's type", batch,
                           channels, kernel - 1);
        uint32_t parts[2] = {past, in[0]};
        nnx_attrs ca = {.axis = {2}};
        CHECK(ox_node(c, NNX_OP_CONCAT, parts, 2, &ca, 1, &padded));
    } else if (kernel > 1) {
        nnx_attrs pa = {.pad = {.mode = NNX_PAD_CONSTANT}};
        pa.pad.begin[2] = (int32_t)(kernel - 1);
        CHECK(ox_node(c, NNX_OP_PAD, &padded, 1, &pa, 1, &padded));
    }
    nnx_attrs ca = {.conv = {.groups = channels, .input_layout = NNX_LAYOUT_NCHW, .filter_layout = NNX_FILTER_OIHW}};
    ca.conv.strides[0] = ca.conv.dilations[0] = 1;
    uint32_t conv_in[3] = {padded, in[1], bias}, y;
    CHECK(ox_node(c, NNX_OP_CONV, conv_in, bias == NNX_NONE ? 2 : 3, &ca, 1, &y));
    if (use_silu)
        CHECK(silu(c, y, &y));
    out[0] = y;
    if (!wants_present)
        return NNX_OK;
    /* the padded input's last K - 1 of its L + K - 1 steps (an extent the pad / concat above
     * has already checked) */
    nnx_attrs sa = {.slice = {.starts = {0, 0, length}, .sizes = {batch, channels, kernel - 1}, .strides = {1, 1, 1}}};
    return ox_node(c, NNX_OP_SLICE, &padded, 1, &sa, 1, &out[1]);
}
