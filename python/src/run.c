/* run.c — running a graph on NumPy arrays (Model.run, MLContext.compute). Inputs are bound
 * in place as tensor views when their layout allows and copied once otherwise; outputs are
 * NumPy arrays the graph writes directly, except for a staged graph (output shapes known
 * only after the run), whose outputs are read from the tensors nnx_context_run makes. The
 * GIL is released while shapes are bound (which may compile) and while the graph runs. */
#include "pynnx.h"

#include <string.h>

typedef struct run_state {
    size_t n_in, n_out;
    pynnx_array_in *in;
    nnx_named_tensor *in_t, *out_t;
    nnx_operand_desc *in_d, *out_d;
    PyObject **arrays; /* the output arrays */
} run_state;

static void run_free(run_state *r)
{
    for (size_t i = 0; r->in_t && i < r->n_in; i++)
        if (r->in_t[i].tensor)
            nnx_tensor_destroy(r->in_t[i].tensor);
    for (size_t i = 0; r->out_t && i < r->n_out; i++)
        if (r->out_t[i].tensor)
            nnx_tensor_destroy(r->out_t[i].tensor);
    for (size_t i = 0; r->in && i < r->n_in; i++)
        pynnx_array_in_release(&r->in[i]);
    for (size_t i = 0; r->arrays && i < r->n_out; i++)
        Py_XDECREF(r->arrays[i]);
    PyMem_Free(r->in);
    PyMem_Free(r->in_t);
    PyMem_Free(r->out_t);
    PyMem_Free(r->in_d);
    PyMem_Free(r->out_d);
    PyMem_Free(r->arrays);
}

static PyObject *input_error(PyObject *cls, pynnx_graph *g, const char *fmt, const char *name)
{
    PyObject *list = pynnx_infos_text(g->inputs);
    if (list) {
        PyObject *head = PyUnicode_FromFormat(fmt, name);
        if (head)
            PyErr_Format(cls, "%U; the inputs are %U", head, list);
        Py_XDECREF(head);
        Py_DECREF(list);
    }
    return NULL;
}

/* The value given for input i: from the mapping (every key must be an input) or by
 * position. Returns a borrowed reference, NULL with an exception set. */
static PyObject *given_input(pynnx_graph *g, PyObject *map, PyObject *args, size_t i, const char *name)
{
    PyObject *v = map ? PyDict_GetItemString(map, name) : PyTuple_GetItem(args, (Py_ssize_t)i);
    if (!v && !PyErr_Occurred())
        input_error(PyExc_ValueError, g, "input '%s' is missing", name);
    return v;
}

static bool check_input_names(pynnx_graph *g, PyObject *map)
{
    Py_ssize_t pos = 0;
    PyObject *key, *value;
    size_t n = nnx_graph_input_count(g->g);
    while (PyDict_Next(map, &pos, &key, &value)) {
        const char *k = PyUnicode_Check(key) ? PyUnicode_AsUTF8AndSize(key, NULL) : NULL;
        if (!k) {
            PyErr_Clear();
            PyErr_Format(PyExc_TypeError, "input names must be str, not %R", key);
            return false;
        }
        bool known = false;
        for (size_t i = 0; i < n && !known; i++)
            known = strcmp(nnx_graph_input_name(g->g, i), k) == 0;
        size_t index;
        if (!known && nnx_graph_find_input(g->g, k, &index) != NNX_OK &&
            strstr(nnx_context_error(g->owner->ctx), "could be")) {
            PyErr_Format(PyExc_ValueError, "%s", nnx_context_error(g->owner->ctx)); /* ambiguous: the candidates */
            return false;
        }
        if (!known) {
            input_error(PyExc_ValueError, g, "'%s' is not an input", k);
            return false;
        }
    }
    return true;
}

/* Whether name is an input of g. */
static bool is_input(pynnx_graph *g, const char *name)
{
    size_t n = nnx_graph_input_count(g->g);
    for (size_t i = 0; i < n; i++)
        if (strcmp(nnx_graph_input_name(g->g, i), name) == 0)
            return true;
    return false;
}

/* A new dict like map, where a list or tuple given for a name that is not an input but whose
 * flattened elements are (a sequence input s: s[0], s[1], ... nnx.h, nnx_input_value) is
 * spread over them. */
static PyObject *expand_sequences(pynnx_graph *g, PyObject *map)
{
    PyObject *out = PyDict_New();
    Py_ssize_t pos = 0;
    PyObject *key, *value;
    while (out && PyDict_Next(map, &pos, &key, &value)) {
        const char *k = PyUnicode_Check(key) ? PyUnicode_AsUTF8AndSize(key, NULL) : NULL;
        PyErr_Clear();
        char first[512];
        if (k && (PyList_Check(value) || PyTuple_Check(value)) && !is_input(g, k) &&
            snprintf(first, sizeof first, "%s[0]", k) < (int)sizeof first && is_input(g, first)) {
            Py_ssize_t n = PySequence_Size(value);
            for (Py_ssize_t i = 0; out && i < n; i++) {
                PyObject *item = PySequence_GetItem(value, i);
                PyObject *name = PyUnicode_FromFormat("%s[%zd]", k, i);
                if (!item || !name || PyDict_SetItem(out, name, item) < 0)
                    Py_CLEAR(out);
                Py_XDECREF(item);
                Py_XDECREF(name);
            }
        } else {
            /* a name from before a conversion ("input:0" for NNEF's "input_0") under the graph's */
            size_t index;
            PyObject *use = k && !is_input(g, k) && nnx_graph_find_input(g->g, k, &index) == NNX_OK
                ? PyUnicode_FromString(nnx_graph_input_name(g->g, index))
                : Py_NewRef(key);
            if (!use || PyDict_SetItem(out, use, value) < 0)
                Py_CLEAR(out);
            Py_XDECREF(use);
        }
    }
    return out;
}

/* Rank and fixed extents must be the graph's; symbolic ones are checked by nnx at dispatch. */
static bool check_input_shape(pynnx_graph *g, size_t i, const nnx_operand_desc *have, const char *name)
{
    nnx_operand_desc want;
    nnx_graph_input_desc(g->g, i, &want);
    bool ok = have->rank == want.rank;
    for (uint32_t k = 0; ok && k < want.rank; k++)
        ok = nnx_graph_input_dim_name(g->g, i, k) || have->shape[k] == want.shape[k];
    if (ok)
        return true;
    const char *dims[NNX_MAX_RANK];
    for (uint32_t k = 0; k < want.rank; k++)
        dims[k] = nnx_graph_input_dim_name(g->g, i, k);
    char a[200], b[200];
    PyErr_Format(PyExc_ValueError, "input '%s' must be %s, not %s", name, pynnx_desc_text(&want, dims, a, sizeof a),
                 pynnx_desc_text(have, NULL, b, sizeof b));
    return false;
}

/* Keyword `outputs`: None (all) or an iterable of output names; returns a new list of names. */
static PyObject *wanted_outputs(pynnx_graph *g, PyObject *kwargs)
{
    PyObject *sel = kwargs ? PyDict_GetItemString(kwargs, "outputs") : NULL;
    Py_ssize_t extra = kwargs ? PyDict_Size(kwargs) - (sel ? 1 : 0) : 0;
    if (extra > 0) {
        PyErr_SetString(PyExc_TypeError, "the only keyword argument is outputs=; give inputs as a dict");
        return NULL;
    }
    size_t n = nnx_graph_output_count(g->g);
    PyObject *names = PyList_New(0);
    if (!names)
        return NULL;
    if (!sel || sel == Py_None) {
        for (size_t i = 0; i < n; i++) {
            PyObject *s = PyUnicode_FromString(nnx_graph_output_name(g->g, i));
            if (!s || PyList_Append(names, s) < 0) {
                Py_XDECREF(s);
                Py_DECREF(names);
                return NULL;
            }
            Py_DECREF(s);
        }
        return names;
    }
    PyObject *it = PyUnicode_Check(sel) ? NULL : PyObject_GetIter(sel);
    if (!it) {
        PyErr_Clear();
        Py_DECREF(names);
        PyErr_SetString(PyExc_TypeError, "outputs= must be a list of output names");
        return NULL;
    }
    PyObject *item;
    while ((item = PyIter_Next(it))) {
        const char *k = PyUnicode_Check(item) ? PyUnicode_AsUTF8AndSize(item, NULL) : NULL;
        bool known = false;
        for (size_t i = 0; k && i < n && !known; i++)
            known = strcmp(nnx_graph_output_name(g->g, i), k) == 0;
        size_t index; /* or a name from before a conversion (nnx_graph_find_output) */
        known = known || (k && nnx_graph_find_output(g->g, k, &index) == NNX_OK);
        if (!known || PyList_Append(names, item) < 0) {
            if (!PyErr_Occurred()) {
                PyObject *list = pynnx_infos_text(g->outputs);
                if (list)
                    PyErr_Format(PyExc_ValueError, "%R is not an output; the outputs are %U", item, list);
                Py_XDECREF(list);
            }
            Py_DECREF(item);
            Py_DECREF(it);
            Py_DECREF(names);
            return NULL;
        }
        Py_DECREF(item);
    }
    Py_DECREF(it);
    if (PyErr_Occurred()) {
        Py_DECREF(names);
        return NULL;
    }
    return names;
}

/* Runs a staged graph: nnx_context_run makes the outputs, which are copied into arrays. */
static bool run_staged(pynnx_graph *g, run_state *r)
{
    nnx_context *ctx = g->owner->ctx;
    nnx_status st;
    Py_BEGIN_ALLOW_THREADS
    st = nnx_context_run(ctx, g->g, r->in_t, r->n_in, r->out_t, r->n_out);
    Py_END_ALLOW_THREADS
    if (st != NNX_OK) {
        pynnx_raise_context(st, ctx);
        return false;
    }
    for (size_t i = 0; i < r->n_out; i++) {
        nnx_tensor_desc td;
        nnx_tensor_get_desc(r->out_t[i].tensor, &td);
        void *data;
        size_t bytes = 0;
        nnx_operand_desc_bytes(&td.desc, &bytes);
        r->arrays[i] = pynnx_array_empty(&td.desc, &data);
        if (!r->arrays[i])
            return false;
        st = nnx_tensor_read(r->out_t[i].tensor, data, bytes);
        if (st != NNX_OK) {
            pynnx_raise_context(st, ctx);
            return false;
        }
    }
    return true;
}

/* Binds the shapes, makes the output arrays and their views, and dispatches. Returns 1 when
 * done, 0 on an error, 2 when binding the shapes failed because the graph turned out to be
 * staged at these shapes (an unbound graph knows only then; the error is cleared). */
static int run_direct(pynnx_graph *g, run_state *r)
{
    nnx_context *ctx = g->owner->ctx;
    nnx_status st;
    Py_BEGIN_ALLOW_THREADS
    st = nnx_graph_bind_shapes(g->g, r->in_d, r->n_in, r->out_d, r->n_out);
    Py_END_ALLOW_THREADS
    if (st != NNX_OK && nnx_graph_staged_reason(g->g))
        return 2;
    if (st != NNX_OK) {
        pynnx_raise_context(st, ctx);
        return 0;
    }
    for (size_t i = 0; i < r->n_out; i++) {
        void *data;
        size_t bytes = 0;
        nnx_operand_desc_bytes(&r->out_d[i], &bytes);
        r->arrays[i] = pynnx_array_empty(&r->out_d[i], &data);
        if (!r->arrays[i])
            return 0;
        nnx_tensor_desc td = {r->out_d[i], true, true};
        st = nnx_tensor_create_view(ctx, &td, data, bytes, &r->out_t[i].tensor);
        if (st != NNX_OK) {
            pynnx_raise_context(st, ctx);
            return 0;
        }
    }
    Py_BEGIN_ALLOW_THREADS
    st = nnx_context_dispatch(ctx, g->g, r->in_t, r->n_in, r->out_t, r->n_out);
    Py_END_ALLOW_THREADS
    if (st != NNX_OK) {
        pynnx_raise_context(st, ctx);
        return 0;
    }
    return 1;
}

PyObject *pynnx_run(pynnx_graph *g, PyObject *args, PyObject *kwargs)
{
    run_state r = {0};
    PyObject *result = NULL, *names = wanted_outputs(g, kwargs);
    if (!names)
        return NULL;
    r.n_in = nnx_graph_input_count(g->g);
    r.n_out = nnx_graph_output_count(g->g);
    Py_ssize_t n_args = PyTuple_Size(args);
    PyObject *map = NULL, *positional = args;
    if (n_args == 1 && PyDict_Check(PyTuple_GetItem(args, 0))) {
        map = expand_sequences(g, PyTuple_GetItem(args, 0));
        if (!map || !check_input_names(g, map))
            goto done;
    } else if (n_args == 1 && (PyList_Check(PyTuple_GetItem(args, 0)) || PyTuple_Check(PyTuple_GetItem(args, 0))) &&
               r.n_in != 1) {
        positional = PySequence_Tuple(PyTuple_GetItem(args, 0)); /* run([a, b]) */
        if (!positional)
            goto done;
        n_args = PyTuple_Size(positional);
    }
    if (!map && (size_t)n_args != r.n_in) {
        PyObject *list = pynnx_infos_text(g->inputs);
        if (list)
            PyErr_Format(PyExc_ValueError, "%zd inputs given, the graph takes %zu: %U", n_args, r.n_in, list);
        Py_XDECREF(list);
        goto done;
    }
    r.in = PyMem_Calloc(r.n_in + 1, sizeof *r.in);
    r.in_t = PyMem_Calloc(r.n_in + 1, sizeof *r.in_t);
    r.in_d = PyMem_Calloc(r.n_in + 1, sizeof *r.in_d);
    r.out_t = PyMem_Calloc(r.n_out + 1, sizeof *r.out_t);
    r.out_d = PyMem_Calloc(r.n_out + 1, sizeof *r.out_d);
    r.arrays = PyMem_Calloc(r.n_out + 1, sizeof *r.arrays);
    if (!r.in || !r.in_t || !r.in_d || !r.out_t || !r.out_d || !r.arrays) {
        PyErr_NoMemory();
        goto done;
    }
    for (size_t i = 0; i < r.n_in; i++) {
        const char *name = nnx_graph_input_name(g->g, i);
        PyObject *v = given_input(g, map, positional, i, name);
        nnx_operand_desc want;
        nnx_graph_input_desc(g->g, i, &want);
        char what[300];
        snprintf(what, sizeof what, "input '%s'", name);
        if (!v || !pynnx_array_in_get(&r.in[i], v, want.dtype, what) || !check_input_shape(g, i, &r.in[i].desc, name))
            goto done;
        r.in_d[i] = r.in[i].desc;
        nnx_tensor_desc td = {r.in[i].desc, true, false};
        r.in_t[i].name = name;
        nnx_status st = nnx_tensor_create_view(g->owner->ctx, &td, r.in[i].data, r.in[i].size, &r.in_t[i].tensor);
        if (st != NNX_OK) {
            pynnx_raise_context(st, g->owner->ctx);
            goto done;
        }
    }
    for (size_t i = 0; i < r.n_out; i++)
        r.out_t[i].name = nnx_graph_output_name(g->g, i);
    int ran = nnx_graph_staged_reason(g->g) ? 2 : run_direct(g, &r);
    if (ran == 0 || (ran == 2 && !run_staged(g, &r)))
        goto done;
    result = PyDict_New();
    Py_ssize_t n_names = result ? PyList_Size(names) : 0;
    for (Py_ssize_t k = 0; result && k < n_names; k++) { /* keyed by the names asked for */
        const char *want = PyUnicode_AsUTF8AndSize(PyList_GetItem(names, k), NULL);
        size_t i;
        if (want && nnx_graph_find_output(g->g, want, &i) == NNX_OK && i < r.n_out &&
            PyDict_SetItemString(result, want, r.arrays[i]) < 0)
            Py_CLEAR(result);
    }
done:
    run_free(&r);
    Py_XDECREF(map);
    if (positional != args)
        Py_DECREF(positional);
    Py_DECREF(names);
    return result;
}
