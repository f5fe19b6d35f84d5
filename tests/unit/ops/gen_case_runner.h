/* gen_case_runner.h — runs generated kernel cases (tests/data/ops_gather_expected.h,
 * ops_norm_expected.h): each case adds its node to a fresh IR (so inference must accept it and
 * give the expected descriptor), runs the reference kernel twice into a buffer prefilled with
 * different bytes and followed by a guard zone, and compares with the numpy values. Included
 * by one test file each; everything is static. */
#ifndef NNX_TESTS_GEN_CASE_RUNNER_H
#define NNX_TESTS_GEN_CASE_RUNNER_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "base/alloc.h"
#include "ops/graph_build.h"
#include "ir/elem.h"
#include "ir/shape.h"
#include "ops/table.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GEN_MAX_IN 5

/* A file whose generated header defines gen_tensor and gen_case itself (with at most
 * GEN_MAX_IN inputs) defines GEN_CASE_TYPES_DEFINED after that header and before this one. */
#ifndef GEN_CASE_TYPES_DEFINED
/* A tensor: logical values in f (float types, exact), i (signed) or u (unsigned, bool). */
typedef struct gen_tensor {
    nnx_dtype dtype; /* NNX_DTYPE_UNDEFINED: absent input */
    uint32_t rank;
    uint32_t shape[NNX_MAX_RANK];
    const double *f;
    const int64_t *i;
    const uint64_t *u;
} gen_tensor;

typedef struct gen_case {
    const char *name;
    nnx_op op;
    nnx_attrs attrs;
    uint32_t n_in;
    gen_tensor in[GEN_MAX_IN];
    gen_tensor out;
} gen_case;
#endif

typedef struct gen_fixture {
    const gen_case *c;
    nnx_alloc alloc;
    nnx_ir ir;
    void *buf[GEN_MAX_IN + 1]; /* inputs and the output, freed in teardown */
} gen_fixture;

static int gen_setup(void **state)
{
    gen_fixture *f = calloc(1, sizeof *f);
    if (!f || !nnx_alloc_init(&f->alloc, NULL))
        return -1;
    f->c = *state;
    nnx_ir_init(&f->ir, &f->alloc);
    *state = f;
    return 0;
}

static int gen_teardown(void **state)
{
    gen_fixture *f = *state;
    nnx_ir_free(&f->ir);
    for (int i = 0; i <= GEN_MAX_IN; i++)
        free(f->buf[i]);
    free(f);
    return 0;
}

/* Adds n_in graph inputs (NULL: an absent optional input) and a node of op. */
static nnx_status gen_add_node(gen_fixture *f, nnx_op op, const nnx_attrs *a, nnx_error *err, uint32_t *out,
                               uint32_t n_in, const nnx_operand_desc *const *in)
{
    uint32_t ids[GEN_MAX_IN];
    for (uint32_t i = 0; i < n_in; i++) {
        ids[i] = NNX_NONE;
        if (in[i]) {
            char name[32];
            snprintf(name, sizeof name, "in%u_%u", f->ir.n_values, i);
            assert_int_equal(nnx_ir_add_input(&f->ir, name, in[i], &ids[i], err), NNX_OK);
        }
    }
    return nnx_ir_add_node(&f->ir, op, ids, n_in, a, 1, "t", out, err);
}

static nnx_operand_desc gen_desc(const gen_tensor *t)
{
    nnx_operand_desc d = {t->dtype, t->rank, {0}};
    memcpy(d.shape, t->shape, sizeof d.shape);
    return d;
}

static size_t gen_count(const gen_tensor *t) { return (size_t)nnx_shape_elements(t->shape, t->rank); }

/* A buffer holding t's values in t's dtype. */
static void *gen_buffer(const gen_tensor *t)
{
    nnx_operand_desc d = gen_desc(t);
    size_t bytes;
    assert_true(nnx_desc_bytes(&d, &bytes));
    void *buf = calloc(1, bytes ? bytes : 1);
    assert_non_null(buf);
    for (size_t i = 0; i < gen_count(t); i++) {
        int64_t bits;
        if (t->f)
            nnx_store_f(t->dtype, buf, i, t->f[i]);
        else if (t->i)
            nnx_store_i(t->dtype, buf, i, t->i[i]);
        else {
            memcpy(&bits, &t->u[i], sizeof bits);
            nnx_store_i(t->dtype, buf, i, bits);
        }
    }
    return buf;
}

/* Float results agree with the oracle (both computed in double, rounded once) within a few
 * units in the last place (bfloat16: one) plus a tiny absolute slack for results near zero;
 * NaN and infinities exactly. */
static bool gen_close(nnx_dtype dt, double got, double want)
{
    if (isnan(want) || isnan(got))
        return isnan(want) && isnan(got);
    if (isinf(want) || isinf(got))
        return got == want;
    double rel = dt == NNX_FLOAT16 ? 0x1p-10 : dt == NNX_FLOAT64 ? 0x1p-40 : dt == NNX_BFLOAT16 ? 0x1p-7 : 0x1p-21;
    double abs = dt == NNX_FLOAT16 ? 0x1p-24 : dt == NNX_FLOAT64 ? 1e-12 : 1e-9;
    return fabs(got - want) <= rel * fabs(want) + abs;
}

static void gen_check_values(const char *name, const gen_tensor *t, const void *got)
{
    for (size_t i = 0; i < gen_count(t); i++) {
        if (t->f) {
            unsigned char tmp[8];
            nnx_store_f(t->dtype, tmp, 0, t->f[i]);
            double want = nnx_load_f(t->dtype, tmp, 0), g = nnx_load_f(t->dtype, got, i);
            if (!gen_close(t->dtype, g, want))
                fail_msg("%s: element %zu is %.9g, expected %.9g", name, i, g, want);
        } else if (t->i) {
            if (nnx_load_i(t->dtype, got, i) != t->i[i])
                fail_msg("%s: element %zu is %lld, expected %lld", name, i, (long long)nnx_load_i(t->dtype, got, i),
                         (long long)t->i[i]);
        } else if (nnx_load_u(t->dtype, got, i) != t->u[i]) {
            fail_msg("%s: element %zu is %llu, expected %llu", name, i,
                     (unsigned long long)nnx_load_u(t->dtype, got, i), (unsigned long long)t->u[i]);
        }
    }
}

enum { GEN_GUARD = 64 };

static void gen_run_kernel(gen_fixture *f, const nnx_node *node, const nnx_view *in, size_t bytes, unsigned char fill)
{
    const gen_case *c = f->c;
    unsigned char *y = f->buf[GEN_MAX_IN];
    memset(y, fill, bytes + GEN_GUARD);
    nnx_view out = {gen_desc(&c->out), y};
    assert_int_equal(nnx_node_kernel(node, in, &out), NNX_OK);
    gen_check_values(c->name, &c->out, y);
    for (size_t i = 0; i < GEN_GUARD; i++)
        if (y[bytes + i] != fill)
            fail_msg("%s: the kernel wrote past the output", c->name);
}

static void gen_test_case(void **state)
{
    gen_fixture *f = *state;
    const gen_case *c = f->c;
    nnx_operand_desc d[GEN_MAX_IN];
    const nnx_operand_desc *dp[GEN_MAX_IN];
    nnx_view in[GEN_MAX_IN];
    memset(in, 0, sizeof in);
    for (uint32_t i = 0; i < c->n_in; i++) {
        d[i] = gen_desc(&c->in[i]);
        dp[i] = c->in[i].dtype == NNX_DTYPE_UNDEFINED ? NULL : &d[i];
        if (dp[i]) {
            f->buf[i] = gen_buffer(&c->in[i]);
            in[i] = (nnx_view){d[i], f->buf[i]};
        }
    }
    nnx_error err = {0};
    uint32_t out;
    if (gen_add_node(f, c->op, &c->attrs, &err, &out, c->n_in, dp) != NNX_OK)
        fail_msg("%s: inference failed: %s", c->name, err.message);
    nnx_operand_desc want = gen_desc(&c->out);
    char got_s[128], want_s[128];
    if (!nnx_desc_equal(&f->ir.values[out].desc, &want))
        fail_msg("%s: output %s, expected %s", c->name, nnx_desc_format(&f->ir.values[out].desc, got_s, sizeof got_s),
                 nnx_desc_format(&want, want_s, sizeof want_s));
    size_t bytes;
    assert_true(nnx_desc_bytes(&want, &bytes));
    f->buf[GEN_MAX_IN] = malloc(bytes + GEN_GUARD);
    assert_non_null(f->buf[GEN_MAX_IN]);
    const nnx_node *node = &f->ir.nodes[f->ir.n_nodes - 1];
    gen_run_kernel(f, node, in, bytes, 0xA5); /* two fills: an element left unwritten shows */
    gen_run_kernel(f, node, in, bytes, 0x5A);
}

/* Runs the fixed tests, then one test per generated case (named after it). */
static int gen_run_all(const char *group, const struct CMUnitTest *fixed, size_t n_fixed, const gen_case *cases,
                       size_t n_cases)
{
    struct CMUnitTest *tests = calloc(n_fixed + n_cases, sizeof *tests);
    if (!tests)
        return 1;
    memcpy(tests, fixed, n_fixed * sizeof *tests);
    for (size_t i = 0; i < n_cases; i++)
        tests[n_fixed + i] = (struct CMUnitTest){cases[i].name, gen_test_case, gen_setup, gen_teardown,
                                                 (void *)&cases[i]};
    int failed = _cmocka_run_group_tests(group, tests, n_fixed + n_cases, NULL, NULL);
    free(tests);
    return failed;
}

#endif
