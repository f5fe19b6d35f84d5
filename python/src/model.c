/* model.c — nnx.load and nnx.convert, and nnx.Model: a model file of any format nnx reads
 * (NNEF, ONNX, NNVM JSON with .params, TOSA), loaded and compiled without the GIL on a
 * context of its own, run on NumPy arrays, saved in any format nnx writes. */
#include "pynnx.h"

#include <string.h>

/* The load options from Python arguments; strings borrowed from the arguments (and from
 * *keep, which the caller releases). */
typedef struct load_args {
    nnx_model_options o;
    nnx_input_shape shapes[64];
    nnx_dim_binding dims[64];
    PyObject *keep; /* a list holding the encoded strings */
    pynnx_values values;
} load_args;

static const char *keep_str(load_args *a, PyObject *s, const char *what)
{
    if (!PyUnicode_Check(s)) {
        PyErr_Format(PyExc_TypeError, "%s: names must be str, not %R", what, s);
        return NULL;
    }
    PyObject *b = PyUnicode_AsUTF8String(s);
    if (!b || PyList_Append(a->keep, b) < 0) {
        Py_XDECREF(b);
        return NULL;
    }
    Py_DECREF(b);
    return PyBytes_AsString(b);
}

/* limits {"max_depth": n, ...}: the limit fields of nnx_model_options
 * (nnx_model_options_set_limit), each an int from 1 up to what its field holds. */
static bool parse_limits(load_args *a, PyObject *limits)
{
    if (!PyDict_Check(limits)) {
        PyErr_SetString(PyExc_TypeError, "limits must be a dict {\"max_depth\": n, ...}");
        return false;
    }
    Py_ssize_t pos = 0;
    PyObject *key, *value;
    while (PyDict_Next(limits, &pos, &key, &value)) {
        const char *k = PyUnicode_Check(key) ? PyUnicode_AsUTF8AndSize(key, NULL) : NULL;
        uint64_t max = k ? nnx_model_limit_max(k) : 0;
        if (!max) {
            PyErr_Clear();
            PyErr_Format(PyExc_ValueError,
                         "limits: unknown limit %R (max_depth, max_names, max_operations, max_elements, "
                         "max_archive_bytes, max_archive_ratio)",
                         key);
            return false;
        }
        unsigned long long v = PyLong_Check(value) ? PyLong_AsUnsignedLongLong(value) : 0;
        if (PyErr_Occurred() || nnx_model_options_set_limit(&a->o, k, v) != NNX_OK) {
            PyErr_Clear();
            PyErr_Format(PyExc_ValueError, "limits['%s'] must be an int from 1 to %llu, not %R", k,
                         (unsigned long long)max, value);
            return false;
        }
    }
    return true;
}

static bool parse_load_args(load_args *a, PyObject *input_shapes, PyObject *dims, PyObject *params, PyObject *values,
                            PyObject *limits)
{
    memset(a, 0, sizeof *a);
    a->keep = PyList_New(0);
    if (!a->keep || !pynnx_values_get(&a->values, values))
        return false;
    a->o.values = a->values.values;
    a->o.value_count = (uint32_t)a->values.n_values;
    Py_ssize_t pos = 0;
    PyObject *key, *value;
    if (input_shapes != Py_None) {
        if (!PyDict_Check(input_shapes) || PyDict_Size(input_shapes) > 64) {
            PyErr_SetString(PyExc_TypeError, "input_shapes must be a dict {name: shape} of at most 64 inputs");
            return false;
        }
        while (PyDict_Next(input_shapes, &pos, &key, &value)) {
            nnx_input_shape *s = &a->shapes[a->o.input_shape_count];
            nnx_operand_desc d = {0};
            if (!(s->name = keep_str(a, key, "input_shapes")) || !pynnx_shape_from_obj(value, &d, "input_shapes"))
                return false;
            s->rank = d.rank;
            memcpy(s->shape, d.shape, sizeof s->shape);
            a->o.input_shape_count++;
        }
        a->o.input_shapes = a->shapes;
    }
    if (dims != Py_None) {
        if (!PyDict_Check(dims) || PyDict_Size(dims) > 64) {
            PyErr_SetString(PyExc_TypeError, "dims must be a dict {dimension name: extent} of at most 64 names");
            return false;
        }
        pos = 0;
        while (PyDict_Next(dims, &pos, &key, &value)) {
            nnx_dim_binding *b = &a->dims[a->o.dim_count];
            long v = PyLong_Check(value) ? PyLong_AsLong(value) : -1;
            if (!(b->name = keep_str(a, key, "dims")))
                return false;
            if (v < 1 || v > UINT32_MAX) {
                PyErr_Clear();
                PyErr_Format(PyExc_ValueError, "dims['%s'] must be an int from 1 to 4294967295, not %R", b->name,
                             value);
                return false;
            }
            b->extent = (uint32_t)v;
            a->o.dim_count++;
        }
        a->o.dims = a->dims;
    }
    if (params != Py_None) {
        PyObject *b = NULL;
        if (!PyUnicode_FSConverter(params, &b))
            return false;
        int bad = PyList_Append(a->keep, b);
        Py_DECREF(b);
        if (bad < 0)
            return false;
        a->o.params_path = PyBytes_AsString(b);
    }
    return limits == Py_None || parse_limits(a, limits);
}

/* Loads path on ctx (and, when build, compiles it) without the GIL. */
static nnx_status load_model(nnx_context *ctx, const char *path, const load_args *a, nnx_model **m, nnx_graph **g)
{
    nnx_status st;
    Py_BEGIN_ALLOW_THREADS
    st = nnx_model_load(ctx, path, &a->o, m);
    /* A model whose outputs are all strings has no graph (model_strings.c). */
    if (st == NNX_OK && g && (nnx_model_output_count(*m) || !nnx_model_string_output_count(*m)))
        st = nnx_model_build(*m, g);
    Py_END_ALLOW_THREADS
    return st;
}

static PyObject *nnx_load(PyObject *module, PyObject *args, PyObject *kwargs)
{
    static char *kw[] = {"path", "input_shapes", "params", "threads", "dims", "values", "limits", NULL};
    PyObject *path = NULL, *input_shapes = Py_None, *params = Py_None, *dims = Py_None, *values = Py_None;
    PyObject *limits = Py_None;
    unsigned int threads = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O&|OOI$OOO:load", kw, PyUnicode_FSConverter, &path, &input_shapes,
                                     &params, &threads, &dims, &values, &limits))
        return NULL;
    load_args a;
    pynnx_model *m = NULL;
    pynnx_context *c = NULL;
    if (!parse_load_args(&a, input_shapes, dims, params, values, limits) || !(c = pynnx_context_new(threads)))
        goto fail;
    nnx_model *model = NULL;
    nnx_graph *graph = NULL;
    nnx_status st = load_model(c->ctx, PyBytes_AsString(path), &a, &model, &graph);
    if (st != NNX_OK) {
        pynnx_raise_context(st, c->ctx);
        nnx_model_destroy(model);
        goto fail;
    }
    m = PyObject_New(pynnx_model, pynnx.model_type);
    if (!m) {
        nnx_graph_destroy(graph);
        nnx_model_destroy(model);
        goto fail;
    }
    m->owner = c;
    m->m = model;
    m->graph = NULL;
    m->strings = m->inputs = m->outputs = NULL;
    m->path = PyUnicode_DecodeFSDefault(PyBytes_AsString(path));
    c = NULL;
    if (!m->path || (graph && !(m->graph = pynnx_graph_wrap(m->owner, graph))) ||
        !(m->strings = pynnx_model_strings(model)) ||
        !(m->inputs = m->graph ? Py_NewRef(m->graph->inputs) : PyTuple_New(0)) ||
        !(m->outputs = pynnx_model_outputs(m->graph ? m->graph->outputs : NULL, m->strings)))
        Py_CLEAR(m);
fail:
    Py_XDECREF((PyObject *)c);
    Py_XDECREF(a.keep);
    Py_DECREF(path);
    return (PyObject *)m;
}

static PyObject *nnx_convert(PyObject *module, PyObject *args, PyObject *kwargs)
{
    static char *kw[] = {"src", "dst", "input_shapes", "params", "dims", "values", "force", "limits", NULL};
    PyObject *src = NULL, *dst = NULL, *input_shapes = Py_None, *params = Py_None, *dims = Py_None, *values = Py_None;
    PyObject *limits = Py_None;
    int force = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O&O&|OO$OOpO:convert", kw, PyUnicode_FSConverter, &src,
                                     PyUnicode_FSConverter, &dst, &input_shapes, &params, &dims, &values, &force,
                                     &limits))
        return NULL;
    nnx_save_options so = {.flags = force ? NNX_SAVE_REPLACE : 0};
    load_args a;
    PyObject *result = NULL;
    pynnx_context *c = NULL;
    if (parse_load_args(&a, input_shapes, dims, params, values, limits) && (c = pynnx_context_new(1))) {
        nnx_model *model = NULL;
        nnx_status st = load_model(c->ctx, PyBytes_AsString(src), &a, &model, NULL);
        if (st == NNX_OK) {
            const char *to = PyBytes_AsString(dst);
            Py_BEGIN_ALLOW_THREADS
            st = nnx_model_save_with(model, to, &so);
            Py_END_ALLOW_THREADS
        }
        result = st == NNX_OK ? Py_NewRef(Py_None) : pynnx_raise_context(st, c->ctx);
        nnx_model_destroy(model);
    }
    Py_XDECREF((PyObject *)c);
    Py_XDECREF(a.keep);
    Py_DECREF(src);
    Py_DECREF(dst);
    return result;
}

static void model_dealloc(PyObject *self)
{
    pynnx_model *m = (pynnx_model *)self;
    PyTypeObject *type = Py_TYPE(self);
    Py_XDECREF((PyObject *)m->graph);
    Py_XDECREF(m->strings);
    Py_XDECREF(m->inputs);
    Py_XDECREF(m->outputs);
    if (m->m)
        nnx_model_destroy(m->m);
    Py_XDECREF(m->path);
    Py_XDECREF((PyObject *)m->owner);
    PyObject_Free(self);
    Py_DECREF(type);
}

static PyObject *model_repr(PyObject *self)
{
    pynnx_model *m = (pynnx_model *)self;
    PyObject *in = pynnx_infos_text(m->inputs), *out = in ? pynnx_infos_text(m->outputs) : NULL;
    PyObject *r = out ? PyUnicode_FromFormat("Model(%R, inputs=[%U], outputs=[%U])", m->path, in, out) : NULL;
    Py_XDECREF(in);
    Py_XDECREF(out);
    return r;
}

static PyObject *model_run(PyObject *self, PyObject *args, PyObject *kwargs)
{
    return pynnx_model_run((pynnx_model *)self, args, kwargs);
}

static nnx_status save_model(void *m, const char *path, const nnx_save_options *o)
{
    return nnx_model_save_with(m, path, o);
}

static PyObject *model_save(PyObject *self, PyObject *args, PyObject *kwargs)
{
    pynnx_model *m = (pynnx_model *)self;
    return pynnx_save(args, kwargs, save_model, m->m, m->owner->ctx);
}

static PyObject *model_dot(PyObject *self, PyObject *unused)
{
    pynnx_model *m = (pynnx_model *)self;
    const char *dot = nnx_model_dot(m->m);
    return dot ? PyUnicode_FromString(dot) : pynnx_raise_context(NNX_ERROR_OUT_OF_MEMORY, m->owner->ctx);
}

static PyObject *model_get_inputs(PyObject *self, void *unused) { return Py_NewRef(((pynnx_model *)self)->inputs); }
static PyObject *model_get_outputs(PyObject *self, void *unused) { return Py_NewRef(((pynnx_model *)self)->outputs); }
static PyObject *model_get_graph(PyObject *self, void *unused)
{
    pynnx_model *m = (pynnx_model *)self;
    return m->graph ? Py_NewRef((PyObject *)m->graph) : Py_NewRef(Py_None);
}
static PyObject *model_get_path(PyObject *self, void *unused) { return Py_NewRef(((pynnx_model *)self)->path); }
static PyObject *model_get_ops(PyObject *self, void *unused)
{
    nnx_model *m = ((pynnx_model *)self)->m;
    size_t n = nnx_model_op_count(m);
    PyObject *t = PyTuple_New((Py_ssize_t)n);
    for (size_t i = 0; t && i < n; i++) {
        PyObject *s = PyUnicode_FromString(nnx_model_op_name(m, i));
        if (!s || PyTuple_SetItem(t, (Py_ssize_t)i, s) < 0)
            Py_CLEAR(t);
    }
    return t;
}
static PyObject *model_get_parameters(PyObject *self, void *unused)
{
    uint64_t count = 0, bytes = 0;
    nnx_model_parameters(((pynnx_model *)self)->m, &count, &bytes);
    return Py_BuildValue("(KK)", (unsigned long long)count, (unsigned long long)bytes);
}
static PyObject *model_get_staged(PyObject *self, void *unused)
{
    const char *why = nnx_model_staged_reason(((pynnx_model *)self)->m);
    return why ? PyUnicode_FromString(why) : Py_NewRef(Py_None);
}

static PyMethodDef model_methods[] = {
    {"run", (PyCFunction)(void (*)(void))model_run, METH_VARARGS | METH_KEYWORDS,
     "run($self, /, *inputs, outputs=None)\n--\n\nRuns the model: inputs is {name: array} or the arrays in input "
     "order (run(a, b) or run([a, b])). Arrays of the input's dtype that are C-contiguous and aligned are read in "
     "place; other arrays are copied; lists and scalars are converted to the input's dtype; an array of another "
     "dtype is a TypeError, a wrong shape or a missing or unknown name a ValueError. Returns {name: numpy.ndarray} "
     "for every output, or for the names in outputs. The GIL is released while the model runs."},
    {"save", (PyCFunction)(void (*)(void))model_save, METH_VARARGS | METH_KEYWORDS,
     "save($self, path, *, force=False)\n--\n\nWrites the model: NNEF (a folder, .tar or .tgz), .tosa, or .json (NNVM "
     "graph "
     "JSON with .params), chosen by path's ending; force=True "
     "replaces the content of an existing folder."},
    {"dot", model_dot, METH_NOARGS, "dot($self)\n--\n\nThe graph as Graphviz dot text."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef model_getset[] = {
    {"inputs", model_get_inputs, NULL, "The inputs: a tuple of TensorInfo(name, dtype, shape).", NULL},
    {"outputs", model_get_outputs, NULL, "The outputs: a tuple of TensorInfo(name, dtype, shape).", NULL},
    {"graph", model_get_graph, NULL,
     "The compiled MLGraph (its context is .graph.context); None when every output is a string.", NULL},
    {"path", model_get_path, NULL, "The path the model was loaded from.", NULL},
    {"ops", model_get_ops, NULL, "The operation names in execution order (after expansion).", NULL},
    {"parameters", model_get_parameters, NULL, "(count, bytes) of the model's weights.", NULL},
    {"staged_reason", model_get_staged, NULL,
     "Why the model runs in stages (output shapes that depend on data), or None.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyType_Slot model_slots[] = {
    {Py_tp_dealloc, model_dealloc},
    {Py_tp_repr, model_repr},
    {Py_tp_methods, model_methods},
    {Py_tp_getset, model_getset},
    {Py_tp_doc, "Model: a model file loaded and compiled by nnx.load."},
    {0, NULL},
};

static PyType_Spec model_spec = {"nnx.Model", sizeof(pynnx_model), 0,
                                 Py_TPFLAGS_DEFAULT | Py_TPFLAGS_DISALLOW_INSTANTIATION, model_slots};

static PyMethodDef model_functions[] = {
    {"load", (PyCFunction)(void (*)(void))nnx_load, METH_VARARGS | METH_KEYWORDS,
     "load(path, input_shapes=None, params=None, threads=0, *, dims=None, values=None, limits=None)\n--\n\nReads, "
     "checks and "
     "compiles "
     "a model: NNEF (folder, graph.nnef, .tar, .tgz), ONNX (.onnx), NNVM graph JSON (.json; params: its .params, "
     "default the one beside it) or TOSA (.tosa). input_shapes {name: shape} and dims {dimension name: extent} bind "
     "symbolic dimensions; a model left with symbolic dimensions compiles per input shape set at run time. threads: "
     "worker threads, 0 = one per core. values (ONNX) {name: value} gives input values the model needs while it "
     "loads: an array, a list of arrays for a sequence input (its elements become the inputs name[0], ...), None "
     "for an optional input left out, a NumPy array of str for a string input. limits {\"max_operations\": n, ...} "
     "raises the limits on what the file may make nnx do (the max_* fields of nnx_model_options). The GIL is "
     "released while loading and compiling."},
    {"convert", (PyCFunction)(void (*)(void))nnx_convert, METH_VARARGS | METH_KEYWORDS,
     "convert(src, dst, input_shapes=None, params=None, *, dims=None, values=None, force=False, limits=None)\n--\n\n"
     "Reads the model "
     "at src and "
     "writes it "
     "to dst in the format dst's ending names (see Model.save)."},
    {NULL, NULL, 0, NULL},
};

int pynnx_model_init(PyObject *m)
{
    pynnx.model_type = (PyTypeObject *)PyType_FromSpec(&model_spec);
    if (!pynnx.model_type || PyModule_AddObjectRef(m, "Model", (PyObject *)pynnx.model_type) < 0)
        return -1;
    return PyModule_AddFunctions(m, model_functions);
}
