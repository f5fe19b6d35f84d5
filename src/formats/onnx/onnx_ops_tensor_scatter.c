/* onnx_ops_tensor_scatter.c — ONNX TensorScatter (opset 24), the KV-cache update, composed from
 * core operations: each output position along `axis` reads the update at its offset from the
 * batch's write index (mode linear: p - w; circular: (p - w) mod max_sequence_length) when that
 * offset lies in [0, sequence_length), else keeps past_cache (ONNX Operators, TensorScatter). */
#include "formats/onnx/onnx_build.h"

nnx_status nnx_onnx_op_tensor_scatter(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    nnx_operand_desc pd = ox_desc(c, in[0]), ud = ox_desc(c, in[1]);
    uint32_t r = pd.rank, ax;
    if (r < 2 || ud.rank != r || ud.dtype != pd.dtype)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "past_cache and update must have one type and rank >= 2");
    CHECK(axis_of(c, ox_attr_i(n, "axis", -2), r, &ax));
    if (ax == 0)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "axis 0 is the batch axis");
    for (uint32_t i = 0; i < r; i++)
        if (i != ax && ud.shape[i] != pd.shape[i])
            return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "update's shape differs from past_cache's off axis %u", ax);
    uint32_t M = pd.shape[ax], S = ud.shape[ax];
    if (S > M)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "update's sequence length %u exceeds the cache's %u", S, M);
    char buf[16];
    const char *mode = ox_attr_s(n, "mode", "linear", buf, sizeof buf);
    bool circular = strcmp(mode, "circular") == 0;
    if (!circular && strcmp(mode, "linear") != 0)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "mode '%s'", mode);
    /* the offset of each position into the update: [B, 1.., M at axis, ..1] */
    uint32_t pos, w = in_or_none(in, n_in, 2), off;
    CHECK(ox_iota(c, NNX_INT64, r, ax, M, 0, 1, &pos));
    if (w == NNX_NONE)
        off = pos;
    else {
        nnx_operand_desc wd = ox_desc(c, w);
        if (wd.rank != 1 || wd.shape[0] != pd.shape[0] || nnx_dtype_is_float(wd.dtype))
            return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "write_indices must be integers of shape [batch_size]");
        uint32_t ws[NNX_MAX_RANK] = {pd.shape[0]};
        for (uint32_t i = 1; i < r; i++)
            ws[i] = 1;
        CHECK(cast(c, w, NNX_INT64, &w));
        CHECK(reshape(c, w, r, ws, &w));
        CHECK(bin(c, NNX_OP_SUB, pos, w, &off));
    }
    if (circular) { /* (off + M) mod M for off > -M; a farther write index stays negative: masked */
        uint32_t q;
        CHECK(bin_scalar(c, NNX_OP_ADD, off, M, &off));
        CHECK(bin_scalar(c, NNX_OP_DIV, off, M, &q));
        CHECK(bin_scalar(c, NNX_OP_MUL, q, M, &q));
        CHECK(bin(c, NNX_OP_SUB, off, q, &off));
    }
    uint32_t lo_ok, hi_ok, inside, idx, taken;
    CHECK(bin_scalar(c, NNX_OP_GREATER_EQUAL, off, 0, &lo_ok));
    CHECK(bin_scalar(c, NNX_OP_LESS, off, S, &hi_ok));
    CHECK(bin(c, NNX_OP_LOGICAL_AND, lo_ok, hi_ok, &inside));
    CHECK(bin_scalar(c, NNX_OP_MAX, off, 0, &idx));
    CHECK(bin_scalar(c, NNX_OP_MIN, idx, S - 1.0, &idx));
    nnx_attrs ex = {.reshape = {.rank = r}};
    memcpy(ex.reshape.shape, pd.shape, r * sizeof *pd.shape);
    CHECK(ox_node(c, NNX_OP_EXPAND, &idx, 1, &ex, 1, &idx));
    uint32_t gi[2] = {in[1], idx};
    nnx_attrs ga = {.axis = {ax}};
    CHECK(ox_node(c, NNX_OP_GATHER_ELEMENTS, gi, 2, &ga, 1, &taken));
    uint32_t sel[3] = {inside, taken, in[0]};
    return ox_node(c, NNX_OP_WHERE, sel, 3, NULL, 1, &out[0]);
}
