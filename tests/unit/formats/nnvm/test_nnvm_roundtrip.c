/* test_nnvm_roundtrip.c — NNEF -> NNVM -> NNEF over the NNEF example models that run
 * (tests/data/nnef, as test_nnef_examples.c: zero-filled weights) and the weighted nnx run model: each model is
 * lowered to core IR and run (A); written as NNVM graph JSON + .params, read back and run
 * (B); that graph written as NNEF, read back and run (C). A, B and C must give bit-identical
 * outputs on the same inputs. A model using operations NNVM cannot express must say which
 * (NOT_SUPPORTED naming the core op). */
#include "test_nnvm_common.h"
#include "formats/nnef/lower/lower.h"
#include "formats/nnef/model.h"

#define DATA NNX_SOURCE_DIR "/tests/data/"

typedef struct model_case {
    const char *path;
    const char *unsupported; /* NULL: must round-trip; else the NOT_SUPPORTED message part */
    bool small;
} model_case;

static const nnx_input_shape small_image = {"input", 4, {1, 3, 32, 32}};

/* Loads and lowers an NNEF model; names[]/inputs[] live in m (freed by the caller). */
static void lower_nnef(const char *path, bool small, const nnx_alloc *a, nnx_nnef_model **m, nnx_ir *ir,
                       uint32_t *outputs, const char **names, uint32_t *inputs, const char **input_names,
                       uint32_t *n_out, uint32_t *n_in)
{
    nnx_nnef_load_options lo = {.zero_missing_variables = true,
                                .input_shapes = small ? &small_image : NULL,
                                .input_shape_count = small ? 1 : 0};
    nnx_error err = {0};
    if (nnx_nnef_model_load(path, &lo, a, m, &err) != NNX_OK)
        fail_msg("%s: %s", path, err.message);
    nnx_ir_init(ir, a);
    if (nnx_nnef_lower(*m, ir, outputs, &err) != NNX_OK)
        fail_msg("%s: lower: %s", path, err.message);
    const nnx_nnef_flat *g = &(*m)->flat;
    *n_out = g->n_outputs;
    for (uint32_t k = 0; k < g->n_outputs; k++)
        names[k] = g->tensors[g->outputs[k]].name;
    *n_in = 0;
    for (uint32_t v = 0; v < ir->n_values; v++)
        if (ir->values[v].kind == NNX_VALUE_INPUT) {
            inputs[*n_in] = v;
            input_names[(*n_in)++] = strdup(ir->values[v].name); /* the IR goes into a graph */
        }
    input_names[*n_in] = NULL;
}

static void assert_same(const char *path, const char *what, const nnvm_run *a, const nnvm_run *b)
{
    assert_int_equal(a->n_out, b->n_out);
    for (size_t k = 0; k < a->n_out; k++) {
        if (!nnx_desc_equal(&a->desc[k], &b->desc[k]))
            fail_msg("%s: %s: output %zu changed its type or shape", path, what, k);
        if (strcmp(a->names[k], b->names[k]) != 0)
            fail_msg("%s: %s: output %zu is '%s', was '%s'", path, what, k, b->names[k], a->names[k]);
        if (memcmp(a->bytes[k], b->bytes[k], a->size[k]) != 0)
            fail_msg("%s: %s: output '%s' differs", path, what, a->names[k]);
    }
}

static void test_roundtrip(void **state)
{
    const model_case *c = *state;
    nnx_context *ctx;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    const nnx_alloc *a = &ctx->alloc;
    char dir[256], json[300], nnef_out[300], why[600];
    nnvm_test_dir(dir, sizeof dir, strrchr(c->path, '/') + 1);
    snprintf(json, sizeof json, "%s/model.json", dir);
    snprintf(nnef_out, sizeof nnef_out, "%s/back", dir);

    nnx_nnef_model *m = NULL;
    nnx_ir ir;
    uint32_t outputs[MAX_IO], inputs[MAX_IO], n_out, n_in;
    const char *names[MAX_IO], *input_names[MAX_IO + 1];
    lower_nnef(c->path, c->small, a, &m, &ir, outputs, names, inputs, input_names, &n_out, &n_in);

    /* A -> NNVM */
    nnx_error err = {0};
    nnx_status st = nnx_nnvm_save(&ir, inputs, input_names, n_in, outputs, names, n_out, json, NULL, a, &err);
    if (c->unsupported) {
        if (st != NNX_ERROR_NOT_SUPPORTED || !strstr(err.message, c->unsupported))
            fail_msg("%s: expected NOT_SUPPORTED '%s', got %d '%s'", c->path, c->unsupported, st, err.message);
        for (uint32_t k = 0; k < n_in; k++)
            free((char *)input_names[k]);
        nnx_ir_free(&ir);
        nnx_nnef_model_free(m);
        nnx_context_destroy(ctx);
        return;
    }
    if (st != NNX_OK)
        fail_msg("%s: nnvm save: %s", c->path, err.message);
    nnvm_run ra, rb, rc;
    if (nnvm_run_ir(ctx, &ir, outputs, names, n_out, input_names, NULL, &ra, why, sizeof why) != NNX_OK)
        fail_msg("%s: run A: %s", c->path, why);

    /* NNVM -> B */
    nnx_ir_model mb;
    if (nnvm_load(json, NULL, false, &mb, a, &err) != NNX_OK)
        fail_msg("%s: nnvm load: %s", c->path, err.message);
    /* B -> NNEF -> C */
    const char *b_in_names[MAX_IO + 1];
    for (uint32_t k = 0; k < mb.n_inputs; k++)
        b_in_names[k] = mb.ir.values[mb.inputs[k]].name;
    b_in_names[mb.n_inputs] = NULL;
    if (nnx_save_ir_as_nnef(&mb.ir, mb.inputs, b_in_names, mb.n_inputs, mb.outputs, mb.output_names, mb.n_outputs,
                            nnef_out, NULL, a, &err) != NNX_OK)
        fail_msg("%s: nnef save of the NNVM graph: %s", c->path, err.message);
    if (nnvm_run_ir(ctx, &mb.ir, mb.outputs, mb.output_names, mb.n_outputs, input_names, NULL, &rb, why, sizeof why) !=
        NNX_OK)
        fail_msg("%s: run B: %s", c->path, why);
    assert_same(c->path, "NNEF -> NNVM", &ra, &rb);

    nnx_nnef_model *mc = NULL;
    nnx_ir irc;
    uint32_t out_c[MAX_IO], in_c[MAX_IO], n_out_c, n_in_c;
    const char *names_c[MAX_IO], *in_names_c[MAX_IO + 1];
    lower_nnef(nnef_out, false, a, &mc, &irc, out_c, names_c, in_c, in_names_c, &n_out_c, &n_in_c);
    if (nnvm_run_ir(ctx, &irc, out_c, names_c, n_out_c, input_names, NULL, &rc, why, sizeof why) != NNX_OK)
        fail_msg("%s: run C: %s", c->path, why);
    assert_same(c->path, "NNEF -> NNVM -> NNEF", &ra, &rc);

    nnvm_run_free(&ra);
    nnvm_run_free(&rb);
    nnvm_run_free(&rc);
    for (uint32_t k = 0; k < n_in; k++)
        free((char *)input_names[k]);
    for (uint32_t k = 0; k < n_in_c; k++)
        free((char *)in_names_c[k]);
    nnx_ir_free(&irc);
    nnx_nnef_model_free(mc);
    nnx_ir_model_free(&mb);
    nnx_ir_free(&ir);
    nnx_nnef_model_free(m);
    nnx_context_destroy(ctx);
}

/* The same through the public API (nnx_model_load / save / build, nnx_context_dispatch):
 * NNEF -> .json + .params -> NNEF, outputs bit-identical. */
static void test_public_api(void **state)
{
    const model_case *c = *state;
    if (c->unsupported)
        return;
    nnx_context *ctx;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    char dir[256], json[300], back[300], why[600], sub[128];
    snprintf(sub, sizeof sub, "public-%s", strrchr(c->path, '/') + 1); /* one .params per folder */
    nnvm_test_dir(dir, sizeof dir, sub);
    snprintf(json, sizeof json, "%s/%s.json", dir, strrchr(c->path, '/') + 1);
    snprintf(back, sizeof back, "%s/back", dir); /* an NNEF folder */
    nnx_model_options o = {.flags = NNX_MODEL_ZERO_MISSING_VARIABLES,
                           .input_shapes = c->small ? &small_image : NULL,
                           .input_shape_count = c->small ? 1 : 0};
    const char *paths[3] = {c->path, json, back};
    nnvm_run runs[3];
    const char *in_names[MAX_IO + 1] = {0};
    nnx_model *first = NULL;
    for (int k = 0; k < 3; k++) {
        nnx_model *m = NULL;
        nnx_graph *g = NULL;
        if (nnx_model_load(ctx, paths[k], k ? NULL : &o, &m) != NNX_OK)
            fail_msg("%s: load %s: %s", c->path, paths[k], nnx_context_error(ctx));
        const nnx_save_options replace = {.flags = NNX_SAVE_REPLACE}; /* the last run's folder */
        if (k < 2 && nnx_model_save_with(m, paths[k + 1], &replace) != NNX_OK)
            fail_msg("%s: save %s: %s", c->path, paths[k + 1], nnx_context_error(ctx));
        if (nnx_model_build(m, &g) != NNX_OK)
            fail_msg("%s: build %s: %s", c->path, paths[k], nnx_context_error(ctx));
        if (k == 0) {
            first = m;
            for (size_t i = 0; i < nnx_model_input_count(m) && i < MAX_IO; i++)
                in_names[i] = nnx_model_input_name(m, i);
        }
        if (nnvm_run_graph(ctx, g, in_names, NULL, &runs[k], why, sizeof why) != NNX_OK)
            fail_msg("%s: run %s: %s", c->path, paths[k], why);
        if (k)
            nnx_model_destroy(m);
    }
    assert_same(c->path, "public API, NNEF -> NNVM", &runs[0], &runs[1]);
    assert_same(c->path, "public API, NNEF -> NNVM -> NNEF", &runs[0], &runs[2]);
    for (int k = 0; k < 3; k++)
        nnvm_run_free(&runs[k]);
    nnx_model_destroy(first);
    nnx_context_destroy(ctx);
}

int main(void)
{
    static const model_case cases[] = {
        {DATA "nnef/add_n.nnef", NULL, false},
        {DATA "nnef/foobar.nnef", NULL, false},
        {DATA "nnef/variable42.nnef", NULL, false},
        {DATA "nnef/chapter4_examples.nnef", NULL, false},
        {DATA "nnef/alexnet.nnef", NULL, false},
        /* NNEF round is floor(x + 0.5) computed exactly; NNVM has no operator with that meaning. */
        {DATA "nnef/quantized.nnef", "core op 'round'", true},
        {DATA "nnef/quantized_core.nnef", NULL, true},
        {DATA "nnef/dynamic_quant.nnef", "core op 'round'", true},
        {DATA "nnef_run/model", NULL, false},
    };
    enum { N = sizeof cases / sizeof *cases };
    struct CMUnitTest tests[2 * N];
    static char names[N][80];
    for (size_t i = 0; i < N; i++) {
        tests[i] = (struct CMUnitTest){strrchr(cases[i].path, '/') + 1, test_roundtrip, NULL, NULL, (void *)&cases[i]};
        snprintf(names[i], sizeof names[i], "public API: %s", strrchr(cases[i].path, '/') + 1);
        tests[N + i] = (struct CMUnitTest){names[i], test_public_api, NULL, NULL, (void *)&cases[i]};
    }
    return cmocka_run_group_tests(tests, NULL, NULL);
}
