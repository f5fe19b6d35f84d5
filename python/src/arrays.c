/* arrays.c — NumPy arrays in and out through the buffer protocol: type names and NumPy
 * dtypes, shapes, arguments read in place when they are C-contiguous, aligned and of the
 * right type (else copied once), and new output arrays made by numpy.empty. */
#include "pynnx.h"

#include <stdio.h>
#include <string.h>

bool pynnx_numpy_has(nnx_dtype dt)
{
    switch (dt) {
    case NNX_FLOAT16:
    case NNX_FLOAT32:
    case NNX_FLOAT64:
    case NNX_INT8:
    case NNX_INT16:
    case NNX_INT32:
    case NNX_INT64:
    case NNX_UINT8:
    case NNX_UINT16:
    case NNX_UINT32:
    case NNX_UINT64:
    case NNX_BOOL: return true;
    default: return false;
    }
}

nnx_dtype pynnx_numpy_storage(nnx_dtype dt)
{
    switch (dt) {
    case NNX_BFLOAT16: return NNX_UINT16; /* the upper half of a binary32 */
    case NNX_FP8E4M3:
    case NNX_FP8E5M2:
    case NNX_FP8E4M3FNUZ:
    case NNX_FP8E5M2FNUZ:
    case NNX_FP8E8M0:
    case NNX_FP4E2M1: return NNX_UINT8; /* the code in the low bits */
    case NNX_INT4:
    case NNX_INT2: return NNX_INT8; /* sign-extended values */
    case NNX_UINT4:
    case NNX_UINT2: return NNX_UINT8;
    case NNX_INT48: return NNX_INT64;
    default: return dt;
    }
}

PyObject *pynnx_dtype_to_obj(nnx_dtype dt)
{
    const char *name = nnx_dtype_name(dt);
    if (!name)
        return PyUnicode_FromString("undefined");
    if (!pynnx_numpy_has(dt))
        return PyUnicode_FromString(name);
    return PyObject_CallFunction(pynnx.np_dtype, "s", name);
}

bool pynnx_dtype_from_obj(PyObject *obj, nnx_dtype *out)
{
    PyObject *name = NULL;
    if (PyUnicode_Check(obj)) {
        name = Py_NewRef(obj);
    } else {
        /* numpy.dtype(obj).name: a dtype, a scalar type (numpy.float32, float, bool) */
        PyObject *dt = PyObject_CallFunctionObjArgs(pynnx.np_dtype, obj, NULL);
        if (!dt) {
            PyErr_Clear();
            PyErr_Format(PyExc_TypeError, "not a data type: %R", obj);
            return false;
        }
        name = PyObject_GetAttrString(dt, "name");
        Py_DECREF(dt);
        if (!name)
            return false;
    }
    const char *s = PyUnicode_AsUTF8AndSize(name, NULL);
    nnx_dtype dt = s ? nnx_dtype_from_name(s) : NNX_DTYPE_UNDEFINED;
    if (s && dt == NNX_DTYPE_UNDEFINED)
        PyErr_Format(PyExc_TypeError, "'%s' is not a data type nnx has", s);
    Py_DECREF(name);
    if (dt == NNX_DTYPE_UNDEFINED)
        return false;
    *out = dt;
    return true;
}

const char *pynnx_desc_text(const nnx_operand_desc *d, const char *const *dims, char *buf, size_t size)
{
    const char *name = nnx_dtype_name(d->dtype);
    size_t n = (size_t)snprintf(buf, size, "%s[", name ? name : "undefined");
    for (uint32_t i = 0; i < d->rank && n < size; i++) {
        const char *sep = i ? "," : "";
        if (dims && dims[i])
            n += (size_t)snprintf(buf + n, size - n, "%s%s", sep, dims[i]);
        else
            n += (size_t)snprintf(buf + n, size - n, "%s%u", sep, (unsigned)d->shape[i]);
    }
    if (n < size)
        snprintf(buf + n, size - n, "]");
    return buf;
}

bool pynnx_shape_from_obj(PyObject *obj, nnx_operand_desc *d, const char *what)
{
    Py_ssize_t n = PyUnicode_Check(obj) || PyBytes_Check(obj) ? -1 : PySequence_Size(obj);
    if (n < 0) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "%s: the shape must be a sequence of ints, not %R", what, obj);
        return false;
    }
    if (n > NNX_MAX_RANK) {
        PyErr_Format(PyExc_ValueError, "%s: rank %zd is above nnx's largest, %d", what, n, NNX_MAX_RANK);
        return false;
    }
    d->rank = (uint32_t)n;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item = PySequence_GetItem(obj, i);
        if (!item)
            return false;
        long long v = PyLong_Check(item) ? PyLong_AsLongLong(item) : -2;
        if (v == -1 && PyErr_Occurred())
            PyErr_Clear();
        if (v < 0 || v > UINT32_MAX) {
            PyErr_Format(PyLong_Check(item) ? PyExc_ValueError : PyExc_TypeError,
                         "%s: dimension %zd is %R; dimensions are ints from 0 to 4294967295", what, i, item);
            Py_DECREF(item);
            return false;
        }
        Py_DECREF(item);
        d->shape[i] = (uint32_t)v;
    }
    return true;
}

PyObject *pynnx_shape_to_tuple(const nnx_operand_desc *d)
{
    PyObject *t = PyTuple_New(d->rank);
    for (uint32_t i = 0; t && i < d->rank; i++) {
        PyObject *v = PyLong_FromUnsignedLong(d->shape[i]);
        if (!v || PyTuple_SetItem(t, i, v) < 0) {
            Py_DECREF(t);
            return NULL;
        }
    }
    return t;
}

/* The nnx type of a buffer's struct-module format and item size; UNDEFINED for others
 * (big-endian data, records, complex numbers, pointers). */
static nnx_dtype dtype_of_format(const char *f, Py_ssize_t itemsize)
{
    if (!f)
        return NNX_UINT8; /* no format: bytes */
    if (*f == '@' || *f == '=' || *f == '<')
        f++;
    if (f[0] == '\0' || f[1] != '\0')
        return NNX_DTYPE_UNDEFINED;
    switch (f[0]) {
    case 'e': return itemsize == 2 ? NNX_FLOAT16 : NNX_DTYPE_UNDEFINED;
    case 'f': return itemsize == 4 ? NNX_FLOAT32 : NNX_DTYPE_UNDEFINED;
    case 'd': return itemsize == 8 ? NNX_FLOAT64 : NNX_DTYPE_UNDEFINED;
    case '?': return itemsize == 1 ? NNX_BOOL : NNX_DTYPE_UNDEFINED;
    case 'b':
    case 'h':
    case 'i':
    case 'l':
    case 'q':
    case 'n':
        return itemsize == 1 ? NNX_INT8
            : itemsize == 2  ? NNX_INT16
            : itemsize == 4  ? NNX_INT32
            : itemsize == 8  ? NNX_INT64
                             : NNX_DTYPE_UNDEFINED;
    case 'B':
    case 'H':
    case 'I':
    case 'L':
    case 'Q':
    case 'N':
    case 'c':
        return itemsize == 1 ? NNX_UINT8
            : itemsize == 2  ? NNX_UINT16
            : itemsize == 4  ? NNX_UINT32
            : itemsize == 8  ? NNX_UINT64
                             : NNX_DTYPE_UNDEFINED;
    default: return NNX_DTYPE_UNDEFINED;
    }
}

void pynnx_array_in_release(pynnx_array_in *in)
{
    if (in->has_view)
        PyBuffer_Release(&in->view);
    in->has_view = false;
    Py_CLEAR(in->converted);
    PyMem_Free(in->owned);
    in->owned = NULL;
    in->data = NULL;
}

bool pynnx_array_in_get(pynnx_array_in *in, PyObject *obj, nnx_dtype want, const char *what)
{
    memset(in, 0, sizeof *in);
    /* A type NumPy lacks travels in its storage type (docs/decisions/python.md PY12). */
    nnx_dtype storage = pynnx_numpy_storage(want);
    if (!PyObject_CheckBuffer(obj)) {
        /* A list, a scalar: numpy.asarray with the wanted type. */
        in->converted = want != NNX_DTYPE_UNDEFINED
            ? PyObject_CallFunction(pynnx.np_asarray, "Os", obj, nnx_dtype_name(storage))
            : PyObject_CallFunctionObjArgs(pynnx.np_asarray, obj, NULL);
        if (!in->converted)
            return false;
        obj = in->converted;
    }
    if (PyObject_GetBuffer(obj, &in->view, PyBUF_FORMAT | PyBUF_STRIDES) < 0) {
        pynnx_array_in_release(in);
        return false;
    }
    in->has_view = true;
    nnx_dtype dt = dtype_of_format(in->view.format, in->view.itemsize);
    if (dt == NNX_DTYPE_UNDEFINED) {
        PyErr_Format(PyExc_TypeError, "%s: buffer format '%s' (%zd-byte items) is not a type nnx takes", what,
                     in->view.format ? in->view.format : "B", in->view.itemsize);
        pynnx_array_in_release(in);
        return false;
    }
    if (want != NNX_DTYPE_UNDEFINED && dt != storage) {
        if (storage != want)
            PyErr_Format(PyExc_TypeError, "%s is %s, which NumPy lacks: give its raw storage as %s, not %s", what,
                         nnx_dtype_name(want), nnx_dtype_name(storage), nnx_dtype_name(dt));
        else
            PyErr_Format(PyExc_TypeError, "%s must be %s, not %s (convert it with .astype(numpy.%s))", what,
                         nnx_dtype_name(want), nnx_dtype_name(dt), nnx_dtype_name(want));
        pynnx_array_in_release(in);
        return false;
    }
    if (want != NNX_DTYPE_UNDEFINED)
        dt = want;
    if (in->view.ndim > NNX_MAX_RANK) {
        PyErr_Format(PyExc_ValueError, "%s has rank %d, above nnx's largest, %d", what, in->view.ndim, NNX_MAX_RANK);
        pynnx_array_in_release(in);
        return false;
    }
    in->desc.dtype = dt;
    in->desc.rank = (uint32_t)in->view.ndim;
    for (int i = 0; i < in->view.ndim; i++) {
        if (in->view.shape[i] > (Py_ssize_t)UINT32_MAX) {
            PyErr_Format(PyExc_ValueError, "%s: dimension %d is %zd, above 4294967295", what, i, in->view.shape[i]);
            pynnx_array_in_release(in);
            return false;
        }
        in->desc.shape[i] = (uint32_t)in->view.shape[i];
    }
    in->size = (size_t)in->view.len;
    size_t align = in->view.itemsize < 8 ? (size_t)in->view.itemsize : 8;
    if (PyBuffer_IsContiguous(&in->view, 'C') && (uintptr_t)in->view.buf % align == 0) {
        in->data = in->view.buf;
        return true;
    }
    in->owned = PyMem_Malloc(in->size ? in->size : 1);
    if (!in->owned) {
        pynnx_array_in_release(in);
        PyErr_NoMemory();
        return false;
    }
    if (PyBuffer_ToContiguous(in->owned, &in->view, in->view.len, 'C') < 0) {
        pynnx_array_in_release(in);
        return false;
    }
    in->data = in->owned;
    return true;
}

PyObject *pynnx_array_empty(const nnx_operand_desc *d, void **data)
{
    nnx_dtype storage = pynnx_numpy_storage(d->dtype);
    if (!pynnx_numpy_has(storage)) {
        const char *name = nnx_dtype_name(d->dtype);
        return PyErr_Format(pynnx.by_status[NNX_ERROR_NOT_SUPPORTED], "a %s result cannot be returned",
                            name ? name : "undefined");
    }
    PyObject *shape = pynnx_shape_to_tuple(d);
    if (!shape)
        return NULL;
    PyObject *arr = PyObject_CallFunction(pynnx.np_empty, "Os", shape, nnx_dtype_name(storage));
    Py_DECREF(shape);
    if (!arr)
        return NULL;
    Py_buffer view;
    if (PyObject_GetBuffer(arr, &view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) < 0) {
        Py_DECREF(arr);
        return NULL;
    }
    /* An ndarray owns its memory and never moves it: the pointer outlives the view. */
    *data = view.buf;
    PyBuffer_Release(&view);
    return arr;
}
