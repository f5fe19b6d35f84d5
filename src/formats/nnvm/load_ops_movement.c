/* load_ops_movement.c — NNVM operators onto core operations: data movement (reshape with
 * NNVM's special values, flatten, transpose, expand_dims, squeeze, concatenate, split,
 * strided_slice, take, broadcast_to, reverse, tile, pad, upsampling), reductions (sum, mean,
 * max, min, prod, argmax, argmin), where, constants (zeros, ones, full and their _like forms)
 * and compiled TVM calls (tvm_op -> compiled_function; "__nop" and "__copy" are TVM's
 * in-place reshape and copy). */
#include "formats/nnvm/load.h"
#include "formats/nnvm/params.h"
#include "ir/dtypes.h"
#include "ops/graph_build.h"

#include <string.h>

static nnx_status out1(nnvm_loader *L, nnx_op op, uint32_t x, const nnx_attrs *a)
{
    uint32_t out;
    nnx_status st = nnvm_add(L, op, &x, 1, a, 1, &out);
    if (st == NNX_OK)
        nnvm_set_out(L, 0, out);
    return st;
}

static nnx_status reshape_to(nnvm_loader *L, uint32_t x, uint32_t rank, const uint64_t *shape)
{
    uint32_t s[NNX_MAX_RANK];
    if (rank > NNX_MAX_RANK)
        return nnvm_fail(L, NNX_ERROR_NOT_SUPPORTED, "the result has rank %u (nnx takes up to %d)", rank, NNX_MAX_RANK);
    for (uint32_t k = 0; k < rank; k++) {
        if (shape[k] > UINT32_MAX)
            return nnvm_fail(L, NNX_ERROR_INVALID_MODEL, "extent %u of the result is out of range", k);
        s[k] = (uint32_t)shape[k];
    }
    uint32_t out;
    nnx_status st = nnvm_reshape(L, x, rank, s, &out);
    if (st == NNX_OK)
        nnvm_set_out(L, 0, out);
    return st;
}

/* reshape(shape) with MXNet/NNVM's special values: 0 copies an input extent, -1 is inferred,
 * -2 copies all remaining extents, -3 merges two input extents, -4 splits one into the next
 * two values (one of them may be -1). */
static nnx_status lower_reshape(nnvm_loader *L)
{
    int64_t v[32];
    uint32_t n, rank_out = 0, src = 0;
    bool given;
    nnx_status st = nnvm_need_inputs(L, 1, 1);
    if (st == NNX_OK)
        st = nnvm_ints(L, "shape", v, 32, &n, &given);
    if (st != NNX_OK)
        return st;
    if (!given)
        return nnvm_bad_attr(L, "shape", "missing");
    uint32_t x = nnvm_in(L, 0);
    const nnx_operand_desc *xd = nnvm_desc(L, x);
    uint64_t out[32], total = 1, known = 1;
    int infer = -1;
    for (uint32_t k = 0; k < xd->rank; k++)
        total *= xd->shape[k];
    for (uint32_t i = 0; i < n; i++) {
        if (rank_out >= 32)
            return nnvm_bad_attr(L, "shape", "too many extents");
        int64_t d = v[i];
        if (d > 0) {
            out[rank_out++] = (uint64_t)d;
        } else if (d == 0) {
            if (src >= xd->rank)
                return nnvm_bad_attr(L, "shape", "item %u (0) copies an extent the input does not have", i);
            out[rank_out++] = xd->shape[src];
        } else if (d == -1) {
            if (infer >= 0)
                return nnvm_bad_attr(L, "shape", "more than one -1");
            infer = (int)rank_out;
            out[rank_out++] = 1;
        } else if (d == -2) {
            while (src < xd->rank && rank_out < 32)
                out[rank_out++] = xd->shape[src++];
            continue;
        } else if (d == -3) {
            if (src + 1 >= xd->rank)
                return nnvm_bad_attr(L, "shape", "item %u (-3) merges extents the input does not have", i);
            out[rank_out++] = (uint64_t)xd->shape[src] * xd->shape[src + 1];
            src += 2;
            continue;
        } else if (d == -4) {
            if (i + 2 >= n || src >= xd->rank)
                return nnvm_bad_attr(L, "shape", "item %u (-4) needs two values after it and an input extent", i);
            int64_t a = v[i + 1], b = v[i + 2];
            uint64_t whole = xd->shape[src++];
            if (a == -1 && b > 0 && whole % (uint64_t)b == 0)
                a = (int64_t)(whole / (uint64_t)b);
            else if (b == -1 && a > 0 && whole % (uint64_t)a == 0)
                b = (int64_t)(whole / (uint64_t)a);
            if (a <= 0 || b <= 0 || (uint64_t)a * (uint64_t)b != whole)
                return nnvm_bad_attr(L, "shape", "item %u (-4) cannot split extent %llu", i, (unsigned long long)whole);
            out[rank_out++] = (uint64_t)a;
            out[rank_out++] = (uint64_t)b;
            i += 2;
            continue;
        } else {
            return nnvm_bad_attr(L, "shape", "item %u (%lld) is not an extent or a special value", i, (long long)d);
        }
        src++;
    }
    for (uint32_t k = 0; k < rank_out; k++)
        if ((int)k != infer)
            known *= out[k];
    if (infer >= 0) {
        if (known == 0 || total % known)
            return nnvm_bad_attr(L, "shape", "no extent makes %llu elements", (unsigned long long)total);
        out[infer] = total / known;
    }
    return reshape_to(L, x, rank_out, out);
}

static nnx_status lower_flatten(nnvm_loader *L)
{
    nnx_status st = nnvm_need_inputs(L, 1, 1);
    if (st != NNX_OK)
        return st;
    uint32_t x = nnvm_in(L, 0);
    const nnx_operand_desc *xd = nnvm_desc(L, x);
    if (xd->rank < 1)
        return nnvm_fail(L, NNX_ERROR_INVALID_MODEL, "flatten of a scalar");
    uint64_t shape[2] = {xd->shape[0], 1};
    for (uint32_t k = 1; k < xd->rank; k++)
        shape[1] *= xd->shape[k];
    return reshape_to(L, x, 2, shape);
}

static nnx_status lower_expand_dims(nnvm_loader *L)
{
    int64_t axis, count;
    nnx_status st = nnvm_need_inputs(L, 1, 1);
    if (st == NNX_OK && !nnx_nnvm_attr(L->n, "axis"))
        st = nnvm_bad_attr(L, "axis", "missing");
    if (st == NNX_OK)
        st = nnvm_int(L, "axis", 0, &axis);
    if (st == NNX_OK)
        st = nnvm_int(L, "num_newaxis", 1, &count);
    if (st != NNX_OK)
        return st;
    uint32_t x = nnvm_in(L, 0), at;
    const nnx_operand_desc *xd = nnvm_desc(L, x);
    if (count < 0 || count > NNX_MAX_RANK)
        return nnvm_bad_attr(L, "num_newaxis", "%lld is out of range", (long long)count);
    if ((st = nnvm_axis(L, "axis", axis, xd->rank + 1, &at)) != NNX_OK)
        return st;
    uint64_t shape[2 * NNX_MAX_RANK];
    uint32_t r = 0;
    for (uint32_t k = 0; k <= xd->rank; k++) {
        if (k == at)
            for (int64_t j = 0; j < count; j++)
                shape[r++] = 1;
        if (k < xd->rank)
            shape[r++] = xd->shape[k];
    }
    return reshape_to(L, x, r, shape);
}

static nnx_status lower_squeeze(nnvm_loader *L)
{
    int64_t axes[NNX_MAX_RANK];
    uint32_t n;
    bool given;
    nnx_status st = nnvm_need_inputs(L, 1, 1);
    if (st == NNX_OK)
        st = nnvm_ints(L, "axis", axes, NNX_MAX_RANK, &n, &given);
    if (st != NNX_OK)
        return st;
    uint32_t x = nnvm_in(L, 0), mask = 0, ax;
    const nnx_operand_desc *xd = nnvm_desc(L, x);
    for (uint32_t k = 0; given && k < n; k++) {
        if ((st = nnvm_axis(L, "axis", axes[k], xd->rank, &ax)) != NNX_OK)
            return st;
        if (xd->shape[ax] != 1)
            return nnvm_bad_attr(L, "axis", "axis %u has extent %u, not 1", ax, xd->shape[ax]);
        mask |= 1u << ax;
    }
    uint64_t shape[NNX_MAX_RANK];
    uint32_t r = 0;
    for (uint32_t k = 0; k < xd->rank; k++)
        if (!(given ? mask >> k & 1 : xd->shape[k] == 1))
            shape[r++] = xd->shape[k];
    return reshape_to(L, x, r, shape);
}

static nnx_status lower_transpose(nnvm_loader *L)
{
    int64_t axes[NNX_MAX_RANK];
    uint32_t n;
    bool given;
    nnx_status st = nnvm_need_inputs(L, 1, 1);
    if (st == NNX_OK)
        st = nnvm_ints(L, "axes", axes, NNX_MAX_RANK, &n, &given);
    if (st != NNX_OK)
        return st;
    uint32_t x = nnvm_in(L, 0), rank = nnvm_desc(L, x)->rank;
    nnx_attrs a = {0};
    if (given && n && n != rank)
        return nnvm_bad_attr(L, "axes", "%u items for an input of rank %u", n, rank);
    for (uint32_t k = 0; k < rank; k++)
        if (given && n) {
            if ((st = nnvm_axis(L, "axes", axes[k], rank, &a.transpose.perm[k])) != NNX_OK)
                return st;
        } else {
            a.transpose.perm[k] = rank - 1 - k;
        }
    return out1(L, NNX_OP_TRANSPOSE, x, &a);
}

static nnx_status lower_concatenate(nnvm_loader *L)
{
    int64_t axis;
    nnx_status st = nnvm_need_inputs(L, 1, UINT32_MAX);
    if (st == NNX_OK)
        st = nnvm_int(L, "axis", 1, &axis);
    nnx_attrs a = {0};
    if (st == NNX_OK)
        st = nnvm_axis(L, "axis", axis, nnvm_desc(L, nnvm_in(L, 0))->rank, &a.axis.axis);
    if (st != NNX_OK)
        return st;
    uint32_t *in = nnx_arena_array(&L->ir->arena, L->n->n_inputs, sizeof *in), out;
    if (!in)
        return nnvm_fail(L, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    for (uint32_t k = 0; k < L->n->n_inputs; k++)
        in[k] = nnvm_in(L, k);
    if ((st = nnvm_add(L, NNX_OP_CONCAT, in, L->n->n_inputs, &a, 1, &out)) == NNX_OK)
        nnvm_set_out(L, 0, out);
    return st;
}

/* split: a section count (equal parts) or a list of cut indices. */
static nnx_status lower_split(nnvm_loader *L)
{
    int64_t axis, cuts[64];
    uint32_t n;
    bool given;
    nnx_status st = nnvm_need_inputs(L, 1, 1);
    if (st == NNX_OK)
        st = nnvm_int(L, "axis", 1, &axis);
    if (st == NNX_OK)
        st = nnvm_ints(L, "indices_or_sections", cuts, 64, &n, &given);
    uint32_t x = nnvm_in(L, 0), ax, parts = L->n->n_outputs;
    if (st == NNX_OK)
        st = nnvm_axis(L, "axis", axis, nnvm_desc(L, x)->rank, &ax);
    if (st != NNX_OK)
        return st;
    uint32_t extent = nnvm_desc(L, x)->shape[ax];
    uint32_t *sizes = nnx_arena_array(&L->ir->arena, parts, sizeof *sizes);
    if (!sizes)
        return nnvm_fail(L, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    const char *v = nnx_nnvm_attr(L->n, "indices_or_sections");
    bool list = v[strspn(v, " ")] == '(' || v[strspn(v, " ")] == '[';
    if (!list) {
        if (extent % parts)
            return nnvm_bad_attr(L, "indices_or_sections", "%u sections do not divide extent %u", parts, extent);
        for (uint32_t k = 0; k < parts; k++)
            sizes[k] = extent / parts;
    } else {
        int64_t prev = 0;
        for (uint32_t k = 0; k <= n; k++) {
            int64_t cut = k < n ? cuts[k] : extent;
            if (cut < prev || cut > extent)
                return nnvm_bad_attr(L, "indices_or_sections", "index %lld is out of order or beyond extent %u",
                                     (long long)cut, extent);
            sizes[k] = (uint32_t)(cut - prev);
            prev = cut;
        }
    }
    nnx_attrs a = {.split = {.axis = ax, .sizes = sizes}};
    uint32_t first;
    if ((st = nnvm_add(L, NNX_OP_SPLIT, &x, 1, &a, parts, &first)) != NNX_OK)
        return st;
    for (uint32_t k = 0; k < parts; k++)
        nnvm_set_out(L, k, first + k);
    return NNX_OK;
}

static nnx_status lower_strided_slice(nnvm_loader *L)
{
    int64_t begin[NNX_MAX_RANK], end[NNX_MAX_RANK], stride[NNX_MAX_RANK];
    uint32_t nb, ne, ns = 0;
    bool gb, ge, gs;
    nnx_status st = nnvm_need_inputs(L, 1, 1);
    if (st == NNX_OK)
        st = nnvm_ints(L, "begin", begin, NNX_MAX_RANK, &nb, &gb);
    if (st == NNX_OK)
        st = nnvm_ints(L, "end", end, NNX_MAX_RANK, &ne, &ge);
    if (st == NNX_OK)
        st = nnvm_ints(L, "stride", stride, NNX_MAX_RANK, &ns, &gs);
    if (st != NNX_OK)
        return st;
    if (!gb || !ge)
        return nnvm_bad_attr(L, gb ? "end" : "begin", "missing");
    uint32_t x = nnvm_in(L, 0);
    const nnx_operand_desc *xd = nnvm_desc(L, x);
    if (nb > xd->rank || ne > xd->rank || ns > xd->rank)
        return nnvm_fail(L, NNX_ERROR_INVALID_MODEL, "more slice items than the input's %u axes", xd->rank);
    nnx_attrs a = {0};
    for (uint32_t k = 0; k < xd->rank; k++) {
        int64_t dim = xd->shape[k], s = gs && k < ns ? stride[k] : 1;
        int64_t b = k < nb ? begin[k] : 0, e = k < ne ? end[k] : dim;
        if (s < 1 || s > UINT32_MAX)
            return nnvm_fail(L, NNX_ERROR_NOT_SUPPORTED,
                             "key 'stride': item %u (%lld): nnx slices with positive "
                             "strides only",
                             k, (long long)s);
        if (b < 0)
            b += dim;
        if (e < 0)
            e += dim;
        b = b < 0 ? 0 : b > dim ? dim : b;
        e = e < 0 ? 0 : e > dim ? dim : e;
        if (e <= b)
            return nnvm_fail(L, NNX_ERROR_NOT_SUPPORTED, "axis %u: an empty slice (begin %lld, end %lld)", k,
                             (long long)b, (long long)e);
        a.slice.starts[k] = (uint32_t)b; /* the core's size is the window [begin, end) before striding */
        a.slice.sizes[k] = (uint32_t)(e - b);
        a.slice.strides[k] = (uint32_t)s;
    }
    return out1(L, NNX_OP_SLICE, x, &a);
}

static nnx_status lower_take(nnvm_loader *L)
{
    int64_t axis;
    nnx_status st = nnvm_need_inputs(L, 2, 2);
    bool has_axis = nnx_nnvm_attr(L->n, "axis") && strcmp(nnx_nnvm_attr(L->n, "axis"), "None") != 0;
    if (st == NNX_OK && has_axis)
        st = nnvm_int(L, "axis", 0, &axis);
    if (st != NNX_OK)
        return st;
    uint32_t x = nnvm_in(L, 0), idx = nnvm_in(L, 1), out;
    nnx_attrs a = {0};
    if (!has_axis) { /* over the flattened input */
        uint64_t volume = 1;
        for (uint32_t k = 0; k < nnvm_desc(L, x)->rank; k++)
            volume *= nnvm_desc(L, x)->shape[k];
        if (volume > UINT32_MAX || (st = nnvm_reshape(L, x, 1, (uint32_t[]){(uint32_t)volume}, &x)) != NNX_OK)
            return st ? st : nnvm_fail(L, NNX_ERROR_INVALID_MODEL, "the input is too large");
    } else if ((st = nnvm_axis(L, "axis", axis, nnvm_desc(L, x)->rank, &a.axis.axis)) != NNX_OK) {
        return st;
    }
    if ((st = nnvm_add(L, NNX_OP_GATHER, (uint32_t[]){x, idx}, 2, &a, 1, &out)) == NNX_OK)
        nnvm_set_out(L, 0, out);
    return st;
}

static nnx_status lower_where(nnvm_loader *L)
{
    nnx_status st = nnvm_need_inputs(L, 3, 3);
    if (st != NNX_OK)
        return st;
    uint32_t c = nnvm_in(L, 0), out;
    nnx_dtype dt = nnvm_desc(L, c)->dtype;
    if (dt != NNX_BOOL) { /* NNVM conditions are numbers: non-zero is true */
        uint32_t zero;
        if ((st = nnvm_scalar(L, dt, 0, &zero)) != NNX_OK ||
            (st = nnvm_add(L, NNX_OP_NOT_EQUAL, (uint32_t[]){c, zero}, 2, NULL, 1, &c)) != NNX_OK)
            return st;
    }
    if ((st = nnvm_add(L, NNX_OP_WHERE, (uint32_t[]){c, nnvm_in(L, 1), nnvm_in(L, 2)}, 3, NULL, 1, &out)) == NNX_OK)
        nnvm_set_out(L, 0, out);
    return st;
}

static nnx_status lower_broadcast_to(nnvm_loader *L)
{
    int64_t shape[NNX_MAX_RANK];
    uint32_t n;
    bool given;
    nnx_status st = nnvm_need_inputs(L, 1, 1);
    if (st == NNX_OK)
        st = nnvm_ints(L, "shape", shape, NNX_MAX_RANK, &n, &given);
    if (st != NNX_OK)
        return st;
    if (!given)
        return nnvm_bad_attr(L, "shape", "missing");
    nnx_attrs a = {.reshape = {.rank = n}};
    uint32_t x = nnvm_in(L, 0);
    const nnx_operand_desc *xd = nnvm_desc(L, x);
    for (uint32_t k = 0; k < n; k++) {
        int64_t d = shape[k];
        if (d == 0 && k + xd->rank >= n) /* 0: keep the input's extent */
            d = xd->shape[k + xd->rank - n];
        if (d < 1 || d > UINT32_MAX)
            return nnvm_bad_attr(L, "shape", "item %u (%lld) is not an extent", k, (long long)shape[k]);
        a.reshape.shape[k] = (uint32_t)d;
    }
    return out1(L, NNX_OP_EXPAND, x, &a);
}

static nnx_status lower_reverse(nnvm_loader *L)
{
    int64_t axis;
    nnx_status st = nnvm_need_inputs(L, 1, 1);
    if (st == NNX_OK && !nnx_nnvm_attr(L->n, "axis"))
        st = nnvm_bad_attr(L, "axis", "missing");
    if (st == NNX_OK)
        st = nnvm_int(L, "axis", 0, &axis);
    uint32_t x = nnvm_in(L, 0), ax;
    if (st == NNX_OK)
        st = nnvm_axis(L, "axis", axis, nnvm_desc(L, x)->rank, &ax);
    if (st != NNX_OK)
        return st;
    nnx_attrs a = {.reverse = {.axes_mask = 1u << ax}};
    return out1(L, NNX_OP_REVERSE, x, &a);
}

static nnx_status lower_tile(nnvm_loader *L)
{
    int64_t reps[NNX_MAX_RANK];
    uint32_t n;
    bool given;
    nnx_status st = nnvm_need_inputs(L, 1, 1);
    if (st == NNX_OK)
        st = nnvm_ints(L, "reps", reps, NNX_MAX_RANK, &n, &given);
    if (st != NNX_OK)
        return st;
    uint32_t x = nnvm_in(L, 0), rank = nnvm_desc(L, x)->rank;
    if (!given || n > rank)
        return nnvm_fail(L, given ? NNX_ERROR_NOT_SUPPORTED : NNX_ERROR_INVALID_MODEL, "key 'reps': %s",
                         given ? "more repetitions than input axes" : "missing");
    nnx_attrs a = {0};
    for (uint32_t k = 0; k < rank; k++) {
        int64_t r = k + n >= rank ? reps[k + n - rank] : 1; /* missing leading items are 1 */
        if (r < 1 || r > UINT32_MAX)
            return nnvm_bad_attr(L, "reps", "%lld is not a repetition count", (long long)r);
        a.tile.repeats[k] = (uint32_t)r;
    }
    return out1(L, NNX_OP_TILE, x, &a);
}

static nnx_status lower_pad(nnvm_loader *L)
{
    int64_t pairs[NNX_MAX_RANK][2];
    uint32_t n;
    double value;
    nnx_status st = nnvm_need_inputs(L, 1, 1);
    const char *v = nnx_nnvm_attr(L->n, "pad_width");
    if (st == NNX_OK && (!v || !nnx_nnvm_parse_pairs(v, pairs, NNX_MAX_RANK, &n)))
        st = nnvm_bad_attr(L, "pad_width", v ? "'%.60s' is not a list of (before, after) pairs" : "missing", v);
    if (st == NNX_OK)
        st = nnvm_float(L, "pad_value", 0, &value);
    if (st != NNX_OK)
        return st;
    uint32_t x = nnvm_in(L, 0);
    const nnx_operand_desc *xd = nnvm_desc(L, x);
    if (n != xd->rank)
        return nnvm_bad_attr(L, "pad_width", "%u pairs for an input of rank %u", n, xd->rank);
    nnx_attrs a = {.pad = {.mode = NNX_PAD_CONSTANT}};
    for (uint32_t k = 0; k < n; k++) {
        if (pairs[k][0] < 0 || pairs[k][1] < 0 || pairs[k][0] > INT32_MAX || pairs[k][1] > INT32_MAX)
            return nnvm_bad_attr(L, "pad_width", "pair %u is out of range", k);
        a.pad.begin[k] = (int32_t)pairs[k][0];
        a.pad.end[k] = (int32_t)pairs[k][1];
    }
    switch (nnx_dtype_kind_of(xd->dtype)) {
    case NNX_KIND_FLOAT: a.pad.value.f = xd->dtype == NNX_FLOAT32 ? (double)(float)value : value; break;
    case NNX_KIND_SINT: a.pad.value.i = (int64_t)value; break;
    default: a.pad.value.u = value > 0 ? (uint64_t)value : 0; break;
    }
    return out1(L, NNX_OP_PAD, x, &a);
}

/* upsampling(scale, layout NCHW, method): NEAREST_NEIGHBOR repeats each pixel scale times
 * (core resample nearest to the exact multiple), BILINEAR interpolates with aligned corners
 * (core multilinear_upsample, method aligned). */
static nnx_status lower_upsampling(nnvm_loader *L)
{
    int64_t scale;
    const char *method;
    static const char *const methods[] = {"NEAREST_NEIGHBOR", "BILINEAR", NULL};
    nnx_status st = nnvm_need_inputs(L, 1, 1);
    if (st == NNX_OK && !nnx_nnvm_attr(L->n, "scale"))
        st = nnvm_bad_attr(L, "scale", "missing");
    if (st == NNX_OK)
        st = nnvm_int(L, "scale", 1, &scale);
    if (st == NNX_OK)
        st = nnvm_word(L, "method", "NEAREST_NEIGHBOR", methods, &method);
    if (st == NNX_OK && nnx_nnvm_attr(L->n, "layout") && strcmp(nnx_nnvm_attr(L->n, "layout"), "NCHW") != 0)
        st = nnvm_fail(L, NNX_ERROR_NOT_SUPPORTED, "key 'layout': '%.20s' (nnx reads NCHW)",
                       nnx_nnvm_attr(L->n, "layout"));
    if (st != NNX_OK)
        return st;
    uint32_t x = nnvm_in(L, 0);
    const nnx_operand_desc *xd = nnvm_desc(L, x);
    if (scale < 1 || scale > 65536 || xd->rank != 4)
        return nnvm_fail(L, NNX_ERROR_INVALID_MODEL, "needs a 4-D input and a scale from 1 to 65536");
    nnx_attrs a = {0};
    if (strcmp(method, "BILINEAR") == 0) {
        a.upsample = (nnx_attr_upsample){.factor = {1, 1, (uint32_t)scale, (uint32_t)scale},
                                         .method = NNX_UPSAMPLE_ALIGNED,
                                         .border = NNX_WINDOW_REPLICATE};
        return out1(L, NNX_OP_MULTILINEAR_UPSAMPLE, x, &a);
    }
    uint64_t h = (uint64_t)xd->shape[2] * (uint64_t)scale, w = (uint64_t)xd->shape[3] * (uint64_t)scale;
    if (h > UINT32_MAX || w > UINT32_MAX)
        return nnvm_fail(L, NNX_ERROR_INVALID_MODEL, "the result is too large");
    a.resample = (nnx_attr_resample){.mode = NNX_RESAMPLE_NEAREST, .axes = {2, 3}, .sizes = {(uint32_t)h, (uint32_t)w}};
    return out1(L, NNX_OP_RESAMPLE, x, &a);
}

static nnx_status lower_reduce(nnvm_loader *L, nnx_op op)
{
    int64_t axes[NNX_MAX_RANK];
    uint32_t n, mask = 0, ax;
    bool given, keep, exclude;
    nnx_status st = nnvm_need_inputs(L, 1, 1);
    if (st == NNX_OK)
        st = nnvm_ints(L, "axis", axes, NNX_MAX_RANK, &n, &given);
    if (st == NNX_OK)
        st = nnvm_bool(L, "keepdims", false, &keep);
    if (st == NNX_OK)
        st = nnvm_bool(L, "exclude", false, &exclude);
    if (st != NNX_OK)
        return st;
    uint32_t x = nnvm_in(L, 0), rank = nnvm_desc(L, x)->rank;
    for (uint32_t k = 0; given && k < n; k++) {
        if ((st = nnvm_axis(L, "axis", axes[k], rank, &ax)) != NNX_OK)
            return st;
        mask |= 1u << ax;
    }
    uint32_t all = rank ? (uint32_t)((1ull << rank) - 1) : 0;
    if (!given || !n)
        mask = all; /* no axis: every axis */
    else if (exclude)
        mask = all & ~mask;
    nnx_attrs a = {0};
    if (op == NNX_OP_REDUCE_ARGMAX || op == NNX_OP_REDUCE_ARGMIN)
        a.arg_reduce = (nnx_attr_arg_reduce){.axes_mask = mask, .keep_dims = keep, .index_dtype = NNX_INT32};
    else
        a.reduce = (nnx_attr_reduce){.axes_mask = mask, .keep_dims = keep};
    return out1(L, op, x, &a);
}

/* zeros, ones, full (shape, dtype, fill_value) and the _like forms (the input's type and shape). */
static nnx_status lower_fill(nnvm_loader *L, double value, bool like)
{
    nnx_status st = nnvm_need_inputs(L, like ? 1 : 0, like ? 1 : 0);
    if (st == NNX_OK && (strcmp(L->n->op, "full") == 0 || strcmp(L->n->op, "full_like") == 0))
        st = nnvm_float(L, "fill_value", 0, &value);
    if (st != NNX_OK)
        return st;
    nnx_operand_desc d = {0};
    if (like) {
        d = *nnvm_desc(L, nnvm_in(L, 0));
    } else {
        int64_t shape[NNX_MAX_RANK];
        uint32_t n;
        bool given;
        const char *t = nnx_nnvm_attr(L->n, "dtype");
        if ((st = nnvm_ints(L, "shape", shape, NNX_MAX_RANK, &n, &given)) != NNX_OK)
            return st;
        d.dtype = t ? nnx_tvm_dtype_from_name(t) : NNX_FLOAT32;
        if (d.dtype == NNX_DTYPE_UNDEFINED)
            return nnvm_fail(L, NNX_ERROR_NOT_SUPPORTED, "key 'dtype': '%.40s' is not a type nnx has", t);
        d.rank = given ? n : 0;
        for (uint32_t k = 0; k < d.rank; k++) {
            if (shape[k] < 0 || shape[k] > UINT32_MAX)
                return nnvm_bad_attr(L, "shape", "item %u is not an extent", k);
            d.shape[k] = (uint32_t)shape[k];
        }
    }
    uint32_t one;
    if ((st = nnvm_scalar(L, d.dtype, value, &one)) != NNX_OK)
        return st;
    nnx_attrs a = {.reshape = {.rank = d.rank}};
    memcpy(a.reshape.shape, d.shape, sizeof d.shape);
    return out1(L, NNX_OP_EXPAND, one, &a);
}

/* tvm_op: a call of a compiled function; the output types come from the graph's attrs. */
static nnx_status lower_tvm_op(nnvm_loader *L)
{
    const nnx_nnvm_graph *g = L->g;
    const nnx_nnvm_node *n = L->n;
    static const char *const keys[] = {"func_name", "num_inputs", "num_outputs", "flatten_data"};
    for (int k = 0; k < 4; k++)
        if (!nnx_nnvm_attr(n, keys[k]))
            return nnvm_bad_attr(L, keys[k], "missing (a tvm_op has func_name, num_inputs, num_outputs, flatten_data)");
    int64_t n_in;
    bool flatten;
    nnx_status st = nnvm_int(L, "num_inputs", 0, &n_in);
    if (st == NNX_OK)
        st = nnvm_bool(L, "flatten_data", false, &flatten);
    if (st == NNX_OK && n_in != n->n_inputs)
        st = nnvm_bad_attr(L, "num_inputs", "%lld, the node has %u inputs", (long long)n_in, n->n_inputs);
    if (st == NNX_OK)
        st = nnvm_need_inputs(L, n->n_inputs, n->n_inputs);
    if (st != NNX_OK)
        return st;
    if (!g->shapes || (!g->dltypes && !g->dtypes))
        return nnvm_fail(L, NNX_ERROR_INVALID_MODEL,
                         "the graph's attrs need 'shape' and 'dltype' to describe "
                         "the outputs of a compiled function");
    nnx_operand_desc *outs = nnx_arena_array(&L->ir->arena, n->n_outputs, sizeof *outs);
    uint32_t *in = nnx_arena_array(&L->ir->arena, n->n_inputs + 1, sizeof *in);
    if (!outs || !in)
        return nnvm_fail(L, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    for (uint32_t k = 0; k < n->n_outputs; k++) {
        uint32_t e = g->node_row_ptr[L->node] + k;
        const char *t = g->dltypes ? g->dltypes[e] : NULL;
        outs[k].dtype = t ? nnx_tvm_dtype_from_name(t) : nnx_nnvm_dtype_from_code(g->dtypes[e]);
        if (outs[k].dtype == NNX_DTYPE_UNDEFINED)
            return nnvm_fail(L, NNX_ERROR_NOT_SUPPORTED, "output %u has a type nnx does not have", k);
        outs[k].rank = g->shapes[e].rank;
        memcpy(outs[k].shape, g->shapes[e].shape, sizeof outs[k].shape);
    }
    for (uint32_t k = 0; k < n->n_inputs; k++)
        in[k] = nnvm_in(L, k);
    const char *fn = nnx_nnvm_attr(n, "func_name");
    if ((strcmp(fn, "__nop") == 0 || strcmp(fn, "__copy") == 0) && n->n_inputs == 1 && n->n_outputs == 1)
        return reshape_to(L, in[0], outs[0].rank,
                          (uint64_t[]){outs[0].shape[0], outs[0].shape[1], outs[0].shape[2], outs[0].shape[3],
                                       outs[0].shape[4], outs[0].shape[5], outs[0].shape[6], outs[0].shape[7]});
    if ((st = nnvm_unrunnable(L,
                              "calls the compiled TVM function '%.80s', which nnx does not have (a compiled "
                              "graph can be checked, drawn and converted, not run)",
                              fn)) != NNX_OK)
        return st;
    nnx_attrs a = {.compiled = {.function = fn, .outputs = outs, .flatten_data = flatten}};
    nnx_error why = {0};
    uint32_t first;
    /* The label is the function's name, so that a run names what is missing. */
    st = nnx_ir_add_node(L->ir, NNX_OP_COMPILED_FUNCTION, in, n->n_inputs, &a, n->n_outputs, fn, &first, &why);
    if (st != NNX_OK)
        return nnvm_fail(L, st, "%s", why.message);
    for (uint32_t k = 0; k < n->n_outputs; k++)
        nnvm_set_out(L, k, first + k);
    return NNX_OK;
}

bool nnvm_lower_movement(nnvm_loader *L, nnx_status *st)
{
    const char *op = L->n->op;
    static const struct {
        const char *name;
        nnx_op op;
    } reductions[] = {
        {"sum", NNX_OP_REDUCE_SUM},       {"mean", NNX_OP_REDUCE_MEAN},    {"max", NNX_OP_REDUCE_MAX},
        {"min", NNX_OP_REDUCE_MIN},       {"prod", NNX_OP_REDUCE_PRODUCT}, {"argmax", NNX_OP_REDUCE_ARGMAX},
        {"argmin", NNX_OP_REDUCE_ARGMIN},
    };
    for (size_t k = 0; k < sizeof reductions / sizeof *reductions; k++)
        if (strcmp(op, reductions[k].name) == 0) {
            *st = lower_reduce(L, reductions[k].op);
            return true;
        }
    if (strcmp(op, "reshape") == 0)
        *st = lower_reshape(L);
    else if (strcmp(op, "flatten") == 0)
        *st = lower_flatten(L);
    else if (strcmp(op, "expand_dims") == 0)
        *st = lower_expand_dims(L);
    else if (strcmp(op, "squeeze") == 0)
        *st = lower_squeeze(L);
    else if (strcmp(op, "transpose") == 0)
        *st = lower_transpose(L);
    else if (strcmp(op, "concatenate") == 0)
        *st = lower_concatenate(L);
    else if (strcmp(op, "split") == 0)
        *st = lower_split(L);
    else if (strcmp(op, "strided_slice") == 0)
        *st = lower_strided_slice(L);
    else if (strcmp(op, "take") == 0)
        *st = lower_take(L);
    else if (strcmp(op, "where") == 0)
        *st = lower_where(L);
    else if (strcmp(op, "broadcast_to") == 0)
        *st = lower_broadcast_to(L);
    else if (strcmp(op, "reverse") == 0)
        *st = lower_reverse(L);
    else if (strcmp(op, "tile") == 0)
        *st = lower_tile(L);
    else if (strcmp(op, "pad") == 0)
        *st = lower_pad(L);
    else if (strcmp(op, "upsampling") == 0)
        *st = lower_upsampling(L);
    else if (strcmp(op, "zeros") == 0)
        *st = lower_fill(L, 0, false);
    else if (strcmp(op, "ones") == 0)
        *st = lower_fill(L, 1, false);
    else if (strcmp(op, "full") == 0)
        *st = lower_fill(L, 0, false);
    else if (strcmp(op, "zeros_like") == 0)
        *st = lower_fill(L, 0, true);
    else if (strcmp(op, "ones_like") == 0)
        *st = lower_fill(L, 1, true);
    else if (strcmp(op, "full_like") == 0)
        *st = lower_fill(L, 0, true);
    else if (strcmp(op, "tvm_op") == 0)
        *st = lower_tvm_op(L);
    else
        return nnvm_lower_composite(L, st);
    return true;
}
