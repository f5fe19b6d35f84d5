/* softmax_fast.c — float32 softmax along one axis, the lines (outer x inner pairs around the
 * axis) spread over the pool, each line by one thread (so any thread count gives the same
 * bytes). As ops/softmax.c: a NaN or infinite maximum makes the line NaN; else exp(x - max)
 * in float (cpu/vmath.h), summed in double, times 1 / sum rounded once: within a few ULP of
 * the reference, not its bytes (tests/unit/cpu/test_cpu_vmath.c). */
#include "cpu/kernels.h"
#include "cpu/vmath.h"
#include "ir/shape.h"

#include <math.h>

typedef struct softmax_job {
    const float *x;
    float *y;
    size_t len, inner, lines_per_task, lines;
    nnx_cpu_level level;
} softmax_job;

/* Strided lines are gathered into a buffer of this many floats (on the task's stack): whole
 * when they fit, in pieces otherwise. */
#define BUF 1024

static void nan_line(float *y, size_t step, size_t len)
{
    for (size_t i = 0; i < len; i++)
        y[i * step] = NAN;
}

/* A contiguous line, x == y allowed. */
static void line_contiguous(nnx_cpu_level level, const float *x, float *y, size_t len)
{
    float max = nnx_vmax(level, x, len);
    if (!isfinite(max)) {
        nan_line(y, 1, len);
        return;
    }
    double sum = nnx_vexp_sum(level, x, max, y, len);
    nnx_vscale(level, y, 1.0 / sum, len);
}

static void gather(const float *x, size_t step, float *buf, size_t n)
{
    for (size_t i = 0; i < n; i++)
        buf[i] = x[i * step];
}

static void scatter(const float *buf, float *y, size_t step, size_t n)
{
    for (size_t i = 0; i < n; i++)
        y[i * step] = buf[i];
}

/* A line of elements step apart: through the buffer, whole when it fits (then exactly as a
 * contiguous line), else piece by piece with the sum taken over the pieces' sums. */
static void line_strided(nnx_cpu_level level, const float *x, float *y, size_t step, size_t len, float *buf)
{
    if (len <= BUF) {
        gather(x, step, buf, len);
        line_contiguous(level, buf, buf, len);
        scatter(buf, y, step, len);
        return;
    }
    float max = -INFINITY;
    for (size_t i = 0; i < len; i += BUF) {
        size_t n = len - i < BUF ? len - i : BUF;
        gather(x + i * step, step, buf, n);
        float m = nnx_vmax(level, buf, n);
        max = isnan(m) || m > max ? m : max;
        if (isnan(max))
            break;
    }
    if (!isfinite(max)) {
        nan_line(y, step, len);
        return;
    }
    double sum = 0;
    for (size_t i = 0; i < len; i += BUF) {
        size_t n = len - i < BUF ? len - i : BUF;
        gather(x + i * step, step, buf, n);
        sum += nnx_vexp_sum(level, buf, max, buf, n);
        scatter(buf, y + i * step, step, n);
    }
    for (size_t i = 0; i < len; i += BUF) {
        size_t n = len - i < BUF ? len - i : BUF;
        gather(y + i * step, step, buf, n);
        nnx_vscale(level, buf, 1.0 / sum, n);
        scatter(buf, y + i * step, step, n);
    }
}

static void task(void *arg, size_t t)
{
    const softmax_job *j = arg;
    float buf[BUF];
    size_t first = t * j->lines_per_task, last = first + j->lines_per_task;
    for (size_t l = first; l < last && l < j->lines; l++) {
        size_t o = l / j->inner, i = l % j->inner, base = o * j->len * j->inner + i;
        if (j->inner == 1)
            line_contiguous(j->level, j->x + base, j->y + base, j->len);
        else
            line_strided(j->level, j->x + base, j->y + base, j->inner, j->len, buf);
    }
}

nnx_status nnx_fast_softmax(const nnx_op_args *args, const nnx_view *in, nnx_view *out, const nnx_kernel_env *env)
{
    const nnx_operand_desc *d = &in[0].desc;
    uint32_t axis = args->attrs->axis.axis;
    size_t outer = nnx_shape_elements(d->shape, axis),
           inner = nnx_shape_elements(d->shape + axis + 1, d->rank - axis - 1);
    softmax_job j = {in[0].data, out->data, d->shape[axis], inner, 0, outer * inner, nnx_cpu_level_get()};
    unsigned threads = nnx_pool_threads(env->pool);
    j.lines_per_task = (j.lines + threads * 4 - 1) / (threads * 4);
    if (j.lines_per_task == 0)
        return NNX_OK;
    nnx_pool_for(env->pool, (j.lines + j.lines_per_task - 1) / j.lines_per_task, task, &j);
    return NNX_OK;
}
