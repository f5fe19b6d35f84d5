/* depthwise_fast_body.h — depthwise_fast.c's buffered band units, written once over the SIMD
 * layer (cpu/simd/): depthwise_fast.c includes it after cpu/simd/avx512.h and again after
 * cpu/simd/avx2.h, with V_NAME(store_units) (bias, residual and activation of the units'
 * sums, stored) defined for the ISA, giving units_9_avx512, units_any_avx512 and their
 * _avx2 twins. dw_band and UNITS are depthwise_fast.c's. */

/* n output vectors of VN, each tap a load; taps is a constant where the caller's is. Each
 * sum runs from 0 in tap order. */
V_TARGET static inline NNX_ALWAYS_INLINE void V_NAME(units)(const dw_band *d, const nnx_rowbuf_unit *u, size_t n,
                                                            size_t taps)
{
    vf acc[UNITS];
    for (size_t k = 0; k < n; k++)
        acc[k] = v_zero();
    for (size_t t = 0; t < taps; t++) {
        vf w = v_set1(d->w[t]);
        for (size_t k = 0; k < n; k++)
            acc[k] = v_fmadd(w, v_load(u[k].in + d->tap[t]), acc[k]);
    }
    V_NAME(store_units)(d, acc, n, u);
}

V_TARGET static void V_NAME(units_9)(const dw_band *d, const nnx_rowbuf_unit *u, size_t n)
{
    if (n == UNITS)
        V_NAME(units)(d, u, UNITS, 9);
    else
        V_NAME(units)(d, u, 1, 9);
}

V_TARGET static void V_NAME(units_any)(const dw_band *d, const nnx_rowbuf_unit *u, size_t n)
{
    if (n == UNITS)
        V_NAME(units)(d, u, UNITS, d->taps);
    else
        V_NAME(units)(d, u, 1, d->taps);
}
