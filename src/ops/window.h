/* window.h — what the sliding-window families share (window.c: box, argmax_pool, sample;
 * window_reverse.c: debox, desample; upsample.c: multilinear_upsample): the border modes'
 * names and index mapping (nnef.md §3.0 "Border modes") and the check of an index operand. */
#ifndef NNX_OPS_WINDOW_H
#define NNX_OPS_WINDOW_H

#include "ir/ops.h"

/* "ignore", "constant", ..., or NULL for a value that is not a border mode. */
const char *nnx_window_border_name(nnx_window_border b);

/* The input index that extended index i of an axis of extent z reads: i itself inside
 * [0, z), else the replicate / reflect / reflect-even image, or -1 for ignore and constant
 * (no input element). Inference bounds the reflections to one fold. */
int64_t nnx_window_source(nnx_window_border b, int64_t i, int64_t z);

/* An index operand (sample's, desample's): int32 or int64 with the shape of `like`; whose
 * names `like` in the message ("the output", "the input"). */
nnx_status nnx_window_check_index(const nnx_operand_desc *index, const nnx_operand_desc *like, const char *whose,
                                  nnx_error *err);

#endif
