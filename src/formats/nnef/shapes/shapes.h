/* shapes.h — argument validity and shape propagation over a flat NNEF graph: the
 * "Argument validity" and "Result semantics" paragraphs of every primitive of NNEF 1.0.2
 * chapter 4, plus the compounds nnx keeps as native operations. The
 * rules live in shapes.c (driver, element-wise, reduce, matmul, update, tensor-introducing),
 * shapes_window.c (sliding-window and RoI) and shapes_tensor.c (§4.5 tensor shape ops);
 * the argument readers they share in shapes_helpers.c.
 * Stage: takes a flat graph (flatten/), gives it back with every tensor shaped. */
#ifndef NNX_FORMATS_NNEF_SHAPES_H
#define NNX_FORMATS_NNEF_SHAPES_H

#include "formats/nnef/flatten/flat.h"

/*
 * Contract
 * --------
 * nnx_nnef_infer_shapes walks g->ops in order (a valid execution order, flat.h) and for each
 * op checks its argument validity rules and sets rank, shape and has_shape of every result
 * tensor. It covers the 61 primitives of NNEF 1.0.2 and the native compounds relu, sigmoid,
 * tanh, softmax, sqrt, min, max, clamp, mean_reduce, max_pool and avg_pool (box's window
 * rules), nearest_downsample and area_downsample (spatial X / factor; X mod factor must be 0,
 * NNEF 1.0.2 §4.3.4). Errors are NNX_ERROR_INVALID_MODEL
 * with "FILE:LINE:COL: error: OP: reason" at the op's source position. On error, tensors of
 * the ops before the failing one have their new shapes, later ones keep whatever they had.
 * Calling it again (e.g. after nnx_nnef_set_input_shape) recomputes every shape.
 *
 * Custom operations (chapter 6: "Tensor shape related argument validity checking ... and
 * shape propagation may only be performed if no custom operations are defined"): when
 * g->has_custom_ops is set, only external, constant and variable are checked and shaped
 * (their shapes are written in their arguments, nothing is propagated; the tensor binder
 * needs the variables' shapes); every other result gets has_shape = false and the call
 * returns NNX_OK. Without that flag, an op with custom == true or an unknown name is an
 * internal error (NNX_ERROR_INVALID_MODEL at its position).
 *
 * The only allocation is a scratch table of variable labels (freed before return);
 * failure gives NNX_ERROR_OUT_OF_MEMORY.
 *
 * Decisions where chapter 4 is silent or ambiguous (NNEF decision numbers
 * in parentheses; the NNEF decisions list them too, under "Reading and running NNEF"):
 *  S1 Rank. NNEF tensors are conceptually infinite-rank with trailing singletons (§2.2);
 *     nnx keeps the rank each rule states: a result's rank is the max of its inputs' ranks
 *     for broadcasting ops, else the rank the rule gives. Broadcasting pads the shorter
 *     shape with trailing 1s (§4.2.2). Ranks above NNX_MAX_RANK (8) are an error.
 *  S2 Literals in tensor positions (`x + 1.0`, `bias = 0.0`) have rank 0 (all extents 1),
 *     so they never raise the rank of a result (`x + 1.0` keeps x's rank).
 *  S3 Shape equality. Where a rule says "shape of A must equal shape of B" (sample/desample
 *     index, RoI rois and batch_index, shared variable labels) shapes are compared after
 *     dropping trailing 1s (§2.2). Where it names the rank (conv/deconv filter, matmul,
 *     concat, stack, update "rank and shape", tile) ranks must match exactly.
 *  S4 Extents are 1..2^32-1 and every tensor's volume must fit in int64 (flattened indices
 *     such as argmax_reduce's are int64); beyond is an error, never a wrap.
 *  S5 conv/deconv need input rank >= 2 (batch and channel). deconv (#13): input channels
 *     c = filter dim 0, output channels = filter dim 1 * G, G = groups or, for groups = 0,
 *     c; G must divide c. conv: G = groups or, for 0, the input channels; G must divide
 *     filter dim 0 for groups = 0 too (c / G output channels per group).
 *  S6 Reverse ops (deconv, debox, desample) with automatic padding (#14): X = output_shape
 *     when given (its down-scaled shape ceil(X / s) must equal the input), else X = x * s.
 *     A given output_shape must also match the batch and channel extents deconv computes.
 *  S7 sample accepts border 'ignore' (#16), so max_pool(border = 'ignore') expands.
 *  S8 reshape (#24): a 0 at position k inherits input extent axis_start + k and needs
 *     k < the axis count; rank = rank - axis_count + len(shape).
 *  S9 squeeze (#25): squeezed extents must be 1; squeeze/unsqueeze/slice/reduce axes must
 *     be unique.
 *  S10 pad (#27): len(padding) = rank, or 0 for no padding; 'ignore' is rejected. Result
 *     extents x + p + q must be >= 1.
 *  S11 concat/stack of [] are errors (#35); split needs at least one ratio; split and
 *     unstack must declare as many results as they produce.
 *  S12 argmax_pool input is tensor<scalar> (#17); no shape consequence.
 *  S13 multilinear_upsample: len(factor) = rank - 2 (one per spatial dimension).
 *  S14 RoI ops: input rank >= 3, M = rank - 2; rois (N, 2M); batch_index (N, 1).
 *  S15 Reflect borders whose padding reaches past the mirrored extent (#23) are not rejected
 *     here: for reverse ops the reach depends on index divisibility, so a partial check
 *     would be inconsistent; the kernels define that case.
 *  S16 update: the variable argument must be a variable's output, and a variable (by label,
 *     case-insensitively: shared labels share data, §4.1.3) is updated at most once.
 *  S17 Reduce with axes = [] is the identity (#35); softmax's axes follow the reduce rules.
 */

/* Checks every op and propagates shapes (see the contract above). */
nnx_status nnx_nnef_infer_shapes(nnx_nnef_flat *g, nnx_error *err);

/* Replaces the shape of the graph input `name` (§2.2: consumers may replace external shapes
 * and re-propagate): the external's `shape` argument and its tensor's shape. Other tensors
 * keep their shapes until nnx_nnef_infer_shapes runs again. Errors: NNX_ERROR_INVALID_ARGUMENT
 * when no graph input has that name, rank > NNX_MAX_RANK or an extent is 0;
 * NNX_ERROR_OUT_OF_MEMORY (nothing changed). */
nnx_status nnx_nnef_set_input_shape(nnx_nnef_flat *g, const char *name, const uint32_t *shape, uint32_t rank,
                                    nnx_error *err);

/* Automatic padding of one dimension (§4.3 "Automatic Padding Calculation"): with up-scaled
 * extent up, down-scaled extent down, filter size f, stride s and dilation d,
 * t = max((down - 1) * s + (f - 1) * d + 1 - up, 0), before = floor(t / 2),
 * after = ceil(t / 2). For basic ops down = ceil(up / s); for reverse ops see S6. Returns
 * false on overflow (never for shapes that nnx_nnef_infer_shapes accepted). */
bool nnx_nnef_auto_padding(int64_t up, int64_t down, int64_t f, int64_t s, int64_t d, int64_t *before, int64_t *after);

/* ---- internal to shapes*.c ------------------------------------------------------------ */

typedef struct nnx_nnef_shape {
    uint32_t rank;
    uint32_t dim[NNX_MAX_RANK];
} nnx_nnef_shape;

typedef struct nnx_nnef_sh_vars nnx_nnef_sh_vars;

/* What a rule works on: the op being checked and where to report. */
typedef struct nnx_nnef_sh {
    nnx_nnef_flat *g;
    const nnx_nnef_flat_op *op;
    nnx_error *err;
    nnx_nnef_sh_vars *vars;
} nnx_nnef_sh;

typedef nnx_status (*nnx_nnef_sh_rule)(nnx_nnef_sh *c);

/* "[1,3,224,224]" into buf (at least NNX_NNEF_SHAPE_STR bytes); returns buf. */
#define NNX_NNEF_SHAPE_STR 112
const char *nnx_nnef_sh_str(const nnx_nnef_shape *s, char *buf);

/* Records "OP: <message>" as NNX_ERROR_INVALID_MODEL at the op's position. */
nnx_status nnx_nnef_sh_fail(nnx_nnef_sh *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* "internal: argument 'ARG' is missing or not WANT" (an argument the flattener should have
 * filled in). */
nnx_status nnx_nnef_sh_internal_arg(nnx_nnef_sh *c, const char *arg, const char *want);
/* The element count of s in *vol; false past INT64_MAX. */
bool nnx_nnef_sh_volume(const nnx_nnef_shape *s, uint64_t *vol);

/* Argument readers: a missing argument or a value of the wrong kind is an internal error
 * (the flattener fills every parameter with a value of its declared type). */
nnx_status nnx_nnef_sh_tensor(nnx_nnef_sh *c, const char *arg, nnx_nnef_shape *s);
nnx_status nnx_nnef_sh_value_shape(nnx_nnef_sh *c, const char *what, const nnx_nnef_value *v, nnx_nnef_shape *s);
nnx_status nnx_nnef_sh_int(nnx_nnef_sh *c, const char *arg, int64_t *out);
nnx_status nnx_nnef_sh_logical(nnx_nnef_sh *c, const char *arg, bool *out);
/* A string argument that must be one of the NULL-terminated `allowed`. */
nnx_status nnx_nnef_sh_choice(nnx_nnef_sh *c, const char *arg, const char *const *allowed, const char **out);
nnx_status nnx_nnef_sh_array(nnx_nnef_sh *c, const char *arg, const nnx_nnef_value **out);
/* An integer[] argument of at most max items. */
nnx_status nnx_nnef_sh_ints(nnx_nnef_sh *c, const char *arg, uint32_t max, int64_t *out, uint32_t *n);
/* An (integer,integer)[] argument of at most max items. */
nnx_status nnx_nnef_sh_pairs(nnx_nnef_sh *c, const char *arg, uint32_t max, int64_t (*out)[2], uint32_t *n);
/* Axis items: each in [0, limit) and unique. */
nnx_status nnx_nnef_sh_axes(nnx_nnef_sh *c, const char *arg, const int64_t *axes, uint32_t n, uint32_t limit);
/* Every item of arg >= 1. */
nnx_status nnx_nnef_sh_positive(nnx_nnef_sh *c, const char *arg, const int64_t *v, uint32_t n);
/* arg has want items (unit says what want counts), or 0 when empty_ok. */
nnx_status nnx_nnef_sh_length(nnx_nnef_sh *c, const char *arg, uint32_t got, uint32_t want, const char *unit,
                              bool empty_ok);
/* An extent computed in int64: must be 1..UINT32_MAX; what names it in the message. */
nnx_status nnx_nnef_sh_extent(nnx_nnef_sh *c, int64_t v, const char *what, uint32_t dim, uint32_t *out);

/* Sets the shape of the result tensor `res` (checks the volume, S4). */
nnx_status nnx_nnef_sh_output(nnx_nnef_sh *c, const char *res, const nnx_nnef_shape *s);
/* The result `res` that is an array of tensors: its items and count. */
nnx_status nnx_nnef_sh_outputs(nnx_nnef_sh *c, const char *res, const nnx_nnef_value **items, uint32_t *n);
/* Sets the shape of one tensor value of a result array. */
nnx_status nnx_nnef_sh_store(nnx_nnef_sh *c, const char *res, const nnx_nnef_value *v, const nnx_nnef_shape *s);

bool nnx_nnef_shape_equal(const nnx_nnef_shape *a, const nnx_nnef_shape *b);      /* same rank and extents */
bool nnx_nnef_shape_equal_trim(const nnx_nnef_shape *a, const nnx_nnef_shape *b); /* S3 */

/* Signed arithmetic for window formulas (checked.h covers sizes only). */
static inline bool nnx_nnef_add_i64(int64_t a, int64_t b, int64_t *r) { return !__builtin_add_overflow(a, b, r); }
static inline bool nnx_nnef_sub_i64(int64_t a, int64_t b, int64_t *r) { return !__builtin_sub_overflow(a, b, r); }
static inline bool nnx_nnef_mul_i64(int64_t a, int64_t b, int64_t *r) { return !__builtin_mul_overflow(a, b, r); }

/* Rules of shapes_window.c (§4.3, §4.6) and shapes_tensor.c (§4.5). */
nnx_status nnx_nnef_sh_conv(nnx_nnef_sh *c);
nnx_status nnx_nnef_sh_deconv(nnx_nnef_sh *c);
nnx_status nnx_nnef_sh_box(nnx_nnef_sh *c);
nnx_status nnx_nnef_sh_debox(nnx_nnef_sh *c);
nnx_status nnx_nnef_sh_argmax_pool(nnx_nnef_sh *c);
nnx_status nnx_nnef_sh_sample(nnx_nnef_sh *c);
nnx_status nnx_nnef_sh_desample(nnx_nnef_sh *c);
nnx_status nnx_nnef_sh_multilinear_upsample(nnx_nnef_sh *c);
nnx_status nnx_nnef_sh_downsample(nnx_nnef_sh *c);
nnx_status nnx_nnef_sh_roi(nnx_nnef_sh *c);
nnx_status nnx_nnef_sh_reshape(nnx_nnef_sh *c);
nnx_status nnx_nnef_sh_squeeze(nnx_nnef_sh *c);
nnx_status nnx_nnef_sh_unsqueeze(nnx_nnef_sh *c);
nnx_status nnx_nnef_sh_transpose(nnx_nnef_sh *c);
nnx_status nnx_nnef_sh_split(nnx_nnef_sh *c);
nnx_status nnx_nnef_sh_concat(nnx_nnef_sh *c);
nnx_status nnx_nnef_sh_stack(nnx_nnef_sh *c);
nnx_status nnx_nnef_sh_unstack(nnx_nnef_sh *c);
nnx_status nnx_nnef_sh_slice(nnx_nnef_sh *c);
nnx_status nnx_nnef_sh_pad(nnx_nnef_sh *c);
nnx_status nnx_nnef_sh_tile(nnx_nnef_sh *c);

#endif
