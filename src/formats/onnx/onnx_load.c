/* onnx_load.c — the ONNX loader (formats/onnx/onnx.h): decodes a ModelProto with the
 * protoc-c reader, checks every node's operator first (all the unsupported ones are named
 * in one error, each with its opset), then adds initializers and Constant outputs as IR
 * constants, graph inputs as IR inputs, and maps each node in order through the operator
 * table (onnx_ops.c). A node whose inputs are all constants is computed at load time with
 * the reference kernel (onnx_helpers.c; so the shape arithmetic of exported models — Shape,
 * Gather, Concat, Reshape — becomes constants, as core IR's static shapes need). Tensors
 * are decoded in onnx_tensor.c. The value table is scoped: a sub-graph (If, Loop, Scan;
 * onnx_ops_flow.c) looks names up through its enclosing scopes, capturing outer values. */
#include "formats/onnx/onnx_internal.h"

#include "base/file.h"
#include "base/float_convert.h"
#include "ir/dtypes.h"
#include "ops/graph_build.h"
#include "ops/table.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- value table */

/* Defines name -> id (a redefinition replaces it: map_node refuses one among node outputs). */
nnx_status ox_define(ox *c, const char *name, uint32_t id)
{
    if (!name || !name[0])
        return NNX_OK;
    uintptr_t *value = nnx_strmap_put(&c->values, name, NULL);
    if (!value)
        return ox_fail(c, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    *value = id;
    return NNX_OK;
}

nnx_status ox_add_capture(ox *c, const char *name, uint32_t outer, uint32_t *id)
{
    if (c->n_cap == c->cap_size) {
        uint32_t cap = c->cap_size ? 2 * c->cap_size : 8;
        uint32_t *o = nnx_mem_realloc(c->ir->alloc, c->cap_outer, (size_t)cap * sizeof *o);
        if (o)
            c->cap_outer = o;
        uint32_t *i = o ? nnx_mem_realloc(c->ir->alloc, c->cap_inner, (size_t)cap * sizeof *i) : NULL;
        if (i)
            c->cap_inner = i;
        if (!o || !i)
            return ox_fail(c, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
        c->cap_size = cap;
    }
    nnx_error e = {0};
    nnx_status st = nnx_ir_add_input(c->ir, name, &c->parent->ir->values[outer].desc, id, &e);
    if (st != NNX_OK)
        return ox_fail(c, st, "outer value '%s': %s", name, e.message);
    c->cap_outer[c->n_cap] = outer;
    c->cap_inner[c->n_cap++] = *id;
    return NNX_OK;
}

/* Outer value `outer` (of c->parent's graph) as a value of c's own graph: a copy of a
 * constant, else a capture. */
static bool capture(ox *c, const char *name, uint32_t outer, uint32_t *id)
{
    const nnx_value *v = &c->parent->ir->values[outer];
    nnx_status st;
    if (v->kind == NNX_VALUE_CONSTANT && v->data) {
        nnx_error e = {0};
        size_t bytes = 0;
        nnx_desc_bytes(&v->desc, &bytes);
        st = nnx_ir_add_constant(c->ir, &v->desc, v->data, bytes, id, &e);
        if (st != NNX_OK)
            ox_fail(c, st, "outer value '%s': %s", name, e.message);
    } else {
        st = ox_add_capture(c, name, outer, id);
    }
    return st == NNX_OK && ox_define(c, name, *id) == NNX_OK;
}

bool ox_lookup(ox *c, const char *name, uint32_t *id)
{
    uintptr_t value;
    if (nnx_strmap_get(&c->values, name, &value)) {
        *id = (uint32_t)value;
        return true;
    }
    uint32_t outer;
    if (!c->parent || !ox_lookup(c->parent, name, &outer)) /* depth <= OX_MAX_DEPTH */
        return false;
    if (outer == OX_UNKNOWN) { /* structure-only: computed by a node that was not lowered */
        ox *top = c;
        while (top->parent)
            top = top->parent;
        top->read_unknown = true;
        ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "outer value '%s' is computed by an operation that was not lowered", name);
        return false;
    }
    if (c->inlined) {
        *id = outer;
        return true;
    }
    if (ox_is_seq(outer)) { /* string ids too (OX_STR_TAG holds OX_SEQ_TAG) */
        ox_fail(c, NNX_ERROR_NOT_SUPPORTED,
                "outer value '%s' is a sequence, optional or string tensor: only a sub-graph inlined at load time may "
                "name one",
                name);
        return false;
    }
    return capture(c, name, outer, id);
}

static nnx_status define(ox *c, const char *name, uint32_t id) { return ox_define(c, name, id); }
static bool find_value(ox *c, const char *name, uint32_t *id) { return ox_lookup(c, name, id); }

/* ---------------------------------------------------------------- the graph */

static bool is_default_domain(const char *d) { return !d || !d[0] || strcmp(d, "ai.onnx") == 0; }

/* The unknown operators of g and of its sub-graphs (bounded by OX_MAX_DEPTH), appended to
 * list (each once per graph). */
typedef struct bad_ops {
    char list[NNX_ERROR_MESSAGE_MAX];
    size_t len;
    uint32_t n;
    bool subgraph, too_deep;
    const Onnx__NodeProto *no_op_type; /* the first node whose op_type is absent or empty */
    size_t no_op_type_index;           /* its index in its graph */
} bad_ops;

/* Whether operator op_type of (non-default) domain was listed before; adds it when not (and
 * says not listed when out of memory: listed twice rather than never). */
static bool other_listed(nnx_strmap *listed, nnx_arena *keys, const char *domain, const char *op_type)
{
    size_t dl = strlen(domain), tl = strlen(op_type), size = 24 + dl + tl;
    char *key = size > dl && size > tl ? nnx_arena_alloc(keys, size) : NULL;
    if (!key)
        return false;
    snprintf(key, size, "%zu:%s%s", dl, domain, op_type);
    bool added = false;
    return nnx_strmap_put(listed, key, &added) && !added;
}

static void collect_bad_ops(const ox *c, const Onnx__GraphProto *g, unsigned depth, bad_ops *b)
{
    if (depth > OX_MAX_DEPTH) {
        b->too_deep = true;
        return;
    }
    /* the default domain's unknown operators listed so far in g, by op_type (the protobuf's
     * strings, alive for the load): once each in time linear in the nodes */
    nnx_strmap listed;
    nnx_strmap_init(&listed, c->ir->alloc, false);
    /* the other domains' ones, by "<length of domain>:<domain><op_type>" (unambiguous: the
     * length says where the domain ends), the keys made in keys */
    nnx_strmap listed_other;
    nnx_strmap_init(&listed_other, c->ir->alloc, false);
    nnx_arena keys;
    nnx_arena_init(&keys, c->ir->alloc);
    for (size_t i = 0; i < g->n_node; i++) {
        const Onnx__NodeProto *n = g->node[i];
        for (size_t a = 0; a < n->n_attribute; a++) {
            if (n->attribute[a]->g)
                collect_bad_ops(c, n->attribute[a]->g, depth + 1, b);
            for (size_t k = 0; k < n->attribute[a]->n_graphs; k++)
                collect_bad_ops(c, n->attribute[a]->graphs[k], depth + 1, b);
        }
        const char *t = n->op_type ? n->op_type : "";
        if (!t[0] && !b->no_op_type) {
            b->no_op_type = n;
            b->no_op_type_index = i;
        }
        bool other;
        const ox_op *op = nnx_onnx_node_op(n, &other);
        if (op && (other || c->opset >= op->since))
            continue;
        bool seen = false, added = false;
        if (is_default_domain(n->domain))
            seen = nnx_strmap_put(&listed, t, &added) && !added;
        else if (n->op_type) /* a node with no op_type at all is listed each time */
            seen = other_listed(&listed_other, &keys, n->domain, t);
        if (seen)
            continue;
        bool sg = false;
        for (size_t a = 0; a < n->n_attribute; a++)
            sg |= n->attribute[a]->g != NULL || n->attribute[a]->n_graphs > 0;
        b->subgraph |= sg;
        char item[160];
        if (!t[0])
            snprintf(item, sizeof item, "%sa node with no op_type ('%.64s')", b->n ? ", " : "",
                     n->name && n->name[0]             ? n->name
                         : n->n_output && n->output[0] ? n->output[0]
                                                       : "");
        else if (is_default_domain(n->domain))
            snprintf(item, sizeof item, "%s%s (opset %lld)%s", b->n ? ", " : "", t, (long long)c->opset,
                     sg ? " [subgraph]" : "");
        else
            snprintf(item, sizeof item, "%s%s (domain %s)", b->n ? ", " : "", t, n->domain);
        size_t il = strlen(item);
        if (b->len + il < sizeof b->list - 8) {
            memcpy(b->list + b->len, item, il + 1);
            b->len += il;
        } else if (b->len + 5 < sizeof b->list) {
            memcpy(b->list + b->len, ", …", 6);
            b->len = sizeof b->list;
        }
        b->n++;
    }
    nnx_strmap_free(&listed);
    nnx_strmap_free(&listed_other);
    nnx_arena_free(&keys);
}

/* Every node's operator, in the graph and its sub-graphs, must be known: the unknown ones
 * are listed all at once. */
static nnx_status check_ops(ox *c, const Onnx__GraphProto *g, nnx_error *err)
{
    bad_ops b = {.list = ""};
    collect_bad_ops(c, g, 0, &b);
    if (b.too_deep)
        return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED, "%s: error: sub-graphs are nested more than %d deep",
                             c->path, OX_MAX_DEPTH);
    /* NodeProto.op_type is required (ONNX IR spec, "Nodes"): a model without one is invalid,
     * not one using an operator nnx lacks; refused in a structure-only load too */
    if (b.no_op_type) {
        const Onnx__NodeProto *n = b.no_op_type;
        if (n->name && n->name[0])
            return nnx_error_set(err, NNX_ERROR_INVALID_MODEL, "%s: error: node '%s' has an empty op_type", c->path,
                                 n->name);
        return nnx_error_set(err, NNX_ERROR_INVALID_MODEL, "%s: error: node %zu (output '%.64s') has an empty op_type",
                             c->path, b.no_op_type_index, n->n_output && n->output[0] ? n->output[0] : "");
    }
    if (!b.n || c->structure) /* structure-only: listed per node (onnx_structure.c) */
        return NNX_OK;
    return nnx_error_set(
        err, NNX_ERROR_NOT_SUPPORTED, "%s: error: unsupported operator%s: %s%s", c->path, b.n == 1 ? "" : "s", b.list,
        b.subgraph ? " (of the operators with subgraphs, only If, Loop, Scan and SequenceMap are supported)" : "");
}

/* The initializers of g as constants; with used, only those it names (a stage's). */
static nnx_status add_initializers(ox *c, const Onnx__GraphProto *g, const nnx_strmap *used, nnx_error *err)
{
    for (size_t i = 0; i < g->n_initializer; i++) {
        const Onnx__TensorProto *t = g->initializer[i];
        if (!t->name || !t->name[0])
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "%s: error: initializer %zu has no name", c->path, i);
        uintptr_t one;
        if (used && !nnx_strmap_get(used, t->name, &one))
            continue;
        nnx_operand_desc d;
        void *data = NULL;
        nnx_error e = {0};
        nnx_status st;
        /* structure only: external files are not opened (their tensors read as zeros); the
         * data inside the model is read anyway, as shapes may be computed from it */
        bool external = t->has_data_location && t->data_location == ONNX__TENSOR_PROTO__DATA_LOCATION__EXTERNAL;
        if (c->options->skip_tensor_data && external) {
            char what[160];
            snprintf(what, sizeof what, "tensor '%s'", t->name);
            st = nnx_onnx_dims_desc(t->dims, t->n_dims, nnx_onnx_dtype(t->data_type), &d, what, &e);
            if (st == NNX_OK && d.dtype == NNX_DTYPE_UNDEFINED)
                st = nnx_error_set(&e, NNX_ERROR_NOT_SUPPORTED, "tensor '%s' has data type %s", t->name,
                                   nnx_onnx_type_name(t->data_type));
            size_t b = 0;
            if (st == NNX_OK && nnx_desc_bytes(&d, &b) && b > ((size_t)1 << 34))
                st = nnx_error_set(&e, NNX_ERROR_NOT_SUPPORTED, "tensor '%s' is too large", t->name);
            else if (st == NNX_OK && nnx_desc_bytes(&d, &b)) {
                data = nnx_mem_alloc_aligned(c->ir->alloc, b ? b : 1);
                if (!data)
                    st = nnx_error_set(&e, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
                else
                    memset(data, 0, b ? b : 1);
            }
        } else if (t->data_type == 8) { /* STRING: a load-time string tensor */
            uint32_t sid;
            nnx_error_clear(&c->nerr);
            st = ox_str_from_proto(c, t, &sid);
            if (st == NNX_OK)
                st = define(c, t->name, sid);
            if (st != NNX_OK)
                return nnx_error_set(err, st, "%s: error: initializer '%s': %s", c->path, t->name, c->nerr.message);
            continue;
        } else {
            st = nnx_onnx_tensor_decode(t, c->dir, c->ir->alloc, &d, &data, &e);
        }
        uint32_t id = NNX_NONE;
        if (st == NNX_OK) {
            size_t b;
            nnx_desc_bytes(&d, &b);
            st = nnx_ir_add_constant(c->ir, &d, data, b, &id, &e);
            /* the initializer's name, which the ONNX writer keeps (graph.h: nnx_value.name) */
            if (st == NNX_OK && !(c->ir->values[id].name = nnx_arena_strdup(&c->ir->arena, t->name)))
                st = nnx_error_set(&e, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
        }
        if (data)
            nnx_mem_free_aligned(c->ir->alloc, data);
        if (st == NNX_OK)
            st = define(c, t->name, id);
        if (st != NNX_OK)
            return nnx_error_set(err, st, "%s: error: initializer '%s': %s", c->path, t->name,
                                 e.message[0] ? e.message : c->nerr.message);
    }
    return NNX_OK;
}

/* The declared shape as "[batch,3,224,224]": extents, symbolic names, "?" for unknown ones
 * (each name cut at 32 bytes, the whole at size). */
static void declared_shape(const Onnx__TensorShapeProto *shape, char *out, size_t size)
{
    size_t n = (size_t)snprintf(out, size, "[");
    for (size_t k = 0; k < shape->n_dim && n < size; k++) {
        const Onnx__TensorShapeProto__Dimension *dim = shape->dim[k];
        const char *sep = k ? "," : "";
        if (dim->value_case == ONNX__TENSOR_SHAPE_PROTO__DIMENSION__VALUE_DIM_VALUE)
            n += (size_t)snprintf(out + n, size - n, "%s%lld", sep, (long long)dim->dim_value);
        else if (dim->value_case == ONNX__TENSOR_SHAPE_PROTO__DIMENSION__VALUE_DIM_PARAM && dim->dim_param)
            n += (size_t)snprintf(out + n, size - n, "%s%.32s", sep, dim->dim_param);
        else
            n += (size_t)snprintf(out + n, size - n, "%s?", sep);
    }
    if (n < size)
        snprintf(out + n, size - n, "]");
}

/* A shape given for a graph input binds its symbolic and unknown dimensions; the rank and
 * every fixed dimension the model declares must agree with it (as ONNX Runtime checks its
 * inputs). */
static nnx_status check_given_shape(ox *c, const char *name, const Onnx__TensorShapeProto *declared,
                                    const nnx_operand_desc *d, nnx_error *err)
{
    if (!declared)
        return NNX_OK; /* rank unknown: any shape */
    if (declared->n_dim != d->rank)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                             "%s: error: graph input '%s' has rank %zu, the shape given for it rank %u", c->path, name,
                             declared->n_dim, d->rank);
    for (uint32_t k = 0; k < d->rank; k++) {
        const Onnx__TensorShapeProto__Dimension *dim = declared->dim[k];
        /* a negative value is no extent, whatever shape is given (as without one, below) */
        if (dim->value_case == ONNX__TENSOR_SHAPE_PROTO__DIMENSION__VALUE_DIM_VALUE && dim->dim_value < 0)
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                                 "%s: error: graph input '%s' dimension %u has dim_value %" PRId64
                                 ", not an extent (an unknown one has dim_param or no value)",
                                 c->path, name, k, dim->dim_value);
        if (dim->value_case == ONNX__TENSOR_SHAPE_PROTO__DIMENSION__VALUE_DIM_VALUE &&
            (uint64_t)dim->dim_value != d->shape[k])
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                                 "%s: error: graph input '%s' dimension %u is %" PRId64
                                 ", the shape given for it has %u",
                                 c->path, name, k, dim->dim_value, d->shape[k]);
    }
    return NNX_OK;
}

nnx_status ox_tensor_input(ox *c, const char *name, const Onnx__TypeProto__Tensor *tt, uint32_t *idp, nnx_error *err)
{
    nnx_status st;
    uint32_t id;
    nnx_operand_desc d = {0};
    d.dtype = nnx_onnx_dtype(tt->elem_type);
    if (d.dtype == NNX_DTYPE_UNDEFINED)
        return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED, "%s: error: graph input '%s' has data type %s", c->path,
                             name, nnx_onnx_type_name(tt->elem_type));
    bool given = false;
    for (uint32_t k = 0; k < c->options->input_shape_count && !given; k++) {
        const nnx_input_shape *s = &c->options->input_shapes[k];
        if (s->name && strcmp(s->name, name) == 0) {
            if (s->rank > NNX_MAX_RANK)
                return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "%s: error: input shape of '%s' has rank %u",
                                     c->path, name, s->rank);
            d.rank = s->rank;
            memcpy(d.shape, s->shape, s->rank * sizeof *d.shape);
            given = true;
        }
    }
    if (given && (st = check_given_shape(c, name, tt->shape, &d, err)) != NNX_OK)
        return st;
    if (!given) {
        if (!tt->shape)
            return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED,
                                 "%s: error: graph input '%s' has no shape: give one "
                                 "(nnx_model_options.input_shapes; nnx --input-shape)",
                                 c->path, name);
        if (tt->shape->n_dim > NNX_MAX_RANK)
            return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED, "%s: error: graph input '%s' has rank %zu", c->path,
                                 name, tt->shape->n_dim);
        d.rank = (uint32_t)tt->shape->n_dim;
        for (uint32_t k = 0; k < d.rank; k++) {
            const Onnx__TensorShapeProto__Dimension *dim = tt->shape->dim[k];
            bool valued = dim->value_case == ONNX__TENSOR_SHAPE_PROTO__DIMENSION__VALUE_DIM_VALUE;
            /* a value is an extent, never a symbol (TensorShapeProto: dim_value or dim_param) */
            if (valued && dim->dim_value < 0)
                return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                                     "%s: error: graph input '%s' dimension %u has dim_value %lld, not an extent "
                                     "(an unknown one has dim_param or no value)",
                                     c->path, name, k, (long long)dim->dim_value);
            if (valued && dim->dim_value > UINT32_MAX)
                return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED,
                                     "%s: error: graph input '%s' dimension %u is %lld, larger than an extent may be "
                                     "(at most 2^32 - 1)",
                                     c->path, name, k, (long long)dim->dim_value);
            bool fixed = valued;
            uint32_t named;
            if (!fixed && nnx_onnx_named_extent(c, dim, &named)) {
                d.shape[k] = named;
                continue;
            }
            if (!fixed && c->options->allow_unbound) {
                if ((st = nnx_onnx_unbound_dim(c, dim, c->m->n_inputs, k)) != NNX_OK)
                    return nnx_error_set(err, st, "out of memory");
                d.shape[k] = 0;
                continue;
            }
            if (!fixed) {
                char declared[256];
                declared_shape(tt->shape, declared, sizeof declared);
                return nnx_error_set(
                    err, NNX_ERROR_NOT_SUPPORTED,
                    "%s: error: graph input '%s' has a symbolic or unknown dimension %u%s%s%s in %s: "
                    "give its shape (nnx_model_options.input_shapes; nnx --input-shape)",
                    c->path, name, k,
                    dim->value_case == ONNX__TENSOR_SHAPE_PROTO__DIMENSION__VALUE_DIM_PARAM ? " ('" : "",
                    dim->value_case == ONNX__TENSOR_SHAPE_PROTO__DIMENSION__VALUE_DIM_PARAM ? dim->dim_param : "",
                    dim->value_case == ONNX__TENSOR_SHAPE_PROTO__DIMENSION__VALUE_DIM_PARAM ? "')" : "", declared);
            }
            d.shape[k] = (uint32_t)dim->dim_value;
        }
    }
    nnx_error e = {0};
    st = nnx_ir_add_input(c->ir, name, &d, &id, &e);
    if (st == NNX_OK) /* the table keeps the key: the IR's copy, as name may be the caller's buffer */
        st = define(c, c->ir->values[id].name, id);
    c->m->n_inputs++; /* the input's index while loading; collect_inputs recounts */
    if (st != NNX_OK)
        return nnx_error_set(err, st, "%s: error: graph input '%s': %s", c->path, name,
                             e.message[0] ? e.message : c->nerr.message);
    *idp = id;
    return NNX_OK;
}

static nnx_status add_inputs(ox *c, const Onnx__GraphProto *g, nnx_error *err)
{
    for (size_t i = 0; i < g->n_input; i++) {
        const Onnx__ValueInfoProto *vi = g->input[i];
        const char *name = vi->name ? vi->name : "";
        uint32_t id;
        if (!name[0])
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "%s: error: graph input %zu has no name", c->path, i);
        if (find_value(c, name, &id))
            continue; /* an initializer: a constant (its default value) */
        const Onnx__TypeProto *tp = vi->type;
        nnx_status st;
        if (tp &&
            (tp->value_case == ONNX__TYPE_PROTO__VALUE_SEQUENCE_TYPE ||
             tp->value_case == ONNX__TYPE_PROTO__VALUE_OPTIONAL_TYPE))
            st = nnx_onnx_seq_input(c, name, tp, err);
        else if (!tp || tp->value_case != ONNX__TYPE_PROTO__VALUE_TENSOR_TYPE || !tp->tensor_type)
            return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED, "%s: error: graph input '%s' is not a tensor", c->path,
                                 name);
        else if (tp->tensor_type->elem_type == 8) /* STRING */
            st = nnx_onnx_str_input(c, name, tp->tensor_type, err);
        else
            st = ox_tensor_input(c, name, tp->tensor_type, &id, err);
        if (st != NNX_OK)
            return st;
    }
    return NNX_OK;
}

/* How many leading inputs an operator requires (present, non-empty names) at the model's
 * opset; 1 for every operator not listed. */
static uint32_t required_inputs(const char *t, int64_t opset)
{
    static const struct {
        const char *name;
        uint8_t n;
        int16_t from;
    } rows[] = {
        {"Constant", 0, 0},
        {"RandomUniform", 0, 0},
        {"RandomNormal", 0, 0},
        {"Loop", 0, 0}, /* M and cond are optional */
        {"Scan", 0, 0}, /* opset 8: sequence_lens is optional */
        {"Add", 2, 0},
        {"Sub", 2, 0},
        {"Mul", 2, 0},
        {"Div", 2, 0},
        {"Pow", 2, 0},
        {"Equal", 2, 0},
        {"Less", 2, 0},
        {"Greater", 2, 0},
        {"LessOrEqual", 2, 0},
        {"GreaterOrEqual", 2, 0},
        {"And", 2, 0},
        {"Or", 2, 0},
        {"Xor", 2, 0},
        {"PRelu", 2, 0},
        {"Mod", 2, 0},
        {"BitShift", 2, 0},
        {"MatMul", 2, 0},
        {"Gemm", 2, 0},
        {"Conv", 2, 0},
        {"ConvTranspose", 2, 0},
        {"Reshape", 2, 5},
        {"Expand", 2, 0},
        {"Tile", 2, 0},
        {"Gather", 2, 0},
        {"GatherElements", 2, 0},
        {"GatherND", 2, 0},
        {"CastLike", 2, 0},
        {"CumSum", 2, 0},
        {"Range", 3, 0},
        {"Where", 3, 0},
        {"Scatter", 3, 0},
        {"ScatterElements", 3, 0},
        {"ScatterND", 3, 0},
        {"BatchNormalization", 5, 0},
        {"InstanceNormalization", 3, 0},
        {"LayerNormalization", 2, 0},
        {"QuantizeLinear", 2, 0},
        {"DequantizeLinear", 2, 0},
        {"Slice", 3, 10},
        {"Pad", 2, 11},
        {"OneHot", 3, 0},
        {"TopK", 2, 10},
        {"Compress", 2, 0},
        {"ReverseSequence", 2, 0},
        {"MaxUnpool", 2, 0},
        {"ConvInteger", 2, 0},
        {"MatMulInteger", 2, 0},
        {"QLinearConv", 8, 0},
        {"QLinearMatMul", 8, 0},
        {"NegativeLogLikelihoodLoss", 2, 0},
        {"SoftmaxCrossEntropyLoss", 2, 0},
        {"Upsample", 2, 9},
        {"RNN", 3, 0},
        {"GRU", 3, 0},
        {"LSTM", 3, 0},
        {"Attention", 3, 0},
        {"RotaryEmbedding", 3, 0},
        {"SwiGLU", 2, 0},
        {"AffineGrid", 2, 0},
        {"GridSample", 2, 0},
        {"Col2Im", 3, 0},
        {"RMSNormalization", 2, 0},
        {"GroupNormalization", 3, 0},
        {"CenterCropPad", 2, 0},
        {"BitwiseAnd", 2, 0},
        {"BitwiseOr", 2, 0},
        {"BitwiseXor", 2, 0},
        {"Unsqueeze", 2, 13},
        {"Adagrad", 5, 0},
        {"Adam", 6, 0},
        {"Momentum", 5, 0},
        {"ConstantOfShape", 1, 0},
        {"SequenceEmpty", 0, 0},
        {"SequenceAt", 2, 0},
        {"SequenceInsert", 2, 0},
        {"Optional", 0, 0},
        {"OptionalHasElement", 0, 0}, /* opset 18: the input may be empty */
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        if (strcmp(rows[i].name, t) == 0)
            return opset >= rows[i].from ? rows[i].n : 1;
    return 1;
}

/* The most inputs or outputs a node may have (a Concat of one tensor per class of a
 * 91-class detector has 90). */
#define OX_MAX_NODE_IO 65536

/* Maps node n into c (c->nerr holds the reason on failure) and names its outputs. The
 * operators read in[] and out[] up to index 63 whatever the node's counts (absent ones are
 * NNX_NONE): a node with more has arrays of its own size. */
static nnx_status map_node(ox *c, const Onnx__NodeProto *n)
{
    bool other;
    const ox_op *op = nnx_onnx_node_op(n, &other);
    c->node = n;
    c->label = n->name && n->name[0] ? n->name : n->n_output && n->output[0] ? n->output[0] : "";
    nnx_error_clear(&c->nerr);
    c->nerr_whole = false;
    uint32_t in_local[64], out_local[64], *in = in_local, *out = out_local, *heap = NULL;
    size_t n_io = n->n_input > n->n_output ? n->n_input : n->n_output;
    nnx_status st = NNX_OK;
    if (n_io > OX_MAX_NODE_IO)
        st = ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "more than %d inputs or outputs", OX_MAX_NODE_IO);
    else if (n_io > 64) {
        heap = ox_calloc(c, 2 * n_io, sizeof *heap);
        st = heap ? NNX_OK : c->nerr.status;
        in = heap;
        out = heap ? heap + n_io : out_local;
    }
    size_t cap = n_io > 64 ? n_io : 64;
    for (size_t k = 0; st == NNX_OK && k < n->n_input; k++) {
        in[k] = NNX_NONE;
        if (n->input[k] && n->input[k][0] && !find_value(c, n->input[k], &in[k]))
            st = ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "input %zu '%s' is not defined before it is used", k,
                         n->input[k]);
    }
    for (size_t k = n->n_input; st == NNX_OK && k < cap; k++)
        in[k] = NNX_NONE;
    for (size_t k = 0; st == NNX_OK && k < cap; k++)
        out[k] = NNX_NONE;
    for (size_t k = 0; st == NNX_OK && k < n->n_input; k++) {
        if (ox_is_str(in[k]) && !nnx_onnx_takes_strings(op->name))
            st = ox_fail(c, NNX_ERROR_NOT_SUPPORTED,
                         "input %zu '%s' is a string tensor, which %s does not take (strings are load-time values)", k,
                         n->input[k], op->name);
        else if (!ox_is_str(in[k]) && ox_is_seq(in[k]) && !nnx_onnx_takes_sequences(op->name))
            st = ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "input %zu '%s' is a sequence or optional, which %s does not take",
                         k, n->input[k], op->name);
    }
    uint32_t need = required_inputs(n->op_type, c->opset);
    for (uint32_t k = 0; st == NNX_OK && k < need; k++)
        if (k >= n->n_input || in[k] == NNX_NONE)
            st = ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "input %u is required", k);
    /* a node that involves strings (Equal, Cast, CastLike) has its load-time mapping */
    if (st == NNX_OK) {
        ox_fn fn = nnx_onnx_string_fn(c, n, in, (uint32_t)n->n_input);
        st = (fn ? fn : op->fn)(c, n, in, (uint32_t)n->n_input, out);
    }
    for (size_t k = 0; st == NNX_OK && k < n->n_output; k++) {
        if (!n->output[k] || !n->output[k][0])
            continue;
        uintptr_t earlier;
        if (out[k] == NNX_NONE)
            st = ox_fail(c, NNX_ERROR_NOT_SUPPORTED, "output %zu ('%s') is not supported", k, n->output[k]);
        else if (nnx_strmap_get(&c->values, n->output[k], &earlier)) /* ONNX IR: names are defined once */
            st = ox_fail(c, NNX_ERROR_INVALID_ARGUMENT, "output %zu '%s' is already defined (a graph is in SSA form)",
                         k, n->output[k]);
        else
            st = define(c, n->output[k], out[k]);
        /* the IR value that is this ONNX tensor keeps its name (graph.h: first name wins) */
        if (st == NNX_OK && !ox_is_seq(out[k]) && out[k] < c->ir->n_values)
            st = nnx_ir_set_name(c->ir, out[k], n->output[k], &c->nerr);
    }
    nnx_mem_free(c->ir->alloc, heap);
    return st;
}

/* Maps the nodes [first, last) of the top graph g. With c->cut allowed (not UINT32_MAX on
 * entry means "may cut"), a node that fails after asking for a run-time value ends the load
 * there instead (c->cut; formats/ir_model.h "Staged"); a node it mapped in part before
 * failing leaves only values no output reads. */
static nnx_status add_nodes(ox *c, const Onnx__GraphProto *g, size_t first, size_t last, bool may_cut, nnx_error *err)
{
    c->m->op_names = nnx_arena_array(&c->ir->arena, g->n_node ? g->n_node : 1, sizeof *c->m->op_names);
    if (!c->m->op_names)
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    for (size_t i = first; i < last; i++) /* a stage lists only its own operators */
        if (!(c->m->op_names[c->m->n_ops++] = ox_node_op_name(c, g->node[i])))
            return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    /* structure-only: once a node is listed as unsupported, a cut would drop the list */
    for (size_t i = first; i < last; i++) {
        const Onnx__NodeProto *n = g->node[i];
        bool skip = false;
        if (c->structure && ox_structure_skip(c, g, i, &skip, err) != NNX_OK)
            return err->status;
        if (skip)
            continue;
        c->missed = c->read_unknown = false;
        nnx_status st = map_node(c, n);
        if (st != NNX_OK && may_cut && c->missed && st != NNX_ERROR_OUT_OF_MEMORY && !c->no_cut && !c->n_bad) {
            c->cut = (uint32_t)i;
            return NNX_OK;
        }
        if (st != NNX_OK && c->structure)
            st = ox_structure_failed(c, g, i, st);
        if (st != NNX_OK && c->nerr_whole)
            return nnx_error_set(err, st, "%s", c->nerr.message);
        if (st != NNX_OK)
            return nnx_error_set(err, st, "%s: error: node '%s' (%s, opset %lld): %s", c->path, c->label, n->op_type,
                                 (long long)c->opset, c->nerr.message);
    }
    return NNX_OK;
}

nnx_status ox_map_graph(ox *c, const Onnx__GraphProto *g)
{
    nnx_error e = {0};
    nnx_status st = add_initializers(c, g, NULL, &e);
    if (st != NNX_OK) {
        nnx_error_clear(&c->nerr);
        return ox_fail(c, st, "%s", e.message);
    }
    for (size_t i = 0; i < g->n_node; i++) {
        const Onnx__NodeProto *n = g->node[i];
        if ((st = map_node(c, n)) != NNX_OK) {
            char why[NNX_ERROR_MESSAGE_MAX];
            snprintf(why, sizeof why, "%s", c->nerr.message);
            nnx_error_clear(&c->nerr);
            return ox_fail(c, st, "node '%s' (%s): %s", c->label, n->op_type, why);
        }
    }
    return NNX_OK;
}

nnx_status ox_add_output(ox *c, const char *name, uint32_t id, nnx_error *err)
{
    nnx_ir_model *m = c->m;
    size_t i = m->n_outputs;
    /* An output that is not a node's own result (an input, a constant, or a value already
     * output) gets a copy, so that every output is a distinct computed value. */
    bool dup = c->ir->values[id].kind != NNX_VALUE_NODE;
    if (!c->output_marks && c->ir->n_values) {
        if (!(c->output_marks = nnx_arena_array(&c->ir->arena, c->ir->n_values, sizeof *c->output_marks)))
            return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
        c->n_output_marks = c->ir->n_values;
        for (size_t k = 0; k < i; k++)
            if (m->outputs[k] < c->n_output_marks)
                c->output_marks[m->outputs[k]] = true;
    }
    if (id < c->n_output_marks)
        dup = dup || c->output_marks[id];
    else /* a value made after the marks (a copy made for an earlier output): look */
        for (size_t k = 0; k < i && !dup; k++)
            dup = m->outputs[k] == id;
    if (dup) {
        nnx_operand_desc d = ox_desc(c, id);
        nnx_attrs a = {.reshape = {.rank = d.rank}};
        memcpy(a.reshape.shape, d.shape, sizeof d.shape);
        c->no_fold = true;
        c->label = name;
        nnx_error_clear(&c->nerr);
        nnx_status st = ox_node(c, NNX_OP_RESHAPE, &id, 1, &a, 1, &id);
        c->no_fold = false;
        if (st != NNX_OK)
            return nnx_error_set(err, st, "%s: error: graph output '%s': %s", c->path, name, c->nerr.message);
    }
    m->outputs[i] = id;
    if (id < c->n_output_marks)
        c->output_marks[id] = true;
    m->output_names[i] = nnx_arena_strdup(&c->ir->arena, name);
    if (!m->output_names[i])
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    m->n_outputs++;
    return NNX_OK;
}

static nnx_status add_outputs(ox *c, const Onnx__GraphProto *g, nnx_error *err)
{
    nnx_ir_model *m = c->m;
    if (!g->n_output)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "%s: error: the graph has no outputs", c->path);
    /* sequences and optionals flattened (onnx.h, nnx_onnx_known_input): count first */
    size_t total = 0;
    for (size_t i = 0; i < g->n_output; i++) {
        const char *name = g->output[i]->name ? g->output[i]->name : "";
        uint32_t id, k;
        bool indexed;
        if (!find_value(c, name, &id))
            return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "%s: error: graph output '%s' is not defined",
                                 c->path, name);
        if (id == OX_UNKNOWN) { /* after an operation that was not lowered: one output, type declared */
            total++;
            continue;
        }
        if (ox_is_str(id))
            continue;
        if (nnx_onnx_flatten(c, id, NULL, 0, &k, &indexed) != NNX_OK)
            return nnx_error_set(err, c->nerr.status, "%s: error: graph output '%s': %s", c->path, name,
                                 c->nerr.message);
        total += k;
    }
    m->outputs = nnx_arena_array(&c->ir->arena, total ? total : 1, sizeof *m->outputs);
    m->output_names = nnx_arena_array(&c->ir->arena, total ? total : 1, sizeof *m->output_names);
    uint32_t *flat = nnx_arena_array(&c->ir->arena, total ? total : 1, sizeof *flat);
    if (!m->outputs || !m->output_names || !flat)
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    for (size_t o = 0; o < g->n_output; o++) {
        const char *oname = g->output[o]->name ? g->output[o]->name : "";
        uint32_t whole, n_flat;
        bool indexed;
        find_value(c, oname, &whole);
        if (whole == OX_UNKNOWN) {
            nnx_status st = ox_unknown_output(c, g->output[o], total, err);
            if (st != NNX_OK)
                return st;
            continue;
        }
        if (ox_is_str(whole)) {
            nnx_status st = nnx_onnx_str_output(c, oname, whole, m->n_outputs + (c->str_out ? c->str_out->n : 0), err);
            if (st != NNX_OK)
                return st;
            continue;
        }
        nnx_onnx_flatten(c, whole, flat, (uint32_t)total, &n_flat, &indexed);
        for (uint32_t j = 0; j < n_flat; j++) {
            char name[NNX_ERROR_MESSAGE_MAX / 2];
            if (indexed)
                snprintf(name, sizeof name, "%.200s[%u]", oname, j);
            else
                snprintf(name, sizeof name, "%s", oname);
            nnx_status st = ox_add_output(c, name, flat[j], err);
            if (st != NNX_OK)
                return st;
        }
    }
    if (!m->n_outputs && !(c->str_out && c->str_out->n))
        return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED, "%s: error: every graph output is an absent optional",
                             c->path);
    return NNX_OK;
}

/* The opsets a model imports into c; an error when it has no graph. */
static nnx_status read_header(ox *c, const Onnx__ModelProto *model, nnx_error *err)
{
    c->opset = -1;
    for (size_t i = 0; i < model->n_opset_import; i++)
        if (is_default_domain(model->opset_import[i]->domain))
            c->opset = model->opset_import[i]->version;
        else if (model->opset_import[i]->domain && strcmp(model->opset_import[i]->domain, "ai.onnx.ml") == 0)
            c->ml_opset = model->opset_import[i]->version;
    if (!model->graph)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "%s: error: the model has no graph", c->path);
    if (c->opset < 0 && model->n_opset_import == 0 && model->has_ir_version && model->ir_version < 3)
        c->opset = 1; /* IR version 1-2 models imply opset 1 */
    if (c->opset < 0)
        c->opset = 0; /* only other domains: check_ops names their operators */
    if (model->graph->n_sparse_initializer)
        return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED, "%s: error: sparse initializers are not supported", c->path);
    /* an operator's meaning may change in a newer opset: reading it with an older one's is a
     * guess the caller has to ask for */
    bool newer = c->opset > NNX_ONNX_MAX_OPSET || c->ml_opset > NNX_ONNX_MAX_ML_OPSET;
    if (newer && !c->options->newer_opsets)
        return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED,
                             "%s: error: the model imports opset %lld of %s; nnx knows opsets up to %d "
                             "(ai.onnx.ml %d): NNX_MODEL_NEWER_OPSETS (nnx --newer-opsets) reads it with the newest "
                             "meanings nnx knows",
                             c->path, (long long)(c->opset > NNX_ONNX_MAX_OPSET ? c->opset : c->ml_opset),
                             c->opset > NNX_ONNX_MAX_OPSET ? "the default domain" : "ai.onnx.ml", NNX_ONNX_MAX_OPSET,
                             NNX_ONNX_MAX_ML_OPSET);
    return NNX_OK;
}

/* The names g defines (initializers, sparse ones, inputs, value_info, node outputs), its
 * sub-graphs' included, added to *n (saturating). Repeats count again (an old model lists its
 * initializers among the inputs too): a cheap bound, taken before any name is looked up. The
 * recursion follows sub-graphs, whose nesting ox_decode's depth walk has bounded already
 * (three protobuf levels each). */
static void count_names(const Onnx__GraphProto *g, uint64_t *n)
{
    if (!g)
        return;
    uint64_t add = (uint64_t)g->n_initializer + g->n_sparse_initializer + g->n_input + g->n_value_info;
    *n = *n + add < *n ? UINT64_MAX : *n + add;
    for (size_t i = 0; i < g->n_node; i++) {
        const Onnx__NodeProto *node = g->node[i];
        *n = *n + node->n_output < *n ? UINT64_MAX : *n + node->n_output;
        for (size_t a = 0; a < node->n_attribute; a++) {
            count_names(node->attribute[a]->g, n);
            for (size_t k = 0; k < node->attribute[a]->n_graphs; k++)
                count_names(node->attribute[a]->graphs[k], n);
        }
    }
}

/* nnx_model_options.max_names over the model's main graph, its sub-graphs and its local
 * functions' node outputs. */
static nnx_status check_names(const ox *c, const Onnx__ModelProto *model, nnx_error *err)
{
    uint64_t n = 0;
    count_names(model->graph, &n);
    for (size_t f = 0; f < model->n_functions; f++)
        for (size_t i = 0; i < model->functions[f]->n_node; i++)
            n += model->functions[f]->node[i]->n_output;
    uint32_t max = c->options->limits.names ? c->options->limits.names : NNX_MAX_NAMES_DEFAULT;
    if (n > max)
        return nnx_limit_error(err, NNX_LIMIT_NAMES, c->path,
                               "the model defines %llu names (initializers, inputs, value_info, node outputs), more "
                               "than %u",
                               (unsigned long long)n, max);
    return NNX_OK;
}

/* The graph of a staged model, as an unbound one's: inputs, weights and declared outputs
 * (formats/ir_model.h), loaded again into a fresh out; note names the node that cut it. */
static nnx_status declare_staged(ox *c, const Onnx__GraphProto *g, const char *note, nnx_error *err)
{
    nnx_ir_model *m = c->m;
    const nnx_alloc *alloc = m->ir.alloc;
    const char *format = m->format;
    nnx_ir_model_free(m);
    nnx_ir_model_init(m, alloc, format);
    nnx_strmap_clear(&c->values);
    c->seqs->n_e = c->seqs->n_ids = c->seqs->passes = 0;
    for (uint32_t v = 0; v < c->cache_cap; v++) {
        nnx_mem_free_aligned(alloc, c->cache[v]);
        c->cache[v] = NULL;
    }
    nnx_status st = add_initializers(c, g, NULL, err);
    if (st == NNX_OK)
        st = add_inputs(c, g, err);
    if (st == NNX_OK)
        st = nnx_ir_model_collect_inputs(m, err);
    if (st == NNX_OK)
        st = nnx_onnx_declare_unbound(c, g, err);
    if (st == NNX_OK && !(m->stage_note = nnx_arena_strdup(&m->ir.arena, note)))
        st = nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    m->staged = st == NNX_OK;
    return st;
}

nnx_status nnx_onnx_load_model(const Onnx__ModelProto *model, const char *name, const char *dir,
                               const nnx_ir_model_options *options, const nnx_onnx_known_input *known, uint32_t n_known,
                               const ox_stage *stage, nnx_onnx_string_outputs *str_out, nnx_ir_model *out,
                               nnx_error *err)
{
    nnx_ir_model_options none = {0};
    ox c = {.m = out,
            .ir = &out->ir,
            .path = name,
            .dir = dir,
            .options = options ? options : &none,
            .known = known,
            .n_known = n_known,
            .cut = UINT32_MAX};
    const nnx_alloc *alloc = out->ir.alloc;
    ox_seqs seqs = {0};
    ox_strs strs = {0};
    c.seqs = &seqs;
    c.strs = &strs;
    c.str_out = str_out;
    if (str_out)
        *str_out = (nnx_onnx_string_outputs){0};
    nnx_strmap used;
    nnx_strmap_init(&c.values, alloc, false);
    nnx_strmap_init(&used, alloc, false);
    nnx_onnx_known_input *stage_known = NULL;
    nnx_status st = read_header(&c, model, err);
    if (st == NNX_OK && !stage) /* a stage's model passed it when it was loaded whole */
        st = check_names(&c, model, err);
    const Onnx__GraphProto *g = model->graph;
    c.main_graph = g;
    if (st == NNX_OK && !stage)
        st = ox_structure_begin(&c, g, err);
    if (st == NNX_OK && !stage) /* a stage's model passed it when it was loaded whole */
        st = check_ops(&c, g, err);
    if (st == NNX_OK) {
        /* room for every name the graph can define (a node has a few outputs), within bounds */
        size_t names = g->n_initializer + g->n_input + 4 * g->n_node + 8;
        if (!nnx_strmap_reserve(&c.values, names < 32 ? 32 : names < (1u << 29) ? (uint32_t)names : (1u << 29)))
            st = nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    }
    size_t first = 0, last = g ? g->n_node : 0;
    if (st == NNX_OK && stage) {
        first = stage->first < last ? stage->first : last;
        last = stage->single && first < last ? first + 1 : last;
        st = ox_names_used(g, first, last, &used) == NNX_OK
            ? NNX_OK
            : nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    }
    if (st == NNX_OK)
        st = add_initializers(&c, g, stage ? &used : NULL, err);
    if (st == NNX_OK && stage) {
        st = ox_stage_inputs(&c, stage, &used, &stage_known, err);
        c.known = stage_known;
        for (c.n_known = 0; stage_known && c.n_known < stage->n_env && stage_known[c.n_known].name;)
            c.n_known++;
    } else if (st == NNX_OK) {
        st = add_inputs(&c, g, err);
        if (st == NNX_OK)
            st = nnx_onnx_check_dim_names(&c, err);
    }
    if (st == NNX_OK)
        st = nnx_ir_model_collect_inputs(out, err);
    bool may_cut = stage ? !stage->single : c.options->allow_stages;
    if (st == NNX_OK && out->unbound)
        st = nnx_onnx_declare_unbound(&c, g, err);
    else if (st == NNX_OK)
        st = add_nodes(&c, g, first, last, may_cut, err);
    if (st == NNX_OK && c.cut != UINT32_MAX && !stage) {
        char note[NNX_ERROR_MESSAGE_MAX];
        snprintf(note, sizeof note, "node '%.200s' (%.64s)", c.label, g->node[c.cut]->op_type);
        st = declare_staged(&c, g, note, err);
    } else if (st == NNX_OK && stage) {
        uint32_t end = c.cut != UINT32_MAX ? c.cut : (uint32_t)last;
        out->stage_end = end == g->n_node && !stage->single ? UINT32_MAX : end;
        if (end == g->n_node && !stage->single)
            st = add_outputs(&c, g, err);
        else
            st = ox_stage_outputs(&c, g, stage, end, err);
    } else if (st == NNX_OK && !out->unbound) {
        st = add_outputs(&c, g, err);
    }
    if (st == NNX_OK && !stage && !out->staged)
        st = ox_structure_finish(&c, g, err);
    ox_structure_free(&c);
    nnx_strmap_free(&c.values);
    nnx_strmap_free(&used);
    nnx_mem_free(alloc, stage_known);
    ox_seqs_free(&seqs, alloc);
    ox_strs_free(&strs, alloc);
    for (uint32_t v = 0; v < c.cache_cap; v++)
        nnx_mem_free_aligned(alloc, c.cache[v]);
    nnx_mem_free(alloc, c.cache);
    return st;
}

/* pa, watched: protobuf-c's unpack answers NULL both for a malformed message and for a failed
 * allocation, and only the allocator can tell the two apart (the largest block refused). */
typedef struct pb_watch {
    ProtobufCAllocator *inner;
    size_t refused;
} pb_watch;

static void *watch_alloc(void *data, size_t size)
{
    pb_watch *w = data;
    void *p = w->inner->alloc(w->inner->allocator_data, size);
    if (!p && size >= w->refused)
        w->refused = size ? size : 1;
    return p;
}

static void watch_free(void *data, void *p)
{
    pb_watch *w = data;
    w->inner->free(w->inner->allocator_data, p);
}

nnx_status ox_decode(const uint8_t *data, size_t size, const char *name, uint32_t max_depth, ProtobufCAllocator *pa,
                     Onnx__ModelProto **model, nnx_error *err)
{
    *model = NULL;
    nnx_status st = nnx_onnx_check_depth(data, size, name, max_depth, pa, err);
    if (st != NNX_OK)
        return st;
    /* the message's blocks come from pa's allocator either way: free_unpacked(pa) frees them */
    pb_watch w = {pa, 0};
    ProtobufCAllocator watched = {watch_alloc, watch_free, &w};
    *model = onnx__model_proto__unpack(&watched, size, data);
    if (!*model && w.refused)
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY,
                             "%s: error: out of memory decoding the protobuf (a block of %zu bytes was refused)", name,
                             w.refused);
    if (!*model)
        return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT, "%s: error: not an ONNX model (invalid protobuf)", name);
    return NNX_OK;
}

char *ox_model_dir(const char *path, const nnx_alloc *alloc)
{
    size_t len = strlen(path);
    char *dir = nnx_mem_alloc(alloc, len + 2);
    if (!dir)
        return NULL;
    memcpy(dir, path, len + 1);
    char *slash = strrchr(dir, '/');
    if (slash)
        *(slash == dir ? slash + 1 : slash) = 0;
    else
        strcpy(dir, ".");
    return dir;
}

/* nnx_onnx_load_buffer, string graph outputs going to *str_out (NULL: refused). */
static nnx_status load_buffer(const uint8_t *data, size_t size, const char *name, const char *dir,
                              const nnx_ir_model_options *options, const nnx_onnx_known_input *known, uint32_t n_known,
                              nnx_onnx_string_outputs *str_out, nnx_ir_model *out, nnx_error *err)
{
    ProtobufCAllocator pa = nnx_onnx_pb_allocator(out->ir.alloc);
    Onnx__ModelProto *model;
    nnx_status st = ox_decode(data, size, name, options ? options->limits.depth : 0, &pa, &model, err);
    if (st != NNX_OK)
        return st;
    st = nnx_onnx_load_model(model, name, dir, options, known, n_known, NULL, str_out, out, err);
    onnx__model_proto__free_unpacked(model, &pa);
    return st;
}

nnx_status nnx_onnx_load_buffer(const uint8_t *data, size_t size, const char *name, const char *dir,
                                const nnx_ir_model_options *options, const nnx_onnx_known_input *known,
                                uint32_t n_known, nnx_ir_model *out, nnx_error *err)
{
    return load_buffer(data, size, name, dir, options, known, n_known, NULL, out, err);
}

nnx_status nnx_onnx_load_with_strings(const char *path, const nnx_ir_model_options *options,
                                      const nnx_onnx_known_input *known, uint32_t n_known,
                                      nnx_onnx_string_outputs *strings, nnx_ir_model *out, nnx_error *err)
{
    nnx_file_view v;
    nnx_status st = nnx_file_map(path, out->ir.alloc, &v, err);
    if (st != NNX_OK)
        return st;
    char *dir = ox_model_dir(path, out->ir.alloc);
    if (!dir) {
        nnx_file_unmap(&v);
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    }
    st = load_buffer(v.data, v.size, path, dir, options, known, n_known, strings, out, err);
    nnx_mem_free(out->ir.alloc, dir);
    nnx_file_unmap(&v);
    return st;
}

nnx_status nnx_onnx_load_ex(const char *path, const nnx_ir_model_options *options, const nnx_onnx_known_input *known,
                            uint32_t n_known, nnx_ir_model *out, nnx_error *err)
{
    return nnx_onnx_load_with_strings(path, options, known, n_known, NULL, out, err);
}

/* The format table's loader: the public input values (nnx_model_options.values) become the
 * loader's known inputs, and string graph outputs are kept in the model. */
nnx_status nnx_onnx_load(const char *path, const nnx_ir_model_options *options, nnx_ir_model *out, nnx_error *err)
{
    uint32_t n = options ? options->value_count : 0;
    nnx_onnx_string_outputs strings = {0};
    nnx_onnx_known_input *known = n ? nnx_mem_calloc(out->ir.alloc, n, sizeof *known) : NULL;
    if (n && !known)
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "%s: error: out of memory", path);
    nnx_status st = NNX_OK;
    for (uint32_t i = 0; i < n && st == NNX_OK; i++) {
        const nnx_input_value *v = &options->values[i];
        static const nnx_onnx_known_kind kinds[] = {NNX_ONNX_KNOWN_TENSOR, NNX_ONNX_KNOWN_SEQUENCE,
                                                    NNX_ONNX_KNOWN_ABSENT, NNX_ONNX_KNOWN_STRINGS};
        if (!v->name || (unsigned)v->kind >= sizeof kinds / sizeof kinds[0] ||
            (v->kind == NNX_INPUT_VALUE_TENSOR && !v->data) || (v->kind == NNX_INPUT_VALUE_STRINGS && !v->strings))
            st = nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                               "%s: error: input value %u has no name, an unknown kind or no data", path, i);
        else
            known[i] = (nnx_onnx_known_input){.name = v->name,
                                              .desc = v->desc,
                                              .data = v->data,
                                              .kind = kinds[v->kind],
                                              .length = v->length,
                                              .strings = v->strings};
    }
    if (st == NNX_OK)
        st = nnx_onnx_load_with_strings(path, options, known, n, &strings, out, err);
    if (st == NNX_OK) {
        out->string_outputs = strings.v;
        out->n_string_outputs = strings.n;
    }
    nnx_mem_free(out->ir.alloc, known);
    return st;
}
