/* dot.h — Graphviz rendering of a flat NNEF graph (for `nnx dot` and nnx_model_dot). */
#ifndef NNX_FORMATS_NNEF_DOT_H
#define NNX_FORMATS_NNEF_DOT_H

#include "base/strbuf.h"
#include "formats/nnef/flatten/flat.h"

/* Appends the graph's dot text to b (check nnx_strbuf_failed afterwards). */
void nnx_nnef_dot(const nnx_nnef_flat *g, nnx_strbuf *b);

#endif
