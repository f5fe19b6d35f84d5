/* parser.h — NNEF text front end: a document (NNEF 1.0.2 chapter 3, Appendix A grammars)
 * or a graph.quant file (§5.3) to the syntax tree of ast.h. Syntax only: the grammar's
 * rules are checked here, none of the semantic ones (§3.3).
 * Stage syntax/ (after files/): takes text, gives the syntax tree (ast.h) and the fragment
 * registry (registry.h) that every later stage reads. */

/* Diagnostics are exactly "FILE:LINE:COL: error: MESSAGE" (LINE and COL 1-based, COL in
 * bytes) with status NNX_ERROR_PARSE; MESSAGE says what was expected and what was found.
 * Allocation failure gives NNX_ERROR_OUT_OF_MEMORY ("FILE: error: out of memory while parsing") and
 * frees everything. The first error wins (base/error.h).
 *
 * Decisions where the spec is open (NNEF decisions, listed there too):
 * - Flat by default (§3.2.2, §3.2.3; NNEF 1.0.2 §3.2.4, decision 7): fragment definitions need
 *   `extension KHR_enable_fragment_definitions;`, and operator expressions, parentheses
 *   around one expression, if-else, comprehensions, subscripts, built-ins, nested
 *   invocations and non-invocation right-hand sides need `extension
 *   KHR_enable_operator_expressions;`. NNX_NNEF_PARSE_LENIENT_EXTENSIONS lifts both.
 * - Extension names may be separated by white space (grammar) or commas (common usage).
 *   Unknown names are kept in the document and enable nothing; with
 *   NNX_NNEF_PARSE_STRICT_EXTENSIONS they are errors (NNEF 1.0.2 §3.2.4, decision 7).
 * - `version` must be MAJOR.MINOR and equal 1.0 (NNEF 1.0.2 §3.2.4, decision 8).
 * - Numbers (NNEF decision 1): digits[.digits][(e|E)[+-]digits]; "1." and ".5" are errors;
 *   a '.' or an exponent makes a scalar. A '-' directly before a number is part of the
 *   literal in flat syntax; in compositional syntax it is unary minus, folded into the
 *   literal when its operand is a bare number (same value, §3.1). Default values accept
 *   -number. Integers must fit [-(2^63-1), 2^63-1]; scalars must be finite (1e999 is an
 *   error, not infinity); underflow rounds to 0 or a subnormal.
 * - Precedence, low to high (§3.2.3, §3.3.3; NNEF 1.0.2 §3.2.3, §3.3.3, decision 5): if-else (right-assoc); in;
 *   && ||; comparisons; + -; * /; unary + - !; ^ (right-assoc, exponent may be unary: x ^ -2.0,
 *   -x ^ 2 == -(x ^ 2)); postfix [ ]; primaries. Binary levels are left-associative.
 * - A comprehension iterable stops before 'if' and before binary 'in' (§3.2.3).
 * - `tensor` without <...> is accepted only in stdlib mode (the spec's argmax_pool).
 * - A '>=' token is split where a type's closing '>' is expected (tensor<scalar>= 0.0).
 * - Nesting deeper than the depth limit is an error, so neither the parser nor a recursive
 *   walk of the tree can exhaust the stack. A model load passes nnx_model_options.max_depth
 *   (default NNX_MAX_DEPTH_DEFAULT = 100, which parses on a 256 KiB thread stack); a direct
 *   call with max_depth 0 takes NNX_NNEF_DEFAULT_MAX_DEPTH (256, for the standard library
 *   text and tools that parse alone). Long operator chains count: `1 + 1 + ...` nests to
 *   the left. Breaking it is the load limit's error (formats/load_limits.h): status
 *   NNX_ERROR_NOT_SUPPORTED, "FILE:LINE:COL: error: expressions and types nest more than N
 *   levels deep (the limit; raise it with nnx_model_options.max_depth, nnx --max-depth)".
 */
#ifndef NNX_FORMATS_NNEF_PARSER_H
#define NNX_FORMATS_NNEF_PARSER_H

#include "base/alloc.h"
#include "base/error.h"
#include "formats/nnef/syntax/ast.h"

#define NNX_NNEF_DEFAULT_MAX_DEPTH 256u

typedef enum nnx_nnef_parse_flags {
    NNX_NNEF_PARSE_DEFAULT = 0,
    /* A fragment library such as the standard library text: `[version;] extension*
     * fragment*` without a graph, both extensions always on, bare `tensor` accepted. */
    NNX_NNEF_PARSE_STDLIB = 1u << 0,
    /* Compositional syntax without the extension statements. */
    NNX_NNEF_PARSE_LENIENT_EXTENSIONS = 1u << 1,
    /* Unknown extension names are errors. */
    NNX_NNEF_PARSE_STRICT_EXTENSIONS = 1u << 2,
} nnx_nnef_parse_flags;

/* Valid when zeroed. */
typedef struct nnx_nnef_parse_options {
    uint32_t flags;     /* nnx_nnef_parse_flags */
    uint32_t max_depth; /* 0 = NNX_NNEF_DEFAULT_MAX_DEPTH */
} nnx_nnef_parse_options;

/* Parses text[0, len) (no NUL needed; any byte may occur) as a graph document. filename
 * only prefixes diagnostics (NULL = "<input>"); alloc NULL = libc. On success *out owns
 * the tree; on failure *out is NULL and err (may be NULL) holds the diagnostic. */
nnx_status nnx_nnef_parse(const char *text, size_t len, const char *filename, const nnx_alloc *alloc,
                          nnx_nnef_document **out, nnx_error *err);

/* The same with options (NULL = defaults). */
nnx_status nnx_nnef_parse_ex(const char *text, size_t len, const char *filename, const nnx_nnef_parse_options *options,
                             const nnx_alloc *alloc, nnx_nnef_document **out, nnx_error *err);

void nnx_nnef_document_free(nnx_nnef_document *doc); /* NULL is a no-op */

/* Parses a graph.quant file: any number of `<string> ":" <identifier> "(" [name "=" expr
 * ("," name "=" expr)*] ")" ";"` (§5.3), free-form with the document lexer, values
 * in compositional expression syntax. */
nnx_status nnx_nnef_parse_quant(const char *text, size_t len, const char *filename, const nnx_alloc *alloc,
                                nnx_nnef_quant **out, nnx_error *err);
/* The same with a depth limit (0 = NNX_NNEF_DEFAULT_MAX_DEPTH), as a model load passes it. */
nnx_status nnx_nnef_parse_quant_ex(const char *text, size_t len, const char *filename, uint32_t max_depth,
                                   const nnx_alloc *alloc, nnx_nnef_quant **out, nnx_error *err);

void nnx_nnef_quant_free(nnx_nnef_quant *quant); /* NULL is a no-op */

#endif
