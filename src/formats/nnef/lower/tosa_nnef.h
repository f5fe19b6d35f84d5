/* tosa_nnef.h — the nnx TOSA extension of NNEF (docs/TOSA-NNEF.md): how a core graph that
 * holds TOSA semantics is written as an NNEF document whose operations are declared
 * fragments `tosa_<core op>( input: tensor<scalar>[], <attributes>, dtype: string ) ->
 * ( output: tensor<scalar> )`, and read back into the same core operations. The writer side
 * (tosa_write.c, tosa_write.h) is called by from_ir_ops.c, the reader side (tosa_lower.c)
 * by lower.c. */
#ifndef NNX_FORMATS_NNEF_TOSA_NNEF_H
#define NNX_FORMATS_NNEF_TOSA_NNEF_H

#include "formats/nnef/flatten/flat.h"
#include "formats/nnef/model.h"
#include "ir/graph.h"

/* The extension name written on the document's extension line (informative: readers
 * recognise the fragments by their tosa_ names). */
#define NNX_NNEF_TOSA_EXTENSION "nnx_tosa_1_0"

/* Attribute kinds of the fragments (one per core attribute struct used). */
typedef enum nnx_tosa_nnef_attrs {
    NNX_TN_NONE,
    NNX_TN_NAN,
    NNX_TN_SHIFT,
    NNX_TN_CLAMP,
    NNX_TN_CAST,
    NNX_TN_REDUCE,
    NNX_TN_ARG_REDUCE,
    NNX_TN_POOL,
    NNX_TN_RESHAPE,
    NNX_TN_TRANSPOSE,
    NNX_TN_AXIS,
    NNX_TN_SLICE,
    NNX_TN_PAD,
    NNX_TN_TILE,
    NNX_TN_REVERSE,
    NNX_TN_RESCALE,
    NNX_TN_TOSA_POOL,
    NNX_TN_TOSA_CONV,
    NNX_TN_TOSA_MATMUL,
    NNX_TN_TOSA_RESIZE,
    NNX_TN_FFT
} nnx_tosa_nnef_attrs;

/* The core ops the extension carries and their attribute kinds; false for other ops. */
bool nnx_tosa_nnef_op(nnx_op op, nnx_tosa_nnef_attrs *kind);
/* The core op of a fragment name ("tosa_rescale" -> NNX_OP_TOSA_RESCALE); false if none. */
bool nnx_tosa_nnef_find(const char *fragment, nnx_op *op);
/* A dtype from its nnx name ("int8"); UNDEFINED if none. */
nnx_dtype nnx_tosa_nnef_dtype(const char *name);

/* Whether a core graph needs the extension: it holds a TOSA-only op (bitwise, shifts, clz,
 * tosa_*, fft2d, rfft2d), a round-to-nearest-even cast, or a NaN-ignoring maximum-like op. */
bool nnx_tosa_nnef_wanted(const nnx_ir *ir);

/* Whether a flat graph is an nnx TOSA document: it has custom operations and every one of
 * them is a tosa_ fragment. */
bool nnx_nnef_tosa_document(const nnx_nnef_flat *g);
/* Lowers an nnx TOSA document into ir (lower.h's contract for nnx_nnef_lower). */
nnx_status nnx_nnef_tosa_lower(const nnx_nnef_model *m, nnx_ir *ir, uint32_t *outputs, nnx_error *err);

#endif
