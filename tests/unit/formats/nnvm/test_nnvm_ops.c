/* test_nnvm_ops.c — every NNVM operator mapping run against numpy: each graph of
 * tests/data/nnvm/ops/ (one operator, weights in its graph.params) is loaded, run on the inputs
 * tests/unit/formats/nnvm/gen_nnvm.py drew and compared with the float64 values numpy computed
 * (tests/data/nnvm/ops_expected.h); also the spec-example-like network vgg_like. Each graph is also
 * written back (nnx_nnvm_save), read again and run: the outputs must be the same bits, or the
 * writer must name what NNVM cannot express. */
#include "test_nnvm_common.h"

#include "../../../data/nnvm/ops_expected.h"
#include "../../../data/nnvm/vgg_like_expected.h"

#define OPS NNX_SOURCE_DIR "/tests/data/nnvm/ops/"

static double element(const nnvm_run *r, size_t k, size_t i)
{
    switch (r->desc[k].dtype) {
    case NNX_FLOAT32: return ((const float *)r->bytes[k])[i];
    case NNX_INT32: return ((const int32_t *)r->bytes[k])[i];
    case NNX_INT64: return (double)((const int64_t *)r->bytes[k])[i];
    case NNX_UINT8:
    case NNX_BOOL: return ((const uint8_t *)r->bytes[k])[i];
    default: fail_msg("output %zu: unexpected type %s", k, nnx_dtype_name(r->desc[k].dtype)); return 0;
    }
}

static void check_close(const char *name, const nnvm_run *r, size_t k, const double *want, size_t n)
{
    uint64_t have;
    assert_true(nnx_desc_elements(&r->desc[k], &have));
    if (have != n)
        fail_msg("%s: output %zu has %llu elements, numpy %zu", name, k, (unsigned long long)have, n);
    for (size_t i = 0; i < n; i++) {
        double got = element(r, k, i), tol = 2e-6 + 2e-6 * fabs(want[i]);
        if (!(fabs(got - want[i]) <= tol))
            fail_msg("%s: output %zu element %zu is %.9g, numpy %.9g", name, k, i, got, want[i]);
    }
}

/* Cases whose core form NNVM cannot express: lrn's channel window (core box) and the
 * half-pixel bilinear resize (core resample, linear). */
static const char *const kNotWritable[][2] = {
    {"lrn", "core op 'box'"},
    {"resize", "core op 'resample'"},
};

/* Runs path; with `rewrite`, the graph is first written to a scratch folder and read back. */
static nnx_status run_case(const char *path, const char *const *in_names, const double *const *in, uint32_t n_in,
                           nnvm_run *r, char *why, size_t size, const char *rewrite)
{
    nnx_context *ctx;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    nnx_ir_model m;
    nnx_error err;
    if (nnvm_load(path, NULL, false, &m, &ctx->alloc, &err) != NNX_OK)
        fail_msg("%s", err.message);
    if (rewrite) {
        char dir[256], json[300];
        nnvm_test_dir(dir, sizeof dir, rewrite);
        snprintf(json, sizeof json, "%s/g.json", dir);
        const char *names_in[MAX_IO] = {0};
        for (uint32_t k = 0; k < m.n_inputs && k < MAX_IO; k++)
            names_in[k] = m.ir.values[m.inputs[k]].name;
        nnx_status st = nnx_nnvm_save(&m.ir, m.inputs, names_in, m.n_inputs, m.outputs, m.output_names, m.n_outputs,
                                      json, NULL, &ctx->alloc, &err);
        nnx_ir_model_free(&m);
        if (st != NNX_OK) {
            snprintf(why, size, "%s", err.message);
            nnx_context_destroy(ctx);
            return st;
        }
        if (nnvm_load(json, NULL, false, &m, &ctx->alloc, &err) != NNX_OK)
            fail_msg("%s (written back): %s", path, err.message);
    }
    /* The inputs as float32, in the order of the graph's inputs. */
    float *data[4] = {0};
    const float *given[5] = {0};
    const char *names[5] = {0};
    for (uint32_t k = 0; k < n_in; k++) {
        uint32_t v = NNX_NONE;
        for (uint32_t j = 0; j < m.n_inputs; j++)
            if (strcmp(m.ir.values[m.inputs[j]].name, in_names[k]) == 0)
                v = m.inputs[j];
        assert_int_not_equal(v, NNX_NONE);
        uint64_t n;
        assert_true(nnx_desc_elements(&m.ir.values[v].desc, &n));
        data[k] = malloc((size_t)(n ? n : 1) * sizeof(float));
        for (uint64_t i = 0; i < n; i++)
            data[k][i] = (float)in[k][i];
        given[k] = data[k];
        names[k] = in_names[k];
    }
    nnx_status st = nnvm_run_ir(ctx, &m.ir, m.outputs, m.output_names, m.n_outputs, names, given, r, why, size);
    for (uint32_t k = 0; k < n_in; k++)
        free(data[k]);
    nnx_ir_model_free(&m);
    nnx_context_destroy(ctx);
    return st;
}

static void test_op(void **state)
{
    const nnvm_op_case *c = *state;
    char path[512], why[600];
    snprintf(path, sizeof path, OPS "%s/graph.json", c->name);
    nnvm_run r, back;
    if (run_case(path, c->in_names, c->in, c->n_in, &r, why, sizeof why, NULL) != NNX_OK)
        fail_msg("%s: %s", c->name, why);
    /* dropout's second output (the mask) and batch_norm's statistics are not heads here. */
    assert_int_equal(r.n_out, c->n_out);
    for (uint32_t k = 0; k < c->n_out; k++)
        check_close(c->name, &r, k, c->out[k], c->out_len[k]);
    char sub[128];
    snprintf(sub, sizeof sub, "back-%s", c->name);
    nnx_status st = run_case(path, c->in_names, c->in, c->n_in, &back, why, sizeof why, sub);
    const char *expected = NULL;
    for (size_t i = 0; i < sizeof kNotWritable / sizeof *kNotWritable; i++)
        if (strcmp(kNotWritable[i][0], c->name) == 0)
            expected = kNotWritable[i][1];
    if (expected) {
        if (st != NNX_ERROR_NOT_SUPPORTED || !strstr(why, expected))
            fail_msg("%s: writing back gave %d '%s', expected NOT_SUPPORTED with '%s'", c->name, st, why, expected);
    } else {
        if (st != NNX_OK)
            fail_msg("%s: written back: %s", c->name, why);
        assert_int_equal(back.n_out, r.n_out);
        for (size_t k = 0; k < r.n_out; k++)
            if (!nnx_desc_equal(&back.desc[k], &r.desc[k]) || memcmp(back.bytes[k], r.bytes[k], r.size[k]) != 0)
                fail_msg("%s: output %zu differs once written back and read again", c->name, k);
        nnvm_run_free(&back);
    }
    nnvm_run_free(&r);
}

/* The spec's example style: "attr", 2-item entries, no node_row_ptr, string attributes. */
static void test_vgg_like(void **state)
{
    (void)state;
    nnvm_run r;
    char why[600];
    const char *names[] = {"data", NULL};
    const double *in[] = {vgg_in};
    if (run_case(NNX_SOURCE_DIR "/tests/data/nnvm/vgg_like/graph.json", names, in, 1, &r, why, sizeof why, NULL) !=
        NNX_OK)
        fail_msg("vgg_like: %s", why);
    assert_int_equal(r.n_out, 1);
    assert_string_equal(r.names[0], "prob");
    check_close("vgg_like", &r, 0, vgg_out, sizeof vgg_out / sizeof *vgg_out);
    nnvm_run_free(&r);
}

int main(void)
{
    enum { N = sizeof kOpCases / sizeof *kOpCases };
    struct CMUnitTest tests[N + 1];
    for (size_t i = 0; i < N; i++)
        tests[i] = (struct CMUnitTest){kOpCases[i].name, test_op, NULL, NULL, (void *)&kOpCases[i]};
    tests[N] = (struct CMUnitTest)cmocka_unit_test(test_vgg_like);
    return cmocka_run_group_tests(tests, NULL, NULL);
}
