/* sema.h — the static semantic checker of NNEF documents (NNEF 1.0.2 §3.3, chapter 6 step
 * 2): fragment declarations, invocations, type agreement of every expression, assignments
 * and identifier usage. It runs after parsing and before flattening; the flattener may
 * assume that a checked document obeys every rule below.
 * Stage check/ (after syntax/): takes a document and its registry, gives a verdict only. */
#ifndef NNX_FORMATS_NNEF_SEMA_H
#define NNX_FORMATS_NNEF_SEMA_H

#include "base/error.h"
#include "formats/nnef/syntax/ast.h"
#include "formats/nnef/syntax/registry.h"

/*
 * Checks doc against the rules of NNEF 1.0.2 §3.3 and chapter 6 that need no values and no
 * shapes:
 *   declarations D2-D6 (D1 is the registry's), every invocation I1-I11 in fragment bodies
 *   and the graph body, the type of every expression (§3.3.3, §3.3.1), assignments A1-A3,
 *   identifier usage U1-U12.
 * reg must have been built from doc with nnx_nnef_registry_init (for the standard library
 * document itself, reg->stdlib == doc). A document without a graph (stdlib mode) has only
 * its fragments checked.
 *
 * Order: every declaration first (so bodies only meet valid signatures), then the fragment
 * bodies in document order, then the graph; within a body, statements in order and each
 * expression depth-first in source order. The first error wins.
 *
 * Returns NNX_OK; NNX_ERROR_INVALID_MODEL with "FILE:LINE:COL: error: MESSAGE" at the
 * offending token; NNX_ERROR_OUT_OF_MEMORY ("FILE: error: out of memory while checking");
 * NNX_ERROR_INVALID_ARGUMENT for NULL arguments or a registry not built from doc. Memory
 * comes from the document's allocator and is all released before returning. err may be
 * NULL. Never prints, exits or aborts; recursion is bounded by the AST's height limit.
 *
 * Decisions where the spec leaves a choice (NNEF decision numbers; the NNEF
 * decisions list them too):
 * - Casts are exactly the five of §3.3.1: no integer -> scalar (NNEF 1.0.2 §3.3.1, decision 11), so `x *
 *   2` with x: tensor<scalar>, `alpha = 2` for a scalar and `value = [1, 2]` for constant fail.
 * - Generics (NNEF 1.0.2 §3.3.1, §3.3.2, decision 12): a defaulted generic without <T> takes its default, it is
 *   not deduced; otherwise the given arguments must yield exactly one candidate. Inside a
 *   generic body '?' is one fixed unknown type: only '?'-typed values cast to '?' /
 *   tensor<?>. A default value of a '?'-typed parameter is checked against the type the
 *   invocation resolves.
 * - Operators: arithmetic (+ - * / ^ and unary + -) and ordering comparisons (< <= > >=)
 *   take two integers or two scalars (the standard library compares integers:
 *   `length_of(x) > 0`); == and != take two equal primitive types; + also joins arrays of
 *   a common type and strings; `array * integer` and `string * integer` repeat (the
 *   array or string on the left, as §3.3.3 writes it). With a tensor operand an operator
 *   is checked as the invocation of its Table 1 fragment. `in` is attribute-only.
 * - Casts integer() scalar() logical() accept the argument types §3.3.3 lists plus the
 *   identity; string() any primitive. A literal string argument of integer() / scalar()
 *   must spell a number as the lexer would read it (an optional leading '-' allowed).
 *   shape_of is typed (tensor or primitive -> integer[]); the flattener rejects it.
 * - Value-dependent checks (equal comprehension lengths, literal cast strings) are skipped
 *   inside the lazily evaluated parts: if-else branches and right operands of && and ||
 *   (NNEF 1.0.2 §3.3.3, decision 30). Types are checked everywhere.
 * - Comprehensions iterate arrays only (strings through range_of), not the literal [] (its
 *   items have no type); iterators shadow outer names, are visible in the filter and the
 *   yield expression, and are unique within one comprehension.
 * - A value of the unbound tensor<> (a parameter so declared) casts only to tensor<>:
 *   there is no cast back to a bound tensor type, nor to tensor<?> (rule 2 says bound).
 * - Fragment results are `tensor<T>` or `tensor<T>[]` (what the flattener can name).
 * - The tuple mixing rule applies to declared types, not to tuple expressions.
 * - A2 applies in fragment bodies too: an invocation's array result needs an array of
 *   identifiers, several results a tuple, wherever the assignment is.
 * - U8 applies to identifiers assigned in the graph body (not to loop iterators).
 * - U10 (graph results assigned) is enforced; a graph parameter may also be a result;
 *   a name listed twice among the parameters or among the results is an error.
 * - `external` must be the whole right-hand side of `param = external(...)`.
 * - U11: update's first argument must name an identifier assigned `variable(...)`, once.
 * - U12: a literal label must be non-empty and use only [A-Za-z0-9_-./\]; labels equal
 *   ignoring case must have equal shapes when both shapes are integer literals (computed
 *   labels and shapes are left to the flattener).
 * - I11 (built-ins take one positional argument) is the grammar's: the parser rejects
 *   anything else.
 */
nnx_status nnx_nnef_check(const nnx_nnef_document *doc, const nnx_nnef_registry *reg, nnx_error *err);
/* The same with a depth limit: no type built from expressions (a = [b]; c = [a]; ...) may
 * nest arrays and tuples more than max_depth levels (0 or more than NNX_NNEF_TY_MAX_HEIGHT:
 * NNX_NNEF_TY_MAX_HEIGHT), so the values the flattener builds by them cannot either. A model
 * load passes nnx_model_options.max_depth; breaking it is the limit's error
 * (formats/load_limits.h, NNX_ERROR_NOT_SUPPORTED). */
nnx_status nnx_nnef_check_ex(const nnx_nnef_document *doc, const nnx_nnef_registry *reg, uint32_t max_depth,
                             nnx_error *err);

#ifdef NNX_NNEF_SEMA_INTERNAL
/* ---- internal: shared by sema*.c only ---------------------------------------------------- */

#include "base/strmap.h"
#include "formats/nnef/check/types.h"

/* An expression's type and, for arrays, its length when known statically (-1 if not). */
typedef struct sema_val {
    const nnx_nnef_ty *ty;
    int64_t len;
} sema_val;

typedef enum sema_sym_kind {
    SEMA_SYM_PARAM = 1, /* fragment parameter: read-only (U1) */
    SEMA_SYM_RESULT,    /* fragment result: assigned exactly once (U5), declared type */
    SEMA_SYM_LOCAL,     /* assigned in the body */
    SEMA_SYM_INPUT,     /* graph parameter: defined by external (U2) */
} sema_sym_kind;

typedef struct sema_sym {
    const char *name;
    sema_sym_kind kind;
    nnx_nnef_pos pos;     /* declaration, or first left-hand side occurrence */
    bool defined;         /* assigned by an earlier statement (params: always) */
    bool has_lhs;         /* appears on some left-hand side of the body */
    nnx_nnef_pos lhs_pos; /* the first such appearance */
    nnx_nnef_pos def_pos; /* where it was assigned */
    sema_val val;         /* declared type (params, results) or assigned value */
    bool variable;        /* graph: `name = variable(...)` (U11) */
    bool updated;
    nnx_nnef_pos update_pos;
} sema_sym;

/* A map from names to pointers (base/strmap.h): zeroed until the first sema_map_put. */
typedef nnx_strmap sema_map;

/* A fragment's declaration as types, built once per registry entry. */
typedef struct sema_sig {
    const nnx_nnef_ty **params;
    const nnx_nnef_ty **results;
    const nnx_nnef_ty **defaults; /* the default value's type, NULL without one */
} sema_sig;

typedef struct sema_iter {
    const char *name;
    sema_val val;
} sema_iter;

typedef struct sema {
    const nnx_nnef_document *doc;
    const nnx_nnef_registry *reg;
    const nnx_alloc *alloc;
    nnx_arena arena; /* types, symbols, signatures; freed at the end */
    nnx_error *err;
    nnx_status status; /* this check's outcome (err may hold an older error) */
    const char *file;
    sema_sig **sigs; /* per registry entry, built on first use */
    /* the body being checked */
    const nnx_nnef_fragment *frag; /* NULL: the graph body */
    sema_map scope;                /* name -> sema_sym */
    sema_iter *iters;              /* loop iterators in scope, innermost last */
    uint32_t n_iters, cap_iters;
    uint32_t lazy;                   /* > 0 inside a lazily evaluated sub-expression */
    const nnx_nnef_assignment *stmt; /* the assignment being checked */
    sema_map labels;                 /* lower-cased variable label -> sema_label (U12) */
    char tybuf[2][160];              /* types spelled for the one diagnostic (kept off the stack) */
    uint32_t max_height;             /* of types built from expressions (nnx_nnef_check_ex) */
} sema;

/* Records "FILE:LINE:COL: error: ..." (NNX_ERROR_INVALID_MODEL) unless an error is already
 * recorded; returns the check's status. */
nnx_status sema_fail(sema *s, nnx_nnef_pos pos, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
nnx_status sema_oom(sema *s);
/* Formats t into s->tybuf[slot] (slot 0 or 1) for a message. */
const char *sema_ty(sema *s, int slot, const nnx_nnef_ty *t);
/* Array / tuple constructors that report allocation failure and over-deep nesting. */
nnx_status sema_array_of(sema *s, nnx_nnef_pos pos, const nnx_nnef_ty *item, const nnx_nnef_ty **out);
nnx_status sema_tuple_of(sema *s, nnx_nnef_pos pos, const nnx_nnef_ty *const *items, uint32_t n,
                         const nnx_nnef_ty **out);

/* Maps (sema.c). put returns false on allocation failure; a key already present keeps
 * its value and *existing (may be NULL) receives it. */
void *sema_map_get(const sema_map *m, const char *key);
bool sema_map_put(sema *s, sema_map *m, const char *key, void *val, void **existing);
void sema_map_free(sema *s, sema_map *m);

/* Declarations (sema_decl.c): D2-D6 for one fragment. */
nnx_status sema_check_declaration(sema *s, const nnx_nnef_fragment *f);

/* Expressions (sema_expr.c): the type of e; value checks honour s->lazy. */
nnx_status sema_expr(sema *s, const nnx_nnef_expr *e, sema_val *out);

/* Invocations (sema_invoke.c). top: e is the whole right-hand side of s->stmt (else it is
 * chained, and must return a single tensor). *entry receives the operation. */
nnx_status sema_invocation(sema *s, const nnx_nnef_expr *e, bool top, sema_val *out, const nnx_nnef_entry **entry);
/* An operator with a tensor operand, checked as its fragment `name` with positional
 * operands (symbol names the operator in messages). */
nnx_status sema_operator_call(sema *s, const char *name, const char *symbol, nnx_nnef_pos pos,
                              const nnx_nnef_expr *const *operands, const sema_val *vals, uint32_t n, sema_val *out);
nnx_status sema_signature(sema *s, const nnx_nnef_entry *entry, const sema_sig **out);

/* Identifiers and assignments (sema_idents.c). */
nnx_status sema_identifier(sema *s, const nnx_nnef_expr *e, sema_val *out);
/* Adds name to s->scope (*out: the new symbol, or the one already there). */
nnx_status sema_declare(sema *s, const char *name, nnx_nnef_pos pos, sema_sym_kind kind, const nnx_nnef_ty *ty,
                        sema_sym **out);
nnx_status sema_assignment(sema *s, const nnx_nnef_assignment *a);
/* Prepares s->scope for a body: declared names and every left-hand side identifier. */
nnx_status sema_open_body(sema *s, const nnx_nnef_assignment *body, uint32_t count);
/* Graph-only operations inside an invocation (U3, U9, U11, U12). */
nnx_status sema_graph_operation(sema *s, const nnx_nnef_expr *e, const nnx_nnef_entry *entry,
                                const int32_t *arg_of_param, bool top);

#endif /* NNX_NNEF_SEMA_INTERNAL */

#endif
