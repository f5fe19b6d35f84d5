/* attrs.h — the typed attribute structs of core operations (the `attrs` column of ops.def).
 * A node holds one of them in a union; list-valued attributes that can be long point into
 * the owning graph's arena. */
#ifndef NNX_IR_ATTRS_H
#define NNX_IR_ATTRS_H

#include "nnx.h"

/* A scalar in the representation of its operand's dtype kind (float, signed, unsigned). */
typedef union nnx_scalar {
    double f;
    int64_t i;
    uint64_t u;
} nnx_scalar;

typedef struct nnx_attr_none { char unused; } nnx_attr_none;
typedef struct nnx_attr_clamp { nnx_scalar lo, hi; } nnx_attr_clamp;
typedef struct nnx_attr_cast { nnx_dtype to; } nnx_attr_cast;
typedef struct nnx_attr_gemm { double alpha, beta; bool trans_a, trans_b; } nnx_attr_gemm;

/* Layout codes shared by conv and pool: nnx_input_layout / nnx_filter_layout values with
 * DEFAULT already resolved. pads are [beginH, endH, beginW, endW]. */
typedef struct nnx_attr_conv {
    uint32_t pads[4], strides[2], dilations[2], groups;
    nnx_input_layout input_layout;
    nnx_filter_layout filter_layout;
} nnx_attr_conv;

typedef struct nnx_attr_pool {
    uint32_t window[2], pads[4], strides[2], dilations[2];
    nnx_input_layout layout;
    nnx_rounding rounding;
    bool has_output_sizes;
    uint32_t output_sizes[2];
} nnx_attr_pool;

typedef struct nnx_attr_axis { uint32_t axis; } nnx_attr_axis;
typedef struct nnx_attr_reshape { uint32_t rank, shape[NNX_MAX_RANK]; } nnx_attr_reshape;
typedef struct nnx_attr_transpose { uint32_t perm[NNX_MAX_RANK]; } nnx_attr_transpose;
typedef struct nnx_attr_slice { uint32_t starts[NNX_MAX_RANK], sizes[NNX_MAX_RANK], strides[NNX_MAX_RANK]; } nnx_attr_slice;
typedef struct nnx_attr_split { uint32_t axis; const uint32_t *sizes; /* one per output */ } nnx_attr_split;
typedef struct nnx_attr_reduce { uint32_t axes_mask; bool keep_dims; } nnx_attr_reduce;
/* reduce_argmax / reduce_argmin: nnx_attr_reduce plus the output type (int32, int64, uint32
 * or uint64; NNEF gives int32). Its first members are nnx_attr_reduce's, so shared reduction
 * code reads them through `reduce` (C11 6.5.2.3p6, common initial sequence in a union). */
typedef struct nnx_attr_arg_reduce { uint32_t axes_mask; bool keep_dims; nnx_dtype index_dtype; } nnx_attr_arg_reduce;

/* Border modes of pad (nnef.md §3.0): CONSTANT fills `value`; EDGE repeats the edge
 * (NNEF 'replicate', WebNN "edge"); REFLECT mirrors without repeating the edge (NNEF
 * 'reflect', WebNN "reflection", numpy 'reflect'); SYMMETRIC mirrors repeating it (NNEF
 * 'reflect-even', numpy 'symmetric'). */
typedef enum nnx_pad_mode { NNX_PAD_CONSTANT, NNX_PAD_EDGE, NNX_PAD_REFLECT, NNX_PAD_SYMMETRIC } nnx_pad_mode;
/* begin/end per axis, negative crops; value in the representation of the input's dtype
 * kind (as clamp bounds; bool uses u). */
typedef struct nnx_attr_pad {
    int32_t begin[NNX_MAX_RANK], end[NNX_MAX_RANK];
    nnx_pad_mode mode;
    nnx_scalar value;
} nnx_attr_pad;
typedef struct nnx_attr_tile { uint32_t repeats[NNX_MAX_RANK]; } nnx_attr_tile;

/* Border modes of the sliding-window ops (nnef.md §3.0 "Border modes"): IGNORE skips
 * out-of-bounds positions, CONSTANT reads 0 there, REPLICATE / REFLECT / REFLECT_EVEN map
 * the index as pad's EDGE / REFLECT / SYMMETRIC do. */
typedef enum nnx_window_border {
    NNX_WINDOW_IGNORE, NNX_WINDOW_CONSTANT, NNX_WINDOW_REPLICATE, NNX_WINDOW_REFLECT, NNX_WINDOW_REFLECT_EVEN
} nnx_window_border;
/* box, argmax_pool, sample: a window over every axis of the input (item i = axis i).
 * size, stride, dilation >= 1; padding resolved (automatic padding is computed by the
 * front end) and may be negative. normalize: box only. */
typedef struct nnx_attr_window {
    int32_t size[NNX_MAX_RANK], stride[NNX_MAX_RANK], dilation[NNX_MAX_RANK];
    int32_t pad_begin[NNX_MAX_RANK], pad_end[NNX_MAX_RANK];
    nnx_window_border border;
    bool normalize;
} nnx_attr_window;

typedef union nnx_attrs {
    nnx_attr_none none;
    nnx_attr_clamp clamp;
    nnx_attr_cast cast;
    nnx_attr_gemm gemm;
    nnx_attr_conv conv;
    nnx_attr_pool pool;
    nnx_attr_axis axis;
    nnx_attr_reshape reshape;
    nnx_attr_transpose transpose;
    nnx_attr_slice slice;
    nnx_attr_split split;
    nnx_attr_reduce reduce;
    nnx_attr_arg_reduce arg_reduce;
    nnx_attr_pad pad;
    nnx_attr_tile tile;
    nnx_attr_window window;
} nnx_attrs;

#endif
