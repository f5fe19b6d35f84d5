/* test_builder_recurrent.c — WebNN gruCell, gru, lstmCell and lstm through the public builder
 * API, built, dispatched and compared with tests/data/recurrent_expected.h (made by
 * gen_recurrent.py: the spec's formulas in float64, loops over steps, independent of the
 * builder's gemm/split decomposition). Also the output counts, shapes and poisoned slots. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/float_convert.h"
#include "nnx.h"

#include "../../data/recurrent_expected.h"

#define N_CASES (sizeof recurrent_cases / sizeof recurrent_cases[0])

typedef struct run {
    nnx_context *ctx;
    nnx_builder *b;
    const recurrent_case *rc;
} run;

static size_t volume(const nnx_operand_desc *d)
{
    size_t n = 1;
    for (uint32_t i = 0; i < d->rank; i++)
        n *= d->shape[i];
    return n;
}

static nnx_operand_desc desc3(nnx_dtype dt, uint32_t rank, uint32_t a, uint32_t b, uint32_t c)
{
    nnx_operand_desc d = {dt, rank, {a, b, c}};
    return d;
}

/* values (doubles holding dtype-representable numbers) as a constant or a graph input. */
static nnx_operand *operand(run *r, const char *input_name, const double *values, nnx_operand_desc d)
{
    if (!values)
        return NULL;
    size_t n = volume(&d), size = n * nnx_dtype_size(d.dtype);
    void *bytes = malloc(size);
    assert_non_null(bytes);
    for (size_t i = 0; i < n; i++) {
        if (d.dtype == NNX_FLOAT16)
            ((uint16_t *)bytes)[i] = nnx_f64_to_f16(values[i]);
        else
            ((float *)bytes)[i] = (float)values[i];
    }
    nnx_operand *op = input_name ? nnx_builder_input(r->b, input_name, &d)
                                 : nnx_builder_constant(r->b, &d, bytes, size);
    free(bytes);
    assert_int_equal(nnx_builder_status(r->b), NNX_OK);
    return op;
}

static bool has_options(const recurrent_case *c)
{
    return c->b || c->rb || c->p || c->n_acts || c->direction != 1 || c->return_sequence || c->reset_before ||
        ((c->kind == 1 || c->kind == 3) && (c->h0 || c->c0)) || c->layout != 1;
}

/* Adds the case's operation; returns the number of outputs written to outs. */
static uint32_t add_op(run *r, nnx_operand **outs)
{
    const recurrent_case *c = r->rc;
    const nnx_dtype dt = c->dtype;
    const bool lstm = c->kind >= 2, cell = c->kind == 0 || c->kind == 2;
    const uint32_t gates = lstm ? 4 : 3, h = c->hidden, nd = c->direction == 3 ? 2 : 1;
    const uint32_t kh = gates * h;
    nnx_recurrent_activation acts[3];
    for (uint32_t i = 0; i < c->n_acts; i++)
        acts[i] = (nnx_recurrent_activation)c->acts[i];
    const nnx_recurrent_activation *act_list = c->n_acts ? acts : NULL;
    const bool use_options = has_options(c);
    if (cell) {
        nnx_operand *x = operand(r, "x", c->x, desc3(dt, 2, c->batch, c->input_size, 0));
        nnx_operand *w = operand(r, NULL, c->w, desc3(dt, 2, kh, c->input_size, 0));
        nnx_operand *rw = operand(r, NULL, c->r, desc3(dt, 2, kh, h, 0));
        nnx_operand *b = operand(r, NULL, c->b, desc3(dt, 1, kh, 0, 0));
        nnx_operand *rb = operand(r, NULL, c->rb, desc3(dt, 1, kh, 0, 0));
        nnx_operand *hs = operand(r, "h", c->h0, desc3(dt, 2, c->batch, h, 0));
        if (!lstm) {
            nnx_gru_cell_options o = {.label = c->name,
                                      .bias = b,
                                      .recurrent_bias = rb,
                                      .reset_before = c->reset_before,
                                      .layout = (nnx_gru_layout)c->layout,
                                      .activations = act_list,
                                      .activations_count = c->n_acts};
            outs[0] = nnx_builder_gru_cell(r->b, x, w, rw, hs, h, use_options ? &o : NULL);
            return 1;
        }
        nnx_operand *cs = operand(r, "c", c->c0, desc3(dt, 2, c->batch, h, 0));
        nnx_operand *p = operand(r, NULL, c->p, desc3(dt, 1, 3 * h, 0, 0));
        nnx_lstm_cell_options o = {.label = c->name,
                                   .bias = b,
                                   .recurrent_bias = rb,
                                   .peephole_weight = p,
                                   .layout = (nnx_lstm_layout)c->layout,
                                   .activations = act_list,
                                   .activations_count = c->n_acts};
        return nnx_builder_lstm_cell(r->b, x, w, rw, hs, cs, h, use_options ? &o : NULL, outs);
    }
    nnx_operand *x = operand(r, "x", c->x, desc3(dt, 3, c->steps, c->batch, c->input_size));
    nnx_operand *w = operand(r, NULL, c->w, desc3(dt, 3, nd, kh, c->input_size));
    nnx_operand *rw = operand(r, NULL, c->r, desc3(dt, 3, nd, kh, h));
    nnx_operand *b = operand(r, NULL, c->b, desc3(dt, 2, nd, kh, 0));
    nnx_operand *rb = operand(r, NULL, c->rb, desc3(dt, 2, nd, kh, 0));
    nnx_operand *h0 = operand(r, NULL, c->h0, desc3(dt, 3, nd, c->batch, h));
    if (!lstm) {
        nnx_gru_options o = {.label = c->name,
                             .bias = b,
                             .recurrent_bias = rb,
                             .initial_hidden_state = h0,
                             .reset_before = c->reset_before,
                             .return_sequence = c->return_sequence,
                             .direction = (nnx_recurrent_direction)c->direction,
                             .layout = (nnx_gru_layout)c->layout,
                             .activations = act_list,
                             .activations_count = c->n_acts};
        return nnx_builder_gru(r->b, x, w, rw, c->steps, h, use_options ? &o : NULL, outs);
    }
    nnx_operand *p = operand(r, NULL, c->p, desc3(dt, 2, nd, 3 * h, 0));
    nnx_operand *c0 = operand(r, NULL, c->c0, desc3(dt, 3, nd, c->batch, h));
    nnx_lstm_options o = {.label = c->name,
                          .bias = b,
                          .recurrent_bias = rb,
                          .peephole_weight = p,
                          .initial_hidden_state = h0,
                          .initial_cell_state = c0,
                          .return_sequence = c->return_sequence,
                          .direction = (nnx_recurrent_direction)c->direction,
                          .layout = (nnx_lstm_layout)c->layout,
                          .activations = act_list,
                          .activations_count = c->n_acts};
    return nnx_builder_lstm(r->b, x, w, rw, c->steps, h, use_options ? &o : NULL, outs);
}

/* The shape output k of the case must have. */
static nnx_operand_desc expected_desc(const recurrent_case *c, uint32_t k)
{
    const uint32_t nd = c->direction == 3 ? 2 : 1;
    nnx_operand_desc d = {c->dtype, 2, {c->batch, c->hidden}};
    if (c->kind == 1 || c->kind == 3) {
        d = (nnx_operand_desc){c->dtype, 3, {nd, c->batch, c->hidden}};
        if (k == c->n_out - 1 && c->return_sequence)
            d = (nnx_operand_desc){c->dtype, 4, {c->steps, nd, c->batch, c->hidden}};
    }
    return d;
}

static nnx_tensor *tensor(run *r, const nnx_operand_desc *d, bool input)
{
    nnx_tensor_desc td = {*d, !input, input};
    nnx_tensor *t = NULL;
    assert_int_equal(nnx_tensor_create(r->ctx, &td, &t), NNX_OK);
    return t;
}

static void write_values(nnx_tensor *t, const double *values, const nnx_operand_desc *d)
{
    size_t n = volume(d);
    float *f = calloc(n, sizeof *f);
    uint16_t *hbits = calloc(n, sizeof *hbits);
    assert_true(f && hbits);
    for (size_t i = 0; i < n; i++) {
        f[i] = (float)values[i];
        hbits[i] = nnx_f64_to_f16(values[i]);
    }
    if (d->dtype == NNX_FLOAT16)
        assert_int_equal(nnx_tensor_write(t, hbits, n * 2), NNX_OK);
    else
        assert_int_equal(nnx_tensor_write(t, f, n * 4), NNX_OK);
    free(f);
    free(hbits);
}

static void check_case(void **state)
{
    run r = {.rc = *state};
    const recurrent_case *c = r.rc;
    assert_int_equal(nnx_context_create(NULL, &r.ctx), NNX_OK);
    assert_int_equal(nnx_builder_create(r.ctx, &r.b), NNX_OK);
    nnx_operand *outs[3] = {NULL, NULL, NULL};
    uint32_t n = add_op(&r, outs);
    if (nnx_builder_status(r.b) != NNX_OK)
        fail_msg("%s: %s", c->name, nnx_builder_error(r.b));
    assert_int_equal(n, c->n_out);
    nnx_named_operand named[3];
    static const char *const names[3] = {"o0", "o1", "o2"};
    for (uint32_t k = 0; k < n; k++) {
        nnx_operand_desc got, want = expected_desc(c, k);
        nnx_operand_get_desc(outs[k], &got);
        assert_int_equal(got.dtype, want.dtype);
        assert_int_equal(got.rank, want.rank);
        assert_memory_equal(got.shape, want.shape, want.rank * sizeof(uint32_t));
        named[k] = (nnx_named_operand){names[k], outs[k]};
    }
    nnx_graph *g = NULL;
    if (nnx_builder_build(r.b, named, n, &g) != NNX_OK)
        fail_msg("%s: build: %s", c->name, nnx_builder_error(r.b));

    /* bind the graph's inputs (x, and the cells' states) by name */
    nnx_named_tensor in[3], out[3];
    size_t n_in = nnx_graph_input_count(g);
    assert_true(n_in >= 1 && n_in <= 3);
    for (size_t i = 0; i < n_in; i++) {
        const char *name = nnx_graph_input_name(g, i);
        nnx_operand_desc d;
        nnx_graph_input_desc(g, i, &d);
        in[i] = (nnx_named_tensor){name, tensor(&r, &d, true)};
        write_values(in[i].tensor, name[0] == 'x' ? c->x : name[0] == 'h' ? c->h0 : c->c0, &d);
    }
    for (uint32_t k = 0; k < n; k++) {
        nnx_operand_desc d = expected_desc(c, k);
        out[k] = (nnx_named_tensor){names[k], tensor(&r, &d, false)};
    }
    if (nnx_context_dispatch(r.ctx, g, in, n_in, out, n) != NNX_OK)
        fail_msg("%s: dispatch: %s", c->name, nnx_context_error(r.ctx));

    const double tol = c->dtype == NNX_FLOAT16 ? 1e-2 : 2e-6;
    for (uint32_t k = 0; k < n; k++) {
        nnx_operand_desc d = expected_desc(c, k);
        size_t count = volume(&d);
        float *f = calloc(count, sizeof *f);
        uint16_t *hb = calloc(count, sizeof *hb);
        assert_true(f && hb);
        if (c->dtype == NNX_FLOAT16) {
            assert_int_equal(nnx_tensor_read(out[k].tensor, hb, count * 2), NNX_OK);
            for (size_t i = 0; i < count; i++)
                f[i] = nnx_f16_to_f32(hb[i]);
        } else {
            assert_int_equal(nnx_tensor_read(out[k].tensor, f, count * 4), NNX_OK);
        }
        for (size_t i = 0; i < count; i++) {
            double want = c->out[k][i];
            if (!(fabs(f[i] - want) <= tol * (4 + fabs(want))))
                fail_msg("%s: output %u[%zu] = %.9g, expected %.9g", c->name, k, i, f[i], want);
        }
        free(f);
        free(hb);
    }
    nnx_context_destroy(r.ctx);
}

/* gru/lstm report how many outputs they wrote; on error every slot of that count is poisoned. */
static void output_counts(void **state)
{
    (void)state;
    nnx_context *ctx;
    nnx_builder *b;
    assert_int_equal(nnx_context_create(NULL, &ctx), NNX_OK);
    assert_int_equal(nnx_builder_create(ctx, &b), NNX_OK);
    nnx_operand_desc dx = {NNX_FLOAT32, 3, {2, 1, 3}}, dw = {NNX_FLOAT32, 3, {1, 8, 3}},
                     dr = {NNX_FLOAT32, 3, {1, 8, 2}};
    nnx_operand *x = nnx_builder_input(b, "x", &dx), *w = nnx_builder_input(b, "w", &dw);
    nnx_operand *rw = nnx_builder_input(b, "r", &dr);
    nnx_operand *outs[3] = {NULL, NULL, NULL};
    assert_int_equal(nnx_builder_lstm(b, x, w, rw, 2, 2, NULL, outs), 2);
    assert_null(outs[2]);
    nnx_lstm_options lo = {.return_sequence = true};
    assert_int_equal(nnx_builder_lstm(b, x, w, rw, 2, 2, &lo, outs), 3);
    nnx_operand_desc d;
    nnx_operand_get_desc(outs[2], &d);
    assert_int_equal(d.rank, 4);
    assert_int_equal(nnx_builder_status(b), NNX_OK);
    /* a failing call (hiddenSize 3 does not match) poisons all three slots */
    assert_int_equal(nnx_builder_lstm(b, x, w, rw, 2, 3, &lo, outs), 3);
    assert_int_equal(nnx_builder_status(b), NNX_ERROR_INVALID_ARGUMENT);
    for (int i = 0; i < 3; i++) {
        nnx_operand_get_desc(outs[i], &d);
        assert_int_equal(d.dtype, NNX_DTYPE_UNDEFINED);
    }
    nnx_context_destroy(ctx);
}

int main(void)
{
    struct CMUnitTest tests[N_CASES + 1];
    for (size_t i = 0; i < N_CASES; i++)
        tests[i] = (struct CMUnitTest){recurrent_cases[i].name, check_case, NULL, NULL, (void *)&recurrent_cases[i]};
    tests[N_CASES] = (struct CMUnitTest){"output_counts", output_counts, NULL, NULL, NULL};
    return _cmocka_run_group_tests("builder_recurrent", tests, N_CASES + 1, NULL, NULL);
}
