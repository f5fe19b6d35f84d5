/* onnx_ops_ml.c — the small ai.onnx.ml operators (ONNX-ML Operators, Binarizer and
 * ArrayFeatureExtractor) as core-op compositions. Their ai.onnx.ml opset is 1; TreeEnsemble
 * has a file of its own (onnx_ops_tree_ensemble.c). */
#include "formats/onnx/onnx_build.h"

/* Binarizer: y = x > threshold ? 1 : 0 in x's type (ONNX-ML Operators, Binarizer; NaN is not
 * greater, so 0). */
nnx_status nnx_onnx_op_binarizer(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    uint32_t x = in[0], w[3];
    CHECK(bin_scalar(c, NNX_OP_GREATER, x, ox_attr_f(n, "threshold", 0.0f), &w[0]));
    CHECK(scalar_like(c, x, 1, &w[1]));
    CHECK(scalar_like(c, x, 0, &w[2]));
    return ox_node(c, NNX_OP_WHERE, w, 3, NULL, 1, &out[0]);
}

/* ArrayFeatureExtractor: z = x[..., y] — the last axis of x gathered at the indices y
 * (flattened); z is [..., len(y)], and [1, len(y)] for a 1-D x (ONNX-ML Operators,
 * ArrayFeatureExtractor). Known indices are range-checked; run-time ones are clamped as the
 * core gather does. */
nnx_status nnx_onnx_op_array_feature_extractor(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in,
                                               uint32_t *out)
{
    if (n_in < 2 || in[1] == NNX_NONE)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "the indices Y are required");
    uint32_t x = in[0], y = in[1];
    nnx_operand_desc xd = ox_desc(c, x), yd = ox_desc(c, y);
    uint64_t k;
    nnx_desc_elements(&yd, &k);
    if (xd.rank == 0)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "X must have at least one axis");
    if (k == 0 || k > UINT32_MAX)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "%llu indices are not supported", (unsigned long long)k);
    if (ox_known(c, y) && k <= 4096) {
        int64_t v[4096];
        uint32_t m;
        CHECK(ox_ints(c, y, "Y", v, 4096, &m));
        for (uint32_t i = 0; i < m; i++)
            if (v[i] < 0 || v[i] >= xd.shape[xd.rank - 1])
                return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "index Y[%u] = %lld is out of range [0, %u)", i,
                               (long long)v[i], xd.shape[xd.rank - 1]);
    }
    uint32_t flat[1] = {(uint32_t)k}, g;
    CHECK(reshape(c, y, 1, flat, &y));
    nnx_attrs a = {.axis = {xd.rank - 1}};
    uint32_t gi[2] = {x, y};
    CHECK(ox_node(c, NNX_OP_GATHER, gi, 2, &a, 1, &g));
    if (xd.rank == 1) {
        uint32_t s[2] = {1, (uint32_t)k};
        return reshape(c, g, 2, s, &out[0]);
    }
    out[0] = g;
    return NNX_OK;
}
