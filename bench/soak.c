/* soak.c — one graph (examples/digits/model) dispatched N times from T threads with their own
 * tensors (issue 27 §7); RSS sampled after 1,000 dispatches, every 10,000 and at the end.
 * Exits 1 on a failed or differing dispatch, or RSS growth past the 10,000 sample beyond
 * max(1 MiB, 1 %) or the tolerance given (not asserted under 20,000 dispatches or a sanitizer).
 * Usage: bench-soak [dispatches (100000)] [threads (4)] [model folder] [tolerance MiB] */
#define _POSIX_C_SOURCE 200809L
#include "nnx.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define SOAK_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define SOAK_SANITIZED 1
#endif
#endif
#ifndef SOAK_SANITIZED
#define SOAK_SANITIZED 0
#endif

#define MAX_THREADS 64
#define BASELINE 1000        /* dispatches before the reference sample */
#define EVERY 10000          /* dispatches between samples */
#define MAX_SAMPLES 1024     /* samples kept (the rest are only counted) */
#define MAX_OUT_FLOATS 65536 /* the output a thread compares (the digits CNN has 10) */

typedef struct soak {
    nnx_context *ctx;
    nnx_graph *graph;
    const char *in_name, *out_name;
    nnx_operand_desc in_desc, out_desc;
    size_t in_floats, out_floats;
    long per_thread, warm;              /* warm: each thread's share of the first BASELINE */
    pthread_barrier_t warmed;           /* every thread past its share: the reference sample */
    atomic_long done;                   /* dispatches finished, all threads */
    atomic_long rss_pages[MAX_SAMPLES]; /* [0]: after BASELINE; [k]: after k * EVERY */
} soak;

typedef struct worker {
    soak *s;
    int index;
    long failures;
    char message[256];
} worker;

static long rss_pages(void)
{
    long size = 0, resident = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    if (!f)
        return 0;
    if (fscanf(f, "%ld %ld", &size, &resident) != 2)
        resident = 0;
    fclose(f);
    return resident;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Waits until every thread has made its share of the first BASELINE dispatches (or failed),
 * so that the reference sample includes every thread's own memory (its tensors, its malloc
 * arena, the workers' scratch); one thread takes it. */
static void warmed(soak *s)
{
    if (pthread_barrier_wait(&s->warmed) == PTHREAD_BARRIER_SERIAL_THREAD)
        atomic_store(&s->rss_pages[0], rss_pages());
}

static void *work(void *arg)
{
    worker *w = arg;
    soak *s = w->s;
    nnx_tensor *in = NULL, *out = NULL;
    float *px = calloc(s->in_floats ? s->in_floats : 1, sizeof *px);
    float *first = calloc(s->out_floats, sizeof *first), *got = calloc(s->out_floats, sizeof *got);
    if (!px || !first || !got ||
        nnx_tensor_create(s->ctx, &(nnx_tensor_desc){.desc = s->in_desc, .writable = true}, &in) != NNX_OK ||
        nnx_tensor_create(s->ctx, &(nnx_tensor_desc){.desc = s->out_desc, .readable = true}, &out) != NNX_OK) {
        snprintf(w->message, sizeof w->message, "thread %d: tensors: %s", w->index, nnx_context_error(s->ctx));
        w->failures++;
        warmed(s);
        goto done;
    }
    for (size_t i = 0; i < s->in_floats; i++) /* each thread its own image */
        px[i] = (float)((i * 7 + (size_t)w->index * 13) % 17) / 16.0f;
    bool waited = false;
    for (long r = 0; r < s->per_thread; r++) {
        if (r == s->warm) {
            warmed(s);
            waited = true;
        }
        nnx_named_tensor ni = {s->in_name, in}, no = {s->out_name, out};
        if (nnx_tensor_write(in, px, s->in_floats * sizeof *px) != NNX_OK ||
            nnx_context_dispatch(s->ctx, s->graph, &ni, 1, &no, 1) != NNX_OK ||
            nnx_tensor_read(out, r ? got : first, s->out_floats * sizeof *got) != NNX_OK) {
            snprintf(w->message, sizeof w->message, "thread %d dispatch %ld: %s", w->index, r,
                     nnx_context_error(s->ctx));
            w->failures++;
            break;
        }
        if (r && memcmp(got, first, s->out_floats * sizeof *got) != 0) {
            snprintf(w->message, sizeof w->message, "thread %d dispatch %ld: output differs from its first", w->index,
                     r);
            w->failures++;
        }
        long n = atomic_fetch_add(&s->done, 1) + 1;
        if (n % EVERY == 0 && n / EVERY < MAX_SAMPLES)
            atomic_store(&s->rss_pages[n / EVERY], rss_pages());
    }
    if (!waited) /* stopped (a failure) before its share: the others must not wait */
        warmed(s);
done:
    nnx_tensor_destroy(in);
    nnx_tensor_destroy(out);
    free(px);
    free(first);
    free(got);
    return NULL;
}

static size_t floats(const nnx_operand_desc *d)
{
    size_t n = 1;
    for (uint32_t i = 0; i < d->rank; i++)
        n *= d->shape[i];
    return n;
}

int main(int argc, char **argv)
{
    long total = argc > 1 ? atol(argv[1]) : 100000;
    int threads = argc > 2 ? atoi(argv[2]) : 4;
    const char *path = argc > 3 ? argv[3] : NNX_SOAK_MODEL;
    double given_tolerance = argc > 4 ? atof(argv[4]) : 0; /* MiB; 0: max(1 MiB, 1 %) */
    if (total < 2 * BASELINE || threads < 1 || threads > MAX_THREADS || total % threads) {
        fprintf(stderr, "usage: bench-soak [dispatches >= %d, a multiple of threads] [threads 1..%d] [model]\n",
                2 * BASELINE, MAX_THREADS);
        return 2;
    }
    static soak s; /* large: not on the stack */
    s.per_thread = total / threads;
    s.warm = BASELINE / threads;
    pthread_barrier_init(&s.warmed, NULL, (unsigned)threads);
    nnx_model *m = NULL;
    if (nnx_context_create(NULL, &s.ctx) != NNX_OK || nnx_model_load(s.ctx, path, NULL, &m) != NNX_OK ||
        nnx_model_build(m, &s.graph) != NNX_OK) {
        fprintf(stderr, "bench-soak: %s: %s\n", path, s.ctx ? nnx_context_error(s.ctx) : "no context");
        return 1;
    }
    nnx_model_destroy(m);
    s.in_name = nnx_graph_input_name(s.graph, 0);
    s.out_name = nnx_graph_output_name(s.graph, 0);
    nnx_graph_input_desc(s.graph, 0, &s.in_desc);
    nnx_graph_output_desc(s.graph, 0, &s.out_desc);
    s.in_floats = floats(&s.in_desc);
    s.out_floats = floats(&s.out_desc);
    if (s.in_desc.dtype != NNX_FLOAT32 || s.out_desc.dtype != NNX_FLOAT32 || s.out_floats > MAX_OUT_FLOATS) {
        fprintf(stderr, "bench-soak: %s: wants one float32 input and a float32 output of at most %d elements\n", path,
                MAX_OUT_FLOATS);
        return 1;
    }
    long page = sysconf(_SC_PAGESIZE);
    long start_pages = rss_pages();
    worker w[MAX_THREADS];
    pthread_t tid[MAX_THREADS];
    double t0 = now();
    for (int t = 0; t < threads; t++) {
        w[t] = (worker){.s = &s, .index = t};
        if (pthread_create(&tid[t], NULL, work, &w[t]) != 0) {
            fprintf(stderr, "bench-soak: cannot start thread %d\n", t);
            return 1;
        }
    }
    for (int t = 0; t < threads; t++)
        pthread_join(tid[t], NULL);
    double secs = now() - t0;
    long end_pages = rss_pages();
    long failures = 0;
    for (int t = 0; t < threads; t++) {
        failures += w[t].failures;
        if (w[t].failures)
            fprintf(stderr, "bench-soak: %s (%ld failures)\n", w[t].message, w[t].failures);
    }
    double mib = (double)page / (1 << 20);
    long base = atomic_load(&s.rss_pages[0]);
    printf("bench-soak: %s, %ld dispatches from %d threads (%ld each, own tensors) in %.2f s (%.0f per second)\n", path,
           total, threads, s.per_thread, secs, (double)total / secs);
    printf("rss: %.2f MiB before the threads, %.2f MiB after %d dispatches\n", start_pages * mib, base * mib, BASELINE);
    for (long k = 1; k < MAX_SAMPLES && k * EVERY <= total; k++)
        printf("rss after %7ld: %.2f MiB (%+.2f)\n", k * EVERY, atomic_load(&s.rss_pages[k]) * mib,
               (atomic_load(&s.rss_pages[k]) - base) * mib);
    /* The asserted reference is the sample after EVERY dispatches when there are two: by then
     * the context's thread policy has tried its parallel mode (runtime/thread_policy.c), whose
     * workers' first use costs a one-time step of a few MiB at some point after BASELINE. */
    long ref_at = total >= 2 * EVERY ? EVERY : BASELINE, ref = atomic_load(&s.rss_pages[ref_at == EVERY]);
    bool asserted = !SOAK_SANITIZED && ref_at == EVERY;
    double growth = (end_pages - ref) * mib, tolerance = ref * mib / 100 > 1.0 ? ref * mib / 100 : 1.0;
    if (given_tolerance > 0)
        tolerance = given_tolerance;
    printf("rss at the end: %.2f MiB: grew %+.2f MiB since dispatch %d, %+.2f MiB since dispatch %ld (tolerance %.2f "
           "MiB)%s\n",
           end_pages * mib, (end_pages - base) * mib, BASELINE, growth, ref_at, tolerance,
           SOAK_SANITIZED  ? "; not asserted under a sanitizer"
               : !asserted ? "; not asserted in a run shorter than 20000 dispatches"
                           : "");
    nnx_graph_destroy(s.graph);
    nnx_context_destroy(s.ctx);
    if (failures)
        return 1;
    if (asserted && growth > tolerance) {
        fprintf(stderr, "bench-soak: resident memory grew by %.2f MiB after the first %ld dispatches\n", growth,
                ref_at);
        return 1;
    }
    return 0;
}
