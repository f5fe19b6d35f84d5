/* test_onnx_narrow_casts.c — the ONNX operators that produce the types added after ONNX 1.12,
 * on the attributes and cases the backend node data leaves out: Cast with saturate = 0 and
 * each fp8e8m0 round_mode (an unknown one refused), Cast to int4 rounding half to even and
 * keeping the low bits, QuantizeLinear with output_dtype and no zero point (float 8 and
 * uint4, saturate = 0), DequantizeLinear with an output_dtype other than the scale's, and a
 * zero point that disagrees with output_dtype. One-node models built in memory. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/alloc.h"
#include "base/float_convert.h"
#include "formats/onnx/onnx.h"
#include "runtime/plan.h"

#include "onnx.pb-c.h"

enum { T_FLOAT = 1, T_INT8 = 3, T_FLOAT16 = 10, T_FLOAT8E4M3FN = 17, T_UINT4 = 21, T_INT4 = 22, T_FLOAT8E8M0 = 24 };

/* x float32[N] (a graph input) -> OP(x, initializers...) -> y */
typedef struct model {
    Onnx__ModelProto m;
    Onnx__GraphProto g;
    Onnx__OperatorSetIdProto opset, *opsets[1];
    Onnx__NodeProto node, *nodes[1];
    Onnx__AttributeProto attrs[3], *attr_ptrs[3];
    Onnx__TensorProto inits[2], *init_ptrs[2];
    int64_t init_dims[2][1];
    Onnx__ValueInfoProto in, out, *ins[1], *outs[1];
    Onnx__TypeProto type;
    Onnx__TypeProto__Tensor ttype;
    Onnx__TensorShapeProto shape;
    Onnx__TensorShapeProto__Dimension dim, *dims[1];
    char *node_in[3], *node_out[1];
} model;

enum { N = 6 };

static void init(model *b, const char *op, int32_t x_type)
{
    memset(b, 0, sizeof *b);
    onnx__model_proto__init(&b->m);
    onnx__graph_proto__init(&b->g);
    onnx__operator_set_id_proto__init(&b->opset);
    b->opset.domain = "";
    b->opset.has_version = 1;
    b->opset.version = 25;
    b->opsets[0] = &b->opset;
    b->m.opset_import = b->opsets;
    b->m.n_opset_import = 1;
    b->m.has_ir_version = 1;
    b->m.ir_version = 11;
    b->m.graph = &b->g;
    b->g.name = "g";
    onnx__value_info_proto__init(&b->in);
    onnx__type_proto__init(&b->type);
    onnx__type_proto__tensor__init(&b->ttype);
    onnx__tensor_shape_proto__init(&b->shape);
    onnx__tensor_shape_proto__dimension__init(&b->dim);
    b->dim.value_case = ONNX__TENSOR_SHAPE_PROTO__DIMENSION__VALUE_DIM_VALUE;
    b->dim.dim_value = N;
    b->dims[0] = &b->dim;
    b->shape.dim = b->dims;
    b->shape.n_dim = 1;
    b->ttype.has_elem_type = 1;
    b->ttype.elem_type = x_type;
    b->ttype.shape = &b->shape;
    b->type.value_case = ONNX__TYPE_PROTO__VALUE_TENSOR_TYPE;
    b->type.tensor_type = &b->ttype;
    b->in.name = "x";
    b->in.type = &b->type;
    b->ins[0] = &b->in;
    b->g.input = b->ins;
    b->g.n_input = 1;
    onnx__value_info_proto__init(&b->out);
    b->out.name = "y";
    b->outs[0] = &b->out;
    b->g.output = b->outs;
    b->g.n_output = 1;
    onnx__node_proto__init(&b->node);
    b->node.op_type = (char *)op;
    b->node_in[0] = "x";
    b->node.input = b->node_in;
    b->node.n_input = 1;
    b->node_out[0] = "y";
    b->node.output = b->node_out;
    b->node.n_output = 1;
    b->nodes[0] = &b->node;
    b->g.node = b->nodes;
    b->g.n_node = 1;
}

static void attr_i(model *b, const char *name, int64_t v)
{
    Onnx__AttributeProto *a = &b->attrs[b->node.n_attribute];
    onnx__attribute_proto__init(a);
    a->name = (char *)name;
    a->has_type = 1;
    a->type = ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__INT;
    a->has_i = 1;
    a->i = v;
    b->attr_ptrs[b->node.n_attribute++] = a;
    b->node.attribute = b->attr_ptrs;
}

static void attr_s(model *b, const char *name, const char *v)
{
    Onnx__AttributeProto *a = &b->attrs[b->node.n_attribute];
    onnx__attribute_proto__init(a);
    a->name = (char *)name;
    a->has_type = 1;
    a->type = ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__STRING;
    a->has_s = 1;
    a->s.data = (uint8_t *)v;
    a->s.len = strlen(v);
    b->attr_ptrs[b->node.n_attribute++] = a;
    b->node.attribute = b->attr_ptrs;
}

/* A one-element initializer of type dt (raw bytes) as the node's next input. */
static void param(model *b, const char *name, int32_t dt, const void *bytes, size_t len)
{
    size_t k = b->g.n_initializer++;
    Onnx__TensorProto *t = &b->inits[k];
    onnx__tensor_proto__init(t);
    t->name = (char *)name;
    b->init_dims[k][0] = 1;
    t->dims = b->init_dims[k];
    t->n_dims = 1;
    t->has_data_type = 1;
    t->data_type = dt;
    t->has_raw_data = 1;
    t->raw_data.data = (uint8_t *)bytes;
    t->raw_data.len = len;
    b->init_ptrs[k] = t;
    b->g.initializer = b->init_ptrs;
    b->node_in[b->node.n_input++] = (char *)name;
}

/* Loads and runs b on x; the output's dtype into *dt and its bytes into y. */
static nnx_status run(model *b, const void *x, nnx_dtype *dt, void *y, size_t y_size, nnx_error *err)
{
    size_t len = onnx__model_proto__get_packed_size(&b->m);
    uint8_t *buf = malloc(len);
    assert_non_null(buf);
    onnx__model_proto__pack(&b->m, buf);
    nnx_alloc alloc;
    nnx_alloc_init(&alloc, NULL);
    nnx_ir_model m;
    nnx_ir_model_init(&m, &alloc, "onnx");
    memset(err, 0, sizeof *err);
    nnx_status st = nnx_onnx_load_buffer(buf, len, "t.onnx", NULL, NULL, NULL, 0, &m, err);
    free(buf);
    if (st == NNX_OK) {
        nnx_plan plan = {0};
        assert_int_equal(nnx_plan_compile(&plan, &m.ir, m.outputs, m.n_outputs, err), NNX_OK);
        nnx_exec *e = nnx_exec_create(&plan, err);
        assert_non_null(e);
        e->buffers[m.inputs[0]] = (void *)x;
        assert_int_equal(nnx_plan_run(&plan, e, err), NNX_OK);
        const nnx_operand_desc *d = &m.ir.values[m.outputs[0]].desc;
        *dt = d->dtype;
        assert_int_equal(nnx_dtype_size(d->dtype) * N, y_size);
        memcpy(y, e->buffers[m.outputs[0]], y_size);
        e->buffers[m.inputs[0]] = NULL;
        nnx_exec_destroy(&plan, e);
        nnx_plan_free(&plan);
    }
    nnx_ir_model_free(&m);
    return st;
}

static const float X[N] = {500.0f, -INFINITY, 1e-9f, -2.5f, 9.4f, 0.3f};

static void test_cast_saturate(void **state)
{
    (void)state;
    model b;
    nnx_error err;
    nnx_dtype dt;
    uint8_t y[N];
    init(&b, "Cast", T_FLOAT);
    attr_i(&b, "to", T_FLOAT8E4M3FN);
    assert_int_equal(run(&b, X, &dt, y, N, &err), NNX_OK);
    assert_int_equal(dt, NNX_FP8E4M3);
    assert_int_equal(y[0], 0x7E); /* saturate = 1 by default: 448 */
    assert_int_equal(y[1], 0xFE);
    attr_i(&b, "saturate", 0);
    assert_int_equal(run(&b, X, &dt, y, N, &err), NNX_OK);
    assert_int_equal(y[0], 0x7F); /* NaN */
    assert_int_equal(y[1], 0xFF); /* -NaN */
    assert_int_equal(y[2], 0x00);
    assert_int_equal(y[3], nnx_f64_to_fp8e4m3(-2.5));
}

static void test_cast_e8m0_round_modes(void **state)
{
    (void)state;
    model b;
    nnx_error err;
    nnx_dtype dt;
    uint8_t y[N];
    static const struct {
        const char *mode;
        uint8_t at_9_4, at_0_3;
    } rows[] = {{"up", 127 + 4, 127 - 1}, {"down", 127 + 3, 127 - 2}, {"nearest", 127 + 3, 127 - 2}};
    for (size_t k = 0; k < 3; k++) {
        init(&b, "Cast", T_FLOAT);
        attr_i(&b, "to", T_FLOAT8E8M0);
        attr_s(&b, "round_mode", rows[k].mode);
        assert_int_equal(run(&b, X, &dt, y, N, &err), NNX_OK);
        assert_int_equal(dt, NNX_FP8E8M0);
        assert_int_equal(y[4], rows[k].at_9_4);
        assert_int_equal(y[5], rows[k].at_0_3);
        assert_int_equal(y[0], k == 1 ? 127 + 8 : 127 + 9); /* 500: 256 or 512 (nearest: 500 >= 384) */
        assert_int_equal(y[1], 254);                        /* -inf: saturated (the magnitude) */
    }
    init(&b, "Cast", T_FLOAT);
    attr_i(&b, "to", T_FLOAT8E8M0);
    attr_s(&b, "round_mode", "even");
    assert_int_equal(run(&b, X, &dt, y, N, &err), NNX_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(err.message, "round_mode 'even' is not up, down or nearest"));
}

/* ONNX's int4 document: round to nearest even, then keep the low 4 bits. */
static void test_cast_int4_wraps(void **state)
{
    (void)state;
    model b;
    nnx_error err;
    nnx_dtype dt;
    int8_t y[N];
    init(&b, "Cast", T_FLOAT);
    attr_i(&b, "to", T_INT4);
    const float x[N] = {2.5f, 9.4f, -9.0f, 3.5f, -8.0f, 7.0f};
    assert_int_equal(run(&b, x, &dt, y, N, &err), NNX_OK);
    assert_int_equal(dt, NNX_INT4);
    static const int8_t want[N] = {2, -7, 7, 4, -8, 7};
    assert_memory_equal(y, want, N);
}

static void test_quantize_output_dtype(void **state)
{
    (void)state;
    model b;
    nnx_error err;
    nnx_dtype dt;
    uint8_t y[N];
    static const float two = 2.0f;
    init(&b, "QuantizeLinear", T_FLOAT);
    param(&b, "s", T_FLOAT, &two, 4);
    attr_i(&b, "output_dtype", T_FLOAT8E4M3FN);
    attr_i(&b, "saturate", 0);
    assert_int_equal(run(&b, X, &dt, y, N, &err), NNX_OK);
    assert_int_equal(dt, NNX_FP8E4M3);
    assert_int_equal(y[0], 0x78); /* 500 / 2 = 250: between 240 and 256, nearer 256 */
    assert_int_equal(y[1], 0xFF); /* -inf, not saturated: -NaN */
    assert_int_equal(y[3], nnx_f64_to_fp8e4m3(-1.25));

    init(&b, "QuantizeLinear", T_FLOAT);
    param(&b, "s", T_FLOAT, &two, 4);
    attr_i(&b, "output_dtype", T_UINT4);
    assert_int_equal(run(&b, X, &dt, y, N, &err), NNX_OK);
    assert_int_equal(dt, NNX_UINT4);
    static const uint8_t want[N] = {15, 0, 0, 0, 5, 0}; /* 9.4 / 2 = 4.7 -> 5; 0.15 -> 0 */
    assert_memory_equal(y, want, N);

    static const uint8_t zp = 3; /* int8 zero point, uint4 output_dtype: the types disagree */
    init(&b, "QuantizeLinear", T_FLOAT);
    param(&b, "s", T_FLOAT, &two, 4);
    param(&b, "z", T_INT8, &zp, 1);
    attr_i(&b, "output_dtype", T_UINT4);
    assert_int_equal(run(&b, X, &dt, y, N, &err), NNX_ERROR_INVALID_ARGUMENT);
    assert_non_null(strstr(err.message, "output_dtype uint4 differs from the zero point's type int8"));
}

/* (x - zp) * scale rounded once to output_dtype (float16 here, the scale float32). */
static void test_dequantize_output_dtype(void **state)
{
    (void)state;
    model b;
    nnx_error err;
    nnx_dtype dt;
    uint16_t y[N];
    static const float scale = 1.0f / 3.0f;
    static const int8_t zp = -1;
    init(&b, "DequantizeLinear", T_INT8);
    param(&b, "s", T_FLOAT, &scale, 4);
    param(&b, "z", T_INT8, &zp, 1);
    attr_i(&b, "output_dtype", T_FLOAT16);
    const int8_t x[N] = {-128, 127, 0, 1, 2, -1};
    assert_int_equal(run(&b, x, &dt, y, sizeof y, &err), NNX_OK);
    assert_int_equal(dt, NNX_FLOAT16);
    for (int i = 0; i < N; i++)
        assert_int_equal(y[i], nnx_f64_to_f16((x[i] + 1) * (double)scale));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cast_saturate),           cmocka_unit_test(test_cast_e8m0_round_modes),
        cmocka_unit_test(test_cast_int4_wraps),         cmocka_unit_test(test_quantize_output_dtype),
        cmocka_unit_test(test_dequantize_output_dtype),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
