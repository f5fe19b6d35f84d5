/* onnx_ops_normalization.c — ONNX normalizations composed from core reductions and
 * element-wise operations, as each operator's function body in ONNX Operators.md defines
 * them: RMSNormalization and GroupNormalization (computed in stash_type, float32, then cast
 * back) and LpNormalization (x divided by its L1 or L2 norm along an axis). */
#include "formats/onnx/onnx_build.h"

/* The type a normalization computes in: stash_type 1 (float32, the default); an input of
 * another float type is cast to it and the result back. */
static nnx_status stash_type(ox *c, const Onnx__NodeProto *n, nnx_dtype *dt)
{
    int64_t stash = ox_attr_i(n, "stash_type", 1);
    if (stash != 1)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "stash_type %lld (only 1, float32)", (long long)stash);
    *dt = NNX_FLOAT32;
    return NNX_OK;
}

/* (x - mean) / sqrt(var + eps) over the axes of mask (x in its computing type), or with
 * center false x / sqrt(mean(x^2) + eps). */
static nnx_status normalize(ox *c, uint32_t x, uint32_t mask, double eps, bool center, uint32_t *y)
{
    uint32_t d = x, sq, ms, e, r;
    if (center) {
        uint32_t mean;
        CHECK(reduce(c, NNX_OP_REDUCE_MEAN, x, mask, true, &mean));
        CHECK(bin(c, NNX_OP_SUB, x, mean, &d));
    }
    CHECK(bin(c, NNX_OP_MUL, d, d, &sq));
    CHECK(reduce(c, NNX_OP_REDUCE_MEAN, sq, mask, true, &ms));
    CHECK(scalar_like(c, ms, eps, &e));
    CHECK(bin(c, NNX_OP_ADD, ms, e, &ms));
    CHECK(un(c, NNX_OP_SQRT, ms, &r));
    return bin(c, NNX_OP_DIV, d, r, y);
}

/* RMSNormalization (opset 23): X / sqrt(mean(X^2 over axes axis..rank-1) + epsilon), cast
 * back to X's type, times scale (broadcast). */
nnx_status nnx_onnx_op_rms_norm(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    if (n_in < 2)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "takes X and scale");
    nnx_operand_desc x = ox_desc(c, in[0]);
    uint32_t axis, mask = 0, xf, y;
    nnx_dtype dt;
    CHECK(stash_type(c, n, &dt));
    CHECK(axis_of(c, ox_attr_i(n, "axis", -1), x.rank, &axis));
    for (uint32_t i = axis; i < x.rank; i++)
        mask |= 1u << i;
    CHECK(cast(c, in[0], dt, &xf));
    CHECK(normalize(c, xf, mask, ox_attr_f(n, "epsilon", 1e-5f), false, &y));
    CHECK(cast(c, y, x.dtype, &y));
    return bin(c, NNX_OP_MUL, y, in[1], &out[0]);
}

/* GroupNormalization (opsets 18, 21): X [N, C, ...] in num_groups groups of C / G channels,
 * each normalized over its channels and spatial extent; scale and bias are per channel
 * ([C], opset 21) or per group ([G], opset 18). */
nnx_status nnx_onnx_op_group_norm(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    if (n_in < 3)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "takes X, scale and bias");
    nnx_operand_desc x = ox_desc(c, in[0]);
    int64_t groups = ox_attr_i(n, "num_groups", 0);
    if (x.rank < 2)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "X must have rank >= 2");
    if (groups <= 0 || x.shape[1] % groups != 0)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "num_groups %lld does not divide the %u channels",
                       (long long)groups, x.shape[1]);
    uint32_t g = (uint32_t)groups, channels = x.shape[1];
    uint64_t rest = 1;
    for (uint32_t i = 2; i < x.rank; i++)
        rest *= x.shape[i];
    bool per_group = c->opset < 21;
    /* [N, G, C/G * rest] for the statistics (and a per-group scale); [N, G, C/G, rest] for a
     * per-channel one. per bounds rest too (C/G >= 1). */
    uint64_t per = (uint64_t)(channels / g) * rest;
    if (per > UINT32_MAX)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "a group of %llu elements is too large", (unsigned long long)per);
    uint32_t grouped[3] = {x.shape[0], g, (uint32_t)per}, xg, xf, y;
    nnx_dtype dt;
    CHECK(stash_type(c, n, &dt));
    CHECK(reshape(c, in[0], 3, grouped, &xg));
    CHECK(cast(c, xg, dt, &xf));
    CHECK(normalize(c, xf, 1u << 2, ox_attr_f(n, "epsilon", 1e-5f), true, &y));
    CHECK(cast(c, y, x.dtype, &y));
    uint32_t scale = in[1], bias = in[2];
    uint32_t affine_rank = per_group ? 3 : 4;
    uint32_t affine[4] = {x.shape[0], g, per_group ? (uint32_t)per : channels / g, (uint32_t)rest};
    uint32_t param[4] = {1, g, per_group ? 1 : channels / g, 1};
    CHECK(reshape(c, y, affine_rank, affine, &y));
    CHECK(reshape(c, scale, affine_rank, param, &scale));
    CHECK(reshape(c, bias, affine_rank, param, &bias));
    CHECK(bin(c, NNX_OP_MUL, y, scale, &y));
    CHECK(bin(c, NNX_OP_ADD, y, bias, &y));
    return reshape(c, y, x.rank, x.shape, &out[0]);
}

/* LpNormalization (opsets 1, 22): x / ||x||_p along axis (p 1 or 2). A zero norm (x all 0
 * along the axis) divides by 1, so the output is 0 there, not NaN, as the suite's expected
 * values have it (test_l2normalization_axis_0). */
nnx_status nnx_onnx_op_lp_norm(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    (void)n_in;
    nnx_operand_desc x = ox_desc(c, in[0]);
    uint32_t axis, norm;
    int64_t p = ox_attr_i(n, "p", 2);
    if (p != 1 && p != 2)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "p is %lld (1 or 2)", (long long)p);
    CHECK(axis_of(c, ox_attr_i(n, "axis", -1), x.rank, &axis));
    CHECK(reduce(c, p == 1 ? NNX_OP_REDUCE_L1 : NNX_OP_REDUCE_L2, in[0], 1u << axis, true, &norm));
    uint32_t zero, one, is_zero, sel[3];
    CHECK(scalar_like(c, norm, 0.0, &zero));
    CHECK(scalar_like(c, norm, 1.0, &one));
    CHECK(bin(c, NNX_OP_EQUAL, norm, zero, &is_zero));
    sel[0] = is_zero, sel[1] = one, sel[2] = norm;
    CHECK(ox_node(c, NNX_OP_WHERE, sel, 3, NULL, 1, &norm));
    return bin(c, NNX_OP_DIV, in[0], norm, &out[0]);
}
