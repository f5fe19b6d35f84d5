/* tosa_session.h — what the files of nnx.tosa share (tosa.c, tosa_ops.c, tosa_attrs.c,
 * tosa_flow.c): the session object, the parsed keyword arguments of one operator call, and
 * the sub-graph sessions of COND_IF / WHILE_LOOP callbacks. */
#ifndef PYNNX_TOSA_SESSION_H
#define PYNNX_TOSA_SESSION_H

#include "pynnx.h"

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

#endif
