/* test_builder_errors_elementwise.c: negative tests of the WebNN validation steps
 * (WebNN operand constraints and method steps) for the comparisons, logical ops, isNaN/isInfinite,
 * the unary ops roundEven … identity, the activations and reduceL1 … reduceSumSquare. One table row
 * per error condition: status, message prefix "<webnn op> ['<label>']: " and substring. */
#include "builder_errors_fixture.h"

#define NOT_ACCEPTED "which this operation does not accept"

static nnx_status op_done(fx *f, nnx_operand *result)
{
    f->result = result;
    return nnx_builder_status(f->b);
}

typedef nnx_operand *(*binary_fn)(nnx_builder *, nnx_operand *, nnx_operand *, const nnx_operator_options *);
typedef nnx_operand *(*unary_fn)(nnx_builder *, nnx_operand *, const nnx_operator_options *);
typedef nnx_operand *(*reduce_fn)(nnx_builder *, nnx_operand *, const nnx_reduce_options *);

/* ------------------------------------------------------------------ comparisons */

static nnx_status built_equal(fx *f)
{
    nnx_operand *x = spend_builder(f);
    return op_done(f, nnx_builder_equal(f->b, x, x, NULL));
}
static nnx_status equal_types(fx *f) { return op_done(f, nnx_builder_equal(f->b, X(F32, 2), X(I32, 2), NULL)); }
static nnx_status greater_broadcast(fx *f)
{
    return op_done(f, nnx_builder_greater(f->b, X(F32, 2, 3), X(F32, 4, 1, 2), NULL));
}
static nnx_status lesser_other_builder(fx *f)
{
    return op_done(f, nnx_builder_lesser(f->b, X(F32, 2), X2(F32, 2), NULL));
}
static nnx_status lesser_or_equal_null(fx *f)
{
    return op_done(f, nnx_builder_lesser_or_equal(f->b, NULL, X(F32, 2), NULL));
}
static nnx_status greater_or_equal_types(fx *f)
{
    return op_done(f, nnx_builder_greater_or_equal(f->b, X(U8, 2), X(NNX_INT8, 2), NULL));
}
static nnx_status not_equal_label(fx *f)
{
    nnx_operator_options o = {"cmp"};
    return op_done(f, nnx_builder_not_equal(f->b, X(F16, 3), X(F32, 3), &o));
}

/* ------------------------------------------------------------------ logical */

static nnx_status logical_not_float(fx *f) { return op_done(f, nnx_builder_logical_not(f->b, X(F32, 2), NULL)); }
static nnx_status logical_and_int32(fx *f)
{
    return op_done(f, nnx_builder_logical_and(f->b, X(I32, 2), X(I32, 2), NULL));
}
static nnx_status logical_or_types(fx *f)
{
    return op_done(f, nnx_builder_logical_or(f->b, X(U8, 2), X(NNX_BOOL, 2), NULL));
}
static nnx_status logical_xor_broadcast(fx *f)
{
    return op_done(f, nnx_builder_logical_xor(f->b, X(U8, 2, 3), X(U8, 2), NULL));
}
static nnx_status logical_xor_other_builder(fx *f)
{
    return op_done(f, nnx_builder_logical_xor(f->b, X(U8, 2), X2(U8, 2), NULL));
}

/* ------------------------------------------------------------------ unary and activations */

static nnx_status unary_of(fx *f, unary_fn fn, nnx_dtype dt) { return op_done(f, fn(f->b, X(dt, 2, 2), NULL)); }
static nnx_status is_nan_int(fx *f) { return unary_of(f, nnx_builder_is_nan, I32); }
static nnx_status is_infinite_uint8(fx *f) { return unary_of(f, nnx_builder_is_infinite, U8); }
static nnx_status round_even_int(fx *f) { return unary_of(f, nnx_builder_round_even, I32); }
static nnx_status sign_uint32(fx *f) { return unary_of(f, nnx_builder_sign, U32); }
static nnx_status erf_int(fx *f) { return unary_of(f, nnx_builder_erf, I32); }
static nnx_status reciprocal_int(fx *f) { return unary_of(f, nnx_builder_reciprocal, I32); }
static nnx_status sin_int(fx *f) { return unary_of(f, nnx_builder_sin, I32); }
static nnx_status cos_int(fx *f) { return unary_of(f, nnx_builder_cos, I32); }
static nnx_status tan_int(fx *f) { return unary_of(f, nnx_builder_tan, I32); }
static nnx_status gelu_int(fx *f) { return unary_of(f, nnx_builder_gelu, I32); }
static nnx_status hard_swish_int(fx *f) { return unary_of(f, nnx_builder_hard_swish, I32); }
static nnx_status softplus_int(fx *f) { return unary_of(f, nnx_builder_softplus, I32); }
static nnx_status softsign_uint8(fx *f) { return unary_of(f, nnx_builder_softsign, U8); }
static nnx_status identity_other_builder(fx *f) { return op_done(f, nnx_builder_identity(f->b, X2(F32, 2), NULL)); }
static nnx_status identity_null(fx *f) { return op_done(f, nnx_builder_identity(f->b, NULL, NULL)); }
static nnx_status built_identity(fx *f)
{
    nnx_operand *x = spend_builder(f);
    return op_done(f, nnx_builder_identity(f->b, x, NULL));
}
static nnx_status elu_int(fx *f)
{
    nnx_elu_options o = {"e", nnx_f64(1)};
    return op_done(f, nnx_builder_elu(f->b, X(I32, 2), &o));
}
static nnx_status hard_sigmoid_int(fx *f) { return op_done(f, nnx_builder_hard_sigmoid(f->b, X(NNX_INT64, 2), NULL)); }
static nnx_status leaky_relu_int(fx *f) { return op_done(f, nnx_builder_leaky_relu(f->b, X(NNX_INT8, 2), NULL)); }
static nnx_status linear_uint32(fx *f)
{
    nnx_linear_options o = {NULL, nnx_f64(2), nnx_f64(1)};
    return op_done(f, nnx_builder_linear(f->b, X(U32, 2), &o));
}
static nnx_status prelu_uint8(fx *f) { return op_done(f, nnx_builder_prelu(f->b, X(U8, 2), X(U8, 2), NULL)); }
static nnx_status prelu_slope_type(fx *f) { return op_done(f, nnx_builder_prelu(f->b, X(F32, 2), X(F16, 2), NULL)); }
static nnx_status prelu_broadcast(fx *f) { return op_done(f, nnx_builder_prelu(f->b, X(F32, 2, 3), X(F32, 4), NULL)); }
static nnx_status prelu_slope_other_builder(fx *f)
{
    return op_done(f, nnx_builder_prelu(f->b, X(F32, 2), X2(F32, 2), NULL));
}

/* ------------------------------------------------------------------ reductions */

static nnx_status reduce_of(fx *f, reduce_fn fn, nnx_operand *x, const uint32_t *axes, uint32_t n)
{
    nnx_reduce_options o = {NULL, axes, n, false};
    return op_done(f, fn(f->b, x, &o));
}
static nnx_status l1_int8(fx *f) { return reduce_of(f, nnx_builder_reduce_l1, X(NNX_INT8, 2, 3), NULL, 0); }
static nnx_status product_uint8(fx *f) { return reduce_of(f, nnx_builder_reduce_product, X(U8, 2, 3), NULL, 0); }
static nnx_status sum_square_bool(fx *f)
{
    return reduce_of(f, nnx_builder_reduce_sum_square, X(NNX_BOOL, 2, 3), NULL, 0);
}
static nnx_status l2_int(fx *f) { return reduce_of(f, nnx_builder_reduce_l2, X(I32, 2, 3), NULL, 0); }
static nnx_status log_sum_int(fx *f) { return reduce_of(f, nnx_builder_reduce_log_sum, X(I32, 2, 3), NULL, 0); }
static nnx_status log_sum_exp_int(fx *f) { return reduce_of(f, nnx_builder_reduce_log_sum_exp, X(U32, 2, 3), NULL, 0); }
static nnx_status l1_axis_range(fx *f) { return reduce_of(f, nnx_builder_reduce_l1, X(F32, 2, 3), LIST(0, 2)); }
static nnx_status l2_axis_twice(fx *f) { return reduce_of(f, nnx_builder_reduce_l2, X(F32, 2, 3), LIST(1, 1)); }
static nnx_status log_sum_scalar_axis(fx *f) { return reduce_of(f, nnx_builder_reduce_log_sum, XS(F32), LIST(0)); }
static nnx_status product_axis_twice(fx *f)
{
    return reduce_of(f, nnx_builder_reduce_product, X(F32, 2, 3, 4), LIST(2, 0, 2));
}
static nnx_status sum_square_other_builder(fx *f)
{
    return reduce_of(f, nnx_builder_reduce_sum_square, X2(F32, 2, 3), NULL, 0);
}
static nnx_status built_log_sum_exp(fx *f)
{
    nnx_operand *x = spend_builder(f);
    return reduce_of(f, nnx_builder_reduce_log_sum_exp, x, NULL, 0);
}

/* ------------------------------------------------------------------ where */

static nnx_status where_float_condition(fx *f)
{
    return op_done(f, nnx_builder_where(f->b, X(F32, 2), X(F32, 2), X(F32, 2), NULL));
}
static nnx_status where_int8_condition(fx *f)
{
    return op_done(f, nnx_builder_where(f->b, X(NNX_INT8, 2), X(F32, 2), X(F32, 2), NULL));
}
static nnx_status where_value_types(fx *f)
{
    return op_done(f, nnx_builder_where(f->b, X(U8, 2), X(F32, 2), X(F16, 2), NULL));
}
static nnx_status where_broadcast(fx *f)
{
    return op_done(f, nnx_builder_where(f->b, X(U8, 3), X(F32, 2, 1), X(F32, 1, 2), NULL));
}
static nnx_status where_null_false(fx *f)
{
    return op_done(f, nnx_builder_where(f->b, X(U8, 2), X(I32, 2), NULL, NULL));
}
static nnx_status where_other_builder(fx *f)
{
    return op_done(f, nnx_builder_where(f->b, X2(U8, 2), X(I32, 2), X(I32, 2), NULL));
}

static err_case rows[] = {
    /* comparisons */
    OP("built builder: equal", built_equal, IS, "equal", "already built"),
    OP("equal: dtype mismatch", equal_types, IA, "equal", "input types differ (float32 and int32)"),
    OP("greater: broadcast", greater_broadcast, IA, "greater",
       "shapes float32[2,3] and float32[4,1,2] do not broadcast"),
    OP("lesser: operand of another builder", lesser_other_builder, IA, "lesser", "input b belongs to another builder"),
    OP("lesserOrEqual: NULL operand", lesser_or_equal_null, IA, "lesserOrEqual", "input a"),
    OP("greaterOrEqual: dtype mismatch", greater_or_equal_types, IA, "greaterOrEqual",
       "input types differ (uint8 and int8)"),
    OP("notEqual: label", not_equal_label, IA, "notEqual 'cmp'", "input types differ (float16 and float32)"),
    /* where */
    OP("where: float32 condition", where_float_condition, IA, "where",
       "condition has data type float32, " NOT_ACCEPTED),
    OP("where: int8 condition", where_int8_condition, IA, "where", "condition has data type int8, " NOT_ACCEPTED),
    OP("where: value types differ", where_value_types, IA, "where",
       "trueValue and falseValue types differ (float32 and float16)"),
    OP("where: shapes do not broadcast", where_broadcast, IA, "where",
       "the shapes of condition, trueValue and falseValue do not broadcast"),
    OP("where: NULL falseValue", where_null_false, IA, "where", "falseValue"),
    OP("where: condition of another builder", where_other_builder, IA, "where", "condition belongs to another builder"),
    /* logical */
    OP("logicalNot: float32", logical_not_float, IA, "logicalNot", "input has data type float32, " NOT_ACCEPTED),
    OP("logicalAnd: int32", logical_and_int32, IA, "logicalAnd", "input a has data type int32, " NOT_ACCEPTED),
    OP("logicalOr: dtype mismatch", logical_or_types, IA, "logicalOr", "input types differ (uint8 and bool)"),
    OP("logicalXor: broadcast", logical_xor_broadcast, IA, "logicalXor",
       "shapes uint8[2,3] and uint8[2] do not broadcast"),
    OP("logicalXor: operand of another builder", logical_xor_other_builder, IA, "logicalXor",
       "input b belongs to another builder"),
    /* isNaN, isInfinite and the unary ops */
    OP("isNaN: int32", is_nan_int, IA, "isNaN", "input has data type int32, " NOT_ACCEPTED),
    OP("isInfinite: uint8", is_infinite_uint8, IA, "isInfinite", "input has data type uint8, " NOT_ACCEPTED),
    OP("roundEven: int32", round_even_int, IA, "roundEven", "input has data type int32, " NOT_ACCEPTED),
    OP("sign: uint32", sign_uint32, IA, "sign", "input has data type uint32, " NOT_ACCEPTED),
    OP("erf: int32", erf_int, IA, "erf", "input has data type int32, " NOT_ACCEPTED),
    OP("reciprocal: int32", reciprocal_int, IA, "reciprocal", "input has data type int32, " NOT_ACCEPTED),
    OP("sin: int32", sin_int, IA, "sin", "input has data type int32, " NOT_ACCEPTED),
    OP("cos: int32", cos_int, IA, "cos", "input has data type int32, " NOT_ACCEPTED),
    OP("tan: int32", tan_int, IA, "tan", "input has data type int32, " NOT_ACCEPTED),
    OP("identity: operand of another builder", identity_other_builder, IA, "identity",
       "input belongs to another builder"),
    OP("identity: NULL operand", identity_null, IA, "identity", "input"),
    OP("built builder: identity", built_identity, IS, "identity", "already built"),
    /* activations */
    OP("elu: int32", elu_int, IA, "elu 'e'", "input has data type int32, " NOT_ACCEPTED),
    OP("gelu: int32", gelu_int, IA, "gelu", "input has data type int32, " NOT_ACCEPTED),
    OP("hardSigmoid: int64", hard_sigmoid_int, IA, "hardSigmoid", "input has data type int64, " NOT_ACCEPTED),
    OP("hardSwish: int32", hard_swish_int, IA, "hardSwish", "input has data type int32, " NOT_ACCEPTED),
    OP("leakyRelu: int8", leaky_relu_int, IA, "leakyRelu", "input has data type int8, " NOT_ACCEPTED),
    OP("linear: uint32", linear_uint32, IA, "linear", "input has data type uint32, " NOT_ACCEPTED),
    OP("softplus: int32", softplus_int, IA, "softplus", "input has data type int32, " NOT_ACCEPTED),
    OP("softsign: uint8", softsign_uint8, IA, "softsign", "input has data type uint8, " NOT_ACCEPTED),
    OP("prelu: uint8", prelu_uint8, IA, "prelu", "input has data type uint8, " NOT_ACCEPTED),
    OP("prelu: slope type", prelu_slope_type, IA, "prelu", "slope type float16 differs from input type float32"),
    OP("prelu: broadcast", prelu_broadcast, IA, "prelu",
       "shapes float32[2,3] (input) and float32[4] (slope) do not broadcast"),
    OP("prelu: slope of another builder", prelu_slope_other_builder, IA, "prelu", "slope belongs to another builder"),
    /* reductions */
    OP("reduceL1: int8", l1_int8, IA, "reduceL1", "input has data type int8, " NOT_ACCEPTED),
    OP("reduceProduct: uint8", product_uint8, IA, "reduceProduct", "input has data type uint8, " NOT_ACCEPTED),
    OP("reduceSumSquare: bool", sum_square_bool, IA, "reduceSumSquare", "input has data type bool, " NOT_ACCEPTED),
    OP("reduceL2: int32", l2_int, IA, "reduceL2", "input has data type int32, " NOT_ACCEPTED),
    OP("reduceLogSum: int32", log_sum_int, IA, "reduceLogSum", "input has data type int32, " NOT_ACCEPTED),
    OP("reduceLogSumExp: uint32", log_sum_exp_int, IA, "reduceLogSumExp", "input has data type uint32, " NOT_ACCEPTED),
    OP("reduceL1: axis out of range", l1_axis_range, IA, "reduceL1", "axis 2 is out of range for rank 2"),
    OP("reduceL2: axis twice", l2_axis_twice, IA, "reduceL2", "axis 1 is given twice"),
    OP("reduceLogSum: axis of a scalar", log_sum_scalar_axis, IA, "reduceLogSum", "axis 0 is out of range for rank 0"),
    OP("reduceProduct: axis twice", product_axis_twice, IA, "reduceProduct", "axis 2 is given twice"),
    OP("reduceSumSquare: operand of another builder", sum_square_other_builder, IA, "reduceSumSquare",
       "input belongs to another builder"),
    OP("built builder: reduceLogSumExp", built_log_sum_exp, IS, "reduceLogSumExp", "already built"),
};

int main(void) { return run_error_tests("builder_errors_elementwise", rows, sizeof rows / sizeof rows[0], NULL, 0); }
