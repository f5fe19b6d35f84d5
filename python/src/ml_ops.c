/* ml_ops.c — the operation methods of nnx.ml.MLGraphBuilder: the method table (every WebNN
 * operation nnx has, named in snake_case, with its docstring) and the generic families
 * defined here — element-wise unary and binary operations, reductions, 2-D pooling and the
 * activations with number options. The other operations live in ml_ops_nn.c,
 * ml_ops_shape.c and ml_ops_recurrent.c; ml_options.c parses the arguments of all of them. */
#include "ml_ops.h"

#define OPTS(c) PYNNX_ML_OPTIONS(c)

/* ------------------------------------------------------------------ generic families */

static uint32_t call_unary(pynnx_ml_call *c)
{
    c->outs[0] = c->op->fn.unary(c->b, c->x[0], OPTS(c));
    return 1;
}

static uint32_t call_binary(pynnx_ml_call *c)
{
    c->outs[0] = c->op->fn.binary(c->b, c->x[0], c->x[1], OPTS(c));
    return 1;
}

static uint32_t call_reduce(pynnx_ml_call *c)
{
    c->outs[0] = c->op->fn.reduce(c->b, c->x[0], OPTS(c));
    return 1;
}

static uint32_t call_pool(pynnx_ml_call *c)
{
    c->outs[0] = c->op->fn.pool(c->b, c->x[0], OPTS(c));
    return 1;
}

/* WebNN MLReduceOptions. */
static const pynnx_option REDUCE_OPTIONS[] = {
    PYNNX_OPT_LIST("axes", nnx_reduce_options, axes, PYNNX_OPT_U32_LIST),
    PYNNX_OPT("keep_dimensions", nnx_reduce_options, keep_dimensions, PYNNX_OPT_BOOL),
    {NULL},
};

/* WebNN MLPool2dOptions; rounding_type is the current name of output_shape_rounding. */
static const char *const LAYOUTS[] = {"nchw", "nhwc", NULL};
static const char *const ROUNDINGS[] = {"floor", "ceil", NULL};
static const pynnx_option POOL_OPTIONS[] = {
    PYNNX_OPT_LIST("window_dimensions", nnx_pool2d_options, window_dimensions, PYNNX_OPT_U32_LIST),
    PYNNX_OPT_LIST("padding", nnx_pool2d_options, padding, PYNNX_OPT_U32_LIST),
    PYNNX_OPT_LIST("strides", nnx_pool2d_options, strides, PYNNX_OPT_U32_LIST),
    PYNNX_OPT_LIST("dilations", nnx_pool2d_options, dilations, PYNNX_OPT_U32_LIST),
    PYNNX_OPT_CHOICE("layout", nnx_pool2d_options, layout, LAYOUTS, NNX_LAYOUT_NCHW),
    PYNNX_OPT_CHOICE("rounding_type", nnx_pool2d_options, output_shape_rounding, ROUNDINGS, NNX_ROUNDING_FLOOR),
    PYNNX_OPT_CHOICE("output_shape_rounding", nnx_pool2d_options, output_shape_rounding, ROUNDINGS, NNX_ROUNDING_FLOOR),
    PYNNX_OPT_LIST("output_sizes", nnx_pool2d_options, output_sizes, PYNNX_OPT_U32_LIST),
    {NULL},
};

/* Each list is X(method, WebNN name, what it computes); the WebNN name is for the docs. */
#define UNARY_OPS(X) \
    X(abs, "abs", "|x|") \
    X(neg, "neg", "-x") \
    X(ceil, "ceil", "rounds up") \
    X(floor, "floor", "rounds down") \
    X(exp, "exp", "e^x") \
    X(log, "log", "the natural logarithm") \
    X(sqrt, "sqrt", "the square root") \
    X(relu, "relu", "max(0, x)") \
    X(sigmoid, "sigmoid", "1 / (1 + e^-x)") \
    X(tanh, "tanh", "the hyperbolic tangent") \
    X(round_even, "roundEven", "rounds half to even") \
    X(sign, "sign", "-1, 0 or 1 (float and signed integer types)") \
    X(erf, "erf", "the error function") \
    X(reciprocal, "reciprocal", "1 / x") \
    X(sin, "sin", "the sine") \
    X(cos, "cos", "the cosine") \
    X(tan, "tan", "the tangent") \
    X(identity, "identity", "a copy (any type)") \
    X(logical_not, "logicalNot", "1 where x is 0, else 0 (uint8)") \
    X(is_nan, "isNaN", "1 where x is NaN (uint8 result)") \
    X(is_infinite, "isInfinite", "1 where x is +-infinity (uint8 result)") \
    X(gelu, "gelu", "0.5 * x * (1 + erf(x / sqrt(2)))") \
    X(hard_swish, "hardSwish", "x * max(0, min(6, x + 3)) / 6") \
    X(softplus, "softplus", "ln(1 + e^x)") \
    X(softsign, "softsign", "x / (1 + |x|)")

#define BINARY_OPS(X) \
    X(add, "add", "a + b") \
    X(sub, "sub", "a - b") \
    X(mul, "mul", "a * b") \
    X(div, "div", "a / b (integers truncate toward zero)") \
    X(max, "max", "the larger of a and b") \
    X(min, "min", "the smaller of a and b") \
    X(pow, "pow", "a ** b") \
    X(equal, "equal", "a == b (uint8 0 or 1)") \
    X(not_equal, "notEqual", "a != b (uint8 0 or 1)") \
    X(greater, "greater", "a > b (uint8 0 or 1)") \
    X(greater_or_equal, "greaterOrEqual", "a >= b (uint8 0 or 1)") \
    X(lesser, "lesser", "a < b (uint8 0 or 1)") \
    X(lesser_or_equal, "lesserOrEqual", "a <= b (uint8 0 or 1)") \
    X(logical_and, "logicalAnd", "a and b on uint8 operands (0 or 1)") \
    X(logical_or, "logicalOr", "a or b on uint8 operands (0 or 1)") \
    X(logical_xor, "logicalXor", "a xor b on uint8 operands (0 or 1)")

#define REDUCE_OPS(X) \
    X(reduce_sum, "reduceSum", "the sum") \
    X(reduce_mean, "reduceMean", "the mean") \
    X(reduce_max, "reduceMax", "the largest element") \
    X(reduce_min, "reduceMin", "the smallest element") \
    X(reduce_l1, "reduceL1", "the sum of |x|") \
    X(reduce_l2, "reduceL2", "sqrt(sum of x^2)") \
    X(reduce_log_sum, "reduceLogSum", "ln(sum of x)") \
    X(reduce_log_sum_exp, "reduceLogSumExp", "ln(sum of e^x)") \
    X(reduce_product, "reduceProduct", "the product") \
    X(reduce_sum_square, "reduceSumSquare", "the sum of x^2")

#define POOL_OPS(X) \
    X(average_pool2d, "averagePool2d", "the mean of each window's in-bounds elements") \
    X(max_pool2d, "maxPool2d", "the largest element of each window") \
    X(l2_pool2d, "l2Pool2d", "sqrt of the sum of squares of each window's in-bounds elements")

#define SPEC(n, params_, call_, family, opts) \
    static const pynnx_ml_op OP_##n = { \
        .name = #n, .params = params_, .call = call_, .fn.family = nnx_builder_##n, .options = opts}; \
    static PYNNX_ML_DEFINE(n, OP_##n)
#define PARAMS(...) \
    { \
        __VA_ARGS__ \
    }
#define UNARY_SPEC(n, w, d) SPEC(n, PARAMS("input"), call_unary, unary, NULL)
#define BINARY_SPEC(n, w, d) SPEC(n, PARAMS("a", "b"), call_binary, binary, NULL)
#define REDUCE_SPEC(n, w, d) SPEC(n, PARAMS("input"), call_reduce, reduce, REDUCE_OPTIONS)
#define POOL_SPEC(n, w, d) SPEC(n, PARAMS("input"), call_pool, pool, POOL_OPTIONS)
UNARY_OPS(UNARY_SPEC)
BINARY_OPS(BINARY_SPEC)
REDUCE_OPS(REDUCE_SPEC)
POOL_OPS(POOL_SPEC)
/* matmul and prelu are binary too, with WebNN's parameter names. */
SPEC(matmul, PARAMS("a", "b"), call_binary, binary, NULL)
SPEC(prelu, PARAMS("input", "slope"), call_binary, binary, NULL)

/* ------------------------------------------------------------------ activations with options */

static uint32_t call_clamp(pynnx_ml_call *c)
{
    c->outs[0] = nnx_builder_clamp(c->b, c->x[0], OPTS(c));
    return 1;
}
static uint32_t call_elu(pynnx_ml_call *c)
{
    c->outs[0] = nnx_builder_elu(c->b, c->x[0], OPTS(c));
    return 1;
}
static uint32_t call_hard_sigmoid(pynnx_ml_call *c)
{
    c->outs[0] = nnx_builder_hard_sigmoid(c->b, c->x[0], OPTS(c));
    return 1;
}
static uint32_t call_leaky_relu(pynnx_ml_call *c)
{
    c->outs[0] = nnx_builder_leaky_relu(c->b, c->x[0], OPTS(c));
    return 1;
}
static uint32_t call_linear(pynnx_ml_call *c)
{
    c->outs[0] = nnx_builder_linear(c->b, c->x[0], OPTS(c));
    return 1;
}

static const pynnx_option CLAMP_OPTIONS[] = {
    PYNNX_OPT("min_value", nnx_clamp_options, min_value, PYNNX_OPT_NUMBER),
    PYNNX_OPT("max_value", nnx_clamp_options, max_value, PYNNX_OPT_NUMBER),
    {NULL},
};
static const pynnx_option ELU_OPTIONS[] = {
    PYNNX_OPT("alpha", nnx_elu_options, alpha, PYNNX_OPT_NUMBER),
    {NULL},
};
static const pynnx_option HARD_SIGMOID_OPTIONS[] = {
    PYNNX_OPT("alpha", nnx_hard_sigmoid_options, alpha, PYNNX_OPT_NUMBER),
    PYNNX_OPT("beta", nnx_hard_sigmoid_options, beta, PYNNX_OPT_NUMBER),
    {NULL},
};
static const pynnx_option LEAKY_RELU_OPTIONS[] = {
    PYNNX_OPT("alpha", nnx_leaky_relu_options, alpha, PYNNX_OPT_NUMBER),
    {NULL},
};
static const pynnx_option LINEAR_OPTIONS[] = {
    PYNNX_OPT("alpha", nnx_linear_options, alpha, PYNNX_OPT_NUMBER),
    PYNNX_OPT("beta", nnx_linear_options, beta, PYNNX_OPT_NUMBER),
    {NULL},
};

#define ACTIVATION_SPEC(n, opts) \
    static const pynnx_ml_op OP_##n = {.name = #n, .params = {"input"}, .call = call_##n, .options = opts}; \
    static PYNNX_ML_DEFINE(n, OP_##n)
ACTIVATION_SPEC(clamp, CLAMP_OPTIONS)
ACTIVATION_SPEC(elu, ELU_OPTIONS)
ACTIVATION_SPEC(hard_sigmoid, HARD_SIGMOID_OPTIONS)
ACTIVATION_SPEC(leaky_relu, LEAKY_RELU_OPTIONS)
ACTIVATION_SPEC(linear, LINEAR_OPTIONS)

/* ------------------------------------------------------------------ the method table
 * Docstrings start with a text signature (inspect.signature reads it): the positional
 * parameters (also accepted by name), then the keyword-only options with WebNN's defaults.
 * Every method returns an MLOperand, except split, gru, lstm and lstm_cell (a list). */

#define FLAGS METH_VARARGS | METH_KEYWORDS
#define ENTRY(n, doc) {#n, (PyCFunction)(void (*)(void))pynnx_ml_##n, FLAGS, doc},
#define UNARY_ENTRY(n, w, d) ENTRY(n, #n "($self, input, *, label=None)\n--\n\nWebNN " w ": " d ", element-wise.")
#define BINARY_ENTRY(n, w, d) \
    ENTRY(n, #n "($self, a, b, *, label=None)\n--\n\nWebNN " w ": " d ", element-wise; shapes broadcast.")
#define REDUCE_ENTRY(n, w, d) \
    ENTRY(n, \
          #n "($self, input, *, axes=None, keep_dimensions=False, label=None)\n--\n\nWebNN " w ": " d \
             " over axes (all axes when None, none when []).")
#define POOL_ENTRY(n, w, d) \
    ENTRY(n, \
          #n "($self, input, *, window_dimensions=None, padding=None, strides=None, dilations=None, layout='nchw', " \
             "rounding_type='floor', output_sizes=None, label=None)\n--\n\nWebNN " w ": " d \
             " (window: the whole plane when None; output_shape_rounding is rounding_type's older name).")

PyMethodDef pynnx_builder_op_methods[] = {
    UNARY_OPS(UNARY_ENTRY) BINARY_OPS(BINARY_ENTRY) REDUCE_OPS(REDUCE_ENTRY) POOL_OPS(POOL_ENTRY)
    /* clang-format off */
    ENTRY(matmul, "matmul($self, a, b, *, label=None)\n--\n\nWebNN matmul: the matrix product of the last two "
                  "axes; leading axes broadcast.")
    ENTRY(prelu, "prelu($self, input, slope, *, label=None)\n--\n\nWebNN prelu: max(0, x) + slope * min(0, x); "
                 "shapes broadcast.")
    ENTRY(clamp, "clamp($self, input, *, min_value=None, max_value=None, label=None)\n--\n\nWebNN clamp: x limited "
                 "to [min_value, max_value] (an absent bound: none).")
    ENTRY(elu, "elu($self, input, *, alpha=1.0, label=None)\n--\n\nWebNN elu: max(0, x) + alpha * (e^min(0, x) - 1).")
    ENTRY(hard_sigmoid, "hard_sigmoid($self, input, *, alpha=0.2, beta=0.5, label=None)\n--\n\nWebNN hardSigmoid: "
                        "max(0, min(1, alpha * x + beta)).")
    ENTRY(leaky_relu, "leaky_relu($self, input, *, alpha=0.01, label=None)\n--\n\nWebNN leakyRelu: max(0, x) + "
                      "alpha * min(0, x).")
    ENTRY(linear, "linear($self, input, *, alpha=1.0, beta=0.0, label=None)\n--\n\nWebNN linear: alpha * x + beta.")
    ENTRY(cast, "cast($self, input, dtype, *, label=None)\n--\n\nWebNN cast: x converted to dtype by WebNN's rules "
                "(float to integer truncates and saturates).")
    ENTRY(gemm, "gemm($self, a, b, *, c=None, alpha=1.0, beta=1.0, a_transpose=False, b_transpose=False, label=None)\n--\n\n"
                "WebNN gemm: alpha * A' * B' + beta * C for 2-D a and b (A' = a transposed when "
                "a_transpose).")
    ENTRY(conv2d, "conv2d($self, input, filter, *, padding=None, strides=None, dilations=None, groups=1, "
                  "input_layout='nchw', filter_layout='oihw', bias=None, label=None)\n--\n\nWebNN conv2d: "
                  "2-D convolution; padding is [begin_h, end_h, begin_w, end_w]; filter_layout 'oihw', 'hwio', "
                  "'ohwi' or 'ihwo'.")
    ENTRY(conv_transpose2d, "conv_transpose2d($self, input, filter, *, padding=None, strides=None, dilations=None, "
                            "output_padding=None, output_sizes=None, groups=1, input_layout='nchw', "
                            "filter_layout='iohw', bias=None, label=None)\n--\n\nWebNN convTranspose2d: "
                            "transposed 2-D convolution; filter_layout 'iohw', 'hwoi' or 'ohwi'.")
    ENTRY(resample2d, "resample2d($self, input, *, mode='nearest-neighbor', scales=None, sizes=None, axes=None, "
                      "label=None)\n--\n\nWebNN resample2d: resizes two axes (default [2, 3]) by scales or "
                      "to sizes; mode 'nearest-neighbor' or 'linear'.")
    ENTRY(arg_min, "arg_min($self, input, axis, *, keep_dimensions=False, output_data_type='int32', label=None)\n--\n\n"
                   "WebNN argMin: the index of the first smallest element along axis.")
    ENTRY(arg_max, "arg_max($self, input, axis, *, keep_dimensions=False, output_data_type='int32', label=None)\n--\n\n"
                   "WebNN argMax: the index of the first largest element along axis.")
    ENTRY(softmax, "softmax($self, input, axis, *, label=None)\n--\n\nWebNN softmax along axis.")
    ENTRY(reshape, "reshape($self, input, new_shape, *, label=None)\n--\n\nWebNN reshape: the same elements in "
                   "new_shape.")
    ENTRY(transpose, "transpose($self, input, *, permutation=None, label=None)\n--\n\nWebNN transpose: axes "
                     "permuted (reversed when None).")
    ENTRY(concat, "concat($self, inputs, axis, *, label=None)\n--\n\nWebNN concat: the operands of inputs joined "
                  "along axis.")
    ENTRY(slice, "slice($self, input, starts, sizes, *, strides=None, label=None)\n--\n\nWebNN slice: sizes[d] "
                 "elements from starts[d] on each axis, every strides[d]-th.")
    ENTRY(split, "split($self, input, splits, *, axis=0, label=None)\n--\n\nWebNN split, returning a list of MLOperand: splits is a "
                 "count of equal parts or a list of part sizes along axis.")
    ENTRY(pad, "pad($self, input, beginning_padding, ending_padding, *, mode='constant', value=0, label=None)\n--\n\n"
               "WebNN pad: each axis grown at both ends; mode 'constant', 'edge' or 'reflection'.")
    ENTRY(tile, "tile($self, input, repetitions, *, label=None)\n--\n\nWebNN tile: input repeated repetitions[d] "
                "times along each axis.")
    ENTRY(expand, "expand($self, input, new_shape, *, label=None)\n--\n\nWebNN expand: input broadcast to "
                  "new_shape.")
    ENTRY(reverse, "reverse($self, input, *, axes=None, label=None)\n--\n\nWebNN reverse: the element order "
                   "reversed along axes (all when None).")
    ENTRY(triangular, "triangular($self, input, *, upper=True, diagonal=0, label=None)\n--\n\nWebNN triangular: "
                      "the upper (or lower) triangle of the last two axes from diagonal, the rest 0.")
    ENTRY(cumulative_sum, "cumulative_sum($self, input, axis, *, exclusive=False, reversed=False, label=None)\n--\n\n"
                          "WebNN cumulativeSum: running sums along axis.")
    ENTRY(gather, "gather($self, input, indices, *, axis=0, label=None)\n--\n\nWebNN gather: the slices along "
                  "axis that indices select.")
    ENTRY(gather_elements, "gather_elements($self, input, indices, *, axis=0, label=None)\n--\n\nWebNN "
                           "gatherElements: input's elements at indices along axis.")
    ENTRY(gather_nd, "gather_nd($self, input, indices, *, label=None)\n--\n\nWebNN gatherND: the slices at the "
                     "coordinates of indices' last axis.")
    ENTRY(scatter_elements, "scatter_elements($self, input, indices, updates, *, axis=0, label=None)\n--\n\n"
                            "WebNN scatterElements: a copy of input with updates written at indices along axis.")
    ENTRY(scatter_nd, "scatter_nd($self, input, indices, updates, *, label=None)\n--\n\nWebNN scatterND: a copy "
                      "of input with the slices at indices' coordinates replaced by updates.")
    ENTRY(where, "where($self, condition, true_value, false_value, *, label=None)\n--\n\nWebNN where: true_value "
                 "where condition is non-zero, else false_value; shapes broadcast.")
    ENTRY(batch_normalization, "batch_normalization($self, input, mean, variance, *, scale=None, bias=None, axis=1, "
                               "epsilon=1e-5, label=None)\n--\n\nWebNN batchNormalization with the given "
                               "mean and variance along axis.")
    ENTRY(instance_normalization, "instance_normalization($self, input, *, scale=None, bias=None, epsilon=1e-5, "
                                  "layout='nchw', label=None)\n--\n\nWebNN instanceNormalization over the "
                                  "spatial axes of each (batch, channel).")
    ENTRY(layer_normalization, "layer_normalization($self, input, *, scale=None, bias=None, axes=None, epsilon=1e-5, "
                               "label=None)\n--\n\nWebNN layerNormalization over axes (1 .. rank-1 when "
                               "None).")
    ENTRY(quantize_linear, "quantize_linear($self, input, scale, zero_point, *, label=None)\n--\n\nWebNN "
                           "quantizeLinear: saturate(roundEven(x / scale) + zero_point) in zero_point's type.")
    ENTRY(dequantize_linear, "dequantize_linear($self, input, scale, zero_point, *, label=None)\n--\n\nWebNN "
                             "dequantizeLinear: (x - zero_point) * scale in scale's type.")
    ENTRY(gru, "gru($self, input, weight, recurrent_weight, steps, hidden_size, *, bias=None, recurrent_bias=None, "
               "initial_hidden_state=None, reset_after=True, return_sequence=False, direction='forward', "
               "layout='zrn', activations=None, label=None)\n--\n\nWebNN gru, returning a list: [output] or, with "
               "return_sequence, [output, output_sequence]; activations e.g. ['sigmoid', 'tanh'].")
    ENTRY(gru_cell, "gru_cell($self, input, weight, recurrent_weight, hidden_state, hidden_size, *, bias=None, "
                    "recurrent_bias=None, reset_after=True, layout='zrn', activations=None, label=None)\n--\n\n"
                    "WebNN gruCell: one GRU step, the new hidden state.")
    ENTRY(lstm, "lstm($self, input, weight, recurrent_weight, steps, hidden_size, *, bias=None, recurrent_bias=None, "
                "peephole_weight=None, initial_hidden_state=None, initial_cell_state=None, return_sequence=False, "
                "direction='forward', layout='iofg', activations=None, label=None)\n--\n\nWebNN "
                "lstm, returning a list: [output, cell_state] or, with return_sequence, [output, cell_state, output_sequence].")
    ENTRY(lstm_cell, "lstm_cell($self, input, weight, recurrent_weight, hidden_state, cell_state, hidden_size, *, "
                     "bias=None, recurrent_bias=None, peephole_weight=None, layout='iofg', activations=None, "
                     "label=None)\n--\n\nWebNN lstmCell: one LSTM step, returning a list [hidden_state, cell_state].")
    /* clang-format on */
    {NULL, NULL, 0, NULL},
};
