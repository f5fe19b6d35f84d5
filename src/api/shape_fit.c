/* shape_fit.c — the probe values of input dimensions and the fit of an output extent to them
 * (shape_fit.h): a constant, an integer affine form of one dimension, or an integer multiple
 * of a product of two, accepted only when it gives the extent of every probe exactly and no
 * other form of its kind does. */
#include "api/shape_fit.h"

#include <stdbool.h>
#include <stdio.h>

/* Dimension s is kBase[p] + kStep[p]*s in probe p. 1, kBase and kStep are linearly
 * independent vectors over the probes, so no dimension is an affine function of another
 * (x_j = a*x_k + b across the probes forces a = 1 and j = k); dimension 0 runs 5, 8, 13, 24:
 * odd and even, residues 1, 0, 1, 0 mod 4 and 2, 2, 1, 0 mod 3, so a division by a stride
 * (floor or ceil) is no affine form of it; and the values stay small, so that each probe
 * loads fast. */
static const uint32_t kBase[NNX_SHAPE_PROBES] = {5, 8, 13, 24};
static const uint32_t kStep[NNX_SHAPE_PROBES] = {7, 3, 11, 2};

uint32_t nnx_shape_probe_extent(uint32_t probe, uint32_t symbol) { return kBase[probe] + kStep[probe] * symbol; }

/* a*x_s + b == y in every probe, with a != 0 (one pair of probes with different x_s gives
 * a and b; the others check them). */
static bool affine(const uint32_t *y, uint32_t s, int64_t *a, int64_t *b)
{
    int64_t x0 = nnx_shape_probe_extent(0, s);
    for (uint32_t p = 1; p < NNX_SHAPE_PROBES; p++) {
        int64_t dx = (int64_t)nnx_shape_probe_extent(p, s) - x0, dy = (int64_t)y[p] - y[0];
        if (dx == 0)
            continue;
        if (dy % dx != 0 || dy == 0)
            return false;
        *a = dy / dx;
        *b = (int64_t)y[0] - *a * x0;
        for (uint32_t q = 0; q < NNX_SHAPE_PROBES; q++)
            if (*a * (int64_t)nnx_shape_probe_extent(q, s) + *b != (int64_t)y[q])
                return false;
        return true;
    }
    return false;
}

/* c*x_s*x_t == y in every probe, with c > 0. Extents are below 2^32 and probe values below
 * 2^10, so no product overflows int64. */
static bool product(const uint32_t *y, uint32_t s, uint32_t t, int64_t *c)
{
    int64_t xy0 = (int64_t)nnx_shape_probe_extent(0, s) * nnx_shape_probe_extent(0, t);
    if (y[0] == 0 || (int64_t)y[0] % xy0 != 0)
        return false;
    *c = (int64_t)y[0] / xy0;
    for (uint32_t p = 1; p < NNX_SHAPE_PROBES; p++)
        if (*c * nnx_shape_probe_extent(p, s) * nnx_shape_probe_extent(p, t) != (int64_t)y[p])
            return false;
    return true;
}

/* The expression of a unique fit as text; NONE when it names an unnamed dimension or does
 * not fit in the buffer. */
static nnx_shape_fit_kind write_affine(const char *name, int64_t a, int64_t b, char *text)
{
    if (!name)
        return NNX_SHAPE_FIT_NONE;
    int n;
    if (a == 1 || a == -1)
        n = snprintf(text, NNX_SHAPE_FIT_TEXT, "%s%s", a < 0 ? "-" : "", name);
    else
        n = snprintf(text, NNX_SHAPE_FIT_TEXT, "%lld*%s", (long long)a, name);
    if (n > 0 && n < NNX_SHAPE_FIT_TEXT && b != 0)
        n += snprintf(text + n, NNX_SHAPE_FIT_TEXT - (size_t)n, "%+lld", (long long)b);
    return n > 0 && n < NNX_SHAPE_FIT_TEXT ? NNX_SHAPE_FIT_EXPRESSION : NNX_SHAPE_FIT_NONE;
}

static nnx_shape_fit_kind write_product(const char *x, const char *y, int64_t c, char *text)
{
    if (!x || !y)
        return NNX_SHAPE_FIT_NONE;
    int n = c == 1 ? snprintf(text, NNX_SHAPE_FIT_TEXT, "%s*%s", x, y)
                   : snprintf(text, NNX_SHAPE_FIT_TEXT, "%lld*%s*%s", (long long)c, x, y);
    return n > 0 && n < NNX_SHAPE_FIT_TEXT ? NNX_SHAPE_FIT_EXPRESSION : NNX_SHAPE_FIT_NONE;
}

nnx_shape_fit_kind nnx_shape_fit(const uint32_t *y, const char *const *names, uint32_t n_symbols, char *text)
{
    text[0] = 0;
    bool constant = true;
    for (uint32_t p = 1; p < NNX_SHAPE_PROBES; p++)
        constant = constant && y[p] == y[0];
    if (constant)
        return NNX_SHAPE_FIT_CONSTANT;
    if (n_symbols > NNX_SHAPE_PROBE_SYMBOLS)
        return NNX_SHAPE_FIT_NONE;
    uint32_t fits = 0, fs = 0, ft = 0;
    int64_t fa = 0, fb = 0;
    for (uint32_t s = 0; s < n_symbols; s++) {
        int64_t a, b;
        if (affine(y, s, &a, &b) && fits++ == 0) {
            fs = s;
            fa = a;
            fb = b;
        }
    }
    if (fits)
        return fits == 1 ? write_affine(names[fs], fa, fb, text) : NNX_SHAPE_FIT_NONE;
    for (uint32_t s = 0; s < n_symbols; s++)
        for (uint32_t t = s; t < n_symbols; t++) {
            int64_t c;
            if (product(y, s, t, &c) && fits++ == 0) {
                fs = s;
                ft = t;
                fa = c;
            }
        }
    return fits == 1 ? write_product(names[fs], names[ft], fa, text) : NNX_SHAPE_FIT_NONE;
}
