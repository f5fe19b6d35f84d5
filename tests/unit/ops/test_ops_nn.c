/* test_ops_nn.c — unit tests of the conv, pooling, matmul/gemm, softmax and reduction op
 * families (src/ops/{conv,pool,matmul,softmax,reduce}.c): one negative test per shape-
 * inference rule, and every reference kernel against numpy-computed values from
 * tests/data/ops_nn_expected.h (regenerate with tests/unit/ops/gen_ops_nn.py). */
#include "../../data/ops_nn_expected.h"

/* Each test owns a fresh IR (gen_fixture, gen_setup, gen_teardown); state starts as the
 * generated case (NULL for the others). ops_nn_expected.h defines gen_tensor and gen_case
 * itself (in[3]); the runner's code is the same for them. */
#define GEN_CASE_TYPES_DEFINED
#include "gen_case_runner.h"

/* ---------------------------------------------------------------- helpers */

static nnx_operand_desc desc(nnx_dtype dt, uint32_t rank, ...)
{
    nnx_operand_desc d = {dt, rank, {0}};
    va_list ap;
    va_start(ap, rank);
    for (uint32_t i = 0; i < rank; i++)
        d.shape[i] = va_arg(ap, unsigned);
    va_end(ap);
    return d;
}

/* Inference must fail with NNX_ERROR_INVALID_ARGUMENT and a reason containing `needle`
 * (the graph reports the reason alone; front ends add the op name). Inputs follow as
 * descriptor pointers. */
static void expect_error(gen_fixture *f, nnx_op op, const nnx_attrs *a, const char *needle, uint32_t n_in, ...)
{
    const nnx_operand_desc *in[3];
    va_list ap;
    va_start(ap, n_in);
    for (uint32_t i = 0; i < n_in; i++)
        in[i] = va_arg(ap, const nnx_operand_desc *);
    va_end(ap);
    nnx_error err = {0};
    uint32_t out;
    nnx_status st = gen_add_node(f, op, a, &err, &out, n_in, in);
    if (st != NNX_ERROR_INVALID_ARGUMENT || !strstr(err.message, needle) ||
        strncmp(err.message, nnx_op_table[op].name, strlen(nnx_op_table[op].name)) == 0)
        fail_msg("expected a reason with \"%s\", got status %d \"%s\"", needle, (int)st, err.message);
}

/* Inference must succeed with output descriptor `want`. */
static void expect_desc(gen_fixture *f, nnx_op op, const nnx_attrs *a, const nnx_operand_desc *want, uint32_t n_in,
                        const nnx_operand_desc *const *in)
{
    nnx_error err = {0};
    uint32_t out;
    nnx_status st = gen_add_node(f, op, a, &err, &out, n_in, in);
    if (st != NNX_OK)
        fail_msg("inference failed: %s", err.message);
    char got_s[128], want_s[128];
    if (!nnx_desc_equal(&f->ir.values[out].desc, want))
        fail_msg("output %s, expected %s", nnx_desc_format(&f->ir.values[out].desc, got_s, sizeof got_s),
                 nnx_desc_format(want, want_s, sizeof want_s));
}

static nnx_attrs conv_attrs(void)
{
    nnx_attrs a = {.conv = {.strides = {1, 1},
                            .dilations = {1, 1},
                            .groups = 1,
                            .input_layout = NNX_LAYOUT_NCHW,
                            .filter_layout = NNX_FILTER_OIHW}};
    return a;
}

static nnx_attrs pool_attrs(uint32_t wh, uint32_t ww)
{
    nnx_attrs a = {.pool = {.window = {wh, ww},
                            .strides = {1, 1},
                            .dilations = {1, 1},
                            .layout = NNX_LAYOUT_NCHW,
                            .rounding = NNX_ROUNDING_FLOOR}};
    return a;
}

static nnx_attrs reduce_attrs(uint32_t mask, bool keep)
{
    nnx_attrs a = {.reduce = {.axes_mask = mask, .keep_dims = keep}};
    return a;
}

/* ---------------------------------------------------------------- conv inference */

static void test_conv_type_errors(void **state)
{
    gen_fixture *f = *state;
    nnx_attrs a = conv_attrs();
    nnx_operand_desc x = desc(NNX_FLOAT32, 4, 1, 3, 5, 5), w = desc(NNX_FLOAT32, 4, 2, 3, 3, 3);
    nnx_operand_desc b = desc(NNX_FLOAT32, 1, 2);
    nnx_operand_desc xi = desc(NNX_INT32, 4, 1, 3, 5, 5), x3 = desc(NNX_FLOAT32, 3, 3, 5, 5);
    nnx_operand_desc w16 = desc(NNX_FLOAT16, 4, 2, 3, 3, 3), w3 = desc(NNX_FLOAT32, 3, 2, 3, 3);
    nnx_operand_desc b16 = desc(NNX_FLOAT16, 1, 2), b2 = desc(NNX_FLOAT32, 2, 1, 2);
    expect_error(f, NNX_OP_CONV, &a, "input type int32 is not a floating-point type", 2, &xi, &w);
    expect_error(f, NNX_OP_CONV, &a, "filter type float16 != input type float32", 2, &x, &w16);
    expect_error(f, NNX_OP_CONV, &a, "bias type float16 != input type float32", 3, &x, &w, &b16);
    expect_error(f, NNX_OP_CONV, &a, "filter has rank 4, expected 3", 2, &x3, &w);
    nnx_attrs nhwc = a;
    nhwc.conv.input_layout = NNX_LAYOUT_NHWC; /* the WebNN layouts are 2-D only */
    expect_error(f, NNX_OP_CONV, &nhwc, "input has rank 3, expected 4", 2, &x3, &w);
    nhwc = a;
    nhwc.conv.filter_layout = NNX_FILTER_HWIO;
    expect_error(f, NNX_OP_CONV, &nhwc, "input has rank 3, expected 4", 2, &x3, &w3);
    nnx_operand_desc x1 = desc(NNX_FLOAT32, 1, 3);
    expect_error(f, NNX_OP_CONV, &a, "input has rank 1, expected at least 2", 2, &x1, &x1);
    expect_error(f, NNX_OP_CONV, &a, "filter has rank 3, expected 4", 2, &x, &w3);
    expect_error(f, NNX_OP_CONV, &a, "bias has rank 2, expected 1", 3, &x, &w, &b2);
    nnx_operand_desc y = desc(NNX_FLOAT32, 4, 1, 2, 3, 3);
    const nnx_operand_desc *ok[3] = {&x, &w, &b};
    expect_desc(f, NNX_OP_CONV, &a, &y, 3, ok);
}

static void test_conv_attr_errors(void **state)
{
    gen_fixture *f = *state;
    nnx_operand_desc x = desc(NNX_FLOAT32, 4, 1, 3, 5, 5), w = desc(NNX_FLOAT32, 4, 2, 3, 3, 3);
    nnx_attrs a = conv_attrs();
    a.conv.strides[1] = 0;
    expect_error(f, NNX_OP_CONV, &a, "strides [1, 0] contain 0", 2, &x, &w);
    a = conv_attrs();
    a.conv.dilations[0] = 0;
    expect_error(f, NNX_OP_CONV, &a, "dilations [0, 1] contain 0", 2, &x, &w);
    a = conv_attrs();
    a.conv.groups = 0;
    expect_error(f, NNX_OP_CONV, &a, "groups is 0", 2, &x, &w);
    a = conv_attrs();
    a.conv.input_layout = (nnx_input_layout)9;
    expect_error(f, NNX_OP_CONV, &a, "unknown input layout 9", 2, &x, &w);
    a = conv_attrs();
    a.conv.filter_layout = (nnx_filter_layout)9;
    expect_error(f, NNX_OP_CONV, &a, "unknown filter layout 9", 2, &x, &w);
}

static void test_conv_channel_errors(void **state)
{
    gen_fixture *f = *state;
    nnx_attrs a = conv_attrs();
    nnx_operand_desc x = desc(NNX_FLOAT32, 4, 1, 3, 5, 5), x4 = desc(NNX_FLOAT32, 4, 1, 4, 5, 5);
    nnx_operand_desc w4 = desc(NNX_FLOAT32, 4, 2, 4, 3, 3), w2 = desc(NNX_FLOAT32, 4, 3, 2, 3, 3);
    nnx_operand_desc w = desc(NNX_FLOAT32, 4, 2, 3, 3, 3), b = desc(NNX_FLOAT32, 1, 5);
    expect_error(f, NNX_OP_CONV, &a, "input channels 3 / groups 1 != filter input channels 4", 2, &x, &w4);
    a.conv.groups = 2;
    expect_error(f, NNX_OP_CONV, &a, "input channels 3 are not divisible by groups 2", 2, &x, &w);
    expect_error(f, NNX_OP_CONV, &a, "output channels 3 are not divisible by groups 2", 2, &x4, &w2);
    a.conv.groups = 1;
    expect_error(f, NNX_OP_CONV, &a, "bias shape [5] != [output channels 2]", 3, &x, &w, &b);
}

static void test_conv_size_errors(void **state)
{
    gen_fixture *f = *state;
    nnx_attrs a = conv_attrs();
    nnx_operand_desc x = desc(NNX_FLOAT32, 4, 1, 3, 5, 5), w6 = desc(NNX_FLOAT32, 4, 2, 3, 3, 6);
    expect_error(f, NNX_OP_CONV, &a, "effective kernel width 6 (kernel 6, dilation 1) exceeds padded input width 5", 2,
                 &x, &w6);
    nnx_operand_desc w = desc(NNX_FLOAT32, 4, 2, 3, 3, 3);
    a.conv.dilations[0] = 2;
    expect_error(f, NNX_OP_CONV, &a, "effective kernel height 5 (kernel 3, dilation 2) exceeds padded input height 4",
                 2, &(nnx_operand_desc){NNX_FLOAT32, 4, {1, 3, 4, 5}}, &w);
    a = conv_attrs();
    nnx_operand_desc w0 = desc(NNX_FLOAT32, 4, 2, 3, 0, 3);
    expect_error(f, NNX_OP_CONV, &a, "kernel height is 0", 2, &x, &w0);
    a.conv.pads[0] = a.conv.pads[1] = UINT32_MAX;
    nnx_operand_desc xbig = desc(NNX_FLOAT32, 4, 1, 1, UINT32_MAX, 1), w1 = desc(NNX_FLOAT32, 4, 1, 1, 1, 1);
    expect_error(f, NNX_OP_CONV, &a, "output height 12884901885 exceeds the largest dimension", 2, &xbig, &w1);
    /* padding exactly fills the kernel: a 1x1 output, and the NHWC layout is kept */
    a = conv_attrs();
    a.conv.input_layout = NNX_LAYOUT_NHWC;
    a.conv.filter_layout = NNX_FILTER_HWIO;
    a.conv.pads[0] = a.conv.pads[1] = 1;
    nnx_operand_desc xn = desc(NNX_FLOAT32, 4, 2, 1, 4, 3), wh = desc(NNX_FLOAT32, 4, 3, 4, 3, 7);
    nnx_operand_desc y = desc(NNX_FLOAT32, 4, 2, 1, 1, 7);
    const nnx_operand_desc *in[2] = {&xn, &wh};
    expect_desc(f, NNX_OP_CONV, &a, &y, 2, in);
}

/* N-D: rank - 2 spatial axes (nchw / oihw), negative padding crops. */
static void test_conv_nd_shapes(void **state)
{
    gen_fixture *f = *state;
    nnx_attrs a = {.conv = {.strides = {2, 1, 1}, .dilations = {1, 2, 1}, .groups = 2, .pads = {1, 0, -1, 2, 0, 0}}};
    nnx_operand_desc x = desc(NNX_FLOAT32, 5, 1, 4, 7, 6, 5), w = desc(NNX_FLOAT32, 5, 6, 2, 3, 2, 5);
    nnx_operand_desc y = desc(NNX_FLOAT32, 5, 1, 6, 3, 5, 1); /* (8-3)/2+1, (7-3)+1, (5-5)+1 */
    const nnx_operand_desc *in[2] = {&x, &w};
    expect_desc(f, NNX_OP_CONV, &a, &y, 2, in);
    nnx_operand_desc x1 = desc(NNX_FLOAT32, 3, 2, 3, 9), w1 = desc(NNX_FLOAT32, 3, 4, 3, 4);
    nnx_operand_desc y1 = desc(NNX_FLOAT32, 3, 2, 4, 6);
    nnx_attrs b = {.conv = {.strides = {1}, .dilations = {1}, .groups = 1}};
    const nnx_operand_desc *in1[2] = {&x1, &w1};
    expect_desc(f, NNX_OP_CONV, &b, &y1, 2, in1);
    b.conv.pads[0] = -4;
    b.conv.pads[1] = -2;
    expect_error(f, NNX_OP_CONV, &b,
                 "effective kernel spatial axis 0 4 (kernel 4, dilation 1) exceeds padded input "
                 "spatial axis 0 3 (input 9 + padding -4 + -2)",
                 2, &x1, &w1);
    b.conv.pads[0] = -(int64_t)UINT32_MAX - 1;
    expect_error(f, NNX_OP_CONV, &b, "padding item 0 (-4294967296) is beyond", 2, &x1, &w1);
    b.conv.pads[0] = 0;
    b.conv.strides[0] = 0;
    expect_error(f, NNX_OP_CONV, &b, "strides [0] contain 0", 2, &x1, &w1);
    nnx_operand_desc x0 = desc(NNX_FLOAT32, 2, 2, 3), w0 = desc(NNX_FLOAT32, 2, 5, 3), y0 = desc(NNX_FLOAT32, 2, 2, 5);
    const nnx_operand_desc *in0[2] = {&x0, &w0}; /* no spatial axes: a matrix product */
    expect_desc(f, NNX_OP_CONV, &b, &y0, 2, in0);
}

/* ---------------------------------------------------------------- pool inference */

static void test_pool_errors(void **state)
{
    gen_fixture *f = *state;
    nnx_operand_desc x = desc(NNX_FLOAT32, 4, 1, 2, 5, 5), x3 = desc(NNX_FLOAT32, 3, 2, 5, 5);
    nnx_operand_desc xi = desc(NNX_INT8, 4, 1, 2, 5, 5);
    nnx_attrs a = pool_attrs(2, 2);
    expect_error(f, NNX_OP_AVG_POOL, &a, "input type int8 is not a floating-point type", 1, &xi);
    expect_error(f, NNX_OP_MAX_POOL, &a, "input has rank 3, expected 4", 1, &x3);
    a = pool_attrs(2, 0);
    expect_error(f, NNX_OP_MAX_POOL, &a, "window dimensions [2, 0] contain 0", 1, &x);
    a = pool_attrs(2, 2);
    a.pool.strides[0] = 0;
    expect_error(f, NNX_OP_MAX_POOL, &a, "strides [0, 1] contain 0", 1, &x);
    a = pool_attrs(2, 2);
    a.pool.dilations[1] = 0;
    expect_error(f, NNX_OP_AVG_POOL, &a, "dilations [1, 0] contain 0", 1, &x);
    a = pool_attrs(2, 2);
    a.pool.layout = (nnx_input_layout)7;
    expect_error(f, NNX_OP_AVG_POOL, &a, "unknown layout 7", 1, &x);
    a = pool_attrs(2, 2);
    a.pool.rounding = (nnx_rounding)7;
    expect_error(f, NNX_OP_AVG_POOL, &a, "unknown output shape rounding 7", 1, &x);
}

static void test_pool_size_errors(void **state)
{
    gen_fixture *f = *state;
    nnx_operand_desc x = desc(NNX_FLOAT32, 4, 1, 2, 5, 5);
    nnx_attrs a = pool_attrs(2, 2);
    a.pool.strides[0] = a.pool.strides[1] = 2; /* floor 2, ceil 3 */
    a.pool.has_output_sizes = true;
    a.pool.output_sizes[0] = 2;
    a.pool.output_sizes[1] = 3;
    expect_error(f, NNX_OP_AVG_POOL, &a,
                 "output sizes [2, 3] are neither the floor sizes [2, 2] nor the ceil sizes "
                 "[3, 3]",
                 1, &x);
    /* effective window 7 > 5 with stride 1: floor and ceil are both below 1 */
    a = pool_attrs(3, 2);
    a.pool.dilations[0] = 3;
    a.pool.rounding = NNX_ROUNDING_CEIL;
    expect_error(f, NNX_OP_MAX_POOL, &a,
                 "output height is less than 1 (input 5, padding 0 + 0, window 3, dilation 3, "
                 "stride 1)",
                 1, &x);
    /* window 4 over 2 with stride 3: floor gives 0, ceil gives 1 */
    nnx_operand_desc x2 = desc(NNX_FLOAT32, 4, 1, 1, 2, 2);
    a = pool_attrs(4, 4);
    a.pool.strides[0] = a.pool.strides[1] = 3;
    expect_error(f, NNX_OP_AVG_POOL, &a, "output height is less than 1", 1, &x2);
    a.pool.rounding = NNX_ROUNDING_CEIL;
    nnx_operand_desc y = desc(NNX_FLOAT32, 4, 1, 1, 1, 1);
    const nnx_operand_desc *in[1] = {&x2};
    expect_desc(f, NNX_OP_AVG_POOL, &a, &y, 1, in);
    a = pool_attrs(1, 1);
    a.pool.pads[2] = a.pool.pads[3] = UINT32_MAX;
    nnx_operand_desc xw = desc(NNX_UINT8, 4, 1, 1, 1, UINT32_MAX);
    expect_error(f, NNX_OP_MAX_POOL, &a, "output width 12884901885 exceeds the largest dimension", 1, &xw);
}

/* ---------------------------------------------------------------- matmul, gemm, softmax */

static void test_matmul_errors(void **state)
{
    gen_fixture *f = *state;
    nnx_attrs a = {.none = {0}};
    nnx_operand_desc m34 = desc(NNX_FLOAT32, 2, 3, 4), m45 = desc(NNX_FLOAT32, 2, 4, 5), v4 = desc(NNX_FLOAT32, 1, 4);
    nnx_operand_desc i34 = desc(NNX_INT32, 2, 3, 4), h45 = desc(NNX_FLOAT16, 2, 4, 5);
    nnx_operand_desc b234 = desc(NNX_FLOAT32, 3, 2, 3, 4), b345 = desc(NNX_FLOAT32, 3, 3, 4, 5);
    expect_error(f, NNX_OP_MATMUL, &a, "a type int32 is not a floating-point type", 2, &i34, &m45);
    expect_error(f, NNX_OP_MATMUL, &a, "b type float16 != a type float32", 2, &m34, &h45);
    expect_error(f, NNX_OP_MATMUL, &a, "a has rank 1 and b rank 2", 2, &v4, &m45);
    expect_error(f, NNX_OP_MATMUL, &a, "a has rank 2 and b rank 1", 2, &m34, &v4);
    expect_error(f, NNX_OP_MATMUL, &a, "columns of a 4 != rows of b 3", 2, &m34, &m34);
    expect_error(f, NNX_OP_MATMUL, &a, "batch dimensions of a float32[2,3,4] and b float32[3,4,5] do not broadcast", 2,
                 &b234, &b345);
}

static void test_gemm_errors(void **state)
{
    gen_fixture *f = *state;
    nnx_attrs a = {.gemm = {.alpha = 1, .beta = 1}};
    nnx_operand_desc m34 = desc(NNX_FLOAT32, 2, 3, 4), m45 = desc(NNX_FLOAT32, 2, 4, 5);
    nnx_operand_desc i34 = desc(NNX_INT32, 2, 3, 4), h45 = desc(NNX_FLOAT16, 2, 4, 5),
                     t134 = desc(NNX_FLOAT32, 3, 1, 3, 4);
    nnx_operand_desc c25 = desc(NNX_FLOAT32, 2, 2, 5), c135 = desc(NNX_FLOAT32, 3, 1, 3, 5),
                     h5 = desc(NNX_FLOAT16, 1, 5);
    expect_error(f, NNX_OP_GEMM, &a, "a type int32 is not a floating-point type", 2, &i34, &m45);
    expect_error(f, NNX_OP_GEMM, &a, "b type float16 != a type float32", 2, &m34, &h45);
    expect_error(f, NNX_OP_GEMM, &a, "c type float16 != a type float32", 3, &m34, &m45, &h5);
    expect_error(f, NNX_OP_GEMM, &a, "a has rank 3 and b rank 2, both must be 2", 2, &t134, &m45);
    expect_error(f, NNX_OP_GEMM, &a, "c float32[2,5] does not broadcast to [3, 5]", 3, &m34, &m45, &c25);
    expect_error(f, NNX_OP_GEMM, &a, "c float32[1,3,5] does not broadcast to [3, 5]", 3, &m34, &m45, &c135);
    a.gemm.trans_a = true;
    expect_error(f, NNX_OP_GEMM, &a, "columns of a' 3 != rows of b' 4", 2, &m34, &m45);
    a.gemm.trans_b = true; /* A' [4, 3], B' [5, 4] */
    expect_error(f, NNX_OP_GEMM, &a, "columns of a' 3 != rows of b' 5", 2, &m34, &m45);
}

static void test_softmax_errors(void **state)
{
    gen_fixture *f = *state;
    nnx_attrs a = {.axis = {2}};
    nnx_operand_desc x = desc(NNX_FLOAT32, 2, 3, 4), s = desc(NNX_FLOAT32, 0), i = desc(NNX_INT32, 3, 1, 3, 4);
    expect_error(f, NNX_OP_SOFTMAX, &a, "axis 2 is out of range for rank 2", 1, &x);
    a.axis.axis = 0;
    expect_error(f, NNX_OP_SOFTMAX, &a, "input is a scalar", 1, &s);
    expect_error(f, NNX_OP_SOFTMAX, &a, "input type int32 is not a floating-point type", 1, &i);
}

static void test_reduce_errors(void **state)
{
    gen_fixture *f = *state;
    nnx_operand_desc x = desc(NNX_FLOAT32, 3, 2, 3, 4), s = desc(NNX_INT8, 0);
    nnx_operand_desc xi = desc(NNX_INT32, 2, 2, 3), xb = desc(NNX_BOOL, 1, 3);
    nnx_attrs a = reduce_attrs(0x9, false);
    expect_error(f, NNX_OP_REDUCE_SUM, &a, "axis 3 is out of range for rank 3", 1, &x);
    a = reduce_attrs(1u << 31, true);
    expect_error(f, NNX_OP_REDUCE_MAX, &a, "axis 31 is out of range for rank 3", 1, &x);
    a = reduce_attrs(0x1, false);
    expect_error(f, NNX_OP_REDUCE_MIN, &a, "axis 0 is out of range for rank 0", 1, &s);
    expect_error(f, NNX_OP_REDUCE_MEAN, &a, "input type int32 is not allowed (a floating-point type is required)", 1,
                 &xi);
    expect_error(f, NNX_OP_REDUCE_SUM, &a, "input type bool is not allowed (a numeric type is required)", 1, &xb);
}

static void test_reduce_shapes(void **state)
{
    gen_fixture *f = *state;
    nnx_operand_desc x = desc(NNX_UINT16, 3, 2, 3, 4), s = desc(NNX_UINT16, 0);
    const nnx_operand_desc *in[1] = {&x};
    nnx_attrs a = reduce_attrs(0x5, false);
    nnx_operand_desc want = desc(NNX_UINT16, 1, 3);
    expect_desc(f, NNX_OP_REDUCE_MAX, &a, &want, 1, in);
    a = reduce_attrs(0x5, true);
    want = desc(NNX_UINT16, 3, 1, 3, 1);
    expect_desc(f, NNX_OP_REDUCE_SUM, &a, &want, 1, in);
    a = reduce_attrs(0x7, false);
    want = s;
    expect_desc(f, NNX_OP_REDUCE_MIN, &a, &want, 1, in);
    a = reduce_attrs(0, false);
    expect_desc(f, NNX_OP_REDUCE_SUM, &a, &x, 1, in);
    in[0] = &s;
    expect_desc(f, NNX_OP_REDUCE_MAX, &a, &s, 1, in);
}

int main(void)
{
    static const struct CMUnitTest fixed[] = {
        cmocka_unit_test_setup_teardown(test_conv_type_errors, gen_setup, gen_teardown),
        cmocka_unit_test_setup_teardown(test_conv_attr_errors, gen_setup, gen_teardown),
        cmocka_unit_test_setup_teardown(test_conv_channel_errors, gen_setup, gen_teardown),
        cmocka_unit_test_setup_teardown(test_conv_size_errors, gen_setup, gen_teardown),
        cmocka_unit_test_setup_teardown(test_conv_nd_shapes, gen_setup, gen_teardown),
        cmocka_unit_test_setup_teardown(test_pool_errors, gen_setup, gen_teardown),
        cmocka_unit_test_setup_teardown(test_pool_size_errors, gen_setup, gen_teardown),
        cmocka_unit_test_setup_teardown(test_matmul_errors, gen_setup, gen_teardown),
        cmocka_unit_test_setup_teardown(test_gemm_errors, gen_setup, gen_teardown),
        cmocka_unit_test_setup_teardown(test_softmax_errors, gen_setup, gen_teardown),
        cmocka_unit_test_setup_teardown(test_reduce_errors, gen_setup, gen_teardown),
        cmocka_unit_test_setup_teardown(test_reduce_shapes, gen_setup, gen_teardown),
    };
    /* then one test per generated case (kernels vs numpy), named after it */
    return gen_run_all("ops_nn", fixed, sizeof fixed / sizeof fixed[0], gen_cases,
                       sizeof gen_cases / sizeof gen_cases[0]);
}
