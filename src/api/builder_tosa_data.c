/* builder_tosa_data.c — TOSA 1.0 data-layout, scatter/gather and data-node operators
 * (spec §2.9, §2.10, §2.12): CONCAT, PAD, RESHAPE, REVERSE, SLICE, TILE, TRANSPOSE, GATHER,
 * SCATTER, CONST, IDENTITY and CONST_SHAPE, each checked (ERROR_IF / LEVEL_CHECK) and
 * mapped to core data-movement ops. shape_t arguments are CONST_SHAPE constants (int64). */
#include "api/tosa_front.h"
#include "base/checked.h"

#include <stdio.h>
#include <string.h>

static bool put(nnx_tosa_call *k, nnx_operand *r)
{
    if (!r)
        return false;
    k->out[0] = r;
    return true;
}

static bool concat(nnx_tosa_call *k)
{
    int32_t axis = k->a->axis;
    char text[96];
    snprintf(text, sizeof text, "tensor_list_shape(input1) <= MAX_TENSOR_LIST_SIZE = %u",
             k->t->level->max_tensor_list_size);
    if (!nnx_tosa_level_check(k, k->n_in <= k->t->level->max_tensor_list_size, text) ||
        !nnx_tosa_error_if(k, k->n_in == 0, "input1 == []"))
        return false;
    const nnx_operand_desc *d0 = nnx_tosa_desc(k, 0);
    if (!nnx_tosa_error_if(k, d0->rank == 0, "rank(shapes1[0]) < 1: CONCAT inputs have rank 1..MAX_RANK") ||
        !nnx_tosa_error_if(k, axis < 0 || axis >= (int32_t)d0->rank, "axis < 0 || axis >= max(1,rank(shapes1[0]))") ||
        !nnx_tosa_check_rank(k, d0->rank, "shape"))
        return false;
    for (uint32_t t = 1; t < k->n_in; t++) {
        const nnx_operand_desc *d = nnx_tosa_desc(k, t);
        if (!nnx_tosa_error_if(k, d->dtype != d0->dtype, "input types differ (in_out_t)") ||
            !nnx_tosa_error_if(k, d->rank != d0->rank, "rank(shapes1[shape_index]) != rank(shapes1[0])"))
            return false;
        for (uint32_t i = 0; i < d->rank; i++)
            if (!nnx_tosa_error_if(k, (int32_t)i != axis && d->shape[i] != d0->shape[i],
                                   "shapes1[shape_index][axis_index] != shapes1[0][axis_index]"))
                return false;
    }
    nnx_attrs a = {.axis = {(uint32_t)axis}};
    return put(k, nnx_tosa_node(k, NNX_OP_CONCAT, (const nnx_operand *const *)k->in, k->n_in, &a));
}

/* pad_const: the fill value, in the representation of the input's dtype kind. */
static bool pad_value(nnx_tosa_call *k, nnx_scalar *v)
{
    const void *data;
    nnx_dtype dt = nnx_tosa_dt(k, 0);
    v->u = 0;
    if (k->n_in < 3)
        return true;
    if (!nnx_tosa_error_if(k, nnx_tosa_dt(k, 2) != dt || nnx_tosa_elements(k, 2) != 1,
                           "pad_const is not a T<in_out_t> of one element") ||
        !nnx_tosa_ctc(k, 2, "pad_const", &data))
        return false;
    switch (nnx_dtype_kind_of(dt)) {
    case NNX_KIND_FLOAT: v->f = nnx_tosa_const_f(k, 2, 0); break;
    case NNX_KIND_SINT: v->i = nnx_tosa_const_i(k, 2, 0); break;
    default: v->u = (uint64_t)nnx_tosa_const_i(k, 2, 0); break;
    }
    return true;
}

static bool pad(nnx_tosa_call *k)
{
    const nnx_operand_desc *x = nnx_tosa_desc(k, 0);
    int64_t p[2 * NNX_MAX_RANK];
    uint32_t n;
    if (!nnx_tosa_error_if(k, x->rank == 0, "rank(shape1) < 1: PAD input has rank 1..MAX_RANK") ||
        !nnx_tosa_check_rank(k, x->rank, "shape") || !nnx_tosa_shape_input(k, 1, "padding", p, 2 * NNX_MAX_RANK, &n) ||
        !nnx_tosa_error_if(k, n != 2 * x->rank, "length(padding) != 2 * rank(shape1)"))
        return false;
    nnx_attrs a = {.pad = {.mode = NNX_PAD_CONSTANT}};
    for (uint32_t i = 0; i < x->rank; i++) {
        if (!nnx_tosa_error_if(k, p[2 * i] < 0 || p[2 * i + 1] < 0, "padding[i * 2] < 0 || padding[(i * 2) + 1] < 0"))
            return false;
        if (p[2 * i] > INT32_MAX || p[2 * i + 1] > INT32_MAX || x->shape[i] + p[2 * i] + p[2 * i + 1] > 2147483647)
            return nnx_tosa_fail(k, NNX_ERROR_INVALID_ARGUMENT, "padding of axis %u makes the dimension exceed 2^31-1",
                                 i);
        a.pad.begin[i] = (int32_t)p[2 * i];
        a.pad.end[i] = (int32_t)p[2 * i + 1];
    }
    if (!pad_value(k, &a.pad.value))
        return false;
    const nnx_operand *in[1] = {k->in[0]};
    return put(k, nnx_tosa_node(k, NNX_OP_PAD, in, 1, &a));
}

static bool reshape(nnx_tosa_call *k)
{
    int64_t s[NNX_MAX_RANK + 1];
    uint32_t n, shape[NNX_MAX_RANK];
    const nnx_operand_desc *x = nnx_tosa_desc(k, 0);
    if (!nnx_tosa_check_rank(k, x->rank, "shape1") || !nnx_tosa_shape_input(k, 1, "shape", s, NNX_MAX_RANK + 1, &n) ||
        !nnx_tosa_check_rank(k, n, "shape"))
        return false;
    uint64_t count = 1;
    for (uint32_t i = 0; i < n; i++) {
        if (!nnx_tosa_require(k, s[i] >= 1 && s[i] <= 2147483647, "1 <= shape[i] <= maximum<tensor_size_t>"))
            return false;
        shape[i] = (uint32_t)s[i];
        if (!nnx_mul_u64(count, shape[i], &count))
            count = UINT64_MAX;
    }
    if (!nnx_tosa_error_if(k, count != nnx_tosa_elements(k, 0), "tensor_size(shape1) != tensor_size(shape)"))
        return false;
    return put(k, nnx_tosa_reshape(k, k->in[0], shape, n));
}

static bool reverse(nnx_tosa_call *k)
{
    const nnx_operand_desc *x = nnx_tosa_desc(k, 0);
    if (!nnx_tosa_error_if(k, x->rank == 0, "rank(shape1) < 1: REVERSE input has rank 1..MAX_RANK") ||
        !nnx_tosa_check_rank(k, x->rank, "shape") ||
        !nnx_tosa_error_if(k, k->a->axis < 0 || k->a->axis >= (int32_t)x->rank, "axis < 0 || axis >= rank(shape)"))
        return false;
    nnx_attrs a = {.reverse = {1u << k->a->axis}};
    const nnx_operand *in[1] = {k->in[0]};
    return put(k, nnx_tosa_node(k, NNX_OP_REVERSE, in, 1, &a));
}

static bool slice(nnx_tosa_call *k)
{
    const nnx_operand_desc *x = nnx_tosa_desc(k, 0);
    int64_t start[NNX_MAX_RANK + 1], size[NNX_MAX_RANK + 1];
    uint32_t ns, nz;
    if (!nnx_tosa_check_rank(k, x->rank, "shape") ||
        !nnx_tosa_shape_input(k, 1, "start", start, NNX_MAX_RANK + 1, &ns) ||
        !nnx_tosa_shape_input(k, 2, "size", size, NNX_MAX_RANK + 1, &nz) ||
        !nnx_tosa_error_if(k, x->rank != ns || x->rank != nz,
                           "rank(shape1) != length(start) || rank(shape1) != length(size)"))
        return false;
    nnx_attrs a = {0};
    for (uint32_t i = 0; i < x->rank; i++) {
        if (!nnx_tosa_error_if(k, start[i] < 0, "start[index] < 0") ||
            !nnx_tosa_error_if(k, size[i] <= 0, "size[index] <= 0") ||
            !nnx_tosa_error_if(k, start[i] + size[i] > x->shape[i], "start[index] + size[index] > shape1[index]"))
            return false;
        a.slice.starts[i] = (uint32_t)start[i];
        a.slice.sizes[i] = (uint32_t)size[i];
        a.slice.strides[i] = 1;
    }
    const nnx_operand *in[1] = {k->in[0]};
    return put(k, nnx_tosa_node(k, NNX_OP_SLICE, in, 1, &a));
}

static bool tile(nnx_tosa_call *k)
{
    const nnx_operand_desc *x = nnx_tosa_desc(k, 0);
    int64_t m[NNX_MAX_RANK + 1];
    uint32_t n;
    if (!nnx_tosa_check_rank(k, x->rank, "shape") ||
        !nnx_tosa_shape_input(k, 1, "multiples", m, NNX_MAX_RANK + 1, &n) ||
        !nnx_tosa_error_if(k, n != x->rank, "length(multiples) != rank(shape1)"))
        return false;
    nnx_attrs a = {0};
    for (uint32_t i = 0; i < n; i++) {
        if (!nnx_tosa_error_if(k, m[i] < 1 || m[i] * (int64_t)x->shape[i] > 2147483647,
                               "shape1[i] * multiples[i] != shape[i] (multiples[i] must be >= 1 and the product a "
                               "valid dimension)"))
            return false;
        a.tile.repeats[i] = (uint32_t)m[i];
    }
    const nnx_operand *in[1] = {k->in[0]};
    return put(k, nnx_tosa_node(k, NNX_OP_TILE, in, 1, &a));
}

static bool transpose(nnx_tosa_call *k)
{
    const nnx_operand_desc *x = nnx_tosa_desc(k, 0);
    if (!nnx_tosa_check_rank(k, x->rank, "shape") ||
        !nnx_tosa_error_if(k, k->a->perms_count != x->rank || (x->rank && !k->a->perms),
                           "length(perms) != rank(shape1)"))
        return false;
    bool used[NNX_MAX_RANK] = {false};
    nnx_attrs a = {0};
    for (uint32_t i = 0; i < x->rank; i++) {
        int32_t p = k->a->perms[i];
        if (!nnx_tosa_error_if(k, p >= (int32_t)x->rank, "index >= rank(shape1)") ||
            !nnx_tosa_error_if(k, p < 0, "index < 0") || !nnx_tosa_error_if(k, used[p], "indexes_used[index] == true"))
            return false;
        used[p] = true;
        a.transpose.perm[i] = (uint32_t)p;
    }
    const nnx_operand *in[1] = {k->in[0]};
    return put(k, nnx_tosa_node(k, NNX_OP_TRANSPOSE, in, 1, &a));
}

/* GATHER values [N,K,C], indices [N,W] -> [N,W,C]: the indices reshaped to [N,W,1] and
 * broadcast to [N,W,C] select along axis 1 (core gather_elements: out[n,w,c] =
 * values[n, idx[n,w,c], c]). An index outside [0, K) is unpredictable (REQUIRE). SCATTER:
 * the same index tensor drives scatter_elements. */
static nnx_operand *index3(nnx_tosa_call *k, const nnx_operand *idx, uint32_t n, uint32_t w, uint32_t c)
{
    uint32_t s3[3] = {n, w, 1};
    nnx_operand *r = nnx_tosa_reshape(k, idx, s3, 3);
    if (!r || c == 1)
        return r;
    nnx_attrs a = {.reshape = {.rank = 3, .shape = {n, w, c}}};
    const nnx_operand *in[1] = {r};
    return nnx_tosa_node(k, NNX_OP_EXPAND, in, 1, &a);
}

static bool gather_scatter(nnx_tosa_call *k, bool scatter)
{
    const nnx_operand_desc *v = nnx_tosa_desc(k, 0), *ix = nnx_tosa_desc(k, 1);
    if (!nnx_tosa_error_if(k, v->rank != 3,
                           scatter ? "rank(values_in) != 3 ([N,K,C])" : "rank(values) != 3 ([N,K,C])") ||
        !nnx_tosa_error_if(k, ix->rank != 2 || ix->shape[0] != v->shape[0], "indices is not [N,W]"))
        return false;
    uint32_t n = v->shape[0], c = v->shape[2], w = ix->shape[1];
    if (scatter) {
        const nnx_operand_desc *u = nnx_tosa_desc(k, 2);
        if (!nnx_tosa_error_if(
                k, u->dtype != v->dtype || u->rank != 3 || u->shape[0] != n || u->shape[1] != w || u->shape[2] != c,
                "input is not T<in_out_t>[N,W,C]") ||
            !nnx_tosa_require(k, v->shape[1] >= w, "K >= W (each of the W rows is written once)"))
            return false;
    }
    nnx_operand *idx = index3(k, k->in[1], n, w, c);
    if (!idx)
        return false;
    nnx_attrs a = {.axis = {1}};
    if (scatter) {
        const nnx_operand *in[3] = {k->in[0], idx, k->in[2]};
        return put(k, nnx_tosa_node(k, NNX_OP_SCATTER_ELEMENTS, in, 3, &a));
    }
    const nnx_operand *in[2] = {k->in[0], idx};
    return put(k, nnx_tosa_node(k, NNX_OP_GATHER_ELEMENTS, in, 2, &a));
}

static bool constant(nnx_tosa_call *k)
{
    /* no rank LEVEL_CHECK: CONST has none in the spec (TOSA 1.0 §2.14.1 CONST; levels: §1.7) */
    const nnx_tosa_attrs *a = k->a;
    return put(k, nnx_tosa_constant(k, &a->desc, a->values, a->values_size));
}

/* CONST_SHAPE: shape values as an int64 constant [n], the empty shape as a rank-0 one. */
static bool const_shape(nnx_tosa_call *k)
{
    const nnx_tosa_attrs *a = k->a;
    if (a->shape_values_count && !a->shape_values)
        return nnx_tosa_fail(k, NNX_ERROR_INVALID_ARGUMENT, "shape_values is NULL");
    if (a->shape_values_count > 2 * NNX_MAX_RANK + 2)
        return nnx_tosa_fail(k, NNX_ERROR_INVALID_ARGUMENT, "%u shape values: no TOSA operator takes more than %u",
                             a->shape_values_count, 2 * NNX_MAX_RANK + 2);
    int64_t zero = 0;
    nnx_operand_desc d = {.dtype = NNX_INT64, .rank = a->shape_values_count ? 1 : 0, .shape = {a->shape_values_count}};
    const void *data = a->shape_values_count ? (const void *)a->shape_values : &zero;
    return put(k,
               nnx_tosa_constant(k, &d, data, (a->shape_values_count ? a->shape_values_count : 1) * sizeof(int64_t)));
}

bool nnx_tosa_data(nnx_tosa_call *k)
{
    switch (k->op) {
    case NNX_TOSA_CONCAT: return concat(k);
    case NNX_TOSA_PAD: return pad(k);
    case NNX_TOSA_RESHAPE: return reshape(k);
    case NNX_TOSA_REVERSE: return reverse(k);
    case NNX_TOSA_SLICE: return slice(k);
    case NNX_TOSA_TILE: return tile(k);
    case NNX_TOSA_TRANSPOSE: return transpose(k);
    case NNX_TOSA_GATHER: return gather_scatter(k, false);
    case NNX_TOSA_SCATTER: return gather_scatter(k, true);
    case NNX_TOSA_CONST: return constant(k);
    case NNX_TOSA_CONST_SHAPE: return const_shape(k);
    case NNX_TOSA_IDENTITY: { /* no rank LEVEL_CHECK, as CONST */
        const nnx_operand_desc *x = nnx_tosa_desc(k, 0);
        return put(k, nnx_tosa_reshape(k, k->in[0], x->shape, x->rank));
    }
    default: return nnx_tosa_fail(k, NNX_ERROR_INVALID_ARGUMENT, "not a data-layout operator");
    }
}
