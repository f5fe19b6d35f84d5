/* errors.c — nnx_status as Python exceptions. nnx.Error is the base; each status has a
 * subclass that also derives from the built-in exception a Python caller would catch, in the
 * spirit of WebNN's DOMException mapping (nnx.h, "Status codes"): an invalid argument is a
 * TypeError (and a ValueError), an I/O failure an OSError, and so on. */
#include "pynnx.h"

pynnx_globals pynnx;

int pynnx_errors_init(PyObject *m)
{
    pynnx.error = PyErr_NewExceptionWithDoc("nnx.Error",
                                            "Base class of the errors nnx reports; .status is the "
                                            "nnx_status name (\"NNX_ERROR_IO\").",
                                            NULL, NULL);
    if (!pynnx.error || PyModule_AddObjectRef(m, "Error", pynnx.error) < 0)
        return -1;
    PyObject *type_value[] = {PyExc_TypeError, PyExc_ValueError, NULL};
    PyObject *memory[] = {PyExc_MemoryError, NULL};
    PyObject *runtime[] = {PyExc_RuntimeError, NULL};
    PyObject *not_impl[] = {PyExc_NotImplementedError, NULL};
    PyObject *os[] = {PyExc_OSError, NULL};
    PyObject *value[] = {PyExc_ValueError, NULL};
    const struct {
        nnx_status status;
        const char *name;
        PyObject **bases;
        const char *doc;
    } classes[] = {
        {NNX_ERROR_INVALID_ARGUMENT, "InvalidArgumentError", type_value,
         "A bad argument, type, shape or name (WebNN's TypeError); also a ValueError."},
        {NNX_ERROR_INVALID_STATE, "InvalidStateError", runtime,
         "An object used in a state that does not allow the call (WebNN's InvalidStateError)."},
        {NNX_ERROR_OUT_OF_MEMORY, "OutOfMemoryError", memory, "An allocation failed; nothing leaked."},
        {NNX_ERROR_NOT_SUPPORTED, "NotSupportedError", not_impl,
         "Valid, but not implemented by nnx (WebNN's NotSupportedError)."},
        {NNX_ERROR_OPERATION, "OperationError", runtime,
         "Compiling or running a graph failed (WebNN's OperationError)."},
        {NNX_ERROR_UNKNOWN, "UnknownError", runtime, "An error nnx cannot classify (WebNN's UnknownError)."},
        {NNX_ERROR_IO, "FileError", os, "Reading or writing a file failed."},
        {NNX_ERROR_PARSE, "ParseError", value, "A malformed document; the message has FILE:LINE:COL."},
        {NNX_ERROR_INVALID_MODEL, "InvalidModelError", value,
         "A document that parses but breaks a rule of its format."},
    };
    for (size_t i = 0; i < sizeof classes / sizeof classes[0]; i++) {
        Py_ssize_t n = 1;
        while (classes[i].bases[n - 1])
            n++;
        PyObject *bases = PyTuple_New(n);
        if (!bases)
            return -1;
        PyTuple_SetItem(bases, 0, Py_NewRef(pynnx.error));
        for (Py_ssize_t k = 1; k < n; k++)
            PyTuple_SetItem(bases, k, Py_NewRef(classes[i].bases[k - 1]));
        char qualified[64];
        snprintf(qualified, sizeof qualified, "nnx.%s", classes[i].name);
        PyObject *cls = PyErr_NewExceptionWithDoc(qualified, classes[i].doc, bases, NULL);
        Py_DECREF(bases);
        if (!cls)
            return -1;
        PyObject *status = PyUnicode_FromString(nnx_status_string(classes[i].status));
        int bad = !status || PyObject_SetAttrString(cls, "status", status) < 0;
        Py_XDECREF(status);
        if (bad || PyModule_AddObjectRef(m, classes[i].name, cls) < 0) {
            Py_DECREF(cls);
            return -1;
        }
        pynnx.by_status[classes[i].status] = cls; /* the module holds a reference too */
    }
    PyObject *status = PyUnicode_FromString("NNX_ERROR");
    int bad = !status || PyObject_SetAttrString(pynnx.error, "status", status) < 0;
    Py_XDECREF(status);
    return bad ? -1 : 0;
}

PyObject *pynnx_raise(nnx_status status, const char *message)
{
    PyObject *cls = status > NNX_OK && status <= NNX_ERROR_INVALID_MODEL && pynnx.by_status[status]
        ? pynnx.by_status[status]
        : pynnx.error;
    PyErr_SetString(cls, message && *message ? message : nnx_status_string(status));
    return NULL;
}

PyObject *pynnx_raise_context(nnx_status status, const nnx_context *ctx)
{
    return pynnx_raise(status, ctx ? nnx_context_error(ctx) : NULL);
}

bool pynnx_builder_failed(const pynnx_builder *b)
{
    nnx_status st = nnx_builder_status(b->b);
    if (st == NNX_OK)
        return false;
    pynnx_raise(st, nnx_builder_error(b->b));
    return true;
}
