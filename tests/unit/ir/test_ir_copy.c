/* test_ir_copy.c — nnx_ir_copy (ir/graph_copy.c), which lets a model read into core IR
 * (NNVM, ONNX) build any number of graphs: the copy has the same value and node ids, names,
 * descriptors and constant bytes, and owns everything — the source is freed before the copy
 * is inspected, so a pointer left into the source's arena (split's sizes) would be caught
 * by the sanitizer build. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "base/alloc.h"
#include "ops/graph_build.h"

#include <string.h>

static void test_copy_keeps_ids_and_owns_attrs(void **state)
{
    (void)state;
    nnx_alloc a;
    assert_true(nnx_alloc_init(&a, NULL));
    nnx_ir src, dst;
    nnx_ir_init(&src, &a);
    nnx_ir_init(&dst, &a);
    nnx_error err = {0};
    nnx_operand_desc xd = {NNX_FLOAT32, 2, {4, 6}}, cd = {NNX_FLOAT32, 1, {6}};
    const float c[6] = {1, 2, 3, 4, 5, 6};
    uint32_t x, k, sum, parts;
    assert_int_equal(nnx_ir_add_input(&src, "x", &xd, &x, &err), NNX_OK);
    assert_int_equal(nnx_ir_add_constant(&src, &cd, c, sizeof c, &k, &err), NNX_OK);
    uint32_t in[2] = {x, k};
    assert_int_equal(nnx_ir_add_node(&src, NNX_OP_ADD, in, 2, NULL, 1, "plus", &sum, &err), NNX_OK);
    uint32_t *sizes = nnx_arena_array(&src.arena, 2, sizeof *sizes);
    sizes[0] = 2;
    sizes[1] = 4;
    nnx_attrs split = {.split = {.axis = 1, .sizes = sizes}};
    assert_int_equal(nnx_ir_add_node(&src, NNX_OP_SPLIT, &sum, 1, &split, 2, "halves", &parts, &err), NNX_OK);

    assert_int_equal(nnx_ir_copy(&dst, &src, &err), NNX_OK);
    uint32_t n_values = src.n_values, n_nodes = src.n_nodes;
    nnx_ir_free(&src); /* nothing of the copy may point into it */

    assert_int_equal(dst.n_values, n_values);
    assert_int_equal(dst.n_nodes, n_nodes);
    assert_int_equal(dst.values[x].kind, NNX_VALUE_INPUT);
    assert_string_equal(dst.values[x].name, "x");
    assert_int_equal(dst.values[k].kind, NNX_VALUE_CONSTANT);
    assert_memory_equal(dst.values[k].data, c, sizeof c);
    assert_int_equal(dst.values[parts + 1].producer, 1);
    assert_int_equal(dst.values[parts + 1].desc.shape[1], 4);
    const nnx_node *n = &dst.nodes[1];
    assert_int_equal(n->op, NNX_OP_SPLIT);
    assert_string_equal(n->label, "halves");
    assert_int_equal(n->attrs.split.sizes[0], 2);
    assert_int_equal(n->attrs.split.sizes[1], 4);
    assert_int_equal(n->out[0], parts);
    nnx_ir_free(&dst);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_copy_keeps_ids_and_owns_attrs)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
