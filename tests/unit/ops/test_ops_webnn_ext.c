/* test_ops_webnn_ext.c — WebNN comparisons, logical ops, isNaN/isInfinite, roundEven, sign,
 * erf, reciprocal, sin, cos, tan, identity, the activations and reduceL1 … reduceSumSquare
 * through the public API only, against the oracle in tests/data/ops_webnn_ext_expected.h
 * (regenerate with tests/unit/ops/gen_ops_webnn_ext.py). One cmocka test per generated case. The
 * validation errors are in test_builder_errors_elementwise.c. */
#include "ops_compare.h"

#include "../../data/ops_webnn_ext_expected.h"

/* ---------------------------------------------------------------- one case */

/* Adds the case's op to b and returns its result. */
static nnx_operand *op_of(nnx_builder *b, const wx_case *c, nnx_operand **x)
{
    nnx_operator_options o = {c->name};
    nnx_reduce_options r = {c->name, c->axes, c->axes_count, c->keep};
    switch (c->op) {
    case WX_EQUAL: return nnx_builder_equal(b, x[0], x[1], &o);
    case WX_NOT_EQUAL: return nnx_builder_not_equal(b, x[0], x[1], &o);
    case WX_GREATER: return nnx_builder_greater(b, x[0], x[1], &o);
    case WX_GREATER_OR_EQUAL: return nnx_builder_greater_or_equal(b, x[0], x[1], &o);
    case WX_LESSER: return nnx_builder_lesser(b, x[0], x[1], &o);
    case WX_LESSER_OR_EQUAL: return nnx_builder_lesser_or_equal(b, x[0], x[1], &o);
    case WX_LOGICAL_NOT: return nnx_builder_logical_not(b, x[0], &o);
    case WX_LOGICAL_AND: return nnx_builder_logical_and(b, x[0], x[1], &o);
    case WX_LOGICAL_OR: return nnx_builder_logical_or(b, x[0], x[1], &o);
    case WX_LOGICAL_XOR: return nnx_builder_logical_xor(b, x[0], x[1], &o);
    case WX_IS_NAN: return nnx_builder_is_nan(b, x[0], &o);
    case WX_IS_INFINITE: return nnx_builder_is_infinite(b, x[0], &o);
    case WX_ROUND_EVEN: return nnx_builder_round_even(b, x[0], &o);
    case WX_SIGN: return nnx_builder_sign(b, x[0], &o);
    case WX_ERF: return nnx_builder_erf(b, x[0], &o);
    case WX_RECIPROCAL: return nnx_builder_reciprocal(b, x[0], &o);
    case WX_SIN: return nnx_builder_sin(b, x[0], &o);
    case WX_COS: return nnx_builder_cos(b, x[0], &o);
    case WX_TAN: return nnx_builder_tan(b, x[0], &o);
    case WX_IDENTITY: return nnx_builder_identity(b, x[0], &o);
    case WX_ELU: {
        nnx_elu_options e = {c->name, c->alpha};
        return nnx_builder_elu(b, x[0], &e);
    }
    case WX_GELU: return nnx_builder_gelu(b, x[0], &o);
    case WX_HARD_SIGMOID: {
        nnx_hard_sigmoid_options h = {c->name, c->alpha, c->beta};
        return nnx_builder_hard_sigmoid(b, x[0], &h);
    }
    case WX_HARD_SWISH: return nnx_builder_hard_swish(b, x[0], &o);
    case WX_LEAKY_RELU: {
        nnx_leaky_relu_options l = {c->name, c->alpha};
        return nnx_builder_leaky_relu(b, x[0], &l);
    }
    case WX_LINEAR: {
        nnx_linear_options l = {c->name, c->alpha, c->beta};
        return nnx_builder_linear(b, x[0], &l);
    }
    case WX_PRELU: return nnx_builder_prelu(b, x[0], x[1], &o);
    case WX_SOFTPLUS: return nnx_builder_softplus(b, x[0], &o);
    case WX_SOFTSIGN: return nnx_builder_softsign(b, x[0], &o);
    case WX_REDUCE_L1: return nnx_builder_reduce_l1(b, x[0], &r);
    case WX_REDUCE_L2: return nnx_builder_reduce_l2(b, x[0], &r);
    case WX_REDUCE_LOG_SUM: return nnx_builder_reduce_log_sum(b, x[0], &r);
    case WX_REDUCE_LOG_SUM_EXP: return nnx_builder_reduce_log_sum_exp(b, x[0], &r);
    case WX_REDUCE_PRODUCT: return nnx_builder_reduce_product(b, x[0], &r);
    case WX_REDUCE_SUM_SQUARE: return nnx_builder_reduce_sum_square(b, x[0], &r);
    default: return NULL;
    }
}

/* The op has one output (cmp_add_fn). */
static uint32_t add_op(nnx_builder *b, const void *arg, nnx_operand **x, nnx_operand **y)
{
    y[0] = op_of(b, arg, x);
    return 1;
}

/* The runner's view of the case: its inputs, its one output and its ulp. */
static cmp_case view_of(const wx_case *c)
{
    cmp_case v = {.name = c->name, .n_in = c->n_in, .n_out = 1, .ulp = c->ulp};
    for (uint32_t i = 0; i < c->n_in && i < CMP_MAX_IO; i++)
        v.in[i] = cmp_tensor_of(c->in[i].dtype, c->in[i].rank, c->in[i].shape, c->in[i].data);
    v.out[0] = cmp_tensor_of(c->out.dtype, c->out.rank, c->out.shape, c->out.data);
    return v;
}

/* Zero results are compared with their sign: the generator takes it from the formula in IEEE
 * arithmetic (softsign(-0) = -0, linear(+0) with alpha -2, beta -0 is -0, product of -0). */
static void test_generated_case(void **state)
{
    const wx_case *c = *state;
    cmp_case v = view_of(c);
    size_t bad = cmp_run_case(&v, add_op, c);
    if (bad)
        fail_msg("%s: %zu problems", c->name, bad);
}

/* Every generated case belongs to a known op and has a unique name. */
static void test_case_table(void **state)
{
    (void)state;
    for (size_t i = 0; i < WX_CASE_COUNT; i++) {
        assert_true(wx_cases[i].op < WX_OP_COUNT);
        for (size_t j = 0; j < i; j++)
            assert_string_not_equal(wx_cases[i].name, wx_cases[j].name);
    }
}

int main(void)
{
    enum { n_fixed = 1 };
    static struct CMUnitTest tests[n_fixed + WX_CASE_COUNT] = {
        cmocka_unit_test(test_case_table),
    };
    for (size_t i = 0; i < WX_CASE_COUNT; i++)
        tests[n_fixed + i] = (struct CMUnitTest){wx_cases[i].name, test_generated_case, NULL, NULL,
                                                 (void *)&wx_cases[i]};
    return cmocka_run_group_tests_name("ops_webnn_ext", tests, cmp_group_setup, cmp_group_teardown);
}
