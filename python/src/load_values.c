/* load_values.c — nnx.load's values= argument: graph input values an ONNX model needs while
 * it loads (nnx_model_options.values, nnx.h): an array for a tensor input, a list of arrays
 * for a sequence input (its length, and its elements as the inputs name[0] ...), None for
 * an optional input left out, a NumPy array of str (or one str) for a tensor(string) input. */
#include "pynnx.h"

#include <string.h>

void pynnx_values_release(pynnx_values *v)
{
    for (size_t i = 0; v->arrays && i < v->n_arrays; i++)
        pynnx_array_in_release(&v->arrays[i]);
    for (size_t i = 0; v->strings && i < v->n_strings; i++)
        PyMem_Free((void *)v->strings[i]);
    PyMem_Free(v->arrays);
    PyMem_Free(v->values);
    PyMem_Free(v->strings);
    Py_CLEAR(v->keep);
    memset(v, 0, sizeof *v);
}

/* Room for one more entry; the arrays grow with the entries (a tensor entry uses one). */
static nnx_input_value *grow(pynnx_values *v)
{
    if (v->n_values == v->cap) {
        size_t cap = v->cap ? 2 * v->cap : 16;
        nnx_input_value *values = PyMem_Realloc(v->values, cap * sizeof *values);
        if (values)
            v->values = values;
        pynnx_array_in *arrays = values ? PyMem_Realloc(v->arrays, cap * sizeof *arrays) : NULL;
        if (!values || !arrays) {
            PyErr_NoMemory();
            return NULL;
        }
        v->arrays = arrays;
        v->cap = cap;
    }
    nnx_input_value *e = &v->values[v->n_values++];
    memset(e, 0, sizeof *e);
    return e;
}

/* A UTF-8 copy of a str kept alive by v->keep. */
static const char *keep_utf8(pynnx_values *v, PyObject *s)
{
    PyObject *b = PyUnicode_Check(s) ? PyUnicode_AsUTF8String(s) : NULL;
    if (!b) {
        if (!PyErr_Occurred())
            PyErr_Format(PyExc_TypeError, "values: string elements must be str, not %R", PYNNX_TYPE_OF(s));
        return NULL;
    }
    int bad = PyList_Append(v->keep, b);
    Py_DECREF(b);
    return bad < 0 ? NULL : PyBytes_AsString(b);
}

/* obj as a STRINGS entry when it is a str or a NumPy array of str; 0 when it is neither, -1
 * on an error. */
static int strings_entry(pynnx_values *v, const char *name, PyObject *obj)
{
    PyObject *dtype = PyUnicode_Check(obj) ? NULL : PyObject_GetAttrString(obj, "dtype");
    if (!dtype && !PyUnicode_Check(obj)) {
        PyErr_Clear();
        return 0;
    }
    if (dtype) {
        PyObject *kind = PyObject_GetAttrString(dtype, "kind");
        Py_DECREF(dtype);
        const char *k = kind && PyUnicode_Check(kind) ? PyUnicode_AsUTF8AndSize(kind, NULL) : NULL;
        bool text = k && (strcmp(k, "U") == 0 || strcmp(k, "O") == 0);
        Py_XDECREF(kind);
        if (!text) {
            PyErr_Clear();
            return 0;
        }
    }
    nnx_input_value *e = grow(v);
    if (!e)
        return -1;
    e->name = name;
    e->kind = NNX_INPUT_VALUE_STRINGS;
    PyObject *items;
    if (PyUnicode_Check(obj)) {
        e->desc.rank = 0;
        items = PyList_New(1);
        if (items)
            PyList_SetItem(items, 0, Py_NewRef(obj));
    } else {
        PyObject *shape = PyObject_GetAttrString(obj, "shape");
        bool ok = shape && pynnx_shape_from_obj(shape, &e->desc, "values");
        Py_XDECREF(shape);
        if (!ok)
            return -1;
        PyObject *flat = PyObject_CallMethod(obj, "ravel", NULL);
        items = flat ? PyObject_CallMethod(flat, "tolist", NULL) : NULL;
        Py_XDECREF(flat);
    }
    if (!items)
        return -1;
    Py_ssize_t n = PyList_Size(items);
    const char **strings = PyMem_Calloc(n ? (size_t)n : 1, sizeof *strings);
    int rc = strings ? 1 : -1;
    for (Py_ssize_t i = 0; strings && i < n && rc > 0; i++)
        if (!(strings[i] = keep_utf8(v, PyList_GetItem(items, i))))
            rc = -1;
    Py_DECREF(items);
    if (!strings)
        PyErr_NoMemory();
    /* The pointer arrays are freed by pynnx_values_release, the strings by v->keep. */
    const char ***blocks = PyMem_Realloc(v->strings, (v->n_strings + 1) * sizeof *blocks);
    if (blocks) {
        v->strings = blocks;
        v->strings[v->n_strings++] = strings;
    } else {
        PyMem_Free(strings);
        rc = -1;
    }
    e->strings = strings;
    return rc;
}

static bool tensor_entry(pynnx_values *v, const char *name, PyObject *obj)
{
    nnx_input_value *e = grow(v);
    if (!e)
        return false;
    char what[300];
    snprintf(what, sizeof what, "values['%s']", name);
    pynnx_array_in *in = &v->arrays[v->n_arrays];
    if (!pynnx_array_in_get(in, obj, NNX_DTYPE_UNDEFINED, what)) {
        v->n_values--;
        return false;
    }
    v->n_arrays++;
    e->name = name;
    e->kind = NNX_INPUT_VALUE_TENSOR;
    e->desc = in->desc;
    e->data = in->data;
    return true;
}

static bool one_value(pynnx_values *v, const char *name, PyObject *obj)
{
    if (obj == Py_None) {
        nnx_input_value *e = grow(v);
        if (e)
            *e = (nnx_input_value){.name = name, .kind = NNX_INPUT_VALUE_ABSENT};
        return e != NULL;
    }
    if (PyList_Check(obj) || PyTuple_Check(obj)) {
        Py_ssize_t n = PySequence_Size(obj);
        nnx_input_value *e = n >= 0 ? grow(v) : NULL;
        if (!e)
            return false;
        *e = (nnx_input_value){.name = name, .kind = NNX_INPUT_VALUE_SEQUENCE, .length = (uint32_t)n};
        for (Py_ssize_t i = 0; i < n; i++) {
            PyObject *label = PyUnicode_FromFormat("%s[%zd]", name, i);
            const char *element = label ? keep_utf8(v, label) : NULL;
            Py_XDECREF(label);
            PyObject *item = element ? PySequence_GetItem(obj, i) : NULL;
            bool ok = item && tensor_entry(v, element, item);
            Py_XDECREF(item);
            if (!ok)
                return false;
        }
        return true;
    }
    int s = strings_entry(v, name, obj);
    return s < 0 ? false : s > 0 ? true : tensor_entry(v, name, obj);
}

bool pynnx_values_get(pynnx_values *v, PyObject *values)
{
    memset(v, 0, sizeof *v);
    if (values == Py_None)
        return true;
    if (!PyDict_Check(values)) {
        PyErr_SetString(PyExc_TypeError, "values must be a dict {input name: value}");
        return false;
    }
    if (!(v->keep = PyList_New(0)))
        return false;
    Py_ssize_t pos = 0;
    PyObject *key, *value;
    while (PyDict_Next(values, &pos, &key, &value)) {
        const char *name = keep_utf8(v, key);
        if (!name || !one_value(v, name, value)) {
            pynnx_values_release(v);
            return false;
        }
    }
    return true;
}
