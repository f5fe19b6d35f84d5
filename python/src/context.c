/* context.c — nnx.ml.MLContext (WebNN MLContext): compute() with arrays, tensors for callers
 * who reuse buffers (create_tensor, write_tensor, read_tensor, dispatch) and
 * op_support_limits() as WebNN's MLOpSupportLimits dictionary. Dispatches run without the
 * GIL; the tensors they use are marked so that other threads cannot touch them meanwhile. */
#include "pynnx.h"

#include <string.h>

pynnx_context *pynnx_context_new(uint32_t threads)
{
    pynnx_context *c = PyObject_New(pynnx_context, pynnx.context_type);
    if (!c)
        return NULL;
    c->ctx = NULL;
    c->threads = threads;
    nnx_context_options o = {.threads = threads};
    nnx_status st;
    Py_BEGIN_ALLOW_THREADS
    st = nnx_context_create(&o, &c->ctx);
    Py_END_ALLOW_THREADS
    if (st != NNX_OK) {
        Py_DECREF(c);
        return (pynnx_context *)pynnx_raise(
            st,
            threads > NNX_MAX_THREADS ? "creating a context failed: threads is more than NNX_MAX_THREADS (256)"
                                      : "creating a context failed");
    }
    return c;
}

static void context_dealloc(PyObject *self)
{
    pynnx_context *c = (pynnx_context *)self;
    PyTypeObject *type = Py_TYPE(self);
    /* Everything made on the context holds a reference to it: nothing of it is left. */
    if (c->ctx)
        nnx_context_destroy(c->ctx);
    PyObject_Free(self);
    Py_DECREF(type);
}

static PyObject *context_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    static char *kw[] = {"threads", NULL};
    unsigned int threads = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|$I:MLContext", kw, &threads))
        return NULL;
    return (PyObject *)pynnx_context_new(threads);
}

static PyObject *context_repr(PyObject *self)
{
    pynnx_context *c = (pynnx_context *)self;
    return PyUnicode_FromFormat("MLContext(threads=%u)", (unsigned)c->threads);
}

static bool is_graph_of(pynnx_context *c, PyObject *obj, const char *what)
{
    if (!PyObject_TypeCheck(obj, pynnx.graph_type)) {
        PyErr_Format(PyExc_TypeError, "%s must be an MLGraph, not %R", what, PYNNX_TYPE_OF(obj));
        return false;
    }
    if (((pynnx_graph *)obj)->owner != c) {
        pynnx_raise(NNX_ERROR_INVALID_ARGUMENT, "the graph was built on another MLContext");
        return false;
    }
    return true;
}

static PyObject *context_compute(PyObject *self, PyObject *args, PyObject *kwargs)
{
    Py_ssize_t n = PyTuple_Size(args);
    if (n < 1)
        return PyErr_Format(PyExc_TypeError, "compute(graph, inputs): the graph is missing");
    PyObject *graph = PyTuple_GetItem(args, 0);
    if (!is_graph_of((pynnx_context *)self, graph, "compute's graph"))
        return NULL;
    PyObject *rest = PyTuple_GetSlice(args, 1, n);
    if (!rest)
        return NULL;
    PyObject *out = pynnx_run((pynnx_graph *)graph, rest, kwargs);
    Py_DECREF(rest);
    return out;
}

/* A {name: MLTensor} mapping as nnx_named_tensor rows (names borrowed from the dict's keys,
 * alive while the dict is). */
static Py_ssize_t named_tensors(pynnx_context *c, PyObject *map, const char *what, nnx_named_tensor **rows,
                                pynnx_tensor ***objs)
{
    if (!PyDict_Check(map)) {
        PyErr_Format(PyExc_TypeError, "dispatch's %s must be a dict of name: MLTensor", what);
        return -1;
    }
    Py_ssize_t n = PyDict_Size(map), i = 0, pos = 0;
    *rows = PyMem_Calloc(n ? (size_t)n : 1, sizeof **rows);
    *objs = PyMem_Calloc(n ? (size_t)n : 1, sizeof **objs);
    if (!*rows || !*objs) {
        PyErr_NoMemory();
        return -1;
    }
    PyObject *key, *value;
    while (PyDict_Next(map, &pos, &key, &value)) {
        const char *name = PyUnicode_Check(key) ? PyUnicode_AsUTF8AndSize(key, NULL) : NULL;
        if (!name) {
            PyErr_Clear();
            PyErr_Format(PyExc_TypeError, "dispatch's %s: the names must be str, not %R", what, key);
            return -1;
        }
        if (!PyObject_TypeCheck(value, pynnx.tensor_type) || !((pynnx_tensor *)value)->t) {
            PyErr_Format(PyExc_TypeError, "dispatch's %s['%s'] must be a live MLTensor, not %R", what, name, value);
            return -1;
        }
        pynnx_tensor *t = (pynnx_tensor *)value;
        if (t->owner != c) {
            pynnx_raise(NNX_ERROR_INVALID_ARGUMENT, "a tensor of another MLContext was given to dispatch");
            return -1;
        }
        (*rows)[i].name = name;
        (*rows)[i].tensor = t->t;
        (*objs)[i] = t;
        i++;
    }
    return n;
}

static PyObject *context_dispatch(PyObject *self, PyObject *args, PyObject *kwargs)
{
    static char *kw[] = {"graph", "inputs", "outputs", NULL};
    pynnx_context *c = (pynnx_context *)self;
    PyObject *graph, *inputs, *outputs;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOO:dispatch", kw, &graph, &inputs, &outputs) ||
        !is_graph_of(c, graph, "dispatch's graph"))
        return NULL;
    nnx_named_tensor *in = NULL, *out = NULL;
    pynnx_tensor **in_objs = NULL, **out_objs = NULL;
    PyObject *result = NULL;
    Py_ssize_t n_in = named_tensors(c, inputs, "inputs", &in, &in_objs);
    Py_ssize_t n_out = n_in < 0 ? -1 : named_tensors(c, outputs, "outputs", &out, &out_objs);
    if (n_in < 0 || n_out < 0)
        goto done;
    /* A tensor another thread's dispatch writes cannot be read or written here, nor one it
     * reads be written. */
    for (Py_ssize_t i = 0; i < n_in; i++)
        if (in_objs[i]->writing) {
            pynnx_raise(NNX_ERROR_INVALID_STATE, "an input tensor is being written by a dispatch on another thread");
            goto done;
        }
    for (Py_ssize_t i = 0; i < n_out; i++)
        if (out_objs[i]->writing || out_objs[i]->readers) {
            pynnx_raise(NNX_ERROR_INVALID_STATE, "an output tensor is in use by a dispatch on another thread");
            goto done;
        }
    for (Py_ssize_t i = 0; i < n_in; i++)
        in_objs[i]->readers++;
    for (Py_ssize_t i = 0; i < n_out; i++)
        out_objs[i]->writing++;
    nnx_status st;
    nnx_graph *g = ((pynnx_graph *)graph)->g;
    Py_BEGIN_ALLOW_THREADS
    st = nnx_context_dispatch(c->ctx, g, in, (size_t)n_in, out, (size_t)n_out);
    Py_END_ALLOW_THREADS
    for (Py_ssize_t i = 0; i < n_in; i++)
        in_objs[i]->readers--;
    for (Py_ssize_t i = 0; i < n_out; i++)
        out_objs[i]->writing--;
    result = st == NNX_OK ? Py_NewRef(Py_None) : pynnx_raise_context(st, c->ctx);
done:
    PyMem_Free(in);
    PyMem_Free(out);
    PyMem_Free(in_objs);
    PyMem_Free(out_objs);
    return result;
}

static PyObject *new_tensor(pynnx_context *c, nnx_tensor *t, bool constant)
{
    pynnx_tensor *o = PyObject_New(pynnx_tensor, pynnx.tensor_type);
    if (!o) {
        nnx_tensor_destroy(t);
        return NULL;
    }
    o->owner = (pynnx_context *)Py_NewRef((PyObject *)c);
    o->t = t;
    nnx_tensor_get_desc(t, &o->desc);
    o->constant = constant;
    o->readers = o->writing = 0;
    return (PyObject *)o;
}

static PyObject *context_create_tensor(PyObject *self, PyObject *args, PyObject *kwargs)
{
    static char *kw[] = {"dtype", "shape", "readable", "writable", NULL};
    pynnx_context *c = (pynnx_context *)self;
    PyObject *dtype, *shape;
    int readable = 1, writable = 1;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OO|$pp:create_tensor", kw, &dtype, &shape, &readable, &writable))
        return NULL;
    nnx_tensor_desc d = {.readable = readable, .writable = writable};
    if (!pynnx_dtype_from_obj(dtype, &d.desc.dtype) || !pynnx_shape_from_obj(shape, &d.desc, "create_tensor"))
        return NULL;
    nnx_tensor *t = NULL;
    nnx_status st = nnx_tensor_create(c->ctx, &d, &t);
    if (st != NNX_OK)
        return pynnx_raise_context(st, c->ctx);
    return new_tensor(c, t, false);
}

static PyObject *context_create_constant_tensor(PyObject *self, PyObject *arg)
{
    pynnx_context *c = (pynnx_context *)self;
    pynnx_array_in in;
    if (!pynnx_array_in_get(&in, arg, NNX_DTYPE_UNDEFINED, "create_constant_tensor's array"))
        return NULL;
    nnx_tensor *t = NULL;
    nnx_status st = nnx_tensor_create_constant(c->ctx, &in.desc, in.data, in.size, &t);
    pynnx_array_in_release(&in);
    if (st != NNX_OK)
        return pynnx_raise_context(st, c->ctx);
    return new_tensor(c, t, true);
}

/* The live tensor of this context in obj, free of other threads' dispatches for `access`
 * (1 read, 2 write). */
static pynnx_tensor *usable_tensor(pynnx_context *c, PyObject *obj, int access, const char *call)
{
    if (!PyObject_TypeCheck(obj, pynnx.tensor_type)) {
        PyErr_Format(PyExc_TypeError, "%s: expected an MLTensor, not %R", call, PYNNX_TYPE_OF(obj));
        return NULL;
    }
    pynnx_tensor *t = (pynnx_tensor *)obj;
    if (!t->t)
        return (pynnx_tensor *)pynnx_raise(NNX_ERROR_INVALID_STATE, "the tensor was destroyed");
    if (t->owner != c)
        return (pynnx_tensor *)pynnx_raise(NNX_ERROR_INVALID_ARGUMENT, "the tensor belongs to another MLContext");
    if (t->writing || (access == 2 && t->readers))
        return (pynnx_tensor *)pynnx_raise(NNX_ERROR_INVALID_STATE,
                                           "the tensor is in use by a dispatch on another thread");
    return t;
}

static PyObject *context_write_tensor(PyObject *self, PyObject *args)
{
    PyObject *tobj, *data;
    if (!PyArg_ParseTuple(args, "OO:write_tensor", &tobj, &data))
        return NULL;
    pynnx_tensor *t = usable_tensor((pynnx_context *)self, tobj, 2, "write_tensor");
    if (!t)
        return NULL;
    pynnx_array_in in;
    if (!pynnx_array_in_get(&in, data, t->desc.desc.dtype, "write_tensor's data"))
        return NULL;
    if (in.desc.rank != t->desc.desc.rank ||
        memcmp(in.desc.shape, t->desc.desc.shape, in.desc.rank * sizeof in.desc.shape[0]) != 0) {
        char a[160], b[160];
        pynnx_array_in_release(&in);
        return PyErr_Format(PyExc_ValueError, "write_tensor: the data is %s, the tensor %s",
                            pynnx_desc_text(&in.desc, NULL, a, sizeof a),
                            pynnx_desc_text(&t->desc.desc, NULL, b, sizeof b));
    }
    nnx_status st = nnx_tensor_write(t->t, in.data, in.size);
    pynnx_array_in_release(&in);
    return st == NNX_OK ? Py_NewRef(Py_None) : pynnx_raise_context(st, ((pynnx_context *)self)->ctx);
}

static PyObject *context_read_tensor(PyObject *self, PyObject *args, PyObject *kwargs)
{
    static char *kw[] = {"tensor", "out", NULL};
    PyObject *tobj, *out = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|O:read_tensor", kw, &tobj, &out))
        return NULL;
    pynnx_tensor *t = usable_tensor((pynnx_context *)self, tobj, 1, "read_tensor");
    if (!t)
        return NULL;
    nnx_status st;
    if (out == Py_None) {
        void *data;
        PyObject *arr = pynnx_array_empty(&t->desc.desc, &data);
        if (!arr)
            return NULL;
        size_t bytes = 0;
        nnx_operand_desc_bytes(&t->desc.desc, &bytes);
        st = nnx_tensor_read(t->t, data, bytes);
        if (st != NNX_OK) {
            Py_DECREF(arr);
            return pynnx_raise_context(st, ((pynnx_context *)self)->ctx);
        }
        return arr;
    }
    Py_buffer view;
    if (PyObject_GetBuffer(out, &view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) < 0)
        return NULL;
    st = nnx_tensor_read(t->t, view.buf, (size_t)view.len);
    PyBuffer_Release(&view);
    if (st != NNX_OK)
        return pynnx_raise_context(st, ((pynnx_context *)self)->ctx);
    return Py_NewRef(out);
}

static PyObject *limits_dict(const nnx_tensor_limits *l)
{
    PyObject *types = PyList_New(0);
    for (int dt = 1; types && dt < 32; dt++)
        if (l->dtypes & (1u << dt)) {
            PyObject *name = PyUnicode_FromString(nnx_dtype_name((nnx_dtype)dt));
            if (!name || PyList_Append(types, name) < 0) {
                Py_XDECREF(name);
                Py_CLEAR(types);
            } else {
                Py_DECREF(name);
            }
        }
    if (!types)
        return NULL;
    return Py_BuildValue("{s:N,s:{s:I,s:I}}", "dataTypes", types, "rankRange", "min", (unsigned)l->rank_min, "max",
                         (unsigned)l->rank_max);
}

static PyObject *context_op_support_limits(PyObject *self, PyObject *unused)
{
    pynnx_context *c = (pynnx_context *)self;
    nnx_op_support_limits all;
    nnx_status st = nnx_context_op_support_limits(c->ctx, &all);
    if (st != NNX_OK)
        return pynnx_raise_context(st, c->ctx);
    PyObject *d = Py_BuildValue("{s:s,s:K,s:K,s:N,s:N,s:N}", "preferredInputLayout",
                                all.preferred_input_layout == NNX_LAYOUT_NHWC ? "nhwc" : "nchw", "maxTensorByteLength",
                                (unsigned long long)all.max_tensor_byte_length, "maxTensorElements",
                                (unsigned long long)all.max_tensor_elements, "input", limits_dict(&all.input),
                                "constant", limits_dict(&all.constant), "output", limits_dict(&all.output));
    size_t count = 0;
    const nnx_operand_limits *rows = nnx_context_operand_limits_table(c->ctx, &count);
    for (size_t i = 0; d && i < count; i++) {
        PyObject *op = PyDict_GetItemString(d, rows[i].operation); /* borrowed */
        if (!op) {
            op = PyDict_New();
            if (!op || PyDict_SetItemString(d, rows[i].operation, op) < 0) {
                Py_XDECREF(op);
                Py_CLEAR(d);
                break;
            }
            Py_DECREF(op); /* d holds it */
        }
        PyObject *l = limits_dict(&rows[i].limits);
        if (!l || PyDict_SetItemString(op, rows[i].operand, l) < 0)
            Py_CLEAR(d);
        Py_XDECREF(l);
    }
    return d;
}

static PyObject *context_get_threads(PyObject *self, void *unused)
{
    return PyLong_FromUnsignedLong(((pynnx_context *)self)->threads);
}

static PyMethodDef context_methods[] = {
    {"compute", (PyCFunction)(void (*)(void))context_compute, METH_VARARGS | METH_KEYWORDS,
     "compute($self, graph, /, *inputs, outputs=None)\n--\n\nRuns graph on NumPy arrays: inputs is {name: array} "
     "(or the arrays in the graph's input order). Returns {name: array}; outputs selects some."},
    {"dispatch", (PyCFunction)(void (*)(void))context_dispatch, METH_VARARGS | METH_KEYWORDS,
     "dispatch($self, graph, inputs, outputs)\n--\n\nRuns graph reading the MLTensors of inputs ({name: tensor}) and "
     "writing those of outputs, without the GIL."},
    {"create_tensor", (PyCFunction)(void (*)(void))context_create_tensor, METH_VARARGS | METH_KEYWORDS,
     "create_tensor($self, dtype, shape, *, readable=True, writable=True)\n--\n\nA zero-filled tensor."},
    {"create_constant_tensor", context_create_constant_tensor, METH_O,
     "create_constant_tensor($self, array, /)\n--\n\nA constant tensor holding a copy of array, for "
     "MLGraphBuilder.constant."},
    {"write_tensor", context_write_tensor, METH_VARARGS,
     "write_tensor($self, tensor, data, /)\n--\n\nCopies data (an array of the tensor's type and shape) into tensor."},
    {"read_tensor", (PyCFunction)(void (*)(void))context_read_tensor, METH_VARARGS | METH_KEYWORDS,
     "read_tensor($self, tensor, out=None)\n--\n\nA copy of the tensor's contents (into out when given: a "
     "writable C-contiguous buffer of the tensor's byte length)."},
    {"op_support_limits", context_op_support_limits, METH_NOARGS,
     "op_support_limits($self)\n--\n\nWebNN's MLOpSupportLimits: preferredInputLayout, maxTensorByteLength, input, "
     "constant, output, and per operation (WebNN names: 'conv2d', 'averagePool2d') per operand {dataTypes, "
     "rankRange}."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef context_getset[] = {
    {"threads", context_get_threads, NULL, "Worker threads asked for (0: one per core).", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyType_Slot context_slots[] = {
    {Py_tp_new, context_new},
    {Py_tp_dealloc, context_dealloc},
    {Py_tp_repr, context_repr},
    {Py_tp_methods, context_methods},
    {Py_tp_getset, context_getset},
    {Py_tp_doc,
     "MLContext(*, threads=0)\n\nWebNN's MLContext on the CPU: graphs are built on it (MLGraphBuilder), "
     "run with compute() or dispatch(). threads: worker threads, 0 = one per core."},
    {0, NULL},
};

static PyType_Spec context_spec = {"nnx.ml.MLContext", sizeof(pynnx_context), 0, Py_TPFLAGS_DEFAULT, context_slots};

int pynnx_context_init(PyObject *m)
{
    pynnx.context_type = (PyTypeObject *)PyType_FromSpec(&context_spec);
    if (!pynnx.context_type)
        return -1;
    return PyModule_AddObjectRef(m, "MLContext", (PyObject *)pynnx.context_type);
}
