/* normalization.c — shape inference and reference kernels of BATCH_NORMALIZATION,
 * INSTANCE_NORMALIZATION and LAYER_NORMALIZATION (WebNN `batchNormalization()`,
 * `instanceNormalization()`, `layerNormalization()`): y = scale * (x - mean) /
 * sqrt(variance + epsilon) + bias, scale absent = 1, bias absent = 0. Batch normalization
 * takes the statistics as inputs; the others compute the mean and the population variance over
 * their axes (two passes, in double). Everything is computed in double and rounded once. */
#include "ir/dtypes.h"
#include "ops/table.h"
#include "ir/elem.h"
#include "ops/index.h"
#include "ir/shape.h"

#include <math.h>

/* ---------------------------------------------------------------- inference */

static nnx_status check_float(const nnx_operand_desc *x, nnx_error *err)
{
    if (nnx_dtype_is_float(x->dtype))
        return NNX_OK;
    return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "input type %s is not a floating-point type",
                         x->dtype == NNX_DTYPE_UNDEFINED ? "undefined" : nnx_dtype_name(x->dtype));
}

/* Optional input i of the node (NULL when absent or beyond the node's inputs). */
static const nnx_operand_desc *opt_in(const nnx_op_args *args, const nnx_operand_desc *const *in, uint32_t i)
{
    return i < args->n_in ? in[i] : NULL;
}

/* A 1-D parameter (mean, variance, scale, bias): the input's type and shape [size], where size
 * is input dimension `axis`. p NULL (absent) is fine. */
static nnx_status check_1d(const char *what, const nnx_operand_desc *p, const nnx_operand_desc *x, uint32_t axis,
                           nnx_error *err)
{
    if (!p)
        return NNX_OK;
    if (p->dtype != x->dtype)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "%s type %s != input type %s", what,
                             nnx_dtype_name(p->dtype), nnx_dtype_name(x->dtype));
    if (p->rank != 1 || p->shape[0] != x->shape[axis]) {
        char s[96];
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "%s shape %s != [%u] (input dimension %u)", what,
                             nnx_format_shape(p->shape, p->rank, s, sizeof s), x->shape[axis], axis);
    }
    return NNX_OK;
}

/* WebNN batchNormalization: input float, axis < rank, then mean, variance, scale, bias. */
nnx_status nnx_infer_batch_normalization(const nnx_op_args *args, const nnx_operand_desc *const *in,
                                         nnx_operand_desc *out, nnx_error *err)
{
    const nnx_operand_desc *x = in[0];
    uint32_t axis = args->attrs->norm.axis;
    nnx_status st = check_float(x, err);
    if (st != NNX_OK)
        return st;
    if (axis >= x->rank)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "axis %u is out of range for rank %u", axis, x->rank);
    static const char *const names[] = {"mean", "variance", "scale", "bias"};
    for (uint32_t i = 1; i < 5 && st == NNX_OK; i++)
        st = check_1d(names[i - 1], opt_in(args, in, i), x, axis, err);
    if (st == NNX_OK && (!in[1] || !in[2]))
        st = nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "mean and variance are required");
    if (st == NNX_OK)
        *out = *x;
    return st;
}

/* WebNN instanceNormalization: input float of rank 4; scale and bias [channels] of the
 * layout (nchw: axis 1, nhwc: axis 3). */
nnx_status nnx_infer_instance_normalization(const nnx_op_args *args, const nnx_operand_desc *const *in,
                                            nnx_operand_desc *out, nnx_error *err)
{
    const nnx_operand_desc *x = in[0];
    nnx_input_layout layout = args->attrs->norm.layout;
    nnx_status st = check_float(x, err);
    if (st != NNX_OK)
        return st;
    if (x->rank != 4)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "input has rank %u, expected 4", x->rank);
    if (layout != NNX_LAYOUT_NCHW && layout != NNX_LAYOUT_NHWC)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "layout %d is not nchw or nhwc", (int)layout);
    uint32_t c = layout == NNX_LAYOUT_NCHW ? 1 : 3;
    st = check_1d("scale", opt_in(args, in, 1), x, c, err);
    if (st == NNX_OK)
        st = check_1d("bias", opt_in(args, in, 2), x, c, err);
    if (st == NNX_OK)
        *out = *x;
    return st;
}

/* scale / bias of layerNormalization: the input's type and rank n_axes (dimension sizes are
 * checked afterwards, as the spec orders it). */
static nnx_status check_layer_param(const char *what, const nnx_operand_desc *p, const nnx_operand_desc *x,
                                    uint32_t n_axes, nnx_error *err)
{
    if (!p)
        return NNX_OK;
    if (p->dtype != x->dtype)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "%s type %s != input type %s", what,
                             nnx_dtype_name(p->dtype), nnx_dtype_name(x->dtype));
    if (p->rank != n_axes)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "%s has rank %u, axes has %u items", what, p->rank,
                             n_axes);
    return NNX_OK;
}

/* WebNN layerNormalization: axes distinct and < rank; scale and bias of rank |axes| with
 * dimension i = input dimension axes[i]. */
nnx_status nnx_infer_layer_normalization(const nnx_op_args *args, const nnx_operand_desc *const *in,
                                         nnx_operand_desc *out, nnx_error *err)
{
    const nnx_attr_norm *a = &args->attrs->norm;
    const nnx_operand_desc *x = in[0], *scale = opt_in(args, in, 1), *bias = opt_in(args, in, 2);
    nnx_status st = check_float(x, err);
    if (st != NNX_OK)
        return st;
    if (a->n_axes > x->rank)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "axes has %u items, the input has rank %u", a->n_axes,
                             x->rank);
    uint32_t seen = 0;
    for (uint32_t i = 0; i < a->n_axes; i++) {
        if (a->axes[i] >= x->rank)
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "axis %u is out of range for rank %u", a->axes[i],
                                 x->rank);
        if (seen & (1u << a->axes[i]))
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "axis %u is given twice", a->axes[i]);
        seen |= 1u << a->axes[i];
    }
    st = check_layer_param("scale", scale, x, a->n_axes, err);
    if (st == NNX_OK)
        st = check_layer_param("bias", bias, x, a->n_axes, err);
    for (uint32_t i = 0; st == NNX_OK && i < a->n_axes; i++) {
        uint32_t size = x->shape[a->axes[i]];
        if (scale && scale->shape[i] != size)
            st = nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "scale dimension %u is %u, input dimension %u is %u", i,
                               scale->shape[i], a->axes[i], size);
        else if (bias && bias->shape[i] != size)
            st = nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "bias dimension %u is %u, input dimension %u is %u", i,
                               bias->shape[i], a->axes[i], size);
    }
    if (st == NNX_OK)
        *out = *x;
    return st;
}

/* ---------------------------------------------------------------- kernels */

/* What the kernels share: the input's geometry, the reduced axes (instance, layer), and the
 * axes that index scale and bias (par[i] -> scale dimension i, with strides ps). */
typedef struct norm_geom {
    nnx_dtype dt;
    uint32_t rank;
    const uint32_t *shape;
    uint64_t xs[NNX_MAX_RANK];
    uint32_t n_red, red[NNX_MAX_RANK], red_shape[NNX_MAX_RANK];
    uint32_t n_keep, keep[NNX_MAX_RANK], keep_shape[NNX_MAX_RANK];
    uint32_t n_par, par[NNX_MAX_RANK];
    uint64_t ps[NNX_MAX_RANK];
    const void *scale, *bias;
    double eps;
} norm_geom;

static void geom_init(norm_geom *g, const nnx_op_args *args, const nnx_view *in, uint32_t red_mask, const uint32_t *par,
                      uint32_t n_par, uint32_t scale_at)
{
    *g = (norm_geom){.dt = in[0].desc.dtype,
                     .rank = in[0].desc.rank,
                     .shape = in[0].desc.shape,
                     .eps = args->attrs->norm.epsilon,
                     .n_par = n_par};
    nnx_strides(g->shape, g->rank, g->xs);
    for (uint32_t d = 0; d < g->rank; d++) {
        if (red_mask & (1u << d)) {
            g->red_shape[g->n_red] = g->shape[d];
            g->red[g->n_red++] = d;
        } else {
            g->keep_shape[g->n_keep] = g->shape[d];
            g->keep[g->n_keep++] = d;
        }
    }
    uint64_t s = 1;
    for (uint32_t i = n_par; i-- > 0;) {
        g->par[i] = par[i];
        g->ps[i] = s;
        s *= g->shape[par[i]];
    }
    g->scale = scale_at < args->n_in ? in[scale_at].data : NULL;
    g->bias = scale_at + 1 < args->n_in ? in[scale_at + 1].data : NULL;
}

static size_t offset_of(const norm_geom *g, const uint32_t *idx)
{
    size_t off = 0;
    for (uint32_t d = 0; d < g->rank; d++)
        off += (size_t)(idx[d] * g->xs[d]);
    return off;
}

/* scale * (x - mean) / sqrt(variance + epsilon) + bias at the full multi-index idx. */
static void normalize_at(const norm_geom *g, const uint32_t *idx, const void *x, void *y, double mean, double var)
{
    size_t p = 0, e = offset_of(g, idx);
    for (uint32_t i = 0; i < g->n_par; i++)
        p += (size_t)(idx[g->par[i]] * g->ps[i]);
    double scale = g->scale ? nnx_load_f(g->dt, g->scale, p) : 1.0;
    double bias = g->bias ? nnx_load_f(g->dt, g->bias, p) : 0.0;
    nnx_store_f(g->dt, y, e, scale * (nnx_load_f(g->dt, x, e) - mean) / sqrt(var + g->eps) + bias);
}

/* One group (a fixed index on the kept axes): mean, population variance, then the output. */
static void normalize_group(const norm_geom *g, uint32_t *idx, const void *x, void *y)
{
    uint32_t r[NNX_MAX_RANK] = {0};
    double sum = 0, sq = 0, n = (double)nnx_shape_elements(g->red_shape, g->n_red);
    do {
        for (uint32_t i = 0; i < g->n_red; i++)
            idx[g->red[i]] = r[i];
        sum += nnx_load_f(g->dt, x, offset_of(g, idx));
    } while (nnx_index_next(r, g->red_shape, g->n_red));
    double mean = sum / n;
    do {
        for (uint32_t i = 0; i < g->n_red; i++)
            idx[g->red[i]] = r[i];
        double d = nnx_load_f(g->dt, x, offset_of(g, idx)) - mean;
        sq += d * d;
    } while (nnx_index_next(r, g->red_shape, g->n_red));
    do {
        for (uint32_t i = 0; i < g->n_red; i++)
            idx[g->red[i]] = r[i];
        normalize_at(g, idx, x, y, mean, sq / n);
    } while (nnx_index_next(r, g->red_shape, g->n_red));
}

static void normalize_groups(const norm_geom *g, const void *x, void *y)
{
    uint32_t k[NNX_MAX_RANK] = {0}, idx[NNX_MAX_RANK] = {0};
    do {
        for (uint32_t i = 0; i < g->n_keep; i++)
            idx[g->keep[i]] = k[i];
        normalize_group(g, idx, x, y);
    } while (nnx_index_next(k, g->keep_shape, g->n_keep));
}

nnx_status nnx_ref_batch_normalization(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    uint32_t axis = args->attrs->norm.axis;
    norm_geom g;
    geom_init(&g, args, in, 0, &axis, 1, 3);
    uint32_t idx[NNX_MAX_RANK] = {0};
    do {
        double mean = nnx_load_f(g.dt, in[1].data, idx[axis]), var = nnx_load_f(g.dt, in[2].data, idx[axis]);
        normalize_at(&g, idx, in[0].data, out->data, mean, var);
    } while (nnx_index_next(idx, g.shape, g.rank));
    return NNX_OK;
}

nnx_status nnx_ref_instance_normalization(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    bool nchw = args->attrs->norm.layout == NNX_LAYOUT_NCHW;
    uint32_t c = nchw ? 1 : 3;
    norm_geom g;
    geom_init(&g, args, in, nchw ? 0xCu : 0x6u, &c, 1, 1);
    normalize_groups(&g, in[0].data, out->data);
    return NNX_OK;
}

nnx_status nnx_ref_layer_normalization(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    const nnx_attr_norm *a = &args->attrs->norm;
    uint32_t mask = 0;
    for (uint32_t i = 0; i < a->n_axes; i++)
        mask |= 1u << a->axes[i];
    norm_geom g;
    geom_init(&g, args, in, mask, a->axes, a->n_axes, 1);
    normalize_groups(&g, in[0].data, out->data);
    return NNX_OK;
}
