/* types.h — NNEF types as the semantic checker sees them (NNEF 1.0.2 §3.3.1):
 * primitives, tensor<T> / tensor<> / tensor<?>, arrays, tuples, the empty-array type of
 * the literal [] and the generic '?'. Gives the five implicit cast rules, common types,
 * generic deduction and substitution, and the NNEF spelling used in diagnostics. */
#ifndef NNX_FORMATS_NNEF_TYPES_H
#define NNX_FORMATS_NNEF_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/arena.h"
#include "formats/nnef/syntax/ast.h"

/* Types are immutable. Primitives, tensors and the empty-array type are static singletons
 * (compare them by pointer or with nnx_nnef_ty_equal); arrays and tuples live in the arena
 * they were made in. Recursive functions below recurse at most `height` levels; the
 * checker refuses to build types higher than its depth limit (nnx_nnef_check_ex; at most
 * NNX_NNEF_TY_MAX_HEIGHT), so no walk can exhaust the stack. */
#define NNX_NNEF_TY_MAX_HEIGHT 1024u

typedef enum nnx_nnef_ty_kind {
    NNX_NNEF_TY_NONE = 0,
    NNX_NNEF_TY_INTEGER,
    NNX_NNEF_TY_SCALAR,
    NNX_NNEF_TY_LOGICAL,
    NNX_NNEF_TY_STRING,
    /* '?': in a declaration, the operation's type parameter; inside a generic fragment's
     * body, that fragment's (unknown) type parameter, equal only to itself. */
    NNX_NNEF_TY_GENERIC,
    NNX_NNEF_TY_TENSOR,      /* tensor<item>; item NULL = unbound tensor<> */
    NNX_NNEF_TY_ARRAY,       /* item[] */
    NNX_NNEF_TY_TUPLE,       /* (items[0], ..., items[count-1]), count >= 2 */
    NNX_NNEF_TY_EMPTY_ARRAY, /* the literal [] ("empty-array-type": never declared) */
} nnx_nnef_ty_kind;

typedef struct nnx_nnef_ty nnx_nnef_ty;
struct nnx_nnef_ty {
    nnx_nnef_ty_kind kind;
    uint32_t height;                 /* 1 for primitives, tensors and [] */
    const nnx_nnef_ty *item;         /* TENSOR: a primitive or GENERIC (NULL = tensor<>); ARRAY */
    const nnx_nnef_ty *const *items; /* TUPLE */
    uint32_t count;                  /* TUPLE */
};

/* Bit (1u << kind) for each candidate of a generic deduction. */
typedef uint32_t nnx_nnef_ty_set;

/* ---- construction ---------------------------------------------------------------------- */

/* kind INTEGER .. GENERIC; NULL for any other kind. */
const nnx_nnef_ty *nnx_nnef_ty_primitive(nnx_nnef_ty_kind kind);
/* tensor<item> for item INTEGER .. GENERIC, tensor<> for NONE; NULL otherwise. */
const nnx_nnef_ty *nnx_nnef_ty_tensor(nnx_nnef_ty_kind item);
const nnx_nnef_ty *nnx_nnef_ty_empty_array(void);
/* NULL on allocation failure. The caller keeps heights <= NNX_NNEF_TY_MAX_HEIGHT. */
const nnx_nnef_ty *nnx_nnef_ty_array(nnx_arena *arena, const nnx_nnef_ty *item);
/* items is copied; count >= 2. */
const nnx_nnef_ty *nnx_nnef_ty_tuple(nnx_arena *arena, const nnx_nnef_ty *const *items, uint32_t count);

/* The type an AST type spells ('?' becomes GENERIC, a bare `tensor` its synthesized item).
 * NULL on allocation failure. Recursion is bounded by the AST type's height. */
const nnx_nnef_ty *nnx_nnef_ty_from_ast(nnx_arena *arena, const nnx_nnef_type *type);
/* The primitive kind of an AST type name (NONE for a compound kind). */
nnx_nnef_ty_kind nnx_nnef_ty_kind_of(nnx_nnef_type_kind kind);

/* ---- predicates ------------------------------------------------------------------------- */

/* integer, scalar, logical, string or '?'. */
bool nnx_nnef_ty_is_primitive(const nnx_nnef_ty *t);
/* ARRAY or EMPTY_ARRAY. */
bool nnx_nnef_ty_is_array(const nnx_nnef_ty *t);
/* Contains a tensor type anywhere: "tensor arguments" of §3.3.2 (may be positional). */
bool nnx_nnef_ty_has_tensor(const nnx_nnef_ty *t);
/* Contains '?' anywhere (as a primitive or as tensor<?>). */
bool nnx_nnef_ty_has_generic(const nnx_nnef_ty *t);
/* Contains the unbound tensor<> anywhere. */
bool nnx_nnef_ty_has_unbound(const nnx_nnef_ty *t);

/* ---- relations (§3.3.1 "Type Casting") --------------------------------------------------- */

bool nnx_nnef_ty_equal(const nnx_nnef_ty *a, const nnx_nnef_ty *b);

/* Whether a value of type `from` may stand where `to` is expected, by exactly the five
 * implicit casts of §3.3.1 (applied item-wise for arrays and tuples):
 *   1. a primitive to the tensor of the same data type (integer -> tensor<integer>; there is
 *      no integer -> scalar cast);
 *   2. to '?' / tensor<?>: see nnx_nnef_ty_deduce; here GENERIC is a fixed type variable, so
 *      only '?' itself casts to '?' and only tensor<?> or '?' to tensor<?>;
 *   3. any tensor (and, through rule 1, any primitive) to the unbound tensor<>;
 *   4. array to array when the items cast; the empty-array type to any array, never back;
 *   5. tuple to tuple of the same length when the items cast. */
bool nnx_nnef_ty_castable(const nnx_nnef_ty *from, const nnx_nnef_ty *to);

/* The common type of a and b: b if a casts to b, else a if b casts to a, else NULL. */
const nnx_nnef_ty *nnx_nnef_ty_common(const nnx_nnef_ty *a, const nnx_nnef_ty *b);

/* Generic deduction (§3.3.2 "Invocations", cast rule 2): walks a declared parameter type
 * that uses '?' against an argument type and adds to *set the primitive that '?' must be
 * for the argument to fit ('?' <- any primitive; tensor<?> <- a bound tensor or a
 * primitive). Parts that do not line up add nothing; the cast check reports them. */
void nnx_nnef_ty_deduce(const nnx_nnef_ty *param, const nnx_nnef_ty *arg, nnx_nnef_ty_set *set);

/* t with every '?' replaced by the primitive `binding` (which may itself be GENERIC, the
 * caller's type parameter). Returns t itself when there is nothing to replace; NULL on
 * allocation failure. */
const nnx_nnef_ty *nnx_nnef_ty_subst(nnx_arena *arena, const nnx_nnef_ty *t, nnx_nnef_ty_kind binding);

/* ---- spelling ------------------------------------------------------------------------------ */

/* NNEF spelling into buf (truncated to size, always terminated): "tensor<scalar>[]",
 * "(integer,integer)[]", "tensor<>", "?"; the empty-array type is "[]". Returns buf. */
char *nnx_nnef_ty_format(const nnx_nnef_ty *t, char *buf, size_t size);
/* "integer", "scalar", "logical", "string", "?" for a primitive kind. */
const char *nnx_nnef_ty_kind_name(nnx_nnef_ty_kind kind);

#endif
