/* onnx_ops_indexing.c — ONNX operators that place or pick elements by index or by data:
 * MaxUnpool, ScatterElements / ScatterND with a reduction (add, mul, max, min), TopK, Unique,
 * and the operators whose output shape depends on data, which need that data known at load
 * time (Compress, NonZero, ReverseSequence's lengths). */
#include "formats/onnx/onnx_build.h"

#include "ir/elem.h"

#include <math.h>
#include <stdio.h>

/* ---------------------------------------------------------------- MaxUnpool */

/* The default output extents: (in - 1) * stride + kernel - pads per spatial axis. */
static nnx_status unpool_shape(ox *c, const Onnx__NodeProto *n, const nnx_operand_desc *x, uint32_t *shape)
{
    uint32_t r = x->rank;
    size_t nk, ns, np;
    const int64_t *k = ox_attr_ints(n, "kernel_shape", &nk), *s = ox_attr_ints(n, "strides", &ns),
                  *p = ox_attr_ints(n, "pads", &np);
    if (!k || nk != r - 2 || (s && ns != nk) || (p && np != 2 * nk))
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "kernel_shape, strides or pads have the wrong length");
    shape[0] = x->shape[0], shape[1] = x->shape[1];
    for (uint32_t i = 0; i < nk; i++)
        if (k[i] < 1 || k[i] > 65536 || (s && (s[i] < 1 || s[i] > 65536)) ||
            (p && (p[i] < 0 || p[i] > (1 << 24) || p[i + nk] < 0 || p[i + nk] > (1 << 24))))
            return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "kernel, stride or pads out of range");
    for (uint32_t i = 0; i < nk; i++) {
        int64_t o = ((int64_t)x->shape[2 + i] - 1) * (s ? s[i] : 1) + k[i] - (p ? p[i] + p[i + nk] : 0);
        if (o < 1 || o > UINT32_MAX)
            return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "output extent out of range");
        shape[2 + i] = (uint32_t)o;
    }
    return NNX_OK;
}

/* Flat indices into `from` moved to the same coordinates in the larger `to` (int64, run time):
 * the sum over axes of ((i / inner_from) mod from[d]) * inner_to. */
static nnx_status reindex(ox *c, uint32_t idx, uint32_t r, const uint32_t *from, const uint32_t *to, uint32_t *y)
{
    uint64_t inner_from = 1, inner_to = 1;
    uint32_t acc = NNX_NONE;
    for (uint32_t d = r; d-- > 0;) {
        uint32_t q, t;
        CHECK(bin_scalar(c, NNX_OP_DIV, idx, (double)inner_from, &q));
        if (d > 0) { /* mod from[d]; the outermost quotient is the coordinate itself */
            CHECK(bin_scalar(c, NNX_OP_DIV, q, from[d], &t));
            CHECK(bin_scalar(c, NNX_OP_MUL, t, from[d], &t));
            CHECK(bin(c, NNX_OP_SUB, q, t, &q));
        }
        CHECK(bin_scalar(c, NNX_OP_MUL, q, (double)inner_to, &q));
        if (acc == NNX_NONE)
            acc = q;
        else
            CHECK(bin(c, NNX_OP_ADD, acc, q, &acc));
        inner_from *= from[d], inner_to *= to[d];
    }
    *y = acc;
    return NNX_OK;
}

/* Scatters X into zeros of the output shape at the flat indices I. I addresses the default
 * output (unpool_shape); an output_shape that differs puts each value at the same coordinates
 * in the larger output, the extra extent at each axis's end (as the ONNX backend data has it). */
nnx_status nnx_onnx_op_max_unpool(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    nnx_operand_desc x = ox_desc(c, in[0]);
    if (x.rank < 3)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "input must have rank >= 3");
    uint32_t shape[NNX_MAX_RANK], deflt[NNX_MAX_RANK];
    uint32_t r = x.rank, index = in[1];
    CHECK(unpool_shape(c, n, &x, deflt));
    memcpy(shape, deflt, sizeof shape);
    if (in_or_none(in, n_in, 2) != NNX_NONE) {
        int64_t s[NNX_MAX_RANK];
        uint32_t k;
        bool same = true;
        CHECK(ox_ints(c, in[2], "output_shape", s, NNX_MAX_RANK, &k));
        if (k != r)
            return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "output_shape has %u items for rank %u", k, r);
        for (uint32_t i = 0; i < r; i++) {
            if (s[i] < deflt[i] || s[i] > UINT32_MAX)
                return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "output_shape dimension %u: %lld is below %u", i,
                               (long long)s[i], deflt[i]);
            shape[i] = (uint32_t)s[i];
            same &= shape[i] == deflt[i];
        }
        if (!same) {
            CHECK(cast(c, index, NNX_INT64, &index));
            CHECK(reindex(c, index, r, deflt, shape, &index));
        }
    }
    uint64_t total = 1, xn;
    for (uint32_t i = 0; i < r && total <= (1u << 28); i++)
        total *= shape[i];
    nnx_desc_elements(&x, &xn);
    if (total > (1u << 28))
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "output too large");
    nnx_operand_desc zd = {x.dtype, 1, {(uint32_t)total}};
    size_t bytes;
    nnx_desc_bytes(&zd, &bytes);
    void *z = ox_calloc(c, bytes ? bytes : 1, 1);
    if (!z)
        return ox_fail(c, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    uint32_t zeros, xf, idf, y;
    nnx_status st = ox_const(c, &zd, z, &zeros);
    nnx_mem_free(c->ir->alloc, z);
    CHECK(st);
    uint32_t flat[1] = {(uint32_t)xn};
    CHECK(reshape(c, in[0], 1, flat, &xf));
    CHECK(reshape(c, index, 1, flat, &idf));
    nnx_attrs a = {.axis = {0}};
    uint32_t si[3] = {zeros, idf, xf};
    CHECK(ox_node(c, NNX_OP_SCATTER_ELEMENTS, si, 3, &a, 1, &y));
    return reshape(c, y, r, shape, &out[0]);
}

/* ---------------------------------------------------------------- data-dependent shapes */

/* The known elements of an integer or bool tensor as int64 (allocated; caller frees). */
static nnx_status known_elements(ox *c, uint32_t id, const char *what, int64_t **v, uint64_t *count)
{
    nnx_operand_desc d = ox_desc(c, id);
    nnx_desc_elements(&d, count);
    if (*count > (1u << 24))
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "%s is too large", what);
    *v = ox_alloc(c, (*count ? *count : 1) * sizeof **v);
    if (!*v)
        return ox_fail(c, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    const uint8_t *p = ox_known(c, id);
    if (!p) {
        nnx_mem_free(c->ir->alloc, *v);
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED,
                       "%s must be known when the model is loaded: the output's shape depends on it", what);
    }
    size_t es = nnx_dtype_size(d.dtype);
    for (uint64_t i = 0; i < *count; i++) {
        int64_t x = 0;
        switch (d.dtype) {
        case NNX_INT64:
        case NNX_UINT64: memcpy(&x, p + 8 * i, 8); break;
        case NNX_INT32: {
            int32_t y;
            memcpy(&y, p + 4 * i, 4);
            x = y;
            break;
        }
        case NNX_UINT32: {
            uint32_t y;
            memcpy(&y, p + 4 * i, 4);
            x = y;
            break;
        }
        case NNX_FLOAT32: {
            float y;
            memcpy(&y, p + 4 * i, 4);
            x = y != 0;
            break;
        }
        case NNX_FLOAT64: {
            double y;
            memcpy(&y, p + 8 * i, 8);
            x = y != 0;
            break;
        }
        default:
            if (es == 1) {
                x = p[i];
                break;
            }
            nnx_mem_free(c->ir->alloc, *v);
            return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "%s has type %s", what, nnx_dtype_name(d.dtype));
        }
        (*v)[i] = x;
    }
    return NNX_OK;
}

nnx_status nnx_onnx_op_compress(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    int64_t *cond;
    uint64_t count;
    CHECK(known_elements(c, in[1], "condition", &cond, &count));
    nnx_operand_desc d = ox_desc(c, in[0]);
    uint32_t x = in[0], axis = 0;
    const Onnx__AttributeProto *aa = ox_attr(n, "axis");
    nnx_status st = NNX_OK;
    if (!aa) {
        uint64_t total;
        nnx_desc_elements(&d, &total);
        uint32_t s[1] = {(uint32_t)total};
        st = reshape(c, x, 1, s, &x);
    } else
        st = axis_of(c, aa->i, d.rank, &axis);
    uint32_t len = ox_desc(c, x).shape[axis], k = 0;
    int64_t *idx = ox_alloc(c, (count ? count : 1) * sizeof *idx);
    for (uint64_t i = 0; st == NNX_OK && idx && i < count && i < len; i++)
        if (cond[i])
            idx[k++] = (int64_t)i;
    nnx_mem_free(c->ir->alloc, cond);
    if (st == NNX_OK && !idx)
        st = ox_fail(c, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    uint32_t ic; /* k may be 0: an empty result */
    nnx_operand_desc id = {NNX_INT64, 1, {k}};
    if (st == NNX_OK)
        st = ox_const(c, &id, idx, &ic);
    nnx_mem_free(c->ir->alloc, idx);
    CHECK(st);
    nnx_attrs a = {.axis = {axis}};
    uint32_t gi[2] = {x, ic};
    return ox_node(c, NNX_OP_GATHER, gi, 2, &a, 1, &out[0]);
}

nnx_status nnx_onnx_op_nonzero(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    int64_t *v;
    uint64_t count, k = 0;
    CHECK(known_elements(c, in[0], "the input", &v, &count));
    nnx_operand_desc d = ox_desc(c, in[0]);
    for (uint64_t i = 0; i < count; i++)
        k += v[i] != 0;
    uint32_t r = d.rank ? d.rank : 1;
    int64_t *res = ox_alloc(c, (size_t)(r * (k ? k : 1)) * sizeof *res); /* k 0: an empty result */
    nnx_status st = NNX_OK;
    if (!res)
        st = ox_fail(c, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    for (uint64_t i = 0, j = 0; st == NNX_OK && i < count; i++) {
        if (!v[i])
            continue;
        uint64_t rem = i;
        for (uint32_t a = d.rank; a-- > 0;) {
            res[a * k + j] = (int64_t)(rem % d.shape[a]);
            rem /= d.shape[a];
        }
        if (!d.rank)
            res[j] = 0;
        j++;
    }
    nnx_mem_free(c->ir->alloc, v);
    nnx_operand_desc od = {NNX_INT64, 2, {r, (uint32_t)k}};
    if (st == NNX_OK)
        st = ox_const(c, &od, res, &out[0]);
    nnx_mem_free(c->ir->alloc, res);
    return st;
}

/* ReverseSequence: gather_elements along the time axis with indices reversing the first
 * sequence_lens[b] steps of each batch entry (the lengths must be known). */
nnx_status nnx_onnx_op_reverse_sequence(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in,
                                        uint32_t *out)
{
    nnx_operand_desc d = ox_desc(c, in[0]);
    uint32_t ba, ta;
    CHECK(axis_of(c, ox_attr_i(n, "batch_axis", 1), d.rank, &ba));
    CHECK(axis_of(c, ox_attr_i(n, "time_axis", 0), d.rank, &ta));
    int64_t *lens;
    uint64_t count, total;
    CHECK(known_elements(c, in[1], "sequence_lens", &lens, &count));
    nnx_status st = NNX_OK;
    if (!nnx_desc_elements(&d, &total) || total > (1u << 24))
        st = ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "the input is too large");
    else if (count != d.shape[ba])
        st = ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "sequence_lens has %llu items, the batch %u",
                     (unsigned long long)count, d.shape[ba]);
    int64_t *idx = st == NNX_OK ? ox_alloc(c, (size_t)total * sizeof *idx) : NULL;
    if (st == NNX_OK && !idx)
        st = ox_fail(c, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    for (uint64_t i = 0; st == NNX_OK && i < total; i++) {
        uint64_t rem = i, b = 0, t = 0;
        for (uint32_t a = d.rank; a-- > 0;) {
            uint64_t q = rem % d.shape[a];
            rem /= d.shape[a];
            if (a == ba)
                b = q;
            if (a == ta)
                t = q;
        }
        int64_t L = lens[b];
        idx[i] = (int64_t)t < L ? L - 1 - (int64_t)t : (int64_t)t;
    }
    nnx_mem_free(c->ir->alloc, lens);
    nnx_operand_desc id = d;
    id.dtype = NNX_INT64;
    uint32_t ic;
    if (st == NNX_OK)
        st = ox_const(c, &id, idx, &ic);
    nnx_mem_free(c->ir->alloc, idx);
    CHECK(st);
    nnx_attrs a = {.axis = {ta}};
    uint32_t gi[2] = {in[0], ic};
    return ox_node(c, NNX_OP_GATHER_ELEMENTS, gi, 2, &a, 1, &out[0]);
}

/* ---------------------------------------------------------------- scatter with reduction */

/* The value a reduction leaves its operand as: 0 for add, 1 for mul, the type's lowest for
 * max (-inf for floats) and its highest for min. */
static nnx_status neutral_of(ox *c, nnx_dtype dt, nnx_scatter_reduction r, uint32_t *id)
{
    if (r == NNX_SCATTER_ADD || r == NNX_SCATTER_MUL)
        return ox_scalar(c, dt, r == NNX_SCATTER_MUL ? 1 : 0, id);
    if (nnx_dtype_is_float(dt))
        return ox_scalar(c, dt, r == NNX_SCATTER_MAX ? -INFINITY : INFINITY, id);
    unsigned char buf[8] = {0};
    nnx_store_i(dt, buf, 0, r == NNX_SCATTER_MAX ? nnx_dtype_int_min(dt) : (int64_t)nnx_dtype_int_max(dt));
    nnx_operand_desc d = {dt, 0, {0}};
    return ox_const(c, &d, buf, id);
}

/* ScatterND / ScatterElements with reduction add, mul, max or min: each update's flat target
 * offset L (computed at run time from the indices), a one-hot [U, D] of L, and the updates
 * combined per target (sum, product, maximum or minimum, with the reduction's neutral value
 * where not hit), then combined with the data the same way. */
nnx_status nnx_onnx_scatter_reduce(ox *c, const Onnx__NodeProto *n, const uint32_t *in, nnx_scatter_reduction r,
                                   uint32_t *out)
{
    nnx_operand_desc dd = ox_desc(c, in[0]), id = ox_desc(c, in[1]), ud = ox_desc(c, in[2]);
    bool nd = strcmp(n->op_type, "ScatterND") == 0;
    if (id.rank == 0 || dd.rank == 0 || (nd && id.shape[id.rank - 1] > dd.rank) || (!nd && id.rank != dd.rank))
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "indices do not fit the data");
    uint64_t D, U, I;
    nnx_desc_elements(&dd, &D);
    nnx_desc_elements(&ud, &U);
    nnx_desc_elements(&id, &I);
    if (!D || !U || !I)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "empty tensors are not supported");
    uint32_t idx, L = NNX_NONE, k;
    CHECK(cast(c, in[1], NNX_INT64, &idx));
    uint64_t strides[NNX_MAX_RANK], s = 1, R = 1;
    for (uint32_t a = dd.rank; a-- > 0;)
        strides[a] = s, s *= dd.shape[a];
    if (nd) {
        /* indices [..., q]: L = sum_j idx[..., j] * stride_j; each index tuple moves a block of R */
        uint32_t q = id.shape[id.rank - 1];
        for (uint32_t a = q; a < dd.rank; a++)
            R *= dd.shape[a];
        nnx_operand_desc sd = {NNX_INT64, 1, {q}};
        int64_t sv[NNX_MAX_RANK];
        for (uint32_t j = 0; j < q; j++)
            sv[j] = (int64_t)(strides[j] / R);
        uint32_t st, prod;
        CHECK(ox_const(c, &sd, sv, &st));
        CHECK(bin(c, NNX_OP_MUL, idx, st, &prod));
        CHECK(reduce(c, NNX_OP_REDUCE_SUM, prod, 1u << (id.rank - 1), false, &L));
        D /= R;
        U /= R;
    } else {
        uint32_t axis;
        CHECK(axis_of(c, ox_attr_i(n, "axis", 0), dd.rank, &axis));
        /* L = sum over axes of coordinate * stride, the coordinate on `axis` being the index */
        for (uint32_t a = 0; a < id.rank; a++) {
            uint32_t term;
            if (a == axis)
                term = idx;
            else
                CHECK(ox_iota(c, NNX_INT64, id.rank, a, id.shape[a], 0, 1, &term));
            CHECK(ox_scalar(c, NNX_INT64, (double)strides[a], &k));
            CHECK(bin(c, NNX_OP_MUL, term, k, &term));
            if (L == NNX_NONE)
                L = term;
            else
                CHECK(bin(c, NNX_OP_ADD, L, term, &L));
        }
    }
    if (U * D * R > (1u << 24))
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "the scatter is too large for the one-hot form");
    uint32_t Lc, iota, hot, upd, neutral, t, comb;
    uint32_t s3[3] = {(uint32_t)U, 1, 1};
    CHECK(reshape(c, L, 3, s3, &Lc));
    CHECK(ox_iota(c, NNX_INT64, 3, 1, (uint32_t)D, 0, 1, &iota));
    CHECK(bin(c, NNX_OP_EQUAL, Lc, iota, &hot));
    uint32_t u3[3] = {(uint32_t)U, 1, (uint32_t)R};
    CHECK(reshape(c, in[2], 3, u3, &upd));
    CHECK(neutral_of(c, ud.dtype, r, &neutral));
    uint32_t wi[3] = {hot, upd, neutral};
    CHECK(ox_node(c, NNX_OP_WHERE, wi, 3, NULL, 1, &t));
    static const nnx_op reduce_op[] = {NNX_OP_REDUCE_SUM, NNX_OP_REDUCE_PRODUCT, NNX_OP_REDUCE_MAX, NNX_OP_REDUCE_MIN};
    static const nnx_op combine_op[] = {NNX_OP_ADD, NNX_OP_MUL, NNX_OP_MAX, NNX_OP_MIN};
    CHECK(reduce(c, reduce_op[r], t, 1u, false, &comb));
    CHECK(reshape(c, comb, dd.rank, dd.shape, &comb));
    return bin(c, combine_op[r], in[0], comb, &out[0]);
}

/* ---------------------------------------------------------------- TopK */

/* TopK of integers: no value can mask a taken one (every value of the type may occur), so
 * each element's rank is counted instead: the elements before it in the order (greater, or
 * equal at a lower index; less for smallest) along the axis, from an [.., n, n, ..]
 * comparison. Output r is the element of rank r (one per line: its value and index summed
 * exactly with zeros elsewhere). */
static nnx_status topk_by_rank(ox *c, const Onnx__NodeProto *n, uint32_t x, uint32_t axis, uint32_t k, bool largest,
                               uint32_t *out)
{
    nnx_operand_desc d = ox_desc(c, x);
    uint32_t len = d.shape[axis];
    if (len > 4096 || d.rank >= NNX_MAX_RANK)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "TopK of %s along an axis of %u (at most 4096)",
                       nnx_dtype_name(d.dtype), len);
    int64_t ai = axis + 1, aj = axis;
    uint32_t xi, xj, cmp, eq, lower, before, rank, iota, zero, izero;
    CHECK(unsqueeze(c, x, &ai, 1, &xi)); /* [.., n (i), 1, ..] */
    CHECK(unsqueeze(c, x, &aj, 1, &xj)); /* [.., 1, n (j), ..] */
    CHECK(bin(c, largest ? NNX_OP_GREATER : NNX_OP_LESS, xj, xi, &cmp));
    CHECK(bin(c, NNX_OP_EQUAL, xj, xi, &eq));
    /* j < i, as a bool constant [1, .., n, n, .., 1] */
    nnx_operand_desc ld = {NNX_BOOL, d.rank + 1, {0}};
    for (uint32_t a = 0; a < ld.rank; a++)
        ld.shape[a] = a == axis || a == axis + 1 ? len : 1;
    uint8_t *lv = ox_alloc(c, (size_t)len * len);
    if (!lv)
        return ox_fail(c, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    for (uint32_t i = 0; i < len; i++)
        for (uint32_t j = 0; j < len; j++)
            lv[(size_t)i * len + j] = j < i;
    nnx_status st = ox_const(c, &ld, lv, &lower);
    nnx_mem_free(c->ir->alloc, lv);
    CHECK(st);
    CHECK(bin(c, NNX_OP_LOGICAL_AND, eq, lower, &eq));
    CHECK(bin(c, NNX_OP_LOGICAL_OR, cmp, eq, &before));
    CHECK(cast(c, before, NNX_INT64, &before));
    CHECK(reduce(c, NNX_OP_REDUCE_SUM, before, 1u << (axis + 1), false, &rank));
    CHECK(ox_iota(c, NNX_INT64, d.rank, axis, len, 0, 1, &iota));
    CHECK(scalar_like(c, x, 0, &zero));
    CHECK(ox_scalar(c, NNX_INT64, 0, &izero));
    uint32_t vals[64], idxs[64];
    for (uint32_t r = 0; r < k; r++) {
        uint32_t rc, sel, t;
        CHECK(ox_scalar(c, NNX_INT64, r, &rc));
        CHECK(bin(c, NNX_OP_EQUAL, rank, rc, &sel));
        uint32_t wv[3] = {sel, x, zero}, wi[3] = {sel, iota, izero};
        CHECK(ox_node(c, NNX_OP_WHERE, wv, 3, NULL, 1, &t));
        CHECK(reduce(c, NNX_OP_REDUCE_SUM, t, 1u << axis, true, &vals[r]));
        CHECK(ox_node(c, NNX_OP_WHERE, wi, 3, NULL, 1, &t));
        CHECK(reduce(c, NNX_OP_REDUCE_SUM, t, 1u << axis, true, &idxs[r]));
    }
    nnx_attrs ax = {.axis = {axis}};
    CHECK(ox_node(c, NNX_OP_CONCAT, vals, k, &ax, 1, &out[0]));
    if (n->n_output > 1)
        CHECK(ox_node(c, NNX_OP_CONCAT, idxs, k, &ax, 1, &out[1]));
    return NNX_OK;
}

/* The sort key of one element of a known TopK input: integers compare as int64, floats as
 * double (NaN above every number, as PyTorch's topk orders it). */
typedef struct topk_key {
    double f;
    int64_t i;
    bool nan;
} topk_key;

static int key_cmp(const topk_key *a, const topk_key *b, bool is_float)
{
    if (is_float) {
        if (a->nan || b->nan)
            return a->nan == b->nan ? 0 : a->nan ? 1 : -1;
        return a->f < b->f ? -1 : a->f > b->f;
    }
    return a->i < b->i ? -1 : a->i > b->i;
}

/* Stable merge sort of positions idx[0..n) by key, descending when largest (so equal keys
 * keep the lower position first, as ONNX TopK asks); tmp holds n positions. */
static void sort_positions(const topk_key *key, bool is_float, bool largest, uint32_t *idx, uint32_t *tmp, uint32_t n)
{
    for (uint32_t w = 1; w < n; w *= 2) {
        for (uint32_t lo = 0; lo < n; lo += 2 * w) {
            uint32_t mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n, a = lo, b = mid, o = lo;
            while (a < mid && b < hi) {
                int r = key_cmp(&key[idx[b]], &key[idx[a]], is_float);
                bool take_b = largest ? r > 0 : r < 0; /* strictly before: ties keep a */
                tmp[o++] = take_b ? idx[b++] : idx[a++];
            }
            while (a < mid)
                tmp[o++] = idx[a++];
            while (b < hi)
                tmp[o++] = idx[b++];
        }
        memcpy(idx, tmp, (size_t)n * sizeof *idx);
    }
}

/* TopK whose input is known when the model is loaded (a staged model computes it from its
 * input's values): values and indices are constants, sorted along axis by a stable sort.
 * k 0 (p may be NULL): empty constants, as a detector's TopK of a class without candidates. */
static nnx_status topk_known(ox *c, const Onnx__NodeProto *n, const uint8_t *p, nnx_operand_desc d, uint32_t axis,
                             uint32_t k, bool largest, uint32_t *out)
{
    size_t es = nnx_dtype_size(d.dtype);
    bool is_float = nnx_dtype_is_float(d.dtype);
    if (k && d.dtype != NNX_FLOAT32 && d.dtype != NNX_FLOAT64 && d.dtype != NNX_INT64 && d.dtype != NNX_INT32)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "TopK of %s with K > 64", nnx_dtype_name(d.dtype));
    uint32_t len = d.shape[axis];
    size_t outer = 1, inner = 1;
    for (uint32_t a = 0; a < axis; a++)
        outer *= d.shape[a];
    for (uint32_t a = axis + 1; a < d.rank; a++)
        inner *= d.shape[a];
    topk_key *key = ox_alloc(c, ((size_t)len + 1) * sizeof *key);
    uint32_t *idx = ox_alloc(c, ((size_t)len + 1) * 2 * sizeof *idx);
    uint8_t *vals = ox_alloc(c, outer * k * inner * es + 1);
    int64_t *inds = ox_alloc(c, (outer * k * inner + 1) * sizeof *inds);
    nnx_status st = key && idx && vals && inds ? NNX_OK : ox_fail(c, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    for (size_t o = 0; st == NNX_OK && k && o < outer; o++)
        for (size_t w = 0; w < inner; w++) {
            for (uint32_t j = 0; j < len; j++) {
                const uint8_t *q = p + ((o * len + j) * inner + w) * es;
                topk_key *e = &key[j];
                memset(e, 0, sizeof *e);
                if (d.dtype == NNX_FLOAT32) {
                    float f;
                    memcpy(&f, q, 4);
                    e->f = f;
                } else if (d.dtype == NNX_FLOAT64) {
                    memcpy(&e->f, q, 8);
                } else if (d.dtype == NNX_INT64) {
                    memcpy(&e->i, q, 8);
                } else {
                    int32_t i;
                    memcpy(&i, q, 4);
                    e->i = i;
                }
                e->nan = is_float && e->f != e->f;
                idx[j] = j;
            }
            sort_positions(key, is_float, largest, idx, idx + len, len);
            for (uint32_t r = 0; r < k; r++) {
                size_t at = (o * k + r) * inner + w;
                memcpy(vals + at * es, p + ((o * len + idx[r]) * inner + w) * es, es);
                inds[at] = idx[r];
            }
        }
    nnx_operand_desc vd = d, id = d;
    vd.shape[axis] = id.shape[axis] = k;
    id.dtype = NNX_INT64;
    if (st == NNX_OK)
        st = ox_const(c, &vd, vals, &out[0]);
    if (st == NNX_OK && n->n_output > 1)
        st = ox_const(c, &id, inds, &out[1]);
    nnx_mem_free(c->ir->alloc, key);
    nnx_mem_free(c->ir->alloc, idx);
    nnx_mem_free(c->ir->alloc, vals);
    nnx_mem_free(c->ir->alloc, inds);
    return st;
}

/* TopK of floats with a known k: k rounds of arg max (largest) or arg min, each value read
 * with gather_elements and then masked with -inf / +inf; ties give the lower index first.
 * A K above 64 (too many rounds) needs the input's values: sorted at load (topk_known). */
nnx_status nnx_onnx_op_topk(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    nnx_operand_desc d = ox_desc(c, in[0]);
    int64_t k;
    uint32_t cnt, axis;
    if (c->opset < 10)
        k = ox_attr_i(n, "k", 0);
    else
        CHECK(ox_ints(c, in[1], "K", &k, 1, &cnt));
    CHECK(axis_of(c, ox_attr_i(n, "axis", -1), d.rank, &axis));
    bool largest = ox_attr_i(n, "largest", 1) != 0;
    if (k < 0 || k > d.shape[axis])
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "K = %lld is not supported (0..%u, the axis size)", (long long)k,
                       d.shape[axis]);
    if (k == 0)
        return topk_known(c, n, NULL, d, axis, 0, largest, out);
    if (k > 64) {
        const uint8_t *p = ox_known(c, in[0]);
        if (!p)
            return ox_fail(c, NNX_ERROR_NOT_SUPPORTED,
                           "K = %lld (above 64) needs the input's values when the model is loaded", (long long)k);
        return topk_known(c, n, p, d, axis, (uint32_t)k, largest, out);
    }
    if (!nnx_dtype_is_float(d.dtype))
        return topk_by_rank(c, n, in[0], axis, (uint32_t)k, largest, out);
    uint32_t vals[64], idxs[64], cur = in[0], mask;
    uint32_t ushape[NNX_MAX_RANK];
    memcpy(ushape, d.shape, sizeof ushape);
    ushape[axis] = 1;
    nnx_operand_desc md = {d.dtype, d.rank, {0}};
    memcpy(md.shape, ushape, sizeof ushape);
    CHECK(ox_scalar(c, d.dtype, largest ? -INFINITY : INFINITY, &mask));
    nnx_attrs ex = {.reshape = {.rank = d.rank}};
    memcpy(ex.reshape.shape, ushape, sizeof ushape);
    CHECK(ox_node(c, NNX_OP_EXPAND, &mask, 1, &ex, 1, &mask));
    nnx_attrs ar = {.arg_reduce = {.axes_mask = 1u << axis, .keep_dims = true, .index_dtype = NNX_INT64}};
    nnx_attrs ax = {.axis = {axis}};
    for (int64_t i = 0; i < k; i++) {
        CHECK(ox_node(c, largest ? NNX_OP_REDUCE_ARGMAX : NNX_OP_REDUCE_ARGMIN, &cur, 1, &ar, 1, &idxs[i]));
        uint32_t gi[2] = {in[0], idxs[i]};
        CHECK(ox_node(c, NNX_OP_GATHER_ELEMENTS, gi, 2, &ax, 1, &vals[i]));
        if (i + 1 < k) {
            uint32_t si[3] = {cur, idxs[i], mask};
            CHECK(ox_node(c, NNX_OP_SCATTER_ELEMENTS, si, 3, &ax, 1, &cur));
        }
    }
    if (k == 1) {
        out[0] = vals[0];
        if (n->n_output > 1)
            out[1] = idxs[0];
        return NNX_OK;
    }
    CHECK(ox_node(c, NNX_OP_CONCAT, vals, (uint32_t)k, &ax, 1, &out[0]));
    if (n->n_output > 1)
        CHECK(ox_node(c, NNX_OP_CONCAT, idxs, (uint32_t)k, &ax, 1, &out[1]));
    return NNX_OK;
}

/* ---------------------------------------------------------------- Unique */

typedef struct uniq_ctx {
    const double *v; /* slices of length len */
    size_t len;
} uniq_ctx;

static int slice_cmp(const uniq_ctx *u, size_t a, size_t b)
{
    for (size_t i = 0; i < u->len; i++) {
        double x = u->v[a * u->len + i], y = u->v[b * u->len + i];
        if (x != y)
            return x < y ? -1 : 1;
    }
    return 0;
}

/* Unique (the input must be known: the output shape depends on it): Y = gather(x, first
 * occurrences) along axis (or of the flattened input), sorted (lexicographically for slices)
 * or in order of first occurrence; indices, inverse_indices and counts are constants. */
nnx_status nnx_onnx_op_unique(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    nnx_operand_desc d = ox_desc(c, in[0]);
    const uint8_t *p = ox_known(c, in[0]);
    if (!p)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED,
                       "the input must be known when the model is loaded: the output's shape depends on it");
    uint64_t total;
    nnx_desc_elements(&d, &total);
    if (total > (1u << 20))
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "the input is too large");
    const Onnx__AttributeProto *aa = ox_attr(n, "axis");
    bool sorted = ox_attr_i(n, "sorted", 1) != 0;
    uint32_t x = in[0], axis = 0;
    if (aa)
        CHECK(axis_of(c, aa->i, d.rank, &axis));
    else {
        uint32_t s[1] = {(uint32_t)total};
        CHECK(reshape(c, x, 1, s, &x));
        d = ox_desc(c, x);
    }
    size_t m = d.shape[axis], len = (size_t)(total / (m ? m : 1)), inner = 1;
    for (uint32_t a = axis + 1; a < d.rank; a++)
        inner *= d.shape[a];
    double *v = ox_alloc(c, (size_t)total * sizeof *v);
    int64_t *first = ox_alloc(c, m * 4 * sizeof *first);
    if (!v || !first) {
        nnx_mem_free(c->ir->alloc, v);
        nnx_mem_free(c->ir->alloc, first);
        return ox_fail(c, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    }
    int64_t *inverse = first + m, *counts = first + 2 * m, *order = first + 3 * m;
    size_t es = nnx_dtype_size(d.dtype);
    nnx_status st = NNX_OK;
    for (uint64_t e = 0; e < total && st == NNX_OK; e++) {
        /* element e of x (row-major) -> slice (e / inner) % m, position within the slice */
        uint64_t outer = e / (inner * m), s = (e / inner) % m, w = e % inner;
        double val;
        const uint8_t *q = p + e * es;
        switch (d.dtype) {
        case NNX_FLOAT32: {
            float f;
            memcpy(&f, q, 4);
            val = f;
            break;
        }
        case NNX_FLOAT64: memcpy(&val, q, 8); break;
        case NNX_INT64: {
            int64_t i;
            memcpy(&i, q, 8);
            val = (double)i;
            break;
        }
        case NNX_INT32: {
            int32_t i;
            memcpy(&i, q, 4);
            val = i;
            break;
        }
        case NNX_INT8: val = (int8_t)*q; break;
        case NNX_UINT8:
        case NNX_BOOL: val = *q; break;
        default: st = ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "Unique of type %s", nnx_dtype_name(d.dtype)); val = 0;
        }
        v[s * len + outer * inner + w] = val;
    }
    uniq_ctx u = {v, len};
    size_t k = 0;
    for (size_t s = 0; st == NNX_OK && s < m; s++) {
        size_t j = 0;
        while (j < k && slice_cmp(&u, (size_t)first[j], s) != 0)
            j++;
        if (j == k) {
            first[k] = (int64_t)s;
            counts[k++] = 0;
        }
        inverse[s] = (int64_t)j;
        counts[j]++;
    }
    for (size_t j = 0; j < k; j++)
        order[j] = (int64_t)j;
    if (sorted) /* insertion sort of the unique slices (k is small) */
        for (size_t i = 1; i < k; i++)
            for (size_t j = i; j > 0 && slice_cmp(&u, (size_t)first[order[j - 1]], (size_t)first[order[j]]) > 0; j--) {
                int64_t t = order[j];
                order[j] = order[j - 1];
                order[j - 1] = t;
            }
    /* rank of each unique slice after sorting */
    int64_t *rank = ox_alloc(c, (k ? k : 1) * 3 * sizeof *rank);
    if (st == NNX_OK && !rank)
        st = ox_fail(c, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    uint32_t ids[4] = {NNX_NONE, NNX_NONE, NNX_NONE, NNX_NONE};
    if (st == NNX_OK) {
        int64_t *sfirst = rank + k, *scount = rank + 2 * k;
        for (size_t j = 0; j < k; j++) {
            rank[order[j]] = (int64_t)j;
            sfirst[j] = first[order[j]];
            scount[j] = counts[order[j]];
        }
        for (size_t s = 0; s < m; s++)
            inverse[s] = rank[inverse[s]];
        nnx_operand_desc kd = {NNX_INT64, 1, {(uint32_t)k}}, md = {NNX_INT64, 1, {(uint32_t)m}};
        st = ox_const(c, &kd, sfirst, &ids[1]);
        if (st == NNX_OK)
            st = ox_const(c, &md, inverse, &ids[2]);
        if (st == NNX_OK)
            st = ox_const(c, &kd, scount, &ids[3]);
    }
    nnx_mem_free(c->ir->alloc, rank);
    nnx_mem_free(c->ir->alloc, v);
    nnx_mem_free(c->ir->alloc, first);
    CHECK(st);
    nnx_attrs a = {.axis = {axis}};
    uint32_t gi[2] = {x, ids[1]};
    CHECK(ox_node(c, NNX_OP_GATHER, gi, 2, &a, 1, &out[0]));
    for (size_t i = 1; i < n->n_output && i < 4; i++)
        out[i] = ids[i];
    return NNX_OK;
}
