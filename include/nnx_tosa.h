/* nnx_tosa.h — the TOSA 1.0 front end of libnnx's public API: sessions on a builder, one call
 * per TOSA operator with its attributes, profiles and levels. nnx.h includes it: a program
 * includes nnx.h alone; this file is apart only because the API is long. */
#ifndef NNX_TOSA_H
#define NNX_TOSA_H

#include "nnx.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------- TOSA 1.0 front end
 * TOSA graphs are built with a TOSA session on a builder: nnx_tosa_begin gives one
 * (it lives in the builder's memory and dies with it; no destroy), nnx_tosa_add adds one TOSA
 * 1.0 operator with its inputs, attributes and outputs. Each operator is checked like the
 * spec's pseudocode: argument ranks and shapes, the Supported Data Types table (Appendix B)
 * against the enabled profiles and extensions, every ERROR_IF, the REQUIREs that can be
 * decided from types, shapes and constants, and the LEVEL_CHECKs of the chosen level; then
 * it becomes core operations. A failure is the builder's sticky error
 * ("TOSA RESCALE: ERROR_IF(scale32 && in_t == i48)"), every output gets the poisoned
 * operand, and later calls fail at once, as for every nnx_builder_* call. The graph is built
 * with nnx_builder_build as usual. Conventions (the TOSA extension of NNEF and the TOSA
 * decisions, "The TOSA front end"; TOSA 1.0 chapter 2):
 *  - shape_t values (CONST_SHAPE outputs) are int64 constants of rank 1 (the empty shape
 *    is a rank-0 int64 constant); compile-time-constant (CTC) inputs must be constants.
 *  - bool tensors are NNX_BOOL; i48 is NNX_INT48; i4 is NNX_INT4 (one byte per element). */
typedef struct nnx_tosa nnx_tosa;

/* The 75 operators of TOSA 1.0, numbered as in the spec's operator list order. */
typedef enum nnx_tosa_op {
    NNX_TOSA_OP_INVALID = 0,
    NNX_TOSA_ARGMAX = 1,
    NNX_TOSA_AVG_POOL2D,
    NNX_TOSA_CONV2D,
    NNX_TOSA_CONV3D,
    NNX_TOSA_DEPTHWISE_CONV2D,
    NNX_TOSA_FFT2D,
    NNX_TOSA_MATMUL,
    NNX_TOSA_MAX_POOL2D,
    NNX_TOSA_RFFT2D,
    NNX_TOSA_TRANSPOSE_CONV2D,
    NNX_TOSA_CLAMP,
    NNX_TOSA_ERF,
    NNX_TOSA_SIGMOID,
    NNX_TOSA_TANH,
    NNX_TOSA_ADD,
    NNX_TOSA_ARITHMETIC_RIGHT_SHIFT,
    NNX_TOSA_BITWISE_AND,
    NNX_TOSA_BITWISE_OR,
    NNX_TOSA_BITWISE_XOR,
    NNX_TOSA_INTDIV,
    NNX_TOSA_LOGICAL_AND,
    NNX_TOSA_LOGICAL_LEFT_SHIFT,
    NNX_TOSA_LOGICAL_RIGHT_SHIFT,
    NNX_TOSA_LOGICAL_OR,
    NNX_TOSA_LOGICAL_XOR,
    NNX_TOSA_MAXIMUM,
    NNX_TOSA_MINIMUM,
    NNX_TOSA_MUL,
    NNX_TOSA_POW,
    NNX_TOSA_SUB,
    NNX_TOSA_TABLE,
    NNX_TOSA_ABS,
    NNX_TOSA_BITWISE_NOT,
    NNX_TOSA_CEIL,
    NNX_TOSA_CLZ,
    NNX_TOSA_COS,
    NNX_TOSA_EXP,
    NNX_TOSA_FLOOR,
    NNX_TOSA_LOG,
    NNX_TOSA_LOGICAL_NOT,
    NNX_TOSA_NEGATE,
    NNX_TOSA_RECIPROCAL,
    NNX_TOSA_RSQRT,
    NNX_TOSA_SIN,
    NNX_TOSA_SELECT,
    NNX_TOSA_EQUAL,
    NNX_TOSA_GREATER,
    NNX_TOSA_GREATER_EQUAL,
    NNX_TOSA_REDUCE_ALL,
    NNX_TOSA_REDUCE_ANY,
    NNX_TOSA_REDUCE_MAX,
    NNX_TOSA_REDUCE_MIN,
    NNX_TOSA_REDUCE_PRODUCT,
    NNX_TOSA_REDUCE_SUM,
    NNX_TOSA_CONCAT,
    NNX_TOSA_PAD,
    NNX_TOSA_RESHAPE,
    NNX_TOSA_REVERSE,
    NNX_TOSA_SLICE,
    NNX_TOSA_TILE,
    NNX_TOSA_TRANSPOSE,
    NNX_TOSA_GATHER,
    NNX_TOSA_SCATTER,
    NNX_TOSA_RESIZE,
    NNX_TOSA_CAST,
    NNX_TOSA_RESCALE,
    NNX_TOSA_CONST,
    NNX_TOSA_IDENTITY,
    NNX_TOSA_CUSTOM,
    NNX_TOSA_COND_IF,
    NNX_TOSA_WHILE_LOOP,
    NNX_TOSA_VARIABLE,
    NNX_TOSA_VARIABLE_WRITE,
    NNX_TOSA_VARIABLE_READ,
    NNX_TOSA_CONST_SHAPE
} nnx_tosa_op;
#define NNX_TOSA_OP_COUNT 76 /* one past the last operator */

/* "RESCALE" for an operator, NULL for a value that is not one. */
NNX_API const char *nnx_tosa_op_name(nnx_tosa_op op);

/* Profiles and extensions (spec §1.6), as bits of nnx_tosa_options.profiles. */
typedef enum nnx_tosa_profile {
    NNX_TOSA_PRO_INT = 1u << 0,
    NNX_TOSA_PRO_FP = 1u << 1,
    NNX_TOSA_EXT_INT16 = 1u << 2,
    NNX_TOSA_EXT_INT4 = 1u << 3,
    NNX_TOSA_EXT_BF16 = 1u << 4,
    NNX_TOSA_EXT_FP8E4M3 = 1u << 5,
    NNX_TOSA_EXT_FP8E5M2 = 1u << 6,
    NNX_TOSA_EXT_FFT = 1u << 7,
    NNX_TOSA_EXT_VARIABLE = 1u << 8,
    NNX_TOSA_EXT_CONTROLFLOW = 1u << 9,
    NNX_TOSA_EXT_DOUBLEROUND = 1u << 10,
    NNX_TOSA_EXT_INEXACTROUND = 1u << 11
} nnx_tosa_profile;
#define NNX_TOSA_ALL_PROFILES 0xFFFu /* every profile and extension nnx implements */
/* The spec's name of one profile or extension bit ("PRO-INT", "EXT-INT16"), else NULL. */
NNX_API const char *nnx_tosa_profile_name(uint32_t bit);

/* Levels (spec §1.7 Table 4). DEFAULT is Level 8K. A LEVEL_CHECK failure is "unpredictable"
 * in the spec; nnx reports it as NNX_ERROR_NOT_SUPPORTED. */
typedef enum nnx_tosa_level {
    NNX_TOSA_LEVEL_DEFAULT = 0,
    NNX_TOSA_LEVEL_8K = 1,
    NNX_TOSA_LEVEL_NONE = 2
} nnx_tosa_level;

typedef struct nnx_tosa_options {
    uint32_t profiles;    /* nnx_tosa_profile bits; 0 = NNX_TOSA_ALL_PROFILES */
    nnx_tosa_level level; /* DEFAULT = Level 8K */
} nnx_tosa_options;

/* A TOSA session on b (options may be NULL: all defaults). NULL for a NULL or destroyed
 * builder; with a builder that already holds an error the session is made, and its calls
 * fail at once. Like operands (rule 3), a session belongs to its builder and dies with it:
 * it must not be used after nnx_builder_destroy. Several sessions on one builder are
 * independent (each has its own level, profiles and variables). */
NNX_API nnx_tosa *nnx_tosa_begin(nnx_builder *b, const nnx_tosa_options *options);
/* The same under the builder's prefix (not a WebNN operation: it has no opSupportLimits rows). */
static inline nnx_tosa *nnx_builder_tosa_begin(nnx_builder *b, const nnx_tosa_options *options)
{
    return nnx_tosa_begin(b, options);
}

typedef enum nnx_tosa_nan_mode {
    NNX_TOSA_NAN_DEFAULT = 0, /* PROPAGATE */
    NNX_TOSA_NAN_PROPAGATE = 1,
    NNX_TOSA_NAN_IGNORE = 2
} nnx_tosa_nan_mode;
typedef enum nnx_tosa_rounding {
    NNX_TOSA_ROUND_DEFAULT = 0, /* SINGLE_ROUND */
    NNX_TOSA_SINGLE_ROUND = 1,
    NNX_TOSA_INEXACT_ROUND = 2,
    NNX_TOSA_DOUBLE_ROUND = 3
} nnx_tosa_rounding;
typedef enum nnx_tosa_mode {
    NNX_TOSA_MODE_DEFAULT = 0, /* NEAREST */
    NNX_TOSA_MODE_NEAREST = 1,
    NNX_TOSA_MODE_BILINEAR = 2
} nnx_tosa_mode;

/* A TOSA sub-graph (COND_IF then/else, WHILE_LOOP cond/body): builds into t from the
 * operands in[0..n_in) (the list's tensors) and writes n_out results to out. Return false
 * to fail the operator (the builder's error, if any, is kept). COND_IF's t is the calling
 * session (its branches may also use other operands of the graph); WHILE_LOOP's t is a
 * session on a builder of its own, run once per iteration, so its sub-graphs see only in[]
 * (and cannot use variables). Both count one nesting level (MAX_NESTING). */
typedef bool (*nnx_tosa_graph_fn)(nnx_tosa *t, void *user, nnx_operand *const *in, uint32_t n_in, nnx_operand **out,
                                  uint32_t n_out);

/* Every attribute of every operator; each operator reads the ones it has (spec names), the
 * rest are ignored. Zeroed is valid: the spec defaults where the spec has one. */
typedef struct nnx_tosa_attrs {
    const char *label;          /* in messages */
    int32_t axis;               /* ARGMAX, REDUCE_*, CONCAT, REVERSE */
    nnx_tosa_nan_mode nan_mode; /* ARGMAX, CLAMP, MAXIMUM, MINIMUM, MAX_POOL2D, REDUCE_MAX/MIN */
    nnx_dtype acc_type;         /* AVG_POOL2D, CONV*, TRANSPOSE_CONV2D; 0 = the first row of
                                           the operator's type table that fits the inputs */
    nnx_dtype out_type;         /* CAST, RESCALE (required); MATMUL (0 = first row) */
    int32_t kernel[2], stride[3], dilation[3];
    int32_t pad[6];                                             /* pools/convs: [top, bottom, left, right]; CONV3D
                                           [d0, d1, top, bottom, left, right] */
    int32_t out_pad[4];                                         /* TRANSPOSE_CONV2D [top, bottom, left, right] */
    bool local_bound, inverse, round;                           /* convs/FFT; FFT2D; ARITHMETIC_RIGHT_SHIFT */
    bool scale32, per_channel, input_unsigned, output_unsigned; /* RESCALE */
    nnx_tosa_rounding rounding_mode;                            /* RESCALE */
    nnx_tosa_mode mode;                                         /* RESIZE */
    const int32_t *perms;                                       /* TRANSPOSE: rank items */
    uint32_t perms_count;
    nnx_number min_val, max_val; /* CLAMP (in the input's type; absent = the type's range) */
    /* CONST: desc and values (bytes, desc's byte length); CONST_SHAPE: shape values
     * (values_count items). VARIABLE: uid, desc = var_shape and type, values = the initial
     * value (NULL: zeros). VARIABLE_READ: uid, desc; VARIABLE_WRITE: uid. */
    nnx_operand_desc desc;
    const void *values;
    size_t values_size;
    const int64_t *shape_values;
    uint32_t shape_values_count;
    int32_t uid;
    /* COND_IF (then, else) and WHILE_LOOP (cond, body) sub-graphs. */
    nnx_tosa_graph_fn graph1, graph2;
    void *user;
    /* CUSTOM */
    const char *operator_name, *domain_name, *implementation_attrs;
    /* Optional declared output types: when given (output_descs non-NULL), each output's
     * inferred type must equal it (the spec's ERROR_IFs on output shapes). */
    const nnx_operand_desc *output_descs;
} nnx_tosa_attrs;

/* Adds one operator: inputs in the spec's argument order (tensor lists flattened: CONCAT's
 * list; COND_IF condition then the input list; WHILE_LOOP the input list), n_outputs slots
 * (the spec's outputs; COND_IF / WHILE_LOOP: the output list's length). Returns the number
 * of outputs written; on any error every slot gets the poisoned operand and the builder
 * records the first error (nnx_builder_error). attrs may be NULL (all zero). */
NNX_API uint32_t nnx_tosa_add(nnx_tosa *t, nnx_tosa_op op, nnx_operand *const *inputs, uint32_t n_inputs,
                              const nnx_tosa_attrs *attrs, nnx_operand **outputs, uint32_t n_outputs);
/* The builder of a session (NULL for NULL). */
NNX_API nnx_builder *nnx_tosa_builder(nnx_tosa *t);

#ifdef __cplusplus
}
#endif
#endif /* NNX_TOSA_H */
