/* json_run.c — the documents of `nnx run --json` (each output's type, shape and the figures
 * of its summary) and `nnx bench --json` (every figure of each report and, with --profile,
 * every step of the plan), and the hooks run.c and bench.c call, which print the text when
 * no JSON document is being made. Schemas: docs/CLI.md. */
#include "json_report.h"
#include "run.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void json_run_begin(const char *model)
{
    json_begin("run", model);
    json_add(json_doc(), "outputs", cJSON_CreateArray());
    json_add(json_doc(), "rejected_as_expected", json_str(NULL));
}

/* {name, dtype, shape, count, nan_count, min, max, mean, top5}: the figures of the text
 * summary; min, max and mean null when no value counts (empty, or all NaN), integers exact,
 * top5 null unless the output is a class-score vector. */
static cJSON *output_entry(const char *name, const run_buffer *b)
{
    run_stats s = run_output_stats(b);
    cJSON *o = cJSON_CreateObject();
    json_add(o, "name", json_str(name));
    json_add(o, "dtype", json_str(cli_dtype_name(b->desc.dtype)));
    json_add(o, "shape", json_shape(&b->desc));
    json_add(o, "count", json_uint(s.count));
    json_add(o, "nan_count", json_uint(s.nans));
    bool none = s.count == s.nans; /* no value counts */
    json_add(o, "min",
             none              ? json_str(NULL)
                 : s.floating  ? json_num(s.min)
                 : s.is_signed ? json_int(s.imin)
                               : json_uint(s.umin));
    json_add(o, "max",
             none              ? json_str(NULL)
                 : s.floating  ? json_num(s.max)
                 : s.is_signed ? json_int(s.imax)
                               : json_uint(s.umax));
    json_add(o, "mean", none ? json_str(NULL) : json_num(s.mean));
    size_t classes = s.count ? run_class_count(&b->desc) : 0, index[RUN_TOP_K];
    double value[RUN_TOP_K];
    cJSON *top = classes ? cJSON_CreateArray() : json_str(NULL);
    size_t k = classes ? run_top_values(b, classes, index, value) : 0;
    for (size_t j = 0; top && j < k; j++) {
        cJSON *entry = cJSON_CreateObject();
        json_add(entry, "index", json_uint(index[j]));
        json_add(entry, "value", json_num(value[j]));
        json_push(top, entry);
    }
    json_add(o, "top5", top);
    return o;
}

void run_show_output(const char *name, const run_buffer *b)
{
    if (json_doc())
        json_push(cJSON_GetObjectItemCaseSensitive(json_doc(), "outputs"), output_entry(name, b));
    else
        run_print_summary(stdout, name, b);
}

void run_show_rejected(const char *desc, const char *message)
{
    if (json_doc()) {
        cJSON_DeleteItemFromObjectCaseSensitive(json_doc(), "rejected_as_expected");
        json_add(json_doc(), "rejected_as_expected", json_str(message));
    } else {
        printf("%s: rejected as expected: %s\n", desc, message);
    }
}

void json_bench_begin(const char *model, long runs, long warmup_ms, uint32_t threads, bool profile)
{
    json_begin("bench", model);
    cJSON *doc = json_doc();
    json_add(doc, "runs", json_int(runs));
    json_add(doc, "warmup_ms", json_int(warmup_ms));
    json_add(doc, "threads", json_uint(threads));
    json_add(doc, "profile", cJSON_CreateBool(profile));
    json_add(doc, "reports", cJSON_CreateArray());
}

/* The profile of the timed dispatches: {step_count, runs, ms_per_dispatch, operations: [{op,
 * steps, time_ms, share}], steps: [{index, op, fused, kernel, label, output, time_ms, share}]},
 * every step in execution order, the operations in order of first use; time_ms per dispatch,
 * share of the profiled time from 0 to 1. */
static cJSON *profile_of(const nnx_graph *g)
{
    size_t n = nnx_graph_profile_count(g), n_ops = 0;
    uint64_t total = 0, runs = 1;
    run_op_total *ops = calloc(n + 1, sizeof *ops);
    cJSON *p = cJSON_CreateObject(), *op_list = cJSON_CreateArray(), *steps = cJSON_CreateArray();
    if (ops)
        n_ops = run_profile_by_op(g, ops, &total, &runs);
    double per = 1e-6 / (double)runs, of = total ? 1.0 / (double)total : 0.0;
    json_add(p, "step_count", json_uint(n));
    json_add(p, "runs", json_uint(runs));
    json_add(p, "ms_per_dispatch", json_num((double)total * per));
    for (size_t j = 0; j < n_ops; j++) {
        cJSON *o = cJSON_CreateObject();
        json_add(o, "op", json_str(ops[j].op));
        json_add(o, "steps", json_uint(ops[j].steps));
        json_add(o, "time_ms", json_num((double)ops[j].ns * per));
        json_add(o, "share", json_num((double)ops[j].ns * of));
        json_push(op_list, o);
    }
    for (size_t i = 0; ops && i < n; i++) {
        nnx_profile_step s;
        nnx_graph_profile_step(g, i, &s);
        cJSON *step = cJSON_CreateObject();
        json_add(step, "index", json_uint(i));
        json_add(step, "op", json_str(s.op));
        json_add(step, "fused", json_str(s.fused));
        json_add(step, "kernel", json_str(s.kernel));
        json_add(step, "label", json_str(s.label));
        json_add(step, "output", json_str(s.output));
        json_add(step, "time_ms", json_num((double)s.nanoseconds * per));
        json_add(step, "share", json_num((double)s.nanoseconds * of));
        json_push(steps, step);
    }
    if (!ops) { /* out of memory: a NULL item refuses the document */
        cJSON_Delete(op_list);
        op_list = NULL;
    }
    json_add(p, "operations", op_list);
    json_add(p, "steps", steps);
    free(ops);
    return p;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

void json_bench_report(const char *set, const nnx_graph *g, double first, const char *first_what, double cached,
                       const double *times, long n, bool profile, bool each)
{
    cJSON *r = cJSON_CreateObject(), *all = each ? cJSON_CreateArray() : json_str(NULL);
    double *sorted = malloc((size_t)n * sizeof *sorted), sum = 0, squares = 0;
    if (!sorted) {
        json_push(cJSON_GetObjectItemCaseSensitive(json_doc(), "reports"), NULL); /* refuses the document */
        cJSON_Delete(r);
        cJSON_Delete(all);
        return;
    }
    for (long k = 0; k < n; k++) {
        sorted[k] = times[k];
        sum += times[k];
        if (each)
            json_push(all, json_ms(times[k]));
    }
    double mean = sum / (double)n;
    for (long k = 0; k < n; k++)
        squares += (times[k] - mean) * (times[k] - mean);
    qsort(sorted, (size_t)n, sizeof *sorted, by_value);
    json_add(r, "shapes", json_str(set));
    json_add(r, "runs", json_int(n));
    json_add(r, "min_ms", json_ms(sorted[0]));
    json_add(r, "median_ms", json_ms(n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2));
    json_add(r, "mean_ms", json_ms(mean));
    json_add(r, "max_ms", json_ms(sorted[n - 1]));
    json_add(r, "stddev_ms", json_ms(n > 1 ? sqrt(squares / (double)(n - 1)) : 0.0)); /* sample, n - 1 */
    json_add(r, "first_dispatch_ms", json_ms(first));
    json_add(r, "first_dispatch", json_str(first_what));
    json_add(r, "first_shapes_cached_ms", cached >= 0 ? json_ms(cached) : json_str(NULL));
    json_add(r, "planned_bytes", json_uint(nnx_graph_planned_bytes(g)));
    json_add(r, "times_ms", all);
    json_add(r, "profile", profile ? profile_of(g) : json_str(NULL));
    json_push(cJSON_GetObjectItemCaseSensitive(json_doc(), "reports"), r);
    free(sorted);
}
