/* onnx_ops_attention.c — the ONNX transformer operators composed from core matmul, softmax,
 * element-wise and data-movement operations, as ONNX Operators, Attention (opsets 23, 24:
 * scaled dot-product attention with masks, a KV cache, grouped-query heads) and
 * RotaryEmbedding (opset 23), FlexAttention (ai.onnx.preview 1, its score_mod / prob_mod
 * graphs inlined) and their function bodies define them. */
#include "formats/onnx/onnx_build.h"

#include <math.h>

/* The axes of the 4-D form [batch, heads, sequence, head_size]. */
enum { AX_BATCH, AX_HEADS, AX_SEQ, AX_HEAD };

/* One Attention node: Q, K, V in the 4-D form (K and V with the past prepended). */
typedef struct att {
    uint32_t q, k, v;
    uint32_t batch, q_heads, kv_heads, q_len, total, past, head, v_head;
    bool flat; /* 3-D inputs: the output is 3-D too */
    nnx_dtype dt;
} att;

static nnx_status bad(ox *c, const char *what) { return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "%s", what); }

/* A product of extents that must fit a dimension (uint32). */
static nnx_status extent(ox *c, uint64_t a, uint64_t b, uint32_t *out)
{
    uint64_t p = a * b; /* both < 2^32: no uint64 overflow */
    if (p > UINT32_MAX)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "an extent of %llu elements is too large", (unsigned long long)p);
    *out = (uint32_t)p;
    return NNX_OK;
}

/* x [d0, d1, d2, d3] -> [d0, d2, d1, d3] (heads <-> sequence). */
static nnx_status swap_heads_seq(ox *c, uint32_t x, uint32_t *y)
{
    static const uint32_t perm[4] = {0, 2, 1, 3};
    return transpose(c, x, perm, y);
}

/* 3-D [batch, sequence, heads * size] -> 4-D [batch, heads, sequence, size]. */
static nnx_status split_heads(ox *c, uint32_t x, int64_t heads, const char *what, uint32_t *y)
{
    nnx_operand_desc d = ox_desc(c, x);
    if (heads <= 0 || heads > UINT32_MAX || d.shape[2] % (uint64_t)heads != 0)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "%s's hidden size %u is not a multiple of %lld heads", what,
                       d.shape[2], (long long)heads);
    uint32_t s[4] = {d.shape[0], d.shape[1], (uint32_t)heads, d.shape[2] / (uint32_t)heads}, t;
    CHECK(reshape(c, x, 4, s, &t));
    return swap_heads_seq(c, t, y);
}

/* 4-D [batch, heads, sequence, size] -> 3-D [batch, sequence, heads * size]. */
static nnx_status merge_heads(ox *c, uint32_t x, uint32_t *y)
{
    nnx_operand_desc d = ox_desc(c, x);
    uint32_t s[3] = {d.shape[0], d.shape[2], 0}, t;
    CHECK(extent(c, d.shape[1], d.shape[3], &s[2]));
    CHECK(swap_heads_seq(c, x, &t));
    return reshape(c, t, 3, s, y);
}

/* Q, K, V in the 4-D form: 3-D inputs split by q_num_heads / kv_num_heads; 4-D ones must
 * agree with those attributes when given. */
static nnx_status heads_form(ox *c, const Onnx__NodeProto *n, const uint32_t *in, att *a)
{
    nnx_operand_desc q = ox_desc(c, in[0]), k = ox_desc(c, in[1]), v = ox_desc(c, in[2]);
    if (q.rank != k.rank || q.rank != v.rank || (q.rank != 3 && q.rank != 4))
        return bad(c, "Q, K and V must all be 3-D or all 4-D");
    if (!nnx_dtype_is_float(q.dtype) || k.dtype != q.dtype)
        return bad(c, "Q and K must have one float type");
    if (v.dtype != q.dtype)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "V of type %s with Q of type %s", nnx_dtype_name(v.dtype),
                       nnx_dtype_name(q.dtype));
    int64_t qh = ox_attr_i(n, "q_num_heads", 0), kvh = ox_attr_i(n, "kv_num_heads", 0);
    a->flat = q.rank == 3;
    a->dt = q.dtype;
    a->q = in[0], a->k = in[1], a->v = in[2];
    if (a->flat) {
        CHECK(split_heads(c, in[0], qh, "Q", &a->q));
        CHECK(split_heads(c, in[1], kvh, "K", &a->k));
        CHECK(split_heads(c, in[2], kvh, "V", &a->v));
    } else if ((qh && qh != q.shape[AX_HEADS]) || (kvh && kvh != k.shape[AX_HEADS]))
        return bad(c, "q_num_heads / kv_num_heads disagree with the 4-D inputs");
    return NNX_OK;
}

/* The extents of the 4-D Q, K, V, checked against each other. */
static nnx_status measure(ox *c, att *a)
{
    nnx_operand_desc q = ox_desc(c, a->q), k = ox_desc(c, a->k), v = ox_desc(c, a->v);
    a->batch = q.shape[AX_BATCH], a->q_heads = q.shape[AX_HEADS], a->q_len = q.shape[AX_SEQ];
    a->head = q.shape[AX_HEAD], a->kv_heads = k.shape[AX_HEADS], a->total = k.shape[AX_SEQ];
    a->v_head = v.shape[AX_HEAD];
    if (k.shape[AX_BATCH] != a->batch || v.shape[AX_BATCH] != a->batch)
        return bad(c, "Q, K and V have different batch sizes");
    if (k.shape[AX_HEAD] != a->head)
        return bad(c, "Q and K have different head sizes");
    if (v.shape[AX_HEADS] != a->kv_heads || v.shape[AX_SEQ] != a->total)
        return bad(c, "K and V have different heads or sequence lengths");
    if (a->q_heads % a->kv_heads != 0)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "%u query heads are not a multiple of %u key/value heads",
                       a->q_heads, a->kv_heads);
    return NNX_OK;
}

/* past_key / past_value (4-D) prepended to K / V along the sequence; present_key and
 * present_value (when the node has them) are the results, K and V themselves without a
 * past. */
static nnx_status kv_cache(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, att *a, uint32_t *out)
{
    uint32_t pk = in_or_none(in, n_in, 4), pv = in_or_none(in, n_in, 5);
    if ((pk == NNX_NONE) != (pv == NNX_NONE))
        return bad(c, "past_key and past_value go together");
    a->past = 0;
    if (pk != NNX_NONE) {
        if (ox_desc(c, pk).rank != 4 || ox_desc(c, pv).rank != 4)
            return bad(c, "past_key and past_value must be 4-D");
        a->past = ox_desc(c, pk).shape[AX_SEQ];
        nnx_attrs ca = {.axis = {AX_SEQ}};
        uint32_t kp[2] = {pk, a->k}, vp[2] = {pv, a->v};
        CHECK(ox_node(c, NNX_OP_CONCAT, kp, 2, &ca, 1, &a->k));
        CHECK(ox_node(c, NNX_OP_CONCAT, vp, 2, &ca, 1, &a->v));
    }
    if (n->n_output > 1)
        out[1] = a->k;
    if (n->n_output > 2)
        out[2] = a->v;
    return NNX_OK;
}

/* ---------------------------------------------------------------- the bias */

/* acc = acc AND x (acc NNX_NONE: x). */
static nnx_status both(ox *c, uint32_t *acc, uint32_t x)
{
    if (*acc == NNX_NONE) {
        *acc = x;
        return NNX_OK;
    }
    return bin(c, NNX_OP_LOGICAL_AND, *acc, x, acc);
}

/* An int64 constant [1, 1, n at axis, 1] holding from, from + 1, ... */
static nnx_status iota(ox *c, uint32_t axis, uint32_t n, double from, uint32_t *id)
{
    return ox_iota(c, NNX_INT64, 4, axis, n, from, 1, id);
}

/* nonpad_kv_seqlen (int64 [batch]) as [batch, 1, 1, 1]. */
static nnx_status lengths(ox *c, uint32_t nonpad, const att *a, uint32_t *y)
{
    nnx_operand_desc d = ox_desc(c, nonpad);
    if (d.dtype != NNX_INT64 || d.rank != 1 || d.shape[0] != a->batch)
        return bad(c, "nonpad_kv_seqlen must be int64 [batch_size]");
    uint32_t s[4] = {a->batch, 1, 1, 1};
    return reshape(c, nonpad, 4, s, y);
}

/* is_causal: query i attends key j iff j <= i + offset, the offset being the past length
 * with a KV cache, nonpad_kv_seqlen[b] - q_sequence_length with an external cache, else 0
 * (ONNX 1.23's function body; the upper-left triangle when there is neither). */
static nnx_status causal(ox *c, const att *a, uint32_t len4, uint32_t *allowed)
{
    uint32_t row, col;
    CHECK(iota(c, AX_SEQ, a->q_len, a->past, &row));
    CHECK(iota(c, AX_HEAD, a->total, 0, &col));
    if (len4 != NNX_NONE) {
        uint32_t q_len, off;
        CHECK(ox_scalar(c, NNX_INT64, a->q_len, &q_len));
        CHECK(bin(c, NNX_OP_SUB, len4, q_len, &off));
        CHECK(bin(c, NNX_OP_ADD, row, off, &row));
    }
    return bin(c, NNX_OP_LESS_EQUAL, col, row, allowed);
}

/* attn_mask with its last axis padded to the total sequence length (false, or -inf added):
 * a bool mask joins *allowed, a float one becomes *added (in Q's type). */
static nnx_status user_mask(ox *c, uint32_t m, const att *a, uint32_t *allowed, uint32_t *added)
{
    nnx_operand_desc d = ox_desc(c, m);
    bool is_bool = d.dtype == NNX_BOOL;
    if (!is_bool && !nnx_dtype_is_float(d.dtype))
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "attn_mask of type %s (bool or float)", nnx_dtype_name(d.dtype));
    if (d.rank < 1 || d.rank > 4)
        return bad(c, "attn_mask must have rank 1 to 4");
    uint32_t last = d.shape[d.rank - 1];
    if (last > a->total)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "attn_mask's last extent %u exceeds the %u keys", last, a->total);
    if (last < a->total) {
        nnx_attrs p = {.pad = {.mode = NNX_PAD_CONSTANT}};
        p.pad.end[d.rank - 1] = (int32_t)(a->total - last);
        if (!is_bool)
            p.pad.value.f = -INFINITY;
        CHECK(ox_node(c, NNX_OP_PAD, &m, 1, &p, 1, &m));
    }
    if (is_bool)
        return both(c, allowed, m);
    return cast(c, m, a->dt, added);
}

/* The bias added to the scores (NNX_NONE: none): the float mask plus -inf where the bool
 * mask, is_causal or nonpad_kv_seqlen excludes a key. */
static nnx_status bias_of(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, const att *a,
                          uint32_t *bias)
{
    uint32_t mask = in_or_none(in, n_in, 3), nonpad = in_or_none(in, n_in, 6);
    uint32_t allowed = NNX_NONE, added = NNX_NONE, len4 = NNX_NONE, t;
    if (nonpad != NNX_NONE && a->past)
        return unsupported(c, "%s with past_key (the specification keeps them apart)", "nonpad_kv_seqlen");
    if (mask != NNX_NONE)
        CHECK(user_mask(c, mask, a, &allowed, &added));
    if (nonpad != NNX_NONE) {
        uint32_t col;
        CHECK(lengths(c, nonpad, a, &len4));
        CHECK(iota(c, AX_HEAD, a->total, 0, &col));
        CHECK(bin(c, NNX_OP_LESS, col, len4, &t));
        CHECK(both(c, &allowed, t));
    }
    if (ox_attr_i(n, "is_causal", 0) != 0) {
        CHECK(causal(c, a, len4, &t));
        CHECK(both(c, &allowed, t));
    }
    *bias = added;
    if (allowed == NNX_NONE)
        return NNX_OK;
    uint32_t sel[3] = {allowed, 0, 0};
    CHECK(scalar_like(c, a->q, 0.0, &sel[1]));
    CHECK(scalar_like(c, a->q, -INFINITY, &sel[2]));
    CHECK(ox_node(c, NNX_OP_WHERE, sel, 3, NULL, 1, &t));
    if (added == NNX_NONE) {
        *bias = t;
        return NNX_OK;
    }
    return bin(c, NNX_OP_ADD, added, t, bias);
}

/* ---------------------------------------------------------------- scores and output */

/* With grouped-query heads (q_heads = kv_heads * g) query head h uses key/value head h / g:
 * x [batch, q_heads, rows, cols] is viewed as [batch, kv_heads, g * rows, cols] (the g
 * heads of a group are adjacent), which a matmul with the 4-D K or V then serves. */
static nnx_status grouped(ox *c, const att *a, uint32_t x, uint32_t *y)
{
    nnx_operand_desc d = ox_desc(c, x);
    uint32_t s[4] = {a->batch, a->kv_heads, 0, d.shape[3]};
    CHECK(extent(c, a->q_heads / a->kv_heads, d.shape[2], &s[2]));
    return reshape(c, x, 4, s, y);
}

/* QK^T times scale [batch, q_heads, q_len, total]: Q and K each times sqrt(scale) (the
 * specification's guard against overflow) when scale > 0, else Q times scale. */
static nnx_status scores(ox *c, const Onnx__NodeProto *n, const att *a, uint32_t *y)
{
    double scale = ox_attr(n, "scale") ? ox_attr_f(n, "scale", 1.0f) : 1.0 / sqrt((double)a->head);
    uint32_t q = a->q, k = a->k, kt, prod;
    if (scale > 0) {
        CHECK(bin_scalar(c, NNX_OP_MUL, q, sqrt(scale), &q));
        CHECK(bin_scalar(c, NNX_OP_MUL, k, sqrt(scale), &k));
    } else
        CHECK(bin_scalar(c, NNX_OP_MUL, q, scale, &q));
    static const uint32_t perm[4] = {0, 1, 3, 2};
    CHECK(transpose(c, k, perm, &kt));
    CHECK(grouped(c, a, q, &q));
    CHECK(bin(c, NNX_OP_MATMUL, q, kt, &prod));
    uint32_t s[4] = {a->batch, a->q_heads, a->q_len, a->total};
    return reshape(c, prod, 4, s, y);
}

/* softcap * tanh(x / softcap) for softcap > 0; 0 leaves x. */
static nnx_status soft_cap(ox *c, const Onnx__NodeProto *n, uint32_t x, uint32_t *y)
{
    float cap = ox_attr_f(n, "softcap", 0.0f);
    *y = x;
    if (cap < 0 || cap != cap)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "softcap %g (>= 0)", cap);
    if (cap == 0)
        return NNX_OK;
    uint32_t t;
    CHECK(bin_scalar(c, NNX_OP_MUL, x, 1.0 / cap, &t));
    CHECK(un(c, NNX_OP_TANH, t, &t));
    return bin_scalar(c, NNX_OP_MUL, t, cap, y);
}

/* The type the softmax is computed in: softmax_precision's when the node has it (a float
 * type), else dflt. */
static nnx_status softmax_type(ox *c, const Onnx__NodeProto *n, nnx_dtype dflt, nnx_dtype *sd)
{
    *sd = dflt;
    if (!ox_attr(n, "softmax_precision"))
        return NNX_OK;
    int64_t p = ox_attr_i(n, "softmax_precision", 0);
    *sd = p > 0 && p < INT32_MAX ? nnx_onnx_dtype((int32_t)p) : 0;
    if (!nnx_dtype_is_float(*sd))
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "softmax_precision %lld is not a float type", (long long)p);
    return NNX_OK;
}

/* softmax over the keys, in softmax_precision's type when given, cast back to Q's; a row
 * whose every key the bias excludes (-inf) gets probabilities 0, not NaN (ONNX 1.23's
 * function body). */
static nnx_status probabilities(ox *c, const Onnx__NodeProto *n, const att *a, uint32_t x, uint32_t bias, uint32_t *y)
{
    nnx_dtype sd;
    CHECK(softmax_type(c, n, a->dt, &sd));
    nnx_attrs sa = {.axis = {AX_HEAD}};
    uint32_t t;
    CHECK(cast(c, x, sd, &t));
    CHECK(ox_node(c, NNX_OP_SOFTMAX, &t, 1, &sa, 1, &t));
    CHECK(cast(c, t, a->dt, y));
    if (bias == NNX_NONE)
        return NNX_OK;
    uint32_t rank = ox_desc(c, bias).rank, row_max, ninf, sel[3];
    CHECK(reduce(c, NNX_OP_REDUCE_MAX, bias, 1u << (rank - 1), true, &row_max));
    CHECK(scalar_like(c, bias, -INFINITY, &ninf));
    CHECK(bin(c, NNX_OP_EQUAL, row_max, ninf, &sel[0]));
    CHECK(scalar_like(c, *y, 0.0, &sel[1]));
    sel[2] = *y;
    return ox_node(c, NNX_OP_WHERE, sel, 3, NULL, 1, y);
}

/* probabilities [batch, q_heads, q_len, total] @ V -> Y, 3-D when the inputs were. */
static nnx_status weighted(ox *c, const att *a, uint32_t p, uint32_t *y)
{
    uint32_t g, prod, r;
    CHECK(grouped(c, a, p, &g));
    CHECK(bin(c, NNX_OP_MATMUL, g, a->v, &prod));
    uint32_t s[4] = {a->batch, a->q_heads, a->q_len, a->v_head};
    CHECK(reshape(c, prod, 4, s, &r));
    if (!a->flat) {
        *y = r;
        return NNX_OK;
    }
    return merge_heads(c, r, y);
}

/* Attention (opsets 23, 24): Y = softmax(softcap(Q K^T scale) + bias) V, present_key /
 * present_value the KV cache, qk_matmul_output by qk_matmul_output_mode: 0 the scaled
 * product, 1 after softcap, 2 after the bias, 3 the probabilities (ONNX 1.23's function
 * body and backend suite, which apply softcap before the mask). */
nnx_status nnx_onnx_op_attention(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    if (n_in < 3)
        return bad(c, "takes Q, K and V");
    int64_t mode = ox_attr_i(n, "qk_matmul_output_mode", 0);
    if (mode < 0 || mode > 3)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "qk_matmul_output_mode %lld (0 to 3)", (long long)mode);
    att a;
    uint32_t stage[4], bias, p;
    CHECK(heads_form(c, n, in, &a));
    CHECK(kv_cache(c, n, in, n_in, &a, out));
    CHECK(measure(c, &a));
    CHECK(bias_of(c, n, in, n_in, &a, &bias));
    CHECK(scores(c, n, &a, &stage[0]));
    CHECK(soft_cap(c, n, stage[0], &stage[1]));
    stage[2] = stage[1];
    if (bias != NNX_NONE)
        CHECK(bin(c, NNX_OP_ADD, stage[1], bias, &stage[2]));
    CHECK(probabilities(c, n, &a, stage[2], bias, &p));
    stage[3] = p;
    if (n->n_output > 3)
        out[3] = stage[mode];
    return weighted(c, &a, p, &out[0]);
}

/* ---------------------------------------------------------------- FlexAttention */

/* A modifier graph attribute of FlexAttention (*g NULL: the node has none). ONNX Operators,
 * FlexAttention: one rank-4 input, the scores or the probabilities, and one output of the
 * same shape and type. */
static nnx_status modifier(ox *c, const Onnx__NodeProto *n, const char *name, const Onnx__GraphProto **g)
{
    const Onnx__AttributeProto *m = ox_attr(n, name);
    *g = NULL;
    if (!m)
        return NNX_OK;
    if (!m->g)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "%s must be a graph", name);
    if (m->g->n_input != 1 || m->g->n_output != 1)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "%s has %zu inputs and %zu outputs (one of each)", name,
                       m->g->n_input, m->g->n_output);
    *g = m->g;
    return NNX_OK;
}

/* x through modifier g (NULL: x itself): g is inlined into c's graph with its input bound to
 * x, as the function body inlines it; its result must keep x's shape and type. */
static nnx_status modify(ox *c, const Onnx__GraphProto *g, const char *name, uint32_t x, uint32_t *y)
{
    *y = x;
    if (!g)
        return NNX_OK;
    CHECK(ox_scope_inline(c, g, &x, y, name));
    if (ox_is_seq(*y))
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "%s returns a sequence or optional, not a tensor", name);
    nnx_operand_desc want = ox_desc(c, x), got = ox_desc(c, *y);
    if (nnx_desc_equal(&want, &got))
        return NNX_OK;
    char a[96], b[96];
    return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "%s returns %s for %s (the same shape and type)", name,
                   nnx_desc_format(&got, a, sizeof a), nnx_desc_format(&want, b, sizeof b));
}

/* FlexAttention (ai.onnx.preview 1, ONNX Operators, FlexAttention): Y = prob_mod(softmax(
 * score_mod(Q K^T scale))) V over 4-D Q, K, V, grouped-query heads as Attention's. The
 * scores are cast to softmax_precision (default float32, float64 for float64 inputs) before
 * score_mod; the softmax, prob_mod and the product with V run in that type, Y cast back. The
 * modifiers (graph attributes, each taking the whole [batch, q_heads, q_len, kv_len] tensor)
 * are inlined into the graph; a mask is written by score_mod (-inf where excluded). mask_mod,
 * an attribute of drafts that ONNX 1.23 does not define, is NOT_SUPPORTED. */
nnx_status nnx_onnx_op_flex_attention(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    if (ox_attr(n, "mask_mod"))
        return unsupported(c, "%s (not an attribute of FlexAttention in ONNX 1.23: score_mod masks)", "mask_mod");
    const Onnx__GraphProto *score_g, *prob_g;
    CHECK(modifier(c, n, "score_mod", &score_g));
    CHECK(modifier(c, n, "prob_mod", &prob_g));
    if (n_in < 3 || in[1] == NNX_NONE || in[2] == NNX_NONE)
        return bad(c, "takes Q, K and V");
    if (ox_desc(c, in[0]).rank != 4)
        return bad(c, "Q, K and V must be 4-D [batch, heads, sequence, head_size]");
    att a;
    uint32_t s, p, y;
    CHECK(heads_form(c, n, in, &a));
    CHECK(measure(c, &a));
    a.past = 0;
    CHECK(scores(c, n, &a, &s));
    nnx_dtype wide;
    CHECK(softmax_type(c, n, a.dt == NNX_FLOAT64 ? NNX_FLOAT64 : NNX_FLOAT32, &wide));
    nnx_attrs sa = {.axis = {AX_HEAD}};
    CHECK(cast(c, s, wide, &s));
    CHECK(modify(c, score_g, "score_mod", s, &s));
    CHECK(ox_node(c, NNX_OP_SOFTMAX, &s, 1, &sa, 1, &p));
    CHECK(modify(c, prob_g, "prob_mod", p, &p));
    att wide_v = a;
    CHECK(cast(c, a.v, wide, &wide_v.v));
    CHECK(weighted(c, &wide_v, p, &y));
    return cast(c, y, a.dt, &out[0]);
}

/* ---------------------------------------------------------------- RotaryEmbedding */

/* x's last axis from start over size elements, every stride-th of them. */
static nnx_status slice_last(ox *c, uint32_t x, uint32_t start, uint32_t size, uint32_t stride, uint32_t *y)
{
    nnx_operand_desc d = ox_desc(c, x);
    nnx_attrs a = {.slice = {.starts = {0}}};
    for (uint32_t i = 0; i < d.rank; i++) {
        a.slice.sizes[i] = d.shape[i];
        a.slice.strides[i] = 1;
    }
    a.slice.starts[d.rank - 1] = start;
    a.slice.sizes[d.rank - 1] = size;
    a.slice.strides[d.rank - 1] = stride;
    return ox_node(c, NNX_OP_SLICE, &x, 1, &a, 1, y);
}

/* A cos / sin cache as [batch, sequence, 1, half]: rows picked by position_ids when given
 * ([max_position, >= half]), else the cache is [batch, sequence, >= half] itself. */
static nnx_status cache_rows(ox *c, uint32_t cache, uint32_t pos, const uint32_t *bshd, uint32_t half, uint32_t *y)
{
    uint32_t t = cache;
    if (pos != NNX_NONE) {
        nnx_attrs ga = {.axis = {0}};
        uint32_t gi[2] = {cache, pos};
        if (ox_desc(c, cache).rank != 2)
            return bad(c, "cos_cache and sin_cache must be 2-D with position_ids");
        CHECK(ox_node(c, NNX_OP_GATHER, gi, 2, &ga, 1, &t));
    }
    nnx_operand_desc d = ox_desc(c, t);
    if (d.rank != 3 || d.shape[0] != bshd[0] || d.shape[1] != bshd[1] || d.shape[2] < half)
        return bad(c, "cos_cache / sin_cache do not match [batch, sequence, rotary_embedding_dim / 2]");
    if (d.shape[2] > half)
        CHECK(slice_last(c, t, 0, half, 1, &t));
    uint32_t s[4] = {bshd[0], bshd[1], 1, half};
    return reshape(c, t, 4, s, y);
}

/* The rotated part x [batch, sequence, heads, dim]: pairs (re, im) — the two halves, or
 * the even and odd elements when interleaved — become (cos re - sin im, sin re + cos im),
 * put back in the same places. */
static nnx_status rotate(ox *c, uint32_t x, uint32_t cosv, uint32_t sinv, bool interleaved, uint32_t *y)
{
    nnx_operand_desc d = ox_desc(c, x);
    uint32_t half = d.shape[3] / 2, x_re, x_im, cos_part, sin_part, re, im;
    if (interleaved) {
        CHECK(slice_last(c, x, 0, 2 * half, 2, &x_re));
        CHECK(slice_last(c, x, 1, 2 * half - 1, 2, &x_im));
    } else {
        CHECK(slice_last(c, x, 0, half, 1, &x_re));
        CHECK(slice_last(c, x, half, half, 1, &x_im));
    }
    CHECK(bin(c, NNX_OP_MUL, cosv, x_re, &cos_part));
    CHECK(bin(c, NNX_OP_MUL, sinv, x_im, &sin_part));
    CHECK(bin(c, NNX_OP_SUB, cos_part, sin_part, &re));
    CHECK(bin(c, NNX_OP_MUL, sinv, x_re, &sin_part));
    CHECK(bin(c, NNX_OP_MUL, cosv, x_im, &cos_part));
    CHECK(bin(c, NNX_OP_ADD, sin_part, cos_part, &im));
    nnx_attrs ca = {.axis = {interleaved ? 4 : 3}};
    uint32_t parts[2] = {re, im}, pairs[5] = {d.shape[0], d.shape[1], d.shape[2], half, 1}, joined;
    if (!interleaved)
        return ox_node(c, NNX_OP_CONCAT, parts, 2, &ca, 1, y);
    CHECK(reshape(c, re, 5, pairs, &parts[0]));
    CHECK(reshape(c, im, 5, pairs, &parts[1]));
    CHECK(ox_node(c, NNX_OP_CONCAT, parts, 2, &ca, 1, &joined));
    return reshape(c, joined, 4, d.shape, y);
}

/* X as [batch, sequence, heads, head_size]: 4-D X has its axes 1 and 2 swapped, 3-D X
 * [batch, sequence, hidden] is split into num_heads heads. */
static nnx_status rotary_form(ox *c, const Onnx__NodeProto *n, uint32_t x, uint32_t *y)
{
    nnx_operand_desc d = ox_desc(c, x);
    if (d.rank == 4)
        return swap_heads_seq(c, x, y);
    if (d.rank != 3)
        return bad(c, "X must be 3-D or 4-D");
    int64_t heads = ox_attr_i(n, "num_heads", 0);
    if (heads <= 0 || heads > UINT32_MAX || d.shape[2] % (uint64_t)heads != 0)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "X's hidden size %u is not a multiple of num_heads %lld",
                       d.shape[2], (long long)heads);
    uint32_t s[4] = {d.shape[0], d.shape[1], (uint32_t)heads, d.shape[2] / (uint32_t)heads};
    return reshape(c, x, 4, s, y);
}

/* RotaryEmbedding (opset 23): X 4-D [batch, heads, sequence, head_size] or 3-D [batch,
 * sequence, hidden] with num_heads; the first rotary_embedding_dim (0: all) elements of each
 * head rotated by the cos / sin caches, the rest passed through. */
nnx_status nnx_onnx_op_rotary_embedding(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in,
                                        uint32_t *out)
{
    if (n_in < 3)
        return bad(c, "takes X, cos_cache and sin_cache");
    nnx_operand_desc x = ox_desc(c, in[0]);
    uint32_t xs, cosv, sinv, rot, y;
    CHECK(rotary_form(c, n, in[0], &xs));
    nnx_operand_desc bshd = ox_desc(c, xs);
    uint32_t head = bshd.shape[3];
    int64_t dim = ox_attr_i(n, "rotary_embedding_dim", 0);
    if (dim == 0)
        dim = head;
    if (dim < 0 || dim > head || dim % 2 != 0)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "rotary_embedding_dim %lld (even, at most %u)", (long long)dim,
                       head);
    uint32_t pos = in_or_none(in, n_in, 3), rd = (uint32_t)dim;
    CHECK(cache_rows(c, in[1], pos, bshd.shape, rd / 2, &cosv));
    CHECK(cache_rows(c, in[2], pos, bshd.shape, rd / 2, &sinv));
    CHECK(slice_last(c, xs, 0, rd, 1, &rot));
    CHECK(rotate(c, rot, cosv, sinv, ox_attr_i(n, "interleaved", 0) != 0, &y));
    if (rd < head) {
        uint32_t parts[2] = {y, 0};
        nnx_attrs ca = {.axis = {3}};
        CHECK(slice_last(c, xs, rd, head - rd, 1, &parts[1]));
        CHECK(ox_node(c, NNX_OP_CONCAT, parts, 2, &ca, 1, &y));
    }
    if (x.rank == 4)
        CHECK(swap_heads_seq(c, y, &y));
    return reshape(c, y, x.rank, x.shape, &out[0]);
}
