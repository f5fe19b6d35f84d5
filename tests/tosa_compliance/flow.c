/* flow.c — the bool control-flow rows and the variables: COND_IF (then ADD, else SUB, both
 * conditions), WHILE_LOOP (count to 5 doubling an accumulator) and VARIABLE /
 * VARIABLE_READ / VARIABLE_WRITE (a read before the write sees the value of the previous
 * run, initial value first) for fp16, fp32 and i8, through the public TOSA front end; and
 * how the front end answers CUSTOM, which the spec leaves implementation-defined. */
#include "tc_runner.h"

#include "checker/compliance.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static bool then_add(nnx_tosa *t, void *user, nnx_operand *const *in, uint32_t n, nnx_operand **out, uint32_t n_out)
{
    (void)user, (void)n, (void)n_out;
    return nnx_tosa_add(t, NNX_TOSA_ADD, in, 2, NULL, out, 1) == 1;
}

static bool else_sub(nnx_tosa *t, void *user, nnx_operand *const *in, uint32_t n, nnx_operand **out, uint32_t n_out)
{
    (void)user, (void)n, (void)n_out;
    return nnx_tosa_add(t, NNX_TOSA_SUB, in, 2, NULL, out, 1) == 1;
}

static void cond_if(void)
{
    tc_row row = {NNX_TOSA_COND_IF, {NNX_BOOL}, 0};
    tc_tensor c = tc_tensor_1d(NNX_BOOL, 1), a = tc_tensor_1d(NNX_FLOAT32, 64), b = tc_tensor_1d(NNX_FLOAT32, 64), out;
    for (size_t i = 0; i < 64; i++) {
        tc_set_f(&a, i, 100 * tc_rand(81, (uint32_t)i));
        tc_set_f(&b, i, 100 * tc_rand(82, (uint32_t)i));
    }
    nnx_tosa_attrs attrs = {.graph1 = then_add, .graph2 = else_sub};
    for (int cv = 0; cv < 2; cv++) {
        tc_set_i(&c, 0, cv);
        const tc_tensor *in[3] = {&c, &a, &b};
        const char *set = cv ? "condition true" : "condition false";
        if (!tc_tosa_checked(&row, set, NNX_TOSA_COND_IF, &attrs, in, 3, 3, &out, 1))
            break;
        size_t bad = 0;
        for (size_t i = 0; i < 64; i++)
            bad += !nnx_tc_check_ew(cv ? NNX_TC_EW_ADD : NNX_TC_EW_SUB, NNX_FLOAT32, tc_get_f(&a, i), tc_get_f(&b, i),
                                    tc_get_f(&out, i));
        tc_result(&row, set, bad == 0, "%zu of 64 wrong", bad);
        tc_tensor_free(&out);
    }
    tc_tensor_free(&c);
    tc_tensor_free(&a);
    tc_tensor_free(&b);
}

/* cond: 5 > i; body: (i + 1, acc + acc). */
static bool loop_cond(nnx_tosa *t, void *user, nnx_operand *const *in, uint32_t n, nnx_operand **out, uint32_t n_out)
{
    (void)user, (void)n, (void)n_out;
    static const int32_t five = 5;
    nnx_tosa_attrs k = {.desc = {NNX_INT32, 1, {1}}, .values = &five, .values_size = 4};
    nnx_operand *lim, *args[2];
    nnx_tosa_add(t, NNX_TOSA_CONST, NULL, 0, &k, &lim, 1);
    args[0] = lim, args[1] = in[0];
    return nnx_tosa_add(t, NNX_TOSA_GREATER, args, 2, NULL, out, 1) == 1;
}

static bool loop_body(nnx_tosa *t, void *user, nnx_operand *const *in, uint32_t n, nnx_operand **out, uint32_t n_out)
{
    (void)user, (void)n, (void)n_out;
    static const int32_t one = 1;
    nnx_tosa_attrs k = {.desc = {NNX_INT32, 1, {1}}, .values = &one, .values_size = 4};
    nnx_operand *c1, *args[2];
    nnx_tosa_add(t, NNX_TOSA_CONST, NULL, 0, &k, &c1, 1);
    args[0] = in[0], args[1] = c1;
    nnx_tosa_add(t, NNX_TOSA_ADD, args, 2, NULL, &out[0], 1);
    args[0] = in[1], args[1] = in[1];
    return nnx_tosa_add(t, NNX_TOSA_ADD, args, 2, NULL, &out[1], 1) == 1;
}

static void while_loop(void)
{
    tc_row row = {NNX_TOSA_WHILE_LOOP, {NNX_BOOL}, 0};
    tc_tensor i0 = tc_tensor_1d(NNX_INT32, 1), acc = tc_tensor_1d(NNX_FLOAT32, 8), out[2];
    for (size_t i = 0; i < 8; i++)
        tc_set_f(&acc, i, tc_rand(83, (uint32_t)i));
    nnx_tosa_attrs attrs = {.graph1 = loop_cond, .graph2 = loop_body};
    const tc_tensor *in[2] = {&i0, &acc};
    if (!tc_tosa_checked(&row, "count to 5", NNX_TOSA_WHILE_LOOP, &attrs, in, 2, 2, out, 2)) {
        tc_tensor_free(&i0);
        tc_tensor_free(&acc);
        return;
    }
    size_t bad = tc_get_i(&out[0], 0) != 5;
    for (size_t i = 0; i < 8; i++) /* doubling is exact */
        bad += tc_get_f(&out[1], i) != 32 * tc_get_f(&acc, i);
    tc_result(&row, "count to 5", bad == 0, "%zu wrong (counter %lld)", bad, (long long)tc_get_i(&out[0], 0));
    tc_tensor_free(&out[0]);
    tc_tensor_free(&out[1]);
    tc_tensor_free(&i0);
    tc_tensor_free(&acc);
}

/* VARIABLE (initial value), y = VARIABLE_READ, VARIABLE_WRITE(x): run k reads the x of run
 * k - 1 (the initial value first). Records one check per operator row. */
static void variables(nnx_dtype dt)
{
    enum { E = 6 };
    tc_row rv = {NNX_TOSA_VARIABLE, {dt}, 0}, rr = {NNX_TOSA_VARIABLE_READ, {dt}, 0},
           rw = {NNX_TOSA_VARIABLE_WRITE, {dt}, 0};
    tc_tensor init = tc_tensor_1d(dt, E), xs[3], y = tc_tensor_1d(dt, E);
    for (int k = 0; k < 3; k++)
        xs[k] = tc_tensor_1d(dt, E);
    for (size_t i = 0; i < E; i++) {
        if (dt == NNX_INT8)
            tc_set_i(&init, i, (int64_t)i - 3);
        else
            tc_set_f(&init, i, (double)i - 2.5);
        for (int k = 0; k < 3; k++) {
            if (dt == NNX_INT8)
                tc_set_i(&xs[k], i, (int64_t)(100 * tc_rand(84 + (uint32_t)k, (uint32_t)i)));
            else
                tc_set_f(&xs[k], i, 100 * tc_rand(84 + (uint32_t)k, (uint32_t)i));
        }
    }
    size_t bytes = E * nnx_dtype_size(dt);
    nnx_context *ctx = NULL;
    nnx_builder *b = NULL;
    nnx_graph *g = NULL;
    const char *why = NULL;
    bool unsupported = false;
    if (nnx_context_create(&(nnx_context_options){.threads = 1}, &ctx) != NNX_OK ||
        nnx_builder_create(ctx, &b) != NNX_OK) {
        why = "cannot create a context";
        goto done;
    }
    nnx_tosa *t = nnx_builder_tosa_begin(b, NULL);
    nnx_tosa_attrs va = {.uid = 11, .desc = {dt, 1, {E}}, .values = init.data, .values_size = bytes};
    nnx_tosa_add(t, NNX_TOSA_VARIABLE, NULL, 0, &va, NULL, 0);
    nnx_operand *r = NULL, *x = nnx_builder_input(b, "x", &(nnx_operand_desc){dt, 1, {E}});
    nnx_tosa_attrs ua = {.uid = 11};
    nnx_tosa_add(t, NNX_TOSA_VARIABLE_READ, NULL, 0, &ua, &r, 1);
    nnx_tosa_add(t, NNX_TOSA_VARIABLE_WRITE, &x, 1, &ua, NULL, 0);
    nnx_named_operand no = {"y", r};
    nnx_status st = nnx_builder_status(b);
    if (st == NNX_OK)
        st = nnx_builder_build(b, &no, 1, &g);
    if (st != NNX_OK) {
        why = nnx_builder_error(b);
        unsupported = st == NNX_ERROR_NOT_SUPPORTED;
        goto done;
    }
    size_t bad = 0;
    for (int k = 0; k < 3 && !why; k++) {
        nnx_named_tensor ti = {"x", NULL}, to = {"y", NULL};
        nnx_operand_desc d = {dt, 1, {E}};
        if (nnx_tensor_create(ctx, &(nnx_tensor_desc){d, false, true}, &ti.tensor) != NNX_OK ||
            nnx_tensor_create(ctx, &(nnx_tensor_desc){d, true, false}, &to.tensor) != NNX_OK ||
            nnx_tensor_write(ti.tensor, xs[k].data, bytes) != NNX_OK ||
            nnx_context_dispatch(ctx, g, &ti, 1, &to, 1) != NNX_OK ||
            nnx_tensor_read(to.tensor, y.data, bytes) != NNX_OK)
            why = nnx_context_error(ctx);
        else
            bad += memcmp(y.data, k ? xs[k - 1].data : init.data, bytes) != 0;
        nnx_tensor_destroy(ti.tensor);
        nnx_tensor_destroy(to.tensor);
    }
    if (!why) {
        tc_result(&rv, "three runs", bad == 0, "%zu of 3 runs read the wrong value", bad);
        tc_result(&rr, "three runs", bad == 0, "%zu of 3 runs read the wrong value", bad);
        tc_result(&rw, "three runs", bad == 0, "%zu of 3 runs read the wrong value", bad);
    }
done:
    if (why) {
        const tc_row *rows[3] = {&rv, &rr, &rw};
        for (int k = 0; k < 3; k++) {
            if (unsupported)
                tc_unsupported(rows[k], why);
            else
                tc_result(rows[k], "three runs", false, "%s", why);
        }
    }
    nnx_graph_destroy(g);
    nnx_context_destroy(ctx);
    tc_tensor_free(&init);
    tc_tensor_free(&y);
    for (int k = 0; k < 3; k++)
        tc_tensor_free(&xs[k]);
}

/* CUSTOM is implementation-defined (not conformance tested): the runner only records how
 * the front end answers an unknown custom operator. */
static void custom(void)
{
    tc_row row = {NNX_TOSA_CUSTOM, {0}, 0};
    tc_tensor x = tc_tensor_1d(NNX_FLOAT32, 4), out;
    nnx_tosa_attrs attrs = {.operator_name = "nnx_tosa_compliance_probe", .domain_name = "test"};
    const tc_tensor *in[1] = {&x};
    char msg[512];
    tc_outcome r = tc_tosa(NNX_TOSA_CUSTOM, &attrs, in, 1, 1, &out, 1, msg, sizeof msg);
    tc_unsupported(&row, r == TC_OK ? "runs, not conformance tested (implementation-defined)" : msg);
    if (r == TC_OK)
        tc_tensor_free(&out);
    tc_tensor_free(&x);
}

void tc_suite_flow(void)
{
    custom();
    cond_if();
    while_loop();
    variables(NNX_FLOAT16);
    variables(NNX_FLOAT32);
    variables(NNX_INT8);
}
