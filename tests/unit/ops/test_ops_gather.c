/* test_ops_gather.c — the gather/scatter family, expand, reverse and triangular against the
 * numpy oracle (tests/data/ops_gather_expected.h, made by gen_ops_gather.py: every dtype,
 * every index type, out-of-range and negative indices), and end-to-end runs through the
 * public API whose indices arrive at dispatch time, far out of range. */
#include "gen_case_runner.h"

#include "../../data/ops_gather_expected.h"

#include "nnx.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Builds y = op(x, indices[, updates]) with indices a graph input, dispatches it with the
 * given index values and returns y's values in out (float32). */
typedef struct e2e {
    nnx_context *ctx;
    nnx_builder *b;
    nnx_graph *g;
} e2e;

static void e2e_free(e2e *t) { nnx_context_destroy(t->ctx); }

static nnx_tensor *e2e_tensor(e2e *t, const nnx_operand_desc *d, const void *data, size_t bytes)
{
    nnx_tensor_desc td = {*d, true, true};
    nnx_tensor *x = NULL;
    assert_int_equal(nnx_tensor_create(t->ctx, &td, &x), NNX_OK);
    if (data)
        assert_int_equal(nnx_tensor_write(x, data, bytes), NNX_OK);
    return x;
}

/* x = [[0,1,2],[10,11,12],[20,21,22],[30,31,32]] (float32 constant). */
static const float X43[12] = {0, 1, 2, 10, 11, 12, 20, 21, 22, 30, 31, 32};

static void run_gather(nnx_dtype it, const void *idx, size_t n_idx, const float *want)
{
    e2e t = {0};
    assert_int_equal(nnx_context_create(NULL, &t.ctx), NNX_OK);
    assert_int_equal(nnx_builder_create(t.ctx, &t.b), NNX_OK);
    nnx_operand_desc xd = {NNX_FLOAT32, 2, {4, 3}}, id = {it, 1, {(uint32_t)n_idx}};
    nnx_operand *x = nnx_builder_constant(t.b, &xd, X43, sizeof X43);
    nnx_operand *i = nnx_builder_input(t.b, "i", &id);
    nnx_named_operand y = {"y", nnx_builder_gather(t.b, x, i, NULL)};
    assert_int_equal(nnx_builder_build(t.b, &y, 1, &t.g), NNX_OK);
    nnx_operand_desc yd = {NNX_FLOAT32, 2, {(uint32_t)n_idx, 3}};
    nnx_named_tensor in = {"i", e2e_tensor(&t, &id, idx, n_idx * nnx_dtype_size(it))};
    nnx_named_tensor out = {"y", e2e_tensor(&t, &yd, NULL, 0)};
    assert_int_equal(nnx_context_dispatch(t.ctx, t.g, &in, 1, &out, 1), NNX_OK);
    float got[64];
    assert_int_equal(nnx_tensor_read(out.tensor, got, n_idx * 3 * sizeof(float)), NNX_OK);
    for (size_t k = 0; k < n_idx * 3; k++)
        assert_true(got[k] == want[k]);
    e2e_free(&t);
}

/* Rows: -1 -> 3, -4 -> 0, -5 -> -4 -> 0 (clamped), 4 -> 3, huge -> 3, most negative -> 0. */
static void test_gather_runtime_int64(void **state)
{
    (void)state;
    const int64_t idx[6] = {-1, -4, -5, 4, INT64_MAX, INT64_MIN};
    const float want[18] = {30, 31, 32, 0, 1, 2, 0, 1, 2, 30, 31, 32, 30, 31, 32, 0, 1, 2};
    run_gather(NNX_INT64, idx, 6, want);
}

static void test_gather_runtime_int32(void **state)
{
    (void)state;
    const int32_t idx[4] = {INT32_MIN, -2, 2, INT32_MAX};
    const float want[12] = {0, 1, 2, 20, 21, 22, 20, 21, 22, 30, 31, 32};
    run_gather(NNX_INT32, idx, 4, want);
}

/* uint32 is never negative: 4294967295 is clamped to the last row, not wrapped to -1. */
static void test_gather_runtime_uint32(void **state)
{
    (void)state;
    const uint32_t idx[3] = {UINT32_MAX, 1, 0x80000000u};
    const float want[9] = {30, 31, 32, 10, 11, 12, 30, 31, 32};
    run_gather(NNX_UINT32, idx, 3, want);
}

/* scatterND on a [4] vector with run-time coordinates: 9 -> 3, -9 -> 0, -1 -> 3 (a later
 * duplicate of 3 wins). */
static void test_scatter_nd_runtime(void **state)
{
    (void)state;
    e2e t = {0};
    assert_int_equal(nnx_context_create(NULL, &t.ctx), NNX_OK);
    assert_int_equal(nnx_builder_create(t.ctx, &t.b), NNX_OK);
    nnx_operand_desc xd = {NNX_FLOAT32, 1, {4}}, id = {NNX_INT64, 2, {3, 1}}, ud = {NNX_FLOAT32, 1, {3}};
    const float x0[4] = {1, 2, 3, 4}, upd[3] = {10, 20, 30};
    nnx_operand *x = nnx_builder_constant(t.b, &xd, x0, sizeof x0);
    nnx_operand *u = nnx_builder_constant(t.b, &ud, upd, sizeof upd);
    nnx_operand *i = nnx_builder_input(t.b, "i", &id);
    nnx_named_operand y = {"y", nnx_builder_scatter_nd(t.b, x, i, u, NULL)};
    assert_int_equal(nnx_builder_build(t.b, &y, 1, &t.g), NNX_OK);
    const int64_t idx[3] = {9, -9, -1};
    nnx_named_tensor in = {"i", e2e_tensor(&t, &id, idx, sizeof idx)};
    nnx_named_tensor out = {"y", e2e_tensor(&t, &xd, NULL, 0)};
    assert_int_equal(nnx_context_dispatch(t.ctx, t.g, &in, 1, &out, 1), NNX_OK);
    float got[4];
    assert_int_equal(nnx_tensor_read(out.tensor, got, sizeof got), NNX_OK);
    const float want[4] = {20, 2, 3, 30};
    for (int k = 0; k < 4; k++)
        assert_true(got[k] == want[k]);
    e2e_free(&t);
}

/* Writing a gather graph as NNEF: the later standard library's gather(input, indices, axis)
 * (NNEF decision 57); the saved document reads back and gathers the same rows. */
static void test_gather_graph_save(void **state)
{
    (void)state;
    e2e t = {0};
    assert_int_equal(nnx_context_create(NULL, &t.ctx), NNX_OK);
    assert_int_equal(nnx_builder_create(t.ctx, &t.b), NNX_OK);
    nnx_operand_desc xd = {NNX_FLOAT32, 2, {4, 3}}, id = {NNX_INT32, 1, {2}};
    nnx_operand *x = nnx_builder_input(t.b, "x", &xd), *i = nnx_builder_input(t.b, "i", &id);
    nnx_named_operand y = {"y", nnx_builder_gather(t.b, x, i, NULL)};
    assert_int_equal(nnx_builder_build(t.b, &y, 1, &t.g), NNX_OK);
    char dir[] = "/tmp/nnx_test_gather_save_XXXXXX", path[64], doc[96];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/m", dir);
    if (nnx_graph_save(t.g, path) != NNX_OK)
        fail_msg("save: %s", nnx_context_error(t.ctx));
    snprintf(doc, sizeof doc, "%s/graph.nnef", path);
    FILE *f = fopen(doc, "r");
    assert_non_null(f);
    char text[2048];
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = 0;
    assert_non_null(strstr(text, "y = gather(x, i, axis = 0);"));
    nnx_model *m = NULL;
    nnx_graph *g = NULL;
    if (nnx_model_load(t.ctx, path, NULL, &m) != NNX_OK || nnx_model_build(m, &g) != NNX_OK)
        fail_msg("reload: %s", nnx_context_error(t.ctx));
    const float xs[12] = {0, 1, 2, 10, 11, 12, 20, 21, 22, 30, 31, 32};
    const int32_t is[2] = {3, 1};
    nnx_tensor *tx, *ti, *ty;
    nnx_operand_desc yd = {NNX_FLOAT32, 2, {2, 3}};
    assert_int_equal(nnx_tensor_create(t.ctx, &(nnx_tensor_desc){.desc = xd, .writable = true}, &tx), NNX_OK);
    assert_int_equal(nnx_tensor_create(t.ctx, &(nnx_tensor_desc){.desc = id, .writable = true}, &ti), NNX_OK);
    assert_int_equal(nnx_tensor_create(t.ctx, &(nnx_tensor_desc){.desc = yd, .readable = true}, &ty), NNX_OK);
    assert_int_equal(nnx_tensor_write(tx, xs, sizeof xs), NNX_OK);
    assert_int_equal(nnx_tensor_write(ti, is, sizeof is), NNX_OK);
    nnx_named_tensor in[2] = {{"x", tx}, {"i", ti}}, out = {"y", ty};
    assert_int_equal(nnx_context_dispatch(t.ctx, g, in, 2, &out, 1), NNX_OK);
    float got[6];
    assert_int_equal(nnx_tensor_read(ty, got, sizeof got), NNX_OK);
    const float want[6] = {30, 31, 32, 10, 11, 12};
    for (int k = 0; k < 6; k++)
        assert_true(got[k] == want[k]);
    nnx_tensor_destroy(tx);
    nnx_tensor_destroy(ti);
    nnx_tensor_destroy(ty);
    nnx_graph_destroy(g);
    nnx_model_destroy(m);
    unlink(doc);
    rmdir(path);
    rmdir(dir);
    e2e_free(&t);
}

int main(void)
{
    static const struct CMUnitTest fixed[] = {
        cmocka_unit_test(test_gather_runtime_int64),  cmocka_unit_test(test_gather_runtime_int32),
        cmocka_unit_test(test_gather_runtime_uint32), cmocka_unit_test(test_scatter_nd_runtime),
        cmocka_unit_test(test_gather_graph_save),
    };
    return gen_run_all("ops_gather", fixed, sizeof fixed / sizeof fixed[0], gen_cases,
                       sizeof gen_cases / sizeof gen_cases[0]);
}
