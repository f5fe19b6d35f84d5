/* pynnx.h — what the files of the _nnx extension module share: its object types, the NumPy
 * functions it calls, status-to-exception mapping and array conversion. The module is
 * written against CPython's limited API (Python 3.11, abi3) and calls NumPy only through
 * Python (numpy.empty, numpy.dtype) and the buffer protocol, so one build works with NumPy
 * 1.24 and 2.x. */
#ifndef PYNNX_H
#define PYNNX_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "nnx.h"

/* ------------------------------------------------------------------ module state
 * One interpreter per process is assumed (single-phase init): the types, exceptions and
 * NumPy callables live in these globals, set by PyInit__nnx. */
typedef struct pynnx_globals {
    PyObject *numpy; /* the numpy module */
    PyObject *np_empty, *np_dtype, *np_asarray;
    PyObject *error;                                  /* nnx.Error, the base of the classes below */
    PyObject *by_status[NNX_ERROR_INVALID_MODEL + 1]; /* exception class per nnx_status */
    PyTypeObject *context_type, *tensor_type, *graph_type, *builder_type, *operand_type, *model_type;
    PyTypeObject *tensor_info_type; /* nnx.TensorInfo (a struct sequence) */
} pynnx_globals;
extern pynnx_globals pynnx;

/* ------------------------------------------------------------------ objects */

/* nnx.ml.MLContext: owns an nnx_context; everything made on it holds a reference to it. */
typedef struct pynnx_context {
    PyObject_HEAD
    nnx_context *ctx;
    uint32_t threads;
} pynnx_context;

/* nnx.ml.MLTensor. readers / writing count the dispatches on other threads using it (the GIL
 * is released while they run), so that a read, write or destroy meanwhile is refused. */
typedef struct pynnx_tensor {
    PyObject_HEAD
    pynnx_context *owner;
    nnx_tensor *t;
    nnx_tensor_desc desc;
    bool constant;
    int readers, writing;
} pynnx_tensor;

/* nnx.ml.MLGraph (and the compiled graph of an nnx.Model). */
typedef struct pynnx_graph {
    PyObject_HEAD
    pynnx_context *owner;
    nnx_graph *g;
    PyObject *inputs, *outputs; /* tuples of TensorInfo, made once */
} pynnx_graph;

/* nnx.ml.MLGraphBuilder. busy is set while build() runs without the GIL. */
typedef struct pynnx_builder {
    PyObject_HEAD
    pynnx_context *owner;
    nnx_builder *b;
    bool busy, built;
} pynnx_builder;

/* nnx.ml.MLOperand: an operand of one builder (it keeps the builder alive). */
typedef struct pynnx_operand {
    PyObject_HEAD
    pynnx_builder *owner;
    nnx_operand *op;
} pynnx_operand;

/* nnx.Model: a loaded model, its compiled graph and the private context both live on. */
typedef struct pynnx_model {
    PyObject_HEAD
    pynnx_context *owner;
    nnx_model *m;
    pynnx_graph *graph; /* NULL when every output is a string (model_strings.c) */
    PyObject *path;
    PyObject *strings;          /* tuple of (position, name, array of str) */
    PyObject *inputs, *outputs; /* tuples of TensorInfo; outputs with the string ones */
} pynnx_model;

/* The type of o as an object, for "%R" in messages (the limited API hides tp_name). */
#define PYNNX_TYPE_OF(o) ((PyObject *)Py_TYPE(o))

/* ------------------------------------------------------------------ errors (errors.c) */

/* Raises the exception class of status with message (or the status name when message is
 * NULL or empty); returns NULL for `return pynnx_raise(...)`. */
PyObject *pynnx_raise(nnx_status status, const char *message);
/* Raises from a failed context-level call: the context's message of this thread. */
PyObject *pynnx_raise_context(nnx_status status, const nnx_context *ctx);
/* Raises the builder's sticky error, if any; returns true when it raised. */
bool pynnx_builder_failed(const pynnx_builder *b);
/* Creates nnx.Error and its subclasses into pynnx and adds them to module m. */
int pynnx_errors_init(PyObject *m);

/* ------------------------------------------------------------------ arrays (arrays.c) */

/* An nnx_dtype from a dtype-like object: a NumPy dtype or scalar type, or a name ("float32",
 * nnx's names for the types NumPy lacks). Raises TypeError and returns false otherwise. */
bool pynnx_dtype_from_obj(PyObject *obj, nnx_dtype *out);
/* The NumPy dtype of an nnx type, or its nnx name (a str) for a type NumPy lacks. */
PyObject *pynnx_dtype_to_obj(nnx_dtype dtype);
/* Whether NumPy has the type (float16/32/64, the 8- to 64-bit integers, bool). */
bool pynnx_numpy_has(nnx_dtype dtype);
/* The NumPy type holding an nnx type's elements as nnx stores them: the type itself when
 * NumPy has it, else bfloat16 as uint16 bits, the 8- and 4-bit floats as uint8 codes, int4
 * and int2 as int8, uint4 and uint2 as uint8, int48 as int64 (docs/decisions/python.md). */
nnx_dtype pynnx_numpy_storage(nnx_dtype dtype);
/* "float32[1,3,224,224]" (dimension names where dims gives them) into buf. */
const char *pynnx_desc_text(const nnx_operand_desc *d, const char *const *dims, char *buf, size_t size);
/* A shape tuple from a sequence of non-negative ints into d (rank <= NNX_MAX_RANK). */
bool pynnx_shape_from_obj(PyObject *obj, nnx_operand_desc *d, const char *what);
PyObject *pynnx_shape_to_tuple(const nnx_operand_desc *d);

/* An array argument, read in place when it is C-contiguous, aligned and of the wanted type,
 * else copied into owned memory. what names it in messages ("input 'x'"). */
typedef struct pynnx_array_in {
    Py_buffer view;
    bool has_view;
    PyObject *converted; /* numpy.asarray of a non-buffer argument, or NULL */
    void *owned;         /* PyMem copy of a non-contiguous or misaligned buffer, or NULL */
    void *data;
    size_t size;
    nnx_operand_desc desc;
} pynnx_array_in;
/* want NNX_DTYPE_UNDEFINED takes any type NumPy has; a different type is a TypeError (an
 * object that is not an array, such as a list, is converted to want first). A type NumPy
 * lacks is given in its storage type (pynnx_numpy_storage); desc then says want. */
bool pynnx_array_in_get(pynnx_array_in *in, PyObject *obj, nnx_dtype want, const char *what);
void pynnx_array_in_release(pynnx_array_in *in);
/* A new uninitialised C-contiguous NumPy array of type d (its storage type for one NumPy
 * lacks); *data gets its memory. */
PyObject *pynnx_array_empty(const nnx_operand_desc *d, void **data);

/* ------------------------------------------------------------------ types (one file each) */

int pynnx_context_init(PyObject *m);
int pynnx_tensor_init(PyObject *m);
int pynnx_graph_init(PyObject *m);
int pynnx_builder_init(PyObject *m);
int pynnx_operand_init(PyObject *m);
int pynnx_model_init(PyObject *m);
int pynnx_tosa_init(PyObject *m);
int pynnx_tensor_files_init(PyObject *m);

/* A new context object (threads: 0 = one per core). */
pynnx_context *pynnx_context_new(uint32_t threads);
/* Wraps a built graph of owner (takes g; destroys it on failure). */
pynnx_graph *pynnx_graph_wrap(pynnx_context *owner, nnx_graph *g);
/* Wraps an operand of builder b; raises the builder's error instead when it has one. */
PyObject *pynnx_operand_wrap(pynnx_builder *b, nnx_operand *op);
/* Whether o's nnx operand still exists; raises InvalidStateError when it does not (an
 * operand made inside a TOSA sub-graph callback, used after it returned). */
bool pynnx_operand_live(const pynnx_operand *o);
/* The nnx_operand of obj when it is a live operand of builder b, else raises. */
bool pynnx_operand_of(pynnx_builder *b, PyObject *obj, nnx_operand **out, const char *what);
/* Refuses (InvalidStateError) a builder that is building or built. */
bool pynnx_builder_usable(pynnx_builder *b);

/* The operation methods of MLGraphBuilder (ml_ops*.c), ended by a NULL entry. */
extern PyMethodDef pynnx_builder_op_methods[];
/* TensorInfo(name, dtype, shape) with dims[i] the dimension names (NULL: fixed). */
PyObject *pynnx_tensor_info(const char *name, const nnx_operand_desc *d, const char *const *dims);

/* save(object, path, options) for the arguments (path, *, force=False) of a Python save
 * method, without the GIL; None, or the error of ctx (graph.c). force replaces the content
 * of an existing folder (NNX_SAVE_REPLACE). */
typedef nnx_status (*pynnx_save_fn)(void *object, const char *path, const nnx_save_options *options);
PyObject *pynnx_save(PyObject *args, PyObject *kwargs, pynnx_save_fn save, void *object, const nnx_context *ctx);

/* "x: float32[batch,3], y: int64[4]" for a tuple of TensorInfo (graph.c). */
PyObject *pynnx_infos_text(PyObject *infos);

/* ------------------------------------------------------------------ load values (load_values.c) */

/* nnx.load's values= as nnx_input_value entries, with what keeps their data alive. */
typedef struct pynnx_values {
    nnx_input_value *values;
    size_t n_values, cap;
    pynnx_array_in *arrays; /* the tensor entries' arrays */
    size_t n_arrays;
    const char ***strings; /* the STRINGS entries' pointer arrays */
    size_t n_strings;
    PyObject *keep; /* a list of the UTF-8 bytes objects names and strings point into */
} pynnx_values;
/* Reads values (None or a dict {name: value}); on failure raises and leaves v empty. */
bool pynnx_values_get(pynnx_values *v, PyObject *values);
void pynnx_values_release(pynnx_values *v);

/* ------------------------------------------------------------------ string outputs (model_strings.c) */

/* The model's string outputs as a tuple of (position, name, NumPy array of str). */
PyObject *pynnx_model_strings(nnx_model *m);
/* The graph's outputs (may be NULL) with the string outputs at their positions. */
PyObject *pynnx_model_outputs(PyObject *graph_outputs, PyObject *strings);
/* Model.run: the graph's results and the string outputs, in the model's output order. */
PyObject *pynnx_model_run(pynnx_model *m, PyObject *args, PyObject *kwargs);

/* ------------------------------------------------------------------ running (run.c) */

/* Runs graph g of ctx on inputs given as (mapping) or (array, array, ...) in args, with
 * optional keyword `outputs` (names to return); returns {name: array}. */
PyObject *pynnx_run(pynnx_graph *g, PyObject *args, PyObject *kwargs);

#endif
