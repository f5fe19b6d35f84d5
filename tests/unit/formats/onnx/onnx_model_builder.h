/* onnx_model_builder.h — ONNX models built in memory with the protoc-c structures, for the
 * loader tests: a graph of up to MB_MAXN nodes, inputs and outputs, held in one struct (no
 * allocation; everything points into it). Include after <cmocka.h> and "onnx.pb-c.h"; each
 * test adds its own attribute and initializer helpers over the arrays kept here. */
#ifndef NNX_TEST_ONNX_MODEL_BUILDER_H
#define NNX_TEST_ONNX_MODEL_BUILDER_H

#include <string.h>

#define MB_MAXN 8

typedef struct mb {
    Onnx__ModelProto model;
    Onnx__GraphProto graph;
    Onnx__OperatorSetIdProto opsets[2], *opset_ptrs[2]; /* the default domain, ai.onnx.ml */
    Onnx__NodeProto nodes[MB_MAXN], *node_ptrs[MB_MAXN];
    Onnx__AttributeProto attrs[MB_MAXN][MB_MAXN], *attr_ptrs[MB_MAXN][MB_MAXN]; /* per node */
    Onnx__TensorProto inits[MB_MAXN], *init_ptrs[MB_MAXN];
    Onnx__ValueInfoProto ins[MB_MAXN], outs[MB_MAXN], *in_ptrs[MB_MAXN], *out_ptrs[MB_MAXN];
    Onnx__TypeProto types[2 * MB_MAXN];
    Onnx__TypeProto__Tensor ttypes[2 * MB_MAXN];
    Onnx__TensorShapeProto shapes[2 * MB_MAXN];
    Onnx__TensorShapeProto__Dimension dims[2 * MB_MAXN][4], *dim_ptrs[2 * MB_MAXN][4];
    int64_t tdims[MB_MAXN][4];                         /* the initializers' dims */
    Onnx__StringStringEntryProto ext[3], *ext_ptrs[3]; /* one initializer's external_data */
    ProtobufCBinaryData strs[MB_MAXN][MB_MAXN];        /* a row for each strings attribute */
    unsigned n_types, n_strs;
    char path[64]; /* where a test saved the model, if it did */
} mb;

/* An empty model importing the default domain at opset (and ai.onnx.ml at ml_opset, if not 0). */
static inline void mb_init(mb *b, int64_t opset, int64_t ml_opset)
{
    memset(b, 0, sizeof *b);
    onnx__model_proto__init(&b->model);
    onnx__graph_proto__init(&b->graph);
    for (int i = 0; i < 2; i++) {
        onnx__operator_set_id_proto__init(&b->opsets[i]);
        b->opsets[i].has_version = 1;
        b->opset_ptrs[i] = &b->opsets[i];
    }
    b->opsets[0].domain = "";
    b->opsets[0].version = opset;
    b->opsets[1].domain = "ai.onnx.ml";
    b->opsets[1].version = ml_opset;
    b->model.n_opset_import = ml_opset ? 2 : 1;
    b->model.opset_import = b->opset_ptrs;
    b->model.has_ir_version = 1;
    b->model.ir_version = 8;
    b->model.graph = &b->graph;
    b->graph.name = "g";
}

/* v as a tensor of element type elem (onnx.proto DataType) named name: with shape[rank]
 * (dimension 0 named dim_param when it is not NULL), or with no shape when shape is NULL. */
static inline Onnx__ValueInfoProto *mb_value(mb *b, Onnx__ValueInfoProto *v, const char *name, int32_t elem,
                                             const int64_t *shape, unsigned rank, const char *dim_param)
{
    onnx__value_info_proto__init(v);
    unsigned t = b->n_types++;
    onnx__type_proto__init(&b->types[t]);
    onnx__type_proto__tensor__init(&b->ttypes[t]);
    b->ttypes[t].has_elem_type = 1;
    b->ttypes[t].elem_type = elem;
    if (shape) {
        onnx__tensor_shape_proto__init(&b->shapes[t]);
        for (unsigned i = 0; i < rank; i++) {
            Onnx__TensorShapeProto__Dimension *d = &b->dims[t][i];
            onnx__tensor_shape_proto__dimension__init(d);
            if (dim_param && i == 0) {
                d->value_case = ONNX__TENSOR_SHAPE_PROTO__DIMENSION__VALUE_DIM_PARAM;
                d->dim_param = (char *)dim_param;
            } else {
                d->value_case = ONNX__TENSOR_SHAPE_PROTO__DIMENSION__VALUE_DIM_VALUE;
                d->dim_value = shape[i];
            }
            b->dim_ptrs[t][i] = d;
        }
        b->shapes[t].n_dim = rank;
        b->shapes[t].dim = b->dim_ptrs[t];
        b->ttypes[t].shape = &b->shapes[t];
    }
    b->types[t].value_case = ONNX__TYPE_PROTO__VALUE_TENSOR_TYPE;
    b->types[t].tensor_type = &b->ttypes[t];
    v->name = (char *)name;
    v->type = &b->types[t];
    return v;
}

/* A graph input (mb_value's arguments). */
static inline void mb_input(mb *b, const char *name, int32_t elem, const int64_t *shape, unsigned rank)
{
    size_t k = b->graph.n_input++;
    b->in_ptrs[k] = mb_value(b, &b->ins[k], name, elem, shape, rank, NULL);
    b->graph.input = b->in_ptrs;
}

/* A graph output named without a type. */
static inline void output(mb *b, const char *name)
{
    size_t k = b->graph.n_output++;
    onnx__value_info_proto__init(&b->outs[k]);
    b->outs[k].name = (char *)name;
    b->out_ptrs[k] = &b->outs[k];
    b->graph.output = b->out_ptrs;
}

/* A node op(in[n_in]) -> out[n_out]; the name arrays are the caller's. */
static inline Onnx__NodeProto *node(mb *b, const char *op, char **in, size_t n_in, char **out, size_t n_out)
{
    size_t k = b->graph.n_node++;
    Onnx__NodeProto *n = &b->nodes[k];
    onnx__node_proto__init(n);
    n->op_type = (char *)op;
    n->input = in;
    n->n_input = n_in;
    n->output = out;
    n->n_output = n_out;
    b->node_ptrs[k] = n;
    b->graph.node = b->node_ptrs;
    return n;
}

/* A new attribute `name` of node n (its type and value are the caller's to set). */
static inline Onnx__AttributeProto *mb_attr(mb *b, Onnx__NodeProto *n, const char *name)
{
    size_t k = (size_t)(n - b->nodes), j = n->n_attribute++;
    Onnx__AttributeProto *a = &b->attrs[k][j];
    onnx__attribute_proto__init(a);
    a->name = (char *)name;
    b->attr_ptrs[k][j] = a;
    n->attribute = b->attr_ptrs[k];
    return a;
}

/* An int attribute `name` = v of node n. */
static inline void mb_attr_i(mb *b, Onnx__NodeProto *n, const char *name, int64_t v)
{
    Onnx__AttributeProto *a = mb_attr(b, n, name);
    a->has_i = 1;
    a->i = v;
    a->has_type = 1;
    a->type = ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__INT;
}

#endif
