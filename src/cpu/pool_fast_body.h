/* pool_fast_body.h — pool_fast.c's buffered max pooling band, written once over the SIMD
 * layer (cpu/simd/): pool_fast.c includes it after cpu/simd/avx512.h and again after
 * cpu/simd/avx2.h, with ROW_TAP(phase, off) (the VN buffered floats at phase + off) defined
 * for the ISA, giving band_avx512 and band_avx2. max_band, TILE and the tap order are
 * pool_fast.c's. */

/* The running maximum m after value v, as the reference takes it: v when
 * !isnan(m) && (isnan(v) || v > m), i.e. m ordered and v not <= m (NLE_UQ: v > m or
 * unordered). Without NaNs that is max(v, m), which returns m unless v > m. */
V_TARGET static inline vf V_NAME(take)(vf m, vf v, bool exact)
{
    if (!exact)
        return v_max(v, m);
    return v_select(v_cmp_and(v_ord(m, m), v_nle(v, m)), v, m);
}

/* n output vectors of VN, the taps in row-major order. */
V_TARGET static inline NNX_ALWAYS_INLINE void V_NAME(units)(const max_band *d, const nnx_rowbuf_unit *u, size_t n,
                                                            bool exact)
{
    vf m[NNX_ROWBUF_UNITS];
    for (size_t k = 0; k < n; k++)
        m[k] = v_load(u[k].in + d->tap[0]);
    for (size_t t = 1; t < d->taps; t++)
        for (size_t k = 0; k < n; k++)
            m[k] = V_NAME(take)(m[k], v_load(u[k].in + d->tap[t]), exact);
    for (size_t k = 0; k < n; k++)
        v_store_lanes(d->y + u[k].out, m[k], u[k].lanes);
}

V_TARGET static void V_NAME(units_exact)(const max_band *d, const nnx_rowbuf_unit *u, size_t n)
{
    if (n == NNX_ROWBUF_UNITS)
        V_NAME(units)(d, u, NNX_ROWBUF_UNITS, true);
    else
        V_NAME(units)(d, u, 1, true);
}

V_TARGET static void V_NAME(units_fast)(const max_band *d, const nnx_rowbuf_unit *u, size_t n)
{
    if (n == NNX_ROWBUF_UNITS)
        V_NAME(units)(d, u, NNX_ROWBUF_UNITS, false);
    else
        V_NAME(units)(d, u, 1, false);
}

/* Output rows [a0, a0 + R) x columns [v, v + VN) of a K x K window at stride s, dilation 1,
 * separably: each buffered row's maximum over the window's columns, then over the window's
 * rows. The row-major scan takes the first maximal element (first NaN): it lies in the
 * first row holding the maximum (NaN), first within that row, so the separable scan with
 * the same comparison takes the same element. */
V_TARGET static inline NNX_ALWAYS_INLINE void V_NAME(tile)(const max_band *d, size_t a0, size_t v, int R, int K, int s,
                                                           bool exact)
{
    vf acc[TILE];
    const float *row0 = d->buf + a0 * d->step + v;
#pragma GCC unroll 32
    for (int r = 0; r < (R - 1) * s + K; r++) {
        const float *in = row0 + (size_t)r * d->row_floats;
        vf h = v_load(in);
#pragma GCC unroll 8
        for (int j = 1; j < K; j++)
            h = V_NAME(take)(h, ROW_TAP(in + (size_t)(j % s) * d->len, j / s), exact);
#pragma GCC unroll 8
        for (int a = 0; a < R; a++) {
            int i = r - a * s;
            if (i >= 0 && i < K)
                acc[a] = i == 0 ? h : V_NAME(take)(acc[a], h, exact);
        }
    }
    size_t lanes = d->OW - v < VN ? d->OW - v : VN;
#pragma GCC unroll 8
    for (int a = 0; a < R; a++)
        v_store_lanes(d->y + (a0 + (size_t)a) * d->OW + v, acc[a], lanes);
}

V_TARGET static inline NNX_ALWAYS_INLINE void V_NAME(tiled)(const max_band *d, int K, int s, bool exact)
{
    size_t a = 0;
    for (; a + TILE <= d->rows; a += TILE)
        for (size_t v = 0; v < d->OW; v += VN)
            V_NAME(tile)(d, a, v, TILE, K, s, exact);
    switch (d->rows - a) { /* the last rows, as one tile */
    case 3:
        for (size_t v = 0; v < d->OW; v += VN)
            V_NAME(tile)(d, a, v, 3, K, s, exact);
        break;
    case 2:
        for (size_t v = 0; v < d->OW; v += VN)
            V_NAME(tile)(d, a, v, 2, K, s, exact);
        break;
    case 1:
        for (size_t v = 0; v < d->OW; v += VN)
            V_NAME(tile)(d, a, v, 1, K, s, exact);
        break;
    default: break;
    }
}

V_TARGET static void V_NAME(band)(const max_band *d)
{
    switch (d->square * 100 + d->stride * 10 + d->nan) {
    case 210: V_NAME(tiled)(d, 2, 1, false); return;
    case 220: V_NAME(tiled)(d, 2, 2, false); return;
    case 310: V_NAME(tiled)(d, 3, 1, false); return;
    case 320: V_NAME(tiled)(d, 3, 2, false); return;
    case 211: V_NAME(tiled)(d, 2, 1, true); return;
    case 221: V_NAME(tiled)(d, 2, 2, true); return;
    case 311: V_NAME(tiled)(d, 3, 1, true); return;
    case 321: V_NAME(tiled)(d, 3, 2, true); return;
    default: break;
    }
    if (d->nan)
        NNX_ROWBUF_FOR_UNITS(d->buf, d->step, d->rows, d->OW, VN, V_NAME(units_exact), d);
    else
        NNX_ROWBUF_FOR_UNITS(d->buf, d->step, d->rows, d->OW, VN, V_NAME(units_fast), d);
}
