/* model.c — the public model API: load, introspection (inputs, outputs, ops, parameters),
 * save, build and Graphviz text. Every format is a row of the format table
 * (api/model_format.h, api/model_formats.c), picked by the file's content (when saving, by its extension
 * through api/save_target.h, which also refuses paths nnx does not write); this file serves
 * them all through the row's operations. Errors go to the context's message
 * (nnx_context_error). */
#include "api/model_format.h"
#include "api/model_ir.h"
#include "api/name_match.h"
#include "api/save_target.h"

#include <stdio.h>
#include <string.h>

#define LIVE(m) ((m) && !(m)->h.destroyed)

struct nnx_model {
    nnx_handle h; /* first (api/handle.h) */
    nnx_context *ctx;
    const nnx_model_format *format; /* the row it was loaded with */
    void *model;                    /* the row's own model (format->ops) */
    char *dot;
};

static nnx_status check_input_shape_names(nnx_model *m, const char *path, const nnx_model_options *o);

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
    m->format = nnx_model_format_for(path, o.format, &err);
    if (!m->format) {
        nnx_handle_free(m);
        return nnx_context_fail(ctx, err.status, "%s", err.message);
    }
    nnx_status st = m->format->ops->load(m->format, path, &o, &ctx->alloc, &m->model, &err);
    if (st != NNX_OK) {
        nnx_handle_free(m);
        return nnx_context_fail(ctx, st, "%s", err.message);
    }
    nnx_context_own(ctx, &ctx->models, &m->h.link);
    if ((st = check_input_shape_names(m, path, &o)) != NNX_OK) {
        nnx_model_destroy(m);
        return st;
    }
    *out = m;
    return NNX_OK;
}

void nnx_model_destroy(nnx_model *m)
{
    if (!m || m->h.destroyed)
        return;
    nnx_context_disown(m->ctx, &m->h.link);
    m->format->ops->free(m->model, &m->ctx->alloc);
    nnx_mem_free(&m->ctx->alloc, m->dot);
    m->model = NULL;
    m->dot = NULL;
    nnx_handle_bury(&m->h);
}

/* The row's operations while m is alive and loaded, else NULL. */
static const nnx_model_ops *ops_of(const nnx_model *m) { return LIVE(m) && m->model ? m->format->ops : NULL; }

static size_t count_of(const nnx_model *m, nnx_model_list list)
{
    const nnx_model_ops *ops = ops_of(m);
    return ops ? ops->count(m->model, list) : 0;
}

static const char *name_of(const nnx_model *m, nnx_model_list list, size_t i)
{
    return i < count_of(m, list) ? m->format->ops->name(m->model, list, i) : NULL;
}

size_t nnx_model_input_count(const nnx_model *m) { return count_of(m, NNX_MODEL_INPUTS); }
size_t nnx_model_output_count(const nnx_model *m) { return count_of(m, NNX_MODEL_OUTPUTS); }
const char *nnx_model_input_name(const nnx_model *m, size_t i) { return name_of(m, NNX_MODEL_INPUTS, i); }
const char *nnx_model_output_name(const nnx_model *m, size_t i) { return name_of(m, NNX_MODEL_OUTPUTS, i); }

/* The descriptor of input or output i; zeros when there is none. */
static void io_desc(const nnx_model *m, nnx_model_list list, size_t i, nnx_operand_desc *out)
{
    memset(out, 0, sizeof *out);
    if (i < count_of(m, list))
        m->format->ops->desc(m->model, list, i, out);
}

/* Every shape o gives names a graph input of m, once: a misspelt name would otherwise leave
 * the input as the file declares it without a word (formats that ignore unknown names). */
static nnx_status check_input_shape_names(nnx_model *m, const char *path, const nnx_model_options *o)
{
    if (o->dims && o->dim_count && strcmp(m->format->name, "onnx") != 0)
        return nnx_context_fail(m->ctx, NNX_ERROR_INVALID_ARGUMENT,
                                "%s: error: %s models have no named dimensions (give input shapes)", path,
                                m->format->name);
    if (o->values && o->value_count && strcmp(m->format->name, "onnx") != 0)
        return nnx_context_fail(m->ctx, NNX_ERROR_INVALID_ARGUMENT,
                                "%s: error: %s models take no input values at load (an ONNX option)", path,
                                m->format->name);
    for (uint32_t k = 0; o->input_shapes && k < o->input_shape_count; k++) {
        const char *name = o->input_shapes[k].name;
        if (!name)
            return nnx_context_fail(m->ctx, NNX_ERROR_INVALID_ARGUMENT, "%s: error: input shape %u has no name", path,
                                    k);
        for (uint32_t j = 0; j < k; j++)
            if (strcmp(o->input_shapes[j].name, name) == 0)
                return nnx_context_fail(m->ctx, NNX_ERROR_INVALID_ARGUMENT,
                                        "%s: error: two shapes are given for input '%s'", path, name);
        size_t i = 0, n = nnx_model_input_count(m);
        while (i < n && strcmp(nnx_model_input_name(m, i), name) != 0)
            i++;
        if (i == n)
            return nnx_context_fail(m->ctx, NNX_ERROR_INVALID_ARGUMENT,
                                    "%s: error: a shape is given for '%s', which is not a graph input", path, name);
    }
    return NNX_OK;
}

static nnx_status find_named(nnx_model *m, nnx_model_list list, const char *name, size_t *index)
{
    if (!m || !name || !index)
        return NNX_ERROR_INVALID_ARGUMENT;
    if (m->h.destroyed)
        return nnx_destroyed(m->ctx, NNX_ERROR_INVALID_STATE, "model find: the model");
    size_t n = count_of(m, list);
    const char **names = nnx_mem_calloc(&m->ctx->alloc, n + 1, sizeof *names);
    if (!names)
        return nnx_context_fail(m->ctx, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    for (size_t i = 0; i < n; i++)
        names[i] = name_of(m, list, i);
    nnx_error err = {0};
    nnx_status st = nnx_name_match(names, n, name, m->format->sanitize, list == NNX_MODEL_INPUTS ? "input" : "output",
                                   &m->ctx->alloc, index, &err);
    nnx_mem_free(&m->ctx->alloc, names);
    return st == NNX_OK ? NNX_OK : nnx_context_fail(m->ctx, st, "%s", err.message);
}

nnx_status nnx_model_find_input(nnx_model *m, const char *name, size_t *index)
{
    return find_named(m, NNX_MODEL_INPUTS, name, index);
}

nnx_status nnx_model_find_output(nnx_model *m, const char *name, size_t *index)
{
    return find_named(m, NNX_MODEL_OUTPUTS, name, index);
}

void nnx_model_input_desc(const nnx_model *m, size_t i, nnx_operand_desc *out)
{
    if (out)
        io_desc(m, NNX_MODEL_INPUTS, i, out);
}

void nnx_model_output_desc(const nnx_model *m, size_t i, nnx_operand_desc *out)
{
    if (out)
        io_desc(m, NNX_MODEL_OUTPUTS, i, out);
}

static const char *dim_name_of(const nnx_model *m, nnx_model_list list, size_t i, uint32_t axis)
{
    const nnx_model_ops *ops = ops_of(m);
    return ops && ops->dim_name && i < count_of(m, list) ? ops->dim_name(m->model, list, i, axis) : NULL;
}

const char *nnx_model_input_dim_name(const nnx_model *m, size_t i, uint32_t axis)
{
    return dim_name_of(m, NNX_MODEL_INPUTS, i, axis);
}

const char *nnx_model_output_dim_name(const nnx_model *m, size_t i, uint32_t axis)
{
    return dim_name_of(m, NNX_MODEL_OUTPUTS, i, axis);
}

const char *nnx_model_format_name(const nnx_model *m) { return LIVE(m) ? m->format->name : NULL; }

const char *nnx_model_staged_reason(const nnx_model *m)
{
    if (!LIVE(m) || m->format->ops != &nnx_model_ir_ops)
        return NULL;
    const nnx_ir_model *im = m->model;
    return im->staged ? im->stage_note : NULL;
}

nnx_status nnx_model_tosa_profiles(const nnx_model *m, uint32_t *all, uint32_t *any)
{
    if (!LIVE(m) || !all || !any)
        return NNX_ERROR_INVALID_ARGUMENT;
    *all = *any = 0;
    if (m->format->ops != &nnx_model_tosa_ops)
        return NNX_ERROR_NOT_SUPPORTED;
    nnx_model_tosa_usage(m->model, all, any);
    return NNX_OK;
}

size_t nnx_model_op_count(const nnx_model *m) { return count_of(m, NNX_MODEL_OPS); }

/* The unsupported operations of m (*n of them), NULL when none. */
static const nnx_ir_unsupported *unsupported_of(const nnx_model *m, uint32_t *n)
{
    const nnx_model_ops *ops = ops_of(m);
    *n = 0;
    const nnx_ir_unsupported *u = ops && ops->unsupported ? ops->unsupported(m->model, n) : NULL;
    if (!u)
        *n = 0;
    return u;
}

size_t nnx_model_unsupported_count(const nnx_model *m)
{
    uint32_t n;
    unsupported_of(m, &n);
    return n;
}

bool nnx_model_unsupported(const nnx_model *m, size_t index, const char **op, const char **node, const char **reason)
{
    uint32_t n;
    const nnx_ir_unsupported *u = unsupported_of(m, &n);
    if (index >= n)
        return false;
    if (op)
        *op = u[index].op;
    if (node)
        *node = u[index].node;
    if (reason)
        *reason = u[index].reason;
    return true;
}

bool nnx_model_output_shape_known(const nnx_model *m, size_t i)
{
    if (i >= count_of(m, NNX_MODEL_OUTPUTS))
        return false;
    const nnx_model_ops *ops = m->format->ops;
    return !ops->output_known || ops->output_known(m->model, i);
}
const char *nnx_model_op_name(const nnx_model *m, size_t i) { return name_of(m, NNX_MODEL_OPS, i); }

void nnx_model_parameters(const nnx_model *m, uint64_t *count, uint64_t *bytes)
{
    uint64_t n = 0, b = 0;
    const nnx_model_ops *ops = ops_of(m);
    if (ops)
        ops->parameters(m->model, &n, &b);
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
    nnx_error err = {0};
    if (m->format->ops->dot(m->model, &m->ctx->alloc, &text, &err) != NNX_OK) {
        nnx_context_fail(m->ctx, err.status ? err.status : NNX_ERROR_OUT_OF_MEMORY, "dot: %s", err.message);
        return NULL;
    }
    if (!text) {
        nnx_context_fail(m->ctx, NNX_ERROR_OUT_OF_MEMORY, "dot: out of memory");
        return NULL;
    }
    nnx_mem_free(&m->ctx->alloc, m->dot);
    m->dot = text;
    return text;
}

nnx_status nnx_model_save(nnx_model *m, const char *path) { return nnx_model_save_with(m, path, NULL); }

nnx_status nnx_model_save_with(nnx_model *m, const char *path, const nnx_save_options *options)
{
    if (!m)
        return NNX_ERROR_INVALID_ARGUMENT;
    if (m->h.destroyed)
        return nnx_destroyed(m->ctx, NNX_ERROR_INVALID_STATE, "model save: the model");
    if (!path)
        return nnx_context_fail(m->ctx, NNX_ERROR_INVALID_ARGUMENT, "model: path is NULL");
    nnx_error err = {0};
    nnx_save_target t;
    nnx_status st = nnx_save_target_open(&t, path, options, &m->ctx->alloc, &err);
    if (st == NNX_OK)
        st = nnx_save_target_close(&t, m->format->ops->save(m->model, t.row, t.path, &t.renames, &m->ctx->alloc, &err),
                                   &err);
    return st == NNX_OK ? NNX_OK : nnx_context_fail(m->ctx, st, "%s", err.message);
}

nnx_status nnx_model_build(nnx_model *m, nnx_graph **out) { return nnx_model_build_with(m, NULL, out); }

nnx_status nnx_model_build_with(nnx_model *m, const nnx_build_options *options, nnx_graph **out)
{
    if (!m || !out)
        return NNX_ERROR_INVALID_ARGUMENT;
    *out = NULL;
    if (m->h.destroyed)
        return nnx_destroyed(m->ctx, NNX_ERROR_INVALID_STATE, "model build: the model");
    uint32_t flags = options ? options->flags : 0;
    if (flags & ~(uint32_t)NNX_BUILD_EXPOSE_TENSORS)
        return nnx_context_fail(m->ctx, NNX_ERROR_INVALID_ARGUMENT, "model build: unknown flags 0x%x",
                                (unsigned)(flags & ~(uint32_t)NNX_BUILD_EXPOSE_TENSORS));
    nnx_error err = {0};
    nnx_status st = m->format->ops->build(m->ctx, m->model, flags, out, &err);
    if (st == NNX_OK) /* the graph finds names from before a conversion as the model does */
        (*out)->sanitize = m->format->sanitize;
    return st == NNX_OK ? NNX_OK : nnx_context_fail(m->ctx, st, "%s", err.message);
}

/* String outputs exist only in models a front end reads into core IR (ONNX). */
static const nnx_ir_model *ir_model_of(const nnx_model *m)
{
    return LIVE(m) && m->model && m->format->ops == &nnx_model_ir_ops ? m->model : NULL;
}

size_t nnx_model_string_output_count(const nnx_model *m)
{
    const nnx_ir_model *ir = ir_model_of(m);
    return ir ? ir->n_string_outputs : 0;
}

bool nnx_model_string_output(const nnx_model *m, size_t index, const char **name, uint32_t *position,
                             nnx_operand_desc *desc, const char *const **strings)
{
    const nnx_ir_model *ir = ir_model_of(m);
    if (!ir || index >= ir->n_string_outputs)
        return false;
    const nnx_ir_string_output *o = &ir->string_outputs[index];
    if (name)
        *name = o->name;
    if (position)
        *position = o->position;
    if (desc)
        *desc = o->desc;
    if (strings)
        *strings = o->strings;
    return true;
}
