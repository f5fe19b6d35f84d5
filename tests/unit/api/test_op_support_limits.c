/* test_op_support_limits.c — the oracle that keeps opSupportLimits honest: for every input
 * row of nnx_context_operand_limits_table, every data type and every rank 0..NNX_MAX_RANK, a
 * one-operation graph is built and the builder's accept/reject must agree with the row; the
 * output types seen must equal the output rows and the output ranks lie in them; every row
 * must be covered by a probe; and every operation nnx.h offers (nnx_builder_*) must have rows
 * and a probe, so a new builder operation cannot be left out of the table.
 * Also the context-wide limits (graph inputs, constants, outputs). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "nnx.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NDT 25 /* nnx_dtype values 1..24 */
#define F32 NNX_FLOAT32
#define MAXS 8 /* operand slots of a probe */
#define MAXO 3 /* outputs of a probe */

/* ------------------------------------------------------------------ operands */

/* What one probe call builds: the probed type dt for the typed slots (the others get their
 * fixed type), rank r for the slot vary (-1: every slot has its natural shape). */
typedef struct args {
    nnx_dtype dt;
    uint32_t typed;
    int vary;
    uint32_t r;
    nnx_operand *outs[MAXO]; /* multi-output operations: every output */
} args;

static unsigned n_inputs;
static const uint32_t ONES[NNX_MAX_RANK] = {1, 1, 1, 1, 1, 1, 1, 1};
static const uint32_t AXES[NNX_MAX_RANK] = {0, 1, 2, 3, 4, 5, 6, 7};

/* A graph input of dtype and rank; dims NULL: every dimension 2. */
static nnx_operand *in(nnx_builder *b, nnx_dtype dt, uint32_t rank, const uint32_t *dims)
{
    char name[16];
    snprintf(name, sizeof name, "x%u", n_inputs++);
    nnx_operand_desc d = {dt, rank, {0}};
    for (uint32_t i = 0; i < rank && i < NNX_MAX_RANK; i++)
        d.shape[i] = dims ? dims[i] : 2;
    return nnx_builder_input(b, name, &d);
}

/* Operand slot k: the probed type if typed, else def; natural rank n with dims (NULL: 2s),
 * or rank r (every dimension 2, the natural dims when r == n) when it is the varied slot. */
static nnx_operand *S(nnx_builder *b, const args *a, int k, nnx_dtype def, uint32_t n, const uint32_t *dims)
{
    nnx_dtype dt = (a->typed >> k) & 1u ? a->dt : def;
    uint32_t rank = a->vary == k ? a->r : n;
    return in(b, dt, rank, rank == n ? dims : NULL);
}

static uint32_t elements(const nnx_operand *x)
{
    nnx_operand_desc d;
    nnx_operand_get_desc(x, &d);
    uint32_t n = 1;
    for (uint32_t i = 0; i < d.rank && i < NNX_MAX_RANK; i++)
        n *= d.shape[i];
    return n;
}

typedef nnx_operand *(*probe_fn)(nnx_builder *b, args *a);

/* ------------------------------------------------------------------ probes */

/* Two operands of natural rank n (0: scalars, broadcast to the varied one). */
#define BIN(fn, n) \
    static nnx_operand *p_##fn(nnx_builder *b, args *a) \
    { \
        return nnx_builder_##fn(b, S(b, a, 0, F32, n, NULL), S(b, a, 1, F32, n, NULL), NULL); \
    }
/* One input of natural rank n; options NULL. */
#define UN(fn, n) \
    static nnx_operand *p_##fn(nnx_builder *b, args *a) { return nnx_builder_##fn(b, S(b, a, 0, F32, n, NULL), NULL); }
/* Reductions keep the dimensions, so that the output ranks span 0..NNX_MAX_RANK. */
#define RED(fn) \
    static nnx_operand *p_##fn(nnx_builder *b, args *a) \
    { \
        nnx_reduce_options o = {.keep_dimensions = true}; \
        return nnx_builder_##fn(b, S(b, a, 0, F32, 2, NULL), &o); \
    }
/* The probe functions, a family a line (clang-format would indent each call further). */
/* clang-format off */
BIN(add, 0) BIN(sub, 0) BIN(mul, 0) BIN(div, 0) BIN(max, 0) BIN(min, 0) BIN(pow, 0)
BIN(equal, 0) BIN(not_equal, 0) BIN(greater, 0) BIN(greater_or_equal, 0) BIN(lesser, 0) BIN(lesser_or_equal, 0)
BIN(logical_and, 0) BIN(logical_or, 0) BIN(logical_xor, 0) BIN(matmul, 2) BIN(prelu, 0)
UN(logical_not, 2) UN(is_nan, 2) UN(is_infinite, 2)
UN(abs, 2) UN(neg, 2) UN(relu, 2) UN(sign, 2) UN(ceil, 2) UN(floor, 2) UN(exp, 2) UN(log, 2) UN(sqrt, 2)
UN(sigmoid, 2) UN(tanh, 2) UN(round_even, 2) UN(erf, 2) UN(reciprocal, 2) UN(sin, 2) UN(cos, 2) UN(tan, 2)
UN(elu, 2) UN(gelu, 2) UN(hard_sigmoid, 2) UN(hard_swish, 2) UN(leaky_relu, 2) UN(linear, 2) UN(softplus, 2)
UN(softsign, 2) UN(identity, 2) UN(clamp, 2) UN(transpose, 2) UN(reverse, 2) UN(triangular, 2)
RED(reduce_sum) RED(reduce_mean) RED(reduce_max) RED(reduce_min) RED(reduce_l1) RED(reduce_l2) RED(reduce_log_sum)
RED(reduce_log_sum_exp) RED(reduce_product) RED(reduce_sum_square)
UN(average_pool2d, 4) UN(l2_pool2d, 4) UN(max_pool2d, 4) UN(resample2d, 4)
    /* clang-format on */

    /* To [elements] when the input is not varied, else to the input's own shape. */
    static nnx_operand *p_reshape(nnx_builder *b, args *a)
{
    nnx_operand *x = S(b, a, 0, F32, 2, NULL);
    nnx_operand_desc d;
    nnx_operand_get_desc(x, &d);
    const uint32_t shape[1] = {elements(x)};
    return a->vary < 0 ? nnx_builder_reshape(b, x, shape, 1, NULL) : nnx_builder_reshape(b, x, d.shape, d.rank, NULL);
}
static nnx_operand *p_expand(nnx_builder *b, args *a)
{
    const uint32_t twos[NNX_MAX_RANK] = {2, 2, 2, 2, 2, 2, 2, 2};
    nnx_operand *x = S(b, a, 0, F32, 2, ONES);
    nnx_operand_desc d;
    nnx_operand_get_desc(x, &d);
    return nnx_builder_expand(b, x, twos, d.rank, NULL);
}
static nnx_operand *p_pad(nnx_builder *b, args *a)
{
    nnx_operand *x = S(b, a, 0, F32, 2, NULL);
    nnx_operand_desc d;
    nnx_operand_get_desc(x, &d);
    return nnx_builder_pad(b, x, ONES, d.rank, ONES, d.rank, NULL);
}
static nnx_operand *p_tile(nnx_builder *b, args *a)
{
    nnx_operand *x = S(b, a, 0, F32, 2, NULL);
    nnx_operand_desc d;
    nnx_operand_get_desc(x, &d);
    const uint32_t twos[NNX_MAX_RANK] = {2, 2, 2, 2, 2, 2, 2, 2};
    return nnx_builder_tile(b, x, twos, d.rank, NULL);
}
/* condition (uint8 unless probed) and the two values, scalars unless rank-probed (so the
 * output ranks span 0..NNX_MAX_RANK). */
static nnx_operand *p_where(nnx_builder *b, args *a)
{
    return nnx_builder_where(b, S(b, a, 0, NNX_UINT8, 0, NULL), S(b, a, 1, F32, 0, NULL), S(b, a, 2, F32, 0, NULL),
                             NULL);
}
static nnx_operand *p_slice(nnx_builder *b, args *a)
{
    static const uint32_t zeros[NNX_MAX_RANK];
    nnx_operand *x = S(b, a, 0, F32, 2, NULL);
    nnx_operand_desc d;
    nnx_operand_get_desc(x, &d);
    return nnx_builder_slice(b, x, zeros, d.rank, d.shape, d.rank, NULL);
}
static nnx_operand *p_split(nnx_builder *b, args *a)
{
    nnx_builder_split(b, S(b, a, 0, F32, 2, NULL), 2, NULL, a->outs);
    return a->outs[0];
}
static nnx_operand *p_cast(nnx_builder *b, args *a)
{
    /* slot 0 the input, slot 1 the output type */
    return nnx_builder_cast(b, S(b, a, 0, F32, 2, NULL), (a->typed & 2u) ? a->dt : F32, NULL);
}
static nnx_operand *p_concat(nnx_builder *b, args *a)
{
    nnx_operand *xs[2] = {S(b, a, 0, F32, 2, NULL), S(b, a, 0, F32, 2, NULL)};
    return nnx_builder_concat(b, xs, 2, 0, NULL);
}
static nnx_operand *p_softmax(nnx_builder *b, args *a)
{
    return nnx_builder_softmax(b, S(b, a, 0, F32, 2, NULL), 0, NULL);
}
static nnx_operand *p_cumulative_sum(nnx_builder *b, args *a)
{
    return nnx_builder_cumulative_sum(b, S(b, a, 0, F32, 2, NULL), 0, NULL);
}
/* argMin/argMax: slot 0 the input, slot 1 the output type; with the output type given the
 * dimensions are kept (output ranks 1..8, else 0..7). */
static nnx_operand *p_arg_min(nnx_builder *b, args *a)
{
    bool out = a->typed & 2u;
    nnx_arg_min_max_options o = {.output_data_type = out ? a->dt : NNX_DTYPE_UNDEFINED, .keep_dimensions = out};
    return nnx_builder_arg_min(b, S(b, a, 0, F32, 2, NULL), 0, &o);
}
static nnx_operand *p_arg_max(nnx_builder *b, args *a)
{
    bool out = a->typed & 2u;
    nnx_arg_min_max_options o = {.output_data_type = out ? a->dt : NNX_DTYPE_UNDEFINED, .keep_dimensions = out};
    return nnx_builder_arg_max(b, S(b, a, 0, F32, 2, NULL), 0, &o);
}
static nnx_operand *p_gemm(nnx_builder *b, args *a)
{
    nnx_gemm_options o = {.c = S(b, a, 2, F32, 2, NULL)};
    return nnx_builder_gemm(b, S(b, a, 0, F32, 2, NULL), S(b, a, 1, F32, 2, NULL), &o);
}
/* input [2,2,2,2], filter [2,2,2,2] (oihw / iohw), bias [2] */
static nnx_operand *p_conv2d(nnx_builder *b, args *a)
{
    nnx_conv2d_options o = {.bias = S(b, a, 2, F32, 1, NULL)};
    return nnx_builder_conv2d(b, S(b, a, 0, F32, 4, NULL), S(b, a, 1, F32, 4, NULL), &o);
}
static nnx_operand *p_conv_transpose2d(nnx_builder *b, args *a)
{
    nnx_conv_transpose2d_options o = {.bias = S(b, a, 2, F32, 1, NULL)};
    return nnx_builder_conv_transpose2d(b, S(b, a, 0, F32, 4, NULL), S(b, a, 1, F32, 4, NULL), &o);
}
/* axis 0, so that rank 1 has a channel axis; mean, variance, scale, bias [2] */
static nnx_operand *p_batch_normalization(nnx_builder *b, args *a)
{
    nnx_batch_normalization_options o = {
        .scale = S(b, a, 3, F32, 1, NULL), .bias = S(b, a, 4, F32, 1, NULL), .axis = nnx_u64(0)};
    return nnx_builder_batch_normalization(b, S(b, a, 0, F32, 2, NULL), S(b, a, 1, F32, 1, NULL),
                                           S(b, a, 2, F32, 1, NULL), &o);
}
static nnx_operand *p_instance_normalization(nnx_builder *b, args *a)
{
    nnx_instance_normalization_options o = {.scale = S(b, a, 1, F32, 1, NULL), .bias = S(b, a, 2, F32, 1, NULL)};
    return nnx_builder_instance_normalization(b, S(b, a, 0, F32, 4, NULL), &o);
}
/* Normalized over the first n axes, scale and bias of rank n: n = 2; the input varied: no
 * axes (scalar scale and bias); scale or bias varied: both of rank r, the input too. */
static nnx_operand *p_layer_normalization(nnx_builder *b, args *a)
{
    uint32_t n = a->vary == 0 ? 0 : a->vary > 0 ? a->r : 2;
    nnx_layer_normalization_options o = {
        .scale = S(b, a, 1, F32, n, NULL), .bias = S(b, a, 2, F32, n, NULL), .axes = AXES, .axes_count = n};
    return nnx_builder_layer_normalization(b, S(b, a, 0, F32, a->vary > 0 ? n : 2, NULL), &o);
}
/* input of rank 1 so that indices reach rank NNX_MAX_RANK */
static nnx_operand *p_gather(nnx_builder *b, args *a)
{
    return nnx_builder_gather(b, S(b, a, 0, F32, 1, NULL), S(b, a, 1, NNX_INT32, 1, NULL), NULL);
}
/* input and indices of one rank */
static nnx_operand *p_gather_elements(nnx_builder *b, args *a)
{
    uint32_t n = a->vary >= 0 ? a->r : 2;
    return nnx_builder_gather_elements(b, S(b, a, 0, F32, n, NULL), S(b, a, 1, NNX_INT32, n, NULL), NULL);
}
/* indices [1, 1] (one coordinate: output rank = input rank) unless varied ([2, ..., 2]: two
 * coordinates into the [2, 2] input, output rank r - 1) */
static nnx_operand *p_gather_nd(nnx_builder *b, args *a)
{
    return nnx_builder_gather_nd(b, S(b, a, 0, F32, 2, NULL), S(b, a, 1, NNX_INT32, 2, ONES), NULL);
}
static nnx_operand *p_scatter_elements(nnx_builder *b, args *a)
{
    uint32_t n = a->vary >= 0 ? a->r : 2;
    return nnx_builder_scatter_elements(b, S(b, a, 0, F32, n, NULL), S(b, a, 1, NNX_INT32, n, NULL),
                                        S(b, a, 2, F32, n, NULL), NULL);
}
/* updates: indices.shape[:-1] ++ input.shape[k:], k = indices.shape[-1] */
static nnx_operand *p_scatter_nd(nnx_builder *b, args *a)
{
    uint32_t u = a->r, xr = 2, ir = 1, ur = 1;
    const uint32_t *idims = ONES, *udims = NULL;
    static const uint32_t one_then_twos[NNX_MAX_RANK] = {1, 2, 2, 2, 2, 2, 2, 2};
    if (a->vary == 0) /* input of rank r, indices [1]: updates rank r - 1 */
        xr = a->r, ur = a->r ? a->r - 1 : 0;
    else if (a->vary == 1) /* indices [2, ..., 2] of rank r (or [1]), input [2, 2] */
        ir = a->r, idims = a->r == 1 ? ONES : NULL, ur = a->r == 1 ? 1 : a->r ? a->r - 1 : 0;
    else if (a->vary == 2 && u < NNX_MAX_RANK) /* indices [1], input of rank u + 1 */
        xr = u + 1, ur = u;
    else if (a->vary == 2) /* indices [1, 1], input of rank 8: updates [1, 2, ..., 2] */
        xr = u, ir = 2, ur = u, udims = one_then_twos;
    nnx_operand *x = in(b, (a->typed & 1u) ? a->dt : F32, xr, NULL);
    nnx_operand *i = in(b, (a->typed & 2u) ? a->dt : NNX_INT32, ir, idims);
    nnx_operand *up = in(b, (a->typed & 4u) ? a->dt : F32, ur, udims);
    return nnx_builder_scatter_nd(b, x, i, up, NULL);
}
/* x, scale, zeroPoint of one rank (scale and zeroPoint all ones: per tensor) */
static nnx_operand *p_quantize_linear(nnx_builder *b, args *a)
{
    uint32_t n = a->vary >= 0 ? a->r : 2;
    return nnx_builder_quantize_linear(b, S(b, a, 0, F32, n, NULL), in(b, (a->typed & 2u) ? a->dt : F32, n, ONES),
                                       in(b, (a->typed & 4u) ? a->dt : NNX_UINT8, n, ONES), NULL);
}
static nnx_operand *p_dequantize_linear(nnx_builder *b, args *a)
{
    uint32_t n = a->vary >= 0 ? a->r : 2;
    return nnx_builder_dequantize_linear(b, S(b, a, 0, NNX_INT8, n, NULL),
                                         in(b, (a->typed & 2u) ? a->dt : F32, n, ONES),
                                         in(b, (a->typed & 4u) ? a->dt : NNX_INT8, n, ONES), NULL);
}
/* Recurrent: steps 2, batch 2, input size 2, hidden size 2, one direction. */
static const uint32_t D6x2[] = {6, 2}, D1x6x2[] = {1, 6, 2}, D1x6[] = {1, 6}, D6[] = {6};
static const uint32_t D8x2[] = {8, 2}, D1x8x2[] = {1, 8, 2}, D1x8[] = {1, 8}, D8[] = {8}, D1x2x2[] = {1, 2, 2};
static nnx_operand *p_gru(nnx_builder *b, args *a)
{
    nnx_gru_options o = {.bias = S(b, a, 3, F32, 2, D1x6),
                         .recurrent_bias = S(b, a, 4, F32, 2, D1x6),
                         .initial_hidden_state = S(b, a, 5, F32, 3, D1x2x2),
                         .return_sequence = true};
    nnx_builder_gru(b, S(b, a, 0, F32, 3, NULL), S(b, a, 1, F32, 3, D1x6x2), S(b, a, 2, F32, 3, D1x6x2), 2, 2, &o,
                    a->outs);
    return a->outs[0];
}
static nnx_operand *p_gru_cell(nnx_builder *b, args *a)
{
    nnx_gru_cell_options o = {.bias = S(b, a, 4, F32, 1, D6), .recurrent_bias = S(b, a, 5, F32, 1, D6)};
    return nnx_builder_gru_cell(b, S(b, a, 0, F32, 2, NULL), S(b, a, 1, F32, 2, D6x2), S(b, a, 2, F32, 2, D6x2),
                                S(b, a, 3, F32, 2, NULL), 2, &o);
}
static nnx_operand *p_lstm(nnx_builder *b, args *a)
{
    nnx_lstm_options o = {.bias = S(b, a, 3, F32, 2, D1x8),
                          .recurrent_bias = S(b, a, 4, F32, 2, D1x8),
                          .peephole_weight = S(b, a, 5, F32, 2, D1x6),
                          .initial_hidden_state = S(b, a, 6, F32, 3, D1x2x2),
                          .initial_cell_state = S(b, a, 7, F32, 3, D1x2x2),
                          .return_sequence = true};
    nnx_builder_lstm(b, S(b, a, 0, F32, 3, NULL), S(b, a, 1, F32, 3, D1x8x2), S(b, a, 2, F32, 3, D1x8x2), 2, 2, &o,
                     a->outs);
    return a->outs[0];
}
static nnx_operand *p_lstm_cell(nnx_builder *b, args *a)
{
    nnx_lstm_cell_options o = {.bias = S(b, a, 5, F32, 1, D8),
                               .recurrent_bias = S(b, a, 6, F32, 1, D8),
                               .peephole_weight = S(b, a, 7, F32, 1, D6)};
    nnx_builder_lstm_cell(b, S(b, a, 0, F32, 2, NULL), S(b, a, 1, F32, 2, D8x2), S(b, a, 2, F32, 2, D8x2),
                          S(b, a, 3, F32, 2, NULL), S(b, a, 4, F32, 2, NULL), 2, &o, a->outs);
    return a->outs[0];
}

/* operation; its operand slots in the probe function's order, by WebNN limits member name
 * ("output": the output type is an argument); the typed slots, which also get rank-probed. */
typedef struct probe {
    const char *operation;
    const char *slots[MAXS];
    uint32_t typed;
    probe_fn fn;
} probe;

#define P2(op, fn) \
    { \
        op, {"a", "b"}, 3u, p_##fn \
    }
#define P1(op, fn) \
    { \
        op, {"input"}, 1u, p_##fn \
    }
#define PA(op, fn) \
    { \
        op, {"a"}, 1u, p_##fn \
    }
static const probe probes[] = {
    P2("add", add),
    P2("sub", sub),
    P2("mul", mul),
    P2("div", div),
    P2("max", max),
    P2("min", min),
    P2("pow", pow),
    P2("equal", equal),
    P2("notEqual", not_equal),
    P2("greater", greater),
    P2("greaterOrEqual", greater_or_equal),
    P2("lesser", lesser),
    P2("lesserOrEqual", lesser_or_equal),
    P2("logicalAnd", logical_and),
    P2("logicalOr", logical_or),
    P2("logicalXor", logical_xor),
    P2("matmul", matmul),
    {"prelu", {"input", "slope"}, 3u, p_prelu},
    PA("logicalNot", logical_not),
    PA("isNaN", is_nan),
    PA("isInfinite", is_infinite),
    P1("abs", abs),
    P1("neg", neg),
    P1("relu", relu),
    P1("sign", sign),
    P1("ceil", ceil),
    P1("floor", floor),
    P1("exp", exp),
    P1("log", log),
    P1("sqrt", sqrt),
    P1("sigmoid", sigmoid),
    P1("tanh", tanh),
    P1("roundEven", round_even),
    P1("erf", erf),
    P1("reciprocal", reciprocal),
    P1("sin", sin),
    P1("cos", cos),
    P1("tan", tan),
    P1("elu", elu),
    P1("gelu", gelu),
    P1("hardSigmoid", hard_sigmoid),
    P1("hardSwish", hard_swish),
    P1("leakyRelu", leaky_relu),
    P1("linear", linear),
    P1("softplus", softplus),
    P1("softsign", softsign),
    P1("identity", identity),
    P1("clamp", clamp),
    P1("cast", cast),
    {"cast", {"input", "output"}, 2u, p_cast},
    P1("transpose", transpose),
    P1("reshape", reshape),
    P1("expand", expand),
    P1("reverse", reverse),
    P1("pad", pad),
    P1("tile", tile),
    {"where", {"condition", "trueValue", "falseValue"}, 1u, p_where},
    {"where", {"condition", "trueValue", "falseValue"}, 6u, p_where},
    P1("slice", slice),
    P1("split", split),
    P1("triangular", triangular),
    {"concat", {"inputs"}, 1u, p_concat},
    P1("softmax", softmax),
    P1("cumulativeSum", cumulative_sum),
    P1("reduceSum", reduce_sum),
    P1("reduceMean", reduce_mean),
    P1("reduceMax", reduce_max),
    P1("reduceMin", reduce_min),
    P1("reduceL1", reduce_l1),
    P1("reduceL2", reduce_l2),
    P1("reduceLogSum", reduce_log_sum),
    P1("reduceLogSumExp", reduce_log_sum_exp),
    P1("reduceProduct", reduce_product),
    P1("reduceSumSquare", reduce_sum_square),
    P1("argMin", arg_min),
    {"argMin", {"input", "output"}, 3u, p_arg_min},
    P1("argMax", arg_max),
    {"argMax", {"input", "output"}, 3u, p_arg_max},
    {"gemm", {"a", "b", "c"}, 7u, p_gemm},
    {"conv2d", {"input", "filter", "bias"}, 7u, p_conv2d},
    {"convTranspose2d", {"input", "filter", "bias"}, 7u, p_conv_transpose2d},
    P1("averagePool2d", average_pool2d),
    P1("l2Pool2d", l2_pool2d),
    P1("maxPool2d", max_pool2d),
    P1("resample2d", resample2d),
    {"batchNormalization", {"input", "mean", "variance", "scale", "bias"}, 31u, p_batch_normalization},
    {"instanceNormalization", {"input", "scale", "bias"}, 7u, p_instance_normalization},
    {"layerNormalization", {"input", "scale", "bias"}, 7u, p_layer_normalization},
    {"gather", {"input", "indices"}, 1u, p_gather},
    {"gather", {"input", "indices"}, 2u, p_gather},
    {"gatherElements", {"input", "indices"}, 1u, p_gather_elements},
    {"gatherElements", {"input", "indices"}, 2u, p_gather_elements},
    {"gatherND", {"input", "indices"}, 1u, p_gather_nd},
    {"gatherND", {"input", "indices"}, 2u, p_gather_nd},
    {"scatterElements", {"input", "indices", "updates"}, 5u, p_scatter_elements},
    {"scatterElements", {"input", "indices", "updates"}, 2u, p_scatter_elements},
    {"scatterND", {"input", "indices", "updates"}, 5u, p_scatter_nd},
    {"scatterND", {"input", "indices", "updates"}, 2u, p_scatter_nd},
    {"quantizeLinear", {"input", "scale", "zeroPoint"}, 3u, p_quantize_linear},
    {"quantizeLinear", {"input", "scale", "zeroPoint"}, 4u, p_quantize_linear},
    {"dequantizeLinear", {"input", "scale", "zeroPoint"}, 5u, p_dequantize_linear},
    {"dequantizeLinear", {"input", "scale", "zeroPoint"}, 2u, p_dequantize_linear},
    {"gru", {"input", "weight", "recurrentWeight", "bias", "recurrentBias", "initialHiddenState"}, 63u, p_gru},
    {"gruCell", {"input", "weight", "recurrentWeight", "hiddenState", "bias", "recurrentBias"}, 63u, p_gru_cell},
    {"lstm",
     {"input", "weight", "recurrentWeight", "bias", "recurrentBias", "peepholeWeight", "initialHiddenState",
      "initialCellState"},
     255u,
     p_lstm},
    {"lstmCell",
     {"input", "weight", "recurrentWeight", "hiddenState", "cellState", "bias", "recurrentBias", "peepholeWeight"},
     255u,
     p_lstm_cell},
};
#define N_PROBES (sizeof probes / sizeof probes[0])

/* ------------------------------------------------------------------ helpers */

static nnx_context *ctx;

static nnx_tensor_limits limits_of(const char *operation, const char *operand)
{
    nnx_tensor_limits l;
    if (nnx_context_operand_limits(ctx, operation, operand, &l) != NNX_OK)
        fail_msg("%s.%s: no limits row", operation, operand);
    return l;
}

static bool in_limits(nnx_tensor_limits l, nnx_dtype dt) { return (l.dtypes >> dt) & 1u; }
static bool is_output(const char *operand) { return strncmp(operand, "output", 6) == 0; }

/* Which outputs an output row describes: "output0".."output2" one, "output(s)" every one. */
static uint32_t output_mask(const char *operand)
{
    size_t n = strlen(operand);
    return isdigit((unsigned char)operand[n - 1]) ? 1u << (operand[n - 1] - '0') : (1u << MAXO) - 1;
}

/* Prints one disagreement (all of them are listed before the test fails); returns 1. */
__attribute__((format(printf, 1, 2))) static int report(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf("\n");
    return 1;
}

/* Builds the probe once; true if accepted. Then seen[k] gets the type bit of output k, and
 * each output's rank must lie in its output rows (counted in *bad). */
/* Per table row (output rows): the bit of each output rank seen accepted. */
static uint32_t out_ranks[1024];

static bool try_probe(const probe *p, args *a, uint32_t seen[MAXO], int *bad)
{
    nnx_builder *b;
    assert_int_equal(nnx_builder_create(ctx, &b), NNX_OK);
    memset(a->outs, 0, sizeof a->outs);
    nnx_operand *y = p->fn(b, a);
    if (!a->outs[0])
        a->outs[0] = y;
    nnx_status st = nnx_builder_status(b);
    bool ok = st == NNX_OK;
    if (!ok && st != NNX_ERROR_INVALID_ARGUMENT)
        fail_msg("%s %s: status %s (%s)", p->operation, nnx_dtype_name(a->dt), nnx_status_string(st),
                 nnx_builder_error(b));
    size_t n = 0;
    const nnx_operand_limits *t = nnx_context_operand_limits_table(ctx, &n);
    for (int k = 0; ok && k < MAXO && a->outs[k]; k++) {
        nnx_operand_desc d;
        nnx_operand_get_desc(a->outs[k], &d);
        if (seen)
            seen[k] |= 1u << d.dtype;
        for (size_t i = 0; i < n; i++)
            if (strcmp(t[i].operation, p->operation) == 0 && is_output(t[i].operand) &&
                (output_mask(t[i].operand) >> k & 1u) && (out_ranks[i] |= 1u << d.rank) &&
                (d.rank < t[i].limits.rank_min || d.rank > t[i].limits.rank_max))
                *bad += report("%s: output %d has rank %u, outside %s's rank range %u..%u", p->operation, k, d.rank,
                               t[i].operand, t[i].limits.rank_min, t[i].limits.rank_max);
    }
    nnx_builder_destroy(b);
    return ok;
}

/* The types a probe's typed slots all accept. */
static uint32_t typed_dtypes(const probe *p)
{
    uint32_t all = ~0u;
    for (int k = 0; k < MAXS && p->slots[k]; k++)
        if (p->typed >> k & 1u)
            all &= limits_of(p->operation, p->slots[k]).dtypes;
    return all;
}

/* ------------------------------------------------------------------ tests */

/* Every data type at the natural shapes: accepted exactly when it is in every typed slot's row;
 * the output types seen (over all probes of the operation) equal the output rows. */
static void test_dtypes_agree_with_builder(void **state)
{
    (void)state;
    static uint32_t seen[N_PROBES][MAXO];
    memset(seen, 0, sizeof seen);
    int bad = 0;
    for (size_t i = 0; i < N_PROBES; i++) {
        const probe *p = &probes[i];
        uint32_t want_set = typed_dtypes(p);
        for (nnx_dtype dt = 1; dt < NDT; dt++) {
            args a = {.dt = dt, .typed = p->typed, .vary = -1};
            bool want = (want_set >> dt) & 1u, got = try_probe(p, &a, seen[i], &bad);
            if (got != want)
                bad += report("%s: typed slots (mask 0x%x) of type %s: the table says %s, the builder %s", p->operation,
                              p->typed, nnx_dtype_name(dt), want ? "supported" : "unsupported",
                              got ? "accepts" : "rejects");
        }
    }
    size_t n = 0;
    const nnx_operand_limits *t = nnx_context_operand_limits_table(ctx, &n);
    for (size_t r = 0; r < n; r++) {
        if (!is_output(t[r].operand))
            continue;
        uint32_t all = 0, mask = output_mask(t[r].operand);
        for (size_t j = 0; j < N_PROBES; j++)
            for (int k = 0; k < MAXO && strcmp(probes[j].operation, t[r].operation) == 0; k++)
                if (mask >> k & 1u)
                    all |= seen[j][k];
        if (t[r].limits.dtypes != all)
            bad += report("%s.%s: types 0x%x in the table, 0x%x built", t[r].operation, t[r].operand,
                          t[r].limits.dtypes, all);
    }
    assert_int_equal(bad, 0);
}

/* Ranks 0..NNX_MAX_RANK of each typed slot in turn (the others at their natural shapes), at a
 * type every typed slot supports: accepted exactly inside the slot's rank range. */
static void test_ranks_agree_with_builder(void **state)
{
    (void)state;
    int bad = 0;
    for (size_t i = 0; i < N_PROBES; i++) {
        const probe *p = &probes[i];
        uint32_t ok_types = typed_dtypes(p);
        nnx_dtype dt = 1;
        while (dt < NDT && !(ok_types >> dt & 1u))
            dt++;
        assert_true(dt < NDT);
        for (int k = 0; k < MAXS && p->slots[k]; k++) {
            if (!(p->typed >> k & 1u) || is_output(p->slots[k]))
                continue;
            nnx_tensor_limits l = limits_of(p->operation, p->slots[k]);
            for (uint32_t r = 0; r <= NNX_MAX_RANK; r++) {
                args a = {.dt = dt, .typed = p->typed, .vary = k, .r = r};
                bool want = r >= l.rank_min && r <= l.rank_max, got = try_probe(p, &a, NULL, &bad);
                if (got != want)
                    bad += report("%s: %s of rank %u: the table says %s, the builder %s", p->operation, p->slots[k], r,
                                  want ? "supported" : "unsupported", got ? "accepts" : "rejects");
            }
        }
    }
    /* the output ranks seen span each output row's rank range */
    size_t n = 0;
    const nnx_operand_limits *t = nnx_context_operand_limits_table(ctx, &n);
    assert_true(n <= sizeof out_ranks / sizeof out_ranks[0]);
    for (size_t i = 0; i < n; i++) {
        uint32_t lo = t[i].limits.rank_min, hi = t[i].limits.rank_max;
        if (is_output(t[i].operand) && !((out_ranks[i] >> lo & 1u) && (out_ranks[i] >> hi & 1u)))
            bad += report("%s.%s: rank range %u..%u, but built outputs have ranks (mask) 0x%x", t[i].operation,
                          t[i].operand, lo, hi, out_ranks[i]);
    }
    assert_int_equal(bad, 0);
}

/* Every input row is a typed (so type- and rank-probed) slot of a probe; every output row
 * belongs to a probed operation; rank ranges are well formed. */
static void test_every_row_is_probed(void **state)
{
    (void)state;
    size_t n = 0;
    const nnx_operand_limits *t = nnx_context_operand_limits_table(ctx, &n);
    assert_non_null(t);
    assert_true(n > 200);
    int bad = 0;
    for (size_t i = 0; i < n; i++) {
        bool covered = false;
        for (size_t j = 0; j < N_PROBES && !covered; j++) {
            if (strcmp(probes[j].operation, t[i].operation) != 0)
                continue;
            covered = is_output(t[i].operand);
            for (int k = 0; k < MAXS && probes[j].slots[k]; k++)
                covered = covered || ((probes[j].typed >> k & 1u) && strcmp(probes[j].slots[k], t[i].operand) == 0);
        }
        if (!covered)
            bad += report("row %s.%s is not checked by any probe", t[i].operation, t[i].operand);
        if (!(t[i].limits.rank_min <= t[i].limits.rank_max && t[i].limits.rank_max <= NNX_MAX_RANK))
            bad += report("row %s.%s: bad rank range", t[i].operation, t[i].operand);
        for (size_t j = 0; j < i; j++)
            if (strcmp(t[j].operation, t[i].operation) == 0 && strcmp(t[j].operand, t[i].operand) == 0)
                bad += report("row %s.%s is given twice", t[i].operation, t[i].operand);
    }
    /* every slot name of a probe is a row */
    for (size_t j = 0; j < N_PROBES; j++)
        for (int k = 0; k < MAXS && probes[j].slots[k]; k++)
            limits_of(probes[j].operation, probes[j].slots[k]);
    assert_int_equal(bad, 0);
}

/* ---- every operation of nnx.h has rows ---- */

/* nnx_builder_* functions that are not operations. */
static const char *const not_operations[] = {"create",   "destroy",         "status",          "error", "input",
                                             "constant", "constant_scalar", "constant_tensor", "build"};
/* Builder names whose WebNN name is not their camelCase form. */
static const char *const renamed[][2] = {
    {"gather_nd", "gatherND"}, {"scatter_nd", "scatterND"}, {"is_nan", "isNaN"}, {"split_sizes", "split"}};

/* The WebNN operation of builder function nnx_builder_<fn>: renamed, else camelCase. */
static void webnn_name(const char *fn, char *out, size_t size)
{
    for (size_t i = 0; i < sizeof renamed / sizeof renamed[0]; i++)
        if (strcmp(fn, renamed[i][0]) == 0) {
            snprintf(out, size, "%s", renamed[i][1]);
            return;
        }
    size_t o = 0;
    for (const char *c = fn; *c && o + 1 < size; c++) {
        if (*c == '_' && c[1])
            out[o++] = (char)toupper((unsigned char)*++c);
        else
            out[o++] = *c;
    }
    out[o] = '\0';
}

static bool has_probe(const char *operation)
{
    for (size_t j = 0; j < N_PROBES; j++)
        if (strcmp(probes[j].operation, operation) == 0)
            return true;
    return false;
}

/* Reads include/nnx.h: each declared nnx_builder_* operation must have table rows and a
 * probe; each operation of the table must be one of them. */
static void test_every_builder_operation_has_rows(void **state)
{
    (void)state;
    FILE *f = fopen(NNX_SOURCE_DIR "/include/nnx.h", "r");
    if (!f)
        fail_msg("cannot open %s", NNX_SOURCE_DIR "/include/nnx.h");
    static char names[256][64];
    size_t n_names = 0;
    char line[1024];
    int bad = 0;
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "NNX_API", 7) != 0)
            continue;
        const char *s = strstr(line, "nnx_builder_");
        if (!s)
            continue;
        s += strlen("nnx_builder_");
        char fn[64];
        size_t len = 0;
        while ((isalnum((unsigned char)s[len]) || s[len] == '_') && len + 1 < sizeof fn)
            len++;
        if (s[len] != '(')
            continue;
        memcpy(fn, s, len);
        fn[len] = '\0';
        bool skip = false;
        for (size_t i = 0; i < sizeof not_operations / sizeof not_operations[0]; i++)
            skip = skip || strcmp(fn, not_operations[i]) == 0;
        if (skip)
            continue;
        assert_true(n_names < 256);
        webnn_name(fn, names[n_names], sizeof names[0]);
        nnx_tensor_limits l;
        const char *op = names[n_names++];
        /* every operation has an output row ("output", "outputs" or "output0") */
        bool rows = nnx_context_operand_limits(ctx, op, "output", &l) == NNX_OK ||
            nnx_context_operand_limits(ctx, op, "outputs", &l) == NNX_OK ||
            nnx_context_operand_limits(ctx, op, "output0", &l) == NNX_OK;
        if (!rows)
            bad += report("nnx_builder_%s (WebNN %s) has no opSupportLimits rows", fn, op);
        if (!has_probe(op))
            bad += report("nnx_builder_%s (WebNN %s) has no probe in test_op_support_limits.c", fn, op);
    }
    fclose(f);
    assert_true(n_names >= 90); /* the 92 of this writing */
    size_t n = 0;
    const nnx_operand_limits *t = nnx_context_operand_limits_table(ctx, &n);
    for (size_t i = 0; i < n; i++) {
        bool found = false;
        for (size_t j = 0; j < n_names && !found; j++)
            found = strcmp(names[j], t[i].operation) == 0;
        if (!found)
            bad += report("table operation %s is no nnx_builder_* function of nnx.h", t[i].operation);
    }
    assert_int_equal(bad, 0);
}

/* Graph inputs, constants and outputs: every type, ranks 0..NNX_MAX_RANK, the element limit. */
static void test_context_limits(void **state)
{
    (void)state;
    nnx_op_support_limits l;
    assert_int_equal(nnx_context_op_support_limits(ctx, &l), NNX_OK);
    assert_int_equal(l.preferred_input_layout, NNX_LAYOUT_NCHW);
    assert_true(l.max_tensor_elements == 2147483647u);
    assert_true(l.max_tensor_byte_length == 2147483647ull * 8);
    nnx_tensor_limits rows[3] = {l.input, l.constant, l.output};
    for (int k = 0; k < 3; k++)
        assert_true(rows[k].rank_min == 0 && rows[k].rank_max == NNX_MAX_RANK);
    static const unsigned char zeros[64];
    for (nnx_dtype dt = 1; dt < NDT; dt++) {
        nnx_builder *b;
        assert_int_equal(nnx_builder_create(ctx, &b), NNX_OK);
        nnx_operand_desc d = {dt, 2, {2, 3}};
        nnx_operand *x = nnx_builder_input(b, "x", &d);
        bool in_ok = nnx_builder_status(b) == NNX_OK;
        nnx_operand *k = nnx_builder_constant(b, &d, zeros, 6 * nnx_dtype_size(dt));
        bool const_ok = in_ok && nnx_builder_status(b) == NNX_OK;
        nnx_named_operand outs[2] = {{"x", nnx_builder_identity(b, x, NULL)}, {"k", nnx_builder_identity(b, k, NULL)}};
        nnx_graph *g = NULL;
        bool out_ok = const_ok && nnx_builder_build(b, outs, 2, &g) == NNX_OK;
        assert_true(in_ok == in_limits(l.input, dt));
        assert_true(const_ok == in_limits(l.constant, dt));
        if (out_ok != in_limits(l.output, dt))
            fail_msg("graph output of type %s: the table and nnx_builder_build disagree (%s)", nnx_dtype_name(dt),
                     nnx_builder_error(b));
        nnx_graph_destroy(g);
        nnx_builder_destroy(b);
    }
    /* the element limit: 2^31 elements are rejected, 2^31-1 pass the descriptor check */
    nnx_builder *b;
    assert_int_equal(nnx_builder_create(ctx, &b), NNX_OK);
    nnx_operand_desc big = {NNX_INT8, 2, {65536, 32768}};
    nnx_builder_input(b, "big", &big);
    assert_int_equal(nnx_builder_status(b), NNX_ERROR_INVALID_ARGUMENT);
    nnx_builder_destroy(b);
}

static void test_queries(void **state)
{
    (void)state;
    nnx_tensor_limits l;
    assert_int_equal(nnx_context_operand_limits(ctx, "quantizeLinear", "zeroPoint", &l), NNX_OK);
    assert_true(in_limits(l, NNX_INT4) && in_limits(l, NNX_UINT32) && !in_limits(l, NNX_INT16));
    assert_int_equal(nnx_context_operand_limits(ctx, "conv2d", "weights", &l), NNX_ERROR_NOT_SUPPORTED);
    assert_int_equal(l.dtypes, 0);
    assert_int_equal(nnx_context_operand_limits(ctx, "noSuchOp", "input", &l), NNX_ERROR_NOT_SUPPORTED);
    assert_int_equal(nnx_context_operand_limits(ctx, NULL, "input", &l), NNX_ERROR_INVALID_ARGUMENT);
    assert_int_equal(nnx_context_op_support_limits(ctx, NULL), NNX_ERROR_INVALID_ARGUMENT);
    nnx_op_support_limits all;
    assert_int_equal(nnx_context_op_support_limits(NULL, &all), NNX_ERROR_INVALID_STATE);
    size_t n = 7;
    assert_null(nnx_context_operand_limits_table(NULL, &n));
    assert_int_equal(n, 0);
    nnx_context *gone;
    assert_int_equal(nnx_context_create(NULL, &gone), NNX_OK);
    nnx_context_destroy(gone);
    assert_int_equal(nnx_context_op_support_limits(gone, &all), NNX_ERROR_INVALID_STATE);
}

static int setup(void **state)
{
    (void)state;
    return nnx_context_create(NULL, &ctx) == NNX_OK ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    nnx_context_destroy(ctx);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dtypes_agree_with_builder),
        cmocka_unit_test(test_ranks_agree_with_builder),
        cmocka_unit_test(test_every_row_is_probed),
        cmocka_unit_test(test_every_builder_operation_has_rows),
        cmocka_unit_test(test_context_limits),
        cmocka_unit_test(test_queries),
    };
    return cmocka_run_group_tests_name("op_support_limits", tests, setup, teardown);
}
