/* tosa_write.h — the writer entry of the nnx TOSA extension of NNEF (tosa_write.c), for
 * from_ir_ops.c: separate from tosa_nnef.h because from_ir.h's lowering state and lower.h's
 * nnx_nnef_lower function share a name and cannot be seen together. */
#ifndef NNX_FORMATS_NNEF_TOSA_WRITE_H
#define NNX_FORMATS_NNEF_TOSA_WRITE_H

#include "formats/nnef/emit/from_ir.h"
#include "formats/nnef/lower/tosa_nnef.h"

/* Writes L->node as its tosa_ fragment call; graph inputs and constants are given their
 * exact dtype by a tosa_typed_<scalar|integer|logical>(input, dtype) call the first time an
 * operation reads them. */
nnx_status nnx_nnef_tosa_emit(nnx_nnef_lower *L);

#endif
