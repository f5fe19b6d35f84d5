/* build.c — nnx_builder_build (WebNN build steps 1-7): validate the named outputs, move the
 * builder's IR into a new graph, record the reachable inputs, compile the plan. The graph
 * construction is shared with nnx_model_build (nnx_graph_create). */
#include "api/builder.h"

#include "base/checked.h"
#include "base/strmap.h"

#include <string.h>

/* The checks of WebNN build step 1, output by output in order: the first failing one is the
 * error. Repeated names are found with a map of the names seen so far (linear in count). */
static nnx_status check_named(nnx_builder *b, const nnx_named_operand *outputs, size_t count, nnx_strmap *seen)
{
    for (size_t i = 0; i < count; i++) {
        const char *name = outputs[i].name;
        const nnx_operand *op = outputs[i].operand;
        if (!name || !name[0])
            return nnx_error_set(&b->err, NNX_ERROR_INVALID_ARGUMENT, "build: output %zu has an empty name", i);
        bool added;
        if (!nnx_strmap_put(seen, name, &added))
            return nnx_error_set(&b->err, NNX_ERROR_OUT_OF_MEMORY, "build: out of memory");
        if (!added)
            return nnx_error_set(&b->err, NNX_ERROR_INVALID_ARGUMENT, "build: output name '%s' is given twice", name);
        if (!op || op->builder != b || op->value == NNX_NONE)
            return nnx_error_set(&b->err, NNX_ERROR_INVALID_ARGUMENT,
                                 "build: output '%s' is not an operand of this builder", name);
        if (b->ir.values[op->value].kind != NNX_VALUE_NODE)
            return nnx_error_set(&b->err, NNX_ERROR_INVALID_ARGUMENT,
                                 "build: output '%s' is a graph input or a constant (use identity)", name);
    }
    return NNX_OK;
}

static nnx_status check_outputs(nnx_builder *b, const nnx_named_operand *outputs, size_t count)
{
    if (!outputs || count == 0)
        return nnx_error_set(&b->err, NNX_ERROR_INVALID_ARGUMENT, "build: no outputs given");
    if (count > UINT32_MAX / 2)
        return nnx_error_set(&b->err, NNX_ERROR_INVALID_ARGUMENT, "build: too many outputs");
    nnx_strmap seen;
    nnx_strmap_init(&seen, &b->ctx->alloc, false);
    nnx_status st = nnx_strmap_reserve(&seen, (uint32_t)count)
        ? check_named(b, outputs, count, &seen)
        : nnx_error_set(&b->err, NNX_ERROR_OUT_OF_MEMORY, "build: out of memory");
    nnx_strmap_free(&seen);
    return st;
}

/* Inputs reachable from the outputs, in declaration order; unreachable constants freed. */
static nnx_status collect(nnx_graph *g, const nnx_alloc *a)
{
    nnx_ir *ir = &g->ir;
    bool *node_live = nnx_mem_calloc(a, ir->n_nodes + 1, sizeof *node_live);
    bool *value_live = nnx_mem_calloc(a, ir->n_values + 1, sizeof *value_live);
    nnx_status st = NNX_ERROR_OUT_OF_MEMORY;
    if (!node_live || !value_live)
        goto done;
    nnx_ir_mark_live(ir, g->output_values, g->n_outputs, node_live, value_live);
    uint32_t n = 0;
    for (uint32_t v = 0; v < ir->n_values; v++)
        n += ir->values[v].kind == NNX_VALUE_INPUT && value_live[v];
    g->input_values = nnx_mem_calloc(a, n + 1, sizeof *g->input_values);
    g->input_names = nnx_mem_calloc(a, n + 1, sizeof *g->input_names);
    if (!g->input_values || !g->input_names)
        goto done;
    for (uint32_t v = 0; v < ir->n_values; v++) {
        nnx_value *val = &ir->values[v];
        if (val->kind == NNX_VALUE_INPUT && value_live[v]) {
            g->input_values[g->n_inputs] = v;
            g->input_names[g->n_inputs++] = val->name;
        } else if (val->kind == NNX_VALUE_CONSTANT && !value_live[v]) {
            nnx_mem_free_aligned(a, val->data);
            val->data = NULL;
        }
    }
    st = NNX_OK;
done:
    nnx_mem_free(a, node_live);
    nnx_mem_free(a, value_live);
    return st;
}

static nnx_status set_outputs(nnx_graph *g, const uint32_t *values, const char *const *names, uint32_t count,
                              const nnx_alloc *a)
{
    g->output_values = nnx_mem_calloc(a, count, sizeof *g->output_values);
    g->output_names = nnx_mem_calloc(a, count, sizeof *g->output_names);
    if (!g->output_values || !g->output_names)
        return NNX_ERROR_OUT_OF_MEMORY;
    g->n_outputs = count;
    for (uint32_t i = 0; i < count; i++) {
        g->output_values[i] = values[i];
        if (!(g->output_names[i] = nnx_mem_strdup(a, names[i])))
            return NNX_ERROR_OUT_OF_MEMORY;
    }
    return NNX_OK;
}

nnx_status nnx_graph_create(nnx_context *ctx, nnx_ir *ir, const uint32_t *outputs, const char *const *names,
                            uint32_t count, nnx_graph **out, nnx_error *err)
{
    *out = NULL;
    nnx_graph *g = nnx_handle_alloc(sizeof *g);
    if (g && pthread_mutex_init(&g->lock, NULL) != 0) {
        nnx_handle_free(g);
        g = NULL;
    }
    if (g && pthread_mutex_init(&g->state_lock, NULL) != 0) {
        pthread_mutex_destroy(&g->lock);
        nnx_handle_free(g);
        g = NULL;
    }
    if (!g) {
        nnx_ir_free(ir);
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    }
    g->ctx = ctx;
    g->ir = *ir;
    nnx_ir_init(ir, &ctx->alloc);
    nnx_status st = set_outputs(g, outputs, names, count, &ctx->alloc);
    if (st == NNX_OK)
        st = collect(g, &ctx->alloc);
    if (st != NNX_OK) {
        nnx_graph_free(g);
        return nnx_error_set(err, st, "out of memory");
    }
    nnx_error why = {0};
    st = nnx_plan_compile_pool(&g->plan, &g->ir, g->output_values, g->n_outputs, nnx_context_pool(ctx), &why);
    if (st == NNX_OK && !(g->idle = nnx_exec_create(&g->plan, &why))) /* the first run's memory */
        st = why.status;
    if (st != NNX_OK) {
        nnx_graph_free(g);
        return nnx_error_set(err, st, "%s", why.message);
    }
    nnx_context_own(ctx, &ctx->graphs, &g->h.link);
    *out = g;
    return NNX_OK;
}

/* name is taken by one of the first n of names, or by a graph input of ir. */
static bool name_taken(const nnx_ir *ir, const char *const *names, uint32_t n, const char *name)
{
    for (uint32_t i = 0; i < n; i++)
        if (strcmp(names[i], name) == 0)
            return true;
    for (uint32_t v = 0; v < ir->n_values; v++)
        if (ir->values[v].kind == NNX_VALUE_INPUT && ir->values[v].name && strcmp(ir->values[v].name, name) == 0)
            return true;
    return false;
}

nnx_status nnx_graph_create_with(nnx_context *ctx, nnx_ir *ir, const uint32_t *outputs, const char *const *names,
                                 uint32_t count, uint32_t flags, nnx_graph **out, nnx_error *err)
{
    if (!(flags & NNX_BUILD_EXPOSE_TENSORS))
        return nnx_graph_create(ctx, ir, outputs, names, count, out, err);
    const nnx_alloc *a = &ctx->alloc;
    size_t room; /* every value at most once, after the given outputs */
    uint32_t *values = NULL;
    const char **all = NULL;
    if (nnx_add_size(count, ir->n_values, &room) && room < UINT32_MAX) {
        values = nnx_mem_calloc(a, room + 1, sizeof *values);
        all = nnx_mem_calloc(a, room + 1, sizeof *all);
    }
    bool *is_output = nnx_mem_calloc(a, (size_t)ir->n_values + 1, sizeof *is_output);
    if (!values || !all || !is_output) {
        nnx_mem_free(a, values);
        nnx_mem_free(a, all);
        nnx_mem_free(a, is_output);
        nnx_ir_free(ir);
        return nnx_error_set(err, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
    }
    uint32_t n = count;
    for (uint32_t i = 0; i < count; i++) {
        values[i] = outputs[i];
        all[i] = names[i];
        if (outputs[i] < ir->n_values)
            is_output[outputs[i]] = true;
    }
    /* nodes are stored after their inputs' producers: node order is an order they can run in */
    for (uint32_t k = 0; k < ir->n_nodes; k++)
        for (uint32_t j = 0; j < ir->nodes[k].n_out; j++) {
            uint32_t v = ir->nodes[k].out[j];
            const nnx_value *val = &ir->values[v];
            if (val->kind != NNX_VALUE_NODE || !val->name || !val->name[0] || is_output[v] ||
                name_taken(ir, all, n, val->name))
                continue;
            is_output[v] = true;
            values[n] = v;
            all[n++] = val->name;
        }
    /* the names live in ir's arena, which the graph takes over: set_outputs copies them first */
    nnx_status st = nnx_graph_create(ctx, ir, values, all, n, out, err);
    nnx_mem_free(a, values);
    nnx_mem_free(a, all);
    nnx_mem_free(a, is_output);
    return st;
}

nnx_status nnx_builder_build(nnx_builder *b, const nnx_named_operand *outputs, size_t count, nnx_graph **out)
{
    if (!b || !out)
        return NNX_ERROR_INVALID_ARGUMENT;
    *out = NULL;
    if (b->h.destroyed)
        return NNX_ERROR_INVALID_STATE;
    if (b->built)
        return nnx_error_reset(&b->err, NNX_ERROR_INVALID_STATE, "build: the builder has already built its graph");
    if (b->err.status != NNX_OK) {
        nnx_context_log(b->ctx, NNX_LOG_ERROR, b->err.message);
        return b->err.status;
    }
    nnx_status st = check_outputs(b, outputs, count);
    if (st != NNX_OK) {
        nnx_context_log(b->ctx, NNX_LOG_ERROR, b->err.message);
        return st;
    }
    b->built = true; /* WebNN sets [[hasBuilt]] before compiling, even if compiling fails */

    const nnx_alloc *a = &b->ctx->alloc;
    uint32_t n = (uint32_t)count, *values = nnx_mem_calloc(a, n, sizeof *values);
    const char **names = nnx_mem_calloc(a, n, sizeof *names);
    nnx_error why = {0};
    if (!values || !names) {
        st = nnx_error_set(&why, NNX_ERROR_OUT_OF_MEMORY, "out of memory");
        nnx_ir_free(&b->ir);
    } else {
        for (uint32_t i = 0; i < n; i++) {
            values[i] = outputs[i].operand->value;
            names[i] = outputs[i].name;
        }
        st = nnx_graph_create(b->ctx, &b->ir, values, names, n, out, &why); /* moves the IR */
    }
    nnx_mem_free(a, values);
    nnx_mem_free(a, names);
    return st == NNX_OK ? NNX_OK : nnx_error_set(&b->err, st, "build: %s", why.message);
}
