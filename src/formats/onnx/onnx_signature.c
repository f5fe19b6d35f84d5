/* onnx_signature.c — graph inputs with symbolic or unknown dimensions (ONNX IR spec, "Static
 * tensor shapes": dim_param, or a dimension with no value): extents bound by the dimension's
 * name (nnx_dim_binding), and a model given no shape for them, whose signature (inputs and
 * outputs with each dimension's name, the operator list, the weights) the loader keeps,
 * leaving its nodes until shapes are bound. */
#include "formats/onnx/onnx_internal.h"

#include <string.h>

#define NAME_MAX_BYTES 64 /* a symbol longer than this is cut (it only labels the dimension) */

/* A copy of dim's symbol in the model's arena ("?" when it has none); NULL: out of memory. */
static const char *symbol_of(ox *c, const Onnx__TensorShapeProto__Dimension *dim)
{
    if (dim->value_case != ONNX__TENSOR_SHAPE_PROTO__DIMENSION__VALUE_DIM_PARAM || !dim->dim_param ||
        !dim->dim_param[0])
        return "?";
    size_t len = strnlen(dim->dim_param, NAME_MAX_BYTES);
    char *s = nnx_arena_alloc(&c->ir->arena, len + 1);
    if (s) {
        memcpy(s, dim->dim_param, len);
        s[len] = 0;
    }
    return s;
}

/* The names table of n tensors (NNX_MAX_RANK per tensor, all NULL); NULL: out of memory. */
static const char **names_table(ox *c, size_t n)
{
    return nnx_arena_array(&c->ir->arena, (n ? n : 1) * NNX_MAX_RANK, sizeof(const char *));
}

nnx_status nnx_onnx_unbound_dim(ox *c, const Onnx__TensorShapeProto__Dimension *dim, uint32_t input, uint32_t axis)
{
    nnx_ir_model *m = c->m;
    if (!m->input_dims) {
        size_t n = c->main_graph ? c->main_graph->n_input : 0;
        if (!(m->input_dims = names_table(c, n)))
            return NNX_ERROR_OUT_OF_MEMORY;
    }
    const char *s = symbol_of(c, dim);
    if (!s)
        return NNX_ERROR_OUT_OF_MEMORY;
    m->input_dims[(size_t)input * NNX_MAX_RANK + axis] = s;
    m->unbound = true;
    return NNX_OK;
}

/* The declared type of graph output i into m (an unknown or oversized rank reads as 0). */
static nnx_status declare_output(ox *c, const Onnx__ValueInfoProto *vi, uint32_t i)
{
    nnx_ir_model *m = c->m;
    nnx_operand_desc *d = &m->declared_outputs[i];
    const Onnx__TypeProto *tp = vi->type;
    if (!tp || tp->value_case != ONNX__TYPE_PROTO__VALUE_TENSOR_TYPE || !tp->tensor_type)
        return NNX_OK;
    const Onnx__TypeProto__Tensor *tt = tp->tensor_type;
    d->dtype = nnx_onnx_dtype(tt->elem_type);
    if (!tt->shape || tt->shape->n_dim > NNX_MAX_RANK)
        return NNX_OK;
    d->rank = (uint32_t)tt->shape->n_dim;
    for (uint32_t k = 0; k < d->rank; k++) {
        const Onnx__TensorShapeProto__Dimension *dim = tt->shape->dim[k];
        if (dim->value_case == ONNX__TENSOR_SHAPE_PROTO__DIMENSION__VALUE_DIM_VALUE && dim->dim_value >= 0 &&
            dim->dim_value <= UINT32_MAX) {
            d->shape[k] = (uint32_t)dim->dim_value;
            continue;
        }
        if (nnx_onnx_named_extent(c, dim, &d->shape[k]))
            continue; /* bound by name for the inputs too */
        if (!m->output_dims && !(m->output_dims = names_table(c, m->n_outputs)))
            return NNX_ERROR_OUT_OF_MEMORY;
        if (!(m->output_dims[(size_t)i * NNX_MAX_RANK + k] = symbol_of(c, dim)))
            return NNX_ERROR_OUT_OF_MEMORY;
    }
    return NNX_OK;
}

nnx_status nnx_onnx_declare_unbound(ox *c, const Onnx__GraphProto *g, nnx_error *err)
{
    nnx_ir_model *m = c->m;
    size_t n_out = g->n_output ? g->n_output : 1;
    m->op_names = nnx_arena_array(&c->ir->arena, g->n_node ? g->n_node : 1, sizeof *m->op_names);
    m->outputs = nnx_arena_array(&c->ir->arena, n_out, sizeof *m->outputs);
    m->output_names = nnx_arena_array(&c->ir->arena, n_out, sizeof *m->output_names);
    m->declared_outputs = nnx_arena_array(&c->ir->arena, n_out, sizeof *m->declared_outputs);
    if (!m->op_names || !m->outputs || !m->output_names || !m->declared_outputs)
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    for (size_t i = 0; i < g->n_node; i++) /* unknown ones only in a structure-only load */
        if (!(m->op_names[m->n_ops++] = ox_node_op_name(c, g->node[i])))
            return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    if (!g->n_output)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "%s: error: the graph has no outputs", c->path);
    m->n_outputs = (uint32_t)g->n_output;
    for (uint32_t i = 0; i < m->n_outputs; i++) {
        const char *name = g->output[i]->name ? g->output[i]->name : "";
        m->outputs[i] = NNX_NONE;
        m->output_names[i] = nnx_arena_strdup(&c->ir->arena, name);
        if (!m->output_names[i] || declare_output(c, g->output[i], i) != NNX_OK)
            return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    }
    return NNX_OK;
}

bool nnx_onnx_named_extent(ox *c, const Onnx__TensorShapeProto__Dimension *dim, uint32_t *extent)
{
    if (dim->value_case != ONNX__TENSOR_SHAPE_PROTO__DIMENSION__VALUE_DIM_PARAM || !dim->dim_param)
        return false;
    for (uint32_t k = 0; k < c->options->dim_count; k++) {
        const nnx_dim_binding *b = &c->options->dims[k];
        if (b->name && strcmp(b->name, dim->dim_param) == 0) {
            *extent = b->extent;
            if (k < 64)
                c->dims_used |= 1ull << k;
            return true;
        }
    }
    return false;
}

nnx_status nnx_onnx_check_dim_names(ox *c, nnx_error *err)
{
    const nnx_ir_model_options *o = c->options;
    for (uint32_t k = 0; k < o->dim_count; k++) {
        const char *name = o->dims[k].name;
        if (!name || !name[0])
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "%s: error: named dimension %u has no name", c->path,
                                 k);
        for (uint32_t j = 0; j < k; j++)
            if (o->dims[j].name && strcmp(o->dims[j].name, name) == 0)
                return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                                     "%s: error: two extents are given for dimension '%s'", c->path, name);
        if (k >= 64)
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "%s: error: more than 64 named dimensions given",
                                 c->path);
        if (!(c->dims_used & (1ull << k)))
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                                 "%s: error: an extent is given for dimension '%s', but no graph input has a "
                                 "dimension of that name left open",
                                 c->path, name);
    }
    return NNX_OK;
}
