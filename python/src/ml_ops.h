/* ml_ops.h — what the files of MLGraphBuilder's operation methods share (ml_ops*.c,
 * ml_options.c): the parameter and option tables, the call being parsed, and the methods
 * defined outside ml_ops.c, whose table lists every operation. */
#ifndef PYNNX_ML_OPS_H
#define PYNNX_ML_OPS_H

#include "pynnx.h"

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
