/* ml_options.c — the argument engine of MLGraphBuilder's operation methods: positional
 * arguments by kind, keyword options written into the nnx options struct through the op's
 * option table (offsetof rows), `label=` on every op, and the results wrapped after the call.
 * An unknown keyword is a TypeError naming it; a keyword given as None is "not given". */
#include "ml_ops.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

_Static_assert(sizeof(nnx_input_layout) == sizeof(int), "enum options are stored as int");

/* A PyMem block owned by the call, freed by call_release. */
static void *scratch(pynnx_ml_call *c, size_t bytes)
{
    if (c->n_scratch == (int)(sizeof c->scratch / sizeof c->scratch[0])) {
        PyErr_SetString(PyExc_RuntimeError, "too many list arguments");
        return NULL;
    }
    void *p = PyMem_Calloc(bytes ? bytes : 1, 1);
    if (!p)
        return PyErr_NoMemory();
    c->scratch[c->n_scratch++] = p;
    return p;
}

static void call_release(pynnx_ml_call *c)
{
    for (int i = 0; i < c->n_scratch; i++)
        PyMem_Free(c->scratch[i]);
    c->n_scratch = 0;
}

/* An int in [lo, hi] (bool is refused: True is no dimension). */
static bool int_in(PyObject *obj, long long lo, long long hi, long long *out, const char *op, const char *what)
{
    if (!PyLong_Check(obj) || PyBool_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "%s(): %s must be an int, not %R", op, what, PYNNX_TYPE_OF(obj));
        return false;
    }
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(obj, &overflow);
    if (v == -1 && PyErr_Occurred())
        return false;
    if (overflow || v < lo || v > hi) {
        PyErr_Format(PyExc_ValueError, "%s(): %s is %R, outside %lld..%lld", op, what, obj, lo, hi);
        return false;
    }
    *out = v;
    return true;
}

static bool u32_of(PyObject *obj, uint32_t *out, const char *op, const char *what)
{
    long long v;
    if (!int_in(obj, 0, UINT32_MAX, &v, op, what))
        return false;
    *out = (uint32_t)v;
    return true;
}

/* A sequence (not a str, bytes or mapping) and its length, else TypeError. */
static Py_ssize_t seq_size(PyObject *obj, const char *op, const char *what, const char *of)
{
    Py_ssize_t n = -1;
    if (!PyUnicode_Check(obj) && !PyBytes_Check(obj) && !PyDict_Check(obj) && PySequence_Check(obj))
        n = PySequence_Size(obj);
    if (n < 0) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "%s(): %s must be a sequence of %s, not %R", op, what, of, PYNNX_TYPE_OF(obj));
    }
    return n;
}

/* A sequence of uint32 values into a scratch array. */
static bool u32_list(pynnx_ml_call *c, PyObject *obj, uint32_t **out, uint32_t *count, const char *what)
{
    Py_ssize_t n = seq_size(obj, c->op->name, what, "ints");
    if (n < 0)
        return false;
    if (n > UINT32_MAX / 2) {
        PyErr_Format(PyExc_ValueError, "%s(): %s is too long", c->op->name, what);
        return false;
    }
    uint32_t *list = scratch(c, (size_t)n * sizeof *list);
    if (!list)
        return false;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item = PySequence_GetItem(obj, i);
        bool ok = item && u32_of(item, &list[i], c->op->name, what);
        Py_XDECREF(item);
        if (!ok)
            return false;
    }
    *out = list;
    *count = (uint32_t)n;
    return true;
}

static bool f32_list(pynnx_ml_call *c, PyObject *obj, float **out, uint32_t *count, const char *what)
{
    Py_ssize_t n = seq_size(obj, c->op->name, what, "numbers");
    if (n < 0)
        return false;
    float *list = scratch(c, (size_t)n * sizeof *list);
    if (!list)
        return false;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item = PySequence_GetItem(obj, i);
        if (!item)
            return false;
        bool number = (PyFloat_Check(item) || PyLong_Check(item)) && !PyBool_Check(item);
        double v = number ? PyFloat_AsDouble(item) : 0;
        Py_DECREF(item);
        if (!number) {
            PyErr_Format(PyExc_TypeError, "%s(): %s must be a sequence of numbers", c->op->name, what);
            return false;
        }
        if (v == -1 && PyErr_Occurred())
            return false;
        list[i] = (float)v;
    }
    *out = list;
    *count = (uint32_t)n;
    return true;
}

/* An MLNumber: an int (exact as int64, or uint64 above it) or a float (NaN and inf too). */
static bool number_of(PyObject *obj, nnx_number *out, const char *op, const char *what)
{
    if (PyFloat_Check(obj)) {
        *out = nnx_f64(PyFloat_AsDouble(obj));
        return true;
    }
    if (!PyLong_Check(obj) || PyBool_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "%s(): %s must be an int or a float, not %R", op, what, PYNNX_TYPE_OF(obj));
        return false;
    }
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(obj, &overflow);
    if (v == -1 && PyErr_Occurred())
        return false;
    if (!overflow) {
        *out = nnx_i64(v);
        return true;
    }
    if (overflow > 0) {
        unsigned long long u = PyLong_AsUnsignedLongLong(obj);
        if (!(u == (unsigned long long)-1 && PyErr_Occurred())) {
            *out = nnx_u64(u);
            return true;
        }
        PyErr_Clear();
    }
    /* Beyond 64 bits: as a double, which the cast to the operand's type then clamps. */
    double d = PyLong_AsDouble(obj);
    if (d == -1 && PyErr_Occurred()) {
        PyErr_Clear();
        d = overflow > 0 ? INFINITY : -INFINITY;
    }
    *out = nnx_f64(d);
    return true;
}

static bool operand_arg(pynnx_ml_call *c, pynnx_builder *b, PyObject *obj, nnx_operand **out, const char *what)
{
    char text[160];
    snprintf(text, sizeof text, "%s(): %s", c->op->name, what);
    return pynnx_operand_of(b, obj, out, text);
}

/* "layout must be one of 'nchw', 'nhwc', not 'x'". */
static bool enum_of(const pynnx_option *o, PyObject *obj, int *out, const char *op)
{
    const char *s = PyUnicode_Check(obj) ? PyUnicode_AsUTF8AndSize(obj, NULL) : NULL;
    if (PyUnicode_Check(obj) && !s)
        return false;
    for (int i = 0; s && o->names[i]; i++)
        if (strcmp(s, o->names[i]) == 0) {
            *out = o->base + i;
            return true;
        }
    PyObject *allowed = PyUnicode_FromString("");
    for (int i = 0; allowed && o->names[i]; i++) {
        PyObject *next = PyUnicode_FromFormat("%U%s'%s'", allowed, i ? ", " : "", o->names[i]);
        Py_DECREF(allowed);
        allowed = next;
    }
    if (!allowed)
        return false;
    PyErr_Format(s ? PyExc_ValueError : PyExc_TypeError, "%s(): %s must be one of %U, not %R", op, o->name, allowed,
                 obj);
    Py_DECREF(allowed);
    return false;
}

static bool activations_of(pynnx_ml_call *c, const pynnx_option *o, PyObject *obj)
{
    static const char *const NAMES[] = {"relu", "sigmoid", "tanh", NULL};
    static const pynnx_option ROW = {"activations", PYNNX_OPT_ENUM, 0, 0, NAMES, NNX_RECURRENT_RELU};
    Py_ssize_t n = seq_size(obj, c->op->name, "activations", "names");
    if (n < 0)
        return false;
    nnx_recurrent_activation *list = scratch(c, (size_t)n * sizeof *list);
    if (!list)
        return false;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item = PySequence_GetItem(obj, i);
        int v = 0;
        bool ok = item && enum_of(&ROW, item, &v, c->op->name);
        Py_XDECREF(item);
        if (!ok)
            return false;
        list[i] = (nnx_recurrent_activation)v;
    }
    const nnx_recurrent_activation *ptr = list;
    uint32_t count = (uint32_t)n;
    memcpy(c->options + o->offset, &ptr, sizeof ptr);
    memcpy(c->options + o->count_offset, &count, sizeof count);
    return true;
}

/* Writes one keyword option into the options struct. */
static bool set_option(pynnx_ml_call *c, pynnx_builder *b, const pynnx_option *o, PyObject *value)
{
    unsigned char *field = c->options + o->offset;
    const char *op = c->op->name;
    switch (o->kind) {
    case PYNNX_OPT_NUMBER: {
        nnx_number n;
        if (!number_of(value, &n, op, o->name))
            return false;
        memcpy(field, &n, sizeof n);
        return true;
    }
    case PYNNX_OPT_BOOL:
    case PYNNX_OPT_NOT: {
        if (!PyBool_Check(value)) {
            PyErr_Format(PyExc_TypeError, "%s(): %s must be a bool, not %R", op, o->name, PYNNX_TYPE_OF(value));
            return false;
        }
        bool v = (value == Py_True) != (o->kind == PYNNX_OPT_NOT);
        memcpy(field, &v, sizeof v);
        return true;
    }
    case PYNNX_OPT_U32: {
        uint32_t v;
        if (!u32_of(value, &v, op, o->name))
            return false;
        memcpy(field, &v, sizeof v);
        return true;
    }
    case PYNNX_OPT_I32: {
        long long v;
        if (!int_in(value, INT32_MIN, INT32_MAX, &v, op, o->name))
            return false;
        int32_t w = (int32_t)v;
        memcpy(field, &w, sizeof w);
        return true;
    }
    case PYNNX_OPT_U32_LIST: {
        uint32_t *list, count;
        if (!u32_list(c, value, &list, &count, o->name))
            return false;
        const uint32_t *ptr = list;
        memcpy(field, &ptr, sizeof ptr);
        memcpy(c->options + o->count_offset, &count, sizeof count);
        return true;
    }
    case PYNNX_OPT_F32_LIST: {
        float *list;
        uint32_t count;
        if (!f32_list(c, value, &list, &count, o->name))
            return false;
        const float *ptr = list;
        memcpy(field, &ptr, sizeof ptr);
        memcpy(c->options + o->count_offset, &count, sizeof count);
        return true;
    }
    case PYNNX_OPT_OPERAND: {
        nnx_operand *x;
        if (!operand_arg(c, b, value, &x, o->name))
            return false;
        memcpy(field, &x, sizeof x);
        return true;
    }
    case PYNNX_OPT_ENUM: {
        int v;
        if (!enum_of(o, value, &v, op))
            return false;
        memcpy(field, &v, sizeof v);
        return true;
    }
    case PYNNX_OPT_DTYPE: {
        nnx_dtype dt;
        if (!pynnx_dtype_from_obj(value, &dt))
            return false;
        memcpy(field, &dt, sizeof dt);
        return true;
    }
    case PYNNX_OPT_ACTIVATIONS: return activations_of(c, o, value);
    }
    return false;
}

/* Converts positional parameter i of the op. */
static bool set_arg(pynnx_ml_call *c, pynnx_builder *b, int i, PyObject *value)
{
    const char *name = c->op->params[i], *op = c->op->name;
    switch (c->op->kinds[i]) {
    case PYNNX_ARG_OPERAND: return operand_arg(c, b, value, &c->x[i], name);
    case PYNNX_ARG_U32: return u32_of(value, &c->u[i], op, name);
    case PYNNX_ARG_U32_LIST: return u32_list(c, value, &c->list[i], &c->u[i], name);
    case PYNNX_ARG_DTYPE: return pynnx_dtype_from_obj(value, &c->dtype);
    case PYNNX_ARG_SPLITS:
        if (PyLong_Check(value))
            return u32_of(value, &c->u[i], op, name);
        return u32_list(c, value, &c->list[i], &c->u[i], name);
    case PYNNX_ARG_OPERANDS: {
        Py_ssize_t n = seq_size(value, op, name, "MLOperands");
        if (n < 0 || !(c->operands = scratch(c, (size_t)n * sizeof *c->operands)))
            return false;
        for (Py_ssize_t k = 0; k < n; k++) {
            PyObject *item = PySequence_GetItem(value, k);
            char what[64];
            snprintf(what, sizeof what, "%s[%zd]", name, k);
            bool ok = item && operand_arg(c, b, item, &c->operands[k], what);
            Py_XDECREF(item);
            if (!ok)
                return false;
        }
        c->u[i] = (uint32_t)n;
        return true;
    }
    }
    return false;
}

static const pynnx_option *find_option(const pynnx_ml_op *op, const char *key)
{
    for (const pynnx_option *o = op->options; o && o->name; o++)
        if (strcmp(o->name, key) == 0)
            return o;
    return NULL;
}

/* Reads every argument into c; false with an exception set. */
static bool parse(pynnx_ml_call *c, pynnx_builder *b, PyObject *args, PyObject *kwargs)
{
    const pynnx_ml_op *op = c->op;
    int n_params = 0;
    while (n_params < PYNNX_ML_MAX_ARGS && op->params[n_params])
        n_params++;
    Py_ssize_t n_args = PyTuple_Size(args);
    if (n_args > n_params) {
        PyErr_Format(PyExc_TypeError, "%s() takes %d positional argument%s but %zd were given", op->name, n_params,
                     n_params == 1 ? "" : "s", n_args);
        return false;
    }
    PyObject *given[PYNNX_ML_MAX_ARGS] = {NULL};
    for (Py_ssize_t i = 0; i < n_args; i++)
        given[i] = PyTuple_GetItem(args, i);
    Py_ssize_t pos = 0;
    PyObject *key, *value;
    /* Keywords: label, a positional parameter by name, or an option of the table. */
    while (kwargs && PyDict_Next(kwargs, &pos, &key, &value)) {
        const char *k = PyUnicode_AsUTF8AndSize(key, NULL);
        if (!k)
            return false;
        int param = -1;
        for (int i = 0; i < n_params; i++)
            if (strcmp(op->params[i], k) == 0)
                param = i;
        if (param >= 0) {
            if (given[param]) {
                PyErr_Format(PyExc_TypeError, "%s() got multiple values for argument '%s'", op->name, k);
                return false;
            }
            given[param] = value;
            continue;
        }
        if (strcmp(k, "label") == 0) {
            if (value == Py_None)
                continue;
            const char *label = PyUnicode_Check(value) ? PyUnicode_AsUTF8AndSize(value, NULL) : NULL;
            if (!label) {
                if (!PyErr_Occurred())
                    PyErr_Format(PyExc_TypeError, "%s(): label must be a str, not %R", op->name, PYNNX_TYPE_OF(value));
                return false;
            }
            memcpy(c->options, &label, sizeof label); /* every options struct starts with its label */
            continue;
        }
        const pynnx_option *o = find_option(op, k);
        if (!o) {
            PyErr_Format(PyExc_TypeError, "%s() got an unexpected keyword argument '%s'", op->name, k);
            return false;
        }
        if (value != Py_None && !set_option(c, b, o, value))
            return false;
    }
    for (int i = 0; i < n_params; i++) {
        if (!given[i]) {
            PyErr_Format(PyExc_TypeError, "%s() missing required argument '%s' (pos %d)", op->name, op->params[i],
                         i + 1);
            return false;
        }
        if (!set_arg(c, b, i, given[i]))
            return false;
    }
    return true;
}

static PyObject *results(pynnx_builder *b, const pynnx_ml_op *op, nnx_operand **outs, uint32_t n)
{
    if (!op->list)
        return pynnx_operand_wrap(b, outs[0]);
    if (pynnx_builder_failed(b))
        return NULL;
    PyObject *list = PyList_New(n);
    for (uint32_t i = 0; list && i < n; i++) {
        PyObject *o = pynnx_operand_wrap(b, outs[i]);
        if (!o)
            Py_CLEAR(list);
        else
            PyList_SetItem(list, i, o);
    }
    return list;
}

PyObject *pynnx_ml_invoke(PyObject *self, PyObject *args, PyObject *kwargs, const pynnx_ml_op *op)
{
    pynnx_builder *b = (pynnx_builder *)self;
    if (!pynnx_builder_usable(b))
        return NULL;
    pynnx_ml_call *c = PyMem_Calloc(1, sizeof *c);
    if (!c)
        return PyErr_NoMemory();
    nnx_operand *outs[3] = {NULL};
    c->op = op;
    c->b = b->b;
    c->outs = outs;
    c->out_cap = 3;
    PyObject *result = NULL;
    if (parse(c, b, args, kwargs)) {
        uint32_t n = op->call(c);
        result = PyErr_Occurred() ? NULL : results(b, op, c->outs, n);
    }
    call_release(c);
    PyMem_Free(c);
    return result;
}

/* Room for n results (split's parts), owned by the call. */
nnx_operand **pynnx_ml_outs(pynnx_ml_call *c, uint32_t n)
{
    if (n <= c->out_cap)
        return c->outs;
    nnx_operand **outs = scratch(c, (size_t)n * sizeof *outs);
    if (outs) {
        c->outs = outs;
        c->out_cap = n;
    }
    return outs;
}
