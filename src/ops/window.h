/* window.h — what the sliding-window families share (window.c: box, argmax_pool, sample;
 * window_reverse.c: debox, desample; upsample.c: multilinear_upsample): the border modes'
 * names and index mapping (NNEF 1.0.2 §4.3, border modes), the checks of the window volume,
 * the reflections' reach and an index operand, and the kernels' window walk. */
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

/* The volume of the window over the first rank axes, which must fit an int32 index
 * (argmax_pool's output type, desample's flattened positions): false if it does not. */
bool nnx_window_volume(const nnx_attr_window *a, uint32_t rank, int64_t *vol);

/* Axis k of extent z read `before` indices before its start and `after` past its end: under
 * replicate and the reflections it must be non-empty, and 'reflect' reaches at most z - 1
 * past an edge, 'reflect-even' at most z (NNEF decision 23). `reads` and `extent` word the
 * message ("reaches", "extent"; "reads", "input extent"). */
nnx_status nnx_window_check_reach(nnx_window_border b, uint32_t k, uint32_t z, int64_t before, int64_t after,
                                  const char *reads, const char *extent, nnx_error *err);

/* A kernel's walk over the window positions j of x, row-major over size. */
typedef struct nnx_window_walk {
    const nnx_attr_window *a;
    const nnx_operand_desc *x;
    uint64_t xs[NNX_MAX_RANK]; /* x's strides */
    uint32_t size[NNX_MAX_RANK];
} nnx_window_walk;

void nnx_window_walk_init(nnx_window_walk *w, const nnx_op_args *args, const nnx_operand_desc *x);

/* The element offset in x of the extended coordinates c (one per axis) mapped by border b
 * (nnx_window_source), or -1 if a coordinate maps to no element. */
int64_t nnx_window_offset(const nnx_window_walk *w, nnx_window_border b, const int64_t *c);

/* box and debox with normalize: sum divided by the window volume vol, under 'ignore' by the
 * count of terms taken (NNEF decision 15; none gives 0). Without normalize: sum. */
double nnx_window_normalize(const nnx_attr_window *a, double sum, uint64_t count, double vol);

#endif
