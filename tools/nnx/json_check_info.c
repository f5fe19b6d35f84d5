/* json_check_info.c — the documents of `nnx check --json` and `nnx info --json`: what their
 * text says (validity, inputs and outputs with symbolic dimensions by name, the operation
 * histogram, parameters, TOSA profiles, staging), and on failure the error, as one JSON
 * document whose keys are always there (null when unknown). Schemas: docs/CLI.md. */
#include "json_report.h"

#include <stdlib.h>

/* "inputs" and "outputs": every tensor of m, or null without a model. */
static void add_tensors(cJSON *doc, const nnx_model *m)
{
    for (int output = 0; output < 2; output++) {
        if (!m) {
            json_add(doc, output ? "outputs" : "inputs", json_str(NULL));
            continue;
        }
        cJSON *list = cJSON_CreateArray();
        size_t n = output ? nnx_model_output_count(m) : nnx_model_input_count(m);
        for (size_t i = 0; list && i < n; i++)
            json_push(list, json_model_tensor(m, output, i));
        json_add(doc, output ? "outputs" : "inputs", list);
    }
}

/* The format read: the model's, or the one --format forced when it did not load. */
static cJSON *format_of(const nnx_model *m, const cli_model_args *a)
{
    return json_str(m ? nnx_model_format_name(m) : a->format);
}

/* [{"op", "node", "reason"}]: the operations nnx cannot run (NNX_MODEL_STRUCTURE_ONLY);
 * null when the model did not load. */
static cJSON *unsupported_of(const nnx_model *m)
{
    if (!m)
        return json_str(NULL);
    cJSON *list = cJSON_CreateArray();
    for (size_t i = 0; list && i < nnx_model_unsupported_count(m); i++) {
        const char *op, *node, *reason;
        nnx_model_unsupported(m, i, &op, &node, &reason);
        cJSON *o = cJSON_CreateObject();
        json_add(o, "op", json_str(op));
        json_add(o, "node", json_str(node));
        json_add(o, "reason", json_str(reason));
        json_push(list, o);
    }
    return list;
}

int json_check(const char *path, const cli_model_args *a, bool structure)
{
    json_begin("check", path);
    cJSON *doc = json_doc();
    nnx_context *ctx = NULL;
    nnx_model *m = NULL;
    cli_model_args structural = *a;
    structural.flags |= NNX_MODEL_STRUCTURE_ONLY; /* to list every operation nnx cannot run */
    int rc = cli_load_model(path, &structural, &ctx, &m);
    if (rc == NNX_EXIT_OK && nnx_model_unsupported_count(m) && !structure) {
        fprintf(stderr, "%s: error: %zu unsupported operations (nnx check --structure checks the rest)\n", path,
                nnx_model_unsupported_count(m));
        rc = NNX_EXIT_UNSUPPORTED;
    }
    size_t input;
    uint32_t axis;
    bool unbound = m && cli_model_unbound(m, &input, &axis);
    const char *staged = m && !unbound ? nnx_model_staged_reason(m) : NULL;
    json_add(doc, "format", format_of(m, a));
    json_add(doc, "valid", cJSON_CreateBool(rc == NNX_EXIT_OK));
    /* how far the check went: every operation, only the structure (an input's shape is
     * open), or the operations before the first data-dependent shape */
    json_add(doc, "checked", json_str(!m ? NULL : unbound ? "structure" : staged ? "until_staged" : "all"));
    json_add(doc, "operations", m ? json_uint(nnx_model_op_count(m)) : json_str(NULL));
    add_tensors(doc, m);
    json_add(doc, "unbound_input", unbound ? json_model_tensor(m, false, input) : json_str(NULL));
    json_add(doc, "staged_from", json_str(staged));
    json_add(doc, "unsupported", unsupported_of(m));
    if (ctx)
        nnx_context_destroy(ctx);
    return json_end(rc);
}

/* {"all": [...], "any": [...]}: the TOSA profiles and extensions the graph needs; null for a
 * model of another format. */
static cJSON *tosa_profiles(const nnx_model *m)
{
    uint32_t bits[2];
    if (!m || nnx_model_tosa_profiles(m, &bits[0], &bits[1]) != NNX_OK)
        return json_str(NULL);
    cJSON *o = cJSON_CreateObject();
    for (int k = 0; k < 2; k++) {
        cJSON *list = cJSON_CreateArray();
        for (uint32_t bit = 1; list && bit && bit <= NNX_TOSA_ALL_PROFILES; bit <<= 1)
            if (bits[k] & bit)
                json_push(list, json_str(nnx_tosa_profile_name(bit)));
        json_add(o, k ? "any" : "all", list);
    }
    return o;
}

int json_info(const char *path, const cli_model_args *a)
{
    json_begin("info", path);
    cJSON *doc = json_doc();
    nnx_context *ctx = NULL;
    nnx_model *m = NULL;
    int rc = cli_load_model(path, a, &ctx, &m);
    json_add(doc, "format", format_of(m, a));
    add_tensors(doc, m);
    json_add(doc, "operations", m ? json_uint(nnx_model_op_count(m)) : json_str(NULL));
    size_t distinct = 0;
    cli_op_count *counts = m ? cli_op_histogram(m, &distinct) : NULL;
    cJSON *histogram = counts ? cJSON_CreateObject() : m ? NULL : json_str(NULL); /* NULL: out of memory */
    /* most frequent first, as the text */
    for (size_t k = 0; counts && k < distinct; k++)
        json_add(histogram, counts[k].name, json_uint(counts[k].count));
    free(counts);
    json_add(doc, "histogram", histogram);
    cJSON *parameters = m ? cJSON_CreateObject() : json_str(NULL);
    if (m) {
        uint64_t count, bytes;
        nnx_model_parameters(m, &count, &bytes);
        json_add(parameters, "count", json_uint(count));
        json_add(parameters, "bytes", json_uint(bytes));
    }
    json_add(doc, "parameters", parameters);
    json_add(doc, "tosa_profiles", tosa_profiles(m));
    json_add(doc, "staged_from", json_str(m ? nnx_model_staged_reason(m) : NULL));
    json_add(doc, "unsupported", unsupported_of(m));
    if (ctx)
        nnx_context_destroy(ctx);
    return json_end(rc);
}
