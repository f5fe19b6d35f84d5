/* graph_save.c — nnx_graph_save: a compiled graph's IR lowered to a flat NNEF graph
 * (formats/nnef/from_ir.h) and written with its constants as a container
 * (formats/nnef/writer.h); the same path serves models read into core IR (api/model.c).
 * The path picks the writer (api/save_target.h: .tosa and .json take those formats' rows,
 * endings nnx does not write are refused). Errors go to the context's message
 * (nnx_context_error). */
#include "api/model_format.h"
#include "api/objects.h"
#include "api/save_target.h"
#include "formats/nnef/emit/from_ir.h"
#include "formats/nnef/emit/writer.h"

nnx_status nnx_ir_to_nnef_flat(const nnx_ir *ir, const uint32_t *inputs, const char *const *input_names,
                               uint32_t n_inputs, const uint32_t *outputs, const char *const *output_names,
                               uint32_t n_outputs, const nnx_ir_renames *renames, const nnx_alloc *a,
                               nnx_nnef_flat *flat, nnx_nnef_variable_data **vars, uint32_t *n_vars, nnx_error *err)
{
    nnx_nnef_registry reg;
    nnx_status st = nnx_nnef_registry_init(&reg, NULL, a, err);
    if (st != NNX_OK)
        return st;
    st = nnx_nnef_from_ir(ir, inputs, input_names, n_inputs, outputs, output_names, n_outputs, &reg, renames, flat,
                          vars, n_vars, err);
    nnx_nnef_registry_free(&reg);
    return st;
}

nnx_status nnx_save_ir_as_nnef(const nnx_ir *ir, const uint32_t *inputs, const char *const *input_names,
                               uint32_t n_inputs, const uint32_t *outputs, const char *const *output_names,
                               uint32_t n_outputs, const char *path, const nnx_ir_renames *renames, const nnx_alloc *a,
                               nnx_error *err)
{
    nnx_nnef_flat flat;
    nnx_nnef_variable_data *vars = NULL;
    uint32_t n_vars = 0;
    nnx_nnef_flat_init(&flat, a, "graph.nnef");
    nnx_status st = nnx_ir_to_nnef_flat(ir, inputs, input_names, n_inputs, outputs, output_names, n_outputs, renames, a,
                                        &flat, &vars, &n_vars, err);
    if (st == NNX_OK)
        st = nnx_nnef_save(&flat, vars, n_vars, path, NNX_NNEF_FORMAT_AUTO, a, err);
    nnx_nnef_flat_free(&flat);
    return st;
}

nnx_status nnx_graph_save(nnx_graph *graph, const char *path) { return nnx_graph_save_with(graph, path, NULL); }

nnx_status nnx_graph_save_with(nnx_graph *graph, const char *path, const nnx_save_options *options)
{
    if (!graph)
        return NNX_ERROR_INVALID_ARGUMENT;
    if (graph->h.destroyed)
        return nnx_destroyed(graph->ctx, NNX_ERROR_INVALID_STATE, "graph save: the graph");
    if (!path)
        return nnx_context_fail(graph->ctx, NNX_ERROR_INVALID_ARGUMENT, "graph save: path is NULL");
    if (graph->shapes)
        return nnx_context_fail(graph->ctx, NNX_ERROR_NOT_SUPPORTED,
                                "graph save: the graph's input shapes are not bound (load the model with "
                                "input shapes to save it)");
    nnx_error err = {0};
    nnx_save_target t;
    nnx_status st = nnx_save_target_open(&t, path, options, &graph->ctx->alloc, &err);
    if (st == NNX_OK) { /* every row's writer, NNEF's included, takes core IR */
        nnx_ir_model_options o = {.renames = &t.renames};
        st = t.row->save(&graph->ir, graph->input_values, graph->input_names, graph->n_inputs, graph->output_values,
                         (const char *const *)graph->output_names, graph->n_outputs, t.path, &o, &graph->ctx->alloc,
                         &err);
        st = nnx_save_target_close(&t, st, &err);
    }
    return st == NNX_OK ? NNX_OK : nnx_context_fail(graph->ctx, st, "%s", err.message);
}
