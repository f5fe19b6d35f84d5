/* shapes_tensor.c — argument validity and result shapes of the tensor shape operations
 * (NNEF 1.0.2 §4.5: reshape, squeeze, unsqueeze, transpose, split, concat, stack, unstack,
 * slice, pad, tile; decisions S8-S11 in shapes.h). */
#include "formats/nnef/shapes/shapes.h"

#include "base/checked.h"

#include <stdio.h>
#include <string.h>

static const char *const pad_borders[] = {"constant", "replicate", "reflect", "reflect-even", NULL};

/* An input tensor and an integer[] argument of at most NNX_MAX_RANK items. */
static nnx_status tensor_and_ints(nnx_nnef_sh *c, const char *t, nnx_nnef_shape *s, const char *arg, int64_t *v,
                                  uint32_t *n)
{
    nnx_status st = nnx_nnef_sh_tensor(c, t, s);
    return st != NNX_OK ? st : nnx_nnef_sh_ints(c, arg, NNX_MAX_RANK, v, n);
}

static nnx_status axis_in(nnx_nnef_sh *c, int64_t axis, uint32_t limit)
{
    if (axis < 0 || axis >= (int64_t)limit)
        return nnx_nnef_sh_fail(c, "axis %lld is outside [0, %u)", (long long)axis, limit);
    return NNX_OK;
}

static nnx_status rank_fits(nnx_nnef_sh *c, uint64_t rank)
{
    if (rank > NNX_MAX_RANK)
        return nnx_nnef_sh_fail(c, "output rank %llu exceeds %d", (unsigned long long)rank, NNX_MAX_RANK);
    return NNX_OK;
}

/* ---- reshape (§4.5.1) ---------------------------------------------------------------- */

/* The affected axis range [start, start + count): count -1 means up to the rank. */
static nnx_status reshape_range(nnx_nnef_sh *c, uint32_t rank, int64_t *start, int64_t *count)
{
    nnx_status st = nnx_nnef_sh_int(c, "axis_start", start);
    if (st == NNX_OK)
        st = nnx_nnef_sh_int(c, "axis_count", count);
    if (st != NNX_OK)
        return st;
    if (*start < 0 || *start > (int64_t)rank)
        return nnx_nnef_sh_fail(c, "axis_start %lld is outside [0, %u]", (long long)*start, rank);
    if (*count < -1)
        return nnx_nnef_sh_fail(c, "axis_count %lld is neither -1 nor non-negative", (long long)*count);
    if (*count == -1)
        *count = (int64_t)rank - *start;
    else if (*start + *count > (int64_t)rank)
        return nnx_nnef_sh_fail(c, "axis_start %lld + axis_count %lld exceeds the input rank %u", (long long)*start,
                                (long long)*count, rank);
    return NNX_OK;
}

/* Substitutes 0 items (S8) and checks the others; returns the index of the -1 item (or -1)
 * and the product of the rest (saturated: an overflow can never match the volume). */
static nnx_status reshape_items(nnx_nnef_sh *c, const nnx_nnef_shape *in, int64_t start, int64_t count, int64_t *items,
                                uint32_t n, int32_t *infer, uint64_t *known)
{
    *infer = -1;
    *known = 1;
    for (uint32_t k = 0; k < n; k++) {
        if (items[k] == -1 && *infer >= 0)
            return nnx_nnef_sh_fail(c, "shape has more than one -1 item");
        if (items[k] == -1) {
            *infer = (int32_t)k;
            continue;
        }
        if (items[k] < -1 || items[k] > (int64_t)UINT32_MAX)
            return nnx_nnef_sh_fail(c, "shape item %u is %lld; items must be 0..2^32-1 or -1", k, (long long)items[k]);
        if (items[k] == 0 && (int64_t)k >= count)
            return nnx_nnef_sh_fail(c, "shape item %u is 0, but only %lld axes are reshaped", k, (long long)count);
        if (items[k] == 0)
            items[k] = in->dim[start + k];
        if (!nnx_mul_u64(*known, (uint64_t)items[k], known))
            *known = UINT64_MAX;
    }
    return NNX_OK;
}

static nnx_status reshape_volume(nnx_nnef_sh *c, int64_t *items, int32_t infer, uint64_t known, uint64_t vol,
                                 int64_t start, int64_t count)
{
    if (infer >= 0 && vol % known != 0)
        return nnx_nnef_sh_fail(c,
                                "the -1 item cannot be inferred: %llu elements in axes [%lld, %lld) are not a "
                                "multiple of %llu",
                                (unsigned long long)vol, (long long)start, (long long)(start + count),
                                (unsigned long long)known);
    if (infer >= 0)
        items[infer] = (int64_t)(vol / known);
    else if (known != vol)
        return nnx_nnef_sh_fail(c, "shape has %llu elements but axes [%lld, %lld) of the input hold %llu",
                                (unsigned long long)known, (long long)start, (long long)(start + count),
                                (unsigned long long)vol);
    return NNX_OK;
}

nnx_status nnx_nnef_sh_reshape(nnx_nnef_sh *c)
{
    nnx_nnef_shape in, out = {0};
    int64_t items[NNX_MAX_RANK], start, count;
    uint32_t n = 0;
    int32_t infer;
    uint64_t known, vol = 1;
    nnx_status st = tensor_and_ints(c, "input", &in, "shape", items, &n);
    if (st == NNX_OK)
        st = reshape_range(c, in.rank, &start, &count);
    if (st == NNX_OK)
        st = rank_fits(c, (uint64_t)in.rank - (uint64_t)count + n);
    if (st == NNX_OK)
        st = reshape_items(c, &in, start, count, items, n, &infer, &known);
    if (st != NNX_OK)
        return st;
    for (int64_t d = start; d < start + count; d++)
        vol *= in.dim[d]; /* cannot overflow: in's volume fits in int64 (S4) */
    st = reshape_volume(c, items, infer, known, vol, start, count);
    for (uint32_t k = 0; st == NNX_OK && k < n; k++)
        st = nnx_nnef_sh_extent(c, items[k], "output", (uint32_t)start + k, &out.dim[start + k]);
    if (st != NNX_OK)
        return st;
    out.rank = in.rank - (uint32_t)count + n;
    memcpy(out.dim, in.dim, (size_t)start * sizeof out.dim[0]);
    memcpy(out.dim + start + n, in.dim + start + count, (size_t)(in.rank - start - count) * sizeof out.dim[0]);
    return nnx_nnef_sh_output(c, "output", &out);
}

/* ---- squeeze, unsqueeze (§4.5.1) ---------------------------------------------------- */

/* Removes the listed axes, which must have extent 1 (S9). */
nnx_status nnx_nnef_sh_squeeze(nnx_nnef_sh *c)
{
    nnx_nnef_shape in, out = {0};
    int64_t axes[NNX_MAX_RANK];
    uint32_t n = 0;
    bool drop[NNX_MAX_RANK] = {false};
    nnx_status st = tensor_and_ints(c, "input", &in, "axes", axes, &n);
    if (st == NNX_OK)
        st = nnx_nnef_sh_axes(c, "axes", axes, n, in.rank);
    if (st != NNX_OK)
        return st;
    for (uint32_t i = 0; i < n; i++) {
        if (in.dim[axes[i]] != 1)
            return nnx_nnef_sh_fail(c, "axis %lld has extent %u; only singleton axes can be squeezed",
                                    (long long)axes[i], in.dim[axes[i]]);
        drop[axes[i]] = true;
    }
    for (uint32_t d = 0; d < in.rank; d++)
        if (!drop[d])
            out.dim[out.rank++] = in.dim[d];
    return nnx_nnef_sh_output(c, "output", &out);
}

/* Inserts extent-1 axes at the listed output positions. */
nnx_status nnx_nnef_sh_unsqueeze(nnx_nnef_sh *c)
{
    nnx_nnef_shape in, out = {0};
    int64_t axes[NNX_MAX_RANK];
    uint32_t n = 0;
    bool added[NNX_MAX_RANK] = {false};
    nnx_status st = tensor_and_ints(c, "input", &in, "axes", axes, &n);
    if (st == NNX_OK)
        st = rank_fits(c, (uint64_t)in.rank + n);
    if (st == NNX_OK)
        st = nnx_nnef_sh_axes(c, "axes", axes, n, in.rank + n);
    if (st != NNX_OK)
        return st;
    for (uint32_t i = 0; i < n; i++)
        added[axes[i]] = true;
    out.rank = in.rank + n;
    for (uint32_t d = 0, from = 0; d < out.rank; d++)
        out.dim[d] = added[d] ? 1 : in.dim[from++];
    return nnx_nnef_sh_output(c, "output", &out);
}

/* ---- transpose (§4.5.2) ------------------------------------------------------------- */

/* axes: a permutation of 0..n-1 with n <= rank; out[k] = in[axes[k]], the rest unchanged. */
nnx_status nnx_nnef_sh_transpose(nnx_nnef_sh *c)
{
    nnx_nnef_shape in, out;
    int64_t axes[NNX_MAX_RANK];
    uint32_t n = 0;
    nnx_status st = tensor_and_ints(c, "input", &in, "axes", axes, &n);
    if (st == NNX_OK && n > in.rank)
        st = nnx_nnef_sh_fail(c, "axes has %u items, more than the input rank %u", n, in.rank);
    if (st == NNX_OK)
        st = nnx_nnef_sh_axes(c, "axes", axes, n, n);
    if (st != NNX_OK)
        return st;
    out = in;
    for (uint32_t k = 0; k < n; k++)
        out.dim[k] = in.dim[axes[k]];
    return nnx_nnef_sh_output(c, "output", &out);
}

/* ---- split, unstack (§4.5.3) -------------------------------------------------------- */

/* ratios: positive integers whose sum R divides the extent S along axis (S11). */
static nnx_status split_ratios(nnx_nnef_sh *c, const nnx_nnef_value *ratios, uint32_t extent, int64_t axis,
                               uint32_t *unit)
{
    int64_t sum = 0;
    if (ratios->count == 0)
        return nnx_nnef_sh_fail(c, "ratios is empty");
    for (uint32_t i = 0; i < ratios->count; i++) {
        const nnx_nnef_value *r = &ratios->u.items[i];
        if (r->kind != NNX_NNEF_VALUE_INTEGER)
            return nnx_nnef_sh_fail(c, "internal: argument 'ratios' is not an integer[]");
        if (r->u.integer < 1)
            return nnx_nnef_sh_fail(c, "ratios item %u is %lld; items must be positive", i, (long long)r->u.integer);
        if (!nnx_nnef_add_i64(sum, r->u.integer, &sum) || sum > (int64_t)extent)
            return nnx_nnef_sh_fail(c, "ratios sum to more than the extent %u along axis %lld", extent,
                                    (long long)axis);
    }
    if (extent % sum != 0)
        return nnx_nnef_sh_fail(c, "ratios sum to %lld, which does not divide the extent %u along axis %lld",
                                (long long)sum, extent, (long long)axis);
    *unit = extent / (uint32_t)sum;
    return NNX_OK;
}

static nnx_status result_count(nnx_nnef_sh *c, uint32_t results, uint32_t want, const char *why)
{
    if (results != want)
        return nnx_nnef_sh_fail(c, "%u results are assigned but %s gives %u", results, why, want);
    return NNX_OK;
}

nnx_status nnx_nnef_sh_split(nnx_nnef_sh *c)
{
    nnx_nnef_shape in, part;
    const nnx_nnef_value *ratios, *outs;
    int64_t axis;
    uint32_t unit = 0, n_outs = 0;
    nnx_status st = nnx_nnef_sh_tensor(c, "value", &in);
    if (st == NNX_OK)
        st = nnx_nnef_sh_int(c, "axis", &axis);
    if (st == NNX_OK)
        st = nnx_nnef_sh_array(c, "ratios", &ratios);
    if (st == NNX_OK)
        st = nnx_nnef_sh_outputs(c, "values", &outs, &n_outs);
    if (st == NNX_OK)
        st = axis_in(c, axis, in.rank);
    if (st == NNX_OK)
        st = split_ratios(c, ratios, in.dim[axis], axis, &unit);
    if (st == NNX_OK)
        st = result_count(c, n_outs, ratios->count, "ratios");
    part = in;
    for (uint32_t i = 0; st == NNX_OK && i < n_outs; i++) {
        part.dim[axis] = unit * (uint32_t)ratios->u.items[i].u.integer; /* <= the extent */
        st = nnx_nnef_sh_store(c, "values", &outs[i], &part);
    }
    return st;
}

/* The input without its axis dimension, once per result; count = the axis extent. */
nnx_status nnx_nnef_sh_unstack(nnx_nnef_sh *c)
{
    nnx_nnef_shape in, part = {0};
    const nnx_nnef_value *outs;
    int64_t axis;
    uint32_t n_outs;
    nnx_status st = nnx_nnef_sh_tensor(c, "value", &in);
    if (st == NNX_OK)
        st = nnx_nnef_sh_int(c, "axis", &axis);
    if (st == NNX_OK)
        st = nnx_nnef_sh_outputs(c, "values", &outs, &n_outs);
    if (st == NNX_OK)
        st = axis_in(c, axis, in.rank);
    if (st == NNX_OK)
        st = result_count(c, n_outs, in.dim[axis], "the extent along axis");
    if (st != NNX_OK)
        return st;
    for (uint32_t d = 0; d < in.rank; d++)
        if (d != (uint32_t)axis)
            part.dim[part.rank++] = in.dim[d];
    for (uint32_t i = 0; st == NNX_OK && i < n_outs; i++)
        st = nnx_nnef_sh_store(c, "values", &outs[i], &part);
    return st;
}

/* ---- concat, stack (§4.5.3) --------------------------------------------------------- */

/* The shapes of the items of `values` (not empty, S11): item 0 into *first; each later one
 * is passed to check(). */
typedef nnx_status (*item_check)(nnx_nnef_sh *c, uint32_t i, const nnx_nnef_shape *first, const nnx_nnef_shape *s,
                                 void *state);

static nnx_status each_value(nnx_nnef_sh *c, nnx_nnef_shape *first, item_check check, void *state, uint32_t *n)
{
    const nnx_nnef_value *values;
    nnx_nnef_shape s;
    nnx_status st = nnx_nnef_sh_array(c, "values", &values);
    if (st == NNX_OK && values->count == 0)
        st = nnx_nnef_sh_fail(c, "values is empty");
    if (st == NNX_OK)
        st = nnx_nnef_sh_value_shape(c, "values item", &values->u.items[0], first);
    for (uint32_t i = 1; st == NNX_OK && i < values->count; i++) {
        st = nnx_nnef_sh_value_shape(c, "values item", &values->u.items[i], &s);
        if (st == NNX_OK)
            st = check(c, i, first, &s, state);
    }
    *n = st == NNX_OK ? values->count : 0;
    return st;
}

typedef struct concat_state {
    int64_t axis;
    uint64_t sum;
} concat_state;

static nnx_status concat_item(nnx_nnef_sh *c, uint32_t i, const nnx_nnef_shape *first, const nnx_nnef_shape *s,
                              void *state)
{
    concat_state *cs = state;
    char a[NNX_NNEF_SHAPE_STR], b[NNX_NNEF_SHAPE_STR];
    if (s->rank != first->rank)
        return nnx_nnef_sh_fail(c, "values item %u has rank %u but item 0 has rank %u", i, s->rank, first->rank);
    for (uint32_t d = 0; d < s->rank; d++)
        if (d != (uint64_t)cs->axis && s->dim[d] != first->dim[d])
            return nnx_nnef_sh_fail(c, "values item %u shape %s differs from item 0 shape %s in dimension %u", i,
                                    nnx_nnef_sh_str(s, a), nnx_nnef_sh_str(first, b), d);
    cs->sum += s->dim[cs->axis]; /* at most 2^32 items of < 2^32 each */
    return NNX_OK;
}

/* Same rank, equal extents off axis; the axis extent is the sum. */
nnx_status nnx_nnef_sh_concat(nnx_nnef_sh *c)
{
    nnx_nnef_shape first = {0}, out;
    concat_state cs = {0};
    uint32_t n = 0;
    nnx_status st = nnx_nnef_sh_int(c, "axis", &cs.axis);
    const nnx_nnef_value *values;
    if (st == NNX_OK)
        st = nnx_nnef_sh_array(c, "values", &values);
    if (st == NNX_OK && values->count > 0) { /* the axis check needs item 0's rank */
        st = nnx_nnef_sh_value_shape(c, "values item", &values->u.items[0], &first);
        if (st == NNX_OK)
            st = axis_in(c, cs.axis, first.rank);
    }
    if (st == NNX_OK)
        cs.sum = first.rank ? first.dim[cs.axis] : 0;
    if (st == NNX_OK)
        st = each_value(c, &first, concat_item, &cs, &n);
    if (st != NNX_OK)
        return st;
    out = first;
    st = nnx_nnef_sh_extent(c, cs.sum > INT64_MAX ? INT64_MAX : (int64_t)cs.sum, "output", (uint32_t)cs.axis,
                            &out.dim[cs.axis]);
    return st != NNX_OK ? st : nnx_nnef_sh_output(c, "value", &out);
}

static nnx_status stack_item(nnx_nnef_sh *c, uint32_t i, const nnx_nnef_shape *first, const nnx_nnef_shape *s,
                             void *state)
{
    (void)state;
    char a[NNX_NNEF_SHAPE_STR], b[NNX_NNEF_SHAPE_STR];
    if (!nnx_nnef_shape_equal(s, first))
        return nnx_nnef_sh_fail(c, "values item %u shape %s != item 0 shape %s", i, nnx_nnef_sh_str(s, a),
                                nnx_nnef_sh_str(first, b));
    return NNX_OK;
}

/* Equal shapes; a new axis of extent len(values) at `axis` (< rank + 1). */
nnx_status nnx_nnef_sh_stack(nnx_nnef_sh *c)
{
    nnx_nnef_shape first, out = {0};
    int64_t axis;
    uint32_t n = 0;
    nnx_status st = nnx_nnef_sh_int(c, "axis", &axis);
    if (st == NNX_OK)
        st = each_value(c, &first, stack_item, NULL, &n);
    if (st == NNX_OK)
        st = rank_fits(c, (uint64_t)first.rank + 1);
    if (st == NNX_OK)
        st = axis_in(c, axis, first.rank + 1);
    if (st != NNX_OK)
        return st;
    out.rank = first.rank + 1;
    for (uint32_t d = 0, from = 0; d < out.rank; d++)
        out.dim[d] = d == (uint32_t)axis ? n : first.dim[from++];
    return nnx_nnef_sh_output(c, "value", &out);
}

/* ---- slice (§4.5.4) ----------------------------------------------------------------- */

/* begin and end in (-x, x]; negatives have x added; end 0 means x; then end > begin. */
static nnx_status slice_axis(nnx_nnef_sh *c, int64_t axis, uint32_t x, int64_t begin, int64_t end, uint32_t *out)
{
    if (begin <= -(int64_t)x || begin > (int64_t)x)
        return nnx_nnef_sh_fail(c, "begin %lld is outside (-%u, %u] for axis %lld", (long long)begin, x, x,
                                (long long)axis);
    if (end <= -(int64_t)x || end > (int64_t)x)
        return nnx_nnef_sh_fail(c, "end %lld is outside (-%u, %u] for axis %lld", (long long)end, x, x,
                                (long long)axis);
    int64_t b = begin < 0 ? begin + x : begin, e = end < 0 ? end + x : end == 0 ? x : end;
    if (e <= b)
        return nnx_nnef_sh_fail(c, "end %lld (%lld) is not after begin %lld (%lld) for axis %lld", (long long)end,
                                (long long)e, (long long)begin, (long long)b, (long long)axis);
    *out = (uint32_t)(e - b);
    return NNX_OK;
}

nnx_status nnx_nnef_sh_slice(nnx_nnef_sh *c)
{
    nnx_nnef_shape in, out;
    int64_t axes[NNX_MAX_RANK], begin[NNX_MAX_RANK], end[NNX_MAX_RANK];
    uint32_t na = 0, nb = 0, ne = 0;
    nnx_status st = tensor_and_ints(c, "input", &in, "axes", axes, &na);
    if (st == NNX_OK)
        st = nnx_nnef_sh_ints(c, "begin", NNX_MAX_RANK, begin, &nb);
    if (st == NNX_OK)
        st = nnx_nnef_sh_ints(c, "end", NNX_MAX_RANK, end, &ne);
    if (st == NNX_OK && (na != nb || na != ne))
        st = nnx_nnef_sh_fail(c, "axes, begin and end have %u, %u and %u items; they must be equal", na, nb, ne);
    if (st == NNX_OK)
        st = nnx_nnef_sh_axes(c, "axes", axes, na, in.rank);
    out = in;
    for (uint32_t i = 0; st == NNX_OK && i < na; i++)
        st = slice_axis(c, axes[i], in.dim[axes[i]], begin[i], end[i], &out.dim[axes[i]]);
    return st != NNX_OK ? st : nnx_nnef_sh_output(c, "output", &out);
}

/* ---- pad, tile (§4.5.5, §4.5.6) ----------------------------------------------------- */

/* padding: rank pairs or [] (S10); extents x + p + q >= 1. */
nnx_status nnx_nnef_sh_pad(nnx_nnef_sh *c)
{
    nnx_nnef_shape in, out;
    int64_t pad[NNX_MAX_RANK][2];
    uint32_t n = 0;
    const char *border;
    nnx_status st = nnx_nnef_sh_tensor(c, "input", &in);
    if (st == NNX_OK)
        st = nnx_nnef_sh_pairs(c, "padding", NNX_MAX_RANK, pad, &n);
    if (st == NNX_OK)
        st = nnx_nnef_sh_length(c, "padding", n, in.rank, "the input rank", true);
    if (st == NNX_OK)
        st = nnx_nnef_sh_choice(c, "border", pad_borders, &border);
    out = in;
    for (uint32_t d = 0; st == NNX_OK && d < n; d++) {
        int64_t e;
        if (!nnx_nnef_add_i64(in.dim[d], pad[d][0], &e) || !nnx_nnef_add_i64(e, pad[d][1], &e))
            return nnx_nnef_sh_fail(c, "padding overflows in dimension %u", d);
        st = nnx_nnef_sh_extent(c, e, "output", d, &out.dim[d]);
    }
    return st != NNX_OK ? st : nnx_nnef_sh_output(c, "output", &out);
}

/* repeats: one positive item per dimension; extents x * r. */
nnx_status nnx_nnef_sh_tile(nnx_nnef_sh *c)
{
    nnx_nnef_shape in, out;
    int64_t rep[NNX_MAX_RANK];
    uint32_t n = 0;
    nnx_status st = tensor_and_ints(c, "input", &in, "repeats", rep, &n);
    if (st == NNX_OK)
        st = nnx_nnef_sh_length(c, "repeats", n, in.rank, "the input rank", false);
    if (st == NNX_OK)
        st = nnx_nnef_sh_positive(c, "repeats", rep, n);
    out = in;
    for (uint32_t d = 0; st == NNX_OK && d < n; d++) {
        int64_t e;
        if (!nnx_nnef_mul_i64(in.dim[d], rep[d], &e))
            return nnx_nnef_sh_fail(c, "repeats overflow in dimension %u", d);
        st = nnx_nnef_sh_extent(c, e, "output", d, &out.dim[d]);
    }
    return st != NNX_OK ? st : nnx_nnef_sh_output(c, "output", &out);
}
