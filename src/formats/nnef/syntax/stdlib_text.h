/* stdlib_text.h — the NNEF standard library source text (NNEF 1.0.2 chapter 4), embedded so
 * the front end can parse it at run time like any fragment library. It always uses the
 * compositional grammar: parse it with NNX_NNEF_PARSE_STDLIB (see parser.h). */
#ifndef NNX_FORMATS_NNEF_STDLIB_TEXT_H
#define NNX_FORMATS_NNEF_STDLIB_TEXT_H

#include <stddef.h>

/* NUL-terminated; nnx_nnef_stdlib_length excludes the NUL. */
extern const char *const nnx_nnef_stdlib_text;
extern const size_t nnx_nnef_stdlib_length;

/* The later standard library (stdlib_later_text.c): what NNEF-Tools and tract added after
 * 1.0.2. Its fragments replace 1.0.2's of the same name (elu). */
extern const char *const nnx_nnef_stdlib_later_text;
extern const size_t nnx_nnef_stdlib_later_length;

#endif
