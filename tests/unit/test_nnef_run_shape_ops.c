/* test_nnef_run_shape_ops.c — argmax/argmin/all/any_reduce, pad, tile, stack and unstack run
 * end to end: each generated document is written to a temporary folder as graph.nnef, loaded,
 * built, dispatched and compared exactly with numpy's outputs (tests/data/
 * nnef_run_shape_ops_expected.h, regenerate with tests/unit/gen_nnef_run_shape_ops.py). Core-op
 * cases cover dtypes NNEF cannot spell (int64 indices, uint8/int8 pad) through the op table. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "base/error.h"
#include "formats/nnef/from_ir.h"
#include "formats/nnef/shapes.h"
#include "formats/nnef/writer.h"
#include "ir/graph.h"
#include "ir/ops.h"

#include "../data/nnef_run_shape_ops_expected.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define NRS_MAX_IO 16
#define NRS_MAX_REPORTED 6

/* ---------------------------------------------------------------- comparing */

static nnx_operand_desc desc_of(const nrs_tensor *t)
{
    nnx_operand_desc d = {t->dtype, t->rank, {0}};
    for (uint32_t i = 0; i < t->rank; i++)
        d.shape[i] = t->shape[i];
    return d;
}

static size_t count_of(const nrs_tensor *t)
{
    size_t n = 1;
    for (uint32_t i = 0; i < t->rank; i++)
        n *= t->shape[i];
    return n;
}

static size_t esize(nnx_dtype dt)
{
    switch (dt) {
    case NNX_FLOAT64: case NNX_INT64: case NNX_UINT64: return 8;
    case NNX_FLOAT32: case NNX_INT32: case NNX_UINT32: return 4;
    default: return 1;
    }
}

/* Distance in ULP between two finite-or-infinite floats of one sign-magnitude format, via
 * the monotonic integer mapping of their bit patterns. */
static uint64_t ulp_distance32(uint32_t a, uint32_t b)
{
    int64_t ka = (a >> 31) ? -(int64_t)(a & 0x7fffffffu) : (int64_t)a;
    int64_t kb = (b >> 31) ? -(int64_t)(b & 0x7fffffffu) : (int64_t)b;
    return (uint64_t)(ka > kb ? ka - kb : kb - ka);
}

/* Element i of got against want: bool and integers exactly; floats bit for bit (so -0 and
 * infinities of the wrong sign fail) with any NaN matching NaN, or within want->ulps. */
static bool element_ok(const nrs_tensor *want, const unsigned char *got, size_t i)
{
    size_t es = esize(want->dtype);
    const unsigned char *w = (const unsigned char *)want->data + i * es, *g = got + i * es;
    if (want->dtype == NNX_FLOAT32) {
        float fw, fg;
        uint32_t bw, bg;
        memcpy(&fw, w, 4);
        memcpy(&fg, g, 4);
        memcpy(&bw, w, 4);
        memcpy(&bg, g, 4);
        if (isnan(fw) || isnan(fg))
            return isnan(fw) && isnan(fg);
        if (want->ulps == 0 || isinf(fw) || isinf(fg))
            return bw == bg;
        return ulp_distance32(bw, bg) <= want->ulps;
    }
    if (want->dtype == NNX_FLOAT64) {
        double dw, dg;
        memcpy(&dw, w, 8);
        memcpy(&dg, g, 8);
        if (isnan(dw) || isnan(dg))
            return isnan(dw) && isnan(dg);
    }
    return memcmp(w, g, es) == 0;
}

static void format_element(nnx_dtype dt, const unsigned char *p, size_t i, char *buf, size_t n)
{
    const unsigned char *e = p + i * esize(dt);
    switch (dt) {
    case NNX_FLOAT32: { float f; memcpy(&f, e, 4); snprintf(buf, n, "%.9g", f); return; }
    case NNX_FLOAT64: { double d; memcpy(&d, e, 8); snprintf(buf, n, "%.17g", d); return; }
    case NNX_INT32: { int32_t v; memcpy(&v, e, 4); snprintf(buf, n, "%ld", (long)v); return; }
    case NNX_INT64: { int64_t v; memcpy(&v, e, 8); snprintf(buf, n, "%lld", (long long)v); return; }
    case NNX_UINT64: { uint64_t v; memcpy(&v, e, 8); snprintf(buf, n, "%llu", (unsigned long long)v); return; }
    case NNX_INT8: snprintf(buf, n, "%d", (int)(int8_t)*e); return;
    default: snprintf(buf, n, "%u", (unsigned)*e); return;
    }
}

/* Fails the test (after printing up to NRS_MAX_REPORTED mismatches) unless got matches want. */
static void check_output(const char *where, const nrs_tensor *want, const void *got)
{
    size_t n = count_of(want), bad = 0;
    for (size_t i = 0; i < n; i++) {
        if (element_ok(want, got, i))
            continue;
        if (bad++ < NRS_MAX_REPORTED) {
            char a[48], b[48];
            format_element(want->dtype, want->data, i, a, sizeof a);
            format_element(want->dtype, got, i, b, sizeof b);
            print_message("%s: output '%s' element %zu: expected %s, got %s\n", where, want->name, i, a, b);
        }
    }
    if (bad)
        fail_msg("%s: output '%s': %zu of %zu elements differ", where, want->name, bad, n);
}

/* ---------------------------------------------------------------- NNEF documents */

/* Writes doc as <fresh temporary folder>/graph.nnef; dir receives the folder. */
static void write_document(const char *doc, char *dir, size_t size)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, size, "%s/nnx_so_XXXXXX", tmp && *tmp ? tmp : "/tmp");
    assert_non_null(mkdtemp(dir));
    char path[512];
    snprintf(path, sizeof path, "%s/graph.nnef", dir);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(doc, 1, strlen(doc), f), strlen(doc));
    assert_int_equal(fclose(f), 0);
}

static void remove_document(const char *dir)
{
    char path[512];
    snprintf(path, sizeof path, "%s/graph.nnef", dir);
    unlink(path);
    rmdir(dir);
}

static void run_nnef_case(const nrs_case *c)
{
    assert_true(c->n_in <= NRS_MAX_IO && c->n_out <= NRS_MAX_IO);
    char dir[300];
    write_document(c->doc, dir, sizeof dir);

    nnx_context *ctx;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    nnx_model *model = NULL;
    nnx_status st = nnx_model_load(ctx, dir, NULL, &model);
    remove_document(dir);
    if (st != NNX_OK)
        fail_msg("%s: nnx_model_load: %s: %s", c->name, nnx_status_string(st), nnx_context_error(ctx));
    nnx_graph *graph = NULL;
    st = nnx_model_build(model, &graph);
    if (st != NNX_OK)
        fail_msg("%s: nnx_model_build: %s: %s", c->name, nnx_status_string(st), nnx_context_error(ctx));
    nnx_model_destroy(model);

    nnx_named_tensor ins[NRS_MAX_IO], outs[NRS_MAX_IO];
    for (uint32_t i = 0; i < c->n_in; i++) {
        const nrs_tensor *t = &c->in[i];
        nnx_tensor_desc td = {.desc = desc_of(t), .writable = true};
        ins[i].name = t->name;
        assert_int_equal(nnx_tensor_create(ctx, &td, &ins[i].tensor), NNX_OK);
        assert_int_equal(nnx_tensor_write(ins[i].tensor, t->data, count_of(t) * esize(t->dtype)), NNX_OK);
    }
    for (uint32_t i = 0; i < c->n_out; i++) {
        const nrs_tensor *t = &c->out[i];
        nnx_operand_desc d;
        bool found = false;
        for (size_t k = 0; k < nnx_graph_output_count(graph) && !found; k++)
            if (strcmp(nnx_graph_output_name(graph, k), t->name) == 0) {
                nnx_graph_output_desc(graph, k, &d);
                found = true;
            }
        if (!found)
            fail_msg("%s: the graph has no output '%s'", c->name, t->name);
        nnx_operand_desc want = desc_of(t);
        if (d.dtype != want.dtype || d.rank != want.rank || memcmp(d.shape, want.shape, d.rank * sizeof *d.shape))
            fail_msg("%s: output '%s' has dtype %d rank %u, expected dtype %d rank %u", c->name, t->name, (int)d.dtype,
                     d.rank, (int)want.dtype, want.rank);
        outs[i].name = t->name;
        assert_int_equal(nnx_tensor_create(ctx, &(nnx_tensor_desc){.desc = want, .readable = true}, &outs[i].tensor),
                         NNX_OK);
    }
    st = nnx_context_dispatch(ctx, graph, ins, c->n_in, outs, c->n_out);
    if (st != NNX_OK)
        fail_msg("%s: nnx_context_dispatch: %s: %s", c->name, nnx_status_string(st), nnx_context_error(ctx));
    for (uint32_t i = 0; i < c->n_out; i++) {
        const nrs_tensor *t = &c->out[i];
        size_t bytes = count_of(t) * esize(t->dtype);
        void *got = malloc(bytes);
        assert_non_null(got);
        assert_int_equal(nnx_tensor_read(outs[i].tensor, got, bytes), NNX_OK);
        check_output(c->name, t, got);
        free(got);
    }
    nnx_context_destroy(ctx); /* frees the graph and the tensors */
}

static void test_nnef_case(void **state) { run_nnef_case(*state); }

/* ---------------------------------------------------------------- core ops directly */

static nnx_op op_named(const char *name)
{
    for (int op = 0; op < NNX_OP_COUNT; op++)
        if (strcmp(nnx_op_table[op].name, name) == 0)
            return (nnx_op)op;
    fail_msg("no core op '%s'", name);
    return NNX_OP_COUNT;
}

/* infer + reference kernel of one core op on the case's inputs. */
static void test_core_case(void **state)
{
    const nrs_core_case *c = *state;
    const nrs_tensor *want = &c->tensors[c->n_in];
    nnx_op op = op_named(c->op);
    uint32_t in_ids[3] = {0, 1, 2}, out_id = 3;
    nnx_node node = {.op = op, .n_in = c->n_in, .n_out = 1, .in = in_ids, .out = &out_id, .label = "", .attrs = c->attrs};
    nnx_operand_desc descs[3], out_desc;
    const nnx_operand_desc *in_descs[3];
    nnx_view views[3];
    for (uint32_t i = 0; i < c->n_in; i++) {
        descs[i] = desc_of(&c->tensors[i]);
        in_descs[i] = &descs[i];
        views[i] = (nnx_view){descs[i], (void *)c->tensors[i].data};
    }
    nnx_error err = {0};
    nnx_status st = nnx_op_table[op].infer(&node, in_descs, &out_desc, &err);
    if (st != NNX_OK)
        fail_msg("%s: infer: %s", c->name, err.message);
    nnx_operand_desc wd = desc_of(want);
    assert_int_equal(out_desc.dtype, wd.dtype);
    assert_int_equal(out_desc.rank, wd.rank);
    assert_memory_equal(out_desc.shape, wd.shape, wd.rank * sizeof *wd.shape);
    size_t bytes = count_of(want) * esize(want->dtype);
    nnx_view out = {out_desc, malloc(bytes)};
    assert_non_null(out.data);
    assert_int_equal(nnx_op_table[op].kernel(&node, views, &out), NNX_OK);
    check_output(c->name, want, out.data);
    free(out.data);
}

/* Inference rejects what the ops do not define. */
static void test_core_rejects(void **state)
{
    (void)state;
    nnx_operand_desc f = {NNX_FLOAT32, 2, {3, 4}}, b = {NNX_BOOL, 2, {3, 4}}, e = {NNX_FLOAT32, 2, {0, 4}};
    nnx_operand_desc out;
    uint32_t ids[1] = {0}, o = 1;
    struct { const char *op; const nnx_operand_desc *in; nnx_attrs attrs; } bad[] = {
        {"reduce_argmax", &f, {.arg_reduce = {.axes_mask = 1, .index_dtype = NNX_FLOAT32}}}, /* index type */
        {"reduce_argmin", &f, {.arg_reduce = {.axes_mask = 1}}},                             /* undefined index type */
        {"reduce_argmax", &e, {.arg_reduce = {.axes_mask = 1, .index_dtype = NNX_INT32}}},   /* empty set */
        {"reduce_argmax", &f, {.arg_reduce = {.axes_mask = 4, .index_dtype = NNX_INT32}}},   /* axis 2 of rank 2 */
        {"reduce_all", &f, {.reduce = {.axes_mask = 1}}},                                /* bool only */
        {"reduce_any", &f, {.reduce = {.axes_mask = 1}}},
        {"pad", &f, {.pad = {.begin = {3, 0}, .mode = NNX_PAD_REFLECT}}},                /* past extent 3 */
        {"pad", &f, {.pad = {.end = {0, 5}, .mode = NNX_PAD_SYMMETRIC}}},                /* past extent 4 */
        {"pad", &f, {.pad = {.begin = {-2, 0}, .end = {-1, 0}}}},                        /* crops everything */
        {"pad", &f, {.pad = {.mode = (nnx_pad_mode)7}}},                                 /* unknown mode */
        {"pad", &e, {.pad = {.begin = {1, 0}, .mode = NNX_PAD_EDGE}}},                   /* no edge to copy */
        {"tile", &f, {.tile = {.repeats = {1, 0}}}},                                     /* 0 repeats */
        {"tile", &b, {.tile = {.repeats = {1, 1u << 30}}}},                              /* beyond 2^31-1 */
    };
    for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
        nnx_op op = op_named(bad[k].op);
        nnx_node node = {.op = op, .n_in = 1, .n_out = 1, .in = ids, .out = &o, .label = "", .attrs = bad[k].attrs};
        nnx_error err = {0};
        const nnx_operand_desc *in[1] = {bad[k].in};
        if (nnx_op_table[op].infer(&node, in, &out, &err) != NNX_ERROR_INVALID_ARGUMENT)
            fail_msg("case %zu (%s) was accepted", k, bad[k].op);
        assert_true(err.message[0] != '\0');
    }
}

/* Loads and builds doc; returns the build status and copies the context's message. */
static nnx_status build_document(const char *doc, char *msg, size_t size)
{
    char dir[300];
    write_document(doc, dir, sizeof dir);
    nnx_context *ctx;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    nnx_model *model = NULL;
    nnx_graph *graph = NULL;
    nnx_status st = nnx_model_load(ctx, dir, NULL, &model);
    remove_document(dir);
    if (st == NNX_OK) {
        st = nnx_model_build(model, &graph);
        nnx_model_destroy(model);
    }
    snprintf(msg, size, "%s", nnx_context_error(ctx));
    nnx_context_destroy(ctx);
    return st;
}

/* Reflect padding past the extent is rejected with a message (nnef.md §7 #23, strict). */
static void test_nnef_pad_reflect_past_extent(void **state)
{
    (void)state;
    char msg[512];
    nnx_status st = build_document("version 1.0;\ngraph g( x ) -> ( y )\n{\n    x = external<scalar>(shape = [2, 3]);\n"
                                   "    y = pad(x, padding = [(0, 0), (3, 0)], border = 'reflect');\n}\n",
                                   msg, sizeof msg);
    if (st == NNX_OK)
        fail_msg("reflect padding of 3 on an extent of 3 was accepted");
    if (!strstr(msg, "reaches past the extent"))
        fail_msg("unexpected message: %s", msg);
    st = build_document("version 1.0;\ngraph g( x ) -> ( y )\n{\n    x = external<scalar>(shape = [2, 3]);\n"
                        "    y = pad(x, padding = [(0, 0), (0, 4)], border = 'reflect-even');\n}\n",
                        msg, sizeof msg);
    if (st == NNX_OK)
        fail_msg("reflect-even padding of 4 on an extent of 3 was accepted");
}

/* A core graph with pad and tile written as NNEF (nnx_nnef_from_ir): the borders and
 * repeats come out as NNEF spells them, and NNEF shape propagation agrees with the core. */
static void test_pad_tile_written_as_nnef(void **state)
{
    (void)state;
    nnx_alloc a;
    nnx_alloc_init(&a, NULL);
    nnx_error err = {0};
    nnx_ir ir;
    nnx_ir_init(&ir, &a);
    nnx_operand_desc x = {NNX_FLOAT32, 2, {2, 3}};
    uint32_t in, padded, tiled;
    assert_int_equal(nnx_ir_add_input(&ir, "x", &x, &in, &err), NNX_OK);
    nnx_attrs pa = {.pad = {.begin = {1, 0}, .end = {0, 2}, .mode = NNX_PAD_SYMMETRIC}};
    assert_int_equal(nnx_ir_add_node(&ir, NNX_OP_PAD, &in, 1, &pa, 1, "", &padded, &err), NNX_OK);
    nnx_attrs ta = {.tile = {.repeats = {2, 1}}};
    assert_int_equal(nnx_ir_add_node(&ir, NNX_OP_TILE, &padded, 1, &ta, 1, "", &tiled, &err), NNX_OK);
    nnx_nnef_registry reg;
    assert_int_equal(nnx_nnef_registry_init(&reg, NULL, &a, &err), NNX_OK);
    nnx_nnef_flat g;
    nnx_nnef_flat_init(&g, &a, "saved.nnef");
    nnx_nnef_variable_data *vars = NULL;
    uint32_t n_vars = 0;
    const char *in_name = "x", *out_name = "y";
    if (nnx_nnef_from_ir(&ir, &in, &in_name, 1, &tiled, &out_name, 1, &reg, &g, &vars, &n_vars, &err) != NNX_OK)
        fail_msg("%s", err.message);
    nnx_strbuf text;
    nnx_strbuf_init(&text, &a);
    assert_int_equal(nnx_nnef_write_text(&g, &text, &err), NNX_OK);
    assert_non_null(strstr(text.data, "pad(x, padding = [(1, 0), (0, 2)], border = 'reflect-even', value = 0.0)"));
    assert_non_null(strstr(text.data, "tile(t0, repeats = [2, 1])"));
    assert_int_equal(nnx_nnef_infer_shapes(&g, &err), NNX_OK);
    const nnx_nnef_flat_tensor *y = &g.tensors[g.outputs[0]];
    assert_int_equal(y->rank, 2);
    assert_int_equal(y->shape[0], 6);
    assert_int_equal(y->shape[1], 5);
    nnx_strbuf_free(&text);
    nnx_nnef_flat_free(&g);
    nnx_nnef_registry_free(&reg);
    nnx_ir_free(&ir);
}

int main(void)
{
    enum { N_NNEF = sizeof nrs_cases / sizeof *nrs_cases, N_CORE = sizeof nrs_core_cases / sizeof *nrs_core_cases };
    struct CMUnitTest tests[N_NNEF + N_CORE + 3];
    size_t n = 0;
    for (size_t i = 0; i < N_NNEF; i++)
        tests[n++] = (struct CMUnitTest){nrs_cases[i].name, test_nnef_case, NULL, NULL, (void *)&nrs_cases[i]};
    for (size_t i = 0; i < N_CORE; i++)
        tests[n++] = (struct CMUnitTest){nrs_core_cases[i].name, test_core_case, NULL, NULL, (void *)&nrs_core_cases[i]};
    tests[n++] = (struct CMUnitTest)cmocka_unit_test(test_core_rejects);
    tests[n++] = (struct CMUnitTest)cmocka_unit_test(test_nnef_pad_reflect_past_extent);
    tests[n++] = (struct CMUnitTest)cmocka_unit_test(test_pad_tile_written_as_nnef);
    return _cmocka_run_group_tests("nnef_run_shape_ops", tests, n, NULL, NULL);
}
