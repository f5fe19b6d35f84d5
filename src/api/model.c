/* model.c — the public model API over the NNEF loader (src/formats/nnef/model.h): load,
 * introspection (inputs, outputs, ops, parameters), save as NNEF, and Graphviz text.
 * Errors go to the context's message (nnx_context_error). */
#include "api/objects.h"
#include "base/strbuf.h"
#include "formats/nnef/model.h"
#include "formats/nnef/dot.h"
#include "formats/nnef/lower.h"
#include "formats/nnef/writer.h"
#include "ir/dtypes.h"

#include <string.h>
#include <strings.h>

#define LIVE(m) ((m) && !(m)->h.destroyed)

struct nnx_model {
    nnx_handle h; /* first (api/handle.h) */
    nnx_context *ctx;
    nnx_nnef_model *nnef;
    char *dot;
};

nnx_status nnx_model_load(nnx_context *ctx, const char *path, const nnx_model_options *options, nnx_model **out)
{
    if (!ctx || !out)
        return NNX_ERROR_INVALID_ARGUMENT;
    *out = NULL;
    if (ctx->h.destroyed)
        return NNX_ERROR_INVALID_STATE;
    if (!path)
        return nnx_context_fail(ctx, NNX_ERROR_INVALID_ARGUMENT, "model: path is NULL");
    nnx_model_options o = options ? *options : (nnx_model_options){0};
    nnx_nnef_load_options lo = {
        .lenient_extensions = o.flags & NNX_MODEL_LENIENT_EXTENSIONS,
        .expand_all = o.flags & NNX_MODEL_EXPAND_ALL,
        .skip_tensor_data = o.flags & NNX_MODEL_SKIP_TENSOR_DATA,
        .zero_missing_variables = o.flags & NNX_MODEL_ZERO_MISSING_VARIABLES,
        .apply_quantization = o.flags & NNX_MODEL_APPLY_QUANTIZATION,
        .input_shapes = o.input_shapes,
        .input_shape_count = o.input_shapes ? o.input_shape_count : 0,
    };
    nnx_model *m = nnx_handle_alloc(sizeof *m);
    if (!m)
        return nnx_context_fail(ctx, NNX_ERROR_OUT_OF_MEMORY, "%s: error: out of memory", path);
    nnx_error err = {0};
    nnx_status st = nnx_nnef_model_load(path, &lo, &ctx->alloc, &m->nnef, &err);
    if (st != NNX_OK) {
        nnx_handle_free(m);
        return nnx_context_fail(ctx, st, "%s", err.message);
    }
    m->ctx = ctx;
    nnx_context_own(ctx, &ctx->models, &m->h.link);
    *out = m;
    return NNX_OK;
}

void nnx_model_destroy(nnx_model *m)
{
    if (!m || m->h.destroyed)
        return;
    nnx_context_disown(m->ctx, &m->h.link);
    nnx_nnef_model_free(m->nnef);
    nnx_mem_free(&m->ctx->alloc, m->dot);
    m->nnef = NULL;
    m->dot = NULL;
    nnx_handle_bury(&m->h);
}

static nnx_dtype dtype_of(nnx_nnef_type_kind k)
{
    switch (k) {
    case NNX_NNEF_TYPE_SCALAR: return NNX_FLOAT32;
    case NNX_NNEF_TYPE_INTEGER: return NNX_INT32;
    case NNX_NNEF_TYPE_LOGICAL: return NNX_BOOL;
    default: return NNX_DTYPE_UNDEFINED;
    }
}

static void tensor_desc(const nnx_model *m, uint32_t t, nnx_operand_desc *out)
{
    const nnx_nnef_flat_tensor *tensor = &m->nnef->flat.tensors[t];
    memset(out, 0, sizeof *out);
    out->dtype = dtype_of(tensor->dtype);
    if (!tensor->has_shape)
        return;
    out->rank = tensor->rank;
    memcpy(out->shape, tensor->shape, tensor->rank * sizeof *out->shape);
}

size_t nnx_model_input_count(const nnx_model *m) { return LIVE(m) ? m->nnef->flat.n_inputs : 0; }
size_t nnx_model_output_count(const nnx_model *m) { return LIVE(m) ? m->nnef->flat.n_outputs : 0; }

const char *nnx_model_input_name(const nnx_model *m, size_t i)
{
    return LIVE(m) && i < m->nnef->flat.n_inputs ? m->nnef->flat.tensors[m->nnef->flat.inputs[i]].name : NULL;
}

const char *nnx_model_output_name(const nnx_model *m, size_t i)
{
    return LIVE(m) && i < m->nnef->flat.n_outputs ? m->nnef->flat.tensors[m->nnef->flat.outputs[i]].name : NULL;
}

void nnx_model_input_desc(const nnx_model *m, size_t i, nnx_operand_desc *out)
{
    if (!out)
        return;
    if (LIVE(m) && i < m->nnef->flat.n_inputs)
        tensor_desc(m, m->nnef->flat.inputs[i], out);
    else
        memset(out, 0, sizeof *out);
}

void nnx_model_output_desc(const nnx_model *m, size_t i, nnx_operand_desc *out)
{
    if (!out)
        return;
    if (LIVE(m) && i < m->nnef->flat.n_outputs)
        tensor_desc(m, m->nnef->flat.outputs[i], out);
    else
        memset(out, 0, sizeof *out);
}

size_t nnx_model_op_count(const nnx_model *m) { return LIVE(m) ? m->nnef->flat.n_ops : 0; }

const char *nnx_model_op_name(const nnx_model *m, size_t i)
{
    return LIVE(m) && i < m->nnef->flat.n_ops ? m->nnef->flat.ops[i].name : NULL;
}

void nnx_model_parameters(const nnx_model *m, uint64_t *count, uint64_t *bytes)
{
    uint64_t n = 0, b = 0;
    for (uint32_t t = 0; LIVE(m) && t < m->nnef->flat.n_tensors; t++) {
        const nnx_nnef_flat_tensor *tensor = &m->nnef->flat.tensors[t];
        if (!tensor->label || !tensor->has_shape)
            continue;
        bool shared = false; /* variables with the same label share one set of data (§4.1.3) */
        for (uint32_t u = 0; u < t && !shared; u++)
            shared = m->nnef->flat.tensors[u].label && strcasecmp(m->nnef->flat.tensors[u].label, tensor->label) == 0;
        if (shared)
            continue;
        nnx_operand_desc d;
        tensor_desc(m, t, &d);
        uint64_t elements;
        if (!nnx_desc_elements(&d, &elements))
            continue;
        n += elements;
        b += elements * nnx_dtype_size(d.dtype);
    }
    if (count)
        *count = n;
    if (bytes)
        *bytes = b;
}

const char *nnx_model_dot(nnx_model *m)
{
    if (!LIVE(m))
        return NULL;
    nnx_strbuf b;
    nnx_strbuf_init(&b, &m->ctx->alloc);
    nnx_nnef_dot(&m->nnef->flat, &b);
    char *text = nnx_strbuf_take(&b, NULL);
    if (!text) {
        nnx_context_fail(m->ctx, NNX_ERROR_OUT_OF_MEMORY, "dot: out of memory");
        return NULL;
    }
    nnx_mem_free(&m->ctx->alloc, m->dot);
    m->dot = text;
    return text;
}

/* Adds every variable's tensor file once (shared labels share one file), bytes as read. */
static nnx_status add_tensor_files(const nnx_nnef_model *m, nnx_nnef_container_writer *w, nnx_error *err)
{
    const nnx_nnef_flat *g = &m->flat;
    for (uint32_t t = 0; t < g->n_tensors; t++) {
        const nnx_nnef_binding *b = &m->bindings[t];
        if (!g->tensors[t].label || !b->present)
            continue;
        bool seen = false;
        for (uint32_t u = 0; u < t && !seen; u++)
            seen = m->bindings[u].present && g->tensors[u].label && strcasecmp(g->tensors[u].label, g->tensors[t].label) == 0;
        if (seen)
            continue;
        char relpath[NNX_NNEF_PATH_MAX + 1];
        nnx_status st = nnx_nnef_label_path(g->tensors[t].label, relpath, sizeof relpath, err);
        if (st == NNX_OK)
            st = nnx_nnef_container_writer_add(w, relpath, b->bytes, b->size, err);
        if (st != NNX_OK)
            return st;
    }
    return NNX_OK;
}

static nnx_status save(const nnx_nnef_model *m, const char *path, const nnx_alloc *a, nnx_error *err)
{
    nnx_nnef_container_writer *w = NULL;
    nnx_strbuf graph, quant;
    nnx_strbuf_init(&graph, a);
    nnx_strbuf_init(&quant, a);
    nnx_status st = nnx_nnef_container_writer_create(a, &w, err);
    if (st == NNX_OK)
        st = nnx_nnef_write_text(&m->flat, &graph, err);
    if (st == NNX_OK)
        st = nnx_nnef_write_quant(&m->flat, &quant, err);
    if (st == NNX_OK)
        st = nnx_nnef_container_writer_add(w, "graph.nnef", graph.data, graph.len, err);
    if (st == NNX_OK && quant.len)
        st = nnx_nnef_container_writer_add(w, "graph.quant", quant.data, quant.len, err);
    if (st == NNX_OK)
        st = add_tensor_files(m, w, err);
    if (st == NNX_OK)
        st = nnx_nnef_container_writer_write(w, path, NNX_NNEF_FORMAT_AUTO, err);
    nnx_nnef_container_writer_destroy(w);
    nnx_strbuf_free(&graph);
    nnx_strbuf_free(&quant);
    return st;
}

nnx_status nnx_model_save(nnx_model *m, const char *path)
{
    if (!m)
        return NNX_ERROR_INVALID_ARGUMENT;
    if (m->h.destroyed)
        return nnx_destroyed(m->ctx, NNX_ERROR_INVALID_STATE, "model save: the model");
    if (!path)
        return nnx_context_fail(m->ctx, NNX_ERROR_INVALID_ARGUMENT, "model: path is NULL");
    nnx_error err = {0};
    nnx_status st = save(m->nnef, path, &m->ctx->alloc, &err);
    return st == NNX_OK ? NNX_OK : nnx_context_fail(m->ctx, st, "%s", err.message);
}

nnx_status nnx_model_build(nnx_model *m, nnx_graph **out)
{
    if (!m || !out)
        return NNX_ERROR_INVALID_ARGUMENT;
    *out = NULL;
    if (m->h.destroyed)
        return nnx_destroyed(m->ctx, NNX_ERROR_INVALID_STATE, "model build: the model");
    nnx_context *ctx = m->ctx;
    const nnx_nnef_flat *g = &m->nnef->flat;
    nnx_ir ir;
    nnx_ir_init(&ir, &ctx->alloc);
    uint32_t *outputs = nnx_mem_calloc(&ctx->alloc, g->n_outputs + 1, sizeof *outputs);
    const char **names = nnx_mem_calloc(&ctx->alloc, g->n_outputs + 1, sizeof *names);
    nnx_error err = {0};
    nnx_status st = outputs && names ? nnx_nnef_lower(m->nnef, &ir, outputs, &err)
                                     : nnx_error_set(&err, NNX_ERROR_OUT_OF_MEMORY, "build: out of memory");
    for (uint32_t i = 0; st == NNX_OK && i < g->n_outputs; i++)
        names[i] = g->tensors[g->outputs[i]].name;
    if (st == NNX_OK)
        st = nnx_graph_create(ctx, &ir, outputs, names, g->n_outputs, out, &err); /* moves ir */
    nnx_ir_free(&ir);
    nnx_mem_free(&ctx->alloc, outputs);
    nnx_mem_free(&ctx->alloc, names);
    return st == NNX_OK ? NNX_OK : nnx_context_fail(ctx, st, "%s", err.message);
}
