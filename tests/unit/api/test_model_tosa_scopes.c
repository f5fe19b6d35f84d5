/* test_model_tosa_scopes.c — names inside a COND_IF branch of a `.tosa` file: a branch that
 * declares a constant under a name the block around it also uses reads its own constant,
 * built on the branch's builder (TOSA 1.0 §2.6: a block's tensors are its own; the enclosing
 * block's are visible only where the branch declares nothing of that name). */
#include "../common/model_graph.h"
#include "../common/tosa_file_builder.h"

#include "nnx.h"

#include <unistd.h>

/* main: t = a + k (k = 10), y = COND_IF(c = true, t) with both branches `br`;
 * br (input bt = t): by = bt + k with its own k = 1: y = a + 11. OUTER_K: the branch declares
 * no k and reads main's constant: y = a + 20. OUTER_VALUE: by = bt + t, main's computed t. */
typedef enum { OWN_K, OUTER_K, OUTER_VALUE } branch_reads;
static void write_file(const char *path, branch_reads reads)
{
    const int32_t s[] = {2}, s1[] = {1};
    const float ten[2] = {10, 10}, one[2] = {1, 1};
    tfb b;
    tfb_begin(&b);
    tfb_block(&b, "main");
    tfb_tensor(&b, "a", NNX_TFILE_FP32, 1, s, NULL, 0);
    tfb_tensor(&b, "k", NNX_TFILE_FP32, 1, s, (const uint8_t *)ten, sizeof ten);
    tfb_tensor(&b, "t", NNX_TFILE_FP32, 1, s, NULL, 0);
    tfb_tensor(&b, "c", NNX_TFILE_BOOL, 1, s1, (const uint8_t[]){1}, 1);
    tfb_tensor(&b, "y", NNX_TFILE_FP32, 1, s, NULL, 0);
    tfb_op(&b, NNX_TOSA_ADD, NULL, 2, (const char *[]){"a", "k"}, 1, (const char *[]){"t"});
    nnx_tfile_attr ia = {.type = NNX_TOSA_COND_IF};
    ia.graph1 = tfb_str(&b, "br");
    ia.graph2 = tfb_str(&b, "br");
    tfb_op(&b, NNX_TOSA_COND_IF, &ia, 2, (const char *[]){"c", "t"}, 1, (const char *[]){"y"});
    tfb_io(&b, 1, (const char *[]){"a"}, 1, (const char *[]){"y"});
    tfb_block(&b, "br");
    tfb_tensor(&b, "bt", NNX_TFILE_FP32, 1, s, NULL, 0);
    if (reads == OWN_K)
        tfb_tensor(&b, "k", NNX_TFILE_FP32, 1, s, (const uint8_t *)one, sizeof one);
    tfb_tensor(&b, "by", NNX_TFILE_FP32, 1, s, NULL, 0);
    tfb_op(&b, NNX_TOSA_ADD, NULL, 2, (const char *[]){"bt", reads == OUTER_VALUE ? "t" : "k"}, 1,
           (const char *[]){"by"});
    tfb_io(&b, 1, (const char *[]){"bt"}, 1, (const char *[]){"by"});
    tfb_write(&b, path);
    tfb_end(&b);
}

/* Loads, builds and runs path on a = {1.5, -4}; y into out. */
static void run_file(const char *path, float out[2])
{
    nnx_context *ctx = NULL;
    assert_int_equal(nnx_context_create(&(nnx_context_options){.threads = 1}, &ctx), NNX_OK);
    nnx_graph *g = test_model_graph(ctx, path, path);
    const float a[2] = {1.5f, -4.0f};
    test_run_one(ctx, g, a, sizeof a, out, 2 * sizeof *out);
    nnx_graph_destroy(g);
    nnx_context_destroy(ctx);
}

static void test_branch_constant_shadows(void **state)
{
    (void)state;
    char own[128], outer[128], value[128];
    snprintf(own, sizeof own, "/tmp/nnx-tosa-scopes-own-%ld.tosa", (long)getpid());
    snprintf(outer, sizeof outer, "/tmp/nnx-tosa-scopes-outer-%ld.tosa", (long)getpid());
    snprintf(value, sizeof value, "/tmp/nnx-tosa-scopes-value-%ld.tosa", (long)getpid());
    float y[2] = {0};
    write_file(own, OWN_K);
    run_file(own, y);
    assert_true(y[0] == 12.5f && y[1] == 7.0f);
    write_file(outer, OUTER_K);
    run_file(outer, y);
    assert_true(y[0] == 21.5f && y[1] == 16.0f);
    write_file(value, OUTER_VALUE);
    nnx_context *ctx = NULL;
    assert_int_equal(nnx_context_create(&(nnx_context_options){.threads = 1}, &ctx), NNX_OK);
    nnx_model *m = NULL;
    assert_int_equal(nnx_model_load(ctx, value, NULL, &m), NNX_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(nnx_context_error(ctx),
                           "block 'br', operator 0 (ADD): 't' is a value of block 'main', which a "
                           "COND_IF branch reads only through the operator's input_list"));
    nnx_context_destroy(ctx);
    unlink(own);
    unlink(outer);
    unlink(value);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_branch_constant_shadows),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
