/* test_pool.c — the worker pool (base/pool.h): every item runs exactly once, with and without
 * workers, for item counts around the thread count; several threads may run loops on one
 * pool at once (as concurrent dispatches of one graph do); a NULL pool runs on the caller;
 * nnx_pool_for_thread's thread indices are in range and never held twice at once; items
 * are claimed in runs that shrink as the job empties; the
 * caller's share starts even, follows reported speeds within its bounds, and moves toward
 * the caller when timed parts run slower on a worker; a worker that stalls twice in a row
 * makes the pool's jobs run on their callers alone for a while, a single stall does not. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "base/pool.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <time.h>

/* A pool of `workers` threads on a fresh allocator. */
static nnx_pool *pool_of(nnx_alloc *a, unsigned workers)
{
    assert_true(nnx_alloc_init(a, NULL));
    nnx_pool *pool = nnx_pool_create(a, workers);
    assert_non_null(pool);
    return pool;
}

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
    nnx_pool *pool = pool_of(&a, 3);
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
    nnx_pool *pool = pool_of(&a, 2);
    pthread_t t[3];
    for (int i = 0; i < 3; i++)
        assert_int_equal(pthread_create(&t[i], NULL, caller, pool), 0);
    for (int i = 0; i < 3; i++)
        pthread_join(t[i], NULL);
    nnx_pool_destroy(pool);
}

/* Items are claimed in runs of 1/(2 * threads) of those left, at least one: with 4 threads,
 * 1000 items take 48 claims (1000 -> 875 -> 766 -> ...), whichever thread makes each, so
 * the items' thread indices, in item order, change at most 47 times (claimed one at a
 * time, the threads alternate: hundreds of changes). */
typedef struct runner {
    unsigned char thread[1000];
} runner;

static void note_thread(void *arg, size_t i, unsigned thread)
{
    ((runner *)arg)->thread[i] = (unsigned char)thread;
    for (volatile int spin = 0; spin < 2000; spin++) /* long enough that the workers join in */
        ;
}

static void test_claims_in_runs(void **state)
{
    (void)state;
    nnx_alloc a;
    nnx_pool *pool = pool_of(&a, 3);
    assert_int_equal(nnx_pool_threads(pool), 4);
    runner *r = calloc(1, sizeof *r);
    assert_non_null(r);
    for (int rep = 0; rep < 20; rep++) {
        nnx_pool_for_thread(pool, 1000, note_thread, r);
        int changes = 0;
        for (size_t i = 1; i < 1000; i++)
            changes += r->thread[i] != r->thread[i - 1];
        assert_true(changes <= 47);
    }
    free(r);
    nnx_pool_destroy(pool);
}

/* nnx_pool_for_thread: each item once, on a thread index below nnx_pool_threads that no
 * other item of the call holds at the same time (each index's busy flag is taken on entry
 * and must have been free), from several callers at once. */
typedef struct owned {
    unsigned threads;
    atomic_int *hits, busy[8], bad;
} owned;

static void take(void *arg, size_t i, unsigned thread)
{
    owned *o = arg;
    if (thread >= o->threads || atomic_exchange(&o->busy[thread], 1) != 0)
        atomic_fetch_add(&o->bad, 1);
    atomic_fetch_add(&o->hits[i], 1);
    for (volatile int spin = 0; spin < 20000; spin++) /* long enough to overlap the others */
        ;
    if (thread < o->threads)
        atomic_store(&o->busy[thread], 0);
}

/* Whether every item ran once on an index of its own (no cmocka assertion here: callers run
 * it on their own threads). */
static bool run_owned(nnx_pool *pool, size_t n)
{
    owned o = {nnx_pool_threads(pool), calloc(n + 1, sizeof(atomic_int)), {0}, 0};
    if (!o.hits)
        return false;
    nnx_pool_for_thread(pool, n, take, &o);
    bool ok = atomic_load(&o.bad) == 0;
    for (size_t i = 0; i < n; i++)
        ok = ok && atomic_load(&o.hits[i]) == 1;
    free(o.hits);
    return ok;
}

static void *owned_caller(void *arg)
{
    intptr_t failures = 0;
    for (int r = 0; r < 50; r++)
        failures += !run_owned(arg, 37);
    return (void *)failures;
}

static void test_thread_indices(void **state)
{
    (void)state;
    nnx_alloc a;
    nnx_pool *pool = pool_of(&a, 3);
    static const size_t ns[] = {0, 1, 2, 5, 100};
    for (size_t k = 0; k < sizeof ns / sizeof *ns; k++) {
        assert_true(run_owned(pool, ns[k]));
        assert_true(run_owned(NULL, ns[k]));
    }
    pthread_t t[3];
    for (int i = 0; i < 3; i++)
        assert_int_equal(pthread_create(&t[i], NULL, owned_caller, pool), 0);
    for (int i = 0; i < 3; i++) {
        void *failures;
        pthread_join(t[i], &failures);
        assert_int_equal((intptr_t)failures, 0);
    }
    nnx_pool_destroy(pool);
}

static void test_caller_share(void **state)
{
    (void)state;
    assert_true(nnx_pool_caller_share(NULL) == 1.0);
    nnx_alloc a;
    nnx_pool *pool = pool_of(&a, 1);
    assert_float_equal(nnx_pool_caller_share(pool), 0.5, 1e-4);
    nnx_pool_report(pool, 3.0, 1.0); /* even: 3 / (3 + 1); a quarter of the way from 0.5 */
    assert_float_equal(nnx_pool_caller_share(pool), 0.5 + 0.25 * 0.25, 1e-4);
    for (int i = 0; i < 60; i++)
        nnx_pool_report(pool, 100.0, 1.0); /* clamped to 3 / (2 threads) */
    assert_float_equal(nnx_pool_caller_share(pool), 0.75, 1e-3);
    for (int i = 0; i < 60; i++)
        nnx_pool_report(pool, 1.0, 100.0);
    assert_float_equal(nnx_pool_caller_share(pool), 0.25, 1e-3);
    nnx_pool_report(pool, 0.0, 1.0); /* not a speed: ignored */
    nnx_pool_report(pool, 1.0, -1.0);
    assert_float_equal(nnx_pool_caller_share(pool), 0.25, 1e-3);
    nnx_pool_destroy(pool);
    pool = pool_of(&a, 3);
    assert_float_equal(nnx_pool_caller_share(pool), 0.25, 1e-4);
    for (int i = 0; i < 60; i++)
        nnx_pool_report(pool, 1.0, 1.0); /* equal speeds: even */
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
    nnx_pool *pool = pool_of(&a, 1);
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
    nnx_pool *pool = pool_of(&a, 1);
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

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_each_item_once), cmocka_unit_test(test_concurrent_callers),
                                       cmocka_unit_test(test_thread_indices), cmocka_unit_test(test_caller_share),
                                       cmocka_unit_test(test_parts_report_speeds), cmocka_unit_test(test_stalls),
                                       cmocka_unit_test(test_claims_in_runs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
