/* test_nnef_run_later.c — the standard library after NNEF 1.0.2 (NNEF-Tools, tract): every later
 * operation and parameter end to end against numpy (nnef_run_later_expected.h, gen_nnef_run_later.py);
 * graph.quant's later quantizations (hand-worked values, bit for bit the inline ops); the writer
 * writing them back; strict 1.0.2 mode (NNX_MODEL_STRICT_1_0_2) naming the later feature used. */
#define _POSIX_C_SOURCE 200809L
#include "nnef_run_harness.h"

#include "formats/nnef/check/sema.h"
#include "formats/nnef/syntax/registry.h"

#include "../../../data/nnef_run_later_expected.h"

#include <sys/stat.h>

static nnx_status load(nnx_context *ctx, const char *doc, const char *quant, uint32_t flags, nnx_model **m)
{
    char dir[300];
    write_quantized_document(doc, quant, dir, sizeof dir);
    nnx_status st = nnx_model_load(ctx, dir, &(nnx_model_options){.flags = flags}, m);
    remove_document(dir);
    return st;
}

/* Builds m and runs it on one float32 input "x" of n elements (shape [1, n]); fills y (n floats)
 * from output "y". */
static void run_built(nnx_context *ctx, nnx_model *m, const float *x, uint32_t n, float *y)
{
    nnx_graph *g = NULL;
    if (nnx_model_build(m, &g) != NNX_OK)
        fail_msg("nnx_model_build: %s", nnx_context_error(ctx));
    nnx_tensor *in, *out;
    nnx_operand_desc d = {NNX_FLOAT32, 2, {1, n}};
    assert_int_equal(nnx_tensor_create(ctx, &(nnx_tensor_desc){.desc = d, .writable = true}, &in), NNX_OK);
    assert_int_equal(nnx_tensor_create(ctx, &(nnx_tensor_desc){.desc = d, .readable = true}, &out), NNX_OK);
    assert_int_equal(nnx_tensor_write(in, x, n * sizeof *x), NNX_OK);
    nnx_named_tensor i = {"x", in}, o = {"y", out};
    if (nnx_context_dispatch(ctx, g, &i, 1, &o, 1) != NNX_OK)
        fail_msg("dispatch: %s", nnx_context_error(ctx));
    assert_int_equal(nnx_tensor_read(out, y, n * sizeof *y), NNX_OK);
    nnx_tensor_destroy(in);
    nnx_tensor_destroy(out);
}

static void run_doc(nnx_context *ctx, const char *doc, const char *quant, uint32_t flags, const float *x, uint32_t n,
                    float *y)
{
    nnx_model *m = NULL;
    if (load(ctx, doc, quant, flags, &m) != NNX_OK)
        fail_msg("nnx_model_load: %s", nnx_context_error(ctx));
    run_built(ctx, m, x, n, y);
    nnx_model_destroy(m);
}

/* The load fails with INVALID_MODEL and a message holding both fragments. */
static void expect_refused(nnx_context *ctx, const char *doc, const char *quant, uint32_t flags, const char *where,
                           const char *what)
{
    nnx_model *m = NULL;
    nnx_status st = load(ctx, doc, quant, flags, &m);
    const char *msg = nnx_context_error(ctx);
    if (st != NNX_ERROR_INVALID_MODEL || !strstr(msg, where) || !strstr(msg, what))
        fail_msg("status %s, message: %s", nnx_status_string(st), msg);
}

/* The later library passes the same semantic checks as chapter 4's (its bodies use 1.0.2
 * operations and cast only). */
static void test_later_stdlib_checks(void **state)
{
    (void)state;
    nnx_alloc libc_alloc;
    nnx_alloc_init(&libc_alloc, NULL);
    nnx_nnef_registry reg;
    nnx_error err = {0};
    assert_int_equal(nnx_nnef_registry_init(&reg, NULL, &libc_alloc, &err), NNX_OK);
    if (nnx_nnef_check(reg.later, &reg, &err) != NNX_OK)
        fail_msg("%s", err.message);
    assert_non_null(nnx_nnef_registry_find(&reg, "zero_point_linear_quantize"));
    assert_true(nnx_nnef_registry_find(&reg, "elu")->later); /* elu with alpha replaces 1.0.2's */
    nnx_nnef_registry_free(&reg);
    assert_int_equal(nnx_nnef_registry_init_ex(&reg, NULL, true, &libc_alloc, &err), NNX_OK);
    assert_null(nnx_nnef_registry_find(&reg, "gelu"));
    assert_false(nnx_nnef_registry_find(&reg, "elu")->later);
    assert_non_null(nnx_nnef_registry_later_feature(&reg, "gelu", NULL));
    assert_non_null(nnx_nnef_registry_later_feature(&reg, "elu", "alpha"));
    assert_null(nnx_nnef_registry_later_feature(&reg, "elu", "x"));
    nnx_nnef_registry_free(&reg);
}

static const char gelu_doc[] = "version 1.0;\n"
                               "graph g( x ) -> ( y )\n"
                               "{\n"
                               "    x = external<scalar>(shape = [1, 4]);\n"
                               "    y = gelu(x);\n"
                               "}\n";

static const char elu_alpha_doc[] = "version 1.0;\n"
                                    "graph g( x ) -> ( y )\n"
                                    "{\n"
                                    "    x = external<scalar>(shape = [1, 4]);\n"
                                    "    y = elu(x, alpha = 0.5);\n"
                                    "}\n";

static const char elu_doc[] = "version 1.0;\n"
                              "graph g( x ) -> ( y )\n"
                              "{\n"
                              "    x = external<scalar>(shape = [1, 4]);\n"
                              "    y = elu(x);\n"
                              "}\n";

static const float four[4] = {-1.0f, -0.5f, 0.0f, 2.0f};

/* Strict mode names the later operation at its use; by default the same document runs:
 * gelu(x) = x * sigmoid(1.702 x): gelu(-1) = -1 / (1 + e^1.702) = -0.154204, gelu(-0.5) =
 * -0.5 / (1 + e^0.851) = -0.149612, gelu(2) = 2 / (1 + e^-3.404) = 1.935659. */
static void test_strict_names_operation(void **state)
{
    (void)state;
    nnx_context *ctx;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    expect_refused(ctx, gelu_doc, NULL, NNX_MODEL_STRICT_1_0_2,
                   "graph.nnef:5:9: error: ", "'gelu' is an operation of the standard library after NNEF 1.0.2");
    float y[4];
    run_doc(ctx, gelu_doc, NULL, 0, four, 4, y);
    assert_float_equal(y[0], -0.154204, 1e-6);
    assert_float_equal(y[1], -0.149612, 1e-6);
    assert_true(y[2] == 0.0f);
    assert_float_equal(y[3], 1.935659, 1e-6);
    nnx_context_destroy(ctx);
}

/* elu's alpha is later; elu without it is 1.0.2's and runs in strict mode: elu(-1) = e^-1 - 1
 * = -0.632121, with alpha 0.5 half that (-0.316060), elu(-0.5) = e^-0.5 - 1 = -0.393469. */
static void test_strict_names_parameter(void **state)
{
    (void)state;
    nnx_context *ctx;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    expect_refused(ctx, elu_alpha_doc, NULL, NNX_MODEL_STRICT_1_0_2,
                   "graph.nnef:5:", "parameter 'alpha' of 'elu' comes from the standard library after NNEF 1.0.2");
    float strict[4], plain[4], alpha[4];
    run_doc(ctx, elu_doc, NULL, NNX_MODEL_STRICT_1_0_2, four, 4, strict);
    run_doc(ctx, elu_doc, NULL, 0, four, 4, plain);
    run_doc(ctx, elu_alpha_doc, NULL, 0, four, 4, alpha);
    assert_memory_equal(strict, plain, sizeof strict); /* alpha = 1 is 1.0.2's elu, bit for bit */
    assert_float_equal(plain[0], -0.632121, 1e-6);
    assert_float_equal(plain[1], -0.393469, 1e-6);
    assert_float_equal(alpha[0], -0.316060, 1e-6);
    assert_true(alpha[2] == 0.0f && alpha[3] == 2.0f);
    nnx_context_destroy(ctx);
}

static const char mul_doc[] = "version 1.0;\n"
                              "graph q( x ) -> ( y )\n"
                              "{\n"
                              "    x = external<scalar>(shape = [1, 5]);\n"
                              "    y = mul(x, 2.0);\n"
                              "}\n";

static const char tract_quant[] = "\"y\": zero_point_linear_quantize(zero_point = -128, scale = 0.0039, bits = 8, "
                                  "signed = true, symmetric = false);\n";

static const char zp_inline_doc[] = "version 1.0;\n"
                                    "graph q( x ) -> ( y )\n"
                                    "{\n"
                                    "    x = external<scalar>(shape = [1, 5]);\n"
                                    "    m = mul(x, 2.0);\n"
                                    "    y = zero_point_linear_quantize(m, -128, 0.0039, bits = 8, signed = true, "
                                    "symmetric = false);\n"
                                    "}\n";

/* tract's int8 quantization in graph.quant: y = 2x, then s = round(y / 0.0039) - 128 clamped to
 * [-128, 127], y = (s + 128) * 0.0039: 2·-0.3 -> s = -282 -> 0; 0 -> 0; 0.2 -> 51 - 128 -> 51·0.0039;
 * 0.5026 -> 129 - 128 -> 129·0.0039; 1.4 -> 359 - 128 = 231 -> 127 -> 255·0.0039. Strict mode
 * names it in graph.quant; without --quantize nothing changes. */
static void test_zero_point_quant(void **state)
{
    (void)state;
    nnx_context *ctx;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    const float x[5] = {-0.3f, 0.0f, 0.1f, 0.2513f, 0.7f};
    float applied[5], inlined[5], off[5];
    run_doc(ctx, mul_doc, tract_quant, NNX_MODEL_APPLY_QUANTIZATION, x, 5, applied);
    run_doc(ctx, zp_inline_doc, NULL, 0, x, 5, inlined);
    run_doc(ctx, mul_doc, tract_quant, 0, x, 5, off);
    const float want[5] = {0.0f, 0.0f, 51.0f * 0.0039f, 129.0f * 0.0039f, 255.0f * 0.0039f};
    assert_memory_equal(applied, want, sizeof want);
    assert_memory_equal(applied, inlined, sizeof applied);
    for (int k = 0; k < 5; k++)
        assert_true(off[k] == 2.0f * x[k]);
    expect_refused(ctx, mul_doc, tract_quant, NNX_MODEL_STRICT_1_0_2, "graph.quant:1:",
                   "'zero_point_linear_quantize' is an operation of the standard library after NNEF 1.0.2");
    nnx_context_destroy(ctx);
}

/* min_max_linear_quantize in graph.quant, signed and symmetric in 4 bits over [-1, 1]: r = 14,
 * p = 7; y = round((clamp(x) + 1) / 2 · 14) / 14 · 2 - 1: -2 -> -1, -0.3 -> round(9.8 → 4.9)=5
 * -> 5/14·2 - 1 = -2/7, 0.1 -> round(7.7) = 8 -> 1/7, 0.5 -> round(10.5) = 11 -> 4/7, 3 -> 1. */
static void test_min_max_quant(void **state)
{
    (void)state;
    nnx_context *ctx;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    const char *q = "\"y\": min_max_linear_quantize(min = -1.0, max = 1.0, bits = 4, signed = true, "
                    "symmetric = true);\n";
    const float x[5] = {-1.0f, -0.15f, 0.05f, 0.25f, 1.5f};
    float y[5];
    run_doc(ctx, mul_doc, q, NNX_MODEL_APPLY_QUANTIZATION, x, 5, y);
    const double want[5] = {-1.0, -2.0 / 7, 1.0 / 7, 4.0 / 7, 1.0};
    for (int k = 0; k < 5; k++)
        assert_float_equal(y[k], want[k], 1e-6);
    nnx_context_destroy(ctx);
}

static const char mixed_doc[] = "version 1.0;\n"
                                "extension tract_registry tract_core;\n"
                                "graph g( x ) -> ( y )\n"
                                "{\n"
                                "    x = external<scalar>(shape = [1, 4]);\n"
                                "    e = elu(x, alpha = 0.5);\n"
                                "    idx = constant<integer>(shape = [4], value = [3, 2, 1, 0]);\n"
                                "    g = gather(e, idx, axis = 1);\n"
                                "    i = cast<integer>(x);\n"
                                "    t = tan(x);\n"
                                "    c = cast<scalar>(i);\n"
                                "    s = add(g, c);\n"
                                "    y = add(s, t);\n"
                                "}\n";

static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    static char buf[8192];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    return buf;
}

/* nnx_model_save writes the later primitives by name (cast with its target type, which only
 * <T> carries) and the compounds as their bodies; the written model reads back and gives the
 * same values. */
static void test_writer_round_trip(void **state)
{
    (void)state;
    nnx_context *ctx;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    nnx_model *m = NULL;
    if (load(ctx, mixed_doc, NULL, 0, &m) != NNX_OK)
        fail_msg("load: %s", nnx_context_error(ctx));
    char dir[300], path[400];
    write_document("", dir, sizeof dir);
    remove_document(dir);
    if (nnx_model_save(m, dir) != NNX_OK)
        fail_msg("save: %s", nnx_context_error(ctx));
    snprintf(path, sizeof path, "%s/graph.nnef", dir);
    const char *text = read_text(path);
    if (!strstr(text, "cast<integer>(x)") || !strstr(text, "gather(") || !strstr(text, "axis = 1") ||
        !strstr(text, "tan(x)") || !strstr(text, "mul(0.5, "))
        fail_msg("written:\n%s", text);
    nnx_model *back = NULL;
    if (nnx_model_load(ctx, dir, NULL, &back) != NNX_OK)
        fail_msg("reload: %s", nnx_context_error(ctx));
    unlink(path);
    rmdir(dir);
    float a[4], b[4];
    run_built(ctx, m, four, 4, a);
    run_built(ctx, back, four, 4, b);
    assert_memory_equal(a, b, sizeof a);
    /* g = elu(x, 0.5) reversed = [2, 0, 0.5(e^-0.5 - 1), 0.5(e^-1 - 1)] = [2, 0, -0.196735,
     * -0.316060]; i = [-1, 0, 0, 2]; t = tan(x) = [-1.557408, -0.546302, 0, -2.185040] */
    const double want[4] = {2 - 1 - 1.557408, -0.546302, -0.196735, -0.316060 + 2 - 2.185040};
    for (int k = 0; k < 4; k++)
        assert_float_equal(a[k], want[k], 1e-5);
    nnx_model_destroy(m);
    nnx_model_destroy(back);
    nnx_context_destroy(ctx);
}

/* A document's own fragment named like a later-only operation is the document's (documents
 * written before the later library defined their own gelu); a 1.0.2 name stays reserved. */
static void test_own_fragment_shadows_later(void **state)
{
    (void)state;
    nnx_context *ctx;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    const char *doc = "version 1.0;\n"
                      "extension KHR_enable_fragment_definitions;\n"
                      "fragment gelu( x: tensor<scalar> ) -> ( y: tensor<scalar> )\n"
                      "{\n"
                      "    y = neg(x);\n"
                      "}\n"
                      "graph g( x ) -> ( y )\n"
                      "{\n"
                      "    x = external<scalar>(shape = [1, 4]);\n"
                      "    y = gelu(x);\n"
                      "}\n";
    float y[4];
    run_doc(ctx, doc, NULL, 0, four, 4, y);
    assert_true(y[0] == 1.0f && y[1] == 0.5f && y[3] == -2.0f);
    const char *elu_own = "version 1.0;\n"
                          "extension KHR_enable_fragment_definitions;\n"
                          "fragment elu( x: tensor<scalar> ) -> ( y: tensor<scalar> )\n"
                          "{\n"
                          "    y = neg(x);\n"
                          "}\n"
                          "graph g( x ) -> ( y )\n"
                          "{\n"
                          "    x = external<scalar>(shape = [1, 4]);\n"
                          "    y = elu(x);\n"
                          "}\n";
    expect_refused(ctx, elu_own, NULL, 0, "graph.nnef:3:", "redefines a standard operation");
    nnx_context_destroy(ctx);
}

/* gather's axis must name an axis of the input; indices known at load must be in range. */
static void test_gather_bad_axis(void **state)
{
    (void)state;
    nnx_context *ctx;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    const char *doc = "version 1.0;\n"
                      "graph g( x ) -> ( y )\n"
                      "{\n"
                      "    x = external<scalar>(shape = [1, 4]);\n"
                      "    i = constant<integer>(shape = [1], value = [0]);\n"
                      "    y = gather(x, i, axis = 2);\n"
                      "}\n";
    expect_refused(ctx, doc, NULL, 0, "graph.nnef:6:", "axis 2 is out of range for input of shape [1,4]");
    const char *far = "version 1.0;\n"
                      "graph g( x ) -> ( y )\n"
                      "{\n"
                      "    x = external<scalar>(shape = [1, 4]);\n"
                      "    i = constant<integer>(shape = [2], value = [3, 4]);\n"
                      "    y = gather(x, i, axis = 1);\n"
                      "}\n";
    expect_refused(ctx, far, NULL, 0, "graph.nnef:6:", "index 4 is out of range for an axis of extent 4");
    nnx_context_destroy(ctx);
}

/* A builder graph's tan and cast are saved as the later library's tan and cast<integer>, and the
 * saved model runs with the builder's values: x = [-1, -0.5, 0, 2] gives y = tan(x) + x truncated
 * = [-1.557408 - 1, -0.546302, 0, -2.185040 + 2]; strict mode refuses the saved model. */
static void test_builder_graph_saved(void **state)
{
    (void)state;
    nnx_context *ctx;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    nnx_builder *b;
    assert_int_equal(nnx_builder_create(ctx, &b), NNX_OK);
    nnx_operand_desc d = {NNX_FLOAT32, 2, {1, 4}};
    nnx_operand *x = nnx_builder_input(b, "x", &d);
    nnx_operand *t = nnx_builder_tan(b, x, NULL);
    nnx_operand *i = nnx_builder_cast(b, x, NNX_INT32, NULL);
    nnx_operand *f = nnx_builder_cast(b, i, NNX_FLOAT32, NULL);
    nnx_operand *y = nnx_builder_add(b, t, f, NULL);
    assert_non_null(y);
    nnx_graph *g = NULL;
    nnx_named_operand out = {"y", y};
    assert_int_equal(nnx_builder_build(b, &out, 1, &g), NNX_OK);
    char dir[300], path[400];
    write_document("", dir, sizeof dir);
    remove_document(dir);
    if (nnx_graph_save(g, dir) != NNX_OK)
        fail_msg("save: %s", nnx_context_error(ctx));
    snprintf(path, sizeof path, "%s/graph.nnef", dir);
    const char *text = read_text(path);
    if (!strstr(text, "tan(x)") || !strstr(text, "cast<integer>(x)") || !strstr(text, "cast<scalar>("))
        fail_msg("written:\n%s", text);
    nnx_model *m = NULL;
    if (nnx_model_load(ctx, dir, NULL, &m) != NNX_OK)
        fail_msg("reload: %s", nnx_context_error(ctx));
    nnx_model *strict = NULL;
    nnx_status st = nnx_model_load(ctx, dir, &(nnx_model_options){.flags = NNX_MODEL_STRICT_1_0_2}, &strict);
    assert_int_equal(st, NNX_ERROR_INVALID_MODEL);
    assert_non_null(strstr(nnx_context_error(ctx), "'tan' is an operation of the standard library after"));
    unlink(path);
    rmdir(dir);
    float got[4];
    run_built(ctx, m, four, 4, got);
    const double want[4] = {-1.557408 - 1, -0.546302, 0, -2.185040 + 2};
    for (int k = 0; k < 4; k++)
        assert_float_equal(got[k], want[k], 1e-5);
    nnx_model_destroy(m);
    nnx_context_destroy(ctx);
}

int main(void)
{
    const struct CMUnitTest extra[] = {
        cmocka_unit_test(test_later_stdlib_checks),
        cmocka_unit_test(test_strict_names_operation),
        cmocka_unit_test(test_strict_names_parameter),
        cmocka_unit_test(test_zero_point_quant),
        cmocka_unit_test(test_min_max_quant),
        cmocka_unit_test(test_writer_round_trip),
        cmocka_unit_test(test_own_fragment_shadows_later),
        cmocka_unit_test(test_gather_bad_axis),
        cmocka_unit_test(test_builder_graph_saved),
    };
    return nnef_run_main("nnef_run_later", nrl_cases, sizeof nrl_cases / sizeof *nrl_cases, NULL, 0, extra,
                         sizeof extra / sizeof *extra);
}
