/* tensor_files.c — nnx.load_tensor and nnx.save_tensor: one tensor per file, NumPy .npy,
 * NNEF .dat (NNEF 1.0.2 §5.2) or (read only) ONNX TensorProto .pb, chosen by the file's
 * ending, through libnnx's readers and writers (nnx_tensor_file_read / _write). */
#include "pynnx.h"

#include <string.h>
#include <strings.h>

/* .dat is NNEF's tensor file, .pb an ONNX TensorProto (which the library only reads);
 * everything else is read and written as .npy. */
static nnx_tensor_file_format format_of(const char *path)
{
    size_t n = strlen(path);
    if (n >= 4 && strcasecmp(path + n - 4, ".dat") == 0)
        return NNX_TENSOR_FILE_NNEF;
    return n >= 3 && strcasecmp(path + n - 3, ".pb") == 0 ? NNX_TENSOR_FILE_ONNX : NNX_TENSOR_FILE_NPY;
}

static PyObject *load_tensor(PyObject *module, PyObject *arg)
{
    PyObject *bytes = NULL;
    if (!PyUnicode_FSConverter(arg, &bytes))
        return NULL;
    const char *path = PyBytes_AsString(bytes);
    nnx_context *ctx = NULL;
    nnx_context_options o = {.threads = 1};
    nnx_operand_desc d = {0};
    void *data = NULL;
    size_t size = 0;
    nnx_status st;
    Py_BEGIN_ALLOW_THREADS
    st = nnx_context_create(&o, &ctx);
    if (st == NNX_OK)
        st = nnx_tensor_file_read(ctx, path, format_of(path), &d, &data, &size);
    Py_END_ALLOW_THREADS
    PyObject *arr = NULL;
    if (st != NNX_OK) {
        pynnx_raise_context(st, ctx);
    } else {
        void *out;
        arr = pynnx_array_empty(&d, &out);
        if (arr && size)
            memcpy(out, data, size);
    }
    if (ctx) {
        nnx_tensor_file_free(ctx, data);
        nnx_context_destroy(ctx);
    }
    Py_DECREF(bytes);
    return arr;
}

static PyObject *save_tensor(PyObject *module, PyObject *args)
{
    PyObject *bytes = NULL, *value;
    if (!PyArg_ParseTuple(args, "O&O:save_tensor", PyUnicode_FSConverter, &bytes, &value))
        return NULL;
    pynnx_array_in in;
    if (!pynnx_array_in_get(&in, value, NNX_DTYPE_UNDEFINED, "save_tensor's array")) {
        Py_DECREF(bytes);
        return NULL;
    }
    const char *path = PyBytes_AsString(bytes);
    nnx_context *ctx = NULL;
    nnx_context_options o = {.threads = 1};
    nnx_status st;
    Py_BEGIN_ALLOW_THREADS
    st = nnx_context_create(&o, &ctx);
    if (st == NNX_OK)
        st = nnx_tensor_file_write(ctx, path, format_of(path), &in.desc, in.data, in.size);
    Py_END_ALLOW_THREADS
    PyObject *result = st == NNX_OK ? Py_NewRef(Py_None) : pynnx_raise_context(st, ctx);
    if (ctx)
        nnx_context_destroy(ctx);
    pynnx_array_in_release(&in);
    Py_DECREF(bytes);
    return result;
}

static PyMethodDef functions[] = {
    {"load_tensor", load_tensor, METH_O,
     "load_tensor(path, /)\n--\n\nReads one tensor file: NNEF tensor data (.dat; quantized items come back "
     "dequantized as float32), an ONNX TensorProto (.pb) or NumPy .npy (any other ending; either byte "
     "order, C or Fortran order)."},
    {"save_tensor", save_tensor, METH_VARARGS,
     "save_tensor(path, array, /)\n--\n\nWrites array as an NNEF .dat file (path ending in .dat) or a .npy file, "
     "atomically."},
    {NULL, NULL, 0, NULL},
};

int pynnx_tensor_files_init(PyObject *m) { return PyModule_AddFunctions(m, functions); }
