/* thread_policy.h — when the fast kernels use the context's pool, and how split work is
 * shared: the runtime's decisions, the pool (base/pool.h) being the mechanism. Per pool:
 * after recurring worker stalls, its jobs run on their callers alone for a while, and the
 * caller's share of split GEMM blocks follows the threads' measured speeds. Per graph:
 * each dispatch runs on the pool or on its caller alone (the same bytes either way). */
#ifndef NNX_RUNTIME_THREAD_POLICY_H
#define NNX_RUNTIME_THREAD_POLICY_H

#include "base/pool.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

/* Installs the stall and caller-share policy on pool; false when out of memory (the pool
 * then never goes serial and keeps the even share). */
bool nnx_thread_policy_install(nnx_pool *pool, const nnx_alloc *alloc);

/* One split job's speeds, in work units per second: the caller's, and the mean of the
 * workers'. The caller share moves a quarter of the way to what evens them, kept within
 * [1/(2 threads), 3/(2 threads)]; rates that are not positive are ignored. */
void nnx_thread_policy_report(nnx_pool *pool, double caller_rate, double worker_rate);

/* A graph's pool-or-caller choice. Parallel is the rule. When parallel dispatches have
 * become much slower than the fastest one seen (a host that slows both threads down), a
 * dispatch now and then runs serially, and whichever mode proves faster is kept, the other
 * probed at a backing-off interval. All fields are hints updated with relaxed atomics
 * (dispatches of one graph may run concurrently). */
typedef struct nnx_thread_choice {
    _Atomic uint64_t best;     /* ns of the fastest parallel dispatch seen (0: none yet) */
    _Atomic uint64_t mean[2];  /* running means, ns, of parallel [0] and serial [1] dispatches */
    _Atomic uint32_t serial;   /* the mode now: 1 serial, 0 parallel */
    _Atomic uint32_t since;    /* dispatches since the last probe */
    _Atomic uint32_t interval; /* dispatches between probes (0: the shortest) */
} nnx_thread_choice;

/* Whether the next dispatch runs on the pool (true) or on its caller. */
bool nnx_thread_choice_parallel(nnx_thread_choice *c);

/* A dispatch run on the pool (parallel) or not took ns nanoseconds. */
void nnx_thread_choice_report(nnx_thread_choice *c, bool parallel, uint64_t ns);

#endif
