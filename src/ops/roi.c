/* roi.c — shape inference and reference kernels of NNEF's region-of-interest operations
 * avg_roi_pool, max_roi_pool and roi_resample (NNEF 1.0.2 §4.6.1 RoI pooling, §4.6.2 RoI
 * align; NNEF 1.0.2 §4.6.1, decision 19-22). Inputs: x [N, C, s_0..s_{M-1}] (float), rois [K, 2M]
 * (float; all M starts, then all M ends), batch_index [K, 1] or [K] (int32/int64); output
 * [K, C, output_size...]. Kernels fail with INVALID_ARGUMENT on bad RoI data (see below). */
#include "ir/dtypes.h"
#include "ops/table.h"
#include "ir/elem.h"
#include "ir/shape.h"

#include <math.h>

/* RoI coordinates must be finite and at most 2^31 in magnitude (after rounding, for the
 * pools): far beyond any extent, and small enough that all cell arithmetic fits int64. */
#define ROI_COORD_LIMIT 2147483648.0

nnx_status nnx_infer_roi(const nnx_op_args *args, const nnx_operand_desc *const *in, nnx_operand_desc *out,
                         nnx_error *err)
{
    const nnx_attr_roi *a = &args->attrs->roi;
    const nnx_operand_desc *x = in[0], *rois = in[1], *bi = in[2];
    char g[96];
    if (!nnx_dtype_is_float(x->dtype))
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "input type %s is not a floating-point type",
                             nnx_dtype_name(x->dtype));
    if (x->rank < 3)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                             "input rank %u is less than 3 (batch, channel and at least one spatial axis)", x->rank);
    uint32_t m = x->rank - 2;
    if (!nnx_dtype_is_float(rois->dtype))
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "rois type %s is not a floating-point type",
                             nnx_dtype_name(rois->dtype));
    if (rois->rank != 2 || rois->shape[1] != 2 * m)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                             "rois is %s, expected [K, %u] (per region %u starts, then %u ends)",
                             nnx_desc_format(rois, g, sizeof g), 2 * m, m, m);
    uint32_t k = rois->shape[0];
    if (bi->dtype != NNX_INT32 && bi->dtype != NNX_INT64)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "batch_index type %s is not int32 or int64",
                             nnx_dtype_name(bi->dtype));
    if (!(bi->rank == 1 || (bi->rank == 2 && bi->shape[1] == 1)) || bi->shape[0] != k)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                             "batch_index is %s, expected [%u, 1] or [%u] (one batch item per region)",
                             nnx_desc_format(bi, g, sizeof g), k, k);
    if (a->n_sizes != m)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "output_size has %u items, the input has %u spatial axes",
                             a->n_sizes, m);
    for (uint32_t i = 0; i < m; i++)
        if (a->output_size[i] < 1 || a->output_size[i] > INT32_MAX)
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "output_size[%u] = %u is not in 1..2^31-1", i,
                                 a->output_size[i]);
    if (args->op == NNX_OP_ROI_RESAMPLE && (a->method < NNX_ROI_SYMMETRIC || a->method > NNX_ROI_ALIGNED))
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "method %d is unknown", (int)a->method);
    *out = *x;
    out->shape[0] = k;
    for (uint32_t i = 0; i < m; i++)
        out->shape[2 + i] = a->output_size[i];
    return NNX_OK;
}

/* ---------------------------------------------------------------- shared steps */

/* One region as the kernels see it: the batch item and the 2M raw coordinates. */
typedef struct roi_region {
    uint64_t batch;
    double start[NNX_MAX_RANK], end[NNX_MAX_RANK];
} roi_region;

/* Region r of rois / batch_index, or INVALID_ARGUMENT when its batch index is outside
 * [0, N) or a coordinate is not finite or exceeds 2^31 in magnitude. */
static nnx_status load_region(const nnx_view *in, uint32_t m, uint32_t r, roi_region *g)
{
    int64_t b = nnx_load_i(in[2].desc.dtype, in[2].data, r);
    if (b < 0 || (uint64_t)b >= in[0].desc.shape[0])
        return NNX_ERROR_INVALID_ARGUMENT;
    g->batch = (uint64_t)b;
    for (uint32_t k = 0; k < 2 * m; k++) {
        double v = nnx_load_f(in[1].desc.dtype, in[1].data, (size_t)r * 2 * m + k);
        if (!(fabs(v) <= ROI_COORD_LIMIT))
            return NNX_ERROR_INVALID_ARGUMENT;
        if (k < m)
            g->start[k] = v;
        else
            g->end[k - m] = v;
    }
    return NNX_OK;
}

static int64_t floor_div(int64_t a, int64_t b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }
static int64_t ceil_div(int64_t a, int64_t b) { return -floor_div(-a, b); }

/* ---------------------------------------------------------------- RoI pooling */

/* avg_roi_pool / max_roi_pool (NNEF §4.6.1, NNEF 1.0.2 §4.6.1, decision 19). Per spatial axis: the
 * coordinates are rounded as NNEF's round, floor(v + 0.5); r = end - start; cell i of p covers
 * [start + i*floor(r/p), start + i*floor(r/p) + ceil(r/p)), intersected with the region
 * [start, end) and the feature map [0, X). avg = sum / element count of that intersection,
 * max = its maximum (NaN propagates); an empty cell gives 0. */
nnx_status nnx_ref_roi_pool(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    const nnx_attr_roi *a = &args->attrs->roi;
    const nnx_operand_desc *x = &in[0].desc, *y = &out->desc;
    uint32_t m = x->rank - 2;
    bool is_max = args->op == NNX_OP_MAX_ROI_POOL;
    uint64_t xs[NNX_MAX_RANK];
    nnx_strides(x->shape, x->rank, xs);
    uint32_t o[NNX_MAX_RANK] = {0};
    size_t oi = 0;
    roi_region g;
    uint32_t loaded = UINT32_MAX;
    do {
        if (o[0] != loaded) {
            nnx_status st = load_region(in, m, o[0], &g);
            if (st != NNX_OK)
                return st;
            loaded = o[0];
        }
        int64_t lo[NNX_MAX_RANK], hi[NNX_MAX_RANK];
        uint32_t ext[NNX_MAX_RANK];
        bool empty = false;
        for (uint32_t k = 0; k < m; k++) {
            int64_t s = (int64_t)floor(g.start[k] + 0.5), e = (int64_t)floor(g.end[k] + 0.5), p = a->output_size[k];
            int64_t r = e - s, from = s + o[2 + k] * floor_div(r, p), to = from + ceil_div(r, p);
            lo[k] = from > s ? from : s;
            lo[k] = lo[k] > 0 ? lo[k] : 0;
            hi[k] = to < e ? to : e;
            hi[k] = hi[k] < (int64_t)x->shape[2 + k] ? hi[k] : (int64_t)x->shape[2 + k];
            empty = empty || hi[k] <= lo[k];
            ext[k] = empty ? 0 : (uint32_t)(hi[k] - lo[k]);
        }
        double acc = 0.0;
        if (!empty) {
            uint64_t base = g.batch * xs[0] + (uint64_t)o[1] * xs[1], count = 0;
            uint32_t j[NNX_MAX_RANK] = {0};
            do {
                uint64_t src = base;
                for (uint32_t k = 0; k < m; k++)
                    src += (uint64_t)(lo[k] + j[k]) * xs[2 + k];
                double v = nnx_load_f(x->dtype, in[0].data, (size_t)src);
                if (!is_max)
                    acc += v;
                else if (count == 0 || (!isnan(acc) && (isnan(v) || v > acc)))
                    acc = v;
                count++;
            } while (nnx_index_next(j, ext, m));
            if (!is_max)
                acc /= (double)count;
        }
        nnx_store_f(y->dtype, out->data, oi++, acc);
    } while (nnx_index_next(o, y->shape, y->rank));
    return NNX_OK;
}

/* ---------------------------------------------------------------- roi_resample */

/* Sampling position of output index i of h on one axis of a region [start, end)
 * (NNEF 1.0.2 §4.6.2 roi_resample, decision 20): symmetric start + (i + 0.5) * r/h - 0.5, asymmetric start + i * r/h,
 * aligned start + i * (r - 1)/(h - 1) (h = 1: start), with r = end - start (not rounded). */
static double resample_position(nnx_roi_method method, double start, double end, uint32_t i, uint32_t h)
{
    double r = end - start;
    switch (method) {
    case NNX_ROI_SYMMETRIC: return start + ((double)i + 0.5) * (r / h) - 0.5;
    case NNX_ROI_ASYMMETRIC: return start + (double)i * (r / h);
    default: return h > 1 ? start + (double)i * ((r - 1.0) / (h - 1)) : start;
    }
}

/* roi_resample: multilinear interpolation (NNEF §4.6.2) at the positions above: per axis
 * j = floor(v), u = v - floor(v) (NNEF 1.0.2 §4.6.2 roi_resample, decision 22), weights 1 - u on j and u on j + 1,
 * indices clamped to [0, X - 1] (border replicate); the value is the sum over the 2^M corners of
 * the product of their weights times the input, corners in row-major order (axis 0 slowest). */
nnx_status nnx_ref_roi_resample(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    const nnx_attr_roi *a = &args->attrs->roi;
    const nnx_operand_desc *x = &in[0].desc, *y = &out->desc;
    uint32_t m = x->rank - 2;
    uint64_t xs[NNX_MAX_RANK];
    nnx_strides(x->shape, x->rank, xs);
    uint32_t o[NNX_MAX_RANK] = {0};
    size_t oi = 0;
    roi_region g;
    uint32_t loaded = UINT32_MAX;
    do {
        if (o[0] != loaded) {
            nnx_status st = load_region(in, m, o[0], &g);
            if (st != NNX_OK)
                return st;
            loaded = o[0];
        }
        int64_t idx[NNX_MAX_RANK][2];
        double w[NNX_MAX_RANK][2];
        for (uint32_t k = 0; k < m; k++) {
            double v = resample_position(a->method, g.start[k], g.end[k], o[2 + k], a->output_size[k]);
            double f = floor(v);
            int64_t j = (int64_t)f, last = (int64_t)x->shape[2 + k] - 1;
            w[k][0] = 1.0 - (v - f);
            w[k][1] = v - f;
            idx[k][0] = j < 0 ? 0 : j > last ? last : j;
            idx[k][1] = j + 1 < 0 ? 0 : j + 1 > last ? last : j + 1;
        }
        uint64_t base = g.batch * xs[0] + (uint64_t)o[1] * xs[1];
        double acc = 0.0;
        for (uint32_t c = 0; c < (1u << m); c++) {
            double weight = 1.0;
            uint64_t src = base;
            for (uint32_t k = 0; k < m; k++) {
                uint32_t bit = (c >> (m - 1 - k)) & 1u;
                weight *= w[k][bit];
                src += (uint64_t)idx[k][bit] * xs[2 + k];
            }
            acc += weight * nnx_load_f(x->dtype, in[0].data, (size_t)src);
        }
        nnx_store_f(y->dtype, out->data, oi++, acc);
    } while (nnx_index_next(o, y->shape, y->rank));
    return NNX_OK;
}
