/* onnx_write.c — nnx_onnx_save (onnx.h): the live part of a core IR as one ONNX ModelProto
 * (onnx.proto, IR version 8, the default domain at opset 17). Graph inputs and outputs keep
 * their names, types and shapes; constants become initializers in raw_data (little-endian,
 * as onnx.proto requires), in an external data file for a model above 2 GiB
 * (onnx_write_external.c); every live node is written by the operator table of
 * onnx_write_ops.c in IR order, which is topological as GraphProto.node must be. */
#include "formats/onnx/onnx_write.h"
#include "base/checked.h"
#include "base/file.h"
#include "formats/onnx/onnx.h"
#include "ir/dtypes.h"
#include "ir/elem.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

bool nnx_onnx_w_oom(nnx_onnx_writer *W)
{
    nnx_error_set(W->err, NNX_ERROR_OUT_OF_MEMORY, "%s: error: out of memory writing ONNX", W->path);
    return false;
}

bool nnx_onnx_w_refuse(nnx_onnx_writer *W, const char *fmt, ...)
{
    char why[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    const nnx_node *n = W->cur;
    if (!n)
        nnx_error_set(W->err, NNX_ERROR_NOT_SUPPORTED, "%s: error: %s", W->path, why);
    else if (n->label[0])
        nnx_error_set(W->err, NNX_ERROR_NOT_SUPPORTED, "%s: error: core op '%s' (label '%.80s') has no ONNX form: %s",
                      W->path, nnx_op_table[n->op].name, n->label, why);
    else
        nnx_error_set(W->err, NNX_ERROR_NOT_SUPPORTED, "%s: error: core op '%s' has no ONNX form: %s", W->path,
                      nnx_op_table[n->op].name, why);
    return false;
}

/* onnx.proto TensorProto.DataType; the float 8, 4- and 2-bit types and int48 came after
 * opset 17 or were never ONNX's, so they have none here. */
int32_t nnx_onnx_w_elem_type(nnx_dtype dt)
{
    switch (dt) {
    case NNX_FLOAT32: return ONNX__TENSOR_PROTO__DATA_TYPE__FLOAT;
    case NNX_FLOAT16: return ONNX__TENSOR_PROTO__DATA_TYPE__FLOAT16;
    case NNX_BFLOAT16: return ONNX__TENSOR_PROTO__DATA_TYPE__BFLOAT16;
    case NNX_FLOAT64: return ONNX__TENSOR_PROTO__DATA_TYPE__DOUBLE;
    case NNX_INT8: return ONNX__TENSOR_PROTO__DATA_TYPE__INT8;
    case NNX_INT16: return ONNX__TENSOR_PROTO__DATA_TYPE__INT16;
    case NNX_INT32: return ONNX__TENSOR_PROTO__DATA_TYPE__INT32;
    case NNX_INT64: return ONNX__TENSOR_PROTO__DATA_TYPE__INT64;
    case NNX_UINT8: return ONNX__TENSOR_PROTO__DATA_TYPE__UINT8;
    case NNX_UINT16: return ONNX__TENSOR_PROTO__DATA_TYPE__UINT16;
    case NNX_UINT32: return ONNX__TENSOR_PROTO__DATA_TYPE__UINT32;
    case NNX_UINT64: return ONNX__TENSOR_PROTO__DATA_TYPE__UINT64;
    case NNX_BOOL: return ONNX__TENSOR_PROTO__DATA_TYPE__BOOL;
    default: return 0;
    }
}

static bool take_name(nnx_onnx_writer *W, const char *name)
{
    bool added = false;
    uintptr_t *slot = nnx_strmap_put(&W->names, name, &added);
    if (!slot)
        return nnx_onnx_w_oom(W);
    return added;
}

/* ONNX's sanitiser: a name is any non-empty text (ONNX IR
 * spec, "Names Within a Graph"), so hint stays as it is and only an empty one becomes "t";
 * then the first free of hint, hint_1, hint_2, ... */
const char *nnx_onnx_w_fresh(nnx_onnx_writer *W, const char *hint)
{
    if (!hint || !hint[0])
        hint = "t";
    size_t n;
    char *buf = nnx_add_size(strlen(hint), 24, &n) ? nnx_arena_alloc(&W->arena, n) : NULL;
    if (!buf) {
        nnx_onnx_w_oom(W);
        return NULL;
    }
    snprintf(buf, n, "%s", hint);
    size_t base = strlen(buf);
    for (uint32_t k = 1; nnx_strmap_get(&W->names, buf, NULL); k++)
        snprintf(buf + base, n - base, "_%u", k);
    if (!take_name(W, buf)) {
        nnx_onnx_w_oom(W);
        return NULL;
    }
    return buf;
}

static bool grow(nnx_onnx_writer *W, void **items, uint32_t *cap, uint32_t need, size_t elem)
{
    return nnx_mem_reserve(W->alloc, items, cap, need, elem) || nnx_onnx_w_oom(W);
}

static Onnx__TensorProto *new_tensor(nnx_onnx_writer *W, const char *name, const nnx_operand_desc *d)
{
    Onnx__TensorProto *t = nnx_arena_alloc(&W->arena, sizeof *t);
    int64_t *dims = nnx_arena_array(&W->arena, d->rank ? d->rank : 1, sizeof *dims);
    if (!t || !dims || !grow(W, (void **)&W->inits, &W->cap_inits, W->n_inits + 1, sizeof *W->inits)) {
        nnx_onnx_w_oom(W);
        return NULL;
    }
    onnx__tensor_proto__init(t);
    for (uint32_t i = 0; i < d->rank; i++)
        dims[i] = d->shape[i];
    t->n_dims = d->rank;
    t->dims = dims;
    t->has_data_type = 1;
    t->data_type = nnx_onnx_w_elem_type(d->dtype);
    t->name = (char *)name;
    W->inits[W->n_inits++] = t;
    return t;
}

const char *nnx_onnx_w_init(nnx_onnx_writer *W, const char *hint, const nnx_operand_desc *desc, const void *data)
{
    size_t bytes;
    if (!nnx_onnx_w_elem_type(desc->dtype)) {
        nnx_onnx_w_refuse(W, "a constant of %s, which ONNX opset %d has no type for", nnx_dtype_name(desc->dtype),
                          NNX_ONNX_WRITE_OPSET);
        return NULL;
    }
    if (!nnx_desc_bytes(desc, &bytes)) {
        nnx_onnx_w_refuse(W, "a constant too large to write");
        return NULL;
    }
    const char *name = nnx_onnx_w_fresh(W, hint);
    Onnx__TensorProto *t = name ? new_tensor(W, name, desc) : NULL;
    if (!t)
        return NULL;
    /* raw_data: fixed-width little-endian elements, bool one byte each (onnx.proto); nnx
     * holds its elements that way on the little-endian hosts it runs on. */
    t->has_raw_data = 1;
    t->raw_data.len = bytes;
    t->raw_data.data = (uint8_t *)data;
    return name;
}

const int64_t nnx_onnx_to_nchw[4] = {0, 3, 1, 2}, nnx_onnx_to_nhwc[4] = {0, 2, 3, 1};

const char *nnx_onnx_w_transpose(nnx_onnx_writer *W, const char *x, const int64_t *perm, const char *out)
{
    if (!x || !out)
        return NULL;
    Onnx__NodeProto *t = nnx_onnx_w_node(W, "Transpose", &x, 1, &out, 1);
    return t && nnx_onnx_w_attr_ints(W, t, "perm", perm, 4) ? out : NULL;
}

const char *nnx_onnx_w_i64s(nnx_onnx_writer *W, const char *hint, const int64_t *v, uint32_t n)
{
    nnx_operand_desc d = {.dtype = NNX_INT64, .rank = 1, .shape = {n}};
    void *copy = nnx_arena_memdup(&W->arena, v, n ? n * sizeof *v : 1);
    if (!copy) {
        nnx_onnx_w_oom(W);
        return NULL;
    }
    return nnx_onnx_w_init(W, hint, &d, copy);
}

const char *nnx_onnx_w_scalar(nnx_onnx_writer *W, const char *hint, nnx_dtype dt, double x, int64_t i)
{
    nnx_operand_desc d = {.dtype = dt, .rank = 0};
    void *p = nnx_arena_alloc(&W->arena, 8);
    if (!p) {
        nnx_onnx_w_oom(W);
        return NULL;
    }
    if (nnx_dtype_is_float(dt))
        nnx_store_f(dt, p, 0, x);
    else
        nnx_store_i(dt, p, 0, i);
    return nnx_onnx_w_init(W, hint, &d, p);
}

const char *nnx_onnx_w_in(nnx_onnx_writer *W, uint32_t v)
{
    if (W->vname[v])
        return W->vname[v];
    const nnx_value *val = &W->ir->values[v];
    if (val->kind != NNX_VALUE_CONSTANT) {
        nnx_onnx_w_refuse(W, "value %u is read before it is written", v);
        return NULL;
    }
    /* the source's weight name where the IR kept one, else one from the reading node */
    char hint[128];
    const char *label = W->cur && W->cur->label[0] ? W->cur->label : "const";
    snprintf(hint, sizeof hint, "%.100s_c%u", label, v);
    W->vname[v] = nnx_onnx_w_init(W, val->name && val->name[0] ? val->name : hint, &val->desc, val->data);
    if (W->vname[v])
        nnx_ir_report_rename(W->renames, NNX_NAME_WEIGHT, val->name, W->vname[v]);
    return W->vname[v];
}

const char *nnx_onnx_w_out(nnx_onnx_writer *W, uint32_t v)
{
    if (W->vname[v])
        return W->vname[v];
    /* the source's name of the tensor where the IR kept one, else the node's label */
    const char *source = W->ir->values[v].name;
    char hint[128];
    if (W->cur && W->cur->label[0])
        snprintf(hint, sizeof hint, "%.120s", W->cur->label);
    else
        snprintf(hint, sizeof hint, "t%u", v);
    W->vname[v] = nnx_onnx_w_fresh(W, source && source[0] ? source : hint);
    if (W->vname[v])
        nnx_ir_report_rename(W->renames, NNX_NAME_TENSOR, source, W->vname[v]);
    return W->vname[v];
}

static char *dup_or_empty(nnx_onnx_writer *W, const char *s) { return nnx_arena_strdup(&W->arena, s ? s : ""); }

Onnx__NodeProto *nnx_onnx_w_node(nnx_onnx_writer *W, const char *op_type, const char *const *in, uint32_t n_in,
                                 const char *const *out, uint32_t n_out)
{
    for (uint32_t i = 0; i < n_in; i++)
        if (!in[i])
            return NULL; /* an earlier helper failed and set the error */
    for (uint32_t i = 0; i < n_out; i++)
        if (!out[i])
            return NULL;
    Onnx__NodeProto *n = nnx_arena_alloc(&W->arena, sizeof *n);
    char **ins = nnx_arena_array(&W->arena, n_in ? n_in : 1, sizeof *ins);
    char **outs = nnx_arena_array(&W->arena, n_out ? n_out : 1, sizeof *outs);
    if (!n || !ins || !outs || !grow(W, (void **)&W->nodes, &W->cap_nodes, W->n_nodes + 1, sizeof *W->nodes)) {
        nnx_onnx_w_oom(W);
        return NULL;
    }
    onnx__node_proto__init(n);
    for (uint32_t i = 0; i < n_in; i++)
        ins[i] = (char *)in[i];
    for (uint32_t i = 0; i < n_out; i++)
        outs[i] = (char *)out[i];
    n->n_input = n_in;
    n->input = ins;
    n->n_output = n_out;
    n->output = outs;
    n->op_type = (char *)op_type;
    n->name = n_out ? (char *)out[0] : NULL; /* unique, as output names are */
    W->nodes[W->n_nodes++] = n;
    return n;
}

static Onnx__AttributeProto *new_attr(nnx_onnx_writer *W, Onnx__NodeProto *n, const char *name,
                                      Onnx__AttributeProto__AttributeType type)
{
    Onnx__AttributeProto *a = nnx_arena_alloc(&W->arena, sizeof *a);
    Onnx__AttributeProto **v = nnx_arena_array(&W->arena, n->n_attribute + 1, sizeof *v);
    if (!a || !v) {
        nnx_onnx_w_oom(W);
        return NULL;
    }
    onnx__attribute_proto__init(a);
    a->name = (char *)name;
    a->has_type = 1;
    a->type = type;
    if (n->n_attribute)
        memcpy(v, n->attribute, n->n_attribute * sizeof *v);
    v[n->n_attribute++] = a;
    n->attribute = v;
    return a;
}

bool nnx_onnx_w_attr_i(nnx_onnx_writer *W, Onnx__NodeProto *n, const char *name, int64_t v)
{
    Onnx__AttributeProto *a = n ? new_attr(W, n, name, ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__INT) : NULL;
    if (!a)
        return false;
    a->has_i = 1;
    a->i = v;
    return true;
}

bool nnx_onnx_w_attr_f(nnx_onnx_writer *W, Onnx__NodeProto *n, const char *name, float v)
{
    Onnx__AttributeProto *a = n ? new_attr(W, n, name, ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__FLOAT) : NULL;
    if (!a)
        return false;
    a->has_f = 1;
    a->f = v;
    return true;
}

bool nnx_onnx_w_attr_s(nnx_onnx_writer *W, Onnx__NodeProto *n, const char *name, const char *v)
{
    Onnx__AttributeProto *a = n ? new_attr(W, n, name, ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__STRING) : NULL;
    if (!a)
        return false;
    a->has_s = 1;
    a->s.len = strlen(v);
    a->s.data = (uint8_t *)v;
    return true;
}

bool nnx_onnx_w_attr_g(nnx_onnx_writer *W, Onnx__NodeProto *n, const char *name, Onnx__GraphProto *g)
{
    Onnx__AttributeProto *a = n ? new_attr(W, n, name, ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__GRAPH) : NULL;
    if (!a)
        return false;
    a->g = g;
    return true;
}

bool nnx_onnx_w_attr_ints(nnx_onnx_writer *W, Onnx__NodeProto *n, const char *name, const int64_t *v, uint32_t k)
{
    Onnx__AttributeProto *a = n ? new_attr(W, n, name, ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__INTS) : NULL;
    int64_t *copy = a ? nnx_arena_memdup(&W->arena, v, k ? k * sizeof *v : 1) : NULL;
    if (!copy)
        return a ? nnx_onnx_w_oom(W) : false;
    a->n_ints = k;
    a->ints = copy;
    return true;
}

/* A graph input or output: its name, elem_type and every extent as dim_value. */
Onnx__ValueInfoProto *nnx_onnx_w_value_info(nnx_onnx_writer *W, const char *name, const nnx_operand_desc *d,
                                            const char *what)
{
    int32_t et = nnx_onnx_w_elem_type(d->dtype);
    if (!et) {
        nnx_onnx_w_refuse(W, "graph %s '%s' is %s, which ONNX opset %d has no type for", what, name,
                          nnx_dtype_name(d->dtype), NNX_ONNX_WRITE_OPSET);
        return NULL;
    }
    nnx_arena *A = &W->arena;
    Onnx__ValueInfoProto *vi = nnx_arena_alloc(A, sizeof *vi);
    Onnx__TypeProto *tp = nnx_arena_alloc(A, sizeof *tp);
    Onnx__TypeProto__Tensor *tt = nnx_arena_alloc(A, sizeof *tt);
    Onnx__TensorShapeProto *sh = nnx_arena_alloc(A, sizeof *sh);
    Onnx__TensorShapeProto__Dimension **dims = nnx_arena_array(A, d->rank ? d->rank : 1, sizeof *dims);
    if (!vi || !tp || !tt || !sh || !dims) {
        nnx_onnx_w_oom(W);
        return NULL;
    }
    onnx__value_info_proto__init(vi);
    onnx__type_proto__init(tp);
    onnx__type_proto__tensor__init(tt);
    onnx__tensor_shape_proto__init(sh);
    for (uint32_t i = 0; i < d->rank; i++) {
        if (!(dims[i] = nnx_arena_alloc(A, sizeof *dims[i]))) {
            nnx_onnx_w_oom(W);
            return NULL;
        }
        onnx__tensor_shape_proto__dimension__init(dims[i]);
        dims[i]->value_case = ONNX__TENSOR_SHAPE_PROTO__DIMENSION__VALUE_DIM_VALUE;
        dims[i]->dim_value = d->shape[i];
    }
    sh->n_dim = d->rank;
    sh->dim = dims;
    tt->has_elem_type = 1;
    tt->elem_type = et;
    tt->shape = sh;
    tp->value_case = ONNX__TYPE_PROTO__VALUE_TENSOR_TYPE;
    tp->tensor_type = tt;
    vi->name = (char *)name;
    vi->type = tp;
    return vi;
}

/* Names: the graph inputs' first (they must be distinct), then each output's for the node
 * value it is (the first output naming a value wins; the others get an Identity later). */
static bool reserve_names(nnx_onnx_writer *W, const uint32_t *inputs, const char *const *input_names, uint32_t n_inputs,
                          const uint32_t *outputs, const char *const *output_names, uint32_t n_outputs)
{
    for (uint32_t i = 0; i < n_inputs; i++) {
        char *s = dup_or_empty(W, input_names[i]);
        if (!s)
            return nnx_onnx_w_oom(W);
        if (!s[0] || nnx_strmap_get(&W->names, s, NULL)) {
            nnx_error_set(W->err, NNX_ERROR_INVALID_ARGUMENT, "%s: error: graph input %u has %s name '%s'", W->path, i,
                          s[0] ? "the repeated" : "an empty", s);
            return false;
        }
        if (!take_name(W, s) && W->err->status != NNX_OK)
            return false;
        W->vname[inputs[i]] = s;
    }
    for (uint32_t k = 0; k < n_outputs; k++) {
        uint32_t v = outputs[k];
        const char *name = output_names[k];
        if (W->ir->values[v].kind != NNX_VALUE_NODE || W->vname[v] || !name || !name[0] ||
            nnx_strmap_get(&W->names, name, NULL))
            continue;
        char *s = dup_or_empty(W, name);
        if (!s || (!take_name(W, s) && W->err->status != NNX_OK))
            return nnx_onnx_w_oom(W);
        W->vname[v] = s;
    }
    return true;
}

static nnx_status write_model(nnx_onnx_writer *W, const uint32_t *inputs, const char *const *input_names,
                              uint32_t n_inputs, const uint32_t *outputs, const char *const *output_names,
                              uint32_t n_outputs)
{
    const nnx_ir *ir = W->ir;
    bool *node_live = nnx_mem_calloc(W->alloc, ir->n_nodes ? ir->n_nodes : 1, sizeof *node_live);
    bool *value_live = nnx_mem_calloc(W->alloc, ir->n_values ? ir->n_values : 1, sizeof *value_live);
    Onnx__ValueInfoProto **gin = nnx_arena_array(&W->arena, n_inputs ? n_inputs : 1, sizeof *gin);
    Onnx__ValueInfoProto **gout = nnx_arena_array(&W->arena, n_outputs ? n_outputs : 1, sizeof *gout);
    uint8_t *buf = NULL;
    nnx_onnx_external x = {0}; /* the weights' file, when the model needs one */
    nnx_status st = NNX_OK;
    if (!node_live || !value_live || !gin || !gout) {
        nnx_onnx_w_oom(W);
        goto done;
    }
    if (ir->n_updates) {
        nnx_onnx_w_refuse(W, "the graph updates %u variable%s after each run, which ONNX graphs cannot", ir->n_updates,
                          ir->n_updates == 1 ? "" : "s");
        goto done;
    }
    nnx_ir_mark_live(ir, outputs, n_outputs, node_live, value_live);
    if (!reserve_names(W, inputs, input_names, n_inputs, outputs, output_names, n_outputs))
        goto done;
    for (uint32_t i = 0; i < n_inputs; i++)
        if (!(gin[i] = nnx_onnx_w_value_info(W, W->vname[inputs[i]], &ir->values[inputs[i]].desc, "input")))
            goto done;
    for (uint32_t i = 0; i < ir->n_nodes; i++) {
        if (!node_live[i])
            continue;
        W->cur = &ir->nodes[i];
        if (!nnx_onnx_w_op(W, W->cur))
            goto done;
    }
    W->cur = NULL;
    /* Outputs whose value is not named by them (an input, a constant, a value given twice or
     * a name already taken) are an Identity of that value. */
    for (uint32_t k = 0; k < n_outputs; k++) {
        uint32_t v = outputs[k];
        const char *want = output_names[k] && output_names[k][0] ? output_names[k] : "output";
        const char *have = nnx_onnx_w_in(W, v);
        if (!have)
            goto done;
        const char *name = have;
        if (strcmp(have, want) != 0 || ir->values[v].kind != NNX_VALUE_NODE) {
            bool dup = false;
            for (uint32_t j = 0; j < k; j++)
                dup = dup || strcmp(gout[j]->name, have) == 0;
            if (strcmp(have, want) != 0 || dup || ir->values[v].kind == NNX_VALUE_CONSTANT) {
                const char *o = nnx_onnx_w_fresh(W, want);
                if (!nnx_onnx_w_node(W, "Identity", &have, 1, &o, 1))
                    goto done;
                name = o;
            }
        }
        if (!(gout[k] = nnx_onnx_w_value_info(W, name, &ir->values[v].desc, "output")))
            goto done;
    }

    Onnx__GraphProto g = ONNX__GRAPH_PROTO__INIT;
    g.name = "nnx";
    g.n_node = W->n_nodes;
    g.node = W->nodes;
    g.n_initializer = W->n_inits;
    g.initializer = W->inits;
    g.n_input = n_inputs;
    g.input = gin;
    g.n_output = n_outputs;
    g.output = gout;
    Onnx__OperatorSetIdProto opset = ONNX__OPERATOR_SET_ID_PROTO__INIT, *opsets[1] = {&opset};
    opset.domain = "";
    opset.has_version = 1;
    opset.version = NNX_ONNX_WRITE_OPSET;
    Onnx__ModelProto m = ONNX__MODEL_PROTO__INIT;
    m.has_ir_version = 1;
    m.ir_version = NNX_ONNX_WRITE_IR_VERSION;
    m.producer_name = "nnx";
    m.n_opset_import = 1;
    m.opset_import = opsets;
    m.graph = &g;
    size_t size = onnx__model_proto__get_packed_size(&m);
    /* Protocol buffers cannot hold a message of 2 GiB or more: larger weights go to an
     * external data file (onnx.proto TensorProto.external_data), written with the model as
     * one output, the data first so that the model never names missing bytes. */
    if (size > W->inline_max) {
        if (nnx_onnx_w_externalize(W, &x) != NNX_OK)
            goto done;
        size = onnx__model_proto__get_packed_size(&m);
    }
    if (size > (size_t)INT32_MAX) {
        nnx_onnx_w_refuse(W, "the model needs %zu bytes without its weights, beyond protobuf's 2 GiB", size);
        goto done;
    }
    if (!(buf = nnx_mem_alloc(W->alloc, size ? size : 1))) {
        nnx_onnx_w_oom(W);
        goto done;
    }
    onnx__model_proto__pack(&m, buf);
    nnx_file_part parts[2] = {{x.path, x.data, x.len}, {W->path, buf, size}};
    st = x.path ? nnx_file_write_atomic_all(parts, 2, W->err) : nnx_file_write_atomic(W->path, buf, size, W->err);
done:
    nnx_mem_free(W->alloc, x.data);
    nnx_mem_free(W->alloc, buf);
    nnx_mem_free(W->alloc, node_live);
    nnx_mem_free(W->alloc, value_live);
    return W->err->status != NNX_OK ? W->err->status : st;
}

nnx_status nnx_onnx_save(const nnx_ir *ir, const uint32_t *inputs, const char *const *input_names, uint32_t n_inputs,
                         const uint32_t *outputs, const char *const *output_names, uint32_t n_outputs, const char *path,
                         const nnx_ir_model_options *options, const nnx_alloc *alloc, nnx_error *err)
{
    return nnx_onnx_save_inline_max(ir, inputs, input_names, n_inputs, outputs, output_names, n_outputs, path, options,
                                    (size_t)INT32_MAX, alloc, err);
}

nnx_status nnx_onnx_save_inline_max(const nnx_ir *ir, const uint32_t *inputs, const char *const *input_names,
                                    uint32_t n_inputs, const uint32_t *outputs, const char *const *output_names,
                                    uint32_t n_outputs, const char *path, const nnx_ir_model_options *options,
                                    size_t inline_max, const nnx_alloc *alloc, nnx_error *err)
{
    nnx_onnx_writer W = {.ir = ir,
                         .alloc = alloc,
                         .err = err,
                         .path = path,
                         .inline_max = inline_max,
                         .renames = options ? options->renames : NULL};
    nnx_arena_init(&W.arena, alloc);
    nnx_strmap_init(&W.names, alloc, false);
    W.vname = nnx_mem_calloc(alloc, ir->n_values ? ir->n_values : 1, sizeof *W.vname);
    nnx_status st = W.vname ? write_model(&W, inputs, input_names, n_inputs, outputs, output_names, n_outputs)
                            : (nnx_onnx_w_oom(&W), err->status);
    nnx_mem_free(alloc, W.vname);
    nnx_mem_free(alloc, W.nodes);
    nnx_mem_free(alloc, W.inits);
    nnx_strmap_free(&W.names);
    nnx_arena_free(&W.arena);
    return st;
}
