/* load_limits.h — the limits every model reader applies to what a file controls (nesting,
 * names, operations after expansion, elements, archive bytes), resolved from
 * nnx_model_options' max_* fields (0: the NNX_MAX_*_DEFAULT of nnx_model.h), and the one
 * message a broken limit gives, naming the option that raises it. */
#ifndef NNX_FORMATS_LOAD_LIMITS_H
#define NNX_FORMATS_LOAD_LIMITS_H

#include "base/error.h"

typedef struct nnx_load_limits {
    uint32_t depth;         /* max_depth */
    uint32_t names;         /* max_names */
    uint64_t operations;    /* max_operations */
    uint64_t elements;      /* max_elements */
    uint64_t archive_bytes; /* max_archive_bytes */
    uint32_t archive_ratio; /* max_archive_ratio */
} nnx_load_limits;

/* o's limits with the defaults filled in; o may be NULL (every default). */
nnx_load_limits nnx_load_limits_of(const nnx_model_options *o);
/* l with every field left 0 given its default; l may be NULL (every default). For readers
 * whose options may come zeroed (tests, fuzzers, internal callers). */
nnx_load_limits nnx_load_limits_filled(const nnx_load_limits *l);
/* The options (max_* fields only) that give l back: what a reload of the same file takes. */
void nnx_load_limits_to(const nnx_load_limits *l, nnx_model_options *o);

/* The limits in nnx_model_options, for nnx_limit_error. */
typedef enum nnx_limit_kind {
    NNX_LIMIT_DEPTH,
    NNX_LIMIT_NAMES,
    NNX_LIMIT_OPERATIONS,
    NNX_LIMIT_ELEMENTS,
    NNX_LIMIT_ARCHIVE_BYTES,
    NNX_LIMIT_ARCHIVE_RATIO
} nnx_limit_kind;

/* Sets err to NNX_ERROR_NOT_SUPPORTED with "WHERE: error: WHAT (the limit; raise it with
 * nnx_model_options.max_X, nnx --max-X)": where is "file", "file:line:col" or
 * "file: node 'n'", what says what went over, e.g. "the list has more than 134217728
 * elements". Returns NNX_ERROR_NOT_SUPPORTED. */
nnx_status nnx_limit_error(nnx_error *err, nnx_limit_kind kind, const char *where, const char *what_fmt, ...)
    __attribute__((format(printf, 4, 5)));

#endif
