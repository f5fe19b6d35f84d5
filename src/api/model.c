/* model.c — the public model API: load, introspection (inputs, outputs, ops, parameters),
 * save, build and Graphviz text. A model is either NNEF (formats/nnef/model.h, kept in its
 * own richer form) or read into core IR by a front end of the format table
 * (formats/ir_model.h, api/model_formats.c; the IR side is in model_ir.c), picked by the
 * path's extension. Errors go to the context's message (nnx_context_error). */
#include "api/model_ir.h"
#include "base/strbuf.h"
#include "formats/nnef/model.h"
#include "formats/nnef/emit/dot.h"
#include "formats/nnef/lower/lower.h"
#include "formats/nnef/emit/writer.h"
#include "ir/dtypes.h"

#include <string.h>
#include <strings.h>

#define LIVE(m) ((m) && !(m)->h.destroyed)

struct nnx_model {
    nnx_handle h; /* first (api/handle.h) */
    nnx_context *ctx;
    nnx_nnef_model *nnef; /* an NNEF model, or */
    nnx_ir_model *irm;    /* a model of another format, read into core IR */
    char *dot;
};

static nnx_status load_nnef(nnx_model *m, const char *path, const nnx_model_options *o, nnx_error *err)
{
    nnx_nnef_load_options lo = {
        .lenient_extensions = o->flags & NNX_MODEL_LENIENT_EXTENSIONS,
        .expand_all = o->flags & NNX_MODEL_EXPAND_ALL,
        .skip_tensor_data = o->flags & NNX_MODEL_SKIP_TENSOR_DATA,
        .zero_missing_variables = o->flags & NNX_MODEL_ZERO_MISSING_VARIABLES,
        .apply_quantization = o->flags & NNX_MODEL_APPLY_QUANTIZATION,
        .input_shapes = o->input_shapes,
        .input_shape_count = o->input_shapes ? o->input_shape_count : 0,
    };
    return nnx_nnef_model_load(path, &lo, &m->ctx->alloc, &m->nnef, err);
}

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
    nnx_model *m = nnx_handle_alloc(sizeof *m);
    if (!m)
        return nnx_context_fail(ctx, NNX_ERROR_OUT_OF_MEMORY, "%s: error: out of memory", path);
    m->ctx = ctx;
    nnx_error err = {0};
    const nnx_model_format *fmt = nnx_model_format_of(path);
    nnx_status st = fmt ? nnx_model_ir_load(fmt, path, &o, &ctx->alloc, &m->irm, &err) : load_nnef(m, path, &o, &err);
    if (st != NNX_OK) {
        nnx_handle_free(m);
        return nnx_context_fail(ctx, st, "%s", err.message);
    }
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
    nnx_model_ir_free(m->irm, &m->ctx->alloc);
    nnx_mem_free(&m->ctx->alloc, m->dot);
    m->nnef = NULL;
    m->irm = NULL;
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

#define NNEF(m) (LIVE(m) && (m)->nnef)
#define IRM(m) (LIVE(m) && (m)->irm)

size_t nnx_model_input_count(const nnx_model *m)
{
    return NNEF(m) ? m->nnef->flat.n_inputs : IRM(m) ? m->irm->n_inputs : 0;
}
size_t nnx_model_output_count(const nnx_model *m)
{
    return NNEF(m) ? m->nnef->flat.n_outputs : IRM(m) ? m->irm->n_outputs : 0;
}

const char *nnx_model_input_name(const nnx_model *m, size_t i)
{
    if (IRM(m))
        return i < m->irm->n_inputs ? m->irm->ir.values[m->irm->inputs[i]].name : NULL;
    return NNEF(m) && i < m->nnef->flat.n_inputs ? m->nnef->flat.tensors[m->nnef->flat.inputs[i]].name : NULL;
}

const char *nnx_model_output_name(const nnx_model *m, size_t i)
{
    if (IRM(m))
        return i < m->irm->n_outputs ? m->irm->output_names[i] : NULL;
    return NNEF(m) && i < m->nnef->flat.n_outputs ? m->nnef->flat.tensors[m->nnef->flat.outputs[i]].name : NULL;
}

/* The descriptor of IR value v, or of NNEF tensor t; zeros when neither applies. */
static void io_desc(const nnx_model *m, bool input, size_t i, nnx_operand_desc *out)
{
    memset(out, 0, sizeof *out);
    if (IRM(m) && i < (input ? m->irm->n_inputs : m->irm->n_outputs))
        *out = m->irm->ir.values[input ? m->irm->inputs[i] : m->irm->outputs[i]].desc;
    else if (NNEF(m) && i < (input ? m->nnef->flat.n_inputs : m->nnef->flat.n_outputs))
        tensor_desc(m, input ? m->nnef->flat.inputs[i] : m->nnef->flat.outputs[i], out);
}

void nnx_model_input_desc(const nnx_model *m, size_t i, nnx_operand_desc *out)
{
    if (out)
        io_desc(m, true, i, out);
}

void nnx_model_output_desc(const nnx_model *m, size_t i, nnx_operand_desc *out)
{
    if (out)
        io_desc(m, false, i, out);
}

size_t nnx_model_op_count(const nnx_model *m)
{
    return NNEF(m) ? m->nnef->flat.n_ops : IRM(m) ? m->irm->n_ops : 0;
}

const char *nnx_model_op_name(const nnx_model *m, size_t i)
{
    if (IRM(m))
        return i < m->irm->n_ops ? m->irm->op_names[i] : NULL;
    return NNEF(m) && i < m->nnef->flat.n_ops ? m->nnef->flat.ops[i].name : NULL;
}

void nnx_model_parameters(const nnx_model *m, uint64_t *count, uint64_t *bytes)
{
    uint64_t n = 0, b = 0;
    if (IRM(m))
        nnx_model_ir_parameters(m->irm, &n, &b);
    for (uint32_t t = 0; NNEF(m) && t < m->nnef->flat.n_tensors; t++) {
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
    char *text = NULL;
    if (m->irm) {
        nnx_error err = {0};
        if (nnx_model_ir_dot(m->irm, &m->ctx->alloc, &text, &err) != NNX_OK) {
            nnx_context_fail(m->ctx, err.status ? err.status : NNX_ERROR_OUT_OF_MEMORY, "dot: %s", err.message);
            return NULL;
        }
    } else {
        nnx_strbuf b;
        nnx_strbuf_init(&b, &m->ctx->alloc);
        nnx_nnef_dot(&m->nnef->flat, &b);
        text = nnx_strbuf_take(&b, NULL);
    }
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

/* The NNEF model as core IR (what nnx_model_build compiles), for a writer of another format. */
static nnx_status nnef_to_ir(const nnx_nnef_model *nm, nnx_ir_model *out, nnx_error *err)
{
    const nnx_nnef_flat *g = &nm->flat;
    out->n_outputs = g->n_outputs;
    out->outputs = nnx_arena_array(&out->ir.arena, g->n_outputs + 1, sizeof *out->outputs);
    out->output_names = nnx_arena_array(&out->ir.arena, g->n_outputs + 1, sizeof *out->output_names);
    if (!out->outputs || !out->output_names)
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    nnx_status st = nnx_nnef_lower(nm, &out->ir, out->outputs, err);
    for (uint32_t i = 0; st == NNX_OK && i < g->n_outputs; i++)
        out->output_names[i] = g->tensors[g->outputs[i]].name;
    return st == NNX_OK ? nnx_ir_model_collect_inputs(out, err) : st;
}

/* Writes m to path in the format the path's extension names (NNEF for any other path). */
static nnx_status save_model(nnx_model *m, const char *path, nnx_error *err)
{
    const nnx_alloc *a = &m->ctx->alloc;
    const nnx_model_format *fmt = nnx_model_format_of(path);
    if (!fmt && m->nnef)
        return save(m->nnef, path, a, err);
    if (fmt && !fmt->save)
        return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED, "%s: nnx reads %s files but does not write them", path,
                             fmt->name);
    if (m->irm)
        return nnx_model_ir_save(m->irm, fmt, path, a, err);
    nnx_ir_model tmp;
    nnx_ir_model_init(&tmp, a, "nnef");
    nnx_status st = nnef_to_ir(m->nnef, &tmp, err);
    if (st == NNX_OK)
        st = nnx_model_ir_save(&tmp, fmt, path, a, err);
    nnx_ir_model_free(&tmp);
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
    nnx_status st = save_model(m, path, &err);
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
    nnx_error err = {0};
    nnx_status st;
    if (m->irm) {
        st = nnx_model_ir_build(ctx, m->irm, out, &err);
    } else {
        nnx_ir_model tmp;
        nnx_ir_model_init(&tmp, &ctx->alloc, "nnef");
        st = nnef_to_ir(m->nnef, &tmp, &err);
        if (st == NNX_OK) /* moves tmp.ir; the output names stay in tmp's arena until freed */
            st = nnx_graph_create(ctx, &tmp.ir, tmp.outputs, tmp.output_names, tmp.n_outputs, out, &err);
        nnx_ir_model_free(&tmp);
    }
    return st == NNX_OK ? NNX_OK : nnx_context_fail(ctx, st, "%s", err.message);
}
