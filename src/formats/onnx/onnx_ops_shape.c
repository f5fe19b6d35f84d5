/* onnx_ops_shape.c — ONNX constants, shape operators and data movement on core IR:
 * Constant, Shape, Size, ConstantOfShape, Range, EyeLike, Reshape, Flatten, Squeeze,
 * Unsqueeze, Transpose, BitCast, Concat, Split, Slice (negative steps through reverse),
 * Gather*, Scatter*, Pad (wrap as a slice of tiles), CenterCropPad, Tile, Expand, CumSum / CumProd,
 * Trilu, DepthToSpace / SpaceToDepth, OneHot. */
#include "formats/onnx/onnx_build.h"

#include <math.h>
#include <stdio.h>

/* ---------------------------------------------------------------- constants and shapes */

static nnx_status const_ints(ox *c, nnx_dtype dt, const int64_t *v, uint32_t count, bool vector, uint32_t *id)
{
    nnx_operand_desc d = {dt, vector ? 1 : 0, {count}};
    size_t es = nnx_dtype_size(dt);
    uint8_t buf[8 * 64];
    if (count > 64)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "too many values");
    for (uint32_t i = 0; i < count; i++) {
        if (dt == NNX_INT64)
            memcpy(buf + 8 * i, &v[i], 8);
        else {
            int32_t x = (int32_t)v[i];
            memcpy(buf + es * i, &x, 4);
        }
    }
    return ox_const(c, &d, buf, id);
}

nnx_status nnx_onnx_op_constant(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    const Onnx__AttributeProto *a;
    if ((a = ox_attr(n, "value")) && a->t && a->t->data_type == 8) /* STRING: a load-time string tensor */
        return ox_str_from_proto(c, a->t, &out[0]);
    if ((a = ox_attr(n, "value_string")) && a->has_s) {
        const char *s = (const char *)a->s.data;
        uint32_t len = (uint32_t)(a->s.len < OX_MAX_STRING_LEN ? a->s.len : OX_MAX_STRING_LEN + 1);
        return ox_str_new(c, 0, NULL, &s, &len, &out[0]);
    }
    if ((a = ox_attr(n, "value_strings"))) {
        uint32_t len[64], k = (uint32_t)a->n_strings;
        const char *s[64];
        if (k > 64)
            return unsupported(c, "%s: value_strings of more than 64 strings", "Constant");
        for (uint32_t i = 0; i < k; i++) {
            s[i] = (const char *)a->strings[i].data;
            len[i] = (uint32_t)(a->strings[i].len < OX_MAX_STRING_LEN ? a->strings[i].len : OX_MAX_STRING_LEN + 1);
        }
        return ox_str_new(c, 1, &k, s, len, &out[0]);
    }
    if ((a = ox_attr(n, "value")) && a->t) {
        nnx_operand_desc d;
        void *data;
        nnx_error e = {0};
        nnx_status st = nnx_onnx_tensor_decode(a->t, c->dir, c->ir->alloc, &d, &data, &e);
        if (st != NNX_OK)
            return ox_fail(c, st, "%s", e.message);
        st = ox_const(c, &d, data, &out[0]);
        nnx_mem_free_aligned(c->ir->alloc, data);
        return st;
    }
    if ((a = ox_attr(n, "value_float")))
        return ox_scalar(c, NNX_FLOAT32, a->f, &out[0]);
    if ((a = ox_attr(n, "value_int")))
        return ox_scalar(c, NNX_INT64, (double)a->i, &out[0]);
    if ((a = ox_attr(n, "value_floats"))) {
        nnx_operand_desc d = {NNX_FLOAT32, 1, {(uint32_t)a->n_floats}};
        return ox_const(c, &d, a->floats, &out[0]);
    }
    if ((a = ox_attr(n, "value_ints"))) {
        nnx_operand_desc d = {NNX_INT64, 1, {(uint32_t)a->n_ints}};
        return ox_const(c, &d, a->ints, &out[0]);
    }
    return unsupported(c, "%s: only value, value_float(s), value_int(s) and value_string(s) are supported", "Constant");
}

nnx_status nnx_onnx_op_shape(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    nnx_operand_desc d = ox_desc(c, in[0]);
    int64_t r = d.rank, start = ox_attr_i(n, "start", 0), end = ox_attr_i(n, "end", r);
    if (start < 0)
        start += r;
    if (end < 0)
        end += r;
    start = start < 0 ? 0 : start > r ? r : start;
    end = end < 0 ? 0 : end > r ? r : end;
    int64_t v[NNX_MAX_RANK];
    uint32_t k = 0;
    for (int64_t i = start; i < end; i++)
        v[k++] = d.shape[i];
    if (!k) { /* an empty shape: the int64 tensor [0] */
        nnx_operand_desc e = {NNX_INT64, 1, {0}};
        return ox_const(c, &e, v, &out[0]);
    }
    return const_ints(c, NNX_INT64, v, k, true, &out[0]);
}

nnx_status nnx_onnx_op_size(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    nnx_operand_desc d = ox_desc(c, in[0]);
    uint64_t count;
    nnx_desc_elements(&d, &count);
    int64_t v = (int64_t)count;
    return const_ints(c, NNX_INT64, &v, 1, false, &out[0]);
}

/* A shape from a known int tensor: values in [1, 2^32). */
static nnx_status shape_input(ox *c, uint32_t id, const char *what, uint32_t *rank, int64_t *v)
{
    CHECK(ox_ints(c, id, what, v, NNX_MAX_RANK, rank));
    if (ox_desc(c, id).rank != 1)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "%s must be 1-D", what);
    return NNX_OK;
}

nnx_status nnx_onnx_op_constant_of_shape(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in,
                                         uint32_t *out)
{
    int64_t v[NNX_MAX_RANK];
    uint32_t rank;
    CHECK(shape_input(c, in[0], "shape", &rank, v));
    nnx_operand_desc d = {NNX_FLOAT32, rank, {0}};
    uint8_t value[8] = {0};
    const Onnx__AttributeProto *a = ox_attr(n, "value");
    if (a && a->t) {
        nnx_operand_desc vd;
        void *data;
        nnx_error e = {0};
        nnx_status st = nnx_onnx_tensor_decode(a->t, NULL, c->ir->alloc, &vd, &data, &e);
        if (st != NNX_OK)
            return ox_fail(c, st, "%s", e.message);
        d.dtype = vd.dtype;
        memcpy(value, data, nnx_dtype_size(vd.dtype));
        nnx_mem_free_aligned(c->ir->alloc, data);
    }
    for (uint32_t i = 0; i < rank; i++) {
        if (v[i] < 0 || v[i] > UINT32_MAX)
            return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "dimension %lld is out of range", (long long)v[i]);
        d.shape[i] = (uint32_t)v[i];
    }
    /* the one tensor a few bytes of file can make as large as it likes: the elements limit
     * first, then the bytes (not ox_alloc's scratch cap: the limit is the user's to raise) */
    CHECK(ox_elements(c, &d, "the constant"));
    size_t bytes, es = nnx_dtype_size(d.dtype);
    if (!nnx_desc_bytes(&d, &bytes))
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "the tensor is too large");
    uint8_t *p = nnx_mem_alloc_aligned(c->ir->alloc, bytes ? bytes : 1);
    if (!p)
        return ox_oom(c, "the constant", bytes ? bytes : 1);
    for (size_t i = 0; i < bytes; i += es)
        memcpy(p + i, value, es);
    nnx_status st = ox_const(c, &d, p, &out[0]);
    nnx_mem_free_aligned(c->ir->alloc, p);
    return st;
}

nnx_status nnx_onnx_op_range(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    double s, l, dl;
    uint32_t k;
    CHECK(ox_doubles(c, in[0], "start", &s, 1, &k));
    CHECK(ox_doubles(c, in[1], "limit", &l, 1, &k));
    CHECK(ox_doubles(c, in[2], "delta", &dl, 1, &k));
    nnx_dtype dt = ox_desc(c, in[0]).dtype;
    double cnt = dl != 0 ? ceil((l - s) / dl) : 0;
    if (!(cnt >= 1))
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "a range of %g elements is not supported", cnt);
    nnx_operand_desc d = {dt, 1, {cnt > UINT32_MAX ? UINT32_MAX : (uint32_t)cnt}};
    CHECK(ox_elements(c, &d, "the range"));
    if (cnt > UINT32_MAX)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "a range of %g elements is longer than a dimension may be", cnt);
    size_t bytes;
    if (!nnx_desc_bytes(&d, &bytes))
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "the range is too large");
    uint8_t *p = nnx_mem_calloc(c->ir->alloc, bytes, 1);
    if (!p)
        return ox_oom(c, "the range", bytes);
    for (uint32_t i = 0; i < (uint32_t)cnt; i++) {
        double v = s + i * dl;
        switch (dt) {
        case NNX_FLOAT32: {
            float f = (float)v;
            memcpy(p + (size_t)4 * i, &f, 4);
            break;
        }
        case NNX_FLOAT64: memcpy(p + (size_t)8 * i, &v, 8); break;
        case NNX_INT16: {
            int16_t x = (int16_t)ox_f2i(v);
            memcpy(p + (size_t)2 * i, &x, 2);
            break;
        }
        case NNX_INT32: {
            int32_t x = (int32_t)ox_f2i(v);
            memcpy(p + (size_t)4 * i, &x, 4);
            break;
        }
        case NNX_INT64: {
            int64_t x = ox_f2i(v);
            memcpy(p + (size_t)8 * i, &x, 8);
            break;
        }
        default: nnx_mem_free(c->ir->alloc, p); return unsupported(c, "Range of type %s", nnx_dtype_name(dt));
        }
    }
    nnx_status st = ox_const(c, &d, p, &out[0]);
    nnx_mem_free(c->ir->alloc, p);
    return st;
}

nnx_status nnx_onnx_op_eye_like(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    nnx_operand_desc d = ox_desc(c, in[0]);
    if (d.rank != 2)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "input must be 2-D");
    const Onnx__AttributeProto *a = ox_attr(n, "dtype");
    if (a) {
        d.dtype = nnx_onnx_dtype((int32_t)a->i);
        if (d.dtype == NNX_DTYPE_UNDEFINED)
            return unsupported(c, "%s: unsupported dtype", "EyeLike");
    }
    int64_t k = ox_attr_i(n, "k", 0);
    uint32_t one, zero;
    CHECK(ox_scalar(c, d.dtype, 1, &one));
    CHECK(ox_scalar(c, d.dtype, 0, &zero));
    CHECK(ox_elements(c, &d, "the identity matrix"));
    size_t es = nnx_dtype_size(d.dtype), bytes;
    if (!nnx_desc_bytes(&d, &bytes))
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "the identity matrix is too large");
    uint8_t *p = nnx_mem_calloc(c->ir->alloc, bytes ? bytes : 1, 1);
    if (!p)
        return ox_oom(c, "the identity matrix", bytes ? bytes : 1);
    for (int64_t i = 0; i < d.shape[0]; i++) {
        int64_t j = i + k;
        if (j >= 0 && j < d.shape[1])
            memcpy(p + ((size_t)i * d.shape[1] + (size_t)j) * es, c->ir->values[one].data, es);
    }
    nnx_status st = ox_const(c, &d, p, &out[0]);
    nnx_mem_free(c->ir->alloc, p);
    return st;
}

/* ---------------------------------------------------------------- movement */

nnx_status nnx_onnx_op_reshape(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    nnx_operand_desc d = ox_desc(c, in[0]);
    int64_t v[NNX_MAX_RANK];
    uint32_t rank;
    if (c->opset < 5) {
        size_t k;
        const int64_t *s = ox_attr_ints(n, "shape", &k);
        if (k > NNX_MAX_RANK)
            return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "rank %zu", k);
        if (s)
            memcpy(v, s, k * sizeof *v);
        rank = (uint32_t)k;
    } else
        CHECK(shape_input(c, in[1], "shape", &rank, v));
    bool allowzero = ox_attr_i(n, "allowzero", 0) != 0;
    uint32_t shape[NNX_MAX_RANK];
    uint64_t known = 1, total;
    int infer = -1;
    nnx_desc_elements(&d, &total);
    for (uint32_t i = 0; i < rank; i++) {
        int64_t x = v[i];
        if (x == 0 && !allowzero) {
            if (i >= d.rank)
                return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "shape[%u] = 0 copies a dimension the input lacks", i);
            x = d.shape[i];
        }
        if (x == -1) {
            if (infer >= 0)
                return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "shape has two -1");
            infer = (int)i;
            continue;
        }
        if (x < 0 || x > UINT32_MAX) /* 0 (allowzero): an empty tensor */
            return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "shape dimension %lld is out of range", (long long)x);
        shape[i] = (uint32_t)x;
        known *= (uint64_t)x;
    }
    if (infer >= 0) {
        if (!known || total % known)
            return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "cannot infer the -1 dimension");
        shape[infer] = (uint32_t)(total / known);
    }
    return reshape(c, in[0], rank, shape, &out[0]);
}

nnx_status nnx_onnx_op_flatten(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    nnx_operand_desc d = ox_desc(c, in[0]);
    int64_t axis = ox_attr_i(n, "axis", 1);
    if (axis < 0)
        axis += d.rank;
    if (axis < 0 || axis > d.rank)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "axis out of range");
    uint64_t a = 1, b = 1;
    for (uint32_t i = 0; i < d.rank; i++)
        *(i < axis ? &a : &b) *= d.shape[i];
    uint32_t shape[2] = {(uint32_t)a, (uint32_t)b};
    return reshape(c, in[0], 2, shape, &out[0]);
}

nnx_status nnx_onnx_op_squeeze(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    nnx_operand_desc d = ox_desc(c, in[0]);
    int64_t axes[NNX_MAX_RANK];
    uint32_t na, mask = 0;
    bool given;
    CHECK(axes_of(c, n, in, n_in, 1, 13, axes, &na, &given));
    for (uint32_t i = 0; i < na; i++) {
        uint32_t a;
        CHECK(axis_of(c, axes[i], d.rank, &a));
        if (d.shape[a] != 1)
            return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "axis %u has size %u, not 1", a, d.shape[a]);
        mask |= 1u << a;
    }
    if (!na)
        for (uint32_t i = 0; i < d.rank; i++)
            if (d.shape[i] == 1)
                mask |= 1u << i;
    uint32_t shape[NNX_MAX_RANK], r = 0;
    for (uint32_t i = 0; i < d.rank; i++)
        if (!(mask & (1u << i)))
            shape[r++] = d.shape[i];
    return reshape(c, in[0], r, shape, &out[0]);
}

nnx_status nnx_onnx_op_unsqueeze(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    int64_t axes[NNX_MAX_RANK];
    uint32_t na;
    bool given;
    CHECK(axes_of(c, n, in, n_in, 1, 13, axes, &na, &given));
    return unsqueeze(c, in[0], axes, na, &out[0]);
}

nnx_status nnx_onnx_op_transpose(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    nnx_operand_desc d = ox_desc(c, in[0]);
    size_t k;
    const int64_t *p = ox_attr_ints(n, "perm", &k);
    uint32_t perm[NNX_MAX_RANK];
    if (p && k != d.rank)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "perm has %zu items for rank %u", k, d.rank);
    for (uint32_t i = 0; i < d.rank; i++)
        perm[i] = p ? (p[i] < 0 || p[i] >= d.rank ? UINT32_MAX : (uint32_t)p[i]) : d.rank - 1 - i;
    return transpose(c, in[0], perm, &out[0]);
}

nnx_status nnx_onnx_op_concat(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    nnx_operand_desc d = ox_desc(c, in[0]);
    uint32_t axis;
    CHECK(axis_of(c, ox_attr_i(n, "axis", c->opset < 4 ? 1 : 0), d.rank, &axis));
    nnx_attrs a = {.axis = {axis}};
    if (n_in == 1) {
        out[0] = in[0];
        return NNX_OK;
    }
    return ox_node(c, NNX_OP_CONCAT, in, n_in, &a, 1, &out[0]);
}

nnx_status nnx_onnx_op_split(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    nnx_operand_desc d = ox_desc(c, in[0]);
    uint32_t axis, no = (uint32_t)n->n_output;
    CHECK(axis_of(c, ox_attr_i(n, "axis", 0), d.rank, &axis));
    int64_t sz[64];
    uint32_t k = 0;
    if (c->opset < 13) {
        size_t m;
        const int64_t *s = ox_attr_ints(n, "split", &m);
        if (m > 64)
            return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "too many splits");
        if (s)
            memcpy(sz, s, m * sizeof *s);
        k = (uint32_t)m;
    } else if (in_or_none(in, n_in, 1) != NNX_NONE)
        CHECK(ox_ints(c, in[1], "split", sz, 64, &k));
    if (!k) {
        /* in equal parts; from opset 18 (num_outputs) the last one may be smaller: parts of
         * ceil(size / outputs) */
        uint32_t len = d.shape[axis], part = no ? (uint32_t)(((uint64_t)len + no - 1) / no) : 0;
        if (no > 64)
            return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "%u outputs (at most 64)", no);
        if (!no || (len % no && (c->opset < 18 || (uint64_t)part * (no - 1) >= len)))
            return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "axis of size %u does not split %s in %u", len,
                           c->opset < 18 ? "evenly" : "into non-empty parts", no);
        for (uint32_t i = 0; i < no; i++)
            sz[i] = i + 1 < no ? part : len - (uint64_t)part * (no - 1);
        k = no;
    }
    if (k != no)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "%u split sizes for %u outputs", k, no);
    uint32_t *sizes = nnx_arena_array(&c->ir->arena, k, sizeof *sizes);
    if (!sizes)
        return ox_fail(c, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    for (uint32_t i = 0; i < k; i++) {
        if (sz[i] < 0 || sz[i] > UINT32_MAX)
            return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "split size %lld is out of range", (long long)sz[i]);
        sizes[i] = (uint32_t)sz[i];
    }
    nnx_attrs a = {.split = {.axis = axis, .sizes = sizes}};
    uint32_t first;
    CHECK(ox_node(c, NNX_OP_SPLIT, &in[0], 1, &a, k, &first));
    for (uint32_t i = 0; i < k; i++)
        out[i] = first + i;
    return NNX_OK;
}

nnx_status nnx_onnx_op_slice(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    nnx_operand_desc d = ox_desc(c, in[0]);
    int64_t starts[NNX_MAX_RANK], ends[NNX_MAX_RANK], axes[NNX_MAX_RANK], steps[NNX_MAX_RANK];
    uint32_t ns, ne, na = 0, nst = 0;
    if (c->opset < 10) {
        size_t m1, m2, m3;
        const int64_t *s = ox_attr_ints(n, "starts", &m1), *e = ox_attr_ints(n, "ends", &m2),
                      *a = ox_attr_ints(n, "axes", &m3);
        if (m1 > NNX_MAX_RANK || m2 != m1 || (a && m3 != m1))
            return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "starts, ends and axes differ in length");
        if (m1) {
            memcpy(starts, s, m1 * 8);
            memcpy(ends, e, m1 * 8);
        }
        if (a)
            memcpy(axes, a, m1 * 8);
        ns = ne = (uint32_t)m1;
        na = a ? ns : 0;
    } else {
        CHECK(ox_ints(c, in[1], "starts", starts, NNX_MAX_RANK, &ns));
        CHECK(ox_ints(c, in[2], "ends", ends, NNX_MAX_RANK, &ne));
        if (in_or_none(in, n_in, 3) != NNX_NONE)
            CHECK(ox_ints(c, in[3], "axes", axes, NNX_MAX_RANK, &na));
        if (in_or_none(in, n_in, 4) != NNX_NONE)
            CHECK(ox_ints(c, in[4], "steps", steps, NNX_MAX_RANK, &nst));
    }
    if (ne != ns || (na && na != ns) || (nst && nst != ns))
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "starts, ends, axes and steps differ in length");
    nnx_attrs a = {.slice = {.starts = {0}}};
    uint32_t rev = 0;
    for (uint32_t i = 0; i < d.rank; i++) {
        a.slice.starts[i] = 0;
        a.slice.sizes[i] = d.shape[i];
        a.slice.strides[i] = 1;
    }
    uint32_t seen = 0;
    for (uint32_t i = 0; i < ns; i++) {
        uint32_t ax;
        CHECK(axis_of(c, na ? axes[i] : (int64_t)i, d.rank, &ax));
        if (seen & (1u << ax))
            return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "axis %u repeats", ax);
        seen |= 1u << ax;
        int64_t dim = d.shape[ax], st = nst ? steps[i] : 1, s = starts[i], e = ends[i];
        if (st == 0)
            return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "step 0");
        if (st < -INT64_MAX)
            st = -INT64_MAX; /* so that -st exists */
        if (s < 0)
            s += dim;
        if (e < 0)
            e += dim;
        int64_t first, count;
        if (st > 0) {
            s = s < 0 ? 0 : s > dim ? dim : s;
            e = e < 0 ? 0 : e > dim ? dim : e;
            first = s;
            count = e - s;
        } else {
            s = s < 0 ? 0 : s > dim - 1 ? dim - 1 : s;
            e = e < -1 ? -1 : e > dim - 1 ? dim - 1 : e;
            /* on the reversed axis: index i -> dim - 1 - i */
            first = dim - 1 - s;
            count = s - e;
            rev |= 1u << ax;
            st = -st;
        }
        if (count <= 0) { /* an empty slice */
            first = count = 0;
            st = 1;
            rev &= ~(1u << ax);
        }
        a.slice.starts[ax] = (uint32_t)first;
        a.slice.sizes[ax] = (uint32_t)count;
        a.slice.strides[ax] = st > UINT32_MAX ? UINT32_MAX : (uint32_t)st;
    }
    uint32_t x = in[0];
    if (rev) {
        nnx_attrs r = {.reverse = {rev}};
        CHECK(ox_node(c, NNX_OP_REVERSE, &x, 1, &r, 1, &x));
    }
    return ox_node(c, NNX_OP_SLICE, &x, 1, &a, 1, &out[0]);
}

nnx_status nnx_onnx_op_gather(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    nnx_operand_desc d = ox_desc(c, in[0]);
    uint32_t axis;
    CHECK(axis_of(c, ox_attr_i(n, "axis", 0), d.rank, &axis));
    /* ONNX leaves an index outside [-s, s - 1] undefined and ONNX Runtime refuses it: checked,
     * not clamped (docs/decisions/onnx.md, "indices out of range"). */
    nnx_attrs a = {.index = {axis, true}};
    bool elements = strcmp(n->op_type, "GatherElements") == 0;
    return ox_node(c, elements ? NNX_OP_GATHER_ELEMENTS : NNX_OP_GATHER, in, 2, &a, 1, &out[0]);
}

nnx_status nnx_onnx_op_gather_nd(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    int64_t b = ox_attr_i(n, "batch_dims", 0);
    nnx_attrs checked = {.index = {0, true}}; /* as Gather's */
    if (b == 0)
        return ox_node(c, NNX_OP_GATHER_ND, in, 2, &checked, 1, &out[0]);
    /* batch_dims b: prepend each element's batch coordinates to its index tuple */
    nnx_operand_desc id = ox_desc(c, in[1]), dd = ox_desc(c, in[0]);
    if (b < 0 || b >= id.rank || b >= dd.rank)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "batch_dims %lld out of range", (long long)b);
    uint32_t parts[NNX_MAX_RANK + 1], np = 0, idx;
    CHECK(cast(c, in[1], NNX_INT64, &idx));
    nnx_attrs ex = {.reshape = {.rank = id.rank}};
    memcpy(ex.reshape.shape, id.shape, sizeof id.shape);
    ex.reshape.shape[id.rank - 1] = 1;
    for (uint32_t a = 0; a < (uint32_t)b; a++) {
        nnx_operand_desc cd = {NNX_INT64, id.rank, {0}};
        for (uint32_t i = 0; i < id.rank; i++)
            cd.shape[i] = i == a ? id.shape[a] : 1;
        int64_t *v = ox_alloc(c, (size_t)id.shape[a] * sizeof *v);
        if (!v)
            return ox_fail(c, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
        for (uint32_t i = 0; i < id.shape[a]; i++)
            v[i] = i;
        uint32_t k;
        nnx_status st = ox_const(c, &cd, v, &k);
        nnx_mem_free(c->ir->alloc, v);
        CHECK(st);
        CHECK(ox_node(c, NNX_OP_EXPAND, &k, 1, &ex, 1, &parts[np++]));
    }
    parts[np++] = idx;
    nnx_attrs ca = {.axis = {id.rank - 1}};
    CHECK(ox_node(c, NNX_OP_CONCAT, parts, np, &ca, 1, &idx));
    uint32_t gi[2] = {in[0], idx};
    return ox_node(c, NNX_OP_GATHER_ND, gi, 2, &checked, 1, &out[0]);
}

nnx_status nnx_onnx_op_scatter(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    char buf[32];
    const char *red = ox_attr_s(n, "reduction", "none", buf, sizeof buf);
    static const char *const reductions[] = {"add", "mul", "max", "min"}; /* nnx_scatter_reduction's order */
    for (int r = 0; r < 4; r++)
        if (strcmp(red, reductions[r]) == 0)
            return nnx_onnx_scatter_reduce(c, n, in, (nnx_scatter_reduction)r, &out[0]);
    if (strcmp(red, "none") != 0)
        return unsupported(c, "reduction '%s' is not supported", red);
    nnx_attrs a = {.index = {0, true}}; /* indices checked as Gather's */
    if (strcmp(n->op_type, "ScatterND") == 0)
        return ox_node(c, NNX_OP_SCATTER_ND, in, 3, &a, 1, &out[0]);
    nnx_operand_desc d = ox_desc(c, in[0]);
    CHECK(axis_of(c, ox_attr_i(n, "axis", 0), d.rank, &a.index.axis));
    return ox_node(c, NNX_OP_SCATTER_ELEMENTS, in, 3, &a, 1, &out[0]);
}

/* Pad mode wrap (Pad-19): element i of an axis of size n is x[(i - begin) mod n], a slice
 * of x tiled often enough to cover both paddings (negative ones crop). */
static nnx_status pad_wrap(ox *c, uint32_t x, const nnx_attr_pad *p, uint32_t *y)
{
    nnx_operand_desc d = ox_desc(c, x);
    nnx_attrs t = {.tile = {.repeats = {0}}}, s = {.slice = {.starts = {0}}};
    for (uint32_t a = 0; a < d.rank; a++) {
        int64_t n = d.shape[a], b = p->begin[a], e = p->end[a], len = n + b + e;
        int64_t qb = b > 0 ? (b + n - 1) / n : 0, qe = e > 0 ? (e + n - 1) / n : 0;
        if (n == 0 || len < 1 || len > UINT32_MAX)
            return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "wrap padding of axis %u to %lld", a, (long long)len);
        t.tile.repeats[a] = (uint32_t)(qb + 1 + qe);
        s.slice.starts[a] = (uint32_t)(qb * n - b);
        s.slice.sizes[a] = (uint32_t)len;
        s.slice.strides[a] = 1;
    }
    uint32_t tiled;
    CHECK(ox_node(c, NNX_OP_TILE, &x, 1, &t, 1, &tiled));
    return ox_node(c, NNX_OP_SLICE, &tiled, 1, &s, 1, y);
}

nnx_status nnx_onnx_op_pad(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    nnx_operand_desc d = ox_desc(c, in[0]);
    char buf[32];
    const char *mode = ox_attr_s(n, "mode", "constant", buf, sizeof buf);
    nnx_attrs a = {.pad = {.begin = {0}}};
    if (strcmp(mode, "constant") == 0)
        a.pad.mode = NNX_PAD_CONSTANT;
    else if (strcmp(mode, "edge") == 0)
        a.pad.mode = NNX_PAD_EDGE;
    else if (strcmp(mode, "reflect") == 0)
        a.pad.mode = NNX_PAD_REFLECT;
    else if (strcmp(mode, "wrap") != 0)
        return unsupported(c, "mode '%s' is not supported", mode);
    int64_t pads[2 * NNX_MAX_RANK];
    uint32_t np;
    double value = 0;
    int64_t ivalue = 0;
    if (c->opset < 11) {
        size_t m;
        const int64_t *p = ox_attr_ints(n, c->opset < 2 ? "paddings" : "pads", &m);
        if (m > 2 * NNX_MAX_RANK)
            return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "too many pads");
        if (p)
            memcpy(pads, p, m * 8);
        np = (uint32_t)m;
        value = ox_attr_f(n, "value", 0);
        ivalue = ox_f2i(value);
    } else {
        CHECK(ox_ints(c, in[1], "pads", pads, 2 * NNX_MAX_RANK, &np));
        uint32_t cv = in_or_none(in, n_in, 2), k;
        if (cv != NNX_NONE) {
            CHECK(ox_doubles(c, cv, "constant_value", &value, 1, &k));
            CHECK(ox_ints(c, cv, "constant_value", &ivalue, 1, &k));
        }
    }
    int64_t axes[NNX_MAX_RANK];
    uint32_t na = 0;
    if (in_or_none(in, n_in, 3) != NNX_NONE)
        CHECK(ox_ints(c, in[3], "axes", axes, NNX_MAX_RANK, &na));
    else {
        na = d.rank;
        for (uint32_t i = 0; i < na; i++)
            axes[i] = i;
    }
    if (np != 2 * na)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "%u pads for %u axes", np, na);
    for (uint32_t i = 0; i < na; i++) {
        uint32_t ax;
        CHECK(axis_of(c, axes[i], d.rank, &ax));
        if (pads[i] < INT32_MIN || pads[i] > INT32_MAX || pads[i + na] < INT32_MIN || pads[i + na] > INT32_MAX)
            return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "padding out of range");
        a.pad.begin[ax] = (int32_t)pads[i];
        a.pad.end[ax] = (int32_t)pads[i + na];
    }
    if (strcmp(mode, "wrap") == 0)
        return pad_wrap(c, in[0], &a.pad, &out[0]);
    switch (nnx_dtype_kind_of(d.dtype)) {
    case NNX_KIND_FLOAT: a.pad.value.f = value; break;
    case NNX_KIND_SINT: a.pad.value.i = ivalue; break;
    default: a.pad.value.u = (uint64_t)ivalue; break;
    }
    return ox_node(c, NNX_OP_PAD, &in[0], 1, &a, 1, &out[0]);
}

/* CenterCropPad (opset 18): each listed axis (all by default) cropped or zero-padded to its
 * target length around the centre; the odd element goes to the end ((size - target) / 2 and
 * (target - size) / 2 rounded down at the start, as the operator's function body). */
nnx_status nnx_onnx_op_center_crop_pad(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in,
                                       uint32_t *out)
{
    (void)n_in;
    nnx_operand_desc d = ox_desc(c, in[0]);
    int64_t target[NNX_MAX_RANK];
    uint32_t k;
    CHECK(ox_ints(c, in[1], "shape", target, NNX_MAX_RANK, &k));
    size_t na;
    const int64_t *axes = ox_attr_ints(n, "axes", &na);
    if (!axes)
        na = d.rank;
    if (na != k)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "%u target lengths for %zu axes", k, na);
    nnx_attrs sl = {.slice = {.starts = {0}}}, pd = {.pad = {.mode = NNX_PAD_CONSTANT}};
    for (uint32_t i = 0; i < d.rank; i++)
        sl.slice.sizes[i] = d.shape[i], sl.slice.strides[i] = 1;
    bool crop = false, pad = false;
    for (uint32_t i = 0; i < k; i++) {
        uint32_t a;
        CHECK(axis_of(c, axes ? axes[i] : (int64_t)i, d.rank, &a));
        int64_t size = d.shape[a], t = target[i];
        if (t < 1 || t > INT32_MAX)
            return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "target length %lld on axis %u", (long long)t, a);
        if (t < size) {
            sl.slice.starts[a] = (uint32_t)((size - t) / 2);
            sl.slice.sizes[a] = (uint32_t)t;
            crop = true;
        } else if (t > size) {
            pd.pad.begin[a] = (int32_t)((t - size) / 2);
            pd.pad.end[a] = (int32_t)(t - size - (t - size) / 2);
            pad = true;
        }
    }
    uint32_t y = in[0];
    if (crop)
        CHECK(ox_node(c, NNX_OP_SLICE, &y, 1, &sl, 1, &y));
    if (pad)
        CHECK(ox_node(c, NNX_OP_PAD, &y, 1, &pd, 1, &y));
    out[0] = y; /* unchanged: the input itself, as Identity */
    return NNX_OK;
}

/* BitCast (opset 26): the elements' bytes as type `to` (core bitcast). */
nnx_status nnx_onnx_op_bitcast(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    (void)n_in;
    int64_t t = ox_attr_i(n, "to", 0);
    nnx_dtype to = nnx_onnx_dtype((int32_t)t);
    if (to == NNX_DTYPE_UNDEFINED)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "BitCast to ONNX data type %lld", (long long)t);
    if (ox_desc(c, in[0]).dtype == to) {
        out[0] = in[0];
        return NNX_OK;
    }
    nnx_attrs a = {.cast = {.to = to}};
    return ox_node(c, NNX_OP_BITCAST, &in[0], 1, &a, 1, &out[0]);
}

nnx_status nnx_onnx_op_tile(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    nnx_operand_desc d = ox_desc(c, in[0]);
    int64_t r[NNX_MAX_RANK];
    uint32_t k;
    CHECK(ox_ints(c, in[1], "repeats", r, NNX_MAX_RANK, &k));
    if (k != d.rank)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "%u repeats for rank %u", k, d.rank);
    nnx_attrs a = {.tile = {.repeats = {0}}};
    for (uint32_t i = 0; i < k; i++) {
        if (r[i] < 1 || r[i] > UINT32_MAX)
            return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "repeat %lld is not supported", (long long)r[i]);
        a.tile.repeats[i] = (uint32_t)r[i];
    }
    return ox_node(c, NNX_OP_TILE, &in[0], 1, &a, 1, &out[0]);
}

/* Expand: the output shape is the bidirectional broadcast of the input's and the given. */
nnx_status nnx_onnx_op_expand(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    nnx_operand_desc d = ox_desc(c, in[0]);
    int64_t s[NNX_MAX_RANK];
    uint32_t k;
    CHECK(shape_input(c, in[1], "shape", &k, s));
    uint32_t r = k > d.rank ? k : d.rank;
    nnx_attrs a = {.reshape = {.rank = r}};
    for (uint32_t i = 0; i < r; i++) {
        int64_t x = i + d.rank >= r ? d.shape[i + d.rank - r] : 1;
        int64_t y = i + k >= r ? s[i + k - r] : 1;
        if (x != y && x != 1 && y != 1)
            return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "shapes do not broadcast on axis %u", i);
        int64_t z = x == 1 ? y : x; /* 0 against 1 is 0: an empty result */
        if (z < 0 || z > UINT32_MAX)
            return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "dimension %lld is not supported", (long long)z);
        a.reshape.shape[i] = (uint32_t)z;
    }
    return ox_node(c, NNX_OP_EXPAND, &in[0], 1, &a, 1, &out[0]);
}

nnx_status nnx_onnx_op_cumsum(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    nnx_operand_desc d = ox_desc(c, in[0]);
    int64_t ax;
    uint32_t k, axis;
    CHECK(ox_ints(c, in[1], "axis", &ax, 1, &k));
    CHECK(axis_of(c, ax, d.rank, &axis));
    nnx_attrs a = {.cumsum = {.axis = axis,
                              .exclusive = ox_attr_i(n, "exclusive", 0) != 0,
                              .reversed = ox_attr_i(n, "reverse", 0) != 0}};
    nnx_op op = strcmp(n->op_type, "CumProd") == 0 ? NNX_OP_CUMULATIVE_PRODUCT : NNX_OP_CUMULATIVE_SUM;
    return ox_node(c, op, &in[0], 1, &a, 1, &out[0]);
}

nnx_status nnx_onnx_op_trilu(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    int64_t k = 0;
    uint32_t m;
    if (in_or_none(in, n_in, 1) != NNX_NONE)
        CHECK(ox_ints(c, in[1], "k", &k, 1, &m));
    if (k < INT32_MIN || k > INT32_MAX)
        k = k < 0 ? INT32_MIN : INT32_MAX;
    nnx_attrs a = {.triangular = {.upper = ox_attr_i(n, "upper", 1) != 0, .diagonal = (int32_t)k}};
    return ox_node(c, NNX_OP_TRIANGULAR, &in[0], 1, &a, 1, &out[0]);
}

/* DepthToSpace / SpaceToDepth: reshape, transpose, reshape. */
nnx_status nnx_onnx_op_depth_space(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    nnx_operand_desc d = ox_desc(c, in[0]);
    int64_t b = ox_attr_i(n, "blocksize", 0);
    if (d.rank != 4 || b < 1 || b > 65535)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "needs a 4-D input and a blocksize >= 1");
    uint32_t B = (uint32_t)b, N = d.shape[0], C = d.shape[1], H = d.shape[2], W = d.shape[3], x;
    if (strcmp(n->op_type, "DepthToSpace") == 0) {
        if (C % (B * B))
            return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "channels not divisible by blocksize^2");
        char buf[8];
        bool crd = strcmp(ox_attr_s(n, "mode", "DCR", buf, sizeof buf), "CRD") == 0;
        uint32_t s1[6] = {N, B, B, C / (B * B), H, W}, p1[6] = {0, 3, 4, 1, 5, 2};
        uint32_t s2[6] = {N, C / (B * B), B, B, H, W}, p2[6] = {0, 1, 4, 2, 5, 3};
        uint32_t fin[4] = {N, C / (B * B), H * B, W * B};
        CHECK(reshape(c, in[0], 6, crd ? s2 : s1, &x));
        CHECK(transpose(c, x, crd ? p2 : p1, &x));
        return reshape(c, x, 4, fin, &out[0]);
    }
    if (H % B || W % B)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "spatial size not divisible by blocksize");
    uint32_t s[6] = {N, C, H / B, B, W / B, B}, p[6] = {0, 3, 5, 1, 2, 4}, fin[4] = {N, C * B * B, H / B, W / B};
    CHECK(reshape(c, in[0], 6, s, &x));
    CHECK(transpose(c, x, p, &x));
    return reshape(c, x, 4, fin, &out[0]);
}

/* OneHot: where(indices (made non-negative) == arange(depth) along axis, on, off). */
nnx_status nnx_onnx_op_one_hot(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    nnx_operand_desc d = ox_desc(c, in[0]);
    double depth;
    uint32_t k, axis;
    CHECK(ox_doubles(c, in[1], "depth", &depth, 1, &k));
    if (!(depth >= 1) || depth > (1 << 24))
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "depth %g is not supported", depth);
    CHECK(axis_of(c, ox_attr_i(n, "axis", -1), d.rank + 1, &axis));
    uint32_t D = (uint32_t)depth, idx, zero, dep, neg, fixed, r, eq, on, off, w[3];
    CHECK(cast(c, in[0], NNX_INT64, &idx));
    CHECK(ox_scalar(c, NNX_INT64, 0, &zero));
    CHECK(ox_scalar(c, NNX_INT64, D, &dep));
    CHECK(bin(c, NNX_OP_LESS, idx, zero, &neg));
    CHECK(bin(c, NNX_OP_ADD, idx, dep, &fixed));
    w[0] = neg, w[1] = fixed, w[2] = idx;
    CHECK(ox_node(c, NNX_OP_WHERE, w, 3, NULL, 1, &idx));
    int64_t ax = axis;
    CHECK(unsqueeze(c, idx, &ax, 1, &idx));
    nnx_operand_desc rd = {NNX_INT64, d.rank + 1, {0}};
    for (uint32_t i = 0; i < rd.rank; i++)
        rd.shape[i] = i == axis ? D : 1;
    int64_t *seq = ox_alloc(c, D * sizeof *seq);
    if (!seq)
        return ox_fail(c, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    for (uint32_t i = 0; i < D; i++)
        seq[i] = i;
    nnx_status st = ox_const(c, &rd, seq, &r);
    nnx_mem_free(c->ir->alloc, seq);
    CHECK(st);
    CHECK(bin(c, NNX_OP_EQUAL, idx, r, &eq));
    /* values = [off, on] */
    nnx_operand_desc vd = ox_desc(c, in[2]);
    uint32_t sl_off, sl_on;
    nnx_attrs a = {.slice = {.starts = {0}, .sizes = {1}, .strides = {1}}};
    CHECK(ox_node(c, NNX_OP_SLICE, &in[2], 1, &a, 1, &sl_off));
    a.slice.starts[0] = 1;
    CHECK(ox_node(c, NNX_OP_SLICE, &in[2], 1, &a, 1, &sl_on));
    uint32_t none = 0;
    CHECK(reshape(c, sl_off, 0, &none, &off));
    CHECK(reshape(c, sl_on, 0, &none, &on));
    (void)vd;
    w[0] = eq, w[1] = on, w[2] = off;
    return ox_node(c, NNX_OP_WHERE, w, 3, NULL, 1, &out[0]);
}
