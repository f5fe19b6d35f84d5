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

#define NNX_NNEF_DEFAULT_EXPANSION_DEPTH 1024u

typedef struct nnx_nnef_flatten_options {
    bool expand_all;    /* expand native compounds too (only primitives remain) */
    uint32_t max_depth; /* nested fragment expansions; 0 = NNX_NNEF_DEFAULT_EXPANSION_DEPTH */
} nnx_nnef_flatten_options;

/* Flattens doc's graph into g (initialised by the caller with nnx_nnef_flat_init). Errors
 * are "FILE:LINE:COL: error: ..." with NNX_ERROR_INVALID_MODEL, at the invocation in the
 * user's document that led to them; NNX_ERROR_NOT_SUPPORTED for the deprecated shape_of. */
nnx_status nnx_nnef_flatten(const nnx_nnef_document *doc, const nnx_nnef_registry *reg,
                            const nnx_nnef_flatten_options *options, nnx_nnef_flat *g, nnx_error *err);

/* Whether nnx keeps this standard compound as one operation instead of expanding it. */
bool nnx_nnef_is_native_compound(const char *name);

#endif
