/* attrs.h — the typed attribute structs of core operations (the `attrs` column of ops.def).
 * A node holds one of them in a union; list-valued attributes that can be long point into
 * the owning graph's arena. */
#ifndef NNX_IR_ATTRS_H
#define NNX_IR_ATTRS_H

#include "base/float_convert.h"
#include "nnx.h"

/* A scalar in the representation of its operand's dtype kind (float, signed, unsigned). */
typedef union nnx_scalar {
    double f;
    int64_t i;
    uint64_t u;
} nnx_scalar;

/* NaN handling of maximum-like operations (TOSA nan_propagation_t, TOSA 1.0 §4.5.1 apply_max_s):
 * PROPAGATE (0, the default, WebNN/NNEF/IEEE maximum): a NaN operand makes the result NaN;
 * IGNORE: a NaN operand is skipped (the other operand wins; all-NaN gives NaN). */
typedef enum nnx_nan_mode { NNX_NAN_PROPAGATE = 0, NNX_NAN_IGNORE = 1 } nnx_nan_mode;

typedef struct nnx_attr_none {
    char unused;
} nnx_attr_none;
/* clamp: nan_mode IGNORE maps a NaN input to lo (TOSA CLAMP); PROPAGATE keeps it NaN. */
typedef struct nnx_attr_clamp {
    nnx_scalar lo, hi;
    nnx_nan_mode nan_mode;
} nnx_attr_clamp;
/* cast: how float -> integer rounds before it saturates: TRUNCATE (0, WebNN) toward zero,
 * NEAREST_EVEN (TOSA CAST, round_to_nearest_int ties to even).
 * saturation, for float targets (ONNX Operators.md Cast, the float 8 tables): DEFAULT (0)
 * is the type's plain store (elem.h: fp8 overflow and +-inf give inf or NaN, fp4e2m1 and
 * fp8e8m0 saturate); SATURATE (ONNX saturate = 1): finite values out of range and +-inf
 * give +-max finite; NO_SATURATE (saturate = 0): they give inf, or NaN where the type has
 * no inf (fp4e2m1, with neither, still saturates).
 * wrap, for integer targets from floats: keep the low bits of the rounded value instead of
 * saturating (ONNX's int4 and int2 documents, "round to nearest even, then truncate"); NaN
 * and +-inf give 0.
 * e8m0_rounding: ONNX Cast round_mode for fp8e8m0 targets (UP, the default, is 0). */
typedef enum nnx_cast_rounding { NNX_CAST_TRUNCATE = 0, NNX_CAST_NEAREST_EVEN = 1 } nnx_cast_rounding;
typedef enum nnx_cast_saturation {
    NNX_CAST_SATURATION_DEFAULT = 0,
    NNX_CAST_SATURATE = 1,
    NNX_CAST_NO_SATURATE = 2
} nnx_cast_saturation;
typedef struct nnx_attr_cast {
    nnx_dtype to;
    nnx_cast_rounding rounding;
    nnx_cast_saturation saturation;
    bool wrap;
    nnx_e8m0_rounding e8m0_rounding;
} nnx_attr_cast;
/* max, min (binary): nan_mode as above (TOSA MAXIMUM / MINIMUM). */
typedef struct nnx_attr_nan {
    nnx_nan_mode nan_mode;
} nnx_attr_nan;
typedef struct nnx_attr_gemm {
    double alpha, beta;
    bool trans_a, trans_b;
} nnx_attr_gemm;
/* elu, hard_sigmoid, leaky_relu, linear: alpha and beta already cast to the input type
 * (WebNN casts these options with its *cast* algorithm); ops without one ignore it. */
typedef struct nnx_attr_activation {
    double alpha, beta;
} nnx_attr_activation;

/* conv and deconv: input rank - 2 spatial axes (at most NNX_MAX_SPATIAL); item k of strides
 * and dilations, and pads [2k, 2k + 1] = [begin, end], belong to spatial axis k (for 2-D:
 * [beginH, endH, beginW, endW]); items past the last spatial axis are ignored. pads may be
 * negative (NNEF) and are 64-bit so that WebNN's uint32 padding keeps its exact range.
 * Layout codes are nnx_input_layout / nnx_filter_layout values with DEFAULT already
 * resolved; any layout but nchw / oihw needs exactly 2 spatial axes. */
#define NNX_MAX_SPATIAL (NNX_MAX_RANK - 2)
typedef struct nnx_attr_conv {
    int64_t pads[2 * NNX_MAX_SPATIAL];
    uint32_t strides[NNX_MAX_SPATIAL], dilations[NNX_MAX_SPATIAL], groups;
    nnx_input_layout input_layout;
    nnx_filter_layout filter_layout;
} nnx_attr_conv;
/* deconv (NNEF deconv, NNEF 1.0.2 §4.3.1): channel-first input [N, c, x...], filter
 * [c, C/groups, k...]; pads, strides, dilations as conv's, in the output (up-scaled) space.
 * has_output_sizes: output_sizes[k] is spatial output extent k, which must lie in
 * [computed, computed + stride - 1] (NNEF output_shape, WebNN outputPadding); else the
 * computed extent (x - 1) * s + (k - 1) * d + 1 - begin - end. */
typedef struct nnx_attr_deconv {
    int64_t pads[2 * NNX_MAX_SPATIAL];
    uint32_t strides[NNX_MAX_SPATIAL], dilations[NNX_MAX_SPATIAL], groups;
    bool has_output_sizes;
    uint32_t output_sizes[NNX_MAX_SPATIAL];
} nnx_attr_deconv;

typedef struct nnx_attr_pool {
    uint32_t window[2], pads[4], strides[2], dilations[2];
    nnx_input_layout layout;
    nnx_rounding rounding;
    bool has_output_sizes;
    uint32_t output_sizes[2];
    nnx_nan_mode nan_mode; /* max_pool only (TOSA MAX_POOL2D) */
} nnx_attr_pool;

typedef struct nnx_attr_axis {
    uint32_t axis;
} nnx_attr_axis;
/* gather, gather_elements, gather_nd, scatter_elements, scatter_nd: axis as nnx_attr_axis
 * (which it extends: code may read `axis.axis`, C11 6.5.2.3p6; the ND ops ignore it).
 * checked false (the default, WebNN's "clamped" indices): an index outside [-n, n - 1] is
 * clamped into it. checked true (ONNX, whose operators leave such an index undefined and whose
 * runtime refuses it): the dispatch fails naming the node, the index and the axis extent
 * (ops/index.h nnx_indices_in_range; docs/decisions/onnx.md). */
typedef struct nnx_attr_index {
    uint32_t axis;
    bool checked;
} nnx_attr_index;
typedef struct nnx_attr_reshape {
    uint32_t rank, shape[NNX_MAX_RANK];
} nnx_attr_reshape;
typedef struct nnx_attr_transpose {
    uint32_t perm[NNX_MAX_RANK];
} nnx_attr_transpose;
typedef struct nnx_attr_slice {
    uint32_t starts[NNX_MAX_RANK], sizes[NNX_MAX_RANK], strides[NNX_MAX_RANK];
} nnx_attr_slice;
typedef struct nnx_attr_split {
    uint32_t axis;
    const uint32_t *sizes; /* one per output */
} nnx_attr_split;
/* nan_mode: reduce_max / reduce_min only (TOSA REDUCE_MAX / REDUCE_MIN). */
typedef struct nnx_attr_reduce {
    uint32_t axes_mask;
    bool keep_dims;
    nnx_nan_mode nan_mode;
} nnx_attr_reduce;
/* reduce_argmax / reduce_argmin: nnx_attr_reduce plus the output type (int32, int64, uint32
 * or uint64; NNEF gives int32). Its first members are nnx_attr_reduce's, so shared reduction
 * code reads them through `reduce` (C11 6.5.2.3p6, common initial sequence in a union). */
typedef struct nnx_attr_arg_reduce {
    uint32_t axes_mask;
    bool keep_dims;
    nnx_dtype index_dtype;
    nnx_nan_mode nan_mode; /* IGNORE: NaN loses to every number (TOSA ARGMAX); all-NaN gives 0 */
} nnx_attr_arg_reduce;

/* Border modes of pad (NNEF 1.0.2 §4.3 border modes, §4.5.5 pad): CONSTANT fills `value`; EDGE
 * repeats the edge (NNEF 'replicate', WebNN "edge"); REFLECT mirrors without repeating the edge
 * (NNEF 'reflect', WebNN "reflection", numpy 'reflect'); SYMMETRIC mirrors repeating it (NNEF
 * 'reflect-even', numpy 'symmetric'). */
typedef enum nnx_pad_mode { NNX_PAD_CONSTANT, NNX_PAD_EDGE, NNX_PAD_REFLECT, NNX_PAD_SYMMETRIC } nnx_pad_mode;
/* begin/end per axis, negative crops; value in the representation of the input's dtype
 * kind (as clamp bounds; bool uses u). */
typedef struct nnx_attr_pad {
    int32_t begin[NNX_MAX_RANK], end[NNX_MAX_RANK];
    nnx_pad_mode mode;
    nnx_scalar value;
} nnx_attr_pad;
typedef struct nnx_attr_tile {
    uint32_t repeats[NNX_MAX_RANK];
} nnx_attr_tile;

/* Border modes of the sliding-window ops (NNEF 1.0.2 §4.3, border modes): IGNORE skips
 * out-of-bounds positions, CONSTANT reads 0 there, REPLICATE / REFLECT / REFLECT_EVEN map
 * the index as pad's EDGE / REFLECT / SYMMETRIC do. */
typedef enum nnx_window_border {
    NNX_WINDOW_IGNORE,
    NNX_WINDOW_CONSTANT,
    NNX_WINDOW_REPLICATE,
    NNX_WINDOW_REFLECT,
    NNX_WINDOW_REFLECT_EVEN
} nnx_window_border;
/* box, argmax_pool, sample, debox, desample: a window over every axis of the input (item
 * i = axis i). size, stride, dilation >= 1; padding resolved (automatic padding is computed
 * by the front end) and may be negative. normalize: box and debox. output_shape: debox and
 * desample only, the output extent per axis, 0 = the up-scaled (x - 1) * s + f_d - p - q;
 * a given extent must down-scale back to the input's (NNEF 1.0.2 §4.3). */
typedef struct nnx_attr_window {
    int32_t size[NNX_MAX_RANK], stride[NNX_MAX_RANK], dilation[NNX_MAX_RANK];
    int32_t pad_begin[NNX_MAX_RANK], pad_end[NNX_MAX_RANK];
    nnx_window_border border;
    bool normalize;
    uint32_t output_shape[NNX_MAX_RANK];
} nnx_attr_window;

/* multilinear_upsample (NNEF 1.0.2 §4.3.4): factor >= 1 per axis (1 copies the axis: NNEF's batch
 * and channel); the methods' 1-D sampling positions; border CONSTANT, REPLICATE, REFLECT or
 * REFLECT_EVEN supplies the neighbour just outside an edge. */
typedef enum nnx_upsample_method {
    NNX_UPSAMPLE_SYMMETRIC,
    NNX_UPSAMPLE_ASYMMETRIC,
    NNX_UPSAMPLE_ALIGNED
} nnx_upsample_method;
typedef struct nnx_attr_upsample {
    uint32_t factor[NNX_MAX_RANK];
    nnx_upsample_method method;
    nnx_window_border border;
} nnx_attr_upsample;

/* resample (WebNN resample2d): axes[0] != axes[1] are resampled to sizes[0], sizes[1] >= 1;
 * the other axes are copied. */
typedef enum nnx_resample_mode { NNX_RESAMPLE_NEAREST, NNX_RESAMPLE_LINEAR } nnx_resample_mode;
typedef struct nnx_attr_resample {
    nnx_resample_mode mode;
    uint32_t axes[2], sizes[2];
} nnx_attr_resample;

/* avg_roi_pool, max_roi_pool, roi_resample (NNEF 1.0.2 §4.6):
 * n_sizes = the input's spatial axis count M (rank - 2), output_size[k] >= 1 the output
 * extent of spatial axis k; method: roi_resample only, its coordinate mapping
 * (NNEF 1.0.2 §4.6.2 roi_resample, decision 20). */
typedef enum nnx_roi_method { NNX_ROI_SYMMETRIC, NNX_ROI_ASYMMETRIC, NNX_ROI_ALIGNED } nnx_roi_method;
typedef struct nnx_attr_roi {
    uint32_t n_sizes, output_size[NNX_MAX_RANK];
    nnx_roi_method method;
} nnx_attr_roi;

/* batch_normalization: `axis` of the 1-D mean/variance/scale/bias. instance_normalization:
 * `layout` NCHW or NHWC (resolved). layer_normalization: axes[0..n_axes), distinct, in the
 * order of the scale/bias dimensions. epsilon is already cast to the input's type (WebNN). */
typedef struct nnx_attr_norm {
    uint32_t axis, n_axes, axes[NNX_MAX_RANK];
    nnx_input_layout layout;
    double epsilon;
} nnx_attr_norm;
/* cumulative_sum along axis: exclusive leaves the element itself out, reversed sums from the
 * end of the axis. */
typedef struct nnx_attr_cumsum {
    uint32_t axis;
    bool exclusive, reversed;
} nnx_attr_cumsum;
/* reverse: bit i set reverses axis i. */
typedef struct nnx_attr_reverse {
    uint32_t axes_mask;
} nnx_attr_reverse;
/* triangular over the last two axes: element (i, j) is kept when j - i >= diagonal (upper)
 * or j - i <= diagonal (lower), else it is 0. */
typedef struct nnx_attr_triangular {
    bool upper;
    int32_t diagonal;
} nnx_attr_triangular;
/* compiled_function: the compiled function's name (TVM func_name) and one descriptor per
 * output (both in the owning graph's arena), plus the TVM call facts written back as they
 * were read (num_inputs, flatten_data). */
typedef struct nnx_attr_compiled {
    const char *function;
    const nnx_operand_desc *outputs;
    bool flatten_data;
} nnx_attr_compiled;

/* ---- TOSA 1.0 integer-exact operations (src/ops/tosa.h documents each op). ---- */
/* shift_right_arithmetic: round adds the last bit shifted out (TOSA ARITHMETIC_RIGHT_SHIFT). */
typedef struct nnx_attr_shift {
    bool round;
} nnx_attr_shift;
/* tosa_rescale (TOSA RESCALE rounding_t). INEXACT_ROUND is computed as SINGLE_ROUND (exact,
 * within the spec's bound); DOUBLE_ROUND needs scale32. */
typedef enum nnx_rescale_rounding {
    NNX_RESCALE_SINGLE_ROUND = 0,
    NNX_RESCALE_INEXACT_ROUND = 1,
    NNX_RESCALE_DOUBLE_ROUND = 2
} nnx_rescale_rounding;
typedef struct nnx_attr_rescale {
    bool scale32, per_channel, input_unsigned, output_unsigned;
    nnx_rescale_rounding rounding;
} nnx_attr_rescale;
/* tosa_avg_pool2d: kernel [y, x], stride [y, x], pad [top, bottom, left, right], acc_type
 * (int8/int16: int32; float16: float16 or float32; float32, bfloat16: float32; fp8:
 * float16; UNDEFINED = the first of these). */
typedef struct nnx_attr_tosa_pool {
    uint32_t kernel[2], stride[2], pad[4];
    nnx_dtype acc_type;
} nnx_attr_tosa_pool;
/* tosa_conv2d, tosa_conv3d, tosa_depthwise_conv2d, tosa_transpose_conv2d: pad = conv2d /
 * depthwise [top, bottom, left, right]; conv3d [d0, d1, top, bottom, left, right];
 * transpose_conv2d out_pad [top, bottom, left, right] (may be negative, > -kernel).
 * stride, dilation: [y, x] or [d, y, x] (transpose: stride only). acc_type as tosa.h says. */
typedef struct nnx_attr_tosa_conv {
    int32_t pad[6];
    uint32_t stride[3], dilation[3];
    nnx_dtype acc_type;
} nnx_attr_tosa_conv;
/* tosa_matmul: the accumulator = output type (int8: int32; int16: int48; float16: float16
 * or float32; float32, bfloat16: float32; fp8: float16; UNDEFINED = the first of these). */
typedef struct nnx_attr_tosa_matmul {
    nnx_dtype acc_type;
} nnx_attr_tosa_matmul;
/* tosa_resize (TOSA RESIZE): scale [y_n, y_d, x_n, x_d], offset [y, x], border [y, x]. */
typedef enum nnx_tosa_resize_mode { NNX_TOSA_RESIZE_NEAREST = 0, NNX_TOSA_RESIZE_BILINEAR = 1 } nnx_tosa_resize_mode;
typedef struct nnx_attr_tosa_resize {
    nnx_tosa_resize_mode mode;
    int32_t scale[4], offset[2], border[2];
} nnx_attr_tosa_resize;

/* while_loop (TOSA WHILE_LOOP, src/ops/while_loop.c): the condition and body sub-graphs,
 * frozen into the owning graph's arena (src/ops/while_loop.h describes nnx_subgraph). */
struct nnx_subgraph;
typedef struct nnx_attr_loop {
    const struct nnx_subgraph *cond, *body;
} nnx_attr_loop;
/* cond_if (TOSA COND_IF, ONNX If; src/ops/cond_if.c): the two branches, frozen like the
 * loop's sub-graphs; each takes the node's inputs after the condition as its parameters. */
typedef struct nnx_attr_cond_if {
    const struct nnx_subgraph *then_g, *else_g;
} nnx_attr_cond_if;
/* fft2d (TOSA FFT2D, src/ops/fft.c): inverse takes e^(+i a) instead of e^(-i a). */
typedef struct nnx_attr_fft {
    bool inverse;
} nnx_attr_fft;

typedef union nnx_attrs {
    nnx_attr_none none;
    nnx_attr_clamp clamp;
    nnx_attr_cast cast;
    nnx_attr_gemm gemm;
    nnx_attr_activation activation;
    nnx_attr_conv conv;
    nnx_attr_deconv deconv;
    nnx_attr_pool pool;
    nnx_attr_axis axis;
    nnx_attr_index index;
    nnx_attr_reshape reshape;
    nnx_attr_transpose transpose;
    nnx_attr_slice slice;
    nnx_attr_split split;
    nnx_attr_reduce reduce;
    nnx_attr_arg_reduce arg_reduce;
    nnx_attr_pad pad;
    nnx_attr_tile tile;
    nnx_attr_window window;
    nnx_attr_upsample upsample;
    nnx_attr_resample resample;
    nnx_attr_roi roi;
    nnx_attr_norm norm;
    nnx_attr_cumsum cumsum;
    nnx_attr_reverse reverse;
    nnx_attr_triangular triangular;
    nnx_attr_compiled compiled;
    nnx_attr_nan nan;
    nnx_attr_shift shift;
    nnx_attr_rescale rescale;
    nnx_attr_tosa_pool tosa_pool;
    nnx_attr_tosa_conv tosa_conv;
    nnx_attr_tosa_matmul tosa_matmul;
    nnx_attr_tosa_resize tosa_resize;
    nnx_attr_fft fft;
    nnx_attr_loop loop;
    nnx_attr_cond_if cond_if;
} nnx_attrs;

#endif
