/* lower_quant.c — graph.quant applied as pseudo-quantization (NNX_MODEL_APPLY_QUANTIZATION):
 * each tensor graph.quant names is replaced, right after the operation producing it, by the
 * output of its quantization operation, built from core ops step by step as the chapter-4
 * body computes it (linear_quantize, logarithmic_quantize; NNEF 1.0.2
 * §4.9.5; min_max_linear_quantize and zero_point_linear_quantize of the library after 1.0.2,
 * the latter what tract writes for int8/uint8 tensors), so results match running the body
 * itself. Bounds, scales and zero points are graph.quant literals (decision 53). */
#include "formats/nnef/lower/lower_internal.h"

#include <math.h>
#include <string.h>

/* A float32 rank-0 constant holding v rounded to float32. */
static nnx_status constant(lowerer *L, double v, uint32_t *id)
{
    float f = (float)v;
    nnx_operand_desc d = {.dtype = NNX_FLOAT32, .rank = 0};
    return lw_constant(L, &d, &f, sizeof f, id);
}

/* y = op(x, c) with c a float32 constant (broadcast), or op(c, x) when c_first. */
static nnx_status with_constant(lowerer *L, nnx_op op, uint32_t x, double c, bool c_first, uint32_t *y)
{
    uint32_t in[2];
    nnx_status st = constant(L, c, &in[c_first ? 0 : 1]);
    in[c_first ? 1 : 0] = x;
    return st == NNX_OK ? lw_node(L, op, in, 2, NULL, 1, y) : st;
}

static nnx_status unary(lowerer *L, nnx_op op, uint32_t x, uint32_t *y) { return lw_node(L, op, &x, 1, NULL, 1, y); }

static nnx_status clamp(lowerer *L, uint32_t x, float lo, float hi, uint32_t *y)
{
    nnx_attrs a = {.clamp = {.lo = {.f = lo}, .hi = {.f = hi}}};
    return lw_node(L, NNX_OP_CLAMP, &x, 1, &a, 1, y);
}

/* A literal argument of the entry as a float32 value. */
static bool literal(const nnx_nnef_flat_quant *q, const char *name, float *out)
{
    for (uint32_t i = 0; i < q->n_args; i++) {
        const nnx_nnef_value *v = &q->args[i].value;
        if (strcmp(q->args[i].name, name) != 0)
            continue;
        if (v->kind == NNX_NNEF_VALUE_SCALAR)
            *out = (float)v->u.scalar;
        else if (v->kind == NNX_NNEF_VALUE_INTEGER)
            *out = (float)v->u.integer;
        else
            return false;
        return true;
    }
    return false;
}

static bool logical_arg(const nnx_nnef_flat_quant *q, const char *name)
{
    for (uint32_t i = 0; i < q->n_args; i++)
        if (strcmp(q->args[i].name, name) == 0 && q->args[i].value.kind == NNX_NNEF_VALUE_LOGICAL)
            return q->args[i].value.u.logical;
    return false;
}

static int64_t bits_of(const nnx_nnef_flat_quant *q)
{
    for (uint32_t i = 0; i < q->n_args; i++)
        if (strcmp(q->args[i].name, "bits") == 0 && q->args[i].value.kind == NNX_NNEF_VALUE_INTEGER)
            return q->args[i].value.u.integer;
    return -1;
}

/* The steps of linear_quantize and min_max_linear_quantize: z = clamp(x, min, max);
 * q = round((z - min) / (max - min) * r) - p; y = (q + p) / r * (max - min) + min. p = 0
 * (linear_quantize) adds no nodes. */
static nnx_status range_steps(lowerer *L, uint32_t x, float lo, float hi, double r, double p, uint32_t *y)
{
    float range = hi - lo; /* the body's max - min, a float32 operation */
    uint32_t v;
    nnx_status st = clamp(L, x, lo, hi, &v);
    if (st == NNX_OK)
        st = with_constant(L, NNX_OP_SUB, v, lo, false, &v);
    if (st == NNX_OK)
        st = with_constant(L, NNX_OP_DIV, v, range, false, &v);
    if (st == NNX_OK)
        st = with_constant(L, NNX_OP_MUL, v, r, false, &v);
    if (st == NNX_OK)
        st = unary(L, NNX_OP_ROUND, v, &v);
    if (st == NNX_OK && p != 0)
        st = with_constant(L, NNX_OP_SUB, v, p, false, &v);
    if (st == NNX_OK && p != 0)
        st = with_constant(L, NNX_OP_ADD, v, p, false, &v);
    if (st == NNX_OK)
        st = with_constant(L, NNX_OP_DIV, v, r, false, &v);
    if (st == NNX_OK)
        st = with_constant(L, NNX_OP_MUL, v, range, false, &v);
    if (st == NNX_OK)
        st = with_constant(L, NNX_OP_ADD, v, lo, false, y);
    return st;
}

/* linear_quantize: r = 2^bits - 1. */
static nnx_status linear(lowerer *L, uint32_t x, float lo, float hi, double r, uint32_t *y)
{
    return range_steps(L, x, lo, hi, r, 0, y);
}

/* min_max_linear_quantize: r = 2^bits - 1 - (1 if signed and symmetric); p = (2^(bits-1) -
 * (1 if symmetric)) if signed else 0. */
static nnx_status min_max(lowerer *L, uint32_t x, float lo, float hi, int64_t bits, bool sgn, bool sym, uint32_t *y)
{
    double r = ldexp(1.0, (int)bits) - 1 - (sgn && sym ? 1 : 0);
    double p = sgn ? ldexp(1.0, (int)bits - 1) - (sym ? 1 : 0) : 0;
    return range_steps(L, x, lo, hi, r, p, y);
}

/* zero_point_linear_quantize: s = round(x / scale) + zero_point; r = 2^(bits-1) - 1 if signed
 * else 2^bits - 1; q = clamp(s, lo, r), lo = 0 (unsigned), -r (signed symmetric), -r - 1
 * (signed); y = (q - zero_point) * scale. */
static nnx_status zero_point(lowerer *L, uint32_t x, float zp, float scale, int64_t bits, bool sgn, bool sym,
                             uint32_t *y)
{
    double r = sgn ? ldexp(1.0, (int)bits - 1) - 1 : ldexp(1.0, (int)bits) - 1;
    double lo = !sgn ? 0 : sym ? -r : -r - 1;
    uint32_t v;
    nnx_status st = with_constant(L, NNX_OP_DIV, x, scale, false, &v);
    if (st == NNX_OK)
        st = unary(L, NNX_OP_ROUND, v, &v);
    if (st == NNX_OK)
        st = with_constant(L, NNX_OP_ADD, v, zp, false, &v);
    if (st == NNX_OK)
        st = clamp(L, v, (float)lo, (float)r, &v);
    if (st == NNX_OK)
        st = with_constant(L, NNX_OP_SUB, v, zp, false, &v);
    if (st == NNX_OK)
        st = with_constant(L, NNX_OP_MUL, v, scale, false, y);
    return st;
}

/* m = ceil(log2(max)); r = 2^bits - 1; q = round(clamp(log2(abs(x)), m - r, m));
 * y = sign(x) * 2.0 ^ q, with log2(v) = log(v) / log(2.0) in float32. */
static nnx_status logarithmic(lowerer *L, uint32_t x, float hi, double r, uint32_t *y)
{
    float ln2 = (float)log(2.0), m = ceilf((float)log(hi) / ln2);
    uint32_t v = NNX_NONE, s = NNX_NONE;
    nnx_status st = unary(L, NNX_OP_ABS, x, &v);
    if (st == NNX_OK)
        st = unary(L, NNX_OP_LOG, v, &v);
    if (st == NNX_OK)
        st = with_constant(L, NNX_OP_DIV, v, ln2, false, &v);
    if (st == NNX_OK)
        st = clamp(L, v, m - (float)r, m, &v);
    if (st == NNX_OK)
        st = unary(L, NNX_OP_ROUND, v, &v);
    if (st == NNX_OK)
        st = with_constant(L, NNX_OP_POW, v, 2.0, true, &v);
    if (st == NNX_OK)
        st = unary(L, NNX_OP_SIGN, x, &s);
    uint32_t in[2] = {s, v};
    if (st == NNX_OK)
        st = lw_node(L, NNX_OP_MUL, in, 2, NULL, 1, y);
    return st;
}

static nnx_status quantize(lowerer *L, uint32_t t)
{
    const nnx_nnef_flat_quant *q = L->g->tensors[t].quant;
    int64_t bits = bits_of(q);
    float lo = 0, hi = 0;
    if (L->g->tensors[t].dtype != NNX_NNEF_TYPE_SCALAR)
        return lw_unsupported(L, "graph.quant quantizes '%s', which is not a scalar tensor", L->g->tensors[t].name);
    if (bits < 1 || bits > 32)
        return lw_unsupported(L, "'%s' of '%s' needs bits in 1..32", q->op, L->g->tensors[t].name);
    double r = ldexp(1.0, (int)bits) - 1;
    uint32_t x = L->value_of[t], y;
    if (strcmp(q->op, "linear_quantize") == 0) {
        if (!literal(q, "min", &lo) || !literal(q, "max", &hi) || !(hi > lo))
            return lw_unsupported(L, "linear_quantize of '%s' needs literal bounds with max > min (graph.quant %u:%u)",
                                  L->g->tensors[t].name, q->pos.line, q->pos.col);
        nnx_status st = linear(L, x, lo, hi, r, &y);
        if (st != NNX_OK)
            return st;
    } else if (strcmp(q->op, "logarithmic_quantize") == 0) {
        if (!literal(q, "max", &hi) || !(hi > 0))
            return lw_unsupported(L, "logarithmic_quantize of '%s' needs a literal max > 0 (graph.quant %u:%u)",
                                  L->g->tensors[t].name, q->pos.line, q->pos.col);
        nnx_status st = logarithmic(L, x, hi, r, &y);
        if (st != NNX_OK)
            return st;
    } else if (strcmp(q->op, "min_max_linear_quantize") == 0) {
        if (!literal(q, "min", &lo) || !literal(q, "max", &hi) || !(hi > lo))
            return lw_unsupported(L,
                                  "min_max_linear_quantize of '%s' needs literal bounds with max > min (graph.quant "
                                  "%u:%u)",
                                  L->g->tensors[t].name, q->pos.line, q->pos.col);
        nnx_status st = min_max(L, x, lo, hi, bits, logical_arg(q, "signed"), logical_arg(q, "symmetric"), &y);
        if (st != NNX_OK)
            return st;
    } else if (strcmp(q->op, "zero_point_linear_quantize") == 0) {
        float zp = 0, scale = 0;
        if (!literal(q, "zero_point", &zp) || !literal(q, "scale", &scale) || !(scale > 0))
            return lw_unsupported(L,
                                  "zero_point_linear_quantize of '%s' needs a literal zero_point and a literal scale "
                                  "> 0 (graph.quant %u:%u)",
                                  L->g->tensors[t].name, q->pos.line, q->pos.col);
        nnx_status st = zero_point(L, x, zp, scale, bits, logical_arg(q, "signed"), logical_arg(q, "symmetric"), &y);
        if (st != NNX_OK)
            return st;
    } else {
        return lw_unsupported(L,
                              "graph.quant applies '%s' to '%s'; only linear_quantize, logarithmic_quantize, "
                              "min_max_linear_quantize and zero_point_linear_quantize run",
                              q->op, L->g->tensors[t].name);
    }
    L->value_of[t] = y;
    return NNX_OK;
}

static nnx_status quantize_value(lowerer *L, const nnx_nnef_value *v)
{
    if (v->kind == NNX_NNEF_VALUE_TENSOR)
        return L->g->tensors[v->u.tensor].quant && L->value_of[v->u.tensor] != NNX_NONE ? quantize(L, v->u.tensor)
                                                                                        : NNX_OK;
    nnx_status st = NNX_OK;
    if (v->kind == NNX_NNEF_VALUE_ARRAY || v->kind == NNX_NNEF_VALUE_TUPLE)
        for (uint32_t i = 0; i < v->count && st == NNX_OK; i++)
            st = quantize_value(L, &v->u.items[i]);
    return st;
}

nnx_status lw_apply_quant(lowerer *L)
{
    nnx_status st = NNX_OK;
    for (uint32_t i = 0; i < L->op->n_results && st == NNX_OK; i++)
        st = quantize_value(L, &L->op->results[i].value);
    return st;
}
