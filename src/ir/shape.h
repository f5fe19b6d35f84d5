/* shape.h — shape algorithms shared by inference, kernels, front ends and tools: broadcasting
 * (WebNN §9 bidirectional/unidirectional), row-major strides, multi-index iteration. They
 * know dtypes and shapes only, so they live with the IR, below every layer that uses them. */
#ifndef NNX_IR_SHAPE_H
#define NNX_IR_SHAPE_H

#include "base/error.h"

/* Bidirectional broadcast of a and b into out (rank max(ra, rb)); false if incompatible. */
bool nnx_broadcast_shapes(const uint32_t *a, uint32_t ra, const uint32_t *b, uint32_t rb, uint32_t *out,
                          uint32_t *rout);
/* Whether `from` broadcasts unidirectionally to `to`. */
bool nnx_broadcast_to(const uint32_t *from, uint32_t rf, const uint32_t *to, uint32_t rt);
/* Row-major element strides of shape. */
void nnx_strides(const uint32_t *shape, uint32_t rank, uint64_t *strides);
/* Strides of an operand of rank r broadcast to rank rout (stride 0 where its dim is 1 or
 * missing). */
void nnx_broadcast_strides(const uint32_t *shape, uint32_t r, uint32_t rout, uint64_t *strides);
/* Advances a row-major multi-index; returns false after the last element. */
bool nnx_index_next(uint32_t *idx, const uint32_t *shape, uint32_t rank);
uint64_t nnx_shape_elements(const uint32_t *shape, uint32_t rank);

/* Logical axes of a 4-D activation: N, C, H, W. pos[logical axis] = physical axis for an
 * input layout (DEFAULT is nchw, as in WebNN); false for an unknown layout value. */
enum { NNX_AX_N = 0, NNX_AX_C = 1, NNX_AX_H = 2, NNX_AX_W = 3 };
bool nnx_input_layout_axes(nnx_input_layout layout, uint32_t pos[4]);

/* 2-D window steps (conv, pool): strides and dilations [H, W] must be nonzero; records
 * NNX_ERROR_INVALID_ARGUMENT in err otherwise. */
nnx_status nnx_check_window_steps(const uint32_t strides[2], const uint32_t dilations[2], nnx_error *err);

#endif
