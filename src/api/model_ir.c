/* model_ir.c — the model API for models that a front end of the format table reads into core
 * IR (formats/ir_model.h), as the table's vtable nnx_model_ir_ops: load through the row's
 * loader, parameters as the constants, Graphviz through the NNEF form, save through the
 * target row's writer and build on a copy of the IR, so the model outlives its graphs. */
#include "api/model_ir.h"
#include "api/graph_shapes.h"
#include "api/graph_stages.h"
#include "api/shape_probe.h"
#include "base/strbuf.h"
#include "formats/nnef/emit/dot.h"
#include "formats/nnef/emit/from_ir.h"
#include "ir/dtypes.h"
#include "ops/graph_build.h"

#include <string.h>
#include <strings.h>

nnx_status nnx_model_ir_load(const nnx_model_format *fmt, const char *path, const nnx_model_options *o,
                             const nnx_alloc *a, nnx_ir_model **out, nnx_error *err)
{
    nnx_ir_model *m = nnx_mem_calloc(a, 1, sizeof *m);
    if (!m)
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "%s: error: out of memory", path);
    nnx_ir_model_init(m, a, fmt->name);
    nnx_ir_model_options lo = {
        .params_path = o->params_path,
        .input_shapes = o->input_shapes,
        .input_shape_count = o->input_shapes ? o->input_shape_count : 0,
        .skip_tensor_data = (o->flags & NNX_MODEL_SKIP_TENSOR_DATA) != 0,
        .zero_missing_variables = (o->flags & NNX_MODEL_ZERO_MISSING_VARIABLES) != 0,
        .allow_unbound = true,
        .seed = o->seed,
        .dims = o->dims,
        .dim_count = o->dims ? o->dim_count : 0,
        .allow_stages = fmt->stages != NULL,
        .newer_opsets = (o->flags & NNX_MODEL_NEWER_OPSETS) != 0,
        .values = o->values,
        .value_count = o->values ? o->value_count : 0,
        .structure_only = (o->flags & NNX_MODEL_STRUCTURE_ONLY) != 0,
        .limits = nnx_load_limits_of(o),
    };
    m->ir.max_nodes = lo.limits.operations;
    nnx_status st = fmt->load(path, &lo, m, err);
    /* Reloads (per shape set, per stage) read the file again without the values. */
    if (st == NNX_OK && lo.value_count && (m->unbound || m->staged))
        st = nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED,
                           "%s: error: input values are given, but the model still %s: give every input's shape "
                           "(and the values its shapes depend on)",
                           path, m->staged ? "depends on run-time values (staged)" : "has symbolic dimensions");
    if (st == NNX_OK && (m->unbound || m->staged)) {
        m->source.row = fmt;
        m->source.flags = o->flags;
        m->source.seed = o->seed;
        m->source.limits = lo.limits;
        m->source.path = nnx_arena_strdup(&m->ir.arena, path);
        m->source.params_path = o->params_path ? nnx_arena_strdup(&m->ir.arena, o->params_path) : NULL;
        if (!m->source.path || (o->params_path && !m->source.params_path))
            st = nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "%s: error: out of memory", path);
    }
    if (st != NNX_OK) {
        nnx_model_ir_free(m, a);
        m = NULL;
    }
    *out = m;
    return st;
}

void nnx_model_ir_free(nnx_ir_model *m, const nnx_alloc *a)
{
    if (!m)
        return;
    nnx_ir_model_free(m);
    nnx_mem_free(a, m);
}

void nnx_model_ir_parameters(const nnx_ir_model *m, uint64_t *count, uint64_t *bytes)
{
    for (uint32_t v = 0; v < m->ir.n_values; v++) {
        const nnx_value *val = &m->ir.values[v];
        uint64_t elements;
        if (val->kind != NNX_VALUE_CONSTANT || !nnx_desc_elements(&val->desc, &elements))
            continue;
        *count += elements;
        *bytes += elements * nnx_dtype_size(val->desc.dtype);
    }
}

/* Names of m's graph inputs (an array of the allocator's, freed by the caller). */
static const char **input_names(const nnx_ir_model *m, const nnx_alloc *a)
{
    const char **names = nnx_mem_calloc(a, m->n_inputs + 1, sizeof *names);
    for (uint32_t i = 0; names && i < m->n_inputs; i++)
        names[i] = m->ir.values[m->inputs[i]].name;
    return names;
}

/* The error of an operation that needs every shape, on an unbound model. */
static nnx_status need_shapes(const nnx_ir_model *m, const char *what, nnx_error *err)
{
    for (uint32_t i = 0; i < m->n_inputs; i++)
        for (uint32_t k = 0; m->input_dims && k < NNX_MAX_RANK; k++) {
            const char *s = m->input_dims[(size_t)i * NNX_MAX_RANK + k];
            if (s)
                return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED,
                                     "%s: error: graph input '%s' dimension %u ('%s') has no extent: give the input "
                                     "shapes to %s it (nnx_model_options.input_shapes; nnx --input-shape)",
                                     m->source.path, m->ir.values[m->inputs[i]].name, k, s, what);
        }
    return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED, "%s: error: the input shapes are not bound", m->source.path);
}

/* The error of draw or convert on a staged model: its graph is only known in stages. */
static nnx_status staged_refusal(const nnx_ir_model *m, const char *what, nnx_error *err)
{
    return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED,
                         "%s: error: cannot %s this model: a shape in it depends on run-time values (%s), so its "
                         "graph is only built in stages while it runs",
                         m->source.path, what, m->stage_note ? m->stage_note : "");
}

nnx_status nnx_model_ir_dot(const nnx_ir_model *m, const nnx_alloc *a, char **text, nnx_error *err)
{
    *text = NULL;
    if (m->unbound)
        return need_shapes(m, "draw", err);
    if (m->staged)
        return staged_refusal(m, "draw", err);
    if (m->source_graph)
        return nnx_ir_source_dot(m->source_graph, a, text, err);
    if (m->dot) {
        *text = nnx_mem_strdup(a, m->dot);
        return *text ? NNX_OK : nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    }
    const char **names = input_names(m, a);
    nnx_nnef_flat flat;
    nnx_nnef_variable_data *vars = NULL;
    uint32_t n_vars = 0;
    nnx_nnef_flat_init(&flat, a, "graph.nnef");
    nnx_status st = names ? nnx_ir_to_nnef_flat(&m->ir, m->inputs, names, m->n_inputs, m->outputs, m->output_names,
                                                m->n_outputs, NULL, a, &flat, &vars, &n_vars, err)
                          : nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    if (st == NNX_OK) {
        nnx_strbuf b;
        nnx_strbuf_init(&b, a);
        nnx_nnef_dot(&flat, &b);
        *text = nnx_strbuf_take(&b, NULL);
        if (!*text)
            st = nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    }
    nnx_nnef_flat_free(&flat);
    nnx_mem_free(a, names);
    return st;
}

nnx_status nnx_model_ir_save(const nnx_ir_model *m, const nnx_model_format *to, const char *path,
                             const nnx_ir_renames *renames, const nnx_alloc *a, nnx_error *err)
{
    if (m->unbound)
        return need_shapes(m, "convert", err);
    if (m->staged)
        return staged_refusal(m, "convert", err);
    if (m->n_unsupported)
        return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED, "%s", m->unrunnable);
    const char **names = input_names(m, a);
    if (!names)
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    nnx_ir_model_options o = {.renames = renames};
    nnx_status st = to->save(&m->ir, m->inputs, names, m->n_inputs, m->outputs, m->output_names, m->n_outputs, path, &o,
                             a, err);
    nnx_mem_free(a, names);
    return st;
}

/* ---------------------------------------------------------------- unbound models */

/* What an unbound model's graph loads again for each shape set: a copy of its source. */
typedef struct ir_source {
    const nnx_model_format *row;
    char *path, *params_path;
    uint32_t flags;
    uint64_t seed;
    nnx_load_limits limits;
} ir_source;

static void source_free(void *user, const nnx_alloc *a)
{
    ir_source *s = user;
    if (!s)
        return;
    nnx_mem_free(a, s->path);
    nnx_mem_free(a, s->params_path);
    nnx_mem_free(a, s);
}

nnx_status nnx_model_ir_reload(const nnx_model_format *row, const char *path, const char *params_path, uint32_t flags,
                               uint64_t seed, const nnx_load_limits *limits, const nnx_input_shape *shapes, uint32_t n,
                               const nnx_alloc *a, nnx_ir_model **out, nnx_error *err)
{
    nnx_model_options o = {
        .flags = flags, .input_shapes = shapes, .input_shape_count = n, .params_path = params_path, .seed = seed};
    nnx_load_limits_to(limits, &o);
    nnx_status st = nnx_model_ir_load(row, path, &o, a, out, err);
    if (st == NNX_OK && (*out)->unbound) {
        st = need_shapes(*out, "run", err);
        nnx_model_ir_free(*out, a);
        *out = NULL;
    }
    return st;
}

static nnx_status source_specialize(void *user, nnx_context *ctx, const nnx_input_shape *shapes, uint32_t n,
                                    nnx_graph **out, nnx_error *err)
{
    const ir_source *s = user;
    nnx_ir_model *m = NULL;
    *out = NULL;
    nnx_status st = nnx_model_ir_reload(s->row, s->path, s->params_path, s->flags, s->seed, &s->limits, shapes, n,
                                        &ctx->alloc, &m, err);
    if (st == NNX_OK)
        st = nnx_model_ir_build(ctx, m, 0, out, err);
    if (st == NNX_OK)
        nnx_context_disown(ctx, &(*out)->h.link); /* the unbound graph owns it */
    nnx_model_ir_free(m, &ctx->alloc);
    return st;
}

/* m with its output types probed (shape_probe.h) if it is unbound. The cache is filled on
 * the first query, through the const of the model API's queries: the model itself is the
 * caller's and mutable, and used from one thread at a time (nnx.h rule 7). */
static const nnx_ir_model *probed(const nnx_ir_model *m)
{
    if (m->unbound && !m->outputs_probed)
        nnx_shape_probe_outputs((nnx_ir_model *)m);
    return m;
}

static nnx_status build_unbound(nnx_context *ctx, const nnx_ir_model *m, nnx_graph **out, nnx_error *err)
{
    const nnx_alloc *a = &ctx->alloc;
    ir_source *s = nnx_mem_calloc(a, 1, sizeof *s);
    const char **names = input_names(m, a);
    nnx_operand_desc *descs = nnx_mem_calloc(a, m->n_inputs + 1, sizeof *descs);
    nnx_status st = NNX_ERROR_OUT_OF_MEMORY;
    if (s && names && descs) {
        s->row = m->source.row;
        s->flags = m->source.flags;
        s->seed = m->source.seed;
        s->limits = m->source.limits;
        s->path = nnx_mem_strdup(a, m->source.path);
        s->params_path = m->source.params_path ? nnx_mem_strdup(a, m->source.params_path) : NULL;
        if (s->path && (!m->source.params_path || s->params_path))
            st = NNX_OK;
    }
    if (st != NNX_OK) {
        source_free(s, a);
        nnx_mem_free(a, names);
        nnx_mem_free(a, descs);
        return nnx_error_set(err, st, "out of memory");
    }
    for (uint32_t i = 0; i < m->n_inputs; i++)
        descs[i] = m->ir.values[m->inputs[i]].desc;
    probed(m);
    nnx_shape_list in = {m->n_inputs, names, descs, m->input_dims};
    nnx_shape_list outs = {m->n_outputs, m->output_names, m->declared_outputs, m->output_dims};
    st = nnx_graph_create_unbound(ctx, &in, &outs, (nnx_shape_source){source_specialize, source_free, s}, out, err);
    nnx_mem_free(a, names);
    nnx_mem_free(a, descs);
    return st;
}

/* A staged model's graph: its stages loaded from the file as dispatches reach them. */
static nnx_status build_staged(nnx_context *ctx, const nnx_ir_model *m, nnx_graph **out, nnx_error *err)
{
    const nnx_model_format *row = m->source.row;
    nnx_ir_model_options o = {.params_path = m->source.params_path,
                              .skip_tensor_data = (m->source.flags & NNX_MODEL_SKIP_TENSOR_DATA) != 0,
                              .zero_missing_variables = (m->source.flags & NNX_MODEL_ZERO_MISSING_VARIABLES) != 0,
                              .seed = m->source.seed,
                              .limits = m->source.limits};
    nnx_stage_source src = {row->stages, m->source.path, &o};
    return nnx_graph_create_staged(ctx, m, &src, out, err);
}

nnx_status nnx_model_ir_build(nnx_context *ctx, const nnx_ir_model *m, uint32_t flags, nnx_graph **out, nnx_error *err)
{
    if (m->n_unsupported) /* structure-only, unbound ones too: refused now, not at dispatch */
        return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED, "%s", m->unrunnable);
    if ((flags & NNX_BUILD_EXPOSE_TENSORS) && m->unbound)
        return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED,
                             "%s: error: intermediate tensors can be outputs only once the input shapes are known: "
                             "give them when loading the model",
                             m->source.path ? m->source.path : "model");
    if ((flags & NNX_BUILD_EXPOSE_TENSORS) && m->staged)
        return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED,
                             "%s: error: intermediate tensors cannot be outputs of a staged model (%s): its stages "
                             "are compiled as it runs",
                             m->source.path ? m->source.path : "model", m->stage_note ? m->stage_note : "staged");
    if (m->unbound)
        return build_unbound(ctx, m, out, err);
    if (m->staged)
        return build_staged(ctx, m, out, err);
    if (m->unrunnable)
        return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED, "%s", m->unrunnable);
    if (!m->n_outputs && m->n_string_outputs)
        return nnx_error_set(err, NNX_ERROR_NOT_SUPPORTED,
                             "every output of the model is a string tensor, computed while it loaded: there is no "
                             "graph to run (read them with nnx_model_string_output)");
    nnx_ir ir;
    nnx_ir_init(&ir, &ctx->alloc);
    nnx_status st = nnx_ir_copy(&ir, &m->ir, err);
    if (st != NNX_OK) {
        nnx_ir_free(&ir);
        return st;
    }
    return nnx_graph_create_with(ctx, &ir, m->outputs, m->output_names, m->n_outputs, flags, out, err); /* moves ir */
}

/* ---------------------------------------------------------------- the vtable */

static nnx_status ir_load(const nnx_model_format *fmt, const char *path, const nnx_model_options *o, const nnx_alloc *a,
                          void **model, nnx_error *err)
{
    nnx_ir_model *m = NULL;
    nnx_status st = nnx_model_ir_load(fmt, path, o, a, &m, err);
    *model = m;
    return st;
}

static void ir_free(void *model, const nnx_alloc *a) { nnx_model_ir_free(model, a); }

static size_t ir_count(const void *model, nnx_model_list list)
{
    const nnx_ir_model *m = model;
    return list == NNX_MODEL_INPUTS ? m->n_inputs : list == NNX_MODEL_OUTPUTS ? m->n_outputs : m->n_ops;
}

static const char *ir_name(const void *model, nnx_model_list list, size_t i)
{
    const nnx_ir_model *m = model;
    switch (list) {
    case NNX_MODEL_INPUTS: return m->ir.values[m->inputs[i]].name;
    case NNX_MODEL_OUTPUTS: return m->output_names[i];
    case NNX_MODEL_OPS: return m->op_names[i];
    }
    return NULL;
}

static void ir_desc(const void *model, nnx_model_list list, size_t i, nnx_operand_desc *out)
{
    const nnx_ir_model *m = model;
    if (list == NNX_MODEL_OUTPUTS && m->unbound)
        *out = probed(m)->declared_outputs[i];
    else if (list == NNX_MODEL_OUTPUTS && (m->staged || m->outputs[i] == NNX_NONE))
        *out = m->declared_outputs[i]; /* staged, or after an unsupported operation */
    else
        *out = m->ir.values[list == NNX_MODEL_INPUTS ? m->inputs[i] : m->outputs[i]].desc;
}

static const char *ir_dim_name(const void *model, nnx_model_list list, size_t i, uint32_t axis)
{
    const nnx_ir_model *m = list == NNX_MODEL_OUTPUTS ? probed(model) : model;
    const char **dims = list == NNX_MODEL_INPUTS ? m->input_dims : list == NNX_MODEL_OUTPUTS ? m->output_dims : NULL;
    return dims && axis < NNX_MAX_RANK ? dims[i * NNX_MAX_RANK + axis] : NULL;
}

static void ir_parameters(const void *model, uint64_t *count, uint64_t *bytes)
{
    nnx_model_ir_parameters(model, count, bytes);
}

static nnx_status ir_dot(const void *model, const nnx_alloc *a, char **text, nnx_error *err)
{
    return nnx_model_ir_dot(model, a, text, err);
}

static nnx_status ir_save(const void *model, const nnx_model_format *to, const char *path,
                          const nnx_ir_renames *renames, const nnx_alloc *a, nnx_error *err)
{
    return nnx_model_ir_save(model, to, path, renames, a, err);
}

static nnx_status ir_build(nnx_context *ctx, const void *model, uint32_t flags, nnx_graph **out, nnx_error *err)
{
    return nnx_model_ir_build(ctx, model, flags, out, err);
}

static const nnx_ir_unsupported *ir_unsupported(const void *model, uint32_t *count)
{
    const nnx_ir_model *m = model;
    *count = m->n_unsupported;
    return m->unsupported;
}

/* An output after an operation that was not lowered has no value in ir; an unbound or
 * staged model's outputs are typed (by name or at run time), not unknown. */
static bool ir_output_known(const void *model, size_t i)
{
    const nnx_ir_model *m = model;
    if (m->unbound) /* the probes load it at fixed shapes and see */
        return !probed(m)->output_unknown || !m->output_unknown[i];
    return m->staged || m->outputs[i] != NNX_NONE;
}

const nnx_model_ops nnx_model_ir_ops = {ir_load,       ir_free, ir_count, ir_name,  ir_desc,        ir_dim_name,
                                        ir_parameters, ir_dot,  ir_save,  ir_build, ir_unsupported, ir_output_known};
