/* operand.c — nnx.ml.MLOperand: an operand of one builder with its dtype and shape, and the
 * Python operators WebNN has an operation for: + - * / ** @, unary - and abs(). A Python
 * number on either side becomes a scalar constant of the operand's type (WebNN's cast). */
#include "pynnx.h"

PyObject *pynnx_operand_wrap(pynnx_builder *b, nnx_operand *op)
{
    if (pynnx_builder_failed(b))
        return NULL;
    pynnx_operand *o = PyObject_New(pynnx_operand, pynnx.operand_type);
    if (!o)
        return NULL;
    o->owner = (pynnx_builder *)Py_NewRef((PyObject *)b);
    o->op = op;
    return (PyObject *)o;
}

bool pynnx_operand_of(pynnx_builder *b, PyObject *obj, nnx_operand **out, const char *what)
{
    if (!PyObject_TypeCheck(obj, pynnx.operand_type)) {
        PyErr_Format(PyExc_TypeError, "%s must be an MLOperand, not %R", what, PYNNX_TYPE_OF(obj));
        return false;
    }
    pynnx_operand *o = (pynnx_operand *)obj;
    if (!pynnx_operand_live(o))
        return false;
    if (o->owner != b) {
        pynnx_raise(NNX_ERROR_INVALID_ARGUMENT, "an operand of another MLGraphBuilder was given");
        return false;
    }
    *out = o->op;
    return true;
}

static void operand_dealloc(PyObject *self)
{
    pynnx_operand *o = (pynnx_operand *)self;
    PyTypeObject *type = Py_TYPE(self);
    Py_XDECREF((PyObject *)o->owner);
    PyObject_Free(self);
    Py_DECREF(type);
}

bool pynnx_operand_live(const pynnx_operand *o)
{
    if (o->op && o->owner->b)
        return true;
    pynnx_raise(NNX_ERROR_INVALID_STATE,
                "the operand's builder is gone (a TOSA sub-graph's operands live only while "
                "its callback runs)");
    return false;
}

/* The operand's type; a dead operand (pynnx_operand_live) reads as undefined, rank 0. */
static nnx_operand_desc desc_of(PyObject *self)
{
    const pynnx_operand *o = (const pynnx_operand *)self;
    nnx_operand_desc d = {0};
    if (o->op && o->owner->b)
        nnx_operand_get_desc(o->op, &d);
    return d;
}

static PyObject *operand_repr(PyObject *self)
{
    const pynnx_operand *o = (const pynnx_operand *)self;
    if (!o->op || !o->owner->b)
        return PyUnicode_FromString("MLOperand(gone)");
    nnx_operand_desc d = desc_of(self);
    char text[200];
    return PyUnicode_FromFormat("MLOperand(%s)", pynnx_desc_text(&d, NULL, text, sizeof text));
}

static PyObject *operand_get_dtype(PyObject *self, void *unused)
{
    return pynnx_operand_live((pynnx_operand *)self) ? pynnx_dtype_to_obj(desc_of(self).dtype) : NULL;
}
static PyObject *operand_get_shape(PyObject *self, void *unused)
{
    if (!pynnx_operand_live((pynnx_operand *)self))
        return NULL;
    nnx_operand_desc d = desc_of(self);
    return pynnx_shape_to_tuple(&d);
}
static PyObject *operand_get_builder(PyObject *self, void *unused)
{
    return Py_NewRef((PyObject *)((pynnx_operand *)self)->owner);
}

typedef nnx_operand *(*binary_fn)(nnx_builder *, nnx_operand *, nnx_operand *, const nnx_operator_options *);

/* The operand for one side of a binary operator: an operand of the other side's builder, or
 * a Python number made a scalar constant of the other side's type. NULL with
 * NotImplemented in *ni for other objects. */
static nnx_operand *side(pynnx_builder *b, PyObject *obj, nnx_dtype dtype, bool *ni)
{
    if (PyObject_TypeCheck(obj, pynnx.operand_type)) {
        nnx_operand *op = NULL;
        return pynnx_operand_of(b, obj, &op, "an operand") ? op : NULL;
    }
    if (PyFloat_Check(obj))
        return nnx_builder_constant_scalar(b->b, dtype, nnx_f64(PyFloat_AsDouble(obj)));
    if (PyLong_Check(obj)) {
        int overflow = 0;
        long long v = PyLong_AsLongLongAndOverflow(obj, &overflow);
        return nnx_builder_constant_scalar(b->b, dtype, overflow ? nnx_f64(PyLong_AsDouble(obj)) : nnx_i64(v));
    }
    *ni = true;
    return NULL;
}

static PyObject *binary(PyObject *x, PyObject *y, binary_fn fn)
{
    pynnx_operand *o = (pynnx_operand *)(PyObject_TypeCheck(x, pynnx.operand_type) ? x : y);
    pynnx_builder *b = o->owner;
    if (!pynnx_builder_usable(b))
        return NULL;
    nnx_dtype dt = desc_of((PyObject *)o).dtype;
    bool ni = false;
    nnx_operand *a = side(b, x, dt, &ni);
    nnx_operand *c = a ? side(b, y, dt, &ni) : NULL;
    if (ni)
        Py_RETURN_NOTIMPLEMENTED;
    if (!a || !c)
        return PyErr_Occurred() ? NULL : pynnx_operand_wrap(b, NULL);
    return pynnx_operand_wrap(b, fn(b->b, a, c, NULL));
}

static PyObject *op_add(PyObject *x, PyObject *y) { return binary(x, y, nnx_builder_add); }
static PyObject *op_sub(PyObject *x, PyObject *y) { return binary(x, y, nnx_builder_sub); }
static PyObject *op_mul(PyObject *x, PyObject *y) { return binary(x, y, nnx_builder_mul); }
static PyObject *op_div(PyObject *x, PyObject *y) { return binary(x, y, nnx_builder_div); }
static PyObject *op_matmul(PyObject *x, PyObject *y) { return binary(x, y, nnx_builder_matmul); }
static PyObject *op_pow(PyObject *x, PyObject *y, PyObject *mod)
{
    if (mod != Py_None)
        Py_RETURN_NOTIMPLEMENTED;
    return binary(x, y, nnx_builder_pow);
}

static PyObject *unary(PyObject *x, nnx_operand *(*fn)(nnx_builder *, nnx_operand *, const nnx_operator_options *))
{
    pynnx_operand *o = (pynnx_operand *)x;
    if (!pynnx_operand_live(o) || !pynnx_builder_usable(o->owner))
        return NULL;
    return pynnx_operand_wrap(o->owner, fn(o->owner->b, o->op, NULL));
}
static PyObject *op_neg(PyObject *x) { return unary(x, nnx_builder_neg); }
static PyObject *op_abs(PyObject *x) { return unary(x, nnx_builder_abs); }

static PyGetSetDef operand_getset[] = {
    {"dtype", operand_get_dtype, NULL, "The element type (a numpy.dtype; a str for types NumPy lacks).", NULL},
    {"shape", operand_get_shape, NULL, "The shape, a tuple of ints.", NULL},
    {"builder", operand_get_builder, NULL, "The MLGraphBuilder the operand belongs to.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyType_Slot operand_slots[] = {
    {Py_tp_dealloc, operand_dealloc},
    {Py_tp_repr, operand_repr},
    {Py_tp_getset, operand_getset},
    {Py_nb_add, op_add},
    {Py_nb_subtract, op_sub},
    {Py_nb_multiply, op_mul},
    {Py_nb_true_divide, op_div},
    {Py_nb_matrix_multiply, op_matmul},
    {Py_nb_power, op_pow},
    {Py_nb_negative, op_neg},
    {Py_nb_absolute, op_abs},
    {Py_tp_doc,
     "MLOperand: a value of a graph being built (MLGraphBuilder's methods make them). + - * / ** @ map "
     "to add, sub, mul, div, pow and matmul, unary - to neg, abs() to abs."},
    {0, NULL},
};

static PyType_Spec operand_spec = {"nnx.ml.MLOperand", sizeof(pynnx_operand), 0,
                                   Py_TPFLAGS_DEFAULT | Py_TPFLAGS_DISALLOW_INSTANTIATION, operand_slots};

int pynnx_operand_init(PyObject *m)
{
    pynnx.operand_type = (PyTypeObject *)PyType_FromSpec(&operand_spec);
    if (!pynnx.operand_type)
        return -1;
    return PyModule_AddObjectRef(m, "MLOperand", (PyObject *)pynnx.operand_type);
}
