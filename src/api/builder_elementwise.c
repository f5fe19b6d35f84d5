/* builder_elementwise.c — WebNN element-wise binary and unary methods, clamp, cast,
 * comparisons, logical ops, where, isNaN/isInfinite and identity:
 * each checks the operation's allowed data types (its operand constraints in the WebNN spec), then
 * adds the core node. */
#include "api/limits.h"
#include "ir/shape.h"

#include <math.h>

#define LABEL(o) ((o) ? (o)->label : NULL)

/* The core op with a bool result (comparison, is_nan, is_inf) followed by the cast to WebNN's
 * uint8 result (0 or 1): exact (WebNN decision "WebNN uint8 logical results"). */
static nnx_operand *to_uint8(nnx_op_call *c, nnx_op op, const nnx_operand *const *in, uint32_t n_in)
{
    nnx_operand *flag = nnx_call_node(c, op, in, n_in, NULL, 1, NULL);
    if (flag == &c->b->poison)
        return flag;
    nnx_attrs attrs = {.cast = {.to = NNX_UINT8}};
    const nnx_operand *cin[1] = {flag};
    return nnx_call_node(c, NNX_OP_CAST, cin, 1, &attrs, 1, NULL);
}

/* The two-input methods: a and b operands of one type, a's type in `allowed` (0: any type);
 * the core node of op, its result cast to uint8 when `flag` (to_uint8). */
static nnx_operand *pair(nnx_builder *b, nnx_op op, const char *name, nnx_dtype_set allowed, bool flag, nnx_operand *x,
                         nnx_operand *y, const nnx_operator_options *o)
{
    nnx_op_call c;
    if (!nnx_call_begin(&c, b, name, LABEL(o)))
        return b ? &b->poison : NULL;
    if (!nnx_call_operand(&c, x, "input a") || !nnx_call_operand(&c, y, "input b") ||
        (allowed && !nnx_call_dtype(&c, x, "input a", allowed)))
        return &b->poison;
    if (x->desc.dtype != y->desc.dtype)
        return nnx_call_fail(&c, NNX_ERROR_INVALID_ARGUMENT, "input types differ (%s and %s)",
                             nnx_dtype_name(x->desc.dtype), nnx_dtype_name(y->desc.dtype));
    const nnx_operand *in[2] = {x, y};
    return flag ? to_uint8(&c, op, in, 2) : nnx_call_node(&c, op, in, 2, NULL, 1, NULL);
}

#define PAIR(fn, OP, name, allowed, flag) \
    nnx_operand *nnx_builder_##fn(nnx_builder *b, nnx_operand *x, nnx_operand *y, const nnx_operator_options *o) \
    { \
        return pair(b, NNX_OP_##OP, name, allowed, flag, x, y, o); \
    }
#define BINARY(fn, OP, name) PAIR(fn, OP, name, 0, false)
BINARY(add, ADD, "add")
BINARY(sub, SUB, "sub")
BINARY(mul, MUL, "mul")
BINARY(div, DIV, "div")
BINARY(max, MAX, "max")
BINARY(min, MIN, "min")
BINARY(pow, POW, "pow")

/* The one-input methods: x an operand of a type in `allowed`; the core node of op with attrs,
 * its result cast to uint8 when `flag` (to_uint8). */
static nnx_operand *unary(nnx_builder *b, nnx_op op, const char *name, nnx_dtype_set allowed, bool flag, nnx_operand *x,
                          const char *label, const nnx_attrs *attrs)
{
    nnx_op_call c;
    if (!nnx_call_begin(&c, b, name, label))
        return b ? &b->poison : NULL;
    if (!nnx_call_operand(&c, x, "input") || !nnx_call_dtype(&c, x, "input", allowed))
        return &b->poison;
    const nnx_operand *in[1] = {x};
    return flag ? to_uint8(&c, op, in, 1) : nnx_call_node(&c, op, in, 1, attrs, 1, NULL);
}

#define UNARY(fn, OP, name, allowed) \
    nnx_operand *nnx_builder_##fn(nnx_builder *b, nnx_operand *x, const nnx_operator_options *o) \
    { \
        return unary(b, NNX_OP_##OP, name, allowed, false, x, LABEL(o), NULL); \
    }
UNARY(abs, ABS, "abs", NNX_SET_SIGNED)
UNARY(neg, NEG, "neg", NNX_SET_SIGNED)
UNARY(ceil, CEIL, "ceil", NNX_SET_FLOAT)
UNARY(floor, FLOOR, "floor", NNX_SET_FLOAT)
UNARY(exp, EXP, "exp", NNX_SET_FLOAT)
UNARY(log, LOG, "log", NNX_SET_FLOAT)
UNARY(sqrt, SQRT, "sqrt", NNX_SET_FLOAT)
UNARY(relu, RELU, "relu", NNX_SET_SIGNED)
UNARY(sigmoid, SIGMOID, "sigmoid", NNX_SET_FLOAT)
UNARY(tanh, TANH, "tanh", NNX_SET_FLOAT)

/* The lowest (or highest) value of dt in its scalar representation. */
static nnx_scalar type_bound(nnx_dtype dt, bool upper)
{
    nnx_scalar s;
    switch (nnx_dtype_kind_of(dt)) {
    case NNX_KIND_FLOAT: s.f = upper ? INFINITY : -INFINITY; break;
    case NNX_KIND_SINT: s.i = upper ? (int64_t)nnx_dtype_int_max(dt) : nnx_dtype_int_min(dt); break;
    default: s.u = upper ? nnx_dtype_int_max(dt) : 0; break;
    }
    return s;
}

/* An absent or NaN bound is no bound (WebNN's inverted defaults are a spec bug, §6.1). */
static nnx_scalar clamp_bound(nnx_number n, nnx_dtype dt, bool upper)
{
    if (n.kind == NNX_NUMBER_ABSENT || (n.kind == NNX_NUMBER_FLOAT64 && isnan(n.value.f64)))
        return type_bound(dt, upper);
    return nnx_number_cast(n, dt);
}

static bool scalar_greater(nnx_dtype dt, nnx_scalar a, nnx_scalar b)
{
    switch (nnx_dtype_kind_of(dt)) {
    case NNX_KIND_FLOAT: return a.f > b.f;
    case NNX_KIND_SINT: return a.i > b.i;
    default: return a.u > b.u;
    }
}

nnx_operand *nnx_builder_clamp(nnx_builder *b, nnx_operand *x, const nnx_clamp_options *o)
{
    nnx_op_call c;
    if (!nnx_call_begin(&c, b, "clamp", LABEL(o)))
        return b ? &b->poison : NULL;
    if (!nnx_call_operand(&c, x, "input"))
        return &b->poison;
    nnx_clamp_options opts = o ? *o : (nnx_clamp_options){0};
    nnx_dtype dt = x->desc.dtype;
    nnx_attrs attrs = {
        .clamp = {.lo = clamp_bound(opts.min_value, dt, false), .hi = clamp_bound(opts.max_value, dt, true)}};
    if (scalar_greater(dt, attrs.clamp.lo, attrs.clamp.hi))
        return nnx_call_fail(&c, NNX_ERROR_INVALID_ARGUMENT, "minValue is greater than maxValue");
    const nnx_operand *in[1] = {x};
    return nnx_call_node(&c, NNX_OP_CLAMP, in, 1, &attrs, 1, NULL);
}

nnx_operand *nnx_builder_cast(nnx_builder *b, nnx_operand *x, nnx_dtype dtype, const nnx_operator_options *o)
{
    nnx_op_call c;
    if (!nnx_call_begin(&c, b, "cast", LABEL(o)))
        return b ? &b->poison : NULL;
    if (!nnx_dtype_valid(dtype))
        return nnx_call_fail(&c, NNX_ERROR_INVALID_ARGUMENT, "data type %d is not a data type", (int)dtype);
    nnx_attrs attrs = {.cast = {.to = dtype}};
    return unary(b, NNX_OP_CAST, "cast", NNX_SET_ANY, false, x, LABEL(o), &attrs);
}

/* ---------------------------------------------------------------- WebNN comparisons, logic */

/* equal … lesserOrEqual: a any type (bool included, WebNN `MLOperandDataType`, decision 6.1-27), b of a's type,
 * shapes broadcast. */
#define COMPARE(fn, OP, name) PAIR(fn, OP, name, 0, true)
COMPARE(equal, EQUAL, "equal")
COMPARE(not_equal, NOT_EQUAL, "notEqual")
COMPARE(greater, GREATER, "greater")
COMPARE(greater_or_equal, GREATER_EQUAL, "greaterOrEqual")
COMPARE(lesser, LESS, "lesser")
COMPARE(lesser_or_equal, LESS_EQUAL, "lesserOrEqual")

PAIR(logical_and, LOGICAL_AND, "logicalAnd", NNX_SET_LOGICAL, false)
PAIR(logical_or, LOGICAL_OR, "logicalOr", NNX_SET_LOGICAL, false)
PAIR(logical_xor, LOGICAL_XOR, "logicalXor", NNX_SET_LOGICAL, false)

nnx_operand *nnx_builder_logical_not(nnx_builder *b, nnx_operand *x, const nnx_operator_options *o)
{
    return unary(b, NNX_OP_LOGICAL_NOT, "logicalNot", NNX_SET_LOGICAL, false, x, LABEL(o), NULL);
}

/* WebNN where: a uint8 condition becomes the core node's bool by a cast (non-zero is true).
 * The shapes are checked before that cast, so a failed call adds no node. */
nnx_operand *nnx_builder_where(nnx_builder *b, nnx_operand *cond, nnx_operand *t, nnx_operand *f,
                               const nnx_operator_options *o)
{
    nnx_op_call c;
    if (!nnx_call_begin(&c, b, "where", LABEL(o)))
        return b ? &b->poison : NULL;
    if (!nnx_call_operand(&c, cond, "condition") || !nnx_call_operand(&c, t, "trueValue") ||
        !nnx_call_operand(&c, f, "falseValue") || !nnx_call_dtype(&c, cond, "condition", NNX_SET_LOGICAL))
        return &b->poison;
    if (t->desc.dtype != f->desc.dtype)
        return nnx_call_fail(&c, NNX_ERROR_INVALID_ARGUMENT, "trueValue and falseValue types differ (%s and %s)",
                             nnx_dtype_name(t->desc.dtype), nnx_dtype_name(f->desc.dtype));
    uint32_t tf[NNX_MAX_RANK], all[NNX_MAX_RANK], rtf, rall;
    if (!nnx_broadcast_shapes(t->desc.shape, t->desc.rank, f->desc.shape, f->desc.rank, tf, &rtf) ||
        !nnx_broadcast_shapes(cond->desc.shape, cond->desc.rank, tf, rtf, all, &rall))
        return nnx_call_fail(&c, NNX_ERROR_INVALID_ARGUMENT,
                             "the shapes of condition, trueValue and falseValue do "
                             "not broadcast");
    const nnx_operand *flag = cond;
    if (cond->desc.dtype != NNX_BOOL) {
        nnx_attrs attrs = {.cast = {.to = NNX_BOOL}};
        const nnx_operand *cin[1] = {cond};
        flag = nnx_call_node(&c, NNX_OP_CAST, cin, 1, &attrs, 1, NULL);
        if (flag == &b->poison)
            return &b->poison;
    }
    const nnx_operand *in[3] = {flag, t, f};
    return nnx_call_node(&c, NNX_OP_WHERE, in, 3, NULL, 1, NULL);
}

nnx_operand *nnx_builder_is_nan(nnx_builder *b, nnx_operand *x, const nnx_operator_options *o)
{
    return unary(b, NNX_OP_IS_NAN, "isNaN", NNX_SET_FLOAT, true, x, LABEL(o), NULL);
}
nnx_operand *nnx_builder_is_infinite(nnx_builder *b, nnx_operand *x, const nnx_operator_options *o)
{
    return unary(b, NNX_OP_IS_INF, "isInfinite", NNX_SET_FLOAT, true, x, LABEL(o), NULL);
}

/* ---------------------------------------------------------------- WebNN unary (more) */

UNARY(round_even, ROUND_EVEN, "roundEven", NNX_SET_FLOAT)
UNARY(sign, SIGN, "sign", NNX_SET_SIGNED)
UNARY(erf, ERF, "erf", NNX_SET_FLOAT)
UNARY(reciprocal, RCP, "reciprocal", NNX_SET_FLOAT)
UNARY(sin, SIN, "sin", NNX_SET_FLOAT)
UNARY(cos, COS, "cos", NNX_SET_FLOAT)
UNARY(tan, TAN, "tan", NNX_SET_FLOAT)

/* identity: a copy, which is core reshape to the same shape (as NNEF copy lowers). */
nnx_operand *nnx_builder_identity(nnx_builder *b, nnx_operand *x, const nnx_operator_options *o)
{
    nnx_op_call c;
    if (!nnx_call_begin(&c, b, "identity", LABEL(o)))
        return b ? &b->poison : NULL;
    if (!nnx_call_operand(&c, x, "input"))
        return &b->poison;
    nnx_attrs attrs = {.reshape = {.rank = x->desc.rank}};
    for (uint32_t i = 0; i < x->desc.rank; i++)
        attrs.reshape.shape[i] = x->desc.shape[i];
    const nnx_operand *in[1] = {x};
    return nnx_call_node(&c, NNX_OP_RESHAPE, in, 1, &attrs, 1, NULL);
}
