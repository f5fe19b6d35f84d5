/* eval.h — the flattener's evaluation state, shared by eval.c (compile-time expressions:
 * literals, operators, if/else, comprehensions, subscripts, built-ins) and flatten.c
 * (invocations, fragment expansion, assignments). Internal to the NNEF front end. */
#ifndef NNX_FORMATS_NNEF_EVAL_H
#define NNX_FORMATS_NNEF_EVAL_H

#include "base/strmap.h"
#include "formats/load_limits.h"
#include "formats/nnef/flatten/flatten.h"

typedef struct nnef_var {
    const char *name;
    nnx_nnef_value value;
} nnef_var;

/* One activation: the graph body (fragment NULL) or an expanded fragment. */
typedef struct nnef_frame {
    const nnx_nnef_fragment *fragment;
    nnx_nnef_type_kind generic; /* what '?' stands for here */
    nnef_var *vars;
    uint32_t n_vars, cap_vars;
    nnx_strmap names;    /* var name -> index in vars; zeroed while vars are few (eval.c) */
    nnx_nnef_pos origin; /* position reported for ops emitted from this frame */
    bool user;           /* graph body or a fragment of the user's document */
} nnef_frame;

typedef struct nnef_flattener {
    const nnx_nnef_document *doc;
    const nnx_nnef_registry *reg;
    nnx_nnef_flat *g;
    nnx_error *err;
    nnx_nnef_flatten_options opts; /* limits resolved (no 0 left) by nnef_flattener_limits */
    uint32_t depth;                /* expansions and compound expressions nested now (flatten.h) */
    uint64_t elements;             /* list items (weighted) and string bytes allocated so far */
    uint32_t next_name;
    const char **taken; /* sorted identifiers of the graph body (no generated clash) */
    uint32_t n_taken;
    bool *generated; /* per tensor: its name was generated */
    uint32_t cap_generated;
} nnef_flattener;

/* Errors at a position of the user's document. */
nnx_status nnef_fail(nnef_flattener *f, nnx_nnef_pos pos, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
nnx_status nnef_oom(nnef_flattener *f);
/* A broken load limit (nnx_limit_error) at pos of the document being flattened. */
nnx_status nnef_limit(nnef_flattener *f, nnx_limit_kind kind, nnx_nnef_pos pos, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Fills the 0 limits of f->opts with their defaults (nnx_model.h). */
void nnef_flattener_limits(nnef_flattener *f);
/* Where errors of frame fr point: the user's own position, or the invocation in the user's
 * document that expanded the standard fragment fr belongs to. */
nnx_nnef_pos nnef_at(const nnef_frame *fr, nnx_nnef_pos pos);

/* Frame variables (define, look up). */
nnx_status nnef_frame_set(nnef_flattener *f, nnef_frame *fr, const char *name, const nnx_nnef_value *v);
const nnx_nnef_value *nnef_frame_get(const nnef_frame *fr, const char *name);
void nnef_frame_free(nnef_flattener *f, nnef_frame *fr);

/* Evaluates e in frame fr. Tensor-valued operators and nested invocations emit ops. */
nnx_status nnef_eval(nnef_flattener *f, nnef_frame *fr, const nnx_nnef_expr *e, nnx_nnef_value *out);

/* Invokes the operation `name` (flatten.c). args/n_args are the evaluated positional and
 * named arguments; lvalue (may be NULL) shapes array results; out receives one value per
 * result of the operation (*n_out of them, at most 8). */
/* Arguments and parameter values a recursive frame keeps on the stack; more go to the heap
 * (the standard operations take at most 9, so the heap is for custom fragments). */
#define NNEF_SMALL_ARGS 10

typedef struct nnef_call_arg {
    const char *name; /* NULL for positional */
    nnx_nnef_value value;
    nnx_nnef_pos pos;
} nnef_call_arg;

nnx_status nnef_invoke(nnef_flattener *f, nnef_frame *fr, const char *name, const nnx_nnef_type *generic,
                       const nnef_call_arg *args, uint32_t n_args, const nnx_nnef_expr *lvalue, nnx_nnef_pos pos,
                       nnx_nnef_value *out, uint32_t *n_out);

/* Item type of a value as NNEF sees it: a literal's kind, or a tensor's item type. */
nnx_nnef_type_kind nnef_value_type(const nnef_flattener *f, const nnx_nnef_value *v);
bool nnef_value_equal(const nnx_nnef_value *a, const nnx_nnef_value *b);

#endif
