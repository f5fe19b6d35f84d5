/* tosa.c — nnx.tosa.Session: a TOSA 1.0 session (nnx_tosa_begin) on an MLGraphBuilder, with
 * its profiles and extensions (spec §1.6) and level (§1.7), and the sessions COND_IF /
 * WHILE_LOOP callbacks get on nnx's sub-graph builders. The operator methods come from
 * tosa_ops.c, their keywords from tosa_attrs.c, the callbacks from tosa_flow.c. */
#include "tosa_session.h"

#include <string.h>
#include <strings.h>

static PyTypeObject *session_type;

bool pynnx_tosa_usable(pynnx_tosa_session *s)
{
    if (s->dead) {
        pynnx_raise(NNX_ERROR_INVALID_STATE,
                    "this session belonged to a COND_IF / WHILE_LOOP sub-graph that is finished: a sub-graph's "
                    "session and operands live only during its callback");
        return false;
    }
    if (s->locked) {
        pynnx_raise(NNX_ERROR_INVALID_STATE,
                    "this session is building a COND_IF / WHILE_LOOP sub-graph: add the sub-graph's operators to the "
                    "session its callback gets");
        return false;
    }
    return pynnx_builder_usable(s->owner);
}

PyObject *pynnx_tosa_wrap(pynnx_tosa_session *s, nnx_operand *op)
{
    PyObject *o = pynnx_operand_wrap(s->owner, op);
    if (o && s->made && PyList_Append(s->made, o) < 0)
        Py_CLEAR(o);
    return o;
}

static pynnx_tosa_session *session_alloc(pynnx_builder *b, nnx_tosa *t, uint32_t profiles, nnx_tosa_level level)
{
    pynnx_tosa_session *s = PyObject_New(pynnx_tosa_session, session_type);
    if (!s)
        return NULL;
    s->owner = (pynnx_builder *)Py_NewRef((PyObject *)b);
    s->t = t;
    s->profiles = profiles;
    s->level = level;
    s->made = NULL;
    s->borrowed = s->dead = false;
    s->locked = 0;
    return s;
}

/* The profiles argument: None (all), or names of nnx_tosa_profile_name. */
static bool parse_profiles(PyObject *obj, uint32_t *out)
{
    *out = 0;
    if (obj == Py_None)
        return true;
    Py_ssize_t n = PyUnicode_Check(obj) ? -1 : PySequence_Size(obj);
    if (n < 0) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "Session: profiles must be a list of names such as ['PRO-FP'], not %R",
                     PYNNX_TYPE_OF(obj));
        return false;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item = PySequence_GetItem(obj, i);
        const char *s = item && PyUnicode_Check(item) ? PyUnicode_AsUTF8AndSize(item, NULL) : NULL;
        uint32_t bit = 0;
        for (unsigned k = 0; s && k < 32; k++) {
            const char *name = nnx_tosa_profile_name(1u << k);
            if (name && strcasecmp(s, name) == 0)
                bit = 1u << k;
        }
        if (!bit) {
            if (!PyErr_Occurred())
                PyErr_Format(PyExc_ValueError,
                             "Session: %R is not a TOSA 1.0 profile or extension (nnx.tosa.PROFILES lists them)", item);
            Py_XDECREF(item);
            return false;
        }
        Py_DECREF(item);
        *out |= bit;
    }
    if (*out == 0) {
        PyErr_SetString(PyExc_ValueError, "Session: profiles is empty; give None for every profile");
        return false;
    }
    return true;
}

static PyObject *session_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    static char *kw[] = {"builder", "profiles", "level", NULL};
    PyObject *b, *profiles = Py_None;
    const char *level = "8k";
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O!|Os:Session", kw, pynnx.builder_type, &b, &profiles, &level))
        return NULL;
    nnx_tosa_options o = {0};
    if (strcasecmp(level, "8k") == 0)
        o.level = NNX_TOSA_LEVEL_8K;
    else if (strcasecmp(level, "none") == 0)
        o.level = NNX_TOSA_LEVEL_NONE;
    else
        return PyErr_Format(PyExc_ValueError, "Session: level is '8k' or 'none', not '%s'", level);
    if (!parse_profiles(profiles, &o.profiles) || !pynnx_builder_usable((pynnx_builder *)b))
        return NULL;
    nnx_tosa *t = nnx_tosa_begin(((pynnx_builder *)b)->b, &o);
    /* a combination §1.6 refuses (an extension without its profile) is the builder's error */
    if (pynnx_builder_failed((pynnx_builder *)b))
        return NULL;
    if (!t)
        return pynnx_raise(NNX_ERROR_INVALID_STATE, "Session: the builder is destroyed");
    return (PyObject *)session_alloc((pynnx_builder *)b, t, o.profiles, o.level);
}

static void session_dealloc(PyObject *self)
{
    pynnx_tosa_session *s = (pynnx_tosa_session *)self;
    PyTypeObject *type = Py_TYPE(self);
    Py_XDECREF(s->made);
    Py_XDECREF((PyObject *)s->owner);
    PyObject_Free(self);
    Py_DECREF(type);
}

pynnx_tosa_session *pynnx_tosa_sub_begin(pynnx_tosa_session *parent, nnx_tosa *t)
{
    if (t == parent->t)
        return (pynnx_tosa_session *)Py_NewRef((PyObject *)parent);
    nnx_builder *sb = nnx_tosa_builder(t);
    pynnx_builder *b = (pynnx_builder *)Py_NewRef((PyObject *)parent->owner);
    bool borrowed = sb != parent->owner->b;
    if (borrowed) {
        /* a builder object over nnx's sub-graph builder: nnx destroys sb, never this */
        Py_DECREF(b);
        b = PyObject_New(pynnx_builder, pynnx.builder_type);
        if (!b)
            return NULL;
        b->owner = (pynnx_context *)Py_NewRef((PyObject *)parent->owner->owner);
        b->b = sb;
        b->busy = b->built = false;
    }
    pynnx_tosa_session *s = session_alloc(b, t, parent->profiles, parent->level);
    Py_DECREF(b);
    if (!s)
        return NULL;
    s->borrowed = borrowed;
    s->made = PyList_New(0);
    if (!s->made)
        Py_CLEAR(s);
    return s;
}

void pynnx_tosa_sub_end(pynnx_tosa_session *parent, pynnx_tosa_session *sub)
{
    if (sub == parent) {
        Py_DECREF(sub);
        return;
    }
    /* Operands kept past the callback would point into freed memory: cut them loose. */
    Py_ssize_t n = sub->made ? PyList_Size(sub->made) : 0;
    for (Py_ssize_t i = 0; i < n; i++)
        ((pynnx_operand *)PyList_GetItem(sub->made, i))->op = NULL;
    Py_CLEAR(sub->made);
    if (sub->borrowed)
        sub->owner->b = NULL;
    sub->t = NULL;
    sub->dead = true;
    Py_DECREF(sub);
}

/* The spec's names of the profile and extension bits of bits, as a tuple. */
static PyObject *profile_names(uint32_t bits)
{
    PyObject *list = PyList_New(0);
    for (unsigned k = 0; list && k < 32; k++) {
        const char *text = nnx_tosa_profile_name(1u << k);
        if (!(bits & (1u << k)) || !text)
            continue;
        PyObject *name = PyUnicode_FromString(text);
        if (!name || PyList_Append(list, name) < 0)
            Py_CLEAR(list);
        Py_XDECREF(name);
    }
    PyObject *t = list ? PyList_AsTuple(list) : NULL;
    Py_XDECREF(list);
    return t;
}

static PyObject *session_repr(PyObject *self)
{
    pynnx_tosa_session *s = (pynnx_tosa_session *)self;
    if (s->dead)
        return PyUnicode_FromString("Session(finished sub-graph)");
    PyObject *names = profile_names(s->profiles ? s->profiles : NNX_TOSA_ALL_PROFILES);
    PyObject *r = names ? PyUnicode_FromFormat("Session(level='%s', profiles=%R)",
                                               s->level == NNX_TOSA_LEVEL_NONE ? "none" : "8k", names)
                        : NULL;
    Py_XDECREF(names);
    return r;
}

static PyObject *session_get_builder(PyObject *self, void *unused)
{
    return Py_NewRef((PyObject *)((pynnx_tosa_session *)self)->owner);
}

static PyObject *session_get_profiles(PyObject *self, void *unused)
{
    uint32_t p = ((pynnx_tosa_session *)self)->profiles;
    return profile_names(p ? p : NNX_TOSA_ALL_PROFILES);
}

static PyObject *session_get_level(PyObject *self, void *unused)
{
    return PyUnicode_FromString(((pynnx_tosa_session *)self)->level == NNX_TOSA_LEVEL_NONE ? "none" : "8k");
}

static PyGetSetDef session_getset[] = {
    {"builder", session_get_builder, NULL, "The MLGraphBuilder the session adds to.", NULL},
    {"profiles", session_get_profiles, NULL, "The enabled profiles and extensions, a tuple of the spec's names.", NULL},
    {"level", session_get_level, NULL, "The level: '8k' (Level 8K) or 'none'.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyType_Slot session_slots[] = {
    {Py_tp_new, session_new},
    {Py_tp_dealloc, session_dealloc},
    {Py_tp_repr, session_repr},
    {Py_tp_getset, session_getset},
    {Py_tp_methods, pynnx_tosa_op_methods},
    {Py_tp_doc,
     "Session(builder, profiles=None, level='8k')\n\nA TOSA 1.0 session on an nnx.ml.MLGraphBuilder: one method per "
     "operator, named in snake_case (conv2d, rescale, cond_if, ...), taking the operator's inputs positionally in "
     "the spec's order (tensor lists as lists) and its attributes as keywords named as in the spec. Each call is "
     "checked like the spec's pseudocode (ranks, Supported Data Types against the profiles, every ERROR_IF, the "
     "level's LEVEL_CHECKs); a failure is the builder's sticky error, raised as nnx's exception naming the rule. "
     "profiles: a list of the spec's names (nnx.tosa.PROFILES), None for all; level: '8k' or 'none'. A refused "
     "combination of profiles fails the builder. Build the graph with builder.build() as usual."},
    {0, NULL},
};

int pynnx_tosa_init(PyObject *m)
{
    if (pynnx_tosa_ops_init() < 0)
        return -1;
    static PyType_Spec spec = {"nnx.tosa.Session", sizeof(pynnx_tosa_session), 0, Py_TPFLAGS_DEFAULT, session_slots};
    session_type = (PyTypeObject *)PyType_FromSpec(&spec);
    if (!session_type || PyModule_AddObjectRef(m, "TosaSession", (PyObject *)session_type) < 0)
        return -1;
    PyObject *names = profile_names(NNX_TOSA_ALL_PROFILES);
    int r = names ? PyModule_AddObjectRef(m, "TOSA_PROFILES", names) : -1;
    Py_XDECREF(names);
    return r;
}
