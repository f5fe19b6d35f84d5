/* name_match.h — finding a model's or graph's input or output by a name it may have had
 * before a conversion (include/nnx.h, nnx_model_find_input): exact first, then through the
 * format's sanitiser, refusing a sanitised name that more than one made-unique name could be. */
#ifndef NNX_API_NAME_MATCH_H
#define NNX_API_NAME_MATCH_H

#include "base/arena.h"
#include "base/error.h"

/* A format's name sanitiser (model_format.h), NULL when names are kept as they are. */
typedef char *(*nnx_name_sanitizer)(nnx_arena *arena, const char *name);

/* The index among names[0..n) of name (noun "input" or "output" for messages). Errors in err:
 * NNX_ERROR_INVALID_ARGUMENT when none matches or the match is ambiguous (listing the
 * candidates), NNX_ERROR_OUT_OF_MEMORY. */
nnx_status nnx_name_match(const char *const *names, size_t n, const char *name, nnx_name_sanitizer sanitize,
                          const char *noun, const nnx_alloc *alloc, size_t *index, nnx_error *err);

#endif
