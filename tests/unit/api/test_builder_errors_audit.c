/* test_builder_errors_audit.c — the op-level conditions of the prologue every WebNN operation
 * method shares and of the WebNN method steps that the other test_builder_errors*.c files did not
 * cover: "can not build" and "validate operand" for EVERY op method, dtype/broadcast for every
 * binary op, and single rows for the remaining validation steps. The full checklist is
 * docs/webnn-conditions.md. */
#include "builder_errors_fixture.h"

#define BOOL_ NNX_BOOL

typedef nnx_operand *(*unary_fn)(nnx_builder *, nnx_operand *, const nnx_operator_options *);
typedef nnx_operand *(*binary_fn)(nnx_builder *, nnx_operand *, nnx_operand *, const nnx_operator_options *);
typedef nnx_operand *(*reduce_fn)(nnx_builder *, nnx_operand *, const nnx_reduce_options *);

static const struct {
    const char *name;
    unary_fn fn;
} unary_ops[] = {
    {"abs", nnx_builder_abs},
    {"neg", nnx_builder_neg},
    {"ceil", nnx_builder_ceil},
    {"floor", nnx_builder_floor},
    {"exp", nnx_builder_exp},
    {"log", nnx_builder_log},
    {"sqrt", nnx_builder_sqrt},
    {"relu", nnx_builder_relu},
    {"sigmoid", nnx_builder_sigmoid},
    {"tanh", nnx_builder_tanh},
    {"roundEven", nnx_builder_round_even},
    {"sign", nnx_builder_sign},
    {"erf", nnx_builder_erf},
    {"reciprocal", nnx_builder_reciprocal},
    {"sin", nnx_builder_sin},
    {"cos", nnx_builder_cos},
    {"tan", nnx_builder_tan},
    {"identity", nnx_builder_identity},
    {"logicalNot", nnx_builder_logical_not},
    {"isNaN", nnx_builder_is_nan},
    {"isInfinite", nnx_builder_is_infinite},
    {"gelu", nnx_builder_gelu},
    {"hardSwish", nnx_builder_hard_swish},
    {"softplus", nnx_builder_softplus},
    {"softsign", nnx_builder_softsign},
};

static const struct {
    const char *name;
    binary_fn fn;
    nnx_dtype a, b; /* two different types the op accepts for a */
} binary_ops[] = {
    {"add", nnx_builder_add, F32, I32},
    {"sub", nnx_builder_sub, F32, I32},
    {"mul", nnx_builder_mul, F32, I32},
    {"div", nnx_builder_div, F32, I32},
    {"max", nnx_builder_max, F32, I32},
    {"min", nnx_builder_min, F32, I32},
    {"pow", nnx_builder_pow, F32, I32},
    {"equal", nnx_builder_equal, F32, I32},
    {"notEqual", nnx_builder_not_equal, F32, I32},
    {"greater", nnx_builder_greater, F32, I32},
    {"greaterOrEqual", nnx_builder_greater_or_equal, F32, I32},
    {"lesser", nnx_builder_lesser, F32, I32},
    {"lesserOrEqual", nnx_builder_lesser_or_equal, F32, I32},
    {"logicalAnd", nnx_builder_logical_and, U8, BOOL_},
    {"logicalOr", nnx_builder_logical_or, U8, BOOL_},
    {"logicalXor", nnx_builder_logical_xor, U8, BOOL_},
};

static const struct {
    const char *name;
    reduce_fn fn;
} reduce_ops[] = {
    {"reduceL1", nnx_builder_reduce_l1},          {"reduceL2", nnx_builder_reduce_l2},
    {"reduceLogSum", nnx_builder_reduce_log_sum}, {"reduceLogSumExp", nnx_builder_reduce_log_sum_exp},
    {"reduceMax", nnx_builder_reduce_max},        {"reduceMean", nnx_builder_reduce_mean},
    {"reduceMin", nnx_builder_reduce_min},        {"reduceProduct", nnx_builder_reduce_product},
    {"reduceSum", nnx_builder_reduce_sum},        {"reduceSumSquare", nnx_builder_reduce_sum_square},
};

/* The op methods with their own signatures: call number i with every operand argument x
 * (the prologue checks run before any shape check). Returns the WebNN name, NULL past the end. */
static const char *call_other(nnx_builder *b, int i, nnx_operand *x, nnx_operand **result)
{
    nnx_operand *outs[3] = {NULL, NULL, NULL};
    nnx_operand *const list[2] = {x, x};
    nnx_operand *r = NULL;
    const char *name;
    switch (i) {
    case 0:
        name = "clamp";
        r = nnx_builder_clamp(b, x, NULL);
        break;
    case 1:
        name = "cast";
        r = nnx_builder_cast(b, x, I32, NULL);
        break;
    case 2:
        name = "matmul";
        r = nnx_builder_matmul(b, x, x, NULL);
        break;
    case 3:
        name = "gemm";
        r = nnx_builder_gemm(b, x, x, NULL);
        break;
    case 4:
        name = "conv2d";
        r = nnx_builder_conv2d(b, x, x, NULL);
        break;
    case 5:
        name = "convTranspose2d";
        r = nnx_builder_conv_transpose2d(b, x, x, NULL);
        break;
    case 6:
        name = "averagePool2d";
        r = nnx_builder_average_pool2d(b, x, NULL);
        break;
    case 7:
        name = "maxPool2d";
        r = nnx_builder_max_pool2d(b, x, NULL);
        break;
    case 8:
        name = "l2Pool2d";
        r = nnx_builder_l2_pool2d(b, x, NULL);
        break;
    case 9:
        name = "resample2d";
        r = nnx_builder_resample2d(b, x, NULL);
        break;
    case 10:
        name = "argMin";
        r = nnx_builder_arg_min(b, x, 0, NULL);
        break;
    case 11:
        name = "argMax";
        r = nnx_builder_arg_max(b, x, 0, NULL);
        break;
    case 12:
        name = "softmax";
        r = nnx_builder_softmax(b, x, 1, NULL);
        break;
    case 13:
        name = "reshape";
        r = nnx_builder_reshape(b, x, SHAPE(6), NULL);
        break;
    case 14:
        name = "transpose";
        r = nnx_builder_transpose(b, x, NULL);
        break;
    case 15:
        name = "concat";
        r = nnx_builder_concat(b, list, 2, 0, NULL);
        break;
    case 16:
        name = "slice";
        r = nnx_builder_slice(b, x, LIST(0, 0), LIST(1, 1), NULL);
        break;
    case 17:
        name = "split";
        nnx_builder_split(b, x, 2, NULL, outs);
        r = outs[0];
        break;
    case 18:
        name = "split";
        nnx_builder_split_sizes(b, x, LIST(1, 1), NULL, outs);
        r = outs[1];
        break;
    case 19:
        name = "expand";
        r = nnx_builder_expand(b, x, SHAPE(2, 3), NULL);
        break;
    case 20:
        name = "reverse";
        r = nnx_builder_reverse(b, x, NULL);
        break;
    case 21:
        name = "triangular";
        r = nnx_builder_triangular(b, x, NULL);
        break;
    case 22:
        name = "cumulativeSum";
        r = nnx_builder_cumulative_sum(b, x, 0, NULL);
        break;
    case 23:
        name = "gather";
        r = nnx_builder_gather(b, x, x, NULL);
        break;
    case 24:
        name = "gatherElements";
        r = nnx_builder_gather_elements(b, x, x, NULL);
        break;
    case 25:
        name = "gatherND";
        r = nnx_builder_gather_nd(b, x, x, NULL);
        break;
    case 26:
        name = "scatterElements";
        r = nnx_builder_scatter_elements(b, x, x, x, NULL);
        break;
    case 27:
        name = "scatterND";
        r = nnx_builder_scatter_nd(b, x, x, x, NULL);
        break;
    case 28:
        name = "batchNormalization";
        r = nnx_builder_batch_normalization(b, x, x, x, NULL);
        break;
    case 29:
        name = "instanceNormalization";
        r = nnx_builder_instance_normalization(b, x, NULL);
        break;
    case 30:
        name = "layerNormalization";
        r = nnx_builder_layer_normalization(b, x, NULL);
        break;
    case 31:
        name = "elu";
        r = nnx_builder_elu(b, x, NULL);
        break;
    case 32:
        name = "hardSigmoid";
        r = nnx_builder_hard_sigmoid(b, x, NULL);
        break;
    case 33:
        name = "leakyRelu";
        r = nnx_builder_leaky_relu(b, x, NULL);
        break;
    case 34:
        name = "linear";
        r = nnx_builder_linear(b, x, NULL);
        break;
    case 35:
        name = "prelu";
        r = nnx_builder_prelu(b, x, x, NULL);
        break;
    case 36:
        name = "quantizeLinear";
        r = nnx_builder_quantize_linear(b, x, x, x, NULL);
        break;
    case 37:
        name = "dequantizeLinear";
        r = nnx_builder_dequantize_linear(b, x, x, x, NULL);
        break;
    case 38:
        name = "gruCell";
        r = nnx_builder_gru_cell(b, x, x, x, x, 2, NULL);
        break;
    case 39:
        name = "gru";
        nnx_builder_gru(b, x, x, x, 2, 2, NULL, outs);
        r = outs[0];
        break;
    case 40:
        name = "lstmCell";
        nnx_builder_lstm_cell(b, x, x, x, x, x, 2, NULL, outs);
        r = outs[1];
        break;
    case 41:
        name = "lstm";
        nnx_builder_lstm(b, x, x, x, 2, 2, NULL, outs);
        r = outs[1];
        break;
    default: return NULL;
    }
    *result = r;
    return name;
}

/* Each op method on a fresh fixture-like pair of builders: b (ctx) and b2 (same ctx). */
typedef struct pair {
    nnx_context *ctx;
    nnx_builder *b, *b2;
} pair;

static pair fresh(void)
{
    pair p = {0};
    assert_int_equal(nnx_context_create(NULL, &p.ctx), NNX_OK);
    assert_int_equal(nnx_builder_create(p.ctx, &p.b), NNX_OK);
    assert_int_equal(nnx_builder_create(p.ctx, &p.b2), NNX_OK);
    return p;
}

/* b has built relu(x); returns x. */
static nnx_operand *spend(pair *p)
{
    nnx_operand *x = named_input(p->b, "x", F32, SHAPE(2, 3));
    nnx_named_operand out = {"y", nnx_builder_relu(p->b, x, NULL)};
    nnx_graph *g = NULL;
    assert_int_equal(nnx_builder_build(p->b, &out, 1, &g), NNX_OK);
    return x;
}

static void expect_op_error(pair *p, const char *op, nnx_operand *r, nnx_status st, const char *sub)
{
    char row[96];
    snprintf(row, sizeof row, "%s (%s)", op, sub);
    expect_status(row, "nnx_builder_status", nnx_builder_status(p->b), st);
    expect_message(row, nnx_builder_error(p->b), op, sub, NULL);
    assert_poisoned(r);
    nnx_context_destroy(p->ctx);
}

/* §1.9 prologue step 1: every op method throws InvalidStateError once the builder has built. */
static void every_op_after_build(void **state)
{
    (void)state;
    const char *built = "the builder has already built its graph";
    for (size_t i = 0; i < sizeof unary_ops / sizeof *unary_ops; i++) {
        pair p = fresh();
        nnx_operand *x = spend(&p);
        expect_op_error(&p, unary_ops[i].name, unary_ops[i].fn(p.b, x, NULL), IS, built);
    }
    for (size_t i = 0; i < sizeof binary_ops / sizeof *binary_ops; i++) {
        pair p = fresh();
        nnx_operand *x = spend(&p);
        expect_op_error(&p, binary_ops[i].name, binary_ops[i].fn(p.b, x, x, NULL), IS, built);
    }
    for (size_t i = 0; i < sizeof reduce_ops / sizeof *reduce_ops; i++) {
        pair p = fresh();
        nnx_operand *x = spend(&p);
        expect_op_error(&p, reduce_ops[i].name, reduce_ops[i].fn(p.b, x, NULL), IS, built);
    }
    for (int i = 0;; i++) {
        pair p = fresh();
        nnx_operand *x = spend(&p), *r = NULL;
        const char *name = call_other(p.b, i, x, &r);
        if (!name) {
            nnx_context_destroy(p.ctx);
            break;
        }
        expect_op_error(&p, name, r, IS, built);
    }
}

/* §1.9 prologue step 2 (validate operand): every op method rejects an operand of another
 * builder with TypeError, before its data-type, rank and shape checks. */
static void every_op_operand_of_another_builder(void **state)
{
    (void)state;
    const char *other = "belongs to another builder";
    for (size_t i = 0; i < sizeof unary_ops / sizeof *unary_ops; i++) {
        pair p = fresh();
        nnx_operand *x = named_input(p.b2, "x", F32, SHAPE(2, 3));
        expect_op_error(&p, unary_ops[i].name, unary_ops[i].fn(p.b, x, NULL), IA, other);
    }
    for (size_t i = 0; i < sizeof binary_ops / sizeof *binary_ops; i++) {
        pair p = fresh();
        nnx_operand *a = named_input(p.b, "a", F32, SHAPE(2, 3)), *x = named_input(p.b2, "x", F32, SHAPE(2, 3));
        expect_op_error(&p, binary_ops[i].name, binary_ops[i].fn(p.b, a, x, NULL), IA, other);
    }
    for (size_t i = 0; i < sizeof reduce_ops / sizeof *reduce_ops; i++) {
        pair p = fresh();
        nnx_operand *x = named_input(p.b2, "x", F32, SHAPE(2, 3));
        expect_op_error(&p, reduce_ops[i].name, reduce_ops[i].fn(p.b, x, NULL), IA, other);
    }
    for (int i = 0;; i++) {
        pair p = fresh();
        nnx_operand *x = named_input(p.b2, "x", F32, SHAPE(2, 3)), *r = NULL;
        const char *name = call_other(p.b, i, x, &r);
        if (!name) {
            nnx_context_destroy(p.ctx);
            break;
        }
        expect_op_error(&p, name, r, IA, other);
    }
}

/* §2.2 element-wise binary and logical: a.dtype == b.dtype and the shapes broadcast, for
 * every binary op (the per-file rows cover one or two ops each). */
static void every_binary_op_types_and_broadcast(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof binary_ops / sizeof *binary_ops; i++) {
        pair p = fresh();
        nnx_operand *a = named_input(p.b, "a", binary_ops[i].a, SHAPE(2, 3));
        nnx_operand *c = named_input(p.b, "c", binary_ops[i].b, SHAPE(2, 3));
        expect_op_error(&p, binary_ops[i].name, binary_ops[i].fn(p.b, a, c, NULL), IA, "input types differ");
        p = fresh();
        a = named_input(p.b, "a", binary_ops[i].a, SHAPE(2, 3));
        c = named_input(p.b, "c", binary_ops[i].a, SHAPE(4, 1, 2));
        expect_op_error(&p, binary_ops[i].name, binary_ops[i].fn(p.b, a, c, NULL), IA, "do not broadcast");
    }
}

/* ------------------------------------------------------------------ single rows */

static nnx_status op_done(fx *f, nnx_operand *result)
{
    f->result = result;
    return nnx_builder_status(f->b);
}

/* hiddenSize 0: weight [4h, in] cannot match (the h*6 / h*8 valid-dimension rules are
 * unreachable: recurrentWeight [3h, h] or [4h, h] only passes check dimensions when h is small;
 * see docs/webnn-conditions.md). */
static nnx_status lstm_cell_hidden_zero(fx *f)
{
    nnx_operand *outs[2];
    nnx_builder_lstm_cell(f->b, X(F32, 2, 3), X(F32, 4, 3), X(F32, 4, 1), X(F32, 2, 1), X(F32, 2, 1), 0, NULL, outs);
    return op_done(f, outs[0]);
}

/* split with a sizes list: its length must be a valid tensor count (1..8192). */
static nnx_status split_sizes_count0(fx *f)
{
    nnx_operand *outs[1] = {NULL};
    f->no_result = true;
    nnx_builder_split_sizes(f->b, X(F32, 6), (const uint32_t[]){6}, 0, NULL, outs);
    return op_done(f, NULL);
}
static nnx_status split_sizes_count8193(fx *f)
{
    uint32_t *sizes = calloc(8193, sizeof *sizes);
    nnx_operand **outs = calloc(8193, sizeof *outs);
    f->scratch = sizes;
    assert_non_null(sizes);
    assert_non_null(outs);
    for (int i = 0; i < 8193; i++)
        sizes[i] = 1;
    nnx_builder_split_sizes(f->b, X(F32, 8193), sizes, 8193, NULL, outs);
    nnx_operand *first = outs[0];
    free(outs);
    return op_done(f, first);
}

/* Pooling: strides and dilations, when given, have 2 items. */
static nnx_status pool_strides_len(fx *f)
{
    nnx_pool2d_options o = {.strides = LIST(1, 1, 1)};
    return op_done(f, nnx_builder_max_pool2d(f->b, X(F32, 1, 1, 4, 4), &o));
}
static nnx_status pool_dilations_len(fx *f)
{
    nnx_pool2d_options o = {.dilations = LIST(1)};
    return op_done(f, nnx_builder_average_pool2d(f->b, X(F32, 1, 1, 4, 4), &o));
}
static nnx_status l2_pool_stride0(fx *f)
{
    nnx_pool2d_options o = {.strides = LIST(1, 0)};
    return op_done(f, nnx_builder_l2_pool2d(f->b, X(F32, 1, 1, 4, 4), &o));
}

/* Reductions: the axes rules of "calculate reduction output sizes" on the ops without a row. */
static nnx_status log_sum_exp_axis(fx *f)
{
    nnx_reduce_options o = {.axes = LIST(3)};
    return op_done(f, nnx_builder_reduce_log_sum_exp(f->b, X(F32, 2, 3), &o));
}
static nnx_status sum_square_twice(fx *f)
{
    nnx_reduce_options o = {.axes = LIST(0, 0)};
    return op_done(f, nnx_builder_reduce_sum_square(f->b, X(F32, 2, 3), &o));
}
static nnx_status reduce_min_twice(fx *f)
{
    nnx_reduce_options o = {.axes = LIST(1, 1)};
    return op_done(f, nnx_builder_reduce_min(f->b, X(F32, 2, 3), &o));
}

/* reshape: every new dimension is a valid dimension (<= 2^31-1). */
static nnx_status reshape_dim_too_big(fx *f)
{
    return op_done(f, nnx_builder_reshape(f->b, X(F32, 2), SHAPE(2147483648u, 1), NULL));
}

/* transpose: a permutation item outside [0, rank) (with the right length). */
static nnx_status transpose_range(fx *f)
{
    nnx_transpose_options o = {.permutation = LIST(0, 2)};
    return op_done(f, nnx_builder_transpose(f->b, X(F32, 2, 3), &o));
}

/* constant(desc, buffer): check dimensions covers rank and element count too. */
static nnx_status constant_rank9(fx *f)
{
    nnx_operand_desc d = desc_of(F32, SHAPE(1, 1, 1, 1, 1, 1, 1, 1, 1));
    return op_done(f, nnx_builder_constant(f->b, &d, zeros, 4));
}

static err_case rows[] = {
    OP("lstmCell: hiddenSize 0", lstm_cell_hidden_zero, IA, "lstmCell", "weight has shape [4, 3], it must be [0, 3]"),
    OP("split: 0 sizes", split_sizes_count0, IA, "split", "0 splits requested, it takes 1 to 8192"),
    OP("split: 8193 sizes", split_sizes_count8193, IA, "split", "8193 splits requested, it takes 1 to 8192"),
    OP("maxPool2d: strides length 3", pool_strides_len, IA, "maxPool2d", "strides has 3 items, it must have 2"),
    OP("averagePool2d: dilations length 1", pool_dilations_len, IA, "averagePool2d",
       "dilations has 1 items, it must have 2"),
    OP("l2Pool2d: stride 0", l2_pool_stride0, IA, "l2Pool2d", "strides[1] is 0"),
    OP("reduceLogSumExp: axis out of range", log_sum_exp_axis, IA, "reduceLogSumExp",
       "axis 3 is out of range for rank 2"),
    OP("reduceSumSquare: axis twice", sum_square_twice, IA, "reduceSumSquare", "axis 0 is given twice"),
    OP("reduceMin: axis twice", reduce_min_twice, IA, "reduceMin", "axis 1 is given twice"),
    OP("reshape: dimension 2^31", reshape_dim_too_big, IA, "reshape",
       "new shape has 2147483648 elements, the input has 2"),
    OP("transpose: permutation item out of range", transpose_range, IA, "transpose",
       "permutation value 2 is out of range for rank 2"),
    OP("constant: rank 9", constant_rank9, IA, "constant", "rank 9 exceeds the maximum rank 8"),
};

static const named_test loops[] = {
    {"every op method: InvalidStateError after build", every_op_after_build},
    {"every op method: operand of another builder", every_op_operand_of_another_builder},
    {"every binary op: dtype mismatch and broadcast", every_binary_op_types_and_broadcast},
};

int main(void)
{
    return run_error_tests("builder_errors_audit", rows, sizeof rows / sizeof *rows, loops,
                           sizeof loops / sizeof *loops);
}
