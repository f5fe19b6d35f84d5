/* movement_fast.c — transpose and slice for every dtype, and float32 sum/mean reductions over
 * trailing axes, without the reference kernels' per-element index arithmetic and type
 * dispatch: the output is walked row by row; a row whose source is contiguous is one
 * memcpy, others copy elements of the type's size. Reductions sum in double in the
 * reference's order and round once. All give the reference kernels' bytes. */
#include "cpu/kernels.h"
#include "ir/dtypes.h"
#include "ops/shape.h"

#include <string.h>

/* out (row-major, shape/rank) from src element offsets base + sum idx[d] * stride[d]. */
static void strided_copy(const void *src, size_t base, const uint64_t *stride, void *out, const uint32_t *shape,
                         uint32_t rank, size_t es)
{
    const unsigned char *s = src;
    unsigned char *o = out;
    if (rank == 0) {
        memcpy(o, s + base * es, es);
        return;
    }
    size_t n = shape[rank - 1], step = (size_t)stride[rank - 1], done = 0;
    uint32_t idx[NNX_MAX_RANK] = {0};
    do {
        size_t at = base;
        for (uint32_t d = 0; d + 1 < rank; d++)
            at += idx[d] * stride[d];
        unsigned char *row = o + done * es;
        if (step == 1) {
            memcpy(row, s + at * es, n * es);
        } else if (es == 4) {
            for (size_t i = 0; i < n; i++)
                memcpy(row + 4 * i, s + (at + i * step) * 4, 4);
        } else {
            for (size_t i = 0; i < n; i++)
                memcpy(row + es * i, s + (at + i * step) * es, es);
        }
        done += n;
    } while (nnx_index_next(idx, shape, rank - 1));
}

nnx_status nnx_fast_transpose(const nnx_node *node, const nnx_view *in, nnx_view *out, const nnx_kernel_env *env)
{
    (void)env;
    uint32_t rank = out->desc.rank;
    uint64_t in_strides[NNX_MAX_RANK], s[NNX_MAX_RANK];
    nnx_strides(in[0].desc.shape, rank, in_strides);
    for (uint32_t i = 0; i < rank; i++)
        s[i] = in_strides[node->attrs.transpose.perm[i]];
    strided_copy(in[0].data, 0, s, out->data, out->desc.shape, rank, nnx_dtype_size(out->desc.dtype));
    return NNX_OK;
}

nnx_status nnx_fast_slice(const nnx_node *node, const nnx_view *in, nnx_view *out, const nnx_kernel_env *env)
{
    (void)env;
    const nnx_attr_slice *a = &node->attrs.slice;
    uint32_t rank = out->desc.rank;
    uint64_t s[NNX_MAX_RANK], step[NNX_MAX_RANK];
    nnx_strides(in[0].desc.shape, rank, s);
    size_t base = 0;
    for (uint32_t d = 0; d < rank; d++) {
        base += (size_t)a->starts[d] * s[d];
        step[d] = s[d] * a->strides[d];
    }
    strided_copy(in[0].data, base, step, out->data, out->desc.shape, rank, nnx_dtype_size(out->desc.dtype));
    return NNX_OK;
}

/* The reduced axes are exactly the last `tail` axes (so each output sums one contiguous run). */
uint32_t nnx_fast_reduce_tail(const nnx_operand_desc *x, uint32_t axes_mask)
{
    uint32_t tail = 0;
    while (tail < x->rank && (axes_mask >> (x->rank - 1 - tail)) & 1u)
        tail++;
    return axes_mask >> (x->rank - tail) == 0 || (axes_mask & ((1u << (x->rank - tail)) - 1)) ? 0 : tail;
}

/* Rows [lo, hi) of a reduction: each row's sum in double in order, as the reference. */
typedef struct reduce_job {
    const float *x;
    float *y;
    size_t run, outer, per;
    bool mean;
} reduce_job;

static void reduce_rows(void *arg, size_t t)
{
    const reduce_job *j = arg;
    size_t lo = t * j->per, hi = lo + j->per < j->outer ? lo + j->per : j->outer, o = lo;
    double div = (double)j->run;
    for (; o + 8 <= hi; o += 8) { /* eight rows' sums side by side: eight chains of adds, not one */
        double s[8] = {0};
        const float *x = j->x + o * j->run;
        for (size_t i = 0; i < j->run; i++)
            for (size_t r = 0; r < 8; r++)
                s[r] += x[r * j->run + i];
        for (size_t r = 0; r < 8; r++)
            j->y[o + r] = (float)(j->mean ? s[r] / div : s[r]);
    }
    for (; o < hi; o++) {
        double sum = 0.0;
        for (size_t i = 0; i < j->run; i++)
            sum += j->x[o * j->run + i];
        j->y[o] = (float)(j->mean ? sum / div : sum);
    }
}

nnx_status nnx_fast_reduce(const nnx_node *node, const nnx_view *in, nnx_view *out, const nnx_kernel_env *env)
{
    const nnx_operand_desc *d = &in[0].desc;
    uint32_t tail = nnx_fast_reduce_tail(d, node->attrs.reduce.axes_mask);
    size_t run = nnx_shape_elements(d->shape + d->rank - tail, tail), outer = nnx_shape_elements(d->shape, d->rank - tail);
    size_t tasks = run * outer >= ((size_t)1 << 15) ? nnx_pool_threads(env->pool) : 1;
    reduce_job j = {in[0].data, out->data, run, outer, (outer + tasks - 1) / tasks, node->op == NNX_OP_REDUCE_MEAN};
    if (outer)
        nnx_pool_for(tasks > 1 ? env->pool : NULL, (outer + j.per - 1) / j.per, reduce_rows, &j);
    return NNX_OK;
}
