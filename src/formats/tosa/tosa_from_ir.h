/* tosa_from_ir.h — a core-IR graph written as a TOSA 1.0 graph (region "main": the block
 * "main", then a block per cond_if / while_loop sub-graph): core operations that a TOSA
 * operator lowered to map back to it, and the float operations of other front ends are
 * legalized to TOSA operators (NHWC convolutions and pooling with transposes where the source
 * is NCHW). An operation without a TOSA form fails the whole graph, named. */
#ifndef NNX_FORMATS_TOSA_FROM_IR_H
#define NNX_FORMATS_TOSA_FROM_IR_H

#include "formats/ir_model.h"
#include "formats/tosa/tosa_file.h"

/* The live part of ir (what outputs need) as a TOSA graph in f (initialised by the caller,
 * freed by the caller on failure too): the block's inputs are the graph inputs under their
 * names, its outputs the outputs under theirs. Errors: NNX_ERROR_NOT_SUPPORTED "node N
 * (core op 'x'): ... has no TOSA form", OUT_OF_MEMORY. */
nnx_status nnx_tfile_from_ir(const nnx_ir *ir, const uint32_t *inputs, const char *const *input_names,
                             uint32_t n_inputs, const uint32_t *outputs, const char *const *output_names,
                             uint32_t n_outputs, nnx_tfile *f, nnx_error *err);

/* A format row's writer (nnx_ir_model_save_fn): nnx_tfile_from_ir, then nnx_tfile_write to
 * path (atomically). */
nnx_status nnx_tosa_save_ir(const nnx_ir *ir, const uint32_t *inputs, const char *const *input_names, uint32_t n_inputs,
                            const uint32_t *outputs, const char *const *output_names, uint32_t n_outputs,
                            const char *path, const nnx_ir_model_options *options, const nnx_alloc *alloc,
                            nnx_error *err);

#endif
