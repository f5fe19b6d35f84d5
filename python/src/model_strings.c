/* model_strings.c — the string outputs of an ONNX model (nnx_model_string_output, nnx.h):
 * computed while the model loads, they are values of the model, not outputs of its graph.
 * Model.outputs lists them at their places (dtype object) and Model.run returns a fresh NumPy
 * array of Python str for each, beside the graph's results; a model whose outputs are all
 * strings has no graph (Model.graph is None). */
#include "pynnx.h"

#include <string.h>

PyObject *pynnx_model_strings(nnx_model *m)
{
    size_t n = nnx_model_string_output_count(m);
    PyObject *all = PyTuple_New((Py_ssize_t)n);
    for (size_t i = 0; all && i < n; i++) {
        const char *name;
        uint32_t position;
        nnx_operand_desc d;
        const char *const *strings;
        nnx_model_string_output(m, i, &name, &position, &d, &strings);
        size_t count = 1;
        for (uint32_t k = 0; k < d.rank; k++)
            count *= d.shape[k];
        PyObject *items = PyList_New((Py_ssize_t)count);
        for (size_t k = 0; items && k < count; k++) {
            PyObject *s = PyUnicode_DecodeUTF8(strings[k], (Py_ssize_t)strlen(strings[k]), "surrogateescape");
            if (!s || PyList_SetItem(items, (Py_ssize_t)k, s) < 0)
                Py_CLEAR(items);
        }
        PyObject *shape = items ? pynnx_shape_to_tuple(&d) : NULL;
        PyObject *flat = shape ? PyObject_CallFunction(pynnx.np_asarray, "Os", items, "object") : NULL;
        PyObject *array = flat ? PyObject_CallMethod(flat, "reshape", "O", shape) : NULL;
        PyObject *row = array ? Py_BuildValue("(IsO)", (unsigned)position, name, array) : NULL;
        Py_XDECREF(items);
        Py_XDECREF(shape);
        Py_XDECREF(flat);
        Py_XDECREF(array);
        if (!row || PyTuple_SetItem(all, (Py_ssize_t)i, row) < 0)
            Py_CLEAR(all);
    }
    return all;
}

PyObject *pynnx_model_outputs(PyObject *graph_outputs, PyObject *strings)
{
    Py_ssize_t n_graph = graph_outputs ? PyTuple_Size(graph_outputs) : 0, n_str = PyTuple_Size(strings);
    PyObject *all = PyTuple_New(n_graph + n_str);
    Py_ssize_t next_graph = 0;
    for (Py_ssize_t at = 0; all && at < n_graph + n_str; at++) {
        PyObject *info = NULL;
        for (Py_ssize_t k = 0; k < n_str && !info; k++) {
            PyObject *row = PyTuple_GetItem(strings, k);
            if (PyLong_AsSsize_t(PyTuple_GetItem(row, 0)) != at)
                continue;
            PyObject *array = PyTuple_GetItem(row, 2);
            PyObject *shape = PyObject_GetAttrString(array, "shape");
            PyObject *dtype = PyObject_GetAttrString(array, "dtype");
            info = shape && dtype ? PyStructSequence_New(pynnx.tensor_info_type) : NULL;
            if (info) {
                PyStructSequence_SetItem(info, 0, Py_NewRef(PyTuple_GetItem(row, 1)));
                PyStructSequence_SetItem(info, 1, Py_NewRef(dtype));
                PyStructSequence_SetItem(info, 2, Py_NewRef(shape));
            }
            Py_XDECREF(shape);
            Py_XDECREF(dtype);
            if (!info)
                break;
        }
        if (!info && !PyErr_Occurred() && next_graph < n_graph)
            info = Py_NewRef(PyTuple_GetItem(graph_outputs, next_graph++));
        if (!info || PyTuple_SetItem(all, at, info) < 0)
            Py_CLEAR(all);
    }
    return all;
}

/* Whether name is one of the string outputs. */
static bool is_string_output(PyObject *strings, PyObject *name)
{
    for (Py_ssize_t k = 0; k < PyTuple_Size(strings); k++)
        if (PyUnicode_Check(name) && PyUnicode_Compare(PyTuple_GetItem(PyTuple_GetItem(strings, k), 1), name) == 0)
            return true;
    return false;
}

PyObject *pynnx_model_run(pynnx_model *m, PyObject *args, PyObject *kwargs)
{
    if (PyTuple_Size(m->strings) == 0)
        return pynnx_run(m->graph, args, kwargs);
    /* outputs= may name string outputs: the graph is asked for the others only. */
    PyObject *sel = kwargs ? PyDict_GetItemString(kwargs, "outputs") : NULL;
    PyObject *graph_sel = NULL, *str_sel = NULL;
    if (sel && sel != Py_None) {
        PyObject *names = PySequence_List(sel);
        graph_sel = names ? PyList_New(0) : NULL;
        str_sel = graph_sel ? PyList_New(0) : NULL;
        for (Py_ssize_t i = 0; str_sel && i < PyList_Size(names); i++) {
            PyObject *name = PyList_GetItem(names, i);
            if (PyList_Append(is_string_output(m->strings, name) ? str_sel : graph_sel, name) < 0)
                Py_CLEAR(str_sel);
        }
        Py_XDECREF(names);
        if (!str_sel) {
            Py_XDECREF(graph_sel);
            return NULL;
        }
    }
    PyObject *ran;
    if (!m->graph) {
        if (PyTuple_Size(args) > 1 ||
            (PyTuple_Size(args) == 1 &&
             (!PyDict_Check(PyTuple_GetItem(args, 0)) || PyDict_Size(PyTuple_GetItem(args, 0)) > 0))) {
            Py_XDECREF(graph_sel);
            Py_XDECREF(str_sel);
            return PyErr_Format(PyExc_ValueError,
                                "the model takes no inputs: its outputs are strings, computed when "
                                "it was loaded");
        }
        ran = PyDict_New();
    } else {
        PyObject *kw = graph_sel ? Py_BuildValue("{s:O}", "outputs", graph_sel) : (kwargs ? Py_NewRef(kwargs) : NULL);
        ran = !graph_sel || kw ? pynnx_run(m->graph, args, kw) : NULL;
        Py_XDECREF(kw);
    }
    Py_XDECREF(graph_sel);
    /* Every result in the model's output order. */
    PyObject *out = ran ? PyDict_New() : NULL;
    for (Py_ssize_t at = 0; out && at < PyTuple_Size(m->outputs); at++) {
        PyObject *name = PyStructSequence_GetItem(PyTuple_GetItem(m->outputs, at), 0);
        PyObject *value = PyDict_GetItem(ran, name); /* borrowed */
        if (!value && is_string_output(m->strings, name) && (!str_sel || PySequence_Contains(str_sel, name) == 1)) {
            for (Py_ssize_t k = 0; k < PyTuple_Size(m->strings); k++) {
                PyObject *row = PyTuple_GetItem(m->strings, k);
                if (PyUnicode_Compare(PyTuple_GetItem(row, 1), name) == 0) {
                    PyObject *copy = PyObject_CallMethod(PyTuple_GetItem(row, 2), "copy", NULL);
                    if (!copy || PyDict_SetItem(out, name, copy) < 0)
                        Py_CLEAR(out);
                    Py_XDECREF(copy);
                }
            }
        } else if (value && PyDict_SetItem(out, name, value) < 0) {
            Py_CLEAR(out);
        }
    }
    Py_XDECREF(str_sel);
    Py_XDECREF(ran);
    return out;
}
