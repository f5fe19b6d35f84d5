/* kernels.h — the fast CPU kernels and how the planner picks them: for a node whose types and
 * layout a fast kernel handles, nnx_cpu_select returns it and the scratch it needs, shared
 * and per thread (given to it by the run, so running allocates nothing); otherwise NULL,
 * and the reference kernel runs. Fast kernels agree with the reference ones within float32
 * rounding, and give the same results for any thread count. */
#ifndef NNX_CPU_KERNELS_H
#define NNX_CPU_KERNELS_H

#include "base/pool.h"
#include "cpu/gemm.h"
#include "ir/graph.h"

/* An activation fused into a kernel's stores (runtime/fuse.c): y = min(max(y, lo), hi) with
 * IEEE maximum / minimum in double (-0 < +0); a NaN stays as it is, or becomes the default
 * NaN when nan_default (what separate max / min kernels give). */
typedef struct nnx_activation {
    bool on, nan_default;
    double lo, hi;
    uint32_t residual; /* conv: a value of the output's shape added before the clamp, or NNX_NONE */
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
    const float *residual;     /* conv: act->residual's data, added to every result first */
} nnx_kernel_env;

/* act applied to n floats in place (elementwise_fast.c); nothing when act is NULL or off. */
void nnx_apply_activation(const nnx_activation *act, float *y, size_t n);

typedef nnx_status (*nnx_fast_kernel)(const nnx_node *node, const nnx_view *in, nnx_view *out,
                                      const nnx_kernel_env *env);

nnx_fast_kernel nnx_cpu_select(const nnx_ir *ir, const nnx_node *node, size_t *shared_bytes, size_t *thread_bytes);

/* The fast kernel nnx_cpu_select gives op, if any, produces exactly the reference kernel's
 * bytes (element-wise, movement, pooling, softmax, sums; not the GEMM-based ones). */
bool nnx_cpu_exact(nnx_op op);

/* The kernels (matmul_fast.c, conv_fast.c). */
nnx_status nnx_fast_matmul(const nnx_node *node, const nnx_view *in, nnx_view *out, const nnx_kernel_env *env);
nnx_status nnx_fast_gemm(const nnx_node *node, const nnx_view *in, nnx_view *out, const nnx_kernel_env *env);
nnx_status nnx_fast_conv2d(const nnx_node *node, const nnx_view *in, nnx_view *out, const nnx_kernel_env *env);
nnx_status nnx_fast_depthwise2d(const nnx_node *node, const nnx_view *in, nnx_view *out, const nnx_kernel_env *env);
/* elementwise_fast.c: float32 add/sub/mul/div/max/min/pow with broadcasting, clamp, relu,
 * exp/log/sqrt/sigmoid/tanh/abs/neg (bit-identical). */
nnx_status nnx_fast_binary(const nnx_node *node, const nnx_view *in, nnx_view *out, const nnx_kernel_env *env);
nnx_status nnx_fast_relu(const nnx_node *node, const nnx_view *in, nnx_view *out, const nnx_kernel_env *env);
nnx_status nnx_fast_clamp(const nnx_node *node, const nnx_view *in, nnx_view *out, const nnx_kernel_env *env);
nnx_status nnx_fast_unary(const nnx_node *node, const nnx_view *in, nnx_view *out, const nnx_kernel_env *env);
/* softmax_fast.c: float32 softmax along any axis, lines spread over the pool (the
 * reference's double arithmetic, so its bytes). */
nnx_status nnx_fast_softmax(const nnx_node *node, const nnx_view *in, nnx_view *out, const nnx_kernel_env *env);

/* pool_fast.c: float32 nchw max (NaN-propagating) and average pooling (the reference's bytes). */
nnx_status nnx_fast_pool2d(const nnx_node *node, const nnx_view *in, nnx_view *out, const nnx_kernel_env *env);

/* movement_fast.c: transpose and slice (any dtype), float32 reduce_sum / reduce_mean over
 * trailing axes (nnx_fast_reduce_tail: how many, 0 when the reduced axes are not a
 * non-empty trailing block). All the reference's bytes. */
nnx_status nnx_fast_transpose(const nnx_node *node, const nnx_view *in, nnx_view *out, const nnx_kernel_env *env);
nnx_status nnx_fast_slice(const nnx_node *node, const nnx_view *in, nnx_view *out, const nnx_kernel_env *env);
nnx_status nnx_fast_reduce(const nnx_node *node, const nnx_view *in, nnx_view *out, const nnx_kernel_env *env);
uint32_t nnx_fast_reduce_tail(const nnx_operand_desc *x, uint32_t axes_mask);

/* A 2-D convolution with one input channel per group (conv_fast.c). */
bool nnx_fast_conv2d_is_depthwise(const nnx_node *node, const nnx_operand_desc *x);

/* nnx_sgemm (cpu/gemm.h) split over env's threads by column (or row) blocks; each element is
 * computed by one thread in the same order as serially, so results do not depend on the
 * thread count. Thread t's workspace is the start of its scratch. */
void nnx_sgemm_threads(const nnx_kernel_env *env, size_t M, size_t N, size_t K, nnx_fmat A,
                       nnx_fmat B, float *C, size_t ldc, bool accumulate);

/* Shared scratch of nnx_fast_conv2d (its im2col columns) for node with
 * input x, filter f and output y; false when the size does not fit in size_t. */
bool nnx_fast_conv2d_scratch(const nnx_node *node, const nnx_operand_desc *x, const nnx_operand_desc *f,
                             const nnx_operand_desc *y, size_t *bytes);

#endif
