/* int_dot.c — the integer rows of the dot-product operators, bit-exact: CONV2D, CONV3D,
 * DEPTHWISE_CONV2D and TRANSPOSE_CONV2D (i8 x i8 -> i32 with both zero points, i16 x i8 ->
 * i48, i8 x i4 -> i32), MATMUL (i8 with zero points, i16 -> i48), AVG_POOL2D (i8 with zero
 * points, i16; reciprocal_scale and apply_scale_32 from int_ref.c) and REDUCE_SUM i32. The
 * sums use the fp64 dot-product reference on zero-point-adjusted data: exact here, since
 * every partial sum stays far below 2^53. */
#include "tc_runner.h"

#include "int_ref.h"
#include "checker/compliance.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct int_spec {
    nnx_tosa_op tosa;
    nnx_tc_dot_op op;
    nnx_tc_dot_shape s;
    nnx_tc_dot_attrs a;
} int_spec;

static const int_spec SPECS[] = {
    {NNX_TOSA_CONV2D,
     NNX_TC_DOT_CONV2D,
     {.N = 2, .ID = 1, .IH = 7, .IW = 6, .IC = 5, .OC = 6, .KD = 1, .KH = 3, .KW = 2, .M = 1, .bias = true},
     {{1, 1, 2}, {1, 1, 2}, {0, 0, 1, 2, 1, 0}, {1, 1}}},
    {NNX_TOSA_CONV3D,
     NNX_TC_DOT_CONV3D,
     {.N = 1, .ID = 4, .IH = 5, .IW = 5, .IC = 3, .OC = 4, .KD = 2, .KH = 2, .KW = 3, .M = 1, .bias = true},
     {{1, 1, 2}, {2, 1, 1}, {1, 0, 0, 1, 1, 1}, {1, 1}}},
    {NNX_TOSA_DEPTHWISE_CONV2D,
     NNX_TC_DOT_DEPTHWISE_CONV2D,
     {.N = 1, .ID = 1, .IH = 8, .IW = 7, .IC = 4, .OC = 1, .KD = 1, .KH = 3, .KW = 3, .M = 3, .bias = true},
     {{1, 1, 2}, {1, 2, 1}, {0, 0, 2, 1, 1, 1}, {1, 1}}},
    {NNX_TOSA_TRANSPOSE_CONV2D,
     NNX_TC_DOT_TRANSPOSE_CONV2D,
     {.N = 1, .ID = 1, .IH = 5, .IW = 4, .IC = 3, .OC = 5, .KD = 1, .KH = 3, .KW = 2, .M = 1, .bias = true},
     {{1, 2, 3}, {1, 1, 1}, {0, 0, 1, -1, 0, 2}, {1, 1}}},
    {NNX_TOSA_MATMUL, NNX_TC_DOT_MATMUL, {.N = 2, .IH = 9, .IW = 7, .C = 33}, {{1, 1, 1}, {1, 1, 1}, {0}, {1, 1}}},
};

static int64_t rnd(uint32_t set, size_t i, int64_t lo, int64_t hi)
{
    double r = (tc_rand(set, (uint32_t)i) + 1) / 2; /* [0, 1] */
    int64_t v = lo + (int64_t)floor(r * (double)(hi - lo + 1));
    return v > hi ? hi : v;
}

static int64_t lo_of(nnx_dtype t) { return t == NNX_INT4 ? -7 : tcr_min(t); }
static int64_t hi_of(nnx_dtype t) { return t == NNX_INT4 ? 7 : tcr_max(t); }

static nnx_tosa_attrs conv_attrs(const int_spec *d)
{
    nnx_tosa_attrs a = {0};
    bool three = d->op == NNX_TC_DOT_CONV3D;
    for (int i = 0; i < (three ? 3 : 2); i++) {
        a.stride[i] = (int32_t)d->a.stride[three ? i : i + 1];
        a.dilation[i] = (int32_t)d->a.dilation[three ? i : i + 1];
    }
    for (int i = 0; i < (three ? 6 : 4); i++)
        a.pad[i] = (int32_t)d->a.pad[three ? i : i + 2];
    for (int i = 0; i < 4; i++)
        a.out_pad[i] = (int32_t)d->a.pad[i + 2];
    return a;
}

static void run_row(const int_spec *d, const tc_row *row)
{
    bool mm = d->op == NNX_TC_DOT_MATMUL;
    nnx_dtype in_t = row->t[0], w_t = mm ? row->t[0] : row->t[1], out_t = mm ? row->t[1] : row->t[2];
    /* zero points: only i8 data and i8 weights may have them */
    int64_t izp = in_t == NNX_INT8 ? -5 : 0, wzp = w_t == NNX_INT8 ? 3 : 0;
    nnx_tc_dot_data data;
    /* generate the layout with float data, then overwrite with integers of the same size */
    if (!nnx_tc_dot_data_make(&data, d->op, &d->s, 5, NNX_FLOAT32, NNX_FLOAT32, NNX_FLOAT32))
        abort();
    tc_tensor t[5] = {{0}, {0}, {0}, {0}, {0}}, out;
    const nnx_tc_dot_shape *s = &d->s;
#define U(v) ((uint32_t)(v))
    switch (d->op) {
    case NNX_TC_DOT_CONV2D:
    case NNX_TC_DOT_TRANSPOSE_CONV2D:
        t[0] = tc_tensor_make(in_t, 4, (uint32_t[]){U(s->N), U(s->IH), U(s->IW), U(s->IC)});
        t[1] = tc_tensor_make(w_t, 4, (uint32_t[]){U(s->OC), U(s->KH), U(s->KW), U(s->IC)});
        break;
    case NNX_TC_DOT_CONV3D:
        t[0] = tc_tensor_make(in_t, 5, (uint32_t[]){U(s->N), U(s->ID), U(s->IH), U(s->IW), U(s->IC)});
        t[1] = tc_tensor_make(w_t, 5, (uint32_t[]){U(s->OC), U(s->KD), U(s->KH), U(s->KW), U(s->IC)});
        break;
    case NNX_TC_DOT_DEPTHWISE_CONV2D:
        t[0] = tc_tensor_make(in_t, 4, (uint32_t[]){U(s->N), U(s->IH), U(s->IW), U(s->IC)});
        t[1] = tc_tensor_make(w_t, 4, (uint32_t[]){U(s->KH), U(s->KW), U(s->IC), U(s->M)});
        break;
    default:
        t[0] = tc_tensor_make(in_t, 3, (uint32_t[]){U(s->N), U(s->IH), U(s->C)});
        t[1] = tc_tensor_make(w_t, 3, (uint32_t[]){U(s->N), U(s->C), U(s->IW)});
        break;
    }
#undef U
    for (size_t i = 0; i < data.n_input; i++) {
        int64_t v = rnd(51, i, lo_of(in_t), hi_of(in_t));
        tc_set_i(&t[0], i, v);
        data.input[i] = (double)(v - izp);
    }
    for (size_t i = 0; i < data.n_weight; i++) {
        int64_t v = rnd(53, i, lo_of(w_t), hi_of(w_t));
        tc_set_i(&t[1], i, v);
        data.weight[i] = (double)(v - wzp);
    }
    uint32_t n_in;
    if (mm) {
        t[2] = tc_scalar(in_t, (double)izp);
        t[3] = tc_scalar(in_t, (double)wzp);
        n_in = 4;
    } else {
        t[2] = tc_tensor_1d(out_t, data.n_bias);
        for (size_t i = 0; i < data.n_bias; i++) {
            int64_t v = rnd(55, i, -1000000, 1000000);
            tc_set_i(&t[2], i, v);
            data.bias[i] = (double)v;
        }
        t[3] = tc_scalar(in_t, (double)izp);
        t[4] = tc_scalar(w_t, (double)wzp);
        n_in = 5;
    }
    nnx_tosa_attrs attrs = mm ? (nnx_tosa_attrs){.out_type = out_t} : conv_attrs(d);
    if (!mm)
        attrs.acc_type = row->t[3];
    const tc_tensor *in[5] = {&t[0], &t[1], &t[2], &t[3], &t[4]};
    if (tc_tosa_checked(row, "random with zero points", d->tosa, &attrs, in, n_in, 2, &out, 1)) {
        int64_t od, oh, ow;
        size_t n = nnx_tc_dot_outputs(d->op, s, &d->a, &od, &oh, &ow);
        bool shape_ok = tc_count(&out) == n;
        size_t bad = !shape_ok, first = 0;
        double *ref = malloc(n * sizeof *ref);
        if (!ref)
            abort();
        nnx_tc_ref_dot(d->op, s, &d->a, &data, false, true, ref);
        for (size_t i = 0; i < n && shape_ok; i++)
            if (tc_get_i(&out, i) != (int64_t)ref[i] && !bad++)
                first = i;
        tc_result(row, "random with zero points", bad == 0, "%zu of %zu wrong, first output %zu: %lld, expected %lld",
                  bad, n, first, (long long)(bad ? tc_get_i(&out, first) : 0), (long long)ref[first]);
        free(ref);
        tc_tensor_free(&out);
    }
    for (int i = 0; i < 5; i++)
        tc_tensor_free(&t[i]);
    nnx_tc_dot_data_free(&data);
}

/* AVG_POOL2D i8 (zero points) / i16: acc = sum(x - izp) over in-bounds taps, then
 * clip(apply_scale_32(acc, reciprocal_scale(count)) + ozp). */
static void avg_pool_int(nnx_dtype t)
{
    tc_row row = {NNX_TOSA_AVG_POOL2D, {t, NNX_INT32}, 0};
    const int N = 2, H = 9, W = 8, C = 3, KY = 3, KX = 2, SY = 2, SX = 1, PT = 1, PB = 1, PL = 1, PR = 0;
    const int OH = (H + PT + PB - KY) / SY + 1, OW = (W + PL + PR - KX) / SX + 1;
    int64_t izp = t == NNX_INT8 ? 7 : 0, ozp = t == NNX_INT8 ? -9 : 0;
    tc_tensor x = tc_tensor_make(t, 4, (uint32_t[]){N, H, W, C}), zi = tc_scalar(t, (double)izp),
              zo = tc_scalar(t, (double)ozp), out;
    for (size_t i = 0; i < tc_count(&x); i++)
        tc_set_i(&x, i, rnd(57, i, tcr_min(t), tcr_max(t)));
    nnx_tosa_attrs attrs = {.kernel = {KY, KX}, .stride = {SY, SX}, .pad = {PT, PB, PL, PR}, .acc_type = NNX_INT32};
    const tc_tensor *in[3] = {&x, &zi, &zo};
    if (tc_tosa_checked(&row, "random with zero points", NNX_TOSA_AVG_POOL2D, &attrs, in, 3, 1, &out, 1)) {
        bool shape_ok = tc_count(&out) == (size_t)(N * OH * OW * C);
        size_t bad = !shape_ok;
        for (int n = 0; n < N && shape_ok; n++)
            for (int oy = 0; oy < OH; oy++)
                for (int ox = 0; ox < OW; ox++)
                    for (int c = 0; c < C; c++) {
                        int64_t acc = 0;
                        int count = 0;
                        for (int ky = 0; ky < KY; ky++)
                            for (int kx = 0; kx < KX; kx++) {
                                int y = oy * SY - PT + ky, xx = ox * SX - PL + kx;
                                if (y < 0 || y >= H || xx < 0 || xx >= W)
                                    continue;
                                count++;
                                acc += tc_get_i(&x, (((size_t)n * H + (size_t)y) * W + (size_t)xx) * C + (size_t)c) -
                                    izp;
                            }
                        int32_t m, r;
                        int sh;
                        tcr_reciprocal_scale((uint32_t)count, &m, &sh);
                        if (!tcr_apply_scale_32(acc, m, sh, false, &r))
                            continue; /* unpredictable */
                        int64_t want = r + ozp;
                        want = want < tcr_min(t) ? tcr_min(t) : want > tcr_max(t) ? tcr_max(t) : want;
                        bad += tc_get_i(&out, (((size_t)n * OH + (size_t)oy) * OW + (size_t)ox) * C + (size_t)c) !=
                            want;
                    }
        tc_result(&row, "random with zero points", bad == 0, "%zu wrong", bad);
        tc_tensor_free(&out);
    }
    tc_tensor_free(&x);
    tc_tensor_free(&zi);
    tc_tensor_free(&zo);
}

/* REDUCE_SUM i32 over axis 1 of [6, 11, 7], values small enough that no sum overflows. */
static void reduce_sum_i32(void)
{
    tc_row row = {NNX_TOSA_REDUCE_SUM, {NNX_INT32, NNX_INT32}, 0};
    tc_tensor x = tc_tensor_make(NNX_INT32, 3, (uint32_t[]){6, 11, 7}), out;
    for (size_t i = 0; i < tc_count(&x); i++)
        tc_set_i(&x, i, rnd(59, i, -(1 << 26), 1 << 26));
    nnx_tosa_attrs attrs = {.axis = 1};
    const tc_tensor *in[1] = {&x};
    if (tc_tosa_checked(&row, "random", NNX_TOSA_REDUCE_SUM, &attrs, in, 1, 1, &out, 1)) {
        bool shape_ok = tc_count(&out) == 42;
        size_t bad = !shape_ok;
        for (size_t a = 0; a < 6 && shape_ok; a++)
            for (size_t c = 0; c < 7; c++) {
                int64_t sum = 0;
                for (size_t b = 0; b < 11; b++)
                    sum += tc_get_i(&x, (a * 11 + b) * 7 + c);
                bad += tc_get_i(&out, a * 7 + c) != sum;
            }
        tc_result(&row, "random", bad == 0, "%zu wrong", bad);
        tc_tensor_free(&out);
    }
    tc_tensor_free(&x);
}

void tc_suite_int_dot(void)
{
    for (size_t k = 0; k < sizeof SPECS / sizeof SPECS[0]; k++) {
        tc_row rows[16];
        size_t n = tc_type_rows(SPECS[k].tosa, rows, 16);
        for (size_t r = 0; r < n; r++)
            if (rows[r].t[0] == NNX_INT8 || rows[r].t[0] == NNX_INT16)
                run_row(&SPECS[k], &rows[r]);
    }
    avg_pool_int(NNX_INT8);
    avg_pool_int(NNX_INT16);
    reduce_sum_i32();
}
