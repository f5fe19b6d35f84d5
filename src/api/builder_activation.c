/* builder_activation.c — WebNN activations (elu, gelu, hardSigmoid, hardSwish, leakyRelu,
 * linear, prelu, softplus, softsign): data-type checks (the operation's allowed data types: its
 * operand constraints in the WebNN spec), option defaults, alpha/beta cast to the input's type
 * (WebNN's *cast* algorithm), then one dedicated core op each (computed in double, rounded once:
 * WebNN decision "WebNN activations"). */
#include "api/builder.h"

#define LABEL(o) ((o) ? (o)->label : NULL)

/* The op prologue and the float check shared by every activation but prelu. */
static bool begin_float(nnx_op_call *c, nnx_builder *b, const char *name, const char *label, nnx_operand *x)
{
    return nnx_call_begin(c, b, name, label) && nnx_call_operand(c, x, "input") &&
        nnx_call_dtype(c, x, "input", NNX_SET_FLOAT);
}

/* An absent option takes its WebNN default; the value is cast to the input's type. */
static double option(nnx_number n, double fallback, nnx_dtype dt)
{
    if (n.kind == NNX_NUMBER_ABSENT)
        n = nnx_f64(fallback);
    return nnx_number_cast(n, dt).f;
}

static nnx_operand *activation(nnx_builder *b, nnx_op op, const char *name, nnx_operand *x, const char *label,
                               double alpha, double beta, const nnx_number *given_alpha, const nnx_number *given_beta)
{
    nnx_op_call c;
    if (!begin_float(&c, b, name, label, x))
        return b ? &b->poison : NULL;
    nnx_attrs attrs = {.activation = {alpha, beta}};
    if (given_alpha)
        attrs.activation.alpha = option(*given_alpha, alpha, x->desc.dtype);
    if (given_beta)
        attrs.activation.beta = option(*given_beta, beta, x->desc.dtype);
    const nnx_operand *in[1] = {x};
    return nnx_call_node(&c, op, in, 1, &attrs, 1, NULL);
}

nnx_operand *nnx_builder_elu(nnx_builder *b, nnx_operand *x, const nnx_elu_options *o)
{
    nnx_elu_options opts = o ? *o : (nnx_elu_options){0};
    return activation(b, NNX_OP_ELU, "elu", x, opts.label, 1.0, 0.0, &opts.alpha, NULL);
}

nnx_operand *nnx_builder_gelu(nnx_builder *b, nnx_operand *x, const nnx_operator_options *o)
{
    return activation(b, NNX_OP_GELU, "gelu", x, LABEL(o), 0.0, 0.0, NULL, NULL);
}

nnx_operand *nnx_builder_hard_sigmoid(nnx_builder *b, nnx_operand *x, const nnx_hard_sigmoid_options *o)
{
    nnx_hard_sigmoid_options opts = o ? *o : (nnx_hard_sigmoid_options){0};
    return activation(b, NNX_OP_HARD_SIGMOID, "hardSigmoid", x, opts.label, 0.2, 0.5, &opts.alpha, &opts.beta);
}

nnx_operand *nnx_builder_hard_swish(nnx_builder *b, nnx_operand *x, const nnx_operator_options *o)
{
    return activation(b, NNX_OP_HARD_SWISH, "hardSwish", x, LABEL(o), 0.0, 0.0, NULL, NULL);
}

nnx_operand *nnx_builder_leaky_relu(nnx_builder *b, nnx_operand *x, const nnx_leaky_relu_options *o)
{
    nnx_leaky_relu_options opts = o ? *o : (nnx_leaky_relu_options){0};
    return activation(b, NNX_OP_LEAKY_RELU, "leakyRelu", x, opts.label, 0.01, 0.0, &opts.alpha, NULL);
}

nnx_operand *nnx_builder_linear(nnx_builder *b, nnx_operand *x, const nnx_linear_options *o)
{
    nnx_linear_options opts = o ? *o : (nnx_linear_options){0};
    return activation(b, NNX_OP_LINEAR, "linear", x, opts.label, 1.0, 0.0, &opts.alpha, &opts.beta);
}

nnx_operand *nnx_builder_softplus(nnx_builder *b, nnx_operand *x, const nnx_operator_options *o)
{
    return activation(b, NNX_OP_SOFTPLUS, "softplus", x, LABEL(o), 0.0, 0.0, NULL, NULL);
}

nnx_operand *nnx_builder_softsign(nnx_builder *b, nnx_operand *x, const nnx_operator_options *o)
{
    return activation(b, NNX_OP_SOFTSIGN, "softsign", x, LABEL(o), 0.0, 0.0, NULL, NULL);
}

/* prelu: input and slope of one type among WebNN's "float32, float16, int64, int32, int8"
 * (widened: every float and signed integer type); shapes broadcast bidirectionally. */
nnx_operand *nnx_builder_prelu(nnx_builder *b, nnx_operand *x, nnx_operand *slope, const nnx_operator_options *o)
{
    nnx_op_call c;
    if (!nnx_call_begin(&c, b, "prelu", LABEL(o)))
        return b ? &b->poison : NULL;
    if (!nnx_call_operand(&c, x, "input") || !nnx_call_operand(&c, slope, "slope") ||
        !nnx_call_dtype(&c, x, "input", NNX_SET_SIGNED))
        return &b->poison;
    if (slope->desc.dtype != x->desc.dtype)
        return nnx_call_fail(&c, NNX_ERROR_INVALID_ARGUMENT, "slope type %s differs from input type %s",
                             nnx_dtype_name(slope->desc.dtype), nnx_dtype_name(x->desc.dtype));
    const nnx_operand *in[2] = {x, slope};
    return nnx_call_node(&c, NNX_OP_PRELU, in, 2, NULL, 1, NULL);
}
