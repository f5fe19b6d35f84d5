/* summary.c — what `nnx run` prints for each output: its type, the minimum, maximum and
 * mean of its values, and for a vector of class scores the five largest with their indices,
 * so a classifier's answer can be read (and grepped) straight from the terminal. */
#include "run.h"

#include <math.h>

#define TOP_K 5

typedef struct stats {
    double min, max, sum; /* over the values that are not NaN */
    size_t count, nans;
} stats;

static stats float_stats(const run_buffer *b, size_t n)
{
    stats s = {INFINITY, -INFINITY, 0, 0, 0};
    for (size_t i = 0; i < n; i++) {
        double v = nnx_element_load_f64(b->desc.dtype, b->data, i);
        if (isnan(v)) {
            s.nans++;
            continue;
        }
        s.min = v < s.min ? v : s.min;
        s.max = v > s.max ? v : s.max;
        s.sum += v;
        s.count++;
    }
    return s;
}

static void print_float_stats(FILE *out, const run_buffer *b, size_t n)
{
    stats s = float_stats(b, n);
    if (s.count == 0)
        fprintf(out, " min=nan max=nan mean=nan");
    else
        fprintf(out, " min=%.6g max=%.6g mean=%.6g", s.min, s.max, s.sum / (double)s.count);
    if (s.nans)
        fprintf(out, " nan=%zu", s.nans);
}

/* Integers and bool: exact extremes (64-bit, signed or not), the mean in double. */
static void print_int_stats(FILE *out, const run_buffer *b, size_t n)
{
    nnx_dtype dt = b->desc.dtype;
    double sum = 0;
    if (nnx_dtype_is_signed_integer(dt)) {
        int64_t lo = INT64_MAX, hi = INT64_MIN;
        for (size_t i = 0; i < n; i++) {
            int64_t v = nnx_element_load_i64(dt, b->data, i);
            lo = v < lo ? v : lo;
            hi = v > hi ? v : hi;
            sum += (double)v;
        }
        fprintf(out, " min=%lld max=%lld", (long long)lo, (long long)hi);
    } else {
        uint64_t lo = UINT64_MAX, hi = 0;
        for (size_t i = 0; i < n; i++) {
            uint64_t v = nnx_element_load_u64(dt, b->data, i);
            lo = v < lo ? v : lo;
            hi = v > hi ? v : hi;
            sum += (double)v;
        }
        fprintf(out, " min=%llu max=%llu", (unsigned long long)lo, (unsigned long long)hi);
    }
    fprintf(out, " mean=%.6g", sum / (double)n);
}

/* The number of classes when b is a class-score vector — shape [C], [1,C] or [1,C,1,1]
 * with C >= 2 — else 0. */
static size_t class_count(const nnx_operand_desc *d)
{
    const uint32_t *s = d->shape;
    uint32_t c = d->rank == 1                                 ? s[0]
        : d->rank == 2 && s[0] == 1                           ? s[1]
        : d->rank == 4 && s[0] == 1 && s[2] == 1 && s[3] == 1 ? s[1]
                                                              : 0;
    return c >= 2 && d->dtype != NNX_BOOL ? c : 0;
}

/* "  top-5: I (V), ..." : the largest values, the lower index first among equals; NaN
 * is never ranked. */
static void print_top(FILE *out, const run_buffer *b, size_t classes)
{
    size_t index[TOP_K], k = 0, want = classes < TOP_K ? classes : TOP_K;
    double value[TOP_K];
    for (size_t i = 0; i < classes; i++) {
        double v = nnx_element_load_f64(b->desc.dtype, b->data, i);
        if (isnan(v) || (k == want && v <= value[k - 1]))
            continue;
        size_t at = k < want ? k++ : k - 1; /* the slot v takes, then sift it up */
        while (at > 0 && v > value[at - 1]) {
            value[at] = value[at - 1];
            index[at] = index[at - 1];
            at--;
        }
        value[at] = v;
        index[at] = i;
    }
    fprintf(out, "  top-%zu:", want);
    for (size_t j = 0; j < k; j++)
        fprintf(out, "%s %zu (%.4g)", j ? "," : "", index[j], value[j]);
    fputc('\n', out);
}

void run_print_summary(FILE *out, const char *name, const run_buffer *b)
{
    fprintf(out, "%s: %s", name, cli_dtype_name(b->desc.dtype));
    cli_print_shape(out, &b->desc);
    size_t n = nnx_dtype_size(b->desc.dtype) ? b->size / nnx_dtype_size(b->desc.dtype) : 0;
    if (n == 0) {
        fprintf(out, " (empty)\n");
        return;
    }
    if (nnx_dtype_is_floating_point(b->desc.dtype))
        print_float_stats(out, b, n);
    else
        print_int_stats(out, b, n);
    fputc('\n', out);
    size_t classes = class_count(&b->desc);
    if (classes)
        print_top(out, b, classes);
}
