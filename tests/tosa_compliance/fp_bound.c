/* fp_bound.c — the floating-point operators checked against an absolute bound of their
 * own: REDUCE_PRODUCT (its bound over the product) and RESIZE (nearest and bilinear, up- and
 * down-scaling, against the fp64 RESIZE with the RESIZE bound), in float16, float32 and
 * bfloat16. */
#include "tc_runner.h"

#include "checker/compliance.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- REDUCE_PRODUCT ---- */

static void reduce_product(nnx_dtype dt)
{
    tc_row row = {NNX_TOSA_REDUCE_PRODUCT, {dt}, 0};
    const uint32_t A = 40, B = 16, C = 25;
    tc_tensor x = tc_tensor_make(dt, 3, (uint32_t[]){A, B, C});
    for (size_t i = 0; i < tc_count(&x); i++) {
        double r = tc_rand(21, (uint32_t)i);
        double v = (r < 0 ? -1 : 1) * (0.5 + fabs(r)) * (i % 41 == 0 ? 64.0 : 1.0);
        tc_set_f(&x, i, i == 37 ? NAN : i == 501 ? 0.0 : v);
    }
    nnx_tosa_attrs attrs = {.axis = 1};
    const tc_tensor *in[1] = {&x};
    tc_tensor out;
    if (!tc_tosa_checked(&row, "generated values", NNX_TOSA_REDUCE_PRODUCT, &attrs, in, 1, 1, &out, 1)) {
        tc_tensor_free(&x);
        return;
    }
    bool shape_ok = tc_count(&out) == (size_t)A * C;
    size_t bad = !shape_ok, first = 0;
    for (uint32_t a = 0; a < A && shape_ok; a++)
        for (uint32_t c = 0; c < C; c++) {
            double p = 1.0;
            for (uint32_t b = 0; b < B; b++)
                p *= tc_get_f(&x, ((size_t)a * B + b) * C + c);
            size_t o = (size_t)a * C + c;
            if (!nnx_tc_check_fp_bnd(dt, tc_get_f(&out, o), p, nnx_tc_reduce_product_bound(dt, p, B)) && !bad++)
                first = o;
        }
    tc_result(&row, "generated values", bad == 0, "%zu wrong, first output %zu = %.9g", bad, first,
              tc_get_f(&out, first));
    tc_tensor_free(&out);
    tc_tensor_free(&x);
}

/* ---- RESIZE ---- */

typedef struct resize_cfg {
    const char *name;
    int64_t scale[4], offset[2], border[2];
} resize_cfg;

static const resize_cfg RESIZES[] = {
    {"2x half-pixel", {4, 2, 4, 2}, {-1, -1}, {1, 1}},
    {"1/2 down", {1, 2, 1, 2}, {0, 0}, {0, -1}},
    {"3/2 x 5/3", {3, 2, 5, 3}, {0, 0}, {0, 0}},
    {"2x / 4x, exact ties", {2, 1, 4, 1}, {0, 0}, {1, 3}},
};

static void resize_fp(nnx_dtype dt)
{
    tc_row row = {NNX_TOSA_RESIZE, {dt, dt, dt}, 0};
    const uint32_t N = 2, IH = 9, IW = 10, C = 3;
    tc_tensor x = tc_tensor_make(dt, 4, (uint32_t[]){N, IH, IW, C});
    double max_abs = 0;
    for (size_t i = 0; i < tc_count(&x); i++) {
        tc_set_f(&x, i, 100 * tc_rand(23, (uint32_t)i));
        max_abs = fmax(max_abs, fabs(tc_get_f(&x, i)));
    }
    double *in = malloc(tc_count(&x) * sizeof *in);
    if (!in)
        abort();
    for (size_t i = 0; i < tc_count(&x); i++)
        in[i] = tc_get_f(&x, i);
    for (size_t k = 0; k < sizeof RESIZES / sizeof RESIZES[0]; k++)
        for (int bilinear = 0; bilinear < 2; bilinear++) {
            const resize_cfg *r = &RESIZES[k];
            nnx_tosa_attrs attrs = {.mode = bilinear ? NNX_TOSA_MODE_BILINEAR : NNX_TOSA_MODE_NEAREST};
            int64_t OH = ((int64_t)(IH - 1) * r->scale[0] - r->offset[0] + r->border[0]) / r->scale[1] + 1;
            int64_t OW = ((int64_t)(IW - 1) * r->scale[2] - r->offset[1] + r->border[1]) / r->scale[3] + 1;
            char set[64];
            snprintf(set, sizeof set, "%s %s", r->name, bilinear ? "bilinear" : "nearest");
            tc_tensor sc = tc_shape_values(r->scale, 4), of = tc_shape_values(r->offset, 2),
                      bo = tc_shape_values(r->border, 2), out;
            const tc_tensor *ins[4] = {&x, &sc, &of, &bo};
            bool ran = tc_tosa_checked(&row, set, NNX_TOSA_RESIZE, &attrs, ins, 4, 1, &out, 1);
            tc_tensor_free(&sc);
            tc_tensor_free(&of);
            tc_tensor_free(&bo);
            if (!ran)
                continue;
            size_t n = (size_t)(N * OH * OW * C);
            bool shape_ok = tc_count(&out) == n;
            size_t bad = !shape_ok;
            double *ref = malloc(n * sizeof *ref);
            if (!ref)
                abort();
            nnx_tc_ref_resize(in, N, IH, IW, C, r->scale, r->offset, OH, OW, bilinear, ref);
            double bnd = nnx_tc_resize_bound(dt, max_abs);
            for (size_t i = 0; i < n && shape_ok; i++)
                bad += !nnx_tc_check_fp_bnd(dt, tc_get_f(&out, i), ref[i], bnd);
            tc_result(&row, set, bad == 0, "%zu of %zu wrong (output %ux%u, expected %lldx%lld)", bad, n, out.shape[1],
                      out.shape[2], (long long)OH, (long long)OW);
            free(ref);
            tc_tensor_free(&out);
        }
    free(in);
    tc_tensor_free(&x);
}

void tc_suite_fp_bound(void)
{
    static const nnx_dtype FP[] = {NNX_FLOAT16, NNX_FLOAT32, NNX_BFLOAT16};
    for (int i = 0; i < 3; i++) {
        reduce_product(FP[i]);
        resize_fp(FP[i]);
    }
}
