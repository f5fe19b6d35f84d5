/* onnx_ops_label_encoder.c — ai.onnx.ml LabelEncoder (ONNX-ML Operators, LabelEncoder,
 * opsets 1, 2 and 4) computed at load time: each element of the input (a string tensor, or
 * a numeric one known at load) looked up among the keys, giving its value or the default.
 * String results stay in the side table (onnx_strings.c), numeric ones become constants. */
#include "formats/onnx/onnx_build.h"

#include "base/alloc.h"
#include "ir/elem.h"

#include <math.h>
#include <stdio.h>

/* One key or value: a string, or a number (as double and int64). */
typedef struct lv {
    const char *s;
    uint32_t len;
    double f;
    int64_t i;
} lv;

/* A column of keys or values: strings, or numbers of type dt. */
typedef struct col {
    bool str;
    nnx_dtype dt;
    size_t n;
    lv *v;
    void *data; /* a decoded tensor attribute's bytes, freed with the column */
} col;

static void col_free(ox *c, col *k)
{
    nnx_mem_free(c->ir->alloc, k->v);
    if (k->data)
        nnx_mem_free_aligned(c->ir->alloc, k->data);
    memset(k, 0, sizeof *k);
}

static nnx_status col_alloc(ox *c, col *k, size_t n)
{
    k->n = n;
    k->v = ox_calloc(c, n + 1, sizeof *k->v);
    return k->v ? NNX_OK : c->nerr.status;
}

/* The column an attribute holds: <base>_strings, <base>_int64s, <base>_floats (opset >= 2;
 * opset 1's classes_strings is read by the caller) or <base>_tensor (opset 4); false if
 * none is present. */
static nnx_status col_read(ox *c, const Onnx__NodeProto *n, const char *base, col *k, bool *found)
{
    char name[32];
    const Onnx__AttributeProto *a;
    memset(k, 0, sizeof *k);
    *found = true;
    snprintf(name, sizeof name, "%s_strings", base);
    if ((a = ox_attr(n, name)) && a->n_strings) {
        k->str = true;
        CHECK(col_alloc(c, k, a->n_strings));
        for (size_t j = 0; j < a->n_strings; j++)
            k->v[j] = (lv){(const char *)a->strings[j].data, (uint32_t)a->strings[j].len, 0, 0};
        return NNX_OK;
    }
    snprintf(name, sizeof name, "%s_int64s", base);
    if ((a = ox_attr(n, name)) && a->n_ints) {
        k->dt = NNX_INT64;
        CHECK(col_alloc(c, k, a->n_ints));
        for (size_t j = 0; j < a->n_ints; j++)
            k->v[j] = (lv){NULL, 0, (double)a->ints[j], a->ints[j]};
        return NNX_OK;
    }
    snprintf(name, sizeof name, "%s_floats", base);
    if ((a = ox_attr(n, name)) && a->n_floats) {
        k->dt = NNX_FLOAT32;
        CHECK(col_alloc(c, k, a->n_floats));
        for (size_t j = 0; j < a->n_floats; j++)
            k->v[j] = (lv){NULL, 0, a->floats[j], ox_f2i(a->floats[j])};
        return NNX_OK;
    }
    snprintf(name, sizeof name, "%s_tensor", base);
    if (c->ml_opset >= 4 && (a = ox_attr(n, name)) && a->t) {
        const Onnx__TensorProto *t = a->t;
        if (t->data_type == 8) { /* STRING */
            k->str = true;
            CHECK(col_alloc(c, k, t->n_string_data));
            for (size_t j = 0; j < t->n_string_data; j++)
                k->v[j] = (lv){(const char *)t->string_data[j].data, (uint32_t)t->string_data[j].len, 0, 0};
            return NNX_OK;
        }
        nnx_operand_desc d;
        nnx_error e = {0};
        nnx_status st = nnx_onnx_tensor_decode(t, c->dir, c->ir->alloc, &d, &k->data, &e);
        if (st != NNX_OK)
            return ox_fail(c, st, "%s: %s", name, e.message);
        uint64_t count;
        nnx_desc_elements(&d, &count);
        if (count > OX_MAX_STRINGS)
            return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "%s has more than %u elements", name, OX_MAX_STRINGS);
        k->dt = d.dtype;
        CHECK(col_alloc(c, k, (size_t)count));
        for (size_t j = 0; j < count; j++)
            k->v[j] = (lv){NULL, 0, nnx_load_f(d.dtype, k->data, j), nnx_load_i(d.dtype, k->data, j)};
        return NNX_OK;
    }
    *found = false;
    return NNX_OK;
}

static bool same(const col *k, const lv *a, const lv *b)
{
    if (k->str)
        return a->len == b->len && memcmp(a->s, b->s, a->len) == 0;
    if (nnx_dtype_is_float(k->dt))
        return a->f == b->f || (isnan(a->f) && isnan(b->f)); /* a NaN key matches NaN (opset 4) */
    return a->i == b->i;
}

/* The default value for values of v's kind: default_tensor's first element (opset 4), else
 * default_string / default_int64 / default_float, whose defaults are "_Unused", -1, -0.0. */
static nnx_status default_of(ox *c, const Onnx__NodeProto *n, const col *v, lv *def, col *holder)
{
    const Onnx__AttributeProto *a = c->ml_opset >= 4 ? ox_attr(n, "default_tensor") : NULL;
    memset(holder, 0, sizeof *holder);
    if (a && a->t) {
        bool found;
        CHECK(col_read(c, n, "default", holder, &found));
        if (!holder->n || holder->str != v->str)
            return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "default_tensor must hold one value of the values' type");
        *def = holder->v[0];
        return NNX_OK;
    }
    if (v->str) {
        const Onnx__AttributeProto *s = ox_attr(n, "default_string");
        *def = s && s->has_s ? (lv){(const char *)s->s.data, (uint32_t)s->s.len, 0, 0} : (lv){"_Unused", 7, 0, 0};
    } else if (nnx_dtype_is_float(v->dt)) {
        double f = ox_attr(n, "default_float") ? ox_attr_f(n, "default_float", 0) : -0.0;
        *def = (lv){NULL, 0, f, ox_f2i(f)};
    } else {
        int64_t i = ox_attr_i(n, "default_int64", -1);
        *def = (lv){NULL, 0, (double)i, i};
    }
    return NNX_OK;
}

/* Keys and values: opset 1's classes_strings (strings to their indices for a string input,
 * indices to strings for an int64 one), else the keys_* and values_* attributes. */
static nnx_status columns(ox *c, const Onnx__NodeProto *n, bool str_input, col *keys, col *vals)
{
    const Onnx__AttributeProto *cl = ox_attr(n, "classes_strings");
    if (c->ml_opset < 2 && cl) {
        col *s = str_input ? keys : vals, *i = str_input ? vals : keys;
        memset(keys, 0, sizeof *keys);
        memset(vals, 0, sizeof *vals);
        s->str = true;
        i->dt = NNX_INT64;
        CHECK(col_alloc(c, s, cl->n_strings));
        CHECK(col_alloc(c, i, cl->n_strings));
        for (size_t j = 0; j < cl->n_strings; j++) {
            s->v[j] = (lv){(const char *)cl->strings[j].data, (uint32_t)cl->strings[j].len, 0, 0};
            i->v[j] = (lv){NULL, 0, (double)j, (int64_t)j};
        }
        return NNX_OK;
    }
    bool fk, fv;
    CHECK(col_read(c, n, "keys", keys, &fk));
    CHECK(col_read(c, n, "values", vals, &fv));
    if (!fk || !fv)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "keys and values are required (keys_* and values_* attributes)");
    if (keys->n != vals->n)
        return ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "%zu keys but %zu values", keys->n, vals->n);
    return NNX_OK;
}

nnx_status nnx_onnx_op_label_encoder(ox *c, const Onnx__NodeProto *n, const uint32_t *in, uint32_t n_in, uint32_t *out)
{
    if (c->ml_opset < 1 || c->ml_opset == 3 || c->ml_opset > 4)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "LabelEncoder of ai.onnx.ml opset %lld (1, 2 and 4 are read)",
                       (long long)c->ml_opset);
    const ox_strt *xs = ox_str_get(c, in[0]);
    const void *xd = xs ? NULL : ox_known(c, in[0]);
    if (!xs && !xd)
        return ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "the input must be known when the model is loaded");
    nnx_operand_desc d = xs ? (nnx_operand_desc){0} : ox_desc(c, in[0]);
    if (xs) {
        d.rank = xs->rank;
        memcpy(d.shape, xs->shape, sizeof xs->shape);
    }
    uint64_t count = 1; /* within OX_MAX_STRINGS, or the IR's bound for a known tensor */
    for (uint32_t i = 0; i < d.rank; i++)
        count *= d.shape[i];
    col keys, vals, holder = {0};
    memset(&keys, 0, sizeof keys);
    memset(&vals, 0, sizeof vals);
    nnx_status st = columns(c, n, xs != NULL, &keys, &vals);
    lv def;
    if (st == NNX_OK)
        st = default_of(c, n, &vals, &def, &holder);
    if (st == NNX_OK && keys.str != (xs != NULL))
        st = ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "the keys and the input are not of one kind (strings, numbers)");
    const lv **pick = st == NNX_OK ? ox_calloc(c, (size_t)count + 1, sizeof *pick) : NULL;
    if (st == NNX_OK && !pick)
        st = c->nerr.status;
    for (uint64_t e = 0; st == NNX_OK && e < count; e++) {
        lv x = xs ? (lv){xs->s[e], xs->len[e], 0, 0}
                  : (lv){NULL, 0, nnx_load_f(d.dtype, xd, e), nnx_load_i(d.dtype, xd, e)};
        pick[e] = &def;
        for (size_t j = 0; j < keys.n; j++)
            if (same(&keys, &keys.v[j], &x)) {
                pick[e] = &vals.v[j];
                break;
            }
    }
    if (st == NNX_OK && vals.str) {
        const char **s = ox_calloc(c, (size_t)count + 1, sizeof *s);
        uint32_t *len = s ? ox_calloc(c, (size_t)count + 1, sizeof *len) : NULL;
        st = len ? NNX_OK : c->nerr.status;
        for (uint64_t e = 0; st == NNX_OK && e < count; e++) {
            s[e] = pick[e]->s;
            len[e] = pick[e]->len;
        }
        if (st == NNX_OK)
            st = ox_str_new(c, d.rank, d.shape, s, len, &out[0]);
        nnx_mem_free(c->ir->alloc, s);
        nnx_mem_free(c->ir->alloc, len);
    } else if (st == NNX_OK) {
        nnx_operand_desc yd = d;
        yd.dtype = vals.dt;
        void *y = ox_calloc(c, (size_t)count + 1, nnx_dtype_size(vals.dt) ? nnx_dtype_size(vals.dt) : 1);
        st = y ? NNX_OK : c->nerr.status;
        for (uint64_t e = 0; st == NNX_OK && e < count; e++) {
            if (nnx_dtype_is_float(vals.dt))
                nnx_store_f(vals.dt, y, e, pick[e]->f);
            else
                nnx_store_i(vals.dt, y, e, pick[e]->i);
        }
        if (st == NNX_OK)
            st = ox_const(c, &yd, y, &out[0]);
        nnx_mem_free(c->ir->alloc, y);
    }
    nnx_mem_free(c->ir->alloc, pick);
    col_free(c, &keys);
    col_free(c, &vals);
    col_free(c, &holder);
    return st;
}
