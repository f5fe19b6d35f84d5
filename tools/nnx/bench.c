/* bench.c — `nnx bench MODEL [--runs N] [--threads N] [--warmup MS] [--shapes SETS]`: time a
 * model's inference (any format nnx reads) on generated inputs (weights without data
 * zero-filled): the first dispatch (load, compile, run), then after a warm-up the minimum,
 * median and mean wall time of one dispatch (and, with --times, each one's), the planned
 * memory, and the closing line `bench: median X ms, min Y ms` that bench/compare reads; with
 * --shapes, all of it once per shape set. A measuring tool, not a test: it asserts no time. */
#define _POSIX_C_SOURCE 200809L
#include "json_report.h"
#include "run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const char kUsage[] =
    "Usage: nnx bench [OPTIONS] MODEL [--runs N] [--threads N] [--warmup MS] [--shapes SETS] [--quiet] [--profile]\n"
    "                 [--profile-all] [--times] [--json]\n";

static const char kHelp[] = "\n"
                            "Compile MODEL, fill its inputs with deterministic pseudo-random data (as nnx run\n"
                            "--random-inputs 1; variables without a .dat file are zero-filled), dispatch it once\n"
                            "(or for --warmup MS) to warm up and then N times, and print the minimum, median and\n"
                            "mean wall time of one dispatch and the memory one dispatch works in, after the time\n"
                            "of the first dispatch (load, compile and one run: what a new input shape costs). The\n"
                            "last line is always `bench: median X ms, min Y ms`. On a terminal, progress is shown\n"
                            "on stderr.\n"
                            "\n"
                            "Options:\n"
                            "  -n, --runs N        number of timed dispatches, 1 to 1000000 (default 100);\n"
                            "                      --iterations N is the same\n"
                            "  -q, --quiet         no progress display\n"
                            "  -p, --profile       also time every step of the timed dispatches and print the\n"
                            "                      time per operation and the ten slowest steps (op, node and\n"
                            "                      tensor) before the last line\n"
                            "      --profile-all   --profile listing every step in execution order instead\n"
                            "      --json          print one JSON document instead: every figure and, with\n"
                            "                      --profile, every step (docs/CLI.md)\n"
                            "  -t, --times         also print each timed dispatch's wall time in ms, in the order\n"
                            "                      they ran, as the line `times: T1 T2 ...` before the report\n"
                            "      --threads N     worker threads, 0 = one per core (default), 1 = none\n"
                            "  -w, --warmup MS     warm up by dispatching for at least MS milliseconds, 0 to\n"
                            "                      600000 (default 0: one dispatch)\n"
                            "      --shapes SETS   time each input shape set of SETS in turn: sets separated by\n"
                            "                      ';', a set's inputs by ':', each NAME=D0,D1,... as for\n"
                            "                      --input-shape (x=1,3,224,224;x=8,3,224,224); one report\n"
                            "                      per set, the last line the last set's\n" CLI_MODEL_HELP
                            "  -h, --help          show this help and exit\n"
                            "\n"
                            "Exit codes: 0 ok, 1 invalid model, 2 usage error, 3 not supported,\n"
                            "4 out of memory.\n";

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* Seconds of each of n timed dispatches (after warm-up dispatches for `warmup` seconds, at
 * least one) into times; with progress, a "run k/n" counter on stderr, redrawn at most ten
 * times a second. */
static int time_dispatches(nnx_context *ctx, nnx_graph *g, const nnx_named_tensor *in, const nnx_named_tensor *out,
                           long n, double warmup, double *times, bool progress, bool profile)
{
    size_t ni = nnx_graph_input_count(g), no = nnx_graph_output_count(g);
    double shown = 0, warm_until = now() + warmup;
    for (long k = -1; k < n; k++) {
        if (progress && (k < 0 || now() - shown > 0.1)) {
            fprintf(stderr, "\rnnx bench: %s %ld/%ld", k < 0 ? "warm-up" : "run", k < 0 ? 0 : k, n);
            fflush(stderr);
            shown = now();
        }
        double t0 = now();
        nnx_status st = nnx_context_dispatch(ctx, g, in, ni, out, no);
        if (st != NNX_OK) {
            fprintf(stderr, "%s\n", nnx_context_error(ctx));
            return cli_exit_code(st);
        }
        if (k >= 0)
            times[k] = now() - t0;
        else if (now() < warm_until)
            k--; /* warm up again */
        else if (profile)
            nnx_graph_set_profiling(g, true); /* after the warm-up */
    }
    if (progress)
        fprintf(stderr, "\r%*s\r", 40, "");
    return NNX_EXIT_OK;
}

size_t run_profile_by_op(const nnx_graph *g, run_op_total *ops, uint64_t *total, uint64_t *runs)
{
    size_t n = nnx_graph_profile_count(g), n_ops = 0;
    *total = 0;
    *runs = 1;
    for (size_t i = 0; i < n; i++) {
        nnx_profile_step s;
        nnx_graph_profile_step(g, i, &s);
        *runs = s.runs ? s.runs : 1;
        *total += s.nanoseconds;
        size_t j = 0;
        while (j < n_ops && strcmp(ops[j].op, s.op) != 0)
            j++;
        if (j == n_ops)
            ops[n_ops++] = (run_op_total){s.op, 0, 0};
        ops[j].ns += s.nanoseconds;
        ops[j].steps++;
    }
    return n_ops;
}

static int by_time(const void *a, const void *b)
{
    uint64_t x = ((const run_op_total *)a)->ns, y = ((const run_op_total *)b)->ns;
    return x > y ? -1 : x < y;
}

/* "op[+fused] 'label' -> 'output' (kernel)": the node's label and the tensor it produces,
 * each left out when the model gives none, the label also when it is the op's name (as NNEF
 * nodes are labelled) and the output when it equals the label. */
static void step_name(char *out, size_t size, const nnx_profile_step *s)
{
    int at = snprintf(out, size, "%s%s%s", s->op, *s->fused ? "+" : "", s->fused);
    if (*s->label && strcmp(s->label, s->op) != 0 && at >= 0 && (size_t)at < size)
        at += snprintf(out + at, size - (size_t)at, " '%s'", s->label);
    if (*s->output && strcmp(s->output, s->label) != 0 && at >= 0 && (size_t)at < size)
        at += snprintf(out + at, size - (size_t)at, " -> '%s'", s->output);
    if (at >= 0 && (size_t)at < size)
        snprintf(out + at, size - (size_t)at, " (%s)", s->kernel);
}

typedef struct step_time {
    size_t index;
    uint64_t ns;
} step_time;

static int by_step_time(const void *a, const void *b)
{
    uint64_t x = ((const step_time *)a)->ns, y = ((const step_time *)b)->ns;
    return x > y ? -1 : x < y;
}

/* The profile of the timed dispatches: milliseconds per dispatch by operation, then the
 * ten slowest steps, or with all every step in execution order; each step with its index. */
static void report_profile(const nnx_graph *g, bool all)
{
    size_t n = nnx_graph_profile_count(g);
    run_op_total *ops = calloc(n + 1, sizeof *ops);
    step_time *steps = calloc(n + 1, sizeof *steps);
    if (!ops || !steps) {
        fprintf(stderr, "nnx bench: out of memory for the profile\n");
        goto done;
    }
    uint64_t total, runs;
    size_t n_ops = run_profile_by_op(g, ops, &total, &runs);
    for (size_t i = 0; i < n; i++) {
        nnx_profile_step s;
        nnx_graph_profile_step(g, i, &s);
        steps[i] = (step_time){i, s.nanoseconds};
    }
    qsort(ops, n_ops, sizeof *ops, by_time);
    if (!all)
        qsort(steps, n, sizeof *steps, by_step_time);
    printf("profile: %zu steps, %.3f ms per dispatch inside them\n", n, (double)total / (double)runs * 1e-6);
    for (size_t j = 0; j < n_ops; j++)
        printf("  %-24s %4u step%s %9.3f ms %5.1f %%\n", ops[j].op, (unsigned)ops[j].steps,
               ops[j].steps == 1 ? " " : "s", (double)ops[j].ns / (double)runs * 1e-6,
               total ? 100.0 * (double)ops[j].ns / (double)total : 0.0);
    printf(all ? "steps:\n" : "slowest steps:\n");
    for (size_t i = 0; i < n && (all || i < 10); i++) {
        nnx_profile_step s;
        char name[512];
        nnx_graph_profile_step(g, steps[i].index, &s);
        step_name(name, sizeof name, &s);
        printf("  %9.3f ms %5.1f %%  #%zu %s\n", (double)steps[i].ns / (double)runs * 1e-6,
               total ? 100.0 * (double)steps[i].ns / (double)total : 0.0, steps[i].index, name);
    }
done:
    free(ops);
    free(steps);
}

/* What a set's report says beyond its timings: what its first dispatch did, and the time of
 * one dispatch back at the first set's shapes once this set is compiled (< 0: none). */
typedef struct report_extra {
    const char *set; /* the shape set's text (--shapes), or NULL */
    const char *first_what;
    double cached;
    const char *cached_label;
} report_extra;

static void report(const char *model, const nnx_graph *g, double first, double *times, long n, int profile, bool each,
                   const report_extra *x)
{
    if (json_doc()) /* --json: the document takes the figures (the text goes nowhere) */
        json_bench_report(x->set, g, first, x->first_what, x->cached, times, n, profile, each);
    if (each) {
        printf("times:");
        for (long k = 0; k < n; k++)
            printf(" %.3f", times[k] * 1e3);
        printf("\n");
    }
    double sum = 0;
    for (long k = 0; k < n; k++)
        sum += times[k];
    qsort(times, (size_t)n, sizeof *times, by_value);
    double median = n % 2 ? times[n / 2] : (times[n / 2 - 1] + times[n / 2]) / 2;
    printf("%s: %ld dispatches: min %.3f ms, median %.3f ms, mean %.3f ms\n", model, n, times[0] * 1e3, median * 1e3,
           sum / (double)n * 1e3);
    printf("first dispatch (%s): %.3f ms\n", x->first_what, first * 1e3);
    if (x->cached >= 0)
        printf("back at shapes %s (compiled, cached): %.3f ms\n", x->cached_label, x->cached * 1e3);
    printf("planned memory per dispatch: %.1f MiB (values and kernel scratch; weights not included)\n",
           (double)nnx_graph_planned_bytes(g) / (1024.0 * 1024.0));
    if (profile)
        report_profile(g, profile > 1);
    printf("bench: median %.3f ms, min %.3f ms\n", median * 1e3, times[0] * 1e3);
}

/* Random inputs for every model input (nnx run --random-inputs 1), of the compiled graph's
 * type where the graph reads the input (exact: e.g. int8 in a TOSA graph), else the model's. */
static int make_inputs(const nnx_model *m, const nnx_graph *g, run_buffer *buffers)
{
    for (size_t i = 0; i < nnx_model_input_count(m); i++) {
        nnx_operand_desc want;
        run_input_type(m, g, i, &want);
        int rc = run_random_input(1, i, &want, &buffers[i]);
        if (rc != NNX_EXIT_OK)
            return rc;
    }
    return NNX_EXIT_OK;
}

/* What `nnx bench` was asked: the model and its options, the timing, and the shape sets of
 * --shapes (each with the --input-shape shapes too). */
typedef struct bench_args {
    const char *model;
    cli_model_args model_args;
    cli_model_args *sets; /* --shapes; NULL: the model as given */
    size_t n_sets;
    char *sets_text; /* --shapes' text, split at ';': set_text[k] is set k as given */
    const char *set_text[64];
    long iterations;
    double warmup;
    uint32_t threads;
    bool progress, each, json;
    int profile; /* 0: no, 1: --profile (the ten slowest steps), 2: --profile-all (every step) */
} bench_args;

/* Times b->model loaded with the shapes of m: the first dispatch (load, compile, inputs and
 * one dispatch, what a new shape costs), then the warm-up and the timed dispatches. label
 * names the shape set in the report, or is NULL. */
/* A context for b and b->model loaded into it with m's options (weights without data
 * zero-filled), from *t0 on; NULL when the context cannot be made (said on stderr), else
 * the context with the load's status in *st. */
static nnx_context *open_model(const bench_args *b, const cli_model_args *m, nnx_model **model, double *t0,
                               nnx_status *st)
{
    nnx_context *ctx;
    if (nnx_context_create(&(nnx_context_options){.threads = b->threads}, &ctx) != NNX_OK) {
        fprintf(stderr, "nnx bench: cannot create a context\n");
        return NULL;
    }
    *t0 = now();
    *model = NULL;
    nnx_model_options options = cli_model_options(m);
    options.flags |= NNX_MODEL_ZERO_MISSING_VARIABLES;
    cli_phase_begin("loading");
    *st = nnx_model_load(ctx, b->model, &options, model);
    cli_phase_end();
    return ctx;
}

static int bench_one(const bench_args *b, const cli_model_args *m, const char *label)
{
    double t0;
    nnx_model *model;
    nnx_graph *g = NULL;
    nnx_status st;
    nnx_context *ctx = open_model(b, m, &model, &t0, &st);
    if (!ctx)
        return NNX_EXIT_INVALID_MODEL;
    if (st == NNX_OK) {
        cli_phase_begin("compiling");
        st = nnx_model_build(model, &g);
        cli_phase_end();
    }
    if (st != NNX_OK) {
        fprintf(stderr, "%s\n", nnx_context_error(ctx));
        nnx_context_destroy(ctx);
        return cli_exit_code(st);
    }
    size_t ni = nnx_model_input_count(model), gi = nnx_graph_input_count(g), go = nnx_graph_output_count(g);
    run_buffer *buffers = calloc(ni + 1, sizeof *buffers);
    nnx_named_tensor *in = calloc(gi + 1, sizeof *in), *out = calloc(go + 1, sizeof *out);
    double *times = calloc((size_t)b->iterations, sizeof *times);
    int rc = NNX_EXIT_INVALID_MODEL;
    if (!buffers || !in || !out || !times)
        fprintf(stderr, "nnx bench: out of memory\n");
    else if ((rc = make_inputs(model, g, buffers)) == NNX_EXIT_OK &&
             (rc = run_make_tensors(ctx, g, model, buffers, in, out)) == NNX_EXIT_OK) {
        cli_phase_begin("the first dispatch");
        if (nnx_graph_staged_reason(g)) {
            /* output shapes known after a run: the first one makes the tensors the same
             * inputs give every time */
            for (size_t i = 0; i < go; i++)
                nnx_tensor_destroy(out[i].tensor);
            st = nnx_context_run(ctx, g, in, gi, out, go);
        } else {
            st = nnx_context_dispatch(ctx, g, in, gi, out, go);
        }
        cli_phase_end();
        rc = st == NNX_OK ? NNX_EXIT_OK : cli_exit_code(st);
        if (st != NNX_OK)
            fprintf(stderr, "%s\n", nnx_context_error(ctx));
    }
    double first = now() - t0;
    if (rc == NNX_EXIT_OK &&
        (rc = time_dispatches(ctx, g, in, out, b->iterations, b->warmup, times, b->progress, b->profile)) ==
            NNX_EXIT_OK) {
        if (label)
            printf("shapes %s:\n", label);
        report(b->model, g, first, times, b->iterations, b->profile, b->each,
               &(report_extra){label, "load, compile, run", -1, NULL});
    }
    for (size_t i = 0; buffers && i < ni; i++)
        run_buffer_free(&buffers[i]);
    free(buffers);
    free(in);
    free(out);
    free(times);
    nnx_context_destroy(ctx);
    return rc;
}

/* One shape set's tensors for an unbound graph: random inputs of the set's shapes (model
 * input shapes with the set's applied) and outputs of the shapes they give. */
typedef struct set_tensors {
    nnx_named_tensor *in, *out;
    size_t ni, no;
} set_tensors;

static int make_set_tensors(nnx_context *ctx, const nnx_model *m, nnx_graph *g, const cli_model_args *set,
                            set_tensors *t)
{
    t->ni = nnx_graph_input_count(g), t->no = nnx_graph_output_count(g);
    nnx_operand_desc *in_d = calloc(t->ni + 1, sizeof *in_d), *out_d = calloc(t->no + 1, sizeof *out_d);
    t->in = calloc(t->ni + 1, sizeof *t->in), t->out = calloc(t->no + 1, sizeof *t->out);
    int rc = in_d && out_d && t->in && t->out ? NNX_EXIT_OK : NNX_EXIT_INVALID_MODEL;
    for (size_t i = 0; i < t->ni && rc == NNX_EXIT_OK; i++) {
        const char *name = nnx_graph_input_name(g, i);
        nnx_graph_input_desc(g, i, &in_d[i]);
        const nnx_input_shape *s = cli_model_args_shape(set, name, strlen(name));
        if (s) {
            in_d[i].rank = s->rank;
            memcpy(in_d[i].shape, s->shape, sizeof s->shape);
        }
        for (uint32_t k = 0; !s && k < in_d[i].rank && rc == NNX_EXIT_OK; k++)
            if (nnx_graph_input_dim_name(g, i, k)) {
                fprintf(stderr,
                        "nnx bench: the shape set gives no shape for input '%s', whose dimension %u ('%s') "
                        "is symbolic\n",
                        name, k, nnx_graph_input_dim_name(g, i, k));
                rc = NNX_EXIT_USAGE;
            }
    }
    nnx_status st = NNX_OK;
    if (rc == NNX_EXIT_OK && (st = nnx_graph_bind_shapes(g, in_d, t->ni, out_d, t->no)) != NNX_OK) {
        fprintf(stderr, "%s\n", nnx_context_error(ctx));
        rc = cli_exit_code(st);
    }
    for (size_t i = 0; i < t->ni && rc == NNX_EXIT_OK; i++) {
        size_t j = 0; /* the model's index: the random stream follows it, as in nnx run */
        while (j < nnx_model_input_count(m) && strcmp(nnx_model_input_name(m, j), nnx_graph_input_name(g, i)) != 0)
            j++;
        run_buffer buf = {0};
        if ((rc = run_random_input(1, j, &in_d[i], &buf)) != NNX_EXIT_OK)
            break;
        t->in[i].name = nnx_graph_input_name(g, i);
        if ((st = nnx_tensor_create(ctx, &(nnx_tensor_desc){.desc = in_d[i], .writable = true}, &t->in[i].tensor)) ==
            NNX_OK)
            st = nnx_tensor_write(t->in[i].tensor, buf.data, buf.size);
        run_buffer_free(&buf);
        if (st != NNX_OK) {
            fprintf(stderr, "%s\n", nnx_context_error(ctx));
            rc = cli_exit_code(st);
        }
    }
    for (size_t i = 0; i < t->no && rc == NNX_EXIT_OK; i++) {
        t->out[i].name = nnx_graph_output_name(g, i);
        if ((st = nnx_tensor_create(ctx, &(nnx_tensor_desc){.desc = out_d[i], .readable = true}, &t->out[i].tensor)) !=
            NNX_OK) {
            fprintf(stderr, "%s\n", nnx_context_error(ctx));
            rc = cli_exit_code(st);
        }
    }
    if (!in_d || !out_d || !t->in || !t->out)
        fprintf(stderr, "nnx bench: out of memory\n");
    free(in_d);
    free(out_d);
    return rc;
}

static void free_set_tensors(set_tensors *t)
{
    for (size_t i = 0; t->in && i < t->ni; i++)
        nnx_tensor_destroy(t->in[i].tensor);
    for (size_t i = 0; t->out && i < t->no; i++)
        nnx_tensor_destroy(t->out[i].tensor);
    free(t->in);
    free(t->out);
    *t = (set_tensors){0};
}

/* --shapes on a model with symbolic input dimensions: one graph for every set, which
 * compiles each set at its first dispatch (what a shape change costs) and keeps it; after
 * each later set, one dispatch back at the first set's shapes shows a cached set's cost. */
static int bench_unbound(const bench_args *b, nnx_context *ctx, nnx_model *model, double t0)
{
    nnx_graph *g = NULL;
    nnx_status st = nnx_model_build(model, &g);
    if (st != NNX_OK) {
        fprintf(stderr, "%s\n", nnx_context_error(ctx));
        return cli_exit_code(st);
    }
    if (b->n_sets > NNX_SHAPE_CACHE_DEFAULT)
        nnx_graph_set_shape_cache_limit(g, (uint32_t)b->n_sets);
    double *times = calloc((size_t)b->iterations, sizeof *times);
    set_tensors first_set = {0};
    int rc = times ? NNX_EXIT_OK : NNX_EXIT_INVALID_MODEL;
    for (size_t k = 0; k < b->n_sets && rc == NNX_EXIT_OK; k++) {
        set_tensors here = {0}, *t = k ? &here : &first_set;
        if (k)
            t0 = now();
        if ((rc = make_set_tensors(ctx, model, g, &b->sets[k], t)) != NNX_EXIT_OK)
            break;
        if ((st = nnx_context_dispatch(ctx, g, t->in, t->ni, t->out, t->no)) != NNX_OK) {
            fprintf(stderr, "%s\n", nnx_context_error(ctx));
            rc = cli_exit_code(st);
        }
        double first = now() - t0, back = -1;
        if (rc == NNX_EXIT_OK)
            rc = time_dispatches(ctx, g, t->in, t->out, b->iterations, b->warmup, times, b->progress, b->profile);
        if (rc == NNX_EXIT_OK && k) {
            double t1 = now();
            if ((st = nnx_context_dispatch(ctx, g, first_set.in, first_set.ni, first_set.out, first_set.no)) !=
                NNX_OK) {
                fprintf(stderr, "%s\n", nnx_context_error(ctx));
                rc = cli_exit_code(st);
            }
            back = now() - t1;
            /* this set again, so that the memory and profile reported are its own */
            if (rc == NNX_EXIT_OK && (st = nnx_context_dispatch(ctx, g, t->in, t->ni, t->out, t->no)) != NNX_OK) {
                fprintf(stderr, "%s\n", nnx_context_error(ctx));
                rc = cli_exit_code(st);
            }
        }
        if (rc == NNX_EXIT_OK) {
            printf("shapes %s:\n", b->set_text[k]);
            report(b->model, g, first, times, b->iterations, b->profile, b->each,
                   &(report_extra){b->set_text[k], k ? "compile, run" : "load, compile, run", back, b->set_text[0]});
        }
        free_set_tensors(&here);
    }
    if (!times)
        fprintf(stderr, "nnx bench: out of memory\n");
    free_set_tensors(&first_set);
    free(times);
    return rc;
}

static int bench(const bench_args *b)
{
    if (!b->sets)
        return bench_one(b, &b->model_args, NULL);
    double t0;
    nnx_model *model;
    nnx_status st;
    nnx_context *ctx = open_model(b, &b->model_args, &model, &t0, &st);
    if (!ctx)
        return NNX_EXIT_INVALID_MODEL;
    size_t input;
    uint32_t axis;
    if (st == NNX_OK && cli_model_unbound(model, &input, &axis)) {
        int rc = bench_unbound(b, ctx, model, t0);
        nnx_context_destroy(ctx);
        return rc;
    }
    nnx_context_destroy(ctx); /* fixed shapes: each set is a model loaded with its shapes */
    int rc = NNX_EXIT_OK;
    for (size_t k = 0; k < b->n_sets && rc == NNX_EXIT_OK; k++)
        rc = bench_one(b, &b->sets[k], b->set_text[k]);
    return rc;
}

/* --shapes SETS: sets separated by ';', a set's inputs by ':', each NAME=D0,D1,... (at most
 * 64 sets, each with the --input-shape shapes given before it). */
static int parse_shape_sets(cli_parser *p, bench_args *b, const char *value)
{
    size_t n = 1;
    for (const char *c = value; *c; c++)
        n += *c == ';';
    if (n > 64)
        return cli_usage_error(p, "--shapes takes at most 64 sets");
    char *copy = b->sets_text = malloc(strlen(value) + 1);
    b->sets = calloc(n, sizeof *b->sets);
    if (!copy || !b->sets) {
        fprintf(stderr, "nnx bench: out of memory\n");
        return NNX_EXIT_INVALID_MODEL;
    }
    strcpy(copy, value);
    int rc = -1;
    char *set = copy;
    for (size_t k = 0; k < n && rc < 0; k++) {
        char *end = strchr(set, ';');
        if (end)
            *end = '\0';
        b->set_text[k] = set;
        b->n_sets = k + 1;
        cli_model_args *s = &b->sets[k];
        s->flags = b->model_args.flags, s->params = b->model_args.params, s->seed = b->model_args.seed;
        s->limits = b->model_args.limits, s->format = b->model_args.format;
        memcpy(s->dims, b->model_args.dims, sizeof s->dims);
        s->dim_count = b->model_args.dim_count;
        for (uint32_t i = 0; i < b->model_args.shape_count && rc < 0; i++) {
            const nnx_input_shape *base = &b->model_args.shapes[i];
            if (!cli_model_args_add_shape(s, base->name, strlen(base->name), base->rank, base->shape))
                rc = NNX_EXIT_INVALID_MODEL;
        }
        for (char *part = set; rc < 0 && part;) {
            char *colon = strchr(part, ':');
            if (colon)
                *colon = '\0';
            rc = cli_model_parse_shape(p, s, part);
            if (colon)
                *colon = ':'; /* the set's text stays whole for its report */
            part = colon ? colon + 1 : NULL;
        }
        set = end ? end + 1 : NULL;
    }
    return rc;
}

int cmd_bench(int argc, char **argv)
{
    enum {
        OPT_HELP,
        OPT_ITERATIONS,
        OPT_RUNS,
        OPT_THREADS,
        OPT_QUIET,
        OPT_PROFILE,
        OPT_TIMES,
        OPT_WARMUP,
        OPT_SHAPES,
        OPT_PROFILE_ALL,
        OPT_JSON,
        OPT_MODEL
    };
    static const cli_option options[] = {
        [OPT_HELP] = {"help", 'h', false},   [OPT_ITERATIONS] = {"iterations", 0, true},
        [OPT_RUNS] = {"runs", 'n', true},    [OPT_THREADS] = {"threads", 0, true},
        [OPT_QUIET] = {"quiet", 'q', false}, [OPT_PROFILE] = {"profile", 'p', false},
        [OPT_TIMES] = {"times", 't', false}, [OPT_WARMUP] = {"warmup", 'w', true},
        [OPT_SHAPES] = {"shapes", 0, true},  [OPT_PROFILE_ALL] = {"profile-all", 0, false},
        [OPT_JSON] = {"json", 0, false},     [OPT_MODEL] = CLI_MODEL_OPTIONS,
    };
    long warmup_ms = 0;
    bool quiet = false;
    bench_args b = {.iterations = 100};
    int rc = -1;
    cli_parser p;
    cli_init(&p, "nnx bench", kUsage, argc, argv);
    const char *value, *shapes = NULL;
    int opt;
    while (rc < 0 && (opt = cli_next(&p, options, sizeof options / sizeof options[0], &value)) != CLI_END) {
        switch (opt) {
        case OPT_HELP:
            printf("%s%s", kUsage, kHelp);
            rc = NNX_EXIT_OK;
            break;
        case OPT_ITERATIONS:
        case OPT_RUNS:
            if (!cli_parse_long(value, 1, 1000000, &b.iterations))
                rc = cli_usage_error(&p, "--%s wants a number from 1 to 1000000, got '%s'",
                                     opt == OPT_RUNS ? "runs" : "iterations", value);
            break;
        case OPT_QUIET: quiet = true; break;
        case OPT_PROFILE: b.profile = b.profile > 1 ? 2 : 1; break;
        case OPT_PROFILE_ALL: b.profile = 2; break;
        case OPT_JSON: b.json = true; break;
        case OPT_TIMES: b.each = true; break;
        case OPT_WARMUP:
            if (!cli_parse_long(value, 0, 600000, &warmup_ms))
                rc = cli_usage_error(&p, "--warmup wants milliseconds from 0 to 600000, got '%s'", value);
            break;
        case OPT_THREADS: rc = cli_threads_option(&p, value, &b.threads); break;
        case OPT_SHAPES:
            if (shapes)
                rc = cli_usage_error(&p, "--shapes given twice");
            shapes = value;
            break;
        case CLI_POSITIONAL:
            if (b.model)
                rc = cli_usage_error(&p, "unexpected argument '%s'", value);
            b.model = value;
            break;
        default: rc = opt >= OPT_MODEL ? cli_model_option(&p, &options[opt], value, &b.model_args) : NNX_EXIT_USAGE;
        }
    }
    if (rc < 0 && !b.model)
        rc = cli_usage_error(&p, "missing MODEL");
    if (rc < 0 && shapes) /* after every --input-shape, which each set takes too */
        rc = parse_shape_sets(&p, &b, shapes);
    if (rc < 0) {
        b.warmup = (double)warmup_ms * 1e-3;
        b.progress = !quiet && !b.json && isatty(STDERR_FILENO);
        cli_progress_quiet(quiet || b.json); /* --json captures stderr: nothing drawn */
        if (b.json) {
            json_bench_begin(b.model, b.iterations, warmup_ms, b.threads, b.profile > 0);
            rc = json_end(bench(&b));
        } else {
            rc = bench(&b);
        }
    }
    for (size_t k = 0; k < b.n_sets; k++)
        cli_model_args_free(&b.sets[k]);
    free(b.sets);
    free(b.sets_text);
    cli_model_args_free(&b.model_args);
    return rc;
}
