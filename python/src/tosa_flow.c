/* tosa_flow.c — COND_IF and WHILE_LOOP (TOSA 1.0 §2.16.1, §2.16.2) with Python callables as
 * their sub-graphs: nnx calls each sub-graph function once, synchronously, while it adds the
 * operator (the GIL is held throughout), and the callable builds the sub-graph on the session
 * it is given. A Python exception in a callback fails the operator and is raised again. */
#include "tosa_session.h"

#include <stdio.h>

typedef struct flow_user {
    pynnx_tosa_session *parent;
    nnx_tosa_op op;
    PyObject *fn[2];
    PyObject *exc_type, *exc_value, *exc_tb; /* the first callback exception */
} flow_user;

/* Checks the callback's result: a sequence of n_out operands of sub's builder. */
static bool take_results(pynnx_tosa_session *sub, PyObject *res, const char *name, nnx_operand **out, uint32_t n_out)
{
    Py_ssize_t n = PyList_Check(res) || PyTuple_Check(res) ? PySequence_Size(res) : -1;
    if (n != (Py_ssize_t)n_out) {
        if (n < 0)
            PyErr_Format(PyExc_TypeError, "%s must return a list of %u operands, not %R", name, n_out,
                         PYNNX_TYPE_OF(res));
        else
            PyErr_Format(PyExc_ValueError, "%s returned %zd operands, the operator needs %u", name, n, n_out);
        return false;
    }
    for (uint32_t i = 0; i < n_out; i++) {
        PyObject *item = PySequence_GetItem(res, i);
        char what[64];
        snprintf(what, sizeof what, "%s's result %u", name, i);
        bool ok = item && pynnx_operand_of(sub->owner, item, &out[i], what);
        Py_XDECREF(item);
        if (!ok)
            return false;
        if (!out[i]) {
            pynnx_raise(NNX_ERROR_INVALID_STATE, "a sub-graph returned an operand of a finished sub-graph");
            return false;
        }
    }
    return true;
}

/* Calls sub-graph `which` of u on t's session with the operands in[0..n_in). */
static bool run(flow_user *u, int which, nnx_tosa *t, nnx_operand *const *in, uint32_t n_in, nnx_operand **out,
                uint32_t n_out)
{
    static const char *const names[2][2] = {{"then_graph", "else_graph"}, {"cond_graph", "body_graph"}};
    const char *name = names[u->op == NNX_TOSA_WHILE_LOOP][which];
    if (u->exc_type)
        return false;
    pynnx_tosa_session *sub = pynnx_tosa_sub_begin(u->parent, t);
    if (!sub) {
        PyErr_Fetch(&u->exc_type, &u->exc_value, &u->exc_tb);
        return false;
    }
    /* the parent takes no operators while a sub-graph of its own builds elsewhere */
    bool other = sub != u->parent;
    u->parent->locked += other;
    bool ok = false;
    PyObject *list = PyList_New(n_in), *res = NULL;
    for (uint32_t i = 0; list && i < n_in; i++) {
        PyObject *o = pynnx_tosa_wrap(sub, in[i]);
        if (!o || PyList_SetItem(list, i, o) < 0)
            Py_CLEAR(list);
    }
    if (list)
        res = PyObject_CallFunctionObjArgs(u->fn[which], (PyObject *)sub, list, NULL);
    if (res)
        ok = take_results(sub, res, name, out, n_out);
    Py_XDECREF(res);
    Py_XDECREF(list);
    u->parent->locked -= other;
    pynnx_tosa_sub_end(u->parent, sub);
    if (!ok)
        PyErr_Fetch(&u->exc_type, &u->exc_value, &u->exc_tb);
    return ok;
}

static bool first(nnx_tosa *t, void *user, nnx_operand *const *in, uint32_t n_in, nnx_operand **out, uint32_t n_out)
{
    return run(user, 0, t, in, n_in, out, n_out);
}

static bool second(nnx_tosa *t, void *user, nnx_operand *const *in, uint32_t n_in, nnx_operand **out, uint32_t n_out)
{
    return run(user, 1, t, in, n_in, out, n_out);
}

bool pynnx_tosa_flow_add(pynnx_tosa_session *s, nnx_tosa_op op, nnx_operand *const *in, uint32_t n_in,
                         pynnx_tosa_kw *kw, nnx_operand **out, uint32_t n_out)
{
    flow_user u = {.parent = s, .op = op, .fn = {kw->graphs[0], kw->graphs[1]}};
    nnx_tosa_attrs a = kw->a;
    a.graph1 = kw->graphs[0] ? first : NULL;
    a.graph2 = kw->graphs[1] ? second : NULL;
    a.user = &u;
    nnx_tosa_add(s->t, op, in, n_in, &a, out, n_out);
    if (!u.exc_type)
        return true;
    /* The callback's exception, not nnx's "the sub-graph failed" that followed from it. */
    PyErr_Restore(u.exc_type, u.exc_value, u.exc_tb);
    return false;
}
