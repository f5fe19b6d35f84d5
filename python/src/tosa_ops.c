/* tosa_ops.c — the operator methods of nnx.tosa.Session: one row per TOSA 1.0 operator (spec
 * chapter 2: its inputs in the spec's argument order, its attribute keywords, its outputs)
 * generates both the method and its docstring, and every method runs the one generic call
 * below, as does the generic form add(op_name, inputs, n_outputs=None, **attrs). */
#include "tosa_session.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

/* Inputs: words in the spec's order; "name?" an optional trailing one (zero points, shift,
 * pad_const), "name#" a shape_t (a CONST_SHAPE operand, or a list of ints made one),
 * "name*" a tensor list. Attributes: keywords, '!' marking required ones. Outputs: a count,
 * OUT_N (the n_outputs keyword, default 1) or OUT_IN (one per input-list item). */
#define OUT_N (-1)
#define OUT_IN (-2)

#define ZP_IN "input input_zp? output_zp?"
#define CONV_IN "input weight bias input_zp? weight_zp?"
#define BIN "input1 input2"
#define SUB_GRAPHS \
    "nnx calls each callable once, while it adds the operator, to build the sub-graph on the session it gets " \
    "(its own builder; with variables in the session, COND_IF's is this session). That session and the operands " \
    "it makes live only during the call (so must operands made there with its builder's own methods, which " \
    "are not cut loose). An exception in a callable fails the operator and is raised again."
#define TOSA_OPS(X) \
    X(argmax, ARGMAX, "2.3.1", "input", "axis! nan_mode", 1, "The index of the largest value along axis.") \
    X(avg_pool2d, AVG_POOL2D, "2.3.2", ZP_IN, "kernel! stride! pad! acc_type", 1, \
      "Average pooling of an NHWC input; pad is [top, bottom, left, right].") \
    X(conv2d, CONV2D, "2.3.3", CONV_IN, "pad! stride! dilation! acc_type local_bound", 1, \
      "2D convolution of an NHWC input by [OC,KH,KW,IC] weights; pad is [top, bottom, left, right].") \
    X(conv3d, CONV3D, "2.3.4", CONV_IN, "pad! stride! dilation! acc_type local_bound", 1, \
      "3D convolution of an NDHWC input; pad has 6 values, stride and dilation 3.") \
    X(depthwise_conv2d, DEPTHWISE_CONV2D, "2.3.5", CONV_IN, "pad! stride! dilation! acc_type local_bound", 1, \
      "Depthwise 2D convolution by [KH,KW,C,M] weights.") \
    X(fft2d, FFT2D, "2.3.6", "input_real input_imag", "inverse local_bound", 2, \
      "2D discrete Fourier transform; returns [output_real, output_imag].") \
    X(matmul, MATMUL, "2.3.7", "A B A_zp? B_zp?", "out_type", 1, \
      "Batched matrix product [N,H,C] x [N,C,W]; out_type picks the result type where several fit.") \
    X(max_pool2d, MAX_POOL2D, "2.3.8", "input", "kernel! stride! pad! nan_mode", 1, "Max pooling of an NHWC input.") \
    X(rfft2d, RFFT2D, "2.3.9", "input_real", "local_bound", 2, \
      "2D real-input Fourier transform; returns [output_real, output_imag].") \
    X(transpose_conv2d, TRANSPOSE_CONV2D, "2.3.10", CONV_IN, "out_pad! stride! acc_type local_bound", 1, \
      "Transposed 2D convolution by [OC,KH,KW,IC] weights; out_pad is [top, bottom, left, right].") \
    X(clamp, CLAMP, "2.4.1", "input", "min_val max_val nan_mode", 1, \
      "Clamps to [min_val, max_val] (values of the input's type; absent: the type's range).") \
    X(erf, ERF, "2.4.2", "input", "", 1, "The error function.") \
    X(sigmoid, SIGMOID, "2.4.3", "input", "", 1, "The logistic sigmoid.") \
    X(tanh, TANH, "2.4.4", "input", "", 1, "The hyperbolic tangent.") \
    X(add, ADD, "2.5.1", BIN, "", 1, "Elementwise sum (broadcast: equal ranks, extents equal or 1).") \
    X(arithmetic_right_shift, ARITHMETIC_RIGHT_SHIFT, "2.5.2", BIN, "round", 1, \
      "Arithmetic right shift of input1 by input2, rounding when round is true.") \
    X(bitwise_and, BITWISE_AND, "2.5.3", BIN, "", 1, "Elementwise bitwise and.") \
    X(bitwise_or, BITWISE_OR, "2.5.4", BIN, "", 1, "Elementwise bitwise or.") \
    X(bitwise_xor, BITWISE_XOR, "2.5.5", BIN, "", 1, "Elementwise bitwise xor.") \
    X(intdiv, INTDIV, "2.5.6", BIN, "", 1, "Integer division rounding toward zero.") \
    X(logical_and, LOGICAL_AND, "2.5.7", BIN, "", 1, "Elementwise logical and.") \
    X(logical_left_shift, LOGICAL_LEFT_SHIFT, "2.5.8", BIN, "", 1, "Logical left shift.") \
    X(logical_right_shift, LOGICAL_RIGHT_SHIFT, "2.5.9", BIN, "", 1, "Logical right shift.") \
    X(logical_or, LOGICAL_OR, "2.5.10", BIN, "", 1, "Elementwise logical or.") \
    X(logical_xor, LOGICAL_XOR, "2.5.11", BIN, "", 1, "Elementwise logical xor.") \
    X(maximum, MAXIMUM, "2.5.12", BIN, "nan_mode", 1, "Elementwise maximum.") \
    X(minimum, MINIMUM, "2.5.13", BIN, "nan_mode", 1, "Elementwise minimum.") \
    X(mul, MUL, "2.5.14", "input1 input2 shift?", "", 1, \
      "Elementwise product; for int32, shift (an int8 constant) shifts it right with rounding.") \
    X(pow, POW, "2.5.15", BIN, "", 1, "input1 raised to input2.") \
    X(sub, SUB, "2.5.16", BIN, "", 1, "Elementwise difference.") \
    X(table, TABLE, "2.5.17", "input1 table", "", 1, "Table lookup (int8: 256 entries; int16: 513, interpolated).") \
    X(abs, ABS, "2.6.1", "input1", "", 1, "Absolute value.") \
    X(bitwise_not, BITWISE_NOT, "2.6.2", "input1", "", 1, "Bitwise not.") \
    X(ceil, CEIL, "2.6.3", "input1", "", 1, "Rounds up.") \
    X(clz, CLZ, "2.6.4", "input1", "", 1, "Counts the leading zero bits.") \
    X(cos, COS, "2.6.5", "input1", "", 1, "Cosine.") \
    X(exp, EXP, "2.6.6", "input1", "", 1, "Exponential.") \
    X(floor, FLOOR, "2.6.7", "input1", "", 1, "Rounds down.") \
    X(log, LOG, "2.6.8", "input1", "", 1, "Natural logarithm.") \
    X(logical_not, LOGICAL_NOT, "2.6.9", "input1", "", 1, "Logical not.") \
    X(negate, NEGATE, "2.6.10", "input1 input1_zp? output_zp?", "", 1, "Negation, with zero points for integers.") \
    X(reciprocal, RECIPROCAL, "2.6.11", "input1", "", 1, "1 / x.") \
    X(rsqrt, RSQRT, "2.6.12", "input1", "", 1, "1 / sqrt(x).") \
    X(sin, SIN, "2.6.13", "input1", "", 1, "Sine.") \
    X(select, SELECT, "2.7.1", "input1 input2 input3", "", 1, "input2 where the bool input1 is true, else input3.") \
    X(equal, EQUAL, "2.8.1", BIN, "", 1, "Elementwise ==, a bool result.") \
    X(greater, GREATER, "2.8.2", BIN, "", 1, "Elementwise >, a bool result.") \
    X(greater_equal, GREATER_EQUAL, "2.8.3", BIN, "", 1, "Elementwise >=, a bool result.") \
    X(reduce_all, REDUCE_ALL, "2.9.1", "input", "axis!", 1, "Logical and along axis (kept as extent 1).") \
    X(reduce_any, REDUCE_ANY, "2.9.2", "input", "axis!", 1, "Logical or along axis (kept as extent 1).") \
    X(reduce_max, REDUCE_MAX, "2.9.3", "input", "axis! nan_mode", 1, "Maximum along axis (kept as extent 1).") \
    X(reduce_min, REDUCE_MIN, "2.9.4", "input", "axis! nan_mode", 1, "Minimum along axis (kept as extent 1).") \
    X(reduce_product, REDUCE_PRODUCT, "2.9.5", "input", "axis!", 1, "Product along axis (kept as extent 1).") \
    X(reduce_sum, REDUCE_SUM, "2.9.6", "input", "axis!", 1, "Sum along axis (kept as extent 1).") \
    X(concat, CONCAT, "2.10.1", "input1*", "axis!", 1, "Concatenates a list of tensors along axis.") \
    X(pad, PAD, "2.10.2", "input1 padding# pad_const?", "", 1, \
      "Pads with pad_const; padding has [before, after] per dimension.") \
    X(reshape, RESHAPE, "2.10.3", "input1 shape#", "", 1, "Reshapes to shape (a shape_t).") \
    X(reverse, REVERSE, "2.10.4", "input1", "axis!", 1, "Reverses along axis.") \
    X(slice, SLICE, "2.10.5", "input1 start# size#", "", 1, "The block of size items from start.") \
    X(tile, TILE, "2.10.6", "input1 multiples#", "", 1, "Repeats the input multiples times per dimension.") \
    X(transpose, TRANSPOSE, "2.10.7", "input1", "perms!", 1, \
      "Permutes the dimensions: output dim i is input perms[i].") \
    X(gather, GATHER, "2.11.1", "values indices", "", 1, "Gathers [N,W] indices from [N,K,C] values.") \
    X(scatter, SCATTER, "2.11.2", "values_in indices input", "", 1, "Scatters [N,W,C] input into [N,K,C] values_in.") \
    X(resize, RESIZE, "2.12.1", "input scale# offset# border#", "mode", 1, \
      "Resizes an NHWC input; scale has 4 values, offset and border 2.") \
    X(cast, CAST, "2.13.1", "input", "out_type!", 1, "Converts to out_type (rounding to nearest, ties to even).") \
    X(rescale, RESCALE, "2.13.2", "input multiplier shift input_zp output_zp", \
      "out_type! scale32 rounding_mode per_channel input_unsigned output_unsigned", 1, \
      "Integer rescaling: (x - input_zp) * multiplier >> shift + output_zp, as out_type.") \
    X(const, CONST, "2.14.1", "", "values! out_type", 1, \
      "A constant holding values (an array; out_type gives a type NumPy lacks over raw items of its size).") \
    X(identity, IDENTITY, "2.14.2", "input1", "", 1, "The input itself.") \
    X(custom, CUSTOM, "2.15.1", "input_list*", "operator_name domain_name implementation_attrs n_outputs", OUT_N, \
      "A custom operator (nnx registers none: NotSupportedError).") \
    X(cond_if, COND_IF, "2.16.1", "condition input_list*", "then_graph! else_graph! n_outputs", OUT_N, \
      "then_graph(session, operands) where the one-element bool condition holds, else else_graph; each returns " \
      "n_outputs operands. " SUB_GRAPHS) \
    X(while_loop, WHILE_LOOP, "2.16.2", "input_list*", "cond_graph! body_graph!", OUT_IN, \
      "Runs body_graph(session, operands) while cond_graph(session, operands) gives true (one bool); body_graph " \
      "returns the list's new values, of the same types. " SUB_GRAPHS) \
    X(variable, VARIABLE, "2.17.1", "", "uid! var_shape type initial_value values", 0, \
      "Declares variable uid: an initial value (initial_value, or values), or var_shape and type (zeros).") \
    X(variable_write, VARIABLE_WRITE, "2.17.2", "input1", "uid!", 0, "Writes the variable's next value.") \
    X(variable_read, VARIABLE_READ, "2.17.3", "", "uid! var_shape type", 1, \
      "The variable's current value (var_shape and type, when given, must be its own).") \
    X(const_shape, CONST_SHAPE, "2.18.1", "", "values!", 1, "A shape_t constant of values (ints).")

typedef struct op_row {
    nnx_tosa_op op;
    const char *method, *section, *inputs, *attrs, *summary;
    int n_out;
} op_row;

static const op_row rows[] = {
#define ROW(py, OP, sec, in, at, n, doc) {NNX_TOSA_##OP, #py, sec, in, at, doc, n},
    TOSA_OPS(ROW)
#undef ROW
};
#define N_ROWS (sizeof rows / sizeof *rows)

/* Each row's keywords with label (and n_outputs for the generic form), made at init. */
static char *allowed[NNX_TOSA_OP_COUNT], *allowed_generic[NNX_TOSA_OP_COUNT];

/* ---------------------------------------------------------------- inputs */

typedef struct inputs {
    nnx_operand **v;
    uint32_t n, cap;
} inputs;

static bool push(inputs *in, nnx_operand *op)
{
    if (in->n == in->cap) {
        uint32_t cap = in->cap ? 2 * in->cap : 8;
        nnx_operand **grown = PyMem_Realloc(in->v, cap * sizeof *grown);
        if (!grown) {
            PyErr_NoMemory();
            return false;
        }
        in->v = grown, in->cap = cap;
    }
    in->v[in->n++] = op;
    return true;
}

static bool operand(pynnx_tosa_session *s, PyObject *obj, const char *what, inputs *in)
{
    nnx_operand *op = NULL;
    if (!pynnx_operand_of(s->owner, obj, &op, what))
        return false;
    if (!op) {
        pynnx_raise(NNX_ERROR_INVALID_STATE, "an operand of a finished COND_IF / WHILE_LOOP sub-graph was given");
        return false;
    }
    return push(in, op);
}

/* A list or tuple of ints given for a shape_t input: a CONST_SHAPE of them (§2.18.1). */
static bool shape_operand(pynnx_tosa_session *s, PyObject *obj, const char *what, inputs *in)
{
    int64_t v[2 * NNX_MAX_RANK + 2];
    Py_ssize_t n = PySequence_Size(obj);
    if (n < 0 || n > (Py_ssize_t)(sizeof v / sizeof *v)) {
        PyErr_Format(PyExc_ValueError, "%s has %zd values, at most %zu are possible", what, n, sizeof v / sizeof *v);
        return false;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item = PySequence_GetItem(obj, i);
        PyObject *idx = item && !PyBool_Check(item) ? PyNumber_Index(item) : NULL;
        Py_XDECREF(item);
        if (!idx) {
            PyErr_Clear();
            PyErr_Format(PyExc_TypeError, "%s must be an operand or a list of ints", what);
            return false;
        }
        v[i] = PyLong_AsLongLong(idx);
        Py_DECREF(idx);
        if (v[i] == -1 && PyErr_Occurred())
            return false;
    }
    nnx_tosa_attrs a = {.shape_values = v, .shape_values_count = (uint32_t)n};
    nnx_operand *op = NULL;
    nnx_tosa_add(s->t, NNX_TOSA_CONST_SHAPE, NULL, 0, &a, &op, 1);
    return !pynnx_builder_failed(s->owner) && push(in, op);
}

/* The next word of an inputs string into word (its marker stripped into *mark). */
static bool next_word(const char **p, char *word, size_t size, char *mark)
{
    while (**p == ' ')
        (*p)++;
    if (!**p)
        return false;
    size_t n = strcspn(*p, " ");
    *mark = strchr("?#*", (*p)[n - 1]) ? (*p)[n - 1] : '\0';
    size_t len = n - (*mark != '\0');
    snprintf(word, size, "%.*s", (int)(len < size ? len : size - 1), *p);
    *p += n;
    return true;
}

/* The positional arguments of an operator method, flattened as nnx_tosa_add takes them;
 * *list_len gets the tensor list's length. */
static bool method_inputs(pynnx_tosa_session *s, const op_row *r, PyObject *args, inputs *in, uint32_t *list_len)
{
    Py_ssize_t n_args = PyTuple_Size(args), i = 0, n_max = 0;
    const char *p = r->inputs;
    char word[32], mark;
    bool ended = false; /* an optional input was None: the later ones must be too */
    while (next_word(&p, word, sizeof word, &mark)) {
        n_max++;
        if (i >= n_args) {
            if (mark == '?')
                continue;
            PyErr_Format(PyExc_TypeError, "%s() missing input '%s' (its inputs: %s)", r->method, word, r->inputs);
            return false;
        }
        PyObject *obj = PyTuple_GetItem(args, i++);
        char what[96];
        snprintf(what, sizeof what, "%s()'s input '%s'", r->method, word);
        if (mark == '?' && obj == Py_None) {
            ended = true;
            continue;
        }
        if (ended) {
            PyErr_Format(PyExc_TypeError, "%s: an optional input after one given as None", what);
            return false;
        }
        if (mark == '*') {
            if (!PyList_Check(obj) && !PyTuple_Check(obj)) {
                PyErr_Format(PyExc_TypeError, "%s is a tensor list: give a list of operands, not %R", what,
                             PYNNX_TYPE_OF(obj));
                return false;
            }
            Py_ssize_t n = PySequence_Size(obj);
            for (Py_ssize_t k = 0; k < n; k++) {
                PyObject *item = PySequence_GetItem(obj, k);
                bool ok = item && operand(s, item, what, in);
                Py_XDECREF(item);
                if (!ok)
                    return false;
            }
            *list_len = (uint32_t)n;
        } else if (mark == '#' && (PyList_Check(obj) || PyTuple_Check(obj))) {
            if (!shape_operand(s, obj, what, in))
                return false;
        } else if (!operand(s, obj, what, in)) {
            return false;
        }
    }
    if (n_args > n_max) {
        PyErr_Format(PyExc_TypeError, "%s() takes at most %zd inputs (%s), %zd were given", r->method, n_max, r->inputs,
                     n_args);
        return false;
    }
    return true;
}

/* ---------------------------------------------------------------- the generic call */

/* Adds r's operator with inputs in[0..n_in) and the parsed keywords; n_out results. as_list:
 * return a list (operators whose outputs are a list, or several); None without outputs. */
static PyObject *add_op(pynnx_tosa_session *s, const op_row *r, const inputs *in, pynnx_tosa_kw *kw, uint32_t n_out,
                        bool as_list)
{
    nnx_operand **out = PyMem_Calloc(n_out ? n_out : 1, sizeof *out);
    if (!out)
        return PyErr_NoMemory();
    bool ok = true;
    if (r->op == NNX_TOSA_COND_IF || r->op == NNX_TOSA_WHILE_LOOP)
        ok = pynnx_tosa_flow_add(s, r->op, in->v, in->n, kw, out, n_out);
    else
        nnx_tosa_add(s->t, r->op, in->v, in->n, &kw->a, out, n_out);
    PyObject *result = NULL;
    if (!ok || pynnx_builder_failed(s->owner)) {
        PyMem_Free(out);
        return NULL;
    }
    if (n_out == 0) {
        result = Py_NewRef(Py_None);
    } else if (!as_list) {
        result = pynnx_tosa_wrap(s, out[0]);
    } else {
        result = PyList_New(n_out);
        for (uint32_t i = 0; result && i < n_out; i++) {
            PyObject *o = pynnx_tosa_wrap(s, out[i]);
            if (!o || PyList_SetItem(result, i, o) < 0)
                Py_CLEAR(result);
        }
    }
    PyMem_Free(out);
    return result;
}

static PyObject *method_call(PyObject *self, nnx_tosa_op op, PyObject *args, PyObject *kwargs)
{
    pynnx_tosa_session *s = (pynnx_tosa_session *)self;
    const op_row *r = &rows[op - 1];
    if (!pynnx_tosa_usable(s))
        return NULL;
    pynnx_tosa_kw kw;
    inputs in = {0};
    uint32_t list_len = 0;
    PyObject *result = NULL;
    if (pynnx_tosa_kw_parse(op, allowed[op], r->method, kwargs, &kw) && method_inputs(s, r, args, &in, &list_len)) {
        uint32_t n_out = r->n_out == OUT_N ? (kw.has_n_outputs ? kw.n_outputs : 1)
            : r->n_out == OUT_IN           ? list_len
                                           : (uint32_t)r->n_out;
        result = add_op(s, r, &in, &kw, n_out, r->n_out < 0 || r->n_out > 1);
    }
    pynnx_tosa_kw_release(&kw);
    PyMem_Free(in.v);
    return result;
}

/* add(op_name, inputs, n_outputs=None, **attrs): inputs flattened as nnx_tosa_add takes them
 * (COND_IF: the condition, then the list). */
static PyObject *generic_call(pynnx_tosa_session *s, PyObject *args, PyObject *kwargs)
{
    PyObject *name = PyTuple_GetItem(args, 0), *list = PyTuple_Size(args) == 2 ? PyTuple_GetItem(args, 1) : NULL;
    if (!list || (!PyList_Check(list) && !PyTuple_Check(list)))
        return PyErr_Format(PyExc_TypeError,
                            "add(op_name, inputs, n_outputs=None, **attrs) takes a str and a list "
                            "of operands");
    const char *text = PyUnicode_AsUTF8AndSize(name, NULL);
    if (!text)
        return NULL;
    const op_row *r = NULL;
    for (size_t i = 0; i < N_ROWS && !r; i++)
        if (strcasecmp(text, rows[i].method) == 0 || strcmp(text, nnx_tosa_op_name(rows[i].op)) == 0)
            r = &rows[i];
    if (!r)
        return PyErr_Format(PyExc_ValueError, "add(): %R is not a TOSA 1.0 operator", name);
    if (!pynnx_tosa_usable(s))
        return NULL;
    pynnx_tosa_kw kw;
    inputs in = {0};
    PyObject *result = NULL;
    char method[48];
    snprintf(method, sizeof method, "add('%s')", nnx_tosa_op_name(r->op));
    bool ok = pynnx_tosa_kw_parse(r->op, allowed_generic[r->op], method, kwargs, &kw);
    Py_ssize_t n = PySequence_Size(list);
    for (Py_ssize_t i = 0; ok && i < n; i++) {
        PyObject *item = PySequence_GetItem(list, i);
        ok = item && operand(s, item, "an input of add()", &in);
        Py_XDECREF(item);
    }
    if (ok) {
        int natural = r->n_out == OUT_N ? 1 : r->n_out == OUT_IN ? (int)in.n : r->n_out;
        uint32_t n_out = kw.has_n_outputs ? kw.n_outputs : (uint32_t)natural;
        result = add_op(s, r, &in, &kw, n_out, r->n_out < 0 || r->n_out > 1 || n_out != 1);
    }
    pynnx_tosa_kw_release(&kw);
    PyMem_Free(in.v);
    return result;
}

/* ---------------------------------------------------------------- the methods */

#define METHOD(py, OP, ...) \
    static PyObject *m_##py(PyObject *self, PyObject *args, PyObject *kwargs) \
    { \
        return method_call(self, NNX_TOSA_##OP, args, kwargs); \
    }
TOSA_OPS(METHOD)
#undef METHOD

/* ADD's method is also the generic form: a str first argument names the operator. */
static PyObject *m_add_or_generic(PyObject *self, PyObject *args, PyObject *kwargs)
{
    if (PyTuple_Size(args) >= 1 && PyUnicode_Check(PyTuple_GetItem(args, 0)))
        return generic_call((pynnx_tosa_session *)self, args, kwargs);
    return m_add(self, args, kwargs);
}

PyMethodDef pynnx_tosa_op_methods[] = {
#define DEF(py, ...) {#py, (PyCFunction)(void (*)(void))m_##py, METH_VARARGS | METH_KEYWORDS, NULL},
    TOSA_OPS(DEF)
#undef DEF
        {NULL, NULL, 0, NULL},
};

static const char generic_doc[] =
    "\n\nadd(op_name, inputs, /, n_outputs=None, **attrs) -> MLOperand | list[MLOperand] | None\n\nThe generic "
    "form, when the first argument is a str: the operator named op_name ('CONV2D' or 'conv2d') with inputs as "
    "nnx_tosa_add takes them (one flat list: tensor lists inlined, COND_IF's condition first), n_outputs results "
    "(default: the operator's own count) and the operator's keywords. Returns a list for operators with a list or "
    "several outputs, or when n_outputs is not 1.";

/* "conv2d(input, weight, bias, input_zp=None, weight_zp=None, /, *, pad: ..., label: ...)
 * -> MLOperand\n\nTOSA 1.0 CONV2D (spec §2.3.3): summary" */
static char *make_doc(const op_row *r)
{
    char buf[2048];
    size_t n = (size_t)snprintf(buf, sizeof buf, "%s(", r->method);
    const char *p = r->inputs;
    char word[32], mark;
    bool any = false;
    while (next_word(&p, word, sizeof word, &mark) && n < sizeof buf) {
        n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%s%s", any ? ", " : "", word, mark == '?' ? "=None" : "");
        any = true;
    }
    if (any && n < sizeof buf)
        n += (size_t)snprintf(buf + n, sizeof buf - n, ", /");
    const char *q = allowed[r->op];
    bool star = false;
    while (*q && n < sizeof buf) {
        while (*q == ' ')
            q++;
        size_t len = strcspn(q, " !");
        char name[32], text[96];
        snprintf(name, sizeof name, "%.*s", (int)len, q);
        q += len;
        bool required = *q == '!';
        while (*q == '!')
            q++;
        const char *d = pynnx_tosa_kw_doc(name, required, text, sizeof text);
        n += (size_t)snprintf(buf + n, n < sizeof buf ? sizeof buf - n : 0, "%s%s%s", any ? ", " : "",
                              star ? "" : "*, ", d ? d : name);
        any = star = true;
    }
    const char *ret = r->n_out == 0 ? "None" : r->n_out == 1 ? "MLOperand" : "list[MLOperand]";
    if (n < sizeof buf)
        snprintf(buf + n, sizeof buf - n, ") -> %s\n\nTOSA 1.0 %s (spec §%s): %s%s", ret, nnx_tosa_op_name(r->op),
                 r->section, r->summary, r->op == NNX_TOSA_ADD ? generic_doc : "");
    size_t len = strlen(buf) + 1;
    char *doc = PyMem_Malloc(len);
    if (doc)
        memcpy(doc, buf, len);
    return doc;
}

static char *joined(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    char *s = PyMem_Malloc(la + lb + 2);
    if (s)
        snprintf(s, la + lb + 2, "%s%s%s", a, la ? " " : "", b);
    return s;
}

int pynnx_tosa_ops_init(void)
{
    if (N_ROWS != NNX_TOSA_OP_COUNT - 1) {
        PyErr_Format(PyExc_SystemError, "nnx.tosa: %zu operator rows for %d operators", N_ROWS, NNX_TOSA_OP_COUNT - 1);
        return -1;
    }
    /* The docs and keyword lists live as long as the process (the method table is static). */
    for (size_t i = 0; i < N_ROWS; i++) {
        const op_row *r = &rows[i];
        if (r->op != (nnx_tosa_op)(i + 1)) {
            PyErr_Format(PyExc_SystemError, "nnx.tosa: row %zu is not operator %zu", i, i + 1);
            return -1;
        }
        allowed[r->op] = joined(r->attrs, "label");
        allowed_generic[r->op] = allowed[r->op] ? joined(allowed[r->op], "n_outputs") : NULL;
        if (!allowed_generic[r->op]) {
            PyErr_NoMemory();
            return -1;
        }
        PyMethodDef *m = &pynnx_tosa_op_methods[i];
        m->ml_doc = make_doc(r);
        if (!m->ml_doc) {
            PyErr_NoMemory();
            return -1;
        }
        if (r->op == NNX_TOSA_ADD)
            m->ml_meth = (PyCFunction)(void (*)(void))m_add_or_generic;
    }
    return 0;
}
