/* conformance.h — shared declarations of the WebNN conformance runner (nnx-webnn-conformance):
 * JSON case data conversion (case_data.c), the operator dispatch table (op_table.c), the
 * tolerance comparison (compare.c) and the per-case driver (run_case.c). The runner builds
 * every case through the public nnx.h API only; internal headers are used for f16 rounding. */
#ifndef NNX_CONFORMANCE_H
#define NNX_CONFORMANCE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>

#include "nnx.h"

#if defined(__GNUC__)
#define CF_PRINTF(fmt, args) __attribute__((format(printf, fmt, args)))
#else
#define CF_PRINTF(fmt, args)
#endif

/* Longest message the runner keeps for one case (longer ones are truncated). */
#define CF_MSG_MAX 1024
/* Longest list literal (shape, padding, axes, split sizes, concat inputs) and most outputs of
 * one operator the runner accepts; a case beyond it fails as malformed, never overflows. */
#define CF_MAX_LIST 256

/* A one-sentence explanation of why something failed. */
typedef struct cf_msg {
    char text[CF_MSG_MAX];
} cf_msg;

/* Formats into m (truncating) and returns false, so callers can `return cf_fail(...)`. */
bool cf_fail(cf_msg *m, const char *fmt, ...) CF_PRINTF(2, 3);

/* ------------------------------------------------------------------ case_data.c */

/* WebNN dataType string ("float32", "int64", ...) -> dtype; NNX_DTYPE_UNDEFINED if unknown. */
nnx_dtype cf_dtype_from_name(const char *name);

/* {"shape": [...], "dataType": "..."} -> desc. */
bool cf_parse_desc(const cJSON *descriptor, nnx_operand_desc *out, cf_msg *err);

/* Product of the shape (1 for a scalar). */
size_t cf_desc_elements(const nnx_operand_desc *desc);

/* Converts a case's `data` (an array with one value per element, or a single value that
 * fills every element) to the descriptor's in-memory representation. On success *out is a
 * malloc'd buffer of *size bytes (at least 1 byte is allocated) that the caller frees. */
bool cf_data_to_bytes(const cJSON *data, const nnx_operand_desc *desc, void **out, size_t *size, cf_msg *err);

/* A WebNN MLNumber: a JSON number (-> float64), "Infinity"/"-Infinity"/"NaN" (-> float64), or
 * a decimal integer string, as BigInt literals are written (-> int64, or uint64 when it only
 * fits there). */
bool cf_parse_number(const cJSON *value, nnx_number *out, cf_msg *err);

/* A non-negative integral JSON number that fits uint32_t. */
bool cf_parse_u32(const cJSON *value, uint32_t *out, cf_msg *err);

/* A JSON array of at most cap such numbers. */
bool cf_parse_u32_list(const cJSON *value, uint32_t *out, uint32_t cap, uint32_t *count, cf_msg *err);

/* The value of positional argument `index` of an operator's "arguments" list (each element is
 * a one-key object); NULL when there is no such argument. *key (if not NULL) gets its name. */
const cJSON *cf_arg(const cJSON *arguments, int index, const char **key);

/* ------------------------------------------------------------------ compare.c */

/* The error budget of a graph: the sum over its operators. An output element passes when it
 * is within `ulp` units in the last place of the expected value or, when abs > 0, when
 * |actual - expected| <= abs + ulp * (spacing of the output type at the expected value). */
typedef struct cf_tolerance {
    uint64_t ulp;
    double abs;
} cf_tolerance;

/* Compares count elements of dtype. Floating types use the tolerance (an expected NaN needs an
 * actual NaN); integer types must match exactly. On mismatch, *why names the output, the
 * first failing index, expected/actual values and the tolerance. */
bool cf_compare(const char *output_name, nnx_dtype dtype, const void *actual, const void *expected, size_t count,
                cf_tolerance tol, cf_msg *why);

/* ------------------------------------------------------------------ op_table.c */

/* One name -> operand binding: a graph input, a constant or an operator output. Names point
 * into the case's JSON document, which outlives the graph under construction. */
typedef struct cf_binding {
    const char *name;
    nnx_operand *operand;
} cf_binding;

/* The graph of one case while it is being built. */
typedef struct cf_graph {
    nnx_builder *builder;
    cf_binding *bindings;
    size_t count, cap;
    cf_tolerance tol; /* summed over the operators added so far */
} cf_graph;

/* Whether the runner maps this WebNN operator name to a builder call. */
bool cf_op_known(const char *name);

/* Adds a binding; duplicate names are an error (the case is malformed). */
bool cf_graph_bind(cf_graph *g, const char *name, nnx_operand *operand, cf_msg *err);

/* The operand bound to name, or NULL. */
nnx_operand *cf_graph_lookup(const cf_graph *g, const char *name);

/* Adds one operator object {"name", "arguments", "outputs"} to the graph: maps its arguments
 * and options, calls the builder, binds its outputs and adds its tolerance to g->tol.
 * False when the case is malformed or the builder reported an error (*err says which). */
bool cf_add_operator(cf_graph *g, const cJSON *op, cf_msg *err);

/* Frees the bindings (not the builder). */
void cf_graph_free(cf_graph *g);

/* ------------------------------------------------------------------ run_case.c */

typedef enum cf_outcome { CF_PASS, CF_FAIL, CF_SKIP } cf_outcome;

/* Runs one test object {"name", "graph"} in a fresh context. CF_FAIL fills *reason;
 * CF_SKIP sets *skipped_op to the first unmapped operator name (it points into test). */
cf_outcome cf_run_case(const cJSON *test, cf_msg *reason, const char **skipped_op);

#endif /* NNX_CONFORMANCE_H */
