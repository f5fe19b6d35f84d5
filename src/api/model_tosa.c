/* model_tosa.c — `.tosa` files as models (the "tosa" row of api/model_formats.c): the file
 * is read (formats/tosa/tosa_file.h) and kept, and its main block is built at load through
 * the TOSA front end (tosa_replay.c) on a private context, so that loading checks every
 * rule a graph built in C meets; the core IR that gives is served like ONNX's (model_ir.c).
 * Saving to `.tosa` writes the file as read; other formats are written from the core IR. */
#include "api/model_format.h"
#include "api/model_ir.h"
#include "api/tosa_replay.h"
#include "base/file.h"
#include "base/strbuf.h"
#include "formats/load_limits.h"
#include "formats/tosa/tosa_from_ir.h"
#include "ops/graph_build.h"

#include <stdio.h>
#include <string.h>

typedef struct tosa_model {
    nnx_ir_model ir; /* first: the model_ir.c operations take the model as an nnx_ir_model */
    nnx_tfile file;
    nnx_tosa_usage usage;
    const char *main_block;
} tosa_model;

static void tosa_free(void *model, const nnx_alloc *a)
{
    tosa_model *m = model;
    if (!m)
        return;
    nnx_ir_model_free(&m->ir);
    nnx_tfile_free(&m->file);
    nnx_mem_free(a, m);
}

/* Input shapes given at load must be the file's (a `.tosa` graph has fixed shapes). */
static nnx_status check_shapes(const tosa_model *m, const char *path, const nnx_model_options *o, nnx_error *err)
{
    for (uint32_t i = 0; o->input_shapes && i < o->input_shape_count; i++) {
        const nnx_input_shape *s = &o->input_shapes[i];
        for (uint32_t j = 0; j < m->ir.n_inputs; j++) {
            const nnx_value *v = &m->ir.ir.values[m->ir.inputs[j]];
            if (!s->name || !v->name || strcmp(s->name, v->name) != 0)
                continue;
            bool same = s->rank == v->desc.rank;
            for (uint32_t k = 0; same && k < s->rank; k++)
                same = s->shape[k] == v->desc.shape[k];
            if (!same)
                return nnx_error_set(err, NNX_ERROR_INVALID_ARGUMENT,
                                     "%s: error: input '%s': a .tosa graph's input shapes are fixed; the shape given "
                                     "differs from the file's",
                                     path, s->name);
        }
    }
    return NNX_OK;
}

/* The replayed builder's graph copied into m->ir (allocated from a, which outlives the
 * private context the builder belongs to). */
static nnx_status take_graph(tosa_model *m, nnx_builder *b, const nnx_tosa_replayed *r, nnx_error *err)
{
    nnx_ir_model *im = &m->ir;
    nnx_status st = nnx_ir_copy(&im->ir, &b->ir, err);
    if (st != NNX_OK)
        return st;
    nnx_arena *ar = &im->ir.arena;
    im->n_inputs = r->n_inputs, im->n_outputs = r->n_outputs;
    im->inputs = nnx_arena_array(ar, (size_t)r->n_inputs + 1, sizeof *im->inputs);
    im->outputs = nnx_arena_array(ar, (size_t)r->n_outputs + 1, sizeof *im->outputs);
    im->output_names = nnx_arena_array(ar, (size_t)r->n_outputs + 1, sizeof *im->output_names);
    if (!im->inputs || !im->outputs || !im->output_names)
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    for (uint32_t i = 0; i < r->n_inputs; i++)
        im->inputs[i] = r->inputs[i]->value;
    for (uint32_t i = 0; i < r->n_outputs; i++) {
        im->outputs[i] = r->outputs[i]->value;
        if (!(im->output_names[i] = nnx_arena_strdup(ar, r->output_names[i])))
            return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    }
    /* the operators `nnx info` lists: the main block's, by TOSA name */
    const nnx_tfile_block *blk = nnx_tfile_find_block(&m->file.regions[0], r->main_block);
    im->n_ops = blk ? blk->n_operators : 0;
    im->op_names = nnx_arena_array(ar, (size_t)im->n_ops + 1, sizeof *im->op_names);
    if (!im->op_names)
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    for (uint32_t i = 0; i < im->n_ops; i++) {
        const char *n = nnx_tfile_op_name(blk->operators[i].op);
        im->op_names[i] = n ? n : "UNKNOWN";
    }
    return NNX_OK;
}

/* nnx_model_options.max_names: the tensors and shapes of every block of the file, counted
 * once it is read and before the replay looks any up. */
static nnx_status check_names(const tosa_model *m, const char *path, uint32_t max, nnx_error *err)
{
    uint64_t n = 0;
    for (uint32_t i = 0; i < m->file.n_regions; i++)
        for (uint32_t j = 0; j < m->file.regions[i].n_blocks; j++)
            n += (uint64_t)m->file.regions[i].blocks[j].n_tensors + m->file.regions[i].blocks[j].n_shapes;
    if (n > max)
        return nnx_limit_error(err, NNX_LIMIT_NAMES, path,
                               "the file declares %llu tensors and shapes, more than %u names", (unsigned long long)n,
                               max);
    return NNX_OK;
}

/* Builds the file's main block on a private context into m. */
static nnx_status replay(tosa_model *m, const char *path, bool variable_outputs, const nnx_load_limits *limits,
                         nnx_error *err)
{
    nnx_context *ctx = NULL;
    nnx_builder *b = NULL;
    nnx_context_options co = {.threads = 1};
    if (nnx_context_create(&co, &ctx) != NNX_OK || nnx_builder_create(ctx, &b) != NNX_OK) {
        nnx_context_destroy(ctx);
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "%s: error: out of memory", path);
    }
    nnx_tosa *t = nnx_tosa_begin(b, NULL);
    b->ir.max_nodes = limits->operations;
    nnx_tosa_replayed r;
    nnx_status st = t ? nnx_tosa_replay(t, &m->file, path, variable_outputs, limits->depth, &r, err)
                      : nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "%s: error: out of memory", path);
    if (st == NNX_OK) {
        m->usage = *t->usage;
        m->main_block = r.main_block;
        st = take_graph(m, b, &r, err);
        /* copying the graph copies its constants: a failure names its bytes, add the file */
        if (st == NNX_ERROR_OUT_OF_MEMORY && strncmp(err->message, path, strlen(path)) != 0) {
            char why[NNX_ERROR_MESSAGE_MAX];
            snprintf(why, sizeof why, "%s", err->message);
            nnx_error_set(err, st, "%s: error: %s", path, why);
        }
    }
    nnx_context_destroy(ctx);
    return st;
}

static nnx_status tosa_load(const nnx_model_format *fmt, const char *path, const nnx_model_options *o,
                            const nnx_alloc *a, void **model, nnx_error *err)
{
    *model = NULL;
    tosa_model *m = nnx_mem_calloc(a, 1, sizeof *m);
    if (!m)
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "%s: error: out of memory", path);
    nnx_ir_model_init(&m->ir, a, fmt->name);
    nnx_tfile_init(&m->file, a);
    nnx_file_view view = {0};
    nnx_status st = nnx_file_map(path, a, &view, err);
    if (st == NNX_OK)
        st = nnx_tfile_read(&m->file, view.data, view.size, path, err);
    nnx_file_unmap(&view);
    nnx_load_limits limits = nnx_load_limits_of(o);
    if (st == NNX_OK)
        st = check_names(m, path, limits.names, err);
    if (st == NNX_OK)
        st = replay(m, path, (o->flags & NNX_MODEL_VARIABLE_OUTPUTS) != 0, &limits, err);
    if (st == NNX_OK)
        st = check_shapes(m, path, o, err);
    if (st != NNX_OK) {
        tosa_free(m, a);
        return st;
    }
    *model = m;
    return NNX_OK;
}

/* ---------------------------------------------------------------- Graphviz */

static void dot_name(nnx_strbuf *b, const char *s)
{
    nnx_strbuf_append(b, "\"", 1);
    for (; *s; s++) {
        char c = (unsigned char)*s >= 0x20 ? *s : '?';
        if (c == '"' || c == '\\')
            nnx_strbuf_append(b, "\\", 1);
        nnx_strbuf_append(b, &c, 1);
    }
    nnx_strbuf_append(b, "\"", 1);
}

/* One cluster per block: inputs and outputs as ellipses, operators as boxes named by their
 * TOSA kind, edges by tensor name (a constant's edge starts at its CONST box). */
static void dot_block(nnx_strbuf *b, const nnx_tfile_block *blk, uint32_t index)
{
    nnx_strbuf_printf(b, "  subgraph cluster_%u {\n    label=", index);
    dot_name(b, blk->name);
    nnx_strbuf_printf(b, ";\n");
    for (uint32_t i = 0; i < blk->n_inputs; i++) {
        nnx_strbuf_printf(b, "    b%u_t_", index);
        dot_name(b, blk->inputs[i]);
        nnx_strbuf_printf(b, " [shape=ellipse, label=");
        dot_name(b, blk->inputs[i]);
        nnx_strbuf_printf(b, "];\n");
    }
    for (uint32_t i = 0; i < blk->n_operators; i++) {
        const nnx_tfile_operator *op = &blk->operators[i];
        const char *kind = nnx_tfile_op_name(op->op);
        nnx_strbuf_printf(b, "    b%u_op%u [shape=box, label=\"%s\"];\n", index, i, kind ? kind : "UNKNOWN");
        for (uint32_t j = 0; j < op->n_outputs; j++) {
            nnx_strbuf_printf(b, "    b%u_op%u -> b%u_t_", index, i, index);
            dot_name(b, op->outputs[j]);
            nnx_strbuf_printf(b, " [style=invis];\n    b%u_t_", index);
            dot_name(b, op->outputs[j]);
            nnx_strbuf_printf(b, " [shape=point, xlabel=");
            dot_name(b, op->outputs[j]);
            nnx_strbuf_printf(b, "];\n");
        }
    }
    for (uint32_t i = 0; i < blk->n_operators; i++) {
        const nnx_tfile_operator *op = &blk->operators[i];
        for (uint32_t j = 0; j < op->n_inputs; j++) {
            nnx_strbuf_printf(b, "    b%u_t_", index);
            dot_name(b, op->inputs[j]);
            nnx_strbuf_printf(b, " -> b%u_op%u;\n", index, i);
        }
    }
    for (uint32_t i = 0; i < blk->n_outputs; i++) {
        nnx_strbuf_printf(b, "    b%u_out%u [shape=ellipse, label=", index, i);
        dot_name(b, blk->outputs[i]);
        nnx_strbuf_printf(b, "];\n    b%u_t_", index);
        dot_name(b, blk->outputs[i]);
        nnx_strbuf_printf(b, " -> b%u_out%u;\n", index, i);
    }
    nnx_strbuf_printf(b, "  }\n");
}

static nnx_status tosa_dot(const void *model, const nnx_alloc *a, char **text, nnx_error *err)
{
    (void)err;
    const tosa_model *m = model;
    nnx_strbuf b;
    nnx_strbuf_init(&b, a);
    nnx_strbuf_printf(&b, "digraph tosa {\n  rankdir=TB;\n");
    uint32_t index = 0;
    for (uint32_t r = 0; r < m->file.n_regions; r++)
        for (uint32_t i = 0; i < m->file.regions[r].n_blocks; i++)
            dot_block(&b, &m->file.regions[r].blocks[i], index++);
    nnx_strbuf_printf(&b, "}\n");
    *text = nnx_strbuf_take(&b, NULL);
    return NNX_OK;
}

/* ---------------------------------------------------------------- save */

static nnx_status tosa_save(const void *model, const nnx_model_format *to, const char *path,
                            const nnx_ir_renames *renames, const nnx_alloc *a, nnx_error *err)
{
    const tosa_model *m = model;
    if (to->save != nnx_tosa_save_ir) /* .tosa is written back as read: no name changes */
        return nnx_model_ir_save(&m->ir, to, path, renames, a, err);
    uint8_t *bytes = NULL;
    size_t size = 0;
    nnx_status st = nnx_tfile_write(&m->file, a, &bytes, &size, err);
    if (st == NNX_OK)
        st = nnx_file_write_atomic(path, bytes, size, err);
    nnx_mem_free(a, bytes);
    return st;
}

/* The model_ir.c operations on the graph (the model is an nnx_ir_model first). */
static size_t tosa_count(const void *model, nnx_model_list list) { return nnx_model_ir_ops.count(model, list); }
static const char *tosa_name(const void *model, nnx_model_list list, size_t i)
{
    return nnx_model_ir_ops.name(model, list, i);
}
static void tosa_desc(const void *model, nnx_model_list list, size_t i, nnx_operand_desc *out)
{
    nnx_model_ir_ops.desc(model, list, i, out);
}
static void tosa_parameters(const void *model, uint64_t *count, uint64_t *bytes)
{
    nnx_model_ir_parameters(model, count, bytes);
}
static nnx_status tosa_build(nnx_context *ctx, const void *model, uint32_t flags, nnx_graph **out, nnx_error *err)
{
    return nnx_model_ir_build(ctx, model, flags, out, err);
}

const nnx_model_ops nnx_model_tosa_ops = {tosa_load,       tosa_free, tosa_count, tosa_name,  tosa_desc, NULL,
                                          tosa_parameters, tosa_dot,  tosa_save,  tosa_build, NULL,      NULL};

void nnx_model_tosa_usage(const void *model, uint32_t *all, uint32_t *any)
{
    const tosa_model *m = model;
    *all = m->usage.all;
    *any = m->usage.any & m->usage.all ? 0 : m->usage.any;
}
