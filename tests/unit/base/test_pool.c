/* test_pool.c — the worker pool (base/pool.h): every item runs exactly once, with and without
 * workers, for item counts around the thread count; several threads may run loops on one
 * pool at once (as concurrent dispatches of one graph do); a NULL pool runs on the caller;
 * nnx_pool_for_thread's thread indices are in range and never held twice at once; items
 * are claimed in runs that shrink as the job empties; the caller's share starts even and
 * keeps what is set; the installed policy decides when jobs run on their callers alone, is
 * told each timed split job's measurements (and nothing of untimed ones), and is released
 * with the pool. The policy itself is test_thread_policy's. */
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
    nnx_pool_set_caller_share(NULL, 0.5); /* no pool: nothing to set */
    nnx_alloc a;
    nnx_pool *pool = pool_of(&a, 1);
    assert_float_equal(nnx_pool_caller_share(pool), 0.5, 1e-4);
    nnx_pool_set_caller_share(pool, 0.625);
    assert_float_equal(nnx_pool_caller_share(pool), 0.625, 1e-4);
    nnx_pool_destroy(pool);
    pool = pool_of(&a, 3);
    assert_float_equal(nnx_pool_caller_share(pool), 0.25, 1e-4);
    nnx_pool_destroy(pool);
}

/* A policy that answers `serial` and records what it is told. */
typedef struct spy {
    atomic_int serial, asked, timed, released;
    nnx_pool_timing last;
} spy;

static bool spy_serial(void *state)
{
    spy *s = state;
    atomic_fetch_add(&s->asked, 1);
    return atomic_load(&s->serial) != 0;
}

static void spy_timed(void *state, nnx_pool *pool, const nnx_pool_timing *t)
{
    (void)pool;
    spy *s = state;
    s->last = *t;
    atomic_fetch_add(&s->timed, 1);
}

static void spy_release(void *state) { atomic_fetch_add(&((spy *)state)->released, 1); }

/* Records each item's thread; takes 200 us at least, so that the workers join in. */
static void note_part(void *arg, size_t i, unsigned thread)
{
    ((atomic_uint *)arg)[i] = thread + 1;
    nanosleep(&(struct timespec){0, 200000}, NULL);
}

static void test_policy_hooks(void **state)
{
    (void)state;
    nnx_alloc a;
    nnx_pool *pool = pool_of(&a, 1);
    spy s = {0};
    nnx_pool_set_policy(pool, &(nnx_pool_policy){spy_serial, spy_timed, spy_release, &s});
    /* serial: every item on the caller, as thread 0 */
    atomic_store(&s.serial, 1);
    atomic_uint where[4] = {0};
    nnx_pool_for_thread(pool, 4, note_part, where);
    for (int i = 0; i < 4; i++)
        assert_int_equal(atomic_load(&where[i]), 1);
    assert_true(atomic_load(&s.asked) >= 1);
    /* timed parts: the measurements, once per job; the units split between caller and
     * workers as the parts ran (a worker joins within a few tries, even on a busy machine) */
    atomic_store(&s.serial, 0);
    static const double units[4] = {1.0, 2.0, 3.0, 4.0};
    bool worker_ran = false;
    for (int tries = 0; tries < 200 && !worker_ran; tries++) {
        int before = atomic_load(&s.timed);
        double t0 = nnx_pool_clock();
        nnx_pool_for_parts(pool, 4, units, note_part, where);
        assert_int_equal(atomic_load(&s.timed), before + 1);
        assert_true(s.last.start >= t0 && s.last.start <= nnx_pool_clock());
        double caller = 0, worker = 0;
        for (int i = 0; i < 4; i++)
            *(atomic_load(&where[i]) == 1 ? &caller : &worker) += units[i];
        assert_float_equal(s.last.caller_units, caller, 1e-12);
        assert_float_equal(s.last.worker_units, worker, 1e-12);
        assert_true(s.last.caller_s >= (caller > 0 ? 200e-6 : 0) && s.last.worker_s >= (worker > 0 ? 200e-6 : 0));
        worker_ran = worker > 0;
    }
    assert_true(worker_ran);
    /* one part, or no pool: untimed, nothing told */
    int before = atomic_load(&s.timed);
    nnx_pool_for_parts(pool, 1, units, note_part, where);
    nnx_pool_for_parts(NULL, 2, units, note_part, where);
    assert_int_equal(atomic_load(&s.timed), before);
    /* a new policy releases the old one; destroying the pool releases the last */
    spy s2 = {0};
    nnx_pool_set_policy(pool, &(nnx_pool_policy){spy_serial, spy_timed, spy_release, &s2});
    assert_int_equal(atomic_load(&s.released), 1);
    nnx_pool_destroy(pool);
    assert_int_equal(atomic_load(&s2.released), 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_each_item_once), cmocka_unit_test(test_concurrent_callers),
        cmocka_unit_test(test_thread_indices), cmocka_unit_test(test_caller_share),
        cmocka_unit_test(test_policy_hooks),   cmocka_unit_test(test_claims_in_runs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
