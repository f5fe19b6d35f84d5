/* onnx_ops_quantized.c — ONNX quantization composed from core operations:
 * DynamicQuantizeLinear and the integer and quantized products (ConvInteger, MatMulInteger,
 * QLinearConv, QLinearMatMul), computed exactly in float64. */
#include "formats/onnx/onnx_build.h"

#include <math.h>
#include <stdio.h>

/* ---------------------------------------------------------------- quantization */

/* DynamicQuantizeLinear: scale = (max(0, max x) - min(0, min x)) / 255, zero point
 * saturate(round(-min / scale)), y = saturate(round(x / scale) + zero point), uint8. */
nnx_status nnx_onnx_op_dynamic_quantize(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in,
                                        uint32_t *out)
{
    uint32_t x = in[0];
    nnx_operand_desc d = ox_desc(c, x);
    if (d.dtype != NNX_FLOAT32)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "input must be float32");
    uint32_t all = d.rank ? (uint32_t)((UINT64_C(1) << d.rank) - 1) : 0;
    uint32_t mn, mx, zero, range, scale, zp, zpf, y;
    CHECK(reduce(c, NNX_OP_REDUCE_MIN, x, all, false, &mn));
    CHECK(reduce(c, NNX_OP_REDUCE_MAX, x, all, false, &mx));
    CHECK(ox_scalar(c, NNX_FLOAT32, 0, &zero));
    CHECK(bin(c, NNX_OP_MIN, mn, zero, &mn));
    CHECK(bin(c, NNX_OP_MAX, mx, zero, &mx));
    CHECK(bin(c, NNX_OP_SUB, mx, mn, &range));
    CHECK(ox_scalar(c, NNX_FLOAT32, 255, &y));
    CHECK(bin(c, NNX_OP_DIV, range, y, &scale));
    CHECK(bin(c, NNX_OP_DIV, mn, scale, &zpf));
    CHECK(un(c, NNX_OP_NEG, zpf, &zpf));
    CHECK(un(c, NNX_OP_ROUND_EVEN, zpf, &zpf));
    nnx_attrs cl = {.clamp = {.lo = {.f = 0}, .hi = {.f = 255}}};
    CHECK(ox_node(c, NNX_OP_CLAMP, &zpf, 1, &cl, 1, &zpf));
    CHECK(cast(c, zpf, NNX_UINT8, &zp));
    uint32_t ones[NNX_MAX_RANK], s1, z1;
    for (uint32_t i = 0; i < d.rank; i++)
        ones[i] = 1;
    CHECK(reshape(c, scale, d.rank, ones, &s1));
    CHECK(reshape(c, zp, d.rank, ones, &z1));
    CHECK(nnx_onnx_quantize(c, x, s1, z1, &out[0]));
    if (n->n_output > 1)
        out[1] = scale;
    if (n->n_output > 2)
        out[2] = zp;
    return NNX_OK;
}

/* v - zp in float64 (zp absent: 0; a 1-D zero point lies along `axis` of v's rank). */
static nnx_status centered(ox *c, uint32_t v, uint32_t zp, uint32_t axis, uint32_t *y)
{
    CHECK(cast(c, v, NNX_FLOAT64, y));
    if (zp == NNX_NONE)
        return NNX_OK;
    nnx_operand_desc vd = ox_desc(c, v), zd = ox_desc(c, zp);
    uint32_t z;
    CHECK(cast(c, zp, NNX_FLOAT64, &z));
    if (zd.rank == 1 && zd.shape[0] != 1 && vd.rank > 1) {
        uint32_t s[NNX_MAX_RANK];
        for (uint32_t i = 0; i < vd.rank; i++)
            s[i] = i == axis ? zd.shape[0] : 1;
        CHECK(reshape(c, z, vd.rank, s, &z));
    }
    return bin(c, NNX_OP_SUB, *y, z, y);
}

/* A per-channel (1-D) factor along axis of rank r, or a scalar, as float64. */
static nnx_status along(ox *c, uint32_t v, uint32_t r, uint32_t axis, uint32_t *y)
{
    nnx_operand_desc d = ox_desc(c, v);
    CHECK(cast(c, v, NNX_FLOAT64, y));
    if (d.rank == 1 && d.shape[0] != 1) {
        uint32_t s[NNX_MAX_RANK];
        for (uint32_t i = 0; i < r; i++)
            s[i] = i == axis ? d.shape[0] : 1;
        return reshape(c, *y, r, s, y);
    }
    return NNX_OK;
}

/* ConvInteger, MatMulInteger, QLinearConv, QLinearMatMul: the product of the centered
 * integer operands in float64 (exact below 2^53), then int32 or requantized. */
nnx_status nnx_onnx_op_integer_product(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in,
                                       uint32_t *out)
{
    const char *t = n->op_type;
    bool qlinear = t[0] == 'Q', conv = strstr(t, "Conv") != NULL;
    uint32_t a, b, a_zp, b_zp;
    if (qlinear) {
        if (n_in < 8)
            return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "needs 8 inputs");
        a = in[0], a_zp = in[2], b = in[3], b_zp = in[5];
    } else {
        a = in[0], b = in[1], a_zp = in_or_none(in, n_in, 2), b_zp = in_or_none(in, n_in, 3);
    }
    nnx_operand_desc ad = ox_desc(c, a), bd = ox_desc(c, b);
    uint32_t ac, bc, y;
    /* ConvInteger: x's zero point is a scalar, w's is per output channel (axis 0);
     * MatMulInteger: a's per row (axis rank - 2), b's per column (axis rank - 1) */
    CHECK(centered(c, a, a_zp, conv ? 1 : (ad.rank >= 2 ? ad.rank - 2 : 0), &ac));
    CHECK(centered(c, b, b_zp, conv ? 0 : bd.rank - 1, &bc));
    uint32_t ins[3] = {ac, bc, NNX_NONE}, o[1] = {NNX_NONE};
    if (conv) {
        uint32_t bias = qlinear ? in_or_none(in, n_in, 8) : NNX_NONE, bias_f = NNX_NONE;
        if (bias != NNX_NONE)
            CHECK(cast(c, bias, NNX_FLOAT64, &bias_f));
        ins[2] = bias_f;
        CHECK(nnx_onnx_op_conv(c, n, ins, bias_f == NNX_NONE ? 2 : 3, o));
    } else
        CHECK(nnx_onnx_op_matmul(c, n, ins, 2, o));
    y = o[0];
    if (!qlinear)
        return cast(c, y, NNX_INT32, &out[0]);
    nnx_operand_desc yd = ox_desc(c, y);
    uint32_t as, bs, ys, yzp = in[7], ysr, yzr;
    CHECK(along(c, in[1], yd.rank, 0, &as));
    CHECK(along(c, in[4], yd.rank, conv ? 1 : yd.rank - 1, &bs));
    CHECK(bin(c, NNX_OP_MUL, y, as, &y));
    CHECK(bin(c, NNX_OP_MUL, y, bs, &y));
    CHECK(cast(c, y, NNX_FLOAT32, &y));
    CHECK(cast(c, in[6], NNX_FLOAT32, &ys));
    uint32_t ones[NNX_MAX_RANK];
    for (uint32_t i = 0; i < yd.rank; i++)
        ones[i] = 1;
    CHECK(reshape(c, ys, yd.rank, ones, &ysr));
    CHECK(reshape(c, yzp, yd.rank, ones, &yzr));
    return nnx_onnx_quantize(c, y, ysr, yzr, &out[0]);
}
