/* window.c — shape inference and reference kernels of BOX, ARGMAX_POOL and SAMPLE, NNEF's
 * rank-generic sliding windows (NNEF 1.0.2 §4.3 shape formulas and border modes, §4.3.2
 * box, §4.3.3 argmax_pool / sample). Output extent per axis: floor((p + X + q - f_d) / s) + 1 with
 * f_d = (f - 1) * d + 1; the window of output o on axis k reads o*s + j*d - p, j < f. */
#include "ir/dtypes.h"
#include "ops/table.h"
#include "ir/elem.h"
#include "ir/shape.h"
#include "ops/window.h"

#include <math.h>

/* Checks one axis and computes its output extent. Reflections reaching past the far edge
 * are rejected as for pad (nnx_window_check_reach). */
static nnx_status window_axis(const nnx_attr_window *a, uint32_t k, uint32_t z, uint32_t *out, nnx_error *err)
{
    int64_t f = a->size[k], s = a->stride[k], d = a->dilation[k], p = a->pad_begin[k], q = a->pad_end[k];
    if (f < 1 || s < 1 || d < 1)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                             "axis %u: size %lld, stride %lld, dilation %lld must be >= 1", k, (long long)f,
                             (long long)s, (long long)d);
    int64_t fd = (f - 1) * d + 1, padded = p + (int64_t)z + q; /* both < 2^63: int32 factors */
    if (padded < fd)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                             "axis %u: padded extent %lld is less than the dilated window %lld", k, (long long)padded,
                             (long long)fd);
    int64_t x = (padded - fd) / s + 1;
    if (x > INT32_MAX)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "axis %u: output extent %lld exceeds 2^31-1", k,
                             (long long)x);
    nnx_status st = nnx_window_check_reach(a->border, k, z, p, (x - 1) * s + fd - 1 - p - ((int64_t)z - 1), "reaches",
                                           "extent", err);
    if (st != NNX_OK)
        return st;
    *out = (uint32_t)x;
    return NNX_OK;
}

nnx_status nnx_infer_window(const nnx_op_args *args, const nnx_operand_desc *const *in, nnx_operand_desc *out,
                            nnx_error *err)
{
    const nnx_attr_window *a = &args->attrs->window;
    const nnx_operand_desc *x = in[0];
    if (x->dtype == NNX_DTYPE_UNDEFINED)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "input type undefined is not allowed");
    if (args->op == NNX_OP_BOX && !nnx_dtype_is_float(x->dtype))
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "input type %s is not a floating-point type",
                             nnx_dtype_name(x->dtype));
    if (!nnx_window_border_name(a->border))
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "border %d is unknown", (int)a->border);
    int64_t vol;
    if (!nnx_window_volume(a, x->rank, &vol))
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "window volume is not in 1..2^31-1");
    *out = *x;
    for (uint32_t k = 0; k < x->rank; k++) {
        nnx_status st = window_axis(a, k, x->shape[k], &out->shape[k], err);
        if (st != NNX_OK)
            return st;
    }
    if (args->op == NNX_OP_ARGMAX_POOL)
        out->dtype = NNX_INT32;
    return args->op == NNX_OP_SAMPLE ? nnx_window_check_index(in[1], out, "the output", err) : NNX_OK;
}

/* ---------------------------------------------------------------- kernels */

/* Element offset of window position j of output o, or -1 if it is out of bounds and unmapped. */
static int64_t walk_source(const nnx_window_walk *w, const uint32_t *o, const uint32_t *j)
{
    const nnx_attr_window *a = w->a;
    int64_t c[NNX_MAX_RANK];
    for (uint32_t k = 0; k < w->x->rank; k++)
        c[k] = (int64_t)o[k] * a->stride[k] + (int64_t)j[k] * a->dilation[k] - a->pad_begin[k];
    return nnx_window_offset(w, a->border, c);
}

/* box: sum of the window; constant 0 adds nothing. normalize divides by the volume, or by
 * the in-bounds count under 'ignore' (NNEF decision 15; a window with none gives 0). */
nnx_status nnx_ref_box(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    nnx_window_walk w;
    nnx_window_walk_init(&w, args, &in[0].desc);
    const nnx_operand_desc *y = &out->desc;
    nnx_dtype dt = w.x->dtype;
    int64_t vol = 1;
    nnx_window_volume(w.a, w.x->rank, &vol);
    if (nnx_shape_elements(y->shape, y->rank) == 0)
        return NNX_OK;
    uint32_t o[NNX_MAX_RANK] = {0};
    size_t oi = 0;
    do {
        uint32_t j[NNX_MAX_RANK] = {0};
        double sum = 0.0;
        uint64_t count = 0;
        do {
            int64_t s = walk_source(&w, o, j);
            if (s >= 0) {
                sum += nnx_load_f(dt, in[0].data, (size_t)s);
                count++;
            }
        } while (nnx_index_next(j, w.size, w.x->rank));
        nnx_store_f(dt, out->data, oi++, nnx_window_normalize(w.a, sum, count, (double)vol));
    } while (nnx_index_next(o, y->shape, y->rank));
    return NNX_OK;
}

/* Whether v beats the running maximum m: strictly greater, NaN beating non-NaN (the first
 * maximum and the first NaN win, as reduce_argmax). */
static bool beats(nnx_dtype_kind kind, nnx_dtype dt, const void *x, int64_t s, bool zero, double *mf, int64_t *mi,
                  uint64_t *mu, bool first)
{
    switch (kind) {
    case NNX_KIND_FLOAT: {
        double v = zero ? 0.0 : nnx_load_f(dt, x, (size_t)s);
        if (first || (!isnan(*mf) && (isnan(v) || v > *mf))) {
            *mf = v;
            return true;
        }
        return false;
    }
    case NNX_KIND_SINT: {
        int64_t v = zero ? 0 : nnx_load_i(dt, x, (size_t)s);
        if (first || v > *mi) {
            *mi = v;
            return true;
        }
        return false;
    }
    default: {
        uint64_t v = zero ? 0 : nnx_load_u(dt, x, (size_t)s);
        if (first || v > *mu) {
            *mu = v;
            return true;
        }
        return false;
    }
    }
}

/* argmax_pool: index within the window, flattened row-major over size (NNEF §4.3.3). 'constant'
 * makes out-of-bounds positions 0-valued candidates; 'ignore' skips them (NNEF
 * §4.3.3, decision 15); a window without candidates gives index 0. */
nnx_status nnx_ref_argmax_pool(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    nnx_window_walk w;
    nnx_window_walk_init(&w, args, &in[0].desc);
    const nnx_operand_desc *y = &out->desc;
    nnx_dtype dt = w.x->dtype;
    nnx_dtype_kind kind = nnx_dtype_kind_of(dt);
    if (nnx_shape_elements(y->shape, y->rank) == 0)
        return NNX_OK;
    uint32_t o[NNX_MAX_RANK] = {0};
    size_t oi = 0;
    do {
        uint32_t j[NNX_MAX_RANK] = {0};
        int64_t flat = 0, best = 0;
        bool first = true;
        double mf = 0;
        int64_t mi = 0;
        uint64_t mu = 0;
        do {
            int64_t s = walk_source(&w, o, j);
            bool zero = s < 0;
            if (!(zero && w.a->border == NNX_WINDOW_IGNORE) &&
                beats(kind, dt, in[0].data, s, zero, &mf, &mi, &mu, first)) {
                best = flat;
                first = false;
            }
            flat++;
        } while (nnx_index_next(j, w.size, w.x->rank));
        nnx_store_i(NNX_INT32, out->data, oi++, best);
    } while (nnx_index_next(o, y->shape, y->rank));
    return NNX_OK;
}

/* sample: the index is decomposed row-major over size into window coordinates (NNEF §4.3.3);
 * out-of-bounds positions read 0 under 'constant' and 'ignore' (NNEF decision 16: an
 * argmax_pool index only points out of bounds when its window has no in-bounds element), and an
 * index outside [0, volume) reads 0 too. */
nnx_status nnx_ref_sample(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    nnx_window_walk w;
    nnx_window_walk_init(&w, args, &in[0].desc);
    const nnx_operand_desc *y = &out->desc;
    nnx_dtype dt = w.x->dtype, it = in[1].desc.dtype;
    size_t es = nnx_dtype_size(dt);
    int64_t vol = 1;
    nnx_window_volume(w.a, w.x->rank, &vol);
    if (nnx_shape_elements(y->shape, y->rank) == 0)
        return NNX_OK;
    uint32_t o[NNX_MAX_RANK] = {0};
    size_t oi = 0;
    do {
        int64_t flat = nnx_load_i(it, in[1].data, oi), s = -1;
        if (flat >= 0 && flat < vol) {
            uint32_t j[NNX_MAX_RANK] = {0};
            for (uint32_t k = w.x->rank; k-- > 0;) {
                j[k] = (uint32_t)(flat % w.size[k]);
                flat /= w.size[k];
            }
            s = walk_source(&w, o, j);
        }
        if (s >= 0)
            nnx_copy_elem(es, out->data, oi, in[0].data, (size_t)s);
        else
            memset((unsigned char *)out->data + oi * es, 0, es);
        oi++;
    } while (nnx_index_next(o, y->shape, y->rank));
    return NNX_OK;
}

/* ---------------------------------------------------------------- shared (ops/window.h) */

const char *nnx_window_border_name(nnx_window_border b)
{
    switch (b) {
    case NNX_WINDOW_IGNORE: return "ignore";
    case NNX_WINDOW_CONSTANT: return "constant";
    case NNX_WINDOW_REPLICATE: return "replicate";
    case NNX_WINDOW_REFLECT: return "reflect";
    case NNX_WINDOW_REFLECT_EVEN: return "reflect-even";
    default: return NULL;
    }
}

bool nnx_window_volume(const nnx_attr_window *a, uint32_t rank, int64_t *vol)
{
    int64_t v = 1;
    for (uint32_t k = 0; k < rank; k++) {
        if (a->size[k] < 1 || v > INT32_MAX / a->size[k])
            return false;
        v *= a->size[k];
    }
    *vol = v;
    return true;
}

nnx_status nnx_window_check_reach(nnx_window_border b, uint32_t k, uint32_t z, int64_t before, int64_t after,
                                  const char *reads, const char *extent, nnx_error *err)
{
    if (b != NNX_WINDOW_REPLICATE && b != NNX_WINDOW_REFLECT && b != NNX_WINDOW_REFLECT_EVEN)
        return NNX_OK;
    int64_t reach = b == NNX_WINDOW_REFLECT ? (int64_t)z - 1 : b == NNX_WINDOW_REFLECT_EVEN ? (int64_t)z : INT64_MAX;
    if (z == 0)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "axis %u is empty: border '%s' has no edge to copy", k,
                             nnx_window_border_name(b));
    if (before > reach || after > reach)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                             "axis %u: border '%s' %s %lld before and %lld past the %s %u (at most %lld)", k,
                             nnx_window_border_name(b), reads, (long long)before, (long long)after, extent, z,
                             (long long)reach);
    return NNX_OK;
}

void nnx_window_walk_init(nnx_window_walk *w, const nnx_op_args *args, const nnx_operand_desc *x)
{
    w->a = &args->attrs->window;
    w->x = x;
    nnx_strides(x->shape, x->rank, w->xs);
    for (uint32_t k = 0; k < x->rank; k++)
        w->size[k] = (uint32_t)w->a->size[k];
}

int64_t nnx_window_offset(const nnx_window_walk *w, nnx_window_border b, const int64_t *c)
{
    uint64_t src = 0;
    for (uint32_t k = 0; k < w->x->rank; k++) {
        int64_t s = nnx_window_source(b, c[k], w->x->shape[k]);
        if (s < 0)
            return -1;
        src += (uint64_t)s * w->xs[k];
    }
    return (int64_t)src;
}

double nnx_window_normalize(const nnx_attr_window *a, double sum, uint64_t count, double vol)
{
    if (!a->normalize)
        return sum;
    double div = a->border == NNX_WINDOW_IGNORE ? (double)count : vol;
    return div > 0 ? sum / div : 0.0;
}

int64_t nnx_window_source(nnx_window_border b, int64_t i, int64_t z)
{
    if (i >= 0 && i < z)
        return i;
    switch (b) {
    case NNX_WINDOW_REPLICATE: return i < 0 ? 0 : z - 1;
    case NNX_WINDOW_REFLECT: return i < 0 ? -i : 2 * z - i - 2;
    case NNX_WINDOW_REFLECT_EVEN: return i < 0 ? -i - 1 : 2 * z - i - 1;
    default: return -1;
    }
}

nnx_status nnx_window_check_index(const nnx_operand_desc *index, const nnx_operand_desc *like, const char *whose,
                                  nnx_error *err)
{
    if (index->dtype != NNX_INT32 && index->dtype != NNX_INT64)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "index type %s is not int32 or int64",
                             nnx_dtype_name(index->dtype));
    nnx_operand_desc want = *like;
    want.dtype = index->dtype;
    if (!nnx_desc_equal(&want, index)) {
        char g[96], w[96];
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "index is %s, expected %s (the shape of %s)",
                             nnx_desc_format(index, g, sizeof g), nnx_desc_format(&want, w, sizeof w), whose);
    }
    return NNX_OK;
}
