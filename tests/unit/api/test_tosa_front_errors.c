/* test_tosa_front_errors.c — one negative case per ERROR_IF / decidable REQUIRE of the TOSA
 * front end (spec §2 operator pseudocode), table-driven: each row builds one
 * operator from graph inputs, constants and shape_t values, and asserts the status and that
 * the builder's message names the operator and the rule ("TOSA PAD: ERROR_IF(padding[i * 2]
 * < 0 ..."). Each row also has a twin check: the same call with the rule satisfied is
 * covered by test_tosa_api_ops.c. Also the sticky-error contract: after a failure every
 * later call fails at once and outputs stay poisoned. */
#include "test_tosa_front_harness.h"

typedef struct arg {
    char kind; /* 'i' graph input, 'c' constant (v, or zeros), 's' shape_t (v) */
    nnx_dtype dt;
    uint32_t rank, shape[5];
    uint32_t nv;
    double v[8];
} arg;

typedef struct row {
    const char *what;
    nnx_tosa_op op;
    nnx_tosa_attrs a;
    uint32_t n;
    arg in[5];
    nnx_status st;
    const char *msg;
} row;

#define EI NNX_ERROR_INVALID_ARGUMENT
#define NS NNX_ERROR_NOT_SUPPORTED
#define IN(dt, r, ...) \
    { \
        'i', dt, r, __VA_ARGS__, 0, { 0 } \
    }
#define CZ(dt, r, ...) \
    { \
        'c', dt, r, __VA_ARGS__, 0, { 0 } \
    }
#define C1(dt, x) \
    { \
        'c', dt, 1, {1}, 1, { x } \
    }
#define SH(n, ...) \
    { \
        's', NNX_INT64, 1, {n}, n, { __VA_ARGS__ } \
    }
#define F NNX_FLOAT32
#define I8 NNX_INT8
#define I16 NNX_INT16
#define I32 NNX_INT32
#define B NNX_BOOL
#define POOL(...) .kernel = {2, 2}, .stride = {1, 1}, __VA_ARGS__
#define CONV(...) .stride = {1, 1, 1}, .dilation = {1, 1, 1}, __VA_ARGS__
#define RS(...) .out_type = I8, .scale32 = true, __VA_ARGS__

static const int32_t perm_short[1] = {0}, perm_big[2] = {0, 2}, perm_neg[2] = {-1, 0}, perm_dup[2] = {1, 1};

static const row rows[] = {
    /* generic: arity, data types, CTC */
    {"arity", NNX_TOSA_ADD, {0}, 1, {IN(I32, 1, {2})}, EI, "TOSA ADD: 1 inputs given, it takes 2"},
    {"types",
     NNX_TOSA_ADD,
     {0},
     2,
     {IN(I8, 1, {2}), IN(I8, 1, {2})},
     EI,
     "TOSA ADD: ERROR_IF(operator data types do not meet the Supported Data Types): in_out_t = int8"},
    {"mixed types", NNX_TOSA_ADD, {0}, 2, {IN(I32, 1, {2}), IN(F, 1, {2})}, EI, "input 0 is int32, input 1 is float32"},
    {"cast fp->bool",
     NNX_TOSA_CAST,
     {.out_type = B},
     1,
     {IN(F, 1, {2})},
     EI,
     "in_t = float32, out_t = bool is not a listed"},
    {"ctc",
     NNX_TOSA_NEGATE,
     {0},
     3,
     {IN(I8, 1, {2}), IN(I8, 1, {1}), C1(I8, 0)},
     EI,
     "TOSA NEGATE: ERROR_IF(input1_zp is not a compile-time constant)"},
    {"output desc",
     NNX_TOSA_ABS,
     {.output_descs = &(nnx_operand_desc){I32, 1, {3}}},
     1,
     {IN(I32, 1, {2})},
     EI,
     "ERROR_IF(output 0 does not meet the operator's output requirement)"},
    /* broadcast */
    {"rank",
     NNX_TOSA_SUB,
     {0},
     2,
     {IN(I32, 1, {2}), IN(I32, 2, {1, 2})},
     EI,
     "TOSA SUB: ERROR_IF(rank(shape1) != rank(shape2)"},
    {"broadcast",
     NNX_TOSA_MAXIMUM,
     {0},
     2,
     {IN(I32, 1, {2}), IN(I32, 1, {3})},
     EI,
     "TOSA MAXIMUM: ERROR_IF(shape1[0] != shape2[0]"},
    {"select cond",
     NNX_TOSA_SELECT,
     {0},
     3,
     {IN(I8, 1, {2}), IN(I8, 1, {2}), IN(I8, 1, {2})},
     EI,
     "TOSA SELECT: ERROR_IF(input1 is not T<bool_t>)"},
    /* ARGMAX, reductions */
    {"argmax rank", NNX_TOSA_ARGMAX, {0}, 1, {IN(F, 0, {0})}, EI, "TOSA ARGMAX: ERROR_IF(rank(shape1) < 1"},
    {"argmax axis",
     NNX_TOSA_ARGMAX,
     {.axis = 2},
     1,
     {IN(F, 2, {2, 2})},
     EI,
     "TOSA ARGMAX: ERROR_IF(axis < 0 || axis >= rank(shape1))"},
    {"reduce axis",
     NNX_TOSA_REDUCE_SUM,
     {.axis = -1},
     1,
     {IN(F, 2, {2, 2})},
     EI,
     "TOSA REDUCE_SUM: ERROR_IF(axis < 0 || axis >= rank(shape1))"},
    {"reduce rank", NNX_TOSA_REDUCE_ANY, {0}, 1, {IN(B, 0, {0})}, EI, "TOSA REDUCE_ANY: ERROR_IF(rank(shape1) < 1"},
    /* pools */
    {"avg izp",
     NNX_TOSA_AVG_POOL2D,
     {POOL(.acc_type = F)},
     3,
     {IN(F, 4, {1, 2, 2, 1}), C1(F, 1), C1(F, 0)},
     EI,
     "TOSA AVG_POOL2D: ERROR_IF(!is_same<in_out_t,i8_t>() && input_zp != 0)"},
    {"avg ozp",
     NNX_TOSA_AVG_POOL2D,
     {POOL(.acc_type = F)},
     3,
     {IN(F, 4, {1, 2, 2, 1}), C1(F, 0), C1(F, 2)},
     EI,
     "ERROR_IF(!is_same<in_out_t,i8_t>() && output_zp != 0)"},
    {"kernel",
     NNX_TOSA_MAX_POOL2D,
     {.kernel = {0, 1}, .stride = {1, 1}},
     1,
     {IN(F, 4, {1, 2, 2, 1})},
     EI,
     "TOSA MAX_POOL2D: ERROR_IF(kernel_y < 1 || kernel_x < 1)"},
    {"pool stride",
     NNX_TOSA_MAX_POOL2D,
     {.kernel = {1, 1}},
     1,
     {IN(F, 4, {1, 2, 2, 1})},
     EI,
     "ERROR_IF(stride_y < 1 || stride_x < 1)"},
    {"pool pad",
     NNX_TOSA_MAX_POOL2D,
     {POOL(.pad = {0, -1, 0, 0})},
     1,
     {IN(F, 4, {1, 2, 2, 1})},
     EI,
     "ERROR_IF(pad_top < 0 || pad_bottom < 0 || pad_left < 0 || pad_right < 0)"},
    {"pool pad x",
     NNX_TOSA_MAX_POOL2D,
     {POOL(.pad = {0, 0, 0, 2})},
     1,
     {IN(F, 4, {1, 2, 2, 1})},
     EI,
     "ERROR_IF(pad_right >= kernel_x || pad_left >= kernel_x)"},
    {"pool pad y",
     NNX_TOSA_AVG_POOL2D,
     {POOL(.pad = {2, 0, 0, 0})},
     1,
     {IN(F, 4, {1, 2, 2, 1})},
     EI,
     "ERROR_IF(pad_top >= kernel_y || pad_bottom >= kernel_y)"},
    {"pool OH",
     NNX_TOSA_MAX_POOL2D,
     {.kernel = {2, 1}, .stride = {2, 1}},
     1,
     {IN(F, 4, {1, 3, 2, 1})},
     EI,
     "ERROR_IF(OH != idiv_check(IH + pad_top + pad_bottom - kernel_y, stride_y) + 1)"},
    {"pool OW",
     NNX_TOSA_MAX_POOL2D,
     {.kernel = {1, 2}, .stride = {1, 2}},
     1,
     {IN(F, 4, {1, 2, 3, 1})},
     EI,
     "ERROR_IF(OW != idiv_check(IW + pad_left + pad_right - kernel_x, stride_x) + 1)"},
    {"pool rank", NNX_TOSA_MAX_POOL2D, {POOL()}, 1, {IN(F, 3, {2, 2, 1})}, EI, "ERROR_IF(rank(input) != 4"},
    /* convolutions */
    {"conv izp",
     NNX_TOSA_CONV2D,
     {CONV()},
     5,
     {IN(F, 4, {1, 2, 2, 1}), CZ(F, 4, {1, 1, 1, 1}), CZ(F, 1, {1}), C1(F, 1), C1(F, 0)},
     EI,
     "TOSA CONV2D: ERROR_IF(!is_same<in_t,i8_t>() && input_zp != 0)"},
    {"conv wzp",
     NNX_TOSA_CONV2D,
     {CONV()},
     5,
     {IN(I8, 4, {1, 2, 2, 1}), CZ(NNX_INT4, 4, {1, 1, 1, 1}), CZ(I32, 1, {1}), C1(I8, 0), C1(NNX_INT4, 1)},
     EI,
     "TOSA CONV2D: ERROR_IF(!is_same<weight_t,i8_t>() && weight_zp != 0)"},
    {"conv pad",
     NNX_TOSA_CONV2D,
     {CONV(.pad = {-1, 0, 0, 0})},
     3,
     {IN(F, 4, {1, 2, 2, 1}), CZ(F, 4, {1, 1, 1, 1}), CZ(F, 1, {1})},
     EI,
     "ERROR_IF(pad_top < 0 || pad_bottom < 0"},
    {"conv stride",
     NNX_TOSA_CONV2D,
     {.dilation = {1, 1}},
     3,
     {IN(F, 4, {1, 2, 2, 1}), CZ(F, 4, {1, 1, 1, 1}), CZ(F, 1, {1})},
     EI,
     "ERROR_IF(stride < 1)"},
    {"conv dilation",
     NNX_TOSA_CONV2D,
     {.stride = {1, 1}},
     3,
     {IN(F, 4, {1, 2, 2, 1}), CZ(F, 4, {1, 1, 1, 1}), CZ(F, 1, {1})},
     EI,
     "ERROR_IF(dilation < 1)"},
    {"conv OH",
     NNX_TOSA_CONV2D,
     {.stride = {2, 1}, .dilation = {1, 1}},
     3,
     {IN(F, 4, {1, 2, 2, 1}), CZ(F, 4, {1, 1, 1, 1}), CZ(F, 1, {1})},
     EI,
     "ERROR_IF(OH != idiv_check(IH - 1 + pad_begin + pad_end - (KH - 1) * dilation, stride) + 1)"},
    {"conv bias",
     NNX_TOSA_CONV2D,
     {CONV()},
     3,
     {IN(F, 4, {1, 2, 2, 1}), CZ(F, 4, {2, 1, 1, 1}), CZ(F, 1, {3})},
     EI,
     "TOSA CONV2D: ERROR_IF(BC != OC && BC != 1)"},
    {"conv ic",
     NNX_TOSA_CONV2D,
     {CONV()},
     3,
     {IN(F, 4, {1, 2, 2, 2}), CZ(F, 4, {1, 1, 1, 1}), CZ(F, 1, {1})},
     EI,
     "ERROR_IF(input channels != weight channels (IC))"},
    {"conv3d OD",
     NNX_TOSA_CONV3D,
     {.stride = {2, 1, 1}, .dilation = {1, 1, 1}},
     3,
     {IN(F, 5, {1, 2, 1, 1, 1}), CZ(F, 5, {1, 1, 1, 1, 1}), CZ(F, 1, {1})},
     EI,
     "TOSA CONV3D: ERROR_IF(OD != idiv_check("},
    {"depthwise bias",
     NNX_TOSA_DEPTHWISE_CONV2D,
     {CONV()},
     3,
     {IN(F, 4, {1, 1, 1, 2}), CZ(F, 4, {1, 1, 2, 2}), CZ(F, 1, {3})},
     EI,
     "TOSA DEPTHWISE_CONV2D: ERROR_IF(BC != C*M && BC != 1)"},
    {"tconv out_pad y",
     NNX_TOSA_TRANSPOSE_CONV2D,
     {.stride = {1, 1}, .out_pad = {-2, 0, 0, 0}},
     3,
     {IN(F, 4, {1, 2, 2, 1}), CZ(F, 4, {1, 2, 2, 1}), CZ(F, 1, {1})},
     EI,
     "ERROR_IF(out_pad_top <= -KH || out_pad_bottom <= -KH)"},
    {"tconv out_pad x",
     NNX_TOSA_TRANSPOSE_CONV2D,
     {.stride = {1, 1}, .out_pad = {0, 0, 0, -2}},
     3,
     {IN(F, 4, {1, 2, 2, 1}), CZ(F, 4, {1, 2, 2, 1}), CZ(F, 1, {1})},
     EI,
     "ERROR_IF(out_pad_left <= -KW || out_pad_right <= -KW)"},
    {"tconv stride",
     NNX_TOSA_TRANSPOSE_CONV2D,
     {0},
     3,
     {IN(F, 4, {1, 2, 2, 1}), CZ(F, 4, {1, 2, 2, 1}), CZ(F, 1, {1})},
     EI,
     "TOSA TRANSPOSE_CONV2D: ERROR_IF(stride_y < 1 || stride_x < 1)"},
    /* MATMUL (the zero-point rule read as intended, TOSA 1.0 §2.3.7 MATMUL, decision 10.1-1) */
    {"matmul zp",
     NNX_TOSA_MATMUL,
     {0},
     4,
     {IN(F, 3, {1, 2, 2}), IN(F, 3, {1, 2, 2}), C1(F, 1), C1(F, 0)},
     EI,
     "TOSA MATMUL: ERROR_IF(!is_same<in_t,i8_t>() && (A_zp != 0 || B_zp != 0))"},
    {"matmul shape",
     NNX_TOSA_MATMUL,
     {0},
     2,
     {IN(F, 3, {1, 2, 3}), IN(F, 3, {1, 2, 2})},
     EI,
     "ERROR_IF(B's shape is not [N,C,W]"},
    {"fft W",
     NNX_TOSA_FFT2D,
     {0},
     2,
     {IN(F, 3, {1, 2, 6}), IN(F, 3, {1, 2, 6})},
     EI,
     "TOSA FFT2D: ERROR_IF(!power_of_two(W))"},
    /* element-wise */
    {"clamp order",
     NNX_TOSA_CLAMP,
     {.min_val = {NNX_NUMBER_INT64, {.i64 = 5}}, .max_val = {NNX_NUMBER_INT64, {.i64 = 1}}},
     1,
     {IN(I8, 1, {2})},
     EI,
     "TOSA CLAMP: ERROR_IF(max_val < min_val)"},
    {"clamp range",
     NNX_TOSA_CLAMP,
     {.min_val = {NNX_NUMBER_INT64, {.i64 = -200}}},
     1,
     {IN(I8, 1, {2})},
     EI,
     "TOSA CLAMP: ERROR_IF(min_val or max_val is not a value of in_out_t)"},
    {"clamp nan",
     NNX_TOSA_CLAMP,
     {.min_val = {NNX_NUMBER_FLOAT64, {.f64 = NAN}}},
     1,
     {IN(F, 1, {2})},
     EI,
     "TOSA CLAMP: ERROR_IF(isNaN(min_val) || isNaN(max_val))"},
    {"shift range",
     NNX_TOSA_LOGICAL_LEFT_SHIFT,
     {0},
     2,
     {IN(I8, 1, {2}), C1(I8, 8)},
     EI,
     "TOSA LOGICAL_LEFT_SHIFT: REQUIRE(0 <= value2 && value2 <= 7)"},
    {"ars range",
     NNX_TOSA_ARITHMETIC_RIGHT_SHIFT,
     {0},
     2,
     {IN(I32, 1, {2}), C1(I32, -1)},
     EI,
     "REQUIRE(0 <= value2 && value2 <= 31)"},
    {"intdiv 0", NNX_TOSA_INTDIV, {0}, 2, {IN(I32, 1, {2}), C1(I32, 0)}, EI, "TOSA INTDIV: REQUIRE(value2 != 0)"},
    {"mul shift",
     NNX_TOSA_MUL,
     {0},
     3,
     {IN(I32, 1, {2}), IN(I32, 1, {2}), C1(I8, 64)},
     EI,
     "TOSA MUL: REQUIRE(0 <= shift && shift <= 63)"},
    {"mul shift i8",
     NNX_TOSA_MUL,
     {0},
     3,
     {IN(I8, 1, {2}), IN(I8, 1, {2}), C1(I8, 1)},
     EI,
     "TOSA MUL: REQUIRE(is_same<in_t,int32_t>() || shift == 0)"},
    {"table size",
     NNX_TOSA_TABLE,
     {0},
     2,
     {IN(I8, 1, {2}), CZ(I8, 1, {255})},
     EI,
     "TOSA TABLE: REQUIRE(length(table) == TABLE_SIZE (256))"},
    {"negate zp",
     NNX_TOSA_NEGATE,
     {0},
     3,
     {IN(I16, 1, {2}), C1(I16, 1), C1(I16, 0)},
     EI,
     "TOSA NEGATE: ERROR_IF(!is_same<in_out_t,i8_t>() && input1_zp != 0)"},
    {"negate ozp",
     NNX_TOSA_NEGATE,
     {0},
     3,
     {IN(I32, 1, {2}), C1(I32, 0), C1(I32, 1)},
     EI,
     "ERROR_IF(!is_same<in_out_t,i8_t>() && output_zp != 0)"},
    /* RESCALE */
    {"rescale izp",
     NNX_TOSA_RESCALE,
     {RS()},
     5,
     {IN(I16, 1, {2}), C1(I32, 1 << 30), C1(I8, 30), C1(I16, 3), C1(I8, 0)},
     EI,
     "TOSA RESCALE: ERROR_IF(!is_same<in_t,i8_t>() && (!is_same<in_t,i16_t>() || input_unsigned == false) && input_zp "
     "!= 0)"},
    {"rescale ozp",
     NNX_TOSA_RESCALE,
     {.out_type = I32, .scale32 = true},
     5,
     {IN(I8, 1, {2}), C1(I32, 1 << 30), C1(I8, 30), C1(I8, 0), C1(I32, 5)},
     EI,
     "ERROR_IF(!is_same<out_t,i8_t>() && (!is_same<out_t,i16_t>() || output_unsigned == false) && output_zp != 0)"},
    {"rescale u16 izp",
     NNX_TOSA_RESCALE,
     {RS(.input_unsigned = true)},
     5,
     {IN(I16, 1, {2}), C1(I32, 1 << 30), C1(I8, 30), C1(I16, 7), C1(I8, 0)},
     EI,
     "ERROR_IF(is_same<in_t,i16_t>() && input_unsigned == true && input_zp != 0 && input_zp != 32768)"},
    {"rescale u16 ozp",
     NNX_TOSA_RESCALE,
     {.out_type = I16, .scale32 = true, .output_unsigned = true},
     5,
     {IN(I8, 1, {2}), C1(I32, 1 << 30), C1(I8, 30), C1(I8, 0), C1(I16, 9)},
     EI,
     "ERROR_IF(is_same<out_t,i16_t>() && output_unsigned == true && output_zp != 0 && output_zp != 32768)"},
    {"rescale 48",
     NNX_TOSA_RESCALE,
     {RS()},
     5,
     {IN(NNX_INT48, 1, {2}), C1(I32, 1 << 30), C1(I8, 30), C1(NNX_INT48, 0), C1(I8, 0)},
     EI,
     "ERROR_IF(scale32 && is_same<in_t,i48_t>())"},
    {"rescale dr",
     NNX_TOSA_RESCALE,
     {.out_type = I8, .rounding_mode = NNX_TOSA_DOUBLE_ROUND},
     5,
     {IN(I8, 1, {2}), C1(I16, 1 << 14), C1(I8, 14), C1(I8, 0), C1(I8, 0)},
     EI,
     "ERROR_IF(!scale32 && (rounding_mode == DOUBLE_ROUND))"},
    {"rescale uu",
     NNX_TOSA_RESCALE,
     {RS(.input_unsigned = true, .output_unsigned = true)},
     5,
     {IN(I8, 1, {2}), C1(I32, 1 << 30), C1(I8, 30), C1(I8, 0), C1(I8, 0)},
     EI,
     "ERROR_IF(input_unsigned && output_unsigned)"},
    {"rescale u->32",
     NNX_TOSA_RESCALE,
     {.out_type = I32, .scale32 = true, .input_unsigned = true},
     5,
     {IN(I8, 1, {2}), C1(I32, 1 << 30), C1(I8, 30), C1(I8, 0), C1(I32, 0)},
     EI,
     "ERROR_IF(is_same<out_t,i32_t>() && input_unsigned)"},
    {"rescale 32->u",
     NNX_TOSA_RESCALE,
     {RS(.output_unsigned = true)},
     5,
     {IN(I32, 1, {2}), C1(I32, 1 << 30), C1(I8, 30), C1(I32, 0), C1(I8, 0)},
     EI,
     "ERROR_IF(is_same<in_t,i32_t>() && output_unsigned)"},
    {"rescale 48->u",
     NNX_TOSA_RESCALE,
     {.out_type = I8, .output_unsigned = true},
     5,
     {IN(NNX_INT48, 1, {2}), C1(I16, 1 << 14), C1(I8, 14), C1(NNX_INT48, 0), C1(I8, 0)},
     EI,
     "ERROR_IF(is_same<in_t,i48_t>() && output_unsigned)"},
    {"rescale per_channel",
     NNX_TOSA_RESCALE,
     {RS(.per_channel = true)},
     5,
     {IN(I8, 0, {0}), C1(I32, 1 << 30), C1(I8, 30), C1(I8, 0), C1(I8, 0)},
     EI,
     "ERROR_IF(per_channel && rank(input) < 1)"},
    {"rescale NC",
     NNX_TOSA_RESCALE,
     {RS(.per_channel = true)},
     5,
     {IN(I8, 1, {3}), C1(I32, 1 << 30), C1(I8, 30), C1(I8, 0), C1(I8, 0)},
     EI,
     "ERROR_IF(length(multiplier) != NC"},
    {"rescale mult",
     NNX_TOSA_RESCALE,
     {RS()},
     5,
     {IN(I8, 1, {2}), C1(I32, -1), C1(I8, 30), C1(I8, 0), C1(I8, 0)},
     EI,
     "TOSA RESCALE: REQUIRE(multiplier >= 0)"},
    {"rescale shift",
     NNX_TOSA_RESCALE,
     {RS()},
     5,
     {IN(I8, 1, {2}), C1(I32, 1 << 30), C1(I8, 63), C1(I8, 0), C1(I8, 0)},
     EI,
     "TOSA RESCALE: REQUIRE(2 <= shift && shift <= 62)"},
    {"rescale mul_t",
     NNX_TOSA_RESCALE,
     {RS()},
     5,
     {IN(I8, 1, {2}), C1(I16, 1), C1(I8, 30), C1(I8, 0), C1(I8, 0)},
     EI,
     "ERROR_IF(argument types): multiplier must be int32"},
    /* data layout */
    {"concat empty", NNX_TOSA_CONCAT, {0}, 0, {{0}}, EI, "TOSA CONCAT: ERROR_IF(input1 == [])"},
    {"concat axis",
     NNX_TOSA_CONCAT,
     {.axis = 1},
     1,
     {IN(F, 1, {2})},
     EI,
     "ERROR_IF(axis < 0 || axis >= max(1,rank(shapes1[0])))"},
    {"concat rank",
     NNX_TOSA_CONCAT,
     {0},
     2,
     {IN(F, 1, {2}), IN(F, 2, {2, 1})},
     EI,
     "ERROR_IF(rank(shapes1[shape_index]) != rank(shapes1[0]))"},
    {"concat dims",
     NNX_TOSA_CONCAT,
     {0},
     2,
     {IN(F, 2, {2, 2}), IN(F, 2, {2, 3})},
     EI,
     "ERROR_IF(shapes1[shape_index][axis_index] != shapes1[0][axis_index])"},
    {"pad negative",
     NNX_TOSA_PAD,
     {0},
     2,
     {IN(F, 1, {2}), SH(2, -1, 0)},
     EI,
     "TOSA PAD: ERROR_IF(padding[i * 2] < 0 || padding[(i * 2) + 1] < 0)"},
    {"pad length",
     NNX_TOSA_PAD,
     {0},
     2,
     {IN(F, 1, {2}), SH(4, 0, 0, 0, 0)},
     EI,
     "ERROR_IF(length(padding) != 2 * rank(shape1))"},
    {"pad const",
     NNX_TOSA_PAD,
     {0},
     3,
     {IN(F, 1, {2}), SH(2, 0, 0), C1(I8, 0)},
     EI,
     "ERROR_IF(pad_const is not a T<in_out_t>"},
    {"reshape size",
     NNX_TOSA_RESHAPE,
     {0},
     2,
     {IN(F, 1, {6}), SH(2, 4, 2)},
     EI,
     "TOSA RESHAPE: ERROR_IF(tensor_size(shape1) != tensor_size(shape))"},
    {"reverse axis",
     NNX_TOSA_REVERSE,
     {.axis = 1},
     1,
     {IN(F, 1, {6})},
     EI,
     "TOSA REVERSE: ERROR_IF(axis < 0 || axis >= rank(shape))"},
    {"slice start",
     NNX_TOSA_SLICE,
     {0},
     3,
     {IN(F, 1, {6}), SH(1, -1), SH(1, 2)},
     EI,
     "TOSA SLICE: ERROR_IF(start[index] < 0)"},
    {"slice size", NNX_TOSA_SLICE, {0}, 3, {IN(F, 1, {6}), SH(1, 0), SH(1, 0)}, EI, "ERROR_IF(size[index] <= 0)"},
    {"slice end",
     NNX_TOSA_SLICE,
     {0},
     3,
     {IN(F, 1, {6}), SH(1, 5), SH(1, 2)},
     EI,
     "ERROR_IF(start[index] + size[index] > shape1[index])"},
    {"slice length",
     NNX_TOSA_SLICE,
     {0},
     3,
     {IN(F, 1, {6}), SH(2, 0, 0), SH(1, 2)},
     EI,
     "ERROR_IF(rank(shape1) != length(start) || rank(shape1) != length(size))"},
    {"tile length",
     NNX_TOSA_TILE,
     {0},
     2,
     {IN(F, 1, {6}), SH(2, 1, 1)},
     EI,
     "TOSA TILE: ERROR_IF(length(multiples) != rank(shape1))"},
    {"tile zero",
     NNX_TOSA_TILE,
     {0},
     2,
     {IN(F, 1, {6}), SH(1, 0)},
     EI,
     "TOSA TILE: ERROR_IF(shape1[i] * multiples[i] != shape[i]"},
    {"perms length",
     NNX_TOSA_TRANSPOSE,
     {.perms = perm_short, .perms_count = 1},
     1,
     {IN(F, 2, {2, 3})},
     EI,
     "TOSA TRANSPOSE: ERROR_IF(length(perms) != rank(shape1))"},
    {"perms big",
     NNX_TOSA_TRANSPOSE,
     {.perms = perm_big, .perms_count = 2},
     1,
     {IN(F, 2, {2, 3})},
     EI,
     "ERROR_IF(index >= rank(shape1))"},
    {"perms neg",
     NNX_TOSA_TRANSPOSE,
     {.perms = perm_neg, .perms_count = 2},
     1,
     {IN(F, 2, {2, 3})},
     EI,
     "ERROR_IF(index < 0)"},
    {"perms dup",
     NNX_TOSA_TRANSPOSE,
     {.perms = perm_dup, .perms_count = 2},
     1,
     {IN(F, 2, {2, 3})},
     EI,
     "ERROR_IF(indexes_used[index] == true)"},
    {"gather rank",
     NNX_TOSA_GATHER,
     {0},
     2,
     {IN(F, 2, {2, 3}), IN(I32, 2, {2, 1})},
     EI,
     "TOSA GATHER: ERROR_IF(rank(values) != 3"},
    {"scatter K<W",
     NNX_TOSA_SCATTER,
     {0},
     3,
     {IN(F, 3, {1, 1, 2}), IN(I32, 2, {1, 2}), IN(F, 3, {1, 2, 2})},
     EI,
     "TOSA SCATTER: REQUIRE(K >= W"},
    /* RESIZE (shape_t scale, offset, border) */
    {"resize scale",
     NNX_TOSA_RESIZE,
     {0},
     4,
     {IN(F, 4, {1, 2, 2, 1}), SH(4, 0, 1, 1, 1), SH(2, 0, 0), SH(2, 0, 0)},
     EI,
     "TOSA RESIZE: ERROR_IF(scale_y_n <= 0 || scale_y_d <= 0 || scale_x_n <= 0 || scale_x_d <= 0)"},
    {"resize n",
     NNX_TOSA_RESIZE,
     {.mode = NNX_TOSA_MODE_BILINEAR},
     4,
     {IN(F, 4, {1, 2, 2, 1}), SH(4, 4096, 2048, 1, 1), SH(2, 0, 0), SH(2, 0, 0)},
     EI,
     "ERROR_IF(scale_y_n > (1 << 11) || scale_x_n > (1 << 11))"},
    {"resize d",
     NNX_TOSA_RESIZE,
     {0},
     4,
     {IN(F, 4, {1, 2, 2, 1}), SH(4, 1, 16, 1, 1), SH(2, 0, 0), SH(2, 0, 0)},
     EI,
     "ERROR_IF(scale_y_d >= 16 * scale_y_n || scale_x_d >= 16 * scale_x_n)"},
    {"resize offset y",
     NNX_TOSA_RESIZE,
     {0},
     4,
     {IN(F, 4, {1, 2, 2, 1}), SH(4, 1, 1, 1, 1), SH(2, -2, 0), SH(2, 0, 0)},
     EI,
     "ERROR_IF(offset_y < -scale_y_n || offset_y >= 16 * scale_y_n)"},
    {"resize offset x",
     NNX_TOSA_RESIZE,
     {0},
     4,
     {IN(F, 4, {1, 2, 2, 1}), SH(4, 1, 1, 1, 1), SH(2, 0, 16), SH(2, 0, 0)},
     EI,
     "ERROR_IF(offset_x < -scale_x_n || offset_x >= 16 * scale_x_n)"},
    {"resize border y",
     NNX_TOSA_RESIZE,
     {0},
     4,
     {IN(F, 4, {1, 2, 2, 1}), SH(4, 1, 1, 1, 1), SH(2, 0, 0), SH(2, 1, 0)},
     EI,
     "ERROR_IF(border_y < -16 * scale_y_n || border_y >= scale_y_n)"},
    {"resize border x",
     NNX_TOSA_RESIZE,
     {0},
     4,
     {IN(F, 4, {1, 2, 2, 1}), SH(4, 1, 1, 1, 1), SH(2, 0, 0), SH(2, 0, -17)},
     EI,
     "ERROR_IF(border_x < -16 * scale_x_n || border_x >= scale_x_n)"},
    {"resize OH",
     NNX_TOSA_RESIZE,
     {0},
     4,
     {IN(F, 4, {1, 2, 2, 1}), SH(4, 1, 2, 1, 1), SH(2, 0, 0), SH(2, 0, 0)},
     EI,
     "ERROR_IF(OH != idiv_check((IH - 1) * scale_y_n - offset_y + border_y, scale_y_d) + 1)"},
    {"resize OW",
     NNX_TOSA_RESIZE,
     {0},
     4,
     {IN(F, 4, {1, 2, 2, 1}), SH(4, 1, 1, 1, 2), SH(2, 0, 0), SH(2, 0, 0)},
     EI,
     "ERROR_IF(OW != idiv_check((IW - 1) * scale_x_n - offset_x + border_x, scale_x_d) + 1)"},
    {"resize 16384",
     NNX_TOSA_RESIZE,
     {0},
     4,
     {IN(F, 4, {1, 16384, 1, 1}), SH(4, 1, 1, 1, 1), SH(2, 0, 0), SH(2, 0, 0)},
     EI,
     "ERROR_IF(max(OH,OW,IH,IW) >= 16384)"},
    /* operand shapes and types */
    {"fft imag",
     NNX_TOSA_FFT2D,
     {0},
     2,
     {IN(F, 3, {1, 2, 2}), IN(F, 3, {1, 2, 4})},
     EI,
     "ERROR_IF(input_imag's shape != input_real's)"},
    {"conv rank",
     NNX_TOSA_CONV2D,
     {CONV()},
     3,
     {IN(F, 3, {1, 2, 2}), CZ(F, 4, {1, 1, 1, 1}), CZ(F, 1, {1})},
     EI,
     "ERROR_IF(input / weight are not 4-D)"},
    {"conv bias type",
     NNX_TOSA_CONV2D,
     {CONV()},
     3,
     {IN(I8, 4, {1, 2, 2, 1}), CZ(I8, 4, {1, 1, 1, 1}), CZ(I8, 1, {1})},
     EI,
     "ERROR_IF(bias is not T<out_t>[BC])"},
    {"conv zp shape",
     NNX_TOSA_CONV2D,
     {CONV()},
     4,
     {IN(I8, 4, {1, 2, 2, 1}), CZ(I8, 4, {1, 1, 1, 1}), CZ(I32, 1, {1}), CZ(I8, 1, {2})},
     EI,
     "ERROR_IF(input_zp is not T<in_t>[1])"},
    {"matmul types",
     NNX_TOSA_MATMUL,
     {0},
     2,
     {IN(I8, 3, {1, 2, 2}), IN(I16, 3, {1, 2, 2})},
     EI,
     "ERROR_IF(A and B differ in type (in_t))"},
    {"matmul rank",
     NNX_TOSA_MATMUL,
     {0},
     2,
     {IN(F, 2, {2, 2}), IN(F, 3, {1, 2, 2})},
     EI,
     "ERROR_IF(A is not [N,H,C] or B is not [N,C,W])"},
    {"concat rank 0", NNX_TOSA_CONCAT, {0}, 1, {IN(F, 0, {0})}, EI, "TOSA CONCAT: ERROR_IF(rank(shapes1[0]) < 1"},
    {"concat types",
     NNX_TOSA_CONCAT,
     {0},
     2,
     {IN(F, 1, {2}), IN(NNX_FLOAT16, 1, {2})},
     EI,
     "ERROR_IF(input types differ (in_out_t))"},
    {"pad rank 0", NNX_TOSA_PAD, {0}, 2, {IN(F, 0, {0}), SH(2, 0, 0)}, EI, "TOSA PAD: ERROR_IF(rank(shape1) < 1"},
    {"shape_t",
     NNX_TOSA_RESHAPE,
     {0},
     2,
     {IN(F, 1, {6}), C1(I32, 6)},
     EI,
     "shape must be a shape_t (a CONST_SHAPE output), not int32"},
    {"shape ctc",
     NNX_TOSA_RESHAPE,
     {0},
     2,
     {IN(F, 1, {6}), IN(NNX_INT64, 1, {1})},
     EI,
     "ERROR_IF(shape is not a compile-time constant)"},
    {"reshape dim",
     NNX_TOSA_RESHAPE,
     {0},
     2,
     {IN(F, 1, {6}), SH(2, -2, -3)},
     EI,
     "TOSA RESHAPE: REQUIRE(1 <= shape[i] <= maximum<tensor_size_t>)"},
    {"gather idx",
     NNX_TOSA_GATHER,
     {0},
     2,
     {IN(F, 3, {2, 3, 1}), IN(I32, 2, {1, 2})},
     EI,
     "TOSA GATHER: ERROR_IF(indices is not [N,W])"},
    {"scatter input",
     NNX_TOSA_SCATTER,
     {0},
     3,
     {IN(F, 3, {1, 3, 2}), IN(I32, 2, {1, 2}), IN(F, 3, {1, 2, 1})},
     EI,
     "ERROR_IF(input is not T<in_out_t>[N,W,C])"},
    {"resize lists",
     NNX_TOSA_RESIZE,
     {0},
     4,
     {IN(F, 4, {1, 2, 2, 1}), SH(2, 1, 1), SH(2, 0, 0), SH(2, 0, 0)},
     EI,
     "ERROR_IF(scale, offset and border must have 4, 2 and 2 values)"},
    {"resize mode",
     NNX_TOSA_RESIZE,
     {.mode = (nnx_tosa_mode)7},
     4,
     {IN(F, 4, {1, 2, 2, 1}), SH(4, 1, 1, 1, 1), SH(2, 0, 0), SH(2, 0, 0)},
     EI,
     "mode 7 is not a resize_mode_t"},
    {"rescale zp len",
     NNX_TOSA_RESCALE,
     {RS()},
     5,
     {IN(I8, 1, {2}), C1(I32, 1 << 30), C1(I8, 30), CZ(I8, 1, {2}), C1(I8, 0)},
     EI,
     "ERROR_IF(input_zp and output_zp must have one element)"},
    {"rescale rounding",
     NNX_TOSA_RESCALE,
     {RS(.rounding_mode = (nnx_tosa_rounding)9)},
     5,
     {IN(I8, 1, {2}), C1(I32, 1 << 30), C1(I8, 30), C1(I8, 0), C1(I8, 0)},
     EI,
     "rounding_mode 9 is not a rounding_t"},
    {"cond_if graphs",
     NNX_TOSA_COND_IF,
     {0},
     2,
     {IN(B, 1, {1}), IN(F, 1, {2})},
     EI,
     "TOSA COND_IF: ERROR_IF(then_graph or else_graph is absent)"},
    {"while lists",
     NNX_TOSA_WHILE_LOOP,
     {0},
     2,
     {IN(F, 1, {2}), IN(F, 1, {2})},
     EI,
     "TOSA WHILE_LOOP: ERROR_IF(tensor_list_shape(input_list) != tensor_list_shape(output_list))"},
    {"variable size",
     NNX_TOSA_VARIABLE,
     {.desc = {F, 1, {2}}, .values = rows, .values_size = 3},
     0,
     {{0}},
     EI,
     "TOSA VARIABLE: ERROR_IF(initial_value's size != var_shape's)"},
    /* CUSTOM / control flow are in test_tosa_api_flow.c */
};

static void store(nnx_dtype dt, unsigned char *p, size_t i, double v)
{
    switch (dt) {
    case NNX_FLOAT32: {
        float f = (float)v;
        memcpy(p + 4 * i, &f, 4);
        break;
    }
    case NNX_INT4:
    case NNX_INT8:
    case NNX_BOOL: p[i] = (unsigned char)(int8_t)v; break;
    case NNX_INT16: {
        int16_t x = (int16_t)v;
        memcpy(p + 2 * i, &x, 2);
        break;
    }
    case NNX_INT32: {
        int32_t x = (int32_t)v;
        memcpy(p + 4 * i, &x, 4);
        break;
    }
    case NNX_INT48:
    case NNX_INT64: {
        int64_t x = (int64_t)v;
        memcpy(p + 8 * i, &x, 8);
        break;
    }
    default: fail_msg("store: dtype %d", (int)dt);
    }
}

static nnx_operand *make(tf *h, const arg *a, int index)
{
    char name[8];
    snprintf(name, sizeof name, "x%d", index);
    if (a->kind == 'i')
        return tf_input(h, name, a->dt, a->rank, a->shape);
    if (a->kind == 's') {
        int64_t v[8];
        for (uint32_t i = 0; i < a->nv; i++)
            v[i] = (int64_t)a->v[i];
        return tf_shape(h, v, a->nv);
    }
    static unsigned char bytes[4096];
    size_t n = tf_bytes(a->dt, a->rank, a->shape);
    assert_true(n <= sizeof bytes);
    memset(bytes, 0, n);
    for (uint32_t i = 0; i < a->nv; i++)
        store(a->dt, bytes, i, a->v[i]);
    return tf_const(h, a->dt, a->rank, a->shape, bytes);
}

static void test_rules(void **state)
{
    (void)state;
    for (size_t r = 0; r < sizeof rows / sizeof *rows; r++) {
        const row *w = &rows[r];
        tf h = tf_open();
        nnx_operand *in[5] = {0}, *outs[2] = {0}, *out;
        uint32_t n_out = w->op == NNX_TOSA_FFT2D || w->op == NNX_TOSA_RFFT2D ? 2
            : w->op == NNX_TOSA_VARIABLE || w->op == NNX_TOSA_VARIABLE_WRITE ? 0
                                                                             : 1;
        for (uint32_t i = 0; i < w->n; i++)
            in[i] = make(&h, &w->in[i], (int)i);
        if (nnx_builder_status(h.b) != NNX_OK)
            fail_msg("row '%s': setup failed: %s", w->what, nnx_builder_error(h.b));
        uint32_t got = nnx_tosa_add(h.t, w->op, in, w->n, &w->a, outs, n_out);
        out = outs[0];
        const char *msg = nnx_builder_error(h.b);
        if (got != 0 || nnx_builder_status(h.b) != w->st || !strstr(msg, w->msg))
            fail_msg("row '%s': status %d, message \"%s\"; expected %d with \"%s\"", w->what,
                     (int)nnx_builder_status(h.b), msg, (int)w->st, w->msg);
        if (strncmp(msg, "TOSA ", 5) != 0)
            fail_msg("row '%s': the message does not name the operator: %s", w->what, msg);
        if (n_out) {
            nnx_operand_desc d;
            nnx_operand_get_desc(out, &d);
            assert_int_equal(d.dtype, NNX_DTYPE_UNDEFINED); /* poisoned */
        }
        tf_close(&h);
    }
}

/* After a failure the error is sticky: later calls fail at once and keep the first message. */
static void test_sticky(void **state)
{
    (void)state;
    tf h = tf_open();
    uint32_t two[1] = {2};
    nnx_operand *x = tf_input(&h, "x", NNX_INT8, 1, two), *y, *z;
    nnx_operand *in[2] = {x, x};
    assert_int_equal(nnx_tosa_add(h.t, NNX_TOSA_ADD, in, 2, NULL, &y, 1), 0);
    char first[512];
    snprintf(first, sizeof first, "%s", nnx_builder_error(h.b));
    in[0] = y;
    assert_int_equal(nnx_tosa_add(h.t, NNX_TOSA_ABS, in, 1, NULL, &z, 1), 0);
    assert_string_equal(nnx_builder_error(h.b), first);
    nnx_graph *g = NULL;
    assert_int_not_equal(nnx_builder_build(h.b, &(nnx_named_operand){"z", z}, 1, &g), NNX_OK);
    assert_null(g);
    assert_int_equal(nnx_tosa_add(NULL, NNX_TOSA_ABS, in, 1, NULL, &z, 1), 0);
    assert_null(nnx_tosa_begin(NULL, NULL));
    assert_null(nnx_tosa_op_name(NNX_TOSA_OP_INVALID));
    assert_string_equal(nnx_tosa_op_name(NNX_TOSA_CONST_SHAPE), "CONST_SHAPE");
    tf_close(&h);
    /* an operator value that is not one, and a session with no profile */
    h = tf_open();
    x = tf_input(&h, "x", NNX_INT32, 1, two);
    assert_int_equal(nnx_tosa_add(h.t, (nnx_tosa_op)99, &x, 1, NULL, &y, 1), 0);
    tf_expect_error(&h, NNX_ERROR_INVALID_ARGUMENT, "99 is not a TOSA 1.0 operator");
    tf_close(&h);
    /* inputs and outputs may be one array (in place); a NULL output array is an error */
    h = tf_open();
    x = tf_input(&h, "x", NNX_INT32, 1, two);
    nnx_operand *io[1] = {x};
    assert_int_equal(nnx_tosa_add(h.t, NNX_TOSA_ABS, io, 1, NULL, io, 1), 1);
    assert_ptr_not_equal(io[0], x);
    tf_expect_ok(&h);
    assert_int_equal(nnx_tosa_add(h.t, NNX_TOSA_ABS, &x, 1, NULL, NULL, 1), 0);
    tf_expect_error(&h, NNX_ERROR_INVALID_ARGUMENT, "TOSA ABS: outputs is NULL");
    tf_close(&h);
    h = tf_open_with(NNX_TOSA_EXT_FFT, NNX_TOSA_LEVEL_8K);
    tf_expect_error(&h, NNX_ERROR_INVALID_ARGUMENT, "at least one profile (PRO-INT or PRO-FP) is required");
    tf_close(&h);
    h = tf_open_with(NNX_TOSA_PRO_INT | NNX_TOSA_EXT_FFT, NNX_TOSA_LEVEL_8K);
    tf_expect_error(&h, NNX_ERROR_INVALID_ARGUMENT, "EXT-FFT is allowed only with PRO-FP");
    tf_close(&h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rules),
        cmocka_unit_test(test_sticky),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
