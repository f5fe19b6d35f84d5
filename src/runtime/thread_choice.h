/* thread_choice.h — whether a graph's dispatch runs its fast kernels on the context's pool or
 * on the calling thread alone. A dispatch gives the same bytes either way; the choice is
 * only about time. The pool is the rule. When parallel dispatches have become much slower
 * than the fastest one seen (a host that slows both threads down: SqueezeNet with two
 * threads at 7.5 ms in such spells, against 6.3 ms with one), a dispatch now and then runs
 * serially, and whichever mode proves faster is kept, the other probed at a backing-off
 * interval. All fields are hints updated with relaxed atomics (dispatches of one graph may
 * run concurrently). */
#ifndef NNX_RUNTIME_THREAD_CHOICE_H
#define NNX_RUNTIME_THREAD_CHOICE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

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
