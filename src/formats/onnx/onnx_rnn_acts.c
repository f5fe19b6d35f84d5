/* onnx_rnn_acts.c — the activation functions of ONNX RNN, GRU and LSTM (ONNX Operators, RNN,
 * "Activation functions"): the `activations` list or the operator's defaults, the binding of
 * activation_alpha / activation_beta to the functions that take them, and one function
 * applied after clip, in core IR. */
#include "formats/onnx/onnx_build.h"

#include <stdio.h>

/* The spec's list. Defaults of alpha / beta are those of the like-named ONNX operators
 * (LeakyRelu 0.01, ThresholdedRelu 1, Elu 1, HardSigmoid 0.2 / 0.5); Affine is 1·x + 0 and
 * ScaledTanh 1·tanh(1·x) when not given. */
static const struct {
    const char *name;
    nnx_op op;
    ox_act_form form;
    bool takes_alpha, takes_beta;
    double alpha, beta;
} kActs[] = {
    {"Relu", NNX_OP_RELU, OX_ACT_CORE, false, false, 0, 0},
    {"Tanh", NNX_OP_TANH, OX_ACT_CORE, false, false, 0, 0},
    {"Sigmoid", NNX_OP_SIGMOID, OX_ACT_CORE, false, false, 0, 0},
    {"Affine", NNX_OP_LINEAR, OX_ACT_CORE, true, true, 1, 0},
    {"LeakyRelu", NNX_OP_LEAKY_RELU, OX_ACT_CORE, true, false, 0.01, 0},
    {"ThresholdedRelu", NNX_OP_WHERE, OX_ACT_THRESHOLDED_RELU, true, false, 1, 0},
    {"ScaledTanh", NNX_OP_TANH, OX_ACT_SCALED_TANH, true, true, 1, 1},
    {"HardSigmoid", NNX_OP_HARD_SIGMOID, OX_ACT_CORE, true, true, 0.2, 0.5},
    {"Elu", NNX_OP_ELU, OX_ACT_CORE, true, false, 1, 0},
    {"Softsign", NNX_OP_SOFTSIGN, OX_ACT_CORE, false, false, 0, 0},
    {"Softplus", NNX_OP_SOFTPLUS, OX_ACT_CORE, false, false, 0, 0},
};

/* activation_alpha / activation_beta are "consumed in the order of activation functions":
 * each value goes to the next function of the list that takes that parameter (as
 * onnxruntime reads them). A bidirectional node may list one direction's functions, which
 * then serve both. */
nnx_status nnx_onnx_rnn_acts(ox *c, const Onnx__NodeProto *n, uint32_t per, uint32_t dirs, const char *const *defaults,
                             ox_act *out)
{
    const Onnx__AttributeProto *names = ox_attr(n, "activations");
    const Onnx__AttributeProto *al = ox_attr(n, "activation_alpha"), *be = ox_attr(n, "activation_beta");
    uint32_t count = per * dirs;
    if (names && names->n_strings != count && !(dirs == 2 && names->n_strings == per))
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "activations has %zu names, %u expected", names->n_strings,
                       count);
    size_t ai = 0, bi = 0;
    for (uint32_t i = 0; i < count; i++) {
        char nm[32];
        if (names) {
            const ProtobufCBinaryData *s = &names->strings[i % names->n_strings];
            snprintf(nm, sizeof nm, "%.*s", (int)(s->len < 31 ? s->len : 31), (const char *)s->data);
        } else
            snprintf(nm, sizeof nm, "%s", defaults[i % per]);
        size_t k = 0;
        while (k < sizeof kActs / sizeof kActs[0] && strcmp(kActs[k].name, nm) != 0)
            k++;
        if (k == sizeof kActs / sizeof kActs[0])
            return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "activation '%s' is not supported", nm);
        ox_act a = {kActs[k].op, kActs[k].form, kActs[k].alpha, kActs[k].beta};
        if (kActs[k].takes_alpha && al && ai < al->n_floats)
            a.alpha = al->floats[ai++];
        if (kActs[k].takes_beta && be && bi < be->n_floats)
            a.beta = be->floats[bi++];
        out[i] = a;
    }
    return NNX_OK;
}

nnx_status nnx_onnx_rnn_act_apply(ox *c, const ox_act *a, uint32_t x, double clip, uint32_t *y)
{
    if (clip > 0) {
        nnx_attrs cl = {.clamp = {.lo = {.f = -clip}, .hi = {.f = clip}}};
        CHECK(ox_node(c, NNX_OP_CLAMP, &x, 1, &cl, 1, &x));
    }
    uint32_t s, w[3];
    switch (a->form) {
    case OX_ACT_SCALED_TANH: /* alpha * tanh(beta * x) */
        CHECK(scalar_like(c, x, a->beta, &s));
        CHECK(bin(c, NNX_OP_MUL, x, s, &x));
        CHECK(un(c, NNX_OP_TANH, x, &x));
        CHECK(scalar_like(c, x, a->alpha, &s));
        return bin(c, NNX_OP_MUL, x, s, y);
    case OX_ACT_THRESHOLDED_RELU: /* x >= alpha ? x : 0, as the RNN operators list it */
        CHECK(scalar_like(c, x, a->alpha, &s));
        CHECK(bin(c, NNX_OP_GREATER_EQUAL, x, s, &w[0]));
        w[1] = x;
        CHECK(scalar_like(c, x, 0, &w[2]));
        return ox_node(c, NNX_OP_WHERE, w, 3, NULL, 1, y);
    case OX_ACT_CORE: break;
    }
    nnx_attrs at = {.activation = {.alpha = a->alpha, .beta = a->beta}};
    return ox_node(c, a->op, &x, 1, &at, 1, y);
}
