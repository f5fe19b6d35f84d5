/* test_memplan.c — the memory plan (runtime/memplan.c) through the public API: a chain of 12
 * element-wise steps over 4 KiB values needs two value buffers, not twelve, yet gives the
 * right results; a value read late keeps its bytes while later ones are made (a residual
 * connection); graph outputs survive to the end, even when computed early; empty values
 * (a zero extent, which ONNX allows) still get distinct, non-NULL bytes; on random graphs
 * with many outputs, the placement (kept in a tree) equals a plain first-fit scan's. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "nnx.h"
#include "base/alloc.h"
#include "ir/dtypes.h"
#include "ops/graph_build.h"
#include "runtime/plan.h"

#include <stdlib.h>
#include <string.h>

#define N 1024

static void run(nnx_context *ctx, nnx_graph *g, const float *x, float *y0, float *y1)
{
    nnx_tensor_desc in_d = {{NNX_FLOAT32, 1, {N}}, false, true}, out_d = {{NNX_FLOAT32, 1, {N}}, true, false};
    nnx_named_tensor in = {"x", NULL}, outs[2] = {{"early", NULL}, {"late", NULL}};
    assert_int_equal(nnx_tensor_create(ctx, &in_d, &in.tensor), NNX_OK);
    assert_int_equal(nnx_tensor_write(in.tensor, x, N * sizeof *x), NNX_OK);
    for (int i = 0; i < 2; i++)
        assert_int_equal(nnx_tensor_create(ctx, &out_d, &outs[i].tensor), NNX_OK);
    assert_int_equal(nnx_context_dispatch(ctx, g, &in, 1, outs, 2), NNX_OK);
    assert_int_equal(nnx_tensor_read(outs[0].tensor, y0, N * sizeof *y0), NNX_OK);
    assert_int_equal(nnx_tensor_read(outs[1].tensor, y1, N * sizeof *y1), NNX_OK);
}

/* early = x + 1 (an output computed first); late = (((x + 1) * 2 + 1) * 2 + 1 ...) + (x + 1),
 * twelve steps, the residual (x + 1) read at the very end. */
static void test_chain_reuses_memory(void **state)
{
    (void)state;
    nnx_context *ctx;
    nnx_builder *b;
    nnx_graph *g;
    assert_int_equal(nnx_context_create(&(nnx_context_options){.threads = 1}, &ctx), NNX_OK);
    assert_int_equal(nnx_builder_create(ctx, &b), NNX_OK);
    nnx_operand_desc d = {NNX_FLOAT32, 1, {N}}, s = {NNX_FLOAT32, 0, {0}};
    const float one = 1, two = 2;
    nnx_operand *x = nnx_builder_input(b, "x", &d);
    nnx_operand *c1 = nnx_builder_constant(b, &s, &one, sizeof one),
                *c2 = nnx_builder_constant(b, &s, &two, sizeof two);
    nnx_operand *early = nnx_builder_add(b, x, c1, NULL), *v = early;
    for (int i = 0; i < 12; i++)
        v = i % 2 ? nnx_builder_add(b, v, c1, NULL) : nnx_builder_mul(b, v, c2, NULL);
    nnx_operand *late = nnx_builder_add(b, v, early, NULL);
    nnx_named_operand outs[2] = {{"early", early}, {"late", late}};
    assert_int_equal(nnx_builder_build(b, outs, 2, &g), NNX_OK);
    /* live at once: early (an output), the chain's current and next value, late: at most 4 */
    uint64_t planned = nnx_graph_planned_bytes(g);
    assert_true(planned >= 3 * N * sizeof(float));
    assert_true(planned <= 4 * N * sizeof(float));
    float x0[N], y0[N], y1[N];
    for (int i = 0; i < N; i++)
        x0[i] = (float)(i % 17) - 8.0f;
    run(ctx, g, x0, y0, y1);
    for (int i = 0; i < N; i++) {
        float e = x0[i] + 1, w = e;
        for (int k = 0; k < 12; k++)
            w = k % 2 ? w + 1 : w * 2;
        assert_true(y0[i] == e);
        assert_true(y1[i] == w + e);
    }
    nnx_graph_destroy(g);
    assert_int_equal(nnx_graph_planned_bytes(g), 0);
    assert_int_equal(nnx_graph_planned_bytes(NULL), 0);
    nnx_context_destroy(ctx);
}

static void test_empty_values(void **state)
{
    (void)state;
    nnx_alloc a;
    assert_true(nnx_alloc_init(&a, NULL));
    nnx_ir ir;
    nnx_ir_init(&ir, &a);
    nnx_error err = {0};
    nnx_operand_desc d = {NNX_FLOAT32, 2, {0, 4}};
    uint32_t x, y, z;
    assert_int_equal(nnx_ir_add_input(&ir, "x", &d, &x, &err), NNX_OK);
    assert_int_equal(nnx_ir_add_node(&ir, NNX_OP_RELU, &x, 1, NULL, 1, "", &y, &err), NNX_OK);
    assert_int_equal(nnx_ir_add_node(&ir, NNX_OP_NEG, &y, 1, NULL, 1, "", &z, &err), NNX_OK);
    nnx_plan plan;
    assert_int_equal(nnx_plan_compile(&plan, &ir, &z, 1, &err), NNX_OK);
    assert_true(plan.arena_bytes >= 64);
    nnx_exec *ex = nnx_exec_create(&plan, &err);
    assert_non_null(ex);
    assert_non_null(ex->buffers[y]);
    assert_non_null(ex->buffers[z]);
    assert_ptr_not_equal(ex->buffers[y], ex->buffers[z]);
    float dummy;
    ex->buffers[x] = &dummy;
    assert_int_equal(nnx_plan_run(&plan, ex, &err), NNX_OK);
    nnx_exec_destroy(&plan, ex);
    nnx_plan_free(&plan);
    nnx_ir_free(&ir);
}

/* The oracle: first fit by scanning the live blocks (sorted by offset) from the start, freeing
 * by scanning them all at each step: the plain O(n^2) algorithm memplan.c replaced, with the
 * same lifetimes (runtime/memplan.c's header comment). Fills offsets and returns the top. */
typedef struct ref_block {
    uint64_t offset, size;
    uint32_t end;
} ref_block;

static uint64_t reference_plan(const nnx_plan *plan, const uint32_t *outputs, uint32_t n_outputs, uint64_t *offsets)
{
    const nnx_ir *ir = plan->ir;
    uint32_t *end = calloc(ir->n_values, sizeof *end), *first = calloc(ir->n_values, sizeof *first);
    ref_block *live = calloc(ir->n_values, sizeof *live);
    assert_non_null(end);
    assert_non_null(first);
    assert_non_null(live);
    for (uint32_t k = 0; k < plan->n_order; k++) {
        const nnx_node *node = &ir->nodes[plan->order[k]];
        for (uint32_t i = 0; i < node->n_in; i++)
            if (node->in[i] != NNX_NONE)
                end[node->in[i]] = k;
        for (uint32_t o = 0; o < node->n_out; o++)
            if (end[node->out[o]] == 0)
                end[node->out[o]] = k;
    }
    for (uint32_t i = 0; i < n_outputs; i++)
        end[outputs[i]] = UINT32_MAX;
    for (uint32_t v = 0; v < ir->n_values; v++)
        if (plan->alias[v] != NNX_NONE && end[v] > end[plan->alias[v]])
            end[plan->alias[v]] = end[v];
    for (uint32_t v = 0; v < ir->n_values; v++)
        first[v] = UINT32_MAX;
    for (uint32_t k = 0; k < plan->n_order; k++) {
        const nnx_node *node = &ir->nodes[plan->order[k]];
        for (uint32_t o = 0; o < node->n_out; o++) {
            uint32_t v = node->out[o], home = plan->alias[v] == NNX_NONE ? v : plan->alias[v];
            if (first[home] == UINT32_MAX)
                first[home] = k;
        }
    }
    uint32_t n_live = 0;
    uint64_t top = 0;
    for (uint32_t k = 0; k < plan->n_order; k++) {
        uint32_t keep = 0;
        for (uint32_t i = 0; i < n_live; i++)
            if (live[i].end >= k)
                live[keep++] = live[i];
        n_live = keep;
        const nnx_node *node = &ir->nodes[plan->order[k]];
        for (uint32_t o = 0; o < node->n_out; o++) {
            uint32_t v = node->out[o], home = plan->alias[v] == NNX_NONE ? v : plan->alias[v];
            if (first[home] != k || !plan->needs_buffer[home] || plan->alias[home] != NNX_NONE)
                continue;
            first[home] = UINT32_MAX - 1;
            size_t bytes;
            assert_true(nnx_desc_bytes(&ir->values[home].desc, &bytes));
            uint64_t size = bytes ? (bytes + 63) / 64 * 64 : 64, at = 0;
            uint32_t i = 0;
            for (; i < n_live; i++) {
                if (live[i].offset >= at + size)
                    break;
                uint64_t next = live[i].offset + live[i].size;
                at = next > at ? next : at;
            }
            memmove(&live[i + 1], &live[i], (n_live - i) * sizeof *live);
            live[i] = (ref_block){at, size, end[home]};
            n_live++;
            offsets[home] = at;
            top = at + size > top ? at + size : top;
        }
    }
    free(end);
    free(first);
    free(live);
    return top;
}

/* Random graphs of 400 element-wise nodes over values of 4 sizes, a fifth of them (and the
 * last) graph outputs, so that hundreds of values live at once and leave gaps of every size:
 * every buffered value's offset and the arena's size equal the oracle's. */
static void test_random_graphs_first_fit(void **state)
{
    (void)state;
    nnx_alloc a;
    assert_true(nnx_alloc_init(&a, NULL));
    static const uint32_t sizes[4] = {1, 16, 100, 1000};
    uint64_t seed = 12345;
    for (int round = 0; round < 20; round++) {
        nnx_ir ir;
        nnx_ir_init(&ir, &a);
        nnx_error err = {0};
        uint32_t ids[404], shape_of[404], n_ids = 0, outputs[404], n_outputs = 0;
        for (uint32_t s = 0; s < 4; s++) {
            nnx_operand_desc d = {NNX_FLOAT32, 1, {sizes[s]}};
            char name[8] = {'x', (char)('0' + s), 0};
            assert_int_equal(nnx_ir_add_input(&ir, name, &d, &ids[n_ids], &err), NNX_OK);
            shape_of[n_ids++] = s;
        }
        for (int n = 0; n < 400; n++) {
            seed = seed * 6364136223846793005u + 1442695040888963407u;
            uint32_t r = (uint32_t)(seed >> 33), i = r % n_ids, j = (r / 7) % n_ids, y;
            if (shape_of[i] == shape_of[j] && r % 3 == 0) {
                uint32_t in[2] = {ids[i], ids[j]};
                assert_int_equal(nnx_ir_add_node(&ir, NNX_OP_ADD, in, 2, NULL, 1, "", &y, &err), NNX_OK);
            } else {
                assert_int_equal(
                    nnx_ir_add_node(&ir, r % 2 ? NNX_OP_RELU : NNX_OP_NEG, &ids[i], 1, NULL, 1, "", &y, &err), NNX_OK);
            }
            shape_of[n_ids] = shape_of[i];
            ids[n_ids++] = y;
            if (r % 5 == 0 || n == 399)
                outputs[n_outputs++] = y;
        }
        nnx_plan plan;
        assert_int_equal(nnx_plan_compile(&plan, &ir, outputs, n_outputs, &err), NNX_OK);
        uint64_t *want = calloc(ir.n_values, sizeof *want);
        assert_non_null(want);
        assert_int_equal(plan.arena_bytes, reference_plan(&plan, outputs, n_outputs, want));
        for (uint32_t v = 0; v < ir.n_values; v++)
            if (plan.needs_buffer[v] && plan.alias[v] == NNX_NONE)
                assert_int_equal(plan.offsets[v], want[v]);
        free(want);
        nnx_plan_free(&plan);
        nnx_ir_free(&ir);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_chain_reuses_memory), cmocka_unit_test(test_empty_values),
                                       cmocka_unit_test(test_random_graphs_first_fit)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
