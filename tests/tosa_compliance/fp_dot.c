/* fp_dot.c — the dot-product operators (CONV2D, CONV3D, DEPTHWISE_CONV2D, TRANSPOSE_CONV2D,
 * MATMUL, AVG_POOL2D, REDUCE_SUM) in every floating-point type row, on Appendix A data for
 * the test sets S = 0..5 at sizes giving at least MIN_DOT_PRODUCTS outputs, checked by the
 * §4.3.3 statistical test against the fp64 reference and bound (checker/compliance*.c). */
#include "tc_runner.h"

#include "checker/compliance.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct dot_spec {
    nnx_tosa_op tosa;
    nnx_tc_dot_op op;
    nnx_tc_dot_shape s;
    nnx_tc_dot_attrs a;
    bool local_bound; /* the convolutions' attribute (default false); true for the others */
} dot_spec;

/* Sizes: each gives >= 1000 outputs (N*OH*OW*OC etc.) with modest kernels; padding, stride
 * and dilation are exercised where the operator has them. */
static const dot_spec SPECS[] = {
    {NNX_TOSA_CONV2D,
     NNX_TC_DOT_CONV2D,
     {.N = 1, .ID = 1, .IH = 12, .IW = 12, .IC = 4, .OC = 10, .KD = 1, .KH = 3, .KW = 3, .M = 1, .bias = true},
     {{1, 1, 1}, {1, 1, 1}, {0, 0, 1, 1, 1, 1}, {1, 1}},
     false},
    {NNX_TOSA_CONV3D,
     NNX_TC_DOT_CONV3D,
     {.N = 1, .ID = 5, .IH = 8, .IW = 8, .IC = 3, .OC = 8, .KD = 2, .KH = 3, .KW = 3, .M = 1, .bias = true},
     {{1, 1, 1}, {1, 1, 1}, {0}, {1, 1}},
     false},
    {NNX_TOSA_DEPTHWISE_CONV2D,
     NNX_TC_DOT_DEPTHWISE_CONV2D,
     {.N = 1, .ID = 1, .IH = 12, .IW = 12, .IC = 5, .OC = 1, .KD = 1, .KH = 3, .KW = 3, .M = 2, .bias = true},
     {{1, 1, 1}, {1, 1, 1}, {0, 0, 0, 0, 0, 0}, {1, 1}},
     false},
    {NNX_TOSA_TRANSPOSE_CONV2D,
     NNX_TC_DOT_TRANSPOSE_CONV2D,
     {.N = 1, .ID = 1, .IH = 6, .IW = 6, .IC = 4, .OC = 8, .KD = 1, .KH = 3, .KW = 3, .M = 1, .bias = true},
     {{1, 2, 2}, {1, 1, 1}, {0, 0, 0, 0, 0, 0}, {1, 1}},
     false},
    {NNX_TOSA_MATMUL,
     NNX_TC_DOT_MATMUL,
     {.N = 2, .IH = 20, .IW = 25, .C = 32},
     {{1, 1, 1}, {1, 1, 1}, {0}, {1, 1}},
     true},
    {NNX_TOSA_AVG_POOL2D,
     NNX_TC_DOT_AVG_POOL2D,
     {.N = 1, .ID = 1, .IH = 12, .IW = 12, .IC = 10, .OC = 1, .KD = 1, .KH = 3, .KW = 3, .M = 1},
     {{1, 1, 1}, {1, 1, 1}, {0, 0, 1, 1, 1, 1}, {3, 3}},
     true},
    {NNX_TOSA_REDUCE_SUM,
     NNX_TC_DOT_REDUCE_SUM,
     {.C = 48, .outer = 25, .inner = 40},
     {{1, 1, 1}, {1, 1, 1}, {0}, {1, 1}},
     true},
};

/* in, weight, out, acc of a row (MATMUL: in, out = acc; AVG_POOL2D / REDUCE_SUM: in_out, acc). */
static void row_types(const dot_spec *d, const tc_row *row, nnx_dtype *in, nnx_dtype *w, nnx_dtype *out, nnx_dtype *acc)
{
    switch (d->op) {
    case NNX_TC_DOT_MATMUL:
        *in = *w = row->t[0];
        *out = *acc = row->t[1];
        return;
    case NNX_TC_DOT_AVG_POOL2D:
    case NNX_TC_DOT_REDUCE_SUM:
        *in = *w = *out = row->t[0];
        *acc = row->t[1];
        return;
    default:
        *in = row->t[0];
        *w = row->t[1];
        *out = row->t[2];
        *acc = row->t[3];
        return;
    }
}

static void fill(tc_tensor *t, const double *v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        tc_set_f(t, i, v[i]);
}

/* The operator's attributes from the spec-ordered dot attributes ([d, y, x] strides,
 * [d0, d1, top, bottom, left, right] padding). */
static nnx_tosa_attrs tosa_attrs(const dot_spec *d, nnx_dtype out, nnx_dtype acc)
{
    nnx_tosa_attrs a = {.local_bound = d->local_bound, .acc_type = acc};
    const nnx_tc_dot_attrs *x = &d->a;
    bool three = d->op == NNX_TC_DOT_CONV3D;
    for (int i = 0; i < (three ? 3 : 2); i++) {
        a.stride[i] = (int32_t)x->stride[three ? i : i + 1];
        a.dilation[i] = (int32_t)x->dilation[three ? i : i + 1];
    }
    for (int i = 0; i < (three ? 6 : 4); i++)
        a.pad[i] = (int32_t)x->pad[three ? i : i + 2];
    if (d->op == NNX_TC_DOT_TRANSPOSE_CONV2D)
        for (int i = 0; i < 4; i++)
            a.out_pad[i] = (int32_t)x->pad[i + 2];
    switch (d->op) {
    case NNX_TC_DOT_MATMUL: a.acc_type = 0, a.out_type = out; break;
    case NNX_TC_DOT_AVG_POOL2D: a.kernel[0] = (int32_t)x->kernel[0], a.kernel[1] = (int32_t)x->kernel[1]; break;
    case NNX_TC_DOT_REDUCE_SUM: a.acc_type = 0, a.axis = 1; break;
    default: break;
    }
    return a;
}

/* The operator's input tensors in TOSA layouts, zero points (0) included. */
static uint32_t make_inputs(const dot_spec *d, const nnx_tc_dot_data *data, nnx_dtype in_t, nnx_dtype w_t,
                            nnx_dtype out_t, tc_tensor *t)
{
    const nnx_tc_dot_shape *s = &d->s;
#define U(v) ((uint32_t)(v))
    switch (d->op) {
    case NNX_TC_DOT_CONV2D:
    case NNX_TC_DOT_TRANSPOSE_CONV2D:
        t[0] = tc_tensor_make(in_t, 4, (uint32_t[]){U(s->N), U(s->IH), U(s->IW), U(s->IC)});
        t[1] = tc_tensor_make(w_t, 4, (uint32_t[]){U(s->OC), U(s->KH), U(s->KW), U(s->IC)});
        t[2] = tc_tensor_1d(out_t, (size_t)s->OC);
        break;
    case NNX_TC_DOT_CONV3D:
        t[0] = tc_tensor_make(in_t, 5, (uint32_t[]){U(s->N), U(s->ID), U(s->IH), U(s->IW), U(s->IC)});
        t[1] = tc_tensor_make(w_t, 5, (uint32_t[]){U(s->OC), U(s->KD), U(s->KH), U(s->KW), U(s->IC)});
        t[2] = tc_tensor_1d(out_t, (size_t)s->OC);
        break;
    case NNX_TC_DOT_DEPTHWISE_CONV2D:
        t[0] = tc_tensor_make(in_t, 4, (uint32_t[]){U(s->N), U(s->IH), U(s->IW), U(s->IC)});
        t[1] = tc_tensor_make(w_t, 4, (uint32_t[]){U(s->KH), U(s->KW), U(s->IC), U(s->M)});
        t[2] = tc_tensor_1d(out_t, (size_t)(s->IC * s->M));
        break;
    case NNX_TC_DOT_MATMUL:
        t[0] = tc_tensor_make(in_t, 3, (uint32_t[]){U(s->N), U(s->IH), U(s->C)});
        t[1] = tc_tensor_make(w_t, 3, (uint32_t[]){U(s->N), U(s->C), U(s->IW)});
        break;
    case NNX_TC_DOT_AVG_POOL2D:
        t[0] = tc_tensor_make(in_t, 4, (uint32_t[]){U(s->N), U(s->IH), U(s->IW), U(s->IC)});
        break;
    case NNX_TC_DOT_REDUCE_SUM: t[0] = tc_tensor_make(in_t, 3, (uint32_t[]){U(s->outer), U(s->C), U(s->inner)}); break;
    }
#undef U
    fill(&t[0], data->input, data->n_input);
    switch (d->op) {
    case NNX_TC_DOT_REDUCE_SUM: return 1;
    case NNX_TC_DOT_AVG_POOL2D: /* input_zp, output_zp */
        t[1] = tc_scalar(in_t, 0);
        t[2] = tc_scalar(in_t, 0);
        return 3;
    case NNX_TC_DOT_MATMUL: /* A_zp, B_zp */
        fill(&t[1], data->weight, data->n_weight);
        t[2] = tc_scalar(in_t, 0);
        t[3] = tc_scalar(in_t, 0);
        return 4;
    default: /* bias, input_zp, weight_zp */
        fill(&t[1], data->weight, data->n_weight);
        fill(&t[2], data->bias, data->n_bias);
        t[3] = tc_scalar(in_t, 0);
        t[4] = tc_scalar(w_t, 0);
        return 5;
    }
}

static void run_set(const dot_spec *d, const tc_row *row, int S)
{
    nnx_dtype in_t, w_t, out_t, acc_t;
    row_types(d, row, &in_t, &w_t, &out_t, &acc_t);
    char set[16];
    snprintf(set, sizeof set, "S=%d", S);
    nnx_tc_dot_data data;
    if (!nnx_tc_dot_data_make(&data, d->op, &d->s, S, in_t, w_t, out_t)) {
        tc_result(row, set, false, "no Appendix A data for these types");
        return;
    }
    tc_tensor t[5] = {{0}, {0}, {0}, {0}, {0}}, out;
    uint32_t n_in = make_inputs(d, &data, in_t, w_t, out_t, t);
    const tc_tensor *in[5] = {&t[0], &t[1], &t[2], &t[3], &t[4]};
    nnx_tosa_attrs attrs = tosa_attrs(d, out_t, acc_t);
    /* data and weights are graph inputs; bias and zero points constants */
    uint32_t n_data = d->op == NNX_TC_DOT_MATMUL || d->op <= NNX_TC_DOT_TRANSPOSE_CONV2D ? 2 : 1;
    if (tc_tosa_checked(row, set, d->tosa, &attrs, in, n_in, n_data, &out, 1)) {
        int64_t od, oh, ow;
        size_t n = nnx_tc_dot_outputs(d->op, &d->s, &d->a, &od, &oh, &ow);
        if (n < NNX_TC_MIN_DOT_PRODUCTS) { /* the statistics need the spec's sample size */
            tc_result(row, set, false, "only %zu outputs, fewer than MIN_DOT_PRODUCTS", n);
        } else if (tc_count(&out) != n || out.dtype != out_t) {
            tc_result(row, set, false, "output has %zu elements of %s, expected %zu of %s", tc_count(&out),
                      tc_dtype_name(out.dtype), n, tc_dtype_name(out_t));
        } else {
            double *imp = malloc(n * sizeof *imp), *ref = malloc(n * sizeof *ref), *bnd = malloc(n * sizeof *bnd);
            if (!imp || !ref || !bnd)
                abort();
            for (size_t i = 0; i < n; i++)
                imp[i] = tc_get_f(&out, i);
            nnx_tc_ref_dot(d->op, &d->s, &d->a, &data, false, d->local_bound, ref);
            nnx_tc_ref_dot(d->op, &d->s, &d->a, &data, true, d->local_bound, bnd);
            bool bias = false;
            for (size_t i = 0; i < data.n_bias; i++)
                bias |= data.bias[i] != 0;
            nnx_tc_dot_result r = nnx_tc_check_dotproduct(S, data.KS, acc_t, out_t, bias, imp, ref, bnd, n);
            tc_result(row, set, r.verdict == NNX_TC_DOT_PASS,
                      "%s at output %zu (%.9g, reference %.9g); ksb %g, sum %.4g, sum of squares %.4g over %zu",
                      nnx_tc_dot_verdict_name(r.verdict), r.index, imp[r.index], ref[r.index], r.ksb, r.err_sum,
                      r.err_sumsq, n);
            free(imp);
            free(ref);
            free(bnd);
        }
        tc_tensor_free(&out);
    }
    for (int i = 0; i < 5; i++)
        tc_tensor_free(&t[i]);
    nnx_tc_dot_data_free(&data);
}

static bool is_float(nnx_dtype dt)
{
    return dt == NNX_FLOAT16 || dt == NNX_FLOAT32 || dt == NNX_BFLOAT16 || dt == NNX_FP8E4M3 || dt == NNX_FP8E5M2;
}

/* The floating-point rows of the operator (from the spec's table). */
static void run_spec(const dot_spec *d)
{
    tc_row rows[16];
    size_t n = tc_type_rows(d->tosa, rows, 16);
    for (size_t r = 0; r < n; r++) {
        if (!is_float(rows[r].t[0]))
            continue;
        for (int S = 0; S < NNX_TC_TEST_SETS; S++)
            run_set(d, &rows[r], S);
    }
}

void tc_suite_fp_dot(void)
{
    for (size_t i = 0; i < sizeof SPECS / sizeof SPECS[0]; i++)
        run_spec(&SPECS[i]);
}
