/* test_nnef_names.c — NNEF's two name sanitisers (writer.h: identifiers and variable labels,
 * NNEF 1.0.2 §3.1, §4.1.2) on keywords, leading digits, empty, very long and non-ASCII names,
 * and the core IR -> NNEF lowering keeping the IR's names: collisions made unique with "_1",
 * labels unique ignoring case, generated names only for unnamed values, every change
 * reported once through nnx_ir_renames. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/alloc.h"
#include "formats/nnef/emit/from_ir.h"
#include "ops/graph_build.h"

static nnx_alloc g_alloc;

static int setup(void **state)
{
    (void)state;
    return nnx_alloc_init(&g_alloc, NULL) ? 0 : -1;
}

static void ident_is(const char *in, const char *want)
{
    nnx_arena a;
    nnx_arena_init(&a, &g_alloc);
    char *got = nnx_nnef_sanitize_identifier(&a, in);
    assert_non_null(got);
    if (strcmp(got, want) != 0)
        fail_msg("identifier of '%s': got '%s', want '%s'", in, got, want);
    assert_true(nnx_nnef_is_identifier(got));
    nnx_arena_free(&a);
}

static void label_is(const char *in, const char *want)
{
    nnx_arena a;
    nnx_arena_init(&a, &g_alloc);
    char *got = nnx_nnef_sanitize_label(&a, in);
    assert_non_null(got);
    if (strcmp(got, want) != 0)
        fail_msg("label of '%s': got '%s', want '%s'", in, got, want);
    /* what the sanitiser gives is a label the container accepts (its own rule) */
    char path[NNX_NNEF_PATH_MAX + 1];
    nnx_error err = {0};
    assert_int_equal(nnx_nnef_label_path(got, path, sizeof path, &err), NNX_OK);
    nnx_arena_free(&a);
}

static void test_identifier(void **state)
{
    (void)state;
    ident_is("x", "x");
    ident_is("fc_weight", "fc_weight");
    ident_is("input:0", "input_0");
    ident_is("fc.weight", "fc_weight");
    ident_is("/fc/Gemm_output_0", "_fc_Gemm_output_0");
    ident_is("0", "_0");
    ident_is("9lives", "_9lives");
    ident_is("", "_");
    ident_is("graph", "graph_");   /* keyword */
    ident_is("tensor", "tensor_"); /* keyword */
    ident_is("true", "true_");     /* literal */
    ident_is("Graph", "Graph");    /* keywords are case-sensitive */
    ident_is("a b-c", "a_b_c");
    ident_is("\xc3\xa9t\xc3\xa9", "__t__"); /* "été": each byte of a non-ASCII character */
    ident_is("\xff", "_");                  /* not even UTF-8 */
}

static void test_identifier_long(void **state)
{
    (void)state;
    size_t n = 100000;
    char *in = malloc(n + 1), *want = malloc(n + 1);
    assert_non_null(in);
    assert_non_null(want);
    for (size_t i = 0; i < n; i++)
        in[i] = i % 7 == 3 ? ':' : 'a', want[i] = i % 7 == 3 ? '_' : 'a';
    in[n] = want[n] = '\0';
    ident_is(in, want); /* kept whole: NNEF identifiers have no length limit */
    free(in);
    free(want);
}

static void test_label(void **state)
{
    (void)state;
    label_is("fc.weight", "fc.weight");
    label_is("conv1/filter", "conv1/filter");
    label_is("a-b_c.d", "a-b_c.d");
    label_is("input:0", "input_0");
    label_is("a b", "a_b");
    label_is("", "_");
    label_is("/abs", "_abs");
    label_is("dir/", "dir_");
    label_is("a//b", "a_/b");
    label_is(".", "_");
    label_is("..", "__");
    label_is("../x", "__/x");
    label_is("a/./b", "a/_/b");
    label_is("...", "...");
    label_is("a\\b", "a_b");
    label_is("\xc3\xa9", "__");
}

static void test_label_long(void **state)
{
    (void)state;
    char in[600], want[300];
    memset(in, 'w', 599);
    in[599] = '\0';
    memset(want, 'w', 240); /* one component: cut at 240 bytes (room for "_k" and ".dat") */
    want[240] = '\0';
    label_is(in, want);
    size_t n = 5000;
    char *many = malloc(n + 1);
    assert_non_null(many);
    for (size_t i = 0; i < n; i++)
        many[i] = i % 10 == 9 ? '/' : 'p';
    many[n] = '\0';
    nnx_arena a;
    nnx_arena_init(&a, &g_alloc);
    char *got = nnx_nnef_sanitize_label(&a, many);
    assert_non_null(got);
    assert_true(strlen(got) <= NNX_NNEF_LABEL_MAX);
    assert_int_equal(strncmp(got, many, strlen(got) - 1), 0);
    nnx_arena_free(&a);
    free(many);
}

/* ---------------------------------------------------------------- the lowering */

typedef struct change {
    nnx_name_kind kind;
    char old_name[64], new_name[64];
} change;

typedef struct changes {
    change items[16];
    uint32_t n;
} changes;

static void keep(void *user, nnx_name_kind kind, const char *old_name, const char *new_name)
{
    changes *r = user;
    assert_true(r->n < 16);
    change *x = &r->items[r->n++];
    x->kind = kind;
    snprintf(x->old_name, sizeof x->old_name, "%s", old_name);
    snprintf(x->new_name, sizeof x->new_name, "%s", new_name);
}

static const change *find(const changes *r, const char *old_name)
{
    const change *hit = NULL;
    for (uint32_t i = 0; i < r->n; i++)
        if (strcmp(r->items[i].old_name, old_name) == 0) {
            assert_null(hit); /* reported once */
            hit = &r->items[i];
        }
    return hit;
}

static uint32_t tensor_named(const nnx_nnef_flat *g, const char *name)
{
    for (uint32_t t = 0; t < g->n_tensors; t++)
        if (strcmp(g->tensors[t].name, name) == 0)
            return t;
    fail_msg("no tensor '%s'", name);
    return 0;
}

/* inputs "a:b", "a.b"; weights "graph", "W", "w" and an unnamed one; a:b + graph -> "t.1";
 * t.1 * W -> unnamed; + w + unnamed weight -> output "out:0" */
static void test_lowering_keeps_names(void **state)
{
    (void)state;
    nnx_error err = {0};
    nnx_ir ir;
    nnx_ir_init(&ir, &g_alloc);
    nnx_operand_desc d = {NNX_FLOAT32, 1, {2}};
    float data[2] = {1, 2};
    uint32_t in[2], w[4], t1, t2, t3, y;
    assert_int_equal(nnx_ir_add_input(&ir, "a:b", &d, &in[0], &err), NNX_OK);
    assert_int_equal(nnx_ir_add_input(&ir, "a.b", &d, &in[1], &err), NNX_OK);
    const char *weights[4] = {"graph", "W", "w", NULL};
    for (int k = 0; k < 4; k++) {
        assert_int_equal(nnx_ir_add_constant(&ir, &d, data, sizeof data, &w[k], &err), NNX_OK);
        assert_int_equal(nnx_ir_set_name(&ir, w[k], weights[k], &err), NNX_OK);
    }
    uint32_t ab[2] = {in[0], w[0]};
    assert_int_equal(nnx_ir_add_node(&ir, NNX_OP_ADD, ab, 2, NULL, 1, "n1", &t1, &err), NNX_OK);
    assert_int_equal(nnx_ir_set_name(&ir, t1, "t.1", &err), NNX_OK);
    assert_int_equal(nnx_ir_set_name(&ir, t1, "ignored", &err), NNX_OK); /* the first name wins */
    assert_string_equal(ir.values[t1].name, "t.1");
    uint32_t cd[2] = {t1, w[1]};
    assert_int_equal(nnx_ir_add_node(&ir, NNX_OP_MUL, cd, 2, NULL, 1, "n2", &t2, &err), NNX_OK);
    uint32_t ef[2] = {t2, w[2]};
    assert_int_equal(nnx_ir_add_node(&ir, NNX_OP_ADD, ef, 2, NULL, 1, "n3", &t3, &err), NNX_OK);
    uint32_t gh[2] = {t3, in[1]};
    assert_int_equal(nnx_ir_add_node(&ir, NNX_OP_ADD, gh, 2, NULL, 1, "n4", &y, &err), NNX_OK);
    uint32_t gi[2] = {y, w[3]};
    uint32_t z;
    assert_int_equal(nnx_ir_add_node(&ir, NNX_OP_ADD, gi, 2, NULL, 1, "n5", &z, &err), NNX_OK);

    nnx_nnef_registry reg;
    assert_int_equal(nnx_nnef_registry_init(&reg, NULL, &g_alloc, &err), NNX_OK);
    nnx_nnef_flat flat;
    nnx_nnef_flat_init(&flat, &g_alloc, "graph.nnef");
    nnx_nnef_variable_data *vars = NULL;
    uint32_t n_vars = 0;
    const char *in_names[2] = {"a:b", "a.b"}, *out_name = "out:0";
    changes got = {0};
    nnx_ir_renames sink = {keep, &got};
    assert_int_equal(nnx_nnef_from_ir(&ir, in, in_names, 2, &z, &out_name, 1, &reg, &sink, &flat, &vars, &n_vars, &err),
                     NNX_OK);

    /* inputs first, in order: the second to sanitise to "a_b" is made unique */
    assert_string_equal(flat.tensors[flat.inputs[0]].name, "a_b");
    assert_string_equal(flat.tensors[flat.inputs[1]].name, "a_b_1");
    assert_string_equal(flat.tensors[flat.outputs[0]].name, "out_0");
    assert_int_equal(find(&got, "a:b")->kind, NNX_NAME_INPUT);
    assert_string_equal(find(&got, "a:b")->new_name, "a_b");
    assert_string_equal(find(&got, "a.b")->new_name, "a_b_1");
    assert_int_equal(find(&got, "out:0")->kind, NNX_NAME_OUTPUT);
    assert_string_equal(find(&got, "out:0")->new_name, "out_0");
    /* a weight named by a keyword: identifier "graph_", label "graph" kept (not reported) */
    uint32_t g = tensor_named(&flat, "graph_");
    assert_string_equal(flat.tensors[g].label, "graph");
    assert_null(find(&got, "graph"));
    /* "W" and "w" are two identifiers but the same label ignoring case (§4.1.2) */
    assert_string_equal(flat.tensors[tensor_named(&flat, "W")].label, "W");
    assert_string_equal(flat.tensors[tensor_named(&flat, "w")].label, "w_1");
    assert_int_equal(find(&got, "w")->kind, NNX_NAME_WEIGHT);
    assert_string_equal(find(&got, "w")->new_name, "w_1");
    /* the named intermediate keeps its name, sanitised; the unnamed ones are generated */
    assert_int_equal(find(&got, "t.1")->kind, NNX_NAME_TENSOR);
    assert_string_equal(find(&got, "t.1")->new_name, "t_1");
    (void)tensor_named(&flat, "t_1");
    (void)tensor_named(&flat, "t0");
    uint32_t c = tensor_named(&flat, "c0"); /* the unnamed weight: c<n>, its label the same */
    assert_string_equal(flat.tensors[c].label, "c0");
    assert_int_equal(got.n, 5); /* a:b, a.b, out:0, w and t.1: every change, nothing else */
    assert_null(find(&got, "W"));

    nnx_nnef_flat_free(&flat);
    nnx_nnef_registry_free(&reg);
    nnx_ir_free(&ir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_identifier), cmocka_unit_test(test_identifier_long),      cmocka_unit_test(test_label),
        cmocka_unit_test(test_label_long), cmocka_unit_test(test_lowering_keeps_names),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
