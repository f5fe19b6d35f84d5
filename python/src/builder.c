/* builder.c — nnx.ml.MLGraphBuilder (WebNN MLGraphBuilder): input, constant and build; the
 * operation methods come from ml_ops*.c. An nnx builder's first error is sticky: the call
 * that made it raises, and every later call raises it again, as nnx reports it. */
#include "pynnx.h"

#include <string.h>

bool pynnx_builder_usable(pynnx_builder *b)
{
    if (!b->b) {
        pynnx_raise(NNX_ERROR_INVALID_STATE,
                    "the builder is gone (a TOSA sub-graph's builder lives only while its "
                    "callback runs)");
        return false;
    }
    if (b->busy) {
        pynnx_raise(NNX_ERROR_INVALID_STATE, "the builder is building a graph on another thread");
        return false;
    }
    if (b->built) {
        pynnx_raise(NNX_ERROR_INVALID_STATE, "the builder has built its graph (a builder builds once)");
        return false;
    }
    return !pynnx_builder_failed(b);
}

static PyObject *builder_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    static char *kw[] = {"context", NULL};
    PyObject *ctx;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O!:MLGraphBuilder", kw, pynnx.context_type, &ctx))
        return NULL;
    pynnx_builder *b = PyObject_New(pynnx_builder, pynnx.builder_type);
    if (!b)
        return NULL;
    b->owner = (pynnx_context *)Py_NewRef(ctx);
    b->b = NULL;
    b->busy = b->built = false;
    nnx_status st = nnx_builder_create(b->owner->ctx, &b->b);
    if (st != NNX_OK) {
        Py_DECREF(b);
        return pynnx_raise_context(st, ((pynnx_context *)ctx)->ctx);
    }
    return (PyObject *)b;
}

static void builder_dealloc(PyObject *self)
{
    pynnx_builder *b = (pynnx_builder *)self;
    PyTypeObject *type = Py_TYPE(self);
    if (b->b)
        nnx_builder_destroy(b->b);
    Py_XDECREF((PyObject *)b->owner);
    PyObject_Free(self);
    Py_DECREF(type);
}

static PyObject *builder_repr(PyObject *self)
{
    pynnx_builder *b = (pynnx_builder *)self;
    const char *state = !b->b ? "gone" : b->built ? "built" : nnx_builder_status(b->b) != NNX_OK ? "failed" : "open";
    return PyUnicode_FromFormat("MLGraphBuilder(%s)", state);
}

static PyObject *builder_input(PyObject *self, PyObject *args, PyObject *kwargs)
{
    static char *kw[] = {"name", "dtype", "shape", NULL};
    pynnx_builder *b = (pynnx_builder *)self;
    const char *name;
    PyObject *dtype, *shape;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "sOO:input", kw, &name, &dtype, &shape) || !pynnx_builder_usable(b))
        return NULL;
    nnx_operand_desc d = {0};
    if (!pynnx_dtype_from_obj(dtype, &d.dtype) || !pynnx_shape_from_obj(shape, &d, "input"))
        return NULL;
    return pynnx_operand_wrap(b, nnx_builder_input(b->b, name, &d));
}

static PyObject *builder_constant(PyObject *self, PyObject *args, PyObject *kwargs)
{
    static char *kw[] = {"value", "dtype", NULL};
    pynnx_builder *b = (pynnx_builder *)self;
    PyObject *value, *dtype = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|O:constant", kw, &value, &dtype) || !pynnx_builder_usable(b))
        return NULL;
    nnx_dtype want = NNX_DTYPE_UNDEFINED;
    if (dtype != Py_None && !pynnx_dtype_from_obj(dtype, &want))
        return NULL;
    if (PyObject_TypeCheck(value, pynnx.tensor_type)) {
        pynnx_tensor *t = (pynnx_tensor *)value;
        if (!t->t)
            return pynnx_raise(NNX_ERROR_INVALID_STATE, "constant: the tensor was destroyed");
        return pynnx_operand_wrap(b, nnx_builder_constant_tensor(b->b, t->t));
    }
    /* A Python number with a dtype: WebNN's constant(type, value), cast by WebNN's rules. */
    if ((PyFloat_Check(value) || PyLong_Check(value) || PyBool_Check(value)) && want != NNX_DTYPE_UNDEFINED) {
        nnx_number n;
        if (PyFloat_Check(value)) {
            n = nnx_f64(PyFloat_AsDouble(value));
        } else {
            int overflow = 0;
            long long v = PyLong_AsLongLongAndOverflow(value, &overflow);
            if (overflow > 0)
                n = nnx_u64(PyLong_AsUnsignedLongLong(value));
            else
                n = overflow < 0 ? nnx_f64(PyLong_AsDouble(value)) : nnx_i64(v);
            if (PyErr_Occurred())
                return NULL;
        }
        return pynnx_operand_wrap(b, nnx_builder_constant_scalar(b->b, want, n));
    }
    pynnx_array_in in;
    if (!pynnx_array_in_get(&in, value, want, "constant's value"))
        return NULL;
    nnx_operand *op = nnx_builder_constant(b->b, &in.desc, in.data, in.size);
    pynnx_array_in_release(&in);
    return pynnx_operand_wrap(b, op);
}

static PyObject *builder_build(PyObject *self, PyObject *arg)
{
    pynnx_builder *b = (pynnx_builder *)self;
    if (!pynnx_builder_usable(b))
        return NULL;
    if (!PyDict_Check(arg) || PyDict_Size(arg) == 0)
        return PyErr_Format(PyExc_TypeError, "build takes a non-empty dict {name: MLOperand}, not %R",
                            PYNNX_TYPE_OF(arg));
    Py_ssize_t n = PyDict_Size(arg), pos = 0, i = 0;
    nnx_named_operand *outs = PyMem_Calloc((size_t)n, sizeof *outs);
    if (!outs)
        return PyErr_NoMemory();
    PyObject *key, *value;
    while (PyDict_Next(arg, &pos, &key, &value)) {
        const char *name = PyUnicode_Check(key) ? PyUnicode_AsUTF8AndSize(key, NULL) : NULL;
        if (!name) {
            PyErr_Clear();
            PyMem_Free(outs);
            return PyErr_Format(PyExc_TypeError, "build: output names must be str, not %R", key);
        }
        char what[300];
        snprintf(what, sizeof what, "build's output '%s'", name);
        if (!pynnx_operand_of(b, value, &outs[i].operand, what)) {
            PyMem_Free(outs);
            return NULL;
        }
        outs[i++].name = name;
    }
    nnx_graph *g = NULL;
    nnx_status st;
    b->busy = true;
    Py_BEGIN_ALLOW_THREADS
    st = nnx_builder_build(b->b, outs, (size_t)n, &g);
    Py_END_ALLOW_THREADS
    b->busy = false;
    PyMem_Free(outs);
    if (st != NNX_OK)
        return pynnx_raise(st, nnx_builder_error(b->b));
    b->built = true;
    return (PyObject *)pynnx_graph_wrap(b->owner, g);
}

static PyObject *builder_get_context(PyObject *self, void *unused)
{
    return Py_NewRef((PyObject *)((pynnx_builder *)self)->owner);
}

static PyMethodDef builder_core_methods[] = {
    {"input", (PyCFunction)(void (*)(void))builder_input, METH_VARARGS | METH_KEYWORDS,
     "input($self, name, dtype, shape)\n--\n\nA named graph input (WebNN input(name, descriptor))."},
    {"constant", (PyCFunction)(void (*)(void))builder_constant, METH_VARARGS | METH_KEYWORDS,
     "constant($self, value, dtype=None)\n--\n\nA constant: an array (copied; dtype, when given, must be its "
     "type, and lists are converted to it), a Python number with a dtype (WebNN constant(type, value)), or a "
     "constant MLTensor."},
    {"build", builder_build, METH_O,
     "build($self, outputs, /)\n--\n\nCompiles the graph computing outputs, a dict {name: MLOperand}. A builder builds "
     "once. The GIL is released while it compiles."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef builder_getset[] = {
    {"context", builder_get_context, NULL, "The MLContext the builder builds for.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyType_Slot builder_slots[] = {
    {Py_tp_new, builder_new},
    {Py_tp_dealloc, builder_dealloc},
    {Py_tp_repr, builder_repr},
    {Py_tp_getset, builder_getset},
    {Py_tp_methods, NULL}, /* filled by pynnx_builder_init */
    {Py_tp_doc,
     "MLGraphBuilder(context)\n\nWebNN's MLGraphBuilder: input(), constant(), every WebNN operation as a "
     "method named in snake_case with its options as keyword arguments (conv2d(x, w, padding=[1, 1, 1, "
     "1], strides=[2, 2])), and build()."},
    {0, NULL},
};

int pynnx_builder_init(PyObject *m)
{
    /* The core methods, then the operations. */
    size_t n_core = sizeof builder_core_methods / sizeof builder_core_methods[0] - 1, n_ops = 0;
    while (pynnx_builder_op_methods[n_ops].ml_name)
        n_ops++;
    static PyMethodDef *all;
    all = PyMem_Calloc(n_core + n_ops + 1, sizeof *all);
    if (!all)
        return -1;
    memcpy(all, builder_core_methods, n_core * sizeof *all);
    memcpy(all + n_core, pynnx_builder_op_methods, n_ops * sizeof *all);
    for (PyType_Slot *s = builder_slots; s->slot; s++)
        if (s->slot == Py_tp_methods)
            s->pfunc = all;
    static PyType_Spec spec = {"nnx.ml.MLGraphBuilder", sizeof(pynnx_builder), 0, Py_TPFLAGS_DEFAULT, builder_slots};
    pynnx.builder_type = (PyTypeObject *)PyType_FromSpec(&spec);
    if (!pynnx.builder_type)
        return -1;
    return PyModule_AddObjectRef(m, "MLGraphBuilder", (PyObject *)pynnx.builder_type);
}
