/* kernels.h — the fast CPU kernels and how the planner picks them: for a node whose types and
 * layout a fast kernel handles, nnx_cpu_select returns it and the scratch bytes it needs
 * (given to it by the run, so running allocates nothing); otherwise NULL, and the reference
 * kernel runs. Fast kernels agree with the reference ones within float32 rounding. */
#ifndef NNX_CPU_KERNELS_H
#define NNX_CPU_KERNELS_H

#include "ir/graph.h"

typedef nnx_status (*nnx_fast_kernel)(const nnx_node *node, const nnx_view *in, nnx_view *out, void *scratch);

nnx_fast_kernel nnx_cpu_select(const nnx_ir *ir, const nnx_node *node, size_t *scratch_bytes);

/* The kernels (matmul_fast.c, conv_fast.c); scratch is 64-byte aligned. */
nnx_status nnx_fast_matmul(const nnx_node *node, const nnx_view *in, nnx_view *out, void *scratch);
nnx_status nnx_fast_gemm(const nnx_node *node, const nnx_view *in, nnx_view *out, void *scratch);
nnx_status nnx_fast_conv2d(const nnx_node *node, const nnx_view *in, nnx_view *out, void *scratch);

/* Scratch of nnx_fast_conv2d beyond the sgemm workspace (its im2col columns) for node with
 * input x, filter f and output y; false when the size does not fit in size_t. */
bool nnx_fast_conv2d_scratch(const nnx_node *node, const nnx_operand_desc *x, const nnx_operand_desc *f,
                             const nnx_operand_desc *y, size_t *bytes);

#endif
