/* pool.h — one pool of worker threads per context, for work split inside an operator:
 * nnx_pool_for runs fn(arg, i) for every i < n, on the workers and the calling thread, and
 * returns when all are done (a caller runs only its own call's items). Several threads may
 * call nnx_pool_for on one pool at once (one graph dispatched concurrently). A NULL pool
 * runs everything on the caller: `--threads 1` creates no thread. The pool is a mechanism:
 * when its jobs run on their callers alone, and the caller's share of split jobs, are set by
 * the policy its owner installs (runtime/thread_policy.h), from timings the pool reports. */
#ifndef NNX_BASE_POOL_H
#define NNX_BASE_POOL_H

#include "base/alloc.h"

#include <stdbool.h>

typedef struct nnx_pool nnx_pool;

/* A pool of `workers` threads (>= 1); NULL on failure (the caller then runs serially). */
nnx_pool *nnx_pool_create(const nnx_alloc *alloc, unsigned workers);
void nnx_pool_destroy(nnx_pool *pool);

/* Threads that run a nnx_pool_for: the workers plus the caller (1 for NULL). */
unsigned nnx_pool_threads(const nnx_pool *pool);

/* fn(arg, i) for i in [0, n), in any order and on any of the pool's threads. */
void nnx_pool_for(nnx_pool *pool, size_t n, void (*fn)(void *arg, size_t i), void *arg);

/* nnx_pool_for telling fn which thread runs item i: `thread` < nnx_pool_threads(pool), and
 * no two threads running items of one call at the same time have the same one (the caller
 * is 0, worker w is w + 1), so per-thread scratch can be indexed by it while the items are
 * more than the threads: a thread the system holds up (a busy machine) then delays one
 * item, while the others take the rest. */
void nnx_pool_for_thread(nnx_pool *pool, size_t n, void (*fn)(void *arg, size_t i, unsigned thread), void *arg);

/* Task t's contiguous share [*lo, *hi) of n items split over tasks (the first n % tasks
 * get one more), so that each item has one owner whatever the split. */
static inline void nnx_pool_share(size_t n, size_t tasks, size_t t, size_t *lo, size_t *hi)
{
    size_t per = n / tasks, extra = n % tasks;
    *lo = t * per + (t < extra ? t : extra);
    *hi = *lo + per + (t < extra);
}

/* The share of a split job's work that part 0, which the calling thread runs (it claims
 * part 0 first), should take: 1/threads until nnx_pool_set_caller_share sets it (a hint,
 * kept to 2^-16). 1 for a NULL pool. */
double nnx_pool_caller_share(const nnx_pool *pool);
void nnx_pool_set_caller_share(nnx_pool *pool, double share);

/* What nnx_pool_for_parts measured of one split job: when it was posted (nnx_pool_clock),
 * and the work units and seconds of the parts the caller ran and of those the workers ran
 * (summed over the workers). */
typedef struct nnx_pool_timing {
    double start;
    double caller_units, caller_s;
    double worker_units, worker_s;
} nnx_pool_timing;

/* The decisions a pool leaves to its owner. serial: whether jobs run on their callers alone
 * now, asked by every nnx_pool_for* call of more than one item, from any calling thread.
 * timed: one timed split job's measurements, on its calling thread once all its parts are
 * done. release: frees state when the pool is destroyed. Any may be NULL. */
typedef struct nnx_pool_policy {
    bool (*serial)(void *state);
    void (*timed)(void *state, nnx_pool *pool, const nnx_pool_timing *timing);
    void (*release)(void *state);
    void *state;
} nnx_pool_policy;

/* Installs policy (copied; the previous one released) before the pool runs a job. Without
 * one, jobs always use the workers and timings are dropped. */
void nnx_pool_set_policy(nnx_pool *pool, const nnx_pool_policy *policy);

/* Seconds on a monotonic clock, as nnx_pool_timing's. */
double nnx_pool_clock(void);

/* Parts up to which nnx_pool_for_parts times a job (more run untimed). */
#define NNX_POOL_PARTS_MAX 16

/* nnx_pool_for_thread over n parts of one job, part i being units[i] of work; with a pool
 * and 2 <= n <= NNX_POOL_PARTS_MAX each part is timed and the job's nnx_pool_timing goes to
 * the policy's timed hook. For work split by nnx_pool_caller_share. */
void nnx_pool_for_parts(nnx_pool *pool, size_t n, const double *units, void (*fn)(void *arg, size_t i, unsigned thread),
                        void *arg);

/* Worker threads for a context option: threads, or one per online core when 0. */
unsigned nnx_pool_resolve_threads(unsigned threads);

#endif
