/* tensor.c — nnx.ml.MLTensor (WebNN MLTensor): a tensor of one MLContext, written and read
 * through the context (write_tensor, read_tensor) and bound by dispatch. destroy() frees it
 * at once; otherwise it is freed with the object. */
#include "pynnx.h"

static void tensor_dealloc(PyObject *self)
{
    pynnx_tensor *t = (pynnx_tensor *)self;
    PyTypeObject *type = Py_TYPE(self);
    if (t->t)
        nnx_tensor_destroy(t->t);
    Py_XDECREF((PyObject *)t->owner);
    PyObject_Free(self);
    Py_DECREF(type);
}

static PyObject *tensor_repr(PyObject *self)
{
    pynnx_tensor *t = (pynnx_tensor *)self;
    char text[200];
    pynnx_desc_text(&t->desc.desc, NULL, text, sizeof text);
    if (!t->t)
        return PyUnicode_FromFormat("MLTensor(%s, destroyed)", text);
    if (t->constant)
        return PyUnicode_FromFormat("MLTensor(%s, constant)", text);
    return PyUnicode_FromFormat("MLTensor(%s, readable=%s, writable=%s)", text, t->desc.readable ? "True" : "False",
                                t->desc.writable ? "True" : "False");
}

static PyObject *tensor_destroy(PyObject *self, PyObject *unused)
{
    pynnx_tensor *t = (pynnx_tensor *)self;
    if (t->readers || t->writing)
        return pynnx_raise(NNX_ERROR_INVALID_STATE, "the tensor is in use by a dispatch on another thread");
    if (t->t)
        nnx_tensor_destroy(t->t);
    t->t = NULL;
    Py_RETURN_NONE;
}

static PyObject *tensor_get_dtype(PyObject *self, void *unused)
{
    return pynnx_dtype_to_obj(((pynnx_tensor *)self)->desc.desc.dtype);
}
static PyObject *tensor_get_shape(PyObject *self, void *unused)
{
    return pynnx_shape_to_tuple(&((pynnx_tensor *)self)->desc.desc);
}
static PyObject *tensor_get_readable(PyObject *self, void *unused)
{
    return PyBool_FromLong(((pynnx_tensor *)self)->desc.readable);
}
static PyObject *tensor_get_writable(PyObject *self, void *unused)
{
    return PyBool_FromLong(((pynnx_tensor *)self)->desc.writable);
}
static PyObject *tensor_get_constant(PyObject *self, void *unused)
{
    return PyBool_FromLong(((pynnx_tensor *)self)->constant);
}

static PyMethodDef tensor_methods[] = {
    {"destroy", tensor_destroy, METH_NOARGS, "destroy($self)\n--\n\nFrees the tensor now; later use raises."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef tensor_getset[] = {
    {"dtype", tensor_get_dtype, NULL, "The element type (a numpy.dtype; a str for types NumPy lacks).", NULL},
    {"shape", tensor_get_shape, NULL, "The shape, a tuple of ints.", NULL},
    {"readable", tensor_get_readable, NULL, "Whether read_tensor may read it.", NULL},
    {"writable", tensor_get_writable, NULL, "Whether write_tensor may write it.", NULL},
    {"constant", tensor_get_constant, NULL, "Whether it is a constant tensor (create_constant_tensor).", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyType_Slot tensor_slots[] = {
    {Py_tp_dealloc, tensor_dealloc},
    {Py_tp_repr, tensor_repr},
    {Py_tp_methods, tensor_methods},
    {Py_tp_getset, tensor_getset},
    {Py_tp_doc, "MLTensor: made by MLContext.create_tensor or create_constant_tensor, not directly."},
    {0, NULL},
};

static PyType_Spec tensor_spec = {"nnx.ml.MLTensor", sizeof(pynnx_tensor), 0,
                                  Py_TPFLAGS_DEFAULT | Py_TPFLAGS_DISALLOW_INSTANTIATION, tensor_slots};

int pynnx_tensor_init(PyObject *m)
{
    pynnx.tensor_type = (PyTypeObject *)PyType_FromSpec(&tensor_spec);
    if (!pynnx.tensor_type)
        return -1;
    return PyModule_AddObjectRef(m, "MLTensor", (PyObject *)pynnx.tensor_type);
}
