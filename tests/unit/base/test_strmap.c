/* test_strmap.c — the string map of base/strmap.h: adding and finding keys, values written
 * through put, growth past many rehashes, case folding, the key bound, clearing, and
 * out-of-memory at every allocation leaving the map usable and nothing leaked. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>

#include "base/strmap.h"
#include "../common/counting_alloc.h"

static void test_put_and_get(void **state)
{
    (void)state;
    counting_alloc c = {0};
    nnx_alloc a = counting_alloc_wrap(&c);
    nnx_strmap m;
    nnx_strmap_init(&m, &a, false);
    uintptr_t v = 99;
    assert_false(nnx_strmap_get(&m, "x", &v)); /* empty map: no table yet */
    assert_int_equal(v, 99);
    bool added = false;
    uintptr_t *slot = nnx_strmap_put(&m, "x", &added);
    assert_non_null(slot);
    assert_true(added);
    assert_int_equal(*slot, 0);
    *slot = 7;
    slot = nnx_strmap_put(&m, "x", &added); /* present: same value, not added again */
    assert_false(added);
    assert_int_equal(*slot, 7);
    assert_true(nnx_strmap_get(&m, "x", &v));
    assert_int_equal(v, 7);
    assert_true(nnx_strmap_get(&m, "x", NULL));
    assert_false(nnx_strmap_get(&m, "X", NULL)); /* case matters unless folded */
    assert_false(nnx_strmap_get(&m, "", NULL));
    assert_non_null(nnx_strmap_put(&m, "", NULL)); /* the empty string is a key like any other */
    assert_true(nnx_strmap_get(&m, "", NULL));
    assert_int_equal(m.count, 2);
    nnx_strmap_free(&m);
    assert_int_equal(m.count, 0);
    assert_false(nnx_strmap_get(&m, "x", NULL));
    assert_int_equal(c.live, 0);
}

static void test_growth(void **state)
{
    (void)state;
    enum { N = 5000 };
    static char keys[N][16];
    nnx_alloc a;
    assert_true(nnx_alloc_init(&a, &(nnx_allocator){0}));
    nnx_strmap m;
    nnx_strmap_init(&m, &a, false);
    for (uint32_t i = 0; i < N; i++) {
        snprintf(keys[i], sizeof keys[i], "k%u", i);
        uintptr_t *slot = nnx_strmap_put(&m, keys[i], NULL);
        assert_non_null(slot);
        *slot = i;
        assert_true(m.count * 2 <= m.cap); /* load stays at most 1/2 */
    }
    assert_int_equal(m.count, N);
    for (uint32_t i = 0; i < N; i++) {
        uintptr_t v;
        assert_true(nnx_strmap_get(&m, keys[i], &v));
        assert_int_equal(v, i);
    }
    assert_false(nnx_strmap_get(&m, "k5000", NULL));
    nnx_strmap_free(&m);
}

static void test_fold_case(void **state)
{
    (void)state;
    nnx_alloc a;
    assert_true(nnx_alloc_init(&a, &(nnx_allocator){0}));
    nnx_strmap m;
    nnx_strmap_init(&m, &a, true);
    *nnx_strmap_put(&m, "Conv1/Weights", NULL) = 3;
    bool added = true;
    uintptr_t *slot = nnx_strmap_put(&m, "conv1/WEIGHTS", &added);
    assert_false(added);
    assert_int_equal(*slot, 3);
    assert_true(nnx_strmap_get(&m, "CONV1/weights", NULL));
    assert_false(nnx_strmap_get(&m, "conv1/weight", NULL));
    assert_false(nnx_strmap_get(&m, "conv1/weights\xc3\x84", NULL)); /* only ASCII folds */
    assert_int_equal(m.count, 1);
    nnx_strmap_free(&m);
}

static void test_bound(void **state)
{
    (void)state;
    nnx_alloc a;
    assert_true(nnx_alloc_init(&a, &(nnx_allocator){0}));
    nnx_strmap m;
    nnx_strmap_init(&m, &a, false);
    assert_false(nnx_strmap_reserve(&m, NNX_STRMAP_MAX_KEYS + 1));
    assert_int_equal(m.cap, 0);
    assert_true(nnx_strmap_reserve(&m, 100));
    assert_int_equal(m.cap, 256);
    assert_true(nnx_strmap_reserve(&m, 10)); /* never shrinks */
    assert_int_equal(m.cap, 256);
    nnx_strmap_free(&m);
}

static void test_clear(void **state)
{
    (void)state;
    counting_alloc c = {0};
    nnx_alloc a = counting_alloc_wrap(&c);
    nnx_strmap m;
    nnx_strmap_init(&m, &a, false);
    static const char *const keys[] = {"p", "q", "r", "s", "t", "u", "v", "w", "x"};
    for (uint32_t i = 0; i < 9; i++)
        *nnx_strmap_put(&m, keys[i], NULL) = i;
    long calls = c.calls;
    uint32_t cap = m.cap;
    nnx_strmap_clear(&m);
    assert_int_equal(m.count, 0);
    assert_int_equal(m.cap, cap);
    assert_false(nnx_strmap_get(&m, "p", NULL));
    for (uint32_t i = 0; i < 9; i++) /* the same number again: no allocation */
        *nnx_strmap_put(&m, keys[8 - i], NULL) = i;
    assert_int_equal(c.calls, calls);
    uintptr_t v;
    assert_true(nnx_strmap_get(&m, "p", &v));
    assert_int_equal(v, 8);
    nnx_strmap_free(&m);
    assert_int_equal(c.live, 0);
}

/* Every allocation of a run that grows the map three times fails once in turn. */
static void test_out_of_memory(void **state)
{
    (void)state;
    static const char *const keys[] = {"a", "b", "c",  "d",  "e",  "f",  "g",  "h",  "i",  "j",  "k",  "l",
                                       "m", "n", "o",  "p",  "q",  "r",  "s",  "t",  "u",  "v",  "w",  "x",
                                       "y", "z", "aa", "bb", "cc", "dd", "ee", "ff", "gg", "hh", "ii", "jj"};
    const uint32_t n = sizeof keys / sizeof keys[0];
    for (long fail_at = 1;; fail_at++) {
        counting_alloc c = {.fail_at = fail_at};
        nnx_alloc a = counting_alloc_wrap(&c);
        nnx_strmap m;
        nnx_strmap_init(&m, &a, false);
        bool failed = false;
        for (uint32_t i = 0; i < n; i++) {
            uintptr_t *slot = nnx_strmap_put(&m, keys[i], NULL);
            if (!slot) {
                failed = true;
                assert_int_equal(m.count, i); /* unchanged: the keys so far are all there */
                for (uint32_t k = 0; k < i; k++) {
                    uintptr_t v;
                    assert_true(nnx_strmap_get(&m, keys[k], &v));
                    assert_int_equal(v, k + 1);
                }
                break;
            }
            *slot = i + 1;
        }
        nnx_strmap_free(&m);
        assert_int_equal(c.live, 0);
        if (!failed)
            break;
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_put_and_get), cmocka_unit_test(test_growth), cmocka_unit_test(test_fold_case),
        cmocka_unit_test(test_bound),       cmocka_unit_test(test_clear),  cmocka_unit_test(test_out_of_memory),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
