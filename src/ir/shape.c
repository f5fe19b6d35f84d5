/* shape.c — broadcasting, strides and multi-index iteration (ir/shape.h): facts of shapes
 * alone, shared by shape inference, the kernels and the front ends. */
#include "ir/shape.h"

#include <string.h>

bool nnx_broadcast_shapes(const uint32_t *a, uint32_t ra, const uint32_t *b, uint32_t rb, uint32_t *out, uint32_t *rout)
{
    uint32_t r = ra > rb ? ra : rb;
    for (uint32_t i = 0; i < r; i++) {
        uint32_t da = i + ra >= r ? a[i + ra - r] : 1;
        uint32_t db = i + rb >= r ? b[i + rb - r] : 1;
        if (da != db && da != 1 && db != 1)
            return false;
        out[i] = da == 1 ? db : da;
    }
    *rout = r;
    return true;
}

bool nnx_broadcast_to(const uint32_t *from, uint32_t rf, const uint32_t *to, uint32_t rt)
{
    if (rf > rt)
        return false;
    for (uint32_t i = 0; i < rf; i++) {
        uint32_t d = from[i], t = to[i + rt - rf];
        if (d != t && d != 1)
            return false;
    }
    return true;
}

void nnx_strides(const uint32_t *shape, uint32_t rank, uint64_t *strides)
{
    uint64_t s = 1;
    for (uint32_t i = rank; i-- > 0;) {
        strides[i] = s;
        s *= shape[i];
    }
}

void nnx_broadcast_strides(const uint32_t *shape, uint32_t r, uint32_t rout, uint64_t *strides)
{
    uint64_t own[NNX_MAX_RANK];
    nnx_strides(shape, r, own);
    for (uint32_t i = 0; i < rout; i++) {
        if (i + r < rout)
            strides[i] = 0;
        else {
            uint32_t j = i + r - rout;
            strides[i] = shape[j] == 1 ? 0 : own[j];
        }
    }
}

bool nnx_index_next(uint32_t *idx, const uint32_t *shape, uint32_t rank)
{
    for (uint32_t i = rank; i-- > 0;) {
        if (++idx[i] < shape[i])
            return true;
        idx[i] = 0;
    }
    return false;
}

uint64_t nnx_shape_elements(const uint32_t *shape, uint32_t rank)
{
    uint64_t n = 1;
    for (uint32_t i = 0; i < rank; i++)
        n *= shape[i];
    return n;
}

bool nnx_input_layout_axes(nnx_input_layout layout, uint32_t pos[4])
{
    static const uint32_t nchw[4] = {0, 1, 2, 3}, nhwc[4] = {0, 3, 1, 2};
    const uint32_t *p;
    switch (layout) {
    case NNX_LAYOUT_DEFAULT:
    case NNX_LAYOUT_NCHW: p = nchw; break;
    case NNX_LAYOUT_NHWC: p = nhwc; break;
    default: return false;
    }
    memcpy(pos, p, sizeof nchw);
    return true;
}

nnx_status nnx_check_window_steps(const uint32_t strides[2], const uint32_t dilations[2], nnx_error *err)
{
    if (strides[0] == 0 || strides[1] == 0)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "strides [%u, %u] contain 0", strides[0], strides[1]);
    if (dilations[0] == 0 || dilations[1] == 0)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "dilations [%u, %u] contain 0", dilations[0],
                             dilations[1]);
    return NNX_OK;
}
