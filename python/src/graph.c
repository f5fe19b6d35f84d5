/* graph.c — nnx.ml.MLGraph (WebNN MLGraph): a compiled graph with its inputs and outputs as
 * TensorInfo(name, dtype, shape) tuples (symbolic dimensions as their names, unknown ones as
 * None), save() in any format nnx writes, and nnx.TensorInfo itself. */
#include "pynnx.h"

#include <string.h>

static PyStructSequence_Field info_fields[] = {
    {"name", "The tensor's name in the graph."},
    {"dtype", "Its element type: a numpy.dtype, or a str for types NumPy lacks ('bfloat16')."},
    {"shape",
     "A tuple: an int per fixed dimension, the name of a symbolic one ('batch', '2*seq'), None for "
     "an unknown one."},
    {NULL, NULL},
};
static PyStructSequence_Desc info_desc = {"nnx.TensorInfo", "An input or output of a model or graph.", info_fields, 3};

PyObject *pynnx_tensor_info(const char *name, const nnx_operand_desc *d, const char *const *dims)
{
    PyObject *info = PyStructSequence_New(pynnx.tensor_info_type);
    if (!info)
        return NULL;
    PyObject *shape = PyTuple_New(d->rank);
    for (uint32_t i = 0; shape && i < d->rank; i++) {
        PyObject *v;
        if (dims && dims[i])
            v = strcmp(dims[i], "?") == 0 ? Py_NewRef(Py_None) : PyUnicode_FromString(dims[i]);
        else
            v = PyLong_FromUnsignedLong(d->shape[i]);
        if (!v || PyTuple_SetItem(shape, i, v) < 0)
            Py_CLEAR(shape);
    }
    PyObject *n = PyUnicode_FromString(name ? name : "");
    PyObject *dt = pynnx_dtype_to_obj(d->dtype);
    if (!shape || !n || !dt) {
        Py_XDECREF(shape);
        Py_XDECREF(n);
        Py_XDECREF(dt);
        Py_DECREF(info);
        return NULL;
    }
    PyStructSequence_SetItem(info, 0, n);
    PyStructSequence_SetItem(info, 1, dt);
    PyStructSequence_SetItem(info, 2, shape);
    return info;
}

/* The graph's inputs (io 0) or outputs (io 1) as a tuple of TensorInfo. */
static PyObject *graph_infos(nnx_graph *g, int io)
{
    size_t n = io ? nnx_graph_output_count(g) : nnx_graph_input_count(g);
    PyObject *t = PyTuple_New((Py_ssize_t)n);
    for (size_t i = 0; t && i < n; i++) {
        nnx_operand_desc d;
        const char *dims[NNX_MAX_RANK];
        (io ? nnx_graph_output_desc : nnx_graph_input_desc)(g, i, &d);
        for (uint32_t k = 0; k < d.rank; k++)
            dims[k] = io ? nnx_graph_output_dim_name(g, i, k) : nnx_graph_input_dim_name(g, i, k);
        PyObject *info = pynnx_tensor_info(io ? nnx_graph_output_name(g, i) : nnx_graph_input_name(g, i), &d, dims);
        if (!info || PyTuple_SetItem(t, (Py_ssize_t)i, info) < 0)
            Py_CLEAR(t);
    }
    return t;
}

pynnx_graph *pynnx_graph_wrap(pynnx_context *owner, nnx_graph *g)
{
    pynnx_graph *o = PyObject_New(pynnx_graph, pynnx.graph_type);
    if (!o) {
        nnx_graph_destroy(g);
        return NULL;
    }
    o->owner = (pynnx_context *)Py_NewRef((PyObject *)owner);
    o->g = g;
    o->inputs = graph_infos(g, 0);
    o->outputs = o->inputs ? graph_infos(g, 1) : NULL;
    if (!o->outputs) {
        Py_DECREF(o);
        return NULL;
    }
    return o;
}

static void graph_dealloc(PyObject *self)
{
    pynnx_graph *g = (pynnx_graph *)self;
    PyTypeObject *type = Py_TYPE(self);
    if (g->g)
        nnx_graph_destroy(g->g);
    Py_XDECREF(g->inputs);
    Py_XDECREF(g->outputs);
    Py_XDECREF((PyObject *)g->owner);
    PyObject_Free(self);
    Py_DECREF(type);
}

/* "x: float32[batch,3], y: int64[4]" for the tensors of infos. */
PyObject *pynnx_infos_text(PyObject *infos)
{
    PyObject *parts = PyList_New(0);
    Py_ssize_t n = parts ? PyTuple_Size(infos) : 0;
    for (Py_ssize_t i = 0; parts && i < n; i++) {
        PyObject *info = PyTuple_GetItem(infos, i);
        PyObject *name = PyStructSequence_GetItem(info, 0), *dt = PyStructSequence_GetItem(info, 1),
                 *shape = PyStructSequence_GetItem(info, 2);
        PyObject *dims = PyUnicode_FromString("");
        Py_ssize_t rank = PyTuple_Size(shape);
        for (Py_ssize_t k = 0; dims && k < rank; k++) {
            PyObject *v = PyTuple_GetItem(shape, k);
            PyObject *s = v == Py_None ? PyUnicode_FromString("?") : PyObject_Str(v);
            PyObject *joined = s ? PyUnicode_FromFormat("%U%s%U", dims, k ? "," : "", s) : NULL;
            Py_XDECREF(s);
            Py_DECREF(dims);
            dims = joined;
        }
        PyObject *part = dims ? PyUnicode_FromFormat("%U: %S[%U]", name, dt, dims) : NULL;
        Py_XDECREF(dims);
        if (!part || PyList_Append(parts, part) < 0)
            Py_CLEAR(parts);
        Py_XDECREF(part);
    }
    if (!parts)
        return NULL;
    PyObject *sep = PyUnicode_FromString(", ");
    PyObject *text = sep ? PyUnicode_Join(sep, parts) : NULL;
    Py_XDECREF(sep);
    Py_DECREF(parts);
    return text;
}

static PyObject *graph_repr(PyObject *self)
{
    pynnx_graph *g = (pynnx_graph *)self;
    PyObject *in = pynnx_infos_text(g->inputs), *out = in ? pynnx_infos_text(g->outputs) : NULL;
    PyObject *r = out ? PyUnicode_FromFormat("MLGraph(inputs=[%U], outputs=[%U])", in, out) : NULL;
    Py_XDECREF(in);
    Py_XDECREF(out);
    return r;
}

PyObject *pynnx_save(PyObject *args, PyObject *kwargs, pynnx_save_fn save, void *object, const nnx_context *ctx)
{
    static char *kw[] = {"path", "force", NULL};
    PyObject *bytes = NULL;
    int force = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O&|$p:save", kw, PyUnicode_FSConverter, &bytes, &force))
        return NULL;
    const char *path = PyBytes_AsString(bytes);
    nnx_save_options o = {.flags = force ? NNX_SAVE_REPLACE : 0};
    nnx_status st;
    Py_BEGIN_ALLOW_THREADS
    st = save(object, path, &o);
    Py_END_ALLOW_THREADS
    Py_DECREF(bytes);
    return st == NNX_OK ? Py_NewRef(Py_None) : pynnx_raise_context(st, ctx);
}

static nnx_status save_graph(void *g, const char *path, const nnx_save_options *o)
{
    return nnx_graph_save_with(g, path, o);
}

static PyObject *graph_save(PyObject *self, PyObject *args, PyObject *kwargs)
{
    pynnx_graph *g = (pynnx_graph *)self;
    return pynnx_save(args, kwargs, save_graph, g->g, g->owner->ctx);
}

static PyObject *graph_get_inputs(PyObject *self, void *unused) { return Py_NewRef(((pynnx_graph *)self)->inputs); }
static PyObject *graph_get_outputs(PyObject *self, void *unused) { return Py_NewRef(((pynnx_graph *)self)->outputs); }
static PyObject *graph_get_staged(PyObject *self, void *unused)
{
    const char *why = nnx_graph_staged_reason(((pynnx_graph *)self)->g);
    return why ? PyUnicode_FromString(why) : Py_NewRef(Py_None);
}
static PyObject *graph_get_planned(PyObject *self, void *unused)
{
    return PyLong_FromUnsignedLongLong(nnx_graph_planned_bytes(((pynnx_graph *)self)->g));
}
static PyObject *graph_get_context(PyObject *self, void *unused)
{
    return Py_NewRef((PyObject *)((pynnx_graph *)self)->owner);
}

static PyMethodDef graph_methods[] = {
    {"save", (PyCFunction)(void (*)(void))graph_save, METH_VARARGS | METH_KEYWORDS,
     "save($self, path, *, force=False)\n--\n\nWrites the graph: NNEF (a folder, .tar or .tgz), .tosa (TOSA 1.0 "
     "flatbuffer) or "
     ".json "
     "(NNVM graph JSON with its .params), chosen by path's ending; force=True replaces the content of an existing "
     "folder."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef graph_getset[] = {
    {"inputs", graph_get_inputs, NULL, "The inputs, a tuple of TensorInfo in the graph's order.", NULL},
    {"outputs", graph_get_outputs, NULL, "The outputs, a tuple of TensorInfo.", NULL},
    {"staged_reason", graph_get_staged, NULL,
     "Why the graph runs in stages (the first node whose output shape depends on data), or None.", NULL},
    {"planned_bytes", graph_get_planned, NULL, "The working memory one run needs, in bytes.", NULL},
    {"context", graph_get_context, NULL, "The MLContext the graph belongs to.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyType_Slot graph_slots[] = {
    {Py_tp_dealloc, graph_dealloc},
    {Py_tp_repr, graph_repr},
    {Py_tp_methods, graph_methods},
    {Py_tp_getset, graph_getset},
    {Py_tp_doc,
     "MLGraph: a compiled graph, made by MLGraphBuilder.build (or nnx.load); run it with "
     "MLContext.compute or dispatch."},
    {0, NULL},
};

static PyType_Spec graph_spec = {"nnx.ml.MLGraph", sizeof(pynnx_graph), 0,
                                 Py_TPFLAGS_DEFAULT | Py_TPFLAGS_DISALLOW_INSTANTIATION, graph_slots};

int pynnx_graph_init(PyObject *m)
{
    pynnx.tensor_info_type = PyStructSequence_NewType(&info_desc);
    if (!pynnx.tensor_info_type || PyModule_AddObjectRef(m, "TensorInfo", (PyObject *)pynnx.tensor_info_type) < 0)
        return -1;
    pynnx.graph_type = (PyTypeObject *)PyType_FromSpec(&graph_spec);
    if (!pynnx.graph_type)
        return -1;
    return PyModule_AddObjectRef(m, "MLGraph", (PyObject *)pynnx.graph_type);
}
