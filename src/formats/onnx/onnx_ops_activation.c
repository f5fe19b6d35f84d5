/* onnx_ops_activation.c — ONNX activations that core IR has no single operation for,
 * composed in the input's type from core element-wise operations, as each operator's
 * function body in ONNX Operators.md defines them: Gelu (approximate "none" is core gelu,
 * "tanh" the tanh form), Swish (x * sigmoid(alpha * x)), SwiGLU (Swish(A) * B) and Mish
 * (x * tanh(softplus(x))). */
#include "formats/onnx/onnx_build.h"

/* Gelu (opset 20): approximate "none": 0.5 x (1 + erf(x / sqrt 2)), core gelu (WebNN gelu);
 * "tanh": 0.5 x (1 + tanh(sqrt(2 / pi) (x + 0.044715 x^3))). */
nnx_status nnx_onnx_op_gelu(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    (void)n_in;
    char buf[16];
    const char *approximate = ox_attr_s(n, "approximate", "none", buf, sizeof buf);
    if (strcmp(approximate, "none") == 0)
        return un(c, NNX_OP_GELU, in[0], &out[0]);
    if (strcmp(approximate, "tanh") != 0)
        return unsupported(c, "approximate '%s'", approximate);
    uint32_t x = in[0], x3, inner, t, one, y;
    CHECK(bin(c, NNX_OP_MUL, x, x, &x3));
    CHECK(bin(c, NNX_OP_MUL, x3, x, &x3));
    CHECK(bin_scalar(c, NNX_OP_MUL, x3, 0.044715, &x3));
    CHECK(bin(c, NNX_OP_ADD, x, x3, &inner));
    CHECK(bin_scalar(c, NNX_OP_MUL, inner, 0.79788456080286535588, &inner)); /* sqrt(2 / pi) */
    CHECK(un(c, NNX_OP_TANH, inner, &t));
    CHECK(scalar_like(c, x, 1.0, &one));
    CHECK(bin(c, NNX_OP_ADD, t, one, &t));
    CHECK(bin(c, NNX_OP_MUL, x, t, &y));
    return bin_scalar(c, NNX_OP_MUL, y, 0.5, &out[0]);
}

/* Swish (opset 24): x * sigmoid(alpha x), alpha default 1; SwiGLU (opset 28): Swish(A) * B,
 * A and B of one shape. */
nnx_status nnx_onnx_op_swish(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    uint32_t ax = in[0], s, y;
    float alpha = ox_attr_f(n, "alpha", 1.0f);
    bool glu = strcmp(n->op_type, "SwiGLU") == 0;
    if (glu) {
        nnx_operand_desc a = ox_desc(c, in[0]), b = n_in > 1 ? ox_desc(c, in[1]) : (nnx_operand_desc){0};
        if (n_in < 2 || a.rank != b.rank || memcmp(a.shape, b.shape, a.rank * sizeof *a.shape) != 0)
            return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "A and B must have one shape");
    }
    if (alpha != 1.0f)
        CHECK(bin_scalar(c, NNX_OP_MUL, in[0], alpha, &ax));
    CHECK(un(c, NNX_OP_SIGMOID, ax, &s));
    CHECK(bin(c, NNX_OP_MUL, in[0], s, glu ? &y : &out[0]));
    return glu ? bin(c, NNX_OP_MUL, y, in[1], &out[0]) : NNX_OK;
}

/* Mish (opset 18): x * tanh(softplus(x)), softplus(x) = ln(1 + e^x). */
nnx_status nnx_onnx_op_mish(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    (void)n;
    (void)n_in;
    uint32_t sp, t;
    CHECK(un(c, NNX_OP_SOFTPLUS, in[0], &sp));
    CHECK(un(c, NNX_OP_TANH, sp, &t));
    return bin(c, NNX_OP_MUL, in[0], t, &out[0]);
}
