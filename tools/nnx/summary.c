/* summary.c — what `nnx run` prints for each output: its type, the minimum, maximum and
 * mean of its values, and for a vector of class scores the five largest with their indices,
 * so a classifier's answer can be read (and grepped) straight from the terminal. The figures
 * are computed apart (run_output_stats, run_top_values) so that `--json` reports the same. */
#include "run.h"

#include <math.h>

run_stats run_output_stats(const run_buffer *b)
{
    nnx_dtype dt = b->desc.dtype;
    run_stats s = {.count = nnx_dtype_size(dt) ? b->size / nnx_dtype_size(dt) : 0,
                   .floating = nnx_dtype_is_floating_point(dt),
                   .is_signed = nnx_dtype_is_signed_integer(dt),
                   .min = NAN,
                   .max = NAN,
                   .mean = NAN,
                   .imin = INT64_MAX,
                   .imax = INT64_MIN,
                   .umin = UINT64_MAX};
    double lo = INFINITY, hi = -INFINITY, sum = 0;
    size_t counted = 0;
    for (size_t i = 0; i < s.count; i++) {
        if (s.floating) {
            double v = nnx_element_load_f64(dt, b->data, i);
            if (isnan(v)) {
                s.nans++;
                continue;
            }
            lo = v < lo ? v : lo;
            hi = v > hi ? v : hi;
            sum += v;
        } else if (s.is_signed) {
            int64_t v = nnx_element_load_i64(dt, b->data, i);
            s.imin = v < s.imin ? v : s.imin;
            s.imax = v > s.imax ? v : s.imax;
            sum += (double)v;
        } else {
            uint64_t v = nnx_element_load_u64(dt, b->data, i);
            s.umin = v < s.umin ? v : s.umin;
            s.umax = v > s.umax ? v : s.umax;
            sum += (double)v;
        }
        counted++;
    }
    if (counted) {
        s.min = s.floating ? lo : s.is_signed ? (double)s.imin : (double)s.umin;
        s.max = s.floating ? hi : s.is_signed ? (double)s.imax : (double)s.umax;
        s.mean = sum / (double)counted;
    }
    return s;
}

size_t run_class_count(const nnx_operand_desc *d)
{
    const uint32_t *s = d->shape;
    uint32_t c = d->rank == 1                                 ? s[0]
        : d->rank == 2 && s[0] == 1                           ? s[1]
        : d->rank == 4 && s[0] == 1 && s[2] == 1 && s[3] == 1 ? s[1]
                                                              : 0;
    return c >= 2 && d->dtype != NNX_BOOL ? c : 0;
}

size_t run_top_values(const run_buffer *b, size_t classes, size_t index[RUN_TOP_K], double value[RUN_TOP_K])
{
    size_t k = 0, want = classes < RUN_TOP_K ? classes : RUN_TOP_K;
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
    return k;
}

void run_print_summary(FILE *out, const char *name, const run_buffer *b)
{
    fprintf(out, "%s: %s", name, cli_dtype_name(b->desc.dtype));
    cli_print_shape(out, &b->desc);
    run_stats s = run_output_stats(b);
    if (s.count == 0) {
        fprintf(out, " (empty)\n");
        return;
    }
    /* integers and bool: exact extremes (64-bit, signed or not), the mean in double */
    if (!s.floating && s.is_signed)
        fprintf(out, " min=%lld max=%lld", (long long)s.imin, (long long)s.imax);
    else if (!s.floating)
        fprintf(out, " min=%llu max=%llu", (unsigned long long)s.umin, (unsigned long long)s.umax);
    else if (s.count == s.nans)
        fprintf(out, " min=nan max=nan");
    else
        fprintf(out, " min=%.6g max=%.6g", s.min, s.max);
    fprintf(out, " mean=%.6g", s.mean);
    if (s.nans)
        fprintf(out, " nan=%zu", s.nans);
    fputc('\n', out);
    size_t classes = run_class_count(&b->desc), index[RUN_TOP_K];
    double value[RUN_TOP_K];
    if (!classes)
        return;
    size_t k = run_top_values(b, classes, index, value);
    fprintf(out, "  top-%zu:", classes < RUN_TOP_K ? classes : RUN_TOP_K);
    for (size_t j = 0; j < k; j++)
        fprintf(out, "%s %zu (%.4g)", j ? "," : "", index[j], value[j]);
    fputc('\n', out);
}
