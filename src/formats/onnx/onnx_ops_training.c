/* onnx_ops_training.c — the training optimizers of ai.onnx.preview.training (Adagrad, Adam,
 * Momentum) composed from core element-wise operations, one update per group of inputs; the
 * learning rate R and step T must be known at load time. */
#include "formats/onnx/onnx_build.h"

#include <math.h>
#include <stdio.h>

/* x * k for a double k, in x's type. */
static nnx_status mul_k(ox *c, uint32_t x, double k, uint32_t *y)
{
    uint32_t s;
    CHECK(scalar_like(c, x, k, &s));
    return bin(c, NNX_OP_MUL, x, s, y);
}

/* A known scalar (R, T) as a double. */
static nnx_status known_scalar(ox *c, uint32_t id, const char *what, double *v)
{
    uint32_t k;
    CHECK(ox_doubles(c, id, what, v, 1, &k));
    if (k != 1)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "%s must be a scalar", what);
    return NNX_OK;
}

/* ---------------------------------------------------------------- training optimizers */

/* Inputs R, T, then n groups of tensors (X..., G..., and one or two state groups). */
static nnx_status optimizer_groups(ox *c, const Onnx__NodeProto *n, uint32_t n_in, uint32_t groups, uint32_t *count)
{
    *count = 0;
    if (n_in < 2 || (n_in - 2) % groups || n->n_output != (size_t)(n_in - 2) / groups * (groups - 1))
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "inputs and outputs do not form %u groups", groups);
    *count = (n_in - 2) / groups;
    return NNX_OK;
}

nnx_status nnx_onnx_op_adagrad(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    uint32_t k;
    CHECK(optimizer_groups(c, n, n_in, 3, &k));
    double r, t, decay = ox_attr_f(n, "decay_factor", 0), eps = ox_attr_f(n, "epsilon", 1e-6f),
                 norm = ox_attr_f(n, "norm_coefficient", 0);
    CHECK(known_scalar(c, in[1], "T", &t));
    (void)r;
    for (uint32_t i = 0; i < k; i++) {
        uint32_t x = in[2 + i], g = in[2 + k + i], h = in[2 + 2 * k + i], greg, g2, hn, hs, e, rr, step, xn;
        CHECK(mul_k(c, x, norm, &greg));
        CHECK(bin(c, NNX_OP_ADD, greg, g, &greg));
        CHECK(bin(c, NNX_OP_MUL, greg, greg, &g2));
        CHECK(bin(c, NNX_OP_ADD, h, g2, &hn));
        CHECK(un(c, NNX_OP_SQRT, hn, &hs));
        CHECK(scalar_like(c, hs, eps, &e));
        CHECK(bin(c, NNX_OP_ADD, hs, e, &hs));
        CHECK(cast(c, in[0], ox_desc(c, x).dtype, &rr));
        CHECK(mul_k(c, rr, 1 / (1 + t * decay), &rr));
        CHECK(bin(c, NNX_OP_DIV, greg, hs, &step));
        CHECK(bin(c, NNX_OP_MUL, rr, step, &step));
        CHECK(bin(c, NNX_OP_SUB, x, step, &xn));
        out[i] = xn;
        out[k + i] = hn;
    }
    return NNX_OK;
}

nnx_status nnx_onnx_op_momentum(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    uint32_t k;
    CHECK(optimizer_groups(c, n, n_in, 3, &k));
    double t, alpha = ox_attr_f(n, "alpha", 0), beta = ox_attr_f(n, "beta", 0),
              norm = ox_attr_f(n, "norm_coefficient", 0);
    char buf[16];
    bool nesterov = strcmp(ox_attr_s(n, "mode", "standard", buf, sizeof buf), "nesterov") == 0;
    CHECK(known_scalar(c, in[1], "T", &t));
    double beta_adj = t > 0 ? beta : 1;
    for (uint32_t i = 0; i < k; i++) {
        uint32_t x = in[2 + i], g = in[2 + k + i], v = in[2 + 2 * k + i], greg, av, vn, rr, step, xn;
        CHECK(mul_k(c, x, norm, &greg));
        CHECK(bin(c, NNX_OP_ADD, greg, g, &greg));
        CHECK(mul_k(c, v, alpha, &av));
        CHECK(mul_k(c, greg, beta_adj, &vn));
        CHECK(bin(c, NNX_OP_ADD, av, vn, &vn));
        CHECK(cast(c, in[0], ox_desc(c, x).dtype, &rr));
        if (nesterov) {
            CHECK(mul_k(c, vn, alpha, &step));
            CHECK(bin(c, NNX_OP_ADD, greg, step, &step));
        } else
            step = vn;
        CHECK(bin(c, NNX_OP_MUL, rr, step, &step));
        CHECK(bin(c, NNX_OP_SUB, x, step, &xn));
        out[i] = xn;
        out[k + i] = vn;
    }
    return NNX_OK;
}

nnx_status nnx_onnx_op_adam(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    uint32_t k;
    CHECK(optimizer_groups(c, n, n_in, 4, &k));
    double t, alpha = ox_attr_f(n, "alpha", 0.9f), beta = ox_attr_f(n, "beta", 0.999f),
              eps = ox_attr_f(n, "epsilon", 1e-6f), norm = ox_attr_f(n, "norm_coefficient", 0),
              post = ox_attr_f(n, "norm_coefficient_post", 0);
    CHECK(known_scalar(c, in[1], "T", &t));
    double radj = t > 0 ? sqrt(1 - pow(beta, t)) / (1 - pow(alpha, t)) : 1;
    for (uint32_t i = 0; i < k; i++) {
        uint32_t x = in[2 + i], g = in[2 + k + i], v = in[2 + 2 * k + i], h = in[2 + 3 * k + i];
        uint32_t greg, vn, hn, tmp, hs, e, rr, step, xn;
        CHECK(mul_k(c, x, norm, &greg));
        CHECK(bin(c, NNX_OP_ADD, greg, g, &greg));
        CHECK(mul_k(c, v, alpha, &vn));
        CHECK(mul_k(c, greg, 1 - alpha, &tmp));
        CHECK(bin(c, NNX_OP_ADD, vn, tmp, &vn));
        CHECK(mul_k(c, h, beta, &hn));
        CHECK(bin(c, NNX_OP_MUL, greg, greg, &tmp));
        CHECK(mul_k(c, tmp, 1 - beta, &tmp));
        CHECK(bin(c, NNX_OP_ADD, hn, tmp, &hn));
        CHECK(un(c, NNX_OP_SQRT, hn, &hs));
        CHECK(scalar_like(c, hs, eps, &e));
        CHECK(bin(c, NNX_OP_ADD, hs, e, &hs));
        CHECK(cast(c, in[0], ox_desc(c, x).dtype, &rr));
        CHECK(mul_k(c, rr, radj, &rr));
        CHECK(bin(c, NNX_OP_DIV, vn, hs, &step));
        CHECK(bin(c, NNX_OP_MUL, rr, step, &step));
        CHECK(bin(c, NNX_OP_SUB, x, step, &xn));
        if (post != 0)
            CHECK(mul_k(c, xn, 1 - post, &xn));
        out[i] = xn;
        out[k + i] = vn;
        out[2 * k + i] = hn;
    }
    return NNX_OK;
}
