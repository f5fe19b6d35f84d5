/* matmul_fast.c — float32 matmul (batched, broadcast batch axes; against one matrix, the
 * batches are one tall product) and gemm (transposes, alpha, beta, C broadcast) on the fast
 * sgemm (cpu/gemm.h), with a constant B packed when the graph was built (env->prepared:
 * GEMM panels, or B^T for a one-row product), and a fused residual or bias row and clamp
 * applied as each tile is finished.
 * Same results as ops/matmul.c within float32 rounding of each length-K sum. */
#include "cpu/gemm.h"
#include "cpu/kernels.h"
#include "ir/shape.h"

/* The product's B as prepared when the graph was built (nnx_fast_matmul_prepare): B^T,
 * row-major, for a one-row product (read as strided B by the gemv path), else packed panels;
 * nothing prepared leaves B as given. */
static void prepared_b(const nnx_kernel_env *env, size_t rows, size_t K, nnx_fmat *B, nnx_gemm_io *io)
{
    if (rows == 1 && env->prepared)
        *B = (nnx_fmat){env->prepared, 1, K};
    else
        io->b_packed = env->prepared;
}

/* The fused epilogue (runtime/fuse.c): residual (a whole output, or one row added to every
 * row) then clamp, or none. */
static const nnx_gemm_epilogue *epilogue(const nnx_kernel_env *env, size_t N, nnx_gemm_epilogue *ep)
{
    bool clamp = env->act && env->act->on;
    if (!env->residual && !clamp)
        return NULL;
    *ep = (nnx_gemm_epilogue){NULL, env->residual, clamp ? env->act : NULL, env->act->residual_row ? 0 : N};
    return ep;
}

nnx_status nnx_fast_matmul(const nnx_op_args *args, const nnx_view *in, nnx_view *out, const nnx_kernel_env *env)
{
    (void)args;
    nnx_gemm_epilogue ep;
    const nnx_operand_desc *a = &in[0].desc, *b = &in[1].desc, *y = &out->desc;
    uint32_t batch_rank = y->rank - 2;
    size_t M = y->shape[batch_rank], N = y->shape[batch_rank + 1], K = a->shape[a->rank - 1];
    uint64_t as[NNX_MAX_RANK], bs[NNX_MAX_RANK]; /* in matrices */
    nnx_broadcast_strides(a->shape, a->rank - 2, batch_rank, as);
    nnx_broadcast_strides(b->shape, b->rank - 2, batch_rank, bs);
    const float *A = in[0].data, *B = in[1].data;
    float *Y = out->data;
    /* b without batch axes: a's batches and rows are one tall matrix, one product (not a
     * matrix-vector product per batch when M is 1) */
    if (nnx_shape_elements(b->shape, b->rank - 2) == 1) {
        size_t rows = nnx_shape_elements(y->shape, batch_rank) * M;
        nnx_fmat fa = {A, K, 1}, fb = {B, N, 1};
        nnx_gemm_io io = {.epilogue = epilogue(env, N, &ep)};
        prepared_b(env, rows, K, &fb, &io);
        nnx_sgemm_threads_io(env, rows, N, K, fa, fb, Y, N, false, &io);
        return NNX_OK;
    }
    const nnx_gemm_epilogue *whole = epilogue(env, N, &ep);
    uint32_t idx[NNX_MAX_RANK] = {0};
    size_t mat = 0;
    do {
        size_t a_mat = 0, b_mat = 0;
        for (uint32_t i = 0; i < batch_rank; i++) {
            a_mat += idx[i] * as[i];
            b_mat += idx[i] * bs[i];
        }
        nnx_fmat fa = {A + a_mat * M * K, K, 1}, fb = {B + b_mat * K * N, N, 1};
        nnx_gemm_epilogue mine = whole ? *whole : (nnx_gemm_epilogue){0};
        if (mine.residual && mine.residual_rs) /* this product's part of a whole residual */
            mine.residual += mat * M * N;
        nnx_gemm_io io = {.epilogue = whole ? &mine : NULL};
        nnx_sgemm_threads_io(env, M, N, K, fa, fb, Y + mat * M * N, N, false, &io);
        mat++;
    } while (nnx_index_next(idx, y->shape, batch_rank));
    return NNX_OK;
}

nnx_status nnx_fast_gemm(const nnx_op_args *args, const nnx_view *in, nnx_view *out, const nnx_kernel_env *env)
{
    const nnx_attr_gemm *g = &args->attrs->gemm;
    size_t M = out->desc.shape[0], N = out->desc.shape[1];
    size_t a_cols = in[0].desc.shape[1], b_cols = in[1].desc.shape[1];
    size_t K = in[0].desc.shape[g->trans_a ? 0 : 1];
    nnx_fmat fa = {in[0].data, g->trans_a ? 1 : a_cols, g->trans_a ? a_cols : 1};
    nnx_fmat fb = {in[1].data, g->trans_b ? 1 : b_cols, g->trans_b ? b_cols : 1};
    float *Y = out->data;
    const nnx_view *c = args->n_in > 2 && in[2].data ? &in[2] : NULL;
    uint64_t cs[2] = {0, 0};
    if (c)
        nnx_broadcast_strides(c->desc.shape, c->desc.rank, 2, cs);
    /* alpha = beta = 1 and C a row or the whole output (a linear layer's bias): C is added in
     * the tile epilogue — Y + C in float is the reference's double sum rounded once */
    bool add_c = c && g->alpha == 1.0 && g->beta == 1.0 && (N == 1 || cs[1] == 1) && (cs[0] == 0 || cs[0] == N);
    nnx_gemm_epilogue ep = {NULL, add_c ? c->data : NULL, NULL, cs[0]};
    nnx_gemm_io io = {.epilogue = add_c ? &ep : NULL};
    prepared_b(env, M, K, &fb, &io);
    nnx_sgemm_threads_io(env, M, N, K, fa, fb, Y, N, false, &io);
    if ((!c && g->alpha == 1.0) || add_c)
        return NNX_OK;
    const float *C = c ? c->data : NULL;
    for (size_t m = 0; m < M; m++)
        for (size_t n = 0; n < N; n++) {
            double v = g->alpha * Y[m * N + n];
            if (C)
                v += g->beta * C[m * cs[0] + n * cs[1]];
            Y[m * N + n] = (float)v;
        }
    return NNX_OK;
}
