/* tosa_attr_schema.c — the fields of each member table of `Attribute`, schema 1.0 (tags
 * 1..75, one per Op) and 1.1 (76..96), as the TOSA serialization library's schema (tosa.fbs) lists
 * them; members not listed here are empty tables. */
#include "formats/tosa/tosa_attr_schema.h"

#include <stddef.h>

#define F(name, kind, member) \
    { \
        name, NNX_TFK_##kind, offsetof(nnx_tfile_attr, member) \
    }

static const nnx_tfile_attr_field argmax[] = {F("axis", I32, axis), F("nan_mode", ENUM, nan_mode)};
static const nnx_tfile_attr_field avg_pool[] = {F("kernel", INTS, kernel), F("stride", INTS, stride),
                                                F("pad", INTS, pad), F("acc_type", ENUM, acc_type)};
static const nnx_tfile_attr_field conv[] = {F("pad", INTS, pad), F("stride", INTS, stride),
                                            F("dilation", INTS, dilation), F("local_bound", BOOL, local_bound),
                                            F("acc_type", ENUM, acc_type)};
static const nnx_tfile_attr_field fft[] = {F("inverse", BOOL, inverse), F("local_bound", BOOL, local_bound)};
static const nnx_tfile_attr_field max_pool[] = {F("kernel", INTS, kernel), F("stride", INTS, stride),
                                                F("pad", INTS, pad), F("nan_mode", ENUM, nan_mode)};
static const nnx_tfile_attr_field rfft[] = {F("local_bound", BOOL, local_bound)};
static const nnx_tfile_attr_field tconv[] = {F("out_pad", INTS, out_pad), F("stride", INTS, stride),
                                             F("local_bound", BOOL, local_bound), F("acc_type", ENUM, acc_type)};
static const nnx_tfile_attr_field clamp[] = {F("min_val", BYTES, min_val), F("max_val", BYTES, max_val),
                                             F("nan_mode", ENUM, nan_mode)};
static const nnx_tfile_attr_field ars[] = {F("round", BOOL, round)};
static const nnx_tfile_attr_field nan_only[] = {F("nan_mode", ENUM, nan_mode)};
static const nnx_tfile_attr_field axis_only[] = {F("axis", I32, axis)};
static const nnx_tfile_attr_field axis_nan[] = {F("axis", I32, axis), F("nan_mode", ENUM, nan_mode)};
static const nnx_tfile_attr_field transpose[] = {F("perms", INTS, perms)};
static const nnx_tfile_attr_field resize[] = {F("mode", ENUM, mode)};
static const nnx_tfile_attr_field rescale[] = {
    F("scale32", BOOL, scale32), F("rounding_mode", ENUM, rounding_mode), F("per_channel", BOOL, per_channel),
    F("input_unsigned", BOOL, input_unsigned), F("output_unsigned", BOOL, output_unsigned)};
static const nnx_tfile_attr_field custom[] = {F("operator_name", STRING, operator_name),
                                              F("domain_name", STRING, domain_name),
                                              F("implementation_attrs", BYTES, implementation_attrs)};
static const nnx_tfile_attr_field cond_if[] = {F("then_graph", STRING, graph1), F("else_graph", STRING, graph2)};
static const nnx_tfile_attr_field while_loop[] = {F("cond_graph", STRING, graph1), F("body_graph", STRING, graph2)};
static const nnx_tfile_attr_field block_size[] = {F("block_size", ENUM, block_size)};
static const nnx_tfile_attr_field acc_only[] = {F("acc_type", ENUM, acc_type)};
static const nnx_tfile_attr_field broadcast[] = {F("allow_broadcast", BOOL, allow_broadcast)};

#define N(a) a, sizeof a / sizeof a[0]

static const struct {
    const nnx_tfile_attr_field *fields;
    unsigned n;
} members[NNX_TFILE_OP_COUNT] = {
    [1] = {N(argmax)},      /* ARGMAX */
    [2] = {N(avg_pool)},    /* AVG_POOL2D */
    [3] = {N(conv)},        /* CONV2D */
    [4] = {N(conv)},        /* CONV3D */
    [5] = {N(conv)},        /* DEPTHWISE_CONV2D */
    [6] = {N(fft)},         /* FFT2D */
    [8] = {N(max_pool)},    /* MAX_POOL2D */
    [9] = {N(rfft)},        /* RFFT2D */
    [10] = {N(tconv)},      /* TRANSPOSE_CONV2D */
    [11] = {N(clamp)},      /* CLAMP */
    [16] = {N(ars)},        /* ARITHMETIC_RIGHT_SHIFT */
    [26] = {N(nan_only)},   /* MAXIMUM */
    [27] = {N(nan_only)},   /* MINIMUM */
    [49] = {N(axis_only)},  /* REDUCE_ALL */
    [50] = {N(axis_only)},  /* REDUCE_ANY */
    [51] = {N(axis_nan)},   /* REDUCE_MAX */
    [52] = {N(axis_nan)},   /* REDUCE_MIN */
    [53] = {N(axis_only)},  /* REDUCE_PRODUCT */
    [54] = {N(axis_only)},  /* REDUCE_SUM */
    [55] = {N(axis_only)},  /* CONCAT */
    [58] = {N(axis_only)},  /* REVERSE */
    [61] = {N(transpose)},  /* TRANSPOSE */
    [64] = {N(resize)},     /* RESIZE */
    [66] = {N(rescale)},    /* RESCALE */
    [69] = {N(custom)},     /* CUSTOM */
    [70] = {N(cond_if)},    /* COND_IF */
    [71] = {N(while_loop)}, /* WHILE_LOOP */
    [76] = {N(block_size)}, /* MATMUL_T_BLOCK_SCALED */
    [77] = {N(block_size)}, /* CAST_FROM_BLOCK_SCALED */
    [78] = {N(block_size)}, /* CAST_TO_BLOCK_SCALED */
    [79] = {N(axis_only)},  /* DIM */
    [93] = {N(broadcast)},  /* ASSERT_EQUAL_SHAPE */
    [94] = {N(block_size)}, /* CONV2D_BLOCK_SCALED */
    [95] = {N(nan_only)},   /* MAX_POOL2D_ADAPTIVE */
    [96] = {N(acc_only)},   /* AVG_POOL2D_ADAPTIVE */
};

const nnx_tfile_attr_field *nnx_tfile_attr_fields(uint32_t tag, unsigned *n)
{
    if (tag >= NNX_TFILE_OP_COUNT) {
        *n = 0;
        return NULL;
    }
    *n = members[tag].n;
    return members[tag].fields;
}
