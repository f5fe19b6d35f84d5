/* fp_exact.c — TOSA operators whose results must be exact (§4.3.2 EXACT), in every type of
 * their rows: comparisons, SELECT, CLAMP (both nan modes), MAX_POOL2D, REDUCE_MAX/MIN, ARGMAX
 * (NaN propagation), REDUCE_ALL/ANY and the data-movement operators (RESHAPE, IDENTITY,
 * REVERSE, SLICE, TILE, TRANSPOSE, PAD, CONCAT). References are written here from the
 * pseudocode; floats compare modulo NaN payloads and, where allowed, the sign of zero. */
#include "tc_runner.h"

#include "checker/compliance.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static bool is_float(nnx_dtype dt)
{
    return dt == NNX_FLOAT16 || dt == NNX_FLOAT32 || dt == NNX_BFLOAT16 || dt == NNX_FP8E4M3 || dt == NNX_FP8E5M2;
}

/* Value i of a generated tensor of dt (set picks the stream): floats spread over the type's
 * range with a few specials (NaN only when nan is set), integers over the type's range. */
static void gen_value(tc_tensor *t, size_t i, uint32_t set, bool nan)
{
    double r = tc_rand(set, (uint32_t)i), r2 = tc_rand(set + 1, (uint32_t)i);
    if (is_float(t->dtype)) {
        double v = r * ldexp(1.0, (int)lrint(8 * r2));
        if (i % 97 == 13)
            v = nan ? NAN : -0.0;
        if (i % 89 == 7)
            v = t->dtype == NNX_FP8E4M3 ? -448.0 : -INFINITY;
        tc_set_f(t, i, v);
        return;
    }
    int bits = t->dtype == NNX_BOOL ? 1
        : t->dtype == NNX_INT4      ? 3
        : t->dtype == NNX_INT8      ? 7
        : t->dtype == NNX_INT16     ? 15
        : t->dtype == NNX_INT48     ? 47
                                    : 31;
    if (t->dtype == NNX_BOOL)
        tc_set_i(t, i, r < 0);
    else if (t->dtype == NNX_INT4) /* -7..7: int4_t excludes -8 */
        tc_set_i(t, i, (int64_t)(r * 7.9));
    else
        tc_set_i(t, i, (int64_t)floor(r * ldexp(1.0, bits)));
}

static tc_tensor gen_tensor(nnx_dtype dt, uint32_t rank, const uint32_t *shape, uint32_t set, bool nan)
{
    tc_tensor t = tc_tensor_make(dt, rank, shape);
    for (size_t i = 0; i < tc_count(&t); i++)
        gen_value(&t, i, set, nan);
    return t;
}

/* Element i of got equals element j of want: bit-exact for integers, NaN-insensitive for floats. */
static bool same_elem(const tc_tensor *got, size_t i, const tc_tensor *want, size_t j, bool zero_sign_free)
{
    if (is_float(got->dtype))
        return nnx_tc_check_exact(got->dtype, tc_get_f(got, i), tc_get_f(want, j), zero_sign_free);
    return tc_get_i(got, i) == tc_get_i(want, j);
}

/* ---- comparisons and SELECT ---- */

static void compare_ops(nnx_dtype dt)
{
    static const nnx_tosa_op OPS[] = {NNX_TOSA_EQUAL, NNX_TOSA_GREATER, NNX_TOSA_GREATER_EQUAL};
    uint32_t n = 1500;
    tc_tensor a = gen_tensor(dt, 1, &n, 3, true), b = gen_tensor(dt, 1, &n, 5, true);
    for (size_t i = 0; i < n; i += 3) /* equal pairs, and +0 against -0 */
        tc_set_f(&b, i, tc_get_f(&a, i));
    for (size_t i = 0; i < n; i += 30) {
        tc_set_f(&a, i, 0.0);
        tc_set_f(&b, i, -0.0);
    }
    for (size_t k = 0; k < 3; k++) {
        tc_row row = {OPS[k], {dt, NNX_BOOL}, 0};
        const tc_tensor *in[2] = {&a, &b};
        tc_tensor out;
        if (!tc_tosa_checked(&row, "generated values", OPS[k], NULL, in, 2, 2, &out, 1))
            continue;
        size_t bad = 0, first = 0;
        for (size_t i = 0; i < n; i++) {
            double x = tc_get_f(&a, i), y = tc_get_f(&b, i);
            bool want = k == 0 ? x == y : k == 1 ? x > y : x >= y; /* NaN: false */
            if ((tc_get_i(&out, i) != 0) != want && !bad++)
                first = i;
        }
        tc_result(&row, "generated values", bad == 0, "%zu wrong, first %.9g vs %.9g", bad, tc_get_f(&a, first),
                  tc_get_f(&b, first));
        tc_tensor_free(&out);
    }
    tc_tensor_free(&a);
    tc_tensor_free(&b);
}

static void select_op(nnx_dtype dt)
{
    tc_row row = {NNX_TOSA_SELECT, {dt}, 0};
    uint32_t n = 1000;
    tc_tensor c = gen_tensor(NNX_BOOL, 1, &n, 7, false), a = gen_tensor(dt, 1, &n, 9, true),
              b = gen_tensor(dt, 1, &n, 11, true), out;
    const tc_tensor *in[3] = {&c, &a, &b};
    if (tc_tosa_checked(&row, "generated values", NNX_TOSA_SELECT, NULL, in, 3, 3, &out, 1)) {
        size_t bad = 0;
        for (size_t i = 0; i < n; i++)
            bad += !same_elem(&out, i, tc_get_i(&c, i) ? &a : &b, i, false);
        tc_result(&row, "generated values", bad == 0, "%zu wrong", bad);
        tc_tensor_free(&out);
    }
    tc_tensor_free(&c);
    tc_tensor_free(&a);
    tc_tensor_free(&b);
}

/* ---- CLAMP ---- */

static void clamp_op(nnx_dtype dt)
{
    tc_row row = {NNX_TOSA_CLAMP, {dt}, 0};
    uint32_t n = 1200;
    tc_tensor x = gen_tensor(dt, 1, &n, 13, true);
    for (int mode = 0; mode < 2; mode++) {
        double lo = -1.5, hi = 3.0;
        nnx_tosa_attrs attrs = {.min_val = nnx_f64(lo), .max_val = nnx_f64(hi)};
        attrs.nan_mode = mode ? NNX_TOSA_NAN_IGNORE : NNX_TOSA_NAN_PROPAGATE;
        const tc_tensor *in[1] = {&x};
        tc_tensor out;
        const char *set = mode ? "nan_mode IGNORE" : "nan_mode PROPAGATE";
        if (!tc_tosa_checked(&row, set, NNX_TOSA_CLAMP, &attrs, in, 1, 1, &out, 1))
            continue;
        size_t bad = 0;
        for (size_t i = 0; i < n; i++) {
            double v = tc_get_f(&x, i);
            double want = isnan(v) ? (mode ? lo : NAN) : fmin(fmax(v, lo), hi);
            bad += !nnx_tc_check_exact(dt, tc_get_f(&out, i), want, true);
        }
        tc_result(&row, set, bad == 0, "%zu wrong", bad);
        tc_tensor_free(&out);
    }
    tc_tensor_free(&x);
}

/* ---- MAX_POOL2D, REDUCE_MAX / REDUCE_MIN, ARGMAX ---- */

/* max / min with TOSA's nan_mode: PROPAGATE returns NaN, IGNORE skips NaN (all-NaN: NaN). */
static double pick(double acc, double v, bool is_max, bool ignore)
{
    if (isnan(v))
        return ignore ? acc : v;
    if (isnan(acc))
        return ignore ? v : acc;
    return is_max ? fmax(acc, v) : fmin(acc, v);
}

static void max_pool(nnx_dtype dt)
{
    tc_row row = {NNX_TOSA_MAX_POOL2D, {dt}, 0};
    const uint32_t N = 1, H = 11, W = 11, C = 6, K = 3, S = 2, P = 1;
    const uint32_t OH = (H + 2 * P - K) / S + 1, OW = (W + 2 * P - K) / S + 1;
    tc_tensor x = gen_tensor(dt, 4, (uint32_t[]){N, H, W, C}, 15, true);
    for (int mode = 0; mode < 2; mode++) {
        nnx_tosa_attrs attrs = {.kernel = {K, K}, .stride = {S, S}, .pad = {P, P, P, P}};
        attrs.nan_mode = mode ? NNX_TOSA_NAN_IGNORE : NNX_TOSA_NAN_PROPAGATE;
        const tc_tensor *in[1] = {&x};
        tc_tensor out;
        const char *set = mode ? "nan_mode IGNORE" : "nan_mode PROPAGATE";
        if (!tc_tosa_checked(&row, set, NNX_TOSA_MAX_POOL2D, &attrs, in, 1, 1, &out, 1))
            continue;
        bool shape_ok = tc_count(&out) == (size_t)OH * OW * C;
        size_t bad = !shape_ok;
        for (uint32_t oy = 0; oy < OH && shape_ok; oy++)
            for (uint32_t ox = 0; ox < OW; ox++)
                for (uint32_t c = 0; c < C; c++) {
                    double m = NAN; /* windows here always hold an in-bounds element */
                    bool first = true;
                    for (uint32_t ky = 0; ky < K; ky++)
                        for (uint32_t kx = 0; kx < K; kx++) {
                            int64_t y = (int64_t)oy * S - P + ky, xx = (int64_t)ox * S - P + kx;
                            if (y < 0 || y >= H || xx < 0 || xx >= W)
                                continue;
                            double v = tc_get_f(&x, ((size_t)y * W + (size_t)xx) * C + c);
                            m = first ? v : pick(m, v, true, mode);
                            first = false;
                        }
                    bad += !nnx_tc_check_exact(dt, tc_get_f(&out, ((size_t)oy * OW + ox) * C + c), m, true);
                }
        tc_result(&row, set, bad == 0, "%zu wrong", bad);
        tc_tensor_free(&out);
    }
    tc_tensor_free(&x);
}

/* REDUCE_MAX, REDUCE_MIN (keep the axis) and ARGMAX (drop it) over axis 1 of [7, 9, 5]:
 * the ops whose bit is set in mask (1, 2, 4). */
static void reductions(nnx_dtype dt, unsigned mask)
{
    const uint32_t A = 7, B = 9, C = 5;
    tc_tensor x = gen_tensor(dt, 3, (uint32_t[]){A, B, C}, 17, true);
    for (int op = 0; op < 3; op++)
        for (int mode = 0; mode < (is_float(dt) ? 2 : 1) && (mask >> op & 1); mode++) {
            tc_row row = {op == 0 ? NNX_TOSA_REDUCE_MAX : op == 1 ? NNX_TOSA_REDUCE_MIN : NNX_TOSA_ARGMAX, {dt}, 0};
            nnx_tosa_attrs attrs = {.axis = 1, .nan_mode = mode ? NNX_TOSA_NAN_IGNORE : NNX_TOSA_NAN_PROPAGATE};
            if (op == 2)
                row.t[1] = NNX_INT32;
            const tc_tensor *in[1] = {&x};
            tc_tensor out;
            const char *set = mode ? "nan_mode IGNORE" : "nan_mode PROPAGATE";
            if (!tc_tosa_checked(&row, set, row.op, &attrs, in, 1, 1, &out, 1))
                continue;
            bool shape_ok = tc_count(&out) == (size_t)A * C;
            size_t bad = !shape_ok;
            for (uint32_t a = 0; a < A && shape_ok; a++)
                for (uint32_t c = 0; c < C; c++) {
                    double m = NAN;
                    int64_t arg = 0;
                    bool have = false;
                    for (uint32_t b = 0; b < B; b++) {
                        double v = tc_get_f(&x, ((size_t)a * B + b) * C + c);
                        if (mode && isnan(v))
                            continue;
                        /* the first maximum wins; under PROPAGATE the first NaN */
                        if (!have || (!isnan(m) && (isnan(v) || (op == 1 ? v < m : v > m)))) {
                            m = v;
                            arg = b;
                            have = true;
                        }
                    }
                    size_t o = (size_t)a * C + c;
                    if (op == 2)
                        bad += tc_get_i(&out, o) != arg;
                    else
                        bad += !nnx_tc_check_exact(dt, tc_get_f(&out, o), m, true);
                }
            tc_result(&row, set, bad == 0, "%zu wrong", bad);
            tc_tensor_free(&out);
        }
    tc_tensor_free(&x);
}

/* ---- data movement: out[i] = in[src(i)] (or the pad value), compared bit for bit ---- */

static const uint32_t SHAPE[3] = {4, 5, 6};

/* The source index of output element (i0, i1, i2) for each movement case, -1 = pad. */
static int64_t src_index(nnx_tosa_op op, const uint32_t *o, const uint32_t *oshape)
{
    const uint32_t *s = SHAPE;
    switch (op) {
    case NNX_TOSA_RESHAPE:
    case NNX_TOSA_IDENTITY: return ((int64_t)o[0] * oshape[1] + o[1]) * oshape[2] + o[2];
    case NNX_TOSA_REVERSE: return ((int64_t)o[0] * s[1] + (s[1] - 1 - o[1])) * s[2] + o[2];
    case NNX_TOSA_SLICE: return ((int64_t)(o[0] + 1) * s[1] + (o[1] + 2)) * s[2] + (o[2] + 0);
    case NNX_TOSA_TILE: return ((int64_t)(o[0] % s[0]) * s[1] + o[1] % s[1]) * s[2] + o[2] % s[2];
    case NNX_TOSA_TRANSPOSE: /* perms [2, 0, 1]: out[i0, i1, i2] = in[i1, i2, i0] */
        return ((int64_t)o[1] * s[1] + o[2]) * s[2] + o[0];
    case NNX_TOSA_PAD: { /* padding [1, 0, 0, 2, 3, 1] */
        int64_t a = (int64_t)o[0] - 1, b = o[1], c = (int64_t)o[2] - 3;
        if (a < 0 || a >= s[0] || b >= s[1] || c < 0 || c >= s[2])
            return -1;
        return (a * s[1] + b) * s[2] + c;
    }
    case NNX_TOSA_CONCAT: /* axis 1: the input, then itself again */
        return ((int64_t)o[0] * s[1] + o[1] % s[1]) * s[2] + o[2];
    default: return -2;
    }
}

static void movement(nnx_tosa_op op, nnx_dtype dt)
{
    tc_row row = {op, {dt}, 0};
    tc_tensor x = gen_tensor(dt, 3, SHAPE, 19, true), out, extra[2] = {{0}, {0}};
    nnx_tosa_attrs a = {0};
    uint32_t n_in = 1, n_data = 1;
    static const int64_t RESHAPE[3] = {6, 4, 5}, START[3] = {1, 2, 0}, SIZE[3] = {2, 3, 6}, MULT[3] = {2, 1, 3},
                         PADDING[6] = {1, 0, 0, 2, 3, 1};
    static const int32_t PERMS[3] = {2, 0, 1};
    switch (op) {
    case NNX_TOSA_RESHAPE:
        extra[0] = tc_shape_values(RESHAPE, 3);
        n_in = 2;
        break;
    case NNX_TOSA_IDENTITY: break;
    case NNX_TOSA_REVERSE: a.axis = 1; break;
    case NNX_TOSA_SLICE: extra[0] = tc_shape_values(START, 3), extra[1] = tc_shape_values(SIZE, 3), n_in = 3; break;
    case NNX_TOSA_TILE:
        extra[0] = tc_shape_values(MULT, 3);
        n_in = 2;
        break;
    case NNX_TOSA_TRANSPOSE: a.perms = PERMS, a.perms_count = 3; break;
    case NNX_TOSA_PAD:
        extra[0] = tc_shape_values(PADDING, 6);
        extra[1] = tc_scalar(dt, is_float(dt) ? -2.5 : dt == NNX_BOOL ? 1 : -3);
        n_in = 3;
        break;
    case NNX_TOSA_CONCAT:
        a.axis = 1;
        n_in = n_data = 2;
        break;
    default: tc_tensor_free(&x); return;
    }
    const tc_tensor *in[3] = {&x, op == NNX_TOSA_CONCAT ? &x : &extra[0], &extra[1]};
    bool ran = tc_tosa_checked(&row, "generated values", op, &a, in, n_in, n_data, &out, 1);
    tc_tensor_free(&extra[0]);
    tc_tensor_free(&extra[1]);
    if (!ran) {
        tc_tensor_free(&x);
        return;
    }
    /* the output shape each operator must give for [4, 5, 6] */
    static const uint32_t WANT[][3] = {{6, 4, 5},  {4, 5, 6}, {4, 5, 6},  {2, 3, 6},
                                       {8, 5, 18}, {6, 4, 5}, {5, 7, 10}, {4, 10, 6}};
    int w = op == NNX_TOSA_RESHAPE ? 0
        : op == NNX_TOSA_IDENTITY  ? 1
        : op == NNX_TOSA_REVERSE   ? 2
        : op == NNX_TOSA_SLICE     ? 3
        : op == NNX_TOSA_TILE      ? 4
        : op == NNX_TOSA_TRANSPOSE ? 5
        : op == NNX_TOSA_PAD       ? 6
                                   : 7;
    bool shape_ok = out.rank == 3 && out.shape[0] == WANT[w][0] && out.shape[1] == WANT[w][1] &&
        out.shape[2] == WANT[w][2];
    if (op == NNX_TOSA_RESHAPE) { /* RESHAPE's shape operand is a CONST_SHAPE value */
        tc_row cs = {NNX_TOSA_CONST_SHAPE, {NNX_INT64}, 0};
        tc_result(&cs, "through RESHAPE", shape_ok, "RESHAPE to [6, 4, 5] gave rank %u", out.rank);
    }
    size_t bad = !shape_ok;
    tc_tensor padv = tc_tensor_1d(dt, 1);
    if (is_float(dt))
        tc_set_f(&padv, 0, -2.5);
    else
        tc_set_i(&padv, 0, dt == NNX_BOOL ? 1 : -3);
    for (uint32_t i0 = 0; i0 < out.shape[0] && shape_ok; i0++)
        for (uint32_t i1 = 0; i1 < out.shape[1]; i1++)
            for (uint32_t i2 = 0; i2 < out.shape[2]; i2++) {
                uint32_t o[3] = {i0, i1, i2};
                int64_t s = src_index(op, o, out.shape);
                size_t oi = ((size_t)i0 * out.shape[1] + i1) * out.shape[2] + i2;
                bad += s < 0 ? !same_elem(&out, oi, &padv, 0, false) : !same_elem(&out, oi, &x, (size_t)s, false);
            }
    tc_result(&row, "generated values", bad == 0, "%zu wrong (output %ux%ux%u)", bad, out.shape[0], out.shape[1],
              out.shape[2]);
    tc_tensor_free(&padv);
    tc_tensor_free(&out);
    tc_tensor_free(&x);
}

/* REDUCE_ALL / REDUCE_ANY over axis 0 of bool [6, 50]. */
static void bool_reductions(void)
{
    tc_tensor x = gen_tensor(NNX_BOOL, 2, (uint32_t[]){6, 50}, 29, false);
    for (uint32_t c = 0; c < 10; c++) /* columns all true / all false */
        for (uint32_t r = 0; r < 6; r++)
            tc_set_i(&x, (size_t)r * 50 + c, c < 5);
    for (int any = 0; any < 2; any++) {
        tc_row row = {any ? NNX_TOSA_REDUCE_ANY : NNX_TOSA_REDUCE_ALL, {NNX_BOOL}, 0};
        nnx_tosa_attrs attrs = {.axis = 0};
        const tc_tensor *in[1] = {&x};
        tc_tensor out;
        if (!tc_tosa_checked(&row, "generated values", row.op, &attrs, in, 1, 1, &out, 1))
            continue;
        bool shape_ok = tc_count(&out) == 50;
        size_t bad = !shape_ok;
        for (uint32_t c = 0; c < 50 && shape_ok; c++) {
            bool acc = !any;
            for (uint32_t r = 0; r < 6; r++)
                acc = any ? acc || tc_get_i(&x, (size_t)r * 50 + c) : acc && tc_get_i(&x, (size_t)r * 50 + c);
            bad += (tc_get_i(&out, c) != 0) != acc;
        }
        tc_result(&row, "generated values", bad == 0, "%zu wrong", bad);
        tc_tensor_free(&out);
    }
    tc_tensor_free(&x);
}

static bool has_row(nnx_tosa_op op, nnx_dtype dt)
{
    tc_row rows[16];
    size_t n = tc_type_rows(op, rows, 16);
    for (size_t i = 0; i < n; i++)
        if (rows[i].t[0] == dt)
            return true;
    return false;
}

void tc_suite_fp_exact(void)
{
    static const nnx_dtype FP[] = {NNX_FLOAT16, NNX_FLOAT32, NNX_BFLOAT16};
    for (int i = 0; i < 3; i++) {
        compare_ops(FP[i]);
        clamp_op(FP[i]);
    }
    static const nnx_dtype ALL[] = {NNX_FLOAT16, NNX_FLOAT32, NNX_BFLOAT16, NNX_FP8E4M3, NNX_FP8E5M2,
                                    NNX_BOOL,    NNX_INT8,    NNX_INT16,    NNX_INT32};
    for (size_t i = 0; i < sizeof ALL / sizeof ALL[0]; i++) {
        nnx_dtype dt = ALL[i];
        if (has_row(NNX_TOSA_SELECT, dt))
            select_op(dt);
        if (has_row(NNX_TOSA_MAX_POOL2D, dt))
            max_pool(dt);
        unsigned mask = (has_row(NNX_TOSA_REDUCE_MAX, dt) ? 1u : 0u) | (has_row(NNX_TOSA_REDUCE_MIN, dt) ? 2u : 0u) |
            (has_row(NNX_TOSA_ARGMAX, dt) ? 4u : 0u);
        if (mask)
            reductions(dt, mask);
    }
    bool_reductions();
    static const nnx_tosa_op MOVES[] = {NNX_TOSA_RESHAPE, NNX_TOSA_IDENTITY,  NNX_TOSA_REVERSE, NNX_TOSA_SLICE,
                                        NNX_TOSA_TILE,    NNX_TOSA_TRANSPOSE, NNX_TOSA_PAD,     NNX_TOSA_CONCAT};
    for (size_t m = 0; m < sizeof MOVES / sizeof MOVES[0]; m++) {
        tc_row rows[16];
        size_t n = tc_type_rows(MOVES[m], rows, 16);
        for (size_t r = 0; r < n; r++)
            movement(MOVES[m], rows[r].t[0]);
    }
}
