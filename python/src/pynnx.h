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
/* The nnx_operand of obj when it is an operand of builder b, else raises TypeError. */
bool pynnx_operand_of(pynnx_builder *b, PyObject *obj, nnx_operand **out, const char *what);
/* Refuses (InvalidStateError) a builder that is building or built. */
bool pynnx_builder_usable(pynnx_builder *b);

/* The operation methods of MLGraphBuilder (ml_ops*.c), ended by a NULL entry. */
extern PyMethodDef pynnx_builder_op_methods[];
/* TensorInfo(name, dtype, shape) with dims[i] the dimension names (NULL: fixed). */
PyObject *pynnx_tensor_info(const char *name, const nnx_operand_desc *d, const char *const *dims);

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

/* ------------------------------------------------------------------ TOSA sessions (tosa*.c) */

/* nnx.tosa.Session: an nnx_tosa session on a builder (it keeps the builder alive). The
 * session a COND_IF / WHILE_LOOP callback gets may live on a sub-graph builder that nnx
 * destroys when the callback returns: `made` lists the operands wrapped meanwhile, which
 * are then cut loose (op NULL) with the session (dead). `locked` refuses calls while a
 * callback of the session's own operator builds on another session. */
typedef struct pynnx_tosa_session {
    PyObject_HEAD
    pynnx_builder *owner;
    nnx_tosa *t;
    uint32_t profiles; /* as given: 0 = every profile and extension */
    nnx_tosa_level level;
    PyObject *made;      /* list (sub-graph sessions only), else NULL */
    bool borrowed, dead; /* borrowed: owner wraps a sub-graph builder nnx owns */
    int locked;
} pynnx_tosa_session;

/* The keyword arguments of one operator call, parsed into nnx_tosa_attrs (tosa_attrs.c);
 * the storage its pointers use lives here, released by pynnx_tosa_kw_release. */
typedef struct pynnx_tosa_kw {
    nnx_tosa_attrs a;
    int32_t perms[NNX_MAX_RANK];
    int64_t shape_values[2 * NNX_MAX_RANK + 2];
    pynnx_array_in values;
    bool has_values, has_var_shape, has_n_outputs;
    nnx_operand_desc var_shape;
    nnx_dtype type;
    PyObject *graphs[2]; /* borrowed: then/cond, else/body */
    uint32_t n_outputs;
} pynnx_tosa_kw;

/* Parses kwargs (may be NULL) for op: allowed names its keywords ("axis! nan_mode", '!'
 * marks a required one); method names the call in messages. */
bool pynnx_tosa_kw_parse(nnx_tosa_op op, const char *allowed, const char *method, PyObject *kwargs, pynnx_tosa_kw *kw);
void pynnx_tosa_kw_release(pynnx_tosa_kw *kw);
/* "name: type" (required) or "name: type = default" of a keyword into buf, for docstrings;
 * NULL for an unknown one. */
const char *pynnx_tosa_kw_doc(const char *name, bool required, char *buf, size_t size);

/* Wraps op as an operand of s's builder (tracked in s->made); raises the builder's error. */
PyObject *pynnx_tosa_wrap(pynnx_tosa_session *s, nnx_operand *op);
/* Refuses (InvalidStateError) a dead or locked session, or an unusable builder. */
bool pynnx_tosa_usable(pynnx_tosa_session *s);
/* The session a sub-graph callback gets for t (parent itself when t is its session), and
 * its end once the callback returned. */
pynnx_tosa_session *pynnx_tosa_sub_begin(pynnx_tosa_session *parent, nnx_tosa *t);
void pynnx_tosa_sub_end(pynnx_tosa_session *parent, pynnx_tosa_session *sub);
/* COND_IF / WHILE_LOOP with kw's Python callables (tosa_flow.c); false when a callback
 * raised (the exception is set), else true with nnx's outcome in the builder. */
bool pynnx_tosa_flow_add(pynnx_tosa_session *s, nnx_tosa_op op, nnx_operand *const *in, uint32_t n_in,
                         pynnx_tosa_kw *kw, nnx_operand **out, uint32_t n_out);
/* The operator methods of nnx.tosa.Session and its add() (tosa_ops.c), ended by a NULL entry;
 * pynnx_tosa_ops_init writes their docstrings. */
extern PyMethodDef pynnx_tosa_op_methods[];
int pynnx_tosa_ops_init(void);

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

/* ------------------------------------------------------------------ operations (ml_*.c)
 * Each operation method is described by a pynnx_ml_op: its positional parameters, its
 * keyword options (rows that write one field of the nnx options struct, found by offsetof)
 * and a call that makes the nnx_builder_* call. pynnx_ml_invoke (ml_options.c) does the
 * rest: argument checks, conversion, the call, and the builder's sticky error. */

/* The keyword option kinds: what Python value each takes and the field it fills. */
typedef enum pynnx_opt_kind {
    PYNNX_OPT_NUMBER,      /* nnx_number from an int or float (MLNumber) */
    PYNNX_OPT_BOOL,        /* bool */
    PYNNX_OPT_NOT,         /* bool, stored negated (WebNN upper -> nnx lower) */
    PYNNX_OPT_U32,         /* uint32_t */
    PYNNX_OPT_I32,         /* int32_t */
    PYNNX_OPT_U32_LIST,    /* const uint32_t * and its uint32_t count at count_offset */
    PYNNX_OPT_F32_LIST,    /* const float * and its count */
    PYNNX_OPT_OPERAND,     /* nnx_operand * */
    PYNNX_OPT_ENUM,        /* an nnx enum: names[i] stores base + i */
    PYNNX_OPT_DTYPE,       /* nnx_dtype, from anything pynnx_dtype_from_obj takes */
    PYNNX_OPT_ACTIVATIONS, /* const nnx_recurrent_activation * and its count */
} pynnx_opt_kind;

typedef struct pynnx_option {
    const char *name; /* the keyword: WebNN's option name in snake_case */
    pynnx_opt_kind kind;
    size_t offset, count_offset;
    const char *const *names; /* PYNNX_OPT_ENUM: the WebNN strings, NULL-terminated */
    int base;
} pynnx_option;

/* The positional parameter kinds. */
typedef enum pynnx_arg_kind {
    PYNNX_ARG_OPERAND,  /* an MLOperand of this builder */
    PYNNX_ARG_U32,      /* an int in 0 .. 2^32-1 */
    PYNNX_ARG_U32_LIST, /* a sequence of such ints */
    PYNNX_ARG_DTYPE,    /* a data type */
    PYNNX_ARG_OPERANDS, /* a sequence of MLOperands */
    PYNNX_ARG_SPLITS,   /* an int (a count) or a sequence of ints (sizes) */
} pynnx_arg_kind;

#define PYNNX_ML_MAX_ARGS 6
#define PYNNX_ML_OPTIONS_MAX 256 /* bytes: the largest nnx options struct fits */

/* Option rows: keyword name, options struct type, field (and field##_count for lists). */
#define PYNNX_OPT(name, st, field, kind) \
    { \
        name, kind, offsetof(st, field), 0, NULL, 0 \
    }
#define PYNNX_OPT_LIST(name, st, field, kind) \
    { \
        name, kind, offsetof(st, field), offsetof(st, field##_count), NULL, 0 \
    }
#define PYNNX_OPT_CHOICE(name, st, field, names, base) \
    { \
        name, PYNNX_OPT_ENUM, offsetof(st, field), 0, names, base \
    }

typedef nnx_operand *(*pynnx_unary_fn)(nnx_builder *, nnx_operand *, const nnx_operator_options *);
typedef nnx_operand *(*pynnx_binary_fn)(nnx_builder *, nnx_operand *, nnx_operand *, const nnx_operator_options *);
typedef nnx_operand *(*pynnx_reduce_fn)(nnx_builder *, nnx_operand *, const nnx_reduce_options *);
typedef nnx_operand *(*pynnx_pool_fn)(nnx_builder *, nnx_operand *, const nnx_pool2d_options *);

typedef struct pynnx_ml_call pynnx_ml_call;
typedef struct pynnx_ml_op {
    const char *name;
    const char *params[PYNNX_ML_MAX_ARGS]; /* positional parameter names, NULL-ended */
    pynnx_arg_kind kinds[PYNNX_ML_MAX_ARGS];
    const pynnx_option *options; /* NULL-name-ended; NULL: label only */
    /* Makes the call; writes the results to c->outs and returns how many. */
    uint32_t (*call)(pynnx_ml_call *c);
    bool list; /* returns a list of MLOperand (split, gru, lstm, lstm_cell) */
    union {
        pynnx_unary_fn unary;
        pynnx_binary_fn binary;
        pynnx_reduce_fn reduce;
        pynnx_pool_fn pool;
    } fn; /* the nnx function of a generic family (ml_ops.c) */
} pynnx_ml_op;

/* One call being made: the converted positional arguments and the options struct. */
struct pynnx_ml_call {
    const pynnx_ml_op *op;
    nnx_builder *b;
    nnx_operand *x[PYNNX_ML_MAX_ARGS]; /* PYNNX_ARG_OPERAND */
    uint32_t u[PYNNX_ML_MAX_ARGS];     /* PYNNX_ARG_U32; the count of a list */
    uint32_t *list[PYNNX_ML_MAX_ARGS]; /* PYNNX_ARG_U32_LIST, SPLITS given as sizes */
    nnx_operand **operands;            /* PYNNX_ARG_OPERANDS (u[i] of them) */
    nnx_dtype dtype;                   /* PYNNX_ARG_DTYPE */
    _Alignas(max_align_t) unsigned char options[PYNNX_ML_OPTIONS_MAX];
    nnx_operand **outs; /* room for out_cap results */
    uint32_t out_cap;
    void *scratch[24]; /* PyMem blocks freed after the call */
    int n_scratch;
};

/* Parses args and kwargs of method op of builder self, calls it, and returns its MLOperand
 * (or list), raising TypeError for a bad argument or keyword and the builder's error. */
PyObject *pynnx_ml_invoke(PyObject *self, PyObject *args, PyObject *kwargs, const pynnx_ml_op *op);
/* Room for n results in c->outs (split's parts); NULL with MemoryError. */
nnx_operand **pynnx_ml_outs(pynnx_ml_call *c, uint32_t n);
/* The call's options struct, for the nnx_builder_* call. */
#define PYNNX_ML_OPTIONS(c) ((void *)(c)->options)

/* The methods defined outside ml_ops.c, which holds the method table. */
#define PYNNX_ML_METHOD(name) PyObject *pynnx_ml_##name(PyObject *self, PyObject *args, PyObject *kwargs)
#define PYNNX_ML_DEFINE(name, spec) \
    PYNNX_ML_METHOD(name) { return pynnx_ml_invoke(self, args, kwargs, &(spec)); }
#define PYNNX_ML_DECLARE(name) PYNNX_ML_METHOD(name);
/* The lists are kept as written: clang-format does not settle on a layout for them. */
/* clang-format off */
#define PYNNX_ML_NN_OPS(X) \
    X(gemm) X(conv2d) X(conv_transpose2d) X(resample2d) X(batch_normalization) \
    X(instance_normalization) X(layer_normalization) X(quantize_linear) X(dequantize_linear)
#define PYNNX_ML_SHAPE_OPS(X) \
    X(cast) X(arg_min) X(arg_max) X(softmax) X(reshape) X(transpose) X(concat) X(slice) X(split) \
    X(pad) X(tile) X(expand) X(reverse) X(triangular) X(cumulative_sum) X(gather) X(gather_elements) \
    X(gather_nd) X(scatter_elements) X(scatter_nd) X(where)
#define PYNNX_ML_RECURRENT_OPS(X) X(gru) X(gru_cell) X(lstm) X(lstm_cell)
/* clang-format on */
PYNNX_ML_NN_OPS(PYNNX_ML_DECLARE)
PYNNX_ML_SHAPE_OPS(PYNNX_ML_DECLARE)
PYNNX_ML_RECURRENT_OPS(PYNNX_ML_DECLARE)

#endif
