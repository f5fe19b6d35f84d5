/* gather.c — the exact data operators GATHER, SCATTER and CONST in every type of their
 * rows: GATHER reads values[n, indices[n, w], c], SCATTER writes input[n, w, c] to
 * values[n, indices[n, w], c] with distinct indices (duplicates are unpredictable), CONST
 * returns its values. Compared element by element (floats by value, no NaN generated). */
#include "tc_runner.h"

#include <math.h>
#include <stdio.h>

static bool is_float(nnx_dtype dt) { return nnx_dtype_is_floating_point(dt); }

/* Deterministic element values of dt: floats in [-100, 100] (rounded to dt), integers over
 * the type's range (int4: -7..7, bool 0/1). */
static void fill(tc_tensor *t, uint32_t set)
{
    for (size_t i = 0; i < tc_count(t); i++) {
        double r = tc_rand(set, (uint32_t)i);
        if (is_float(t->dtype)) {
            tc_set_f(t, i, 100 * r);
            continue;
        }
        double span = t->dtype == NNX_BOOL ? 0
            : t->dtype == NNX_INT4         ? 7
            : t->dtype == NNX_INT8         ? 127
            : t->dtype == NNX_INT16        ? 32767
            : t->dtype == NNX_INT48        ? 140737488355327.0
                                           : 2147483647.0;
        tc_set_i(t, i, t->dtype == NNX_BOOL ? r < 0 : (int64_t)(r * span));
    }
}

static bool same(const tc_tensor *a, size_t i, const tc_tensor *b, size_t j)
{
    if (is_float(a->dtype))
        return tc_get_f(a, i) == tc_get_f(b, j);
    return tc_get_i(a, i) == tc_get_i(b, j);
}

enum { N = 2, K = 7, W = 6, C = 5 };

static tc_tensor indices(void)
{
    tc_tensor idx = tc_tensor_make(NNX_INT32, 2, (uint32_t[]){N, W});
    for (int n = 0; n < N; n++)
        for (int w = 0; w < W; w++) /* distinct per n: 3 is prime to K */
            tc_set_i(&idx, (size_t)(n * W + w), (w * 3 + n) % K);
    return idx;
}

static void gather(nnx_dtype dt)
{
    tc_row row = {NNX_TOSA_GATHER, {NNX_INT32, dt}, 0};
    tc_tensor v = tc_tensor_make(dt, 3, (uint32_t[]){N, K, C}), idx = indices(), out;
    fill(&v, 61);
    const tc_tensor *in[2] = {&v, &idx};
    if (tc_tosa_checked(&row, "generated values", NNX_TOSA_GATHER, NULL, in, 2, 2, &out, 1)) {
        bool shape_ok = tc_count(&out) == (size_t)(N * W * C);
        size_t bad = !shape_ok;
        for (int n = 0; n < N && shape_ok; n++)
            for (int w = 0; w < W; w++)
                for (int c = 0; c < C; c++) {
                    int64_t k = tc_get_i(&idx, (size_t)(n * W + w));
                    bad += !same(&out, (size_t)((n * W + w) * C + c), &v, (size_t)((n * K + k) * C + c));
                }
        tc_result(&row, "generated values", bad == 0, "%zu wrong", bad);
        tc_tensor_free(&out);
    }
    tc_tensor_free(&v);
    tc_tensor_free(&idx);
}

static void scatter(nnx_dtype dt)
{
    tc_row row = {NNX_TOSA_SCATTER, {dt, NNX_INT32}, 0};
    tc_tensor v = tc_tensor_make(dt, 3, (uint32_t[]){N, K, C}), idx = indices(),
              x = tc_tensor_make(dt, 3, (uint32_t[]){N, W, C}), out;
    fill(&v, 63);
    fill(&x, 65);
    const tc_tensor *in[3] = {&v, &idx, &x};
    if (tc_tosa_checked(&row, "generated values", NNX_TOSA_SCATTER, NULL, in, 3, 3, &out, 1)) {
        bool shape_ok = tc_count(&out) == (size_t)(N * K * C);
        size_t bad = !shape_ok;
        for (int n = 0; n < N && shape_ok; n++)
            for (int k = 0; k < K; k++) {
                int src = -1; /* the w writing row k, if any */
                for (int w = 0; w < W; w++)
                    if (tc_get_i(&idx, (size_t)(n * W + w)) == k)
                        src = w;
                for (int c = 0; c < C; c++) {
                    size_t o = (size_t)((n * K + k) * C + c);
                    bad += src < 0 ? !same(&out, o, &v, o) : !same(&out, o, &x, (size_t)((n * W + src) * C + c));
                }
            }
        tc_result(&row, "generated values", bad == 0, "%zu wrong", bad);
        tc_tensor_free(&out);
    }
    tc_tensor_free(&v);
    tc_tensor_free(&idx);
    tc_tensor_free(&x);
}

static void constant(nnx_dtype dt)
{
    tc_row row = {NNX_TOSA_CONST, {dt}, 0};
    tc_tensor v = tc_tensor_make(dt, 3, (uint32_t[]){3, 4, 5}), out;
    fill(&v, 67);
    nnx_tosa_attrs a = {.desc = {dt, 3, {3, 4, 5}}, .values = v.data, .values_size = tc_count(&v) * nnx_dtype_size(dt)};
    if (tc_tosa_checked(&row, "generated values", NNX_TOSA_CONST, &a, NULL, 0, 0, &out, 1)) {
        bool shape_ok = tc_count(&out) == tc_count(&v);
        size_t bad = !shape_ok;
        for (size_t i = 0; i < tc_count(&v) && shape_ok; i++)
            bad += !same(&out, i, &v, i);
        tc_result(&row, "generated values", bad == 0, "%zu wrong", bad);
        tc_tensor_free(&out);
    }
    tc_tensor_free(&v);
}

void tc_suite_gather(void)
{
    tc_row rows[16];
    size_t n = tc_type_rows(NNX_TOSA_GATHER, rows, 16);
    for (size_t r = 0; r < n; r++)
        gather(rows[r].t[1]);
    n = tc_type_rows(NNX_TOSA_SCATTER, rows, 16);
    for (size_t r = 0; r < n; r++)
        scatter(rows[r].t[0]);
    n = tc_type_rows(NNX_TOSA_CONST, rows, 16);
    for (size_t r = 0; r < n; r++)
        constant(rows[r].t[0]);
}
