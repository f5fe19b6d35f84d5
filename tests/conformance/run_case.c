/* run_case.c — runs one WebNN conformance case end to end through the public nnx.h API:
 * a fresh context and builder, inputs and constants, the operators chained by name, build
 * with every expected output, tensors written and read around nnx_context_dispatch, and an
 * element-by-element comparison. Everything it allocates is released before it returns. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "conformance.h"

/* A non-constant graph input's data, kept until it is written to its tensor. */
typedef struct case_input {
    const char *name;
    nnx_operand_desc desc;
    void *data;
    size_t size;
} case_input;

typedef struct case_run {
    const cJSON *inputs, *operators, *expected; /* the case's graph members */
    nnx_context *ctx;
    cf_graph g;
    nnx_graph *graph;
    case_input *in;
    size_t in_count;
    nnx_named_tensor *in_tensors; /* bound in the graph's input order */
    size_t in_tensor_count;
    nnx_named_tensor *out_tensors; /* bound in the expectedOutputs order */
    size_t out_tensor_count;
    cf_msg *why;
} case_run;

static void format_desc(const nnx_operand_desc *d, char *out, size_t len)
{
    size_t used = (size_t)snprintf(out, len, "%s [", nnx_dtype_name(d->dtype) ? nnx_dtype_name(d->dtype) : "?");
    for (uint32_t i = 0; i < d->rank && used < len; i++)
        used += (size_t)snprintf(out + used, len - used, i ? ",%lu" : "%lu", (unsigned long)d->shape[i]);
    if (used < len)
        snprintf(out + used, len - used, "]");
}

static bool same_desc(const nnx_operand_desc *a, const nnx_operand_desc *b)
{
    if (a->dtype != b->dtype || a->rank != b->rank)
        return false;
    for (uint32_t i = 0; i < a->rank; i++)
        if (a->shape[i] != b->shape[i])
            return false;
    return true;
}

static bool context_failed(case_run *r, const char *what, const char *name, nnx_status st)
{
    return cf_fail(r->why, "%s '%s': %s: %s", what, name, nnx_status_string(st), nnx_context_error(r->ctx));
}

/* Declares every entry of "inputs" in document order: "constant": true becomes a builder
 * constant, anything else a named graph input whose data is kept for its tensor. */
static bool declare_inputs(case_run *r)
{
    size_t n = (size_t)cJSON_GetArraySize(r->inputs);
    r->in = calloc(n ? n : 1, sizeof *r->in);
    if (!r->in)
        return cf_fail(r->why, "out of memory");
    for (const cJSON *item = r->inputs->child; item; item = item->next) {
        nnx_operand_desc desc;
        void *data;
        size_t size;
        cf_msg inner;
        if (!cf_parse_desc(cJSON_GetObjectItemCaseSensitive(item, "descriptor"), &desc, &inner) ||
            !cf_data_to_bytes(cJSON_GetObjectItemCaseSensitive(item, "data"), &desc, &data, &size, &inner))
            return cf_fail(r->why, "input '%s': %s", item->string, inner.text);
        nnx_operand *operand;
        if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(item, "constant"))) {
            operand = nnx_builder_constant(r->g.builder, &desc, data, size); /* copies data */
            free(data);
        } else {
            operand = nnx_builder_input(r->g.builder, item->string, &desc);
            r->in[r->in_count++] = (case_input){item->string, desc, data, size};
        }
        if (!cf_graph_bind(&r->g, item->string, operand, r->why))
            return false;
    }
    return true;
}

static bool add_operators(case_run *r)
{
    for (const cJSON *op = r->operators->child; op; op = op->next)
        if (!cf_add_operator(&r->g, op, r->why))
            return false;
    return true;
}

/* Builds with every expectedOutputs name, in document order; the builder is released at once
 * (a graph does not depend on it). */
static bool build(case_run *r)
{
    size_t n = (size_t)cJSON_GetArraySize(r->expected), i = 0;
    nnx_named_operand *outs = calloc(n ? n : 1, sizeof *outs);
    if (!outs)
        return cf_fail(r->why, "out of memory");
    for (const cJSON *e = r->expected->child; e; e = e->next, i++) {
        outs[i] = (nnx_named_operand){e->string, cf_graph_lookup(&r->g, e->string)};
        if (!outs[i].operand) {
            free(outs);
            return cf_fail(r->why, "expected output '%s' is produced by no operator", e->string);
        }
    }
    nnx_status st = nnx_builder_build(r->g.builder, outs, n, &r->graph);
    free(outs);
    if (st != NNX_OK)
        cf_fail(r->why, "build %s: %s", nnx_status_string(st), nnx_builder_error(r->g.builder));
    nnx_builder_destroy(r->g.builder);
    r->g.builder = NULL;
    return st == NNX_OK;
}

static const case_input *find_input(const case_run *r, const char *name)
{
    for (size_t i = 0; i < r->in_count; i++)
        if (strcmp(r->in[i].name, name) == 0)
            return &r->in[i];
    return NULL;
}

/* One writable tensor per graph input (the graph lists only inputs its outputs reach). */
static bool bind_inputs(case_run *r)
{
    size_t n = nnx_graph_input_count(r->graph);
    r->in_tensors = calloc(n ? n : 1, sizeof *r->in_tensors);
    if (!r->in_tensors)
        return cf_fail(r->why, "out of memory");
    for (size_t i = 0; i < n; i++) {
        const char *name = nnx_graph_input_name(r->graph, i);
        const case_input *in = name ? find_input(r, name) : NULL;
        if (!in)
            return cf_fail(r->why, "graph input %zu ('%s') is not an input of the case", i, name ? name : "?");
        nnx_tensor_desc td = {in->desc, false, true};
        nnx_tensor **t = &r->in_tensors[i].tensor;
        r->in_tensors[i].name = in->name;
        nnx_status st = nnx_tensor_create(r->ctx, &td, t);
        if (st != NNX_OK)
            return context_failed(r, "creating the tensor of input", name, st);
        r->in_tensor_count++;
        st = nnx_tensor_write(*t, in->data, in->size);
        if (st != NNX_OK)
            return context_failed(r, "writing input", name, st);
    }
    return true;
}

/* One readable tensor per graph output, after checking the graph's output type against the
 * expected descriptor. */
static bool bind_outputs(case_run *r)
{
    size_t n = nnx_graph_output_count(r->graph);
    r->out_tensors = calloc(n ? n : 1, sizeof *r->out_tensors);
    if (!r->out_tensors)
        return cf_fail(r->why, "out of memory");
    const cJSON *e = r->expected->child;
    for (size_t i = 0; i < n && e; i++, e = e->next) {
        nnx_tensor_desc td = {.readable = true};
        nnx_operand_desc want;
        cf_msg inner;
        nnx_graph_output_desc(r->graph, i, &td.desc);
        if (!cf_parse_desc(cJSON_GetObjectItemCaseSensitive(e, "descriptor"), &want, &inner))
            return cf_fail(r->why, "expected output '%s': %s", e->string, inner.text);
        if (!same_desc(&td.desc, &want)) {
            char got[128], exp[128];
            format_desc(&td.desc, got, sizeof got);
            format_desc(&want, exp, sizeof exp);
            return cf_fail(r->why, "output '%s' is %s, expected %s", e->string, got, exp);
        }
        r->out_tensors[i].name = e->string;
        nnx_status st = nnx_tensor_create(r->ctx, &td, &r->out_tensors[i].tensor);
        if (st != NNX_OK)
            return context_failed(r, "creating the tensor of output", e->string, st);
        r->out_tensor_count++;
    }
    if (r->out_tensor_count != (size_t)cJSON_GetArraySize(r->expected))
        return cf_fail(r->why, "the graph has %zu outputs, the case expects %d", n, cJSON_GetArraySize(r->expected));
    return true;
}

static bool dispatch(case_run *r)
{
    nnx_status st = nnx_context_dispatch(r->ctx, r->graph, r->in_tensors, r->in_tensor_count, r->out_tensors,
                                         r->out_tensor_count);
    if (st != NNX_OK)
        return cf_fail(r->why, "dispatch %s: %s", nnx_status_string(st), nnx_context_error(r->ctx));
    return true;
}

/* Reads output i and compares it with its expected data under the graph's summed tolerance. */
static bool check_output(case_run *r, size_t i, const cJSON *expected)
{
    nnx_tensor_desc td;
    void *want = NULL, *got = NULL;
    size_t size;
    cf_msg inner;
    nnx_tensor_get_desc(r->out_tensors[i].tensor, &td);
    if (!cf_data_to_bytes(cJSON_GetObjectItemCaseSensitive(expected, "data"), &td.desc, &want, &size, &inner))
        return cf_fail(r->why, "expected output '%s': %s", expected->string, inner.text);
    bool ok = false;
    got = malloc(size ? size : 1);
    if (!got) {
        cf_fail(r->why, "out of memory");
    } else {
        nnx_status st = nnx_tensor_read(r->out_tensors[i].tensor, got, size);
        if (st != NNX_OK)
            context_failed(r, "reading output", expected->string, st);
        else
            ok = cf_compare(expected->string, td.desc.dtype, got, want, cf_desc_elements(&td.desc), r->g.tol, r->why);
    }
    free(got);
    free(want);
    return ok;
}

static bool check_outputs(case_run *r)
{
    size_t i = 0;
    for (const cJSON *e = r->expected->child; e; e = e->next, i++)
        if (!check_output(r, i, e))
            return false;
    return true;
}

static void release(case_run *r)
{
    for (size_t i = 0; i < r->in_tensor_count; i++)
        nnx_tensor_destroy(r->in_tensors[i].tensor);
    for (size_t i = 0; i < r->out_tensor_count; i++)
        nnx_tensor_destroy(r->out_tensors[i].tensor);
    for (size_t i = 0; i < r->in_count; i++)
        free(r->in[i].data);
    free(r->in_tensors);
    free(r->out_tensors);
    free(r->in);
    nnx_graph_destroy(r->graph);
    nnx_builder_destroy(r->g.builder);
    cf_graph_free(&r->g);
    nnx_context_destroy(r->ctx);
}

/* Checks the case's shape: graph.inputs / expectedOutputs objects, graph.operators array. */
static bool parse_case(const cJSON *test, case_run *r)
{
    const cJSON *graph = cJSON_GetObjectItemCaseSensitive(test, "graph");
    r->inputs = cJSON_GetObjectItemCaseSensitive(graph, "inputs");
    r->operators = cJSON_GetObjectItemCaseSensitive(graph, "operators");
    r->expected = cJSON_GetObjectItemCaseSensitive(graph, "expectedOutputs");
    if (!cJSON_IsObject(graph) || !cJSON_IsObject(r->inputs) || !cJSON_IsArray(r->operators) ||
        !cJSON_IsObject(r->expected) || !r->expected->child)
        return cf_fail(r->why, "malformed case: graph needs inputs, operators and expectedOutputs");
    return true;
}

/* The first operator the runner has no mapping for, or NULL. */
static const char *first_unknown_op(const cJSON *operators)
{
    for (const cJSON *op = operators->child; op; op = op->next) {
        const cJSON *name = cJSON_GetObjectItemCaseSensitive(op, "name");
        if (cJSON_IsString(name) && !cf_op_known(name->valuestring))
            return name->valuestring;
    }
    return NULL;
}

cf_outcome cf_run_case(const cJSON *test, cf_msg *reason, const char **skipped_op)
{
    case_run r = {.why = reason};
    nnx_status st;
    if (!parse_case(test, &r))
        return CF_FAIL;
    if ((*skipped_op = first_unknown_op(r.operators)) != NULL)
        return CF_SKIP;
    if ((st = nnx_context_create(NULL, &r.ctx)) != NNX_OK) {
        cf_fail(reason, "context create: %s", nnx_status_string(st));
        return CF_FAIL;
    }
    if ((st = nnx_builder_create(r.ctx, &r.g.builder)) != NNX_OK) {
        cf_fail(reason, "builder create: %s: %s", nnx_status_string(st), nnx_context_error(r.ctx));
        release(&r);
        return CF_FAIL;
    }
    bool ok = declare_inputs(&r) && add_operators(&r) && build(&r) && bind_inputs(&r) && bind_outputs(&r) &&
        dispatch(&r) && check_outputs(&r);
    release(&r);
    return ok ? CF_PASS : CF_FAIL;
}
