/* test_builder_errors_quantize.c: negative tests of the WebNN quantizeLinear and
 * dequantizeLinear method steps (webnn-index-07d09bb.bs #api-mlgraphbuilder-quantizelinear,
 * #api-mlgraphbuilder-dequantizelinear; blockwise broadcasting). One row per TypeError (and
 * the built-builder InvalidStateError): status, message prefix and a distinctive substring. */
#include "builder_errors_fixture.h"

#define I8 NNX_INT8
#define I16 NNX_INT16
#define I64 NNX_INT64
#define NOT_ACCEPTED "which this operation does not accept"

static nnx_status op_done(fx *f, nnx_operand *result)
{
    f->result = result;
    return nnx_builder_status(f->b);
}

static nnx_status q(fx *f, nnx_operand *x, nnx_operand *s, nnx_operand *z)
{
    return op_done(f, nnx_builder_quantize_linear(f->b, x, s, z, NULL));
}
static nnx_status dq(fx *f, nnx_operand *x, nnx_operand *s, nnx_operand *z)
{
    return op_done(f, nnx_builder_dequantize_linear(f->b, x, s, z, NULL));
}

/* ------------------------------------------------------------------ state and operands */

static nnx_status q_built(fx *f)
{
    nnx_operand *x = spend_builder(f);
    return q(f, x, x, x);
}
static nnx_status dq_built(fx *f)
{
    nnx_operand *x = spend_builder(f);
    return dq(f, x, x, x);
}
static nnx_status q_null_input(fx *f) { return q(f, NULL, X(F32, 1), X(U8, 1)); }
static nnx_status q_null_scale(fx *f) { return q(f, X(F32, 2), NULL, X(U8, 1)); }
static nnx_status q_null_zero_point(fx *f) { return q(f, X(F32, 2), X(F32, 1), NULL); }
static nnx_status q_scale_other_builder(fx *f) { return q(f, X(F32, 2), X2(F32, 1), X(U8, 1)); }
static nnx_status dq_zero_point_other_builder(fx *f) { return dq(f, X(U8, 2), X(F32, 1), X2(U8, 1)); }
static nnx_status q_label(fx *f)
{
    nnx_operator_options o = {.label = "qz"};
    return op_done(f, nnx_builder_quantize_linear(f->b, X(I32, 2), X(F32, 1), X(U8, 1), &o));
}

/* ------------------------------------------------------------------ quantizeLinear types */

static nnx_status q_input_int(fx *f) { return q(f, X(I32, 2), X(F32, 1), X(U8, 1)); }
static nnx_status q_scale_int(fx *f) { return q(f, X(F32, 2), X(I32, 1), X(U8, 1)); }
static nnx_status q_scale_type_differs(fx *f) { return q(f, X(F32, 2), X(F16, 1), X(U8, 1)); }
static nnx_status q_zero_point_float(fx *f) { return q(f, X(F32, 2), X(F32, 1), X(F32, 1)); }
static nnx_status q_zero_point_int16(fx *f) { return q(f, X(F32, 2), X(F32, 1), X(I16, 1)); }
static nnx_status q_zero_point_int64(fx *f) { return q(f, X(F32, 2), X(F32, 1), X(I64, 1)); }
static nnx_status q_zero_point_bool(fx *f) { return q(f, X(F32, 2), X(F32, 1), X(NNX_BOOL, 1)); }

/* ------------------------------------------------------------------ dequantizeLinear types */

static nnx_status dq_input_float(fx *f) { return dq(f, X(F32, 2), X(F32, 1), X(F32, 1)); }
static nnx_status dq_input_int64(fx *f) { return dq(f, X(I64, 2), X(F32, 1), X(I64, 1)); }
static nnx_status dq_scale_int(fx *f) { return dq(f, X(I8, 2), X(I8, 1), X(I8, 1)); }
static nnx_status dq_zero_point_float(fx *f) { return dq(f, X(I8, 2), X(F32, 1), X(F32, 1)); }
static nnx_status dq_zero_point_type_differs(fx *f) { return dq(f, X(I8, 2), X(F32, 1), X(U8, 1)); }

/* ------------------------------------------------------------------ ranks and shapes */

static nnx_status q_scale_rank(fx *f) { return q(f, X(F32, 2, 3), X(F32, 3), X(U8, 1, 3)); }
static nnx_status q_zero_point_rank(fx *f) { return q(f, X(F32, 2, 3), X(F32, 1, 3), X(U8, 3)); }
static nnx_status q_scalar_scale_for_tensor(fx *f) { return q(f, X(F32, 4), XS(F32), XS(U8)); }
static nnx_status q_shapes_differ(fx *f) { return q(f, X(F32, 4, 6), X(F32, 2, 3), X(U8, 2, 2)); }
static nnx_status q_not_blockwise(fx *f) { return q(f, X(F32, 4, 6), X(F32, 4, 4), X(U8, 4, 4)); }
static nnx_status q_block_larger(fx *f) { return q(f, X(F32, 2, 6), X(F32, 4, 6), X(U8, 4, 6)); }
static nnx_status dq_scale_rank(fx *f) { return dq(f, X(U8, 2, 3), X(F32, 2, 3, 1), X(U8, 2, 3, 1)); }
static nnx_status dq_shapes_differ(fx *f) { return dq(f, X(I8, 6), X(F32, 3), X(I8, 2)); }
static nnx_status dq_not_blockwise(fx *f) { return dq(f, X(I32, 2, 9), X(F32, 1, 4), X(I32, 1, 4)); }

static err_case rows[] = {
    OP("q_built", q_built, IS, "quantizeLinear", "already built"),
    OP("dq_built", dq_built, IS, "dequantizeLinear", "already built"),
    OP("q_null_input", q_null_input, IA, "quantizeLinear", "input is NULL"),
    OP("q_null_scale", q_null_scale, IA, "quantizeLinear", "scale is NULL"),
    OP("q_null_zero_point", q_null_zero_point, IA, "quantizeLinear", "zeroPoint is NULL"),
    OP("q_scale_other_builder", q_scale_other_builder, IA, "quantizeLinear", "scale belongs to another builder"),
    OP("dq_zero_point_other_builder", dq_zero_point_other_builder, IA, "dequantizeLinear",
       "zeroPoint belongs to another builder"),
    OP("q_label", q_label, IA, "quantizeLinear 'qz'", "input has data type int32, " NOT_ACCEPTED),
    OP("q_input_int", q_input_int, IA, "quantizeLinear", "input has data type int32, " NOT_ACCEPTED),
    OP("q_scale_int", q_scale_int, IA, "quantizeLinear", "scale has data type int32, " NOT_ACCEPTED),
    OP("q_scale_type_differs", q_scale_type_differs, IA, "quantizeLinear",
       "scale has data type float16, it must be the input's (float32)"),
    OP("q_zero_point_float", q_zero_point_float, IA, "quantizeLinear",
       "zeroPoint has data type float32, " NOT_ACCEPTED),
    OP("q_zero_point_int16", q_zero_point_int16, IA, "quantizeLinear", "zeroPoint has data type int16, " NOT_ACCEPTED),
    OP("q_zero_point_int64", q_zero_point_int64, IA, "quantizeLinear", "zeroPoint has data type int64, " NOT_ACCEPTED),
    OP("q_zero_point_bool", q_zero_point_bool, IA, "quantizeLinear", "zeroPoint has data type bool, " NOT_ACCEPTED),
    OP("dq_input_float", dq_input_float, IA, "dequantizeLinear", "input has data type float32, " NOT_ACCEPTED),
    OP("dq_input_int64", dq_input_int64, IA, "dequantizeLinear", "input has data type int64, " NOT_ACCEPTED),
    OP("dq_scale_int", dq_scale_int, IA, "dequantizeLinear", "scale has data type int8, " NOT_ACCEPTED),
    OP("dq_zero_point_float", dq_zero_point_float, IA, "dequantizeLinear",
       "zeroPoint has data type float32, " NOT_ACCEPTED),
    OP("dq_zero_point_type_differs", dq_zero_point_type_differs, IA, "dequantizeLinear",
       "zeroPoint has data type uint8, it must be the input's (int8)"),
    OP("q_scale_rank", q_scale_rank, IA, "quantizeLinear",
       "scale (rank 1) and zeroPoint (rank 2) must have the "
       "input's rank 2"),
    OP("q_zero_point_rank", q_zero_point_rank, IA, "quantizeLinear", "zeroPoint (rank 1) must have the input's rank"),
    OP("q_scalar_scale_for_tensor", q_scalar_scale_for_tensor, IA, "quantizeLinear",
       "scale (rank 0) and zeroPoint (rank 0) must have the input's rank 1"),
    OP("q_shapes_differ", q_shapes_differ, IA, "quantizeLinear",
       "scale shape float32[2,3] and zeroPoint shape "
       "uint8[2,2] differ"),
    OP("q_not_blockwise", q_not_blockwise, IA, "quantizeLinear",
       "is not blockwise broadcastable to input shape "
       "float32[4,6] (dimension 1: 4 does not divide 6)"),
    OP("q_block_larger", q_block_larger, IA, "quantizeLinear", "(dimension 0: 4 does not divide 2)"),
    OP("dq_scale_rank", dq_scale_rank, IA, "dequantizeLinear", "must have the input's rank 2"),
    OP("dq_shapes_differ", dq_shapes_differ, IA, "dequantizeLinear", "differ"),
    OP("dq_not_blockwise", dq_not_blockwise, IA, "dequantizeLinear", "(dimension 1: 4 does not divide 9)"),
};

int main(void) { return run_error_tests("builder_errors_quantize", rows, sizeof rows / sizeof rows[0], NULL, 0); }
