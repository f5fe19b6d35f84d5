/* tosa_attrs.c — the keyword arguments of nnx.tosa.Session's operator methods: one table maps
 * each keyword (the spec's attribute name in snake_case, TOSA 1.0 §2.3–2.18 "Arguments") to
 * the nnx_tosa_attrs field it sets and how its Python value converts. Every operator method
 * parses its keywords here, against the list of the keywords its operator has. */
#include "tosa_session.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

typedef enum kind {
    K_INT32,  /* an int32_t field */
    K_BOOL,   /* a bool field */
    K_DTYPE,  /* an nnx_dtype field */
    K_INTS,   /* a fixed-length int32_t array field: n items (n3 for CONV3D) */
    K_PERMS,  /* TRANSPOSE perms: rank items */
    K_NAN,    /* nan_propagation_t */
    K_ROUND,  /* rounding_t */
    K_MODE,   /* resize_mode_t */
    K_NUMBER, /* an nnx_number field (CLAMP bounds, in the input's type) */
    K_VALUES, /* CONST / VARIABLE values (an array); CONST_SHAPE values (ints) */
    K_SHAPE,  /* VARIABLE / VARIABLE_READ var_shape */
    K_TYPE,   /* VARIABLE / VARIABLE_READ type */
    K_STR,    /* a const char * field (CUSTOM, label) */
    K_GRAPH,  /* a Python callable: n is the slot (0 then/cond, 1 else/body) */
    K_COUNT   /* n_outputs */
} kind;

typedef struct kw_def {
    const char *name;
    kind kind;
    size_t offset; /* into nnx_tosa_attrs, for the kinds that have one field */
    uint32_t n, n3;
    const char *type, *dflt; /* for docstrings and stubs; dflt NULL: None when optional */
} kw_def;

#define AT(field) offsetof(nnx_tosa_attrs, field)
static const kw_def defs[] = {
    {"axis", K_INT32, AT(axis), 0, 0, "int", NULL},
    {"nan_mode", K_NAN, 0, 0, 0, "str", "'PROPAGATE'"},
    {"acc_type", K_DTYPE, AT(acc_type), 0, 0, "DTypeLike", NULL},
    {"out_type", K_DTYPE, AT(out_type), 0, 0, "DTypeLike", NULL},
    {"kernel", K_INTS, AT(kernel), 2, 2, "Sequence[int]", NULL},
    {"stride", K_INTS, AT(stride), 2, 3, "Sequence[int]", NULL},
    {"dilation", K_INTS, AT(dilation), 2, 3, "Sequence[int]", NULL},
    {"pad", K_INTS, AT(pad), 4, 6, "Sequence[int]", NULL},
    {"out_pad", K_INTS, AT(out_pad), 4, 4, "Sequence[int]", NULL},
    {"local_bound", K_BOOL, AT(local_bound), 0, 0, "bool", "False"},
    {"inverse", K_BOOL, AT(inverse), 0, 0, "bool", "False"},
    {"round", K_BOOL, AT(round), 0, 0, "bool", "False"},
    {"scale32", K_BOOL, AT(scale32), 0, 0, "bool", "False"},
    {"per_channel", K_BOOL, AT(per_channel), 0, 0, "bool", "False"},
    {"input_unsigned", K_BOOL, AT(input_unsigned), 0, 0, "bool", "False"},
    {"output_unsigned", K_BOOL, AT(output_unsigned), 0, 0, "bool", "False"},
    {"rounding_mode", K_ROUND, 0, 0, 0, "str", "'SINGLE_ROUND'"},
    {"mode", K_MODE, 0, 0, 0, "str", "'NEAREST'"},
    {"perms", K_PERMS, 0, 0, 0, "Sequence[int]", NULL},
    {"min_val", K_NUMBER, AT(min_val), 0, 0, "float", NULL},
    {"max_val", K_NUMBER, AT(max_val), 0, 0, "float", NULL},
    {"values", K_VALUES, 0, 0, 0, "ArrayLike", NULL},
    {"initial_value", K_VALUES, 0, 0, 0, "ArrayLike", NULL},
    {"uid", K_INT32, AT(uid), 0, 0, "int", NULL},
    {"var_shape", K_SHAPE, 0, 0, 0, "Sequence[int]", NULL},
    {"type", K_TYPE, 0, 0, 0, "DTypeLike", NULL},
    {"then_graph", K_GRAPH, 0, 0, 0, "SubGraph", NULL},
    {"else_graph", K_GRAPH, 0, 1, 0, "SubGraph", NULL},
    {"cond_graph", K_GRAPH, 0, 0, 0, "SubGraph", NULL},
    {"body_graph", K_GRAPH, 0, 1, 0, "SubGraph", NULL},
    {"operator_name", K_STR, AT(operator_name), 0, 0, "str", "''"},
    {"domain_name", K_STR, AT(domain_name), 0, 0, "str", "''"},
    {"implementation_attrs", K_STR, AT(implementation_attrs), 0, 0, "str", "''"},
    {"n_outputs", K_COUNT, 0, 0, 0, "int", "1"},
    {"label", K_STR, AT(label), 0, 0, "str", NULL},
};
#undef AT

static const kw_def *find(const char *name, size_t len)
{
    for (size_t i = 0; i < sizeof defs / sizeof *defs; i++)
        if (strlen(defs[i].name) == len && strncmp(defs[i].name, name, len) == 0)
            return &defs[i];
    return NULL;
}

const char *pynnx_tosa_kw_doc(const char *name, bool required, char *buf, size_t size)
{
    const kw_def *d = find(name, strlen(name));
    if (!d)
        return NULL;
    if (required)
        snprintf(buf, size, "%s: %s", name, d->type);
    else
        snprintf(buf, size, "%s: %s%s = %s", name, d->type, d->dflt ? "" : " | None", d->dflt ? d->dflt : "None");
    return buf;
}

/* Whether `name` is a word of allowed (words separated by spaces, '!' suffixes ignored). */
static bool allowed_has(const char *allowed, const char *name)
{
    size_t len = strlen(name);
    for (const char *p = allowed; *p;) {
        while (*p == ' ')
            p++;
        size_t n = strcspn(p, " !");
        if (n == len && strncmp(p, name, len) == 0)
            return true;
        p += n;
        while (*p == '!')
            p++;
    }
    return false;
}

/* ---------------------------------------------------------------- conversions */

static bool to_int64(PyObject *v, int64_t lo, int64_t hi, const char *method, const char *name, int64_t *out)
{
    PyObject *i = PyBool_Check(v) ? NULL : PyNumber_Index(v);
    if (!i) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "%s(): %s must be an int, not %R", method, name, PYNNX_TYPE_OF(v));
        return false;
    }
    int overflow = 0;
    long long x = PyLong_AsLongLongAndOverflow(i, &overflow);
    Py_DECREF(i);
    if (x == -1 && PyErr_Occurred())
        return false;
    if (overflow || x < lo || x > hi) {
        PyErr_Format(PyExc_ValueError, "%s(): %s is %R, outside %lld..%lld", method, name, v, (long long)lo,
                     (long long)hi);
        return false;
    }
    *out = x;
    return true;
}

/* A sequence of ints into out[0..*n) (at most max items; want: the exact count, or -1). */
static bool to_ints(PyObject *v, int64_t lo, int64_t hi, long want, uint32_t max, const char *method, const char *name,
                    int64_t *out, uint32_t *n)
{
    Py_ssize_t len = PyUnicode_Check(v) || PyBytes_Check(v) ? -1 : PySequence_Size(v);
    if (len < 0) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "%s(): %s must be a sequence of ints, not %R", method, name, PYNNX_TYPE_OF(v));
        return false;
    }
    if ((want >= 0 && len != want) || (size_t)len > max) {
        if (want >= 0)
            PyErr_Format(PyExc_ValueError, "%s(): %s takes %ld values, %zd were given", method, name, want, len);
        else
            PyErr_Format(PyExc_ValueError, "%s(): %s takes at most %u values, %zd were given", method, name, max, len);
        return false;
    }
    for (Py_ssize_t i = 0; i < len; i++) {
        PyObject *item = PySequence_GetItem(v, i);
        bool ok = item && to_int64(item, lo, hi, method, name, &out[i]);
        Py_XDECREF(item);
        if (!ok)
            return false;
    }
    *n = (uint32_t)len;
    return true;
}

/* One of names (case-insensitive) as 1 + its index. */
static bool to_enum(PyObject *v, const char *const *names, int count, const char *method, const char *name, int *out)
{
    const char *s = PyUnicode_Check(v) ? PyUnicode_AsUTF8AndSize(v, NULL) : NULL;
    if (!s) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "%s(): %s must be a str, not %R", method, name, PYNNX_TYPE_OF(v));
        return false;
    }
    for (int i = 0; i < count; i++)
        if (strcasecmp(s, names[i]) == 0) {
            *out = i + 1;
            return true;
        }
    PyErr_Format(PyExc_ValueError, "%s(): %s is %R; it is one of %s%s%s%s%s", method, name, v, names[0],
                 count > 1 ? ", " : "", count > 1 ? names[1] : "", count > 2 ? ", " : "", count > 2 ? names[2] : "");
    return false;
}

static bool to_number(PyObject *v, const char *method, const char *name, nnx_number *out)
{
    if (PyFloat_Check(v)) {
        *out = nnx_f64(PyFloat_AsDouble(v));
        return true;
    }
    if (!PyBool_Check(v) && PyIndex_Check(v)) {
        PyObject *i = PyNumber_Index(v);
        if (!i)
            return false;
        int overflow = 0;
        long long x = PyLong_AsLongLongAndOverflow(i, &overflow);
        if (overflow > 0)
            *out = nnx_u64(PyLong_AsUnsignedLongLong(i));
        else
            *out = overflow < 0 ? nnx_f64(PyLong_AsDouble(i)) : nnx_i64(x);
        Py_DECREF(i);
        return !PyErr_Occurred();
    }
    PyObject *f = PyBool_Check(v) ? NULL : PyNumber_Float(v); /* numpy.float32 and the like */
    if (!f) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "%s(): %s must be a number, not %R", method, name, PYNNX_TYPE_OF(v));
        return false;
    }
    *out = nnx_f64(PyFloat_AsDouble(f));
    Py_DECREF(f);
    return true;
}

/* A dtype-like value: a name, or anything numpy.dtype takes, given to pynnx_dtype_from_obj
 * by its name (a str goes through it without calling into NumPy). */
static bool to_dtype(PyObject *v, const char *method, const char *name, nnx_dtype *out)
{
    if (PyUnicode_Check(v))
        return pynnx_dtype_from_obj(v, out);
    PyObject *dt = PyObject_CallFunctionObjArgs(pynnx.np_dtype, v, NULL);
    PyObject *dt_name = dt ? PyObject_GetAttrString(dt, "name") : NULL;
    Py_XDECREF(dt);
    if (!dt_name) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "%s(): %s must be a data type, not %R", method, name, v);
        return false;
    }
    bool ok = pynnx_dtype_from_obj(dt_name, out);
    Py_DECREF(dt_name);
    return ok;
}

static bool set_one(nnx_tosa_op op, const kw_def *d, PyObject *v, const char *method, pynnx_tosa_kw *kw)
{
    static const char *const nan_names[] = {"PROPAGATE", "IGNORE"};
    static const char *const round_names[] = {"SINGLE_ROUND", "INEXACT_ROUND", "DOUBLE_ROUND"};
    static const char *const mode_names[] = {"NEAREST", "BILINEAR"};
    nnx_tosa_attrs *a = &kw->a;
    char *field = (char *)a + d->offset;
    int64_t vals[2 * NNX_MAX_RANK + 2];
    uint32_t n = 0;
    int e = 0;
    switch (d->kind) {
    case K_INT32: {
        int64_t x;
        if (!to_int64(v, INT32_MIN, INT32_MAX, method, d->name, &x))
            return false;
        *(int32_t *)(void *)field = (int32_t)x;
        return true;
    }
    case K_BOOL: {
        int t = PyObject_IsTrue(v);
        if (t < 0)
            return false;
        *(bool *)field = t;
        return true;
    }
    case K_DTYPE: return to_dtype(v, method, d->name, (nnx_dtype *)(void *)field);
    case K_INTS: {
        uint32_t want = op == NNX_TOSA_CONV3D ? d->n3 : d->n;
        if (!to_ints(v, INT32_MIN, INT32_MAX, (long)want, want, method, d->name, vals, &n))
            return false;
        for (uint32_t i = 0; i < n; i++)
            ((int32_t *)(void *)field)[i] = (int32_t)vals[i];
        return true;
    }
    case K_PERMS:
        if (!to_ints(v, INT32_MIN, INT32_MAX, -1, NNX_MAX_RANK, method, d->name, vals, &n))
            return false;
        for (uint32_t i = 0; i < n; i++)
            kw->perms[i] = (int32_t)vals[i];
        a->perms = kw->perms, a->perms_count = n;
        return true;
    case K_NAN:
        if (!to_enum(v, nan_names, 2, method, d->name, &e))
            return false;
        a->nan_mode = (nnx_tosa_nan_mode)e;
        return true;
    case K_ROUND:
        if (!to_enum(v, round_names, 3, method, d->name, &e))
            return false;
        a->rounding_mode = (nnx_tosa_rounding)e;
        return true;
    case K_MODE:
        if (!to_enum(v, mode_names, 2, method, d->name, &e))
            return false;
        a->mode = (nnx_tosa_mode)e;
        return true;
    case K_NUMBER:
        if (v == Py_None)
            return true;
        return to_number(v, method, d->name, (nnx_number *)(void *)field);
    case K_VALUES:
        if (op == NNX_TOSA_CONST_SHAPE) {
            /* shape_t values (§2.18.1); MAX_RANK-bounded lists such as PAD's padding fit */
            if (!to_ints(v, INT64_MIN, INT64_MAX, -1, 2 * NNX_MAX_RANK + 2, method, d->name, kw->shape_values, &n))
                return false;
            a->shape_values = kw->shape_values, a->shape_values_count = n;
            return true;
        }
        if (v == Py_None)
            return true;
        if (kw->has_values) {
            PyErr_Format(PyExc_TypeError, "%s(): give the initial value once (values or initial_value)", method);
            return false;
        }
        {
            /* a list or scalar becomes an array first, of NumPy's type for it */
            char what[96];
            snprintf(what, sizeof what, "%s()'s %s", method, d->name);
            PyObject *arr = PyObject_CheckBuffer(v) ? Py_NewRef(v)
                                                    : PyObject_CallFunctionObjArgs(pynnx.np_asarray, v, NULL);
            bool ok = arr && pynnx_array_in_get(&kw->values, arr, NNX_DTYPE_UNDEFINED, what);
            Py_XDECREF(arr);
            if (!ok)
                return false;
        }
        kw->has_values = true;
        return true;
    case K_SHAPE:
        if (v == Py_None)
            return true;
        kw->has_var_shape = true;
        return pynnx_shape_from_obj(v, &kw->var_shape, d->name);
    case K_TYPE: return v == Py_None ? true : to_dtype(v, method, d->name, &kw->type);
    case K_STR: {
        if (v == Py_None)
            return true;
        const char *s = PyUnicode_Check(v) ? PyUnicode_AsUTF8AndSize(v, NULL) : NULL;
        if (!s) {
            if (!PyErr_Occurred())
                PyErr_Format(PyExc_TypeError, "%s(): %s must be a str, not %R", method, d->name, PYNNX_TYPE_OF(v));
            return false;
        }
        *(const char **)(void *)field = s; /* the kwargs dict holds v during the call */
        return true;
    }
    case K_GRAPH:
        if (!PyCallable_Check(v)) {
            PyErr_Format(PyExc_TypeError, "%s(): %s must be a callable (session, operands) -> list of operands, not %R",
                         method, d->name, PYNNX_TYPE_OF(v));
            return false;
        }
        kw->graphs[d->n] = v;
        return true;
    case K_COUNT: {
        int64_t x;
        if (!to_int64(v, 0, 1 << 20, method, d->name, &x))
            return false;
        kw->n_outputs = (uint32_t)x, kw->has_n_outputs = true;
        return true;
    }
    }
    return true;
}

/* A type NumPy lacks (int4, int48, bfloat16, fp8) given by type / out_type over an array of
 * the same element size: the array's bytes are its raw items (nnx.h, "nnx_dtype"). */
static bool retype(nnx_operand_desc *d, nnx_dtype to, const char *method, const char *name)
{
    if (to == NNX_DTYPE_UNDEFINED || to == d->dtype)
        return true;
    if (nnx_dtype_size(to) != nnx_dtype_size(d->dtype)) {
        PyErr_Format(PyExc_TypeError,
                     "%s(): %s is %s but the values are %s; give %s values, or raw items of the same size", method,
                     name, nnx_dtype_name(to), nnx_dtype_name(d->dtype), nnx_dtype_name(to));
        return false;
    }
    d->dtype = to;
    return true;
}

/* CONST / VARIABLE / VARIABLE_READ: the operand type from values, var_shape and type. */
static bool finish_desc(nnx_tosa_op op, const char *method, pynnx_tosa_kw *kw)
{
    nnx_tosa_attrs *a = &kw->a;
    if (op == NNX_TOSA_CONST) {
        a->desc = kw->values.desc;
        a->values = kw->values.data, a->values_size = kw->values.size;
        return retype(&a->desc, a->out_type, method, "out_type");
    }
    if (op == NNX_TOSA_VARIABLE && kw->has_values) {
        a->desc = kw->values.desc;
        a->values = kw->values.data, a->values_size = kw->values.size;
        if (!retype(&a->desc, kw->type, method, "type"))
            return false;
        if (kw->has_var_shape) {
            bool same = kw->var_shape.rank == a->desc.rank &&
                memcmp(kw->var_shape.shape, a->desc.shape, a->desc.rank * sizeof *a->desc.shape) == 0;
            if (!same) {
                PyErr_Format(PyExc_ValueError, "%s(): var_shape differs from the initial value's shape", method);
                return false;
            }
        }
        return true;
    }
    if (op == NNX_TOSA_VARIABLE && (!kw->has_var_shape || kw->type == NNX_DTYPE_UNDEFINED)) {
        PyErr_Format(PyExc_TypeError, "%s(): give var_shape and type, or an initial value", method);
        return false;
    }
    if (kw->has_var_shape != (kw->type != NNX_DTYPE_UNDEFINED)) {
        PyErr_Format(PyExc_TypeError, "%s(): var_shape and type go together", method);
        return false;
    }
    if (kw->has_var_shape) {
        a->desc = kw->var_shape;
        a->desc.dtype = kw->type;
    }
    return true;
}

bool pynnx_tosa_kw_parse(nnx_tosa_op op, const char *allowed, const char *method, PyObject *kwargs, pynnx_tosa_kw *kw)
{
    memset(kw, 0, sizeof *kw);
    Py_ssize_t pos = 0;
    PyObject *key, *value;
    while (kwargs && PyDict_Next(kwargs, &pos, &key, &value)) {
        const char *name = PyUnicode_Check(key) ? PyUnicode_AsUTF8AndSize(key, NULL) : NULL;
        if (!name)
            return false;
        const kw_def *d = allowed_has(allowed, name) ? find(name, strlen(name)) : NULL;
        if (!d) {
            char shown[512]; /* allowed as "axis, nan_mode, label" */
            size_t j = 0;
            for (const char *c = allowed; *c && j + 3 < sizeof shown; c++)
                if (*c == ' ')
                    shown[j++] = ',', shown[j++] = ' ';
                else if (*c != '!')
                    shown[j++] = *c;
            shown[j] = '\0';
            PyErr_Format(PyExc_TypeError, "%s() got an unexpected keyword argument '%s' (its keywords: %s)", method,
                         name, shown);
            return false;
        }
        if (!set_one(op, d, value, method, kw))
            return false;
    }
    /* required keywords: the words of allowed marked '!' */
    for (const char *p = allowed; *p;) {
        while (*p == ' ')
            p++;
        size_t n = strcspn(p, " !");
        if (p[n] == '!') {
            PyObject *k = PyUnicode_FromStringAndSize(p, (Py_ssize_t)n);
            int has = k && kwargs ? PyDict_Contains(kwargs, k) : 0;
            if (k && has == 0)
                PyErr_Format(PyExc_TypeError, "%s() missing required keyword argument '%U'", method, k);
            Py_XDECREF(k);
            if (has <= 0)
                return false;
        }
        p += n;
        while (*p == '!')
            p++;
    }
    if (op == NNX_TOSA_CONST || op == NNX_TOSA_VARIABLE || op == NNX_TOSA_VARIABLE_READ)
        return finish_desc(op, method, kw);
    return true;
}

void pynnx_tosa_kw_release(pynnx_tosa_kw *kw)
{
    if (kw->has_values)
        pynnx_array_in_release(&kw->values);
    kw->has_values = false;
}
