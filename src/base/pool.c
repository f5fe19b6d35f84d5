/* pool.c — the worker pool of base/pool.h. Jobs live on their callers' stacks and are linked
 * into the pool's list while they have unclaimed items; items are claimed in runs and
 * completed under the pool's mutex, so a job changes only under the lock and leaves the list
 * before its caller returns. Idle workers and waiting callers poll briefly before sleeping
 * on the condition variables. When to run serially, and the caller's share of split jobs,
 * are the installed policy's to decide (nnx_pool_set_policy); the pool only measures. */
#include "base/pool.h"

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <time.h>
#include <unistd.h>

/* Polls before sleeping (some tens of microseconds): back-to-back operators find their
 * threads awake, as waking a sleeping thread costs more than most operators' share of work;
 * no longer, since a spinning thread competes with other programs for its CPU and a sleeping
 * one is woken ahead of them. */
#define SPIN 1000

/* Poll i's pause; past the first few microseconds, every 16th poll gives the CPU to a thread
 * waiting for it (the one being waited for, when the system has put both on one CPU). */
static inline void relax(int i)
{
    if (i >= 256 && i % 16 == 15) {
        sched_yield();
        return;
    }
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

typedef struct job {
    void (*fn)(void *, size_t); /* one of these two */
    void (*fn_thread)(void *, size_t, unsigned);
    void *arg;
    size_t n, next;
    atomic_size_t done; /* changed under the lock; polled without it by the waiting caller */
    struct job *link;
} job;

struct nnx_pool {
    const nnx_alloc *alloc;
    pthread_mutex_t lock;
    pthread_cond_t work, finished;
    job *jobs;
    atomic_uint posted;     /* bumped under the lock with every job pushed; polled by idle workers */
    atomic_uint share;      /* nnx_pool_caller_share in units of 2^-16 (racy updates are fine: a hint) */
    nnx_pool_policy policy; /* set before the first job; read-only after */
    bool stop;
    unsigned n_workers, started;
    pthread_t *workers;
    struct worker_arg {
        nnx_pool *pool;
        unsigned thread; /* 1 + the worker's index: the caller is thread 0 */
    } * args;
};

/* Claims the next items of the first job with one left — of `only` if not NULL — (lock held):
 * a run of 1/(2 * threads) of its unclaimed items, at least one, so that a job of n items
 * takes O(threads * log n) claims, not n (each claim moves the lock's cache line between
 * the threads), while the last claims are single items that even out the threads' ends.
 * False if none. */
static bool claim(nnx_pool *p, const job *only, job **out, size_t *first, size_t *count)
{
    job **link = &p->jobs;
    while (*link && ((*link)->next >= (*link)->n || (only && *link != only)))
        link = &(*link)->link;
    job *j = *link;
    if (!j)
        return false;
    size_t run = (j->n - j->next) / (2 * ((size_t)p->started + 1));
    *first = j->next;
    *count = run ? run : 1;
    j->next += *count;
    if (j->next == j->n)
        *link = j->link; /* nothing left to claim: unlink it */
    *out = j;
    return true;
}

/* Runs claimed items [first, first + count) on `thread` with the lock released; the lock is
 * held again on return. */
static void run_items(nnx_pool *p, job *j, size_t first, size_t count, unsigned thread)
{
    pthread_mutex_unlock(&p->lock);
    for (size_t item = first; item < first + count; item++) {
        if (j->fn_thread)
            j->fn_thread(j->arg, item, thread);
        else
            j->fn(j->arg, item);
    }
    pthread_mutex_lock(&p->lock);
    if (atomic_fetch_add(&j->done, count) + count == j->n)
        pthread_cond_broadcast(&p->finished);
}

static void *worker(void *arg)
{
    const struct worker_arg *w = arg;
    nnx_pool *p = w->pool;
    pthread_mutex_lock(&p->lock);
    while (!p->stop) {
        job *j;
        size_t first, count;
        if (claim(p, NULL, &j, &first, &count)) {
            run_items(p, j, first, count, w->thread);
            continue;
        }
        unsigned seen = atomic_load(&p->posted);
        pthread_mutex_unlock(&p->lock);
        for (int i = 0; i < SPIN && atomic_load(&p->posted) == seen; i++)
            relax(i);
        pthread_mutex_lock(&p->lock);
        if (atomic_load(&p->posted) == seen && !p->stop)
            pthread_cond_wait(&p->work, &p->lock);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

nnx_pool *nnx_pool_create(const nnx_alloc *alloc, unsigned workers)
{
    nnx_pool *p = nnx_mem_calloc(alloc, 1, sizeof *p);
    if (!p)
        return NULL;
    p->alloc = alloc;
    p->workers = nnx_mem_calloc(alloc, workers ? workers : 1, sizeof *p->workers);
    p->args = nnx_mem_calloc(alloc, workers ? workers : 1, sizeof *p->args);
    if (!p->workers || !p->args || pthread_mutex_init(&p->lock, NULL) != 0) {
        nnx_mem_free(alloc, p->workers);
        nnx_mem_free(alloc, p->args);
        nnx_mem_free(alloc, p);
        return NULL;
    }
    pthread_cond_init(&p->work, NULL);
    pthread_cond_init(&p->finished, NULL);
    p->n_workers = workers;
    for (; p->started < workers; p->started++) {
        p->args[p->started] = (struct worker_arg){p, p->started + 1};
        if (pthread_create(&p->workers[p->started], NULL, worker, &p->args[p->started]) != 0)
            break;
    }
    if (p->started == 0) {
        nnx_pool_destroy(p);
        return NULL;
    }
    atomic_init(&p->share, (unsigned)(65536.0 / (p->started + 1)));
    return p;
}

void nnx_pool_destroy(nnx_pool *p)
{
    if (!p)
        return;
    pthread_mutex_lock(&p->lock);
    p->stop = true;
    pthread_cond_broadcast(&p->work);
    pthread_mutex_unlock(&p->lock);
    for (unsigned i = 0; i < p->started; i++)
        pthread_join(p->workers[i], NULL);
    pthread_cond_destroy(&p->work);
    pthread_cond_destroy(&p->finished);
    pthread_mutex_destroy(&p->lock);
    if (p->policy.release)
        p->policy.release(p->policy.state);
    nnx_mem_free(p->alloc, p->workers);
    nnx_mem_free(p->alloc, p->args);
    nnx_mem_free(p->alloc, p);
}

void nnx_pool_set_policy(nnx_pool *p, const nnx_pool_policy *policy)
{
    if (p->policy.release)
        p->policy.release(p->policy.state);
    p->policy = *policy;
}

unsigned nnx_pool_threads(const nnx_pool *p) { return p ? p->started + 1 : 1; }

double nnx_pool_clock(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Whether jobs now run on their callers alone, as the policy says. */
static bool serial_now(const nnx_pool *p) { return p->policy.serial && p->policy.serial(p->policy.state); }

/* Runs job j (more than one item, on the caller's stack) on the pool and the caller;
 * returns when all its items are done. */
static void run_job(nnx_pool *p, job *j)
{
    pthread_mutex_lock(&p->lock);
    j->link = p->jobs;
    p->jobs = j;
    atomic_fetch_add(&p->posted, 1);
    pthread_cond_broadcast(&p->work);
    job *mine;
    size_t first, count;
    /* only our own items: the caller is thread 0 of its call, and another call's caller
     * may be running items of that call as its thread 0 */
    while (j->next < j->n && claim(p, j, &mine, &first, &count))
        run_items(p, mine, first, count, 0);
    if (atomic_load(&j->done) < j->n) {
        pthread_mutex_unlock(&p->lock);
        for (int i = 0; i < SPIN && atomic_load(&j->done) < j->n; i++)
            relax(i);
        pthread_mutex_lock(&p->lock);
    }
    while (atomic_load(&j->done) < j->n)
        pthread_cond_wait(&p->finished, &p->lock);
    pthread_mutex_unlock(&p->lock);
}

void nnx_pool_for(nnx_pool *p, size_t n, void (*fn)(void *arg, size_t i), void *arg)
{
    if (!p || n <= 1 || serial_now(p)) {
        for (size_t i = 0; i < n; i++)
            fn(arg, i);
        return;
    }
    job j = {fn, NULL, arg, n, 0, 0, NULL};
    run_job(p, &j);
}

void nnx_pool_for_thread(nnx_pool *p, size_t n, void (*fn)(void *arg, size_t i, unsigned thread), void *arg)
{
    if (!p || n <= 1 || serial_now(p)) {
        for (size_t i = 0; i < n; i++)
            fn(arg, i, 0);
        return;
    }
    job j = {NULL, fn, arg, n, 0, 0, NULL};
    run_job(p, &j);
}

double nnx_pool_caller_share(const nnx_pool *p)
{
    return p ? atomic_load_explicit(&p->share, memory_order_relaxed) / 65536.0 : 1.0;
}

void nnx_pool_set_caller_share(nnx_pool *p, double share)
{
    if (p)
        atomic_store_explicit(&p->share, (unsigned)(share * 65536.0), memory_order_relaxed);
}

typedef struct timed_job {
    void (*fn)(void *, size_t, unsigned);
    void *arg;
    double seconds[NNX_POOL_PARTS_MAX];
    unsigned thread[NNX_POOL_PARTS_MAX];
} timed_job;

/* Each part writes only its own slots; the caller reads them after the job is done. */
static void timed_part(void *arg, size_t i, unsigned thread)
{
    timed_job *t = arg;
    double t0 = nnx_pool_clock();
    t->fn(t->arg, i, thread);
    t->seconds[i] = nnx_pool_clock() - t0;
    t->thread[i] = thread;
}

void nnx_pool_for_parts(nnx_pool *p, size_t n, const double *units, void (*fn)(void *arg, size_t i, unsigned thread),
                        void *arg)
{
    if (!p || n <= 1 || n > NNX_POOL_PARTS_MAX) {
        nnx_pool_for_thread(p, n, fn, arg);
        return;
    }
    timed_job t = {.fn = fn, .arg = arg};
    nnx_pool_timing m = {.start = nnx_pool_clock()};
    nnx_pool_for_thread(p, n, timed_part, &t);
    for (size_t i = 0; i < n; i++) {
        if (t.thread[i] == 0) {
            m.caller_units += units[i];
            m.caller_s += t.seconds[i];
        } else {
            m.worker_units += units[i];
            m.worker_s += t.seconds[i];
        }
    }
    if (p->policy.timed)
        p->policy.timed(p->policy.state, p, &m);
}

unsigned nnx_pool_resolve_threads(unsigned threads)
{
    if (threads)
        return threads;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    return cores > 0 && cores < 1024 ? (unsigned)cores : 1;
}
