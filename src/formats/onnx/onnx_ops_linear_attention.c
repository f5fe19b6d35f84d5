/* onnx_ops_linear_attention.c — ONNX Operators, LinearAttention (opset 27): attention whose
 * keys and values are folded into a per-head state matrix, updated step by step by one of four
 * rules (linear, gated, delta, gated_delta). The recurrence is unrolled over the static sequence
 * length into core matmul, element-wise and data-movement operations, as the RNNs are. */
#include "formats/onnx/onnx_build.h"

#include "base/arena.h"

#include <math.h>

/* The longest sequence the mapping unrolls: about ten core nodes per step. */
enum { LINEAR_ATTENTION_MAX_STEPS = 4096 };

typedef enum { RULE_LINEAR, RULE_GATED, RULE_DELTA, RULE_GATED_DELTA } update_rule;

/* One LinearAttention node, its inputs in the compute type and the 4-D form [batch, step,
 * heads, size]. */
typedef struct linear_attention {
    uint32_t batch, steps, q_heads, kv_heads, group, key_size, value_size;
    uint32_t decay_size; /* per head: key_size (one decay per key row) or 1 (one per head) */
    uint32_t beta_heads; /* kv_heads or 1 (one beta for all heads) */
    update_rule rule;
    nnx_dtype dt, ct; /* the inputs' type, the computation's */
    uint32_t q, k, v, gate, beta, past;
} linear_attention;

static nnx_status bad(ox *c, const char *what) { return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "%s", what); }

static bool uses_decay(update_rule r) { return r == RULE_GATED || r == RULE_GATED_DELTA; }
static bool uses_beta(update_rule r) { return r == RULE_DELTA || r == RULE_GATED_DELTA; }

static nnx_status rule_of(ox *c, const Onnx__NodeProto *n, update_rule *r)
{
    static const struct {
        const char *name;
        update_rule rule;
    } rules[] = {
        {"linear", RULE_LINEAR}, {"gated", RULE_GATED}, {"delta", RULE_DELTA}, {"gated_delta", RULE_GATED_DELTA}};
    char buf[32];
    const char *s = ox_attr_s(n, "update_rule", "gated_delta", buf, sizeof buf);
    for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++)
        if (strcmp(rules[i].name, s) == 0) {
            *r = rules[i].rule;
            return NNX_OK;
        }
    return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "update_rule '%s' (linear, gated, delta or gated_delta)", s);
}

/* A head count attribute: required, positive, dividing the hidden size `hidden`. */
static nnx_status heads_of(ox *c, const Onnx__NodeProto *n, const char *name, uint32_t hidden, uint32_t *heads)
{
    int64_t h = ox_attr_i(n, name, 0);
    if (h <= 0 || h > UINT32_MAX || hidden % (uint64_t)h != 0)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "%s %lld (positive, dividing the hidden size %u)", name,
                       (long long)h, hidden);
    *heads = (uint32_t)h;
    return NNX_OK;
}

/* x [batch, steps, heads * size] cast to the compute type and viewed as [batch, steps,
 * heads, size]. */
static nnx_status per_head(ox *c, const linear_attention *u, uint32_t x, uint32_t heads, uint32_t *y)
{
    nnx_operand_desc d = ox_desc(c, x);
    uint32_t s[4] = {u->batch, u->steps, heads, d.shape[2] / heads}, t;
    CHECK(cast(c, x, u->ct, &t));
    return reshape(c, t, 4, s, y);
}

/* decay or beta: float [batch, steps, last] with last one of the two extents allowed (full or
 * shared), viewed per head as [batch, steps, heads, last / heads]: heads is kv_num_heads, or
 * last itself when smaller (a beta of extent 1, shared by all heads). */
static nnx_status side_input(ox *c, const linear_attention *u, uint32_t x, const char *name, uint32_t kv_heads,
                             uint64_t full, uint64_t shared, uint32_t *y)
{
    nnx_operand_desc d = ox_desc(c, x);
    if (d.rank != 3 || !nnx_dtype_is_float(d.dtype) || d.shape[0] != u->batch || d.shape[1] != u->steps ||
        (d.shape[2] != full && d.shape[2] != shared))
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "%s must be float [%u, %u, %llu or %llu]", name, u->batch,
                       u->steps, (unsigned long long)full, (unsigned long long)shared);
    return per_head(c, u, x, d.shape[2] < kv_heads ? d.shape[2] : kv_heads, y);
}

/* The node's inputs checked and brought into the 4-D compute form. */
static nnx_status read_node(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, linear_attention *u)
{
    memset(u, 0, sizeof *u);
    if (n_in < 3 || in[1] == NNX_NONE || in[2] == NNX_NONE)
        return bad(c, "takes query, key and value");
    nnx_operand_desc q = ox_desc(c, in[0]), k = ox_desc(c, in[1]), v = ox_desc(c, in[2]);
    if (q.rank != 3 || k.rank != 3 || v.rank != 3)
        return unsupported(c, "%s", "query, key and value other than 3-D [batch, sequence, heads * size]");
    if (!nnx_dtype_is_float(q.dtype) || k.dtype != q.dtype || v.dtype != q.dtype)
        return bad(c, "query, key and value must have one float type");
    u->batch = q.shape[0], u->steps = q.shape[1];
    if (k.shape[0] != u->batch || v.shape[0] != u->batch || k.shape[1] != u->steps || v.shape[1] != u->steps)
        return bad(c, "query, key and value have different batch sizes or sequence lengths");
    if (u->steps > LINEAR_ATTENTION_MAX_STEPS)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "a sequence of %u steps (unrolled: at most %d)", u->steps,
                       LINEAR_ATTENTION_MAX_STEPS);
    CHECK(rule_of(c, n, &u->rule));
    CHECK(heads_of(c, n, "q_num_heads", q.shape[2], &u->q_heads));
    CHECK(heads_of(c, n, "kv_num_heads", v.shape[2], &u->kv_heads));
    if (u->q_heads % u->kv_heads != 0)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "q_num_heads %u is not a multiple of kv_num_heads %u", u->q_heads,
                       u->kv_heads);
    u->group = u->q_heads / u->kv_heads;
    u->key_size = q.shape[2] / u->q_heads, u->value_size = v.shape[2] / u->kv_heads;
    if ((uint64_t)u->key_size * u->kv_heads != k.shape[2])
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "key's hidden size %u is not kv_num_heads %u x %u", k.shape[2],
                       u->kv_heads, u->key_size);
    if ((uint64_t)u->q_heads * u->value_size > UINT32_MAX)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "an output hidden size of %u x %u", u->q_heads, u->value_size);
    /* float32 arithmetic (the function body casts every input to float), float64 kept */
    u->dt = q.dtype, u->ct = q.dtype == NNX_FLOAT64 ? NNX_FLOAT64 : NNX_FLOAT32;
    CHECK(per_head(c, u, in[0], u->q_heads, &u->q));
    CHECK(per_head(c, u, in[1], u->kv_heads, &u->k));
    CHECK(per_head(c, u, in[2], u->kv_heads, &u->v));
    uint32_t past = in_or_none(in, n_in, 3), decay = in_or_none(in, n_in, 4), beta = in_or_none(in, n_in, 5);
    u->gate = u->beta = u->past = NNX_NONE;
    if (uses_decay(u->rule)) {
        if (decay == NNX_NONE)
            return bad(c, "update_rule gated / gated_delta needs decay");
        uint32_t d4;
        CHECK(side_input(c, u, decay, "decay", u->kv_heads, (uint64_t)u->kv_heads * u->key_size, u->kv_heads, &d4));
        u->decay_size = ox_desc(c, d4).shape[3];
        CHECK(un(c, NNX_OP_EXP, d4, &u->gate));
    }
    if (uses_beta(u->rule)) {
        if (beta == NNX_NONE)
            return bad(c, "update_rule delta / gated_delta needs beta");
        CHECK(side_input(c, u, beta, "beta", u->kv_heads, u->kv_heads, 1, &u->beta));
        u->beta_heads = ox_desc(c, u->beta).shape[2];
    }
    if (past != NNX_NONE) {
        nnx_operand_desc p = ox_desc(c, past);
        if (p.rank != 4 || !nnx_dtype_is_float(p.dtype) || p.shape[0] != u->batch || p.shape[1] != u->kv_heads ||
            p.shape[2] != u->key_size || p.shape[3] != u->value_size)
            return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "past_state must be float [%u, %u, %u, %u]", u->batch,
                           u->kv_heads, u->key_size, u->value_size);
        CHECK(cast(c, past, u->ct, &u->past));
    }
    return NNX_OK;
}

/* x [batch, steps, ...] split into its steps (one node), step t at first + t. */
static nnx_status steps_of(ox *c, const linear_attention *u, uint32_t x, uint32_t *first)
{
    if (x == NNX_NONE || u->steps == 1) {
        *first = x;
        return NNX_OK;
    }
    uint32_t *sizes = nnx_arena_array(&c->ir->arena, u->steps, sizeof *sizes);
    if (!sizes)
        return ox_fail(c, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    for (uint32_t t = 0; t < u->steps; t++)
        sizes[t] = 1;
    nnx_attrs a = {.split = {.axis = 1, .sizes = sizes}};
    return ox_node(c, NNX_OP_SPLIT, &x, 1, &a, u->steps, first);
}

/* The values of one step, each [batch, 1, heads, size]. */
typedef struct step_in {
    uint32_t q, k, v, gate, beta;
} step_in;

static nnx_status view4(ox *c, uint32_t x, uint32_t d0, uint32_t d1, uint32_t d2, uint32_t d3, uint32_t *y)
{
    uint32_t s[4] = {d0, d1, d2, d3};
    return reshape(c, x, 4, s, y);
}

/* One step of the recurrence on the state S [batch, kv_heads, key_size, value_size]
 * (*state NNX_NONE: the zero state, which is not materialized):
 *   gated rules:  S = exp(decay_t) S (per key row, or per head)
 *   write w:      v_t, or for the delta rules beta_t (v_t - S^T k_t)
 *   S = S + k_t w^T
 * and the read q_t^T S [batch, 1, q_heads * value_size] (query head h reads state h / group,
 * adjacent heads sharing one, as the function body's expansion of the state orders them). */
static nnx_status step(ox *c, const linear_attention *u, const step_in *x, uint32_t *state, uint32_t *read)
{
    uint32_t B = u->batch, H = u->kv_heads, dk = u->key_size, dv = u->value_size;
    uint32_t k_col, k_row, w, outer, s = *state;
    CHECK(view4(c, x->k, B, H, dk, 1, &k_col));
    CHECK(view4(c, x->v, B, H, 1, dv, &w));
    if (uses_decay(u->rule) && s != NNX_NONE) {
        uint32_t g;
        CHECK(view4(c, x->gate, B, H, u->decay_size, 1, &g));
        CHECK(bin(c, NNX_OP_MUL, s, g, &s));
    }
    if (uses_beta(u->rule)) {
        uint32_t b;
        if (s != NNX_NONE) {
            uint32_t retrieved;
            CHECK(view4(c, x->k, B, H, 1, dk, &k_row));
            CHECK(bin(c, NNX_OP_MATMUL, k_row, s, &retrieved));
            CHECK(bin(c, NNX_OP_SUB, w, retrieved, &w));
        }
        CHECK(view4(c, x->beta, B, u->beta_heads, 1, 1, &b));
        CHECK(bin(c, NNX_OP_MUL, b, w, &w));
    }
    /* k_t w^T: an outer product, the broadcast product of a column and a row */
    CHECK(bin(c, NNX_OP_MUL, k_col, w, &outer));
    if (s == NNX_NONE)
        s = outer;
    else
        CHECK(bin(c, NNX_OP_ADD, s, outer, &s));
    *state = s;
    uint32_t q, r, row[3] = {B, 1, 0};
    CHECK(view4(c, x->q, B, H, u->group, dk, &q));
    CHECK(bin(c, NNX_OP_MATMUL, q, s, &r));
    row[2] = u->q_heads * dv; /* checked to fit by read_node */
    return reshape(c, r, 3, row, read);
}

/* The unrolled recurrence: each step's read into reads[t], the final state into *state. */
static nnx_status unroll(ox *c, const linear_attention *u, uint32_t *reads, uint32_t *state)
{
    step_in first;
    CHECK(steps_of(c, u, u->q, &first.q));
    CHECK(steps_of(c, u, u->k, &first.k));
    CHECK(steps_of(c, u, u->v, &first.v));
    CHECK(steps_of(c, u, u->gate, &first.gate));
    CHECK(steps_of(c, u, u->beta, &first.beta));
    *state = u->past;
    for (uint32_t t = 0; t < u->steps; t++) {
        step_in x = {first.q + t, first.k + t, first.v + t, first.gate + t, first.beta + t};
        CHECK(step(c, u, &x, state, &reads[t]));
    }
    return NNX_OK;
}

/* LinearAttention (opset 27): query [batch, T, q_num_heads * dk], key [batch, T,
 * kv_num_heads * dk], value [batch, T, kv_num_heads * dv], optional past_state [batch,
 * kv_num_heads, dk, dv] (absent: zeros), decay [batch, T, kv_num_heads * dk or kv_num_heads]
 * (gated rules, as log-decay: the state is multiplied by exp(decay)), beta [batch, T,
 * kv_num_heads or 1] (delta rules). output [batch, T, q_num_heads * dv] is scale q_t^T S_t
 * after step t's update (scale defaulting to 1/sqrt(dk)), present_state the last S, of
 * past_state's type when given, else query's. */
nnx_status nnx_onnx_op_linear_attention(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in,
                                        uint32_t *out)
{
    linear_attention u;
    CHECK(read_node(c, n, in, n_in, &u));
    double scale = ox_attr(n, "scale") ? ox_attr_f(n, "scale", 1.0f) : 1.0 / sqrt((double)u.key_size);
    uint32_t *reads = ox_calloc(c, u.steps, sizeof *reads);
    if (!reads)
        return ox_fail(c, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    uint32_t state, y;
    nnx_attrs ca = {.axis = {1}};
    nnx_status st = unroll(c, &u, reads, &state);
    if (st == NNX_OK)
        st = u.steps == 1 ? (y = reads[0], NNX_OK) : ox_node(c, NNX_OP_CONCAT, reads, u.steps, &ca, 1, &y);
    nnx_mem_free(c->ir->alloc, reads);
    CHECK(st);
    CHECK(bin_scalar(c, NNX_OP_MUL, y, scale, &y));
    CHECK(cast(c, y, u.dt, &out[0]));
    if (n->n_output > 1)
        CHECK(cast(c, state, u.past != NNX_NONE ? ox_desc(c, in[3]).dtype : u.dt, &out[1]));
    return NNX_OK;
}
