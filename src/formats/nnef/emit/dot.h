/* dot.h — Graphviz rendering of a flat NNEF graph (for `nnx dot` and nnx_model_dot). */
#ifndef NNX_FORMATS_NNEF_DOT_H
#define NNX_FORMATS_NNEF_DOT_H

#include "base/strbuf.h"
#include "formats/nnef/flatten/flat.h"

/* Appends the graph's dot text to b (check nnx_strbuf_failed afterwards). */
void nnx_nnef_dot(const nnx_nnef_flat *g, nnx_strbuf *b);
/* The same, drawing the custom operations nnx cannot run (op->custom and not op->extension)
 * dashed and red when unsupported_custom is true (not for a TOSA document, whose tosa_
 * fragments nnx runs). */
void nnx_nnef_dot_marked(const nnx_nnef_flat *g, bool unsupported_custom, nnx_strbuf *b);

#endif
