/* int_resize.c — integer RESIZE rows bit-exact against the spec's pseudocode transcribed
 * here: the source position y = oy * scale_y_d + offset_y split by scale_y_n into index and
 * remainder, edge indices clamped, BILINEAR weighting by (scale_n - d) and d (the result is
 * the interpolation times scale_y_n * scale_x_n, i8 -> i32, i16 -> i48), NEAREST taking the
 * upper neighbour when 2d >= scale_n. */
#include "tc_runner.h"

#include <stdio.h>

typedef struct cfg {
    const char *name;
    int64_t scale[4], offset[2], border[2];
} cfg;

static const cfg CFGS[] = {
    {"2x half-pixel", {4, 2, 4, 2}, {-1, -1}, {1, 1}},
    {"1/2 down", {1, 2, 1, 2}, {0, 0}, {0, -1}},
    {"3/2 x 5/3", {3, 2, 5, 3}, {0, 0}, {0, 0}},
    {"large scale", {2048, 1000, 1536, 1024}, {384, 512}, {0, 0}},
    {"2x / 4x, exact ties", {2, 1, 4, 1}, {0, 0}, {1, 3}},
};

static int64_t floor_div(int64_t a, int64_t b) { return a / b - (a % b != 0 && (a < 0) != (b < 0)); }
static int64_t clampi(int64_t v, int64_t lo, int64_t hi) { return v < lo ? lo : v > hi ? hi : v; }

static void run(const tc_row *row, const cfg *c)
{
    bool bilinear = row->mode == NNX_TOSA_MODE_BILINEAR;
    nnx_dtype in_t = row->t[1];
    const int64_t N = 1, IH = 9, IW = 10, C = 2;
    int64_t OH = ((IH - 1) * c->scale[0] - c->offset[0] + c->border[0]) / c->scale[1] + 1;
    int64_t OW = ((IW - 1) * c->scale[2] - c->offset[1] + c->border[1]) / c->scale[3] + 1;
    if (((IH - 1) * c->scale[0] - c->offset[0] + c->border[0]) % c->scale[1] != 0 ||
        ((IW - 1) * c->scale[2] - c->offset[1] + c->border[1]) % c->scale[3] != 0)
        return; /* not an exact output size: ERROR_IF, not a valid test */
    tc_tensor x = tc_tensor_make(in_t, 4, (uint32_t[]){(uint32_t)N, (uint32_t)IH, (uint32_t)IW, (uint32_t)C});
    for (size_t i = 0; i < tc_count(&x); i++)
        tc_set_i(&x, i, (int64_t)(tc_rand(71, (uint32_t)i) * (in_t == NNX_INT8 ? 127.9 : 32767.9)));
    tc_tensor sc = tc_shape_values(c->scale, 4), of = tc_shape_values(c->offset, 2), bo = tc_shape_values(c->border, 2),
              out;
    nnx_tosa_attrs attrs = {.mode = (nnx_tosa_mode)row->mode};
    const tc_tensor *in[4] = {&x, &sc, &of, &bo};
    if (tc_tosa_checked(row, c->name, NNX_TOSA_RESIZE, &attrs, in, 4, 1, &out, 1)) {
        bool shape_ok = tc_count(&out) == (size_t)(N * OH * OW * C) && out.dtype == row->t[2];
        size_t bad = !shape_ok;
        for (int64_t oy = 0; oy < OH && shape_ok; oy++)
            for (int64_t ox = 0; ox < OW; ox++) {
                int64_t y = oy * c->scale[1] + c->offset[0], xx = ox * c->scale[3] + c->offset[1];
                int64_t iy = floor_div(y, c->scale[0]), ix = floor_div(xx, c->scale[2]);
                int64_t dy = y - iy * c->scale[0], dx = xx - ix * c->scale[2];
                int64_t iy0 = clampi(iy, 0, IH - 1), iy1 = clampi(iy + 1, 0, IH - 1);
                int64_t ix0 = clampi(ix, 0, IW - 1), ix1 = clampi(ix + 1, 0, IW - 1);
                for (int64_t ch = 0; ch < C; ch++) {
#define V(a, b) tc_get_i(&x, (size_t)(((a)*IW + (b)) * C + ch))
                    int64_t want;
                    if (bilinear) {
                        int64_t uy = c->scale[0], ux = c->scale[2];
                        want = V(iy0, ix0) * (uy - dy) * (ux - dx) + V(iy0, ix1) * (uy - dy) * dx +
                            V(iy1, ix0) * dy * (ux - dx) + V(iy1, ix1) * dy * dx;
                    } else {
                        want = V(2 * dy >= c->scale[0] ? iy1 : iy0, 2 * dx >= c->scale[2] ? ix1 : ix0);
                    }
#undef V
                    bad += tc_get_i(&out, (size_t)((oy * OW + ox) * C + ch)) != want;
                }
            }
        tc_result(row, c->name, bad == 0, "%zu wrong (output %ux%u of %s)", bad, out.shape[1], out.shape[2],
                  tc_dtype_name(out.dtype));
        tc_tensor_free(&out);
    }
    tc_tensor_free(&x);
    tc_tensor_free(&sc);
    tc_tensor_free(&of);
    tc_tensor_free(&bo);
}

void tc_suite_int_resize(void)
{
    tc_row rows[16];
    size_t n = tc_type_rows(NNX_TOSA_RESIZE, rows, 16);
    for (size_t r = 0; r < n; r++)
        if (rows[r].t[1] == NNX_INT8 || rows[r].t[1] == NNX_INT16)
            for (size_t k = 0; k < sizeof CFGS / sizeof CFGS[0]; k++)
                run(&rows[r], &CFGS[k]);
}
