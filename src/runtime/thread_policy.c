/* thread_policy.c — the runtime's thread decisions (runtime/thread_policy.h): the pool's
 * stall and caller-share policy, installed as its nnx_pool_policy, and each graph's
 * per-dispatch choice between the pool and the caller alone. */
#include "runtime/thread_policy.h"

#include "base/alloc.h"

/* ---- stalls and the caller share, per pool ---- */

/* A split job whose workers took more than STALL_MIN seconds for their parts, at less than
 * 1 / STALL_RATIO of the caller's speed, saw a stall: a worker taken off its CPU in the
 * middle of an item holds up the caller for the rest of the system's time slice (a merely
 * slower vCPU is the caller share's to even out). A stall in a job begun within RECUR
 * seconds of parallel running since the last one (another program wants the workers' CPUs)
 * makes the pool's jobs run on their callers alone for SERIAL_FIRST seconds, or twice as
 * long as last time (up to SERIAL_MAX) when the previous serial stretch ended less than
 * twice its length before. A lone stall costs less than a serial stretch would, and so
 * does a glimpse of threads taking turns on one CPU (the pool's pollers yield). */
#define STALL_MIN 1e-3
#define STALL_RATIO 4
#define RECUR 50e-3
#define SERIAL_FIRST 20e-3
#define SERIAL_MAX 640e-3
#define TIMED_MIN 20e-6 /* seconds of parts below which a speed is mostly noise */

typedef struct stall_state {
    const nnx_alloc *alloc;
    _Atomic double serial_until, serial_for; /* seconds: jobs run on their callers alone until
                                                * then; the length of that stretch (hints) */
    _Atomic double last_stall;               /* when the last stall was seen */
} stall_state;

static bool serial_now(void *state)
{
    stall_state *s = state;
    return atomic_load_explicit(&s->serial_until, memory_order_relaxed) > nnx_pool_clock();
}

/* A stall seen in a job from `start` to `end`: the serial stretch, if it recurs (the job
 * began within RECUR of the last stall's end, or of the last stretch's). */
static void stalled(stall_state *s, double start, double end)
{
    double until = atomic_load_explicit(&s->serial_until, memory_order_relaxed);
    double last = atomic_load_explicit(&s->serial_for, memory_order_relaxed);
    double previous = atomic_exchange_explicit(&s->last_stall, end, memory_order_relaxed);
    if (start - (previous > until ? previous : until) >= RECUR)
        return;
    double length = last > 0 && end - until < 2 * last ? 2 * last : SERIAL_FIRST;
    length = length < SERIAL_MAX ? length : SERIAL_MAX;
    atomic_store_explicit(&s->serial_for, length, memory_order_relaxed);
    atomic_store_explicit(&s->serial_until, end + length, memory_order_relaxed);
}

static void timed(void *state, nnx_pool *pool, const nnx_pool_timing *t)
{
    if (t->worker_s > STALL_MIN && t->worker_s * t->caller_units > STALL_RATIO * t->caller_s * t->worker_units)
        stalled(state, t->start, nnx_pool_clock());
    else if (t->caller_s >= TIMED_MIN && t->worker_s >= TIMED_MIN)
        nnx_thread_policy_report(pool, t->caller_units / t->caller_s, t->worker_units / t->worker_s);
}

static void release(void *state)
{
    stall_state *s = state;
    nnx_mem_free(s->alloc, s);
}

bool nnx_thread_policy_install(nnx_pool *pool, const nnx_alloc *alloc)
{
    stall_state *s = nnx_mem_calloc(alloc, 1, sizeof *s);
    if (!s)
        return false;
    s->alloc = alloc;
    atomic_init(&s->serial_until, 0.0);
    atomic_init(&s->serial_for, 0.0);
    atomic_init(&s->last_stall, -1.0);
    nnx_pool_set_policy(pool, &(nnx_pool_policy){serial_now, timed, release, s});
    return true;
}

void nnx_thread_policy_report(nnx_pool *pool, double caller_rate, double worker_rate)
{
    if (!pool || !(caller_rate > 0) || !(worker_rate > 0))
        return;
    double threads = nnx_pool_threads(pool), even = caller_rate / (caller_rate + (threads - 1) * worker_rate);
    double lo = 0.5 / threads, hi = 1.5 / threads, now = nnx_pool_caller_share(pool);
    even = even < lo ? lo : even > hi ? hi : even;
    nnx_pool_set_caller_share(pool, 0.75 * now + 0.25 * even);
}

/* ---- the pool-or-caller choice, per graph ----
 * A probe is one dispatch in the mode not in use; it wins when it is 10% faster than that
 * mode's running mean, and the modes then swap; a losing probe doubles the interval to the
 * next one, so that a mode that keeps losing costs ever less. In parallel mode, serial
 * probes are only made while the parallel mean is over 5/4 of the fastest parallel
 * dispatch: on a host that runs the threads at full speed, no dispatch is ever serial. */
#define PROBE_FIRST 8  /* dispatches before the first probe, and after a swap */
#define PROBE_LAST 128 /* the longest interval between probes */
#define SLOW_NUM 5     /* parallel dispatches slower than SLOW_NUM / SLOW_DEN of the */
#define SLOW_DEN 4     /* fastest one make serial probes worth their cost */

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
