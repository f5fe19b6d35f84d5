/* logical.c — comparisons (less … not_equal), logical not/and/or/xor (bool or uint8),
 * is_nan/is_inf and where: shape inference and reference kernels. Comparisons read both
 * operands in their own dtype's kind (floats as double, which every narrower float converts
 * to exactly; integers exactly in 64 bits), so no value is rounded before it is compared.
 * Logical tensors hold 0 or 1; a kernel reading one treats any non-zero byte as true and
 * always writes 0 or 1. */
#include "ops/table.h"
#include "ir/elem.h"
#include "ir/shape.h"

#include <math.h>

/* ---------------------------------------------------------------- inference */

static nnx_status no_broadcast(nnx_error *err, const nnx_operand_desc *a, const nnx_operand_desc *b)
{
    char sa[96], sb[96];
    return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "shapes %s and %s do not broadcast",
                         nnx_desc_format(a, sa, sizeof sa), nnx_desc_format(b, sb, sizeof sb));
}

/* Two operands of one dtype (any), bidirectional broadcast, bool result. */
nnx_status nnx_infer_compare(const nnx_op_args *args, const nnx_operand_desc *const *in, nnx_operand_desc *out,
                             nnx_error *err)
{
    const nnx_operand_desc *a = in[0], *b = in[1];
    if (a->dtype != b->dtype)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "input types differ (%s and %s)",
                             nnx_dtype_name(a->dtype), nnx_dtype_name(b->dtype));
    out->dtype = NNX_BOOL;
    return nnx_broadcast_shapes(a->shape, a->rank, b->shape, b->rank, out->shape, &out->rank) ? NNX_OK
                                                                                              : no_broadcast(err, a, b);
}

/* not (one input) and and/or/xor (two, broadcast): bool or uint8 operands (WebNN's logical
 * type is uint8), both of one dtype, which the result has. */
nnx_status nnx_infer_logical(const nnx_op_args *args, const nnx_operand_desc *const *in, nnx_operand_desc *out,
                             nnx_error *err)
{
    for (uint32_t i = 0; i < args->n_in; i++)
        if (in[i]->dtype != NNX_BOOL && in[i]->dtype != NNX_UINT8)
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "input %u has type %s, not bool or uint8", i,
                                 nnx_dtype_name(in[i]->dtype));
    if (args->n_in == 1) {
        *out = *in[0];
        return NNX_OK;
    }
    if (in[0]->dtype != in[1]->dtype)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "input types differ (%s and %s)",
                             nnx_dtype_name(in[0]->dtype), nnx_dtype_name(in[1]->dtype));
    out->dtype = in[0]->dtype;
    return nnx_broadcast_shapes(in[0]->shape, in[0]->rank, in[1]->shape, in[1]->rank, out->shape, &out->rank)
        ? NNX_OK
        : no_broadcast(err, in[0], in[1]);
}

/* is_nan, is_inf: a float input, a bool result of its shape. */
nnx_status nnx_infer_float_test(const nnx_op_args *args, const nnx_operand_desc *const *in, nnx_operand_desc *out,
                                nnx_error *err)
{
    if (!nnx_dtype_is_float(in[0]->dtype))
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "input type %s is not a floating-point type",
                             nnx_dtype_name(in[0]->dtype));
    *out = *in[0];
    out->dtype = NNX_BOOL;
    return NNX_OK;
}

/* condition bool; the two values of one dtype, which the output takes; the output shape is
 * the broadcast of all three (broadcasting is associative, so pairwise is enough). */
nnx_status nnx_infer_where(const nnx_op_args *args, const nnx_operand_desc *const *in, nnx_operand_desc *out,
                           nnx_error *err)
{
    const nnx_operand_desc *c = in[0], *a = in[1], *b = in[2];
    if (c->dtype != NNX_BOOL)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "condition has type %s, not bool",
                             nnx_dtype_name(c->dtype));
    if (a->dtype != b->dtype)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "value types differ (%s and %s)",
                             nnx_dtype_name(a->dtype), nnx_dtype_name(b->dtype));
    nnx_operand_desc ab = {.dtype = a->dtype};
    if (!nnx_broadcast_shapes(a->shape, a->rank, b->shape, b->rank, ab.shape, &ab.rank))
        return no_broadcast(err, a, b);
    out->dtype = a->dtype;
    return nnx_broadcast_shapes(c->shape, c->rank, ab.shape, ab.rank, out->shape, &out->rank)
        ? NNX_OK
        : no_broadcast(err, c, &ab);
}

/* ---------------------------------------------------------------- kernels */

/* IEEE 754 quiet comparisons: every ordered predicate is false when either side is NaN, so
 * not_equal (the negation of equal) is true. */
static bool compare_f(nnx_op op, double a, double b)
{
    switch (op) {
    case NNX_OP_LESS: return a < b;
    case NNX_OP_LESS_EQUAL: return a <= b;
    case NNX_OP_GREATER: return a > b;
    case NNX_OP_GREATER_EQUAL: return a >= b;
    case NNX_OP_EQUAL: return a == b;
    default: return !(a == b);
    }
}

/* -1, 0, 1 ordering of two integers of one kind (signed compared as int64, unsigned and bool
 * as uint64, so uint64 values above INT64_MAX order correctly). */
static int order_i(nnx_dtype_kind kind, nnx_dtype dt, const void *pa, size_t ia, const void *pb, size_t ib)
{
    if (kind == NNX_KIND_SINT) {
        int64_t a = nnx_load_i(dt, pa, ia), b = nnx_load_i(dt, pb, ib);
        return (a > b) - (a < b);
    }
    uint64_t a = nnx_load_u(dt, pa, ia), b = nnx_load_u(dt, pb, ib);
    if (kind == NNX_KIND_BOOL) {
        a = a != 0;
        b = b != 0;
    }
    return (a > b) - (a < b);
}

static bool ordered(nnx_op op, int c)
{
    switch (op) {
    case NNX_OP_LESS: return c < 0;
    case NNX_OP_LESS_EQUAL: return c <= 0;
    case NNX_OP_GREATER: return c > 0;
    case NNX_OP_GREATER_EQUAL: return c >= 0;
    case NNX_OP_EQUAL: return c == 0;
    default: return c != 0;
    }
}

/* Flat indices of the n operands of out's current multi-index (strides from
 * nnx_broadcast_strides, stride 0 on broadcast axes). */
static void operand_offsets(const uint32_t *idx, uint32_t rank, const uint64_t (*strides)[NNX_MAX_RANK], uint32_t n,
                            size_t *off)
{
    for (uint32_t k = 0; k < n; k++) {
        off[k] = 0;
        for (uint32_t d = 0; d < rank; d++)
            off[k] += idx[d] * strides[k][d];
    }
}

static void broadcast_all(const nnx_view *in, uint32_t n, const nnx_operand_desc *od, uint64_t (*strides)[NNX_MAX_RANK])
{
    for (uint32_t k = 0; k < n; k++)
        nnx_broadcast_strides(in[k].desc.shape, in[k].desc.rank, od->rank, strides[k]);
}

nnx_status nnx_ref_compare(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    const nnx_operand_desc *od = &out->desc;
    uint64_t strides[2][NNX_MAX_RANK];
    broadcast_all(in, 2, od, strides);
    nnx_dtype dt = in[0].desc.dtype;
    nnx_dtype_kind kind = nnx_dtype_kind_of(dt);
    unsigned char *y = out->data;
    uint32_t idx[NNX_MAX_RANK] = {0};
    size_t o = 0, off[2];
    do {
        operand_offsets(idx, od->rank, strides, 2, off);
        if (kind == NNX_KIND_FLOAT)
            y[o++] = compare_f(args->op, nnx_load_f(dt, in[0].data, off[0]), nnx_load_f(dt, in[1].data, off[1]));
        else
            y[o++] = ordered(args->op, order_i(kind, dt, in[0].data, off[0], in[1].data, off[1]));
    } while (nnx_index_next(idx, od->shape, od->rank));
    return NNX_OK;
}

nnx_status nnx_ref_logical(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    const nnx_operand_desc *od = &out->desc;
    uint64_t strides[2][NNX_MAX_RANK];
    broadcast_all(in, args->n_in, od, strides);
    const unsigned char *a = in[0].data, *b = args->n_in > 1 ? in[1].data : NULL;
    unsigned char *y = out->data;
    uint32_t idx[NNX_MAX_RANK] = {0};
    size_t o = 0, off[2];
    do {
        operand_offsets(idx, od->rank, strides, args->n_in, off);
        bool x = a[off[0]] != 0;
        switch (args->op) {
        case NNX_OP_LOGICAL_AND: y[o++] = x && b[off[1]] != 0; break;
        case NNX_OP_LOGICAL_OR: y[o++] = x || b[off[1]] != 0; break;
        case NNX_OP_LOGICAL_XOR: y[o++] = x != (b[off[1]] != 0); break;
        default: y[o++] = !x; break;
        }
    } while (nnx_index_next(idx, od->shape, od->rank));
    return NNX_OK;
}

nnx_status nnx_ref_float_test(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    nnx_dtype dt = in[0].desc.dtype;
    uint64_t n = nnx_shape_elements(out->desc.shape, out->desc.rank);
    unsigned char *y = out->data;
    for (size_t i = 0; i < n; i++) {
        double x = nnx_load_f(dt, in[0].data, i);
        y[i] = args->op == NNX_OP_IS_NAN ? isnan(x) != 0 : isinf(x) != 0;
    }
    return NNX_OK;
}

/* Copies the selected element bit for bit (no conversion: NaN payloads and -0 survive). */
nnx_status nnx_ref_where(const nnx_op_args *args, const nnx_view *in, nnx_view *out)
{
    const nnx_operand_desc *od = &out->desc;
    uint64_t strides[3][NNX_MAX_RANK];
    broadcast_all(in, 3, od, strides);
    size_t esize = nnx_dtype_size(od->dtype), off[3], o = 0;
    const unsigned char *c = in[0].data;
    uint32_t idx[NNX_MAX_RANK] = {0};
    do {
        operand_offsets(idx, od->rank, strides, 3, off);
        if (c[off[0]])
            nnx_copy_elem(esize, out->data, o, in[1].data, off[1]);
        else
            nnx_copy_elem(esize, out->data, o, in[2].data, off[2]);
        o++;
    } while (nnx_index_next(idx, od->shape, od->rank));
    return NNX_OK;
}
