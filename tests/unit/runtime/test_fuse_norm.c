/* test_fuse_norm.c — runtime/fuse_norm.c on IR graphs holding the decomposed layer norm:
 * fused, one layer_normalization step runs and the result is within 2^-20 * (|gamma| (|x -
 * mean| + |mean|) / sigma + |beta|) of every node run by its reference kernel (NaN rows
 * alike, same bytes on one and two threads); near misses are not fused and give the
 * reference's very bytes; the profile API shows the one step. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#define CPU_TEST_SEED 0x2545F4914F6CDD1Du
#include "../common/cpu_test_data.h"

#include "base/alloc.h"
#include "cpu/kernels.h"
#include "ops/graph_build.h"
#include "nnx.h"
#include "ops/table.h"
#include "runtime/plan.h"
#include "runtime/select.h"
#include "../common/counting_alloc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static nnx_pool *pool; /* one worker: two threads */

typedef enum variant {
    V_FUSE,          /* the exact pattern */
    V_EPS_VECTOR,    /* eps of the variance's shape, not a scalar */
    V_AXIS_MIDDLE,   /* both means over axis 1, not the last */
    V_EXTRA_READER,  /* the variance also read by another node (a second output) */
    V_POW3,          /* pow(d, 3) */
    V_INTERMEDIATE,  /* sigma (the sqrt) is a graph output too */
    V_SQUARE_BY_MUL, /* mul(d, d) instead of pow(d, 2) */
    V_Q_OUTPUT,      /* the normalized q (before gamma) is a graph output too: fused up to q */
} variant;

enum {
    F_GAMMA = 1,        /* mul by gamma [D] */
    F_BETA = 2,         /* add beta [1, 1, D] */
    F_SWAP = 4,         /* add(eps, v), mul(gamma, q), add(beta, g) */
    F_FOLDED_GAMMA = 8, /* gamma a reshape of a constant (folded when planned) */
    F_AROUND = 16,      /* x = 1.5 * input; outputs the chain's result and result + x */
    F_TWICE = 32,       /* a second chain on the first one's result */
};

#define B 2
#define MAX_ELEMS (B * 40 * 256)

typedef struct graph {
    nnx_alloc alloc;
    nnx_ir ir;
    uint32_t in, x, out[3], n_out;
    uint32_t R, D;
    float gamma[256], beta[256], eps;
} graph;

static uint32_t node(graph *g, nnx_op op, const uint32_t *in, uint32_t n_in, const nnx_attrs *a)
{
    nnx_error err = {0};
    uint32_t y;
    if (nnx_ir_add_node(&g->ir, op, in, n_in, a, 1, "n", &y, &err) != NNX_OK)
        fail_msg("%s: %s", nnx_op_table[op].name, err.message);
    return y;
}

static uint32_t bin(graph *g, nnx_op op, uint32_t a, uint32_t b)
{
    return node(g, op, (const uint32_t[]){a, b}, 2, NULL);
}

static uint32_t constant(graph *g, const nnx_operand_desc *d, const float *data)
{
    nnx_error err = {0};
    uint32_t id;
    size_t n = 1;
    for (uint32_t i = 0; i < d->rank; i++)
        n *= d->shape[i];
    assert_int_equal(nnx_ir_add_constant(&g->ir, d, data, n * sizeof *data, &id, &err), NNX_OK);
    return id;
}

static uint32_t scalar(graph *g, float v)
{
    nnx_operand_desc d = {NNX_FLOAT32, 0, {0}};
    return constant(g, &d, &v);
}

/* Values inside a chain that variants read. */
typedef struct inner_values {
    uint32_t var, sigma, q;
} inner_values;

/* The chain on x [B, R, D]. */
static uint32_t chain(graph *g, uint32_t x, unsigned flags, variant v, inner_values *iv)
{
    uint32_t *var = &iv->var;
    nnx_attrs mean = {.reduce = {.axes_mask = v == V_AXIS_MIDDLE ? 2u : 4u, .keep_dims = true}};
    uint32_t m = node(g, NNX_OP_REDUCE_MEAN, &x, 1, &mean);
    uint32_t d = bin(g, NNX_OP_SUB, x, m);
    uint32_t p = v == V_SQUARE_BY_MUL ? bin(g, NNX_OP_MUL, d, d)
                                      : bin(g, NNX_OP_POW, d, scalar(g, v == V_POW3 ? 3.0f : 2.0f));
    *var = node(g, NNX_OP_REDUCE_MEAN, &p, 1, &mean);
    uint32_t e;
    if (v == V_EPS_VECTOR) {
        static float eps[B * 40];
        for (int i = 0; i < B * 40; i++)
            eps[i] = g->eps;
        nnx_operand_desc ed = g->ir.values[*var].desc;
        e = constant(g, &ed, eps);
    } else {
        e = scalar(g, g->eps);
    }
    uint32_t ve = flags & F_SWAP ? bin(g, NNX_OP_ADD, e, *var) : bin(g, NNX_OP_ADD, *var, e);
    uint32_t s = iv->sigma = node(g, NNX_OP_SQRT, &ve, 1, NULL);
    uint32_t y = iv->q = bin(g, NNX_OP_DIV, d, s);
    if (flags & F_GAMMA) {
        nnx_operand_desc gd = {NNX_FLOAT32, 1, {g->D}};
        uint32_t gm = constant(g, &gd, g->gamma);
        if (flags & F_FOLDED_GAMMA) {
            nnx_attrs r = {.reshape = {.rank = 3, .shape = {1, 1, g->D}}};
            gm = node(g, NNX_OP_RESHAPE, &gm, 1, &r);
        }
        y = flags & F_SWAP ? bin(g, NNX_OP_MUL, gm, y) : bin(g, NNX_OP_MUL, y, gm);
    }
    if (flags & F_BETA) {
        nnx_operand_desc bd = {NNX_FLOAT32, 3, {1, 1, g->D}};
        uint32_t bt = constant(g, &bd, g->beta);
        y = flags & F_SWAP ? bin(g, NNX_OP_ADD, bt, y) : bin(g, NNX_OP_ADD, y, bt);
    }
    return y;
}

/* The graph in g (its allocator: alloc, or libc's when NULL). */
static void build_with(graph *g, const nnx_alloc *alloc, uint32_t R, uint32_t D, unsigned flags, variant v)
{
    if (alloc)
        g->alloc = *alloc;
    else
        assert_true(nnx_alloc_init(&g->alloc, NULL));
    nnx_ir_init(&g->ir, &g->alloc);
    g->R = R;
    g->D = D;
    g->eps = 1e-5f;
    for (uint32_t i = 0; i < D; i++) {
        g->gamma[i] = 1.0f + rnd() * 0.5f;
        g->beta[i] = rnd() * 0.5f;
    }
    nnx_error err = {0};
    nnx_operand_desc xd = {NNX_FLOAT32, 3, {B, R, D}};
    assert_int_equal(nnx_ir_add_input(&g->ir, "x", &xd, &g->in, &err), NNX_OK);
    g->x = flags & F_AROUND ? bin(g, NNX_OP_MUL, g->in, scalar(g, 1.5f)) : g->in;
    inner_values iv;
    uint32_t y = chain(g, g->x, flags, v, &iv);
    if (flags & F_TWICE)
        y = chain(g, y, flags, v, &iv);
    g->n_out = 0;
    g->out[g->n_out++] = y;
    if (flags & F_AROUND)
        g->out[g->n_out++] = bin(g, NNX_OP_ADD, y, g->x);
    if (v == V_EXTRA_READER)
        g->out[g->n_out++] = node(g, NNX_OP_NEG, &iv.var, 1, NULL);
    if (v == V_INTERMEDIATE)
        g->out[g->n_out++] = iv.sigma;
    if (v == V_Q_OUTPUT)
        g->out[g->n_out++] = iv.q;
}

static void build(graph *g, uint32_t R, uint32_t D, unsigned flags, variant v) { build_with(g, NULL, R, D, flags, v); }

static size_t elems_of(const graph *g, uint32_t v)
{
    const nnx_operand_desc *d = &g->ir.values[v].desc;
    size_t n = 1;
    for (uint32_t i = 0; i < d->rank; i++)
        n *= d->shape[i];
    return n;
}

/* Every node with its reference kernel; the outputs' bytes copied to ref[i]. */
static void run_reference(const graph *g, const float *x, float **ref)
{
    const nnx_ir *ir = &g->ir;
    void **buf = calloc(ir->n_values, sizeof *buf);
    for (uint32_t v = 0; v < ir->n_values; v++)
        buf[v] = ir->values[v].kind == NNX_VALUE_CONSTANT ? ir->values[v].data
            : v == g->in                                  ? (void *)x
                                                          : malloc(elems_of(g, v) * 4 + 4);
    nnx_view in[4], out;
    for (uint32_t n = 0; n < ir->n_nodes; n++) {
        const nnx_node *nd = &ir->nodes[n];
        for (uint32_t i = 0; i < nd->n_in; i++)
            in[i] = (nnx_view){ir->values[nd->in[i]].desc, buf[nd->in[i]]};
        out = (nnx_view){ir->values[nd->out[0]].desc, buf[nd->out[0]]};
        assert_int_equal(nnx_node_kernel(nd, in, &out), NNX_OK);
    }
    for (uint32_t i = 0; i < g->n_out; i++)
        memcpy(ref[i], buf[g->out[i]], elems_of(g, g->out[i]) * 4);
    for (uint32_t v = 0; v < ir->n_values; v++)
        if (ir->values[v].kind == NNX_VALUE_NODE)
            free(buf[v]);
    free(buf);
}

/* Plans and runs g on pool; the outputs in got[i]. Returns the steps that run; *fused says
 * whether a step runs a layer_normalization node in place of the IR's. */
static uint32_t run_plan(const graph *g, nnx_pool *p, const float *x, float **got, bool *fused)
{
    nnx_plan plan;
    nnx_error err = {0};
    if (nnx_plan_compile_pool(&plan, &g->ir, g->out, g->n_out, p, &err) != NNX_OK)
        fail_msg("plan: %s", err.message);
    nnx_exec *ex = nnx_exec_create(&plan, &err);
    assert_non_null(ex);
    ex->buffers[g->in] = (void *)x;
    assert_int_equal(nnx_plan_run(&plan, ex, &err), NNX_OK);
    for (uint32_t i = 0; i < g->n_out; i++)
        memcpy(got[i], ex->buffers[g->out[i]], elems_of(g, g->out[i]) * 4);
    uint32_t steps = 0;
    *fused = false;
    for (uint32_t k = 0; k < plan.n_order; k++) {
        steps += !plan.skip[k];
        const nnx_node *n = nnx_plan_step_node(&plan, k);
        if (!plan.skip[k] && n != &g->ir.nodes[plan.order[k]]) {
            assert_int_equal(n->op, NNX_OP_LAYER_NORMALIZATION);
            assert_ptr_equal(plan.fast[k], nnx_fast_layer_normalization);
            *fused = true;
        }
    }
    nnx_exec_destroy(&plan, ex);
    nnx_plan_free(&plan);
    return steps;
}

static void fill(float *x, size_t n, float offset, bool special)
{
    for (size_t i = 0; i < n; i++)
        x[i] = offset + rnd() * 2.0f;
    if (special && n > 40) {
        x[3] = NAN;
        x[n - 5] = INFINITY;
        x[n / 2] = -INFINITY;
    }
}

/* The bound on |fused - oracle| for the single chain's result, row by row. */
static void check_close(const graph *g, const float *x, unsigned flags, const float *got, const float *ref)
{
    uint32_t D = g->D;
    for (size_t r = 0; r < (size_t)B * g->R; r++) {
        const float *xr = x + r * D;
        double sum = 0, sq = 0;
        for (uint32_t i = 0; i < D; i++)
            sum += xr[i];
        double mean = sum / D;
        for (uint32_t i = 0; i < D; i++)
            sq += (xr[i] - mean) * (xr[i] - mean);
        double sigma = sqrt(sq / D + g->eps);
        for (uint32_t i = 0; i < D; i++) {
            size_t e = r * D + i;
            double gm = flags & F_GAMMA ? fabs(g->gamma[i]) : 1.0, bt = flags & F_BETA ? fabs(g->beta[i]) : 0.0;
            double bound = 0x1p-20 * (gm * (fabs(xr[i] - mean) + fabs(mean)) / sigma + bt) + 0x1p-140;
            bool ok = isnan(ref[e]) ? isnan(got[e]) : fabs((double)got[e] - ref[e]) <= bound;
            if (!ok)
                fail_msg("row %zu element %u: fused %.9g, separate %.9g (bound %.3g)", r, i, got[e], ref[e], bound);
        }
    }
}

static float *outs_alloc(float **o)
{
    for (int i = 0; i < 3; i++)
        o[i] = malloc(MAX_ELEMS * 4);
    return o[0];
}

static void outs_free(float **o)
{
    for (int i = 0; i < 3; i++)
        free(o[i]);
}

/* Builds, runs fused (one and two threads) and the oracle; checks as the flags say. */
static void check_fused(uint32_t R, uint32_t D, unsigned flags, float offset, bool special)
{
    graph g;
    build(&g, R, D, flags, V_FUSE);
    static float x[MAX_ELEMS];
    size_t n = (size_t)B * R * D;
    fill(x, n, offset, special);
    float *ref[3], *got[3], *got2[3];
    outs_alloc(ref);
    outs_alloc(got);
    outs_alloc(got2);
    run_reference(&g, x, ref);
    bool fused, fused2;
    uint32_t steps = run_plan(&g, NULL, x, got, &fused), steps2 = run_plan(&g, pool, x, got2, &fused2);
    assert_true(fused && fused2);
    /* one step per chain, plus the pre-scale and the closing add */
    uint32_t want = (flags & F_TWICE ? 2 : 1) + (flags & F_AROUND ? 2 : 0);
    assert_int_equal(steps, want);
    assert_int_equal(steps2, want);
    for (uint32_t i = 0; i < g.n_out; i++)
        assert_memory_equal(got[i], got2[i], n * 4);
    if (flags & F_TWICE) { /* the second chain's input is the first's output: compare loosely */
        for (size_t i = 0; i < n; i++)
            assert_true(isnan(ref[0][i]) ? isnan(got[0][i]) : fabs((double)got[0][i] - ref[0][i]) <= 1e-5 * 8);
    } else {
        const float *xin = x;
        static float xs[MAX_ELEMS];
        if (flags & F_AROUND) {
            for (size_t i = 0; i < n; i++)
                xs[i] = x[i] * 1.5f;
            xin = xs;
        }
        check_close(&g, xin, flags, got[0], ref[0]);
        if (flags & F_AROUND) /* the result + x, from the fused result and x's bytes */
            for (size_t i = 0; i < n; i++) {
                float want_sum = got[0][i] + xin[i];
                assert_true(isnan(want_sum) ? isnan(got[1][i]) : memcmp(&want_sum, &got[1][i], 4) == 0);
            }
    }
    outs_free(ref);
    outs_free(got);
    outs_free(got2);
    nnx_ir_free(&g.ir);
}

static void test_fused_line_lengths(void **state)
{
    (void)state;
    for (uint32_t D = 1; D <= 70; D++)
        check_fused(3, D, F_GAMMA | F_BETA, 0.0f, false);
    check_fused(40, 256, F_GAMMA | F_BETA, 0.0f, false); /* the transformer's width */
    check_fused(40, 256, F_GAMMA | F_BETA, 3.0f, false); /* |mean| > sigma */
}

static void test_fused_forms(void **state)
{
    (void)state;
    for (unsigned f = 0; f < 4; f++) /* gamma and beta each present or not */
        check_fused(5, 33, f, 0.5f, false);
    check_fused(5, 33, F_GAMMA | F_BETA | F_SWAP, 0.0f, false);
    check_fused(5, 33, F_GAMMA | F_BETA | F_FOLDED_GAMMA, 0.0f, false);
    check_fused(7, 64, F_GAMMA | F_BETA | F_AROUND, 0.0f, false);
    check_fused(7, 64, F_GAMMA | F_BETA | F_TWICE, 0.0f, false);
    check_fused(7, 64, F_GAMMA | F_BETA | F_TWICE | F_AROUND | F_FOLDED_GAMMA, 0.0f, false);
}

static void test_fused_special_values(void **state)
{
    (void)state;
    check_fused(8, 48, F_GAMMA | F_BETA, 0.0f, true);
    check_fused(8, 48, 0, 0.0f, true);
}

/* A near miss: not fused, and the oracle's very bytes while the separate fast kernels of
 * these ops are exact (else within float32 rounding of each step). */
static void check_not_fused(variant v, unsigned flags)
{
    const nnx_op ops[8] = {NNX_OP_REDUCE_MEAN, NNX_OP_SUB, NNX_OP_POW, NNX_OP_ADD,
                           NNX_OP_SQRT,        NNX_OP_DIV, NNX_OP_MUL, NNX_OP_NEG};
    bool exact = true;
    for (int i = 0; i < 8; i++)
        exact &= nnx_kernel_exact(ops[i]);
    graph g;
    build(&g, 6, 20, flags, v);
    static float x[MAX_ELEMS];
    size_t n = (size_t)B * 6 * 20;
    fill(x, n, 0.25f, false);
    float *ref[3], *got[3];
    outs_alloc(ref);
    outs_alloc(got);
    run_reference(&g, x, ref);
    bool fused;
    run_plan(&g, pool, x, got, &fused);
    assert_false(fused);
    for (uint32_t i = 0; i < g.n_out; i++) {
        if (exact)
            assert_memory_equal(ref[i], got[i], elems_of(&g, g.out[i]) * 4);
        else
            for (size_t e = 0; e < elems_of(&g, g.out[i]); e++)
                assert_true(fabs((double)got[i][e] - ref[i][e]) <= 1e-5 * (fabs(ref[i][e]) + 1));
    }
    outs_free(ref);
    outs_free(got);
    nnx_ir_free(&g.ir);
}

static void test_near_misses(void **state)
{
    (void)state;
    const variant vs[6] = {V_EPS_VECTOR, V_AXIS_MIDDLE, V_EXTRA_READER, V_POW3, V_INTERMEDIATE, V_SQUARE_BY_MUL};
    for (int i = 0; i < 6; i++) {
        check_not_fused(vs[i], F_GAMMA | F_BETA);
        check_not_fused(vs[i], 0);
    }
}

/* A gamma of the whole [B, R, D] shape is not a per-feature scale: the chain is fused up to
 * the division and the mul and add run as their own steps, with the oracle's result within
 * the bound. */
static void test_partial_chain(void **state)
{
    (void)state;
    graph g;
    build(&g, 4, 16, 0, V_FUSE);
    static float full[B * 4 * 16], x[B * 4 * 16];
    for (int i = 0; i < B * 4 * 16; i++)
        full[i] = rnd();
    nnx_operand_desc fd = {NNX_FLOAT32, 3, {B, 4, 16}};
    g.out[0] = bin(&g, NNX_OP_MUL, g.out[0], constant(&g, &fd, full));
    fill(x, B * 4 * 16, 0, false);
    float *ref[3], *got[3];
    outs_alloc(ref);
    outs_alloc(got);
    run_reference(&g, x, ref);
    bool fused;
    assert_int_equal(run_plan(&g, NULL, x, got, &fused), 2);
    assert_true(fused);
    for (int i = 0; i < B * 4 * 16; i++)
        assert_true(fabs((double)got[0][i] - ref[0][i]) <= 1e-5 * (fabs(full[i]) * 4 + 1e-3));
    outs_free(ref);
    outs_free(got);
    nnx_ir_free(&g.ir);
    /* q also a graph output: fused up to q (its value), gamma and beta as their own steps */
    build(&g, 4, 16, F_GAMMA | F_BETA, V_Q_OUTPUT);
    outs_alloc(ref);
    outs_alloc(got);
    run_reference(&g, x, ref);
    assert_int_equal(run_plan(&g, pool, x, got, &fused), 3);
    assert_true(fused);
    check_close(&g, x, 0, got[1], ref[1]);
    for (int i = 0; i < B * 4 * 16; i++)
        assert_true(fabs((double)got[0][i] - ref[0][i]) <= 1e-5 * 8);
    outs_free(ref);
    outs_free(got);
    nnx_ir_free(&g.ir);
}

/* Every allocation of planning and of a run's memory failing in turn: planning fails with
 * out of memory or succeeds (fusing less when the pass's own allocation failed) and then
 * runs to results within the bound of the chains; nothing leaks. */
static void test_allocation_failures(void **state)
{
    (void)state;
    const unsigned flags = F_GAMMA | F_BETA | F_FOLDED_GAMMA | F_AROUND;
    counting_alloc c = {0};
    nnx_alloc a = counting_alloc_wrap(&c);
    graph g;
    build_with(&g, &a, 5, 24, flags, V_FUSE);
    static float x[B * 5 * 24], xs[B * 5 * 24];
    fill(x, B * 5 * 24, 0.0f, false);
    for (int i = 0; i < B * 5 * 24; i++)
        xs[i] = x[i] * 1.5f;
    float *ref[3], *got[3];
    outs_alloc(ref);
    outs_alloc(got);
    run_reference(&g, x, ref);
    long base = c.calls, live = c.live, ok_runs = 0;
    bool failed = true;
    for (long n = 1; failed; n++) {
        c.fail_at = c.calls + n;
        long start = c.calls;
        nnx_plan plan;
        nnx_error err = {0};
        nnx_exec *ex = NULL;
        nnx_status st = nnx_plan_compile(&plan, &g.ir, g.out, g.n_out, &err);
        if (st == NNX_OK && (ex = nnx_exec_create(&plan, &err))) {
            ex->buffers[g.in] = x;
            assert_int_equal(nnx_plan_run(&plan, ex, &err), NNX_OK);
            memcpy(got[0], ex->buffers[g.out[0]], sizeof x);
            check_close(&g, xs, flags, got[0], ref[0]);
            ok_runs++;
        } else {
            assert_int_equal(st == NNX_OK ? err.status : st, NNX_ERROR_OUT_OF_MEMORY);
        }
        nnx_exec_destroy(&plan, ex);
        nnx_plan_free(&plan);
        assert_int_equal(c.live, live);
        failed = c.calls - start >= n; /* the failing call was reached */
    }
    assert_true(ok_runs >= 1 && c.calls > base);
    c.fail_at = 0;
    outs_free(ref);
    outs_free(got);
    nnx_ir_free(&g.ir);
    assert_int_equal(c.live, 0);
}

/* Through the public API: the profile lists the chain as one layer_normalization step. */
static void test_profile_step(void **state)
{
    (void)state;
    nnx_context *ctx;
    nnx_builder *b;
    nnx_graph *gr;
    assert_int_equal(nnx_context_create(&(nnx_context_options){.threads = 1}, &ctx), NNX_OK);
    assert_int_equal(nnx_builder_create(ctx, &b), NNX_OK);
    nnx_operand_desc xd = {NNX_FLOAT32, 2, {4, 8}}, sd = {NNX_FLOAT32, 0, {0}};
    const float two = 2, eps = 1e-5f;
    nnx_operand *x = nnx_builder_input(b, "x", &xd);
    nnx_reduce_options ro = {.axes = (const uint32_t[]){1}, .axes_count = 1, .keep_dimensions = true};
    nnx_operand *d = nnx_builder_sub(b, x, nnx_builder_reduce_mean(b, x, &ro), NULL);
    nnx_operand *v = nnx_builder_reduce_mean(b, nnx_builder_pow(b, d, nnx_builder_constant(b, &sd, &two, 4), NULL),
                                             &ro);
    nnx_operand *s = nnx_builder_sqrt(b, nnx_builder_add(b, v, nnx_builder_constant(b, &sd, &eps, 4), NULL), NULL);
    nnx_named_operand out = {"y", nnx_builder_div(b, d, s, NULL)};
    if (nnx_builder_build(b, &out, 1, &gr) != NNX_OK)
        fail_msg("build: %s", nnx_builder_error(b));
    assert_int_equal(nnx_graph_profile_count(gr), 1);
    nnx_profile_step st;
    assert_true(nnx_graph_profile_step(gr, 0, &st));
    assert_string_equal(st.op, "layer_normalization");
    assert_string_equal(st.kernel, "fast");
    float xv[32], yv[32];
    for (int i = 0; i < 32; i++)
        xv[i] = (float)(i % 8) - 3.5f + (float)(i / 8);
    nnx_named_tensor in = {"x", NULL}, ot = {"y", NULL};
    assert_int_equal(nnx_tensor_create(ctx, &(nnx_tensor_desc){xd, false, true}, &in.tensor), NNX_OK);
    assert_int_equal(nnx_tensor_write(in.tensor, xv, sizeof xv), NNX_OK);
    assert_int_equal(nnx_tensor_create(ctx, &(nnx_tensor_desc){xd, true, false}, &ot.tensor), NNX_OK);
    assert_int_equal(nnx_context_dispatch(ctx, gr, &in, 1, &ot, 1), NNX_OK);
    assert_int_equal(nnx_tensor_read(ot.tensor, yv, sizeof yv), NNX_OK);
    for (int i = 0; i < 32; i++) { /* each row is -3.5 .. 3.5 shifted: sigma^2 = 5.25 */
        double want = ((double)(i % 8) - 3.5) / sqrt(5.25 + 1e-5);
        assert_true(fabs(yv[i] - want) <= 1e-6);
    }
    nnx_context_destroy(ctx);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fused_line_lengths),   cmocka_unit_test(test_fused_forms),
        cmocka_unit_test(test_fused_special_values), cmocka_unit_test(test_near_misses),
        cmocka_unit_test(test_partial_chain),        cmocka_unit_test(test_profile_step),
        cmocka_unit_test(test_allocation_failures),
    };
    nnx_alloc a;
    if (!nnx_alloc_init(&a, NULL) || !(pool = nnx_pool_create(&a, 1)))
        return 1;
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    nnx_pool_destroy(pool);
    return failed;
}
