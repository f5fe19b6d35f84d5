/* matmul.c — shape inference and reference kernels of MATMUL and GEMM, WebNN matmul
 * (#api-mlgraphbuilder-matmul) and gemm (#api-mlgraphbuilder-gemm). Both take float types
 * only; products are summed in double and each output element is rounded once. */
#include "ir/dtypes.h"
#include "ops/table.h"
#include "ir/elem.h"
#include "ir/shape.h"

/* Shared type rule of matmul and gemm: a is a float type and b has a's type. */
static nnx_status check_float_pair(const nnx_operand_desc *a, const nnx_operand_desc *b, nnx_error *err)
{
    if (!nnx_dtype_is_float(a->dtype))
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "a type %s is not a floating-point type",
                             nnx_dtype_name(a->dtype));
    if (b->dtype != a->dtype)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "b type %s != a type %s", nnx_dtype_name(b->dtype),
                             nnx_dtype_name(a->dtype));
    return NNX_OK;
}

/* Every output dimension must be a valid dimension (>= 1; uint32 by construction). */
static nnx_status check_out_dims(const nnx_operand_desc *out, nnx_error *err)
{
    for (uint32_t i = 0; i < out->rank; i++)
        if (out->shape[i] == 0)
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "output dimension %u is 0", i);
    return NNX_OK;
}

/* The sum over k < K of a[ai + k * a_step] * b[bi + k * b_step], in double. */
static double dot(nnx_dtype dt, const void *a, size_t ai, size_t a_step, const void *b, size_t bi, size_t b_step,
                  uint32_t K)
{
    double acc = 0;
    for (uint32_t k = 0; k < K; k++)
        acc += nnx_load_f(dt, a, ai + k * a_step) * nnx_load_f(dt, b, bi + k * b_step);
    return acc;
}

/* ---------------------------------------------------------------- matmul */

/* WebNN matmul: ranks >= 2 (1-D operands are rejected, unlike numpy), colsA == rowsB,
 * output = bidirectional broadcast of the batch dims ++ [rowsA, colsB]. */
nnx_status nnx_infer_matmul(const nnx_op_args *args, const nnx_operand_desc *const *in, nnx_operand_desc *out,
                            nnx_error *err)
{
    const nnx_operand_desc *a = in[0], *b = in[1];
    nnx_status st = check_float_pair(a, b, err);
    if (st != NNX_OK)
        return st;
    if (a->rank < 2 || b->rank < 2)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "a has rank %u and b rank %u, both must be at least 2",
                             a->rank, b->rank);
    uint32_t rows_a = a->shape[a->rank - 2], cols_a = a->shape[a->rank - 1];
    uint32_t rows_b = b->shape[b->rank - 2], cols_b = b->shape[b->rank - 1];
    if (cols_a != rows_b)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "columns of a %u != rows of b %u", cols_a, rows_b);
    uint32_t batch_rank;
    if (!nnx_broadcast_shapes(a->shape, a->rank - 2, b->shape, b->rank - 2, out->shape, &batch_rank)) {
        char sa[128], sb[128];
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "batch dimensions of a %s and b %s do not broadcast",
                             nnx_desc_format(a, sa, sizeof sa), nnx_desc_format(b, sb, sizeof sb));
    }
    out->dtype = a->dtype;
    out->rank = batch_rank + 2;
    out->shape[batch_rank] = rows_a;
    out->shape[batch_rank + 1] = cols_b;
    return check_out_dims(out, err);
}

/* Every batch index of the output reads the a and b matrices its broadcast batch index
 * selects (stride 0 along broadcast axes), then does a plain [M,K] x [K,N] product. */
nnx_status nnx_ref_matmul(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    const nnx_operand_desc *a = &in[0].desc, *b = &in[1].desc, *y = &out->desc;
    nnx_dtype dt = y->dtype;
    uint32_t batch_rank = y->rank - 2;
    uint32_t M = y->shape[batch_rank], N = y->shape[batch_rank + 1], K = a->shape[a->rank - 1];
    uint64_t as[NNX_MAX_RANK], bs[NNX_MAX_RANK]; /* in matrices, not elements */
    nnx_broadcast_strides(a->shape, a->rank - 2, batch_rank, as);
    nnx_broadcast_strides(b->shape, b->rank - 2, batch_rank, bs);
    uint32_t idx[NNX_MAX_RANK] = {0};
    size_t mat = 0;
    do {
        size_t a_mat = 0, b_mat = 0;
        for (uint32_t i = 0; i < batch_rank; i++) {
            a_mat += idx[i] * as[i];
            b_mat += idx[i] * bs[i];
        }
        size_t a0 = a_mat * M * K, b0 = b_mat * K * N, y0 = mat * M * N;
        for (uint32_t m = 0; m < M; m++)
            for (uint32_t n = 0; n < N; n++)
                nnx_store_f(dt, out->data, y0 + (size_t)m * N + n,
                            dot(dt, in[0].data, a0 + (size_t)m * K, 1, in[1].data, b0 + n, N, K));
        mat++;
    } while (nnx_index_next(idx, y->shape, batch_rank));
    return NNX_OK;
}

/* ---------------------------------------------------------------- gemm */

/* WebNN gemm: a and b rank 2; shapes are read transposed when a_transpose / b_transpose;
 * A' is [M, K], B' must be [K, N]; C (input 2, optional) has a's type and broadcasts
 * unidirectionally to [M, N] (a scalar is allowed). Output [M, N]. */
nnx_status nnx_infer_gemm(const nnx_op_args *args, const nnx_operand_desc *const *in, nnx_operand_desc *out,
                          nnx_error *err)
{
    const nnx_attr_gemm *g = &args->attrs->gemm;
    const nnx_operand_desc *a = in[0], *b = in[1], *c = args->n_in > 2 ? in[2] : NULL;
    nnx_status st = check_float_pair(a, b, err);
    if (st != NNX_OK)
        return st;
    if (c && c->dtype != a->dtype)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "c type %s != a type %s", nnx_dtype_name(c->dtype),
                             nnx_dtype_name(a->dtype));
    if (a->rank != 2 || b->rank != 2)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "a has rank %u and b rank %u, both must be 2", a->rank,
                             b->rank);
    uint32_t M = a->shape[g->trans_a ? 1 : 0], K = a->shape[g->trans_a ? 0 : 1];
    uint32_t Kb = b->shape[g->trans_b ? 1 : 0], N = b->shape[g->trans_b ? 0 : 1];
    if (K != Kb)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "columns of a' %u != rows of b' %u", K, Kb);
    uint32_t mn[2] = {M, N};
    if (c && !nnx_broadcast_to(c->shape, c->rank, mn, 2)) {
        char sc[128];
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "c %s does not broadcast to [%u, %u]",
                             nnx_desc_format(c, sc, sizeof sc), M, N);
    }
    out->dtype = a->dtype;
    out->rank = 2;
    out->shape[0] = M;
    out->shape[1] = N;
    return check_out_dims(out, err);
}

/* out[m, n] = alpha * sum_k A'[m, k] * B'[k, n] + beta * C[m, n], in double, rounded once.
 * A transposed operand is read through swapped strides. An absent C adds nothing (not
 * beta * 0, which would turn an infinite beta into NaN). */
nnx_status nnx_ref_gemm(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    const nnx_attr_gemm *g = &args->attrs->gemm;
    nnx_dtype dt = out->desc.dtype;
    uint32_t M = out->desc.shape[0], N = out->desc.shape[1];
    uint32_t a_cols = in[0].desc.shape[1], b_cols = in[1].desc.shape[1];
    uint32_t K = in[0].desc.shape[g->trans_a ? 0 : 1];
    size_t a_m = g->trans_a ? 1 : a_cols, a_k = g->trans_a ? a_cols : 1; /* strides of A' */
    size_t b_k = g->trans_b ? 1 : b_cols, b_n = g->trans_b ? b_cols : 1; /* strides of B' */
    const nnx_view *c = args->n_in > 2 && in[2].data ? &in[2] : NULL;
    uint64_t cs[2] = {0, 0};
    if (c)
        nnx_broadcast_strides(c->desc.shape, c->desc.rank, 2, cs);
    for (uint32_t m = 0; m < M; m++)
        for (uint32_t n = 0; n < N; n++) {
            double v = g->alpha * dot(dt, in[0].data, m * a_m, a_k, in[1].data, n * b_n, b_k, K);
            if (c)
                v += g->beta * nnx_load_f(dt, c->data, m * cs[0] + n * cs[1]);
            nnx_store_f(dt, out->data, (size_t)m * N + n, v);
        }
    return NNX_OK;
}
