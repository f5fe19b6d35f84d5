/* test_builder_errors.c: negative tests of the WebNN validation steps (WebNN `MLContext`
 * and `MLGraphBuilder` method steps) for the builder methods of nnx.h: builder state, operands,
 * labels, input, constants and every operation. One table row per error condition, each asserting
 * the status, the message prefix "<webnn op> ['<label>']: " and a distinctive substring. */
#include "builder_errors_fixture.h"

/* Op rows end with this: remember the operand the failing call returned. */
static nnx_status op_done(fx *f, nnx_operand *result)
{
    f->result = result;
    return nnx_builder_status(f->b);
}

/* ------------------------------------------------------------------ builder state, operands */

static nnx_status built_add(fx *f)
{
    nnx_operand *x = spend_builder(f);
    return op_done(f, nnx_builder_add(f->b, x, x, NULL));
}

static nnx_status built_input(fx *f)
{
    spend_builder(f);
    nnx_operand_desc d = desc_of(F32, SHAPE(2));
    return op_done(f, nnx_builder_input(f->b, "late", &d));
}

static nnx_status built_constant(fx *f)
{
    spend_builder(f);
    nnx_operand_desc d = desc_of(F32, SHAPE(2));
    return op_done(f, nnx_builder_constant(f->b, &d, zeros, 8));
}

static nnx_status built_constant_scalar(fx *f)
{
    spend_builder(f);
    return op_done(f, nnx_builder_constant_scalar(f->b, F32, nnx_f64(1)));
}

static nnx_status built_constant_tensor(fx *f)
{
    spend_builder(f);
    nnx_tensor *t = constant_tensor_on(f->ctx, F32, SHAPE(2));
    return op_done(f, nnx_builder_constant_tensor(f->b, t));
}

/* WebNN constant(tensor) checks the tensor before "can build". */
static nnx_status built_constant_tensor_not_constant(fx *f)
{
    spend_builder(f);
    nnx_tensor *t = T(f->ctx, F32, 2);
    return op_done(f, nnx_builder_constant_tensor(f->b, t));
}

static nnx_status built_conv2d(fx *f)
{
    spend_builder(f);
    nnx_operand *x = NULL; /* the state check comes before operand validation */
    return op_done(f, nnx_builder_conv2d(f->b, x, x, NULL));
}

static nnx_status built_split(fx *f)
{
    nnx_operand *x = spend_builder(f);
    nnx_operand *outs[3] = {NULL, NULL, NULL};
    uint32_t n = nnx_builder_split(f->b, x, 2, NULL, outs);
    assert_int_equal(n, 2);
    assert_poisoned(outs[0]);
    assert_poisoned(outs[1]);
    assert_null(outs[2]);
    return op_done(f, outs[0]);
}

static nnx_status built_reduce_mean(fx *f)
{
    nnx_operand *x = spend_builder(f);
    return op_done(f, nnx_builder_reduce_mean(f->b, x, NULL));
}

static nnx_status built_cast(fx *f)
{
    nnx_operand *x = spend_builder(f);
    return op_done(f, nnx_builder_cast(f->b, x, I32, NULL));
}

static nnx_status other_builder_add(fx *f)
{
    nnx_operand *x = X(F32, 2), *y = X2(F32, 2);
    return op_done(f, nnx_builder_add(f->b, x, y, NULL));
}

static nnx_status other_builder_matmul(fx *f)
{
    nnx_operand *x = X2(F32, 2, 2), *y = X(F32, 2, 2);
    return op_done(f, nnx_builder_matmul(f->b, x, y, NULL));
}

static nnx_status other_builder_concat(fx *f)
{
    nnx_operand *in[3] = {X(F32, 2), X(F32, 2), X2(F32, 2)};
    return op_done(f, nnx_builder_concat(f->b, in, 3, 0, NULL));
}

static nnx_status null_operand_relu(fx *f) { return op_done(f, nnx_builder_relu(f->b, NULL, NULL)); }

static nnx_status null_operand_add(fx *f)
{
    nnx_operand *x = X(F32, 2);
    return op_done(f, nnx_builder_add(f->b, NULL, x, NULL));
}

static nnx_status null_operand_concat(fx *f)
{
    nnx_operand *in[2] = {X(F32, 2), NULL};
    return op_done(f, nnx_builder_concat(f->b, in, 2, 0, NULL));
}

/* The first error is kept through later failing calls; every later call, valid or not,
 * returns a non-NULL poisoned operand. */
static nnx_status sticky_error(fx *f)
{
    nnx_operand *a = X(F32, 2, 3), *i = X(I32, 2, 3);
    nnx_operator_options first = {"first"};
    nnx_operand *p = nnx_builder_add(f->b, a, i, &first);
    assert_poisoned(p);
    assert_int_equal(nnx_builder_status(f->b), IA);

    nnx_operator_options second = {"second"};
    assert_poisoned(nnx_builder_reshape(f->b, a, SHAPE(7), &second)); /* would fail on its own */
    assert_poisoned(nnx_builder_relu(f->b, a, NULL));                 /* would succeed on its own */
    nnx_operand_desc d = desc_of(F32, SHAPE(2));
    assert_poisoned(nnx_builder_input(f->b, "late", &d));
    assert_poisoned(nnx_builder_constant(f->b, &d, zeros, 8));
    assert_poisoned(nnx_builder_constant_scalar(f->b, F32, nnx_f64(2)));
    nnx_operand *outs[2] = {NULL, NULL};
    assert_int_equal(nnx_builder_split(f->b, a, 2, NULL, outs), 2);
    assert_poisoned(outs[0]);
    assert_poisoned(outs[1]);
    assert_int_equal(nnx_builder_status(f->b), IA);
    return op_done(f, nnx_builder_mul(f->b, p, p, NULL)); /* a poisoned argument */
}

/* ------------------------------------------------------------------ labels */

static nnx_status label_quoted(fx *f)
{
    nnx_operand *x = X(F32, 2, 3), *y = X(F32, 4);
    nnx_operator_options o = {"my label"};
    return op_done(f, nnx_builder_add(f->b, x, y, &o));
}

static nnx_status label_control_builder_check(fx *f)
{
    nnx_operand *x = X(U32, 2);
    nnx_operator_options o = {"a\tb\nc\177d"}; /* tab, newline, DEL */
    return op_done(f, nnx_builder_relu(f->b, x, &o));
}

static nnx_status label_control_inference_check(fx *f)
{
    nnx_operand *x = X(F32, 1, 4, 5, 5), *w = X(F32, 8, 2, 3, 3);
    nnx_conv2d_options o = {.label = "s\x01t\x1b[0m"};
    return op_done(f, nnx_builder_conv2d(f->b, x, w, &o));
}

static nnx_status label_bidi(fx *f)
{
    nnx_operand *x = X(F32, 1, 2, 4, 4);
    /* U+202E (right-to-left override) and U+2066 (left-to-right isolate) in UTF-8 */
    nnx_pool2d_options o = {.label = "x\342\200\256y\342\201\246z", .window_dimensions = LIST(5, 5)};
    return op_done(f, nnx_builder_max_pool2d(f->b, x, &o));
}

/* A very long label must not push the reason out of the fixed-size message. */
static nnx_status label_long(fx *f)
{
    char *label = f->scratch = malloc(601);
    assert_non_null(label);
    memset(label, 'L', 600);
    label[600] = '\0';
    nnx_operand *x = X(F32, 1, 4, 5, 5), *w = X(F32, 8, 2, 3, 3);
    nnx_conv2d_options o = {.label = label};
    return op_done(f, nnx_builder_conv2d(f->b, x, w, &o));
}

/* ------------------------------------------------------------------ input */

static nnx_status input_with(fx *f, const char *name, nnx_operand_desc d)
{
    return op_done(f, nnx_builder_input(f->b, name, &d));
}

static nnx_status input_empty_name(fx *f) { return input_with(f, "", desc_of(F32, SHAPE(2))); }
static nnx_status input_null_name(fx *f) { return input_with(f, NULL, desc_of(F32, SHAPE(2))); }

static nnx_status input_duplicate(fx *f)
{
    named_input(f->b, "x", F32, SHAPE(2));
    return input_with(f, "x", desc_of(I32, SHAPE(3)));
}

/* The input name is the label: it is sanitized too. */
static nnx_status input_duplicate_control(fx *f)
{
    named_input(f->b, "a\tb", F32, SHAPE(2));
    return input_with(f, "a\tb", desc_of(F32, SHAPE(2)));
}

static nnx_status input_dim0(fx *f) { return input_with(f, "x", desc_of(F32, SHAPE(2, 0, 3))); }
static nnx_status input_dim_too_big(fx *f) { return input_with(f, "x", desc_of(F32, SHAPE(2147483648u))); }

static nnx_status input_rank9(fx *f)
{
    nnx_operand_desc d = desc_of(F32, SHAPE(1, 1, 1, 1, 1, 1, 1, 1));
    d.rank = 9;
    return input_with(f, "x", d);
}

static nnx_status input_count(fx *f) { return input_with(f, "x", desc_of(F32, SHAPE(65536, 32768))); }
static nnx_status input_dtype0(fx *f) { return input_with(f, "x", desc_of(NNX_DTYPE_UNDEFINED, SHAPE(2))); }
static nnx_status input_dtype25(fx *f) { return input_with(f, "x", desc_of((nnx_dtype)25, SHAPE(2))); }
static nnx_status input_dtype_negative(fx *f) { return input_with(f, "x", desc_of((nnx_dtype)0x80000000u, SHAPE(2))); }

static nnx_status input_null_desc(fx *f) { return op_done(f, nnx_builder_input(f->b, "x", NULL)); }

/* ------------------------------------------------------------------ constants */

static nnx_status constant_size(fx *f)
{
    nnx_operand_desc d = desc_of(F32, SHAPE(2, 2));
    return op_done(f, nnx_builder_constant(f->b, &d, zeros, 15));
}

static nnx_status constant_null_data(fx *f)
{
    nnx_operand_desc d = desc_of(F32, SHAPE(2, 2));
    return op_done(f, nnx_builder_constant(f->b, &d, NULL, 16));
}

static nnx_status constant_dim0(fx *f)
{
    nnx_operand_desc d = desc_of(F32, SHAPE(0));
    return op_done(f, nnx_builder_constant(f->b, &d, zeros, 0));
}

static nnx_status constant_null_desc(fx *f) { return op_done(f, nnx_builder_constant(f->b, NULL, zeros, 4)); }

static nnx_status scalar_dtype0(fx *f)
{
    return op_done(f, nnx_builder_constant_scalar(f->b, NNX_DTYPE_UNDEFINED, nnx_f64(1)));
}
static nnx_status scalar_dtype99(fx *f)
{
    return op_done(f, nnx_builder_constant_scalar(f->b, (nnx_dtype)99, nnx_f64(1)));
}

static nnx_status scalar_absent(fx *f)
{
    nnx_number absent = {NNX_NUMBER_ABSENT, {0}};
    return op_done(f, nnx_builder_constant_scalar(f->b, F32, absent));
}

static nnx_status ctensor_not_constant(fx *f)
{
    nnx_tensor *t = T(f->ctx, F32, 2);
    return op_done(f, nnx_builder_constant_tensor(f->b, t));
}

static nnx_status ctensor_other_context(fx *f)
{
    nnx_tensor *t = constant_tensor_on(f->ctx2, F32, SHAPE(2));
    return op_done(f, nnx_builder_constant_tensor(f->b, t));
}

static nnx_status ctensor_null(fx *f) { return op_done(f, nnx_builder_constant_tensor(f->b, NULL)); }

/* ------------------------------------------------------------------ element-wise binary */

typedef nnx_operand *(*binary_fn)(nnx_builder *, nnx_operand *, nnx_operand *, const nnx_operator_options *);

static nnx_status binary_dtype(fx *f, binary_fn fn)
{
    nnx_operand *x = X(F32, 2, 3), *y = X(I32, 2, 3);
    return op_done(f, fn(f->b, x, y, NULL));
}

static nnx_status binary_broadcast(fx *f, binary_fn fn)
{
    nnx_operand *x = X(F32, 2, 3), *y = X(F32, 4, 1, 2);
    return op_done(f, fn(f->b, x, y, NULL));
}

#define BINARY_ROWS(op) \
    static nnx_status op##_dtype(fx *f) { return binary_dtype(f, nnx_builder_##op); } \
    static nnx_status op##_broadcast(fx *f) { return binary_broadcast(f, nnx_builder_##op); }
BINARY_ROWS(add)
BINARY_ROWS(sub)
BINARY_ROWS(mul)
BINARY_ROWS(div)
BINARY_ROWS(max)
BINARY_ROWS(min)
BINARY_ROWS(pow)

/* ------------------------------------------------------------------ element-wise unary, clamp, cast */

#define UNARY_ROW(op, dt) \
    static nnx_status op##_dtype(fx *f) { return op_done(f, nnx_builder_##op(f->b, X(dt, 2, 2), NULL)); }
UNARY_ROW(exp, I32)
UNARY_ROW(log, I32)
UNARY_ROW(sqrt, I32)
UNARY_ROW(ceil, I32)
UNARY_ROW(floor, I32)
UNARY_ROW(sigmoid, I32)
UNARY_ROW(tanh, I32)
UNARY_ROW(abs, U32)
UNARY_ROW(neg, U32)
UNARY_ROW(relu, U32)

static nnx_status clamp_with(fx *f, nnx_dtype dt, nnx_number lo, nnx_number hi)
{
    nnx_clamp_options o = {NULL, lo, hi};
    return op_done(f, nnx_builder_clamp(f->b, X(dt, 3), &o));
}

static nnx_status clamp_float(fx *f) { return clamp_with(f, F32, nnx_f64(2), nnx_f64(1)); }
/* Bounds are compared after the cast: 2.6 > 2.5 round to 3 > 2; 300 > 200 saturate to 255 > 200 in uint8;
 * UINT64_MAX > -1000 to 127 > -128 in int8; 5 > -3 to 5 > 0 in uint32. */
static nnx_status clamp_int_rounding(fx *f) { return clamp_with(f, I32, nnx_f64(2.6), nnx_f64(2.5)); }
static nnx_status clamp_uint8_saturating(fx *f) { return clamp_with(f, U8, nnx_i64(300), nnx_i64(200)); }
static nnx_status clamp_int8_mixed(fx *f) { return clamp_with(f, NNX_INT8, nnx_u64(UINT64_MAX), nnx_i64(-1000)); }
static nnx_status clamp_uint32_negative(fx *f) { return clamp_with(f, U32, nnx_i64(5), nnx_i64(-3)); }

static nnx_status cast_dtype0(fx *f)
{
    return op_done(f, nnx_builder_cast(f->b, X(F32, 2), NNX_DTYPE_UNDEFINED, NULL));
}
static nnx_status cast_dtype99(fx *f) { return op_done(f, nnx_builder_cast(f->b, X(F32, 2), (nnx_dtype)99, NULL)); }
static nnx_status cast_null(fx *f) { return op_done(f, nnx_builder_cast(f->b, NULL, F32, NULL)); }

/* ------------------------------------------------------------------ matmul, gemm */

static nnx_status matmul_of(fx *f, nnx_operand *a, nnx_operand *b)
{
    return op_done(f, nnx_builder_matmul(f->b, a, b, NULL));
}
static nnx_status matmul_int(fx *f) { return matmul_of(f, X(I32, 2, 3), X(I32, 3, 2)); }
static nnx_status matmul_rank1(fx *f) { return matmul_of(f, X(F32, 3), X(F32, 3, 2)); }
static nnx_status matmul_rank1_b(fx *f) { return matmul_of(f, X(F32, 2, 3), X(F32, 3)); }
static nnx_status matmul_k(fx *f) { return matmul_of(f, X(F32, 2, 3), X(F32, 4, 5)); }
static nnx_status matmul_batch(fx *f) { return matmul_of(f, X(F32, 2, 2, 3), X(F32, 3, 3, 4)); }
static nnx_status matmul_dtype(fx *f) { return matmul_of(f, X(F32, 2, 3), X(F16, 3, 2)); }

static nnx_status gemm_of(fx *f, nnx_operand *a, nnx_operand *b, nnx_gemm_options o)
{
    return op_done(f, nnx_builder_gemm(f->b, a, b, &o));
}
static nnx_status gemm_rank3(fx *f) { return gemm_of(f, X(F32, 1, 2, 3), X(F32, 3, 4), (nnx_gemm_options){0}); }
static nnx_status gemm_rank1_b(fx *f) { return gemm_of(f, X(F32, 2, 3), X(F32, 3), (nnx_gemm_options){0}); }
static nnx_status gemm_k(fx *f) { return gemm_of(f, X(F32, 2, 3), X(F32, 4, 5), (nnx_gemm_options){0}); }
/* Each of these is valid without the transposes (or with the other ones). */
static nnx_status gemm_k_a_transposed(fx *f)
{
    return gemm_of(f, X(F32, 3, 2), X(F32, 2, 5), (nnx_gemm_options){.a_transpose = true});
}
static nnx_status gemm_k_b_transposed(fx *f)
{
    return gemm_of(f, X(F32, 2, 3), X(F32, 3, 4), (nnx_gemm_options){.b_transpose = true});
}
static nnx_status gemm_k_both_transposed(fx *f)
{
    return gemm_of(f, X(F32, 3, 2), X(F32, 3, 4), (nnx_gemm_options){.a_transpose = true, .b_transpose = true});
}
static nnx_status gemm_c_shape(fx *f)
{
    return gemm_of(f, X(F32, 2, 3), X(F32, 3, 4), (nnx_gemm_options){.c = X(F32, 3, 4)});
}
static nnx_status gemm_c_rank3(fx *f)
{
    return gemm_of(f, X(F32, 2, 3), X(F32, 3, 4), (nnx_gemm_options){.c = X(F32, 1, 2, 4)});
}
static nnx_status gemm_c_dtype(fx *f)
{
    return gemm_of(f, X(F32, 2, 3), X(F32, 3, 4), (nnx_gemm_options){.c = X(F16, 4)});
}
static nnx_status gemm_c_other_builder(fx *f)
{
    return gemm_of(f, X(F32, 2, 3), X(F32, 3, 4), (nnx_gemm_options){.c = X2(F32, 4)});
}
static nnx_status gemm_int(fx *f) { return gemm_of(f, X(I32, 2, 3), X(I32, 3, 4), (nnx_gemm_options){0}); }
static nnx_status gemm_b_dtype(fx *f) { return gemm_of(f, X(F32, 2, 3), X(F16, 3, 4), (nnx_gemm_options){0}); }

/* ------------------------------------------------------------------ conv2d */

/* Unless a row says otherwise: input nchw [1, 4, 5, 5], filter oihw [8, 4, 3, 3]. */
static nnx_status conv_of(fx *f, nnx_operand *x, nnx_operand *w, nnx_conv2d_options o)
{
    return op_done(f, nnx_builder_conv2d(f->b, x, w, &o));
}
#define CONV_X X(F32, 1, 4, 5, 5)
#define CONV_W X(F32, 8, 4, 3, 3)

static nnx_status conv_int(fx *f)
{
    return conv_of(f, X(I32, 1, 4, 5, 5), X(I32, 8, 4, 3, 3), (nnx_conv2d_options){0});
}
static nnx_status conv_rank3(fx *f) { return conv_of(f, X(F32, 4, 5, 5), CONV_W, (nnx_conv2d_options){0}); }
static nnx_status conv_filter_rank3(fx *f) { return conv_of(f, CONV_X, X(F32, 8, 4, 3), (nnx_conv2d_options){0}); }
static nnx_status conv_filter_dtype(fx *f) { return conv_of(f, CONV_X, X(F16, 8, 4, 3, 3), (nnx_conv2d_options){0}); }
static nnx_status conv_padding3(fx *f)
{
    return conv_of(f, CONV_X, CONV_W, (nnx_conv2d_options){.padding = LIST(1, 1, 1)});
}
static nnx_status conv_padding_empty(fx *f)
{
    static const uint32_t none[1] = {0};
    return conv_of(f, CONV_X, CONV_W, (nnx_conv2d_options){.padding = none, .padding_count = 0});
}
static nnx_status conv_strides1(fx *f) { return conv_of(f, CONV_X, CONV_W, (nnx_conv2d_options){.strides = LIST(1)}); }
static nnx_status conv_stride0(fx *f)
{
    return conv_of(f, CONV_X, CONV_W, (nnx_conv2d_options){.strides = LIST(1, 0)});
}
static nnx_status conv_dilations3(fx *f)
{
    return conv_of(f, CONV_X, CONV_W, (nnx_conv2d_options){.dilations = LIST(1, 1, 1)});
}
static nnx_status conv_dilation0(fx *f)
{
    return conv_of(f, CONV_X, CONV_W, (nnx_conv2d_options){.dilations = LIST(0, 1)});
}
static nnx_status conv_groups_divide(fx *f) { return conv_of(f, CONV_X, CONV_W, (nnx_conv2d_options){.groups = 3}); }
static nnx_status conv_in_oihw(fx *f) { return conv_of(f, CONV_X, X(F32, 8, 2, 3, 3), (nnx_conv2d_options){0}); }
static nnx_status conv_in_hwio(fx *f)
{
    return conv_of(f, CONV_X, X(F32, 3, 3, 2, 8), (nnx_conv2d_options){.filter_layout = NNX_FILTER_HWIO});
}
static nnx_status conv_in_ohwi(fx *f)
{
    return conv_of(f, CONV_X, X(F32, 8, 3, 3, 2), (nnx_conv2d_options){.filter_layout = NNX_FILTER_OHWI});
}
static nnx_status conv_in_ihwo(fx *f)
{
    return conv_of(f, CONV_X, X(F32, 2, 3, 3, 8), (nnx_conv2d_options){.filter_layout = NNX_FILTER_IHWO});
}
static nnx_status conv_in_explicit_oihw(fx *f)
{
    return conv_of(f, CONV_X, X(F32, 8, 2, 3, 3), (nnx_conv2d_options){.filter_layout = NNX_FILTER_OIHW});
}
static nnx_status conv_in_groups(fx *f) { return conv_of(f, CONV_X, CONV_W, (nnx_conv2d_options){.groups = 2}); }
static nnx_status conv_in_nhwc(fx *f)
{
    return conv_of(f, X(F32, 1, 5, 5, 4), X(F32, 8, 2, 3, 3), (nnx_conv2d_options){.input_layout = NNX_LAYOUT_NHWC});
}
static nnx_status conv_out_groups(fx *f)
{
    return conv_of(f, CONV_X, X(F32, 3, 2, 3, 3), (nnx_conv2d_options){.groups = 2});
}
static nnx_status conv_out_groups_hwio(fx *f)
{
    return conv_of(f, CONV_X, X(F32, 3, 3, 2, 3), (nnx_conv2d_options){.groups = 2, .filter_layout = NNX_FILTER_HWIO});
}
static nnx_status conv_bias_shape(fx *f) { return conv_of(f, CONV_X, CONV_W, (nnx_conv2d_options){.bias = X(F32, 4)}); }
static nnx_status conv_bias_shape_ihwo(fx *f)
{
    return conv_of(f, CONV_X, X(F32, 4, 3, 3, 8),
                   (nnx_conv2d_options){.filter_layout = NNX_FILTER_IHWO, .bias = X(F32, 4)});
}
static nnx_status conv_bias_rank(fx *f)
{
    return conv_of(f, CONV_X, CONV_W, (nnx_conv2d_options){.bias = X(F32, 1, 8)});
}
static nnx_status conv_bias_dtype(fx *f) { return conv_of(f, CONV_X, CONV_W, (nnx_conv2d_options){.bias = X(F16, 8)}); }
static nnx_status conv_bias_other_builder(fx *f)
{
    return conv_of(f, CONV_X, CONV_W, (nnx_conv2d_options){.bias = X2(F32, 8)});
}
static nnx_status conv_filter_other_builder(fx *f)
{
    return conv_of(f, CONV_X, X2(F32, 8, 4, 3, 3), (nnx_conv2d_options){0});
}
static nnx_status conv_kernel_too_big(fx *f) { return conv_of(f, CONV_X, X(F32, 8, 4, 7, 3), (nnx_conv2d_options){0}); }
static nnx_status conv_kernel_dilated(fx *f)
{
    return conv_of(f, CONV_X, CONV_W, (nnx_conv2d_options){.dilations = LIST(1, 3)});
}
static nnx_status conv_input_layout(fx *f)
{
    return conv_of(f, CONV_X, CONV_W, (nnx_conv2d_options){.input_layout = (nnx_input_layout)3});
}
static nnx_status conv_filter_layout(fx *f)
{
    return conv_of(f, CONV_X, CONV_W, (nnx_conv2d_options){.filter_layout = (nnx_filter_layout)5});
}
/* Output height 3000000001: above 2^31-1, so not a valid dimension (WebNN conv2d). */
static nnx_status conv_output_too_big(fx *f)
{
    return conv_of(f, X(F32, 1, 1, 1, 1), X(F32, 1, 1, 1, 1),
                   (nnx_conv2d_options){.padding = LIST(0, 3000000000u, 0, 0)});
}

/* ------------------------------------------------------------------ pooling */

typedef nnx_operand *(*pool_fn)(nnx_builder *, nnx_operand *, const nnx_pool2d_options *);

static nnx_status pool_of(fx *f, pool_fn fn, nnx_operand *x, nnx_pool2d_options o)
{
    return op_done(f, fn(f->b, x, &o));
}
#define POOL_X X(F32, 1, 2, 4, 4)

static nnx_status avg_int(fx *f)
{
    return pool_of(f, nnx_builder_average_pool2d, X(I32, 1, 2, 4, 4), (nnx_pool2d_options){0});
}

#define POOL_ROWS(pfx, fn) \
    static nnx_status pfx##_rank3(fx *f) { return pool_of(f, fn, X(F32, 2, 4, 4), (nnx_pool2d_options){0}); } \
    static nnx_status pfx##_window_len(fx *f) \
    { \
        return pool_of(f, fn, POOL_X, (nnx_pool2d_options){.window_dimensions = LIST(2)}); \
    } \
    static nnx_status pfx##_window0(fx *f) \
    { \
        return pool_of(f, fn, POOL_X, (nnx_pool2d_options){.window_dimensions = LIST(2, 0)}); \
    } \
    static nnx_status pfx##_stride0(fx *f) \
    { \
        return pool_of(f, fn, POOL_X, (nnx_pool2d_options){.window_dimensions = LIST(2, 2), .strides = LIST(0, 1)}); \
    } \
    static nnx_status pfx##_output_sizes(fx *f) \
    { \
        return pool_of( \
            f, fn, X(F32, 1, 2, 5, 5), \
            (nnx_pool2d_options){.window_dimensions = LIST(2, 2), .strides = LIST(2, 2), .output_sizes = LIST(2, 3)}); \
    } \
    static nnx_status pfx##_window_big(fx *f) \
    { \
        return pool_of(f, fn, POOL_X, (nnx_pool2d_options){.window_dimensions = LIST(5, 5)}); \
    }
POOL_ROWS(avg, nnx_builder_average_pool2d)
POOL_ROWS(maxp, nnx_builder_max_pool2d)

static nnx_status pool_dilation0(fx *f)
{
    return pool_of(f, nnx_builder_max_pool2d, POOL_X,
                   (nnx_pool2d_options){.window_dimensions = LIST(2, 2), .dilations = LIST(1, 0)});
}
static nnx_status pool_padding_len(fx *f)
{
    return pool_of(f, nnx_builder_average_pool2d, POOL_X, (nnx_pool2d_options){.padding = LIST(1, 1)});
}
static nnx_status pool_output_sizes_len(fx *f)
{
    return pool_of(f, nnx_builder_max_pool2d, POOL_X, (nnx_pool2d_options){.output_sizes = LIST(2)});
}
static nnx_status pool_output_sizes0(fx *f)
{
    return pool_of(f, nnx_builder_max_pool2d, POOL_X, (nnx_pool2d_options){.output_sizes = LIST(0, 1)});
}
static nnx_status pool_layout(fx *f)
{
    return pool_of(f, nnx_builder_max_pool2d, POOL_X, (nnx_pool2d_options){.layout = (nnx_input_layout)3});
}
static nnx_status pool_rounding(fx *f)
{
    return pool_of(f, nnx_builder_average_pool2d, POOL_X,
                   (nnx_pool2d_options){.output_shape_rounding = (nnx_rounding)3});
}
/* nhwc [1, 4, 3, 2]: height 4, width 3; a window of width 4 does not fit. */
static nnx_status pool_nhwc_width(fx *f)
{
    return pool_of(f, nnx_builder_max_pool2d, X(F32, 1, 4, 3, 2),
                   (nnx_pool2d_options){.layout = NNX_LAYOUT_NHWC, .window_dimensions = LIST(2, 4)});
}
static nnx_status pool_output_too_big(fx *f)
{
    return pool_of(f, nnx_builder_max_pool2d, X(F32, 1, 1, 1, 1),
                   (nnx_pool2d_options){.window_dimensions = LIST(1, 1), .padding = LIST(0, 3000000000u, 0, 0)});
}

/* ------------------------------------------------------------------ softmax, reshape, transpose */

static nnx_status softmax_int(fx *f) { return op_done(f, nnx_builder_softmax(f->b, X(I32, 2, 3), 1, NULL)); }
static nnx_status softmax_axis(fx *f) { return op_done(f, nnx_builder_softmax(f->b, X(F32, 2, 3), 2, NULL)); }
static nnx_status softmax_scalar(fx *f) { return op_done(f, nnx_builder_softmax(f->b, XS(F32), 0, NULL)); }

static nnx_status reshape_count(fx *f)
{
    return op_done(f, nnx_builder_reshape(f->b, X(F32, 2, 3), SHAPE(4, 2), NULL));
}
static nnx_status reshape_rank9(fx *f)
{
    static const uint32_t ones[9] = {1, 1, 1, 1, 1, 1, 6, 1, 1};
    return op_done(f, nnx_builder_reshape(f->b, X(F32, 2, 3), ones, 9, NULL));
}
static nnx_status reshape_zero(fx *f) { return op_done(f, nnx_builder_reshape(f->b, X(F32, 2, 3), SHAPE(6, 0), NULL)); }
static nnx_status reshape_null(fx *f) { return op_done(f, nnx_builder_reshape(f->b, X(F32, 2, 3), NULL, 2, NULL)); }

static nnx_status transpose_of(fx *f, const uint32_t *perm, uint32_t n)
{
    nnx_transpose_options o = {NULL, perm, n};
    return op_done(f, nnx_builder_transpose(f->b, X(F32, 2, 3, 4), &o));
}
static nnx_status transpose_length(fx *f) { return transpose_of(f, LIST(1, 0)); }
static nnx_status transpose_duplicate(fx *f) { return transpose_of(f, LIST(0, 0, 1)); }
static nnx_status transpose_range(fx *f) { return transpose_of(f, LIST(0, 3, 1)); }

/* ------------------------------------------------------------------ concat */

static nnx_status concat_zero(fx *f)
{
    nnx_operand *in[1] = {X(F32, 2)};
    return op_done(f, nnx_builder_concat(f->b, in, 0, 0, NULL));
}

static nnx_status concat_too_many(fx *f)
{
    nnx_operand *x = X(F32, 1);
    nnx_operand **in = f->scratch = malloc(8193 * sizeof *in);
    assert_non_null(in);
    for (int i = 0; i < 8193; i++)
        in[i] = x;
    return op_done(f, nnx_builder_concat(f->b, in, 8193, 0, NULL));
}

static nnx_status concat_axis(fx *f)
{
    nnx_operand *in[2] = {X(F32, 2, 3), X(F32, 2, 3)};
    return op_done(f, nnx_builder_concat(f->b, in, 2, 2, NULL));
}

static nnx_status concat_dtype(fx *f)
{
    nnx_operand *in[2] = {X(F32, 2, 3), X(F16, 2, 3)};
    return op_done(f, nnx_builder_concat(f->b, in, 2, 0, NULL));
}

static nnx_status concat_rank(fx *f)
{
    nnx_operand *in[3] = {X(F32, 2, 3), X(F32, 1, 3), X(F32, 1, 2, 3)};
    return op_done(f, nnx_builder_concat(f->b, in, 3, 0, NULL));
}

static nnx_status concat_shape(fx *f)
{
    nnx_operand *in[2] = {X(F32, 2, 3), X(F32, 2, 4)};
    return op_done(f, nnx_builder_concat(f->b, in, 2, 0, NULL));
}

/* 1500000000 + 700000000 > 2^31-1: the concatenated axis is not a valid dimension. */
static nnx_status concat_axis_sum(fx *f)
{
    nnx_operand *in[2] = {X(U8, 1500000000u), X(U8, 700000000u)};
    return op_done(f, nnx_builder_concat(f->b, in, 2, 0, NULL));
}

static nnx_status concat_null_list(fx *f) { return op_done(f, nnx_builder_concat(f->b, NULL, 2, 0, NULL)); }

/* ------------------------------------------------------------------ slice */

/* Input [4, 6] unless a row says otherwise. */
static nnx_status slice_of(fx *f, const uint32_t *st, uint32_t ns, const uint32_t *sz, uint32_t nz,
                           const nnx_slice_options *o)
{
    return op_done(f, nnx_builder_slice(f->b, X(F32, 4, 6), st, ns, sz, nz, o));
}
static nnx_status slice_starts_len(fx *f) { return slice_of(f, LIST(0), LIST(1, 1), NULL); }
static nnx_status slice_sizes_len(fx *f) { return slice_of(f, LIST(0, 0), LIST(1, 1, 1), NULL); }
static nnx_status slice_strides_len(fx *f)
{
    nnx_slice_options o = {NULL, LIST(1)};
    return slice_of(f, LIST(0, 0), LIST(1, 1), &o);
}
static nnx_status slice_beyond(fx *f) { return slice_of(f, LIST(2, 0), LIST(3, 6), NULL); }
static nnx_status slice_start_at_end(fx *f) { return slice_of(f, LIST(0, 6), LIST(4, 1), NULL); }
static nnx_status slice_overflow(fx *f) { return slice_of(f, LIST(4294967295u, 0), LIST(2, 6), NULL); }
static nnx_status slice_size0(fx *f) { return slice_of(f, LIST(0, 0), LIST(4, 0), NULL); }
static nnx_status slice_stride0(fx *f)
{
    nnx_slice_options o = {NULL, LIST(0, 1)};
    return slice_of(f, LIST(0, 0), LIST(4, 6), &o);
}
static nnx_status slice_null(fx *f) { return slice_of(f, NULL, 2, LIST(1, 1), NULL); }

/* ------------------------------------------------------------------ split */

/* Runs a failing split (count parts, or explicit sizes when sizes != NULL) of x [6, 4] into
 * a NULL-filled output array of cap slots; asserts the documented failure contract: the
 * return value is count and every one of those slots holds a poisoned operand. */
static nnx_status split_fails(fx *f, uint32_t count, const uint32_t *sizes, uint32_t axis, uint32_t cap)
{
    nnx_operand *x = X(F32, 6, 4);
    nnx_operand **outs = f->scratch = calloc(cap, sizeof *outs);
    assert_non_null(outs);
    nnx_split_options o = {NULL, axis};
    uint32_t n = sizes ? nnx_builder_split_sizes(f->b, x, sizes, count, &o, outs)
                       : nnx_builder_split(f->b, x, count, &o, outs);
    assert_int_equal(n, count);
    for (uint32_t i = 0; i < cap; i++) {
        if (i < n) {
            if (!outs[i])
                fail_msg("output slot %u of %u was not written", i, n);
            assert_poisoned(outs[i]);
        } else {
            assert_null(outs[i]);
        }
    }
    return op_done(f, n ? outs[0] : NULL);
}

/* split_fails without a result operand to check (count 0 writes none). */
static nnx_status split_fails_empty(fx *f, uint32_t count, uint32_t cap)
{
    nnx_status st = split_fails(f, count, NULL, 0, cap);
    f->no_result = true;
    return st;
}

static nnx_status split_not_dividing(fx *f) { return split_fails(f, 4, NULL, 0, 5); }
static nnx_status split_sizes_sum(fx *f) { return split_fails(f, 2, (const uint32_t[]){2, 3}, 0, 3); }
static nnx_status split_sizes_zero(fx *f) { return split_fails(f, 2, (const uint32_t[]){6, 0}, 0, 3); }
static nnx_status split_axis(fx *f) { return split_fails(f, 2, NULL, 2, 3); }
static nnx_status split_sizes_axis(fx *f) { return split_fails(f, 2, (const uint32_t[]){3, 3}, 5, 3); }
static nnx_status split_count0(fx *f) { return split_fails_empty(f, 0, 3); }
static nnx_status split_too_many(fx *f) { return split_fails(f, 8193, NULL, 0, 8194); }

static nnx_status split_null_sizes(fx *f)
{
    nnx_operand *outs[2] = {NULL, NULL};
    uint32_t n = nnx_builder_split_sizes(f->b, X(F32, 6, 4), NULL, 2, NULL, outs);
    assert_int_equal(n, 2);
    assert_poisoned(outs[0]);
    assert_poisoned(outs[1]);
    return op_done(f, outs[0]);
}

static nnx_status split_null_outputs(fx *f)
{
    uint32_t n = nnx_builder_split(f->b, X(F32, 6, 4), 2, NULL, NULL);
    assert_int_equal(n, 2);
    return op_done(f, nnx_builder_relu(f->b, NULL, NULL)); /* any later call returns poison */
}

/* ------------------------------------------------------------------ reductions */

typedef nnx_operand *(*reduce_fn)(nnx_builder *, nnx_operand *, const nnx_reduce_options *);

static nnx_status reduce_of(fx *f, reduce_fn fn, nnx_operand *x, const uint32_t *axes, uint32_t n)
{
    nnx_reduce_options o = {NULL, axes, n, false};
    return op_done(f, fn(f->b, x, &o));
}
static nnx_status reduce_sum_range(fx *f) { return reduce_of(f, nnx_builder_reduce_sum, X(F32, 2, 3), LIST(0, 2)); }
static nnx_status reduce_min_range_scalar(fx *f) { return reduce_of(f, nnx_builder_reduce_min, XS(F32), LIST(0)); }
static nnx_status reduce_max_duplicate(fx *f) { return reduce_of(f, nnx_builder_reduce_max, X(F32, 2, 3), LIST(1, 1)); }
static nnx_status reduce_mean_duplicate(fx *f)
{
    return reduce_of(f, nnx_builder_reduce_mean, X(F32, 2, 3), LIST(0, 1, 0));
}
static nnx_status reduce_mean_int(fx *f) { return reduce_of(f, nnx_builder_reduce_mean, X(I32, 2, 3), NULL, 0); }
static nnx_status reduce_sum_uint8(fx *f) { return reduce_of(f, nnx_builder_reduce_sum, X(U8, 2, 3), NULL, 0); }
static nnx_status reduce_sum_bool(fx *f) { return reduce_of(f, nnx_builder_reduce_sum, X(NNX_BOOL, 2, 3), NULL, 0); }

/* ------------------------------------------------------------------ the table */

#define NOT_ACCEPTED "which this operation does not accept"

static err_case rows[] = {
    /* builder state and operand validation (WebNN "can build", "validate operand") */
    OP("built builder: add", built_add, IS, "add", "the builder has already built its graph"),
    OP("built builder: input", built_input, IS, "input 'late'", "already built"),
    OP("built builder: constant", built_constant, IS, "constant", "already built"),
    OP("built builder: constant scalar", built_constant_scalar, IS, "constant", "already built"),
    OP("built builder: constant tensor", built_constant_tensor, IS, "constant", "already built"),
    OP("built builder: constant tensor checks the tensor first", built_constant_tensor_not_constant, IA, "constant",
       "the tensor is not a constant tensor"),
    OP("built builder: conv2d before operand checks", built_conv2d, IS, "conv2d", "already built"),
    OP("built builder: split poisons every slot", built_split, IS, "split", "already built"),
    OP("built builder: reduceMean", built_reduce_mean, IS, "reduceMean", "already built"),
    OP("built builder: cast", built_cast, IS, "cast", "already built"),
    OP("operand of another builder: add", other_builder_add, IA, "add", "input b belongs to another builder"),
    OP("operand of another builder: matmul", other_builder_matmul, IA, "matmul", "input a belongs to another builder"),
    OP("operand of another builder: concat", other_builder_concat, IA, "concat", "an input belongs to another builder"),
    OP("NULL operand: relu", null_operand_relu, IA, "relu", "input is NULL"),
    OP("NULL operand: add", null_operand_add, IA, "add", "input a is NULL"),
    OP("NULL operand: concat item", null_operand_concat, IA, "concat", "an input is NULL"),
    OPX("sticky error keeps the first", sticky_error, IA, "add 'first'", "input types differ (float32 and int32)",
        "second"),

    /* labels in messages */
    OPX("label is quoted", label_quoted, IA, "add 'my label'", "shapes float32[2,3] and float32[4] do not broadcast",
        "'my label': add"),
    OP("label control characters sanitized (builder check)", label_control_builder_check, IA, "relu 'a?b?c?d'",
       "input has data type uint32, " NOT_ACCEPTED),
    OPX("label control characters sanitized (shape inference)", label_control_inference_check, IA, "conv2d 's?t?[0m'",
        "input channels 4 / groups 1 != filter input channels 2", "conv '"),
    OPX("label bidi overrides sanitized", label_bidi, IA, "maxPool2d 'x?y?z'", "output height is less than 1",
        "max_pool"),
    /* A label longer than the message buffer must not push the reason out of it. */
    OP("label very long keeps the reason", label_long, IA, "conv2d",
       "input channels 4 / groups 1 != filter input channels 2"),

    /* input: WebNN input() steps and "check dimensions" */
    OP("input: empty name", input_empty_name, IA, "input", "the name is empty"),
    OP("input: NULL name", input_null_name, IA, "input", "the name is empty"),
    OP("input: duplicate name", input_duplicate, IA, "input 'x'", "an input with this name already exists"),
    OP("input: duplicate name with a control character", input_duplicate_control, IA, "input 'a?b'",
       "an input with this name already exists"),
    OP("input: dimension 0", input_dim0, IA, "input 'x'", "dimension 1 is 0, it must be 1 to 2^31-1"),
    OP("input: dimension 2^31", input_dim_too_big, IA, "input 'x'", "dimension 0 is 2147483648"),
    OP("input: rank 9", input_rank9, IA, "input 'x'", "rank 9 exceeds the maximum rank 8"),
    OP("input: element count 2^31", input_count, IA, "input 'x'", "the element count exceeds 2^31-1"),
    OP("input: dtype undefined", input_dtype0, IA, "input 'x'", "data type 0 is not a data type"),
    OP("input: dtype 25", input_dtype25, IA, "input 'x'", "data type 25 is not a data type"),
    /* An enum value with the top bit set must not pass as a data type. */
    OP("input: dtype 0x80000000", input_dtype_negative, IA, "input 'x'", "is not a data type"),
    OP("input: NULL descriptor", input_null_desc, IA, "input 'x'", "the descriptor is NULL"),

    /* constant(desc, buffer), constant(dtype, value), constant(tensor) */
    OP("constant: byte size mismatch", constant_size, IA, "constant", "data is 15 bytes, the descriptor needs 16"),
    OP("constant: NULL data", constant_null_data, IA, "constant", "data is NULL"),
    OP("constant: dimension 0", constant_dim0, IA, "constant", "dimension 0 is 0"),
    OP("constant: NULL descriptor", constant_null_desc, IA, "constant", "the descriptor is NULL"),
    OP("constant scalar: dtype undefined", scalar_dtype0, IA, "constant", "data type 0 is not a data type"),
    OP("constant scalar: dtype 99", scalar_dtype99, IA, "constant", "data type 99 is not a data type"),
    OP("constant scalar: absent value", scalar_absent, IA, "constant", "the value is absent"),
    OP("constant tensor: not a constant tensor", ctensor_not_constant, IA, "constant",
       "the tensor is not a constant tensor"),
    OP("constant tensor: another context", ctensor_other_context, IA, "constant",
       "the tensor belongs to another context"),
    OP("constant tensor: NULL", ctensor_null, IA, "constant", "the tensor is NULL"),

    /* element-wise binary: same dtype, bidirectional broadcast */
    OP("add: dtype mismatch", add_dtype, IA, "add", "input types differ (float32 and int32)"),
    OP("sub: dtype mismatch", sub_dtype, IA, "sub", "input types differ (float32 and int32)"),
    OP("mul: dtype mismatch", mul_dtype, IA, "mul", "input types differ (float32 and int32)"),
    OP("div: dtype mismatch", div_dtype, IA, "div", "input types differ (float32 and int32)"),
    OP("max: dtype mismatch", max_dtype, IA, "max", "input types differ (float32 and int32)"),
    OP("min: dtype mismatch", min_dtype, IA, "min", "input types differ (float32 and int32)"),
    OP("pow: dtype mismatch", pow_dtype, IA, "pow", "input types differ (float32 and int32)"),
    OP("add: broadcast", add_broadcast, IA, "add", "shapes float32[2,3] and float32[4,1,2] do not broadcast"),
    OP("sub: broadcast", sub_broadcast, IA, "sub", "do not broadcast"),
    OP("mul: broadcast", mul_broadcast, IA, "mul", "do not broadcast"),
    OP("div: broadcast", div_broadcast, IA, "div", "do not broadcast"),
    OP("max: broadcast", max_broadcast, IA, "max", "do not broadcast"),
    OP("min: broadcast", min_broadcast, IA, "min", "do not broadcast"),
    OP("pow: broadcast", pow_broadcast, IA, "pow", "do not broadcast"),

    /* element-wise unary: allowed data types */
    OP("exp: int32", exp_dtype, IA, "exp", "input has data type int32, " NOT_ACCEPTED),
    OP("log: int32", log_dtype, IA, "log", "input has data type int32, " NOT_ACCEPTED),
    OP("sqrt: int32", sqrt_dtype, IA, "sqrt", "input has data type int32, " NOT_ACCEPTED),
    OP("ceil: int32", ceil_dtype, IA, "ceil", "input has data type int32, " NOT_ACCEPTED),
    OP("floor: int32", floor_dtype, IA, "floor", "input has data type int32, " NOT_ACCEPTED),
    OP("sigmoid: int32", sigmoid_dtype, IA, "sigmoid", "input has data type int32, " NOT_ACCEPTED),
    OP("tanh: int32", tanh_dtype, IA, "tanh", "input has data type int32, " NOT_ACCEPTED),
    OP("abs: uint32", abs_dtype, IA, "abs", "input has data type uint32, " NOT_ACCEPTED),
    OP("neg: uint32", neg_dtype, IA, "neg", "input has data type uint32, " NOT_ACCEPTED),
    OP("relu: uint32", relu_dtype, IA, "relu", "input has data type uint32, " NOT_ACCEPTED),

    /* clamp: min > max after casting both to the input type; cast: target type */
    OP("clamp: float min > max", clamp_float, IA, "clamp", "minValue is greater than maxValue"),
    OP("clamp: int32 bounds 2.6 > 2.5 round to 3 > 2", clamp_int_rounding, IA, "clamp",
       "minValue is greater than maxValue"),
    OP("clamp: uint8 bounds saturate to 255 > 200", clamp_uint8_saturating, IA, "clamp",
       "minValue is greater than maxValue"),
    OP("clamp: int8 bounds uint64 max > -1000", clamp_int8_mixed, IA, "clamp", "minValue is greater than maxValue"),
    OP("clamp: uint32 bounds 5 > -3 (cast to 0)", clamp_uint32_negative, IA, "clamp",
       "minValue is greater than maxValue"),
    OP("cast: target undefined", cast_dtype0, IA, "cast", "data type 0 is not a data type"),
    OP("cast: target 99", cast_dtype99, IA, "cast", "data type 99 is not a data type"),
    OP("cast: NULL input", cast_null, IA, "cast", "input is NULL"),

    /* matmul */
    OP("matmul: int32 input", matmul_int, IA, "matmul", "input a has data type int32, " NOT_ACCEPTED),
    OP("matmul: rank 1 a", matmul_rank1, IA, "matmul", "a has rank 1 and b rank 2, both must be at least 2"),
    OP("matmul: rank 1 b", matmul_rank1_b, IA, "matmul", "a has rank 2 and b rank 1, both must be at least 2"),
    OP("matmul: K mismatch", matmul_k, IA, "matmul", "columns of a 3 != rows of b 4"),
    OP("matmul: batch dims", matmul_batch, IA, "matmul",
       "batch dimensions of a float32[2,2,3] and b float32[3,3,4] do not broadcast"),
    OP("matmul: dtype mismatch", matmul_dtype, IA, "matmul", "b type float16 != a type float32"),

    /* gemm */
    OP("gemm: rank 3 a", gemm_rank3, IA, "gemm", "a has rank 3 and b rank 2, both must be 2"),
    OP("gemm: rank 1 b", gemm_rank1_b, IA, "gemm", "a has rank 2 and b rank 1, both must be 2"),
    OP("gemm: K mismatch", gemm_k, IA, "gemm", "columns of a' 3 != rows of b' 4"),
    OP("gemm: K mismatch with aTranspose", gemm_k_a_transposed, IA, "gemm", "columns of a' 3 != rows of b' 2"),
    OP("gemm: K mismatch with bTranspose", gemm_k_b_transposed, IA, "gemm", "columns of a' 3 != rows of b' 4"),
    OP("gemm: K mismatch with both transposes", gemm_k_both_transposed, IA, "gemm", "columns of a' 3 != rows of b' 4"),
    OP("gemm: c not broadcastable", gemm_c_shape, IA, "gemm", "c float32[3,4] does not broadcast to [2, 4]"),
    OP("gemm: c rank 3", gemm_c_rank3, IA, "gemm", "does not broadcast to [2, 4]"),
    OP("gemm: c dtype", gemm_c_dtype, IA, "gemm", "c type float16 != a type float32"),
    OP("gemm: c of another builder", gemm_c_other_builder, IA, "gemm", "option c belongs to another builder"),
    OP("gemm: int32 input", gemm_int, IA, "gemm", "input a has data type int32, " NOT_ACCEPTED),
    OP("gemm: b dtype", gemm_b_dtype, IA, "gemm", "b type float16 != a type float32"),

    /* conv2d */
    OP("conv2d: int32 input", conv_int, IA, "conv2d", "input has data type int32, " NOT_ACCEPTED),
    OPX("conv2d: rank 3 input", conv_rank3, IA, "conv2d", "input has rank 3, expected 4", "conv: "),
    OP("conv2d: rank 3 filter", conv_filter_rank3, IA, "conv2d", "filter has rank 3, expected 4"),
    OP("conv2d: filter dtype", conv_filter_dtype, IA, "conv2d", "filter type float16 != input type float32"),
    OP("conv2d: padding length 3", conv_padding3, IA, "conv2d", "padding has 3 items, it must have 4"),
    OP("conv2d: padding given empty", conv_padding_empty, IA, "conv2d", "padding has 0 items, it must have 4"),
    OP("conv2d: strides length 1", conv_strides1, IA, "conv2d", "strides has 1 items, it must have 2"),
    OP("conv2d: stride 0", conv_stride0, IA, "conv2d", "strides[1] is 0"),
    OP("conv2d: dilations length 3", conv_dilations3, IA, "conv2d", "dilations has 3 items, it must have 2"),
    OP("conv2d: dilation 0", conv_dilation0, IA, "conv2d", "dilations[0] is 0"),
    OP("conv2d: input channels % groups", conv_groups_divide, IA, "conv2d",
       "input channels 4 are not divisible by groups 3"),
    OP("conv2d: filter input channels (default oihw)", conv_in_oihw, IA, "conv2d",
       "input channels 4 / groups 1 != filter input channels 2"),
    OP("conv2d: filter input channels (oihw)", conv_in_explicit_oihw, IA, "conv2d",
       "input channels 4 / groups 1 != filter input channels 2"),
    OP("conv2d: filter input channels (hwio)", conv_in_hwio, IA, "conv2d",
       "input channels 4 / groups 1 != filter input channels 2"),
    OP("conv2d: filter input channels (ohwi)", conv_in_ohwi, IA, "conv2d",
       "input channels 4 / groups 1 != filter input channels 2"),
    OP("conv2d: filter input channels (ihwo)", conv_in_ihwo, IA, "conv2d",
       "input channels 4 / groups 1 != filter input channels 2"),
    OP("conv2d: filter input channels with groups", conv_in_groups, IA, "conv2d",
       "input channels 4 / groups 2 != filter input channels 4"),
    OP("conv2d: filter input channels (nhwc input)", conv_in_nhwc, IA, "conv2d",
       "input channels 4 / groups 1 != filter input channels 2"),
    OP("conv2d: output channels % groups", conv_out_groups, IA, "conv2d",
       "output channels 3 are not divisible by groups 2"),
    OP("conv2d: output channels % groups (hwio)", conv_out_groups_hwio, IA, "conv2d",
       "output channels 3 are not divisible by groups 2"),
    OP("conv2d: bias shape", conv_bias_shape, IA, "conv2d", "bias shape [4] != [output channels 8]"),
    OP("conv2d: bias shape (ihwo)", conv_bias_shape_ihwo, IA, "conv2d", "bias shape [4] != [output channels 8]"),
    OP("conv2d: bias rank", conv_bias_rank, IA, "conv2d", "bias has rank 2, expected 1"),
    OP("conv2d: bias dtype", conv_bias_dtype, IA, "conv2d", "bias type float16 != input type float32"),
    OP("conv2d: bias of another builder", conv_bias_other_builder, IA, "conv2d", "bias belongs to another builder"),
    OP("conv2d: filter of another builder", conv_filter_other_builder, IA, "conv2d",
       "filter belongs to another builder"),
    OP("conv2d: filter larger than padded input", conv_kernel_too_big, IA, "conv2d",
       "effective kernel height 7 (kernel 7, dilation 1) exceeds padded input height 5"),
    OP("conv2d: dilated filter larger than input", conv_kernel_dilated, IA, "conv2d",
       "effective kernel width 7 (kernel 3, dilation 3) exceeds padded input width 5"),
    OP("conv2d: invalid input layout", conv_input_layout, IA, "conv2d", "input layout 3 is not a layout"),
    OP("conv2d: invalid filter layout", conv_filter_layout, IA, "conv2d", "filter layout 5 is not a layout"),
    /* WebNN: the output height and width must be valid dimensions (1..2^31-1). */
    OP("conv2d: output height 3000000001", conv_output_too_big, IA, "conv2d", "dimension 2 is 3000000001"),

    /* averagePool2d / maxPool2d */
    OP("averagePool2d: int32 input", avg_int, IA, "averagePool2d", "input has data type int32, " NOT_ACCEPTED),
    OP("averagePool2d: rank 3", avg_rank3, IA, "averagePool2d", "input has rank 3, it must be 4"),
    OP("maxPool2d: rank 3", maxp_rank3, IA, "maxPool2d", "input has rank 3, it must be 4"),
    OP("averagePool2d: window length 1", avg_window_len, IA, "averagePool2d",
       "windowDimensions has 1 items, it must have 2"),
    OP("maxPool2d: window length 1", maxp_window_len, IA, "maxPool2d", "windowDimensions has 1 items, it must have 2"),
    OP("averagePool2d: window item 0", avg_window0, IA, "averagePool2d", "windowDimensions[1] is 0"),
    OP("maxPool2d: window item 0", maxp_window0, IA, "maxPool2d", "windowDimensions[1] is 0"),
    OP("averagePool2d: stride 0", avg_stride0, IA, "averagePool2d", "strides[0] is 0"),
    OP("maxPool2d: stride 0", maxp_stride0, IA, "maxPool2d", "strides[0] is 0"),
    OPX("averagePool2d: outputSizes neither floor nor ceil", avg_output_sizes, IA, "averagePool2d",
        "output sizes [2, 3] are neither the floor sizes [2, 2] nor the ceil sizes [3, 3]", "avg_pool"),
    OPX("maxPool2d: outputSizes neither floor nor ceil", maxp_output_sizes, IA, "maxPool2d",
        "output sizes [2, 3] are neither the floor sizes [2, 2] nor the ceil sizes [3, 3]", "max_pool"),
    OP("averagePool2d: window larger than input", avg_window_big, IA, "averagePool2d", "output height is less than 1"),
    OP("maxPool2d: window larger than input", maxp_window_big, IA, "maxPool2d", "output height is less than 1"),
    OP("maxPool2d: window wider than nhwc input", pool_nhwc_width, IA, "maxPool2d", "output width is less than 1"),
    OP("maxPool2d: dilation 0", pool_dilation0, IA, "maxPool2d", "dilations[1] is 0"),
    OP("averagePool2d: padding length 2", pool_padding_len, IA, "averagePool2d", "padding has 2 items, it must have 4"),
    OP("maxPool2d: outputSizes length 1", pool_output_sizes_len, IA, "maxPool2d",
       "outputSizes has 1 items, it must have 2"),
    OP("maxPool2d: outputSizes item 0", pool_output_sizes0, IA, "maxPool2d", "outputSizes[0] is 0"),
    OP("maxPool2d: invalid layout", pool_layout, IA, "maxPool2d", "layout or rounding is not a valid value"),
    OP("averagePool2d: invalid rounding", pool_rounding, IA, "averagePool2d",
       "layout or rounding is not a valid value"),
    /* WebNN: the pooled output sizes must be valid dimensions (1..2^31-1). */
    OP("maxPool2d: output height 3000000001", pool_output_too_big, IA, "maxPool2d", "dimension 2 is 3000000001"),

    /* softmax, reshape, transpose */
    OP("softmax: int32 input", softmax_int, IA, "softmax", "input has data type int32, " NOT_ACCEPTED),
    OP("softmax: axis >= rank", softmax_axis, IA, "softmax", "axis 2 is out of range for rank 2"),
    OP("softmax: scalar", softmax_scalar, IA, "softmax", "input is a scalar, rank must be at least 1"),
    OP("reshape: element count", reshape_count, IA, "reshape", "new shape has 8 elements, the input has 6"),
    OP("reshape: rank 9", reshape_rank9, IA, "reshape", "new shape has rank 9, the maximum is 8"),
    OP("reshape: zero dimension", reshape_zero, IA, "reshape", "new shape dimension 1 is 0"),
    OP("reshape: NULL shape", reshape_null, IA, "reshape", "new shape is NULL"),
    OP("transpose: permutation length", transpose_length, IA, "transpose", "permutation has 2 items, it must have 3"),
    OP("transpose: duplicate axis", transpose_duplicate, IA, "transpose", "permutation repeats axis 0"),
    OP("transpose: axis out of range", transpose_range, IA, "transpose",
       "permutation value 3 is out of range for rank 3"),

    /* concat */
    OP("concat: 0 inputs", concat_zero, IA, "concat", "0 inputs given, it takes 1 to 8192"),
    OP("concat: 8193 inputs", concat_too_many, IA, "concat", "8193 inputs given, it takes 1 to 8192"),
    OP("concat: NULL list", concat_null_list, IA, "concat", "inputs given, it takes 1 to 8192"),
    OP("concat: axis >= rank", concat_axis, IA, "concat", "axis 2 is out of range for rank 2"),
    OP("concat: dtype mismatch", concat_dtype, IA, "concat", "input 1 has a different data type or rank than input 0"),
    OP("concat: rank mismatch", concat_rank, IA, "concat", "input 2 has a different data type or rank than input 0"),
    OP("concat: axis sum above 2^31-1", concat_axis_sum, IA, "concat", "the concatenated axis is larger than 2^31-1"),
    OP("concat: shape mismatch off the axis", concat_shape, IA, "concat",
       "input 1 has size 4 on axis 1, input 0 has 3"),

    /* slice */
    OP("slice: starts length", slice_starts_len, IA, "slice", "starts has 1 items, it must have 2"),
    OP("slice: sizes length", slice_sizes_len, IA, "slice", "sizes has 3 items, it must have 2"),
    OP("slice: strides length", slice_strides_len, IA, "slice", "strides has 1 items, it must have 2"),
    OP("slice: start + size beyond the axis", slice_beyond, IA, "slice", "start 2 + size 3 exceeds axis 0 of size 4"),
    OP("slice: start at the axis end", slice_start_at_end, IA, "slice", "start 6 + size 1 exceeds axis 1 of size 6"),
    OP("slice: start + size overflows 32 bits", slice_overflow, IA, "slice",
       "start 4294967295 + size 2 exceeds axis 0"),
    OP("slice: size 0", slice_size0, IA, "slice", "size on axis 1 is 0"),
    OP("slice: stride 0", slice_stride0, IA, "slice", "stride on axis 0 is 0"),
    OP("slice: NULL starts", slice_null, IA, "slice", "starts or sizes is NULL"),

    /* split: every failure poisons each output slot and returns the count */
    OP("split: count does not divide the axis", split_not_dividing, IA, "split",
       "axis 0 of size 6 does not split into 4 equal parts"),
    OP("split: sizes do not sum to the axis", split_sizes_sum, IA, "split", "split sizes sum to 5, axis 0 has size 6"),
    OP("split: size 0", split_sizes_zero, IA, "split", "split 1 has size 0"),
    OP("split: axis out of range", split_axis, IA, "split", "axis 2 is out of range for rank 2"),
    OP("split: sizes with axis out of range", split_sizes_axis, IA, "split", "axis 5 is out of range for rank 2"),
    OP("split: count 0", split_count0, IA, "split", "0 splits requested, it takes 1 to 8192"),
    /* nnx.h: "On error every slot gets a poisoned operand", also past the 8192 limit. */
    OP("split: count 8193", split_too_many, IA, "split", "8193 splits requested, it takes 1 to 8192"),
    OP("split: NULL sizes", split_null_sizes, IA, "split", "sizes is NULL"),
    OP("split: NULL outputs", split_null_outputs, IA, "split", "outputs is NULL"),

    /* reductions */
    OP("reduceSum: axis out of range", reduce_sum_range, IA, "reduceSum", "axis 2 is out of range for rank 2"),
    OP("reduceMin: axis of a scalar", reduce_min_range_scalar, IA, "reduceMin", "axis 0 is out of range for rank 0"),
    OP("reduceMax: duplicate axis", reduce_max_duplicate, IA, "reduceMax", "axis 1 is given twice"),
    OP("reduceMean: duplicate axis", reduce_mean_duplicate, IA, "reduceMean", "axis 0 is given twice"),
    OP("reduceMean: int32", reduce_mean_int, IA, "reduceMean", "input has data type int32, " NOT_ACCEPTED),
    OP("reduceSum: uint8", reduce_sum_uint8, IA, "reduceSum", "input has data type uint8, " NOT_ACCEPTED),
    OP("reduceSum: bool", reduce_sum_bool, IA, "reduceSum", "input has data type bool, " NOT_ACCEPTED),
};

int main(void) { return run_error_tests("builder_errors", rows, sizeof rows / sizeof rows[0], NULL, 0); }
