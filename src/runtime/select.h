/* select.h — the runtime's choice of kernel for a node of a graph: the fast CPU kernel
 * (cpu/kernels.h) whose types, layout and sizes fit it, with the scratch it needs, shared and
 * per thread (given to it by the run, so running allocates nothing), or NULL, and the
 * reference kernel runs; the data that kernel wants made once, when the graph is built. */
#ifndef NNX_RUNTIME_SELECT_H
#define NNX_RUNTIME_SELECT_H

#include "cpu/kernels.h"
#include "ir/graph.h"

nnx_fast_kernel nnx_kernel_select(const nnx_ir *ir, const nnx_node *node, size_t *shared_bytes, size_t *thread_bytes);

/* The fast kernel nnx_kernel_select gives op, if any, produces exactly the reference kernel's
 * bytes (element-wise, movement, pooling, sums; not the GEMM-based ones, the normalizations,
 * nor exp, sigmoid, tanh and softmax, which are float32 SIMD within a few ULP). */
bool nnx_kernel_exact(nnx_op op);

/* The data `fast` (chosen by nnx_kernel_select for node) wants made once, when the graph is
 * built (Winograd's filters, a matmul's or gemm's constant B packed for the GEMM): NNX_OK
 * with *prepared NULL when it wants none; NNX_ERROR_OUT_OF_MEMORY. Freed with
 * nnx_mem_free_aligned(ir->alloc, ...). */
nnx_status nnx_kernel_prepare(const nnx_ir *ir, const nnx_node *node, nnx_fast_kernel fast, void **prepared);
/* Whether what nnx_kernel_prepare makes for node a (run by fast) serves node b, run by fast
 * too (the same constant prepared the same way: an unrolled recurrent network's steps), so a
 * plan keeps one copy. */
bool nnx_kernel_prepare_same(const nnx_ir *ir, nnx_fast_kernel fast, const nnx_node *a, const nnx_node *b);

#endif
