/* progress.c — what the nnx command shows while it works. On a terminal, a phase (loading,
 * compiling, running, writing) that has lasted a second gets one line on stderr with its
 * name and elapsed time, redrawn ten times a second and erased when the phase ends; with
 * -v, every phase's time is said on stderr when it ends. One phase at a time. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <pthread.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static struct {
    bool verbose, quiet;
    const char *what;
    struct timespec start;
    bool ticking, done, drawn;
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t wake;
} g = {.lock = PTHREAD_MUTEX_INITIALIZER, .wake = PTHREAD_COND_INITIALIZER};

void cli_progress_verbose(bool on) { g.verbose = on; }
void cli_progress_quiet(bool on) { g.quiet = on; }
bool cli_progress_is_verbose(void) { return g.verbose; }

static double seconds_since(const struct timespec *t)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - t->tv_sec) + (double)(now.tv_nsec - t->tv_nsec) * 1e-9;
}

/* The delay before the line appears: a second, or NNX_PROGRESS_DELAY_MS (for tests). */
static double delay(void)
{
    const char *ms = getenv("NNX_PROGRESS_DELAY_MS");
    long v;
    return ms && cli_parse_long(ms, 0, 3600000, &v) ? (double)v / 1000 : 1.0;
}

static void deadline_after(const struct timespec *start, double s, struct timespec *out)
{
    /* the condition variable waits on CLOCK_REALTIME: shift the monotonic deadline */
    struct timespec real, mono;
    clock_gettime(CLOCK_REALTIME, &real);
    clock_gettime(CLOCK_MONOTONIC, &mono);
    double left = s - ((double)(mono.tv_sec - start->tv_sec) + (double)(mono.tv_nsec - start->tv_nsec) * 1e-9);
    if (left < 0)
        left = 0;
    long long ns = (long long)real.tv_nsec + (long long)(left * 1e9);
    out->tv_sec = real.tv_sec + (time_t)(ns / 1000000000);
    out->tv_nsec = (long)(ns % 1000000000);
}

static void *tick(void *unused)
{
    (void)unused;
    pthread_mutex_lock(&g.lock);
    double next = delay();
    while (!g.done) {
        struct timespec until;
        deadline_after(&g.start, next, &until);
        if (pthread_cond_timedwait(&g.wake, &g.lock, &until) == 0 || g.done)
            continue;
        double s = seconds_since(&g.start);
        if (s >= next) {
            fprintf(stderr, "\rnnx: %s... %.1f s\033[K", g.what, s);
            fflush(stderr);
            g.drawn = true;
            next = s + 0.1;
        }
    }
    pthread_mutex_unlock(&g.lock);
    return NULL;
}

void cli_phase_begin(const char *what)
{
    g.what = what;
    g.done = g.drawn = false;
    clock_gettime(CLOCK_MONOTONIC, &g.start);
    if (g.quiet || !isatty(STDERR_FILENO))
        return;
    if (delay() == 0) { /* shown from the start: drawn here, so even an instant phase shows */
        fprintf(stderr, "\rnnx: %s... 0.0 s\033[K", what);
        fflush(stderr);
        g.drawn = true;
    }
    g.ticking = pthread_create(&g.thread, NULL, tick, NULL) == 0;
}

double cli_phase_end(void)
{
    double s = seconds_since(&g.start);
    if (g.ticking) {
        pthread_mutex_lock(&g.lock);
        g.done = true;
        pthread_cond_signal(&g.wake);
        pthread_mutex_unlock(&g.lock);
        pthread_join(g.thread, NULL);
        g.ticking = false;
    }
    if (g.drawn)
        fputs("\r\033[K", stderr);
    g.drawn = false;
    if (g.verbose && g.what)
        fprintf(stderr, "nnx: %s took %.3f ms\n", g.what, s * 1e3);
    g.what = NULL;
    return s;
}
