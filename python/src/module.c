/* module.c — the nnx._nnx extension module: imports NumPy's Python-level functions, creates
 * the exception classes and object types, and adds nnx's version. The public names are
 * re-exported by the pure-Python package files (nnx/__init__.py, nnx/ml.py, nnx/tosa.py). */
#include "pynnx.h"

static PyObject *ml_create_context(PyObject *module, PyObject *args, PyObject *kwargs)
{
    static char *kw[] = {"threads", NULL};
    unsigned int threads = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|I:create_context", kw, &threads))
        return NULL;
    return (PyObject *)pynnx_context_new(threads);
}

static PyMethodDef module_functions[] = {
    {"create_context", (PyCFunction)(void (*)(void))ml_create_context, METH_VARARGS | METH_KEYWORDS,
     "create_context(threads=0)\n--\n\nWebNN's ML.createContext on the CPU; threads: worker threads, 0 = "
     "one per core."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT,
    "nnx._nnx",
    "The C extension behind the nnx package (use nnx, nnx.ml, nnx.tosa).",
    -1,
    module_functions,
    NULL,
    NULL,
    NULL,
    NULL,
};

static int import_numpy(void)
{
    pynnx.numpy = PyImport_ImportModule("numpy");
    if (!pynnx.numpy)
        return -1;
    pynnx.np_empty = PyObject_GetAttrString(pynnx.numpy, "empty");
    pynnx.np_dtype = PyObject_GetAttrString(pynnx.numpy, "dtype");
    pynnx.np_asarray = PyObject_GetAttrString(pynnx.numpy, "asarray");
    return pynnx.np_empty && pynnx.np_dtype && pynnx.np_asarray ? 0 : -1;
}

PyMODINIT_FUNC PyInit__nnx(void)
{
    PyObject *m = PyModule_Create(&module_def);
    if (!m)
        return NULL;
    if (import_numpy() < 0 || pynnx_errors_init(m) < 0 || pynnx_context_init(m) < 0 || pynnx_tensor_init(m) < 0 ||
        pynnx_graph_init(m) < 0 || pynnx_operand_init(m) < 0 || pynnx_builder_init(m) < 0 || pynnx_model_init(m) < 0 ||
        pynnx_tosa_init(m) < 0 || pynnx_tensor_files_init(m) < 0 ||
        PyModule_AddStringConstant(m, "nnx_version", nnx_version()) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
