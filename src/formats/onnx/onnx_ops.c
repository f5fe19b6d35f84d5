/* onnx_ops.c — ONNX operators mapped onto core IR operations (ONNX Operators.md).
 * Each mapping keeps the ONNX attribute meanings of the opsets from its table row's `since`
 * on (opset-dependent forms — attributes that became inputs, changed defaults — are read by
 * the model's opset). Operand values that ONNX passes as tensors but core IR needs as
 * attributes (shapes, axes, pads, …) must be known at load time (ox_ints). An attribute
 * value a mapping cannot express fails with NNX_ERROR_NOT_SUPPORTED naming it. */
#include "formats/onnx/onnx_build.h"

#include "ir/dtypes.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* ---------------------------------------------------------------- element-wise */

static const struct {
    const char *name;
    nnx_op op;
} unary_ops[] = {
    {"Abs", NNX_OP_ABS},
    {"Neg", NNX_OP_NEG},
    {"Ceil", NNX_OP_CEIL},
    {"Floor", NNX_OP_FLOOR},
    {"Exp", NNX_OP_EXP},
    {"Log", NNX_OP_LOG},
    {"Sqrt", NNX_OP_SQRT},
    {"Relu", NNX_OP_RELU},
    {"Sigmoid", NNX_OP_SIGMOID},
    {"Tanh", NNX_OP_TANH},
    {"Reciprocal", NNX_OP_RCP},
    {"Sin", NNX_OP_SIN},
    {"Cos", NNX_OP_COS},
    {"Tan", NNX_OP_TAN},
    {"Sign", NNX_OP_SIGN},
    {"Round", NNX_OP_ROUND_EVEN},
    {"Erf", NNX_OP_ERF},
    {"IsNaN", NNX_OP_IS_NAN},
    {"Not", NNX_OP_LOGICAL_NOT},
    {"Softplus", NNX_OP_SOFTPLUS},
    {"Softsign", NNX_OP_SOFTSIGN},
    {"HardSwish", NNX_OP_HARD_SWISH},
    {"BitwiseNot", NNX_OP_BITWISE_NOT},
};
static const struct {
    const char *name;
    nnx_op op;
} binary_ops[] = {
    {"Add", NNX_OP_ADD},
    {"Sub", NNX_OP_SUB},
    {"Mul", NNX_OP_MUL},
    {"Div", NNX_OP_DIV},
    {"Equal", NNX_OP_EQUAL},
    {"Less", NNX_OP_LESS},
    {"Greater", NNX_OP_GREATER},
    {"LessOrEqual", NNX_OP_LESS_EQUAL},
    {"GreaterOrEqual", NNX_OP_GREATER_EQUAL},
    {"And", NNX_OP_LOGICAL_AND},
    {"Or", NNX_OP_LOGICAL_OR},
    {"Xor", NNX_OP_LOGICAL_XOR},
    {"PRelu", NNX_OP_PRELU},
    {"BitwiseAnd", NNX_OP_BITWISE_AND},
    {"BitwiseOr", NNX_OP_BITWISE_OR},
    {"BitwiseXor", NNX_OP_BITWISE_XOR},
};

static nnx_status op_unary(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    for (size_t i = 0; i < sizeof unary_ops / sizeof unary_ops[0]; i++)
        if (strcmp(unary_ops[i].name, n->op_type) == 0)
            return un(c, unary_ops[i].op, in[0], &out[0]);
    return unsupported(c, "%s", n->op_type);
}

static nnx_status op_binary(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    if (n_in != 2)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "takes 2 inputs");
    uint32_t a = in[0], b = in[1];
    nnx_operand_desc ad = ox_desc(c, a), bd = ox_desc(c, b);
    if (c->opset < 7 && ox_attr_i(n, "broadcast", 0)) {
        /* before opset 7: B broadcasts to A with its axes starting at `axis` (default: the
         * trailing ones, numpy's alignment) */
        const Onnx__AttributeProto *ax = ox_attr(n, "axis");
        if (ax && bd.rank) {
            uint32_t axis, s[NNX_MAX_RANK];
            CHECK(axis_of(c, ax->i, ad.rank, &axis));
            if (axis + bd.rank > ad.rank)
                return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "B does not fit A from axis %u", axis);
            for (uint32_t i = 0; i < ad.rank; i++)
                s[i] = i >= axis && i < axis + bd.rank ? bd.shape[i - axis] : 1;
            CHECK(reshape(c, b, ad.rank, s, &b));
        }
    } else if (c->opset < 7 && (ad.rank != bd.rank || memcmp(ad.shape, bd.shape, sizeof ad.shape) != 0) &&
               strcmp(n->op_type, "PRelu") != 0)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "shapes differ without broadcast (opset %lld)",
                       (long long)c->opset);
    if (strcmp(n->op_type, "PRelu") == 0 && c->opset < 7 && bd.rank == 1 && ad.rank > 2 && bd.shape[0] == ad.shape[1] &&
        bd.shape[0] != 1) {
        /* PRelu before opset 7: a 1-D slope is per channel */
        uint32_t s[NNX_MAX_RANK];
        for (uint32_t i = 0; i < ad.rank - 1; i++)
            s[i] = i == 0 ? bd.shape[0] : 1;
        CHECK(reshape(c, b, ad.rank - 1, s, &b));
    }
    for (size_t i = 0; i < sizeof binary_ops / sizeof binary_ops[0]; i++)
        if (strcmp(binary_ops[i].name, n->op_type) == 0)
            return bin(c, binary_ops[i].op, a, b, &out[0]);
    return unsupported(c, "%s", n->op_type);
}

/* Pow: the exponent may have another type than the base (opset 12); it is cast to the base's. */
static nnx_status op_pow(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    uint32_t e;
    CHECK(cast(c, in[1], ox_desc(c, in[0]).dtype, &e));
    return bin(c, NNX_OP_POW, in[0], e, &out[0]);
}

/* Max, Min, Sum, Mean: variadic, folded pairwise (Mean divides the sum by the count). */
static nnx_status op_variadic(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    nnx_op op = strcmp(n->op_type, "Max") == 0 ? NNX_OP_MAX : strcmp(n->op_type, "Min") == 0 ? NNX_OP_MIN : NNX_OP_ADD;
    if (n_in < 1 || in[0] == NNX_NONE)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "needs at least one input");
    uint32_t acc = in[0];
    if (n_in == 1) {
        nnx_operand_desc d = ox_desc(c, acc);
        nnx_attrs a = {.reshape = {.rank = d.rank}};
        memcpy(a.reshape.shape, d.shape, sizeof d.shape);
        CHECK(ox_node(c, NNX_OP_RESHAPE, &acc, 1, &a, 1, &acc));
    }
    for (uint32_t k = 1; k < n_in; k++)
        CHECK(bin(c, op, acc, in[k], &acc));
    if (strcmp(n->op_type, "Mean") == 0) {
        uint32_t cnt;
        CHECK(scalar_like(c, acc, n_in, &cnt));
        CHECK(bin(c, NNX_OP_DIV, acc, cnt, &acc));
    }
    out[0] = acc;
    return NNX_OK;
}

static nnx_status activation(ox *c, nnx_op op, uint32_t x, double alpha, double beta, uint32_t *y)
{
    nnx_attrs a = {.activation = {.alpha = alpha, .beta = beta}};
    return ox_node(c, op, &x, 1, &a, 1, y);
}

static nnx_status op_activation(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    const char *t = n->op_type;
    uint32_t x = in[0], y, z;
    if (strcmp(t, "Elu") == 0)
        return activation(c, NNX_OP_ELU, x, ox_attr_f(n, "alpha", 1.0f), 0, &out[0]);
    if (strcmp(t, "HardSigmoid") == 0)
        return activation(c, NNX_OP_HARD_SIGMOID, x, ox_attr_f(n, "alpha", 0.2f), ox_attr_f(n, "beta", 0.5f), &out[0]);
    if (strcmp(t, "LeakyRelu") == 0)
        return activation(c, NNX_OP_LEAKY_RELU, x, ox_attr_f(n, "alpha", 0.01f), 0, &out[0]);
    if (strcmp(t, "Selu") == 0) { /* gamma * elu(x, alpha) */
        CHECK(activation(c, NNX_OP_ELU, x, ox_attr_f(n, "alpha", 1.67326319217681884765625f), 0, &y));
        CHECK(scalar_like(c, x, ox_attr_f(n, "gamma", 1.05070102214813232421875f), &z));
        return bin(c, NNX_OP_MUL, y, z, &out[0]);
    }
    if (strcmp(t, "Celu") == 0) { /* alpha * elu(x / alpha, 1) */
        double alpha = ox_attr_f(n, "alpha", 1.0f);
        CHECK(scalar_like(c, x, alpha, &z));
        CHECK(bin(c, NNX_OP_DIV, x, z, &y));
        CHECK(activation(c, NNX_OP_ELU, y, 1.0, 0, &y));
        return bin(c, NNX_OP_MUL, y, z, &out[0]);
    }
    if (strcmp(t, "ThresholdedRelu") == 0) { /* x > alpha ? x : 0 */
        uint32_t w[3];
        CHECK(scalar_like(c, x, ox_attr_f(n, "alpha", 1.0f), &z));
        CHECK(bin(c, NNX_OP_GREATER, x, z, &w[0]));
        w[1] = x;
        CHECK(scalar_like(c, x, 0, &w[2]));
        return ox_node(c, NNX_OP_WHERE, w, 3, NULL, 1, &out[0]);
    }
    if (strcmp(t, "Shrink") == 0) { /* x < -l ? x + b : x > l ? x - b : 0 */
        double l = ox_attr_f(n, "lambd", 0.5f), b = ox_attr_f(n, "bias", 0.0f);
        uint32_t nl, pl, bb, lo, hi, xp, xm, zero, w[3];
        CHECK(scalar_like(c, x, -l, &nl));
        CHECK(scalar_like(c, x, l, &pl));
        CHECK(scalar_like(c, x, b, &bb));
        CHECK(scalar_like(c, x, 0, &zero));
        CHECK(bin(c, NNX_OP_LESS, x, nl, &lo));
        CHECK(bin(c, NNX_OP_GREATER, x, pl, &hi));
        CHECK(bin(c, NNX_OP_ADD, x, bb, &xp));
        CHECK(bin(c, NNX_OP_SUB, x, bb, &xm));
        w[0] = hi, w[1] = xm, w[2] = zero;
        CHECK(ox_node(c, NNX_OP_WHERE, w, 3, NULL, 1, &y));
        w[0] = lo, w[1] = xp, w[2] = y;
        return ox_node(c, NNX_OP_WHERE, w, 3, NULL, 1, &out[0]);
    }
    if (strcmp(t, "IsInf") == 0) {
        bool pos = ox_attr_i(n, "detect_positive", 1), neg = ox_attr_i(n, "detect_negative", 1);
        CHECK(un(c, NNX_OP_IS_INF, x, &y));
        if (pos && neg) {
            out[0] = y;
            return NNX_OK;
        }
        CHECK(scalar_like(c, x, 0, &z));
        uint32_t s;
        CHECK(bin(c, pos ? NNX_OP_GREATER : NNX_OP_LESS, x, z, &s));
        if (!pos && !neg) { /* never */
            CHECK(bin(c, NNX_OP_LOGICAL_AND, y, s, &y));
            CHECK(bin(c, NNX_OP_GREATER, x, z, &z));
            return bin(c, NNX_OP_LOGICAL_AND, y, z, &out[0]);
        }
        return bin(c, NNX_OP_LOGICAL_AND, y, s, &out[0]);
    }
    /* hyperbolic functions from exp and log */
    uint32_t one, e1, e2, half;
    CHECK(scalar_like(c, x, 1, &one));
    CHECK(scalar_like(c, x, 0.5, &half));
    if (strcmp(t, "Sinh") == 0 || strcmp(t, "Cosh") == 0) {
        CHECK(un(c, NNX_OP_EXP, x, &e1));
        CHECK(un(c, NNX_OP_NEG, x, &y));
        CHECK(un(c, NNX_OP_EXP, y, &e2));
        CHECK(bin(c, t[0] == 'S' ? NNX_OP_SUB : NNX_OP_ADD, e1, e2, &y));
        return bin(c, NNX_OP_MUL, y, half, &out[0]);
    }
    if (strcmp(t, "Asinh") == 0 || strcmp(t, "Acosh") == 0) { /* log(x + sqrt(x^2 +- 1)) */
        CHECK(bin(c, NNX_OP_MUL, x, x, &y));
        CHECK(bin(c, t[1] == 's' ? NNX_OP_ADD : NNX_OP_SUB, y, one, &y));
        CHECK(un(c, NNX_OP_SQRT, y, &y));
        CHECK(bin(c, NNX_OP_ADD, x, y, &y));
        return un(c, NNX_OP_LOG, y, &out[0]);
    }
    if (strcmp(t, "Atanh") == 0) { /* log((1 + x) / (1 - x)) / 2 */
        CHECK(bin(c, NNX_OP_ADD, one, x, &e1));
        CHECK(bin(c, NNX_OP_SUB, one, x, &e2));
        CHECK(bin(c, NNX_OP_DIV, e1, e2, &y));
        CHECK(un(c, NNX_OP_LOG, y, &y));
        return bin(c, NNX_OP_MUL, y, half, &out[0]);
    }
    return unsupported(c, "%s", t);
}

static nnx_status op_identity(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    out[0] = in[0];
    return NNX_OK;
}

/* Dropout in inference: the identity; the mask output is all true. training_mode true with a
 * ratio other than 0 draws its mask (onnx_ops_random.c). */
static nnx_status op_dropout(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    uint32_t tm = in_or_none(in, n_in, 2);
    if (tm != NNX_NONE) {
        int64_t v[1];
        uint32_t k;
        CHECK(ox_ints(c, tm, "training_mode", v, 1, &k));
        double ratio = 0.5;
        uint32_t rk = 0;
        if (k && v[0] && in_or_none(in, n_in, 1) != NNX_NONE)
            CHECK(ox_doubles(c, in[1], "ratio", &ratio, 1, &rk));
        if (k && v[0] && ratio != 0)
            return nnx_onnx_dropout_training(c, n, in[0], ratio, out);
    }
    if (ox_attr_i(n, "is_test", 1) == 0 && c->opset < 7)
        return unsupported(c, "%s in training is not supported", "Dropout");
    out[0] = in[0];
    if (n->n_output > 1) {
        nnx_operand_desc d = ox_desc(c, in[0]);
        d.dtype = NNX_BOOL;
        size_t b;
        nnx_desc_bytes(&d, &b);
        uint8_t *ones = ox_alloc(c, b ? b : 1);
        if (!ones)
            return ox_fail(c, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
        memset(ones, 1, b);
        nnx_status st = ox_const(c, &d, ones, &out[1]);
        nnx_mem_free(c->ir->alloc, ones);
        return st;
    }
    return NNX_OK;
}

/* Clip: bounds as attributes (opset < 11) or optional inputs; known bounds become clamp,
 * others max/min. */
static nnx_status op_clip(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    uint32_t x = in[0], y = x;
    nnx_operand_desc d = ox_desc(c, x);
    if (c->opset < 11) {
        uint32_t lo, hi;
        CHECK(scalar_like(c, x, ox_attr_f(n, "min", -INFINITY), &lo));
        CHECK(scalar_like(c, x, ox_attr_f(n, "max", INFINITY), &hi));
        CHECK(bin(c, NNX_OP_MAX, y, lo, &y));
        return bin(c, NNX_OP_MIN, y, hi, &out[0]);
    }
    uint32_t lo = in_or_none(in, n_in, 1), hi = in_or_none(in, n_in, 2);
    if (lo != NNX_NONE)
        CHECK(bin(c, NNX_OP_MAX, y, lo, &y));
    if (hi != NNX_NONE)
        CHECK(bin(c, NNX_OP_MIN, y, hi, &y));
    (void)d;
    out[0] = y; /* no bounds: the input itself */
    return NNX_OK;
}

static nnx_status op_cast(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    nnx_dtype to;
    if (strcmp(n->op_type, "CastLike") == 0)
        to = ox_desc(c, in[1]).dtype;
    else {
        int64_t t = ox_attr_i(n, "to", 0);
        to = nnx_onnx_dtype((int32_t)t);
        if (to == NNX_DTYPE_UNDEFINED) {
            char buf[32];
            snprintf(buf, sizeof buf, "%lld", (long long)t);
            return unsupported(c, "cast to ONNX data type %s is not supported", buf);
        }
    }
    return ox_onnx_cast(c, n, in[0], to, &out[0]);
}

static nnx_status op_where(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    return ox_node(c, NNX_OP_WHERE, in, 3, NULL, 1, &out[0]);
}

/* ---------------------------------------------------------------- reductions */

static const struct {
    const char *name;
    nnx_op op;
} reduce_ops[] = {
    {"ReduceSum", NNX_OP_REDUCE_SUM},
    {"ReduceMean", NNX_OP_REDUCE_MEAN},
    {"ReduceMax", NNX_OP_REDUCE_MAX},
    {"ReduceMin", NNX_OP_REDUCE_MIN},
    {"ReduceProd", NNX_OP_REDUCE_PRODUCT},
    {"ReduceL1", NNX_OP_REDUCE_L1},
    {"ReduceL2", NNX_OP_REDUCE_L2},
    {"ReduceLogSum", NNX_OP_REDUCE_LOG_SUM},
    {"ReduceLogSumExp", NNX_OP_REDUCE_LOG_SUM_EXP},
    {"ReduceSumSquare", NNX_OP_REDUCE_SUM_SQUARE},
};

static nnx_status op_reduce(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    nnx_op op = NNX_OP_COUNT;
    for (size_t i = 0; i < sizeof reduce_ops / sizeof reduce_ops[0]; i++)
        if (strcmp(reduce_ops[i].name, n->op_type) == 0)
            op = reduce_ops[i].op;
    nnx_operand_desc d = ox_desc(c, in[0]);
    int64_t axes[NNX_MAX_RANK];
    uint32_t na, mask = 0;
    bool given;
    /* ReduceSum took axes as an input from opset 13, the others from opset 18 */
    CHECK(axes_of(c, n, in, n_in, 1, op == NNX_OP_REDUCE_SUM ? 13 : 18, axes, &na, &given));
    for (uint32_t i = 0; i < na; i++) {
        uint32_t a;
        CHECK(axis_of(c, axes[i], d.rank, &a));
        mask |= 1u << a;
    }
    if (!na) {
        if (ox_attr_i(n, "noop_with_empty_axes", 0)) {
            out[0] = in[0];
            return NNX_OK;
        }
        mask = d.rank ? (uint32_t)((UINT64_C(1) << d.rank) - 1) : 0;
    }
    return reduce(c, op, in[0], mask, ox_attr_i(n, "keepdims", 1) != 0, &out[0]);
}

/* ArgMax / ArgMin; select_last_index reverses the axis and maps the index back. */
static nnx_status op_arg(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    nnx_operand_desc d = ox_desc(c, in[0]);
    uint32_t axis, x = in[0];
    CHECK(axis_of(c, ox_attr_i(n, "axis", 0), d.rank, &axis));
    bool last = ox_attr_i(n, "select_last_index", 0) != 0;
    if (last) {
        nnx_attrs r = {.reverse = {1u << axis}};
        CHECK(ox_node(c, NNX_OP_REVERSE, &x, 1, &r, 1, &x));
    }
    nnx_attrs a = {.arg_reduce = {.axes_mask = 1u << axis,
                                  .keep_dims = ox_attr_i(n, "keepdims", 1) != 0,
                                  .index_dtype = NNX_INT64}};
    uint32_t y;
    CHECK(
        ox_node(c, strcmp(n->op_type, "ArgMax") == 0 ? NNX_OP_REDUCE_ARGMAX : NNX_OP_REDUCE_ARGMIN, &x, 1, &a, 1, &y));
    if (last) {
        uint32_t top;
        CHECK(ox_scalar(c, NNX_INT64, (double)d.shape[axis] - 1, &top));
        CHECK(bin(c, NNX_OP_SUB, top, y, &y));
    }
    out[0] = y;
    return NNX_OK;
}

/* ---------------------------------------------------------------- softmax family */

/* Before opset 13 the input is coerced to 2-D at axis (default 1) and the op runs on the
 * second axis; from 13 on it runs on one axis (default -1). */
static nnx_status softmax_like(ox *c, const Onnx__NodeProto *n, uint32_t x, int kind, uint32_t *y)
{
    nnx_operand_desc d = ox_desc(c, x);
    uint32_t axis;
    bool coerce = c->opset < 13;
    CHECK(axis_of(c, ox_attr_i(n, "axis", coerce ? 1 : -1), d.rank ? d.rank : 1, &axis));
    uint32_t v = x;
    if (coerce) {
        uint64_t a = 1, b = 1;
        for (uint32_t i = 0; i < d.rank; i++)
            *(i < axis ? &a : &b) *= d.shape[i];
        uint32_t s[2] = {(uint32_t)a, (uint32_t)b};
        CHECK(reshape(c, x, 2, s, &v));
        axis = 1;
    }
    uint32_t r;
    if (kind == 0) {
        nnx_attrs a = {.axis = {axis}};
        CHECK(ox_node(c, NNX_OP_SOFTMAX, &v, 1, &a, 1, &r));
    } else if (kind == 1) { /* log softmax: x - log_sum_exp(x) */
        uint32_t lse;
        CHECK(reduce(c, NNX_OP_REDUCE_LOG_SUM_EXP, v, 1u << axis, true, &lse));
        CHECK(bin(c, NNX_OP_SUB, v, lse, &r));
    } else { /* hardmax: 1 at the first maximum */
        nnx_operand_desc vd = ox_desc(c, v);
        nnx_attrs a = {.arg_reduce = {.axes_mask = 1u << axis, .keep_dims = true, .index_dtype = NNX_INT64}};
        uint32_t idx, seq, eq;
        CHECK(ox_node(c, NNX_OP_REDUCE_ARGMAX, &v, 1, &a, 1, &idx));
        nnx_operand_desc rd = {NNX_INT64, vd.rank, {0}};
        for (uint32_t i = 0; i < vd.rank; i++)
            rd.shape[i] = i == axis ? vd.shape[axis] : 1;
        int64_t *p = ox_alloc(c, (size_t)vd.shape[axis] * 8);
        if (!p)
            return ox_fail(c, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
        for (uint32_t i = 0; i < vd.shape[axis]; i++)
            p[i] = i;
        nnx_status st = ox_const(c, &rd, p, &seq);
        nnx_mem_free(c->ir->alloc, p);
        CHECK(st);
        CHECK(bin(c, NNX_OP_EQUAL, idx, seq, &eq));
        CHECK(cast(c, eq, vd.dtype, &r));
    }
    if (coerce)
        return reshape(c, r, d.rank, d.shape, y);
    *y = r;
    return NNX_OK;
}

static nnx_status op_softmax(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    int kind = strcmp(n->op_type, "Softmax") == 0 ? 0 : strcmp(n->op_type, "LogSoftmax") == 0 ? 1 : 2;
    return softmax_like(c, n, in[0], kind, &out[0]);
}

/* NegativeLogLikelihoodLoss(input [N, C, d...], target [N, d...], weight [C]?):
 * loss = -input[n, t, d] * weight[t], 0 where t == ignore_index; reduction none, sum, or
 * mean = sum / sum of the weights taken. */
static nnx_status nll(ox *c, const Onnx__NodeProto *n, uint32_t x, uint32_t target, uint32_t weight, uint32_t *y)
{
    char buf[16];
    const char *red = ox_attr_s(n, "reduction", "mean", buf, sizeof buf);
    int r = strcmp(red, "none") == 0 ? 0 : strcmp(red, "sum") == 0 ? 1 : strcmp(red, "mean") == 0 ? 2 : -1;
    if (r < 0)
        return unsupported(c, "reduction '%s' is not supported", red);
    const Onnx__AttributeProto *ig = ox_attr(n, "ignore_index");
    nnx_operand_desc xd = ox_desc(c, x), td = ox_desc(c, target);
    if (xd.rank < 2 || td.rank != xd.rank - 1)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "input must be [N, C, ...] and target [N, ...]");
    uint32_t t = target, mask = NNX_NONE, zero, w[3];
    CHECK(cast(c, t, NNX_INT64, &t));
    if (ig) {
        uint32_t igv;
        CHECK(ox_scalar(c, NNX_INT64, (double)ig->i, &igv));
        CHECK(bin(c, NNX_OP_NOT_EQUAL, t, igv, &mask));
        CHECK(ox_scalar(c, NNX_INT64, 0, &zero));
        w[0] = mask, w[1] = t, w[2] = zero;
        CHECK(ox_node(c, NNX_OP_WHERE, w, 3, NULL, 1, &t));
    }
    int64_t one_axis = 1;
    uint32_t t1, g, loss;
    CHECK(unsqueeze(c, t, &one_axis, 1, &t1));
    nnx_attrs a = {.axis = {1}};
    uint32_t gi[2] = {x, t1};
    CHECK(ox_node(c, NNX_OP_GATHER_ELEMENTS, gi, 2, &a, 1, &g));
    CHECK(reshape(c, g, td.rank, td.shape, &g));
    CHECK(un(c, NNX_OP_NEG, g, &loss));
    uint32_t wt = NNX_NONE;
    if (weight != NNX_NONE) {
        nnx_attrs ga = {.axis = {0}};
        uint32_t wi[2] = {weight, t};
        CHECK(ox_node(c, NNX_OP_GATHER, wi, 2, &ga, 1, &wt));
    }
    if (mask != NNX_NONE) {
        uint32_t mf;
        CHECK(cast(c, mask, xd.dtype, &mf));
        if (wt == NNX_NONE)
            wt = mf;
        else
            CHECK(bin(c, NNX_OP_MUL, wt, mf, &wt));
    }
    if (wt != NNX_NONE)
        CHECK(bin(c, NNX_OP_MUL, loss, wt, &loss));
    if (r == 0) {
        *y = loss;
        return NNX_OK;
    }
    uint32_t all = (uint32_t)((UINT64_C(1) << td.rank) - 1), sum;
    CHECK(reduce(c, NNX_OP_REDUCE_SUM, loss, all, false, &sum));
    if (r == 1) {
        *y = sum;
        return NNX_OK;
    }
    uint32_t den;
    if (wt != NNX_NONE)
        CHECK(reduce(c, NNX_OP_REDUCE_SUM, wt, all, false, &den));
    else {
        uint64_t cnt;
        nnx_desc_elements(&td, &cnt);
        CHECK(ox_scalar(c, xd.dtype, (double)cnt, &den));
    }
    return bin(c, NNX_OP_DIV, sum, den, y);
}

static nnx_status op_nll(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    return nll(c, n, in[0], in[1], in_or_none(in, n_in, 2), &out[0]);
}

static nnx_status op_sce(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    uint32_t lse, lp;
    CHECK(reduce(c, NNX_OP_REDUCE_LOG_SUM_EXP, in[0], 2u, true, &lse));
    CHECK(bin(c, NNX_OP_SUB, in[0], lse, &lp));
    CHECK(nll(c, n, lp, in[1], in_or_none(in, n_in, 2), &out[0]));
    if (n->n_output > 1)
        out[1] = lp;
    return NNX_OK;
}

/* Range of float16 / bfloat16: as Range's function body computes it, in float32 (the bounds
 * cast up, the result cast back; ONNX Operators, Range). */
static nnx_status op_range(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    nnx_dtype dt = n_in == 3 && in[0] != NNX_NONE ? ox_desc(c, in[0]).dtype : NNX_DTYPE_UNDEFINED;
    if (dt != NNX_FLOAT16 && dt != NNX_BFLOAT16)
        return nnx_onnx_op_range(c, n, in, n_in, out);
    uint32_t f[3], r[1] = {NNX_NONE};
    for (int i = 0; i < 3; i++) {
        if (in[i] == NNX_NONE || ox_desc(c, in[i]).dtype != dt)
            return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "start, limit and delta must have one type");
        CHECK(cast(c, in[i], NNX_FLOAT32, &f[i]));
    }
    CHECK(nnx_onnx_op_range(c, n, f, 3, r));
    return cast(c, r[0], dt, &out[0]);
}

/* ---------------------------------------------------------------- the table */

static const ox_op ops[] = {
    {"Compress", 9, nnx_onnx_op_compress},
    {"ConvInteger", 10, nnx_onnx_op_integer_product},
    {"DynamicQuantizeLinear", 11, nnx_onnx_op_dynamic_quantize},
    {"MatMulInteger", 10, nnx_onnx_op_integer_product},
    {"MaxUnpool", 9, nnx_onnx_op_max_unpool},
    {"NonMaxSuppression", 10, nnx_onnx_op_nms},
    {"NonZero", 9, nnx_onnx_op_nonzero},
    {"QLinearConv", 10, nnx_onnx_op_integer_product},
    {"QLinearMatMul", 10, nnx_onnx_op_integer_product},
    {"ReverseSequence", 10, nnx_onnx_op_reverse_sequence},
    {"GRU", 7, nnx_onnx_op_rnn},
    {"LSTM", 7, nnx_onnx_op_rnn},
    {"RNN", 7, nnx_onnx_op_rnn},
    {"TopK", 1, nnx_onnx_op_topk},
    {"Acos", 7, nnx_onnx_op_atan_family},
    {"Asin", 7, nnx_onnx_op_atan_family},
    {"Atan", 7, nnx_onnx_op_atan_family},
    {"Det", 11, nnx_onnx_op_det},
    {"DFT", 17, nnx_onnx_op_dft},
    {"Einsum", 12, nnx_onnx_op_einsum},
    {"Unique", 11, nnx_onnx_op_unique},
    {"BitShift", 11, nnx_onnx_op_bitshift},
    {"BlackmanWindow", 17, nnx_onnx_op_window},
    {"HammingWindow", 17, nnx_onnx_op_window},
    {"HannWindow", 17, nnx_onnx_op_window},
    {"Mod", 10, nnx_onnx_op_mod},
    {"Resize", 10, nnx_onnx_op_resize},
    {"Upsample", 9, nnx_onnx_op_resize},
    {"Abs", 1, op_unary},
    {"AffineGrid", 20, nnx_onnx_op_affine_grid},
    {"Acosh", 9, op_activation},
    {"Add", 1, op_binary},
    {"And", 1, op_binary},
    {"ArgMax", 1, op_arg},
    {"ArgMin", 1, op_arg},
    {"Asinh", 9, op_activation},
    {"Atanh", 9, op_activation},
    {"Attention", 23, nnx_onnx_op_attention},
    {"AveragePool", 1, nnx_onnx_op_pool},
    {"BatchNormalization", 1, nnx_onnx_op_batch_norm},
    {"BitCast", 26, nnx_onnx_op_bitcast},
    {"BitwiseAnd", 18, op_binary},
    {"BitwiseNot", 18, op_unary},
    {"BitwiseOr", 18, op_binary},
    {"BitwiseXor", 18, op_binary},
    {"Cast", 6, op_cast},
    {"CausalConvWithState", 27, nnx_onnx_op_causal_conv_with_state},
    {"CastLike", 15, op_cast},
    {"Ceil", 1, op_unary},
    {"CenterCropPad", 18, nnx_onnx_op_center_crop_pad},
    {"Celu", 12, op_activation},
    {"Clip", 1, op_clip},
    {"Col2Im", 18, nnx_onnx_op_col2im},
    {"Concat", 4, nnx_onnx_op_concat},
    {"ConcatFromSequence", 11, nnx_onnx_op_concat_from_sequence},
    {"Constant", 1, nnx_onnx_op_constant},
    {"ConstantOfShape", 9, nnx_onnx_op_constant_of_shape},
    {"Conv", 1, nnx_onnx_op_conv},
    {"ConvTranspose", 1, nnx_onnx_op_conv_transpose},
    {"Cos", 7, op_unary},
    {"Cosh", 9, op_activation},
    {"CumProd", 26, nnx_onnx_op_cumsum},
    {"CumSum", 11, nnx_onnx_op_cumsum},
    {"DeformConv", 19, nnx_onnx_op_deform_conv},
    {"DepthToSpace", 1, nnx_onnx_op_depth_space},
    {"DequantizeLinear", 10, nnx_onnx_op_quant},
    {"Div", 1, op_binary},
    {"Dropout", 1, op_dropout},
    {"Bernoulli", 15, nnx_onnx_op_bernoulli},
    {"RandomUniform", 1, nnx_onnx_op_random_uniform},
    {"RandomNormal", 1, nnx_onnx_op_random_normal},
    {"RandomUniformLike", 1, nnx_onnx_op_random_uniform_like},
    {"RandomNormalLike", 1, nnx_onnx_op_random_normal_like},
    {"Elu", 1, op_activation},
    {"Equal", 1, op_binary},
    {"Erf", 9, op_unary},
    {"Exp", 1, op_unary},
    {"Expand", 8, nnx_onnx_op_expand},
    {"EyeLike", 9, nnx_onnx_op_eye_like},
    {"Flatten", 1, nnx_onnx_op_flatten},
    {"Floor", 1, op_unary},
    {"Gather", 1, nnx_onnx_op_gather},
    {"GatherElements", 11, nnx_onnx_op_gather},
    {"GatherND", 11, nnx_onnx_op_gather_nd},
    {"Gemm", 1, nnx_onnx_op_gemm},
    {"Gelu", 20, nnx_onnx_op_gelu},
    {"GlobalAveragePool", 1, nnx_onnx_op_global_pool},
    {"GlobalMaxPool", 1, nnx_onnx_op_global_pool},
    {"GridSample", 16, nnx_onnx_op_grid_sample},
    {"Greater", 1, op_binary},
    {"GreaterOrEqual", 12, op_binary},
    {"GroupNormalization", 18, nnx_onnx_op_group_norm},
    {"Hardmax", 1, op_softmax},
    {"HardSigmoid", 1, op_activation},
    {"HardSwish", 14, op_unary},
    {"If", 1, nnx_onnx_op_if},
    {"Identity", 1, op_identity},
    {"InstanceNormalization", 1, nnx_onnx_op_instance_norm},
    {"IsInf", 10, op_activation},
    {"IsNaN", 9, op_unary},
    {"LayerNormalization", 17, nnx_onnx_op_layer_norm},
    {"LeakyRelu", 1, op_activation},
    {"LinearAttention", 27, nnx_onnx_op_linear_attention},
    {"Less", 1, op_binary},
    {"LessOrEqual", 12, op_binary},
    {"Log", 1, op_unary},
    {"LogSoftmax", 1, op_softmax},
    {"LRN", 1, nnx_onnx_op_lrn},
    {"LpNormalization", 1, nnx_onnx_op_lp_norm},
    {"LpPool", 2, nnx_onnx_op_pool},
    {"Loop", 1, nnx_onnx_op_loop},
    {"MatMul", 1, nnx_onnx_op_matmul},
    {"Max", 1, op_variadic},
    {"MaxPool", 1, nnx_onnx_op_pool},
    {"Mean", 1, op_variadic},
    {"MelWeightMatrix", 17, nnx_onnx_op_mel_weight_matrix},
    {"MeanVarianceNormalization", 9, nnx_onnx_op_mvn},
    {"Min", 1, op_variadic},
    {"Mish", 18, nnx_onnx_op_mish},
    {"Mul", 1, op_binary},
    {"Neg", 1, op_unary},
    {"NegativeLogLikelihoodLoss", 12, op_nll},
    {"Not", 1, op_unary},
    {"OneHot", 9, nnx_onnx_op_one_hot},
    {"Optional", 15, nnx_onnx_op_optional},
    {"OptionalGetElement", 15, nnx_onnx_op_optional_get_element},
    {"OptionalHasElement", 15, nnx_onnx_op_optional_has_element},
    {"Or", 1, op_binary},
    {"Pad", 2, nnx_onnx_op_pad},
    {"Pow", 1, op_pow},
    {"PRelu", 1, op_binary},
    {"QuantizeLinear", 10, nnx_onnx_op_quant},
    {"Range", 11, op_range},
    {"Reciprocal", 1, op_unary},
    {"ReduceL1", 1, op_reduce},
    {"ReduceL2", 1, op_reduce},
    {"ReduceLogSum", 1, op_reduce},
    {"ReduceLogSumExp", 1, op_reduce},
    {"ReduceMax", 1, op_reduce},
    {"ReduceMean", 1, op_reduce},
    {"ReduceMin", 1, op_reduce},
    {"ReduceProd", 1, op_reduce},
    {"ReduceSum", 1, op_reduce},
    {"ReduceSumSquare", 1, op_reduce},
    {"Relu", 1, op_unary},
    {"Reshape", 1, nnx_onnx_op_reshape},
    {"RMSNormalization", 23, nnx_onnx_op_rms_norm},
    {"RoiAlign", 10, nnx_onnx_op_roi_align},
    {"RotaryEmbedding", 23, nnx_onnx_op_rotary_embedding},
    {"Round", 11, op_unary},
    {"Scan", 8, nnx_onnx_op_scan},
    {"Scatter", 9, nnx_onnx_op_scatter},
    {"ScatterElements", 11, nnx_onnx_op_scatter},
    {"ScatterND", 11, nnx_onnx_op_scatter},
    {"Selu", 1, op_activation},
    {"SequenceAt", 11, nnx_onnx_op_sequence_at},
    {"SequenceConstruct", 11, nnx_onnx_op_sequence_construct},
    {"SequenceEmpty", 11, nnx_onnx_op_sequence_empty},
    {"SequenceErase", 11, nnx_onnx_op_sequence_erase},
    {"SequenceInsert", 11, nnx_onnx_op_sequence_insert},
    {"SequenceLength", 11, nnx_onnx_op_sequence_length},
    {"SequenceMap", 17, nnx_onnx_op_sequence_map},
    {"Shape", 1, nnx_onnx_op_shape},
    {"Shrink", 9, op_activation},
    {"Sigmoid", 1, op_unary},
    {"Sign", 9, op_unary},
    {"Sin", 7, op_unary},
    {"Sinh", 9, op_activation},
    {"Size", 1, nnx_onnx_op_size},
    {"Slice", 1, nnx_onnx_op_slice},
    {"Softmax", 1, op_softmax},
    {"SoftmaxCrossEntropyLoss", 12, op_sce},
    {"Softplus", 1, op_unary},
    {"Softsign", 1, op_unary},
    {"SpaceToDepth", 1, nnx_onnx_op_depth_space},
    {"Split", 2, nnx_onnx_op_split},
    {"SplitToSequence", 11, nnx_onnx_op_split_to_sequence},
    {"Sqrt", 1, op_unary},
    {"Squeeze", 1, nnx_onnx_op_squeeze},
    {"Sub", 1, op_binary},
    {"Sum", 1, op_variadic},
    {"SwiGLU", 28, nnx_onnx_op_swish},
    {"STFT", 17, nnx_onnx_op_stft},
    {"Swish", 24, nnx_onnx_op_swish},
    {"Tan", 7, op_unary},
    {"Tanh", 1, op_unary},
    {"TfIdfVectorizer", 9, nnx_onnx_op_tfidf},
    {"StringNormalizer", 10, nnx_onnx_op_string_normalizer},
    {"StringConcat", 20, nnx_onnx_op_string_concat},
    {"StringSplit", 20, nnx_onnx_op_string_split},
    {"RegexFullMatch", 20, nnx_onnx_op_regex_full_match},
    {"TensorScatter", 24, nnx_onnx_op_tensor_scatter},
    {"ThresholdedRelu", 10, op_activation},
    {"Tile", 6, nnx_onnx_op_tile},
    {"Transpose", 1, nnx_onnx_op_transpose},
    {"Trilu", 14, nnx_onnx_op_trilu},
    {"Unsqueeze", 1, nnx_onnx_op_unsqueeze},
    {"Where", 9, op_where},
    {"Xor", 1, op_binary},
};

static const ox_op training_ops[] = {
    {"Adagrad", 1, nnx_onnx_op_adagrad},
    {"Adam", 1, nnx_onnx_op_adam},
    {"Momentum", 1, nnx_onnx_op_momentum},
};

static const ox_op preview_ops[] = {
    {"FlexAttention", 1, nnx_onnx_op_flex_attention},
};

/* ai.onnx.ml (ONNX-ML Operators); `since` is the ai.onnx.ml opset, checked by the mapping. */
static const ox_op ml_ops[] = {
    {"ArrayFeatureExtractor", 1, nnx_onnx_op_array_feature_extractor},
    {"Binarizer", 1, nnx_onnx_op_binarizer},
    {"LabelEncoder", 1, nnx_onnx_op_label_encoder},
    {"TreeEnsemble", 5, nnx_onnx_op_tree_ensemble},
};

const ox_op *nnx_onnx_node_op(const Onnx__NodeProto *n, bool *other_domain)
{
    const char *d = n->domain;
    *other_domain = false;
    if (!d || !d[0] || strcmp(d, "ai.onnx") == 0)
        return nnx_onnx_find_op(n->op_type);
    *other_domain = true;
    if (strcmp(d, "ai.onnx.preview.training") == 0 && n->op_type)
        for (size_t i = 0; i < sizeof training_ops / sizeof training_ops[0]; i++)
            if (strcmp(training_ops[i].name, n->op_type) == 0)
                return &training_ops[i];
    if (strcmp(d, "ai.onnx.preview") == 0 && n->op_type)
        for (size_t i = 0; i < sizeof preview_ops / sizeof preview_ops[0]; i++)
            if (strcmp(preview_ops[i].name, n->op_type) == 0)
                return &preview_ops[i];
    if (strcmp(d, "ai.onnx.ml") == 0 && n->op_type)
        for (size_t i = 0; i < sizeof ml_ops / sizeof ml_ops[0]; i++)
            if (strcmp(ml_ops[i].name, n->op_type) == 0)
                return &ml_ops[i];
    return NULL;
}

const ox_op *nnx_onnx_find_op(const char *name)
{
    if (!name)
        return NULL;
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (strcmp(ops[i].name, name) == 0)
            return &ops[i];
    return NULL;
}
