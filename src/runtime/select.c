/* select.c — the runtime's choice of kernel (runtime/select.h), read from the graph: a
 * node's op, attributes and operand descriptors, and whether a weight is a fixed constant,
 * against the fast CPU kernels' predicates (cpu/kernels.h). Today float32 matmul and gemm,
 * and 2-D float32 convolution in nchw/oihw layout (depthwise ones directly), when the
 * product has at least MIN_MACS multiply-adds (below that, packing costs more than it saves
 * and the reference kernel's single rounding is kept); float32 element-wise ops, softmax,
 * nchw max / average pooling, sum / mean over trailing axes, and transpose and slice of any
 * type (bit-identical to the reference, except exp, sigmoid, tanh and softmax: float32 SIMD
 * within a few ULP, cpu/vmath.h); float32 batch, instance and layer normalization (within
 * float32 rounding, norm_fast.c); the TOSA float32 operators in their nhwc layout (acc
 * float32, zero points absent or constant zeros: tosa_conv2d and tosa_matmul of at least
 * MIN_MACS, tosa_depthwise_conv2d, tosa_avg_pool2d, nhwc max_pool; cpu/tosa_fast.c).
 * Everything else, and everything under NNX_CPU_LEVEL=reference, runs its reference kernel. */
#include "runtime/select.h"
#include "ops/subgraph.h"
#include "ir/dtypes.h"

#include <stdint.h>
#include <string.h>

static const nnx_operand_desc *desc_of(const nnx_ir *ir, const nnx_node *node, uint32_t i)
{
    return node->in[i] == NNX_NONE ? NULL : &ir->values[node->in[i]].desc;
}

#define MIN_MACS 4096

/* Multiply-adds of the output desc y times a sum length k, saturating. */
static uint64_t macs(const nnx_operand_desc *y, uint64_t k)
{
    uint64_t n = k;
    for (uint32_t i = 0; i < y->rank; i++)
        n = n > UINT64_MAX / (y->shape[i] + 1) ? UINT64_MAX : n * y->shape[i];
    return n;
}

static bool all_float32(const nnx_ir *ir, const nnx_node *node)
{
    for (uint32_t i = 0; i < node->n_in; i++) {
        const nnx_operand_desc *d = desc_of(ir, node, i);
        if (d && d->dtype != NNX_FLOAT32)
            return false;
    }
    return ir->values[node->out[0]].desc.dtype == NNX_FLOAT32;
}

/* Some input or output has a zero extent: the fast kernels assume none. */
static bool any_empty(const nnx_ir *ir, const nnx_node *node)
{
    uint64_t count;
    for (uint32_t i = 0; i < node->n_in; i++) {
        const nnx_operand_desc *d = desc_of(ir, node, i);
        if (d && nnx_desc_elements(d, &count) && count == 0)
            return true;
    }
    for (uint32_t o = 0; o < node->n_out; o++)
        if (node->out[o] != NNX_NONE && nnx_desc_elements(&ir->values[node->out[o]].desc, &count) && count == 0)
            return true;
    return false;
}

/* A TOSA float32 operator the fast kernels take: accumulator float32 (or the default), and
 * the zero points from input first_zp on absent or constant zeros. */
static bool tosa_float(const nnx_ir *ir, const nnx_node *node, nnx_dtype acc, uint32_t first_zp)
{
    if (acc != NNX_DTYPE_UNDEFINED && acc != NNX_FLOAT32)
        return false;
    for (uint32_t i = first_zp; i < node->n_in; i++) {
        float zp;
        if (node->in[i] == NNX_NONE)
            continue;
        if (!nnx_ir_fixed_constant(ir, node->in[i]))
            return false;
        memcpy(&zp, ir->values[node->in[i]].data, sizeof zp);
        if (zp != 0.0f)
            return false;
    }
    return true;
}

/* cond_if and while_loop in the run's shared scratch: their sub-graphs run without
 * allocating (ops/subgraph.h). */
static nnx_status flow_kernel(const nnx_op_args *args, const nnx_view *in, nnx_view *out, const nnx_kernel_env *env)
{
    return nnx_flow_run(args, in, out, env->shared);
}

nnx_fast_kernel nnx_kernel_select(const nnx_ir *ir, const nnx_node *node, size_t *shared_bytes, size_t *thread_bytes)
{
    *shared_bytes = *thread_bytes = 0;
    if (node->op == NNX_OP_COND_IF || node->op == NNX_OP_WHILE_LOOP) {
        const nnx_op_args args = nnx_node_args(node);
        size_t bytes = nnx_flow_scratch(&args);
        if (bytes == SIZE_MAX || bytes > SIZE_MAX / 4)
            return NULL; /* the reference kernel says it cannot allocate that */
        *shared_bytes = bytes;
        return flow_kernel;
    }
    if (nnx_cpu_level_get() == NNX_CPU_REFERENCE || any_empty(ir, node))
        return NULL;
    if (node->op == NNX_OP_TRANSPOSE)
        return nnx_fast_transpose;
    if (node->op == NNX_OP_SLICE)
        return nnx_fast_slice;
    if (!all_float32(ir, node))
        return NULL;
    const nnx_operand_desc *x = desc_of(ir, node, 0), *y = &ir->values[node->out[0]].desc;
    const nnx_op_args args = nnx_node_args(node);
    switch (node->op) {
    case NNX_OP_MATMUL:
        if (macs(y, x->shape[x->rank - 1]) < MIN_MACS)
            return NULL;
        *thread_bytes = nnx_sgemm_workspace();
        return nnx_fast_matmul;
    case NNX_OP_GEMM:
        if (macs(y, x->shape[node->attrs.gemm.trans_a ? 0 : 1]) < MIN_MACS)
            return NULL;
        *thread_bytes = nnx_sgemm_workspace();
        return nnx_fast_gemm;
    case NNX_OP_CONV: {
        const nnx_attr_conv *a = &node->attrs.conv;
        const nnx_operand_desc *w = desc_of(ir, node, 1);
        if (x->rank != 4 || a->input_layout != NNX_LAYOUT_NCHW || a->filter_layout != NNX_FILTER_OIHW ||
            macs(y, (uint64_t)w->shape[1] * w->shape[2] * w->shape[3]) < MIN_MACS)
            return NULL;
        if (nnx_fast_conv2d_is_depthwise(&args, x)) {
            *thread_bytes = nnx_fast_depthwise2d_scratch(&args, x, w, y);
            return nnx_fast_depthwise2d;
        }
        *thread_bytes = nnx_sgemm_workspace();
        if (nnx_ir_fixed_constant(ir, node->in[1]) && nnx_winograd_suits(&args, x, w, y, shared_bytes))
            return nnx_fast_winograd;
        return nnx_fast_conv2d_shared(&args, x, w, y, shared_bytes) ? nnx_fast_conv2d : NULL;
    }
    case NNX_OP_MAX:
    case NNX_OP_MIN:
        if (node->attrs.nan.nan_mode != NNX_NAN_PROPAGATE)
            return NULL;
        return nnx_fast_binary;
    case NNX_OP_ADD:
    case NNX_OP_SUB:
    case NNX_OP_MUL:
    case NNX_OP_DIV:
    case NNX_OP_POW: return nnx_fast_binary;
    case NNX_OP_EXP:
    case NNX_OP_LOG:
    case NNX_OP_SQRT:
    case NNX_OP_SIGMOID:
    case NNX_OP_TANH:
    case NNX_OP_ABS:
    case NNX_OP_NEG:
    case NNX_OP_HARD_SWISH:
    case NNX_OP_HARD_SIGMOID:
    case NNX_OP_LEAKY_RELU:
    case NNX_OP_LINEAR: return nnx_fast_unary;
    case NNX_OP_SOFTMAX: return nnx_fast_softmax;
    case NNX_OP_BATCH_NORMALIZATION:
        *shared_bytes = nnx_fast_batch_norm_scratch(&args, x);
        return nnx_fast_batch_normalization;
    case NNX_OP_INSTANCE_NORMALIZATION: return nnx_fast_instance_normalization;
    case NNX_OP_LAYER_NORMALIZATION:
        return nnx_fast_layer_norm_block(&args, x, NULL) ? nnx_fast_layer_normalization : NULL;
    case NNX_OP_REDUCE_SUM:
    case NNX_OP_REDUCE_MEAN: {
        size_t outer, run, inner;
        return nnx_fast_reduce_block(x, node->attrs.reduce.axes_mask, &outer, &run, &inner) ? nnx_fast_reduce : NULL;
    }
    case NNX_OP_CLAMP: return node->attrs.clamp.nan_mode == NNX_NAN_PROPAGATE ? nnx_fast_clamp : NULL;
    case NNX_OP_RELU: return nnx_fast_relu;
    case NNX_OP_TOSA_CONV2D:
    case NNX_OP_TOSA_DEPTHWISE_CONV2D: {
        const nnx_operand_desc *w = desc_of(ir, node, 1);
        bool dw = node->op == NNX_OP_TOSA_DEPTHWISE_CONV2D;
        uint64_t k = dw ? (uint64_t)w->shape[0] * w->shape[1] : (uint64_t)w->shape[1] * w->shape[2] * w->shape[3];
        if (!tosa_float(ir, node, node->attrs.tosa_conv.acc_type, 3) || macs(y, k) < MIN_MACS)
            return NULL;
        if (dw)
            return nnx_fast_tosa_depthwise2d;
        return nnx_fast_tosa_conv2d_scratch(&args, x, w, y, shared_bytes, thread_bytes) ? nnx_fast_tosa_conv2d : NULL;
    }
    case NNX_OP_TOSA_MATMUL:
        if (!tosa_float(ir, node, node->attrs.tosa_matmul.acc_type, 2) || macs(y, x->shape[2]) < MIN_MACS)
            return NULL;
        *thread_bytes = nnx_sgemm_workspace();
        return nnx_fast_tosa_matmul;
    case NNX_OP_TOSA_AVG_POOL2D:
        return tosa_float(ir, node, node->attrs.tosa_pool.acc_type, 1) ? nnx_fast_pool_nhwc : NULL;
    case NNX_OP_MAX_POOL:
    case NNX_OP_AVG_POOL:
        if (node->op == NNX_OP_MAX_POOL && node->attrs.pool.layout == NNX_LAYOUT_NHWC)
            return nnx_fast_pool_nhwc;
        if ((node->attrs.pool.layout != NNX_LAYOUT_NCHW && node->attrs.pool.layout != NNX_LAYOUT_DEFAULT) ||
            node->attrs.pool.nan_mode != NNX_NAN_PROPAGATE)
            return NULL;
        *thread_bytes = nnx_fast_pool2d_scratch(&args, x, y);
        return nnx_fast_pool2d;
    default: return NULL;
    }
}

/* The rows of a product: its output's elements over the last axis. */
static size_t product_rows(const nnx_ir *ir, const nnx_node *node)
{
    const nnx_operand_desc *y = &ir->values[node->out[0]].desc;
    size_t rows = 1;
    for (uint32_t i = 0; i + 1 < y->rank; i++)
        rows *= y->shape[i];
    return rows;
}

bool nnx_kernel_prepare_same(const nnx_ir *ir, nnx_fast_kernel fast, const nnx_node *a, const nnx_node *b)
{
    if (a->op != b->op || a->in[1] != b->in[1])
        return false;
    if (fast == nnx_fast_winograd) /* made from the filter alone */
        return true;
    if (a->op == NNX_OP_GEMM && a->attrs.gemm.trans_b != b->attrs.gemm.trans_b)
        return false;
    return (product_rows(ir, a) == 1) == (product_rows(ir, b) == 1);
}

/* The B operand of a matmul (one matrix, no batch) or gemm when it is a fixed constant:
 * packed for the GEMM when the product has more than one row; for one row (the gemv path:
 * a recurrent step, a fully connected layer at batch 1), B^T as a row-major copy when B's
 * columns are not contiguous already, so each output is a dot product of two contiguous
 * vectors and each thread streams its own contiguous part of the weights; NULL otherwise. */
static nnx_status pack_weights(const nnx_ir *ir, const nnx_node *node, void **prepared)
{
    const nnx_operand_desc *b = &ir->values[node->in[1]].desc, *y = &ir->values[node->out[0]].desc;
    if (!nnx_ir_fixed_constant(ir, node->in[1]) || b->rank < 2)
        return NNX_OK;
    size_t K, N = y->shape[y->rank - 1], rows = product_rows(ir, node);
    nnx_fmat B = {ir->values[node->in[1]].data, N, 1};
    if (node->op == NNX_OP_GEMM) {
        bool t = node->attrs.gemm.trans_b;
        K = b->shape[t ? 1 : 0];
        B = (nnx_fmat){B.data, t ? 1 : b->shape[1], t ? b->shape[1] : 1};
    } else {
        for (uint32_t i = 0; i + 2 < b->rank; i++)
            if (b->shape[i] != 1)
                return NNX_OK; /* batches of b: one product each */
        K = b->shape[b->rank - 2];
    }
    return nnx_fast_matmul_prepare(ir->alloc, B, K, N, rows, prepared);
}

/* An ungrouped convolution's constant filter [O, C*KH*KW] packed as the GEMM's A panels (the
 * windows-in-place path ignores it). */
static nnx_status pack_filter(const nnx_ir *ir, const nnx_node *node, void **prepared)
{
    const nnx_operand_desc *f = &ir->values[node->in[1]].desc;
    uint32_t groups = node->attrs.conv.groups ? node->attrs.conv.groups : 1;
    if (!nnx_ir_fixed_constant(ir, node->in[1]) || groups != 1 || f->rank != 4)
        return NNX_OK;
    size_t M = f->shape[0], K = (size_t)f->shape[1] * f->shape[2] * f->shape[3];
    return nnx_fast_conv2d_prepare(ir->alloc, ir->values[node->in[1]].data, M, K, prepared);
}

/* A TOSA conv's constant OHWI filter, read as the K x O matrix Wᵀ, or a tosa_matmul's constant
 * b of one matrix, packed for the GEMM as a matmul's B (Bᵀ row-major for one row). */
static nnx_status pack_tosa(const nnx_ir *ir, const nnx_node *node, void **prepared)
{
    const nnx_operand_desc *b = &ir->values[node->in[1]].desc;
    const float *data = ir->values[node->in[1]].data;
    if (!nnx_ir_fixed_constant(ir, node->in[1]))
        return NNX_OK;
    if (node->op == NNX_OP_TOSA_CONV2D) {
        size_t K = (size_t)b->shape[1] * b->shape[2] * b->shape[3];
        return nnx_fast_matmul_prepare(ir->alloc, (nnx_fmat){data, 1, K}, K, b->shape[0], product_rows(ir, node),
                                       prepared);
    }
    if (b->shape[0] != 1)
        return NNX_OK; /* batches of b: one product each */
    return nnx_fast_matmul_prepare(ir->alloc, (nnx_fmat){data, b->shape[2], 1}, b->shape[1], b->shape[2],
                                   product_rows(ir, node), prepared);
}

nnx_status nnx_kernel_prepare(const nnx_ir *ir, const nnx_node *node, nnx_fast_kernel fast, void **prepared)
{
    *prepared = NULL;
    if (fast == nnx_fast_tosa_conv2d || fast == nnx_fast_tosa_matmul)
        return pack_tosa(ir, node, prepared);
    if (fast == nnx_fast_matmul || fast == nnx_fast_gemm)
        return pack_weights(ir, node, prepared);
    if (fast == nnx_fast_conv2d)
        return pack_filter(ir, node, prepared);
    if (fast != nnx_fast_winograd)
        return NNX_OK;
    const nnx_operand_desc *w = &ir->values[node->in[1]].desc;
    *prepared = nnx_winograd_prepare(ir->alloc, ir->values[node->in[1]].data, w->shape[0], w->shape[1]);
    return *prepared ? NNX_OK : NNX_ERROR_OUT_OF_MEMORY;
}

bool nnx_kernel_exact(nnx_op op)
{
    return op != NNX_OP_MATMUL && op != NNX_OP_GEMM && op != NNX_OP_CONV && op != NNX_OP_TOSA_CONV2D &&
        op != NNX_OP_TOSA_DEPTHWISE_CONV2D && op != NNX_OP_TOSA_MATMUL && op != NNX_OP_BATCH_NORMALIZATION &&
        op != NNX_OP_INSTANCE_NORMALIZATION && op != NNX_OP_LAYER_NORMALIZATION && op != NNX_OP_EXP &&
        op != NNX_OP_SIGMOID && op != NNX_OP_TANH && op != NNX_OP_SOFTMAX;
}
