/* onnx_build.h — the small IR-building helpers every ONNX operator file uses (element-wise
 * nodes, reshape, cast, transpose, reductions, axis normalisation), as static inline
 * functions over ox_node (onnx_internal.h). */
#ifndef NNX_FORMATS_ONNX_BUILD_H
#define NNX_FORMATS_ONNX_BUILD_H

#include "formats/onnx/onnx_internal.h"

#include "ir/dtypes.h"

#include <string.h>

#define CHECK(x) \
    do { \
        nnx_status st_ = (x); \
        if (st_ != NNX_OK) \
            return st_; \
    } while (0)

static inline nnx_status unsupported(ox *c, const char *fmt, const char *what)
{
    return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, fmt, what);
}

/* ---------------------------------------------------------------- building blocks */

static inline nnx_status un(ox *c, nnx_op op, uint32_t x, uint32_t *y) { return ox_node(c, op, &x, 1, NULL, 1, y); }

static inline nnx_status bin(ox *c, nnx_op op, uint32_t a, uint32_t b, uint32_t *y)
{
    uint32_t in[2] = {a, b};
    return ox_node(c, op, in, 2, NULL, 1, y);
}

static inline nnx_status reshape(ox *c, uint32_t x, uint32_t rank, const uint32_t *shape, uint32_t *y)
{
    nnx_operand_desc d = ox_desc(c, x);
    if (d.rank == rank && (rank == 0 || memcmp(d.shape, shape, rank * sizeof *shape) == 0)) {
        *y = x;
        return NNX_OK;
    }
    nnx_attrs a = {.reshape = {.rank = rank}};
    if (rank)
        memcpy(a.reshape.shape, shape, rank * sizeof *shape);
    return ox_node(c, NNX_OP_RESHAPE, &x, 1, &a, 1, y);
}

static inline nnx_status cast(ox *c, uint32_t x, nnx_dtype to, uint32_t *y)
{
    if (ox_desc(c, x).dtype == to) {
        *y = x;
        return NNX_OK;
    }
    nnx_attrs a = {.cast = {.to = to}};
    return ox_node(c, NNX_OP_CAST, &x, 1, &a, 1, y);
}

static inline nnx_status scalar_like(ox *c, uint32_t x, double v, uint32_t *y)
{
    return ox_scalar(c, ox_desc(c, x).dtype, v, y);
}

/* y = x op v, v a scalar in x's type. */
static inline nnx_status bin_scalar(ox *c, nnx_op op, uint32_t x, double v, uint32_t *y)
{
    uint32_t k;
    CHECK(scalar_like(c, x, v, &k));
    return bin(c, op, x, k, y);
}

static inline nnx_status transpose(ox *c, uint32_t x, const uint32_t *perm, uint32_t *y)
{
    nnx_attrs a = {.transpose = {.perm = {0}}};
    memcpy(a.transpose.perm, perm, ox_desc(c, x).rank * sizeof *perm);
    return ox_node(c, NNX_OP_TRANSPOSE, &x, 1, &a, 1, y);
}

static inline nnx_status reduce(ox *c, nnx_op op, uint32_t x, uint32_t mask, bool keep, uint32_t *y)
{
    nnx_attrs a = {.reduce = {.axes_mask = mask, .keep_dims = keep}};
    return ox_node(c, op, &x, 1, &a, 1, y);
}

/* An ONNX axis in [-rank, rank) -> [0, rank). */
static inline nnx_status axis_of(ox *c, int64_t axis, uint32_t rank, uint32_t *out)
{
    *out = 0;
    if (axis < -(int64_t)rank || axis >= (int64_t)rank)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "axis %lld is out of range for rank %u", (long long)axis, rank);
    *out = (uint32_t)(axis < 0 ? axis + rank : axis);
    return NNX_OK;
}

static inline uint32_t in_or_none(const uint32_t *in, uint32_t n_in, uint32_t k) { return k < n_in ? in[k] : NNX_NONE; }

static inline nnx_status unsqueeze(ox *c, uint32_t x, const int64_t *axes, uint32_t na, uint32_t *y)
{
    nnx_operand_desc d = ox_desc(c, x);
    uint32_t r = d.rank + na, mask = 0;
    if (r > NNX_MAX_RANK)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "rank %u exceeds %d", r, NNX_MAX_RANK);
    for (uint32_t i = 0; i < na; i++) {
        uint32_t a;
        CHECK(axis_of(c, axes[i], r, &a));
        if (mask & (1u << a))
            return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "axis %u repeats", a);
        mask |= 1u << a;
    }
    uint32_t shape[NNX_MAX_RANK], k = 0;
    for (uint32_t i = 0; i < r; i++)
        shape[i] = mask & (1u << i) ? 1 : d.shape[k++];
    return reshape(c, x, r, shape, y);
}

/* Axes from the attribute (before opset `from`) or the optional input. */
static inline nnx_status axes_of(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t k,
                                 int from, int64_t *axes, uint32_t *count, bool *given)
{
    *count = 0;
    *given = false;
    if (c->opset < from) {
        size_t m;
        const int64_t *a = ox_attr_ints(n, "axes", &m);
        if (m > NNX_MAX_RANK)
            return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "too many axes");
        if (a)
            memcpy(axes, a, m * sizeof *a);
        *count = (uint32_t)m;
        *given = ox_attr(n, "axes") != NULL;
        return NNX_OK;
    }
    uint32_t id = in_or_none(in, n_in, k);
    if (id == NNX_NONE)
        return NNX_OK;
    *given = true;
    return ox_ints(c, id, "axes", axes, NNX_MAX_RANK, count);
}

#endif
