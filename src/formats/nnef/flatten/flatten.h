/* flatten.h — from a checked NNEF document to a flat graph (NNEF 1.0.2 chapter 6, stage 3):
 * compile-time expressions are evaluated, invocations bound to their parameters (defaults
 * filled, generics resolved), and compound fragments expanded until only primitives, the
 * compounds nnx runs natively, and custom operations remain.
 * Stage flatten/ (after check/): takes a checked document, gives the flat graph (flat.h)
 * that shapes/, lower/ and emit/ read. */
#ifndef NNX_FORMATS_NNEF_FLATTEN_H
#define NNX_FORMATS_NNEF_FLATTEN_H

#include "formats/nnef/flatten/flat.h"
#include "formats/nnef/syntax/registry.h"

/* The load limits (nnx_model_options, formats/load_limits.h) the flattener enforces; a
 * field left 0 takes its NNX_MAX_*_DEFAULT (nnx_model.h). Breaking one is the limit's own
 * error (nnx_limit_error, NNX_ERROR_NOT_SUPPORTED) at the invocation or expression of the
 * user's document that led to it (NNEF decisions 63-67):
 * - max_depth: fragment expansions and compound expressions being evaluated, nested: one
 *   level per fragment expanded inside another and per operator, list, if-else,
 *   comprehension, subscript, built-in or invocation evaluated inside another (literals and
 *   identifiers take none). It bounds the flattener's recursion, so the stack it needs.
 * - max_operations: the operations of the flat graph (every primitive, native compound and
 *   custom operation emitted), checked as each is emitted.
 * - max_elements: list items (and string bytes) the evaluator allocates, all lists of the
 *   load together, nested ones included, checked before each allocation. A list item
 *   counts 4 elements: its 16 bytes are what four float32 tensor elements take, so the one
 *   limit bounds lists' memory as it does a tensor's (NNX_NNEF_LIST_ITEM_ELEMENTS).
 * - max_names: the tensors of the flat graph, named or generated. */
typedef struct nnx_nnef_flatten_options {
    bool expand_all;         /* expand native compounds too (only primitives remain) */
    uint32_t max_depth;      /* 0 = NNX_MAX_DEPTH_DEFAULT */
    uint64_t max_operations; /* 0 = NNX_MAX_OPERATIONS_DEFAULT */
    uint64_t max_elements;   /* 0 = NNX_MAX_ELEMENTS_DEFAULT */
    uint32_t max_names;      /* 0 = NNX_MAX_NAMES_DEFAULT */
} nnx_nnef_flatten_options;

/* What one list item counts against max_elements (see above). */
#define NNX_NNEF_LIST_ITEM_ELEMENTS 4u

/* Flattens doc's graph into g (initialised by the caller with nnx_nnef_flat_init). Errors
 * are "FILE:LINE:COL: error: ..." with NNX_ERROR_INVALID_MODEL, at the invocation in the
 * user's document that led to them; NNX_ERROR_NOT_SUPPORTED for the deprecated shape_of
 * and for a broken limit (above). */
nnx_status nnx_nnef_flatten(const nnx_nnef_document *doc, const nnx_nnef_registry *reg,
                            const nnx_nnef_flatten_options *options, nnx_nnef_flat *g, nnx_error *err);

/* Whether nnx keeps this standard compound as one operation instead of expanding it. */
bool nnx_nnef_is_native_compound(const char *name);

#endif
