/* onnx_ops_sequence.c — the ONNX sequence and optional operators (ONNX Operators,
 * SequenceConstruct, SequenceEmpty, SequenceAt, SequenceInsert, SequenceErase,
 * SequenceLength, SplitToSequence, ConcatFromSequence, Optional, OptionalHasElement,
 * OptionalGetElement) as list manipulations at load time (onnx_sequence.c's table) plus
 * ordinary core ops for the tensors: positions must be known at load. */
#include "formats/onnx/onnx_build.h"

#include "base/alloc.h"

#include <stdio.h>

/* The elements of sequence `id` (input k of the node), copied into a new buffer of room
 * n + extra (ox_calloc: the caller frees it). */
static nnx_status elements(ox *c, uint32_t id, uint32_t k, uint32_t extra, uint32_t **ids, uint32_t *n)
{
    ox_seq_kind kind;
    const uint32_t *el;
    *ids = NULL;
    if (!ox_seq_get(c, id, &kind, &el, n) || kind != OX_SEQUENCE)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "input %u is not a sequence", k);
    *ids = ox_calloc(c, (size_t)*n + extra + 1, sizeof **ids);
    if (!*ids)
        return c->nerr.status;
    if (*n)
        memcpy(*ids, el, (size_t)*n * sizeof **ids);
    return NNX_OK;
}

/* A position input (ONNX Operators, SequenceAt: a scalar int32/int64 in [-n, n + extra)),
 * known at load, as an index in [0, n + extra). */
static nnx_status position(ox *c, uint32_t id, uint32_t n, uint32_t extra, uint32_t *pos)
{
    int64_t v[1];
    uint32_t cnt;
    if (ox_is_seq(id))
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "the position is not a tensor");
    CHECK(ox_ints(c, id, "position", v, 1, &cnt));
    if (cnt != 1)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "the position has %u elements, not 1", cnt);
    int64_t p = v[0] < 0 ? v[0] + (int64_t)n : v[0];
    if (v[0] < -(int64_t)n || p >= (int64_t)n + extra)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "position %lld is out of range for a sequence of %u",
                       (long long)v[0], n);
    *pos = (uint32_t)p;
    return NNX_OK;
}

static nnx_status tensor_input(ox *c, uint32_t id, uint32_t k)
{
    if (id == NNX_NONE || ox_is_seq(id))
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "input %u is not a tensor", k);
    return NNX_OK;
}

nnx_status nnx_onnx_op_sequence_construct(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in,
                                          uint32_t *out)
{
    (void)n;
    for (uint32_t k = 0; k < n_in; k++) {
        CHECK(tensor_input(c, in[k], k));
        if (ox_desc(c, in[k]).dtype != ox_desc(c, in[0]).dtype)
            return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "input %u's element type differs from input 0's", k);
    }
    return ox_seq_new(c, OX_SEQUENCE, in, n_in, &out[0]);
}

nnx_status nnx_onnx_op_sequence_empty(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    (void)n, (void)in, (void)n_in;
    return ox_seq_new(c, OX_SEQUENCE, NULL, 0, &out[0]);
}

nnx_status nnx_onnx_op_sequence_at(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    (void)n, (void)n_in;
    ox_seq_kind kind;
    const uint32_t *el;
    uint32_t len, p;
    if (!ox_seq_get(c, in[0], &kind, &el, &len) || kind != OX_SEQUENCE)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "input 0 is not a sequence");
    CHECK(position(c, in[1], len, 0, &p));
    out[0] = el[p];
    return NNX_OK;
}

nnx_status nnx_onnx_op_sequence_insert(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in,
                                       uint32_t *out)
{
    (void)n;
    uint32_t *ids, len, p;
    CHECK(tensor_input(c, in[1], 1));
    CHECK(elements(c, in[0], 0, 1, &ids, &len));
    nnx_status st = NNX_OK;
    p = len; /* default: at the back */
    if (len && ox_desc(c, ids[0]).dtype != ox_desc(c, in[1]).dtype)
        st = ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "the tensor's element type differs from the sequence's");
    if (st == NNX_OK && in_or_none(in, n_in, 2) != NNX_NONE)
        st = position(c, in[2], len, 1, &p);
    if (st == NNX_OK) {
        memmove(ids + p + 1, ids + p, (size_t)(len - p) * sizeof *ids);
        ids[p] = in[1];
        st = ox_seq_new(c, OX_SEQUENCE, ids, len + 1, &out[0]);
    }
    nnx_mem_free(c->ir->alloc, ids);
    return st;
}

nnx_status nnx_onnx_op_sequence_erase(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    (void)n;
    uint32_t *ids, len, p;
    CHECK(elements(c, in[0], 0, 0, &ids, &len));
    nnx_status st = NNX_OK;
    if (!len)
        st = ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "the sequence is empty");
    p = len - 1; /* default: the last */
    if (st == NNX_OK && in_or_none(in, n_in, 1) != NNX_NONE)
        st = position(c, in[1], len, 0, &p);
    if (st == NNX_OK) {
        memmove(ids + p, ids + p + 1, (size_t)(len - p - 1) * sizeof *ids);
        st = ox_seq_new(c, OX_SEQUENCE, ids, len - 1, &out[0]);
    }
    nnx_mem_free(c->ir->alloc, ids);
    return st;
}

nnx_status nnx_onnx_op_sequence_length(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in,
                                       uint32_t *out)
{
    (void)n, (void)n_in;
    ox_seq_kind kind;
    const uint32_t *el;
    uint32_t len;
    if (!ox_seq_get(c, in[0], &kind, &el, &len) || kind != OX_SEQUENCE)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "input 0 is not a sequence");
    return ox_scalar(c, NNX_INT64, len, &out[0]);
}

/* ONNX Operators, SplitToSequence: parts of `split` sizes (a 1-D tensor), or of one size (a
 * scalar; the last part smaller), or of 1 each with the axis kept or (keepdims 0) removed. */
nnx_status nnx_onnx_op_split_to_sequence(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in,
                                         uint32_t *out)
{
    CHECK(tensor_input(c, in[0], 0));
    nnx_operand_desc d = ox_desc(c, in[0]);
    uint32_t axis;
    CHECK(axis_of(c, ox_attr_i(n, "axis", 0), d.rank, &axis));
    uint32_t len = d.shape[axis], parts = 0;
    uint32_t split = in_or_none(in, n_in, 1);
    bool squeeze = false;
    /* room for the parts: at most one per element of the axis, or one per size given */
    uint64_t room = len < OX_MAX_SEQUENCE ? len : OX_MAX_SEQUENCE;
    if (split != NNX_NONE && !ox_is_seq(split) && ox_desc(c, split).rank == 1 && ox_desc(c, split).shape[0] > room)
        room = ox_desc(c, split).shape[0];
    if (split == NNX_NONE && len > OX_MAX_SEQUENCE)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "%u parts (at most %d)", len, OX_MAX_SEQUENCE);
    uint32_t *sizes = room > OX_MAX_SEQUENCE ? NULL : nnx_arena_array(&c->ir->arena, (size_t)room + 1, sizeof *sizes);
    if (!sizes && room <= OX_MAX_SEQUENCE)
        return ox_fail(c, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    if (split == NNX_NONE) {
        for (uint32_t i = 0; i < len; i++)
            sizes[i] = 1;
        parts = len;
        squeeze = ox_attr_i(n, "keepdims", 1) == 0;
    } else {
        CHECK(tensor_input(c, split, 1));
        nnx_operand_desc sd = ox_desc(c, split);
        uint64_t count = 0;
        if (sd.rank > 1 || !nnx_desc_elements(&sd, &count) || count > OX_MAX_SEQUENCE)
            return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "split is %s: a scalar or a 1-D tensor of at most %d sizes",
                           nnx_desc_format(&sd, (char[96]){0}, 96), OX_MAX_SEQUENCE);
        int64_t *v = ox_calloc(c, (size_t)count + 1, sizeof *v);
        if (!v)
            return c->nerr.status;
        uint32_t got;
        nnx_status st = ox_ints(c, split, "split", v, (uint32_t)count, &got);
        uint64_t sum = 0;
        if (st == NNX_OK && sd.rank == 0) {
            if (v[0] <= 0)
                st = ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "split %lld is not positive", (long long)v[0]);
            else if (((uint64_t)len + (uint64_t)v[0] - 1) / (uint64_t)v[0] > OX_MAX_SEQUENCE)
                st = ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "more than %d parts", OX_MAX_SEQUENCE);
            for (uint64_t at = 0; st == NNX_OK && at < len; at += (uint64_t)v[0])
                sizes[parts++] = (uint32_t)((uint64_t)len - at < (uint64_t)v[0] ? (uint64_t)len - at : (uint64_t)v[0]);
            sum = len;
        } else if (st == NNX_OK) {
            for (uint32_t i = 0; st == NNX_OK && i < got; i++) {
                if (v[i] < 0 || v[i] > (int64_t)len)
                    st = ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "split size %lld is out of range", (long long)v[i]);
                else {
                    sizes[parts++] = (uint32_t)v[i];
                    sum += (uint64_t)v[i];
                }
            }
        }
        nnx_mem_free(c->ir->alloc, v);
        CHECK(st);
        if (sum != len)
            return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "the split sizes add up to %llu, the axis has %u",
                           (unsigned long long)sum, len);
    }
    if (parts > OX_MAX_SEQUENCE)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "%u parts (at most %d)", parts, OX_MAX_SEQUENCE);
    uint32_t *ids = ox_calloc(c, (size_t)parts + 1, sizeof *ids);
    if (!ids)
        return c->nerr.status;
    nnx_status st = NNX_OK;
    if (parts == 1) {
        ids[0] = in[0];
    } else if (parts) {
        nnx_attrs a = {.split = {.axis = axis, .sizes = sizes}};
        uint32_t first;
        st = ox_node(c, NNX_OP_SPLIT, &in[0], 1, &a, parts, &first);
        for (uint32_t i = 0; st == NNX_OK && i < parts; i++)
            ids[i] = first + i;
    }
    for (uint32_t i = 0; st == NNX_OK && squeeze && i < parts; i++) {
        nnx_operand_desc pd = ox_desc(c, ids[i]);
        uint32_t shape[NNX_MAX_RANK], r = 0;
        for (uint32_t k = 0; k < pd.rank; k++)
            if (k != axis)
                shape[r++] = pd.shape[k];
        st = reshape(c, ids[i], r, shape, &ids[i]);
    }
    if (st == NNX_OK)
        st = ox_seq_new(c, OX_SEQUENCE, ids, parts, &out[0]);
    nnx_mem_free(c->ir->alloc, ids);
    return st;
}

/* ONNX Operators, ConcatFromSequence: the elements concatenated along axis, or (new_axis 1)
 * stacked along a new axis there (each unsqueezed, then concatenated). */
nnx_status nnx_onnx_op_concat_from_sequence(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in,
                                            uint32_t *out)
{
    (void)n_in;
    const Onnx__AttributeProto *aa = ox_attr(n, "axis");
    if (!aa)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "the axis attribute is required");
    bool stack = ox_attr_i(n, "new_axis", 0) != 0;
    uint32_t *ids, len;
    CHECK(elements(c, in[0], 0, 0, &ids, &len));
    nnx_status st = NNX_OK;
    if (!len)
        st = ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "the sequence is empty (the result's shape is unknown)");
    int64_t axis = ox_attr_i(n, "axis", 0);
    for (uint32_t i = 0; st == NNX_OK && stack && i < len; i++)
        st = unsqueeze(c, ids[i], &axis, 1, &ids[i]);
    uint32_t ax = 0;
    if (st == NNX_OK)
        st = axis_of(c, axis, ox_desc(c, ids[0]).rank, &ax);
    if (st == NNX_OK && len == 1)
        out[0] = ids[0];
    else if (st == NNX_OK) {
        nnx_attrs a = {.axis = {ax}};
        st = ox_node(c, NNX_OP_CONCAT, ids, len, &a, 1, &out[0]);
    }
    nnx_mem_free(c->ir->alloc, ids);
    return st;
}

/* ONNX Operators, Optional: the input wrapped (a tensor or a sequence), or none. */
nnx_status nnx_onnx_op_optional(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    (void)n;
    uint32_t x = in_or_none(in, n_in, 0);
    ox_seq_kind kind;
    const uint32_t *el;
    uint32_t len;
    if (ox_seq_get(c, x, &kind, &el, &len) && kind == OX_OPTIONAL)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "an optional of an optional");
    return ox_seq_new(c, OX_OPTIONAL, &x, x == NNX_NONE ? 0 : 1, &out[0]);
}

/* ONNX Operators, OptionalHasElement: a bool scalar known at load (an absent input: false;
 * a tensor or a sequence: true). */
nnx_status nnx_onnx_op_optional_has_element(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in,
                                            uint32_t *out)
{
    (void)n;
    uint32_t x = in_or_none(in, n_in, 0);
    ox_seq_kind kind;
    const uint32_t *el;
    uint32_t len = 1;
    if (x == NNX_NONE)
        len = 0;
    else if (!ox_seq_get(c, x, &kind, &el, &len) || kind != OX_OPTIONAL)
        len = 1;
    return ox_scalar(c, NNX_BOOL, len ? 1 : 0, &out[0]);
}

/* ONNX Operators, OptionalGetElement: the value held (a tensor or sequence input is itself). */
nnx_status nnx_onnx_op_optional_get_element(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in,
                                            uint32_t *out)
{
    (void)n, (void)n_in;
    ox_seq_kind kind;
    const uint32_t *el;
    uint32_t len;
    if (!ox_seq_get(c, in[0], &kind, &el, &len) || kind != OX_OPTIONAL) {
        out[0] = in[0];
        return NNX_OK;
    }
    if (!len)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "the optional is empty");
    out[0] = el[0];
    return NNX_OK;
}
