/* shape_fit.h — an output extent written in input dimensions, found from the extents it takes
 * at a few probe bindings of those dimensions (shape_fit.c): the probe values each dimension
 * takes, and the simplest expression that fits every probe exactly, if there is exactly one.
 * shape_probe.c makes the probes; the forms are decision E30 of the engine decisions. */
#ifndef NNX_API_SHAPE_FIT_H
#define NNX_API_SHAPE_FIT_H

#include <stddef.h>
#include <stdint.h>

#define NNX_SHAPE_PROBES 4         /* probe bindings per model */
#define NNX_SHAPE_PROBE_SYMBOLS 64 /* at most this many distinct input dimensions are probed */
#define NNX_SHAPE_FIT_TEXT 192     /* room for any expression of two 64-byte names */

/* The extent input dimension `symbol` (0 .. NNX_SHAPE_PROBE_SYMBOLS-1, in order of first
 * appearance) takes in probe p: distinct from every other dimension's in the same probe, and
 * no integer affine function of another dimension's across the probes. */
uint32_t nnx_shape_probe_extent(uint32_t probe, uint32_t symbol);

typedef enum nnx_shape_fit_kind {
    NNX_SHAPE_FIT_NONE,       /* no form fits every probe, or two forms of one kind do */
    NNX_SHAPE_FIT_CONSTANT,   /* the same extent in every probe */
    NNX_SHAPE_FIT_EXPRESSION, /* text holds it, e.g. "2*seq-1" or "3*H*W" */
} nnx_shape_fit_kind;

/* The form of an extent that is y[p] in probe p (NNX_SHAPE_PROBES of them), over n_symbols
 * input dimensions named names[s] (NULL for an unnamed one, which no expression may use:
 * its extent is not a name the caller can give). Tried in order, the first kind that fits
 * wins: a constant; a*x+b for one dimension x (a != 0); c*x*y for two (c > 0, x may be y).
 * Two different fits of the winning kind make the extent NONE. text (NNX_SHAPE_FIT_TEXT
 * bytes) gets the expression. */
nnx_shape_fit_kind nnx_shape_fit(const uint32_t *y, const char *const *names, uint32_t n_symbols, char *text);

#endif
