/* test_pool.c — the worker pool (base/pool.h): every item runs exactly once, with and without
 * workers, for item counts around the thread count; several threads may run loops on one
 * pool at once (as concurrent dispatches of one graph do); a NULL pool runs on the caller. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "base/pool.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

typedef struct counts {
    size_t n;
    atomic_int *hits;
} counts;

static void hit(void *arg, size_t i)
{
    counts *c = arg;
    atomic_fetch_add(&c->hits[i], 1);
}

static void run_and_check(nnx_pool *pool, size_t n)
{
    counts c = {n, calloc(n + 1, sizeof(atomic_int))};
    assert_non_null(c.hits);
    nnx_pool_for(pool, n, hit, &c);
    for (size_t i = 0; i < n; i++)
        assert_int_equal(atomic_load(&c.hits[i]), 1);
    free(c.hits);
}

static void test_each_item_once(void **state)
{
    (void)state;
    nnx_alloc a;
    assert_true(nnx_alloc_init(&a, NULL));
    nnx_pool *pool = nnx_pool_create(&a, 3);
    assert_non_null(pool);
    assert_int_equal(nnx_pool_threads(pool), 4);
    assert_int_equal(nnx_pool_threads(NULL), 1);
    static const size_t ns[] = {0, 1, 2, 3, 4, 5, 17, 1000};
    for (size_t k = 0; k < sizeof ns / sizeof *ns; k++) {
        run_and_check(pool, ns[k]);
        run_and_check(NULL, ns[k]);
    }
    nnx_pool_destroy(pool);
}

static void *caller(void *arg)
{
    for (int r = 0; r < 50; r++)
        run_and_check(arg, 64);
    return NULL;
}

static void test_concurrent_callers(void **state)
{
    (void)state;
    nnx_alloc a;
    assert_true(nnx_alloc_init(&a, NULL));
    nnx_pool *pool = nnx_pool_create(&a, 2);
    assert_non_null(pool);
    pthread_t t[3];
    for (int i = 0; i < 3; i++)
        assert_int_equal(pthread_create(&t[i], NULL, caller, pool), 0);
    for (int i = 0; i < 3; i++)
        pthread_join(t[i], NULL);
    nnx_pool_destroy(pool);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_each_item_once), cmocka_unit_test(test_concurrent_callers)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
