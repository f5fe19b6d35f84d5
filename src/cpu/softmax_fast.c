/* softmax_fast.c — float32 softmax along one axis without the reference kernel's per-element
 * type dispatch, with the lines (outer x inner pairs around the axis) spread over the pool.
 * Each line is computed exactly as ops/softmax.c does — max, then the sum of exp(x - max)
 * in double, then exp(x - max) / sum rounded once — so the results are its bytes. */
#include "cpu/kernels.h"
#include "ops/shape.h"

#include <math.h>

typedef struct softmax_job {
    const float *x;
    float *y;
    size_t len, inner, lines_per_task, lines;
} softmax_job;

/* Lines up to this length keep their exp terms (in double) on the stack, so each is computed
 * once instead of twice; the values and the sum are the reference's, so are the bytes. */
#define LINE_MAX 1024

static void line(const float *x, float *y, size_t step, size_t len)
{
    double max = -INFINITY;
    for (size_t i = 0; i < len; i++) {
        double v = x[i * step];
        max = (v > max || isnan(v)) && !isnan(max) ? v : max;
    }
    double sum = 0, terms[LINE_MAX];
    bool keep = len <= LINE_MAX;
    for (size_t i = 0; i < len; i++) {
        double e = exp(x[i * step] - max);
        if (keep)
            terms[i] = e;
        sum += e;
    }
    for (size_t i = 0; i < len; i++)
        y[i * step] = (float)((keep ? terms[i] : exp(x[i * step] - max)) / sum);
}

static void task(void *arg, size_t t)
{
    const softmax_job *j = arg;
    size_t first = t * j->lines_per_task, last = first + j->lines_per_task;
    for (size_t l = first; l < last && l < j->lines; l++) {
        size_t o = l / j->inner, i = l % j->inner, base = o * j->len * j->inner + i;
        line(j->x + base, j->y + base, j->inner, j->len);
    }
}

nnx_status nnx_fast_softmax(const nnx_node *node, const nnx_view *in, nnx_view *out, const nnx_kernel_env *env)
{
    const nnx_operand_desc *d = &in[0].desc;
    uint32_t axis = node->attrs.axis.axis;
    size_t outer = nnx_shape_elements(d->shape, axis), inner = nnx_shape_elements(d->shape + axis + 1, d->rank - axis - 1);
    softmax_job j = {in[0].data, out->data, d->shape[axis], inner, 0, outer * inner};
    unsigned threads = nnx_pool_threads(env->pool);
    j.lines_per_task = (j.lines + threads * 4 - 1) / (threads * 4);
    if (j.lines_per_task == 0)
        return NNX_OK;
    nnx_pool_for(env->pool, (j.lines + j.lines_per_task - 1) / j.lines_per_task, task, &j);
    return NNX_OK;
}
