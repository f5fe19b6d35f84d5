/* test_ops_norm.c — batch_normalization, instance_normalization, layer_normalization and
 * cumulative_sum against the numpy oracle (tests/data/ops_norm_expected.h, made by
 * gen_ops_norm.py: float types, every option, integer wrap-around), and an end-to-end
 * layerNormalization through the public API with the default epsilon cast to float16. */
#include "gen_case_runner.h"

#include "../../data/ops_norm_expected.h"

#include "nnx.h"

/* layerNormalization of a float16 [1, 2] input with default options: axes [1], epsilon 1e-5
 * cast to float16 (1.0013580322265625e-05). x = [1, 3]: mean 2, variance 1, so y = (x - 2) /
 * sqrt(1 + eps) = -+0.999995 -> float16 -1 / 1 (0x3C00 = 1.0, 0xBC00 = -1.0). */
static void test_layer_norm_public_f16(void **state)
{
    (void)state;
    nnx_context *ctx;
    nnx_builder *b;
    nnx_graph *g;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    assert_int_equal(nnx_builder_create(ctx, &b), NNX_OK);
    nnx_operand_desc d = {NNX_FLOAT16, 2, {1, 2}};
    nnx_named_operand y = {"y", nnx_builder_layer_normalization(b, nnx_builder_input(b, "x", &d), NULL)};
    assert_int_equal(nnx_builder_build(b, &y, 1, &g), NNX_OK);
    nnx_tensor_desc td = {d, true, true};
    nnx_tensor *tx, *ty;
    assert_int_equal(nnx_tensor_create(ctx, &td, &tx), NNX_OK);
    assert_int_equal(nnx_tensor_create(ctx, &td, &ty), NNX_OK);
    const uint16_t x[2] = {0x3C00, 0x4200}; /* 1, 3 */
    assert_int_equal(nnx_tensor_write(tx, x, sizeof x), NNX_OK);
    nnx_named_tensor in = {"x", tx}, out = {"y", ty};
    assert_int_equal(nnx_context_dispatch(ctx, g, &in, 1, &out, 1), NNX_OK);
    uint16_t got[2];
    assert_int_equal(nnx_tensor_read(ty, got, sizeof got), NNX_OK);
    assert_int_equal(got[0], 0xBC00);
    assert_int_equal(got[1], 0x3C00);
    nnx_context_destroy(ctx);
}

int main(void)
{
    static const struct CMUnitTest fixed[] = {
        cmocka_unit_test(test_layer_norm_public_f16),
    };
    return gen_run_all("ops_norm", fixed, sizeof fixed / sizeof fixed[0], gen_cases,
                       sizeof gen_cases / sizeof gen_cases[0]);
}
