/* window_reverse.c — shape inference and reference kernels of DEBOX and DESAMPLE, the reverse
 * sliding windows (NNEF 1.0.2 §4.3 shape formulas and border modes, §4.3.2 debox, §4.3.3
 * desample). Output extent per axis: attrs.window.output_shape, else X = (x - 1) * s + f_d - p - q;
 * output i takes the input at (i + p - j*d) / s for the window positions j where that division is
 * exact. */
#include "ir/dtypes.h"
#include "ops/table.h"
#include "ir/elem.h"
#include "ir/shape.h"
#include "ops/window.h"

/* Mathematical floor division and the matching non-negative remainder (b > 0). */
static int64_t floor_div(int64_t a, int64_t b) { return a / b - (a % b != 0 && a < 0); }
static int64_t floor_mod(int64_t a, int64_t b) { return a - floor_div(a, b) * b; }

/* The input indices q = n / s that an output axis of extent X reads, over the numerators
 * n = i + p - j*d (i < X, j < f) divisible by s; false when there are none. */
static bool read_range(int64_t X, int64_t f, int64_t s, int64_t d, int64_t p, int64_t *qmin, int64_t *qmax)
{
    bool any = false;
    for (int64_t j = 0; j < f && X > 0; j++) {
        int64_t lo = p - j * d, hi = X - 1 + p - j * d;
        int64_t first = -floor_div(-lo, s), last = floor_div(hi, s); /* ceil(lo / s), floor(hi / s) */
        if (first > last)
            continue;
        *qmin = any && *qmin < first ? *qmin : first;
        *qmax = any && *qmax > last ? *qmax : last;
        any = true;
    }
    return any;
}

/* Checks one axis and computes its output extent X. A given extent must down-scale to the
 * input's: floor((p + X + q - f_d) / s) + 1 == x with p + X + q >= f_d (NNEF 1.0.2 §4.3). The
 * border maps the indices read outside [0, x) as for box, so reflections are bounded the same
 * way (NNEF decision 23), exactly over the indices some output really reads. */
static nnx_status reverse_axis(const nnx_attr_window *a, uint32_t k, uint32_t x, uint32_t *out, nnx_error *err)
{
    int64_t f = a->size[k], s = a->stride[k], d = a->dilation[k], p = a->pad_begin[k], q = a->pad_end[k], X;
    if (f < 1 || s < 1 || d < 1)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                             "axis %u: size %lld, stride %lld, dilation %lld must be >= 1", k, (long long)f,
                             (long long)s, (long long)d);
    int64_t fd = (f - 1) * d + 1; /* < 2^62: int32 factors */
    if (a->output_shape[k] != 0) {
        X = a->output_shape[k];
        int64_t padded = p + X + q, back = padded < fd ? -1 : (padded - fd) / s + 1;
        if (back != (int64_t)x)
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                                 "axis %u: output extent %lld does not down-scale to the input extent %u (padded %lld, "
                                 "dilated window %lld, stride %lld)",
                                 k, (long long)X, x, (long long)padded, (long long)fd, (long long)s);
    } else if (x == 0) {
        X = 0;
    } else {
        X = ((int64_t)x - 1) * s + fd - p - q;
        if (X < 1)
            return nnx_error_set(
                err, NNX_ERROR_INVALID_ARGUMENT,
                "axis %u: up-scaled extent (%u - 1) * %lld + %lld - %lld - %lld = %lld is not positive", k, x,
                (long long)s, (long long)fd, (long long)p, (long long)q, (long long)X);
    }
    if (X > INT32_MAX)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "axis %u: output extent %lld exceeds 2^31-1", k,
                             (long long)X);
    int64_t qmin, qmax;
    if (read_range(X, f, s, d, p, &qmin, &qmax)) {
        nnx_status st = nnx_window_check_reach(a->border, k, x, -qmin, qmax - ((int64_t)x - 1), "reads", "input extent",
                                               err);
        if (st != NNX_OK)
            return st;
    }
    *out = (uint32_t)X;
    return NNX_OK;
}

nnx_status nnx_infer_window_reverse(const nnx_op_args *args, const nnx_operand_desc *const *in, nnx_operand_desc *out,
                                    nnx_error *err)
{
    const nnx_attr_window *a = &args->attrs->window;
    const nnx_operand_desc *x = in[0];
    if (!nnx_dtype_is_float(x->dtype))
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "input type %s is not a floating-point type",
                             nnx_dtype_name(x->dtype));
    if (!nnx_window_border_name(a->border))
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "border %d is unknown", (int)a->border);
    if (args->op == NNX_OP_DESAMPLE && a->border != NNX_WINDOW_CONSTANT)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "border '%s': desample allows 'constant' only",
                             nnx_window_border_name(a->border));
    int64_t vol;
    if (!nnx_window_volume(a, x->rank, &vol))
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "window volume is not in 1..2^31-1");
    *out = *x;
    for (uint32_t k = 0; k < x->rank; k++) {
        nnx_status st = reverse_axis(a, k, x->shape[k], &out->shape[k], err);
        if (st != NNX_OK)
            return st;
    }
    return args->op == NNX_OP_DESAMPLE ? nnx_window_check_index(in[1], x, "the input", err) : NNX_OK;
}

/* ---------------------------------------------------------------- kernels */

/* Window position j of output i: 0 when some (i + p - j*d) is not divisible by s (no term),
 * else 1 with *q the input coordinates (i + p - j*d) / s, possibly outside the input. */
static bool reverse_term(const nnx_attr_window *a, uint32_t rank, const uint32_t *i, const uint32_t *j, int64_t *q)
{
    for (uint32_t k = 0; k < rank; k++) {
        int64_t n = (int64_t)i[k] + a->pad_begin[k] - (int64_t)j[k] * a->dilation[k];
        if (floor_mod(n, a->stride[k]) != 0)
            return false;
        q[k] = floor_div(n, a->stride[k]);
    }
    return true;
}

/* debox: sum over the terms of x~ at q; constant reads 0 outside, ignore skips the term.
 * normalize divides by the window volume, under 'ignore' by the number of terms taken (a
 * position without any gives 0), as box does (NNEF decision 15). */
nnx_status nnx_ref_debox(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    nnx_window_walk w;
    nnx_window_walk_init(&w, args, &in[0].desc);
    const nnx_operand_desc *x = w.x, *y = &out->desc;
    uint32_t r = x->rank;
    double vol = 1.0;
    for (uint32_t k = 0; k < r; k++)
        vol *= w.a->size[k];
    if (nnx_shape_elements(y->shape, y->rank) == 0)
        return NNX_OK;
    uint32_t i[NNX_MAX_RANK] = {0};
    size_t oi = 0;
    do {
        uint32_t j[NNX_MAX_RANK] = {0};
        double sum = 0.0;
        uint64_t count = 0;
        do {
            int64_t q[NNX_MAX_RANK], src;
            if (reverse_term(w.a, r, i, j, q) && (src = nnx_window_offset(&w, w.a->border, q)) >= 0) {
                sum += nnx_load_f(x->dtype, in[0].data, (size_t)src);
                count++;
            }
        } while (nnx_index_next(j, w.size, r));
        nnx_store_f(y->dtype, out->data, oi++, nnx_window_normalize(w.a, sum, count, vol));
    } while (nnx_index_next(i, y->shape, y->rank));
    return NNX_OK;
}

/* desample: output i sums x[o] over the window positions j (flattened row-major over size)
 * whose term lands inside the input at o = (i + p - j*d) / s with index[o] == j (NNEF 1.0.2
 * §4.3.3); several inputs landing on one output add up. */
nnx_status nnx_ref_desample(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    nnx_window_walk w;
    nnx_window_walk_init(&w, args, &in[0].desc);
    const nnx_operand_desc *x = w.x, *y = &out->desc;
    nnx_dtype it = in[1].desc.dtype;
    uint32_t r = x->rank;
    if (nnx_shape_elements(y->shape, y->rank) == 0)
        return NNX_OK;
    uint32_t i[NNX_MAX_RANK] = {0};
    size_t oi = 0;
    do {
        uint32_t j[NNX_MAX_RANK] = {0};
        int64_t flat = 0;
        double sum = 0.0;
        do {
            int64_t q[NNX_MAX_RANK], src; /* 'constant': inside the input or nothing */
            if (reverse_term(w.a, r, i, j, q) && (src = nnx_window_offset(&w, NNX_WINDOW_CONSTANT, q)) >= 0 &&
                nnx_load_i(it, in[1].data, (size_t)src) == flat)
                sum += nnx_load_f(x->dtype, in[0].data, (size_t)src);
            flat++;
        } while (nnx_index_next(j, w.size, r));
        nnx_store_f(y->dtype, out->data, oi++, sum);
    } while (nnx_index_next(i, y->shape, y->rank));
    return NNX_OK;
}
