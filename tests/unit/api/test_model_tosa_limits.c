/* test_model_tosa_limits.c — nnx_model_options' limits on `.tosa` files (issue 27): blocks
 * nested through COND_IF bounded by max_depth (the main block counting 1), a block used
 * inside itself refused as a cycle, and the tensors and shapes of a file counted against
 * max_names; files made with the test builder (tests/unit/common/tosa_file_builder.h). */
#include "../common/model_graph.h"
#include "../common/tosa_file_builder.h"

#include "nnx.h"

#include <unistd.h>

static char dir[256];

static int setup(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/nnx-tosa-limits-%ld", (long)getpid());
    char cmd[300];
    snprintf(cmd, sizeof cmd, "mkdir -p %s", dir);
    return system(cmd);
}

static int teardown(void **state)
{
    (void)state;
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    return system(cmd);
}

static const char *path_of(const char *name)
{
    static char p[320];
    snprintf(p, sizeof p, "%s/%s", dir, name);
    return p;
}

/* Block `name`: y = COND_IF(true, a) with both branches `inner`, or y = a + a when inner is
 * NULL. Its tensors, prefixed with the block's name (names are unique over a file, as nnx
 * writes them): a, y, and the constant condition c (3, or 2 for the leaf). */
static void nest_block(tfb *b, const char *name, const char *inner)
{
    const int32_t s[] = {2}, s1[] = {1};
    char a[16], y[16], c[16];
    snprintf(a, sizeof a, "%s_a", name);
    snprintf(y, sizeof y, "%s_y", name);
    snprintf(c, sizeof c, "%s_c", name);
    tfb_block(b, name);
    tfb_tensor(b, a, NNX_TFILE_FP32, 1, s, NULL, 0);
    tfb_tensor(b, y, NNX_TFILE_FP32, 1, s, NULL, 0);
    if (inner) {
        tfb_tensor(b, c, NNX_TFILE_BOOL, 1, s1, (const uint8_t[]){1}, 1);
        nnx_tfile_attr ia = {.type = NNX_TOSA_COND_IF};
        ia.graph1 = tfb_str(b, inner);
        ia.graph2 = tfb_str(b, inner);
        tfb_op(b, NNX_TOSA_COND_IF, &ia, 2, (const char *[]){c, a}, 1, (const char *[]){y});
    } else {
        tfb_op(b, NNX_TOSA_ADD, NULL, 2, (const char *[]){a, a}, 1, (const char *[]){y});
    }
    tfb_io(b, 1, (const char *[]){a}, 1, (const char *[]){y});
}

/* main -> b1 -> b2 (blocks 3 deep); with cycle, b2 uses b1 again. */
static const char *write_nested(const char *file, bool cycle)
{
    tfb b;
    tfb_begin(&b);
    nest_block(&b, "main", "b1");
    nest_block(&b, "b1", "b2");
    nest_block(&b, "b2", cycle ? "b1" : NULL);
    const char *p = path_of(file);
    tfb_write(&b, p);
    tfb_end(&b);
    return p;
}

static nnx_status load_with(nnx_context *ctx, const char *path, uint32_t max_depth, uint32_t max_names)
{
    nnx_model_options o = {.max_depth = max_depth, .max_names = max_names};
    nnx_model *m = NULL;
    nnx_status st = nnx_model_load(ctx, path, &o, &m);
    nnx_model_destroy(m);
    return st;
}

/* Three blocks deep loads by default and with max_depth 3, and runs: y = 2a through both
 * levels of COND_IF; max_depth 2 refuses the innermost block by name. */
static void test_depth(void **state)
{
    (void)state;
    const char *p = write_nested("nested.tosa", false);
    nnx_context *ctx = NULL;
    assert_int_equal(nnx_context_create(&(nnx_context_options){.threads = 1}, &ctx), NNX_OK);
    assert_int_equal(load_with(ctx, p, 0, 0), NNX_OK);
    assert_int_equal(load_with(ctx, p, 3, 0), NNX_OK);
    nnx_graph *g = test_model_graph(ctx, p, "nested.tosa");
    const float a[2] = {1.5f, -4.0f};
    float y[2] = {0};
    test_run_one(ctx, g, a, sizeof a, y, sizeof y);
    assert_true(y[0] == 3.0f && y[1] == -8.0f);
    nnx_graph_destroy(g);
    assert_int_equal(load_with(ctx, p, 2, 0), NNX_ERROR_NOT_SUPPORTED);
    assert_non_null(strstr(nnx_context_error(ctx),
                           "nested.tosa: error: block 'b2' (in COND_IF / WHILE_LOOP of block 'b1'): blocks nested "
                           "more than 2 deep (the limit; raise it with nnx_model_options.max_depth, nnx --max-depth)"));
    nnx_context_destroy(ctx);
}

/* b2 uses b1, which uses b2: refused as a cycle, whatever the depth limit. */
static void test_cycle(void **state)
{
    (void)state;
    const char *p = write_nested("cycle.tosa", true);
    nnx_context *ctx = NULL;
    assert_int_equal(nnx_context_create(&(nnx_context_options){.threads = 1}, &ctx), NNX_OK);
    for (uint32_t depth = 0; depth <= 1000; depth += 1000) {
        assert_int_equal(load_with(ctx, p, depth, 0), NNX_ERROR_INVALID_ARGUMENT);
        assert_non_null(strstr(nnx_context_error(ctx),
                               "cycle.tosa: error: block 'b1' is used inside itself (a "
                               "COND_IF / WHILE_LOOP cycle through block 'b2')"));
    }
    nnx_context_destroy(ctx);
}

/* The nested file declares 3 + 3 + 2 tensors. */
static void test_names(void **state)
{
    (void)state;
    const char *p = write_nested("names.tosa", false);
    nnx_context *ctx = NULL;
    assert_int_equal(nnx_context_create(&(nnx_context_options){.threads = 1}, &ctx), NNX_OK);
    assert_int_equal(load_with(ctx, p, 0, 7), NNX_ERROR_NOT_SUPPORTED);
    assert_non_null(strstr(nnx_context_error(ctx),
                           "names.tosa: error: the file declares 8 tensors and shapes, more "
                           "than 7 names (the limit; raise it with nnx_model_options.max_names, "
                           "nnx --max-names)"));
    assert_int_equal(load_with(ctx, p, 0, 8), NNX_OK);
    nnx_context_destroy(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_depth),
        cmocka_unit_test(test_cycle),
        cmocka_unit_test(test_names),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
