/* builder_tosa_elementwise.c — TOSA 1.0 element-wise operators (spec §2.4–2.7 and CAST,
 * RESCALE, TABLE): binary ops with TOSA's equal-rank broadcast, unary ops, comparisons,
 * SELECT, CLAMP, NEGATE, MUL (shift), CAST (round to nearest even, saturating) and RESCALE,
 * each checked (ERROR_IF / decidable REQUIRE / LEVEL_CHECK) and mapped to one core op of the
 * same meaning (the table in src/ops/tosa.h). */
#include "api/tosa_front.h"

#include <math.h>
#include <stdio.h>

static bool put(nnx_tosa_call *k, nnx_operand *r)
{
    if (!r)
        return false;
    k->out[0] = r;
    return true;
}

static bool same_type(nnx_tosa_call *k, uint32_t i, uint32_t j)
{
    if (nnx_tosa_dt(k, i) == nnx_tosa_dt(k, j))
        return true;
    return nnx_tosa_fail(k, NNX_ERROR_INVALID_ARGUMENT,
                         "ERROR_IF(operator data types do not meet the Supported Data Types): input %u is %s, input %u "
                         "is %s",
                         i, nnx_dtype_name(nnx_tosa_dt(k, i)), j, nnx_dtype_name(nnx_tosa_dt(k, j)));
}

/* A constant input's elements, all checked by ok(value); used for REQUIREs on data that the
 * graph fixes (shift amounts, divisors). Non-constant inputs are not checked (unpredictable
 * values are left to run time). */
static bool const_all(nnx_tosa_call *k, uint32_t i, int64_t lo, int64_t hi, const char *text)
{
    const nnx_value *v = &k->t->b->ir.values[k->in[i]->value];
    if (v->kind != NNX_VALUE_CONSTANT)
        return true;
    uint64_t n = nnx_tosa_elements(k, i);
    for (uint64_t j = 0; j < n; j++) {
        int64_t x = nnx_tosa_const_i(k, i, j);
        if (x < lo || x > hi)
            return nnx_tosa_require(k, false, text);
    }
    return true;
}

/* INTDIV's REQUIRE(value2 != 0) for a constant divisor. */
static bool no_zero(nnx_tosa_call *k, uint32_t i)
{
    const nnx_value *v = &k->t->b->ir.values[k->in[i]->value];
    if (v->kind != NNX_VALUE_CONSTANT)
        return true;
    uint64_t n = nnx_tosa_elements(k, i);
    for (uint64_t j = 0; j < n; j++)
        if (nnx_tosa_const_i(k, i, j) == 0)
            return nnx_tosa_require(k, false, "value2 != 0");
    return true;
}

static bool binary(nnx_tosa_call *k, nnx_op op, const nnx_attrs *attrs)
{
    nnx_operand_desc d;
    if (!same_type(k, 0, 1) || !nnx_tosa_broadcast(k, 0, 2, &d))
        return false;
    const nnx_operand *in[2] = {k->in[0], k->in[1]};
    return put(k, nnx_tosa_node(k, op, in, 2, attrs));
}

static bool shift_op(nnx_tosa_call *k, nnx_op op, const nnx_attrs *attrs)
{
    unsigned w = nnx_dtype_bits(nnx_tosa_dt(k, 0));
    char text[64];
    snprintf(text, sizeof text, "0 <= value2 && value2 <= %u", w - 1);
    return const_all(k, 1, 0, w - 1, text) && binary(k, op, attrs);
}

static bool unary(nnx_tosa_call *k, nnx_op op)
{
    if (!nnx_tosa_check_rank(k, nnx_tosa_desc(k, 0)->rank, "shape"))
        return false;
    const nnx_operand *in[1] = {k->in[0]};
    return put(k, nnx_tosa_node(k, op, in, 1, NULL));
}

/* A 1-element zero-point (or shift) input: its integer value; checks the element count. */
static bool scalar_input(nnx_tosa_call *k, uint32_t i, const char *what, nnx_dtype want, int64_t *value)
{
    const void *data;
    if (i >= k->n_in) {
        *value = 0;
        return true;
    }
    if (want != NNX_DTYPE_UNDEFINED && nnx_tosa_dt(k, i) != want)
        return nnx_tosa_fail(k, NNX_ERROR_INVALID_ARGUMENT, "%s must be %s, not %s", what, nnx_dtype_name(want),
                             nnx_dtype_name(nnx_tosa_dt(k, i)));
    if (nnx_tosa_elements(k, i) != 1)
        return nnx_tosa_fail(k, NNX_ERROR_INVALID_ARGUMENT, "%s must have one element", what);
    if (!nnx_tosa_ctc(k, i, what, &data))
        return false;
    *value = nnx_dtype_is_float(nnx_tosa_dt(k, i)) ? (nnx_tosa_const_f(k, i, 0) != 0) : nnx_tosa_const_i(k, i, 0);
    return true;
}

static bool mul(nnx_tosa_call *k)
{
    int64_t shift = 0;
    bool i32 = nnx_tosa_dt(k, 0) == NNX_INT32;
    if (!scalar_input(k, 2, "shift", NNX_INT8, &shift) ||
        !nnx_tosa_require(k, shift >= 0 && shift <= 63, "0 <= shift && shift <= 63") ||
        !nnx_tosa_require(k, i32 || shift == 0, "is_same<in_t,int32_t>() || shift == 0"))
        return false;
    nnx_operand_desc d;
    if (!same_type(k, 0, 1) || !nnx_tosa_broadcast(k, 0, 2, &d))
        return false;
    const nnx_operand *in[3] = {k->in[0], k->in[1], k->n_in > 2 && i32 ? k->in[2] : NULL};
    return put(k, nnx_tosa_node(k, NNX_OP_TOSA_MUL, in, in[2] ? 3 : 2, NULL));
}

static bool negate(nnx_tosa_call *k)
{
    nnx_dtype dt = nnx_tosa_dt(k, 0);
    int64_t izp, ozp;
    if (!scalar_input(k, 1, "input1_zp", dt, &izp) || !scalar_input(k, 2, "output_zp", dt, &ozp) ||
        !nnx_tosa_error_if(k, dt != NNX_INT8 && izp != 0, "!is_same<in_out_t,i8_t>() && input1_zp != 0") ||
        !nnx_tosa_error_if(k, dt != NNX_INT8 && ozp != 0, "!is_same<in_out_t,i8_t>() && output_zp != 0") ||
        !nnx_tosa_check_rank(k, nnx_tosa_desc(k, 0)->rank, "shape"))
        return false;
    const nnx_operand *in[3] = {k->in[0], k->n_in > 1 ? k->in[1] : NULL, k->n_in > 2 ? k->in[2] : NULL};
    return put(k, nnx_tosa_node(k, NNX_OP_TOSA_NEGATE, in, k->n_in, NULL));
}

/* CLAMP: min_val / max_val in the input's type; absent = the type's range. */
static bool clamp(nnx_tosa_call *k)
{
    nnx_dtype dt = nnx_tosa_dt(k, 0);
    nnx_number lo = k->a->min_val, hi = k->a->max_val;
    bool fl = nnx_dtype_is_float(dt);
    if (fl &&
        !nnx_tosa_error_if(k,
                           (lo.kind == NNX_NUMBER_FLOAT64 && isnan(lo.value.f64)) ||
                               (hi.kind == NNX_NUMBER_FLOAT64 && isnan(hi.value.f64)),
                           "isNaN(min_val) || isNaN(max_val)"))
        return false;
    nnx_attrs a = {.clamp = {.nan_mode = k->a->nan_mode == NNX_TOSA_NAN_IGNORE ? NNX_NAN_IGNORE : NNX_NAN_PROPAGATE}};
    if (fl) {
        a.clamp.lo.f = lo.kind == NNX_NUMBER_ABSENT ? -INFINITY : nnx_number_cast(lo, dt).f;
        a.clamp.hi.f = hi.kind == NNX_NUMBER_ABSENT ? INFINITY : nnx_number_cast(hi, dt).f;
    } else {
        a.clamp.lo.i = lo.kind == NNX_NUMBER_ABSENT ? nnx_dtype_int_min(dt) : nnx_number_cast(lo, dt).i;
        a.clamp.hi.i = hi.kind == NNX_NUMBER_ABSENT ? (int64_t)nnx_dtype_int_max(dt) : nnx_number_cast(hi, dt).i;
        /* the attributes are in_out_t values: a number the type cannot hold is refused, not saturated */
        double l = nnx_number_to_double(lo, (double)a.clamp.lo.i), h = nnx_number_to_double(hi, (double)a.clamp.hi.i);
        if (!nnx_tosa_error_if(k, l != (double)a.clamp.lo.i || h != (double)a.clamp.hi.i,
                               "min_val or max_val is not a value of in_out_t"))
            return false;
    }
    if (!nnx_tosa_error_if(k, fl ? a.clamp.hi.f < a.clamp.lo.f : a.clamp.hi.i < a.clamp.lo.i, "max_val < min_val") ||
        !nnx_tosa_check_rank(k, nnx_tosa_desc(k, 0)->rank, "shape"))
        return false;
    const nnx_operand *in[1] = {k->in[0]};
    return put(k, nnx_tosa_node(k, NNX_OP_CLAMP, in, 1, &a));
}

static bool select_op(nnx_tosa_call *k)
{
    nnx_operand_desc d;
    if (!nnx_tosa_error_if(k, nnx_tosa_dt(k, 0) != NNX_BOOL, "input1 is not T<bool_t>") || !same_type(k, 1, 2) ||
        !nnx_tosa_broadcast(k, 0, 3, &d))
        return false;
    const nnx_operand *in[3] = {k->in[0], k->in[1], k->in[2]};
    return put(k, nnx_tosa_node(k, NNX_OP_WHERE, in, 3, NULL));
}

static bool cast(nnx_tosa_call *k)
{
    if (!nnx_tosa_check_rank(k, nnx_tosa_desc(k, 0)->rank, "shape"))
        return false;
    nnx_attrs a = {.cast = {.to = k->a->out_type, .rounding = NNX_CAST_NEAREST_EVEN}};
    const nnx_operand *in[1] = {k->in[0]};
    return put(k, nnx_tosa_node(k, NNX_OP_CAST, in, 1, &a));
}

static bool table(nnx_tosa_call *k)
{
    const void *data;
    char text[64];
    snprintf(text, sizeof text, "length(table) == TABLE_SIZE (%u)", k->row->table_size);
    if (!nnx_tosa_ctc(k, 1, "table", &data) ||
        !nnx_tosa_require(k, nnx_tosa_desc(k, 1)->rank == 1 && nnx_tosa_elements(k, 1) == k->row->table_size, text) ||
        !nnx_tosa_check_rank(k, nnx_tosa_desc(k, 0)->rank, "shape"))
        return false;
    const nnx_operand *in[2] = {k->in[0], k->in[1]};
    return put(k, nnx_tosa_node(k, NNX_OP_TOSA_TABLE, in, 2, NULL));
}

/* A zero point read as the spec does: zero-extended when the side is unsigned. */
static int64_t zp_value(nnx_tosa_call *k, uint32_t i, bool is_unsigned)
{
    int64_t v = nnx_tosa_const_i(k, i, 0);
    if (is_unsigned)
        v &= nnx_tosa_dt(k, i) == NNX_INT8 ? 0xFF : 0xFFFF;
    return v;
}

static bool rescale_flags(nnx_tosa_call *k, nnx_dtype in, nnx_dtype out, int64_t izp, int64_t ozp)
{
    const nnx_tosa_attrs *a = k->a;
    bool iu = a->input_unsigned, ou = a->output_unsigned;
    return nnx_tosa_error_if(k, in != NNX_INT8 && (in != NNX_INT16 || !iu) && izp != 0,
                             "!is_same<in_t,i8_t>() && (!is_same<in_t,i16_t>() || input_unsigned == false) && "
                             "input_zp != 0") &&
        nnx_tosa_error_if(k, out != NNX_INT8 && (out != NNX_INT16 || !ou) && ozp != 0,
                          "!is_same<out_t,i8_t>() && (!is_same<out_t,i16_t>() || output_unsigned == false) && "
                          "output_zp != 0") &&
        nnx_tosa_error_if(k, in == NNX_INT16 && iu && izp != 0 && izp != 32768,
                          "is_same<in_t,i16_t>() && input_unsigned == true && input_zp != 0 && input_zp != 32768") &&
        nnx_tosa_error_if(k, out == NNX_INT16 && ou && ozp != 0 && ozp != 32768,
                          "is_same<out_t,i16_t>() && output_unsigned == true && output_zp != 0 && output_zp != "
                          "32768") &&
        nnx_tosa_error_if(k, a->scale32 && in == NNX_INT48, "scale32 && is_same<in_t,i48_t>()") &&
        nnx_tosa_error_if(k, !a->scale32 && a->rounding_mode == NNX_TOSA_DOUBLE_ROUND,
                          "!scale32 && (rounding_mode == DOUBLE_ROUND)") &&
        nnx_tosa_error_if(k, iu && ou, "input_unsigned && output_unsigned") &&
        nnx_tosa_error_if(k, out == NNX_INT32 && iu, "is_same<out_t,i32_t>() && input_unsigned") &&
        nnx_tosa_error_if(k, in == NNX_INT32 && ou, "is_same<in_t,i32_t>() && output_unsigned") &&
        nnx_tosa_error_if(k, in == NNX_INT48 && ou, "is_same<in_t,i48_t>() && output_unsigned") &&
        nnx_tosa_error_if(k, a->per_channel && nnx_tosa_desc(k, 0)->rank < 1, "per_channel && rank(input) < 1");
}

static bool rescale(nnx_tosa_call *k)
{
    const nnx_tosa_attrs *a = k->a;
    nnx_dtype in = nnx_tosa_dt(k, 0), out = a->out_type;
    const nnx_operand_desc *x = nnx_tosa_desc(k, 0);
    const void *data;
    if (a->rounding_mode > NNX_TOSA_DOUBLE_ROUND)
        return nnx_tosa_fail(k, NNX_ERROR_INVALID_ARGUMENT, "rounding_mode %d is not a rounding_t",
                             (int)a->rounding_mode);
    if (!nnx_tosa_error_if(k, a->rounding_mode == NNX_TOSA_DOUBLE_ROUND && !(k->t->profiles & NNX_TOSA_EXT_DOUBLEROUND),
                           "rounding_mode == DOUBLE_ROUND without EXT-DOUBLEROUND") ||
        !nnx_tosa_error_if(k,
                           a->rounding_mode == NNX_TOSA_INEXACT_ROUND && !(k->t->profiles & NNX_TOSA_EXT_INEXACTROUND),
                           "rounding_mode == INEXACT_ROUND without EXT-INEXACTROUND"))
        return false;
    for (uint32_t i = 1; i < 5; i++) {
        static const char *const names[] = {"", "multiplier", "shift", "input_zp", "output_zp"};
        if (!nnx_tosa_ctc(k, i, names[i], &data))
            return false;
    }
    uint64_t nc = a->per_channel && x->rank ? x->shape[x->rank - 1] : 1;
    nnx_dtype mul_t = a->scale32 ? NNX_INT32 : NNX_INT16;
    if (nnx_tosa_dt(k, 1) != mul_t || nnx_tosa_dt(k, 2) != NNX_INT8 || nnx_tosa_dt(k, 3) != in ||
        nnx_tosa_dt(k, 4) != out)
        return nnx_tosa_fail(k, NNX_ERROR_INVALID_ARGUMENT,
                             "ERROR_IF(argument types): multiplier must be %s (scale32 = %d), shift int8, input_zp %s, "
                             "output_zp %s",
                             nnx_dtype_name(mul_t), (int)a->scale32, nnx_dtype_name(in), nnx_dtype_name(out));
    if (!nnx_tosa_error_if(k, nnx_tosa_elements(k, 1) != nc || nnx_tosa_elements(k, 2) != nc,
                           "length(multiplier) != NC || length(shift) != NC") ||
        !nnx_tosa_error_if(k, nnx_tosa_elements(k, 3) != 1 || nnx_tosa_elements(k, 4) != 1,
                           "input_zp and output_zp must have one element"))
        return false;
    for (uint64_t c = 0; c < nc; c++) {
        int64_t m = nnx_tosa_const_i(k, 1, c), s = nnx_tosa_const_i(k, 2, c);
        if (!nnx_tosa_require(k, m >= 0, "multiplier >= 0") ||
            !nnx_tosa_require(k, s >= 2 && s <= 62, "2 <= shift && shift <= 62"))
            return false;
    }
    if (!rescale_flags(k, in, out, zp_value(k, 3, a->input_unsigned), zp_value(k, 4, a->output_unsigned)) ||
        !nnx_tosa_check_rank(k, x->rank, "shape"))
        return false;
    nnx_attrs at = {.rescale = {.scale32 = a->scale32,
                                .per_channel = a->per_channel,
                                .input_unsigned = a->input_unsigned,
                                .output_unsigned = a->output_unsigned,
                                .rounding = a->rounding_mode == NNX_TOSA_DOUBLE_ROUND ? NNX_RESCALE_DOUBLE_ROUND
                                    : a->rounding_mode == NNX_TOSA_INEXACT_ROUND      ? NNX_RESCALE_INEXACT_ROUND
                                                                                      : NNX_RESCALE_SINGLE_ROUND}};
    const nnx_operand *ins[5] = {k->in[0], k->in[1], k->in[2], k->in[3], k->in[4]};
    return put(k, nnx_tosa_node(k, NNX_OP_TOSA_RESCALE, ins, 5, &at));
}

static bool unary_op(nnx_tosa_call *k, nnx_op *op)
{
    switch (k->op) {
    case NNX_TOSA_ERF: *op = NNX_OP_ERF; return true;
    case NNX_TOSA_SIGMOID: *op = NNX_OP_SIGMOID; return true;
    case NNX_TOSA_TANH: *op = NNX_OP_TANH; return true;
    case NNX_TOSA_ABS: *op = NNX_OP_ABS; return true;
    case NNX_TOSA_BITWISE_NOT: *op = NNX_OP_BITWISE_NOT; return true;
    case NNX_TOSA_CEIL: *op = NNX_OP_CEIL; return true;
    case NNX_TOSA_CLZ: *op = NNX_OP_CLZ; return true;
    case NNX_TOSA_COS: *op = NNX_OP_COS; return true;
    case NNX_TOSA_EXP: *op = NNX_OP_EXP; return true;
    case NNX_TOSA_FLOOR: *op = NNX_OP_FLOOR; return true;
    case NNX_TOSA_LOG: *op = NNX_OP_LOG; return true;
    case NNX_TOSA_LOGICAL_NOT: *op = NNX_OP_LOGICAL_NOT; return true;
    case NNX_TOSA_RECIPROCAL: *op = NNX_OP_RCP; return true;
    case NNX_TOSA_RSQRT: *op = NNX_OP_RSQRT; return true;
    case NNX_TOSA_SIN: *op = NNX_OP_SIN; return true;
    default: return false;
    }
}

static bool binary_op(nnx_tosa_call *k, nnx_op *op)
{
    switch (k->op) {
    case NNX_TOSA_ADD: *op = NNX_OP_ADD; return true;
    case NNX_TOSA_SUB: *op = NNX_OP_SUB; return true;
    case NNX_TOSA_POW: *op = NNX_OP_POW; return true;
    case NNX_TOSA_BITWISE_AND: *op = NNX_OP_BITWISE_AND; return true;
    case NNX_TOSA_BITWISE_OR: *op = NNX_OP_BITWISE_OR; return true;
    case NNX_TOSA_BITWISE_XOR: *op = NNX_OP_BITWISE_XOR; return true;
    case NNX_TOSA_LOGICAL_AND: *op = NNX_OP_LOGICAL_AND; return true;
    case NNX_TOSA_LOGICAL_OR: *op = NNX_OP_LOGICAL_OR; return true;
    case NNX_TOSA_LOGICAL_XOR: *op = NNX_OP_LOGICAL_XOR; return true;
    case NNX_TOSA_EQUAL: *op = NNX_OP_EQUAL; return true;
    case NNX_TOSA_GREATER: *op = NNX_OP_GREATER; return true;
    case NNX_TOSA_GREATER_EQUAL: *op = NNX_OP_GREATER_EQUAL; return true;
    default: return false;
    }
}

bool nnx_tosa_elementwise(nnx_tosa_call *k)
{
    nnx_op op;
    nnx_attrs a = {0};
    switch (k->op) {
    case NNX_TOSA_MAXIMUM:
    case NNX_TOSA_MINIMUM:
        a.nan.nan_mode = k->a->nan_mode == NNX_TOSA_NAN_IGNORE ? NNX_NAN_IGNORE : NNX_NAN_PROPAGATE;
        return binary(k, k->op == NNX_TOSA_MAXIMUM ? NNX_OP_MAX : NNX_OP_MIN, &a);
    case NNX_TOSA_INTDIV: return no_zero(k, 1) && binary(k, NNX_OP_DIV, NULL);
    case NNX_TOSA_LOGICAL_LEFT_SHIFT: return shift_op(k, NNX_OP_SHIFT_LEFT, NULL);
    case NNX_TOSA_LOGICAL_RIGHT_SHIFT: return shift_op(k, NNX_OP_SHIFT_RIGHT_LOGICAL, NULL);
    case NNX_TOSA_ARITHMETIC_RIGHT_SHIFT:
        a.shift.round = k->a->round;
        return shift_op(k, NNX_OP_SHIFT_RIGHT_ARITHMETIC, &a);
    case NNX_TOSA_MUL: return mul(k);
    case NNX_TOSA_NEGATE: return negate(k);
    case NNX_TOSA_CLAMP: return clamp(k);
    case NNX_TOSA_SELECT: return select_op(k);
    case NNX_TOSA_CAST: return cast(k);
    case NNX_TOSA_TABLE: return table(k);
    case NNX_TOSA_RESCALE: return rescale(k);
    default: break;
    }
    if (binary_op(k, &op))
        return binary(k, op, NULL);
    if (unary_op(k, &op))
        return unary(k, op);
    return nnx_tosa_fail(k, NNX_ERROR_INVALID_ARGUMENT, "not an element-wise operator");
}
