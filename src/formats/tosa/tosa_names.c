/* tosa_names.c — names of the `.tosa` schema's numbers: Op (0 UNKNOWN, 1..75 TOSA 1.0 in
 * nnx_tosa_op's numbering, 76..96 appended by schema 1.1), DType, the member tables of the
 * union `Attribute` (tag t is the table of Op t), and finding a basic block by name. */
#include "formats/tosa/tosa_file.h"

#include <string.h>

static const char *const op_names[NNX_TFILE_OP_COUNT] = {
    "UNKNOWN", "ARGMAX", "AVG_POOL2D", "CONV2D", "CONV3D", "DEPTHWISE_CONV2D", "FFT2D", "MATMUL", "MAX_POOL2D",
    "RFFT2D", "TRANSPOSE_CONV2D", "CLAMP", "ERF", "SIGMOID", "TANH", "ADD", "ARITHMETIC_RIGHT_SHIFT", "BITWISE_AND",
    "BITWISE_OR", "BITWISE_XOR", "INTDIV", "LOGICAL_AND", "LOGICAL_LEFT_SHIFT", "LOGICAL_RIGHT_SHIFT", "LOGICAL_OR",
    "LOGICAL_XOR", "MAXIMUM", "MINIMUM", "MUL", "POW", "SUB", "TABLE", "ABS", "BITWISE_NOT", "CEIL", "CLZ", "COS",
    "EXP", "FLOOR", "LOG", "LOGICAL_NOT", "NEGATE", "RECIPROCAL", "RSQRT", "SIN", "SELECT", "EQUAL", "GREATER",
    "GREATER_EQUAL", "REDUCE_ALL", "REDUCE_ANY", "REDUCE_MAX", "REDUCE_MIN", "REDUCE_PRODUCT", "REDUCE_SUM", "CONCAT",
    "PAD", "RESHAPE", "REVERSE", "SLICE", "TILE", "TRANSPOSE", "GATHER", "SCATTER", "RESIZE", "CAST", "RESCALE",
    "CONST", "IDENTITY", "CUSTOM", "COND_IF", "WHILE_LOOP", "VARIABLE", "VARIABLE_WRITE", "VARIABLE_READ",
    "CONST_SHAPE",
    /* schema 1.1 */
    "MATMUL_T_BLOCK_SCALED", "CAST_FROM_BLOCK_SCALED", "CAST_TO_BLOCK_SCALED", "DIM", "CONCAT_SHAPE", "ADD_SHAPE",
    "SUB_SHAPE", "MUL_SHAPE", "SLICE_SHAPE", "EXP2_SHAPE", "LOG2_CEIL_SHAPE", "LOG2_FLOOR_SHAPE", "MAX_SHAPE",
    "MIN_SHAPE", "MOD_SHAPE", "DIV_CEIL_SHAPE", "DIV_FLOOR_SHAPE", "ASSERT_EQUAL_SHAPE", "CONV2D_BLOCK_SCALED",
    "MAX_POOL2D_ADAPTIVE", "AVG_POOL2D_ADAPTIVE"};

static const char *const attr_names[NNX_TFILE_OP_COUNT] = {
    "NONE", "ArgMaxAttribute", "AvgPool2dAttribute", "Conv2dAttribute", "Conv3dAttribute", "DepthwiseConv2dAttribute",
    "FFT2dAttribute", "MatMulAttribute", "MaxPool2dAttribute", "RFFT2dAttribute", "TransposeConv2dAttribute",
    "ClampAttribute", "ErfAttribute", "SigmoidAttribute", "TanhAttribute", "AddAttribute",
    "ArithmeticRightShiftAttribute", "BitwiseAndAttribute", "BitwiseOrAttribute", "BitwiseXorAttribute",
    "IntDivAttribute", "LogicalAndAttribute", "LogicalLeftShiftAttribute", "LogicalRightShiftAttribute",
    "LogicalOrAttribute", "LogicalXorAttribute", "MaximumAttribute", "MinimumAttribute", "MulAttribute", "PowAttribute",
    "SubAttribute", "TableAttribute", "AbsAttribute", "BitwiseNotAttribute", "CeilAttribute", "ClzAttribute",
    "CosAttribute", "ExpAttribute", "FloorAttribute", "LogAttribute", "LogicalNotAttribute", "NegateAttribute",
    "ReciprocalAttribute", "RsqrtAttribute", "SinAttribute", "SelectAttribute", "EqualAttribute", "GreaterAttribute",
    "GreaterEqualAttribute", "ReduceAllAttribute", "ReduceAnyAttribute", "ReduceMaxAttribute", "ReduceMinAttribute",
    "ReduceProductAttribute", "ReduceSumAttribute", "ConcatAttribute", "PadAttribute", "ReshapeAttribute",
    "ReverseAttribute", "SliceAttribute", "TileAttribute", "TransposeAttribute", "GatherAttribute", "ScatterAttribute",
    "ResizeAttribute", "CastAttribute", "RescaleAttribute", "ConstAttribute", "IdentityAttribute", "CustomAttribute",
    "CondIfAttribute", "WhileLoopAttribute", "VariableAttribute", "VariableWriteAttribute", "VariableReadAttribute",
    "ConstShapeAttribute",
    /* schema 1.1 */
    "MatMulTBlockScaledAttribute", "CastFromBlockScaledAttribute", "CastToBlockScaledAttribute", "DimAttribute",
    "ConcatShapeAttribute", "AddShapeAttribute", "SubShapeAttribute", "MulShapeAttribute", "SliceShapeAttribute",
    "Exp2ShapeAttribute", "Log2CeilShapeAttribute", "Log2FloorShapeAttribute", "MaxShapeAttribute", "MinShapeAttribute",
    "ModShapeAttribute", "DivCeilShapeAttribute", "DivFloorShapeAttribute", "AssertEqualShapeAttribute",
    "Conv2dBlockScaledAttribute", "MaxPool2dAdaptiveAttribute", "AvgPool2dAdaptiveAttribute"};

static const char *const dtype_names[NNX_TFILE_DTYPE_COUNT] = {
    "UNKNOWN", "BOOL",    "INT4",    "INT8",    "INT16",   "INT32",   "INT48",    "FP32",  "FP16",  "BF16",
    "SHAPE",   "FP8E4M3", "FP8E5M2", "FP6E2M3", "FP6E3M2", "FP4E2M1", "FP8UE8M0", "INT64", "MXINT8"};

_Static_assert(sizeof op_names / sizeof op_names[0] == NNX_TFILE_OP_COUNT, "one name per Op");
_Static_assert(sizeof attr_names / sizeof attr_names[0] == NNX_TFILE_OP_COUNT, "one table per Op");

const char *nnx_tfile_op_name(uint32_t op) { return op < NNX_TFILE_OP_COUNT ? op_names[op] : NULL; }
const char *nnx_tfile_dtype_name(uint32_t dtype) { return dtype < NNX_TFILE_DTYPE_COUNT ? dtype_names[dtype] : NULL; }
const char *nnx_tfile_attr_table_name(uint32_t tag) { return tag < NNX_TFILE_OP_COUNT ? attr_names[tag] : NULL; }

const nnx_tfile_block *nnx_tfile_find_block(const nnx_tfile_region *r, const char *name)
{
    if (!r || !name)
        return NULL;
    for (uint32_t i = 0; i < r->n_blocks; i++)
        if (r->blocks[i].name && strcmp(r->blocks[i].name, name) == 0)
            return &r->blocks[i];
    return NULL;
}
