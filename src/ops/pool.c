/* pool.c — shape inference and reference kernel of AVG_POOL, L2_POOL and MAX_POOL, WebNN
 * averagePool2d / l2Pool2d / maxPool2d (#api-mlgraphbuilder-pool2d, algorithm "create a pooling
 * operation"). The output size is WebNN's conv formula with dilation on the window, floored
 * or ceiled, or given explicitly. Padding never contributes values: average divides by the
 * number of in-bounds elements, l2 is the root of their sum of squares, max their maximum. */
#include "ir/dtypes.h"
#include "ops/table.h"
#include "ir/elem.h"
#include "ir/shape.h"

#include <math.h>

/* One spatial axis: WebNN "calculate conv output size" with the window as the filter,
 *   calculated = (in - ((window - 1) * dilation + 1) + pb + pe) / stride + 1,
 * as its floor and its ceiling, each 0 when not positive. Exact: the numerator is negated
 * into `deficit` when the effective window exceeds the padded input, so nothing wraps. */
typedef struct pool_extent {
    uint32_t in, window, pb, pe, stride, dilation;
    uint64_t floor_size, ceil_size;
} pool_extent;

static void pool_sizes(pool_extent *e)
{
    uint64_t eff = (uint64_t)(e->window - 1) * e->dilation + 1;
    uint64_t padded = (uint64_t)e->in + e->pb + e->pe;
    if (padded >= eff) {
        uint64_t num = padded - eff;
        e->floor_size = num / e->stride + 1;
        e->ceil_size = (num + e->stride - 1) / e->stride + 1;
    } else {
        /* calculated = 1 - deficit / stride < 1: floor <= 0; ceil is 1 iff deficit < stride. */
        uint64_t deficit = eff - padded;
        e->floor_size = 0;
        e->ceil_size = deficit < e->stride ? 1 : 0;
    }
}

/* WebNN: the output size must be a valid dimension (here 1..UINT32_MAX). */
static nnx_status check_size(const char *what, const pool_extent *e, uint64_t size, nnx_error *err)
{
    if (size == 0)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                             "output %s is less than 1 (input %u, padding %u + %u, window %u, dilation %u, stride %u)",
                             what, e->in, e->pb, e->pe, e->window, e->dilation, e->stride);
    if (size > UINT32_MAX)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "output %s %llu exceeds the largest dimension %u", what,
                             (unsigned long long)size, UINT32_MAX);
    return NNX_OK;
}

/* WebNN pooling steps on types and options: allowed data type (average, l2: float only;
 * max: any), rank 4, nonzero window, strides and dilations, known layout and rounding. */
static nnx_status check_input(nnx_op op, const nnx_attr_pool *a, const nnx_operand_desc *x, nnx_error *err)
{
    uint32_t pos[4];
    if ((op == NNX_OP_AVG_POOL || op == NNX_OP_L2_POOL) && !nnx_dtype_is_float(x->dtype))
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "input type %s is not a floating-point type",
                             nnx_dtype_name(x->dtype));
    if (x->rank != 4)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "input has rank %u, expected 4", x->rank);
    if (a->window[0] == 0 || a->window[1] == 0)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "window dimensions [%u, %u] contain 0", a->window[0],
                             a->window[1]);
    if (nnx_check_window_steps(a->strides, a->dilations, err) != NNX_OK)
        return err->status;
    if (!nnx_input_layout_axes(a->layout, pos))
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "unknown layout %d", (int)a->layout);
    if (a->rounding != NNX_ROUNDING_DEFAULT && a->rounding != NNX_ROUNDING_FLOOR && a->rounding != NNX_ROUNDING_CEIL)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "unknown output shape rounding %d", (int)a->rounding);
    return NNX_OK;
}

/* WebNN pooling "calculate the output shape": explicit outputSizes must equal the floor
 * pair or the ceil pair of the calculated sizes; otherwise the rounding decides. */
static nnx_status choose_sizes(const nnx_attr_pool *a, const pool_extent e[2], uint64_t size[2], nnx_error *err)
{
    if (a->has_output_sizes) {
        const uint32_t *o = a->output_sizes;
        bool is_floor = o[0] == e[0].floor_size && o[1] == e[1].floor_size;
        bool is_ceil = o[0] == e[0].ceil_size && o[1] == e[1].ceil_size;
        if (!is_floor && !is_ceil)
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                                 "output sizes [%u, %u] are neither the floor sizes [%llu, %llu] nor the ceil sizes "
                                 "[%llu, %llu]",
                                 o[0], o[1], (unsigned long long)e[0].floor_size, (unsigned long long)e[1].floor_size,
                                 (unsigned long long)e[0].ceil_size, (unsigned long long)e[1].ceil_size);
        size[0] = o[0];
        size[1] = o[1];
        return NNX_OK;
    }
    bool ceil_mode = a->rounding == NNX_ROUNDING_CEIL;
    size[0] = ceil_mode ? e[0].ceil_size : e[0].floor_size;
    size[1] = ceil_mode ? e[1].ceil_size : e[1].floor_size;
    return NNX_OK;
}

nnx_status nnx_infer_pool(const nnx_op_args *args, const nnx_operand_desc *const *in, nnx_operand_desc *out,
                          nnx_error *err)
{
    const nnx_attr_pool *a = &args->attrs->pool;
    const nnx_operand_desc *x = in[0];
    nnx_status st = check_input(args->op, a, x, err);
    if (st != NNX_OK)
        return st;
    uint32_t pos[4];
    nnx_input_layout_axes(a->layout, pos);
    pool_extent e[2];
    for (int i = 0; i < 2; i++) {
        e[i] = (pool_extent){x->shape[pos[NNX_AX_H + i]],
                             a->window[i],
                             a->pads[2 * i],
                             a->pads[2 * i + 1],
                             a->strides[i],
                             a->dilations[i],
                             0,
                             0};
        pool_sizes(&e[i]);
    }
    uint64_t size[2] = {0, 0};
    st = choose_sizes(a, e, size, err);
    if (st == NNX_OK)
        st = check_size("height", &e[0], size[0], err);
    if (st == NNX_OK)
        st = check_size("width", &e[1], size[1], err);
    if (st != NNX_OK)
        return st;
    if (x->shape[pos[NNX_AX_N]] == 0 || x->shape[pos[NNX_AX_C]] == 0)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                             "output shape has a 0 dimension (batches %u, channels %u)", x->shape[pos[NNX_AX_N]],
                             x->shape[pos[NNX_AX_C]]);
    *out = *x; /* same type, layout, batches and channels */
    out->shape[pos[NNX_AX_H]] = (uint32_t)size[0];
    out->shape[pos[NNX_AX_W]] = (uint32_t)size[1];
    return NNX_OK;
}

/* ---------------------------------------------------------------- kernel */

/* Sizes and element strides of input and output by logical axis N, C, H, W. */
typedef struct pool_ctx {
    const nnx_attr_pool *a;
    nnx_dtype dt;
    nnx_dtype_kind kind;
    bool average, l2;
    const void *x;
    uint32_t xsize[4], ysize[4];
    uint64_t xs[4], ys[4];
} pool_ctx;

/* The running value of one window. Max keeps the value in the representation of the
 * type's kind (double, int64, uint64) so integer compares respect signedness. */
typedef struct pool_acc {
    double sum, fmax;
    int64_t imax;
    uint64_t umax, count, taken; /* taken: non-NaN values seen (max_pool nan_mode IGNORE) */
} pool_acc;

/* The lowest value of a type: the identity of max, and the result of a window that holds
 * no in-bounds element. -inf for floats, except the types without infinities (their lowest
 * finite value, nnx_float_lowest). */
static void acc_init(const pool_ctx *p, pool_acc *acc)
{
    memset(acc, 0, sizeof *acc);
    acc->fmax = nnx_float_lowest(p->dt);
    acc->imax = nnx_dtype_int_min(p->dt);
}

/* Adds input element i to the window's value. Max propagates NaN (as IEEE maximum does):
 * once a NaN is taken, no later value replaces it. */
static void acc_take(const pool_ctx *p, size_t i, pool_acc *acc)
{
    acc->count++;
    if (p->average || p->l2) {
        double v = nnx_load_f(p->dt, p->x, i);
        acc->sum += p->l2 ? v * v : v;
        return;
    }
    switch (p->kind) {
    case NNX_KIND_FLOAT: {
        double v = nnx_load_f(p->dt, p->x, i);
        if (p->a->nan_mode == NNX_NAN_IGNORE) { /* TOSA MAX_POOL2D: NaN skipped; all-NaN gives NaN */
            if (isnan(v))
                acc->fmax = acc->taken ? acc->fmax : v;
            else
                acc->fmax = acc->taken++ && acc->fmax >= v ? acc->fmax : v;
        } else if (!isnan(acc->fmax) && (isnan(v) || v > acc->fmax)) {
            acc->fmax = v;
        }
        break;
    }
    case NNX_KIND_SINT: {
        int64_t v = nnx_load_i(p->dt, p->x, i);
        acc->imax = v > acc->imax ? v : acc->imax;
        break;
    }
    default: { /* UINT, BOOL */
        uint64_t v = nnx_load_u(p->dt, p->x, i);
        acc->umax = v > acc->umax ? v : acc->umax;
        break;
    }
    }
}

/* Visits the in-bounds taps of the window of output (n, c, oh, ow): rows start at
 * oh * strideH - beginPaddingH and are dilationH apart (columns likewise). A window that
 * runs into the padding, or past the input end under ceil rounding, only sees its
 * in-bounds taps. */
static void pool_window(const pool_ctx *p, uint32_t n, uint32_t c, uint32_t oh, uint32_t ow, pool_acc *acc)
{
    const nnx_attr_pool *a = p->a;
    for (uint32_t kh = 0; kh < a->window[0]; kh++) {
        int64_t ih = (int64_t)oh * a->strides[0] - a->pads[0] + (int64_t)kh * a->dilations[0];
        if (ih < 0 || ih >= p->xsize[NNX_AX_H])
            continue;
        for (uint32_t kw = 0; kw < a->window[1]; kw++) {
            int64_t iw = (int64_t)ow * a->strides[1] - a->pads[2] + (int64_t)kw * a->dilations[1];
            if (iw < 0 || iw >= p->xsize[NNX_AX_W])
                continue;
            acc_take(p,
                     n * p->xs[NNX_AX_N] + c * p->xs[NNX_AX_C] + (uint64_t)ih * p->xs[NNX_AX_H] +
                         (uint64_t)iw * p->xs[NNX_AX_W],
                     acc);
        }
    }
}

/* Stores a window's result. Average and l2 of a window without in-bounds elements are 0. */
static void acc_store(const pool_ctx *p, const pool_acc *acc, void *y, size_t i)
{
    if (p->l2) {
        nnx_store_f(p->dt, y, i, sqrt(acc->sum));
        return;
    }
    if (p->average) {
        nnx_store_f(p->dt, y, i, acc->count ? acc->sum / (double)acc->count : 0.0);
        return;
    }
    switch (p->kind) {
    case NNX_KIND_FLOAT: nnx_store_f(p->dt, y, i, acc->fmax); break;
    case NNX_KIND_SINT: nnx_store_i(p->dt, y, i, acc->imax); break;
    default: {
        int64_t bits;
        memcpy(&bits, &acc->umax, sizeof bits); /* same bits; avoids an out-of-range conversion */
        nnx_store_i(p->dt, y, i, bits);
        break;
    }
    }
}

static void pool_context(const nnx_op_args *args, const nnx_view *x, const nnx_view *y, pool_ctx *p)
{
    uint32_t pos[4];
    uint64_t xs[4], ys[4];
    nnx_input_layout_axes(args->attrs->pool.layout, pos);
    nnx_strides(x->desc.shape, 4, xs);
    nnx_strides(y->desc.shape, 4, ys);
    p->a = &args->attrs->pool;
    p->dt = x->desc.dtype;
    p->kind = nnx_dtype_kind_of(p->dt);
    p->average = args->op == NNX_OP_AVG_POOL;
    p->l2 = args->op == NNX_OP_L2_POOL;
    p->x = x->data;
    for (int i = 0; i < 4; i++) {
        p->xsize[i] = x->desc.shape[pos[i]];
        p->ysize[i] = y->desc.shape[pos[i]];
        p->xs[i] = xs[pos[i]];
        p->ys[i] = ys[pos[i]];
    }
}

nnx_status nnx_ref_pool(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    pool_ctx p;
    pool_context(args, &in[0], out, &p);
    for (uint32_t n = 0; n < p.ysize[NNX_AX_N]; n++)
        for (uint32_t c = 0; c < p.ysize[NNX_AX_C]; c++)
            for (uint32_t oh = 0; oh < p.ysize[NNX_AX_H]; oh++)
                for (uint32_t ow = 0; ow < p.ysize[NNX_AX_W]; ow++) {
                    pool_acc acc;
                    acc_init(&p, &acc);
                    pool_window(&p, n, c, oh, ow, &acc);
                    acc_store(&p, &acc, out->data,
                              n * p.ys[NNX_AX_N] + c * p.ys[NNX_AX_C] + oh * p.ys[NNX_AX_H] + ow * p.ys[NNX_AX_W]);
                }
    return NNX_OK;
}
