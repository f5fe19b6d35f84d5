/* model_nnef.c — the NNEF row of the model format table (api/model_format.h): a model kept
 * as NNEF's own loaded form (formats/nnef/model.h: flat graph, tensor files, graph.quant)
 * for listing, parameters (variables sharing a label counted once, NNEF 1.0.2 §4.1.3),
 * Graphviz and saving as NNEF with the tensor files as read; lowered to core IR for
 * building and for saving in another format. */
#include "api/model_ir.h"
#include "base/strbuf.h"
#include "formats/nnef/emit/dot.h"
#include "formats/nnef/emit/writer.h"
#include "formats/nnef/lower/lower.h"
#include "formats/nnef/lower/tosa_nnef.h"
#include "formats/nnef/syntax/nnx_ops.h"
#include "formats/nnef/model.h"
#include "ir/dtypes.h"

#include <string.h>
#include <strings.h>

/* NNEF 1.0.2 §3.2.2: a fragment declared without a body that is not a standard primitive
 * is a custom operation, valid NNEF that the inference engine must provide; nnx provides the
 * tosa_ fragments of its TOSA documents and its nnx_ops extension, no others. Each use is
 * listed as unsupported, named by its first result; an nnx_ops fragment read as custom gets
 * its own reason (lower.c refuses the same). */
static nnx_status list_custom(nnx_nnef_model *m, nnx_error *err)
{
    const nnx_nnef_flat *g = &m->flat;
    if (!g->has_custom_ops || nnx_nnef_tosa_document(g))
        return NNX_OK;
    nnx_ir_unsupported *u = nnx_arena_array(&m->flat.arena, g->n_ops, sizeof *u);
    if (!u)
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "%s: error: out of memory", g->filename);
    uint32_t n = 0;
    for (uint32_t i = 0; i < g->n_ops; i++) {
        const nnx_nnef_flat_op *op = &g->ops[i];
        if (!op->custom || op->extension)
            continue;
        const nnx_nnef_value *r = op->n_results ? &op->results[0].value : NULL;
        while (r && (r->kind == NNX_NNEF_VALUE_ARRAY || r->kind == NNX_NNEF_VALUE_TUPLE))
            r = r->count ? &r->u.items[0] : NULL;
        u[n].op = op->name;
        u[n].node = r && r->kind == NNX_NNEF_VALUE_TENSOR ? g->tensors[r->u.tensor].name : "";
        u[n].reason = nnx_nnef_ext_find(op->name)
            ? "a fragment of nnx's nnx_ops extension, read as a custom operation (the document does not list "
              "nnx_ops, or strict 1.0.2 mode)"
            : "custom operation (declared without a body): nnx has no kernel for it";
        n++;
    }
    m->unsupported = u;
    m->n_unsupported = n;
    return NNX_OK;
}

static nnx_status nnef_load(const nnx_model_format *fmt, const char *path, const nnx_model_options *o,
                            const nnx_alloc *a, void **model, nnx_error *err)
{
    nnx_nnef_load_options lo = {
        .lenient_extensions = o->flags & NNX_MODEL_LENIENT_EXTENSIONS,
        .expand_all = o->flags & NNX_MODEL_EXPAND_ALL,
        .skip_tensor_data = o->flags & NNX_MODEL_SKIP_TENSOR_DATA,
        .zero_missing_variables = o->flags & NNX_MODEL_ZERO_MISSING_VARIABLES,
        .apply_quantization = o->flags & NNX_MODEL_APPLY_QUANTIZATION,
        .strict_1_0_2 = o->flags & NNX_MODEL_STRICT_1_0_2,
        .input_shapes = o->input_shapes,
        .input_shape_count = o->input_shapes ? o->input_shape_count : 0,
        .limits = nnx_load_limits_of(o),
    };
    nnx_nnef_model *m = NULL;
    nnx_status st = nnx_nnef_model_load(path, &lo, a, &m, err);
    if (st == NNX_OK && (o->flags & NNX_MODEL_STRUCTURE_ONLY))
        st = list_custom(m, err);
    *model = m;
    return st;
}

static void nnef_free(void *model, const nnx_alloc *a) { nnx_nnef_model_free(model); }

static size_t nnef_count(const void *model, nnx_model_list list)
{
    const nnx_nnef_flat *g = &((const nnx_nnef_model *)model)->flat;
    return list == NNX_MODEL_INPUTS ? g->n_inputs : list == NNX_MODEL_OUTPUTS ? g->n_outputs : g->n_ops;
}

static const char *nnef_name(const void *model, nnx_model_list list, size_t i)
{
    const nnx_nnef_flat *g = &((const nnx_nnef_model *)model)->flat;
    switch (list) {
    case NNX_MODEL_INPUTS: return g->tensors[g->inputs[i]].name;
    case NNX_MODEL_OUTPUTS: return g->tensors[g->outputs[i]].name;
    case NNX_MODEL_OPS: return g->ops[i].name;
    }
    return NULL;
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

static void tensor_desc(const nnx_nnef_flat_tensor *tensor, nnx_operand_desc *out)
{
    memset(out, 0, sizeof *out);
    out->dtype = dtype_of(tensor->dtype);
    if (!tensor->has_shape)
        return;
    out->rank = tensor->rank;
    memcpy(out->shape, tensor->shape, tensor->rank * sizeof *out->shape);
}

static void nnef_desc(const void *model, nnx_model_list list, size_t i, nnx_operand_desc *out)
{
    const nnx_nnef_flat *g = &((const nnx_nnef_model *)model)->flat;
    tensor_desc(&g->tensors[list == NNX_MODEL_INPUTS ? g->inputs[i] : g->outputs[i]], out);
}

static void nnef_parameters(const void *model, uint64_t *count, uint64_t *bytes)
{
    const nnx_nnef_flat *g = &((const nnx_nnef_model *)model)->flat;
    for (uint32_t t = 0; t < g->n_tensors; t++) {
        const nnx_nnef_flat_tensor *tensor = &g->tensors[t];
        if (!tensor->label || !tensor->has_shape)
            continue;
        bool shared = false; /* variables with the same label share one set of data (§4.1.3) */
        for (uint32_t u = 0; u < t && !shared; u++)
            shared = g->tensors[u].label && strcasecmp(g->tensors[u].label, tensor->label) == 0;
        if (shared)
            continue;
        nnx_operand_desc d;
        tensor_desc(tensor, &d);
        uint64_t elements;
        if (!nnx_desc_elements(&d, &elements))
            continue;
        *count += elements;
        *bytes += elements * nnx_dtype_size(d.dtype);
    }
}

static nnx_status nnef_dot(const void *model, const nnx_alloc *a, char **text, nnx_error *err)
{
    nnx_strbuf b;
    nnx_strbuf_init(&b, a);
    const nnx_nnef_flat *g = &((const nnx_nnef_model *)model)->flat;
    nnx_nnef_dot_marked(g, g->has_custom_ops && !nnx_nnef_tosa_document(g), &b);
    *text = nnx_strbuf_take(&b, NULL);
    return NNX_OK;
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
            seen = m->bindings[u].present && g->tensors[u].label &&
                strcasecmp(g->tensors[u].label, g->tensors[t].label) == 0;
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

/* The model as NNEF again: the flat graph's text, graph.quant and the tensor files. */
static nnx_status save_nnef(const nnx_nnef_model *m, const char *path, const nnx_alloc *a, nnx_error *err)
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

/* The NNEF model as core IR (what nnef_build compiles), for a writer of another format. */
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

/* NNEF is saved as read; another format through the model's core IR and that row's writer. */
static nnx_status nnef_save(const void *model, const nnx_model_format *to, const char *path,
                            const nnx_ir_renames *renames, const nnx_alloc *a, nnx_error *err)
{
    if (to->ops == &nnx_model_nnef_ops) /* saved as read: no name changes */
        return save_nnef(model, path, a, err);
    nnx_ir_model tmp;
    nnx_ir_model_init(&tmp, a, "nnef");
    nnx_status st = nnef_to_ir(model, &tmp, err);
    if (st == NNX_OK)
        st = nnx_model_ir_save(&tmp, to, path, renames, a, err);
    nnx_ir_model_free(&tmp);
    return st;
}

static nnx_status nnef_build(nnx_context *ctx, const void *model, uint32_t flags, nnx_graph **out, nnx_error *err)
{
    nnx_ir_model tmp;
    nnx_ir_model_init(&tmp, &ctx->alloc, "nnef");
    nnx_status st = nnef_to_ir(model, &tmp, err);
    if (st == NNX_OK) /* moves tmp.ir; the output names stay in tmp's arena until freed */
        st = nnx_graph_create_with(ctx, &tmp.ir, tmp.outputs, tmp.output_names, tmp.n_outputs, flags, out, err);
    nnx_ir_model_free(&tmp);
    return st;
}

static const nnx_ir_unsupported *nnef_unsupported(const void *model, uint32_t *count)
{
    const nnx_nnef_model *m = model;
    *count = m->n_unsupported;
    return m->unsupported;
}

/* An output's shape is unknown after a custom operation: NNEF 1.0.2 chapter 6 leaves shape
 * propagation out for a graph that has one. */
static bool nnef_output_known(const void *model, size_t i)
{
    const nnx_nnef_flat *g = &((const nnx_nnef_model *)model)->flat;
    return g->tensors[g->outputs[i]].has_shape;
}

const nnx_model_ops nnx_model_nnef_ops = {nnef_load, nnef_free,  nnef_count,       nnef_name,
                                          nnef_desc, NULL,       nnef_parameters,  nnef_dot,
                                          nnef_save, nnef_build, nnef_unsupported, nnef_output_known};

nnx_status nnx_model_nnef_save_ir(const nnx_ir *ir, const uint32_t *inputs, const char *const *input_names,
                                  uint32_t n_inputs, const uint32_t *outputs, const char *const *output_names,
                                  uint32_t n_outputs, const char *path, const nnx_ir_model_options *options,
                                  const nnx_alloc *alloc, nnx_error *err)
{
    return nnx_save_ir_as_nnef(ir, inputs, input_names, n_inputs, outputs, output_names, n_outputs, path,
                               options ? options->renames : NULL, alloc, err);
}
