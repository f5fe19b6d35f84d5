/* thread_choice.c — the pool-or-caller choice of runtime/thread_choice.h. A probe is one
 * dispatch in the mode not in use; it wins when it is 10% faster than that mode's running
 * mean, and the modes then swap; a losing probe doubles the interval to the next one, so
 * that a mode that keeps losing costs ever less. In parallel mode, serial probes are only
 * made while the parallel mean is over 5/4 of the fastest parallel dispatch: on a host
 * that runs two threads at full speed, no dispatch is ever made serial. */
#include "runtime/thread_choice.h"

#define PROBE_FIRST 8    /* dispatches before the first probe, and after a swap */
#define PROBE_LAST 128   /* the longest interval between probes */
#define SLOW_NUM 5       /* parallel dispatches slower than SLOW_NUM / SLOW_DEN of the */
#define SLOW_DEN 4       /* fastest one make serial probes worth their cost */

#define LOAD(x) atomic_load_explicit(&(x), memory_order_relaxed)
#define STORE(x, v) atomic_store_explicit(&(x), (v), memory_order_relaxed)

static uint32_t interval(const nnx_thread_choice *c)
{
    uint32_t n = LOAD(c->interval);
    return n ? n : PROBE_FIRST;
}

bool nnx_thread_choice_parallel(nnx_thread_choice *c)
{
    bool serial = LOAD(c->serial);
    uint32_t since = atomic_fetch_add_explicit(&c->since, 1, memory_order_relaxed) + 1;
    if (since < interval(c))
        return !serial;
    if (!serial) {
        uint64_t best = LOAD(c->best), mean = LOAD(c->mean[0]);
        if (!best || mean * SLOW_DEN <= best * SLOW_NUM)
            return true; /* as fast as ever: no probe */
    }
    STORE(c->since, 0);
    return serial; /* the probe: the other mode */
}

void nnx_thread_choice_report(nnx_thread_choice *c, bool parallel, uint64_t ns)
{
    bool serial = LOAD(c->serial), probe = parallel == serial;
    uint64_t mean = LOAD(c->mean[!parallel]);
    STORE(c->mean[!parallel], mean ? (mean + ns) / 2 : ns); /* a slowdown shows within two */
    uint64_t best = LOAD(c->best);
    if (parallel && (!best || ns < best))
        STORE(c->best, ns);
    if (!probe)
        return;
    uint64_t now = LOAD(c->mean[serial]); /* the mode in use */
    if (now && ns * 10 < now * 9) {
        STORE(c->serial, !serial);
        STORE(c->interval, 0);
    } else {
        uint32_t n = interval(c) * 2;
        STORE(c->interval, n < PROBE_LAST ? n : PROBE_LAST);
    }
}
