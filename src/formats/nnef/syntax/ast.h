/* ast.h — the syntax tree of an NNEF document (NNEF 1.0.2 chapter 3, grammar of Appendix A)
 * and of a graph.quant file (§5.3), as built by parser.h. It is what the semantic checker,
 * the flattener and the writers walk; nothing here is checked beyond syntax (the syntactic
 * rules of NNEF 1.0.2 §3.1–§3.2). Every node carries the source position of its first token. */
#ifndef NNX_FORMATS_NNEF_AST_H
#define NNX_FORMATS_NNEF_AST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/alloc.h"
#include "base/arena.h"
#include "base/error.h"

/*
 * Ownership and shape
 * -------------------
 * All nodes, lists and strings live in the arena of the nnx_nnef_document (or
 * nnx_nnef_quant) that the parser returns; they die with nnx_nnef_document_free. The tree is
 * immutable after parsing (pointers are not const only to keep building simple).
 *
 * Lists are (pointer, count) pairs; count 0 comes with a NULL pointer and is only possible
 * where the grammar allows an empty list (array literals `[]`, array lvalues, a document
 * without extensions or fragments, graph.quant argument lists). Names are NUL-terminated
 * ASCII identifiers.
 *
 * Positions: line and column are 1-based, columns count bytes (a tab is one column). A
 * node's `pos` is the first byte of its text as written, including parentheses around it
 * (flag NNX_NNEF_EXPR_PARENTHESIZED), so a binary node starts where its left operand does;
 * `op_pos` locates the operator. Literals folded with a minus sign start at the '-'.
 *
 * Depth: every expression and type has `height` (1 for a leaf, 1 + the largest child's
 * height otherwise) and the parser guarantees height <= the parse depth limit (a model
 * load: nnx_model_options.max_depth, default 100; a direct parse: NNX_NNEF_DEFAULT_MAX_DEPTH
 * = 256), so recursive walks need at most that many frames.
 *
 * Walking a document:
 *     for each doc->fragments[i]: its params/results (name, type, default_value) and, when
 *         has_body, its body[] assignments;
 *     doc->graph (NULL only in stdlib mode): inputs[], outputs[] and body[];
 *     each assignment: lvalue (IDENTIFIER / ARRAY / TUPLE of those, nested) = rvalue;
 *     each expression: switch on kind, or nnx_nnef_expr_for_each_child() for a generic walk.
 */

typedef struct nnx_nnef_pos {
    uint32_t line, col;
} nnx_nnef_pos;

/* ---- types (§3.2.2 <type-spec>) ---------------------------------------------------- */

typedef enum nnx_nnef_type_kind {
    NNX_NNEF_TYPE_NONE = 0,
    NNX_NNEF_TYPE_INTEGER,
    NNX_NNEF_TYPE_SCALAR,
    NNX_NNEF_TYPE_LOGICAL,
    NNX_NNEF_TYPE_STRING,
    NNX_NNEF_TYPE_GENERIC, /* '?' */
    NNX_NNEF_TYPE_TENSOR,  /* tensor<T>: item is T (primitive or GENERIC); NULL for tensor<> */
    NNX_NNEF_TYPE_ARRAY,   /* T[]: item is T */
    NNX_NNEF_TYPE_TUPLE,   /* (T1, T2, ...): items, count >= 2 */
} nnx_nnef_type_kind;

typedef struct nnx_nnef_type nnx_nnef_type;
struct nnx_nnef_type {
    nnx_nnef_type_kind kind;
    nnx_nnef_pos pos;
    uint32_t height;
    /* TENSOR written as a bare `tensor` (no <...>): not in the grammar, but the spec's own
     * argmax_pool declares `input: tensor`. Accepted only in stdlib mode; item is then a
     * synthesized SCALAR, the reading recommended by NNEF decision 17. */
    bool bare_tensor;
    nnx_nnef_type *item;   /* TENSOR, ARRAY */
    nnx_nnef_type **items; /* TUPLE */
    uint32_t count;
};

/* ---- expressions (§3.2.1 flat, §3.2.3 compositional) -------------------------------- */

typedef enum nnx_nnef_expr_kind {
    NNX_NNEF_EXPR_NONE = 0,
    NNX_NNEF_EXPR_INTEGER,       /* numeric literal without '.' or exponent: u.integer */
    NNX_NNEF_EXPR_SCALAR,        /* numeric literal with '.' or exponent: u.scalar */
    NNX_NNEF_EXPR_LOGICAL,       /* true / false: u.logical */
    NNX_NNEF_EXPR_STRING,        /* u.string, escapes decoded */
    NNX_NNEF_EXPR_IDENTIFIER,    /* u.identifier */
    NNX_NNEF_EXPR_ARRAY,         /* [a, b, ...]: u.list, count may be 0 */
    NNX_NNEF_EXPR_TUPLE,         /* (a, b, ...) or, as a top-level lvalue, a, b: u.list, count >= 2 */
    NNX_NNEF_EXPR_UNARY,         /* u.unary */
    NNX_NNEF_EXPR_BINARY,        /* u.binary; op_pos is the operator */
    NNX_NNEF_EXPR_IF_ELSE,       /* then_value if condition else else_value; op_pos is 'if' */
    NNX_NNEF_EXPR_COMPREHENSION, /* [for i in a, j in b if c yield e]: u.comprehension */
    NNX_NNEF_EXPR_SUBSCRIPT,     /* a[i] or a[i:j] (either bound optional); op_pos is '[' */
    NNX_NNEF_EXPR_BUILTIN,       /* shape_of/length_of/range_of/integer/scalar/logical/string(x) */
    NNX_NNEF_EXPR_INVOCATION,    /* name[<T>](args): u.invocation */
} nnx_nnef_expr_kind;

typedef enum nnx_nnef_unary_op {
    NNX_NNEF_UNARY_NONE = 0,
    NNX_NNEF_UNARY_PLUS,  /* +x, fragment copy (Table 1) */
    NNX_NNEF_UNARY_MINUS, /* -x, fragment neg */
    NNX_NNEF_UNARY_NOT,   /* !x, fragment not */
} nnx_nnef_unary_op;

typedef enum nnx_nnef_binary_op {
    NNX_NNEF_BINARY_NONE = 0,
    NNX_NNEF_BINARY_ADD, /* + add */
    NNX_NNEF_BINARY_SUB, /* - sub */
    NNX_NNEF_BINARY_MUL, /* * mul */
    NNX_NNEF_BINARY_DIV, /* / div */
    NNX_NNEF_BINARY_POW, /* ^ pow */
    NNX_NNEF_BINARY_LT,  /* < lt */
    NNX_NNEF_BINARY_LE,  /* <= le */
    NNX_NNEF_BINARY_GT,  /* > gt */
    NNX_NNEF_BINARY_GE,  /* >= ge */
    NNX_NNEF_BINARY_EQ,  /* == eq */
    NNX_NNEF_BINARY_NE,  /* != ne */
    NNX_NNEF_BINARY_AND, /* && and */
    NNX_NNEF_BINARY_OR,  /* || or */
    NNX_NNEF_BINARY_IN,  /* in: containment, attribute-only (no fragment) */
} nnx_nnef_binary_op;

typedef enum nnx_nnef_builtin {
    NNX_NNEF_BUILTIN_NONE = 0,
    NNX_NNEF_BUILTIN_SHAPE_OF, /* deprecated since 1.0.1 (§3.3.3) but still syntax */
    NNX_NNEF_BUILTIN_LENGTH_OF,
    NNX_NNEF_BUILTIN_RANGE_OF,
    NNX_NNEF_BUILTIN_INTEGER, /* casts, §3.3.3 "Built-in Functions" */
    NNX_NNEF_BUILTIN_SCALAR,
    NNX_NNEF_BUILTIN_LOGICAL,
    NNX_NNEF_BUILTIN_STRING,
} nnx_nnef_builtin;

typedef struct nnx_nnef_expr nnx_nnef_expr;

/* An invocation argument: named (`name = value`) or positional (name NULL). The parser
 * keeps the written order; positional-before-named (§3.3.2 I4) is a semantic check. */
typedef struct nnx_nnef_argument {
    const char *name;
    nnx_nnef_pos pos; /* of the name, or of the value when positional */
    nnx_nnef_expr *value;
} nnx_nnef_argument;

/* A comprehension loop iterator `name in iterable`. */
typedef struct nnx_nnef_iterator {
    const char *name;
    nnx_nnef_pos pos;
    nnx_nnef_expr *iterable;
} nnx_nnef_iterator;

#define NNX_NNEF_EXPR_PARENTHESIZED 1u /* flags: written inside ( ), e.g. (a + b) */

struct nnx_nnef_expr {
    nnx_nnef_expr_kind kind;
    nnx_nnef_pos pos;    /* first byte of the expression, parentheses included */
    nnx_nnef_pos op_pos; /* BINARY operator, IF_ELSE 'if', SUBSCRIPT '['; else == pos */
    uint32_t flags;
    uint32_t height;
    union {
        int64_t integer;
        double scalar;
        bool logical;
        struct {
            const char *chars; /* NUL-terminated; printable ASCII only (§3.1) */
            size_t length;
        } string;
        const char *identifier;
        struct {
            nnx_nnef_expr **items;
            uint32_t count;
        } list;
        struct {
            nnx_nnef_unary_op op;
            nnx_nnef_expr *operand;
        } unary;
        struct {
            nnx_nnef_binary_op op;
            nnx_nnef_expr *left, *right;
        } binary;
        struct {
            nnx_nnef_expr *condition, *then_value, *else_value;
        } if_else;
        struct {
            nnx_nnef_iterator *iterators; /* count >= 1 */
            uint32_t iterator_count;
            nnx_nnef_expr *condition; /* NULL without `if` */
            nnx_nnef_expr *body;      /* the `yield` expression */
        } comprehension;
        struct {
            nnx_nnef_expr *base;
            bool is_range;
            nnx_nnef_expr *index; /* !is_range */
            nnx_nnef_expr *begin; /* is_range: NULL when omitted (means 0) */
            nnx_nnef_expr *end;   /* is_range: NULL when omitted (means the length) */
        } subscript;
        struct {
            nnx_nnef_builtin fn;
            nnx_nnef_expr *arg; /* exactly one positional argument (grammar) */
        } builtin;
        struct {
            const char *name;
            nnx_nnef_type *generic;  /* explicit name<T>: a primitive or GENERIC ('<?>'); else NULL */
            nnx_nnef_argument *args; /* count >= 1 in documents (grammar); >= 0 in graph.quant */
            uint32_t arg_count;
        } invocation;
    } u;
};

/* ---- statements and definitions ------------------------------------------------------ */

/* lvalue = rvalue; the lvalue is an IDENTIFIER, or an ARRAY / TUPLE of lvalues. Flat
 * documents always have an INVOCATION rvalue (not parenthesized). */
typedef struct nnx_nnef_assignment {
    nnx_nnef_expr *lvalue;
    nnx_nnef_expr *rvalue;
    nnx_nnef_pos pos; /* == lvalue->pos */
} nnx_nnef_assignment;

/* A fragment parameter `name: type [= default]` or result `name: type`. */
typedef struct nnx_nnef_param {
    const char *name;
    nnx_nnef_pos pos;
    nnx_nnef_type *type;
    /* A <literal-expr>: literals, arrays and tuples of them, numbers possibly negative
     * (NNEF decision 1). NULL without a default, and always NULL for results. */
    nnx_nnef_expr *default_value;
} nnx_nnef_param;

typedef struct nnx_nnef_fragment {
    const char *name;
    nnx_nnef_pos pos; /* the 'fragment' keyword */
    nnx_nnef_pos name_pos;
    bool generic;                   /* declared with <?> or <? = T> */
    nnx_nnef_type *generic_default; /* T of <? = T>, else NULL */
    nnx_nnef_param *params;
    uint32_t param_count; /* >= 1 */
    nnx_nnef_param *results;
    uint32_t result_count; /* >= 1 */
    bool has_body;         /* false: a declaration ended by ';' (primitive or custom operation) */
    nnx_nnef_assignment *body;
    uint32_t body_count; /* >= 1 when has_body */
} nnx_nnef_fragment;

typedef struct nnx_nnef_ident {
    const char *name;
    nnx_nnef_pos pos;
} nnx_nnef_ident;

typedef struct nnx_nnef_graph {
    const char *name;
    nnx_nnef_pos pos; /* the 'graph' keyword */
    nnx_nnef_pos name_pos;
    nnx_nnef_ident *inputs;
    uint32_t input_count; /* >= 1 */
    nnx_nnef_ident *outputs;
    uint32_t output_count; /* >= 1 */
    nnx_nnef_assignment *body;
    uint32_t body_count; /* >= 1 */
} nnx_nnef_graph;

typedef enum nnx_nnef_extension_id {
    NNX_NNEF_EXTENSION_UNKNOWN = 0,          /* recorded, enables nothing (see parser.h) */
    NNX_NNEF_EXTENSION_FRAGMENT_DEFINITIONS, /* KHR_enable_fragment_definitions (§3.2.2) */
    NNX_NNEF_EXTENSION_OPERATOR_EXPRESSIONS, /* KHR_enable_operator_expressions (§3.2.3) */
} nnx_nnef_extension_id;

typedef struct nnx_nnef_extension {
    const char *name;
    nnx_nnef_pos pos;
    nnx_nnef_extension_id id;
} nnx_nnef_extension;

/* Syntax in effect for a document (from its extensions, or forced by the parse flags). */
#define NNX_NNEF_FEATURE_FRAGMENTS 1u /* fragment definitions and declarations */
#define NNX_NNEF_FEATURE_OPERATORS 2u /* operator expressions, nested invocations, ... */

typedef struct nnx_nnef_document {
    const char *filename; /* as given to the parser ("<input>" for NULL) */
    bool has_version;     /* false only in stdlib mode without a version statement */
    uint32_t version_major, version_minor;
    nnx_nnef_pos version_pos;
    nnx_nnef_extension *extensions; /* in order written, duplicates kept */
    uint32_t extension_count;
    uint32_t features; /* NNX_NNEF_FEATURE_* bits */
    nnx_nnef_fragment *fragments;
    uint32_t fragment_count;
    nnx_nnef_graph *graph; /* NULL only in stdlib mode */
    /* private: */
    nnx_alloc alloc;
    nnx_arena arena;
} nnx_nnef_document;

/* A graph.quant entry (§5.3): `"tensor": op(name = value, ...);`. Every argument is
 * named (grammar of §5.3); values are rvalue expressions, identifier-free by rule
 * but not checked here. */
typedef struct nnx_nnef_quant_entry {
    const char *tensor;
    nnx_nnef_pos pos; /* the tensor's string literal */
    const char *op;
    nnx_nnef_pos op_pos;
    nnx_nnef_argument *args;
    uint32_t arg_count;
} nnx_nnef_quant_entry;

typedef struct nnx_nnef_quant {
    const char *filename;
    nnx_nnef_quant_entry *entries; /* in file order; duplicates are a semantic check */
    uint32_t entry_count;
    /* private: */
    nnx_alloc alloc;
    nnx_arena arena;
} nnx_nnef_quant;

/* ---- helpers (ast.c) ------------------------------------------------------------------ */

/* Spellings and Table 1 fragment names: "+" / "copy", "-" / "sub", "in" / NULL. */
const char *nnx_nnef_unary_op_symbol(nnx_nnef_unary_op op);
const char *nnx_nnef_unary_op_fragment(nnx_nnef_unary_op op);
const char *nnx_nnef_binary_op_symbol(nnx_nnef_binary_op op);
const char *nnx_nnef_binary_op_fragment(nnx_nnef_binary_op op);
const char *nnx_nnef_builtin_name(nnx_nnef_builtin fn);
const char *nnx_nnef_expr_kind_name(nnx_nnef_expr_kind kind); /* "invocation", ... */

/* Writes a type as NNEF spells it ("tensor<scalar>[]", "(integer,integer)[]") into buf,
 * truncated to size; returns buf. */
char *nnx_nnef_type_format(const nnx_nnef_type *type, char *buf, size_t size);

/* Whether a type contains a tensor (tensor<T>, arrays and tuples of them): such a parameter
 * is a "tensor argument" (§3.3.2), passed positionally. NULL is false. */
bool nnx_nnef_type_has_tensor(const nnx_nnef_type *type);

/* Calls fn on each direct sub-expression of e in source order (for a comprehension: each
 * iterable, the condition, the body; for an invocation: each argument value). Stops and
 * returns false as soon as fn returns false. Types and names are not visited. */
bool nnx_nnef_expr_for_each_child(const nnx_nnef_expr *e, bool (*fn)(const nnx_nnef_expr *child, void *user),
                                  void *user);

/* Records "FILE:LINE:COL: error: MESSAGE" in err with the given status. */
nnx_status nnx_nnef_error_at(nnx_error *err, nnx_status st, const char *file, nnx_nnef_pos pos, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

#endif
