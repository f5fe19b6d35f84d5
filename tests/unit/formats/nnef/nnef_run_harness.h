/* nnef_run_harness.h — shared by test_nnef_run_elementwise.c and test_nnef_run_shape_ops.c: the
 * case types their generated headers fill (tests/unit/formats/nnef/nnef_run_gen.py), running an
 * NNEF document end to end from a temporary graph.nnef, one core op through the op table, and
 * comparing outputs with numpy's (bit for bit, NaN matches NaN, or within ulps). Include after
 * _POSIX_C_SOURCE. */
#ifndef NNX_TEST_NNEF_RUN_HARNESS_H
#define NNX_TEST_NNEF_RUN_HARNESS_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "nnx.h"
#include "base/error.h"
#include "ir/attrs.h"
#include "ir/ops.h"
#include "ops/table.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define NNEF_RUN_MAX_IO 16
#define NNEF_RUN_MAX_REPORTED 6

/* A named tensor; data holds the elements row-major in storage order (floats as their bit
 * patterns, bool as 0/1 bytes). ulps: 0 = exact (floats bit for bit, any NaN matches NaN),
 * else the allowed distance in units in the last place. */
typedef struct nnef_run_tensor {
    const char *name;
    nnx_dtype dtype;
    uint32_t rank;
    uint32_t shape[NNX_MAX_RANK];
    const void *data;
    uint32_t ulps;
} nnef_run_tensor;

/* An NNEF document (graph.nnef) with its external inputs and expected outputs, by name. */
typedef struct nnef_run_case {
    const char *name, *doc;
    uint32_t n_in;
    const nnef_run_tensor *in;
    uint32_t n_out;
    const nnef_run_tensor *out;
} nnef_run_case;

/* A core op (ops.def name) with attrs applied to n_in inputs: tensors[0..n_in-1], expected
 * tensors[n_in]. */
typedef struct nnef_run_core_case {
    const char *name, *op;
    uint32_t n_in;
    const nnef_run_tensor *tensors;
    nnx_attrs attrs;
} nnef_run_core_case;

/* ---------------------------------------------------------------- comparing */

static nnx_operand_desc desc_of(const nnef_run_tensor *t)
{
    nnx_operand_desc d = {t->dtype, t->rank, {0}};
    for (uint32_t i = 0; i < t->rank; i++)
        d.shape[i] = t->shape[i];
    return d;
}

static size_t count_of(const nnef_run_tensor *t)
{
    size_t n = 1;
    for (uint32_t i = 0; i < t->rank; i++)
        n *= t->shape[i];
    return n;
}

static size_t esize(nnx_dtype dt)
{
    switch (dt) {
    case NNX_FLOAT64:
    case NNX_INT64:
    case NNX_UINT64: return 8;
    case NNX_FLOAT32:
    case NNX_INT32:
    case NNX_UINT32: return 4;
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
static bool element_ok(const nnef_run_tensor *want, const unsigned char *got, size_t i)
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
    case NNX_FLOAT32: {
        float f;
        memcpy(&f, e, 4);
        snprintf(buf, n, "%.9g", f);
        return;
    }
    case NNX_FLOAT64: {
        double d;
        memcpy(&d, e, 8);
        snprintf(buf, n, "%.17g", d);
        return;
    }
    case NNX_INT32: {
        int32_t v;
        memcpy(&v, e, 4);
        snprintf(buf, n, "%ld", (long)v);
        return;
    }
    case NNX_INT64: {
        int64_t v;
        memcpy(&v, e, 8);
        snprintf(buf, n, "%lld", (long long)v);
        return;
    }
    case NNX_UINT64: {
        uint64_t v;
        memcpy(&v, e, 8);
        snprintf(buf, n, "%llu", (unsigned long long)v);
        return;
    }
    case NNX_INT8: snprintf(buf, n, "%d", (int)(int8_t)*e); return;
    default: snprintf(buf, n, "%u", (unsigned)*e); return;
    }
}

/* Fails the test (after printing up to NNEF_RUN_MAX_REPORTED mismatches) unless got matches want. */
static void check_output(const char *where, const nnef_run_tensor *want, const void *got)
{
    size_t n = count_of(want), bad = 0;
    for (size_t i = 0; i < n; i++) {
        if (element_ok(want, got, i))
            continue;
        if (bad++ < NNEF_RUN_MAX_REPORTED) {
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
    snprintf(dir, size, "%s/nnx_nnef_run_XXXXXX", tmp && *tmp ? tmp : "/tmp");
    assert_non_null(mkdtemp(dir));
    char path[512];
    snprintf(path, sizeof path, "%s/graph.nnef", dir);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(doc, 1, strlen(doc), f), strlen(doc));
    assert_int_equal(fclose(f), 0);
}

/* write_document, plus quant (when given) as graph.quant beside it. */
static inline void write_quantized_document(const char *doc, const char *quant, char *dir, size_t size)
{
    write_document(doc, dir, size);
    if (!quant)
        return;
    char path[512];
    snprintf(path, sizeof path, "%s/graph.quant", dir);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(quant, 1, strlen(quant), f), strlen(quant));
    assert_int_equal(fclose(f), 0);
}

/* Removes what write_document or write_quantized_document made. */
static void remove_document(const char *dir)
{
    char path[512];
    snprintf(path, sizeof path, "%s/graph.quant", dir);
    unlink(path);
    snprintf(path, sizeof path, "%s/graph.nnef", dir);
    unlink(path);
    rmdir(dir);
}

static void run_nnef_case(const nnef_run_case *c)
{
    assert_true(c->n_in <= NNEF_RUN_MAX_IO && c->n_out <= NNEF_RUN_MAX_IO);
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

    nnx_named_tensor ins[NNEF_RUN_MAX_IO], outs[NNEF_RUN_MAX_IO];
    for (uint32_t i = 0; i < c->n_in; i++) {
        const nnef_run_tensor *t = &c->in[i];
        nnx_tensor_desc td = {.desc = desc_of(t), .writable = true};
        ins[i].name = t->name;
        assert_int_equal(nnx_tensor_create(ctx, &td, &ins[i].tensor), NNX_OK);
        assert_int_equal(nnx_tensor_write(ins[i].tensor, t->data, count_of(t) * esize(t->dtype)), NNX_OK);
    }
    for (uint32_t i = 0; i < c->n_out; i++) {
        const nnef_run_tensor *t = &c->out[i];
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
        const nnef_run_tensor *t = &c->out[i];
        size_t bytes = count_of(t) * esize(t->dtype);
        void *got = malloc(bytes);
        assert_non_null(got);
        assert_int_equal(nnx_tensor_read(outs[i].tensor, got, bytes), NNX_OK);
        check_output(c->name, t, got);
        free(got);
    }
    nnx_context_destroy(ctx); /* frees the graph and the tensors */
}

__attribute__((unused)) static void test_nnef_case(void **state) { run_nnef_case(*state); }

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
__attribute__((unused)) static void test_core_case(void **state)
{
    const nnef_run_core_case *c = *state;
    const nnef_run_tensor *want = &c->tensors[c->n_in];
    nnx_op op = op_named(c->op);
    uint32_t in_ids[3] = {0, 1, 2}, out_id = 3;
    nnx_node node = {
        .op = op, .n_in = c->n_in, .n_out = 1, .in = in_ids, .out = &out_id, .label = "", .attrs = c->attrs};
    nnx_operand_desc descs[3], out_desc;
    const nnx_operand_desc *in_descs[3];
    nnx_view views[3];
    for (uint32_t i = 0; i < c->n_in; i++) {
        descs[i] = desc_of(&c->tensors[i]);
        in_descs[i] = &descs[i];
        views[i] = (nnx_view){descs[i], (void *)c->tensors[i].data};
    }
    nnx_error err = {0};
    nnx_status st = nnx_node_infer(&node, in_descs, &out_desc, &err);
    if (st != NNX_OK)
        fail_msg("%s: infer: %s", c->name, err.message);
    nnx_operand_desc wd = desc_of(want);
    assert_int_equal(out_desc.dtype, wd.dtype);
    assert_int_equal(out_desc.rank, wd.rank);
    assert_memory_equal(out_desc.shape, wd.shape, wd.rank * sizeof *wd.shape);
    size_t bytes = count_of(want) * esize(want->dtype);
    nnx_view out = {out_desc, malloc(bytes)};
    assert_non_null(out.data);
    assert_int_equal(nnx_node_kernel(&node, views, &out), NNX_OK);
    check_output(c->name, want, out.data);
    free(out.data);
}

/* ---------------------------------------------------------------- group main */

/* Runs the generated NNEF and core cases, then the extra tests, as one cmocka group. */
__attribute__((unused)) static int nnef_run_main(const char *group, const nnef_run_case *cases, size_t n_cases,
                                                 const nnef_run_core_case *core, size_t n_core,
                                                 const struct CMUnitTest *extra, size_t n_extra)
{
    size_t n = 0;
    struct CMUnitTest *tests = calloc(n_cases + n_core + n_extra + 1, sizeof *tests);
    if (!tests)
        return 1;
    for (size_t i = 0; i < n_cases; i++)
        tests[n++] = (struct CMUnitTest){cases[i].name, test_nnef_case, NULL, NULL, (void *)&cases[i]};
    for (size_t i = 0; i < n_core; i++)
        tests[n++] = (struct CMUnitTest){core[i].name, test_core_case, NULL, NULL, (void *)&core[i]};
    for (size_t i = 0; i < n_extra; i++)
        tests[n++] = extra[i];
    int rc = _cmocka_run_group_tests(group, tests, n, NULL, NULL);
    free(tests);
    return rc;
}

/* ---------------------------------------------------------------- core IR written as NNEF */

#ifdef NNEF_RUN_WRITTEN
#include "formats/nnef/emit/from_ir.h"
#include "formats/nnef/shapes/shapes.h"
#include "formats/nnef/emit/writer.h"

/* A core graph written as a flat NNEF graph (g), its text, and the registry it needs. */
typedef struct nnef_written {
    nnx_nnef_registry reg;
    nnx_nnef_flat g;
    nnx_strbuf text;
} nnef_written;

/* Writes ir's inputs and outputs as NNEF (nnx_nnef_from_ir), prints the text and propagates
 * NNEF shapes over it, failing the test on any error. */
static void nnef_write_ir(const nnx_ir *ir, const uint32_t *in, const char *const *in_names, uint32_t n_in,
                          const uint32_t *outs, const char *const *out_names, uint32_t n_out, nnef_written *w)
{
    nnx_error err = {0};
    assert_int_equal(nnx_nnef_registry_init(&w->reg, NULL, ir->alloc, &err), NNX_OK);
    nnx_nnef_flat_init(&w->g, ir->alloc, "saved.nnef");
    nnx_nnef_variable_data *vars = NULL;
    uint32_t n_vars = 0;
    if (nnx_nnef_from_ir(ir, in, in_names, n_in, outs, out_names, n_out, &w->reg, NULL, &w->g, &vars, &n_vars, &err) !=
        NNX_OK)
        fail_msg("%s", err.message);
    nnx_strbuf_init(&w->text, ir->alloc);
    assert_int_equal(nnx_nnef_write_text(&w->g, &w->text, &err), NNX_OK);
    if (nnx_nnef_infer_shapes(&w->g, &err) != NNX_OK)
        fail_msg("%s\n%s", err.message, w->text.data);
}

static void nnef_written_free(nnef_written *w)
{
    nnx_strbuf_free(&w->text);
    nnx_nnef_flat_free(&w->g);
    nnx_nnef_registry_free(&w->reg);
}
#endif

#endif
