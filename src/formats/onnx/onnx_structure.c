/* onnx_structure.c — what the ONNX loader keeps to describe a model rather than run it: on a
 * structure-only load (NNX_MODEL_STRUCTURE_ONLY) the nodes it cannot lower (an unknown
 * operator or domain, an attribute value nnx does not support), listed with their reasons,
 * and the values computed from them, whose shapes are unknown; on every load that maps the
 * main graph, the graph's own nodes and tensors (formats/ir_model.h, nnx_ir_source_graph),
 * which `nnx dot` draws with the ONNX node names and operators. */
#include "formats/onnx/onnx_internal.h"

#include <stdio.h>
#include <string.h>

static bool default_domain(const char *d) { return !d || !d[0] || strcmp(d, "ai.onnx") == 0; }

const char *ox_node_op_name(ox *c, const Onnx__NodeProto *n)
{
    bool other;
    const ox_op *op = nnx_onnx_node_op(n, &other);
    if (op)
        return op->name;
    return nnx_arena_strdup(&c->ir->arena, n->op_type && n->op_type[0] ? n->op_type : "?");
}

/* The first operator of g (or of a graph nested in it, OX_MAX_DEPTH deep at most) that nnx
 * does not know at c's opset, else NULL. */
static const char *unknown_in(const ox *c, const Onnx__GraphProto *g, unsigned depth)
{
    for (size_t i = 0; g && depth <= OX_MAX_DEPTH && i < g->n_node; i++) {
        const Onnx__NodeProto *n = g->node[i];
        bool other;
        const ox_op *op = nnx_onnx_node_op(n, &other);
        if (!op || (!other && c->opset < op->since))
            return n->op_type && n->op_type[0] ? n->op_type : "(no op_type)";
        for (size_t a = 0; a < n->n_attribute; a++) {
            const char *u = unknown_in(c, n->attribute[a]->g, depth + 1);
            for (size_t k = 0; !u && k < n->attribute[a]->n_graphs; k++)
                u = unknown_in(c, n->attribute[a]->graphs[k], depth + 1);
            if (u)
                return u;
        }
    }
    return NULL;
}

/* Why node n cannot be lowered whatever its inputs, into why[size]; false when it can be tried. */
static bool unknown_reason(const ox *c, const Onnx__NodeProto *n, char *why, size_t size)
{
    bool other;
    const ox_op *op = nnx_onnx_node_op(n, &other);
    if (!n->op_type || !n->op_type[0])
        snprintf(why, size, "the node has no op_type");
    else if (!op && default_domain(n->domain))
        snprintf(why, size, "unknown operator (opset %lld)", (long long)c->opset);
    else if (!op)
        snprintf(why, size, "unknown operator (domain %.100s)", n->domain);
    else if (!other && c->opset < op->since)
        snprintf(why, size, "not supported at opset %lld (nnx reads it from opset %d)", (long long)c->opset,
                 (int)op->since);
    else {
        const char *u = NULL;
        for (size_t a = 0; !u && a < n->n_attribute; a++) {
            u = unknown_in(c, n->attribute[a]->g, 1);
            for (size_t k = 0; !u && k < n->attribute[a]->n_graphs; k++)
                u = unknown_in(c, n->attribute[a]->graphs[k], 1);
        }
        if (!u)
            return false;
        snprintf(why, size, "a sub-graph uses the unknown operator %.100s", u);
    }
    return true;
}

nnx_status ox_structure_begin(ox *c, const Onnx__GraphProto *g, nnx_error *err)
{
    if (!c->options->structure_only || !g)
        return NNX_OK;
    const nnx_alloc *a = c->ir->alloc;
    c->structure = true;
    c->node_state = nnx_mem_calloc(a, g->n_node + 1, sizeof *c->node_state);
    c->node_why = nnx_mem_calloc(a, g->n_node + 1, sizeof *c->node_why);
    if (!c->node_state || !c->node_why)
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    for (size_t i = 0; i < g->n_node; i++) {
        char why[256];
        if (!unknown_reason(c, g->node[i], why, sizeof why))
            continue;
        if (!(c->node_why[i] = nnx_arena_strdup(&c->ir->arena, why)))
            return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
        c->node_state[i] = OX_NODE_UNSUPPORTED;
        c->n_bad++;
        c->no_cut = true;
    }
    return NNX_OK;
}

void ox_structure_free(ox *c)
{
    nnx_mem_free(c->ir->alloc, c->node_state);
    nnx_mem_free(c->ir->alloc, c->node_why);
    c->node_state = NULL;
    c->node_why = NULL;
}

static const char *label_of(const Onnx__NodeProto *n)
{
    return n->name && n->name[0] ? n->name : n->n_output && n->output[0] ? n->output[0] : "";
}

/* Every output of node n reads as unknown. */
static nnx_status poison_outputs(ox *c, const Onnx__NodeProto *n)
{
    for (size_t k = 0; k < n->n_output; k++) {
        if (!n->output[k] || !n->output[k][0])
            continue;
        uintptr_t *v = nnx_strmap_put(&c->values, n->output[k], NULL);
        if (!v)
            return NNX_ERROR_OUT_OF_MEMORY;
        *v = OX_UNKNOWN;
    }
    return NNX_OK;
}

nnx_status ox_structure_skip(ox *c, const Onnx__GraphProto *g, size_t i, bool *skip, nnx_error *err)
{
    const Onnx__NodeProto *n = g->node[i];
    const char *t = n->op_type ? n->op_type : "";
    *skip = false;
    for (size_t k = 0; k < n->n_input; k++) {
        uintptr_t v;
        if (!n->input[k] || !n->input[k][0])
            continue;
        if (!nnx_strmap_get(&c->values, n->input[k], &v))
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                                 "%s: error: node '%s' (%s): input %zu '%s' is not defined before it is used", c->path,
                                 label_of(n), t, k, n->input[k]);
        if (v == OX_UNKNOWN && c->node_state[i] == OX_NODE_LOWERED)
            c->node_state[i] = OX_NODE_AFTER;
    }
    if (c->node_state[i] == OX_NODE_LOWERED)
        return NNX_OK;
    for (size_t k = 0; k < n->n_output; k++) {
        uintptr_t v;
        if (n->output[k] && n->output[k][0] && nnx_strmap_get(&c->values, n->output[k], &v))
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                                 "%s: error: node '%s' (%s): output %zu '%s' is already defined (a graph is in SSA "
                                 "form)",
                                 c->path, label_of(n), t, k, n->output[k]);
    }
    *skip = true;
    return poison_outputs(c, n) == NNX_OK ? NNX_OK : nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
}

nnx_status ox_structure_failed(ox *c, const Onnx__GraphProto *g, size_t i, nnx_status st)
{
    bool over_limit = c->ir->max_nodes && c->ir->n_nodes >= c->ir->max_nodes; /* max_operations: not the node's */
    if (st == NNX_ERROR_OUT_OF_MEMORY || over_limit ||
        (st != NNX_ERROR_NOT_SUPPORTED && !c->missed && !c->read_unknown))
        return st;
    if (c->read_unknown || c->missed) { /* after an unsupported node, or needs run-time values */
        c->node_state[i] = OX_NODE_AFTER;
    } else {
        if (!(c->node_why[i] = nnx_arena_strdup(&c->ir->arena, c->nerr.message)))
            return NNX_ERROR_OUT_OF_MEMORY;
        c->node_state[i] = OX_NODE_UNSUPPORTED;
        c->n_bad++;
    }
    return poison_outputs(c, g->node[i]);
}

nnx_status ox_unknown_output(ox *c, const Onnx__ValueInfoProto *vi, size_t total, nnx_error *err)
{
    nnx_ir_model *m = c->m;
    if (!m->declared_outputs &&
        !(m->declared_outputs = nnx_arena_array(&c->ir->arena, total ? total : 1, sizeof *m->declared_outputs)))
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    uint32_t i = m->n_outputs;
    const Onnx__TypeProto *tp = vi->type;
    m->declared_outputs[i] = (nnx_operand_desc){0};
    if (tp && tp->value_case == ONNX__TYPE_PROTO__VALUE_TENSOR_TYPE && tp->tensor_type)
        m->declared_outputs[i].dtype = nnx_onnx_dtype(tp->tensor_type->elem_type);
    m->outputs[i] = NNX_NONE;
    if (!(m->output_names[i] = nnx_arena_strdup(&c->ir->arena, vi->name ? vi->name : "")))
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    m->n_outputs++;
    return NNX_OK;
}

/* ---------------------------------------------------------------- the source graph */

typedef struct src_builder {
    ox *c;
    nnx_strmap index; /* tensor name -> index into tensors */
    nnx_ir_source_tensor *tensors;
    uint32_t n, cap;
} src_builder;

/* The index of tensor `name` ("" : NNX_NONE), added with what the value table knows of it. */
static nnx_status tensor_of(src_builder *b, const char *name, uint32_t *index)
{
    *index = NNX_NONE;
    if (!name || !name[0])
        return NNX_OK;
    bool added;
    uintptr_t *slot = nnx_strmap_put(&b->index, name, &added);
    if (!slot)
        return NNX_ERROR_OUT_OF_MEMORY;
    if (!added) {
        *index = (uint32_t)*slot;
        return NNX_OK;
    }
    if (b->n == b->cap) {
        uint32_t cap = b->cap ? 2 * b->cap : 64;
        nnx_ir_source_tensor *t = nnx_arena_array(&b->c->ir->arena, cap, sizeof *t);
        if (!t || cap < b->cap)
            return NNX_ERROR_OUT_OF_MEMORY;
        if (b->n)
            memcpy(t, b->tensors, (size_t)b->n * sizeof *t);
        b->tensors = t;
        b->cap = cap;
    }
    nnx_ir_source_tensor *t = &b->tensors[b->n];
    memset(t, 0, sizeof *t);
    if (!(t->name = nnx_arena_strdup(&b->c->ir->arena, name)))
        return NNX_ERROR_OUT_OF_MEMORY;
    uintptr_t id;
    if (nnx_strmap_get(&b->c->values, name, &id) && !ox_is_seq((uint32_t)id) && id < b->c->ir->n_values) {
        t->desc = b->c->ir->values[id].desc;
        t->known = true;
    }
    *slot = b->n;
    *index = b->n++;
    return NNX_OK;
}

/* names[n] as tensor indices in a new arena array. */
static nnx_status tensor_list(src_builder *b, char **names, size_t n, const uint32_t **out)
{
    uint32_t *list = nnx_arena_array(&b->c->ir->arena, n ? n : 1, sizeof *list);
    if (!list)
        return NNX_ERROR_OUT_OF_MEMORY;
    for (size_t k = 0; k < n; k++) {
        nnx_status st = tensor_of(b, names[k], &list[k]);
        if (st != NNX_OK)
            return st;
    }
    *out = list;
    return NNX_OK;
}

static nnx_status build_source(src_builder *b, const Onnx__GraphProto *g, nnx_ir_source_graph *sg)
{
    ox *c = b->c;
    nnx_arena *arena = &c->ir->arena;
    nnx_ir_source_node *nodes = nnx_arena_array(arena, g->n_node ? g->n_node : 1, sizeof *nodes);
    uint32_t *inputs = nnx_arena_array(arena, g->n_input ? g->n_input : 1, sizeof *inputs);
    uint32_t *outputs = nnx_arena_array(arena, g->n_output ? g->n_output : 1, sizeof *outputs);
    if (!nodes || !inputs || !outputs)
        return NNX_ERROR_OUT_OF_MEMORY;
    nnx_status st = NNX_OK;
    /* graph inputs, initializers excluded (ONNX IR: an input may name one, giving its default) */
    nnx_strmap inits;
    nnx_strmap_init(&inits, c->ir->alloc, false);
    for (size_t i = 0; st == NNX_OK && i < g->n_initializer; i++)
        if (g->initializer[i]->name && !nnx_strmap_put(&inits, g->initializer[i]->name, NULL))
            st = NNX_ERROR_OUT_OF_MEMORY;
    for (size_t i = 0; st == NNX_OK && i < g->n_input; i++) {
        uintptr_t one;
        const char *name = g->input[i]->name;
        if (name && name[0] && !nnx_strmap_get(&inits, name, &one))
            st = tensor_of(b, name, &inputs[sg->n_inputs++]);
    }
    nnx_strmap_free(&inits);
    for (size_t i = 0; st == NNX_OK && i < g->n_node; i++) {
        const Onnx__NodeProto *n = g->node[i];
        nnx_ir_source_node *s = &nodes[i];
        s->name = nnx_arena_strdup(arena, n->name ? n->name : "");
        s->op = nnx_arena_strdup(arena, n->op_type ? n->op_type : "");
        s->domain = nnx_arena_strdup(arena, default_domain(n->domain) ? "" : n->domain);
        s->unsupported = c->node_state && c->node_state[i] == OX_NODE_UNSUPPORTED;
        s->n_inputs = (uint32_t)n->n_input;
        s->n_outputs = (uint32_t)n->n_output;
        if (!s->name || !s->op || !s->domain)
            st = NNX_ERROR_OUT_OF_MEMORY;
        if (st == NNX_OK)
            st = tensor_list(b, n->input, n->n_input, &s->inputs);
        if (st == NNX_OK)
            st = tensor_list(b, n->output, n->n_output, &s->outputs);
    }
    for (size_t i = 0; st == NNX_OK && i < g->n_output; i++)
        st = tensor_of(b, g->output[i]->name ? g->output[i]->name : "?", &outputs[i]);
    sg->nodes = nodes;
    sg->n_nodes = (uint32_t)g->n_node;
    sg->inputs = inputs;
    sg->outputs = outputs;
    sg->n_outputs = (uint32_t)g->n_output;
    return st;
}

/* The unsupported list and the message nnx_model_build gives for it. */
static nnx_status list_unsupported(ox *c, const Onnx__GraphProto *g)
{
    nnx_ir_model *m = c->m;
    nnx_ir_unsupported *u = nnx_arena_array(&c->ir->arena, c->n_bad, sizeof *u);
    if (!u)
        return NNX_ERROR_OUT_OF_MEMORY;
    uint32_t k = 0;
    for (size_t i = 0; i < g->n_node && k < c->n_bad; i++) {
        if (c->node_state[i] != OX_NODE_UNSUPPORTED)
            continue;
        const Onnx__NodeProto *n = g->node[i];
        u[k].op = ox_node_op_name(c, n);
        u[k].node = nnx_arena_strdup(&c->ir->arena, label_of(n));
        u[k].reason = c->node_why[i];
        if (!u[k].op || !u[k].node)
            return NNX_ERROR_OUT_OF_MEMORY;
        k++;
    }
    nnx_error e = {0};
    return nnx_ir_model_set_unsupported(m, c->path, u, k, &e);
}

nnx_status ox_structure_finish(ox *c, const Onnx__GraphProto *g, nnx_error *err)
{
    nnx_status st = NNX_OK;
    if (c->n_bad)
        st = list_unsupported(c, g);
    if (st == NNX_OK && !c->m->unbound && !c->m->staged) {
        nnx_ir_source_graph *sg = nnx_arena_alloc(&c->ir->arena, sizeof *sg);
        src_builder b = {.c = c};
        nnx_strmap_init(&b.index, c->ir->alloc, false);
        st = sg ? build_source(&b, g, sg) : NNX_ERROR_OUT_OF_MEMORY;
        nnx_strmap_free(&b.index);
        if (st == NNX_OK) {
            sg->tensors = b.tensors;
            sg->n_tensors = b.n;
            c->m->source_graph = sg;
        }
    }
    return st == NNX_OK ? NNX_OK : nnx_error_set(err, st, "%s: error: out of memory", c->path);
}
