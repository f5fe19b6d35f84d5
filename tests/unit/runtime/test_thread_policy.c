/* test_thread_policy.c — the runtime's thread decisions (runtime/thread_policy.h). The pool's
 * caller share starts even, follows reported speeds within its bounds, and moves toward the
 * caller when timed parts run slower on a worker; a worker that stalls twice in a row makes
 * the pool's jobs run on their callers alone for a while, a single stall does not. The
 * pool-or-caller choice of dispatches, driven by made-up dispatch times: steady parallel
 * times never bring a serial dispatch; when parallel dispatches slow to twice the fastest
 * and serial ones are faster, the choice turns serial within the first probes and back to
 * parallel once a parallel probe is fast again; probes that keep losing come ever more
 * rarely (at most one in 128 dispatches). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "runtime/thread_policy.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <time.h>

/* A pool of `workers` threads on a fresh allocator, with or without the runtime's policy. */
static nnx_pool *pool_of(nnx_alloc *a, unsigned workers)
{
    assert_true(nnx_alloc_init(a, NULL));
    nnx_pool *pool = nnx_pool_create(a, workers);
    assert_non_null(pool);
    return pool;
}

static nnx_pool *policy_pool_of(nnx_alloc *a, unsigned workers)
{
    nnx_pool *pool = pool_of(a, workers);
    assert_true(nnx_thread_policy_install(pool, a));
    return pool;
}

/* ---- the pool's policy ---- */

static void test_caller_share(void **state)
{
    (void)state;
    assert_true(nnx_pool_caller_share(NULL) == 1.0);
    nnx_alloc a;
    nnx_pool *pool = pool_of(&a, 1);
    assert_float_equal(nnx_pool_caller_share(pool), 0.5, 1e-4);
    nnx_thread_policy_report(pool, 3.0, 1.0); /* even: 3 / (3 + 1); a quarter of the way from 0.5 */
    assert_float_equal(nnx_pool_caller_share(pool), 0.5 + 0.25 * 0.25, 1e-4);
    for (int i = 0; i < 60; i++)
        nnx_thread_policy_report(pool, 100.0, 1.0); /* clamped to 3 / (2 threads) */
    assert_float_equal(nnx_pool_caller_share(pool), 0.75, 1e-3);
    for (int i = 0; i < 60; i++)
        nnx_thread_policy_report(pool, 1.0, 100.0);
    assert_float_equal(nnx_pool_caller_share(pool), 0.25, 1e-3);
    nnx_thread_policy_report(pool, 0.0, 1.0); /* not a speed: ignored */
    nnx_thread_policy_report(pool, 1.0, -1.0);
    assert_float_equal(nnx_pool_caller_share(pool), 0.25, 1e-3);
    nnx_pool_destroy(pool);
    pool = pool_of(&a, 3);
    assert_float_equal(nnx_pool_caller_share(pool), 0.25, 1e-4);
    for (int i = 0; i < 60; i++)
        nnx_thread_policy_report(pool, 1.0, 1.0); /* equal speeds: even */
    assert_float_equal(nnx_pool_caller_share(pool), 0.25, 1e-3);
    nnx_pool_destroy(pool);
}

static void spin_for(double seconds)
{
    struct timespec t0, t;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    do
        clock_gettime(CLOCK_MONOTONIC, &t);
    while ((double)(t.tv_sec - t0.tv_sec) + (double)(t.tv_nsec - t0.tv_nsec) * 1e-9 < seconds);
}

/* A part of 100 us of work on the caller, 500 us on a worker (a slower thread). */
static void uneven_part(void *arg, size_t i, unsigned thread)
{
    atomic_fetch_add(&((atomic_int *)arg)[i], 1);
    spin_for(thread == 0 ? 100e-6 : 500e-6);
}

static void test_parts_report_speeds(void **state)
{
    (void)state;
    nnx_alloc a;
    nnx_pool *pool = policy_pool_of(&a, 1);
    static const double units[2] = {1.0, 1.0};
    /* the worker's parts take 5x as long: the share heads for 3/4 (once the worker has run
     * parts: a job whose parts all ran on the caller reports nothing, nor does one whose
     * worker stalled, after which the pool may run serially for a while; a loaded machine
     * may also hold up the caller: hence tries for up to 20 s) */
    struct timespec t0, t;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    do {
        atomic_int hits[2] = {0, 0};
        nnx_pool_for_parts(pool, 2, units, uneven_part, hits);
        assert_int_equal(atomic_load(&hits[0]), 1);
        assert_int_equal(atomic_load(&hits[1]), 1);
        clock_gettime(CLOCK_MONOTONIC, &t);
    } while (nnx_pool_caller_share(pool) < 0.6 && t.tv_sec - t0.tv_sec < 20);
    assert_true(nnx_pool_caller_share(pool) >= 0.6);
    atomic_int one[1] = {0}; /* one part, and a NULL pool: run untimed */
    nnx_pool_for_parts(pool, 1, units, uneven_part, one);
    nnx_pool_for_parts(NULL, 1, units, uneven_part, one);
    assert_int_equal(atomic_load(&one[0]), 2);
    nnx_pool_destroy(pool);
}

/* Waits (up to a second) until `count` reaches `n`; whether it did. */
static bool await_count(atomic_int *count, int n)
{
    struct timespec t0, t;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    do {
        if (atomic_load(count) >= n)
            return true;
        clock_gettime(CLOCK_MONOTONIC, &t);
    } while ((double)(t.tv_sec - t0.tv_sec) + (double)(t.tv_nsec - t0.tv_nsec) * 1e-9 < 1.0);
    return false;
}

typedef struct meeting {
    atomic_int started, met;
} meeting;

/* Two items that each wait for the other to start: both meet only when they run at once. */
static void meet_item(void *arg, size_t i, unsigned thread)
{
    (void)i, (void)thread;
    meeting *m = arg;
    atomic_fetch_add(&m->started, 1);
    if (await_count(&m->started, 2))
        atomic_fetch_add(&m->met, 1);
}

/* Whether a job of two items runs them at once (a worker takes one within the second). */
static bool runs_in_parallel(nnx_pool *pool)
{
    meeting m = {0, 0};
    nnx_pool_for_thread(pool, 2, meet_item, &m);
    return atomic_load(&m.met) == 2;
}

/* A part that stalls on a worker: 40 ms there, 100 us on the caller (once the worker's
 * part has begun, so that the worker has one). */
static void stalling_part(void *arg, size_t i, unsigned thread)
{
    (void)i;
    meeting *m = arg;
    atomic_fetch_add(&m->started, 1);
    if (thread != 0) {
        nanosleep(&(struct timespec){0, 40000000}, NULL);
        return;
    }
    assert_true(await_count(&m->started, 2));
    spin_for(100e-6);
}

static void stall(nnx_pool *pool)
{
    static const double units[2] = {1.0, 1.0};
    meeting m = {0, 0};
    nnx_pool_for_parts(pool, 2, units, stalling_part, &m);
}

static void test_stalls(void **state)
{
    (void)state;
    nnx_alloc a;
    nnx_pool *pool = policy_pool_of(&a, 1);
    assert_true(runs_in_parallel(pool));
    stall(pool); /* alone: the host took a CPU once */
    assert_true(runs_in_parallel(pool));
    /* again, at once: serial for a while (20 ms; a few tries, as on a loaded machine the
     * check may come after the stretch, which then doubles) */
    bool serial = false;
    for (int tries = 0; tries < 5 && !serial; tries++) {
        stall(pool);
        serial = !runs_in_parallel(pool); /* serial: the items cannot meet (a second lost) */
    }
    assert_true(serial);
    nanosleep(&(struct timespec){0, 700000000}, NULL); /* past the longest stretch (20 ms x 2^4) */
    assert_true(runs_in_parallel(pool));
    nnx_pool_destroy(pool);
}

/* ---- the pool-or-caller choice of dispatches ---- */

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
    int serial = run(&c, 300, 100, 150);               /* the host is quiet again */
    assert_true(serial > 0 && serial <= 128);          /* within one probe interval */
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
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_caller_share),
                                       cmocka_unit_test(test_parts_report_speeds),
                                       cmocka_unit_test(test_stalls),
                                       cmocka_unit_test(test_steady_stays_parallel),
                                       cmocka_unit_test(test_turns_serial_and_back),
                                       cmocka_unit_test(test_losing_probes_back_off)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
