/* test_model_limit_names.c — nnx_model_limit_max and nnx_model_options_set_limit: every limit
 * of nnx_model_options by name sets exactly its own field, at its width; other names, 0 and
 * values past the field are INVALID_ARGUMENT and leave the options as they were. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <string.h>

#include "nnx.h"

static void test_each_limit_sets_its_field(void **state)
{
    (void)state;
    nnx_model_options o = {0};
    assert_int_equal(nnx_model_options_set_limit(&o, "max_depth", 7), NNX_OK);
    assert_int_equal(nnx_model_options_set_limit(&o, "max_names", UINT32_MAX), NNX_OK);
    assert_int_equal(nnx_model_options_set_limit(&o, "max_operations", UINT64_MAX), NNX_OK);
    assert_int_equal(nnx_model_options_set_limit(&o, "max_elements", (uint64_t)1 << 40), NNX_OK);
    assert_int_equal(nnx_model_options_set_limit(&o, "max_archive_bytes", 12345), NNX_OK);
    assert_int_equal(nnx_model_options_set_limit(&o, "max_archive_ratio", 3), NNX_OK);
    assert_int_equal(o.max_depth, 7);
    assert_int_equal(o.max_names, UINT32_MAX);
    assert_true(o.max_operations == UINT64_MAX);
    assert_true(o.max_elements == (uint64_t)1 << 40);
    assert_true(o.max_archive_bytes == 12345);
    assert_int_equal(o.max_archive_ratio, 3);
    assert_int_equal(o.flags, 0);
    assert_null(o.format);
    assert_int_equal(o.input_shape_count, 0);
}

static void test_bad_names_and_values(void **state)
{
    (void)state;
    assert_true(nnx_model_limit_max("max_depth") == UINT32_MAX);
    assert_true(nnx_model_limit_max("max_archive_ratio") == UINT32_MAX);
    assert_true(nnx_model_limit_max("max_elements") == UINT64_MAX);
    assert_true(nnx_model_limit_max("depth") == 0);
    assert_true(nnx_model_limit_max(NULL) == 0);
    nnx_model_options o = {0}, before;
    assert_int_equal(nnx_model_options_set_limit(&o, "max_depth", 100), NNX_OK);
    before = o;
    assert_int_equal(nnx_model_options_set_limit(&o, "max_depth", 0), NNX_ERROR_INVALID_ARGUMENT);
    assert_int_equal(nnx_model_options_set_limit(&o, "max_depth", (uint64_t)UINT32_MAX + 1),
                     NNX_ERROR_INVALID_ARGUMENT);
    assert_int_equal(nnx_model_options_set_limit(&o, "max-depth", 5), NNX_ERROR_INVALID_ARGUMENT);
    assert_int_equal(nnx_model_options_set_limit(&o, NULL, 5), NNX_ERROR_INVALID_ARGUMENT);
    assert_int_equal(nnx_model_options_set_limit(NULL, "max_depth", 5), NNX_ERROR_INVALID_ARGUMENT);
    assert_memory_equal(&o, &before, sizeof o);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_each_limit_sets_its_field),
        cmocka_unit_test(test_bad_names_and_values),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
