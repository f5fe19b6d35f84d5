/* kernels.h — the fast CPU kernels, with the predicates and scratch sizes the runtime chooses
 * them by (runtime/select.h), computed from operand descriptors and attributes, and the data
 * some want made once from a constant operand. Fast kernels agree with the reference ones
 * within float32 rounding, and give the same results for any thread count. */
#ifndef NNX_CPU_KERNELS_H
#define NNX_CPU_KERNELS_H

#include "base/alloc.h"
#include "base/pool.h"
#include "cpu/gemm.h"
#include "ir/ops.h"

/* An activation fused into a kernel's stores (runtime/fuse.c): y = min(max(y, lo), hi) with
 * IEEE maximum / minimum in double (-0 < +0); a NaN stays as it is, or becomes the default
 * NaN when nan_default (what separate max / min kernels give). */
typedef struct nnx_activation {
    bool on, nan_default;
    double lo, hi;
    uint32_t residual; /* conv, matmul: a value of the output's shape added before the clamp, or NNX_NONE */
    bool residual_row; /* matmul: the residual is one row (the output's last extent), added to every row */
} nnx_activation;

/* What a run gives a fast kernel: scratch shared by its threads, each thread's own scratch
 * (thread t owns the per_thread bytes at scratch + t * per_thread; all 64-byte aligned) and
 * the pool to split its work on (NULL: the calling thread only). */
typedef struct nnx_kernel_env {
    void *shared;
    void *scratch;
    size_t per_thread;
    nnx_pool *pool;
    const nnx_activation *act; /* conv and add: applied to every result, or NULL */
    const float *residual;     /* conv, matmul: act->residual's data, added to every result first */
    const void *prepared;      /* what nnx_kernel_prepare made for this step when the graph was built */
} nnx_kernel_env;

/* act applied to n floats in place (elementwise_fast.c); nothing when act is NULL or off. */
void nnx_apply_activation(const nnx_activation *act, float *y, size_t n);

/* A fast kernel: the op's arguments (ir/ops.h), the tensors as the reference kernel has them
 * (ops/table.h), and what the run gives it. */
typedef nnx_status (*nnx_fast_kernel)(const nnx_op_args *args, const nnx_view *in, nnx_view *out,
                                      const nnx_kernel_env *env);

/* The kernels (matmul_fast.c, conv_fast.c, depthwise_fast.c). */
nnx_status nnx_fast_matmul(const nnx_op_args *args, const nnx_view *in, nnx_view *out, const nnx_kernel_env *env);
nnx_status nnx_fast_gemm(const nnx_op_args *args, const nnx_view *in, nnx_view *out, const nnx_kernel_env *env);
nnx_status nnx_fast_conv2d(const nnx_op_args *args, const nnx_view *in, nnx_view *out, const nnx_kernel_env *env);
/* The shared scratch nnx_fast_conv2d needs for args (a strided conv's phase-split input);
 * false when the size does not fit in size_t. */
bool nnx_fast_conv2d_shared(const nnx_op_args *args, const nnx_operand_desc *x, const nnx_operand_desc *f,
                            const nnx_operand_desc *y, size_t *bytes);
nnx_status nnx_fast_depthwise2d(const nnx_op_args *args, const nnx_view *in, nnx_view *out, const nnx_kernel_env *env);
/* conv_winograd.c: 3x3 stride-1 convolutions by F(4x4, 3x3), for a filter that is a constant
 * (the caller's to check). suits says whether args (input x, filter w, output y) fits and
 * gives the shared scratch; prepare makes the transformed filters of O x C 3x3 float32
 * filters (aligned, from alloc; NULL when out of memory) that the kernel reads as
 * env->prepared. */
bool nnx_winograd_suits(const nnx_op_args *args, const nnx_operand_desc *x, const nnx_operand_desc *w,
                        const nnx_operand_desc *y, size_t *shared_bytes);
void *nnx_winograd_prepare(const nnx_alloc *alloc, const float *filter, size_t O, size_t C);
nnx_status nnx_fast_winograd(const nnx_op_args *args, const nnx_view *in, nnx_view *out, const nnx_kernel_env *env);
/* packed_weights.c: what the GEMM-based kernels read as env->prepared, made once from a
 * constant operand (aligned, from alloc; NNX_OK with *prepared NULL when they want none;
 * NNX_ERROR_OUT_OF_MEMORY). matmul and gemm: B (K x N) of a product of `rows` output rows,
 * packed for the GEMM, or for one row B^T row-major when B's columns are not contiguous
 * already. conv2d: an ungrouped filter (M x K, row-major) as the GEMM's A panels. */
nnx_status nnx_fast_matmul_prepare(const nnx_alloc *alloc, nnx_fmat B, size_t K, size_t N, size_t rows,
                                   void **prepared);
nnx_status nnx_fast_conv2d_prepare(const nnx_alloc *alloc, const float *filter, size_t M, size_t K, void **prepared);
/* elementwise_fast.c: float32 add/sub/mul/div/max/min/pow with broadcasting, clamp, relu,
 * log/sqrt/abs/neg (bit-identical), exp/sigmoid/tanh (cpu/vmath.h: within a few ULP). */
nnx_status nnx_fast_binary(const nnx_op_args *args, const nnx_view *in, nnx_view *out, const nnx_kernel_env *env);
nnx_status nnx_fast_relu(const nnx_op_args *args, const nnx_view *in, nnx_view *out, const nnx_kernel_env *env);
nnx_status nnx_fast_clamp(const nnx_op_args *args, const nnx_view *in, nnx_view *out, const nnx_kernel_env *env);
nnx_status nnx_fast_unary(const nnx_op_args *args, const nnx_view *in, nnx_view *out, const nnx_kernel_env *env);
/* softmax_fast.c: float32 softmax along any axis, lines spread over the pool (float32 exp
 * of cpu/vmath.h, sums in double: within a few ULP of the reference, not its bytes). */
nnx_status nnx_fast_softmax(const nnx_op_args *args, const nnx_view *in, nnx_view *out, const nnx_kernel_env *env);

/* norm_fast.c: float32 batch (any axis), instance (nchw, nhwc) and layer normalization (its
 * axes one ascending block: nnx_fast_layer_norm_block, the block's first axis in *first),
 * within 2^-21 * (|scale * (x - mean) / sigma| + |bias|) of the reference, the same bytes for
 * any thread count. Batch normalization needs nnx_fast_batch_norm_scratch shared bytes. */
nnx_status nnx_fast_batch_normalization(const nnx_op_args *args, const nnx_view *in, nnx_view *out,
                                        const nnx_kernel_env *env);
nnx_status nnx_fast_instance_normalization(const nnx_op_args *args, const nnx_view *in, nnx_view *out,
                                           const nnx_kernel_env *env);
nnx_status nnx_fast_layer_normalization(const nnx_op_args *args, const nnx_view *in, nnx_view *out,
                                        const nnx_kernel_env *env);
bool nnx_fast_layer_norm_block(const nnx_op_args *args, const nnx_operand_desc *x, uint32_t *first);
size_t nnx_fast_batch_norm_scratch(const nnx_op_args *args, const nnx_operand_desc *x);

/* pool_fast.c: float32 nchw max (NaN-propagating) and average pooling (the reference's bytes). */
nnx_status nnx_fast_pool2d(const nnx_op_args *args, const nnx_view *in, nnx_view *out, const nnx_kernel_env *env);
/* Per-thread scratch of nnx_fast_pool2d for args with input x and output y (0: it needs none). */
size_t nnx_fast_pool2d_scratch(const nnx_op_args *args, const nnx_operand_desc *x, const nnx_operand_desc *y);

/* movement_fast.c: transpose and slice (any dtype), float32 reduce_sum / reduce_mean over
 * one block of adjacent axes (nnx_fast_reduce_block: true when the reduced axes are one
 * non-empty block; the input then is [outer, run, inner], run reduced). All the
 * reference's bytes: each output summed in double in the reference's order. */
nnx_status nnx_fast_transpose(const nnx_op_args *args, const nnx_view *in, nnx_view *out, const nnx_kernel_env *env);
nnx_status nnx_fast_slice(const nnx_op_args *args, const nnx_view *in, nnx_view *out, const nnx_kernel_env *env);
nnx_status nnx_fast_reduce(const nnx_op_args *args, const nnx_view *in, nnx_view *out, const nnx_kernel_env *env);
bool nnx_fast_reduce_block(const nnx_operand_desc *x, uint32_t axes_mask, size_t *outer, size_t *run, size_t *inner);

/* tosa_fast.c: the TOSA float32 operators in NHWC (acc float32, zero points absent or 0):
 * tosa_conv2d as a GEMM over the windows (env->prepared: the OHWI filter read as K x O and
 * packed by nnx_fast_matmul_prepare, or NULL), tosa_depthwise_conv2d, tosa_matmul (env->prepared: its one B, as for matmul), and tosa_avg_pool2d / nhwc
 * max_pool (nnx_fast_pool_nhwc, the reference's bytes). conv2d needs the scratch of
 * nnx_fast_tosa_conv2d_scratch (false when the sizes overflow); matmul
 * nnx_sgemm_workspace() per thread; the others none. */
nnx_status nnx_fast_tosa_conv2d(const nnx_op_args *args, const nnx_view *in, nnx_view *out, const nnx_kernel_env *env);
bool nnx_fast_tosa_conv2d_scratch(const nnx_op_args *args, const nnx_operand_desc *x, const nnx_operand_desc *w,
                                  const nnx_operand_desc *y, size_t *shared_bytes, size_t *thread_bytes);
nnx_status nnx_fast_tosa_depthwise2d(const nnx_op_args *args, const nnx_view *in, nnx_view *out,
                                     const nnx_kernel_env *env);
nnx_status nnx_fast_tosa_matmul(const nnx_op_args *args, const nnx_view *in, nnx_view *out, const nnx_kernel_env *env);
nnx_status nnx_fast_pool_nhwc(const nnx_op_args *args, const nnx_view *in, nnx_view *out, const nnx_kernel_env *env);

/* A 2-D convolution with one input channel per group (depthwise_fast.c). */
bool nnx_fast_conv2d_is_depthwise(const nnx_op_args *args, const nnx_operand_desc *x);
/* Per-thread scratch of nnx_fast_depthwise2d for args with input x, filter f and output y
 * (0: it runs unbuffered). */
size_t nnx_fast_depthwise2d_scratch(const nnx_op_args *args, const nnx_operand_desc *x, const nnx_operand_desc *f,
                                    const nnx_operand_desc *y);

/* nnx_sgemm (cpu/gemm.h) split over env's threads by column (or row) blocks, the caller's sized
 * by nnx_pool_caller_share (base/pool.h); each element is
 * computed by one thread in the same order as serially, so results do not depend on the
 * thread count. Thread t's workspace is the start of its scratch. */
void nnx_sgemm_threads(const nnx_kernel_env *env, size_t M, size_t N, size_t K, nnx_fmat A, nnx_fmat B, float *C,
                       size_t ldc, bool accumulate);
/* The same with nnx_sgemm_io's hooks (io may be NULL). */
void nnx_sgemm_threads_io(const nnx_kernel_env *env, size_t M, size_t N, size_t K, nnx_fmat A, nnx_fmat B, float *C,
                          size_t ldc, bool accumulate, const nnx_gemm_io *io);

#endif
