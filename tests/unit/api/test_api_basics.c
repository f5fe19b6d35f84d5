/* test_api_basics.c — the public API's contracts outside individual operations: names of
 * statuses and types, ownership rules (nnx.h), graph inputs/outputs, the log callback,
 * constant tensors, and WebNN MLNumber casting of scalar constants (§9 cast edge cases). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "nnx.h"

static nnx_context *new_context(void)
{
    nnx_context *ctx = NULL;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    return ctx;
}

static void test_names(void **state)
{
    (void)state;
    assert_string_equal(nnx_status_string(NNX_OK), "NNX_OK");
    assert_string_equal(nnx_status_string(NNX_ERROR_INVALID_STATE), "NNX_ERROR_INVALID_STATE");
    assert_string_equal(nnx_status_string((nnx_status)999), "NNX_UNKNOWN_STATUS");
    assert_string_equal(nnx_dtype_name(NNX_FLOAT32), "float32");
    assert_string_equal(nnx_dtype_name(NNX_FP8E4M3), "fp8e4m3");
    assert_null(nnx_dtype_name(NNX_DTYPE_UNDEFINED));
    assert_string_equal(nnx_dtype_name(NNX_UINT2), "uint2");
    assert_null(nnx_dtype_name((nnx_dtype)25));
    assert_int_equal(nnx_dtype_size(NNX_INT48), 8);
    assert_int_equal(nnx_dtype_size(NNX_INT4), 1);
    assert_int_equal(nnx_dtype_size(NNX_BFLOAT16), 2);
    assert_string_equal(nnx_version(), "0.1.0");
}

static void test_destroy_null_is_noop(void **state)
{
    (void)state;
    nnx_context_destroy(NULL);
    nnx_builder_destroy(NULL);
    nnx_graph_destroy(NULL);
    nnx_tensor_destroy(NULL);
}

/* Builds y = x + c (c constant [3]) and returns the graph; the builder is destroyed at
 * once (rule 4) and the caller's arrays are overwritten after the calls (rule 5). */
static nnx_graph *add_graph(nnx_context *ctx, nnx_operand_desc *xd)
{
    nnx_builder *b;
    assert_int_equal(nnx_builder_create(ctx, &b), NNX_OK);
    float c[3] = {10, 20, 30};
    nnx_operand_desc cd = {NNX_FLOAT32, 1, {3}};
    nnx_operand *x = nnx_builder_input(b, "x", xd);
    nnx_builder_input(b, "unused", xd);
    nnx_operand *y = nnx_builder_add(b, x, nnx_builder_constant(b, &cd, c, sizeof c), NULL);
    memset(c, 0, sizeof c);
    char name[] = "y";
    nnx_graph *g = NULL;
    assert_int_equal(nnx_builder_build(b, &(nnx_named_operand){name, y}, 1, &g), NNX_OK);
    name[0] = 'z';
    nnx_builder_destroy(b);
    return g;
}

static void test_graph_outlives_builder(void **state)
{
    (void)state;
    nnx_context *ctx = new_context();
    nnx_operand_desc xd = {NNX_FLOAT32, 2, {2, 3}}, d;
    nnx_graph *g = add_graph(ctx, &xd);
    /* the unreachable input is not part of the graph (WebNN build step 4) */
    assert_int_equal(nnx_graph_input_count(g), 1);
    assert_string_equal(nnx_graph_input_name(g, 0), "x");
    assert_null(nnx_graph_input_name(g, 1));
    assert_int_equal(nnx_graph_output_count(g), 1);
    assert_string_equal(nnx_graph_output_name(g, 0), "y");
    nnx_graph_output_desc(g, 0, &d);
    assert_int_equal(d.dtype, NNX_FLOAT32);
    assert_int_equal(d.rank, 2);
    assert_int_equal(d.shape[1], 3);
    nnx_graph_output_desc(g, 5, &d);
    assert_int_equal(d.dtype, NNX_DTYPE_UNDEFINED);

    nnx_tensor *tx, *ty;
    assert_int_equal(nnx_tensor_create(ctx, &(nnx_tensor_desc){xd, false, true}, &tx), NNX_OK);
    assert_int_equal(nnx_tensor_create(ctx, &(nnx_tensor_desc){xd, true, false}, &ty), NNX_OK);
    float in[6] = {1, 2, 3, 4, 5, 6}, out[6];
    assert_int_equal(nnx_tensor_write(tx, in, sizeof in), NNX_OK);
    assert_int_equal(nnx_context_dispatch(ctx, g, &(nnx_named_tensor){"x", tx}, 1, &(nnx_named_tensor){"y", ty}, 1),
                     NNX_OK);
    assert_int_equal(nnx_tensor_read(ty, out, sizeof out), NNX_OK);
    const float want[6] = {11, 22, 33, 14, 25, 36};
    assert_memory_equal(out, want, sizeof want);
    /* a second dispatch with new data reuses the plan */
    in[0] = -1;
    assert_int_equal(nnx_tensor_write(tx, in, sizeof in), NNX_OK);
    assert_int_equal(nnx_context_dispatch(ctx, g, &(nnx_named_tensor){"x", tx}, 1, &(nnx_named_tensor){"y", ty}, 1),
                     NNX_OK);
    assert_int_equal(nnx_tensor_read(ty, out, sizeof out), NNX_OK);
    assert_true(out[0] == 9.0f);
    nnx_tensor_destroy(tx);
    nnx_graph_destroy(g);
    nnx_context_destroy(ctx); /* frees ty (rule 2) */
}

static void test_new_tensor_is_zero_filled(void **state)
{
    (void)state;
    nnx_context *ctx = new_context();
    nnx_tensor *t;
    nnx_tensor_desc td = {{NNX_INT32, 1, {4}}, true, false}, got;
    assert_int_equal(nnx_tensor_create(ctx, &td, &t), NNX_OK);
    int32_t v[4] = {1, 1, 1, 1}, zero[4] = {0};
    assert_int_equal(nnx_tensor_read(t, v, sizeof v), NNX_OK);
    assert_memory_equal(v, zero, sizeof v);
    nnx_tensor_get_desc(t, &got);
    assert_true(got.readable && !got.writable);
    assert_int_equal(got.desc.shape[0], 4);
    nnx_context_destroy(ctx);
}

static int log_calls;
static char log_text[600];
static void on_log(void *user, nnx_log_level level, const char *message)
{
    assert_ptr_equal(user, &log_calls);
    assert_int_equal(level, NNX_LOG_ERROR);
    log_calls++;
    snprintf(log_text, sizeof log_text, "%s", message);
}

static void test_log_callback_receives_errors(void **state)
{
    (void)state;
    nnx_context *ctx;
    assert_int_equal(nnx_context_create(&(nnx_context_options){.log = on_log, .log_user = &log_calls}, &ctx), NNX_OK);
    nnx_builder *b;
    assert_int_equal(nnx_builder_create(ctx, &b), NNX_OK);
    nnx_operand_desc a = {NNX_FLOAT32, 1, {3}}, c = {NNX_FLOAT32, 1, {4}};
    nnx_operand *y = nnx_builder_add(b, nnx_builder_input(b, "a", &a), nnx_builder_input(b, "c", &c), NULL);
    nnx_graph *g;
    log_calls = 0;
    assert_int_equal(nnx_builder_build(b, &(nnx_named_operand){"y", y}, 1, &g), NNX_ERROR_INVALID_ARGUMENT);
    assert_int_equal(log_calls, 1);
    assert_string_equal(log_text, nnx_builder_error(b));
    assert_non_null(strstr(log_text, "do not broadcast"));
    nnx_context_destroy(ctx);
}

static void test_constant_tensor_is_captured(void **state)
{
    (void)state;
    nnx_context *ctx = new_context();
    nnx_operand_desc d = {NNX_FLOAT32, 1, {2}};
    float w[2] = {3, 4};
    nnx_tensor *ct;
    assert_int_equal(nnx_tensor_create_constant(ctx, &d, w, sizeof w, &ct), NNX_OK);
    nnx_builder *b;
    assert_int_equal(nnx_builder_create(ctx, &b), NNX_OK);
    nnx_operand *y = nnx_builder_mul(b, nnx_builder_input(b, "x", &d), nnx_builder_constant_tensor(b, ct), NULL);
    nnx_tensor_destroy(ct); /* WebNN: the tensor may go before the graph is used */
    nnx_graph *g;
    assert_int_equal(nnx_builder_build(b, &(nnx_named_operand){"y", y}, 1, &g), NNX_OK);
    nnx_tensor *tx, *ty;
    nnx_tensor_create(ctx, &(nnx_tensor_desc){d, false, true}, &tx);
    nnx_tensor_create(ctx, &(nnx_tensor_desc){d, true, false}, &ty);
    float x[2] = {5, 6}, out[2];
    nnx_tensor_write(tx, x, sizeof x);
    assert_int_equal(nnx_context_dispatch(ctx, g, &(nnx_named_tensor){"x", tx}, 1, &(nnx_named_tensor){"y", ty}, 1),
                     NNX_OK);
    nnx_tensor_read(ty, out, sizeof out);
    assert_true(out[0] == 15 && out[1] == 24);
    nnx_context_destroy(ctx);
}

/* The bytes of constant_scalar(dtype, value), observed through reshape to [1]. */
static void scalar_bytes(nnx_dtype dt, nnx_number v, void *out)
{
    nnx_context *ctx = new_context();
    nnx_builder *b;
    nnx_builder_create(ctx, &b);
    uint32_t one = 1;
    nnx_operand *y = nnx_builder_reshape(b, nnx_builder_constant_scalar(b, dt, v), &one, 1, NULL);
    nnx_graph *g;
    assert_int_equal(nnx_builder_build(b, &(nnx_named_operand){"y", y}, 1, &g), NNX_OK);
    nnx_tensor *t;
    nnx_tensor_create(ctx, &(nnx_tensor_desc){{dt, 1, {1}}, true, false}, &t);
    assert_int_equal(nnx_context_dispatch(ctx, g, NULL, 0, &(nnx_named_tensor){"y", t}, 1), NNX_OK);
    assert_int_equal(nnx_tensor_read(t, out, nnx_dtype_size(dt)), NNX_OK);
    nnx_context_destroy(ctx);
}

static void test_number_cast_edges(void **state)
{
    (void)state;
    int64_t i64;
    uint64_t u64;
    int32_t i32;
    uint32_t u32;
    uint8_t u8;
    int8_t i8;
    uint16_t h;
    float f;
    scalar_bytes(NNX_INT64, nnx_i64((1ll << 53) + 1), &i64);
    assert_true(i64 == (1ll << 53) + 1); /* exact, not through double */
    scalar_bytes(NNX_UINT64, nnx_u64(UINT64_MAX), &u64);
    assert_true(u64 == UINT64_MAX);
    scalar_bytes(NNX_INT64, nnx_u64(UINT64_MAX), &i64);
    assert_true(i64 == INT64_MAX); /* clamped */
    scalar_bytes(NNX_UINT32, nnx_f64(4294967295.0), &u32);
    assert_true(u32 == 4294967295u); /* the spec's "signed" for uint32 is a bug */
    scalar_bytes(NNX_INT32, nnx_f64(NAN), &i32);
    assert_int_equal(i32, 0);
    scalar_bytes(NNX_INT32, nnx_f64(-INFINITY), &i32);
    assert_int_equal(i32, INT32_MIN);
    scalar_bytes(NNX_INT32, nnx_f64(2.5), &i32);
    assert_int_equal(i32, 2); /* half to even */
    scalar_bytes(NNX_INT32, nnx_f64(-3.5), &i32);
    assert_int_equal(i32, -4);
    scalar_bytes(NNX_UINT8, nnx_f64(300), &u8);
    assert_int_equal(u8, 255);
    scalar_bytes(NNX_UINT8, nnx_i64(-7), &u8);
    assert_int_equal(u8, 0);
    scalar_bytes(NNX_INT8, nnx_f64(-0.0), &i8);
    assert_int_equal(i8, 0);
    scalar_bytes(NNX_FLOAT16, nnx_f64(65520), &h);
    assert_int_equal(h, 0x7C00); /* overflows to +inf */
    scalar_bytes(NNX_FLOAT16, nnx_f64(65519.99), &h);
    assert_int_equal(h, 0x7BFF);
    scalar_bytes(NNX_FLOAT16, nnx_f64(-0.0), &h);
    assert_int_equal(h, 0x8000);
    scalar_bytes(NNX_FLOAT32, nnx_i64((1ll << 24) + 1), &f);
    assert_true(f == 16777216.0f); /* ties to even */
    scalar_bytes(NNX_FLOAT32, nnx_f64(1e39), &f);
    assert_true(isinf(f) && f > 0);
    scalar_bytes(NNX_FLOAT32, nnx_f64(NAN), &f);
    assert_true(isnan(f));
}

/* Decision E43: NNX_MAX_THREADS workers are allowed (and run), one more is refused. */
static void test_threads_bounded(void **state)
{
    (void)state;
    nnx_context *ctx = (nnx_context *)1;
    assert_int_equal(nnx_context_create(&(nnx_context_options){.threads = NNX_MAX_THREADS + 1}, &ctx),
                     NNX_ERROR_INVALID_ARGUMENT);
    assert_null(ctx);
    assert_int_equal(nnx_context_create(&(nnx_context_options){.threads = UINT32_MAX}, &ctx),
                     NNX_ERROR_INVALID_ARGUMENT);
    assert_int_equal(nnx_context_create(&(nnx_context_options){.threads = NNX_MAX_THREADS}, &ctx), NNX_OK);
    nnx_context_destroy(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_threads_bounded),
        cmocka_unit_test(test_destroy_null_is_noop),
        cmocka_unit_test(test_graph_outlives_builder),
        cmocka_unit_test(test_new_tensor_is_zero_filled),
        cmocka_unit_test(test_log_callback_receives_errors),
        cmocka_unit_test(test_constant_tensor_is_captured),
        cmocka_unit_test(test_number_cast_edges),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
