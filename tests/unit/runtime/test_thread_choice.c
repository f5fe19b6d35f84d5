/* test_thread_choice.c — the pool-or-caller choice of dispatches (runtime/thread_choice.h),
 * driven by made-up dispatch times: steady parallel times never bring a serial dispatch;
 * when parallel dispatches slow to twice the fastest and serial ones are faster, the choice
 * turns serial within the first probes and back to parallel once a parallel probe is fast
 * again; probes that keep losing come ever more rarely (at most one in 128 dispatches). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "runtime/thread_choice.h"

/* Runs n dispatches that take par ns on the pool and ser ns on the caller; returns how many
 * ran serially. */
static int run(nnx_thread_choice *c, int n, uint64_t par, uint64_t ser)
{
    int serial = 0;
    for (int i = 0; i < n; i++) {
        bool parallel = nnx_thread_choice_parallel(c);
        serial += !parallel;
        nnx_thread_choice_report(c, parallel, parallel ? par : ser);
    }
    return serial;
}

static void test_steady_stays_parallel(void **state)
{
    (void)state;
    nnx_thread_choice c = {0};
    assert_int_equal(run(&c, 2000, 100, 180), 0);
    assert_int_equal(run(&c, 2000, 120, 180), 0); /* a little slower (1.2x the best): no probe */
}

static void test_turns_serial_and_back(void **state)
{
    (void)state;
    nnx_thread_choice c = {0};
    run(&c, 100, 100, 180);
    /* twice as slow: the first probe, two dispatches in, meets a mean still on its way up
     * (150) and loses; the second, 16 later, wins */
    assert_int_equal(run(&c, 20, 200, 150), 4);
    assert_int_equal(run(&c, 120, 200, 150), 120 - 4); /* serial; parallel probes at 8, 16, 32, 64 lose */
    int serial = run(&c, 300, 100, 150);                /* the host is quiet again */
    assert_true(serial > 0 && serial <= 128);           /* within one probe interval */
    assert_int_equal(run(&c, 500, 100, 150), 0);
}

static void test_losing_probes_back_off(void **state)
{
    (void)state;
    nnx_thread_choice c = {0};
    run(&c, 100, 100, 400);
    /* parallel slower than 5/4 of the best, serial slower still: probes, each losing */
    int first = run(&c, 1000, 200, 400), later = run(&c, 1280, 200, 400);
    assert_true(first <= 11); /* intervals 16, 32, 64, then 128 */
    assert_int_equal(later, 10);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_steady_stays_parallel),
                                       cmocka_unit_test(test_turns_serial_and_back),
                                       cmocka_unit_test(test_losing_probes_back_off)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
