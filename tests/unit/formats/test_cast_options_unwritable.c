/* test_cast_options_unwritable.c — a core cast that carries ONNX Cast's options (saturate,
 * round_mode for fp8e8m0, sub-byte wrapping) has no spelling in the formats nnx writes: the
 * nnx TOSA extension of NNEF and NNVM graph JSON answer NOT_SUPPORTED instead of writing a
 * cast that would mean something else; the same cast without options is still written. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/alloc.h"
#include "formats/nnef/emit/from_ir.h"
#include "formats/nnvm/nnvm.h"
#include "ops/graph_build.h"

typedef struct graph {
    nnx_alloc alloc;
    nnx_ir ir;
    uint32_t x, y;
} graph;

/* x float32[4] -> cast (a) -> y */
static void build(graph *g, const nnx_attr_cast *a)
{
    nnx_error err = {0};
    assert_true(nnx_alloc_init(&g->alloc, NULL));
    nnx_ir_init(&g->ir, &g->alloc);
    nnx_operand_desc d = {NNX_FLOAT32, 1, {4}};
    assert_int_equal(nnx_ir_add_input(&g->ir, "x", &d, &g->x, &err), NNX_OK);
    nnx_attrs attrs = {.cast = *a};
    assert_int_equal(nnx_ir_add_node(&g->ir, NNX_OP_CAST, &g->x, 1, &attrs, 1, "c", &g->y, &err), NNX_OK);
}

static nnx_status write_nnef(graph *g, nnx_error *err)
{
    nnx_nnef_registry reg;
    nnx_nnef_flat flat;
    assert_int_equal(nnx_nnef_registry_init(&reg, NULL, &g->alloc, err), NNX_OK);
    nnx_nnef_flat_init(&flat, &g->alloc, "saved.nnef");
    nnx_nnef_variable_data *vars = NULL;
    uint32_t n_vars = 0;
    const char *in_name = "x", *out_name = "y";
    nnx_status st = nnx_nnef_from_ir(&g->ir, &g->x, &in_name, 1, &g->y, &out_name, 1, &reg, NULL, &flat, &vars, &n_vars,
                                     err);
    nnx_nnef_flat_free(&flat);
    nnx_nnef_registry_free(&reg);
    return st;
}

static nnx_status write_nnvm(graph *g, const char *path, nnx_error *err)
{
    const char *in_name = "x", *out_name = "y";
    return nnx_nnvm_save(&g->ir, &g->x, &in_name, 1, &g->y, &out_name, 1, path, NULL, &g->alloc, err);
}

static void test_options_refused(void **state)
{
    (void)state;
    const nnx_attr_cast with[] = {
        {.to = NNX_FP8E4M3, .rounding = NNX_CAST_NEAREST_EVEN, .saturation = NNX_CAST_SATURATE},
        {.to = NNX_INT8, .rounding = NNX_CAST_NEAREST_EVEN, .wrap = true},
        {.to = NNX_FP8E8M0, .rounding = NNX_CAST_NEAREST_EVEN, .e8m0_rounding = NNX_E8M0_ROUND_NEAREST},
        {.to = NNX_INT32, .saturation = NNX_CAST_NO_SATURATE},
    };
    char path[] = "/tmp/nnx-cast-options-XXXXXX";
    assert_non_null(mkdtemp(path));
    char json[64];
    snprintf(json, sizeof json, "%s/g.json", path);
    for (size_t k = 0; k < sizeof with / sizeof with[0]; k++) {
        graph g;
        build(&g, &with[k]);
        nnx_error err = {0};
        /* rounding to nearest asks for the TOSA extension, whose cast then refuses the options */
        nnx_status st = write_nnef(&g, &err);
        assert_int_equal(st, NNX_ERROR_NOT_SUPPORTED);
        if (with[k].rounding == NNX_CAST_NEAREST_EVEN && !strstr(err.message, "saturate, round_mode or wrap"))
            fail_msg("case %zu: %s", k, err.message);
        err = (nnx_error){0};
        assert_int_equal(write_nnvm(&g, json, &err), NNX_ERROR_NOT_SUPPORTED);
        assert_non_null(strstr(err.message, "saturate, round_mode or wrapping"));
        assert_int_equal(access(json, F_OK), -1);
        nnx_ir_free(&g.ir);
    }
    /* the plain casts are written as before */
    graph g;
    nnx_attr_cast plain = {.to = NNX_FP8E4M3, .rounding = NNX_CAST_NEAREST_EVEN};
    build(&g, &plain);
    nnx_error err = {0};
    if (write_nnef(&g, &err) != NNX_OK)
        fail_msg("%s", err.message);
    nnx_ir_free(&g.ir);
    nnx_attr_cast webnn = {.to = NNX_INT32};
    build(&g, &webnn);
    if (write_nnvm(&g, json, &err) != NNX_OK)
        fail_msg("%s", err.message);
    nnx_ir_free(&g.ir);
    char params[64];
    snprintf(params, sizeof params, "%s/g.params", path);
    remove(json);
    remove(params);
    assert_int_equal(rmdir(path), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_options_refused)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
