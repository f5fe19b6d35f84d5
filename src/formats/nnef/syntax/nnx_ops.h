/* nnx_ops.h — the nnx_* extension of NNEF (docs/NNEF-EXTENSIONS.md): core operations that
 * neither NNEF 1.0.2 nor the later standard library can express, written as body-less
 * fragments `nnx_<op>` under `extension KHR_enable_fragment_definitions, nnx_ops;`. The table
 * here is shared by the stages: flatten marks their invocations, shapes gives their output
 * shapes, lower maps them back to the core op, emit writes them. */
#ifndef NNX_FORMATS_NNEF_NNX_OPS_H
#define NNX_FORMATS_NNEF_NNX_OPS_H

#include <stdbool.h>

#include "formats/nnef/syntax/ast.h"
#include "ir/graph.h"

#define NNX_NNEF_EXT_NAME "nnx_ops"

/* How an nnx_ fragment's output is shaped: like its first tensor argument, like its
 * `indices` argument, like its input with the `axes` kept as 1s (NNEF reductions), or
 * indices.shape[:-1] ++ input.shape[k:] with k = indices.shape[-1] (gather_nd). */
typedef enum nnx_nnef_ext_shape {
    NNX_NNEF_EXT_SAME,
    NNX_NNEF_EXT_INDICES,
    NNX_NNEF_EXT_REDUCE,
    NNX_NNEF_EXT_GATHER_ND,
    NNX_NNEF_EXT_SIZES, /* input's, with axes[i] of extent sizes[i] (l2_pool, resample) */
} nnx_nnef_ext_shape;

typedef struct nnx_nnef_ext_op {
    const char *name; /* the fragment: nnx_erf, ... */
    nnx_op op;        /* the core operation it is */
    nnx_nnef_ext_shape shape;
} nnx_nnef_ext_op;

/* The extension's entry of a fragment name, or NULL. */
const nnx_nnef_ext_op *nnx_nnef_ext_find(const char *name);
/* The extension's entry of a core op, or NULL. */
const nnx_nnef_ext_op *nnx_nnef_ext_of(nnx_op op);
/* Whether doc lists the nnx_ops extension (only then are nnx_ fragments read as nnx's). */
bool nnx_nnef_ext_listed(const nnx_nnef_document *doc);

#endif
